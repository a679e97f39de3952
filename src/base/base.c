/*
 * base.c - aborting allocators and the simulator-bug reporter.
 */
#include "base.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void oom(size_t n, const char *file, int line)
{
	fprintf(stderr, "warpsim: out of memory allocating %zu bytes at %s:%d\n",
		n, file, line);
	abort();
}

void *base_xmalloc(size_t n, const char *file, int line)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n, file, line);
	return p;
}

void *base_xcalloc(size_t n, size_t m, const char *file, int line)
{
	void *p = calloc(n ? n : 1, m ? m : 1);
	if (!p)
		oom(n * m, file, line);
	return p;
}

void *base_xrealloc(void *p, size_t n, const char *file, int line)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		oom(n, file, line);
	return q;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

void base_bug(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "warpsim: BUG at %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
