/*
 * sp: scalar products of many vector pairs (the structure of the CUDA SDK
 * scalarProd workload, written for warpsim).  Each block walks vectors
 * vec = blockIdx.x, vec += gridDim.x.  For one vector every thread fills
 * ACCUM_N / blockDim.x slots of the shared accumulator with strided partial
 * dot products, then the block runs a tree reduction with one barrier per
 * level and `if (tid < stride)` halving the active warps; thread 0 writes
 * the result and a last barrier guards the accumulator's reuse.
 */

#define ACCUM_N 1024

extern "C" __global__ void sp_dot(float *out, const float *a,
				  const float *b, int nvec, int nelem)
{
	__shared__ float accum[ACCUM_N];

	for (int vec = blockIdx.x; vec < nvec; vec += gridDim.x) {
		int base = vec * nelem;
		int end = base + nelem;

		/* Strided partial sums: slot i gets elements i, i+ACCUM_N, ... */
		for (int i = threadIdx.x; i < ACCUM_N; i += blockDim.x) {
			float s = 0.0f;

			for (int p = base + i; p < end; p += ACCUM_N)
				s += a[p] * b[p];
			accum[i] = s;
		}
		/* Tree reduction: log2(ACCUM_N) levels, one barrier each. */
		for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
			__syncthreads();
			for (int i = threadIdx.x; i < stride; i += blockDim.x)
				accum[i] += accum[stride + i];
		}
		if (threadIdx.x == 0)
			out[vec] = accum[0];
		__syncthreads();
	}
}
