/*
 * host.c - kmeans workload (Rodinia kmeans): clustered points with a fixed
 * number of Lloyd iterations.  The features are transposed once on the
 * device (kmeans_transpose); each iteration copies the centres to
 * __constant__ memory, runs kmeans_assign (one thread per point, 256-thread
 * blocks, grid folded into 2-D), copies the memberships back and recomputes
 * the centres on the host, as the original does.  The CPU reference replays
 * the same distance arithmetic (the kernel's sum += d * d compiles to an
 * f32 fma, mirrored with fmaf), so every iteration's memberships and the
 * final centres must match bit for bit.
 */
#define BENCH_NAME "kmeans"
#include "../common/bench.h"

#include <float.h>
#include <math.h>

#define KM_THREADS 256              /* threads per block (16 x 16 in the original) */
#define KM_MAX_CENTRE_FLOATS (32 * 34) /* capacity of c_centres */

struct km_size {
	int npoints;    /* points */
	int nfeatures;  /* features per point */
	int nclusters;  /* k */
	int iters;      /* fixed number of iterations */
};

/* Nearest centre of point p (feature-major data), kernel's arithmetic. */
static int km_nearest(const float *feat_t, int npoints, int nfeatures,
		      int nclusters, const float *centres, int p)
{
	float best = FLT_MAX;
	int which = 0;

	for (int c = 0; c < nclusters; c++) {
		float sum = 0.0f;

		for (int f = 0; f < nfeatures; f++) {
			float d = feat_t[(size_t)f * (size_t)npoints +
					 (size_t)p] -
				  centres[c * nfeatures + f];
			sum = fmaf(d, d, sum);
		}
		if (sum < best) {
			best = sum;
			which = c;
		}
	}
	return which;
}

/* New centres = mean of the members (an empty cluster keeps its centre). */
static void km_update(const float *pts, const int *member,
		      const struct km_size *s, float *centres)
{
	double *acc = kh_zalloc((size_t)s->nclusters *
				(size_t)s->nfeatures * sizeof(*acc));
	int *cnt = kh_zalloc((size_t)s->nclusters * sizeof(*cnt));

	for (int p = 0; p < s->npoints; p++) {
		int c = member[p];

		cnt[c]++;
		for (int f = 0; f < s->nfeatures; f++)
			acc[c * s->nfeatures + f] +=
				pts[(size_t)p * (size_t)s->nfeatures + (size_t)f];
	}
	for (int c = 0; c < s->nclusters; c++)
		if (cnt[c] > 0)
			for (int f = 0; f < s->nfeatures; f++)
				centres[c * s->nfeatures + f] =
					(float)(acc[c * s->nfeatures + f] /
						cnt[c]);
	free(acc);
	free(cnt);
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct km_size s;
	struct kh_rng r;
	float *pts, *feat_t, *centres, *ref_centres, *truth;
	int *member, *ref_member, *count;
	CUdeviceptr d_pts, d_feat, d_member, d_const;
	size_t const_size;
	unsigned nblocks, perdim;
	uint64_t h = KH_FNV_INIT;
	long moved = 0;

	bench_open(&k, &a, argc, argv);
	if (a.paper)
		s = (struct km_size){494020, 34, 5, 5}; /* kdd_cup scale */
	else
		s = (struct km_size){23040, 16, 5, 3};  /* 90 blocks x 256 */
	if (s.nclusters * s.nfeatures > KM_MAX_CENTRE_FLOATS)
		kh_fail("centres do not fit c_centres");

	/* Points scattered around nclusters random true centres. */
	size_t npf = (size_t)s.npoints * (size_t)s.nfeatures;
	size_t ncf = (size_t)s.nclusters * (size_t)s.nfeatures;
	pts = kh_zalloc(npf * sizeof(*pts));
	feat_t = kh_zalloc(npf * sizeof(*feat_t));
	truth = kh_zalloc(ncf * sizeof(*truth));
	centres = kh_zalloc(ncf * sizeof(*centres));
	ref_centres = kh_zalloc(ncf * sizeof(*ref_centres));
	member = kh_zalloc((size_t)s.npoints * sizeof(*member));
	ref_member = kh_zalloc((size_t)s.npoints * sizeof(*ref_member));
	count = kh_zalloc((size_t)s.nclusters * sizeof(*count));
	r = bench_rng(&a, 1);
	for (size_t i = 0; i < ncf; i++)
		truth[i] = kh_unif(&r, 0.0f, 10.0f);
	for (int p = 0; p < s.npoints; p++) {
		int c = kh_range(&r, 0, s.nclusters - 1);

		for (int f = 0; f < s.nfeatures; f++)
			pts[(size_t)p * (size_t)s.nfeatures + (size_t)f] =
				truth[c * s.nfeatures + f] +
				kh_unif(&r, -3.0f, 3.0f);
	}
	/* Initial centres: randomly chosen points (as the original). */
	for (int c = 0; c < s.nclusters; c++) {
		int p = kh_range(&r, 0, s.npoints - 1);

		memcpy(&centres[c * s.nfeatures],
		       &pts[(size_t)p * (size_t)s.nfeatures],
		       (size_t)s.nfeatures * sizeof(float));
	}
	memcpy(ref_centres, centres, ncf * sizeof(float));
	for (int p = 0; p < s.npoints; p++)
		for (int f = 0; f < s.nfeatures; f++)
			feat_t[(size_t)f * (size_t)s.npoints + (size_t)p] =
				pts[(size_t)p * (size_t)s.nfeatures + (size_t)f];

	d_pts = kh_alloc(npf * sizeof(float), pts);
	d_feat = kh_alloc(npf * sizeof(float), NULL);
	d_member = kh_alloc((size_t)s.npoints * sizeof(int), NULL);
	CK(cuModuleGetGlobal(&d_const, &const_size, k.mod, "c_centres"));
	if (const_size < ncf * sizeof(float))
		kh_fail("c_centres is %zu bytes", const_size);

	nblocks = (unsigned)((s.npoints + KM_THREADS - 1) / KM_THREADS);
	{
		void *p[] = {&d_pts, &d_feat, &s.npoints, &s.nfeatures};

		kh_launch(&k, "kmeans_transpose", nblocks, 1, 1, KM_THREADS,
			  1, 1, 0, p);
	}
	/* The original folds the grid into a square (idle blocks at the end). */
	perdim = (unsigned)sqrt((double)nblocks);
	while (perdim * perdim < nblocks)
		perdim++;
	for (int it = 0; it < s.iters; it++) {
		void *p[] = {&d_feat, &s.nfeatures, &s.npoints, &s.nclusters,
			     &d_member};

		CK(cuMemcpyHtoD(d_const, centres, ncf * sizeof(float)));
		kh_launch(&k, "kmeans_assign", perdim, perdim, 1, KM_THREADS,
			  1, 1, 0, p);
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(member, d_member,
				(size_t)s.npoints * sizeof(int)));
		/* Reference iteration from the reference centres. */
		for (int q = 0; q < s.npoints; q++) {
			int m = km_nearest(feat_t, s.npoints, s.nfeatures,
					   s.nclusters, ref_centres, q);

			if (it > 0 && m != ref_member[q])
				moved++;
			ref_member[q] = m;
			if (member[q] != m)
				kh_fail("iteration %d point %d: membership %d, "
					"expected %d", it, q, member[q], m);
		}
		km_update(pts, member, &s, centres);
		km_update(pts, ref_member, &s, ref_centres);
		h = kh_fnv(h, member, (size_t)s.npoints * sizeof(int));
	}
	if (memcmp(centres, ref_centres, ncf * sizeof(float)) != 0)
		kh_fail("final centres differ from the reference");
	/* The transposed copy must be exact too. */
	{
		float *back = kh_zalloc(npf * sizeof(*back));

		CK(cuMemcpyDtoH(back, d_feat, npf * sizeof(float)));
		if (memcmp(back, feat_t, npf * sizeof(float)) != 0)
			kh_fail("transposed features differ");
		free(back);
	}
	for (int q = 0; q < s.npoints; q++)
		count[member[q]]++;
	{
		int used = 0;

		for (int c = 0; c < s.nclusters; c++)
			used += count[c] > 0;
		if (used < 2)
			kh_fail("degenerate clustering: %d cluster(s) used",
				used);
	}
	h = kh_fnv(h, centres, ncf * sizeof(float));

	CK(cuMemFree(d_pts));
	CK(cuMemFree(d_feat));
	CK(cuMemFree(d_member));
	kh_close(&k);
	bench_pass(&a, "points=%d features=%d clusters=%d iters=%d "
		   "grid=%ux%u moved=%ld sizes=%d/%d crc=%016llx",
		   s.npoints, s.nfeatures, s.nclusters, s.iters, perdim,
		   perdim, moved, count[0], count[s.nclusters - 1],
		   (unsigned long long)h);
	free(pts);
	free(feat_t);
	free(truth);
	free(centres);
	free(ref_centres);
	free(member);
	free(ref_member);
	free(count);
	return 0;
}
