/*
 * timing_tests.c - microbenchmarks of the timing model with hand-derived
 * cycle counts (docs/timing-tests.md has every derivation): a dependent
 * ALU chain, independent streams from k warps, one load down to DRAM,
 * k-way shared-memory bank conflicts, the I-buffer refill after a taken
 * branch, barrier release timing, block turnover on one SM; plus
 * determinism (in one process and across two), the deadlock watchdog,
 * and hang detection in both modes (detection cycle bounded in simulated
 * cycles; a contended spin lock that finishes is never flagged).
 *
 * The kernels are the hand-written PTX files next to this one (directory
 * WS_TIMING_DIR, or argv[2]); they run through the public simulator API.
 * Most numbers are differences of two launches, so that the fixed costs
 * (first instruction fetch, kernel end) cancel.  Every measured value is
 * printed next to its derivation.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "warpsim.h"
#include "base/diag.h"
#include "mem/mem_int.h"
#include "timing/timing_int.h"
#include "test.h"

#ifndef WS_TIMING_DIR
#define WS_TIMING_DIR "tests/timing"
#endif

/* Latencies the derivations use (gtx480 defaults; docs/timing-tests.md). */
#define LAT_ADD 4      /* ptx_opcode_latency_int[0] */
#define L2_ILINE 132   /* L1I miss that hits in the L2: 1 + 4 + 120 + 4 + 3 */
#define DRAM_RT 260    /* L1D, L2 and DRAM row miss, equal clocks */
#define SMEM_LAT 26    /* gpgpu_smem_latency */

/*
 * A dependent instruction with r source registers (no bank conflict)
 * issued at t: collector unit at t + 1, one read per cycle t + 2 ..
 * t + 1 + r, OC_EX at t + 2 + r, unit at t + 3 + r, writeback (and the
 * dependant's issue) at t + 3 + r + latency + T_EX_WB.
 */
#define OC_DEP(r, lat) (3 + (r) + (lat) + T_EX_WB)

static const char *tt_dir = WS_TIMING_DIR;

/* A simulator with one module loaded. */
struct tt {
	struct ws_sim *s;      /* the simulator */
	struct ws_module *m;   /* the module */
	struct diag d;         /* messages */
};

static char *tt_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (!b || fread(b, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(b);
		return NULL;
	}
	fclose(f);
	b[n] = 0;
	*len = (size_t)n;
	return b;
}

/*
 * Create a simulator (timing mode, no statistics on stderr) with extra
 * options opt[0..n) and load tests/timing/<file>.  false on failure.
 */
static bool tt_open(struct tt *t, const char *file, const char *const *opt,
		    int n)
{
	char *argv[24], path[1024];
	int argc = 0;
	size_t len;
	diag_init(&t->d);
	t->s = NULL;
	argv[argc++] = (char *)"--quiet";
	argv[argc++] = (char *)"--mode";
	argv[argc++] = (char *)"timing";
	for (int i = 0; i < n && argc < 24; i++)
		argv[argc++] = (char *)opt[i];
	snprintf(path, sizeof(path), "%s/%s", tt_dir, file);
	char *text = tt_read(path, &len);
	if (!text) {
		fprintf(stderr, "cannot read %s\n", path);
		return false;
	}
	if (ws_sim_create(argc, argv, &t->s, &t->d) ||
	    ws_module_load(t->s, text, len, path, &t->m, &t->d)) {
		fprintf(stderr, "setup of %s: %s\n", path, diag_text(&t->d));
		free(text);
		if (t->s)
			ws_sim_destroy(t->s);
		t->s = NULL;
		return false;
	}
	free(text);
	return true;
}

static void tt_close(struct tt *t)
{
	if (t->s)
		ws_sim_destroy(t->s);
	diag_release(&t->d);
	t->s = NULL;
}

/* Create the empty file named by the mkstemp template path (a stats or
 * trace file the test reads back); false after a failed CHECK. */
static bool tt_tmpfile(char *path)
{
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* Launch kernel name on grid x block with params; returns its cycles (0
 * on failure, after a CHECK). */
static uint64_t tt_run_rc(struct tt *t, const char *name, unsigned grid,
			  unsigned block, const void *params, size_t n,
			  int *rc_out)
{
	const struct ptx_kernel *k = ws_module_kernel(t->m, name);
	struct ws_launch l = {.kernel = k, .grid = {grid, 1, 1},
			      .block = {block, 1, 1}, .params = params,
			      .param_bytes = n};
	struct ws_launch_stats st;
	CHECK(k != NULL);
	if (!k)
		return 0;
	int rc = ws_launch(t->s, &l, &t->d);
	if (rc_out)
		*rc_out = rc;
	else if (rc)
		fprintf(stderr, "launch %s: %d: %s\n", name, rc,
			diag_text(&t->d));
	ws_last_launch_stats(t->s, &st);
	return rc ? 0 : st.cycles;
}

static uint64_t tt_run(struct tt *t, const char *name, unsigned grid,
		       unsigned block, const void *params, size_t n)
{
	int rc = 0;
	uint64_t c = tt_run_rc(t, name, grid, block, params, n, &rc);
	CHECK_EQ_U64((uint64_t)(int64_t)rc, 0);
	return c;
}

/* A kernel with one unused .u64 parameter. */
static uint64_t tt_run0(struct tt *t, const char *name, unsigned block)
{
	uint64_t p = 0;
	return tt_run(t, name, 1, block, &p, sizeof(p));
}

static uint64_t tt_run_u32(struct tt *t, const char *name, unsigned grid,
			   unsigned block, uint32_t v)
{
	return tt_run(t, name, grid, block, &v, sizeof(v));
}

static void tt_show(const char *what, uint64_t measured, uint64_t derived)
{
	printf("  %-44s measured %6llu  derived %6llu%s\n", what,
	       (unsigned long long)measured, (unsigned long long)derived,
	       measured == derived ? "" : "  <-- differs");
}

/*
 * The L1I is invalidated at every launch, but the instruction lines stay
 * in the L2 (instruction addresses are the same for every kernel: 8 bytes
 * per pc from a fixed base).  One launch of the longest kernel first makes
 * every later L1I miss an L2 hit of L2_ILINE cycles.
 */
static void tt_warm_code(struct tt *t, const char *longest)
{
	tt_run0(t, longest, 32);
}

/* ---- 1. dependent ALU chain ------------------------------------------------ */

TEST(alu_chain)
{
	struct tt t;
	if (!tt_open(&t, "alu.ptx", NULL, 0)) {
		CHECK(0);
		return;
	}
	tt_warm_code(&t, "chain62");
	uint64_t c2 = tt_run0(&t, "chain2", 32);
	uint64_t c14 = tt_run0(&t, "chain14", 32);
	uint64_t c30 = tt_run0(&t, "chain30", 32);
	uint64_t c62 = tt_run0(&t, "chain62", 32);
	/* fetch (L2 hit), decode, mov (no register read, latency 1), add,
	 * add (one read, LAT_ADD), ret; the last add's writeback ends it */
	uint64_t dep = OC_DEP(1, LAT_ADD);
	tt_show("chain2 absolute", c2, L2_ILINE + 2 + OC_DEP(0, 1) + 2 * dep +
		1);
	CHECK_EQ_U64(c2, L2_ILINE + 2 + OC_DEP(0, 1) + 2 * dep + 1);
	/* same L1I line: 12 more adds, OC_DEP(1, LAT_ADD) apart */
	tt_show("chain14 - chain2 (12 adds, one line)", c14 - c2, 12 * dep);
	CHECK_EQ_U64(c14 - c2, 12 * dep);
	/* one more line: 16 adds plus the line's miss: the first add of the
	 * new line issues L2_ILINE + 2 after the last of the old one instead
	 * of dep */
	tt_show("chain30 - chain14 (16 adds, +1 line)", c30 - c14,
		16 * dep + (L2_ILINE + 2 - dep));
	CHECK_EQ_U64(c30 - c14, 16 * dep + (L2_ILINE + 2 - dep));
	tt_show("chain62 - chain30 (32 adds, +2 lines)", c62 - c30,
		32 * dep + 2 * (L2_ILINE + 2 - dep));
	CHECK_EQ_U64(c62 - c30, 32 * dep + 2 * (L2_ILINE + 2 - dep));
	tt_close(&t);
}

/* ---- 2. independent streams from k warps ---------------------------------- */

TEST(warp_streams)
{
	struct tt t;
	if (!tt_open(&t, "alu.ptx", NULL, 0)) {
		CHECK(0);
		return;
	}
	tt_warm_code(&t, "chain62");
	for (unsigned k = 1; k <= 8; k *= 2) {
		uint64_t a = tt_run0(&t, "indep6", 32 * k);
		uint64_t b = tt_run0(&t, "indep14", 32 * k);
		char what[64];
		/* 8 more adds per warp.  One or two warps: each warp alone on
		 * its scheduler, limited by its 2-entry I-buffer: a pair
		 * every 3 cycles (issue, issue + fetch, decode).  Four and
		 * more: 8k instructions at the SM's 2 per cycle (two
		 * schedulers, two SP pipelines, one 2-instruction fetch per
		 * cycle), within 1/8 either way: fetch slots that find no
		 * empty I-buffer (above); indep6's last warps, which start
		 * 4 cycles apart and end on their own mov -> add dependence
		 * after the others, leave issue slots idle that indep14
		 * fills (below). */
		uint64_t mid = k <= 2 ? 4 * 3 : 8 * k / 2;
		uint64_t lo = k <= 2 ? mid : mid - mid / 8;
		uint64_t hi = k <= 2 ? mid : mid + mid / 8;
		snprintf(what, sizeof(what), "indep14 - indep6, %u warp%s", k,
			 k > 1 ? "s" : "");
		tt_show(what, b - a, mid);
		CHECK(b - a >= lo && b - a <= hi);
		if (k == 2) {
			uint64_t a1 = tt_run0(&t, "indep6", 32);
			/* the second warp's L1I miss merges into the first
			 * one's MSHR; the reply serves both, one fetch per
			 * cycle, so the second warp runs one cycle behind */
			tt_show("indep6: 2 warps - 1 warp", a - a1, 1);
			CHECK_EQ_U64(a - a1, 1);
		}
	}
	tt_close(&t);
}

/* ---- 3. one load down to DRAM ---------------------------------------------- */

TEST(dram_miss)
{
	static const char *const opt[] = {
		"--set", "gpgpu_clock_domains=700:700:700:700"};
	struct tt t;
	if (!tt_open(&t, "memory.ptx", opt, 2)) {
		CHECK(0);
		return;
	}
	ws_addr a;
	CHECK_EQ_U64(ws_mem_alloc(t.s, 1 << 20, &a), 0);
	/* fresh: a bank no earlier access opened; conflict: the bank (channel
	 * 0, bank 0) whose row 0 the code line's fetch left open */
	ws_addr ref = a, fresh = a + 0x2000, conflict = a + 0x80000;
	struct mem_config mc;
	unsigned ch[4], bk[4];
	uint32_t row[4];
	const addr_t lines[4] = {T_CODE_BASE, T_PARAM_BASE, fresh, conflict};
	mem_config_gtx480(&mc);
	for (unsigned i = 0; i < 4; i++)
		mem_dram_decode(&mc, lines[i], &ch[i], &bk[i], &row[i]);
	CHECK(ch[2] != ch[0] || bk[2] != bk[0]);
	CHECK(ch[2] != ch[1] || bk[2] != bk[1]);
	CHECK(ch[3] == ch[0] && bk[3] == bk[0] && row[3] != row[0]);
	CHECK(ch[3] != ch[1] || bk[3] != bk[1]);
	/* ld_ref twice: warms the code and parameter lines in the L2 */
	tt_run(&t, "ld_ref", 1, 1, &ref, sizeof(ref));
	uint64_t c_ref = tt_run(&t, "ld_ref", 1, 1, &ref, sizeof(ref));
	uint64_t c_fresh = tt_run(&t, "ld_dram", 1, 1, &fresh, sizeof(fresh));
	uint64_t c_conf = tt_run(&t, "ld_dram", 1, 1, &conflict,
				 sizeof(conflict));
	/* the load issues at c and reaches the LD/ST unit at c + 4 (collector
	 * unit, one read, OC_EX, unit), which pushes it at c + 5; the reply
	 * is popped DRAM_RT later and the add issues that cycle.  The cvt's
	 * dependant issues at c + OC_DEP(1, 1) */
	uint64_t d = 5 + DRAM_RT - OC_DEP(1, 1);
	tt_show("ld_dram - ld_ref, closed bank", c_fresh - c_ref, d);
	CHECK_EQ_U64(c_fresh - c_ref, d);
	/* another row open in the bank: precharge first (tRP) */
	tt_show("ld_dram - ld_ref, row conflict", c_conf - c_ref,
		d + mc.t_rp);
	CHECK_EQ_U64(c_conf - c_ref, d + mc.t_rp);
	tt_close(&t);
}

/* ---- 3b. gpgpu_perf_sim_memcpy: a host copy warms the L2 ----------------------- */

/* ld_dram - ld_ref on a word just written by the host, with the copy
 * warming the L2 (warm = true) or not. */
static uint64_t tt_copy_load(bool warm)
{
	const char *opt[] = {"--set", "gpgpu_clock_domains=700:700:700:700",
			     "--set", warm ? "gpgpu_perf_sim_memcpy=1" :
			     "gpgpu_perf_sim_memcpy=0"};
	struct tt t;
	if (!tt_open(&t, "memory.ptx", opt, 4)) {
		CHECK(0);
		return 0;
	}
	ws_addr a;
	CHECK_EQ_U64(ws_mem_alloc(t.s, 1 << 20, &a), 0);
	ws_addr ref = a, fresh = a + 0x2000; /* as dram_miss */
	uint32_t v = 7;
	tt_run(&t, "ld_ref", 1, 1, &ref, sizeof(ref));
	uint64_t c_ref = tt_run(&t, "ld_ref", 1, 1, &ref, sizeof(ref));
	CHECK_EQ_U64(ws_mem_write(t.s, fresh, &v, sizeof(v)), 0);
	uint64_t c = tt_run(&t, "ld_dram", 1, 1, &fresh, sizeof(fresh));
	tt_close(&t);
	return c - c_ref;
}

TEST(warm_copy)
{
	/* as dram_miss: the load is pushed 5 cycles after its issue and the
	 * add issues when the reply is popped; ld_ref's add at OC_DEP(1, 1).
	 * A warmed line is an L1D miss that hits in the L2: 132 cycles
	 * (test_mem_sys.c, l2_and_l1_hit_latency); a cold one goes to DRAM */
	uint64_t warm = tt_copy_load(true), cold = tt_copy_load(false);
	tt_show("ld_dram - ld_ref after a copy, warm L2", warm,
		5 + L2_ILINE - OC_DEP(1, 1));
	CHECK_EQ_U64(warm, 5 + L2_ILINE - OC_DEP(1, 1));
	tt_show("ld_dram - ld_ref after a copy, cold L2", cold,
		5 + DRAM_RT - OC_DEP(1, 1));
	CHECK_EQ_U64(cold, 5 + DRAM_RT - OC_DEP(1, 1));
}

/* ---- --regs: registers per thread per kernel ----------------------------------- */

TEST(regs_override)
{
	struct tt t;
	const char *opt[] = {"--regs", "chain14=63,chain2=40"};
	uint32_t def = 0;
	if (!tt_open(&t, "alu.ptx", NULL, 0)) {
		CHECK(0);
		return;
	}
	struct ws_kernel_info ki;
	ws_kernel_info(t.s, ws_module_kernel(t.m, "chain14"), &ki);
	def = ki.regs_per_thread;
	/* 256 threads (8 warps): 6 blocks by threads and warps, and the
	 * liveness estimate (a few registers) does not limit */
	CHECK_EQ_U64(ws_ctas_per_sm(t.s, ws_module_kernel(t.m, "chain14"),
				    256, 0), 6);
	tt_close(&t);
	CHECK(def > 0 && def < 21);
	if (!tt_open(&t, "alu.ptx", opt, 2)) {
		CHECK(0);
		return;
	}
	ws_kernel_info(t.s, ws_module_kernel(t.m, "chain14"), &ki);
	CHECK_EQ_U64(ki.regs_per_thread, 63);
	ws_kernel_info(t.s, ws_module_kernel(t.m, "chain2"), &ki);
	CHECK_EQ_U64(ki.regs_per_thread, 40);
	ws_kernel_info(t.s, ws_module_kernel(t.m, "chain30"), &ki);
	CHECK(ki.regs_per_thread < 21); /* not named: the estimate */
	/* 63 x 256 = 16128 registers per block: 32768 / 16128 = 2 */
	CHECK_EQ_U64(ws_ctas_per_sm(t.s, ws_module_kernel(t.m, "chain14"),
				    256, 0), 2);
	tt_close(&t);
	/* malformed lists are refused when the simulator is created */
	const char *bad[][2] = {{"--regs", "chain14"}, {"--regs", "=3"},
				{"--regs", "chain14=0"}, {"--regs", "a=3,"},
				{"--regs", "a=x"}};
	for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
		struct ws_sim *s = NULL;
		struct diag d;
		char *argv[] = {(char *)"--quiet", (char *)bad[i][0],
				(char *)bad[i][1]};
		diag_init(&d);
		CHECK(ws_sim_create(3, argv, &s, &d) != 0);
		CHECK_STR_CONTAINS(diag_text(&d), "kernel_regs");
		if (s)
			ws_sim_destroy(s);
		diag_release(&d);
	}
}

/* ---- collector bank tables (tsm_oc.c toc_launch / toc_write_banks) ---------- */

/*
 * The per-launch tables give, for every warp slot, exactly the banks
 * (register + warp) mod banks of each instruction's register reads (in
 * order, predicates skipped) and writes, for bank counts that take each
 * path: up to 32 (one-shift rotation), above 32, not a power of two, 64.
 */
TEST(oc_bank_tables)
{
	/* scoreboard ids per pc: uses then defs; ids >= n_regs are
	 * predicates; 3 instructions */
	static const uint32_t ops[] = {5, 70, 3, 9, /* pc0: use 5,70(p),3; def 9 */
				       63, 63, 1, 2, 40, /* pc1: use 63,63; def 1,2,40 */
				       200}; /* pc2: def 200 (a predicate) */
	struct tinsn ti[3] = {{.use_off = 0, .n_use = 3, .n_def = 1},
			      {.use_off = 4, .n_use = 2, .n_def = 3},
			      {.use_off = 9, .n_use = 0, .n_def = 1}};
	static const unsigned nbs[] = {16, 12, 32, 48, 64, 1, 7};
	for (unsigned q = 0; q < ARRAY_SIZE(nbs); q++) {
		struct ws_config cfg;
		struct ptx_kernel k;
		struct tgpu t;
		struct tsm s;
		unsigned nb = nbs[q];
		memset(&k, 0, sizeof(k));
		memset(&t, 0, sizeof(t));
		memset(&s, 0, sizeof(s));
		cfg_init(&cfg);
		cfg.n_reg_banks = nb;
		CHECK(toc_config(&t, &cfg, NULL) == 0);
		cfg_release(&cfg);
		k.n_insn = 3;
		t.k = &k;
		t.ti = ti;
		t.ops = (uint32_t *)ops;
		t.n_regs = 64;
		toc_launch(&t);
		for (unsigned w = 0; w < 130; w++)
			for (uint32_t pc = 0; pc < 3; pc++) {
				const struct tinsn *x = &ti[pc];
				uint64_t want = 0;
				unsigned n = 0, sh = toc_shift(&t.oc, w);
				for (unsigned i = 0; i < x->n_def; i++) {
					uint32_t r = ops[x->use_off + x->n_use + i];
					if (r < 64)
						want |= 1ULL << ((r + w) % nb);
				}
				s.oc.wbusy = 0;
				toc_write_banks(&t, &s, w, pc);
				CHECK_EQ_U64(s.oc.wbusy, want);
				for (unsigned i = 0; i < x->n_use; i++) {
					uint32_t r = ops[x->use_off + i];
					if (r >= 64)
						continue;
					unsigned b = t.oc_src[t.oci[pc].src_off + n++] + sh;
					CHECK_EQ_U64(b % nb, (r + w) % nb);
					CHECK(b < 2 * nb);
				}
				CHECK_EQ_U64(t.oci[pc].n_src, n);
			}
		CHECK_EQ_U64(ti[0].oc_cls, TOC_SP);
		toc_launch_end(&t);
	}
}

/* ---- 4. shared-memory bank conflicts ---------------------------------------- */

TEST(shmem_conflicts)
{
	struct tt t;
	if (!tt_open(&t, "memory.ptx", NULL, 0)) {
		CHECK(0);
		return;
	}
	tt_warm_code(&t, "shmem_conflict");
	uint64_t c1 = tt_run_u32(&t, "shmem_conflict", 1, 32, 1);
	for (unsigned k = 2; k <= 32; k *= 2) {
		uint64_t ck = tt_run_u32(&t, "shmem_conflict", 1, 32, k);
		char what[64];
		/* 8 chained loads, each written back SMEM_LAT + k - 1 after
		 * the LD/ST unit takes it; the store holds the unit k cycles
		 * from s + 5, the first load reaches it at s + 9 (it issues
		 * when the store leaves OC_EX at s + 5, then 4 collector
		 * cycles), so the store delays it by k - 4 when k > 4 */
		uint64_t d = 8 * (k - 1) + (k > 4 ? k - 4 : 0);
		snprintf(what, sizeof(what), "shmem %2u-way - 1-way", k);
		tt_show(what, ck - c1, d);
		CHECK_EQ_U64(ck - c1, d);
	}
	tt_close(&t);
}

/* ---- 4b. shared-memory atomics hold their warp ----------------------------- */

TEST(shmem_atomic_wait)
{
	struct tt t;
	if (!tt_open(&t, "memory.ptx", NULL, 0)) {
		CHECK(0);
		return;
	}
	tt_warm_code(&t, "satom8");
	uint64_t a2 = tt_run_u32(&t, "satom2", 1, 32, 0);
	uint64_t a8 = tt_run_u32(&t, "satom8", 1, 32, 0);
	/* a red.shared issued at t reaches the LD/ST unit at t + 4 (one
	 * read, %r5) and is written back SMEM_LAT + 1 - 1 later; the warp
	 * waits for that writeback, so the next one issues at t + 4 +
	 * SMEM_LAT (without the wait: t + 4, when the access record is
	 * free) */
	tt_show("satom8 - satom2 (6 red.shared)", a8 - a2, 6 * (4 + SMEM_LAT));
	CHECK_EQ_U64(a8 - a2, 6 * (4 + SMEM_LAT));
	tt_close(&t);
}

/* ---- 5. I-buffer refill after a taken branch -------------------------------- */

TEST(branch_refill)
{
	struct tt t;
	if (!tt_open(&t, "control.ptx", NULL, 0)) {
		CHECK(0);
		return;
	}
	tt_warm_code(&t, "straight4");
	uint64_t l2 = tt_run_u32(&t, "loop", 1, 32, 2);
	uint64_t l4 = tt_run_u32(&t, "loop", 1, 32, 4);
	uint64_t l12 = tt_run_u32(&t, "loop", 1, 32, 12);
	uint64_t s2 = tt_run_u32(&t, "straight2", 1, 32, 4);
	uint64_t s4 = tt_run_u32(&t, "straight4", 1, 32, 4);
	/* loop: add at t, setp at t + OC_DEP(1, LAT_ADD) = t + 10 (RAW),
	 * branch when the setp (two reads, latency 1) writes %p1: t + 18;
	 * taken: the I-buffer keeps the wrong-path `ret`; the scheduler's
	 * visit at t + 19 flushes it, the target is fetched at t + 19,
	 * decoded at t + 20, next add at t + 21 */
	uint64_t it = OC_DEP(1, LAT_ADD) + OC_DEP(2, 1) + 3;
	tt_show("loop(12) - loop(4): 8 iterations", l12 - l4, 8 * it);
	CHECK_EQ_U64(l12 - l4, 8 * it);
	tt_show("loop(4) - loop(2): 2 iterations", l4 - l2, 2 * it);
	CHECK_EQ_U64(l4 - l2, 2 * it);
	/* straight: 2 more iterations, 20 and 19 cycles as the pairs fall;
	 * see docs/timing-tests.md */
	tt_show("straight4 - straight2: 2 iterations", s4 - s2, 2 * it - 3);
	CHECK_EQ_U64(s4 - s2, 2 * it - 3);
	/* loop2: the branch empties the I-buffer when it issues (t + 18),
	 * so fetch takes the fall-through (wrong path: the ret) at t + 18,
	 * decoded t + 19; the scheduler's visit at t + 20 flushes it, the
	 * target is fetched then, decoded t + 21, next add at t + 22 */
	uint64_t m4 = tt_run_u32(&t, "loop2", 1, 32, 4);
	uint64_t m12 = tt_run_u32(&t, "loop2", 1, 32, 12);
	tt_show("loop2(12) - loop2(4): 8 iterations", m12 - m4, 8 * (it + 1));
	CHECK_EQ_U64(m12 - m4, 8 * (it + 1));
	tt_close(&t);
}

/* ---- 6. barrier release ------------------------------------------------------- */

struct tt_ev {
	uint64_t cycle;        /* cycle of the event */
	char ev[16];           /* event name */
	int warp;              /* warp in its block, -1 for block events */
};

/* Read a trace file: up to n events. */
static unsigned tt_trace(const char *path, struct tt_ev *e, unsigned n)
{
	FILE *f = fopen(path, "r");
	char line[256];
	unsigned k = 0;
	if (!f)
		return 0;
	while (k < n && fgets(line, sizeof(line), f)) {
		unsigned long long c, tb;
		unsigned sm;
		if (line[0] == '#' ||
		    sscanf(line, "%llu %15s %u %llu %d", &c, e[k].ev, &sm, &tb,
			   &e[k].warp) != 5)
			continue;
		e[k++].cycle = c;
	}
	fclose(f);
	return k;
}

static uint64_t tt_find(const struct tt_ev *e, unsigned n, const char *ev,
			int warp)
{
	for (unsigned i = 0; i < n; i++)
		if (!strcmp(e[i].ev, ev) && e[i].warp == warp)
			return e[i].cycle;
	return UINT64_MAX;
}

TEST(barrier_release)
{
	char path[] = "/tmp/warpsim_timing_traceXXXXXX";
	if (!tt_tmpfile(path))
		return;
	const char *opt[] = {"--trace", path};
	struct tt t;
	if (!tt_open(&t, "control.ptx", opt, 2)) {
		CHECK(0);
		unlink(path);
		return;
	}
	tt_warm_code(&t, "barrier");
	uint64_t c = tt_run_u32(&t, "barrier", 1, 64, 0);
	tt_close(&t); /* flushes the trace */
	struct tt_ev e[64];
	unsigned n = tt_trace(path, e, 64);
	unlink(path);
	/* the trace holds both launches; keep the second */
	unsigned first = 0;
	for (unsigned i = 0, seen = 0; i < n; i++)
		if (!strcmp(e[i].ev, "tb_start") && ++seen == 2)
			first = i;
	uint64_t a0 = tt_find(e + first, n - first, "bar_arrive", 0);
	uint64_t a1 = tt_find(e + first, n - first, "bar_arrive", 1);
	uint64_t rel = tt_find(e + first, n - first, "bar_release", -1);
	uint64_t start = tt_find(e + first, n - first, "tb_start", -1);
	uint64_t end = tt_find(e + first, n - first, "tb_end", -1);
	CHECK(a0 != UINT64_MAX && a1 != UINT64_MAX && rel != UINT64_MAX);
	CHECK(start != UINT64_MAX && end != UINT64_MAX);
	if (a0 == UINT64_MAX || a1 == UINT64_MAX || rel == UINT64_MAX ||
	    start == UINT64_MAX || end == UINT64_MAX)
		return;
	/* the release is the last arrival's cycle */
	tt_show("bar_release - last bar_arrive (warp 0)", rel - a0, 0);
	CHECK_EQ_U64(rel, a0);
	/* warp 0: mov 134, setp 140 (mov's writeback, OC_DEP(0, 1)), bra
	 * 147 (setp's %p1, OC_DEP(1, 1)), adds 148 + 10i (OC_DEP(1, 4)),
	 * i = 0..7, bar 219 (same pair as the last add).  Warp 1 (merged
	 * into warp 0's L1I MSHR, fetched the cycle after it): mov 135,
	 * setp 141, bra 148 (taken; pc 3 stays in the I-buffer), flushed
	 * at its scheduler's visit at 149, pc 11-12 fetched 149 (warp 0
	 * fetched at 148), decoded 150, bar 151 */
	tt_show("bar_arrive warp 1", a1 - start, 151);
	CHECK_EQ_U64(a1 - start, 151);
	tt_show("bar_arrive warp 0", a0 - start, 219);
	CHECK_EQ_U64(a0 - start, 219);
	/* warp 0 refetches pc 12-13 at 219, but its add reads r1 of the last
	 * chain add (218): 228; the block ends at that add's writeback, 238
	 * (warp 1's add, issued at 220, is written back at 230) */
	tt_show("tb_end - bar_release", end - rel, OC_DEP(1, LAT_ADD) * 2 - 1);
	CHECK_EQ_U64(end - rel, OC_DEP(1, LAT_ADD) * 2 - 1);
	tt_show("cycles - tb_end", c - end, 1);
	CHECK_EQ_U64(c - end, 1);
}

/* ---- 7. block turnover on one SM ---------------------------------------------- */

TEST(tb_turnover)
{
	static const char *const opt[] = {
		"--set", "gpgpu_n_clusters=1", "--set", "gpgpu_shader_cta=1"};
	struct tt t;
	if (!tt_open(&t, "alu.ptx", opt, 4)) {
		CHECK(0);
		return;
	}
	tt_warm_code(&t, "chain62");
	uint64_t p = 0;
	uint64_t c1 = tt_run(&t, "chain14", 1, 32, &p, sizeof(p));
	for (unsigned n = 2; n <= 8; n *= 2) {
		uint64_t cn = tt_run(&t, "chain14", n, 32, &p, sizeof(p));
		char what[64];
		/* each later block starts the cycle after the previous one
		 * ended and finds its line in the L1I: it takes c1 minus the
		 * first block's L1I miss (L2_ILINE) */
		snprintf(what, sizeof(what), "%u blocks", n);
		tt_show(what, cn, c1 + (n - 1) * (c1 - L2_ILINE));
		CHECK_EQ_U64(cn, c1 + (n - 1) * (c1 - L2_ILINE));
	}
	tt_close(&t);
}

/* ---- BAWS: the critical warp is the last warp of the last TB -------------- */

/* Cycles of baws.ptx's crit on one SM under issue policy sched and fetch
 * policy fetch: 3 blocks of 16 warps (as SP and FWT run), 6 phases, the
 * critical warp 60 x 4 dependent adds per phase, the others 4 x 8
 * independent ones. */
static uint64_t tt_crit(const char *sched, const char *fetch)
{
	const char *opt[] = {"--set", "gpgpu_n_clusters=1", "--sched", sched,
			     "--fetch", fetch};
	struct tt t;
	if (!tt_open(&t, "baws.ptx", opt, 6)) {
		CHECK(0);
		return 0;
	}
	uint32_t p[3] = {6, 60, 4};
	uint64_t c = tt_run(&t, "crit", 3, 512, p, sizeof(p));
	tt_close(&t);
	return c;
}

TEST(critical_warp)
{
	uint64_t gto = tt_crit("gto", "rr");
	uint64_t baws = tt_crit("mwf:gto", "cff");
	uint64_t mwf = tt_crit("mwf:gto", "rr");
	printf("  GTO %llu cycles, MWF(GTO) %llu, MWF(GTO)+CFF %llu: "
	       "BAWS/GTO = %.3f\n", (unsigned long long)gto,
	       (unsigned long long)mwf, (unsigned long long)baws,
	       gto ? (double)baws / (double)gto : 0.0);
	CHECK(gto > 0 && baws > 0 && mwf > 0);
	CHECK(baws < gto);
	/* the critical warp refetches after each loop-back: with round-robin
	 * fetch it waits its turn among 48 warps, which CFF removes */
	CHECK(baws < mwf);
	/* cff:tb is accepted and is its own policy (neither cff nor rr):
	 * only the TB MWF lists first gets critical-fetch-first, the other
	 * TBs' critical warps fetch in round robin (docs/timing-tests.md) */
	uint64_t tb = tt_crit("mwf:gto", "cff:tb");
	printf("  MWF(GTO)+CFF(critical TB only) %llu\n",
	       (unsigned long long)tb);
	CHECK(tb > 0 && tb != baws && tb != mwf);
}

/* ---- PRO: block turnover, fast phase against LRR ------------------------------ */

/*
 * pro.ptx's stage on one SM holding 4 blocks of 4 warps, 16 blocks (3 more
 * waves), under issue policy sched: returns the cycles, and in *last the
 * cycle (from the launch's first tb_start) at which the dispatcher handed
 * out its last block, the start of PRO's slowTBPhase.
 */
static uint64_t tt_pro(const char *sched, uint64_t *last)
{
	char path[] = "/tmp/warpsim_timing_proXXXXXX";
	int fd = mkstemp(path);
	*last = 0;
	CHECK(fd >= 0);
	if (fd < 0)
		return 0;
	close(fd);
	const char *opt[] = {"--set", "gpgpu_n_clusters=1", "--set",
			     "gpgpu_shader_cta=4", "--sched", sched,
			     "--trace", path};
	struct tt t;
	if (!tt_open(&t, "pro.ptx", opt, 8)) {
		CHECK(0);
		unlink(path);
		return 0;
	}
	ws_addr a = 0;
	CHECK_EQ_U64(ws_mem_alloc(t.s, 16 << 16, &a), 0);
	struct {
		uint64_t buf;      /* 64 KiB of zeros per block */
		uint32_t rounds;   /* memory + compute rounds */
		uint32_t n_ld;     /* dependent loads per memory phase */
		uint32_t n_alu;    /* 8-add iterations per compute phase */
	} p = {a, 4, 3, 24};
	uint64_t c = tt_run(&t, "stage", 16, 128, &p, 20);
	tt_close(&t); /* flushes the trace */
	struct tt_ev e[512];
	unsigned n = tt_trace(path, e, 512);
	unlink(path);
	uint64_t first = UINT64_MAX;
	unsigned starts = 0;
	for (unsigned i = 0; i < n; i++) {
		if (strcmp(e[i].ev, "tb_start"))
			continue;
		starts++;
		first = MIN(first, e[i].cycle);
		*last = MAX(*last, e[i].cycle - first);
	}
	CHECK_EQ_U64(starts, 16);
	return c;
}

TEST(pro_turnover)
{
	uint64_t l_lrr, l_pro;
	uint64_t lrr = tt_pro("lrr", &l_lrr);
	uint64_t pro = tt_pro("pro", &l_pro);
	printf("  last block dispatched at LRR %llu, PRO %llu (PRO/LRR "
	       "%.3f); cycles LRR %llu, PRO %llu (PRO/LRR %.3f)\n",
	       (unsigned long long)l_lrr, (unsigned long long)l_pro,
	       l_lrr ? (double)l_pro / (double)l_lrr : 0.0,
	       (unsigned long long)lrr, (unsigned long long)pro,
	       lrr ? (double)pro / (double)lrr : 0.0);
	CHECK(lrr > 0 && pro > 0 && l_lrr > 0 && l_pro > 0);
	CHECK(l_pro < l_lrr);
}

/* ---- 8. operand collector ------------------------------------------------------ */


TEST(oc_chain)
{
	struct tt t;
	if (!tt_open(&t, "collector.ptx", NULL, 0)) {
		CHECK(0);
		return;
	}
	tt_warm_code(&t, "fma12");
	uint64_t f4 = tt_run0(&t, "fma4", 32);
	uint64_t f12 = tt_run0(&t, "fma12", 32);
	uint64_t s2 = tt_run0(&t, "shl2", 32);
	uint64_t s14 = tt_run0(&t, "shl14", 32);
	/* fma.rn.f32: latency 5 (ptx_opcode_latency_fp MAD), 3 reads */
	tt_show("fma12 - fma4 (8 dependent fma)", f12 - f4, 8 * OC_DEP(3, 5));
	CHECK_EQ_U64(f12 - f4, 8 * OC_DEP(3, 5));
	/* shl.b32: latency 1, 1 read */
	tt_show("shl14 - shl2 (12 dependent shl)", s14 - s2,
		12 * OC_DEP(1, 1));
	CHECK_EQ_U64(s14 - s2, 12 * OC_DEP(1, 1));
	tt_close(&t);
}

/* indep14 - indep6 with k warps under extra options (alu.ptx). */
static uint64_t tt_indep(const char *const *opt, unsigned n_opt, unsigned k)
{
	struct tt t;
	if (!tt_open(&t, "alu.ptx", opt, n_opt)) {
		CHECK(0);
		return 0;
	}
	tt_warm_code(&t, "chain62");
	uint64_t a = tt_run0(&t, "indep6", 32 * k);
	uint64_t b = tt_run0(&t, "indep14", 32 * k);
	tt_close(&t);
	return b - a;
}

TEST(reg_bank_conflict)
{
	/* one register bank: every add needs two accesses of it, the read of
	 * %r1 and the writeback of its destination (which goes first), and
	 * the bank does one per cycle.  One warp asks for 2 adds per 3 cycles
	 * (its I-buffer pair rate), i.e. 4 accesses: the bank is the limit,
	 * 8 more adds take 16 cycles.  Two warps' accesses compete for the
	 * same bank: 16 more adds take 32, against 12 with 16 banks */
	static const char *const one[] = {"--set", "gpgpu_num_reg_banks=1"};
	uint64_t w1 = tt_indep(one, 2, 1);
	uint64_t w2 = tt_indep(one, 2, 2);
	uint64_t w2_16 = tt_indep(NULL, 0, 2);
	tt_show("1 bank, 1 warp: indep14 - indep6", w1, 16);
	CHECK_EQ_U64(w1, 16);
	tt_show("1 bank, 2 warps: indep14 - indep6", w2, 32);
	CHECK_EQ_U64(w2, 32);
	/* 16 banks: warp 0 reads bank r1, warp 1 bank r1 + 1 */
	tt_show("16 banks, 2 warps: indep14 - indep6", w2_16, 12);
	CHECK_EQ_U64(w2_16, 12);
}

TEST(collector_full)
{
	/* one SP collector unit: it takes an add at c, reads at c + 1,
	 * dispatches and takes the next at c + 2: one add per 2 cycles,
	 * slower than one warp's 2 per 3, so 8 more adds take 16 cycles and
	 * 16 more (two warps) 32 */
	static const char *const one[] = {
		"--set", "gpgpu_operand_collector_num_units_sp=1"};
	uint64_t w1 = tt_indep(one, 2, 1);
	uint64_t w2 = tt_indep(one, 2, 2);
	tt_show("1 SP unit, 1 warp: indep14 - indep6", w1, 16);
	CHECK_EQ_U64(w1, 16);
	tt_show("1 SP unit, 2 warps: indep14 - indep6", w2, 32);
	CHECK_EQ_U64(w2, 32);
}

/* ---- determinism ------------------------------------------------------------------ */

/* Run the workload in a fresh simulator and write its statistics (text)
 * to path; returns the cycles (0 on failure). */
static uint64_t tt_workload(const char *path)
{
	const char *opt[] = {"--stats_file", path};
	struct tt t;
	if (!tt_open(&t, "workload.ptx", opt, 2))
		return 0;
	enum { GRID = 40, BLOCK = 128, N = GRID * BLOCK };
	ws_addr out, in;
	uint32_t *h = malloc(N * 4);
	for (unsigned i = 0; i < N; i++)
		h[i] = i * 2654435761u >> 11;
	ws_mem_alloc(t.s, (GRID + 1) * 4, &out);
	ws_mem_alloc(t.s, N * 4, &in);
	ws_mem_write(t.s, in, h, N * 4);
	ws_mem_set(t.s, out, 0, 4, GRID + 1);
	uint64_t p[2] = {out, in};
	uint64_t c = tt_run(&t, "block_sum", GRID, BLOCK, p, sizeof(p));
	c += tt_run(&t, "block_sum", GRID, BLOCK, p, sizeof(p));
	uint32_t sum = 0, got = 1;
	for (unsigned i = 0; i < N; i++)
		sum += h[i];
	ws_mem_read(t.s, &got, out, 4);
	CHECK_EQ_U64(got, 2 * sum);
	free(h);
	tt_close(&t); /* writes the end-of-run statistics */
	return c;
}

/* Whether the line [p, q) contains s. */
static bool tt_line_has(const char *p, const char *q, const char *s)
{
	size_t n = strlen(s);
	for (; p + n <= q; p++)
		if (!memcmp(p, s, n))
			return true;
	return false;
}

/* The statistics file without host-dependent lines (wall time, rates, the
 * stats file's own name). */
static char *tt_stats(const char *path)
{
	size_t len;
	char *b = tt_read(path, &len), *o, *p, *q;
	if (!b)
		return NULL;
	o = b;
	for (p = b; *p; p = q) {
		q = strchr(p, '\n');
		q = q ? q + 1 : p + strlen(p);
		if (tt_line_has(p, q, "wall") || tt_line_has(p, q, "sim_rate") ||
		    tt_line_has(p, q, "gpgpu_simulation_") ||
		    tt_line_has(p, q, "stats_file"))
			continue;
		memmove(o, p, (size_t)(q - p));
		o += q - p;
	}
	*o = 0;
	return b;
}

/* The value of statistic `key` in the text statistics file at path (its
 * last occurrence), or UINT64_MAX. */
static uint64_t tt_stat_u64(const char *path, const char *key)
{
	size_t len, n = strlen(key);
	char *b = tt_read(path, &len);
	uint64_t v = UINT64_MAX;
	if (!b)
		return v;
	for (char *p = b; (p = strstr(p, key)) != NULL; p += n) {
		char *q = p + n;
		if ((p > b && p[-1] != '\n') || (*q != ' ' && *q != '=' &&
						 *q != ':' && *q != '\t'))
			continue;
		while (*q == ' ' || *q == '=' || *q == ':' || *q == '\t')
			q++;
		v = strtoull(q, NULL, 10);
	}
	free(b);
	return v;
}

/* ---- 9. L1I MSHRs: a line reached by 48 warps at once --------------------------- */

/* Run `kernel` (alu.ptx) as 2 blocks of 768 threads (48 warps) on one SM
 * in a fresh simulator; the L1I and L2 statistics of that one launch. */
static void tt_icache(const char *kernel, uint64_t *l2, uint64_t *miss,
		      uint64_t *merge, uint64_t *rfail)
{
	char path[] = "/tmp/warpsim_timing_iXXXXXX";
	int fd = mkstemp(path);
	*l2 = *miss = *merge = *rfail = UINT64_MAX;
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	close(fd);
	const char *opt[] = {"--set", "gpgpu_n_clusters=1", "--stats_file",
			     path};
	struct tt t;
	if (!tt_open(&t, "alu.ptx", opt, 4)) {
		CHECK(0);
		unlink(path);
		return;
	}
	uint64_t p = 0;
	CHECK(tt_run(&t, kernel, 2, 768, &p, sizeof(p)) > 0);
	tt_close(&t);
	*l2 = tt_stat_u64(path, "L2_total_cache_accesses");
	*miss = tt_stat_u64(path, "L1I_total_cache_misses");
	*merge = tt_stat_u64(path, "L1I_total_cache_mshr_merges");
	*rfail = tt_stat_u64(path, "L1I_total_cache_reservation_fails");
	unlink(path);
}

TEST(icache_mshr)
{
	uint64_t l2, miss, merge, rfail;
	/* indep14: one line, no data access.  48 warps ask for line 0 in
	 * the first 48 fetch cycles, long before its reply (over 132
	 * cycles): the first allocates the MSHR and sends the only L2
	 * request, the next 31 merge (A:2:32: at most 32 per MSHR), the
	 * other 16 fail their reservation until the fill and then hit */
	tt_icache("indep14", &l2, &miss, &merge, &rfail);
	tt_show("indep14, 48 warps: L2 requests", l2, 1);
	CHECK_EQ_U64(l2, 1);
	tt_show("indep14, 48 warps: L1I misses", miss, 32);
	CHECK_EQ_U64(miss, 32);
	tt_show("indep14, 48 warps: MSHR merges", merge, 31);
	CHECK_EQ_U64(merge, 31);
	CHECK(rfail != UINT64_MAX && rfail >= 16);
	/* chain30: two lines, each requested once by the SM (line 1 is not
	 * evicted: it maps to another set) */
	tt_icache("chain30", &l2, &miss, &merge, &rfail);
	tt_show("chain30, 48 warps: L2 requests", l2, 2);
	CHECK_EQ_U64(l2, 2);
	CHECK_EQ_U64(miss - merge, 2);
}

/* ---- stall classes: structural vs arbitration -------------------------------- */

TEST(stall_classes)
{
	char path[] = "/tmp/warpsim_timing_sXXXXXX";
	if (!tt_tmpfile(path))
		return;
	const char *opt[] = {"--stats_file", path};
	struct tt t;
	if (!tt_open(&t, "alu.ptx", opt, 2)) {
		CHECK(0);
		unlink(path);
		return;
	}
	/* 8 warps of indep14, 4 per scheduler: no memory instruction, so no
	 * access record is ever busy; ID_OC_SP has room for one issue per
	 * scheduler per cycle; so every ready, hazard-free warp that does
	 * not issue lost its scheduler to another warp: all arbitration,
	 * no structural stall (before the split they were `structural`) */
	tt_run0(&t, "indep14", 256);
	tt_close(&t);
	uint64_t st = tt_stat_u64(path, "warp_cycles_structural");
	uint64_t ar = tt_stat_u64(path, "warp_cycles_arbitration");
	uint64_t co = tt_stat_u64(path, "warp_cycles_collector");
	unlink(path);
	printf("  structural %llu, arbitration %llu, collector %llu\n",
	       (unsigned long long)st, (unsigned long long)ar,
	       (unsigned long long)co);
	CHECK_EQ_U64(st, 0);
	CHECK(ar != UINT64_MAX && ar > 0);
}

TEST(determinism)
{
	char pa[] = "/tmp/warpsim_timing_aXXXXXX";
	char pb[] = "/tmp/warpsim_timing_bXXXXXX";
	char pc[] = "/tmp/warpsim_timing_cXXXXXX";
	int fa = mkstemp(pa), fb = mkstemp(pb), fc = mkstemp(pc);
	CHECK(fa >= 0 && fb >= 0 && fc >= 0);
	if (fa < 0 || fb < 0 || fc < 0)
		return;
	close(fa);
	close(fb);
	close(fc);
	uint64_t ca = tt_workload(pa), cb = tt_workload(pb);
	CHECK(ca > 0);
	CHECK_EQ_U64(ca, cb);
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		_exit(tt_workload(pc) == ca && !test_failed_now ? 0 : 1);
	}
	int status = 0;
	CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	char *sa = tt_stats(pa), *sb = tt_stats(pb), *sc = tt_stats(pc);
	CHECK(sa && sb && sc);
	if (sa && sb && sc) {
		CHECK_STR_CONTAINS(sa, "gpu_sim_cycle");
		CHECK(!strcmp(sa, sb));
		CHECK(!strcmp(sa, sc));
	}
	printf("  workload cycles (2 launches): %llu, %llu, child process "
	       "%s\n", (unsigned long long)ca, (unsigned long long)cb,
	       sc && sa && !strcmp(sa, sc) ? "identical" : "DIFFERENT");
	free(sa);
	free(sb);
	free(sc);
	unlink(pa);
	unlink(pb);
	unlink(pc);
}

/* ---- deadlock watchdog --------------------------------------------------------------- */

TEST(deadlock)
{
	static const char *const opt[] = {
		"--set", "gpgpu_deadlock_cycles=5000"};
	char path[] = "/tmp/warpsim_timing_errXXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	struct tt t;
	if (!tt_open(&t, "control.ptx", opt, 2)) {
		CHECK(0);
		close(fd);
		unlink(path);
		return;
	}
	fflush(stderr);
	int saved = dup(2);
	dup2(fd, 2);
	int rc = 0;
	tt_run_rc(&t, "deadlock", 1, 64, &rc, sizeof(rc), &rc);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fd);
	size_t len;
	char *err = tt_read(path, &len);
	unlink(path);
	CHECK_EQ_U64((uint64_t)(int64_t)rc, (uint64_t)(int64_t)WS_E_DEADLOCK);
	CHECK_STR_CONTAINS(err, "deadlock");
	CHECK_STR_CONTAINS(diag_text(&t.d), "deadlock");
	/* both warps listed with the line of their bar.sync */
	char cpath[1024];
	snprintf(cpath, sizeof(cpath), "%s/control.ptx", tt_dir);
	char *text = tt_read(cpath, &len);
	unsigned l0 = 0, l1 = 0, line = 1;
	for (char *p = text; p && *p; p++) {
		if (*p == '\n')
			line++;
		else if (!strncmp(p, "DEADLOCK-LINE-0", 15))
			l0 = line;
		else if (!strncmp(p, "DEADLOCK-LINE-1", 15))
			l1 = line;
	}
	char want[64];
	snprintf(want, sizeof(want), "control.ptx:%u", l0);
	CHECK_STR_CONTAINS(err, want);
	snprintf(want, sizeof(want), "control.ptx:%u", l1);
	CHECK_STR_CONTAINS(err, want);
	CHECK_STR_CONTAINS(err, "warp 0");
	CHECK_STR_CONTAINS(err, "warp 1");
	printf("  watchdog report:\n%s", err ? err : "(none)\n");
	free(text);
	free(err);
	tt_close(&t);
}

/* ---- hang detection ------------------------------------------------------------ */

#define HANG_WINDOW 20000   /* gpgpu_hang_cycles / deadlock_window here */
#define HANG_START 3000     /* progress must stop within this many cycles
			       (or warp instructions) of the launch */

/* Line of the first "HANG-<what>" marker in hang.ptx (0 if none). */
static unsigned hang_line(const char *what)
{
	char path[1024], mark[32];
	size_t len;
	snprintf(path, sizeof(path), "%s/hang.ptx", tt_dir);
	snprintf(mark, sizeof(mark), "HANG-%s", what);
	char *text = tt_read(path, &len);
	unsigned line = 1, found = 0;
	for (char *p = text; p && *p && !found; p++) {
		if (*p == '\n')
			line++;
		else if (!strncmp(p, mark, strlen(mark)))
			found = line;
	}
	free(text);
	return found;
}

/* The number after the first `key` in text (UINT64_MAX if absent). */
static uint64_t hang_num(const char *text, const char *key)
{
	const char *p = text ? strstr(text, key) : NULL;
	return p ? strtoull(p + strlen(key), NULL, 10) : UINT64_MAX;
}

/*
 * Expect "hang.ptx:<line>" in the report for one of the n lines from the
 * HANG-what marker on (a spinning warp stands anywhere in its loop).
 */
static void hang_expect_line(const char *report, const char *what, unsigned n)
{
	unsigned l = hang_line(what);
	bool seen = false;
	CHECK(l != 0);
	for (unsigned i = 0; i < n; i++) {
		char want[64];
		snprintf(want, sizeof(want), "hang.ptx:%u ", l + i);
		seen |= report && strstr(report, want);
	}
	if (!seen)
		fprintf(stderr, "no warp at hang.ptx:%u..%u (HANG-%s) in:\n%s",
			l, l + n - 1, what, report ? report : "(none)");
	CHECK(seen);
}

/*
 * Launch kernel name of hang.ptx on 2 blocks of block threads with two
 * pointer parameters (zeroed words) and expect it to fail as stuck with
 * diagnosis why.  In timing mode the report must name the detection
 * cycle: exactly HANG_WINDOW + 1 cycles after the last progress, which
 * itself comes within HANG_START cycles of the launch, so the bound is in
 * simulated cycles; the launch's cycle count must be that cycle.  In
 * functional mode the same holds in warp instructions, up to one
 * round-robin pass over the warps.  Returns the report (to free).
 */
static char *hang_launch(struct tt *t, bool timing, const char *name,
			 unsigned block, const char *why)
{
	ws_addr a = 0, b = 0;
	CHECK_EQ_U64(ws_mem_alloc(t->s, 4, &a), 0);
	CHECK_EQ_U64(ws_mem_alloc(t->s, 4, &b), 0);
	ws_mem_set(t->s, a, 0, 4, 1);
	ws_mem_set(t->s, b, 0, 4, 1);
	uint64_t p[2] = {a, b};
	int rc = 0;
	diag_release(&t->d);
	diag_init(&t->d);
	tt_run_rc(t, name, 2, block, p, sizeof(p), &rc);
	struct ws_launch_stats st;
	ws_last_launch_stats(t->s, &st);
	const char *rep = diag_text(&t->d);
	CHECK_EQ_U64((uint64_t)(int64_t)rc, (uint64_t)(int64_t)WS_E_DEADLOCK);
	CHECK_STR_CONTAINS(rep, why);
	char head[96];
	snprintf(head, sizeof(head), "kernel '%s' %s", name, why);
	CHECK_STR_CONTAINS(rep, head);
	CHECK_STR_CONTAINS(rep, "SM 0 block (0,0,0) warp 0: at ");
	CHECK_STR_CONTAINS(rep, "SM 1 block (1,0,0) warp 1: at ");
	if (timing) {
		uint64_t at = hang_num(rep, "detected at cycle ");
		uint64_t last = hang_num(rep, "last progress at cycle ");
		CHECK_STR_CONTAINS(rep, "window: gpgpu_hang_cycles = 20000 cycles");
		CHECK(last < HANG_START);
		CHECK_EQ_U64(at, last + HANG_WINDOW + 1);
		CHECK(at <= HANG_START + HANG_WINDOW + 1);
		CHECK_EQ_U64(st.cycles, at);
		printf("  %-13s detected at cycle %llu (last progress %llu, "
		       "window %u)\n", name, (unsigned long long)at,
		       (unsigned long long)last, HANG_WINDOW);
	} else {
		uint64_t at = hang_num(rep, "detected at warp instruction ");
		uint64_t last = hang_num(rep, "last progress at warp "
					 "instruction ");
		CHECK_STR_CONTAINS(rep, "window: deadlock_window = 20000 warp "
				   "instructions");
		CHECK(last < HANG_START);
		CHECK(at > last + HANG_WINDOW);
		CHECK(at <= last + HANG_WINDOW + 2 * 32 * (block / 32));
		CHECK_EQ_U64(st.warp_insn, at);
		printf("  %-13s detected at warp instruction %llu (last "
		       "progress %llu, window %u)\n", name,
		       (unsigned long long)at, (unsigned long long)last,
		       HANG_WINDOW);
	}
	ws_mem_free(t->s, a);
	ws_mem_free(t->s, b);
	char *copy = strdup(rep ? rep : "");
	return copy;
}

/*
 * The contended spin lock that finishes: grid blocks of 128 threads each add
 * 1 under one global lock.  Must succeed under the same tight window;
 * returns the longest progress gap from the statistics file (cycles in
 * timing mode, warp instructions in functional mode).
 */
static uint64_t hang_spin_lock_ok(struct tt *t, const char *stats, bool timing,
				  unsigned grid)
{
	ws_addr a = 0, b = 0;
	uint32_t got = 0;
	CHECK_EQ_U64(ws_mem_alloc(t->s, 4, &a), 0);
	CHECK_EQ_U64(ws_mem_alloc(t->s, 4, &b), 0);
	ws_mem_set(t->s, a, 0, 4, 1);
	ws_mem_set(t->s, b, 0, 4, 1);
	uint64_t p[2] = {a, b};
	tt_run(t, "spin_lock", grid, 128, p, sizeof(p));
	ws_mem_read(t->s, &got, b, 4);
	CHECK_EQ_U64(got, grid * 128);
	size_t len;
	char *text = tt_read(stats, &len);
	/* the last launch's block comes last: take the last value */
	const char *key = timing ? "max_progress_gap_cycles = " :
		"max_progress_gap_insn = ";
	uint64_t gap = UINT64_MAX;
	for (const char *q = text; q && (q = strstr(q, key)); q++)
		gap = strtoull(q + strlen(key), NULL, 10);
	free(text);
	CHECK(gap != UINT64_MAX);
	return gap;
}

/* Timing mode: the three stuck kernels, then the lock that finishes. */
TEST(hang)
{
	char stats[] = "/tmp/warpsim_hang_statsXXXXXX";
	if (!tt_tmpfile(stats))
		return;
	/* a small instruction bound: without the cycle window the stuck
	 * kernels would end at gpgpu_max_insn, not as stuck */
	const char *opt[] = {"--set", "gpgpu_hang_cycles=20000",
			     "--gpgpu_max_insn", "3000000", "--stats_file",
			     stats};
	struct tt t;
	if (!tt_open(&t, "hang.ptx", opt, 6)) {
		CHECK(0);
		unlink(stats);
		return;
	}
	char *r = hang_launch(&t, true, "spin_bar", 128, "is hung");
	hang_expect_line(r, "BAR", 1);
	hang_expect_line(r, "SPIN", 3);
	CHECK_STR_CONTAINS(r, "waits at barrier 0 (1 of 4 warps arrived)");
	CHECK_STR_CONTAINS(r, "SM 0 block (0,0,0) warp 3: at ");
	free(r);
	r = hang_launch(&t, true, "alu_loop", 64, "makes no progress");
	hang_expect_line(r, "ALU", 4);
	free(r);
	r = hang_launch(&t, true, "cas_livelock", 64, "is livelocked");
	hang_expect_line(r, "CAS", 3);
	free(r);
	uint64_t gap = hang_spin_lock_ok(&t, stats, true, 2);
	printf("  spin_lock     finished; longest progress gap %llu cycles\n",
	       (unsigned long long)gap);
	CHECK(gap * 10 < HANG_WINDOW);
	tt_close(&t);
	unlink(stats);
}

/*
 * Timing mode, livelock window alone (gap window off): the naive lock is
 * stopped when the first 20000-cycle window ends with only failed
 * atom.cas in it; the lock that finishes with 128 threads contending
 * stays well below T_LIVELOCK_RATIO even in windows of 2000 cycles (the
 * ratio grows with the number of threads waiting on one lock).
 */
TEST(hang_livelock_window)
{
	char stats[] = "/tmp/warpsim_hang_statsXXXXXX";
	if (!tt_tmpfile(stats))
		return;
	const char *opt[] = {"--set", "gpgpu_hang_cycles=0", "--set",
			     "gpgpu_livelock_cycles=20000", "--gpgpu_max_insn",
			     "3000000", "--stats_file", stats};
	struct tt t;
	if (!tt_open(&t, "hang.ptx", opt, 8)) {
		CHECK(0);
		unlink(stats);
		return;
	}
	ws_addr a = 0, b = 0;
	CHECK_EQ_U64(ws_mem_alloc(t.s, 4, &a), 0);
	CHECK_EQ_U64(ws_mem_alloc(t.s, 4, &b), 0);
	ws_mem_set(t.s, a, 0, 4, 1);
	ws_mem_set(t.s, b, 0, 4, 1);
	uint64_t p[2] = {a, b};
	int rc = 0;
	tt_run_rc(&t, "cas_livelock", 2, 64, p, sizeof(p), &rc);
	const char *rep = diag_text(&t.d);
	CHECK_EQ_U64((uint64_t)(int64_t)rc, (uint64_t)(int64_t)WS_E_DEADLOCK);
	CHECK_STR_CONTAINS(rep, "kernel 'cas_livelock' is livelocked");
	CHECK_STR_CONTAINS(rep, "window: gpgpu_livelock_cycles = 20000 cycles: ");
	CHECK_STR_CONTAINS(rep, "failed atom.cas against ");
	CHECK_EQ_U64(hang_num(rep, "detected at cycle "), 20000);
	hang_expect_line(rep, "CAS", 3);
	tt_close(&t);

	static const char *const opt2[] = {"--set", "gpgpu_livelock_cycles=2000",
					   "--stats_file", NULL};
	const char *o2[4] = {opt2[0], opt2[1], opt2[2], stats};
	if (!tt_open(&t, "hang.ptx", o2, 4)) {
		CHECK(0);
		unlink(stats);
		return;
	}
	hang_spin_lock_ok(&t, stats, true, 1);
	size_t len;
	char *text = tt_read(stats, &len);
	uint64_t ratio = hang_num(text, "max_cas_fail_per_progress = ");
	printf("  spin_lock     finished; at most %llu failed atom.cas per "
	       "cycle with progress in a 2000-cycle window\n",
	       (unsigned long long)ratio);
	CHECK(ratio * 5 < T_LIVELOCK_RATIO);
	free(text);
	tt_close(&t);
	unlink(stats);
}

/* Functional mode: the same kernels, the same report, in warp
 * instructions (deadlock_window). */
TEST(hang_functional)
{
	char stats[] = "/tmp/warpsim_hang_statsXXXXXX";
	if (!tt_tmpfile(stats))
		return;
	const char *opt[] = {"--mode", "functional", "--deadlock_window",
			     "20000", "--gpgpu_max_insn", "3000000",
			     "--stats_file", stats};
	struct tt t;
	if (!tt_open(&t, "hang.ptx", opt, 8)) {
		CHECK(0);
		unlink(stats);
		return;
	}
	char *r = hang_launch(&t, false, "spin_bar", 128, "is hung");
	hang_expect_line(r, "BAR", 1);
	hang_expect_line(r, "SPIN", 3);
	CHECK_STR_CONTAINS(r, "waits at barrier 0 (1 of 4 warps arrived)");
	free(r);
	r = hang_launch(&t, false, "alu_loop", 64, "makes no progress");
	hang_expect_line(r, "ALU", 4);
	free(r);
	r = hang_launch(&t, false, "cas_livelock", 64, "is livelocked");
	hang_expect_line(r, "CAS", 3);
	free(r);
	uint64_t gap = hang_spin_lock_ok(&t, stats, false, 4);
	printf("  spin_lock     finished; longest progress gap %llu warp "
	       "instructions\n", (unsigned long long)gap);
	CHECK(gap * 10 < HANG_WINDOW);
	tt_close(&t);
	unlink(stats);
}

int main(int argc, char **argv);
int tt_main(int argc, char **argv);
#define main tt_main
/* ---- BOWS (bows.txt): wrapper identity and a contended lock --------------- */

/*
 * One launch of kernel on a fresh simulator with options opt (n of them)
 * and the scheduler sched; returns its cycles, 0 when it failed (rc in
 * *rc), and the named statistic of the launch in *stat when stat_name.
 */
static uint64_t bows_run(const char *sched, const char *const *opt, int n,
			 const char *kernel, unsigned grid, unsigned nb,
			 int *rc, const char *stat_name, uint64_t *stat,
			 uint32_t *sum)
{
	char stats[] = "/tmp/warpsim_bows_statsXXXXXX";
	int fd = mkstemp(stats);
	const char *o[20];
	int k = 0;
	struct tt t;
	uint64_t c = 0;

	if (fd < 0)
		return 0;
	close(fd);
	o[k++] = "--sched";
	o[k++] = sched;
	o[k++] = "--stats_file";
	o[k++] = stats;
	for (int i = 0; i < n && k < 20; i++)
		o[k++] = opt[i];
	if (!tt_open(&t, "bows.ptx", o, k)) {
		CHECK(0);
		unlink(stats);
		return 0;
	}
	ws_addr a = 0, b = 0;
	size_t sz = (size_t)grid * 256 * 64;
	CHECK_EQ_U64(ws_mem_alloc(t.s, sz, &a), 0);
	CHECK_EQ_U64(ws_mem_alloc(t.s, sz, &b), 0);
	ws_mem_set(t.s, a, 0, 4, sz / 4);
	ws_mem_set(t.s, b, 0, 4, sz / 4);
	if (!strcmp(kernel, "ht_lock")) {
		struct { uint64_t l, c; uint32_t nb, it; } p = {a, b, nb, 2};
		c = tt_run_rc(&t, kernel, grid, 256, &p, sizeof(p), rc);
		uint32_t cnt[1024] = {0};
		ws_mem_read(t.s, cnt, b, nb * 4);
		*sum = 0;
		for (unsigned i = 0; i < nb; i++)
			*sum += cnt[i];
	} else {
		uint64_t p[2] = {a, b};
		c = tt_run_rc(&t, kernel, grid, 256, p, sizeof(p), rc);
	}
	if (stat_name) {
		size_t len;
		char *text = tt_read(stats, &len);
		/* several names: "a = |b = " fills stat[0], stat[1], ... */
		for (int i = 0; stat_name && *stat_name; i++) {
			const char *e = strchr(stat_name, '|');
			size_t nl = e ? (size_t)(e - stat_name) :
				strlen(stat_name);
			char nm[64];
			snprintf(nm, sizeof(nm), "\n%.*s", (int)nl, stat_name);
			const char *h = text ? strstr(text, nm) : NULL;
			stat[i] = h ? strtoull(h + strlen(nm), NULL, 10) :
				UINT64_MAX;
			stat_name = e ? e + 1 : NULL;
		}
		free(text);
	}
	tt_close(&t);
	unlink(stats);
	return c;
}

/*
 * bows:gto on a kernel whose only backward branch is a counted loop: DDOS
 * confirms no SIB, so the order is GTO's every cycle and the cycle count
 * is identical (also with a zero delay).
 */
TEST(bows_wrap_identical)
{
	static const char *const d0[] = {"--set", "bows_delay=0"};
	int rc = 0;
	uint64_t sib = 0, x = 0;
	uint64_t g = bows_run("gto", NULL, 0, "sum_loop", 8, 0, &rc, NULL,
			      &x, NULL);
	uint64_t b = bows_run("bows:gto", NULL, 0, "sum_loop", 8, 0, &rc,
			      "ddos_sibs_confirmed = ", &sib, NULL);
	uint64_t b0 = bows_run("bows:gto", d0, 2, "sum_loop", 8, 0, &rc,
			       NULL, &x, NULL);
	uint64_t l = bows_run("lrr", NULL, 0, "sum_loop", 8, 0, &rc, NULL,
			      &x, NULL);
	uint64_t bl = bows_run("bows:lrr", d0, 2, "sum_loop", 8, 0, &rc,
			       NULL, &x, NULL);
	printf("  sum_loop cycles: gto %llu, bows:gto %llu (delay 0: %llu); "
	       "lrr %llu, bows:lrr %llu; SIBs confirmed %llu\n",
	       (unsigned long long)g, (unsigned long long)b,
	       (unsigned long long)b0, (unsigned long long)l,
	       (unsigned long long)bl, (unsigned long long)sib);
	CHECK(g > 0);
	CHECK_EQ_U64(b, g);
	CHECK_EQ_U64(b0, g);
	CHECK_EQ_U64(bl, l);
	CHECK_EQ_U64(sib, 0);
}

/*
 * High contention on 2 SMs: 32 buckets, 2048 threads (4 blocks of 8 warps
 * per SM), two updates each (with 8 buckets most conflicts are within a
 * warp, and with one block per SM few warps share a lock; there back-off
 * only idles and BOWS loses to GTO, see docs/bows.md).  bows:gto
 * finishes with every update counted; GTO, plain and with BOWS's age
 * rotation (gto:50000), either finishes later or is stopped as livelocked
 * by gpgpu_livelock_cycles (the direction is asserted, the ratio printed).
 */
TEST(bows_contended_lock)
{
	static const char *const sm2[] = {"--set", "gpgpu_n_clusters=2"};
	int rc = 0, rcg = 0;
	uint32_t sb = 0, sr = 0, sg = 0;
	uint64_t sib = 0, x = 0;
	unsigned grid = 8, nb = 32;
	uint64_t b = bows_run("bows:gto", sm2, 2, "ht_lock", grid, nb, &rc,
			      "ddos_sibs_confirmed = ", &sib, &sb);
	CHECK_EQ_U64((uint64_t)(int64_t)rc, 0);
	int rcr = 0;
	uint64_t r = bows_run("gto:50000", sm2, 2, "ht_lock", grid, nb, &rcr,
			      NULL, &x, &sr);
	uint64_t g = bows_run("gto", sm2, 2, "ht_lock", grid, nb, &rcg, NULL,
			      &x, &sg);
	printf("  ht_lock %u buckets: bows:gto %llu cycles; gto:50000 %s %llu "
	       "(%.2fx); gto %s %llu (%.2fx); SIBs confirmed %llu\n", nb,
	       (unsigned long long)b,
	       rcr ? "stopped (livelock) at" : "finished in",
	       (unsigned long long)r, b && !rcr ? (double)r / (double)b : 0.0,
	       rcg ? "stopped (livelock) at" : "finished in",
	       (unsigned long long)g, b && !rcg ? (double)g / (double)b : 0.0,
	       (unsigned long long)sib);
	CHECK_EQ_U64(sb, grid * 256 * 2);
	CHECK(b > 0);
	CHECK(rcr == WS_E_DEADLOCK || (rcr == 0 && sr == grid * 256 * 2 && b < r));
	CHECK(rcg == WS_E_DEADLOCK || (rcg == 0 && sg == grid * 256 * 2 && b < g));
	CHECK(sib >= 1);
}

/*
 * Lock failures split by holder (bows.txt Fig. 2): ht_lock with one block
 * of 8 warps on one lock.  Every failed atom.cas is on the lock word,
 * which a successful atom.cas took first, so intra + inter = all failures;
 * lanes of one warp fail against a lane of their own warp (the first
 * lane to win takes the lock from the others of its instruction) and
 * whole warps fail against the holder's warp, so both are nonzero.
 */
TEST(bows_lock_fail_split)
{
	static const char *const sm1[] = {"--set", "gpgpu_n_clusters=1"};
	uint64_t v[3] = {0};
	uint32_t sum = 0;
	int rc = 0;

	bows_run("gto:50000", sm1, 2, "ht_lock", 1, 1, &rc,
		 "gpu_sim_cas_fail = |gpu_sim_cas_fail_intra = |"
		 "gpu_sim_cas_fail_inter = ", v, &sum);
	CHECK_EQ_U64((uint64_t)(int64_t)rc, 0);
	CHECK_EQ_U64(sum, 256 * 2);
	printf("  ht_lock, 1 lock, 8 warps: %llu failed CAS, %llu intra-warp, "
	       "%llu inter-warp\n", (unsigned long long)v[0],
	       (unsigned long long)v[1], (unsigned long long)v[2]);
	CHECK(v[0] != UINT64_MAX && v[1] != UINT64_MAX && v[2] != UINT64_MAX);
	CHECK_EQ_U64(v[1] + v[2], v[0]);
	CHECK(v[1] > 0 && v[2] > 0);
}

/*
 * Annotated SIBs (tests/timing/bows_sibs.txt: ht_lock's RETRY branch) on
 * the contended lock: DDOS, run against them, confirms the true SIB on
 * every SM and never the counted OUTER loop (TSDR 1, FSDR 0 here);
 * bows_detect oracle backs off on the annotation alone and finishes with
 * every update counted.
 */
TEST(bows_oracle)
{
	char path[1100];
	/* relative: found next to bows.ptx */
	snprintf(path, sizeof(path), "bows_sibs=bows_sibs.txt");
	const char *dd[] = {"--set", path, "--set", "gpgpu_n_clusters=2"};
	const char *orc[] = {"--set", path, "--set", "bows_detect=oracle",
			     "--set", "gpgpu_n_clusters=2"};
	int rc = 0;
	uint32_t sum = 0;
	uint64_t v[5] = {0}, w[5] = {0};
	uint64_t c1 = bows_run("bows:gto", dd, 4, "ht_lock", 8, 32, &rc,
			       "ddos_true_sibs = |ddos_true_detected = |"
			       "ddos_false_branches = |ddos_false_detected = |"
			       "bows_backoffs = ", v, &sum);
	CHECK_EQ_U64((uint64_t)(int64_t)rc, 0);
	uint64_t c2 = bows_run("bows:gto", orc, 6, "ht_lock", 8, 32, &rc,
			       "ddos_true_sibs = |ddos_true_detected = |"
			       "ddos_false_branches = |ddos_false_detected = |"
			       "bows_backoffs = ", w, &sum);
	CHECK_EQ_U64((uint64_t)(int64_t)rc, 0);
	printf("  ht_lock: DDOS %llu cycles, true SIBs %llu/%llu detected, "
	       "false %llu/%llu; oracle %llu cycles, %llu back-offs\n",
	       (unsigned long long)c1, (unsigned long long)v[1],
	       (unsigned long long)v[0], (unsigned long long)v[3],
	       (unsigned long long)v[2], (unsigned long long)c2,
	       (unsigned long long)w[4]);
	CHECK_EQ_U64(v[0], 2); /* one per SM */
	CHECK_EQ_U64(v[1], 2);
	CHECK_EQ_U64(v[2], 2);
	CHECK_EQ_U64(v[3], 0);
	CHECK_EQ_U64(sum, 8 * 256 * 2);
	CHECK(c2 > 0 && w[4] > 0 && w[4] != UINT64_MAX);
}

/* ---- DWR: partner barriers, ILT, combiner (docs/dwr.md) ------------------- */

/* What one DWR test launch left in its statistics. */
struct dwr_res {
	uint64_t cycles;    /* gpu_sim_cycle */
	uint64_t sync;      /* dwr_lat_sync */
	uint64_t ign;       /* dwr_lat_ignored */
	uint64_t ins;       /* dwr_ilt_inserts */
	uint64_t ign_st;    /* dwr_lat_ignored_static */
	uint64_t large;     /* dwr_large_warps */
	uint64_t subw;      /* dwr_large_subwarps */
	uint64_t lat_st;    /* dwr_lat_static */
	uint64_t thr_mem;   /* gpgpu_n_load_insn + gpgpu_n_store_insn */
	uint64_t offchip;   /* offchip_requests */
};

/*
 * Run dwr/kernel.ptx's `kernel` (dwr_case_a, dwr_case_b or dwr_copy) on
 * grid x block under the options opt[0..n) in a fresh simulator, check its
 * output against the CPU, and read its statistics into r.  The launch must
 * finish (no deadlock).
 */
static void dwr_run(const char *const *opt, int n, const char *kernel,
		    unsigned grid, unsigned block, int iters,
		    struct dwr_res *r)
{
	char path[] = "/tmp/wsdwr.XXXXXX";
	const char *o[16] = {"--quiet", "--stats_file", path};
	struct tt t;
	memset(r, 0, sizeof(*r));
	if (!tt_tmpfile(path))
		return;
	for (int i = 0; i < n && i < 13; i++)
		o[3 + i] = opt[i];
	if (!tt_open(&t, "dwr/kernel.ptx", o, 3 + n)) {
		CHECK(0);
		unlink(path);
		return;
	}
	unsigned nt = grid * block, na = nt * (unsigned)(iters > 0 ? iters : 1);
	int32_t *a = malloc(na * 4), *b = malloc(na * 4), *out = malloc(nt * 4);
	for (unsigned i = 0; i < na; i++) {
		a[i] = (int32_t)(i * 7 + 1);
		b[i] = (int32_t)(i * 5 + 3);
	}
	ws_addr da, db, dout;
	ws_mem_alloc(t.s, na * 4, &da);
	ws_mem_alloc(t.s, na * 4, &db);
	ws_mem_alloc(t.s, nt * 4, &dout);
	ws_mem_write(t.s, da, a, na * 4);
	ws_mem_write(t.s, db, b, na * 4);
	ws_mem_set(t.s, dout, 0, 4, nt);
	unsigned char p[32];
	uint64_t pp[3] = {dout, da, db};
	int32_t it = iters;
	memcpy(p, pp, 24);
	memcpy(p + 24, &it, 4);
	bool is_a = !strcmp(kernel, "dwr_case_a");
	tt_run(&t, kernel, grid, block, p, is_a ? 28 : 16);
	ws_mem_read(t.s, out, dout, nt * 4);
	unsigned bad = 0;
	for (unsigned g = 0; g < grid; g++)
		for (unsigned x = 0; x < block; x++) {
			unsigned i = g * block + x, x2 = (x + 8) % block;
			int32_t want;
			if (is_a) {
				want = 0;
				for (int k = 0; k < iters; k++)
					want += (x < 8 ? a[k * block + x] * 3 :
						 0) + b[k * block + x];
			} else if (!strcmp(kernel, "dwr_case_b")) {
				want = (x2 < 8 ? a[g * block + x2] : -1) + 1;
			} else {
				want = a[i] + 1;
			}
			bad += out[i] != want;
		}
	CHECK_EQ_U64(bad, 0);
	free(a);
	free(b);
	free(out);
	tt_close(&t);
	r->cycles = tt_stat_u64(path, "gpu_sim_cycle");
	r->sync = tt_stat_u64(path, "dwr_lat_sync");
	r->ign = tt_stat_u64(path, "dwr_lat_ignored");
	r->ins = tt_stat_u64(path, "dwr_ilt_inserts");
	r->ign_st = tt_stat_u64(path, "dwr_lat_ignored_static");
	r->large = tt_stat_u64(path, "dwr_large_warps");
	r->subw = tt_stat_u64(path, "dwr_large_subwarps");
	r->lat_st = tt_stat_u64(path, "dwr_lat_static");
	r->thr_mem = tt_stat_u64(path, "gpgpu_n_load_insn") +
		tt_stat_u64(path, "gpgpu_n_store_insn");
	r->offchip = tt_stat_u64(path, "offchip_requests");
	unlink(path);
	printf("  %s %ux%u iters %d: %llu cycles, LATs synchronised %llu, "
	       "ignored %llu, ILT inserts %llu (static %llu of %llu), large "
	       "warps %llu of %llu sub-warps, %llu thread accesses, %llu "
	       "off-chip requests\n", kernel, grid, block, iters,
	       (unsigned long long)r->cycles, (unsigned long long)r->sync,
	       (unsigned long long)r->ign, (unsigned long long)r->ins,
	       (unsigned long long)r->ign_st, (unsigned long long)r->lat_st,
	       (unsigned long long)r->large, (unsigned long long)r->subw,
	       (unsigned long long)r->thr_mem, (unsigned long long)r->offchip);
}

/*
 * Listing 2(a): sub-warp 0 locks at the LAT inside the if, its partners
 * reach the LAT after it.  The lock only lasts until every partner has
 * reached some partner barrier, so the kernel finishes (at DWR-16 with one
 * group of 2 sub-warps, and DWR-64 with groups of 8); every LAT execution
 * is either synchronised or ignored: per sub-warp 4 ld.param, the loads of
 * b, the store, and sub-warp 0's loads of a.
 */
TEST(dwr_deadlock_a)
{
	const char *o16[] = {"--config", "tesla8", "--dwr", "16"};
	const char *o64[] = {"--config", "tesla8", "--dwr", "64"};
	struct dwr_res r;
	dwr_run(o16, 4, "dwr_case_a", 1, 16, 3, &r);
	CHECK_EQ_U64(r.lat_st, 4 + 2 + 1);
	CHECK_EQ_U64(r.sync + r.ign, 2 * (4 + 3 + 1) + 3);
	dwr_run(o64, 4, "dwr_case_a", 2, 64, 3, &r);
	CHECK_EQ_U64(r.sync + r.ign, 2 * (8 * (4 + 3 + 1) + 3));
}

/*
 * Listing 2(b): sub-warp 0 locks at its load while its partner waits at
 * __syncthreads(): a CTA barrier counts as arrival, so the group is
 * released and the block finishes.  No two LATs meet, so nothing enters
 * the ILT; the store after the barrier is combined over the whole group.
 */
TEST(dwr_deadlock_b)
{
	const char *o16[] = {"--config", "tesla8", "--dwr", "16"};
	const char *o64[] = {"--config", "tesla8", "--dwr", "64"};
	struct dwr_res r;
	dwr_run(o16, 4, "dwr_case_b", 1, 16, 0, &r);
	CHECK_EQ_U64(r.ins, 0);
	CHECK_EQ_U64(r.ign, 0);
	/* 2 ld.param + the store per sub-warp, sub-warp 0's load */
	CHECK_EQ_U64(r.sync, 2 * 3 + 1);
	dwr_run(o64, 4, "dwr_case_b", 3, 64, 0, &r);
	CHECK_EQ_U64(r.ins, 0);
	CHECK_EQ_U64(r.sync, 3 * (8 * 3 + 1));
	/* ld.param x 2 and the store: one large warp per group each; the
	 * load of sub-warp 0 alone */
	CHECK_EQ_U64(r.large, 3 * (3 + 1));
}

/*
 * Selective synchronisation (section IV-C): in Listing 2(a) the partners
 * meet at different LATs in the first iteration, so one of the two pcs
 * enters the ILT, and from then on its executions are never synchronised:
 * six more iterations add at least one ignored and at most two
 * synchronised executions each (without the ILT: three synchronised).
 */
TEST(dwr_ilt)
{
	const char *o[] = {"--config", "tesla8", "--dwr", "16"};
	struct dwr_res r2, r8;
	dwr_run(o, 4, "dwr_case_a", 1, 16, 2, &r2);
	dwr_run(o, 4, "dwr_case_a", 1, 16, 8, &r8);
	CHECK(r2.ins >= 1 && r2.ign_st >= 1);
	CHECK(r8.ign >= r2.ign + 6);
	CHECK(r8.sync <= r2.sync + 12);
	CHECK_EQ_U64(r8.sync + r8.ign - r2.sync - r2.ign, 6 * 3);
	/* a one-entry ILT still ignores the one mismatching pc */
	const char *o1[] = {"--config", "tesla8", "--dwr", "16",
			    "--dwr_ilt_entries", "1", "--dwr_ilt_ways", "1"};
	struct dwr_res r1;
	dwr_run(o1, 8, "dwr_case_a", 1, 16, 8, &r1);
	CHECK(r1.ign >= 7);
}

/*
 * The combiner merges only the partners of one group, and only once all
 * of them are combine-ready: a divergence-free kernel on one block of 48
 * threads (6 sub-warps) issues each of its LATs as exactly one large warp
 * per partner group: 3 groups of 2 at DWR-16, groups of 4 and 2 at
 * DWR-32, one group of 6 at DWR-64.
 */
TEST(dwr_combiner)
{
	static const char *const mx[] = {"16", "32", "64"};
	static const unsigned groups[] = {3, 2, 1};
	for (unsigned k = 0; k < 3; k++) {
		const char *o[] = {"--config", "tesla8", "--dwr", mx[k]};
		struct dwr_res r;
		dwr_run(o, 4, "dwr_copy", 1, 48, 0, &r);
		CHECK_EQ_U64(r.lat_st, 4); /* 2 ld.param, ld, st */
		CHECK_EQ_U64(r.ign, 0);
		CHECK_EQ_U64(r.sync, 6 * r.lat_st);
		CHECK_EQ_U64(r.large, groups[k] * r.lat_st);
		CHECK_EQ_U64(r.subw, 6 * r.lat_st);
	}
}

/*
 * A divergence-free streaming kernel (64 blocks x 256, out[i] = in[i] + 1)
 * on tesla8 (64-byte lines and transactions): DWR-32 sends as many
 * off-chip requests as fixed 32-thread warps (4 combined sub-warps cover
 * the same 32 threads, two lines per access), and so does DWR-64 (four
 * lines per access).  Fixed 8-thread warps read each line in two 32-byte
 * halves, the second an L1D hit or MSHR merge, but write through every
 * half: 1024 more store requests (one per 64-byte line written), so
 * DWR-64's coalescing rate (eq. 1) beats fixed-8's.
 */
TEST(dwr_streaming)
{
	const char *f32[] = {"--config", "tesla8", "--warp-size", "32"};
	const char *d32[] = {"--config", "tesla8", "--dwr", "32"};
	const char *f8[] = {"--config", "tesla8", "--warp-size", "8"};
	const char *d64[] = {"--config", "tesla8", "--dwr", "64"};
	struct dwr_res a, b, c, d;
	dwr_run(f32, 4, "dwr_copy", 64, 256, 0, &a);
	dwr_run(d32, 4, "dwr_copy", 64, 256, 0, &b);
	dwr_run(f8, 4, "dwr_copy", 64, 256, 0, &c);
	dwr_run(d64, 4, "dwr_copy", 64, 256, 0, &d);
	CHECK_EQ_U64(b.offchip, a.offchip);
	CHECK_EQ_U64(d.offchip, a.offchip);
	CHECK_EQ_U64(c.thr_mem, 2 * 64 * 256);
	CHECK_EQ_U64(d.thr_mem, c.thr_mem);
	CHECK_EQ_U64(c.offchip, a.offchip + 64 * 256 * 4 / 64);
	CHECK(d.thr_mem * c.offchip > c.thr_mem * d.offchip);
}

/* --dwr where it cannot apply is an error: another warp size, a ratio
 * outside 2..8, a SIMD width not dividing it, functional mode; and so are
 * DWR's own parameters without --dwr. */
TEST(dwr_options)
{
	static const char *const bad[][6] = {
		{"--config", "tesla8", "--dwr", "64", "--warp-size", "32"},
		{"--config", "tesla8", "--dwr", "8", "--quiet", "--quiet"},
		{"--config", "tesla8", "--dwr", "20", "--quiet", "--quiet"},
		{"--config", "tesla8", "--dwr", "32", "--mode", "functional"},
		{"--config", "tesla8", "--dwr", "32", "--dwr_ilt_entries",
		 "24"},
		/* DWR's parameters without --dwr would do nothing */
		{"--config", "tesla8", "--dwr_ilt_entries", "16", "--quiet",
		 "--quiet"},
		{"--config", "tesla8", "--dwr_sync_latency", "12", "--quiet",
		 "--quiet"},
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct ws_sim *s = NULL;
		struct diag d;
		diag_init(&d);
		char *argv[8];
		argv[0] = (char *)"--quiet";
		for (int k = 0; k < 6; k++)
			argv[1 + k] = (char *)bad[i][k];
		int rc = ws_sim_create(7, argv, &s, &d);
		printf("  %s %s: %s\n", bad[i][3], bad[i][4], diag_text(&d));
		CHECK(rc != 0 && s == NULL);
		if (s)
			ws_sim_destroy(s);
		diag_release(&d);
	}
	/* and DWR-32 on tesla8 makes the warp 8 threads */
	const char *o[] = {"--config", "tesla8", "--dwr", "32"};
	struct tt t;
	struct ws_device_props pr;
	CHECK(tt_open(&t, "dwr/kernel.ptx", o, 4));
	if (t.s) {
		ws_sim_props(t.s, &pr);
		CHECK_EQ_U64(pr.warp_size, 8);
	}
	tt_close(&t);
}

TEST_MAIN()
#undef main

int main(int argc, char **argv)
{
	if (argc > 2)
		tt_dir = argv[2];
	return tt_main(argc > 1 ? 2 : 1, argv);
}
