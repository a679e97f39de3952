/*
 * host.c - mg: Parboil mri-gridding-style gridding.  Generates k-space
 * samples on radial spokes through the grid centre (dense in the middle),
 * bins them (atomic bin counters), radix-sorts the (bin, sample) pairs with
 * block split sorts, scans and scatters, reorders the samples, and grids
 * them with a Kaiser-Bessel kernel.  Checks: bin counts and the sorted
 * (bin, sample) order exactly (the sort is stable), every grid cell within
 * a relative tolerance of the sum of its terms' magnitudes (the device may
 * contract multiply-adds; the cutoff test itself rounds identically).
 */
#define BENCH_NAME "mg"
#include "../common/bench.h"
#include "../common/mars.h"
#include <math.h>

#define STPB 512u     /* threads per block of the sort/bin kernels */
#define BINE 4u       /* bin edge in cells */
#define GB 8u         /* gridding block edge */
#define CUT 2.0f      /* cutoff radius in cells */
#define BETA 8.0f     /* Kaiser-Bessel shape */

/* Spoke samples: (re, im, x, y, z, sdc) each. */
static void mg_generate(const struct bench_args *a, float *smp, unsigned n,
			unsigned gx, unsigned gy, unsigned gz)
{
	struct kh_rng r = bench_rng(a, 6);
	unsigned i = 0, per = 64;
	float cx = 0.5f * (float)gx, cy = 0.5f * (float)gy;
	float cz = 0.5f * (float)gz;

	while (i < n) {
		float dx, dy, dz, len;
		unsigned p;

		do {
			dx = kh_unif(&r, -1.0f, 1.0f);
			dy = kh_unif(&r, -1.0f, 1.0f);
			dz = kh_unif(&r, -1.0f, 1.0f);
			len = sqrtf(dx * dx + dy * dy + dz * dz);
		} while (len > 1.0f || len < 0.1f);
		dx /= len;
		dy /= len;
		dz /= len;
		for (p = 0; p < per && i < n; p++, i++) {
			float tt = ((float)p + kh_unif(&r, 0.0f, 1.0f)) /
				   (float)per * 2.0f - 1.0f;
			float *s = smp + 6 * (size_t)i;

			s[0] = kh_unif(&r, -1.0f, 1.0f);
			s[1] = kh_unif(&r, -1.0f, 1.0f);
			s[2] = cx + tt * dx * (cx - 0.01f);
			s[3] = cy + tt * dy * (cy - 0.01f);
			s[4] = cz + tt * dz * (cz - 0.01f);
			s[5] = 0.05f + 0.95f * tt * tt;
		}
	}
}

static float mg_ref_i0(float x)
{
	float q = 0.25f * x * x, term = 1.0f, sum = 1.0f;
	int k;

	for (k = 1; k <= 8; k++) {
		term *= q / (float)(k * k);
		sum += term;
	}
	return sum;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	CUdeviceptr d_smp, d_key[2], d_val[2], d_tk, d_tv, d_cnt, d_lst;
	CUdeviceptr d_bc, d_bs, d_soa, d_grid;
	unsigned gx, gy, gz, nbx, nby, nbz, nbins, n, npad, nblk, pass, i;
	unsigned cur = 0, shift, ncnt;
	float *smp, *grid;
	unsigned *bc, *want_bc, *skey, *sval, *order, *bstart;
	double maxrel = 0.0;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	gx = a.paper ? 128u : 32u;
	gy = a.paper ? 128u : 32u;
	gz = a.paper ? 128u : 24u;
	n = a.paper ? 262144u : 1024u;
	nbx = gx / BINE;
	nby = gy / BINE;
	nbz = gz / BINE;
	nbins = nbx * nby * nbz;
	nblk = (n + STPB - 1) / STPB;
	npad = nblk * STPB;
	smp = kh_zalloc((size_t)n * 6 * 4);
	mg_generate(&a, smp, n, gx, gy, gz);

	d_smp = kh_alloc((size_t)n * 6 * 4, smp);
	for (i = 0; i < 2; i++) {
		d_key[i] = kh_alloc((size_t)npad * 4, NULL);
		d_val[i] = kh_alloc((size_t)npad * 4, NULL);
	}
	d_tk = kh_alloc((size_t)npad * 4, NULL);
	d_tv = kh_alloc((size_t)npad * 4, NULL);
	ncnt = 16 * nblk;
	d_cnt = kh_alloc((size_t)ncnt * 4, NULL);
	d_lst = kh_alloc((size_t)ncnt * 4, NULL);
	d_bc = kh_alloc((size_t)nbins * 4, NULL);
	d_bs = kh_alloc((size_t)nbins * 4, NULL);
	d_soa = kh_alloc((size_t)n * 6 * 4, NULL);
	d_grid = kh_alloc((size_t)gx * gy * gz * 8, NULL);
	CK(cuMemsetD32(d_bc, 0, nbins));
	{
		void *p[] = {&d_smp, &n, &nbx, &nby, &nbz, &d_key[0],
			     &d_val[0], &d_bc};

		kh_launch(&k, "mg_binning", nblk, 1, 1, STPB, 1, 1, 0, p);
	}
	/* LSD radix sort of (bin, sample), 4 bits per pass. */
	for (pass = 0, shift = 0; (nbins - 1) >> shift; pass++, shift += 4) {
		CUdeviceptr offs = kh_alloc((size_t)ncnt * 4, NULL);
		void *s[] = {&d_key[cur], &d_val[cur], &n, &shift, &d_tk,
			     &d_tv, &d_cnt, &d_lst, &nblk};
		void *c[] = {&d_tk, &d_tv, &n, &shift, &offs, &d_lst, &nblk,
			     &d_key[cur ^ 1], &d_val[cur ^ 1]};

		kh_launch(&k, "mg_split_sort", nblk, 1, 1, STPB, 1, 1, 0, s);
		mars_scan(&k, d_cnt, offs, ncnt);
		kh_launch(&k, "mg_scatter", nblk, 1, 1, STPB, 1, 1, 0, c);
		cur ^= 1;
		CK(cuMemFree(offs));
	}
	mars_scan(&k, d_bc, d_bs, nbins);
	{
		void *p[] = {&d_smp, &d_val[cur], &n, &d_soa};
		void *g[] = {&d_soa, &n, &d_bs, &d_bc, &nbx, &nby, &nbz,
			     &d_grid, &gx, &gy};

		kh_launch(&k, "mg_reorder", nblk, 1, 1, STPB, 1, 1, 0, p);
		kh_launch(&k, "mg_gridding", gx / GB, gy / GB, gz / GB, GB,
			  GB, GB, 0, g);
	}
	CK(cuCtxSynchronize());
	bc = kh_zalloc((size_t)nbins * 4);
	want_bc = kh_zalloc((size_t)nbins * 4);
	bstart = kh_zalloc((size_t)(nbins + 1) * 4);
	skey = kh_zalloc((size_t)n * 4);
	sval = kh_zalloc((size_t)n * 4);
	order = kh_zalloc((size_t)n * 4);
	grid = kh_zalloc((size_t)gx * gy * gz * 8);
	CK(cuMemcpyDtoH(bc, d_bc, (size_t)nbins * 4));
	CK(cuMemcpyDtoH(skey, d_key[cur], (size_t)n * 4));
	CK(cuMemcpyDtoH(sval, d_val[cur], (size_t)n * 4));
	CK(cuMemcpyDtoH(grid, d_grid, (size_t)gx * gy * gz * 8));

	/* Bins, counting sort (stable): the expected sorted order. */
	{
		unsigned *binof = kh_zalloc((size_t)n * 4), *fill;

		for (i = 0; i < n; i++) {
			const float *s = smp + 6 * (size_t)i;
			unsigned bx = (unsigned)(s[2] / (float)BINE);
			unsigned by = (unsigned)(s[3] / (float)BINE);
			unsigned bz = (unsigned)(s[4] / (float)BINE);

			bx = bx < nbx ? bx : nbx - 1;
			by = by < nby ? by : nby - 1;
			bz = bz < nbz ? bz : nbz - 1;
			binof[i] = (bz * nby + by) * nbx + bx;
			want_bc[binof[i]]++;
		}
		for (i = 0; i < nbins; i++) {
			if (bc[i] != want_bc[i])
				kh_fail("bin %u: count %u, expected %u", i,
					bc[i], want_bc[i]);
			bstart[i + 1] = bstart[i] + want_bc[i];
		}
		fill = kh_zalloc((size_t)nbins * 4);
		for (i = 0; i < n; i++)
			order[bstart[binof[i]] + fill[binof[i]]++] = i;
		for (i = 0; i < n; i++)
			if (sval[i] != order[i] || skey[i] != binof[order[i]])
				kh_fail("sorted %u: bin %u sample %u, "
					"expected bin %u sample %u", i,
					skey[i], sval[i], binof[order[i]],
					order[i]);
		free(binof);
		free(fill);
	}
	/* Gridding reference, same bins, same sample order, same cutoff. */
	{
		unsigned x, y, z, q, cells = 0;
		float r2max = CUT * CUT;

		for (z = 0; z < gz; z++)
		for (y = 0; y < gy; y++)
		for (x = 0; x < gx; x++) {
			float fx = (float)x, fy = (float)y, fz = (float)z;
			float re = 0.0f, im = 0.0f;
			double mag = 0.0, dre, dim_;
			unsigned ox = x / GB * GB, oy = y / GB * GB;
			unsigned oz = z / GB * GB, c = (unsigned)CUT;
			unsigned bx0 = ox >= c ? (ox - c) / BINE : 0;
			unsigned bx1 = (ox + GB - 1 + c) / BINE;
			unsigned by0 = oy >= c ? (oy - c) / BINE : 0;
			unsigned by1 = (oy + GB - 1 + c) / BINE;
			unsigned bz0 = oz >= c ? (oz - c) / BINE : 0;
			unsigned bz1 = (oz + GB - 1 + c) / BINE;
			unsigned bx, by, bz;
			size_t gi = ((size_t)z * gy + y) * gx + x;

			bx1 = bx1 < nbx ? bx1 : nbx - 1;
			by1 = by1 < nby ? by1 : nby - 1;
			bz1 = bz1 < nbz ? bz1 : nbz - 1;
			for (bz = bz0; bz <= bz1; bz++)
			for (by = by0; by <= by1; by++)
			for (bx = bx0; bx <= bx1; bx++) {
				unsigned b = (bz * nby + by) * nbx + bx;

				for (q = bstart[b]; q < bstart[b + 1]; q++) {
					const float *s = smp +
						6 * (size_t)order[q];
					float dx = s[2] - fx, dy = s[3] - fy;
					float dz = s[4] - fz;
					float r2 = dx * dx + dy * dy + dz * dz;
					float w;

					if (!(r2 < r2max))
						continue;
					w = s[5] * mg_ref_i0(BETA * sqrtf(
						1.0f - r2 / r2max));
					re += w * s[0];
					im += w * s[1];
					mag += fabs((double)w * s[0]) +
					       fabs((double)w * s[1]);
				}
			}
			cells += mag > 0.0;
			dre = fabs((double)grid[2 * gi] - re);
			dim_ = fabs((double)grid[2 * gi + 1] - im);
			if (!(dre <= 1e-5 * mag + 1e-30) ||
			    !(dim_ <= 1e-5 * mag + 1e-30))
				kh_fail("cell (%u,%u,%u): (%.9g, %.9g), "
					"expected (%.9g, %.9g)", x, y, z,
					(double)grid[2 * gi],
					(double)grid[2 * gi + 1], (double)re,
					(double)im);
			if (mag > 0.0 && (dre + dim_) / mag > maxrel)
				maxrel = (dre + dim_) / mag;
		}
		if (cells < gx * gy * gz / 8)
			kh_fail("only %u cells received samples", cells);
	}
	h = kh_fnv(KH_FNV_INIT, bc, (size_t)nbins * 4);
	h = kh_fnv(h, sval, (size_t)n * 4);
	h = kh_fnv(h, grid, (size_t)gx * gy * gz * 8);

	CK(cuMemFree(d_smp));
	for (i = 0; i < 2; i++) {
		CK(cuMemFree(d_key[i]));
		CK(cuMemFree(d_val[i]));
	}
	CK(cuMemFree(d_tk));
	CK(cuMemFree(d_tv));
	CK(cuMemFree(d_cnt));
	CK(cuMemFree(d_lst));
	CK(cuMemFree(d_bc));
	CK(cuMemFree(d_bs));
	CK(cuMemFree(d_soa));
	CK(cuMemFree(d_grid));
	kh_close(&k);
	bench_pass(&a, "samples=%u grid=%ux%ux%u bins=%u passes=%u "
		   "blocks=%u maxrel=%.1e crc=%016llx", n, gx, gy, gz, nbins,
		   pass, (gx / GB) * (gy / GB) * (gz / GB), maxrel,
		   (unsigned long long)h);
	free(smp);
	free(grid);
	free(bc);
	free(want_bc);
	free(bstart);
	free(skey);
	free(sval);
	free(order);
	return 0;
}
