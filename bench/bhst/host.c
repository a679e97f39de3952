/*
 * host.c - bhst workload: Barnes-Hut summarization and sort with
 * wait/signal on volatile flags (BOWS/DDOS BH-ST).  The host builds the
 * octree of distinct lattice bodies serially (cells numbered downwards
 * from the root, so a child cell's index is below its parent's), uploads
 * it, then launches bhst_count (bottom-up: a cell waits until its child
 * cells' counts are published) and bhst_sort (top-down: a cell waits
 * until its parent publishes its start offset, then places its bodies in
 * sorted[] and hands offsets to its child cells).  Every result is a
 * function of the tree alone, so counts, integer position sums, start
 * offsets and the sorted body order are checked exactly against a CPU
 * recursion, independent of the warp interleaving.
 *
 * All blocks resident (threads wait on other blocks): 60 blocks x 256
 * threads = 4 of the 6 resident blocks per SM that fit on 15 SMs.  Small:
 * 16 K bodies (about 7.8 K cells).  Paper: 30,000 bodies.
 */
#define BENCH_NAME "bhst"
#include "../common/bench.h"
#include "../common/bhtree.h"

#define BLOCK 256u
#define GRID 60u  /* 15 SMs x 4 blocks of 256; at most 90 fit */
#define N_SMALL 16384
#define N_PAPER 30000

struct sums {
	int *count, *sx, *sy, *sz;  /* per cell (index c - n) */
	int *start;                 /* per cell: first slot in sorted[] */
	int *sorted;                /* bodies in tree order */
	const int *bx, *by, *bz;    /* integer lattice coordinates */
};

/* Bottom-up counts and coordinate sums of cell c. */
static void ref_count(const struct tree *t, struct sums *s, int c)
{
	int n = t->n, j, cnt = 0, x = 0, y = 0, z = 0;

	for (j = 0; j < 8; j++) {
		int ch = t->child[(c - n) * 8 + j];

		if (ch >= n) {
			ref_count(t, s, ch);
			cnt += s->count[ch - n];
			x += s->sx[ch - n];
			y += s->sy[ch - n];
			z += s->sz[ch - n];
		} else if (ch >= 0) {
			cnt++;
			x += s->bx[ch];
			y += s->by[ch];
			z += s->bz[ch];
		}
	}
	s->count[c - n] = cnt;
	s->sx[c - n] = x;
	s->sy[c - n] = y;
	s->sz[c - n] = z;
}

/* Top-down offsets from start[c], as the sort kernel hands them out. */
static void ref_sort(const struct tree *t, struct sums *s, int c)
{
	int n = t->n, j, st = s->start[c - n];

	for (j = 0; j < 8; j++) {
		int ch = t->child[(c - n) * 8 + j];

		if (ch >= n) {
			s->start[ch - n] = st;
			st += s->count[ch - n];
			ref_sort(t, s, ch);
		} else if (ch >= 0) {
			s->sorted[st++] = ch;
		}
	}
}

/* Compare a GPU array with the CPU's; FAIL at the first difference. */
static void check_ints(const char *what, const int *got, const int *want,
		       int len)
{
	int i;

	for (i = 0; i < len; i++)
		if (got[i] != want[i])
			kh_fail("%s[%d] = %d, expected %d", what, i, got[i],
				want[i]);
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	struct tree t;
	struct sums want, got;
	int n, i, maxcells, nc, bottom;
	int *bx, *by, *bz, *init;
	float *x, *y, *z;
	CUdeviceptr d_child, d_bx, d_by, d_bz, d_count, d_sx, d_sy, d_sz;
	CUdeviceptr d_start, d_sorted;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	n = a.paper ? N_PAPER : N_SMALL;
	r = bench_rng(&a, 0x4253);
	x = kh_zalloc((size_t)n * sizeof(float));
	y = kh_zalloc((size_t)n * sizeof(float));
	z = kh_zalloc((size_t)n * sizeof(float));
	bx = kh_zalloc((size_t)n * sizeof(int));
	by = kh_zalloc((size_t)n * sizeof(int));
	bz = kh_zalloc((size_t)n * sizeof(int));
	gen_bodies(&r, n, x, y, z);
	for (i = 0; i < n; i++) {
		bx[i] = (int)(x[i] * 1024.0f);
		by[i] = (int)(y[i] * 1024.0f);
		bz[i] = (int)(z[i] * 1024.0f);
	}
	maxcells = 2 * n + 1;
	t.n = n;
	t.root = n + maxcells - 1;
	t.bottom = t.root;
	t.child = kh_zalloc((size_t)maxcells * 8 * sizeof(int));
	memset(t.child + (t.root - n) * 8, 0xff, 8 * sizeof(int));
	for (i = 0; i < n; i++)
		ref_insert(&t, x, y, z, i);
	nc = maxcells;  /* per-cell arrays span the whole pool */
	bottom = t.bottom;
	want.bx = got.bx = bx;
	want.by = got.by = by;
	want.bz = got.bz = bz;
	want.count = kh_zalloc((size_t)nc * sizeof(int));
	want.sx = kh_zalloc((size_t)nc * sizeof(int));
	want.sy = kh_zalloc((size_t)nc * sizeof(int));
	want.sz = kh_zalloc((size_t)nc * sizeof(int));
	want.start = kh_zalloc((size_t)nc * sizeof(int));
	want.sorted = kh_zalloc((size_t)n * sizeof(int));
	got.count = kh_zalloc((size_t)nc * sizeof(int));
	got.sx = kh_zalloc((size_t)nc * sizeof(int));
	got.sy = kh_zalloc((size_t)nc * sizeof(int));
	got.sz = kh_zalloc((size_t)nc * sizeof(int));
	got.start = kh_zalloc((size_t)nc * sizeof(int));
	got.sorted = kh_zalloc((size_t)n * sizeof(int));
	ref_count(&t, &want, t.root);
	for (i = bottom - n; i <= t.root - n; i++)
		want.start[i] = -1;
	want.start[t.root - n] = 0;
	ref_sort(&t, &want, t.root);
	if (want.count[t.root - n] != n)
		kh_fail("CPU tree holds %d bodies, expected %d",
			want.count[t.root - n], n);
	/* Device state: counts -1 (not ready), starts -1 but the root's. */
	init = kh_zalloc((size_t)nc * sizeof(int));
	for (i = 0; i < nc; i++)
		init[i] = -1;
	d_child = kh_alloc((size_t)maxcells * 8 * sizeof(int), t.child);
	d_bx = kh_alloc((size_t)n * sizeof(int), bx);
	d_by = kh_alloc((size_t)n * sizeof(int), by);
	d_bz = kh_alloc((size_t)n * sizeof(int), bz);
	d_count = kh_alloc((size_t)nc * sizeof(int), init);
	d_sx = kh_alloc((size_t)nc * sizeof(int), NULL);
	d_sy = kh_alloc((size_t)nc * sizeof(int), NULL);
	d_sz = kh_alloc((size_t)nc * sizeof(int), NULL);
	init[t.root - n] = 0;
	d_start = kh_alloc((size_t)nc * sizeof(int), init);
	d_sorted = kh_alloc((size_t)n * sizeof(int), NULL);
	CK(cuMemsetD32(d_sorted, 0xffffffffu, (size_t)n));
	{
		void *pc[] = {&n, &bottom, &t.root, &d_child, &d_bx, &d_by,
			      &d_bz, &d_count, &d_sx, &d_sy, &d_sz};
		void *ps[] = {&n, &bottom, &t.root, &d_child, &d_count,
			      &d_start, &d_sorted};

		kh_launch(&k, "bhst_count", GRID, 1, 1, BLOCK, 1, 1, 0, pc);
		kh_launch(&k, "bhst_sort", GRID, 1, 1, BLOCK, 1, 1, 0, ps);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(got.count, d_count, (size_t)nc * sizeof(int)));
	CK(cuMemcpyDtoH(got.sx, d_sx, (size_t)nc * sizeof(int)));
	CK(cuMemcpyDtoH(got.sy, d_sy, (size_t)nc * sizeof(int)));
	CK(cuMemcpyDtoH(got.sz, d_sz, (size_t)nc * sizeof(int)));
	CK(cuMemcpyDtoH(got.start, d_start, (size_t)nc * sizeof(int)));
	CK(cuMemcpyDtoH(got.sorted, d_sorted, (size_t)n * sizeof(int)));
	i = bottom - n;
	check_ints("count", got.count + i, want.count + i, nc - i);
	check_ints("sumx", got.sx + i, want.sx + i, nc - i);
	check_ints("sumy", got.sy + i, want.sy + i, nc - i);
	check_ints("sumz", got.sz + i, want.sz + i, nc - i);
	check_ints("start", got.start + i, want.start + i, nc - i);
	check_ints("sorted", got.sorted, want.sorted, n);
	h = kh_fnv(KH_FNV_INIT, got.sorted, (size_t)n * sizeof(int));
	h = kh_fnv(h, got.count + i, (size_t)(nc - i) * sizeof(int));
	CK(cuMemFree(d_child));
	CK(cuMemFree(d_bx));
	CK(cuMemFree(d_by));
	CK(cuMemFree(d_bz));
	CK(cuMemFree(d_count));
	CK(cuMemFree(d_sx));
	CK(cuMemFree(d_sy));
	CK(cuMemFree(d_sz));
	CK(cuMemFree(d_start));
	CK(cuMemFree(d_sorted));
	kh_close(&k);
	bench_pass(&a, "bodies=%d cells=%d threads=%u crc=%016llx", n,
		   t.root - bottom + 1, GRID * BLOCK, (unsigned long long)h);
	free(x);
	free(y);
	free(z);
	free(bx);
	free(by);
	free(bz);
	free(init);
	free(t.child);
	free(want.count);
	free(want.sx);
	free(want.sy);
	free(want.sz);
	free(want.start);
	free(want.sorted);
	free(got.count);
	free(got.sx);
	free(got.sy);
	free(got.sz);
	free(got.start);
	free(got.sorted);
	return 0;
}
