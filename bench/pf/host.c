/*
 * host.c - pf workload (Rodinia particlefilter, float version): a seeded
 * video of a disk (value 228 on 100, uniform noise) moving by (+1, -2)
 * per frame, stored frame-innermost like Rodinia's I[x][y][k]; all
 * particles start at the centre.  Per frame the host launches likelihood,
 * sum, normalize_weights and find_index (512 threads per block).
 * Check, per frame, stage by stage from the GPU's own inputs to that
 * stage: the LCG seeds, u1, the pixel-index likelihoods, partial sums,
 * total, CDF, normalised weights, u and the resampled positions exactly;
 * the moved positions and expf weights (transcendentals differ from libm
 * by ulps) with a relative tolerance.  Each frame's weighted position
 * estimate must also lie within 3 pixels of the true disk centre.
 */
#define BENCH_NAME "pf"
#include "../common/bench.h"

#include <math.h>

#define PI 3.1415926535897932f
#define LIK_SCALE 0.125f
#define TPB 512

static float ref_randu(unsigned *seed)
{
	*seed = *seed * 1103515245u + 12345u;
	return (float)((*seed >> 8) + 1u) * (1.0f / 16777216.0f);
}

static float ref_randn(unsigned *seed)
{
	float u = ref_randu(seed);
	float v = ref_randu(seed);
	float c = cosf(2.0f * PI * v);
	float rt = -2.0f * logf(u);

	return sqrtf(rt) * c;
}

/* |g - e| within a relative tolerance tol (plus a tiny floor). */
static int near(float g, float e, double tol)
{
	return fabs((double)g - e) <= tol * fabs((double)e) + 1e-30;
}

static int same(float g, float e)
{
	return memcmp(&g, &e, sizeof(g)) == 0;
}

static void copy_back(void *h, CUdeviceptr d, size_t n)
{
	CK(cuMemcpyDtoH(h, d, n));
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int isx, isy, nfr, n, nb, count = 0, max_size, radius = 5;
	int objxy[2 * 81];
	unsigned char *video;
	unsigned *seed, *gseed;
	float *xj, *yj, *ax, *ay, *w, *lik, *part, *cdf, *u, *gw, *gxj, *gyj;
	float gu1, est_x = 0.0f, est_y = 0.0f;
	double maxdx = 0.0;
	size_t fb, nbytes;
	CUdeviceptr d_ax, d_ay, d_xj, d_yj, d_obj, d_ind, d_lik, d_I, d_w;
	CUdeviceptr d_seed, d_part, d_cdf, d_u1, d_u;
	uint64_t h = KH_FNV_INIT;

	bench_open(&k, &a, argc, argv);
	isx = isy = a.paper ? 128 : 64;
	nfr = a.paper ? 10 : 3;
	nb = a.paper ? 128 : 45;
	n = nb * TPB;
	max_size = isx * isy * nfr;
	nbytes = (size_t)n * sizeof(float);
	r = bench_rng(&a, 0x9f);

	/* Disk structuring element (Rodinia's strelDisk with radius 5). */
	for (int x = 0; x < 2 * radius - 1; x++) {
		for (int y = 0; y < 2 * radius - 1; y++) {
			int dx = x - radius + 1, dy = y - radius + 1;

			if (dx * dx + dy * dy < radius * radius) {
				objxy[count * 2] = dy;
				objxy[count * 2 + 1] = dx;
				count++;
			}
		}
	}
	/* The video: disk centre (isx/2 + f, isy/2 - 2f) in frame f. */
	video = kh_zalloc((size_t)max_size);
	for (int f = 0; f < nfr; f++) {
		int cx = isx / 2 + f, cy = isy / 2 - 2 * f;

		for (int x = 0; x < isx; x++) {
			for (int y = 0; y < isy; y++) {
				int dx = x - cx, dy = y - cy;
				int v = dx * dx + dy * dy < radius * radius ?
					228 : 100;

				v += kh_range(&r, -8, 8);
				video[(size_t)x * isy * nfr + (size_t)y * nfr +
				      f] = (unsigned char)v;
			}
		}
	}
	seed = kh_zalloc((size_t)(n + 1) * sizeof(*seed));
	gseed = kh_zalloc((size_t)(n + 1) * sizeof(*gseed));
	for (int i = 0; i <= n; i++)
		seed[i] = kh_rand(&r);
	xj = kh_zalloc(nbytes);
	yj = kh_zalloc(nbytes);
	ax = kh_zalloc(nbytes);
	ay = kh_zalloc(nbytes);
	w = kh_zalloc(nbytes);
	gw = kh_zalloc(nbytes);
	lik = kh_zalloc(nbytes);
	cdf = kh_zalloc(nbytes);
	u = kh_zalloc(nbytes);
	gxj = kh_zalloc(nbytes);
	gyj = kh_zalloc(nbytes);
	part = kh_zalloc((size_t)nb * sizeof(*part));
	for (int i = 0; i < n; i++) {
		xj[i] = (float)(isx / 2);
		yj[i] = (float)(isy / 2);
	}

	d_ax = kh_alloc(nbytes, NULL);
	d_ay = kh_alloc(nbytes, NULL);
	d_xj = kh_alloc(nbytes, xj);
	d_yj = kh_alloc(nbytes, yj);
	d_obj = kh_alloc((size_t)count * 2 * sizeof(int), objxy);
	d_ind = kh_alloc((size_t)n * count * sizeof(int), NULL);
	d_lik = kh_alloc(nbytes, NULL);
	d_I = kh_alloc((size_t)max_size, video);
	d_w = kh_alloc(nbytes, NULL);
	d_seed = kh_alloc((size_t)(n + 1) * sizeof(*seed), seed);
	d_part = kh_alloc((size_t)nb * sizeof(float), NULL);
	d_cdf = kh_alloc(nbytes, NULL);
	d_u1 = kh_alloc(sizeof(float), NULL);
	d_u = kh_alloc(nbytes, NULL);
	fb = nbytes;

	for (int f = 1; f < nfr; f++) {
		void *pl[] = {&d_ax, &d_ay, &d_xj, &d_yj, &d_obj, &d_ind,
			      &d_lik, &d_I, &d_w, &d_seed, &d_part, &n, &count,
			      &max_size, &f, &isy, &nfr};
		void *ps[] = {&d_part, &nb, &d_w, &d_cdf, &d_u1, &d_seed, &n};
		void *pn[] = {&d_w, &n, &d_part, &d_u1, &d_u};
		void *pfi[] = {&d_ax, &d_ay, &d_cdf, &d_u, &d_xj, &d_yj, &n};
		float sum, cu1;

		kh_launch(&k, "likelihood_kernel", (unsigned)nb, 1, 1, TPB, 1,
			  1, 0, pl);
		CK(cuCtxSynchronize());
		copy_back(ax, d_ax, fb);
		copy_back(ay, d_ay, fb);
		copy_back(lik, d_lik, fb);
		copy_back(w, d_w, fb);
		copy_back(part, d_part, (size_t)nb * sizeof(float));
		copy_back(gseed, d_seed, (size_t)(n + 1) * sizeof(*gseed));

		/* Motion: seeds exact, positions to libm tolerance. */
		for (int i = 0; i < n; i++) {
			float ex = xj[i] + 1.0f + 5.0f * ref_randn(&seed[i]);
			float ey = yj[i] - 2.0f + 2.0f * ref_randn(&seed[i]);

			if (gseed[i] != seed[i])
				kh_fail("frame %d particle %d: seed %u, "
					"expected %u", f, i, gseed[i], seed[i]);
			if (!near(ax[i], ex, 2e-5) || !near(ay[i], ey, 2e-5))
				kh_fail("frame %d particle %d at (%.9g,%.9g), "
					"expected (%.9g,%.9g)", f, i,
					(double)ax[i], (double)ay[i],
					(double)ex, (double)ey);
			if (fabs((double)ax[i] - xj[i]) > maxdx)
				maxdx = fabs((double)ax[i] - xj[i]);
		}
		/* Likelihood exactly from the GPU's positions, weights. */
		for (int i = 0; i < n; i++) {
			int rx = (int)floorf(ax[i] + 0.5f);
			int ry = (int)floorf(ay[i] + 0.5f);
			float s = 0.0f, el, ew;

			for (int y = 0; y < count; y++) {
				int id = abs((rx + objxy[y * 2 + 1]) * isy *
					     nfr + (ry + objxy[y * 2]) * nfr +
					     f);
				int v, d;

				if (id >= max_size)
					id = 0;
				v = video[id];
				d = (v - 100) * (v - 100) -
				    (v - 228) * (v - 228);
				s += (float)d / 50.0f;
			}
			el = s / (float)count;
			if (!same(lik[i], el))
				kh_fail("frame %d particle %d: likelihood "
					"%.9g, expected %.9g", f, i,
					(double)lik[i], (double)el);
			ew = (1.0f / (float)n) * expf(el * LIK_SCALE);
			if (!near(w[i], ew, 2e-6))
				kh_fail("frame %d particle %d: weight %.9g, "
					"expected %.9g", f, i, (double)w[i],
					(double)ew);
		}
		/* Block tree sums exactly from the GPU's weights. */
		for (int b = 0; b < nb; b++) {
			float buf[TPB];

			for (int t = 0; t < TPB; t++)
				buf[t] = w[b * TPB + t];
			for (int s = TPB / 2; s > 0; s >>= 1)
				for (int t = 0; t < s; t++)
					buf[t] += buf[t + s];
			if (!same(part[b], buf[0]))
				kh_fail("frame %d block %d: partial %.9g, "
					"expected %.9g", f, b, (double)part[b],
					(double)buf[0]);
		}

		kh_launch(&k, "sum_kernel", (unsigned)nb, 1, 1, TPB, 1, 1, 0,
			  ps);
		kh_launch(&k, "normalize_weights_kernel", (unsigned)nb, 1, 1,
			  TPB, 1, 1, 0, pn);
		kh_launch(&k, "find_index_kernel", (unsigned)nb, 1, 1, TPB, 1,
			  1, 0, pfi);
		CK(cuCtxSynchronize());
		sum = 0.0f;
		for (int b = 0; b < nb; b++)
			sum += part[b];
		copy_back(part, d_part, sizeof(float));
		copy_back(cdf, d_cdf, fb);
		copy_back(&gu1, d_u1, sizeof(float));
		copy_back(u, d_u, fb);
		copy_back(gw, d_w, fb);
		copy_back(gxj, d_xj, fb);
		copy_back(gyj, d_yj, fb);
		if (!same(part[0], sum))
			kh_fail("frame %d: total %.9g, expected %.9g", f,
				(double)part[0], (double)sum);
		for (int i = 0; i < n; i++) {
			float e = w[i] / sum + (i ? cdf[i - 1] : 0.0f);

			if (i == 0)
				e = w[0] / sum;
			if (!same(cdf[i], e))
				kh_fail("frame %d: cdf[%d] = %.9g, expected "
					"%.9g", f, i, (double)cdf[i],
					(double)e);
			if (!same(gw[i], w[i] / sum))
				kh_fail("frame %d: weight[%d] = %.9g, expected "
					"%.9g", f, i, (double)gw[i],
					(double)(w[i] / sum));
		}
		cu1 = (1.0f / (float)n) * ref_randu(&seed[n]);
		if (!same(gu1, cu1))
			kh_fail("frame %d: u1 %.9g, expected %.9g", f,
				(double)gu1, (double)cu1);
		est_x = est_y = 0.0f;
		for (int i = 0; i < n; i++) {
			float eu = cu1 + (float)i / (float)n;
			int lo = 0, hi = n - 1;

			if (!same(u[i], eu))
				kh_fail("frame %d: u[%d] = %.9g, expected %.9g",
					f, i, (double)u[i], (double)eu);
			while (lo < hi) {
				int mid = (lo + hi) / 2;

				if (cdf[mid] >= eu)
					hi = mid;
				else
					lo = mid + 1;
			}
			if (!same(gxj[i], ax[lo]) || !same(gyj[i], ay[lo]))
				kh_fail("frame %d particle %d resampled from "
					"(%.9g,%.9g), expected particle %d",
					f, i, (double)gxj[i], (double)gyj[i],
					lo);
			est_x += ax[i] * gw[i];
			est_y += ay[i] * gw[i];
		}
		memcpy(xj, gxj, fb);
		memcpy(yj, gyj, fb);
		h = kh_fnv(h, gxj, fb);
		h = kh_fnv(h, gyj, fb);
		if (fabsf(est_x - (float)(isx / 2 + f)) > 3.0f ||
		    fabsf(est_y - (float)(isy / 2 - 2 * f)) > 3.0f)
			kh_fail("frame %d: estimate (%.3f,%.3f) is far from "
				"the disk at (%d,%d)", f, (double)est_x,
				(double)est_y, isx / 2 + f, isy / 2 - 2 * f);
	}

	CK(cuMemFree(d_ax));
	CK(cuMemFree(d_ay));
	CK(cuMemFree(d_xj));
	CK(cuMemFree(d_yj));
	CK(cuMemFree(d_obj));
	CK(cuMemFree(d_ind));
	CK(cuMemFree(d_lik));
	CK(cuMemFree(d_I));
	CK(cuMemFree(d_w));
	CK(cuMemFree(d_seed));
	CK(cuMemFree(d_part));
	CK(cuMemFree(d_cdf));
	CK(cuMemFree(d_u1));
	CK(cuMemFree(d_u));
	kh_close(&k);
	bench_pass(&a, "video=%dx%dx%d particles=%d blocks=%d disk=%d "
		   "est=(%.3f,%.3f) crc=%016llx", isx, isy, nfr, n, nb, count,
		   (double)est_x, (double)est_y, (unsigned long long)h);
	free(video);
	free(seed);
	free(gseed);
	free(xj);
	free(yj);
	free(ax);
	free(ay);
	free(w);
	free(gw);
	free(lik);
	free(cdf);
	free(u);
	free(gxj);
	free(gyj);
	free(part);
	return 0;
}
