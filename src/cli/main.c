/*
 * main.c - the `warpsim` command.
 *
 *   warpsim run [options] -- PROGRAM [ARGS]   run a CUDA Driver API program
 *                                             on the simulator
 *   warpsim ptx FILE.ptx...                   parse and describe PTX (lint)
 *   warpsim options                           list every simulator option
 *   warpsim list | version | --help           policies, version, usage
 *   warpsim suite | sweep | collect | plot | reproduce | table | report
 *                                             suite.c, harness.c
 * `warpsim CMD --help` (or -h) prints CMD's usage on stdout and exits 0.
 *
 * `run` checks the options, then executes PROGRAM with WARPSIM_ARGS set to
 * them and LD_LIBRARY_PATH pointing at the directory holding this
 * executable's libcuda.so.1 and libcudart.so.13, so an unchanged program
 * linked against libcuda (Driver API) or built with nvcc -cudart shared
 * (runtime API) picks up the simulator.
 */
#include "../base/base.h"
#include "../base/diag.h"
#include "../../include/warpsim.h"
#include "../config/config.h"
#include "../sched/fetch.h"
#include "../sched/sched.h"
#include "suite.h"
#include "harness.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* "name, name, ..." of a NULL-terminated registry, wrapped at 72 columns. */
static void usage_names(FILE *f, const char *head, const char *const *names)
{
	size_t col = (size_t)fprintf(f, "%s", head);
	for (unsigned i = 0; names[i]; i++) {
		size_t n = strlen(names[i]) + (names[i + 1] ? 2 : 0);
		if (col + n > 72) {
			fprintf(f, "\n   ");
			col = 3;
		}
		col += (size_t)fprintf(f, " %s%s", names[i],
				       names[i + 1] ? "," : "");
	}
	fprintf(f, "\n");
}

/*
 * The top-level help: one line per subcommand, then the policy names read
 * from the registries in src/sched (so a new policy appears here without
 * editing this text), then the option table.
 */
static void usage(FILE *f)
{
	const struct sched_ops *const *sr = sched_registry();
	const struct fetch_ops *const *fr = fetch_registry();
	const char *names[64];
	unsigned n;

	fprintf(f,
"usage: warpsim <command> [arguments]      (warpsim <command> --help: details)\n"
"\n"
"warpsim is a SIMT GPU simulator for warp-scheduling research.  It runs\n"
"PTX from `nvcc -ptx -arch=sm_75` and serves the CUDA Driver API through\n"
"build/libcuda.so, so host programs run on it unchanged.\n"
"\n"
"commands:\n"
"  run [options] -- PROGRAM [ARGS]  run PROGRAM on the simulator\n"
"  ptx FILE.ptx...                  parse PTX, describe each kernel (lint)\n"
"  suite list|run|characterise      the workload suite (bench/)\n"
"  sweep SPEC.toml                  run an experiment grid (docs/harness.md)\n"
"  collect                          load run directories into SQLite\n"
"  plot                             draw a sweep's figures\n"
"  reproduce PAPER                  run a paper's experiment and report\n"
"  table                            print a sweep's comparison tables\n"
"  report                           write a sweep's report.md\n"
"  options [options]                list the options, or the effective\n"
"                                   configuration the given ones produce\n"
"  list                             list the issue and fetch policies\n"
"  version                          print the version\n"
"\n");
	for (n = 0; sr[n] && n + 1 < ARRAY_SIZE(names); n++)
		names[n] = sr[n]->name;
	names[n] = NULL;
	usage_names(f, "issue policies (--sched):", names);
	for (n = 0; fr[n] && n + 1 < ARRAY_SIZE(names); n++)
		names[n] = fr[n]->name;
	names[n] = NULL;
	usage_names(f, "fetch policies (--fetch):", names);
	fprintf(f,
"\n"
"options (for `run` and WARPSIM_ARGS; `--name value`, `--name=value`,\n"
"`-name value`, `--set name=value`, `--config NAME|FILE` where NAME is a\n"
"built-in machine (gtx480, tesla8, gtx1080ti; see configs/) and FILE holds\n"
"`-name value` lines; `--sched P` and `--fetch P` pick the policies;\n"
"`--stats FILE` writes the statistics to FILE instead of stderr, as JSON\n"
"when FILE ends in .json; `--trace FILE` an event trace):\n");
	cfg_print_help(f);
}

/* Usage of each C subcommand (`warpsim CMD --help`), on stdout. */
static const struct {
	const char *cmd;  /* subcommand */
	const char *text; /* its usage, starting with "usage:" */
} cmd_usage[] = {
	{"run",
"usage: warpsim run [options] -- PROGRAM [ARGS]\n"
"\n"
"Check the simulator options, then execute PROGRAM with WARPSIM_ARGS set to\n"
"them and LD_LIBRARY_PATH pointing at build/ (libcuda.so.1, libcudart.so.13),\n"
"so an unchanged CUDA Driver API program, or runtime API program built with\n"
"nvcc -cudart shared, runs on the simulator.  Options are those of `warpsim options`\n"
"(--config, --sched, --fetch, --mode, --stats FILE[.json], --trace FILE,\n"
"--quiet, -name value...).  Statistics go to stderr, or only to FILE with\n"
"--stats FILE.  Exit status: PROGRAM's, or 2 on a bad option.\n"},
	{"ptx",
"usage: warpsim ptx FILE.ptx...\n"
"\n"
"Parse and link each file and print, per kernel, its parameters, registers,\n"
"shared/local/constant memory and instruction count.  Errors are printed as\n"
"file:line:col with the source line; the exit status is 1 if any file\n"
"failed.\n"},
	{"options",
"usage: warpsim options [options]\n"
"\n"
"Without arguments, list every simulator option with its default and range.\n"
"With options, print the effective configuration they produce (the same\n"
"`-name value` lines that head the statistics), or exit 2 with the error.\n"},
	{"list",
"usage: warpsim list\n"
"\n"
"List the issue policies (--sched NAME[:ARGS]) and fetch policies\n"
"(--fetch NAME) with one line of description each.\n"},
	{"version",
"usage: warpsim version\n"
"\n"
"Print the simulator version.\n"},
};

/* True when args (up to a `--`) ask for help. */
static bool wants_help(int argc, char **argv)
{
	for (int i = 0; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return true;
	return false;
}

/* Print cmd's usage if it is a C subcommand with a table entry. */
static bool cmd_help(const char *cmd)
{
	for (size_t i = 0; i < ARRAY_SIZE(cmd_usage); i++)
		if (!strcmp(cmd, cmd_usage[i].cmd)) {
			fputs(cmd_usage[i].text, stdout);
			return true;
		}
	return false;
}

static int cmd_ptx(int argc, char **argv)
{
	int rc = 0;
	struct ws_sim *s;
	struct diag d;
	diag_init(&d);
	char *quiet[] = {"--quiet"};
	if (ws_sim_create(1, quiet, &s, &d)) {
		fprintf(stderr, "%s", diag_text(&d));
		return 1;
	}
	for (int i = 0; i < argc; i++) {
		FILE *f = fopen(argv[i], "rb");
		if (!f) {
			fprintf(stderr, "warpsim: cannot open '%s': %s\n", argv[i],
				strerror(errno));
			rc = 1;
			continue;
		}
		char *buf = NULL;
		size_t len = 0, cap = 0, n;
		char tmp[65536];
		while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0) {
			if (len + n > cap) {
				cap = (len + n) * 2;
				buf = xrealloc(buf, cap);
			}
			memcpy(buf + len, tmp, n);
			len += n;
		}
		fclose(f);
		struct ws_module *m;
		diag_release(&d);
		if (ws_module_load(s, buf ? buf : "", len, argv[i], &m, &d)) {
			fprintf(stderr, "%s", diag_text(&d));
			rc = 1;
		} else {
			printf("%s:\n", argv[i]);
			ws_module_print_info(stdout, m);
			ws_module_unload(s, m);
		}
		free(buf);
	}
	ws_sim_destroy(s);
	diag_release(&d);
	return rc;
}

/*
 * Append one word to WARPSIM_ARGS, quoted (config.h, "Quoting") so that
 * libcuda's cfg_split_words gives back exactly the word.
 */
static void append_word(char **buf, size_t *len, size_t *cap, const char *w)
{
	cfg_quote_word(buf, len, cap, w);
}

/*
 * Whether the file at path carries NVIDIA's own CUDA runtime (nvcc's
 * default, -cudart static): that runtime looks up driver entry points
 * through cuGetProcAddress_v2, which neither our libcudart nor an ordinary
 * program names.  A heuristic for a warning only.
 */
static bool run_has_nvidia_cudart(const char *path)
{
	static const char sig[] = "cuGetProcAddress_v2";
	FILE *f = fopen(path, "rb");
	char buf[1 << 16];
	size_t keep = 0, n;
	bool hit = false;

	if (!f)
		return false;
	while (!hit && (n = fread(buf + keep, 1, sizeof(buf) - keep, f)) > 0) {
		n += keep;
		for (size_t i = 0; !hit && i + sizeof(sig) - 1 <= n; i++)
			hit = buf[i] == sig[0] &&
			      !memcmp(buf + i, sig, sizeof(sig) - 1);
		keep = MIN(n, sizeof(sig) - 2);
		memmove(buf, buf + n - keep, keep);
	}
	fclose(f);
	return hit;
}

static int cmd_run(int argc, char **argv)
{
	int sep = -1;
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			sep = i;
			break;
		}
	if (sep < 0 || sep + 1 >= argc) {
		fprintf(stderr, "warpsim run: expected `-- PROGRAM [ARGS]` "
			"after the options\n");
		return 2;
	}
	struct ws_config c;
	struct diag d;
	diag_init(&d);
	cfg_init(&c);
	if (cfg_parse_args(&c, sep, argv, &d) || ws_config_check(&c, &d)) {
		fprintf(stderr, "warpsim run: %s", diag_text(&d));
		cfg_release(&c);
		diag_release(&d);
		return 2;
	}
	cfg_release(&c);
	diag_release(&d);

	char *args = NULL;
	size_t len = 0, cap = 0;
	for (int i = 0; i < sep; i++)
		append_word(&args, &len, &cap, argv[i]);
	setenv("WARPSIM_ARGS", args ? args : "", 1);
	free(args);

	char exe[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		exe[n] = 0;
		const char *dir = dirname(exe);
		const char *old = getenv("LD_LIBRARY_PATH");
		size_t sz = strlen(dir) + (old ? strlen(old) : 0) + 2;
		char *lp = xmalloc(sz);
		snprintf(lp, sz, "%s%s%s", dir, old && *old ? ":" : "",
			 old ? old : "");
		setenv("LD_LIBRARY_PATH", lp, 1);
		free(lp);
	}
	if (strchr(argv[sep + 1], '/') && run_has_nvidia_cudart(argv[sep + 1]))
		fprintf(stderr, "warpsim run: '%s' carries NVIDIA's CUDA runtime "
				"(nvcc's default -cudart static), which warpsim "
				"cannot serve; rebuild it with nvcc -cudart "
				"shared\n", argv[sep + 1]);
	execvp(argv[sep + 1], &argv[sep + 1]);
	fprintf(stderr, "warpsim run: cannot execute '%s': %s\n", argv[sep + 1],
		strerror(errno));
	return 127;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	const char *cmd = argv[1];
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
		usage(stdout);
		return 0;
	}
	if (wants_help(argc - 2, argv + 2) && cmd_help(cmd))
		return 0;
	if (!strcmp(cmd, "version") || !strcmp(cmd, "--version")) {
		printf("warpsim %s\n", ws_version());
		return 0;
	}
	if (!strcmp(cmd, "list")) {
		printf("issue policies (--sched NAME[:ARGS]):\n");
		sched_print_list(stdout);
		printf("\nfetch policies (--fetch NAME):\n");
		fetch_print_list(stdout);
		return 0;
	}
	if (!strcmp(cmd, "options")) {
		if (argc == 2) {
			cfg_print_help(stdout);
			return 0;
		}
		struct ws_config c;
		struct diag d;
		diag_init(&d);
		cfg_init(&c);
		if (cfg_parse_args(&c, argc - 2, argv + 2, &d) ||
		    ws_config_check(&c, &d)) {
			fprintf(stderr, "warpsim: %s", diag_text(&d));
			cfg_release(&c);
			diag_release(&d);
			return 2;
		}
		if (c.warnings)
			fputs(c.warnings, stderr);
		cfg_print(stdout, &c, "-");
		cfg_release(&c);
		diag_release(&d);
		return 0;
	}
	if (!strcmp(cmd, "sweep") || !strcmp(cmd, "collect") ||
	    !strcmp(cmd, "reproduce") || !strcmp(cmd, "plot") ||
	    !strcmp(cmd, "table") || !strcmp(cmd, "report"))
		return cli_harness(cmd, argc - 2, argv + 2);
	if (!strcmp(cmd, "ptx")) {
		if (argc < 3) {
			fprintf(stderr, "usage: warpsim ptx FILE.ptx...\n");
			return 2;
		}
		return cmd_ptx(argc - 2, argv + 2);
	}
	if (!strcmp(cmd, "suite"))
		return suite_main(argc - 2, argv + 2);
	if (!strcmp(cmd, "run"))
		return cmd_run(argc - 2, argv + 2);
	fprintf(stderr, "warpsim: unknown command '%s' (see warpsim --help)\n", cmd);
	return 2;
}
