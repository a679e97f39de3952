/*
 * cuda.h - warpsim's declaration of the CUDA Driver API subset it implements.
 *
 * Binary compatible with the CUDA 13.0 driver header: the same type sizes,
 * enumerator values, structure layouts and versioned symbol names (cuMemAlloc
 * is the symbol cuMemAlloc_v2, cuCtxCreate is cuCtxCreate_v4, and so on), so
 * a program built against either header runs on build/libcuda.so.  Defining
 * CUDA_API_PER_THREAD_DEFAULT_STREAM selects the _ptds/_ptsz entry points,
 * which warpsim also exports.  Only the functions declared here exist; the
 * simulator runs every stream operation synchronously and in order.
 */
#ifndef __cuda_cuda_h__
#define __cuda_cuda_h__

#include <stddef.h>
#include <stdint.h>

typedef uint32_t cuuint32_t;
typedef uint64_t cuuint64_t;

/* Driver API version this header describes (13.0). */
#define CUDA_VERSION 13000

#ifdef _WIN32
#define CUDAAPI __stdcall
#else
#define CUDAAPI
#endif

/*
 * CUAPI marks the functions libcuda.so exports; it expands to nothing unless
 * the library itself is being built (WS_CUDA_BUILD), so user code is unaffected.
 */
#ifndef CUAPI
#if defined(WS_CUDA_BUILD) && defined(__GNUC__)
#define CUAPI __attribute__((visibility("default")))
#else
#define CUAPI
#endif
#endif

/* ---- symbol versioning ---------------------------------------------------
 * The names a program writes map to the versioned symbols the driver exports.
 * The library itself (WS_CUDA_API_INTERNAL) declares the per-thread variants
 * through these macros, then undefines them at the end of this file and
 * declares the remaining entry points under their literal names. */
#if defined(WS_CUDA_API_INTERNAL) || defined(CUDA_API_PER_THREAD_DEFAULT_STREAM)
#define __CUDA_API_PER_THREAD_DEFAULT_STREAM
#define __CUDA_API_PTDS(api) api##_ptds
#define __CUDA_API_PTSZ(api) api##_ptsz
#else
#define __CUDA_API_PTDS(api) api
#define __CUDA_API_PTSZ(api) api
#endif

#define cuDeviceTotalMem cuDeviceTotalMem_v2
#define cuCtxCreate cuCtxCreate_v4
#define cuModuleGetGlobal cuModuleGetGlobal_v2
#define cuMemGetInfo cuMemGetInfo_v2
#define cuMemAlloc cuMemAlloc_v2
#define cuArrayCreate cuArrayCreate_v2
#define cuArrayGetDescriptor cuArrayGetDescriptor_v2
#define cuArray3DCreate cuArray3DCreate_v2
#define cuArray3DGetDescriptor cuArray3DGetDescriptor_v2
#define cuMemFree cuMemFree_v2
#define cuMemGetAddressRange cuMemGetAddressRange_v2
#define cuMemAllocHost cuMemAllocHost_v2
#define cuMemcpyHtoD __CUDA_API_PTDS(cuMemcpyHtoD_v2)
#define cuMemcpyDtoH __CUDA_API_PTDS(cuMemcpyDtoH_v2)
#define cuMemcpyDtoD __CUDA_API_PTDS(cuMemcpyDtoD_v2)
#define cuMemcpyHtoDAsync __CUDA_API_PTSZ(cuMemcpyHtoDAsync_v2)
#define cuMemcpyDtoHAsync __CUDA_API_PTSZ(cuMemcpyDtoHAsync_v2)
#define cuMemcpyDtoDAsync __CUDA_API_PTSZ(cuMemcpyDtoDAsync_v2)
#define cuMemsetD8 __CUDA_API_PTDS(cuMemsetD8_v2)
#define cuMemsetD16 __CUDA_API_PTDS(cuMemsetD16_v2)
#define cuMemsetD32 __CUDA_API_PTDS(cuMemsetD32_v2)
#define cuCtxDestroy cuCtxDestroy_v2
#define cuCtxPopCurrent cuCtxPopCurrent_v2
#define cuCtxPushCurrent cuCtxPushCurrent_v2
#define cuStreamDestroy cuStreamDestroy_v2
#define cuEventDestroy cuEventDestroy_v2
#define cuDevicePrimaryCtxRelease cuDevicePrimaryCtxRelease_v2
#define cuDevicePrimaryCtxReset cuDevicePrimaryCtxReset_v2
#define cuDevicePrimaryCtxSetFlags cuDevicePrimaryCtxSetFlags_v2
#define cuDeviceGetUuid cuDeviceGetUuid_v2
#define cuEventElapsedTime cuEventElapsedTime_v2
#define cuMemAllocPitch cuMemAllocPitch_v2
#define cuMemHostGetDevicePointer cuMemHostGetDevicePointer_v2
#define cuMemHostRegister cuMemHostRegister_v2
#define cuMemPrefetchAsync __CUDA_API_PTSZ(cuMemPrefetchAsync_v2)
#define cuMemcpy2D __CUDA_API_PTDS(cuMemcpy2D_v2)
#define cuMemcpy2DUnaligned __CUDA_API_PTDS(cuMemcpy2DUnaligned_v2)
#define cuMemcpy3D __CUDA_API_PTDS(cuMemcpy3D_v2)
#define cuMemcpy2DAsync __CUDA_API_PTSZ(cuMemcpy2DAsync_v2)
#define cuMemcpy3DAsync __CUDA_API_PTSZ(cuMemcpy3DAsync_v2)
#if defined(__CUDA_API_PER_THREAD_DEFAULT_STREAM)
#define cuMemcpy __CUDA_API_PTDS(cuMemcpy)
#define cuMemcpyAsync __CUDA_API_PTSZ(cuMemcpyAsync)
#define cuMemsetD8Async __CUDA_API_PTSZ(cuMemsetD8Async)
#define cuMemsetD16Async __CUDA_API_PTSZ(cuMemsetD16Async)
#define cuMemsetD32Async __CUDA_API_PTSZ(cuMemsetD32Async)
#define cuStreamGetPriority __CUDA_API_PTSZ(cuStreamGetPriority)
#define cuStreamGetFlags __CUDA_API_PTSZ(cuStreamGetFlags)
#define cuStreamGetCtx __CUDA_API_PTSZ(cuStreamGetCtx)
#define cuStreamWaitEvent __CUDA_API_PTSZ(cuStreamWaitEvent)
#define cuStreamQuery __CUDA_API_PTSZ(cuStreamQuery)
#define cuStreamSynchronize __CUDA_API_PTSZ(cuStreamSynchronize)
#define cuEventRecord __CUDA_API_PTSZ(cuEventRecord)
#define cuEventRecordWithFlags __CUDA_API_PTSZ(cuEventRecordWithFlags)
#define cuLaunchKernel __CUDA_API_PTSZ(cuLaunchKernel)
#define cuLaunchKernelEx __CUDA_API_PTSZ(cuLaunchKernelEx)
#define cuLaunchCooperativeKernel __CUDA_API_PTSZ(cuLaunchCooperativeKernel)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- handles and scalar types ------------------------------------------- */

#if defined(_WIN64) || defined(__LP64__)
typedef unsigned long long CUdeviceptr_v2;
#else
typedef unsigned int CUdeviceptr_v2;
#endif
typedef CUdeviceptr_v2 CUdeviceptr; /* a device address */
typedef int CUdevice_v1;
typedef CUdevice_v1 CUdevice;       /* a device ordinal */
typedef struct CUctx_st *CUcontext;   /* a context */
typedef struct CUmod_st *CUmodule;    /* a loaded module */
typedef struct CUfunc_st *CUfunction; /* a kernel in a module */
typedef struct CUevent_st *CUevent;   /* an event */
typedef struct CUstream_st *CUstream; /* a stream */
typedef struct CUarray_st *CUarray;   /* a CUDA array */
typedef struct CUmemPoolHandle_st *CUmemoryPool; /* a memory pool (not
						    supported) */

#ifndef CU_UUID_HAS_BEEN_DEFINED
#define CU_UUID_HAS_BEEN_DEFINED
typedef struct CUuuid_st {
	char bytes[16]; /* the 128-bit identifier */
} CUuuid;
#endif

/* The special stream handles. */
#define CU_STREAM_LEGACY ((CUstream)0x1)
#define CU_STREAM_PER_THREAD ((CUstream)0x2)

#define CU_DEVICE_CPU ((CUdevice)-1)
#define CU_DEVICE_INVALID ((CUdevice)-2)

/* ---- flags ---------------------------------------------------------------- */

typedef enum CUctx_flags_enum {
	CU_CTX_SCHED_AUTO = 0x00,
	CU_CTX_SCHED_SPIN = 0x01,
	CU_CTX_SCHED_YIELD = 0x02,
	CU_CTX_SCHED_BLOCKING_SYNC = 0x04,
	CU_CTX_BLOCKING_SYNC = 0x04,
	CU_CTX_SCHED_MASK = 0x07,
	CU_CTX_MAP_HOST = 0x08,
	CU_CTX_LMEM_RESIZE_TO_MAX = 0x10,
	CU_CTX_COREDUMP_ENABLE = 0x20,
	CU_CTX_USER_COREDUMP_ENABLE = 0x40,
	CU_CTX_SYNC_MEMOPS = 0x80,
	CU_CTX_FLAGS_MASK = 0xFF
} CUctx_flags;

typedef enum CUstream_flags_enum {
	CU_STREAM_DEFAULT = 0x0,
	CU_STREAM_NON_BLOCKING = 0x1
} CUstream_flags;

typedef enum CUevent_flags_enum {
	CU_EVENT_DEFAULT = 0x0,
	CU_EVENT_BLOCKING_SYNC = 0x1,
	CU_EVENT_DISABLE_TIMING = 0x2,
	CU_EVENT_INTERPROCESS = 0x4
} CUevent_flags;

typedef enum CUevent_record_flags_enum {
	CU_EVENT_RECORD_DEFAULT = 0x0,
	CU_EVENT_RECORD_EXTERNAL = 0x1
} CUevent_record_flags;

#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_MEMHOSTALLOC_WRITECOMBINED 0x04

#define CU_MEMHOSTREGISTER_PORTABLE 0x01
#define CU_MEMHOSTREGISTER_DEVICEMAP 0x02
#define CU_MEMHOSTREGISTER_IOMEMORY 0x04
#define CU_MEMHOSTREGISTER_READ_ONLY 0x08

typedef enum CUmemAttach_flags_enum {
	CU_MEM_ATTACH_GLOBAL = 0x1,
	CU_MEM_ATTACH_HOST = 0x2,
	CU_MEM_ATTACH_SINGLE = 0x4
} CUmemAttach_flags;

typedef enum CUoccupancy_flags_enum {
	CU_OCCUPANCY_DEFAULT = 0x0,
	CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE = 0x1
} CUoccupancy_flags;

#ifdef _WIN32
#define CUDA_CB __stdcall
#else
#define CUDA_CB
#endif

/* Dynamic shared memory a block of blockSize threads needs (occupancy). */
typedef size_t(CUDA_CB *CUoccupancyB2DSize)(int blockSize);

/* Keys of the `extra` array of cuLaunchKernel. */
#define CU_LAUNCH_PARAM_END_AS_INT 0x00
#define CU_LAUNCH_PARAM_END ((void *)CU_LAUNCH_PARAM_END_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT 0x01
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT 0x02
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT)

/* ---- result codes ------------------------------------------------------- */

typedef enum cudaError_enum {
	CUDA_SUCCESS                               = 0,
	CUDA_ERROR_INVALID_VALUE                   = 1,
	CUDA_ERROR_OUT_OF_MEMORY                   = 2,
	CUDA_ERROR_NOT_INITIALIZED                 = 3,
	CUDA_ERROR_DEINITIALIZED                   = 4,
	CUDA_ERROR_PROFILER_DISABLED               = 5,
	CUDA_ERROR_PROFILER_NOT_INITIALIZED        = 6,
	CUDA_ERROR_PROFILER_ALREADY_STARTED        = 7,
	CUDA_ERROR_PROFILER_ALREADY_STOPPED        = 8,
	CUDA_ERROR_STUB_LIBRARY                    = 34,
	CUDA_ERROR_CALL_REQUIRES_NEWER_DRIVER      = 36,
	CUDA_ERROR_DEVICE_UNAVAILABLE              = 46,
	CUDA_ERROR_NO_DEVICE                       = 100,
	CUDA_ERROR_INVALID_DEVICE                  = 101,
	CUDA_ERROR_DEVICE_NOT_LICENSED             = 102,
	CUDA_ERROR_INVALID_IMAGE                   = 200,
	CUDA_ERROR_INVALID_CONTEXT                 = 201,
	CUDA_ERROR_CONTEXT_ALREADY_CURRENT         = 202,
	CUDA_ERROR_MAP_FAILED                      = 205,
	CUDA_ERROR_UNMAP_FAILED                    = 206,
	CUDA_ERROR_ARRAY_IS_MAPPED                 = 207,
	CUDA_ERROR_ALREADY_MAPPED                  = 208,
	CUDA_ERROR_NO_BINARY_FOR_GPU               = 209,
	CUDA_ERROR_ALREADY_ACQUIRED                = 210,
	CUDA_ERROR_NOT_MAPPED                      = 211,
	CUDA_ERROR_NOT_MAPPED_AS_ARRAY             = 212,
	CUDA_ERROR_NOT_MAPPED_AS_POINTER           = 213,
	CUDA_ERROR_ECC_UNCORRECTABLE               = 214,
	CUDA_ERROR_UNSUPPORTED_LIMIT               = 215,
	CUDA_ERROR_CONTEXT_ALREADY_IN_USE          = 216,
	CUDA_ERROR_PEER_ACCESS_UNSUPPORTED         = 217,
	CUDA_ERROR_INVALID_PTX                     = 218,
	CUDA_ERROR_INVALID_GRAPHICS_CONTEXT        = 219,
	CUDA_ERROR_NVLINK_UNCORRECTABLE            = 220,
	CUDA_ERROR_JIT_COMPILER_NOT_FOUND          = 221,
	CUDA_ERROR_UNSUPPORTED_PTX_VERSION         = 222,
	CUDA_ERROR_JIT_COMPILATION_DISABLED        = 223,
	CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY       = 224,
	CUDA_ERROR_UNSUPPORTED_DEVSIDE_SYNC        = 225,
	CUDA_ERROR_CONTAINED                       = 226,
	CUDA_ERROR_INVALID_SOURCE                  = 300,
	CUDA_ERROR_FILE_NOT_FOUND                  = 301,
	CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND  = 302,
	CUDA_ERROR_SHARED_OBJECT_INIT_FAILED       = 303,
	CUDA_ERROR_OPERATING_SYSTEM                = 304,
	CUDA_ERROR_INVALID_HANDLE                  = 400,
	CUDA_ERROR_ILLEGAL_STATE                   = 401,
	CUDA_ERROR_LOSSY_QUERY                     = 402,
	CUDA_ERROR_NOT_FOUND                       = 500,
	CUDA_ERROR_NOT_READY                       = 600,
	CUDA_ERROR_ILLEGAL_ADDRESS                 = 700,
	CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES         = 701,
	CUDA_ERROR_LAUNCH_TIMEOUT                  = 702,
	CUDA_ERROR_LAUNCH_INCOMPATIBLE_TEXTURING   = 703,
	CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED     = 704,
	CUDA_ERROR_PEER_ACCESS_NOT_ENABLED         = 705,
	CUDA_ERROR_PRIMARY_CONTEXT_ACTIVE          = 708,
	CUDA_ERROR_CONTEXT_IS_DESTROYED            = 709,
	CUDA_ERROR_ASSERT                          = 710,
	CUDA_ERROR_TOO_MANY_PEERS                  = 711,
	CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED  = 712,
	CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED      = 713,
	CUDA_ERROR_HARDWARE_STACK_ERROR            = 714,
	CUDA_ERROR_ILLEGAL_INSTRUCTION             = 715,
	CUDA_ERROR_MISALIGNED_ADDRESS              = 716,
	CUDA_ERROR_INVALID_ADDRESS_SPACE           = 717,
	CUDA_ERROR_INVALID_PC                      = 718,
	CUDA_ERROR_LAUNCH_FAILED                   = 719,
	CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE    = 720,
	CUDA_ERROR_TENSOR_MEMORY_LEAK              = 721,
	CUDA_ERROR_NOT_PERMITTED                   = 800,
	CUDA_ERROR_NOT_SUPPORTED                   = 801,
	CUDA_ERROR_SYSTEM_NOT_READY                = 802,
	CUDA_ERROR_SYSTEM_DRIVER_MISMATCH          = 803,
	CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE  = 804,
	CUDA_ERROR_MPS_CONNECTION_FAILED           = 805,
	CUDA_ERROR_MPS_RPC_FAILURE                 = 806,
	CUDA_ERROR_MPS_SERVER_NOT_READY            = 807,
	CUDA_ERROR_MPS_MAX_CLIENTS_REACHED         = 808,
	CUDA_ERROR_MPS_MAX_CONNECTIONS_REACHED     = 809,
	CUDA_ERROR_MPS_CLIENT_TERMINATED           = 810,
	CUDA_ERROR_CDP_NOT_SUPPORTED               = 811,
	CUDA_ERROR_CDP_VERSION_MISMATCH            = 812,
	CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED      = 900,
	CUDA_ERROR_STREAM_CAPTURE_INVALIDATED      = 901,
	CUDA_ERROR_STREAM_CAPTURE_MERGE            = 902,
	CUDA_ERROR_STREAM_CAPTURE_UNMATCHED        = 903,
	CUDA_ERROR_STREAM_CAPTURE_UNJOINED         = 904,
	CUDA_ERROR_STREAM_CAPTURE_ISOLATION        = 905,
	CUDA_ERROR_STREAM_CAPTURE_IMPLICIT         = 906,
	CUDA_ERROR_CAPTURED_EVENT                  = 907,
	CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD     = 908,
	CUDA_ERROR_TIMEOUT                         = 909,
	CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE       = 910,
	CUDA_ERROR_EXTERNAL_DEVICE                 = 911,
	CUDA_ERROR_INVALID_CLUSTER_SIZE            = 912,
	CUDA_ERROR_FUNCTION_NOT_LOADED             = 913,
	CUDA_ERROR_INVALID_RESOURCE_TYPE           = 914,
	CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION  = 915,
	CUDA_ERROR_KEY_ROTATION                    = 916,
	CUDA_ERROR_UNKNOWN                         = 999,
} CUresult;

/* ---- device attributes -------------------------------------------------- */

typedef enum CUdevice_attribute_enum {
	CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
	CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
	CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
	CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
	CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
	CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
	CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
	CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
	CU_DEVICE_ATTRIBUTE_SHARED_MEMORY_PER_BLOCK = 8,
	CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9,
	CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
	CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
	CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12,
	CU_DEVICE_ATTRIBUTE_REGISTERS_PER_BLOCK = 12,
	CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
	CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT = 14,
	CU_DEVICE_ATTRIBUTE_GPU_OVERLAP = 15,
	CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
	CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT = 17,
	CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
	CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
	CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH = 21,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH = 22,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT = 23,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH = 24,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT = 25,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH = 26,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH = 27,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT = 28,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS = 29,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_ARRAY_WIDTH = 27,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_ARRAY_HEIGHT = 28,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_ARRAY_NUMSLICES = 29,
	CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT = 30,
	CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31,
	CU_DEVICE_ATTRIBUTE_ECC_ENABLED = 32,
	CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
	CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
	CU_DEVICE_ATTRIBUTE_TCC_DRIVER = 35,
	CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
	CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
	CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
	CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
	CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT = 40,
	CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH = 42,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS = 43,
	CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER = 44,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH = 45,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT = 46,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE = 47,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE = 48,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE = 49,
	CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50,
	CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT = 51,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH = 52,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH = 53,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS = 54,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH = 55,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH = 56,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT = 57,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH = 58,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT = 59,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH = 60,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH = 61,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS = 62,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH = 63,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT = 64,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS = 65,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH = 66,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH = 67,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS = 68,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH = 69,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH = 70,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT = 71,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH = 72,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH = 73,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT = 74,
	CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
	CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
	CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH = 77,
	CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED = 78,
	CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED = 79,
	CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED = 80,
	CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
	CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR = 82,
	CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
	CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD = 84,
	CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID = 85,
	CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 86,
	CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO = 87,
	CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
	CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
	CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED = 90,
	CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM = 91,
	CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_MEM_OPS_V1 = 92,
	CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS_V1 = 93,
	CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR_V1 = 94,
	CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
	CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH = 96,
	CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
	CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES = 98,
	CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED = 99,
	CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES = 100,
	CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST = 101,
	CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED = 102,
	CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 102,
	CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED = 103,
	CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED = 104,
	CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED = 105,
	CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR = 106,
	CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED = 107,
	CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE = 108,
	CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE = 109,
	CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED = 110,
	CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK = 111,
	CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED = 112,
	CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED = 113,
	CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED = 114,
	CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED = 115,
	CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED = 116,
	CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS = 117,
	CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING = 118,
	CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES = 119,
	CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH = 120,
	CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED = 121,
	CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS = 122,
	CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR = 123,
	CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED = 124,
	CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED = 125,
	CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT = 126,
	CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED = 127,
	CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED = 128,
	CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS = 129,
	CU_DEVICE_ATTRIBUTE_NUMA_CONFIG = 130,
	CU_DEVICE_ATTRIBUTE_NUMA_ID = 131,
	CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED = 132,
	CU_DEVICE_ATTRIBUTE_MPS_ENABLED = 133,
	CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID = 134,
	CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED = 135,
	CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK = 136,
	CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_MAXIMUM_LENGTH = 137,
	CU_DEVICE_ATTRIBUTE_VULKAN_CIG_SUPPORTED = 138,
	CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID = 139,
	CU_DEVICE_ATTRIBUTE_GPU_PCI_SUBSYSTEM_ID = 140,
	CU_DEVICE_ATTRIBUTE_HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 141,
	CU_DEVICE_ATTRIBUTE_HOST_NUMA_MEMORY_POOLS_SUPPORTED = 142,
	CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED = 143,
	CU_DEVICE_ATTRIBUTE_HOST_MEMORY_POOLS_SUPPORTED = 144,
	CU_DEVICE_ATTRIBUTE_HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED = 145,
	CU_DEVICE_ATTRIBUTE_HOST_ALLOC_DMA_BUF_SUPPORTED = 146,
	CU_DEVICE_ATTRIBUTE_ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED = 147,
	CU_DEVICE_ATTRIBUTE_MAX
} CUdevice_attribute;

/* ---- functions, modules, contexts -------------------------------------- */

typedef enum CUfunction_attribute_enum {
	CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
	CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
	CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
	CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
	CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
	CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
	CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
	CU_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
	CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
	CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
	CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET = 10,
	CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH = 11,
	CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT = 12,
	CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH = 13,
	CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14,
	CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 15,
	CU_FUNC_ATTRIBUTE_MAX
} CUfunction_attribute;

typedef enum CUfunc_cache_enum {
	CU_FUNC_CACHE_PREFER_NONE = 0x00,
	CU_FUNC_CACHE_PREFER_SHARED = 0x01,
	CU_FUNC_CACHE_PREFER_L1 = 0x02,
	CU_FUNC_CACHE_PREFER_EQUAL = 0x03
} CUfunc_cache;

typedef enum CUshared_carveout_enum {
	CU_SHAREDMEM_CARVEOUT_DEFAULT = -1,
	CU_SHAREDMEM_CARVEOUT_MAX_SHARED = 100,
	CU_SHAREDMEM_CARVEOUT_MAX_L1 = 0
} CUshared_carveout;

typedef enum CUlimit_enum {
	CU_LIMIT_STACK_SIZE = 0x00,
	CU_LIMIT_PRINTF_FIFO_SIZE = 0x01,
	CU_LIMIT_MALLOC_HEAP_SIZE = 0x02,
	CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH = 0x03,
	CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT = 0x04,
	CU_LIMIT_MAX_L2_FETCH_GRANULARITY = 0x05,
	CU_LIMIT_PERSISTING_L2_CACHE_SIZE = 0x06,
	CU_LIMIT_SHMEM_SIZE = 0x07,
	CU_LIMIT_CIG_ENABLED = 0x08,
	CU_LIMIT_CIG_SHMEM_FALLBACK_ENABLED = 0x09,
	CU_LIMIT_MAX
} CUlimit;

/* JIT options: accepted by cuModuleLoadDataEx and otherwise ignored. */
typedef enum CUjit_option_enum {
	CU_JIT_MAX_REGISTERS = 0,
	CU_JIT_THREADS_PER_BLOCK = 1,
	CU_JIT_WALL_TIME = 2,
	CU_JIT_INFO_LOG_BUFFER = 3,
	CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
	CU_JIT_ERROR_LOG_BUFFER = 5,
	CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
	CU_JIT_OPTIMIZATION_LEVEL = 7,
	CU_JIT_TARGET_FROM_CUCONTEXT = 8,
	CU_JIT_TARGET = 9,
	CU_JIT_FALLBACK_STRATEGY = 10,
	CU_JIT_GENERATE_DEBUG_INFO = 11,
	CU_JIT_LOG_VERBOSE = 12,
	CU_JIT_GENERATE_LINE_INFO = 13,
	CU_JIT_CACHE_MODE = 14,
	CU_JIT_NEW_SM3X_OPT = 15,
	CU_JIT_FAST_COMPILE = 16,
	CU_JIT_GLOBAL_SYMBOL_NAMES = 17,
	CU_JIT_GLOBAL_SYMBOL_ADDRESSES = 18,
	CU_JIT_GLOBAL_SYMBOL_COUNT = 19,
	CU_JIT_LTO = 20,
	CU_JIT_FTZ = 21,
	CU_JIT_PREC_DIV = 22,
	CU_JIT_PREC_SQRT = 23,
	CU_JIT_FMA = 24,
	CU_JIT_REFERENCED_KERNEL_NAMES = 25,
	CU_JIT_REFERENCED_KERNEL_COUNT = 26,
	CU_JIT_REFERENCED_VARIABLE_NAMES = 27,
	CU_JIT_REFERENCED_VARIABLE_COUNT = 28,
	CU_JIT_OPTIMIZE_UNUSED_DEVICE_VARIABLES = 29,
	CU_JIT_POSITION_INDEPENDENT_CODE = 30,
	CU_JIT_MIN_CTA_PER_SM = 31,
	CU_JIT_MAX_THREADS_PER_BLOCK = 32,
	CU_JIT_OVERRIDE_DIRECTIVE_VALUES = 33,
	CU_JIT_SPLIT_COMPILE = 34,
	CU_JIT_NUM_OPTIONS
} CUjit_option;

/* Context creation parameters of cuCtxCreate (_v3 and _v4). */
typedef enum CUexecAffinityType_enum {
	CU_EXEC_AFFINITY_TYPE_SM_COUNT = 0,
	CU_EXEC_AFFINITY_TYPE_MAX
} CUexecAffinityType;

typedef struct CUexecAffinitySmCount_st {
	unsigned int val; /* SMs the context may use */
} CUexecAffinitySmCount_v1;
typedef CUexecAffinitySmCount_v1 CUexecAffinitySmCount;

typedef struct CUexecAffinityParam_st {
	CUexecAffinityType type; /* which member of param is valid */
	union {
		CUexecAffinitySmCount smCount; /* CU_EXEC_AFFINITY_TYPE_SM_COUNT */
	} param;                 /* the value */
} CUexecAffinityParam_v1;
typedef CUexecAffinityParam_v1 CUexecAffinityParam;

typedef enum CUcigDataType_enum {
	CIG_DATA_TYPE_D3D12_COMMAND_QUEUE = 0x1,
	CIG_DATA_TYPE_NV_BLOB = 0x2
} CUcigDataType;

typedef struct CUctxCigParam_st {
	CUcigDataType sharedDataType; /* kind of shared data */
	void *sharedData;             /* the data */
} CUctxCigParam;

typedef struct CUctxCreateParams_st {
	CUexecAffinityParam *execAffinityParams; /* affinity array or NULL */
	int numExecAffinityParams;               /* its length */
	CUctxCigParam *cigParams;                /* CIG mode (unsupported) */
} CUctxCreateParams;

/* ---- memory types, copies and pointer attributes -------------------------- */

typedef enum CUmemorytype_enum {
	CU_MEMORYTYPE_HOST = 0x01,
	CU_MEMORYTYPE_DEVICE = 0x02,
	CU_MEMORYTYPE_ARRAY = 0x03,
	CU_MEMORYTYPE_UNIFIED = 0x04
} CUmemorytype;

/* A 2D copy (cuMemcpy2D); an array side ignores its pitch. */
typedef struct CUDA_MEMCPY2D_st {
	size_t srcXInBytes;         /* source X in bytes */
	size_t srcY;                /* source row */
	CUmemorytype srcMemoryType; /* host, device, array or unified */
	const void *srcHost;        /* source host pointer */
	CUdeviceptr srcDevice;      /* source device pointer */
	CUarray srcArray;           /* source array */
	size_t srcPitch;            /* source row pitch in bytes */
	size_t dstXInBytes;         /* destination X in bytes */
	size_t dstY;                /* destination row */
	CUmemorytype dstMemoryType; /* host, device, array or unified */
	void *dstHost;              /* destination host pointer */
	CUdeviceptr dstDevice;      /* destination device pointer */
	CUarray dstArray;           /* destination array */
	size_t dstPitch;            /* destination row pitch in bytes */
	size_t WidthInBytes;        /* bytes per row copied */
	size_t Height;              /* rows copied */
} CUDA_MEMCPY2D_v2;
typedef CUDA_MEMCPY2D_v2 CUDA_MEMCPY2D;

/* A 3D copy (cuMemcpy3D); an array side ignores its pitch and height. */
typedef struct CUDA_MEMCPY3D_st {
	size_t srcXInBytes;         /* source X in bytes */
	size_t srcY;                /* source row */
	size_t srcZ;                /* source slice */
	size_t srcLOD;              /* source mipmap level (must be 0) */
	CUmemorytype srcMemoryType; /* host, device, array or unified */
	const void *srcHost;        /* source host pointer */
	CUdeviceptr srcDevice;      /* source device pointer */
	CUarray srcArray;           /* source array */
	void *reserved0;            /* must be NULL */
	size_t srcPitch;            /* source row pitch in bytes */
	size_t srcHeight;           /* source rows per slice */
	size_t dstXInBytes;         /* destination X in bytes */
	size_t dstY;                /* destination row */
	size_t dstZ;                /* destination slice */
	size_t dstLOD;              /* destination mipmap level (must be 0) */
	CUmemorytype dstMemoryType; /* host, device, array or unified */
	void *dstHost;              /* destination host pointer */
	CUdeviceptr dstDevice;      /* destination device pointer */
	CUarray dstArray;           /* destination array */
	void *reserved1;            /* must be NULL */
	size_t dstPitch;            /* destination row pitch in bytes */
	size_t dstHeight;           /* destination rows per slice */
	size_t WidthInBytes;        /* bytes per row copied */
	size_t Height;              /* rows per slice copied */
	size_t Depth;               /* slices copied */
} CUDA_MEMCPY3D_v2;
typedef CUDA_MEMCPY3D_v2 CUDA_MEMCPY3D;

/* ---- CUDA arrays, texture and surface objects ------------------------------ */

typedef enum CUarray_format_enum {
	CU_AD_FORMAT_UNSIGNED_INT8 = 0x01,
	CU_AD_FORMAT_UNSIGNED_INT16 = 0x02,
	CU_AD_FORMAT_UNSIGNED_INT32 = 0x03,
	CU_AD_FORMAT_SIGNED_INT8 = 0x08,
	CU_AD_FORMAT_SIGNED_INT16 = 0x09,
	CU_AD_FORMAT_SIGNED_INT32 = 0x0a,
	CU_AD_FORMAT_HALF = 0x10,
	CU_AD_FORMAT_FLOAT = 0x20
} CUarray_format;

typedef struct CUDA_ARRAY_DESCRIPTOR_st {
	size_t Width;              /* elements per row */
	size_t Height;             /* rows (0 for a 1D array) */
	CUarray_format Format;     /* channel format */
	unsigned int NumChannels;  /* 1, 2 or 4 */
} CUDA_ARRAY_DESCRIPTOR_v2;
typedef CUDA_ARRAY_DESCRIPTOR_v2 CUDA_ARRAY_DESCRIPTOR;

#define CUDA_ARRAY3D_LAYERED 0x01         /* Depth counts layers */
#define CUDA_ARRAY3D_SURFACE_LDST 0x02    /* may back a surface object */
#define CUDA_ARRAY3D_CUBEMAP 0x04         /* six square faces (Depth 6, or
					     6 x cubes when layered) */
#define CUDA_ARRAY3D_TEXTURE_GATHER 0x08  /* may be gathered (tld4) */

typedef enum CUarray_cubemap_face_enum {
	CU_CUBEMAP_FACE_POSITIVE_X = 0x00,
	CU_CUBEMAP_FACE_NEGATIVE_X = 0x01,
	CU_CUBEMAP_FACE_POSITIVE_Y = 0x02,
	CU_CUBEMAP_FACE_NEGATIVE_Y = 0x03,
	CU_CUBEMAP_FACE_POSITIVE_Z = 0x04,
	CU_CUBEMAP_FACE_NEGATIVE_Z = 0x05
} CUarray_cubemap_face;

typedef struct CUDA_ARRAY3D_DESCRIPTOR_st {
	size_t Width;              /* elements per row */
	size_t Height;             /* rows (0: 1D) */
	size_t Depth;              /* slices or layers (0: 1D/2D) */
	CUarray_format Format;     /* channel format */
	unsigned int NumChannels;  /* 1, 2 or 4 */
	unsigned int Flags;        /* CUDA_ARRAY3D_* */
} CUDA_ARRAY3D_DESCRIPTOR_v2;
typedef CUDA_ARRAY3D_DESCRIPTOR_v2 CUDA_ARRAY3D_DESCRIPTOR;

typedef struct CUmipmappedArray_st *CUmipmappedArray; /* mipmapped array */
typedef unsigned long long CUtexObject;   /* a texture object */
typedef unsigned long long CUsurfObject;  /* a surface object */

typedef enum CUresourcetype_enum {
	CU_RESOURCE_TYPE_ARRAY = 0x00,
	CU_RESOURCE_TYPE_MIPMAPPED_ARRAY = 0x01,
	CU_RESOURCE_TYPE_LINEAR = 0x02,
	CU_RESOURCE_TYPE_PITCH2D = 0x03
} CUresourcetype;

typedef struct CUDA_RESOURCE_DESC_st {
	CUresourcetype resType;            /* which member of res applies */
	union {
		struct {
			CUarray hArray;            /* the array */
		} array;
		struct {
			CUmipmappedArray hMipmappedArray; /* the levels */
		} mipmap;
		struct {
			CUdeviceptr devPtr;        /* device memory */
			CUarray_format format;     /* channel format */
			unsigned int numChannels;  /* 1, 2 or 4 */
			size_t sizeInBytes;        /* bytes */
		} linear;
		struct {
			CUdeviceptr devPtr;        /* device memory */
			CUarray_format format;     /* channel format */
			unsigned int numChannels;  /* 1, 2 or 4 */
			size_t width;              /* elements per row */
			size_t height;             /* rows */
			size_t pitchInBytes;       /* bytes between rows */
		} pitch2D;
		struct {
			int reserved[32];          /* padding */
		} reserved;
	} res;                             /* the resource */
	unsigned int flags;                /* must be 0 */
} CUDA_RESOURCE_DESC_v1;
typedef CUDA_RESOURCE_DESC_v1 CUDA_RESOURCE_DESC;

typedef enum CUaddress_mode_enum {
	CU_TR_ADDRESS_MODE_WRAP = 0,
	CU_TR_ADDRESS_MODE_CLAMP = 1,
	CU_TR_ADDRESS_MODE_MIRROR = 2,
	CU_TR_ADDRESS_MODE_BORDER = 3
} CUaddress_mode;

typedef enum CUfilter_mode_enum {
	CU_TR_FILTER_MODE_POINT = 0,
	CU_TR_FILTER_MODE_LINEAR = 1
} CUfilter_mode;

#define CU_TRSF_READ_AS_INTEGER 0x01        /* no conversion to float */
#define CU_TRSF_NORMALIZED_COORDINATES 0x02 /* coordinates in [0, 1) */
#define CU_TRSF_SRGB 0x10                   /* not supported */
#define CU_TRSF_DISABLE_TRILINEAR_OPTIMIZATION 0x20 /* no effect */
#define CU_TRSF_SEAMLESS_CUBEMAP 0x40       /* not supported (faces clamp) */

typedef struct CUDA_TEXTURE_DESC_st {
	CUaddress_mode addressMode[3]; /* per dimension */
	CUfilter_mode filterMode;      /* point or linear */
	unsigned int flags;            /* CU_TRSF_* */
	unsigned int maxAnisotropy;    /* no effect (isotropic filtering) */
	CUfilter_mode mipmapFilterMode; /* between mipmap levels */
	float mipmapLevelBias;         /* added to the level of detail */
	float minMipmapLevelClamp;     /* lowest level of detail */
	float maxMipmapLevelClamp;     /* highest level of detail */
	float borderColor[4];          /* CU_TR_ADDRESS_MODE_BORDER colour */
	int reserved[12];              /* padding */
} CUDA_TEXTURE_DESC_v1;
typedef CUDA_TEXTURE_DESC_v1 CUDA_TEXTURE_DESC;

typedef struct CUDA_RESOURCE_VIEW_DESC_st CUDA_RESOURCE_VIEW_DESC; /* must
						be NULL: views are not supported */

typedef enum CUpointer_attribute_enum {
	CU_POINTER_ATTRIBUTE_CONTEXT = 1,
	CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
	CU_POINTER_ATTRIBUTE_DEVICE_POINTER = 3,
	CU_POINTER_ATTRIBUTE_HOST_POINTER = 4,
	CU_POINTER_ATTRIBUTE_P2P_TOKENS = 5,
	CU_POINTER_ATTRIBUTE_SYNC_MEMOPS = 6,
	CU_POINTER_ATTRIBUTE_BUFFER_ID = 7,
	CU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
	CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9,
	CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE = 10,
	CU_POINTER_ATTRIBUTE_RANGE_START_ADDR = 11,
	CU_POINTER_ATTRIBUTE_RANGE_SIZE = 12,
	CU_POINTER_ATTRIBUTE_MAPPED = 13,
	CU_POINTER_ATTRIBUTE_ALLOWED_HANDLE_TYPES = 14,
	CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE = 15,
	CU_POINTER_ATTRIBUTE_ACCESS_FLAGS = 16,
	CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE = 17,
	CU_POINTER_ATTRIBUTE_MAPPING_SIZE = 18,
	CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR = 19,
	CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID = 20,
	CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE = 21
} CUpointer_attribute;

/* Where memory lives (cuMemPrefetchAsync). */
typedef enum CUmemLocationType_enum {
	CU_MEM_LOCATION_TYPE_INVALID = 0x0,
	CU_MEM_LOCATION_TYPE_NONE = 0x0,
	CU_MEM_LOCATION_TYPE_DEVICE = 0x1,
	CU_MEM_LOCATION_TYPE_HOST = 0x2,
	CU_MEM_LOCATION_TYPE_HOST_NUMA = 0x3,
	CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT = 0x4,
	CU_MEM_LOCATION_TYPE_MAX = 0x7FFFFFFF
} CUmemLocationType;

typedef struct CUmemLocation_st {
	CUmemLocationType type; /* meaning of id */
	int id;                 /* device ordinal or NUMA node */
} CUmemLocation_v1;
typedef CUmemLocation_v1 CUmemLocation;

/* Legacy device properties (cuDeviceGetProperties). */
typedef struct CUdevprop_st {
	int maxThreadsPerBlock;  /* threads per block */
	int maxThreadsDim[3];    /* block extent limits */
	int maxGridSize[3];      /* grid extent limits */
	int sharedMemPerBlock;   /* shared bytes per block */
	int totalConstantMemory; /* constant bytes */
	int SIMDWidth;           /* warp size */
	int memPitch;            /* maximum copy pitch in bytes */
	int regsPerBlock;        /* 32-bit registers per block */
	int clockRate;           /* clock in kHz */
	int textureAlign;        /* texture alignment */
} CUdevprop_v1;
typedef CUdevprop_v1 CUdevprop;

/* ---- extended launches (cuLaunchKernelEx) ---------------------------------- */

typedef enum CUlaunchAttributeID_enum {
	CU_LAUNCH_ATTRIBUTE_IGNORE = 0,
	CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1,
	CU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2,
	CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3,
	CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4,
	CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5,
	CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION = 6,
	CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT = 7,
	CU_LAUNCH_ATTRIBUTE_PRIORITY = 8,
	CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP = 9,
	CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN = 10,
	CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION = 11,
	CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT = 12,
	CU_LAUNCH_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE = 13,
	CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 14,
	CU_LAUNCH_ATTRIBUTE_NVLINK_UTIL_CENTRIC_SCHEDULING = 16
} CUlaunchAttributeID;

/*
 * The value of one launch attribute: 64 bytes, pointer aligned, as in
 * NVIDIA's header (only the members warpsim's users need are named).
 */
typedef union CUlaunchAttributeValue_union {
	char pad[64];    /* the full size */
	int cooperative; /* CU_LAUNCH_ATTRIBUTE_COOPERATIVE */
	struct {
		unsigned int x; /* blocks per cluster in x */
		unsigned int y; /* in y */
		unsigned int z; /* in z */
	} clusterDim;    /* CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION */
	int programmaticStreamSerializationAllowed; /* ..._SERIALIZATION */
	struct {
		CUevent event;           /* event to record */
		int flags;               /* event record flags */
		int triggerAtBlockStart; /* trigger at block start */
	} programmaticEvent; /* CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT */
	struct {
		CUevent event; /* event to record */
		int flags;     /* event record flags */
	} launchCompletionEvent; /* CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT */
	int priority;    /* CU_LAUNCH_ATTRIBUTE_PRIORITY */
	struct {
		unsigned int x; /* preferred blocks per cluster in x */
		unsigned int y; /* in y */
		unsigned int z; /* in z */
	} preferredClusterDim; /* ..._PREFERRED_CLUSTER_DIMENSION */
	unsigned int sharedMemCarveout; /* ..._PREFERRED_SHARED_MEMORY_CARVEOUT */
	unsigned int nvlinkUtilCentricScheduling; /* ..._NVLINK_UTIL_... */
} CUlaunchAttributeValue;

typedef struct CUlaunchAttribute_st {
	CUlaunchAttributeID id;                    /* which attribute */
	char pad[8 - sizeof(CUlaunchAttributeID)]; /* layout padding */
	CUlaunchAttributeValue value;              /* its value */
} CUlaunchAttribute;

typedef struct CUlaunchConfig_st {
	unsigned int gridDimX;       /* grid width in blocks */
	unsigned int gridDimY;       /* grid height in blocks */
	unsigned int gridDimZ;       /* grid depth in blocks */
	unsigned int blockDimX;      /* block width in threads */
	unsigned int blockDimY;      /* block height in threads */
	unsigned int blockDimZ;      /* block depth in threads */
	unsigned int sharedMemBytes; /* dynamic shared bytes per block */
	CUstream hStream;            /* stream */
	CUlaunchAttribute *attrs;    /* attributes (NULL if numAttrs is 0) */
	unsigned int numAttrs;       /* entries in attrs */
} CUlaunchConfig;

/* ---- functions ----------------------------------------------------------- */

/* Errors and versions. */
CUAPI CUresult CUDAAPI cuGetErrorString(CUresult error, const char **pStr);
CUAPI CUresult CUDAAPI cuGetErrorName(CUresult error, const char **pStr);
CUAPI CUresult CUDAAPI cuInit(unsigned int Flags);
CUAPI CUresult CUDAAPI cuDriverGetVersion(int *driverVersion);

/* Devices (warpsim models exactly one). */
CUAPI CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal);
CUAPI CUresult CUDAAPI cuDeviceGetCount(int *count);
CUAPI CUresult CUDAAPI cuDeviceGetName(char *name, int len, CUdevice dev);
CUAPI CUresult CUDAAPI cuDeviceGetUuid(CUuuid *uuid, CUdevice dev);
CUAPI CUresult CUDAAPI cuDeviceTotalMem(size_t *bytes, CUdevice dev);
CUAPI CUresult CUDAAPI cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib,
					    CUdevice dev);
CUAPI CUresult CUDAAPI cuDeviceComputeCapability(int *major, int *minor,
						 CUdevice dev);

/* Primary context. */
CUAPI CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev);
CUAPI CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice dev);
CUAPI CUresult CUDAAPI cuDevicePrimaryCtxSetFlags(CUdevice dev,
						  unsigned int flags);
CUAPI CUresult CUDAAPI cuDevicePrimaryCtxGetState(CUdevice dev,
						  unsigned int *flags,
						  int *active);
CUAPI CUresult CUDAAPI cuDevicePrimaryCtxReset(CUdevice dev);

/* Contexts. */
CUAPI CUresult CUDAAPI cuCtxCreate(CUcontext *pctx,
				   CUctxCreateParams *ctxCreateParams,
				   unsigned int flags, CUdevice dev);
CUAPI CUresult CUDAAPI cuCtxDestroy(CUcontext ctx);
CUAPI CUresult CUDAAPI cuCtxPushCurrent(CUcontext ctx);
CUAPI CUresult CUDAAPI cuCtxPopCurrent(CUcontext *pctx);
CUAPI CUresult CUDAAPI cuCtxSetCurrent(CUcontext ctx);
CUAPI CUresult CUDAAPI cuCtxGetCurrent(CUcontext *pctx);
CUAPI CUresult CUDAAPI cuCtxGetDevice(CUdevice *device);
CUAPI CUresult CUDAAPI cuCtxGetFlags(unsigned int *flags);
CUAPI CUresult CUDAAPI cuCtxGetApiVersion(CUcontext ctx, unsigned int *version);
CUAPI CUresult CUDAAPI cuCtxSynchronize(void);
CUAPI CUresult CUDAAPI cuCtxSetCacheConfig(CUfunc_cache config);
CUAPI CUresult CUDAAPI cuCtxGetCacheConfig(CUfunc_cache *pconfig);
CUAPI CUresult CUDAAPI cuCtxSetLimit(CUlimit limit, size_t value);
CUAPI CUresult CUDAAPI cuCtxGetLimit(size_t *pvalue, CUlimit limit);
CUAPI CUresult CUDAAPI cuCtxGetStreamPriorityRange(int *leastPriority,
						   int *greatestPriority);

/* Modules (PTX text only). */
CUAPI CUresult CUDAAPI cuModuleLoad(CUmodule *module, const char *fname);
CUAPI CUresult CUDAAPI cuModuleLoadData(CUmodule *module, const void *image);
CUAPI CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *image,
					  unsigned int numOptions,
					  CUjit_option *options,
					  void **optionValues);
CUAPI CUresult CUDAAPI cuModuleUnload(CUmodule hmod);
CUAPI CUresult CUDAAPI cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
					   const char *name);
CUAPI CUresult CUDAAPI cuModuleGetGlobal(CUdeviceptr *dptr, size_t *bytes,
					 CUmodule hmod, const char *name);

/* Memory. */
CUAPI CUresult CUDAAPI cuMemGetInfo(size_t *free, size_t *total);
CUAPI CUresult CUDAAPI cuMemAlloc(CUdeviceptr *dptr, size_t bytesize);
CUAPI CUresult CUDAAPI cuMemFree(CUdeviceptr dptr);
CUAPI CUresult CUDAAPI cuMemGetAddressRange(CUdeviceptr *pbase, size_t *psize,
					    CUdeviceptr dptr);
CUAPI CUresult CUDAAPI cuMemAllocHost(void **pp, size_t bytesize);
CUAPI CUresult CUDAAPI cuMemHostAlloc(void **pp, size_t bytesize,
				      unsigned int Flags);
CUAPI CUresult CUDAAPI cuMemFreeHost(void *p);
CUAPI CUresult CUDAAPI cuMemcpy(CUdeviceptr dst, CUdeviceptr src,
				size_t ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost,
				    size_t ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice,
				    size_t ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyDtoD(CUdeviceptr dstDevice,
				    CUdeviceptr srcDevice, size_t ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src,
				     size_t ByteCount, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpyHtoDAsync(CUdeviceptr dstDevice,
					 const void *srcHost, size_t ByteCount,
					 CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr srcDevice,
					 size_t ByteCount, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpyDtoDAsync(CUdeviceptr dstDevice,
					 CUdeviceptr srcDevice,
					 size_t ByteCount, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc,
				  size_t N);
CUAPI CUresult CUDAAPI cuMemsetD16(CUdeviceptr dstDevice, unsigned short us,
				   size_t N);
CUAPI CUresult CUDAAPI cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui,
				   size_t N);
CUAPI CUresult CUDAAPI cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc,
				       size_t N, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemsetD16Async(CUdeviceptr dstDevice,
					unsigned short us, size_t N,
					CUstream hStream);
CUAPI CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui,
					size_t N, CUstream hStream);

/* Kernels. */
CUAPI CUresult CUDAAPI cuFuncGetAttribute(int *pi, CUfunction_attribute attrib,
					  CUfunction hfunc);
CUAPI CUresult CUDAAPI cuFuncSetAttribute(CUfunction hfunc,
					  CUfunction_attribute attrib,
					  int value);
CUAPI CUresult CUDAAPI cuFuncSetCacheConfig(CUfunction hfunc,
					    CUfunc_cache config);
CUAPI CUresult CUDAAPI cuFuncGetName(const char **name, CUfunction hfunc);
CUAPI CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned int gridDimX,
				      unsigned int gridDimY,
				      unsigned int gridDimZ,
				      unsigned int blockDimX,
				      unsigned int blockDimY,
				      unsigned int blockDimZ,
				      unsigned int sharedMemBytes,
				      CUstream hStream, void **kernelParams,
				      void **extra);
CUAPI CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessor(
	int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize);

/* Streams (every operation completes before the call returns). */
CUAPI CUresult CUDAAPI cuStreamCreate(CUstream *phStream, unsigned int Flags);
CUAPI CUresult CUDAAPI cuStreamCreateWithPriority(CUstream *phStream,
						  unsigned int flags,
						  int priority);
CUAPI CUresult CUDAAPI cuStreamGetPriority(CUstream hStream, int *priority);
CUAPI CUresult CUDAAPI cuStreamGetFlags(CUstream hStream, unsigned int *flags);
CUAPI CUresult CUDAAPI cuStreamGetCtx(CUstream hStream, CUcontext *pctx);
CUAPI CUresult CUDAAPI cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
					 unsigned int Flags);
CUAPI CUresult CUDAAPI cuStreamQuery(CUstream hStream);
CUAPI CUresult CUDAAPI cuStreamSynchronize(CUstream hStream);
CUAPI CUresult CUDAAPI cuStreamDestroy(CUstream hStream);

/* Events (timestamps are simulated core cycles). */
CUAPI CUresult CUDAAPI cuEventCreate(CUevent *phEvent, unsigned int Flags);
CUAPI CUresult CUDAAPI cuEventRecord(CUevent hEvent, CUstream hStream);
CUAPI CUresult CUDAAPI cuEventRecordWithFlags(CUevent hEvent, CUstream hStream,
					      unsigned int flags);
CUAPI CUresult CUDAAPI cuEventQuery(CUevent hEvent);
CUAPI CUresult CUDAAPI cuEventSynchronize(CUevent hEvent);
CUAPI CUresult CUDAAPI cuEventDestroy(CUevent hEvent);
CUAPI CUresult CUDAAPI cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
					  CUevent hEnd);

/* Pitched memory and 2D/3D copies (host, device and unified memory; arrays
 * are CUDA_ERROR_NOT_SUPPORTED). */
CUAPI CUresult CUDAAPI cuMemAllocPitch(CUdeviceptr *dptr, size_t *pPitch,
				       size_t WidthInBytes, size_t Height,
				       unsigned int ElementSizeBytes);
CUAPI CUresult CUDAAPI cuMemcpy2D(const CUDA_MEMCPY2D *pCopy);
CUAPI CUresult CUDAAPI cuMemcpy2DUnaligned(const CUDA_MEMCPY2D *pCopy);
CUAPI CUresult CUDAAPI cuMemcpy2DAsync(const CUDA_MEMCPY2D *pCopy,
				       CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpy3D(const CUDA_MEMCPY3D *pCopy);
CUAPI CUresult CUDAAPI cuArrayCreate(CUarray *pHandle,
				     const CUDA_ARRAY_DESCRIPTOR *pAllocateArray);
CUAPI CUresult CUDAAPI cuArray3DCreate(
	CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray);
CUAPI CUresult CUDAAPI cuArrayDestroy(CUarray hArray);
CUAPI CUresult CUDAAPI cuMipmappedArrayCreate(
	CUmipmappedArray *pHandle,
	const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
	unsigned int numMipmapLevels);
CUAPI CUresult CUDAAPI cuMipmappedArrayGetLevel(
	CUarray *pLevelArray, CUmipmappedArray hMipmappedArray,
	unsigned int level);
CUAPI CUresult CUDAAPI cuMipmappedArrayDestroy(
	CUmipmappedArray hMipmappedArray);
CUAPI CUresult CUDAAPI cuArrayGetDescriptor(
	CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor, CUarray hArray);
CUAPI CUresult CUDAAPI cuArray3DGetDescriptor(
	CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray);
CUAPI CUresult CUDAAPI cuTexObjectCreate(CUtexObject *pTexObject,
					 const CUDA_RESOURCE_DESC *pResDesc,
					 const CUDA_TEXTURE_DESC *pTexDesc,
					 const CUDA_RESOURCE_VIEW_DESC *pResViewDesc);
CUAPI CUresult CUDAAPI cuTexObjectDestroy(CUtexObject texObject);
CUAPI CUresult CUDAAPI cuTexObjectGetResourceDesc(
	CUDA_RESOURCE_DESC *pResDesc, CUtexObject texObject);
CUAPI CUresult CUDAAPI cuTexObjectGetTextureDesc(
	CUDA_TEXTURE_DESC *pTexDesc, CUtexObject texObject);
CUAPI CUresult CUDAAPI cuSurfObjectCreate(CUsurfObject *pSurfObject,
					  const CUDA_RESOURCE_DESC *pResDesc);
CUAPI CUresult CUDAAPI cuSurfObjectDestroy(CUsurfObject surfObject);
CUAPI CUresult CUDAAPI cuSurfObjectGetResourceDesc(
	CUDA_RESOURCE_DESC *pResDesc, CUsurfObject surfObject);
CUAPI CUresult CUDAAPI cuMemcpy3DAsync(const CUDA_MEMCPY3D *pCopy,
				       CUstream hStream);

/* Pointer attributes (device allocations only). */
CUAPI CUresult CUDAAPI cuPointerGetAttribute(void *data,
					     CUpointer_attribute attribute,
					     CUdeviceptr ptr);
CUAPI CUresult CUDAAPI cuPointerGetAttributes(unsigned int numAttributes,
					      CUpointer_attribute *attributes,
					      void **data, CUdeviceptr ptr);

/*
 * Managed, registered and mapped host memory: CUDA_ERROR_NOT_SUPPORTED, as
 * simulated device memory is not addressable by the host.
 */
CUAPI CUresult CUDAAPI cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
					 unsigned int flags);
CUAPI CUresult CUDAAPI cuMemHostRegister(void *p, size_t bytesize,
					 unsigned int Flags);
CUAPI CUresult CUDAAPI cuMemHostUnregister(void *p);
CUAPI CUresult CUDAAPI cuMemHostGetDevicePointer(CUdeviceptr *pdptr, void *p,
						 unsigned int Flags);
CUAPI CUresult CUDAAPI cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count,
					  CUmemLocation location,
					  unsigned int flags, CUstream hStream);

/* More devices and contexts. */
CUAPI CUresult CUDAAPI cuDeviceGetPCIBusId(char *pciBusId, int len,
					   CUdevice dev);
CUAPI CUresult CUDAAPI cuDeviceGetByPCIBusId(CUdevice *dev,
					     const char *pciBusId);
CUAPI CUresult CUDAAPI cuDeviceGetProperties(CUdevprop *prop, CUdevice dev);
CUAPI CUresult CUDAAPI cuDeviceGetLuid(char *luid,
				       unsigned int *deviceNodeMask,
				       CUdevice dev);
CUAPI CUresult CUDAAPI cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out,
						 CUdevice dev);
CUAPI CUresult CUDAAPI cuCtxSetFlags(unsigned int flags);
CUAPI CUresult CUDAAPI cuCtxGetId(CUcontext ctx, unsigned long long *ctxId);

/* Cooperative and extended launches, occupancy. */
CUAPI CUresult CUDAAPI cuLaunchCooperativeKernel(
	CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
	unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
	unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
	void **kernelParams);
CUAPI CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config,
					CUfunction f, void **kernelParams,
					void **extra);
CUAPI CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
	int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize,
	unsigned int flags);
CUAPI CUresult CUDAAPI cuOccupancyMaxPotentialBlockSize(
	int *minGridSize, int *blockSize, CUfunction func,
	CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
	int blockSizeLimit);
CUAPI CUresult CUDAAPI cuOccupancyMaxPotentialBlockSizeWithFlags(
	int *minGridSize, int *blockSize, CUfunction func,
	CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
	int blockSizeLimit, unsigned int flags);
CUAPI CUresult CUDAAPI cuOccupancyAvailableDynamicSMemPerBlock(
	size_t *dynamicSmemSize, CUfunction func, int numBlocks, int blockSize);

/* Profiler control (cudaProfiler.h): no-ops that succeed. */
CUAPI CUresult CUDAAPI cuProfilerStart(void);
CUAPI CUresult CUDAAPI cuProfilerStop(void);

/*
 * ---- entry points only the library declares --------------------------------
 * Older (32-bit size) symbols and the legacy-default-stream forms, which
 * programs built against older headers or other configurations bind to.
 */
#ifdef WS_CUDA_API_INTERNAL
#undef cuDeviceTotalMem
#undef cuCtxCreate
#undef cuModuleGetGlobal
#undef cuMemGetInfo
#undef cuMemAlloc
#undef cuMemFree
#undef cuMemGetAddressRange
#undef cuMemAllocHost
#undef cuMemcpyHtoD
#undef cuMemcpyDtoH
#undef cuMemcpyDtoD
#undef cuMemcpyHtoDAsync
#undef cuMemcpyDtoHAsync
#undef cuMemcpyDtoDAsync
#undef cuMemsetD8
#undef cuMemsetD16
#undef cuMemsetD32
#undef cuCtxDestroy
#undef cuCtxPopCurrent
#undef cuCtxPushCurrent
#undef cuStreamDestroy
#undef cuEventDestroy
#undef cuDevicePrimaryCtxRelease
#undef cuDevicePrimaryCtxReset
#undef cuDevicePrimaryCtxSetFlags
#undef cuDeviceGetUuid
#undef cuEventElapsedTime
#undef cuMemcpy
#undef cuMemcpyAsync
#undef cuMemsetD8Async
#undef cuMemsetD16Async
#undef cuMemsetD32Async
#undef cuStreamGetPriority
#undef cuStreamGetFlags
#undef cuStreamGetCtx
#undef cuStreamWaitEvent
#undef cuStreamQuery
#undef cuStreamSynchronize
#undef cuEventRecord
#undef cuEventRecordWithFlags
#undef cuLaunchKernel
#undef cuMemAllocPitch
#undef cuMemHostGetDevicePointer
#undef cuMemHostRegister
#undef cuMemPrefetchAsync
#undef cuMemcpy2D
#undef cuMemcpy2DUnaligned
#undef cuMemcpy3D
#undef cuMemcpy2DAsync
#undef cuMemcpy3DAsync
#undef cuLaunchKernelEx
#undef cuLaunchCooperativeKernel

typedef unsigned int CUdeviceptr_v1;

/* Entry points of CUDA 3.x and earlier (32-bit sizes). */
CUAPI CUresult CUDAAPI cuDeviceTotalMem(unsigned int *bytes, CUdevice dev);
CUAPI CUresult CUDAAPI cuCtxCreate(CUcontext *pctx, unsigned int flags,
				   CUdevice dev);
CUAPI CUresult CUDAAPI cuCtxCreate_v2(CUcontext *pctx, unsigned int flags,
				      CUdevice dev);
CUAPI CUresult CUDAAPI cuCtxCreate_v3(CUcontext *pctx,
				      CUexecAffinityParam *paramsArray,
				      int numParams, unsigned int flags,
				      CUdevice dev);
CUAPI CUresult CUDAAPI cuModuleGetGlobal(CUdeviceptr_v1 *dptr,
					 unsigned int *bytes, CUmodule hmod,
					 const char *name);
CUAPI CUresult CUDAAPI cuMemGetInfo(unsigned int *free, unsigned int *total);
CUAPI CUresult CUDAAPI cuMemAlloc(CUdeviceptr_v1 *dptr, unsigned int bytesize);
CUAPI CUresult CUDAAPI cuMemFree(CUdeviceptr_v1 dptr);
CUAPI CUresult CUDAAPI cuMemGetAddressRange(CUdeviceptr_v1 *pbase,
					    unsigned int *psize,
					    CUdeviceptr_v1 dptr);
CUAPI CUresult CUDAAPI cuMemAllocHost(void **pp, unsigned int bytesize);
CUAPI CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr_v1 dstDevice,
				    const void *srcHost,
				    unsigned int ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyDtoH(void *dstHost, CUdeviceptr_v1 srcDevice,
				    unsigned int ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyDtoD(CUdeviceptr_v1 dstDevice,
				    CUdeviceptr_v1 srcDevice,
				    unsigned int ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyHtoDAsync(CUdeviceptr_v1 dstDevice,
					 const void *srcHost,
					 unsigned int ByteCount,
					 CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpyDtoHAsync(void *dstHost,
					 CUdeviceptr_v1 srcDevice,
					 unsigned int ByteCount,
					 CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpyDtoDAsync(CUdeviceptr_v1 dstDevice,
					 CUdeviceptr_v1 srcDevice,
					 unsigned int ByteCount,
					 CUstream hStream);
CUAPI CUresult CUDAAPI cuMemsetD8(CUdeviceptr_v1 dstDevice, unsigned char uc,
				  unsigned int N);
CUAPI CUresult CUDAAPI cuMemsetD16(CUdeviceptr_v1 dstDevice,
				   unsigned short us, unsigned int N);
CUAPI CUresult CUDAAPI cuMemsetD32(CUdeviceptr_v1 dstDevice, unsigned int ui,
				   unsigned int N);
CUAPI CUresult CUDAAPI cuCtxDestroy(CUcontext ctx);
CUAPI CUresult CUDAAPI cuCtxPopCurrent(CUcontext *pctx);
CUAPI CUresult CUDAAPI cuCtxPushCurrent(CUcontext ctx);
CUAPI CUresult CUDAAPI cuStreamDestroy(CUstream hStream);
CUAPI CUresult CUDAAPI cuEventDestroy(CUevent hEvent);
CUAPI CUresult CUDAAPI cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
					  CUevent hEnd);
CUAPI CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice dev);
CUAPI CUresult CUDAAPI cuDevicePrimaryCtxReset(CUdevice dev);
CUAPI CUresult CUDAAPI cuDevicePrimaryCtxSetFlags(CUdevice dev,
						  unsigned int flags);
CUAPI CUresult CUDAAPI cuDeviceGetUuid(CUuuid *uuid, CUdevice dev);

/* Legacy-default-stream forms of the per-thread entry points above. */
CUAPI CUresult CUDAAPI cuMemcpy(CUdeviceptr dst, CUdeviceptr src,
				size_t ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyHtoD_v2(CUdeviceptr dstDevice,
				       const void *srcHost, size_t ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice,
				       size_t ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyDtoD_v2(CUdeviceptr dstDevice,
				       CUdeviceptr srcDevice, size_t ByteCount);
CUAPI CUresult CUDAAPI cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src,
				     size_t ByteCount, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice,
					    const void *srcHost,
					    size_t ByteCount, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpyDtoHAsync_v2(void *dstHost,
					    CUdeviceptr srcDevice,
					    size_t ByteCount, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice,
					    CUdeviceptr srcDevice,
					    size_t ByteCount, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc,
				     size_t N);
CUAPI CUresult CUDAAPI cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us,
				      size_t N);
CUAPI CUresult CUDAAPI cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui,
				      size_t N);
CUAPI CUresult CUDAAPI cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc,
				       size_t N, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemsetD16Async(CUdeviceptr dstDevice,
					unsigned short us, size_t N,
					CUstream hStream);
CUAPI CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui,
					size_t N, CUstream hStream);
CUAPI CUresult CUDAAPI cuStreamGetPriority(CUstream hStream, int *priority);
CUAPI CUresult CUDAAPI cuStreamGetFlags(CUstream hStream, unsigned int *flags);
CUAPI CUresult CUDAAPI cuStreamGetCtx(CUstream hStream, CUcontext *pctx);
CUAPI CUresult CUDAAPI cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
					 unsigned int Flags);
CUAPI CUresult CUDAAPI cuStreamQuery(CUstream hStream);
CUAPI CUresult CUDAAPI cuStreamSynchronize(CUstream hStream);
CUAPI CUresult CUDAAPI cuEventRecord(CUevent hEvent, CUstream hStream);
CUAPI CUresult CUDAAPI cuEventRecordWithFlags(CUevent hEvent, CUstream hStream,
					      unsigned int flags);
CUAPI CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned int gridDimX,
				      unsigned int gridDimY,
				      unsigned int gridDimZ,
				      unsigned int blockDimX,
				      unsigned int blockDimY,
				      unsigned int blockDimZ,
				      unsigned int sharedMemBytes,
				      CUstream hStream, void **kernelParams,
				      void **extra);
CUAPI CUresult CUDAAPI cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy);
CUAPI CUresult CUDAAPI cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *pCopy);
CUAPI CUresult CUDAAPI cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy,
					  CUstream hStream);
CUAPI CUresult CUDAAPI cuMemcpy3D_v2(const CUDA_MEMCPY3D *pCopy);
CUAPI CUresult CUDAAPI cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *pCopy,
					  CUstream hStream);
CUAPI CUresult CUDAAPI cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count,
					     CUmemLocation location,
					     unsigned int flags,
					     CUstream hStream);
CUAPI CUresult CUDAAPI cuLaunchCooperativeKernel(
	CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
	unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
	unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
	void **kernelParams);
CUAPI CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config,
					CUfunction f, void **kernelParams,
					void **extra);

/* Older forms of the pitched, mapped and prefetch entry points. */
CUAPI CUresult CUDAAPI cuMemAllocPitch(CUdeviceptr_v1 *dptr,
				       unsigned int *pPitch,
				       unsigned int WidthInBytes,
				       unsigned int Height,
				       unsigned int ElementSizeBytes);
CUAPI CUresult CUDAAPI cuMemHostGetDevicePointer(CUdeviceptr_v1 *pdptr,
						 void *p, unsigned int Flags);
CUAPI CUresult CUDAAPI cuMemHostRegister(void *p, size_t bytesize,
					 unsigned int Flags);
CUAPI CUresult CUDAAPI cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count,
					  CUdevice dstDevice, CUstream hStream);
CUAPI CUresult CUDAAPI cuMemPrefetchAsync_ptsz(CUdeviceptr devPtr,
					       size_t count,
					       CUdevice dstDevice,
					       CUstream hStream);
#endif /* WS_CUDA_API_INTERNAL */

#ifdef __cplusplus
}
#endif
#endif
