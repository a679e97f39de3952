/*
 * host.c - lps workload (PRO set, ISPASS LPS / Giles laplace3d): repeated
 * Jacobi sweeps of the 3-D Laplace equation, 32x4 blocks marching along z,
 * ping-ponging two grids from the host.  Small: 192x240x12 grid (6x60 =
 * 360 blocks, 3 waves at 8 TBs/SM on 15 SMs), 2 sweeps; paper: 100^3
 * (4x25 = 100 blocks as in the PRO paper, partial blocks in x), 10 sweeps.
 * The CPU reference adds the six neighbours in the kernel's order, so the
 * result must match bit for bit.
 */
#define BENCH_NAME "lps"
#include "../common/bench.h"

#define BX 32
#define BY 4

/* One Jacobi sweep in the kernel's arithmetic order. */
static void lps_ref(int nx, int ny, int nz, const float *u1, float *u2)
{
	size_t plane = (size_t)nx * ny;

	for (int k = 0; k < nz; k++)
		for (int j = 0; j < ny; j++)
			for (int i = 0; i < nx; i++) {
				size_t o = i + (size_t)j * nx + k * plane;

				if (i == 0 || i == nx - 1 || j == 0 ||
				    j == ny - 1 || k == 0 || k == nz - 1)
					u2[o] = u1[o];
				else
					u2[o] = (u1[o - 1] + u1[o + 1] +
						 u1[o - nx] + u1[o + nx] +
						 u1[o - plane] + u1[o + plane]) *
						(1.0f / 6.0f);
			}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	int nx, ny, nz, iters;
	unsigned gx, gy;
	size_t n;
	float *h1, *h2, *out;
	CUdeviceptr d1, d2;
	double sum = 0.0;
	uint64_t crc;

	bench_open(&k, &a, argc, argv);
	nx = a.paper ? 100 : 192;
	ny = a.paper ? 100 : 240;
	nz = a.paper ? 100 : 12;
	iters = a.paper ? 10 : 2;
	gx = (unsigned)(nx + BX - 1) / BX;
	gy = (unsigned)(ny + BY - 1) / BY;
	n = (size_t)nx * ny * nz;
	h1 = kh_zalloc(n * sizeof(float));
	h2 = kh_zalloc(n * sizeof(float));
	out = kh_zalloc(n * sizeof(float));
	{
		struct kh_rng r = bench_rng(&a, 1);

		for (size_t i = 0; i < n; i++)
			h1[i] = kh_unif(&r, -1.0f, 1.0f);
	}
	d1 = kh_alloc(n * sizeof(float), h1);
	d2 = kh_alloc(n * sizeof(float), NULL);
	for (int it = 0; it < iters; it++) {
		void *p[] = {&nx, &ny, &nz, &d1, &d2};
		CUdeviceptr t;

		kh_launch(&k, "laplace3d", gx, gy, 1, BX, BY, 1, 0, p);
		CK(cuCtxSynchronize());
		t = d1;
		d1 = d2;
		d2 = t;
	}
	CK(cuMemcpyDtoH(out, d1, n * sizeof(float)));
	for (int it = 0; it < iters; it++) {
		float *t;

		lps_ref(nx, ny, nz, h1, h2);
		t = h1;
		h1 = h2;
		h2 = t;
	}
	for (size_t i = 0; i < n; i++) {
		if (memcmp(&out[i], &h1[i], sizeof(float)))
			kh_fail("point %zu: got %.9g, expected %.9g", i,
				(double)out[i], (double)h1[i]);
		sum += h1[i];
	}
	crc = kh_fnv(KH_FNV_INIT, out, n * sizeof(float));
	CK(cuMemFree(d1));
	CK(cuMemFree(d2));
	kh_close(&k);
	free(h1);
	free(h2);
	free(out);
	bench_pass(&a, "grid=%dx%dx%d blocks=%ux%u sweeps=%d sum=%.6f "
		   "crc=%016llx", nx, ny, nz, gx, gy, iters, sum,
		   (unsigned long long)crc);
	return 0;
}
