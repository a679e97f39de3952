/*
 * test_api_driver.c - the CUDA Driver API (libcuda.so) through warpsim's
 * own cuda.h: the error codes of misuse, device attributes, contexts,
 * memory, modules, both launch forms, events, streams, the sticky error of
 * a faulting kernel and concurrent use from two host threads.
 *
 * Tests run in file order in one process; the first runs before cuInit.
 * Environment: API_TEST_WARP=N makes the attribute test expect warp size N
 * (run with WARPSIM_ARGS="--warp-size N"); API_TEST_BAD_ARGS=1 makes the
 * bad_args test expect cuInit to reject WARPSIM_ARGS.
 */
#include "test.h"

#include <cuda.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "api_capture.h"
#include "api_ptx.h"

#define CHECK_CU(call, want) CHECK_EQ_U64((call), (want))
#define OK(call) CHECK_EQ_U64((call), CUDA_SUCCESS)

/* ---- helpers ------------------------------------------------------------ */


/* Init, create a context and load the test module. */
static CUcontext setup(CUmodule *mod)
{
	CUcontext ctx = NULL;
	CUdevice dev;

	OK(cuInit(0));
	OK(cuDeviceGet(&dev, 0));
	OK(cuCtxCreate(&ctx, NULL, 0, dev));
	if (mod)
		OK(cuModuleLoadData(mod, api_test_ptx));
	return ctx;
}

/* Launch fill(out, v, n) over n threads with kernelParams. */
static CUresult launch_fill(CUmodule mod, CUdeviceptr out, unsigned v,
			    unsigned n, CUstream s)
{
	CUfunction f;
	void *args[] = { &out, &v, &n };
	CUresult r = cuModuleGetFunction(&f, mod, "fill");

	if (r != CUDA_SUCCESS)
		return r;
	return cuLaunchKernel(f, (n + 63) / 64, 1, 1, 64, 1, 1, 0, s, args,
			      NULL);
}

/* ---- tests -------------------------------------------------------------- */

TEST(before_init)
{
	int n = -1;
	CUdeviceptr p;
	CUmodule m;
	CUcontext c;
	const char *s = NULL;

	CHECK_CU(cuDeviceGetCount(&n), CUDA_ERROR_NOT_INITIALIZED);
	CHECK_CU(cuCtxGetCurrent(&c), CUDA_ERROR_NOT_INITIALIZED);
	CHECK_CU(cuMemAlloc(&p, 16), CUDA_ERROR_NOT_INITIALIZED);
	CHECK_CU(cuModuleLoadData(&m, api_test_ptx), CUDA_ERROR_NOT_INITIALIZED);
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_NOT_INITIALIZED);
	OK(cuDriverGetVersion(&n));
	CHECK_EQ_U64(n, 13000);
	OK(cuGetErrorName(CUDA_ERROR_NOT_INITIALIZED, &s));
	CHECK(s && strcmp(s, "CUDA_ERROR_NOT_INITIALIZED") == 0);
}

TEST(bad_args)
{
	int n;

	if (!getenv("API_TEST_BAD_ARGS"))
		return;
	CHECK_CU(cuInit(0), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDeviceGetCount(&n), CUDA_ERROR_NOT_INITIALIZED);
}

TEST(init_device)
{
	CUdevice dev = -1;
	int n = 0, v;
	char name[128] = "";
	size_t mem = 0;

	CHECK_CU(cuInit(1), CUDA_ERROR_INVALID_VALUE);
	OK(cuInit(0));
	OK(cuInit(0));
	OK(cuDeviceGetCount(&n));
	CHECK_EQ_U64(n, 1);
	CHECK_CU(cuDeviceGetCount(NULL), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDeviceGet(&dev, 1), CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGet(&dev, -1), CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGet(NULL, 0), CUDA_ERROR_INVALID_VALUE);
	OK(cuDeviceGet(&dev, 0));
	CHECK_EQ_U64(dev, 0);
	OK(cuDeviceGetName(name, sizeof(name), dev));
	CHECK(name[0] != '\0');
	CHECK_CU(cuDeviceGetName(NULL, 10, dev), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDeviceGetName(name, sizeof(name), 3),
		 CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGetAttribute(NULL, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 3),
		 CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGetAttribute(&v, (CUdevice_attribute)9999, dev),
		 CUDA_ERROR_INVALID_VALUE);
	OK(cuDeviceTotalMem(&mem, dev));
	CHECK(mem > 0);
}

TEST(attributes)
{
	const char *want_env = getenv("API_TEST_WARP");
	int want = want_env ? atoi(want_env) : 32;
	int v = 0, major = 0, minor = 0;

	OK(cuInit(0));
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0));
	CHECK_EQ_U64(v, want);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 0));
	CHECK(v >= 256 && v <= 1024);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 0));
	CHECK(v > 0);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, 0));
	CHECK(v > 0);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, 0));
	CHECK(v > 0);
	OK(cuDeviceGetAttribute(&v,
				CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, 0));
	CHECK(v > 0);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, 0));
	CHECK(v > 0);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, 0));
	CHECK(v > 0);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS, 0));
	CHECK_EQ_U64(v, 0);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 0));
	OK(cuDeviceComputeCapability(&major, &minor, 0));
	CHECK_EQ_U64(v, major);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0));
	CHECK_EQ_U64(v, minor);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH, 0));
}

TEST(no_context)
{
	CUdeviceptr p;
	CUmodule m;
	CUcontext c = (CUcontext)1;
	CUdevice dev;

	OK(cuInit(0));
	OK(cuCtxGetCurrent(&c));
	CHECK(c == NULL);
	CHECK_CU(cuMemAlloc(&p, 16), CUDA_ERROR_INVALID_CONTEXT);
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_INVALID_CONTEXT);
	CHECK_CU(cuModuleLoadData(&m, api_test_ptx), CUDA_ERROR_INVALID_CONTEXT);
	CHECK_CU(cuCtxGetDevice(&dev), CUDA_ERROR_INVALID_CONTEXT);
	CHECK_CU(cuCtxPopCurrent(&c), CUDA_ERROR_INVALID_CONTEXT);
}

TEST(context_stack)
{
	CUcontext a = NULL, b = NULL, cur = NULL;
	CUdevice dev = -1;

	OK(cuInit(0));
	CHECK_CU(cuCtxCreate(NULL, NULL, 0, 0), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuCtxCreate(&a, NULL, 0, 5), CUDA_ERROR_INVALID_DEVICE);
	OK(cuCtxCreate(&a, NULL, 0, 0));
	OK(cuCtxGetCurrent(&cur));
	CHECK(cur == a);
	OK(cuCtxGetDevice(&dev));
	CHECK_EQ_U64(dev, 0);
	OK(cuCtxCreate(&b, NULL, 0, 0));
	OK(cuCtxGetCurrent(&cur));
	CHECK(cur == b);
	OK(cuCtxPopCurrent(&cur));
	CHECK(cur == b);
	OK(cuCtxGetCurrent(&cur));
	CHECK(cur == a);
	OK(cuCtxSetCurrent(b));
	OK(cuCtxGetCurrent(&cur));
	CHECK(cur == b);
	OK(cuCtxPushCurrent(a));
	OK(cuCtxGetCurrent(&cur));
	CHECK(cur == a);
	OK(cuCtxDestroy(a));
	OK(cuCtxGetCurrent(&cur));
	CHECK(cur == b);
	CHECK_CU(cuCtxDestroy(a), CUDA_ERROR_INVALID_CONTEXT);
	CHECK_CU(cuCtxPushCurrent(a), CUDA_ERROR_INVALID_CONTEXT);
	OK(cuCtxSynchronize());
	OK(cuCtxDestroy(b));
	OK(cuCtxGetCurrent(&cur));
	CHECK(cur == NULL);
}

TEST(primary_context)
{
	CUcontext p = NULL, q = NULL;
	CUdeviceptr d;
	unsigned flags;
	int active = 0;

	OK(cuInit(0));
	OK(cuDevicePrimaryCtxRetain(&p, 0));
	OK(cuDevicePrimaryCtxRetain(&q, 0));
	CHECK(p == q);
	OK(cuDevicePrimaryCtxGetState(0, &flags, &active));
	CHECK_EQ_U64(active, 1);
	OK(cuCtxSetCurrent(p));
	OK(cuMemAlloc(&d, 64));
	OK(cuMemFree(d));
	OK(cuDevicePrimaryCtxRelease(0));
	OK(cuDevicePrimaryCtxRelease(0));
	OK(cuDevicePrimaryCtxGetState(0, &flags, &active));
	CHECK_EQ_U64(active, 0);
	OK(cuCtxSetCurrent(NULL));
}

TEST(memory_errors)
{
	CUcontext ctx = setup(NULL);
	CUdeviceptr p = 0, base = 0;
	size_t free_b = 0, total_b = 0, size = 0;
	unsigned char buf[64] = { 0 };
	void *h = NULL;

	CHECK_CU(cuMemAlloc(NULL, 16), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemAlloc(&p, 0), CUDA_ERROR_INVALID_VALUE);
	OK(cuMemAlloc(&p, 64));
	CHECK(p != 0);
	CHECK_CU(cuMemFree(p + 4), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemFree((CUdeviceptr)0x1234), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemcpyHtoD(p, buf, 65), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemcpyHtoD(p + 8, buf, 57), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemcpyDtoH(buf, p + 64, 4), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemcpyDtoH(NULL, p, 4), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemcpyHtoD((CUdeviceptr)0x1234, buf, 4),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemsetD32(p + 1, 0, 1), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemsetD8(p, 0, 65), CUDA_ERROR_INVALID_VALUE);
	OK(cuMemcpyHtoD(p, buf, 0));
	OK(cuMemGetInfo(&free_b, &total_b));
	CHECK(total_b > 0 && free_b <= total_b);
	CHECK_CU(cuMemGetInfo(NULL, &total_b), CUDA_ERROR_INVALID_VALUE);
	OK(cuMemGetAddressRange(&base, &size, p + 10));
	CHECK(base == p);
	CHECK_EQ_U64(size, 64);
	OK(cuMemFree(p));
	CHECK_CU(cuMemFree(p), CUDA_ERROR_INVALID_VALUE);
	OK(cuMemAllocHost(&h, 100));
	CHECK(h != NULL);
	CHECK_CU(cuMemFreeHost(buf), CUDA_ERROR_INVALID_VALUE);
	OK(cuMemFreeHost(h));
	CHECK_CU(cuMemFreeHost(h), CUDA_ERROR_INVALID_VALUE);
	OK(cuCtxDestroy(ctx));
}

TEST(memset_and_copies)
{
	CUcontext ctx = setup(NULL);
	CUdeviceptr a, b;
	unsigned char b8[64];
	uint16_t b16[32];
	uint32_t b32[16], src[16];
	int ok = 1;

	OK(cuMemAlloc(&a, 64));
	OK(cuMemAlloc(&b, 64));
	OK(cuMemsetD8(a, 0xA5, 64));
	OK(cuMemcpyDtoH(b8, a, 64));
	for (int i = 0; i < 64; i++)
		ok &= b8[i] == 0xA5;
	CHECK(ok);
	OK(cuMemsetD16(a + 2, 0xBEEF, 3));
	OK(cuMemcpyDtoH(b16, a, 64));
	CHECK_EQ_U64(b16[0], 0xA5A5);
	CHECK_EQ_U64(b16[1], 0xBEEF);
	CHECK_EQ_U64(b16[3], 0xBEEF);
	CHECK_EQ_U64(b16[4], 0xA5A5);
	OK(cuMemsetD32(a, 0xDEADBEEF, 16));
	OK(cuMemcpyDtoH(b32, a, 64));
	ok = 1;
	for (int i = 0; i < 16; i++)
		ok &= b32[i] == 0xDEADBEEFu;
	CHECK(ok);
	OK(cuMemsetD32Async(a, 7, 2, NULL));
	OK(cuMemsetD8Async(a + 8, 1, 1, NULL));
	OK(cuMemsetD16Async(a + 10, 2, 1, NULL));
	OK(cuMemcpyDtoH(b32, a, 16));
	CHECK_EQ_U64(b32[0], 7);
	CHECK_EQ_U64(b32[2], 0x0002BE01u);
	for (int i = 0; i < 16; i++)
		src[i] = (uint32_t)(i * 3 + 1);
	OK(cuMemcpyHtoD(a, src, sizeof(src)));
	OK(cuMemcpyDtoD(b + 4, a, 32));
	OK(cuMemcpyDtoH(b32, b, 64));
	CHECK_EQ_U64(b32[1], 1);
	CHECK_EQ_U64(b32[8], 22);
	CHECK_CU(cuMemcpyDtoD(b + 40, a, 32), CUDA_ERROR_INVALID_VALUE);
	/* unified-address copies */
	memset(b32, 0, sizeof(b32));
	OK(cuMemcpy((CUdeviceptr)(uintptr_t)b32, a, 64));
	CHECK_EQ_U64(b32[15], 46);
	OK(cuMemcpy(b, a, 64));
	OK(cuCtxDestroy(ctx));
}

TEST(modules)
{
	CUcontext ctx = setup(NULL);
	CUmodule m = NULL, m2 = NULL;
	CUfunction f = NULL, f2 = NULL;
	CUdeviceptr g = 0;
	size_t gsize = 0;
	uint32_t gval = 0;
	struct capture cap;
	char errlog[1024] = "";
	CUjit_option opts[2] = { CU_JIT_ERROR_LOG_BUFFER,
				 CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	void *vals[2] = { errlog, (void *)(uintptr_t)sizeof(errlog) };
	char path[] = "/tmp/ws_api_test_XXXXXX";
	int fd;

	CHECK_CU(cuModuleLoad(&m, "/nonexistent/dir/kernel.ptx"),
		 CUDA_ERROR_FILE_NOT_FOUND);
	CHECK_CU(cuModuleLoadData(NULL, api_test_ptx), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuModuleLoadData(&m, NULL), CUDA_ERROR_INVALID_VALUE);
	capture_begin(&cap);
	CHECK_CU(cuModuleLoadData(&m, api_bad_ptx), CUDA_ERROR_INVALID_PTX);
	capture_end(&cap);
	CHECK_STR_CONTAINS(cap.text, ":6:");
	CHECK_CU(cuModuleLoadDataEx(&m, api_bad_ptx, 2, opts, vals),
		 CUDA_ERROR_INVALID_PTX);
	CHECK_STR_CONTAINS(errlog, ":6:");
	OK(cuModuleLoadDataEx(&m, api_test_ptx, 2, opts, vals));
	OK(cuModuleGetFunction(&f, m, "fill"));
	OK(cuModuleGetFunction(&f2, m, "fill"));
	CHECK(f == f2);
	CHECK_CU(cuModuleGetFunction(&f, m, "no_such_kernel"),
		 CUDA_ERROR_NOT_FOUND);
	CHECK_CU(cuModuleGetFunction(NULL, m, "fill"), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuModuleGetFunction(&f, (CUmodule)&gval, "fill"),
		 CUDA_ERROR_INVALID_HANDLE);
	OK(cuModuleGetGlobal(&g, &gsize, m, "gvar"));
	CHECK_EQ_U64(gsize, 4);
	OK(cuMemcpyDtoH(&gval, g, 4));
	CHECK_EQ_U64(gval, 5);
	CHECK_CU(cuModuleGetGlobal(&g, &gsize, m, "nope"), CUDA_ERROR_NOT_FOUND);
	OK(cuModuleUnload(m));
	CHECK_CU(cuModuleUnload(m), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuModuleUnload(NULL), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuFuncSetCacheConfig(f2, CU_FUNC_CACHE_PREFER_L1),
		 CUDA_ERROR_INVALID_HANDLE);

	/* cuModuleLoad from a file */
	fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd >= 0) {
		CHECK(write(fd, api_test_ptx, strlen(api_test_ptx)) ==
		      (ssize_t)strlen(api_test_ptx));
		close(fd);
		OK(cuModuleLoad(&m2, path));
		OK(cuModuleGetFunction(&f, m2, "reverse"));
		unlink(path);
	}
	OK(cuCtxDestroy(ctx));
}

TEST(launch)
{
	CUmodule m;
	CUcontext ctx = setup(&m);
	CUfunction f, rev;
	CUdeviceptr out;
	uint32_t host[200];
	unsigned v = 100, n = 200;
	void *args[] = { &out, &v, &n };
	struct {
		CUdeviceptr out;
		unsigned v, n;
	} pack;
	size_t pack_size = sizeof(pack), small = 8;
	void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &pack,
			  CU_LAUNCH_PARAM_BUFFER_SIZE, &pack_size,
			  CU_LAUNCH_PARAM_END };
	void *bad_extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &pack,
			      CU_LAUNCH_PARAM_BUFFER_SIZE, &small,
			      CU_LAUNCH_PARAM_END };
	int a = -1, ok = 1;

	OK(cuModuleGetFunction(&f, m, "fill"));
	OK(cuModuleGetFunction(&rev, m, "reverse"));
	OK(cuMemAlloc(&out, sizeof(host)));
	OK(cuLaunchKernel(f, 4, 1, 1, 64, 1, 1, 0, NULL, args, NULL));
	OK(cuCtxSynchronize());
	OK(cuMemcpyDtoH(host, out, sizeof(host)));
	for (unsigned i = 0; i < n; i++)
		ok &= host[i] == 100 + i;
	CHECK(ok);

	pack.out = out;
	pack.v = 7;
	pack.n = 10;
	OK(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, extra));
	OK(cuMemcpyDtoH(host, out, sizeof(host)));
	CHECK_EQ_U64(host[0], 7);
	CHECK_EQ_U64(host[9], 16);
	CHECK_EQ_U64(host[10], 110);

	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, args, extra),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, NULL, NULL, bad_extra),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 2048, 1, 1, 0, NULL, args, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 512, 4, 1, 0, NULL, args, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 0, 1, 1, 32, 1, 1, 0, NULL, args, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 1 << 20, NULL, args, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, (CUstream)&a, args,
				NULL),
		 CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuLaunchKernel((CUfunction)&a, 1, 1, 1, 32, 1, 1, 0, NULL, args,
				NULL),
		 CUDA_ERROR_INVALID_HANDLE);

	/* dynamic shared memory */
	{
		void *rargs[] = { &out };

		OK(cuLaunchKernel(rev, 1, 1, 1, 64, 1, 1, 64 * 4, NULL, rargs,
				  NULL));
		OK(cuMemcpyDtoH(host, out, 64 * 4));
		CHECK_EQ_U64(host[0], 63);
		CHECK_EQ_U64(host[63], 0);
	}

	/* function attributes */
	OK(cuFuncGetAttribute(&a, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f));
	CHECK(a > 0 && a <= 1024);
	OK(cuFuncGetAttribute(&a, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f));
	CHECK_EQ_U64(a, 0);
	OK(cuFuncGetAttribute(&a, CU_FUNC_ATTRIBUTE_NUM_REGS, f));
	CHECK(a >= 0);
	OK(cuFuncGetAttribute(&a, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, f));
	OK(cuFuncGetAttribute(&a, CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES, f));
	OK(cuFuncGetAttribute(&a, CU_FUNC_ATTRIBUTE_PTX_VERSION, f));
	CHECK(a > 0);
	OK(cuFuncGetAttribute(&a, CU_FUNC_ATTRIBUTE_BINARY_VERSION, f));
	CHECK(a > 0);
	CHECK_CU(cuFuncGetAttribute(NULL, CU_FUNC_ATTRIBUTE_NUM_REGS, f),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuFuncGetAttribute(&a, CU_FUNC_ATTRIBUTE_NUM_REGS,
				    (CUfunction)&a),
		 CUDA_ERROR_INVALID_HANDLE);
	OK(cuFuncSetCacheConfig(f, CU_FUNC_CACHE_PREFER_SHARED));
	OK(cuFuncSetAttribute(rev, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
			      1024));
	OK(cuFuncGetAttribute(&a, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
			      rev));
	CHECK_EQ_U64(a, 1024);
	CHECK_CU(cuFuncSetAttribute(rev,
				    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
				    1 << 30),
		 CUDA_ERROR_INVALID_VALUE);
	OK(cuMemFree(out));
	OK(cuCtxDestroy(ctx));
}

TEST(events)
{
	CUmodule m;
	CUcontext ctx = setup(&m);
	CUevent a, b, notime, fresh;
	CUdeviceptr out;
	float ms = -1;

	OK(cuMemAlloc(&out, 4096));
	CHECK_CU(cuEventCreate(NULL, 0), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuEventCreate(&a, 0x100), CUDA_ERROR_INVALID_VALUE);
	OK(cuEventCreate(&a, CU_EVENT_DEFAULT));
	OK(cuEventCreate(&b, CU_EVENT_BLOCKING_SYNC));
	OK(cuEventCreate(&notime, CU_EVENT_DISABLE_TIMING));
	OK(cuEventCreate(&fresh, 0));
	OK(cuEventRecord(a, NULL));
	OK(cuEventRecord(notime, NULL));
	OK(launch_fill(m, out, 1, 1024, NULL));
	OK(cuEventRecord(b, CU_STREAM_LEGACY));
	OK(cuEventSynchronize(b));
	OK(cuEventQuery(b));
	OK(cuEventQuery(fresh));
	OK(cuEventElapsedTime(&ms, a, b));
	CHECK(ms > 0.0f);
	CHECK_CU(cuEventElapsedTime(&ms, a, fresh), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuEventElapsedTime(&ms, notime, b), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuEventElapsedTime(NULL, a, b), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuEventRecord((CUevent)&ms, NULL), CUDA_ERROR_INVALID_HANDLE);
	OK(cuEventDestroy(a));
	CHECK_CU(cuEventDestroy(a), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuEventQuery(a), CUDA_ERROR_INVALID_HANDLE);
	OK(cuEventDestroy(b));
	OK(cuEventDestroy(notime));
	OK(cuCtxDestroy(ctx)); /* also frees fresh and out */
}

TEST(streams)
{
	CUmodule m;
	CUcontext ctx = setup(&m);
	CUstream s, s2;
	CUdeviceptr out;
	uint32_t host[64] = { 0 };
	unsigned flags = 9;
	int prio = 9, lo = 9, hi = 9;
	CUcontext sc = NULL;

	OK(cuMemAlloc(&out, sizeof(host)));
	CHECK_CU(cuStreamCreate(&s, 0x10), CUDA_ERROR_INVALID_VALUE);
	OK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
	OK(cuCtxGetStreamPriorityRange(&lo, &hi));
	OK(cuStreamCreateWithPriority(&s2, 0, hi));
	OK(cuStreamGetFlags(s, &flags));
	CHECK_EQ_U64(flags, CU_STREAM_NON_BLOCKING);
	OK(cuStreamGetPriority(s2, &prio));
	CHECK(prio >= hi && prio <= lo);
	OK(cuStreamGetCtx(s, &sc));
	CHECK(sc == ctx);
	OK(cuMemsetD32Async(out, 0, 64, s));
	OK(launch_fill(m, out, 3, 64, s));
	OK(cuStreamQuery(s));
	OK(cuMemcpyDtoHAsync(host, out, sizeof(host), s));
	OK(cuStreamSynchronize(s));
	CHECK_EQ_U64(host[0], 3);
	CHECK_EQ_U64(host[63], 66);
	OK(cuMemcpyHtoDAsync(out, host, 8, s2));
	OK(cuMemcpyDtoDAsync(out + 8, out, 8, s2));
	OK(cuStreamSynchronize(NULL));
	OK(cuStreamSynchronize(CU_STREAM_PER_THREAD));
	CHECK_CU(cuStreamSynchronize((CUstream)&prio), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuMemcpyHtoDAsync(out, host, 8, (CUstream)&prio),
		 CUDA_ERROR_INVALID_HANDLE);
	OK(cuStreamDestroy(s));
	CHECK_CU(cuStreamDestroy(s), CUDA_ERROR_INVALID_HANDLE);
	CHECK_CU(cuStreamQuery(s), CUDA_ERROR_INVALID_HANDLE);
	OK(cuStreamDestroy(s2));
	OK(cuCtxDestroy(ctx));
}

TEST(error_names)
{
	const char *s = NULL;

	OK(cuGetErrorName(CUDA_ERROR_ILLEGAL_ADDRESS, &s));
	CHECK(s && strcmp(s, "CUDA_ERROR_ILLEGAL_ADDRESS") == 0);
	OK(cuGetErrorName(CUDA_ERROR_LAUNCH_TIMEOUT, &s));
	CHECK(s && strcmp(s, "CUDA_ERROR_LAUNCH_TIMEOUT") == 0);
	OK(cuGetErrorName(CUDA_ERROR_MISALIGNED_ADDRESS, &s));
	CHECK(s && strcmp(s, "CUDA_ERROR_MISALIGNED_ADDRESS") == 0);
	OK(cuGetErrorName(CUDA_SUCCESS, &s));
	CHECK(s && strcmp(s, "CUDA_SUCCESS") == 0);
	OK(cuGetErrorString(CUDA_ERROR_INVALID_PTX, &s));
	CHECK(s && s[0]);
	CHECK_CU(cuGetErrorName((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGetErrorString((CUresult)12345, &s), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuGetErrorName(CUDA_SUCCESS, NULL), CUDA_ERROR_INVALID_VALUE);
}

/* Each thread: its own context, allocations, launches and copies. */
static void *thread_body(void *arg)
{
	int *failed = arg;
	CUcontext ctx;
	CUmodule m;
	CUdeviceptr out;
	uint32_t host[128];

	*failed = 1;
	if (cuCtxCreate(&ctx, NULL, 0, 0) != CUDA_SUCCESS ||
	    cuModuleLoadData(&m, api_test_ptx) != CUDA_SUCCESS)
		return NULL;
	for (unsigned it = 0; it < 4; it++) {
		if (cuMemAlloc(&out, sizeof(host)) != CUDA_SUCCESS ||
		    launch_fill(m, out, it * 1000, 128, NULL) != CUDA_SUCCESS ||
		    cuMemcpyDtoH(host, out, sizeof(host)) != CUDA_SUCCESS ||
		    host[127] != it * 1000 + 127 || cuMemFree(out) != CUDA_SUCCESS)
			return NULL;
	}
	if (cuCtxDestroy(ctx) != CUDA_SUCCESS)
		return NULL;
	*failed = 0;
	return NULL;
}

TEST(threads)
{
	pthread_t t[2];
	int failed[2] = { 1, 1 };
	CUcontext cur = (CUcontext)1;

	OK(cuInit(0));
	for (int i = 0; i < 2; i++)
		CHECK(pthread_create(&t[i], NULL, thread_body, &failed[i]) == 0);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	CHECK_EQ_U64(failed[0], 0);
	CHECK_EQ_U64(failed[1], 0);
	OK(cuCtxGetCurrent(&cur)); /* other threads' contexts are not ours */
	CHECK(cur == NULL);
}

/* Last: a faulting kernel poisons its context until it is destroyed. */
TEST(sticky_fault)
{
	CUmodule m;
	CUcontext ctx = setup(&m), other;
	CUfunction fault;
	CUdeviceptr p, q;
	uint32_t x = 0;
	const char *name = NULL;

	OK(cuMemAlloc(&p, 16));
	OK(cuModuleGetFunction(&fault, m, "fault"));
	OK(cuLaunchKernel(fault, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL));
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
	CHECK_CU(cuCtxSynchronize(), CUDA_ERROR_ILLEGAL_ADDRESS);
	CHECK_CU(cuMemcpyHtoD(p, &x, 4), CUDA_ERROR_ILLEGAL_ADDRESS);
	CHECK_CU(cuMemAlloc(&q, 16), CUDA_ERROR_ILLEGAL_ADDRESS);
	CHECK_CU(cuStreamSynchronize(NULL), CUDA_ERROR_ILLEGAL_ADDRESS);
	CHECK_CU(cuLaunchKernel(fault, 1, 1, 1, 1, 1, 1, 0, NULL, NULL, NULL),
		 CUDA_ERROR_ILLEGAL_ADDRESS);
	OK(cuGetErrorName(CUDA_ERROR_ILLEGAL_ADDRESS, &name));
	CHECK(name && strcmp(name, "CUDA_ERROR_ILLEGAL_ADDRESS") == 0);
	OK(cuCtxDestroy(ctx));

	/* a fresh context works again */
	other = setup(NULL);
	OK(cuMemAlloc(&q, 16));
	OK(cuMemcpyHtoD(q, &x, 4));
	OK(cuCtxDestroy(other));
}

TEST_MAIN()
