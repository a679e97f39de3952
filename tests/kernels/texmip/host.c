/*
 * host.c - texture gathers, cube maps, mipmaps, texture queries and
 * surface reductions (issue 18).  Every result is checked against a CPU
 * reference written from the CUDA rules:
 *  - tld4 returns one component of the four texels bilinear filtering
 *    would use, (i0, j1), (i1, j1), (i1, j0), (i0, j0) with
 *    i0 = floor(x - 0.5), under the object's address mode (filter mode
 *    ignored);
 *  - a cube fetch picks the face of the direction's largest component and
 *    maps the other two to (s, t) by the programming guide's cubemap
 *    table, then samples that face as a normalised 2D texture clamped at
 *    its edges; layered cube maps select the cube first;
 *  - the level of detail is tex.level's operand, or log2 of the longer
 *    texel-space gradient for tex.grad; bias added, clamped to the
 *    object's min/max clamps and to the levels; point mipmap filtering
 *    takes the nearest level (ties down), linear blends the two around it;
 *    level l has the image halved l times (at least 1 texel);
 *  - txq reports sizes, levels, layers and the sampler state, suq a
 *    surface's sizes and format; istypep tells texture (.texref and
 *    .samplerref) from surface handles and from other values;
 *  - sured adds, takes min/max and ors into surface elements with the
 *    .trap/.clamp/.zero out-of-range modes.
 */
#define KH_NAME "texmip"
#include "../khost.h"
#include "../texref.h"

#include <math.h>

#define NC 96 /* coordinates per fetch test */

static const float border[4] = {1.5f, -2.0f, 3.25f, 4.0f};

static void near(const char *what, int i, double got, double want)
{
	if (!(fabs(got - want) <= 1e-4 * (1 + fabs(want))))
		kh_fail("%s: case %d: got %.7g, expected %.7g", what, i, got,
			want);
}

/* Linear-filter weight of coordinate u (texel units): low texel in *lo. */
static double ref_weight(double u, int *lo)
{
	double b = u - 0.5;
	*lo = (int)floor(b);
	return floor((b - floor(b)) * 256.0 + 0.5) / 256.0;
}

/* Bilinear or point sample of a one-channel w x h image at (u, v) texel
 * units, clamped at the edges. */
static double ref_2d(const float *img, int w, int h, double u, double v,
		     int lin)
{
	if (!lin) {
		int i = ref_index((int)floor(u), w, CU_TR_ADDRESS_MODE_CLAMP, 1);
		int j = ref_index((int)floor(v), h, CU_TR_ADDRESS_MODE_CLAMP, 1);
		return img[j * w + i];
	}
	int i0, j0;
	double a = ref_weight(u, &i0), b = ref_weight(v, &j0), r = 0;
	for (int q = 0; q < 4; q++) {
		int di = q & 1, dj = q >> 1;
		int i = ref_index(i0 + di, w, CU_TR_ADDRESS_MODE_CLAMP, 1);
		int j = ref_index(j0 + dj, h, CU_TR_ADDRESS_MODE_CLAMP, 1);
		r += (di ? a : 1 - a) * (dj ? b : 1 - b) * img[j * w + i];
	}
	return r;
}

static CUtexObject make_tex(const CUDA_RESOURCE_DESC *rd, CUfilter_mode f,
			    CUaddress_mode m, unsigned flags)
{
	CUDA_TEXTURE_DESC td = {.filterMode = f, .flags = flags};
	CUtexObject t;
	for (int i = 0; i < 3; i++)
		td.addressMode[i] = m;
	for (int i = 0; i < 4; i++)
		td.borderColor[i] = border[i];
	CK(cuTexObjectCreate(&t, rd, &td, NULL));
	return t;
}

/* tld4 on a float4 and a uchar4 array under every address mode. */
static void test_gather(struct kh_ctx *k, struct kh_rng *r)
{
	enum { W = 8, H = 6 };
	static float v[W * H * 4];
	static unsigned char u8[W * H * 4];
	static float c[NC * 2], out[NC * 4];
	for (int i = 0; i < W * H * 4; i++) {
		v[i] = kh_unif(r, -10, 10);
		u8[i] = (unsigned char)kh_range(r, 0, 255);
	}
	CUarray a = make_array(W, H, 0, CU_AD_FORMAT_FLOAT, 4,
			       CUDA_ARRAY3D_TEXTURE_GATHER, v, 16);
	CUarray b = make_array(W, H, 0, CU_AD_FORMAT_UNSIGNED_INT8, 4,
			       CUDA_ARRAY3D_TEXTURE_GATHER, u8, 4);
	CUdeviceptr dc = kh_alloc(sizeof(c), NULL);
	CUdeviceptr dout = kh_alloc(sizeof(out), NULL);
	for (int fmt = 0; fmt < 2; fmt++)
		for (int norm = 0; norm < 2; norm++)
			for (int m = 0; m < 4; m++) {
				CUDA_RESOURCE_DESC rd = {
					.resType = CU_RESOURCE_TYPE_ARRAY};
				rd.res.array.hArray = fmt ? b : a;
				CUtexObject t = make_tex(&rd, (CUfilter_mode)(m & 1),
					(CUaddress_mode)m,
					norm ? CU_TRSF_NORMALIZED_COORDINATES : 0);
				for (int i = 0; i < NC; i++) {
					c[2 * i] = kh_unif(r, -1.5f, 2.5f) *
						   (norm ? 1.0f : W);
					c[2 * i + 1] = kh_unif(r, -1.5f, 2.5f) *
						       (norm ? 1.0f : H);
				}
				CK(cuMemcpyHtoD(dc, c, sizeof(c)));
				int n = NC, comp = (m + norm + fmt) & 3;
				void *p[] = {&t, &dc, &dout, &n, &comp};
				kh_launch(k, "gather", 1, 1, 1, 128, 1, 1, 0, p);
				CK(cuCtxSynchronize());
				CK(cuMemcpyDtoH(out, dout, sizeof(out)));
				for (int i = 0; i < NC; i++) {
					double x = c[2 * i] * (norm ? W : 1);
					double y = c[2 * i + 1] * (norm ? H : 1);
					int i0, j0;
					ref_weight(x, &i0);
					ref_weight(y, &j0);
					static const int cn[4][2] = {
						{0, 1}, {1, 1}, {1, 0}, {0, 0}};
					for (int e = 0; e < 4; e++) {
						int ii = ref_index(i0 + cn[e][0], W,
							(CUaddress_mode)m, norm);
						int jj = ref_index(j0 + cn[e][1], H,
							(CUaddress_mode)m, norm);
						int o = (jj * W + ii) * 4 + comp;
						double want = ii < 0 || jj < 0
							? border[comp]
							: fmt ? u8[o] / 255.0 : v[o];
						near("gather", i * 4 + e,
						     out[i * 4 + e], want);
					}
				}
				CK(cuTexObjectDestroy(t));
			}
	CK(cuMemFree(dc));
	CK(cuMemFree(dout));
	CK(cuArrayDestroy(a));
	CK(cuArrayDestroy(b));
}

/* The face of direction d and its (s, t), from the programming guide's
 * cubemap-fetch table. */
static int ref_face(const float *d, double *s, double *t)
{
	double x = d[0], y = d[1], z = d[2];
	double ax = fabs(x), ay = fabs(y), az = fabs(z);
	int f;
	double sc, tc, m;
	if (ax >= ay && ax >= az) {
		m = ax;
		f = x > 0 ? 0 : 1;
		sc = x > 0 ? -z : z;
		tc = -y;
	} else if (ay >= az) {
		m = ay;
		f = y > 0 ? 2 : 3;
		sc = x;
		tc = y > 0 ? z : -z;
	} else {
		m = az;
		f = z > 0 ? 4 : 5;
		sc = z > 0 ? x : -x;
		tc = -y;
	}
	*s = (sc / m + 1) / 2;
	*t = (tc / m + 1) / 2;
	return f;
}

/* Cube maps, plain and layered, point and linear. */
static void test_cube(struct kh_ctx *k, struct kh_rng *r)
{
	enum { W = 4, CUBES = 2 };
	static float v[W * W * 6 * CUBES];
	static float c[NC * 4], out[NC];
	for (int i = 0; i < W * W * 6 * CUBES; i++)
		v[i] = (float)i + kh_unif(r, 0, 0.5f);
	CUarray one = make_array(W, W, 6, CU_AD_FORMAT_FLOAT, 1,
				 CUDA_ARRAY3D_CUBEMAP, v, 4);
	CUarray lay = make_array(W, W, 6 * CUBES, CU_AD_FORMAT_FLOAT, 1,
				 CUDA_ARRAY3D_CUBEMAP | CUDA_ARRAY3D_LAYERED,
				 v, 4);
	CUdeviceptr dc = kh_alloc(sizeof(c), NULL);
	CUdeviceptr dout = kh_alloc(sizeof(out), NULL);
	for (int layered = 0; layered < 2; layered++)
		for (int f = 0; f < 2; f++) {
			CUDA_RESOURCE_DESC rd = {.resType = CU_RESOURCE_TYPE_ARRAY};
			rd.res.array.hArray = layered ? lay : one;
			CUtexObject t = make_tex(&rd, (CUfilter_mode)f,
						 CU_TR_ADDRESS_MODE_CLAMP,
						 CU_TRSF_NORMALIZED_COORDINATES);
			for (int i = 0; i < NC; i++) {
				for (int q = 0; q < 3; q++) {
					float e = kh_unif(r, -1, 1);
					c[4 * i + q] = fabsf(e) < 0.01f ? 0.5f : e;
				}
				if (i < 6) { /* each face's centre */
					c[4 * i] = c[4 * i + 1] = c[4 * i + 2] = 0;
					c[4 * i + i / 2] = i & 1 ? -1.0f : 1.0f;
				}
				c[4 * i + 3] = (float)kh_range(r, -1, CUBES);
			}
			CK(cuMemcpyHtoD(dc, c, sizeof(c)));
			int n = NC;
			void *p[] = {&t, &dc, &dout, &n, &layered};
			kh_launch(k, "cube", 1, 1, 1, 128, 1, 1, 0, p);
			CK(cuCtxSynchronize());
			CK(cuMemcpyDtoH(out, dout, sizeof(out)));
			for (int i = 0; i < NC; i++) {
				double s, tt;
				int face = ref_face(&c[4 * i], &s, &tt);
				int cube = 0;
				if (layered) {
					cube = (int)c[4 * i + 3];
					cube = cube < 0 ? 0 : cube >= CUBES
						? CUBES - 1 : cube;
				}
				const float *img = v + (cube * 6 + face) * W * W;
				near(layered ? "cube layered" : "cube", i, out[i],
				     ref_2d(img, W, W, s * W, tt * W, f));
			}
			CK(cuTexObjectDestroy(t));
		}
	CK(cuMemFree(dc));
	CK(cuMemFree(dout));
	CK(cuArrayDestroy(one));
	CK(cuArrayDestroy(lay));
}

enum { MW = 16, MH = 8, ML = 5 };

/* Level l of the test mipmap: (max(1, MW >> l)) x (max(1, MH >> l)). */
static int lw(int l) { return MW >> l ? MW >> l : 1; }
static int lh(int l) { return MH >> l ? MH >> l : 1; }

/* The sample at normalised (x, y) and level of detail lod. */
static double ref_mip(float *const *lv, double x, double y, double lod,
		      const CUDA_TEXTURE_DESC *td)
{
	lod += td->mipmapLevelBias;
	lod = fmin(fmax(lod, td->minMipmapLevelClamp), td->maxMipmapLevelClamp);
	lod = fmin(fmax(lod, 0), ML - 1);
	int lin = td->filterMode == CU_TR_FILTER_MODE_LINEAR;
	if (td->mipmapFilterMode == CU_TR_FILTER_MODE_POINT) {
		int l = lod <= 0.5 ? 0 : (int)ceil(lod + 0.5) - 1;
		return ref_2d(lv[l], lw(l), lh(l), x * lw(l), y * lh(l), lin);
	}
	int l0 = (int)floor(lod);
	double fr = lod - l0, a = ref_2d(lv[l0], lw(l0), lh(l0), x * lw(l0),
					 y * lh(l0), lin);
	if (fr == 0 || l0 + 1 >= ML)
		return a;
	int l1 = l0 + 1;
	return (1 - fr) * a + fr * ref_2d(lv[l1], lw(l1), lh(l1), x * lw(l1),
					  y * lh(l1), lin);
}

/* A 16 x 8 float mipmap (5 levels) through tex.level and tex.grad under
 * point/linear filtering, point/linear mipmap filtering, bias and
 * clamps; and txq on it. */
static void test_mip(struct kh_ctx *k, struct kh_rng *r)
{
	static float lvdata[ML][MW * MH];
	float *lv[ML];
	static float c[NC * 4], g[NC * 4], out[NC];
	CUDA_ARRAY3D_DESCRIPTOR ad = {.Width = MW, .Height = MH,
				      .Format = CU_AD_FORMAT_FLOAT,
				      .NumChannels = 1};
	CUmipmappedArray mm;
	CK(cuMipmappedArrayCreate(&mm, &ad, 99)); /* clamped to 5 levels */
	for (int l = 0; l < ML; l++) {
		CUarray la;
		CUDA_ARRAY3D_DESCRIPTOR got;
		lv[l] = lvdata[l];
		for (int i = 0; i < lw(l) * lh(l); i++)
			lv[l][i] = 1000.0f * l + (float)i + kh_unif(r, 0, 0.5f);
		CK(cuMipmappedArrayGetLevel(&la, mm, (unsigned)l));
		CK(cuArray3DGetDescriptor(&got, la));
		if ((int)got.Width != lw(l) || (int)got.Height != lh(l))
			kh_fail("level %d is %zux%zu, expected %dx%d", l,
				got.Width, got.Height, lw(l), lh(l));
		CUDA_MEMCPY3D cp = {0};
		cp.srcMemoryType = CU_MEMORYTYPE_HOST;
		cp.srcHost = lv[l];
		cp.srcPitch = (size_t)lw(l) * 4;
		cp.srcHeight = (size_t)lh(l);
		cp.dstMemoryType = CU_MEMORYTYPE_ARRAY;
		cp.dstArray = la;
		cp.WidthInBytes = (size_t)lw(l) * 4;
		cp.Height = (size_t)lh(l);
		cp.Depth = 1;
		CK(cuMemcpy3D(&cp));
		if (l == 0 && cuArrayDestroy(la) != CUDA_ERROR_INVALID_VALUE)
			kh_fail("cuArrayDestroy of a mipmap level succeeded");
	}
	CUarray none;
	if (cuMipmappedArrayGetLevel(&none, mm, ML) != CUDA_ERROR_INVALID_VALUE)
		kh_fail("cuMipmappedArrayGetLevel past the last level succeeded");
	CUdeviceptr dc = kh_alloc(sizeof(c), NULL), dg = kh_alloc(sizeof(g), NULL);
	CUdeviceptr dout = kh_alloc(sizeof(out), NULL);
	for (int cfg = 0; cfg < 6; cfg++) {
		CUDA_RESOURCE_DESC rd = {.resType =
					 CU_RESOURCE_TYPE_MIPMAPPED_ARRAY};
		rd.res.mipmap.hMipmappedArray = mm;
		CUDA_TEXTURE_DESC td = {
			.filterMode = (CUfilter_mode)(cfg & 1),
			.mipmapFilterMode = (CUfilter_mode)((cfg >> 1) & 1),
			.flags = CU_TRSF_NORMALIZED_COORDINATES,
			.maxMipmapLevelClamp = cfg >= 4 ? 2.5f : (float)(ML - 1),
			.minMipmapLevelClamp = cfg >= 4 ? 0.75f : 0,
			.mipmapLevelBias = cfg >= 4 ? 0.5f : 0};
		for (int i = 0; i < 3; i++)
			td.addressMode[i] = CU_TR_ADDRESS_MODE_CLAMP;
		CUtexObject t;
		CK(cuTexObjectCreate(&t, &rd, &td, NULL));
		for (int i = 0; i < NC; i++) {
			c[4 * i] = kh_unif(r, 0, 1);
			c[4 * i + 1] = kh_unif(r, 0, 1);
			c[4 * i + 2] = kh_unif(r, -1, 5.5f);
			if (i < 8) /* whole and half levels exactly */
				c[4 * i + 2] = 0.5f * (float)i;
		}
		/* tex.level: coordinates (x, y, lod) in float4s */
		CK(cuMemcpyHtoD(dc, c, sizeof(c)));
		int n = NC;
		void *p[] = {&t, &dc, &dout, &n};
		kh_launch(k, "lod2d", 1, 1, 1, 128, 1, 1, 0, p);
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(out, dout, sizeof(out)));
		for (int i = 0; i < NC; i++)
			near("tex.level", cfg * NC + i, out[i],
			     ref_mip(lv, c[4 * i], c[4 * i + 1], c[4 * i + 2],
				     &td));
		/* tex.grad: coordinates in float2s, gradients in g */
		static float c2[NC * 2];
		for (int i = 0; i < NC; i++) {
			c2[2 * i] = kh_unif(r, 0, 1);
			c2[2 * i + 1] = kh_unif(r, 0, 1);
			double sc = exp2(kh_unif(r, -2, 6)) / MW;
			for (int q = 0; q < 4; q++)
				g[4 * i + q] = (float)(kh_unif(r, -1, 1) * sc);
		}
		CK(cuMemcpyHtoD(dc, c2, sizeof(c2)));
		CK(cuMemcpyHtoD(dg, g, sizeof(g)));
		void *p2[] = {&t, &dc, &dg, &dout, &n};
		kh_launch(k, "grad2d", 1, 1, 1, 128, 1, 1, 0, p2);
		CK(cuCtxSynchronize());
		CK(cuMemcpyDtoH(out, dout, sizeof(out)));
		for (int i = 0; i < NC; i++) {
			const float *d = &g[4 * i];
			double rx = hypot(d[0] * MW, d[1] * MH);
			double ry = hypot(d[2] * MW, d[3] * MH);
			double rho = fmax(rx, ry);
			near("tex.grad", cfg * NC + i, out[i],
			     ref_mip(lv, c2[2 * i], c2[2 * i + 1],
				     rho > 0 ? log2(rho) : -INFINITY, &td));
		}
		if (cfg == 3) { /* txq on the mipmapped texture */
			int q[10], want[10] = {MW, MH, 0, ML, 1, 1,
					       CU_TR_ADDRESS_MODE_CLAMP,
					       CU_TR_ADDRESS_MODE_CLAMP, 0,
					       lw(2)};
			CUdeviceptr dq = kh_alloc(sizeof(q), NULL);
			void *p3[] = {&t, &dq};
			kh_launch(k, "query", 1, 1, 1, 1, 1, 1, 0, p3);
			CK(cuMemcpyDtoH(q, dq, sizeof(q)));
			for (int i = 0; i < 10; i++)
				near("txq mipmap", i, q[i], want[i]);
			CK(cuMemFree(dq));
		}
		CK(cuTexObjectDestroy(t));
	}
	CK(cuMemFree(dc));
	CK(cuMemFree(dg));
	CK(cuMemFree(dout));
	CK(cuMipmappedArrayDestroy(mm));
}

/* txq on a layered 2D array and on a layered cube map. */
static void test_query(struct kh_ctx *k)
{
	static float v[4 * 4 * 12];
	CUarray a2 = make_array(4, 3, 5, CU_AD_FORMAT_FLOAT, 1,
				CUDA_ARRAY3D_LAYERED, v, 4);
	CUarray cu = make_array(4, 4, 12, CU_AD_FORMAT_FLOAT, 1,
				CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_CUBEMAP,
				v, 4);
	/* width, height, depth, levels, normalised, filter, addr0, addr1,
	 * layers, level-2 width (0: no such level) */
	static const int want[2][10] = {
		{4, 3, 0, 1, 0, 0, CU_TR_ADDRESS_MODE_BORDER,
		 CU_TR_ADDRESS_MODE_BORDER, 5, 0},
		{4, 4, 0, 1, 0, 0, CU_TR_ADDRESS_MODE_BORDER,
		 CU_TR_ADDRESS_MODE_BORDER, 2, 0},
	};
	CUdeviceptr dq = kh_alloc(10 * sizeof(int), NULL);
	for (int w = 0; w < 2; w++) {
		CUDA_RESOURCE_DESC rd = {.resType = CU_RESOURCE_TYPE_ARRAY};
		rd.res.array.hArray = w ? cu : a2;
		CUtexObject t = make_tex(&rd, CU_TR_FILTER_MODE_POINT,
					 CU_TR_ADDRESS_MODE_BORDER, 0);
		int q[10];
		void *p[] = {&t, &dq};
		kh_launch(k, "query", 1, 1, 1, 1, 1, 1, 0, p);
		CK(cuMemcpyDtoH(q, dq, sizeof(q)));
		for (int i = 0; i < 10; i++)
			near(w ? "txq cube" : "txq layered", i, q[i],
			     want[w][i]);
		CK(cuTexObjectDestroy(t));
	}
	CK(cuMemFree(dq));
	CK(cuArrayDestroy(a2));
	CK(cuArrayDestroy(cu));
}

/* sured add/min/max/or with trap, clamp and zero modes. */
static void test_sured(struct kh_ctx *k)
{
	enum { W = 8, H = 2, GX = 2, GY = 2, B = 32 };
	static int32_t init_min[W * H], init0[W * H], got[W * H];
	for (int i = 0; i < W * H; i++)
		init_min[i] = 1000;
	CUarray au = make_array(W, H, 0, CU_AD_FORMAT_UNSIGNED_INT32, 1,
				CUDA_ARRAY3D_SURFACE_LDST, init0, 4);
	CUarray amin = make_array(W, H, 0, CU_AD_FORMAT_SIGNED_INT32, 1,
				  CUDA_ARRAY3D_SURFACE_LDST, init_min, 4);
	CUarray amax = make_array(W, H, 0, CU_AD_FORMAT_SIGNED_INT32, 1,
				  CUDA_ARRAY3D_SURFACE_LDST, init0, 4);
	CUarray aor = make_array(W, 0, 0, CU_AD_FORMAT_UNSIGNED_INT32, 1,
				 CUDA_ARRAY3D_SURFACE_LDST, init0, 4);
	CUarray arr[4] = {au, amin, amax, aor};
	CUsurfObject s[4];
	for (int i = 0; i < 4; i++) {
		CUDA_RESOURCE_DESC rd = {.resType = CU_RESOURCE_TYPE_ARRAY};
		rd.res.array.hArray = arr[i];
		CK(cuSurfObjectCreate(&s[i], &rd));
	}
	int w = W;
	void *p[] = {&s[0], &s[1], &s[2], &s[3], &w};
	kh_launch(k, "reduce", GX, GY, 1, B, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	/* reference */
	int64_t add[W * H] = {0}, mn[W * H], mx[W * H] = {0};
	uint32_t orv[W] = {0};
	for (int i = 0; i < W * H; i++)
		mn[i] = 1000;
	for (int y = 0; y < GY; y++)
		for (int x = 0; x < GX * B; x++) {
			int e = y * W + x % W, sv = (x & 1) ? -x : x;
			add[e] += 1 + x;
			mn[e] = sv < mn[e] ? sv : mn[e];
			mx[e] = sv > mx[e] ? sv : mx[e]; /* sured.p */
			if (y + 1 < H) /* .zero drops the row past the end */
				mx[e + W] = sv > mx[e + W] ? sv : mx[e + W];
			orv[x < W ? x : W - 1] |= 1u << (x % 32); /* .clamp */
		}
	for (int a = 0; a < 4; a++) {
		int n = a == 3 ? W : W * H;
		CUDA_MEMCPY3D cp = {0};
		cp.srcMemoryType = CU_MEMORYTYPE_ARRAY;
		cp.srcArray = arr[a];
		cp.dstMemoryType = CU_MEMORYTYPE_HOST;
		cp.dstHost = got;
		cp.dstPitch = W * 4;
		cp.dstHeight = a == 3 ? 1 : H;
		cp.WidthInBytes = W * 4;
		cp.Height = a == 3 ? 1 : H;
		cp.Depth = 1;
		CK(cuMemcpy3D(&cp));
		for (int i = 0; i < n; i++) {
			int64_t want = a == 0 ? add[i] : a == 1 ? mn[i]
				: a == 2 ? mx[i] : (int32_t)orv[i];
			if (got[i] != (int32_t)want)
				kh_fail("sured %s: element %d: got %d, expected "
					"%d", a == 0 ? "add" : a == 1 ? "min"
					: a == 2 ? "max" : "or", i, got[i],
					(int32_t)want);
		}
	}
	/* suq on the 2D min surface and the 1D or surface */
	static const int sq[2][6] = {
		{W, H, 0, 0, CU_AD_FORMAT_SIGNED_INT32, 0},
		{W, 0, 0, 0, CU_AD_FORMAT_UNSIGNED_INT32, 0}};
	CUdeviceptr dq = kh_alloc(6 * sizeof(int), NULL);
	for (int q = 0; q < 2; q++) {
		int v[6];
		void *pq[] = {&s[q ? 3 : 1], &dq};
		kh_launch(k, "squery", 1, 1, 1, 1, 1, 1, 0, pq);
		CK(cuMemcpyDtoH(v, dq, sizeof(v)));
		for (int i = 0; i < 6; i++)
			near(q ? "suq 1d" : "suq 2d", i, v[i], sq[q][i]);
	}
	/* istypep: a texture, a surface, device memory, an unmapped value */
	CUDA_RESOURCE_DESC rt = {.resType = CU_RESOURCE_TYPE_ARRAY};
	rt.res.array.hArray = arr[0];
	CUtexObject tx = make_tex(&rt, CU_TR_FILTER_MODE_POINT,
				  CU_TR_ADDRESS_MODE_CLAMP, CU_TRSF_READ_AS_INTEGER);
	unsigned long long hs[4] = {tx, s[2], dq, 8};
	static const int want[4][3] = {{1, 1, 0}, {0, 0, 1}, {0, 0, 0},
				       {0, 0, 0}};
	for (int q = 0; q < 4; q++) {
		int v[3];
		void *pq[] = {&hs[q], &dq};
		kh_launch(k, "istype", 1, 1, 1, 3, 1, 1, 0, pq);
		CK(cuMemcpyDtoH(v, dq, sizeof(v)));
		for (int i = 0; i < 3; i++)
			near("istypep", q * 3 + i, v[i], want[q][i]);
	}
	CK(cuTexObjectDestroy(tx));
	CK(cuMemFree(dq));
	for (int i = 0; i < 4; i++) {
		CK(cuSurfObjectDestroy(s[i]));
		CK(cuArrayDestroy(arr[i]));
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {4242};

	kh_ptx_needs(argv[1], "tld4.r.2d.v4.f32.f32");
	kh_ptx_needs(argv[1], "tex.acube.v4.f32.f32");
	kh_ptx_needs(argv[1], "tex.grad.2d.v4.f32.f32");
	kh_ptx_needs(argv[1], "sured.b.max.2d.s32.zero");
	kh_open(&k, argc, argv);
	test_gather(&k, &r);
	test_cube(&k, &r);
	test_mip(&k, &r);
	test_query(&k);
	test_sured(&k);
	kh_close(&k);
	printf("PASS texmip\n");
	return 0;
}
