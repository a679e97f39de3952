/*
 * config.c - parse, check and print the option table (options.def).
 *
 * One table row per option drives the struct fields, defaults, the
 * parser, the range checks, --help and the effective-config dump; nothing
 * else in the simulator knows option names.
 */
#include "../base/base.h"
#include "config.h"
#include "../mem/mem_options.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

enum opt_kind { OPTK_U64, OPTK_F64, OPTK_STR, OPTK_BOOL };

/* Which models read an option (options.def, "Scope"). */
enum opt_scope { OPT_ANY, OPT_TIMING };

struct opt_desc {
	const char *name;    /* option name (underscores) */
	enum opt_kind kind;  /* value type */
	size_t offset;       /* field offset in struct ws_config */
	uint64_t def_u;      /* default for U64/BOOL */
	double def_f;        /* default for F64 */
	const char *def_s;   /* default for STR */
	double lo, hi;       /* bounds for F64 */
	uint64_t lo_u, hi_u; /* bounds for U64/BOOL (exact) */
	enum opt_scope scope;/* OPT_TIMING: only the timing model reads it */
	const char *help;    /* one-line help */
};

static const struct opt_desc opt_table[] = {
#define OPT_U64(f, n, d, l, h, hl) \
	{n, OPTK_U64, offsetof(struct ws_config, f), d, 0, NULL, 0, 0, l, h, \
	 OPT_SCOPE, hl},
#define OPT_F64(f, n, d, l, h, hl) \
	{n, OPTK_F64, offsetof(struct ws_config, f), 0, d, NULL, l, h, 0, 0, \
	 OPT_SCOPE, hl},
#define OPT_STR(f, n, d, hl) \
	{n, OPTK_STR, offsetof(struct ws_config, f), 0, 0, d, 0, 0, 0, 0, \
	 OPT_SCOPE, hl},
#define OPT_BOOL(f, n, d, hl) \
	{n, OPTK_BOOL, offsetof(struct ws_config, f), d, 0, NULL, 0, 1, 0, 1, \
	 OPT_SCOPE, hl},
#include "options.def"
#undef OPT_U64
#undef OPT_F64
#undef OPT_STR
#undef OPT_BOOL
};

_Static_assert(ARRAY_SIZE(opt_table) == CFG_N_OPTS,
	       "options.def expands to one row per id");

/* Accepted spellings that differ from the table name. */
static const struct { const char *alias, *name; } opt_aliases[] = {
	{"warpsize", "warp_size"},
	{"max_insn", "gpgpu_max_insn"},
	{"stats", "stats_file"},
	{"sched", "gpgpu_scheduler"},
	{"fetch", "fetch_policy"},
	{"regs", "kernel_regs"},
	{"gmem_skip_L1D", "gpgpu_gmem_skip_L1D"},  /* GPGPU-Sim 3.x */
	{"rop_latency", "gpgpu_l2_rop_latency"},   /* GPGPU-Sim 3.x */
	{"l1_latency", "gpgpu_l1_latency"},        /* GPGPU-Sim 4.x Volta */
	{"smem_latency", "gpgpu_smem_latency"},    /* GPGPU-Sim 4.x Volta */
};

/*
 * Latency and initiation-interval lists: how many comma-separated values
 * each holds.  A shorter list replaces only the leading values (GPGPU-Sim
 * configs give 5 integer latencies, or one SFU latency).
 */
static const struct { const char *name; unsigned n; } opt_lists[] = {
	{"ptx_opcode_latency_int", 6},
	{"ptx_opcode_initiation_int", 6},
	{"ptx_opcode_latency_fp", 5},
	{"ptx_opcode_initiation_fp", 5},
	{"ptx_opcode_latency_dp", 5},
	{"ptx_opcode_initiation_dp", 5},
	{"ptx_opcode_latency_sfu", 2},
};

/* Largest latency or initiation interval in cycles (as src/timing). */
#define OPT_LIST_MAX 100000u

#define FIELD(c, o, T) ((T *)((char *)(c) + (o)->offset))

/*
 * State of one top-level parse (cfg_parse_args and friends) across nested
 * option files.
 */
struct cfg_parse {
	const char *chain[CFG_INCLUDE_MAX + 1]; /* files open, outermost first
						   (names as given) */
	char *real[CFG_INCLUDE_MAX + 1]; /* their resolved paths */
	unsigned depth;     /* entries in chain */
	const char *origin; /* file being read, or NULL (command line) */
	unsigned line;      /* its current logical line */
	char *unknown;      /* unknown file options, "name (file:line), ..." */
	char *unknown_names;/* the same, names only, comma-separated */
	unsigned n_unknown; /* how many */
};

void cfg_warn(struct ws_config *c, const char *fmt, ...)
{
	va_list ap;
	size_t old = c->warnings ? strlen(c->warnings) : 0;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	c->warnings = xrealloc(c->warnings, old + (size_t)n + 2);
	va_start(ap, fmt);
	vsnprintf(c->warnings + old, (size_t)n + 1, fmt, ap);
	va_end(ap);
	c->warnings[old + (size_t)n] = '\n';
	c->warnings[old + (size_t)n + 1] = 0;
}

/* Append ", " (unless *s is NULL) and text to the malloc'd string *s. */
static void str_append(char **s, const char *text)
{
	size_t old = *s ? strlen(*s) : 0, n = strlen(text);

	*s = xrealloc(*s, old + n + 3);
	if (old) {
		memcpy(*s + old, ", ", 2);
		old += 2;
	}
	memcpy(*s + old, text, n + 1);
}

void cfg_init(struct ws_config *c)
{
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < ARRAY_SIZE(opt_table); i++) {
		const struct opt_desc *o = &opt_table[i];
		switch (o->kind) {
		case OPTK_U64:
		case OPTK_BOOL: *FIELD(c, o, uint64_t) = o->def_u; break;
		case OPTK_F64: *FIELD(c, o, double) = o->def_f; break;
		case OPTK_STR: *FIELD(c, o, char *) = xstrdup(o->def_s); break;
		}
	}
}

void cfg_release(struct ws_config *c)
{
	for (size_t i = 0; i < ARRAY_SIZE(opt_table); i++)
		if (opt_table[i].kind == OPTK_STR)
			free(*FIELD(c, &opt_table[i], char *));
	free(c->warnings);
	memset(c, 0, sizeof(*c));
}

/* Canonical name: leading dashes stripped, '-' -> '_', aliases resolved. */
static void opt_canon(const char *name, size_t len, char *buf, size_t size)
{
	size_t i;

	if (len >= size)
		len = size - 1;
	for (i = 0; i < len; i++)
		buf[i] = name[i] == '-' ? '_' : name[i];
	buf[len] = 0;
	for (i = 0; i < ARRAY_SIZE(opt_aliases); i++)
		if (!strcmp(buf, opt_aliases[i].alias)) {
			snprintf(buf, size, "%s", opt_aliases[i].name);
			break;
		}
}

static const struct opt_desc *opt_find(const char *name, size_t len)
{
	char buf[128];

	if (len >= sizeof(buf))
		return NULL;
	opt_canon(name, len, buf, sizeof(buf));
	for (size_t i = 0; i < ARRAY_SIZE(opt_table); i++)
		if (!strcmp(buf, opt_table[i].name))
			return &opt_table[i];
	return NULL;
}

static const struct opt_desc *opt_by_name(const char *name)
{
	return opt_find(name, strlen(name));
}

/* ===================== numbers ===================== */

enum num_err {
	NUM_OK = 0,
	NUM_SYNTAX,     /* not a number */
	NUM_FRACTION,   /* a number, but not an integer */
	NUM_NONFINITE,  /* inf or nan */
	NUM_NEGATIVE,   /* a negative number */
	NUM_RANGE,      /* an integer beyond 2^64 - 1 */
};

/* v = v * 10 + digit, or false on overflow. */
static bool num_push(uint64_t *v, unsigned digit)
{
	if (*v > (UINT64_MAX - digit) / 10)
		return false;
	*v = *v * 10 + digit;
	return true;
}

/*
 * Parse s exactly as an unsigned integer: decimal, 0x hex, or a decimal
 * scientific form (digits[.digits][e[+|-]digits]) that names an integer.
 * The decimal digits are kept exact (no double rounding), so 1.5e0 is a
 * fraction and 12345678901234567e0 stays exact.
 */
static enum num_err num_parse_u64(const char *s, uint64_t *out)
{
	const char *p = s, *mant, *dot = NULL, *mend;
	uint64_t v = 0;
	long exp = 0;
	bool neg = false;

	if (*p == '+' || *p == '-')
		neg = *p++ == '-';
	if (!strcasecmp(p, "inf") || !strcasecmp(p, "infinity") ||
	    !strcasecmp(p, "nan"))
		return NUM_NONFINITE;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		p += 2;
		if (!*p)
			return NUM_SYNTAX;
		for (; *p; p++) {
			unsigned dg;
			if (!isxdigit((unsigned char)*p))
				return NUM_SYNTAX;
			dg = isdigit((unsigned char)*p) ? (unsigned)(*p - '0')
			     : (unsigned)(tolower((unsigned char)*p) - 'a' + 10);
			if (v > (UINT64_MAX >> 4))
				return neg ? NUM_NEGATIVE : NUM_RANGE;
			v = v << 4 | dg;
		}
		if (neg && v)
			return NUM_NEGATIVE;
		*out = v;
		return NUM_OK;
	}
	mant = p;
	while (isdigit((unsigned char)*p) || (*p == '.' && !dot)) {
		if (*p == '.')
			dot = p;
		p++;
	}
	mend = p;
	if (mend == mant || (mend - mant == 1 && dot))
		return NUM_SYNTAX;
	if (*p == 'e' || *p == 'E') {
		bool eneg = false;
		p++;
		if (*p == '+' || *p == '-')
			eneg = *p++ == '-';
		if (!isdigit((unsigned char)*p))
			return NUM_SYNTAX;
		for (; isdigit((unsigned char)*p); p++)
			if (exp < 100000)
				exp = exp * 10 + (*p - '0');
		if (eneg)
			exp = -exp;
	}
	if (*p)
		return NUM_SYNTAX;
	/*
	 * value = (mantissa digits without '.') * 10^(exp - digits after
	 * '.'); trailing zeros of the digits move into the exponent, so a
	 * negative exponent left over means a fraction.
	 */
	if (dot)
		exp -= (long)(mend - dot - 1);
	while (mend > mant && (mend[-1] == '0' || mend[-1] == '.')) {
		if (mend[-1] == '0')
			exp++;
		mend--;
	}
	for (; mant < mend; mant++)
		if (*mant != '.' && !num_push(&v, (unsigned)(*mant - '0')))
			return neg ? NUM_NEGATIVE : NUM_RANGE;
	if (v == 0) {
		*out = 0;
		return NUM_OK;
	}
	if (exp < 0)
		return neg ? NUM_NEGATIVE : NUM_FRACTION;
	for (; exp > 0; exp--)
		if (!num_push(&v, 0))
			return neg ? NUM_NEGATIVE : NUM_RANGE;
	if (neg)
		return NUM_NEGATIVE;
	*out = v;
	return NUM_OK;
}

/* Set an integer or boolean option from text, with the row's bounds. */
static int opt_set_u64(struct ws_config *c, const struct opt_desc *o,
		       const char *val, struct diag *d)
{
	uint64_t v = 0;

	if (o->kind == OPTK_BOOL) {
		if (!strcmp(val, "true") || !strcmp(val, "yes")) {
			*FIELD(c, o, uint64_t) = 1;
			return 0;
		}
		if (!strcmp(val, "false") || !strcmp(val, "no")) {
			*FIELD(c, o, uint64_t) = 0;
			return 0;
		}
	}
	switch (num_parse_u64(val, &v)) {
	case NUM_OK:
		break;
	case NUM_SYNTAX:
		return diag_err(d, "option '%s': '%s' is not a number%s",
				o->name, val, o->kind == OPTK_BOOL ?
				" (or true/false)" : "");
	case NUM_FRACTION:
		return diag_err(d, "option '%s' = %s: not an integer (the "
				"option takes whole numbers)", o->name, val);
	case NUM_NONFINITE:
		return diag_err(d, "option '%s' = %s: must be a finite number "
				"in [%" PRIu64 ", %" PRIu64 "]", o->name, val,
				o->lo_u, o->hi_u);
	case NUM_NEGATIVE:
	case NUM_RANGE:
		return diag_err(d, "option '%s' = %s: out of range, must be in "
				"[%" PRIu64 ", %" PRIu64 "]", o->name, val,
				o->lo_u, o->hi_u);
	}
	if (v < o->lo_u || v > o->hi_u)
		return diag_err(d, "option '%s' = %s: out of range, must be in "
				"[%" PRIu64 ", %" PRIu64 "]", o->name, val,
				o->lo_u, o->hi_u);
	*FIELD(c, o, uint64_t) = v;
	return 0;
}

/*
 * A latency list: 1..n comma-separated integers in [0, OPT_LIST_MAX]
 * replacing the leading values of the current list; the result is written
 * back in full ("4,13,4,5,145,32").
 */
static int opt_set_list(struct ws_config *c, const struct opt_desc *o,
			unsigned n, const char *val, struct diag *d)
{
	uint64_t v[8] = {0};
	const char *p = *FIELD(c, o, char *);
	char buf[160];
	size_t len = 0;
	unsigned i, got = 0;

	for (i = 0; i < n; i++) { /* current values (always well formed) */
		v[i] = strtoull(p, (char **)&p, 10);
		if (*p == ',')
			p++;
	}
	for (p = val;; p++) {
		size_t l = strcspn(p, ",");
		char num[32];
		uint64_t x;

		if (got == n || l == 0 || l >= sizeof(num))
			goto bad;
		memcpy(num, p, l);
		num[l] = 0;
		if (num_parse_u64(num, &x) || x > OPT_LIST_MAX)
			goto bad;
		v[got++] = x;
		p += l;
		if (!*p)
			break;
	}
	for (i = 0; i < n; i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%" PRIu64,
					i ? "," : "", v[i]);
	free(*FIELD(c, o, char *));
	*FIELD(c, o, char *) = xstrdup(buf);
	return 0;
bad:
	return diag_err(d, "option '%s' = '%s': expected 1 to %u "
			"comma-separated cycle counts in [0, %u]",
			o->name, val, n, OPT_LIST_MAX);
}

static int opt_set(struct ws_config *c, const struct opt_desc *o,
		   const char *val, struct diag *d)
{
	char *end;

	switch (o->kind) {
	case OPTK_BOOL:
	case OPTK_U64:
		return opt_set_u64(c, o, val, d);
	case OPTK_F64: {
		double dv;

		errno = 0;
		dv = strtod(val, &end);
		if (end == val || *end || errno)
			return diag_err(d, "option '%s': '%s' is not a number",
					o->name, val);
		if (!isfinite(dv) || dv < o->lo || dv > o->hi)
			return diag_err(d, "option '%s' = %s: must be a finite "
					"number in [%g, %g]", o->name, val,
					o->lo, o->hi);
		*FIELD(c, o, double) = dv;
		return 0;
	}
	case OPTK_STR:
		for (size_t i = 0; i < ARRAY_SIZE(opt_lists); i++)
			if (!strcmp(o->name, opt_lists[i].name))
				return opt_set_list(c, o, opt_lists[i].n, val, d);
		free(*FIELD(c, o, char *));
		*FIELD(c, o, char *) = xstrdup(val);
		return 0;
	}
	return 0;
}

/* ===================== GPGPU-Sim compound options ===================== */

/*
 * GPGPU-Sim options that set one or several of our rows: returns 1 when
 * name is one of them (and applies val, 0 or -1 in *rc), else 0.
 */
static int opt_compound(struct ws_config *c, const char *name, size_t len,
			const char *val, bool user, int *rc, struct diag *d)
{
	char buf[128];

	if (len >= sizeof(buf))
		return 0;
	opt_canon(name, len, buf, sizeof(buf));
	if (!strcmp(buf, "gpgpu_shader_core_pipeline")) {
		/* THREADS:WARP = resident threads per SM : warp size */
		const char *colon = strchr(val, ':');
		char th[64];

		if (!colon || (size_t)(colon - val) >= sizeof(th)) {
			*rc = diag_err(d, "option 'gpgpu_shader_core_pipeline' = "
				       "'%s': expected THREADS:WARP_SIZE", val);
			return 1;
		}
		memcpy(th, val, (size_t)(colon - val));
		th[colon - val] = 0;
		*rc = opt_set(c, opt_by_name("gpgpu_shader_max_threads"), th,
			      d) ||
		      opt_set(c, opt_by_name("warp_size"), colon + 1, d) ? -1 : 0;
		if (!*rc && user) {
			c->user_set[CFG_OPT_max_threads_per_sm] = 1;
			c->user_set[CFG_OPT_warp_size] = 1;
		}
		return 1;
	}
	if (!strcmp(buf, "ptx_opcode_initiation_sfu")) {
		/* the second value of our "latency,interval" SFU pair */
		const struct opt_desc *o = opt_by_name("ptx_opcode_latency_sfu");
		char pair[96];
		uint64_t x;

		snprintf(pair, sizeof(pair), "%s", *FIELD(c, o, char *));
		if (num_parse_u64(val, &x) || x > OPT_LIST_MAX) {
			*rc = diag_err(d, "option 'ptx_opcode_initiation_sfu' = "
				       "'%s': expected a cycle count in [0, %u]",
				       val, OPT_LIST_MAX);
			return 1;
		}
		snprintf(pair + strcspn(pair, ","), sizeof(pair) -
			 strcspn(pair, ","), ",%" PRIu64, x);
		*rc = opt_set(c, o, pair, d);
		if (!*rc && user)
			c->user_set[CFG_OPT_lat_sfu] = 1;
		return 1;
	}
	return 0;
}

/* ===================== arguments ===================== */

static int parse_args(struct ws_config *c, struct cfg_parse *ps, int argc,
		      char **argv, struct diag *d);
static int apply_config(struct ws_config *c, struct cfg_parse *ps,
			const char *name, struct diag *d);

/* Set o from val; remember it as user-set outside option files. */
static int opt_apply(struct ws_config *c, struct cfg_parse *ps,
		     const struct opt_desc *o, const char *val, struct diag *d)
{
	if (opt_set(c, o, val, d))
		return -1;
	if (!ps->origin)
		c->user_set[o - opt_table] = 1;
	return 0;
}

/* Record an option a file names that is not in the table. */
static void note_unknown(struct cfg_parse *ps, const char *name, size_t len)
{
	char buf[512], canon[128];

	opt_canon(name, len, canon, sizeof(canon));
	if (ps->unknown_names) { /* each name once */
		const char *p = ps->unknown_names;
		size_t n = strlen(canon);

		while ((p = strstr(p, canon))) {
			if ((p == ps->unknown_names || p[-1] == ' ') &&
			    (p[n] == ',' || p[n] == 0))
				return;
			p += n;
		}
	}
	snprintf(buf, sizeof(buf), "%s (%s:%u)", canon, ps->origin, ps->line);
	str_append(&ps->unknown, buf);
	str_append(&ps->unknown_names, canon);
	ps->n_unknown++;
}

/* Does word w start another option ("-x", "--x"; "-1" is a value)? */
static bool is_option_word(const char *w)
{
	if (*w != '-')
		return false;
	while (*w == '-')
		w++;
	return isalpha((unsigned char)*w);
}

/* Apply "name=value" (from --set or --name=value). */
static int opt_assign(struct ws_config *c, struct cfg_parse *ps,
		      const char *s, struct diag *d)
{
	const char *eq = strchr(s, '=');
	const struct opt_desc *o;
	int rc;

	if (!eq)
		return diag_err(d, "expected name=value, got '%s'", s);
	if (opt_compound(c, s, (size_t)(eq - s), eq + 1, !ps->origin, &rc, d))
		return rc;
	o = opt_find(s, (size_t)(eq - s));
	if (!o) {
		if (ps->origin) {
			note_unknown(ps, s, (size_t)(eq - s));
			return 0;
		}
		return diag_err(d, "unknown option '%.*s' (see warpsim --help)",
				(int)(eq - s), s);
	}
	return opt_apply(c, ps, o, eq + 1, d);
}

static int parse_args(struct ws_config *c, struct cfg_parse *ps, int argc,
		      char **argv, struct diag *d)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const struct opt_desc *o;
		int rc;

		if (a[0] != '-')
			return diag_err(d, "unexpected argument '%s'", a);
		while (*a == '-')
			a++;
		const char *eq = strchr(a, '=');
		size_t len = eq ? (size_t)(eq - a) : strlen(a);
		if (len == 3 && !strncmp(a, "set", 3)) {
			if (eq)
				return diag_err(d, "--set takes name=value as its next argument");
			if (i + 1 >= argc)
				return diag_err(d, "--set needs name=value");
			if (opt_assign(c, ps, argv[++i], d))
				return -1;
			continue;
		}
		if (len == 6 && !strncmp(a, "config", 6)) {
			const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
			if (!v)
				return diag_err(d, "--config needs a built-in "
						"name or a file");
			if (apply_config(c, ps, v, d))
				return -1;
			continue;
		}
		if (!eq && i + 1 < argc &&
		    opt_compound(c, a, len, argv[i + 1], !ps->origin, &rc, d)) {
			if (rc)
				return -1;
			i++;
			continue;
		}
		if (eq && opt_compound(c, a, len, eq + 1, !ps->origin, &rc, d)) {
			if (rc)
				return -1;
			continue;
		}
		o = opt_find(a, len);
		if (!o && ps->origin) {
			/* skip the unknown option's values */
			note_unknown(ps, a, len);
			while (!eq && i + 1 < argc && !is_option_word(argv[i + 1]))
				i++;
			continue;
		}
		if (!o)
			return diag_err(d, "unknown option '%s' (see warpsim --help)",
					argv[i]);
		if (eq) {
			if (opt_apply(c, ps, o, eq + 1, d))
				return -1;
		} else if (o->kind == OPTK_BOOL &&
			   (i + 1 >= argc || argv[i + 1][0] == '-')) {
			if (opt_apply(c, ps, o, "1", d))
				return -1;
		} else {
			if (i + 1 >= argc)
				return diag_err(d, "option '%s' needs a value", argv[i]);
			if (opt_apply(c, ps, o, argv[++i], d))
				return -1;
		}
	}
	return 0;
}

/*
 * End of a top-level parse: unknown file options become one warning, or
 * one error under --strict-options.  Frees ps.
 */
static int parse_finish(struct ws_config *c, struct cfg_parse *ps, int rc,
			struct diag *d)
{
	if (rc == 0 && ps->n_unknown) {
		if (c->strict_options)
			rc = diag_err(d, "--strict-options: %u unknown option%s "
				      "in option files: %s", ps->n_unknown,
				      ps->n_unknown > 1 ? "s" : "", ps->unknown);
		else
			cfg_warn(c, "warning: ignored %u option%s from option "
				 "files that warpsim does not model "
				 "(--strict-options makes this an error): %s",
				 ps->n_unknown, ps->n_unknown > 1 ? "s" : "",
				 ps->unknown_names);
	}
	free(ps->unknown);
	free(ps->unknown_names);
	return rc;
}

int cfg_parse_args(struct ws_config *c, int argc, char **argv,
		   struct diag *d)
{
	struct cfg_parse ps = {0};

	return parse_finish(c, &ps, parse_args(c, &ps, argc, argv, d), d);
}

/* ===================== words and quoting ===================== */

void cfg_free_words(int n, char **w)
{
	for (int i = 0; i < n; i++)
		free(w[i]);
	free(w);
}

enum scan_tok { SCAN_END, SCAN_EOL, SCAN_WORD };

/* A word scanner over option text (WARPSIM_ARGS or an option file). */
struct cfg_scan {
	const char *p;   /* next character */
	bool file;       /* option-file rules: lines, '#' comments */
	unsigned line;   /* current line (1-based) */
	char *buf;       /* word being built (capacity len(text) + 1) */
	size_t b;        /* its length */
};

static bool is_blank(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' ||
	       ch == '\f';
}

/*
 * A line break inside quotes: in a file the break and the blanks around it
 * read as one space; in WARPSIM_ARGS the newline is kept.
 */
static void scan_quoted_newline(struct cfg_scan *sc)
{
	sc->line++;
	sc->p++;
	if (!sc->file) {
		sc->buf[sc->b++] = '\n';
		return;
	}
	while (sc->b && is_blank(sc->buf[sc->b - 1]))
		sc->b--;
	while (is_blank(*sc->p))
		sc->p++;
	sc->buf[sc->b++] = ' ';
}

/* Next token; a word is left in sc->buf[0..sc->b). */
static int scan_next(struct cfg_scan *sc, struct diag *d)
{
	for (;;) {
		if (is_blank(*sc->p) || (*sc->p == '\n' && !sc->file)) {
			sc->line += *sc->p == '\n';
			sc->p++;
		} else if (*sc->p == '\n') {
			sc->p++;
			sc->line++;
			return SCAN_EOL;
		} else if (*sc->p == '#' && sc->file) {
			while (*sc->p && *sc->p != '\n')
				sc->p++;
		} else {
			break;
		}
	}
	if (!*sc->p)
		return SCAN_END;
	sc->b = 0;
	while (*sc->p && !is_blank(*sc->p) && *sc->p != '\n' &&
	       !(*sc->p == '#' && sc->file)) {
		char q = *sc->p;

		if (q == '\\') {
			if (!sc->p[1]) {
				sc->buf[sc->b++] = *sc->p++;
			} else if (sc->p[1] == '\n' && sc->file) {
				sc->p += 2; /* line continuation */
				sc->line++;
			} else {
				sc->buf[sc->b++] = sc->p[1];
				sc->line += sc->p[1] == '\n';
				sc->p += 2;
			}
			continue;
		}
		if (q != '\'' && q != '"') {
			sc->buf[sc->b++] = *sc->p++;
			continue;
		}
		sc->p++;
		while (*sc->p && *sc->p != q) {
			if (*sc->p == '\n') {
				scan_quoted_newline(sc);
			} else if (q == '"' && *sc->p == '\\' &&
				   strchr("\\\"$`", sc->p[1]) && sc->p[1]) {
				sc->buf[sc->b++] = sc->p[1];
				sc->p += 2;
			} else {
				sc->buf[sc->b++] = *sc->p++;
			}
		}
		if (!*sc->p)
			return diag_err(d, "unterminated %s quote in options",
					q == '"' ? "double" : "single");
		sc->p++;
	}
	return SCAN_WORD;
}

int cfg_split_words(const char *s, char ***out, struct diag *d)
{
	struct cfg_scan sc = {.p = s, .file = false, .line = 1};
	char **w = NULL;
	int n = 0, cap = 0, t;

	sc.buf = xmalloc(strlen(s) + 1);
	while ((t = scan_next(&sc, d)) == SCAN_WORD) {
		VEC_PUSH(w, n, cap);
		w[n - 1] = xstrndup(sc.buf, sc.b);
	}
	free(sc.buf);
	if (t < 0) {
		cfg_free_words(n, w);
		return -1;
	}
	*out = w;
	return n;
}

/* Characters a word may hold and still be written without quotes. */
static bool is_plain_char(char ch)
{
	return isalnum((unsigned char)ch) || strchr("_-+=.,:/@%", ch);
}

void cfg_quote_word(char **buf, size_t *len, size_t *cap, const char *w)
{
	size_t need = 4 * strlen(w) + 4, i;
	bool plain = *w != 0;

	for (i = 0; w[i] && plain; i++)
		plain = is_plain_char(w[i]);
	if (*len + need + 1 > *cap) {
		*cap = (*len + need + 1) * 2;
		*buf = xrealloc(*buf, *cap);
	}
	if (*len)
		(*buf)[(*len)++] = ' ';
	if (plain) {
		memcpy(*buf + *len, w, strlen(w));
		*len += strlen(w);
	} else {
		(*buf)[(*len)++] = '\'';
		for (i = 0; w[i]; i++) {
			if (w[i] == '\'') { /* close, escaped quote, reopen */
				memcpy(*buf + *len, "'\\''", 4);
				*len += 4;
			} else {
				(*buf)[(*len)++] = w[i];
			}
		}
		(*buf)[(*len)++] = '\'';
	}
	(*buf)[*len] = 0;
}

int cfg_parse_string(struct ws_config *c, const char *s, struct diag *d)
{
	char **w;
	int n = cfg_split_words(s, &w, d);
	if (n < 0)
		return -1;
	int rc = cfg_parse_args(c, n, w, d);
	cfg_free_words(n, w);
	return rc;
}

/* ===================== option files ===================== */

/* Apply option-file text; ps->origin names it. */
static int parse_text(struct ws_config *c, struct cfg_parse *ps,
		      const char *text, struct diag *d)
{
	struct cfg_scan sc = {.p = text, .file = true, .line = 1};
	char **w = NULL;
	int n = 0, cap = 0, t, rc = 0;

	sc.buf = xmalloc(strlen(text) + 1);
	do {
		unsigned first = sc.line;

		while ((t = scan_next(&sc, d)) == SCAN_WORD) {
			if (!n)
				first = sc.line;
			VEC_PUSH(w, n, cap);
			w[n - 1] = xstrndup(sc.buf, sc.b);
		}
		ps->line = first;
		if (t < 0) {
			rc = diag_err(d, "%s:%u: bad option line", ps->origin,
				      first);
			break;
		}
		if (n > 0 && parse_args(c, ps, n, w, d)) {
			rc = diag_err(d, "%s:%u: bad option line", ps->origin,
				      first);
			break;
		}
		for (int i = 0; i < n; i++)
			free(w[i]);
		n = 0;
	} while (t != SCAN_END);
	cfg_free_words(n, w);
	free(sc.buf);
	return rc;
}

/* Read a whole text file; NULL with a message in d on failure. */
static char *read_text_file(const char *path, struct diag *d)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t len = 0, cap = 0, got;

	if (!f) {
		diag_err(d, "cannot open option file '%s'", path);
		return NULL;
	}
	do {
		if (cap - len < 4096) {
			cap = cap ? 2 * cap : 8192;
			text = xrealloc(text, cap);
		}
		got = fread(text + len, 1, cap - len - 1, f);
		len += got;
	} while (got > 0);
	if (ferror(f)) {
		fclose(f);
		free(text);
		diag_err(d, "cannot read option file '%s'", path);
		return NULL;
	}
	fclose(f);
	text[len] = 0;
	if (memchr(text, 0, len)) {
		free(text);
		diag_err(d, "option file '%s' is not text", path);
		return NULL;
	}
	return text;
}

/*
 * Read option text named name (a built-in's text when builtin is set,
 * else the file) as one more level of the include chain: refuses a name
 * already open (a cycle) and nesting beyond CFG_INCLUDE_MAX.
 */
static int parse_nested(struct ws_config *c, struct cfg_parse *ps,
			const char *name, const char *builtin, struct diag *d)
{
	char *real = builtin ? NULL : realpath(name, NULL);
	const char *key = real ? real : name, *old_origin = ps->origin;
	unsigned old_line = ps->line;
	char *text;
	int rc;

	for (unsigned i = 0; i < ps->depth; i++) {
		if (strcmp(ps->real[i], key))
			continue;
		char chain[1024] = "";
		for (unsigned j = 0; j < ps->depth; j++)
			snprintf(chain + strlen(chain),
				 sizeof(chain) - strlen(chain), "%s -> ",
				 ps->chain[j]);
		snprintf(chain + strlen(chain), sizeof(chain) - strlen(chain),
			 "%s", name);
		free(real);
		return diag_err(d, "--config include cycle: %s", chain);
	}
	if (ps->depth >= CFG_INCLUDE_MAX) {
		free(real);
		return diag_err(d, "--config '%s': option files nested more "
				"than %u deep (starting at '%s')", name,
				CFG_INCLUDE_MAX, ps->chain[0]);
	}
	text = builtin ? xstrdup(builtin) : read_text_file(name, d);
	if (!text) {
		free(real);
		return -1;
	}
	ps->chain[ps->depth] = name;
	ps->real[ps->depth] = real ? real : xstrdup(name);
	ps->depth++;
	ps->origin = name;
	rc = parse_text(c, ps, text, d);
	ps->depth--;
	free(ps->real[ps->depth]);
	ps->origin = old_origin;
	ps->line = old_line;
	free(text);
	return rc;
}

int cfg_parse_text(struct ws_config *c, const char *text, const char *origin,
		   struct diag *d)
{
	struct cfg_parse ps = {0};

	return parse_finish(c, &ps, parse_nested(c, &ps, origin, text, d), d);
}

int cfg_parse_file(struct ws_config *c, const char *path, struct diag *d)
{
	struct cfg_parse ps = {0};

	return parse_finish(c, &ps, parse_nested(c, &ps, path, NULL, d), d);
}

static int apply_config(struct ws_config *c, struct cfg_parse *ps,
			const char *name, struct diag *d)
{
	const struct cfg_builtin *b = cfg_builtin_find(name);
	char *keep = xstrdup(name);
	int rc;

	if (b) {
		rc = parse_nested(c, ps, b->name, b->text, d);
	} else {
		FILE *f = fopen(name, "r");

		if (!f) {
			unsigned n;
			const struct cfg_builtin *all = cfg_builtin_list(&n);
			char list[256] = "";

			for (unsigned i = 0; i < n; i++)
				snprintf(list + strlen(list),
					 sizeof(list) - strlen(list), "%s%s",
					 i ? ", " : "", all[i].name);
			diag_err(d, "--config '%s': not a built-in configuration "
				 "(%s) and no such option file", name, list);
			free(keep);
			return -1;
		}
		fclose(f);
		rc = parse_nested(c, ps, name, NULL, d);
	}
	if (rc == 0) {
		free(c->config_name);
		c->config_name = keep;
	} else {
		free(keep);
	}
	return rc;
}

int cfg_apply_config(struct ws_config *c, const char *name, struct diag *d)
{
	struct cfg_parse ps = {0};

	return parse_finish(c, &ps, apply_config(c, &ps, name, d), d);
}

/*
 * "core:icnt:l2:dram" -> four clock rates in MHz, each a finite number in
 * [CFG_MHZ_MIN, CFG_MHZ_MAX]: a zero, negative, infinite or denormal clock
 * would divide by zero or stall the clock stepping (src/mem/clock.c).
 */
static int cfg_clocks_parse(const char *s, double mhz[4], struct diag *d)
{
	static const char *const dom[4] = {"core", "interconnect", "L2", "DRAM"};
	const char *p = s;

	for (unsigned i = 0; i < 4; i++) {
		size_t l = strcspn(p, ":");
		char buf[64], *end;

		if (l == 0 || l >= sizeof(buf) || (i < 3 && p[l] != ':') ||
		    (i == 3 && p[l]))
			return diag_err(d, "gpgpu_clock_domains = '%s': expected "
					"four MHz values core:interconnect:L2:"
					"DRAM", s);
		memcpy(buf, p, l);
		buf[l] = 0;
		errno = 0;
		mhz[i] = strtod(buf, &end);
		if (end == buf || *end || !isfinite(mhz[i]) ||
		    mhz[i] < CFG_MHZ_MIN || mhz[i] > CFG_MHZ_MAX)
			return diag_err(d, "gpgpu_clock_domains = '%s': %s clock "
					"'%s' must be a finite number of MHz in "
					"[%g, %g]", s, dom[i], buf, CFG_MHZ_MIN,
					CFG_MHZ_MAX);
		p += l + 1;
	}
	return 0;
}

/*
 * The mode rule of options.def: with --mode functional, an OPT_TIMING
 * option set explicitly (not by a --config file) is an error.
 */
static int cfg_check_mode(const struct ws_config *c, struct diag *d)
{
	if (strcmp(c->mode, "functional"))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(opt_table); i++)
		if (c->user_set[i] && opt_table[i].scope == OPT_TIMING)
			return diag_err(d, "option '%s' only applies to --mode "
					"timing; --mode functional does not "
					"model it (drop the option or use "
					"--mode timing)", opt_table[i].name);
	return 0;
}

int cfg_validate(struct ws_config *c, struct diag *d)
{
	if (c->warp_size != 8 && c->warp_size != 16 && c->warp_size != 32 &&
	    c->warp_size != 64)
		return diag_err(d, "warp_size = %" PRIu64 ": must be 8, 16, 32 or 64",
				c->warp_size);
	if (strcmp(c->mode, "functional") && strcmp(c->mode, "timing"))
		return diag_err(d, "mode '%s': must be 'timing' or "
			"'functional'", c->mode);
	double clk[4];
	if (cfg_clocks_parse(c->clock_domains, clk, d))
		return -1;
	c->core_mhz = clk[0];
	c->icnt_mhz = clk[1];
	c->l2_mhz = clk[2];
	c->dram_mhz = clk[3];
	c->n_sm = (unsigned)(c->n_clusters * c->n_cores_per_cluster);
	if (c->dwr) {
		/*
		 * DWR's sub-warps are as wide as the SIMD group: they are the
		 * warps of the functional model.  A warp size named
		 * explicitly must be that width.
		 */
		if (c->user_set[CFG_OPT_warp_size] &&
		    c->warp_size != c->simd_width)
			return diag_err(d, "dwr = %" PRIu64 " needs warp_size = "
					"gpgpu_simd_width (%" PRIu64 "), not %"
					PRIu64 ": DWR's sub-warps are "
					"SIMD-wide", c->dwr, c->simd_width,
					c->warp_size);
		if (c->simd_width != 8 && c->simd_width != 16 &&
		    c->simd_width != 32)
			return diag_err(d, "dwr needs gpgpu_simd_width 8, 16 "
					"or 32, not %" PRIu64, c->simd_width);
		c->warp_size = c->simd_width;
		if (c->dwr % c->simd_width || c->dwr / c->simd_width < 2 ||
		    c->dwr / c->simd_width > 8)
			return diag_err(d, "dwr = %" PRIu64 ": must be 2 to 8 "
					"times gpgpu_simd_width = %" PRIu64
					" (and at most 64)", c->dwr,
					c->simd_width);
		uint64_t sets = c->dwr_ilt_entries / c->dwr_ilt_ways;
		if (c->dwr_ilt_entries % c->dwr_ilt_ways || (sets & (sets - 1)))
			return diag_err(d, "dwr_ilt_entries = %" PRIu64 " with "
					"dwr_ilt_ways = %" PRIu64 ": the sets "
					"(entries / ways) must be a whole "
					"power of two", c->dwr_ilt_entries,
					c->dwr_ilt_ways);
	}
	/* DWR's own parameters do nothing without --dwr: no silent no-op */
	static const unsigned dwr_only[] = {CFG_OPT_dwr_ilt_entries,
					    CFG_OPT_dwr_ilt_ways,
					    CFG_OPT_dwr_sync_latency};
	for (size_t i = 0; !c->dwr && i < ARRAY_SIZE(dwr_only); i++)
		if (c->user_set[dwr_only[i]])
			return diag_err(d, "option '%s' only applies with "
					"--dwr (dynamic warp resizing is off)",
					opt_table[dwr_only[i]].name);
	/*
	 * BOWS's and DDOS's parameters do nothing under another issue policy
	 * (only the bows:BASE wrapper reads them): no silent no-op.  The
	 * harness (tools/harness/harness_spec.py POLICY_SCOPED) scopes them
	 * to bows:* runs the same way.
	 */
	static const unsigned bows_only[] = {CFG_OPT_bows_delay,
					     CFG_OPT_bows_detect,
					     CFG_OPT_bows_sibs, CFG_OPT_ddos_l,
					     CFG_OPT_ddos_m, CFG_OPT_ddos_k,
					     CFG_OPT_ddos_t, CFG_OPT_ddos_hash};
	bool bows = !strncmp(c->sched, "bows", 4) &&
		    (c->sched[4] == ':' || !c->sched[4]);
	for (size_t i = 0; !bows && i < ARRAY_SIZE(bows_only); i++)
		if (c->user_set[bows_only[i]])
			return diag_err(d, "option '%s' only applies with "
					"--sched bows:BASE (BOWS); the issue "
					"policy is '%s'",
					opt_table[bows_only[i]].name, c->sched);
	/* the fork choice does nothing on one thread: no silent no-op */
	if (c->threads == 1 && c->user_set[CFG_OPT_threads_adapt])
		return diag_err(d, "option 'threads_adapt' only applies with "
				"--threads 2 or more (parallel SM stepping)");
	/* a traced run steps on one thread: no silent no-op */
	if (c->threads > 1 && c->trace_file[0])
		return diag_err(d, "option 'threads' above 1 does not apply to "
				"a traced run (--trace: one event trace, "
				"written in SM order, on one thread)");
	if (c->max_threads_per_sm < c->warp_size)
		return diag_err(d, "gpgpu_shader_max_threads must hold one warp");
	if (c->max_warps_per_sm == 0) /* as GPGPU-Sim's threads:warp pipeline */
		c->max_warps_per_sm = c->max_threads_per_sm / c->warp_size;
	if (c->shmem_per_block > c->shmem_per_sm)
		c->shmem_per_block = c->shmem_per_sm;
	/*
	 * A warp wider than the SIMD width occupies a unit for warp_size /
	 * simd_width cycles, so the width must divide the warp (or cover it).
	 */
	if (c->simd_width & (c->simd_width - 1))
		return diag_err(d, "gpgpu_simd_width = %" PRIu64 ": must be a "
				"power of two", c->simd_width);
	if (c->simd_width < c->warp_size && c->warp_size % c->simd_width)
		return diag_err(d, "gpgpu_simd_width = %" PRIu64 " must divide "
				"warp_size = %" PRIu64, c->simd_width,
				c->warp_size);
	if (c->n_sched < 1)
		return diag_err(d, "gpgpu_num_sched_per_core must be at least 1");
	/* The memory rows must describe a valid memory system. */
	{
		struct mem_config m;
		struct mem_cache_config il1 = {0};
		char *notes = NULL;

		if (mem_config_map_ws(&m, c, &notes, d) ||
		    mem_cache_string_parse(&il1, "gpgpu_cache:il1",
					   c->cache_il1, NULL, d)) {
			free(notes);
			return -1;
		}
		/* once, though sim and CLI may both validate */
		if (notes && !(c->warnings && strstr(c->warnings, notes)))
			cfg_warn(c, "%s", notes);
		free(notes);
	}
	return cfg_check_mode(c, d);
}

void cfg_print(FILE *f, const struct ws_config *c, const char *prefix)
{
	for (size_t i = 0; i < ARRAY_SIZE(opt_table); i++) {
		const struct opt_desc *o = &opt_table[i];
		fprintf(f, "%s%s = ", prefix, o->name);
		switch (o->kind) {
		case OPTK_U64:
		case OPTK_BOOL:
			fprintf(f, "%" PRIu64 "\n", *FIELD(c, o, uint64_t));
			break;
		case OPTK_F64: fprintf(f, "%g\n", *FIELD(c, o, double)); break;
		case OPTK_STR: fprintf(f, "%s\n", *FIELD(c, o, char *)); break;
		}
	}
}

void cfg_print_help(FILE *f)
{
	for (size_t i = 0; i < ARRAY_SIZE(opt_table); i++) {
		const struct opt_desc *o = &opt_table[i];
		char def[64];
		switch (o->kind) {
		case OPTK_U64:
		case OPTK_BOOL: snprintf(def, sizeof(def), "%" PRIu64, o->def_u); break;
		case OPTK_F64: snprintf(def, sizeof(def), "%g", o->def_f); break;
		case OPTK_STR: snprintf(def, sizeof(def), "%s", o->def_s); break;
		}
		fprintf(f, "  --%-28s %s (default %s)\n", o->name, o->help, def);
	}
}
