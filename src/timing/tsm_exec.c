/*
 * tsm_exec.c - the SM's execution units and writeback.
 *
 * Each unit class (SP, SFU, DP, LD/ST; enum tunit) has n_units pipelines;
 * a pipeline accepts a warp instruction from the OC_EX pipeline register
 * (filled by the operand collector, tsm_oc.c) when its previous one has
 * used up its initiation interval times warp_size / simd_width cycles and
 * a result bus is free at the completion cycle.  An instruction accepted
 * in cycle c is written back in cycle c + latency + T_EX_WB (GPGPU-Sim
 * 3.x: one cycle from the unit's dispatch register into its pipeline, one
 * in the EX_WB register): the writeback is put on a wheel indexed by
 * cycle, whose slots hold at most n_result_bus writebacks, and the
 * writeback stage releases the destinations' scoreboard entries and uses
 * their register banks that cycle (and lets a warp held by a shared-memory
 * atomic issue again).  Memory instructions leave OC_EX for
 * the LD/ST unit (tsm_ldst.c) when it is free.
 */
#include "timing_int.h"

/* Pick a free pipeline of class u at this cycle; -1 if none. */
static inline int ex_unit_pick(const struct tgpu *t, const struct tsm *s,
			       unsigned u)
{
	for (unsigned i = 0; i < t->n_units[u]; i++)
		if (s->unit_free[u][i] <= t->cycle)
			return (int)i;
	return -1;
}

/*
 * An ALU writeback released scoreboard entries of warp wi, whose I-buffer
 * is not empty.  Of the bits tsm_warp_update keeps, only scoreboard-wait
 * depends on the scoreboard, and every other input is as the last update
 * saw it (each stage updates the warp when it changes one), so only that
 * bit is recomputed: set when the head collides, never on a wrong path.
 * A release only clears scoreboard entries (they are set at issue, which
 * updates the warp), so a head that did not collide still does not: only
 * a set bit is recomputed.
 */
static inline void ex_sb_update(struct tgpu *t, struct tsm *s, unsigned wi)
{
	struct twarp *w = &s->w[wi];
	unsigned i = wi / 64;
	uint64_t b = 1ULL << (wi % 64);
	if (!(s->sbwait[i] & b)) {
		SIM_ASSERT(!w->fw || (s->wrongpath[i] & b) ||
			   !tsb_collide(t, w, w->ib_pc));
		return;
	}
	if (!w->fw || (s->wrongpath[i] & b))
		return;
	uint64_t old = s->sbwait[i];
	if (tsb_collide(t, w, w->ib_pc))
		s->sbwait[i] |= b;
	else
		s->sbwait[i] &= ~b;
	if (s->sbwait[i] != old) /* the quiet-cycle summary reads it */
		s->q_dirty = 1;
}

/* Warp w has exited: only then can tgpu_warp_check_done find it done
 * (tested here first, saving a call per writeback of a live warp). */
static inline bool ex_exited(const struct twarp *w)
{
	return w->fw && w->fw->state == FW_EXITED;
}

/* The writebacks of wheel slot `slot` (n >= 1 of them). */
static void __attribute__((noinline)) wb_cycle(struct tgpu *t, struct tsm *s,
					       unsigned slot, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		struct twb *b = &s->wheel[slot][i];
		struct twarp *w = &s->w[b->warp];
		tsb_release(t, w, b->pc);
		toc_write_banks(t, s, b->warp, b->pc);
		SIM_ASSERT(w->n_wb > 0);
		w->n_wb--;
		if (b->atom) {
			SIM_ASSERT(w->n_atom > 0);
			w->n_atom--;
			tsm_warp_update(t, s, b->warp);
		} else if (w->ib_n) {
			ex_sb_update(t, s, b->warp);
		}
		if (!w->n_wb && !w->n_mem && !w->n_oc && ex_exited(w))
			tgpu_warp_check_done(t, s, b->warp);
	}
	s->wheel_n[slot] = 0;
	s->wheel_cnt -= n;
}

void tsm_wb_cycle(struct tgpu *t, struct tsm *s)
{
	unsigned slot = (unsigned)(t->cycle % T_WHEEL);
	unsigned n = s->wheel_n[slot];
	if (n) /* none due: no set-up */
		wb_cycle(t, s, slot, n);
}

/* Schedule a writeback of (warp, pc) at cycle `at` (room checked). */
static inline void ex_wb_add(struct tsm *s, uint64_t at, unsigned warp,
			     uint32_t pc, bool atom)
{
	unsigned slot = (unsigned)(at % T_WHEEL);
	SIM_ASSERT(s->wheel_n[slot] < T_WHEEL_PER);
	s->wheel[slot][s->wheel_n[slot]++] = (struct twb){
		.warp = (uint16_t)warp, .atom = atom, .pc = pc};
	s->w[warp].n_wb++;
	s->wheel_cnt++;
}

void tsm_wb_add(struct tsm *s, uint64_t at, unsigned warp, uint32_t pc,
		bool atom)
{
	ex_wb_add(s, at, warp, pc, atom);
}


/* An instruction of warp wi left the collector for its unit. */
static void ex_accepted(struct tgpu *t, struct tsm *s, unsigned wi)
{
	struct twarp *w = &s->w[wi];
	SIM_ASSERT(w->n_oc > 0 && s->oc.busy > 0);
	w->n_oc--;
	s->oc.busy--;
	if (!w->n_wb && !w->n_mem && !w->n_oc && ex_exited(w))
		tgpu_warp_check_done(t, s, wi);
}

/* The execute stage with OC_EX holding something. */
static void __attribute__((noinline)) ex_cycle(struct tgpu *t, struct tsm *s)
{
	struct toc *o = &s->oc;
	unsigned buses = t->oc.buses;
#pragma GCC unroll 2 /* one copy per class: constant offsets */
	for (unsigned c = TOC_SP; c <= TOC_SFU; c++) {
		unsigned k = 0, n = o->n_ocex[c];
		for (unsigned i = 0; i < n; i++) {
			struct tpreg e = o->ocex[c][i];
			const struct tinsn *ti = &t->ti[e.pc];
			int u = ex_unit_pick(t, s, ti->unit);
			uint64_t at = t->cycle + ti->lat + T_EX_WB;
			if (u < 0 || (ti->n_def &&
				      s->wheel_n[at % T_WHEEL] >= buses)) {
				o->ocex[c][k++] = e; /* waits in OC_EX */
				continue;
			}
			s->unit_free[ti->unit][u] = t->cycle +
				(uint64_t)ti->ii * t->simd_k;
			if (ti->n_def)
				ex_wb_add(s, at, e.warp, e.pc, false);
			ex_accepted(t, s, e.warp);
		}
		o->n_ocex[c] = (uint8_t)k;
	}
	/* the LD/ST unit takes the oldest memory instruction when free */
	if (o->n_ocex[TOC_MEM] && !s->ldst.busy &&
	    s->ldst.free_at <= t->cycle && s->n_mreq_free) {
		struct tpreg e = o->ocex[TOC_MEM][0];
		struct twarp *w = &s->w[e.warp];
		o->n_ocex[TOC_MEM]--;
		for (unsigned q = 0; q < o->n_ocex[TOC_MEM]; q++)
			o->ocex[TOC_MEM][q] = o->ocex[TOC_MEM][q + 1];
		if (w->dwr_n) /* a combined LAT (tsm_dwr.c) */
			tdwr_ldst_issue(t, s, e.warp, e.pc,
					&t->k->code[e.pc]);
		else
			tsm_ldst_issue(t, s, e.warp, e.pc,
				       &t->k->code[e.pc]);
		w->oc_mem = 0;
		bool upd = tbit(s->recbusy, e.warp); /* record free again */
		if (w->membar && !w->n_mem) {
			w->membar = 0; /* a fence waited for this one only */
			upd = true;
		}
		if (upd)
			tsm_warp_update(t, s, e.warp);
		ex_accepted(t, s, e.warp);
	}
}

void tsm_ex_cycle(struct tgpu *t, struct tsm *s)
{
	const struct toc *o = &s->oc;
	/* nothing in OC_EX: nothing moves (tested before any set-up) */
	if (o->n_ocex[TOC_SP] | o->n_ocex[TOC_SFU] | o->n_ocex[TOC_MEM])
		ex_cycle(t, s);
}
