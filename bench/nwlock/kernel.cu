/*
 * nwlock: lock-based Needleman-Wunsch wavefront (BOWS/DDOS "NW1/NW2").
 * One block of 16 threads per 16x16 tile of the (n+1) x (n+1) score
 * matrix, all blocks launched at once.  Instead of one launch per
 * anti-diagonal, a tile waits for its upper and left neighbours by
 * spinning on their done flags (volatile loads by thread 0), loads the
 * neighbours' border cells, sweeps its 31 anti-diagonals in shared memory
 * with a barrier per step, writes the tile back, fences and raises its own
 * flag.  nw_forward computes the prefix scores F from the top-left;
 * nw_backward computes the suffix scores B from the bottom-right (the same
 * sweep on mirrored indices), so the two kernels traverse the tile grid in
 * opposite directions.  Tiles wait on other blocks: all blocks must be
 * resident.
 */

#define TILE 16

/* Matrix index of cell (i, j), 0 <= i, j <= n, in sweep coordinates. */
__device__ static int nw_midx(int i, int j, int n, bool mirror)
{
	return mirror ? (n - i) * (n + 1) + (n - j) : i * (n + 1) + j;
}

/* Similarity index of cell (i, j), 1 <= i, j <= n, in sweep coordinates. */
__device__ static int nw_ridx(int i, int j, int n, bool mirror)
{
	return mirror ? (n - i) * n + (n - j) : (i - 1) * n + (j - 1);
}

__device__ static void nw_tile(volatile int *m, const int *ref, int n,
			       int pen, volatile int *flags, bool mirror)
{
	__shared__ int t[TILE + 1][TILE + 1];
	__shared__ int s_ref[TILE][TILE];
	int nt = n / TILE;
	int ti = blockIdx.x / nt, tj = blockIdx.x % nt;
	int tx = threadIdx.x;
	int r0 = ti * TILE + 1, c0 = tj * TILE + 1;

	if (tx == 0) {  /* wait for the upper and left tiles */
		if (ti > 0)
			while (flags[(ti - 1) * nt + tj] == 0)
				;
		if (tj > 0)
			while (flags[ti * nt + tj - 1] == 0)
				;
	}
	__syncthreads();
	if (tx == 0)
		t[0][0] = m[nw_midx(r0 - 1, c0 - 1, n, mirror)];
	t[0][tx + 1] = m[nw_midx(r0 - 1, c0 + tx, n, mirror)];
	t[tx + 1][0] = m[nw_midx(r0 + tx, c0 - 1, n, mirror)];
	for (int x = 0; x < TILE; x++)
		s_ref[tx][x] = ref[nw_ridx(r0 + tx, c0 + x, n, mirror)];
	__syncthreads();
	for (int d = 0; d < 2 * TILE - 1; d++) {  /* anti-diagonal sweep */
		int x = d - tx;
		if (x >= 0 && x < TILE) {
			int v = t[tx][x] + s_ref[tx][x];
			v = max(v, t[tx][x + 1] - pen);
			v = max(v, t[tx + 1][x] - pen);
			t[tx + 1][x + 1] = v;
		}
		__syncthreads();
	}
	for (int x = 0; x < TILE; x++)
		m[nw_midx(r0 + tx, c0 + x, n, mirror)] = t[tx + 1][x + 1];
	__threadfence();
	__syncthreads();
	if (tx == 0)
		flags[blockIdx.x] = 1;  /* signal */
}

extern "C" __global__ void nw_forward(volatile int *f, const int *ref,
				      int n, int pen, volatile int *flags)
{
	nw_tile(f, ref, n, pen, flags, false);
}

extern "C" __global__ void nw_backward(volatile int *b, const int *ref,
				       int n, int pen, volatile int *flags)
{
	nw_tile(b, ref, n, pen, flags, true);
}
