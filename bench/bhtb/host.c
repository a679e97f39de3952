/*
 * host.c - bhtb workload: Barnes-Hut octree build with CAS-locked child
 * slots and barrier throttling (BOWS/DDOS BH-TB).  Bodies are distinct
 * points of a 1024^3 lattice (odd multiples of 1/2048), so every octant
 * test and cell centre is exact and bodies never tie with a centre.
 * Whatever order the threads insert in, the finished octree is the unique
 * one in which a cell exists exactly where its region holds two or more
 * bodies, so the check is exact and interleaving-independent: a walk of
 * the GPU tree must visit every body once, in the right octant, reach
 * every allocated cell once, find no locked (-2) slot, and serialize to
 * the same sequence as the tree the CPU builds serially.
 *
 * All blocks resident (the kernel loops over bodies with a grid stride,
 * sized FACTOR x #SM like the original): 45 blocks x 512 threads = 3 TBs
 * of 16 warps per SM, 48 warps, the whole GTX480.  Contention comes from
 * all threads starting at the root at once.  Small: 16 K bodies.  Paper:
 * 30,000 bodies.
 */
#define BENCH_NAME "bhtb"
#include "../common/bench.h"
#include "../common/bhtree.h"

#define BLOCK 512u
#define GRID 45u  /* 15 SMs x 3 resident blocks of 512 */
#define N_SMALL 16384
#define N_PAPER 30000

struct walk {
	const struct tree *t;  /* tree being walked */
	const float *x, *y, *z; /* body positions */
	char *seen;            /* per body */
	char *visited;         /* per cell (index c - n) */
	uint64_t hash;         /* FNV of the serialization */
	int cells;             /* cells reached below the root */
	int depth;             /* deepest cell level */
};

static void walk_emit(struct walk *w, int v)
{
	w->hash = kh_fnv(w->hash, &v, sizeof(v));
}

/* Validate and serialize the subtree of cell c (centre, half-size r). */
static void walk_cell(struct walk *w, int c, float cx, float cy, float cz,
		      float r, int depth)
{
	const struct tree *t = w->t;
	int n = t->n, j;

	if (depth > w->depth)
		w->depth = depth;
	for (j = 0; j < 8; j++) {
		int ch = t->child[(c - n) * 8 + j];
		float nx = cx, ny = cy, nz = cz, nr = r;

		if (ch == -1) {
			walk_emit(w, -1);
		} else if (ch >= 0 && ch < n) {
			if (w->seen[ch])
				kh_fail("body %d appears twice", ch);
			w->seen[ch] = 1;
			if (ref_octant(w->x[ch], w->y[ch], w->z[ch], cx, cy,
				       cz) != j)
				kh_fail("body %d in wrong octant %d of cell "
					"%d", ch, j, c);
			walk_emit(w, ch);
		} else if (ch >= n && ch < t->root && ch >= t->bottom) {
			if (w->visited[ch - n])
				kh_fail("cell %d reached twice", ch);
			w->visited[ch - n] = 1;
			w->cells++;
			walk_emit(w, -3);
			ref_descend(j, &nx, &ny, &nz, &nr);
			walk_cell(w, ch, nx, ny, nz, nr, depth + 1);
		} else {
			kh_fail("cell %d slot %d holds %d (locked or out of "
				"range)", c, j, ch);
		}
	}
}

/* Walk the whole tree; FAIL unless every body and cell is reached once. */
static struct walk walk_tree(const struct tree *t, const float *x,
			     const float *y, const float *z)
{
	struct walk w = {t, x, y, z, NULL, NULL, KH_FNV_INIT, 0, 0};
	int i;

	w.seen = kh_zalloc((size_t)t->n);
	w.visited = kh_zalloc((size_t)(t->root - t->n + 1));
	walk_cell(&w, t->root, 0.5f, 0.5f, 0.5f, 0.5f, 0);
	for (i = 0; i < t->n; i++)
		if (!w.seen[i])
			kh_fail("body %d missing from the tree", i);
	if (w.cells != t->root - t->bottom)
		kh_fail("%d cells allocated, %d reachable",
			t->root - t->bottom, w.cells);
	free(w.seen);
	free(w.visited);
	return w;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	struct tree ref, got;
	struct walk wr, wg;
	int n, i, maxcells, ncell;
	float *x, *y, *z;
	CUdeviceptr d_x, d_y, d_z, d_child, d_bottom;

	bench_open(&k, &a, argc, argv);
	n = a.paper ? N_PAPER : N_SMALL;
	r = bench_rng(&a, 0x4254);
	x = kh_zalloc((size_t)n * sizeof(float));
	y = kh_zalloc((size_t)n * sizeof(float));
	z = kh_zalloc((size_t)n * sizeof(float));
	gen_bodies(&r, n, x, y, z);
	/* CPU tree first: it sizes the cell pool (plus some slack). */
	maxcells = 2 * n + 1;
	ref.n = n;
	ref.root = n + maxcells - 1;
	ref.bottom = ref.root;
	ref.child = kh_zalloc((size_t)maxcells * 8 * sizeof(int));
	memset(ref.child + (ref.root - n) * 8, 0xff, 8 * sizeof(int));
	for (i = 0; i < n; i++)
		ref_insert(&ref, x, y, z, i);
	ncell = ref.root - ref.bottom + 1;
	maxcells = ncell + 8;
	got.n = n;
	got.root = n + maxcells - 1;
	got.bottom = got.root;
	got.child = kh_zalloc((size_t)maxcells * 8 * sizeof(int));
	d_x = kh_alloc((size_t)n * sizeof(float), x);
	d_y = kh_alloc((size_t)n * sizeof(float), y);
	d_z = kh_alloc((size_t)n * sizeof(float), z);
	d_child = kh_alloc((size_t)maxcells * 8 * sizeof(int), NULL);
	CK(cuMemsetD32(d_child, 0xffffffffu, (size_t)maxcells * 8));
	d_bottom = kh_alloc(sizeof(int), &got.bottom);
	{
		void *p[] = {&d_x, &d_y, &d_z, &n, &d_child, &d_bottom,
			     &got.root};

		kh_launch(&k, "bhtb_build", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(got.child, d_child,
			(size_t)maxcells * 8 * sizeof(int)));
	CK(cuMemcpyDtoH(&got.bottom, d_bottom, sizeof(int)));
	if (got.bottom < n || got.bottom > got.root)
		kh_fail("bottom %d outside the cell pool [%d, %d]",
			got.bottom, n, got.root);
	wg = walk_tree(&got, x, y, z);
	wr = walk_tree(&ref, x, y, z);
	if (wg.cells != wr.cells)
		kh_fail("%d cells, the CPU tree has %d", wg.cells, wr.cells);
	if (wg.hash != wr.hash)
		kh_fail("tree differs from the CPU octree (serialization "
			"%016llx, expected %016llx)",
			(unsigned long long)wg.hash,
			(unsigned long long)wr.hash);
	CK(cuMemFree(d_x));
	CK(cuMemFree(d_y));
	CK(cuMemFree(d_z));
	CK(cuMemFree(d_child));
	CK(cuMemFree(d_bottom));
	kh_close(&k);
	bench_pass(&a, "bodies=%d cells=%d depth=%d threads=%u crc=%016llx",
		   n, wg.cells + 1, wg.depth, GRID * BLOCK,
		   (unsigned long long)wg.hash);
	free(x);
	free(y);
	free(z);
	free(ref.child);
	free(got.child);
	return 0;
}
