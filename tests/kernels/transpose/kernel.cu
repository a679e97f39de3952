/*
 * transpose: out (W x H) = transpose of in (H rows x W columns) through a
 * padded 16x17 shared tile, 2D blocks of 16x16 threads.  W and H are not
 * multiples of the tile, so edge blocks have threads that only take part
 * in the barrier.
 */

#define TILE 16

extern "C" __global__ void transpose_tile(const float *in, float *out,
					  int w, int h)
{
	__shared__ float tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;

	if (x < w && y < h)
		tile[threadIdx.y][threadIdx.x] = in[y * w + x];
	__syncthreads();
	/* Block (bx, by) writes the transposed tile at (by, bx). */
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	if (x < h && y < w)
		out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}
