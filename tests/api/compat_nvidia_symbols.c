/*
 * compat_nvidia_symbols.c - every Driver API function warpsim implements,
 * named through NVIDIA's cuda.h so that its versioning macros pick the
 * symbol (cuMemAlloc -> cuMemAlloc_v2, cuLaunchKernel -> cuLaunchKernel_ptsz
 * with CUDA_API_PER_THREAD_DEFAULT_STREAM, ...).  Linking this program
 * against libcuda.so proves that each of those symbols is exported; running
 * it checks that none resolved to NULL.
 */
#define CUDA_ENABLE_DEPRECATED 1 /* cuDeviceComputeCapability */
#include <cuda.h>
#include <stdio.h>

typedef void (*api_fn)(void);

static const api_fn api_fns[] = {
	(void (*)(void))cuGetErrorString,
	(void (*)(void))cuGetErrorName,
	(void (*)(void))cuInit,
	(void (*)(void))cuDriverGetVersion,
	(void (*)(void))cuDeviceGet,
	(void (*)(void))cuDeviceGetCount,
	(void (*)(void))cuDeviceGetName,
	(void (*)(void))cuDeviceGetUuid,
	(void (*)(void))cuDeviceTotalMem,
	(void (*)(void))cuDeviceGetAttribute,
	(void (*)(void))cuDeviceComputeCapability,
	(void (*)(void))cuDevicePrimaryCtxRetain,
	(void (*)(void))cuDevicePrimaryCtxRelease,
	(void (*)(void))cuDevicePrimaryCtxSetFlags,
	(void (*)(void))cuDevicePrimaryCtxGetState,
	(void (*)(void))cuDevicePrimaryCtxReset,
	(void (*)(void))cuCtxCreate,
	(void (*)(void))cuCtxDestroy,
	(void (*)(void))cuCtxPushCurrent,
	(void (*)(void))cuCtxPopCurrent,
	(void (*)(void))cuCtxSetCurrent,
	(void (*)(void))cuCtxGetCurrent,
	(void (*)(void))cuCtxGetDevice,
	(void (*)(void))cuCtxGetFlags,
	(void (*)(void))cuCtxGetApiVersion,
	(void (*)(void))cuCtxSynchronize,
	(void (*)(void))cuCtxSetCacheConfig,
	(void (*)(void))cuCtxGetCacheConfig,
	(void (*)(void))cuCtxSetLimit,
	(void (*)(void))cuCtxGetLimit,
	(void (*)(void))cuCtxGetStreamPriorityRange,
	(void (*)(void))cuModuleLoad,
	(void (*)(void))cuModuleLoadData,
	(void (*)(void))cuModuleLoadDataEx,
	(void (*)(void))cuModuleUnload,
	(void (*)(void))cuModuleGetFunction,
	(void (*)(void))cuModuleGetGlobal,
	(void (*)(void))cuMemGetInfo,
	(void (*)(void))cuMemAlloc,
	(void (*)(void))cuMemFree,
	(void (*)(void))cuMemGetAddressRange,
	(void (*)(void))cuMemAllocHost,
	(void (*)(void))cuMemHostAlloc,
	(void (*)(void))cuMemFreeHost,
	(void (*)(void))cuMemcpy,
	(void (*)(void))cuMemcpyHtoD,
	(void (*)(void))cuMemcpyDtoH,
	(void (*)(void))cuMemcpyDtoD,
	(void (*)(void))cuMemcpyAsync,
	(void (*)(void))cuMemcpyHtoDAsync,
	(void (*)(void))cuMemcpyDtoHAsync,
	(void (*)(void))cuMemcpyDtoDAsync,
	(void (*)(void))cuMemsetD8,
	(void (*)(void))cuMemsetD16,
	(void (*)(void))cuMemsetD32,
	(void (*)(void))cuMemsetD8Async,
	(void (*)(void))cuMemsetD16Async,
	(void (*)(void))cuMemsetD32Async,
	(void (*)(void))cuFuncGetAttribute,
	(void (*)(void))cuFuncSetAttribute,
	(void (*)(void))cuFuncSetCacheConfig,
	(void (*)(void))cuFuncGetName,
	(void (*)(void))cuLaunchKernel,
	(void (*)(void))cuOccupancyMaxActiveBlocksPerMultiprocessor,
	(void (*)(void))cuStreamCreate,
	(void (*)(void))cuStreamCreateWithPriority,
	(void (*)(void))cuStreamGetPriority,
	(void (*)(void))cuStreamGetFlags,
	(void (*)(void))cuStreamGetCtx,
	(void (*)(void))cuStreamWaitEvent,
	(void (*)(void))cuStreamQuery,
	(void (*)(void))cuStreamSynchronize,
	(void (*)(void))cuStreamDestroy,
	(void (*)(void))cuEventCreate,
	(void (*)(void))cuEventRecord,
	(void (*)(void))cuEventRecordWithFlags,
	(void (*)(void))cuEventQuery,
	(void (*)(void))cuEventSynchronize,
	(void (*)(void))cuEventDestroy,
	(void (*)(void))cuEventElapsedTime,
};

int main(void)
{
	unsigned missing = 0;

	for (unsigned i = 0; i < sizeof(api_fns) / sizeof(api_fns[0]); i++)
		missing += api_fns[i] == NULL;
	printf("%u functions, %u missing\n",
	       (unsigned)(sizeof(api_fns) / sizeof(api_fns[0])), missing);
	return missing != 0;
}
