/*
 * host.c - lud workload (Rodinia lud): blocked LU decomposition without
 * pivoting of a seeded diagonally dominant dim x dim matrix.  The host
 * loops over the diagonal in 16-wide steps (diagonal, perimeter and
 * internal kernels per step, then a last diagonal), exactly as Rodinia.
 * Check: every element of the packed L\U result against a double-precision
 * unblocked Doolittle reference, with a tight relative tolerance (float
 * summation order differs), plus the reconstruction residual of L*U.
 */
#define BENCH_NAME "lud"
#include "../common/bench.h"

#include <math.h>

#define BS 16

/* Unblocked Doolittle LU in double, packed L\U (unit diagonal of L). */
static void ref_lud(double *a, int n)
{
	for (int k = 0; k < n; k++) {
		for (int i = k + 1; i < n; i++) {
			a[i * n + k] /= a[k * n + k];
			for (int j = k + 1; j < n; j++)
				a[i * n + j] -= a[i * n + k] * a[k * n + j];
		}
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int dim, nb, launches = 0;
	float *m, *got;
	double *ref, maxerr = 0.0, maxres = 0.0;
	CUdeviceptr d_m;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	dim = a.paper ? 2048 : 192;
	nb = dim / BS;
	r = bench_rng(&a, 0x1d);
	m = kh_zalloc((size_t)dim * dim * sizeof(*m));
	got = kh_zalloc((size_t)dim * dim * sizeof(*got));
	ref = kh_zalloc((size_t)dim * dim * sizeof(*ref));
	for (int i = 0; i < dim; i++) {
		for (int j = 0; j < dim; j++)
			m[i * dim + j] = kh_unif(&r, -1.0f, 1.0f);
		m[i * dim + i] = kh_unif(&r, 0.5f * (float)dim,
					 0.75f * (float)dim);
	}
	for (int i = 0; i < dim * dim; i++)
		ref[i] = m[i];

	d_m = kh_alloc((size_t)dim * dim * sizeof(*m), m);
	for (int off = 0; off < dim - BS; off += BS) {
		int rest = (dim - off) / BS - 1;
		void *p[] = {&d_m, &dim, &off};

		kh_launch(&k, "lud_diagonal", 1, 1, 1, BS, 1, 1, 0, p);
		kh_launch(&k, "lud_perimeter", (unsigned)rest, 1, 1, 2 * BS,
			  1, 1, 0, p);
		kh_launch(&k, "lud_internal", (unsigned)rest, (unsigned)rest,
			  1, BS, BS, 1, 0, p);
		launches += 3;
	}
	{
		int off = dim - BS;
		void *p[] = {&d_m, &dim, &off};

		kh_launch(&k, "lud_diagonal", 1, 1, 1, BS, 1, 1, 0, p);
		launches++;
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(got, d_m, (size_t)dim * dim * sizeof(*got)));

	ref_lud(ref, dim);
	for (int i = 0; i < dim; i++) {
		for (int j = 0; j < dim; j++) {
			double e = ref[i * dim + j], g = got[i * dim + j];
			double err = fabs(g - e) / (fabs(e) + 1e-3);

			if (!(err <= 2e-4))
				kh_fail("LU[%d][%d] = %.9g, expected %.9g", i,
					j, g, e);
			if (err > maxerr)
				maxerr = err;
		}
	}
	/* Residual of L*U against A on a sample of rows (all at small). */
	for (int i = 0; i < dim; i += a.paper ? 37 : 1) {
		for (int j = 0; j < dim; j++) {
			double s = 0.0, res;
			int kk, lim = i < j ? i : j;

			for (kk = 0; kk <= lim; kk++) {
				double l = kk == i ? 1.0 : got[i * dim + kk];

				s += l * got[kk * dim + j];
			}
			res = fabs(s - m[i * dim + j]) / (double)dim;
			if (!(res <= 1e-4))
				kh_fail("residual (L*U-A)[%d][%d] = %.3g", i, j,
					res * dim);
			if (res > maxres)
				maxres = res;
		}
	}
	h = kh_fnv(KH_FNV_INIT, got, (size_t)dim * dim * sizeof(*got));
	CK(cuMemFree(d_m));
	kh_close(&k);
	bench_pass(&a, "dim=%d steps=%d launches=%d maxrel=%.2e crc=%016llx",
		   dim, nb, launches, maxerr, (unsigned long long)h);
	free(m);
	free(got);
	free(ref);
	return 0;
}
