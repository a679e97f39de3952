/*
 * host.c - sp workload (CUDA SDK scalarProd structure): NVEC dot products
 * of NELEM-element float vectors, a grid of blocks of 512 threads (the
 * BAWS paper's 16 warps per block, 3 blocks per SM) looping over vectors,
 * with 11 barriers per vector.  The CPU reference replays the kernel's
 * summation order (fused multiply-add per strided slot, then the same tree
 * pairing), so every result must match bit for bit.
 */
#define BENCH_NAME "sp"
#include "../common/bench.h"

#include <math.h>

#define ACCUM_N 1024
#define BLOCK 512u

/* The kernel's arithmetic for vector v, in the kernel's order. */
static float ref_dot(const float *a, const float *b, int v, int nelem)
{
	static float acc[ACCUM_N];
	int base = v * nelem, end = base + nelem;

	for (int i = 0; i < ACCUM_N; i++) {
		float s = 0.0f;

		for (int p = base + i; p < end; p += ACCUM_N)
			s = fmaf(a[p], b[p], s);
		acc[i] = s;
	}
	for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1)
		for (int i = 0; i < stride; i++)
			acc[i] += acc[stride + i];
	return acc[0];
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	bench_open(&k, &a, argc, argv);

	int nvec = a.paper ? 256 : 192;
	int nelem = 4096;
	unsigned grid = a.paper ? 128u : 48u;
	size_t n = (size_t)nvec * (size_t)nelem;
	float *ha = kh_zalloc(n * sizeof(float));
	float *hb = kh_zalloc(n * sizeof(float));
	float *hc = kh_zalloc((size_t)nvec * sizeof(float));
	struct kh_rng r = bench_rng(&a, 1);

	for (size_t i = 0; i < n; i++) {
		ha[i] = kh_unif(&r, -1.0f, 1.0f);
		hb[i] = kh_unif(&r, -1.0f, 1.0f);
	}
	CUdeviceptr da = kh_alloc(n * sizeof(float), ha);
	CUdeviceptr db = kh_alloc(n * sizeof(float), hb);
	CUdeviceptr dc = kh_alloc((size_t)nvec * sizeof(float), NULL);
	void *params[] = {&dc, &da, &db, &nvec, &nelem};

	kh_launch(&k, "sp_dot", grid, 1, 1, BLOCK, 1, 1, 0, params);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(hc, dc, (size_t)nvec * sizeof(float)));

	double total = 0.0;
	for (int v = 0; v < nvec; v++) {
		float e = ref_dot(ha, hb, v, nelem);

		if (memcmp(&hc[v], &e, sizeof(e)) != 0)
			kh_fail("vector %d: got %.9g, expected %.9g", v,
				(double)hc[v], (double)e);
		total += (double)e;
	}
	uint64_t h = kh_fnv(KH_FNV_INIT, hc, (size_t)nvec * sizeof(float));

	CK(cuMemFree(da));
	CK(cuMemFree(db));
	CK(cuMemFree(dc));
	kh_close(&k);
	free(ha);
	free(hb);
	free(hc);
	bench_pass(&a, "vectors=%d elements=%d grid=%u block=%u sum=%.6f "
		   "crc=%016llx", nvec, nelem, grid, BLOCK, total,
		   (unsigned long long)h);
	return 0;
}
