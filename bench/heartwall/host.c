/*
 * host.c - heartwall workload: a seeded textured "heart" image (noise
 * texture plus two bright elliptical walls) that drifts by a small random
 * offset every frame, with per-frame sensor noise.  51 points (20 on the
 * inner wall, 31 on the outer, as Rodinia's endo/epi points) are tracked
 * with one heartwall_track launch per frame (51 blocks of 512 threads).
 * Check: the CPU replays the kernel's integer correlation sums, the same
 * float score formula (correctly rounded ops only) and the first-maximum
 * selection, so positions and best scores must match exactly; and at
 * least 90% of the points must follow the true drift exactly.
 */
#define BENCH_NAME "heartwall"
#include "../common/bench.h"

#include <math.h>

#define TH 5
#define TS (2 * TH + 1)
#define SD 10
#define ND (2 * SD + 1)
#define NT (TS * TS)
#define TPB 512
#define NPTS 51

static int clampi(int v, int lo, int hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* The kernel's computation for one point on the CPU. */
static void ref_track(const unsigned char *f0, const unsigned char *f,
		      int w, int h, int ix, int iy, int *cx, int *cy,
		      float *best_score)
{
	int s = 0, s2 = 0, var_t, best = 0;
	float score[ND * ND];

	for (int r = 0; r < TS; r++) {
		for (int q = 0; q < TS; q++) {
			int t = f0[(iy - TH + r) * w + ix - TH + q];

			s += t;
			s2 += t * t;
		}
	}
	var_t = NT * s2 - s * s;
	for (int c = 0; c < ND * ND; c++) {
		int oy = c / ND, ox = c % ND;
		int si = 0, si2 = 0, sti = 0, var_i, num;

		for (int r = 0; r < TS; r++) {
			for (int q = 0; q < TS; q++) {
				int v = f[(*cy - TH - SD + oy + r) * w + *cx -
					  TH - SD + ox + q];
				int t = f0[(iy - TH + r) * w + ix - TH + q];

				si += v;
				si2 += v * v;
				sti += v * t;
			}
		}
		var_i = NT * si2 - si * si;
		num = NT * sti - si * s;
		score[c] = var_i > 0 && var_t > 0 ?
			(float)num / sqrtf((float)var_i * (float)var_t) :
			-2.0f;
	}
	for (int c = 1; c < ND * ND; c++)
		if (score[c] > score[best])
			best = c;
	*cx = clampi(*cx + best % ND - SD, TH + SD, w - 1 - TH - SD);
	*cy = clampi(*cy + best / ND - SD, TH + SD, h - 1 - TH - SD);
	*best_score = score[best];
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int w, h, nfr, npts = NPTS, good = 0, total = 0;
	int pad = 16, bw, bh, offx = 0, offy = 0;
	int init[2 * NPTS], cur[2 * NPTS], ref[2 * NPTS], got[2 * NPTS];
	float gsc[NPTS], rsc;
	unsigned char *base, *video;
	double sumsc = 0.0;
	size_t fsz;
	CUdeviceptr d_video, d_init, d_pts[2], d_sc;
	uint64_t hs = KH_FNV_INIT;

	bench_open(&k, &a, argc, argv);
	w = a.paper ? 640 : 160;
	h = a.paper ? 480 : 160;
	nfr = a.paper ? 104 : 3;
	fsz = (size_t)w * h;
	r = bench_rng(&a, 0x4ea);

	/* Base texture (padded for the drift) with two elliptical walls. */
	bw = w + 2 * pad;
	bh = h + 2 * pad;
	base = kh_zalloc((size_t)bw * bh);
	for (int y = 0; y < bh; y++) {
		for (int x = 0; x < bw; x++) {
			double dx = (x - bw / 2) / (0.2 * w);
			double dy = (y - bh / 2) / (0.25 * h);
			double rr = sqrt(dx * dx + dy * dy);
			int v = kh_range(&r, 30, 170);

			if (fabs(rr - 1.0) < 0.08 || fabs(rr - 1.65) < 0.1)
				v += 70;
			base[(size_t)y * bw + x] = (unsigned char)v;
		}
	}
	video = kh_zalloc(fsz * (size_t)nfr);
	for (int f = 0; f < nfr; f++) {
		if (f > 0) {
			offx = clampi(offx + kh_range(&r, -3, 3), -pad, pad);
			offy = clampi(offy + kh_range(&r, -3, 3), -pad, pad);
		}
		for (int y = 0; y < h; y++) {
			for (int x = 0; x < w; x++) {
				int v = base[(size_t)(y + pad - offy) * bw +
					     x + pad - offx] +
					kh_range(&r, -6, 6);

				video[(size_t)f * fsz + (size_t)y * w + x] =
					(unsigned char)clampi(v, 0, 255);
			}
		}
	}
	/* 20 inner-wall and 31 outer-wall points. */
	for (int p = 0; p < npts; p++) {
		int inner = p < 20, m = inner ? p : p - 20;
		double ang = 2.0 * 3.14159265358979 * m / (inner ? 20 : 31);
		double rad = inner ? 1.0 : 1.65;

		init[2 * p] = w / 2 + (int)lround(rad * 0.2 * w * cos(ang));
		init[2 * p + 1] = h / 2 + (int)lround(rad * 0.25 * h *
						      sin(ang));
		init[2 * p] = clampi(init[2 * p], TH + SD, w - 1 - TH - SD);
		init[2 * p + 1] = clampi(init[2 * p + 1], TH + SD,
					 h - 1 - TH - SD);
		cur[2 * p] = ref[2 * p] = init[2 * p];
		cur[2 * p + 1] = ref[2 * p + 1] = init[2 * p + 1];
	}

	d_video = kh_alloc(fsz * (size_t)nfr, video);
	d_init = kh_alloc(sizeof(init), init);
	d_pts[0] = kh_alloc(sizeof(cur), cur);
	d_pts[1] = kh_alloc(sizeof(cur), NULL);
	d_sc = kh_alloc(sizeof(gsc), NULL);
	offx = offy = 0;
	for (int f = 1; f < nfr; f++) {
		CUdeviceptr d_f = d_video + fsz * (size_t)f;
		int in = (f - 1) & 1, out = f & 1;
		void *p[] = {&d_video, &d_f, &w, &h, &d_init, &d_pts[in],
			     &d_pts[out], &d_sc};

		kh_launch(&k, "heartwall_track", (unsigned)npts, 1, 1, TPB, 1,
			  1, 0, p);
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(got, d_pts[out], sizeof(got)));
		CK(cuMemcpyDtoH(gsc, d_sc, sizeof(gsc)));
		for (int q = 0; q < npts; q++) {
			ref_track(video, video + fsz * (size_t)f, w, h,
				  init[2 * q], init[2 * q + 1], &ref[2 * q],
				  &ref[2 * q + 1], &rsc);
			if (got[2 * q] != ref[2 * q] ||
			    got[2 * q + 1] != ref[2 * q + 1] ||
			    memcmp(&gsc[q], &rsc, sizeof(rsc)))
				kh_fail("frame %d point %d at (%d,%d) score "
					"%.9g, expected (%d,%d) %.9g", f, q,
					got[2 * q], got[2 * q + 1],
					(double)gsc[q], ref[2 * q],
					ref[2 * q + 1], (double)rsc);
			sumsc += rsc;
		}
		hs = kh_fnv(hs, got, sizeof(got));
		hs = kh_fnv(hs, gsc, sizeof(gsc));
	}
	/* Tracking quality against the true drift of the last frame. */
	{
		struct kh_rng r2 = bench_rng(&a, 0x4ea);

		/* Replay the generator to recover the drift sequence. */
		for (size_t i = 0; i < (size_t)bw * bh; i++)
			kh_rand(&r2);
		for (int f = 0; f < nfr; f++) {
			if (f > 0) {
				offx = clampi(offx + kh_range(&r2, -3, 3),
					      -pad, pad);
				offy = clampi(offy + kh_range(&r2, -3, 3),
					      -pad, pad);
			}
			for (size_t i = 0; i < fsz; i++)
				kh_rand(&r2);
		}
		for (int q = 0; q < npts; q++) {
			int tx = clampi(init[2 * q] + offx, TH + SD,
					w - 1 - TH - SD);
			int ty = clampi(init[2 * q + 1] + offy, TH + SD,
					h - 1 - TH - SD);

			good += ref[2 * q] == tx && ref[2 * q + 1] == ty;
			total++;
		}
		if (good * 10 < total * 9)
			kh_fail("only %d of %d points follow the drift "
				"(%d,%d)", good, total, offx, offy);
	}
	CK(cuMemFree(d_video));
	CK(cuMemFree(d_init));
	CK(cuMemFree(d_pts[0]));
	CK(cuMemFree(d_pts[1]));
	CK(cuMemFree(d_sc));
	kh_close(&k);
	bench_pass(&a, "image=%dx%d frames=%d points=%d tracked=%d/%d "
		   "drift=(%d,%d) meanscore=%.4f crc=%016llx", w, h, nfr,
		   npts, good, total, offx, offy,
		   sumsc / (double)(npts * (nfr - 1)), (unsigned long long)hs);
	free(base);
	free(video);
	return 0;
}
