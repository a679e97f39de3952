/*
 * host.c - bfs workload (Rodinia BFS): level-synchronous BFS on a
 * deterministic random undirected graph (average degree 6, CSR with
 * per-node start and degree) from source node 0.  Each level the host
 * clears the changed flag, launches bfs_expand then bfs_update (512-thread
 * blocks, one thread per node) and reads the flag back, until nothing
 * changes.  The CPU reference is a queue BFS: every node's cost (hop count,
 * -1 when unreachable) must match exactly, and the number of host
 * iterations must be the graph depth + 1.  The result does not depend on
 * the interleaving of warps: racing writers store the same cost.
 */
#define BENCH_NAME "bfs"
#include "../common/bench.h"

#define BFS_THREADS 512 /* threads per block (Rodinia MAX_THREADS_PER_BLOCK) */

struct bfs_graph {
	int n;          /* nodes */
	int m;          /* directed edge entries (2 x undirected edges) */
	int *start;     /* first edge of each node */
	int *degree;    /* edges of each node */
	int *edges;     /* neighbour lists */
};

/* Random undirected multigraph with n * deg / 2 edges, no self loops. */
static void bfs_make_graph(struct bfs_graph *g, int n, int deg,
			   struct kh_rng *r)
{
	int ne = n / 2 * deg;
	int *eu = kh_zalloc((size_t)ne * sizeof(*eu));
	int *ev = kh_zalloc((size_t)ne * sizeof(*ev));
	int *fill = kh_zalloc((size_t)n * sizeof(*fill));

	g->n = n;
	g->m = 2 * ne;
	g->start = kh_zalloc((size_t)n * sizeof(int));
	g->degree = kh_zalloc((size_t)n * sizeof(int));
	g->edges = kh_zalloc((size_t)g->m * sizeof(int));
	for (int i = 0; i < ne; i++) {
		eu[i] = kh_range(r, 0, n - 1);
		do
			ev[i] = kh_range(r, 0, n - 1);
		while (ev[i] == eu[i]);
		g->degree[eu[i]]++;
		g->degree[ev[i]]++;
	}
	for (int v = 1; v < n; v++)
		g->start[v] = g->start[v - 1] + g->degree[v - 1];
	for (int i = 0; i < ne; i++) {
		g->edges[g->start[eu[i]] + fill[eu[i]]++] = ev[i];
		g->edges[g->start[ev[i]] + fill[ev[i]]++] = eu[i];
	}
	free(eu);
	free(ev);
	free(fill);
}

/* Queue BFS from node 0; returns the depth (largest finite cost). */
static int bfs_reference(const struct bfs_graph *g, int *cost)
{
	int *queue = kh_zalloc((size_t)g->n * sizeof(*queue));
	int head = 0, tail = 0, depth = 0;

	for (int v = 0; v < g->n; v++)
		cost[v] = -1;
	cost[0] = 0;
	queue[tail++] = 0;
	while (head < tail) {
		int v = queue[head++];

		for (int e = g->start[v]; e < g->start[v] + g->degree[v]; e++) {
			int w = g->edges[e];

			if (cost[w] < 0) {
				cost[w] = cost[v] + 1;
				if (cost[w] > depth)
					depth = cost[w];
				queue[tail++] = w;
			}
		}
	}
	free(queue);
	return depth;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct bfs_graph g;
	struct kh_rng r;
	int n, *cost, *ref, depth, levels = 0, reached = 0, changed;
	unsigned char *mask;
	CUdeviceptr d_start, d_deg, d_edges, d_front, d_upd, d_vis, d_cost,
		d_changed;
	unsigned nblocks;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	/* small: 45 blocks x 512 (3 per SM on 15 SMs); paper: 64 K nodes. */
	n = a.paper ? 65536 : 45 * BFS_THREADS;
	r = bench_rng(&a, 1);
	bfs_make_graph(&g, n, 6, &r);
	cost = kh_zalloc((size_t)n * sizeof(*cost));
	ref = kh_zalloc((size_t)n * sizeof(*ref));
	mask = kh_zalloc((size_t)n);
	for (int v = 0; v < n; v++)
		cost[v] = -1;
	cost[0] = 0;
	d_start = kh_alloc((size_t)n * sizeof(int), g.start);
	d_deg = kh_alloc((size_t)n * sizeof(int), g.degree);
	d_edges = kh_alloc((size_t)g.m * sizeof(int), g.edges);
	d_cost = kh_alloc((size_t)n * sizeof(int), cost);
	mask[0] = 1;
	d_front = kh_alloc((size_t)n, mask);
	d_vis = kh_alloc((size_t)n, mask);
	memset(mask, 0, (size_t)n);
	d_upd = kh_alloc((size_t)n, mask);
	d_changed = kh_alloc(sizeof(int), NULL);

	nblocks = (unsigned)((n + BFS_THREADS - 1) / BFS_THREADS);
	do {
		void *pe[] = {&d_start, &d_deg, &d_edges, &d_front, &d_upd,
			      &d_vis, &d_cost, &n};
		void *pu[] = {&d_front, &d_upd, &d_vis, &d_changed, &n};

		changed = 0;
		CK(cuMemcpyHtoD(d_changed, &changed, sizeof(int)));
		kh_launch(&k, "bfs_expand", nblocks, 1, 1, BFS_THREADS, 1, 1,
			  0, pe);
		kh_launch(&k, "bfs_update", nblocks, 1, 1, BFS_THREADS, 1, 1,
			  0, pu);
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(&changed, d_changed, sizeof(int)));
		levels++;
		if (levels > n + 1)
			kh_fail("no convergence after %d levels", levels);
	} while (changed);
	CK(cuMemcpyDtoH(cost, d_cost, (size_t)n * sizeof(int)));

	depth = bfs_reference(&g, ref);
	for (int v = 0; v < n; v++) {
		if (cost[v] != ref[v])
			kh_fail("node %d: cost %d, expected %d", v, cost[v],
				ref[v]);
		reached += ref[v] >= 0;
	}
	if (levels != depth + 1)
		kh_fail("%d host iterations, expected depth %d + 1", levels,
			depth);
	CK(cuMemcpyDtoH(mask, d_upd, (size_t)n));
	for (int v = 0; v < n; v++)
		if (mask[v])
			kh_fail("updating mask left set at node %d", v);
	h = kh_fnv(KH_FNV_INIT, cost, (size_t)n * sizeof(int));

	CK(cuMemFree(d_start));
	CK(cuMemFree(d_deg));
	CK(cuMemFree(d_edges));
	CK(cuMemFree(d_front));
	CK(cuMemFree(d_upd));
	CK(cuMemFree(d_vis));
	CK(cuMemFree(d_cost));
	CK(cuMemFree(d_changed));
	kh_close(&k);
	bench_pass(&a, "nodes=%d edges=%d blocks=%ux%d levels=%d reached=%d "
		   "crc=%016llx", n, g.m, nblocks, BFS_THREADS, levels,
		   reached, (unsigned long long)h);
	free(g.start);
	free(g.degree);
	free(g.edges);
	free(cost);
	free(ref);
	free(mask);
	return 0;
}
