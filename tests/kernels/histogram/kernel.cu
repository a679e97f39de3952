/*
 * histogram: 64-bin histogram of u32 keys.  Each block builds a private
 * histogram in shared memory with shared atomicAdd, then merges it into the
 * global one with global atomicAdd.  Also: a global atomicMax of all keys,
 * an atomicMin built from an atomicCAS retry loop, and an atomicCAS
 * "first visitor" flag per bin that counts the distinct bins seen.
 */

#define BINS 64

extern "C" __global__ void histo64(const unsigned *keys, unsigned n,
				   unsigned *hist, unsigned *stats,
				   unsigned *seen)
{
	__shared__ unsigned sh[BINS];
	unsigned t = threadIdx.x;
	unsigned stride = gridDim.x * blockDim.x;

	for (unsigned b = t; b < BINS; b += blockDim.x)
		sh[b] = 0;
	__syncthreads();
	for (unsigned i = blockIdx.x * blockDim.x + t; i < n; i += stride) {
		unsigned k = keys[i];
		unsigned bin = (k >> 4) % BINS;

		atomicAdd(&sh[bin], 1u);
		atomicMax(&stats[0], k);
		/* atomicMin through a CAS loop: retry while our key is smaller. */
		unsigned old = stats[1], assumed;
		do {
			assumed = old;
			if (k >= assumed)
				break;
			old = atomicCAS(&stats[1], assumed, k);
		} while (old != assumed);
		/* The first thread to flip seen[bin] from 0 counts the bin. */
		if (atomicCAS(&seen[bin], 0u, 1u) == 0u)
			atomicAdd(&stats[2], 1u);
	}
	__syncthreads();
	for (unsigned b = t; b < BINS; b += blockDim.x)
		if (sh[b] != 0)
			atomicAdd(&hist[b], sh[b]);
}
