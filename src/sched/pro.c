/*
 * pro.c - progress-aware warp scheduling ("pro", "pro:THRESHOLD"), PRO of
 * Anantpur and Govindarajan (pro.txt section III, Algorithm 1, Fig. 3).
 *
 * Progress of a warp and of a TB is the sum of the active lanes of every
 * instruction it issued, kept from the issued event.  A TB is in one of
 * the Fig. 3 states: noWait, barrierWait, finishWait while the dispatcher
 * still holds TBs of the kernel (fastTBPhase, sched_view.tbs_pending),
 * finishNoWait, barrierWait1 after it ran dry (slowTBPhase), and Finish
 * once all its warps exited.  The TBs are kept in three priority lists:
 *   H  finishWait: more finished warps first, then more progress;
 *   M  barrierWait / barrierWait1: more warps at the barrier first, then
 *      more progress;
 *   L  noWait (fast: more progress first) or finishNoWait (slow: less
 *      progress first), re-sorted only when order() is called more than
 *      THRESHOLD cycles after the previous sort (Algorithm 1 line 57);
 * remaining ties go to the smaller global TB index.  H and M are re-sorted
 * on their events (insertFinishWarp, insertBarrierWarp); a TB entering L
 * between sorts is inserted where its current progress ranks.  Within a TB
 * this scheduler's warps are kept in a ring: sorted by increasing progress
 * when the TB enters finishWait or barrierWait (sortWarps(tb, INC_ORDER)),
 * and at each THRESHOLD sort by decreasing (fast) or increasing (slow)
 * progress for the TBs of L.  Warps of Finish TBs (exited, awaiting their
 * memory) come last.
 *
 * One TB order per SM: every scheduler of the SM receives every issued,
 * exit, barrier and TB event, so each instance keeps the same SM-wide TB
 * state and the same lists (no shared memory between instances).  The TB
 * of another scheduler's warp is not in any event; each instance learns the
 * warp-slot -> TB map from the view at its first order() after a TB start
 * and then adds the progress (and exit) those warps had before (kept per
 * warp slot).  Assumption: a scheduler never asked during a TB's whole
 * life (it had no candidate at all) keeps that TB's other-scheduler warp
 * counts until the slot is mapped again; this needs TBs with fewer warps
 * than schedulers and an idle scheduler, and only shifts that idle
 * scheduler's TB order.
 */
#include "../base/base.h"
#include "../stats/stats.h"
#include "sched_int.h"

#define PRO_MAX_TB 64            /* TB slots per SM the tables hold */
#define PRO_NIL_TB 0xffu         /* "no TB" in the slot -> TB map */
#define PRO_DEFAULT_THRESHOLD 1000

/* Fig. 3 TB states. */
enum pro_state {
	PRO_FREE,        /* TB slot empty */
	PRO_NOWAIT,      /* fast phase, default (L) */
	PRO_BARWAIT,     /* fast phase, a warp waits at a barrier (M) */
	PRO_FINWAIT,     /* fast phase, a warp finished (H) */
	PRO_FINNOWAIT,   /* slow phase, noWait and finishWait merged (L) */
	PRO_BARWAIT1,    /* slow phase, a warp waits at a barrier (M) */
	PRO_FINISH,      /* every warp exited */
};

/* The priority lists (H, M, L). */
enum pro_list { PRO_LH, PRO_LM, PRO_LL, PRO_NLIST };

struct pro {
	struct sched base;                /* must be first */
	uint64_t threshold;               /* THRESHOLD: cycles between the
					     L re-sorts */
	bool slow;                        /* slowTBPhase (last view seen
					     had no TB pending) */
	uint64_t last_sort;               /* lastSortCycle */
	bool need_map;                    /* a TB or warp started since the
					     last slot -> TB refresh */
	/* per warp slot of the SM (every scheduler's) */
	uint64_t wprog[SCHED_MAX_WARPS];  /* WarpProgress */
	uint8_t wtb[SCHED_MAX_WARPS];     /* TB slot, PRO_NIL_TB unmapped */
	bool wexit[SCHED_MAX_WARPS];      /* warp_exited seen */
	bool own[SCHED_MAX_WARPS];        /* own warp added, not removed */
	bool in_ring[SCHED_MAX_WARPS];    /* own warp linked in its TB ring */
	uint64_t wage[SCHED_MAX_WARPS];   /* own warp's age (warp ties) */
	struct sched_links links;         /* TB rings of own warps */
	/* per TB slot */
	uint8_t state[PRO_MAX_TB];        /* enum pro_state */
	uint64_t tprog[PRO_MAX_TB];       /* TBProgress */
	uint64_t tb_age[PRO_MAX_TB];      /* global TB index */
	uint32_t nwarps[PRO_MAX_TB];      /* warps mapped (numWarpsPerTB) */
	uint32_t nfin[PRO_MAX_TB];        /* nWarpsFin */
	uint32_t nbar[PRO_MAX_TB];        /* nWarpsAtBar */
	struct sched_ring ring[PRO_MAX_TB]; /* own warps, priority order */
	/* the lists: TB slots, highest priority first */
	uint8_t list[PRO_NLIST][PRO_MAX_TB];
	unsigned n_list[PRO_NLIST];       /* entries per list */
	/* statistics since the last stats call (scheduler 0 reports) */
	uint64_t st_sorts;                /* THRESHOLD re-sorts of L */
	uint64_t st_fast_to_slow;         /* fast -> slow transitions */
	uint64_t st_enter[PRO_FINISH + 1]; /* entries into each state */
	uint16_t tmp[SCHED_MAX_WARPS];    /* scratch: ring sort */
};

static struct pro *pro_of(struct sched *s)
{
	SIM_ASSERT(s->ops == &sched_pro_ops);
	return (struct pro *)s;
}

static int pro_init(struct sched *s, const struct sched_init *ini, char *err,
		    size_t errlen)
{
	struct pro *p = pro_of(s);
	const char *a = ini->args;
	uint64_t th = PRO_DEFAULT_THRESHOLD;

	if (a[0] && (sched_parse_uint(&a, UINT32_MAX, &th) || *a || !th))
		return sched_err(err, errlen, "pro: bad argument \"%s\": "
				 "expected THRESHOLD, a cycle count >= 1",
				 ini->args);
	p->threshold = th;
	for (unsigned w = 0; w < SCHED_MAX_WARPS; w++)
		p->wtb[w] = PRO_NIL_TB;
	for (unsigned k = 0; k < PRO_MAX_TB; k++)
		sched_ring_init(&p->ring[k]);
	return 0;
}

static int pro_list_of(unsigned st)
{
	switch (st) {
	case PRO_FINWAIT:
		return PRO_LH;
	case PRO_BARWAIT:
	case PRO_BARWAIT1:
		return PRO_LM;
	case PRO_NOWAIT:
	case PRO_FINNOWAIT:
		return PRO_LL;
	default:
		return -1;
	}
}

/* True when TB a ranks before TB b in list l (Algorithm 1's sorts). */
static bool pro_before(const struct pro *p, int l, unsigned a, unsigned b)
{
	if (l == PRO_LH && p->nfin[a] != p->nfin[b])
		return p->nfin[a] > p->nfin[b];
	if (l == PRO_LM && p->nbar[a] != p->nbar[b])
		return p->nbar[a] > p->nbar[b];
	if (p->tprog[a] != p->tprog[b]) {
		if (l == PRO_LL && p->slow)
			return p->tprog[a] < p->tprog[b];
		return p->tprog[a] > p->tprog[b];
	}
	return p->tb_age[a] < p->tb_age[b] ||
	       (p->tb_age[a] == p->tb_age[b] && a < b);
}

static void pro_list_remove(struct pro *p, int l, unsigned tb)
{
	unsigned i = 0, n = p->n_list[l];
	uint8_t *v = p->list[l];
	while (i < n && v[i] != tb)
		i++;
	if (i == n)
		return;
	memmove(&v[i], &v[i + 1], n - i - 1);
	p->n_list[l]--;
}

/* Insert tb before the first entry it ranks before. */
static void pro_list_insert(struct pro *p, int l, unsigned tb)
{
	unsigned i = 0, n = p->n_list[l];
	uint8_t *v = p->list[l];
	while (i < n && !pro_before(p, l, tb, v[i]))
		i++;
	memmove(&v[i + 1], &v[i], n - i);
	v[i] = (uint8_t)tb;
	p->n_list[l]++;
}

/* Stable insertion sort of list l by its key (at most PRO_MAX_TB). */
static void pro_list_sort(struct pro *p, int l)
{
	uint8_t *v = p->list[l];
	for (unsigned i = 1; i < p->n_list[l]; i++) {
		uint8_t x = v[i];
		unsigned j = i;
		while (j > 0 && pro_before(p, l, x, v[j - 1])) {
			v[j] = v[j - 1];
			j--;
		}
		v[j] = x;
	}
}

static void pro_set_state(struct pro *p, unsigned tb, unsigned st)
{
	int from = pro_list_of(p->state[tb]), to = pro_list_of(st);
	if (p->state[tb] == st)
		return;
	if (from >= 0)
		pro_list_remove(p, from, tb);
	p->state[tb] = (uint8_t)st;
	p->st_enter[st]++;
	if (to >= 0)
		pro_list_insert(p, to, tb);
}

/* sortWarps: this scheduler's warps of tb by progress, increasing (inc)
 * or decreasing; ties to the older warp. */
static void pro_sort_warps(struct pro *p, unsigned tb, bool inc)
{
	struct sched_ring *r = &p->ring[tb];
	unsigned n = 0, w = r->head;
	if (r->n < 2)
		return;
	for (unsigned i = 0; i < r->n; i++, w = p->links.next[w])
		p->tmp[n++] = (uint16_t)w;
	for (unsigned i = 1; i < n; i++) {
		uint16_t x = p->tmp[i];
		unsigned j = i;
		while (j > 0) {
			unsigned y = p->tmp[j - 1];
			bool first = p->wprog[x] != p->wprog[y]
				? (inc ? p->wprog[x] < p->wprog[y]
				       : p->wprog[x] > p->wprog[y])
				: p->wage[x] < p->wage[y];
			if (!first)
				break;
			p->tmp[j] = (uint16_t)y;
			j--;
		}
		p->tmp[j] = x;
	}
	sched_ring_init(r);
	for (unsigned i = 0; i < n; i++)
		sched_ring_push(&p->links, r, p->tmp[i]);
}

static void pro_tb_start(struct sched *s, unsigned tb, uint64_t tb_age)
{
	struct pro *p = pro_of(s);
	if (tb >= PRO_MAX_TB || p->state[tb] != PRO_FREE)
		return;
	p->tb_age[tb] = tb_age;
	p->tprog[tb] = 0;
	p->nwarps[tb] = p->nfin[tb] = p->nbar[tb] = 0;
	sched_ring_init(&p->ring[tb]);
	pro_set_state(p, tb, p->slow ? PRO_FINNOWAIT : PRO_NOWAIT);
	p->need_map = true;
}

/* Forget slot's mapping and per-warp counts (its warp left). */
static void pro_unmap(struct pro *p, unsigned w)
{
	unsigned tb = p->wtb[w];
	if (p->in_ring[w] && tb < PRO_MAX_TB) {
		sched_ring_unlink(&p->links, &p->ring[tb], w);
		p->in_ring[w] = false;
	}
	p->wtb[w] = PRO_NIL_TB;
	p->wprog[w] = 0;
	p->wexit[w] = false;
}

static void pro_tb_end(struct sched *s, unsigned tb)
{
	struct pro *p = pro_of(s);
	int l;
	if (tb >= PRO_MAX_TB || p->state[tb] == PRO_FREE)
		return;
	for (unsigned w = 0; w < s->ini.n_slots; w++)
		if (p->wtb[w] == tb)
			pro_unmap(p, w);
	l = pro_list_of(p->state[tb]);
	if (l >= 0)
		pro_list_remove(p, l, tb);
	p->state[tb] = PRO_FREE;
}

/* insertFinishWarp (Algorithm 1 lines 1-15). */
static void pro_finish_warp(struct pro *p, unsigned tb)
{
	p->nfin[tb]++;
	if (p->nfin[tb] == 1) {
		if (!p->slow && (p->state[tb] == PRO_NOWAIT ||
				 p->state[tb] == PRO_BARWAIT))
			pro_set_state(p, tb, PRO_FINWAIT);
		pro_sort_warps(p, tb, true);
	}
	if (p->nfin[tb] >= p->nwarps[tb])
		pro_set_state(p, tb, PRO_FINISH);
	pro_list_sort(p, PRO_LH);
}

/* Learn the TB of every live slot not yet mapped (first order() after a
 * TB or warp start), with the progress and exits it had before. */
static void pro_refresh(struct pro *p, const struct sched_view *v)
{
	bool grown[PRO_MAX_TB] = {false};
	p->need_map = false;
	for (unsigned w = 0; w < v->n_slots; w++) {
		unsigned tb = v->tb[w];
		if (p->wtb[w] != PRO_NIL_TB || !sched_valid(v, w) ||
		    tb >= PRO_MAX_TB)
			continue;
		if (p->state[tb] == PRO_FREE) /* tb_start not seen */
			pro_tb_start(&p->base, tb, v->tb_age ? v->tb_age[tb]
							     : tb);
		p->wtb[w] = (uint8_t)tb;
		p->nwarps[tb]++;
		p->tprog[tb] += p->wprog[w];
		if (p->own[w]) {
			sched_ring_push(&p->links, &p->ring[tb], w);
			p->in_ring[w] = true;
			grown[tb] = p->state[tb] != PRO_NOWAIT;
		}
		if (p->wexit[w])
			pro_finish_warp(p, tb);
	}
	/* TBs that already left noWait keep their warps by increasing
	 * progress (a noWait TB's new warps, with none, go last) */
	for (unsigned k = 0; k < PRO_MAX_TB; k++)
		if (grown[k])
			pro_sort_warps(p, k, true);
}

/* Trace line (scheduler 0, when tracing): the phase and the TB order,
 * "fast 7:F,3:B,0:N,...", global TB index and state letter (F finishWait,
 * B barrierWait, N noWait, W barrierWait1, S finishNoWait), highest
 * priority first (PRO's Table IV). */
static void pro_trace(struct pro *p)
{
	static const char letter[] = {'-', 'N', 'B', 'F', 'S', 'W', 'X'};
	char buf[PRO_MAX_TB * 24 + 8];
	size_t n;
	if (!p->base.ini.trace || p->base.ini.sched_id != 0)
		return;
	n = (size_t)snprintf(buf, sizeof(buf), "%s", p->slow ? "slow" : "fast");
	for (unsigned l = 0, k = 0; l < PRO_NLIST; l++)
		for (unsigned i = 0; i < p->n_list[l] && n < sizeof(buf);
		     i++, k++) {
			unsigned tb = p->list[l][i];
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%c%llu:%c",
					      k ? ',' : ' ',
					      (unsigned long long)p->tb_age[tb],
					      letter[p->state[tb]]);
		}
	p->base.ini.trace(p->base.ini.trace_ctx, "pro_order",
			  p->base.ini.sm_id, buf);
}

/* fastToSlowTBPhaseTransition (lines 36-40), and back when a new kernel
 * has TBs pending again. */
static void pro_phase(struct pro *p, const struct sched_view *v)
{
	if (!v->tbs_pending && !p->slow) {
		p->slow = true;
		p->st_fast_to_slow++;
		for (unsigned k = 0; k < PRO_MAX_TB; k++) {
			if (p->state[k] == PRO_NOWAIT ||
			    p->state[k] == PRO_FINWAIT)
				pro_set_state(p, k, PRO_FINNOWAIT);
			else if (p->state[k] == PRO_BARWAIT)
				pro_set_state(p, k, PRO_BARWAIT1);
		}
		/* finishNoWait: least progress first from the start */
		pro_list_sort(p, PRO_LL);
		for (unsigned i = 0; i < p->n_list[PRO_LL]; i++)
			pro_sort_warps(p, p->list[PRO_LL][i], true);
		p->last_sort = v->cycle;
		pro_trace(p);
	} else if (v->tbs_pending && p->slow) {
		p->slow = false;
		for (unsigned k = 0; k < PRO_MAX_TB; k++) {
			if (p->state[k] == PRO_FINNOWAIT)
				pro_set_state(p, k, p->nfin[k] ? PRO_FINWAIT
							       : PRO_NOWAIT);
			else if (p->state[k] == PRO_BARWAIT1)
				pro_set_state(p, k, PRO_BARWAIT);
		}
		pro_list_sort(p, PRO_LL);
	}
}

/* What a scheduler-cycle's order starts with: the phase transition, the
 * slot -> TB map, the THRESHOLD re-sort (a second call in the same cycle
 * changes nothing). */
static void pro_begin(struct pro *p, const struct sched_view *v)
{
	pro_phase(p, v);
	if (p->need_map)
		pro_refresh(p, v);
	/* lines 57-61: sortTBs and sortWarps of L every THRESHOLD cycles */
	if (v->cycle > p->last_sort + p->threshold) {
		p->last_sort = v->cycle;
		p->st_sorts++;
		pro_list_sort(p, PRO_LL);
		for (unsigned i = 0; i < p->n_list[PRO_LL]; i++)
			pro_sort_warps(p, p->list[PRO_LL][i], p->slow);
		pro_trace(p);
	}
}

static unsigned pro_order(struct sched *s, const struct sched_view *v,
			  uint16_t *out, unsigned max)
{
	struct pro *p = pro_of(s);
	unsigned n = 0;

	pro_begin(p, v);
	/* H, M, L, then Finish TBs; warps of each TB in ring order */
	for (unsigned l = 0; l <= PRO_NLIST && n < max; l++) {
		unsigned cnt = l < PRO_NLIST ? p->n_list[l] : PRO_MAX_TB;
		for (unsigned i = 0; i < cnt && n < max; i++) {
			unsigned tb = l < PRO_NLIST ? p->list[l][i] : i;
			if (l == PRO_NLIST && p->state[tb] != PRO_FINISH)
				continue;
			struct sched_ring *r = &p->ring[tb];
			unsigned w = r->head;
			for (unsigned j = 0; j < r->n && n < max;
			     j++, w = p->links.next[w])
				if (sched_valid(v, w))
					out[n++] = (uint16_t)w;
		}
	}
	/* own warps in no ring (TB slot beyond the table) */
	for (unsigned w = s->ini.sched_id; w < v->n_slots && n < max;
	     w += s->ini.n_sched)
		if (p->own[w] && !p->in_ring[w] && sched_valid(v, w))
			out[n++] = (uint16_t)w;
	return n;
}

/* The cursor of pro_next: 1 + (list l, entry i, ring step j, next slot
 * w), l = PRO_NLIST the Finish TBs by slot, PRO_NLIST + 1 the own warps in
 * no ring (w: the next slot to look at). */
#define PRO_IT(l, i, j, w) (1u + ((unsigned)(l) << 25 | (unsigned)(i) << 18 \
				  | (unsigned)(j) << 9 | (unsigned)(w)))

/* pro_order lazily: the same walk, yielding only the slots in want. */
static int pro_next(struct sched *s, const struct sched_view *v,
		    const uint64_t *want, unsigned *it)
{
	struct pro *p = pro_of(s);
	unsigned l = 0, i = 0, j = 0, w = SCHED_NIL;
	bool mid = false; /* resuming inside a ring */
	bool fin = false; /* resuming among the warps in no ring */

	if (!*it) {
		pro_begin(p, v);
	} else {
		unsigned c = *it - 1;
		l = c >> 25;
		i = (c >> 18) & 127;
		j = (c >> 9) & 511;
		w = c & 511;
		mid = j != 0;
		fin = l == PRO_NLIST + 1;
	}
	for (; l <= PRO_NLIST; l++, i = 0) {
		unsigned cnt = l < PRO_NLIST ? p->n_list[l] : PRO_MAX_TB;
		for (; i < cnt; i++, mid = false) {
			unsigned tb = l < PRO_NLIST ? p->list[l][i] : i;
			if (l == PRO_NLIST && p->state[tb] != PRO_FINISH)
				continue;
			struct sched_ring *r = &p->ring[tb];
			if (!mid) {
				j = 0;
				w = r->head;
			}
			for (; j < r->n; j++, w = p->links.next[w])
				if (sched_bit(want, w)) {
					*it = PRO_IT(l, i, j + 1,
						     p->links.next[w]);
					return (int)w;
				}
		}
	}
	/* own warps in no ring (TB slot beyond the table), by slot */
	w = fin ? w : 0;
	for (; (w = sched_next_set(want, w, v->n_slots)) < v->n_slots; w++)
		if (p->own[w] && !p->in_ring[w]) {
			*it = PRO_IT(PRO_NLIST + 1, 0, 0, w + 1);
			return (int)w;
		}
	*it = PRO_IT(PRO_NLIST + 1, 0, 0, v->n_slots);
	return -1;
}

static void pro_warp_added(struct sched *s, unsigned slot, uint64_t age)
{
	struct pro *p = pro_of(s);
	if (!sched_owns(s, slot))
		return;
	if (p->wtb[slot] != PRO_NIL_TB)
		pro_unmap(p, slot);
	p->own[slot] = true;
	p->wage[slot] = age;
	p->need_map = true;
}

static void pro_warp_removed(struct sched *s, unsigned slot)
{
	struct pro *p = pro_of(s);
	if (!sched_owns(s, slot))
		return;
	pro_unmap(p, slot);
	p->own[slot] = false;
}

/* Progress: active lanes of every issued instruction. */
static void pro_issued(struct sched *s, unsigned slot, uint64_t cycle,
		       unsigned n_active, uint32_t pc)
{
	struct pro *p = pro_of(s);
	(void)cycle;
	(void)pc;
	if (slot >= s->ini.n_slots)
		return;
	p->wprog[slot] += n_active;
	if (p->wtb[slot] != PRO_NIL_TB)
		p->tprog[p->wtb[slot]] += n_active;
}

static void pro_warp_exited(struct sched *s, unsigned slot, uint64_t cycle)
{
	struct pro *p = pro_of(s);
	(void)cycle;
	if (slot >= s->ini.n_slots || p->wexit[slot])
		return;
	p->wexit[slot] = true;
	if (p->wtb[slot] != PRO_NIL_TB)
		pro_finish_warp(p, p->wtb[slot]);
}

/* insertBarrierWarp (lines 17-33) up to the last arrival. */
static void pro_barrier_arrive(struct sched *s, unsigned slot, unsigned tb,
			       unsigned n_waiting)
{
	struct pro *p = pro_of(s);
	(void)slot;
	if (tb >= PRO_MAX_TB || p->state[tb] == PRO_FREE ||
	    p->state[tb] == PRO_FINISH)
		return;
	p->nbar[tb] = n_waiting;
	if (p->state[tb] != PRO_BARWAIT && p->state[tb] != PRO_BARWAIT1) {
		pro_set_state(p, tb, p->slow ? PRO_BARWAIT1 : PRO_BARWAIT);
		pro_sort_warps(p, tb, true);
	}
	pro_list_sort(p, PRO_LM);
}

/* Lines 25-31: every warp reached the barrier (the model releases it). */
static void pro_barrier_release(struct sched *s, unsigned tb)
{
	struct pro *p = pro_of(s);
	if (tb >= PRO_MAX_TB)
		return;
	p->nbar[tb] = 0;
	if (p->state[tb] == PRO_BARWAIT)
		pro_set_state(p, tb, p->nfin[tb] ? PRO_FINWAIT : PRO_NOWAIT);
	else if (p->state[tb] == PRO_BARWAIT1)
		pro_set_state(p, tb, PRO_FINNOWAIT);
	pro_list_sort(p, PRO_LM);
}

/* SM-wide counts: every scheduler holds the same, scheduler 0 reports. */
static void pro_stats(struct sched *s, struct stats *st)
{
	struct pro *p = pro_of(s);
	if (s->ini.sched_id == 0) {
		stats_u64(st, "pro_sorts", p->st_sorts);
		stats_u64(st, "pro_fast_to_slow", p->st_fast_to_slow);
		stats_u64(st, "pro_enter_barrier_wait",
			  p->st_enter[PRO_BARWAIT] + p->st_enter[PRO_BARWAIT1]);
		stats_u64(st, "pro_enter_finish_wait", p->st_enter[PRO_FINWAIT]);
	}
	p->st_sorts = p->st_fast_to_slow = 0;
	memset(p->st_enter, 0, sizeof(p->st_enter));
}

/* A launch begins and its cycle count restarts at 0: the THRESHOLD
 * period restarts with it (else the noWait order would freeze until the
 * new launch passed the previous one's last sort cycle). */
static void pro_launch_start(struct sched *s, const uint8_t *sib_pc,
			     uint32_t n_pc)
{
	(void)sib_pc;
	(void)n_pc;
	pro_of(s)->last_sort = 0;
}

const struct sched_ops sched_pro_ops = {
	.name = "pro",
	.desc = "progress-aware (PRO): TBs finishWait > barrierWait > noWait "
		"by progress, slow phase least progress first; pro[:THRESHOLD]",
	.priv_size = sizeof(struct pro),
	.init = pro_init,
	.order = pro_order,
	.next = pro_next,
	.warp_added = pro_warp_added,
	.warp_removed = pro_warp_removed,
	.issued = pro_issued,
	.warp_exited = pro_warp_exited,
	.barrier_arrive = pro_barrier_arrive,
	.barrier_release = pro_barrier_release,
	.tb_start = pro_tb_start,
	.tb_end = pro_tb_end,
	.stats = pro_stats,
	.launch_start = pro_launch_start,
};
