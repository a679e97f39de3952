/*
 * host.c - nwlock workload: lock-based Needleman-Wunsch (BOWS/DDOS
 * NW1/NW2).  Two random sequences of length n over a 24-letter alphabet,
 * a seeded symmetric substitution table (BLOSUM-like range) expanded into
 * the n x n similarity matrix, gap penalty 10.  nw_forward fills the
 * prefix-score matrix F from the top-left, nw_backward the suffix-score
 * matrix B from the bottom-right; tiles wait on their neighbours' done
 * flags instead of one launch per anti-diagonal.  Both matrices are
 * integer DP results fixed by the inputs, so they are checked exactly
 * against the CPU, and F[n][n] must equal B[0][0] (the global score).
 *
 * All blocks resident: one 16-thread block per 16x16 tile, at most 15 SMs
 * x 8 blocks = 120 tiles.  Small: n = 128 (64 tiles per kernel).  Paper
 * (input size not stated): n = 160 (100 tiles, the largest square tile
 * grid that fits resident).
 */
#define BENCH_NAME "nwlock"
#include "../common/bench.h"

#define TILE 16
#define N_SMALL 128
#define N_PAPER 160
#define ALPHA 24
#define PEN 10

static int imax3(int a, int b, int c)
{
	int m = a > b ? a : b;

	return m > c ? m : c;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int n, w, i, j, nt, pen = PEN, sub[ALPHA][ALPHA];
	int *sa, *sb, *ref, *f, *b, *gf, *gb;
	size_t cells;
	CUdeviceptr d_ref, d_f, d_b, d_ff, d_fb;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	n = a.paper ? N_PAPER : N_SMALL;
	w = n + 1;
	nt = (n / TILE) * (n / TILE);
	cells = (size_t)w * (size_t)w;
	r = bench_rng(&a, 0x4e57);
	for (i = 0; i < ALPHA; i++)
		for (j = 0; j <= i; j++)
			sub[i][j] = sub[j][i] = i == j ? kh_range(&r, 4, 11)
							: kh_range(&r, -4, 3);
	sa = kh_zalloc((size_t)n * sizeof(int));
	sb = kh_zalloc((size_t)n * sizeof(int));
	for (i = 0; i < n; i++) {
		sa[i] = kh_range(&r, 0, ALPHA - 1);
		sb[i] = kh_range(&r, 0, ALPHA - 1);
	}
	ref = kh_zalloc((size_t)n * (size_t)n * sizeof(int));
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			ref[i * n + j] = sub[sa[i]][sb[j]];
	/* Boundaries: F's first row/column, B's last row/column. */
	f = kh_zalloc(cells * sizeof(int));
	b = kh_zalloc(cells * sizeof(int));
	for (i = 0; i <= n; i++) {
		f[i] = f[i * w] = -i * PEN;
		b[n * w + (n - i)] = b[(n - i) * w + n] = -i * PEN;
	}
	d_ref = kh_alloc((size_t)n * (size_t)n * sizeof(int), ref);
	d_f = kh_alloc(cells * sizeof(int), f);
	d_b = kh_alloc(cells * sizeof(int), b);
	d_ff = kh_alloc((size_t)nt * sizeof(int), NULL);
	d_fb = kh_alloc((size_t)nt * sizeof(int), NULL);
	CK(cuMemsetD32(d_ff, 0, (size_t)nt));
	CK(cuMemsetD32(d_fb, 0, (size_t)nt));
	{
		void *pf[] = {&d_f, &d_ref, &n, &pen, &d_ff};
		void *pb[] = {&d_b, &d_ref, &n, &pen, &d_fb};

		kh_launch(&k, "nw_forward", (unsigned)nt, 1, 1, TILE, 1, 1, 0,
			  pf);
		kh_launch(&k, "nw_backward", (unsigned)nt, 1, 1, TILE, 1, 1,
			  0, pb);
	}
	CK(cuCtxSynchronize());
	gf = kh_zalloc(cells * sizeof(int));
	gb = kh_zalloc(cells * sizeof(int));
	CK(cuMemcpyDtoH(gf, d_f, cells * sizeof(int)));
	CK(cuMemcpyDtoH(gb, d_b, cells * sizeof(int)));
	for (i = 1; i <= n; i++)
		for (j = 1; j <= n; j++)
			f[i * w + j] = imax3(f[(i - 1) * w + j - 1] +
						     ref[(i - 1) * n + j - 1],
					     f[(i - 1) * w + j] - PEN,
					     f[i * w + j - 1] - PEN);
	for (i = n - 1; i >= 0; i--)
		for (j = n - 1; j >= 0; j--)
			b[i * w + j] = imax3(b[(i + 1) * w + j + 1] +
						     ref[i * n + j],
					     b[(i + 1) * w + j] - PEN,
					     b[i * w + j + 1] - PEN);
	if (f[n * w + n] != b[0])
		kh_fail("CPU: forward score %d != backward score %d",
			f[n * w + n], b[0]);
	for (i = 0; i <= n; i++)
		for (j = 0; j <= n; j++) {
			if (gf[i * w + j] != f[i * w + j])
				kh_fail("F[%d][%d] = %d, expected %d", i, j,
					gf[i * w + j], f[i * w + j]);
			if (gb[i * w + j] != b[i * w + j])
				kh_fail("B[%d][%d] = %d, expected %d", i, j,
					gb[i * w + j], b[i * w + j]);
		}
	h = kh_fnv(KH_FNV_INIT, gf, cells * sizeof(int));
	h = kh_fnv(h, gb, cells * sizeof(int));
	CK(cuMemFree(d_ref));
	CK(cuMemFree(d_f));
	CK(cuMemFree(d_b));
	CK(cuMemFree(d_ff));
	CK(cuMemFree(d_fb));
	kh_close(&k);
	bench_pass(&a, "n=%d tiles=%d score=%d crc=%016llx", n, nt,
		   gf[n * w + n], (unsigned long long)h);
	free(sa);
	free(sb);
	free(ref);
	free(f);
	free(b);
	free(gf);
	free(gb);
	return 0;
}
