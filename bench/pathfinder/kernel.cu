/*
 * kernel.cu - pathfinder workload (Rodinia pathfinder structure, own code).
 *
 * Dynamic programming down a grid of wall costs: the cost of a cell is its
 * wall value plus the minimum of the three cells above it (left, up,
 * right).  Each 256-thread block owns a window of 256 columns and advances
 * `steps` rows per launch (a pyramid): the valid range shrinks by one
 * column on each side per row, so neighbouring windows overlap by
 * 2 x steps columns and each block writes only its centre 256 - 2 x steps
 * columns.  Rows ping-pong between two shared arrays, with one barrier
 * after the load and two per row (one when the last row is reached).
 */

#define PF_BLOCK 256 /* threads per block = window width */

extern "C" __global__ void pathfinder_rows(int steps, const int *wall,
					   const int *src, int *dst,
					   int cols, int first_row,
					   int border)
{
	__shared__ int above[PF_BLOCK];
	__shared__ int here[PF_BLOCK];

	int t = threadIdx.x;
	int owned = PF_BLOCK - 2 * steps;    /* columns written per block */
	int x0 = owned * blockIdx.x - border; /* window's first column */
	int x = x0 + t;
	/* Window positions that lie inside the grid. */
	int lo = x0 < 0 ? -x0 : 0;
	int hi = x0 + PF_BLOCK - 1 > cols - 1 ?
			 PF_BLOCK - 1 - (x0 + PF_BLOCK - cols) :
			 PF_BLOCK - 1;
	int left = t - 1 < lo ? lo : t - 1;
	int right = t + 1 > hi ? hi : t + 1;
	bool inside = t >= lo && t <= hi;
	bool wrote = false;

	if (x >= 0 && x < cols)
		above[t] = src[x];
	__syncthreads();
	for (int i = 0; i < steps; i++) {
		wrote = false;
		if (t >= i + 1 && t <= PF_BLOCK - 2 - i && inside) {
			int m = above[left];

			if (above[t] < m)
				m = above[t];
			if (above[right] < m)
				m = above[right];
			here[t] = m + wall[cols * (first_row + i) + x];
			wrote = true;
		}
		__syncthreads();
		if (i == steps - 1)
			break;
		if (wrote)
			above[t] = here[t];
		__syncthreads();
	}
	if (wrote)
		dst[x] = here[t];
}
