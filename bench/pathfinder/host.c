/*
 * host.c - pathfinder workload (Rodinia pathfinder): minimum-cost path
 * down a rows x cols grid of random wall costs 0..9.  The host advances a
 * pyramid of 20 rows per launch (the last launch takes what is left),
 * ping-ponging the result row between two device buffers; every launch has
 * ceil(cols / (256 - 2 x 20)) blocks of 256 threads.  The CPU reference
 * is the plain row-by-row recurrence (edge columns clamp their missing
 * neighbour to themselves); the final row must match exactly.
 */
#define BENCH_NAME "pathfinder"
#include "../common/bench.h"

#define PF_BLOCK 256   /* threads per block */
#define PF_PYRAMID 20  /* rows per launch (pyramid height) */

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int rows, cols, owned, *grid, *res, *ref, *prev, launches = 0;
	CUdeviceptr d_wall, d_buf[2];
	unsigned nblocks;
	int cur = 0;
	long long best, sum = 0;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	owned = PF_BLOCK - 2 * PF_PYRAMID;
	if (a.paper) {
		cols = 100000; /* 463 blocks, as in PRO's table */
		rows = 100;
	} else {
		cols = 90 * owned; /* 90 blocks: 6 per SM on 15 SMs */
		rows = 50;         /* launches of 20, 20 and 9 rows */
	}
	size_t cells = (size_t)rows * (size_t)cols;
	grid = kh_zalloc(cells * sizeof(*grid));
	res = kh_zalloc((size_t)cols * sizeof(*res));
	ref = kh_zalloc((size_t)cols * sizeof(*ref));
	prev = kh_zalloc((size_t)cols * sizeof(*prev));
	r = bench_rng(&a, 1);
	for (size_t i = 0; i < cells; i++)
		grid[i] = kh_range(&r, 0, 9);

	/* Row 0 is the start row; the kernel reads rows 1.. as the wall. */
	d_wall = kh_alloc((cells - (size_t)cols) * sizeof(int), grid + cols);
	d_buf[0] = kh_alloc((size_t)cols * sizeof(int), grid);
	d_buf[1] = kh_alloc((size_t)cols * sizeof(int), NULL);
	nblocks = (unsigned)((cols + owned - 1) / owned);
	for (int t = 0; t < rows - 1; t += PF_PYRAMID) {
		int steps = rows - 1 - t < PF_PYRAMID ? rows - 1 - t :
							PF_PYRAMID;
		int border = PF_PYRAMID;
		void *p[] = {&steps, &d_wall, &d_buf[cur], &d_buf[1 - cur],
			     &cols, &t, &border};

		kh_launch(&k, "pathfinder_rows", nblocks, 1, 1, PF_BLOCK, 1,
			  1, 0, p);
		cur = 1 - cur;
		launches++;
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(res, d_buf[cur], (size_t)cols * sizeof(int)));

	memcpy(ref, grid, (size_t)cols * sizeof(int));
	for (int y = 1; y < rows; y++) {
		memcpy(prev, ref, (size_t)cols * sizeof(int));
		for (int x = 0; x < cols; x++) {
			int m = prev[x];

			if (x > 0 && prev[x - 1] < m)
				m = prev[x - 1];
			if (x < cols - 1 && prev[x + 1] < m)
				m = prev[x + 1];
			ref[x] = m + grid[(size_t)y * (size_t)cols +
					  (size_t)x];
		}
	}
	best = ref[0];
	for (int x = 0; x < cols; x++) {
		if (res[x] != ref[x])
			kh_fail("column %d: cost %d, expected %d", x, res[x],
				ref[x]);
		if (ref[x] < best)
			best = ref[x];
		sum += ref[x];
	}
	h = kh_fnv(KH_FNV_INIT, res, (size_t)cols * sizeof(int));

	CK(cuMemFree(d_wall));
	CK(cuMemFree(d_buf[0]));
	CK(cuMemFree(d_buf[1]));
	kh_close(&k);
	bench_pass(&a, "cols=%d rows=%d pyramid=%d blocks=%ux%d launches=%d "
		   "min=%lld sum=%lld crc=%016llx", cols, rows, PF_PYRAMID,
		   nblocks, PF_BLOCK, launches, best, sum,
		   (unsigned long long)h);
	free(grid);
	free(res);
	free(ref);
	free(prev);
	return 0;
}
