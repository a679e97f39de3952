/*
 * host.c - ss: Mars-style SimilarityScore.  Generates document feature
 * vectors (a topic mixture: shared dimensions make same-topic documents
 * similar), one input record per document pair, runs norm, map-count,
 * scan, map and the bitonic sort, and checks against a CPU reference that
 * replays the kernels' rounding: norms, the number of emits and the whole
 * sorted key array (descending score bits, pair index) must match exactly.
 */
#define BENCH_NAME "ss"
#include "../common/bench.h"
#include "../common/mars.h"
#include <math.h>

#define DIM 128u      /* features per document */
#define TPB 256u      /* threads per block */
#define TOPICS 8u     /* topics of the generator */
#define THR 0.45f     /* similarity threshold of an emit */

static int ss_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Document vectors: background noise plus the dimensions of its topics. */
static void ss_generate(const struct bench_args *a, float *docs,
			unsigned ndoc)
{
	struct kh_rng r = bench_rng(a, 3);
	unsigned char topic_dim[TOPICS][DIM];
	unsigned d, k, t;

	memset(topic_dim, 0, sizeof(topic_dim));
	for (t = 0; t < TOPICS; t++)
		for (k = 0; k < 24; k++)
			topic_dim[t][kh_rand(&r) % DIM] = 1;
	for (d = 0; d < ndoc; d++) {
		unsigned t1 = kh_rand(&r) % TOPICS, t2 = kh_rand(&r) % TOPICS;
		float w2 = kh_unif(&r, 0.0f, 0.6f);

		for (k = 0; k < DIM; k++) {
			float v = kh_unif(&r, 0.0f, 0.35f);

			if (topic_dim[t1][k])
				v += kh_unif(&r, 0.5f, 1.5f);
			if (topic_dim[t2][k])
				v += w2 * kh_unif(&r, 0.5f, 1.5f);
			docs[(size_t)d * DIM + k] = v;
		}
	}
}

/* The kernel's norm: squares, tree additions, sqrtf. */
static float ss_ref_norm(const float *v)
{
	float s[DIM];
	unsigned h, t;

	for (t = 0; t < DIM; t++)
		s[t] = v[t] * v[t];
	for (h = DIM / 2; h > 0; h >>= 1)
		for (t = 0; t < h; t++)
			s[t] += s[t + h];
	return sqrtf(s[0]);
}

/* The kernel's score: an fmaf chain, one product of norms, a division. */
static float ss_ref_score(const float *docs, const float *norm, unsigned i,
			  unsigned j)
{
	const float *x = docs + (size_t)i * DIM, *y = docs + (size_t)j * DIM;
	float dot = 0.0f, nn = norm[i] * norm[j];
	unsigned k;

	for (k = 0; k < DIM; k++)
		dot = fmaf(x[k], y[k], dot);
	return dot / nn;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	CUdeviceptr d_docs, d_norm, d_pairs, d_cnt, d_pos, d_keys;
	unsigned ndoc, n, nk, npad, i, j, q, nb;
	float *docs, *norm, *want_norm, thr = THR;
	unsigned *pairs;
	uint64_t *keys, *want;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	ndoc = a.paper ? 2048u : 215u;
	n = ndoc * (ndoc - 1) / 2;
	docs = kh_zalloc((size_t)ndoc * DIM * sizeof(*docs));
	norm = kh_zalloc((size_t)ndoc * sizeof(*norm));
	want_norm = kh_zalloc((size_t)ndoc * sizeof(*want_norm));
	pairs = kh_zalloc((size_t)n * sizeof(*pairs));
	ss_generate(&a, docs, ndoc);
	for (i = 0, q = 0; i < ndoc; i++)
		for (j = i + 1; j < ndoc; j++)
			pairs[q++] = i << 16 | j;
	nb = (n + TPB - 1) / TPB;

	d_docs = kh_alloc((size_t)ndoc * DIM * 4, docs);
	d_norm = kh_alloc((size_t)ndoc * 4, NULL);
	d_pairs = kh_alloc((size_t)n * 4, pairs);
	d_cnt = kh_alloc((size_t)n * 4, NULL);
	d_pos = kh_alloc((size_t)n * 4, NULL);
	{
		void *p[] = {&d_docs, &ndoc, &d_norm};
		void *c[] = {&d_docs, &d_norm, &d_pairs, &n, &thr, &d_cnt};

		kh_launch(&k, "ss_norm", (ndoc + 1) / 2, 1, 1, 2 * DIM, 1, 1,
			  0, p);
		kh_launch(&k, "ss_map_count", nb, 1, 1, TPB, 1, 1, 0, c);
	}
	mars_scan(&k, d_cnt, d_pos, n);
	nk = mars_last(d_pos, n) + mars_last(d_cnt, n);

	/* Reference norms and emits. */
	CK(cuMemcpyDtoH(norm, d_norm, (size_t)ndoc * 4));
	for (i = 0; i < ndoc; i++) {
		want_norm[i] = ss_ref_norm(docs + (size_t)i * DIM);
		if (memcmp(&norm[i], &want_norm[i], 4) != 0)
			kh_fail("norm %u: %.9g, expected %.9g", i,
				(double)norm[i], (double)want_norm[i]);
	}
	want = kh_zalloc((size_t)n * 8);
	{
		unsigned want_nk = 0;

		for (q = 0; q < n; q++) {
			float sc = ss_ref_score(docs, want_norm,
						pairs[q] >> 16,
						pairs[q] & 0xffffu);
			uint32_t u;

			if (!(sc >= THR))
				continue;
			memcpy(&u, &sc, 4);
			u ^= (u & 0x80000000u) ? 0xffffffffu : 0x80000000u;
			want[want_nk++] = ((uint64_t)(~u) << 32) | q;
		}
		if (nk != want_nk)
			kh_fail("map count: %u emits, expected %u", nk,
				want_nk);
		if (nk == 0)
			kh_fail("no emits");
	}
	for (npad = MARS_SORT_E; npad < nk; npad <<= 1)
		;
	d_keys = kh_alloc((size_t)npad * 8, NULL);
	CK(cuMemsetD32(d_keys, 0xffffffffu, (size_t)npad * 2));
	{
		void *p[] = {&d_docs, &d_norm, &d_pairs, &n, &thr, &d_pos,
			     &d_keys};

		kh_launch(&k, "ss_map", nb, 1, 1, TPB, 1, 1, 0, p);
	}
	mars_sort(&k, d_keys, npad);
	CK(cuCtxSynchronize());
	keys = kh_zalloc((size_t)nk * 8);
	CK(cuMemcpyDtoH(keys, d_keys, (size_t)nk * 8));
	qsort(want, nk, sizeof(*want), ss_cmp_u64);
	for (i = 0; i < nk; i++)
		if (keys[i] != want[i])
			kh_fail("sorted key %u: %016llx, expected %016llx", i,
				(unsigned long long)keys[i],
				(unsigned long long)want[i]);
	h = kh_fnv(KH_FNV_INIT, norm, (size_t)ndoc * 4);
	h = kh_fnv(h, keys, (size_t)nk * 8);

	CK(cuMemFree(d_docs));
	CK(cuMemFree(d_norm));
	CK(cuMemFree(d_pairs));
	CK(cuMemFree(d_cnt));
	CK(cuMemFree(d_pos));
	CK(cuMemFree(d_keys));
	kh_close(&k);
	bench_pass(&a, "docs=%u dim=%u pairs=%u emits=%u sorted=%u "
		   "top=%u:%u crc=%016llx", ndoc, DIM, n, nk, npad,
		   pairs[(unsigned)keys[0]] >> 16,
		   pairs[(unsigned)keys[0]] & 0xffffu, (unsigned long long)h);
	free(docs);
	free(norm);
	free(want_norm);
	free(pairs);
	free(keys);
	free(want);
	return 0;
}
