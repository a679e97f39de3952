/*
 * fetch.h - fetch policies: which warp the SM's single fetch port serves
 * next.  Like issue policies (sched.h) a fetch policy only chooses; the
 * fetch mechanism (I-cache access, fetch buffer, decode) stays in
 * src/timing.  Adding a policy is one function plus one registry line
 * (fetch.c).
 */
#ifndef SIM_SCHED_FETCH_H
#define SIM_SCHED_FETCH_H

#include <stdio.h>

#include "sched.h"

/* What a fetch policy may look at. */
struct fetch_view {
	uint64_t cycle;              /* current core cycle */
	unsigned n_slots;            /* warp slots on the SM */
	unsigned n_words;            /* 64-bit words of each bitset */
	const uint64_t *fetchable;   /* bitset: live, room in the I-buffer
					(see fetch_ops.partial), no I-cache
					miss or fetch outstanding */
	const uint8_t *ib_fill;      /* per slot: valid I-buffer entries */
	unsigned last;               /* slot served last */
	struct sched *const *sched;  /* the SM's issue-policy instances */
	unsigned n_sched;            /* how many */
	const struct sched_view *sv; /* the issue policies' view */
	uint16_t *scratch;           /* n_slots entries a policy may use */
};

struct fetch_ops {
	const char *name;  /* CLI name (--fetch) */
	const char *desc;  /* one line for `warpsim list` */
	bool partial;      /* a warp may fetch as soon as one I-buffer slot
			      is free (else only when a whole fetch block,
			      min(gpgpu_fetch_bytes/8, gpgpu_ibuffer_size)
			      instructions, fits: with the GTX480's 2-entry
			      I-buffer and 16 B fetch, only when empty) */
	/* The slot to fetch for (a set bit of v->fetchable), or -1. */
	int (*pick)(const struct fetch_view *v);
};

/* Registry: NULL when unknown. */
const struct fetch_ops *fetch_lookup(const char *name);
/* All fetch policies, NULL-terminated. */
const struct fetch_ops *const *fetch_registry(void);
/* Print "name  description" per policy. */
void fetch_print_list(FILE *f);

/* First set bit of bitset a (n bits in nw words) after `after`,
 * cyclically; -1 when none. */
int fetch_next_bit(const uint64_t *a, unsigned nw, unsigned n,
		   unsigned after);

#endif
