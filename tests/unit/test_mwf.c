/*
 * test_mwf.c - most-waiting-first (BAWS section 4.1): the paper's Figure 7
 * example, TB ties, the counter reset at release, and MWF(GTO); SAWS
 * (first barrier hit first) on the paper's Figure 13 situation.
 */
#include "test.h"
#include "sched/fetch.h"
#include "sched/sched.h"

/* 12 warp slots, TB k = slots 4k..4k+3, one scheduler. */
struct fig {
	struct sched *s;        /* the policy instance */
	uint64_t valid[4];      /* view bitsets */
	uint64_t ready[4];
	uint64_t bar[4];
	uint64_t lo[4];
	uint64_t age[12];       /* per slot */
	uint16_t tb[12];        /* per slot */
	uint64_t tb_age[3];     /* per TB */
	struct sched_view v;    /* the view over the above */
};

static void fig_init(struct fig *f, const char *policy)
{
	struct sched_init ini = {.n_sched = 1, .n_slots = 12, .args = ""};
	char err[128];
	memset(f, 0, sizeof(*f));
	f->s = sched_create(policy, &ini, err, sizeof(err));
	for (unsigned k = 0; k < 3; k++) {
		f->tb_age[k] = k;
		f->s->ops->tb_start(f->s, k, k);
	}
	for (unsigned w = 0; w < 12; w++) {
		f->age[w] = w;
		f->tb[w] = (uint16_t)(w / 4);
		f->valid[0] |= 1ULL << w;
		f->ready[0] |= 1ULL << w;
		f->s->ops->warp_added(f->s, w, w);
	}
	f->v = (struct sched_view){.n_slots = 12, .valid = f->valid,
		.ready = f->ready, .at_barrier = f->bar, .long_op = f->lo,
		.age = f->age, .tb = f->tb, .tb_age = f->tb_age};
}

/* Warp w arrives at its TB's barrier as the n-th waiting warp. */
static void fig_arrive(struct fig *f, unsigned w, unsigned n)
{
	f->bar[0] |= 1ULL << w;
	f->ready[0] &= ~(1ULL << w);
	f->s->ops->barrier_arrive(f->s, w, f->tb[w], n);
}

static void fig_release(struct fig *f, unsigned tb)
{
	for (unsigned w = 4 * tb; w < 4 * tb + 4; w++) {
		f->bar[0] &= ~(1ULL << w);
		f->ready[0] |= 1ULL << w;
	}
	f->s->ops->barrier_release(f->s, tb);
}

/* The order as a string "8,4,6,...". */
static void fig_order(struct fig *f, char *buf, size_t n)
{
	uint16_t out[12];
	unsigned k = f->s->ops->order(f->s, &f->v, out, 12);
	buf[0] = 0;
	for (unsigned i = 0; i < k; i++)
		snprintf(buf + strlen(buf), n - strlen(buf), "%s%u",
			 i ? "," : "", out[i]);
}

TEST(mwf_figure7_lrr)
{
	struct fig f;
	char buf[64];
	fig_init(&f, "mwf");
	CHECK(f.s != NULL);
	f.s->ops->issued(f.s, 0, 1, 32, 0);  /* w0 issued last in TB0 */
	f.s->ops->issued(f.s, 7, 2, 32, 0);  /* w7 issued last in TB1 */
	fig_arrive(&f, 2, 1);         /* TB0: 1 waiting */
	fig_arrive(&f, 5, 1);         /* TB1: 2 waiting */
	fig_arrive(&f, 7, 2);
	fig_arrive(&f, 9, 1);         /* TB2: 3 waiting */
	fig_arrive(&f, 10, 2);
	fig_arrive(&f, 11, 3);
	fig_order(&f, buf, sizeof(buf));
	CHECK_STR_CONTAINS(buf, "8,4,6,1,3,0");
	CHECK(strlen(buf) == strlen("8,4,6,1,3,0"));
	sched_destroy(f.s);
}

TEST(mwf_ties_smallest_tb_and_reset)
{
	struct fig f;
	char buf[64];
	fig_init(&f, "mwf:lrr");
	/* no barrier pending: TBs oldest first, slots in order */
	fig_order(&f, buf, sizeof(buf));
	CHECK(!strcmp(buf, "0,1,2,3,4,5,6,7,8,9,10,11"));
	/* TB1 and TB2 tie with one waiting warp each: TB1 first */
	fig_arrive(&f, 9, 1);
	fig_arrive(&f, 5, 1);
	fig_order(&f, buf, sizeof(buf));
	CHECK(!strcmp(buf, "4,6,7,8,10,11,0,1,2,3"));
	/* TB2 gets a second waiting warp: it goes first */
	fig_arrive(&f, 10, 2);
	fig_order(&f, buf, sizeof(buf));
	CHECK(!strcmp(buf, "8,11,4,6,7,0,1,2,3"));
	/* release resets TB2's counter: back behind TB1 */
	fig_release(&f, 2);
	fig_order(&f, buf, sizeof(buf));
	CHECK(!strcmp(buf, "4,6,7,0,1,2,3,8,9,10,11"));
	sched_destroy(f.s);
}

TEST(mwf_gto_within_tb)
{
	struct fig f;
	char buf[64];
	fig_init(&f, "mwf:gto");
	f.s->ops->issued(f.s, 2, 1, 32, 0);  /* greedy warp of TB0 */
	f.s->ops->issued(f.s, 6, 2, 32, 0);  /* greedy warp of TB1 */
	fig_arrive(&f, 5, 1);
	fig_order(&f, buf, sizeof(buf));
	/* TB1 (1 waiting): greedy w6, then oldest; then TB0, TB2 */
	CHECK(!strcmp(buf, "6,4,7,2,0,1,3,8,9,10,11"));
	sched_destroy(f.s);
}

TEST(cff_fetches_what_mwf_picks_next)
{
	struct fig f;
	uint64_t fetchable[1] = {0};
	uint16_t scratch[12];
	const struct fetch_ops *cff = fetch_lookup("cff");
	fig_init(&f, "mwf");
	f.s->ops->issued(f.s, 0, 1, 32, 0);
	f.s->ops->issued(f.s, 7, 2, 32, 0);
	fig_arrive(&f, 2, 1);
	fig_arrive(&f, 5, 1);
	fig_arrive(&f, 7, 2);
	fig_arrive(&f, 9, 1);
	fig_arrive(&f, 10, 2);
	fig_arrive(&f, 11, 3);
	struct sched *one[1] = {f.s};
	struct fetch_view v = {.n_slots = 12, .n_words = 1,
		.fetchable = fetchable, .last = 0, .sched = one, .n_sched = 1,
		.sv = &f.v, .scratch = scratch};
	CHECK(cff != NULL);
	/* MWF order is 8,4,6,1,3,0: the first of them that may fetch */
	fetchable[0] = (1ULL << 1) | (1ULL << 4);
	CHECK(cff->pick(&v) == 4);
	fetchable[0] = (1ULL << 0) | (1ULL << 3);
	CHECK(cff->pick(&v) == 3);
	/* only a barrier-waiting warp may fetch: round robin after last */
	fetchable[0] = 1ULL << 11;
	CHECK(cff->pick(&v) == 11);
	sched_destroy(f.s);
}

/* baws.txt Figure 13 at t2: TB0 hit its barrier first with one warp,
 * then TB1 got two warps waiting and TB2 three. */
static void fig13_arrive(struct fig *f)
{
	fig_arrive(f, 0, 1);
	fig_arrive(f, 4, 1);
	fig_arrive(f, 5, 2);
	fig_arrive(f, 8, 1);
	fig_arrive(f, 9, 2);
	fig_arrive(f, 10, 3);
}

TEST(saws_first_hit_keeps_priority)
{
	struct fig f;
	char buf[128];
	/* baws.txt Figure 13: TB0 hits its barrier first (t0), later TB1
	 * has two warps waiting (t1) and TB2 three (t2): SAWS keeps TB0
	 * first, MWF moves to TB2 */
	fig_init(&f, "saws");
	fig_order(&f, buf, sizeof(buf));
	CHECK(!strcmp(buf, "0,1,2,3,4,5,6,7,8,9,10,11")); /* no barrier: GTO */
	fig13_arrive(&f);
	fig_order(&f, buf, sizeof(buf));
	CHECK(!strcmp(buf, "1,2,3,6,7,11"));
	sched_destroy(f.s);
	fig_init(&f, "mwf:gto");
	fig13_arrive(&f);
	fig_order(&f, buf, sizeof(buf));
	CHECK(!strcmp(buf, "11,6,7,1,2,3"));
	sched_destroy(f.s);
	/* SAWS: TB0's barrier releases: it drops behind the TBs still
	 * waiting, in their first-hit order (TB1 hit before TB2) */
	fig_init(&f, "saws");
	fig_arrive(&f, 0, 1);
	fig_arrive(&f, 4, 1);
	fig_arrive(&f, 8, 1);
	fig_arrive(&f, 9, 2);
	fig_release(&f, 0);
	fig_order(&f, buf, sizeof(buf));
	CHECK(!strcmp(buf, "5,6,7,10,11,0,1,2,3"));
	sched_destroy(f.s);
}

TEST(mwf_bad_args)
{
	struct sched_init ini = {.n_sched = 1, .n_slots = 12, .args = ""};
	char err[128] = "";
	CHECK(sched_create("mwf:xyz", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "mwf");
	CHECK(sched_create("saws:xyz", &ini, err, sizeof(err)) == NULL);
	CHECK_STR_CONTAINS(err, "saws");
}

TEST_MAIN()
