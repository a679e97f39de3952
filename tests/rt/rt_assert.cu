/*
 * rt_assert.cu - device assert: a failing assert() stops the launch with
 * cudaErrorAssert, prints CUDA's line (file, line, function, block,
 * thread, expression), the error is sticky (later calls fail too) until
 * cudaDeviceReset, after which a new context runs kernels again.
 */
#define RT_NAME "assert"
#include "rt_test.h"

#include <assert.h>

__global__ void as_check(int *v, int bad)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	assert(i != bad);
	v[i] = i;
}

int main(void)
{
	int *d, h[64];
	cudaError_t e;

	RT_CK(cudaMalloc(&d, sizeof(h)));
	as_check<<<2, 32>>>(d, 37);
	e = cudaDeviceSynchronize();
	if (e != cudaErrorAssert)
		RT_FAIL("synchronize returned %s, not cudaErrorAssert",
			cudaGetErrorName(e));
	if (cudaGetLastError() != cudaErrorAssert ||
	    cudaGetLastError() != cudaErrorAssert)
		RT_FAIL("last error is not cudaErrorAssert, twice (sticky)");
	e = cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	if (e != cudaErrorAssert)
		RT_FAIL("the assert error is not sticky (memcpy: %s)",
			cudaGetErrorName(e));
	RT_CK(cudaDeviceReset());
	RT_CK(cudaGetLastError());
	RT_CK(cudaMalloc(&d, sizeof(h)));
	as_check<<<2, 32>>>(d, -1);
	RT_CK(cudaGetLastError());
	RT_CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
	for (int i = 0; i < 64; i++)
		if (h[i] != i)
			RT_FAIL("after reset: h[%d] = %d", i, h[i]);
	printf("PASS assert\n");
	return 0;
}
