/*
 * api_int.h - private interface of the CUDA Driver API layer (libcuda.so).
 *
 * The driver is one struct api_drv, created by cuInit on top of one
 * struct ws_sim and reached through api_begin()/api_enter(), which take
 * the single global mutex that serialises every call into the simulator.
 * Handles (CUmodule, CUfunction, ...) point at the structs defined here;
 * each starts with a struct api_obj and is registered in the driver's
 * live table, so a stale or forged handle is rejected rather than
 * dereferenced.  A CUcontext is instead a token made from the context's
 * never-reused id (struct CUctx_st is never defined; struct api_ctx is the
 * context), so a destroyed context's handle cannot alias a newer context
 * at the same address.  The current-context stack is per host thread, as
 * in the real driver.
 */
#ifndef SIM_API_API_INT_H
#define SIM_API_API_INT_H

#define WS_CUDA_BUILD 1        /* export the cu* entry points */
#define WS_CUDA_API_INTERNAL 1 /* see every versioned entry point */
#include "cuda.h"
#include "warpsim.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a handle refers to. */
enum api_kind {
	API_K_CTX = 1, /* struct api_ctx */
	API_K_MOD,     /* struct CUmod_st */
	API_K_FUNC,    /* struct CUfunc_st */
	API_K_EVENT,   /* struct CUevent_st */
	API_K_STREAM,  /* struct CUstream_st */
	API_K_ARRAY,   /* struct CUarray_st */
	API_K_TEXOBJ,  /* struct api_texobj (texture or surface object) */
	API_K_MIPMAP,  /* struct CUmipmappedArray_st */
};

/* Common head of every handle object. */
struct api_obj {
	enum api_kind kind;   /* which struct this is */
	struct api_ctx *ctx; /* owning context (a context owns itself) */
};

struct api_ctx {                 /* a context; its CUcontext is a token */
	struct api_obj h;            /* kind API_K_CTX */
	CUresult sticky;             /* first run-time fault, or CUDA_SUCCESS */
	unsigned flags;              /* creation flags */
	bool primary;                /* the device's primary context */
	CUfunc_cache cache_config;   /* as set by cuCtxSetCacheConfig */
	size_t limits[CU_LIMIT_MAX]; /* as set by cuCtxSetLimit */
	unsigned long long id;       /* unique id (cuCtxGetId) */
	CUdeviceptr *allocs;         /* device allocations made here */
	size_t n_allocs;             /* entries used in allocs */
	size_t cap_allocs;           /* entries allocated in allocs */
	struct ws_heap *heap;        /* device heap of malloc/free in kernels */
};

struct CUmod_st {
	struct api_obj h;         /* kind API_K_MOD */
	struct ws_module *wm;     /* the loaded PTX */
	struct CUfunc_st **funcs; /* functions handed out so far */
	size_t n_funcs;           /* entries used in funcs */
	size_t cap_funcs;         /* entries allocated in funcs */
};

struct CUfunc_st {
	struct api_obj h;             /* kind API_K_FUNC */
	struct CUmod_st *mod;         /* module holding the kernel */
	const struct ptx_kernel *k;   /* the kernel */
	struct ws_kernel_info info;   /* its resource usage */
	unsigned max_dyn_shared;      /* dynamic shared bytes a launch may use */
	int carveout;                 /* preferred shared carveout (-1..100) */
	CUfunc_cache cache_config;    /* as set by cuFuncSetCacheConfig */
};

struct CUevent_st {
	struct api_obj h; /* kind API_K_EVENT */
	unsigned flags;   /* CU_EVENT_* creation flags */
	bool recorded;    /* cuEventRecord has been called */
	uint64_t cycles;  /* simulated core cycle at the last record */
};

struct CUstream_st {
	struct api_obj h; /* kind API_K_STREAM */
	unsigned flags;   /* CU_STREAM_* creation flags */
	int priority;     /* requested priority (always 0 here) */
};

struct CUarray_st {
	struct api_obj h;              /* kind API_K_ARRAY */
	CUdeviceptr data;              /* texels, row-major, rows unpadded */
	CUDA_ARRAY3D_DESCRIPTOR desc;  /* as created (2D: Depth 0) */
	size_t elem;                   /* bytes per texel (all channels) */
	struct CUmipmappedArray_st *mip; /* owner when a mipmap level (its
					    memory is the owner's), or NULL */
};

struct CUmipmappedArray_st {
	struct api_obj h;              /* kind API_K_MIPMAP */
	CUdeviceptr data;              /* every level, level 0 first */
	CUDA_ARRAY3D_DESCRIPTOR desc;  /* level 0, as created */
	unsigned levels;               /* number of levels */
	struct CUarray_st **level;     /* each level as an array */
};

struct api_texobj {
	struct api_obj h;              /* kind API_K_TEXOBJ */
	CUdeviceptr desc;              /* device struct ws_texdesc: the handle */
	bool surface;                  /* a surface object */
	CUDA_RESOURCE_DESC res;        /* as created */
	CUDA_TEXTURE_DESC tex;         /* as created (zero for a surface) */
};

struct api_drv;

/* Array a as a copy side: base, row pitch and rows per slice. */
CUresult api_array_side(struct api_drv *d, CUarray a, CUdeviceptr *base,
			size_t *pitch, size_t *height);
void api_array_destroy(struct api_drv *d, struct CUarray_st *a);
void api_texobj_destroy(struct api_drv *d, struct api_texobj *t);
void api_mipmap_destroy(struct api_drv *d, struct CUmipmappedArray_st *m);

/* The driver: everything cuInit creates. */
struct api_drv {
	struct ws_sim *sim;            /* the simulated GPU */
	struct ws_device_props props;  /* what the device reports */
	struct api_obj **live;         /* every live handle */
	size_t n_live;                 /* entries used in live */
	size_t cap_live;               /* entries allocated in live */
	void **host;                   /* cuMemAllocHost blocks */
	size_t n_host;                 /* entries used in host */
	size_t cap_host;               /* entries allocated in host */
	unsigned char *params;         /* launch parameter staging buffer */
	size_t cap_params;             /* its size in bytes */
	struct api_ctx *primary;      /* primary context, NULL if none */
	unsigned primary_refs;         /* cuDevicePrimaryCtxRetain count */
	unsigned primary_flags;        /* flags for the primary context */
	unsigned long long next_ctx_id;/* id of the next context created */
};

/* How api_enter treats a context whose sticky error is set. */
enum api_sticky {
	API_STRICT,  /* fail the call with the sticky error */
	API_RELEASE, /* let the call run (it frees something) */
};

/* ---- api_core.c ---------------------------------------------------------- */

/*
 * Lock the driver and return it in *d; CUDA_ERROR_NOT_INITIALIZED (lock
 * released) before a successful cuInit, CUDA_ERROR_DEINITIALIZED after the
 * driver has been torn down at exit.
 */
CUresult api_begin(struct api_drv **d);
/*
 * api_begin, then find the calling thread's current context
 * (CUDA_ERROR_INVALID_CONTEXT if none) and, in API_STRICT mode, fail with
 * its sticky error.  On failure the lock is released.
 */
CUresult api_enter(struct api_drv **d, struct api_ctx **c,
		   enum api_sticky mode);
/* Release the lock taken by api_begin/api_enter and return r. */
CUresult api_end(CUresult r);

void api_live_add(struct api_drv *d, struct api_obj *o);
void api_live_del(struct api_drv *d, struct api_obj *o);
/* Whether p is a live handle of the given kind. */
bool api_live_has(const struct api_drv *d, const void *p, enum api_kind kind);

/* The CUresult for a (negative) ws_* status. */
CUresult api_result(int ws_status);
/*
 * Write pending device printf/assert text to stdout (locked): called where
 * CUDA flushes its printf buffer (kernel launch, synchronisation, blocking
 * copies, a sticky error being reported, shutdown).
 */
void api_output_flush(struct api_drv *d);
/* Print a diagnostic (if non-empty) to stderr with a "warpsim: " prefix. */
void api_print_diag(const struct diag *dg);

/* ---- api_ctx.c ----------------------------------------------------------- */

/*
 * A context's handle (a token made from its never-reused id, not its
 * address; NULL for NULL), and the live context a handle names (NULL when
 * it is NULL, forged or names a destroyed context).
 */
CUcontext api_ctx_handle(const struct api_ctx *c);
struct api_ctx *api_ctx_find(const struct api_drv *d, CUcontext h);
/* The calling thread's current context if it is live, else NULL. */
struct api_ctx *api_ctx_current(const struct api_drv *d);
/* Destroy a context and everything it owns (locked). */
void api_ctx_destroy(struct api_drv *d, struct api_ctx *c);
/* Record an allocation in, or drop it from, a context's list. */
void api_ctx_add_alloc(struct api_ctx *c, CUdeviceptr p);
bool api_ctx_drop_alloc(struct api_ctx *c, CUdeviceptr p);

/* ---- api_module.c -------------------------------------------------------- */

void api_module_destroy(struct api_drv *d, struct CUmod_st *m);
/*
 * Launch f over the grid and block of *shape (its kernel and parameter
 * fields are filled here) on stream s; cooperative launches must fit on
 * the device at once (CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE).  Takes and
 * releases the lock.
 */
CUresult api_launch(CUfunction f, struct ws_launch *shape, CUstream s,
		    void **kernelParams, void **extra, bool cooperative);

/* ---- api_fatbin.c -------------------------------------------------------- */

struct diag;

/* Whether image starts with a fat binary's wrapper or container magic. */
bool api_fatbin_is(const void *image);
/*
 * The PTX text (malloc'd, NUL-terminated, *len bytes) of the best entry of
 * the fat binary at image (avail bytes readable there, SIZE_MAX when
 * unknown): the highest architecture <= sm_75, else the
 * lowest.  NULL with a message in dg when there is none (*sass_only set
 * when the binary holds cubins only) or it cannot be decompressed.
 */
char *api_fatbin_ptx(const void *image, size_t avail, size_t *len,
		     bool *sass_only, struct diag *dg);

/* ---- api_stream.c -------------------------------------------------------- */

/* CUDA_SUCCESS for the default/special streams or a live stream of c. */
CUresult api_stream_check(const struct api_drv *d, const struct api_ctx *c,
			  CUstream s);
void api_stream_destroy(struct api_drv *d, struct CUstream_st *s);
void api_event_destroy(struct api_drv *d, struct CUevent_st *e);

#endif
