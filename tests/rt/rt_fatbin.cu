/*
 * rt_fatbin.cu - one kernel built into fat binaries of every form nvcc 13
 * makes (see CMakeLists.txt): the launch must work whenever the binary
 * holds PTX, and fail with cudaErrorNoKernelImageForDevice when it holds
 * SASS only (the test then checks the message names the nvcc flag).
 * tests/rt/data/*.fatbin are this kernel as `nvcc -fatbin` makes it, for
 * the Driver-API test drv_fatbin.c (which needs no nvcc).
 */
#define RT_NAME "fatbin"
#include "rt_test.h"

extern "C" __global__ void fb_axpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

#if __CUDA_ARCH__ >= 800
	if (i < n) /* PTX for a newer GPU: picking it over compute_75 fails */
		y[i] = -1.0f;
#else
	if (i < n)
		y[i] = a * x[i] + y[i];
#endif
}

int main(void)
{
	enum { N = 1000 };
	static float x[N], y[N];
	float *dx, *dy;

	for (int i = 0; i < N; i++) {
		x[i] = (float)i;
		y[i] = 1.0f;
	}
	RT_CK(cudaMalloc(&dx, sizeof(x)));
	RT_CK(cudaMalloc(&dy, sizeof(y)));
	RT_CK(cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice));
	RT_CK(cudaMemcpy(dy, y, sizeof(y), cudaMemcpyHostToDevice));
	fb_axpy<<<(N + 127) / 128, 128>>>(N, 3.0f, dx, dy);
	cudaError_t e = cudaGetLastError();
	if (e != cudaSuccess) {
		printf("NOIMAGE %s\n", cudaGetErrorName(e));
		return 3;
	}
	RT_CK(cudaMemcpy(y, dy, sizeof(y), cudaMemcpyDeviceToHost));
	for (int i = 0; i < N; i++)
		if (y[i] != 3.0f * (float)i + 1.0f)
			RT_FAIL("y[%d] = %g", i, (double)y[i]);
	printf("PASS fatbin\n");
	return 0;
}
