/*
 * drv_sys.c - device printf and assert from a Driver API program: the
 * printf lines come out in execution order when the launch ends, and a
 * failing assert makes the launch fail with CUDA_ERROR_ASSERT, sticky in
 * its context (later calls fail), while a new context runs kernels again.
 *   drv_sys KERNEL.ptx
 */
#include <cuda.h>
#include <stdio.h>

#define CK(call) do { CUresult r_ = (call); if (r_ != CUDA_SUCCESS) { \
	const char *s_ = "?"; cuGetErrorName(r_, &s_); \
	printf("FAIL drv_sys: %s: %s\n", #call, s_); return 1; } } while (0)

/* Load the module and look up one kernel in a fresh context. */
static CUresult open_fn(const char *ptx, const char *name, CUcontext *ctx,
			CUmodule *mod, CUfunction *fn)
{
	CUdevice dev;
	CUresult r = cuDeviceGet(&dev, 0);

	if (r == CUDA_SUCCESS)
		r = cuCtxCreate(ctx, NULL, 0, dev);
	if (r == CUDA_SUCCESS)
		r = cuModuleLoad(mod, ptx);
	if (r == CUDA_SUCCESS)
		r = cuModuleGetFunction(fn, *mod, name);
	return r;
}

int main(int argc, char **argv)
{
	CUcontext ctx;
	CUmodule mod;
	CUfunction fn;
	CUdeviceptr v;
	int base = 100, bad = 40, h[64];
	double d = 0.5;
	void *pp[] = {&base, &d};
	void *pa[] = {&v, &bad};
	CUresult r;

	if (argc < 2)
		return 2;
	CK(cuInit(0));
	CK(open_fn(argv[1], "sys_printf", &ctx, &mod, &fn));
	CK(cuLaunchKernel(fn, 1, 1, 1, 64, 1, 1, 0, NULL, pp, NULL));
	CK(cuCtxSynchronize());
	printf("after printf\n");

	CK(cuModuleGetFunction(&fn, mod, "sys_assert"));
	CK(cuMemAlloc(&v, sizeof(h)));
	r = cuLaunchKernel(fn, 2, 1, 1, 32, 1, 1, 0, NULL, pa, NULL);
	if (r == CUDA_SUCCESS)
		r = cuCtxSynchronize();
	if (r != CUDA_ERROR_ASSERT) {
		printf("FAIL drv_sys: assert launch gave %d, not "
		       "CUDA_ERROR_ASSERT\n", (int)r);
		return 1;
	}
	if (cuMemcpyDtoH(h, v, sizeof(h)) != CUDA_ERROR_ASSERT) {
		printf("FAIL drv_sys: CUDA_ERROR_ASSERT is not sticky\n");
		return 1;
	}
	CK(cuCtxDestroy(ctx));

	bad = -1;
	CK(open_fn(argv[1], "sys_assert", &ctx, &mod, &fn));
	CK(cuMemAlloc(&v, sizeof(h)));
	CK(cuLaunchKernel(fn, 2, 1, 1, 32, 1, 1, 0, NULL, pa, NULL));
	CK(cuMemcpyDtoH(h, v, sizeof(h)));
	for (int i = 0; i < 64; i++)
		if (h[i] != 2 * i) {
			printf("FAIL drv_sys: new context: v[%d] = %d\n", i,
			       h[i]);
			return 1;
		}
	CK(cuCtxDestroy(ctx));
	printf("PASS drv_sys\n");
	return 0;
}
