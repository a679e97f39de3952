/*
 * lud: blocked LU decomposition without pivoting (Rodinia lud structure).
 * The host walks the diagonal in 16x16 steps; per step:
 *   lud_diagonal  <<<1, 16>>>      factors the 16x16 diagonal block in
 *                                 shared memory (a barrier per column);
 *   lud_perimeter <<<nb, 32>>>    threads 0-15 solve the blocks right of
 *                                 the diagonal (U row), threads 16-31 the
 *                                 blocks below it (L column): divergent
 *                                 halves, serial triangular solves;
 *   lud_internal  <<<(nb,nb), (16,16)>>>  trailing update
 *                                 A -= L_col * U_row with one barrier.
 * A final lud_diagonal factors the last block.  Row-major, dim x dim.
 */

#define BS 16

extern "C" __global__ void lud_diagonal(float *m, int dim, int off)
{
	__shared__ float sh[BS][BS];
	int tx = threadIdx.x;
	int base = off * dim + off;

	for (int i = 0; i < BS; i++)
		sh[i][tx] = m[base + i * dim + tx];
	__syncthreads();
	for (int i = 0; i < BS - 1; i++) {
		if (tx > i) {
			for (int j = 0; j < i; j++)
				sh[tx][i] -= sh[tx][j] * sh[j][i];
			sh[tx][i] /= sh[i][i];
		}
		__syncthreads();
		if (tx > i) {
			for (int j = 0; j < i + 1; j++)
				sh[i + 1][tx] -= sh[i + 1][j] * sh[j][tx];
		}
		__syncthreads();
	}
	for (int i = 1; i < BS; i++)
		m[base + i * dim + tx] = sh[i][tx];
}

extern "C" __global__ void lud_perimeter(float *m, int dim, int off)
{
	__shared__ float dia[BS][BS];
	__shared__ float prow[BS][BS];
	__shared__ float pcol[BS][BS];
	int tx = threadIdx.x;
	int bx = blockIdx.x;
	int base = off * dim + off;
	int i, j, idx;

	if (tx < BS) {
		idx = tx;
		for (i = 0; i < BS / 2; i++)
			dia[i][idx] = m[base + i * dim + idx];
		for (i = 0; i < BS; i++)
			prow[i][idx] = m[base + i * dim + (bx + 1) * BS + idx];
	} else {
		idx = tx - BS;
		for (i = BS / 2; i < BS; i++)
			dia[i][idx] = m[base + i * dim + idx];
		for (i = 0; i < BS; i++)
			pcol[i][idx] = m[base + ((bx + 1) * BS + i) * dim + idx];
	}
	__syncthreads();
	if (tx < BS) {
		/* U row block: forward substitution with unit-lower L. */
		idx = tx;
		for (i = 1; i < BS; i++)
			for (j = 0; j < i; j++)
				prow[i][idx] -= dia[i][j] * prow[j][idx];
	} else {
		/* L column block: solve against upper U. */
		idx = tx - BS;
		for (i = 0; i < BS; i++) {
			for (j = 0; j < i; j++)
				pcol[idx][i] -= pcol[idx][j] * dia[j][i];
			pcol[idx][i] /= dia[i][i];
		}
	}
	__syncthreads();
	if (tx < BS) {
		idx = tx;
		for (i = 1; i < BS; i++)
			m[base + i * dim + (bx + 1) * BS + idx] = prow[i][idx];
	} else {
		idx = tx - BS;
		for (i = 0; i < BS; i++)
			m[base + ((bx + 1) * BS + i) * dim + idx] = pcol[i][idx];
	}
}

extern "C" __global__ void lud_internal(float *m, int dim, int off)
{
	__shared__ float prow[BS][BS];
	__shared__ float pcol[BS][BS];
	int tx = threadIdx.x, ty = threadIdx.y;
	int gr = off + (blockIdx.y + 1) * BS;
	int gc = off + (blockIdx.x + 1) * BS;
	float sum = 0.0f;

	prow[ty][tx] = m[(off + ty) * dim + gc + tx];
	pcol[ty][tx] = m[(gr + ty) * dim + off + tx];
	__syncthreads();
	for (int i = 0; i < BS; i++)
		sum += pcol[ty][i] * prow[i][tx];
	m[(gr + ty) * dim + gc + tx] -= sum;
}
