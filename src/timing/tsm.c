/*
 * tsm.c - one SM: the order of its pipeline stages within a core cycle
 * and the per-warp classification every stage keeps up to date.
 *
 * The stages are evaluated back to front each core cycle, so an
 * instruction moves at most one stage per cycle:
 *   DWR        (tsm_dwr.c)   partner groups whose sync latency ends
 *   writeback  (tsm_exec.c)  release scoreboard entries whose results are due
 *   replies    (tsm_ldst.c)  memory-system replies: loads, atomics, I-misses
 *   LD/ST      (tsm_ldst.c)  push one coalesced transaction per cycle
 *   execute    (tsm_exec.c)  OC_EX pipeline registers -> unit pipelines
 *   collector  (tsm_oc.c)    dispatch, register-bank reads, unit allocation
 *   issue      (tsm_issue.c) each scheduler asks its policy for an order and
 *                            issues the first warp whose next instruction
 *                            passes the I-buffer and scoreboard checks into
 *                            its class's ID_OC pipeline register; warps
 *                            it visits before that with a wrong-path
 *                            I-buffer are flushed
 *   decode     (tsm_front.c) fetch buffer -> I-buffer
 *   fetch      (tsm_front.c) one warp per cycle through the L1I
 *
 * tsm_warp_update() recomputes one warp's class bits (enum tclass) and its
 * fetchable, wrong-path, scoreboard-wait and next-is-memory bits; every stage calls it
 * when it changes something those bits depend on, so the per-cycle work
 * of the issue stage is a few word operations per SM.
 *
 * A quiet cycle (nothing but the LD/ST unit can act) costs a few tests;
 * when the cycles after it would repeat it exactly, the SM sleeps: the
 * launch loop (tgpu.c) skips it until its next event, and tsm_wake adds
 * what the skipped cycles counted.
 */
#include "timing_int.h"

void tsm_warp_update(struct tgpu *t, struct tsm *s, unsigned wi)
{
	struct twarp *w = &s->w[wi];
	unsigned i = wi / 64;
	uint64_t b = 1ULL << (wi % 64);
	s->q_dirty = 1;
	if (w->cls < TC__COUNT) /* the only class bit the warp holds */
		s->cb[w->cls][i] &= ~b;
	w->cls = TC__COUNT;
	s->fetchable[i] &= ~b;
	s->wrongpath[i] &= ~b;
	s->recbusy[i] &= ~b;
	s->sbwait[i] &= ~b;
	s->nextmem[i] &= ~b;
	s->nextsfu[i] &= ~b;
	if (!w->fw)
		return;
	unsigned c;
	bool live = w->fw->state != FW_EXITED;
	/* the I-buffer (or, empty, the next fetch) left the SIMT top's
	 * path; only a scheduler visit puts it back (tsm_ib_flush) */
	bool wrong = live && (w->ib_n ?
		w->ib_pc != w->fw->stack[w->fw->sp - 1].pc :
		w->fpc >= t->k->n_insn);
	if (!live)
		c = TC_EXIT;
	else if (w->fw->state == FW_BARRIER)
		c = TC_BAR;
	else if (w->dwr_st == TDWR_LOCKED)
		c = TC_PSYNC;
	else if (w->n_atom || w->membar)
		c = TC_MEMW;
	else if (w->ib_n)
		c = TC_READY;
	else if (w->imiss)
		c = TC_FETCH;
	else
		c = w->flushed || wrong ? TC_CTRL : TC_EMPTY;
	s->cb[c][i] |= b;
	w->cls = (uint8_t)c;
	s->ibfill[wi] = (uint8_t)w->ib_n;
	/* room for a fetch block (or one slot, fetch_ops.partial), and the
	 * pc after the buffered instructions exists */
	if (live && !w->imiss &&
	    !(s->fb_valid && s->fb_warp == wi) &&
	    w->ib_n + t->ib_room <= t->cfg->ibuffer_size &&
	    (w->ib_n ? w->ib_pc + w->ib_n : w->fpc) < t->k->n_insn)
		s->fetchable[i] |= b;
	if (wrong) {
		s->wrongpath[i] |= b;
		return;
	}
	if (w->ib_n && tsb_collide(t, w, w->ib_pc))
		s->sbwait[i] |= b;
	if (w->ib_n && t->ti[w->ib_pc].is_mem) {
		s->nextmem[i] |= b;
		if (w->oc_mem)
			s->recbusy[i] |= b;
	}
	else if (w->ib_n && toc_class_of(&t->ti[w->ib_pc]) == TOC_SFU)
		s->nextsfu[i] |= b;
}

/* Bit c set: class c's ID_OC pipeline register is full (its candidates
 * are blocked: collector stalls). */
static unsigned oc_full_mask(const struct tgpu *t, const struct tsm *s)
{
	unsigned m = 0;
	for (unsigned c = 0; c < TOC__COUNT; c++)
		if (s->oc.n_idoc[c] >= t->oc.w_idoc[c])
			m |= 1u << c;
	return m;
}

/* What the issue stage counts in a cycle whose candidates, once those of
 * a full ID_OC class are taken out, all wait for their access record (the
 * same sums as tsm_issue_cycle's attribution), from the warp bitsets. */
static void quiet_summary(struct tgpu *t, struct tsm *s, unsigned full)
{
	unsigned nw = t->n_words;
	uint64_t bad = 0, any_f = 0;
	uint64_t fm = full & (1u << TOC_MEM) ? ~0ULL : 0;
	uint64_t fs = full & (1u << TOC_SFU) ? ~0ULL : 0;
	uint64_t fp = full & (1u << TOC_SP) ? ~0ULL : 0;
	uint64_t blocked[SCHED_MAX_WARPS / 64];
	memset(s->q_wc, 0, sizeof(s->q_wc));
	s->q_score = s->q_pipe = 0;
	s->q_cmask = 0;
	for (unsigned i = 0; i < nw; i++) {
		uint64_t r = s->cb[TC_READY][i];
		uint64_t c = r & ~s->sbwait[i] & ~s->wrongpath[i];
		blocked[i] = c & ((s->nextmem[i] & fm) |
			(s->nextsfu[i] & fs) |
			(~s->nextmem[i] & ~s->nextsfu[i] & fp));
		s->q_cand[i] = c & ~blocked[i];
		bad |= (r & s->wrongpath[i]) | (s->q_cand[i] & ~s->recbusy[i]);
		any_f |= s->fetchable[i];
		s->q_wc[TW_COLLECTOR] += bit_popc64(blocked[i]);
		s->q_wc[TW_STRUCT] += bit_popc64(s->q_cand[i]);
		s->q_wc[TW_DATA] += bit_popc64(r & s->sbwait[i]) +
			bit_popc64(s->cb[TC_MEMW][i]);
		s->q_wc[TW_EXIT] += bit_popc64(s->cb[TC_EXIT][i]);
		s->q_wc[TW_BARRIER] += bit_popc64(s->cb[TC_BAR][i]);
		s->q_wc[TW_FETCH] += bit_popc64(s->cb[TC_FETCH][i]);
		s->q_wc[TW_CONTROL] += bit_popc64(s->cb[TC_CTRL][i]);
		s->q_wc[TW_EMPTY] += bit_popc64(s->cb[TC_EMPTY][i]);
	}
	for (unsigned k = 0; k < t->n_sched; k++) {
		const uint64_t *sm = s->smask + (size_t)k * nw;
		uint64_t m = 0, c = 0, bl = 0;
		for (unsigned i = 0; i < nw; i++) {
			m |= s->cb[TC_READY][i] & sm[i];
			c |= s->q_cand[i] & sm[i];
			bl |= blocked[i] & sm[i];
		}
		if (c)
			s->q_cmask |= 1ULL << k;
		if (c || bl)
			s->q_pipe++;
		else
			s->q_score += m != 0;
	}
	s->q_ok = !bad;
	s->q_fetch = any_f != 0;
	s->q_full = (uint8_t)full;
	s->q_dirty = 0;
}

/*
 * The issue stage of a quiet cycle: each scheduler with candidates walks
 * its policy's order exactly as tsm_issue_cycle does (next() or order(),
 * issue_failed for every candidate visited), every candidate failing on
 * its busy access record, so the policies see what they would.
 */
static void quiet_issue(struct tgpu *t, struct tsm *s,
			const struct sched_view *v)
{
	unsigned ns = t->n_sched, nw = t->n_words;
	for (unsigned k = 0; k < ns; k++) {
		unsigned si = (s->sched_first + k) % ns;
		struct sched *p = s->sched[si];
		const uint64_t *sm = s->smask + (size_t)si * nw;
		if (!((s->q_cmask >> si) & 1))
			continue;
		struct tsm_walk w;
		int x;
		for (unsigned i = 0; p->ops->next && i < nw; i++)
			w.want[i] = s->q_cand[i] & sm[i];
		tsm_walk_start(t, s, p, v, &w);
		while ((x = tsm_walk_next(s, p, v, &w)) >= 0)
			if (tbit(s->q_cand, (unsigned)x) &&
			    p->ops->issue_failed)
				p->ops->issue_failed(p, (unsigned)x, t->cycle);
	}
}

/*
 * Execute and collector stages with nothing to do this cycle (asked after
 * the LD/ST stage), toc_cycle's and tsm_ex_cycle's own tests: no operand
 * read queued; no collector unit with its operands whose class has room
 * in OC_EX; no instruction in ID_OC whose class has a free unit; nothing
 * in the SP and SFU OC_EX registers; memory instructions in OC_EX only
 * while the LD/ST unit cannot take one.  (toc_cycle then only clears the
 * written-banks mask, which no writeback set this cycle.)
 */
static bool oc_idle(const struct tgpu *t, const struct tsm *s)
{
	const struct toc *o = &s->oc;
	const struct toc_cfg *k = &t->oc;
	if (!o->busy)
		return true;
	if (o->n_ocex[TOC_SP] | o->n_ocex[TOC_SFU] | o->n_reads)
		return false;
	for (unsigned c = 0; c < TOC__COUNT; c++) {
		if (o->ready[c] && k->out_ports[c] &&
		    o->n_ocex[c] < k->w_ocex[c])
			return false;
		if (o->n_idoc[c] && k->in_ports[c] &&
		    (o->free & (k->own[c] | k->gen)))
			return false;
	}
	/* OC_EX holds memory instructions: tsm_ex_cycle's test */
	return !o->n_ocex[TOC_MEM] || s->ldst.busy ||
		s->ldst.free_at > t->cycle || !s->n_mreq_free;
}

/*
 * A quiet cycle: no writeback due, no reply due that completes a memory
 * instruction, the collector frozen
 * (oc_idle), no wrong-path warp and no candidate that could issue (every
 * one is blocked by a full ID_OC register or waits for its access
 * record), nothing to decode and nothing to fetch.  Only the LD/ST unit
 * acts (it retries or pushes a transaction, which changes no warp), the
 * schedulers with candidates walk their order (quiet_issue), and the
 * issue stage's counters grow by the same amounts as in the previous such
 * cycle: they are added from q_*, kept until a warp's bits change
 * (tsm_warp_update sets q_dirty) or the set of full ID_OC registers does.
 * quiet_front() is checked before the LD/ST stage runs, oc_idle() after
 * it (the unit may free up and take from OC_EX).
 */
static bool quiet_front(struct tgpu *t, struct tsm *s)
{
	/* DWR's partner barriers and combiner act in the issue stage and on
	 * its own release wheel: never quiet under --dwr */
	if (s->dwr || t->need_long_op || s->wheel_n[t->cycle % T_WHEEL])
		return false;
	/* the replies due, taken as a full cycle takes them first (its
	 * writeback stage has nothing to do): one that completes no memory
	 * instruction changes no warp, and the cycle may still be quiet */
	struct mem_reply r;
	while (mem_sys_pop(t->ms, s->id, &r))
		tsm_reply(t, s, &r);
	if (s->fb_valid ? s->fb_ready <= t->cycle : s->iready_n != 0)
		return false;
	unsigned full = oc_full_mask(t, s);
	if (s->q_dirty || full != s->q_full) {
		tsm_quiet_flush(t, s);
		quiet_summary(t, s, full);
	}
	return s->q_ok && (s->fb_valid || !s->q_fetch);
}

/* What the issue and fetch policies see at cycle c (the bitsets it
 * points to change as the stages run). */
static inline struct sched_view tsm_view(const struct tgpu *t,
					 const struct tsm *s, uint64_t c)
{
	return (struct sched_view){
		.cycle = c, .n_slots = t->n_slots, .valid = s->valid,
		.ready = s->cb[TC_READY], .at_barrier = s->cb[TC_BAR],
		.long_op = s->long_op, .age = s->age, .tb = s->tbof,
		.tb_age = s->tb_age, .tbs_pending = t->tb_next < t->n_ctas};
}

/* The first cycle after this one with a writeback due, UINT64_MAX when
 * none is on the wheel.  Every entry is due within T_WHEEL cycles; the
 * scan goes eight slots at a time. */
static uint64_t wheel_next(const struct tgpu *t, const struct tsm *s)
{
	if (!s->wheel_cnt)
		return UINT64_MAX;
	uint64_t c = t->cycle + 1;
	unsigned i = (unsigned)(c % T_WHEEL), a = i & ~7u;
	uint64_t b = c - (i - a); /* cycle of slot a */
	for (unsigned k = 0; k <= T_WHEEL / 8; k++, b += 8) {
		const uint8_t *p = s->wheel_n + (a + 8 * k) % T_WHEEL;
		uint64_t x;
		memcpy(&x, p, 8);
		if (!x)
			continue;
		for (unsigned j = 0; j < 8; j++)
			if (p[j] && b + j >= c)
				return b + j;
	}
	SIM_ASSERT(0); /* wheel_cnt counts an entry the wheel lacks */
	return c;
}

/*
 * After a quiet cycle: sleep when every following cycle would be the same
 * quiet cycle until an event.  Nothing of the SM changes while no stage
 * acts, so that holds while (1) no writeback is due, the fetch buffer is
 * not yet decodable and, with a memory instruction in OC_EX and the LD/ST
 * unit idle, the unit is not yet free (wake_at: the first such cycle);
 * (2) no reply is due (wake_at: the first queued one; the L1's events
 * word: one queued later) and the LD/ST unit is idle or waits on the L1's
 * state (a fill moves the events word; mem_push_wait_holds); (3) no
 * block is dispatched to it (tgpu.c's dispatch wakes it).  The quiet
 * cycle's walk of the policies with candidates must be repeatable in
 * bulk as well: every policy is one whose walk changes nothing but a
 * rotation in time (tgpu.walk_pure), else the SM sleeps only with no
 * candidates (no policy is called in such a cycle).  DWR SMs are never
 * quiet.
 */
static void quiet_sleep(struct tgpu *t, struct tsm *s)
{
	if ((s->ldst.busy && !s->ldw_on) ||
	    (s->n_res && s->q_cmask && !t->walk_pure))
		return;
	uint64_t at = wheel_next(t, s), r;
	if (s->fb_valid)
		at = MIN(at, s->fb_ready);
	if (s->oc.n_ocex[TOC_MEM] && !s->ldst.busy)
		at = MIN(at, s->ldst.free_at);
	r = mem_sys_sm_reply_in(t->ms, s->id);
	if (r != UINT64_MAX)
		at = MIN(at, t->cycle + r);
	if (at <= t->cycle + 1)
		return;
	s->asleep = 1;
	s->slept_from = t->cycle + 1;
	s->wake_at = at;
	s->mem_ev = mem_sys_sm_events(t->ms, s->id);
	s->mem_ev0 = *s->mem_ev;
}

/* The issue stage's counters of n quiet cycles (the summary q_*, added
 * to t->st once per summary: tsm_quiet_flush), and the rotation of the
 * scheduler that goes first. */
static inline void quiet_count(struct tgpu *t, struct tsm *s, uint64_t n)
{
	s->q_n += n;
	s->sched_first = (unsigned)((s->sched_first + n) % t->n_sched);
}

void tsm_quiet_flush(struct tgpu *t, struct tsm *s)
{
	uint64_t n = s->q_n;
	unsigned ns = t->n_sched;
	if (!n)
		return;
	for (unsigned c = 0; c < TW__COUNT; c++)
		s->st.wc[c] += s->q_wc[c] * n;
	s->st.sched_cycles += ns * n;
	s->st.sched_pipeline += s->q_pipe * n;
	s->st.sched_scoreboard += s->q_score * n;
	s->st.sched_idle += (ns - s->q_score - s->q_pipe) * n;
	s->q_n = 0;
}

/*
 * The quiet cycles slept_from .. end - 1 in bulk: the LD/ST unit's
 * refused retries (its stall counter, and the L1's counters through
 * ldw_n), the issue stage's counters, the rotation of the scheduler that
 * goes first, and the quiet walk (quiet_issue) at the last of them for
 * the schedulers with candidates, which brings a time-based rotation
 * (gto:R) to where the walks of every cycle would have left it (the
 * rotations compose: the SM's warps did not change; the policies that
 * may sleep with candidates hear nothing else, sched_ops.quiet_walk).
 */
void tsm_wake(struct tgpu *t, struct tsm *s, uint64_t end)
{
	uint64_t n = end - s->slept_from;
	SIM_ASSERT(s->asleep && end >= s->slept_from);
	s->asleep = 0;
	if (!n)
		return;
	if (s->ldst.busy) {
		SIM_ASSERT(s->ldw_on);
		s->st.ldst_stall += n;
		s->ldw_n += n;
	}
	if (!s->n_res)
		return;
	quiet_count(t, s, n);
	if (s->q_cmask) {
		const struct sched_view v = tsm_view(t, s, end - 1);
		quiet_issue(t, s, &v);
	}
}

/* One core cycle of SM s; false on a fault.  Its only caller is
 * tsm_step's loop, so it is inlined there with the stages it calls once
 * (no call per SM visit). */
static bool cycle_body(struct tgpu *t, struct tsm *s)
{
	bool front = quiet_front(t, s);
	if (front) {
		/* no writeback due and the replies taken: the first two
		 * stages are done */
		tsm_ldst_cycle(t, s);
	}
	if (front && oc_idle(t, s)) {
		s->oc.wbusy = 0; /* as toc_cycle leaves it */
		if (s->n_res) {
			if (s->q_cmask) {
				const struct sched_view v =
					tsm_view(t, s, t->cycle);
				quiet_issue(t, s, &v);
			}
			quiet_count(t, s, 1);
		}
		quiet_sleep(t, s);
		return true;
	}
	if (s->dwr && s->dwr->n_due)
		tdwr_cycle(t, s);
	if (!front) { /* else the LD/ST stage already ran (and quiet_front
		       * may have taken the replies) */
		struct mem_reply r;
		tsm_wb_cycle(t, s);
		while (mem_sys_pop(t->ms, s->id, &r)) {
			if (s->dwr)
				tdwr_reply(t, s, &r);
			tsm_reply(t, s, &r);
		}
		tsm_ldst_cycle(t, s);
	}
	tsm_ex_cycle(t, s);
	toc_cycle(t, s);
	/* built after the stages before issue: they change no field of it
	 * (its bitsets are read through pointers) */
	const struct sched_view v = tsm_view(t, s, t->cycle);
	if (s->n_res)
		tsm_issue_cycle(t, s, &v);
	if (s->err)
		return false;
	tsm_decode_cycle(t, s);
	if (s->n_res)
		tsm_fetch_cycle(t, s, &v);
	return true;
}

/* noinline, noclone: one copy of the loop, so cycle_body has one call
 * site and is inlined */
__attribute__((noinline, noclone))
void tsm_step(struct tgpu *t, const uint16_t *run, unsigned n, uint64_t *wake)
{
	unsigned end = run ? n : t->n_sm, n_log = 0;
	uint64_t wk = wake ? *wake : 0; /* in a register */
	for (unsigned k = 0; k < end; k++) {
		struct tsm *s;
		if (run) {
			s = &t->sm[run[k]];
		} else {
			s = &t->sm[k];
			if (!tsm_runs(t, s, &wk))
				continue;
		}
		cycle_body(t, s);
		if (!run) { /* no later visit reads what the join writes */
			tsm_join(t, s, &wk);
			if (s->cx->n_log)
				t->run[n_log++] = (uint16_t)k;
		}
	}
	/* the cycle's global stores, after every visit, in SM order */
	for (unsigned k = 0; k < n_log; k++)
		fctx_flush_log(t->sm[t->run[k]].cx);
	if (wake)
		*wake = wk;
}
