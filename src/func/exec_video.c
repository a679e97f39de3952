/*
 * exec_video.c - the PTX video instructions (scalar vadd/vsub/vabsdiff/
 * vmin/vmax with optional saturation and secondary add/min/max; the
 * 2 x 16-bit and 4 x 8-bit SIMD forms with merge or accumulate), the
 * sm_90 add/min/max on .s16x2/.u16x2 (decoded as the 2-way form
 * without c), and bmsk.
 *
 * Semantics follow the PTX ISA pseudocode with default selectors only
 * (scalar: the whole word; SIMD: .h10/.h32 and .b3210/.b7654 element
 * order, mask all elements), which is what nvcc emits for the __v*
 * intrinsics; operand selectors are refused at load.
 */
#include "../base/base.h"
#include "fgpu_int.h"

/* The element operation on extended operands (ISA "switch (vop)"). */
static int64_t video_op(unsigned op, int64_t a, int64_t b)
{
	switch (op) {
	case VID_ADD: return a + b;
	case VID_SUB: return a - b;
	case VID_ABSDIFF: return a > b ? a - b : b - a;
	case VID_MIN: return a < b ? a : b;
	case VID_MAX: return a > b ? a : b;
	case VID_AVRG: /* rounds half away from zero for >= 0, floor below */
		return a + b >= 0 ? (a + b + 1) >> 1 : (a + b) >> 1;
	}
	SIM_BUG("video op %u", op);
}

static int64_t video_clamp(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Element i of width bits of v, sign- or zero-extended. */
static int64_t video_elem(uint32_t v, unsigned i, unsigned bits, bool sgn)
{
	uint64_t e = (v >> (i * bits)) & (((uint64_t)1 << bits) - 1);
	return sgn ? sext(e, bits) : (int64_t)e;
}

void exec_VIDEO(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	const uint64_t *b = x_src(x, &in->o[2], 1);
	const uint64_t *c = in->o[3].kind != OK_NONE ? x_src(x, &in->o[3], 2)
						     : NULL;
	bool as = ptype_is_signed((enum ptype)in->type2);
	bool bs = ptype_is_signed((enum ptype)in->cmp);
	bool ds = ptype_is_signed((enum ptype)in->type);
	unsigned l;

	FOR_LANES(l, m) {
		int64_t ta = video_elem((uint32_t)a[l], 0, 32, as);
		int64_t tb = video_elem((uint32_t)b[l], 0, 32, bs);
		int64_t t = video_op(in->aux, ta, tb);
		if (in->mods & MOD_SAT)
			t = ds ? video_clamp(t, INT32_MIN, INT32_MAX)
			       : video_clamp(t, 0, UINT32_MAX);
		if (c) {
			int64_t tc = video_elem((uint32_t)c[l], 0, 32, ds);
			int64_t tt = ds ? (int64_t)(int32_t)(uint32_t)t
					: (int64_t)(uint32_t)t;
			switch (in->bop) {
			case VSEC_ADD: t = t + tc; break;
			case VSEC_MIN: t = tt < tc ? tt : tc; break;
			case VSEC_MAX: t = tt > tc ? tt : tc; break;
			}
		}
		x_put(x, &in->o[0], l, (uint32_t)t);
	}
}

/* vop2/vop4: n elements of 32/n bits. */
static void video_simd(struct exec *x, const struct insn *in, lanemask_t m,
		       unsigned n)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	const uint64_t *b = x_src(x, &in->o[2], 1);
	const uint64_t *c = in->bop == VSEC_ADD ? x_src(x, &in->o[3], 2) : NULL;
	unsigned bits = 32 / n, l;
	bool as = ptype_is_signed((enum ptype)in->type2);
	bool bs = ptype_is_signed((enum ptype)in->cmp);
	bool ds = ptype_is_signed((enum ptype)in->type);
	int64_t lo = ds ? -((int64_t)1 << (bits - 1)) : 0;
	int64_t hi = ds ? ((int64_t)1 << (bits - 1)) - 1
			: ((int64_t)1 << bits) - 1;
	uint32_t em = (uint32_t)(((uint64_t)1 << bits) - 1);

	FOR_LANES(l, m) {
		uint32_t d = c ? (uint32_t)c[l] : 0;
		for (unsigned i = 0; i < n; i++) {
			int64_t t = video_op(in->aux,
					     video_elem((uint32_t)a[l], i, bits, as),
					     video_elem((uint32_t)b[l], i, bits, bs));
			if (in->mods & MOD_SAT)
				t = video_clamp(t, lo, hi);
			if ((in->mods & MOD_RELU) && t < 0)
				t = 0; /* min/max.relu.s16x2 */
			if (in->bop == VSEC_ADD)
				d += (uint32_t)t; /* accumulate, full value */
			else
				d |= ((uint32_t)t & em) << (i * bits);
		}
		x_put(x, &in->o[0], l, d);
	}
}

void exec_VIDEO2(struct exec *x, const struct insn *in, lanemask_t m)
{
	video_simd(x, in, m, 2);
}

void exec_VIDEO4(struct exec *x, const struct insn *in, lanemask_t m)
{
	video_simd(x, in, m, 4);
}

/* bmsk.{clamp,wrap}.b32 d, a, b: the ISA pseudocode. */
void exec_BMSK(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	const uint64_t *b = x_src(x, &in->o[2], 1);
	bool clamp = !(in->mods & MOD_WRAP);
	unsigned l;

	FOR_LANES(l, m) {
		uint32_t av = (uint32_t)a[l], bv = (uint32_t)b[l];
		unsigned a1 = av & 0x1f, b1 = bv & 0x1f, sum = a1 + b1;
		uint32_t mask0 = ~(uint32_t)0 << a1;
		uint32_t mask1 = sum >= 32 ? 0 : ~(uint32_t)0 << sum;
		bool ovf = sum >= 32;
		if (clamp && av >= 32) {
			ovf = true;
			mask0 = 0;
		}
		if (clamp && bv >= 32)
			ovf = true;
		if (ovf)
			mask1 = 0;
		else if (b1 == 0)
			mask1 = ~(uint32_t)0;
		x_put(x, &in->o[0], l, mask0 & ~mask1);
	}
}
