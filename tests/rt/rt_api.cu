/*
 * rt_api.cu - the runtime calls beyond a plain launch, each checked for
 * its effect: device properties against device attributes, error names
 * and texts, memset, 2-D copies, cudaMemcpyDefault, __device__ and
 * __constant__ symbols, streams with async copies, events timing
 * simulated work, cudaLaunchKernel, function attributes and occupancy,
 * the deprecated cudaThreadSynchronize, stream-ordered allocation, host
 * functions, pointer attributes, cudaLaunchKernelEx, and
 * cudaErrorNotSupported for managed memory and graphs.  Built a second
 * time with --default-stream per-thread (the _ptsz/_ptds entry points).
 */
#define RT_NAME "rt_api"
#include "rt_test.h"

#include <string.h>

#include <dlfcn.h>

__device__ int d_counter;
__constant__ float c_scale[4];

__global__ void api_scale(float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = y[i] * c_scale[i & 3];
	if (i == 0)
		atomicAdd(&d_counter, 1);
}

__global__ void api_busy(float *y, int iters)
{
	float v = y[threadIdx.x];

	for (int k = 0; k < iters; k++)
		v = v * 1.0001f + 0.5f;
	y[threadIdx.x] = v;
}

int main(void)
{
	enum { N = 512, W = 40, H = 8 };
	static float h[N], g[N];
	struct cudaDeviceProp p;
	int v = 0, n = N;

	/* device */
	RT_CK(cudaGetDeviceCount(&v));
	if (v != 1)
		RT_FAIL("device count %d", v);
	RT_CK(cudaSetDevice(0));
	RT_CK(cudaGetDeviceProperties(&p, 0));
	RT_CK(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0));
	if (p.multiProcessorCount != v || v <= 0)
		RT_FAIL("multiProcessorCount %d, attribute %d",
			p.multiProcessorCount, v);
	RT_CK(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0));
	if (p.warpSize != v || p.maxThreadsPerBlock <= 0 || p.major != 7 ||
	    p.minor != 5 || p.totalGlobalMem == 0 || p.name[0] == '\0')
		RT_FAIL("properties: warp %d/%d, cc %d.%d, mem %zu", p.warpSize,
			v, p.major, p.minor, p.totalGlobalMem);

	/* errors */
	if (strcmp(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument") ||
	    strcmp(cudaGetErrorName(cudaErrorAssert), "cudaErrorAssert") ||
	    strcmp(cudaGetErrorString(cudaSuccess), "no error"))
		RT_FAIL("error texts");
	if (cudaMalloc(NULL, 4) != cudaErrorInvalidValue ||
	    cudaPeekAtLastError() != cudaErrorInvalidValue ||
	    cudaGetLastError() != cudaErrorInvalidValue ||
	    cudaGetLastError() != cudaSuccess)
		RT_FAIL("last error not recorded and reset");
	void *m;
	if (cudaMallocManaged(&m, 64) != cudaErrorNotSupported)
		RT_FAIL("cudaMallocManaged must be cudaErrorNotSupported");
	cudaGetLastError();

	/* memory: memset, 2-D copies, cudaMemcpyDefault */
	float *d;
	char *pitched;
	size_t pitch;
	static char grid2d[H][W], back[H][W];
	RT_CK(cudaMalloc(&d, sizeof(h)));
	RT_CK(cudaMemset(d, 0, sizeof(h)));
	RT_CK(cudaMemcpy(g, d, sizeof(g), cudaMemcpyDeviceToHost));
	for (int i = 0; i < N; i++)
		if (g[i] != 0.0f)
			RT_FAIL("memset: g[%d] = %g", i, (double)g[i]);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			grid2d[y][x] = (char)(y * W + x);
	RT_CK(cudaMallocPitch((void **)&pitched, &pitch, W, H));
	if (pitch < W)
		RT_FAIL("pitch %zu", pitch);
	RT_CK(cudaMemcpy2D(pitched, pitch, grid2d, W, W, H,
			   cudaMemcpyHostToDevice));
	RT_CK(cudaMemcpy2D(back, W, pitched, pitch, W, H, cudaMemcpyDefault));
	if (memcmp(back, grid2d, sizeof(back)))
		RT_FAIL("2-D round trip");
	RT_CK(cudaFree(pitched));

	/* symbols */
	float scale[4] = {1.0f, 2.0f, 3.0f, 4.0f};
	int zero = 0, count = -1;
	size_t sz = 0;
	RT_CK(cudaMemcpyToSymbol(c_scale, scale, sizeof(scale)));
	RT_CK(cudaMemcpyToSymbol(d_counter, &zero, sizeof(zero)));
	RT_CK(cudaGetSymbolSize(&sz, c_scale));
	if (sz != sizeof(scale))
		RT_FAIL("symbol size %zu", sz);

	/* streams, async copies, events over simulated time */
	cudaStream_t s;
	cudaEvent_t e0, e1;
	float ms = -1.0f;
	for (int i = 0; i < N; i++)
		h[i] = (float)i;
	RT_CK(cudaStreamCreate(&s));
	RT_CK(cudaEventCreate(&e0));
	RT_CK(cudaEventCreate(&e1));
	RT_CK(cudaEventRecord(e0, s));
	RT_CK(cudaMemcpyAsync(d, h, sizeof(h), cudaMemcpyHostToDevice, s));
	api_scale<<<N / 128, 128, 0, s>>>(d, N);
	RT_CK(cudaGetLastError());
	api_busy<<<1, 32, 0, s>>>(d, 200);
	RT_CK(cudaEventRecord(e1, s));
	RT_CK(cudaMemcpyAsync(g, d, sizeof(g), cudaMemcpyDeviceToHost, s));
	RT_CK(cudaStreamSynchronize(s));
	RT_CK(cudaEventSynchronize(e1));
	RT_CK(cudaEventElapsedTime(&ms, e0, e1));
	if (!(ms > 0.0f))
		RT_FAIL("elapsed %g ms", (double)ms);
	for (int i = 32; i < N; i++)
		if (g[i] != (float)i * scale[i & 3])
			RT_FAIL("scaled g[%d] = %g", i, (double)g[i]);
	RT_CK(cudaMemcpyFromSymbol(&count, d_counter, sizeof(count)));
	if (count != 1)
		RT_FAIL("d_counter %d", count);

	/* cudaLaunchKernel with an argument array, deprecated sync alias */
	void *args[] = {&d, &n};
	RT_CK(cudaLaunchKernel((const void *)api_scale, dim3(N / 128), dim3(128),
			       args, 0, 0));
	/* gone from CUDA 13's headers and link library; old binaries call it */
	cudaError_t (*thread_sync)(void) = (cudaError_t (*)(void))dlsym(
		RTLD_DEFAULT, "cudaThreadSynchronize");
	if (!thread_sync)
		RT_FAIL("libcudart lacks cudaThreadSynchronize");
	RT_CK(thread_sync());
	RT_CK(cudaMemcpyFromSymbol(&count, d_counter, sizeof(count)));
	if (count != 2)
		RT_FAIL("d_counter after cudaLaunchKernel %d", count);

	/* function attributes, occupancy, bad configuration */
	struct cudaFuncAttributes fa;
	int blocks = 0;
	RT_CK(cudaFuncGetAttributes(&fa, api_scale));
	if (fa.maxThreadsPerBlock <= 0 || fa.numRegs <= 0)
		RT_FAIL("function attributes: %d threads, %d regs",
			fa.maxThreadsPerBlock, fa.numRegs);
	RT_CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, api_scale,
							    128, 0));
	if (blocks <= 0)
		RT_FAIL("occupancy %d", blocks);
	api_scale<<<1, 4096>>>(d, N);
	if (cudaGetLastError() != cudaErrorInvalidConfiguration)
		RT_FAIL("4096-thread block accepted");

	/* stream-ordered memory, host functions, pointer attributes, names,
	 * cudaLaunchKernelEx, and an entry point we do not model */
	float *da = NULL;
	int called = 0;
	struct cudaPointerAttributes pa;
	const char *fname = NULL;
	RT_CK(cudaMallocAsync(&da, 256, s));
	RT_CK(cudaPointerGetAttributes(&pa, da));
	if (pa.type != cudaMemoryTypeDevice || pa.devicePointer != da)
		RT_FAIL("pointer attributes: type %d", (int)pa.type);
	RT_CK(cudaLaunchHostFunc(s, [](void *p) { *(int *)p = 1; }, &called));
	RT_CK(cudaStreamSynchronize(s));
	if (!called)
		RT_FAIL("host function not called");
	RT_CK(cudaFreeAsync(da, s));
	RT_CK(cudaFuncGetName(&fname, api_scale));
	if (!fname || strcmp(fname, "_Z9api_scalePfi"))
		RT_FAIL("function name %s", fname ? fname : "(null)");
	cudaLaunchConfig_t lc = {};
	lc.gridDim = dim3(N / 128);
	lc.blockDim = dim3(128);
	RT_CK(cudaLaunchKernelEx(&lc, api_scale, d, n));
	RT_CK(cudaMemcpyFromSymbol(&count, d_counter, sizeof(count)));
	if (count != 3)
		RT_FAIL("d_counter after cudaLaunchKernelEx %d", count);
	cudaGraph_t graph;
	if (cudaGraphCreate(&graph, 0) != cudaErrorNotSupported)
		RT_FAIL("cudaGraphCreate must be cudaErrorNotSupported");
	cudaGetLastError();

	RT_CK(cudaEventDestroy(e0));
	RT_CK(cudaEventDestroy(e1));
	RT_CK(cudaStreamDestroy(s));
	RT_CK(cudaFree(d));
	printf("PASS rt_api elapsed=%.6f ms\n", (double)ms);
	return 0;
}
