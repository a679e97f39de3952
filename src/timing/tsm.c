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
 */
#include "timing_int.h"

void tsm_warp_update(struct tgpu *t, struct tsm *s, unsigned wi)
{
	struct twarp *w = &s->w[wi];
	unsigned i = wi / 64;
	uint64_t b = 1ULL << (wi % 64);
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

bool tsm_cycle(struct tgpu *t, struct tsm *s)
{
	/* what the issue and fetch policies see (the bitsets it points to
	 * change as the stages run) */
	const struct sched_view v = {
		.cycle = t->cycle, .n_slots = t->n_slots, .valid = s->valid,
		.ready = s->cb[TC_READY], .at_barrier = s->cb[TC_BAR],
		.long_op = s->long_op, .age = s->age, .tb = s->tbof,
		.tb_age = s->tb_age, .tbs_pending = t->tb_next < t->n_ctas};
	struct mem_reply r;
	if (s->dwr && s->dwr->n_due)
		tdwr_cycle(t, s);
	tsm_wb_cycle(t, s);
	while (mem_sys_pop(t->ms, s->id, &r)) {
		if (s->dwr)
			tdwr_reply(t, s, &r);
		tsm_reply(t, s, &r);
	}
	tsm_ldst_cycle(t, s);
	tsm_ex_cycle(t, s);
	toc_cycle(t, s);
	if (s->n_res)
		tsm_issue_cycle(t, s, &v);
	if (t->err)
		return false;
	tsm_decode_cycle(t, s);
	if (s->n_res)
		tsm_fetch_cycle(t, s, &v);
	return true;
}
