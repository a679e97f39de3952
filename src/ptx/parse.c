/*
 * parse.c - recursive-descent parser for PTX modules (directives,
 * declarations, function headers and bodies).
 *
 * Module scope: .version/.target/.address_size/.file/.loc (line-based, no
 * `;`), .section blocks (skipped), .pragma, linkage prefixes, .global/.const
 * variables (given storage at once through env->alloc_var), module .shared
 * variables, and .entry/.func declarations and definitions.  Function
 * bodies keep a scoped symbol table so inner `{ .reg ... }` declarations
 * shadow outer ones; `{` nesting is handled by a loop with a depth cap,
 * never by recursion.  Instructions are handed to decode.c.  Errors are
 * reported with a caret and parsing resumes after the next `;`.
 */
#include "../base/base.h"
#include "ptx_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

/* ---- diagnostics ------------------------------------------------------- */

static int ptx_verr(struct ptx_front *pf, uint32_t line, uint32_t col,
		    const char *where, const char *fmt, va_list ap)
{
	char msg[512];
	const char *bol = NULL;

	pf->n_err++;
	if (pf->n_err > PTX_MAX_ERRORS)
		return -1;
	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (pf->n_err == PTX_MAX_ERRORS) {
		diag_err_at(pf->d, pf->file, line, col, NULL,
			    "too many errors, stopping");
		return -1;
	}
	if (where && where >= pf->text && where <= pf->text + pf->len) {
		bol = where;
		while (bol > pf->text && bol[-1] != '\n')
			bol--;
	}
	diag_err_at(pf->d, pf->file, line, col, bol, "%s", msg);
	return -1;
}

int ptx_err_tok(struct ptx_front *pf, const struct tok *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ptx_verr(pf, t->line, t->col, t->s, fmt, ap);
	va_end(ap);
	return -1;
}

int ptx_err_at(struct ptx_front *pf, uint32_t line, uint32_t col,
	       const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	ptx_verr(pf, line, col, NULL, fmt, ap);
	va_end(ap);
	return -1;
}

/* ---- token helpers ------------------------------------------------------ */

const struct tok *pp_peek(struct parser *p) { return &p->toks[p->pos]; }

const struct tok *pp_next(struct parser *p)
{
	const struct tok *t = &p->toks[p->pos];
	if (t->kind != T_EOF)
		p->pos++;
	return t;
}

bool pp_is_punct(const struct tok *t, char c)
{
	return t->kind == T_PUNCT && t->ch == c;
}

bool pp_accept(struct parser *p, char c)
{
	if (!pp_is_punct(pp_peek(p), c))
		return false;
	p->pos++;
	return true;
}

/* Describe a token for "expected X, got Y" messages. */
static const char *pp_desc(const struct tok *t, char *buf, size_t n)
{
	if (t->kind == T_EOF)
		return "end of file";
	if (t->kind == T_BAD && t->len == 1 &&
	    ((unsigned char)t->s[0] < 0x20 || (unsigned char)t->s[0] >= 0x7f)) {
		snprintf(buf, n, "character 0x%02x", (unsigned char)t->s[0]);
		return buf;
	}
	snprintf(buf, n, "'%.*s'", (int)MIN(t->len, 40u), t->s);
	return buf;
}

int pp_expect(struct parser *p, char c)
{
	char buf[64];
	if (pp_accept(p, c))
		return 0;
	return ptx_err_tok(p->pf, pp_peek(p), "expected '%c' before %s", c,
			   pp_desc(pp_peek(p), buf, sizeof(buf)));
}

bool pp_tok_is(const struct tok *t, const char *s)
{
	size_t n = strlen(s);
	return t->len == n && memcmp(t->s, s, n) == 0;
}

void pp_sync(struct parser *p)
{
	int depth = 0;

	if (p->no_sync) { /* the error left us at the next statement */
		p->no_sync = false;
		return;
	}
	if (p->pos > 0 && pp_is_punct(&p->toks[p->pos - 1], ';'))
		return; /* the statement's `;` is already consumed */
	for (;;) {
		const struct tok *t = pp_peek(p);
		bool bol = p->pos == 0 || p->toks[p->pos - 1].line != t->line;
		if (t->kind == T_EOF || (pp_is_punct(t, '}') && !depth && bol) ||
		    (pp_is_punct(t, '{') && bol && !depth))
			return;
		p->pos++;
		if (pp_is_punct(t, '{'))
			depth++;
		else if (pp_is_punct(t, '}'))
			depth--;
		else if (pp_is_punct(t, ';'))
			return;
	}
}

int pp_expect_semi(struct parser *p)
{
	const struct tok *t = pp_peek(p);
	if (pp_accept(p, ';'))
		return 0;
	if (p->pos > 0 && p->toks[p->pos - 1].line != t->line) {
		const struct tok *prev = &p->toks[p->pos - 1];
		struct tok at = *prev;
		at.col = prev->col + prev->len;
		p->no_sync = true;
		return ptx_err_tok(p->pf, &at, "expected ';' at end of line");
	}
	return pp_expect(p, ';');
}

/* Skip every token on the line of token t (directives without `;`). */
static void pp_skip_line(struct parser *p, uint32_t line)
{
	while (pp_peek(p)->kind != T_EOF && pp_peek(p)->line == line)
		p->pos++;
}

/* Parse an unsigned integer literal that must fit in 32 bits. */
static int pp_u32(struct parser *p, uint32_t *v)
{
	const struct tok *t = pp_next(p);
	if (t->kind != T_INT || t->ovf || t->u > UINT32_MAX)
		return ptx_err_tok(p->pf, t, "expected an integer");
	*v = (uint32_t)t->u;
	return 0;
}

/* ---- scoped symbol table ------------------------------------------------ */

const struct lsym *pp_lookup(struct parser *p, const char *s, size_t len,
			     uint32_t *idx_in_range)
{
	const struct lsym *best = NULL;
	uint32_t i = strmap_get(&p->lmap, s, len);

	*idx_in_range = 0;
	if (i != STRMAP_NONE)
		best = &p->lsyms[i];
	/* %r123: look for a range %r<N> with 123 < N. */
	size_t k = len;
	while (k > 0 && s[k - 1] >= '0' && s[k - 1] <= '9')
		k--;
	if (k == len || k == 0 || len - k > 9 || (s[k] == '0' && len - k > 1))
		return best;
	uint32_t num = (uint32_t)strtoul(s + k, NULL, 10);
	for (i = strmap_get(&p->rmap, s, k); i != STRMAP_NONE;
	     i = p->lsyms[i].prev) {
		const struct lsym *r = &p->lsyms[i];
		if (num < r->count) {
			if (!best || r->depth > best->depth) {
				*idx_in_range = num;
				return r;
			}
			break;
		}
	}
	return best;
}

const struct gsym *pp_gsym(struct parser *p, const char *s, size_t len)
{
	uint32_t i = strmap_get(&p->gmap, s, len);
	return i == STRMAP_NONE ? NULL : &p->gsyms[i];
}

/* Declare a scoped symbol; a redeclaration in the same scope is an error. */
static struct lsym *pp_declare(struct parser *p, const struct tok *name,
			       size_t klen, bool range)
{
	struct strmap *map = range ? &p->rmap : &p->lmap;
	uint32_t prev = strmap_get(map, name->s, klen);

	if (prev != STRMAP_NONE && p->lsyms[prev].depth == p->depth) {
		ptx_err_tok(p->pf, name, "redeclaration of '%.*s'",
			    (int)name->len, name->s);
		return NULL;
	}
	VEC_PUSH(p->lsyms, p->n_lsyms, p->cap_lsyms);
	struct lsym *l = &p->lsyms[p->n_lsyms - 1];
	memset(l, 0, sizeof(*l));
	l->key = name->s;
	l->klen = (uint32_t)klen;
	l->range = range;
	l->prev = prev;
	l->depth = p->depth;
	strmap_put(map, name->s, klen, p->n_lsyms - 1);
	return l;
}

static void pp_scope_push(struct parser *p)
{
	p->scopes[p->depth].n_lsyms = p->n_lsyms;
	p->scopes[p->depth].frame = p->frame;
	p->depth++;
}

/* Close the innermost scope: unshadow its names, release frame slots. */
static void pp_scope_pop(struct parser *p)
{
	p->depth--;
	while (p->n_lsyms > p->scopes[p->depth].n_lsyms) {
		struct lsym *l = &p->lsyms[--p->n_lsyms];
		strmap_put(l->range ? &p->rmap : &p->lmap, l->key, l->klen,
			   l->prev);
	}
	p->frame = p->scopes[p->depth].frame;
}

/* Reserve `bytes` in the current function's frame. */
static int pp_frame_alloc(struct parser *p, const struct tok *t,
			  uint64_t bytes, uint32_t align, uint32_t *off)
{
	uint64_t o = ALIGN_UP((uint64_t)p->frame, align ? align : 1);
	if (o + bytes > PTX_MAX_BYTES)
		return ptx_err_tok(p->pf, t, "local frame too large");
	*off = (uint32_t)o;
	p->frame = (uint32_t)(o + bytes);
	if (p->fn && p->frame > p->fn->frame_bytes)
		p->fn->frame_bytes = p->frame;
	return 0;
}

uint32_t pp_scratch_reg(struct parser *p)
{
	if (p->scratch_reg == REG_NONE)
		p->scratch_reg = p->fn->n_regs++;
	return p->scratch_reg;
}

uint32_t pp_scratch_pred(struct parser *p)
{
	if (p->scratch_pred == PRED_NONE)
		p->scratch_pred = p->fn->n_preds++;
	return p->scratch_pred;
}

/* ---- declarations -------------------------------------------------------- */

struct decl {
	uint8_t type;            /* element type */
	uint32_t align;          /* .align N, 0 if absent */
	uint32_t vec;            /* .v2/.v4 element count, 1 otherwise */
	const struct tok *name;  /* declared name */
	uint64_t count;          /* elements (product of dimensions) */
	bool unsized;            /* a [] dimension */
	bool has_dims;           /* any dimension */
	uint64_t range;          /* NAME<N>: N, else 0 */
	bool has_range;          /* <N> present */
};

static const char *const type_names[PT__COUNT] = {
	[PT_PRED] = ".pred", [PT_B8] = ".b8", [PT_B16] = ".b16",
	[PT_B32] = ".b32", [PT_B64] = ".b64", [PT_B128] = ".b128",
	[PT_U8] = ".u8", [PT_U16] = ".u16", [PT_U32] = ".u32",
	[PT_U64] = ".u64", [PT_S8] = ".s8", [PT_S16] = ".s16",
	[PT_S32] = ".s32", [PT_S64] = ".s64", [PT_F16] = ".f16",
	[PT_F16X2] = ".f16x2", [PT_BF16] = ".bf16", [PT_F32] = ".f32",
	[PT_F64] = ".f64",
};

static int pp_type_dir(const struct tok *t)
{
	if (t->kind != T_DIR)
		return PT_NONE;
	for (int i = 1; i < PT__COUNT; i++)
		if (type_names[i] && pp_tok_is(t, type_names[i]))
			return i;
	return PT_NONE;
}

/*
 * Parse the attributes and type of a declaration (.align N, .vN, .ptr,
 * state-space qualifiers of .ptr, the type) up to the name.
 */
static int pp_decl_spec(struct parser *p, struct decl *dc)
{
	memset(dc, 0, sizeof(*dc));
	dc->vec = 1;
	for (;;) {
		const struct tok *t = pp_peek(p);
		int ty;
		if (t->kind != T_DIR)
			break;
		if (pp_tok_is(t, ".align")) {
			p->pos++;
			if (pp_u32(p, &dc->align))
				return -1;
			if (!dc->align || (dc->align & (dc->align - 1)) ||
			    dc->align > 4096)
				return ptx_err_tok(p->pf, t,
						   "bad alignment %u", dc->align);
		} else if (pp_tok_is(t, ".v2") || pp_tok_is(t, ".v4")) {
			p->pos++;
			dc->vec = t->s[2] - '0';
		} else if (pp_tok_is(t, ".ptr") || pp_tok_is(t, ".global") ||
			   pp_tok_is(t, ".shared") || pp_tok_is(t, ".const") ||
			   pp_tok_is(t, ".local")) {
			p->pos++;
		} else if ((ty = pp_type_dir(t)) != PT_NONE) {
			p->pos++;
			dc->type = (uint8_t)ty;
		} else {
			return ptx_err_tok(p->pf, t,
					   "unsupported declaration attribute "
					   "'%.*s'", (int)t->len, t->s);
		}
	}
	if (dc->type == PT_NONE)
		return ptx_err_tok(p->pf, pp_peek(p), "expected a type");
	return 0;
}

/* Parse NAME, then [N]... dimensions or <N>. */
static int pp_decl_name(struct parser *p, struct decl *dc)
{
	const struct tok *t = pp_next(p);
	if (t->kind != T_IDENT || memchr(t->s, '.', t->len))
		return ptx_err_tok(p->pf, t, "expected a name");
	dc->name = t;
	dc->count = 1;
	dc->unsized = dc->has_dims = dc->has_range = false;
	dc->range = 0;
	if (pp_accept(p, '<')) {
		uint32_t n = 0;
		if (pp_u32(p, &n) || pp_expect(p, '>'))
			return -1;
		dc->range = n;
		dc->has_range = true;
		return 0;
	}
	while (pp_accept(p, '[')) {
		dc->has_dims = true;
		if (pp_accept(p, ']')) {
			dc->unsized = true;
			continue;
		}
		uint32_t n = 0;
		if (pp_u32(p, &n) || pp_expect(p, ']'))
			return -1;
		dc->count *= n;
		if (dc->count > PTX_MAX_BYTES)
			return ptx_err_tok(p->pf, t, "array '%.*s' too large",
					   (int)t->len, t->s);
	}
	return 0;
}

static uint64_t pp_decl_bytes(const struct decl *dc)
{
	return (uint64_t)ptype_size(dc->type) * dc->vec * dc->count;
}

static uint32_t pp_decl_align(const struct decl *dc)
{
	if (dc->align)
		return dc->align;
	uint32_t a = ptype_size(dc->type) * dc->vec;
	return a ? a : 1;
}

/* .reg TYPE name{<N>} {, name{<N>}} ; */
static int pp_reg_decl(struct parser *p)
{
	struct decl dc;
	struct pfunc *fn = p->fn;

	if (pp_decl_spec(p, &dc))
		return -1;
	if (dc.vec != 1 || dc.type == PT_B128 || dc.align)
		return ptx_err_tok(p->pf, pp_peek(p),
				   "unsupported register declaration");
	do {
		if (pp_decl_name(p, &dc))
			return -1;
		if (dc.has_dims)
			return ptx_err_tok(p->pf, dc.name,
					   "register arrays are not supported");
		uint64_t n = dc.has_range ? dc.range : 1;
		bool pred = dc.type == PT_PRED;
		uint32_t *slots = pred ? &fn->n_preds : &fn->n_regs;
		if (*slots + n + 2 > PTX_MAX_REGS)
			return ptx_err_tok(p->pf, dc.name,
					   "too many registers (limit %u)",
					   PTX_MAX_REGS);
		size_t klen = dc.name->len;
		struct lsym *l = pp_declare(p, dc.name, klen, dc.has_range);
		if (!l)
			return -1;
		l->kind = pred ? LS_PRED : LS_REG;
		l->type = dc.type;
		l->size = (uint8_t)ptype_size(dc.type);
		l->base = *slots;
		l->count = (uint32_t)n;
		*slots += (uint32_t)n;
		fn->regcount[dc.type] += (uint32_t)n;
	} while (pp_accept(p, ','));
	return pp_expect_semi(p);
}

/* .local / .param declared in a body: an object in the function's frame. */
static int pp_frame_decl(struct parser *p)
{
	struct decl dc;
	uint32_t off = 0;

	if (pp_decl_spec(p, &dc) || pp_decl_name(p, &dc))
		return -1;
	if (dc.has_range || dc.unsized)
		return ptx_err_tok(p->pf, dc.name, "bad frame object '%.*s'",
				   (int)dc.name->len, dc.name->s);
	uint64_t bytes = pp_decl_bytes(&dc);
	if (pp_frame_alloc(p, dc.name, bytes, pp_decl_align(&dc), &off))
		return -1;
	struct lsym *l = pp_declare(p, dc.name, dc.name->len, false);
	if (!l)
		return -1;
	l->kind = LS_FRAME;
	l->type = dc.type;
	l->base = off;
	l->bytes = (uint32_t)bytes;
	return pp_expect_semi(p);
}

/* Register a shared variable; returns its index or -1. */
static int32_t pp_new_svar(struct parser *p, const struct decl *dc,
			   bool is_extern)
{
	struct ptx_front *pf = p->pf;
	uint64_t bytes = pp_decl_bytes(dc);
	if (bytes > PTX_MAX_BYTES)
		return ptx_err_tok(pf, dc->name, "shared variable too large");
	VEC_PUSH(pf->svars, pf->n_svars, pf->cap_svars);
	struct svar *s = &pf->svars[pf->n_svars - 1];
	s->name = arena_strndup(pf->ar, dc->name->s, dc->name->len);
	s->size = is_extern || dc->unsized ? 0 : (uint32_t)bytes;
	s->align = pp_decl_align(dc);
	s->is_extern = is_extern || dc->unsized;
	s->owner = p->fn ? p->fn_idx : -1;
	return (int32_t)pf->n_svars - 1;
}

/* .shared inside a body: scoped name, laid out with the kernel image. */
static int pp_body_shared(struct parser *p, bool is_extern)
{
	struct decl dc;
	if (pp_decl_spec(p, &dc) || pp_decl_name(p, &dc))
		return -1;
	int32_t sv = pp_new_svar(p, &dc, is_extern);
	if (sv < 0)
		return -1;
	struct pfunc *fn = p->fn;
	VEC_PUSH(fn->shared, fn->n_shared, fn->cap_shared);
	fn->shared[fn->n_shared - 1] = (uint32_t)sv;
	struct lsym *l = pp_declare(p, dc.name, dc.name->len, false);
	if (!l)
		return -1;
	l->kind = LS_SHARED;
	l->type = dc.type;
	l->base = (uint32_t)sv;
	return pp_expect_semi(p);
}

/* ---- module variables and initialisers ---------------------------------- */

struct init_state {
	uint8_t *buf;     /* initial bytes (size of the variable) */
	uint64_t size;    /* bytes */
	uint32_t elsize;  /* bytes per element */
	uint8_t type;     /* element type */
	uint64_t n;       /* elements written */
};

static void pp_store_le(uint8_t *p, uint64_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}

/* Value of one initialiser element in the element type's bits. */
static int pp_init_elem(struct parser *p, struct init_state *is, uint64_t *v)
{
	const struct tok *t = pp_next(p);
	bool neg = false;
	uint8_t ty = is->type;

	if (pp_is_punct(t, '-')) {
		neg = true;
		t = pp_next(p);
	}
	if (t->kind == T_IDENT) { /* address of a variable: NAME, generic(NAME) */
		const struct tok *name = t;
		bool paren = false;
		if (pp_tok_is(t, "generic")) {
			if (pp_expect(p, '('))
				return -1;
			name = pp_next(p);
			paren = true;
		}
		const struct gsym *g = pp_gsym(p, name->s, name->len);
		int64_t fa;
		if (!g && !neg && strmap_get(&p->pf->fmap, name->s, name->len) !=
				 STRMAP_NONE) { /* a function pointer */
			if (ptx_func_addr(p->pf, name, 0, &fa))
				return -1;
			*v = (uint64_t)fa;
			return paren ? pp_expect(p, ')') : 0;
		}
		if (!g || g->kind != GS_VAR || neg)
			return ptx_err_tok(p->pf, name,
					   "unsupported initialiser '%.*s'",
					   (int)name->len, name->s);
		*v = p->pf->m->vars[g->idx].addr;
		if (pp_accept(p, '+')) {
			const struct tok *o = pp_next(p);
			if (o->kind != T_INT)
				return ptx_err_tok(p->pf, o, "expected offset");
			*v += o->u;
		}
		return paren ? pp_expect(p, ')') : 0;
	}
	if (t->kind == T_INT) {
		uint64_t u = neg ? (uint64_t)0 - t->u : t->u;
		if (ty == PT_F32) {
			float f = neg ? -(float)t->u : (float)t->u;
			uint32_t b;
			memcpy(&b, &f, 4);
			u = b;
		} else if (ty == PT_F64) {
			double f = neg ? -(double)t->u : (double)t->u;
			memcpy(&u, &f, 8);
		}
		*v = u;
		return 0;
	}
	if (t->kind == T_FLOAT || t->kind == T_F32 || t->kind == T_F64) {
		double f;
		if (t->kind == T_FLOAT) {
			f = t->f;
		} else if (t->kind == T_F32) {
			uint32_t b = (uint32_t)t->u;
			float ff;
			memcpy(&ff, &b, 4);
			f = ff;
		} else {
			memcpy(&f, &t->u, 8);
		}
		if (neg)
			f = -f;
		if (ty == PT_F32) {
			float ff = (float)f;
			uint32_t b;
			memcpy(&b, &ff, 4);
			*v = b;
		} else if (ty == PT_F64) {
			memcpy(v, &f, 8);
		} else {
			return ptx_err_tok(p->pf, t,
					   "floating-point initialiser for an "
					   "integer variable");
		}
		return 0;
	}
	return ptx_err_tok(p->pf, t, "bad initialiser");
}

/* Parse `= value` or `= {v, {v, v}, ...}` (braces nest, depth-capped). */
static int pp_initialiser(struct parser *p, struct init_state *is)
{
	int depth = 0;
	do {
		while (pp_accept(p, '{')) {
			if (++depth > 8)
				return ptx_err_tok(p->pf, pp_peek(p),
						   "initialiser nested too deep");
		}
		if (depth && pp_is_punct(pp_peek(p), '}')) {
			/* empty braces */
		} else {
			uint64_t v = 0;
			if (pp_init_elem(p, is, &v))
				return -1;
			if ((is->n + 1) * is->elsize > is->size)
				return ptx_err_tok(p->pf, pp_peek(p),
						   "too many initialisers");
			pp_store_le(is->buf + is->n * is->elsize, v,
				    MIN(is->elsize, 8u));
			is->n++;
		}
		while (depth && pp_accept(p, '}'))
			depth--;
	} while (depth && pp_accept(p, ','));
	if (depth)
		return pp_expect(p, '}');
	return 0;
}

/* Add a name to the module symbol table. */
static int pp_gsym_add(struct parser *p, const struct tok *name, uint8_t kind,
		       uint32_t idx)
{
	if (strmap_get(&p->gmap, name->s, name->len) != STRMAP_NONE)
		return ptx_err_tok(p->pf, name, "redefinition of '%.*s'",
				   (int)name->len, name->s);
	VEC_PUSH(p->gsyms, p->n_gsyms, p->cap_gsyms);
	p->gsyms[p->n_gsyms - 1].kind = kind;
	p->gsyms[p->n_gsyms - 1].idx = idx;
	strmap_put(&p->gmap, name->s, name->len, p->n_gsyms - 1);
	return 0;
}

/* A module .global or .const variable: storage now, address folded later. */
static int pp_module_var(struct parser *p, uint8_t space)
{
	struct ptx_front *pf = p->pf;
	struct ptx_module *m = pf->m;
	struct decl dc;
	struct init_state is = {0};
	uint8_t *buf = NULL;

	if (pp_decl_spec(p, &dc) || pp_decl_name(p, &dc))
		return -1;
	if (dc.has_range)
		return ptx_err_tok(pf, dc.name, "bad variable declaration");
	is.elsize = ptype_size(dc.type) * dc.vec;
	is.type = dc.type;
	if (pp_accept(p, '=')) {
		if (dc.unsized) /* size from the initialiser: count first */
			return ptx_err_tok(pf, dc.name,
					   "unsized initialised arrays are "
					   "not supported");
		is.size = pp_decl_bytes(&dc);
		if (is.size > PTX_MAX_INIT_BYTES)
			return ptx_err_tok(pf, dc.name,
					   "initialised variable too large");
		buf = is.buf = arena_alloc(pf->ar, is.size);
		is.elsize /= dc.vec; /* vectors: element by element */
		if (pp_initialiser(p, &is))
			return -1;
	}
	if (pp_expect_semi(p))
		return -1;
	uint64_t bytes = pp_decl_bytes(&dc);
	if (bytes > PTX_MAX_BYTES)
		return ptx_err_tok(pf, dc.name, "variable too large");
	VEC_PUSH(m->vars, m->n_vars, pf->cap_vars);
	struct ptx_var *v = &m->vars[m->n_vars - 1];
	memset(v, 0, sizeof(*v));
	v->name = arena_strndup(pf->ar, dc.name->s, dc.name->len);
	v->space = space;
	v->align = pp_decl_align(&dc);
	v->size = bytes;
	v->init = buf;
	if (pf->env && pf->env->alloc_var) {
		if (pf->env->alloc_var(pf->env->ctx, v, &v->addr, pf->d) < 0)
			return ptx_err_tok(pf, dc.name,
					   "cannot allocate '%s'", v->name);
	} else {
		pf->fake_addr = ALIGN_UP(pf->fake_addr, v->align);
		v->addr = pf->fake_addr;
		pf->fake_addr += bytes ? bytes : 1;
	}
	if (space == SP_CONST)
		pf->const_bytes += bytes;
	else
		pf->global_bytes += bytes;
	return pp_gsym_add(p, dc.name, GS_VAR, m->n_vars - 1);
}

static int pp_module_shared(struct parser *p, bool is_extern)
{
	struct decl dc;
	if (pp_decl_spec(p, &dc) || pp_decl_name(p, &dc))
		return -1;
	int32_t sv = pp_new_svar(p, &dc, is_extern);
	if (sv < 0 || pp_expect_semi(p))
		return -1;
	return pp_gsym_add(p, dc.name, GS_SHARED, (uint32_t)sv);
}

/* ---- functions ----------------------------------------------------------- */

/*
 * ( .param ... NAME, ... ): kernel params are laid out in the parameter
 * buffer, .func params/retvals in the function's frame (done later).
 */
static int pp_param_list(struct parser *p, struct pparam **out, uint32_t *n)
{
	struct pparam *v = NULL;
	uint32_t cnt = 0, cap = 0;

	*out = NULL;
	*n = 0;
	if (pp_accept(p, ')'))
		return 0;
	do {
		const struct tok *t = pp_next(p);
		struct decl dc;
		if (!pp_tok_is(t, ".param")) {
			free(v);
			return ptx_err_tok(p->pf, t,
					   "unsupported parameter '%.*s'",
					   (int)t->len, t->s);
		}
		if (pp_decl_spec(p, &dc) || pp_decl_name(p, &dc)) {
			free(v);
			return -1;
		}
		uint64_t bytes = pp_decl_bytes(&dc);
		if (dc.has_range || dc.unsized || bytes > PTX_MAX_BYTES ||
		    cnt >= 65536) {
			free(v);
			return ptx_err_tok(p->pf, dc.name, "bad parameter");
		}
		VEC_PUSH(v, cnt, cap);
		v[cnt - 1].name =
			arena_strndup(p->pf->ar, dc.name->s, dc.name->len);
		v[cnt - 1].size = (uint32_t)bytes;
		v[cnt - 1].align = pp_decl_align(&dc);
		v[cnt - 1].type = dc.type;
		v[cnt - 1].offset = 0;
	} while (pp_accept(p, ','));
	if (pp_expect(p, ')')) {
		free(v);
		return -1;
	}
	*out = arena_alloc(p->pf->ar, (size_t)cnt * sizeof(*v));
	if (cnt)
		memcpy(*out, v, (size_t)cnt * sizeof(*v));
	*n = cnt;
	free(v);
	return 0;
}

/* .maxntid / .reqntid / .minnctapersm / .maxnreg (header or body). */
static int pp_perf_dir(struct parser *p, const struct tok *t)
{
	struct pfunc *fn = p->fn;
	uint32_t v[3] = {0, 0, 0};
	bool three = pp_tok_is(t, ".maxntid") || pp_tok_is(t, ".reqntid");

	if (!fn)
		return ptx_err_tok(p->pf, t, "misplaced '%.*s'", (int)t->len,
				   t->s);
	if (pp_tok_is(t, ".noreturn"))
		return 0;
	for (int i = 0; i < (three ? 3 : 1); i++) {
		if (i && !pp_accept(p, ','))
			break;
		if (pp_u32(p, &v[i]))
			return -1;
	}
	if (three && !v[1])
		v[1] = 1;
	if (three && !v[2])
		v[2] = 1;
	if (pp_tok_is(t, ".maxntid"))
		memcpy(fn->maxntid, v, sizeof(v));
	else if (pp_tok_is(t, ".reqntid"))
		memcpy(fn->reqntid, v, sizeof(v));
	else if (pp_tok_is(t, ".minnctapersm"))
		fn->minnctapersm = v[0];
	else if (pp_tok_is(t, ".maxnreg"))
		fn->maxnreg = v[0];
	/* .maxnctapersm is informational */
	pp_accept(p, ';');
	return 0;
}

static bool pp_is_perf_dir(const struct tok *t)
{
	return pp_tok_is(t, ".maxntid") || pp_tok_is(t, ".reqntid") ||
	       pp_tok_is(t, ".minnctapersm") || pp_tok_is(t, ".maxnreg") ||
	       pp_tok_is(t, ".maxnctapersm") || pp_tok_is(t, ".noreturn");
}

/* .pragma "..." {, "..."} ; */
static void pp_pragma(struct parser *p)
{
	while (pp_peek(p)->kind == T_STR || pp_is_punct(pp_peek(p), ','))
		p->pos++;
	pp_expect(p, ';');
}

/* .loc F L C [, ...] (no `;`): remember the CUDA line. */
static void pp_loc(struct parser *p, const struct tok *t)
{
	const struct tok *f = pp_peek(p);
	if (f->kind == T_INT && f->line == t->line) {
		p->pos++;
		const struct tok *l = pp_peek(p);
		if (l->kind == T_INT && l->line == t->line)
			p->src_line = (uint32_t)MIN(l->u, (uint64_t)UINT32_MAX);
	}
	pp_skip_line(p, t->line);
}

/* Find or create the function record for a name. */
static struct pfunc *pp_func_get(struct parser *p, const struct tok *name,
				 int32_t *idx)
{
	struct ptx_front *pf = p->pf;
	uint32_t i = strmap_get(&pf->fmap, name->s, name->len);
	if (i == STRMAP_NONE) {
		struct pfunc *fn = arena_alloc(pf->ar, sizeof(*fn));
		fn->name = arena_strndup(pf->ar, name->s, name->len);
		VEC_PUSH(pf->funcs, pf->n_funcs, pf->cap_funcs);
		i = pf->n_funcs - 1;
		pf->funcs[i] = fn;
		strmap_put(&pf->fmap, fn->name, name->len, i);
	}
	*idx = (int32_t)i;
	return pf->funcs[i];
}

/* Enter a body: fresh scoped tables with the parameters in scope. */
static int pp_body_begin(struct parser *p)
{
	struct pfunc *fn = p->fn;
	uint32_t i;

	p->n_lsyms = 0;
	strmap_release(&p->lmap);
	strmap_release(&p->rmap);
	strmap_release(&p->labels);
	p->n_fixes = p->n_brxuses = 0;
	p->depth = 0;
	p->frame = 0;
	p->scratch_reg = REG_NONE;
	p->scratch_pred = PRED_NONE;
	p->src_line = 0;
	pp_scope_push(p);
	if (fn->is_entry) {
		uint32_t off = 0;
		for (i = 0; i < fn->n_params; i++) {
			struct pparam *pa = &fn->params[i];
			off = ALIGN_UP(off, pa->align);
			pa->offset = off;
			off += pa->size;
		}
		fn->param_bytes = off;
	} else {
		for (i = 0; i < fn->n_rets + fn->n_params; i++) {
			struct pparam *pa = i < fn->n_rets
						    ? &fn->rets[i]
						    : &fn->params[i - fn->n_rets];
			if (pp_frame_alloc(p, pp_peek(p), pa->size, pa->align,
					   &pa->offset))
				return -1;
		}
	}
	for (i = 0; i < fn->n_rets + fn->n_params; i++) {
		struct pparam *pa = i < fn->n_rets ? &fn->rets[i]
						   : &fn->params[i - fn->n_rets];
		struct tok name = {0};
		name.s = pa->name;
		name.len = (uint32_t)strlen(pa->name);
		name.line = fn->line;
		name.col = fn->col;
		struct lsym *l = pp_declare(p, &name, name.len, false);
		if (!l)
			return -1;
		l->kind = fn->is_entry ? LS_KPARAM : LS_FRAME;
		l->type = pa->type;
		l->base = pa->offset;
		l->bytes = pa->size;
	}
	return 0;
}

/* Leave a body: resolve labels and branch tables, compute reconvergence. */
static void pp_body_end(struct parser *p)
{
	struct pfunc *fn = p->fn;
	uint32_t i, j;

	for (i = 0; i < p->n_fixes; i++) {
		const struct tok *l = p->fixes[i].label;
		uint32_t pc = strmap_get(&p->labels, l->s, l->len);
		if (pc == STRMAP_NONE) {
			ptx_err_tok(p->pf, l, "undefined label '%.*s'",
				    (int)l->len, l->s);
			pc = fn->n_code;
		}
		fn->code[p->fixes[i].pc].target = pc;
		fn->code[p->fixes[i].pc].o[0].reg = pc;
	}
	for (i = 0; i < fn->n_brx; i++) {
		struct pbrx *b = &fn->brx[i];
		b->pcs = arena_alloc(p->pf->ar, (size_t)b->n * sizeof(uint32_t));
		for (j = 0; j < b->n; j++) {
			const struct tok *l = b->labels[j];
			uint32_t pc = strmap_get(&p->labels, l->s, l->len);
			if (pc == STRMAP_NONE) {
				ptx_err_tok(p->pf, l, "undefined label '%.*s'",
					    (int)l->len, l->s);
				pc = fn->n_code;
			}
			b->pcs[j] = pc;
		}
		free(b->labels);
		b->labels = NULL;
	}
	for (i = 0; i < p->n_brxuses; i++) {
		const struct tok *n = p->brxuses[i].name;
		for (j = 0; j < fn->n_brx; j++)
			if (strlen(fn->brx[j].name) == n->len &&
			    !memcmp(fn->brx[j].name, n->s, n->len))
				break;
		if (j == fn->n_brx) {
			ptx_err_tok(p->pf, n, "undefined branch table '%.*s'",
				    (int)n->len, n->s);
			j = 0;
		}
		fn->code[p->brxuses[i].pc].target = j;
	}
	if (p->pf->n_err == 0)
		ptx_cfg_reconv(fn);
	p->fn = NULL;
}

/* NAME: .branchtargets L1, L2, ... ; */
static int pp_branchtargets(struct parser *p, const struct tok *name)
{
	struct pfunc *fn = p->fn;
	const struct tok **v = NULL;
	uint32_t n = 0, cap = 0;

	do {
		const struct tok *t = pp_next(p);
		if (t->kind != T_IDENT || n >= PTX_MAX_TARGETS) {
			free(v);
			return ptx_err_tok(p->pf, t, "bad branch target");
		}
		VEC_PUSH(v, n, cap);
		v[n - 1] = t;
	} while (pp_accept(p, ','));
	if (pp_expect_semi(p)) {
		free(v);
		return -1;
	}
	VEC_PUSH(fn->brx, fn->n_brx, fn->cap_brx);
	struct pbrx *b = &fn->brx[fn->n_brx - 1];
	memset(b, 0, sizeof(*b));
	b->name = arena_strndup(p->pf->ar, name->s, name->len);
	b->n = n;
	b->labels = v;
	return 0;
}

/* A label statement `NAME:` (possibly introducing .branchtargets). */
static int pp_label(struct parser *p)
{
	const struct tok *name = pp_next(p);
	p->pos++; /* ':' */
	const struct tok *t = pp_peek(p);
	if (pp_tok_is(t, ".branchtargets")) {
		p->pos++;
		return pp_branchtargets(p, name);
	}
	if (pp_tok_is(t, ".callprototype") || pp_tok_is(t, ".calltargets")) {
		/* a prototype for indirect calls: candidates are matched by
		 * their own declarations at link, so only skip it */
		while (pp_peek(p)->kind != T_EOF && !pp_is_punct(pp_peek(p), ';'))
			p->pos++;
		return pp_expect_semi(p);
	}
	if (strmap_get(&p->labels, name->s, name->len) != STRMAP_NONE)
		return ptx_err_tok(p->pf, name, "duplicate label '%.*s'",
				   (int)name->len, name->s);
	strmap_put(&p->labels, name->s, name->len, p->fn->n_code);
	return 0;
}

/* One directive inside a body. */
static int pp_body_dir(struct parser *p)
{
	const struct tok *t = pp_next(p);

	if (pp_tok_is(t, ".reg"))
		return pp_reg_decl(p);
	if (pp_tok_is(t, ".local") || pp_tok_is(t, ".param"))
		return pp_frame_decl(p);
	if (pp_tok_is(t, ".shared"))
		return pp_body_shared(p, false);
	if (pp_tok_is(t, ".extern") && pp_tok_is(pp_peek(p), ".shared")) {
		p->pos++;
		return pp_body_shared(p, true);
	}
	if (pp_tok_is(t, ".global"))
		return pp_module_var(p, SP_GLOBAL);
	if (pp_tok_is(t, ".const"))
		return pp_module_var(p, SP_CONST);
	if (pp_tok_is(t, ".pragma")) {
		pp_pragma(p);
		return 0;
	}
	if (pp_tok_is(t, ".loc")) {
		pp_loc(p, t);
		return 0;
	}
	if (pp_tok_is(t, ".file")) {
		pp_skip_line(p, t->line);
		return 0;
	}
	if (pp_is_perf_dir(t))
		return pp_perf_dir(p, t);
	return ptx_err_tok(p->pf, t, "unsupported directive '%.*s'",
			   (int)t->len, t->s);
}

/* The statements of a body, after its `{`, up to the matching `}`. */
static void pp_body(struct parser *p)
{
	while (p->pf->n_err < PTX_MAX_ERRORS) {
		const struct tok *t = pp_peek(p);
		int rc = 0;
		p->no_sync = false;
		if (t->kind == T_EOF) {
			ptx_err_tok(p->pf, t, "unterminated function body");
			return;
		}
		if (pp_is_punct(t, '{')) {
			p->pos++;
			if (p->depth >= PTX_MAX_DEPTH) {
				ptx_err_tok(p->pf, t, "scopes nested too deep");
				return;
			}
			pp_scope_push(p);
			continue;
		}
		if (pp_is_punct(t, '}')) {
			p->pos++;
			pp_scope_pop(p);
			if (!p->depth)
				return;
			continue;
		}
		if (t->kind == T_DIR)
			rc = pp_body_dir(p);
		else if (t->kind == T_IDENT && pp_is_punct(t + 1, ':'))
			rc = pp_label(p);
		else if (t->kind == T_IDENT || pp_is_punct(t, '@'))
			rc = ptx_decode_insn(p);
		else if (pp_is_punct(t, ';'))
			p->pos++;
		else
			rc = ptx_err_tok(p->pf, t, "unexpected '%.*s'",
					 (int)MIN(t->len, 40u), t->s);
		if (rc)
			pp_sync(p);
	}
}

/* .entry / .func header, then `;` or a body. */
static int pp_function(struct parser *p, bool is_entry, bool is_extern)
{
	struct ptx_front *pf = p->pf;
	struct pparam *rets = NULL, *params = NULL;
	uint32_t n_rets = 0, n_params = 0;
	int32_t idx;

	if (!is_entry && pp_accept(p, '(') &&
	    pp_param_list(p, &rets, &n_rets))
		return -1;
	const struct tok *name = pp_next(p);
	if (name->kind != T_IDENT)
		return ptx_err_tok(pf, name, "expected a function name");
	if (pp_accept(p, '(') && pp_param_list(p, &params, &n_params))
		return -1;
	if (n_rets > 1)
		return ptx_err_tok(pf, name,
				   "multiple return values are not supported");
	struct pfunc *fn = pp_func_get(p, name, &idx);
	if (fn->defined && !pp_is_punct(pp_peek(p), ';') &&
	    !pp_is_perf_dir(pp_peek(p)))
		return ptx_err_tok(pf, name, "redefinition of '%.*s'",
				   (int)name->len, name->s);
	if (!fn->defined) {
		fn->is_entry = is_entry;
		fn->is_extern = is_extern;
		fn->params = params;
		fn->n_params = n_params;
		fn->rets = rets;
		fn->n_rets = n_rets;
		fn->line = name->line;
		fn->col = name->col;
	}
	p->fn = fn;
	p->fn_idx = idx;
	while (pp_peek(p)->kind == T_DIR) {
		const struct tok *t = pp_next(p);
		if (pp_is_perf_dir(t)) {
			if (pp_perf_dir(p, t))
				goto fail;
		} else if (pp_tok_is(t, ".pragma")) {
			pp_pragma(p);
		} else {
			ptx_err_tok(pf, t, "unexpected '%.*s' in a function "
				    "header", (int)t->len, t->s);
			goto fail;
		}
	}
	if (pp_accept(p, ';')) {
		p->fn = NULL;
		return 0;
	}
	if (pp_expect(p, '{') || fn->defined)
		goto fail;
	fn->defined = true;
	fn->is_extern = false;
	if (pp_body_begin(p))
		goto fail;
	pp_body(p);
	pp_body_end(p);
	return 0;
fail:
	p->fn = NULL;
	return -1;
}

/* Skip `.section NAME { ... }` (DWARF from -lineinfo/-G). */
static void pp_section(struct parser *p)
{
	int depth = 0;
	while (pp_peek(p)->kind != T_EOF && !pp_is_punct(pp_peek(p), '{'))
		p->pos++;
	do {
		const struct tok *t = pp_next(p);
		if (t->kind == T_EOF)
			return;
		if (pp_is_punct(t, '{'))
			depth++;
		else if (pp_is_punct(t, '}'))
			depth--;
	} while (depth > 0);
}

/* One module-scope statement. */
static int pp_module_stmt(struct parser *p)
{
	const struct tok *t = pp_next(p);
	bool is_extern = false;
	char buf[64];

	if (t->kind != T_DIR)
		return ptx_err_tok(p->pf, t, "expected a directive, got %s",
				   pp_desc(t, buf, sizeof(buf)));
	if (pp_tok_is(t, ".version") && t != &p->toks[0])
		ptx_err_tok(p->pf, t, "only one .version directive is "
			    "allowed, at the start of the module");
	if (pp_tok_is(t, ".version") || pp_tok_is(t, ".target") ||
	    pp_tok_is(t, ".address_size") || pp_tok_is(t, ".file") ||
	    pp_tok_is(t, ".loc")) {
		if (pp_tok_is(t, ".address_size") &&
		    !(pp_peek(p)->kind == T_INT && pp_peek(p)->u == 64))
			ptx_err_tok(p->pf, pp_peek(p),
				    "only .address_size 64 is supported");
		pp_skip_line(p, t->line);
		return 0;
	}
	if (pp_tok_is(t, ".section")) {
		pp_section(p);
		return 0;
	}
	if (pp_tok_is(t, ".pragma")) {
		pp_pragma(p);
		return 0;
	}
	while (pp_tok_is(t, ".visible") || pp_tok_is(t, ".extern") ||
	       pp_tok_is(t, ".weak") || pp_tok_is(t, ".common")) {
		if (pp_tok_is(t, ".extern"))
			is_extern = true;
		t = pp_next(p);
	}
	if (pp_tok_is(t, ".entry"))
		return pp_function(p, true, is_extern);
	if (pp_tok_is(t, ".func"))
		return pp_function(p, false, is_extern);
	if (pp_tok_is(t, ".global"))
		return pp_module_var(p, SP_GLOBAL);
	if (pp_tok_is(t, ".const"))
		return pp_module_var(p, SP_CONST);
	if (pp_tok_is(t, ".shared"))
		return pp_module_shared(p, is_extern);
	return ptx_err_tok(p->pf, t, "unsupported directive '%.*s'",
			   (int)t->len, t->s);
}

/* Append a load warning to the module (one line). */
static void pp_warn(struct parser *p, const struct tok *t, const char *msg)
{
	struct ptx_module *m = p->pf->m;
	size_t old = m->warnings ? strlen(m->warnings) : 0;
	size_t n = strlen(p->pf->file) + strlen(msg) + 48;
	char *w = arena_alloc(p->pf->ar, old + n);
	if (old)
		memcpy(w, m->warnings, old);
	snprintf(w + old, n, "%s:%u:%u: warning: %s\n", p->pf->file,
		 (unsigned)t->line, (unsigned)t->col, msg);
	m->warnings = w;
}

/*
 * .version MAJOR.MINOR (token v) and the .target list from token i: a
 * target above the simulated GPU (env->sm) or an ISA newer than the front
 * end knows loads with a warning naming it, or fails with
 * ptx_strict_target.  Non-sm targets (texmode_*, debug, map_f64_to_f32)
 * are accepted.
 */
static int pp_check_target(struct parser *p, const struct tok *v, size_t i)
{
	const struct ptx_env *env = p->pf->env;
	bool strict = env && env->strict_target;
	char msg[200];
	int rc = 0;
	unsigned maj = 0, min = 0;

	if (sscanf(v->s, "%u.%u", &maj, &min) == 2)
		p->pf->m->isa_version = maj * 10 + min;
	if (p->pf->m->isa_version > PTX_ISA_NEWEST) {
		snprintf(msg, sizeof(msg), "PTX ISA version %u.%u is newer than "
			 "%u.%u, the newest this simulator knows", maj, min,
			 PTX_ISA_NEWEST / 10, PTX_ISA_NEWEST % 10);
		if (strict)
			rc = ptx_err_tok(p->pf, v, "%s (ptx_strict_target)", msg);
		else
			pp_warn(p, v, msg);
	}
	for (const struct tok *t = &p->toks[i];
	     t->kind == T_IDENT && t->line == p->toks[i - 1].line;) {
		unsigned sm = 0;
		if (t->len > 3 && !memcmp(t->s, "sm_", 3) &&
		    sscanf(t->s + 3, "%u", &sm) == 1) {
			p->pf->m->target_sm = sm;
			if (env && env->sm && sm > env->sm) {
				snprintf(msg, sizeof(msg), "target %.*s is above "
					 "sm_%u, the simulated GPU",
					 (int)MIN(t->len, 40u), t->s, env->sm);
				if (strict) {
					rc = ptx_err_tok(p->pf, t, "%s "
							 "(ptx_strict_target)",
							 msg);
				} else {
					strcat(msg, "; loaded anyway "
					       "(ptx_strict_target refuses it)");
					pp_warn(p, t, msg);
				}
			}
		}
		t++;
		if (!pp_is_punct(t, ','))
			break;
		t++;
	}
	return rc;
}

/*
 * The PTX ISA requires every module to begin with .version, followed at
 * once by .target (ptxas: "Missing .version directive at start of file").
 * An empty or comment-only image has no .version and is rejected here, at
 * its end.  Returns 0 or -1 with an error.
 */
static int pp_header(struct parser *p)
{
	const struct tok *t = &p->toks[0];
	size_t i = 0;
	char buf[64];

	if (t->kind == T_EOF)
		return ptx_err_tok(p->pf, t, "empty PTX module: no .version "
				   "directive");
	if (!pp_tok_is(t, ".version"))
		return ptx_err_tok(p->pf, t, "a PTX module must begin with a "
				   ".version directive, got %s",
				   pp_desc(t, buf, sizeof(buf)));
	while (p->toks[i].kind != T_EOF && p->toks[i].line == t->line)
		i++;
	if (i < 2 || p->toks[1].kind != T_FLOAT)
		return ptx_err_tok(p->pf, i < 2 ? t : &p->toks[1],
				   "expected a PTX ISA version after .version");
	if (!pp_tok_is(&p->toks[i], ".target"))
		return ptx_err_tok(p->pf, &p->toks[i], "a .target directive "
				   "must follow .version, got %s",
				   pp_desc(&p->toks[i], buf, sizeof(buf)));
	return pp_check_target(p, &p->toks[1], i + 1);
}

int ptx_func_addr(struct ptx_front *pf, const struct tok *t, int64_t off,
		  int64_t *out)
{
	uint32_t i = strmap_get(&pf->fmap, t->s, t->len);
	if (i == STRMAP_NONE)
		return ptx_err_tok(pf, t, "undefined identifier '%.*s'",
				   (int)t->len, t->s);
	if (pf->funcs[i]->is_entry)
		return ptx_err_tok(pf, t, "unsupported: dynamic parallelism "
				   "(the address of kernel '%.*s' is taken for "
				   "a device-side launch; issue 18)",
				   (int)t->len, t->s);
	pf->funcs[i]->addr_taken = true;
	*out = (int64_t)PTX_FPTR(i) + off;
	return 0;
}

int ptx_parse(struct ptx_front *pf)
{
	struct parser p;

	memset(&p, 0, sizeof(p));
	p.pf = pf;
	p.toks = pf->toks;
	p.fn_idx = -1;
	if (pp_header(&p))
		return -1;
	while (pp_peek(&p)->kind != T_EOF && pf->n_err < PTX_MAX_ERRORS) {
		p.no_sync = false;
		if (pp_module_stmt(&p))
			pp_sync(&p);
		if (pp_is_punct(pp_peek(&p), '{') ||
		    pp_is_punct(pp_peek(&p), '}')) {
			ptx_err_tok(pf, pp_peek(&p), "unexpected '%c'",
				    pp_peek(&p)->ch);
			p.pos++;
		}
	}
	for (uint32_t i = 0; i < pf->n_funcs; i++) { /* failed bodies */
		struct pfunc *fn = pf->funcs[i];
		for (uint32_t j = 0; j < fn->n_brx; j++) {
			free(fn->brx[j].labels);
			fn->brx[j].labels = NULL;
		}
	}
	free(p.gsyms);
	free(p.lsyms);
	free(p.fixes);
	free(p.brxuses);
	strmap_release(&p.gmap);
	strmap_release(&p.lmap);
	strmap_release(&p.rmap);
	strmap_release(&p.labels);
	return pf->n_err ? -1 : 0;
}
