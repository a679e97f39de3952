/*
 * lrr.c - loose round robin ("lrr"), GPGPU-Sim's lrr_scheduler.
 *
 * The order starts at the scheduler's own slot after the one it last issued
 * and wraps around its own slots, listing every valid warp; readiness does
 * not change the order (the issue stage skips unready warps itself), so the
 * first ready warp after the last issued one wins: fair over time.  Until
 * the first issue the order starts at the scheduler's lowest slot.
 */
#include "../base/base.h"
#include "sched_int.h"

struct lrr {
	struct sched base;  /* must be first */
	unsigned n_own;     /* slots of this scheduler */
	unsigned start_idx; /* own-slot index (slot / n_sched) to list first */
};

static struct lrr *lrr_of(struct sched *s)
{
	SIM_ASSERT(s->ops == &sched_lrr_ops);
	return (struct lrr *)s;
}

static int lrr_init(struct sched *s, const struct sched_init *ini, char *err,
		    size_t errlen)
{
	struct lrr *p = lrr_of(s);

	if (ini->args[0])
		return sched_err(err, errlen,
				 "lrr takes no arguments (got \"%s\")",
				 ini->args);
	p->n_own = sched_n_own(ini);
	p->start_idx = 0;
	return 0;
}

/* Own slot i is slot sched_id + i * n_sched: walk start..end, then wrap. */
static unsigned lrr_order(struct sched *s, const struct sched_view *v,
			  uint16_t *out, unsigned max)
{
	struct lrr *p = lrr_of(s);
	unsigned step = s->ini.n_sched, first = s->ini.sched_id;
	unsigned start = first + p->start_idx * step;
	unsigned end = first + p->n_own * step, n = 0, w;

	for (w = start; w < end && n < max; w += step)
		if (sched_valid(v, w))
			out[n++] = (uint16_t)w;
	for (w = first; w < start && n < max; w += step)
		if (sched_valid(v, w))
			out[n++] = (uint16_t)w;
	return n;
}

/* lrr_order's walk over the slots in want: [start, n_slots), then
 * [0, start); *it counts the positions passed (own slots are the only
 * ones in want, in the same relative order). */
static int lrr_next(struct sched *s, const struct sched_view *v,
		    const uint64_t *want, unsigned *it)
{
	struct lrr *p = lrr_of(s);
	unsigned n = v->n_slots;
	unsigned start = s->ini.sched_id + p->start_idx * s->ini.n_sched;
	unsigned pos = *it, w;

	if (pos < n - start) {
		w = sched_next_set(want, start + pos, n);
		if (w < n) {
			*it = w - start + 1;
			return (int)w;
		}
		pos = n - start;
	}
	w = sched_next_set(want, pos - (n - start), start);
	if (w < start) {
		*it = n - start + w + 1;
		return (int)w;
	}
	*it = n;
	return -1;
}

static void lrr_issued(struct sched *s, unsigned slot, uint64_t cycle,
		       unsigned n_active, uint32_t pc)
{
	struct lrr *p = lrr_of(s);
	unsigned idx;

	if (!sched_owns(s, slot))
		return;
	idx = slot / s->ini.n_sched + 1;
	p->start_idx = idx < p->n_own ? idx : 0;
}

const struct sched_ops sched_lrr_ops = {
	.name = "lrr",
	.quiet_walk = true,  /* see sched.h */
	.lists_all = true,   /* see sched.h */
	.desc = "loose round robin: start after the last issued warp",
	.priv_size = sizeof(struct lrr),
	.init = lrr_init,
	.order = lrr_order,
	.next = lrr_next,
	.issued = lrr_issued,
	.own_issued = true, /* see sched.h */
};
