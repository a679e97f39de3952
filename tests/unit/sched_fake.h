/*
 * sched_fake.h - a fake SM for the scheduling-policy unit tests: the
 * bitsets and arrays a struct sched_view points into, with no pipeline.
 */
#ifndef WS_TESTS_SCHED_FAKE_H
#define WS_TESTS_SCHED_FAKE_H

#include <string.h>

#include "sched/sched.h"

#define NW SCHED_MAX_WARPS
#define NB (NW / 64)

/* A fake SM: the bitsets and arrays a struct sched_view points into. */
struct fake {
	uint64_t valid[NB];    /* live warps */
	uint64_t ready[NB];    /* I-buffer holds an instruction, not waiting */
	uint64_t barrier[NB];  /* at a barrier */
	uint64_t long_op[NB];  /* next instruction waits on a long load */
	uint64_t age[NW];      /* dynamic warp id per slot */
	uint16_t tb[NW];       /* TB slot per warp slot */
	uint64_t tb_age[NW];   /* TB launch order */
	struct sched_view v;   /* the view handed to order() */
};

static inline void fake_init(struct fake *f, unsigned n_slots)
{
	memset(f, 0, sizeof(*f));
	f->v.n_slots = n_slots;
	f->v.valid = f->valid;
	f->v.ready = f->ready;
	f->v.at_barrier = f->barrier;
	f->v.long_op = f->long_op;
	f->v.age = f->age;
	f->v.tb = f->tb;
	f->v.tb_age = f->tb_age;
}

/* Set (on) or clear bit i of set. */
static inline void bit_set(uint64_t *set, unsigned i, int on)
{
	if (on)
		set[i / 64] |= (uint64_t)1 << (i % 64);
	else
		set[i / 64] &= ~((uint64_t)1 << (i % 64));
}

#endif
