/*
 * stn: 7-point 3-D Jacobi stencil (the structure of Parboil stencil's
 * block2D_hybrid_coarsen_x, written for warpsim).  A block of 32x16
 * threads owns a 64x16 column of the x-y plane (each thread two x points,
 * coarsened by 2) and marches along z, keeping the planes below, at and
 * above the current one in registers.  Per z-plane it stages the current
 * plane (plus a one-point halo loaded by the edge threads) in a shared
 * tile, waits at a barrier, computes, and waits again before the tile is
 * overwritten: 2 barriers per plane.  Only interior points are written;
 * the boundary keeps its initial value in both buffers.
 *   stn_sweep: one sweep per launch over a (nx/64, ny/16) grid.
 *   stn_persistent: `sweeps` sweeps in one launch; each block takes tiles
 *     blockIdx.x, +gridDim.x, ... and the sweeps are separated by a global
 *     barrier (atomic arrival counter + volatile generation flag), so every
 *     block of the grid must be resident at once.
 */

#define TX 32
#define TY 16
#define TW (2 * TX)  /* points per tile row */

/* Sweep tile (bx, by) from src into dst. */
__device__ static void stn_tile(float *dst, const float *src, int nx, int ny,
				int nz, float c0, float c1, int bx, int by)
{
	__shared__ float sh[TY + 2][TW + 2];
	int tx = threadIdx.x, ty = threadIdx.y;
	int i0 = bx * TW + tx, i1 = i0 + TX, j = by * TY + ty;
	int plane = nx * ny;
	int row = j * nx;
	bool in0 = i0 > 0 && i0 < nx - 1 && j > 0 && j < ny - 1;
	bool in1 = i1 < nx - 1 && j > 0 && j < ny - 1;
	float b0 = src[row + i0], b1 = src[row + i1];
	float c0v = src[plane + row + i0], c1v = src[plane + row + i1];
	float a0v, a1v;

	for (int k = 1; k < nz - 1; k++) {
		int pk = k * plane;

		a0v = src[pk + plane + row + i0];
		a1v = src[pk + plane + row + i1];
		sh[ty + 1][tx + 1] = c0v;
		sh[ty + 1][tx + 1 + TX] = c1v;
		if (tx == 0 && i0 > 0)
			sh[ty + 1][0] = src[pk + row + i0 - 1];
		if (tx == TX - 1 && i1 < nx - 1)
			sh[ty + 1][TW + 1] = src[pk + row + i1 + 1];
		if (ty == 0 && j > 0) {
			sh[0][tx + 1] = src[pk + row - nx + i0];
			sh[0][tx + 1 + TX] = src[pk + row - nx + i1];
		}
		if (ty == TY - 1 && j < ny - 1) {
			sh[TY + 1][tx + 1] = src[pk + row + nx + i0];
			sh[TY + 1][tx + 1 + TX] = src[pk + row + nx + i1];
		}
		__syncthreads();
		if (in0)
			dst[pk + row + i0] =
				(a0v + b0 + sh[ty + 2][tx + 1] +
				 sh[ty][tx + 1] + sh[ty + 1][tx + 2] +
				 sh[ty + 1][tx]) * c1 - c0v * c0;
		if (in1)
			dst[pk + row + i1] =
				(a1v + b1 + sh[ty + 2][tx + 1 + TX] +
				 sh[ty][tx + 1 + TX] + sh[ty + 1][tx + 2 + TX] +
				 sh[ty + 1][tx + TX]) * c1 - c1v * c0;
		__syncthreads();
		b0 = c0v;
		b1 = c1v;
		c0v = a0v;
		c1v = a1v;
	}
}

extern "C" __global__ void stn_sweep(float *dst, const float *src, int nx,
				     int ny, int nz, float c0, float c1)
{
	stn_tile(dst, src, nx, ny, nz, c0, c1, blockIdx.x, blockIdx.y);
}

/* Global barrier across all (resident) blocks of the launch. */
__device__ static void stn_grid_sync(unsigned *count, volatile unsigned *gen)
{
	__syncthreads();
	if (threadIdx.x == 0 && threadIdx.y == 0) {
		unsigned g = *gen;

		__threadfence();
		if (atomicAdd(count, 1) == gridDim.x - 1) {
			atomicExch(count, 0);
			__threadfence();
			*gen = g + 1;
		} else {
			while (*gen == g)
				;
		}
		__threadfence();
	}
	__syncthreads();
}

extern "C" __global__ void stn_persistent(float *a, float *b, int nx, int ny,
					  int nz, float c0, float c1,
					  int sweeps, unsigned *count,
					  unsigned *gen)
{
	int gx = nx / TW, ntiles = gx * (ny / TY);

	for (int s = 0; s < sweeps; s++) {
		float *dst = (s & 1) ? a : b;
		const float *src = (s & 1) ? b : a;

		for (int t = blockIdx.x; t < ntiles; t += gridDim.x)
			stn_tile(dst, src, nx, ny, nz, c0, c1, t % gx, t / gx);
		stn_grid_sync(count, gen);
	}
}
