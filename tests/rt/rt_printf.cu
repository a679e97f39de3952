/*
 * rt_printf.cu - device printf through vprintf: integer widths and
 * signedness, 64-bit values, doubles and promoted floats, strings,
 * characters, padding, '*' widths and '%%', from several threads of
 * two blocks; the output (checked against rt_printf.expected) comes in
 * execution order when the host synchronises, after the line the host
 * printed between the launch and the synchronisation.
 */
#define RT_NAME "printf"
#include "rt_test.h"

__global__ void pf_kernel(int base, float f, double d)
{
	int t = threadIdx.x;

	if (t == 0)
		printf("block %d: base=%d neg=%d u=%u hex=%#x\n", blockIdx.x, base,
		       -base, (unsigned)base * 3u, base + 250);
	if (t < 2)
		printf("b%d t%d: f=%.3f d=%g e=%.2e s=%s c=%c\n", blockIdx.x, t,
		       f * (float)(t + 1), d, d * 1e6, t ? "one" : "zero",
		       'a' + t);
	if (t == 3 && blockIdx.x == 1)
		printf("wide: %lld %llu [%5d] [%-4d] [%*d] 100%%\n",
		       -1234567890123LL, 18446744073709551615ULL, 42, 7, 3, 9);
}

int main(void)
{
	printf("host before\n");
	pf_kernel<<<2, 32>>>(5, 0.5f, 2.25);
	RT_CK(cudaGetLastError());
	printf("host after launch\n"); /* the device's lines come at the sync */
	RT_CK(cudaDeviceSynchronize());
	printf("PASS printf\n");
	return 0;
}
