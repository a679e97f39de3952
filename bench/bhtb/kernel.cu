/*
 * bhtb: Barnes-Hut octree build with fine-grained CAS locks on child
 * pointers (BOWS/DDOS "BH-TB", after Burtscher & Pingali's tree-building
 * kernel).  Node indices: bodies are 0..n-1, cells n..root; cell c owns
 * child[(c - n) * 8 .. + 7], where -1 is an empty slot and -2 a locked one.
 * Each thread inserts bodies i, i + stride, ...: it descends from the root
 * to the slot for its body; unless the slot is locked it tries
 * atomicCAS(slot, ch, -2).  The winner stores the body in an empty slot,
 * or, when the slot holds a body, allocates cells (atomicSub on *bottom)
 * until the two bodies separate, fences, and unlocks the slot by storing
 * the new subtree (a plain volatile store).  Losers retry next round.
 * Every round ends with __syncthreads(), which throttles the warps of a
 * block as the original does; the round loop is block-uniform (a
 * triple-buffered shared vote says whether any thread still has a body),
 * so the barrier is never reached by only part of the block.
 */

/* Octant of (x, y, z) relative to the centre (cx, cy, cz). */
__device__ static int bh_octant(float x, float y, float z, float cx,
				float cy, float cz)
{
	return (x > cx ? 1 : 0) | (y > cy ? 2 : 0) | (z > cz ? 4 : 0);
}

/* Centre of the child cell in octant j of a cell (centre c, half-size r). */
__device__ static void bh_descend(int j, float &cx, float &cy, float &cz,
				  float &r)
{
	r *= 0.5f;
	cx += (j & 1) ? r : -r;
	cy += (j & 2) ? r : -r;
	cz += (j & 4) ? r : -r;
}

/*
 * Holding slot (node, j), which contains body ch: create cells until ch
 * and the new body (x, y, z) fall into different octants, store both,
 * then unlock the slot by publishing the first new cell.
 */
__device__ static void bh_split(int i, float x, float y, float z, int ch,
				const float *px, const float *py,
				const float *pz, int n, volatile int *child,
				int *bottom, int locked, int node, int j,
				float cx, float cy, float cz, float r)
{
	int patch = -1;
	float ox = px[ch], oy = py[ch], oz = pz[ch];

	do {
		int cell = atomicSub(bottom, 1) - 1;
		int base = (cell - n) * 8;

		for (int k = 0; k < 8; k++)
			child[base + k] = -1;
		if (patch != -1)
			child[(node - n) * 8 + j] = cell;
		patch = max(patch, cell);
		bh_descend(j, cx, cy, cz, r);
		node = cell;
		child[base + bh_octant(ox, oy, oz, cx, cy, cz)] = ch;
		j = bh_octant(x, y, z, cx, cy, cz);
		ch = child[base + j];
	} while (ch >= 0);
	child[(node - n) * 8 + j] = i;
	__threadfence();
	child[locked] = patch;  /* unlock */
}

/*
 * One insertion attempt for body i, resuming the descent at (node, j):
 * true when the body was inserted, false when the slot was locked or the
 * CAS lost (the caller retries next round from where it stopped).
 */
__device__ static bool bh_attempt(int i, float x, float y, float z,
				  const float *px, const float *py,
				  const float *pz, int n, volatile int *child,
				  int *bottom, int &node, int &j, float &cx,
				  float &cy, float &cz, float &r)
{
	int ch = child[(node - n) * 8 + j];

	while (ch >= n) {  /* descend through cells */
		node = ch;
		bh_descend(j, cx, cy, cz, r);
		j = bh_octant(x, y, z, cx, cy, cz);
		ch = child[(node - n) * 8 + j];
	}
	if (ch == -2)
		return false;
	int locked = (node - n) * 8 + j;
	if (atomicCAS((int *)&child[locked], ch, -2) != ch)
		return false;
	if (ch == -1)
		child[locked] = i;  /* store the body: also the unlock */
	else
		bh_split(i, x, y, z, ch, px, py, pz, n, child, bottom,
			 locked, node, j, cx, cy, cz, r);
	return true;
}

extern "C" __global__ void bhtb_build(const float *px, const float *py,
				      const float *pz, int n,
				      volatile int *child, int *bottom,
				      int root)
{
	__shared__ int s_more[3];
	int inc = blockDim.x * gridDim.x;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	bool skip = true;
	int node = root, j = 0;
	float x = 0.0f, y = 0.0f, z = 0.0f;
	float cx = 0.5f, cy = 0.5f, cz = 0.5f, r = 0.5f;

	if (threadIdx.x < 3)
		s_more[threadIdx.x] = 0;
	__syncthreads();
	for (unsigned it = 0;; it++) {
		if (i < n) {
			if (skip) {
				skip = false;
				x = px[i];
				y = py[i];
				z = pz[i];
				node = root;
				cx = cy = cz = r = 0.5f;
				j = bh_octant(x, y, z, cx, cy, cz);
			}
			if (bh_attempt(i, x, y, z, px, py, pz, n, child,
				       bottom, node, j, cx, cy, cz, r)) {
				i += inc;
				skip = true;
			}
		}
		if (i < n)
			s_more[it % 3] = 1;
		__syncthreads();  /* throttle, as the original does */
		int more = s_more[it % 3];
		if (threadIdx.x == 0)
			s_more[(it + 2) % 3] = 0;
		if (!more)
			break;
	}
}
