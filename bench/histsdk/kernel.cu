/*
 * kernel.cu - histsdk: the two CUDA SDK histogram variants with their merge
 * kernels.  histogram64: 64-thread blocks, one byte-sized counter column per
 * thread in shared uchar[64 bins][64 threads] (bank-permuted column order,
 * no atomics; each thread reads at most 15 uint4 = 240 bytes so a counter
 * cannot overflow), then thread b sums bin b over the 64 columns.
 * histogram256: 192-thread blocks, one 256-bin sub-histogram per 32-thread
 * group in shared memory updated with shared atomicAdd per byte, then the 6
 * sub-histograms are summed per bin.  Both write per-block partial
 * histograms; merge64/merge256 run one 256-thread block per bin, a strided
 * sum over the partials then a shared tree reduction.
 */

#define H64_THREADS 64
#define H64_BINS 64
#define H256_THREADS 192
#define H256_GROUPS (H256_THREADS / 32)
#define MERGE_THREADS 256

extern "C" __global__ void histogram64(unsigned *partial, const uint4 *data,
				       int n4)
{
	__shared__ unsigned s_words[H64_BINS * H64_THREADS / 4];
	unsigned char *s_hist = (unsigned char *)s_words;
	int tid = threadIdx.x;
	int col = ((tid & 15) << 2) | (tid >> 4);
	unsigned char *mine = s_hist + col;

	for (int i = tid; i < H64_BINS * H64_THREADS / 4; i += H64_THREADS)
		s_words[i] = 0;
	__syncthreads();
	for (int p = blockIdx.x * H64_THREADS + tid; p < n4;
	     p += H64_THREADS * gridDim.x) {
		uint4 d = data[p];
		unsigned w[4] = {d.x, d.y, d.z, d.w};

#pragma unroll
		for (int j = 0; j < 4; j++)
#pragma unroll
			for (int b = 0; b < 32; b += 8)
				mine[((w[j] >> (b + 2)) & 63) * H64_THREADS]++;
	}
	__syncthreads();
	{
		unsigned sum = 0;

		for (int j = 0; j < H64_THREADS; j++)
			sum += s_hist[tid * H64_THREADS + ((j + tid) & 63)];
		partial[blockIdx.x * H64_BINS + tid] = sum;
	}
}

extern "C" __global__ void histogram256(unsigned *partial,
					const unsigned *data, int n)
{
	__shared__ unsigned s_hist[H256_GROUPS * 256];
	int tid = threadIdx.x;
	unsigned *mine = s_hist + (tid >> 5) * 256;

	for (int i = tid; i < H256_GROUPS * 256; i += H256_THREADS)
		s_hist[i] = 0;
	__syncthreads();
	for (int p = blockIdx.x * H256_THREADS + tid; p < n;
	     p += H256_THREADS * gridDim.x) {
		unsigned w = data[p];

		atomicAdd(&mine[w & 255], 1u);
		atomicAdd(&mine[(w >> 8) & 255], 1u);
		atomicAdd(&mine[(w >> 16) & 255], 1u);
		atomicAdd(&mine[w >> 24], 1u);
	}
	__syncthreads();
	for (int bin = tid; bin < 256; bin += H256_THREADS) {
		unsigned sum = 0;

		for (int g = 0; g < H256_GROUPS; g++)
			sum += s_hist[g * 256 + bin];
		partial[blockIdx.x * 256 + bin] = sum;
	}
}

/* One block per bin: hist[bin] = sum over nparts partials of nbins bins. */
static __device__ void merge_bins(unsigned *hist, const unsigned *partial,
				  int nparts, int nbins)
{
	__shared__ unsigned s_sum[MERGE_THREADS];
	int tid = threadIdx.x;
	unsigned sum = 0;

	for (int i = tid; i < nparts; i += MERGE_THREADS)
		sum += partial[i * nbins + blockIdx.x];
	s_sum[tid] = sum;
	for (int s = MERGE_THREADS / 2; s > 0; s >>= 1) {
		__syncthreads();
		if (tid < s)
			s_sum[tid] += s_sum[tid + s];
	}
	if (tid == 0)
		hist[blockIdx.x] = s_sum[0];
}

extern "C" __global__ void merge_histogram64(unsigned *hist,
					     const unsigned *partial,
					     int nparts)
{
	merge_bins(hist, partial, nparts, H64_BINS);
}

extern "C" __global__ void merge_histogram256(unsigned *hist,
					      const unsigned *partial,
					      int nparts)
{
	merge_bins(hist, partial, nparts, 256);
}
