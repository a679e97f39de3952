/*
 * host.c - nn workload (Rodinia nearest neighbour): k = 10 nearest
 * records (random latitude/longitude pairs) to a query point.  The records
 * are processed in 4 windows, one nn_distance launch each with 16-thread
 * blocks (as in DWR's run of the original: 4 launches of 938 blocks x 16),
 * and after each window the host merges the window's distances into its
 * running k-nearest list.  The CPU reference mirrors the kernel's
 * arithmetic (the PTX computes fma(dlat, dlat, dlng * dlng) then an IEEE
 * sqrt), so every distance must match bit for bit, and the k nearest
 * (ties broken by record index) must equal a full sort of the reference.
 */
#define BENCH_NAME "nn"
#include "../common/bench.h"

#include <math.h>

#define NN_THREADS 16 /* threads per block (DWR / original) */
#define NN_WINDOWS 4  /* launches */
#define NN_K 10       /* neighbours wanted */

struct nn_rec {
	float lat; /* latitude */
	float lng; /* longitude */
};

struct nn_hit {
	float d;   /* distance */
	int id;    /* record index */
};

/* a before b: nearer, or as near with a lower index. */
static int nn_before(const struct nn_hit *x, const struct nn_hit *y)
{
	return x->d < y->d || (x->d == y->d && x->id < y->id);
}

/* Insert h into the sorted list best[0..*n) of at most NN_K entries. */
static void nn_offer(struct nn_hit *best, int *n, struct nn_hit h)
{
	int i;

	if (*n == NN_K && !nn_before(&h, &best[NN_K - 1]))
		return;
	i = *n < NN_K ? (*n)++ : NN_K - 1;
	while (i > 0 && nn_before(&h, &best[i - 1])) {
		best[i] = best[i - 1];
		i--;
	}
	best[i] = h;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	struct nn_rec *recs;
	struct nn_hit best[NN_K], ref[NN_K];
	float *dist, qlat = 30.0f, qlng = 90.0f;
	int nbest = 0, nref = 0, per_window, nrecs;
	unsigned blocks_per_window, gx, gy;
	CUdeviceptr d_recs, d_dist;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	/* small: 4 x 480 blocks (4 waves of 8 per SM); paper: 4 x 938. */
	blocks_per_window = a.paper ? 938 : 480;
	per_window = (int)blocks_per_window * NN_THREADS;
	nrecs = per_window * NN_WINDOWS;
	recs = kh_zalloc((size_t)nrecs * sizeof(*recs));
	dist = kh_zalloc((size_t)nrecs * sizeof(*dist));
	r = bench_rng(&a, 1);
	for (int i = 0; i < nrecs; i++) {
		recs[i].lat = kh_unif(&r, 0.0f, 90.0f);
		recs[i].lng = kh_unif(&r, 0.0f, 180.0f);
	}

	d_recs = kh_alloc((size_t)per_window * sizeof(*recs), NULL);
	d_dist = kh_alloc((size_t)per_window * sizeof(float), NULL);
	gx = blocks_per_window < 65535 ? blocks_per_window : 65535;
	gy = (blocks_per_window + gx - 1) / gx;
	for (int w = 0; w < NN_WINDOWS; w++) {
		int base = w * per_window;
		void *p[] = {&d_recs, &d_dist, &per_window, &qlat, &qlng};

		CK(cuMemcpyHtoD(d_recs, recs + base,
				(size_t)per_window * sizeof(*recs)));
		kh_launch(&k, "nn_distance", gx, gy, 1, NN_THREADS, 1, 1, 0,
			  p);
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(dist + base, d_dist,
				(size_t)per_window * sizeof(float)));
		for (int i = 0; i < per_window; i++)
			nn_offer(best, &nbest,
				 (struct nn_hit){dist[base + i], base + i});
	}

	for (int i = 0; i < nrecs; i++) {
		float dlat = qlat - recs[i].lat;
		float dlng = qlng - recs[i].lng;
		float e = sqrtf(fmaf(dlat, dlat, dlng * dlng));

		if (memcmp(&dist[i], &e, sizeof(e)) != 0)
			kh_fail("record %d: distance %.9g, expected %.9g", i,
				(double)dist[i], (double)e);
		nn_offer(ref, &nref, (struct nn_hit){e, i});
	}
	if (nbest != NN_K || nref != NN_K)
		kh_fail("fewer than %d neighbours", NN_K);
	for (int i = 0; i < NN_K; i++)
		if (best[i].id != ref[i].id)
			kh_fail("neighbour %d: record %d, expected %d", i,
				best[i].id, ref[i].id);
	h = kh_fnv(KH_FNV_INIT, dist, (size_t)nrecs * sizeof(float));
	h = kh_fnv(h, best, sizeof(best));

	CK(cuMemFree(d_recs));
	CK(cuMemFree(d_dist));
	kh_close(&k);
	bench_pass(&a, "records=%d windows=%d blocks=%ux%u/%d k=%d "
		   "nearest=%d@%.6f crc=%016llx", nrecs, NN_WINDOWS, gx, gy,
		   NN_THREADS, NN_K, best[0].id, (double)best[0].d,
		   (unsigned long long)h);
	free(recs);
	free(dist);
	return 0;
}
