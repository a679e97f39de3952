// sm80.cu - CUDA code that compiles to sm_80/sm_90 PTX forms (issue 18):
// __reduce_add_sync (redux.sync), the reduction sample's second stage with
// __shfl_down_sync over a ballot mask of the first lanes (sources in idle
// lanes must read 0), __pipeline_memcpy_async with zero fill (cp.async +
// commit/wait groups), cuda::barrier with cuda::memcpy_async (mbarrier +
// cp.async.mbarrier.arrive) and the SIMD video intrinsics.  Compiled by
// regen.sh with -arch=sm_80 and -arch=sm_90 into sm80.sm_80.ptx and
// sm80.sm_90.ptx; host.c checks every kernel against a CPU reference.
#include <cuda/barrier>
#include <cuda_pipeline.h>
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define BLOCK 256

// Integer block sum, reduce7 style: per-warp __reduce_add_sync, then the
// first blockDim/32 lanes reduce the warp sums with a ballot mask.
extern "C" __global__ void reduce_int(const int *in, int *out, unsigned n)
{
	__shared__ int sdata[32];
	unsigned tid = threadIdx.x;
	int sum = 0;
	for (unsigned i = blockIdx.x * blockDim.x + tid; i < n;
	     i += blockDim.x * gridDim.x)
		sum += in[i];
	sum = __reduce_add_sync(0xffffffffu, sum);
	if ((tid % 32) == 0)
		sdata[tid / 32] = sum;
	__syncthreads();
	unsigned ext = blockDim.x / 32;
	unsigned mask = __ballot_sync(0xffffffffu, tid < ext);
	if (tid < ext) {
		sum = sdata[tid];
		sum = __reduce_add_sync(mask, sum);
	}
	if (tid == 0)
		out[blockIdx.x] = sum;
}

// The same with floats through __shfl_down_sync: in the second stage only
// lanes 0..ext-1 run, and shuffles by 16 and 8 read idle lanes (0 there).
extern "C" __global__ void reduce_float(const float *in, float *out,
					unsigned n)
{
	__shared__ float sdata[32];
	unsigned tid = threadIdx.x;
	float sum = 0.0f;
	for (unsigned i = blockIdx.x * blockDim.x + tid; i < n;
	     i += blockDim.x * gridDim.x)
		sum += in[i];
	for (int off = 16; off > 0; off /= 2)
		sum += __shfl_down_sync(0xffffffffu, sum, off);
	if ((tid % 32) == 0)
		sdata[tid / 32] = sum;
	__syncthreads();
	unsigned ext = blockDim.x / 32;
	unsigned mask = __ballot_sync(0xffffffffu, tid < ext);
	if (tid < ext) {
		sum = sdata[tid];
		for (int off = 16; off > 0; off /= 2)
			sum += __shfl_down_sync(mask, sum, off);
	}
	if (tid == 0)
		out[blockIdx.x] = sum;
}

// A tile through shared memory by cp.async: 16 bytes per thread, and 8
// bytes of which only the first 4 come from memory (zero fill).
extern "C" __global__ void tile_cpasync(const float4 *in, float4 *out,
					const int2 *in2, int2 *out2)
{
	__shared__ float4 s[BLOCK];
	__shared__ int2 s2[BLOCK];
	unsigned t = threadIdx.x, g = blockIdx.x * BLOCK + t;
	__pipeline_memcpy_async(&s[t], &in[g], sizeof(float4));
	__pipeline_memcpy_async(&s2[t], &in2[g], sizeof(int2), 4);
	__pipeline_commit();
	__pipeline_wait_prior(0);
	__syncthreads();
	float4 v = s[BLOCK - 1 - t];
	out[g] = make_float4(v.w, v.z, v.y, v.x * 2.0f);
	out2[g] = s2[BLOCK - 1 - t];
}

// cuda::barrier + cuda::memcpy_async: a block-wide asynchronous copy that
// completes through an mbarrier.
extern "C" __global__ void tile_barrier(const int *in, int *out)
{
	__shared__ int s[BLOCK];
#pragma nv_diag_suppress static_var_with_dynamic_init
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	auto block = cg::this_thread_block();
	if (block.thread_rank() == 0)
		init(&bar, block.size());
	block.sync();
	cuda::memcpy_async(block, s, in + blockIdx.x * BLOCK,
			   sizeof(int) * BLOCK, bar);
	bar.arrive_and_wait();
	out[blockIdx.x * BLOCK + threadIdx.x] = s[BLOCK - 1 - threadIdx.x] * 3;
}

// SIMD video intrinsics, 12 results per thread.
extern "C" __global__ void video(const unsigned *a, const unsigned *b,
				 unsigned *o)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned x = a[i], y = b[i];
	unsigned *r = o + 12 * i;
	r[0] = __vabsdiffu4(x, y);
	r[1] = __vadd4(x, y);
	r[2] = __vsub2(x, y);
	r[3] = __vmaxu4(x, y);
	r[4] = __vabsdiffs2(x, y);
	r[5] = __vabsdiffs4(x, y);
	r[6] = __vminu2(x, y);
	r[7] = __vsadu4(x, y);
	r[8] = __vaddss4(x, y);
	r[9] = __vavgu4(x, y);
	r[10] = __vmins2(x, y);
	r[11] = __vabsdiffu2(x, y);
}
