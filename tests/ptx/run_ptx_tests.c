/*
 * run_ptx_tests.c - data-driven PTX semantic tests over the CUDA Driver API.
 *
 * Usage: run_ptx_tests FILE.ptx...
 * Each .ptx file carries its own test descriptions as comment lines (see
 * README.md in this directory): "// TEST", "// INPUT" and "// EXPECT".  For
 * every TEST the runner allocates an output buffer (filled with 0xAB bytes so
 * that missing stores show), an optional input buffer, launches the named
 * .entry, copies the output back and checks each EXPECT.  It prints one line
 * per failing expectation and ends with "N passed, N failed" (N = tests).
 * Only the CUDA Driver API is used, so the same program runs on our
 * libcuda.so and on NVIDIA's driver.
 */
#include <cuda.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum vtype {
	VT_U8, VT_S8, VT_U16, VT_S16, VT_U32, VT_S32, VT_U64, VT_S64,
	VT_F32, VT_F64
};

struct vtype_info {
	const char *name;	/* spelling in the test files */
	enum vtype t;		/* value type */
	unsigned size;		/* bytes */
};

static const struct vtype_info vtypes[] = {
	{"u8", VT_U8, 1},   {"s8", VT_S8, 1},   {"b8", VT_U8, 1},
	{"u16", VT_U16, 2}, {"s16", VT_S16, 2}, {"b16", VT_U16, 2},
	{"u32", VT_U32, 4}, {"s32", VT_S32, 4}, {"b32", VT_U32, 4},
	{"u64", VT_U64, 8}, {"s64", VT_S64, 8}, {"b64", VT_U64, 8},
	{"f32", VT_F32, 4}, {"f64", VT_F64, 8},
};

enum match_kind {
	M_EXACT,	/* bit-exact (integers compare under the width mask) */
	M_NAN,		/* any NaN */
	M_ULP,		/* float within tol ULPs */
	M_ABS		/* float within an absolute tolerance */
};

struct check {
	const struct vtype_info *ty;	/* element type */
	size_t off;			/* byte offset in the buffer */
	uint64_t bits;			/* expected (or input) bit pattern */
	enum match_kind kind;		/* how to compare */
	double tol;			/* ULPs or absolute tolerance */
	int line;			/* source line of the directive */
};

struct ptx_test {
	char name[128];			/* .entry name */
	unsigned grid[3];		/* grid dimensions */
	unsigned block[3];		/* block dimensions */
	size_t out_bytes;		/* output buffer size */
	size_t in_bytes;		/* input buffer size, 0 = none */
	unsigned smem_bytes;		/* dynamic shared memory */
	int line;			/* line of the TEST directive */
	int bad;			/* parse error seen */
	struct check *inputs;		/* INPUT values */
	size_t n_inputs;		/* number of inputs */
	struct check *expects;		/* EXPECT values */
	size_t n_expects;		/* number of expectations */
};

struct suite {
	const char *path;		/* file name */
	char *text;			/* whole file, NUL-terminated */
	struct ptx_test *tests;		/* parsed tests */
	size_t n_tests;			/* number of tests */
};

/* Resize arr (elements of esz bytes) to hold n + 1 elements; lists are short. */
static void *grow(void *arr, size_t n, size_t esz)
{
	void *p = realloc(arr, (n + 1) * esz);
	if (!p) {
		fprintf(stderr, "run_ptx_tests: out of memory\n");
		exit(2);
	}
	return p;
}

static char *read_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	size_t got;
	while (buf && (got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (cap - len < 2) {
			char *nb = realloc(buf, cap * 2);
			if (!nb) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = nb;
			cap *= 2;
		}
	}
	fclose(f);
	if (buf)
		buf[len] = '\0';
	return buf;
}

static const struct vtype_info *vtype_find(const char *s)
{
	for (size_t i = 0; i < sizeof(vtypes) / sizeof(vtypes[0]); i++)
		if (!strcmp(vtypes[i].name, s))
			return &vtypes[i];
	return NULL;
}

static int is_float(const struct vtype_info *ty)
{
	return ty->t == VT_F32 || ty->t == VT_F64;
}

static uint64_t width_mask(const struct vtype_info *ty)
{
	return ty->size == 8 ? ~0ull : (1ull << (ty->size * 8)) - 1;
}

/* A "0x" token made only of hex digits is a raw bit pattern. */
static int is_raw_hex(const char *s)
{
	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X') || !s[2])
		return 0;
	for (s += 2; *s; s++)
		if (!isxdigit((unsigned char)*s))
			return 0;
	return 1;
}

/*
 * Parse one value token of type ty into *bits.  Floats accept decimal or C
 * hex-float literals, inf/-inf, and raw bits as 0xHEX; "nan" sets *any_nan.
 * Integers accept signed or unsigned decimal or 0x hex.  Returns 0 on success.
 */
static int value_parse(const struct vtype_info *ty, const char *tok,
		       uint64_t *bits, int *any_nan)
{
	char *end;
	*any_nan = 0;
	errno = 0;
	if (is_float(ty)) {
		if (!strcmp(tok, "nan")) {
			*any_nan = 1;
			*bits = ty->t == VT_F32 ? 0x7fc00000u
						: 0x7ff8000000000000ull;
			return 0;
		}
		if (is_raw_hex(tok)) {
			*bits = strtoull(tok, &end, 16);
			if (errno || *end || (*bits & ~width_mask(ty)))
				return -1;
			return 0;
		}
		if (ty->t == VT_F32) {
			float f = strtof(tok, &end);
			uint32_t u;
			if (*end || end == tok)
				return -1;
			memcpy(&u, &f, 4);
			*bits = u;
		} else {
			double d = strtod(tok, &end);
			if (*end || end == tok)
				return -1;
			memcpy(bits, &d, 8);
		}
		return 0;
	}
	if (tok[0] == '-') {
		long long v = strtoll(tok, &end, 0);
		if (errno || *end || end == tok)
			return -1;
		*bits = (uint64_t)v & width_mask(ty);
	} else {
		unsigned long long v = strtoull(tok, &end, 0);
		if (errno || *end || end == tok)
			return -1;
		if (v & ~width_mask(ty))
			return -1;
		*bits = v;
	}
	return 0;
}

/* Parse "a,b,c" into three unsigned numbers. */
static int dims_parse(const char *s, unsigned d[3])
{
	d[0] = d[1] = d[2] = 1;
	for (int i = 0; i < 3; i++) {
		char *end;
		unsigned long v = strtoul(s, &end, 10);
		if (end == s || v == 0 || v > 0x7fffffffUL)
			return -1;
		d[i] = (unsigned)v;
		if (*end == '\0')
			return 0;
		if (*end != ',')
			return -1;
		s = end + 1;
	}
	return -1;
}

static void parse_error(const struct suite *s, int line, const char *msg,
			const char *tok)
{
	fprintf(stderr, "%s:%d: %s%s%s\n", s->path, line, msg,
		tok ? ": " : "", tok ? tok : "");
}

/* Handle "// TEST name key=value..." */
static int parse_test_line(struct suite *s, char **toks, int n, int line)
{
	s->tests = grow(s->tests, s->n_tests, sizeof(*s->tests));
	struct ptx_test *t = &s->tests[s->n_tests++];
	memset(t, 0, sizeof(*t));
	t->line = line;
	t->grid[0] = t->grid[1] = t->grid[2] = 1;
	t->block[0] = t->block[1] = t->block[2] = 1;
	t->out_bytes = 256;
	if (n < 2 || strlen(toks[1]) >= sizeof(t->name)) {
		parse_error(s, line, "TEST needs a kernel name", NULL);
		t->bad = 1;
		return -1;
	}
	strcpy(t->name, toks[1]);
	for (int i = 2; i < n; i++) {
		char *eq = strchr(toks[i], '=');
		int ok = 0;
		if (eq) {
			*eq = '\0';
			const char *k = toks[i], *v = eq + 1;
			char *end;
			if (!strcmp(k, "grid"))
				ok = !dims_parse(v, t->grid);
			else if (!strcmp(k, "block"))
				ok = !dims_parse(v, t->block);
			else if (!strcmp(k, "out_bytes")) {
				t->out_bytes = strtoul(v, &end, 0);
				ok = !*end && t->out_bytes > 0;
			} else if (!strcmp(k, "in_bytes")) {
				t->in_bytes = strtoul(v, &end, 0);
				ok = !*end && t->in_bytes > 0;
			} else if (!strcmp(k, "smem")) {
				t->smem_bytes = (unsigned)strtoul(v, &end, 0);
				ok = !*end;
			}
			*eq = '=';
		}
		if (!ok) {
			parse_error(s, line, "bad TEST option", toks[i]);
			t->bad = 1;
		}
	}
	return 0;
}

/*
 * Handle "// EXPECT type off v1 [v2 ...] [tol=N|tol=Nulp] [count=N]" and
 * "// INPUT type off v1 [v2 ...] [count=N]": consecutive values go to
 * consecutive elements; count=N repeats the (single) value N times.
 */
static void parse_values(struct suite *s, struct ptx_test *t, char **toks,
			 int n, int line, int is_input)
{
	const struct vtype_info *ty = n >= 3 ? vtype_find(toks[1]) : NULL;
	char *end;
	if (!ty) {
		parse_error(s, line, "bad type or missing operands",
			    n >= 2 ? toks[1] : NULL);
		t->bad = 1;
		return;
	}
	size_t off = strtoul(toks[2], &end, 0);
	if (*end) {
		parse_error(s, line, "bad offset", toks[2]);
		t->bad = 1;
		return;
	}
	enum match_kind kind = M_EXACT;
	double tol = 0;
	unsigned long count = 1;
	int first_val = -1, n_vals = 0;
	for (int i = 3; i < n; i++) {
		if (!strncmp(toks[i], "tol=", 4) && !is_input && is_float(ty)) {
			const char *v = toks[i] + 4;
			tol = strtod(v, &end);
			if (!strcmp(end, "ulp"))
				kind = M_ULP;
			else if (!*end)
				kind = M_ABS;
			else
				goto bad;
			if (end == v || tol < 0)
				goto bad;
		} else if (!strncmp(toks[i], "count=", 6)) {
			count = strtoul(toks[i] + 6, &end, 0);
			if (*end || count == 0)
				goto bad;
		} else if (strchr(toks[i], '=')) {
			goto bad;
		} else {
			if (first_val < 0)
				first_val = i;
			else if (i != first_val + n_vals)
				goto bad;
			n_vals++;
		}
		continue;
	bad:
		parse_error(s, line, "bad modifier", toks[i]);
		t->bad = 1;
		return;
	}
	if (n_vals == 0 || (count > 1 && n_vals > 1)) {
		parse_error(s, line, "need one value with count=, or values",
			    NULL);
		t->bad = 1;
		return;
	}
	size_t total = count > 1 ? count : (size_t)n_vals;
	for (size_t k = 0; k < total; k++) {
		const char *tok = toks[first_val + (count > 1 ? 0 : (int)k)];
		struct check c = {ty, off + k * ty->size, 0, kind, tol, line};
		int any_nan;
		if (value_parse(ty, tok, &c.bits, &any_nan)) {
			parse_error(s, line, "bad value", tok);
			t->bad = 1;
			return;
		}
		if (any_nan) {
			if (is_input) {
				parse_error(s, line, "nan input needs bits", tok);
				t->bad = 1;
				return;
			}
			c.kind = M_NAN;
		}
		if (is_input) {
			t->inputs = grow(t->inputs, t->n_inputs,
					 sizeof(*t->inputs));
			t->inputs[t->n_inputs++] = c;
		} else {
			t->expects = grow(t->expects, t->n_expects,
					  sizeof(*t->expects));
			t->expects[t->n_expects++] = c;
		}
	}
}

/*
 * Split one comment line into whitespace-separated tokens (in place).
 * Returns the count, or -1 when there are more than max tokens.
 */
static int tokenize(char *p, char **toks, int max)
{
	int n = 0;
	while (*p) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		if (n == max)
			return -1;
		toks[n++] = p;
		while (*p && *p != ' ' && *p != '\t')
			p++;
		if (*p)
			*p++ = '\0';
	}
	return n;
}

/* Collect the TEST/INPUT/EXPECT directives of a suite. */
static int suite_parse(struct suite *s)
{
	size_t text_len = strlen(s->text);
	char *copy = malloc(text_len + 1);
	int line = 0, errors = 0;
	if (!copy)
		return -1;
	memcpy(copy, s->text, text_len + 1);
	for (char *p = copy; p && *p;) {
		char *nl = strchr(p, '\n');
		if (nl)
			*nl = '\0';
		line++;
		char *q = p;
		while (*q == ' ' || *q == '\t')
			q++;
		size_t len = strlen(q);
		if (len && q[len - 1] == '\r')
			q[len - 1] = '\0';
		if (q[0] == '/' && q[1] == '/') {
			char *toks[256];
			int n = tokenize(q + 2, toks, 256);
			if (n < 0) {
				parse_error(s, line, "too many tokens", NULL);
				errors++;
			} else if (n == 0) {
				/* blank comment */
			} else if (!strcmp(toks[0], "TEST")) {
				if (parse_test_line(s, toks, n, line))
					errors++;
			} else if (!strcmp(toks[0], "EXPECT") ||
				   !strcmp(toks[0], "INPUT")) {
				if (!s->n_tests) {
					parse_error(s, line,
						    "directive before TEST",
						    NULL);
					errors++;
				} else {
					parse_values(s,
						     &s->tests[s->n_tests - 1],
						     toks, n, line,
						     toks[0][0] == 'I');
				}
			}
		}
		p = nl ? nl + 1 : NULL;
	}
	free(copy);
	return errors ? -1 : 0;
}

/* ULP distance between two finite floats of the same type. */
static double ulp_diff(const struct vtype_info *ty, uint64_t a, uint64_t b)
{
	int64_t ia, ib;
	if (ty->t == VT_F32) {
		int32_t x = (int32_t)(uint32_t)a, y = (int32_t)(uint32_t)b;
		ia = x < 0 ? (int64_t)INT32_MIN - x : x;
		ib = y < 0 ? (int64_t)INT32_MIN - y : y;
	} else {
		int64_t x = (int64_t)a, y = (int64_t)b;
		/* map sign-magnitude onto a monotonic line (halved: no overflow) */
		ia = x < 0 ? -(x & INT64_MAX) / 2 : x / 2;
		ib = y < 0 ? -(y & INT64_MAX) / 2 : y / 2;
		return 2.0 * fabs((double)ia - (double)ib);
	}
	return fabs((double)ia - (double)ib);
}

static double as_double(const struct vtype_info *ty, uint64_t bits)
{
	if (ty->t == VT_F32) {
		uint32_t u = (uint32_t)bits;
		float f;
		memcpy(&f, &u, 4);
		return f;
	}
	double d;
	memcpy(&d, &bits, 8);
	return d;
}

static int check_value(const struct check *c, uint64_t got)
{
	uint64_t m = width_mask(c->ty);
	if (!is_float(c->ty))
		return (got & m) == (c->bits & m);
	double g = as_double(c->ty, got), e = as_double(c->ty, c->bits);
	switch (c->kind) {
	case M_EXACT:
		return got == c->bits;
	case M_NAN:
		return isnan(g);
	case M_ULP:
		if (got == c->bits)
			return 1;
		if (isnan(g) || isinf(g) || isnan(e) || isinf(e))
			return 0;
		return ulp_diff(c->ty, got, c->bits) <= c->tol;
	case M_ABS:
		if (got == c->bits)
			return 1;
		if (isnan(g) || isnan(e))
			return 0;
		return fabs(g - e) <= c->tol;
	}
	return 0;
}

/* Render a value for a failure message. */
static void value_format(const struct vtype_info *ty, uint64_t bits,
			 char *buf, size_t n)
{
	switch (ty->t) {
	case VT_F32:
	case VT_F64:
		snprintf(buf, n, "0x%0*" PRIx64 " (%.9g)", (int)ty->size * 2,
			 bits, as_double(ty, bits));
		break;
	case VT_S8:
	case VT_S16:
	case VT_S32:
	case VT_S64: {
		unsigned sh = 64 - ty->size * 8;
		int64_t v = (int64_t)(bits << sh) >> sh;
		snprintf(buf, n, "%" PRId64 " (0x%" PRIx64 ")", v, bits);
		break;
	}
	default:
		snprintf(buf, n, "%" PRIu64 " (0x%" PRIx64 ")", bits, bits);
		break;
	}
}

static uint64_t load_bits(const unsigned char *buf, size_t size)
{
	uint64_t v = 0;
	memcpy(&v, buf, size);	/* little-endian host, like the device */
	return v;
}

static const char *cu_err_name(CUresult r)
{
	const char *name = NULL;
	if (cuGetErrorName(r, &name) != CUDA_SUCCESS || !name)
		return "unknown error";
	return name;
}

struct session {
	CUdevice dev;		/* device 0 */
	CUcontext ctx;		/* current context, NULL if none */
	CUmodule mod;		/* the suite's module, NULL if none */
};

static void session_close(struct session *ss)
{
	if (ss->mod)
		cuModuleUnload(ss->mod);
	if (ss->ctx)
		cuCtxDestroy(ss->ctx);
	ss->mod = NULL;
	ss->ctx = NULL;
}

/* Create a fresh context and load the suite's module into it. */
static int session_open(struct session *ss, const struct suite *s)
{
	CUresult r;
#if CUDA_VERSION >= 13000
	r = cuCtxCreate(&ss->ctx, NULL, 0, ss->dev);
#else
	r = cuCtxCreate(&ss->ctx, 0, ss->dev);
#endif
	if (r != CUDA_SUCCESS) {
		fprintf(stderr, "%s: cuCtxCreate: %s\n", s->path,
			cu_err_name(r));
		ss->ctx = NULL;
		return -1;
	}
	r = cuModuleLoadData(&ss->mod, s->text);
	if (r != CUDA_SUCCESS) {
		fprintf(stderr, "%s: cuModuleLoadData: %s\n", s->path,
			cu_err_name(r));
		ss->mod = NULL;
		session_close(ss);
		return -1;
	}
	return 0;
}

/*
 * Run one test.  Returns 0 if every expectation held, 1 on a failed
 * expectation, -1 when the context is unusable afterwards (a launch fault).
 */
static int test_run(struct session *ss, const struct suite *s,
		    const struct ptx_test *t)
{
	CUfunction fn;
	CUdeviceptr d_out = 0, d_in = 0;
	unsigned char *h = NULL;
	int rc = 1;
	CUresult r;
	const char *what = "";

#define TRY(name, call)                                                        \
	do {                                                                   \
		what = name;                                                   \
		if ((r = (call)) != CUDA_SUCCESS)                              \
			goto cu_fail;                                          \
	} while (0)

	for (size_t i = 0; i < t->n_expects; i++)
		if (t->expects[i].off + t->expects[i].ty->size > t->out_bytes) {
			parse_error(s, t->expects[i].line,
				    "EXPECT beyond out_bytes", NULL);
			return 1;
		}
	size_t in_bytes = t->in_bytes;
	for (size_t i = 0; i < t->n_inputs; i++) {
		size_t end = t->inputs[i].off + t->inputs[i].ty->size;
		if (t->in_bytes && end > t->in_bytes) {
			parse_error(s, t->inputs[i].line,
				    "INPUT beyond in_bytes", NULL);
			return 1;
		}
		if (end > in_bytes)
			in_bytes = end;
	}

	TRY("cuModuleGetFunction",
	    cuModuleGetFunction(&fn, ss->mod, t->name));
	TRY("cuMemAlloc", cuMemAlloc(&d_out, t->out_bytes));
	TRY("cuMemsetD8", cuMemsetD8(d_out, 0xAB, t->out_bytes));
	if (in_bytes) {
		h = calloc(1, in_bytes);
		if (!h)
			goto out;
		for (size_t i = 0; i < t->n_inputs; i++)
			memcpy(h + t->inputs[i].off, &t->inputs[i].bits,
			       t->inputs[i].ty->size);
		TRY("cuMemAlloc", cuMemAlloc(&d_in, in_bytes));
		TRY("cuMemcpyHtoD", cuMemcpyHtoD(d_in, h, in_bytes));
		free(h);
		h = NULL;
	}
	void *args[2] = {&d_out, &d_in};
	TRY("cuLaunchKernel",
	    cuLaunchKernel(fn, t->grid[0], t->grid[1], t->grid[2], t->block[0],
			   t->block[1], t->block[2], t->smem_bytes, NULL, args,
			   NULL));
	TRY("cuCtxSynchronize", cuCtxSynchronize());
	h = malloc(t->out_bytes);
	if (!h)
		goto out;
	TRY("cuMemcpyDtoH", cuMemcpyDtoH(h, d_out, t->out_bytes));

	rc = 0;
	for (size_t i = 0; i < t->n_expects; i++) {
		const struct check *c = &t->expects[i];
		uint64_t got = load_bits(h + c->off, c->ty->size);
		if (check_value(c, got))
			continue;
		char gs[64], es[64];
		value_format(c->ty, got, gs, sizeof(gs));
		if (c->kind == M_NAN)
			snprintf(es, sizeof(es), "any NaN");
		else
			value_format(c->ty, c->bits, es, sizeof(es));
		printf("FAIL %s:%d: %s: %s at offset %zu: got %s, expected %s",
		       s->path, c->line, t->name, c->ty->name, c->off, gs, es);
		if (c->kind == M_ULP)
			printf(" (tol %g ulp)", c->tol);
		else if (c->kind == M_ABS)
			printf(" (tol %g)", c->tol);
		printf("\n");
		rc = 1;
	}
	goto out;

cu_fail:
	printf("FAIL %s:%d: %s: %s failed: %s\n", s->path, t->line, t->name,
	       what, cu_err_name(r));
	/* errors from the launch onwards may have corrupted the context */
	rc = (r == CUDA_ERROR_NOT_FOUND || r == CUDA_ERROR_INVALID_VALUE) ? 1
									    : -1;
out:
#undef TRY
	free(h);
	if (rc >= 0) {
		if (d_in)
			cuMemFree(d_in);
		if (d_out)
			cuMemFree(d_out);
	}
	return rc;
}

static void suite_free(struct suite *s)
{
	for (size_t i = 0; i < s->n_tests; i++) {
		free(s->tests[i].inputs);
		free(s->tests[i].expects);
	}
	free(s->tests);
	free(s->text);
}

/* Run every test of one file; adds to *passed and *failed. */
static void suite_run(struct session *ss, const char *path, int *passed,
		      int *failed)
{
	struct suite s = {path, NULL, NULL, 0};
	s.text = read_file(path);
	if (!s.text) {
		printf("FAIL %s: cannot read file\n", path);
		(*failed)++;
		return;
	}
	if (suite_parse(&s) || s.n_tests == 0) {
		if (s.n_tests == 0)
			printf("FAIL %s: no TEST directives\n", path);
		else
			printf("FAIL %s: directive errors\n", path);
		(*failed)++;
	}
	int open = 0;
	for (size_t i = 0; i < s.n_tests; i++) {
		const struct ptx_test *t = &s.tests[i];
		if (t->bad) {
			printf("FAIL %s:%d: %s: bad test description\n", path,
			       t->line, t->name);
			(*failed)++;
			continue;
		}
		if (!open && session_open(ss, &s)) {
			printf("FAIL %s:%d: %s: module did not load\n", path,
			       t->line, t->name);
			(*failed)++;
			continue;
		}
		open = 1;
		int rc = test_run(ss, &s, t);
		if (rc == 0)
			(*passed)++;
		else
			(*failed)++;
		if (rc < 0) {
			session_close(ss);
			open = 0;
		}
	}
	if (open)
		session_close(ss);
	suite_free(&s);
}

int main(int argc, char **argv)
{
	struct session ss = {0, NULL, NULL};
	int passed = 0, failed = 0;
	CUresult r;

	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE.ptx...\n", argv[0]);
		return 2;
	}
	if ((r = cuInit(0)) != CUDA_SUCCESS ||
	    (r = cuDeviceGet(&ss.dev, 0)) != CUDA_SUCCESS) {
		fprintf(stderr, "run_ptx_tests: no device: %s\n",
			cu_err_name(r));
		printf("0 passed, 1 failed\n");
		return 1;
	}
	for (int i = 1; i < argc; i++)
		suite_run(&ss, argv[i], &passed, &failed);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
