/*
 * rt_more.c - the rest of the runtime surface: calls that map onto what
 * the simulator models once one notices that every operation has
 * completed when its call returns (stream-ordered allocation, host
 * callbacks, peer copies on a one-device machine, cudaLaunchKernelExC,
 * pointer attributes), the per-thread-default-stream (_ptsz/_ptds) names
 * of the calls we implement (our streams are all in order, so they are
 * the same calls), and every other CUDA 13 entry point as an explicit
 * cudaErrorNotSupported (rt_unsupported.def).
 */
#include "rt/rt_int.h"

#include <stdio.h>
#include <string.h>

/* Declared here because rt_int.h keeps to what rt_core.c shares. */
cudaError_t cudaMalloc(void **p, size_t size);
cudaError_t cudaFree(void *p);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, int kind,
			    cudaStream_t s);
cudaError_t cudaMemset2D(void *p, size_t pitch, int v, size_t width,
			 size_t height);
cudaError_t cudaMemset3D(struct rt_pitched_ptr p, int v, struct rt_extent x);
cudaError_t cudaLaunchKernel(const void *func, struct rt_dim3 gridDim,
			     struct rt_dim3 blockDim, void **args,
			     size_t sharedMem, cudaStream_t stream);

/* ==== stream-ordered and peer memory ===================================== */

/* Work on a stream is complete when its call returns: allocate now. */
RT_API cudaError_t cudaMallocAsync(void **p, size_t size, cudaStream_t s)
{
	return cudaMalloc(p, size);
}

RT_API cudaError_t cudaFreeAsync(void *p, cudaStream_t s)
{
	return cudaFree(p);
}

/* One device: a peer copy is a device-to-device copy. */
RT_API cudaError_t cudaMemcpyPeer(void *dst, int dst_dev, const void *src,
				  int src_dev, size_t n)
{
	if (dst_dev != 0 || src_dev != 0)
		return rt_ret(cudaErrorInvalidDevice);
	return cudaMemcpy(dst, src, n, RT_COPY_D2D);
}

RT_API cudaError_t cudaMemcpyPeerAsync(void *dst, int dst_dev,
				       const void *src, int src_dev, size_t n,
				       cudaStream_t s)
{
	if (dst_dev != 0 || src_dev != 0)
		return rt_ret(cudaErrorInvalidDevice);
	return cudaMemcpyAsync(dst, src, n, RT_COPY_D2D, s);
}

RT_API cudaError_t cudaDeviceCanAccessPeer(int *can, int dev, int peer)
{
	if (!can)
		return rt_ret(cudaErrorInvalidValue);
	if (dev != 0 || peer != 0)
		return rt_ret(cudaErrorInvalidDevice);
	*can = 0;
	return cudaSuccess;
}

RT_API cudaError_t cudaMemset2DAsync(void *p, size_t pitch, int v,
				     size_t width, size_t height,
				     cudaStream_t s)
{
	return cudaMemset2D(p, pitch, v, width, height);
}

RT_API cudaError_t cudaMemset3DAsync(struct rt_pitched_ptr p, int v,
				     struct rt_extent x, cudaStream_t s)
{
	return cudaMemset3D(p, v, x);
}

/* struct cudaPointerAttributes. */
struct rt_pointer_attrs {
	int type;            /* enum cudaMemoryType: 0 unregistered, 1 host,
				2 device */
	int device;          /* device of the allocation */
	void *devicePointer; /* device address, NULL for host memory */
	void *hostPointer;   /* host address, NULL for device memory */
};

RT_API cudaError_t cudaPointerGetAttributes(struct rt_pointer_attrs *a,
					    const void *p)
{
	unsigned type = 0;
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	if (!a)
		return rt_ret(cudaErrorInvalidValue);
	memset(a, 0, sizeof(*a));
	if (cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				  (CUdeviceptr)(uintptr_t)p) != CUDA_SUCCESS) {
		a->device = -2;
		a->hostPointer = (void *)(uintptr_t)p; /* unregistered host */
		return cudaSuccess;
	}
	a->type = type == CU_MEMORYTYPE_DEVICE ? 2 : 1;
	if (a->type == 2)
		a->devicePointer = (void *)(uintptr_t)p;
	else
		a->hostPointer = (void *)(uintptr_t)p;
	return cudaSuccess;
}

/* ==== streams and host callbacks ========================================= */

RT_API cudaError_t cudaStreamGetFlags(cudaStream_t s, unsigned *flags)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuStreamGetFlags((CUstream)s,
							      flags));
}

RT_API cudaError_t cudaStreamGetPriority(cudaStream_t s, int *prio)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuStreamGetPriority((CUstream)s,
								 prio));
}

RT_API cudaError_t cudaStreamGetDevice(cudaStream_t s, int *dev)
{
	unsigned flags;
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	if (!dev)
		return rt_ret(cudaErrorInvalidValue);
	e = rt_cu(cuStreamGetFlags((CUstream)s, &flags)); /* validates s */
	if (e == cudaSuccess)
		*dev = 0;
	return e;
}

RT_API cudaError_t cudaGetDeviceFlags(unsigned *flags)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuCtxGetFlags(flags));
}

/*
 * Everything queued on s before the call has completed when it is made,
 * so the host function runs now, in the calling thread (CUDA runs it on
 * a runtime thread once the stream reaches it).
 */
RT_API cudaError_t cudaLaunchHostFunc(cudaStream_t s, void (*fn)(void *),
				      void *data)
{
	unsigned flags;
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	if (!fn)
		return rt_ret(cudaErrorInvalidValue);
	e = rt_cu(cuStreamGetFlags((CUstream)s, &flags));
	if (e == cudaSuccess)
		fn(data);
	return e;
}

RT_API cudaError_t cudaStreamAddCallback(cudaStream_t s,
					 void (*cb)(cudaStream_t, cudaError_t,
						    void *),
					 void *data, unsigned flags)
{
	unsigned sflags;
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	if (!cb || flags != 0)
		return rt_ret(cudaErrorInvalidValue);
	e = rt_cu(cuStreamGetFlags((CUstream)s, &sflags));
	if (e == cudaSuccess)
		cb(s, cudaSuccess, data);
	return e;
}

/* ==== functions ========================================================== */

RT_API cudaError_t cudaFuncGetName(const char **name, const void *func)
{
	cudaError_t e;
	CUfunction f = rt_func_get(func, &e);

	if (!f)
		return rt_ret(e);
	if (!name)
		return rt_ret(cudaErrorInvalidValue);
	return rt_cu(cuFuncGetName(name, f));
}

/* struct cudaLaunchConfig_st (launch attributes are not modelled). */
struct rt_launch_config {
	struct rt_dim3 gridDim;  /* grid extents */
	struct rt_dim3 blockDim; /* block extents */
	size_t dynamicSmemBytes; /* dynamic shared bytes */
	cudaStream_t stream;     /* stream */
	void *attrs;             /* cudaLaunchAttribute array */
	unsigned numAttrs;       /* entries in attrs */
};

RT_API cudaError_t cudaLaunchKernelExC(const struct rt_launch_config *c,
				       const void *func, void **args)
{
	if (!c)
		return rt_ret(cudaErrorInvalidValue);
	if (c->numAttrs != 0) {
		fprintf(stderr, "warpsim: libcudart: cudaLaunchKernelExC with "
				"launch attributes is not supported\n");
		return rt_ret(cudaErrorNotSupported);
	}
	return cudaLaunchKernel(func, c->gridDim, c->blockDim, args,
				c->dynamicSmemBytes, c->stream);
}

/* struct cudaChannelFormatDesc. */
struct rt_channel_desc {
	int x, y, z, w; /* bits per component */
	int f;          /* enum cudaChannelFormatKind */
};

RT_API struct rt_channel_desc cudaCreateChannelDesc(int x, int y, int z,
						    int w, int f)
{
	struct rt_channel_desc d = {x, y, z, w, f};

	return d;
}

/* ==== per-thread default stream names ==================================== */

/* Our streams are all in order, so these are the legacy-stream calls. */
RT_ALIAS(cudaMallocAsync_ptsz, cudaMallocAsync)
RT_ALIAS(cudaFreeAsync_ptsz, cudaFreeAsync)
RT_ALIAS(cudaLaunchHostFunc_ptsz, cudaLaunchHostFunc)
RT_ALIAS(cudaStreamAddCallback_ptsz, cudaStreamAddCallback)
RT_ALIAS(cudaStreamGetFlags_ptsz, cudaStreamGetFlags)
RT_ALIAS(cudaStreamGetPriority_ptsz, cudaStreamGetPriority)
RT_ALIAS(cudaStreamGetDevice_ptsz, cudaStreamGetDevice)
RT_ALIAS(cudaLaunchKernelExC_ptsz, cudaLaunchKernelExC)
RT_ALIAS(cudaMemset2DAsync_ptsz, cudaMemset2DAsync)
RT_ALIAS(cudaMemset3DAsync_ptsz, cudaMemset3DAsync)

/* ==== everything else ==================================================== */

/* Report an entry point we do not implement; cudaErrorNotSupported. */
static cudaError_t rt_unsupported(const char *name)
{
	fprintf(stderr, "warpsim: libcudart: %s is not supported\n", name);
	return rt_ret(cudaErrorNotSupported);
}

/*
 * The arguments are never read, so one argument-less definition serves
 * every signature (the System V ABI passes them in registers and on the
 * caller's stack; each returns cudaError_t in a register).
 */
#define RT_UNSUPPORTED(name)                                                \
	RT_API cudaError_t name(void);                                      \
	RT_API cudaError_t name(void) { return rt_unsupported(#name); }
#include "rt/rt_unsupported.def"
#undef RT_UNSUPPORTED
