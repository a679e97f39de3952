/*
 * lex.c - PTX tokenizer.
 *
 * One pass over the whole (NUL-terminated) text produces an array of tokens
 * with line/column positions; comments and whitespace disappear.  Opcodes
 * with their modifiers (ld.global.v4.f32) and special registers (%tid.x)
 * are single identifier tokens; the parser splits them.  Numeric literals
 * are decoded here: PTX integers (decimal, 0x hex, 0b binary, leading-0
 * octal, optional U suffix), decimal floats, and the exact-bits forms
 * 0fXXXXXXXX (f32) and 0dXXXXXXXXXXXXXXXX (f64).
 */
#include "../base/base.h"
#include "ptx_int.h"

#include <stdlib.h>

struct lexer {
	const char *p;     /* next character */
	const char *end;   /* end of text */
	const char *bol;   /* start of the current line */
	uint32_t line;     /* current line */
	struct tok *toks;  /* output */
	size_t n, cap;     /* count, capacity */
};

static bool lex_is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == '$';
}

static bool lex_is_ident(char c)
{
	return lex_is_ident_start(c) || (c >= '0' && c <= '9');
}

static int lex_hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Skip whitespace and comments, tracking lines. */
static void lex_skip(struct lexer *lx)
{
	while (lx->p < lx->end) {
		char c = *lx->p;
		if (c == '\n') {
			lx->p++;
			lx->line++;
			lx->bol = lx->p;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' ||
			   c == '\v') {
			lx->p++;
		} else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '/') {
			while (lx->p < lx->end && *lx->p != '\n')
				lx->p++;
		} else if (c == '/' && lx->p + 1 < lx->end && lx->p[1] == '*') {
			lx->p += 2;
			while (lx->p < lx->end &&
			       !(*lx->p == '*' && lx->p + 1 < lx->end &&
				 lx->p[1] == '/')) {
				if (*lx->p == '\n') {
					lx->line++;
					lx->bol = lx->p + 1;
				}
				lx->p++;
			}
			lx->p = lx->p + 2 <= lx->end ? lx->p + 2 : lx->end;
		} else {
			return;
		}
	}
}

/* Read digits in base `base` starting at p; returns the end. */
static const char *lex_digits(const char *p, const char *end, unsigned base,
			      uint64_t *v, uint8_t *ovf, unsigned *n)
{
	*v = 0;
	*n = 0;
	while (p < end) {
		int d = lex_hexval(*p);
		if (d < 0 || (unsigned)d >= base)
			break;
		if (*v > (UINT64_MAX - (uint64_t)d) / base)
			*ovf = 1;
		*v = *v * base + (uint64_t)d;
		(*n)++;
		p++;
	}
	return p;
}

/* Lex a number starting at lx->p into t. */
static void lex_number(struct lexer *lx, struct tok *t)
{
	const char *p = lx->p, *end = lx->end;
	unsigned n = 0;
	char c1 = p + 1 < end ? p[1] : 0;

	t->kind = T_INT;
	if (*p == '0' && (c1 == 'f' || c1 == 'F' || c1 == 'd' || c1 == 'D')) {
		unsigned want = (c1 == 'f' || c1 == 'F') ? 8 : 16;
		p = lex_digits(p + 2, end, 16, &t->u, &t->ovf, &n);
		t->kind = n == want ? (want == 8 ? T_F32 : T_F64) : T_BAD;
	} else if (*p == '0' && (c1 == 'x' || c1 == 'X')) {
		p = lex_digits(p + 2, end, 16, &t->u, &t->ovf, &n);
		if (!n)
			t->kind = T_BAD;
	} else if (*p == '0' && (c1 == 'b' || c1 == 'B')) {
		p = lex_digits(p + 2, end, 2, &t->u, &t->ovf, &n);
		if (!n)
			t->kind = T_BAD;
	} else {
		const char *q = p;
		while (q < end && *q >= '0' && *q <= '9')
			q++;
		if (q < end && (*q == '.' || *q == 'e' || *q == 'E')) {
			char *e;
			t->kind = T_FLOAT;
			t->f = strtod(p, &e);
			p = e > p ? e : q + 1;
		} else if (*p == '0' && q - p > 1) {
			p = lex_digits(p + 1, end, 8, &t->u, &t->ovf, &n);
		} else {
			p = lex_digits(p, end, 10, &t->u, &t->ovf, &n);
		}
	}
	if (t->kind == T_INT && p < end && (*p == 'U' || *p == 'u'))
		p++;
	while (p < end && lex_is_ident(*p)) { /* 12abc: one bad token */
		t->kind = T_BAD;
		p++;
	}
	lx->p = p;
}

/* Lex an identifier (with dotted continuations) or a directive. */
static void lex_name(struct lexer *lx, struct tok *t, bool dir)
{
	const char *p = lx->p + 1;
	t->kind = dir ? T_DIR : T_IDENT;
	while (p < lx->end && lex_is_ident(*p))
		p++;
	/* dotted continuations (add.rn.f32) and the sm_80+ `::` sub-qualifiers
	 * (mbarrier.arrive.shared::cta.b64, ld.global.L2::128B) */
	for (;;) {
		if (!dir && p + 1 < lx->end && *p == '.' && lex_is_ident(p[1]))
			p++;
		else if (p + 2 < lx->end && p[0] == ':' && p[1] == ':' &&
			 lex_is_ident(p[2]))
			p += 2;
		else
			break;
		while (p < lx->end && lex_is_ident(*p))
			p++;
	}
	lx->p = p;
}

static void lex_string(struct lexer *lx, struct tok *t)
{
	const char *p = lx->p + 1;
	t->kind = T_BAD;
	while (p < lx->end && *p != '\n') {
		if (*p == '\\' && p + 1 < lx->end && p[1] != '\n') {
			p += 2;
			continue;
		}
		if (*p++ == '"') {
			t->kind = T_STR;
			break;
		}
	}
	lx->p = p;
}

static struct tok *lex_push(struct lexer *lx)
{
	VEC_PUSH(lx->toks, lx->n, lx->cap);
	struct tok *t = &lx->toks[lx->n - 1];
	memset(t, 0, sizeof(*t));
	t->s = lx->p;
	t->line = lx->line;
	t->col = (uint32_t)(lx->p - lx->bol) + 1;
	return t;
}

void ptx_lex(const char *text, size_t len, struct tok **out, size_t *n_out)
{
	struct lexer lx = {text, text + len, text, 1, NULL, 0, 0};

	for (;;) {
		lex_skip(&lx);
		struct tok *t = lex_push(&lx);
		if (lx.p >= lx.end) {
			t->kind = T_EOF;
			break;
		}
		char c = *lx.p, c1 = lx.p + 1 < lx.end ? lx.p[1] : 0;
		if (c >= '0' && c <= '9') {
			lex_number(&lx, t);
		} else if (c == '.' && c1 >= '0' && c1 <= '9') {
			char *e;
			t->kind = T_FLOAT;
			t->f = strtod(lx.p, &e);
			lx.p = e > lx.p ? e : lx.p + 1;
		} else if (c == '.' && lex_is_ident_start(c1)) {
			lex_name(&lx, t, true);
		} else if (lex_is_ident_start(c) ||
			   (c == '%' && lex_is_ident(c1))) {
			lex_name(&lx, t, false);
		} else if (c == '"') {
			lex_string(&lx, t);
		} else if (strchr(",;:{}[]()+-|!@<>=*/~&", c) && c) {
			t->kind = T_PUNCT;
			t->ch = c;
			lx.p++;
		} else {
			t->kind = T_BAD;
			lx.p++;
		}
		t->len = (uint32_t)(lx.p - t->s);
	}
	*out = lx.toks;
	*n_out = lx.n;
}
