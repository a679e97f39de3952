/*
 * memsys.c - the memory system top level: owns the L1 units, the two
 * crossbar subnets, the L2 slices and the DRAM channels, and advances
 * them through the four clock domains.
 *
 * Within one global time step, domains tick in reverse request-path order
 * (DRAM, L2, interconnect, core), so a request moves at most one stage per
 * step unless its ready stamp allows more.  When no request object is live
 * anywhere (both pools fully free) a tick only advances the clocks.  With
 * requests in flight only components that can act are ticked (DRAM
 * channels and crossbar subnets keep a wake time, slices and L1s are
 * visited through bitsets of non-empty queues), and mem_sys_next_event
 * tells how many core cycles mem_sys_skip may jump in O(components).
 *
 * The SM side (pushes and pops, in the SMs' visits of a cycle, possibly on
 * several host threads) writes only the SM's own share (struct mem_l1:
 * its request pool, send counters, injection queue, a staged writeback);
 * mem_sys_cycle_end merges the shares into the shared state in SM order.
 */
#include "../base/base.h"

#include <stdlib.h>

#include "mem_int.h"

/*
 * mem_sys_slice's shortcut: with one sub-partition the slice is the
 * channel (no bits); with a power-of-two bank count mem_addr_slice
 * gathers the lowest log2(n_sub) bits of the bank mask, which are
 * usually adjacent: then they are one shift and mask.
 */
static void sys_slice_init(struct mem_sys *ms)
{
	const struct mem_config *cfg = ms->cfg;
	uint64_t m = cfg->map.bank_mask, low = 0, run;

	if (cfg->n_sub == 1) {
		ms->sub_run = true;
		ms->sub_shift = 0;
		ms->sub_ones = 0;
		return;
	}
	if (cfg->n_banks & (cfg->n_banks - 1))
		return;
	for (unsigned s = cfg->n_sub; s > 1 && m; s >>= 1) {
		low |= m & (~m + 1);
		m &= m - 1;
	}
	if (!low)
		return;
	run = low >> bit_ctz64(low);
	if (run & (run + 1)) /* not one run of ones */
		return;
	ms->sub_run = true;
	ms->sub_shift = bit_ctz64(low);
	ms->sub_ones = run;
}

/*
 * Everything is allocated here and nowhere else: per-SM L1 units, one
 * slice per sub-partition, one DRAM channel per n_sub slices (the channel
 * reads its slices' queues through dram_in/dram_ret), the two crossbar
 * subnets, and the request pools: reqs_per_sm caller requests per SM (in
 * its L1 unit), and one pool of wb_pool writeback buffers per slice and
 * per SM.  Line fetches need no pool: each MSHR embeds its own.
 */
struct mem_sys *mem_sys_create(const struct mem_config *cfg,
			       mem_atomic_fn atomic, void *ctx)
{
	struct mem_sys *ms = xcalloc(1, sizeof(*ms));
	double mhz[MEM_N_DOM] = {cfg->core_mhz, cfg->icnt_mhz, cfg->l2_mhz,
				 cfg->dram_mhz};
	uint64_t *p = ms->clk.period;
	unsigned ns = cfg->n_mem * cfg->n_sub;

	ms->cfg = cfg;
	ms->atomic = atomic;
	ms->atomic_ctx = ctx;
	mem_clock_init(&ms->clk, mhz);
	ms->n_slices = ns;
	ms->dram_lat = cfg->dram_latency * p[MEM_DOM_CORE];
	ms->l2_lat = cfg->l2.latency * p[MEM_DOM_L2];
	ms->l1 = xcalloc(cfg->n_sm, sizeof(*ms->l1));
	for (unsigned i = 0; i < cfg->n_sm; i++)
		mem_l1_init(&ms->l1[i], cfg, i, p[MEM_DOM_CORE]);
	ms->slice = xcalloc(ns, sizeof(*ms->slice));
	ms->dram_in = xcalloc(ns, sizeof(*ms->dram_in));
	ms->dram_ret = xcalloc(ns, sizeof(*ms->dram_ret));
	for (unsigned s = 0; s < ns; s++) {
		mem_slice_init(&ms->slice[s], cfg, s);
		ms->dram_in[s] = &ms->slice[s].dram_q;
		ms->dram_ret[s] = &ms->slice[s].ret_q;
	}
	ms->dram = xcalloc(cfg->n_mem, sizeof(*ms->dram));
	for (unsigned c = 0; c < cfg->n_mem; c++) {
		mem_dram_init(&ms->dram[c], cfg, &ms->dram_in[c * cfg->n_sub],
			      &ms->dram_ret[c * cfg->n_sub], c * cfg->n_sub,
			      p[MEM_DOM_DRAM]);
	}
	mem_xbar_init(&ms->req_net, cfg->n_sm, cfg->icnt_in_queue, ns,
		      cfg->q_icnt_l2, false, cfg, p[MEM_DOM_ICNT],
		      cfg->rop_latency * p[MEM_DOM_L2]);
	mem_xbar_init(&ms->rep_net, ns, cfg->q_l2_icnt, cfg->n_sm,
		      cfg->ejection_queue, true, cfg, p[MEM_DOM_ICNT], 0);
	/* one bitset of slices with work: ROP queue or return queue */
	for (unsigned c = 0; c < cfg->n_mem; c++)
		ms->dram[c].ret_ne = ms->req_net.out_ne;
	mem_pool_init(&ms->wbs, cfg->wb_pool * (ns + cfg->n_sm));
	SIM_ASSERT(ms->wbs.size >= cfg->n_sm);
	for (unsigned i = 0; i < cfg->n_sm; i++)
		ms->l1[i].wb_max = ms->wbs.size - i;
	ms->dirty_words = (cfg->n_sm + 7) / 8;
	ms->sm_dirty = xcalloc(ms->dirty_words, 8);
	sys_slice_init(ms);
	return ms;
}

void mem_sys_destroy(struct mem_sys *ms)
{
	const struct mem_config *cfg;

	if (!ms)
		return;
	cfg = ms->cfg;
	for (unsigned i = 0; i < cfg->n_sm; i++)
		mem_l1_release(&ms->l1[i]);
	for (unsigned s = 0; s < ms->n_slices; s++)
		mem_slice_release(&ms->slice[s]);
	for (unsigned c = 0; c < cfg->n_mem; c++)
		mem_dram_release(&ms->dram[c]);
	mem_xbar_release(&ms->req_net);
	mem_xbar_release(&ms->rep_net);
	mem_pool_release(&ms->wbs);
	free(ms->l1);
	free(ms->slice);
	free(ms->dram);
	free(ms->dram_in);
	free(ms->dram_ret);
	free(ms->sm_dirty);
	free(ms);
}

bool mem_sys_can_push(const struct mem_sys *ms, unsigned sm)
{
	return ms->l1[sm].reqs.n_live < ms->cfg->reqs_per_sm &&
	       ms->l1[sm].last_access != ms->clk.now;
}

/*
 * The request object is taken from the SM's own pool before the L1 sees
 * it and handed back if the L1 refuses, so a refused push leaves no trace
 * except the cache's reservation-fail counter.
 */
bool mem_sys_push(struct mem_sys *ms, unsigned sm, const struct mem_access *a)
{
	struct mem_l1 *l = &ms->l1[sm];
	struct mem_req *r;

	SIM_ASSERT(sm < ms->cfg->n_sm);
	SIM_ASSERT(a->kind == MEM_READ || a->kind == MEM_WRITE ||
		   a->kind == MEM_ATOMIC);
	if (!mem_sys_can_push(ms, sm) ||
	    mem_l1_refused_again(ms, l, a, ms->clk.now))
		return false;
	r = mem_pool_get(&l->reqs);
	SIM_ASSERT(r); /* the pool holds the SM's quota */
	r->addr = a->addr;
	r->tag = a->tag;
	r->size = a->size;
	r->kind = (uint8_t)a->kind;
	r->space = (uint8_t)a->space;
	r->flags = (uint8_t)a->flags;
	r->sm = (uint16_t)sm;
	if (!mem_l1_access(ms, l, r, ms->clk.now)) {
		mem_pool_put(r);
		return false;
	}
	if (l->n_below | l->n_sent) /* not a hit answered by the L1 */
		mem_sys_note_sm(ms, sm);
	return true;
}

/*
 * L1 hits (latency queue) are offered before replies from below; both
 * queues are FIFO, so replies of one kind come back in completion order.
 * The queues' earliest head (l->due) is exact afterwards.
 */
static bool sys_pop(struct mem_sys *ms, struct mem_l1 *l, unsigned sm,
		    struct mem_reply *out)
{
	struct mem_req *r;

	if ((r = mem_q_peek(&l->hitq, ms->clk.now)))
		mem_q_pop(&l->hitq);
	else if ((r = mem_q_peek(&l->respq, ms->clk.now)))
		mem_q_pop(&l->respq);
	l->due = MIN(mem_q_head_ready(&l->hitq), mem_q_head_ready(&l->respq));
	if (!r)
		return false;
	out->addr = r->addr;
	out->tag = r->tag;
	out->value = r->value;
	out->kind = (enum mem_kind)r->kind;
	SIM_ASSERT(r->pool == &l->reqs);
	mem_pool_put(r); /* the SM's own pool: nothing else to tell */
	return true;
}

/* Most calls find nothing due: that test alone is small enough for the
 * callers to inline (LTO). */
bool mem_sys_pop(struct mem_sys *ms, unsigned sm, struct mem_reply *out)
{
	struct mem_l1 *l = &ms->l1[sm];

	if (l->due > ms->clk.now)
		return false;
	return sys_pop(ms, l, sm, out);
}

bool mem_sys_reply_ready(const struct mem_sys *ms, unsigned sm)
{
	const struct mem_l1 *l = &ms->l1[sm];

	return mem_q_peek(&l->hitq, ms->clk.now) ||
	       mem_q_peek(&l->respq, ms->clk.now);
}

/*
 * Every request in flight below the L1s' reply queues is a caller
 * request counted in reqs_live, a writeback or an MSHR fetch, and every
 * busy MSHR has a pool object merged on it or waiting on it, so two
 * counters tell whether a tick has anything to do.  Replies waiting in an
 * L1's hit or reply queue need no tick (the SM pops them), so they are
 * left out: a pop changes no shared state.
 */
static inline bool sys_quiet(const struct mem_sys *ms)
{
	SIM_ASSERT(!ms->phase);
	return ms->reqs_live == 0 && ms->wbs.n_live == 0;
}

bool mem_sys_idle(const struct mem_sys *ms)
{
	if (!sys_quiet(ms))
		return false;
	for (unsigned i = 0; i < ms->cfg->n_sm; i++)
		if (ms->l1[i].hitq.n || ms->l1[i].respq.n)
			return false;
	return true;
}

/* mem_sys_merge_sm but for the SM's dirty byte (mem_sys_cycle_end clears
 * a word of them at once). */
static inline void sys_merge(struct mem_sys *ms, unsigned sm)
{
	struct mem_l1 *l = &ms->l1[sm];

	ms->reqs_live += l->n_below;
	l->n_below = 0;
	if (!l->n_sent) /* merged on an MSHR's fetch in flight */
		return;
	if (l->wb_staged) { /* the last packet the L1 queued */
		struct mem_q *q = &ms->req_net.in[sm];
		struct mem_req *w = mem_pool_get(&ms->wbs);
		uint32_t t = q->head + q->n - 1;

		SIM_ASSERT(w); /* SMs 0 .. F - 1 at most took one (l1_wb_ok) */
		if (t >= q->cap)
			t -= q->cap;
		SIM_ASSERT(q->n && q->e[t].req == &l->wb_tmp);
		*w = l->wb_tmp;
		w->pool = &ms->wbs;
		w->next = NULL;
		q->e[t].req = w;
		l->wb_staged = false;
	}
	mem_xbar_announce(&ms->req_net, sm, l->n_sent, ms->clk.now);
	l->n_sent = 0;
}

void mem_sys_merge_sm(struct mem_sys *ms, unsigned sm)
{
	sys_merge(ms, sm);
	ms->sm_dirty[sm] = 0;
}

void mem_sys_cycle_begin(struct mem_sys *ms)
{
	SIM_ASSERT(!ms->phase);
	ms->phase = true;
}

/* Merge the SMs whose bytes are set in dirty word w of value b (each
 * set byte is 1), in SM order.  Out of line: the launch loop inlines
 * mem_sys_cycle_end, and this must not weigh on its registers. */
static void __attribute__((noinline)) sys_merge_word(struct mem_sys *ms,
						      unsigned w, uint64_t b)
{
	memset(ms->sm_dirty + (size_t)w * 8, 0, sizeof(b));
	for (; b; b &= b - 1)
		sys_merge(ms, w * 8 + bit_ctz64(b) / 8);
}

/* Only the words of sm_dirty with a byte set are looked into (many
 * cycles: none). */
void mem_sys_cycle_end(struct mem_sys *ms)
{
	SIM_ASSERT(ms->phase);
	ms->phase = false;
	for (unsigned w = 0; w < ms->dirty_words; w++) {
		uint64_t b;

		memcpy(&b, ms->sm_dirty + (size_t)w * 8, sizeof(b));
		if (b)
			sys_merge_word(ms, w, b);
	}
}

/*
 * One L2 cycle of slice s, which may hold work (its bit in the request
 * subnet's out_ne, which DRAM channels also set when they return data):
 * count a full ROP queue, tick the slice if a queue head is due, and
 * clear the bit when both queues are empty.  A slice whose
 * queues are empty is not visited: its tick would do nothing and its ROP
 * queue is not full.
 */
static void slice_step(struct mem_sys *ms, unsigned s, uint64_t now)
{
	struct mem_slice *sl = &ms->slice[s];
	const struct mem_q *in = &ms->req_net.out[s];

	ms->stall_dramfull += mem_q_full(in);
	/* with the slice's reply input full the tick can neither fill
	 * (the fill's replies need room) nor serve a request */
	if ((mem_q_head_ready(&sl->ret_q) <= now ||
	     mem_q_head_ready(in) <= now) && !mem_q_full(&ms->rep_net.in[s]))
		mem_slice_tick(ms, sl, now);
	if (!in->n && !sl->ret_q.n)
		ms->req_net.out_ne[s / 64] &= ~(1ULL << (s % 64));
}

/*
 * The reference step (tick_all): every DRAM channel, slice, subnet and L1
 * of the domains in mask is ticked, whatever its wake time or queues.
 */
static void sys_step_all(struct mem_sys *ms, unsigned mask, uint64_t now)
{
	const struct mem_config *cfg = ms->cfg;

	if (mask & (1u << MEM_DOM_DRAM))
		for (unsigned c = 0; c < cfg->n_mem; c++) {
			/* scan every kind of bank every cycle */
			ms->dram[c].col_wait = ms->dram[c].row_wait = 0;
			mem_dram_tick(&ms->dram[c], now,
				      ms->clk.cycles[MEM_DOM_DRAM]);
		}
	if (mask & (1u << MEM_DOM_L2))
		for (unsigned s = 0; s < ms->n_slices; s++) {
			ms->stall_dramfull += mem_q_full(&ms->req_net.out[s]);
			mem_slice_tick(ms, &ms->slice[s], now);
		}
	if (mask & (1u << MEM_DOM_ICNT)) {
		mem_xbar_tick_ref(&ms->rep_net, now);
		mem_xbar_tick_ref(&ms->req_net, now);
	}
	if (mask & (1u << MEM_DOM_CORE))
		for (unsigned i = 0; i < cfg->n_sm; i++)
			mem_l1_tick(ms, &ms->l1[i], now);
}

/*
 * Tick the components of the domains in mask at time now.  A component
 * is ticked only when it can act: a DRAM channel from its wake time (before
 * it only its bank priority rotates), an L2 slice or L1 when the head of
 * one of its input queues is due (a tick with no due head does nothing),
 * a crossbar subnet while packets wait (it skips to its own wake time).
 * Slices and L1s with empty input queues are not visited at all (bitsets
 * of possibly non-empty queues, in index order as before).
 */
static void sys_step(struct mem_sys *ms, unsigned mask, uint64_t now)
{
	const struct mem_config *cfg = ms->cfg;

	if (ms->tick_all) {
		sys_step_all(ms, mask, now);
		return;
	}

	if (mask & (1u << MEM_DOM_DRAM))
		for (unsigned c = 0; c < cfg->n_mem; c++) {
			struct mem_dram *d = &ms->dram[c];

			if (now >= d->wake)
				mem_dram_tick(d, now,
					      ms->clk.cycles[MEM_DOM_DRAM]);
			else
				mem_dram_rest(d);
		}
	if (mask & (1u << MEM_DOM_L2))
		for (unsigned w = 0; w < (ms->n_slices + 63) / 64; w++)
			for (uint64_t b = ms->req_net.out_ne[w]; b; b &= b - 1)
				slice_step(ms, w * 64 + bit_ctz64(b), now);
	if (mask & (1u << MEM_DOM_ICNT)) {
		mem_xbar_tick(&ms->rep_net, now);
		mem_xbar_tick(&ms->req_net, now);
	}
	if (mask & (1u << MEM_DOM_CORE))
		for (unsigned w = 0; w < (cfg->n_sm + 63) / 64; w++)
			for (uint64_t b = ms->rep_net.out_ne[w]; b; b &= b - 1) {
				unsigned i = w * 64 + bit_ctz64(b);
				const struct mem_q *ej = &ms->rep_net.out[i];

				if (mem_q_head_ready(ej) <= now)
					mem_l1_tick(ms, &ms->l1[i], now);
				if (!ej->n)
					ms->rep_net.out_ne[w] &= ~(1ULL << (i % 64));
			}
}

/*
 * Step the clocks until the core domain ticks; domains that tick in
 * between (DRAM at 924 MHz ticks 1.32 times per core cycle on GTX480) are
 * advanced on the way.  While idle only the clocks move.
 */
void mem_sys_tick(struct mem_sys *ms)
{
	unsigned mask;

	SIM_ASSERT(!ms->phase);
	do {
		mask = mem_clock_step(&ms->clk);
		if (!sys_quiet(ms))
			sys_step(ms, mask, ms->clk.now);
	} while (!(mask & (1u << MEM_DOM_CORE)));
}

/*
 * The least global time at which some component may act (see
 * mem_sys_next_event): due heads of the L1 reply queues (an SM may pop),
 * of the ejection queues (mem_l1_tick), of the slices' input queues, the
 * crossbar subnets' and DRAM channels' wake times.  UINT64_MAX when idle.
 */
static uint64_t sys_next_time(const struct mem_sys *ms)
{
	const struct mem_config *cfg = ms->cfg;
	uint64_t t = UINT64_MAX;

	if (sys_quiet(ms)) { /* replies may still wait in the L1s */
		for (unsigned i = 0; i < cfg->n_sm; i++) {
			t = MIN(t, mem_q_head_ready(&ms->l1[i].hitq));
			t = MIN(t, mem_q_head_ready(&ms->l1[i].respq));
		}
		return t;
	}
	for (unsigned i = 0; i < cfg->n_sm; i++) {
		const struct mem_l1 *l = &ms->l1[i];

		t = MIN(t, mem_q_head_ready(&l->hitq));
		t = MIN(t, mem_q_head_ready(&l->respq));
		t = MIN(t, mem_q_head_ready(&ms->rep_net.out[i]));
	}
	for (unsigned s = 0; s < ms->n_slices; s++) {
		t = MIN(t, mem_q_head_ready(&ms->slice[s].ret_q));
		t = MIN(t, mem_q_head_ready(&ms->req_net.out[s]));
	}
	if (ms->req_net.n_waiting)
		t = MIN(t, ms->req_net.wake);
	if (ms->rep_net.n_waiting)
		t = MIN(t, ms->rep_net.wake);
	for (unsigned c = 0; c < cfg->n_mem; c++)
		t = MIN(t, ms->dram[c].wake);
	return t;
}

/*
 * A component acting at time t does so in the first core tick whose
 * interval (core time before it, core time after it] holds t; an entry
 * due at t is poppable after that tick.  Relative to the current core
 * time C: tick k covers (C + (k - 1) P, C + k P].
 */
uint64_t mem_sys_next_event(const struct mem_sys *ms)
{
	uint64_t t = sys_next_time(ms), p = ms->clk.period[MEM_DOM_CORE];
	uint64_t c = ms->clk.cycles[MEM_DOM_CORE] * p;

	if (t == UINT64_MAX)
		return UINT64_MAX;
	if (t <= c)
		return 1;
	return (t - c + p - 1) / p;
}

/*
 * Jump n core cycles.  Every domain's tick count becomes the number of its
 * ticks up to the new time, exactly as stepping would.  With requests in
 * flight (n below mem_sys_next_event) nothing moves in those ticks, so
 * only what a quiet tick changes is added in bulk: the crossbar pointers
 * and DRAM bank priorities rotate once per tick of their domain while
 * packets or requests wait, and every L2 tick counts each full ROP queue
 * in stall_dramfull.
 */
void mem_sys_skip(struct mem_sys *ms, uint64_t n)
{
	struct mem_clock *c = &ms->clk;
	uint64_t t, k[MEM_N_DOM];

	if (!n)
		return;
	SIM_ASSERT(n < mem_sys_next_event(ms));
	t = (c->cycles[MEM_DOM_CORE] + n) * c->period[MEM_DOM_CORE];
	for (unsigned d = 0; d < MEM_N_DOM; d++)
		k[d] = t / c->period[d] - c->cycles[d];
	if (!sys_quiet(ms)) {
		const struct mem_config *cfg = ms->cfg;
		struct mem_xbar *x[2] = {&ms->rep_net, &ms->req_net};
		unsigned full = 0;

		for (unsigned j = 0; j < 2; j++)
			if (x[j]->n_waiting)
				x[j]->rr = (unsigned)((x[j]->rr +
					k[MEM_DOM_ICNT]) % x[j]->n_in);
		for (unsigned ch = 0; ch < cfg->n_mem; ch++) {
			struct mem_dram *d = &ms->dram[ch];

			if (d->n_pending)
				d->prio = (unsigned)((d->prio +
					k[MEM_DOM_DRAM]) % cfg->n_banks);
		}
		for (unsigned s = 0; s < ms->n_slices; s++)
			full += mem_q_full(&ms->req_net.out[s]);
		ms->stall_dramfull += full * k[MEM_DOM_L2];
	}
	for (unsigned d = 0; d < MEM_N_DOM; d++) {
		c->cycles[d] += k[d];
		c->next[d] = (c->cycles[d] + 1) * c->period[d];
	}
	c->now = t;
}

uint64_t mem_sys_cycle(const struct mem_sys *ms)
{
	return ms->clk.cycles[MEM_DOM_CORE];
}

uint64_t mem_sys_warm_l2(struct mem_sys *ms, addr_t a, uint64_t n)
{
	uint64_t lb = ms->cfg->l2.line_bytes, k = 0;

	if (!n)
		return 0;
	for (addr_t l = a & ~(lb - 1); l < a + n; l += lb) {
		addr_t s = MAX(l, a), e = MIN(l + lb, a + n);
		k += mem_cache_warm(&ms->slice[mem_addr_slice(ms->cfg, l)].cache,
				    s, (uint32_t)(e - s));
	}
	return k;
}

void mem_sys_flush_l1(struct mem_sys *ms)
{
	for (unsigned i = 0; i < ms->cfg->n_sm; i++) {
		mem_cache_invalidate(&ms->l1[i].d);
		mem_cache_invalidate(&ms->l1[i].c);
	}
}

/*
 * GPGPU-Sim's averagemflatency: core cycles from the fetch leaving the SM
 * to its reply leaving the L2 towards the SM, over data-returning requests
 * (write acknowledgements are left out).
 */
void mem_sys_note_reply(struct mem_sys *ms, const struct mem_req *r,
			uint64_t ready)
{
	if (r->kind == MEM_WRITE || ready < r->sent)
		return;
	ms->rd_lat_sum += (ready - r->sent) / ms->clk.period[MEM_DOM_CORE];
	ms->rd_lat_n++;
}

static void add_dram(struct mem_dram_stats *t, const struct mem_dram_stats *d)
{
	t->n_rd += d->n_rd;
	t->n_wr += d->n_wr;
	t->n_act += d->n_act;
	t->n_pre += d->n_pre;
	t->row_hits += d->row_hits;
	t->row_misses += d->row_misses;
	t->rd_bytes += d->rd_bytes;
	t->wr_bytes += d->wr_bytes;
	t->busy_cycles += d->busy_cycles;
	t->n_req += d->n_req;
	t->n_rd_cmd += d->n_rd_cmd;
	t->n_wr_cmd += d->n_wr_cmd;
	t->cmd_cycles += d->cmd_cycles;
}

static void add_cache(struct mem_cache_stats *t, const struct mem_cache_stats *s)
{
	t->accesses += s->accesses;
	t->hits += s->hits;
	t->misses += s->misses;
	t->pending_hits += s->pending_hits;
	t->resfails += s->resfails;
	t->writebacks += s->writebacks;
}

/*
 * Sums per-instance counters; dram_util is the fraction of DRAM cycles in
 * which a channel's data bus carried data, averaged over channels.
 */
void mem_sys_stats(const struct mem_sys *ms, struct mem_stats *out)
{
	const struct mem_config *cfg = ms->cfg;
	struct mem_dram_stats *t = &out->dram;
	uint64_t sent[3][2] = {{0}};

	memset(out, 0, sizeof(*out));
	for (unsigned i = 0; i < cfg->n_sm; i++) {
		add_cache(&out->l1d, &ms->l1[i].d.st);
		add_cache(&out->l1c, &ms->l1[i].c.st);
		for (unsigned sp = 0; sp < 3; sp++) {
			sent[sp][0] += ms->l1[i].sent[sp][0];
			sent[sp][1] += ms->l1[i].sent[sp][1];
		}
	}
	for (unsigned s = 0; s < ms->n_slices; s++)
		add_cache(&out->l2, &ms->slice[s].cache.st);
	for (unsigned c = 0; c < cfg->n_mem; c++) {
		add_dram(t, &ms->dram[c].st);
		if (c < MEM_STATS_MAX_CHAN)
			out->chan[c] = ms->dram[c].st;
	}
	out->stall_dramfull = ms->stall_dramfull;
	out->rd_lat_sum = ms->rd_lat_sum;
	out->rd_lat_n = ms->rd_lat_n;
	out->sm_rd_global = sent[MEM_GLOBAL][0];
	out->sm_wr_global = sent[MEM_GLOBAL][1];
	out->sm_rd_local = sent[MEM_LOCAL][0];
	out->sm_wr_local = sent[MEM_LOCAL][1];
	out->sm_const = sent[MEM_CONST][0] + sent[MEM_CONST][1];
	out->icnt_req_pkts = ms->req_net.pkts;
	out->icnt_req_flits = ms->req_net.flits;
	out->icnt_rep_pkts = ms->rep_net.pkts;
	out->icnt_rep_flits = ms->rep_net.flits;
	out->core_cycles = ms->clk.cycles[MEM_DOM_CORE];
	out->dram_cycles = ms->clk.cycles[MEM_DOM_DRAM];
	if (out->dram_cycles)
		out->dram_util = (double)t->busy_cycles /
				 ((double)out->dram_cycles * cfg->n_mem);
}

/* ================================================================
 * Invariant checker
 * ================================================================ */

static void check_cache(const struct mem_cache *c)
{
	unsigned busy = 0;

	for (unsigned m = 0; m < c->cfg.n_mshr; m++) {
		const struct mem_mshr *e = &c->mshr[m];
		unsigned n = 0;

		if (!e->busy)
			continue;
		busy++;
		for (const struct mem_req *r = e->head; r; r = r->next)
			n++;
		if (n != e->n_merged || n == 0 || n > c->cfg.mshr_merge)
			SIM_BUG("MSHR %u holds %u requests, counted %u", m, n,
				e->n_merged);
	}
	if (busy + c->n_mshr_free != c->cfg.n_mshr)
		SIM_BUG("MSHR leak: %u busy + %u free != %u", busy,
			c->n_mshr_free, c->cfg.n_mshr);
}

static void check_xbar(const struct mem_xbar *x)
{
	unsigned n = 0;

	for (unsigned i = 0; i < x->n_in; i++) {
		if (x->in[i].n > x->in[i].cap)
			SIM_BUG("crossbar input %u over capacity", i);
		if (!((x->nonempty[i / 64] >> (i % 64)) & 1) != !x->in[i].n)
			SIM_BUG("crossbar input %u: non-empty bit wrong", i);
		n += x->in[i].n;
	}
	for (unsigned o = 0; o < x->n_out; o++) {
		const uint64_t *wm = &x->want[(size_t)o * x->in_words];
		bool any = false;

		if (x->out[o].n && !((x->out_ne[o / 64] >> (o % 64)) & 1))
			SIM_BUG("crossbar output %u: non-empty bit clear", o);
		for (unsigned i = 0; i < x->n_in; i++) {
			const struct mem_q *q = &x->in[i];
			bool in = (wm[i / 64] >> (i % 64)) & 1;
			const struct mem_req *h = q->n ? q->e[q->head].req : NULL;
			bool head = h && (x->reply ? h->sm : h->slice) == o;

			if (in != head)
				SIM_BUG("crossbar output %u: input %u filed wrong",
					o, i);
			if (head && x->in_rt[i] !=
			    MAX(q->e[q->head].ready, x->in_busy[i]))
				SIM_BUG("crossbar input %u: ready time wrong", i);
			any |= in;
		}
		if (any != ((x->out_want[o / 64] >> (o % 64)) & 1))
			SIM_BUG("crossbar output %u: wanted bit wrong", o);
	}
	if (n != x->n_waiting)
		SIM_BUG("crossbar counts %u waiting, queues hold %u",
			x->n_waiting, n);
}

void mem_sys_check(const struct mem_sys *ms)
{
	const struct mem_config *cfg = ms->cfg;
	unsigned live = 0;

	if (ms->phase)
		SIM_BUG("memory system checked inside the SM phase");
	for (unsigned i = 0; i < cfg->n_sm; i++) {
		const struct mem_l1 *l = &ms->l1[i];

		check_cache(&l->d);
		check_cache(&l->c);
		if (l->reqs.n_live > cfg->reqs_per_sm)
			SIM_BUG("SM %u has %u requests live", i, l->reqs.n_live);
		if (l->n_below || l->n_sent || l->wb_staged ||
		    ms->sm_dirty[i])
			SIM_BUG("SM %u: share not merged", i);
		if (l->hitq.n + l->respq.n > l->reqs.n_live)
			SIM_BUG("SM %u: %u replies queued, %u requests live", i,
				l->hitq.n + l->respq.n, l->reqs.n_live);
		live += l->reqs.n_live - l->hitq.n - l->respq.n;
	}
	if (live != ms->reqs_live)
		SIM_BUG("request pools: %u live below the L1s, counted %u",
			live, ms->reqs_live);
	for (unsigned s = 0; s < ms->n_slices; s++) {
		check_cache(&ms->slice[s].cache);
		if (ms->slice[s].ret_q.n &&
		    !((ms->req_net.out_ne[s / 64] >> (s % 64)) & 1))
			SIM_BUG("slice %u: return queue bit clear", s);
	}
	for (unsigned c = 0; c < cfg->n_mem; c++) {
		const struct mem_dram *d = &ms->dram[c];
		unsigned n = 0;

		for (unsigned b = 0; b < cfg->n_banks; b++) {
			const struct mem_dram_bank *k = &d->bank[b];
			bool hit = k->cur && k->open && k->row == k->cur->row;
			bool wr = k->cur && (k->cur->kind == MEM_WRITE ||
					     k->cur->kind == MEM_WRITEBACK);

			n += k->n_q + (k->cur != NULL);
			if (((d->open_mask >> b) & 1) != k->open ||
			    ((d->hit_mask >> b) & 1) != hit ||
			    ((d->wr_mask >> b) & 1) != wr)
				SIM_BUG("DRAM %u bank %u: open/hit/write mask wrong",
					c, b);
		}
		if (n != d->n_pending)
			SIM_BUG("DRAM %u: %u pending, banks hold %u", c,
				d->n_pending, n);
	}
	check_xbar(&ms->req_net);
	check_xbar(&ms->rep_net);
}
