/*
 * test_cawa.c - CAWA's criticality order (src/sched/cawa.c) driven by
 * hook calls: criticality nInst x CPI_avg + nStall with the instruction
 * estimate raised by a backward jump and lowered by a forward skip, the
 * greedy warp first, the lazy re-rank period, a stalled lock holder that
 * rises above spinning warps, and bad arguments.
 */
#include "test.h"

#include "sched/sched.h"

#define NW SCHED_MAX_WARPS

static uint64_t valid[NW / 64], ready[NW / 64], zero[NW / 64];
static uint64_t age[NW], tb_age[NW];
static uint16_t tb[NW];

static struct sched_view view(unsigned n_slots, uint64_t cycle)
{
	struct sched_view v = {.cycle = cycle, .n_slots = n_slots,
			       .valid = valid, .ready = ready,
			       .at_barrier = zero, .long_op = zero, .age = age,
			       .tb = tb, .tb_age = tb_age};
	return v;
}

static struct sched *mk(const char *name)
{
	struct sched_init ini = {.n_sched = 1, .n_slots = 8, .args = ""};
	char err[200];
	struct sched *s = sched_create(name, &ini, err, sizeof(err));
	if (!s)
		fprintf(stderr, "%s: %s\n", name, err);
	return s;
}

static void add(struct sched *s, unsigned w)
{
	valid[0] |= 1ull << w;
	ready[0] |= 1ull << w;
	age[w] = w;
	s->ops->warp_added(s, w, w);
}

TEST(criticality_order)
{
	struct sched *s = mk("cawa");
	uint16_t out[NW];
	struct sched_view v;
	unsigned n;

	CHECK(s != NULL);
	if (!s)
		return;
	s->ops->launch_start(s, NULL, 10); /* nInst starts at 10 */
	for (unsigned w = 0; w < 3; w++)
		add(s, w);
	v = view(8, 0);
	n = s->ops->order(s, &v, out, NW);
	CHECK_EQ_U64(n, 3);
	CHECK(out[0] == 0 && out[1] == 1 && out[2] == 2); /* ties: oldest */
	/* warp 1: pcs 0 1 2 then back to 0 (a loop: +3 predicted) */
	s->ops->issued(s, 1, 1, 32, 0);
	s->ops->issued(s, 1, 2, 32, 1);
	s->ops->issued(s, 1, 3, 32, 2);
	s->ops->issued(s, 1, 4, 32, 0);
	/* warp 0: four straight-line instructions, issued last (greedy) */
	for (unsigned i = 0; i < 4; i++)
		s->ops->issued(s, 0, 5 + i, 32, i);
	/* at 100: w0 (10 - 4) x 25 + 96 = 246; w1 (10 + 3 - 4) x 25 + 96 =
	 * 321; w2 (no instruction yet) 10 x 100 + 100 = 1100: greedy w0,
	 * then w2, w1 */
	v = view(8, 100);
	n = s->ops->order(s, &v, out, NW);
	CHECK(n == 3 && out[0] == 0 && out[1] == 2 && out[2] == 1);
	/* a not-ready warp goes after the ready ones */
	ready[0] &= ~(1ull << 2);
	v = view(8, 101);
	n = s->ops->order(s, &v, out, NW);
	CHECK(n == 3 && out[0] == 0 && out[1] == 1 && out[2] == 2);
	ready[0] |= 1ull << 2;
	/* warp 1 skips forward 0 -> 40 (-39 predicted), then warp 2 issues
	 * (greedy); within the period (re-rank at 116) the ranks stay */
	s->ops->issued(s, 1, 102, 32, 40);
	s->ops->issued(s, 2, 103, 32, 0);
	v = view(8, 104);
	n = s->ops->order(s, &v, out, NW);
	CHECK(n == 3 && out[0] == 2 && out[1] == 1 && out[2] == 0);
	/* re-ranked at 120: w1's estimate 10 - 36 - 5 < 0 is floored at 0,
	 * 0 + 115 = 115, below w0 (6 x 30 + 116 = 296) */
	v = view(8, 120);
	n = s->ops->order(s, &v, out, NW);
	CHECK(n == 3 && out[0] == 2 && out[1] == 0 && out[2] == 1);
	valid[0] = ready[0] = 0;
	sched_destroy(s);
}

/*
 * ht's livelock under CAWA: a lock holder that ran further than the
 * spinning warps (it left the spin loop) and then stalls must rise in
 * rank as it stalls.  Kernel of 60 instructions; both warps ran the same
 * 40-instruction prologue; warp 0 then ran 10 instructions of its
 * critical section and stalls; warp 1 spins on pcs 40..47 (a jump back
 * from 47 to 40 each iteration, one iteration per 400 cycles).  At cycle
 * 100,000: warp 0 (60 - 50) x 2000 + 99,950 = 119,950; warp 1 (60 + 8 x
 * 249 - 2040) x 49.0 + 97,960 = 98,548.  With the estimate started at 0
 * and no floor (the version that livelocked), warp 0 scored -executed =
 * -50 however long it stalled and stayed below warp 1 (about 95,600).
 */
TEST(stalled_holder_rises)
{
	struct sched *s = mk("cawa");
	uint16_t out[NW];
	struct sched_view v;
	uint64_t cyc = 1;
	unsigned n;

	CHECK(s != NULL);
	if (!s)
		return;
	s->ops->launch_start(s, NULL, 60);
	for (unsigned w = 0; w < 3; w++)
		add(s, w);
	v = view(8, 0);
	n = s->ops->order(s, &v, out, NW);
	for (unsigned pc = 0; pc < 40; pc++) {
		s->ops->issued(s, 0, cyc++, 32, pc);
		s->ops->issued(s, 1, cyc++, 32, pc);
	}
	for (unsigned pc = 40; pc < 50; pc++)
		s->ops->issued(s, 0, cyc++, 32, pc);
	for (unsigned it = 0; it < 250; it++)
		for (unsigned pc = 40; pc < 48; pc++)
			s->ops->issued(s, 1, 200 + 400 * it + pc, 32, pc);
	s->ops->issued(s, 2, 99999, 32, 0); /* greedy: warp 2 */
	v = view(8, 100000);
	n = s->ops->order(s, &v, out, NW);
	CHECK(n == 3 && out[0] == 2 && out[1] == 0 && out[2] == 1);
	valid[0] = ready[0] = 0;
	sched_destroy(s);
}

TEST(cawa_args)
{
	struct sched_init ini = {.n_sched = 2, .n_slots = 48, .args = ""};
	char err[200];
	struct sched *s;

	CHECK(sched_create("cawa:0", &ini, err, sizeof(err)) == NULL);
	CHECK(sched_create("cawa:x", &ini, err, sizeof(err)) == NULL);
	s = sched_create("cawa:100", &ini, err, sizeof(err));
	CHECK(s != NULL);
	sched_destroy(s);
}

TEST_MAIN()
