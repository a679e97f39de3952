/*
 * api_module.c - modules, functions and kernel launches.
 *
 * Modules are PTX text (cubin and fatbin images are rejected) loaded by
 * ws_module_load; a load error is printed to stderr with its
 * file:line:col position.  cuLaunchKernel stages the parameters in the
 * layout ws_kernel_param gives, checks the launch limits, and runs the
 * kernel to completion; a cooperative launch (cuLaunchCooperativeKernel, or
 * cuLaunchKernelEx with CU_LAUNCH_ATTRIBUTE_COOPERATIVE) must also fit on
 * the device all at once.  The occupancy calls use the dispatcher's own
 * residency rule (ws_ctas_per_sm).  As on real hardware the launch call itself
 * succeeds when the kernel faults at run time; the fault becomes the
 * context's sticky error, returned by the next synchronising call and by
 * every later call on that context.
 */
#include "base/base.h"

#include "api/api_int.h"
#include "base/diag.h"
#include "ptx/ir.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#define API_FATBIN_MAGIC 0xBA55ED50u /* first word of a fatbin file */

/* ======================================================================
 * Loading
 * ====================================================================== */

/* Whether text starts like a binary image rather than PTX. */
static bool api_is_binary(const char *text, size_t len)
{
	uint32_t w = 0;

	if (len >= 4 && memcmp(text, "\x7f" "ELF", 4) == 0)
		return true;
	if (len >= 4)
		memcpy(&w, text, 4);
	return w == API_FATBIN_MAGIC;
}

/* Bytes of an in-memory image: PTX text, or a fat binary (unbounded). */
static size_t api_image_len(const void *image)
{
	return api_fatbin_is(image) ? SIZE_MAX : strlen(image);
}

/*
 * Load len bytes of PTX into the current context.  On failure the
 * diagnostic goes to stderr and, if errlog is given, into that buffer.
 */
static CUresult api_load(CUmodule *module, const char *text, size_t len,
			 const char *name, char *errlog, size_t errlog_size)
{
	struct api_drv *d;
	struct api_ctx *c;
	struct ws_module *wm = NULL;
	struct CUmod_st *m;
	struct diag dg;
	char *fb_ptx = NULL; /* PTX taken out of a fat binary */
	int st;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	diag_init(&dg);
	if (len >= 4 && api_fatbin_is(text)) {
		bool sass_only;

		text = fb_ptx = api_fatbin_ptx(text, len, &len, &sass_only,
					       &dg);
		if (!text) {
			fprintf(stderr, "warpsim: %s: %s", name, diag_text(&dg));
			diag_release(&dg);
			return api_end(sass_only ? CUDA_ERROR_NO_BINARY_FOR_GPU
						 : CUDA_ERROR_INVALID_IMAGE);
		}
	}
	if (api_is_binary(text, len)) {
		fprintf(stderr, "warpsim: %s: only PTX text and fat binaries "
				"holding PTX are supported (got a cubin)\n",
			name);
		diag_release(&dg);
		return api_end(CUDA_ERROR_INVALID_IMAGE);
	}
	st = ws_module_load(d->sim, text, len, name, &wm, &dg);
	free(fb_ptx);
	if (st != WS_OK || !wm) {
		api_print_diag(&dg);
		if (errlog && errlog_size > 0)
			snprintf(errlog, errlog_size, "%s", diag_text(&dg));
		diag_release(&dg);
		if (st == WS_E_OOM)
			return api_end(CUDA_ERROR_OUT_OF_MEMORY);
		return api_end(CUDA_ERROR_INVALID_PTX);
	}
	diag_release(&dg);
	m = xcalloc(1, sizeof(*m));
	m->h.kind = API_K_MOD;
	m->h.ctx = c;
	m->wm = wm;
	api_live_add(d, &m->h);
	*module = m;
	return api_end(CUDA_SUCCESS);
}

/* Read a whole file; NULL with errno set on failure. */
static char *api_read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0, got;

	if (!f)
		return NULL;
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 65536;
			buf = xrealloc(buf, cap);
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		free(buf);
		fclose(f);
		errno = EIO;
		return NULL;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

CUresult CUDAAPI cuModuleLoad(CUmodule *module, const char *fname)
{
	struct api_drv *d;
	struct api_ctx *c;
	char *text;
	size_t len = 0;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	api_end(CUDA_SUCCESS); /* api_load locks again */
	if (!module || !fname)
		return CUDA_ERROR_INVALID_VALUE;
	text = api_read_file(fname, &len);
	if (!text)
		return CUDA_ERROR_FILE_NOT_FOUND;
	r = api_load(module, text, len, fname, NULL, 0);
	free(text);
	return r;
}

CUresult CUDAAPI cuModuleLoadData(CUmodule *module, const void *image)
{
	if (!module || !image)
		return cuModuleLoadDataEx(NULL, NULL, 0, NULL, NULL);
	return api_load(module, image, api_image_len(image), "<cuModuleLoadData>",
			NULL, 0);
}

/*
 * Options are accepted and ignored, except that a CU_JIT_ERROR_LOG_BUFFER
 * receives the diagnostic of a failed load.
 */
CUresult CUDAAPI cuModuleLoadDataEx(CUmodule *module, const void *image,
				    unsigned int numOptions,
				    CUjit_option *options, void **optionValues)
{
	char *errlog = NULL;
	size_t errlog_size = 0;

	if (!module || !image || (numOptions > 0 && (!options || !optionValues))) {
		struct api_drv *d;
		struct api_ctx *c;
		CUresult r = api_enter(&d, &c, API_STRICT);

		return r != CUDA_SUCCESS ? r : api_end(CUDA_ERROR_INVALID_VALUE);
	}
	for (unsigned i = 0; i < numOptions; i++) {
		if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
			errlog = optionValues[i];
		else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
			errlog_size = (size_t)(uintptr_t)optionValues[i];
	}
	return api_load(module, image, api_image_len(image),
			"<cuModuleLoadDataEx>",
			errlog, errlog_size);
}

void api_module_destroy(struct api_drv *d, struct CUmod_st *m)
{
	for (size_t i = 0; i < m->n_funcs; i++) {
		api_live_del(d, &m->funcs[i]->h);
		free(m->funcs[i]);
	}
	free(m->funcs);
	ws_module_unload(d->sim, m->wm);
	api_live_del(d, &m->h);
	free(m);
}

CUresult CUDAAPI cuModuleUnload(CUmodule hmod)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(d, hmod, API_K_MOD))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	api_module_destroy(d, hmod);
	return api_end(c->sticky);
}

/* The function object for kernel k of m, made on first request. */
static struct CUfunc_st *api_func_get(struct api_drv *d, struct CUmod_st *m,
				      const struct ptx_kernel *k)
{
	struct CUfunc_st *f;

	for (size_t i = 0; i < m->n_funcs; i++)
		if (m->funcs[i]->k == k)
			return m->funcs[i];
	f = xcalloc(1, sizeof(*f));
	f->h.kind = API_K_FUNC;
	f->h.ctx = m->h.ctx;
	f->mod = m;
	f->k = k;
	ws_kernel_info(d->sim, k, &f->info);
	f->max_dyn_shared = d->props.shared_per_block > f->info.shared_bytes
				    ? d->props.shared_per_block -
					      f->info.shared_bytes
				    : 0;
	f->carveout = CU_SHAREDMEM_CARVEOUT_DEFAULT;
	VEC_PUSH(m->funcs, m->n_funcs, m->cap_funcs);
	m->funcs[m->n_funcs - 1] = f;
	api_live_add(d, &f->h);
	return f;
}

CUresult CUDAAPI cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
				     const char *name)
{
	struct api_drv *d;
	struct api_ctx *c;
	const struct ptx_kernel *k;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!hfunc || !name)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (!api_live_has(d, hmod, API_K_MOD))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	k = ws_module_kernel(hmod->wm, name);
	if (!k)
		return api_end(CUDA_ERROR_NOT_FOUND);
	*hfunc = api_func_get(d, hmod, k);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuModuleGetGlobal_v2(CUdeviceptr *dptr, size_t *bytes,
				      CUmodule hmod, const char *name)
{
	struct api_drv *d;
	struct api_ctx *c;
	ws_addr a;
	uint64_t size;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!name)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (!api_live_has(d, hmod, API_K_MOD))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	if (ws_module_global(hmod->wm, name, &a, &size) != WS_OK)
		return api_end(CUDA_ERROR_NOT_FOUND);
	if (dptr)
		*dptr = a;
	if (bytes)
		*bytes = (size_t)size;
	return api_end(CUDA_SUCCESS);
}

/* ======================================================================
 * Function attributes
 * ====================================================================== */

/* Begin a call about function f (on the current context). */
static CUresult api_func_enter(struct api_drv **d, CUfunction f)
{
	struct api_ctx *c;
	CUresult r = api_enter(d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(*d, f, API_K_FUNC))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	return CUDA_SUCCESS;
}

CUresult CUDAAPI cuFuncGetAttribute(int *pi, CUfunction_attribute attrib,
				    CUfunction hfunc)
{
	struct api_drv *d;
	const struct ws_kernel_info *in;
	int v;
	CUresult r = api_func_enter(&d, hfunc);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pi)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	in = &hfunc->info;
	switch (attrib) {
	case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
		v = (int)in->max_threads;
		break;
	case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
		v = (int)in->shared_bytes;
		break;
	case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
		v = (int)in->const_bytes;
		break;
	case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
		v = (int)in->local_bytes;
		break;
	case CU_FUNC_ATTRIBUTE_NUM_REGS:
		v = (int)in->regs_per_thread;
		break;
	case CU_FUNC_ATTRIBUTE_PTX_VERSION:
	case CU_FUNC_ATTRIBUTE_BINARY_VERSION:
		v = (int)(d->props.cc_major * 10 + d->props.cc_minor);
		break;
	case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
		v = (int)hfunc->max_dyn_shared;
		break;
	case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
		v = hfunc->carveout;
		break;
	case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA:
	case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET:
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
	case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
	case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
	case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
		v = 0;
		break;
	default:
		return api_end(CUDA_ERROR_INVALID_VALUE);
	}
	*pi = v;
	return api_end(CUDA_SUCCESS);
}

/*
 * The dynamic shared memory limit may be set up to what the device offers a
 * block beyond the kernel's static shared memory; the carveout is
 * remembered.  Other attributes are read-only.
 */
CUresult CUDAAPI cuFuncSetAttribute(CUfunction hfunc,
				    CUfunction_attribute attrib, int value)
{
	struct api_drv *d;
	CUresult r = api_func_enter(&d, hfunc);

	if (r != CUDA_SUCCESS)
		return r;
	switch (attrib) {
	case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
		if (value < 0 || (uint64_t)value + hfunc->info.shared_bytes >
					 d->props.shared_per_block)
			return api_end(CUDA_ERROR_INVALID_VALUE);
		hfunc->max_dyn_shared = (unsigned)value;
		return api_end(CUDA_SUCCESS);
	case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
		if (value < -1 || value > 100)
			return api_end(CUDA_ERROR_INVALID_VALUE);
		hfunc->carveout = value;
		return api_end(CUDA_SUCCESS);
	default:
		return api_end(CUDA_ERROR_INVALID_VALUE);
	}
}

CUresult CUDAAPI cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config)
{
	struct api_drv *d;
	CUresult r = api_func_enter(&d, hfunc);

	if (r != CUDA_SUCCESS)
		return r;
	if ((unsigned)config > CU_FUNC_CACHE_PREFER_EQUAL)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	hfunc->cache_config = config;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuFuncGetName(const char **name, CUfunction hfunc)
{
	struct api_drv *d;
	CUresult r = api_func_enter(&d, hfunc);

	if (r != CUDA_SUCCESS)
		return r;
	if (!name)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*name = hfunc->k->name;
	return api_end(CUDA_SUCCESS);
}

/*
 * Resident blocks per SM for a block size (locked): the simulator's
 * dispatcher rule (threads, warps, blocks, shared memory and registers
 * per SM, registers per thread by liveness), so the answer matches what
 * runs.  0 when one block cannot run at all.
 */
static unsigned api_occ_blocks(const struct api_drv *d,
			       const struct CUfunc_st *f, unsigned block,
			       size_t dyn)
{
	const struct ws_device_props *p = &d->props;

	if (block == 0 || block > p->max_threads_per_block ||
	    (f->info.max_threads && block > f->info.max_threads))
		return 0;
	if (dyn > p->shared_per_block ||
	    dyn + f->info.shared_bytes > p->shared_per_block)
		return 0;
	return ws_ctas_per_sm(d->sim, f->k, block, (unsigned)dyn);
}

static CUresult api_occ_active(int *numBlocks, CUfunction func, int blockSize,
			       size_t dyn, unsigned flags)
{
	struct api_drv *d;
	CUresult r = api_func_enter(&d, func);

	if (r != CUDA_SUCCESS)
		return r;
	if (!numBlocks || blockSize <= 0 ||
	    (flags & ~(unsigned)CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE))
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*numBlocks = (int)api_occ_blocks(d, func, (unsigned)blockSize, dyn);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessor(
	int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize)
{
	return api_occ_active(numBlocks, func, blockSize, dynamicSMemSize, 0);
}

CUresult CUDAAPI cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
	int *numBlocks, CUfunction func, int blockSize, size_t dynamicSMemSize,
	unsigned int flags)
{
	return api_occ_active(numBlocks, func, blockSize, dynamicSMemSize,
			      flags);
}

/*
 * The block size (a multiple of the warp size, or the limit itself when
 * that is below a warp) with the most resident threads per SM; ties go to
 * the larger block.  minGridSize is the grid that fills every SM.  The
 * callback is user code, so it runs with the lock released: the sizes are
 * found first, the callback is asked for each, then the lock is retaken.
 */
static CUresult api_occ_potential(int *minGridSize, int *blockSize,
				  CUfunction func, CUoccupancyB2DSize b2d,
				  size_t dyn, int limit, unsigned flags)
{
	struct api_drv *d;
	unsigned max, warp, n, best = 0, best_blocks = 0;
	uint64_t best_threads = 0;
	size_t *dyns = NULL;
	CUresult r = api_func_enter(&d, func);

	if (r != CUDA_SUCCESS)
		return r;
	if (!minGridSize || !blockSize || limit < 0 ||
	    (flags & ~(unsigned)CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE))
		return api_end(CUDA_ERROR_INVALID_VALUE);
	warp = MAX(d->props.warp_size, 1u);
	max = d->props.max_threads_per_block;
	if (func->info.max_threads)
		max = MIN(max, func->info.max_threads);
	if (limit > 0)
		max = MIN(max, (unsigned)limit);
	api_end(CUDA_SUCCESS);

	n = max >= warp ? max / warp : 1; /* candidate sizes */
	if (b2d) {
		dyns = xmalloc(n * sizeof(*dyns));
		for (unsigned i = 0; i < n; i++)
			dyns[i] = b2d((int)(max >= warp ? (i + 1) * warp : max));
	}
	r = api_func_enter(&d, func);
	if (r != CUDA_SUCCESS) {
		free(dyns);
		return r;
	}
	for (unsigned i = n; i-- > 0;) {
		unsigned bs = max >= warp ? (i + 1) * warp : max;
		unsigned blocks = api_occ_blocks(d, func, bs,
						 dyns ? dyns[i] : dyn);

		if ((uint64_t)blocks * bs > best_threads) {
			best_threads = (uint64_t)blocks * bs;
			best = bs;
			best_blocks = blocks;
		}
	}
	free(dyns);
	*blockSize = (int)best;
	*minGridSize = (int)MIN((uint64_t)best_blocks * d->props.n_sm,
				(uint64_t)INT32_MAX);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuOccupancyMaxPotentialBlockSize(
	int *minGridSize, int *blockSize, CUfunction func,
	CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
	int blockSizeLimit)
{
	return api_occ_potential(minGridSize, blockSize, func,
				 blockSizeToDynamicSMemSize, dynamicSMemSize,
				 blockSizeLimit, 0);
}

CUresult CUDAAPI cuOccupancyMaxPotentialBlockSizeWithFlags(
	int *minGridSize, int *blockSize, CUfunction func,
	CUoccupancyB2DSize blockSizeToDynamicSMemSize, size_t dynamicSMemSize,
	int blockSizeLimit, unsigned int flags)
{
	return api_occ_potential(minGridSize, blockSize, func,
				 blockSizeToDynamicSMemSize, dynamicSMemSize,
				 blockSizeLimit, flags);
}

/*
 * The most dynamic shared memory a block may use with numBlocks blocks of
 * blockSize threads resident per SM: a binary search over the dispatcher
 * rule, which is monotone in the shared memory asked for.
 */
CUresult CUDAAPI cuOccupancyAvailableDynamicSMemPerBlock(
	size_t *dynamicSmemSize, CUfunction func, int numBlocks, int blockSize)
{
	struct api_drv *d;
	size_t lo = 0, hi;
	CUresult r = api_func_enter(&d, func);

	if (r != CUDA_SUCCESS)
		return r;
	if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (api_occ_blocks(d, func, (unsigned)blockSize, 0) < (unsigned)numBlocks) {
		*dynamicSmemSize = 0;
		return api_end(CUDA_SUCCESS);
	}
	hi = d->props.shared_per_block > func->info.shared_bytes
		     ? d->props.shared_per_block - func->info.shared_bytes
		     : 0;
	while (lo < hi) { /* largest size that still fits numBlocks */
		size_t mid = lo + (hi - lo + 1) / 2;

		if (api_occ_blocks(d, func, (unsigned)blockSize, mid) >=
		    (unsigned)numBlocks)
			lo = mid;
		else
			hi = mid - 1;
	}
	*dynamicSmemSize = lo;
	return api_end(CUDA_SUCCESS);
}

/* ======================================================================
 * Launch
 * ====================================================================== */

/* Make the staging buffer hold at least n bytes. */
static unsigned char *api_param_buf(struct api_drv *d, size_t n)
{
	if (d->cap_params < n || !d->params) {
		d->cap_params = MAX(n, (size_t)4096);
		d->params = xrealloc(d->params, d->cap_params);
	}
	return d->params;
}

/*
 * Build the parameter buffer from either kernelParams (one pointer per
 * parameter) or extra (CU_LAUNCH_PARAM_* pairs); exactly one form may be
 * given, and a kernel with parameters needs one of them.
 */
static CUresult api_params(struct api_drv *d, const struct CUfunc_st *f,
			   void **kp, void **extra, const void **buf,
			   size_t *len)
{
	unsigned n = f->info.n_params, off, size;
	unsigned char *b;

	*len = f->info.param_bytes;
	*buf = NULL;
	if (kp && extra)
		return CUDA_ERROR_INVALID_VALUE;
	if (extra) {
		const void *ptr = NULL;
		const size_t *psize = NULL;

		for (size_t i = 0; extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
			if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER)
				ptr = extra[i + 1];
			else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE)
				psize = extra[i + 1];
			else
				return CUDA_ERROR_INVALID_VALUE;
		}
		if (*len == 0)
			return CUDA_SUCCESS;
		if (!ptr || !psize || *psize < *len)
			return CUDA_ERROR_INVALID_VALUE;
		*buf = ptr;
		return CUDA_SUCCESS;
	}
	if (*len == 0 && n == 0)
		return CUDA_SUCCESS;
	if (!kp)
		return CUDA_ERROR_INVALID_VALUE;
	b = api_param_buf(d, *len);
	memset(b, 0, *len);
	for (unsigned i = 0; i < n; i++) {
		if (ws_kernel_param(f->k, i, &off, &size) != WS_OK ||
		    (size_t)off + size > *len)
			return CUDA_ERROR_INVALID_VALUE;
		if (!kp[i])
			return CUDA_ERROR_INVALID_VALUE;
		memcpy(b + off, kp[i], size);
	}
	*buf = b;
	return CUDA_SUCCESS;
}

/* Check the launch shape against the device and the kernel. */
static CUresult api_launch_check(const struct api_drv *d,
				 const struct CUfunc_st *f,
				 const struct ws_launch *l)
{
	const struct ws_device_props *p = &d->props;
	uint64_t threads = 1;

	for (int i = 0; i < 3; i++) {
		if (l->grid[i] == 0 || l->block[i] == 0 ||
		    l->grid[i] > p->max_grid_dim[i] ||
		    l->block[i] > p->max_block_dim[i])
			return CUDA_ERROR_INVALID_VALUE;
		threads *= l->block[i];
	}
	if (threads > p->max_threads_per_block)
		return CUDA_ERROR_INVALID_VALUE;
	if (l->dyn_shared > f->max_dyn_shared ||
	    (uint64_t)l->dyn_shared + f->info.shared_bytes > p->shared_per_block)
		return CUDA_ERROR_INVALID_VALUE;
	if (f->info.max_threads && threads > f->info.max_threads)
		return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
	return CUDA_SUCCESS;
}

/* Whether a ws_launch status is a run-time fault (sticky). */
static bool api_is_fault(int st)
{
	return st == WS_E_ILLEGAL_ADDRESS || st == WS_E_MISALIGNED ||
	       st == WS_E_DEADLOCK || st == WS_E_INSN_LIMIT || st == WS_E_TRAP ||
	       st == WS_E_ASSERT;
}

/*
 * A cooperative grid must be resident all at once: no more blocks than
 * the dispatcher keeps on one SM times the SMs.
 */
static CUresult api_coop_check(const struct api_drv *d,
			       const struct CUfunc_st *f,
			       const struct ws_launch *l)
{
	uint64_t blocks = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
	unsigned threads = l->block[0] * l->block[1] * l->block[2];
	uint64_t fit = (uint64_t)ws_ctas_per_sm(d->sim, f->k, threads,
						l->dyn_shared) *
		       d->props.n_sm;

	return blocks <= fit ? CUDA_SUCCESS
			     : CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE;
}

CUresult api_launch(CUfunction f, struct ws_launch *l, CUstream hStream,
		    void **kernelParams, void **extra, bool cooperative)
{
	struct api_drv *d;
	struct api_ctx *c;
	struct diag dg;
	int st;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(d, f, API_K_FUNC))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	if (f->h.ctx != c)
		return api_end(CUDA_ERROR_INVALID_CONTEXT);
	r = api_stream_check(d, c, hStream);
	if (r == CUDA_SUCCESS)
		r = api_launch_check(d, f, l);
	if (r == CUDA_SUCCESS && cooperative)
		r = api_coop_check(d, f, l);
	if (r == CUDA_SUCCESS)
		r = api_params(d, f, kernelParams, extra, &l->params,
			       &l->param_bytes);
	if (r != CUDA_SUCCESS)
		return api_end(r);
	l->kernel = f->k;
	l->heap = c->heap;
	diag_init(&dg);
	api_output_flush(d);
	st = ws_launch(d->sim, l, &dg);
	if (api_is_fault(st)) {
		c->sticky = api_result(st); /* ws_launch reported it */
		r = CUDA_SUCCESS;
	} else {
		/* an unsupported form met at run time was reported like a
		 * fault; rejections before the run were not */
		if (st != WS_OK && st != WS_E_UNSUPPORTED)
			api_print_diag(&dg);
		r = api_result(st);
	}
	diag_release(&dg);
	return api_end(r);
}

CUresult CUDAAPI cuLaunchKernel(CUfunction f, unsigned int gridDimX,
				unsigned int gridDimY, unsigned int gridDimZ,
				unsigned int blockDimX, unsigned int blockDimY,
				unsigned int blockDimZ,
				unsigned int sharedMemBytes, CUstream hStream,
				void **kernelParams, void **extra)
{
	struct ws_launch l = {
		.grid = { gridDimX, gridDimY, gridDimZ },
		.block = { blockDimX, blockDimY, blockDimZ },
		.dyn_shared = sharedMemBytes,
	};

	return api_launch(f, &l, hStream, kernelParams, extra, false);
}

CUresult CUDAAPI cuLaunchCooperativeKernel(
	CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
	unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
	unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
	void **kernelParams)
{
	struct ws_launch l = {
		.grid = { gridDimX, gridDimY, gridDimZ },
		.block = { blockDimX, blockDimY, blockDimZ },
		.dyn_shared = sharedMemBytes,
	};

	return api_launch(f, &l, hStream, kernelParams, NULL, true);
}

/*
 * The shape, stream and dynamic shared memory come from config; of the
 * attributes only CU_LAUNCH_ATTRIBUTE_COOPERATIVE changes anything (the
 * rest describe scheduling the simulator does not model).
 */
CUresult CUDAAPI cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
				  void **kernelParams, void **extra)
{
	struct ws_launch l = { .dyn_shared = 0 };
	bool coop = false;

	if (!config || (config->numAttrs && !config->attrs))
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned i = 0; i < config->numAttrs; i++)
		if (config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE)
			coop = config->attrs[i].value.cooperative != 0;
	l.grid[0] = config->gridDimX;
	l.grid[1] = config->gridDimY;
	l.grid[2] = config->gridDimZ;
	l.block[0] = config->blockDimX;
	l.block[1] = config->blockDimY;
	l.block[2] = config->blockDimZ;
	l.dyn_shared = config->sharedMemBytes;
	return api_launch(f, &l, config->hStream, kernelParams, extra, coop);
}
