/*
 * tsm.c - one SM's pipeline, evaluated back to front each core cycle:
 * writeback (release scoreboard entries whose results are due), memory
 * replies, LD/ST (push one coalesced transaction per cycle), issue (each
 * scheduler asks its policy for an order and issues the first warp whose
 * next instruction passes the I-buffer, control, scoreboard and unit
 * checks), decode (fetch buffer -> I-buffer) and fetch (one warp per cycle
 * with an empty I-buffer, round robin, through a set-associative L1I whose
 * misses go to the L2).
 *
 * Model choices (docs/timing.md): functional execution at issue; ALU
 * results complete after the opcode's latency, with the pipeline busy for
 * its initiation interval times warp_size / simd_width; a result bus slot
 * is needed at the completion cycle; register-bank conflicts among an
 * instruction's source registers add one cycle of operand read each;
 * shared memory occupies the LD/ST unit one cycle per conflicting access.
 */
#include "timing_int.h"
#include "../ptx/ptx.h"
#include "../sched/fetch.h"

/* ---- scoreboard ------------------------------------------------------- */

static bool sb_collide(const struct tgpu *t, const struct twarp *w,
		       uint32_t pc)
{
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off;
	for (unsigned i = 0; i < (unsigned)ti->n_use + ti->n_def; i++)
		if (tbit(w->sb, id[i]))
			return true;
	return false;
}

static void sb_reserve(const struct tgpu *t, struct twarp *w, uint32_t pc,
		       bool long_op)
{
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off + ti->n_use;
	for (unsigned i = 0; i < ti->n_def; i++) {
		tbit_set(w->sb, id[i]);
		if (long_op)
			tbit_set(w->lo, id[i]);
	}
}

static void sb_release(const struct tgpu *t, struct twarp *w, uint32_t pc)
{
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off + ti->n_use;
	for (unsigned i = 0; i < ti->n_def; i++) {
		SIM_ASSERT(tbit(w->sb, id[i]));
		tbit_clr(w->sb, id[i]);
		tbit_clr(w->lo, id[i]);
	}
}

/* Whether the instruction at pc reads a long-latency load's destination. */
static bool sb_long_op(const struct tgpu *t, const struct twarp *w,
		       uint32_t pc)
{
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off;
	for (unsigned i = 0; i < ti->n_use; i++)
		if (tbit(w->lo, id[i]))
			return true;
	return false;
}

/* ---- writeback and replies ------------------------------------------- */

static void wb_cycle(struct tgpu *t, struct tsm *s)
{
	unsigned slot = (unsigned)(t->cycle % T_WHEEL);
	unsigned n = s->wheel_n[slot];
	for (unsigned i = 0; i < n; i++) {
		struct twb *b = &s->wheel[slot][i];
		struct twarp *w = &s->w[b->warp];
		sb_release(t, w, b->pc);
		SIM_ASSERT(w->n_wb > 0);
		w->n_wb--;
		if (w->ib_n)
			tsm_warp_update(t, s, b->warp);
		if (!w->n_wb && !w->n_mem)
			tgpu_warp_check_done(t, s, b->warp);
	}
	s->wheel_n[slot] = 0;
}

/* Schedule a writeback of (warp, pc) at cycle `at` (room checked). */
static void wb_add(struct tsm *s, uint64_t at, unsigned warp, uint32_t pc)
{
	unsigned slot = (unsigned)(at % T_WHEEL);
	SIM_ASSERT(s->wheel_n[slot] < T_WHEEL_PER);
	s->wheel[slot][s->wheel_n[slot]++] = (struct twb){
		.warp = (uint16_t)warp, .pc = pc};
	s->w[warp].n_wb++;
}

static void icache_fill(struct tgpu *t, struct tsm *s, addr_t line)
{
	unsigned set = (unsigned)((line / t->i_line) % t->i_sets), v = 0;
	addr_t *tag = s->itag + (size_t)set * t->i_ways;
	uint64_t *lru = s->ilru + (size_t)set * t->i_ways;
	for (unsigned i = 0; i < t->i_ways; i++) {
		if (tag[i] == line)
			return;
		if (lru[i] < lru[v])
			v = i;
	}
	tag[v] = line;
	lru[v] = t->cycle + 1;
}

void tsm_reply(struct tgpu *t, struct tsm *s, const struct mem_reply *r)
{
	if (r->tag & T_TAG_IFETCH) {
		unsigned wi = (unsigned)(r->tag & 0xffff);
		icache_fill(t, s, r->addr);
		s->w[wi].imiss = 0;
		tsm_warp_update(t, s, wi);
		return;
	}
	unsigned qi = (unsigned)(r->tag & 0xffff);
	struct tmreq *q = &s->mreq[qi];
	SIM_ASSERT(q->remaining > 0);
	if (--q->remaining)
		return;
	struct twarp *w = &s->w[q->warp];
	if (q->is_load)
		sb_release(t, w, q->pc);
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
	if (!w->n_wb && !w->n_mem)
		tgpu_warp_check_done(t, s, q->warp);
}

/* ---- LD/ST ------------------------------------------------------------ */

static void ldst_cycle(struct tgpu *t, struct tsm *s)
{
	struct tldst *u = &s->ldst;
	if (!u->busy)
		return;
	struct mem_txn *x = &u->txn[u->next];
	struct mem_access a = {
		.addr = x->addr, .size = x->size, .kind = u->kind,
		.space = u->space, .flags = u->flags,
		.tag = u->req | ((uint64_t)u->next << T_TAG_TXN_SHIFT)};
	if (!mem_sys_push(t->ms, s->id, &a)) {
		t->st.ldst_stall++;
		return;
	}
	u->next++;
	u->busy--;
}

/* Map a per-lane local-frame offset to an interleaved address. */
static addr_t local_addr(const struct tgpu *t, const struct tsm *s,
			 unsigned warp, unsigned lane, addr_t off)
{
	addr_t base = T_LOCAL_BASE + ((addr_t)s->id * t->n_slots + warp) *
		t->local_stride;
	return base + (off / 4) * 4 * t->ws + lane * 4 + (off & 3);
}

/*
 * Hand the memory access recorded by the instruction just executed to the
 * LD/ST unit.  Returns the number of cycles until its destinations are
 * written for a shared-memory access, or 0 when the memory system replies.
 */
static void ldst_issue(struct tgpu *t, struct tsm *s, unsigned wi,
		       uint32_t pc, const struct insn *in)
{
	struct twarp *w = &s->w[wi];
	struct fmemrec *r = w->rec;
	const struct tinsn *ti = &t->ti[pc];
	struct tldst *u = &s->ldst;
	bool is_load = in->op == OP_LD || in->op == OP_ATOM ||
		in->op == OP_TEX || in->op == OP_SULD; /* issue 18 */

	if (!r->n) { /* no lane accessed: done next cycle */
		if (ti->n_def) {
			sb_reserve(t, w, pc, false);
			wb_add(s, t->cycle + 1, wi, pc);
		}
		return;
	}
	if (r->space == SP_SHARED) {
		unsigned bytes = MIN(r->bytes, 16u);
		unsigned c = mem_shmem_cycles(r->addr, r->mask, bytes,
					      t->mcfg.smem_banks,
					      t->mcfg.smem_bank_bytes);
		t->st.shmem_insn++;
		t->st.shmem_bank_cycles += c - 1;
		u->free_at = t->cycle + c;
		if (ti->n_def) {
			sb_reserve(t, w, pc, false);
			wb_add(s, t->cycle + t->mcfg.smem_latency + c - 1, wi, pc);
		}
		return;
	}
	tstats_note_mem(&t->st, r);
	addr_t la[WS_MAX_WARP];
	const addr_t *addr = r->addr;
	unsigned l, max_seg = t->mcfg.coalesce_bytes;
	enum mem_space sp = MEM_GLOBAL;
	if (r->space == SP_LOCAL) {
		FOR_LANES(l, r->mask)
			la[l] = local_addr(t, s, wi, l, r->addr[l]);
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
	t->st.mem_insn++;
	t->st.mem_txn += u->n;
	if (r->atomic) {
		w->n_atom++;
		t->st.atomic_insn++;
		for (unsigned i = 0; i < u->n; i++)
			w->alanes[i] = u->txn[i].lanes;
	}
	if (is_load && ti->n_def)
		sb_reserve(t, w, pc, r->space != SP_CONST);
}

/* ---- issue -------------------------------------------------------------- */

void tsm_warp_update(struct tgpu *t, struct tsm *s, unsigned wi)
{
	struct twarp *w = &s->w[wi];
	unsigned i = wi / 64;
	uint64_t b = 1ULL << (wi % 64);
	for (unsigned c = 0; c < TC__COUNT; c++)
		s->cb[c][i] &= ~b;
	s->fetchable[i] &= ~b;
	s->sbwait[i] &= ~b;
	s->nextmem[i] &= ~b;
	if (!w->fw)
		return;
	unsigned c;
	if (w->fw->state == FW_EXITED)
		c = TC_EXIT;
	else if (w->fw->state == FW_BARRIER)
		c = TC_BAR;
	else if (w->n_atom || w->membar)
		c = TC_MEMW;
	else if (w->ib_n)
		c = TC_READY;
	else if (w->imiss)
		c = TC_FETCH;
	else
		c = w->flushed ? TC_CTRL : TC_EMPTY;
	s->cb[c][i] |= b;
	s->ibfill[wi] = (uint8_t)w->ib_n;
	/* room for a fetch block (or one slot, fetch_ops.partial), and the
	 * pc after the buffered instructions exists */
	if (w->fw->state != FW_EXITED && !w->imiss &&
	    !(s->fb_valid && s->fb_warp == wi) &&
	    w->ib_n + t->ib_room <= t->cfg->ibuffer_size &&
	    (!w->ib_n || w->ib_pc + w->ib_n < t->k->n_insn))
		s->fetchable[i] |= b;
	if (w->ib_n && sb_collide(t, w, w->ib_pc))
		s->sbwait[i] |= b;
	if (w->ib_n && t->ti[w->ib_pc].is_mem)
		s->nextmem[i] |= b;
}

/* Pick a free pipeline of class u at this cycle; -1 if none. */
static int unit_pick(const struct tgpu *t, const struct tsm *s, unsigned u)
{
	for (unsigned i = 0; i < t->n_units[u]; i++)
		if (s->unit_free[u][i] <= t->cycle)
			return (int)i;
	return -1;
}

/* Extra operand-read cycles from register-bank conflicts. */
static unsigned bank_extra(const struct tgpu *t, unsigned wi, uint32_t pc)
{
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off;
	unsigned nb = (unsigned)t->cfg->n_reg_banks, worst = 1;
	if (ti->n_use < 2 || nb < 2)
		return 0;
	for (unsigned i = 0; i < ti->n_use; i++) {
		unsigned n = 0;
		if (id[i] >= t->n_regs)
			continue;
		for (unsigned j = 0; j < ti->n_use; j++)
			n += id[j] < t->n_regs && id[j] != id[i] ?
				(id[j] + wi) % nb == (id[i] + wi) % nb : j == i;
		worst = MAX(worst, n);
	}
	return worst - 1;
}

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

/* Try to issue the first I-buffer entry of warp wi. */
static enum issue_res issue_one(struct tgpu *t, struct tsm *s, unsigned wi,
				int prev_unit, int *unit_out)
{
	struct twarp *w = &s->w[wi];
	struct fwarp *fw = w->fw;
	uint32_t pc = w->ib_pc;
	const struct tinsn *ti = &t->ti[pc];
	const struct insn *in = &t->k->code[pc];
	unsigned lat = ti->lat, extra = 0;
	int u = -1;

	/* the I-buffer is flushed at every control-flow change (below), so
	 * its head is always the SIMT top's pc */
	SIM_ASSERT(fw->stack[fw->sp - 1].pc == pc);
	if (ti->is_mem) {
		if (s->ldst.busy || s->ldst.free_at > t->cycle ||
		    !s->n_mreq_free)
			return IR_STRUCT;
	}
	/* a first issue comes from the candidates (no collision); a second
	 * (dual issue) must check */
	SIM_ASSERT(prev_unit >= 0 || !sb_collide(t, w, pc));
	if (prev_unit >= 0 && sb_collide(t, w, pc))
		return IR_DATA;
	if (prev_unit >= 0 && (int)ti->unit == prev_unit)
		return IR_STRUCT;
	if (!ti->is_mem) {
		u = unit_pick(t, s, ti->unit);
		if (u < 0)
			return IR_STRUCT;
		extra = bank_extra(t, wi, pc);
		lat += extra;
		if (ti->n_def) {
			unsigned slot = (unsigned)((t->cycle + lat) % T_WHEEL);
			if (s->wheel_n[slot] >= MIN((unsigned)t->cfg->n_result_bus,
						     (unsigned)T_WHEEL_PER))
				return IR_STRUCT;
		}
	}

	/* issue: execute functionally, then account for timing */
	struct fgpu *g = t->g;
	uint64_t bar_rel = g->n_bar_rel, back = g->n_back;
	uint32_t old_state = fw->state;
	struct ttb *tb = &s->tb[w->tb];
	w->rec->n = 0;
	g->rec = w->rec;
	t->st.issue_lanes[fw->stack[fw->sp - 1].n_active]++;
	bool ok = fexec_run(g, w->cta, fw, 1);
	g->rec = NULL;
	if (!ok) {
		t->err = g->fault.status;
		return IR_ISSUED;
	}
	t->st.reg_bank_conflicts += extra;
	if (ti->is_mem) {
		ldst_issue(t, s, wi, pc, in);
	} else {
		s->unit_free[ti->unit][u] = t->cycle + (uint64_t)ti->ii * t->simd_k;
		if (ti->n_def) {
			sb_reserve(t, w, pc, false);
			wb_add(s, t->cycle + lat, wi, pc);
		}
	}
	if (ti->is_fence && w->n_mem)
		w->membar = 1;
	*unit_out = ti->unit;
	s->issued++;
	t->last_issue = t->cycle;
	for (unsigned i = 0; i < t->n_sched; i++) {
		struct sched *p = s->sched[i];
		if (i == wi % t->n_sched && p->ops->issued)
			p->ops->issued(p, wi, t->cycle);
		if (in->op == OP_SETP && p->ops->setp_executed)
			p->ops->setp_executed(p, wi, pc);
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
	/* I-buffer: consume the entry, flush on a control-flow change */
	w->ib_pc++;
	w->ib_n--;
	if (fw->state == FW_EXITED) {
		w->ib_n = 0;
		phase_reach(t, tb);
		tgpu_trace(t, "warp_exit", s->id, tb->id, (int)fw->warp_id);
		if (!w->n_wb && !w->n_mem)
			tgpu_warp_check_done(t, s, wi);
	} else if (fw->stack[fw->sp - 1].pc != pc + 1) {
		if (w->ib_n)
			t->st.ib_flush++;
		w->ib_n = 0;
		w->flushed = 1;
	}
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

static void issue_cycle(struct tgpu *t, struct tsm *s,
			const struct sched_view *v)
{
	unsigned ns = t->n_sched, nw = t->n_words, n_cand = 0, n_issued = 0;
	/* with the LD/ST unit taken, memory candidates cannot issue: they are
	 * structural stalls without asking anyone */
	uint64_t memblock = s->ldst.busy || s->ldst.free_at > t->cycle ||
		!s->n_mreq_free ? ~0ULL : 0;

	/* per-warp-cycle attribution, taken before anything issues */
	for (unsigned i = 0; i < nw; i++) {
		uint64_t r = s->cb[TC_READY][i];
		s->cand[i] = r & ~s->sbwait[i];
		n_cand += bit_popc64(s->cand[i]);
		t->st.wc[TW_DATA] += bit_popc64(r & s->sbwait[i]);
		if (t->need_long_op) {
			uint64_t m = r, lo = 0;
			while (m) {
				unsigned b = (unsigned)__builtin_ctzll(m);
				m &= m - 1;
				if (sb_long_op(t, &s->w[i * 64 + b],
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

	for (unsigned k = 0; k < ns; k++) {
		unsigned si = (s->sched_first + k) % ns;
		struct sched *p = s->sched[si];
		const uint64_t *sm = s->smask + (size_t)si * nw;
		bool any_data = false, any_struct = false, issued = false;
		bool has_cand = false, has_ready = false, has_blocked = false;
		for (unsigned i = 0; i < nw; i++) {
			uint64_t c = s->cand[i] & sm[i];
			has_blocked |= (c & s->nextmem[i] & memblock) != 0;
			has_cand |= (c & ~(s->nextmem[i] & memblock)) != 0;
			has_ready |= (s->cb[TC_READY][i] & sm[i]) != 0;
		}
		t->st.sched_cycles++;
		/* a policy is asked only when it has a candidate (two-level
		 * also reorganises its pool in order(): asked every cycle) */
		if (!has_cand && !t->need_long_op) {
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
		unsigned n = p->ops->order(p, v, s->order, t->n_slots);
		for (unsigned j = 0; j < n && !issued; j++) {
			unsigned wi = s->order[j];
			if (!tbit(s->cand, wi) ||
			    (memblock && tbit(s->nextmem, wi)))
				continue;
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
				     !tbit(s->sbwait, wi) && w->ib_n; d++) {
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
	t->st.wc[TW_STRUCT] += n_cand - n_issued;
}

/* ---- decode and fetch ---------------------------------------------------- */

static void decode_cycle(struct tgpu *t, struct tsm *s)
{
	if (!s->fb_valid || s->fb_ready > t->cycle)
		return;
	struct twarp *w = &s->w[s->fb_warp];
	s->fb_valid = 0;
	if (!w->fw)
		return;
	/* the block goes behind the buffered instructions, or into an
	 * empty buffer at the SIMT top's pc; else the warp changed course
	 * (branch, barrier, exit) while it flew and it is dropped */
	if (w->fw->state != FW_EXITED &&
	    (w->ib_n ? s->fb_pc == w->ib_pc + w->ib_n :
	     w->fw->stack[w->fw->sp - 1].pc == s->fb_pc)) {
		if (!w->ib_n)
			w->ib_pc = s->fb_pc;
		w->ib_n += MIN(s->fb_n,
			       (uint32_t)t->cfg->ibuffer_size - w->ib_n);
		w->flushed = 0;
	} else {
		t->st.ib_discard++;
	}
	tsm_warp_update(t, s, s->fb_warp);
}

static bool icache_hit(struct tgpu *t, struct tsm *s, addr_t line)
{
	unsigned set = (unsigned)((line / t->i_line) % t->i_sets);
	addr_t *tag = s->itag + (size_t)set * t->i_ways;
	for (unsigned i = 0; i < t->i_ways; i++)
		if (tag[i] == line) {
			s->ilru[(size_t)set * t->i_ways + i] = t->cycle + 1;
			return true;
		}
	return false;
}

static void fetch_cycle(struct tgpu *t, struct tsm *s,
			const struct sched_view *sv)
{
	if (s->fb_valid)
		return;
	struct fetch_view fv = {
		.cycle = t->cycle, .n_slots = t->n_slots, .n_words = t->n_words,
		.fetchable = s->fetchable, .ib_fill = s->ibfill,
		.last = s->fetch_last,
		.sched = s->sched, .n_sched = t->n_sched, .sv = sv,
		.scratch = s->forder};
	bool any = false;
	for (unsigned i = 0; i < t->n_words; i++)
		any |= s->fetchable[i] != 0;
	if (!any)
		return;
	int f = t->fetch->pick(&fv);
	if (f < 0)
		return;
	unsigned wi = (unsigned)f;
	struct twarp *w = &s->w[wi];
	SIM_ASSERT(tbit(s->fetchable, wi));
	uint32_t pc = w->ib_n ? w->ib_pc + w->ib_n :
		w->fw->stack[w->fw->sp - 1].pc;
	addr_t a = T_CODE_BASE + (addr_t)pc * 8;
	addr_t line = a & ~(addr_t)(t->i_line - 1);
	t->st.ifetch++;
	s->fetch_last = wi;
	if (!icache_hit(t, s, line)) {
		struct mem_access ma = {
			.addr = line, .size = t->i_line, .kind = MEM_READ,
			.space = MEM_GLOBAL, .flags = MEM_F_BYPASS_L1,
			.tag = T_TAG_IFETCH | wi};
		if (mem_sys_push(t->ms, s->id, &ma)) {
			w->imiss = 1;
			t->st.imiss++;
			tsm_warp_update(t, s, wi);
		}
		return;
	}
	unsigned n = (unsigned)MIN(t->cfg->fetch_bytes / 8,
				   t->cfg->ibuffer_size - w->ib_n);
	n = MIN(n, (unsigned)((line + t->i_line - a) / 8));
	n = MIN(n, t->k->n_insn - pc);
	s->fb_valid = 1;
	s->fb_warp = wi;
	s->fb_pc = pc;
	s->fb_n = n;
	s->fb_ready = t->cycle + t->cfg->il1_latency;
	tbit_clr(s->fetchable, wi); /* in flight to the I-buffer */
}

bool tsm_cycle(struct tgpu *t, struct tsm *s)
{
	/* what the issue and fetch policies see (the bitsets it points to
	 * change as the stages run) */
	const struct sched_view v = {
		.cycle = t->cycle, .n_slots = t->n_slots, .valid = s->valid,
		.ready = s->cb[TC_READY], .at_barrier = s->cb[TC_BAR],
		.long_op = s->long_op, .age = s->age, .tb = s->tbof,
		.tb_age = s->tb_age};
	struct mem_reply r;
	wb_cycle(t, s);
	while (mem_sys_pop(t->ms, s->id, &r))
		tsm_reply(t, s, &r);
	ldst_cycle(t, s);
	if (s->n_res)
		issue_cycle(t, s, &v);
	if (t->err)
		return false;
	decode_cycle(t, s);
	if (s->n_res)
		fetch_cycle(t, s, &v);
	return true;
}
