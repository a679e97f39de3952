/*
 * host.c - cp workload (PRO and DWR sets): Coulomb potential on a 2-D
 * lattice slice by direct summation over atoms in __constant__ memory,
 * 16x8-thread blocks, 8 points per thread.  Small: a 512x720 slice (4x90 =
 * 360 blocks, 3 waves at 8 TBs/SM on 15 SMs) and 48 atoms in 2 launches of
 * 24; paper: 512x512 (4x64 = 256 blocks, the PRO paper's count) and 4000
 * atoms in one launch.  The CPU reference replays the float geometry
 * (including the fused multiply-adds nvcc emits) and sums q/r in double;
 * each point must agree within a bound scaled by sum |q/r|.
 */
#define BENCH_NAME "cp"
#include "../common/bench.h"

#include <math.h>

#define BSX 16
#define BSY 8
#define UNROLLX 8
#define MAXATOMS 4000
#define SPACING 0.1f

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	unsigned gx, gy, nx, ny, natoms, per_launch, npts;
	float *atoms, *grid, gs = SPACING;
	double *ref, *mag;
	CUdeviceptr d_grid, d_atoms;
	size_t csize;
	double sum = 0.0;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	gx = 4;
	gy = a.paper ? 64 : 90;
	natoms = a.paper ? 4000 : 48;
	per_launch = a.paper ? 4000 : 24;
	nx = gx * BSX * UNROLLX;
	ny = gy * BSY;
	npts = nx * ny;
	atoms = kh_zalloc(4 * natoms * sizeof(*atoms));
	{
		struct kh_rng r = bench_rng(&a, 1);

		for (unsigned i = 0; i < natoms; i++) {
			float dz = kh_unif(&r, 0.5f, 3.0f);

			atoms[4 * i] = kh_unif(&r, 0.0f, (float)nx * gs);
			atoms[4 * i + 1] = kh_unif(&r, 0.0f, (float)ny * gs);
			atoms[4 * i + 2] = dz * dz;
			atoms[4 * i + 3] = kh_unif(&r, -1.0f, 1.0f);
		}
	}
	grid = kh_zalloc(npts * sizeof(*grid));
	d_grid = kh_alloc(npts * sizeof(*grid), grid);
	CK(cuModuleGetGlobal(&d_atoms, &csize, k.mod, "atominfo"));
	if (csize != MAXATOMS * 4 * sizeof(float))
		kh_fail("atominfo has %zu bytes", csize);
	for (unsigned first = 0; first < natoms; first += per_launch) {
		int n = (int)(natoms - first < per_launch ? natoms - first
							   : per_launch);
		void *p[] = {&n, &gs, &d_grid};

		CK(cuMemcpyHtoD(d_atoms, atoms + 4 * first,
				(size_t)n * 4 * sizeof(float)));
		kh_launch(&k, "cenergy", gx, gy, 1, BSX, BSY, 1, 0, p);
		CK(cuCtxSynchronize());
	}
	CK(cuMemcpyDtoH(grid, d_grid, npts * sizeof(*grid)));
	ref = kh_zalloc(npts * sizeof(*ref));
	mag = kh_zalloc(npts * sizeof(*mag));
	for (unsigned y = 0; y < ny; y++) {
		float cy = gs * (float)y;

		for (unsigned i = 0; i < natoms; i++) {
			const float *at = atoms + 4 * i;
			float dy = cy - at[1];
			float dyz2 = fmaf(dy, dy, at[2]);

			for (unsigned bx = 0; bx < nx; bx += BSX * UNROLLX)
				for (unsigned t = 0; t < BSX; t++) {
					float dx = gs * (float)(bx + t) - at[0];

					for (unsigned u = 0; u < UNROLLX; u++) {
						size_t o = (size_t)y * nx + bx +
							   t + u * BSX;
						double v = (double)at[3] /
							   sqrt((double)fmaf(
								   dx, dx, dyz2));

						ref[o] += v;
						mag[o] += fabs(v);
						dx += gs * BSX;
					}
				}
		}
	}
	for (unsigned i = 0; i < npts; i++) {
		double err = fabs((double)grid[i] - ref[i]);
		double tol = (4e-6 + 1.2e-7 * natoms) * mag[i];

		if (!(err <= tol))
			kh_fail("point (%u,%u): got %.9g, expected %.9g "
				"(tolerance %.3g)", i % nx, i / nx,
				(double)grid[i], ref[i], tol);
		sum += ref[i];
	}
	h = kh_fnv(KH_FNV_INIT, grid, npts * sizeof(*grid));
	CK(cuMemFree(d_grid));
	kh_close(&k);
	free(atoms);
	free(grid);
	free(ref);
	free(mag);
	bench_pass(&a, "grid=%ux%u blocks=%ux%u atoms=%u sum=%.3f "
		   "crc=%016llx", nx, ny, gx, gy, natoms, sum,
		   (unsigned long long)h);
	return 0;
}
