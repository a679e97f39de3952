/*
 * coalesce.c - per-instruction address analysis for the LD/ST unit.
 *
 * The coalescer follows Fermi (GPGPU-Sim coalescing arch 20): the whole
 * warp is one group and each distinct segment it touches becomes one
 * transaction; the segment size depends on the access width and on whether
 * the L1 caches the access.  The shared-memory model counts, per bank, the
 * distinct words the warp touches; one word read by many lanes is a
 * broadcast, so the busiest bank's distinct-word count is the number of
 * cycles the access needs.
 */
#include "../base/base.h"
#include "mem.h"

unsigned mem_coalesce_seg(unsigned access_bytes, unsigned max_seg)
{
	unsigned seg = access_bytes <= 1 ? 32 : access_bytes == 2 ? 64 : 128;

	return seg < max_seg ? seg : max_seg;
}

/*
 * Index of the transaction for segment base s in out[0..n), appending a
 * new one if none exists.  *hint remembers the last match: consecutive
 * lanes nearly always fall into the same segment.
 */
static unsigned txn_find(struct mem_txn *out, unsigned *n, unsigned *hint,
			 addr_t s, unsigned seg)
{
	if (*n && out[*hint].addr == s)
		return *hint;
	for (unsigned i = 0; i < *n; i++)
		if (out[i].addr == s)
			return *hint = i;
	out[*n].addr = s;
	out[*n].size = seg;
	out[*n].lanes = 0;
	*hint = *n;
	return (*n)++;
}

unsigned mem_coalesce(const addr_t *lane_addr, lanemask_t active,
		      unsigned access_bytes, unsigned max_seg,
		      struct mem_txn *out)
{
	unsigned seg = mem_coalesce_seg(access_bytes, max_seg);
	unsigned n = 0, hint = 0, l;

	SIM_ASSERT(access_bytes >= 1 && access_bytes <= 16);
	FOR_LANES(l, active) {
		addr_t a = lane_addr[l];
		addr_t first = a & ~(addr_t)(seg - 1);
		addr_t last = (a + access_bytes - 1) & ~(addr_t)(seg - 1);

		for (addr_t s = first;; s += seg) {
			unsigned i = txn_find(out, &n, &hint, s, seg);

			out[i].lanes |= (lanemask_t)1 << l;
			if (s == last)
				break;
		}
	}
	return n;
}

/* Insertion sort: lane addresses are usually already ascending. */
static void sort_u64(uint64_t *v, unsigned n)
{
	for (unsigned i = 1; i < n; i++) {
		uint64_t x = v[i];
		unsigned j = i;

		while (j > 0 && v[j - 1] > x) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

#define SHMEM_MAX_BANKS 256
#define SHMEM_MAX_WORDS (WS_MAX_WARP * 16)

unsigned mem_shmem_cycles(const addr_t *lane_addr, lanemask_t active,
			  unsigned access_bytes, unsigned n_banks,
			  unsigned bank_bytes)
{
	uint64_t words[SHMEM_MAX_WORDS];
	uint16_t per_bank[SHMEM_MAX_BANKS];
	unsigned n = 0, worst = 0, l;

	SIM_ASSERT(n_banks >= 1 && n_banks <= SHMEM_MAX_BANKS);
	SIM_ASSERT(bank_bytes >= 1 && access_bytes >= 1 && access_bytes <= 16);
	FOR_LANES(l, active) {
		uint64_t w0 = lane_addr[l] / bank_bytes;
		uint64_t w1 = (lane_addr[l] + access_bytes - 1) / bank_bytes;

		for (uint64_t w = w0; w <= w1 && n < SHMEM_MAX_WORDS; w++)
			words[n++] = w;
	}
	if (!n)
		return 0;
	sort_u64(words, n);
	memset(per_bank, 0, sizeof(per_bank[0]) * n_banks);
	for (unsigned i = 0; i < n; i++) {
		unsigned b;

		if (i && words[i] == words[i - 1])
			continue; /* same word: broadcast */
		b = (unsigned)(words[i] % n_banks);
		if (++per_bank[b] > worst)
			worst = per_bank[b];
	}
	return worst;
}
