/*
 * oldest.c - oldest first ("oldest"), GPGPU-Sim's oldest_scheduler ("old").
 *
 * Order: every valid warp of this scheduler by (age, slot), oldest first,
 * ready warps before not-ready ones (GPGPU-Sim sorts done and waiting warps
 * to the end); no greedy step and no rotation.  Age order is kept sorted
 * by warp_added/warp_removed; order() only walks it.
 */
#include "../base/base.h"
#include "sched_int.h"

struct oldest {
	struct sched base;      /* must be first */
	struct sched_ages ages; /* own warps, oldest first */
};

static struct oldest *oldest_of(struct sched *s)
{
	SIM_ASSERT(s->ops == &sched_oldest_ops);
	return (struct oldest *)s;
}

static int oldest_init(struct sched *s, const struct sched_init *ini,
		       char *err, size_t errlen)
{
	if (ini->args[0])
		return sched_err(err, errlen,
				 "oldest takes no arguments (got \"%s\")",
				 ini->args);
	sched_ages_init(&oldest_of(s)->ages);
	return 0;
}

static unsigned oldest_order(struct sched *s, const struct sched_view *v,
			     uint16_t *out, unsigned max)
{
	return sched_ages_order(&oldest_of(s)->ages, v, SCHED_NIL, out, 0,
				max);
}

static int oldest_next(struct sched *s, const struct sched_view *v,
		       const uint64_t *want, unsigned *it)
{
	return sched_ages_next(&oldest_of(s)->ages, SCHED_NIL, want, it);
}

static void oldest_warp_added(struct sched *s, unsigned slot, uint64_t age)
{
	if (sched_owns(s, slot))
		sched_ages_add(&oldest_of(s)->ages, slot, age);
}

static void oldest_warp_removed(struct sched *s, unsigned slot)
{
	if (sched_owns(s, slot))
		sched_ages_remove(&oldest_of(s)->ages, slot);
}

const struct sched_ops sched_oldest_ops = {
	.name = "oldest",
	.quiet_walk = true,  /* see sched.h */
	.lists_all = true,   /* see sched.h */
	.desc = "oldest warp first by launch age, no greedy step",
	.priv_size = sizeof(struct oldest),
	.init = oldest_init,
	.order = oldest_order,
	.next = oldest_next,
	.warp_added = oldest_warp_added,
	.warp_removed = oldest_warp_removed,
};
