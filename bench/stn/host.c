/*
 * host.c - stn workload (Parboil stencil structure): 7-point Jacobi sweeps
 * over an nx x ny x nz float grid, blocks of 32x16 threads (the BAWS
 * paper's 16 warps per block; 2 blocks per SM there, limited by
 * registers), 2 barriers per z-plane.
 *   1. stn_sweep, one launch per sweep (host loop), grid (nx/64, ny/16).
 *   2. stn_persistent, all sweeps in one launch separated by a global
 *      barrier (atomic counter + volatile generation flag).  It needs every
 *      block resident, so its grid is at most the resident bound: SMs x
 *      min(2 = the paper's blocks per SM, what the device can hold).
 * Both start from the same input; the CPU reference repeats the sweeps
 * with the kernel's operation order (no fused multiply-add in the PTX), so
 * both results must match bit for bit.
 */
#define BENCH_NAME "stn"
#include "../common/bench.h"

#define TX 32
#define TY 16
#define TW (2 * TX)
#define PAPER_TBS_PER_SM 2

/* One Jacobi sweep, in the kernel's arithmetic order. */
static void ref_sweep(float *dst, const float *src, int nx, int ny, int nz,
		      float c0, float c1)
{
	size_t pl = (size_t)nx * ny;

	for (int k = 1; k < nz - 1; k++)
		for (int j = 1; j < ny - 1; j++)
			for (int i = 1; i < nx - 1; i++) {
				size_t x = k * pl + (size_t)j * nx + i;
				float s = src[x + pl] + src[x - pl];

				s = s + src[x + nx];
				s = s + src[x - nx];
				s = s + src[x + 1];
				s = s + src[x - 1];
				dst[x] = s * c1 - src[x] * c0;
			}
}

/* Device attribute `at` of device 0. */
int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	bench_open(&k, &a, argc, argv);

	int nx = a.paper ? 512 : 128, ny = a.paper ? 512 : 256;
	int nz = a.paper ? 64 : 12;
	int sweeps1 = 2, sweeps2 = a.paper ? 4 : 3;
	float c0 = 1.0f / 6.0f, c1 = 1.0f / 6.0f / 6.0f;
	size_t n = (size_t)nx * ny * nz, bytes = n * sizeof(float);
	float *in = kh_zalloc(bytes), *out = kh_zalloc(bytes);
	float *r0 = kh_zalloc(bytes), *r1 = kh_zalloc(bytes);
	struct kh_rng r = bench_rng(&a, 1);

	for (size_t i = 0; i < n; i++)
		in[i] = kh_unif(&r, 0.0f, 1.0f);
	unsigned gx = (unsigned)(nx / TW), gy = (unsigned)(ny / TY);
	unsigned ntiles = gx * gy;

	/* 1: one launch per sweep. */
	CUdeviceptr d0 = kh_alloc(bytes, in), d1 = kh_alloc(bytes, in);
	for (int s = 0; s < sweeps1; s++) {
		CUdeviceptr src = (s & 1) ? d1 : d0, dst = (s & 1) ? d0 : d1;
		void *p[] = {&dst, &src, &nx, &ny, &nz, &c0, &c1};

		kh_launch(&k, "stn_sweep", gx, gy, 1, TX, TY, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, (sweeps1 & 1) ? d1 : d0, bytes));
	memcpy(r0, in, bytes);
	memcpy(r1, in, bytes);
	for (int s = 0; s < sweeps1; s++)
		ref_sweep((s & 1) ? r0 : r1, (s & 1) ? r1 : r0, nx, ny, nz, c0,
			  c1);
	const float *e1 = (sweeps1 & 1) ? r1 : r0;
	for (size_t i = 0; i < n; i++)
		if (memcmp(&out[i], &e1[i], sizeof(float)))
			kh_fail("stn_sweep: point %zu: got %.9g, expected "
				"%.9g", i, (double)out[i], (double)e1[i]);
	uint64_t h = kh_fnv(KH_FNV_INIT, out, bytes);

	/* 2: all sweeps in one launch with a global barrier. */
	unsigned pgrid = ntiles / 2;
	unsigned bound = bench_resident_blocks(&k, "stn_persistent", TX * TY, PAPER_TBS_PER_SM);
	if (pgrid > bound)
		pgrid = bound;
	CUdeviceptr sync = kh_alloc(2 * sizeof(unsigned), NULL);
	CUdeviceptr cnt = sync, gen = sync + sizeof(unsigned);
	CK(cuMemsetD8(sync, 0, 2 * sizeof(unsigned)));
	CK(cuMemcpyHtoD(d0, in, bytes));
	CK(cuMemcpyHtoD(d1, in, bytes));
	{
		void *p[] = {&d0, &d1, &nx, &ny, &nz, &c0, &c1, &sweeps2,
			     &cnt, &gen};

		kh_launch(&k, "stn_persistent", pgrid, 1, 1, TX, TY, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	unsigned hs[2];
	CK(cuMemcpyDtoH(out, (sweeps2 & 1) ? d1 : d0, bytes));
	CK(cuMemcpyDtoH(hs, sync, sizeof(hs)));
	memcpy(r0, in, bytes);
	memcpy(r1, in, bytes);
	for (int s = 0; s < sweeps2; s++)
		ref_sweep((s & 1) ? r0 : r1, (s & 1) ? r1 : r0, nx, ny, nz, c0,
			  c1);
	const float *e2 = (sweeps2 & 1) ? r1 : r0;
	for (size_t i = 0; i < n; i++)
		if (memcmp(&out[i], &e2[i], sizeof(float)))
			kh_fail("stn_persistent: point %zu: got %.9g, "
				"expected %.9g", i, (double)out[i],
				(double)e2[i]);
	if (hs[0] != 0 || hs[1] != (unsigned)sweeps2)
		kh_fail("global barrier: counter %u generation %u, expected "
			"0 and %d", hs[0], hs[1], sweeps2);
	h = kh_fnv(h, out, bytes);
	double sum = 0.0;
	for (size_t i = 0; i < n; i++)
		sum += (double)out[i];

	CK(cuMemFree(d0));
	CK(cuMemFree(d1));
	CK(cuMemFree(sync));
	kh_close(&k);
	free(in);
	free(out);
	free(r0);
	free(r1);
	bench_pass(&a, "grid=%dx%dx%d tiles=%u sweeps=%d+%d persistent_grid=%u "
		   "sum=%.4f crc=%016llx", nx, ny, nz, ntiles, sweeps1, sweeps2,
		   pgrid, sum, (unsigned long long)h);
	return 0;
}
