/*
 * simrate.c - `make bench`: simulation rate of the timing and functional
 * models.
 *
 * Two kinds of workload, each run once per mode in its own child process
 * (so that the peak resident memory, taken from wait4's ru_maxrss, belongs
 * to one workload and one mode):
 *   - the kernels of perf/kernels.ptx, run in-process through the
 *     simulator API (libwarpsim.a) on synthetic inputs by re-executing this
 *     program as `simrate --child-kernel NAME --mode MODE`;
 *   - a handful of suite workloads, run through their real host programs
 *     (build/bench/NAME bench/NAME/kernel.ptx --size small --seed 1) with
 *     WARPSIM_ARGS selecting the mode and a text stats file, whose
 *     per-launch gpu_sim_warp_insn, gpu_sim_cycle and sim_wall_seconds are
 *     summed.
 * The rates use simulator seconds only (host set-up and checking are not
 * counted); the fastest of --reps runs is kept.  Because the machines are
 * shared and wall-clock is noisy, every suite workload also runs once per
 * mode under valgrind's callgrind (the hardware counters of perf are not
 * available in these VMs), counting host instructions inside the launch
 * functions only (tgpu_launch, fgpu_launch: no host set-up) over the
 * first --insns N warp instructions (gpgpu_max_insn stops the program
 * there; 0 skips this): host instructions per warp instruction, a
 * noise-free cost measure.  Printed per workload and
 * as a geometric mean: warp instructions and simulated cycles per host
 * second in both modes, the timing/functional slowdown and the peak RSS,
 * beside the issue-4 targets.  Default configuration (gtx480), one host
 * thread.  A benchmark, not a test: it asserts nothing and exits 0 unless
 * it cannot run at all.
 */
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "warpsim.h"
#include "base/diag.h"

#ifndef WS_SOURCE_DIR
#define WS_SOURCE_DIR "."
#endif
#ifndef WS_BINARY_DIR
#define WS_BINARY_DIR "build"
#endif

enum { N_MODES = 2, MAX_WL = 32 };

/* Timing first: it is the default and the one the targets are about. */
static const char *const mode_names[N_MODES] = {"timing", "functional"};

/* Targets from issue 4. */
static const double target_rate = 1e6;  /* timing warp-inst/s, at least */
static const double target_slow = 4.0;  /* timing/functional, at most */
static const double target_mib = 64.0;  /* peak RSS MiB, at most */

struct kbench {
	const char *kernel; /* entry name in perf/kernels.ptx */
	const char *what;   /* what it stresses */
	unsigned grid;      /* blocks */
	unsigned block;     /* threads per block */
};

static const struct kbench kbenches[] = {
	{"alu_loop", "ALU loop", 240, 256},
	{"reduce", "shmem+barrier", 240, 256},
	{"diverge", "divergence", 1024, 256},
	{"histo", "global atomics", 240, 256},
};

struct wbench {
	const char *name; /* suite workload (bench/NAME) */
	const char *what; /* why it is in the set */
};

static const struct wbench wbenches[] = {
	{"sp", "barrier-heavy"},
	{"conv", "shmem tiles"},
	{"bfs", "irregular mem"},
	{"histsdk", "shmem atomics"},
	{"kmeans", "memory-bound"},
	{"aes", "compute+tables"},
	/* the slowest suite workloads in timing mode (issue 17) */
	{"ss", "L1 res. fails"},
	{"pf", "gathers+expf"},
	{"nqueens", "local mem"},
	{"sha1", "ALU, big regs"},
	{"histo", "shmem+gl atomics"},
};

/* One measurement of one workload in one mode. */
struct meas {
	bool ok;            /* ran and reported */
	uint64_t warp_insn; /* warp instructions simulated */
	uint64_t cycles;    /* simulated core cycles */
	double wall_s;      /* simulator host seconds */
	double rss_mib;     /* peak resident set of the process */
	double host_ipw;    /* host instructions per warp instruction
			       (callgrind), 0 when not measured */
};

/* One row of the table. */
struct row {
	char name[32];          /* workload name */
	const char *what;       /* its character */
	struct meas m[N_MODES]; /* per mode */
};

static char *read_file(const char *path, size_t *len)
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
 * Child side of a perf kernel: run kernel `name` of the module at `path`
 * in `mode` and print "warp_insn cycles wall_s" on stdout.
 */
static int simrate_child_kernel(const char *path, const char *name,
				const char *mode)
{
	char *args[] = {"--quiet", "--mode", (char *)mode};
	const struct kbench *bb = NULL;
	struct ws_sim *s;
	struct ws_module *m;
	struct diag d;
	size_t len;
	for (size_t i = 0; i < sizeof(kbenches) / sizeof(kbenches[0]); i++)
		if (!strcmp(kbenches[i].kernel, name))
			bb = &kbenches[i];
	diag_init(&d);
	char *text = read_file(path, &len);
	if (!bb || !text || ws_sim_create(3, args, &s, &d) ||
	    ws_module_load(s, text, len, path, &m, &d)) {
		fprintf(stderr, "simrate: cannot set up %s: %s\n", name,
			diag_text(&d));
		return 1;
	}
	const unsigned n = 1 << 20;
	ws_addr in, out, bins;
	ws_mem_alloc(s, (uint64_t)n * 4, &in);
	ws_mem_alloc(s, (uint64_t)n * 4, &out);
	ws_mem_alloc(s, 256 * 4, &bins);
	ws_mem_set(s, bins, 0, 4, 256);
	unsigned *h = malloc((size_t)n * 4);
	if (!h)
		return 1;
	for (unsigned i = 0; i < n; i++)
		h[i] = i * 2654435761u >> 7;
	ws_mem_write(s, in, h, (size_t)n * 4);
	free(h);

	unsigned char params[32];
	int iters = 200, nn = (int)n;
	memset(params, 0, sizeof(params));
	if (!strcmp(name, "alu_loop")) {
		memcpy(params, &out, 8);
		memcpy(params + 8, &iters, 4);
	} else if (!strcmp(name, "reduce")) {
		memcpy(params, &in, 8);
		memcpy(params + 8, &out, 8);
		memcpy(params + 16, &nn, 4);
	} else if (!strcmp(name, "diverge")) {
		memcpy(params, &in, 8);
		memcpy(params + 8, &out, 8);
	} else {
		memcpy(params, &in, 8);
		memcpy(params + 8, &bins, 8);
		memcpy(params + 16, &nn, 4);
	}
	struct ws_launch l = {
		.kernel = ws_module_kernel(m, name),
		.grid = {bb->grid, 1, 1}, .block = {bb->block, 1, 1},
		.params = params, .param_bytes = sizeof(params)};
	struct ws_launch_stats st;
	if (!l.kernel || ws_launch(s, &l, &d)) {
		fprintf(stderr, "simrate: %s failed: %s\n", name, diag_text(&d));
		return 1;
	}
	ws_last_launch_stats(s, &st);
	printf("%llu %llu %.9f\n", (unsigned long long)st.warp_insn,
	       (unsigned long long)st.cycles, st.wall_s);
	ws_sim_destroy(s);
	free(text);
	diag_release(&d);
	return 0;
}

/*
 * Fork and exec argv[0] with argv; stdout goes to out_fd (or /dev/null when
 * -1), stderr to /dev/null when quiet_err.  With env_val set, WARPSIM_ARGS
 * is set to it in the child.  Waits, stores the child's peak RSS in MiB and
 * returns its exit status (127 and up for failures to run).
 */
static int simrate_spawn(char **argv, int out_fd, const char *env_val,
			 bool quiet_err, double *rss_mib)
{
	pid_t pid = fork();
	if (pid == 0) {
		int nul = open("/dev/null", O_WRONLY);
		if (nul < 0)
			_exit(126);
		dup2(out_fd >= 0 ? out_fd : nul, STDOUT_FILENO);
		if (quiet_err)
			dup2(nul, STDERR_FILENO);
		if (env_val)
			setenv("WARPSIM_ARGS", env_val, 1);
		else
			unsetenv("WARPSIM_ARGS");
		execv(argv[0], argv);
		_exit(127);
	}
	if (pid < 0)
		return 127;
	int st = 0;
	struct rusage ru;
	memset(&ru, 0, sizeof(ru));
	while (wait4(pid, &st, 0, &ru) < 0)
		if (errno != EINTR)
			return 127;
	*rss_mib = (double)ru.ru_maxrss / 1024.0; /* ru_maxrss is in KiB */
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* Measure perf kernel `name` in `mode` by re-executing this program. */
static void simrate_kernel(const char *self, const char *ptx,
			   const char *name, const char *mode, struct meas *m)
{
	char tmp[] = "/tmp/simrate-XXXXXX";
	int fd = mkstemp(tmp);
	memset(m, 0, sizeof(*m));
	if (fd < 0)
		return;
	unlink(tmp);
	char *argv[] = {(char *)self, "--child-kernel", (char *)name, "--mode",
			(char *)mode, "--ptx", (char *)ptx, NULL};
	int rc = simrate_spawn(argv, fd, NULL, false, &m->rss_mib);
	char buf[128];
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	if (rc || n <= 0)
		return;
	buf[n] = 0;
	unsigned long long w, c;
	if (sscanf(buf, "%llu %llu %lf", &w, &c, &m->wall_s) == 3) {
		m->warp_insn = w;
		m->cycles = c;
		m->ok = m->wall_s > 0;
	}
}

/*
 * Sum the per-launch values of the text stats file at path (`name = value`
 * lines; the configuration header and gpu_tot_* lines do not match).
 */
static bool simrate_read_stats(const char *path, struct meas *m)
{
	FILE *f = fopen(path, "r");
	char line[512];
	unsigned launches = 0;
	if (!f)
		return false;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long v;
		double x;
		if (sscanf(line, "gpu_sim_warp_insn = %llu", &v) == 1)
			m->warp_insn += v;
		else if (sscanf(line, "gpu_sim_cycle = %llu", &v) == 1)
			m->cycles += v;
		else if (sscanf(line, "sim_wall_seconds = %lf", &x) == 1) {
			m->wall_s += x;
			launches++;
		}
	}
	fclose(f);
	return launches > 0 && m->wall_s > 0;
}

/* Measure suite workload `name` in `mode` through its host program. */
static void simrate_workload(const char *bin, const char *src,
			     const char *name, const char *mode, struct meas *m)
{
	char host[4096], ptx[4096], stats[] = "/tmp/simrate-XXXXXX", env[4200];
	memset(m, 0, sizeof(*m));
	snprintf(host, sizeof(host), "%.3000s/bench/%.64s", bin, name);
	snprintf(ptx, sizeof(ptx), "%.3000s/bench/%.64s/kernel.ptx", src, name);
	if (access(host, X_OK)) {
		fprintf(stderr, "simrate: %s is not built (make all)\n", host);
		return;
	}
	int fd = mkstemp(stats);
	if (fd < 0)
		return;
	close(fd);
	snprintf(env, sizeof(env), "--mode %s --quiet --stats_file %s", mode,
		 stats);
	char *argv[] = {host, ptx, "--size", "small", "--seed", "1", NULL};
	int rc = simrate_spawn(argv, -1, env, true, &m->rss_mib);
	if (rc)
		fprintf(stderr, "simrate: %s (%s mode) exited with %d\n", name,
			mode, rc);
	else
		m->ok = simrate_read_stats(stats, m);
	unlink(stats);
}

/*
 * Host instructions per warp instruction of suite workload `name` in
 * `mode` over its first `cap` warp instructions: one run under callgrind
 * counting only inside the launch functions; the warp instructions come
 * from the stats file (the launch stopped by the cap reports too).
 */
static double simrate_host_ipw(const char *valgrind, const char *bin,
			       const char *src, const char *name,
			       const char *mode, unsigned long long cap)
{
	char host[4096], ptx[4096], env[4300], outarg[64];
	char stats[] = "/tmp/simrate-XXXXXX", cg[] = "/tmp/simrate-cg-XXXXXX";
	struct meas m;
	double rss, ipw = 0;
	memset(&m, 0, sizeof(m));
	snprintf(host, sizeof(host), "%.3000s/bench/%.64s", bin, name);
	snprintf(ptx, sizeof(ptx), "%.3000s/bench/%.64s/kernel.ptx", src, name);
	int fd = mkstemp(stats), fc = mkstemp(cg);
	if (fd < 0 || fc < 0)
		return 0;
	close(fd);
	close(fc);
	snprintf(env, sizeof(env), "--mode %s --quiet --stats_file %s "
		 "--gpgpu_max_insn %llu", mode, stats, cap);
	snprintf(outarg, sizeof(outarg), "--callgrind-out-file=%s", cg);
	char *argv[] = {(char *)valgrind, "--tool=callgrind",
			"--toggle-collect=tgpu_launch",
			"--toggle-collect=fgpu_launch", outarg, host, ptx,
			"--size", "small", "--seed", "1", NULL};
	simrate_spawn(argv, -1, env, true, &rss);
	size_t len;
	char *text = read_file(cg, &len);
	const char *p = text ? strstr(text, "\nsummary: ") : NULL;
	if (!p && text)
		p = strstr(text, "\ntotals: ");
	if (p && simrate_read_stats(stats, &m) && m.warp_insn)
		ipw = strtod(strchr(p, ':') + 1, NULL) / (double)m.warp_insn;
	free(text);
	unlink(stats);
	unlink(cg);
	return ipw;
}

/* valgrind on PATH, or NULL. */
static const char *simrate_find_valgrind(char *buf, size_t n)
{
	const char *path = getenv("PATH");
	while (path && *path) {
		const char *e = strchr(path, ':');
		size_t l = e ? (size_t)(e - path) : strlen(path);
		snprintf(buf, n, "%.*s/valgrind", (int)l, path);
		if (l && !access(buf, X_OK))
			return buf;
		path = e ? e + 1 : NULL;
	}
	return NULL;
}

/* Keep the faster of two runs (the same work; host noise differs). */
static void simrate_keep(struct meas *best, const struct meas *m, bool first)
{
	if (!m->ok)
		return;
	if (first || !best->ok || m->wall_s < best->wall_s) {
		double rss = best->ok && best->rss_mib > m->rss_mib ?
			best->rss_mib : m->rss_mib;
		double ipw = best->host_ipw;
		*best = *m;
		best->rss_mib = rss;
		best->host_ipw = ipw;
	} else if (m->rss_mib > best->rss_mib) {
		best->rss_mib = m->rss_mib;
	}
}

static void simrate_print_head(void)
{
	printf("%-9s %-15s %10s | %-33s | %-33s |\n", "", "", "",
	       "timing mode", "functional mode");
	printf("%-9s %-15s %10s | %8s %8s %8s %6s | %8s %8s %8s %6s | %6s\n",
	       "workload", "character", "warp_insn", "seconds", "Mwi/s",
	       "Mcyc/s", "MiB", "seconds", "Mwi/s", "Mcyc/s", "MiB", "T/F");
}

static void simrate_print_row(const struct row *r)
{
	printf("%-9s %-15s %10llu |", r->name, r->what,
	       (unsigned long long)(r->m[0].ok ? r->m[0].warp_insn :
				    r->m[1].warp_insn));
	for (int k = 0; k < N_MODES; k++) {
		const struct meas *m = &r->m[k];
		if (m->ok)
			printf(" %8.3f %8.3f %8.3f %6.1f |", m->wall_s,
			       (double)m->warp_insn / m->wall_s / 1e6,
			       (double)m->cycles / m->wall_s / 1e6, m->rss_mib);
		else
			printf(" %8s %8s %8s %6s |", "FAILED", "-", "-", "-");
	}
	if (r->m[0].ok && r->m[1].ok)
		printf(" %6.2f\n", r->m[0].wall_s / r->m[1].wall_s *
		       ((double)r->m[1].warp_insn / (double)r->m[0].warp_insn));
	else
		printf(" %6s\n", "-");
	fflush(stdout);
}

static void usage(void)
{
	fprintf(stderr,
		"usage: simrate [--build DIR] [--src DIR] [--reps N] "
		"[--no-suite] [--no-kernels] [--insns N]\n"
		"  timing vs functional simulation rate (make bench);\n"
		"  --insns N: host instructions per warp instruction under "
		"callgrind over the\n  first N warp instructions of each "
		"suite workload (default 300000, 0: skip)\n");
}

int main(int argc, char **argv)
{
	const char *bin = WS_BINARY_DIR, *src = WS_SOURCE_DIR;
	const char *child = NULL, *mode = "timing", *ptxarg = NULL;
	int reps = 2;
	unsigned long long insns = 300000;
	bool do_kernels = true, do_suite = true;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--child-kernel") && v)
			child = v, i++;
		else if (!strcmp(a, "--mode") && v)
			mode = v, i++;
		else if (!strcmp(a, "--ptx") && v)
			ptxarg = v, i++;
		else if (!strcmp(a, "--build") && v)
			bin = v, i++;
		else if (!strcmp(a, "--src") && v)
			src = v, i++;
		else if (!strcmp(a, "--reps") && v)
			reps = atoi(v), i++;
		else if (!strcmp(a, "--no-suite"))
			do_suite = false;
		else if (!strcmp(a, "--no-kernels"))
			do_kernels = false;
		else if (!strcmp(a, "--insns") && v)
			insns = strtoull(v, NULL, 10), i++;
		else {
			usage();
			return 2;
		}
	}
	char ptx[4096];
	snprintf(ptx, sizeof(ptx), "%s/perf/kernels.ptx", src);
	if (child)
		return simrate_child_kernel(ptxarg ? ptxarg : ptx, child, mode);
	if (reps < 1)
		reps = 1;

	char self[4096];
	ssize_t sl = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (sl <= 0) {
		fprintf(stderr, "simrate: cannot find /proc/self/exe\n");
		return 1;
	}
	self[sl] = 0;

	static struct row rows[MAX_WL];
	int nr = 0;
	printf("warpsim simulation rate: config gtx480 (default), 1 host thread,"
	       " best of %d run%s per mode\n"
	       "Mwi/s = million warp instructions per host second, Mcyc/s = "
	       "million simulated core cycles per host second\n"
	       "(functional-mode cycles are nominal: warp_insn / n_sm), "
	       "MiB = peak RSS of the process, T/F = timing/functional "
	       "slowdown\n\n", reps, reps > 1 ? "s" : "");
	simrate_print_head();
	size_t nk = do_kernels ? sizeof(kbenches) / sizeof(kbenches[0]) : 0;
	size_t nw = do_suite ? sizeof(wbenches) / sizeof(wbenches[0]) : 0;
	for (size_t i = 0; i < nk + nw; i++) {
		struct row *r = &rows[nr++];
		bool kern = i < nk;
		snprintf(r->name, sizeof(r->name), "%s",
			 kern ? kbenches[i].kernel : wbenches[i - nk].name);
		r->what = kern ? kbenches[i].what : wbenches[i - nk].what;
		for (int k = 0; k < N_MODES; k++)
			for (int rep = 0; rep < reps; rep++) {
				struct meas m;
				if (kern)
					simrate_kernel(self, ptx, r->name,
						       mode_names[k], &m);
				else
					simrate_workload(bin, src, r->name,
							 mode_names[k], &m);
				simrate_keep(&r->m[k], &m, rep == 0);
			}
		simrate_print_row(r);
	}
	/* Geometric means over the rows that ran in both modes. */
	double lg[N_MODES][3], lslow = 0, maxrss[N_MODES] = {0, 0};
	double maxdelta = 0;
	int ng = 0;
	memset(lg, 0, sizeof(lg));
	for (int i = 0; i < nr; i++) {
		const struct row *r = &rows[i];
		for (int k = 0; k < N_MODES; k++)
			if (r->m[k].ok && r->m[k].rss_mib > maxrss[k])
				maxrss[k] = r->m[k].rss_mib;
		if (r->m[0].ok && r->m[1].ok &&
		    r->m[0].rss_mib - r->m[1].rss_mib > maxdelta)
			maxdelta = r->m[0].rss_mib - r->m[1].rss_mib;
		if (!r->m[0].ok || !r->m[1].ok)
			continue;
		ng++;
		for (int k = 0; k < N_MODES; k++) {
			const struct meas *m = &r->m[k];
			lg[k][0] += log(m->wall_s);
			lg[k][1] += log((double)m->warp_insn / m->wall_s);
			lg[k][2] += log((double)m->cycles / m->wall_s);
		}
		lslow += log(r->m[0].wall_s / r->m[1].wall_s *
			     ((double)r->m[1].warp_insn /
			      (double)r->m[0].warp_insn));
	}
	if (!ng) {
		printf("no workload ran in both modes\n");
		return 1;
	}
	double g = (double)ng;
	printf("%-9s %-15s %10s |", "geomean", "", "");
	for (int k = 0; k < N_MODES; k++)
		printf(" %8.3f %8.3f %8.3f %6.1f |", exp(lg[k][0] / g),
		       exp(lg[k][1] / g) / 1e6, exp(lg[k][2] / g) / 1e6,
		       maxrss[k]);
	printf(" %6.2f\n", exp(lslow / g));
	printf("(geomean MiB column: maximum over the workloads)\n\n");
	char vgbuf[4096];
	const char *vg = insns ? simrate_find_valgrind(vgbuf, sizeof(vgbuf)) :
		NULL;
	if (insns && !vg)
		printf("valgrind not found: host instruction counts skipped\n");
	if (vg && nw) {
		printf("host instructions per warp instruction (callgrind, "
		       "inside tgpu_launch/fgpu_launch,\nfirst %llu warp "
		       "instructions of each workload):\n", insns);
		printf("%-9s %12s %12s %8s\n", "workload", "timing",
		       "functional", "T/F");
	}
	double lipw[N_MODES] = {0, 0};
	int nipw = 0;
	for (int i = (int)nk; vg && i < nr; i++) {
		struct row *r = &rows[i];
		for (int k = 0; k < N_MODES; k++)
			r->m[k].host_ipw = simrate_host_ipw(vg, bin, src, r->name,
							    mode_names[k],
							    insns);
		double t = r->m[0].host_ipw, f = r->m[1].host_ipw;
		if (t > 0 && f > 0) {
			printf("%-9s %12.0f %12.0f %8.2f\n", r->name, t, f,
			       t / f);
			lipw[0] += log(t);
			lipw[1] += log(f);
			nipw++;
		} else {
			printf("%-9s %12s %12s %8s\n", r->name, "FAILED", "-",
			       "-");
		}
		fflush(stdout);
	}
	if (nipw)
		printf("%-9s %12.0f %12.0f %8.2f\n", "geomean",
		       exp(lipw[0] / nipw), exp(lipw[1] / nipw),
		       exp((lipw[0] - lipw[1]) / nipw));
	if (vg && nw)
		printf("\n");


	double rate = exp(lg[0][1] / g), slow = exp(lslow / g);
	printf("targets (issue 4):\n");
	printf("  timing geomean >= %.1f M warp-inst/s : %6.3f M   %s\n",
	       target_rate / 1e6, rate / 1e6,
	       rate >= target_rate ? "met" : "NOT MET");
	printf("  timing within %.0fx of functional     : %6.2fx    %s\n",
	       target_slow, slow, slow <= target_slow ? "met" : "NOT MET");
	printf("  peak RSS <= %.0f MiB (timing, max)     : %6.1f MiB %s\n",
	       target_mib, maxrss[0],
	       maxrss[0] <= target_mib ? "met" : "NOT MET");
	printf("  (largest timing-model increment over functional mode, "
	       "same workload: %.1f MiB)\n", maxdelta);
	printf("geomean_warp_insn_per_s_timing = %.0f\n", rate);
	printf("geomean_warp_insn_per_s_functional = %.0f\n", exp(lg[1][1] / g));
	printf("geomean_slowdown_timing_over_functional = %.3f\n", slow);
	printf("peak_rss_mib_timing = %.1f\n", maxrss[0]);
	printf("peak_rss_mib_functional = %.1f\n", maxrss[1]);
	if (nipw) {
		printf("geomean_host_insn_per_warp_insn_timing = %.0f\n",
		       exp(lipw[0] / nipw));
		printf("geomean_host_insn_per_warp_insn_functional = %.0f\n",
		       exp(lipw[1] / nipw));
	}
	return 0;
}
