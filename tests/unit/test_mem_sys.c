/*
 * test_mem_sys.c - the whole memory system with analytic latencies,
 * merging, atomics, back-pressure under starved queues, idle skipping and
 * determinism.
 *
 * Latency convention: an access pushed at core cycle c and popped after
 * the k-th following mem_sys_tick has latency k.  GTX480 parameters: L1
 * 35, icnt latency L = 4, ROP 120, extra DRAM latency 100 (core cycles);
 * flits of 40 B with an 8 B header, so a read request is 1 flit and a
 * 128 B line reply (136 B) 4 flits; GDDR5 tRCD 12, tCCD 2, CL 12, a 64 B
 * atom per column command taking 2 DRAM cycles (a 128 B line needs 2).
 */
#include "base/base.h"
#include "mem/mem_int.h"
#include "test.h"

static void cfg_equal_clocks(struct mem_config *c)
{
	mem_config_gtx480(c);
	c->dram_mhz = 700.0;
}

/* Push one access from sm now; the port must be free. */
static void push(struct mem_sys *ms, unsigned sm, addr_t a, unsigned size,
		 enum mem_kind k, enum mem_space sp, unsigned flags, uint64_t tag)
{
	struct mem_access acc = {.addr = a, .tag = tag, .size = size,
				 .kind = k, .space = sp, .flags = flags};

	CHECK(mem_sys_push(ms, sm, &acc));
}

/* Tick until sm has a reply; returns the ticks taken (0 if none in max). */
static uint64_t wait_reply(struct mem_sys *ms, unsigned sm,
			   struct mem_reply *r, uint64_t max)
{
	for (uint64_t k = 1; k <= max; k++) {
		mem_sys_tick(ms);
		if (mem_sys_pop(ms, sm, r))
			return k;
	}
	return 0;
}

static uint64_t read_latency(struct mem_sys *ms, unsigned sm, addr_t a,
			     unsigned size, unsigned flags)
{
	struct mem_reply r;

	push(ms, sm, a, size, MEM_READ, MEM_GLOBAL, flags, a);
	return wait_reply(ms, sm, &r, 5000);
}

/*
 * L1 miss, L2 miss, DRAM row miss, equal clocks (all 700 MHz):
 *     1   L1 miss to the injection queue, granted at the next icnt cycle
 *   + 4   request flit through the crossbar (L)
 *   + 120 ROP delay before the L2 access
 *   + 100 extra DRAM latency before the scheduler takes it
 *   + 12  ACT to first RD (tRCD)
 *   + 2   second RD of the 128 B line (tCCD)
 *   + 14  CL + 2 data cycles of the last burst
 *   + 4   reply through the crossbar (L), granted the cycle the fill lands
 *   + 3   remaining 3 flits of the 136 B reply
 *   = 260; the L1 fill hands the reply over the same cycle.
 */
TEST(dram_read_miss_equal_clocks)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_stats st;

	cfg_equal_clocks(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	CHECK_EQ_U64(read_latency(ms, 0, 0x0, 128, 0), 260);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.l1d.misses, 1);
	CHECK_EQ_U64(st.l2.misses, 1);
	CHECK_EQ_U64(st.dram.n_rd, 1);
	CHECK_EQ_U64(st.dram.row_misses, 1);
	CHECK_EQ_U64(st.icnt_req_flits, 1);
	CHECK_EQ_U64(st.icnt_rep_flits, 4);
	CHECK(mem_sys_idle(ms));
	mem_sys_destroy(ms);
}

/*
 * Same miss with the GTX480 clocks: time unit 1/23100 us, core period 33,
 * DRAM period 25.  The L2 access is at core cycle 1 + 4 + 120 = 125; the
 * DRAM may take the request at 33 * 225 = 7425 = 25 * 297, i.e. DRAM cycle
 * 297 (exactly on an edge).  ACT 297, RD 309 and 311, data done at DRAM
 * cycle 325 = time 8125.  The next L2 edge is core cycle ceil(8125 / 33) =
 * 247, and the reply crosses in 4 + 3 cycles: 254.
 */
TEST(dram_read_miss_gtx480_clocks)
{
	struct mem_config c;
	struct mem_sys *ms;

	mem_config_gtx480(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	CHECK_EQ_U64(read_latency(ms, 0, 0x0, 128, 0), 254);
	/* skipping a multiple of 25 core cycles keeps the clock phase */
	mem_sys_skip(ms, 1000 - mem_sys_cycle(ms));
	CHECK_EQ_U64(mem_sys_cycle(ms), 1000);
	CHECK_EQ_U64(read_latency(ms, 0, 0x100000, 128, 0), 254);
	mem_sys_destroy(ms);
}

/*
 * L2 hit (the line was brought in by SM 0): 1 + 4 + 120 to the L2, which
 * answers the same cycle; the 128 B line takes 4 + 3 cycles back: 132.
 * A 32 B read that bypasses the L1 comes back in one flit: 129.  An L1 hit
 * is the L1 latency: 35.
 */
TEST(l2_and_l1_hit_latency)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_stats st;

	mem_config_gtx480(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	CHECK_EQ_U64(read_latency(ms, 0, 0x4000, 128, 0), 254);
	CHECK_EQ_U64(read_latency(ms, 1, 0x4000, 128, 0), 132);
	CHECK_EQ_U64(read_latency(ms, 2, 0x4020, 32, MEM_F_BYPASS_L1), 129);
	CHECK_EQ_U64(read_latency(ms, 0, 0x4040, 4, 0), 35);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.l1d.hits, 1);
	CHECK_EQ_U64(st.l1d.misses, 2);
	CHECK_EQ_U64(st.l2.hits, 2);
	CHECK_EQ_U64(st.l2.misses, 1);
	CHECK_EQ_U64(st.dram.n_rd, 1);
	mem_sys_destroy(ms);
}

/*
 * gpgpu_perf_sim_memcpy: mem_sys_warm_l2 installs the lines a copy covers
 * (an unaligned 200 bytes from 0x4010 touch lines 0x4000 and 0x4080), with
 * no traffic.  A read of each is then an L1D miss and L2 hit (132), and
 * DRAM is never read.  The lines are dirty: evicting them writes back.
 */
TEST(l2_warm_copy)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_stats st;

	mem_config_gtx480(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	CHECK_EQ_U64(mem_sys_warm_l2(ms, 0x4010, 200), 2);
	CHECK(mem_sys_idle(ms));
	CHECK_EQ_U64(read_latency(ms, 0, 0x4000, 128, 0), 132);
	CHECK_EQ_U64(read_latency(ms, 1, 0x4080, 128, 0), 132);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.l2.hits, 2);
	CHECK_EQ_U64(st.l2.misses, 0);
	CHECK_EQ_U64(st.dram.n_rd, 0);
	/* a line not covered is still cold */
	CHECK_EQ_U64(read_latency(ms, 2, 0x4100, 128, 0) > 132, 1);
	mem_sys_destroy(ms);
}

/*
 * Sectored L2 (gpgpu_cache:dl2 S:..., GPGPU-Sim 4.x): a 128-byte line miss
 * fetches four 32-byte sectors, one DRAM request and one 64-byte column
 * command (burst) each, where the unsectored L2 reads the line with one
 * request of two column commands.  A 32-byte read (.cg, L1 bypassed) of a
 * cold line fetches its one sector; the line's other three are fetched
 * when a 128-byte read comes; a repeat of that read hits.
 */
TEST(l2_sectors)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_stats st;

	cfg_equal_clocks(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	CHECK(read_latency(ms, 0, 0x0, 128, 0) > 0);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.dram.n_rd, 1);
	CHECK_EQ_U64(st.dram.rd_bytes, 128);
	CHECK_EQ_U64(st.dram.n_rd_cmd, 2);
	mem_sys_destroy(ms);

	c.l2.sectored = true;
	ms = mem_sys_create(&c, NULL, NULL);
	CHECK(read_latency(ms, 0, 0x0, 128, 0) > 0);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.dram.n_rd, 4);
	CHECK_EQ_U64(st.dram.rd_bytes, 128);
	CHECK_EQ_U64(st.dram.n_rd_cmd, 4);
	CHECK(read_latency(ms, 1, 0x4020, 32, MEM_F_BYPASS_L1) > 0);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.dram.n_rd, 5);
	CHECK_EQ_U64(st.dram.rd_bytes, 160);
	CHECK(read_latency(ms, 2, 0x4000, 128, 0) > 0);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.dram.n_rd, 8);
	CHECK_EQ_U64(st.l2.misses, 3);
	CHECK_EQ_U64(read_latency(ms, 3, 0x4000, 128, 0), 132);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.dram.n_rd, 8);
	CHECK_EQ_U64(st.l2.hits, 1);
	mem_sys_destroy(ms);
}

/*
 * Write-backs of a sectored L2 send the dirty sectors only: a 4-byte
 * store allocates its line with one valid, dirty sector; evicting the line
 * (assoc + 1 lines in its set) writes back 32 bytes, one request, where
 * the unsectored cache writes back the whole 128-byte line.
 */
static unsigned wb_bytes(bool sectored)
{
	struct mem_cache_config k = {
		.n_sets = 4, .line_bytes = 128, .assoc = 2, .n_mshr = 8,
		.mshr_merge = 4, .miss_queue = 4, .write = MEM_WP_WB,
		.write_alloc = true, .sectored = sectored};
	struct mem_cache c;
	struct mem_req w = {.addr = 0x1004, .size = 4, .kind = MEM_WRITE};
	struct mem_req r1 = {.addr = 0x1000 + 4 * 128, .size = 128,
			     .kind = MEM_READ};
	struct mem_req r2 = {.addr = 0x1000 + 8 * 128, .size = 128,
			     .kind = MEM_READ};
	struct mem_cache_res res;
	unsigned bytes = 0;

	mem_cache_init(&c, &k, MEM_LVL_L2);
	mem_cache_access(&c, &w, MEM_OP_WRITE, 4, true, &res);
	CHECK(res.outcome == MEM_MISS && !res.wb);
	mem_cache_access(&c, &r1, MEM_OP_READ, 4, true, &res);
	CHECK(res.outcome == MEM_MISS && res.fetch && !res.wb);
	mem_cache_fill(&c, res.mshr);
	mem_cache_access(&c, &r2, MEM_OP_READ, 4, true, &res);
	CHECK(res.outcome == MEM_MISS && res.wb);
	CHECK_EQ_U64(res.wb_addr, 0x1000);
	if (res.wb)
		bytes = res.wb_sec ? (unsigned)bit_popc64(res.wb_sec) *
			MEM_SECTOR : k.line_bytes;
	mem_cache_release(&c);
	return bytes;
}

TEST(l2_sector_writeback)
{
	CHECK_EQ_U64(wb_bytes(false), 128);
	CHECK_EQ_U64(wb_bytes(true), 32);
}

/*
 * A second line in the open DRAM row (0xc00: channel 0, bank 0, row 0)
 * skips the activate: 260 - tRCD = 248 with equal clocks.  A line in
 * another row of the same bank (0x60000) first precharges: 260 + tRP =
 * 272.
 */
TEST(row_buffer_hit_faster)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_stats st;

	cfg_equal_clocks(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	CHECK_EQ_U64(read_latency(ms, 0, 0x0, 128, 0), 260);
	CHECK_EQ_U64(read_latency(ms, 0, 0xc00, 128, 0), 260 - c.t_rcd);
	CHECK_EQ_U64(read_latency(ms, 0, 0x60000, 128, 0), 260 + c.t_rp);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.dram.row_hits, 1);
	CHECK_EQ_U64(st.dram.row_misses, 2);
	mem_sys_destroy(ms);
}

/*
 * MSHR merging: two loads to one line from SM 0 (cycles 0 and 1) share
 * one L1 miss; two SMs missing on one line share one L2 miss.  Either way
 * DRAM reads the line once and both replies arrive together.
 */
TEST(mshr_merging)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_stats st;
	struct mem_reply r;

	mem_config_gtx480(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	push(ms, 0, 0x1000, 4, MEM_READ, MEM_GLOBAL, 0, 1);
	mem_sys_tick(ms);
	push(ms, 0, 0x1040, 4, MEM_READ, MEM_GLOBAL, 0, 2);
	CHECK_EQ_U64(wait_reply(ms, 0, &r, 5000), 253);
	CHECK_EQ_U64(r.tag, 1);
	CHECK(mem_sys_pop(ms, 0, &r));
	CHECK_EQ_U64(r.tag, 2);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.l1d.misses, 1);
	CHECK_EQ_U64(st.l1d.pending_hits, 1);
	CHECK_EQ_U64(st.dram.n_rd, 1);

	push(ms, 0, 0x2000, 4, MEM_READ, MEM_GLOBAL, 0, 3);
	push(ms, 1, 0x2000, 4, MEM_READ, MEM_GLOBAL, 0, 4);
	CHECK(wait_reply(ms, 0, &r, 5000) > 0);
	CHECK(mem_sys_pop(ms, 1, &r) || wait_reply(ms, 1, &r, 10) > 0);
	CHECK_EQ_U64(r.tag, 4);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.l2.misses, 2);
	CHECK_EQ_U64(st.l2.pending_hits, 1);
	CHECK_EQ_U64(st.dram.n_rd, 2);
	CHECK(mem_sys_idle(ms));
	mem_sys_destroy(ms);
}

struct atom_log {
	uint64_t counter;   /* the simulated memory word */
	uint64_t when[4];   /* core cycle of each callback */
	unsigned n;         /* callbacks so far */
	struct mem_sys *ms; /* to read the cycle */
};

static uint64_t atom_inc(void *ctx, unsigned sm, uint64_t tag, addr_t a)
{
	struct atom_log *lg = ctx;

	lg->when[lg->n++ & 3] = mem_sys_cycle(lg->ms);
	return lg->counter++;
}

/*
 * Atomics bypass the L1 and are applied at the L2: the first one misses
 * and is performed when the line arrives from DRAM; the second (SM 1, one
 * cycle later) merges on the same MSHR and follows it.  Each reply carries
 * the value the callback returned.  A later atomic hits in the L2 and is
 * performed on arrival, at cycle 1 + 4 + 120 after its push.
 */
TEST(atomics_at_l2)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_reply r;
	struct atom_log lg = {0};
	uint64_t t0;

	mem_config_gtx480(&c);
	ms = mem_sys_create(&c, atom_inc, &lg);
	lg.ms = ms;
	push(ms, 0, 0x3000, 4, MEM_ATOMIC, MEM_GLOBAL, 0, 10);
	mem_sys_tick(ms);
	push(ms, 1, 0x3000, 4, MEM_ATOMIC, MEM_GLOBAL, 0, 11);
	CHECK(wait_reply(ms, 0, &r, 5000) > 0);
	CHECK(r.tag == 10 && r.value == 0 && r.kind == MEM_ATOMIC);
	CHECK(mem_sys_pop(ms, 1, &r) || wait_reply(ms, 1, &r, 10) > 0);
	CHECK(r.tag == 11 && r.value == 1);
	CHECK_EQ_U64(lg.n, 2);
	CHECK_EQ_U64(lg.when[0], lg.when[1]); /* both at the fill */
	t0 = mem_sys_cycle(ms);
	push(ms, 2, 0x3000, 4, MEM_ATOMIC, MEM_GLOBAL, 0, 12);
	CHECK(wait_reply(ms, 2, &r, 5000) > 0);
	CHECK_EQ_U64(r.value, 2);
	CHECK_EQ_U64(lg.when[2] - t0, 1 + 4 + 120);
	mem_sys_destroy(ms);
}

/*
 * A global store: L1 write miss (no allocate) goes down, the L2 allocates
 * without fetching and acknowledges: 1 + 4 + 120, then 4 for the 1-flit
 * ack: 129.  The line is then an L2 hit for another SM (132).
 */
TEST(store_ack_and_l2_allocate)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_reply r;
	struct mem_stats st;

	mem_config_gtx480(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	push(ms, 0, 0x5000, 4, MEM_WRITE, MEM_GLOBAL, 0, 7);
	CHECK_EQ_U64(wait_reply(ms, 0, &r, 5000), 129);
	CHECK(r.tag == 7 && r.kind == MEM_WRITE);
	CHECK_EQ_U64(read_latency(ms, 1, 0x5000, 128, 0), 132);
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.dram.n_rd, 0);
	mem_sys_destroy(ms);
}

/* Nine dirty lines in one L2 set of one slice: the ninth evicts one to DRAM. */
TEST(l2_dirty_eviction_writes_dram)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_reply r;
	struct mem_stats st;
	unsigned n = 0;

	mem_config_gtx480(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	for (addr_t a = 0; n < 9; a += 128) {
		if (mem_addr_slice(&c, a) != 0 ||
		    mem_cache_set(&ms->slice[0].cache, a) != 0)
			continue;
		push(ms, 0, a, 4, MEM_WRITE, MEM_GLOBAL, 0, n++);
		mem_sys_tick(ms);
	}
	for (unsigned k = 0; k < 2000 && !mem_sys_idle(ms); k++) {
		while (mem_sys_pop(ms, 0, &r))
			;
		mem_sys_tick(ms);
	}
	CHECK(mem_sys_idle(ms));
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.l2.writebacks, 1);
	CHECK_EQ_U64(st.dram.n_wr, 1);
	CHECK_EQ_U64(st.dram.wr_bytes, 128);
	mem_sys_destroy(ms);
}

/*
 * Back-pressure at the SM: one access per cycle, and with 2 L1 MSHRs a
 * third distinct miss is refused (nothing changes) until a fill frees one.
 */
TEST(l1_backpressure)
{
	struct mem_config c;
	struct mem_sys *ms;
	struct mem_access a = {.size = 4, .kind = MEM_READ};
	struct mem_reply r;
	struct mem_stats st;
	unsigned got = 0;
	uint64_t k;

	mem_config_gtx480(&c);
	c.l1d.n_mshr = 2;
	ms = mem_sys_create(&c, NULL, NULL);
	a.addr = 0x0;
	CHECK(mem_sys_push(ms, 0, &a));
	a.addr = 0x80;
	CHECK(!mem_sys_push(ms, 0, &a)); /* port taken this cycle */
	mem_sys_tick(ms);
	CHECK(mem_sys_push(ms, 0, &a));
	mem_sys_tick(ms);
	a.addr = 0x100;
	CHECK(!mem_sys_push(ms, 0, &a)); /* MSHRs full */
	mem_sys_stats(ms, &st);
	CHECK_EQ_U64(st.l1d.resfails, 1);
	for (k = 0; k < 1000; k++) {
		while (mem_sys_pop(ms, 0, &r))
			got++;
		if (mem_sys_push(ms, 0, &a))
			break;
		mem_sys_tick(ms);
	}
	CHECK(got >= 1 && k < 1000);
	while (!mem_sys_idle(ms)) {
		while (mem_sys_pop(ms, 0, &r))
			got++;
		mem_sys_tick(ms);
	}
	CHECK_EQ_U64(got, 3);
	mem_sys_destroy(ms);
}

/* ================================================================
 * Flood under starved resources; determinism
 * ================================================================ */

#define FLOOD_SMS 3
#define FLOOD_N 300

struct flood {
	uint64_t hash;                   /* of (cycle, sm, tag) replies */
	uint64_t cycles;                 /* until everything returned */
	unsigned seen[FLOOD_SMS][FLOOD_N]; /* replies per tag */
	struct mem_stats st;             /* final counters */
	uint64_t atom;                   /* atomic counter */
};

static uint64_t flood_atom(void *ctx, unsigned sm, uint64_t tag, addr_t a)
{
	struct flood *f = ctx;

	return f->atom++;
}

/* "Give some bugs a chance": one-entry everything. */
static void cfg_starved(struct mem_config *c)
{
	mem_config_gtx480(c);
	c->n_sm = FLOOD_SMS;
	c->n_mem = 2;
	c->l1d.n_sets = 1;
	c->l1d.assoc = 1;
	c->l1d.n_mshr = 1;
	c->l1d.mshr_merge = 1;
	c->l1c.n_sets = 1;
	c->l1c.n_mshr = 1;
	c->l1c.mshr_merge = 2;
	c->l2.n_sets = 2;
	c->l2.assoc = 2;
	c->l2.n_mshr = 2;
	c->l2.mshr_merge = 2;
	c->reply_queue = 2;
	c->reqs_per_sm = 3;
	c->icnt_in_queue = 2;
	c->ejection_queue = 1;
	c->q_icnt_l2 = 1;
	c->q_l2_dram = 2;
	c->q_dram_l2 = 1;
	c->q_l2_icnt = 2;
	c->wb_pool = 1;
	c->sched_queue = 2;
	c->rop_latency = 7;
	c->dram_latency = 3;
}

static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

static void flood_run(const struct mem_config *c, struct flood *f)
{
	struct mem_sys *ms = mem_sys_create(c, flood_atom, f);
	unsigned issued[FLOOD_SMS] = {0}, done = 0;
	uint64_t seed = 12345;
	struct mem_access a[FLOOD_SMS];

	memset(f, 0, sizeof(*f));
	f->hash = 1469598103934665603ULL;
	for (unsigned s = 0; s < FLOOD_SMS; s++)
		a[s].tag = UINT64_MAX;
	while (done < FLOOD_SMS * FLOOD_N && f->cycles < 2000000) {
		for (unsigned s = 0; s < FLOOD_SMS; s++) {
			struct mem_reply r;
			uint64_t x;

			while (mem_sys_pop(ms, s, &r)) {
				f->seen[s][r.tag]++;
				f->hash = (f->hash ^ (f->cycles * 131 + s * 7 + r.tag)) *
					  1099511628211ULL;
				done++;
			}
			if (a[s].tag == UINT64_MAX && issued[s] < FLOOD_N) {
				x = lcg(&seed);
				a[s].tag = issued[s];
				a[s].addr = (x % 96) * 64;
				a[s].size = 32;
				a[s].flags = (x >> 8) % 7 == 0 ? MEM_F_BYPASS_L1 : 0;
				a[s].kind = (x >> 12) % 3 == 0 ? MEM_WRITE : MEM_READ;
				a[s].space = (x >> 16) % 4 == 0 ? MEM_LOCAL : MEM_GLOBAL;
				if ((x >> 20) % 9 == 0)
					a[s].kind = MEM_ATOMIC;
				if (a[s].kind == MEM_READ && (x >> 24) % 5 == 0)
					a[s].space = MEM_CONST;
			}
			if (a[s].tag != UINT64_MAX && mem_sys_push(ms, s, &a[s])) {
				issued[s]++;
				a[s].tag = UINT64_MAX;
			}
		}
		mem_sys_tick(ms);
		mem_sys_check(ms);
		f->cycles++;
	}
	mem_sys_stats(ms, &f->st);
	CHECK(mem_sys_idle(ms));
	CHECK_EQ_U64(ms->wbs.n_live, 0);
	mem_sys_destroy(ms);
}

TEST(flood_starved_no_loss_and_deterministic)
{
	struct mem_config c;
	static struct flood f1, f2;
	struct diag d;

	cfg_starved(&c);
	diag_init(&d);
	CHECK_EQ_U64(mem_config_validate(&c, &d), 0);
	diag_release(&d);
	flood_run(&c, &f1);
	CHECK(f1.cycles < 2000000);
	for (unsigned s = 0; s < FLOOD_SMS; s++)
		for (unsigned t = 0; t < FLOOD_N; t++)
			if (f1.seen[s][t] != 1) {
				CHECK_EQ_U64(f1.seen[s][t], 1);
				s = FLOOD_SMS;
				break;
			}
	/* the starved configuration exercises every stall path */
	CHECK(f1.st.l1d.resfails > 0);
	CHECK(f1.st.l2.resfails > 0);
	CHECK(f1.st.l1d.hits > 0 && f1.st.l2.hits > 0);
	CHECK(f1.st.l1c.accesses > 0);
	CHECK(f1.st.dram.n_wr > 0 && f1.st.dram.row_hits > 0);
	CHECK(f1.st.dram_util > 0.0 && f1.st.dram_util <= 1.0);
	flood_run(&c, &f2);
	CHECK_EQ_U64(f1.hash, f2.hash);
	CHECK_EQ_U64(f1.cycles, f2.cycles);
	CHECK(memcmp(&f1.st, &f2.st, sizeof(f1.st)) == 0);
	/* and with the full GTX480 configuration */
	mem_config_gtx480(&c);
	c.n_sm = FLOOD_SMS;
	flood_run(&c, &f1);
	flood_run(&c, &f2);
	CHECK_EQ_U64(f1.hash, f2.hash);
	CHECK(memcmp(&f1.st, &f2.st, sizeof(f1.st)) == 0);
}

/* ================================================================
 * The SM phase: visits of one cycle in any order
 * ================================================================ */

#define PH_SMS 16
#define PH_N 400

struct phase_run {
	uint64_t hash[PH_SMS];   /* per SM: its pushes' outcomes and replies,
				    in the SM's own order */
	uint64_t cycles;         /* until everything returned */
	uint64_t tight;          /* SM visits that found the writeback pool
				    with no more free entries than their SM
				    id (l1_wb_ok false, entries left) */
	struct mem_stats st;     /* final counters */
	uint64_t atom;           /* atomic counter */
};

static uint64_t phase_atom(void *ctx, unsigned sm, uint64_t tag, addr_t a)
{
	struct phase_run *f = ctx;

	return f->atom++;
}

static uint64_t phase_mix(uint64_t h, uint64_t v)
{
	return (h ^ v) * 1099511628211ULL;
}

/*
 * PH_SMS SMs pop and push every cycle inside cycle_begin/cycle_end,
 * visited in SM order (order 0), in reverse (1), or rotated by the cycle
 * (2); each SM draws its accesses from its own generator, mostly local
 * loads and stores that evict dirty lines from a one-line L1 into a
 * writeback pool of one entry per component, so that several L1s often
 * want the pool's last entries in one cycle (a rule that let the SMs
 * visited first take them, as the one-thread step once did, fails this).
 */
static void phase_run(const struct mem_config *c, unsigned order,
		      struct phase_run *f)
{
	struct mem_sys *ms = mem_sys_create(c, phase_atom, f);
	unsigned issued[PH_SMS] = {0}, out[PH_SMS] = {0}, done = 0;
	uint64_t seed[PH_SMS];
	struct mem_access a[PH_SMS];

	memset(f, 0, sizeof(*f));
	for (unsigned s = 0; s < PH_SMS; s++) {
		a[s].tag = UINT64_MAX;
		seed[s] = 777 + s;
		f->hash[s] = 1469598103934665603ULL;
	}
	while (done < PH_SMS * PH_N && f->cycles < 2000000) {
		mem_sys_cycle_begin(ms);
		for (unsigned k = 0; k < PH_SMS; k++) {
			unsigned s = order == 0 ? k : order == 1 ?
				PH_SMS - 1 - k : (unsigned)((k + f->cycles) % PH_SMS);
			struct mem_reply r;
			uint64_t x;

			while (mem_sys_pop(ms, s, &r)) {
				f->hash[s] = phase_mix(f->hash[s],
					f->cycles * 131 + r.tag * 7 + r.value);
				done++;
				out[s]--;
			}
			if (a[s].tag == UINT64_MAX && issued[s] < PH_N) {
				x = lcg(&seed[s]);
				a[s].tag = issued[s];
				/* mostly local: read line A, write it (dirty),
				 * read line B (A written back), write B, ... */
				a[s].addr = ((issued[s] >> 1) & 1) * 128 +
					    s * 0x10000;
				a[s].size = 32;
				a[s].flags = 0;
				a[s].kind = issued[s] & 1 ? MEM_WRITE : MEM_READ;
				a[s].space = MEM_LOCAL;
				if ((x >> 8) % 8 == 0) { /* or anything else */
					a[s].addr = (x % 64) * 128;
					a[s].flags = (x >> 12) % 5 == 0 ?
						MEM_F_BYPASS_L1 : 0;
					a[s].kind = (x >> 16) % 3 ? MEM_READ :
						    MEM_WRITE;
					a[s].space = MEM_GLOBAL;
					if ((x >> 20) % 5 == 0)
						a[s].kind = MEM_ATOMIC;
				}
			}
			if (ms->wbs.n_live < ms->wbs.size &&
			    ms->wbs.n_live >= ms->l1[s].wb_max)
				f->tight++;
			/* a local access waits for the SM's replies (a
			 * store then hits the line its load brought) */
			if (a[s].tag != UINT64_MAX &&
			    (a[s].space != MEM_LOCAL || !out[s])) {
				bool ok = mem_sys_push(ms, s, &a[s]);

				f->hash[s] = phase_mix(f->hash[s],
						       f->cycles * 2 + ok);
				if (ok) {
					issued[s]++;
					out[s]++;
					a[s].tag = UINT64_MAX;
				}
			}
		}
		mem_sys_cycle_end(ms);
		mem_sys_check(ms);
		mem_sys_tick(ms);
		f->cycles++;
	}
	/* the last writebacks drain */
	for (unsigned k = 0; k < 100000 && !mem_sys_idle(ms); k++)
		mem_sys_tick(ms);
	CHECK(mem_sys_idle(ms));
	mem_sys_stats(ms, &f->st);
	mem_sys_destroy(ms);
}

/* The SM visits of a cycle give the same results in any order (they may
 * run on several host threads: mem.h, mem_sys_cycle_begin). */
TEST(sm_phase_order_independent)
{
	struct mem_config c;
	static struct phase_run f[3];
	struct diag d;

	mem_config_gtx480(&c);
	c.n_sm = PH_SMS;
	c.n_mem = 1;            /* a pool of 2 + PH_SMS writebacks */
	c.wb_pool = 1;
	c.l1d.n_sets = 1;       /* one line per L1: dirty evictions */
	c.l1d.assoc = 1;
	c.l1d.hash_index = false;
	diag_init(&d);
	CHECK_EQ_U64(mem_config_validate(&c, &d), 0);
	diag_release(&d);
	for (unsigned o = 0; o < 3; o++)
		phase_run(&c, o, &f[o]);
	CHECK(f[0].cycles < 2000000);
	/* the pool ran short: the rule of l1_wb_ok decided, and L1s wrote
	 * back */
	CHECK(f[0].tight > 0);
	CHECK(f[0].st.sm_wr_local > 0 && f[0].st.l1d.writebacks > 0);
	for (unsigned o = 1; o < 3; o++) {
		CHECK_EQ_U64(f[o].cycles, f[0].cycles);
		CHECK_EQ_U64(f[o].tight, f[0].tight);
		CHECK(memcmp(f[o].hash, f[0].hash, sizeof(f[0].hash)) == 0);
		CHECK(memcmp(&f[o].st, &f[0].st, sizeof(f[0].st)) == 0);
	}
}

/* A quiet system: idle, and skipping equals ticking. */
TEST(idle_and_skip)
{
	struct mem_config c;
	struct mem_sys *a, *b;

	mem_config_gtx480(&c);
	a = mem_sys_create(&c, NULL, NULL);
	b = mem_sys_create(&c, NULL, NULL);
	CHECK(mem_sys_idle(a));
	for (unsigned i = 0; i < 777; i++)
		mem_sys_tick(a);
	mem_sys_skip(b, 777);
	CHECK_EQ_U64(mem_sys_cycle(a), 777);
	CHECK(memcmp(&a->clk, &b->clk, sizeof(a->clk)) == 0);
	CHECK_EQ_U64(read_latency(a, 3, 0x7000, 128, 0),
		     read_latency(b, 3, 0x7000, 128, 0));
	mem_sys_destroy(a);
	mem_sys_destroy(b);
}

/* The Tesla-like configuration builds and serves a 64 B line. */
TEST(tesla8_smoke)
{
	struct mem_config c;
	struct mem_sys *ms;

	mem_config_tesla8(&c);
	ms = mem_sys_create(&c, NULL, NULL);
	CHECK(read_latency(ms, 15, 0x40, 64, 0) > 200);
	CHECK_EQ_U64(read_latency(ms, 15, 0x44, 4, 0), 35);
	mem_sys_check(ms);
	mem_sys_destroy(ms);
}

TEST_MAIN()
