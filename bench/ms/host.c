/*
 * host.c - ms workload (CUDA SDK mergeSort structure): a stable sort of N
 * (key, value) pairs.  ms_shared sorts 1024-pair tiles in shared memory
 * (blocks of 256 threads = the BAWS paper's 8 warps per block; 8 KB of
 * shared memory, so 6 blocks per SM; 10 merge stages, 2 barriers each),
 * then ceil(log2(N / 1024)) launches of ms_merge (4 pairs per thread,
 * binary search plus forward scan for ranks, no barriers) merge the tiles
 * into one sorted run.  Keys repeat (drawn from N/4 values) and values are
 * the original indices, so the exact expected output is the stable sort,
 * checked pair by pair.
 */
#define BENCH_NAME "ms"
#include "../common/bench.h"

#define SHARED_N 1024u
#define BLOCK 256u
#define MERGE_PT 4u     /* pairs per ms_merge thread */

struct pair {
	unsigned key;   /* sort key */
	unsigned val;   /* original index (tie-breaker of a stable sort) */
};

static int pair_cmp(const void *x, const void *y)
{
	const struct pair *p = x, *q = y;

	if (p->key != q->key)
		return p->key < q->key ? -1 : 1;
	return p->val < q->val ? -1 : (p->val > q->val);
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	bench_open(&k, &a, argc, argv);

	unsigned tiles = a.paper ? 1024u : 96u;
	unsigned n = tiles * SHARED_N;
	size_t bytes = (size_t)n * sizeof(unsigned);
	unsigned *hk = kh_zalloc(bytes), *hv = kh_zalloc(bytes);
	struct pair *ref = kh_zalloc((size_t)n * sizeof(*ref));
	struct kh_rng r = bench_rng(&a, 1);

	for (unsigned i = 0; i < n; i++) {
		hk[i] = kh_rand(&r) % (n / 4);
		hv[i] = i;
		ref[i].key = hk[i];
		ref[i].val = i;
	}
	CUdeviceptr k0 = kh_alloc(bytes, hk), v0 = kh_alloc(bytes, hv);
	CUdeviceptr k1 = kh_alloc(bytes, NULL), v1 = kh_alloc(bytes, NULL);
	unsigned launches = 0;
	{
		void *p[] = {&k1, &v1, &k0, &v0};

		kh_launch(&k, "ms_shared", tiles, 1, 1, BLOCK, 1, 1, 0, p);
		launches++;
	}
	/* Sorted tiles are in (k1, v1); merge levels ping-pong. */
	CUdeviceptr sk = k1, sv = v1, dk = k0, dv = v0;
	for (unsigned run = SHARED_N; run < n; run *= 2) {
		void *p[] = {&dk, &dv, &sk, &sv, &n, &run};
		CUdeviceptr t;

		kh_launch(&k, "ms_merge", (n / MERGE_PT + BLOCK - 1) / BLOCK,
			  1, 1, BLOCK, 1, 1, 0, p);
		launches++;
		t = sk, sk = dk, dk = t;
		t = sv, sv = dv, dv = t;
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(hk, sk, bytes));
	CK(cuMemcpyDtoH(hv, sv, bytes));

	qsort(ref, n, sizeof(*ref), pair_cmp);
	for (unsigned i = 0; i < n; i++)
		if (hk[i] != ref[i].key || hv[i] != ref[i].val)
			kh_fail("pair %u: got (%u, %u), expected (%u, %u)", i,
				hk[i], hv[i], ref[i].key, ref[i].val);
	uint64_t h = kh_fnv(KH_FNV_INIT, hk, bytes);
	h = kh_fnv(h, hv, bytes);

	CK(cuMemFree(k0));
	CK(cuMemFree(v0));
	CK(cuMemFree(k1));
	CK(cuMemFree(v1));
	kh_close(&k);
	free(hk);
	free(hv);
	free(ref);
	bench_pass(&a, "pairs=%u tiles=%u launches=%u crc=%016llx", n, tiles,
		   launches, (unsigned long long)h);
	return 0;
}
