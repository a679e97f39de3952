/*
 * exec_fp.c - floating-point handlers of the functional model: f32/f64
 * add, sub, mul, fma/mad, div, min/max, abs, neg, copysign, testp, rcp,
 * sqrt, rsqrt, ex2, lg2, sin, cos, tanh.
 *
 * Default .rn forms are plain C (IEEE, -ffp-contract=off); .rz/.rm/.rp
 * switch the host rounding mode around the lane loop.  .ftz flushes f32
 * subnormal inputs and results to a signed zero, .sat clamps to [0, 1].
 * NaN results are canonical (0x7fffffff).  .approx forms use libm, well
 * inside the PTX ISA error bounds, with the ISA's special cases.
 */
#include <math.h>

#include "../base/base.h"
#include "exec_alu.h"

/* Operand rows a, b and destination of a float op, plus its modifiers. */
#define FP_OPERANDS()                                                          \
	const uint64_t *a = x_src(x, &in->o[1], 0);                            \
	const uint64_t *b = x_src(x, &in->o[2], 1);                            \
	uint64_t *d = x_dst(x, &in->o[0]);                                     \
	bool ftz = in->mods & MOD_FTZ, sat = in->mods & MOD_SAT;               \
	unsigned ws = x->ws, l

/* Lane loops: EXPR sees fa, fb (and fc) as float or double. */
#define F32_BIN(EXPR)                                                          \
	do {                                                                   \
		if (!ftz && !sat)                                              \
			ALU_FORD(l, ws, m, float fa = f32_from_bits(a[l]);      \
				float fb = f32_from_bits(b[l]);                \
				d[l] = f32_res_plain(EXPR));                   \
		else                                                           \
			ALU_FORD(l, ws, m, float fa = f32_in(a[l], ftz);        \
				float fb = f32_in(b[l], ftz);                  \
				d[l] = f32_res((EXPR), ftz, sat));             \
	} while (0)
#define F64_BIN(EXPR)                                                          \
	ALU_FORD(l, ws, m, double fa = f64_from_bits(a[l]);                     \
		double fb = f64_from_bits(b[l]);                               \
		d[l] = f64_res((EXPR), sat))
#define F32_UN(EXPR)                                                           \
	ALU_FORD(l, ws, m, float fa = f32_in(a[l], ftz);                        \
		d[l] = f32_res((EXPR), ftz, sat))
#define F64_UN(EXPR)                                                           \
	ALU_FORD(l, ws, m,                                                      \
		double fa = ftz ? f64_in_ftz(a[l]) : f64_from_bits(a[l]);      \
		d[l] = f64_res((EXPR), sat))

/* Operand row a and destination of a one-source float op. */
#define FP_UN_OPERANDS()                                                       \
	const uint64_t *a = x_src(x, &in->o[1], 0);                            \
	uint64_t *d = x_dst(x, &in->o[0]);                                     \
	bool ftz = in->mods & MOD_FTZ, sat = in->mods & MOD_SAT;               \
	unsigned ws = x->ws, l

/* FP_UN_OPERANDS on 32-bit rows (FP_NATIVE: f32 writing a 32-bit
 * register); the F32_UN loops run unchanged on them. */
#define FP_UN_OPERANDS32()                                                     \
	const uint32_t *a = x_src32(x, &in->o[1], 0);                          \
	uint32_t *d = x_row32(x, in->o[0].reg);                                \
	bool ftz = in->mods & MOD_FTZ, sat = in->mods & MOD_SAT;               \
	unsigned ws = x->ws, l

enum fop { FOP_ADD, FOP_SUB, FOP_MUL, FOP_DIV };

/*
 * div.approx.f32: a * (1 / b) within 2 ulp; for 2^126 < |b| < 2^128 the
 * ISA specifies 0 (NaN when a is infinite), as the reciprocal underflows.
 */
static float f32_div_approx(float a, float b)
{
	if (fabsf(b) > 0x1p126f && isfinite(b))
		return isinf(a) ? NAN : copysignf(0.0f, a) * copysignf(1.0f, b);
	return a / b;
}

/* FP_OPERANDS on the 32-bit rows of an f32 op writing a 32-bit register
 * (FP_NATIVE): the same lane loops on 4-byte lanes. */
#define FP_NATIVE(x, in) ((in)->type == PT_F32 && x_dst32_ok(x, &(in)->o[0]))
#define FP_OPERANDS32()                                                        \
	const uint32_t *a = x_src32(x, &in->o[1], 0);                          \
	const uint32_t *b = x_src32(x, &in->o[2], 1);                          \
	uint32_t *d = x_row32(x, in->o[0].reg);                                \
	bool ftz = in->mods & MOD_FTZ, sat = in->mods & MOD_SAT;               \
	unsigned ws = x->ws, l

/* The f32 cases of fp_binary (old: the rounding mode to restore). */
#define F32_BINARY                                                             \
	do {                                                                   \
		if (op == FOP_DIV && (in->mods & MOD_APPROX)) {                \
			F32_BIN(f32_div_approx(fa, fb));                       \
			break;                                                 \
		}                                                              \
		int old = fp_round_begin(in->rnd);                             \
		switch (op) {                                                  \
		case FOP_ADD: F32_BIN(fa + fb); break;                         \
		case FOP_SUB: F32_BIN(fa - fb); break;                         \
		case FOP_MUL: F32_BIN(fa * fb); break;                         \
		case FOP_DIV: F32_BIN(fa / fb); break;                         \
		}                                                              \
		fp_round_end(old);                                             \
	} while (0)

/* add/sub/mul/div on f32 and f64 under the instruction's rounding. */
static void fp_binary(struct exec *x, const struct insn *in, lanemask_t m,
		      enum fop op)
{
	if (FP_NATIVE(x, in)) {
		FP_OPERANDS32();
		F32_BINARY;
		return;
	}
	FP_OPERANDS();

	if (in->type != PT_F32 && in->type != PT_F64) {
		alu_unsupported(x);
		return;
	}
	if (in->type == PT_F32) {
		F32_BINARY;
	} else {
		int old = fp_round_begin(in->rnd);
		switch (op) {
		case FOP_ADD: F64_BIN(fa + fb); break;
		case FOP_SUB: F64_BIN(fa - fb); break;
		case FOP_MUL: F64_BIN(fa * fb); break;
		case FOP_DIV: F64_BIN(fa / fb); break;
		}
		fp_round_end(old);
	}
}

void fpu_add(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_binary(x, in, m, FOP_ADD);
}

void fpu_sub(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_binary(x, in, m, FOP_SUB);
}

void fpu_mul(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_binary(x, in, m, FOP_MUL);
}

void fpu_div(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_binary(x, in, m, FOP_DIV);
}

/*
 * fma.rn.f32 without a libm call: a * b is exact in double; p + c is
 * rounded to double with round-to-odd (TwoSum recovers the exact error,
 * and an inexact even result steps one ulp toward the exact sum), after
 * which a single rounding to float is correctly rounded, as double keeps
 * more than 2 * 24 + 1 bits.  Needs the host in round-to-nearest.
 */
static inline float f32_fma_rn(float a, float b, float c)
{
	double p = (double)a * b, s = p + c;
	double bb = s - p, e = (p - (s - bb)) + (c - bb);
	uint64_t u = f64_bits(s);
	if (e != 0 && isfinite(s) && !(u & 1))
		u += (e > 0) == (s > 0) ? 1 : (uint64_t)-1;
	return (float)f64_from_bits(u);
}

#if defined(__x86_64__) && defined(__GNUC__)
/*
 * fma.rn.f32 on a host with the FMA extension: the hardware instruction
 * rounds once, exactly as PTX requires; chosen at run time.
 */
#define F32_FMA_HW(name, T)                                                    \
__attribute__((target("fma"))) static void                                     \
name(T *d, const T *a, const T *b, const T *c, unsigned ws, lanemask_t m)      \
{                                                                              \
	unsigned l;                                                            \
	ALU_FORD(l, ws, m, d[l] = f32_res_plain(__builtin_fmaf(                \
			f32_from_bits(a[l]), f32_from_bits(b[l]),              \
			f32_from_bits(c[l]))));                                \
}
F32_FMA_HW(f32_fma_lanes_hw, uint64_t)
F32_FMA_HW(f32_fma_lanes_hw32, uint32_t)
#undef F32_FMA_HW
#define HOST_HAS_FMA() __builtin_cpu_supports("fma")
#else
#define HOST_HAS_FMA() 0
#define f32_fma_lanes_hw(d, a, b, c, ws, m) ((void)0)
#define f32_fma_lanes_hw32(d, a, b, c, ws, m) ((void)0)
#endif

/* fma.rn.f32 of rows a, b, c into d (64-bit or 32-bit rows; HW names the
 * hardware-FMA lane loop for that row type). */
#define F32_FMA_RN(HW)                                                         \
	do {                                                                   \
		if (!ftz && !sat && HOST_HAS_FMA())                            \
			HW(d, a, b, c, ws, m);                                 \
		else if (!ftz && !sat)                                         \
			ALU_FORD(l, ws, m, float fa = f32_from_bits(a[l]);      \
				float fb = f32_from_bits(b[l]);                \
				float fc = f32_from_bits(c[l]);                \
				d[l] = f32_res_plain(f32_fma_rn(fa, fb, fc))); \
		else                                                           \
			ALU_FORD(l, ws, m, float fa = f32_in(a[l], ftz);        \
				float fb = f32_in(b[l], ftz);                  \
				float fc = f32_in(c[l], ftz);                  \
				d[l] = f32_res(f32_fma_rn(fa, fb, fc), ftz,    \
					       sat));                          \
	} while (0)

/* fma and float mad (mad.f32 is fused on sm_20 and later): one rounding. */
void fpu_fma(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (FP_NATIVE(x, in) && fp_round_default(in->rnd)) {
		FP_OPERANDS32();
		const uint32_t *c = x_src32(x, &in->o[3], 2);
		F32_FMA_RN(f32_fma_lanes_hw32);
		return;
	}
	FP_OPERANDS();
	const uint64_t *c = x_src(x, &in->o[3], 2);
	int old = fp_round_begin(in->rnd);

	if (in->type == PT_F32 && old < 0) {
		F32_FMA_RN(f32_fma_lanes_hw);
	} else if (in->type == PT_F32) {
		ALU_FORD(l, ws, m, float fa = f32_in(a[l], ftz);
			float fb = f32_in(b[l], ftz);
			float fc = f32_in(c[l], ftz);
			d[l] = f32_res(fmaf(fa, fb, fc), ftz, sat));
	} else if (in->type == PT_F64) {
		ALU_LANES(l, ws, m)
			d[l] = f64_res(fma(f64_from_bits(a[l]),
					   f64_from_bits(b[l]),
					   f64_from_bits(c[l])), sat);
	} else {
		alu_unsupported(x);
	}
	fp_round_end(old);
}
#undef F32_FMA_RN

void exec_FMA(struct exec *x, const struct insn *in, lanemask_t m)
{
	fpu_fma(x, in, m);
}

/*
 * min/max on the bit patterns ua, ub of values fa, fb: a NaN input yields
 * the other input (canonical NaN when both are NaN, or when .NaN is given
 * and either is); -0 orders below +0, which for equal values is the OR
 * (min) or AND (max) of the two sign bits.
 */
#define FMINMAX(CNAN, LESS_OR_MORE, JOIN)                                      \
	ALU_LANES(l, ws, m) {                                                  \
		uint64_t ua = ftz ? f32_bits(f32_in(a[l], 1)) : a[l];          \
		uint64_t ub = ftz ? f32_bits(f32_in(b[l], 1)) : b[l];          \
		double fa = is32 ? f32_from_bits(ua) : f64_from_bits(ua);      \
		double fb = is32 ? f32_from_bits(ub) : f64_from_bits(ub);      \
		uint64_t r;                                                    \
		if (fa != fa || fb != fb)                                      \
			r = (nanmode || (fa != fa && fb != fb)) ? (CNAN)       \
			    : fa != fa ? ub : ua;                              \
		else if (fa == fb)                                             \
			r = ua JOIN ub;                                        \
		else                                                           \
			r = fa LESS_OR_MORE fb ? ua : ub;                      \
		d[l] = r;                                                      \
	}

static void fp_minmax(struct exec *x, const struct insn *in, lanemask_t m,
		      bool max)
{
	FP_OPERANDS();
	bool is32 = in->type == PT_F32, nanmode = in->mods & MOD_NAN;
	uint64_t cnan = is32 ? F32_CANON_NAN : F64_CANON_NAN;

	(void)sat;
	if (!is32 && in->type != PT_F64) {
		alu_unsupported(x);
		return;
	}
	ftz = ftz && is32;
	if (max) {
		FMINMAX(cnan, >, &)
	} else {
		FMINMAX(cnan, <, |)
	}
}

void fpu_min(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_minmax(x, in, m, false);
}

void fpu_max(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_minmax(x, in, m, true);
}

/* abs/neg clear/flip the sign bit (NaN included); .ftz flushes first. */
static void fp_sign_op(struct exec *x, const struct insn *in, lanemask_t m,
		       bool neg)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t buf[WS_MAX_WARP], *d = x_dst_buf(x, &in->o[0], buf);
	bool ftz = in->mods & MOD_FTZ;
	unsigned ws = x->ws, l;
	uint64_t sb = in->type == PT_F64 ? SIGN64 : 0x80000000u;
	uint64_t dm = size_mask(in->o[0].size);

	ftz = ftz && in->type == PT_F32;
	if (in->type == PT_F16 || in->type == PT_BF16)
		sb = 0x8000;
	ALU_LANES(l, ws, m) {
		uint64_t v = ftz ? f32_bits(f32_in(a[l], 1)) : a[l];
		d[l] = (neg ? v ^ sb : v & ~sb) & dm;
	}
	x_dst_done(x, &in->o[0], d, buf, m);
}

void fpu_abs(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_sign_op(x, in, m, false);
}

void fpu_neg(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_sign_op(x, in, m, true);
}

/* copysign d, a, b: |b| with the sign of a (operands reversed from C). */
void exec_COPYSIGN(struct exec *x, const struct insn *in, lanemask_t m)
{
	FP_OPERANDS();
	uint64_t sb = in->type == PT_F64 ? SIGN64 : 0x80000000u;

	(void)ftz;
	(void)sat;
	ALU_LANES(l, ws, m)
		d[l] = (b[l] & ~sb & alu_mask(alu_bits(in->type))) |
		       (a[l] & sb);
}

/* testp.op.type p, a: classify a into a predicate. */
void exec_TESTP(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	unsigned ws = x->ws, l;
	bool is32 = in->type == PT_F32;
	lanemask_t r = 0;

	ALU_LANES(l, ws, m) {
		double v = is32 ? f32_from_bits(a[l]) : f64_from_bits(a[l]);
		int cls = fpclassify(v);
		bool t;
		/* a subnormal f32 is a normal double: classify by bits */
		if (is32 && cls == FP_NORMAL && ((uint32_t)a[l] & 0x7f800000u) == 0)
			cls = FP_SUBNORMAL;
		switch (in->aux) {
		case TESTP_FINITE: t = cls != FP_INFINITE && cls != FP_NAN; break;
		case TESTP_INFINITE: t = cls == FP_INFINITE; break;
		case TESTP_NUMBER: t = cls != FP_NAN; break;
		case TESTP_NOTANUMBER: t = cls == FP_NAN; break;
		case TESTP_NORMAL: t = cls == FP_NORMAL; break;
		case TESTP_SUBNORMAL: t = cls == FP_SUBNORMAL; break;
		default: t = false; break;
		}
		r |= (lanemask_t)t << l;
	}
	x_write_pred(x, in->o[0].reg, r, m);
}

/* ---- special functions --------------------------------------------------- */

/* rcp: 1/a; .rn/.rz/.rm/.rp exact, .approx correctly rounded as well. */
void exec_RCP(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (FP_NATIVE(x, in)) {
		FP_UN_OPERANDS32();
		int old = fp_round_begin(in->rnd);
		F32_UN(1.0f / fa);
		fp_round_end(old);
		return;
	}
	FP_UN_OPERANDS();
	int old = fp_round_begin(in->rnd);

	if (in->type == PT_F32) {
		F32_UN(1.0f / fa);
	} else if (in->type == PT_F64) {
		/* rcp.approx.ftz.f64 flushes a subnormal input and result */
		if (ftz) {
			ALU_LANES(l, ws, m) {
				uint64_t r = f64_res(1.0 / f64_in_ftz(a[l]), sat);
				if ((r & 0x7ff0000000000000ull) == 0)
					r &= SIGN64;
				d[l] = r;
			}
		} else {
			F64_UN(1.0 / fa);
		}
	} else {
		alu_unsupported(x);
	}
	fp_round_end(old);
}

void exec_SQRT(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (FP_NATIVE(x, in)) {
		FP_UN_OPERANDS32();
		int old = fp_round_begin(in->rnd);
		F32_UN(sqrtf(fa));
		fp_round_end(old);
		return;
	}
	FP_UN_OPERANDS();
	int old = fp_round_begin(in->rnd);

	if (in->type == PT_F32) {
		F32_UN(sqrtf(fa));
	} else if (in->type == PT_F64) {
		F64_UN(sqrt(fa));
	} else {
		alu_unsupported(x);
	}
	fp_round_end(old);
}

/* rsqrt.approx: 1/sqrt(a) (-0 -> -inf, +0 -> +inf, a < 0 -> NaN). */
void exec_RSQRT(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (FP_NATIVE(x, in)) {
		FP_UN_OPERANDS32();
		F32_UN((float)(1.0 / sqrt((double)fa)));
		return;
	}
	FP_UN_OPERANDS();
	if (in->type == PT_F32) {
		F32_UN((float)(1.0 / sqrt((double)fa)));
	} else if (in->type == PT_F64) {
		F64_UN(1.0 / sqrt(fa));
	} else {
		alu_unsupported(x);
	}
}

/* The .approx.f32 transcendental ops, one libm call per lane. */
enum sfu_fn { SFU_EX2, SFU_LG2, SFU_SIN, SFU_COS, SFU_TANH };

#define SFU_CASES                                                              \
	switch (fn) {                                                          \
	case SFU_EX2: F32_UN(exp2f(fa)); break;                                \
	case SFU_LG2: F32_UN(log2f(fa)); break;                                \
	case SFU_SIN: F32_UN(sinf(fa)); break;                                 \
	case SFU_COS: F32_UN(cosf(fa)); break;                                 \
	case SFU_TANH: F32_UN(tanhf(fa)); break;                               \
	}
static void fp_sfu(struct exec *x, const struct insn *in, lanemask_t m,
		   enum sfu_fn fn)
{
	if (FP_NATIVE(x, in)) {
		FP_UN_OPERANDS32();
		SFU_CASES
		return;
	}
	FP_UN_OPERANDS();
	if (in->type != PT_F32) {
		alu_unsupported(x);
		return;
	}
	SFU_CASES
}
#undef SFU_CASES

void exec_EX2(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_sfu(x, in, m, SFU_EX2);
}

void exec_LG2(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_sfu(x, in, m, SFU_LG2);
}

void exec_SIN(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_sfu(x, in, m, SFU_SIN);
}

void exec_COS(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_sfu(x, in, m, SFU_COS);
}

void exec_TANH(struct exec *x, const struct insn *in, lanemask_t m)
{
	fp_sfu(x, in, m, SFU_TANH);
}
