/*
 * kernel.cu - nw workload (DWR "NW", Rodinia nw): Needleman-Wunsch global
 * alignment score matrix, computed in 16x16 tiles by 16-thread blocks.
 * The host walks the tile grid by anti-diagonals: nw_tiles_ul covers the
 * upper-left triangle (diagonal d has d tiles), nw_tiles_lr the
 * lower-right one.  Each block stages its 16x16 similarity scores and the
 * tile's north/west/north-west borders in shared memory (temp[17][17],
 * ref[16][16]), sweeps the tile's 31 inner anti-diagonals with one
 * __syncthreads() per step (thread tx owns column tx+1; only the threads
 * on the current diagonal work), and writes the tile back.  Blocks of 16
 * threads fill half a 32-wide warp.
 */

#define NW_T 16 /* tile edge = threads per block */

__device__ __forceinline__ int nw_max3(int a, int b, int c)
{
	int m = a > b ? a : b;

	return m > c ? m : c;
}

/*
 * One tile whose top-left inner cell is (16*ty0 + 1, 16*tx0 + 1) of the
 * (cols x cols) score matrix; sim holds the similarity scores in the
 * same layout.
 */
__device__ __forceinline__ void nw_tile(const int *__restrict__ sim,
					int *__restrict__ score, int cols,
					int penalty, int tx0, int ty0)
{
	__shared__ int temp[NW_T + 1][NW_T + 1];
	__shared__ int ref[NW_T][NW_T];
	int tx = threadIdx.x;
	int corner = cols * NW_T * ty0 + NW_T * tx0;
	int cell = corner + cols + 1 + tx;

	if (tx == 0)
		temp[0][0] = score[corner];
	for (int y = 0; y < NW_T; y++)
		ref[y][tx] = sim[cell + cols * y];
	__syncthreads();
	temp[tx + 1][0] = score[corner + cols * (tx + 1)];
	__syncthreads();
	temp[0][tx + 1] = score[corner + 1 + tx];
	__syncthreads();
	/* growing anti-diagonals: thread tx handles row m - tx */
	for (int m = 0; m < NW_T; m++) {
		if (tx <= m) {
			int x = tx + 1, y = m - tx + 1;

			temp[y][x] = nw_max3(temp[y - 1][x - 1] +
					     ref[y - 1][x - 1],
					     temp[y][x - 1] - penalty,
					     temp[y - 1][x] - penalty);
		}
		__syncthreads();
	}
	/* shrinking anti-diagonals */
	for (int m = NW_T - 2; m >= 0; m--) {
		if (tx <= m) {
			int x = tx + NW_T - m, y = NW_T - tx;

			temp[y][x] = nw_max3(temp[y - 1][x - 1] +
					     ref[y - 1][x - 1],
					     temp[y][x - 1] - penalty,
					     temp[y - 1][x] - penalty);
		}
		__syncthreads();
	}
	for (int y = 0; y < NW_T; y++)
		score[cell + cols * y] = temp[y + 1][tx + 1];
}

/* Tile anti-diagonal d (1-based) of the upper-left triangle: d tiles. */
extern "C" __global__ void nw_tiles_ul(const int *__restrict__ sim,
				       int *__restrict__ score, int cols,
				       int penalty, int d)
{
	int b = blockIdx.x;

	nw_tile(sim, score, cols, penalty, b, d - 1 - b);
}

/* Tile anti-diagonal d (tiles_per_side-1 down to 1) of the lower-right
 * triangle: d tiles, the last one touching the bottom-right corner. */
extern "C" __global__ void nw_tiles_lr(const int *__restrict__ sim,
				       int *__restrict__ score, int cols,
				       int penalty, int d, int tiles)
{
	int b = blockIdx.x;

	nw_tile(sim, score, cols, penalty, b + tiles - d, tiles - 1 - b);
}
