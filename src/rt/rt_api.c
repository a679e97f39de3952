/*
 * rt_api.c - the CUDA runtime calls programs make: device management and
 * properties (from the simulated machine, through the driver's device
 * attributes), memory (device, pinned host, pitched; copies and sets in
 * every direction, 2-D and 3-D on linear memory, to and from symbols,
 * async on streams), streams, events (elapsed time in simulated time),
 * function attributes and the occupancy calculator.  Each call maps onto
 * one or a few Driver API calls; a call or a form we do not model returns
 * cudaErrorNotSupported, never a silent success.
 */
#include "rt/rt_int.h"

#include <stdlib.h>
#include <string.h>

/* struct cudaDeviceProp, CUDA 13 layout (1008 bytes). */
struct rt_device_prop {
	char name[256];                     /* device name */
	unsigned char uuid[16];             /* cudaUUID_t */
	char luid[8];                       /* Windows LUID */
	unsigned luidDeviceNodeMask;        /* Windows LUID node mask */
	size_t totalGlobalMem;              /* global memory bytes */
	size_t sharedMemPerBlock;           /* shared bytes per block */
	int regsPerBlock;                   /* registers per block */
	int warpSize;                       /* threads per warp */
	size_t memPitch;                    /* largest copy pitch */
	int maxThreadsPerBlock;             /* threads per block */
	int maxThreadsDim[3];               /* block extents */
	int maxGridSize[3];                 /* grid extents */
	size_t totalConstMem;               /* constant bytes */
	int major;                          /* compute capability major */
	int minor;                          /* compute capability minor */
	size_t textureAlignment;            /* texture alignment */
	size_t texturePitchAlignment;       /* pitched texture alignment */
	int multiProcessorCount;            /* SMs */
	int integrated;                     /* integrated GPU */
	int canMapHostMemory;               /* mapped pinned memory */
	int maxTexture1D;                   /* 1-D texture width (driver's) */
	int maxTexture1DMipmap;             /* texture limit (not reported: 0) */
	int maxTexture2D[2];                /* 2-D texture extents (driver's) */
	int maxTexture2DMipmap[2];          /* texture limit (not reported: 0) */
	int maxTexture2DLinear[3];          /* texture limit (not reported: 0) */
	int maxTexture2DGather[2];          /* texture limit (not reported: 0) */
	int maxTexture3D[3];                /* 3-D texture extents (driver's) */
	int maxTexture3DAlt[3];             /* texture limit (not reported: 0) */
	int maxTextureCubemap;              /* texture limit (not reported: 0) */
	int maxTexture1DLayered[2];         /* texture limit (not reported: 0) */
	int maxTexture2DLayered[3];         /* texture limit (not reported: 0) */
	int maxTextureCubemapLayered[2];    /* texture limit (not reported: 0) */
	int maxSurface1D;                   /* surface limit (not reported: 0) */
	int maxSurface2D[2];                /* surface limit (not reported: 0) */
	int maxSurface3D[3];                /* surface limit (not reported: 0) */
	int maxSurface1DLayered[2];         /* surface limit (not reported: 0) */
	int maxSurface2DLayered[3];         /* surface limit (not reported: 0) */
	int maxSurfaceCubemap;              /* surface limit (not reported: 0) */
	int maxSurfaceCubemapLayered[2];    /* surface limit (not reported: 0) */
	size_t surfaceAlignment;            /* surface alignment */
	int concurrentKernels;              /* concurrent kernels */
	int ECCEnabled;                     /* ECC on */
	int pciBusID;                       /* PCI bus */
	int pciDeviceID;                    /* PCI device */
	int pciDomainID;                    /* PCI domain */
	int tccDriver;                      /* TCC driver */
	int asyncEngineCount;               /* copy engines */
	int unifiedAddressing;              /* UVA */
	int memoryBusWidth;                 /* DRAM bus bits */
	int l2CacheSize;                    /* L2 bytes */
	int persistingL2CacheMaxSize;       /* persisting L2 bytes */
	int maxThreadsPerMultiProcessor;    /* resident threads per SM */
	int streamPrioritiesSupported;      /* stream priorities */
	int globalL1CacheSupported;         /* globals cached in L1 */
	int localL1CacheSupported;          /* locals cached in L1 */
	size_t sharedMemPerMultiprocessor;  /* shared bytes per SM */
	int regsPerMultiprocessor;          /* registers per SM */
	int managedMemory;                  /* managed memory */
	int isMultiGpuBoard;                /* multi-GPU board */
	int multiGpuBoardGroupID;           /* board group */
	int hostNativeAtomicSupported;      /* host-device atomics */
	int pageableMemoryAccess;           /* pageable access */
	int concurrentManagedAccess;        /* concurrent managed access */
	int computePreemptionSupported;     /* preemption */
	int canUseHostPointerForRegisteredMem; /* registered memory at host VA */
	int cooperativeLaunch;              /* cooperative launches */
	size_t sharedMemPerBlockOptin;      /* opt-in shared per block */
	int pageableMemoryAccessUsesHostPageTables; /* host page tables */
	int directManagedMemAccessFromHost; /* host reads managed directly */
	int maxBlocksPerMultiProcessor;     /* resident blocks per SM */
	int accessPolicyMaxWindowSize;      /* access policy window */
	size_t reservedSharedMemPerBlock;   /* driver-reserved shared bytes */
	int hostRegisterSupported;          /* cudaHostRegister */
	int sparseCudaArraySupported;       /* sparse arrays */
	int hostRegisterReadOnlySupported;  /* read-only registration */
	int timelineSemaphoreInteropSupported; /* timeline semaphores */
	int memoryPoolsSupported;           /* cudaMallocAsync */
	int gpuDirectRDMASupported;         /* GPUDirect RDMA */
	unsigned gpuDirectRDMAFlushWritesOptions; /* RDMA flush options */
	int gpuDirectRDMAWritesOrdering;    /* RDMA ordering */
	unsigned memoryPoolSupportedHandleTypes; /* pool IPC handle types */
	int deferredMappingCudaArraySupported; /* deferred mapping */
	int ipcEventSupported;              /* IPC events */
	int clusterLaunch;                  /* cluster launch */
	int unifiedFunctionPointers;        /* unified function pointers */
	int deviceNumaConfig;               /* NUMA configuration */
	int deviceNumaId;                   /* NUMA node of GPU memory */
	int mpsEnabled;                     /* MPS */
	int hostNumaId;                     /* nearest host NUMA node */
	unsigned gpuPciDeviceID;            /* PCI device + vendor ids */
	unsigned gpuPciSubsystemID;         /* PCI subsystem ids */
	int hostNumaMultinodeIpcSupported;  /* multi-node IPC */
	int reserved[56];                   /* reserved by CUDA */
};
_Static_assert(sizeof(struct rt_device_prop) == 1008, "cudaDeviceProp");
_Static_assert(sizeof(struct rt_func_attrs) == 144, "cudaFuncAttributes");
_Static_assert(sizeof(struct rt_copy3d) == 160, "cudaMemcpy3DParms");

/* ==== device ============================================================= */

RT_API cudaError_t cudaGetDeviceCount(int *count)
{
	CUresult r = cuInit(0);

	if (!count)
		return rt_ret(cudaErrorInvalidValue);
	if (r != CUDA_SUCCESS) {
		*count = 0;
		return rt_ret(cudaErrorNoDevice);
	}
	return rt_cu(cuDeviceGetCount(count));
}

RT_API cudaError_t cudaSetDevice(int device)
{
	int n = 0;

	if (cudaGetDeviceCount(&n) != cudaSuccess || device < 0 || device >= n)
		return rt_ret(cudaErrorInvalidDevice);
	return rt_enter();
}

RT_API cudaError_t cudaGetDevice(int *device)
{
	if (!device)
		return rt_ret(cudaErrorInvalidValue);
	*device = rt_state_get()->device;
	return cudaSuccess;
}

RT_API cudaError_t cudaSetDeviceFlags(unsigned flags)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuCtxSetFlags(flags & 0xffu));
}

RT_API cudaError_t cudaInitDevice(int device, unsigned deviceFlags,
				  unsigned flags)
{
	return cudaSetDevice(device);
}

RT_API cudaError_t cudaDriverGetVersion(int *v)
{
	if (!v)
		return rt_ret(cudaErrorInvalidValue);
	return rt_cu(cuDriverGetVersion(v));
}

RT_API cudaError_t cudaRuntimeGetVersion(int *v)
{
	if (!v)
		return rt_ret(cudaErrorInvalidValue);
	*v = 13000;
	return cudaSuccess;
}

/* cudaDeviceAttr values are the driver's CUdevice_attribute values. */
RT_API cudaError_t cudaDeviceGetAttribute(int *value, int attr, int device)
{
	CUresult r = cuInit(0);

	if (r != CUDA_SUCCESS)
		return rt_ret(cudaErrorNoDevice);
	return rt_cu(cuDeviceGetAttribute(value, (CUdevice_attribute)attr,
					  device));
}

/* One attribute, 0 when the driver does not report it. */
static int rt_attr(CUdevice_attribute a, int dev)
{
	int v = 0;

	if (cuDeviceGetAttribute(&v, a, dev) != CUDA_SUCCESS)
		v = 0;
	return v;
}

RT_API cudaError_t cudaGetDeviceProperties(struct rt_device_prop *p,
					   int device)
{
	size_t mem = 0;
	CUresult r = cuInit(0);

	if (!p)
		return rt_ret(cudaErrorInvalidValue);
	if (r != CUDA_SUCCESS)
		return rt_ret(cudaErrorNoDevice);
	memset(p, 0, sizeof(*p));
	r = cuDeviceGetName(p->name, sizeof(p->name), device);
	if (r != CUDA_SUCCESS)
		return rt_cu(r);
	cuDeviceGetUuid((CUuuid *)p->uuid, device);
	cuDeviceTotalMem(&mem, device);
	p->totalGlobalMem = mem;
#define A(x) rt_attr(CU_DEVICE_ATTRIBUTE_##x, device)
	p->sharedMemPerBlock = (size_t)A(MAX_SHARED_MEMORY_PER_BLOCK);
	p->regsPerBlock = A(MAX_REGISTERS_PER_BLOCK);
	p->warpSize = A(WARP_SIZE);
	p->memPitch = (size_t)A(MAX_PITCH);
	p->maxThreadsPerBlock = A(MAX_THREADS_PER_BLOCK);
	p->maxThreadsDim[0] = A(MAX_BLOCK_DIM_X);
	p->maxThreadsDim[1] = A(MAX_BLOCK_DIM_Y);
	p->maxThreadsDim[2] = A(MAX_BLOCK_DIM_Z);
	p->maxGridSize[0] = A(MAX_GRID_DIM_X);
	p->maxGridSize[1] = A(MAX_GRID_DIM_Y);
	p->maxGridSize[2] = A(MAX_GRID_DIM_Z);
	p->totalConstMem = (size_t)A(TOTAL_CONSTANT_MEMORY);
	p->major = A(COMPUTE_CAPABILITY_MAJOR);
	p->minor = A(COMPUTE_CAPABILITY_MINOR);
	p->textureAlignment = (size_t)A(TEXTURE_ALIGNMENT);
	p->texturePitchAlignment = (size_t)A(TEXTURE_PITCH_ALIGNMENT);
	p->multiProcessorCount = A(MULTIPROCESSOR_COUNT);
	p->memoryBusWidth = A(GLOBAL_MEMORY_BUS_WIDTH);
	p->l2CacheSize = A(L2_CACHE_SIZE);
	p->maxThreadsPerMultiProcessor = A(MAX_THREADS_PER_MULTIPROCESSOR);
	p->unifiedAddressing = A(UNIFIED_ADDRESSING);
	p->globalL1CacheSupported = A(GLOBAL_L1_CACHE_SUPPORTED);
	p->localL1CacheSupported = A(LOCAL_L1_CACHE_SUPPORTED);
	p->sharedMemPerMultiprocessor =
		(size_t)A(MAX_SHARED_MEMORY_PER_MULTIPROCESSOR);
	p->regsPerMultiprocessor = A(MAX_REGISTERS_PER_MULTIPROCESSOR);
	p->cooperativeLaunch = A(COOPERATIVE_LAUNCH);
	p->sharedMemPerBlockOptin =
		(size_t)A(MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
	p->maxBlocksPerMultiProcessor = A(MAX_BLOCKS_PER_MULTIPROCESSOR);
	p->concurrentKernels = A(CONCURRENT_KERNELS);
	p->asyncEngineCount = A(ASYNC_ENGINE_COUNT);
	p->pciBusID = A(PCI_BUS_ID);
	p->pciDeviceID = A(PCI_DEVICE_ID);
	p->pciDomainID = A(PCI_DOMAIN_ID);
	p->maxTexture1D = A(MAXIMUM_TEXTURE1D_WIDTH);
	p->maxTexture2D[0] = A(MAXIMUM_TEXTURE2D_WIDTH);
	p->maxTexture2D[1] = A(MAXIMUM_TEXTURE2D_HEIGHT);
	p->maxTexture3D[0] = A(MAXIMUM_TEXTURE3D_WIDTH);
	p->maxTexture3D[1] = A(MAXIMUM_TEXTURE3D_HEIGHT);
	p->maxTexture3D[2] = A(MAXIMUM_TEXTURE3D_DEPTH);
#undef A
	p->hostNumaId = -1;
	p->deviceNumaId = -1;
	return cudaSuccess;
}

RT_API cudaError_t cudaChooseDevice(int *device, const void *prop)
{
	if (!device || !prop)
		return rt_ret(cudaErrorInvalidValue);
	*device = 0;
	return cudaSuccess;
}

/* Wait for all work: flushes device printf and reports kernel faults. */
RT_API cudaError_t cudaDeviceSynchronize(void)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuCtxSynchronize());
}

RT_API cudaError_t cudaThreadSynchronize(void)
{
	return cudaDeviceSynchronize();
}

RT_API cudaError_t cudaThreadExit(void)
{
	return cudaDeviceReset();
}

RT_API cudaError_t cudaDeviceSetLimit(int limit, size_t value)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e
				: rt_cu(cuCtxSetLimit((CUlimit)limit, value));
}

RT_API cudaError_t cudaDeviceGetLimit(size_t *value, int limit)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e
				: rt_cu(cuCtxGetLimit(value, (CUlimit)limit));
}

RT_API cudaError_t cudaDeviceSetCacheConfig(int config)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess
		       ? e
		       : rt_cu(cuCtxSetCacheConfig((CUfunc_cache)config));
}

RT_API cudaError_t cudaDeviceGetCacheConfig(int *config)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess
		       ? e
		       : rt_cu(cuCtxGetCacheConfig((CUfunc_cache *)config));
}

RT_API cudaError_t cudaDeviceGetStreamPriorityRange(int *least, int *greatest)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess
		       ? e
		       : rt_cu(cuCtxGetStreamPriorityRange(least, greatest));
}

RT_API cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuMemGetInfo(free_bytes, total));
}

/* ==== memory ============================================================= */

RT_API cudaError_t cudaMalloc(void **p, size_t size)
{
	CUdeviceptr d = 0;
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	if (!p)
		return rt_ret(cudaErrorInvalidValue);
	if (size == 0) {
		*p = NULL;
		return cudaSuccess;
	}
	e = rt_cu(cuMemAlloc(&d, size));
	*p = e == cudaSuccess ? (void *)(uintptr_t)d : NULL;
	return e;
}

RT_API cudaError_t cudaFree(void *p)
{
	cudaError_t e = rt_enter();

	if (e != cudaSuccess || !p)
		return e;
	e = rt_cu(cuMemFree((CUdeviceptr)(uintptr_t)p));
	return e == cudaErrorInvalidValue ? rt_ret(cudaErrorInvalidDevicePointer)
					  : e;
}

RT_API cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t width,
				   size_t height)
{
	CUdeviceptr d = 0;
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	if (!p || !pitch)
		return rt_ret(cudaErrorInvalidValue);
	e = rt_cu(cuMemAllocPitch(&d, pitch, width, height, 4));
	*p = e == cudaSuccess ? (void *)(uintptr_t)d : NULL;
	return e;
}

RT_API cudaError_t cudaMallocHost(void **p, size_t size)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuMemAllocHost(p, size));
}

RT_API cudaError_t cudaHostAlloc(void **p, size_t size, unsigned flags)
{
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	if (flags & 0x02u) /* cudaHostAllocMapped: needs host-visible memory */
		return rt_ret(cudaErrorNotSupported);
	return rt_cu(cuMemHostAlloc(p, size, flags));
}

RT_API cudaError_t cudaFreeHost(void *p)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuMemFreeHost(p));
}

/* Simulated device memory is not host-addressable. */
RT_API cudaError_t cudaMallocManaged(void **p, size_t size, unsigned flags)
{
	return rt_ret(cudaErrorNotSupported);
}

RT_API cudaError_t cudaHostRegister(void *p, size_t size, unsigned flags)
{
	return rt_ret(cudaErrorNotSupported);
}

RT_API cudaError_t cudaHostUnregister(void *p)
{
	return rt_ret(cudaErrorNotSupported);
}

RT_API cudaError_t cudaHostGetDevicePointer(void **d, void *h, unsigned f)
{
	return rt_ret(cudaErrorNotSupported);
}

/* The driver stream for a runtime one (the handles are the same). */
static CUstream rt_stream(cudaStream_t s)
{
	return (CUstream)s;
}

/* One linear copy of kind k on stream s (sync when !async). */
static cudaError_t rt_copy(void *dst, const void *src, size_t n, int k,
			   cudaStream_t s, bool async)
{
	CUdeviceptr dd = (CUdeviceptr)(uintptr_t)dst;
	CUdeviceptr ds = (CUdeviceptr)(uintptr_t)src;
	CUstream cs = rt_stream(s);
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	if (n == 0)
		return cudaSuccess;
	switch (k) {
	case RT_COPY_H2H:
		memmove(dst, src, n);
		return cudaSuccess;
	case RT_COPY_H2D:
		return rt_cu(async ? cuMemcpyHtoDAsync(dd, src, n, cs)
				   : cuMemcpyHtoD(dd, src, n));
	case RT_COPY_D2H:
		return rt_cu(async ? cuMemcpyDtoHAsync(dst, ds, n, cs)
				   : cuMemcpyDtoH(dst, ds, n));
	case RT_COPY_D2D:
		return rt_cu(async ? cuMemcpyDtoDAsync(dd, ds, n, cs)
				   : cuMemcpyDtoD(dd, ds, n));
	case RT_COPY_DEFAULT:
		return rt_cu(async ? cuMemcpyAsync(dd, ds, n, cs)
				   : cuMemcpy(dd, ds, n));
	default:
		return rt_ret(cudaErrorInvalidMemcpyDirection);
	}
}

RT_API cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, int kind)
{
	return rt_copy(dst, src, n, kind, NULL, false);
}

RT_API cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n,
				   int kind, cudaStream_t s)
{
	return rt_copy(dst, src, n, kind, s, true);
}

RT_ALIAS(cudaMemcpyAsync_ptsz, cudaMemcpyAsync)

/* Fill a driver 2-D copy descriptor's side from a pointer and kind. */
static void rt_side(bool device, const void *p, size_t pitch,
		    CUmemorytype *type, const void **host, CUdeviceptr *dev,
		    size_t *pitch_out)
{
	*type = device ? CU_MEMORYTYPE_DEVICE : CU_MEMORYTYPE_HOST;
	if (device)
		*dev = (CUdeviceptr)(uintptr_t)p;
	else
		*host = p;
	*pitch_out = pitch;
}

/* 2-D copy of height rows of width bytes; kind Default means UVA. */
static cudaError_t rt_copy2d(void *dst, size_t dpitch, const void *src,
			     size_t spitch, size_t width, size_t height,
			     int kind, cudaStream_t s, bool async)
{
	CUDA_MEMCPY2D c;
	cudaError_t e = rt_enter();
	const void *dh = NULL;

	if (e != cudaSuccess)
		return e;
	if (kind < RT_COPY_H2H || kind > RT_COPY_DEFAULT)
		return rt_ret(cudaErrorInvalidMemcpyDirection);
	memset(&c, 0, sizeof(c));
	if (kind == RT_COPY_DEFAULT) {
		c.srcMemoryType = c.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
		c.srcDevice = (CUdeviceptr)(uintptr_t)src;
		c.dstDevice = (CUdeviceptr)(uintptr_t)dst;
		c.srcPitch = spitch;
		c.dstPitch = dpitch;
	} else {
		rt_side(kind == RT_COPY_D2H || kind == RT_COPY_D2D, src, spitch,
			&c.srcMemoryType, &c.srcHost, &c.srcDevice, &c.srcPitch);
		rt_side(kind == RT_COPY_H2D || kind == RT_COPY_D2D, dst, dpitch,
			&c.dstMemoryType, &dh, &c.dstDevice, &c.dstPitch);
		c.dstHost = (void *)(uintptr_t)dh;
	}
	c.WidthInBytes = width;
	c.Height = height;
	if (width > dpitch || width > spitch)
		return rt_ret(cudaErrorInvalidPitchValue);
	return rt_cu(async ? cuMemcpy2DAsync(&c, rt_stream(s)) : cuMemcpy2D(&c));
}

RT_API cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
				size_t spitch, size_t width, size_t height,
				int kind)
{
	return rt_copy2d(dst, dpitch, src, spitch, width, height, kind, NULL,
			 false);
}

RT_API cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch,
				     const void *src, size_t spitch,
				     size_t width, size_t height, int kind,
				     cudaStream_t s)
{
	return rt_copy2d(dst, dpitch, src, spitch, width, height, kind, s,
			 true);
}

/* 3-D copies between linear memories, slice by slice. */
static cudaError_t rt_copy3d_run(const struct rt_copy3d *p, cudaStream_t s,
				 bool async)
{
	const struct rt_pitched_ptr *sp, *dp;
	cudaError_t e = cudaSuccess;

	if (!p)
		return rt_ret(cudaErrorInvalidValue);
	if (p->srcArray || p->dstArray)
		return rt_ret(cudaErrorNotSupported);
	sp = &p->srcPtr;
	dp = &p->dstPtr;
	for (size_t z = 0; z < p->extent.depth && e == cudaSuccess; z++) {
		const char *src = (const char *)sp->ptr +
				  ((p->srcPos.z + z) * sp->ysize +
				   p->srcPos.y) * sp->pitch + p->srcPos.x;
		char *dst = (char *)dp->ptr +
			    ((p->dstPos.z + z) * dp->ysize + p->dstPos.y) *
				    dp->pitch + p->dstPos.x;

		e = rt_copy2d(dst, dp->pitch, src, sp->pitch, p->extent.width,
			      p->extent.height, p->kind, s, async);
	}
	return e;
}

RT_API cudaError_t cudaMemcpy3D(const struct rt_copy3d *p)
{
	return rt_copy3d_run(p, NULL, false);
}

RT_API cudaError_t cudaMemcpy3DAsync(const struct rt_copy3d *p,
				     cudaStream_t s)
{
	return rt_copy3d_run(p, s, true);
}

RT_API cudaError_t cudaMalloc3D(struct rt_pitched_ptr *p, struct rt_extent x)
{
	void *d = NULL;
	size_t pitch = 0;
	cudaError_t e;

	if (!p)
		return rt_ret(cudaErrorInvalidValue);
	e = cudaMallocPitch(&d, &pitch, x.width, x.height * x.depth);
	p->ptr = d;
	p->pitch = pitch;
	p->xsize = x.width;
	p->ysize = x.height;
	return e;
}

static cudaError_t rt_set(void *p, int v, size_t n, cudaStream_t s,
			  bool async)
{
	cudaError_t e = rt_enter();
	CUdeviceptr d = (CUdeviceptr)(uintptr_t)p;

	if (e != cudaSuccess)
		return e;
	return rt_cu(async ? cuMemsetD8Async(d, (unsigned char)v, n,
					     rt_stream(s))
			   : cuMemsetD8(d, (unsigned char)v, n));
}

RT_API cudaError_t cudaMemset(void *p, int v, size_t n)
{
	return rt_set(p, v, n, NULL, false);
}

RT_API cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t s)
{
	return rt_set(p, v, n, s, true);
}

RT_API cudaError_t cudaMemset2D(void *p, size_t pitch, int v, size_t width,
				size_t height)
{
	cudaError_t e = cudaSuccess;

	for (size_t y = 0; y < height && e == cudaSuccess; y++)
		e = rt_set((char *)p + y * pitch, v, width, NULL, false);
	return e;
}

RT_API cudaError_t cudaMemset3D(struct rt_pitched_ptr p, int v,
				struct rt_extent x)
{
	return cudaMemset2D(p.ptr, p.pitch, v, x.width, x.height * x.depth);
}

/* ==== symbols ============================================================ */

static cudaError_t rt_symbol_copy(void *host, const void *symbol, size_t n,
				  size_t off, int kind, bool to, cudaStream_t s,
				  bool async)
{
	CUdeviceptr d;
	size_t size;
	cudaError_t e = rt_symbol(symbol, &d, &size);

	if (e != cudaSuccess)
		return e;
	if (off > size || n > size - off)
		return rt_ret(cudaErrorInvalidValue);
	if (kind == RT_COPY_DEFAULT)
		kind = to ? RT_COPY_H2D : RT_COPY_D2H;
	if (to && kind != RT_COPY_H2D && kind != RT_COPY_D2D)
		return rt_ret(cudaErrorInvalidMemcpyDirection);
	if (!to && kind != RT_COPY_D2H && kind != RT_COPY_D2D)
		return rt_ret(cudaErrorInvalidMemcpyDirection);
	if (to)
		return rt_copy((void *)(uintptr_t)(d + off), host, n, kind, s,
			       async);
	return rt_copy(host, (void *)(uintptr_t)(d + off), n, kind, s, async);
}

RT_API cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
				      size_t n, size_t off, int kind)
{
	return rt_symbol_copy((void *)(uintptr_t)src, symbol, n, off, kind,
			      true, NULL, false);
}

RT_API cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol,
					size_t n, size_t off, int kind)
{
	return rt_symbol_copy(dst, symbol, n, off, kind, false, NULL, false);
}

RT_API cudaError_t cudaMemcpyToSymbolAsync(const void *symbol,
					   const void *src, size_t n,
					   size_t off, int kind,
					   cudaStream_t s)
{
	return rt_symbol_copy((void *)(uintptr_t)src, symbol, n, off, kind,
			      true, s, true);
}

RT_API cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
					     size_t n, size_t off, int kind,
					     cudaStream_t s)
{
	return rt_symbol_copy(dst, symbol, n, off, kind, false, s, true);
}

RT_API cudaError_t cudaGetSymbolAddress(void **p, const void *symbol)
{
	CUdeviceptr d = 0;
	cudaError_t e = rt_symbol(symbol, &d, NULL);

	if (p)
		*p = (void *)(uintptr_t)d;
	return e;
}

RT_API cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
	CUdeviceptr d;

	return rt_symbol(symbol, &d, size);
}

/* ==== streams and events ================================================= */

RT_API cudaError_t cudaStreamCreate(cudaStream_t *s)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuStreamCreate((CUstream *)s, 0));
}

RT_API cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned f)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuStreamCreate((CUstream *)s, f));
}

RT_API cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned f,
						int prio)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess
		       ? e
		       : rt_cu(cuStreamCreateWithPriority((CUstream *)s, f,
							  prio));
}

RT_API cudaError_t cudaStreamDestroy(cudaStream_t s)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuStreamDestroy(rt_stream(s)));
}

RT_API cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuStreamSynchronize(rt_stream(s)));
}

RT_API cudaError_t cudaStreamQuery(cudaStream_t s)
{
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	e = rt_from_cu(cuStreamQuery(rt_stream(s)));
	return e == cudaErrorNotReady ? e : rt_ret(e);
}

RT_API cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t ev,
				       unsigned flags)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess
		       ? e
		       : rt_cu(cuStreamWaitEvent(rt_stream(s), (CUevent)ev,
						 flags));
}

RT_API cudaError_t cudaEventCreate(cudaEvent_t *ev)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuEventCreate((CUevent *)ev, 0));
}

RT_API cudaError_t cudaEventCreateWithFlags(cudaEvent_t *ev, unsigned f)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuEventCreate((CUevent *)ev, f));
}

RT_API cudaError_t cudaEventRecord(cudaEvent_t ev, cudaStream_t s)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess
		       ? e
		       : rt_cu(cuEventRecord((CUevent)ev, rt_stream(s)));
}

RT_API cudaError_t cudaEventRecordWithFlags(cudaEvent_t ev, cudaStream_t s,
					    unsigned f)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess
		       ? e
		       : rt_cu(cuEventRecordWithFlags((CUevent)ev,
						      rt_stream(s), f));
}

RT_API cudaError_t cudaEventSynchronize(cudaEvent_t ev)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuEventSynchronize((CUevent)ev));
}

RT_API cudaError_t cudaEventQuery(cudaEvent_t ev)
{
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return e;
	e = rt_from_cu(cuEventQuery((CUevent)ev));
	return e == cudaErrorNotReady ? e : rt_ret(e);
}

RT_API cudaError_t cudaEventDestroy(cudaEvent_t ev)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess ? e : rt_cu(cuEventDestroy((CUevent)ev));
}

/* Milliseconds of simulated time between two recorded events. */
RT_API cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a,
					cudaEvent_t b)
{
	cudaError_t e = rt_enter();

	return e != cudaSuccess
		       ? e
		       : rt_cu(cuEventElapsedTime(ms, (CUevent)a, (CUevent)b));
}

/* ==== functions ========================================================== */

RT_API cudaError_t cudaFuncGetAttributes(struct rt_func_attrs *a,
					 const void *func)
{
	cudaError_t e;
	CUfunction f = rt_func_get(func, &e);
	int v;

	if (!f)
		return rt_ret(e);
	if (!a)
		return rt_ret(cudaErrorInvalidValue);
	memset(a, 0, sizeof(*a));
#define F(x) (cuFuncGetAttribute(&v, CU_FUNC_ATTRIBUTE_##x, f) == CUDA_SUCCESS \
		      ? v : 0)
	a->sharedSizeBytes = (size_t)F(SHARED_SIZE_BYTES);
	a->constSizeBytes = (size_t)F(CONST_SIZE_BYTES);
	a->localSizeBytes = (size_t)F(LOCAL_SIZE_BYTES);
	a->maxThreadsPerBlock = F(MAX_THREADS_PER_BLOCK);
	a->numRegs = F(NUM_REGS);
	a->ptxVersion = F(PTX_VERSION);
	a->binaryVersion = F(BINARY_VERSION);
	a->cacheModeCA = F(CACHE_MODE_CA);
	a->maxDynamicSharedSizeBytes = F(MAX_DYNAMIC_SHARED_SIZE_BYTES);
	a->preferredShmemCarveout = F(PREFERRED_SHARED_MEMORY_CARVEOUT);
#undef F
	return cudaSuccess;
}

/* cudaFuncAttribute values 8 and 9 are the driver's 8 and 9. */
RT_API cudaError_t cudaFuncSetAttribute(const void *func, int attr, int value)
{
	cudaError_t e;
	CUfunction f = rt_func_get(func, &e);

	if (!f)
		return rt_ret(e);
	if (attr != 8 && attr != 9)
		return rt_ret(cudaErrorNotSupported);
	return rt_cu(cuFuncSetAttribute(f, (CUfunction_attribute)attr, value));
}

RT_API cudaError_t cudaFuncSetCacheConfig(const void *func, int config)
{
	cudaError_t e;
	CUfunction f = rt_func_get(func, &e);

	if (!f)
		return rt_ret(e);
	return rt_cu(cuFuncSetCacheConfig(f, (CUfunc_cache)config));
}

RT_API cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *n,
						       const void *func,
						       int block,
						       size_t dyn_shared,
						       unsigned flags)
{
	cudaError_t e;
	CUfunction f = rt_func_get(func, &e);

	if (!f)
		return rt_ret(e);
	return rt_cu(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
		n, f, block, dyn_shared, flags));
}

RT_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
	int *n, const void *func, int block, size_t dyn_shared)
{
	return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
		n, func, block, dyn_shared, 0);
}

RT_API cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(
	size_t *bytes, const void *func, int n_blocks, int block)
{
	cudaError_t e;
	CUfunction f = rt_func_get(func, &e);

	if (!f)
		return rt_ret(e);
	return rt_cu(cuOccupancyAvailableDynamicSMemPerBlock(bytes, f, n_blocks,
							     block));
}

/* ==== pointers and profiler ============================================== */

RT_API cudaError_t cudaProfilerStart(void)
{
	return rt_cu(cuProfilerStart());
}

RT_API cudaError_t cudaProfilerStop(void)
{
	return rt_cu(cuProfilerStop());
}

/* Per-thread default stream names: our streams are all in order, so they
 * are the same calls. */
RT_ALIAS(cudaEventRecordWithFlags_ptsz, cudaEventRecordWithFlags)
RT_ALIAS(cudaEventRecord_ptsz, cudaEventRecord)
RT_ALIAS(cudaMemcpy2DAsync_ptsz, cudaMemcpy2DAsync)
RT_ALIAS(cudaMemcpy2D_ptds, cudaMemcpy2D)
RT_ALIAS(cudaMemcpy3DAsync_ptsz, cudaMemcpy3DAsync)
RT_ALIAS(cudaMemcpy3D_ptds, cudaMemcpy3D)
RT_ALIAS(cudaMemcpyFromSymbolAsync_ptsz, cudaMemcpyFromSymbolAsync)
RT_ALIAS(cudaMemcpyFromSymbol_ptds, cudaMemcpyFromSymbol)
RT_ALIAS(cudaMemcpyToSymbolAsync_ptsz, cudaMemcpyToSymbolAsync)
RT_ALIAS(cudaMemcpyToSymbol_ptds, cudaMemcpyToSymbol)
RT_ALIAS(cudaMemcpy_ptds, cudaMemcpy)
RT_ALIAS(cudaMemset2D_ptds, cudaMemset2D)
RT_ALIAS(cudaMemset3D_ptds, cudaMemset3D)
RT_ALIAS(cudaMemsetAsync_ptsz, cudaMemsetAsync)
RT_ALIAS(cudaMemset_ptds, cudaMemset)
RT_ALIAS(cudaStreamQuery_ptsz, cudaStreamQuery)
RT_ALIAS(cudaStreamSynchronize_ptsz, cudaStreamSynchronize)
RT_ALIAS(cudaStreamWaitEvent_ptsz, cudaStreamWaitEvent)
