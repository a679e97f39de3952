/*
 * kernel.cu - bfs workload (Rodinia BFS structure, own code).
 *
 * Level-synchronous breadth-first search over a CSR graph with byte masks.
 * bfs_expand: one thread per node; a node in the frontier mask clears its
 * mask bit and walks its edge list, giving every unvisited neighbour the
 * cost cost[self] + 1 and setting its bit in the updating mask.  Several
 * frontier nodes may write the same neighbour, always with the same value
 * (a benign race, as in the original).
 * bfs_update: one thread per node; a node in the updating mask moves into
 * the frontier, is marked visited, clears its updating bit and sets the
 * "changed" flag.  The host relaunches both until no flag is set.
 * No barriers and no atomics; divergence comes from the sparse frontier
 * and the variable degree.
 */

extern "C" __global__ void bfs_expand(const int *row_start,
				      const int *row_degree,
				      const int *edges,
				      unsigned char *frontier,
				      unsigned char *updating,
				      const unsigned char *visited,
				      int *cost, int nnodes)
{
	int v = blockIdx.x * blockDim.x + threadIdx.x;

	if (v < nnodes && frontier[v]) {
		frontier[v] = 0;
		int first = row_start[v];
		int last = first + row_degree[v];

		for (int e = first; e < last; e++) {
			int w = edges[e];

			if (!visited[w]) {
				cost[w] = cost[v] + 1;
				updating[w] = 1;
			}
		}
	}
}

extern "C" __global__ void bfs_update(unsigned char *frontier,
				      unsigned char *updating,
				      unsigned char *visited, int *changed,
				      int nnodes)
{
	int v = blockIdx.x * blockDim.x + threadIdx.x;

	if (v < nnodes && updating[v]) {
		frontier[v] = 1;
		visited[v] = 1;
		*changed = 1;
		updating[v] = 0;
	}
}
