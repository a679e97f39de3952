/*
 * host.c - texture and surface objects (issue 18).  Every fetch is checked
 * against a CPU reference written from the CUDA programming guide's
 * texture-fetching rules: normalised coordinates scale by the size; point
 * sampling takes texel floor(x); linear filtering blends floor(x - 0.5)
 * and the next texel with weight frac(x - 0.5) in 8-bit fixed point; wrap,
 * mirror (normalised coordinates only), clamp and border act per texel;
 * 8-bit formats read as normalised floats unless read as integers;
 * tex1Dfetch outside the buffer reads 0; array layers clamp.  Covered:
 * a 2D float4 array under every filter x address mode x coordinate kind,
 * pitch2D memory, tex1Dfetch on linear memory, 1D, 3D, layered 1D and 2D
 * arrays, uchar4 normalised and int4 integer reads, surfaces with clamp
 * and zero boundaries and cuMemcpy2D to and from arrays, descriptor round
 * trips, and a surface read out of range in trap mode.
 */
#define KH_NAME "texture"
#include "../khost.h"
#include "../texref.h"

#include <math.h>

#define NC 96 /* coordinates per fetch test */

struct img {          /* a host copy of a texture's texels */
	int w, h, d;      /* size (h, d >= 1) */
	int ch;           /* channels */
	const float *v;   /* texel (i, j, k) channel c at ((k*h + j)*w + i)*ch + c */
};

/* Reference fetch of channel c at coordinates x (dims 1..3), layer k0. */
static double ref_fetch(const struct img *im, int dims, const float *x,
			int layer, CUfilter_mode f, CUaddress_mode m,
			int normalised, const float *border, int c)
{
	int n[3] = {im->w, im->h, im->d}, lo[3] = {0, 0, 0};
	double a[3] = {0, 0, 0}, r = 0;
	for (int k = 0; k < dims; k++) {
		double u = normalised ? (double)x[k] * n[k] : x[k];
		if (f == CU_TR_FILTER_MODE_LINEAR) {
			double b = u - 0.5;
			lo[k] = (int)floor(b);
			a[k] = floor((b - floor(b)) * 256.0 + 0.5) / 256.0;
		} else {
			lo[k] = (int)floor(u);
		}
	}
	int corners = f == CU_TR_FILTER_MODE_LINEAR ? 1 << dims : 1;
	for (int q = 0; q < corners; q++) {
		int idx[3] = {0, 0, layer};
		double wt = 1;
		int bord = 0;
		for (int k = 0; k < dims; k++) {
			int up = (q >> k) & 1;
			idx[k] = ref_index(lo[k] + up, n[k], m, normalised);
			wt *= up ? a[k] : 1 - a[k];
			bord |= idx[k] < 0;
		}
		double v = bord ? border[c]
			: c < im->ch ? im->v[((idx[2] * im->h + idx[1]) * im->w +
					       idx[0]) * im->ch + c] : 0.0;
		r += wt * v;
	}
	return r;
}

static CUtexObject make_tex_array(CUarray a, CUfilter_mode f,
				  CUaddress_mode m, unsigned flags,
				  const float *border)
{
	CUDA_RESOURCE_DESC rd = {.resType = CU_RESOURCE_TYPE_ARRAY};
	CUDA_TEXTURE_DESC td = {.filterMode = f, .flags = flags};
	CUtexObject t;
	rd.res.array.hArray = a;
	for (int i = 0; i < 3; i++)
		td.addressMode[i] = m;
	for (int i = 0; i < 4; i++)
		td.borderColor[i] = border[i];
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	return t;
}

/* Run kernel `name` (tex, coords, out, n) and return out in res. */
static void run_fetch(struct kh_ctx *k, const char *name, CUtexObject t,
		      const void *coords, size_t cbytes, void *res,
		      size_t rbytes, int n)
{
	CUdeviceptr dc = kh_alloc(cbytes, coords), dr = kh_alloc(rbytes, NULL);
	void *p[] = {&t, &dc, &dr, &n};
	kh_launch(k, name, 1, 1, 1, 128, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(res, dr, rbytes));
	CK(cuMemFree(dc));
	CK(cuMemFree(dr));
}

static void near(const char *what, int i, double got, double want)
{
	if (!(fabs(got - want) <= 1e-4 * (1 + fabs(want))))
		kh_fail("%s: coordinate %d: got %.7g, expected %.7g", what, i,
			got, want);
}

static const float border[4] = {1.5f, -2.0f, 3.25f, 4.0f};
static const char *const mname[] = {"wrap", "clamp", "mirror", "border"};

/* 2D float4 array: every filter x address mode x coordinate kind. */
static void test_2d(struct kh_ctx *k, struct kh_rng *r)
{
	enum { W = 8, H = 6 };
	static float v[W * H * 4];
	static float c[NC * 2], out[NC * 4];
	struct img im = {W, H, 1, 4, v};
	for (int j = 0; j < H; j++)
		for (int i = 0; i < W; i++) {
			float *t = &v[(j * W + i) * 4];
			t[0] = (float)(i + 10 * j);
			t[1] = (float)(i * j);
			t[2] = (float)-i;
			t[3] = kh_unif(r, -1, 1);
		}
	CUarray a = make_array(W, H, 0, CU_AD_FORMAT_FLOAT, 4, 0, v, 16);
	for (int norm = 0; norm < 2; norm++) {
		for (int i = 0; i < NC; i++) {
			float s = norm ? 1.0f : 1.0f * W, s2 = norm ? 1.0f : 1.0f * H;
			c[2 * i] = kh_unif(r, -1.5f, 2.5f) * s;
			c[2 * i + 1] = kh_unif(r, -1.5f, 2.5f) * s2;
			if (i < 8) { /* texel centres and edges exactly */
				c[2 * i] = (norm ? (i + 0.5f) / W : i + 0.5f);
				c[2 * i + 1] = (norm ? 0.0f : (float)i);
			}
		}
		for (int f = 0; f < 2; f++)
			for (int m = 0; m < 4; m++) {
				CUtexObject t = make_tex_array(a, (CUfilter_mode)f,
					(CUaddress_mode)m,
					norm ? CU_TRSF_NORMALIZED_COORDINATES : 0,
					border);
				run_fetch(k, "fetch2d", t, c, sizeof(c), out,
					  sizeof(out), NC);
				for (int i = 0; i < NC; i++)
					for (int ch = 0; ch < 4; ch++) {
						char what[96];
						snprintf(what, sizeof(what), "2d %s %s %s "
							 "channel %d",
							 f ? "linear" : "point",
							 mname[m], norm ? "normalised"
							 : "unnormalised", ch);
						near(what, i, out[4 * i + ch],
						     ref_fetch(&im, 2, &c[2 * i], 0,
							       (CUfilter_mode)f,
							       (CUaddress_mode)m, norm,
							       border, ch));
					}
				CK(cuTexObjectDestroy(t));
			}
	}
	CUDA_ARRAY_DESCRIPTOR ad;
	CK(cuArrayGetDescriptor(&ad, a));
	if (ad.Width != W || ad.Height != H || ad.NumChannels != 4 ||
	    ad.Format != CU_AD_FORMAT_FLOAT)
		kh_fail("cuArrayGetDescriptor returned %zux%zu %u channels",
			ad.Width, ad.Height, ad.NumChannels);
	CK(cuArrayDestroy(a));
}

/* Pitch2D memory (1 channel, point, clamp) and tex1Dfetch on linear. */
static void test_linear(struct kh_ctx *k, struct kh_rng *r)
{
	enum { W = 5, H = 4, N = 40 };
	static float v[W * H], c[NC * 2], out[NC];
	static int iv[N], idx[NC], iout[NC];
	struct img im = {W, H, 1, 1, v};
	CUdeviceptr dp;
	size_t pitch;
	for (int i = 0; i < W * H; i++)
		v[i] = kh_unif(r, -5, 5);
	CK(cuMemAllocPitch(&dp, &pitch, W * 4, H, 4));
	CUDA_MEMCPY2D cp = {.srcMemoryType = CU_MEMORYTYPE_HOST, .srcHost = v,
			    .srcPitch = W * 4, .dstMemoryType = CU_MEMORYTYPE_DEVICE,
			    .dstDevice = dp, .dstPitch = pitch,
			    .WidthInBytes = W * 4, .Height = H};
	CK(cuMemcpy2D(&cp));
	CUDA_RESOURCE_DESC rd = {.resType = CU_RESOURCE_TYPE_PITCH2D};
	rd.res.pitch2D.devPtr = dp;
	rd.res.pitch2D.format = CU_AD_FORMAT_FLOAT;
	rd.res.pitch2D.numChannels = 1;
	rd.res.pitch2D.width = W;
	rd.res.pitch2D.height = H;
	rd.res.pitch2D.pitchInBytes = pitch;
	CUDA_TEXTURE_DESC td = {.filterMode = CU_TR_FILTER_MODE_LINEAR};
	CUtexObject t;
	CK(cuTexObjectCreate(&t, &rd, &td, NULL));
	for (int i = 0; i < NC; i++) {
		c[2 * i] = kh_unif(r, -2, W + 2);
		c[2 * i + 1] = kh_unif(r, -2, H + 2);
	}
	static float out4[NC * 4];
	run_fetch(k, "fetch2d", t, c, sizeof(c), out4, sizeof(out4), NC);
	for (int i = 0; i < NC; i++)
		near("pitch2D linear clamp", i, out4[4 * i],
		     ref_fetch(&im, 2, &c[2 * i], 0, CU_TR_FILTER_MODE_LINEAR,
			       CU_TR_ADDRESS_MODE_CLAMP, 0, border, 0));
	CUDA_RESOURCE_DESC got;
	CK(cuTexObjectGetResourceDesc(&got, t));
	if (got.resType != CU_RESOURCE_TYPE_PITCH2D ||
	    got.res.pitch2D.pitchInBytes != pitch)
		kh_fail("cuTexObjectGetResourceDesc does not round-trip");
	CK(cuTexObjectDestroy(t));
	(void)out;

	for (int i = 0; i < N; i++)
		iv[i] = (int)kh_rand(r);
	CUdeviceptr dl = kh_alloc(sizeof(iv), iv);
	CUDA_RESOURCE_DESC rl = {.resType = CU_RESOURCE_TYPE_LINEAR};
	rl.res.linear.devPtr = dl;
	rl.res.linear.format = CU_AD_FORMAT_SIGNED_INT32;
	rl.res.linear.numChannels = 1;
	rl.res.linear.sizeInBytes = sizeof(iv);
	CUDA_TEXTURE_DESC tl = {.flags = CU_TRSF_READ_AS_INTEGER};
	CK(cuTexObjectCreate(&t, &rl, &tl, NULL));
	for (int i = 0; i < NC; i++)
		idx[i] = i < 8 ? i - 4 + (i >= 4) * (N - 4) : (int)(kh_rand(r) % N);
	run_fetch(k, "fetch1d_int", t, idx, sizeof(idx), iout, sizeof(iout), NC);
	for (int i = 0; i < NC; i++) {
		int e = idx[i] >= 0 && idx[i] < N ? iv[idx[i]] : 0;
		if (iout[i] != e)
			kh_fail("tex1Dfetch(%d): got %d, expected %d", idx[i],
				iout[i], e);
	}
	CK(cuTexObjectDestroy(t));
	CK(cuMemFree(dl));
	CK(cuMemFree(dp));
}

/* 1D, 3D, layered 1D and 2D arrays of floats. */
static void test_dims(struct kh_ctx *k, struct kh_rng *r)
{
	enum { W = 4, H = 3, D = 5 };
	static float v[W * H * D], c[NC * 4], out[NC];
	struct img im = {W, H, D, 1, v};
	for (int i = 0; i < W * H * D; i++)
		v[i] = kh_unif(r, -3, 3);
	for (int i = 0; i < NC * 4; i++)
		c[i] = kh_unif(r, -1.0f, 6.0f);

	/* 3D, linear, clamp, unnormalised */
	CUarray a = make_array(W, H, D, CU_AD_FORMAT_FLOAT, 1, 0, v, 4);
	CUtexObject t = make_tex_array(a, CU_TR_FILTER_MODE_LINEAR,
				       CU_TR_ADDRESS_MODE_CLAMP, 0, border);
	run_fetch(k, "fetch3d", t, c, sizeof(c), out, sizeof(out), NC);
	for (int i = 0; i < NC; i++)
		near("3d linear clamp", i, out[i],
		     ref_fetch(&im, 3, &c[4 * i], 0, CU_TR_FILTER_MODE_LINEAR,
			       CU_TR_ADDRESS_MODE_CLAMP, 0, border, 0));
	CUDA_ARRAY3D_DESCRIPTOR ad;
	CK(cuArray3DGetDescriptor(&ad, a));
	if (ad.Width != W || ad.Height != H || ad.Depth != D)
		kh_fail("cuArray3DGetDescriptor: %zux%zux%zu", ad.Width,
			ad.Height, ad.Depth);
	CK(cuTexObjectDestroy(t));
	CK(cuArrayDestroy(a));

	/* 2D layered (W x H, D layers), point, wrap, normalised; layers
	 * outside [0, D) clamp */
	a = make_array(W, H, D, CU_AD_FORMAT_FLOAT, 1, CUDA_ARRAY3D_LAYERED, v, 4);
	t = make_tex_array(a, CU_TR_FILTER_MODE_POINT, CU_TR_ADDRESS_MODE_WRAP,
			   CU_TRSF_NORMALIZED_COORDINATES, border);
	for (int i = 0; i < NC; i++)
		c[4 * i + 2] = (float)((int)(kh_rand(r) % (D + 4)) - 2);
	run_fetch(k, "fetch2d_layered", t, c, sizeof(c), out, sizeof(out), NC);
	for (int i = 0; i < NC; i++) {
		int ly = (int)c[4 * i + 2];
		ly = ly < 0 ? 0 : ly >= D ? D - 1 : ly;
		near("2d layered point wrap", i, out[i],
		     ref_fetch(&im, 2, &c[4 * i], ly, CU_TR_FILTER_MODE_POINT,
			       CU_TR_ADDRESS_MODE_WRAP, 1, border, 0));
	}
	CK(cuTexObjectDestroy(t));
	CK(cuArrayDestroy(a));

	/* 1D layered (W, 2 layers) and plain 1D, linear, mirror/border */
	struct img im1 = {W * H, 1, 1, 1, v}; /* layer L is row L of v */
	a = make_array(W * H, 0, 2, CU_AD_FORMAT_FLOAT, 1, CUDA_ARRAY3D_LAYERED,
		       v, 4);
	t = make_tex_array(a, CU_TR_FILTER_MODE_LINEAR, CU_TR_ADDRESS_MODE_MIRROR,
			   CU_TRSF_NORMALIZED_COORDINATES, border);
	for (int i = 0; i < NC; i++) {
		c[2 * i] = kh_unif(r, -1.2f, 2.2f);
		c[2 * i + 1] = (float)(kh_rand(r) % 2);
	}
	run_fetch(k, "fetch1d_layered", t, c, 8 * NC, out, sizeof(out), NC);
	for (int i = 0; i < NC; i++) {
		struct img row = im1;
		row.v = v + (int)c[2 * i + 1] * W * H;
		near("1d layered linear mirror", i, out[i],
		     ref_fetch(&row, 1, &c[2 * i], 0, CU_TR_FILTER_MODE_LINEAR,
			       CU_TR_ADDRESS_MODE_MIRROR, 1, border, 0));
	}
	CK(cuTexObjectDestroy(t));
	CK(cuArrayDestroy(a));
	a = make_array(W * H, 0, 0, CU_AD_FORMAT_FLOAT, 1, 0, v, 4);
	t = make_tex_array(a, CU_TR_FILTER_MODE_LINEAR, CU_TR_ADDRESS_MODE_BORDER,
			   0, border);
	for (int i = 0; i < NC; i++)
		c[i] = kh_unif(r, -3.0f, W * H + 3.0f);
	run_fetch(k, "fetch1d", t, c, 4 * NC, out, sizeof(out), NC);
	for (int i = 0; i < NC; i++)
		near("1d linear border", i, out[i],
		     ref_fetch(&im1, 1, &c[i], 0, CU_TR_FILTER_MODE_LINEAR,
			       CU_TR_ADDRESS_MODE_BORDER, 0, border, 0));
	CK(cuTexObjectDestroy(t));
	CK(cuArrayDestroy(a));
}

/* uchar4 read as normalised float (point and linear); int4 as integers. */
static void test_formats(struct kh_ctx *k, struct kh_rng *r)
{
	enum { W = 7, H = 5 };
	static unsigned char u8[W * H * 4];
	static float fv[W * H * 4], c[NC * 2], out[NC * 4];
	static int i32[W * H * 4], iout[NC * 4];
	struct img im = {W, H, 1, 4, fv};
	for (int i = 0; i < W * H * 4; i++) {
		u8[i] = (unsigned char)kh_rand(r);
		fv[i] = u8[i] / 255.0f;
		i32[i] = (int)kh_rand(r);
	}
	for (int i = 0; i < NC * 2; i++)
		c[i] = kh_unif(r, -1.0f, 8.0f);
	CUarray a = make_array(W, H, 0, CU_AD_FORMAT_UNSIGNED_INT8, 4, 0, u8, 4);
	for (int f = 0; f < 2; f++) {
		CUtexObject t = make_tex_array(a, (CUfilter_mode)f,
					       CU_TR_ADDRESS_MODE_CLAMP, 0, border);
		run_fetch(k, "fetch2d", t, c, sizeof(c), out, sizeof(out), NC);
		for (int i = 0; i < NC; i++)
			for (int ch = 0; ch < 4; ch++)
				near(f ? "uchar4 linear normalised float"
				       : "uchar4 point normalised float", i,
				     out[4 * i + ch],
				     ref_fetch(&im, 2, &c[2 * i], 0, (CUfilter_mode)f,
					       CU_TR_ADDRESS_MODE_CLAMP, 0, border,
					       ch));
		CK(cuTexObjectDestroy(t));
	}
	CK(cuArrayDestroy(a));
	a = make_array(W, H, 0, CU_AD_FORMAT_SIGNED_INT32, 4, 0, i32, 16);
	CUtexObject t = make_tex_array(a, CU_TR_FILTER_MODE_POINT,
				       CU_TR_ADDRESS_MODE_CLAMP,
				       CU_TRSF_READ_AS_INTEGER, border);
	run_fetch(k, "fetch2d_int4", t, c, sizeof(c), iout, sizeof(iout), NC);
	for (int i = 0; i < NC; i++) {
		int x = ref_index((int)floorf(c[2 * i]), W, CU_TR_ADDRESS_MODE_CLAMP, 0);
		int y = ref_index((int)floorf(c[2 * i + 1]), H,
				  CU_TR_ADDRESS_MODE_CLAMP, 0);
		for (int ch = 0; ch < 4; ch++)
			if (iout[4 * i + ch] != i32[(y * W + x) * 4 + ch])
				kh_fail("int4 point: coordinate %d channel %d: "
					"got %d, expected %d", i, ch,
					iout[4 * i + ch], i32[(y * W + x) * 4 + ch]);
	}
	CK(cuTexObjectDestroy(t));
	CK(cuArrayDestroy(a));
}

/* Surfaces: reads, writes, clamp and zero boundaries, array copies. */
static void test_surface(struct kh_ctx *k, struct kh_rng *r)
{
	enum { W = 40, H = 3 };
	static int v[W * H], back[W * H], out[W * H * 3];
	for (int i = 0; i < W * H; i++)
		v[i] = kh_range(r, -100000, 100000);
	CUDA_ARRAY_DESCRIPTOR ad = {.Width = W, .Height = H,
				    .Format = CU_AD_FORMAT_SIGNED_INT32,
				    .NumChannels = 1};
	CUarray ain, aout;
	CUDA_ARRAY3D_DESCRIPTOR a3 = {.Width = W, .Height = H,
				      .Format = CU_AD_FORMAT_SIGNED_INT32,
				      .NumChannels = 1,
				      .Flags = CUDA_ARRAY3D_SURFACE_LDST};
	CK(cuArray3DCreate(&ain, &a3));
	CK(cuArray3DCreate(&aout, &a3));
	(void)ad;
	CUDA_MEMCPY2D cp = {.srcMemoryType = CU_MEMORYTYPE_HOST, .srcHost = v,
			    .srcPitch = W * 4, .dstMemoryType = CU_MEMORYTYPE_ARRAY,
			    .dstArray = ain, .WidthInBytes = W * 4, .Height = H};
	CK(cuMemcpy2D(&cp));
	CUDA_RESOURCE_DESC rd = {.resType = CU_RESOURCE_TYPE_ARRAY};
	CUsurfObject sin, sout;
	rd.res.array.hArray = ain;
	CK(cuSurfObjectCreate(&sin, &rd));
	rd.res.array.hArray = aout;
	CK(cuSurfObjectCreate(&sout, &rd));
	CUdeviceptr dout = kh_alloc(sizeof(out), NULL);
	int w = W, h = H;
	void *p[] = {&sin, &sout, &dout, &w, &h};
	kh_launch(k, "surf", 2, H, 1, 32, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, dout, sizeof(out)));
	CUDA_MEMCPY2D cb = {.srcMemoryType = CU_MEMORYTYPE_ARRAY, .srcArray = aout,
			    .dstMemoryType = CU_MEMORYTYPE_HOST, .dstHost = back,
			    .dstPitch = W * 4, .WidthInBytes = W * 4, .Height = H};
	CK(cuMemcpy2D(&cb));
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			int o = (y * W + x) * 3;
			if (out[o] != v[y * W + x] || back[y * W + x] != 2 * v[y * W + x])
				kh_fail("surface (%d,%d): read %d wrote %d, "
					"expected %d and %d", x, y, out[o],
					back[y * W + x], v[y * W + x],
					2 * v[y * W + x]);
			/* clamp: x + W -> W - 1, y - H -> 0 */
			if (out[o + 1] != v[W - 1])
				kh_fail("surface clamp read at (%d,%d): %d, "
					"expected %d", x + W, y - H, out[o + 1],
					v[W - 1]);
			if (out[o + 2] != 0)
				kh_fail("surface zero read at (%d,%d): %d", x - W,
					y, out[o + 2]);
		}
	CK(cuSurfObjectDestroy(sout));
	CK(cuArrayDestroy(aout));
	/* trap: a read past the end stops the kernel (sticky, last) */
	int bad = W + 1;
	void *q[] = {&sin, &dout, &bad};
	kh_launch(k, "surf_trap", 1, 1, 1, 1, 1, 1, 0, q);
	CUresult st = cuCtxSynchronize();
	if (st != CUDA_ERROR_ILLEGAL_ADDRESS)
		kh_fail("surface trap: %s, expected CUDA_ERROR_ILLEGAL_ADDRESS",
			kh_err_name(st));
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {31337};

	kh_ptx_needs(argv[1], "tex.2d.v4.f32.f32");
	kh_ptx_needs(argv[1], "suld.b.2d.b32.zero");
	kh_open(&k, argc, argv);
	test_2d(&k, &r);
	test_linear(&k, &r);
	test_dims(&k, &r);
	test_formats(&k, &r);
	test_surface(&k, &r);
	printf("PASS texture\n");
	return 0;
}
