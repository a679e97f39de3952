/*
 * api_tex.c - CUDA arrays, texture objects and surface objects (issue 18).
 *
 * A CUDA array is a device allocation holding its texels row-major without
 * row padding (the layout is the driver's choice; programs reach it only
 * through copies and texture/surface objects).  A texture or surface
 * object is a device-memory struct ws_texdesc (include/warpsim.h); the
 * CUtexObject/CUsurfObject value is its address, which is what the PTX
 * tex/suld/sust instructions receive.  Linear, pitch2D and array resources
 * are supported; mipmapped arrays, resource views, sRGB and cube maps are
 * CUDA_ERROR_NOT_SUPPORTED.
 */
#include "base/base.h"

#include "api/api_int.h"

#include <stdlib.h>

/* Bytes of one channel of format f, 0 when f is not a format. */
static size_t api_fmt_bytes(CUarray_format f)
{
	switch (f) {
	case CU_AD_FORMAT_UNSIGNED_INT8:
	case CU_AD_FORMAT_SIGNED_INT8: return 1;
	case CU_AD_FORMAT_UNSIGNED_INT16:
	case CU_AD_FORMAT_SIGNED_INT16:
	case CU_AD_FORMAT_HALF: return 2;
	case CU_AD_FORMAT_UNSIGNED_INT32:
	case CU_AD_FORMAT_SIGNED_INT32:
	case CU_AD_FORMAT_FLOAT: return 4;
	default: return 0;
	}
}

static bool api_channels_ok(unsigned n)
{
	return n == 1 || n == 2 || n == 4;
}

static CUresult api_array_new(struct api_drv *d, struct api_ctx *c,
			      const CUDA_ARRAY3D_DESCRIPTOR *in, CUarray *out)
{
	size_t fb = api_fmt_bytes(in->Format);
	if (!out || !fb || !api_channels_ok(in->NumChannels) || !in->Width ||
	    (in->Depth && !in->Height && !(in->Flags & CUDA_ARRAY3D_LAYERED)) ||
	    (in->Flags & ~(unsigned)(CUDA_ARRAY3D_LAYERED |
				     CUDA_ARRAY3D_SURFACE_LDST)))
		return CUDA_ERROR_INVALID_VALUE;
	size_t elem = fb * in->NumChannels;
	uint64_t n = (uint64_t)in->Width * MAX(in->Height, (size_t)1) *
		     MAX(in->Depth, (size_t)1) * elem;
	ws_addr p;
	if (n / elem / in->Width != MAX(in->Height, (size_t)1) *
				    MAX(in->Depth, (size_t)1))
		return CUDA_ERROR_INVALID_VALUE;
	if (ws_mem_alloc(d->sim, n, &p) != WS_OK)
		return CUDA_ERROR_OUT_OF_MEMORY;
	struct CUarray_st *a = xcalloc(1, sizeof(*a));
	a->h.kind = API_K_ARRAY;
	a->h.ctx = c;
	a->data = p;
	a->desc = *in;
	a->elem = elem;
	api_live_add(d, &a->h);
	*out = a;
	return CUDA_SUCCESS;
}

CUresult CUDAAPI cuArrayCreate_v2(CUarray *pHandle,
				  const CUDA_ARRAY_DESCRIPTOR *pAllocateArray)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pAllocateArray)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	CUDA_ARRAY3D_DESCRIPTOR d3 = {
		.Width = pAllocateArray->Width, .Height = pAllocateArray->Height,
		.Format = pAllocateArray->Format,
		.NumChannels = pAllocateArray->NumChannels};
	return api_end(api_array_new(d, c, &d3, pHandle));
}

CUresult CUDAAPI cuArray3DCreate_v2(CUarray *pHandle,
				    const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pAllocateArray)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	return api_end(api_array_new(d, c, pAllocateArray, pHandle));
}

void api_array_destroy(struct api_drv *d, struct CUarray_st *a)
{
	ws_mem_free(d->sim, a->data);
	api_live_del(d, &a->h);
	free(a);
}

CUresult CUDAAPI cuArrayDestroy(CUarray hArray)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(d, hArray, API_K_ARRAY))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	api_array_destroy(d, hArray);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor,
					 CUarray hArray)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(d, hArray, API_K_ARRAY))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	if (!pArrayDescriptor)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*pArrayDescriptor = (CUDA_ARRAY_DESCRIPTOR){
		.Width = hArray->desc.Width, .Height = hArray->desc.Height,
		.Format = hArray->desc.Format,
		.NumChannels = hArray->desc.NumChannels};
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuArray3DGetDescriptor_v2(
	CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(d, hArray, API_K_ARRAY))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	if (!pArrayDescriptor)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*pArrayDescriptor = hArray->desc;
	return api_end(CUDA_SUCCESS);
}

CUresult api_array_side(struct api_drv *d, CUarray a, CUdeviceptr *base,
			size_t *pitch, size_t *height)
{
	if (!api_live_has(d, a, API_K_ARRAY))
		return CUDA_ERROR_INVALID_VALUE;
	*base = a->data;
	*pitch = a->desc.Width * a->elem;
	*height = MAX(a->desc.Height, (size_t)1);
	return CUDA_SUCCESS;
}

/* Fill t from a resource description; CUDA_SUCCESS or why not. */
static CUresult api_texdesc_res(struct api_drv *d, const CUDA_RESOURCE_DESC *r,
				bool surface, struct ws_texdesc *t)
{
	size_t fb;

	if (r->flags)
		return CUDA_ERROR_INVALID_VALUE;
	t->dim[0] = t->dim[1] = t->dim[2] = 1;
	switch (r->resType) {
	case CU_RESOURCE_TYPE_ARRAY: {
		const struct CUarray_st *a = r->res.array.hArray;
		if (!api_live_has(d, a, API_K_ARRAY))
			return CUDA_ERROR_INVALID_HANDLE;
		if (surface && !(a->desc.Flags & CUDA_ARRAY3D_SURFACE_LDST))
			return CUDA_ERROR_INVALID_VALUE;
		t->data = a->data;
		t->format = a->desc.Format;
		t->channels = a->desc.NumChannels;
		t->pitch = a->desc.Width * a->elem;
		t->slice = t->pitch * MAX(a->desc.Height, (size_t)1);
		t->dim[0] = (uint32_t)a->desc.Width;
		t->layered = (a->desc.Flags & CUDA_ARRAY3D_LAYERED) != 0;
		if (t->layered && !a->desc.Height) { /* 1D layered */
			t->dim[1] = (uint32_t)MAX(a->desc.Depth, (size_t)1);
			t->slice = t->pitch;
		} else {
			t->dim[1] = (uint32_t)MAX(a->desc.Height, (size_t)1);
			t->dim[2] = (uint32_t)MAX(a->desc.Depth, (size_t)1);
		}
		return CUDA_SUCCESS;
	}
	case CU_RESOURCE_TYPE_LINEAR:
		fb = api_fmt_bytes(r->res.linear.format);
		if (surface || !fb || !api_channels_ok(r->res.linear.numChannels) ||
		    !r->res.linear.devPtr)
			return CUDA_ERROR_INVALID_VALUE;
		t->data = r->res.linear.devPtr;
		t->format = r->res.linear.format;
		t->channels = r->res.linear.numChannels;
		t->dim[0] = (uint32_t)MIN(r->res.linear.sizeInBytes /
					  (fb * t->channels), (size_t)UINT32_MAX);
		t->pitch = r->res.linear.sizeInBytes;
		t->slice = t->pitch;
		return t->dim[0] ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
	case CU_RESOURCE_TYPE_PITCH2D:
		fb = api_fmt_bytes(r->res.pitch2D.format);
		if (surface || !fb ||
		    !api_channels_ok(r->res.pitch2D.numChannels) ||
		    !r->res.pitch2D.devPtr || !r->res.pitch2D.width ||
		    !r->res.pitch2D.height ||
		    r->res.pitch2D.pitchInBytes <
			    r->res.pitch2D.width * fb * r->res.pitch2D.numChannels)
			return CUDA_ERROR_INVALID_VALUE;
		t->data = r->res.pitch2D.devPtr;
		t->format = r->res.pitch2D.format;
		t->channels = r->res.pitch2D.numChannels;
		t->dim[0] = (uint32_t)r->res.pitch2D.width;
		t->dim[1] = (uint32_t)r->res.pitch2D.height;
		t->pitch = r->res.pitch2D.pitchInBytes;
		t->slice = t->pitch * t->dim[1];
		return CUDA_SUCCESS;
	case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
		return CUDA_ERROR_NOT_SUPPORTED;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

/* Make a texture (tex != NULL) or surface object. */
static CUresult api_texobj_new(struct api_drv *d, struct api_ctx *c,
			       const CUDA_RESOURCE_DESC *res,
			       const CUDA_TEXTURE_DESC *tex, bool surface,
			       unsigned long long *out)
{
	struct ws_texdesc t = {.magic = WS_TEXDESC_MAGIC, .surface = surface};
	CUresult r;
	ws_addr p;

	if (!out || !res || (!surface && !tex))
		return CUDA_ERROR_INVALID_VALUE;
	if ((r = api_texdesc_res(d, res, surface, &t)) != CUDA_SUCCESS)
		return r;
	if (tex) {
		if (tex->flags & (CU_TRSF_SRGB | CU_TRSF_SEAMLESS_CUBEMAP))
			return CUDA_ERROR_NOT_SUPPORTED;
		for (int i = 0; i < 3; i++) {
			if ((unsigned)tex->addressMode[i] > CU_TR_ADDRESS_MODE_BORDER)
				return CUDA_ERROR_INVALID_VALUE;
			t.addr[i] = tex->addressMode[i];
			t.border[i] = tex->borderColor[i];
		}
		t.border[3] = tex->borderColor[3];
		if ((unsigned)tex->filterMode > CU_TR_FILTER_MODE_LINEAR)
			return CUDA_ERROR_INVALID_VALUE;
		t.filter = tex->filterMode;
		t.flags = tex->flags;
		/* CUDA: linear filtering needs float results */
		if (t.filter && (t.flags & CU_TRSF_READ_AS_INTEGER) &&
		    t.format != CU_AD_FORMAT_FLOAT && t.format != CU_AD_FORMAT_HALF)
			return CUDA_ERROR_INVALID_VALUE;
	}
	if (ws_mem_alloc(d->sim, sizeof(t), &p) != WS_OK)
		return CUDA_ERROR_OUT_OF_MEMORY;
	ws_mem_write(d->sim, p, &t, sizeof(t));
	struct api_texobj *o = xcalloc(1, sizeof(*o));
	o->h.kind = API_K_TEXOBJ;
	o->h.ctx = c;
	o->desc = p;
	o->surface = surface;
	o->res = *res;
	if (tex)
		o->tex = *tex;
	api_live_add(d, &o->h);
	*out = p;
	return CUDA_SUCCESS;
}

/* The live object whose handle is h (and of that kind), or NULL. */
static struct api_texobj *api_texobj_find(struct api_drv *d,
					  unsigned long long h, bool surface)
{
	for (size_t i = 0; i < d->n_live; i++) {
		struct api_texobj *o = (struct api_texobj *)d->live[i];
		if (d->live[i]->kind == API_K_TEXOBJ && o->desc == h &&
		    o->surface == surface)
			return o;
	}
	return NULL;
}

void api_texobj_destroy(struct api_drv *d, struct api_texobj *t)
{
	ws_mem_free(d->sim, t->desc);
	api_live_del(d, &t->h);
	free(t);
}

CUresult CUDAAPI cuTexObjectCreate(CUtexObject *pTexObject,
				   const CUDA_RESOURCE_DESC *pResDesc,
				   const CUDA_TEXTURE_DESC *pTexDesc,
				   const CUDA_RESOURCE_VIEW_DESC *pResViewDesc)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (pResViewDesc)
		return api_end(CUDA_ERROR_NOT_SUPPORTED);
	return api_end(api_texobj_new(d, c, pResDesc, pTexDesc, false,
				      pTexObject));
}

CUresult CUDAAPI cuSurfObjectCreate(CUsurfObject *pSurfObject,
				    const CUDA_RESOURCE_DESC *pResDesc)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	return api_end(api_texobj_new(d, c, pResDesc, NULL, true, pSurfObject));
}

static CUresult api_texobj_drop(unsigned long long h, bool surface)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	struct api_texobj *o = api_texobj_find(d, h, surface);
	if (!o)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	api_texobj_destroy(d, o);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuTexObjectDestroy(CUtexObject texObject)
{
	return api_texobj_drop(texObject, false);
}

CUresult CUDAAPI cuSurfObjectDestroy(CUsurfObject surfObject)
{
	return api_texobj_drop(surfObject, true);
}

static CUresult api_texobj_get(unsigned long long h, bool surface,
			       CUDA_RESOURCE_DESC *res, CUDA_TEXTURE_DESC *tex)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	struct api_texobj *o = api_texobj_find(d, h, surface);
	if (!o)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (!res && !tex)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (res)
		*res = o->res;
	if (tex)
		*tex = o->tex;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc,
					    CUtexObject texObject)
{
	return api_texobj_get(texObject, false, pResDesc, NULL);
}

CUresult CUDAAPI cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc,
					   CUtexObject texObject)
{
	return api_texobj_get(texObject, false, NULL, pTexDesc);
}

CUresult CUDAAPI cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc,
					     CUsurfObject surfObject)
{
	return api_texobj_get(surfObject, true, pResDesc, NULL);
}
