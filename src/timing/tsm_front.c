/*
 * tsm_front.c - the SM front end: fetch, the L1 instruction cache with its
 * MSHRs, the fetch buffer, decode, the per-warp I-buffers and their flush,
 * as GPGPU-Sim 3.x's shader core (fetch(), decode(), the scheduler's
 * control-hazard check).
 *
 * Fetch serves one warp per cycle: first a warp whose L1I miss came back
 * (oldest reply first), else one the fetch policy (src/sched/fetch.h)
 * picks among those with room in their I-buffer.  A warp fetches after its
 * buffered instructions, or, with an empty buffer, at the fall-through of
 * its last issue (w->fpc), so after a taken branch it fetches down the
 * wrong path.  On an L1I hit up to fetch_bytes / 8 instructions of the
 * line enter the fetch buffer and are decodable il1_latency cycles later.
 * On a miss the warp joins the MSHR of its line if one is pending and has
 * room (no new request), else takes a free MSHR and sends one request to
 * the L2; with neither, or the memory system refusing, the access is a
 * reservation fail and the warp tries again later (gpgpu_cache:il1's
 * <mshr>:<entries>:<max merge>).  Decode moves the fetch buffer into the
 * warp's I-buffer if it continues what is buffered (a block whose warp
 * was flushed or exited meanwhile is dropped).  The issue stage never
 * issues an I-buffer head that is not the SIMT top's pc: when a scheduler
 * visits such a warp it calls tsm_ib_flush(), which empties the buffer
 * and points fetch at the SIMT top.
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

/* The line of L1I MSHR (r->tag's low bits) came back from the L2:
 * install it; the warps merged into the MSHR (and still waiting on it)
 * queue to be fetched first, oldest request first. */
void tsm_ifetch_reply(struct tgpu *t, struct tsm *s,
		      const struct mem_reply *r)
{
	unsigned m = (unsigned)(r->tag & 0xffff);
	struct timshr *h = &s->imshr[m];
	SIM_ASSERT(m < t->i_mshr);
	/* a reply to an earlier launch (its warps exited with a partial
	 * fetch in flight; MSHRs are reset per launch): only the fill */
	icache_fill(t, s, r->addr);
	if (h->line != r->addr)
		return;
	for (unsigned i = 0; i < h->n; i++) {
		unsigned wi = s->imshr_w[(size_t)m * t->i_merge + i];
		struct twarp *w = &s->w[wi];
		if (w->imiss != m + 1)
			continue; /* the slot's warp exited; a new one */
		w->imiss = 0;
		SIM_ASSERT(s->iready_n < t->n_slots);
		s->iready[(s->iready_h + s->iready_n++) % t->n_slots] =
			(uint16_t)wi;
		tsm_warp_update(t, s, wi);
	}
	h->line = ~(addr_t)0;
	h->n = 0;
}

void tsm_ib_flush(struct tgpu *t, struct tsm *s, unsigned wi)
{
	struct twarp *w = &s->w[wi];
	if (w->ib_n)
		s->st.ib_flush++;
	w->ib_n = 0;
	w->fpc = w->fw->stack[w->fw->sp - 1].pc;
	w->flushed = 1;
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
	 * empty buffer at the fetch pc; else the warp was flushed or exited
	 * while it flew and it is dropped */
	if (w->fw->state != FW_EXITED &&
	    s->fb_pc == (w->ib_n ? w->ib_pc + w->ib_n : w->fpc)) {
		if (!w->ib_n)
			w->ib_pc = s->fb_pc;
		w->ib_n += MIN(s->fb_n,
			       (uint32_t)t->cfg->ibuffer_size - w->ib_n);
		w->flushed = 0;
	} else {
		s->st.ib_discard++;
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

/* A miss of warp wi on `line`: merge into the line's MSHR, or take a free
 * one and request the line from the L2; false on a reservation fail. */
static bool imiss(struct tgpu *t, struct tsm *s, unsigned wi, addr_t line)
{
	int m = -1, fr = -1;
	for (unsigned i = 0; i < t->i_mshr; i++) {
		if (s->imshr[i].line == line)
			m = (int)i;
		else if (s->imshr[i].line == ~(addr_t)0 && fr < 0)
			fr = (int)i;
	}
	if (m >= 0) {
		if (s->imshr[m].n >= t->i_merge)
			return false;
		s->st.imerge++;
	} else {
		struct mem_access ma = {
			.addr = line, .size = t->i_line, .kind = MEM_READ,
			.space = MEM_GLOBAL, .flags = MEM_F_BYPASS_L1,
			.tag = T_TAG_IFETCH | (unsigned)fr};
		if (fr < 0 || !mem_sys_push(t->ms, s->id, &ma))
			return false;
		m = fr;
		s->imshr[m].line = line;
	}
	s->imshr_w[(size_t)m * t->i_merge + s->imshr[m].n++] = (uint16_t)wi;
	s->w[wi].imiss = (uint16_t)(m + 1);
	s->st.imiss++;
	tsm_warp_update(t, s, wi);
	return true;
}

/* Warp wi (fetchable) accesses the L1I at its fetch pc. */
static void fetch_warp(struct tgpu *t, struct tsm *s, unsigned wi)
{
	struct twarp *w = &s->w[wi];
	SIM_ASSERT(tbit(s->fetchable, wi));
	uint32_t pc = w->ib_n ? w->ib_pc + w->ib_n : w->fpc;
	addr_t a = T_CODE_BASE + (addr_t)pc * 8;
	addr_t line = a & ~(addr_t)(t->i_line - 1);
	s->st.ifetch++;
	if (!icache_hit(t, s, line)) {
		if (!imiss(t, s, wi, line))
			s->st.irfail++;
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
	s->q_dirty = 1;
}

void tsm_fetch_cycle(struct tgpu *t, struct tsm *s,
		     const struct sched_view *sv)
{
	if (s->fb_valid)
		return;
	/* a warp whose miss came back goes first (GPGPU-Sim 3.x fills the
	 * fetch buffer from the L1I's ready access before any new fetch) */
	while (s->iready_n) {
		unsigned wi = s->iready[s->iready_h];
		s->iready_h = (s->iready_h + 1) % t->n_slots;
		s->iready_n--;
		if (tbit(s->fetchable, wi)) {
			fetch_warp(t, s, wi);
			return;
		}
	}
	uint64_t any = 0;
	for (unsigned i = 0; i < t->n_words; i++)
		any |= s->fetchable[i];
	if (!any)
		return;
	struct fetch_view fv = {
		.cycle = t->cycle, .n_slots = t->n_slots, .n_words = t->n_words,
		.fetchable = s->fetchable, .ib_fill = s->ibfill,
		.last = s->fetch_last,
		.sched = s->sched, .n_sched = t->n_sched, .sv = sv,
		.scratch = s->forder};
	int f = t->fetch->pick(&fv);
	if (f < 0)
		return;
	s->fetch_last = (unsigned)f;
	fetch_warp(t, s, (unsigned)f);
}
