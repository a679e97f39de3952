/*
 * kernel.cu - gaussian workload (Rodinia gaussian structure, own code).
 *
 * Forward elimination without pivoting on an n x n system, one pivot t per
 * pair of launches.
 * gauss_fan1: one thread per row below the pivot computes the multiplier
 * m[i][t] = a[i][t] / a[t][t]; threads past the active rows return.
 * gauss_fan2: a 2-D grid over the whole matrix, thread (x, y) updating
 * a[t+1+x][t+y] -= m[t+1+x][t] * a[t][t+y] (x walks rows, so consecutive
 * threads touch different rows as in the original) and, in column y == 0,
 * b[t+1+x] -= m[t+1+x][t] * b[t].  Threads outside the shrinking active
 * region return at once: edge divergence, no barriers, no atomics.
 */

extern "C" __global__ void gauss_fan1(float *m, const float *a, int n, int t)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;

	if (x >= n - 1 - t)
		return;
	m[n * (x + t + 1) + t] = a[n * (x + t + 1) + t] / a[n * t + t];
}

extern "C" __global__ void gauss_fan2(const float *m, float *a, float *b,
				      int n, int width, int t)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x >= n - 1 - t)
		return;
	if (y >= width)
		return;
	a[n * (x + 1 + t) + (y + t)] -= m[n * (x + 1 + t) + t] *
					a[n * t + (y + t)];
	if (y == 0)
		b[x + 1 + t] -= m[n * (x + 1 + t) + (y + t)] * b[t];
}
