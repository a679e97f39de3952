/*
 * exec_alu.h - helpers shared by the ALU handlers of the functional model
 * (exec_int.c, exec_bits.c, exec_fp.c, exec_cvt.c, exec_mov.c).
 *
 * Type geometry (width, signedness) of enum ptype without a call, f32
 * flush-to-zero and result normalisation (canonical NaN, .ftz, .sat),
 * directed-rounding brackets around a lane loop, the integer carry-chain
 * primitives, and the float halves of the opcodes that exist for both
 * integer and float types (add, sub, mul, mad, min, max, abs, neg, div):
 * the exec_OP handler lives in exec_int.c and hands float types over.
 */
#ifndef SIM_FUNC_EXEC_ALU_H
#define SIM_FUNC_EXEC_ALU_H

#include <fenv.h>

#include "../base/base.h"
#include "func_int.h"
#include "warpsim.h"

/*
 * Loop over the lanes of mask m (a subset of the ws lanes), visiting only
 * the set bits: no per-lane branch on the mask, which mispredicts on
 * divergent masks.
 */
#define ALU_LANES(l, ws, m) FOR_LANES(l, (m) & lanemask_full(ws))

/*
 * Run the statements (which write lane l) for the lanes of mask m.  When
 * every lane executes, a plain loop the compiler can vectorise; else the
 * masked loop.  Only for statements without side effects beyond lane l.
 */
#define ALU_FOR(l, ws, m, ...)                                                 \
	do {                                                                   \
		if ((m) == lanemask_full(ws)) {                                \
			for ((l) = 0; (l) < (ws); (l)++) {                     \
				__VA_ARGS__;                                   \
			}                                                      \
		} else {                                                       \
			ALU_LANES(l, ws, m) {                                  \
				__VA_ARGS__;                                   \
			}                                                      \
		}                                                              \
	} while (0)

/*
 * ALU_FOR for statements whose only effect is writing d[l]; kept as its own
 * name so such loops can be specialised (vectorised full-mask path, set-bit
 * walk for partial masks).
 */
#define ALU_FORD(l, ws, m, ...) ALU_FOR(l, ws, m, __VA_ARGS__)

#define F32_CANON_NAN 0x7fffffffu             /* NaN every f32 op returns */
#define F64_CANON_NAN 0x7fffffffffffffffull   /* NaN every f64 op returns */
#define F16_CANON_NAN 0x7fffu                 /* NaN of f16 and bf16 */
#define SIGN64 0x8000000000000000ull

/* Width in bits of a scalar type (PRED: 1; unknown: 64). */
static inline unsigned alu_bits(unsigned t)
{
	switch (t) {
	case PT_PRED: return 1;
	case PT_B8: case PT_U8: case PT_S8: return 8;
	case PT_B16: case PT_U16: case PT_S16: case PT_F16: case PT_BF16:
		return 16;
	case PT_B32: case PT_U32: case PT_S32: case PT_F32: case PT_F16X2:
		return 32;
	default: return 64;
	}
}

static inline bool alu_signed(unsigned t)
{
	return t == PT_S8 || t == PT_S16 || t == PT_S32 || t == PT_S64;
}

static inline bool alu_float(unsigned t)
{
	return t == PT_F16 || t == PT_BF16 || t == PT_F32 || t == PT_F64 ||
	       t == PT_F16X2;
}

/* Mask of the low `bits` bits (bits in 1..64). */
static inline uint64_t alu_mask(unsigned bits)
{
	return bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
}

/*
 * Destination value of an integer result: PTX extends a result into a
 * register wider than the instruction type by the type's signedness
 * (sign for .sN, zero for .uN/.bN); then the register width truncates.
 */
static inline uint64_t alu_ext(uint64_t v, unsigned bits, bool sgn)
{
	if (bits >= 64)
		return v;
	return sgn ? (uint64_t)sext(v, bits) : v & alu_mask(bits);
}

/*
 * Whether an integer or bit instruction runs on 32-bit rows: its type is
 * 32 bits or fewer and its destination a 32-bit register it may write
 * directly (x_dst32_ok).
 */
#define ALU_NATIVE32(x, in)                                                    \
	(alu_bits((in)->type) <= 32 && x_dst32_ok(x, &(in)->o[0]))

/* Record that this instruction form is not modelled (stops the kernel). */
static inline void alu_unsupported(struct exec *x)
{
	x->fault = WS_E_UNSUPPORTED;
}

/* ---- f32 flush-to-zero and result normalisation ------------------------ */

/* An f32 operand: subnormals become a zero of the same sign under .ftz. */
static inline float f32_in(uint64_t bits, bool ftz)
{
	uint32_t u = (uint32_t)bits;
	if (ftz && (u & 0x7f800000u) == 0)
		u &= 0x80000000u;
	return f32_from_bits(u);
}

/*
 * Bits of an f32 result: NaN becomes the canonical NaN, .ftz flushes a
 * subnormal to a signed zero, .sat clamps to [+0, 1] with NaN -> +0.
 */
static inline uint64_t f32_res(float r, bool ftz, bool sat)
{
	uint32_t u = (uint32_t)f32_bits(r);
	if (r != r)
		return sat ? 0 : F32_CANON_NAN;
	if (ftz && (u & 0x7f800000u) == 0)
		u &= 0x80000000u;
	if (sat) {
		if (!(r > 0.0f))
			return 0;
		if (r > 1.0f)
			return 0x3f800000u;
	}
	return u;
}

/* Bits of an f32 result without .ftz/.sat: only the NaN is canonical. */
static inline uint64_t f32_res_plain(float r)
{
	return r == r ? f32_bits(r) : F32_CANON_NAN;
}

/* Bits of an f64 result: canonical NaN, .sat as for f32. */
static inline uint64_t f64_res(double r, bool sat)
{
	if (r != r)
		return sat ? 0 : F64_CANON_NAN;
	if (sat) {
		if (!(r > 0.0))
			return 0;
		if (r > 1.0)
			return f64_bits(1.0);
	}
	return f64_bits(r);
}

/* f64 operand flushed to a signed zero when subnormal (.ftz.f64 forms). */
static inline double f64_in_ftz(uint64_t bits)
{
	if ((bits & 0x7ff0000000000000ull) == 0)
		bits &= SIGN64;
	return f64_from_bits(bits);
}

/* ---- directed rounding -------------------------------------------------- */

/*
 * Switch the host FPU to PTX rounding modifier rnd for the lane loop that
 * follows.  Returns the mode to restore with fp_round_end, or -1 when the
 * default round-to-nearest applies and nothing was changed (the fast path
 * makes no libc call).  Integer rounding (.rni ...) maps to the float mode
 * of the same direction.
 */
static inline int fp_round_begin(unsigned rnd)
{
	int mode, old;
	switch (rnd) {
	case RND_RZ: case RND_RZI: mode = FE_TOWARDZERO; break;
	case RND_RM: case RND_RMI: mode = FE_DOWNWARD; break;
	case RND_RP: case RND_RPI: mode = FE_UPWARD; break;
	default: return -1;
	}
	old = fegetround();
	fesetround(mode);
	return old;
}

/* Whether rounding modifier rnd is the default round-to-nearest (for
 * which fp_round_begin changes nothing). */
static inline bool fp_round_default(unsigned rnd)
{
	switch (rnd) {
	case RND_RZ: case RND_RZI: case RND_RM: case RND_RMI:
	case RND_RP: case RND_RPI:
		return false;
	default:
		return true;
	}
}

static inline void fp_round_end(int old)
{
	if (old >= 0)
		fesetround(old);
}

/* ---- carry chain --------------------------------------------------------- */

/* a + b + cin at `bits` width; *cout = carry out of the top bit. */
static inline uint64_t alu_addc(uint64_t a, uint64_t b, unsigned cin,
				unsigned bits, unsigned *cout)
{
	uint64_t s, t;
	if (bits >= 64) {
		s = a + b;
		t = s + cin;
		*cout = (s < a) | (t < s);
		return t;
	}
	s = (a & alu_mask(bits)) + (b & alu_mask(bits)) + cin;
	*cout = (unsigned)(s >> bits) & 1;
	return s & alu_mask(bits);
}

/* a - (b + bin) at `bits` width; *bout = borrow out of the top bit. */
static inline uint64_t alu_subb(uint64_t a, uint64_t b, unsigned bin,
				unsigned bits, unsigned *bout)
{
	uint64_t s, t;
	if (bits >= 64) {
		s = a - b;
		t = s - bin;
		*bout = (a < b) | (s < bin);
		return t;
	}
	s = (a & alu_mask(bits)) - (b & alu_mask(bits)) - bin;
	*bout = (unsigned)(s >> 63);
	return s & alu_mask(bits);
}

/* High half of the 2*bits-bit product of a and b (bits in 8..64). */
static inline uint64_t alu_mulhi(uint64_t a, uint64_t b, unsigned bits,
				 bool sgn)
{
	if (bits >= 64) {
		if (sgn)
			return (uint64_t)(((__int128)(int64_t)a *
					   (__int128)(int64_t)b) >> 64);
		return (uint64_t)(((unsigned __int128)a * b) >> 64);
	}
	if (sgn)
		return (uint64_t)((sext(a, bits) * sext(b, bits)) >> bits);
	return ((a & alu_mask(bits)) * (b & alu_mask(bits))) >> bits;
}

/* ---- float halves of mixed integer/float opcodes (exec_fp.c) ------------ */

void fpu_add(struct exec *x, const struct insn *in, lanemask_t m);
void fpu_sub(struct exec *x, const struct insn *in, lanemask_t m);
void fpu_mul(struct exec *x, const struct insn *in, lanemask_t m);
void fpu_fma(struct exec *x, const struct insn *in, lanemask_t m);
void fpu_div(struct exec *x, const struct insn *in, lanemask_t m);
void fpu_min(struct exec *x, const struct insn *in, lanemask_t m);
void fpu_max(struct exec *x, const struct insn *in, lanemask_t m);
void fpu_abs(struct exec *x, const struct insn *in, lanemask_t m);
void fpu_neg(struct exec *x, const struct insn *in, lanemask_t m);

#endif
