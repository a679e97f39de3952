/*
 * test_stats.c - the statistics registry (order, replace in place, arrays,
 * clear/reuse, stats_add), its exact text format, and the JSON document:
 * exact output, escaping, NaN -> null, validity after every launch and
 * after a killed writer, and the launch bound.  A tiny JSON syntax checker
 * below parses every document the tests produce.
 */
#include "base/base.h"
#include "base/diag.h"
#include "stats/stats.h"
#include "test.h"

#include <ctype.h>
#include <math.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- helpers --------------------------------------------------------------- */

/* The text format of s as a malloc'd string. */
static char *text_of(const struct stats *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	stats_print_text(s, f);
	fclose(f);
	return buf;
}

/* The whole file at path as a malloc'd string (NULL if unreadable). */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *buf = malloc((size_t)n + 1);
	size_t got = fread(buf, 1, (size_t)n, f);
	buf[got] = '\0';
	fclose(f);
	return buf;
}

/* path (128 bytes) := name under a private scratch directory. */
static char dir[64];
static const char *scratch(char *path, const char *name)
{
	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "/tmp/ws_test_stats_XXXXXX");
		if (!mkdtemp(dir))
			abort();
	}
	snprintf(path, 128, "%s/%s", dir, name);
	return path;
}

static size_t count_of(const char *hay, const char *needle)
{
	size_t n = 0;
	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

/*
 * Drop the trailing padding of a document (spaces, then one newline), after
 * checking that is all there is past the closing brace.
 */
static void strip_pad(char *doc)
{
	size_t n = strlen(doc);
	CHECK(n && doc[n - 1] == '\n');
	if (n)
		doc[--n] = '\0';
	while (n && doc[n - 1] == ' ')
		doc[--n] = '\0';
}

/* ---- a minimal JSON syntax checker (RFC 8259 grammar) --------------------- */

static const char *js_value(const char *p, int depth);

static const char *js_ws(const char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

static const char *js_string(const char *p)
{
	if (*p++ != '"')
		return NULL;
	while (*p != '"') {
		if ((unsigned char)*p < 0x20)
			return NULL; /* raw control or end of input */
		if (*p == '\\') {
			p++;
			if (*p == 'u') {
				for (int i = 1; i <= 4; i++)
					if (!isxdigit((unsigned char)p[i]))
						return NULL;
				p += 4;
			} else if (!*p || !strchr("\"\\/bfnrt", *p)) {
				return NULL;
			}
		}
		p++;
	}
	return p + 1;
}

static const char *js_digits(const char *p)
{
	if (!isdigit((unsigned char)*p))
		return NULL;
	while (isdigit((unsigned char)*p))
		p++;
	return p;
}

static const char *js_number(const char *p)
{
	if (*p == '-')
		p++;
	if (*p == '0')
		p++;
	else if (!(p = js_digits(p)))
		return NULL;
	if (*p == '.' && !(p = js_digits(p + 1)))
		return NULL;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		p = js_digits(p);
	}
	return p;
}

/* Members of an object ('{' seen) or elements of an array ('[' seen). */
static const char *js_items(const char *p, char close, int depth)
{
	p = js_ws(p);
	if (*p == close)
		return p + 1;
	for (;;) {
		if (close == '}') {
			if (!(p = js_string(js_ws(p))))
				return NULL;
			p = js_ws(p);
			if (*p++ != ':')
				return NULL;
		}
		if (!(p = js_value(p, depth + 1)))
			return NULL;
		p = js_ws(p);
		if (*p == close)
			return p + 1;
		if (*p++ != ',')
			return NULL;
	}
}

static const char *js_value(const char *p, int depth)
{
	p = js_ws(p);
	if (depth > 32)
		return NULL;
	switch (*p) {
	case '{': return js_items(p + 1, '}', depth);
	case '[': return js_items(p + 1, ']', depth);
	case '"': return js_string(p);
	case 't': return strncmp(p, "true", 4) ? NULL : p + 4;
	case 'f': return strncmp(p, "false", 5) ? NULL : p + 5;
	case 'n': return strncmp(p, "null", 4) ? NULL : p + 4;
	default: return js_number(p);
	}
}

static int json_valid(const char *doc)
{
	const char *p = doc ? js_value(doc, 0) : NULL;
	return p && !*js_ws(p);
}

TEST(json_checker_self_test)
{
	CHECK(json_valid("{\"a\": [1, -2.5e+3, \"x\\u00e9\\n\", null, true]}"));
	CHECK(!json_valid("{\"a\": [1,]}"));
	CHECK(!json_valid("{\"a\": 1"));
	CHECK(!json_valid("{\"a\": nan}"));
	CHECK(!json_valid("{\"a\": \"x\ny\"}"));
	CHECK(!json_valid("{\"a\": 1.}"));
	CHECK(!json_valid("{\"a\": 1} x"));
}

/* ---- registry -------------------------------------------------------------- */

TEST(order_kept_and_text)
{
	struct stats *s = stats_create();
	stats_u64(s, "gpu_sim_cycle", 1234);
	stats_f64(s, "gpu_ipc", 1.5);
	stats_str(s, "kernel_name", "_Z3fooPi");
	stats_u64(s, "zero", 0);
	stats_u64(s, "big", UINT64_MAX);
	CHECK_EQ_U64(stats_count(s), 5);
	char *t = text_of(s);
	CHECK(!strcmp(t, "gpu_sim_cycle = 1234\n"
			 "gpu_ipc = 1.5000\n"
			 "kernel_name = _Z3fooPi\n"
			 "zero = 0\n"
			 "big = 18446744073709551615\n"));
	free(t);
	stats_destroy(s);
	stats_destroy(NULL);
}

TEST(replace_in_place)
{
	struct stats *s = stats_create();
	uint64_t u = 0;
	double f = 0;
	stats_u64(s, "a", 1);
	stats_u64(s, "b", 2);
	stats_u64(s, "c", 3);
	stats_u64(s, "b", 20);
	CHECK_EQ_U64(stats_count(s), 3);
	CHECK(stats_get_u64(s, "b", &u) && u == 20);
	stats_f64(s, "a", 0.25); /* kind change keeps the position */
	stats_str(s, "c", "x");
	stats_str(s, "c", "longer string");
	char *t = text_of(s);
	CHECK(!strcmp(t, "a = 0.2500\nb = 20\nc = longer string\n"));
	free(t);
	CHECK(!stats_get_u64(s, "a", &u));
	CHECK(stats_get_f64(s, "a", &f) && f == 0.25);
	CHECK(stats_get_f64(s, "b", &f) && f == 20.0); /* u64 read as f64 */
	CHECK(!stats_get_f64(s, "c", &f));
	CHECK(!stats_get_u64(s, "nope", &u));
	CHECK(!strcmp(stats_get_str(s, "c"), "longer string"));
	CHECK(!stats_get_str(s, "b"));
	stats_destroy(s);
}

TEST(arrays_text)
{
	struct stats *s = stats_create();
	uint64_t per_sm[3] = {7, 0, 42};
	double eff[2] = {0.5, 1e-6};
	stats_u64_array(s, "sm_issue", per_sm, 3);
	stats_f64_array(s, "sm_eff", eff, 2);
	stats_u64_array(s, "empty", NULL, 0);
	stats_str(s, "ctl", "a\tb\nc");
	char *t = text_of(s);
	CHECK(!strcmp(t, "sm_issue = 7 0 42\n"
			 "sm_eff = 0.5000 1.000000e-06\n"
			 "empty =\n"
			 "ctl = a?b?c\n"));
	free(t);
	per_sm[0] = 99; /* values were copied */
	t = text_of(s);
	CHECK_STR_CONTAINS(t, "sm_issue = 7 0 42\n");
	free(t);
	stats_destroy(s);
}

TEST(get_u64_array)
{
	struct stats *s = stats_create();
	const uint64_t v[3] = {7, 0, UINT64_MAX};
	const uint64_t *p;
	size_t n = 99;
	stats_u64_array(s, "n_act", v, 3);
	stats_u64(s, "scalar", 5);
	stats_f64_array(s, "bwutil", (const double[]){0.5}, 1);
	p = stats_get_u64_array(s, "n_act", &n);
	CHECK(p != NULL);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_U64(p[0], 7);
	CHECK_EQ_U64(p[2], UINT64_MAX);
	n = 99;
	CHECK(stats_get_u64_array(s, "scalar", &n) == NULL);
	CHECK(stats_get_u64_array(s, "bwutil", &n) == NULL);
	CHECK(stats_get_u64_array(s, "missing", &n) == NULL);
	CHECK_EQ_U64(n, 99);
	stats_destroy(s);
}

TEST(text_f64_rule)
{
	struct stats *s = stats_create();
	stats_f64(s, "zero", 0.0);
	stats_f64(s, "small", 1e-4);
	stats_f64(s, "tiny", 3.25e-5);
	stats_f64(s, "neg", -2.5);
	stats_f64(s, "large", 123456789.125);
	stats_f64(s, "huge", 1e15);
	stats_f64(s, "nan", NAN);
	stats_f64(s, "inf", INFINITY);
	stats_f64(s, "ninf", -INFINITY);
	char *t = text_of(s);
	CHECK(!strcmp(t, "zero = 0.0000\n"
			 "small = 0.0001\n"
			 "tiny = 3.250000e-05\n"
			 "neg = -2.5000\n"
			 "large = 123456789.1250\n"
			 "huge = 1.000000e+15\n"
			 "nan = nan\n"
			 "inf = inf\n"
			 "ninf = -inf\n"));
	free(t);
	stats_destroy(s);
}

TEST(clear_and_refill)
{
	struct stats *s = stats_create();
	uint64_t u = 0;
	for (int round = 0; round < 3; round++) {
		stats_clear(s);
		CHECK_EQ_U64(stats_count(s), 0);
		stats_u64(s, "x", (uint64_t)round);
		stats_str(s, "name", round ? "k" : "kernel");
		if (round == 2)
			stats_u64(s, "extra", 5); /* differs from round 1 */
		else
			stats_u64(s, "y", 1);
	}
	CHECK_EQ_U64(stats_count(s), 3);
	CHECK(!stats_get_u64(s, "y", &u)); /* cleared names are gone */
	CHECK(stats_get_u64(s, "extra", &u) && u == 5);
	char *t = text_of(s);
	CHECK(!strcmp(t, "x = 2\nname = k\nextra = 5\n"));
	free(t);
	stats_destroy(s);
}

TEST(many_names)
{
	struct stats *s = stats_create();
	char name[32];
	uint64_t u = 0;
	int bad = 0;
	for (int i = 0; i < 2000; i++) {
		snprintf(name, sizeof(name), "stat_%d", i);
		stats_u64(s, name, (uint64_t)i * 3);
	}
	CHECK_EQ_U64(stats_count(s), 2000);
	for (int i = 0; i < 2000; i++) {
		snprintf(name, sizeof(name), "stat_%d", i);
		bad += !stats_get_u64(s, name, &u) || u != (uint64_t)i * 3;
	}
	CHECK_EQ_U64(bad, 0);
	stats_destroy(s);
}

TEST(add)
{
	struct stats *dst = stats_create(), *src = stats_create();
	uint64_t a3[3] = {1, 2, 3}, a2[2] = {10, 20}, u = 0;
	double f = 0;
	stats_u64(dst, "cycles", 100);
	stats_u64_array(dst, "per_sm", a2, 2);
	stats_f64(dst, "ipc", 1.0);
	stats_u64(dst, "mixed", 4);

	stats_u64(src, "cycles", 50);
	stats_u64_array(src, "per_sm", a3, 3);
	stats_f64(src, "ipc", 2.0);
	stats_str(src, "kernel", "k");
	stats_u64(src, "insn", 7);
	stats_f64(src, "mixed", 0.5);
	stats_add(dst, src);

	CHECK(stats_get_u64(dst, "cycles", &u) && u == 150);
	CHECK(stats_get_f64(dst, "ipc", &f) && f == 1.0); /* kept */
	CHECK(!strcmp(stats_get_str(dst, "kernel"), "k"));
	CHECK(stats_get_u64(dst, "insn", &u) && u == 7);
	char *t = text_of(dst);
	CHECK(!strcmp(t, "cycles = 150\nper_sm = 11 22 3\nipc = 1.0000\n"
			 "mixed = 0.5000\nkernel = k\ninsn = 7\n"));
	free(t);
	stats_add(dst, src); /* longer dst, shorter-or-equal src */
	t = text_of(dst);
	CHECK_STR_CONTAINS(t, "per_sm = 12 24 6\n");
	CHECK_STR_CONTAINS(t, "cycles = 200\n");
	free(t);
	stats_destroy(dst);
	stats_destroy(src);
}

/* ---- JSON ------------------------------------------------------------------ */

static struct stats *make_launch(struct stats *s, const char *k, uint64_t cyc,
				 double ipc, const uint64_t *per, size_t n)
{
	stats_clear(s);
	stats_str(s, "kernel_name", k);
	stats_u64(s, "gpu_sim_cycle", cyc);
	stats_f64(s, "gpu_ipc", ipc);
	stats_u64_array(s, "per_sm", per, n);
	return s;
}

TEST(json_exact_document)
{
	char path[128];
	scratch(path, "exact.json");
	struct stats *cfg = stats_create(), *l = stats_create();
	struct stats *tot = stats_create();
	uint64_t p1[2] = {1, 2}, p2[3] = {3, 4, 5};
	char tmp[128];
	struct diag d;
	diag_init(&d);
	stats_u64(cfg, "n_sm", 15);
	stats_str(cfg, "sched", "gto");
	struct stats_json *j = stats_json_open(path, "1.2.3", cfg, &d);
	CHECK(j != NULL);
	char *doc = slurp(path);
	strip_pad(doc);
	CHECK(!strcmp(doc, "{\"warpsim_version\": \"1.2.3\",\n"
			   " \"config\": {\"n_sm\": 15, \"sched\": \"gto\"},\n"
			   " \"launches\": [\n ],\n"
			   " \"total\": {},\n"
			   " \"complete\": false}"));
	free(doc);
	CHECK(access(scratch(tmp, "exact.json.tmp"), F_OK) != 0);

	CHECK(stats_json_launch(j, make_launch(l, "k", 100, 1.5, p1, 2)) == 0);
	CHECK(stats_json_launch(j, make_launch(l, "k2", 50, 2.0, p2, 3)) == 0);
	const char *launches =
		"{\"warpsim_version\": \"1.2.3\",\n"
		" \"config\": {\"n_sm\": 15, \"sched\": \"gto\"},\n"
		" \"launches\": [\n"
		"  {\"kernel_name\": \"k\", \"gpu_sim_cycle\": 100, "
		"\"gpu_ipc\": 1.5, \"per_sm\": [1, 2]},\n"
		"  {\"kernel_name\": \"k2\", \"gpu_sim_cycle\": 50, "
		"\"gpu_ipc\": 2.0, \"per_sm\": [3, 4, 5]}\n"
		" ],\n";
	char expect[1024];
	doc = slurp(path);
	strip_pad(doc);
	snprintf(expect, sizeof(expect), "%s \"total\": {\"gpu_sim_cycle\": 150, "
		 "\"per_sm\": [4, 6, 5]},\n \"complete\": false}", launches);
	CHECK(!strcmp(doc, expect));
	free(doc);

	stats_u64(tot, "gpu_sim_cycle", 150);
	stats_f64(tot, "gpu_ipc", 0.1);
	CHECK(stats_json_close(j, tot) == 0);
	doc = slurp(path);
	CHECK(json_valid(doc));
	strip_pad(doc);
	snprintf(expect, sizeof(expect), "%s \"total\": {\"gpu_sim_cycle\": 150, "
		 "\"gpu_ipc\": 0.1},\n \"complete\": true}", launches);
	CHECK(!strcmp(doc, expect));
	free(doc);
	CHECK_EQ_U64(d.n_err, 0);
	stats_destroy(cfg);
	stats_destroy(l);
	stats_destroy(tot);
	CHECK(stats_json_launch(NULL, NULL) == 0);
	CHECK(stats_json_close(NULL, NULL) == 0);
	diag_release(&d);
}

TEST(json_escaping_and_numbers)
{
	char path[128];
	scratch(path, "esc.json");
	struct stats *l = stats_create();
	double fa[4] = {NAN, INFINITY, -0.0, 1e300};
	stats_str(l, "quote\"name", "a\"b\\c/d");
	stats_str(l, "ctl", "t\tn\nr\rb\bf\fx\x01y\x1f");
	stats_str(l, "utf8", "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
	stats_str(l, "bad", "a\xff" "b\xc3" "c\xed\xa0\x80" "d\xc0\xaf");
	stats_f64(l, "nan", NAN);
	stats_f64(l, "ninf", -INFINITY);
	stats_f64(l, "tenth", 0.1);
	stats_f64(l, "third", 1.0 / 3.0);
	stats_f64(l, "whole", 3.0);
	stats_f64(l, "tiny", 5e-324);
	stats_f64_array(l, "fa", fa, 4);
	struct stats_json *j = stats_json_open(path, "v\"1", NULL, NULL);
	CHECK(j != NULL);
	stats_json_launch(j, l);
	stats_json_close(j, NULL);
	char *doc = slurp(path);
	CHECK(json_valid(doc));
	CHECK_STR_CONTAINS(doc, "{\"warpsim_version\": \"v\\\"1\",\n \"config\": {},");
	CHECK_STR_CONTAINS(doc, "\"quote\\\"name\": \"a\\\"b\\\\c/d\"");
	CHECK_STR_CONTAINS(doc, "\"ctl\": \"t\\tn\\nr\\rb\\bf\\fx\\u0001y\\u001f\"");
	CHECK_STR_CONTAINS(doc, "\"utf8\": \"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
	CHECK_STR_CONTAINS(doc, "\"bad\": \"a\\ufffdb\\ufffdc\\ufffd\\ufffd\\ufffdd"
			   "\\ufffd\\ufffd\"");
	CHECK_STR_CONTAINS(doc, "\"nan\": null, \"ninf\": null, \"tenth\": 0.1, "
			   "\"third\": 0.33333333333333331, \"whole\": 3.0, "
			   "\"tiny\": 4.94065645841247e-324, "
			   "\"fa\": [null, null, -0.0, 1e+300]}");
	CHECK_STR_CONTAINS(doc, "\"total\": {},\n \"complete\": true}");
	free(doc);
	stats_destroy(l);
}

TEST(json_valid_after_every_launch)
{
	char path[128];
	scratch(path, "every.json");
	struct stats *l = stats_create();
	uint64_t per[4] = {0};
	struct stats_json *j = stats_json_open(path, "v", l, NULL);
	int bad = 0;
	for (unsigned i = 0; i < 40; i++) {
		per[i % 4] = i;
		/* kernel names of varying length, a shrinking per_sm */
		make_launch(l, i % 3 ? "k" : "a_much_longer_kernel_name", i,
			    0.5 * i, per, 4 - i % 4);
		stats_json_launch(j, l);
		char *doc = slurp(path);
		bad += !json_valid(doc) || !strstr(doc, "\"complete\": false}");
		free(doc);
	}
	CHECK_EQ_U64(bad, 0);
	stats_json_close(j, NULL);
	char *doc = slurp(path);
	CHECK(json_valid(doc));
	CHECK_EQ_U64(count_of(doc, "\"kernel_name\""), 40);
	CHECK_STR_CONTAINS(doc, "\"total\": {\"gpu_sim_cycle\": 780, \"per_sm\": ");
	CHECK_STR_CONTAINS(doc, "\"complete\": true}");
	free(doc);
	stats_destroy(l);
}

TEST(json_survives_killed_writer)
{
	char path[128];
	scratch(path, "killed.json");
	uint64_t per[2] = {5, 6};
	fflush(NULL);
	pid_t pid = fork();
	if (pid == 0) {
		struct stats *l = stats_create();
		struct stats_json *j = stats_json_open(path, "v", NULL, NULL);
		stats_json_launch(j, make_launch(l, "k", 10, 1.0, per, 2));
		stats_json_launch(j, make_launch(l, "k", 20, 1.0, per, 2));
		raise(SIGKILL); /* no close, no exit handlers */
		_exit(0);
	}
	int status = 0;
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	char *doc = slurp(path);
	CHECK(json_valid(doc));
	CHECK_EQ_U64(count_of(doc, "\"kernel_name\""), 2);
	CHECK_STR_CONTAINS(doc, "\"total\": {\"gpu_sim_cycle\": 30, "
			   "\"per_sm\": [10, 12]},\n \"complete\": false}");
	free(doc);
}

TEST(json_launches_bounded)
{
	char path[128];
	scratch(path, "bounded.json");
	struct stats *l = stats_create();
	uint64_t per[1] = {1};
	struct stats_json *j = stats_json_open(path, "v", NULL, NULL);
	for (unsigned i = 0; i < STATS_JSON_MAX_LAUNCHES + 25; i++)
		stats_json_launch(j, make_launch(l, "k", 2, 1.0, per, 1));
	char *doc = slurp(path);
	CHECK(json_valid(doc));
	CHECK_EQ_U64(count_of(doc, "\"kernel_name\""), STATS_JSON_MAX_LAUNCHES);
	CHECK_STR_CONTAINS(doc, "\"total\": {\"gpu_sim_cycle\": 20050, "
			   "\"per_sm\": [10025], \"launches_dropped\": 25},\n"
			   " \"complete\": false}");
	free(doc);
	stats_json_close(j, NULL);
	doc = slurp(path);
	CHECK(json_valid(doc));
	CHECK_STR_CONTAINS(doc, "\"launches_dropped\": 25},\n \"complete\": true}");
	free(doc);

	/* a lowered bound; a caller's total without the name gets it added */
	struct stats *tot = stats_create();
	j = stats_json_open(path, "v", NULL, NULL);
	stats_json_set_max_launches(j, 2);
	for (unsigned i = 0; i < 5; i++)
		stats_json_launch(j, make_launch(l, "k", 2, 1.0, per, 1));
	stats_json_close(j, tot);
	doc = slurp(path);
	CHECK(json_valid(doc));
	CHECK_EQ_U64(count_of(doc, "\"kernel_name\""), 2);
	CHECK_STR_CONTAINS(doc, "\"total\": {\"launches_dropped\": 3},\n"
			   " \"complete\": true}");
	free(doc);
	stats_destroy(tot);
	stats_destroy(l);
}

TEST(json_open_replaces_and_fails_cleanly)
{
	char path[128];
	scratch(path, "again.json");
	struct stats_json *j = stats_json_open(path, "old", NULL, NULL);
	stats_json_close(j, NULL);
	j = stats_json_open(path, "new", NULL, NULL);
	char *doc = slurp(path);
	CHECK(json_valid(doc));
	CHECK_STR_CONTAINS(doc, "\"new\"");
	CHECK_STR_CONTAINS(doc, "\"complete\": false}");
	free(doc);
	stats_json_close(j, NULL);

	struct diag d;
	diag_init(&d);
	CHECK(stats_json_open(scratch(path, "no/such/dir.json"), "v", NULL, &d) == NULL);
	CHECK_STR_CONTAINS(diag_text(&d), "cannot write stats file");
	CHECK_EQ_U64(d.n_err, 1);
	diag_release(&d);
}

/* Runs last (tests run in file order): remove the scratch directory. */
TEST(zz_cleanup)
{
	const char *names[] = {"exact.json", "esc.json", "every.json",
			       "killed.json", "bounded.json", "again.json"};
	char path[128];
	for (size_t i = 0; dir[0] && i < ARRAY_SIZE(names); i++)
		unlink(scratch(path, names[i]));
	if (dir[0])
		CHECK(rmdir(dir) == 0);
}

TEST_MAIN()
