/*
 * drv_fatbin.c - cuModuleLoad of fat binaries nvcc made (tests/rt/data):
 * uncompressed, LZ4, Zstandard and multi-architecture ones must run
 * fb_axpy from their compute_75 PTX; a SASS-only one must fail with
 * CUDA_ERROR_NO_BINARY_FOR_GPU, a truncated one (the first 100 bytes of
 * plain.fatbin) with CUDA_ERROR_INVALID_IMAGE.
 *   drv_fatbin FILE.fatbin [sass|truncated]
 */
#include <cuda.h>
#include <stdio.h>
#include <string.h>

#define CK(call) do { CUresult r_ = (call); if (r_ != CUDA_SUCCESS) { \
	const char *s_ = "?"; cuGetErrorName(r_, &s_); \
	printf("FAIL drv_fatbin: %s: %s\n", #call, s_); return 1; } } while (0)

int main(int argc, char **argv)
{
	enum { N = 300 };
	static float x[N], y[N];
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction fn;
	CUdeviceptr dx, dy;
	int n = N;
	float a = 3.0f;
	CUresult r;

	if (argc < 2)
		return 2;
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, dev));
	r = cuModuleLoad(&mod, argv[1]);
	if (argc > 2) {
		CUresult want = !strcmp(argv[2], "sass")
					? CUDA_ERROR_NO_BINARY_FOR_GPU
					: CUDA_ERROR_INVALID_IMAGE;

		if (r != want) {
			printf("FAIL drv_fatbin: %s load gave %d\n", argv[2],
			       (int)r);
			return 1;
		}
		printf("PASS drv_fatbin\n");
		return 0;
	}
	CK(r);
	CK(cuModuleGetFunction(&fn, mod, "fb_axpy"));
	for (int i = 0; i < N; i++) {
		x[i] = (float)i;
		y[i] = 1.0f;
	}
	CK(cuMemAlloc(&dx, sizeof(x)));
	CK(cuMemAlloc(&dy, sizeof(y)));
	CK(cuMemcpyHtoD(dx, x, sizeof(x)));
	CK(cuMemcpyHtoD(dy, y, sizeof(y)));
	void *args[] = {&n, &a, &dx, &dy};
	CK(cuLaunchKernel(fn, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args,
			  NULL));
	CK(cuMemcpyDtoH(y, dy, sizeof(y)));
	for (int i = 0; i < N; i++)
		if (y[i] != 3.0f * (float)i + 1.0f) {
			printf("FAIL drv_fatbin: y[%d] = %g\n", i, (double)y[i]);
			return 1;
		}
	CK(cuCtxDestroy(ctx));
	printf("PASS drv_fatbin\n");
	return 0;
}
