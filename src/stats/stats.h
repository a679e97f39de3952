/*
 * stats.h - the statistics registry and its two output formats.
 *
 * A struct stats is an ordered list of named values: unsigned counters,
 * doubles, strings and arrays of counters or doubles.  The simulator fills
 * one per kernel launch (and one for the effective configuration, and one
 * for the running total) and prints it as GPGPU-Sim-style `name = value`
 * lines and/or appends it to a JSON document (`--stats FILE.json`) that the
 * experiment harness loads into its results database.
 *
 * Nothing here models hardware; it is bookkeeping at launch granularity and
 * must never be called from a per-cycle or per-instruction path.
 */
#ifndef SIM_STATS_STATS_H
#define SIM_STATS_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct diag;

/* ================================================================
 * The registry
 * ================================================================ */

/*
 * An opaque, ordered set of named values.  Entries keep the order in which
 * their names were first set; setting an existing name replaces its value
 * (and, if different, its kind) in place, so the order never changes.
 * Names are copied; they may be any NUL-terminated string, but the text
 * format is only readable for names without spaces ('[a-z0-9_]' by
 * convention).  Lookups go through a hash index, so setting n names is O(n).
 *
 * Allocation: stats_clear keeps every buffer.  Refilling a cleared registry
 * with the same names in the same order (the per-launch pattern) allocates
 * nothing, as long as strings and arrays are no longer than before.
 */
struct stats;

struct stats *stats_create(void);
/* Free s and everything it owns; NULL is ignored. */
void stats_destroy(struct stats *s);
/* Remove every entry, keeping the capacity for the next fill. */
void stats_clear(struct stats *s);

/* Set one value (create the name, or replace its value in place). */
void stats_u64(struct stats *s, const char *name, uint64_t v);
void stats_f64(struct stats *s, const char *name, double v);
/* The string is copied; NULL is stored as "". */
void stats_str(struct stats *s, const char *name, const char *v);
/* The n elements are copied; n may be 0 (an empty array). */
void stats_u64_array(struct stats *s, const char *name, const uint64_t *v,
		     size_t n);
void stats_f64_array(struct stats *s, const char *name, const double *v,
		     size_t n);

/* Number of entries. */
size_t stats_count(const struct stats *s);
/*
 * Read one value back (for tests and tools).  stats_get_u64 succeeds only on
 * a u64 entry; stats_get_f64 on an f64 entry, or on a u64 entry converted to
 * double; stats_get_str returns NULL unless name is a string entry.
 */
bool stats_get_u64(const struct stats *s, const char *name, uint64_t *out);
bool stats_get_f64(const struct stats *s, const char *name, double *out);
const char *stats_get_str(const struct stats *s, const char *name);
/*
 * A u64 array entry's elements (valid until the entry changes) and, in *n,
 * their count; NULL when name is not a u64 array.  An empty array may
 * give NULL or a pointer: test *n.
 */
const uint64_t *stats_get_u64_array(const struct stats *s, const char *name,
				    size_t *n);

/*
 * Accumulate src into dst (running totals).  Per src entry, in src order:
 *  - u64: added to dst's u64 of that name (wrapping modulo 2^64);
 *  - u64 array: added elementwise; the shorter array counts as zeros, so dst
 *    grows to the longer length;
 *  - f64, string, f64 array: copied when dst has no such name, else dst's
 *    value is kept (ratios such as gpu_ipc are not summable: the caller
 *    recomputes them for a total);
 * Names dst lacks are appended in src order.  When dst holds the name with a
 * different kind, src's value replaces it.
 */
void stats_add(struct stats *dst, const struct stats *src);

/*
 * Text format, one line per entry, in order:
 *   name = 42                      u64, decimal
 *   name = 0.8125                  f64, see below
 *   name = some text               string, verbatim (control chars as '?')
 *   name = 1 2 3                   arrays, elements separated by one space
 *   name =                         an empty array
 * f64 rule (deterministic, locale-independent): 0 and values with
 * 1e-4 <= |v| < 1e15 print with "%.4f" (like GPGPU-Sim's gpu_ipc); others
 * with "%.6e"; NaN prints "nan", infinities "inf" and "-inf".
 */
void stats_print_text(const struct stats *s, FILE *f);

/* ================================================================
 * The JSON document (--stats FILE.json)
 * ================================================================ */

/*
 * Schema, exactly these five keys in this order:
 *   {"warpsim_version": "...",
 *    "config": {name: value, ...},
 *    "launches": [ {name: value, ...}, ... ],
 *    "total": {name: value, ...},
 *    "complete": true | false}
 * Values: u64 -> integer; f64 -> number that always has a '.' or exponent
 * (shortest of %.15g/%.17g that reads back exactly), NaN and infinities ->
 * null; string -> string (escaped; invalid UTF-8 bytes become U+FFFD);
 * arrays -> arrays.  The document may carry trailing spaces after its
 * closing brace (see crash safety below); JSON allows them.
 *
 * Crash safety: the file is valid JSON from stats_json_open on.  The open
 * writes PATH.tmp and rename()s it over PATH (so an old complete document is
 * replaced atomically).  Each stats_json_launch then appends the launch in
 * place with a single write of "launch + new tail", where the tail holds
 * "total" so far (the sum of every launch's u64 and u64-array entries, via
 * the stats_add rules, f64 and strings left out since they do not sum) and
 * "complete": false.  A host program that crashes or exits without closing
 * therefore leaves a valid document with complete=false and every launch
 * that returned.  (Rewriting the whole document per launch would cost
 * O(launches^2) bytes of I/O and keep every launch in memory; appending
 * costs O(launch + total) and keeps none.)  stats_json_close writes the
 * tail with the final total and "complete": true.
 *
 * Bound: after STATS_JSON_MAX_LAUNCHES launches, further launches are only
 * added to the running total and counted; the total then carries a u64
 * "launches_dropped" (unless the caller's total already has that name).
 */
#define STATS_JSON_MAX_LAUNCHES 10000

struct stats_json;

/*
 * Create the document at path with the version string and the effective
 * configuration (config may be NULL for {}).  Returns NULL and records an
 * error in d when path (or path.tmp) cannot be written.
 */
struct stats_json *stats_json_open(const char *path, const char *version,
				   const struct stats *config, struct diag *d);
/* Change the kept-launch bound (tests; default STATS_JSON_MAX_LAUNCHES). */
void stats_json_set_max_launches(struct stats_json *j, size_t n);
/*
 * Append one launch and update the running total.  Returns 0, or -1 when
 * the write failed (the document is then left as it was before the call,
 * or torn if the disk filled mid-write).  j == NULL is a no-op returning 0.
 */
int stats_json_launch(struct stats_json *j, const struct stats *launch);
/*
 * Finish the document with "total" set to total (NULL: the running total
 * of u64 entries) and "complete": true, close it and free j.  Returns 0 or
 * -1 on a write error (any earlier failed write also makes it -1).
 * j == NULL is a no-op returning 0.
 */
int stats_json_close(struct stats_json *j, const struct stats *total);

#endif
