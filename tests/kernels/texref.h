/*
 * texref.h - helpers the texture kernel hosts (texture/, texmip/) share:
 * the CPU reference of an address mode on one texel index and a CUDA
 * array filled from host memory.  Include after khost.h.
 */
#ifndef WS_TESTS_KERNELS_TEXREF_H
#define WS_TESTS_KERNELS_TEXREF_H

/* The texel index for dimension size n, or -1 for the border. */
static inline int ref_index(int i, int n, CUaddress_mode m, int normalised)
{
	if (!normalised && (m == CU_TR_ADDRESS_MODE_WRAP ||
			    m == CU_TR_ADDRESS_MODE_MIRROR))
		m = CU_TR_ADDRESS_MODE_CLAMP;
	switch (m) {
	case CU_TR_ADDRESS_MODE_WRAP:
		return ((i % n) + n) % n;
	case CU_TR_ADDRESS_MODE_MIRROR: {
		int p = ((i % (2 * n)) + 2 * n) % (2 * n);
		return p < n ? p : 2 * n - 1 - p;
	}
	case CU_TR_ADDRESS_MODE_BORDER:
		return i < 0 || i >= n ? -1 : i;
	default:
		return i < 0 ? 0 : i >= n ? n - 1 : i;
	}
}

/* A w x h x d array (h, d 0 when absent) of format fmt with ch channels
 * and flags, filled from src (elem bytes per texel, rows unpadded). */
static inline CUarray make_array(size_t w, size_t h, size_t d,
				 CUarray_format fmt, unsigned ch,
				 unsigned flags, const void *src, size_t elem)
{
	CUDA_ARRAY3D_DESCRIPTOR ad = {.Width = w, .Height = h, .Depth = d,
				      .Format = fmt, .NumChannels = ch,
				      .Flags = flags};
	CUarray a;
	CK(cuArray3DCreate(&a, &ad));
	CUDA_MEMCPY3D cp = {0};
	cp.srcMemoryType = CU_MEMORYTYPE_HOST;
	cp.srcHost = src;
	cp.srcPitch = w * elem;
	cp.srcHeight = h ? h : 1;
	cp.dstMemoryType = CU_MEMORYTYPE_ARRAY;
	cp.dstArray = a;
	cp.WidthInBytes = w * elem;
	cp.Height = h ? h : 1;
	cp.Depth = d ? d : 1;
	CK(cuMemcpy3D(&cp));
	return a;
}

#endif
