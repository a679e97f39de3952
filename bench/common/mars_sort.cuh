/*
 * mars_sort.cuh - the bitonic sort of 64-bit keys shared by pvc, pvr and
 * ss: SORT_E keys per SORT_T-thread block in shared memory (a barrier per
 * compare step), then global merge steps for strides >= SORT_E driven by
 * the host (bench/common/mars.h).
 */
#define SORT_T 256
#define SORT_E 512

/* ---- bitonic sort (ascending 64-bit keys, power-of-two length) ---------- */

__device__ static void sort_cswap(unsigned long long *s, unsigned i,
				  unsigned j, int asc)
{
	unsigned long long x = s[i], y = s[j];

	if ((x > y) == asc) {
		s[i] = y;
		s[j] = x;
	}
}

/* All stages k = 2..512 inside each 512-key chunk (directions alternate). */
extern "C" __global__ void sort_shared(unsigned long long *keys)
{
	__shared__ unsigned long long s[SORT_E];
	unsigned t = threadIdx.x, base = blockIdx.x * SORT_E;

	s[t] = keys[base + t];
	s[t + SORT_T] = keys[base + t + SORT_T];
	for (unsigned k = 2; k <= SORT_E; k <<= 1) {
		for (unsigned j = k >> 1; j > 0; j >>= 1) {
			__syncthreads();
			unsigned i = 2 * t - (t & (j - 1));
			sort_cswap(s, i, i + j, ((base + i) & k) == 0);
		}
	}
	__syncthreads();
	keys[base + t] = s[t];
	keys[base + t + SORT_T] = s[t + SORT_T];
}

/* One global compare step of stage k at stride j (j >= 512). */
extern "C" __global__ void merge_global(unsigned long long *keys, unsigned k,
				       unsigned j)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned i = 2 * t - (t & (j - 1));

	sort_cswap(keys, i, i + j, (i & k) == 0);
}

/* The strides 256..1 of stage k, in shared memory. */
extern "C" __global__ void merge_shared(unsigned long long *keys, unsigned k)
{
	__shared__ unsigned long long s[SORT_E];
	unsigned t = threadIdx.x, base = blockIdx.x * SORT_E;

	s[t] = keys[base + t];
	s[t + SORT_T] = keys[base + t + SORT_T];
	for (unsigned j = SORT_E >> 1; j > 0; j >>= 1) {
		__syncthreads();
		unsigned i = 2 * t - (t & (j - 1));
		sort_cswap(s, i, i + j, ((base + i) & k) == 0);
	}
	__syncthreads();
	keys[base + t] = s[t];
	keys[base + t + SORT_T] = s[t + SORT_T];
}
