/*
 * bows.c - Back-Off Warp Spinning (BOWS, bows.txt §III-A, Fig. 4, 5, 8) as a
 * wrapper over any base policy: "bows:gto", "bows:gto:50000", "bows:lrr",
 * "bows:cawa".  Spin-inducing branches (SIBs) come from DDOS (ddos.c).
 *
 * State per own warp: backed-off (a member of the backed-off queue, in the
 * order warps entered it) and the cycle at which its pending back-off delay
 * reaches zero.  A warp enters the backed-off state when it takes a
 * backward branch the SIB-PT confirms; it leaves it when it next issues,
 * and its pending delay is then set to the current limit (kept as the cycle
 * stamp issue + limit, so nothing is decremented per cycle).
 *
 * Order (Fig. 8): the base policy's order() with backed-off warps taken
 * out, keeping the base's ranking (its greedy pick first, then oldest, for
 * GTO: steps 1 and 2), then the backed-off queue, front first, listing only
 * warps the base listed whose pending delay is zero (step 3).  A backed-off
 * warp whose delay has not run out is left out of the order: the issue
 * stage cannot pick it.  The delay is at most bows_delay or the adaptive
 * maximum (10,000 cycles), far below gpgpu_deadlock_cycles (200,000), and a
 * backed-off warp is not progress-neutral to the hang checks: they watch
 * stores, atomics, barriers and exits, which BOWS only delays.
 *
 * Adaptive limit (Fig. 5, option bows_delay adaptive): per SM, windows of
 * 1000 cycles counting every issued warp instruction (Total) and every
 * taken SIB (SIB) of the SM.  At the end of a window: SIB > FRAC1 Total
 * (0.5, Table II; bows_delay adaptive:FRAC1 sets another) raises the
 * limit by 250; Total/SIB < 0.8 PrevTotal/PrevSIB (both windows
 * with SIBs) lowers it by 500; then it is clamped to [1000, 10000].  Table
 * II prints the maximum as 1000 too, which would pin the limit at 1000 and
 * make the mode fixed; 10,000 is the most the 14-bit pending-delay
 * counters of Table III hold in round decimal terms (the paper's "up to
 * 10,000 cycles").  The limit starts at the minimum.  Windows are closed
 * lazily when an event or order() sees a later cycle; windows with no
 * instructions count as empty.
 *
 * Detection: DDOS (bows_detect ddos) or the annotated SIBs of the launch
 * (bows_detect oracle, file bows_sibs); with annotations DDOS still runs
 * and its true and false detections are counted (TSDR, FSDR, §IV-B).
 *
 * Every scheduler of an SM sees every issue, setp and branch event, so each
 * keeps an identical copy of the SM-wide state (SIB-PT, window counts,
 * limit); only scheduler 0 reports it in the statistics.
 */
#include "../base/base.h"
#include "../stats/stats.h"
#include "ddos.h"
#include "sched_int.h"

#define BOWS_WINDOW 1000   /* adaptive window in cycles */
#define BOWS_STEP 250      /* adaptive step */
#define BOWS_MIN 1000      /* adaptive lower limit */
#define BOWS_MAX 10000     /* adaptive upper limit (see above) */
#define BOWS_HIST 11       /* limit histogram buckets of 1000 cycles */
#define BOWS_FRAC_HIST 11  /* SIB-fraction histogram buckets of 0.05 */

/* Counters for the statistics hook (zeroed after each report). */
struct bows_stats {
	uint64_t backoffs;        /* own warps entering the backed-off state */
	uint64_t sib;             /* SM: taken SIBs */
	uint64_t insn;            /* SM: issued warp instructions */
	uint64_t windows;         /* SM: adaptive windows closed */
	uint64_t limit_sum;       /* SM: limit after each window, summed */
	uint64_t limit_hist[BOWS_HIST]; /* SM: windows by limit / 1000 */
	uint64_t frac_hist[BOWS_FRAC_HIST]; /* SM: windows with instructions
					     by SIB / Total in steps of
					     0.05 (last: >= 0.5) */
	uint64_t raises;          /* SM: windows that raised the limit */
	uint64_t lowers;          /* SM: windows that lowered it */
	uint64_t st_off;          /* own warp-samples: backed-off, eligible */
	uint64_t st_off_wait;     /* own warp-samples: backed-off, delay left */
	uint64_t st_ready;        /* own warp-samples: ready, not backed-off */
	uint64_t st_other;        /* own warp-samples: other valid warps */
};

struct bows {
	struct sched base;             /* must be first */
	struct sched *inner;           /* the base policy */
	struct sched_bows_params par;  /* parameters */
	struct ddos dd;                /* the SM's detector (a copy) */
	struct sched_links links;      /* backed-off queue links */
	struct sched_ring q;           /* backed-off queue (own warps) */
	bool off[SCHED_MAX_WARPS];     /* per slot: backed-off */
	uint64_t free_at[SCHED_MAX_WARPS]; /* per slot: cycle its pending
					      back-off delay reaches 0 */
	uint32_t mark[SCHED_MAX_WARPS]; /* per slot: == gen when the base
					   listed it in this order() */
	uint32_t gen;                  /* order() generation for mark */
	uint16_t tmp[SCHED_MAX_WARPS]; /* the base's order */
	uint64_t limit;                /* current back-off delay limit */
	uint64_t win_end;              /* cycle the current window ends */
	uint64_t win_insn, win_sib;    /* current window's counts */
	uint64_t prev_insn, prev_sib;  /* previous window's counts */
	uint64_t now;                  /* cycle of the latest issued event */
	const uint8_t *sib_pc;         /* annotated SIBs of the launch, per
					  pc, or NULL (launch_start) */
	uint32_t n_pc;                 /* entries of sib_pc */
	struct bows_stats st;          /* statistics */
};

static struct bows *bows_of(struct sched *s)
{
	SIM_ASSERT(s->ops == &sched_bows_ops);
	return (struct bows *)s;
}

static int bows_init(struct sched *s, const struct sched_init *ini,
		     char *err, size_t errlen)
{
	struct bows *b = bows_of(s);
	struct sched_init bi = *ini;
	char e[200];

	if (ini->bows)
		b->par = *ini->bows;
	else
		sched_bows_defaults(&b->par);
	bi.args = "";
	b->inner = sched_create(ini->args, &bi, e, sizeof(e));
	if (!b->inner)
		return sched_err(err, errlen, "bows base \"%s\": %s",
				 ini->args, e);
	s->long_op = b->inner->long_op;
	ddos_init(&b->dd, &b->par);
	sched_ring_init(&b->q);
	b->limit = b->par.adaptive ? BOWS_MIN : b->par.delay;
	b->win_end = BOWS_WINDOW;
	return 0;
}

static void bows_release(struct sched *s)
{
	sched_destroy(bows_of(s)->inner);
}

/* Close one adaptive window with these counts (Fig. 5). */
static void bows_window(struct bows *b, uint64_t insn, uint64_t sib)
{
	if (insn)
		b->st.frac_hist[MIN(20 * sib / insn, BOWS_FRAC_HIST - 1)]++;
	if (b->par.adaptive) {
		int64_t lim = (int64_t)b->limit;
		if ((double)sib > b->par.frac1 * (double)insn) {
			lim += BOWS_STEP;
			b->st.raises++;
		}
		if (sib && b->prev_sib &&
		    10 * insn * b->prev_sib < 8 * b->prev_insn * sib) {
			lim -= 2 * BOWS_STEP;
			b->st.lowers++;
		}
		lim = MAX(lim, (int64_t)BOWS_MIN);
		lim = MIN(lim, (int64_t)BOWS_MAX);
		b->limit = (uint64_t)lim;
	}
	b->prev_insn = insn;
	b->prev_sib = sib;
	b->st.windows++;
	b->st.limit_sum += b->limit;
	b->st.limit_hist[MIN(b->limit / 1000, BOWS_HIST - 1)]++;
}

/* Close the windows that ended by cycle now. */
static void bows_tick(struct bows *b, uint64_t now)
{
	if (now < b->win_end)
		return;
	uint64_t due = (now - b->win_end) / BOWS_WINDOW + 1;
	bows_window(b, b->win_insn, b->win_sib);
	/* empty windows: after two the state no longer changes */
	for (uint64_t i = 1; i < due; i++) {
		if (i >= 3 && !b->prev_insn && !b->prev_sib) {
			uint64_t left = due - i;
			b->st.windows += left;
			b->st.limit_sum += left * b->limit;
			b->st.limit_hist[MIN(b->limit / 1000, BOWS_HIST - 1)] +=
				left;
			break;
		}
		bows_window(b, 0, 0);
	}
	b->win_end += due * BOWS_WINDOW;
	b->win_insn = b->win_sib = 0;
}

static unsigned bows_order(struct sched *s, const struct sched_view *v,
			   uint16_t *out, unsigned max)
{
	struct bows *b = bows_of(s);
	unsigned nb, n = 0, i;

	bows_tick(b, v->cycle);
	nb = b->inner->ops->order(b->inner, v, b->tmp, s->ini.n_slots);
	if (++b->gen == 0) {
		memset(b->mark, 0, sizeof(b->mark));
		b->gen = 1;
	}
	for (i = 0; i < nb; i++) {
		unsigned w = b->tmp[i];
		if (b->off[w]) {
			b->mark[w] = b->gen;
			bool wait = v->cycle < b->free_at[w];
			b->st.st_off_wait += wait;
			b->st.st_off += !wait;
		} else {
			if (n < max)
				out[n++] = (uint16_t)w;
			if (sched_ready(v, w))
				b->st.st_ready++;
			else
				b->st.st_other++;
		}
	}
	if (b->q.n) {
		unsigned w = b->q.head;
		for (i = 0; i < b->q.n && n < max; i++) {
			if (b->mark[w] == b->gen && v->cycle >= b->free_at[w])
				out[n++] = (uint16_t)w;
			w = b->links.next[w];
		}
	}
	return n;
}

/* Take own warp slot out of the backed-off queue. */
static void bows_leave(struct bows *b, unsigned slot)
{
	if (!b->off[slot])
		return;
	sched_ring_unlink(&b->links, &b->q, slot);
	b->off[slot] = false;
}

static void bows_warp_added(struct sched *s, unsigned slot, uint64_t age)
{
	struct bows *b = bows_of(s);

	if (sched_owns(s, slot)) {
		bows_leave(b, slot);
		b->free_at[slot] = 0;
		ddos_reset_warp(&b->dd, slot);
	}
	if (b->inner->ops->warp_added)
		b->inner->ops->warp_added(b->inner, slot, age);
}

static void bows_warp_removed(struct sched *s, unsigned slot)
{
	struct bows *b = bows_of(s);

	if (sched_owns(s, slot))
		bows_leave(b, slot);
	if (b->inner->ops->warp_removed)
		b->inner->ops->warp_removed(b->inner, slot);
}

static void bows_issued(struct sched *s, unsigned slot, uint64_t cycle,
			unsigned n_active, uint32_t pc)
{
	struct bows *b = bows_of(s);

	bows_tick(b, cycle);
	b->now = cycle;
	b->win_insn++;
	b->st.insn++;
	if (sched_owns(s, slot) && b->off[slot]) {
		/* leaving the backed-off state: the pending delay starts */
		bows_leave(b, slot);
		b->free_at[slot] = cycle + b->limit;
	}
	if (b->inner->ops->issued)
		b->inner->ops->issued(b->inner, slot, cycle, n_active, pc);
}

static void bows_issue_failed(struct sched *s, unsigned slot, uint64_t cycle)
{
	struct bows *b = bows_of(s);

	if (b->inner->ops->issue_failed)
		b->inner->ops->issue_failed(b->inner, slot, cycle);
}

static void bows_warp_exited(struct sched *s, unsigned slot, uint64_t cycle)
{
	struct bows *b = bows_of(s);

	if (sched_owns(s, slot))
		bows_leave(b, slot);
	if (slot < s->ini.n_slots)
		ddos_reset_warp(&b->dd, slot);
	if (b->inner->ops->warp_exited)
		b->inner->ops->warp_exited(b->inner, slot, cycle);
}

static void bows_barrier_arrive(struct sched *s, unsigned slot, unsigned tb,
				unsigned n_waiting)
{
	struct bows *b = bows_of(s);

	if (b->inner->ops->barrier_arrive)
		b->inner->ops->barrier_arrive(b->inner, slot, tb, n_waiting);
}

static void bows_barrier_release(struct sched *s, unsigned tb)
{
	struct bows *b = bows_of(s);

	if (b->inner->ops->barrier_release)
		b->inner->ops->barrier_release(b->inner, tb);
}

static void bows_tb_start(struct sched *s, unsigned tb, uint64_t tb_age)
{
	struct bows *b = bows_of(s);

	if (b->inner->ops->tb_start)
		b->inner->ops->tb_start(b->inner, tb, tb_age);
}

static void bows_tb_end(struct sched *s, unsigned tb)
{
	struct bows *b = bows_of(s);

	if (b->inner->ops->tb_end)
		b->inner->ops->tb_end(b->inner, tb);
}

/*
 * A launch begins: cycles restart at 0, so the cycle stamps (pending
 * delays, window) restart; pcs are the new kernel's, so DDOS's histories
 * and SIB-PT start empty.  The delay limit (per-SM hardware state) stays.
 */
static void bows_launch_start(struct sched *s, const uint8_t *sib_pc,
			      uint32_t n_pc)
{
	struct bows *b = bows_of(s);

	b->sib_pc = sib_pc;
	b->n_pc = n_pc;
	memset(b->free_at, 0, sizeof(b->free_at));
	b->win_end = BOWS_WINDOW;
	b->win_insn = b->win_sib = b->prev_insn = b->prev_sib = 0;
	b->now = 0;
	ddos_init(&b->dd, &b->par);
	if (b->inner->ops->launch_start)
		b->inner->ops->launch_start(b->inner, sib_pc, n_pc);
}

static void bows_setp(struct sched *s, unsigned slot, uint32_t pc,
		      uint64_t a, uint64_t x)
{
	struct bows *b = bows_of(s);

	if (slot < s->ini.n_slots) {
		ddos_tick(&b->dd, b->now);
		ddos_setp(&b->dd, slot, pc, a, x);
	}
	if (b->inner->ops->setp_executed)
		b->inner->ops->setp_executed(b->inner, slot, pc, a, x);
}

/* A taken backward branch: the issued event of the same instruction came
 * just before, so b->now is its cycle. */
static void bows_branch(struct sched *s, unsigned slot, uint32_t pc,
			uint32_t target)
{
	struct bows *b = bows_of(s);
	bool truth = b->sib_pc && pc < b->n_pc && b->sib_pc[pc];
	bool sib;

	ddos_tick(&b->dd, b->now);
	sib = slot < s->ini.n_slots && ddos_branch(&b->dd, slot, pc, b->now);

	if (b->par.oracle)
		sib = truth && slot < s->ini.n_slots;
	if (sib) {
		b->win_sib++;
		b->st.sib++;
		if (sched_owns(s, slot) && !b->off[slot]) {
			b->off[slot] = true;
			sched_ring_push(&b->links, &b->q, slot);
			b->st.backoffs++;
		}
	}
	if (b->inner->ops->branch_backward)
		b->inner->ops->branch_backward(b->inner, slot, pc, target);
}

/*
 * Statistics: own-warp counters from every scheduler; the SM-wide ones
 * (SIBs, windows, limit, DDOS) from scheduler 0 only, since every
 * scheduler keeps the same copy.  DPR parts: for each backward branch
 * confirmed as a SIB, the cycles from its first taken execution to its
 * confirmation (ddos_detect_cycles) and to its last (ddos_span_cycles).
 */
static void bows_stats(struct sched *s, struct stats *st)
{
	struct bows *b = bows_of(s);
	uint64_t conf = 0, det = 0, span = 0;

	stats_u64(st, "bows_backoffs", b->st.backoffs);
	stats_u64(st, "bows_warps_backed_off", b->st.st_off);
	stats_u64(st, "bows_warps_backed_off_delay", b->st.st_off_wait);
	stats_u64(st, "bows_warps_ready", b->st.st_ready);
	stats_u64(st, "bows_warps_other", b->st.st_other);
	if (s->ini.sched_id == 0) {
		stats_u64(st, "bows_sib_taken", b->st.sib);
		stats_u64(st, "bows_windows", b->st.windows);
		stats_u64(st, "bows_limit_sum", b->st.limit_sum);
		stats_u64_array(st, "bows_limit_hist", b->st.limit_hist,
				BOWS_HIST);
		stats_u64_array(st, "bows_sib_frac_hist", b->st.frac_hist,
				BOWS_FRAC_HIST);
		stats_u64(st, "bows_limit_raises", b->st.raises);
		stats_u64(st, "bows_limit_lowers", b->st.lowers);
		uint64_t ts = 0, td = 0, fs = 0, fd = 0;
		for (unsigned i = 0; i < b->dd.n_seen; i++) {
			const struct ddos_seen *e = &b->dd.seen[i];
			bool ok = e->confirmed != UINT64_MAX;
			bool truth = b->sib_pc && e->pc < b->n_pc &&
				     b->sib_pc[e->pc];
			ts += truth;
			td += truth && ok;
			fs += !truth;
			fd += !truth && ok;
			if (!ok)
				continue;
			conf++;
			det += e->confirmed - e->first;
			span += e->last - e->first;
		}
		if (b->sib_pc) {
			/* TSDR = true_detected / true_sibs, FSDR =
			 * false_detected / false_branches */
			stats_u64(st, "ddos_true_sibs", ts);
			stats_u64(st, "ddos_true_detected", td);
			stats_u64(st, "ddos_false_branches", fs);
			stats_u64(st, "ddos_false_detected", fd);
		}
		stats_u64(st, "ddos_branches_seen", b->dd.n_seen);
		stats_u64(st, "ddos_share_handoffs", b->dd.handoffs);
		b->dd.handoffs = 0;
		stats_u64(st, "ddos_sibs_confirmed", conf);
		stats_u64(st, "ddos_detect_cycles", det);
		stats_u64(st, "ddos_span_cycles", span);
		b->dd.n_seen = 0;
	}
	memset(&b->st, 0, sizeof(b->st));
	if (b->inner->ops->stats)
		b->inner->ops->stats(b->inner, st);
}

const struct sched_ops sched_bows_ops = {
	.name = "bows",
	.desc = "BOWS back-off warp spinning over a base policy: bows:BASE "
		"(bows:gto, bows:lrr, bows:cawa); SIBs by DDOS; options "
		"bows_delay, ddos_*",
	.priv_size = sizeof(struct bows),
	.wrapper = true,
	.init = bows_init,
	.release = bows_release,
	.order = bows_order,
	.warp_added = bows_warp_added,
	.warp_removed = bows_warp_removed,
	.issued = bows_issued,
	.issue_failed = bows_issue_failed,
	.warp_exited = bows_warp_exited,
	.barrier_arrive = bows_barrier_arrive,
	.barrier_release = bows_barrier_release,
	.tb_start = bows_tb_start,
	.tb_end = bows_tb_end,
	.setp_executed = bows_setp,
	.branch_backward = bows_branch,
	.stats = bows_stats,
	.launch_start = bows_launch_start,
};
