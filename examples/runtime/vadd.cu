/* vadd.cu - the README's runtime-API example: vector add with <<<>>>. */
#include <cstdio>

__global__ void vadd(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = a[i] + b[i];
	if (i == 0)
		printf("vadd: %d threads in %d blocks\n", gridDim.x * blockDim.x,
		       gridDim.x);
}

int main()
{
	const int n = 10000;
	static float a[n], b[n], c[n];
	float *da, *db, *dc;

	for (int i = 0; i < n; i++) {
		a[i] = (float)i;
		b[i] = 2.0f * (float)i;
	}
	cudaMalloc(&da, sizeof(a));
	cudaMalloc(&db, sizeof(b));
	cudaMalloc(&dc, sizeof(c));
	cudaMemcpy(da, a, sizeof(a), cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, sizeof(b), cudaMemcpyHostToDevice);
	vadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
	cudaMemcpy(c, dc, sizeof(c), cudaMemcpyDeviceToHost);
	cudaError_t e = cudaGetLastError();
	if (e != cudaSuccess) {
		printf("FAIL vadd: %s\n", cudaGetErrorString(e));
		return 1;
	}
	for (int i = 0; i < n; i++)
		if (c[i] != 3.0f * (float)i) {
			printf("FAIL vadd: c[%d] = %g\n", i, c[i]);
			return 1;
		}
	printf("PASS vadd\n");
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	return 0;
}
