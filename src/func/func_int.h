/*
 * func_int.h - private interface of the functional model (func/).
 *
 * Models the architectural state of resident thread blocks: one struct
 * fwarp per warp with a register-major register file (each register a row
 * of ws lanes: 8 bytes per lane for 64-bit registers, 4 for narrower ones,
 * at the place ptx_kernel.reg_row gives),
 * predicate lane masks, a carry-flag mask and an IPDOM SIMT stack.  Every
 * instruction executes for a whole warp at once: the dispatcher evaluates
 * the guard, then calls the opcode's handler exec_OP(x, insn, mask) once,
 * and the handler loops over the lanes in mask.  Handlers never touch the
 * SIMT stack unless they are control-flow ops (exec_ctrl.c).
 */
#ifndef SIM_FUNC_FUNC_INT_H
#define SIM_FUNC_FUNC_INT_H

#include "../base/base.h"
#include "../ptx/ir.h"

struct fgpu;
struct fctx;
struct fcta;

#define WS_N_BARRIERS 16 /* named barriers per CTA (bar.sync 0..15) */

/* State of one named barrier of a CTA. */
struct fbarrier {
	uint32_t arrived;   /* warps arrived since the last release */
	uint32_t expected;  /* warps needed (0: every live warp of the CTA) */
	uint32_t red_popc;  /* bar.red.popc: threads with a true predicate */
	uint32_t red_and;   /* bar.red.and: 1 while every predicate was true */
	uint32_t red_or;    /* bar.red.or: 1 once any predicate was true */
};

/* One SIMT stack entry: execute from pc with mask until pc == rpc. */
struct simt_entry {
	uint32_t pc;       /* next instruction of this path */
	uint32_t rpc;      /* reconvergence pc: pop when pc reaches it */
	lanemask_t mask;   /* lanes on this path */
	uint32_t call;     /* call-site index + 1 for a call frame, else 0 */
	uint32_t n_active; /* popcount of mask (kept with it: thread counts) */
	uint32_t save;     /* call frame that re-entered a recursive function:
			      offset + 1 of its saved state in fwarp.save */
};

/* Nested calls one warp may have active (recursion depth limit). */
#define WS_MAX_CALL_DEPTH 1024

enum fwarp_state {
	FW_READY,     /* can issue */
	FW_BARRIER,   /* waiting at a CTA barrier */
	FW_EXITED,    /* every lane has exited */
};

struct fwarp {
	uint64_t *regs;           /* k->n_slots 8-byte slots of ws lanes:
				     register-major storage; a register's
				     row is where ptx_kernel.reg_row says
				     (64-bit, or 32-bit words of a half) */
	lanemask_t *preds;        /* n_preds lane masks */
	struct simt_entry *stack; /* SIMT stack, stack[sp-1] is the top */
	uint32_t sp;              /* entries in use */
	uint32_t stack_cap;       /* entries allocated */
	lanemask_t live;          /* lanes not exited (subset of valid) */
	lanemask_t valid;         /* lanes holding a thread of the CTA */
	lanemask_t cc;            /* carry flag CC.CF, one bit per lane */
	struct fcta *cta;         /* owning thread block */
	uint32_t warp_id;         /* index of the warp in its CTA */
	uint32_t state;           /* enum fwarp_state */
	uint32_t bar_id;          /* barrier waited on (FW_BARRIER) */
	uint32_t bar_pc;          /* pc of the barrier waited on */
	lanemask_t bar_mask;      /* lanes active at the barrier (bar.red) */
	uint64_t n_insn;          /* warp instructions executed */
	uint64_t sleep_until;     /* nanosleep: instruction clock to wait for */
	uint8_t *save;            /* dynamic frames: saved registers,
				     predicates and frame regions of re-entered
				     recursive functions, a LIFO stack */
	size_t save_len;          /* bytes of save in use */
	size_t save_cap;          /* bytes allocated for save */
	size_t regs_cap;          /* 64-bit words allocated in regs */
	size_t preds_cap;         /* predicate masks allocated in preds */
};

/* One resident thread block. */
struct fcta {
	uint32_t ctaid[3];        /* %ctaid */
	uint32_t ntid[3];         /* %ntid (block shape) */
	uint32_t nctaid[3];       /* %nctaid (grid shape) */
	uint32_t n_threads;       /* threads in the block */
	uint32_t n_warps;         /* warps in the block */
	uint32_t n_live_warps;    /* warps not yet exited */
	struct fwarp *warps;      /* n_warps warps */
	uint8_t *shared;          /* shared memory (static + dynamic) */
	uint32_t shared_bytes;    /* bytes in shared */
	uint32_t dyn_shared;      /* dynamic shared bytes requested */
	uint8_t *local;           /* per-thread frames, thread-major */
	uint32_t local_bytes;     /* bytes per thread frame */
	uint32_t smid;            /* SM the block runs on (%smid) */
	uint32_t hw_warp_base;    /* %warpid of warp 0 on its SM */
	uint64_t seq;             /* launch order of the block in the grid */
	struct fbarrier bar[WS_N_BARRIERS]; /* named barriers */
	uint32_t warps_cap;       /* warps allocated (slots are reused) */
	size_t shared_cap;        /* bytes allocated for shared */
	size_t local_cap;         /* bytes allocated for local */
};

/* 32-bit registers one instruction may access through a 64-bit row. */
#define X_MAX_STAGE 16

/* Scratch rows of the 32-bit register paths, one per executing SM. */
struct xscratch {
	uint32_t tmp32[3][WS_MAX_WARP]; /* scratch rows of x_src32/x_rd32 */
	uint32_t stage_reg[X_MAX_STAGE]; /* which register each stage row is */
	uint64_t stage[X_MAX_STAGE][WS_MAX_WARP]; /* 64-bit views of 32-bit
					 registers a handler accesses
					 through a row pointer (x_row),
					 written back by fexec_commit after
					 the handler */
};

/* Context of one warp-instruction, handed to every handler. */
struct exec {
	struct fgpu *g;               /* the functional GPU */
	struct fctx *cx;              /* the executing SM's context */
	struct fcta *cta;             /* the executing CTA */
	struct fwarp *w;              /* the executing warp */
	const struct ptx_kernel *k;   /* kernel image */
	const uint32_t *row;          /* k->reg_row: register -> storage */
	unsigned ws;                  /* warp size (lanes) */
	uint32_t pc;                  /* pc of this instruction */
	lanemask_t active;            /* SIMT-active lanes (before the guard) */
	int pc_set;                   /* handler updated the SIMT stack itself */
	int fault;                    /* enum ws_status of a fault, 0 if none */
	const struct opnd *o0;        /* operands of this instruction (x_src
					 finds an immediate's row by index) */
	const uint64_t *imm_pool;     /* g->imm_pool (immediates broadcast
					 to ws lanes per launch), or NULL */
	const uint32_t *imm_pool32;   /* g->imm_pool32 (their low halves) */
	const uint32_t *imm_row;      /* g->imm_row: [pc * 5 + operand] ->
					 pool row, or NULL */
	uint64_t tmp[5][WS_MAX_WARP]; /* scratch rows for non-register sources
					 and widened 32-bit registers */
	unsigned n_stage;             /* 32-bit registers staged in sc */
	struct xscratch *sc;          /* 32-bit scratch and stage rows (the
					 SM context's: kept off the stack) */
};

typedef void exec_fn(struct exec *x, const struct insn *in, lanemask_t m);

/* One handler per ops.def row. */
#define OP(e, name, unit, lat, flags) exec_fn exec_##e;
#include "../ptx/ops.def"
#undef OP

/* ---- operand access for handlers -------------------------------------- */

/* Bit mask of a register of `size` bytes. */
static inline uint64_t size_mask(unsigned size)
{
	return size >= 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * size)) - 1);
}

/* ---- register storage (ptx_kernel.reg_row) ----------------------------- */

/* Whether the storage code c (ptx_kernel.reg_row) is a 32-bit row. */
static inline bool freg_narrow(uint32_t c)
{
	return c & 1;
}
/* The 64-bit row of storage code c (not narrow) in warp w. */
static inline uint64_t *freg_row64(const struct fwarp *w, uint32_t c,
				   unsigned ws)
{
	SIM_ASSERT(!freg_narrow(c));
	return w->regs + (size_t)(c >> 2) * ws;
}
/* The 32-bit row of storage code c (narrow) in warp w. */
static inline uint32_t *freg_row32(const struct fwarp *w, uint32_t c,
				   unsigned ws)
{
	SIM_ASSERT(freg_narrow(c));
	return (uint32_t *)w->regs + (size_t)(c >> 1) * ws;
}
/* Lane l of the register with storage code c, zero-extended. */
static inline uint64_t freg_get(const struct fwarp *w, uint32_t c,
				unsigned ws, unsigned l)
{
	return freg_narrow(c) ? freg_row32(w, c, ws)[l] :
				freg_row64(w, c, ws)[l];
}
/* Set lane l of the register with storage code c (v already masked to
 * the register's width). */
static inline void freg_set(struct fwarp *w, uint32_t c, unsigned ws,
			    unsigned l, uint64_t v)
{
	if (freg_narrow(c))
		freg_row32(w, c, ws)[l] = (uint32_t)v;
	else
		freg_row64(w, c, ws)[l] = v;
}

/* Whether register reg of the executing kernel is stored in 32 bits. */
static inline bool x_narrow(const struct exec *x, uint32_t reg)
{
	return freg_narrow(x->row[reg]);
}
/* The 32-bit row of narrow register reg (direct storage). */
static inline uint32_t *x_row32(struct exec *x, uint32_t reg)
{
	return freg_row32(x->w, x->row[reg], x->ws);
}
/* The 64-bit row of wide register reg (direct storage). */
static inline uint64_t *x_row64(struct exec *x, uint32_t reg)
{
	return freg_row64(x->w, x->row[reg], x->ws);
}
/* The stage row of narrow register reg, or NULL when it has none. */
static inline uint64_t *x_staged(struct exec *x, uint32_t reg)
{
	for (unsigned i = 0; i < x->n_stage; i++)
		if (x->sc->stage_reg[i] == reg)
			return x->sc->stage[i];
	return NULL;
}
/* Stage narrow register reg: a 64-bit copy of its lanes that handlers
 * read and write, written back after the handler (exec.c). */
uint64_t *exec_stage(struct exec *x, uint32_t reg);
/* Write the stage rows back to their registers (after each handler). */
void fexec_commit(struct exec *x);

/*
 * The ws lanes of virtual register reg as a 64-bit row that may be read
 * and written: the register itself when it is 64-bit, else its stage row.
 */
static inline uint64_t *x_row(struct exec *x, uint32_t reg)
{
	if (!x_narrow(x, reg))
		return x_row64(x, reg);
	uint64_t *s = x_staged(x, reg);
	return s ? s : exec_stage(x, reg);
}

/* Fill x->tmp[slot] with a non-register source's per-lane values. */
const uint64_t *exec_src_slow(struct exec *x, const struct opnd *o,
			      unsigned slot);
/* x->tmp[slot] with the lanes of narrow register reg, zero-extended (its
 * stage row when it has one). */
const uint64_t *exec_src_widen(struct exec *x, uint32_t reg, unsigned slot);

/* The lanes of register reg, zero-extended, to read only (a 64-bit
 * register's own row, else x->tmp[slot] or its stage row). */
static inline const uint64_t *x_rd(struct exec *x, uint32_t reg,
				   unsigned slot)
{
	return x_narrow(x, reg) ? exec_src_widen(x, reg, slot) :
				  x_row64(x, reg);
}

/* x_rd's low 32 bits: a 32-bit register's own row, else a copy in
 * x->sc->tmp32[slot] (slot < 3). */
const uint32_t *exec_rd32_slow(struct exec *x, uint32_t reg, unsigned slot);
static inline const uint32_t *x_rd32(struct exec *x, uint32_t reg,
				     unsigned slot)
{
	if (x_narrow(x, reg) && !x->n_stage)
		return x_row32(x, reg);
	return exec_rd32_slow(x, reg, slot);
}

/*
 * Per-lane values of source operand o (all ws lanes), zero-extended to 64
 * bits.  64-bit registers return their row directly; 32-bit registers,
 * immediates, special registers and predicates (0/1) are materialised into
 * scratch row `slot` (use a different slot for each source of one
 * instruction).
 */
static inline const uint64_t *x_src(struct exec *x, const struct opnd *o,
				    unsigned slot)
{
	if (o->kind == OK_REG)
		return x_rd(x, o->reg, slot);
	/* an immediate of this instruction: its broadcast row (grid.c) */
	ptrdiff_t i = o - x->o0;
	if (o->kind == OK_IMM && x->imm_row && i >= 0 && i < 5)
		return x->imm_pool + (size_t)x->imm_row[x->pc * 5 +
						       (size_t)i] * x->ws;
	return exec_src_slow(x, o, slot);
}

/* x_src's values of a source that is neither a register nor an immediate
 * of this instruction, truncated to 32 bits, in x->sc->tmp32[slot]. */
const uint32_t *exec_src32_slow(struct exec *x, const struct opnd *o,
				unsigned slot);

/*
 * Per-lane low 32 bits of source operand o (the native path of handlers
 * whose instruction type is 32 bits or narrower): a 32-bit register's own
 * row, an immediate's 32-bit row, anything else copied into
 * x->sc->tmp32[slot] (slot < 3).
 */
static inline const uint32_t *x_src32(struct exec *x, const struct opnd *o,
				      unsigned slot)
{
	if (o->kind == OK_REG)
		return x_rd32(x, o->reg, slot);
	ptrdiff_t i = o - x->o0;
	if (o->kind == OK_IMM && x->imm_row && i >= 0 && i < 5)
		return x->imm_pool32 + (size_t)x->imm_row[x->pc * 5 +
							 (size_t)i] * x->ws;
	return exec_src32_slow(x, o, slot);
}

/* Whether o is a 32-bit register a handler may write directly (x_row32):
 * no stage row of this instruction holds it. */
static inline bool x_dst32_ok(const struct exec *x, const struct opnd *o)
{
	return o->kind == OK_REG && x_narrow(x, o->reg) && !x->n_stage;
}

/* Register row of destination operand o (must be OK_REG). */
static inline uint64_t *x_dst(struct exec *x, const struct opnd *o)
{
	return x_row(x, o->reg);
}

/*
 * A 64-bit destination row for o without staging: o's own row when it is a
 * 64-bit register (or already staged), else buf, whose lanes m x_dst_done
 * writes to the 32-bit row.  For handlers that write every lane of m and
 * read none of d.
 */
static inline uint64_t *x_dst_buf(struct exec *x, const struct opnd *o,
				  uint64_t *buf)
{
	return x_dst32_ok(x, o) ? buf : x_dst(x, o);
}
/* Finish x_dst_buf: lanes m of buf into o's 32-bit row when d is buf. */
static inline void x_dst_done(struct exec *x, const struct opnd *o,
			      const uint64_t *d, const uint64_t *buf,
			      lanemask_t m)
{
	if (d != buf)
		return;
	uint32_t *r = x_row32(x, o->reg);
	unsigned l, ws = x->ws;
	if (m == lanemask_full(ws)) {
		for (l = 0; l < ws; l++)
			r[l] = (uint32_t)buf[l];
	} else {
		FOR_LANES(l, m)
			r[l] = (uint32_t)buf[l];
	}
}

/* Write v[lane] (truncated to the register width) for lanes in m. */
static inline void x_write(struct exec *x, const struct opnd *o,
			   const uint64_t *v, lanemask_t m)
{
	uint64_t sm = size_mask(o->size);
	unsigned l;
	if (x_dst32_ok(x, o)) {
		uint32_t *d = x_row32(x, o->reg);
		FOR_LANES(l, m)
			d[l] = (uint32_t)(v[l] & sm);
		return;
	}
	uint64_t *d = x_dst(x, o);
	FOR_LANES(l, m)
		d[l] = v[l] & sm;
}

/* Write one lane of a register destination. */
static inline void x_put(struct exec *x, const struct opnd *o, unsigned lane,
			 uint64_t v)
{
	uint32_t c = x->row[o->reg];
	v &= size_mask(o->size);
	if (!freg_narrow(c))
		freg_row64(x->w, c, x->ws)[lane] = v;
	else if (!x->n_stage)
		freg_row32(x->w, c, x->ws)[lane] = (uint32_t)v;
	else
		x_row(x, o->reg)[lane] = v;
}

/* Lane l of register reg, zero-extended (its stage row when staged). */
static inline uint64_t x_get(struct exec *x, uint32_t reg, unsigned l)
{
	if (x_narrow(x, reg)) {
		const uint64_t *s = x->n_stage ? x_staged(x, reg) : NULL;
		return s ? s[l] : x_row32(x, reg)[l];
	}
	return x_row64(x, reg)[l];
}

/* Set lane l of register reg to v (masked to its width by the caller). */
static inline void x_set(struct exec *x, uint32_t reg, unsigned l, uint64_t v)
{
	if (x_narrow(x, reg)) {
		uint64_t *s = x->n_stage ? x_staged(x, reg) : NULL;
		if (s)
			s[l] = v;
		else
			x_row32(x, reg)[l] = (uint32_t)v;
		return;
	}
	x_row64(x, reg)[l] = v;
}

/* Lane mask value of a predicate source (negation applied; immediates 0/1
 * broadcast). */
static inline lanemask_t x_pred(struct exec *x, const struct opnd *o)
{
	lanemask_t v;
	if (o->kind == OK_PRED)
		v = x->w->preds[o->reg];
	else if (o->kind == OK_IMM)
		v = o->imm ? ~(lanemask_t)0 : 0;
	else
		SIM_BUG("operand kind %u is not a predicate", o->kind);
	return (o->flags & OPND_NEG) ? ~v : v;
}

/* Set predicate p to vals for lanes in m. */
static inline void x_write_pred(struct exec *x, uint32_t p, lanemask_t vals,
				lanemask_t m)
{
	if (p == PRED_NONE)
		return;
	lanemask_t *d = &x->w->preds[p];
	*d = (*d & ~m) | (vals & m);
}

/* Lanes of m named in the membermask operand o (warp intrinsics; o may be
 * OK_NONE: all of m).  slot: scratch row for a non-register o. */
lanemask_t exec_members(struct exec *x, const struct opnd *o, lanemask_t m,
			unsigned slot);

/* Value of special register id (N of %envregN in n) for one lane. */
uint64_t exec_sreg(struct exec *x, unsigned id, unsigned lane);

/* ---- float helpers shared by handlers ---------------------------------- */

static inline float f32_from_bits(uint64_t b)
{
	uint32_t u = (uint32_t)b;
	float f;
	memcpy(&f, &u, 4);
	return f;
}
static inline uint64_t f32_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}
static inline double f64_from_bits(uint64_t b)
{
	double f;
	memcpy(&f, &b, 8);
	return f;
}
static inline uint64_t f64_bits(double f)
{
	uint64_t u;
	memcpy(&u, &f, 8);
	return u;
}

/* Sign-extend the low `bits` bits of v. */
static inline int64_t sext(uint64_t v, unsigned bits)
{
	if (bits >= 64)
		return (int64_t)v;
	uint64_t m = (uint64_t)1 << (bits - 1);
	v &= ((uint64_t)1 << bits) - 1;
	return (int64_t)((v ^ m) - m);
}

#endif
