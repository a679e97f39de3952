/*
 * config.h - the simulator configuration: one option table (options.def)
 * expanded into an immutable struct, parsed from command-line style
 * arguments, WARPSIM_ARGS, or option files of `-name value` lines.
 *
 * Numbers.  An integer option takes decimal digits (`1000`), hex (`0x20`)
 * or a decimal scientific form whose value is an exact integer (`1e9`,
 * `1E9`, `2.5e3`); `32.9`, `1.5`, `inf`, `nan`, `-1` and values outside
 * the row's [min, max] are refused with the option's name.  A floating
 * option takes any finite strtod number within its bounds.  Booleans also
 * take true/yes/false/no.
 *
 * Quoting (WARPSIM_ARGS and option files; cfg_split_words and
 * cfg_quote_word agree on it, so any word round-trips): words are
 * separated by blanks; '...' keeps everything inside literally; "..."
 * keeps everything except that \ \" \$ and \` stand for the second
 * character; outside quotes a backslash makes the next character literal;
 * '' is an empty word.  cfg_quote_word writes a word that needs it as
 * '...' with each ' spelled '\''.
 *
 * Option files (--config FILE): one or more options per line, `#` outside
 * quotes starts a comment; a quoted value may span lines (the line break
 * and the blanks around it read as one space); `--config` inside a file
 * includes another file (at most CFG_INCLUDE_MAX deep; a file that
 * includes itself, directly or through others, is an error that prints the
 * chain).  Options a file names that warpsim does not know are ignored and
 * listed in one warning (GPGPU-Sim's gpgpusim.config files carry many),
 * or are errors with --strict-options; on the command line and in
 * WARPSIM_ARGS an unknown option is always an error.  GPGPU-Sim forms
 * accepted in any source: gpgpu_shader_core_pipeline THREADS:WARP, latency
 * lists shorter than ours (the missing trailing values keep their current
 * value, so `ptx_opcode_latency_sfu 100` sets only the latency),
 * ptx_opcode_initiation_sfu, cache strings with an N:/S: kind prefix, and
 * streaming (s) allocation (modelled as allocate-on-miss, with a warning).
 */
#ifndef SIM_CONFIG_CONFIG_H
#define SIM_CONFIG_CONFIG_H

#include <stdio.h>

#include "../base/base.h"
#include "../base/diag.h"

/* Option ids, in table order (CFG_OPT_<field>). */
enum cfg_opt_id {
#define OPT_U64(f, n, d, lo, hi, h) CFG_OPT_##f,
#define OPT_F64(f, n, d, lo, hi, h) CFG_OPT_##f,
#define OPT_STR(f, n, d, h) CFG_OPT_##f,
#define OPT_BOOL(f, n, d, h) CFG_OPT_##f,
#include "options.def"
#undef OPT_U64
#undef OPT_F64
#undef OPT_STR
#undef OPT_BOOL
	CFG_N_OPTS /* number of rows in options.def */
};

/* Accepted clock rates (gpgpu_clock_domains), MHz. */
#define CFG_MHZ_MIN 1.0
#define CFG_MHZ_MAX 100000.0

/* Deepest nesting of --config files inside option files. */
#define CFG_INCLUDE_MAX 16

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
	/* parse bookkeeping */
	unsigned char user_set[CFG_N_OPTS]; /* 1: set on the command line, in
					       WARPSIM_ARGS or by --set (not
					       by a --config file) */
	char *warnings;    /* lines for the user ("warning: ..."), or NULL:
			      ignored file options, mapped GPGPU-Sim forms;
			      the caller prints them */
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
/*
 * Cross-field checks and derived values: warp size, mode, clock domains
 * (finite, in [1, 100000] MHz), memory rows (mem_config_from_ws), the
 * instruction cache string, and the mode rule of options.def (a timing-only
 * option set explicitly with --mode functional is an error).  Scheduler and
 * fetch policy names need the sched layer: ws_config_check (sim layer)
 * calls this and checks them too.
 */
int cfg_validate(struct ws_config *c, struct diag *d);
/* Print `name = value` for every option (the effective configuration). */
void cfg_print(FILE *f, const struct ws_config *c, const char *prefix);
/* --help text for every option. */
void cfg_print_help(FILE *f);
/*
 * Split s into argv words by the quoting rules above (newlines are blanks,
 * `#` is an ordinary character); returns the count, or -1 on an
 * unterminated quote; *out is freed by cfg_free_words.
 */
int cfg_split_words(const char *s, char ***out, struct diag *d);
void cfg_free_words(int n, char **w);
/*
 * Append word w to the string *buf (length *len, capacity *cap; both
 * updated, *buf reallocated), preceded by a blank unless *len is 0 and
 * quoted so that cfg_split_words gives back exactly w.
 */
void cfg_quote_word(char **buf, size_t *len, size_t *cap, const char *w);
/* Append one line (a newline is added) to c->warnings. */
void cfg_warn(struct ws_config *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
