/*
 * rt_core.c - the runtime's process state: what nvcc's generated host code
 * registers at start-up (fat binaries, __global__ functions, __device__
 * variables), the <<<>>> call configuration, kernel launches, the primary
 * context (created on first use, dropped by cudaDeviceReset) and the
 * per-thread last error with CUDA's error names and texts.
 *
 * Registration runs in static constructors before main, so it only
 * records; modules are loaded lazily, on the first launch or symbol access
 * that needs them, in the then-current primary context (as CUDA's lazy
 * loading does).  A module that fails to load reports once on stderr,
 * naming the executable or library that holds the fat binary.
 */
#define _GNU_SOURCE 1 /* dladdr */
#include "rt/rt_int.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The one runtime object of the process (CUDA's runtime is a singleton). */
static struct rt_state rt_root = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
};

/* Per host thread: the last error and pushed <<<>>> configurations. */
#define RT_MAX_CONFIGS 16 /* nesting depth of pushed configurations */
struct rt_config {
	struct rt_dim3 grid;  /* grid extents */
	struct rt_dim3 block; /* block extents */
	size_t shmem;         /* dynamic shared bytes */
	cudaStream_t stream;  /* stream */
};
struct rt_thread {
	cudaError_t last;                      /* cudaGetLastError's value */
	struct rt_config cfg[RT_MAX_CONFIGS];  /* pushed configurations */
	unsigned n_cfg;                        /* entries used in cfg */
};
static _Thread_local struct rt_thread rt_self;

struct rt_state *rt_state_get(void)
{
	return &rt_root;
}

/* ==== errors ============================================================= */

/* Whether e is a kernel fault, which corrupts the context until reset. */
static bool rt_is_sticky(cudaError_t e)
{
	return e == cudaErrorIllegalAddress || e == cudaErrorLaunchTimeout ||
	       e == cudaErrorAssert || e == cudaErrorIllegalInstruction ||
	       e == cudaErrorMisalignedAddress || e == cudaErrorInvalidPc ||
	       e == cudaErrorLaunchFailure;
}

cudaError_t rt_ret(cudaError_t e)
{
	if (e == cudaSuccess)
		return e;
	rt_self.last = e;
	if (rt_is_sticky(e)) {
		pthread_mutex_lock(&rt_root.lock);
		if (rt_root.sticky == cudaSuccess)
			rt_root.sticky = e;
		pthread_mutex_unlock(&rt_root.lock);
	}
	return e;
}

/* The context's sticky error, cudaSuccess if none. */
static cudaError_t rt_sticky(void)
{
	cudaError_t e;

	pthread_mutex_lock(&rt_root.lock);
	e = rt_root.sticky;
	pthread_mutex_unlock(&rt_root.lock);
	return e;
}

/*
 * CUDA numbers the runtime's errors after the driver's for every code the
 * two share (CUDA_ERROR_INVALID_CONTEXT 201 is cudaErrorDeviceUninitialized,
 * CUDA_ERROR_NOT_FOUND 500 cudaErrorSymbolNotFound, CUDA_ERROR_ASSERT 710
 * cudaErrorAssert, ...), so the value carries over unchanged.
 */
cudaError_t rt_from_cu(CUresult r)
{
	return (cudaError_t)r;
}

cudaError_t rt_cu(CUresult r)
{
	return rt_ret(rt_from_cu(r));
}

RT_API const char *cudaGetErrorString(cudaError_t e)
{
	switch (e) {
#define RT_ERR(code, name, text) case code: return text;
#include "rt/rt_errors.def"
#undef RT_ERR
	default:
		return "unrecognized error code";
	}
}

RT_API const char *cudaGetErrorName(cudaError_t e)
{
	switch (e) {
#define RT_ERR(code, name, text) case code: return #name;
#include "rt/rt_errors.def"
#undef RT_ERR
	default:
		return "unrecognized error code";
	}
}

/*
 * The last error, reset to success; but a sticky error (a kernel fault)
 * cannot be reset: it is returned every time until cudaDeviceReset.
 */
RT_API cudaError_t cudaGetLastError(void)
{
	cudaError_t e = rt_self.last, s = rt_sticky();

	rt_self.last = cudaSuccess;
	return s != cudaSuccess ? s : e;
}

RT_API cudaError_t cudaPeekAtLastError(void)
{
	cudaError_t s = rt_sticky();

	return s != cudaSuccess ? s : rt_self.last;
}

/* ==== context ============================================================ */

/* Create the primary context (locked); error code. */
static cudaError_t rt_init_locked(struct rt_state *s)
{
	CUdevice dev;
	CUresult r = cuInit(0);

	if (r == CUDA_SUCCESS)
		r = cuDeviceGet(&dev, s->device);
	if (r == CUDA_SUCCESS)
		r = cuDevicePrimaryCtxRetain(&s->ctx, dev);
	if (r != CUDA_SUCCESS) {
		s->ctx = NULL;
		return r == CUDA_ERROR_NO_DEVICE ? cudaErrorNoDevice
						 : cudaErrorInitializationError;
	}
	s->gen++;
	return cudaSuccess;
}

cudaError_t rt_enter(void)
{
	struct rt_state *s = &rt_root;
	CUcontext cur = NULL;
	cudaError_t e = cudaSuccess;

	pthread_mutex_lock(&s->lock);
	if (!s->ctx)
		e = rt_init_locked(s);
	if (e == cudaSuccess && (cuCtxGetCurrent(&cur) != CUDA_SUCCESS ||
				 cur != s->ctx))
		e = rt_from_cu(cuCtxSetCurrent(s->ctx));
	pthread_mutex_unlock(&s->lock);
	return rt_ret(e);
}

/*
 * Destroy the primary context and everything in it: allocations, modules,
 * streams, events and a sticky error.  The next runtime call creates a
 * fresh context and reloads modules on demand.
 */
RT_API cudaError_t cudaDeviceReset(void)
{
	struct rt_state *s = &rt_root;
	CUresult r = CUDA_SUCCESS;

	pthread_mutex_lock(&s->lock);
	if (s->ctx) {
		r = cuDevicePrimaryCtxReset(s->device); /* drops our retain */
		s->ctx = NULL;
		for (size_t i = 0; i < s->n_fbs; i++)
			s->fbs[i]->mod = NULL;
		for (size_t i = 0; i < s->n_funcs; i++)
			s->funcs[i]->f = NULL;
	}
	s->sticky = cudaSuccess;
	pthread_mutex_unlock(&s->lock);
	rt_self.last = cudaSuccess;
	return rt_cu(r);
}

/* ==== registration ======================================================= */

RT_API void **__cudaRegisterFatBinary(void *fatCubin)
{
	struct rt_state *s = &rt_root;
	struct rt_fatbin *fb = calloc(1, sizeof(*fb));

	if (!fb)
		abort();
	fb->wrapper = fatCubin;
	pthread_mutex_lock(&s->lock);
	s->fbs = realloc(s->fbs, (s->n_fbs + 1) * sizeof(*s->fbs));
	if (!s->fbs)
		abort();
	s->fbs[s->n_fbs++] = fb;
	pthread_mutex_unlock(&s->lock);
	return (void **)fb;
}

RT_API void __cudaRegisterFatBinaryEnd(void **fatCubinHandle)
{
	(void)fatCubinHandle; /* modules load lazily */
}

/*
 * Called from atexit: the program is ending, so the module is not
 * unloaded (the driver tears everything down after the last handler);
 * the binary is only marked so no later lookup loads it.
 */
RT_API void __cudaUnregisterFatBinary(void **fatCubinHandle)
{
	struct rt_fatbin *fb = (struct rt_fatbin *)fatCubinHandle;

	pthread_mutex_lock(&rt_root.lock);
	if (fb)
		fb->dead = true;
	pthread_mutex_unlock(&rt_root.lock);
}

static char *rt_strdup(const char *p)
{
	char *q = strdup(p ? p : "");

	if (!q)
		abort();
	return q;
}

RT_API void __cudaRegisterFunction(void **fatCubinHandle, const char *hostFun,
				   char *deviceFun, const char *deviceName,
				   int thread_limit, void *tid, void *bid,
				   void *bDim, void *gDim, int *wSize)
{
	struct rt_state *s = &rt_root;
	struct rt_func *f;

	pthread_mutex_lock(&s->lock);
	if (s->n_funcs == s->cap_funcs) {
		s->cap_funcs = s->cap_funcs ? 2 * s->cap_funcs : 32;
		s->funcs = realloc(s->funcs, s->cap_funcs * sizeof(*s->funcs));
		if (!s->funcs)
			abort();
	}
	f = calloc(1, sizeof(*f));
	if (!f)
		abort();
	s->funcs[s->n_funcs++] = f;
	f->host_fun = hostFun;
	f->name = rt_strdup(deviceName ? deviceName : deviceFun);
	f->fb = (struct rt_fatbin *)fatCubinHandle;
	pthread_mutex_unlock(&s->lock);
}

RT_API void __cudaRegisterVar(void **fatCubinHandle, char *hostVar,
			      char *deviceAddress, const char *deviceName,
			      int ext, size_t size, int constant, int global)
{
	struct rt_state *s = &rt_root;
	struct rt_var *v;

	pthread_mutex_lock(&s->lock);
	if (s->n_vars == s->cap_vars) {
		s->cap_vars = s->cap_vars ? 2 * s->cap_vars : 32;
		s->vars = realloc(s->vars, s->cap_vars * sizeof(*s->vars));
		if (!s->vars)
			abort();
	}
	v = &s->vars[s->n_vars++];
	v->host_var = hostVar;
	v->name = rt_strdup(deviceName ? deviceName : deviceAddress);
	v->size = size;
	v->fb = (struct rt_fatbin *)fatCubinHandle;
	pthread_mutex_unlock(&s->lock);
}

/*
 * Managed variables need device memory the host can address; warpsim's
 * device memory is not, so the registration is refused on stderr and the
 * host pointer is left NULL (a use faults at once rather than silently
 * reading stale data).
 */
RT_API void __cudaRegisterManagedVar(void **fatCubinHandle,
				     void **hostVarPtrAddress,
				     char *deviceAddress,
				     const char *deviceName, int ext,
				     size_t size, int constant, int global)
{
	fprintf(stderr, "warpsim: libcudart: __managed__ variable '%s' is not "
			"supported (simulated memory is not host-addressable)\n",
		deviceName ? deviceName : "?");
	if (hostVarPtrAddress)
		*hostVarPtrAddress = NULL;
}

/* Texture and surface references: not modelled by this runtime. */
RT_API void __cudaRegisterTexture(void **fatCubinHandle, const void *hostVar,
				  const void **deviceAddress,
				  const char *deviceName, int dim, int norm,
				  int ext)
{
	fprintf(stderr, "warpsim: libcudart: texture reference '%s' is not "
			"supported\n", deviceName ? deviceName : "?");
}

RT_API void __cudaRegisterSurface(void **fatCubinHandle, const void *hostVar,
				  const void **deviceAddress,
				  const char *deviceName, int dim, int ext)
{
	fprintf(stderr, "warpsim: libcudart: surface reference '%s' is not "
			"supported\n", deviceName ? deviceName : "?");
}

/* Load fb in the current context (locked); error code. */
static cudaError_t rt_fatbin_load(struct rt_state *s, struct rt_fatbin *fb)
{
	Dl_info info;
	CUresult r;

	if (fb->mod && fb->gen == s->gen)
		return cudaSuccess;
	if (fb->dead)
		return cudaErrorCudartUnloading;
	r = cuModuleLoadData(&fb->mod, fb->wrapper);
	if (r == CUDA_SUCCESS) {
		fb->gen = s->gen;
		fb->load_err = cudaSuccess;
		return cudaSuccess;
	}
	fb->mod = NULL;
	if (fb->load_err == cudaSuccess) {
		const char *who = "the program";

		if (dladdr(fb->wrapper, &info) && info.dli_fname &&
		    info.dli_fname[0])
			who = info.dli_fname;
		fprintf(stderr, "warpsim: libcudart: cannot load the device "
				"code embedded in %s (%s)\n",
			who, cudaGetErrorString(rt_from_cu(r)));
	}
	fb->load_err = rt_from_cu(r);
	return fb->load_err;
}

RT_API char __cudaInitModule(void **fatCubinHandle)
{
	struct rt_state *s = &rt_root;
	cudaError_t e = rt_enter();

	if (e != cudaSuccess)
		return 0;
	pthread_mutex_lock(&s->lock);
	e = rt_fatbin_load(s, (struct rt_fatbin *)fatCubinHandle);
	pthread_mutex_unlock(&s->lock);
	return e == cudaSuccess;
}

/* The registration record for a host stub or a cudaKernel_t (locked). */
static struct rt_func *rt_func_find(struct rt_state *s, const void *key)
{
	for (size_t i = 0; i < s->n_funcs; i++)
		if (s->funcs[i]->host_fun == key ||
		    (const void *)s->funcs[i] == key)
			return s->funcs[i];
	return NULL;
}

CUfunction rt_func_get(const void *host_fun, cudaError_t *err)
{
	struct rt_state *s = &rt_root;
	struct rt_func *f;
	CUfunction fn = NULL;

	*err = rt_enter();
	if (*err != cudaSuccess)
		return NULL;
	pthread_mutex_lock(&s->lock);
	f = rt_func_find(s, host_fun);
	if (!f) {
		*err = cudaErrorInvalidDeviceFunction;
	} else if (f->f && f->gen == s->gen) {
		fn = f->f;
	} else {
		*err = rt_fatbin_load(s, f->fb);
		if (*err == cudaSuccess)
			*err = rt_from_cu(cuModuleGetFunction(&f->f, f->fb->mod,
							      f->name));
		if (*err == cudaSuccess) {
			f->gen = s->gen;
			fn = f->f;
		} else {
			f->f = NULL;
		}
	}
	pthread_mutex_unlock(&s->lock);
	return fn;
}

cudaError_t rt_symbol(const void *symbol, CUdeviceptr *dptr, size_t *size)
{
	struct rt_state *s = &rt_root;
	struct rt_var *v = NULL;
	cudaError_t e = rt_enter();
	size_t bytes = 0;

	if (e != cudaSuccess)
		return e;
	pthread_mutex_lock(&s->lock);
	for (size_t i = 0; i < s->n_vars && !v; i++)
		if (s->vars[i].host_var == symbol)
			v = &s->vars[i];
	if (!v)
		e = cudaErrorInvalidSymbol;
	else
		e = rt_fatbin_load(s, v->fb);
	if (e == cudaSuccess)
		e = rt_from_cu(cuModuleGetGlobal(dptr, &bytes, v->fb->mod,
						 v->name));
	pthread_mutex_unlock(&s->lock);
	if (size)
		*size = bytes;
	return rt_ret(e);
}

/* ==== launches =========================================================== */

RT_API unsigned __cudaPushCallConfiguration(struct rt_dim3 gridDim,
					    struct rt_dim3 blockDim,
					    size_t sharedMem,
					    struct CUstream_st *stream)
{
	struct rt_config *c;

	if (rt_self.n_cfg == RT_MAX_CONFIGS)
		return 1;
	c = &rt_self.cfg[rt_self.n_cfg++];
	c->grid = gridDim;
	c->block = blockDim;
	c->shmem = sharedMem;
	c->stream = stream;
	return 0;
}

RT_API cudaError_t __cudaPopCallConfiguration(struct rt_dim3 *gridDim,
					      struct rt_dim3 *blockDim,
					      size_t *sharedMem, void *stream)
{
	struct rt_config *c;

	if (rt_self.n_cfg == 0)
		return rt_ret(cudaErrorMissingConfiguration);
	c = &rt_self.cfg[--rt_self.n_cfg];
	*gridDim = c->grid;
	*blockDim = c->block;
	*sharedMem = c->shmem;
	*(cudaStream_t *)stream = c->stream;
	return cudaSuccess;
}

/* Launch the kernel registered for key; error code (recorded). */
static cudaError_t rt_launch(const void *key, struct rt_dim3 g,
			     struct rt_dim3 b, void **args, size_t shmem,
			     cudaStream_t stream, bool cooperative)
{
	cudaError_t e;
	CUfunction f = rt_func_get(key, &e);
	CUresult r;

	if (!f)
		return rt_ret(e);
	if (g.x == 0 || g.y == 0 || g.z == 0 || b.x == 0 || b.y == 0 ||
	    b.z == 0 || shmem > 0xffffffffu)
		return rt_ret(cudaErrorInvalidConfiguration);
	if (cooperative)
		r = cuLaunchCooperativeKernel(f, g.x, g.y, g.z, b.x, b.y, b.z,
					      (unsigned)shmem, stream, args);
	else
		r = cuLaunchKernel(f, g.x, g.y, g.z, b.x, b.y, b.z,
				   (unsigned)shmem, stream, args, NULL);
	if (r == CUDA_ERROR_INVALID_VALUE)
		return rt_ret(cudaErrorInvalidConfiguration);
	return rt_cu(r);
}

RT_API cudaError_t cudaLaunchKernel(const void *func, struct rt_dim3 gridDim,
				    struct rt_dim3 blockDim, void **args,
				    size_t sharedMem, cudaStream_t stream)
{
	return rt_launch(func, gridDim, blockDim, args, sharedMem, stream,
			 false);
}

RT_ALIAS(cudaLaunchKernel_ptsz, cudaLaunchKernel)

RT_API cudaError_t cudaLaunchCooperativeKernel(const void *func,
					       struct rt_dim3 gridDim,
					       struct rt_dim3 blockDim,
					       void **args, size_t sharedMem,
					       cudaStream_t stream)
{
	return rt_launch(func, gridDim, blockDim, args, sharedMem, stream,
			 true);
}

/* nvcc 13's <<<>>>: a cudaKernel_t per stub, then __cudaLaunchKernel. */
RT_API cudaError_t __cudaGetKernel(void **kernel, const void *func)
{
	struct rt_state *s = &rt_root;
	struct rt_func *f;

	pthread_mutex_lock(&s->lock);
	f = rt_func_find(s, func);
	pthread_mutex_unlock(&s->lock);
	if (!f)
		return rt_ret(cudaErrorInvalidDeviceFunction);
	*kernel = f;
	return cudaSuccess;
}

RT_API cudaError_t __cudaLaunchKernel(void *kernel, struct rt_dim3 gridDim,
				      struct rt_dim3 blockDim, void **args,
				      size_t sharedMem, cudaStream_t stream)
{
	if (!kernel)
		return rt_ret(cudaErrorInvalidDeviceFunction);
	return rt_launch(kernel, gridDim, blockDim, args, sharedMem, stream,
			 false);
}

RT_ALIAS(__cudaLaunchKernel_ptsz, __cudaLaunchKernel)
RT_ALIAS(cudaLaunchCooperativeKernel_ptsz, cudaLaunchCooperativeKernel)
