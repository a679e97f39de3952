/*
 * api_mem.c - device and host memory: allocation, copies and fills.
 *
 * Device addresses (CUdeviceptr) are simulator addresses (ws_addr).  A
 * copy or fill must lie inside one allocation, else
 * CUDA_ERROR_INVALID_VALUE.  The *Async forms take a stream but, like every
 * stream operation here, complete before returning; all copies are
 * synchronising points and so report the context's sticky error.  "Pinned"
 * host memory is ordinary malloc memory, tracked so that cuMemFreeHost can
 * reject a pointer it did not hand out.
 */
#include "base/base.h"

#include "api/api_int.h"

#include <stdlib.h>

/* Begin a call on the current context with an optional stream argument. */
static CUresult api_mem_enter(struct api_drv **d, CUstream s)
{
	struct CUctx_st *c;
	CUresult r = api_enter(d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	r = api_stream_check(*d, c, s);
	if (r != CUDA_SUCCESS)
		return api_end(r);
	return CUDA_SUCCESS;
}

/* ======================================================================
 * Allocation
 * ====================================================================== */

CUresult CUDAAPI cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize)
{
	struct api_drv *d;
	struct CUctx_st *c;
	ws_addr a;
	int st;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!dptr || bytesize == 0)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	st = ws_mem_alloc(d->sim, bytesize, &a);
	if (st != WS_OK)
		return api_end(st == WS_E_OOM ? CUDA_ERROR_OUT_OF_MEMORY
					      : api_result(st));
	api_ctx_add_alloc(c, a);
	*dptr = a;
	return api_end(CUDA_SUCCESS);
}

/*
 * Free by base address.  The allocation may belong to any live context
 * (addresses are unified); anything else is CUDA_ERROR_INVALID_VALUE.
 */
CUresult CUDAAPI cuMemFree_v2(CUdeviceptr dptr)
{
	struct api_drv *d;
	struct CUctx_st *c;
	bool found = false;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	if (dptr == 0)
		return api_end(c->sticky);
	found = api_ctx_drop_alloc(c, dptr);
	for (size_t i = 0; !found && i < d->n_live; i++)
		if (d->live[i]->kind == API_K_CTX)
			found = api_ctx_drop_alloc(
				(struct CUctx_st *)d->live[i], dptr);
	if (!found)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	ws_mem_free(d->sim, dptr);
	return api_end(c->sticky);
}

CUresult CUDAAPI cuMemGetInfo_v2(size_t *free_bytes, size_t *total)
{
	struct api_drv *d;
	struct CUctx_st *c;
	uint64_t f, t;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!free_bytes || !total)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	ws_mem_info(d->sim, &f, &t);
	*free_bytes = (size_t)f;
	*total = (size_t)t;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuMemGetAddressRange_v2(CUdeviceptr *pbase, size_t *psize,
					 CUdeviceptr dptr)
{
	struct api_drv *d;
	struct CUctx_st *c;
	ws_addr base;
	uint64_t size;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (ws_mem_range(d->sim, dptr, &base, &size) != WS_OK)
		return api_end(CUDA_ERROR_NOT_FOUND);
	if (pbase)
		*pbase = base;
	if (psize)
		*psize = (size_t)size;
	return api_end(CUDA_SUCCESS);
}

static CUresult api_host_alloc(void **pp, size_t bytesize)
{
	struct api_drv *d;
	struct CUctx_st *c;
	void *p;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pp || bytesize == 0)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	p = malloc(bytesize); /* user-sized: failure is reported, not fatal */
	if (!p)
		return api_end(CUDA_ERROR_OUT_OF_MEMORY);
	VEC_PUSH(d->host, d->n_host, d->cap_host);
	d->host[d->n_host - 1] = p;
	*pp = p;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuMemAllocHost_v2(void **pp, size_t bytesize)
{
	return api_host_alloc(pp, bytesize);
}

CUresult CUDAAPI cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags)
{
	if (Flags & ~(unsigned)(CU_MEMHOSTALLOC_PORTABLE |
				CU_MEMHOSTALLOC_DEVICEMAP |
				CU_MEMHOSTALLOC_WRITECOMBINED))
		return CUDA_ERROR_INVALID_VALUE;
	return api_host_alloc(pp, bytesize);
}

CUresult CUDAAPI cuMemFreeHost(void *p)
{
	struct api_drv *d;
	struct CUctx_st *c;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	for (size_t i = d->n_host; i-- > 0;) {
		if (d->host[i] == p) {
			d->host[i] = d->host[--d->n_host];
			free(p);
			return api_end(c->sticky);
		}
	}
	return api_end(CUDA_ERROR_INVALID_VALUE);
}

/* ======================================================================
 * Copies
 * ====================================================================== */

/* Where one side of a cuMemcpy lies. */
enum api_side { API_HOST, API_DEVICE };

static enum api_side api_side_of(const struct api_drv *d, CUdeviceptr p)
{
	ws_addr base;
	uint64_t size;

	return ws_mem_range(d->sim, p, &base, &size) == WS_OK ? API_DEVICE
							       : API_HOST;
}

/*
 * One copy of n bytes; the direction is given by the two sides (the
 * unified-address form cuMemcpy classifies them by lookup).
 */
static CUresult api_copy(struct api_drv *d, enum api_side dside,
			 CUdeviceptr dst, enum api_side sside, CUdeviceptr src,
			 size_t n)
{
	int st;

	if (n == 0)
		return CUDA_SUCCESS;
	if (dst == 0 || src == 0)
		return CUDA_ERROR_INVALID_VALUE;
	if (dside == API_DEVICE && sside == API_DEVICE)
		st = ws_mem_copy(d->sim, dst, src, n);
	else if (dside == API_DEVICE)
		st = ws_mem_write(d->sim, dst, (const void *)(uintptr_t)src, n);
	else if (sside == API_DEVICE)
		st = ws_mem_read(d->sim, (void *)(uintptr_t)dst, src, n);
	else {
		memmove((void *)(uintptr_t)dst, (const void *)(uintptr_t)src, n);
		st = WS_OK;
	}
	return st == WS_OK ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

static CUresult api_memcpy(enum api_side dside, CUdeviceptr dst,
			   enum api_side sside, CUdeviceptr src, size_t n,
			   CUstream s)
{
	struct api_drv *d;
	CUresult r = api_mem_enter(&d, s);

	if (r != CUDA_SUCCESS)
		return r;
	return api_end(api_copy(d, dside, dst, sside, src, n));
}

/* Unified-address copy: each side is device memory if it lies in an
 * allocation, host memory otherwise. */
static CUresult api_memcpy_uva(CUdeviceptr dst, CUdeviceptr src, size_t n,
			       CUstream s)
{
	struct api_drv *d;
	CUresult r = api_mem_enter(&d, s);

	if (r != CUDA_SUCCESS)
		return r;
	return api_end(api_copy(d, api_side_of(d, dst), dst,
				api_side_of(d, src), src, n));
}

#define API_HPTR(p) ((CUdeviceptr)(uintptr_t)(p)) /* host pointer as address */

CUresult CUDAAPI cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost,
				 size_t ByteCount)
{
	return api_memcpy(API_DEVICE, dstDevice, API_HOST, API_HPTR(srcHost),
			  ByteCount, NULL);
}

CUresult CUDAAPI cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice,
				 size_t ByteCount)
{
	return api_memcpy(API_HOST, API_HPTR(dstHost), API_DEVICE, srcDevice,
			  ByteCount, NULL);
}

CUresult CUDAAPI cuMemcpyDtoD_v2(CUdeviceptr dstDevice, CUdeviceptr srcDevice,
				 size_t ByteCount)
{
	return api_memcpy(API_DEVICE, dstDevice, API_DEVICE, srcDevice,
			  ByteCount, NULL);
}

CUresult CUDAAPI cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount)
{
	return api_memcpy_uva(dst, src, ByteCount, NULL);
}

CUresult CUDAAPI cuMemcpyHtoDAsync_v2(CUdeviceptr dstDevice,
				      const void *srcHost, size_t ByteCount,
				      CUstream hStream)
{
	return api_memcpy(API_DEVICE, dstDevice, API_HOST, API_HPTR(srcHost),
			  ByteCount, hStream);
}

CUresult CUDAAPI cuMemcpyDtoHAsync_v2(void *dstHost, CUdeviceptr srcDevice,
				      size_t ByteCount, CUstream hStream)
{
	return api_memcpy(API_HOST, API_HPTR(dstHost), API_DEVICE, srcDevice,
			  ByteCount, hStream);
}

CUresult CUDAAPI cuMemcpyDtoDAsync_v2(CUdeviceptr dstDevice,
				      CUdeviceptr srcDevice, size_t ByteCount,
				      CUstream hStream)
{
	return api_memcpy(API_DEVICE, dstDevice, API_DEVICE, srcDevice,
			  ByteCount, hStream);
}

CUresult CUDAAPI cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src,
			       size_t ByteCount, CUstream hStream)
{
	return api_memcpy_uva(dst, src, ByteCount, hStream);
}

/* ======================================================================
 * Fills
 * ====================================================================== */

static CUresult api_memset(CUdeviceptr dst, uint32_t v, unsigned elem,
			   size_t n, CUstream s)
{
	struct api_drv *d;
	int st;
	CUresult r = api_mem_enter(&d, s);

	if (r != CUDA_SUCCESS)
		return r;
	if (dst % elem != 0)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (n == 0)
		return api_end(CUDA_SUCCESS);
	st = ws_mem_set(d->sim, dst, v, elem, n);
	return api_end(st == WS_OK ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
}

CUresult CUDAAPI cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc,
			       size_t N)
{
	return api_memset(dstDevice, uc, 1, N, NULL);
}

CUresult CUDAAPI cuMemsetD16_v2(CUdeviceptr dstDevice, unsigned short us,
				size_t N)
{
	return api_memset(dstDevice, us, 2, N, NULL);
}

CUresult CUDAAPI cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui,
				size_t N)
{
	return api_memset(dstDevice, ui, 4, N, NULL);
}

CUresult CUDAAPI cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc,
				 size_t N, CUstream hStream)
{
	return api_memset(dstDevice, uc, 1, N, hStream);
}

CUresult CUDAAPI cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us,
				  size_t N, CUstream hStream)
{
	return api_memset(dstDevice, us, 2, N, hStream);
}

CUresult CUDAAPI cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui,
				  size_t N, CUstream hStream)
{
	return api_memset(dstDevice, ui, 4, N, hStream);
}
