/*
 * ss: Mars-style SimilarityScore.  All-pairs cosine similarity of document
 * feature vectors (DIM floats each), as a MapReduce pipeline:
 *   ss_norm        two documents per 256-thread block: squares in shared
 *                  memory, a tree reduction with a barrier per level, sqrtf;
 *   ss_map_count   one thread per input record (a document pair i < j):
 *                  dot product (fmaf chain), cosine = dot / (|a| |b|), emits
 *                  1 when it reaches the threshold;
 *   scan_block / scan_add
 *                  exclusive prefix sum of the emit counts (Blelloch block
 *                  scan over 512 elements, a barrier per level);
 *   ss_map         recomputes the score and writes key (descending score,
 *                  then pair index) at the scanned offset;
 *   sort_shared / merge_global / merge_shared
 *                  bitonic sort of the 64-bit keys, 512 per block in shared
 *                  memory (a barrier per compare step) plus global merges.
 * The arithmetic is written so that it rounds the same everywhere (explicit
 * fmaf and __fmul_rn, IEEE division and sqrtf): the host replays it bit for
 * bit.
 */

#define DIM 128
#define SCAN_T 256
#define SCAN_E 512
#define SORT_T 256
#define SORT_E 512

/* ---- map ---------------------------------------------------------------- */

/* |v| of two documents per block (threads 0..127 and 128..255). */
extern "C" __global__ void ss_norm(const float *docs, unsigned ndoc,
				   float *norm)
{
	__shared__ float s[2 * DIM];
	unsigned t = threadIdx.x, lane = t & (DIM - 1);
	unsigned d = blockIdx.x * 2 + t / DIM;
	float x = d < ndoc ? docs[d * DIM + lane] : 0.0f;

	s[t] = __fmul_rn(x, x);
	for (unsigned h = DIM / 2; h > 0; h >>= 1) {
		__syncthreads();
		if (lane < h)
			s[t] += s[t + h];
	}
	__syncthreads();
	if (lane == 0 && d < ndoc)
		norm[d] = sqrtf(s[t]);
}

/* Cosine similarity of documents i and j. */
__device__ static float ss_score(const float *docs, const float *norm,
				 unsigned i, unsigned j)
{
	const float *a = docs + i * DIM, *b = docs + j * DIM;
	float dot = 0.0f;

	for (unsigned k = 0; k < DIM; k++)
		dot = fmaf(a[k], b[k], dot);
	return dot / __fmul_rn(norm[i], norm[j]);
}

extern "C" __global__ void ss_map_count(const float *docs, const float *norm,
					const unsigned *pairs, unsigned n,
					float thr, unsigned *cnt)
{
	unsigned q = blockIdx.x * blockDim.x + threadIdx.x;

	if (q >= n)
		return;
	unsigned pr = pairs[q];
	cnt[q] = ss_score(docs, norm, pr >> 16, pr & 0xffffu) >= thr ? 1u : 0u;
}

extern "C" __global__ void ss_map(const float *docs, const float *norm,
				  const unsigned *pairs, unsigned n, float thr,
				  const unsigned *pos,
				  unsigned long long *keys)
{
	unsigned q = blockIdx.x * blockDim.x + threadIdx.x;

	if (q >= n)
		return;
	unsigned pr = pairs[q];
	float sc = ss_score(docs, norm, pr >> 16, pr & 0xffffu);
	if (!(sc >= thr))
		return;
	/* Order-preserving bits of the score, inverted: descending sort. */
	unsigned u = __float_as_uint(sc);
	u ^= (u & 0x80000000u) ? 0xffffffffu : 0x80000000u;
	keys[pos[q]] = ((unsigned long long)(~u) << 32) | q;
}

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

