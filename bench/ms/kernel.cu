/*
 * ms: merge sort of (key, value) pairs (the structure of the CUDA SDK
 * mergeSort workload, written for warpsim).
 *   ms_shared: each block sorts SHARED_N = 1024 pairs in shared memory with
 *     256 threads (4 pairs each).  log2(1024) = 10 merge stages; at each
 *     stage every pair finds its rank in the partner run by a binary search
 *     (exclusive for the left run, inclusive for the right one, so the sort
 *     is stable) and is scattered to its merged position.  Two barriers per
 *     stage: after the reads, after the writes.
 *   ms_merge: one global merge level (runs of `run` pairs into runs of
 *     2*run), MERGE_PT consecutive pairs per thread: the same rank rule,
 *     a binary search for the first pair and a forward scan for the
 *     others (divergent loops); no barriers.  The host loops over levels,
 *     ping-ponging buffers.
 */

#define SHARED_N 1024
#define PER_THREAD (SHARED_N / 2 / 256)  /* pairs of runs per thread */
#define MERGE_PT 4                       /* pairs per ms_merge thread */

/* Number of elements of the sorted run s[0..len) that are < key. */
__device__ static unsigned ms_rank_lt(unsigned key, const unsigned *s,
				      unsigned len)
{
	unsigned lo = 0, hi = len;

	while (lo < hi) {
		unsigned mid = (lo + hi) >> 1;

		if (s[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* Number of elements of the sorted run s[0..len) that are <= key. */
__device__ static unsigned ms_rank_le(unsigned key, const unsigned *s,
				      unsigned len)
{
	unsigned lo = 0, hi = len;

	while (lo < hi) {
		unsigned mid = (lo + hi) >> 1;

		if (s[mid] <= key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

extern "C" __global__ void ms_shared(unsigned *dkey, unsigned *dval,
				     const unsigned *skey,
				     const unsigned *sval)
{
	__shared__ unsigned k[SHARED_N];
	__shared__ unsigned v[SHARED_N];
	unsigned base = blockIdx.x * SHARED_N;
	unsigned t = threadIdx.x, nt = blockDim.x;

	for (unsigned i = t; i < SHARED_N; i += nt) {
		k[i] = skey[base + i];
		v[i] = sval[base + i];
	}
	for (unsigned stride = 1; stride < SHARED_N; stride <<= 1) {
		unsigned ka[PER_THREAD], va[PER_THREAD], pa[PER_THREAD];
		unsigned kb[PER_THREAD], vb[PER_THREAD], pb[PER_THREAD];

		__syncthreads();
		/* Element j of the SHARED_N/2 pairs: lPos inside its run. */
		for (unsigned r = 0; r < PER_THREAD; r++) {
			unsigned j = t + r * nt;
			unsigned lpos = j & (stride - 1);
			unsigned off = 2 * (j - lpos);

			ka[r] = k[off + lpos];
			va[r] = v[off + lpos];
			kb[r] = k[off + stride + lpos];
			vb[r] = v[off + stride + lpos];
			pa[r] = off + lpos +
				ms_rank_lt(ka[r], &k[off + stride], stride);
			pb[r] = off + lpos + ms_rank_le(kb[r], &k[off], stride);
		}
		__syncthreads();
		for (unsigned r = 0; r < PER_THREAD; r++) {
			k[pa[r]] = ka[r];
			v[pa[r]] = va[r];
			k[pb[r]] = kb[r];
			v[pb[r]] = vb[r];
		}
	}
	__syncthreads();
	for (unsigned i = t; i < SHARED_N; i += nt) {
		dkey[base + i] = k[i];
		dval[base + i] = v[i];
	}
}

extern "C" __global__ void ms_merge(unsigned *dkey, unsigned *dval,
				    const unsigned *skey,
				    const unsigned *sval, unsigned n,
				    unsigned run)
{
	unsigned i0 = (blockIdx.x * blockDim.x + threadIdx.x) * MERGE_PT;

	if (i0 >= n)
		return;
	unsigned start = i0 & ~(2 * run - 1);  /* first pair of the merge */
	unsigned mid = start + run;
	unsigned end = min(mid + run, n);
	unsigned cnt = min(MERGE_PT, n - i0);

	if (mid >= n) {                         /* lone run: copy */
		for (unsigned q = 0; q < cnt; q++) {
			dkey[i0 + q] = skey[i0 + q];
			dval[i0 + q] = sval[i0 + q];
		}
		return;
	}
	/* Consecutive pairs of one run have non-decreasing ranks in the
	 * partner run: one binary search, then a forward scan. */
	bool left = i0 < mid;
	const unsigned *part = left ? &skey[mid] : &skey[start];
	unsigned plen = left ? end - mid : run;
	unsigned base = left ? i0 : start + (i0 - mid);
	unsigned key = skey[i0];
	unsigned r = left ? ms_rank_lt(key, part, plen)
			  : ms_rank_le(key, part, plen);

	for (unsigned q = 0; q < cnt; q++) {
		if (q > 0) {
			key = skey[i0 + q];
			if (left)
				while (r < plen && part[r] < key)
					r++;
			else
				while (r < plen && part[r] <= key)
					r++;
		}
		dkey[base + q + r] = key;
		dval[base + q + r] = sval[i0 + q];
	}
}
