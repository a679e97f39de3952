/*
 * host.c - mummer workload (DWR "MU", MUMmerGPU): one thread per read
 * computes matching statistics against a reference suffix tree using
 * suffix links.  Inputs: a seeded DNA-like reference with repeats and
 * reads sampled from it with substitutions (stree.h).  The CPU reference
 * recomputes every read position by an independent plain walk from the
 * root (no suffix links), and a brute-force scan of the raw reference
 * checks the tree itself on a few reads; all comparisons are exact.
 *
 *   small: 2048-base reference, 60 blocks x 256 reads of 18..32 bases
 *          (one wave at 4 blocks of 256 per SM: the DWR machine's 1024
 *          threads per SM, and register-bound on a GTX480)
 *   paper: 1 Mbase reference, 196 blocks x 256 reads (DWR's grid)
 */
#define BENCH_NAME "mummer"
#include "../common/bench.h"
#include "stree.h"

#define MU_BLOCK 256
#define MU_MINLEN 12
#define MU_BRUTE 8       /* reads also checked by brute force */

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct stree t;
	struct st_queries q;
	struct kh_rng r;
	int n, blocks, nq, nn, minlen = MU_MINLEN;
	int *child4, *olen, *opos;
	long long matched = 0;
	CUdeviceptr d_text, d_child, d_estart, d_elen, d_parent, d_slink;
	CUdeviceptr d_minpos, d_qsym, d_qoff, d_qlen, d_olen, d_opos;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	n = a.paper ? 1 << 20 : 2048;
	blocks = a.paper ? 196 : 60;
	nq = blocks * MU_BLOCK;
	r = bench_rng(&a, 1);
	st_make_text(&t, n, &r);
	st_build(&t);
	r = bench_rng(&a, 2);
	st_make_queries(&q, &t, nq, 18, 32, &r);
	nn = t.nnodes;
	child4 = kh_zalloc((size_t)nn * 4 * sizeof(int));
	for (int v = 0; v < nn; v++)
		for (int c = 0; c < 4; c++)
			child4[4 * v + c] = t.child[v * ST_SIGMA + c];

	d_text = kh_alloc((size_t)n + 1, t.text);
	d_child = kh_alloc((size_t)nn * 4 * sizeof(int), child4);
	d_estart = kh_alloc((size_t)nn * sizeof(int), t.estart);
	d_elen = kh_alloc((size_t)nn * sizeof(int), t.elen);
	d_parent = kh_alloc((size_t)nn * sizeof(int), t.parent);
	d_slink = kh_alloc((size_t)nn * sizeof(int), t.slink);
	d_minpos = kh_alloc((size_t)nn * sizeof(int), t.minpos);
	d_qsym = kh_alloc((size_t)q.total, q.sym);
	d_qoff = kh_alloc((size_t)nq * sizeof(int), q.off);
	d_qlen = kh_alloc((size_t)nq * sizeof(int), q.len);
	d_olen = kh_alloc((size_t)q.total * sizeof(int), NULL);
	d_opos = kh_alloc((size_t)q.total * sizeof(int), NULL);
	{
		void *p[] = {&d_text, &d_child, &d_estart, &d_elen, &d_parent,
			     &d_slink, &d_minpos, &d_qsym, &d_qoff, &d_qlen,
			     &nq, &minlen, &d_olen, &d_opos};

		kh_launch(&k, "mummer_match", (unsigned)blocks, 1, 1, MU_BLOCK,
			  1, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	olen = kh_zalloc((size_t)q.total * sizeof(int));
	opos = kh_zalloc((size_t)q.total * sizeof(int));
	CK(cuMemcpyDtoH(olen, d_olen, (size_t)q.total * sizeof(int)));
	CK(cuMemcpyDtoH(opos, d_opos, (size_t)q.total * sizeof(int)));

	for (int i = 0; i < nq; i++) {
		const unsigned char *s = q.sym + q.off[i];

		for (int j = 0; j < q.len[i]; j++) {
			int v, e = st_walk(&t, s + j, q.len[i] - j, &v);
			int ep = e >= minlen ? t.minpos[v] : -1;
			int o = q.off[i] + j;

			if (olen[o] != e || opos[o] != ep)
				kh_fail("read %d pos %d: got len %d at %d, "
					"expected len %d at %d", i, j, olen[o],
					opos[o], e, ep);
			if (i < MU_BRUTE) {
				int bp, b = st_brute(&t, s + j, q.len[i] - j,
						     &bp);

				if (b != e || (e >= minlen && bp != ep))
					kh_fail("read %d pos %d: tree gives "
						"%d at %d, text gives %d at %d",
						i, j, e, ep, b, bp);
			}
			if (e >= minlen)
				matched++;
		}
	}
	h = kh_fnv(KH_FNV_INIT, olen, (size_t)q.total * sizeof(int));
	h = kh_fnv(h, opos, (size_t)q.total * sizeof(int));

	CK(cuMemFree(d_text));
	CK(cuMemFree(d_child));
	CK(cuMemFree(d_estart));
	CK(cuMemFree(d_elen));
	CK(cuMemFree(d_parent));
	CK(cuMemFree(d_slink));
	CK(cuMemFree(d_minpos));
	CK(cuMemFree(d_qsym));
	CK(cuMemFree(d_qoff));
	CK(cuMemFree(d_qlen));
	CK(cuMemFree(d_olen));
	CK(cuMemFree(d_opos));
	kh_close(&k);
	bench_pass(&a, "ref=%d nodes=%d reads=%d bases=%d blocks=%d "
		   "matched=%lld crc=%016llx", n, nn, nq, q.total, blocks,
		   matched, (unsigned long long)h);
	free(child4);
	free(olen);
	free(opos);
	st_free_queries(&q);
	st_free(&t);
	return 0;
}
