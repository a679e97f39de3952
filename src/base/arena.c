/*
 * arena.c - bump allocator (see arena.h).
 */
#include "base.h"
#include "arena.h"

#include <stdlib.h>

struct arena_block {
	struct arena_block *next; /* older block */
	size_t used;              /* bytes handed out from data[] */
	size_t cap;               /* bytes available in data[] */
	_Alignas(16) unsigned char data[]; /* the storage */
};

void arena_init(struct arena *a) { a->head = NULL; }

void arena_release(struct arena *a)
{
	struct arena_block *b = a->head;
	while (b) {
		struct arena_block *n = b->next;
		free(b);
		b = n;
	}
	a->head = NULL;
}

void *arena_alloc(struct arena *a, size_t n)
{
	n = ALIGN_UP(n ? n : 1, 16);
	struct arena_block *b = a->head;
	if (!b || b->used + n > b->cap) {
		size_t cap = n > 65536 ? n : 65536;
		b = xmalloc(sizeof(*b) + cap);
		b->next = a->head;
		b->used = 0;
		b->cap = cap;
		a->head = b;
	}
	void *p = b->data + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = arena_alloc(a, n + 1);
	memcpy(p, s, n);
	p[n] = 0;
	return p;
}
