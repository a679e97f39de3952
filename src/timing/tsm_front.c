/*
 * tsm_front.c - the SM front end: fetch, the L1 instruction cache, the
 * fetch buffer, decode and the per-warp I-buffers.
 *
 * Fetch serves one warp per cycle among those with room in their I-buffer
 * (the fetch policy, src/sched/fetch.h, picks which): on an L1I hit up to
 * fetch_bytes / 8 instructions of the line enter the fetch buffer and are
 * decodable il1_latency cycles later; on a miss the line is requested from
 * the L2 (one request per missing warp) and the warp waits for the reply.
 * Decode moves the fetch buffer into the warp's I-buffer if the warp is
 * still on that path (it is dropped when the warp branched, waited at a
 * barrier or exited meanwhile).  The issue stage flushes the I-buffer at
 * every control-flow change, so fetch never goes down a wrong path.
 */
#include "timing_int.h"
#include "../sched/fetch.h"

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

/* An I-cache miss of warp (r->tag's low bits) came back from the L2:
 * install the line; the warp may fetch again. */
void tsm_ifetch_reply(struct tgpu *t, struct tsm *s,
		      const struct mem_reply *r)
{
	unsigned wi = (unsigned)(r->tag & 0xffff);
	icache_fill(t, s, r->addr);
	s->w[wi].imiss = 0;
	tsm_warp_update(t, s, wi);
}

void tsm_decode_cycle(struct tgpu *t, struct tsm *s)
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

void tsm_fetch_cycle(struct tgpu *t, struct tsm *s,
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

