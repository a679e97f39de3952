/*
 * host.c - histo: Parboil-style saturating histogram.  Generates an image
 * of bin indices (half of the pixels in a narrow peak in the middle of the
 * histogram, the rest spread wide), runs prescan, intermediates, main and
 * final, and checks against a CPU reference: the prescan range (replayed
 * exactly), the full u32 histogram and its 8-bit saturated copy.  The
 * result is independent of the order of the atomics: counters only add,
 * and the flush of counts >= 256 happens between barriers.
 */
#define BENCH_NAME "histo"
#include "../common/bench.h"
#include <limits.h>
#include <math.h>

#define PTPB 512u     /* threads per block */
#define SUBW 1024u    /* bins per sub-range (shared sub-histogram) */
#define BINS 4096u    /* histogram bins */
#define NX 15u        /* input slices of histo_main (grid x) */
#define NPRE 45u      /* prescan blocks */

/* Sum of four uniform integers in [0, span): a bell around 2 * span. */
static unsigned histo_bell(struct kh_rng *r, unsigned span)
{
	unsigned s = 0, i;

	for (i = 0; i < 4; i++)
		s += kh_rand(r) % span;
	return s;
}

static void histo_generate(const struct bench_args *a, unsigned *img,
			   unsigned n)
{
	struct kh_rng r = bench_rng(a, 4);
	unsigned i;

	for (i = 0; i < n; i++) {
		unsigned m = kh_rand(&r) % 10u, v;

		if (m < 5)
			v = BINS / 2 - 8 + histo_bell(&r, 4);  /* peak */
		else if (m < 8)
			v = histo_bell(&r, BINS / 4);           /* broad */
		else
			v = kh_rand(&r) % BINS;                 /* flat */
		img[i] = v < BINS ? v : BINS - 1;
	}
}

/* The prescan's range: min over blocks of mean - 2 sd, max of + 2 sd + 1. */
static void histo_ref_range(const unsigned *img, unsigned n, unsigned per,
			    int *lo, int *hi)
{
	unsigned b, i;

	*lo = INT_MAX;
	*hi = INT_MIN;
	for (b = 0; b < NPRE; b++) {
		unsigned beg = b * per, end = beg + per < n ? beg + per : n;
		unsigned s = 0;
		unsigned long long q = 0, mean, var;
		int sd;

		if (end <= beg)
			continue;
		for (i = beg; i < end; i++) {
			s += img[i];
			q += (unsigned long long)img[i] * img[i];
		}
		mean = s / (end - beg);
		var = q / (end - beg) - mean * mean;
		sd = (int)sqrtf((float)var);
		if ((int)mean - 2 * sd < *lo)
			*lo = (int)mean - 2 * sd;
		if ((int)mean + 2 * sd + 1 > *hi)
			*hi = (int)mean + 2 * sd + 1;
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	CUdeviceptr d_img, d_range, d_inter, d_ovf, d_sub, d_hist, d_hist8;
	unsigned w, hgt, n, per, lo, hi, nr, mper, i, peak = 0;
	unsigned bins = BINS, nx = NX, novf;
	unsigned *img, *hist, *want;
	unsigned char *hist8;
	int range[2], want_lo, want_hi;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	w = a.paper ? 996u : 512u;
	hgt = a.paper ? 1040u : 256u;
	n = w * hgt;
	img = kh_zalloc((size_t)n * 4);
	want = kh_zalloc(BINS * 4);
	hist = kh_zalloc(BINS * 4);
	hist8 = kh_zalloc(BINS);
	histo_generate(&a, img, n);

	d_img = kh_alloc((size_t)n * 4, img);
	range[0] = INT_MAX;
	range[1] = INT_MIN;
	d_range = kh_alloc(sizeof(range), range);
	per = (n + NPRE - 1) / NPRE;
	{
		void *p[] = {&d_img, &n, &per, &d_range};

		kh_launch(&k, "histo_prescan", NPRE, 1, 1, PTPB, 1, 1, 0, p);
	}
	CK(cuMemcpyDtoH(range, d_range, sizeof(range)));
	histo_ref_range(img, n, per, &want_lo, &want_hi);
	if (range[0] != want_lo || range[1] != want_hi)
		kh_fail("prescan range [%d, %d), expected [%d, %d)", range[0],
			range[1], want_lo, want_hi);
	lo = range[0] < 0 ? 0u : (unsigned)range[0];
	hi = range[1] > (int)BINS ? BINS : (unsigned)range[1];
	if (hi <= lo)
		kh_fail("empty prescan range [%u, %u)", lo, hi);
	nr = (hi - lo + SUBW - 1) / SUBW;

	d_inter = kh_alloc((size_t)n * 4, NULL);
	novf = lo + nr * SUBW > BINS ? lo + nr * SUBW : BINS;
	d_ovf = kh_alloc((size_t)novf * 4, NULL);
	CK(cuMemsetD32(d_ovf, 0, novf));
	d_sub = kh_alloc((size_t)nr * NX * SUBW * 4, NULL);
	d_hist = kh_alloc(BINS * 4, NULL);
	d_hist8 = kh_alloc(BINS, NULL);
	mper = (n + NX - 1) / NX;
	{
		void *p[] = {&d_img, &n, &lo, &hi, &d_inter};
		void *m[] = {&d_inter, &n, &mper, &lo, &d_ovf, &d_sub};
		void *f[] = {&d_ovf, &d_sub, &bins, &nx, &nr, &lo, &d_hist,
			     &d_hist8};

		kh_launch(&k, "histo_intermediates", (n + PTPB - 1) / PTPB, 1,
			  1, PTPB, 1, 1, 0, p);
		kh_launch(&k, "histo_main", NX, nr, 1, PTPB, 1, 1, 0, m);
		kh_launch(&k, "histo_final", (BINS + PTPB - 1) / PTPB, 1, 1,
			  PTPB, 1, 1, 0, f);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(hist, d_hist, BINS * 4));
	CK(cuMemcpyDtoH(hist8, d_hist8, BINS));

	for (i = 0; i < n; i++)
		want[img[i]]++;
	for (i = 0; i < BINS; i++) {
		unsigned s8 = want[i] > 255 ? 255 : want[i];

		if (hist[i] != want[i])
			kh_fail("bin %u: %u, expected %u", i, hist[i],
				want[i]);
		if (hist8[i] != s8)
			kh_fail("bin %u: saturated %u, expected %u", i,
				hist8[i], s8);
	}
	/* Largest count of one bin inside one slice (> 255: flushes ran). */
	{
		unsigned *c = kh_zalloc(BINS * 4), x;

		for (x = 0; x < NX; x++) {
			unsigned beg = x * mper;
			unsigned end = beg + mper < n ? beg + mper : n;

			memset(c, 0, BINS * 4);
			for (i = beg; i < end; i++)
				if (++c[img[i]] > peak)
					peak = c[img[i]];
		}
		free(c);
	}
	h = kh_fnv(KH_FNV_INIT, hist, BINS * 4);
	h = kh_fnv(h, hist8, BINS);

	CK(cuMemFree(d_img));
	CK(cuMemFree(d_range));
	CK(cuMemFree(d_inter));
	CK(cuMemFree(d_ovf));
	CK(cuMemFree(d_sub));
	CK(cuMemFree(d_hist));
	CK(cuMemFree(d_hist8));
	kh_close(&k);
	bench_pass(&a, "image=%ux%u bins=%u range=[%u,%u) subranges=%u "
		   "grid=%ux%u peak=%u crc=%016llx", w, hgt, BINS, lo, hi, nr,
		   NX, nr, peak, (unsigned long long)h);
	free(img);
	free(want);
	free(hist);
	free(hist8);
	return 0;
}
