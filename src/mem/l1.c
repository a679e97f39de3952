/*
 * l1.c - the per-SM L1 unit: L1D and L1C in front of the SM's crossbar
 * injection port.
 *
 * One access per core cycle (one data port).  L1D: 16 KB, allocate on miss,
 * global stores write-through without allocation, local stores write-back
 * (GPGPU-Sim's 'L' policy); hits are answered after gpgpu_l1_latency
 * cycles through a latency queue.  L1C: read-only, allocate on fill.
 * Atomics and accesses that bypass the L1 (.cg, L1D disabled) go straight
 * to the injection queue.  Replies from the crossbar fill the caches (one
 * per cycle) and release every request merged in the MSHR.
 *
 * An access (the SM's visit, possibly on its own host thread) writes only
 * the SM's L1 unit and its injection queue; what it means for shared
 * state (the request subnet's bookkeeping, a writeback's pool entry) is
 * left in the unit for the merge (memsys.c, mem_sys_cycle_end).
 */
#include "../base/base.h"
#include "mem_int.h"

void mem_l1_init(struct mem_l1 *l, const struct mem_config *cfg, unsigned sm,
		 uint64_t core_period)
{
	memset(l, 0, sizeof(*l));
	mem_cache_init(&l->d, &cfg->l1d, MEM_LVL_L1D);
	mem_cache_init(&l->c, &cfg->l1c, MEM_LVL_L1C);
	mem_q_init(&l->hitq, MAX(cfg->l1d.latency, cfg->l1c.latency) + 2);
	mem_q_init(&l->respq, cfg->reply_queue);
	mem_pool_init(&l->reqs, cfg->reqs_per_sm);
	l->d_lat = cfg->l1d.latency * core_period;
	l->c_lat = cfg->l1c.latency * core_period;
	l->last_access = UINT64_MAX;
	l->due = UINT64_MAX;
	l->sm = sm;
}

void mem_l1_release(struct mem_l1 *l)
{
	mem_cache_release(&l->d);
	mem_cache_release(&l->c);
	mem_q_release(&l->hitq);
	mem_q_release(&l->respq);
	mem_pool_release(&l->reqs);
}

/*
 * Queue r for the request subnet at this SM's injection port (the
 * subnet's bookkeeping follows at the merge: n_sent), with its send time
 * for the read latency.  Requests are counted the way GPGPU-Sim counts
 * the memory fetches an SM injects (gpgpu_n_mem_*): by space, reads
 * (loads, line fetches, atomics) apart from writes (stores, local
 * writebacks).
 */
static void l1_send(struct mem_sys *ms, struct mem_l1 *l, struct mem_req *r,
		    uint64_t now)
{
	bool wr = r->kind == MEM_WRITE || r->kind == MEM_WRITEBACK;

	r->sm = (uint16_t)l->sm;
	r->slice = (uint16_t)mem_sys_slice(ms, r->addr);
	SIM_ASSERT(now == ms->clk.now); /* mem_xbar_announce's ready */
	r->sent = now;
	l->sent[r->space < 3 ? r->space : MEM_GLOBAL][wr]++;
	mem_xbar_push_in(&ms->req_net, l->sm, r, now);
	l->n_sent++;
}

/*
 * Whether this L1 may take a writeback entry now: the pool (shared with
 * the L2 slices) has more free entries than the SM id.  Its n_live does
 * not move in the SM phase (entries taken there are staged, wb_tmp), so
 * with F entries free at the start of a cycle SMs 0 .. F - 1 may each
 * take one, whatever the others do in that cycle.
 */
static inline bool l1_wb_ok(const struct mem_sys *ms, const struct mem_l1 *l)
{
	return ms->wbs.n_live < l->wb_max;
}

/* A dirty local line was evicted: write it back to the L2.  The entry is
 * staged in wb_tmp; the merge moves it into the pool (mem_sys_merge_sm). */
static void l1_writeback(struct mem_sys *ms, struct mem_l1 *l,
			 const struct mem_cache *c, addr_t a, uint64_t now)
{
	struct mem_req *w = &l->wb_tmp;

	SIM_ASSERT(!l->wb_staged && l1_wb_ok(ms, l)); /* the cache checked
							 wb_ok; one access
							 per cycle */
	memset(w, 0, sizeof(*w));
	l->wb_staged = true;
	w->kind = MEM_WRITEBACK;
	w->addr = a;
	w->size = c->cfg.line_bytes;
	w->sectors = 0;
	w->space = MEM_LOCAL;
	l1_send(ms, l, w, now);
}

/* Remember a refusal by cache c (the rf_* fields of struct mem_l1). */
static void l1_remember(struct mem_l1 *l, const struct mem_cache *c,
			addr_t addr, uint32_t size, unsigned kind,
			unsigned space, unsigned slots, bool wb, unsigned why,
			const struct mem_line *set)
{
	l->rf_c = c;
	l->rf_gen = c->gen;
	l->rf_addr = addr;
	l->rf_size = size;
	l->rf_kind = (uint8_t)kind;
	l->rf_space = (uint8_t)space;
	l->rf_slots = slots;
	l->rf_wb = wb;
	l->rf_why = (uint8_t)why;
	l->rf_set = set;
}

/*
 * Access the L1 for caller request r at time now.  Returns false, with no
 * state changed except reservation-fail counters, if the port is taken or a
 * resource is missing.  A refused LD/ST unit retries the same access every
 * cycle: the tag check's refusal is remembered (rf_*) and repeated,
 * counted, by mem_l1_refused_again without a lookup while nothing it
 * depends on has changed.
 */
bool mem_l1_access(struct mem_sys *ms, struct mem_l1 *l, struct mem_req *r,
		   uint64_t now)
{
	struct mem_q *out = &ms->req_net.in[l->sm];
	struct mem_cache *c;
	struct mem_cache_res res;
	bool is_const = r->space == MEM_CONST;

	if (l->last_access == now)
		return false;
	if (r->kind == MEM_ATOMIC ||
	    (!is_const && ((r->flags & MEM_F_BYPASS_L1) || !ms->cfg->l1d_enabled))) {
		if (mem_q_full(out))
			return false;
		l1_send(ms, l, r, now);
		l->n_below++;
		l->last_access = now;
		l->rf_c = NULL;
		return true;
	}
	if (is_const && r->kind != MEM_READ)
		SIM_BUG("store to constant space at 0x%llx",
			(unsigned long long)r->addr);
	if (mem_q_full(&l->hitq))
		return false;
	c = is_const ? &l->c : &l->d;
	/* the cache only tests slots < 1 and slots < 2 */
	unsigned slots = MIN(mem_q_free(out), 2u);
	bool wb_ok = l1_wb_ok(ms, l);
	mem_cache_access(c, r, r->kind == MEM_READ ? MEM_OP_READ : MEM_OP_WRITE,
			 slots, wb_ok, &res);
	if (res.outcome == MEM_RESFAIL) {
		l1_remember(l, c, r->addr, r->size, r->kind, r->space, slots,
			    wb_ok, res.refuse,
			    &c->lines[(size_t)res.set * c->cfg.assoc]);
		return false;
	}
	if (res.outcome == MEM_HIT && !res.write_down) {
		uint64_t at = now + (is_const ? l->c_lat : l->d_lat);

		mem_q_push(&l->hitq, r, at);
		l->due = MIN(l->due, at);
	} else { /* kept in an MSHR or written down */
		l->n_below++;
	}
	if (res.fetch) { /* the fetch is counted under its request's space */
		c->mshr[res.mshr].fetch.space = r->space;
		l1_send(ms, l, &c->mshr[res.mshr].fetch, now);
	}
	if (res.write_down)
		l1_send(ms, l, r, now);
	if (res.wb)
		l1_writeback(ms, l, c, res.wb_addr, now);
	l->last_access = now;
	l->rf_c = NULL; /* the remembered refusal was for an access before */
	return true;
}

/* Every way of the set starting at w waits for a fill. */
static inline bool set_waits(const struct mem_line *w, unsigned assoc)
{
	for (unsigned i = 0; i < assoc; i++)
		if (w[i].state != MEM_LINE_RESERVED)
			return false;
	return true;
}

/*
 * The refusal remembered for exactly this access still applies
 * (mem_l1_access would come to its tag check and refuse again): the
 * cache's gen, the free slots and the writeback pool as they were, or,
 * for a refusal that depends on less (rf_why), the injection queue still
 * full or the set still waiting for fills.
 */
static bool l1_remembered(const struct mem_sys *ms, const struct mem_l1 *l,
			  const struct mem_cache *c, const struct mem_access *a)
{
	if (l->rf_c != c || l->rf_addr != a->addr || l->rf_size != a->size ||
	    l->rf_kind != a->kind || l->rf_space != a->space)
		return false;
	switch (l->rf_why) {
	case MEM_RF_SLOT:
		return mem_q_full(&ms->req_net.in[l->sm]);
	case MEM_RF_SET:
		return set_waits(l->rf_set, c->cfg.assoc);
	default:
		return l->rf_gen == c->gen &&
		       l->rf_slots == MIN(mem_q_free(&ms->req_net.in[l->sm]), 2u) &&
		       l->rf_wb == l1_wb_ok(ms, l);
	}
}

/*
 * Whether the L1 would refuse a at its tag check: the remembered refusal
 * applies, or a is a store that the L1D writes through and the injection
 * queue is full (do_write refuses it whatever the tags hold).  Counts
 * the reservation fail as the lookup would and returns true; false when
 * mem_l1_access must decide.  Called by mem_sys_push before it builds a
 * request.
 */
bool mem_l1_refused_again(struct mem_sys *ms, struct mem_l1 *l,
			  const struct mem_access *a, uint64_t now)
{
	const struct mem_q *out = &ms->req_net.in[l->sm];
	bool is_const = a->space == MEM_CONST;
	struct mem_cache *c;

	/* most pushes: nothing remembered (an access clears it), and not
	 * a store meeting a full queue */
	if (!l->rf_c && (a->kind != MEM_WRITE || !mem_q_full(out)))
		return false;
	c = is_const ? &l->c : &l->d;
	if (l->last_access == now || a->kind == MEM_ATOMIC ||
	    (!is_const && ((a->flags & MEM_F_BYPASS_L1) ||
			   !ms->cfg->l1d_enabled)) ||
	    mem_q_full(&l->hitq))
		return false;
	if (l1_remembered(ms, l, c, a)) {
		c->st.resfails++;
		return true;
	}
	if (a->kind != MEM_WRITE || is_const || !mem_q_full(out) ||
	    c->cfg.write_alloc || c->cfg.write == MEM_WP_READONLY ||
	    mem_cache_writes_back(c, a->space))
		return false;
	c->st.resfails++;
	l1_remember(l, c, a->addr, a->size, a->kind, a->space, 0,
		    l1_wb_ok(ms, l), MEM_RF_SLOT, l->rf_set);
	return true;
}

/*
 * One core cycle: take one reply from this SM's ejection queue.  A line
 * fill releases all requests merged on its MSHR into the reply queue; it
 * waits while the reply queue lacks room for all of them.
 */
void mem_l1_tick(struct mem_sys *ms, struct mem_l1 *l, uint64_t now)
{
	struct mem_q *ej = &ms->rep_net.out[l->sm];
	struct mem_req *r = mem_q_peek(ej, now), *list;
	struct mem_cache *c;

	if (!r)
		return;
	if (r->kind != MEM_FETCH) {
		if (mem_q_full(&l->respq))
			return;
		mem_q_pop(ej);
		mem_q_push(&l->respq, r, now);
		l->due = MIN(l->due, now);
		l->events++;
		SIM_ASSERT(ms->reqs_live > 0);
		ms->reqs_live--;
		return;
	}
	c = r->level == MEM_LVL_L1C ? &l->c : &l->d;
	if (mem_q_free(&l->respq) < mem_cache_mshr_count(c, r->mshr))
		return;
	mem_q_pop(ej);
	l->events++;
	l->due = MIN(l->due, now);
	SIM_ASSERT(ms->reqs_live >= mem_cache_mshr_count(c, r->mshr));
	ms->reqs_live -= mem_cache_mshr_count(c, r->mshr);
	list = mem_cache_fill(c, r->mshr);
	while (list) {
		struct mem_req *next = list->next;

		mem_q_push(&l->respq, list, now);
		list = next;
	}
}

/*
 * Waiting pushes (mem.h, struct mem_push_wait).  The test below follows
 * mem_sys_push, mem_l1_refused_again and mem_l1_access step by step: a
 * retry of a is refused without counting anything while the SM's request
 * quota is used up, while the injection queue is full (accesses that go
 * straight to it), or while the hit queue is full; and it is refused as a
 * counted reservation fail while the remembered tag-check refusal applies
 * (the cache's gen, the free injection slots up to 2 and the writeback
 * pool unchanged, the hit queue not full; for a read while no MSHR is
 * free, whatever the slots and the pool; for a refusal the cache marked
 * MEM_RF_SLOT while the injection queue stays full, for MEM_RF_SET while
 * the set's ways all wait for fills, whatever gen says).  Every input of the refusing
 * test except the remembered refusal (changed only by this SM's own
 * refused lookups, so not while it waits) is in w, so while w holds the
 * verdict holds.
 */
bool mem_sys_push_wait(const struct mem_sys *ms, unsigned sm,
		       const struct mem_access *a, struct mem_push_wait *w)
{
	const struct mem_l1 *l = &ms->l1[sm];
	const struct mem_q *out = &ms->req_net.in[sm];
	bool is_const = a->space == MEM_CONST;
	const struct mem_cache *c = is_const ? &l->c : &l->d;

	memset(w, 0, sizeof(*w));
	w->in_n = &out->n;
	w->wb_live = &ms->wbs.n_live;
	w->wb_max = l->wb_max;
	w->in_hi = UINT32_MAX;
	if (l->reqs.n_live >= ms->cfg->reqs_per_sm) {
		w->why = MEM_PW_QUOTA;
		return true;
	}
	if (a->kind == MEM_ATOMIC ||
	    (!is_const && ((a->flags & MEM_F_BYPASS_L1) || !ms->cfg->l1d_enabled))) {
		w->why = MEM_PW_OUT;
		w->in_lo = out->cap;
		return mem_q_full(out);
	}
	if (mem_q_full(&l->hitq)) {
		w->why = MEM_PW_HITQ;
		return true;
	}
	w->why = MEM_PW_TAG;
	w->gen = c->gen;
	w->slots = (uint8_t)MIN(mem_q_free(out), 2u);
	w->wb = l1_wb_ok(ms, l);
	/* the occupancies with the same free slots up to 2 */
	w->in_lo = w->slots < 2 ? out->cap - w->slots : 0;
	w->in_hi = w->slots < 2 ? w->in_lo : out->cap - 2;
	w->count = is_const ? 2 : 1;
	/* a read refused while no MSHR is free: whether it misses (no MSHR)
	 * or merges (no room in its line's MSHR), the cache refuses before
	 * it tests the slots or the writeback pool (cache.c do_read,
	 * read_miss); a retry with other slots looks the tags up again and
	 * is refused and counted the same */
	if (a->kind == MEM_READ && !c->n_mshr_free) {
		w->why = MEM_PW_MSHR;
		w->in_lo = 0;
		w->in_hi = UINT32_MAX;
	}
	if (l->rf_c != c || l->rf_addr != a->addr || l->rf_size != a->size ||
	    l->rf_kind != a->kind || l->rf_space != a->space)
		return false;
	if (l->rf_why == MEM_RF_SLOT) { /* refused: the queue is full */
		w->why = MEM_PW_SLOT;
		w->in_lo = w->in_hi = out->cap;
		return true;
	}
	if (l->rf_why == MEM_RF_SET) {
		w->why = MEM_PW_SET;
		w->in_lo = 0;
		w->in_hi = UINT32_MAX;
		w->set = l->rf_set;
		w->assoc = (uint16_t)c->cfg.assoc;
		return true;
	}
	return l->rf_gen == c->gen &&
	       (w->why == MEM_PW_MSHR ||
		(l->rf_slots == w->slots && l->rf_wb == w->wb));
}

/* Whether w still holds (static, so that mem_sys_push_same inlines it):
 * the quota test refuses (uncounted) exactly while the SM's requests in
 * flight are at the quota, any other test only below it, and then while
 * the refusing test's own inputs are unchanged. */
static inline bool push_same(const struct mem_sys *ms, unsigned sm,
			     const struct mem_push_wait *w)
{
	const struct mem_l1 *l = &ms->l1[sm];

	/* the quota test comes first and refuses uncounted */
	if (w->why == MEM_PW_QUOTA)
		return l->reqs.n_live >= ms->cfg->reqs_per_sm;
	if (l->reqs.n_live >= ms->cfg->reqs_per_sm)
		return false;
	switch (w->why) {
	case MEM_PW_SLOT:
		return !mem_q_full(&l->hitq) &&
		       mem_q_full(&ms->req_net.in[sm]);
	case MEM_PW_SET:
		return !mem_q_full(&l->hitq) && set_waits(w->set, w->assoc);
	case MEM_PW_OUT:
		return mem_q_full(&ms->req_net.in[sm]);
	case MEM_PW_HITQ:
		return mem_q_full(&l->hitq);
	case MEM_PW_MSHR:
		return !mem_q_full(&l->hitq) &&
		       w->gen == (w->count == 2 ? l->c.gen : l->d.gen);
	default:
		return !mem_q_full(&l->hitq) &&
		       w->gen == (w->count == 2 ? l->c.gen : l->d.gen) &&
		       w->slots == MIN(mem_q_free(&ms->req_net.in[sm]), 2u) &&
		       w->wb == l1_wb_ok(ms, l);
	}
}

bool mem_sys_push_same(const struct mem_sys *ms, unsigned sm,
		       const struct mem_push_wait *w)
{
	return push_same(ms, sm, w);
}

void mem_sys_push_refused(struct mem_sys *ms, unsigned sm,
			  const struct mem_push_wait *w, uint64_t n)
{
	struct mem_l1 *l = &ms->l1[sm];

	if (w->count == 1)
		l->d.st.resfails += n;
	else if (w->count == 2)
		l->c.st.resfails += n;
}

const uint64_t *mem_sys_sm_events(const struct mem_sys *ms, unsigned sm)
{
	return &ms->l1[sm].events;
}

/* A queue's head is due at the first core tick at or after its stamp;
 * core ticks are period[MEM_DOM_CORE] apart. */
static uint64_t head_in(const struct mem_sys *ms, const struct mem_q *q)
{
	uint64_t p = ms->clk.period[MEM_DOM_CORE], r = mem_q_head_ready(q);

	if (r == UINT64_MAX)
		return UINT64_MAX;
	return r <= ms->clk.now ? 0 : (r - ms->clk.now + p - 1) / p;
}

uint64_t mem_sys_sm_reply_in(const struct mem_sys *ms, unsigned sm)
{
	const struct mem_l1 *l = &ms->l1[sm];

	return MIN(head_in(ms, &l->hitq), head_in(ms, &l->respq));
}
