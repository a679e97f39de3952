/*
 * test_sched.c - warp-scheduling policies (src/sched) driven through
 * synthetic struct sched_view states and hook calls, with no SM pipeline:
 * registry and argument errors, a randomized conformance run of every
 * registered policy (own valid slots only, no duplicates, count <= max,
 * the lazy next() agreeing with order(); warps in several TBs, barrier
 * arrivals and releases, exits),
 * LRR order and fairness, GTO greed, age order and rotation, oldest-first,
 * two-level demotion/promotion, and the odd/even split of two schedulers.
 */
#include "test.h"

#include "sched/sched.h"
#include "unit/sched_fake.h"

static struct sched *mk(const char *name, unsigned id, unsigned n_sched,
			unsigned n_slots, uint64_t rotate)
{
	struct sched_init ini = {.sm_id = 0, .sched_id = id,
				 .n_sched = n_sched, .n_slots = n_slots,
				 .args = "", .gto_rotate = rotate};
	char err[200];
	struct sched *s = sched_create(name, &ini, err, sizeof(err));
	if (!s)
		fprintf(stderr, "sched_create(%s): %s\n", name, err);
	return s;
}

/* Launch a live, ready warp in slot with the given age on every scheduler. */
static void launch(struct fake *f, struct sched **s, unsigned n_s,
		   unsigned slot, uint64_t age)
{
	unsigned i;

	bit_set(f->valid, slot, 1);
	bit_set(f->ready, slot, 1);
	f->age[slot] = age;
	for (i = 0; i < n_s; i++)
		if (s[i]->ops->warp_added)
			s[i]->ops->warp_added(s[i], slot, age);
}

static void retire(struct fake *f, struct sched **s, unsigned n_s,
		   unsigned slot)
{
	unsigned i;

	bit_set(f->valid, slot, 0);
	bit_set(f->ready, slot, 0);
	for (i = 0; i < n_s; i++)
		if (s[i]->ops->warp_removed)
			s[i]->ops->warp_removed(s[i], slot);
}

static void issue(struct sched *s, unsigned slot, uint64_t cycle)
{
	if (s->ops->issued)
		s->ops->issued(s, slot, cycle, 32, 0);
}

/* order() into out with room for every slot. */
static unsigned ord(struct sched *s, struct fake *f, uint16_t *out)
{
	return s->ops->order(s, &f->v, out, NW);
}

/* True when order() lists exactly want (-1 terminated); else prints both. */
static int same_order(struct sched *s, struct fake *f, const int *want)
{
	uint16_t out[NW];
	unsigned n = ord(s, f, out), i;

	for (i = 0; i < n && want[i] >= 0; i++)
		if (out[i] != want[i])
			break;
	if (i == n && want[i] < 0)
		return 1;
	fprintf(stderr, "  order of %s:", s->ops->name);
	for (i = 0; i < n; i++)
		fprintf(stderr, " %u", out[i]);
	fprintf(stderr, "\n  expected:");
	for (i = 0; want[i] >= 0; i++)
		fprintf(stderr, " %d", want[i]);
	fprintf(stderr, "\n");
	return 0;
}

#define ORDER_IS(s, f, ...)                                                    \
	CHECK(same_order((s), (f), (const int[]){__VA_ARGS__, -1}))

/* ==== registry ==== */

TEST(registry_lookup_and_list)
{
	const struct sched_ops *const *r = sched_registry();
	char *buf = NULL;
	size_t len = 0;
	FILE *m;
	unsigned i;

	CHECK(sched_lookup("lrr") != NULL);
	CHECK(sched_lookup("gto") && !strcmp(sched_lookup("gto")->name, "gto"));
	CHECK(sched_lookup("oldest") != NULL);
	CHECK(sched_lookup("tl:6:0:1") == sched_lookup("tl"));
	CHECK(sched_lookup("gtox") == NULL);
	CHECK(sched_lookup("gt") == NULL);
	CHECK(sched_lookup("") == NULL);
	m = open_memstream(&buf, &len);
	sched_print_list(m);
	fclose(m);
	for (i = 0; r[i]; i++) {
		CHECK(r[i]->desc && r[i]->desc[0]);
		CHECK(r[i]->order != NULL);
		CHECK_STR_CONTAINS(buf, r[i]->name);
		CHECK_STR_CONTAINS(buf, r[i]->desc);
	}
	CHECK(i >= 4);
	free(buf);
}

TEST(create_errors)
{
	struct sched_init ini = {.sched_id = 0, .n_sched = 2, .n_slots = 48,
				 .args = ""};
	char err[200];
	struct sched *s;

	CHECK(sched_create("bogus:1", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "unknown scheduling policy \"bogus\"");
	CHECK(sched_create("lrr:3", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "lrr takes no arguments");
	CHECK(sched_create("oldest:1", &ini, err, sizeof(err)) == NULL);
	CHECK(sched_create("gto:x", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "gto: bad argument");
	CHECK(sched_create("tl:0", &ini, err, sizeof(err)) == NULL);
	CHECK(sched_create("tl:abc", &ini, err, sizeof(err)) == NULL);
	CHECK(sched_create("tl:6:", &ini, err, sizeof(err)) == NULL);
	CHECK(sched_create("tl:6:0:1:2", &ini, err, sizeof(err)) == NULL);
	CHECK(sched_create("tl:6:1", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "not supported");
	CHECK(sched_create("tl:6:0:0", &ini, err, sizeof(err)) == NULL);
	ini.sched_id = 2;
	CHECK(sched_create("lrr", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "out of range");
	ini.sched_id = 0;
	ini.n_slots = NW + 1;
	CHECK(sched_create("lrr", &ini, err, sizeof(err)) == NULL);
	ini.n_slots = 48;
	/* NULL error buffer is fine */
	CHECK(sched_create("bogus", &ini, NULL, 0) == NULL);
	/* arguments from the name are kept by the instance */
	s = sched_create("tl:4:0:1", &ini, err, sizeof(err));
	CHECK(s && !strcmp(s->ini.args, "4:0:1"));
	sched_destroy(s);
	/* ini->args is used when the name has none */
	ini.args = "8";
	s = sched_create("tl", &ini, err, sizeof(err));
	CHECK(s && !strcmp(s->ini.args, "8"));
	sched_destroy(s);
	ini.args = NULL;
	s = sched_create("gto", &ini, err, sizeof(err));
	CHECK(s && !strcmp(s->ini.args, ""));
	sched_destroy(s);
	sched_destroy(NULL);
}

/* ==== conformance of every registered policy ==== */

static uint64_t rng_next(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/*
 * Orders that must list every own valid warp: all but two-level and the
 * wrappers (BOWS leaves out backed-off warps whose delay has not run out).
 */
static int lists_all(const struct sched_ops *ops)
{
	return strcmp(ops->name, "tl") != 0 && !ops->wrapper;
}

/* Warps the TB-priority policies (mwf, saws) leave out of their order:
 * waiting at a barrier, or in a TB slot beyond their table (64). */
static int tb_skips(const struct sched_ops *ops, const struct fake *f,
		    unsigned w)
{
	if (strcmp(ops->name, "mwf") && strcmp(ops->name, "saws"))
		return 0;
	return sched_bit(f->barrier, w) || f->tb[w] >= 64;
}

/* A creatable name for ops: a wrapper gets the base "gto". */
static const char *pname(const struct sched_ops *ops, char *buf, size_t n)
{
	if (!ops->wrapper)
		return ops->name;
	snprintf(buf, n, "%s:gto", ops->name);
	return buf;
}

/*
 * Check one order() result of scheduler s: own slots only, valid only, no
 * duplicates, count <= max, and (for complete policies) every own valid
 * added warp when max allows.
 */
static void conform_check(struct sched *s, const struct fake *f,
			  const uint8_t *added, const uint16_t *out,
			  unsigned n, unsigned max)
{
	uint8_t seen[NW] = {0};
	unsigned i, want = 0;

	CHECK(n <= max);
	for (i = 0; i < n; i++) {
		unsigned w = out[i];
		CHECK(w < f->v.n_slots);
		if (w >= f->v.n_slots)
			return;
		CHECK(w % s->ini.n_sched == s->ini.sched_id);
		CHECK(sched_bit(f->valid, w));
		CHECK(!seen[w]);
		seen[w] = 1;
	}
	if (!lists_all(s->ops))
		return;
	for (i = s->ini.sched_id; i < f->v.n_slots; i += s->ini.n_sched)
		want += added[i] && sched_bit(f->valid, i) &&
			!tb_skips(s->ops, f, i);
	if (n != MIN(want, max))
		fprintf(stderr, "%s: lists %u of %u\n", s->ops->name, n,
			MIN(want, max));
	CHECK_EQ_U64(n, MIN(want, max));
}

/*
 * The lazy order (sched_ops.next) over a random subset `want` of the own
 * valid ready slots must yield exactly the entries of order() (out, n: the
 * full order just taken) that are in want, in the same order.
 */
static void conform_next(struct sched *s, const struct fake *f,
			 const uint16_t *out, unsigned n, uint64_t *x)
{
	uint64_t want[NW / 64 + 1] = {0};
	unsigned it = 0, w;
	int got;

	for (w = s->ini.sched_id; w < f->v.n_slots; w += s->ini.n_sched)
		if (sched_bit(f->valid, w) && sched_bit(f->ready, w) &&
		    rng_next(x) % 3)
			want[w / 64] |= 1ULL << (w % 64);
	for (unsigned i = 0; i < n; i++) {
		if (!sched_bit(want, out[i]))
			continue;
		got = s->ops->next(s, &f->v, want, &it);
		CHECK_EQ_U64((uint64_t)(int64_t)got, out[i]);
		if (got != (int)out[i])
			return;
	}
	CHECK(s->ops->next(s, &f->v, want, &it) < 0);
}

/* Random launches, exits, readiness flips and issues for one policy. */
static void conform_run(const char *name, unsigned n_sched,
			unsigned n_slots, uint64_t seed)
{
	struct fake f;
	struct sched *s[4];
	uint8_t added[NW] = {0};
	uint16_t out[NW];
	uint64_t x = seed, next_age = 0, c;
	unsigned i;

	fake_init(&f, n_slots);
	for (i = 0; i < n_sched; i++)
		s[i] = mk(name, i, n_sched, n_slots, 37);
	for (c = 0; c < 3000; c++) {
		unsigned w = (unsigned)(rng_next(&x) % n_slots);
		unsigned act = (unsigned)(rng_next(&x) % 10);
		f.v.cycle = c;
		if (act == 0 && !added[w]) {
			/* blocks of 8 slots (TB order = TB slot), so that
			 * TB-ordered policies see several TBs; some warps
			 * in TB slots beyond the policies' tables (64) */
			unsigned tb = w % 11 == 10 ? 64 + w / 8 : w / 8;
			f.tb[w] = (uint16_t)tb;
			f.tb_age[tb] = tb;
			launch(&f, s, n_sched, w, next_age++);
			added[w] = 1;
		} else if (act == 1 && added[w]) {
			retire(&f, s, n_sched, w);
			bit_set(f.barrier, w, 0);
			added[w] = 0;
		} else if (act == 2) {
			/* exit seen in the view before warp_removed (and,
			 * half the time, the exit event to every scheduler:
			 * PRO's Finish TBs) */
			bit_set(f.valid, w, 0);
			if (added[w] && rng_next(&x) % 2)
				for (i = 0; i < n_sched; i++)
					if (s[i]->ops->warp_exited)
						s[i]->ops->warp_exited(s[i], w,
								       c);
		} else if (act == 3) {
			/* a warp at a barrier is never ready */
			bit_set(f.ready, w, (int)(rng_next(&x) & 1) &&
				!sched_bit(f.barrier, w));
		} else if (act == 4) {
			bit_set(f.long_op, w, (int)(rng_next(&x) & 1));
		} else if (act == 5 && added[w]) {
			bit_set(f.valid, w, 1);
		} else if (act == 6 && added[w]) {
			/* w arrives at its TB's barrier; every fourth time
			 * the TB's barrier releases instead */
			unsigned tb = f.tb[w], nwait = 0;
			bool rel = rng_next(&x) % 4 == 0;
			if (!rel) {
				bit_set(f.barrier, w, 1);
				bit_set(f.ready, w, 0);
			}
			for (unsigned u = 0; u < n_slots; u++)
				if (added[u] && f.tb[u] == tb) {
					if (rel)
						bit_set(f.barrier, u, 0);
					nwait += sched_bit(f.barrier, u);
				}
			for (i = 0; i < n_sched; i++) {
				if (rel && s[i]->ops->barrier_release)
					s[i]->ops->barrier_release(s[i], tb);
				if (!rel && s[i]->ops->barrier_arrive)
					s[i]->ops->barrier_arrive(s[i], w, tb,
								  nwait);
			}
		} else if (act == 7 && rng_next(&x) % 64 == 0) {
			/* a new launch (no annotated SIBs) */
			for (i = 0; i < n_sched; i++)
				if (s[i]->ops->launch_start)
					s[i]->ops->launch_start(s[i], NULL, 0);
		} else if (act >= 8 && added[w]) {
			/* spin-like setp (few values) and a backward branch,
			 * to every scheduler, so detectors and BOWS act */
			uint32_t pc = (uint32_t)(rng_next(&x) % 3) * 8;
			uint64_t a = rng_next(&x) % 2;
			for (i = 0; i < n_sched; i++) {
				if (s[i]->ops->setp_executed)
					s[i]->ops->setp_executed(s[i], w, pc,
								 a, 0);
				if (act == 9 && s[i]->ops->branch_backward)
					s[i]->ops->branch_backward(s[i], w,
								   30, 0);
			}
		}
		for (i = 0; i < n_sched; i++) {
			unsigned max = (unsigned)(rng_next(&x) % 4) == 0
				? (unsigned)(rng_next(&x) % 4) : NW;
			unsigned n = s[i]->ops->order(s[i], &f.v, out, max);
			conform_check(s[i], &f, added, out, n, max);
			if (s[i]->ops->next && max == NW)
				conform_next(s[i], &f, out, n, &x);
			/* the issued event reaches every scheduler of the
			 * SM, as in the timing model */
			if (n && sched_bit(f.ready, out[0]))
				for (unsigned j = 0; j < n_sched; j++)
					issue(s[j], out[0], c);
			if (s[i]->ops->issue_failed && n > 1)
				s[i]->ops->issue_failed(s[i], out[1], c);
		}
	}
	for (i = 0; i < n_sched; i++)
		sched_destroy(s[i]);
}

TEST(conformance_all_policies)
{
	const struct sched_ops *const *r = sched_registry();
	unsigned i;

	for (i = 0; r[i]; i++) {
		/* a wrapper runs over every base policy */
		for (unsigned j = 0; r[j]; j++) {
			char buf[64];
			const char *nm = r[i]->name;
			if (r[i]->wrapper && r[j]->wrapper)
				continue;
			if (r[i]->wrapper) {
				snprintf(buf, sizeof(buf), "%s:%s", r[i]->name,
					 r[j]->name);
				nm = buf;
			} else if (j) {
				break;
			}
			conform_run(nm, 1, 48, 0x9e3779b97f4a7c15ull + i);
			conform_run(nm, 2, 48, 0x1234567ull + i);
			conform_run(nm, 4, 64, 0xabcdefull + i);
			conform_run(nm, 3, 13, 0x5555ull + i);
			conform_run(nm, 2, NW, 0x777ull + i);
		}
	}
	/* policy arguments that change the order (inner order of the TB
	 * policies, CAWA's re-rank period) */
	static const char *const args[] = {"mwf:gto", "saws:lrr", "cawa:1"};
	for (i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		conform_run(args[i], 1, 48, 0x9e3779b97f4a7c15ull + i);
		conform_run(args[i], 2, 48, 0x1234567ull + i);
		conform_run(args[i], 3, 13, 0x5555ull + i);
		conform_run(args[i], 2, NW, 0x777ull + i);
	}
}

/* Every policy on an SM with no warps, or a scheduler owning no slots. */
TEST(conformance_empty)
{
	const struct sched_ops *const *r = sched_registry();
	struct fake f;
	uint16_t out[NW];
	char pb[64];
	unsigned i;

	fake_init(&f, 3);
	for (i = 0; r[i]; i++) {
		struct sched *s = mk(pname(r[i], pb, sizeof(pb)), 3, 4, 3, 0);
		CHECK(s && s->ops->order(s, &f.v, out, NW) == 0);
		sched_destroy(s);
		s = mk(pname(r[i], pb, sizeof(pb)), 0, 1, 3, 0);
		CHECK(s && s->ops->order(s, &f.v, out, NW) == 0);
		sched_destroy(s);
	}
}

/* ==== LRR ==== */

TEST(lrr_order_after_last_issued)
{
	struct fake f;
	struct sched *s;
	unsigned w;

	fake_init(&f, 8);
	s = mk("lrr", 0, 1, 8, 0);
	for (w = 0; w < 8; w++)
		launch(&f, &s, 1, w, w);
	ORDER_IS(s, &f, 0, 1, 2, 3, 4, 5, 6, 7);
	issue(s, 3, 0);
	ORDER_IS(s, &f, 4, 5, 6, 7, 0, 1, 2, 3);
	/* no issue: the order stays */
	ORDER_IS(s, &f, 4, 5, 6, 7, 0, 1, 2, 3);
	issue(s, 7, 1);
	ORDER_IS(s, &f, 0, 1, 2, 3, 4, 5, 6, 7);
	/* invalid slots are skipped, readiness does not reorder */
	retire(&f, &s, 1, 5);
	bit_set(f.ready, 1, 0);
	issue(s, 4, 2);
	ORDER_IS(s, &f, 6, 7, 0, 1, 2, 3, 4);
	sched_destroy(s);
}

TEST(lrr_fairness)
{
	static const unsigned cases[][3] = {
		/* n_slots, n_sched, cycles */
		{8, 1, 1000}, {24, 1, 1001}, {48, 2, 997}, {13, 3, 100},
	};
	unsigned c;

	for (c = 0; c < ARRAY_SIZE(cases); c++) {
		unsigned n_slots = cases[c][0], n_sched = cases[c][1];
		unsigned cyc = cases[c][2], k = 0, w, i;
		unsigned cnt[NW] = {0};
		uint16_t out[NW];
		struct fake f;
		struct sched *s;

		fake_init(&f, n_slots);
		s = mk("lrr", n_sched - 1, n_sched, n_slots, 0);
		for (w = 0; w < n_slots; w++)
			launch(&f, &s, 1, w, w);
		for (i = 0; i < cyc; i++) {
			CHECK(ord(s, &f, out) > 0);
			cnt[out[0]]++;
			issue(s, out[0], i);
		}
		for (w = n_sched - 1; w < n_slots; w += n_sched)
			k++;
		for (w = 0; w < n_slots; w++) {
			if (w % n_sched != n_sched - 1) {
				CHECK_EQ_U64(cnt[w], 0);
				continue;
			}
			CHECK(cnt[w] + 1 >= cyc / k && cnt[w] <= cyc / k + 1);
		}
		sched_destroy(s);
	}
}

/* ==== GTO ==== */

/* Slots 0..5 with ages out of slot order: oldest first is 1,3,4,2,0,5. */
static const uint64_t mixed_age[6] = {50, 10, 40, 20, 30, 60};

TEST(gto_greedy_then_oldest)
{
	struct fake f;
	struct sched *s;
	unsigned w;

	fake_init(&f, 6);
	s = mk("gto", 0, 1, 6, 0);
	/* launched in an order that differs from both slot and age order */
	launch(&f, &s, 1, 5, mixed_age[5]);
	launch(&f, &s, 1, 2, mixed_age[2]);
	launch(&f, &s, 1, 0, mixed_age[0]);
	launch(&f, &s, 1, 3, mixed_age[3]);
	launch(&f, &s, 1, 4, mixed_age[4]);
	launch(&f, &s, 1, 1, mixed_age[1]);
	ORDER_IS(s, &f, 1, 3, 4, 2, 0, 5);
	issue(s, 4, 0);
	for (w = 0; w < 5; w++)
		ORDER_IS(s, &f, 4, 1, 3, 2, 0, 5);
	/* greedy stays first while valid, even when not ready */
	bit_set(f.ready, 4, 0);
	ORDER_IS(s, &f, 4, 1, 3, 2, 0, 5);
	/* waiting warps go behind the ready ones, oldest first */
	bit_set(f.ready, 3, 0);
	bit_set(f.ready, 1, 0);
	ORDER_IS(s, &f, 4, 2, 0, 5, 1, 3);
	bit_set(f.ready, 3, 1);
	bit_set(f.ready, 1, 1);
	/* the greedy warp exits: the oldest comes first again */
	bit_set(f.valid, 4, 0);
	ORDER_IS(s, &f, 1, 3, 2, 0, 5);
	retire(&f, &s, 1, 4);
	ORDER_IS(s, &f, 1, 3, 2, 0, 5);
	/* the slot is reused by a young warp: not greedy any more */
	launch(&f, &s, 1, 4, 70);
	ORDER_IS(s, &f, 1, 3, 2, 0, 5, 4);
	issue(s, 0, 1);
	ORDER_IS(s, &f, 0, 1, 3, 2, 5, 4);
	sched_destroy(s);
}

TEST(gto_rotation)
{
	struct fake f;
	struct sched *s[2];
	unsigned w, i;

	fake_init(&f, 5);
	s[0] = mk("gto", 0, 1, 5, 100);
	s[1] = mk("gto:100", 0, 1, 5, 0);
	for (w = 0; w < 4; w++)
		launch(&f, s, 2, w, w);
	for (i = 0; i < 2; i++) {
		f.v.cycle = 0;
		ORDER_IS(s[i], &f, 0, 1, 2, 3);
		f.v.cycle = 99;
		ORDER_IS(s[i], &f, 0, 1, 2, 3);
		f.v.cycle = 100;
		ORDER_IS(s[i], &f, 1, 2, 3, 0);
		f.v.cycle = 199;
		ORDER_IS(s[i], &f, 1, 2, 3, 0);
		f.v.cycle = 200;
		ORDER_IS(s[i], &f, 2, 3, 0, 1);
		/* cycles 300, 400, 500 all pass before the next call */
		f.v.cycle = 555;
		ORDER_IS(s[i], &f, 1, 2, 3, 0);
		/* the greedy warp is not affected */
		issue(s[i], 3, 556);
		f.v.cycle = 600;
		ORDER_IS(s[i], &f, 3, 2, 0, 1);
	}
	/* a newly launched warp ranks behind the rotated ones */
	launch(&f, s, 2, 4, 4);
	ORDER_IS(s[0], &f, 3, 2, 0, 1, 4);
	/* gto_rotate 0: never rotates */
	sched_destroy(s[0]);
	s[0] = mk("gto", 0, 1, 5, 0);
	for (w = 0; w < 5; w++)
		launch(&f, s, 1, w, w);
	f.v.cycle = 1000000;
	ORDER_IS(s[0], &f, 0, 1, 2, 3, 4);
	sched_destroy(s[0]);
	sched_destroy(s[1]);
}

/* A new launch restarts cycles at 0: the rotation schedule restarts too. */
TEST(gto_rotation_next_launch)
{
	struct fake f;
	struct sched *s = mk("gto:100", 0, 1, 4, 0);
	unsigned w;

	fake_init(&f, 4);
	for (w = 0; w < 4; w++)
		launch(&f, &s, 1, w, w);
	f.v.cycle = 5000;
	ord(s, &f, (uint16_t[NW]){0});
	for (w = 0; w < 4; w++)
		retire(&f, &s, 1, w);
	s->ops->launch_start(s, NULL, 0);
	for (w = 0; w < 4; w++)
		launch(&f, &s, 1, w, 10 + w);
	f.v.cycle = 99;
	ORDER_IS(s, &f, 0, 1, 2, 3);
	f.v.cycle = 100;
	ORDER_IS(s, &f, 1, 2, 3, 0);
	sched_destroy(s);
}

/* 50,000-cycle rotation as in BOWS, over a long run. */
TEST(gto_rotation_bows_period)
{
	struct fake f;
	struct sched *s;
	uint16_t out[NW];
	unsigned w;

	fake_init(&f, 8);
	s = mk("gto", 0, 1, 8, 50000);
	for (w = 0; w < 8; w++)
		launch(&f, &s, 1, w, w);
	for (f.v.cycle = 0; f.v.cycle < 400000; f.v.cycle += 1000) {
		unsigned want = (unsigned)(f.v.cycle / 50000 % 8);
		ord(s, &f, out);
		CHECK_EQ_U64(out[0], want);
	}
	sched_destroy(s);
}

/* ==== oldest ==== */

TEST(oldest_first)
{
	struct fake f;
	struct sched *s;
	unsigned w;

	fake_init(&f, 6);
	s = mk("oldest", 0, 1, 6, 100);
	for (w = 0; w < 6; w++)
		launch(&f, &s, 1, w, mixed_age[w]);
	ORDER_IS(s, &f, 1, 3, 4, 2, 0, 5);
	/* no greedy step, no rotation */
	issue(s, 2, 0);
	f.v.cycle = 1000;
	ORDER_IS(s, &f, 1, 3, 4, 2, 0, 5);
	bit_set(f.ready, 1, 0);
	bit_set(f.barrier, 1, 1);
	bit_set(f.ready, 0, 0);
	ORDER_IS(s, &f, 3, 4, 2, 5, 1, 0);
	retire(&f, &s, 1, 3);
	ORDER_IS(s, &f, 4, 2, 5, 1, 0);
	/* a re-added slot takes its new age */
	launch(&f, &s, 1, 3, 5);
	ORDER_IS(s, &f, 3, 4, 2, 5, 1, 0);
	/* equal ages break by slot */
	launch(&f, &s, 1, 3, 40);
	ORDER_IS(s, &f, 4, 2, 3, 5, 1, 0);
	sched_destroy(s);
}

TEST(order_respects_max)
{
	const struct sched_ops *const *r = sched_registry();
	struct fake f;
	uint16_t out[NW];
	char pb[64];
	unsigned i, w;

	fake_init(&f, 12);
	for (i = 0; r[i]; i++) {
		struct sched *s = mk(pname(r[i], pb, sizeof(pb)), 0, 1, 12, 0);
		for (w = 0; w < 12; w++)
			launch(&f, &s, 1, w, w);
		bit_set(f.ready, 0, 0);
		CHECK_EQ_U64(s->ops->order(s, &f.v, out, 0), 0);
		CHECK_EQ_U64(s->ops->order(s, &f.v, out, 1), 1);
		CHECK_EQ_U64(s->ops->order(s, &f.v, out, 3), 3);
		sched_destroy(s);
	}
}

/* ==== two-level ==== */

TEST(tl_pool_demotion_promotion)
{
	struct fake f;
	struct sched *s;
	unsigned w;

	fake_init(&f, 12);
	s = mk("tl", 0, 1, 12, 0);
	for (w = 0; w < 12; w++)
		launch(&f, &s, 1, w, w);
	/* pool 0..5, pending 6..11 */
	ORDER_IS(s, &f, 0, 1, 2, 3, 4, 5);
	/* inner LRR */
	issue(s, 2, 0);
	ORDER_IS(s, &f, 3, 4, 5, 0, 1, 2);
	/* long op: 4 demoted, 6 promoted to the pool tail */
	bit_set(f.long_op, 4, 1);
	ORDER_IS(s, &f, 3, 5, 0, 1, 2, 6);
	bit_set(f.long_op, 4, 0);
	ORDER_IS(s, &f, 3, 5, 0, 1, 2, 6);
	/* two more: pending is now 7..11,4 -> 0,1 go behind 4 */
	bit_set(f.long_op, 0, 1);
	bit_set(f.long_op, 1, 1);
	ORDER_IS(s, &f, 3, 5, 2, 6, 7, 8);
	bit_set(f.long_op, 0, 0);
	bit_set(f.long_op, 1, 0);
	/* waiting (not ready) warps are demoted too */
	bit_set(f.ready, 5, 0);
	bit_set(f.barrier, 5, 1);
	ORDER_IS(s, &f, 3, 2, 6, 7, 8, 9);
	/* pending: 10, 11, 4, 0, 1, 5 */
	issue(s, 7, 1);
	ORDER_IS(s, &f, 8, 9, 3, 2, 6, 7);
	/* an exited warp leaves; its place is refilled in FIFO order */
	retire(&f, &s, 1, 9);
	ORDER_IS(s, &f, 8, 3, 2, 6, 7, 10);
	sched_destroy(s);
}

/* The whole pool stalls on long loads: the pool switches to the next six. */
TEST(tl_switching)
{
	struct fake f;
	struct sched *s;
	unsigned w;

	fake_init(&f, 12);
	s = mk("tl:6:0:1", 0, 1, 12, 0);
	for (w = 0; w < 12; w++)
		launch(&f, &s, 1, w, w);
	ORDER_IS(s, &f, 0, 1, 2, 3, 4, 5);
	for (w = 0; w < 6; w++)
		bit_set(f.long_op, w, 1);
	ORDER_IS(s, &f, 6, 7, 8, 9, 10, 11);
	ORDER_IS(s, &f, 6, 7, 8, 9, 10, 11);
	/* loads return, then group two stalls: group one is back */
	for (w = 0; w < 12; w++)
		bit_set(f.long_op, w, w >= 6);
	ORDER_IS(s, &f, 0, 1, 2, 3, 4, 5);
	/* every warp stalls: the pool cycles through the FIFO */
	for (w = 0; w < 12; w++)
		bit_set(f.long_op, w, 1);
	ORDER_IS(s, &f, 6, 7, 8, 9, 10, 11);
	ORDER_IS(s, &f, 0, 1, 2, 3, 4, 5);
	sched_destroy(s);
}

/* Fewer warps than the pool holds: a demoted warp comes straight back. */
TEST(tl_small_and_sizes)
{
	struct fake f;
	struct sched *s;
	unsigned w;

	fake_init(&f, 12);
	s = mk("tl", 0, 1, 12, 0);
	for (w = 0; w < 4; w++)
		launch(&f, &s, 1, w, w);
	bit_set(f.long_op, 1, 1);
	ORDER_IS(s, &f, 0, 2, 3, 1);
	sched_destroy(s);
	fake_init(&f, 12);
	s = mk("tl:2", 0, 1, 12, 0);
	for (w = 0; w < 8; w++)
		launch(&f, &s, 1, w, w);
	ORDER_IS(s, &f, 0, 1);
	bit_set(f.ready, 0, 0);
	ORDER_IS(s, &f, 1, 2);
	sched_destroy(s);
}

/* A warp launched into a freed pool place waits behind the pending FIFO. */
TEST(tl_new_warp_queues_behind_pending)
{
	struct fake f;
	struct sched *s;
	unsigned w;

	fake_init(&f, 12);
	s = mk("tl", 0, 1, 12, 0);
	for (w = 0; w < 8; w++)
		launch(&f, &s, 1, w, w);
	ORDER_IS(s, &f, 0, 1, 2, 3, 4, 5);
	retire(&f, &s, 1, 2);
	launch(&f, &s, 1, 9, 9);
	ORDER_IS(s, &f, 0, 1, 3, 4, 5, 6);
	retire(&f, &s, 1, 0);
	ORDER_IS(s, &f, 1, 3, 4, 5, 6, 7);
	retire(&f, &s, 1, 1);
	ORDER_IS(s, &f, 3, 4, 5, 6, 7, 9);
	sched_destroy(s);
}

/* ==== two schedulers: even and odd slots ==== */

TEST(two_schedulers_odd_even)
{
	const struct sched_ops *const *r = sched_registry();
	struct fake f;
	uint16_t out[NW];
	char pb[64];
	unsigned i, j, w, n;

	for (i = 0; r[i]; i++) {
		struct sched *s[2];
		fake_init(&f, 24);
		s[0] = mk(pname(r[i], pb, sizeof(pb)), 0, 2, 24, 0);
		s[1] = mk(pname(r[i], pb, sizeof(pb)), 1, 2, 24, 0);
		for (w = 0; w < 24; w++)
			launch(&f, s, 2, w, 100 - w);
		for (j = 0; j < 2; j++) {
			n = ord(s[j], &f, out);
			CHECK_EQ_U64(n, strcmp(r[i]->name, "tl") ? 12 : 6);
			for (w = 0; w < n; w++)
				CHECK_EQ_U64(out[w] % 2, j);
			/* the other scheduler's issues and exits are ignored */
			issue(s[j], 1 - j, 0);
			retire(&f, &s[j], 1, 1 - j);
			bit_set(f.valid, 1 - j, 1);
			bit_set(f.ready, 1 - j, 1);
		}
		sched_destroy(s[0]);
		sched_destroy(s[1]);
	}
	/* exact orders: youngest slot is oldest here (age 100 - slot) */
	{
		struct sched *g[2], *l[2];
		fake_init(&f, 12);
		g[0] = mk("gto", 0, 2, 12, 0);
		g[1] = mk("gto", 1, 2, 12, 0);
		l[0] = mk("lrr", 0, 2, 12, 0);
		l[1] = mk("lrr", 1, 2, 12, 0);
		for (w = 0; w < 12; w++) {
			launch(&f, g, 2, w, 100 - w);
			launch(&f, l, 2, w, 100 - w);
		}
		ORDER_IS(g[0], &f, 10, 8, 6, 4, 2, 0);
		ORDER_IS(g[1], &f, 11, 9, 7, 5, 3, 1);
		issue(g[1], 5, 0);
		issue(g[1], 4, 0);
		ORDER_IS(g[1], &f, 5, 11, 9, 7, 3, 1);
		ORDER_IS(g[0], &f, 10, 8, 6, 4, 2, 0);
		issue(l[1], 5, 0);
		ORDER_IS(l[1], &f, 7, 9, 11, 1, 3, 5);
		ORDER_IS(l[0], &f, 0, 2, 4, 6, 8, 10);
		issue(l[0], 10, 0);
		ORDER_IS(l[0], &f, 0, 2, 4, 6, 8, 10);
		for (j = 0; j < 2; j++) {
			sched_destroy(g[j]);
			sched_destroy(l[j]);
		}
	}
}

/* warp_removed of the greedy warp, then the slot reused. */
TEST(gto_remove_greedy)
{
	struct fake f;
	struct sched *s;
	unsigned w;

	fake_init(&f, 4);
	s = mk("gto", 0, 1, 4, 0);
	for (w = 0; w < 4; w++)
		launch(&f, &s, 1, w, w);
	issue(s, 2, 0);
	ORDER_IS(s, &f, 2, 0, 1, 3);
	retire(&f, &s, 1, 2);
	ORDER_IS(s, &f, 0, 1, 3);
	/* a stale issued() for a removed slot does not make it greedy */
	issue(s, 2, 1);
	bit_set(f.valid, 2, 1);
	ORDER_IS(s, &f, 0, 1, 3);
	bit_set(f.valid, 2, 0);
	launch(&f, &s, 1, 2, 9);
	ORDER_IS(s, &f, 0, 1, 3, 2);
	issue(s, 3, 2);
	ORDER_IS(s, &f, 3, 0, 1, 2);
	sched_destroy(s);
}

TEST_MAIN()
