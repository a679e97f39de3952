/*
 * reduction: per-block tree reductions in shared memory with __syncthreads.
 * Each thread first adds two elements (i and i + blockDim.x of its block's
 * 2*blockDim.x slice), then the block halves the active range each step.
 * Two kernels: exact u32 sums and f32 sums (the host replays the same
 * addition order, so the f32 result is checked bit for bit).
 */

#define BLOCK 256

extern "C" __global__ void reduce_u32(const unsigned *in, unsigned *out,
				      unsigned n)
{
	__shared__ unsigned s[BLOCK];
	unsigned t = threadIdx.x;
	unsigned i = blockIdx.x * (2 * blockDim.x) + t;
	unsigned v = 0;

	if (i < n)
		v = in[i];
	if (i + blockDim.x < n)
		v += in[i + blockDim.x];
	s[t] = v;
	__syncthreads();
	for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {
		if (t < h)
			s[t] += s[t + h];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

extern "C" __global__ void reduce_f32(const float *in, float *out, unsigned n)
{
	__shared__ float s[BLOCK];
	unsigned t = threadIdx.x;
	unsigned i = blockIdx.x * (2 * blockDim.x) + t;
	float v = 0.0f;

	if (i < n)
		v = in[i];
	if (i + blockDim.x < n)
		v += in[i + blockDim.x];
	s[t] = v;
	__syncthreads();
	for (unsigned h = blockDim.x / 2; h > 0; h >>= 1) {
		if (t < h)
			s[t] += s[t + h];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}
