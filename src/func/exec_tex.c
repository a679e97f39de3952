/*
 * exec_tex.c - texture fetches (tex) and surface loads/stores (suld.b,
 * sust.b) through texture and surface objects (issue 18).
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
 *  - channels the format lacks read 0.
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
		: fmem_ptr(&x->g->mem, h, sizeof(*d));
	if (p)
		memcpy(d, p, sizeof(*d));
	if (!p || d->magic != WS_TEXDESC_MAGIC || d->surface != surface ||
	    !d->channels || d->channels > 4) {
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
	const uint8_t *p = fmem_ptr(&x->g->mem, a, eb);
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

void exec_TEX(struct exec *x, const struct insn *in, lanemask_t m)
{
	static const uint8_t ndim[] = {0, 1, 2, 3, 1, 2};
	const uint64_t *h = x_src(x, &in->o[1], 0);
	bool layered = in->aux == TG_A1D || in->aux == TG_A2D;
	unsigned nd = ndim[in->aux], l;
	bool fcoord = in->type2 == PT_F32, fout = in->type == PT_F32;
	addr_t ra[WS_MAX_WARP];
	uint64_t out[4][WS_MAX_WARP];

	FOR_LANES(l, m) {
		struct ws_texdesc d;
		if (!tex_desc(x, h[l], l, false, &d))
			return;
		bool normalised = (d.flags & 0x02) && fcoord;
		bool lin = d.filter == 1 && fcoord;
		int64_t layer = 0, lo[3] = {0, 0, 0};
		double w[3] = {0, 0, 0};
		unsigned ci = 0;
		if (layered) {
			int64_t ly = (int32_t)x_row(x, in->o[2].reg)[l];
			int64_t nl = d.dim[nd];
			layer = ly < 0 ? 0 : ly >= nl ? nl - 1 : ly;
			ci = 1;
		}
		for (unsigned k = 0; k < nd; k++) {
			uint64_t r = x_row(x, in->o[2 + ci + k].reg)[l];
			if (!fcoord) {
				lo[k] = (int32_t)r;
				continue;
			}
			double c = f32_from_bits(r);
			if (normalised)
				c *= d.dim[k];
			if (lin) {
				double b = c - 0.5, fl = floor(b);
				lo[k] = (int64_t)fl;
				w[k] = floor((b - fl) * 256.0 + 0.5) / 256.0;
			} else {
				lo[k] = (int64_t)floor(c);
			}
		}
		double acc[4] = {0, 0, 0, 0};
		int64_t iv[4] = {0, 0, 0, 0};
		unsigned corners = lin ? 1u << nd : 1;
		bool first = true;
		for (unsigned q = 0; q < corners; q++) {
			int64_t idx[3] = {0, 0, 0};
			double wt = 1.0;
			bool border = false;
			for (unsigned k = 0; k < nd; k++) {
				unsigned up = (q >> k) & 1;
				idx[k] = tex_wrap(lo[k] + up, d.dim[k], d.addr[k],
						  normalised);
				wt *= up ? w[k] : 1.0 - w[k];
				if (idx[k] < 0)
					border = true;
				if (!fcoord && (lo[k] < 0 ||
						lo[k] >= (int64_t)d.dim[k]) &&
				    d.pitch == d.slice && nd == 1 && d.dim[1] == 1 &&
				    !layered)
					border = true; /* tex1Dfetch: 0 */
			}
			struct texel t;
			if (border) {
				memset(&t, 0, sizeof(t));
				if (!(!fcoord && nd == 1 && d.pitch == d.slice))
					for (unsigned c = 0; c < 4; c++) {
						t.f[c] = d.border[c];
						t.i[c] = (int64_t)d.border[c];
					}
			} else {
				if (layered)
					idx[nd] = layer;
				if (!tex_fetch(x, &d, idx[0], idx[1], idx[2], l, &t))
					return;
				if (first)
					ra[l] = d.data + (uint64_t)idx[2] * d.slice +
						(uint64_t)idx[1] * d.pitch +
						(uint64_t)idx[0] *
						tex_fmt_bytes(d.format) * d.channels;
			}
			if (first && border)
				ra[l] = d.data;
			first = false;
			for (unsigned c = 0; c < 4; c++) {
				acc[c] += wt * t.f[c];
				iv[c] = t.i[c];
			}
		}
		for (unsigned c = 0; c < 4; c++)
			out[c][l] = fout ? f32_bits((float)acc[c])
					 : (uint64_t)(uint32_t)iv[c];
	}
	for (unsigned c = 0; c < 4; c++) {
		uint64_t *dst = x_row(x, in->vec_reg[c]);
		FOR_LANES(l, m)
			dst[l] = out[c][l] & size_mask(in->o[0].size);
	}
	struct fmemrec *r = x->g->rec;
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
 * suld.b / sust.b: x in bytes, y rows, z slices or layers.  Out of range:
 * .trap stops the kernel, .clamp uses the nearest element in range, .zero
 * loads 0 and drops the store.  The access must be aligned to its size.
 */
static void surface(struct exec *x, const struct insn *in, lanemask_t m,
		    bool store)
{
	static const uint8_t ndim[] = {0, 1, 2, 3, 1, 2};
	const uint64_t *h = x_src(x, &in->o[1], 0);
	bool layered = in->aux == TG_A1D || in->aux == TG_A2D;
	unsigned nd = ndim[in->aux], es = ptype_size((enum ptype)in->type);
	unsigned nv = in->vec ? in->vec : 1, size = es * nv, l;
	addr_t ra[WS_MAX_WARP];
	lanemask_t done = 0;

	FOR_LANES(l, m) {
		struct ws_texdesc d;
		int64_t c[3] = {0, 0, 0};
		if (!tex_desc(x, h[l], l, true, &d))
			return;
		unsigned ebytes = tex_fmt_bytes(d.format) * d.channels;
		int64_t lim[3] = {(int64_t)d.dim[0] * ebytes - size, 0, 0};
		/* coordinates in operand order: (x, y, z), array: layer first */
		for (unsigned k = 0; k < nd + layered; k++) {
			int64_t v = (int32_t)x_row(x, in->o[2 + k].reg)[l];
			unsigned dim = layered ? (k == 0 ? nd : k - 1) : k;
			c[dim] = v;
		}
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
		uint8_t *p = fmem_ptr(&x->g->mem, a, size);
		if (!p) {
			fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, a, SP_GLOBAL, size,
				    "surface element outside its memory");
			return;
		}
		for (unsigned e = 0; e < nv; e++) {
			uint32_t reg = in->o[0].kind == OK_VEC ? in->vec_reg[e]
							       : in->o[0].reg;
			uint64_t *rv = &x_row(x, reg)[l];
			if (store) {
				uint64_t v = in->o[0].kind == OK_IMM
					? (uint64_t)in->o[0].imm : *rv;
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
		x->g->last_progress = x->g->icount;
	struct fmemrec *r = x->g->rec;
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
	surface(x, in, m, false);
}

void exec_SUST(struct exec *x, const struct insn *in, lanemask_t m)
{
	surface(x, in, m, true);
}
