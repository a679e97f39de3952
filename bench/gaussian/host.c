/*
 * host.c - gaussian workload (Rodinia gaussian): forward elimination of a
 * random diagonally dominant n x n system.  For each pivot t = 0..n-2 the
 * host launches gauss_fan1 (512-thread blocks, one thread per row below
 * the pivot) and gauss_fan2 (16 x 16 blocks over the whole matrix, so the
 * active region shrinks inside a fixed grid): 2(n-1) small launches.  Back
 * substitution runs on the host, as in the original.  The CPU reference
 * repeats the elimination with the kernel's arithmetic (f32 divide, then
 * multiply and subtract, no fma in the PTX), so the eliminated matrix, the
 * multipliers and the right-hand side must match bit for bit; the solution
 * must also be close to the vector the system was built from.
 */
#define BENCH_NAME "gaussian"
#include "../common/bench.h"

#include <math.h>

#define GS_FAN1_THREADS 512 /* Fan1 block (Rodinia MAXBLOCKSIZE) */
#define GS_TILE 16          /* Fan2 block is GS_TILE x GS_TILE */

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int n;
	float *ma, *mb, *mm, *ra, *rb, *rm, *ga, *gb, *gm, *xt, *xs;
	CUdeviceptr d_a, d_b, d_m;
	unsigned g1, g2;
	double err = 0.0;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	/* small: 10 x 10 Fan2 blocks (a full wave of 6 per SM on 15 SMs). */
	n = a.paper ? 512 : 160;
	size_t nn = (size_t)n * (size_t)n;
	ma = kh_zalloc(nn * sizeof(float));
	mb = kh_zalloc((size_t)n * sizeof(float));
	mm = kh_zalloc(nn * sizeof(float));
	ra = kh_zalloc(nn * sizeof(float));
	rb = kh_zalloc((size_t)n * sizeof(float));
	rm = kh_zalloc(nn * sizeof(float));
	ga = kh_zalloc(nn * sizeof(float));
	gb = kh_zalloc((size_t)n * sizeof(float));
	gm = kh_zalloc(nn * sizeof(float));
	xt = kh_zalloc((size_t)n * sizeof(float));
	xs = kh_zalloc((size_t)n * sizeof(float));
	r = bench_rng(&a, 1);
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			ma[(size_t)i * (size_t)n + (size_t)j] =
				kh_unif(&r, -1.0f, 1.0f);
		ma[(size_t)i * (size_t)n + (size_t)i] +=
			(float)n * 0.75f + kh_unif(&r, 0.0f, 2.0f);
		xt[i] = kh_unif(&r, -1.0f, 1.0f);
	}
	for (int i = 0; i < n; i++) {
		double s = 0.0;

		for (int j = 0; j < n; j++)
			s += (double)ma[(size_t)i * (size_t)n + (size_t)j] *
			     xt[j];
		mb[i] = (float)s;
	}

	d_a = kh_alloc(nn * sizeof(float), ma);
	d_b = kh_alloc((size_t)n * sizeof(float), mb);
	d_m = kh_alloc(nn * sizeof(float), mm);
	g1 = (unsigned)((n + GS_FAN1_THREADS - 1) / GS_FAN1_THREADS);
	g2 = (unsigned)((n + GS_TILE - 1) / GS_TILE);
	for (int t = 0; t < n - 1; t++) {
		int width = n - t;
		void *p1[] = {&d_m, &d_a, &n, &t};
		void *p2[] = {&d_m, &d_a, &d_b, &n, &width, &t};

		kh_launch(&k, "gauss_fan1", g1, 1, 1, GS_FAN1_THREADS, 1, 1,
			  0, p1);
		kh_launch(&k, "gauss_fan2", g2, g2, 1, GS_TILE, GS_TILE, 1, 0,
			  p2);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(ga, d_a, nn * sizeof(float)));
	CK(cuMemcpyDtoH(gb, d_b, (size_t)n * sizeof(float)));
	CK(cuMemcpyDtoH(gm, d_m, nn * sizeof(float)));

	/* Reference elimination with the kernel's operation order. */
	memcpy(ra, ma, nn * sizeof(float));
	memcpy(rb, mb, (size_t)n * sizeof(float));
	for (int t = 0; t < n - 1; t++) {
		for (int i = t + 1; i < n; i++)
			rm[(size_t)i * (size_t)n + (size_t)t] =
				ra[(size_t)i * (size_t)n + (size_t)t] /
				ra[(size_t)t * (size_t)n + (size_t)t];
		for (int i = t + 1; i < n; i++) {
			float f = rm[(size_t)i * (size_t)n + (size_t)t];

			for (int j = t; j < n; j++)
				ra[(size_t)i * (size_t)n + (size_t)j] -=
					f * ra[(size_t)t * (size_t)n +
					       (size_t)j];
			rb[i] -= f * rb[t];
		}
	}
	for (size_t i = 0; i < nn; i++) {
		if (memcmp(&ga[i], &ra[i], sizeof(float)) != 0)
			kh_fail("a[%zu][%zu] = %.9g, expected %.9g",
				i / (size_t)n, i % (size_t)n, (double)ga[i],
				(double)ra[i]);
		if (memcmp(&gm[i], &rm[i], sizeof(float)) != 0)
			kh_fail("m[%zu][%zu] = %.9g, expected %.9g",
				i / (size_t)n, i % (size_t)n, (double)gm[i],
				(double)rm[i]);
	}
	for (int i = 0; i < n; i++)
		if (memcmp(&gb[i], &rb[i], sizeof(float)) != 0)
			kh_fail("b[%d] = %.9g, expected %.9g", i,
				(double)gb[i], (double)rb[i]);

	/* Back substitution on the host (upper triangle of the result). */
	for (int i = n - 1; i >= 0; i--) {
		float s = gb[i];

		for (int j = i + 1; j < n; j++)
			s -= ga[(size_t)i * (size_t)n + (size_t)j] * xs[j];
		xs[i] = s / ga[(size_t)i * (size_t)n + (size_t)i];
		if (fabs((double)xs[i] - xt[i]) > err)
			err = fabs((double)xs[i] - xt[i]);
	}
	if (!(err < 1e-3))
		kh_fail("solution error %g", err);
	h = kh_fnv(KH_FNV_INIT, ga, nn * sizeof(float));
	h = kh_fnv(h, gb, (size_t)n * sizeof(float));
	h = kh_fnv(h, xs, (size_t)n * sizeof(float));

	CK(cuMemFree(d_a));
	CK(cuMemFree(d_b));
	CK(cuMemFree(d_m));
	kh_close(&k);
	bench_pass(&a, "n=%d launches=%d fan1=%ux%d fan2=%ux%u/%dx%d "
		   "maxerr=%.1e crc=%016llx", n, 2 * (n - 1), g1,
		   GS_FAN1_THREADS, g2, g2, GS_TILE, GS_TILE, err,
		   (unsigned long long)h);
	free(ma);
	free(mb);
	free(mm);
	free(ra);
	free(rb);
	free(rm);
	free(ga);
	free(gb);
	free(gm);
	free(xt);
	free(xs);
	return 0;
}
