/*
 * bt: B+tree point and range queries (the structure of Rodinia b+tree's
 * findK and findRangeK, written for warpsim).  One block per query,
 * blockDim.x = ORDER = 256 threads, one per key slot of a node.  At every
 * level each thread tests whether the query lies in its slot's range
 * keys[t] <= q < keys[t+1]; the (single) matching thread records the child
 * in a global offset array, a barrier follows, thread 0 moves the block's
 * current node to that child, and a second barrier follows: 2 barriers per
 * level, with one active thread at a time.  Nodes live in one global array
 * laid out as struct bt_node below (the host builds the tree).
 */

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

extern "C" __global__ void bt_find_k(long height, const struct bt_node *nodes,
				     long nnodes,
				     const struct bt_record *records,
				     long *curr, long *offset,
				     const int *qkeys, struct bt_record *ans)
{
	int t = threadIdx.x, b = blockIdx.x;
	int q = qkeys[b];

	for (long lvl = 0; lvl < height; lvl++) {
		const struct bt_node *nd = &nodes[curr[b]];

		if (nd->keys[t] <= q && nd->keys[t + 1] > q) {
			if (nd->indices[t] < nnodes)
				offset[b] = nd->indices[t];
		}
		__syncthreads();
		if (t == 0)
			curr[b] = offset[b];
		__syncthreads();
	}
	const struct bt_node *leaf = &nodes[curr[b]];

	if (leaf->keys[t] == q)
		ans[b].value = records[leaf->indices[t]].value;
}

extern "C" __global__ void bt_find_range_k(long height,
					   const struct bt_node *nodes,
					   long nnodes, long *curr,
					   long *last, long *offset,
					   long *offset2, const int *qstart,
					   const int *qend, int *rstart,
					   int *rlen)
{
	__shared__ int first, lastpos;
	int t = threadIdx.x, b = blockIdx.x;
	int qs = qstart[b], qe = qend[b];

	for (long lvl = 0; lvl < height; lvl++) {
		const struct bt_node *nc = &nodes[curr[b]];
		const struct bt_node *nl = &nodes[last[b]];

		if (nc->keys[t] <= qs && nc->keys[t + 1] > qs) {
			if (nc->indices[t] < nnodes)
				offset[b] = nc->indices[t];
		}
		if (nl->keys[t] <= qe && nl->keys[t + 1] > qe) {
			if (nl->indices[t] < nnodes)
				offset2[b] = nl->indices[t];
		}
		__syncthreads();
		if (t == 0) {
			curr[b] = offset[b];
			last[b] = offset2[b];
		}
		__syncthreads();
	}
	/* Global position of the first key >= qs and of the last <= qe. */
	const struct bt_node *lc = &nodes[curr[b]];
	const struct bt_node *ll = &nodes[last[b]];

	if (t == 0) {
		first = lc->location + lc->num_keys;
		lastpos = ll->location - 1;
	}
	__syncthreads();
	if (t < lc->num_keys && lc->keys[t] >= qs &&
	    (t == 0 || lc->keys[t - 1] < qs))
		first = lc->location + t;
	if (t < ll->num_keys && ll->keys[t] <= qe &&
	    (t == ll->num_keys - 1 || ll->keys[t + 1] > qe))
		lastpos = ll->location + t;
	__syncthreads();
	if (t == 0) {
		rstart[b] = first;
		rlen[b] = lastpos >= first ? lastpos - first + 1 : 0;
	}
}
