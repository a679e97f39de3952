/*
 * test_ddos.c - DDOS spin detection (src/sched/ddos.c) on the paper's
 * Fig. 7 examples (bows.txt §IV-A): the busy-wait loop of Fig. 7a with the
 * history updates, matches and spinning state of Fig. 7b and the SIB-PT
 * confidence reaching the threshold; the regular counted loop of Fig. 7c,
 * whose induction variable changes every iteration, is never confirmed;
 * time sharing of one history set (Table I "sh").
 * PCs are instruction indices (the paper's (PC - start) / 8).
 */
#include "test.h"

#include "sched/ddos.h"

#define PC_CAS_SETP 7  /* 0x038: setp.eq.s32 %p2, %r15, 0 */
#define PC_DONE_SETP 18 /* 0x090: setp.eq.s16 %p3, %r21, 0 */
#define PC_SIB 19       /* 0x098: @%p3 bra BB2 (backward) */
#define PC_FOR_SETP 11  /* Fig. 7c 0x058: setp.lt.s32 %p4, %r20, %r15 */
#define PC_FOR_BRA 12   /* Fig. 7c 0x060: @%p4 bra BB2 */

static struct ddos *mk(unsigned mk_bits, bool mod, unsigned t)
{
	struct sched_bows_params p;
	struct ddos *d = malloc(sizeof(*d));

	sched_bows_defaults(&p);
	p.ddos_m = p.ddos_k = mk_bits;
	p.ddos_mod = mod;
	p.ddos_t = t;
	ddos_init(d, &p);
	return d;
}

/* One failed iteration of Fig. 7a by the profiled thread: the CAS returned
 * 1 (lock held), done (%r21) stays 0. */
static void fail_iter(struct ddos *d, unsigned w)
{
	ddos_setp(d, w, PC_CAS_SETP, 1, 0);
	ddos_setp(d, w, PC_DONE_SETP, 0, 0);
}

TEST(fig7b_history_and_matches)
{
	/* Fig. 7 uses m = k = 4 and the low bits (MODULO) */
	struct ddos *d = mk(4, true, 4);
	struct ddos_warp *w = &d->w[0];

	/* 1a/1b: path 0x7, values 1, 0 */
	ddos_setp(d, 0, PC_CAS_SETP, 1, 0);
	CHECK_EQ_U64(w->n, 1);
	CHECK_EQ_U64(w->path[0], 0x7);
	CHECK_EQ_U64(w->va[0], 1);
	CHECK_EQ_U64(w->ptr, 0);
	/* 2a/2b: path 0x2 (18 mod 16), values 0, 0: no match */
	ddos_setp(d, 0, PC_DONE_SETP, 0, 0);
	CHECK_EQ_U64(w->path[0], 0x2);
	CHECK_EQ_U64(w->path[1], 0x7);
	CHECK_EQ_U64(w->ptr, 0);
	CHECK(!w->spinning);
	/* 3: the CAS setp again, failing again: match two back */
	ddos_setp(d, 0, PC_CAS_SETP, 1, 0);
	CHECK_EQ_U64(w->ptr, 2);
	CHECK_EQ_U64(w->remain, 1);
	CHECK(!w->spinning);
	/* a backward branch while not spinning enters nothing */
	CHECK(!ddos_branch(d, 0, PC_SIB, 10));
	CHECK_EQ_U64(ddos_conf(d, PC_SIB), 0);
	/* 4: second match, remaining matches zero: spinning */
	ddos_setp(d, 0, PC_DONE_SETP, 0, 0);
	CHECK_EQ_U64(w->remain, 0);
	CHECK(w->spinning);
	/* the SIB taken while spinning: added with confidence 1 */
	CHECK(!ddos_branch(d, 0, PC_SIB, 20));
	CHECK_EQ_U64(ddos_conf(d, PC_SIB), 1);
	/* three more spinning iterations confirm it at t = 4 */
	fail_iter(d, 0);
	CHECK(w->spinning);
	CHECK(!ddos_branch(d, 0, PC_SIB, 30));
	fail_iter(d, 0);
	CHECK(!ddos_branch(d, 0, PC_SIB, 40));
	CHECK_EQ_U64(ddos_conf(d, PC_SIB), 3);
	fail_iter(d, 0);
	CHECK(ddos_branch(d, 0, PC_SIB, 50));
	CHECK_EQ_U64(ddos_conf(d, PC_SIB), 4);
	/* 5b: the profiled thread takes the lock: the CAS setp sees 0, a
	 * value mismatch, and the warp loses its spinning state */
	ddos_setp(d, 0, PC_CAS_SETP, 0, 0);
	CHECK(!w->spinning);
	CHECK_EQ_U64(w->ptr, 0);
	/* a non-spinning take lowers the confidence below the threshold */
	CHECK(!ddos_branch(d, 0, PC_SIB, 60));
	CHECK_EQ_U64(ddos_conf(d, PC_SIB), 3);
	/* other warps' histories are their own */
	CHECK_EQ_U64(d->w[1].n, 0);
	free(d);
}

TEST(confidence_saturates)
{
	struct ddos *d = mk(8, false, 4);
	unsigned i;

	fail_iter(d, 3);
	fail_iter(d, 3);
	for (i = 0; i < 20; i++) {
		fail_iter(d, 3);
		ddos_branch(d, 3, PC_SIB, i);
	}
	CHECK_EQ_U64(ddos_conf(d, PC_SIB), 7); /* 2t - 1: 3 bits */
	free(d);
}

/* Fig. 7c: %r20 counts up, %r15 is the trip count. */
static void regular_loop(struct ddos *d, unsigned iters)
{
	for (unsigned i = 0; i < iters; i++) {
		ddos_setp(d, 5, PC_FOR_SETP, i + 1, 1000);
		CHECK(!d->w[5].spinning);
		CHECK(!ddos_branch(d, 5, PC_FOR_BRA, i));
	}
	CHECK_EQ_U64(ddos_conf(d, PC_FOR_BRA), 0);
	/* 6a/7a/8a: the path repeats, 7b/8b: the values never do */
	CHECK_EQ_U64(d->w[5].path[0], d->w[5].path[1]);
	CHECK(d->w[5].va[0] != d->w[5].va[1]);
}

TEST(fig7c_regular_loop_never_confirmed)
{
	struct ddos *d = mk(8, false, 4);
	regular_loop(d, 999);
	free(d);
	d = mk(4, true, 4);
	regular_loop(d, 999);
	free(d);
}

TEST(hash_xor_and_mod)
{
	struct ddos *x = mk(8, false, 4), *m = mk(8, true, 4);

	CHECK_EQ_U64(ddos_hash(x, 0x1234, 8), 0x12 ^ 0x34);
	CHECK_EQ_U64(ddos_hash(m, 0x1234, 8), 0x34);
	CHECK_EQ_U64(ddos_hash(x, 0x100, 8), 1);
	CHECK_EQ_U64(ddos_hash(m, 0x100, 8), 0);
	free(x);
	free(m);
}

/* A history shorter than the loop's setp count never sees the repeat. */
TEST(short_history_misses_long_loop)
{
	struct sched_bows_params p;
	struct ddos *d = malloc(sizeof(*d));
	unsigned i, j;

	sched_bows_defaults(&p);
	p.ddos_l = 2;
	ddos_init(d, &p);
	for (i = 0; i < 50; i++)
		for (j = 0; j < 3; j++)
			ddos_setp(d, 0, 100 + j, 7, 7);
	CHECK(!d->w[0].spinning);
	p.ddos_l = 8;
	ddos_init(d, &p);
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			ddos_setp(d, 0, 100 + j, 7, 7);
	CHECK(d->w[0].spinning);
	free(d);
}

/*
 * Time sharing, epoch 100: warp 0 holds the history set first; warp 1's
 * setps are not recorded and its backward branches do not train the
 * SIB-PT.  At cycle 100 the set passes to warp 1 (the next active slot),
 * cleared; then warp 0's setps are not recorded.  Without sharing both
 * warps keep histories.
 */
TEST(time_shared_history)
{
	struct sched_bows_params p;
	struct ddos *d = malloc(sizeof(*d));
	char err[100];

	sched_bows_defaults(&p);
	CHECK(sched_bows_detect(&p, "ddos:100", err, sizeof(err)) == 0 &&
	      p.ddos_share == 100 && !p.oracle);
	CHECK(sched_bows_detect(&p, "ddos:0", err, sizeof(err)) == -1);
	CHECK(sched_bows_detect(&p, "ddos:x", err, sizeof(err)) == -1);
	p.ddos_t = 1;
	CHECK(sched_bows_detect(&p, "ddos:100", err, sizeof(err)) == 0);
	ddos_init(d, &p);
	for (unsigned i = 0; i < 4; i++) {
		ddos_tick(d, 10 + i);
		fail_iter(d, 1);
		CHECK(!ddos_branch(d, 1, PC_SIB, 10 + i));
	}
	CHECK(d->w[1].n == 0 && ddos_conf(d, PC_SIB) == 0);
	for (unsigned i = 0; i < 4; i++) {
		ddos_tick(d, 20 + i);
		fail_iter(d, 0);
		ddos_branch(d, 0, PC_SIB, 20 + i);
	}
	CHECK(d->w[0].spinning && ddos_conf(d, PC_SIB) >= 1);
	/* warp 1 now sees the confirmed SIB without training it */
	CHECK(ddos_branch(d, 1, PC_SIB, 30));
	ddos_tick(d, 99);
	CHECK(d->owner == 0 && d->handoffs == 0);
	ddos_tick(d, 100);
	CHECK(d->owner == 1 && d->handoffs == 1 && d->w[0].n == 0 &&
	      !d->w[0].spinning);
	fail_iter(d, 0);
	fail_iter(d, 1);
	CHECK(d->w[0].n == 0 && d->w[1].n == 2);
	/* an epoch later warp 0 (active) takes it back */
	ddos_tick(d, 250);
	CHECK(d->owner == 0 && d->handoffs == 2 && d->w[1].n == 0);
	/* no sharing: both histories fill */
	CHECK(sched_bows_detect(&p, "ddos", err, sizeof(err)) == 0 &&
	      p.ddos_share == 0);
	ddos_init(d, &p);
	fail_iter(d, 0);
	fail_iter(d, 1);
	CHECK(d->w[0].n == 2 && d->w[1].n == 2);
	free(d);
}

TEST_MAIN()
