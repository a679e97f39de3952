/*
 * config.h - the simulator configuration: one option table (options.def)
 * expanded into an immutable struct, parsed from command-line style
 * arguments, WARPSIM_ARGS, or option files of `-name value` lines.
 */
#ifndef SIM_CONFIG_CONFIG_H
#define SIM_CONFIG_CONFIG_H

#include <stdio.h>

#include "../base/base.h"
#include "../base/diag.h"

struct ws_config {
#define OPT_U64(f, n, d, lo, hi, h) uint64_t f; /* h */
#define OPT_F64(f, n, d, lo, hi, h) double f;   /* h */
#define OPT_STR(f, n, d, h) char *f;            /* h */
#define OPT_BOOL(f, n, d, h) uint64_t f;        /* h */
#include "options.def"
#undef OPT_U64
#undef OPT_F64
#undef OPT_STR
#undef OPT_BOOL
	/* derived by cfg_validate */
	unsigned n_sm;     /* n_clusters * n_cores_per_cluster */
	double core_mhz;   /* first clock domain */
	double icnt_mhz;   /* second clock domain */
	double l2_mhz;     /* third clock domain */
	double dram_mhz;   /* fourth clock domain */
};

/* Fill c with the defaults. */
void cfg_init(struct ws_config *c);
void cfg_release(struct ws_config *c);
/*
 * Apply arguments in the `warpsim` grammar: `--name value`, `--name=value`,
 * `-name value`, `--set name=value`, `--config FILE` (option file), and
 * bare `--flag` for booleans.  Dashes inside names count as underscores.
 * Later values override earlier ones; unknown names are errors.
 */
int cfg_parse_args(struct ws_config *c, int argc, char **argv,
		   struct diag *d);
/* Split a string into words (quotes group) and apply them. */
int cfg_parse_string(struct ws_config *c, const char *s, struct diag *d);
/* Read an option file: `-name value` lines, `#` comments. */
int cfg_parse_file(struct ws_config *c, const char *path, struct diag *d);
/*
 * Apply option text in the option-file format (`-name value` lines, `#`
 * comments); origin names it in error messages ("FILE:LINE: ...").
 */
int cfg_parse_text(struct ws_config *c, const char *text, const char *origin,
		   struct diag *d);
/*
 * `--config NAME`: apply the built-in configuration NAME if there is one,
 * else read NAME as an option file; either way config_name records NAME.
 */
int cfg_apply_config(struct ws_config *c, const char *name, struct diag *d);

/* A built-in machine configuration (builtin.c; configs/NAME.cfg). */
struct cfg_builtin {
	const char *name;  /* name for --config, e.g. "gtx480" */
	const char *desc;  /* one line: the machine and its source */
	const char *text;  /* option text, byte-identical to configs/NAME.cfg */
};

/* The built-in named name, or NULL. */
const struct cfg_builtin *cfg_builtin_find(const char *name);
/* All built-ins; *n receives their count. */
const struct cfg_builtin *cfg_builtin_list(unsigned *n);
/* Cross-field checks and derived values. */
int cfg_validate(struct ws_config *c, struct diag *d);
/* Print `name = value` for every option (the effective configuration). */
void cfg_print(FILE *f, const struct ws_config *c, const char *prefix);
/* --help text for every option. */
void cfg_print_help(FILE *f);
/* Split s into argv words; returns count, *out to be freed by cfg_free_words */
int cfg_split_words(const char *s, char ***out, struct diag *d);
void cfg_free_words(int n, char **w);

#endif
