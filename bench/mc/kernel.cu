/*
 * kernel.cu - mc: Monte Carlo European call pricing in the structure of
 * the CUDA SDK MonteCarlo sample.  mc_normals stands in for
 * inverseCNDKernel: a grid-stride loop turns a per-pair xorshift32 stream
 * into standard normal pairs with Box-Muller (logf, sqrtf, cosf, sinf), no
 * barriers.  mc_price is MonteCarloOneBlockPerOption: one 256-thread block
 * per option; each thread sums max(S exp(MuByT + VBySqrtT z) - X, 0) and
 * its square over a strided subset of the shared paths, then a shared-
 * memory tree reduction (a barrier per level) gives the block's sums.
 */

#define MC_THREADS 256

static __device__ unsigned xorshift32(unsigned x)
{
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return x;
}

extern "C" __global__ void mc_normals(float *z, int npairs, unsigned seed)
{
	for (int p = blockIdx.x * blockDim.x + threadIdx.x; p < npairs;
	     p += blockDim.x * gridDim.x) {
		unsigned x = (unsigned)p * 0x9e3779b9u + seed;
		float u1, u2, r, th;

		x = xorshift32(x ? x : 1u);
		u1 = (float)((x >> 8) + 1) * (1.0f / 16777216.0f);
		x = xorshift32(x);
		u2 = (float)(x >> 8) * (1.0f / 16777216.0f);
		r = sqrtf(-2.0f * logf(u1));
		th = 6.28318530717958648f * u2;
		z[2 * p] = r * cosf(th);
		z[2 * p + 1] = r * sinf(th);
	}
}

extern "C" __global__ void mc_price(const float *z, int pathN,
				    const float4 *opt, float2 *sums)
{
	__shared__ float s_sum[MC_THREADS];
	__shared__ float s_sum2[MC_THREADS];
	float4 o = opt[blockIdx.x];
	float sum = 0.0f, sum2 = 0.0f;
	int tid = threadIdx.x;

	for (int i = tid; i < pathN; i += MC_THREADS) {
		float v = o.x * expf(o.z + o.w * z[i]) - o.y;

		v = v > 0.0f ? v : 0.0f;
		sum += v;
		sum2 += v * v;
	}
	s_sum[tid] = sum;
	s_sum2[tid] = sum2;
	__syncthreads();
	for (int s = MC_THREADS / 2; s > 0; s >>= 1) {
		if (tid < s) {
			s_sum[tid] += s_sum[tid + s];
			s_sum2[tid] += s_sum2[tid + s];
		}
		__syncthreads();
	}
	if (tid == 0)
		sums[blockIdx.x] = make_float2(s_sum[0], s_sum2[0]);
}
