/*
 * test_mem_cache.c - white-box tests of the memory components against fake
 * neighbours: queues and pools, the clock stepper, the generic cache (LRU,
 * MSHR merging, reservation failures, write policies, set indexing) and
 * one crossbar subnet (flit serialisation, back-pressure).
 */
#include "base/base.h"
#include "mem/mem_int.h"
#include "test.h"

/* A small cache: 2 sets x 128 B x 2 ways, 2 MSHRs merging 2 requests. */
static struct mem_cache_config small_cfg(enum mem_write_policy wp, bool walloc)
{
	struct mem_cache_config k = {
		.n_sets = 2, .line_bytes = 128, .assoc = 2, .n_mshr = 2,
		.mshr_merge = 2, .miss_queue = 4, .latency = 1, .write = wp,
		.alloc_on_fill = false, .write_alloc = walloc, .hash_index = false,
	};
	return k;
}

/* set 0 holds lines at multiples of 256 */
#define LINE(i) ((addr_t)(i) * 256)

static struct mem_req rq[16];

static struct mem_req *req(unsigned i, addr_t a, enum mem_kind k,
			   enum mem_space sp)
{
	memset(&rq[i], 0, sizeof(rq[i]));
	rq[i].addr = a;
	rq[i].kind = (uint8_t)k;
	rq[i].space = (uint8_t)sp;
	rq[i].tag = i;
	return &rq[i];
}

static enum mem_outcome rd(struct mem_cache *c, unsigned i, addr_t a,
			   struct mem_cache_res *res)
{
	mem_cache_access(c, req(i, a, MEM_READ, MEM_GLOBAL), MEM_OP_READ, 4,
			 true, res);
	return res->outcome;
}

TEST(queue_and_pool)
{
	struct mem_q q;
	struct mem_pool p;
	struct mem_req *a, *b;

	mem_q_init(&q, 2);
	mem_pool_init(&p, 2);
	a = mem_pool_get(&p);
	b = mem_pool_get(&p);
	CHECK(a && b && a != b);
	CHECK(mem_pool_get(&p) == NULL);
	CHECK_EQ_U64(p.n_live, 2);
	mem_q_push(&q, a, 10);
	mem_q_push(&q, b, 5);
	CHECK(mem_q_full(&q));
	CHECK(mem_q_peek(&q, 9) == NULL); /* head not ready: FIFO order holds */
	CHECK(mem_q_peek(&q, 10) == a);
	CHECK(mem_q_pop(&q) == a);
	mem_q_push(&q, a, 11); /* wraps around */
	CHECK(mem_q_pop(&q) == b);
	CHECK(mem_q_pop(&q) == a);
	CHECK(mem_q_empty(&q));
	mem_pool_put(a);
	mem_pool_put(b);
	CHECK_EQ_U64(p.n_live, 0);
	mem_q_release(&q);
	mem_pool_release(&p);
}

TEST(clock_domains_gtx480)
{
	double mhz[MEM_N_DOM] = {700, 700, 700, 924};
	struct mem_clock c, c2;
	unsigned steps = 0, both = 0, m = 0;

	mem_clock_init(&c, mhz);
	CHECK_EQ_U64(c.period[MEM_DOM_CORE], 33);
	CHECK_EQ_U64(c.period[MEM_DOM_DRAM], 25);
	/* 25 core and 33 DRAM ticks in 825 units; only t = 825 coincides */
	while (c.now < 825) {
		m = mem_clock_step(&c);
		steps++;
		both += (m & 1) && (m & 8);
		CHECK(!(m & 1) == !(m & 2) && !(m & 1) == !(m & 4));
	}
	CHECK_EQ_U64(steps, 25 + 33 - 1);
	CHECK_EQ_U64(both, 1);
	CHECK_EQ_U64(m, 0xf);
	CHECK_EQ_U64(c.cycles[MEM_DOM_CORE], 25);
	CHECK_EQ_U64(c.cycles[MEM_DOM_DRAM], 33);
	/* deterministic: a second stepper gives the same sequence */
	mem_clock_init(&c, mhz);
	mem_clock_init(&c2, mhz);
	for (unsigned i = 0; i < 1000; i++)
		CHECK_EQ_U64(mem_clock_step(&c), mem_clock_step(&c2));
	/* frequencies without a small lcm fall back to femtoseconds */
	{
		double odd[MEM_N_DOM] = {1481.123, 2962.457, 1481.0, 2750.333};

		mem_clock_init(&c, odd);
		CHECK(c.period[0] > 600000 && c.period[0] < 700000);
	}
}

TEST(cache_hit_miss_merge)
{
	struct mem_cache_config k = small_cfg(MEM_WP_WB, true);
	struct mem_cache c;
	struct mem_cache_res r;
	struct mem_req *l;

	mem_cache_init(&c, &k, MEM_LVL_L2);
	CHECK_EQ_U64(rd(&c, 0, LINE(0) + 4, &r), MEM_MISS);
	CHECK(r.fetch && !r.wb);
	CHECK_EQ_U64(c.mshr[r.mshr].fetch.addr, LINE(0));
	CHECK_EQ_U64(c.mshr[r.mshr].fetch.kind, MEM_FETCH);
	CHECK_EQ_U64(rd(&c, 1, LINE(0) + 64, &r), MEM_HIT_RESERVED);
	CHECK_EQ_U64(rd(&c, 2, LINE(0), &r), MEM_RESFAIL); /* merge limit 2 */
	CHECK_EQ_U64(c.st.resfails, 1);
	l = mem_cache_fill(&c, r.mshr);
	CHECK(l == &rq[0] && l->next == &rq[1] && !rq[1].next);
	CHECK_EQ_U64(rd(&c, 3, LINE(0) + 8, &r), MEM_HIT);
	CHECK_EQ_U64(c.st.accesses, 3);
	CHECK_EQ_U64(c.st.hits, 1);
	CHECK_EQ_U64(c.st.misses, 1);
	CHECK_EQ_U64(c.st.pending_hits, 1);
	CHECK_EQ_U64(c.n_mshr_free, 2);
	mem_cache_release(&c);
}

TEST(cache_mshr_full_and_reserved_ways)
{
	struct mem_cache_config k = small_cfg(MEM_WP_WB, true);
	struct mem_cache c;
	struct mem_cache_res r;

	mem_cache_init(&c, &k, MEM_LVL_L2);
	CHECK_EQ_U64(rd(&c, 0, LINE(0), &r), MEM_MISS);
	CHECK_EQ_U64(rd(&c, 1, LINE(1), &r), MEM_MISS);
	/* both MSHRs busy */
	CHECK_EQ_U64(rd(&c, 2, LINE(2) + 128, &r), MEM_RESFAIL);
	mem_cache_fill(&c, 0);
	/* an MSHR is free, but set 0 has one valid and one reserved way */
	CHECK_EQ_U64(rd(&c, 2, LINE(2), &r), MEM_MISS);
	CHECK(!mem_cache_probe(&c, LINE(0))); /* the valid way was the victim */
	CHECK_EQ_U64(rd(&c, 3, LINE(3), &r), MEM_RESFAIL); /* no MSHR left */
	mem_cache_fill(&c, 1);
	mem_cache_fill(&c, 0);
	CHECK(mem_cache_probe(&c, LINE(1)) && mem_cache_probe(&c, LINE(2)));
	/* no room in the outbound queue: refused */
	mem_cache_access(&c, req(4, LINE(5), MEM_READ, MEM_GLOBAL), MEM_OP_READ,
			 0, true, &r);
	CHECK_EQ_U64(r.outcome, MEM_RESFAIL);
	mem_cache_release(&c);
}

TEST(cache_lru)
{
	struct mem_cache_config k = small_cfg(MEM_WP_WB, true);
	struct mem_cache c;
	struct mem_cache_res r;

	mem_cache_init(&c, &k, MEM_LVL_L2);
	rd(&c, 0, LINE(0), &r);
	mem_cache_fill(&c, r.mshr);
	rd(&c, 1, LINE(1), &r);
	mem_cache_fill(&c, r.mshr);
	CHECK_EQ_U64(rd(&c, 2, LINE(0), &r), MEM_HIT); /* LINE(1) now LRU */
	CHECK_EQ_U64(rd(&c, 3, LINE(2), &r), MEM_MISS);
	mem_cache_fill(&c, r.mshr);
	CHECK(mem_cache_probe(&c, LINE(0)));
	CHECK(!mem_cache_probe(&c, LINE(1)));
	CHECK(mem_cache_probe(&c, LINE(2)));
	CHECK(!mem_cache_probe(&c, 128)); /* set 1 untouched */
	mem_cache_release(&c);
}

TEST(cache_write_back_allocate_and_evict)
{
	struct mem_cache_config k = small_cfg(MEM_WP_WB, true);
	struct mem_cache c;
	struct mem_cache_res r;

	mem_cache_init(&c, &k, MEM_LVL_L2);
	/* write misses allocate without a fetch */
	mem_cache_access(&c, req(0, LINE(0), MEM_WRITE, MEM_GLOBAL),
			 MEM_OP_WRITE, 4, true, &r);
	CHECK(r.outcome == MEM_MISS && !r.fetch && !r.write_down);
	CHECK(mem_cache_probe(&c, LINE(0)));
	mem_cache_access(&c, req(1, LINE(1), MEM_WRITE, MEM_GLOBAL),
			 MEM_OP_WRITE, 4, true, &r);
	/* a read miss now evicts dirty LINE(0): needs 2 slots and a buffer */
	CHECK_EQ_U64(rd(&c, 2, LINE(2), &r), MEM_MISS);
	CHECK(r.fetch && r.wb);
	CHECK_EQ_U64(r.wb_addr, LINE(0));
	CHECK_EQ_U64(c.st.writebacks, 1);
	mem_cache_fill(&c, r.mshr);
	/* evicting dirty LINE(1) without a writeback buffer is refused */
	mem_cache_access(&c, req(3, LINE(3), MEM_READ, MEM_GLOBAL), MEM_OP_READ,
			 4, false, &r);
	CHECK_EQ_U64(r.outcome, MEM_RESFAIL);
	mem_cache_access(&c, req(3, LINE(3), MEM_READ, MEM_GLOBAL), MEM_OP_READ,
			 1, true, &r);
	CHECK_EQ_U64(r.outcome, MEM_RESFAIL);
	CHECK(mem_cache_probe(&c, LINE(1)));
	/* a write to a line being fetched waits in the MSHR, fill makes it dirty */
	rd(&c, 4, LINE(3) + 128, &r); /* set 1 */
	mem_cache_access(&c, req(5, LINE(3) + 128, MEM_WRITE, MEM_GLOBAL),
			 MEM_OP_WRITE, 4, true, &r);
	CHECK_EQ_U64(r.outcome, MEM_HIT_RESERVED);
	mem_cache_fill(&c, r.mshr);
	CHECK(c.lines[c.mshr[r.mshr].line_idx].dirty);
	mem_cache_release(&c);
}

TEST(cache_l1d_local_wb_global_wt)
{
	struct mem_cache_config k = small_cfg(MEM_WP_LOCAL_WB, false);
	struct mem_cache c;
	struct mem_cache_res r;

	mem_cache_init(&c, &k, MEM_LVL_L1D);
	/* global write miss: forwarded, not allocated */
	mem_cache_access(&c, req(0, LINE(0), MEM_WRITE, MEM_GLOBAL),
			 MEM_OP_WRITE, 4, true, &r);
	CHECK(r.outcome == MEM_MISS && r.write_down && !r.fetch);
	CHECK(!mem_cache_probe(&c, LINE(0)));
	rd(&c, 1, LINE(0), &r);
	mem_cache_fill(&c, r.mshr);
	/* global write hit: write-through */
	mem_cache_access(&c, req(2, LINE(0), MEM_WRITE, MEM_GLOBAL),
			 MEM_OP_WRITE, 4, true, &r);
	CHECK(r.outcome == MEM_HIT && r.write_down);
	/* local write hit: write-back, stays in the L1 */
	mem_cache_access(&c, req(3, LINE(0), MEM_WRITE, MEM_LOCAL),
			 MEM_OP_WRITE, 0, true, &r);
	CHECK(r.outcome == MEM_HIT && !r.write_down);
	/* a write-through hit needs an outbound slot */
	mem_cache_access(&c, req(4, LINE(0), MEM_WRITE, MEM_GLOBAL),
			 MEM_OP_WRITE, 0, true, &r);
	CHECK_EQ_U64(r.outcome, MEM_RESFAIL);
	/* evicting the dirty local line produces a writeback */
	rd(&c, 5, LINE(1), &r);
	mem_cache_fill(&c, r.mshr);
	rd(&c, 6, LINE(1), &r); /* LINE(0) becomes LRU */
	CHECK_EQ_U64(rd(&c, 7, LINE(2), &r), MEM_MISS);
	CHECK(r.wb && r.wb_addr == LINE(0));
	mem_cache_release(&c);
}

TEST(cache_alloc_on_fill)
{
	struct mem_cache_config k = small_cfg(MEM_WP_READONLY, false);
	struct mem_cache c;
	struct mem_cache_res r;

	k.alloc_on_fill = true;
	mem_cache_init(&c, &k, MEM_LVL_L1C);
	CHECK_EQ_U64(rd(&c, 0, LINE(0), &r), MEM_MISS);
	CHECK_EQ_U64(rd(&c, 1, LINE(0), &r), MEM_HIT_RESERVED);
	CHECK_EQ_U64(r.mshr, 0);
	for (unsigned i = 0; i < 4; i++) /* lines stay allocatable meanwhile */
		CHECK(!c.lines[i].state);
	mem_cache_fill(&c, 0);
	CHECK(mem_cache_probe(&c, LINE(0)));
	CHECK_EQ_U64(rd(&c, 2, LINE(0), &r), MEM_HIT);
	mem_cache_release(&c);
}

TEST(cache_set_index)
{
	struct mem_config cfg;
	struct mem_cache c;
	bool seen[64] = {false};
	unsigned n = 0, sets = 0;

	mem_config_gtx480(&cfg);
	/* Fermi-style hash: a 4 KB stride (32 sets x 128 B) spreads out */
	mem_cache_init(&c, &cfg.l1d, MEM_LVL_L1D);
	for (unsigned i = 0; i < 32; i++) {
		unsigned s = mem_cache_set(&c, (addr_t)i * 4096);

		if (!seen[s])
			sets++;
		seen[s] = true;
	}
	CHECK_EQ_U64(sets, 32);
	mem_cache_release(&c);
	/* L2 slice 0: its first 64 lines cover all 64 sets */
	memset(seen, 0, sizeof(seen));
	sets = 0;
	mem_cache_init(&c, &cfg.l2, MEM_LVL_L2);
	mem_cache_index_by_slice(&c, &cfg);
	for (addr_t a = 0; n < 64; a += 128) {
		unsigned s;

		if (mem_addr_slice(&cfg, a) != 0)
			continue;
		n++;
		s = mem_cache_set(&c, a);
		if (!seen[s])
			sets++;
		seen[s] = true;
	}
	CHECK_EQ_U64(sets, 64);
	mem_cache_release(&c);
}

TEST(xbar_flits_and_backpressure)
{
	struct mem_config cfg;
	struct mem_xbar x;
	struct mem_req a, b, c;

	mem_config_gtx480(&cfg);
	/* 2 inputs -> 1 output holding 2 packets; period 1, latency 4 */
	mem_xbar_init(&x, 2, 2, 1, 2, false, &cfg, 1, 0);
	memset(&a, 0, sizeof(a));
	a.kind = MEM_WRITE;
	a.size = 128; /* 8 + 128 B = 4 flits */
	b = a;
	c = a;
	c.kind = MEM_READ; /* 8 B = 1 flit */
	mem_xbar_push(&x, 0, &a, 0);
	mem_xbar_push(&x, 1, &b, 0);
	mem_xbar_push(&x, 1, &c, 0);
	CHECK(mem_q_full(&x.in[1]));
	mem_xbar_tick(&x, 1); /* a granted: arrives 1 + 4 + 3 */
	CHECK_EQ_U64(x.out[0].n, 1);
	CHECK_EQ_U64(x.out[0].e[0].ready, 8);
	for (uint64_t t = 2; t < 5; t++) /* output busy with a's flits */
		mem_xbar_tick(&x, t);
	CHECK_EQ_U64(x.out[0].n, 1);
	mem_xbar_tick(&x, 5); /* b granted */
	CHECK_EQ_U64(x.out[0].n, 2);
	CHECK_EQ_U64(x.out[0].e[1].ready, 12);
	for (uint64_t t = 6; t < 20; t++) /* output queue full: c waits */
		mem_xbar_tick(&x, t);
	CHECK_EQ_U64(x.in[1].n, 1);
	CHECK(mem_q_pop(&x.out[0]) == &a);
	mem_xbar_tick(&x, 20);
	CHECK_EQ_U64(x.out[0].e[(x.out[0].head + 1) % 2].ready, 24);
	CHECK_EQ_U64(x.pkts, 3);
	CHECK_EQ_U64(x.flits, 9);
	CHECK_EQ_U64(x.n_waiting, 0);
	mem_xbar_release(&x);
}

TEST_MAIN()
