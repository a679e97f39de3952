/*
 * sys_kernel.cu - device printf and assert for the Driver-API test
 * drv_sys.c (sys_kernel.ptx is `nvcc -ptx -arch=sm_75` of this file).
 */
#include <assert.h>
#include <cstdio>

extern "C" __global__ void sys_printf(int base, double d)
{
	int t = threadIdx.x;

	if (t % 16 == 0)
		printf("warp %d lane %d: %d %s %.2f\n", t / 32, t % 32, base + t,
		       t ? "odd" : "even", d * t);
}

extern "C" __global__ void sys_assert(int *v, int bad)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	assert(i != bad);
	v[i] = 2 * i;
}
