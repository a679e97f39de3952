/*
 * test_options.c - the option grammar's trust checks (issue 11): exact
 * number parsing, clock-domain bounds, --config include cycles and depth,
 * WARPSIM_ARGS quoting round trips, policy names checked in every mode
 * (ws_config_check), the functional-mode rule for timing-only options,
 * and GPGPU-Sim gpgpusim.config compatibility.
 */
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../include/warpsim.h"
#include "config/config.h"
#include "mem/mem.h"
#include "mem/mem_options.h"

/* Parse s onto the defaults and check it as ws_sim_create would. */
static int opt_from(struct ws_config *c, const char *s, struct diag *d)
{
	cfg_init(c);
	if (cfg_parse_string(c, s, d))
		return -1;
	return ws_config_check(c, d);
}

/* Expect s to be rejected with a message containing want (and want2). */
static void expect_fail(const char *s, const char *want, const char *want2)
{
	struct ws_config c;
	struct diag d;

	diag_init(&d);
	CHECK(opt_from(&c, s, &d) != 0);
	CHECK_STR_CONTAINS(diag_text(&d), want);
	if (want2)
		CHECK_STR_CONTAINS(diag_text(&d), want2);
	cfg_release(&c);
	diag_release(&d);
}

/* Expect s to be accepted. */
static void expect_ok(const char *s)
{
	struct ws_config c;
	struct diag d;

	diag_init(&d);
	if (opt_from(&c, s, &d) != 0) {
		fprintf(stderr, "  '%s' refused: %s\n", s, diag_text(&d));
		CHECK(0);
	}
	cfg_release(&c);
	diag_release(&d);
}

/* The value option `name` gets from s (s must be accepted). */
static uint64_t u64_of(const char *s, size_t off)
{
	struct ws_config c;
	struct diag d;
	uint64_t v = ~0ULL;

	diag_init(&d);
	if (opt_from(&c, s, &d) == 0)
		v = *(uint64_t *)((char *)&c + off);
	else
		fprintf(stderr, "  '%s' refused: %s\n", s, diag_text(&d));
	cfg_release(&c);
	diag_release(&d);
	return v;
}

#define U64_OF(s, field) u64_of(s, offsetof(struct ws_config, field))

TEST(numbers_exact)
{
	CHECK_EQ_U64(U64_OF("--gpgpu_max_insn 1E9", max_warp_insn), 1000000000);
	CHECK_EQ_U64(U64_OF("--gpgpu_max_insn 1e9", max_warp_insn), 1000000000);
	CHECK_EQ_U64(U64_OF("--gpgpu_max_insn 2.5e3", max_warp_insn), 2500);
	CHECK_EQ_U64(U64_OF("--gpgpu_max_insn 1.000e3", max_warp_insn), 1000);
	CHECK_EQ_U64(U64_OF("--gpgpu_max_insn 12345678901234567", max_warp_insn),
		     12345678901234567ULL);
	CHECK_EQ_U64(U64_OF("--gpgpu_max_insn 18446744073709551615",
			    max_warp_insn), UINT64_MAX);
	CHECK_EQ_U64(U64_OF("--warp_size 0x20", warp_size), 32);
	CHECK_EQ_U64(U64_OF("--warp_size 0X10", warp_size), 16);
	CHECK_EQ_U64(U64_OF("--gpgpu_n_clusters 1e1", n_clusters), 10);
	CHECK_EQ_U64(U64_OF("--quiet yes", quiet), 1);
	expect_fail("--warp_size 32.9", "'warp_size'", "not an integer");
	expect_fail("--warp_size 1E9", "'warp_size'", "[8, 64]");
	expect_fail("--gpgpu_max_insn 1.5", "'gpgpu_max_insn'", "not an integer");
	expect_fail("--gpgpu_max_insn 25e-1", "gpgpu_max_insn", "not an integer");
	expect_fail("--warp_size inf", "'warp_size'", "finite");
	expect_fail("--warp_size nan", "'warp_size'", "finite");
	expect_fail("--warp_size -1", "'warp_size'", "out of range");
	expect_fail("--gpgpu_max_insn 18446744073709551616", "gpgpu_max_insn",
		    "out of range");
	expect_fail("--gpgpu_max_insn 1e20", "gpgpu_max_insn", "out of range");
	expect_fail("--gpgpu_max_insn 0x1ffffffffffffffff", "gpgpu_max_insn",
		    "out of range");
	expect_fail("--warp_size 0x", "'warp_size'", "not a number");
	expect_fail("--warp_size 32k", "'warp_size'", "not a number");
	expect_fail("--warp_size ''", "'warp_size'", "not a number");
	expect_fail("--quiet 2", "'quiet'", "[0, 1]");
}

TEST(clock_domains_bounded)
{
	static const char *const bad[] = {
		"inf:700:700:700", "700:nan:700:700", "0:700:700:700",
		"1e-300:700:700:700", "-700:700:700:700", "700:700:700:1e9",
		"700:700:700", "700:700:700:924:1", "700::700:924",
		"700x:700:700:924",
	};
	char s[128];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(s, sizeof(s), "--gpgpu_clock_domains %s", bad[i]);
		expect_fail(s, "gpgpu_clock_domains", bad[i]);
	}
	expect_ok("--gpgpu_clock_domains 1.5:100000:1:924.25");
	/* the memory layer refuses what the option layer would */
	{
		struct mem_config m;
		struct diag d;

		mem_config_gtx480(&m);
		m.n_sm = 1;
		m.dram_mhz = 1e-300;
		diag_init(&d);
		CHECK(mem_config_validate(&m, &d) != 0);
		CHECK_STR_CONTAINS(diag_text(&d), "clock");
		diag_release(&d);
	}
}

/* A fresh temporary directory; path in dir (size n). */
static bool make_dir(char *dir, size_t n)
{
	snprintf(dir, n, "/tmp/ws_test_options_XXXXXX");
	return mkdtemp(dir) != NULL;
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs(text, f);
	fclose(f);
}

static void remove_file(const char *dir, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	remove(path);
}

TEST(include_cycles_and_depth)
{
	char dir[64], text[1024], args[256], a[128], b[128];
	char name[32];

	if (!make_dir(dir, sizeof(dir))) {
		CHECK(0);
		return;
	}
	snprintf(a, sizeof(a), "%s/a.cfg", dir);
	snprintf(b, sizeof(b), "%s/b.cfg", dir);
	/* a file that includes itself */
	snprintf(text, sizeof(text), "-gpgpu_n_clusters 2\n--config %s\n", a);
	write_file(dir, "a.cfg", text);
	snprintf(args, sizeof(args), "--config %s", a);
	snprintf(text, sizeof(text), "%s -> %s", a, a);
	expect_fail(args, "include cycle", text);
	/* two files that include each other */
	snprintf(text, sizeof(text), "--config %s\n", b);
	write_file(dir, "a.cfg", text);
	snprintf(text, sizeof(text), "-gpgpu_n_clusters 2\n-config=%s\n", a);
	write_file(dir, "b.cfg", text);
	snprintf(text, sizeof(text), "%s -> %s -> %s", a, b, a);
	expect_fail(args, "include cycle", text);
	/* the same file twice in a row is not a cycle */
	write_file(dir, "b.cfg", "-gpgpu_n_clusters 2\n");
	snprintf(text, sizeof(text), "--config %s\n--config %s\n", b, b);
	write_file(dir, "a.cfg", text);
	CHECK_EQ_U64(U64_OF(args, n_clusters), 2);
	/* a chain deeper than CFG_INCLUDE_MAX */
	for (unsigned i = 0; i <= CFG_INCLUDE_MAX; i++) {
		snprintf(name, sizeof(name), "d%u.cfg", i);
		snprintf(text, sizeof(text), "--config %s/d%u.cfg\n", dir, i + 1);
		write_file(dir, name, i < CFG_INCLUDE_MAX ? text
				      : "-gpgpu_n_clusters 4\n");
	}
	snprintf(args, sizeof(args), "--config %s/d0.cfg", dir);
	expect_fail(args, "nested more than", NULL);
	/* one level less is fine */
	snprintf(args, sizeof(args), "--config %s/d1.cfg", dir);
	CHECK_EQ_U64(U64_OF(args, n_clusters), 4);
	for (unsigned i = 0; i <= CFG_INCLUDE_MAX; i++) {
		snprintf(name, sizeof(name), "d%u.cfg", i);
		remove_file(dir, name);
	}
	remove_file(dir, "a.cfg");
	remove_file(dir, "b.cfg");
	rmdir(dir);
}

/* Quote n words, split the result, expect the same n words back. */
static void round_trip(char **w, int n)
{
	char *buf = NULL, **out = NULL;
	size_t len = 0, cap = 0;
	int got;

	for (int i = 0; i < n; i++)
		cfg_quote_word(&buf, &len, &cap, w[i]);
	got = cfg_split_words(buf ? buf : "", &out, NULL);
	CHECK_EQ_U64(got, n);
	for (int i = 0; i < n && i < got; i++)
		if (strcmp(out[i], w[i])) {
			fprintf(stderr, "  word %d: '%s' came back as '%s' "
				"from [%s]\n", i, w[i], out[i], buf);
			CHECK(0);
		}
	if (got > 0)
		cfg_free_words(got, out);
	free(buf);
}

TEST(quoting_round_trip)
{
	static const char *const fixed[] = {
		"/tmp/it's.json", "", "a b", "tab\there", "new\nline", "$HOME",
		"\"double\"", "back\\slash", "'", "''", "\\", "\\'", "#hash",
		"--stats", "x=y", "semi;colon", "`cmd`", "*?[]{}()<>|&!~",
		" lead", "trail ", "\"'\\$`\n\t ",
	};
	static const char alphabet[] = "ab '\"\\$`\t\n #;*-=:";
	unsigned seed = 12345;
	char *w[8];

	for (size_t i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		w[0] = (char *)fixed[i];
		round_trip(w, 1);
	}
	w[0] = (char *)fixed[0];
	w[1] = (char *)fixed[1];
	w[2] = (char *)fixed[4];
	round_trip(w, 3);
	/* random words, adversarial characters and any byte 1..255 */
	for (unsigned t = 0; t < 2000; t++) {
		int n = 1 + (int)(t % 6);

		for (int i = 0; i < n; i++) {
			unsigned l;

			seed = seed * 1103515245u + 12345u;
			l = (seed >> 16) % 12;
			w[i] = malloc(l + 1);
			for (unsigned k = 0; k < l; k++) {
				seed = seed * 1103515245u + 12345u;
				w[i][k] = (seed >> 20) & 1 ?
					alphabet[(seed >> 8) % (sizeof(alphabet) - 1)] :
					(char)(1 + (seed >> 8) % 255);
			}
			w[i][l] = 0;
		}
		round_trip(w, n);
		for (int i = 0; i < n; i++)
			free(w[i]);
	}
	/* the scheme as written by hand */
	{
		char **out;
		int n = cfg_split_words("'it'\\''s' \"a\\\"b\\\\c\" d\\ e '' x",
					&out, NULL);

		CHECK_EQ_U64(n, 5);
		if (n == 5) {
			CHECK(!strcmp(out[0], "it's"));
			CHECK(!strcmp(out[1], "a\"b\\c"));
			CHECK(!strcmp(out[2], "d e"));
			CHECK(!strcmp(out[3], ""));
			CHECK(!strcmp(out[4], "x"));
			cfg_free_words(n, out);
		}
		CHECK(cfg_split_words("'open", &out, NULL) < 0);
	}
	/* an apostrophe in a value reaches the option intact */
	{
		struct ws_config c;
		char *buf = NULL;
		size_t len = 0, cap = 0;
		struct diag d;

		cfg_quote_word(&buf, &len, &cap, "--stats");
		cfg_quote_word(&buf, &len, &cap, "/tmp/it's \"x\".json");
		diag_init(&d);
		cfg_init(&c);
		CHECK(cfg_parse_string(&c, buf, &d) == 0);
		CHECK(!strcmp(c.stats_file, "/tmp/it's \"x\".json"));
		cfg_release(&c);
		diag_release(&d);
		free(buf);
	}
}

TEST(policy_names_checked_in_every_mode)
{
	char dir[64], path[128], args[256];

	expect_fail("--sched foo", "gpgpu_scheduler 'foo'", "unknown");
	expect_fail("--fetch foo", "fetch_policy 'foo'", "unknown");
	expect_fail("--sched gto:abc", "gpgpu_scheduler 'gto:abc'", NULL);
	expect_fail("--mode timing --sched foo:3", "unknown", NULL);
	expect_ok("--sched gto");
	expect_ok("--sched tl:6 --fetch fef");
	/* functional mode: a bad name from a machine file is still refused */
	if (!make_dir(dir, sizeof(dir))) {
		CHECK(0);
		return;
	}
	write_file(dir, "m.cfg", "-gpgpu_scheduler nosuch\n");
	snprintf(path, sizeof(path), "%s/m.cfg", dir);
	snprintf(args, sizeof(args), "--mode functional --config %s", path);
	expect_fail(args, "gpgpu_scheduler 'nosuch'", NULL);
	write_file(dir, "m.cfg", "-fetch_policy nosuch\n");
	expect_fail(args, "fetch_policy 'nosuch'", NULL);
	/* and a good one is accepted silently (it describes the machine) */
	write_file(dir, "m.cfg", "-gpgpu_scheduler gto\n-gpgpu_l1_latency 3\n");
	expect_ok(args);
	remove(path);
	rmdir(dir);
}

TEST(timing_only_options_in_functional_mode)
{
	expect_fail("--mode functional --sched gto", "'gpgpu_scheduler'",
		    "functional");
	expect_fail("--mode functional --fetch rr", "'fetch_policy'",
		    "functional");
	expect_fail("--set gpgpu_l1_latency=3 --mode functional",
		    "'gpgpu_l1_latency'", "functional");
	expect_fail("--mode functional --gpgpu_cache:dl1 N:32:128:4",
		    "'gpgpu_cache:dl1'", NULL);
	expect_fail("--mode functional --trace /dev/null", "'trace'", NULL);
	/* machine files set timing rows in any mode */
	expect_ok("--mode functional --config gtx1080ti");
	expect_ok("--mode functional --warp-size 16 --func_quantum 8 "
		  "--gpgpu_n_clusters 2 --gpgpu_clock_domains 800:800:800:900");
	expect_ok("--mode timing --sched gto --set gpgpu_l1_latency=3");
}

/* BOWS's and DDOS's parameters need --sched bows:BASE: no silent no-op. */
TEST(bows_options_need_bows)
{
	expect_fail("--sched gto:50000 --ddos_hash mod", "'ddos_hash'",
		    "bows:BASE");
	expect_fail("--set bows_sibs=x.txt", "'bows_sibs'", "'lrr'");
	expect_fail("--sched cawa --bows_delay 500", "'bows_delay'", NULL);
	expect_fail("--sched mwf --set bows_detect=oracle", "'bows_detect'",
		    NULL);
	expect_fail("--sched lrr --ddos_l 4", "'ddos_l'", NULL);
	expect_fail("--ddos_m 4 --sched gto", "'ddos_m'", NULL);
	expect_fail("--ddos_k 4", "'ddos_k'", NULL);
	expect_fail("--ddos_t 2", "'ddos_t'", NULL);
	expect_ok("--sched bows:gto:50000 --ddos_hash mod --ddos_m 4 "
		  "--ddos_k 4 --ddos_l 4 --ddos_t 2 --bows_delay 500 "
		  "--bows_detect oracle --bows_sibs x.txt");
	expect_ok("--ddos_hash mod --sched bows:lrr");
}

/* --threads N steps the SMs of a timing-mode cycle on N host threads
 * (docs/timing.md, "Parallel stepping"): a timing-mode option, so an
 * error with --mode functional; --threads_adapt chooses whether to fork,
 * which means nothing on one thread. */
TEST(threads_timing_only)
{
	expect_ok("--threads 1");
	expect_ok("--threads 2");
	expect_ok("--set threads=16");
	expect_ok("--threads 4 --threads_adapt 0");
	expect_fail("--mode functional --threads 1", "threads",
		    "--mode timing");
	expect_fail("--mode functional --threads 2", "threads",
		    "--mode timing");
	expect_fail("--threads_adapt 0", "threads_adapt", "--threads 2");
	expect_fail("--threads 0", "threads", NULL);
	expect_ok("--threads 1 --trace /tmp/t.trace");
	expect_fail("--threads 2 --trace /tmp/t.trace", "threads", "--trace");
}

/*
 * A gpgpusim.config in GPGPU-Sim's style, written for this test: lines
 * typical of SM2_GTX480, SM6_TITANX, SM7_QV100 and SM75_RTX2060 (options
 * warpsim does not model, a quoted value over two lines, S: cache strings,
 * streaming L1, short latency lists, the core pipeline, many-way L1s).
 */
static const char stock_cfg[] =
	"# functional simulator specification\n"
	"-gpgpu_ptx_instruction_classification 0\n"
	"-gpgpu_ptx_sim_mode 0\n"
	"-gpgpu_ptx_force_max_capability 70 \n"
	"-gpgpu_compute_capability_major 7\n"
	"-gpgpu_n_clusters 80\n"
	"-gpgpu_n_cores_per_cluster 1\n"
	"-gpgpu_n_mem 32\n"
	"-gpgpu_n_sub_partition_per_mchannel 2 \n"
	"-gpgpu_clock_domains 1132.0:1132.0:1132.0:850.0\n"
	"-gpgpu_shader_registers 65536\n"
	"-gpgpu_registers_per_block 65536\n"
	"-gpgpu_shader_core_pipeline 2048:32 \n"
	"-gpgpu_shader_cta 32\n"
	"-gpgpu_simd_model 1\n"
	"-gpgpu_pipeline_widths 4,4,4,4,4,4,4,4,4,4,8,4,4\n"
	"-gpgpu_num_sp_units 4\n"
	"-gpgpu_num_sfu_units 4\n"
	"-gpgpu_num_dp_units 4\n"
	"-gpgpu_num_int_units 4\n"
	"-ptx_opcode_latency_int 4,13,4,5,145\n"
	"-ptx_opcode_initiation_int 2,2,2,2,8\n"
	"-ptx_opcode_latency_fp 4,13,4,5,39\n"
	"-ptx_opcode_latency_sfu 100\n"
	"-ptx_opcode_initiation_sfu 8\n"
	"-ptx_opcode_latency_tesnor 64\n"
	"-gpgpu_cache:dl1  S:4:128:96,L:L:s:N:L,A:256:8,16:0,32\n"
	"-gpgpu_cache:dl1PrefL1  S:4:128:96,L:L:s:N:L,A:256:8,16:0,32\n"
	"-gpgpu_shmem_size 98304\n"
	"-gpgpu_shmem_per_block 65536\n"
	"-gmem_skip_L1D 0\n"
	"-l1_latency 28\n"
	"-smem_latency 19\n"
	"-gpgpu_cache:dl2 S:32:128:24,L:B:m:L:P,A:256:64,16:0,32\n"
	"-gpgpu_dram_partition_queues 32:32:32:32\n"
	"-gpgpu_cache:il1 N:64:128:16,L:R:f:N:L,S:2:48,4\n"
	"-gpgpu_tex_cache:l1 N:16:128:24,L:R:m:N:L,T:128:4,128:2\n"
	"-gpgpu_const_cache:l1 N:128:64:8,L:R:f:N:L,S:2:64,4\n"
	"-gpgpu_num_reg_banks 8\n"
	"-gpgpu_max_insn_issue_per_warp 1\n"
	"-network_mode 1 \n"
	"-inter_config_file config_volta_islip.icnt\n"
	"-rop_latency 120\n"
	"-dram_latency 100\n"
	"-gpgpu_dram_scheduler 1\n"
	"-gpgpu_frfcfs_dram_sched_queue_size 64\n"
	"-gpgpu_n_mem_per_ctrlr 1\n"
	"-gpgpu_dram_buswidth 16\n"
	"-gpgpu_dram_burst_length 2\n"
	"-dram_data_command_freq_ratio 2  # HBM is DDR\n"
	"-gpgpu_mem_addr_mapping dramid@8;00000000.00000000.00000000.00000000."
	"0000RRRR.RRRRRRRR.RBBBCCCB.CCCSSSSS\n"
	"-gpgpu_dram_timing_opt \"nbk=16:CCD=1:RRD=3:RCD=12:RAS=28:RP=12:RC=40:\n"
	"                        CL=13:WL=2:CDLR=3:WR=10:nbkgrp=4:CCDL=2:RTPL=3\"\n"
	"-gpgpu_num_sched_per_core 4\n"
	"#-gpgpu_scheduler two_level_active:6:0:1\n"
	"-gpgpu_scheduler gto\n"
	"-gpgpu_memlatency_stat 14 \n"
	"-power_simulation_enabled 0\n";

TEST(gpgpusim_config_file)
{
	char dir[64], path[128], args[256];
	struct ws_config c;
	struct mem_config m;
	struct diag d;
	struct ws_sim *s = NULL;
	char *argv[3];

	if (!make_dir(dir, sizeof(dir))) {
		CHECK(0);
		return;
	}
	write_file(dir, "gpgpusim.config", stock_cfg);
	snprintf(path, sizeof(path), "%s/gpgpusim.config", dir);
	snprintf(args, sizeof(args), "--config %s", path);
	diag_init(&d);
	CHECK(opt_from(&c, args, &d) == 0);
	CHECK_EQ_U64(d.n_err, 0);
	if (d.n_err)
		fprintf(stderr, "%s", diag_text(&d));
	CHECK_EQ_U64(c.n_sm, 80);
	CHECK_EQ_U64(c.max_threads_per_sm, 2048);
	CHECK_EQ_U64(c.warp_size, 32);
	CHECK_EQ_U64(c.max_warps_per_sm, 64);
	CHECK_EQ_U64(c.l1_latency, 28);
	CHECK_EQ_U64(c.smem_latency, 19);
	CHECK(!strcmp(c.lat_int, "4,13,4,5,145,32"));
	CHECK(!strcmp(c.ii_int, "2,2,2,2,8,4"));
	CHECK(!strcmp(c.lat_sfu, "100,8"));
	CHECK(!strcmp(c.sched, "gto"));
	CHECK(c.core_mhz == 1132.0 && c.dram_mhz == 850.0);
	CHECK(c.warnings != NULL);
	if (c.warnings) {
		/* one line for every unknown option, each named once */
		CHECK_STR_CONTAINS(c.warnings, "gpgpu_ptx_sim_mode, ");
		CHECK_STR_CONTAINS(c.warnings, "inter_config_file");
		CHECK_STR_CONTAINS(c.warnings, "gpgpu_cache:dl1PrefL1");
		CHECK_STR_CONTAINS(c.warnings, "streaming");
		CHECK_STR_CONTAINS(c.warnings, "merges");
		CHECK(strstr(c.warnings, "gpgpu_scheduler") == NULL);
		CHECK(strstr(c.warnings, "two_level") == NULL);
	}
	CHECK(mem_config_from_ws(&m, &c, &d) == 0);
	CHECK_EQ_U64(m.t_cl, 13);
	CHECK_EQ_U64(m.t_wl, 2);
	CHECK_EQ_U64(m.l1d.assoc, 96);
	CHECK_EQ_U64(m.l1d.alloc_on_fill, 0);
	CHECK_EQ_U64(m.l2.hash_index, 1);
	CHECK_EQ_U64(m.l2.mshr_merge, 32);
	cfg_release(&c);
	/* the timing model builds from it */
	argv[0] = "--config";
	argv[1] = path;
	argv[2] = "--quiet";
	CHECK(ws_sim_create(3, argv, &s, &d) == 0);
	ws_sim_destroy(s);
	/* --strict-options turns the warning into an error, before or after */
	snprintf(args, sizeof(args), "--strict-options --config %s", path);
	expect_fail(args, "--strict-options", "gpgpu_ptx_sim_mode (");
	snprintf(args, sizeof(args), "--config %s --strict_options", path);
	expect_fail(args, "power_simulation_enabled", NULL);
	/* RTX 2060's L1: one set of 512 ways */
	snprintf(args, sizeof(args), "--config %s --set gpgpu_cache:dl1="
		 "S:1:128:512,L:L:m:N:L,A:256:8,16:0,32", path);
	expect_ok(args);
	/* latency lists: too many values or junk are refused */
	expect_fail("--set ptx_opcode_latency_fp=1,2,3,4,5,6",
		    "ptx_opcode_latency_fp", "1 to 5");
	expect_fail("--set ptx_opcode_latency_sfu=1,x", "ptx_opcode_latency_sfu",
		    NULL);
	expect_fail("--gpgpu_shader_core_pipeline 2048", "THREADS:WARP", NULL);
	expect_fail("--gpgpu_shader_core_pipeline 2048:33", "warp_size", NULL);
	diag_release(&d);
	remove(path);
	rmdir(dir);
}

TEST_MAIN()
