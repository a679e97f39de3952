/*
 * symtab.c - a small open-addressed string map (FNV-1a hash, linear
 * probing) used for the module's function names, labels and the scoped
 * register/symbol tables.  Keys are borrowed, not copied.
 */
#include "../base/base.h"
#include "ptx_int.h"

#include <stdlib.h>

static uint32_t strmap_hash(const char *k, size_t len)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)k[i]) * 16777619u;
	return h;
}

/* Slot of key k: where it is, or the empty slot where it would go. */
static struct strmap_ent *strmap_slot(const struct strmap *m, const char *k,
				      size_t len)
{
	uint32_t i = strmap_hash(k, len) & (m->cap - 1);
	for (;;) {
		struct strmap_ent *e = &m->e[i];
		if (!e->k || (e->len == len && memcmp(e->k, k, len) == 0))
			return e;
		i = (i + 1) & (m->cap - 1);
	}
}

uint32_t strmap_get(const struct strmap *m, const char *k, size_t len)
{
	if (!m->cap)
		return STRMAP_NONE;
	struct strmap_ent *e = strmap_slot(m, k, len);
	return e->k ? e->val : STRMAP_NONE;
}

static void strmap_grow(struct strmap *m)
{
	struct strmap old = *m;
	m->cap = old.cap ? old.cap * 2 : 64;
	m->e = xcalloc(m->cap, sizeof(*m->e));
	m->n = 0;
	for (uint32_t i = 0; i < old.cap; i++) {
		if (old.e[i].k) {
			*strmap_slot(m, old.e[i].k, old.e[i].len) = old.e[i];
			m->n++;
		}
	}
	free(old.e);
}

void strmap_put(struct strmap *m, const char *k, size_t len, uint32_t val)
{
	if ((m->n + 1) * 2 > m->cap)
		strmap_grow(m);
	struct strmap_ent *e = strmap_slot(m, k, len);
	if (!e->k) {
		e->k = k;
		e->len = (uint32_t)len;
		m->n++;
	}
	e->val = val;
}

void strmap_release(struct strmap *m)
{
	free(m->e);
	memset(m, 0, sizeof(*m));
}
