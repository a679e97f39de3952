/*
 * pf: particle filter tracking a disk through a video (Rodinia
 * particlefilter, float version), one frame per host iteration:
 *   likelihood_kernel  per particle: move by the motion model plus
 *       Box-Muller noise from a per-particle LCG (logf, sqrtf, cosf),
 *       store the disk's pixel indices, sum the log-likelihood over them
 *       (data-dependent gathers from the interleaved video), weight it
 *       with expf; then a 512-wide shared tree reduction of the weights
 *       (a barrier per level) into one partial sum per block.
 *   sum_kernel         thread 0 only: serial total of the partial sums,
 *       the CDF of the normalised weights and the resampling offset u1.
 *       (Rodinia builds the CDF in thread 0 of normalize_weights while
 *       other blocks are still normalising: a cross-block race.  Here the
 *       same serial loop runs in sum_kernel, which is race-free.)
 *   normalize_weights_kernel  weights /= total; u[i] = u1 + i/N.
 *   find_index_kernel  per particle: search the CDF for the first entry
 *       >= u[i] (binary search; Rodinia scans linearly, which is O(N^2)),
 *       and copy that particle's position.  No barriers.
 */

#define PI 3.1415926535897932f
#define LIK_SCALE 0.125f /* keeps expf() of the mean log-likelihood finite */
#define TPB 512

/* Next uniform in (0, 1] from particle i's LCG state. */
__device__ float randu(unsigned *seed, int i)
{
	unsigned s = seed[i] * 1103515245u + 12345u;

	seed[i] = s;
	return (float)((s >> 8) + 1u) * (1.0f / 16777216.0f);
}

/* Standard normal by Box-Muller. */
__device__ float randn(unsigned *seed, int i)
{
	float u = randu(seed, i);
	float v = randu(seed, i);
	float c = cosf(2.0f * PI * v);
	float rt = -2.0f * logf(u);

	return sqrtf(rt) * c;
}

extern "C" __global__ void likelihood_kernel(float *arrayX, float *arrayY,
					    const float *xj, const float *yj,
					    const int *objxy, int *ind,
					    float *likelihood,
					    const unsigned char *I,
					    float *weights, unsigned *seed,
					    float *partial, int n,
					    int count_ones, int max_size,
					    int k, int isz_y, int nfr)
{
	__shared__ float buf[TPB];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;

	if (i < n) {
		arrayX[i] = xj[i];
		arrayY[i] = yj[i];
		weights[i] = 1.0f / (float)n;
		arrayX[i] = arrayX[i] + 1.0f + 5.0f * randn(seed, i);
		arrayY[i] = arrayY[i] - 2.0f + 2.0f * randn(seed, i);
	}
	__syncthreads();
	if (i < n) {
		int rx = (int)floorf(arrayX[i] + 0.5f);
		int ry = (int)floorf(arrayY[i] + 0.5f);
		float sum = 0.0f;

		for (int y = 0; y < count_ones; y++) {
			int ix = rx + objxy[y * 2 + 1];
			int iy = ry + objxy[y * 2];
			int id = abs(ix * isz_y * nfr + iy * nfr + k);

			if (id >= max_size)
				id = 0;
			ind[i * count_ones + y] = id;
		}
		for (int y = 0; y < count_ones; y++) {
			int v = I[ind[i * count_ones + y]];
			int d = (v - 100) * (v - 100) - (v - 228) * (v - 228);

			sum += (float)d / 50.0f;
		}
		likelihood[i] = sum / (float)count_ones;
		weights[i] = weights[i] * expf(likelihood[i] * LIK_SCALE);
	}
	buf[tid] = 0.0f;
	__syncthreads();
	if (i < n)
		buf[tid] = weights[i];
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s)
			buf[tid] += buf[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		partial[blockIdx.x] = buf[0];
}

extern "C" __global__ void sum_kernel(float *partial, int nblocks,
				     const float *weights, float *cdf,
				     float *u1, unsigned *seed, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i == 0) {
		float sum = 0.0f;

		for (int x = 0; x < nblocks; x++)
			sum += partial[x];
		partial[0] = sum;
		cdf[0] = weights[0] / sum;
		for (int x = 1; x < n; x++)
			cdf[x] = weights[x] / sum + cdf[x - 1];
		*u1 = (1.0f / (float)n) * randu(seed, n);
	}
}

extern "C" __global__ void normalize_weights_kernel(float *weights, int n,
						   const float *partial,
						   const float *u1, float *u)
{
	__shared__ float sum_w, su1;
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (threadIdx.x == 0) {
		sum_w = partial[0];
		su1 = *u1;
	}
	__syncthreads();
	if (i < n) {
		weights[i] = weights[i] / sum_w;
		u[i] = su1 + (float)i / (float)n;
	}
}

extern "C" __global__ void find_index_kernel(const float *arrayX,
					    const float *arrayY,
					    const float *cdf, const float *u,
					    float *xj, float *yj, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float key = u[i];
		int lo = 0, hi = n - 1;

		while (lo < hi) {
			int mid = (lo + hi) / 2;

			if (cdf[mid] >= key)
				hi = mid;
			else
				lo = mid + 1;
		}
		xj[i] = arrayX[lo];
		yj[i] = arrayY[lo];
	}
}
