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

#include "../common/mars_scan.cuh"
#include "../common/mars_sort.cuh"

