/*
 * host.c - mummerpp workload (DWR "MP", MUMmerGPU++): one thread per read
 * finds its maximal exact matches against a suffix tree stored in a
 * compact vector layout, with the reference and the reads packed two bits
 * per base.  Inputs come from the shared generator in ../mummer/stree.h.
 * The CPU reference recomputes every read by plain walks from the root
 * (no suffix links) and derives the same report lists; the comparison of
 * counts and records is exact.
 *
 *   small: 4096-base reference, 60 blocks x 256 reads of 18..32 bases
 *          (one wave at 4 blocks of 256 per SM, as for mummer)
 *   paper: 1 Mbase reference, 196 blocks x 256 reads (DWR's grid)
 */
#define BENCH_NAME "mummerpp"
#include "../common/bench.h"
#include "../mummer/stree.h"

#define MP_BLOCK 256
#define MP_MINLEN 12
#define MP_LMIN 18
#define MP_LMAX 32
#define MP_MAXREP MP_LMAX /* at most one report per read position */

/* Pack symbols 0..3 two bits each, 16 per word, into w[0..nw). */
static void mp_pack(unsigned *w, const unsigned char *s, int len)
{
	for (int j = 0; j < len; j++)
		w[j >> 4] |= (unsigned)(s[j] & 3) << ((j & 15) * 2);
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct stree t;
	struct st_queries q;
	struct kh_rng r;
	int n, blocks, nq, nn, nwords, minlen = MP_MINLEN, maxrep = MP_MAXREP;
	int *kids, *edge, *link, *occ, *qwoff, *nrep;
	unsigned *refp, *qp, *rep;
	long long reports = 0;
	CUdeviceptr d_refp, d_kids, d_edge, d_link, d_occ, d_qp, d_qwoff;
	CUdeviceptr d_qlen, d_rep, d_nrep;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	n = a.paper ? 1 << 20 : 4096;
	blocks = a.paper ? 196 : 60;
	nq = blocks * MP_BLOCK;
	r = bench_rng(&a, 11);
	st_make_text(&t, n, &r);
	st_build(&t);
	r = bench_rng(&a, 12);
	st_make_queries(&q, &t, nq, MP_LMIN, MP_LMAX, &r);
	nn = t.nnodes;

	/* compact node vectors */
	kids = kh_zalloc((size_t)nn * 4 * sizeof(int));
	edge = kh_zalloc((size_t)nn * 2 * sizeof(int));
	link = kh_zalloc((size_t)nn * 2 * sizeof(int));
	occ = kh_zalloc((size_t)nn * 2 * sizeof(int));
	for (int v = 0; v < nn; v++) {
		for (int c = 0; c < 4; c++)
			kids[4 * v + c] = t.child[v * ST_SIGMA + c];
		edge[2 * v] = t.estart[v];
		edge[2 * v + 1] = t.elen[v];
		link[2 * v] = t.parent[v];
		link[2 * v + 1] = t.slink[v];
		occ[2 * v] = t.minpos[v];
		occ[2 * v + 1] = t.nleaf[v];
	}
	refp = kh_zalloc((size_t)(n / 16 + 1) * sizeof(unsigned));
	mp_pack(refp, t.text, n);
	qwoff = kh_zalloc((size_t)nq * sizeof(int));
	nwords = 0;
	for (int i = 0; i < nq; i++) {
		qwoff[i] = nwords;
		nwords += (q.len[i] + 15) / 16;
	}
	qp = kh_zalloc((size_t)nwords * sizeof(unsigned));
	for (int i = 0; i < nq; i++)
		mp_pack(qp + qwoff[i], q.sym + q.off[i], q.len[i]);

	d_refp = kh_alloc((size_t)(n / 16 + 1) * sizeof(unsigned), refp);
	d_kids = kh_alloc((size_t)nn * 4 * sizeof(int), kids);
	d_edge = kh_alloc((size_t)nn * 2 * sizeof(int), edge);
	d_link = kh_alloc((size_t)nn * 2 * sizeof(int), link);
	d_occ = kh_alloc((size_t)nn * 2 * sizeof(int), occ);
	d_qp = kh_alloc((size_t)nwords * sizeof(unsigned), qp);
	d_qwoff = kh_alloc((size_t)nq * sizeof(int), qwoff);
	d_qlen = kh_alloc((size_t)nq * sizeof(int), q.len);
	d_rep = kh_alloc((size_t)nq * MP_MAXREP * 4 * sizeof(unsigned), NULL);
	d_nrep = kh_alloc((size_t)nq * sizeof(int), NULL);
	{
		void *p[] = {&d_refp, &n, &d_kids, &d_edge, &d_link, &d_occ,
			     &d_qp, &d_qwoff, &d_qlen, &nq, &minlen, &maxrep,
			     &d_rep, &d_nrep};

		kh_launch(&k, "mummerpp_match", (unsigned)blocks, 1, 1,
			  MP_BLOCK, 1, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	rep = kh_zalloc((size_t)nq * MP_MAXREP * 4 * sizeof(unsigned));
	nrep = kh_zalloc((size_t)nq * sizeof(int));
	CK(cuMemcpyDtoH(rep, d_rep,
			(size_t)nq * MP_MAXREP * 4 * sizeof(unsigned)));
	CK(cuMemcpyDtoH(nrep, d_nrep, (size_t)nq * sizeof(int)));

	h = KH_FNV_INIT;
	for (int i = 0; i < nq; i++) {
		const unsigned char *s = q.sym + q.off[i];
		const unsigned *got = rep + (size_t)i * MP_MAXREP * 4;
		int cnt = 0, prev = 0;

		for (int j = 0; j < q.len[i]; j++) {
			int v, e = st_walk(&t, s + j, q.len[i] - j, &v);

			if (e >= minlen && (j == 0 || prev != e + 1)) {
				unsigned x[4] = {(unsigned)j,
						 (unsigned)t.minpos[v],
						 (unsigned)e,
						 (unsigned)t.nleaf[v]};

				if (cnt >= nrep[i] ||
				    memcmp(got + 4 * cnt, x, sizeof(x)))
					kh_fail("read %d report %d: expected "
						"pos %u ref %u len %u occ %u",
						i, cnt, x[0], x[1], x[2],
						x[3]);
				cnt++;
			}
			prev = e;
		}
		if (cnt != nrep[i])
			kh_fail("read %d: %d reports, expected %d", i, nrep[i],
				cnt);
		h = kh_fnv(h, got, (size_t)cnt * 4 * sizeof(unsigned));
		reports += cnt;
	}

	CK(cuMemFree(d_refp));
	CK(cuMemFree(d_kids));
	CK(cuMemFree(d_edge));
	CK(cuMemFree(d_link));
	CK(cuMemFree(d_occ));
	CK(cuMemFree(d_qp));
	CK(cuMemFree(d_qwoff));
	CK(cuMemFree(d_qlen));
	CK(cuMemFree(d_rep));
	CK(cuMemFree(d_nrep));
	kh_close(&k);
	bench_pass(&a, "ref=%d nodes=%d reads=%d bases=%d blocks=%d "
		   "reports=%lld crc=%016llx", n, nn, nq, q.total, blocks,
		   reports, (unsigned long long)h);
	free(kids);
	free(edge);
	free(link);
	free(occ);
	free(refp);
	free(qwoff);
	free(qp);
	free(rep);
	free(nrep);
	st_free_queries(&q);
	st_free(&t);
	return 0;
}
