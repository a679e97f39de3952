/*
 * heap.c - the device heap behind device-side malloc/free (issue 18).
 *
 * One heap per CUDA context (struct ws_heap, owned by the API layer; the
 * simulator keeps one more for launches that name none).  Its region is a
 * single device allocation of the context's CU_LIMIT_MALLOC_HEAP_SIZE,
 * made at the first malloc; blocks are handed out first-fit, 16-byte
 * aligned, from a sorted list of live blocks.  malloc returns 0 when no
 * gap is large enough, as CUDA does; the limit cannot change once the
 * region exists.  Accesses are checked against the whole region only, so
 * overrunning one block into the next is not caught.
 */
#include "../base/base.h"
#include "../../include/warpsim.h"
#include "func.h"

#include <stdlib.h>

#define HEAP_ALIGN 16 /* alignment of every block (CUDA: 16 bytes) */

struct heap_blk {
	uint64_t off;  /* offset in the region */
	uint64_t size; /* bytes, rounded up to HEAP_ALIGN */
};

struct ws_heap {
	uint64_t limit;        /* region size (CU_LIMIT_MALLOC_HEAP_SIZE) */
	addr_t base;           /* device address of the region, 0 until used */
	struct heap_blk *blk;  /* live blocks sorted by offset */
	uint32_t n, cap;       /* count, capacity of blk */
};

struct ws_heap *ws_heap_create(uint64_t limit)
{
	struct ws_heap *h = xcalloc(1, sizeof(*h));
	h->limit = limit;
	return h;
}

bool ws_heap_in_use(const struct ws_heap *h)
{
	return h && h->base;
}

int ws_heap_set_limit(struct ws_heap *h, uint64_t limit)
{
	if (!h || h->base)
		return WS_E_INVALID;
	h->limit = limit;
	return WS_OK;
}

void fheap_release(struct ws_heap *h, struct fmem *m)
{
	if (!h)
		return;
	if (h->base && m)
		fmem_free(m, h->base);
	free(h->blk);
	free(h);
}

int fheap_malloc(struct ws_heap *h, struct fmem *m, uint64_t n, addr_t *out)
{
	uint64_t sz = ALIGN_UP(n ? n : 1, HEAP_ALIGN), at = 0;
	uint32_t i;

	*out = 0;
	if (!h->base) {
		if (!h->limit || fmem_alloc(m, h->limit, &h->base)) {
			h->base = 0;
			return 0; /* no heap: malloc returns NULL */
		}
	}
	if (n > h->limit)
		return 0;
	for (i = 0; i <= h->n; i++) {
		uint64_t end = i < h->n ? h->blk[i].off : h->limit;
		if (end >= at && end - at >= sz)
			break;
		if (i < h->n)
			at = h->blk[i].off + h->blk[i].size;
	}
	if (i > h->n)
		return 0;
	if (h->n == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 64;
		h->blk = xrealloc(h->blk, h->cap * sizeof(*h->blk));
	}
	memmove(&h->blk[i + 1], &h->blk[i], (h->n - i) * sizeof(*h->blk));
	h->blk[i] = (struct heap_blk){.off = at, .size = sz};
	h->n++;
	*out = h->base + at;
	return 0;
}

int fheap_free(struct ws_heap *h, addr_t p)
{
	uint32_t lo = 0, hi = h->n;

	if (!p)
		return 0; /* free(NULL) does nothing */
	if (!h->base || p < h->base)
		return -1;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (h->blk[mid].off < p - h->base)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo >= h->n || h->blk[lo].off != p - h->base)
		return -1;
	memmove(&h->blk[lo], &h->blk[lo + 1],
		(h->n - lo - 1) * sizeof(*h->blk));
	h->n--;
	return 0;
}
