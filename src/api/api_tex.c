/*
 * api_tex.c - CUDA arrays, texture objects and surface objects (issue 18).
 *
 * A CUDA array is a device allocation holding its texels row-major without
 * row padding (the layout is the driver's choice; programs reach it only
 * through copies and texture/surface objects).  A texture or surface
 * object is a device-memory struct ws_texdesc (include/warpsim.h); the
 * CUtexObject/CUsurfObject value is its address, which is what the PTX
 * tex/suld/sust instructions receive.  Linear, pitch2D and array resources
 * and mipmapped-array resources are supported, cube maps (and layered
 * cube maps) among the arrays; resource views, sRGB and seamless cube-map
 * filtering are CUDA_ERROR_NOT_SUPPORTED.  A mipmapped array is one
 * allocation holding its levels one after the other (level l's image
 * dimensions max(1, n >> l), layers kept), each level also an array that
 * cuMipmappedArrayGetLevel hands out and that dies with its owner.
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

/* Is `in` a valid array description?  Its bytes go to *bytes. */
static bool api_array_ok(const CUDA_ARRAY3D_DESCRIPTOR *in, uint64_t *bytes)
{
	size_t fb = api_fmt_bytes(in->Format);
	unsigned cube = in->Flags & CUDA_ARRAY3D_CUBEMAP;
	if (!fb || !api_channels_ok(in->NumChannels) || !in->Width ||
	    (in->Depth && !in->Height && !(in->Flags & CUDA_ARRAY3D_LAYERED)) ||
	    (in->Flags & ~(unsigned)(CUDA_ARRAY3D_LAYERED |
				     CUDA_ARRAY3D_SURFACE_LDST |
				     CUDA_ARRAY3D_CUBEMAP |
				     CUDA_ARRAY3D_TEXTURE_GATHER)))
		return false;
	/* cube maps: square faces, six per cube */
	if (cube && (in->Width != in->Height || !in->Depth ||
		     in->Depth % 6 ||
		     (!(in->Flags & CUDA_ARRAY3D_LAYERED) && in->Depth != 6)))
		return false;
	size_t elem = fb * in->NumChannels;
	uint64_t rows = (uint64_t)MAX(in->Height, (size_t)1) *
			MAX(in->Depth, (size_t)1);
	*bytes = (uint64_t)in->Width * rows * elem;
	return *bytes / elem / in->Width == rows;
}

/* A new array described by in; its texels at `at` when a mipmap level
 * (owned by mip), else in a new allocation. */
static CUresult api_array_make(struct api_drv *d, struct api_ctx *c,
			       const CUDA_ARRAY3D_DESCRIPTOR *in,
			       struct CUmipmappedArray_st *mip, ws_addr at,
			       CUarray *out)
{
	uint64_t n;
	ws_addr p = at;
	if (!out || !api_array_ok(in, &n))
		return CUDA_ERROR_INVALID_VALUE;
	if (!mip && ws_mem_alloc(d->sim, n, &p) != WS_OK)
		return CUDA_ERROR_OUT_OF_MEMORY;
	struct CUarray_st *a = xcalloc(1, sizeof(*a));
	a->h.kind = API_K_ARRAY;
	a->h.ctx = c;
	a->data = p;
	a->desc = *in;
	a->elem = api_fmt_bytes(in->Format) * in->NumChannels;
	a->mip = mip;
	api_live_add(d, &a->h);
	*out = a;
	return CUDA_SUCCESS;
}

static CUresult api_array_new(struct api_drv *d, struct api_ctx *c,
			      const CUDA_ARRAY3D_DESCRIPTOR *in, CUarray *out)
{
	return api_array_make(d, c, in, NULL, 0, out);
}

/*
 * Enter the driver in `mode` for a call on handle h of kind k (h NULL: no
 * handle).  CUDA_SUCCESS with *d and *c set, and the call then ends with
 * api_end; any other value is the call's result, already ended.
 */
static CUresult api_tex_enter(struct api_drv **d, struct api_ctx **c,
			      int mode, const void *h, enum api_kind k)
{
	CUresult r = api_enter(d, c, mode);

	if (r != CUDA_SUCCESS)
		return r;
	if (k && !api_live_has(*d, h, k))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	return CUDA_SUCCESS;
}

/* cuArray{,3D}Create: a new array described by in (NULL: invalid). */
static CUresult api_array_create(CUarray *out,
				 const CUDA_ARRAY3D_DESCRIPTOR *in)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_tex_enter(&d, &c, API_STRICT, NULL, 0);

	if (r != CUDA_SUCCESS)
		return r;
	return api_end(in ? api_array_new(d, c, in, out)
			  : CUDA_ERROR_INVALID_VALUE);
}

CUresult CUDAAPI cuArrayCreate_v2(CUarray *pHandle,
				  const CUDA_ARRAY_DESCRIPTOR *pAllocateArray)
{
	if (!pAllocateArray)
		return api_array_create(pHandle, NULL);
	CUDA_ARRAY3D_DESCRIPTOR d3 = {
		.Width = pAllocateArray->Width, .Height = pAllocateArray->Height,
		.Format = pAllocateArray->Format,
		.NumChannels = pAllocateArray->NumChannels};
	return api_array_create(pHandle, &d3);
}

CUresult CUDAAPI cuArray3DCreate_v2(CUarray *pHandle,
				    const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray)
{
	return api_array_create(pHandle, pAllocateArray);
}

void api_array_destroy(struct api_drv *d, struct CUarray_st *a)
{
	if (!a->mip)
		ws_mem_free(d->sim, a->data);
	api_live_del(d, &a->h);
	free(a);
}

CUresult CUDAAPI cuArrayDestroy(CUarray hArray)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_tex_enter(&d, &c, API_RELEASE, hArray, API_K_ARRAY);

	if (r != CUDA_SUCCESS)
		return r;
	if (hArray->mip) /* a level is destroyed with its mipmapped array */
		return api_end(CUDA_ERROR_INVALID_VALUE);
	api_array_destroy(d, hArray);
	return api_end(CUDA_SUCCESS);
}

/* The description of level l of a mipmapped array whose level 0 is in:
 * image dimensions halve (at least 1), layers and cube faces stay. */
static CUDA_ARRAY3D_DESCRIPTOR api_mip_level(const CUDA_ARRAY3D_DESCRIPTOR *in,
					     unsigned l)
{
	CUDA_ARRAY3D_DESCRIPTOR r = *in;
	bool layers = in->Flags & (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_CUBEMAP);
	r.Width = MAX(in->Width >> l, (size_t)1);
	if (in->Height)
		r.Height = MAX(in->Height >> l, (size_t)1);
	if (in->Depth && !layers)
		r.Depth = MAX(in->Depth >> l, (size_t)1);
	return r;
}

void api_mipmap_destroy(struct api_drv *d, struct CUmipmappedArray_st *m)
{
	for (unsigned l = 0; l < m->levels; l++)
		api_array_destroy(d, m->level[l]);
	ws_mem_free(d->sim, m->data);
	api_live_del(d, &m->h);
	free(m->level);
	free(m);
}

static CUresult api_mipmap_new(struct api_drv *d, struct api_ctx *c,
			       const CUDA_ARRAY3D_DESCRIPTOR *in, unsigned n,
			       CUmipmappedArray *out)
{
	uint64_t total = 0, b;
	size_t big = MAX(in->Width, in->Height);
	unsigned most = 1;

	if (!(in->Flags & (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_CUBEMAP)))
		big = MAX(big, in->Depth);
	while (most < 32 && (big >> most))
		most++;
	/* CUDA clamps the level count to [1, 1 + floor(log2(largest))] */
	n = n < 1 ? 1 : n > most ? most : n;
	if (!out)
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned l = 0; l < n; l++) {
		CUDA_ARRAY3D_DESCRIPTOR ld = api_mip_level(in, l);
		if (!api_array_ok(&ld, &b) || total + b < total)
			return CUDA_ERROR_INVALID_VALUE;
		total += b;
	}
	ws_addr p;
	if (ws_mem_alloc(d->sim, total, &p) != WS_OK)
		return CUDA_ERROR_OUT_OF_MEMORY;
	struct CUmipmappedArray_st *m = xcalloc(1, sizeof(*m));
	m->h.kind = API_K_MIPMAP;
	m->h.ctx = c;
	m->data = p;
	m->desc = *in;
	m->level = xcalloc(n, sizeof(*m->level));
	for (unsigned l = 0; l < n; l++) {
		CUDA_ARRAY3D_DESCRIPTOR ld = api_mip_level(in, l);
		api_array_ok(&ld, &b);
		api_array_make(d, c, &ld, m, p, &m->level[l]);
		m->levels = l + 1;
		p += b;
	}
	api_live_add(d, &m->h);
	*out = m;
	return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMipmappedArrayCreate(
	CUmipmappedArray *pHandle,
	const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
	unsigned int numMipmapLevels)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_tex_enter(&d, &c, API_STRICT, NULL, 0);

	if (r != CUDA_SUCCESS)
		return r;
	return api_end(pMipmappedArrayDesc
		       ? api_mipmap_new(d, c, pMipmappedArrayDesc,
					numMipmapLevels, pHandle)
		       : CUDA_ERROR_INVALID_VALUE);
}

CUresult CUDAAPI cuMipmappedArrayGetLevel(CUarray *pLevelArray,
					  CUmipmappedArray hMipmappedArray,
					  unsigned int level)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_tex_enter(&d, &c, API_STRICT, hMipmappedArray,
				   API_K_MIPMAP);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pLevelArray || level >= hMipmappedArray->levels)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*pLevelArray = hMipmappedArray->level[level];
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_tex_enter(&d, &c, API_RELEASE, hMipmappedArray,
				   API_K_MIPMAP);

	if (r != CUDA_SUCCESS)
		return r;
	api_mipmap_destroy(d, hMipmappedArray);
	return api_end(CUDA_SUCCESS);
}

/* cuArray{,3D}GetDescriptor: hArray's description into *out. */
static CUresult api_array_desc(CUDA_ARRAY3D_DESCRIPTOR *out, CUarray hArray)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_tex_enter(&d, &c, API_STRICT, hArray, API_K_ARRAY);

	if (r != CUDA_SUCCESS)
		return r;
	if (out)
		*out = hArray->desc;
	return api_end(out ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE);
}

CUresult CUDAAPI cuArrayGetDescriptor_v2(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor,
					 CUarray hArray)
{
	CUDA_ARRAY3D_DESCRIPTOR d3;
	CUresult r = api_array_desc(pArrayDescriptor ? &d3 : NULL, hArray);

	if (r == CUDA_SUCCESS)
		*pArrayDescriptor = (CUDA_ARRAY_DESCRIPTOR){
			.Width = d3.Width, .Height = d3.Height,
			.Format = d3.Format, .NumChannels = d3.NumChannels};
	return r;
}

CUresult CUDAAPI cuArray3DGetDescriptor_v2(
	CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray)
{
	return api_array_desc(pArrayDescriptor, hArray);
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

/* Fill t's image fields from array texels at `data` described by a. */
static void api_texdesc_array(struct ws_texdesc *t, CUdeviceptr data,
			      const CUDA_ARRAY3D_DESCRIPTOR *a)
{
	size_t elem = api_fmt_bytes(a->Format) * a->NumChannels;
	t->data = data;
	t->format = a->Format;
	t->channels = a->NumChannels;
	t->pitch = a->Width * elem;
	t->slice = t->pitch * MAX(a->Height, (size_t)1);
	t->dim[0] = (uint32_t)a->Width;
	t->layered = (a->Flags & CUDA_ARRAY3D_LAYERED) != 0;
	t->cubemap = (a->Flags & CUDA_ARRAY3D_CUBEMAP) != 0;
	if (t->layered && !a->Height) { /* 1D layered */
		t->dim[1] = (uint32_t)MAX(a->Depth, (size_t)1);
		t->slice = t->pitch;
		t->dims = 1;
	} else {
		t->dim[1] = (uint32_t)MAX(a->Height, (size_t)1);
		t->dim[2] = (uint32_t)MAX(a->Depth, (size_t)1);
		t->dims = !a->Height ? 1 : !a->Depth || t->layered ||
			  t->cubemap ? 2 : 3;
	}
}

/* Fill t from a resource description; CUDA_SUCCESS or why not. */
static CUresult api_texdesc_res(struct api_drv *d, const CUDA_RESOURCE_DESC *r,
				bool surface, struct ws_texdesc *t)
{
	size_t fb;

	if (r->flags)
		return CUDA_ERROR_INVALID_VALUE;
	t->dim[0] = t->dim[1] = t->dim[2] = 1;
	t->levels = 1;
	t->dims = 1;
	switch (r->resType) {
	case CU_RESOURCE_TYPE_ARRAY: {
		const struct CUarray_st *a = r->res.array.hArray;
		if (!api_live_has(d, a, API_K_ARRAY))
			return CUDA_ERROR_INVALID_HANDLE;
		if (surface && !(a->desc.Flags & CUDA_ARRAY3D_SURFACE_LDST))
			return CUDA_ERROR_INVALID_VALUE;
		api_texdesc_array(t, a->data, &a->desc);
		return CUDA_SUCCESS;
	}
	case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY: {
		const struct CUmipmappedArray_st *m =
			r->res.mipmap.hMipmappedArray;
		if (!api_live_has(d, m, API_K_MIPMAP))
			return CUDA_ERROR_INVALID_HANDLE;
		if (surface)
			return CUDA_ERROR_INVALID_VALUE;
		api_texdesc_array(t, m->data, &m->desc);
		t->levels = m->levels;
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
		t->dims = 2;
		return CUDA_SUCCESS;
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
		if ((unsigned)tex->mipmapFilterMode > CU_TR_FILTER_MODE_LINEAR)
			return CUDA_ERROR_INVALID_VALUE;
		t.mip_filter = tex->mipmapFilterMode;
		t.lod_bias = tex->mipmapLevelBias;
		t.lod_min = tex->minMipmapLevelClamp;
		t.lod_max = tex->maxMipmapLevelClamp;
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

/* cuTexObjectCreate (tex != NULL) and cuSurfObjectCreate. */
static CUresult api_texobj_create(unsigned long long *out,
				  const CUDA_RESOURCE_DESC *res,
				  const CUDA_TEXTURE_DESC *tex, bool surface,
				  bool view)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_tex_enter(&d, &c, API_STRICT, NULL, 0);

	if (r != CUDA_SUCCESS)
		return r;
	return api_end(view ? CUDA_ERROR_NOT_SUPPORTED
		       : api_texobj_new(d, c, res, tex, surface, out));
}

CUresult CUDAAPI cuTexObjectCreate(CUtexObject *pTexObject,
				   const CUDA_RESOURCE_DESC *pResDesc,
				   const CUDA_TEXTURE_DESC *pTexDesc,
				   const CUDA_RESOURCE_VIEW_DESC *pResViewDesc)
{
	return api_texobj_create(pTexObject, pResDesc, pTexDesc, false,
				 pResViewDesc != NULL);
}

CUresult CUDAAPI cuSurfObjectCreate(CUsurfObject *pSurfObject,
				    const CUDA_RESOURCE_DESC *pResDesc)
{
	return api_texobj_create(pSurfObject, pResDesc, NULL, true, false);
}

/* Enter the driver for a call on object h: CUDA_SUCCESS with *o set (the
 * call then ends with api_end), or the call's result, already ended. */
static CUresult api_texobj_enter(struct api_drv **d, int mode,
				 unsigned long long h, bool surface,
				 struct api_texobj **o)
{
	struct api_ctx *c;
	CUresult r = api_enter(d, &c, mode);

	if (r != CUDA_SUCCESS)
		return r;
	*o = api_texobj_find(*d, h, surface);
	return *o ? CUDA_SUCCESS : api_end(CUDA_ERROR_INVALID_VALUE);
}

static CUresult api_texobj_drop(unsigned long long h, bool surface)
{
	struct api_drv *d;
	struct api_texobj *o;
	CUresult r = api_texobj_enter(&d, API_RELEASE, h, surface, &o);

	if (r != CUDA_SUCCESS)
		return r;
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
	struct api_texobj *o;
	CUresult r = api_texobj_enter(&d, API_STRICT, h, surface, &o);

	if (r != CUDA_SUCCESS)
		return r;
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
