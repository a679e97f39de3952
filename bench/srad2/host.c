/*
 * host.c - srad2: Rodinia srad_v2-style diffusion.  Generates a speckled
 * image J (positive, 1..e), then per iteration computes q0sqr from a
 * region of interest of the current J (copied back, as the original does)
 * and launches srad_cuda_1 and srad_cuda_2.  A CPU reference runs the same
 * float algorithm with border clamping; J and the last coefficients C must
 * agree within a tight relative tolerance (the device may contract
 * multiply-adds, the host does not).
 */
#define BENCH_NAME "srad2"
#include "../common/bench.h"
#include <math.h>

#define BS 16u        /* block edge */
#define LAMBDA 0.5f   /* diffusion step */
#define ROI 128u      /* region of interest: rows and columns 0..ROI-1 */

/* q0sqr = var / mean^2 over the region of interest (double sums). */
static float srad_q0sqr(const float *j, unsigned cols)
{
	double sum = 0.0, sum2 = 0.0, mean, var;
	unsigned r, c, sz = ROI * ROI;

	for (r = 0; r < ROI; r++)
		for (c = 0; c < ROI; c++) {
			double v = j[(size_t)r * cols + c];

			sum += v;
			sum2 += v * v;
		}
	mean = sum / sz;
	var = sum2 / sz - mean * mean;
	return (float)(var / (mean * mean));
}

/* One iteration of the reference: coefficients into c, then J update. */
static void srad_ref_iter(float *j, float *c, float *dn, float *ds, float *dw,
			  float *de, unsigned rows, unsigned cols, float q0)
{
	unsigned r, x;

	for (r = 0; r < rows; r++)
		for (x = 0; x < cols; x++) {
			size_t i = (size_t)r * cols + x;
			float jc = j[i];
			float n = j[(size_t)(r ? r - 1 : 0) * cols + x] - jc;
			float s = j[(size_t)(r + 1 < rows ? r + 1 : r) * cols +
				    x] - jc;
			float w = j[(size_t)r * cols + (x ? x - 1 : 0)] - jc;
			float e = j[(size_t)r * cols +
				    (x + 1 < cols ? x + 1 : x)] - jc;
			float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
			float l = (n + s + w + e) / jc;
			float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
			float den = 1.0f + 0.25f * l;
			float qsqr = num / (den * den), cc;

			den = (qsqr - q0) / (q0 * (1.0f + q0));
			cc = 1.0f / (1.0f + den);
			c[i] = cc < 0.0f ? 0.0f : cc > 1.0f ? 1.0f : cc;
			dn[i] = n;
			ds[i] = s;
			dw[i] = w;
			de[i] = e;
		}
	for (r = 0; r < rows; r++)
		for (x = 0; x < cols; x++) {
			size_t i = (size_t)r * cols + x;
			float cc = c[i];
			float cs = c[(size_t)(r + 1 < rows ? r + 1 : r) * cols +
				     x];
			float ce = c[(size_t)r * cols +
				     (x + 1 < cols ? x + 1 : x)];
			float d = cc * dn[i] + cs * ds[i] + cc * dw[i] +
				  ce * de[i];

			j[i] = j[i] + 0.25f * LAMBDA * d;
		}
}

/* FAIL unless got and want agree within a relative tolerance. */
static void srad_compare(const char *what, const float *got,
			 const float *want, size_t n, float tol,
			 double *maxrel)
{
	size_t i;

	for (i = 0; i < n; i++) {
		double d = fabs((double)got[i] - (double)want[i]);
		double rel = d / (fabs((double)want[i]) + 1e-3);

		if (!(rel <= tol))
			kh_fail("%s[%zu]: %.9g, expected %.9g", what, i,
				(double)got[i], (double)want[i]);
		if (rel > *maxrel)
			*maxrel = rel;
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	CUdeviceptr d_j, d_c, d_e, d_w, d_n, d_s;
	unsigned rows, cols, iters, it;
	int irows, icols;
	size_t np, i;
	float *j, *c, *rj, *rc, *tn, *ts, *tw, *te, lambda = LAMBDA;
	double maxrel = 0.0;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	rows = a.paper ? 2048u : 128u;
	cols = a.paper ? 2048u : 192u;
	iters = a.paper ? 2u : 3u;
	irows = (int)rows;
	icols = (int)cols;
	np = (size_t)rows * cols;
	j = kh_zalloc(np * 4);
	c = kh_zalloc(np * 4);
	rj = kh_zalloc(np * 4);
	rc = kh_zalloc(np * 4);
	tn = kh_zalloc(np * 4);
	ts = kh_zalloc(np * 4);
	tw = kh_zalloc(np * 4);
	te = kh_zalloc(np * 4);
	r = bench_rng(&a, 5);
	/* A smooth ramp with multiplicative speckle, in [1, e). */
	for (i = 0; i < np; i++) {
		float base = 1.2f + 0.8f * (float)(i % cols) / (float)cols;

		j[i] = base * kh_unif(&r, 0.85f, 1.15f);
		rj[i] = j[i];
	}

	d_j = kh_alloc(np * 4, j);
	d_c = kh_alloc(np * 4, NULL);
	d_e = kh_alloc(np * 4, NULL);
	d_w = kh_alloc(np * 4, NULL);
	d_n = kh_alloc(np * 4, NULL);
	d_s = kh_alloc(np * 4, NULL);
	for (it = 0; it < iters; it++) {
		float q0, rq0;

		CK(cuMemcpyDtoH(j, d_j, np * 4));
		q0 = srad_q0sqr(j, cols);
		rq0 = srad_q0sqr(rj, cols);
		{
			void *p1[] = {&d_e, &d_w, &d_n, &d_s, &d_j, &d_c,
				      &icols, &irows, &q0};
			void *p2[] = {&d_e, &d_w, &d_n, &d_s, &d_j, &d_c,
				      &icols, &irows, &lambda};

			kh_launch(&k, "srad_cuda_1", cols / BS, rows / BS, 1,
				  BS, BS, 1, 0, p1);
			kh_launch(&k, "srad_cuda_2", cols / BS, rows / BS, 1,
				  BS, BS, 1, 0, p2);
		}
		srad_ref_iter(rj, rc, tn, ts, tw, te, rows, cols, rq0);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(j, d_j, np * 4));
	CK(cuMemcpyDtoH(c, d_c, np * 4));
	srad_compare("J", j, rj, np, 1e-4f, &maxrel);
	srad_compare("C", c, rc, np, 1e-3f, &maxrel);
	/* The image must actually have changed. */
	{
		struct kh_rng r0 = bench_rng(&a, 5);
		size_t moved = 0;

		for (i = 0; i < np; i++) {
			float base = 1.2f + 0.8f * (float)(i % cols) /
					    (float)cols;

			moved += j[i] != base * kh_unif(&r0, 0.85f, 1.15f);
		}
		if (moved < np / 2)
			kh_fail("only %zu of %zu pixels changed", moved, np);
	}
	h = kh_fnv(KH_FNV_INIT, j, np * 4);
	h = kh_fnv(h, c, np * 4);

	CK(cuMemFree(d_j));
	CK(cuMemFree(d_c));
	CK(cuMemFree(d_e));
	CK(cuMemFree(d_w));
	CK(cuMemFree(d_n));
	CK(cuMemFree(d_s));
	kh_close(&k);
	bench_pass(&a, "image=%ux%u blocks=%ux%u iters=%u maxrel=%.1e "
		   "crc=%016llx", rows, cols, cols / BS, rows / BS, iters,
		   maxrel, (unsigned long long)h);
	free(j);
	free(c);
	free(rj);
	free(rc);
	free(tn);
	free(ts);
	free(tw);
	free(te);
	return 0;
}
