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
#include <stdio.h>
#include <stdlib.h>

enum opt_kind { OPTK_U64, OPTK_F64, OPTK_STR, OPTK_BOOL };

struct opt_desc {
	const char *name;    /* option name (underscores) */
	enum opt_kind kind;  /* value type */
	size_t offset;       /* field offset in struct ws_config */
	uint64_t def_u;      /* default for U64/BOOL */
	double def_f;        /* default for F64 */
	const char *def_s;   /* default for STR */
	double lo, hi;       /* bounds for numbers */
	const char *help;    /* one-line help */
};

static const struct opt_desc opt_table[] = {
#define OPT_U64(f, n, d, l, h, hl) \
	{n, OPTK_U64, offsetof(struct ws_config, f), d, 0, NULL, (double)(l), (double)(h), hl},
#define OPT_F64(f, n, d, l, h, hl) \
	{n, OPTK_F64, offsetof(struct ws_config, f), 0, d, NULL, l, h, hl},
#define OPT_STR(f, n, d, hl) \
	{n, OPTK_STR, offsetof(struct ws_config, f), 0, 0, d, 0, 0, hl},
#define OPT_BOOL(f, n, d, hl) \
	{n, OPTK_BOOL, offsetof(struct ws_config, f), d, 0, NULL, 0, 1, hl},
#include "options.def"
#undef OPT_U64
#undef OPT_F64
#undef OPT_STR
#undef OPT_BOOL
};

/* Accepted spellings that differ from the table name. */
static const struct { const char *alias, *name; } opt_aliases[] = {
	{"warpsize", "warp_size"},
	{"max_insn", "gpgpu_max_insn"},
	{"stats", "stats_file"},
	{"sched", "gpgpu_scheduler"},
	{"fetch", "fetch_policy"},
	{"gmem_skip_L1D", "gpgpu_gmem_skip_L1D"},  /* GPGPU-Sim 3.x */
	{"rop_latency", "gpgpu_l2_rop_latency"},   /* GPGPU-Sim 3.x */
};

#define FIELD(c, o, T) ((T *)((char *)(c) + (o)->offset))

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
	memset(c, 0, sizeof(*c));
}

/* Canonical name: leading dashes stripped, '-' -> '_', aliases resolved. */
static const struct opt_desc *opt_find(const char *name, size_t len)
{
	char buf[128];
	size_t i;
	if (len >= sizeof(buf))
		return NULL;
	for (i = 0; i < len; i++)
		buf[i] = name[i] == '-' ? '_' : name[i];
	buf[len] = 0;
	for (i = 0; i < ARRAY_SIZE(opt_aliases); i++)
		if (!strcmp(buf, opt_aliases[i].alias)) {
			snprintf(buf, sizeof(buf), "%s", opt_aliases[i].name);
			break;
		}
	for (i = 0; i < ARRAY_SIZE(opt_table); i++)
		if (!strcmp(buf, opt_table[i].name))
			return &opt_table[i];
	return NULL;
}

static int opt_set(struct ws_config *c, const struct opt_desc *o,
		   const char *val, struct diag *d)
{
	char *end;
	errno = 0;
	switch (o->kind) {
	case OPTK_BOOL:
	case OPTK_U64: {
		if (o->kind == OPTK_BOOL &&
		    (!strcmp(val, "true") || !strcmp(val, "yes"))) {
			*FIELD(c, o, uint64_t) = 1;
			return 0;
		}
		if (o->kind == OPTK_BOOL &&
		    (!strcmp(val, "false") || !strcmp(val, "no"))) {
			*FIELD(c, o, uint64_t) = 0;
			return 0;
		}
		double dv = strtod(val, &end); /* accepts 1e6 and 1000 */
		if (end == val || *end || errno || dv < 0 || dv != dv)
			return diag_err(d, "option '%s': '%s' is not a number",
					o->name, val);
		if (dv < o->lo || dv > o->hi)
			return diag_err(d, "option '%s' = %s: must be in [%.0f, %.0f]",
					o->name, val, o->lo, o->hi);
		uint64_t v = dv >= 1.8e19 ? UINT64_MAX : (uint64_t)dv;
		if (!strchr(val, 'e') && !strchr(val, '.'))
			v = strtoull(val, NULL, 10);
		*FIELD(c, o, uint64_t) = v;
		return 0;
	}
	case OPTK_F64: {
		double dv = strtod(val, &end);
		if (end == val || *end || errno)
			return diag_err(d, "option '%s': '%s' is not a number",
					o->name, val);
		if (dv < o->lo || dv > o->hi)
			return diag_err(d, "option '%s' = %s: must be in [%g, %g]",
					o->name, val, o->lo, o->hi);
		*FIELD(c, o, double) = dv;
		return 0;
	}
	case OPTK_STR:
		free(*FIELD(c, o, char *));
		*FIELD(c, o, char *) = xstrdup(val);
		return 0;
	}
	return 0;
}

/* Apply "name=value" (from --set or --name=value). */
static int opt_assign(struct ws_config *c, const char *s, struct diag *d)
{
	const char *eq = strchr(s, '=');
	if (!eq)
		return diag_err(d, "expected name=value, got '%s'", s);
	const struct opt_desc *o = opt_find(s, (size_t)(eq - s));
	if (!o)
		return diag_err(d, "unknown option '%.*s' (see warpsim --help)",
				(int)(eq - s), s);
	return opt_set(c, o, eq + 1, d);
}

int cfg_parse_args(struct ws_config *c, int argc, char **argv,
		   struct diag *d)
{
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
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
			if (opt_assign(c, argv[++i], d))
				return -1;
			continue;
		}
		if (len == 6 && !strncmp(a, "config", 6)) {
			const char *v = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
			if (!v)
				return diag_err(d, "--config needs a built-in "
						"name or a file");
			if (cfg_apply_config(c, v, d))
				return -1;
			continue;
		}
		const struct opt_desc *o = opt_find(a, len);
		if (!o)
			return diag_err(d, "unknown option '%s' (see warpsim --help)",
					argv[i]);
		if (eq) {
			if (opt_set(c, o, eq + 1, d))
				return -1;
		} else if (o->kind == OPTK_BOOL &&
			   (i + 1 >= argc || argv[i + 1][0] == '-')) {
			*FIELD(c, o, uint64_t) = 1;
		} else {
			if (i + 1 >= argc)
				return diag_err(d, "option '%s' needs a value", argv[i]);
			if (opt_set(c, o, argv[++i], d))
				return -1;
		}
	}
	return 0;
}

void cfg_free_words(int n, char **w)
{
	for (int i = 0; i < n; i++)
		free(w[i]);
	free(w);
}

int cfg_split_words(const char *s, char ***out, struct diag *d)
{
	char **w = NULL;
	int n = 0, cap = 0;
	size_t len = strlen(s);
	char *buf = xmalloc(len + 1);
	while (*s) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		size_t b = 0;
		while (*s && !isspace((unsigned char)*s)) {
			if (*s == '\'' || *s == '"') {
				char q = *s++;
				while (*s && *s != q)
					buf[b++] = *s++;
				if (!*s) {
					free(buf);
					cfg_free_words(n, w);
					return diag_err(d, "unterminated quote in options");
				}
				s++;
			} else {
				buf[b++] = *s++;
			}
		}
		VEC_PUSH(w, n, cap);
		w[n - 1] = xstrndup(buf, b);
	}
	free(buf);
	*out = w;
	return n;
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

int cfg_parse_text(struct ws_config *c, const char *text, const char *origin,
		   struct diag *d)
{
	unsigned ln = 0;
	const char *p = text;

	while (*p) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		const char *h = memchr(p, '#', len);
		char *line = xstrndup(p, h ? (size_t)(h - p) : len);
		char **w;
		int n;

		ln++;
		n = cfg_split_words(line, &w, d);
		free(line);
		if (n < 0 || (n > 0 && cfg_parse_args(c, n, w, d))) {
			if (n > 0)
				cfg_free_words(n, w);
			return diag_err(d, "%s:%u: bad option line", origin, ln);
		}
		cfg_free_words(n, w);
		p += len + (e ? 1 : 0);
	}
	return 0;
}

int cfg_parse_file(struct ws_config *c, const char *path, struct diag *d)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t len = 0, cap = 0, got;
	int rc;

	if (!f)
		return diag_err(d, "cannot open option file '%s'", path);
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
		return diag_err(d, "cannot read option file '%s'", path);
	}
	fclose(f);
	text[len] = 0;
	if (memchr(text, 0, len)) {
		free(text);
		return diag_err(d, "option file '%s' is not text", path);
	}
	rc = cfg_parse_text(c, text, path, d);
	free(text);
	return rc;
}

int cfg_apply_config(struct ws_config *c, const char *name, struct diag *d)
{
	const struct cfg_builtin *b = cfg_builtin_find(name);
	char *keep = xstrdup(name);
	int rc;

	if (b) {
		rc = cfg_parse_text(c, b->text, b->name, d);
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
		rc = cfg_parse_file(c, name, d);
	}
	if (rc == 0) {
		free(c->config_name);
		c->config_name = keep;
	} else {
		free(keep);
	}
	return rc;
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
	if (sscanf(c->clock_domains, "%lf:%lf:%lf:%lf", &clk[0], &clk[1],
		   &clk[2], &clk[3]) != 4 || clk[0] <= 0 || clk[1] <= 0 ||
	    clk[2] <= 0 || clk[3] <= 0)
		return diag_err(d, "gpgpu_clock_domains = '%s': expected "
			"four positive MHz values core:icnt:l2:dram", c->clock_domains);
	c->core_mhz = clk[0];
	c->icnt_mhz = clk[1];
	c->l2_mhz = clk[2];
	c->dram_mhz = clk[3];
	c->n_sm = (unsigned)(c->n_clusters * c->n_cores_per_cluster);
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

		if (mem_config_from_ws(&m, c, d))
			return -1;
	}
	return 0;
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
