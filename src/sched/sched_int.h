/*
 * sched_int.h - private helpers of the scheduling policies (not for other
 * modules): the policies' ops tables for the registry, own-slot tests,
 * argument parsing, and the orders the policies keep up to date from their
 * event hooks so that order() never sorts: a packed age-ordered array (gto,
 * oldest) and intrusive circular lists ("rings") of warp slots (the
 * two-level pool and pending FIFO).
 */
#ifndef SIM_SCHED_SCHED_INT_H
#define SIM_SCHED_SCHED_INT_H

#include "sched.h"

#define SCHED_NIL 0xffffu /* "no slot" in the 16-bit slot links */

extern const struct sched_ops sched_lrr_ops;
extern const struct sched_ops sched_gto_ops;
extern const struct sched_ops sched_oldest_ops;
extern const struct sched_ops sched_tl_ops;
extern const struct sched_ops sched_mwf_ops;
extern const struct sched_ops sched_saws_ops;
extern const struct sched_ops sched_pro_ops;
extern const struct sched_ops sched_cawa_ops;
extern const struct sched_ops sched_bows_ops;

/* Format a message into err (size errlen; either may be 0/NULL); -1. */
int sched_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * Parse an unsigned decimal at *p (advancing *p past it) into *val; -1 when
 * *p does not start with a digit or the value exceeds max.
 */
int sched_parse_uint(const char **p, uint64_t max, uint64_t *val);

/* True when slot is a slot of this scheduler (w % n_sched == sched_id). */
static inline bool sched_owns(const struct sched *s, unsigned slot)
{
	return slot < s->ini.n_slots &&
	       slot % s->ini.n_sched == s->ini.sched_id;
}

/* Number of slots this scheduler owns. */
static inline unsigned sched_n_own(const struct sched_init *ini)
{
	if (ini->n_slots <= ini->sched_id)
		return 0;
	return (ini->n_slots - ini->sched_id + ini->n_sched - 1) / ini->n_sched;
}

/* A slot that may be listed: a live warp (valid bit set). */
static inline bool sched_valid(const struct sched_view *v, unsigned slot)
{
	return sched_bit(v->valid, slot);
}

/* A valid warp with an instruction and not waiting. */
static inline bool sched_ready(const struct sched_view *v, unsigned slot)
{
	return sched_bit(v->valid, slot) && sched_bit(v->ready, slot);
}

/* The first set bit of m in [from, to), or to when there is none. */
static inline unsigned sched_next_set(const uint64_t *m, unsigned from,
				      unsigned to)
{
	while (from < to) {
		uint64_t w = m[from / 64] >> (from % 64);
		if (w) {
			unsigned b = from + (unsigned)__builtin_ctzll(w);
			return b < to ? b : to;
		}
		from = (from / 64 + 1) * 64;
	}
	return to;
}

/* ==== Rings: circular doubly linked lists threaded through slot links ====
 * One struct sched_links may carry several rings as long as each slot is in
 * at most one of them at a time (the caller tracks membership). */

struct sched_links {
	uint16_t next[SCHED_MAX_WARPS]; /* successor of a slot in its ring */
	uint16_t prev[SCHED_MAX_WARPS]; /* predecessor of a slot in its ring */
};

struct sched_ring {
	uint16_t head; /* first slot; SCHED_NIL when empty; tail = prev[head] */
	uint16_t n;    /* slots in the ring */
};

static inline void sched_ring_init(struct sched_ring *r)
{
	r->head = SCHED_NIL;
	r->n = 0;
}

/* Link slot in front of at (a member of r), or as the only member. */
static inline void sched_ring_insert_before(struct sched_links *l,
					    struct sched_ring *r, unsigned at,
					    unsigned slot)
{
	if (r->head == SCHED_NIL) {
		l->next[slot] = l->prev[slot] = (uint16_t)slot;
		r->head = (uint16_t)slot;
	} else {
		unsigned p = l->prev[at];
		l->next[p] = (uint16_t)slot;
		l->prev[slot] = (uint16_t)p;
		l->next[slot] = (uint16_t)at;
		l->prev[at] = (uint16_t)slot;
	}
	r->n++;
}

/* Append slot at the tail (just before the head). */
static inline void sched_ring_push(struct sched_links *l, struct sched_ring *r,
				   unsigned slot)
{
	sched_ring_insert_before(l, r, r->head, slot);
}

/* Unlink member slot; the head moves on to its successor if it was it. */
static inline void sched_ring_unlink(struct sched_links *l,
				     struct sched_ring *r, unsigned slot)
{
	if (r->n == 1) {
		r->head = SCHED_NIL;
	} else {
		unsigned p = l->prev[slot], nx = l->next[slot];
		l->next[p] = (uint16_t)nx;
		l->prev[nx] = (uint16_t)p;
		if (r->head == slot)
			r->head = (uint16_t)nx;
	}
	r->n--;
}

/* ==== Age order: own warps kept sorted, highest priority first ====
 * A packed array rather than a ring: order() walks it sequentially, and
 * the hooks that change it (launch, exit, rotation) are rare. */

struct sched_ages {
	uint16_t by_prio[SCHED_MAX_WARPS]; /* own slots, oldest (first) to
					      youngest */
	uint64_t age[SCHED_MAX_WARPS];     /* per slot: age given to
					      warp_added */
	bool in[SCHED_MAX_WARPS];          /* per slot: slot is in by_prio */
	unsigned n;                        /* entries in by_prio */
};

static inline void sched_ages_init(struct sched_ages *a) { a->n = 0; }

/* True when (age, slot) x ranks after (is younger than) y. */
static inline bool sched_ages_after(uint64_t xa, unsigned xs, uint64_t ya,
				    unsigned ys)
{
	return xa > ya || (xa == ya && xs > ys);
}

static inline void sched_ages_remove(struct sched_ages *a, unsigned slot)
{
	unsigned i = 0;

	if (!a->in[slot])
		return;
	a->in[slot] = false;
	while (a->by_prio[i] != slot)
		i++;
	a->n--;
	memmove(&a->by_prio[i], &a->by_prio[i + 1],
		(a->n - i) * sizeof(a->by_prio[0]));
}

/*
 * Insert slot with the given age: it goes behind the last entry (searching
 * from the youngest end) that does not rank after it, so the usual case (a
 * newly launched warp is younger than all present) costs O(1).  A slot
 * already present is first removed (re-add).
 */
static inline void sched_ages_add(struct sched_ages *a, unsigned slot,
				  uint64_t age)
{
	unsigned i;

	sched_ages_remove(a, slot);
	a->in[slot] = true;
	a->age[slot] = age;
	for (i = a->n; i > 0; i--) {
		unsigned p = a->by_prio[i - 1];
		if (!sched_ages_after(a->age[p], p, age, slot))
			break;
	}
	memmove(&a->by_prio[i + 1], &a->by_prio[i],
		(a->n - i) * sizeof(a->by_prio[0]));
	a->by_prio[i] = (uint16_t)slot;
	a->n++;
}

/* Move the first k entries (k < n) to the end, keeping their order. */
static inline void sched_ages_rotate(struct sched_ages *a, unsigned k)
{
	uint16_t tmp[SCHED_MAX_WARPS];
	size_t sz = sizeof(a->by_prio[0]);

	memcpy(tmp, a->by_prio, k * sz);
	memmove(a->by_prio, &a->by_prio[k], (a->n - k) * sz);
	memcpy(&a->by_prio[a->n - k], tmp, k * sz);
}

/*
 * sched_ops.next over an age order: the next entry of a from cursor *it
 * (1 + index in by_prio; 0 is taken as 1) that is not skip and is set in
 * want.  Slots in want are ready, so the ready-first split of
 * sched_ages_order() leaves their relative order unchanged.
 */
static inline int sched_list_next(const uint16_t *list, unsigned n,
				  unsigned skip, const uint64_t *want,
				  unsigned *it);

static inline int sched_ages_next(const struct sched_ages *a, unsigned skip,
				  const uint64_t *want, unsigned *it)
{
	return sched_list_next(a->by_prio, a->n, skip, want, it);
}

/*
 * sched_ops.next over any priority list (n slots, best first) that does
 * not change during the walk: the next entry from cursor *it (1 + index;
 * 0 is taken as 1) that is not skip and is set in want.
 */
static inline int sched_list_next(const uint16_t *list, unsigned n,
				  unsigned skip, const uint64_t *want,
				  unsigned *it)
{
	for (unsigned i = *it ? *it - 1 : 0; i < n; i++) {
		unsigned w = list[i];
		if (w != skip && sched_bit(want, w)) {
			*it = i + 2;
			return (int)w;
		}
	}
	*it = n + 1;
	return -1;
}

/*
 * Write the valid warps of a except skip, in priority order, ready warps
 * before valid-but-not-ready ones (GPGPU-Sim sorts done and waiting warps
 * to the end), into out[n..max); returns the new count.  O(a->n); when
 * everything fits, the split is branch-free (both destinations are written
 * and only the right count advances).
 */
static inline unsigned sched_ages_order(const struct sched_ages *a,
					const struct sched_view *v,
					unsigned skip, uint16_t *out,
					unsigned n, unsigned max)
{
	uint16_t later[SCHED_MAX_WARPS];
	unsigned n_later = 0, i;

	if (n + a->n <= max) {
		/* local copies: stores to out cannot alias them */
		uint64_t vm[SCHED_MAX_WARPS / 64], rm[SCHED_MAX_WARPS / 64];
		for (i = 0; i < (v->n_slots + 63) / 64; i++) {
			vm[i] = v->valid[i];
			rm[i] = v->ready[i];
		}
		for (i = 0; i < a->n; i++) {
			unsigned w = a->by_prio[i];
			unsigned ok = (unsigned)sched_bit(vm, w) & (w != skip);
			unsigned rdy = (unsigned)sched_bit(rm, w);
			out[n] = later[n_later] = (uint16_t)w;
			n += ok & rdy;
			n_later += ok & (rdy ^ 1);
		}
		memcpy(&out[n], later, n_later * sizeof(later[0]));
		return n + n_later;
	}
	for (i = 0; i < a->n && n < max; i++) {
		unsigned w = a->by_prio[i];
		if (w == skip || !sched_valid(v, w))
			continue;
		if (sched_bit(v->ready, w))
			out[n++] = (uint16_t)w;
		else
			later[n_later++] = (uint16_t)w;
	}
	for (i = 0; i < n_later && n < max; i++)
		out[n++] = later[i];
	return n;
}

#endif
