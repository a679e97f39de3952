/*
 * diag.c - accumulate user-facing error messages (see diag.h).
 */
#include "base.h"
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void diag_init(struct diag *d) { memset(d, 0, sizeof(*d)); }

void diag_release(struct diag *d)
{
	free(d->buf);
	diag_init(d);
}

static void diag_vappend(struct diag *d, const char *fmt, va_list ap)
{
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		return;
	if (d->len + (size_t)n + 2 > d->cap) {
		d->cap = (d->len + (size_t)n + 2) * 2;
		d->buf = xrealloc(d->buf, d->cap);
	}
	vsnprintf(d->buf + d->len, (size_t)n + 1, fmt, ap);
	d->len += (size_t)n;
}

static void diag_append(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	diag_vappend(d, fmt, ap);
	va_end(ap);
}

int diag_err(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	if (!d)
		return -1;
	va_start(ap, fmt);
	diag_vappend(d, fmt, ap);
	va_end(ap);
	diag_append(d, "\n");
	d->n_err++;
	return -1;
}

int diag_err_at(struct diag *d, const char *file, unsigned line, unsigned col,
		const char *src_line, const char *fmt, ...)
{
	va_list ap;
	if (!d)
		return -1;
	diag_append(d, "%s:%u:%u: error: ", file ? file : "<input>", line, col);
	va_start(ap, fmt);
	diag_vappend(d, fmt, ap);
	va_end(ap);
	diag_append(d, "\n");
	if (src_line) {
		size_t n = strcspn(src_line, "\n");
		if (n > 200)
			n = 200;
		diag_append(d, "  %.*s\n  ", (int)n, src_line);
		for (unsigned i = 1; i < col && i <= n; i++)
			diag_append(d, "%c", src_line[i - 1] == '\t' ? '\t' : ' ');
		diag_append(d, "^\n");
	}
	d->n_err++;
	return -1;
}

const char *diag_text(const struct diag *d) { return d->buf ? d->buf : ""; }
