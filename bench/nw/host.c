/*
 * host.c - nw workload (DWR "NW", Rodinia nw): Needleman-Wunsch scores of
 * two seeded random protein-like sequences (24 symbols) under a seeded
 * symmetric similarity table and a linear gap penalty of 10.  The host
 * launches one kernel per tile anti-diagonal, 1..T blocks of 16 threads
 * then T-1..1 (2T-1 launches for T = n/16 tiles per side), and checks the
 * whole (n+1) x (n+1) integer score matrix against the CPU recurrence.
 *
 *   small: n = 512: T = 32, 63 launches, 1024 tiles (DWR's run)
 *   paper: n = 2048 (Rodinia's default input): 255 launches
 */
#define BENCH_NAME "nw"
#include "../common/bench.h"

#define NW_T 16
#define NW_SYMS 24
#define NW_PENALTY 10

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int n, cols, tiles, penalty = NW_PENALTY, launches = 0;
	int table[NW_SYMS][NW_SYMS];
	int *s1, *s2, *sim, *score, *want;
	size_t cells;
	CUdeviceptr d_sim, d_score;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	n = a.paper ? 2048 : 512;
	cols = n + 1;
	tiles = n / NW_T;
	cells = (size_t)cols * (size_t)cols;
	r = bench_rng(&a, 41);
	for (int i = 0; i < NW_SYMS; i++)
		for (int j = 0; j <= i; j++) {
			int v = i == j ? kh_range(&r, 4, 11)
				       : kh_range(&r, -4, 3);

			table[i][j] = v;
			table[j][i] = v;
		}
	s1 = kh_zalloc((size_t)cols * sizeof(int));
	s2 = kh_zalloc((size_t)cols * sizeof(int));
	for (int i = 1; i < cols; i++) {
		s1[i] = kh_range(&r, 0, NW_SYMS - 1);
		s2[i] = kh_range(&r, 0, NW_SYMS - 1);
	}
	sim = kh_zalloc(cells * sizeof(int));
	score = kh_zalloc(cells * sizeof(int));
	want = kh_zalloc(cells * sizeof(int));
	for (int i = 1; i < cols; i++)
		for (int j = 1; j < cols; j++)
			sim[(size_t)i * cols + j] = table[s1[i]][s2[j]];
	for (int i = 0; i < cols; i++) {
		score[(size_t)i * cols] = -i * penalty;
		score[i] = -i * penalty;
	}
	memcpy(want, score, cells * sizeof(int));

	d_sim = kh_alloc(cells * sizeof(int), sim);
	d_score = kh_alloc(cells * sizeof(int), score);
	for (int d = 1; d <= tiles; d++) {
		void *p[] = {&d_sim, &d_score, &cols, &penalty, &d};

		kh_launch(&k, "nw_tiles_ul", (unsigned)d, 1, 1, NW_T, 1, 1, 0,
			  p);
		launches++;
	}
	for (int d = tiles - 1; d >= 1; d--) {
		void *p[] = {&d_sim, &d_score, &cols, &penalty, &d, &tiles};

		kh_launch(&k, "nw_tiles_lr", (unsigned)d, 1, 1, NW_T, 1, 1, 0,
			  p);
		launches++;
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(score, d_score, cells * sizeof(int)));

	for (int i = 1; i < cols; i++)
		for (int j = 1; j < cols; j++) {
			size_t c = (size_t)i * cols + j;
			int dg = want[c - cols - 1] + sim[c];
			int lf = want[c - 1] - penalty;
			int up = want[c - cols] - penalty;
			int m = dg > lf ? dg : lf;

			want[c] = m > up ? m : up;
		}
	for (size_t c = 0; c < cells; c++)
		if (score[c] != want[c])
			kh_fail("cell (%zu,%zu): got %d, expected %d",
				c / (size_t)cols, c % (size_t)cols, score[c],
				want[c]);
	h = kh_fnv(KH_FNV_INIT, score, cells * sizeof(int));
	CK(cuMemFree(d_sim));
	CK(cuMemFree(d_score));
	kh_close(&k);
	bench_pass(&a, "n=%d tiles=%d launches=%d final=%d crc=%016llx", n,
		   tiles * tiles, launches, score[cells - 1],
		   (unsigned long long)h);
	free(s1);
	free(s2);
	free(sim);
	free(score);
	free(want);
	return 0;
}
