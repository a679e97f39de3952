/*
 * exec_bits.c - logic, shift and bit-field handlers of the functional
 * model: and/or/xor/not/cnot (on .bN and on predicates), shl/shr, shf,
 * bfe, bfi, bfind, brev, clz, popc, prmt and lop3.
 *
 * Semantics follow the PTX ISA 9.0 logic, shift and bit-manipulation
 * sections.  Shift amounts at or above the operand width are clamped as
 * PTX specifies (the C shift would be undefined): shl and logical shr
 * give 0, arithmetic shr fills with the sign bit.
 */
#include "../base/base.h"
#include "exec_alu.h"

/* Operand rows and destination of a two-source op; mk = type & register. */
#define BIT_OPERANDS()                                                         \
	const uint64_t *a = x_src(x, &in->o[1], 0);                            \
	const uint64_t *b = x_src(x, &in->o[2], 1);                            \
	uint64_t *d = x_dst(x, &in->o[0]);                                     \
	unsigned bits = alu_bits(in->type), ws = x->ws, l;                     \
	uint64_t mk = alu_mask(bits) & size_mask(in->o[0].size)

/*
 * BIT_OPERANDS on 32-bit rows: when the type is 32 bits or narrower and
 * the destination a 32-bit register (ALU_NATIVE32), the same loop bodies
 * run on the registers' own 4-byte lanes, twice as many per vector.
 */
#define BIT_OPERANDS32()                                                       \
	const uint32_t *a = x_src32(x, &in->o[1], 0);                          \
	const uint32_t *b = x_src32(x, &in->o[2], 1);                          \
	uint32_t *d = x_row32(x, in->o[0].reg);                                \
	unsigned bits = alu_bits(in->type), ws = x->ws, l;                     \
	uint32_t mk = (uint32_t)(alu_mask(bits) & size_mask(in->o[0].size))

enum logic_op { LOGIC_AND, LOGIC_OR, LOGIC_XOR };

/* and/or/xor: on predicates the lane masks combine directly. */
static void bits_logic(struct exec *x, const struct insn *in, lanemask_t m,
		       enum logic_op op)
{
	if (in->o[0].kind == OK_PRED) {
		lanemask_t pa = x_pred(x, &in->o[1]), pb = x_pred(x, &in->o[2]);
		lanemask_t r = op == LOGIC_AND ? pa & pb
			     : op == LOGIC_OR ? pa | pb : pa ^ pb;
		x_write_pred(x, in->o[0].reg, r, m);
		return;
	}
#define LOGIC_BODY                                                             \
	switch (op) {                                                          \
	case LOGIC_AND: ALU_FORD(l, ws, m, d[l] = a[l] & b[l] & mk); break;    \
	case LOGIC_OR: ALU_FORD(l, ws, m, d[l] = (a[l] | b[l]) & mk); break;   \
	case LOGIC_XOR: ALU_FORD(l, ws, m, d[l] = (a[l] ^ b[l]) & mk); break;  \
	}
	if (ALU_NATIVE32(x, in)) {
		BIT_OPERANDS32();
		(void)bits;
		LOGIC_BODY
		return;
	}
	BIT_OPERANDS();
	(void)bits;
	LOGIC_BODY
#undef LOGIC_BODY
}

void exec_AND(struct exec *x, const struct insn *in, lanemask_t m)
{
	bits_logic(x, in, m, LOGIC_AND);
}

void exec_OR(struct exec *x, const struct insn *in, lanemask_t m)
{
	bits_logic(x, in, m, LOGIC_OR);
}

void exec_XOR(struct exec *x, const struct insn *in, lanemask_t m)
{
	bits_logic(x, in, m, LOGIC_XOR);
}

void exec_NOT(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (in->o[0].kind == OK_PRED) {
		x_write_pred(x, in->o[0].reg, ~x_pred(x, &in->o[1]), m);
		return;
	}
	unsigned ws = x->ws, l;
	if (ALU_NATIVE32(x, in)) {
		const uint32_t *a = x_src32(x, &in->o[1], 0);
		uint32_t *d = x_row32(x, in->o[0].reg);
		uint32_t mk = (uint32_t)(alu_mask(alu_bits(in->type)) &
					 size_mask(in->o[0].size));
		ALU_FORD(l, ws, m, d[l] = ~a[l] & mk);
		return;
	}
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t *d = x_dst(x, &in->o[0]);
	uint64_t mk = alu_mask(alu_bits(in->type)) & size_mask(in->o[0].size);
	ALU_FORD(l, ws, m, d[l] = ~a[l] & mk);
}

/* cnot: d = (a == 0) ? 1 : 0. */
void exec_CNOT(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (in->o[0].kind == OK_PRED) {
		x_write_pred(x, in->o[0].reg, ~x_pred(x, &in->o[1]), m);
		return;
	}
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t *d = x_dst(x, &in->o[0]);
	uint64_t tm = alu_mask(alu_bits(in->type));
	unsigned ws = x->ws, l;
	ALU_LANES(l, ws, m)
		d[l] = (a[l] & tm) == 0;
}

/* shl.bN: the amount is an unsigned 32-bit value; >= width gives 0. */
void exec_SHL(struct exec *x, const struct insn *in, lanemask_t m)
{
#define SHL_BODY                                                               \
	ALU_FORD(l, ws, m, uint32_t n = (uint32_t)b[l];                        \
		d[l] = n >= bits ? 0 : (a[l] << (n & (bits - 1))) & mk)
	if (ALU_NATIVE32(x, in)) {
		BIT_OPERANDS32();
		SHL_BODY;
		return;
	}
	BIT_OPERANDS();
	SHL_BODY;
#undef SHL_BODY
}

/* shr: .sN is arithmetic (an amount >= width leaves only sign bits). */
void exec_SHR(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (ALU_NATIVE32(x, in)) {
		BIT_OPERANDS32();
		if (alu_signed(in->type)) {
			/* sign-extend from bits to 32, shift arithmetically */
			uint32_t dm = (uint32_t)size_mask(in->o[0].size);
			unsigned up = 32 - bits;
			ALU_FORD(l, ws, m, uint32_t n = (uint32_t)b[l];
				int32_t v = (int32_t)(a[l] << up) >> up;
				d[l] = (uint32_t)(v >> (n >= bits ? bits - 1 : n))
				       & dm);
		} else {
			uint32_t tm = (uint32_t)alu_mask(bits);
			ALU_FORD(l, ws, m, uint32_t n = (uint32_t)b[l];
				d[l] = n >= bits ? 0 :
				       ((a[l] & tm) >> (n & (bits - 1))) & mk);
		}
		return;
	}
	BIT_OPERANDS();
	if (alu_signed(in->type)) {
		uint64_t dm = size_mask(in->o[0].size);
		ALU_FORD(l, ws, m, uint32_t n = (uint32_t)b[l];
			int64_t v = sext(a[l], bits);
			d[l] = (uint64_t)(v >> (n >= bits ? bits - 1 : n)) & dm);
	} else {
		uint64_t tm = alu_mask(bits);
		ALU_FORD(l, ws, m, uint32_t n = (uint32_t)b[l];
			d[l] = n >= bits ? 0 : ((a[l] & tm) >> (n & 63)) & mk);
	}
}

/* one loop per form, so that a full warp's loop vectorises */
#define SHF_LOOP(AMT, RES)                                                     \
	ALU_FORD(l, ws, m, uint32_t n = (uint32_t)c[l]; n = AMT;               \
		 uint64_t v = (uint64_t)(uint32_t)b[l] << 32 |                 \
			(uint32_t)a[l];                                        \
		 d[l] = (RES) & mk)
#define SHF_FORMS                                                              \
	do {                                                                   \
		if (left && wrap)                                              \
			SHF_LOOP(n & 31, (v << n) >> 32);                      \
		else if (left)                                                 \
			SHF_LOOP(n > 32 ? 32 : n, (v << n) >> 32);             \
		else if (wrap)                                                 \
			SHF_LOOP(n & 31, v >> n);                              \
		else                                                           \
			SHF_LOOP(n > 32 ? 32 : n, v >> n);                     \
	} while (0)

/*
 * shf.l / shf.r (funnel shift, .b32): {b, a} is a 64-bit value with a in
 * the low word.  .clamp limits the amount to 32, .wrap takes it mod 32.
 * shf.l returns the high word of {b, a} << n, shf.r the low word of
 * {b, a} >> n.
 */
void exec_SHF(struct exec *x, const struct insn *in, lanemask_t m)
{
	bool left = in->mods & MOD_SHF_L, wrap = in->mods & MOD_WRAP;

	if (alu_bits(in->type) != 32) {
		alu_unsupported(x);
		return;
	}
	if (ALU_NATIVE32(x, in)) {
		BIT_OPERANDS32();
		const uint32_t *c = x_src32(x, &in->o[3], 2);
		(void)bits;
		SHF_FORMS;
		return;
	}
	BIT_OPERANDS();
	const uint64_t *c = x_src(x, &in->o[3], 2);
	(void)bits;
	SHF_FORMS;
}

/*
 * bfe: extract len = c[7:0] bits at pos = b[7:0]; bits past the msb read
 * as the fill bit, which is 0 for .uN and, for .sN, the sign of the field
 * (a[min(pos + len - 1, msb)]; 0 when len is 0).  Signed results are
 * sign-extended into the register.
 */
void exec_BFE(struct exec *x, const struct insn *in, lanemask_t m)
{
	BIT_OPERANDS();
	const uint64_t *c = x_src(x, &in->o[3], 2);
	bool sgn = alu_signed(in->type);
	uint64_t dm = size_mask(in->o[0].size);

	ALU_LANES(l, ws, m) {
		unsigned pos = (unsigned)(b[l] & 0xff), len = (unsigned)(c[l] & 0xff);
		uint64_t v = a[l] & alu_mask(bits), r = 0, fill = 0;
		unsigned n = 0;
		if (len && pos < bits) {
			n = MIN(len, bits - pos);
			r = (v >> pos) & alu_mask(n);
		}
		if (sgn && len) {
			unsigned top = MIN(pos + len - 1, bits - 1);
			fill = (v >> top) & 1;
		}
		if (fill) /* alu_mask(0) is 0: an empty field is all fill */
			r |= ~alu_mask(n);
		d[l] = sgn ? r & dm : r & mk;
	}
}

/*
 * bfi d, a, b, c, e: insert the low len = e[7:0] bits of a into b at
 * pos = c[7:0]; bits that would land past the msb are dropped.
 */
void exec_BFI(struct exec *x, const struct insn *in, lanemask_t m)
{
	BIT_OPERANDS();
	const uint64_t *c = x_src(x, &in->o[3], 2);
	const uint64_t *e = x_src(x, &in->o[4], 3);

	ALU_LANES(l, ws, m) {
		unsigned pos = (unsigned)(c[l] & 0xff), len = (unsigned)(e[l] & 0xff);
		uint64_t r = b[l];
		if (len && pos < bits) {
			uint64_t f = alu_mask(MIN(len, bits - pos)) << pos;
			r = (r & ~f) | ((a[l] << pos) & f);
		}
		d[l] = r & mk;
	}
}

/* bfind: position of the most significant non-sign bit, or 0xffffffff. */
void exec_BFIND(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t *d = x_dst(x, &in->o[0]);
	unsigned bits = alu_bits(in->type), ws = x->ws, l;
	bool sgn = alu_signed(in->type), shamt = in->mods & MOD_SHIFTAMT;
	uint64_t dm = size_mask(in->o[0].size);

	ALU_LANES(l, ws, m) {
		uint64_t v = a[l] & alu_mask(bits);
		uint32_t r;
		if (sgn && (v >> (bits - 1) & 1))
			v = ~v & alu_mask(bits);
		if (!v)
			r = 0xffffffffu;
		else {
			r = 63 - (uint32_t)__builtin_clzll(v);
			if (shamt)
				r = bits - 1 - r;
		}
		d[l] = r & dm;
	}
}

/* Reverse the 64 bits of v. */
static uint64_t bits_rev64(uint64_t v)
{
	v = (v >> 1 & 0x5555555555555555ull) | (v & 0x5555555555555555ull) << 1;
	v = (v >> 2 & 0x3333333333333333ull) | (v & 0x3333333333333333ull) << 2;
	v = (v >> 4 & 0x0f0f0f0f0f0f0f0full) | (v & 0x0f0f0f0f0f0f0f0full) << 4;
	return __builtin_bswap64(v);
}

void exec_BREV(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t *d = x_dst(x, &in->o[0]);
	unsigned bits = alu_bits(in->type), ws = x->ws, l;
	uint64_t dm = size_mask(in->o[0].size);
	ALU_LANES(l, ws, m)
		d[l] = (bits_rev64(a[l]) >> (64 - bits)) & dm;
}

/* clz.bN: leading zeros of the bits-wide value (bits for 0); u32 result. */
void exec_CLZ(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t *d = x_dst(x, &in->o[0]);
	unsigned bits = alu_bits(in->type), ws = x->ws, l;
	uint64_t dm = size_mask(in->o[0].size), tm = alu_mask(bits);
	ALU_LANES(l, ws, m) {
		uint64_t v = a[l] & tm;
		d[l] = (v ? (uint64_t)__builtin_clzll(v) - (64 - bits) : bits) & dm;
	}
}

void exec_POPC(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t *d = x_dst(x, &in->o[0]);
	unsigned bits = alu_bits(in->type), ws = x->ws, l;
	uint64_t dm = size_mask(in->o[0].size), tm = alu_mask(bits);
	ALU_LANES(l, ws, m)
		d[l] = (uint64_t)bit_popc64(a[l] & tm) & dm;
}

/*
 * Source byte (0..7 of {b, a}) feeding each result byte (0..3) in the
 * special prmt modes, indexed by mode - 1 and c[1:0] (PTX ISA prmt table).
 */
static const uint8_t prmt_sel[6][4][4] = {
	/* f4e  */ {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},
	/* b4e  */ {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},
	/* rc8  */ {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},
	/* ecl  */ {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},
	/* ecr  */ {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},
	/* rc16 */ {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},
};

/* prmt.b32: pick four bytes of {b, a} by the selector c. */
void exec_PRMT(struct exec *x, const struct insn *in, lanemask_t m)
{
	BIT_OPERANDS();
	const uint64_t *c = x_src(x, &in->o[3], 2);
	unsigned mode = in->aux, i;

	if (mode > PRMT_RC16) {
		alu_unsupported(x);
		return;
	}
	ALU_LANES(l, ws, m) {
		uint64_t v = (uint64_t)(uint32_t)b[l] << 32 | (uint32_t)a[l];
		uint32_t sel = (uint32_t)c[l], r = 0;
		for (i = 0; i < 4; i++) {
			unsigned s, byte;
			if (mode == PRMT_DEFAULT) {
				s = sel >> (4 * i) & 0xf;
				byte = (unsigned)(v >> (8 * (s & 7))) & 0xff;
				if (s & 8) /* replicate the byte's sign bit */
					byte = byte & 0x80 ? 0xff : 0;
			} else {
				s = prmt_sel[mode - 1][sel & 3][i];
				byte = (unsigned)(v >> (8 * s)) & 0xff;
			}
			r |= (uint32_t)byte << (8 * i);
		}
		d[l] = r & mk;
	}
}

/*
 * lop3.b32 d, a, b, c, immLut: bit i of d is bit (a_i << 2 | b_i << 1 |
 * c_i) of immLut, i.e. immLut = F(0xf0, 0xcc, 0xaa).  Evaluated as the OR
 * of the minterms present in immLut.
 */
void exec_LOP3(struct exec *x, const struct insn *in, lanemask_t m)
{
	BIT_OPERANDS();
	const uint64_t *c = x_src(x, &in->o[3], 2);
	unsigned lut = (unsigned)(in->o[4].imm & 0xff), t;

	ALU_LANES(l, ws, m) {
		uint64_t r = 0;
		for (t = 0; t < 8; t++) {
			if (!(lut >> t & 1))
				continue;
			r |= (t & 4 ? a[l] : ~a[l]) & (t & 2 ? b[l] : ~b[l]) &
			     (t & 1 ? c[l] : ~c[l]);
		}
		d[l] = r & mk;
	}
}
