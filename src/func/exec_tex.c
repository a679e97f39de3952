/*
 * exec_tex.c - texture fetches (tex, tex.level, tex.grad, tld4 gathers;
 * 1D/2D/3D, layered, cube and layered-cube geometries, mipmaps), texture
 * and surface queries (txq, suq, istypep) and surface loads, stores and
 * reductions (suld.b, sust.b, sured.b/.p) through texture and surface
 * objects (issue 18).
 *
 * The object operand is the device address of a struct ws_texdesc
 * (include/warpsim.h) that the Driver API wrote.  Sampling follows the
 * CUDA programming guide's texture-fetching rules:
 *  - normalised coordinates are scaled by the size of their dimension;
 *  - point filtering takes texel floor(x); linear filtering blends texels
 *    floor(x - 0.5) and the next with weight frac(x - 0.5) rounded to 8
 *    fractional bits (the guide's 9-bit fixed-point weights), per
 *    dimension (2, 4 or 8 texels);
 *  - address modes act on each texel index: clamp to the edge texel,
 *    border returns the border colour for that texel, wrap takes the
 *    index modulo the size, mirror reflects it; wrap and mirror need
 *    normalised coordinates (CUDA) and act as clamp otherwise;
 *  - array layers are integer indices clamped to the layers;
 *  - 8- and 16-bit integer formats read as normalised floats (unsigned
 *    /(2^n-1), signed /(2^(n-1)-1) clamped to -1) unless the object reads
 *    as integer; 32-bit integer formats always read as integers;
 *  - integer coordinates (.s32) index texels directly, without filtering;
 *    an index outside a linear-memory resource reads 0 (tex1Dfetch);
 *  - channels the format lacks read 0;
 *  - cube maps, levels of detail and gathers as docs/semantics.md says.
 * Timing sees one global read of the first texel per lane (through L1D:
 * a simplification; there is no texture cache).
 */
#include "../base/base.h"
#include "../../include/warpsim.h"
#include "fgpu_int.h"

#include <math.h>

/* The object at handle h for lane l, or false after a fault. */
static bool tex_desc(struct exec *x, uint64_t h, unsigned l, bool surface,
		     struct ws_texdesc *d)
{
	const uint8_t *p = (h & 7) ? NULL
		: fexec_gptr(x->cx, x->g, h, sizeof(*d));
	if (p)
		memcpy(d, p, sizeof(*d));
	if (!p || d->magic != WS_TEXDESC_MAGIC || d->surface != surface ||
	    !d->channels || d->channels > 4 || !d->levels || d->levels > 32 ||
	    !d->dims || d->dims > 3) {
		fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, h, SP_GLOBAL, 8,
			    surface ? "not a surface object"
				    : "not a texture object");
		return false;
	}
	return true;
}

/* Bytes of one channel of CUarray_format f. */
static unsigned tex_fmt_bytes(uint32_t f)
{
	switch (f) {
	case 0x01: case 0x08: return 1;
	case 0x02: case 0x09: case 0x10: return 2;
	default: return 4;
	}
}

static bool tex_fmt_signed(uint32_t f)
{
	return f == 0x08 || f == 0x09 || f == 0x0a;
}

/* IEEE half to float. */
static double tex_half(uint32_t h)
{
	int e = (h >> 10) & 0x1f, m = h & 0x3ff;
	double v = e == 0 ? ldexp(m, -24)
		   : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 0x400, e - 25);
	return (h & 0x8000) ? -v : v;
}

/* One texel's channels as doubles (fl) or integers (!fl). */
struct texel {
	double f[4];  /* float view (read as normalised float / float) */
	int64_t i[4]; /* integer view (read as integer) */
};

/* Fetch texel (i, j, k) of d: false after a fault. */
static bool tex_fetch(struct exec *x, const struct ws_texdesc *d, int64_t i,
		      int64_t j, int64_t k, unsigned lane, struct texel *t)
{
	unsigned cb = tex_fmt_bytes(d->format), eb = cb * d->channels;
	addr_t a = d->data + (uint64_t)k * d->slice + (uint64_t)j * d->pitch +
		   (uint64_t)i * eb;
	const uint8_t *p = fexec_gptr(x->cx, x->g, a, eb);
	bool norm = !(d->flags & 0x01) && cb < 4 && d->format != 0x10;

	memset(t, 0, sizeof(*t));
	if (!p) {
		fexec_fault(x, WS_E_ILLEGAL_ADDRESS, lane, a, SP_GLOBAL, eb,
			    "texel outside the memory of its texture");
		return false;
	}
	for (unsigned c = 0; c < d->channels; c++) {
		uint32_t raw = 0;
		memcpy(&raw, p + c * cb, cb);
		int64_t v = tex_fmt_signed(d->format) ? sext(raw, cb * 8)
						      : (int64_t)raw;
		t->i[c] = v;
		if (d->format == 0x20) {
			float f;
			memcpy(&f, &raw, 4);
			t->f[c] = f;
		} else if (d->format == 0x10) {
			t->f[c] = tex_half(raw);
		} else if (norm && tex_fmt_signed(d->format)) {
			double mx = (double)((1u << (cb * 8 - 1)) - 1);
			t->f[c] = fmax((double)v / mx, -1.0);
		} else if (norm) {
			t->f[c] = (double)v / (double)((1u << (cb * 8)) - 1);
		} else {
			t->f[c] = (double)v;
		}
	}
	return true;
}

/* Index idx of a dimension of size n under address mode m: the texel to
 * use, or -1 for the border colour. */
static int64_t tex_wrap(int64_t idx, int64_t n, uint32_t m, bool normalised)
{
	if (!normalised && (m == 0 || m == 2))
		m = 1; /* wrap and mirror need normalised coordinates */
	switch (m) {
	case 0: /* wrap */
		return ((idx % n) + n) % n;
	case 2: { /* mirror */
		int64_t p = ((idx % (2 * n)) + 2 * n) % (2 * n);
		return p < n ? p : 2 * n - 1 - p;
	}
	case 3: /* border */
		return idx < 0 || idx >= n ? -1 : idx;
	default: /* clamp */
		return idx < 0 ? 0 : idx >= n ? n - 1 : idx;
	}
}

/* The level-l image of d (l < d->levels): its texels, pitch, slice and
 * size; layers and cube faces keep their count. */
static struct ws_texdesc tex_level(const struct ws_texdesc *d, unsigned l)
{
	struct ws_texdesc r = *d;
	unsigned eb = tex_fmt_bytes(d->format) * d->channels;
	unsigned img = d->dims; /* the dimensions that shrink */
	for (unsigned m = 0; m <= l; m++) {
		for (unsigned k = 0; k < 3; k++) {
			uint32_t n = k < img ? d->dim[k] >> m : d->dim[k];
			r.dim[k] = n ? n : 1;
		}
		r.pitch = (uint64_t)r.dim[0] * eb;
		r.slice = img == 1 ? r.pitch : r.pitch * r.dim[1];
		if (m < l)
			r.data += r.slice * (img == 1 ? r.dim[1] : r.dim[2]);
	}
	return r;
}

/* Sampling request of one lane. */
struct tex_req {
	unsigned nd;        /* image dimensions sampled (1..3) */
	bool layered;       /* `layer` selects the slice */
	int64_t layer;      /* slice index (clamped) */
	bool fcoord;        /* float coordinates (else integer texel indices) */
	bool normalised;    /* float coordinates in [0, 1) */
	bool lin;           /* linear filtering */
	bool linear_mem;    /* tex1Dfetch: out of range reads 0 */
	bool clamp_all;     /* cube faces: clamp every dimension */
	double c[3];        /* float coordinates (level-0 texel units when
			       not normalised) */
	int64_t ic[3];      /* integer coordinates */
};

/* The footprint of q in level image d: low texel and weight per
 * dimension. */
static void tex_foot(const struct ws_texdesc *d, const struct ws_texdesc *d0,
		     const struct tex_req *q, bool lin, int64_t *lo, double *w)
{
	for (unsigned k = 0; k < q->nd; k++) {
		if (!q->fcoord) {
			lo[k] = q->ic[k];
			w[k] = 0;
			continue;
		}
		double c = q->normalised ? q->c[k] * d->dim[k]
			   : q->c[k] * d->dim[k] / d0->dim[k];
		if (!(fabs(c) < 1e15)) /* NaN and huge: keep the index defined */
			c = isnan(c) ? 0 : copysign(1e15, c);
		if (lin) {
			double b = c - 0.5, fl = floor(b);
			lo[k] = (int64_t)fl;
			w[k] = floor((b - fl) * 256.0 + 0.5) / 256.0;
		} else {
			lo[k] = (int64_t)floor(c);
			w[k] = 0;
		}
	}
}

/* Texel `idx` (already wrapped; any index < 0: border) of level d. */
static bool tex_texel(struct exec *x, const struct ws_texdesc *d,
		      const struct tex_req *q, const int64_t *idx, unsigned lane,
		      struct texel *t, addr_t *ra)
{
	bool border = false;
	for (unsigned k = 0; k < q->nd; k++)
		border |= idx[k] < 0;
	if (border) {
		memset(t, 0, sizeof(*t));
		if (!q->linear_mem)
			for (unsigned c = 0; c < 4; c++) {
				t->f[c] = d->border[c];
				t->i[c] = (int64_t)d->border[c];
			}
		if (ra)
			*ra = d->data;
		return true;
	}
	int64_t p[3] = {idx[0], q->nd > 1 ? idx[1] : 0, q->nd > 2 ? idx[2] : 0};
	if (q->layered)
		p[q->nd] = q->layer;
	if (ra)
		*ra = d->data + (uint64_t)p[2] * d->slice +
		      (uint64_t)p[1] * d->pitch +
		      (uint64_t)p[0] * tex_fmt_bytes(d->format) * d->channels;
	return tex_fetch(x, d, p[0], p[1], p[2], lane, t);
}

/* The wrapped index of texel lo + up in dimension k, -1 for border. */
static int64_t tex_index(const struct ws_texdesc *d, const struct tex_req *q,
			 unsigned k, int64_t i)
{
	if (q->linear_mem)
		return i < 0 || i >= (int64_t)d->dim[k] ? -1 : i;
	return tex_wrap(i, d->dim[k], q->clamp_all ? 1 : d->addr[k],
			q->normalised);
}

/* Filtered sample of q in level image d into f (float view) and iv
 * (integer view of the first texel); ra gets the first texel's address. */
static bool tex_sample(struct exec *x, const struct ws_texdesc *d,
		       const struct ws_texdesc *d0, const struct tex_req *q,
		       unsigned lane, double *f, int64_t *iv, addr_t *ra)
{
	int64_t lo[3] = {0, 0, 0};
	double w[3] = {0, 0, 0};
	unsigned corners = q->lin ? 1u << q->nd : 1;

	tex_foot(d, d0, q, q->lin, lo, w);
	for (unsigned c = 0; c < 4; c++)
		f[c] = 0;
	for (unsigned m = 0; m < corners; m++) {
		int64_t idx[3] = {0, 0, 0};
		double wt = 1.0;
		for (unsigned k = 0; k < q->nd; k++) {
			unsigned up = (m >> k) & 1;
			idx[k] = tex_index(d, q, k, lo[k] + up);
			wt *= up ? w[k] : 1.0 - w[k];
		}
		struct texel t;
		if (!tex_texel(x, d, q, idx, lane, &t, m ? NULL : ra))
			return false;
		for (unsigned c = 0; c < 4; c++) {
			f[c] += wt * t.f[c];
			if (!m)
				iv[c] = t.i[c];
		}
	}
	return true;
}

/* Cube map: the face and its (s, t) in [0, 1] for direction (x, y, z),
 * the CUDA programming guide's cubemap-fetch table (the largest
 * magnitude picks the face; ties go to x, then y). */
static unsigned tex_cube_face(const double *v, double *s, double *t)
{
	double ax = fabs(v[0]), ay = fabs(v[1]), az = fabs(v[2]), m, sc, tc;
	unsigned face;

	if (ax >= ay && ax >= az) {
		face = v[0] >= 0 ? 0 : 1;
		m = ax;
		sc = v[0] >= 0 ? -v[2] : v[2];
		tc = -v[1];
	} else if (ay >= az) {
		face = v[1] >= 0 ? 2 : 3;
		m = ay;
		sc = v[0];
		tc = v[1] >= 0 ? v[2] : -v[2];
	} else {
		face = v[2] >= 0 ? 4 : 5;
		m = az;
		sc = v[2] >= 0 ? v[0] : -v[0];
		tc = -v[1];
	}
	*s = m > 0 ? (sc / m + 1) / 2 : 0.5;
	*t = m > 0 ? (tc / m + 1) / 2 : 0.5;
	return face;
}

/* The level of detail of lane l: tex.level's operand, log2 of the longer
 * gradient in texels for tex.grad, 0 otherwise; bias and clamps applied. */
static double tex_lod(const struct exec *x, const struct insn *in,
		      const struct ws_texdesc *d, unsigned nc, unsigned nd,
		      bool normalised, unsigned l)
{
	double lod = 0;
	if (in->bop == TL_LEVEL) {
		lod = f32_from_bits(freg_get(x->w, x->row[insn_tex_reg(in,
							nc)], x->ws, l));
	} else if (in->bop == TL_GRAD) {
		double rho = 0;
		for (unsigned g = 0; g < 2; g++) {
			double sum = 0;
			for (unsigned k = 0; k < nd; k++) {
				uint32_t r = insn_tex_reg(in, nc + g * nd + k);
				double v = f32_from_bits(
					freg_get(x->w, x->row[r], x->ws, l));
				if (normalised)
					v *= d->dim[k];
				sum += v * v;
			}
			rho = fmax(rho, sqrt(sum));
		}
		lod = rho > 0 ? log2(rho) : -INFINITY;
	}
	if (isnan(lod))
		lod = 0;
	lod += d->lod_bias;
	lod = fmin(fmax(lod, d->lod_min), d->lod_max);
	return fmin(fmax(lod, 0), (double)(d->levels - 1));
}

/* tld4: component comp of the four texels of the bilinear footprint of q,
 * in the order (i0, j1), (i1, j1), (i1, j0), (i0, j0). */
static bool tex_gather(struct exec *x, const struct ws_texdesc *d,
		       const struct tex_req *q, unsigned comp, unsigned lane,
		       double *f, int64_t *iv, addr_t *ra)
{
	static const uint8_t corner[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
	int64_t lo[3] = {0, 0, 0};
	double w[3];

	tex_foot(d, d, q, true, lo, w);
	for (unsigned e = 0; e < 4; e++) {
		int64_t idx[3] = {0, 0, 0};
		for (unsigned k = 0; k < 2; k++)
			idx[k] = tex_index(d, q, k, lo[k] + corner[e][k]);
		struct texel t;
		if (!tex_texel(x, d, q, idx, lane, &t, e == 3 ? ra : NULL))
			return false;
		f[e] = t.f[comp];
		iv[e] = t.i[comp];
	}
	return true;
}

void exec_TEX(struct exec *x, const struct insn *in, lanemask_t m)
{
	static const uint8_t ndim[] = {0, 1, 2, 3, 1, 2, 3, 3};
	static const uint8_t ncoord[] = {0, 1, 2, 3, 2, 3, 3, 4};
	const uint64_t *h = x_src(x, &in->o[1], 0);
	bool cube = in->aux == TG_CUBE || in->aux == TG_ACUBE;
	bool layered = in->aux == TG_A1D || in->aux == TG_A2D ||
		       in->aux == TG_ACUBE;
	unsigned nd = ndim[in->aux], nc = ncoord[in->aux], l;
	bool fcoord = in->type2 == PT_F32, fout = in->type == PT_F32;
	addr_t ra[WS_MAX_WARP];
	uint64_t out[4][WS_MAX_WARP];

	FOR_LANES(l, m) {
		struct ws_texdesc d;
		if (!tex_desc(x, h[l], l, false, &d))
			return;
		if (cube != (d.cubemap != 0)) {
			fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, h[l], SP_GLOBAL,
				    8, cube ? "cube fetch from a texture that "
				    "is not a cube map" : "fetch from a cube "
				    "map that is not a cube fetch");
			return;
		}
		struct tex_req q = {.nd = nd, .layered = layered,
				    .fcoord = fcoord,
				    .normalised = (d.flags & 0x02) && fcoord,
				    .lin = d.filter == 1 && fcoord};
		q.linear_mem = !fcoord && nd == 1 && !layered &&
			       d.pitch == d.slice && d.dim[1] == 1;
		unsigned ci = 0;
		if (layered) {
			int64_t ly = (int32_t)x_row(x, insn_tex_reg(in, 0))[l];
			int64_t nl = cube ? d.dim[2] / 6 : d.dim[nd];
			q.layer = ly < 0 ? 0 : ly >= nl ? nl - 1 : ly;
			ci = 1;
		}
		for (unsigned k = 0; k < nc - ci; k++) {
			uint64_t r = x_row(x, insn_tex_reg(in, ci + k))[l];
			q.ic[k] = (int32_t)r;
			q.c[k] = f32_from_bits(r);
		}
		if (cube) { /* a 2D fetch from face f of cube `layer` */
			double s, t;
			unsigned face = tex_cube_face(q.c, &s, &t);
			q.nd = 2;
			q.layer = q.layer * 6 + face;
			q.layered = true;
			q.normalised = true;
			q.clamp_all = true;
			q.c[0] = s;
			q.c[1] = t;
		}
		double f[4] = {0, 0, 0, 0};
		int64_t iv[4] = {0, 0, 0, 0};
		bool ok;
		if (in->cmp) { /* tld4 */
			ok = tex_gather(x, &d, &q, in->cmp - T4_R, l, f, iv,
					&ra[l]);
		} else if (d.levels <= 1) {
			ok = tex_sample(x, &d, &d, &q, l, f, iv, &ra[l]);
		} else {
			double lod = tex_lod(x, in, &d, nc, q.nd, q.normalised,
					     l);
			unsigned l0 = d.mip_filter == 1 ? (unsigned)floor(lod)
				: lod <= 0.5 ? 0 : (unsigned)ceil(lod + 0.5) - 1;
			double fr = d.mip_filter == 1 ? lod - l0 : 0;
			struct ws_texdesc dl = tex_level(&d, l0);
			ok = tex_sample(x, &dl, &d, &q, l, f, iv, &ra[l]);
			if (ok && fr > 0 && l0 + 1 < d.levels) {
				double f1[4];
				int64_t iv1[4];
				dl = tex_level(&d, l0 + 1);
				ok = tex_sample(x, &dl, &d, &q, l, f1, iv1, NULL);
				for (unsigned c = 0; c < 4; c++)
					f[c] = (1 - fr) * f[c] + fr * f1[c];
			}
		}
		if (!ok)
			return;
		for (unsigned c = 0; c < 4; c++)
			out[c][l] = fout ? f32_bits((float)f[c])
					 : (uint64_t)(uint32_t)iv[c];
	}
	for (unsigned c = 0; c < 4; c++) {
		uint64_t *dst = x_row(x, in->vec_reg[c]);
		FOR_LANES(l, m)
			dst[l] = out[c][l] & size_mask(in->o[0].size);
	}
	struct fmemrec *r = x->cx->rec;
	if (r && m) { /* timing: the first texel of each lane */
		r->n = 1;
		r->space = SP_GLOBAL;
		r->bytes = 4;
		r->write = 0;
		r->atomic = 0;
		r->mask = m;
		FOR_LANES(l, m)
			r->addr[l] = ra[l] & ~(addr_t)3;
	}
}

/*
 * txq / suq: an attribute of a texture or surface object.  Sizes follow
 * the hardware's texture-header query: dimensions a geometry lacks read 0
 * (1D: height and depth; 2D, cube and layered: depth), layers are counted
 * by .array_size (cubes for a layered cube map, 0 when not layered).  The
 * encodings of the enumerated attributes are the Driver API's: filter
 * mode CUfilter_mode, address modes CUaddress_mode, channel data type
 * CUarray_format, channel order the channel count.
 */
static void query(struct exec *x, const struct insn *in, lanemask_t m,
		  bool surface)
{
	const uint64_t *h = x_src(x, &in->o[1], 0);
	uint64_t *dst = x_row(x, in->o[0].reg);
	unsigned l;

	FOR_LANES(l, m) {
		struct ws_texdesc d;
		if (!tex_desc(x, h[l], l, surface, &d))
			return;
		unsigned lv = 0;
		if (in->bop) {
			int32_t v = (int32_t)x_src(x, &in->o[2], 2)[l];
			lv = v < 0 ? 0 : (unsigned)v;
		}
		unsigned img = d.dims;
		uint32_t layers = d.cubemap ? (d.layered ? d.dim[2] / 6 : 0)
				  : d.layered ? d.dim[img] : 0;
		struct ws_texdesc dl = lv < d.levels ? tex_level(&d, lv) : d;
		uint32_t dim[3];
		for (unsigned k = 0; k < 3; k++)
			dim[k] = lv < d.levels && k < img ? dl.dim[k] : 0;
		uint32_t v = 0;
		switch (in->aux) {
		case TQ_WIDTH: v = dim[0]; break;
		case TQ_HEIGHT: v = dim[1]; break;
		case TQ_DEPTH: v = dim[2]; break;
		case TQ_CHANNEL_DATA_TYPE: v = d.format; break;
		case TQ_CHANNEL_ORDER: v = d.channels; break;
		case TQ_NORMALIZED_COORDS: v = (d.flags & 0x02) != 0; break;
		case TQ_FORCE_UNNORMALIZED_COORDS: v = !(d.flags & 0x02); break;
		case TQ_ARRAY_SIZE: v = layers; break;
		case TQ_NUM_MIPMAP_LEVELS: v = d.levels; break;
		case TQ_NUM_SAMPLES: v = 0; break;
		case TQ_FILTER_MODE: v = d.filter; break;
		case TQ_ADDR_MODE_0: v = d.addr[0]; break;
		case TQ_ADDR_MODE_1: v = d.addr[1]; break;
		case TQ_ADDR_MODE_2: v = d.addr[2]; break;
		default: v = 0; break; /* memory_layout: arrays only */
		}
		dst[l] = v;
	}
}

void exec_TXQ(struct exec *x, const struct insn *in, lanemask_t m)
{
	query(x, in, m, false);
}

void exec_SUQ(struct exec *x, const struct insn *in, lanemask_t m)
{
	query(x, in, m, true);
}

/* sured: old value o combined with v (es bytes) under atom_op op; the
 * type decides signedness (sured.p: the surface format). */
static uint64_t surface_red(unsigned op, bool sgn, unsigned es, uint64_t o,
			    uint64_t v)
{
	int64_t so = es == 4 ? (int32_t)o : (int64_t)o;
	int64_t sv = es == 4 ? (int32_t)v : (int64_t)v;
	uint64_t uo = o & size_mask(es), uv = v & size_mask(es);
	switch (op) {
	case ATOM_ADD: return uo + uv;
	case ATOM_MIN: return sgn ? (uint64_t)(so < sv ? so : sv)
				  : uo < uv ? uo : uv;
	case ATOM_MAX: return sgn ? (uint64_t)(so > sv ? so : sv)
				  : uo > uv ? uo : uv;
	case ATOM_AND: return uo & uv;
	default: return uo | uv; /* ATOM_OR */
	}
}

void fexec_sured_apply(uint8_t *p, unsigned bop, bool sgn, unsigned es,
		       uint64_t v)
{
	uint64_t o = 0;
	memcpy(&o, p, es);
	o = surface_red(bop, sgn, es, o, v);
	memcpy(p, &o, es);
}

/*
 * suld.b / sust.b / sured.b: x in bytes, y rows, z slices or layers
 * (sured.p: x in elements).  Out of range: .trap stops the kernel,
 * .clamp uses the nearest element in range, .zero loads 0 and drops the
 * store or reduction.  The access must be aligned to its size.  A
 * reduction is applied lane by lane (one lane's update is complete before
 * the next lane's): at issue, or in timing mode with the SM's other
 * global writes at the end of the cycle (fctx.c).
 */
enum sur_kind { SK_LOAD, SK_STORE, SK_RED };

static void surface(struct exec *x, const struct insn *in, lanemask_t m,
		    enum sur_kind kind)
{
	static const uint8_t ndim[] = {0, 1, 2, 3, 1, 2, 2, 2};
	bool store = kind != SK_LOAD;
	const uint64_t *h = x_src(x, &in->o[1], 0);
	bool layered = in->aux == TG_A1D || in->aux == TG_A2D;
	unsigned nd = ndim[in->aux], es = ptype_size((enum ptype)in->type);
	unsigned nv = in->vec ? in->vec : 1, size = es * nv, l;
	addr_t ra[WS_MAX_WARP];
	lanemask_t done = 0;
	uint8_t fwd[1][32];

	FOR_LANES(l, m) {
		struct ws_texdesc d;
		int64_t c[3] = {0, 0, 0};
		if (!tex_desc(x, h[l], l, true, &d))
			return;
		unsigned ebytes = tex_fmt_bytes(d.format) * d.channels;
		int64_t lim[3] = {(int64_t)d.dim[0] * ebytes - size, 0, 0};
		if (kind == SK_RED && in->rnd) { /* sured.p: a whole element */
			if (ebytes != size) {
				fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, h[l],
					    SP_GLOBAL, size, "sured.p type "
					    "size differs from the surface "
					    "element");
				return;
			}
		}
		/* coordinates in operand order: (x, y, z), array: layer first */
		for (unsigned k = 0; k < nd + layered; k++) {
			int64_t v = (int32_t)x_row(x, in->o[2 + k].reg)[l];
			unsigned dim = layered ? (k == 0 ? nd : k - 1) : k;
			c[dim] = v;
		}
		if (kind == SK_RED && in->rnd)
			c[0] *= size; /* sample addressing */
		for (unsigned k = 1; k < 3; k++)
			lim[k] = (int64_t)d.dim[k] - 1;
		if (c[0] % size) {
			fexec_fault(x, WS_E_MISALIGNED, l, (addr_t)c[0], SP_GLOBAL,
				    size, "misaligned surface x coordinate");
			return;
		}
		bool out = false;
		for (unsigned k = 0; k < 3; k++)
			if (c[k] < 0 || c[k] > lim[k]) {
				out = true;
				if (in->cmp == SUR_CLAMP)
					c[k] = c[k] < 0 ? 0 : lim[k];
			}
		if (out && in->cmp == SUR_TRAP) {
			fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, (addr_t)c[0],
				    SP_GLOBAL, size, "surface access out of range "
				    "(.trap)");
			return;
		}
		if (out && in->cmp == SUR_CLAMP)
			c[0] -= c[0] % size;
		addr_t a = d.data + (uint64_t)c[2] * d.slice +
			   (uint64_t)c[1] * d.pitch + (uint64_t)c[0];
		ra[l] = a;
		if (out && in->cmp == SUR_ZERO) {
			if (!store)
				for (unsigned e = 0; e < nv; e++)
					x_row(x, in->o[0].kind == OK_VEC
					      ? in->vec_reg[e]
					      : in->o[0].reg)[l] = 0;
			continue;
		}
		uint8_t *p = fexec_gptr(x->cx, x->g, a, size);
		if (!p) {
			fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, a, SP_GLOBAL, size,
				    "surface element outside its memory");
			return;
		}
		if (!store && x->cx->n_log) /* timing: this SM's writes */
			fexec_forward(x->cx, &p, 1, size, fwd);
		for (unsigned e = 0; e < nv; e++) {
			uint32_t reg = in->o[0].kind == OK_VEC ? in->vec_reg[e]
							       : in->o[0].reg;
			uint64_t *rv = &x_row(x, reg)[l];
			if (kind == SK_RED) {
				uint64_t v = in->o[0].kind == OK_IMM
					? (uint64_t)in->o[0].imm : *rv, o = 0;
				bool sgn = in->rnd ? tex_fmt_signed(d.format)
					: in->type == PT_S32 || in->type == PT_S64;
				if (x->cx->rec) { /* timing: at the fold */
					fexec_log_store(x->cx, p, v, es,
							1u + in->bop, sgn);
					continue;
				}
				memcpy(&o, p, es);
				o = surface_red(in->bop, sgn, es, o, v);
				memcpy(p, &o, es);
			} else if (store) {
				uint64_t v = in->o[0].kind == OK_IMM
					? (uint64_t)in->o[0].imm : *rv;
				if (x->cx->rec) /* timing: the store log */
					fexec_log_store(x->cx, p + e * es, v,
							es, 0, false);
				else
					memcpy(p + e * es, &v, es);
			} else {
				uint64_t v = 0;
				memcpy(&v, p + e * es, es);
				*rv = v & size_mask(in->o[0].size);
			}
		}
		done |= (lanemask_t)1 << l;
	}
	if (store && done)
		x->cx->progress = x->cx->icount + 1;
	struct fmemrec *r = x->cx->rec;
	if (r && done) {
		r->n = 1;
		r->space = SP_GLOBAL;
		r->bytes = size;
		r->write = store;
		r->atomic = 0;
		r->mask = done;
		FOR_LANES(l, done)
			r->addr[l] = ra[l];
	}
}

void exec_SULD(struct exec *x, const struct insn *in, lanemask_t m)
{
	surface(x, in, m, SK_LOAD);
}

void exec_SUST(struct exec *x, const struct insn *in, lanemask_t m)
{
	surface(x, in, m, SK_STORE);
}

void exec_SURED(struct exec *x, const struct insn *in, lanemask_t m)
{
	surface(x, in, m, SK_RED);
}

/*
 * istypep: whether the 64-bit value is a handle of the asked kind.  With
 * texture objects a texture handle also carries its sampler state, so
 * .texref and .samplerref both test for a texture object, .surfref for a
 * surface object.  Anything else (an unmapped or unaligned address, other
 * memory) tests false without faulting.
 */
void exec_ISTYPEP(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *h = x_src(x, &in->o[1], 0);
	lanemask_t r = 0;
	unsigned l;

	FOR_LANES(l, m) {
		struct ws_texdesc d;
		const uint8_t *p = (h[l] & 7) ? NULL
			: fexec_gptr(x->cx, x->g, h[l], sizeof(d));
		if (!p)
			continue;
		memcpy(&d, p, sizeof(d));
		if (d.magic == WS_TEXDESC_MAGIC &&
		    d.surface == (in->aux == 3))
			r |= (lanemask_t)1 << l;
	}
	x_write_pred(x, in->o[0].reg, r, m);
}
