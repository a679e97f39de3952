/*
 * test_bows.c - the BOWS wrapper (src/sched/bows.c) driven by hook calls
 * with no SM pipeline: Fig. 4's sequence (back-off on a SIB, revert on
 * issue, pending back-off delay, backed-off queue order), composition
 * (bows:X with a zero delay and no SIBs orders exactly as X, for every
 * base policy, under random events), the adaptive limit's FRAC1 rule and
 * its statistics, and the wrapper's name errors.
 */
#include "test.h"

#include "sched/sched.h"
#include "stats/stats.h"
#include "unit/sched_fake.h"

static struct sched *mk(const char *name, unsigned n_slots,
			const struct sched_bows_params *p)
{
	struct sched_init ini = {.n_sched = 1, .n_slots = n_slots,
				 .args = "", .bows = p};
	char err[200];
	struct sched *s = sched_create(name, &ini, err, sizeof(err));
	if (!s)
		fprintf(stderr, "sched_create(%s): %s\n", name, err);
	return s;
}

static void launch(struct fake *f, struct sched *s, unsigned w, uint64_t age)
{
	bit_set(f->valid, w, 1);
	bit_set(f->ready, w, 1);
	f->age[w] = age;
	s->ops->warp_added(s, w, age);
}

static unsigned ord(struct sched *s, struct fake *f, uint64_t cycle,
		    uint16_t *out)
{
	f->v.cycle = cycle;
	return s->ops->order(s, &f->v, out, NW);
}

static int same(struct sched *s, struct fake *f, uint64_t cycle,
		const int *want)
{
	uint16_t out[NW];
	unsigned n = ord(s, f, cycle, out), i;

	for (i = 0; i < n && want[i] >= 0; i++)
		if (out[i] != want[i])
			break;
	if (i == n && want[i] < 0)
		return 1;
	fprintf(stderr, "  order at %llu:", (unsigned long long)cycle);
	for (i = 0; i < n; i++)
		fprintf(stderr, " %u", out[i]);
	fprintf(stderr, "\n  expected:");
	for (i = 0; want[i] >= 0; i++)
		fprintf(stderr, " %d", want[i]);
	fprintf(stderr, "\n");
	return 0;
}

#define ORDER_AT(s, f, c, ...)                                                 \
	CHECK(same((s), (f), (c), (const int[]){__VA_ARGS__, -1}))

/* Fig. 7a's loop: CAS setp (7), done setp (18), SIB (19). */
static void spin_iter(struct sched *s, unsigned w, uint64_t cycle, bool sib)
{
	s->ops->issued(s, w, cycle, 32, 7);
	s->ops->setp_executed(s, w, 7, 1, 0);
	s->ops->issued(s, w, cycle, 32, 18);
	s->ops->setp_executed(s, w, 18, 0, 0);
	s->ops->issued(s, w, cycle, 32, 19);
	if (sib)
		s->ops->branch_backward(s, w, 19, 4);
}

/* Fig. 4 on bows:gto, fixed delay 100, SIB confirmed at confidence 1. */
TEST(fig4_sequence)
{
	struct sched_bows_params p;
	struct fake f;
	struct sched *s;

	sched_bows_defaults(&p);
	p.adaptive = false;
	p.delay = 100;
	p.ddos_t = 1;
	fake_init(&f, 8);
	s = mk("bows:gto", 8, &p);
	CHECK(s != NULL);
	if (!s)
		return;
	launch(&f, s, 0, 0);
	launch(&f, s, 1, 1);
	launch(&f, s, 2, 2);
	/* (1) W0 has high priority (greedy, oldest) */
	ORDER_AT(s, &f, 1, 0, 1, 2);
	/* DDOS learns the loop: two iterations, then the SIB while spinning
	 * (the branch is taken but the warp was not spinning yet: no SIB) */
	spin_iter(s, 0, 2, true);
	ORDER_AT(s, &f, 3, 0, 1, 2);
	spin_iter(s, 0, 3, true);
	/* (2) SIB executed: backed-off, pushed to the back */
	ORDER_AT(s, &f, 4, 1, 2, 0);
	/* (3)(4) it issues (the CAS): leaves the backed-off state, priority
	 * reverts, pending delay = 100 from cycle 10 */
	s->ops->issued(s, 0, 10, 32, 4);
	ORDER_AT(s, &f, 11, 0, 1, 2);
	/* (6) long critical section: the next SIB comes after the delay ran
	 * out, so W0 is backed-off but eligible */
	s->ops->setp_executed(s, 0, 7, 1, 0);
	s->ops->issued(s, 0, 200, 32, 18);
	s->ops->setp_executed(s, 0, 18, 0, 0);
	s->ops->issued(s, 0, 200, 32, 19);
	s->ops->branch_backward(s, 0, 19, 4);
	ORDER_AT(s, &f, 201, 1, 2, 0);
	/* (7) scheduled again at 210: delay runs until 310 */
	s->ops->issued(s, 0, 210, 32, 4);
	ORDER_AT(s, &f, 211, 0, 1, 2);
	/* (8)(9) fails at once: another SIB; not eligible until 310 */
	spin_iter(s, 0, 212, true);
	ORDER_AT(s, &f, 213, 1, 2);
	ORDER_AT(s, &f, 309, 1, 2);
	/* (10) eligible again */
	ORDER_AT(s, &f, 310, 1, 2, 0);
	/* the queue is FIFO: W1 backs off after W0 (its second iteration
	 * makes it spinning, the SIB-PT already knows the branch) */
	spin_iter(s, 1, 311, true);
	spin_iter(s, 1, 312, true);
	ORDER_AT(s, &f, 314, 2, 0, 1);
	/* W1 issues and spins again at once: its delay holds it to 413 */
	spin_iter(s, 1, 313, true);
	ORDER_AT(s, &f, 314, 2, 0);
	ORDER_AT(s, &f, 413, 2, 0, 1);
	/* removing a backed-off warp takes it out of the queue */
	bit_set(f.valid, 0, 0);
	s->ops->warp_removed(s, 0);
	ORDER_AT(s, &f, 415, 2, 1);
	sched_destroy(s);
}

static uint64_t rng(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/*
 * bows:X (delay 0) and X under the same random launches, exits,
 * readiness, issues and setps but no backward branch (so no SIB): the
 * orders are equal every cycle.
 */
static void same_as_base(const char *base, unsigned n_slots, uint64_t seed)
{
	struct sched_bows_params p;
	struct fake f;
	char name[64];
	struct sched *a, *b;
	uint16_t oa[NW], ob[NW];
	uint8_t added[NW] = {0};
	uint64_t x = seed, age = 0;

	sched_bows_defaults(&p);
	p.adaptive = false;
	p.delay = 0;
	snprintf(name, sizeof(name), "bows:%s", base);
	fake_init(&f, n_slots);
	a = mk(base, n_slots, &p);
	b = mk(name, n_slots, &p);
	CHECK(a && b);
	if (!a || !b)
		return;
	CHECK(a->long_op == b->long_op);
	for (uint64_t c = 0; c < 4000; c++) {
		unsigned w = (unsigned)(rng(&x) % n_slots);
		unsigned act = (unsigned)(rng(&x) % 8);
		f.v.cycle = c;
		if (act == 0 && !added[w]) {
			bit_set(f.valid, w, 1);
			bit_set(f.ready, w, 1);
			if (a->ops->warp_added)
				a->ops->warp_added(a, w, age);
			b->ops->warp_added(b, w, age++);
			added[w] = 1;
		} else if (act == 1 && added[w]) {
			bit_set(f.valid, w, 0);
			if (a->ops->warp_removed)
				a->ops->warp_removed(a, w);
			b->ops->warp_removed(b, w);
			added[w] = 0;
		} else if (act == 2) {
			bit_set(f.ready, w, (int)(rng(&x) & 1));
		} else if (act == 3) {
			bit_set(f.long_op, w, (int)(rng(&x) & 1));
		} else if (act == 4 && added[w]) {
			if (a->ops->setp_executed)
				a->ops->setp_executed(a, w, 7, 1, 0);
			b->ops->setp_executed(b, w, 7, 1, 0);
		}
		unsigned na = a->ops->order(a, &f.v, oa, NW);
		unsigned nb = b->ops->order(b, &f.v, ob, NW);
		CHECK_EQ_U64(na, nb);
		if (na != nb || memcmp(oa, ob, na * sizeof(oa[0]))) {
			CHECK(!"orders differ");
			break;
		}
		if (na && sched_bit(f.ready, oa[0])) {
			if (a->ops->issued)
				a->ops->issued(a, oa[0], c, 32, (uint32_t)c);
			b->ops->issued(b, oa[0], c, 32, (uint32_t)c);
		} else if (na > 1) {
			if (a->ops->issue_failed)
				a->ops->issue_failed(a, oa[1], c);
			b->ops->issue_failed(b, ob[1], c);
		}
	}
	sched_destroy(a);
	sched_destroy(b);
}

TEST(zero_delay_no_sib_is_base)
{
	const struct sched_ops *const *r = sched_registry();

	for (unsigned i = 0; r[i]; i++) {
		if (r[i]->wrapper)
			continue;
		same_as_base(r[i]->name, 48, 0x1234 + i);
		same_as_base(r[i]->name, 13, 0x99 + i);
	}
	same_as_base("gto:500", 48, 7);
	same_as_base("tl:4", 48, 8);
}

TEST(wrapper_names)
{
	struct sched_init ini = {.n_sched = 2, .n_slots = 48, .args = ""};
	char err[200];
	struct sched *s;

	CHECK(sched_create("bows", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "bows:gto");
	CHECK(sched_create("bows:nope", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "nope");
	CHECK(sched_create("bows:gto:x", &ini, err, sizeof(err)) == NULL);
	CHECK(sched_check("bows:bows:gto", 2, 48, err, sizeof(err)) == 0);
	s = sched_create("bows:tl:4", &ini, err, sizeof(err));
	CHECK(s && s->long_op);
	sched_destroy(s);
	s = sched_create("bows:gto:50000", &ini, err, sizeof(err));
	CHECK(s && !s->long_op);
	sched_destroy(s);
	CHECK(sched_check("bows:cawa", 2, 48, err, sizeof(err)) == 0);
}

/*
 * Fig. 5 on a spin loop of 8 instructions (pcs 12..19, 19 the annotated
 * SIB), one warp issuing every cycle: every window has SIB / Total =
 * 1/8.  FRAC1 0.5 never raises the limit (it stays at the minimum, 1000);
 * FRAC1 0.05 raises it by 250 at the end of each of the 3 windows.  The
 * ratio Total / SIB does not change, so nothing lowers it.
 */
static void adaptive_run(double frac1, uint64_t want_raises,
			 uint64_t want_sum)
{
	struct sched_bows_params p;
	struct fake f;
	uint8_t sib[32] = {0};
	uint16_t out[NW];
	struct stats *st = stats_create();
	uint64_t x = 0;
	struct sched *s;

	sched_bows_defaults(&p);
	p.frac1 = frac1;
	p.oracle = true;
	sib[19] = 1;
	fake_init(&f, 8);
	s = mk("bows:gto", 8, &p);
	CHECK(s != NULL);
	if (!s)
		return;
	s->ops->launch_start(s, sib, 32);
	launch(&f, s, 0, 0);
	for (uint64_t c = 0; c < 3000; c++) {
		uint32_t pc = 12 + (uint32_t)(c % 8);
		s->ops->issued(s, 0, c, 32, pc);
		if (pc == 19)
			s->ops->branch_backward(s, 0, 19, 12);
	}
	ord(s, &f, 3000, out);
	s->ops->stats(s, st);
	CHECK(stats_get_u64(st, "bows_windows", &x) && x == 3);
	CHECK(stats_get_u64(st, "bows_limit_raises", &x) &&
	      x == want_raises);
	CHECK(stats_get_u64(st, "bows_limit_lowers", &x) && x == 0);
	CHECK(stats_get_u64(st, "bows_limit_sum", &x) && x == want_sum);
	CHECK(stats_get_u64(st, "bows_sib_taken", &x) && x == 375);
	stats_destroy(st);
	sched_destroy(s);
}

TEST(adaptive_frac1)
{
	adaptive_run(0.5, 0, 3000);
	adaptive_run(0.05, 3, 1250 + 1500 + 1750);
}

TEST(params_parse)
{
	struct sched_bows_params p;
	char err[200];

	CHECK(sched_bows_parse(&p, "adaptive", "xor", 8, 8, 8, 4, err,
			       sizeof(err)) == 0 && p.adaptive);
	CHECK(sched_bows_parse(&p, "3000", "mod", 8, 4, 4, 2, err,
			       sizeof(err)) == 0);
	CHECK(!p.adaptive && p.delay == 3000 && p.ddos_mod && p.ddos_m == 4);
	CHECK(p.frac1 == 0.5);
	CHECK(sched_bows_parse(&p, "adaptive:0.05", "xor", 8, 8, 8, 4, err,
			       sizeof(err)) == 0 && p.adaptive &&
	      p.frac1 == 0.05);
	CHECK(sched_bows_parse(&p, "adaptive:0", "xor", 8, 8, 8, 4, err,
			       sizeof(err)) == -1);
	CHECK(sched_bows_parse(&p, "adaptive:1.5", "xor", 8, 8, 8, 4, err,
			       sizeof(err)) == -1);
	CHECK(sched_bows_parse(&p, "adaptive:x", "xor", 8, 8, 8, 4, err,
			       sizeof(err)) == -1);
	CHECK(sched_bows_parse(&p, "fast", "xor", 8, 8, 8, 4, err,
			       sizeof(err)) == -1);
	CHECK(sched_bows_parse(&p, "0", "crc", 8, 8, 8, 4, err,
			       sizeof(err)) == -1);
}

TEST_MAIN()
