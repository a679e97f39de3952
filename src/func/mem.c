/*
 * mem.c - device memory: allocations with host backing and guard gaps.
 *
 * Allocations are placed at increasing device addresses that are never
 * reused, each followed by an unmapped FMEM_GUARD gap, so an access just
 * past the end of a buffer or through a stale pointer is caught as an
 * illegal address instead of silently hitting a neighbour.  Lookup is a
 * one-entry cache of the last hit, then binary search.
 */
#include "../base/base.h"
#include "func.h"

#include <stdlib.h>

void fmem_init(struct fmem *m, uint64_t total)
{
	memset(m, 0, sizeof(*m));
	m->next = FMEM_GLOBAL_BASE;
	m->total = total;
}

void fmem_release(struct fmem *m)
{
	for (uint32_t i = 0; i < m->n; i++)
		free(m->v[i].data);
	free(m->v);
	memset(m, 0, sizeof(*m));
}

int fmem_alloc(struct fmem *m, uint64_t size, addr_t *out)
{
	if (size == 0 || size > m->total - m->used)
		return -1;
	uint8_t *data = calloc(1, size);
	if (!data)
		return -1;
	uint32_t n = m->n, cap = m->cap;
	VEC_PUSH(m->v, n, cap);
	m->cap = cap;
	m->v[m->n] = (struct falloc){.base = m->next, .size = size, .data = data};
	m->n = n;
	*out = m->next;
	m->next += ALIGN_UP(size, 256) + FMEM_GUARD;
	m->used += size;
	return 0;
}

/* Index of the allocation containing a, or -1; *last is the hint (the
 * index of the previous hit), updated on a hit. */
static long fmem_index(const struct fmem *m, addr_t a, uint32_t *last)
{
	if (*last < m->n) {
		const struct falloc *f = &m->v[*last];
		if (a >= f->base && a - f->base < f->size)
			return *last;
	}
	uint32_t lo = 0, hi = m->n;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (m->v[mid].base <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return -1;
	const struct falloc *f = &m->v[lo - 1];
	if (a - f->base >= f->size)
		return -1;
	*last = lo - 1;
	return lo - 1;
}

int fmem_free(struct fmem *m, addr_t base)
{
	long i = fmem_index(m, base, &m->last);
	if (i < 0 || m->v[i].base != base)
		return -1;
	free(m->v[i].data);
	m->used -= m->v[i].size;
	memmove(&m->v[i], &m->v[i + 1], (m->n - (size_t)i - 1) * sizeof(m->v[0]));
	m->n--;
	m->last = 0;
	return 0;
}

const struct falloc *fmem_find_hint(const struct fmem *m, addr_t a,
				    uint32_t *last)
{
	long i = fmem_index(m, a, last);
	return i < 0 ? NULL : &m->v[i];
}

const struct falloc *fmem_find(struct fmem *m, addr_t a)
{
	return fmem_find_hint(m, a, &m->last);
}

uint8_t *fmem_ptr_hint(const struct fmem *m, addr_t a, uint64_t n,
		       uint32_t *last)
{
	long i = fmem_index(m, a, last);
	if (i < 0)
		return NULL;
	const struct falloc *f = &m->v[i];
	if (n > f->size - (a - f->base))
		return NULL;
	return f->data + (a - f->base);
}

uint8_t *fmem_ptr(struct fmem *m, addr_t a, uint64_t n)
{
	return fmem_ptr_hint(m, a, n, &m->last);
}
