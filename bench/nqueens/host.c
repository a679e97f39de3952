/*
 * host.c - nqueens workload (DWR "NQU"): the host places the first rows
 * of an n x n board in every legal way, shuffles these prefixes with the
 * seeded generator and gives one to each thread (96-thread blocks, as the
 * ISPASS N-Queen); the kernel backtracks the rest with a local-memory
 * stack and reduces per block.  Checked exactly: every block sum against
 * a CPU backtracking of the same prefixes, and the total against the
 * known number of solutions for n.
 *
 *   small: n = 12, 5 rows placed: 16852 prefixes, 176 blocks x 96
 *   paper: n = 13, 5 rows placed (the DWR run used 256 blocks x 96)
 */
#define BENCH_NAME "nqueens"
#include "../common/bench.h"

#define NQ_BLOCK 96

/* Known solution counts for n = 0..16 (OEIS A000170). */
static const unsigned long long nq_known[17] = {
	1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
	2279184, 14772512};

struct nq_pre {
	unsigned *m;      /* 3 masks per prefix */
	int count;        /* prefixes stored */
	int cap;          /* capacity in prefixes */
};

/* Every legal placement of the first `left` rows, in column order. */
static void nq_enum(struct nq_pre *p, unsigned full, int left, unsigned c,
		    unsigned l, unsigned r)
{
	unsigned cand;

	if (left == 0) {
		if (p->count == p->cap) {
			p->cap = p->cap ? 2 * p->cap : 1024;
			p->m = realloc(p->m, (size_t)p->cap * 3 *
				       sizeof(unsigned));
			if (!p->m)
				kh_fail("out of host memory");
		}
		p->m[3 * p->count] = c;
		p->m[3 * p->count + 1] = l;
		p->m[3 * p->count + 2] = r;
		p->count++;
		return;
	}
	cand = full & ~(c | l | r);
	while (cand) {
		unsigned bit = cand & (0u - cand);

		cand ^= bit;
		nq_enum(p, full, left - 1, c | bit, ((l | bit) << 1) & full,
			(r | bit) >> 1);
	}
}

/* Solutions below a partial board with `left` rows to fill. */
static unsigned nq_count(unsigned full, int left, unsigned c, unsigned l,
			 unsigned r)
{
	unsigned cand = full & ~(c | l | r), s = 0;

	if (left == 0)
		return 1;
	while (cand) {
		unsigned bit = cand & (0u - cand);

		cand ^= bit;
		s += nq_count(full, left - 1, c | bit,
			      ((l | bit) << 1) & full, (r | bit) >> 1);
	}
	return s;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct nq_pre p = {NULL, 0, 0};
	struct kh_rng r;
	int n, depth, rows, blocks, npre;
	unsigned full, *got, *want;
	unsigned long long total = 0;
	CUdeviceptr d_pre, d_sum;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	n = a.paper ? 13 : 12;
	depth = 5;
	rows = n - depth;
	full = (1u << n) - 1u;
	nq_enum(&p, full, depth, 0, 0, 0);
	npre = p.count;
	r = bench_rng(&a, 21);
	for (int i = npre - 1; i > 0; i--) {
		int j = kh_range(&r, 0, i);

		for (int w = 0; w < 3; w++) {
			unsigned x = p.m[3 * i + w];

			p.m[3 * i + w] = p.m[3 * j + w];
			p.m[3 * j + w] = x;
		}
	}
	blocks = (npre + NQ_BLOCK - 1) / NQ_BLOCK;

	d_pre = kh_alloc((size_t)npre * 3 * sizeof(unsigned), p.m);
	d_sum = kh_alloc((size_t)blocks * sizeof(unsigned), NULL);
	{
		void *pa[] = {&d_pre, &npre, &n, &rows, &d_sum};

		kh_launch(&k, "nqueens_solve", (unsigned)blocks, 1, 1,
			  NQ_BLOCK, 1, 1, 0, pa);
	}
	CK(cuCtxSynchronize());
	got = kh_zalloc((size_t)blocks * sizeof(unsigned));
	want = kh_zalloc((size_t)blocks * sizeof(unsigned));
	CK(cuMemcpyDtoH(got, d_sum, (size_t)blocks * sizeof(unsigned)));
	for (int i = 0; i < npre; i++)
		want[i / NQ_BLOCK] += nq_count(full, rows, p.m[3 * i],
					       p.m[3 * i + 1], p.m[3 * i + 2]);
	for (int b = 0; b < blocks; b++) {
		if (got[b] != want[b])
			kh_fail("block %d: %u solutions, expected %u", b,
				got[b], want[b]);
		total += got[b];
	}
	if (total != nq_known[n])
		kh_fail("%llu solutions for n=%d, known %llu", total, n,
			nq_known[n]);
	h = kh_fnv(KH_FNV_INIT, got, (size_t)blocks * sizeof(unsigned));
	CK(cuMemFree(d_pre));
	CK(cuMemFree(d_sum));
	kh_close(&k);
	bench_pass(&a, "n=%d prefix_rows=%d prefixes=%d blocks=%d "
		   "solutions=%llu crc=%016llx", n, depth, npre, blocks, total,
		   (unsigned long long)h);
	free(p.m);
	free(got);
	free(want);
	return 0;
}
