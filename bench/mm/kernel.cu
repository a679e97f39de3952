/*
 * mm: tiled dense matrix multiply C = A x B (the structure of the CUDA SDK
 * matrixMul workload, written for warpsim).  A 16x16 block computes one
 * 16x16 tile of C; for each of wA/16 k-tiles it loads one tile of A and one
 * of B into shared memory, waits at a barrier, runs the unrolled 16-step
 * inner product and waits again before the tiles are overwritten: two
 * barriers per k-tile.  Matrices are row-major; wA and wB are multiples of
 * the tile size.
 */

#define TILE 16

extern "C" __global__ void mm_tiled(float *c, const float *a, const float *b,
				    int wa, int wb)
{
	__shared__ float as[TILE][TILE];
	__shared__ float bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty;
	int col = blockIdx.x * TILE + tx;
	float sum = 0.0f;

	for (int kt = 0; kt < wa; kt += TILE) {
		as[ty][tx] = a[row * wa + kt + tx];
		bs[ty][tx] = b[(kt + ty) * wb + col];
		__syncthreads();
#pragma unroll
		for (int k = 0; k < TILE; k++)
			sum += as[ty][k] * bs[k][tx];
		__syncthreads();
	}
	c[row * wb + col] = sum;
}
