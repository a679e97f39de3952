/*
 * test_mem_dram.c - one DRAM channel against fake L2 sub-partitions
 * (plain queues), with GTX480 GDDR5 timing and a time unit of one DRAM
 * cycle.  Requests are queued at DRAM cycle 0 or later and accepted at the
 * next tick; a read's ready stamp is the cycle its last data beat leaves:
 * last column command + CL + burst_len / data_ratio.
 */
#include "base/base.h"
#include "mem/mem_int.h"
#include "test.h"

struct rig {
	struct mem_config cfg;  /* GTX480 */
	struct mem_q in[2];     /* fake L2 -> DRAM queues */
	struct mem_q ret[2];    /* fake DRAM -> L2 queues */
	struct mem_q *pin[2];   /* pointers handed to the channel */
	struct mem_q *pret[2];  /* pointers handed to the channel */
	struct mem_pool pool;   /* requests */
	struct mem_dram d;      /* channel 0 */
	uint64_t n;             /* DRAM cycle */
};

static void rig_init(struct rig *g, unsigned frfcfs)
{
	memset(g, 0, sizeof(*g));
	mem_config_gtx480(&g->cfg);
	g->cfg.frfcfs = frfcfs;
	for (unsigned i = 0; i < 2; i++) {
		mem_q_init(&g->in[i], 64);
		mem_q_init(&g->ret[i], 64);
		g->pin[i] = &g->in[i];
		g->pret[i] = &g->ret[i];
	}
	mem_pool_init(&g->pool, 16);
	mem_dram_init(&g->d, &g->cfg, g->pin, g->pret, 0, 1);
}

static void rig_release(struct rig *g)
{
	mem_dram_release(&g->d);
	for (unsigned i = 0; i < 2; i++) {
		mem_q_release(&g->in[i]);
		mem_q_release(&g->ret[i]);
	}
	mem_pool_release(&g->pool);
}

static struct mem_req *rig_push(struct rig *g, addr_t a, enum mem_kind k)
{
	struct mem_req *r = mem_pool_get(&g->pool);

	r->addr = a;
	r->kind = (uint8_t)k;
	r->size = 128;
	r->slice = (uint16_t)mem_addr_slice(&g->cfg, a);
	SIM_ASSERT(r->slice < 2);
	mem_q_push(&g->in[r->slice], r, g->n);
	return r;
}

static void rig_run(struct rig *g, uint64_t until)
{
	while (g->n < until) {
		g->n++;
		mem_dram_tick(&g->d, g->n, g->n);
	}
}

/* ready stamp of the i-th entry of return queue s */
static uint64_t ret_ready(const struct rig *g, unsigned s, unsigned i)
{
	return g->ret[s].e[(g->ret[s].head + i) % g->ret[s].cap].ready;
}

/* Addresses in channel 0, bank 0: row 0 (two lines) and row 1. */
#define ROW0_A 0x0
#define ROW0_B 0xc00
#define ROW1_A 0x60000

TEST(address_decode)
{
	struct mem_config c;
	unsigned ch, bk;
	uint32_t row;

	mem_config_gtx480(&c);
	mem_dram_decode(&c, ROW0_B, &ch, &bk, &row);
	CHECK(ch == 0 && bk == 0 && row == 0);
	mem_dram_decode(&c, ROW1_A, &ch, &bk, &row);
	CHECK(ch == 0 && bk == 0 && row == 1);
	mem_dram_decode(&c, 0x100, &ch, &bk, &row); /* next 256 B: channel 1 */
	CHECK(ch == 1 && bk == 0);
	mem_dram_decode(&c, 0x600, &ch, &bk, &row); /* 7th chunk: ch 0, bank 1 */
	CHECK(ch == 0 && bk == 1);
	CHECK_EQ_U64(mem_addr_slice(&c, 0x600), 1);
	CHECK_EQ_U64(mem_addr_slice(&c, 0x500), 10); /* channel 5, sub 0 */
	mem_dram_decode(&c, 0x2000 * 6, &ch, &bk, &row); /* local bit 13 */
	CHECK(ch == 0 && bk == 2);
}

/*
 * Closed bank: ACT at the accepting cycle 1, RD at 1 + tRCD = 13, second
 * RD (128 B = 2 x 64 B atoms) at 13 + tCCD = 15, data done 15 + CL + 2 =
 * 29.  Open row: RD at 41, 43, done 57: tRCD (12) faster from acceptance
 * (16 vs 28 cycles).  Wrong row open: PRE at 61 (tRAS long past), ACT at
 * 61 + tRP = 73, RD 85, 87, done 101: 40 cycles, tRP + tRCD more than a hit.
 */
TEST(row_hit_miss_conflict_latency)
{
	struct rig g;

	rig_init(&g, 1);
	rig_push(&g, ROW0_A, MEM_FETCH);
	rig_run(&g, 40);
	CHECK_EQ_U64(g.ret[0].n, 1);
	CHECK_EQ_U64(ret_ready(&g, 0, 0), 29);
	rig_push(&g, ROW0_B, MEM_FETCH);
	rig_run(&g, 60);
	CHECK_EQ_U64(ret_ready(&g, 0, 1), 57);
	CHECK_EQ_U64(57 - 41, 29 - 1 - g.cfg.t_rcd);
	rig_push(&g, ROW1_A, MEM_FETCH);
	rig_run(&g, 120);
	CHECK_EQ_U64(ret_ready(&g, 0, 2), 101);
	CHECK_EQ_U64(101 - 61, 16 + g.cfg.t_rp + g.cfg.t_rcd);
	CHECK_EQ_U64(g.d.st.row_hits, 1);
	CHECK_EQ_U64(g.d.st.row_misses, 2);
	CHECK_EQ_U64(g.d.st.n_act, 2);
	CHECK_EQ_U64(g.d.st.n_pre, 1);
	CHECK_EQ_U64(g.d.st.n_rd, 3);
	CHECK_EQ_U64(g.d.st.rd_bytes, 384);
	CHECK_EQ_U64(g.d.st.busy_cycles, 12);
	CHECK(!mem_dram_busy(&g.d));
	rig_release(&g);
}

/*
 * A (row 0), B (row 1), C (row 0) queued together in bank 0.  A: done 29
 * (its second RD at 15).  FR-FCFS then picks C, the row hit, although B is
 * older: RD at 17 (tCCD after 15), 19, done 33.  B: PRE at 29 (ACT at 1 +
 * tRAS), ACT 41 (tRP, tRC), RD 53, 55, done 69.  FIFO serves B first: done
 * 69; C: PRE at 69 (41 + tRAS), ACT 81, RD 93, 95, done 109.
 */
TEST(frfcfs_row_hit_first)
{
	struct rig g;
	struct mem_req *a, *b, *c;

	rig_init(&g, 1);
	a = rig_push(&g, ROW0_A, MEM_FETCH);
	b = rig_push(&g, ROW1_A, MEM_FETCH);
	c = rig_push(&g, ROW0_B, MEM_FETCH);
	rig_run(&g, 200);
	CHECK_EQ_U64(g.ret[0].n, 3);
	CHECK(g.ret[0].e[0].req == a && ret_ready(&g, 0, 0) == 29);
	CHECK(g.ret[0].e[1].req == c && ret_ready(&g, 0, 1) == 33);
	CHECK(g.ret[0].e[2].req == b && ret_ready(&g, 0, 2) == 69);
	CHECK_EQ_U64(g.d.st.row_hits, 1);
	rig_release(&g);

	rig_init(&g, 0);
	a = rig_push(&g, ROW0_A, MEM_FETCH);
	b = rig_push(&g, ROW1_A, MEM_FETCH);
	c = rig_push(&g, ROW0_B, MEM_FETCH);
	rig_run(&g, 200);
	CHECK(g.ret[0].e[0].req == a && ret_ready(&g, 0, 0) == 29);
	CHECK(g.ret[0].e[1].req == b && ret_ready(&g, 0, 1) == 69);
	CHECK(g.ret[0].e[2].req == c && ret_ready(&g, 0, 2) == 109);
	CHECK_EQ_U64(g.d.st.row_hits, 0);
	rig_release(&g);
}

/*
 * Two banks: bank 1's request is accepted at cycle 2 but its ACT waits for
 * tRRD (1 + 6 = 7); its column commands then wait for the data bus (tCCD
 * after bank 0's RD at 13, 15): RD at 19, 21, done 35.
 */
TEST(bank_parallelism_trrd_tccd)
{
	struct rig g;

	rig_init(&g, 1);
	rig_push(&g, ROW0_A, MEM_FETCH);
	rig_push(&g, 0x2000 * 6, MEM_FETCH); /* bank 2, channel 0, slice 0 */
	rig_run(&g, 100);
	CHECK_EQ_U64(ret_ready(&g, 0, 0), 29);
	CHECK_EQ_U64(ret_ready(&g, 0, 1), 35);
	rig_release(&g);
}

/* Writes complete silently and return their buffer; the bus turns around. */
TEST(writes_release_and_turnaround)
{
	struct rig g;

	rig_init(&g, 1);
	rig_push(&g, ROW0_A, MEM_WRITEBACK);
	rig_push(&g, ROW0_B, MEM_FETCH);
	rig_run(&g, 100);
	CHECK_EQ_U64(g.d.st.n_wr, 1);
	CHECK_EQ_U64(g.d.st.wr_bytes, 128);
	CHECK_EQ_U64(g.pool.n_live, 1); /* only the read is still held */
	/* WR at 13, 15; read waits 15 + WL + 2 + tCDLR = 26: RD 26, 28, done 42 */
	CHECK_EQ_U64(ret_ready(&g, 0, 0), 42);
	rig_release(&g);
}

/* The scheduler queue bounds what is taken from the sub-partitions. */
TEST(sched_queue_bound)
{
	struct rig g;

	rig_init(&g, 1);
	g.cfg.sched_queue = 2;
	for (unsigned i = 0; i < 4; i++)
		rig_push(&g, ROW1_A * (i + 1), MEM_FETCH);
	rig_run(&g, 3);
	CHECK_EQ_U64(g.d.n_pending, 2);
	CHECK_EQ_U64(g.in[0].n + g.in[1].n, 2);
	rig_run(&g, 400);
	CHECK_EQ_U64(g.d.st.n_rd, 4);
	rig_release(&g);
}

TEST_MAIN()
