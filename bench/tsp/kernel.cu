/*
 * tsp: random-restart 2-opt hill climbing for the travelling salesman
 * problem with a global best kept under one global spin lock (BOWS/DDOS
 * "TSP", after O'Neil & Burtscher's GPU 2-opt).  Each block builds the
 * rounded Euclidean distance matrix (sqrtf) in shared memory, then runs
 * the climbs blockIdx.x, blockIdx.x + gridDim.x, ...: starting from the
 * climber's random tour it repeatedly evaluates every 2-opt move (threads
 * stride over the move grid), picks the best one with a block-wide
 * min-reduction (a barrier per level; ties go to the lowest move index,
 * so the climb is deterministic), and reverses that tour segment, until
 * no move improves.  Thread 0 then updates the global best length, climber
 * and tour under one global lock (done-flag form: CAS acquire, a long
 * critical section copying the tour, fence, release, all in the loop).
 */

#define CMAX 76     /* most cities (the paper's input size) */
#define BLOCK 256   /* threads per block (a power of two) */

/* Lexicographic (delta, move) minimum of two candidates. */
__device__ static bool tsp_better(int d1, int m1, int d2, int m2)
{
	return d1 < d2 || (d1 == d2 && m1 < m2);
}

extern "C" __global__ void tsp_climb(const int *cx, const int *cy, int nc,
				     const int *tours, int nclimbers,
				     int *lengths, int *lock,
				     volatile int *best,
				     volatile int *best_tour)
{
	__shared__ unsigned short dist[CMAX * CMAX];
	__shared__ int t[CMAX];
	__shared__ int s_d[BLOCK], s_m[BLOCK];
	int tid = threadIdx.x;

	for (int idx = tid; idx < nc * nc; idx += blockDim.x) {
		int dx = cx[idx / nc] - cx[idx % nc];
		int dy = cy[idx / nc] - cy[idx % nc];
		dist[idx] = (unsigned short)(int)(sqrtf((float)(dx * dx +
								dy * dy)) +
						  0.5f);
	}
	for (int climb = blockIdx.x; climb < nclimbers; climb += gridDim.x) {
		for (int k = tid; k < nc; k += blockDim.x)
			t[k] = tours[climb * nc + k];
		__syncthreads();
		for (;;) {  /* one best-improvement 2-opt step per pass */
			int bd = 0, bm = 0x7fffffff;
			for (int m = tid; m < nc * nc; m += blockDim.x) {
				int i = m / nc, j = m % nc;
				if (j <= i + 1 || (i == 0 && j == nc - 1))
					continue;
				int a = t[i], b = t[i + 1], c = t[j];
				int d = t[j + 1 == nc ? 0 : j + 1];
				int delta = dist[a * nc + c] + dist[b * nc + d] -
					    dist[a * nc + b] - dist[c * nc + d];
				if (delta < bd) {
					bd = delta;
					bm = m;
				}
			}
			s_d[tid] = bd;
			s_m[tid] = bm;
			__syncthreads();
			for (int h = blockDim.x / 2; h > 0; h >>= 1) {
				if (tid < h && tsp_better(s_d[tid + h],
							  s_m[tid + h],
							  s_d[tid], s_m[tid])) {
					s_d[tid] = s_d[tid + h];
					s_m[tid] = s_m[tid + h];
				}
				__syncthreads();
			}
			bd = s_d[0];
			bm = s_m[0];
			__syncthreads();
			if (bd >= 0)
				break;  /* local optimum (block-uniform) */
			int i = bm / nc, j = bm % nc;
			for (int k = tid; k < (j - i) / 2; k += blockDim.x) {
				int u = t[i + 1 + k];
				t[i + 1 + k] = t[j - k];
				t[j - k] = u;
			}
			__syncthreads();
		}
		int len = 0;
		for (int k = tid; k < nc; k += blockDim.x)
			len += dist[t[k] * nc + t[k + 1 == nc ? 0 : k + 1]];
		s_d[tid] = len;
		__syncthreads();
		for (int h = blockDim.x / 2; h > 0; h >>= 1) {
			if (tid < h)
				s_d[tid] += s_d[tid + h];
			__syncthreads();
		}
		if (tid == 0) {
			len = s_d[0];
			lengths[climb] = len;
			bool done = false;
			while (!done) {
				if (atomicCAS(lock, 0, 1) == 0) {
					if (len < best[0] || (len == best[0] &&
							      climb < best[1])) {
						best[0] = len;
						best[1] = climb;
						for (int k = 0; k < nc; k++)
							best_tour[k] = t[k];
					}
					__threadfence();
					atomicExch(lock, 0);
					done = true;
				}
			}
		}
		__syncthreads();
	}
}
