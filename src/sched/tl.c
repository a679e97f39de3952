/*
 * tl.c - two-level active scheduling ("tl:N[:inner[:outer]]"), GPGPU-Sim's
 * two_level_active_scheduler after Narasiman et al. (MICRO 2011).
 *
 * Each scheduler keeps an active pool of at most N own warps (default 6)
 * and a pending FIFO of the rest.  Only pool warps are listed, in inner
 * loose-round-robin order: starting after the pool warp issued last.  Every
 * order() call first demotes, to the FIFO tail, each pool warp that is not
 * ready (!valid or !ready: exited, at a barrier or membar, or no I-buffer
 * entry) or whose next instruction needs a long-latency load (v->long_op);
 * then it refills the pool from the FIFO head (outer level: FIFO) up to N,
 * appending promoted warps at the pool's tail.  A warp demoted in this call
 * may be promoted back in the same call when the FIFO has no one ahead of
 * it.  Promoted warps are listed without a readiness check (the issue stage
 * skips them) and are checked again next call.  The pool is therefore empty
 * after refill only when the scheduler has no warps: order returns 0.
 * New warps join the pool while it has room and the FIFO is empty, else
 * the FIFO.  Only inner 0 (LRR) and outer 1 (FIFO) exist, as in GPGPU-Sim.
 */
#include "../base/base.h"
#include "sched_int.h"

#define TL_DEFAULT_ACTIVE 6 /* GTX480 configuration file's pool size */

enum tl_where {
	TL_NONE,    /* not a live warp of this scheduler */
	TL_POOL,    /* in the active pool */
	TL_PENDING, /* in the pending FIFO */
};

struct tl {
	struct sched base;              /* must be first */
	struct sched_links l;           /* links of both rings */
	struct sched_ring pool;         /* active pool; head = listed first */
	struct sched_ring pend;         /* pending FIFO; head = next promoted */
	uint8_t where[SCHED_MAX_WARPS]; /* enum tl_where of each slot */
	unsigned n_active;              /* pool capacity N */
};

static struct tl *tl_of(struct sched *s)
{
	SIM_ASSERT(s->ops == &sched_tl_ops);
	return (struct tl *)s;
}

/* Parse "N[:inner[:outer]]" ("" = defaults) into the instance. */
static int tl_init(struct sched *s, const struct sched_init *ini, char *err,
		   size_t errlen)
{
	struct tl *t = tl_of(s);
	const char *a = ini->args;
	uint64_t n = TL_DEFAULT_ACTIVE, inner = 0, outer = 1;

	if (a[0]) {
		if (sched_parse_uint(&a, SCHED_MAX_WARPS, &n) || n == 0)
			goto bad;
		if (*a == ':' && (a++, sched_parse_uint(&a, 9, &inner)))
			goto bad;
		if (*a == ':' && (a++, sched_parse_uint(&a, 9, &outer)))
			goto bad;
		if (*a)
			goto bad;
	}
	if (inner != 0 || outer != 1)
		return sched_err(err, errlen,
				 "tl: inner %u / outer %u not supported (only "
				 "inner 0 = LRR, outer 1 = FIFO)",
				 (unsigned)inner, (unsigned)outer);
	t->n_active = (unsigned)n;
	sched_ring_init(&t->pool);
	sched_ring_init(&t->pend);
	return 0;
bad:
	return sched_err(err, errlen,
			 "tl: bad argument \"%s\": expected N[:inner[:outer]] "
			 "with 1 <= N <= %u",
			 ini->args, SCHED_MAX_WARPS);
}

/* Unlink slot from whichever ring holds it. */
static void tl_detach(struct tl *t, unsigned slot)
{
	if (t->where[slot] == TL_POOL)
		sched_ring_unlink(&t->l, &t->pool, slot);
	else if (t->where[slot] == TL_PENDING)
		sched_ring_unlink(&t->l, &t->pend, slot);
	t->where[slot] = TL_NONE;
}

/* Demote waiting and long-op pool warps to the FIFO tail. */
static void tl_demote(struct tl *t, const struct sched_view *v)
{
	unsigned i, cnt = t->pool.n, w = t->pool.head, nx;

	for (i = 0; i < cnt; i++, w = nx) {
		nx = t->l.next[w];
		if (sched_ready(v, w) && !sched_bit(v->long_op, w))
			continue;
		sched_ring_unlink(&t->l, &t->pool, w);
		sched_ring_push(&t->l, &t->pend, w);
		t->where[w] = TL_PENDING;
	}
}

/* Refill the pool from the FIFO head. */
static void tl_promote(struct tl *t)
{
	while (t->pool.n < t->n_active && t->pend.n) {
		unsigned w = t->pend.head;
		sched_ring_unlink(&t->l, &t->pend, w);
		sched_ring_push(&t->l, &t->pool, w);
		t->where[w] = TL_POOL;
	}
}

static unsigned tl_order(struct sched *s, const struct sched_view *v,
			 uint16_t *out, unsigned max)
{
	struct tl *t = tl_of(s);
	unsigned i, n = 0, w;

	tl_demote(t, v);
	tl_promote(t);
	w = t->pool.head;
	for (i = 0; i < t->pool.n && n < max; i++, w = t->l.next[w])
		if (sched_valid(v, w))
			out[n++] = (uint16_t)w;
	return n;
}

static void tl_warp_added(struct sched *s, unsigned slot, uint64_t age)
{
	struct tl *t = tl_of(s);

	if (!sched_owns(s, slot))
		return;
	tl_detach(t, slot);
	if (t->pool.n < t->n_active && !t->pend.n) {
		sched_ring_push(&t->l, &t->pool, slot);
		t->where[slot] = TL_POOL;
	} else {
		sched_ring_push(&t->l, &t->pend, slot);
		t->where[slot] = TL_PENDING;
	}
}

static void tl_warp_removed(struct sched *s, unsigned slot)
{
	if (sched_owns(s, slot))
		tl_detach(tl_of(s), slot);
}

/* Inner LRR: the pool is listed from the warp after the one issued. */
static void tl_issued(struct sched *s, unsigned slot, uint64_t cycle,
		      unsigned n_active, uint32_t pc)
{
	struct tl *t = tl_of(s);

	if (sched_owns(s, slot) && t->where[slot] == TL_POOL)
		t->pool.head = t->l.next[slot];
}

const struct sched_ops sched_tl_ops = {
	.name = "tl",
	.desc = "two-level: active pool of N (tl:N, default 6), LRR inside, "
		"FIFO refill",
	.priv_size = sizeof(struct tl),
	.uses_long_op = true,
	.init = tl_init,
	.order = tl_order,
	.warp_added = tl_warp_added,
	.warp_removed = tl_warp_removed,
	.issued = tl_issued,
	.own_issued = true, /* see sched.h */
};
