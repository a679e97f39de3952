/*
 * api_mem.c - device and host memory: allocation, copies and fills.
 *
 * Device addresses (CUdeviceptr) are simulator addresses (ws_addr).  A
 * copy or fill must lie inside one allocation, else
 * CUDA_ERROR_INVALID_VALUE.  The *Async forms take a stream but, like every
 * stream operation here, complete before returning; all copies are
 * synchronising points and so report the context's sticky error.  "Pinned"
 * host memory is ordinary malloc memory, tracked so that cuMemFreeHost can
 * reject a pointer it did not hand out.  2D/3D copies (pitched, host,
 * device or unified memory and CUDA arrays, api_tex.c) are validated
 * whole and then done row by row.  Pointer attributes describe device
 * allocations only; managed, registered and mapped host memory are
 * CUDA_ERROR_NOT_SUPPORTED because simulated device memory is not
 * addressable by the host.
 */
#include "base/base.h"

#include "api/api_int.h"

#include <stdlib.h>

/* Begin a call on the current context with an optional stream argument. */
static CUresult api_mem_enter(struct api_drv **d, CUstream s)
{
	struct api_ctx *c;
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
	struct api_ctx *c;
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
	struct api_ctx *c;
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
				(struct api_ctx *)d->live[i], dptr);
	if (!found)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	ws_mem_free(d->sim, dptr);
	return api_end(c->sticky);
}

CUresult CUDAAPI cuMemGetInfo_v2(size_t *free_bytes, size_t *total)
{
	struct api_drv *d;
	struct api_ctx *c;
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
	struct api_ctx *c;
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
	struct api_ctx *c;
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
	struct api_ctx *c;
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
	if (!s) /* a blocking copy */
		api_output_flush(d);
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
	if (!s) /* a blocking copy */
		api_output_flush(d);
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

/* ======================================================================
 * Pitched allocations and 2D/3D copies
 * ====================================================================== */

/*
 * Row pitch of cuMemAllocPitch: rows start on this boundary (what current
 * NVIDIA drivers use), which satisfies every texture pitch alignment.
 */
#define API_PITCH_ALIGN 512u

CUresult CUDAAPI cuMemAllocPitch_v2(CUdeviceptr *dptr, size_t *pPitch,
				    size_t WidthInBytes, size_t Height,
				    unsigned int ElementSizeBytes)
{
	size_t pitch;
	CUresult r;

	if (!dptr || !pPitch || WidthInBytes == 0 || Height == 0 ||
	    (ElementSizeBytes != 4 && ElementSizeBytes != 8 &&
	     ElementSizeBytes != 16))
		return CUDA_ERROR_INVALID_VALUE;
	if (WidthInBytes > SIZE_MAX - API_PITCH_ALIGN)
		return CUDA_ERROR_INVALID_VALUE;
	pitch = (WidthInBytes + API_PITCH_ALIGN - 1) / API_PITCH_ALIGN *
		API_PITCH_ALIGN;
	if (Height > SIZE_MAX / pitch)
		return CUDA_ERROR_OUT_OF_MEMORY;
	r = cuMemAlloc_v2(dptr, pitch * Height);
	if (r == CUDA_SUCCESS)
		*pPitch = pitch;
	return r;
}

/* One side of a 2D/3D copy, resolved. */
struct api_xside {
	enum api_side side; /* host or device memory */
	CUdeviceptr base;   /* address of element (0, 0, 0) */
	size_t pitch;       /* bytes from one row to the next */
	size_t slice;       /* bytes from one slice to the next */
};

/*
 * Resolve a side from its memory type and pointers and offset it to the
 * copy origin.  An array side uses the array's own pitch and height; a
 * unified address is device memory when it lies in an allocation, host
 * memory otherwise.
 */
static CUresult api_xside_of(struct api_drv *d, CUmemorytype type,
			     const void *host, CUdeviceptr dev, CUarray arr,
			     size_t x, size_t y, size_t z, size_t pitch,
			     size_t height, struct api_xside *out)
{
	switch (type) {
	case CU_MEMORYTYPE_HOST:
		out->side = API_HOST;
		out->base = API_HPTR(host);
		break;
	case CU_MEMORYTYPE_DEVICE:
		out->side = API_DEVICE;
		out->base = dev;
		break;
	case CU_MEMORYTYPE_UNIFIED:
		out->side = api_side_of(d, dev);
		out->base = dev;
		break;
	case CU_MEMORYTYPE_ARRAY: { /* its own layout (api_tex.c) */
		CUresult r = api_array_side(d, arr, &dev, &pitch, &height);
		if (r != CUDA_SUCCESS)
			return r;
		out->side = API_DEVICE;
		out->base = dev;
		break;
	}
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
	if (out->base == 0)
		return CUDA_ERROR_INVALID_VALUE;
	out->pitch = pitch;
	out->slice = pitch * height;
	out->base += z * out->slice + y * pitch + x;
	return CUDA_SUCCESS;
}

/*
 * A device side must lie inside one allocation from its first byte to its
 * last, so that a bad copy is rejected before anything is written.
 */
static CUresult api_xside_check(const struct api_drv *d,
				const struct api_xside *s, size_t width,
				size_t height, size_t depth)
{
	ws_addr base;
	uint64_t size;
	uint64_t last = s->base + (depth - 1) * s->slice +
			(height - 1) * s->pitch + width - 1;

	if (s->side == API_HOST)
		return CUDA_SUCCESS;
	if (ws_mem_range(d->sim, s->base, &base, &size) != WS_OK ||
	    last < s->base || last >= base + size)
		return CUDA_ERROR_INVALID_VALUE;
	return CUDA_SUCCESS;
}

/* Copy width x height x depth bytes between two resolved sides (locked). */
static CUresult api_copy3d(struct api_drv *d, const struct api_xside *dst,
			   const struct api_xside *src, size_t width,
			   size_t height, size_t depth)
{
	CUresult r = api_xside_check(d, dst, width, height, depth);

	if (r == CUDA_SUCCESS)
		r = api_xside_check(d, src, width, height, depth);
	for (size_t z = 0; r == CUDA_SUCCESS && z < depth; z++) {
		for (size_t y = 0; r == CUDA_SUCCESS && y < height; y++)
			r = api_copy(d, dst->side,
				     dst->base + z * dst->slice + y * dst->pitch,
				     src->side,
				     src->base + z * src->slice + y * src->pitch,
				     width);
	}
	return r;
}

static CUresult api_memcpy2d(const CUDA_MEMCPY2D *c, CUstream s)
{
	struct api_drv *d;
	struct api_xside src, dst;
	CUresult r = api_mem_enter(&d, s);

	if (r != CUDA_SUCCESS)
		return r;
	if (!c)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	r = api_xside_of(d, c->srcMemoryType, c->srcHost, c->srcDevice,
			 c->srcArray, c->srcXInBytes, c->srcY, 0, c->srcPitch,
			 0, &src);
	if (r == CUDA_SUCCESS)
		r = api_xside_of(d, c->dstMemoryType, c->dstHost, c->dstDevice,
				 c->dstArray, c->dstXInBytes, c->dstY, 0,
				 c->dstPitch, 0, &dst);
	if (r != CUDA_SUCCESS)
		return api_end(r);
	if (c->WidthInBytes == 0 || c->Height == 0)
		return api_end(CUDA_SUCCESS);
	/* rows may not overlap within one side */
	if ((c->Height > 1 && (src.pitch < c->WidthInBytes ||
			       dst.pitch < c->WidthInBytes)))
		return api_end(CUDA_ERROR_INVALID_VALUE);
	return api_end(api_copy3d(d, &dst, &src, c->WidthInBytes, c->Height,
				  1));
}

static CUresult api_memcpy3d(const CUDA_MEMCPY3D *c, CUstream s)
{
	struct api_drv *d;
	struct api_xside src, dst;
	CUresult r = api_mem_enter(&d, s);

	if (r != CUDA_SUCCESS)
		return r;
	if (!c || c->reserved0 || c->reserved1 || c->srcLOD || c->dstLOD)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	r = api_xside_of(d, c->srcMemoryType, c->srcHost, c->srcDevice,
			 c->srcArray, c->srcXInBytes, c->srcY, c->srcZ,
			 c->srcPitch, c->srcHeight, &src);
	if (r == CUDA_SUCCESS)
		r = api_xside_of(d, c->dstMemoryType, c->dstHost, c->dstDevice,
				 c->dstArray, c->dstXInBytes, c->dstY, c->dstZ,
				 c->dstPitch, c->dstHeight, &dst);
	if (r != CUDA_SUCCESS)
		return api_end(r);
	if (c->WidthInBytes == 0 || c->Height == 0 || c->Depth == 0)
		return api_end(CUDA_SUCCESS);
	if ((c->Height > 1 || c->Depth > 1) &&
	    (src.pitch < c->WidthInBytes || dst.pitch < c->WidthInBytes))
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (c->Depth > 1 && (src.slice < c->Height * src.pitch ||
			     dst.slice < c->Height * dst.pitch))
		return api_end(CUDA_ERROR_INVALID_VALUE);
	return api_end(api_copy3d(d, &dst, &src, c->WidthInBytes, c->Height,
				  c->Depth));
}

CUresult CUDAAPI cuMemcpy2D_v2(const CUDA_MEMCPY2D *pCopy)
{
	return api_memcpy2d(pCopy, NULL);
}

/* No alignment rules apply to simulated copies: the same as cuMemcpy2D. */
CUresult CUDAAPI cuMemcpy2DUnaligned_v2(const CUDA_MEMCPY2D *pCopy)
{
	return api_memcpy2d(pCopy, NULL);
}

CUresult CUDAAPI cuMemcpy2DAsync_v2(const CUDA_MEMCPY2D *pCopy,
				    CUstream hStream)
{
	return api_memcpy2d(pCopy, hStream);
}

CUresult CUDAAPI cuMemcpy3D_v2(const CUDA_MEMCPY3D *pCopy)
{
	return api_memcpy3d(pCopy, NULL);
}

CUresult CUDAAPI cuMemcpy3DAsync_v2(const CUDA_MEMCPY3D *pCopy,
				    CUstream hStream)
{
	return api_memcpy3d(pCopy, hStream);
}

/* ======================================================================
 * Pointer attributes
 * ====================================================================== */

/* What is known about a device pointer. */
struct api_ptr_info {
	bool valid;             /* ptr lies in a device allocation */
	ws_addr base;           /* its allocation's base */
	uint64_t size;          /* and size */
	struct api_ctx *owner; /* context that allocated it (or NULL) */
};

static void api_ptr_lookup(const struct api_drv *d, CUdeviceptr ptr,
			   struct api_ptr_info *pi)
{
	pi->owner = NULL;
	pi->valid = ws_mem_range(d->sim, ptr, &pi->base, &pi->size) == WS_OK;
	for (size_t i = 0; pi->valid && !pi->owner && i < d->n_live; i++) {
		struct api_ctx *c = (struct api_ctx *)d->live[i];

		if (d->live[i]->kind != API_K_CTX)
			continue;
		for (size_t j = 0; j < c->n_allocs; j++)
			if (c->allocs[j] == pi->base)
				pi->owner = c;
	}
}

/*
 * One attribute of a device pointer.  Memory warpsim did not allocate
 * (host memory included) is unknown to it, like unregistered host memory
 * to the real driver: CUDA_ERROR_INVALID_VALUE.  Device memory has no host
 * address, so HOST_POINTER fails too.
 */
static CUresult api_ptr_attr(const struct api_ptr_info *pi, CUdeviceptr ptr,
			     CUpointer_attribute a, void *data)
{
	if (!pi->valid)
		return CUDA_ERROR_INVALID_VALUE;
	switch (a) {
	case CU_POINTER_ATTRIBUTE_CONTEXT:
		*(CUcontext *)data = api_ctx_handle(pi->owner);
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
		*(unsigned int *)data = CU_MEMORYTYPE_DEVICE;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
		*(CUdeviceptr *)data = ptr;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
	case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR:
		*(CUdeviceptr *)data = pi->base;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
	case CU_POINTER_ATTRIBUTE_MAPPING_SIZE:
		*(size_t *)data = (size_t)pi->size;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_BUFFER_ID:
	case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
		*(unsigned long long *)data = pi->base; /* unique while live */
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_IS_MANAGED:
	case CU_POINTER_ATTRIBUTE_IS_LEGACY_CUDA_IPC_CAPABLE:
	case CU_POINTER_ATTRIBUTE_IS_GPU_DIRECT_RDMA_CAPABLE:
	case CU_POINTER_ATTRIBUTE_IS_HW_DECOMPRESS_CAPABLE:
	case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
		*(int *)data = 0;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_SYNC_MEMOPS: /* every copy is synchronous */
	case CU_POINTER_ATTRIBUTE_MAPPED:
		*(int *)data = 1;
		return CUDA_SUCCESS;
	case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
		*(CUmemoryPool *)data = NULL;
		return CUDA_SUCCESS;
	default: /* HOST_POINTER, P2P_TOKENS, handle types, access flags */
		return CUDA_ERROR_INVALID_VALUE;
	}
}

CUresult CUDAAPI cuPointerGetAttribute(void *data,
				       CUpointer_attribute attribute,
				       CUdeviceptr ptr)
{
	struct api_drv *d;
	struct api_ptr_info pi;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!data)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	api_ptr_lookup(d, ptr, &pi);
	return api_end(api_ptr_attr(&pi, ptr, attribute, data));
}

/*
 * Several attributes at once.  As in the real driver, a pointer that is
 * not device memory is not an error here: every attribute reads as zero
 * (MEMORY_TYPE 0, CONTEXT NULL, ...).
 */
CUresult CUDAAPI cuPointerGetAttributes(unsigned int numAttributes,
					CUpointer_attribute *attributes,
					void **data, CUdeviceptr ptr)
{
	struct api_drv *d;
	struct api_ptr_info pi;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (numAttributes == 0 || !attributes || !data)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	api_ptr_lookup(d, ptr, &pi);
	for (unsigned i = 0; i < numAttributes; i++) {
		if (!data[i])
			return api_end(CUDA_ERROR_INVALID_VALUE);
		if (!pi.valid || attributes[i] == CU_POINTER_ATTRIBUTE_HOST_POINTER) {
			switch (attributes[i]) {
			case CU_POINTER_ATTRIBUTE_CONTEXT:
			case CU_POINTER_ATTRIBUTE_HOST_POINTER:
			case CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE:
				*(void **)data[i] = NULL;
				continue;
			case CU_POINTER_ATTRIBUTE_DEVICE_POINTER:
			case CU_POINTER_ATTRIBUTE_RANGE_START_ADDR:
			case CU_POINTER_ATTRIBUTE_MAPPING_BASE_ADDR:
			case CU_POINTER_ATTRIBUTE_BUFFER_ID:
			case CU_POINTER_ATTRIBUTE_MEMORY_BLOCK_ID:
				*(unsigned long long *)data[i] = 0;
				continue;
			case CU_POINTER_ATTRIBUTE_RANGE_SIZE:
			case CU_POINTER_ATTRIBUTE_MAPPING_SIZE:
				*(size_t *)data[i] = 0;
				continue;
			case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL:
				*(int *)data[i] = pi.valid ? 0 : -2;
				continue;
			default:
				*(int *)data[i] = 0;
				continue;
			}
		}
		r = api_ptr_attr(&pi, ptr, attributes[i], data[i]);
		if (r != CUDA_SUCCESS)
			return api_end(r);
	}
	return api_end(CUDA_SUCCESS);
}

/* ======================================================================
 * Managed, registered and mapped host memory
 * ====================================================================== */

/*
 * Simulated device memory lives inside the simulator, not in the host's
 * address space, so memory both sides address directly (managed
 * allocations, registered or mapped host memory) cannot be offered.  These
 * entry points exist so that programs link and can take their fallback
 * path; each answers CUDA_ERROR_NOT_SUPPORTED once the driver is up.
 */
static CUresult api_not_supported(void)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	return api_end(CUDA_ERROR_NOT_SUPPORTED);
}

CUresult CUDAAPI cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize,
				   unsigned int flags)
{
	return api_not_supported();
}

CUresult CUDAAPI cuMemHostRegister_v2(void *p, size_t bytesize,
				      unsigned int Flags)
{
	return api_not_supported();
}

/* Nothing can have been registered. */
CUresult CUDAAPI cuMemHostUnregister(void *p)
{
	return api_not_supported();
}

CUresult CUDAAPI cuMemHostGetDevicePointer_v2(CUdeviceptr *pdptr, void *p,
					      unsigned int Flags)
{
	return api_not_supported();
}

CUresult CUDAAPI cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count,
				       CUmemLocation location,
				       unsigned int flags, CUstream hStream)
{
	return api_not_supported();
}
