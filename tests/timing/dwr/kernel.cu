/*
 * dwr.cu - kernels of the DWR timing tests (tests/timing/timing_tests.c,
 * docs/dwr.md); committed as kernel.ptx (nvcc -ptx -arch=sm_75
 * -lineinfo, as tools/regen_ptx.sh; timing.dwr_ptx_fresh checks it).  The
 * sub-warp id assumes DWR's 8-thread sub-warps (tesla8, SIMD 8).
 */

/* Listing 2(a): only sub-warp 0 loads A, every sub-warp loads B, iters
 * times: the partners reach different LATs. */
extern "C" __global__ void dwr_case_a(int *out, const int *a, const int *b,
				      int iters)
{
	int t = threadIdx.x, acc = 0;
#pragma unroll 1
	for (int i = 0; i < iters; i++) {
		if ((t >> 3) == 0)
			acc += a[i * blockDim.x + t] * 3;
		acc += b[i * blockDim.x + t];
	}
	out[blockIdx.x * blockDim.x + t] = acc;
}

/* Listing 2(b): only sub-warp 0 loads, then __syncthreads(). */
extern "C" __global__ void dwr_case_b(int *out, const int *a)
{
	__shared__ int sh[256];
	int t = threadIdx.x, v = -1;
	if ((t >> 3) == 0)
		v = a[blockIdx.x * blockDim.x + t];
	sh[t] = v;
	__syncthreads();
	out[blockIdx.x * blockDim.x + t] = sh[(t + 8) % blockDim.x] + 1;
}

/* Divergence-free streaming: out[i] = in[i] + 1. */
extern "C" __global__ void dwr_copy(int *out, const int *in)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = in[i] + 1;
}
