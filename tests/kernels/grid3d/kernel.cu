/*
 * grid3d: 3D grids of 3D blocks.  Every thread writes 8 words derived
 * from its threadIdx, blockIdx, blockDim, gridDim and %laneid to a slot
 * given by its global linear index, so the host can check each thread's
 * view of the special registers and the linear-to-warp lane mapping
 * (%laneid against the warp size the device reports).
 */

extern "C" __global__ void ids3d(unsigned *out)
{
	unsigned bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
	unsigned block = (bz * gridDim.y + by) * gridDim.x + bx;
	unsigned tlin = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x +
			threadIdx.x;
	unsigned nthr = blockDim.x * blockDim.y * blockDim.z;
	unsigned *o = out + 8 * (block * nthr + tlin);
	unsigned lane;

	asm("mov.u32 %0, %%laneid;" : "=r"(lane));
	o[0] = threadIdx.x | threadIdx.y << 10 | threadIdx.z << 20;
	o[1] = bx | by << 10 | bz << 20;
	o[2] = blockDim.x | blockDim.y << 10 | blockDim.z << 20;
	o[3] = gridDim.x | gridDim.y << 10 | gridDim.z << 20;
	o[4] = tlin;
	o[5] = block;
	o[6] = lane;
	o[7] = 0xc0de0000u | nthr;
}
