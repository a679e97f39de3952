/*
 * diag.h - user-error diagnostics (tier 1 of the error model).
 *
 * Library code never prints user errors or exits: it appends a message to a
 * struct diag passed as the last parameter (which may be NULL) and returns a
 * negative value.  The caller decides whether to print.  Messages carry an
 * optional source position ("file:line:col: message") and, for front-end
 * errors, the source line with a caret under the column.
 */
#ifndef SIM_BASE_DIAG_H
#define SIM_BASE_DIAG_H

#include <stddef.h>

struct diag {
	char *buf;   /* accumulated messages, one per line, NUL-terminated */
	size_t len;  /* bytes used in buf, excluding the NUL */
	size_t cap;  /* bytes allocated for buf */
	int n_err;   /* number of errors recorded */
};

void diag_init(struct diag *d);
void diag_release(struct diag *d);
/* Record an error without position; always returns -1. */
int diag_err(struct diag *d, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * Record an error at file:line:col.  If src_line is non-NULL (the text of the
 * offending line, up to its newline), it is quoted with a caret.  Returns -1.
 */
int diag_err_at(struct diag *d, const char *file, unsigned line, unsigned col,
		const char *src_line, const char *fmt, ...)
	__attribute__((format(printf, 6, 7)));
/* The accumulated text ("" when empty); owned by d. */
const char *diag_text(const struct diag *d);

#endif
