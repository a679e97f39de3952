/*
 * operand.c - materialise non-register source operands for handlers, and
 * the special registers (%tid, %laneid, %clock, ...).
 *
 * Special-register values at warp widths other than 32: %laneid is the
 * lane index in [0, warp size), %lanemask_* are masks over the warp's
 * lanes (64-bit warps use the low 32 bits in the 32-bit forms), %warpid is
 * the hardware warp slot on the SM.
 */
#include "../base/base.h"
#include "fgpu_int.h"

uint64_t exec_sreg(struct exec *x, unsigned id, unsigned lane)
{
	const struct fcta *c = x->cta;
	uint32_t t = x->w->warp_id * x->ws + lane; /* linear thread id */
	lanemask_t eq = (lanemask_t)1 << lane;
	uint64_t clk;

	switch (id) {
	case SR_TID_X: return t % c->ntid[0];
	case SR_TID_Y: return t / c->ntid[0] % c->ntid[1];
	case SR_TID_Z: return t / (c->ntid[0] * c->ntid[1]);
	case SR_NTID_X: return c->ntid[0];
	case SR_NTID_Y: return c->ntid[1];
	case SR_NTID_Z: return c->ntid[2];
	case SR_CTAID_X: return c->ctaid[0];
	case SR_CTAID_Y: return c->ctaid[1];
	case SR_CTAID_Z: return c->ctaid[2];
	case SR_NCTAID_X: return c->nctaid[0];
	case SR_NCTAID_Y: return c->nctaid[1];
	case SR_NCTAID_Z: return c->nctaid[2];
	case SR_LANEID: return lane;
	case SR_WARPID: return c->hw_warp_base + x->w->warp_id;
	case SR_NWARPID: return fgpu_max_warps_per_sm(x->g);
	case SR_SMID: return c->smid;
	case SR_NSMID: return fgpu_n_sm(x->g);
	case SR_GRIDID: return fgpu_grid_id(x->g);
	case SR_LANEMASK_EQ: return eq;
	case SR_LANEMASK_LE: return (eq | (eq - 1)) & lanemask_full(x->ws);
	case SR_LANEMASK_LT: return eq - 1;
	case SR_LANEMASK_GE: return ~(eq - 1) & lanemask_full(x->ws);
	case SR_LANEMASK_GT: return ~(eq | (eq - 1)) & lanemask_full(x->ws);
	case SR_CLOCK: return (uint32_t)fgpu_clock(x->g, x->cta);
	case SR_CLOCK_HI: return (uint32_t)(fgpu_clock(x->g, x->cta) >> 32);
	case SR_CLOCK64: return fgpu_clock(x->g, x->cta);
	case SR_GLOBALTIMER:
	case SR_GLOBALTIMER_LO:
	case SR_GLOBALTIMER_HI:
		clk = fgpu_globaltimer_ns(x->g);
		if (id == SR_GLOBALTIMER_LO)
			return (uint32_t)clk;
		if (id == SR_GLOBALTIMER_HI)
			return (uint32_t)(clk >> 32);
		return clk;
	case SR_DYNAMIC_SMEM_SIZE: return c->dyn_shared;
	case SR_TOTAL_SMEM_SIZE: return c->shared_bytes;
	case SR_ENVREG: return 0;
	case SR_WARP_SZ: return x->ws;
	default: SIM_BUG("unknown special register %u", id);
	}
}

/* The ws lanes of special register id into t: %tid.x counted along the
 * lanes, the CTA's and grid's dimensions and ids as one value, the others
 * lane by lane (exec_sreg). */
static void sreg_row(struct exec *x, unsigned id, uint64_t *t)
{
	const struct fcta *c = x->cta;
	unsigned ws = x->ws, l;
	uint64_t v;

	switch (id) {
	case SR_TID_X:
		v = (x->w->warp_id * ws) % c->ntid[0];
		for (l = 0; l < ws; l++) {
			t[l] = v;
			v = v + 1 == c->ntid[0] ? 0 : v + 1;
		}
		return;
	case SR_NTID_X: case SR_NTID_Y: case SR_NTID_Z:
	case SR_CTAID_X: case SR_CTAID_Y: case SR_CTAID_Z:
	case SR_NCTAID_X: case SR_NCTAID_Y: case SR_NCTAID_Z:
		v = exec_sreg(x, id, 0);
		for (l = 0; l < ws; l++)
			t[l] = v;
		return;
	default:
		for (l = 0; l < ws; l++)
			t[l] = exec_sreg(x, id, l);
	}
}

uint64_t *exec_stage(struct exec *x, uint32_t reg)
{
	unsigned ws = x->ws, l;
	if (x->n_stage == X_MAX_STAGE)
		SIM_BUG("more than %u 32-bit registers staged by one "
			"instruction", X_MAX_STAGE);
	uint64_t *s = x->sc->stage[x->n_stage];
	const uint32_t *r = x_row32(x, reg);
	x->sc->stage_reg[x->n_stage++] = reg;
	for (l = 0; l < ws; l++)
		s[l] = r[l];
	return s;
}

void fexec_commit(struct exec *x)
{
	unsigned ws = x->ws, l;
	for (unsigned i = 0; i < x->n_stage; i++) {
		uint32_t *r = x_row32(x, x->sc->stage_reg[i]);
		const uint64_t *s = x->sc->stage[i];
		for (l = 0; l < ws; l++)
			r[l] = (uint32_t)s[l];
	}
	x->n_stage = 0;
}

const uint64_t *exec_src_widen(struct exec *x, uint32_t reg, unsigned slot)
{
	if (x->n_stage) {
		const uint64_t *s = x_staged(x, reg);
		if (s)
			return s;
	}
	uint64_t *t = x->tmp[slot];
	const uint32_t *r = x_row32(x, reg);
	unsigned ws = x->ws, l;
	for (l = 0; l < ws; l++)
		t[l] = r[l];
	return t;
}

/* Lanes of v truncated to 32 bits in x->sc->tmp32[slot]. */
static const uint32_t *exec_truncate(struct exec *x, const uint64_t *v,
				     unsigned slot)
{
	uint32_t *t = x->sc->tmp32[slot];
	unsigned ws = x->ws, l;
	for (l = 0; l < ws; l++)
		t[l] = (uint32_t)v[l];
	return t;
}

const uint32_t *exec_src32_slow(struct exec *x, const struct opnd *o,
				unsigned slot)
{
	if (o->kind == OK_IMM) {
		uint32_t *t = x->sc->tmp32[slot], v = (uint32_t)o->imm;
		unsigned ws = x->ws, l;
		for (l = 0; l < ws; l++)
			t[l] = v;
		return t;
	}
	return exec_truncate(x, x_src(x, o, slot), slot);
}

const uint32_t *exec_rd32_slow(struct exec *x, uint32_t reg, unsigned slot)
{
	/* a 32-bit register without a stage row while others have one */
	if (x_narrow(x, reg) && !x_staged(x, reg))
		return x_row32(x, reg);
	return exec_truncate(x, x_rd(x, reg, slot), slot);
}

const uint64_t *exec_src_slow(struct exec *x, const struct opnd *o,
			      unsigned slot)
{
	uint64_t *t = x->tmp[slot];
	unsigned ws = x->ws, l;

	switch (o->kind) {
	case OK_IMM:
		/* not one of this instruction's operands, or no broadcast
		 * rows (x_src takes the others) */
		/* fall through */
	case OK_LABEL: {
		/* a local copy: t[] may alias o->imm, which blocks vectorising */
		uint64_t v = (uint64_t)o->imm;
		for (l = 0; l < ws; l++)
			t[l] = v;
		return t;
	}
	case OK_PRED: {
		lanemask_t v = x_pred(x, o);
		for (l = 0; l < ws; l++)
			t[l] = (v >> l) & 1;
		return t;
	}
	case OK_SREG:
		sreg_row(x, o->reg, t);
		return t;
	default:
		SIM_BUG("operand kind %u has no value", o->kind);
	}
}
