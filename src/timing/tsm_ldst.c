/*
 * tsm_ldst.c - the SM's LD/ST unit and its memory replies.
 *
 * When a memory instruction leaves the operand collector (tsm_exec.c), its
 * access record (written by the functional model at issue) is coalesced
 * into transactions; the LD/ST unit then
 * pushes one transaction per cycle into the memory system (stalling while
 * the L1/interconnect refuses; a refusal that lasts until the L1's state
 * changes is waited out, not retried).  Shared memory does not leave the SM: it
 * occupies the unit one cycle per conflicting bank access and its result
 * is written smem_latency cycles later.  Loads release their destinations
 * when the last transaction's reply arrives; atomics and membars keep the
 * warp waiting (class TC_MEMW) until all of theirs are back.
 */
#include "timing_int.h"
#include "../ptx/ptx.h"

void tsm_ldst_unwait(struct tgpu *t, struct tsm *s)
{
	if (s->ldw_n)
		mem_sys_push_refused(t->ms, s->id, &s->ldw, s->ldw_n);
	s->ldw_n = 0;
	s->ldw_on = 0;
}

/*
 * Push the next transaction.  A refusal that repeats until the L1's state
 * changes (mem_sys_push_wait) is not retried: while that state holds, a
 * cycle counts the stall and one more refused retry for the L1's
 * counters, added when the wait ends (tsm_ldst_unwait).
 */
void tsm_ldst_cycle(struct tgpu *t, struct tsm *s)
{
	struct tldst *u = &s->ldst;
	if (!u->busy)
		return;
	if (s->ldw_on) {
		if (mem_sys_push_same(t->ms, s->id, &s->ldw)) {
			s->st.ldst_stall++;
			s->ldw_n++;
			return;
		}
		tsm_ldst_unwait(t, s);
	}
	struct mem_txn *x = &u->txn[u->next];
	struct mem_access a = {
		.addr = x->addr, .size = x->size, .kind = u->kind,
		.space = u->space, .flags = u->flags,
		.tag = u->req | ((uint64_t)u->next << T_TAG_TXN_SHIFT)};
	if (!mem_sys_push(t->ms, s->id, &a)) {
		s->st.ldst_stall++;
		s->ldw_on = mem_sys_push_wait(t->ms, s->id, &a, &s->ldw);
		return;
	}
	u->next++;
	u->busy--;
}

/*
 * Hand the memory access recorded when warp wi issued the instruction at
 * pc (w->rec; its destinations were reserved at issue) to the LD/ST unit:
 * shared memory schedules its writeback here, other spaces are coalesced
 * into transactions whose replies release the destinations.
 */
void tsm_ldst_issue(struct tgpu *t, struct tsm *s, unsigned wi,
		    uint32_t pc, const struct insn *in)
{
	struct twarp *w = &s->w[wi];
	struct fmemrec *r = w->rec;
	const struct tinsn *ti = &t->ti[pc];
	struct tldst *u = &s->ldst;
	bool is_load = in->op == OP_LD || in->op == OP_ATOM ||
		in->op == OP_TEX || in->op == OP_SULD; /* issue 18 */

	if (!r->n) { /* no lane accessed: done next cycle */
		if (ti->n_def)
			tsm_wb_add(s, t->cycle + 1, wi, pc, false);
		return;
	}
	if (r->space == SP_SHARED) {
		unsigned bytes = MIN(r->bytes, 16u);
		unsigned c = mem_shmem_cycles(r->addr, r->mask, bytes,
					      t->mcfg.smem_banks,
					      t->mcfg.smem_bank_bytes);
		s->st.shmem_insn++;
		s->st.shmem_bank_cycles += c - 1;
		u->free_at = t->cycle + c;
		/* an atomic held its warp since issue (GPGPU-Sim's per-warp
		 * pending-atomic count) until this writeback */
		bool atom = in->op == OP_ATOM || in->op == OP_RED;
		if (ti->n_def || atom)
			tsm_wb_add(s, t->cycle + t->mcfg.smem_latency + c - 1, wi,
				   pc, atom);
		return;
	}
	tstats_note_mem(&s->st, r);
	addr_t la[WS_MAX_WARP];
	const addr_t *addr = r->addr;
	unsigned l, max_seg = t->mcfg.coalesce_bytes;
	enum mem_space sp = MEM_GLOBAL;
	if (r->space == SP_LOCAL) {
		FOR_LANES(l, r->mask)
			la[l] = tsm_local_addr(t, s, wi, l, r->addr[l]);
		addr = la;
		sp = MEM_LOCAL;
	} else if (r->space == SP_PARAM) {
		FOR_LANES(l, r->mask)
			la[l] = T_PARAM_BASE + r->addr[l];
		addr = la;
		sp = MEM_CONST;
		max_seg = t->mcfg.l1c.line_bytes;
	} else if (r->space == SP_CONST) {
		sp = MEM_CONST;
		max_seg = t->mcfg.l1c.line_bytes;
	}
	u->flags = 0;
	if (sp != MEM_CONST && (ti->bypass || r->atomic)) {
		u->flags = MEM_F_BYPASS_L1;
		max_seg = t->mcfg.sector_bytes;
	}
	if (sp == MEM_CONST && r->write)
		sp = MEM_GLOBAL; /* cannot happen: const is read-only */
	u->n = mem_coalesce(addr, r->mask, MIN(r->bytes, 16u), max_seg,
			    u->txn);
	u->busy = u->n;
	u->next = 0;
	u->space = sp;
	u->kind = r->atomic ? MEM_ATOMIC : r->write ? MEM_WRITE : MEM_READ;
	SIM_ASSERT(s->n_mreq_free > 0);
	u->req = s->mreq_free[--s->n_mreq_free];
	s->mreq[u->req] = (struct tmreq){
		.warp = (uint16_t)wi, .pc = pc, .remaining = u->n,
		.is_atomic = (uint16_t)r->atomic,
		.is_load = is_load && ti->n_def};
	w->n_mem++;
	s->st.mem_insn++;
	s->st.mem_txn += u->n;
	if (r->atomic) { /* w->n_atom was counted at issue */
		s->st.atomic_insn++;
		for (unsigned i = 0; i < u->n; i++)
			w->alanes[i] = u->txn[i].lanes;
	}
}

void tsm_reply(struct tgpu *t, struct tsm *s, const struct mem_reply *r)
{
	if (r->tag & T_TAG_IFETCH) {
		tsm_ifetch_reply(t, s, r);
		return;
	}
	unsigned qi = (unsigned)(r->tag & 0xffff);
	struct tmreq *q = &s->mreq[qi];
	SIM_ASSERT(q->remaining > 0);
	if (--q->remaining)
		return;
	struct twarp *w = &s->w[q->warp];
	if (q->is_load) {
		tsb_release(t, w, q->pc);
		toc_write_banks(t, s, q->warp, q->pc);
	}
	if (q->is_atomic) {
		SIM_ASSERT(w->n_atom > 0);
		w->n_atom--;
	}
	SIM_ASSERT(w->n_mem > 0);
	w->n_mem--;
	if (!w->n_mem)
		w->membar = 0;
	s->mreq_free[s->n_mreq_free++] = (uint16_t)qi;
	tsm_warp_update(t, s, q->warp);
	if (!w->n_wb && !w->n_mem && !w->n_oc)
		tgpu_warp_check_done(t, s, q->warp);
}

