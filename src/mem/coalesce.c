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
 * The transactions built so far: out[0..n), the one the last lane matched
 * (consecutive lanes nearly always fall into the same segment) and the
 * lowest and highest segment base among them.  A segment outside
 * [lo, hi] is new without a search, so a warp whose lanes walk the
 * addresses in either direction (strided or not) costs O(1) per lane.
 */
struct txn_set {
	struct mem_txn *out; /* transactions, in first-touch order */
	unsigned n;          /* transactions so far */
	unsigned hint;       /* index of the last match */
	addr_t lo, hi;       /* lowest and highest segment base (n > 0) */
};

/* Index of the transaction for segment base s, appending a new one if
 * none exists. */
static unsigned txn_find(struct txn_set *t, addr_t s, unsigned seg)
{
	if (t->n && t->out[t->hint].addr == s)
		return t->hint;
	if (t->n && s >= t->lo && s <= t->hi) {
		for (unsigned i = 0; i < t->n; i++)
			if (t->out[i].addr == s)
				return t->hint = i;
	}
	if (!t->n || s < t->lo)
		t->lo = s;
	if (!t->n || s > t->hi)
		t->hi = s;
	t->out[t->n].addr = s;
	t->out[t->n].size = seg;
	t->out[t->n].lanes = 0;
	t->hint = t->n;
	return t->n++;
}

unsigned mem_coalesce(const addr_t *lane_addr, lanemask_t active,
		      unsigned access_bytes, unsigned max_seg,
		      struct mem_txn *out)
{
	unsigned seg = mem_coalesce_seg(access_bytes, max_seg);
	addr_t base_mask = ~(addr_t)(seg - 1);
	struct txn_set t = {.out = out};
	unsigned l;
	/* lanes that fall wholly in the last matched segment (hs, of
	 * transaction t.hint) gather in acc, added to it when it changes */
	addr_t hs = 1; /* no segment base (bases are multiples of seg) */
	lanemask_t acc = 0;

	SIM_ASSERT(access_bytes >= 1 && access_bytes <= 16);
	FOR_LANES(l, active) {
		addr_t a = lane_addr[l];
		addr_t first = a & base_mask;
		addr_t last = (a + access_bytes - 1) & base_mask;

		if (first == hs && last == hs) {
			acc |= (lanemask_t)1 << l;
			continue;
		}
		if (acc)
			out[t.hint].lanes |= acc;
		acc = 0;
		for (addr_t s = first;; s += seg) {
			unsigned i = txn_find(&t, s, seg);

			out[i].lanes |= (lanemask_t)1 << l;
			if (s == last)
				break;
		}
		hs = out[t.hint].addr;
	}
	if (acc)
		out[t.hint].lanes |= acc;
	return t.n;
}

#define SHMEM_MAX_BANKS 256
#define SHMEM_MAX_WORDS (WS_MAX_WARP * 16)
#define SHMEM_NONE 0xffffu /* end of a bank's chain */

unsigned mem_shmem_cycles(const addr_t *lane_addr, lanemask_t active,
			  unsigned access_bytes, unsigned n_banks,
			  unsigned bank_bytes)
{
	uint64_t words[SHMEM_MAX_WORDS];
	uint16_t per_bank[SHMEM_MAX_BANKS];
	uint16_t head[SHMEM_MAX_BANKS];    /* first word of each bank's chain */
	uint16_t next[SHMEM_MAX_WORDS];    /* next word of the same bank */
	unsigned n = 0, worst = 0, l;
	/* the common case on the way: every lane one word, each in a bank
	 * of its own (so no bank has two distinct words): one cycle */
	uint64_t seen = 0;
	bool one = n_banks <= 64;

	SIM_ASSERT(n_banks >= 1 && n_banks <= SHMEM_MAX_BANKS);
	SIM_ASSERT(bank_bytes >= 1 && access_bytes >= 1 && access_bytes <= 16);
	FOR_LANES(l, active) {
		uint64_t w0 = lane_addr[l] / bank_bytes;
		uint64_t w1 = (lane_addr[l] + access_bytes - 1) / bank_bytes;

		if (one) {
			uint64_t b = (uint64_t)1 << (w0 % n_banks);

			one = w0 == w1 && !(seen & b);
			seen |= b;
		}
		for (uint64_t w = w0; w <= w1 && n < SHMEM_MAX_WORDS; w++)
			words[n++] = w;
	}
	if (!n)
		return 0;
	if (one)
		return 1;
	/* distinct words per bank: each bank's words so far in a chain
	 * (head, next), a word already there is a broadcast */
	memset(per_bank, 0, sizeof(per_bank[0]) * n_banks);
	memset(head, 0xff, sizeof(head[0]) * n_banks);
	for (unsigned i = 0; i < n; i++) {
		unsigned b = (unsigned)(words[i] % n_banks), j;

		for (j = head[b]; j != SHMEM_NONE; j = next[j])
			if (words[j] == words[i])
				break;
		if (j != SHMEM_NONE)
			continue; /* same word: broadcast */
		next[i] = head[b];
		head[b] = (uint16_t)i;
		if (++per_bank[b] > worst)
			worst = per_bank[b];
	}
	return worst;
}
