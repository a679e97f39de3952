/*
 * host.c - bt workload (Rodinia b+tree structure): the host bulk-loads a
 * B+tree of order 256 (leaves and inner nodes filled to a random 50-100%)
 * over NREC records with unique sorted keys, then runs bt_find_k (one
 * block per point query) and bt_find_range_k (one block per range query).
 * Blocks are 256 threads (the BAWS paper's 8 warps per block; 5 blocks per
 * SM in the paper, limited by registers); every level of the descent costs
 * 2 barriers.  The CPU reference answers the same queries by binary search
 * on the sorted keys: the record value (or -1 when absent), and for ranges
 * the global index of the first key >= start and the number of keys in
 * [start, end].
 */
#define BENCH_NAME "bt"
#include "../common/bench.h"

#include <limits.h>

#define ORDER 256

struct bt_node {
	int location;            /* leaves: global index of the first key */
	int indices[ORDER + 1];  /* child node (inner) or record (leaf) */
	int keys[ORDER + 1];     /* slot lower bounds; unused = INT_MAX */
	int is_leaf;             /* 1 for leaves */
	int num_keys;            /* used slots */
};

struct bt_record {
	int value;               /* payload */
};

/* A fill between ORDER/2 and ORDER, or all of `left` when that is less. */
static int bt_fill(struct kh_rng *r, int left)
{
	int f = kh_range(r, ORDER / 2, ORDER);

	if (left <= ORDER || left - f < ORDER / 2)
		f = left <= ORDER ? left : left / 2;
	return f;
}

/* Clear a node: no keys, INT_MAX bounds, no children. */
static void bt_node_init(struct bt_node *nd, int leaf)
{
	memset(nd, 0, sizeof(*nd));
	for (int i = 0; i <= ORDER; i++) {
		nd->keys[i] = INT_MAX;
		nd->indices[i] = -1;
	}
	nd->is_leaf = leaf;
}

/* First index i with keys[i] >= q (or > q when strict). */
static int bt_bound(const int *keys, int n, int q, int strict)
{
	int lo = 0, hi = n;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (keys[mid] < q || (strict && keys[mid] == q))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	bench_open(&k, &a, argc, argv);

	int nrec = a.paper ? 1000000 : 65536;
	int nq = a.paper ? 10000 : 240, nr = a.paper ? 6000 : 240;
	int *keys = kh_zalloc((size_t)nrec * sizeof(int));
	struct bt_record *rec = kh_zalloc((size_t)nrec * sizeof(*rec));
	struct kh_rng r = bench_rng(&a, 1);

	keys[0] = kh_range(&r, 0, 31);
	for (int i = 1; i < nrec; i++)
		keys[i] = keys[i - 1] + kh_range(&r, 1, 32);
	for (int i = 0; i < nrec; i++)
		rec[i].value = (int)(kh_rand(&r) & 0x7fffffff);

	/* Bulk load, bottom up; the level below is [lo, hi) of nodes[]. */
	size_t cap = (size_t)nrec / (ORDER / 2) * 2 + 16;
	struct bt_node *nodes = kh_zalloc(cap * sizeof(*nodes));
	int *nmin = kh_zalloc(cap * sizeof(int));  /* subtree minimum key */
	long nn = 0, lo, hi;
	long height = 0;

	for (int i = 0; i < nrec;) {
		int f = bt_fill(&r, nrec - i);
		struct bt_node *nd = &nodes[nn];

		bt_node_init(nd, 1);
		nd->location = i;
		nd->num_keys = f;
		for (int j = 0; j < f; j++) {
			nd->keys[j] = keys[i + j];
			nd->indices[j] = i + j;
		}
		nmin[nn++] = keys[i];
		i += f;
	}
	lo = 0;
	hi = nn;
	while (hi - lo > 1) {
		for (long c = lo; c < hi;) {
			int f = bt_fill(&r, (int)(hi - c));
			struct bt_node *nd = &nodes[nn];

			bt_node_init(nd, 0);
			nd->num_keys = f;
			for (int j = 0; j < f; j++) {
				nd->keys[j] = nmin[c + j];
				nd->indices[j] = (int)(c + j);
			}
			if (c == lo)            /* leftmost: open below */
				nd->keys[0] = INT_MIN;
			nmin[nn++] = nmin[c];
			c += f;
		}
		lo = hi;
		hi = nn;
		height++;
	}
	long root = lo;

	/* Queries: half present keys, half arbitrary values. */
	int *qk = kh_zalloc((size_t)nq * sizeof(int));
	int *qs = kh_zalloc((size_t)nr * sizeof(int));
	int *qe = kh_zalloc((size_t)nr * sizeof(int));
	int kmax = keys[nrec - 1];

	for (int i = 0; i < nq; i++)
		qk[i] = (i & 1) ? kh_range(&r, -8, kmax + 8)
				: keys[kh_range(&r, 0, nrec - 1)];
	for (int i = 0; i < nr; i++) {
		qs[i] = kh_range(&r, -64, kmax);
		qe[i] = qs[i] + kh_range(&r, 0, 4096);
	}

	long *init = kh_zalloc((size_t)(nq > nr ? nq : nr) * sizeof(long));
	for (int i = 0; i < (nq > nr ? nq : nr); i++)
		init[i] = root;
	struct bt_record *ans = kh_zalloc((size_t)nq * sizeof(*ans));
	memset(ans, 0xff, (size_t)nq * sizeof(*ans));

	CUdeviceptr d_nodes = kh_alloc((size_t)nn * sizeof(*nodes), nodes);
	CUdeviceptr d_rec = kh_alloc((size_t)nrec * sizeof(*rec), rec);
	CUdeviceptr d_curr = kh_alloc((size_t)nq * sizeof(long), init);
	CUdeviceptr d_off = kh_alloc((size_t)nq * sizeof(long), init);
	CUdeviceptr d_qk = kh_alloc((size_t)nq * sizeof(int), qk);
	CUdeviceptr d_ans = kh_alloc((size_t)nq * sizeof(*ans), ans);
	CUdeviceptr d_rc = kh_alloc((size_t)nr * sizeof(long), init);
	CUdeviceptr d_rl = kh_alloc((size_t)nr * sizeof(long), init);
	CUdeviceptr d_ro = kh_alloc((size_t)nr * sizeof(long), init);
	CUdeviceptr d_ro2 = kh_alloc((size_t)nr * sizeof(long), init);
	CUdeviceptr d_qs = kh_alloc((size_t)nr * sizeof(int), qs);
	CUdeviceptr d_qe = kh_alloc((size_t)nr * sizeof(int), qe);
	CUdeviceptr d_rs = kh_alloc((size_t)nr * sizeof(int), NULL);
	CUdeviceptr d_rn = kh_alloc((size_t)nr * sizeof(int), NULL);
	{
		void *p[] = {&height, &d_nodes, &nn, &d_rec, &d_curr, &d_off,
			     &d_qk, &d_ans};

		kh_launch(&k, "bt_find_k", (unsigned)nq, 1, 1, ORDER, 1, 1, 0,
			  p);
	}
	{
		void *p[] = {&height, &d_nodes, &nn, &d_rc, &d_rl, &d_ro,
			     &d_ro2, &d_qs, &d_qe, &d_rs, &d_rn};

		kh_launch(&k, "bt_find_range_k", (unsigned)nr, 1, 1, ORDER, 1,
			  1, 0, p);
	}
	CK(cuCtxSynchronize());
	int *rs = kh_zalloc((size_t)nr * sizeof(int));
	int *rn = kh_zalloc((size_t)nr * sizeof(int));
	CK(cuMemcpyDtoH(ans, d_ans, (size_t)nq * sizeof(*ans)));
	CK(cuMemcpyDtoH(rs, d_rs, (size_t)nr * sizeof(int)));
	CK(cuMemcpyDtoH(rn, d_rn, (size_t)nr * sizeof(int)));

	int found = 0;
	long total = 0;
	for (int i = 0; i < nq; i++) {
		int j = bt_bound(keys, nrec, qk[i], 0);
		int e = (j < nrec && keys[j] == qk[i]) ? rec[j].value : -1;

		if (ans[i].value != e)
			kh_fail("findK query %d (key %d): got %d, expected %d",
				i, qk[i], ans[i].value, e);
		found += e >= 0;
	}
	for (int i = 0; i < nr; i++) {
		int s = bt_bound(keys, nrec, qs[i], 0);
		int u = bt_bound(keys, nrec, qe[i], 1);

		if (rs[i] != s || rn[i] != u - s)
			kh_fail("findRangeK query %d [%d, %d]: got start %d "
				"len %d, expected %d %d", i, qs[i], qe[i],
				rs[i], rn[i], s, u - s);
		total += u - s;
	}
	uint64_t h = kh_fnv(KH_FNV_INIT, ans, (size_t)nq * sizeof(*ans));
	h = kh_fnv(h, rs, (size_t)nr * sizeof(int));
	h = kh_fnv(h, rn, (size_t)nr * sizeof(int));

	CUdeviceptr all[] = {d_nodes, d_rec, d_curr, d_off, d_qk, d_ans, d_rc,
			     d_rl, d_ro, d_ro2, d_qs, d_qe, d_rs, d_rn};
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		CK(cuMemFree(all[i]));
	kh_close(&k);
	free(keys);
	free(rec);
	free(nodes);
	free(nmin);
	free(qk);
	free(qs);
	free(qe);
	free(init);
	free(ans);
	free(rs);
	free(rn);
	bench_pass(&a, "records=%d nodes=%ld height=%ld findK=%d found=%d "
		   "findRangeK=%d inrange=%ld crc=%016llx", nrec, nn, height,
		   nq, found, nr, total, (unsigned long long)h);
	return 0;
}
