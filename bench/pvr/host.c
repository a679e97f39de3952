/*
 * host.c - pvr: Mars-style PageViewRank.  Generates "COUNT URL" records
 * (view counts skewed: many pages with few views, a few popular ones),
 * runs map-count, scan, map, the bitonic group sort (descending count),
 * boundary marking, a second scan and the rank reduce, and checks against
 * a CPU reference: the number of emits, the sorted key array, every page's
 * competition rank and each group's count and view total (all exact).
 */
#define BENCH_NAME "pvr"
#include "../common/bench.h"
#include "../common/mars.h"

#define TPB 256u      /* threads per block of the per-record kernels */
#define MINC 2u       /* pages with fewer views are not ranked */

struct pvr_in {
	unsigned n;          /* records (pages) */
	char *text;          /* all records, back to back */
	unsigned *roff;      /* record start in text */
	unsigned *rlen;      /* record length */
	unsigned *count;     /* view count of each record */
};

static int pvr_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* One record per page: "COUNT http://.../pageID.html". */
static void pvr_generate(const struct bench_args *a, struct pvr_in *in)
{
	struct kh_rng r = bench_rng(a, 2);
	size_t cap = (size_t)in->n * 80, used = 0;
	unsigned i;

	in->text = kh_zalloc(cap);
	in->roff = kh_zalloc((size_t)in->n * sizeof(*in->roff));
	in->rlen = kh_zalloc((size_t)in->n * sizeof(*in->rlen));
	in->count = kh_zalloc((size_t)in->n * sizeof(*in->count));
	for (i = 0; i < in->n; i++) {
		float u = kh_unif(&r, 0.0f, 1.0f);
		float u5 = u * u * u * u * u;
		unsigned c = 1u + (unsigned)(2000.0f * u5);
		int len;

		len = snprintf(in->text + used, cap - used,
			       "%u http://www.site%u.example.com/d%u/page%u.html",
			       c, kh_rand(&r) % 97u, kh_rand(&r) % 50u, i);
		if (len < 0 || (size_t)len >= cap - used)
			kh_fail("record buffer too small");
		in->roff[i] = (unsigned)used;
		in->rlen[i] = (unsigned)len;
		in->count[i] = c;
		used += (size_t)len + 1;
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct pvr_in in;
	CUdeviceptr d_text, d_roff, d_rlen, d_cnt, d_pos, d_keys, d_uoff;
	CUdeviceptr d_flags, d_gid, d_gstart, d_rank, d_gcount, d_gviews;
	unsigned n, nk, npad, ng, i, nb, textlen, minc = MINC;
	uint64_t *keys, *want;
	unsigned *rank, *gcount, *gviews, *uoff;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	memset(&in, 0, sizeof(in));
	in.n = a.paper ? 1048576u : 23040u;
	pvr_generate(&a, &in);
	n = in.n;
	textlen = in.roff[n - 1] + in.rlen[n - 1] + 1;
	nb = (n + TPB - 1) / TPB;

	d_text = kh_alloc(textlen, in.text);
	d_roff = kh_alloc((size_t)n * 4, in.roff);
	d_rlen = kh_alloc((size_t)n * 4, in.rlen);
	d_cnt = kh_alloc((size_t)n * 4, NULL);
	d_pos = kh_alloc((size_t)n * 4, NULL);
	{
		void *p[] = {&d_text, &d_roff, &d_rlen, &n, &minc, &d_cnt};

		kh_launch(&k, "pvr_map_count", nb, 1, 1, TPB, 1, 1, 0, p);
	}
	mars_scan(&k, d_cnt, d_pos, n);
	nk = mars_last(d_pos, n) + mars_last(d_cnt, n);
	{
		unsigned want_nk = 0;

		for (i = 0; i < n; i++)
			want_nk += in.count[i] >= MINC;
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
	d_uoff = kh_alloc((size_t)nk * 4, NULL);
	{
		void *p[] = {&d_text, &d_roff, &d_rlen, &n, &minc, &d_pos,
			     &d_keys, &d_uoff};

		kh_launch(&k, "pvr_map", nb, 1, 1, TPB, 1, 1, 0, p);
	}
	mars_sort(&k, d_keys, npad);

	d_flags = kh_alloc((size_t)nk * 4, NULL);
	d_gid = kh_alloc((size_t)nk * 4, NULL);
	d_rank = kh_alloc((size_t)nk * 4, NULL);
	{
		unsigned kb = (nk + TPB - 1) / TPB;
		void *p[] = {&d_keys, &nk, &d_flags};

		kh_launch(&k, "pvr_mark", kb, 1, 1, TPB, 1, 1, 0, p);
		mars_scan(&k, d_flags, d_gid, nk);
		ng = mars_last(d_gid, nk) + mars_last(d_flags, nk);
		d_gstart = kh_alloc((size_t)(ng + 1) * 4, NULL);
		d_gcount = kh_alloc((size_t)ng * 4, NULL);
		d_gviews = kh_alloc((size_t)ng * 4, NULL);
		void *q[] = {&d_flags, &d_gid, &nk, &ng, &d_gstart};

		kh_launch(&k, "pvr_scatter", kb, 1, 1, TPB, 1, 1, 0, q);
		void *s[] = {&d_keys, &d_gstart, &ng, &d_rank, &d_gcount,
			     &d_gviews};

		kh_launch(&k, "pvr_reduce", (ng + TPB - 1) / TPB, 1, 1, TPB,
			  1, 1, 0, s);
	}
	CK(cuCtxSynchronize());
	keys = kh_zalloc((size_t)nk * 8);
	rank = kh_zalloc((size_t)nk * 4);
	uoff = kh_zalloc((size_t)nk * 4);
	gcount = kh_zalloc((size_t)ng * 4);
	gviews = kh_zalloc((size_t)ng * 4);
	CK(cuMemcpyDtoH(keys, d_keys, (size_t)nk * 8));
	CK(cuMemcpyDtoH(rank, d_rank, (size_t)nk * 4));
	CK(cuMemcpyDtoH(uoff, d_uoff, (size_t)nk * 4));
	CK(cuMemcpyDtoH(gcount, d_gcount, (size_t)ng * 4));
	CK(cuMemcpyDtoH(gviews, d_gviews, (size_t)ng * 4));

	/* Reference: keys (~count:pos) sorted; ranks from the sorted order. */
	{
		unsigned p = 0, g = 0, s, j;

		want = kh_zalloc((size_t)nk * 8);
		for (i = 0; i < n; i++) {
			if (in.count[i] < MINC)
				continue;
			if (uoff[p] != in.roff[i] + 1 +
			    (unsigned)snprintf(NULL, 0, "%u", in.count[i]))
				kh_fail("emit %u: URL offset %u, expected "
					"record %u's URL", p, uoff[p], i);
			want[p] = ((uint64_t)(~in.count[i]) << 32) | p;
			p++;
		}
		qsort(want, nk, sizeof(*want), pvr_cmp_u64);
		for (i = 0; i < nk; i++)
			if (keys[i] != want[i])
				kh_fail("sorted key %u: %016llx, expected "
					"%016llx", i,
					(unsigned long long)keys[i],
					(unsigned long long)want[i]);
		for (s = 0; s < nk; s = i, g++) {
			uint32_t c = ~(uint32_t)(want[s] >> 32);

			for (i = s + 1; i < nk && (want[i] >> 32) ==
			     (want[s] >> 32); i++)
				;
			if (g >= ng)
				kh_fail("%u groups, expected more", ng);
			if (gcount[g] != c || gviews[g] != c * (i - s))
				kh_fail("group %u: count %u views %u, "
					"expected count %u views %u", g,
					gcount[g], gviews[g], c, c * (i - s));
			for (j = s; j < i; j++)
				if (rank[(unsigned)want[j]] != s + 1)
					kh_fail("emit %u (count %u): rank %u, "
						"expected %u",
						(unsigned)want[j], c,
						rank[(unsigned)want[j]],
						s + 1);
		}
		if (g != ng)
			kh_fail("%u groups, expected %u", ng, g);
	}
	h = kh_fnv(KH_FNV_INIT, keys, (size_t)nk * 8);
	h = kh_fnv(h, rank, (size_t)nk * 4);
	h = kh_fnv(h, gcount, (size_t)ng * 4);
	h = kh_fnv(h, gviews, (size_t)ng * 4);

	CK(cuMemFree(d_text));
	CK(cuMemFree(d_roff));
	CK(cuMemFree(d_rlen));
	CK(cuMemFree(d_cnt));
	CK(cuMemFree(d_pos));
	CK(cuMemFree(d_keys));
	CK(cuMemFree(d_uoff));
	CK(cuMemFree(d_flags));
	CK(cuMemFree(d_gid));
	CK(cuMemFree(d_rank));
	CK(cuMemFree(d_gstart));
	CK(cuMemFree(d_gcount));
	CK(cuMemFree(d_gviews));
	kh_close(&k);
	bench_pass(&a, "pages=%u ranked=%u sorted=%u groups=%u crc=%016llx",
		   n, nk, npad, ng, (unsigned long long)h);
	free(keys);
	free(want);
	free(rank);
	free(uoff);
	free(gcount);
	free(gviews);
	free(in.text);
	free(in.roff);
	free(in.rlen);
	free(in.count);
	return 0;
}
