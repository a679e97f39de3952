/*
 * tsm_issue.c - the SM's issue stage: the warp schedulers.
 *
 * Each cycle every scheduler (taking turns at going first) asks its policy
 * (src/sched/) for an order over its warps (lazily, one warp at a time
 * among the candidates, when the policy has sched_ops.next) and issues
 * the first one whose
 * I-buffer head passes the scoreboard, unit, result-bus and LD/ST checks,
 * optionally a second independent instruction of the same warp on another
 * unit (issue_per_warp).  Issue executes the instruction functionally
 * (timing-directed functional model), reserves its destinations on the
 * scoreboard and hands it to its unit (tsm_exec.c) or the LD/ST unit
 * (tsm_ldst.c).  It also raises the barrier, exit and branch events the
 * policies listen to, measures BAWS's warp-phase RTRU, and attributes every
 * warp-cycle to a stall class before anything issues.
 */
#include "timing_int.h"
#include "../ptx/ptx.h"

/* RTRU (baws.txt eq. 1): a warp of block tb reached the end of its
 * warp-phase (a barrier, or its exit for the block's last phase). */
static void phase_reach(struct tgpu *t, struct ttb *tb)
{
	uint64_t d = t->cycle - tb->ph_start;
	tb->ph_sum += d;
	tb->ph_max = MAX(tb->ph_max, d);
	tb->ph_n++;
}

void tsm_phase_close(struct tgpu *t, struct ttb *tb)
{
	if (tb->ph_n && tb->ph_max) {
		uint64_t nm = (uint64_t)tb->ph_n * tb->ph_max;
		t->st.rtru_sum_ppm += ((nm - tb->ph_sum) * 1000000 + nm / 2) /
			nm;
		t->st.rtru_phases++;
	}
	tb->ph_n = 0;
	tb->ph_sum = tb->ph_max = 0;
	tb->ph_start = t->cycle;
}

enum issue_res { IR_ISSUED, IR_DATA, IR_STRUCT };

/* A setp source's value in lane l (for the setp event): register bits or
 * an immediate's bits; other operand kinds read as 0. */
static uint64_t setp_src(const struct fwarp *fw, const uint32_t *slot,
			 const struct opnd *o, unsigned ws, unsigned l)
{
	if (o->kind == OK_REG)
		return fw->regs[(size_t)slot[o->reg] * ws + l];
	return o->kind == OK_IMM ? (uint64_t)o->imm : 0;
}

/* Try to issue the first I-buffer entry of warp wi. */
static enum issue_res issue_one(struct tgpu *t, struct tsm *s,
				unsigned wi, int prev_unit, int *unit_out)
{
	struct twarp *w = &s->w[wi];
	struct fwarp *fw = w->fw;
	uint32_t pc = w->ib_pc;
	const struct tinsn *ti = &t->ti[pc];
	const struct insn *in = &t->k->code[pc];
	unsigned cls = toc_class_of(ti);
	struct toc *o = &s->oc;

	/* a head off the SIMT top's path is flushed, never issued */
	SIM_ASSERT(fw->stack[fw->sp - 1].pc == pc);
	/* its class's ID_OC register needs a free slot; a memory
	 * instruction also needs the warp's access record, which the
	 * previous one holds until it reaches the LD/ST unit */
	if (o->n_idoc[cls] >= t->oc.w_idoc[cls] || (ti->is_mem && w->oc_mem))
		return IR_STRUCT;
	/* a first issue comes from the candidates (no collision); a second
	 * (dual issue) must check */
	SIM_ASSERT(prev_unit >= 0 || !tsb_collide(t, w, pc));
	if (prev_unit >= 0 && tsb_collide(t, w, pc))
		return IR_DATA;
	if (prev_unit >= 0 && (int)ti->unit == prev_unit)
		return IR_STRUCT;
	/* DWR: the partner barrier before a LAT (tsm_dwr.c) */
	if (s->dwr && ti->is_lat) {
		enum tdwr_gate gr = tdwr_gate(t, s, wi, pc);
		if (gr != TDWR_GO)
			return gr == TDWR_WAIT ? IR_DATA : IR_STRUCT;
	}

	/* issue: execute functionally, then account for timing */
	struct fgpu *g = t->g;
	uint64_t bar_rel = g->n_bar_rel, back = g->n_back;
	uint32_t old_state = fw->state;
	struct ttb *tb = &s->tb[w->tb];
	struct fmemrec *rec = ti->is_mem ? w->rec : o->scratch;
	rec->n = 0;
	g->rec = rec;
	unsigned n_active = fw->stack[fw->sp - 1].n_active;
	unsigned lane0 = n_active ? bit_ctz64(fw->stack[fw->sp - 1].mask) : 0;
	uint64_t sa = 0, sb = 0;
	if (in->op == OP_SETP) {
		sa = setp_src(fw, t->k->reg_slot, &in->o[1], t->ws, lane0);
		sb = setp_src(fw, t->k->reg_slot, &in->o[2], t->ws, lane0);
	}
	t->st.issue_lanes[n_active]++;
	bool ok = fexec_run(g, w->cta, fw, 1);
	g->rec = NULL;
	if (!ok) {
		t->err = g->fault.status;
		return IR_ISSUED;
	}
	/* into ID_OC; the destinations are reserved until the writeback */
	toc_push(o, cls, wi, pc);
	o->busy++;
	w->n_oc++;
	if (ti->n_def)
		tsb_reserve(t, w, pc, ti->is_mem && rec->n &&
			    rec->space != SP_SHARED && rec->space != SP_CONST);
	if (ti->is_mem) {
		/* the warp waits for its atomics: global ones until their
		 * replies, shared ones until their writeback */
		w->oc_mem = 1;
		if (rec->n && (rec->atomic || (rec->space == SP_SHARED &&
		    (in->op == OP_ATOM || in->op == OP_RED))))
			w->n_atom++;
	}
	if (ti->is_fence && (w->n_mem || w->oc_mem))
		w->membar = 1;
	*unit_out = ti->unit;
	s->issued++;
	t->last_issue = t->cycle;
	for (unsigned i = 0; i < t->n_sched; i++) {
		struct sched *p = s->sched[i];
		if (p->ops->issued)
			p->ops->issued(p, wi, t->cycle, n_active, pc);
		if (in->op == OP_SETP && p->ops->setp_executed)
			p->ops->setp_executed(p, wi, pc, sa, sb);
		if (g->n_back != back && p->ops->branch_backward)
			p->ops->branch_backward(p, wi, pc, fw->sp ?
						fw->stack[fw->sp - 1].pc : pc);
	}
	/* barrier and exit events */
	if (fw->state == FW_BARRIER && old_state != FW_BARRIER) {
		tb->bar_waiting++;
		phase_reach(t, tb);
		tgpu_trace(t, "bar_arrive", s->id, tb->id, (int)fw->warp_id);
		for (unsigned i = 0; i < t->n_sched; i++) {
			struct sched *p = s->sched[i];
			if (p->ops->barrier_arrive)
				p->ops->barrier_arrive(p, wi, w->tb,
						       tb->bar_waiting);
		}
	} else if (in->op == OP_BAR && fw->state != FW_BARRIER) {
		phase_reach(t, tb);
		tgpu_trace(t, "bar_arrive", s->id, tb->id, (int)fw->warp_id);
	}
	if (g->n_bar_rel != bar_rel) {
		unsigned base = w->tb * s->wpt;
		for (unsigned i = 0; i < tb->n_warps; i++)
			tsm_warp_update(t, s, base + i);
		tb->bar_waiting = 0;
		for (unsigned i = 0; i < tb->n_warps; i++)
			tb->bar_waiting += s->w[base + i].fw &&
				s->w[base + i].fw->state == FW_BARRIER;
		tsm_phase_close(t, tb);
		tgpu_trace(t, "bar_release", s->id, tb->id, -1);
		for (unsigned i = 0; i < t->n_sched; i++) {
			struct sched *p = s->sched[i];
			if (p->ops->barrier_release)
				p->ops->barrier_release(p, w->tb);
		}
	}
	/* I-buffer: consume the entry; fetch goes on at the fall-through
	 * (after a taken branch: down the wrong path until a scheduler
	 * visit flushes it, GPGPU-Sim 3.x) */
	w->ib_pc++;
	w->ib_n--;
	w->fpc = pc + 1;
	if (fw->state == FW_EXITED) {
		w->ib_n = 0;
		phase_reach(t, tb);
		tgpu_trace(t, "warp_exit", s->id, tb->id, (int)fw->warp_id);
		for (unsigned i = 0; i < t->n_sched; i++) {
			struct sched *p = s->sched[i];
			if (p->ops->warp_exited)
				p->ops->warp_exited(p, wi, t->cycle);
		}
		if (!w->n_wb && !w->n_mem)
			tgpu_warp_check_done(t, s, wi);
	}
	if (s->dwr && !tdwr_issued(t, s, wi, pc))
		return IR_ISSUED; /* a partner faulted: t->err */
	tsm_warp_update(t, s, wi);
	return IR_ISSUED;
}

static unsigned popc_words(const uint64_t *a, unsigned n)
{
	unsigned c = 0;
	for (unsigned i = 0; i < n; i++)
		c += bit_popc64(a[i]);
	return c;
}

void tsm_issue_cycle(struct tgpu *t, struct tsm *s,
		     const struct sched_view *v)
{
	unsigned ns = t->n_sched, nw = t->n_words, n_cand = 0, n_issued = 0;
	/* candidates whose class's ID_OC register is full cannot issue:
	 * collector stalls without asking anyone (taken out of `cand` into
	 * `blocked`) */
	const struct toc *o = &s->oc;
	uint64_t full[TOC__COUNT], blocked[SCHED_MAX_WARPS / 64];
	bool any_full = false;
	unsigned n_coll = 0, n_struct = 0;
	for (unsigned c = 0; c < TOC__COUNT; c++) {
		full[c] = o->n_idoc[c] >= t->oc.w_idoc[c] ? ~0ULL : 0;
		any_full |= full[c] != 0;
	}

	/* per-warp-cycle attribution, taken before anything issues */
	for (unsigned i = 0; i < nw; i++) {
		/* a wrong-path I-buffer is a control stall */
		uint64_t wp = s->cb[TC_READY][i] & s->wrongpath[i];
		uint64_t r = s->cb[TC_READY][i] & ~wp;
		uint64_t c = r & ~s->sbwait[i];
		if (wp)
			t->st.wc[TW_CONTROL] += bit_popc64(wp);
		n_cand += bit_popc64(c);
		blocked[i] = 0;
		if (any_full) {
			blocked[i] = c & ((s->nextmem[i] & full[TOC_MEM]) |
				(s->nextsfu[i] & full[TOC_SFU]) |
				(~s->nextmem[i] & ~s->nextsfu[i] &
				 full[TOC_SP]));
			n_coll += bit_popc64(blocked[i]);
		}
		s->cand[i] = c & ~blocked[i];
		if (s->recbusy[i])
			n_struct += bit_popc64(s->cand[i] & s->recbusy[i]);
		t->st.wc[TW_DATA] += bit_popc64(r & s->sbwait[i]);
		if (t->need_long_op) {
			uint64_t m = r, lo = 0;
			while (m) {
				unsigned b = (unsigned)__builtin_ctzll(m);
				m &= m - 1;
				if (tsb_long_op(t, &s->w[i * 64 + b],
					       s->w[i * 64 + b].ib_pc))
					lo |= 1ULL << b;
			}
			s->long_op[i] = lo;
		}
	}
	t->st.wc[TW_EXIT] += popc_words(s->cb[TC_EXIT], nw);
	t->st.wc[TW_BARRIER] += popc_words(s->cb[TC_BAR], nw);
	t->st.wc[TW_DATA] += popc_words(s->cb[TC_MEMW], nw);
	t->st.wc[TW_FETCH] += popc_words(s->cb[TC_FETCH], nw);
	t->st.wc[TW_CONTROL] += popc_words(s->cb[TC_CTRL], nw);
	t->st.wc[TW_EMPTY] += popc_words(s->cb[TC_EMPTY], nw);
	t->st.wc[TW_PARTNER] += popc_words(s->cb[TC_PSYNC], nw);

	for (unsigned k = 0; k < ns; k++) {
		unsigned si = (s->sched_first + k) % ns;
		struct sched *p = s->sched[si];
		const uint64_t *sm = s->smask + (size_t)si * nw;
		bool any_data = false, any_struct = false, issued = false;
		bool has_cand = false, has_ready = false, has_blocked = false;
		uint64_t any_wp = 0;
		for (unsigned i = 0; i < nw; i++) {
			uint64_t c = s->cand[i] & sm[i];
			any_wp |= s->wrongpath[i] & sm[i];
			has_blocked |= (blocked[i] & sm[i]) != 0;
			has_cand |= c != 0;
			has_ready |= (s->cb[TC_READY][i] & sm[i]) != 0;
		}
		t->st.sched_cycles++;
		/* a policy is asked only when it has a candidate (two-level
		 * also reorganises its pool in order(): asked every cycle) */
		if (!has_cand && !t->need_long_op) {
			/* nothing issues: the scheduler visits every warp */
			for (unsigned i = 0; any_wp && i < nw; i++)
				for (uint64_t m = s->wrongpath[i] & sm[i]; m;
				     m &= m - 1)
					tsm_ib_flush(t, s, i * 64 + (unsigned)
						     __builtin_ctzll(m));
			if (has_blocked)
				t->st.sched_pipeline++;
			else if (has_ready)
				t->st.sched_scoreboard++;
			else
				t->st.sched_idle++;
			continue;
		}
		any_data = has_ready;
		any_struct = has_blocked;
		/* walk the policy's order: lazily through next() over the
		 * slots the walk acts on (candidates, and wrong-path warps to
		 * flush), else over the whole order() */
		struct tsm_walk walk;
		for (unsigned i = 0; p->ops->next && i < nw; i++)
			walk.want[i] = (s->cand[i] | (any_wp ?
					s->wrongpath[i] : 0)) & sm[i];
		tsm_walk_start(t, s, p, v, &walk);
		while (!issued) {
			int x = tsm_walk_next(s, p, v, &walk);
			if (x < 0)
				break;
			unsigned wi = (unsigned)x;
			if (!tbit(s->cand, wi)) {
				if (any_wp && tbit(s->wrongpath, wi))
					tsm_ib_flush(t, s, wi);
				continue;
			}
			int unit = -1;
			enum issue_res r = issue_one(t, s, wi, -1, &unit);
			if (t->err)
				return;
			if (r == IR_ISSUED) {
				struct twarp *w = &s->w[wi];
				issued = true;
				n_issued++;
				/* dual issue: a second instruction of the
				 * same warp on a different unit */
				for (unsigned d = 1; d < t->cfg->issue_per_warp &&
				     tbit(s->cb[TC_READY], wi) &&
				     !tbit(s->sbwait, wi) &&
				     !tbit(s->wrongpath, wi) && w->ib_n; d++) {
					int u2 = -1;
					if (issue_one(t, s, wi, unit, &u2) !=
					    IR_ISSUED)
						break;
					if (t->err)
						return;
					t->st.dual_issue++;
				}
			} else if (r == IR_STRUCT) {
				any_struct = true;
				n_struct += !tbit(s->recbusy, wi);
			}
			if (!issued && p->ops->issue_failed)
				p->ops->issue_failed(p, wi, t->cycle);
		}
		if (issued)
			t->st.sched_issued++;
		else if (any_struct)
			t->st.sched_pipeline++;
		else if (any_data)
			t->st.sched_scoreboard++;
		else
			t->st.sched_idle++;
	}
	s->sched_first = (s->sched_first + 1) % ns;
	t->st.wc[TW_ISSUED] += n_issued;
	t->st.wc[TW_COLLECTOR] += n_coll;
	t->st.wc[TW_STRUCT] += n_struct;
	t->st.wc[TW_ARBIT] += n_cand - n_issued - n_coll - n_struct;
}

