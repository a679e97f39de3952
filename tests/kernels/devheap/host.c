/*
 * host.c - device heap test (issue 18).  1. 300 threads malloc 1..7 ints
 * each and fill them; a second launch sums them through the saved
 * pointers (blocks outlive launches) and frees them; done twice (freed
 * space is reused).  2. In a second context with CU_LIMIT_MALLOC_HEAP_SIZE
 * = 64 KiB, 128 threads each ask for 1 KiB: exactly 64 get distinct,
 * 16-byte aligned, non-overlapping blocks and the rest NULL; the limit can
 * no longer change (CUDA_ERROR_INVALID_VALUE) and reads back as set.
 * 3. free() of a pointer malloc did not return fails the launch with
 * CUDA_ERROR_ILLEGAL_ADDRESS.
 */
#define KH_NAME "devheap"
#include "../khost.h"

#define N 300u
#define BLOCK 100u
#define M 128u

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	static int sums[N];
	static uint64_t ptrs[M], got[M];
	CUdeviceptr dp, ds;
	CUcontext c2;
	CUmodule m2;
	int base;
	unsigned i, bytes = 1024, n_ok = 0;
	size_t lim = 0;
	void *pf[] = {&dp, &base};
	void *pd[] = {&dp, &ds};
	void *pg[] = {&dp, &bytes};

	kh_ptx_needs(argv[1], "malloc");
	kh_open(&k, argc, argv);
	dp = kh_alloc(N * 8, NULL);
	ds = kh_alloc(sizeof(sums), NULL);
	for (int round = 0; round < 2; round++) {
		base = 1000 * (round + 1);
		kh_launch(&k, "fill", N / BLOCK, 1, 1, BLOCK, 1, 1, 0, pf);
		CK(cuCtxSynchronize());
		kh_launch(&k, "drain", N / BLOCK, 1, 1, BLOCK, 1, 1, 0, pd);
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(sums, ds, sizeof(sums)));
		for (i = 0; i < N; i++) {
			int n = 1 + (int)(i % 7), e = 0;
			for (int j = 0; j < n; j++)
				e += base + (int)i * 10 + j;
			if (sums[i] != e)
				kh_fail("round %d thread %u: sum %d, expected %d",
					round, i, sums[i], e);
		}
	}

	/* a second context with a 64 KiB heap */
#if defined(CUDA_VERSION) && CUDA_VERSION >= 13000
	CK(cuCtxCreate(&c2, NULL, 0, k.dev));
#else
	CK(cuCtxCreate(&c2, 0, k.dev));
#endif
	CK(cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 64 << 10));
	CK(cuModuleLoad(&m2, argv[1]));
	CUfunction fg, fb;
	CK(cuModuleGetFunction(&fg, m2, "grab"));
	CK(cuModuleGetFunction(&fb, m2, "bad_free"));
	dp = kh_alloc(M * 8, NULL);
	CK(cuLaunchKernel(fg, 1, 1, 1, M, 1, 1, 0, NULL, pg, NULL));
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(ptrs, dp, sizeof(ptrs)));
	for (i = 0; i < M; i++)
		if (ptrs[i]) {
			if (ptrs[i] % 16)
				kh_fail("block %u at %llx is not 16-byte aligned",
					i, (unsigned long long)ptrs[i]);
			got[n_ok++] = ptrs[i];
		}
	if (n_ok != 64)
		kh_fail("%u of %u 1 KiB requests fit a 64 KiB heap, expected 64",
			n_ok, M);
	qsort(got, n_ok, 8, cmp_u64);
	for (i = 1; i < n_ok; i++)
		if (got[i] - got[i - 1] < bytes)
			kh_fail("blocks at %llx and %llx overlap",
				(unsigned long long)got[i - 1],
				(unsigned long long)got[i]);
	if (cuCtxSetLimit(CU_LIMIT_MALLOC_HEAP_SIZE, 1 << 20) !=
	    CUDA_ERROR_INVALID_VALUE)
		kh_fail("the heap size changed after the heap was used");
	CK(cuCtxGetLimit(&lim, CU_LIMIT_MALLOC_HEAP_SIZE));
	if (lim != 64u << 10)
		kh_fail("heap limit reads %zu, expected 65536", lim);
	/* free of a pointer malloc did not return */
	void *pb[] = {&dp};
	for (i = 0; i < M && !ptrs[i]; i++)
		;
	CK(cuMemcpyHtoD(dp, &ptrs[i], 8));
	CK(cuLaunchKernel(fb, 1, 1, 1, 1, 1, 1, 0, NULL, pb, NULL));
	CUresult st = cuCtxSynchronize();
	if (st != CUDA_ERROR_ILLEGAL_ADDRESS)
		kh_fail("bad free: cuCtxSynchronize returned %s, expected "
			"CUDA_ERROR_ILLEGAL_ADDRESS", kh_err_name(st));
	printf("PASS devheap crc=%016llx\n",
	       (unsigned long long)kh_fnv(KH_FNV_INIT, sums, sizeof(sums)));
	return 0;
}
