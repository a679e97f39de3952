/*
 * constmem: a 16-tap filter whose coefficients live in __constant__ memory
 * (set by the host through cuModuleGetGlobal + cuMemcpyHtoD), read both at
 * fixed offsets (unrolled taps) and at a data-dependent index.  Two
 * __device__ globals with initialisers: g_scale is read by every thread,
 * g_visits counts threads with atomicAdd; the host reads both back.
 */

#define TAPS 16

__constant__ float coef[TAPS];
__device__ int g_scale = 3;
__device__ int g_visits = 1000;

extern "C" __global__ void const_filter(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	float acc = 0.0f;
#pragma unroll
	for (int k = 0; k < TAPS; k++)
		acc += coef[k] * in[i + k];
	int j = ((int)in[i] & (TAPS - 1));
	out[2 * i] = acc * (float)g_scale;
	out[2 * i + 1] = coef[j];
	atomicAdd(&g_visits, 1);
}
