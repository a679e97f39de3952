/*
 * kernel.cu - nqueens workload (DWR "NQU", ISPASS N-Queen): every thread
 * completes one partial board (the first rows placed by the host) by
 * iterative backtracking over bit masks, keeping its stack of column,
 * diagonal and candidate masks in a dynamically indexed per-thread array
 * (local memory), and counts the solutions it finds.  Each block of 96
 * threads then sums its counts with a shared-memory reduction in seven
 * explicit barrier steps (96 is not a power of two: 96 -> 48 -> 24 -> 12
 * -> 6 -> 3 -> 1).  Subtree sizes differ per thread: heavy divergence.
 */

#define NQ_MAXN 16   /* largest board */
#define NQ_BLOCK 96  /* threads per block (the reduction assumes it) */

extern "C" __global__ void nqueens_solve(
	const unsigned *__restrict__ pre, /* {cols, ldiag, rdiag} per prefix */
	int npre,                         /* number of prefixes */
	int n,                            /* board size */
	int rows,                         /* rows left after the prefix */
	unsigned *__restrict__ block_sum) /* solutions per block */
{
	__shared__ unsigned sum[NQ_BLOCK];
	unsigned cols[NQ_MAXN], ld[NQ_MAXN], rd[NQ_MAXN], cand[NQ_MAXN];
	int t = threadIdx.x;
	int g = blockIdx.x * NQ_BLOCK + t;
	unsigned count = 0;

	if (g < npre && rows > 0) {
		unsigned full = (1u << n) - 1u;
		int lvl = 0;

		cols[0] = pre[3 * g];
		ld[0] = pre[3 * g + 1];
		rd[0] = pre[3 * g + 2];
		cand[0] = full & ~(cols[0] | ld[0] | rd[0]);
		while (lvl >= 0) {
			unsigned c = cand[lvl];

			if (c == 0) {
				lvl--;
				continue;
			}
			unsigned bit = c & (0u - c);

			cand[lvl] = c ^ bit;
			if (lvl + 1 == rows) {
				count++;
				continue;
			}
			unsigned nc = cols[lvl] | bit;
			unsigned nl = ((ld[lvl] | bit) << 1) & full;
			unsigned nr = (rd[lvl] | bit) >> 1;

			lvl++;
			cols[lvl] = nc;
			ld[lvl] = nl;
			rd[lvl] = nr;
			cand[lvl] = full & ~(nc | nl | nr);
		}
	}
	sum[t] = count;
	__syncthreads();
	if (t < 48)
		sum[t] += sum[t + 48];
	__syncthreads();
	if (t < 24)
		sum[t] += sum[t + 24];
	__syncthreads();
	if (t < 12)
		sum[t] += sum[t + 12];
	__syncthreads();
	if (t < 6)
		sum[t] += sum[t + 6];
	__syncthreads();
	if (t < 3)
		sum[t] += sum[t + 3];
	__syncthreads();
	if (t == 0)
		sum[0] += sum[1] + sum[2];
	__syncthreads();
	if (t == 0)
		block_sum[blockIdx.x] = sum[0];
}
