/*
 * test_exec_fix.h - a fake warp for unit tests of the ALU handlers
 * (test_exec_*.c): one fwarp with a register file and predicates, one
 * fcta and an exec context, plus builders for operands and instructions.
 *
 * Registers used by the helpers: r1..r4 hold the sources, r0 the result.
 * tx_run*() broadcast scalar sources to every lane, run the handler with
 * all lanes active, check that every lane agrees and return lane 0; they
 * run it twice, with every register in a 64-bit row and with the
 * registers the instruction names as 4 bytes or fewer in 32-bit rows (as
 * the simulator stores them), and check that both give the same result.
 */
#ifndef WS_TESTS_TEST_EXEC_FIX_H
#define WS_TESTS_TEST_EXEC_FIX_H

#include <fenv.h>
#include <math.h>

#include "test.h"
#include "base/base.h"
#include "func/func_int.h"

#define TX_NREG 16  /* registers in the fake warp */
#define SIGN64 0x8000000000000000ull
#define TX_NPRED 8  /* predicates in the fake warp */

struct tx {
	struct exec x;                           /* handler context */
	struct fwarp w;                          /* the warp */
	struct fcta cta;                         /* its block */
	uint64_t regs[TX_NREG * WS_MAX_WARP];    /* register-major file */
	lanemask_t preds[TX_NPRED];              /* predicate lane masks */
	struct xscratch xs;                      /* 32-bit scratch rows */
	uint32_t slot[TX_NREG];                  /* register -> storage code
						    (reg_row): 64-bit row r */
};

/* A zeroed fake warp of ws lanes (one-warp block of ws threads). */
static inline struct tx *tx_new(unsigned ws)
{
	struct tx *t = calloc(1, sizeof(*t));
	t->w.regs = t->regs;
	t->w.preds = t->preds;
	t->w.cta = &t->cta;
	t->w.valid = t->w.live = lanemask_full(ws);
	t->cta.ntid[0] = ws;
	t->cta.ntid[1] = t->cta.ntid[2] = 1;
	t->cta.nctaid[0] = t->cta.nctaid[1] = t->cta.nctaid[2] = 1;
	t->cta.n_threads = ws;
	t->cta.n_warps = t->cta.n_live_warps = 1;
	t->cta.warps = &t->w;
	for (unsigned r = 0; r < TX_NREG; r++)
		t->slot[r] = r << 2;
	t->x.row = t->slot;
	t->x.sc = &t->xs;
	t->x.w = &t->w;
	t->x.cta = &t->cta;
	t->x.ws = ws;
	t->x.active = lanemask_full(ws);
	return t;
}

static inline struct opnd tx_reg(unsigned r, unsigned size)
{
	struct opnd o;
	memset(&o, 0, sizeof(o));
	o.kind = OK_REG;
	o.size = (uint8_t)size;
	o.reg = r;
	return o;
}

static inline struct opnd tx_imm(int64_t v)
{
	struct opnd o;
	memset(&o, 0, sizeof(o));
	o.kind = OK_IMM;
	o.imm = v;
	return o;
}

static inline struct opnd tx_prd(unsigned p, bool neg)
{
	struct opnd o;
	memset(&o, 0, sizeof(o));
	o.kind = OK_PRED;
	o.reg = p;
	o.flags = neg ? OPND_NEG : 0;
	return o;
}

/* An instruction d = op.type(r1, r2, r3, r4) with every register `size`
 * bytes wide (callers adjust o[] for mixed widths). */
static inline struct insn tx_insn(unsigned op, unsigned type, unsigned size,
				  unsigned n_src)
{
	struct insn in;
	unsigned i;
	memset(&in, 0, sizeof(in));
	in.op = (uint16_t)op;
	in.type = (uint8_t)type;
	in.guard = PRED_NONE;
	in.pdst = PRED_NONE;
	in.o[0] = tx_reg(0, size);
	for (i = 1; i <= n_src; i++)
		in.o[i] = tx_reg(i, size);
	return in;
}

/* Store register r of the fake warp in a 32-bit row (the low half of
 * its 8-byte slot) instead of a 64-bit one; call before writing it. */
static inline void tx_narrow(struct tx *t, unsigned r)
{
	t->slot[r] = ((2 * r) << 1) | 1;
}

/* tx_narrow for every register operand of in that is 4 bytes or fewer. */
static inline void tx_narrow_insn(struct tx *t, const struct insn *in)
{
	for (unsigned i = 0; i < 5; i++)
		if (in->o[i].kind == OK_REG && in->o[i].size <= 4 &&
		    in->o[i].reg < TX_NREG)
			tx_narrow(t, in->o[i].reg);
}

static inline void tx_set(struct tx *t, unsigned r, unsigned lane, uint64_t v)
{
	freg_set(&t->w, t->slot[r], t->x.ws, lane, v);
}

static inline uint64_t tx_get(struct tx *t, unsigned r, unsigned lane)
{
	return freg_get(&t->w, t->slot[r], t->x.ws, lane);
}

static inline void tx_fill(struct tx *t, unsigned r, uint64_t v)
{
	unsigned l;
	for (l = 0; l < t->x.ws; l++)
		tx_set(t, r, l, v);
}

/* Run fn on every lane and return lane 0 of r0 (all lanes must agree). */
static inline uint64_t tx_exec(struct tx *t, exec_fn *fn, struct insn *in)
{
	unsigned l;
	uint64_t v;
	fn(&t->x, in, lanemask_full(t->x.ws));
	if (t->x.n_stage) /* as fexec_run does after each handler */
		fexec_commit(&t->x);
	v = tx_get(t, 0, 0);
	for (l = 1; l < t->x.ws; l++)
		CHECK_EQ_U64(tx_get(t, 0, l), v);
	CHECK(t->x.fault == 0);
	return v;
}

/* Broadcast a, b, c into r1..r3 of a fresh 32-lane warp and run in, with
 * 64-bit rows and again with 32-bit rows for its 4-byte registers (a
 * source value is then its low 32 bits, as a 4-byte register holds). */
static inline uint64_t tx_run(exec_fn *fn, struct insn *in, uint64_t a,
			      uint64_t b, uint64_t c)
{
	uint64_t v[2];
	for (int narrow = 0; narrow < 2; narrow++) {
		struct tx *t = tx_new(32);
		if (narrow)
			tx_narrow_insn(t, in);
		tx_fill(t, 1, a);
		tx_fill(t, 2, b);
		tx_fill(t, 3, c);
		v[narrow] = tx_exec(t, fn, in);
		free(t);
	}
	CHECK_EQ_U64(v[1], v[0]);
	return v[0];
}

/* d = op.type{mods}{rnd} a, b with all registers `size` bytes wide. */
static inline uint64_t tx_bin(exec_fn *fn, unsigned type, unsigned size,
			      uint32_t mods, unsigned rnd, uint64_t a,
			      uint64_t b)
{
	struct insn in = tx_insn(0, type, size, 2);
	in.mods = mods;
	in.rnd = (uint8_t)rnd;
	return tx_run(fn, &in, a, b, 0);
}

/* d = op.type{mods}{rnd} a with all registers `size` bytes wide. */
static inline uint64_t tx_un(exec_fn *fn, unsigned type, unsigned size,
			     uint32_t mods, unsigned rnd, uint64_t a)
{
	struct insn in = tx_insn(0, type, size, 1);
	in.mods = mods;
	in.rnd = (uint8_t)rnd;
	return tx_run(fn, &in, a, 0, 0);
}

/* d = op.type{mods}{rnd} a, b, c with all registers `size` bytes wide. */
static inline uint64_t tx_ter(exec_fn *fn, unsigned type, unsigned size,
			      uint32_t mods, unsigned rnd, uint64_t a,
			      uint64_t b, uint64_t c)
{
	struct insn in = tx_insn(0, type, size, 3);
	in.mods = mods;
	in.rnd = (uint8_t)rnd;
	return tx_run(fn, &in, a, b, c);
}

/* Float bit patterns. */
static inline uint64_t F(float f) { return f32_bits(f); }
static inline uint64_t D(double f) { return f64_bits(f); }

#endif
