/*
 * exec_cvt.c - the cvt handler of the functional model: every scalar
 * conversion among the integer types (8..64 bits) and f16, bf16, f32, f64.
 *
 * PTX ISA 9.0 cvt: integer narrowing truncates, widening extends by the
 * source signedness, .sat clamps to the destination range; float-to-int
 * rounds by .rni/.rzi/.rmi/.rpi (.rzi if none), saturates, NaN -> 0;
 * int-to-float and float narrowing round by .rn/.rz/.rm/.rp; f16/bf16 are
 * rounded in software from the exact value.  Float sources are staged in
 * a double row, so each pass has its type switch outside the lane loop.
 */
#include <math.h>

#include "../base/base.h"
#include "exec_alu.h"

/* Value of an f16 bit pattern. */
static double cvt_f16_value(uint64_t h)
{
	unsigned e = (unsigned)(h >> 10) & 0x1f, f = (unsigned)h & 0x3ff;
	double v;
	if (e == 0)
		v = ldexp(f, -24);
	else if (e == 31)
		v = f ? NAN : INFINITY;
	else
		v = ldexp(f + 1024, (int)e - 25);
	return (h & 0x8000) ? -v : v;
}

/* Round a non-negative double to an integer, ties to even, in any mode. */
static double cvt_round_even(double q)
{
	double f = floor(q), frac = q - f;
	if (frac > 0.5 || (frac == 0.5 && fmod(f, 2.0) != 0.0))
		f += 1.0;
	return f;
}

/*
 * Encode v in a 16-bit binary format with `mant` fraction bits and
 * maximum exponent emax (bias emax): f16 is (10, 15), bf16 (7, 127).
 * rnd is RND_RN/RZ/RM/RP (RND_NONE = RN).  Works from the exact value, so
 * there is no double rounding from f32 or f64 sources.
 */
static uint64_t cvt_to_half(double v, unsigned rnd, int mant, int emax)
{
	uint64_t sign = signbit(v) ? 0x8000 : 0;
	uint64_t inf = (uint64_t)(2 * emax + 1) << mant, n;
	double a = fabs(v), q;
	bool up;
	int e;

	if (v != v)
		return F16_CANON_NAN;
	if (isinf(a))
		return sign | inf;
	if (a == 0)
		return sign;
	frexp(a, &e);
	e -= 1; /* a is in [2^e, 2^(e+1)) */
	if (e < 1 - emax)
		e = 1 - emax; /* subnormal range: fixed quantum */
	if (e <= emax) {
		q = ldexp(a, mant - e); /* exact: power-of-two scaling */
		switch (rnd) {
		case RND_RZ: q = trunc(q); break;
		case RND_RM: q = sign ? ceil(q) : floor(q); break;
		case RND_RP: q = sign ? floor(q) : ceil(q); break;
		default: q = cvt_round_even(q); break;
		}
		n = (uint64_t)q;
		if (n >> (mant + 1)) { /* rounded up into the next binade */
			n >>= 1;
			e++;
		}
		if (e <= emax) {
			if (n < ((uint64_t)1 << mant)) /* subnormal */
				return sign | n;
			return sign | (uint64_t)(e + emax) << mant |
			       (n - ((uint64_t)1 << mant));
		}
	}
	/* overflow: infinity unless rounding toward zero for this sign */
	up = rnd == RND_NONE || rnd == RND_RN ||
	     (rnd == RND_RP && !sign) || (rnd == RND_RM && sign);
	return sign | (up ? inf : inf - 1);
}

/* Destination encodings of the float types. */
static uint64_t cvt_float_bits(double v, unsigned t, unsigned rnd,
			       bool ftz, bool sat)
{
	switch (t) {
	case PT_F16: return cvt_to_half(v, rnd, 10, 15);
	case PT_BF16: return cvt_to_half(v, rnd, 7, 127);
	case PT_F32: return f32_res((float)v, ftz, sat);
	default: return f64_res(v, sat);
	}
}

/* Integer to integer: truncate/extend, or clamp with .sat. */
static void cvt_int_int(struct exec *x, const struct insn *in, lanemask_t m)
{
	uint64_t dm = size_mask(in->o[0].size);
	unsigned sb = alu_bits(in->type2), db = alu_bits(in->type);
	bool ss = alu_signed(in->type2), ds = alu_signed(in->type);
	unsigned ws = x->ws, l;
	int64_t hi = ds ? (int64_t)alu_mask(db - 1) : 0;
	uint64_t uhi = ds ? (uint64_t)hi : alu_mask(db);

	if (!(in->mods & MOD_SAT) && sb <= 32) {
		/* a source of 32 bits or fewer: read from 32-bit rows */
		const uint32_t *a = x_src32(x, &in->o[1], 0);
		if (x_dst32_ok(x, &in->o[0])) {
			uint32_t *d = x_row32(x, in->o[0].reg);
			ALU_FORD(l, ws, m, d[l] = (uint32_t)(alu_ext(alu_ext(
					a[l], sb, ss), db, ds) & dm));
			return;
		}
		if (in->o[0].kind == OK_REG && !x_narrow(x, in->o[0].reg)) {
			uint64_t *d = x_row64(x, in->o[0].reg);
			if (sb == 32 && ss) /* cvt.s64.s32 */
				ALU_FORD(l, ws, m, d[l] = (uint64_t)alu_ext(
					(uint64_t)(int64_t)(int32_t)a[l], db,
					ds) & dm);
			else if (sb == 32) /* cvt.u64.u32 */
				ALU_FORD(l, ws, m, d[l] = alu_ext(a[l], db,
								  ds) & dm);
			else
				ALU_FORD(l, ws, m, d[l] = alu_ext(alu_ext(
					a[l], sb, ss), db, ds) & dm);
			return;
		}
	}
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t *d = x_dst(x, &in->o[0]);
	if (!(in->mods & MOD_SAT)) {
		ALU_FORD(l, ws, m,
			d[l] = alu_ext(alu_ext(a[l], sb, ss), db, ds) & dm);
		return;
	}
	ALU_LANES(l, ws, m) {
		uint64_t r;
		if (ss) {
			int64_t s = sext(a[l], sb);
			if (s < 0)
				r = ds ? (uint64_t)(s < -hi - 1 ? -hi - 1 : s) : 0;
			else
				r = (uint64_t)s > uhi ? uhi : (uint64_t)s;
		} else {
			uint64_t u = a[l] & alu_mask(sb);
			r = u > uhi ? uhi : u;
		}
		d[l] = alu_ext(r, db, ds) & dm;
	}
}

/* Pass 1 for a float source: per-lane values as doubles in v[]. */
static void cvt_load_float(struct exec *x, const struct insn *in,
			   lanemask_t m, double *v)
{
	bool ftz = in->mods & MOD_FTZ;
	unsigned ws = x->ws, l;

	if (in->type2 == PT_F32) { /* from the 32-bit row */
		const uint32_t *a = x_src32(x, &in->o[1], 0);
		ALU_FOR(l, ws, m, v[l] = f32_in(a[l], ftz));
		return;
	}
	const uint64_t *a = x_src(x, &in->o[1], 0);
	switch (in->type2) {
	case PT_F16:
		ALU_LANES(l, ws, m) v[l] = cvt_f16_value(a[l]);
		break;
	case PT_BF16:
		ALU_LANES(l, ws, m) v[l] = f32_from_bits((a[l] & 0xffff) << 16);
		break;
	case PT_F32:
		ALU_FOR(l, ws, m, v[l] = f32_in(a[l], ftz));
		break;
	default:
		ALU_FOR(l, ws, m, v[l] = f64_from_bits(a[l]));
		break;
	}
}

/*
 * Integral rounding without libm calls (baseline x86-64 has no rounding
 * instruction).  Beyond 2^52 every double is integral already; NaN and
 * infinities fail the range test and pass through; the sign of a zero
 * result is kept.  rint relies on the host's default round-to-nearest
 * mode, which holds here (directed modes are switched only around other
 * loops).
 */
static inline double cvt_trunc(double v)
{
	return fabs(v) < 0x1p52 ? copysign((double)(int64_t)v, v) : v;
}

static inline double cvt_rint(double v)
{
	return fabs(v) < 0x1p52 ? copysign((fabs(v) + 0x1p52) - 0x1p52, v) : v;
}

static inline double cvt_floor(double v)
{
	double t = cvt_trunc(v);
	return t > v ? t - 1.0 : t;
}

static inline double cvt_ceil(double v)
{
	double t = cvt_trunc(v);
	return t < v ? t + 1.0 : t;
}

/* Round v[] to integral values: .rni (ties to even), .rmi, .rpi, else .rzi. */
static void cvt_round_int(lanemask_t m, unsigned ws, unsigned rnd, double *v)
{
	unsigned l;
	switch (rnd) {
	case RND_RNI: ALU_FOR(l, ws, m, v[l] = cvt_rint(v[l])); break;
	case RND_RMI: ALU_FOR(l, ws, m, v[l] = cvt_floor(v[l])); break;
	case RND_RPI: ALU_FOR(l, ws, m, v[l] = cvt_ceil(v[l])); break;
	default: ALU_FOR(l, ws, m, v[l] = cvt_trunc(v[l])); break;
	}
}

/*
 * Float to integer: round to an integral value in the rounding direction
 * (.rzi when none is given), then saturate to the destination range; NaN
 * gives 0.
 */
static void cvt_float_int(struct exec *x, const struct insn *in, lanemask_t m,
			  double *v)
{
	uint64_t buf[WS_MAX_WARP], *d = x_dst_buf(x, &in->o[0], buf);
	uint64_t dm = size_mask(in->o[0].size);
	unsigned db = alu_bits(in->type), ws = x->ws, l;
	bool ds = alu_signed(in->type);
	double lim = ldexp(1.0, ds ? (int)db - 1 : (int)db); /* first too big */
	uint64_t hi = ds ? alu_mask(db - 1) : alu_mask(db);

	cvt_round_int(m, ws, in->rnd, v);
	ALU_FORD(l, ws, m, double r = v[l]; uint64_t u;
		if (r != r)
			u = 0;
		else if (r >= lim)
			u = hi;
		else if (ds)
			u = r <= -lim ? ~hi : (uint64_t)(int64_t)r;
		else
			u = r <= 0 ? 0 : (uint64_t)r;
		d[l] = alu_ext(u, db, ds) & dm);
	x_dst_done(x, &in->o[0], d, buf, m);
}

/* Is rnd one of the integer roundings .rni/.rzi/.rmi/.rpi? */
static bool cvt_irnd(unsigned rnd)
{
	return rnd >= RND_RNI && rnd <= RND_RPI;
}

/* Float to float (f16, bf16, f32, f64 in any combination). */
static void cvt_float_float(struct exec *x, const struct insn *in,
			    lanemask_t m, double *v)
{
	uint64_t buf[WS_MAX_WARP], *d = x_dst_buf(x, &in->o[0], buf);
	uint64_t dm = size_mask(in->o[0].size);
	bool ftz = in->mods & MOD_FTZ, sat = in->mods & MOD_SAT;
	bool relu = in->mods & MOD_RELU;
	unsigned ws = x->ws, l, dt = in->type, rnd = in->rnd;
	int old;

	ftz = ftz && dt == PT_F32;
	if (cvt_irnd(rnd)) {
		/* round to integral in place; exact in double, then encode */
		cvt_round_int(m, ws, rnd, v);
		rnd = RND_RN;
	}
	if (relu) { /* negative -> +0, NaN stays NaN */
		ALU_LANES(l, ws, m) v[l] = v[l] < 0 ? 0.0 : v[l];
	}
	if (sat && (dt == PT_F16 || dt == PT_BF16)) {
		ALU_LANES(l, ws, m)
			v[l] = !(v[l] > 0) ? 0.0 : v[l] > 1 ? 1.0 : v[l];
	}
	old = dt == PT_F32 ? fp_round_begin(rnd) : -1;
	switch (dt) {
	case PT_F32:
		ALU_FORD(l, ws, m, d[l] = f32_res((float)v[l], ftz, sat) & dm);
		break;
	case PT_F64:
		ALU_FORD(l, ws, m, d[l] = f64_res(v[l], sat) & dm);
		break;
	default:
		ALU_LANES(l, ws, m)
			d[l] = cvt_float_bits(v[l], dt, rnd, false, false) & dm;
		break;
	}
	fp_round_end(old);
	x_dst_done(x, &in->o[0], d, buf, m);
}

/* Integer to float: the host conversion under the requested rounding. */
static void cvt_int_float(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t buf[WS_MAX_WARP], *d = x_dst_buf(x, &in->o[0], buf);
	uint64_t dm = size_mask(in->o[0].size);
	unsigned sb = alu_bits(in->type2), dt = in->type, ws = x->ws, l;
	bool ss = alu_signed(in->type2), sat = in->mods & MOD_SAT;
	int old;

	if (dt == PT_F16 || dt == PT_BF16) {
		/* via double (exact below 2^53; larger values overflow f16) */
		ALU_LANES(l, ws, m) {
			double v = ss ? (double)sext(a[l], sb)
				      : (double)(a[l] & alu_mask(sb));
			if (sat)
				v = v < 0 ? 0.0 : v > 1 ? 1.0 : v;
			d[l] = cvt_float_bits(v, dt, in->rnd, false, false) & dm;
		}
		x_dst_done(x, &in->o[0], d, buf, m);
		return;
	}
	old = fp_round_begin(in->rnd);
	if (dt == PT_F32) {
		ALU_FORD(l, ws, m, float f = ss ? (float)sext(a[l], sb)
					       : (float)(a[l] & alu_mask(sb));
			d[l] = f32_res(f, false, sat) & dm);
	} else {
		ALU_FORD(l, ws, m, double f = ss ? (double)sext(a[l], sb)
						: (double)(a[l] & alu_mask(sb));
			d[l] = f64_res(f, sat) & dm);
	}
	fp_round_end(old);
	x_dst_done(x, &in->o[0], d, buf, m);
}

void exec_CVT(struct exec *x, const struct insn *in, lanemask_t m)
{
	bool df = alu_float(in->type), sf = alu_float(in->type2);
	double v[WS_MAX_WARP];

	if (in->type == PT_F16X2 || in->type2 == PT_F16X2 ||
	    in->type == PT_PRED || in->type2 == PT_PRED ||
	    in->type == PT_NONE || in->type2 == PT_NONE) {
		alu_unsupported(x);
		return;
	}
	if (!df && !sf) {
		cvt_int_int(x, in, m);
	} else if (!sf) {
		cvt_int_float(x, in, m);
	} else {
		cvt_load_float(x, in, m, v);
		if (df)
			cvt_float_float(x, in, m, v);
		else
			cvt_float_int(x, in, m, v);
	}
}
