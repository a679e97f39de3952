/*
 * arena.h - bump allocator for load-time data (parse trees, IR, names).
 *
 * Everything allocated from an arena is freed at once by arena_release.
 * Used by the PTX front end; never used in the cycle loop.
 */
#ifndef SIM_BASE_ARENA_H
#define SIM_BASE_ARENA_H

#include <stddef.h>

struct arena_block;

struct arena {
	struct arena_block *head; /* newest block; older blocks chained behind */
};

void arena_init(struct arena *a);
void arena_release(struct arena *a);
/* Zeroed, 16-byte aligned storage that lives until arena_release. */
void *arena_alloc(struct arena *a, size_t n);
char *arena_strndup(struct arena *a, const char *s, size_t n);

#endif
