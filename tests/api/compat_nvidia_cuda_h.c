/*
 * compat_nvidia_cuda_h.c - a Driver API program built against NVIDIA's own
 * cuda.h (CUDA 13) and linked to warpsim's libcuda.so.
 *
 * It checks that the versioned symbols NVIDIA's header selects (cuCtxCreate
 * -> cuCtxCreate_v4, cuMemAlloc -> cuMemAlloc_v2, ...; the _ptds/_ptsz
 * forms when built with CUDA_API_PER_THREAD_DEFAULT_STREAM) exist and
 * behave: it loads an embedded PTX module, runs a kernel and checks its
 * output.  Exit status 0 on success.
 */
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "api_ptx.h"

#if CUDA_VERSION < 12000
#error "this test needs NVIDIA's CUDA 12+ cuda.h"
#endif

static int failures;

/* Report a failing call with its error name. */
static void check(CUresult r, const char *what)
{
	const char *name = "?";

	if (r == CUDA_SUCCESS)
		return;
	cuGetErrorName(r, &name);
	fprintf(stderr, "FAIL: %s: %s (%d)\n", what, name, (int)r);
	failures++;
}

#define CK(call) check((call), #call)

int main(void)
{
	CUdevice dev;
	CUcontext ctx = NULL;
	CUmodule mod = NULL;
	CUfunction fill = NULL;
	CUdeviceptr out = 0;
	CUevent start, stop;
	CUstream stream;
	uint32_t host[256];
	unsigned v = 1000, n = 256;
	void *args[] = { &out, &v, &n };
	float ms = 0;
	size_t mem = 0;
	int count = 0, warp = 0, version = 0;
	char name[64] = "";

	CK(cuInit(0));
	CK(cuDriverGetVersion(&version));
	CK(cuDeviceGetCount(&count));
	CK(cuDeviceGet(&dev, 0));
	CK(cuDeviceGetName(name, sizeof(name), dev));
	CK(cuDeviceTotalMem(&mem, dev));
	CK(cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));
	CK(cuModuleLoadData(&mod, api_test_ptx));
	CK(cuModuleGetFunction(&fill, mod, "fill"));
	CK(cuMemAlloc(&out, sizeof(host)));
	memset(host, 0xff, sizeof(host));
	CK(cuMemcpyHtoD(out, host, sizeof(host)));
	CK(cuMemsetD32(out, 0, n));
	CK(cuEventCreate(&start, CU_EVENT_DEFAULT));
	CK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
	CK(cuStreamCreate(&stream, CU_STREAM_DEFAULT));
	CK(cuEventRecord(start, stream));
	CK(cuLaunchKernel(fill, n / 64, 1, 1, 64, 1, 1, 0, stream, args, NULL));
	CK(cuEventRecord(stop, stream));
	CK(cuStreamSynchronize(stream));
	CK(cuEventSynchronize(stop));
	CK(cuEventElapsedTime(&ms, start, stop));
	CK(cuMemcpyDtoH(host, out, sizeof(host)));
	CK(cuCtxSynchronize());
	for (unsigned i = 0; i < n; i++) {
		if (host[i] != v + i) {
			fprintf(stderr, "FAIL: out[%u] = %u, want %u\n", i,
				host[i], v + i);
			failures++;
			break;
		}
	}
	if (count != 1 || version != 13000 || mem == 0 || warp <= 0 ||
	    !(ms > 0.0f)) {
		fprintf(stderr, "FAIL: count %d version %d mem %zu warp %d "
				"ms %f\n", count, version, mem, warp, ms);
		failures++;
	}
	/* NVIDIA's CUDA_MEMCPY2D and CUlaunchConfig layouts */
	{
		CUdeviceptr img;
		size_t pitch = 0;
		unsigned char rows[4][40], back[4][40];
		CUDA_MEMCPY2D c;
		CUlaunchAttribute attr;
		CUlaunchConfig cfg;

		for (unsigned y = 0; y < 4; y++)
			for (unsigned x = 0; x < 40; x++)
				rows[y][x] = (unsigned char)(y * 40 + x);
		memset(back, 0, sizeof(back));
		CK(cuMemAllocPitch(&img, &pitch, 33, 4, 4));
		memset(&c, 0, sizeof(c));
		c.srcMemoryType = CU_MEMORYTYPE_HOST;
		c.srcHost = rows;
		c.srcPitch = 40;
		c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
		c.dstDevice = img;
		c.dstPitch = pitch;
		c.WidthInBytes = 33;
		c.Height = 4;
		CK(cuMemcpy2D(&c));
		memset(&c, 0, sizeof(c));
		c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
		c.srcDevice = img;
		c.srcPitch = pitch;
		c.dstMemoryType = CU_MEMORYTYPE_HOST;
		c.dstHost = back;
		c.dstPitch = 40;
		c.WidthInBytes = 33;
		c.Height = 4;
		CK(cuMemcpy2DAsync(&c, stream));
		for (unsigned y = 0; y < 4; y++) {
			for (unsigned x = 0; x < 40; x++) {
				if (back[y][x] != (x < 33 ? rows[y][x] : 0)) {
					fprintf(stderr, "FAIL: 2D copy at "
							"(%u, %u)\n", x, y);
					failures++;
					y = 4;
					break;
				}
			}
		}
		CK(cuMemFree(img));

		memset(&attr, 0, sizeof(attr));
		attr.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
		attr.value.cooperative = 1;
		memset(&cfg, 0, sizeof(cfg));
		cfg.gridDimX = n / 64;
		cfg.gridDimY = cfg.gridDimZ = 1;
		cfg.blockDimX = 64;
		cfg.blockDimY = cfg.blockDimZ = 1;
		cfg.hStream = stream;
		cfg.attrs = &attr;
		cfg.numAttrs = 1;
		v = 77;
		CK(cuLaunchKernelEx(&cfg, fill, args, NULL));
		CK(cuLaunchCooperativeKernel(fill, n / 64, 1, 1, 64, 1, 1, 0,
					     stream, args));
		CK(cuMemcpyDtoH(host, out, sizeof(host)));
		if (host[5] != 77 + 5) {
			fprintf(stderr, "FAIL: cuLaunchKernelEx out[5] = %u\n",
				host[5]);
			failures++;
		}
	}
	CK(cuStreamDestroy(stream));
	CK(cuEventDestroy(start));
	CK(cuEventDestroy(stop));
	CK(cuMemFree(out));
	CK(cuModuleUnload(mod));
	CK(cuCtxDestroy(ctx));
	printf("%s: device \"%s\", warp %d, kernel %.6f ms\n",
	       failures ? "FAILED" : "PASSED", name, warp, ms);
	return failures ? 1 : 0;
}
