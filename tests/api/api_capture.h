/*
 * api_capture.h - the API tests' stderr capture: run a call with stderr
 * redirected to a temporary file and get back what it wrote (the
 * simulator's diagnostics), still echoed to the test log.
 */
#ifndef WS_TESTS_API_CAPTURE_H
#define WS_TESTS_API_CAPTURE_H

#include <stdio.h>
#include <unistd.h>

/* Redirect stderr into a temporary file until capture_end. */
struct capture {
	FILE *tmp;       /* where stderr goes */
	int saved;       /* the original stderr */
	char text[4096]; /* what was written */
};

static inline void capture_begin(struct capture *c)
{
	fflush(stderr);
	c->tmp = tmpfile();
	c->saved = dup(2);
	dup2(fileno(c->tmp), 2);
}

/* Restore stderr; the text written meanwhile (also echoed to the log). */
static inline const char *capture_end(struct capture *c)
{
	size_t n;

	fflush(stderr);
	dup2(c->saved, 2);
	close(c->saved);
	rewind(c->tmp);
	n = fread(c->text, 1, sizeof(c->text) - 1, c->tmp);
	c->text[n] = '\0';
	fclose(c->tmp);
	fputs(c->text, stderr); /* keep it visible in the test log */
	return c->text;
}

#endif
