/*
 * mars_scan.cuh - the block-scan kernels shared by the Mars-style
 * workloads (pvc, pvr, ss) and mg: an exclusive Blelloch scan of SCAN_E
 * elements per SCAN_T-thread block with a barrier per level, block totals
 * scanned recursively by the host (bench/common/mars.h) and added back.
 * Included by each workload's kernel.cu, so every kernel.ptx stays
 * self-contained.
 */
#define SCAN_T 256
#define SCAN_E 512

/* ---- scan --------------------------------------------------------------- */

/* Exclusive scan of 512 elements per block; the block total goes to sums. */
extern "C" __global__ void scan_block(const unsigned *in, unsigned *out,
				      unsigned *sums, unsigned n)
{
	__shared__ unsigned s[SCAN_E];
	unsigned t = threadIdx.x;
	unsigned a = blockIdx.x * SCAN_E + t, b = a + SCAN_T;
	unsigned off = 1;

	s[t] = a < n ? in[a] : 0;
	s[t + SCAN_T] = b < n ? in[b] : 0;
	for (unsigned d = SCAN_E >> 1; d > 0; d >>= 1) {
		__syncthreads();
		if (t < d) {
			unsigned ai = off * (2 * t + 1) - 1;
			unsigned bi = off * (2 * t + 2) - 1;
			s[bi] += s[ai];
		}
		off <<= 1;
	}
	__syncthreads();
	if (t == 0) {
		sums[blockIdx.x] = s[SCAN_E - 1];
		s[SCAN_E - 1] = 0;
	}
	for (unsigned d = 1; d < SCAN_E; d <<= 1) {
		off >>= 1;
		__syncthreads();
		if (t < d) {
			unsigned ai = off * (2 * t + 1) - 1;
			unsigned bi = off * (2 * t + 2) - 1;
			unsigned x = s[ai];
			s[ai] = s[bi];
			s[bi] += x;
		}
	}
	__syncthreads();
	if (a < n)
		out[a] = s[t];
	if (b < n)
		out[b] = s[t + SCAN_T];
}

/* Add the scanned block sums back to every element of each block. */
extern "C" __global__ void scan_add(unsigned *out, const unsigned *offs,
				    unsigned n)
{
	unsigned a = blockIdx.x * SCAN_E + threadIdx.x;
	unsigned add = offs[blockIdx.x];

	if (a < n)
		out[a] += add;
	if (a + SCAN_T < n)
		out[a + SCAN_T] += add;
}
