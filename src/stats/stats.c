/*
 * stats.c - the statistics registry, its text format and the crash-safe
 * JSON document writer (see stats.h for the formats and guarantees).
 *
 * A registry is an array of entries in first-set order plus an open-
 * addressing hash of entry indices.  Clearing keeps the entries' names and
 * buffers as "spare" slots past the live count, so a refill with the same
 * names in the same order reuses them without allocating.
 */
#include "base/base.h"
#include "base/diag.h"
#include "stats/stats.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

enum stats_kind { STK_U64, STK_F64, STK_STR, STK_U64_ARR, STK_F64_ARR };

struct stats_ent {
	char *name;           /* owned copy of the name */
	enum stats_kind kind; /* which of the value fields is meaningful */
	uint64_t u;           /* STK_U64 value */
	double f;             /* STK_F64 value */
	size_t n;             /* elements of an array, bytes of a string */
	void *buf;            /* string bytes (NUL-terminated) or elements */
	size_t buf_bytes;     /* bytes allocated at buf */
};

struct stats {
	struct stats_ent *ent; /* entries; [0, n) live, [n, n_slots) spare */
	size_t n;              /* live entries */
	size_t n_slots;        /* entries with an allocated name */
	size_t cap;            /* entries allocated */
	uint32_t *hash;        /* live entry index + 1 per bucket, 0 = empty */
	size_t hash_cap;       /* buckets, a power of two (or 0) */
};

/* ================================================================
 * Registry
 * ================================================================ */

static uint32_t stats_hash_name(const char *s)
{
	uint32_t h = 2166136261u; /* FNV-1a */
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static void stats_hash_put(struct stats *s, size_t idx)
{
	size_t m = s->hash_cap - 1;
	size_t b = stats_hash_name(s->ent[idx].name) & m;
	while (s->hash[b])
		b = (b + 1) & m;
	s->hash[b] = (uint32_t)(idx + 1);
}

/* Index of the live entry called name, or -1. */
static long stats_find(const struct stats *s, const char *name)
{
	if (!s->hash_cap)
		return -1;
	size_t m = s->hash_cap - 1;
	for (size_t b = stats_hash_name(name) & m; s->hash[b]; b = (b + 1) & m)
		if (!strcmp(s->ent[s->hash[b] - 1].name, name))
			return (long)s->hash[b] - 1;
	return -1;
}

/* Keep the hash at most half full, counting the entry about to be added. */
static void stats_hash_reserve(struct stats *s)
{
	if ((s->n + 1) * 2 <= s->hash_cap)
		return;
	s->hash_cap = s->hash_cap ? s->hash_cap * 2 : 64;
	free(s->hash);
	s->hash = xcalloc(s->hash_cap, sizeof(*s->hash));
	for (size_t i = 0; i < s->n; i++)
		stats_hash_put(s, i);
}

/*
 * The entry called name, created at the end (reusing a spare slot) when
 * absent.  Its kind is set to kind; its value is left for the caller.
 */
static struct stats_ent *stats_slot(struct stats *s, const char *name,
				    enum stats_kind kind)
{
	long i = stats_find(s, name);
	struct stats_ent *e;
	if (i >= 0) {
		e = &s->ent[i];
	} else {
		stats_hash_reserve(s);
		if (s->n == s->n_slots) {
			if (s->n_slots == s->cap) {
				s->cap = s->cap ? s->cap * 2 : 16;
				s->ent = xrealloc(s->ent, s->cap * sizeof(*s->ent));
			}
			memset(&s->ent[s->n_slots++], 0, sizeof(*s->ent));
		}
		e = &s->ent[s->n];
		if (!e->name || strcmp(e->name, name)) {
			free(e->name);
			e->name = xstrdup(name);
		}
		stats_hash_put(s, s->n++);
	}
	e->kind = kind;
	return e;
}

/* Make e->buf hold at least bytes bytes (never shrinks). */
static void stats_reserve(struct stats_ent *e, size_t bytes)
{
	if (bytes > e->buf_bytes) {
		e->buf = xrealloc(e->buf, bytes);
		e->buf_bytes = bytes;
	}
}

struct stats *stats_create(void) { return xcalloc(1, sizeof(struct stats)); }

void stats_destroy(struct stats *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n_slots; i++) {
		free(s->ent[i].name);
		free(s->ent[i].buf);
	}
	free(s->ent);
	free(s->hash);
	free(s);
}

void stats_clear(struct stats *s)
{
	s->n = 0;
	if (s->hash_cap)
		memset(s->hash, 0, s->hash_cap * sizeof(*s->hash));
}

void stats_u64(struct stats *s, const char *name, uint64_t v)
{
	stats_slot(s, name, STK_U64)->u = v;
}

void stats_f64(struct stats *s, const char *name, double v)
{
	stats_slot(s, name, STK_F64)->f = v;
}

void stats_str(struct stats *s, const char *name, const char *v)
{
	struct stats_ent *e = stats_slot(s, name, STK_STR);
	size_t len = v ? strlen(v) : 0;
	stats_reserve(e, len + 1);
	if (len)
		memcpy(e->buf, v, len);
	((char *)e->buf)[len] = '\0';
	e->n = len;
}

/* Copy n 8-byte elements (u64 or double) into a fresh or reused array. */
static void stats_array(struct stats *s, const char *name, enum stats_kind k,
			const void *v, size_t n)
{
	struct stats_ent *e = stats_slot(s, name, k);
	stats_reserve(e, n * 8);
	if (n)
		memcpy(e->buf, v, n * 8);
	e->n = n;
}

void stats_u64_array(struct stats *s, const char *name, const uint64_t *v,
		     size_t n)
{
	stats_array(s, name, STK_U64_ARR, v, n);
}

void stats_f64_array(struct stats *s, const char *name, const double *v,
		     size_t n)
{
	stats_array(s, name, STK_F64_ARR, v, n);
}

size_t stats_count(const struct stats *s) { return s->n; }

bool stats_get_u64(const struct stats *s, const char *name, uint64_t *out)
{
	long i = stats_find(s, name);
	if (i < 0 || s->ent[i].kind != STK_U64)
		return false;
	*out = s->ent[i].u;
	return true;
}

bool stats_get_f64(const struct stats *s, const char *name, double *out)
{
	long i = stats_find(s, name);
	if (i < 0 || (s->ent[i].kind != STK_F64 && s->ent[i].kind != STK_U64))
		return false;
	*out = s->ent[i].kind == STK_F64 ? s->ent[i].f : (double)s->ent[i].u;
	return true;
}

const uint64_t *stats_get_u64_array(const struct stats *s, const char *name,
				    size_t *n)
{
	long i = stats_find(s, name);
	if (i < 0 || s->ent[i].kind != STK_U64_ARR)
		return NULL;
	*n = s->ent[i].n;
	return (const uint64_t *)(const void *)s->ent[i].buf;
}

const char *stats_get_str(const struct stats *s, const char *name)
{
	long i = stats_find(s, name);
	return i >= 0 && s->ent[i].kind == STK_STR ? s->ent[i].buf : NULL;
}

/* Set e's value under e's name in dst (a copy, whatever dst held). */
static void stats_copy_ent(struct stats *dst, const struct stats_ent *e)
{
	switch (e->kind) {
	case STK_U64: stats_u64(dst, e->name, e->u); break;
	case STK_F64: stats_f64(dst, e->name, e->f); break;
	case STK_STR: stats_str(dst, e->name, e->buf); break;
	case STK_U64_ARR: stats_u64_array(dst, e->name, e->buf, e->n); break;
	case STK_F64_ARR: stats_f64_array(dst, e->name, e->buf, e->n); break;
	}
}

/* Elementwise d += e for two u64 arrays; d grows to the longer length. */
static void stats_add_array(struct stats_ent *d, const struct stats_ent *e)
{
	const uint64_t *src = e->buf;
	if (e->n > d->n) {
		stats_reserve(d, e->n * 8);
		memset((uint64_t *)d->buf + d->n, 0, (e->n - d->n) * 8);
		d->n = e->n;
	}
	for (size_t k = 0; k < e->n; k++)
		((uint64_t *)d->buf)[k] += src[k];
}

/* stats_add; with sums_only, entries that do not sum are skipped. */
static void stats_accumulate(struct stats *dst, const struct stats *src,
			     bool sums_only)
{
	for (size_t i = 0; i < src->n; i++) {
		const struct stats_ent *e = &src->ent[i];
		bool sums = e->kind == STK_U64 || e->kind == STK_U64_ARR;
		if (!sums && sums_only)
			continue;
		long di = stats_find(dst, e->name);
		struct stats_ent *d = di >= 0 ? &dst->ent[di] : NULL;
		if (d && d->kind == e->kind && e->kind == STK_U64)
			d->u += e->u;
		else if (d && d->kind == e->kind && e->kind == STK_U64_ARR)
			stats_add_array(d, e);
		else if (!d || sums || d->kind != e->kind)
			stats_copy_ent(dst, e);
	}
}

void stats_add(struct stats *dst, const struct stats *src)
{
	stats_accumulate(dst, src, false);
}

/* ================================================================
 * Number formatting and the text format
 * ================================================================ */

/*
 * Make printf output locale-independent: a host program may have called
 * setlocale(), which turns the decimal point into something else.
 */
static void stats_fix_radix(char *p)
{
	for (; *p; p++)
		if (!strchr("0123456789eE+-", *p))
			*p = '.';
}

/* The text-format rendering of v (see stats.h) into buf[32]. */
static void stats_fmt_text_f64(char *buf, double v)
{
	double a = fabs(v);
	if (isnan(v) || isinf(v)) {
		snprintf(buf, 32, "%s", isnan(v) ? "nan" : v < 0 ? "-inf" : "inf");
		return;
	}
	snprintf(buf, 32, a == 0 || (a >= 1e-4 && a < 1e15) ? "%.4f" : "%.6e",
		 v);
	stats_fix_radix(buf);
}

/*
 * The JSON rendering of a finite v into buf[40]: the shorter of %.15g and
 * %.17g that parses back to v, with ".0" added so it always reads as a real
 * (not an integer) in consumers that care.  The parse happens before the
 * radix fix, so it runs in the same locale as the formatting.
 */
static void stats_fmt_json_f64(char *buf, double v)
{
	snprintf(buf, 40, "%.15g", v);
	if (strtod(buf, NULL) != v)
		snprintf(buf, 40, "%.17g", v);
	stats_fix_radix(buf);
	if (!strpbrk(buf, ".e"))
		memcpy(buf + strlen(buf), ".0", 3);
}

void stats_print_text(const struct stats *s, FILE *f)
{
	char num[32];
	for (size_t i = 0; i < s->n; i++) {
		const struct stats_ent *e = &s->ent[i];
		fprintf(f, "%s =", e->name);
		switch (e->kind) {
		case STK_U64: fprintf(f, " %" PRIu64, e->u); break;
		case STK_F64:
			stats_fmt_text_f64(num, e->f);
			fprintf(f, " %s", num);
			break;
		case STK_STR:
			fputc(' ', f);
			for (const char *p = e->buf; *p; p++)
				fputc((unsigned char)*p < 0x20 ? '?' : *p, f);
			break;
		case STK_U64_ARR:
			for (size_t k = 0; k < e->n; k++)
				fprintf(f, " %" PRIu64, ((uint64_t *)e->buf)[k]);
			break;
		case STK_F64_ARR:
			for (size_t k = 0; k < e->n; k++) {
				stats_fmt_text_f64(num, ((double *)e->buf)[k]);
				fprintf(f, " %s", num);
			}
			break;
		}
		fputc('\n', f);
	}
}

/* ================================================================
 * JSON serialisation into a growable buffer
 * ================================================================ */

struct sbuf {
	char *p;    /* bytes (not NUL-terminated) */
	size_t len; /* bytes used */
	size_t cap; /* bytes allocated */
};

static void sb_put(struct sbuf *b, const char *s, size_t n)
{
	if (b->len + n > b->cap) {
		b->cap = MAX(b->cap * 2, b->len + n + 256);
		b->p = xrealloc(b->p, b->cap);
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
}

static void sb_puts(struct sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }

static void sb_u64(struct sbuf *b, uint64_t v)
{
	char num[24];
	snprintf(num, sizeof(num), "%" PRIu64, v);
	sb_puts(b, num);
}

/* Length of the well-formed UTF-8 sequence at p (1-4), or 0. */
static size_t utf8_len(const unsigned char *p)
{
	unsigned c = p[0], lo = 0x80, hi = 0xBF;
	size_t n;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF) {
		n = 2;
	} else if (c >= 0xE0 && c <= 0xEF) {
		n = 3; /* no overlong forms, no surrogates */
		lo = c == 0xE0 ? 0xA0 : lo;
		hi = c == 0xED ? 0x9F : hi;
	} else if (c >= 0xF0 && c <= 0xF4) {
		n = 4; /* no overlong forms, nothing past U+10FFFF */
		lo = c == 0xF0 ? 0x90 : lo;
		hi = c == 0xF4 ? 0x8F : hi;
	} else {
		return 0;
	}
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if ((p[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

/* A JSON string literal: escapes for '"', '\\' and controls, U+FFFD for bad bytes. */
static void sb_json_str(struct sbuf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	char esc[8];
	sb_put(b, "\"", 1);
	while (*p) {
		size_t n = utf8_len(p);
		if (*p == '"' || *p == '\\') {
			esc[0] = '\\', esc[1] = (char)*p;
			sb_put(b, esc, 2);
		} else if (*p < 0x20) {
			const char *named = strchr("\b\f\n\r\t", *p);
			if (named)
				snprintf(esc, sizeof(esc), "\\%c",
					 "bfnrt"[named - "\b\f\n\r\t"]);
			else
				snprintf(esc, sizeof(esc), "\\u%04x", *p);
			sb_puts(b, esc);
		} else if (!n) {
			sb_puts(b, "\\ufffd");
			n = 1;
		} else {
			sb_put(b, (const char *)p, n);
		}
		p += n ? n : 1;
	}
	sb_put(b, "\"", 1);
}

static void sb_json_f64(struct sbuf *b, double v)
{
	char num[40];
	if (isnan(v) || isinf(v)) {
		sb_puts(b, "null");
		return;
	}
	stats_fmt_json_f64(num, v);
	sb_puts(b, num);
}

static void sb_json_value(struct sbuf *b, const struct stats_ent *e)
{
	switch (e->kind) {
	case STK_U64: sb_u64(b, e->u); break;
	case STK_F64: sb_json_f64(b, e->f); break;
	case STK_STR: sb_json_str(b, e->buf); break;
	case STK_U64_ARR:
	case STK_F64_ARR:
		sb_put(b, "[", 1);
		for (size_t k = 0; k < e->n; k++) {
			if (k)
				sb_put(b, ", ", 2);
			if (e->kind == STK_F64_ARR)
				sb_json_f64(b, ((double *)e->buf)[k]);
			else
				sb_u64(b, ((uint64_t *)e->buf)[k]);
		}
		sb_put(b, "]", 1);
		break;
	}
}

/*
 * {name: value, ...} for s (NULL: {}), plus "launches_dropped": dropped
 * when dropped is non-zero and s has no such name.
 */
static void sb_json_obj(struct sbuf *b, const struct stats *s, uint64_t dropped)
{
	size_t n = s ? s->n : 0;
	sb_put(b, "{", 1);
	for (size_t i = 0; i < n; i++) {
		if (i)
			sb_put(b, ", ", 2);
		sb_json_str(b, s->ent[i].name);
		sb_put(b, ": ", 2);
		sb_json_value(b, &s->ent[i]);
	}
	if (dropped && !(s && stats_find(s, "launches_dropped") >= 0)) {
		sb_puts(b, n ? ", \"launches_dropped\": " : "\"launches_dropped\": ");
		sb_u64(b, dropped);
	}
	sb_put(b, "}", 1);
}

/* ================================================================
 * The JSON document
 * ================================================================ */

struct stats_json {
	int fd;               /* the document, open for writing */
	off_t end;            /* offset just past the last launch (or the '[') */
	off_t file_len;       /* current length of the file */
	size_t n_kept;        /* launches written */
	size_t max_launches;  /* launches kept before dropping */
	uint64_t n_dropped;   /* launches counted only in the total */
	struct stats *run;    /* running total of u64 and u64-array entries */
	struct sbuf buf;      /* scratch for one write, reused */
	bool failed;          /* some write failed */
};

/* Write all of p[0, n) at off; returns 0 or -1 (errno set). */
static int stats_pwrite_all(int fd, const char *p, size_t n, off_t off)
{
	while (n) {
		ssize_t w = pwrite(fd, p, n, off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w, n -= (size_t)w, off += w;
	}
	return 0;
}

/*
 * Append the document tail to j->buf (whose bytes will land at j->end):
 * the end of the launches array, "total" and "complete", padded with spaces
 * so the write covers every byte of the previous version of the file.
 */
static void stats_json_tail(struct stats_json *j, const struct stats *total,
			    bool complete)
{
	struct sbuf *b = &j->buf;
	sb_puts(b, "\n ],\n \"total\": ");
	sb_json_obj(b, total, j->n_dropped);
	sb_puts(b, complete ? ",\n \"complete\": true}" : ",\n \"complete\": false}");
	while ((off_t)b->len + 1 + j->end < j->file_len)
		sb_put(b, " ", 1);
	sb_put(b, "\n", 1);
}

/*
 * Write j->buf at j->end in one pwrite and advance j->end past its first
 * keep bytes (the launch, if any).  Returns 0 or -1.
 */
static int stats_json_flush(struct stats_json *j, size_t keep)
{
	int rc = stats_pwrite_all(j->fd, j->buf.p, j->buf.len, j->end);
	/* after a failure, some prefix may have landed: assume all of it */
	j->file_len = MAX(j->file_len, j->end + (off_t)j->buf.len);
	if (rc < 0) {
		j->failed = true;
		return -1;
	}
	j->end += (off_t)keep;
	return 0;
}

struct stats_json *stats_json_open(const char *path, const char *version,
				   const struct stats *config, struct diag *d)
{
	size_t plen = strlen(path), head;
	char *tmp = xmalloc(plen + 5);
	struct stats_json *j = xcalloc(1, sizeof(*j));
	memcpy(tmp, path, plen);
	memcpy(tmp + plen, ".tmp", 5);
	j->max_launches = STATS_JSON_MAX_LAUNCHES;
	j->run = stats_create();
	j->fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
	if (j->fd < 0) {
		diag_err(d, "cannot write stats file '%s': %s", tmp,
			 strerror(errno));
		goto out_free;
	}
	sb_puts(&j->buf, "{\"warpsim_version\": ");
	sb_json_str(&j->buf, version ? version : "");
	sb_puts(&j->buf, ",\n \"config\": ");
	sb_json_obj(&j->buf, config, 0);
	sb_puts(&j->buf, ",\n \"launches\": [");
	head = j->buf.len;
	stats_json_tail(j, j->run, false);
	if (stats_json_flush(j, head) < 0 || rename(tmp, path) < 0) {
		diag_err(d, "cannot write stats file '%s': %s", path,
			 strerror(errno));
		goto out_close;
	}
	free(tmp);
	return j;

out_close:
	close(j->fd);
	unlink(tmp);
out_free:
	stats_destroy(j->run);
	free(j->buf.p);
	free(j);
	free(tmp);
	return NULL;
}

void stats_json_set_max_launches(struct stats_json *j, size_t n)
{
	j->max_launches = n;
}

int stats_json_launch(struct stats_json *j, const struct stats *launch)
{
	size_t keep = 0;
	if (!j)
		return 0;
	stats_accumulate(j->run, launch, true);
	j->buf.len = 0;
	if (j->n_kept < j->max_launches) {
		sb_puts(&j->buf, j->n_kept ? ",\n  " : "\n  ");
		sb_json_obj(&j->buf, launch, 0);
		keep = j->buf.len;
	} else {
		j->n_dropped++;
	}
	stats_json_tail(j, j->run, false);
	if (stats_json_flush(j, keep) < 0)
		return -1;
	j->n_kept += keep != 0;
	return 0;
}

int stats_json_close(struct stats_json *j, const struct stats *total)
{
	int rc;
	if (!j)
		return 0;
	j->buf.len = 0;
	stats_json_tail(j, total ? total : j->run, true);
	rc = stats_json_flush(j, 0);
	if (close(j->fd) < 0 || j->failed)
		rc = -1;
	stats_destroy(j->run);
	free(j->buf.p);
	free(j);
	return rc;
}
