/*
 * api_ctx.c - contexts: creation, the per-thread context stack, the
 * primary context and context-wide settings.
 *
 * All contexts share the one simulated device and its memory; a context
 * owns the modules, streams, events and device allocations made while it
 * was current, and destroying it frees them.  A context also holds the
 * sticky error left by a faulting launch, which every later call on it
 * returns (as the real driver does for a corrupted context).
 */
#include "base/base.h"

#include "api/api_int.h"

#include <pthread.h>
#include <stdlib.h>

/*
 * Context handles.  A CUcontext is a token, not the address of the
 * struct api_ctx: the context's unique id (never reused) shifted left by
 * API_CTX_SHIFT.  A destroyed context's handle therefore can never name a
 * newer context that happens to reuse its memory; every entry point that
 * takes a CUcontext resolves it through api_ctx_find, which only matches
 * live contexts.  The low bits are zero, so a token looks like an aligned
 * pointer to programs that print or compare it.
 */
#define API_CTX_SHIFT 4

CUcontext api_ctx_handle(const struct api_ctx *c)
{
	return c ? (CUcontext)(uintptr_t)(c->id << API_CTX_SHIFT) : NULL;
}

struct api_ctx *api_ctx_find(const struct api_drv *d, CUcontext h)
{
	uintptr_t v = (uintptr_t)h;

	if (!v || (v & ((1u << API_CTX_SHIFT) - 1)))
		return NULL;
	for (size_t i = d->n_live; i-- > 0;) {
		struct api_obj *o = d->live[i];

		if (o->kind == API_K_CTX &&
		    ((struct api_ctx *)o)->id == v >> API_CTX_SHIFT)
			return (struct api_ctx *)o;
	}
	return NULL;
}

/*
 * The calling thread's context stack, of handles (so an entry left by a
 * context another thread destroyed is recognised as stale).  The Driver
 * API makes the current context a property of the host thread, so this is
 * thread-local state; it is only touched with the driver lock held.  It
 * grows without a fixed limit; a thread-exit destructor (api_tls_key)
 * frees a grown stack.
 */
static _Thread_local struct {
	CUcontext *stack; /* bottom first */
	unsigned n;       /* entries in stack */
	unsigned cap;     /* entries allocated in stack */
} api_tls;

/* Frees a thread's stack at thread exit; created once (immutable after). */
static pthread_key_t api_tls_key;
static bool api_tls_key_ok; /* api_tls_key was created */
static pthread_once_t api_tls_once = PTHREAD_ONCE_INIT;

static void api_tls_free(void *stack)
{
	free(stack);
}

static void api_tls_key_init(void)
{
	api_tls_key_ok = pthread_key_create(&api_tls_key, api_tls_free) == 0;
}

struct api_ctx *api_ctx_current(const struct api_drv *d)
{
	if (api_tls.n == 0)
		return NULL;
	return api_ctx_find(d, api_tls.stack[api_tls.n - 1]);
}

/* Remove every occurrence of handle h from this thread's stack. */
static void api_tls_remove(CUcontext h)
{
	unsigned i, j = 0;

	for (i = 0; i < api_tls.n; i++)
		if (api_tls.stack[i] != h)
			api_tls.stack[j++] = api_tls.stack[i];
	api_tls.n = j;
}

/* Make room for one more entry; false when the host is out of memory. */
static bool api_tls_reserve(void)
{
	CUcontext *p;
	unsigned cap;

	if (api_tls.n < api_tls.cap)
		return true;
	cap = api_tls.cap ? api_tls.cap * 2 : 16;
	p = realloc(api_tls.stack, cap * sizeof(*p));
	if (!p)
		return false;
	pthread_once(&api_tls_once, api_tls_key_init);
	if (api_tls_key_ok)
		pthread_setspecific(api_tls_key, p);
	api_tls.stack = p;
	api_tls.cap = cap;
	return true;
}

static CUresult api_tls_push(const struct api_ctx *c)
{
	if (!api_tls_reserve())
		return CUDA_ERROR_OUT_OF_MEMORY;
	api_tls.stack[api_tls.n++] = api_ctx_handle(c);
	return CUDA_SUCCESS;
}

void api_ctx_add_alloc(struct api_ctx *c, CUdeviceptr p)
{
	VEC_PUSH(c->allocs, c->n_allocs, c->cap_allocs);
	c->allocs[c->n_allocs - 1] = p;
}

bool api_ctx_drop_alloc(struct api_ctx *c, CUdeviceptr p)
{
	for (size_t i = c->n_allocs; i-- > 0;) {
		if (c->allocs[i] == p) {
			c->allocs[i] = c->allocs[--c->n_allocs];
			return true;
		}
	}
	return false;
}

static struct api_ctx *api_ctx_new(struct api_drv *d, unsigned flags,
				    bool primary)
{
	struct api_ctx *c = xcalloc(1, sizeof(*c));

	c->h.kind = API_K_CTX;
	c->h.ctx = c;
	c->flags = flags;
	c->primary = primary;
	c->id = ++d->next_ctx_id;
	c->limits[CU_LIMIT_STACK_SIZE] = 1024;
	c->limits[CU_LIMIT_PRINTF_FIFO_SIZE] = 1 << 20;
	c->limits[CU_LIMIT_MALLOC_HEAP_SIZE] = 8 << 20;
	c->limits[CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH] = 2;
	c->limits[CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT] = 2048;
	c->limits[CU_LIMIT_MAX_L2_FETCH_GRANULARITY] = 64;
	c->heap = ws_heap_create(c->limits[CU_LIMIT_MALLOC_HEAP_SIZE]);
	api_live_add(d, &c->h);
	return c;
}

/*
 * Destroy c and what it owns.  Modules, streams and events are collected
 * first (a module's functions go with the module), then destroyed; the
 * device allocations are returned to the simulator.
 */
void api_ctx_destroy(struct api_drv *d, struct api_ctx *c)
{
	struct api_obj **owned = NULL;
	size_t n = 0, cap = 0, i;

	api_output_flush(d); /* CUDA flushes device printf at destruction */
	for (i = 0; i < d->n_live; i++) {
		struct api_obj *o = d->live[i];

		if (o->ctx != c || o->kind == API_K_CTX || o->kind == API_K_FUNC ||
		    (o->kind == API_K_ARRAY && ((struct CUarray_st *)o)->mip))
			continue; /* a mipmap level goes with its owner */
		VEC_PUSH(owned, n, cap);
		owned[n - 1] = o;
	}
	for (i = 0; i < n; i++) {
		if (owned[i]->kind == API_K_MOD)
			api_module_destroy(d, (struct CUmod_st *)owned[i]);
		else if (owned[i]->kind == API_K_STREAM)
			api_stream_destroy(d, (struct CUstream_st *)owned[i]);
		else if (owned[i]->kind == API_K_ARRAY)
			api_array_destroy(d, (struct CUarray_st *)owned[i]);
		else if (owned[i]->kind == API_K_TEXOBJ)
			api_texobj_destroy(d, (struct api_texobj *)owned[i]);
		else if (owned[i]->kind == API_K_MIPMAP)
			api_mipmap_destroy(d, (struct CUmipmappedArray_st *)
					   owned[i]);
		else
			api_event_destroy(d, (struct CUevent_st *)owned[i]);
	}
	free(owned);
	for (i = 0; i < c->n_allocs; i++)
		ws_mem_free(d->sim, c->allocs[i]);
	free(c->allocs);
	ws_heap_destroy(d->sim, c->heap);
	if (d->primary == c) {
		d->primary = NULL;
		d->primary_refs = 0;
	}
	api_tls_remove(api_ctx_handle(c));
	api_live_del(d, &c->h);
	free(c);
}

/* ======================================================================
 * Creation and destruction
 * ====================================================================== */

/* Shared by every cuCtxCreate version: make a context and push it. */
static CUresult api_ctx_create(CUcontext *pctx, unsigned flags, CUdevice dev,
			       const CUexecAffinityParam *aff, int n_aff)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pctx || (flags & ~(unsigned)CU_CTX_FLAGS_MASK) || n_aff < 0 ||
	    (n_aff > 0 && !aff))
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (dev != 0)
		return api_end(CUDA_ERROR_INVALID_DEVICE);
	for (int i = 0; i < n_aff; i++)
		if (aff[i].type != CU_EXEC_AFFINITY_TYPE_SM_COUNT)
			return api_end(CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY);
	if (!api_tls_reserve())
		return api_end(CUDA_ERROR_OUT_OF_MEMORY);
	c = api_ctx_new(d, flags, false);
	api_tls_push(c);
	*pctx = api_ctx_handle(c);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev)
{
	return api_ctx_create(pctx, flags, dev, NULL, 0);
}

CUresult CUDAAPI cuCtxCreate_v2(CUcontext *pctx, unsigned int flags,
				CUdevice dev)
{
	return api_ctx_create(pctx, flags, dev, NULL, 0);
}

CUresult CUDAAPI cuCtxCreate_v3(CUcontext *pctx,
				CUexecAffinityParam *paramsArray,
				int numParams, unsigned int flags, CUdevice dev)
{
	return api_ctx_create(pctx, flags, dev, paramsArray, numParams);
}

CUresult CUDAAPI cuCtxCreate_v4(CUcontext *pctx,
				CUctxCreateParams *ctxCreateParams,
				unsigned int flags, CUdevice dev)
{
	if (!ctxCreateParams)
		return api_ctx_create(pctx, flags, dev, NULL, 0);
	if (ctxCreateParams->cigParams) {
		struct api_drv *d;
		CUresult r = api_begin(&d);

		return r == CUDA_SUCCESS ? api_end(CUDA_ERROR_NOT_SUPPORTED) : r;
	}
	return api_ctx_create(pctx, flags, dev,
			      ctxCreateParams->execAffinityParams,
			      ctxCreateParams->numExecAffinityParams);
}

static CUresult api_ctx_destroy_api(CUcontext ctx)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	c = api_ctx_find(d, ctx);
	if (!c)
		return api_end(CUDA_ERROR_INVALID_CONTEXT);
	api_ctx_destroy(d, c);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuCtxDestroy(CUcontext ctx)
{
	return api_ctx_destroy_api(ctx);
}

CUresult CUDAAPI cuCtxDestroy_v2(CUcontext ctx)
{
	return api_ctx_destroy_api(ctx);
}

/* ======================================================================
 * The per-thread stack
 * ====================================================================== */

static CUresult api_ctx_push(CUcontext ctx)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	c = api_ctx_find(d, ctx);
	if (!c)
		return api_end(CUDA_ERROR_INVALID_CONTEXT);
	return api_end(api_tls_push(c));
}

CUresult CUDAAPI cuCtxPushCurrent(CUcontext ctx)
{
	return api_ctx_push(ctx);
}

CUresult CUDAAPI cuCtxPushCurrent_v2(CUcontext ctx)
{
	return api_ctx_push(ctx);
}

static CUresult api_ctx_pop(CUcontext *pctx)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	c = api_ctx_current(d);
	if (!c)
		return api_end(CUDA_ERROR_INVALID_CONTEXT);
	api_tls.n--;
	if (pctx)
		*pctx = api_ctx_handle(c);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuCtxPopCurrent(CUcontext *pctx)
{
	return api_ctx_pop(pctx);
}

CUresult CUDAAPI cuCtxPopCurrent_v2(CUcontext *pctx)
{
	return api_ctx_pop(pctx);
}

/* Replace the top of the stack; NULL pops it. */
CUresult CUDAAPI cuCtxSetCurrent(CUcontext ctx)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!ctx) {
		if (api_tls.n > 0)
			api_tls.n--;
		return api_end(CUDA_SUCCESS);
	}
	if (!api_ctx_find(d, ctx))
		return api_end(CUDA_ERROR_INVALID_CONTEXT);
	if (api_tls.n == 0) {
		if (!api_tls_reserve())
			return api_end(CUDA_ERROR_OUT_OF_MEMORY);
		api_tls.n = 1;
	}
	api_tls.stack[api_tls.n - 1] = ctx;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuCtxGetCurrent(CUcontext *pctx)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pctx)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*pctx = api_ctx_handle(api_ctx_current(d));
	return api_end(CUDA_SUCCESS);
}

/* ======================================================================
 * Queries and settings of the current context
 * ====================================================================== */

CUresult CUDAAPI cuCtxGetDevice(CUdevice *device)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	if (!device)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*device = 0;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuCtxGetFlags(unsigned int *flags)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	if (!flags)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*flags = c->flags;
	return api_end(CUDA_SUCCESS);
}

/* Only the flags cuCtxCreate accepts may be set. */
CUresult CUDAAPI cuCtxSetFlags(unsigned int flags)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	if (flags & ~(unsigned)CU_CTX_FLAGS_MASK)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	c->flags = flags;
	return api_end(CUDA_SUCCESS);
}

/* ctx NULL means the current context. */
CUresult CUDAAPI cuCtxGetId(CUcontext ctx, unsigned long long *ctxId)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	c = ctx ? api_ctx_find(d, ctx) : api_ctx_current(d);
	if (!c)
		return api_end(CUDA_ERROR_INVALID_CONTEXT);
	if (!ctxId)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*ctxId = c->id;
	return api_end(CUDA_SUCCESS);
}

/* There is no profiler to control; both calls succeed. */
CUresult CUDAAPI cuProfilerStart(void)
{
	return CUDA_SUCCESS;
}

CUresult CUDAAPI cuProfilerStop(void)
{
	return CUDA_SUCCESS;
}

CUresult CUDAAPI cuCtxGetApiVersion(CUcontext ctx, unsigned int *version)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!version)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (!(ctx ? api_ctx_find(d, ctx) : api_ctx_current(d)))
		return api_end(CUDA_ERROR_INVALID_CONTEXT);
	*version = 3020;
	return api_end(CUDA_SUCCESS);
}

/*
 * Every operation has completed by the time its call returns, so
 * synchronising only reports the context's sticky error.
 */
CUresult CUDAAPI cuCtxSynchronize(void)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	api_output_flush(d);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuCtxSetCacheConfig(CUfunc_cache config)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if ((unsigned)config > CU_FUNC_CACHE_PREFER_EQUAL)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	c->cache_config = config;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuCtxGetCacheConfig(CUfunc_cache *pconfig)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pconfig)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*pconfig = c->cache_config;
	return api_end(CUDA_SUCCESS);
}

/*
 * Limits are remembered and reported back.  CU_LIMIT_MALLOC_HEAP_SIZE
 * sizes the context's device heap (device-side malloc) and, as in CUDA,
 * cannot change once a kernel has used the heap (CUDA_ERROR_INVALID_VALUE);
 * the others do not change the simulation.
 */
CUresult CUDAAPI cuCtxSetLimit(CUlimit limit, size_t value)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if ((unsigned)limit >= CU_LIMIT_MAX)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (limit == CU_LIMIT_MALLOC_HEAP_SIZE &&
	    ws_heap_set_limit(c->heap, value) != WS_OK)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	c->limits[limit] = value;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuCtxGetLimit(size_t *pvalue, CUlimit limit)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pvalue || (unsigned)limit >= CU_LIMIT_MAX)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*pvalue = c->limits[limit];
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuCtxGetStreamPriorityRange(int *leastPriority,
					     int *greatestPriority)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (leastPriority)
		*leastPriority = 0;
	if (greatestPriority)
		*greatestPriority = 0;
	return api_end(CUDA_SUCCESS);
}

/* ======================================================================
 * Primary context
 * ====================================================================== */

CUresult CUDAAPI cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pctx)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (dev != 0)
		return api_end(CUDA_ERROR_INVALID_DEVICE);
	if (!d->primary)
		d->primary = api_ctx_new(d, d->primary_flags, true);
	d->primary_refs++;
	*pctx = api_ctx_handle(d->primary);
	return api_end(CUDA_SUCCESS);
}

static CUresult api_primary_release(CUdevice dev, bool reset)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (dev != 0)
		return api_end(CUDA_ERROR_INVALID_DEVICE);
	if (!d->primary)
		return api_end(reset ? CUDA_SUCCESS
				     : CUDA_ERROR_INVALID_CONTEXT);
	if (reset || --d->primary_refs == 0)
		api_ctx_destroy(d, d->primary);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease(CUdevice dev)
{
	return api_primary_release(dev, false);
}

CUresult CUDAAPI cuDevicePrimaryCtxRelease_v2(CUdevice dev)
{
	return api_primary_release(dev, false);
}

CUresult CUDAAPI cuDevicePrimaryCtxReset(CUdevice dev)
{
	return api_primary_release(dev, true);
}

CUresult CUDAAPI cuDevicePrimaryCtxReset_v2(CUdevice dev)
{
	return api_primary_release(dev, true);
}

static CUresult api_primary_flags(CUdevice dev, unsigned flags)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (dev != 0)
		return api_end(CUDA_ERROR_INVALID_DEVICE);
	if (flags & ~(unsigned)CU_CTX_FLAGS_MASK)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	d->primary_flags = flags;
	if (d->primary)
		d->primary->flags = flags;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags)
{
	return api_primary_flags(dev, flags);
}

CUresult CUDAAPI cuDevicePrimaryCtxSetFlags_v2(CUdevice dev,
					       unsigned int flags)
{
	return api_primary_flags(dev, flags);
}

CUresult CUDAAPI cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags,
					    int *active)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!flags || !active)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (dev != 0)
		return api_end(CUDA_ERROR_INVALID_DEVICE);
	*flags = d->primary_flags;
	*active = d->primary != NULL;
	return api_end(CUDA_SUCCESS);
}
