/*
 * rt_int.h - private interface of our CUDA runtime (libcudart.so.13).
 *
 * The runtime sits on top of our Driver API (libcuda.so.1): it talks to it
 * only through the public cu* entry points, as NVIDIA's runtime does.  The
 * types below reproduce the ABI of CUDA 13's runtime headers (layouts,
 * enum values) for the parts we serve, so programs compiled by nvcc
 * against NVIDIA's headers call into this library unchanged.  One process-
 * wide struct rt_state holds the registered fat binaries, functions and
 * variables and the primary context; the last error and the <<<>>> call
 * configuration are per host thread, as in CUDA.
 */
#ifndef SIM_RT_RT_INT_H
#define SIM_RT_RT_INT_H

#include "cuda.h"

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define RT_API __attribute__((visibility("default")))
/* Export name as a second name of target (defined in the same file). */
#define RT_ALIAS(name, target)                                              \
	extern __typeof__(target) name                                      \
		__attribute__((alias(#target), visibility("default")));

/* cudaError_t: the codes and names of rt_errors.def. */
enum rt_err {
#define RT_ERR(code, name, text) name = code,
#include "rt/rt_errors.def"
#undef RT_ERR
};
typedef int cudaError_t;

/* dim3 / uint3: three unsigned extents (12 bytes, passed by value). */
struct rt_dim3 {
	unsigned x; /* extent in x */
	unsigned y; /* extent in y */
	unsigned z; /* extent in z */
};

typedef struct CUstream_st *cudaStream_t; /* same handle as CUstream */
typedef struct CUevent_st *cudaEvent_t;   /* same handle as CUevent */

/* enum cudaMemcpyKind. */
enum rt_copy_kind {
	RT_COPY_H2H = 0,     /* cudaMemcpyHostToHost */
	RT_COPY_H2D = 1,     /* cudaMemcpyHostToDevice */
	RT_COPY_D2H = 2,     /* cudaMemcpyDeviceToHost */
	RT_COPY_D2D = 3,     /* cudaMemcpyDeviceToDevice */
	RT_COPY_DEFAULT = 4, /* cudaMemcpyDefault (inferred from pointers) */
};

/* struct cudaFuncAttributes (CUDA 13 layout). */
struct rt_func_attrs {
	size_t sharedSizeBytes;           /* static shared bytes */
	size_t constSizeBytes;            /* user constant bytes */
	size_t localSizeBytes;            /* local bytes per thread */
	int maxThreadsPerBlock;           /* largest block that can launch */
	int numRegs;                      /* registers per thread */
	int ptxVersion;                   /* PTX ISA version * 10 */
	int binaryVersion;                /* binary architecture * 10 */
	int cacheModeCA;                  /* compiled with -Xptxas --dlcm=ca */
	int maxDynamicSharedSizeBytes;    /* dynamic shared limit */
	int preferredShmemCarveout;       /* carveout preference */
	int clusterDimMustBeSet;          /* cluster fields: always 0 here */
	int requiredClusterWidth;         /* required cluster width */
	int requiredClusterHeight;        /* required cluster height */
	int requiredClusterDepth;         /* required cluster depth */
	int clusterSchedulingPolicyPreference; /* cluster scheduling policy */
	int nonPortableClusterSizeAllowed;     /* non-portable sizes allowed */
	int reserved[16];                 /* reserved by CUDA */
};

/* struct cudaPitchedPtr, cudaExtent and cudaPos (3-D copies). */
struct rt_pitched_ptr {
	void *ptr;    /* base address */
	size_t pitch; /* bytes per row */
	size_t xsize; /* logical row width in elements */
	size_t ysize; /* logical rows */
};
struct rt_extent {
	size_t width;  /* bytes (linear memory) */
	size_t height; /* rows */
	size_t depth;  /* slices */
};
struct rt_pos {
	size_t x; /* byte offset in a row */
	size_t y; /* row */
	size_t z; /* slice */
};
/* struct cudaMemcpy3DParms (arrays are not supported). */
struct rt_copy3d {
	void *srcArray;              /* cudaArray_t: must be NULL here */
	struct rt_pos srcPos;        /* source offset */
	struct rt_pitched_ptr srcPtr;/* source memory */
	void *dstArray;              /* cudaArray_t: must be NULL here */
	struct rt_pos dstPos;        /* destination offset */
	struct rt_pitched_ptr dstPtr;/* destination memory */
	struct rt_extent extent;     /* bytes x rows x slices */
	int kind;                    /* enum cudaMemcpyKind */
};

/* ---- registration state -------------------------------------------------- */

struct rt_fatbin;

/* A __global__ function registered by nvcc's host stub. */
struct rt_func {
	const void *host_fun;      /* the host-side stub's address (the key) */
	char *name;                /* its PTX (mangled) name */
	struct rt_fatbin *fb;      /* fat binary holding it */
	CUfunction f;              /* driver function, NULL until resolved */
	unsigned gen;              /* rt_state.gen when f was resolved */
};

/* A __device__ / __constant__ variable registered by the host stub. */
struct rt_var {
	const void *host_var;      /* the host shadow's address (the key) */
	char *name;                /* its PTX name */
	size_t size;               /* bytes */
	struct rt_fatbin *fb;      /* fat binary holding it */
};

/* A fat binary registered by __cudaRegisterFatBinary. */
struct rt_fatbin {
	const void *wrapper;       /* the __fatBinC_Wrapper_t nvcc emitted */
	CUmodule mod;              /* loaded module, NULL until loaded */
	unsigned gen;              /* rt_state.gen when mod was loaded */
	cudaError_t load_err;      /* error of the last failed load */
	bool dead;                 /* unregistered at exit */
};

/* Everything the runtime keeps for the process. */
struct rt_state {
	pthread_mutex_t lock;      /* serialises registration and init */
	struct rt_fatbin **fbs;    /* registered fat binaries */
	size_t n_fbs;              /* entries used in fbs */
	struct rt_func **funcs;    /* registered functions (stable addresses) */
	size_t n_funcs;            /* entries used in funcs */
	size_t cap_funcs;          /* entries allocated in funcs */
	struct rt_var *vars;       /* registered variables */
	size_t n_vars;             /* entries used in vars */
	size_t cap_vars;           /* entries allocated in vars */
	CUcontext ctx;             /* the primary context, NULL before init */
	unsigned gen;              /* bumped by every (re)initialisation */
	int device;                /* cudaSetDevice's choice (only 0) */
	cudaError_t sticky;        /* kernel fault of the primary context,
				      until cudaDeviceReset */
};

/* The process's runtime state (rt_core.c). */
struct rt_state *rt_state_get(void);

/*
 * Make the runtime usable from the calling thread: initialise the driver
 * and the primary context on first use (or after cudaDeviceReset) and make
 * that context current.  Returns cudaSuccess or the error (also recorded
 * as the thread's last error).
 */
cudaError_t rt_enter(void);
/* Record e as the calling thread's last error (unless success); return e. */
cudaError_t rt_ret(cudaError_t e);
/* The runtime error for a driver result (the numbers coincide). */
cudaError_t rt_from_cu(CUresult r);
/* rt_ret(rt_from_cu(r)). */
cudaError_t rt_cu(CUresult r);

/* cudaDeviceReset (rt_core.c), also behind cudaThreadExit. */
cudaError_t cudaDeviceReset(void);

/* The driver function for a host stub or cudaKernel_t; NULL + *err. */
CUfunction rt_func_get(const void *host_fun, cudaError_t *err);
/* The device address and size of a registered symbol; error code. */
cudaError_t rt_symbol(const void *symbol, CUdeviceptr *dptr, size_t *size);

#endif
