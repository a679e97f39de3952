/*
 * test_mem_skip.c - the memory system's next-event query and its skip
 * with requests in flight.
 *
 * Two identical memory systems receive the same random traffic (reads,
 * writes, atomics, local write-back stores, constant reads from every
 * SM, in bursts separated by quiet stretches).  System a is the reference:
 * ticked every core cycle with every component ticked in every cycle of
 * its domain (tick_all).  System b ticks only components that can act
 * and, wherever mem_sys_next_event reports a gap, jumps part or all of it
 * with mem_sys_skip while a ticks through it.  During
 * the gap a must offer no reply; afterwards both must hold the same
 * clocks, crossbar pointers, DRAM bank priorities and statistics, and
 * from then on return the same replies in the same cycles.
 */
#include "base/base.h"
#include "mem/mem_int.h"
#include "test.h"

#define SKIP_SEED 0x9e3779b97f4a7c15ULL

/* xorshift64*: the test's own deterministic random stream. */
static uint64_t rnd(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545f4914f6cdd1dULL;
}

static uint64_t atom_fn(void *ctx, unsigned sm, uint64_t tag, addr_t a)
{
	(void)ctx;
	return tag * 31 + sm + a;
}

/* What the skip test saw. */
struct skip_run {
	uint64_t replies;  /* replies popped (each compared between a and b) */
	uint64_t gaps;     /* skips taken */
	uint64_t skipped;  /* core cycles skipped */
	uint64_t longest;  /* longest gap next_event reported */
};

/* Pop every due reply of both systems and compare them. */
static void pop_both(struct mem_sys *a, struct mem_sys *b, unsigned n_sm,
		     struct skip_run *run)
{
	for (unsigned s = 0; s < n_sm; s++) {
		struct mem_reply ra, rb;
		bool ha, hb;

		while ((ha = mem_sys_pop(a, s, &ra)) |
		       (hb = mem_sys_pop(b, s, &rb))) {
			CHECK(ha && hb);
			if (!(ha && hb))
				return;
			CHECK_EQ_U64(ra.tag, rb.tag);
			CHECK_EQ_U64(ra.addr, rb.addr);
			CHECK_EQ_U64(ra.value, rb.value);
			CHECK_EQ_U64(ra.kind, rb.kind);
			run->replies++;
		}
	}
}

/* Everything a skip must leave as ticking would. */
static void compare(const struct mem_sys *a, const struct mem_sys *b)
{
	struct mem_stats sa, sb;

	CHECK(memcmp(&a->clk, &b->clk, sizeof(a->clk)) == 0);
	CHECK_EQ_U64(a->req_net.rr, b->req_net.rr);
	CHECK_EQ_U64(a->rep_net.rr, b->rep_net.rr);
	for (unsigned c = 0; c < a->cfg->n_mem; c++)
		CHECK_EQ_U64(a->dram[c].prio, b->dram[c].prio);
	mem_sys_stats(a, &sa);
	mem_sys_stats(b, &sb);
	CHECK(memcmp(&sa, &sb, sizeof(sa)) == 0);
	mem_sys_check(a);
	mem_sys_check(b);
}

/*
 * Let q core cycles pass with no pushes: b skips what next_event allows
 * (a random part of it), a ticks.
 */
static void quiet(struct mem_sys *a, struct mem_sys *b, uint64_t q,
		  uint64_t *rs, struct skip_run *run)
{
	unsigned n_sm = a->cfg->n_sm;

	while (q) {
		uint64_t k, n;

		pop_both(a, b, n_sm, run);
		k = mem_sys_next_event(b);
		CHECK(k >= 1);
		if (k != UINT64_MAX && k > run->longest)
			run->longest = k;
		n = MIN(k - 1, q);
		if (n > 1 && (rnd(rs) & 3) == 0)
			n = 1 + rnd(rs) % n;
		if (!n) {
			mem_sys_tick(a);
			mem_sys_tick(b);
			q--;
			continue;
		}
		for (uint64_t i = 0; i < n; i++) {
			for (unsigned s = 0; s < n_sm; s++)
				if (mem_sys_reply_ready(a, s)) {
					CHECK(!mem_sys_reply_ready(a, s));
					return;
				}
			mem_sys_tick(a);
		}
		mem_sys_skip(b, n);
		compare(a, b);
		run->gaps++;
		run->skipped += n;
		q -= n;
	}
}

/* One random access from sm to both systems; both must agree. */
static void push_both(struct mem_sys *a, struct mem_sys *b, unsigned sm,
		      uint64_t *rs, uint64_t tag)
{
	uint64_t r = rnd(rs);
	unsigned sel = r % 16;
	addr_t line = ((r >> 8) % 1536) * 128;
	struct mem_access acc = {.tag = tag, .space = MEM_GLOBAL};

	if (sel < 7) { /* reads, whole lines and single sectors */
		acc.kind = MEM_READ;
		acc.size = sel < 3 ? 128 : 32;
		acc.addr = line + (acc.size == 32 ? ((r >> 20) & 3) * 32 : 0);
	} else if (sel < 10) {
		acc.kind = MEM_WRITE;
		acc.size = 32;
		acc.addr = line + ((r >> 20) & 3) * 32;
	} else if (sel < 12) { /* local: write-back in the L1 */
		acc.kind = (r >> 24) & 1 ? MEM_WRITE : MEM_READ;
		acc.space = MEM_LOCAL;
		acc.size = 128;
		acc.addr = 0x4000000 + line;
	} else if (sel < 13) {
		acc.kind = MEM_ATOMIC;
		acc.size = 4;
		acc.addr = line + ((r >> 20) & 31) * 4;
	} else if (sel < 14) {
		acc.kind = MEM_READ;
		acc.space = MEM_CONST;
		acc.size = 64;
		acc.addr = 0x8000000 + (line % 8192) + ((r >> 20) & 1) * 64;
	} else { /* bypassing the L1 */
		acc.kind = MEM_READ;
		acc.size = 32;
		acc.flags = MEM_F_BYPASS_L1;
		acc.addr = line + ((r >> 20) & 3) * 32;
	}
	CHECK_EQ_U64(mem_sys_push(a, sm, &acc), mem_sys_push(b, sm, &acc));
}

static void skip_run(const struct mem_config *c, uint64_t seed,
		     struct skip_run *run)
{
	struct mem_sys *a = mem_sys_create(c, atom_fn, NULL);
	struct mem_sys *b = mem_sys_create(c, atom_fn, NULL);
	uint64_t rs = seed, tag = 0;

	a->tick_all = true; /* the reference: no wake times, no skipping */

	memset(run, 0, sizeof(*run));
	for (unsigned burst = 0; burst < 400; burst++) {
		unsigned len = 1 + rnd(&rs) % 40, dens = 1 + rnd(&rs) % 4;

		for (unsigned cyc = 0; cyc < len; cyc++) {
			pop_both(a, b, c->n_sm, run);
			for (unsigned s = 0; s < c->n_sm; s++)
				if (rnd(&rs) % 4 < dens)
					push_both(a, b, s, &rs, ++tag);
			mem_sys_tick(a);
			mem_sys_tick(b);
			/* short quiet stretches amid the traffic */
			if ((rnd(&rs) & 7) == 0)
				quiet(a, b, 1 + rnd(&rs) % 30, &rs, run);
		}
		quiet(a, b, rnd(&rs) % 4 ? rnd(&rs) % 200 : rnd(&rs) % 3000,
		      &rs, run);
		compare(a, b);
	}
	quiet(a, b, 200000, &rs, run); /* drain */
	pop_both(a, b, c->n_sm, run);
	CHECK(mem_sys_idle(a) && mem_sys_idle(b));
	CHECK_EQ_U64(mem_sys_next_event(b), UINT64_MAX);
	compare(a, b);
	mem_sys_check(a);
	mem_sys_check(b);
	mem_sys_destroy(a);
	mem_sys_destroy(b);
}

/* GTX480 clocks: DRAM 1.32 ticks per core cycle, icnt and L2 slower. */
TEST(skip_equals_ticks_gtx480)
{
	struct mem_config c;
	struct skip_run run;

	mem_config_gtx480(&c);
	skip_run(&c, SKIP_SEED, &run);
	CHECK(run.replies > 10000);
	CHECK(run.gaps > 1000);
	/* DRAM and ROP latencies leave real gaps, not one-cycle steps */
	CHECK(run.longest > 100);
	CHECK(run.skipped > 100000);
	skip_run(&c, SKIP_SEED ^ 0x5555, &run);
	CHECK(run.gaps > 1000);
}

/* A different geometry and clock ratio: Tesla-like, 8 banks, n_sub 1. */
TEST(skip_equals_ticks_tesla8)
{
	struct mem_config c;
	struct skip_run run;

	mem_config_tesla8(&c);
	skip_run(&c, SKIP_SEED + 1, &run);
	CHECK(run.replies > 10000);
	CHECK(run.gaps > 1000);
}

/* An idle system has no next event, and skipping equals ticking. */
TEST(skip_idle)
{
	struct mem_config c;
	struct mem_sys *a, *b;

	mem_config_gtx480(&c);
	a = mem_sys_create(&c, NULL, NULL);
	b = mem_sys_create(&c, NULL, NULL);
	CHECK_EQ_U64(mem_sys_next_event(a), UINT64_MAX);
	for (unsigned i = 0; i < 1000; i++)
		mem_sys_tick(a);
	mem_sys_skip(b, 1000);
	compare(a, b);
	mem_sys_destroy(a);
	mem_sys_destroy(b);
}

TEST_MAIN()
