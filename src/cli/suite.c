/*
 * suite.c - `warpsim suite`: the workload suite's manifest, runs and
 * characterisation.
 *
 *   warpsim suite list
 *   warpsim suite run NAME|CLASS|all... [--size small|paper] [--seed N]
 *                     [simulator options]
 *   warpsim suite characterise [NAME|CLASS|all...] [--stats-dir DIR]
 *                     [--reuse] [--check] [--out FILE]
 *
 * The manifest is bench/manifest.tsv (name, classes, pattern, small and
 * paper sizes, TBs/SM, warps/TB, all-resident, original, expected
 * pattern).  Hosts are build/bench/<name>, kernels bench/<name>/kernel.ptx;
 * the source and build directories are compiled in and can be overridden
 * with WARPSIM_SOURCE_DIR and WARPSIM_BUILD_DIR.
 */
#include "../base/base.h"
#include "suite.h"
#include "../config/config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef WS_SOURCE_DIR
#define WS_SOURCE_DIR "."
#endif
#ifndef WS_BINARY_DIR
#define WS_BINARY_DIR "build"
#endif

enum { F_NAME, F_CLASSES, F_PATTERN, F_SMALL, F_PAPER, F_TBS, F_WARPS,
       F_RESIDENT, F_ORIGINAL, F_EXPECT, F__COUNT };

struct workload {
	char *f[F__COUNT]; /* manifest fields (owned) */
};

struct manifest {
	struct workload *w; /* workloads in manifest order */
	int n;              /* number of workloads */
	int cap;            /* allocated entries */
};

static const char *src_dir(void)
{
	const char *s = getenv("WARPSIM_SOURCE_DIR");
	return s && *s ? s : WS_SOURCE_DIR;
}

static const char *bin_dir(void)
{
	const char *s = getenv("WARPSIM_BUILD_DIR");
	return s && *s ? s : WS_BINARY_DIR;
}

/* Load bench/manifest.tsv; returns 0 or -1 with a message printed. */
static int manifest_load(struct manifest *m)
{
	char path[4096], line[4096];
	snprintf(path, sizeof(path), "%s/bench/manifest.tsv", src_dir());
	FILE *f = fopen(path, "r");
	memset(m, 0, sizeof(*m));
	if (!f) {
		fprintf(stderr, "warpsim suite: cannot open %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\r\n")] = 0;
		if (!line[0] || line[0] == '#' || !strncmp(line, "name\t", 5))
			continue;
		struct workload w;
		char *p = line;
		memset(&w, 0, sizeof(w));
		for (int i = 0; i < F__COUNT; i++) {
			char *tab = p ? strchr(p, '\t') : NULL;
			if (tab)
				*tab = 0;
			w.f[i] = xstrdup(p ? p : "");
			p = tab ? tab + 1 : NULL;
		}
		VEC_PUSH(m->w, m->n, m->cap);
		m->w[m->n - 1] = w;
	}
	fclose(f);
	return 0;
}

static void manifest_free(struct manifest *m)
{
	for (int i = 0; i < m->n; i++)
		for (int j = 0; j < F__COUNT; j++)
			free(m->w[i].f[j]);
	free(m->w);
}

/* Does class list `classes` (comma-separated) contain `c`? */
static bool has_class(const char *classes, const char *c)
{
	size_t n = strlen(c);
	for (const char *p = classes; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && !strncmp(p, c, n))
			return true;
		p = e ? e + 1 : NULL;
	}
	return false;
}

/*
 * Mark the workloads selected by names (workload names, class names or
 * "all"); none given selects all.  Returns -1 on an unknown name.
 */
static int select_workloads(const struct manifest *m, char **names, int n,
			    bool *sel)
{
	for (int i = 0; i < m->n; i++)
		sel[i] = n == 0;
	for (int k = 0; k < n; k++) {
		bool hit = false;
		for (int i = 0; i < m->n; i++) {
			if (!strcmp(names[k], "all") ||
			    !strcmp(names[k], m->w[i].f[F_NAME]) ||
			    has_class(m->w[i].f[F_CLASSES], names[k])) {
				sel[i] = true;
				hit = true;
			}
		}
		if (!hit) {
			fprintf(stderr, "warpsim suite: no workload or class "
				"'%s' (see warpsim suite list)\n", names[k]);
			return -1;
		}
	}
	return 0;
}

static int suite_list(const struct manifest *m)
{
	printf("%-11s %-28s %-5s %-5s %-4s %s\n", "name", "classes", "TB/SM",
	       "wp/TB", "res", "original / small size / paper size");
	for (int i = 0; i < m->n; i++) {
		const struct workload *w = &m->w[i];
		printf("%-11s %-28s %-5s %-5s %-4s %s\n%-11s %-28s   small: %s\n"
		       "%-11s %-28s   paper: %s\n",
		       w->f[F_NAME], w->f[F_CLASSES], w->f[F_TBS], w->f[F_WARPS],
		       w->f[F_RESIDENT], w->f[F_ORIGINAL], "", "", w->f[F_SMALL],
		       "", "", w->f[F_PAPER]);
	}
	printf("%d workloads\n", m->n);
	return 0;
}

/*
 * Run workload w's host with WARPSIM_ARGS = sim_args; its stdout and
 * stderr are inherited unless quiet.  Returns the exit status.
 */
static int run_host(const struct workload *w, const char *size,
		    const char *seed, const char *sim_args, bool quiet,
		    double *secs)
{
	char host[4096], ptx[4096];
	struct timespec t0, t1;
	snprintf(host, sizeof(host), "%s/bench/%s", bin_dir(), w->f[F_NAME]);
	snprintf(ptx, sizeof(ptx), "%s/bench/%s/kernel.ptx", src_dir(),
		 w->f[F_NAME]);
	if (access(host, X_OK)) {
		fprintf(stderr, "warpsim suite: %s is not built (make all)\n",
			host);
		return 127;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pid_t pid = fork();
	if (pid == 0) {
		char *argv[] = {host, ptx, "--size", (char *)size, "--seed",
				(char *)seed, NULL};
		setenv("WARPSIM_ARGS", sim_args, 1);
		if (quiet && !freopen("/dev/null", "w", stdout))
			_exit(126);
		execv(host, argv);
		_exit(127);
	}
	int st = 0;
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		return 126;
	clock_gettime(CLOCK_MONOTONIC, &t1);
	*secs = (double)(t1.tv_sec - t0.tv_sec) +
		(double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Append a word to WARPSIM_ARGS, quoted as cfg_split_words reads it. */
static void join_word(char **s, size_t *len, const char *w)
{
	size_t cap = *len + 1;

	cfg_quote_word(s, len, &cap, w);
}

static int suite_run(const struct manifest *m, int argc, char **argv)
{
	const char *size = "small", *seed = "1";
	char **names = xcalloc((size_t)argc + 1, sizeof(char *));
	char *sim = xstrdup("");
	size_t slen = 0;
	int nn = 0, fails = 0;
	int i = 0;
	while (i < argc && argv[i][0] != '-') /* names, then options */
		names[nn++] = argv[i++];
	for (; i < argc; i++) {
		if (!strcmp(argv[i], "--size") && i + 1 < argc)
			size = argv[++i];
		else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = argv[++i];
		else
			join_word(&sim, &slen, argv[i]);
	}
	bool *sel = xcalloc((size_t)m->n + 1, sizeof(bool));
	if (!nn || select_workloads(m, names, nn, sel)) {
		if (!nn)
			fprintf(stderr, "warpsim suite run: name workloads, classes or 'all'\n");
		free(sel);
		free(names);
		free(sim);
		return 2;
	}
	for (int k = 0; k < m->n; k++) {
		if (!sel[k])
			continue;
		double secs = 0;
		int rc = run_host(&m->w[k], size, seed, sim, false, &secs);
		fprintf(stderr, "warpsim suite: %-11s %s (%.2f s)\n",
			m->w[k].f[F_NAME], rc ? "FAILED" : "ok", secs);
		fails += rc != 0;
	}
	free(sel);
	free(names);
	free(sim);
	return fails ? 1 : 0;
}

/* ---- characterisation --------------------------------------------------- */

struct charac {
	double warp_insn, thread_insn, warps, barriers, atomics, cas_fail,
		back_branches, warp_size, launches;
};

/* Sum the per-launch statistics of a stats file. */
static int read_stats(const char *path, struct charac *c)
{
	FILE *f = fopen(path, "r");
	char line[512];
	memset(c, 0, sizeof(*c));
	c->warp_size = 32;
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char key[128];
		double v;
		if (sscanf(line, "%127s = %lf", key, &v) != 2)
			continue;
		if (!strcmp(key, "gpu_sim_warp_insn")) c->warp_insn += v;
		else if (!strcmp(key, "gpu_sim_insn")) c->thread_insn += v;
		else if (!strcmp(key, "gpu_sim_warps")) c->warps += v;
		else if (!strcmp(key, "gpu_sim_barriers")) c->barriers += v;
		else if (!strcmp(key, "gpu_sim_atomics")) c->atomics += v;
		else if (!strcmp(key, "gpu_sim_cas_fail")) c->cas_fail += v;
		else if (!strcmp(key, "gpu_sim_back_branches")) c->back_branches += v;
		else if (!strcmp(key, "-warp_size")) c->warp_size = v;
		else if (!strcmp(key, "kernel_launch_uid")) c->launches += 1;
	}
	fclose(f);
	return 0;
}

static double metric(const struct charac *c, const char *name, bool *ok)
{
	*ok = true;
	if (!strcmp(name, "warp_insn")) return c->warp_insn;
	if (!strcmp(name, "bar_per_warp")) return c->warps ? c->barriers / c->warps : 0;
	if (!strcmp(name, "atomics")) return c->atomics;
	if (!strcmp(name, "cas_fail")) return c->cas_fail;
	if (!strcmp(name, "back_branches")) return c->warps ? c->back_branches / c->warps : 0;
	if (!strcmp(name, "simd"))
		return c->warp_insn ? c->thread_insn / (c->warp_insn * c->warp_size) : 0;
	*ok = false;
	return 0;
}

/* Check every condition of an expect string; prints failures. */
static bool check_expect(const char *name, const char *expect,
			 const struct charac *c)
{
	bool good = true;
	char *dup = xstrdup(expect), *save = NULL;
	for (char *t = strtok_r(dup, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
		char mname[64], op[3] = {0};
		double want, got;
		bool ok;
		while (*t == ' ')
			t++;
		if (!*t || !strcmp(t, "-"))
			continue;
		size_t k = strcspn(t, "<>=");
		if (k == 0 || k >= sizeof(mname) || !t[k]) {
			fprintf(stderr, "  %s: bad expectation '%s'\n", name, t);
			good = false;
			continue;
		}
		memcpy(mname, t, k);
		mname[k] = 0;
		op[0] = t[k];
		if (t[k + 1] == '=')
			op[1] = '=';
		want = strtod(t + k + strlen(op), NULL);
		got = metric(c, mname, &ok);
		bool pass = ok && ((!strcmp(op, ">=") && got >= want) ||
				   (!strcmp(op, "<=") && got <= want) ||
				   (!strcmp(op, ">") && got > want) ||
				   (!strcmp(op, "<") && got < want));
		if (!pass) {
			fprintf(stderr, "  %s: lost its pattern: %s %s %g, got %g\n",
				name, mname, op, want, got);
			good = false;
		}
	}
	free(dup);
	return good;
}

static int suite_characterise(const struct manifest *m, int argc, char **argv)
{
	const char *dir = NULL, *out = NULL;
	bool reuse = false, check = false;
	char **names = xcalloc((size_t)argc + 1, sizeof(char *));
	int nn = 0, bad = 0;
	char tmpdir[] = "/tmp/warpsim-charXXXXXX";
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--stats-dir") && i + 1 < argc)
			dir = argv[++i];
		else if (!strcmp(argv[i], "--out") && i + 1 < argc)
			out = argv[++i];
		else if (!strcmp(argv[i], "--reuse"))
			reuse = true;
		else if (!strcmp(argv[i], "--check"))
			check = true;
		else
			names[nn++] = argv[i];
	}
	bool *sel = xcalloc((size_t)m->n + 1, sizeof(bool));
	if (select_workloads(m, names, nn, sel)) {
		free(sel);
		free(names);
		return 2;
	}
	if (!dir) {
		if (!mkdtemp(tmpdir)) {
			perror("mkdtemp");
			return 2;
		}
		dir = tmpdir;
	} else {
		mkdir(dir, 0777);
	}
	FILE *o = out ? fopen(out, "w") : stdout;
	if (!o) {
		fprintf(stderr, "warpsim suite: cannot write %s\n", out);
		return 2;
	}
	fprintf(o, "%-11s %-28s %8s %12s %8s %10s %9s %9s %6s\n", "workload",
		"classes", "launches", "warp_insn", "bar/warp", "atomics",
		"cas_fail", "backbr/w", "simd");
	for (int i = 0; i < m->n; i++) {
		if (!sel[i])
			continue;
		const struct workload *w = &m->w[i];
		char stats[4096], args[4200];
		struct charac c;
		double secs;
		snprintf(stats, sizeof(stats), "%s/%s.stats", dir, w->f[F_NAME]);
		if (!(reuse && !access(stats, R_OK))) {
			char *qa = NULL;
			size_t ql = 0, qc = 0;

			cfg_quote_word(&qa, &ql, &qc, "--stats_file");
			cfg_quote_word(&qa, &ql, &qc, stats);
			snprintf(args, sizeof(args), "%s", qa);
			free(qa);
			if (run_host(w, "small", "1", args, true, &secs)) {
				fprintf(stderr, "  %s: run failed\n", w->f[F_NAME]);
				bad++;
				continue;
			}
		}
		if (read_stats(stats, &c)) {
			fprintf(stderr, "  %s: no statistics in %s\n", w->f[F_NAME], stats);
			bad++;
			continue;
		}
		bool ok;
		fprintf(o, "%-11s %-28s %8.0f %12.0f %8.2f %10.0f %9.0f %9.2f %6.3f\n",
			w->f[F_NAME], w->f[F_CLASSES], c.launches, c.warp_insn,
			metric(&c, "bar_per_warp", &ok), c.atomics, c.cas_fail,
			metric(&c, "back_branches", &ok), metric(&c, "simd", &ok));
		if (check && !check_expect(w->f[F_NAME], w->f[F_EXPECT], &c))
			bad++;
	}
	if (out)
		fclose(o);
	if (dir == tmpdir) { /* our own scratch directory: remove it */
		for (int i = 0; i < m->n; i++) {
			char stats[4096];
			snprintf(stats, sizeof(stats), "%s/%s.stats", dir,
				 m->w[i].f[F_NAME]);
			unlink(stats);
		}
		rmdir(dir);
	}
	free(sel);
	free(names);
	if (check && bad)
		fprintf(stderr, "warpsim suite characterise: %d workload(s) "
			"failed or lost their defining pattern\n", bad);
	else if (check)
		fprintf(stderr, "warpsim suite characterise: every workload "
			"keeps its defining pattern\n");
	return bad ? 1 : 0;
}

static const char suite_usage[] =
"usage: warpsim suite list\n"
"       warpsim suite run NAME|CLASS|all... [--size small|paper] [--seed N]\n"
"                         [simulator options]\n"
"       warpsim suite characterise [NAME|CLASS|all...] [--stats-dir DIR]\n"
"                         [--reuse] [--check] [--out FILE]\n"
"\n"
"The workload suite of bench/ (manifest bench/manifest.tsv, hosts\n"
"build/bench/NAME).  list: the manifest.  run: run workloads on the\n"
"simulator, the remaining options reach it through WARPSIM_ARGS.\n"
"characterise: per-workload warp instructions, barriers per warp, atomics,\n"
"failed CAS, backward branches and SIMD efficiency; --check fails when a\n"
"workload lost the pattern its manifest row expects.\n"
"`warpsim suite SUBCOMMAND --help` shows one subcommand.\n";

/* Per-subcommand usage for `warpsim suite SUB --help`. */
static const char *const suite_sub_usage[][2] = {
	{"list", "usage: warpsim suite list\n\nPrint the manifest: name, "
	 "classes, blocks per SM, warps per block,\nall-resident flag, "
	 "original benchmark, small and paper sizes.\n"},
	{"run", "usage: warpsim suite run NAME|CLASS|all... [--size small|paper]"
	 " [--seed N]\n                         [simulator options]\n\n"
	 "Run each selected workload's host on the simulator and report ok or\n"
	 "FAILED with its time; options other than --size and --seed are\n"
	 "simulator options (see warpsim options).  Exit status 1 if any "
	 "failed.\n"},
	{"characterise", "usage: warpsim suite characterise [NAME|CLASS|all...]"
	 " [--stats-dir DIR]\n                         [--reuse] [--check] "
	 "[--out FILE]\n\nRun the selected workloads (default: all) at the "
	 "small size and print\ntheir pattern metrics; --stats-dir keeps the "
	 "statistics files, --reuse\nreads existing ones, --check compares with"
	 " the manifest's expectations,\n--out writes the table to FILE.\n"},
	{"characterize", NULL},
};

/* True when argv (up to a `--`) holds --help or -h. */
static bool suite_wants_help(int argc, char **argv)
{
	for (int i = 0; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return true;
	return false;
}

/* `suite [SUB] --help`: print the usage; false if SUB is unknown. */
static bool suite_help(const char *sub)
{
	if (!sub || !strcmp(sub, "--help") || !strcmp(sub, "-h") ||
	    !strcmp(sub, "help")) {
		fputs(suite_usage, stdout);
		return true;
	}
	for (size_t i = 0; i < ARRAY_SIZE(suite_sub_usage); i++)
		if (!strcmp(sub, suite_sub_usage[i][0])) {
			fputs(suite_sub_usage[i][1] ? suite_sub_usage[i][1] :
			      suite_sub_usage[2][1], stdout);
			return true;
		}
	return false;
}

int suite_main(int argc, char **argv)
{
	struct manifest m;
	int rc;
	if (argc < 1) {
		fputs(suite_usage, stderr);
		return 2;
	}
	if (suite_wants_help(argc, argv) && suite_help(argv[0]))
		return 0;
	if (manifest_load(&m))
		return 2;
	if (!strcmp(argv[0], "list"))
		rc = suite_list(&m);
	else if (!strcmp(argv[0], "run"))
		rc = suite_run(&m, argc - 1, argv + 1);
	else if (!strcmp(argv[0], "characterise") || !strcmp(argv[0], "characterize"))
		rc = suite_characterise(&m, argc - 1, argv + 1);
	else {
		fprintf(stderr, "warpsim suite: unknown subcommand '%s' "
			"(see warpsim suite --help)\n", argv[0]);
		rc = 2;
	}
	manifest_free(&m);
	return rc;
}
