/*
 * test_config.c - the option table's memory rows (cache strings, DRAM
 * timing lists, partition queues, address maps), the built-in machine
 * configurations (gtx480, tesla8, gtx1080ti) and their configs/ files,
 * --config resolution and cfg_validate's cross-field checks.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"
#include "mem/mem.h"
#include "mem/mem_options.h"

/* Parse s (warpsim argument grammar) onto the defaults and validate. */
static int cfg_from(struct ws_config *c, const char *s, struct diag *d)
{
	cfg_init(c);
	if (cfg_parse_string(c, s, d))
		return -1;
	return cfg_validate(c, d);
}

/* As cfg_from, then the memory configuration. */
static int mem_from(struct mem_config *m, const char *s, struct diag *d)
{
	struct ws_config c;
	int rc = cfg_from(&c, s, d);

	if (rc == 0)
		rc = mem_config_from_ws(m, &c, d);
	cfg_release(&c);
	return rc;
}

/* Expect s to be rejected with a message containing want. */
static void expect_error(const char *s, const char *want)
{
	struct ws_config c;
	struct diag d;

	diag_init(&d);
	CHECK(cfg_from(&c, s, &d) != 0);
	CHECK_STR_CONTAINS(diag_text(&d), want);
	cfg_release(&c);
	diag_release(&d);
}

static bool cache_same(const struct mem_cache_config *a,
		       const struct mem_cache_config *b, const char *what)
{
	bool ok = a->n_sets == b->n_sets && a->line_bytes == b->line_bytes &&
		  a->assoc == b->assoc && a->n_mshr == b->n_mshr &&
		  a->mshr_merge == b->mshr_merge &&
		  a->miss_queue == b->miss_queue && a->latency == b->latency &&
		  a->write == b->write && a->alloc_on_fill == b->alloc_on_fill &&
		  a->write_alloc == b->write_alloc &&
		  a->hash_index == b->hash_index;

	if (!ok)
		fprintf(stderr, "  cache %s differs\n", what);
	return ok;
}

/* Field-by-field equality of two memory configurations (names differences). */
static bool mem_same(const struct mem_config *a, const struct mem_config *b)
{
	bool ok = true;

#define SAME(f)                                                                \
	do {                                                                   \
		if (a->f != b->f) {                                            \
			fprintf(stderr, "  field %s differs\n", #f);           \
			ok = false;                                            \
		}                                                              \
	} while (0)
	SAME(n_sm); SAME(core_mhz); SAME(icnt_mhz); SAME(l2_mhz); SAME(dram_mhz);
	ok &= cache_same(&a->l1d, &b->l1d, "l1d");
	ok &= cache_same(&a->l1c, &b->l1c, "l1c");
	ok &= cache_same(&a->l2, &b->l2, "l2");
	SAME(l1d_enabled); SAME(reply_queue); SAME(reqs_per_sm);
	SAME(smem_banks); SAME(smem_bank_bytes); SAME(smem_latency);
	SAME(coalesce_bytes); SAME(sector_bytes);
	SAME(flit_bytes); SAME(ctrl_bytes); SAME(icnt_latency);
	SAME(icnt_in_queue); SAME(ejection_queue);
	SAME(n_mem); SAME(n_sub); SAME(rop_latency);
	SAME(q_icnt_l2); SAME(q_l2_dram); SAME(q_dram_l2); SAME(q_l2_icnt);
	SAME(wb_pool);
	SAME(dram_latency); SAME(frfcfs); SAME(sched_queue); SAME(n_banks);
	SAME(t_ccd); SAME(t_rrd); SAME(t_rcd); SAME(t_ras); SAME(t_rp);
	SAME(t_rc); SAME(t_cl); SAME(t_wl); SAME(t_cdlr); SAME(t_wr);
	SAME(t_rtp); SAME(burst_len); SAME(bus_bytes); SAME(chips);
	SAME(data_ratio);
	SAME(map.chan_bit); SAME(map.row_mask); SAME(map.bank_mask);
	SAME(map.col_mask);
#undef SAME
	return ok;
}

TEST(defaults_equal_gtx480)
{
	struct mem_config a, b;
	struct diag d;

	diag_init(&d);
	CHECK(mem_from(&a, "", &d) == 0);
	mem_config_gtx480(&b);
	CHECK(mem_same(&a, &b));
	CHECK(mem_from(&a, "--config gtx480", &d) == 0);
	CHECK(mem_same(&a, &b));
	if (d.n_err)
		fprintf(stderr, "%s", diag_text(&d));
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);
}

TEST(cache_string_forms)
{
	struct mem_config m;
	struct diag d;

	diag_init(&d);
	/* GPGPU-Sim 4.x form with kind letters */
	CHECK(mem_from(&m, "--set gpgpu_cache:dl1=N:64:128:6,L:L:m:N:H,A:128:8,8",
		       &d) == 0);
	CHECK_EQ_U64(m.l1d.n_sets, 64);
	CHECK_EQ_U64(m.l1d.line_bytes, 128);
	CHECK_EQ_U64(m.l1d.assoc, 6);
	CHECK(m.l1d.write == MEM_WP_LOCAL_WB);
	CHECK(!m.l1d.alloc_on_fill && !m.l1d.write_alloc && m.l1d.hash_index);
	CHECK_EQ_U64(m.l1d.n_mshr, 128);
	CHECK_EQ_U64(m.l1d.mshr_merge, 8);
	CHECK_EQ_U64(m.l1d.miss_queue, 8);
	CHECK_EQ_U64(m.l1d.latency, 35);

	/* 3.x form: no N/S, no index letter (linear), A MSHRs */
	CHECK(mem_from(&m, "-gpgpu_cache:dl1 32:128:4,L:T:m:N,A:32:4,16",
		       &d) == 0);
	CHECK_EQ_U64(m.l1d.n_sets, 32);
	CHECK(m.l1d.write == MEM_WP_WT);
	CHECK(!m.l1d.hash_index);
	CHECK_EQ_U64(m.l1d.n_mshr, 32);
	CHECK_EQ_U64(m.l1d.mshr_merge, 4);
	CHECK_EQ_U64(m.l1d.miss_queue, 16);
	CHECK_EQ_U64(m.icnt_in_queue, 16); /* follows the L1D miss queue */

	/* trailing groups left out keep the GTX480 values */
	CHECK(mem_from(&m, "--set gpgpu_cache:dl1=N:64:64:12", &d) == 0);
	CHECK_EQ_U64(m.l1d.n_sets, 64);
	CHECK_EQ_U64(m.l1d.line_bytes, 64);
	CHECK_EQ_U64(m.l1d.assoc, 12);
	CHECK_EQ_U64(m.l1d.n_mshr, 64);
	CHECK(m.l1d.hash_index);
	CHECK_EQ_U64(m.coalesce_bytes, 64); /* 0 = the L1D line */

	/* L2: write-back, write-allocate letters W/L, result FIFO and port */
	CHECK(mem_from(&m, "--set gpgpu_cache:dl2=S:32:128:16,L:B:m:W:L,"
		       "A:512:2,8:0,32 --set gpgpu_l1_latency=20", &d) == 0);
	CHECK_EQ_U64(m.l2.n_sets, 32);
	CHECK_EQ_U64(m.l2.assoc, 16);
	CHECK(m.l2.write == MEM_WP_WB && m.l2.write_alloc);
	CHECK_EQ_U64(m.l2.n_mshr, 512);
	CHECK_EQ_U64(m.l2.mshr_merge, 2);
	CHECK_EQ_U64(m.l2.miss_queue, 8);
	CHECK_EQ_U64(m.l1d.latency, 20);

	/* constant cache: read-only, allocate on fill */
	CHECK(mem_from(&m, "--set gpgpu_const_cache:l1=128:64:2,L:R:f:N:L,A:2:64,4 "
		       "--mem-const-latency 3", &d) == 0);
	CHECK_EQ_U64(m.l1c.n_sets, 128);
	CHECK(m.l1c.write == MEM_WP_READONLY && m.l1c.alloc_on_fill);
	CHECK_EQ_U64(m.l1c.mshr_merge, 64);
	CHECK_EQ_U64(m.l1c.latency, 3);
	if (d.n_err)
		fprintf(stderr, "%s", diag_text(&d));
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);
}

TEST(cache_string_errors)
{
	expect_error("--set gpgpu_cache:dl1=X:32:128:4", "gpgpu_cache:dl1");
	expect_error("--set gpgpu_cache:dl1=32:128", "sets:line:assoc");
	expect_error("--set gpgpu_cache:dl1=N:32:abc:4", "must be numbers");
	expect_error("--set gpgpu_cache:dl1=N:32:128:4,L:E:m:N:H",
		     "write-evict");
	expect_error("--set gpgpu_cache:dl1=N:32:128:4,L:L:x:N:H",
		     "allocation must be m, f or s");
	expect_error("--set gpgpu_cache:dl1=N:32:128:4,L:L:m:N:H,S:64,8",
		     "MSHR entries");
	expect_error("--set gpgpu_cache:dl2=S:64:128:8,L:B:m:L:L,A:256:4,x",
		     "gpgpu_cache:dl2");
	expect_error("--set gpgpu_const_cache:l1=N:64:64:2,Q:R:f:N:L",
		     "gpgpu_const_cache:l1");
	expect_error("--set gpgpu_cache:dl1=N:48:128:4", "powers of two");
	/* well-formed strings that mem_config_validate rejects */
	expect_error("--set gpgpu_cache:dl1=N:32:128:4,L:B:f:N:H",
		     "allocate-on-fill");
}

TEST(dram_timing_and_queues)
{
	struct mem_config m;
	struct diag d;

	diag_init(&d);
	CHECK(mem_from(&m, "--set gpgpu_dram_timing_opt=nbk=8:CCD=3:RRD=7:RCD=11:"
		       "RAS=27:RP=13:RC=41:CL=9:WL=5:CDLR=6:WR=10:nbkgrp=1:"
		       "CCDL=0:RTPL=4 --set gpgpu_dram_partition_queues=8:16:24:32",
		       &d) == 0);
	CHECK_EQ_U64(m.n_banks, 8);
	CHECK_EQ_U64(m.t_ccd, 3);
	CHECK_EQ_U64(m.t_rrd, 7);
	CHECK_EQ_U64(m.t_rcd, 11);
	CHECK_EQ_U64(m.t_ras, 27);
	CHECK_EQ_U64(m.t_rp, 13);
	CHECK_EQ_U64(m.t_rc, 41);
	CHECK_EQ_U64(m.t_cl, 9);
	CHECK_EQ_U64(m.t_wl, 5);
	CHECK_EQ_U64(m.t_cdlr, 6);
	CHECK_EQ_U64(m.t_wr, 10);
	CHECK_EQ_U64(m.t_rtp, 4);
	CHECK_EQ_U64(m.q_icnt_l2, 8);
	CHECK_EQ_U64(m.q_l2_dram, 16);
	CHECK_EQ_U64(m.q_dram_l2, 24);
	CHECK_EQ_U64(m.q_l2_icnt, 32);
	/* blanks (a wrapped list in an option file) and a subset of keys */
	CHECK(mem_from(&m, "--set 'gpgpu_dram_timing_opt=CL=14: WL=6'", &d) == 0);
	CHECK_EQ_U64(m.t_cl, 14);
	CHECK_EQ_U64(m.t_wl, 6);
	CHECK_EQ_U64(m.t_rcd, 12); /* unchanged */
	/* the scalar DRAM and partition rows */
	CHECK(mem_from(&m, "-gpgpu_n_mem 4 -dram_latency 50 "
		       "-gpgpu_dram_scheduler 0 -rop_latency 80 "
		       "-gmem_skip_L1D 1 -icnt_flit_size 32", &d) == 0);
	CHECK_EQ_U64(m.n_mem, 4);
	CHECK_EQ_U64(m.dram_latency, 50);
	CHECK_EQ_U64(m.frfcfs, 0);
	CHECK_EQ_U64(m.rop_latency, 80);
	CHECK(!m.l1d_enabled);
	CHECK_EQ_U64(m.flit_bytes, 32);
	if (d.n_err)
		fprintf(stderr, "%s", diag_text(&d));
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);

	expect_error("--set gpgpu_dram_timing_opt=nbk=16:XYZ=3", "unknown timing");
	expect_error("--set gpgpu_dram_timing_opt=CL=fast", "key=number");
	expect_error("--set gpgpu_dram_partition_queues=64:64", "four sizes");
	expect_error("--set gpgpu_dram_partition_queues=64:64:a:64",
		     "gpgpu_dram_partition_queues");
	expect_error("--set gpgpu_mem_addr_mapping=dramid@8;RRQQ",
		     "gpgpu_mem_addr_mapping");
	/* 8 banks in the timing, 16 in the map is fine; 32 is not */
	expect_error("--set gpgpu_dram_timing_opt=nbk=32", "nbk=32");
}

TEST(builtin_tesla8)
{
	struct ws_config c;
	struct mem_config a, b;
	struct diag d;

	diag_init(&d);
	CHECK(cfg_from(&c, "--config tesla8", &d) == 0);
	CHECK_EQ_U64(c.n_sm, 16);
	CHECK_EQ_U64(c.simd_width, 8);
	CHECK_EQ_U64(c.n_sched, 1);
	CHECK_EQ_U64(c.max_threads_per_sm, 1024);
	CHECK_EQ_U64(c.max_warps_per_sm, 32);
	CHECK_EQ_U64(c.regs_per_sm, 16384);
	CHECK_EQ_U64(c.shmem_per_sm, 16384);
	CHECK(c.core_mhz == 1300.0 && c.dram_mhz == 800.0);
	CHECK(!strcmp(c.config_name, "tesla8"));
	CHECK(mem_config_from_ws(&a, &c, &d) == 0);
	mem_config_tesla8(&b);
	CHECK(mem_same(&a, &b));
	/* 76.8 GB/s: channels x bytes per beat x beats per command cycle */
	CHECK(a.n_mem * a.bus_bytes * a.chips * a.data_ratio * a.dram_mhz ==
	      76800.0);
	cfg_release(&c);
	if (d.n_err)
		fprintf(stderr, "%s", diag_text(&d));
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);
}

/* gtx480-4x: gtx480 with GPGPU-Sim 4.2's sectored L2 and warm copies; the
 * rest of the memory system as gtx480 */
TEST(builtin_gtx480_4x)
{
	struct ws_config c;
	struct mem_config a, b;
	struct diag d;

	diag_init(&d);
	CHECK(cfg_from(&c, "--config gtx480-4x", &d) == 0);
	CHECK(!strcmp(c.config_name, "gtx480-4x"));
	CHECK_EQ_U64(c.perf_sim_memcpy, 1);
	CHECK(mem_config_from_ws(&a, &c, &d) == 0);
	CHECK(a.l2.sectored);
	mem_config_gtx480(&b);
	CHECK(!b.l2.sectored);
	b.l2.sectored = true;
	CHECK(mem_same(&a, &b));
	cfg_release(&c);
	CHECK(cfg_from(&c, "", &d) == 0);
	CHECK_EQ_U64(c.perf_sim_memcpy, 0);
	CHECK(mem_config_from_ws(&a, &c, &d) == 0);
	CHECK(!a.l2.sectored);
	cfg_release(&c);
	if (d.n_err)
		fprintf(stderr, "%s", diag_text(&d));
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);
}

TEST(builtin_gtx1080ti)
{
	struct ws_config c;
	struct mem_config m;
	struct diag d;

	diag_init(&d);
	CHECK(cfg_from(&c, "--config gtx1080ti", &d) == 0);
	CHECK_EQ_U64(c.n_sm, 28);
	CHECK_EQ_U64(c.max_threads_per_sm, 2048);
	CHECK_EQ_U64(c.max_warps_per_sm, 64);
	CHECK_EQ_U64(c.regs_per_sm, 65536);
	CHECK_EQ_U64(c.n_sched, 4);
	CHECK(c.core_mhz == 1481.0 && c.icnt_mhz == 2962.0 &&
	      c.l2_mhz == 1481.0 && c.dram_mhz == 2750.0);
	CHECK(mem_config_from_ws(&m, &c, &d) == 0);
	CHECK_EQ_U64(m.n_sm, 28);
	CHECK_EQ_U64(m.l1d.n_sets * m.l1d.line_bytes * m.l1d.assoc, 48 * 1024);
	CHECK_EQ_U64(m.l2.n_sets * m.l2.line_bytes * m.l2.assoc, 128 * 1024);
	CHECK_EQ_U64(m.l2.assoc, 16);
	CHECK_EQ_U64(m.n_mem, 11);
	CHECK_EQ_U64(m.n_sub, 2);
	CHECK_EQ_U64(m.chips, 1);
	CHECK_EQ_U64(m.t_rtp, 0);
	CHECK_EQ_U64(bit_popc64(m.map.bank_mask), 4);
	cfg_release(&c);
	if (d.n_err)
		fprintf(stderr, "%s", diag_text(&d));
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);
}

TEST(later_options_override_builtin)
{
	struct ws_config c;
	struct diag d;

	diag_init(&d);
	CHECK(cfg_from(&c, "--config tesla8 --set gpgpu_n_clusters=4", &d) == 0);
	CHECK_EQ_U64(c.n_sm, 4);
	CHECK_EQ_U64(c.simd_width, 8);
	cfg_release(&c);
	CHECK(cfg_from(&c, "--set gpgpu_n_clusters=4 --config tesla8", &d) == 0);
	CHECK_EQ_U64(c.n_sm, 16);
	cfg_release(&c);
	/* PRO's 14-SM GTX480 */
	CHECK(cfg_from(&c, "--config=gtx480 --set gpgpu_n_clusters=14", &d) == 0);
	CHECK_EQ_U64(c.n_sm, 14);
	CHECK(!strcmp(c.config_name, "gtx480"));
	cfg_release(&c);
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);
}

/* The effective configuration as text (cfg_print). */
static char *cfg_text(const struct ws_config *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cfg_print(f, c, "");
	fclose(f);
	return buf;
}

TEST(gtx480_restores_defaults)
{
	unsigned n;
	const struct cfg_builtin *b = cfg_builtin_list(&n);
	struct ws_config def;
	struct diag d;
	char *want;

	diag_init(&d);
	CHECK(cfg_from(&def, "", &d) == 0);
	want = cfg_text(&def);
	CHECK(n == 4);
	for (unsigned i = 0; i < n; i++) {
		struct ws_config c;
		char args[128];
		char *got;

		snprintf(args, sizeof(args), "--config %s --config gtx480",
			 b[i].name);
		CHECK(cfg_from(&c, args, &d) == 0);
		got = cfg_text(&c);
		if (strcmp(got, want)) {
			fprintf(stderr, "  %s then gtx480 differs from the "
				"defaults\n", b[i].name);
			CHECK(0);
		}
		free(got);
		cfg_release(&c);
		CHECK(cfg_builtin_find(b[i].name) == &b[i]);
		CHECK(b[i].desc && *b[i].desc);
	}
	CHECK(cfg_builtin_find("gtx") == NULL);
	free(want);
	cfg_release(&def);
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);
}

TEST(config_file_and_unknown)
{
	char path[] = "/tmp/ws_test_config_XXXXXX";
	int fd = mkstemp(path);
	FILE *f;
	struct ws_config c;
	struct diag d;
	char args[128];

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	f = fdopen(fd, "w");
	fputs("# a machine\n-gpgpu_n_clusters 3   # three\n\n"
	      "-gpgpu_cache:dl1 N:16:128:4,L:L:m:N:L,A:8:4,8\n", f);
	fclose(f);
	diag_init(&d);
	snprintf(args, sizeof(args), "--config %s", path);
	CHECK(cfg_from(&c, args, &d) == 0);
	CHECK_EQ_U64(c.n_sm, 3);
	CHECK(!strcmp(c.config_name, path));
	cfg_release(&c);
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);

	/* unknown options in a file: one warning, or errors when strict */
	f = fopen(path, "w");
	fputs("-gpgpu_n_clusters 3\n-no_such_option 1\n", f);
	fclose(f);
	diag_init(&d);
	CHECK(cfg_from(&c, args, &d) == 0);
	CHECK_EQ_U64(c.n_sm, 3);
	CHECK(c.warnings != NULL);
	if (c.warnings)
		CHECK_STR_CONTAINS(c.warnings, "no_such_option");
	cfg_release(&c);
	snprintf(args, sizeof(args), "--config %s --strict-options", path);
	CHECK(cfg_from(&c, args, &d) != 0);
	CHECK_STR_CONTAINS(diag_text(&d), "no_such_option");
	CHECK_STR_CONTAINS(diag_text(&d), ":2)");
	cfg_release(&c);
	diag_release(&d);
	remove(path);
	/* on the command line an unknown option stays an error */
	expect_error("--no_such_option 1", "unknown option");

	expect_error("--config nosuch_machine", "not a built-in configuration");
	expect_error("--config nosuch_machine", "gtx1080ti");
	expect_error("--config", "--config needs");
}

TEST(validate_cross_fields)
{
	struct ws_config c;
	struct diag d;

	expect_error("--set gpgpu_simd_width=24", "power of two");
	expect_error("--set gpgpu_num_sched_per_core=0", "gpgpu_num_sched_per_core");
	diag_init(&d);
	/* SIMD wider than the warp: one cycle per warp */
	CHECK(cfg_from(&c, "--warp-size 8 --set gpgpu_simd_width=32", &d) == 0);
	cfg_release(&c);
	CHECK(cfg_from(&c, "--warp-size 64 --config tesla8", &d) == 0);
	cfg_release(&c);
	CHECK_EQ_U64(d.n_err, 0);
	diag_release(&d);
}

/* Read a whole file; NULL when it cannot be opened. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc((size_t)n + 1);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	buf[n] = 0;
	fclose(f);
	return buf;
}

/* configs/ relative to the source tree, or to a likely working directory. */
static char *read_cfg_file(const char *name)
{
	static const char *const dirs[] = {
#ifdef WS_SOURCE_DIR
		WS_SOURCE_DIR "/configs",
#endif
		"configs", "../configs", "../../configs",
	};
	char path[4096];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++) {
		char *s;

		snprintf(path, sizeof(path), "%s/%s.cfg", dirs[i], name);
		s = slurp(path);
		if (s)
			return s;
	}
	return NULL;
}

TEST(embedded_equals_configs_files)
{
	unsigned n;
	const struct cfg_builtin *b = cfg_builtin_list(&n);

	for (unsigned i = 0; i < n; i++) {
		char *file = read_cfg_file(b[i].name);

		if (!file) {
			fprintf(stderr, "  skipped: configs/%s.cfg not found "
				"from the working directory\n", b[i].name);
			continue;
		}
		if (strcmp(file, b[i].text)) {
			fprintf(stderr, "  configs/%s.cfg differs from the text "
				"in src/config/builtin.c\n", b[i].name);
			CHECK(0);
		}
		free(file);
	}
}

TEST_MAIN()
