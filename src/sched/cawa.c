/*
 * cawa.c - CAWA's criticality-aware issue ("cawa"; Lee, Arunkumar and Wu,
 * ISCA 2015, as bows.txt §I-II describes it): warps are ranked by the
 * criticality predictor  nInst x CPI_avg + nStall  and the most critical
 * ready warp issues; the warp issued last stays first while it can issue
 * (greedy, as CAWA's gCAWS).  CAWA's cache prioritisation (CACP) is not
 * modelled.
 *
 * Per own warp, from the issued events (pc sequence) only:
 *   executed  warp instructions issued;
 *   adj       branch-outcome update of the instruction estimate: a jump
 *             back from pc p to t adds p - t + 1 (one more iteration of
 *             that loop body is predicted), a jump forward skips and
 *             subtracts t - p - 1;
 *   nInst     = max(0, n_insn + adj - executed): remaining instructions,
 *             starting from the kernel's static instruction count n_insn
 *             (launch_start) and never below 0;
 *   CPI_avg   = cycles since the warp was first seen / max(1, executed);
 *   nStall    = cycles since first seen - executed (cycles it did not
 *             issue).
 * The start value and the floor matter: CPI_avg multiplies nInst, so a
 * start value common to all warps is not rank-neutral.  With a start of 0
 * (an earlier version) a warp whose estimate sat at -executed scored
 * -executed x (elapsed / executed) + (elapsed - executed) = -executed
 * whatever its stall time, so a lock holder that stalled behind spinning
 * warps (which score about elapsed) never rose and ht livelocked
 * (docs/bows.md "CAWA").  With a positive estimate the CPI term of a
 * stalled warp grows with its stall time, as in CAWA.
 * Ranking is recomputed lazily at most every P cycles ("cawa:P", default
 * 16; an insertion sort of the scheduler's warps), not per cycle.  Ties:
 * older warp first.
 */
#include "../base/base.h"
#include "../stats/stats.h"
#include "sched_int.h"

struct cawa {
	struct sched base;              /* must be first */
	uint16_t rank[SCHED_MAX_WARPS]; /* own slots, most critical first */
	unsigned n;                     /* entries in rank */
	bool in[SCHED_MAX_WARPS];       /* per slot: in rank */
	uint64_t age[SCHED_MAX_WARPS];  /* per slot: launch age */
	uint64_t start[SCHED_MAX_WARPS]; /* per slot: first cycle seen, or
					    UINT64_MAX before that */
	uint64_t executed[SCHED_MAX_WARPS]; /* per slot: instructions */
	int64_t adj[SCHED_MAX_WARPS];   /* per slot: branch updates */
	uint32_t last_pc[SCHED_MAX_WARPS]; /* per slot: pc issued last */
	uint32_t n_insn;                /* static instructions of the launched
					   kernel (start of nInst) */
	double crit[SCHED_MAX_WARPS];   /* per slot: criticality at the last
					   re-rank */
	unsigned greedy;                /* last issued own slot or NIL */
	uint64_t period;                /* re-rank period in cycles */
	uint64_t next_rank;             /* cycle of the next re-rank */
	uint64_t reranks;               /* statistics: re-ranks done */
};

static struct cawa *cawa_of(struct sched *s)
{
	SIM_ASSERT(s->ops == &sched_cawa_ops);
	return (struct cawa *)s;
}

static int cawa_init(struct sched *s, const struct sched_init *ini,
		     char *err, size_t errlen)
{
	struct cawa *c = cawa_of(s);
	const char *a = ini->args;
	uint64_t p = 16;

	if (a[0] && (sched_parse_uint(&a, 1000000000, &p) || *a || !p))
		return sched_err(err, errlen,
				 "cawa: bad argument \"%s\": expected a re-rank "
				 "period in cycles (>= 1)", ini->args);
	c->period = p;
	c->greedy = SCHED_NIL;
	return 0;
}

/* Criticality of slot w at cycle now. */
static double cawa_crit(const struct cawa *c, unsigned w, uint64_t now)
{
	uint64_t t0 = c->start[w] == UINT64_MAX ? now : c->start[w];
	double el = (double)(now - t0), ex = (double)c->executed[w];
	double ninst = (double)c->n_insn + (double)c->adj[w] - ex;
	double cpi = el / (ex > 1 ? ex : 1);
	double stall = el > ex ? el - ex : 0;

	if (ninst < 0)
		ninst = 0;

	return ninst * cpi + stall;
}

/* x ranks before y: more critical, then older. */
static bool cawa_before(const struct cawa *c, unsigned x, unsigned y)
{
	if (c->crit[x] != c->crit[y])
		return c->crit[x] > c->crit[y];
	return c->age[x] < c->age[y] || (c->age[x] == c->age[y] && x < y);
}

static void cawa_rerank(struct cawa *c, uint64_t now)
{
	for (unsigned i = 0; i < c->n; i++)
		c->crit[c->rank[i]] = cawa_crit(c, c->rank[i], now);
	for (unsigned i = 1; i < c->n; i++) {
		uint16_t w = c->rank[i];
		unsigned j = i;
		while (j > 0 && cawa_before(c, w, c->rank[j - 1])) {
			c->rank[j] = c->rank[j - 1];
			j--;
		}
		c->rank[j] = w;
	}
	c->reranks++;
}

/* What a scheduler-cycle's order starts with: warps seen for the first
 * time get their start cycle, and the ranking is renewed when due (both
 * unchanged by a second call in the same cycle). */
static void cawa_begin(struct cawa *c, const struct sched_view *v)
{
	for (unsigned i = 0; i < c->n; i++)
		if (c->start[c->rank[i]] == UINT64_MAX)
			c->start[c->rank[i]] = v->cycle;
	/* a new launch restarts the cycle count: re-rank at once */
	if (v->cycle >= c->next_rank || v->cycle + c->period < c->next_rank) {
		cawa_rerank(c, v->cycle);
		c->next_rank = v->cycle + c->period;
	}
}

static unsigned cawa_order(struct sched *s, const struct sched_view *v,
			   uint16_t *out, unsigned max)
{
	struct cawa *c = cawa_of(s);
	uint16_t later[SCHED_MAX_WARPS];
	unsigned n = 0, nl = 0, i;

	cawa_begin(c, v);
	if (c->greedy != SCHED_NIL && max && sched_valid(v, c->greedy))
		out[n++] = (uint16_t)c->greedy;
	for (i = 0; i < c->n && n < max; i++) {
		unsigned w = c->rank[i];
		if (w == c->greedy || !sched_valid(v, w))
			continue;
		if (sched_bit(v->ready, w))
			out[n++] = (uint16_t)w;
		else
			later[nl++] = (uint16_t)w;
	}
	for (i = 0; i < nl && n < max; i++)
		out[n++] = later[i];
	return n;
}

/* cawa_order lazily: the greedy warp, then the ranking without it
 * (slots in want are ready, so the ready-first split keeps their order). */
static int cawa_next(struct sched *s, const struct sched_view *v,
		     const uint64_t *want, unsigned *it)
{
	struct cawa *c = cawa_of(s);

	if (!*it) {
		cawa_begin(c, v);
		*it = 1;
		if (c->greedy != SCHED_NIL && sched_bit(want, c->greedy))
			return (int)c->greedy;
	}
	return sched_list_next(c->rank, c->n, c->greedy, want, it);
}

static void cawa_warp_added(struct sched *s, unsigned slot, uint64_t age)
{
	struct cawa *c = cawa_of(s);

	if (!sched_owns(s, slot) || c->in[slot])
		return;
	c->in[slot] = true;
	c->age[slot] = age;
	c->start[slot] = UINT64_MAX;
	c->executed[slot] = 0;
	c->adj[slot] = 0;
	c->last_pc[slot] = UINT32_MAX;
	c->crit[slot] = 0;
	c->rank[c->n++] = (uint16_t)slot;
}

static void cawa_warp_removed(struct sched *s, unsigned slot)
{
	struct cawa *c = cawa_of(s);
	unsigned i = 0;

	if (!sched_owns(s, slot) || !c->in[slot])
		return;
	c->in[slot] = false;
	while (c->rank[i] != slot)
		i++;
	memmove(&c->rank[i], &c->rank[i + 1],
		(c->n - i - 1) * sizeof(c->rank[0]));
	c->n--;
	if (c->greedy == slot)
		c->greedy = SCHED_NIL;
}

static void cawa_issued(struct sched *s, unsigned slot, uint64_t cycle,
			unsigned n_active, uint32_t pc)
{
	struct cawa *c = cawa_of(s);
	uint32_t lp;

	(void)n_active;
	if (!sched_owns(s, slot) || !c->in[slot])
		return;
	if (c->start[slot] == UINT64_MAX)
		c->start[slot] = cycle;
	lp = c->last_pc[slot];
	if (lp != UINT32_MAX && pc <= lp)
		c->adj[slot] += (int64_t)lp - pc + 1;
	else if (lp != UINT32_MAX && pc > lp + 1)
		c->adj[slot] -= (int64_t)pc - lp - 1;
	c->last_pc[slot] = pc;
	c->executed[slot]++;
	c->greedy = slot;
}

/* A launch begins: nInst starts from its kernel's instruction count. */
static void cawa_launch_start(struct sched *s, const uint8_t *sib_pc,
			      uint32_t n_pc)
{
	(void)sib_pc;
	cawa_of(s)->n_insn = n_pc;
}

static void cawa_stats(struct sched *s, struct stats *st)
{
	struct cawa *c = cawa_of(s);

	stats_u64(st, "cawa_reranks", c->reranks);
	c->reranks = 0;
}

const struct sched_ops sched_cawa_ops = {
	.name = "cawa",
	.desc = "CAWA criticality (nInst x CPI + nStall), greedy then most "
		"critical; cawa:P re-ranks every P cycles (16)",
	.priv_size = sizeof(struct cawa),
	.init = cawa_init,
	.order = cawa_order,
	.next = cawa_next,
	.warp_added = cawa_warp_added,
	.warp_removed = cawa_warp_removed,
	.issued = cawa_issued,
	.own_issued = true, /* see sched.h */
	.stats = cawa_stats,
	.launch_start = cawa_launch_start,
};
