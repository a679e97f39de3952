/*
 * bhst: Barnes-Hut summarization and sort with wait/signal on volatile
 * flags (BOWS/DDOS "BH-ST", after Burtscher & Pingali's summarization and
 * sort kernels).  Node indices: bodies 0..n-1, cells bottom..root, cell c
 * owning child[(c - n) * 8 .. + 7] (-1 empty).  Cells are numbered so a
 * child cell's index is below its parent's.
 *
 * bhst_count: threads take cells bottom + gid, bottom + gid + stride, ...
 * (children first).  A cell is ready once every child cell's count is
 * published (count >= 0, a volatile load written by another thread or
 * block); the thread then sums counts and integer position sums, writes
 * the sums, fences and publishes the count.  Until then it re-polls.
 * bhst_sort: threads take cells root - gid, ... (parents first).  A cell
 * waits until its start offset is published (start >= 0, set by the
 * thread that handled its parent), then hands out offsets: bodies go to
 * sorted[], child cells get their start (fence, then a volatile store).
 * Waiting threads spin in the done-flag form (the poll and the work sit in
 * one loop body), and they wait on other blocks: all blocks must be
 * resident.
 */

extern "C" __global__ void bhst_count(int n, int bottom, int root,
				      const int *child, const int *bx,
				      const int *by, const int *bz,
				      volatile int *count, volatile int *sx,
				      volatile int *sy, volatile int *sz)
{
	int stride = blockDim.x * gridDim.x;
	int k = bottom + (int)(blockIdx.x * blockDim.x + threadIdx.x);

	while (k <= root) {
		bool ready = true;
		int c = 0, x = 0, y = 0, z = 0;

		for (int j = 0; j < 8; j++) {
			int ch = child[(k - n) * 8 + j];
			if (ch >= n) {
				int cc = count[ch - n];
				if (cc < 0) {
					ready = false;
				} else {
					c += cc;
					x += sx[ch - n];
					y += sy[ch - n];
					z += sz[ch - n];
				}
			} else if (ch >= 0) {
				c++;
				x += bx[ch];
				y += by[ch];
				z += bz[ch];
			}
		}
		if (ready) {
			sx[k - n] = x;
			sy[k - n] = y;
			sz[k - n] = z;
			__threadfence();
			count[k - n] = c;  /* signal */
			k += stride;
		}
	}
}

extern "C" __global__ void bhst_sort(int n, int bottom, int root,
				     const int *child, const int *count,
				     volatile int *start, int *sorted)
{
	int stride = blockDim.x * gridDim.x;
	int k = root - (int)(blockIdx.x * blockDim.x + threadIdx.x);

	while (k >= bottom) {
		int s = start[k - n];  /* wait for the parent's signal */
		if (s >= 0) {
			for (int j = 0; j < 8; j++) {
				int ch = child[(k - n) * 8 + j];
				if (ch >= n) {
					__threadfence();
					start[ch - n] = s;  /* signal */
					s += count[ch - n];
				} else if (ch >= 0) {
					sorted[s] = ch;
					s++;
				}
			}
			k -= stride;
		}
	}
}
