/*
 * test_pro.c - PRO, progress-aware warp scheduling (pro.txt section III,
 * Algorithm 1, Fig. 3) through its ops table on a synthetic SM: every
 * Fig. 3 transition, insertFinishWarp, insertBarrierWarp and
 * scheduleWarps (phase switch, THRESHOLD re-sort), the orders of both
 * phases with their ties, one TB order shared by two schedulers, the
 * THRESHOLD argument and the policy statistics.
 */
#include "test.h"
#include "sched/sched.h"
#include "stats/stats.h"

#define NT 4        /* TBs */
#define WPT 4       /* warps per TB: TB k = slots 4k..4k+3 */
#define NS (NT * WPT)

struct sm {
	struct sched *s[2];     /* the schedulers */
	unsigned n_sched;       /* schedulers in use */
	uint64_t valid[4];      /* view bitsets */
	uint64_t ready[4];
	uint64_t bar[4];
	uint64_t lo[4];
	uint64_t age[NS];       /* per slot */
	uint16_t tb[NS];        /* per slot */
	uint64_t tb_age[NT];    /* per TB */
	struct sched_view v;    /* the view over the above */
};

/* Start TB k (global index gid) with its 4 warps on every scheduler. */
static void sm_tb_start(struct sm *m, unsigned k, uint64_t gid)
{
	m->tb_age[k] = gid;
	for (unsigned i = 0; i < m->n_sched; i++)
		m->s[i]->ops->tb_start(m->s[i], k, gid);
	for (unsigned w = WPT * k; w < WPT * k + WPT; w++) {
		m->age[w] = gid * WPT + w % WPT;
		m->tb[w] = (uint16_t)k;
		m->valid[0] |= 1ULL << w;
		m->ready[0] |= 1ULL << w;
		m->s[w % m->n_sched]->ops->warp_added(m->s[w % m->n_sched], w,
						       m->age[w]);
	}
}

static void sm_init(struct sm *m, const char *policy, unsigned n_sched)
{
	char err[128];
	memset(m, 0, sizeof(*m));
	m->n_sched = n_sched;
	for (unsigned i = 0; i < n_sched; i++) {
		struct sched_init ini = {.sched_id = i, .n_sched = n_sched,
					 .n_slots = NS, .args = ""};
		m->s[i] = sched_create(policy, &ini, err, sizeof(err));
		if (!m->s[i])
			fprintf(stderr, "%s: %s\n", policy, err);
	}
	m->v = (struct sched_view){.n_slots = NS, .valid = m->valid,
		.ready = m->ready, .at_barrier = m->bar, .long_op = m->lo,
		.age = m->age, .tb = m->tb, .tb_age = m->tb_age,
		.tbs_pending = true, .cycle = 1};
	for (unsigned k = 0; k < NT; k++)
		sm_tb_start(m, k, k);
}

/* Ask every scheduler once, as the model does before the first issue. */
static void sm_ask(struct sm *m)
{
	uint16_t out[NS];
	for (unsigned i = 0; i < m->n_sched; i++)
		m->s[i]->ops->order(m->s[i], &m->v, out, NS);
}

static void sm_free(struct sm *m)
{
	for (unsigned i = 0; i < m->n_sched; i++)
		sched_destroy(m->s[i]);
}

/* Warp w issues n_insn instructions of `lanes` active lanes. */
static void sm_issue(struct sm *m, unsigned w, unsigned n_insn,
		     unsigned lanes)
{
	for (unsigned j = 0; j < n_insn; j++)
		for (unsigned i = 0; i < m->n_sched; i++)
			m->s[i]->ops->issued(m->s[i], w, m->v.cycle, lanes, 0);
}

static void sm_exit(struct sm *m, unsigned w)
{
	m->ready[0] &= ~(1ULL << w);
	for (unsigned i = 0; i < m->n_sched; i++)
		m->s[i]->ops->warp_exited(m->s[i], w, m->v.cycle);
}

/* Warp w arrives at its TB's barrier as the n-th waiting warp. */
static void sm_arrive(struct sm *m, unsigned w, unsigned n)
{
	m->bar[0] |= 1ULL << w;
	m->ready[0] &= ~(1ULL << w);
	for (unsigned i = 0; i < m->n_sched; i++)
		m->s[i]->ops->barrier_arrive(m->s[i], w, m->tb[w], n);
}

static void sm_release(struct sm *m, unsigned k)
{
	for (unsigned w = WPT * k; w < WPT * k + WPT; w++) {
		m->bar[0] &= ~(1ULL << w);
		m->ready[0] |= 1ULL << w;
	}
	for (unsigned i = 0; i < m->n_sched; i++)
		m->s[i]->ops->barrier_release(m->s[i], k);
}

/* Scheduler i's order at cycle c as "a,b,c". */
static const char *sm_order(struct sm *m, unsigned i, uint64_t c)
{
	static char buf[128];
	uint16_t out[NS];
	m->v.cycle = c;
	unsigned n = m->s[i]->ops->order(m->s[i], &m->v, out, NS);
	buf[0] = 0;
	for (unsigned j = 0; j < n; j++)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%u",
			 j ? "," : "", out[j]);
	return buf;
}

#define ORDER_IS(m, c, want)                                          \
	do {                                                          \
		const char *got_ = sm_order((m), 0, (c));             \
		if (strcmp(got_, (want)))                             \
			fprintf(stderr, "  order at %llu: got %s want %s\n", \
				(unsigned long long)(c), got_, (want)); \
		CHECK(!strcmp(got_, (want)));                         \
	} while (0)

TEST(pro_nowait_resorted_only_after_threshold)
{
	struct sm m;
	sm_init(&m, "pro", 1);
	/* equal progress: global index order, warps in slot order */
	ORDER_IS(&m, 1, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
	/* TB2 gets the most progress (w9 most), TB1 next */
	sm_issue(&m, 9, 10, 32);
	sm_issue(&m, 10, 5, 32);
	sm_issue(&m, 5, 8, 32);
	/* no event, before the boundary: order unchanged */
	ORDER_IS(&m, 500, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
	ORDER_IS(&m, 1000, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
	/* currCycle - lastSortCycle > THRESHOLD: sortTBs (more progress
	 * first, ties by global index), sortWarps (decreasing) */
	ORDER_IS(&m, 1001, "9,10,8,11,5,4,6,7,0,1,2,3,12,13,14,15");
	/* TB3 overtakes, active lanes count (8 x 32 lanes < 300 x 1) */
	sm_issue(&m, 15, 300, 1);
	sm_issue(&m, 0, 1, 16);
	ORDER_IS(&m, 2001, "9,10,8,11,5,4,6,7,0,1,2,3,12,13,14,15");
	ORDER_IS(&m, 2002, "9,10,8,11,15,12,13,14,5,4,6,7,0,1,2,3");
	sm_free(&m);
}

/* Each launch restarts the cycle count at 0 (launch_start): the THRESHOLD
 * period restarts too, so the noWait order keeps being re-sorted. */
TEST(pro_threshold_restarts_with_the_launch)
{
	struct sm m;
	sm_init(&m, "pro", 1);
	ORDER_IS(&m, 50000, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
	m.s[0]->ops->launch_start(m.s[0], NULL, 0);
	sm_issue(&m, 9, 10, 32);
	ORDER_IS(&m, 500, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
	ORDER_IS(&m, 1001, "9,8,10,11,0,1,2,3,4,5,6,7,12,13,14,15");
	sm_free(&m);
}

TEST(pro_threshold_argument)
{
	struct sm m;
	char err[128];
	struct sched_init ini = {.n_sched = 1, .n_slots = NS, .args = ""};
	CHECK(sched_create("pro:x", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "THRESHOLD");
	CHECK(sched_create("pro:0", &ini, err, sizeof(err)) == NULL);
	CHECK(sched_create("pro:12a", &ini, err, sizeof(err)) == NULL);
	sm_init(&m, "pro:250", 1);
	sm_issue(&m, 13, 1, 32);
	ORDER_IS(&m, 250, "0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
	ORDER_IS(&m, 251, "13,12,14,15,0,1,2,3,4,5,6,7,8,9,10,11");
	sm_free(&m);
}

TEST(pro_nowait_ties_by_global_index)
{
	struct sm m;
	sm_init(&m, "pro", 1);
	/* TB slot 0 restarts with global index 9: behind the others */
	for (unsigned w = 0; w < WPT; w++) {
		m.s[0]->ops->warp_removed(m.s[0], w);
		m.valid[0] &= ~(1ULL << w);
	}
	m.s[0]->ops->tb_end(m.s[0], 0);
	sm_tb_start(&m, 0, 9);
	ORDER_IS(&m, 1001, "4,5,6,7,8,9,10,11,12,13,14,15,0,1,2,3");
	sm_free(&m);
}

TEST(pro_finish_wait_first_and_sorted)
{
	struct sm m;
	sm_init(&m, "pro", 1);
	sm_ask(&m);
	sm_issue(&m, 4, 4, 32);
	sm_issue(&m, 5, 1, 32);
	sm_issue(&m, 6, 3, 32);
	sm_issue(&m, 12, 20, 32);
	/* noWait -> finishWait (H) on TB1's first finished warp; its
	 * warps by increasing progress; the others keep their L order */
	sm_exit(&m, 7);
	ORDER_IS(&m, 2, "7,5,6,4,0,1,2,3,8,9,10,11,12,13,14,15");
	/* TB3 (more progress) gets a finished warp: tie on nWarpsFin,
	 * more progress first */
	sm_exit(&m, 15);
	ORDER_IS(&m, 3, "13,14,15,12,7,5,6,4,0,1,2,3,8,9,10,11");
	/* TB1 gets a second one: more finished warps first */
	sm_exit(&m, 5);
	ORDER_IS(&m, 4, "7,5,6,4,13,14,15,12,0,1,2,3,8,9,10,11");
	/* all warps of TB1 exited: Finish, listed last */
	sm_exit(&m, 4);
	sm_exit(&m, 6);
	ORDER_IS(&m, 5, "13,14,15,12,0,1,2,3,8,9,10,11,7,5,6,4");
	sm_free(&m);
}

TEST(pro_barrier_wait_transitions)
{
	struct sm m;
	sm_init(&m, "pro", 1);
	sm_ask(&m);
	sm_issue(&m, 1, 5, 32);
	sm_issue(&m, 0, 2, 32);
	sm_issue(&m, 9, 1, 32);
	sm_issue(&m, 8, 1, 32);
	/* noWait -> barrierWait (M): TB2 first, warps by increasing
	 * progress */
	sm_arrive(&m, 8, 1);
	ORDER_IS(&m, 2, "10,11,8,9,0,1,2,3,4,5,6,7,12,13,14,15");
	/* TB0 (more progress) ties on one waiting warp: goes first */
	sm_arrive(&m, 3, 1);
	ORDER_IS(&m, 3, "2,3,0,1,10,11,8,9,4,5,6,7,12,13,14,15");
	/* TB2 gets two waiting: more waiting warps first */
	sm_arrive(&m, 10, 2);
	ORDER_IS(&m, 4, "10,11,8,9,2,3,0,1,4,5,6,7,12,13,14,15");
	/* finishWait (H) above barrierWait (M) */
	sm_exit(&m, 13);
	ORDER_IS(&m, 5, "12,13,14,15,10,11,8,9,2,3,0,1,4,5,6,7");
	/* all at the barrier: TB2 barrierWait -> noWait, inserted into L
	 * by its progress (2 x 32, ahead of TB1 with none) */
	sm_release(&m, 2);
	ORDER_IS(&m, 6, "12,13,14,15,2,3,0,1,10,11,8,9,4,5,6,7");
	/* finishWait -> barrierWait at a first arrival (line 21), behind
	 * TB0 on the tie (less progress) */
	sm_arrive(&m, 12, 1);
	ORDER_IS(&m, 7, "2,3,0,1,12,13,14,15,10,11,8,9,4,5,6,7");
	/* a TB with a finished warp leaves the barrier for finishWait */
	sm_release(&m, 3);
	ORDER_IS(&m, 8, "12,13,14,15,2,3,0,1,10,11,8,9,4,5,6,7");
	/* TB0 back to noWait, ahead of TB2 (more progress) */
	sm_release(&m, 0);
	ORDER_IS(&m, 9, "12,13,14,15,2,3,0,1,10,11,8,9,4,5,6,7");
	sm_free(&m);
}

TEST(pro_slow_phase)
{
	struct sm m;
	sm_init(&m, "pro", 1);
	sm_ask(&m);
	sm_issue(&m, 0, 9, 32);
	sm_issue(&m, 1, 1, 32);
	sm_issue(&m, 5, 4, 32);
	sm_issue(&m, 9, 2, 32);
	sm_issue(&m, 14, 1, 32);
	sm_exit(&m, 0);        /* TB0 finishWait */
	sm_arrive(&m, 6, 1);   /* TB1 barrierWait */
	ORDER_IS(&m, 2, "2,3,1,0,4,6,7,5,8,9,10,11,12,13,14,15");
	/* dispatcher runs dry: finishWait and noWait merge into
	 * finishNoWait, least progress first, warps increasing; barrierWait
	 * becomes barrierWait1 and stays above */
	m.v.tbs_pending = false;
	ORDER_IS(&m, 3, "4,6,7,5,12,13,15,14,8,10,11,9,2,3,1,0");
	/* barrierWait1 -> finishNoWait at its release, by progress */
	sm_release(&m, 1);
	ORDER_IS(&m, 4, "12,13,15,14,8,10,11,9,4,6,7,5,2,3,1,0");
	/* a first barrier arrival in slowTBPhase: barrierWait1 */
	sm_arrive(&m, 3, 1);
	ORDER_IS(&m, 5, "2,3,1,0,12,13,15,14,8,10,11,9,4,6,7,5");
	/* a first finished warp in slowTBPhase stays finishNoWait */
	sm_exit(&m, 9);
	ORDER_IS(&m, 6, "2,3,1,0,12,13,15,14,8,10,11,9,4,6,7,5");
	/* the THRESHOLD sort keeps least progress first */
	sm_issue(&m, 12, 10, 32);
	ORDER_IS(&m, 1001, "2,3,1,0,12,13,15,14,8,10,11,9,4,6,7,5");
	ORDER_IS(&m, 1004, "2,3,1,0,8,10,11,9,4,6,7,5,13,15,14,12");
	/* finishNoWait -> Finish when its last warp exits: listed last */
	sm_exit(&m, 8);
	sm_exit(&m, 10);
	ORDER_IS(&m, 1005, "2,3,1,0,8,10,11,9,4,6,7,5,13,15,14,12");
	sm_exit(&m, 11);
	ORDER_IS(&m, 1006, "2,3,1,0,4,6,7,5,13,15,14,12,8,10,11,9");
	/* a new kernel (TBs pending again): back to fastTBPhase, the
	 * finishNoWait TB with a finished warp becomes finishWait (H) */
	sm_exit(&m, 7);
	m.v.tbs_pending = true;
	ORDER_IS(&m, 1007, "4,6,7,5,2,3,1,0,13,15,14,12,8,10,11,9");
	sm_free(&m);
}

/* Two schedulers (even / odd slots) keep one TB order: progress of the
 * other scheduler's warps counts for the TB. */
TEST(pro_one_tb_order_per_sm)
{
	struct sm m;
	sm_init(&m, "pro", 2);
	sm_ask(&m);
	CHECK(!strcmp(sm_order(&m, 0, 1), "0,2,4,6,8,10,12,14"));
	CHECK(!strcmp(sm_order(&m, 1, 1), "1,3,5,7,9,11,13,15"));
	/* odd warps of TB3 and TB1 progress; even ones of TB2 a little */
	sm_issue(&m, 15, 6, 32);
	sm_issue(&m, 5, 3, 32);
	sm_issue(&m, 8, 2, 32);
	CHECK(!strcmp(sm_order(&m, 0, 1001), "12,14,4,6,8,10,0,2"));
	CHECK(!strcmp(sm_order(&m, 1, 1001), "15,13,5,7,9,11,1,3"));
	/* a barrier event from scheduler 1's warp moves TB0 for both */
	sm_arrive(&m, 1, 1);
	CHECK(!strcmp(sm_order(&m, 0, 1002), "0,2,12,14,4,6,8,10"));
	CHECK(!strcmp(sm_order(&m, 1, 1002), "1,3,15,13,5,7,9,11"));
	sm_free(&m);
}

/* Progress issued before the scheduler learnt the warp's TB (the other
 * scheduler issued first) still counts, and exits before the mapping
 * are applied at it. */
TEST(pro_progress_before_mapping)
{
	struct sm m;
	sm_init(&m, "pro", 2);
	/* no order() yet: scheduler 0 has not mapped odd slots */
	sm_issue(&m, 11, 9, 32);
	sm_exit(&m, 7);
	CHECK(!strcmp(sm_order(&m, 0, 1), "4,6,0,2,8,10,12,14"));
	CHECK(!strcmp(sm_order(&m, 0, 1001), "4,6,8,10,0,2,12,14"));
	sm_free(&m);
}

TEST(pro_stats_counts)
{
	struct sm m;
	struct stats *st = stats_create();
	uint64_t x = 0;
	sm_init(&m, "pro", 1);
	sm_order(&m, 0, 1001);
	sm_order(&m, 0, 2002);
	sm_exit(&m, 1);
	sm_arrive(&m, 5, 1);
	m.v.tbs_pending = false;
	sm_order(&m, 0, 2003);
	m.s[0]->ops->stats(m.s[0], st);
	CHECK(stats_get_u64(st, "pro_sorts", &x) && x == 2);
	CHECK(stats_get_u64(st, "pro_fast_to_slow", &x) && x == 1);
	CHECK(stats_get_u64(st, "pro_enter_finish_wait", &x) && x == 1);
	CHECK(stats_get_u64(st, "pro_enter_barrier_wait", &x) && x == 2);
	stats_destroy(st);
	sm_free(&m);
}

/* Captures the policy's trace lines (struct sched_init.trace). */
struct cap {
	char last[256];  /* text of the last line */
	unsigned n;      /* lines written */
	unsigned sm;     /* SM of the last line */
};

static void cap_trace(void *ctx, const char *ev, unsigned sm,
		      const char *text)
{
	struct cap *c = ctx;
	CHECK(!strcmp(ev, "pro_order"));
	snprintf(c->last, sizeof(c->last), "%s", text);
	c->sm = sm;
	c->n++;
}

/* Table IV: the TB order (global index:state) at each THRESHOLD re-sort
 * and at the switch to slowTBPhase, from scheduler 0 only. */
TEST(pro_trace_tb_order)
{
	struct sm m;
	struct cap c = {.n = 0};
	uint16_t out[NS];
	char err[128];
	sm_init(&m, "pro", 1);
	sched_destroy(m.s[0]);
	struct sched_init ini = {.sm_id = 3, .n_sched = 1, .n_slots = NS,
				 .args = "", .trace = cap_trace,
				 .trace_ctx = &c};
	m.s[0] = sched_create("pro", &ini, err, sizeof(err));
	CHECK(m.s[0] != NULL);
	for (unsigned w = 0; w < NS; w++)
		m.s[0]->ops->warp_added(m.s[0], w, m.age[w]);
	for (unsigned k = 0; k < NT; k++)
		m.s[0]->ops->tb_start(m.s[0], k, 10 + k);
	sm_order(&m, 0, 5);
	CHECK(c.n == 0);
	sm_issue(&m, 6, 2, 32);
	sm_exit(&m, 13);
	sm_arrive(&m, 1, 1);
	sm_order(&m, 0, 1006);
	CHECK(c.n == 1 && c.sm == 3);
	CHECK(!strcmp(c.last, "fast 13:F,10:B,11:N,12:N"));
	m.v.tbs_pending = false;
	m.v.cycle = 1007;
	m.s[0]->ops->order(m.s[0], &m.v, out, NS);
	CHECK(c.n == 2);
	CHECK(!strcmp(c.last, "slow 10:W,12:S,13:S,11:S"));
	sm_free(&m);
}

TEST_MAIN()
