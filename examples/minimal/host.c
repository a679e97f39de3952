/* host.c - the README's minimal CUDA Driver API host: saxpy on 4096 floats. */
#include <cuda.h>
#include <stdio.h>

#define CK(call) do { CUresult r_ = (call); if (r_ != CUDA_SUCCESS) { \
	const char *s_ = "?"; cuGetErrorString(r_, &s_); \
	fprintf(stderr, "%s: %s\n", #call, s_); return 1; } } while (0)

int main(int argc, char **argv)
{
	enum { N = 4096 };
	static float x[N], y[N];
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction fn;
	CUdeviceptr dx, dy;
	int n = N;
	float a = 2.0f;

	for (int i = 0; i < N; i++) {
		x[i] = (float)i;
		y[i] = 1.0f;
	}
	CK(cuInit(0));
	CK(cuDeviceGet(&dev, 0));
	CK(cuCtxCreate(&ctx, NULL, 0, dev)); /* CUDA 13: cuCtxCreate_v4 */
	CK(cuModuleLoad(&mod, argc > 1 ? argv[1] : "kernel.ptx"));
	CK(cuModuleGetFunction(&fn, mod, "saxpy"));
	CK(cuMemAlloc(&dx, sizeof(x)));
	CK(cuMemAlloc(&dy, sizeof(y)));
	CK(cuMemcpyHtoD(dx, x, sizeof(x)));
	CK(cuMemcpyHtoD(dy, y, sizeof(y)));
	void *args[] = {&n, &a, &dx, &dy};
	CK(cuLaunchKernel(fn, N / 256, 1, 1, 256, 1, 1, 0, NULL, args, NULL));
	CK(cuMemcpyDtoH(y, dy, sizeof(y)));
	for (int i = 0; i < N; i++)
		if (y[i] != 2.0f * (float)i + 1.0f) {
			printf("FAIL saxpy: y[%d] = %g\n", i, y[i]);
			return 1;
		}
	printf("PASS saxpy\n");
	CK(cuMemFree(dx));
	CK(cuMemFree(dy));
	CK(cuModuleUnload(mod));
	CK(cuCtxDestroy(ctx));
	return 0;
}
