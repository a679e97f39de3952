/*
 * exec_mov.c - moves, selects and comparisons of the functional model:
 * mov (register, immediate, special register, predicate, vector pack and
 * unpack), selp, slct, setp and set.
 *
 * Comparisons follow the PTX ISA 9.0 setp/set sections: integer compares
 * by the type's signedness (lo/ls/hi/hs always unsigned), float compares
 * are ordered (false on NaN) except the ...u forms, num and nan; .ftz
 * treats f32 subnormal inputs as zero.  An optional predicate c combines
 * through .and/.or/.xor; setp writes p = r OP c and q = !r OP c.
 */
#include "../base/base.h"
#include "exec_alu.h"

/* Pack {e0, e1, ...} (e0 least significant) into a wide register. */
static void mov_pack(struct exec *x, const struct insn *in, lanemask_t m)
{
	const struct opnd *v = &in->o[1];
	uint64_t *d = x_dst(x, &in->o[0]);
	uint64_t dm = size_mask(in->o[0].size), em = size_mask(v->size);
	unsigned ws = x->ws, l, i, n = MIN(v->reg, 4u), sh = 8 * v->size;

	ALU_LANES(l, ws, m) {
		uint64_t r = 0;
		for (i = 0; i < n; i++) {
			uint32_t reg = in->vec_reg[i];
			if (reg != REG_NONE)
				r |= (x_get(x, reg, l) & em)
				     << (sh * i & 63);
		}
		d[l] = r & dm;
	}
}

/* Unpack a wide value into {e0, e1, ...} (e0 gets the low bits). */
static void mov_unpack(struct exec *x, const struct insn *in, lanemask_t m)
{
	const struct opnd *v = &in->o[0];
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t em = size_mask(v->size), src[WS_MAX_WARP];
	unsigned ws = x->ws, l, i, n = MIN(v->reg, 4u), sh = 8 * v->size;

	/* copy first: the source may share a row with an element */
	ALU_LANES(l, ws, m) src[l] = a[l];
	for (i = 0; i < n; i++) {
		uint32_t reg = in->vec_reg[i];
		if (reg == REG_NONE)
			continue;
		ALU_LANES(l, ws, m)
			x_set(x, reg, l, (src[l] >> (sh * i & 63)) & em);
	}
}

void exec_MOV(struct exec *x, const struct insn *in, lanemask_t m)
{
	const struct opnd *dst = &in->o[0];

	if (dst->kind == OK_PRED) {
		x_write_pred(x, dst->reg, x_pred(x, &in->o[1]), m);
		return;
	}
	if (dst->kind == OK_VEC) {
		mov_unpack(x, in, m);
		return;
	}
	if (in->o[1].kind == OK_VEC) {
		mov_pack(x, in, m);
		return;
	}
	unsigned ws = x->ws, l;
	if (x_dst32_ok(x, dst)) { /* a 32-bit register: 32-bit lanes */
		uint32_t *d = x_row32(x, dst->reg);
		uint32_t dm = (uint32_t)size_mask(dst->size);
		if (in->o[1].kind == OK_REG || in->o[1].kind == OK_IMM) {
			const uint32_t *a = x_src32(x, &in->o[1], 0);
			ALU_FORD(l, ws, m, d[l] = a[l] & dm);
		} else { /* a special register: its 64-bit scratch row */
			const uint64_t *a = x_src(x, &in->o[1], 0);
			ALU_FORD(l, ws, m, d[l] = (uint32_t)a[l] & dm);
		}
		return;
	}
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t *d = x_dst(x, dst), dm = size_mask(dst->size);
	ALU_FORD(l, ws, m, d[l] = a[l] & dm);
}

/* selp d, a, b, c: d = c ? a : b, any type. */
void exec_SELP(struct exec *x, const struct insn *in, lanemask_t m)
{
	lanemask_t c = x_pred(x, &in->o[3]);
	unsigned ws = x->ws, l;
	if (x_dst32_ok(x, &in->o[0])) { /* 32-bit lanes */
		const uint32_t *a = x_src32(x, &in->o[1], 0);
		const uint32_t *b = x_src32(x, &in->o[2], 1);
		uint32_t *d = x_row32(x, in->o[0].reg);
		uint32_t mk = (uint32_t)(alu_mask(alu_bits(in->type)) &
					 size_mask(in->o[0].size));
		ALU_FORD(l, ws, m, d[l] = ((c >> l & 1) ? a[l] : b[l]) & mk);
		return;
	}
	const uint64_t *a = x_src(x, &in->o[1], 0);
	const uint64_t *b = x_src(x, &in->o[2], 1);
	uint64_t *d = x_dst(x, &in->o[0]);
	uint64_t mk = alu_mask(alu_bits(in->type)) & size_mask(in->o[0].size);

	ALU_FORD(l, ws, m, d[l] = ((c >> l & 1) ? a[l] : b[l]) & mk);
}

/* slct d, a, b, c: d = (c >= 0) ? a : b with c an s32 or f32 (NaN: b). */
void exec_SLCT(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	const uint64_t *b = x_src(x, &in->o[2], 1);
	const uint64_t *c = x_src(x, &in->o[3], 2);
	uint64_t *d = x_dst(x, &in->o[0]);
	uint64_t mk = alu_mask(alu_bits(in->type)) & size_mask(in->o[0].size);
	bool ftz = in->mods & MOD_FTZ;
	unsigned ws = x->ws, l;

	if (in->type2 == PT_F32) {
		ALU_LANES(l, ws, m)
			d[l] = (f32_in(c[l], ftz) >= 0.0f ? a[l] : b[l]) & mk;
	} else {
		ALU_LANES(l, ws, m)
			d[l] = ((int32_t)c[l] >= 0 ? a[l] : b[l]) & mk;
	}
}

/* Set bit l of r to COND for each lane in m. */
/* Every lane is compared (branch-free); callers keep only the lanes in m. */
#define CMP_LOOP(COND)                                                         \
	for (l = 0; l < ws; l++)                                               \
		r |= (lanemask_t)(COND) << l;                                  \
	break

/* Pack ws bytes of 0/1 into a lane mask, 8 lanes per multiply. */
static lanemask_t pack_lane_bytes(const uint8_t *rb, unsigned ws)
{
	lanemask_t m = 0;
	for (unsigned g = 0; g < ws; g += 8) {
		uint64_t v;
		memcpy(&v, rb + g, 8);
		/* byte i (0 or 1) lands on bit i of the top byte, no carries */
		m |= ((v * 0x0102040810204080ULL) >> 56) << g;
	}
	return m;
}

/* 32-bit comparisons as byte-per-lane loops the compiler vectorises. */
#define CMP32_LOOP(T, OP)                                                      \
	for (l = 0; l < ws; l++)                                               \
		rb[l] = (T)a[l] OP (T)b[l];                                    \
	break

static lanemask_t cmp_int32(const uint32_t *a, const uint32_t *b,
			    unsigned cmp, bool uns, unsigned ws, bool *ok)
{
	uint8_t rb[WS_MAX_WARP];
	unsigned l;
	*ok = true;
	if (uns) {
		switch (cmp) {
		case CMP_EQ: CMP32_LOOP(uint32_t, ==);
		case CMP_NE: CMP32_LOOP(uint32_t, !=);
		case CMP_LT: case CMP_LO: CMP32_LOOP(uint32_t, <);
		case CMP_LE: case CMP_LS: CMP32_LOOP(uint32_t, <=);
		case CMP_GT: case CMP_HI: CMP32_LOOP(uint32_t, >);
		case CMP_GE: case CMP_HS: CMP32_LOOP(uint32_t, >=);
		default: *ok = false; return 0;
		}
	} else {
		switch (cmp) {
		case CMP_EQ: CMP32_LOOP(int32_t, ==);
		case CMP_NE: CMP32_LOOP(int32_t, !=);
		case CMP_LT: CMP32_LOOP(int32_t, <);
		case CMP_LE: CMP32_LOOP(int32_t, <=);
		case CMP_GT: CMP32_LOOP(int32_t, >);
		case CMP_GE: CMP32_LOOP(int32_t, >=);
		default: *ok = false; return 0;
		}
	}
	if (ws < 8) /* pack_lane_bytes reads whole groups of 8 */
		memset(rb + ws, 0, 8 - ws);
	return pack_lane_bytes(rb, ws);
}
#undef CMP32_LOOP

/*
 * Integer comparison.  Each value is turned into a key whose signed
 * 64-bit order is the wanted order: shifted up to the top of the word,
 * with the sign bit flipped for unsigned comparisons.
 */
static lanemask_t cmp_int(struct exec *x, const struct insn *in, lanemask_t m,
			  unsigned t)
{
	unsigned bits = alu_bits(t), sh = 64 - bits, ws = x->ws, l;
	bool uns = !alu_signed(t) || (in->cmp >= CMP_LO && in->cmp <= CMP_HS);
	uint64_t flip = uns ? SIGN64 : 0;
	lanemask_t r = 0;

	if (bits == 32) { /* the common case, vectorised on 32-bit rows */
		bool ok;
		r = cmp_int32(x_src32(x, &in->o[1], 0),
			      x_src32(x, &in->o[2], 1), in->cmp, uns, ws, &ok);
		if (ok)
			return r;
	}
	const uint64_t *a = x_src(x, &in->o[1], 0);
	const uint64_t *b = x_src(x, &in->o[2], 1);

#define KA ((int64_t)((a[l] << sh) ^ flip))
#define KB ((int64_t)((b[l] << sh) ^ flip))
	switch (in->cmp) {
	case CMP_EQ: CMP_LOOP(KA == KB);
	case CMP_NE: CMP_LOOP(KA != KB);
	case CMP_LT: case CMP_LO: CMP_LOOP(KA < KB);
	case CMP_LE: case CMP_LS: CMP_LOOP(KA <= KB);
	case CMP_GT: case CMP_HI: CMP_LOOP(KA > KB);
	case CMP_GE: case CMP_HS: CMP_LOOP(KA >= KB);
	default: alu_unsupported(x); break;
	}
#undef KA
#undef KB
	return r;
}

/* Float comparison on f32 (optionally flushed) or f64 values. */
static lanemask_t cmp_float(struct exec *x, const struct insn *in,
			    lanemask_t m, unsigned t)
{
	bool ftz = in->mods & MOD_FTZ;
	unsigned ws = x->ws, l;
	double va[WS_MAX_WARP], vb[WS_MAX_WARP];
	lanemask_t r = 0;

	if (t == PT_F32) {
		const uint32_t *a = x_src32(x, &in->o[1], 0);
		const uint32_t *b = x_src32(x, &in->o[2], 1);
		ALU_FOR(l, ws, m, va[l] = f32_in(a[l], ftz);
			vb[l] = f32_in(b[l], ftz));
	} else if (t == PT_F64) {
		const uint64_t *a = x_src(x, &in->o[1], 0);
		const uint64_t *b = x_src(x, &in->o[2], 1);
		ALU_FOR(l, ws, m, va[l] = f64_from_bits(a[l]);
			vb[l] = f64_from_bits(b[l]));
	} else {
		alu_unsupported(x);
		return 0;
	}
#define A va[l]
#define B vb[l]
	switch (in->cmp) {
	case CMP_EQ: CMP_LOOP(A == B);
	case CMP_NE: CMP_LOOP(A < B || A > B);
	case CMP_LT: CMP_LOOP(A < B);
	case CMP_LE: CMP_LOOP(A <= B);
	case CMP_GT: CMP_LOOP(A > B);
	case CMP_GE: CMP_LOOP(A >= B);
	case CMP_EQU: CMP_LOOP(!(A < B || A > B));
	case CMP_NEU: CMP_LOOP(A != B);
	case CMP_LTU: CMP_LOOP(!(A >= B));
	case CMP_LEU: CMP_LOOP(!(A > B));
	case CMP_GTU: CMP_LOOP(!(A <= B));
	case CMP_GEU: CMP_LOOP(!(A < B));
	case CMP_NUM: CMP_LOOP(A == A && B == B);
	case CMP_NAN: CMP_LOOP(A != A || B != B);
	default: alu_unsupported(x); break;
	}
#undef A
#undef B
	return r;
}

/* Lanes of m where "a CMP b" holds, for source type t. */
static lanemask_t cmp_eval(struct exec *x, const struct insn *in,
			   lanemask_t m, unsigned t)
{
	if (alu_float(t))
		return cmp_float(x, in, m, t);
	return cmp_int(x, in, m, t);
}

/* r BOP c, where c is the optional predicate operand o[3]. */
static lanemask_t cmp_combine(struct exec *x, const struct insn *in,
			      lanemask_t r)
{
	lanemask_t c;
	if (in->o[3].kind == OK_NONE || in->bop == BOP_NONE)
		return r;
	c = x_pred(x, &in->o[3]);
	switch (in->bop) {
	case BOP_AND: return r & c;
	case BOP_OR: return r | c;
	case BOP_XOR: return r ^ c;
	default: alu_unsupported(x); return r;
	}
}

void exec_SETP(struct exec *x, const struct insn *in, lanemask_t m)
{
	lanemask_t r = cmp_eval(x, in, m, in->type);
	if (in->o[0].kind == OK_PRED) /* absent for a "_" sink */
		x_write_pred(x, in->o[0].reg, cmp_combine(x, in, r), m);
	if (in->pdst != PRED_NONE)
		x_write_pred(x, in->pdst, cmp_combine(x, in, ~r), m);
}

/* set: d = 0xffffffff (integer dtype) or 1.0f (f32 dtype) when true. */
void exec_SET(struct exec *x, const struct insn *in, lanemask_t m)
{
	unsigned st = in->type2 != PT_NONE ? in->type2 : in->type;
	lanemask_t r = cmp_combine(x, in, cmp_eval(x, in, m, st));
	uint64_t *d = x_dst(x, &in->o[0]);
	uint64_t dm = size_mask(in->o[0].size), one;
	unsigned ws = x->ws, l;

	one = in->type == PT_F32 ? 0x3f800000u
	      : alu_ext(~(uint64_t)0, alu_bits(in->type),
			alu_signed(in->type));
	ALU_LANES(l, ws, m)
		d[l] = (r >> l & 1) ? one & dm : 0;
}
