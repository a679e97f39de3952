/*
 * host.c - pvc: Mars-style PageViewCount over synthetic web-log lines.
 * Generates "METHOD URL STATUS IP" records (URL popularity skewed towards a
 * few pages), runs map-count, scan, map, bitonic group sort, boundary
 * marking, a second scan and the reduce, and checks every stage's result
 * against a CPU reference: the number of emits, the sorted key array, and
 * each group's first position and count (all exact).
 */
#define BENCH_NAME "pvc"
#include "../common/bench.h"
#include "../common/mars.h"

#define TPB 256u      /* threads per block of the per-record kernels */
#define URL_MAX 96u   /* bytes of a URL buffer */

struct pvc_in {
	unsigned n;          /* records */
	unsigned nurl;       /* distinct URLs */
	char *text;          /* all records, back to back */
	unsigned *roff;      /* record start in text */
	unsigned *rlen;      /* record length */
	unsigned *url;       /* URL id of each record */
	unsigned char *emit; /* 1 when the record is a GET with status 200 */
	char (*urls)[URL_MAX]; /* URL strings */
	uint32_t *uhash;     /* FNV-1a hash of each URL */
};

static uint32_t pvc_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 16777619u;
	}
	return h;
}

static int pvc_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

static int pvc_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* URLs with pairwise distinct hashes, then the log records. */
static void pvc_generate(const struct bench_args *a, struct pvc_in *in)
{
	struct kh_rng r = bench_rng(a, 1);
	uint32_t *sorted;
	size_t cap, used = 0;
	unsigned i;

	in->urls = kh_zalloc((size_t)in->nurl * sizeof(*in->urls));
	in->uhash = kh_zalloc((size_t)in->nurl * sizeof(*in->uhash));
	sorted = kh_zalloc((size_t)in->nurl * sizeof(*sorted));
	for (;;) {
		for (i = 0; i < in->nurl; i++) {
			snprintf(in->urls[i], URL_MAX,
				 "http://www.site%u.example.com/%s%u/page%u.html",
				 kh_rand(&r) % 97u,
				 (kh_rand(&r) & 1) ? "news/d" : "d",
				 kh_rand(&r) % 50u, i);
			in->uhash[i] = pvc_hash(in->urls[i]);
			sorted[i] = in->uhash[i];
		}
		qsort(sorted, in->nurl, sizeof(*sorted), pvc_cmp_u32);
		for (i = 1; i < in->nurl && sorted[i] != sorted[i - 1]; i++)
			;
		if (i >= in->nurl)
			break;
	}
	free(sorted);
	cap = (size_t)in->n * 140;
	in->text = kh_zalloc(cap);
	in->roff = kh_zalloc((size_t)in->n * sizeof(*in->roff));
	in->rlen = kh_zalloc((size_t)in->n * sizeof(*in->rlen));
	in->url = kh_zalloc((size_t)in->n * sizeof(*in->url));
	in->emit = kh_zalloc(in->n);
	for (i = 0; i < in->n; i++) {
		static const char *const meth[4] = {"GET", "GET", "POST",
						    "HEAD"};
		static const unsigned code[5] = {200, 200, 200, 304, 404};
		float u = kh_unif(&r, 0.0f, 1.0f);
		unsigned id = (unsigned)((float)in->nurl * u * u * u);
		unsigned m = kh_rand(&r) % 8u, c = kh_rand(&r) % 5u;
		const char *mt = m < 6 ? "GET" : meth[m - 4];
		int len;

		if (id >= in->nurl)
			id = in->nurl - 1;
		len = snprintf(in->text + used, cap - used, "%s %s %u 10.%u.%u.%u",
			       mt, in->urls[id], code[c], kh_rand(&r) % 256u,
			       kh_rand(&r) % 256u, kh_rand(&r) % 256u);
		if (len < 0 || (size_t)len >= cap - used)
			kh_fail("record buffer too small");
		in->roff[i] = (unsigned)used;
		in->rlen[i] = (unsigned)len;
		in->url[i] = id;
		in->emit[i] = mt[0] == 'G' && code[c] == 200;
		used += (size_t)len + 1;
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct pvc_in in;
	CUdeviceptr d_text, d_roff, d_rlen, d_cnt, d_pos, d_keys, d_uoff;
	CUdeviceptr d_ulen, d_vals, d_flags, d_gid, d_gstart, d_gpos, d_gcnt;
	unsigned n, nk, npad, ng, i, nb, textlen;
	uint64_t *keys, *want;
	unsigned *gpos, *gcnt;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	memset(&in, 0, sizeof(in));
	in.n = a.paper ? 1048576u : 23040u;
	in.nurl = a.paper ? 65536u : 1024u;
	pvc_generate(&a, &in);
	n = in.n;
	textlen = in.roff[n - 1] + in.rlen[n - 1] + 1;
	nb = (n + TPB - 1) / TPB;

	d_text = kh_alloc(textlen, in.text);
	d_roff = kh_alloc((size_t)n * 4, in.roff);
	d_rlen = kh_alloc((size_t)n * 4, in.rlen);
	d_cnt = kh_alloc((size_t)n * 4, NULL);
	d_pos = kh_alloc((size_t)n * 4, NULL);
	{
		void *p[] = {&d_text, &d_roff, &d_rlen, &n, &d_cnt};

		kh_launch(&k, "pvc_map_count", nb, 1, 1, TPB, 1, 1, 0, p);
	}
	mars_scan(&k, d_cnt, d_pos, n);
	nk = mars_last(d_pos, n) + mars_last(d_cnt, n);

	/* CPU reference: emits in record order, keys sorted. */
	{
		unsigned want_nk = 0;

		for (i = 0; i < n; i++)
			want_nk += in.emit[i];
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
	d_ulen = kh_alloc((size_t)nk * 4, NULL);
	d_vals = kh_alloc((size_t)nk * 4, NULL);
	{
		void *p[] = {&d_text, &d_roff, &d_rlen, &n, &d_pos, &d_keys,
			     &d_uoff, &d_ulen, &d_vals};

		kh_launch(&k, "pvc_map", nb, 1, 1, TPB, 1, 1, 0, p);
	}
	mars_sort(&k, d_keys, npad);

	d_flags = kh_alloc((size_t)nk * 4, NULL);
	d_gid = kh_alloc((size_t)nk * 4, NULL);
	{
		unsigned kb = (nk + TPB - 1) / TPB;
		void *p[] = {&d_keys, &d_text, &d_uoff, &d_ulen, &nk,
			     &d_flags};

		kh_launch(&k, "pvc_mark", kb, 1, 1, TPB, 1, 1, 0, p);
		mars_scan(&k, d_flags, d_gid, nk);
		ng = mars_last(d_gid, nk) + mars_last(d_flags, nk);
		d_gstart = kh_alloc((size_t)(ng + 1) * 4, NULL);
		d_gpos = kh_alloc((size_t)ng * 4, NULL);
		d_gcnt = kh_alloc((size_t)ng * 4, NULL);
		void *q[] = {&d_flags, &d_gid, &nk, &ng, &d_gstart};

		kh_launch(&k, "pvc_scatter", kb, 1, 1, TPB, 1, 1, 0, q);
		void *s[] = {&d_keys, &d_vals, &d_gstart, &ng, &d_gpos,
			     &d_gcnt};

		kh_launch(&k, "pvc_reduce", (ng + TPB - 1) / TPB, 1, 1, TPB,
			  1, 1, 0, s);
	}
	CK(cuCtxSynchronize());
	keys = kh_zalloc((size_t)nk * 8);
	gpos = kh_zalloc((size_t)ng * 4);
	gcnt = kh_zalloc((size_t)ng * 4);
	CK(cuMemcpyDtoH(keys, d_keys, (size_t)nk * 8));
	CK(cuMemcpyDtoH(gpos, d_gpos, (size_t)ng * 4));
	CK(cuMemcpyDtoH(gcnt, d_gcnt, (size_t)ng * 4));

	/* Reference keys (hash:pos), sorted; groups are runs of one hash. */
	{
		unsigned *purl = kh_zalloc((size_t)nk * 4);
		unsigned p = 0, g = 0, s;

		want = kh_zalloc((size_t)nk * 8);
		for (i = 0; i < n; i++) {
			if (!in.emit[i])
				continue;
			purl[p] = in.url[i];
			want[p] = ((uint64_t)in.uhash[in.url[i]] << 32) | p;
			p++;
		}
		qsort(want, nk, sizeof(*want), pvc_cmp_u64);
		for (i = 0; i < nk; i++)
			if (keys[i] != want[i])
				kh_fail("sorted key %u: %016llx, expected "
					"%016llx", i,
					(unsigned long long)keys[i],
					(unsigned long long)want[i]);
		for (s = 0; s < nk; s = i, g++) {
			for (i = s + 1; i < nk && (want[i] >> 32) ==
			     (want[s] >> 32); i++)
				;
			if (g >= ng)
				kh_fail("%u groups, expected more", ng);
			if (gpos[g] != (unsigned)want[s] ||
			    gcnt[g] != i - s)
				kh_fail("group %u (%s): pos %u count %u, "
					"expected pos %u count %u", g,
					in.urls[purl[(unsigned)want[s]]],
					gpos[g], gcnt[g],
					(unsigned)want[s], i - s);
		}
		if (g != ng)
			kh_fail("%u groups, expected %u", ng, g);
		free(purl);
	}
	h = kh_fnv(KH_FNV_INIT, keys, (size_t)nk * 8);
	h = kh_fnv(h, gpos, (size_t)ng * 4);
	h = kh_fnv(h, gcnt, (size_t)ng * 4);

	CK(cuMemFree(d_text));
	CK(cuMemFree(d_roff));
	CK(cuMemFree(d_rlen));
	CK(cuMemFree(d_cnt));
	CK(cuMemFree(d_pos));
	CK(cuMemFree(d_keys));
	CK(cuMemFree(d_uoff));
	CK(cuMemFree(d_ulen));
	CK(cuMemFree(d_vals));
	CK(cuMemFree(d_flags));
	CK(cuMemFree(d_gid));
	CK(cuMemFree(d_gstart));
	CK(cuMemFree(d_gpos));
	CK(cuMemFree(d_gcnt));
	kh_close(&k);
	bench_pass(&a, "records=%u emits=%u sorted=%u groups=%u crc=%016llx",
		   n, nk, npad, ng, (unsigned long long)h);
	free(keys);
	free(want);
	free(gpos);
	free(gcnt);
	free(in.text);
	free(in.roff);
	free(in.rlen);
	free(in.url);
	free(in.emit);
	free(in.urls);
	free(in.uhash);
	return 0;
}
