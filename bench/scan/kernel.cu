/*
 * kernel.cu - scan workload (DWR "SC", CUDA SDK scan): exclusive prefix
 * sum of a large u32 array in three kernels, as the SDK's large-array
 * path: scan_exclusive_shared scans 1024-element chunks (4 per thread,
 * loaded as uint4) and emits chunk totals; scan_exclusive_shared2 scans
 * the chunk totals in one more pass; uniform_update adds each chunk's
 * offset to its elements.  The block-wide scan is a work-efficient
 * (Blelloch) up-sweep/down-sweep over the 256 per-thread totals in shared
 * memory with a __syncthreads() per level (the SDK's warp-synchronous
 * volatile scan is replaced by barriers, so no warp size is assumed).
 */

#define SC_THREADS 256
#define SC_CHUNK (4 * SC_THREADS)

/*
 * Exclusive scan of one value per thread across the block; returns this
 * thread's prefix and sets *total to the block's sum.  8 up-sweep levels,
 * 8 down-sweep levels, a barrier before each and three around the root.
 */
__device__ unsigned sc_block_scan(unsigned *s, unsigned x, unsigned *total)
{
	int t = threadIdx.x;

	s[t] = x;
	for (int d = 1; d < SC_THREADS; d <<= 1) {
		__syncthreads();
		int i = (t + 1) * 2 * d - 1;

		if (i < SC_THREADS)
			s[i] += s[i - d];
	}
	__syncthreads();
	*total = s[SC_THREADS - 1];
	__syncthreads();
	if (t == 0)
		s[SC_THREADS - 1] = 0;
	for (int d = SC_THREADS / 2; d >= 1; d >>= 1) {
		__syncthreads();
		int i = (t + 1) * 2 * d - 1;

		if (i < SC_THREADS) {
			unsigned lo = s[i - d];

			s[i - d] = s[i];
			s[i] += lo;
		}
	}
	__syncthreads();
	return s[t];
}

/* Scan of 1024-element chunks; chunk totals to sums[blockIdx.x]. */
extern "C" __global__ void scan_exclusive_shared(
	const uint4 *__restrict__ in, uint4 *__restrict__ out,
	unsigned *__restrict__ sums)
{
	__shared__ unsigned s[SC_THREADS];
	int g = blockIdx.x * SC_THREADS + threadIdx.x;
	uint4 v = in[g];
	unsigned total, pre;
	uint4 o;

	o.x = 0;
	o.y = v.x;
	o.z = v.x + v.y;
	o.w = o.z + v.z;
	pre = sc_block_scan(s, o.w + v.w, &total);
	o.x += pre;
	o.y += pre;
	o.z += pre;
	o.w += pre;
	out[g] = o;
	if (threadIdx.x == 0)
		sums[blockIdx.x] = total;
}

/* Exclusive scan of the n chunk totals (n <= 1024, one block). */
extern "C" __global__ void scan_exclusive_shared2(
	const unsigned *__restrict__ sums, unsigned *__restrict__ offs, int n)
{
	__shared__ unsigned s[SC_THREADS];
	int b = 4 * threadIdx.x;
	unsigned v[4], run = 0, total, pre;

	for (int j = 0; j < 4; j++) {
		v[j] = b + j < n ? sums[b + j] : 0;
		unsigned x = v[j];

		v[j] = run;
		run += x;
	}
	pre = sc_block_scan(s, run, &total);
	for (int j = 0; j < 4; j++)
		if (b + j < n)
			offs[b + j] = v[j] + pre;
}

/* Add each chunk's offset to its 1024 elements. */
extern "C" __global__ void uniform_update(uint4 *__restrict__ data,
					  const unsigned *__restrict__ offs)
{
	__shared__ unsigned add;
	int g = blockIdx.x * SC_THREADS + threadIdx.x;

	if (threadIdx.x == 0)
		add = offs[blockIdx.x];
	__syncthreads();
	uint4 v = data[g];

	v.x += add;
	v.y += add;
	v.z += add;
	v.w += add;
	data[g] = v;
}
