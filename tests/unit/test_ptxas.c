/*
 * test_ptxas.c - registers per thread from ptxas -v (option ptxas_regs,
 * src/ptx/ptxas.c): the output parser on canned text; module loads with a
 * fake `ptxas` script first on PATH (the arguments it gets, the counts
 * used for occupancy, .maxnreg, --regs on top, temporary files removed,
 * and the errors when it fails, prints no count or is missing); and, as
 * its own CTest entry skipped when NVIDIA's ptxas is not on PATH, a load
 * with the real ptxas.
 */
#include "base/base.h"
#include "base/diag.h"
#include "ptx/ptx.h"
#include "../include/warpsim.h"
#include "test.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define HDR ".version 7.5\n.target sm_75\n.address_size 64\n"

/* Three kernels: k, k2 (k is a prefix of its name), km with .maxnreg 16. */
static const char mod_text[] = HDR
	".visible .entry k(.param .u64 p)\n{\n"
	"\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<3>;\n"
	"\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n"
	"\tmov.u32 %r1, %tid.x;\n\tst.global.u32 [%rd2], %r1;\n\tret;\n}\n"
	".visible .entry k2(.param .u64 p)\n{\n"
	"\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<3>;\n"
	"\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n"
	"\tmov.u32 %r1, %ntid.x;\n\tst.global.u32 [%rd2], %r1;\n\tret;\n}\n"
	".visible .entry km(.param .u64 p)\n.maxnreg 16\n{\n"
	"\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<3>;\n"
	"\tld.param.u64 %rd1, [p];\n\tcvta.to.global.u64 %rd2, %rd1;\n"
	"\tmov.u32 %r1, %ctaid.x;\n\tst.global.u32 [%rd2], %r1;\n\tret;\n}\n";

/* What ptxas 13.0 prints for a module with a device function and k. */
static const char canned[] =
	"ptxas info    : 0 bytes gmem\n"
	"ptxas info    : Compiling entry function 'k2' for 'sm_75'\n"
	"ptxas info    : Function properties for k2\n"
	"    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
	"ptxas info    : Used 100 registers, used 0 barriers, 360 bytes cmem[0]\n"
	"ptxas info    : Compile time = 1.000 ms\n"
	"ptxas info    : Function properties for _Z3devi\n"
	"    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
	"ptxas info    : Compiling entry function 'k' for 'sm_75'\n"
	"ptxas info    : Function properties for k\n"
	"    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
	"ptxas info    : Used 37 registers, used 1 barriers, 360 bytes cmem[0]\n"
	"ptxas info    : Compiling entry function 'km' for 'sm_75'\n"
	"ptxas info    : Function properties for km\n"
	"    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n"
	"ptxas info    : Used 20 registers, used 0 barriers, 360 bytes cmem[0]";

TEST(parse_counts)
{
	uint32_t r = 0;
	CHECK(ptx_ptxas_parse(canned, "k", &r) == 0);
	CHECK_EQ_U64(r, 37);
	CHECK(ptx_ptxas_parse(canned, "k2", &r) == 0);
	CHECK_EQ_U64(r, 100);
	CHECK(ptx_ptxas_parse(canned, "km", &r) == 0); /* last line, no \n */
	CHECK_EQ_U64(r, 20);
	/* a device function's properties carry no count; unknown names */
	CHECK(ptx_ptxas_parse(canned, "_Z3devi", &r) != 0);
	CHECK(ptx_ptxas_parse(canned, "nope", &r) != 0);
	CHECK(ptx_ptxas_parse("", "k", &r) != 0);
	/* an entry whose "Used" line is missing does not take the next's */
	CHECK(ptx_ptxas_parse("ptxas info    : Compiling entry function 'a' "
			      "for 'sm_75'\nptxas info    : Compiling entry "
			      "function 'b' for 'sm_75'\nptxas info    : Used "
			      "9 registers\n", "a", &r) != 0);
}

/* ---- module loads with a fake ptxas on PATH ---------------------------- */

struct fake {
	char dir[256];      /* temporary directory: the script and TMPDIR */
	char *old_path;     /* PATH before the test */
	char *old_tmpdir;   /* TMPDIR before the test (NULL: unset) */
};

/* Make dir/ptxas, a shell script with body, and put dir first on PATH. */
static void fake_begin(struct fake *f, const char *body)
{
	char path[8192];
	const char *p = getenv("PATH"), *t = getenv("TMPDIR");
	FILE *s;

	snprintf(f->dir, sizeof(f->dir), "/tmp/ws_ptxas_testXXXXXX");
	CHECK(mkdtemp(f->dir) != NULL);
	snprintf(path, sizeof(path), "%s/ptxas", f->dir);
	s = fopen(path, "w");
	CHECK(s != NULL);
	if (s) {
		fprintf(s, "#!/bin/sh\n%s\n", body);
		fclose(s);
	}
	chmod(path, 0755);
	f->old_path = strdup(p ? p : "");
	f->old_tmpdir = t ? strdup(t) : NULL;
	snprintf(path, sizeof(path), "%s:%s", f->dir, f->old_path);
	setenv("PATH", path, 1);
	setenv("TMPDIR", f->dir, 1);
}

/* Files left in the directory besides ptxas and args (temporaries). */
static unsigned fake_leftovers(const struct fake *f)
{
	unsigned n = 0;
	DIR *d = opendir(f->dir);
	struct dirent *e;
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..") &&
		    strcmp(e->d_name, "ptxas") && strcmp(e->d_name, "args"))
			n++;
	if (d)
		closedir(d);
	return n;
}

static void fake_end(struct fake *f)
{
	char path[600];
	setenv("PATH", f->old_path, 1);
	if (f->old_tmpdir)
		setenv("TMPDIR", f->old_tmpdir, 1);
	else
		unsetenv("TMPDIR");
	free(f->old_path);
	free(f->old_tmpdir);
	snprintf(path, sizeof(path), "%s/ptxas", f->dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/args", f->dir);
	unlink(path);
	rmdir(f->dir);
}

/*
 * Create a simulator with args (n of them) and load mod_text; returns the
 * load's status (or the creation's), the module in *m, messages in d.
 */
static int load(const char **args, int n, struct ws_sim **s,
		struct ws_module **m, struct diag *d)
{
	char *argv[8];
	int argc = 0;
	argv[argc++] = (char *)"--quiet";
	for (int i = 0; i < n && argc < 8; i++)
		argv[argc++] = (char *)args[i];
	*s = NULL;
	*m = NULL;
	if (ws_sim_create(argc, argv, s, d))
		return -100;
	return ws_module_load(*s, mod_text, strlen(mod_text), "t.ptx", m, d);
}

static uint32_t regs_of(struct ws_sim *s, struct ws_module *m,
			const char *name)
{
	struct ws_kernel_info ki;
	ws_kernel_info(s, ws_module_kernel(m, name), &ki);
	return ki.regs_per_thread;
}

/* The canned output of a ptxas that also records its arguments. */
#define FAKE_OK                                                               \
	"d=$(dirname \"$0\"); printf '%s\\n' \"$@\" > \"$d/args\"\n"          \
	"grep -q 'entry km' \"$5\" && echo input-present >> \"$d/args\"\n"   \
	"cat <<'EOF'\n"                                                       \
	"ptxas info    : Compiling entry function 'k2' for 'sm_75'\n"        \
	"ptxas info    : Used 100 registers, used 0 barriers\n"              \
	"ptxas info    : Compiling entry function 'k' for 'sm_75'\n"         \
	"ptxas info    : Used 37 registers, used 0 barriers\n"               \
	"ptxas info    : Compiling entry function 'km' for 'sm_75'\n"        \
	"ptxas info    : Used 20 registers, used 0 barriers\n"               \
	"EOF"

TEST(fake_counts_used)
{
	struct fake f;
	struct ws_sim *s;
	struct ws_module *m;
	struct diag d;
	const char *args[] = {"--ptxas-regs", "target"};
	char buf[4096] = "", path[600];
	FILE *a;

	fake_begin(&f, FAKE_OK);
	diag_init(&d);
	CHECK_EQ_U64(load(args, 2, &s, &m, &d), 0);
	fprintf(stderr, "%s", diag_text(&d));
	if (m) {
		CHECK_EQ_U64(regs_of(s, m, "k"), 37);
		CHECK_EQ_U64(regs_of(s, m, "k2"), 100);
		CHECK_EQ_U64(regs_of(s, m, "km"), 16); /* .maxnreg 16 */
		/* 37 x 256 = 9472 registers per block: 32768 / 9472 = 3 */
		CHECK_EQ_U64(ws_ctas_per_sm(s, ws_module_kernel(m, "k"), 256, 0),
			     3);
	}
	snprintf(path, sizeof(path), "%s/args", f.dir);
	a = fopen(path, "r");
	CHECK(a != NULL);
	if (a) {
		buf[fread(buf, 1, sizeof(buf) - 1, a)] = '\0';
		fclose(a);
	}
	/* -v -arch=sm_75 -o /dev/null FILE, the file in TMPDIR holding the
	 * module while ptxas runs, and removed after */
	CHECK_STR_CONTAINS(buf, "-v\n-arch=sm_75\n-o\n/dev/null\n/tmp/ws_ptxas_test");
	CHECK_STR_CONTAINS(buf, "input-present");
	CHECK_EQ_U64(fake_leftovers(&f), 0);
	if (s)
		ws_sim_destroy(s);
	diag_release(&d);

	/* an explicit arch, and --regs on top of ptxas's count */
	const char *args2[] = {"--ptxas-regs", "sm_80", "--regs", "k=10"};
	diag_init(&d);
	CHECK_EQ_U64(load(args2, 4, &s, &m, &d), 0);
	if (m) {
		CHECK_EQ_U64(regs_of(s, m, "k"), 10);
		CHECK_EQ_U64(regs_of(s, m, "k2"), 100);
	}
	a = fopen(path, "r");
	if (a) {
		buf[fread(buf, 1, sizeof(buf) - 1, a)] = '\0';
		fclose(a);
	}
	CHECK_STR_CONTAINS(buf, "-arch=sm_80\n");
	if (s)
		ws_sim_destroy(s);
	diag_release(&d);
	fake_end(&f);

	/* without the option ptxas is not run: the liveness estimate */
	fake_begin(&f, FAKE_OK);
	diag_init(&d);
	CHECK_EQ_U64(load(NULL, 0, &s, &m, &d), 0);
	if (m)
		CHECK(regs_of(s, m, "k") < 37);
	CHECK(access(path, F_OK) != 0);
	if (s)
		ws_sim_destroy(s);
	diag_release(&d);
	fake_end(&f);
}

/* A load under ptxas_regs=target with the fake body fails with msg. */
static void fake_fails(const char *body, const char *msg)
{
	struct fake f;
	struct ws_sim *s;
	struct ws_module *m;
	struct diag d;
	const char *args[] = {"--ptxas-regs", "target"};

	fake_begin(&f, body);
	diag_init(&d);
	CHECK(load(args, 2, &s, &m, &d) == WS_E_PTX);
	CHECK(m == NULL);
	CHECK_STR_CONTAINS(diag_text(&d), msg);
	CHECK_EQ_U64(fake_leftovers(&f), 0);
	if (s)
		ws_sim_destroy(s);
	diag_release(&d);
	fake_end(&f);
}

TEST(fake_errors)
{
	fake_fails("echo 'ptxas fatal   : boom' >&2; exit 3", "boom");
	fake_fails("echo 'ptxas fatal   : boom' >&2; exit 3", "exit status 3");
	fake_fails("echo 'ptxas info    : 0 bytes gmem'",
		   "no register count for kernel 'k'");
	fake_fails("kill -9 $$", "signal 9");
}

TEST(missing_ptxas)
{
	struct ws_sim *s;
	struct ws_module *m;
	struct diag d;
	char dir[] = "/tmp/ws_ptxas_emptyXXXXXX";
	char *old = strdup(getenv("PATH") ? getenv("PATH") : "");
	const char *args[] = {"--ptxas-regs", "target"};

	CHECK(mkdtemp(dir) != NULL);
	setenv("PATH", dir, 1);
	diag_init(&d);
	CHECK(load(args, 2, &s, &m, &d) == WS_E_PTX);
	CHECK_STR_CONTAINS(diag_text(&d), "'ptxas' is not on PATH");
	if (s)
		ws_sim_destroy(s);
	diag_release(&d);
	setenv("PATH", old, 1);
	free(old);
	rmdir(dir);

	/* malformed values are refused when the simulator is created */
	const char *bad[] = {"sm_", "sm_7x", "75", "yes"};
	for (unsigned i = 0; i < ARRAY_SIZE(bad); i++) {
		const char *a[] = {"--ptxas-regs", bad[i]};
		diag_init(&d);
		CHECK_EQ_U64(load(a, 2, &s, &m, &d), (uint64_t)-100);
		CHECK_STR_CONTAINS(diag_text(&d), "ptxas_regs");
		diag_release(&d);
	}
}

/*
 * NVIDIA's ptxas itself: run only as CTest entry unit.test_ptxas.real
 * (WS_PTXAS_REAL=1), which is skipped (exit 77) when ptxas is not on PATH.
 */
TEST(real_ptxas)
{
	const char *want = getenv("WS_PTXAS_REAL");
	const char *path = getenv("PATH");
	struct ws_sim *s;
	struct ws_module *m;
	struct diag d;
	const char *args[] = {"--ptxas-regs", "target"};
	bool found = false;

	if (!want || strcmp(want, "1"))
		return;
	for (const char *p = path ? path : ""; *p && !found;) {
		const char *c = strchr(p, ':');
		size_t l = c ? (size_t)(c - p) : strlen(p);
		char f[1024];
		snprintf(f, sizeof(f), "%.*s/ptxas", (int)l, p);
		found = l && access(f, X_OK) == 0;
		p += l + (c ? 1 : 0);
	}
	if (!found) {
		printf("skipped: ptxas is not on PATH\n");
		exit(77);
	}
	diag_init(&d);
	CHECK_EQ_U64(load(args, 2, &s, &m, &d), 0);
	fprintf(stderr, "%s", diag_text(&d));
	if (m) {
		/* each kernel needs its address pair and a value; ptxas's
		 * counts are small, and km stays within its .maxnreg */
		uint32_t k = regs_of(s, m, "k"), km = regs_of(s, m, "km");
		printf("ptxas: k %u, k2 %u, km %u registers\n", k,
		       regs_of(s, m, "k2"), km);
		CHECK(k >= 3 && k <= 32);
		CHECK(km >= 3 && km <= 16);
	}
	if (s)
		ws_sim_destroy(s);
	diag_release(&d);
}

TEST_MAIN()
