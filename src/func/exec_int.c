/*
 * exec_int.c - integer arithmetic handlers of the functional model: add,
 * sub, mul, mad (.lo/.hi/.wide), mul24/mad24, sad, min/max, abs, neg,
 * div/rem and the carry chain (add.cc, addc, sub.cc, subc, mad.cc, madc).
 *
 * Semantics follow the PTX ISA 9.0 integer arithmetic section.  Every
 * handler switches on the type once and then runs a tight loop over the
 * lanes.  Where the ISA leaves a result unspecified this model picks:
 * x / 0 = all ones (unsigned) or -1 (signed), x % 0 = x, and for the
 * signed minimum, MIN / -1 = MIN and MIN % -1 = 0 (no host trap).  The
 * float types of add/sub/mul/mad/min/max/abs/neg/div go to exec_fp.c.
 */
#include "../base/base.h"
#include "exec_alu.h"

/* A result of C type T extended to 64 bits the way T's signedness says. */
#define EXT(T, v) ((uint64_t)(int64_t)(T)(v))

/* BODY(T) for the C type of each integer ptype of 32 bits or fewer. */
#define INT_CASES32(BODY)                                                      \
	case PT_U8: case PT_B8: BODY(uint8_t); break;                          \
	case PT_S8: BODY(int8_t); break;                                       \
	case PT_U16: case PT_B16: BODY(uint16_t); break;                       \
	case PT_S16: BODY(int16_t); break;                                     \
	case PT_U32: case PT_B32: BODY(uint32_t); break;                       \
	case PT_S32: BODY(int32_t); break;

/* Instantiate BODY(T) for the C type of every integer ptype. */
#define INT_SWITCH(t, BODY)                                                    \
	switch (t) {                                                           \
	INT_CASES32(BODY)                                                      \
	case PT_U64: case PT_B64: BODY(uint64_t); break;                       \
	case PT_S64: BODY(int64_t); break;                                     \
	default: alu_unsupported(x); break;                                    \
	}

/*
 * The 32-bit forms: a type of 32 bits or fewer writing a 32-bit register
 * (ALU_NATIVE32) runs on the registers' own 4-byte lanes.  EXT32 keeps the
 * low 32 bits of EXT (the destination mask is at most 32 bits wide).
 */
#define EXT32(T, v) ((uint32_t)(T)(v))
#define INT_SWITCH32(t, BODY)                                                  \
	switch (t) {                                                           \
	INT_CASES32(BODY)                                                      \
	default: alu_unsupported(x); break;                                    \
	}
#define INT_OPERANDS32()                                                       \
	const uint32_t *a = x_src32(x, &in->o[1], 0);                          \
	const uint32_t *b = x_src32(x, &in->o[2], 1);                          \
	uint32_t *d = x_row32(x, in->o[0].reg);                                \
	uint32_t dm = (uint32_t)size_mask(in->o[0].size);                      \
	unsigned ws = x->ws, l

/* Operand rows and destination of a two- or three-source integer op. */
#define INT_OPERANDS()                                                         \
	const uint64_t *a = x_src(x, &in->o[1], 0);                            \
	const uint64_t *b = x_src(x, &in->o[2], 1);                            \
	uint64_t *d = x_dst(x, &in->o[0]);                                     \
	uint64_t dm = size_mask(in->o[0].size);                                \
	unsigned ws = x->ws, l

/* Clamp a signed value to the range of a bits-wide signed integer. */
static int64_t int_clamp(int64_t v, unsigned bits)
{
	int64_t hi = (int64_t)(alu_mask(bits - 1));
	int64_t lo = -hi - 1;
	return v > hi ? hi : v < lo ? lo : v;
}

/* Saturating signed a + b (sub: a - b) at `bits` width. */
static uint64_t int_add_sat(uint64_t a, uint64_t b, unsigned bits, bool sub)
{
	int64_t sa = sext(a, bits), sb = sext(b, bits), r;
	if (bits < 64)
		return (uint64_t)int_clamp(sub ? sa - sb : sa + sb, bits);
	if (sub ? __builtin_sub_overflow(sa, sb, &r)
		: __builtin_add_overflow(sa, sb, &r))
		return sa < 0 ? SIGN64 : ~SIGN64;
	return (uint64_t)r;
}

/* Write the carry-out bits ncc of the lanes in m to CC.CF. */
static void int_set_cc(struct exec *x, lanemask_t ncc, lanemask_t m)
{
	x->w->cc = (x->w->cc & ~m) | (ncc & m);
}

/*
 * add/sub with .cc or .sat, and addc/subc: the slow generic path.  cin
 * says whether CC.CF feeds in (addc/subc); .cc writes the carry (borrow
 * for subtraction) out.
 */
static void int_carry(struct exec *x, const struct insn *in, lanemask_t m,
		      bool sub, bool cin)
{
	INT_OPERANDS();
	unsigned bits = alu_bits(in->type);
	bool sgn = alu_signed(in->type), sat = in->mods & MOD_SAT;
	lanemask_t cc = x->w->cc, ncc = 0;

	ALU_LANES(l, ws, m) {
		unsigned ci = cin ? (unsigned)(cc >> l & 1) : 0, co;
		uint64_t r;
		if (sat && !cin) {
			r = int_add_sat(a[l], b[l], bits, sub);
			co = 0;
		} else if (sub) {
			r = alu_subb(a[l], b[l], ci, bits, &co);
		} else {
			r = alu_addc(a[l], b[l], ci, bits, &co);
		}
		ncc |= (lanemask_t)co << l;
		d[l] = alu_ext(r, bits, sgn) & dm;
	}
	if (in->mods & MOD_CC)
		int_set_cc(x, ncc, m);
}

void exec_ADD(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (alu_float(in->type)) {
		fpu_add(x, in, m);
		return;
	}
	if (in->mods & (MOD_CC | MOD_SAT)) {
		int_carry(x, in, m, false, false);
		return;
	}
	if (ALU_NATIVE32(x, in)) {
		INT_OPERANDS32();
#define ADD32(T) ALU_FORD(l, ws, m, d[l] = EXT32(T, a[l] + b[l]) & dm)
		INT_SWITCH32(in->type, ADD32)
#undef ADD32
		return;
	}
	INT_OPERANDS();
#define ADD_BODY(T) ALU_FORD(l, ws, m, d[l] = EXT(T, a[l] + b[l]) & dm)
	INT_SWITCH(in->type, ADD_BODY)
#undef ADD_BODY
}

void exec_SUB(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (alu_float(in->type)) {
		fpu_sub(x, in, m);
		return;
	}
	if (in->mods & (MOD_CC | MOD_SAT)) {
		int_carry(x, in, m, true, false);
		return;
	}
	if (ALU_NATIVE32(x, in)) {
		INT_OPERANDS32();
#define SUB32(T) ALU_FORD(l, ws, m, d[l] = EXT32(T, a[l] - b[l]) & dm)
		INT_SWITCH32(in->type, SUB32)
#undef SUB32
		return;
	}
	INT_OPERANDS();
#define SUB_BODY(T) ALU_FORD(l, ws, m, d[l] = EXT(T, a[l] - b[l]) & dm)
	INT_SWITCH(in->type, SUB_BODY)
#undef SUB_BODY
}

void exec_ADDC(struct exec *x, const struct insn *in, lanemask_t m)
{
	int_carry(x, in, m, false, true);
}

void exec_SUBC(struct exec *x, const struct insn *in, lanemask_t m)
{
	int_carry(x, in, m, true, true);
}

/* Product of a and b at 2 * bits width (mul.wide), extended to 64 bits. */
static uint64_t int_mul_wide(uint64_t a, uint64_t b, unsigned bits, bool sgn)
{
	if (sgn)
		return (uint64_t)(sext(a, bits) * sext(b, bits));
	return (a & alu_mask(bits)) * (b & alu_mask(bits));
}

void exec_MUL(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (alu_float(in->type)) {
		fpu_mul(x, in, m);
		return;
	}
	if (!(in->mods & (MOD_HI | MOD_WIDE)) && ALU_NATIVE32(x, in)) {
		INT_OPERANDS32();
#define MUL32(T) ALU_FORD(l, ws, m, d[l] = EXT32(T, a[l] * b[l]) & dm)
		INT_SWITCH32(in->type, MUL32)
#undef MUL32
		return;
	}
	if ((in->mods & MOD_WIDE) &&
	    (in->type == PT_S32 || in->type == PT_U32) &&
	    in->o[0].kind == OK_REG && !x_narrow(x, in->o[0].reg)) {
		/* the dominant address computation: 32-bit sources read
		 * from their own rows */
		const uint32_t *a = x_src32(x, &in->o[1], 0);
		const uint32_t *b = x_src32(x, &in->o[2], 1);
		uint64_t *d = x_row64(x, in->o[0].reg);
		uint64_t dm = size_mask(in->o[0].size);
		unsigned ws = x->ws, l;
		if (in->type == PT_S32)
			ALU_FORD(l, ws, m,
				d[l] = (uint64_t)((int64_t)(int32_t)a[l] *
						  (int32_t)b[l]) & dm);
		else
			ALU_FORD(l, ws, m,
				d[l] = (uint64_t)a[l] * b[l] & dm);
		return;
	}
	INT_OPERANDS();
	unsigned bits = alu_bits(in->type);
	bool sgn = alu_signed(in->type);

	if (in->mods & MOD_HI) {
		ALU_LANES(l, ws, m)
			d[l] = alu_ext(alu_mulhi(a[l], b[l], bits, sgn), bits,
				       sgn) & dm;
	} else if (in->mods & MOD_WIDE) {
		/* The dominant address computation: keep s32/u32 tight. */
		if (in->type == PT_S32) {
			ALU_FORD(l, ws, m,
				d[l] = (uint64_t)((int64_t)(int32_t)a[l] *
						  (int32_t)b[l]) & dm);
		} else if (in->type == PT_U32) {
			ALU_FORD(l, ws, m,
				d[l] = (uint64_t)(uint32_t)a[l] *
				       (uint32_t)b[l] & dm);
		} else {
			ALU_LANES(l, ws, m)
				d[l] = alu_ext(int_mul_wide(a[l], b[l], bits,
							    sgn),
					       2 * bits, sgn) & dm;
		}
	} else {
#define MUL_BODY(T) ALU_FORD(l, ws, m, d[l] = EXT(T, a[l] * b[l]) & dm)
		INT_SWITCH(in->type, MUL_BODY)
#undef MUL_BODY
	}
}

/*
 * mad.lo.cc / mad.hi.cc and madc: (a * b).lo or .hi plus c plus (madc)
 * the carry-in, writing the carry-out with .cc.
 */
static void int_mad_carry(struct exec *x, const struct insn *in,
			  lanemask_t m, bool cin)
{
	INT_OPERANDS();
	const uint64_t *c = x_src(x, &in->o[3], 2);
	unsigned bits = alu_bits(in->type);
	bool sgn = alu_signed(in->type), hi = in->mods & MOD_HI;
	lanemask_t cc = x->w->cc, ncc = 0;

	ALU_LANES(l, ws, m) {
		unsigned ci = cin ? (unsigned)(cc >> l & 1) : 0, co;
		uint64_t p = hi ? alu_mulhi(a[l], b[l], bits, sgn)
				: a[l] * b[l];
		uint64_t r = alu_addc(p, c[l], ci, bits, &co);
		ncc |= (lanemask_t)co << l;
		d[l] = alu_ext(r, bits, sgn) & dm;
	}
	if (in->mods & MOD_CC)
		int_set_cc(x, ncc, m);
}

void exec_MAD(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (alu_float(in->type)) {
		fpu_fma(x, in, m);
		return;
	}
	if (in->mods & MOD_CC) {
		int_mad_carry(x, in, m, false);
		return;
	}
	if (!(in->mods & (MOD_HI | MOD_WIDE | MOD_SAT)) && ALU_NATIVE32(x, in)) {
		INT_OPERANDS32();
		const uint32_t *c = x_src32(x, &in->o[3], 2);
#define MAD32(T) ALU_FORD(l, ws, m, d[l] = EXT32(T, a[l] * b[l] + c[l]) & dm)
		INT_SWITCH32(in->type, MAD32)
#undef MAD32
		return;
	}
	INT_OPERANDS();
	const uint64_t *c = x_src(x, &in->o[3], 2);
	unsigned bits = alu_bits(in->type);
	bool sgn = alu_signed(in->type), sat = in->mods & MOD_SAT;

	if (in->mods & MOD_HI) {
		ALU_LANES(l, ws, m) {
			uint64_t h = alu_mulhi(a[l], b[l], bits, sgn);
			uint64_t r = sat ? int_add_sat(h, c[l], bits, false)
					 : h + c[l];
			d[l] = alu_ext(r, bits, sgn) & dm;
		}
	} else if (in->mods & MOD_WIDE) {
		ALU_LANES(l, ws, m)
			d[l] = alu_ext(int_mul_wide(a[l], b[l], bits, sgn) +
				       c[l], 2 * bits, sgn) & dm;
	} else {
#define MAD_BODY(T)                                                            \
	ALU_FORD(l, ws, m, d[l] = EXT(T, a[l] * b[l] + c[l]) & dm)
		INT_SWITCH(in->type, MAD_BODY)
#undef MAD_BODY
	}
}

void exec_MADC(struct exec *x, const struct insn *in, lanemask_t m)
{
	int_mad_carry(x, in, m, true);
}

/* 48-bit product of the low 24 bits of a and b; .hi takes bits 47..16. */
static uint64_t int_mul24(uint64_t a, uint64_t b, bool sgn, bool hi)
{
	int64_t p = sgn ? sext(a, 24) * sext(b, 24)
			: (int64_t)((a & 0xffffff) * (b & 0xffffff));
	return hi ? (uint64_t)(p >> 16) : (uint64_t)p;
}

/* mul24 and mad24 (c == NULL for mul24), 32-bit types only. */
static void int_mul24_op(struct exec *x, const struct insn *in, lanemask_t m,
			 const uint64_t *c)
{
	INT_OPERANDS();
	bool sgn = alu_signed(in->type), hi = in->mods & MOD_HI;
	bool sat = in->mods & MOD_SAT;

	if (alu_bits(in->type) != 32) {
		alu_unsupported(x);
		return;
	}
	ALU_LANES(l, ws, m) {
		uint64_t r = int_mul24(a[l], b[l], sgn, hi);
		if (c)
			r = sat ? int_add_sat(r, c[l], 32, false) : r + c[l];
		d[l] = alu_ext(r, 32, sgn) & dm;
	}
}

void exec_MUL24(struct exec *x, const struct insn *in, lanemask_t m)
{
	int_mul24_op(x, in, m, NULL);
}

void exec_MAD24(struct exec *x, const struct insn *in, lanemask_t m)
{
	int_mul24_op(x, in, m, x_src(x, &in->o[3], 2));
}

void exec_SAD(struct exec *x, const struct insn *in, lanemask_t m)
{
	INT_OPERANDS();
	const uint64_t *c = x_src(x, &in->o[3], 2);
	unsigned bits = alu_bits(in->type);
	bool sgn = alu_signed(in->type);

	ALU_LANES(l, ws, m) {
		uint64_t ua = a[l] & alu_mask(bits), ub = b[l] & alu_mask(bits);
		bool gt = sgn ? sext(a[l], bits) > sext(b[l], bits) : ua > ub;
		uint64_t diff = gt ? a[l] - b[l] : b[l] - a[l];
		d[l] = alu_ext(c[l] + diff, bits, sgn) & dm;
	}
}

/* max.relu / min.relu: clamp negative signed results to zero. */
static void int_relu(struct exec *x, const struct insn *in, lanemask_t m)
{
	uint64_t *d = x_dst(x, &in->o[0]);
	unsigned bits = alu_bits(in->type), ws = x->ws, l;
	ALU_LANES(l, ws, m)
		if (sext(d[l], bits) < 0)
			d[l] = 0;
}

void exec_MIN(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (alu_float(in->type)) {
		fpu_min(x, in, m);
		return;
	}
	if (!(in->mods & MOD_RELU) && ALU_NATIVE32(x, in)) {
		INT_OPERANDS32();
#define MIN32(T)                                                               \
	ALU_FORD(l, ws, m, T A = (T)a[l]; T B = (T)b[l];                        \
		d[l] = EXT32(T, A < B ? A : B) & dm)
		INT_SWITCH32(in->type, MIN32)
#undef MIN32
		return;
	}
	INT_OPERANDS();
#define MIN_BODY(T)                                                            \
	ALU_FORD(l, ws, m, T A = (T)a[l]; T B = (T)b[l];                        \
		d[l] = EXT(T, A < B ? A : B) & dm)
	INT_SWITCH(in->type, MIN_BODY)
#undef MIN_BODY
	if ((in->mods & MOD_RELU) && alu_signed(in->type))
		int_relu(x, in, m);
}

void exec_MAX(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (alu_float(in->type)) {
		fpu_max(x, in, m);
		return;
	}
	if (!(in->mods & MOD_RELU) && ALU_NATIVE32(x, in)) {
		INT_OPERANDS32();
#define MAX32(T)                                                               \
	ALU_FORD(l, ws, m, T A = (T)a[l]; T B = (T)b[l];                        \
		d[l] = EXT32(T, A > B ? A : B) & dm)
		INT_SWITCH32(in->type, MAX32)
#undef MAX32
		return;
	}
	INT_OPERANDS();
#define MAX_BODY(T)                                                            \
	ALU_FORD(l, ws, m, T A = (T)a[l]; T B = (T)b[l];                        \
		d[l] = EXT(T, A > B ? A : B) & dm)
	INT_SWITCH(in->type, MAX_BODY)
#undef MAX_BODY
	if ((in->mods & MOD_RELU) && alu_signed(in->type))
		int_relu(x, in, m);
}

void exec_ABS(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (alu_float(in->type)) {
		fpu_abs(x, in, m);
		return;
	}
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t buf[WS_MAX_WARP], *d = x_dst_buf(x, &in->o[0], buf);
	uint64_t dm = size_mask(in->o[0].size);
	unsigned bits = alu_bits(in->type), ws = x->ws, l;

	/* abs of the most negative value is itself (two's complement wrap). */
	ALU_LANES(l, ws, m) {
		int64_t v = sext(a[l], bits);
		d[l] = alu_ext(v < 0 ? 0 - (uint64_t)v : (uint64_t)v, bits,
			       true) & dm;
	}
	x_dst_done(x, &in->o[0], d, buf, m);
}

void exec_NEG(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (alu_float(in->type)) {
		fpu_neg(x, in, m);
		return;
	}
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t buf[WS_MAX_WARP], *d = x_dst_buf(x, &in->o[0], buf);
	uint64_t dm = size_mask(in->o[0].size);
	unsigned bits = alu_bits(in->type), ws = x->ws, l;
	bool sgn = alu_signed(in->type);

	ALU_LANES(l, ws, m)
		d[l] = alu_ext(0 - a[l], bits, sgn) & dm;
	x_dst_done(x, &in->o[0], d, buf, m);
}

/*
 * div and rem.  The divisor is tested per lane so that neither a zero
 * divisor nor MIN / -1 reaches the host's divide instruction.
 */
static void int_divrem(struct exec *x, const struct insn *in, lanemask_t m,
		       bool rem)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	const uint64_t *b = x_src(x, &in->o[2], 1);
	uint64_t buf[WS_MAX_WARP], *d = x_dst_buf(x, &in->o[0], buf);
	uint64_t dm = size_mask(in->o[0].size);
	unsigned ws = x->ws, l;
	unsigned bits = alu_bits(in->type);
	bool sgn = alu_signed(in->type);
	uint64_t mk = alu_mask(bits);

	if (sgn) {
		ALU_LANES(l, ws, m) {
			int64_t sa = sext(a[l], bits), sb = sext(b[l], bits);
			uint64_t r;
			if (sb == 0)
				r = rem ? (uint64_t)sa : ~(uint64_t)0;
			else if (sb == -1)
				r = rem ? 0 : 0 - (uint64_t)sa;
			else
				r = (uint64_t)(rem ? sa % sb : sa / sb);
			d[l] = alu_ext(r, bits, true) & dm;
		}
	} else {
		ALU_LANES(l, ws, m) {
			uint64_t ua = a[l] & mk, ub = b[l] & mk;
			uint64_t r;
			if (ub == 0)
				r = rem ? ua : mk;
			else
				r = rem ? ua % ub : ua / ub;
			d[l] = r & dm;
		}
	}
	x_dst_done(x, &in->o[0], d, buf, m);
}

void exec_DIV(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (alu_float(in->type)) {
		fpu_div(x, in, m);
		return;
	}
	int_divrem(x, in, m, false);
}

void exec_REM(struct exec *x, const struct insn *in, lanemask_t m)
{
	int_divrem(x, in, m, true);
}
