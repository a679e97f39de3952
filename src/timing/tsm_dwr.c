/*
 * tsm_dwr.c - dynamic warp resizing (DWR, Lashgar et al., dwr.txt section
 * IV): sub-warps as wide as the SIMD group are scheduled independently,
 * and before every large-warp-intensive instruction (LAT: ld/st of
 * global, local or param space) a partner barrier (the paper's
 * bar.synch_partner, applied by the simulator, not written into the
 * code) synchronises the sub-warps of a partner group so that the
 * sub-warp combiner issues them as one large warp whose memory accesses
 * are coalesced at the large width.
 *
 * A sub-warp is a warp of the functional model (warp_size = SIMD width);
 * a partner group is dwr / warp_size consecutive warps of one block, so
 * the group holds the threads one warp of size dwr would.  Per SM:
 *  - the PST, one entry per partner group: valid bit, pc, lock bit vector;
 *  - the ILT (ignore list table), sets x ways indexed by the low bits of
 *    the pc (instruction index), FIFO replacement within a set;
 * and the two steps of section IV-D when a sub-warp reaches a LAT whose
 * pc is not in the ILT: (1) lock its bit; if the entry is open at another
 * pc, enter this pc in the ILT; (2) when every partner is locked, waits at
 * a CTA barrier or has exited, release the group: its locked sub-warps
 * become combine-ready once the last sync's latency (dwr_sync_latency,
 * 24 cycles, section V) has passed.  A lock thus lasts until the next
 * partner barrier, bar.sync or exit of every partner, so neither of
 * Listing 2's cases can deadlock.  The combiner issues a combine-ready
 * sub-warp together with every combine-ready partner at the same pc (one
 * scheduler slot); the LD/ST unit coalesces their lanes once and the
 * last reply releases every partner's destinations.
 *
 * Everything is driven by events (a sub-warp reaching a LAT, a barrier
 * or exit of a partner, a release falling due on a small wheel, the last
 * reply of a combined access); nothing scans warps per cycle.
 */
#include "timing_int.h"
#include "../ptx/ptx.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

/* ---- configuration ------------------------------------------------------ */

int tdwr_config(struct tgpu *t, const struct ws_config *cfg, struct diag *d)
{
	t->dwr_p = 0;
	if (!cfg->dwr)
		return 0;
	/* cfg_validate made the warp the SIMD width and checked the ratio */
	if (cfg->dwr % cfg->warp_size || cfg->dwr / cfg->warp_size < 2 ||
	    cfg->dwr / cfg->warp_size > TDWR_MAXP) {
		diag_err(d, "dwr = %" PRIu64 ": must be 2 to %u times the "
			 "warp size %" PRIu64, cfg->dwr, TDWR_MAXP,
			 cfg->warp_size);
		return -1;
	}
	t->dwr_p = (unsigned)(cfg->dwr / cfg->warp_size);
	t->dwr_lat = (unsigned)cfg->dwr_sync_latency;
	t->ilt_ways = (unsigned)cfg->dwr_ilt_ways;
	t->ilt_sets = (unsigned)(cfg->dwr_ilt_entries / cfg->dwr_ilt_ways);
	return 0;
}

void tdwr_sm_init(struct tgpu *t, struct tsm *s)
{
	if (!t->dwr_p)
		return;
	struct tdwr_sm *x = xcalloc(1, sizeof(*x));
	x->pst = xcalloc(t->n_slots, sizeof(*x->pst));
	x->ilt = xmalloc((size_t)t->ilt_sets * t->ilt_ways * sizeof(*x->ilt));
	x->ilt_next = xcalloc(t->ilt_sets, 1);
	x->due = xcalloc((size_t)TDWR_WHEEL * t->n_words, 8);
	x->mreq_m = xcalloc(T_MREQ_PER_SM, sizeof(*x->mreq_m));
	x->mreq_n = xcalloc(T_MREQ_PER_SM, 1);
	s->dwr = x;
}

void tdwr_sm_free(struct tsm *s)
{
	struct tdwr_sm *x = s->dwr;
	if (!x)
		return;
	free(x->pst);
	free(x->ilt);
	free(x->ilt_next);
	free(x->due);
	free(x->mreq_m);
	free(x->mreq_n);
	free(x);
	s->dwr = NULL;
}

void tdwr_launch(struct tgpu *t, struct tsm *s)
{
	struct tdwr_sm *x = s->dwr;
	if (!x)
		return;
	memset(x->pst, 0, t->n_slots * sizeof(*x->pst));
	memset(x->ilt, 0xff, (size_t)t->ilt_sets * t->ilt_ways *
	       sizeof(*x->ilt));
	memset(x->ilt_next, 0, t->ilt_sets);
	memset(x->due, 0, (size_t)TDWR_WHEEL * t->n_words * 8);
	memset(x->mreq_n, 0, T_MREQ_PER_SM);
	x->n_due = 0;
	t->dwr_gpt = (s->wpt + t->dwr_p - 1) / t->dwr_p;
	for (unsigned w = 0; w < t->n_slots; w++) {
		s->w[w].dwr_st = TDWR_NONE;
		s->w[w].dwr_n = 0;
	}
}

/* ---- partner groups ------------------------------------------------------ */

/* Group of warp slot wi and its first slot and size. */
static unsigned group_of(const struct tgpu *t, const struct tsm *s,
			 unsigned wi, unsigned *base, unsigned *n)
{
	const struct twarp *w = &s->w[wi];
	unsigned tb0 = w->tb * s->wpt, g = (wi - tb0) / t->dwr_p;
	*base = tb0 + g * t->dwr_p;
	*n = MIN(t->dwr_p, s->tb[w->tb].n_warps - g * t->dwr_p);
	return w->tb * t->dwr_gpt + g;
}

/* ---- ILT ------------------------------------------------------------------ */

static bool ilt_has(const struct tgpu *t, const struct tdwr_sm *x,
		    uint32_t pc)
{
	const uint32_t *set = x->ilt + (size_t)(pc % t->ilt_sets) *
		t->ilt_ways;
	for (unsigned i = 0; i < t->ilt_ways; i++)
		if (set[i] == pc)
			return true;
	return false;
}

static void ilt_insert(struct tgpu *t, struct tsm *s, struct tdwr_sm *x,
		       uint32_t pc)
{
	unsigned si = pc % t->ilt_sets;
	if (ilt_has(t, x, pc))
		return;
	x->ilt[(size_t)si * t->ilt_ways + x->ilt_next[si]] = pc;
	x->ilt_next[si] = (uint8_t)((x->ilt_next[si] + 1) % t->ilt_ways);
	s->st.dwr_ilt_inserts++;
	s->dwr_ilt_pc[pc] = 1; /* counted over SMs at the launch's end */
}

/* ---- release -------------------------------------------------------------- */

/* Group gid's locked sub-warps become combine-ready; the entry closes. */
static void group_release(struct tgpu *t, struct tsm *s, unsigned gid,
			  unsigned base, unsigned n)
{
	struct tdwr_pst *e = &s->dwr->pst[gid];
	for (unsigned j = 0; j < n; j++) {
		struct twarp *w = &s->w[base + j];
		if (!((e->lock >> j) & 1) || w->dwr_st != TDWR_LOCKED)
			continue;
		w->dwr_st = TDWR_READY;
		tsm_warp_update(t, s, base + j);
	}
	*e = (struct tdwr_pst){0};
}

/*
 * Step 2: if every partner of group gid is locked, waits at a CTA
 * barrier or has exited, release the group when the last sync's latency
 * has passed (now, or on the wheel).
 */
static void group_check(struct tgpu *t, struct tsm *s, unsigned gid,
			unsigned base, unsigned n)
{
	struct tdwr_sm *x = s->dwr;
	struct tdwr_pst *e = &x->pst[gid];
	if (!e->valid || e->pending)
		return;
	for (unsigned j = 0; j < n; j++) {
		const struct fwarp *fw = s->w[base + j].fw;
		if (!((e->lock >> j) & 1) && fw && fw->state != FW_BARRIER &&
		    fw->state != FW_EXITED)
			return;
	}
	if (e->stall_until <= t->cycle) {
		group_release(t, s, gid, base, n);
		return;
	}
	SIM_ASSERT(e->stall_until - t->cycle < TDWR_WHEEL);
	e->pending = 1;
	tbit_set(x->due + (size_t)(e->stall_until % TDWR_WHEEL) * t->n_words,
		 gid);
	x->n_due++;
}

void tdwr_cycle(struct tgpu *t, struct tsm *s)
{
	struct tdwr_sm *x = s->dwr;
	uint64_t *d = x->due + (size_t)(t->cycle % TDWR_WHEEL) * t->n_words;
	for (unsigned i = 0; i < t->n_words; i++)
		for (uint64_t m = d[i]; m; m &= m - 1) {
			unsigned gid = i * 64 + (unsigned)__builtin_ctzll(m);
			unsigned tb = gid / t->dwr_gpt, g = gid % t->dwr_gpt;
			unsigned base = tb * s->wpt + g * t->dwr_p;
			unsigned n = MIN(t->dwr_p,
					 s->tb[tb].n_warps - g * t->dwr_p);
			SIM_ASSERT(x->pst[gid].pending);
			group_release(t, s, gid, base, n);
			x->n_due--;
		}
	memset(d, 0, t->n_words * 8);
}

/* ---- issue -------------------------------------------------------------- */

enum tdwr_gate tdwr_gate(struct tgpu *t, struct tsm *s, unsigned wi,
			 uint32_t pc)
{
	struct tdwr_sm *x = s->dwr;
	struct twarp *w = &s->w[wi];
	unsigned base, n, gid = group_of(t, s, wi, &base, &n);

	if (w->dwr_st == TDWR_READY) {
		/* the combiner needs every partner's access record */
		for (unsigned j = 0; j < n; j++) {
			const struct twarp *p = &s->w[base + j];
			if (base + j != wi && p->dwr_st == TDWR_READY &&
			    p->ib_n && p->ib_pc == pc && p->oc_mem)
				return TDWR_STRUCT;
		}
		return TDWR_GO;
	}
	SIM_ASSERT(w->dwr_st == TDWR_NONE);
	if (ilt_has(t, x, pc)) {
		s->st.dwr_ignored++;
		return TDWR_GO;
	}
	/* step 1: the PST entry's pc, lock bit and the ILT */
	struct tdwr_pst *e = &x->pst[gid];
	unsigned j = wi - base;
	s->st.dwr_sync++;
	if (!e->valid) {
		e->valid = 1;
		e->pc = pc;
	} else if (e->pc != pc) {
		ilt_insert(t, s, x, pc);
	}
	e->lock |= (uint8_t)(1u << j);
	e->stall_until = MAX(e->stall_until, t->cycle + t->dwr_lat);
	w->dwr_st = TDWR_LOCKED;
	tsm_warp_update(t, s, wi);
	/* step 2 */
	group_check(t, s, gid, base, n);
	return TDWR_WAIT;
}

/* Issue partner wi of a combined LAT at pc behind its leader: execute it
 * functionally and reserve its destinations; it leaves the I-buffer. */
static bool member_issue(struct tgpu *t, struct tsm *s, unsigned wi,
			 uint32_t pc)
{
	struct twarp *w = &s->w[wi];
	struct fwarp *fw = w->fw;
	const struct tinsn *ti = &t->ti[pc];
	struct fgpu *g = t->g;
	struct fctx *cx = s->cx;
	struct fmemrec *rec = w->rec;

	SIM_ASSERT(fw->stack[fw->sp - 1].pc == pc && !w->oc_mem &&
		   !tsb_collide(t, w, pc));
	rec->n = 0;
	cx->rec = rec;
	s->st.issue_lanes[fw->stack[fw->sp - 1].n_active]++;
	bool ok = fexec_run(g, cx, w->cta, fw, 1);
	cx->rec = NULL;
	if (!ok) {
		s->err = cx->fault.status;
		return false;
	}
	if (ti->n_def)
		tsb_reserve(t, w, pc, rec->n && rec->space != SP_SHARED &&
			    rec->space != SP_CONST);
	w->oc_mem = 1;
	w->n_oc++; /* travels with the leader until the LD/ST unit */
	w->dwr_st = TDWR_NONE;
	w->ib_pc++;
	w->ib_n--;
	w->fpc = pc + 1;
	s->issued++;
	tsm_warp_update(t, s, wi);
	/* its next instruction is no candidate of this cycle: the issue
	 * stage took the candidates before this issue (a later scheduler's
	 * walk would otherwise issue it again, past its scoreboard) */
	tbit_clr(s->cand, wi);
	return true;
}

bool tdwr_issued(struct tgpu *t, struct tsm *s, unsigned wi, uint32_t pc)
{
	struct twarp *w = &s->w[wi];
	if (!w->fw) /* its exit ended the block */
		return true;
	unsigned base, n, gid = group_of(t, s, wi, &base, &n);

	if (w->dwr_st == TDWR_READY) {
		/* the combiner: every combine-ready partner at this pc */
		w->dwr_st = TDWR_NONE;
		w->dwr_n = 0;
		for (unsigned j = 0; j < n; j++) {
			struct twarp *p = &s->w[base + j];
			if (base + j == wi || p->dwr_st != TDWR_READY ||
			    !p->ib_n || p->ib_pc != pc)
				continue;
			if (!member_issue(t, s, base + j, pc))
				return false;
			w->dwr_m[w->dwr_n++] = (uint16_t)(base + j);
		}
		s->st.dwr_large++;
		s->st.dwr_large_subwarps += 1u + w->dwr_n;
	}
	/* a CTA barrier or an exit counts as arrival for an open entry */
	if (w->fw->state == FW_BARRIER || w->fw->state == FW_EXITED)
		group_check(t, s, gid, base, n);
	return true;
}

/* ---- LD/ST and replies ----------------------------------------------------- */


/* Warp wi's part of a combined LAT reached the LD/ST unit. */
static void member_accepted(struct tgpu *t, struct tsm *s, unsigned wi)
{
	struct twarp *w = &s->w[wi];
	SIM_ASSERT(w->n_oc > 0 && w->oc_mem);
	w->n_oc--;
	w->oc_mem = 0;
	tsm_warp_update(t, s, wi);
	if (!w->n_wb && !w->n_mem && !w->n_oc)
		tgpu_warp_check_done(t, s, wi);
}

void tdwr_ldst_issue(struct tgpu *t, struct tsm *s, unsigned wi,
		     uint32_t pc, const struct insn *in)
{
	struct twarp *lead = &s->w[wi];
	const struct tinsn *ti = &t->ti[pc];
	struct tldst *u = &s->ldst;
	unsigned sub[TDWR_MAXP], n_sub = 0, n_acc = 0, acc[TDWR_MAXP];
	unsigned base, ng;
	(void)group_of(t, s, wi, &base, &ng);
	sub[n_sub++] = wi;
	for (unsigned k = 0; k < lead->dwr_n; k++)
		sub[n_sub++] = lead->dwr_m[k];
	lead->dwr_n = 0;

	/* lanes of sub-warp slot m sit at (m - base) * ws + lane */
	addr_t addr[WS_MAX_WARP];
	lanemask_t mask = 0;
	const struct fmemrec *r0 = NULL;
	for (unsigned k = 0; k < n_sub; k++) {
		unsigned m = sub[k], l;
		const struct fmemrec *r = s->w[m].rec;
		if (!r->n) { /* no lane accessed: done next cycle */
			if (ti->n_def)
				tsm_wb_add(s, t->cycle + 1, m, pc, false);
			continue;
		}
		SIM_ASSERT(r->space == SP_GLOBAL || r->space == SP_LOCAL ||
			   r->space == SP_PARAM);
		unsigned sh = (m - base) * t->ws;
		FOR_LANES(l, r->mask)
			addr[sh + l] = r->space == SP_LOCAL ?
				tsm_local_addr(t, s, m, l, r->addr[l]) :
				r->space == SP_PARAM ? T_PARAM_BASE + r->addr[l] :
				r->addr[l];
		mask |= r->mask << sh;
		r0 = r0 ? r0 : r;
		acc[n_acc++] = m;
		tstats_note_mem(&s->st, r);
	}
	for (unsigned k = 1; k < n_sub; k++)
		member_accepted(t, s, sub[k]);
	if (!n_acc)
		return;
	unsigned max_seg = t->mcfg.coalesce_bytes;
	enum mem_space sp = r0->space == SP_LOCAL ? MEM_LOCAL :
		r0->space == SP_PARAM ? MEM_CONST : MEM_GLOBAL;
	if (sp == MEM_CONST)
		max_seg = t->mcfg.l1c.line_bytes;
	u->flags = 0;
	if (sp != MEM_CONST && ti->bypass) {
		u->flags = MEM_F_BYPASS_L1;
		max_seg = t->mcfg.sector_bytes;
	}
	u->n = mem_coalesce(addr, mask, MIN(r0->bytes, 16u), max_seg, u->txn);
	u->busy = u->n;
	u->next = 0;
	u->space = sp;
	u->kind = r0->write ? MEM_WRITE : MEM_READ;
	SIM_ASSERT(s->n_mreq_free > 0);
	u->req = s->mreq_free[--s->n_mreq_free];
	/* the first accessing sub-warp owns the request (tsm_reply); the
	 * others are released with it (tdwr_reply) */
	s->mreq[u->req] = (struct tmreq){
		.warp = (uint16_t)acc[0], .pc = pc, .remaining = u->n,
		.is_load = in->op == OP_LD && ti->n_def};
	s->dwr->mreq_n[u->req] = (uint8_t)(n_acc - 1);
	for (unsigned k = 1; k < n_acc; k++)
		s->dwr->mreq_m[u->req][k - 1] = (uint16_t)acc[k];
	for (unsigned k = 0; k < n_acc; k++)
		s->w[acc[k]].n_mem++;
	s->st.mem_insn++;
	s->st.mem_txn += u->n;
}

void tdwr_reply(struct tgpu *t, struct tsm *s, const struct mem_reply *r)
{
	if (r->tag & T_TAG_IFETCH)
		return;
	unsigned qi = (unsigned)(r->tag & 0xffff);
	struct tdwr_sm *x = s->dwr;
	const struct tmreq *q = &s->mreq[qi];
	if (!x->mreq_n[qi] || q->remaining != 1)
		return; /* not combined, or not its last reply */
	for (unsigned k = 0; k < x->mreq_n[qi]; k++) {
		unsigned m = x->mreq_m[qi][k];
		struct twarp *w = &s->w[m];
		if (q->is_load) {
			tsb_release(t, w, q->pc);
			toc_write_banks(t, s, m, q->pc);
		}
		SIM_ASSERT(w->n_mem > 0);
		if (!--w->n_mem)
			w->membar = 0;
		tsm_warp_update(t, s, m);
		if (!w->n_wb && !w->n_mem && !w->n_oc)
			tgpu_warp_check_done(t, s, m);
	}
	x->mreq_n[qi] = 0;
}
