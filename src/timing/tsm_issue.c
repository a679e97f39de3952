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

void tsm_phase_close(struct tgpu *t, struct tsm *s, struct ttb *tb)
{
	if (tb->ph_n && tb->ph_max) {
		uint64_t nm = (uint64_t)tb->ph_n * tb->ph_max;
		s->st.rtru_sum_ppm += ((nm - tb->ph_sum) * 1000000 + nm / 2) /
			nm;
		s->st.rtru_phases++;
	}
	tb->ph_n = 0;
	tb->ph_sum = tb->ph_max = 0;
	tb->ph_start = t->cycle;
}

enum issue_res { IR_ISSUED, IR_DATA, IR_STRUCT };

/* A setp source's value in lane l (for the setp event): register bits or
 * an immediate's bits; other operand kinds read as 0. */
static uint64_t setp_src(const struct fwarp *fw, const uint32_t *row,
			 const struct opnd *o, unsigned ws, unsigned l)
{
	if (o->kind == OK_REG)
		return freg_get(fw, row[o->reg], ws, l);
	return o->kind == OK_IMM ? (uint64_t)o->imm : 0;
}

/* Whether the first I-buffer entry of warp wi cannot leave the issue
 * stage this cycle: its class's ID_OC register needs a free slot; a
 * memory instruction also needs the warp's access record, which the
 * previous one holds until it reaches the LD/ST unit.  Checked before
 * issue_one (most failed attempts stop here, without a call). */
static inline bool issue_struct(const struct tgpu *t, const struct tsm *s,
				unsigned wi)
{
	const struct twarp *w = &s->w[wi];
	const struct tinsn *ti = &t->ti[w->ib_pc];
	unsigned cls = toc_class_of(ti);
	return s->oc.n_idoc[cls] >= t->oc.w_idoc[cls] ||
		(ti->is_mem && w->oc_mem);
}

/*
 * Whether every slot in `left` (candidates of one scheduler that its walk
 * has not visited yet) fails issue_struct now: its class's ID_OC register
 * is full (the previous schedulers' issues may have filled it since the
 * cycle began), or its memory instruction waits for its access record
 * (recbusy).  Then, for a policy whose walk visits every candidate
 * (sched_ops.lists_all) and has no issue_failed hook, without DWR (whose
 * gate is the only other way a first issue fails) and with no wrong-path
 * warp to flush, the rest of the walk would only count these as
 * structural stalls: the issue stage counts them at once instead of
 * asking the policy for each (its next() changes nothing after the first
 * call of a cycle, order() nothing after it returns).
 */
static inline bool issue_all_blocked(const struct tgpu *t, const struct tsm *s,
				     const uint64_t *left, unsigned nw)
{
	const struct toc *o = &s->oc;
	const struct toc_cfg *oc = &t->oc;
	uint64_t fm = o->n_idoc[TOC_MEM] >= oc->w_idoc[TOC_MEM] ? ~0ULL : 0;
	uint64_t fs = o->n_idoc[TOC_SFU] >= oc->w_idoc[TOC_SFU] ? ~0ULL : 0;
	uint64_t fp = o->n_idoc[TOC_SP] >= oc->w_idoc[TOC_SP] ? ~0ULL : 0;
	for (unsigned i = 0; i < nw; i++) {
		uint64_t nm = s->nextmem[i], nf = s->nextsfu[i];
		if (left[i] & ~((nm & (fm | s->recbusy[i])) | (nf & fs) |
				(~nm & ~nf & fp)))
			return false;
	}
#ifndef NDEBUG
	for (unsigned i = 0; i < nw; i++)
		for (uint64_t m = left[i]; m; m &= m - 1)
			SIM_ASSERT(issue_struct(t, s, i * 64 + (unsigned)
						__builtin_ctzll(m)));
#endif
	return true;
}

/* Try to issue the first I-buffer entry of warp wi (issue_struct passed). */
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
	SIM_ASSERT(!issue_struct(t, s, wi));
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
	struct fctx *cx = s->cx;
	uint64_t bar_rel = cx->n_bar_rel, back = cx->n_back;
	uint32_t old_state = fw->state;
	struct ttb *tb = &s->tb[w->tb];
	struct fmemrec *rec = ti->is_mem ? w->rec : o->scratch;
	rec->n = 0;
	cx->rec = rec;
	unsigned n_active = fw->stack[fw->sp - 1].n_active;
	unsigned lane0 = n_active ? bit_ctz64(fw->stack[fw->sp - 1].mask) : 0;
	uint64_t sa = 0, sb = 0;
	if (in->op == OP_SETP) {
		sa = setp_src(fw, t->k->reg_row, &in->o[1], t->ws, lane0);
		sb = setp_src(fw, t->k->reg_row, &in->o[2], t->ws, lane0);
	}
	s->st.issue_lanes[n_active]++;
	bool ok = fexec_run(g, cx, w->cta, fw, 1);
	cx->rec = NULL;
	if (!ok) {
		s->err = cx->fault.status;
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
	s->last_issue = t->cycle;
	/* the policies' hooks, in scheduler order (loops only for hooks
	 * some policy has: s->hook_*) */
	bool setp = s->hook_setp && in->op == OP_SETP;
	bool bk = s->hook_back && cx->n_back != back;
	if (!setp && !bk && s->hook_own) {
		/* issued() alone, and only the slot's own scheduler listens
		 * (sched_ops.own_issued): one call */
		struct sched *p = tsm_sched_of(t, s, wi);
		if (p->ops->issued)
			p->ops->issued(p, wi, t->cycle, n_active, pc);
	} else if (!setp && !bk && s->hook_issued) {
		/* the common case, issued() alone: the loop's bounds and
		 * arguments in locals, kept across the calls */
		struct sched **sp = s->sched;
		unsigned ns = t->n_sched;
		uint64_t cyc = t->cycle;
		for (unsigned i = 0; i < ns; i++)
			if (sp[i]->ops->issued)
				sp[i]->ops->issued(sp[i], wi, cyc, n_active,
						   pc);
	} else if (setp || bk) {
		for (unsigned i = 0; i < t->n_sched; i++) {
			struct sched *p = s->sched[i];
			if (p->ops->issued)
				p->ops->issued(p, wi, t->cycle, n_active, pc);
			if (setp && p->ops->setp_executed)
				p->ops->setp_executed(p, wi, pc, sa, sb);
			if (bk && p->ops->branch_backward)
				p->ops->branch_backward(p, wi, pc, fw->sp ?
					fw->stack[fw->sp - 1].pc : pc);
		}
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
	if (cx->n_bar_rel != bar_rel) {
		unsigned base = w->tb * s->wpt;
		for (unsigned i = 0; i < tb->n_warps; i++)
			tsm_warp_update(t, s, base + i);
		tb->bar_waiting = 0;
		for (unsigned i = 0; i < tb->n_warps; i++)
			tb->bar_waiting += s->w[base + i].fw &&
				s->w[base + i].fw->state == FW_BARRIER;
		tsm_phase_close(t, s, tb);
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
		return IR_ISSUED; /* a partner faulted: s->err */
	tsm_warp_update(t, s, wi);
	return IR_ISSUED;
}

static inline unsigned popc_words(const uint64_t *a, unsigned n)
{
	unsigned c = 0;
	for (unsigned i = 0; i < n; i++)
		c += bit_popc64(a[i]);
	return c;
}

/* The stall kind of a scheduler-cycle without an issue: a candidate
 * blocked in the pipeline (ID_OC full, access record busy), else ready
 * warps waiting on the scoreboard, else nothing ready. */
static inline void count_stall(struct tstats *st, bool pipe, bool ready)
{
	if (pipe)
		st->sched_pipeline++;
	else if (ready)
		st->sched_scoreboard++;
	else
		st->sched_idle++;
}

void tsm_issue_hooks(const struct tgpu *t, struct tsm *s)
{
	s->hook_issued = s->hook_setp = s->hook_back = 0;
	s->hook_own = 1;
	for (unsigned i = 0; i < t->n_sched; i++) {
		const struct sched_ops *op = s->sched[i]->ops;
		s->hook_issued |= op->issued != NULL;
		s->hook_own &= !op->issued || op->own_issued;
		s->hook_setp |= op->setp_executed != NULL;
		s->hook_back |= op->branch_backward != NULL;
	}
	s->hook_own &= s->hook_issued;
}

/* The issue stage over bitsets of nw words with ns schedulers (constants
 * 1 and 2 for SMs of up to 64 warp slots and two schedulers, the default
 * machine: tsm_issue_cycle specialises it). */
static inline __attribute__((always_inline)) void
issue_cycle(struct tgpu *t, struct tsm *s, const struct sched_view *v,
	    unsigned nw, unsigned ns)
{
	unsigned n_issued = 0;
	/* candidates whose class's ID_OC register is full cannot issue:
	 * collector stalls without asking anyone (taken out of `cand` into
	 * `blocked`) */
	const struct toc *o = &s->oc;
	const struct toc_cfg *oc = &t->oc;
	uint64_t blocked[SCHED_MAX_WARPS / 64];
	uint64_t fm = o->n_idoc[TOC_MEM] >= oc->w_idoc[TOC_MEM] ? ~0ULL : 0;
	uint64_t fs = o->n_idoc[TOC_SFU] >= oc->w_idoc[TOC_SFU] ? ~0ULL : 0;
	uint64_t fp = o->n_idoc[TOC_SP] >= oc->w_idoc[TOC_SP] ? ~0ULL : 0;
	bool any_full = (fm | fs | fp) != 0;
	unsigned n_cand = 0, n_coll = 0, n_struct = 0, n_data = 0, n_wp = 0;
	const uint64_t *ready = s->cb[TC_READY];
	uint64_t *cand = s->cand;

	/* per-warp-cycle attribution, taken before anything issues */
	uint64_t any_c = 0, any_wp = 0;
	for (unsigned i = 0; i < nw; i++) {
		/* a wrong-path I-buffer is a control stall */
		any_wp |= s->wrongpath[i];
		uint64_t wp = ready[i] & s->wrongpath[i];
		uint64_t r = ready[i] & ~wp, sbw = s->sbwait[i];
		uint64_t c = r & ~sbw, bl = 0;
		if (any_full) {
			uint64_t nm = s->nextmem[i], nf = s->nextsfu[i];
			bl = c & ((nm & fm) | (nf & fs) | (~nm & ~nf & fp));
		}
		blocked[i] = bl;
		cand[i] = c & ~bl;
		any_c |= cand[i];
		if (wp)
			n_wp += bit_popc64(wp);
		if (bl)
			n_coll += bit_popc64(bl);
		n_cand += bit_popc64(c);
		if (s->recbusy[i])
			n_struct += bit_popc64(cand[i] & s->recbusy[i]);
		if (sbw)
			n_data += bit_popc64(r & sbw);
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
	/* the other classes: one popcount each (a hardware popcount is
	 * cheaper than keeping counts in tsm_warp_update) */
	uint64_t *wc = s->st.wc;
	wc[TW_EXIT] += popc_words(s->cb[TC_EXIT], nw);
	wc[TW_BARRIER] += popc_words(s->cb[TC_BAR], nw);
	wc[TW_DATA] += popc_words(s->cb[TC_MEMW], nw) + n_data;
	wc[TW_FETCH] += popc_words(s->cb[TC_FETCH], nw);
	wc[TW_CONTROL] += popc_words(s->cb[TC_CTRL], nw) + n_wp;
	wc[TW_EMPTY] += popc_words(s->cb[TC_EMPTY], nw);
	wc[TW_PARTNER] += popc_words(s->cb[TC_PSYNC], nw);

	if (!any_c && !any_wp && !t->need_long_op) {
		/* no scheduler has a candidate or a warp to flush: none is
		 * asked, nothing changes; each one's stall kind */
		const uint64_t *sm = s->smask;
		for (unsigned k = 0; k < ns; k++, sm += nw) {
			uint64_t bl = 0, rd = 0;
			for (unsigned i = 0; i < nw; i++) {
				bl |= blocked[i] & sm[i];
				rd |= ready[i] & sm[i];
			}
			count_stall(&s->st, bl != 0, rd != 0);
		}
		s->st.sched_cycles += ns;
		s->sched_first = s->sched_first + 1 < ns ?
			s->sched_first + 1 : 0;
		wc[TW_COLLECTOR] += n_coll;
		SIM_ASSERT(n_cand == n_coll && !n_struct);
		return;
	}

	for (unsigned k = 0; k < ns; k++) {
		unsigned si = s->sched_first + k;
		if (si >= ns)
			si -= ns;
		struct sched *p = s->sched[si];
		const uint64_t *sm = s->smask + (size_t)si * nw;
		bool any_struct = false, issued = false;
		uint64_t has_cand = 0, has_ready = 0, has_blocked = 0;
		uint64_t swp = 0;
		for (unsigned i = 0; i < nw; i++) {
			has_cand |= cand[i] & sm[i];
			has_ready |= ready[i] & sm[i];
			has_blocked |= blocked[i] & sm[i];
			swp |= s->wrongpath[i] & sm[i];
		}
		s->st.sched_cycles++;
		/* a policy is asked only when it has a candidate (two-level
		 * also reorganises its pool in order(): asked every cycle) */
		if (!has_cand && !t->need_long_op) {
			/* nothing issues: the scheduler visits every warp */
			for (unsigned i = 0; swp && i < nw; i++)
				for (uint64_t m = s->wrongpath[i] & sm[i]; m;
				     m &= m - 1)
					tsm_ib_flush(t, s, i * 64 + (unsigned)
						     __builtin_ctzll(m));
			count_stall(&s->st, has_blocked != 0, has_ready != 0);
			continue;
		}
		any_struct = has_blocked != 0;
		/* walk the policy's order: lazily through next() over the
		 * slots the walk acts on (candidates, and wrong-path warps to
		 * flush), else over the whole order() */
		struct tsm_walk walk;
		if (p->ops->next)
			for (unsigned i = 0; i < nw; i++)
				walk.want[i] = (cand[i] | (swp ?
						s->wrongpath[i] : 0)) & sm[i];
		/* the candidates the walk has not visited yet, while it may
		 * stop early (issue_all_blocked) */
		bool bulk = !swp && !s->dwr && !p->ops->issue_failed &&
			p->ops->lists_all;
		uint64_t left[SCHED_MAX_WARPS / 64];
		for (unsigned i = 0; bulk && i < nw; i++)
			left[i] = cand[i] & sm[i];
		tsm_walk_start(t, s, p, v, &walk);
		while (!issued) {
			int x = tsm_walk_next(s, p, v, &walk);
			if (x < 0)
				break;
			unsigned wi = (unsigned)x;
			if (!tbit(cand, wi)) {
				if (swp && tbit(s->wrongpath, wi))
					tsm_ib_flush(t, s, wi);
				continue;
			}
			if (bulk)
				tbit_clr(left, wi);
			int unit = -1;
			enum issue_res r = issue_struct(t, s, wi) ? IR_STRUCT :
				issue_one(t, s, wi, -1, &unit);
			if (s->err)
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
					if (issue_struct(t, s, wi) ||
					    issue_one(t, s, wi, unit, &u2) !=
					    IR_ISSUED)
						break;
					if (s->err)
						return;
					s->st.dual_issue++;
				}
			} else if (r == IR_STRUCT) {
				any_struct = true;
				n_struct += !tbit(s->recbusy, wi);
				if (bulk && issue_all_blocked(t, s, left, nw)) {
					/* the rest of the walk visits only
					 * these, each failing as this one */
					for (unsigned i = 0; i < nw; i++)
						n_struct += bit_popc64(left[i] &
							~s->recbusy[i]);
					break;
				}
			}
			if (!issued && p->ops->issue_failed)
				p->ops->issue_failed(p, wi, t->cycle);
		}
		if (issued)
			s->st.sched_issued++;
		else
			count_stall(&s->st, any_struct, has_ready != 0);
	}
	s->sched_first = s->sched_first + 1 < ns ? s->sched_first + 1 : 0;
	wc[TW_ISSUED] += n_issued;
	wc[TW_COLLECTOR] += n_coll;
	wc[TW_STRUCT] += n_struct;
	wc[TW_ARBIT] += n_cand - n_issued - n_coll - n_struct;
}

void tsm_issue_cycle(struct tgpu *t, struct tsm *s,
		     const struct sched_view *v)
{
	if (t->n_words == 1 && t->n_sched == 2)
		issue_cycle(t, s, v, 1, 2);
	else if (t->n_words == 1)
		issue_cycle(t, s, v, 1, t->n_sched);
	else
		issue_cycle(t, s, v, t->n_words, t->n_sched);
}
