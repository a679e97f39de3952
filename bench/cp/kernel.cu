/*
 * kernel.cu - cp: direct Coulomb summation on one z-slice of a lattice,
 * structured like the ISPASS/Parboil "cenergy" kernel.  16x8 threads per
 * block; each thread owns UNROLLX lattice points of one row, BLOCKSIZEX
 * apart (coalesced), and loops over the atoms of this launch held in
 * __constant__ memory as float4 (x, y, dz^2, charge), accumulating
 * charge * rsqrtf(dx^2 + dy^2 + dz^2).  The host launches once per chunk
 * of atoms; each launch adds its partial sums to the energy grid.
 */

#define BLOCKSIZEX 16
#define BLOCKSIZEY 8
#define UNROLLX 8
#define MAXATOMS 4000

__constant__ float4 atominfo[MAXATOMS];

extern "C" __global__ void cenergy(int numatoms, float gridspacing,
				   float *energygrid)
{
	unsigned xindex = blockIdx.x * blockDim.x * UNROLLX + threadIdx.x;
	unsigned yindex = blockIdx.y * blockDim.y + threadIdx.y;
	unsigned outaddr = gridDim.x * blockDim.x * UNROLLX * yindex + xindex;
	float coory = gridspacing * yindex;
	float coorx = gridspacing * xindex;
	float step = gridspacing * BLOCKSIZEX;
	float e[UNROLLX];

	for (int u = 0; u < UNROLLX; u++)
		e[u] = 0.0f;
	for (int atom = 0; atom < numatoms; atom++) {
		float4 at = atominfo[atom];
		float dy = coory - at.y;
		float dyz2 = dy * dy + at.z;
		float dx = coorx - at.x;

#pragma unroll
		for (int u = 0; u < UNROLLX; u++) {
			e[u] += at.w * rsqrtf(dx * dx + dyz2);
			dx += step;
		}
	}
#pragma unroll
	for (int u = 0; u < UNROLLX; u++)
		energygrid[outaddr + u * BLOCKSIZEX] += e[u];
}
