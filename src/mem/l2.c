/*
 * l2.c - one L2 slice (memory sub-partition).
 *
 * Requests arrive from the crossbar already delayed by the ROP latency
 * (the crossbar's output queue for this slice doubles as GPGPU-Sim's ROP
 * and icnt->L2 queues).  Each L2 cycle the slice first installs at most one
 * DRAM fill, answering every request merged on that MSHR, then serves at
 * most one new request: write-back, allocate on miss, writes allocate
 * without fetching.  Atomics are performed here, through the caller's
 * callback, when the line is present.  Misses and dirty evictions go to
 * the DRAM channel through the L2->DRAM queue, stamped with the fixed
 * extra DRAM latency.  Replies go to the reply subnet's input (L2->icnt).
 */
#include "../base/base.h"
#include "mem_int.h"

void mem_slice_init(struct mem_slice *s, const struct mem_config *cfg,
		    unsigned id)
{
	memset(s, 0, sizeof(*s));
	mem_cache_init(&s->cache, &cfg->l2, MEM_LVL_L2);
	mem_cache_index_by_slice(&s->cache, cfg);
	mem_q_init(&s->dram_q, cfg->q_l2_dram);
	mem_q_init(&s->ret_q, cfg->q_dram_l2);
	s->id = id;
}

void mem_slice_release(struct mem_slice *s)
{
	mem_cache_release(&s->cache);
	mem_q_release(&s->dram_q);
	mem_q_release(&s->ret_q);
}

/* Request r is complete at the L2: perform it and send its reply. */
static void slice_reply(struct mem_sys *ms, struct mem_slice *s,
			struct mem_req *r, uint64_t ready)
{
	if (r->kind == MEM_WRITEBACK) { /* an L1 eviction: nobody waits */
		mem_pool_put(r);
		return;
	}
	if (r->kind == MEM_ATOMIC) {
		SIM_ASSERT(ms->atomic);
		r->value = ms->atomic(ms->atomic_ctx, r->sm, r->tag, r->addr);
	}
	mem_sys_note_reply(ms, r, ready);
	mem_xbar_push(&ms->rep_net, s->id, r, ready);
}

/* Send a line fetch or a writeback towards DRAM. */
static void slice_to_dram(struct mem_sys *ms, struct mem_slice *s,
			  struct mem_req *r, uint64_t now)
{
	r->slice = (uint16_t)s->id;
	mem_q_push(&s->dram_q, r, now + ms->dram_lat);
	mem_dram_note_push(&ms->dram[s->id / ms->cfg->n_sub],
			   now + ms->dram_lat);
}

/* Install one DRAM fill if the reply queue can take all its requests. */
static void slice_fill(struct mem_sys *ms, struct mem_slice *s, uint64_t now)
{
	struct mem_q *out = &ms->rep_net.in[s->id];
	struct mem_req *r = mem_q_peek(&s->ret_q, now), *list;

	if (!r)
		return;
	SIM_ASSERT(r->kind == MEM_FETCH && r->level == MEM_LVL_L2);
	if (mem_q_free(out) < mem_cache_mshr_count(&s->cache, r->mshr))
		return;
	mem_q_pop(&s->ret_q);
	list = mem_cache_fill(&s->cache, r->mshr);
	while (list) {
		struct mem_req *next = list->next;

		slice_reply(ms, s, list, now);
		list = next;
	}
}

/* Serve the request at the head of the ROP queue, if it is due. */
static void slice_access(struct mem_sys *ms, struct mem_slice *s, uint64_t now)
{
	struct mem_q *in = &ms->req_net.out[s->id];
	struct mem_req *r = mem_q_peek(in, now);
	struct mem_cache_res res;
	enum mem_cache_op op;

	if (!r || mem_q_full(&ms->rep_net.in[s->id]))
		return;
	if (r->kind == MEM_WRITE || r->kind == MEM_WRITEBACK)
		op = MEM_OP_WRITE;
	else
		op = r->kind == MEM_ATOMIC ? MEM_OP_RMW : MEM_OP_READ;
	mem_cache_access(&s->cache, r, op, mem_q_free(&s->dram_q),
			 ms->wbs.free != NULL, &res);
	if (res.outcome == MEM_RESFAIL)
		return;
	mem_q_pop(in);
	if (res.outcome == MEM_HIT ||
	    (res.outcome == MEM_MISS && !res.fetch))
		slice_reply(ms, s, r, now + ms->l2_lat);
	if (res.fetch)
		slice_to_dram(ms, s, &s->cache.mshr[res.mshr].fetch, now);
	if (res.wb) {
		struct mem_req *w = mem_pool_get(&ms->wbs);

		SIM_ASSERT(w); /* the cache checked wb_ok */
		w->kind = MEM_WRITEBACK;
		w->addr = res.wb_addr;
		/* sectored: the dirty sectors only, one request each */
		w->sectors = (uint8_t)bit_popc64(res.wb_sec);
		w->size = res.wb_sec ? w->sectors * MEM_SECTOR :
			s->cache.cfg.line_bytes;
		slice_to_dram(ms, s, w, now);
	}
}

void mem_slice_tick(struct mem_sys *ms, struct mem_slice *s, uint64_t now)
{
	slice_fill(ms, s, now);
	slice_access(ms, s, now);
}
