/*
 * gto.c - greedy-then-oldest ("gto"), GPGPU-Sim's gto_scheduler (Rogers et
 * al., CCWS), with the optional periodic age rotation BOWS adds against
 * spin-loop livelock (BOWS evaluates with a 50,000-cycle period).
 *
 * Order: the warp this scheduler issued last, if still valid (whether ready
 * or not, as GPGPU-Sim), then every other valid warp oldest first by (age,
 * slot), ready warps before not-ready ones.  Age order is kept sorted by
 * warp_added/warp_removed; order() only walks it.
 *
 * Rotation (ini->gto_rotate = R > 0, or "gto:R" which overrides it): at
 * every cycle that is a multiple of R the current oldest warp of this
 * scheduler becomes its youngest (the first entry of the age order moves
 * to the end).  The rotations due are applied lazily when order() sees
 * v->cycle reach them, so skipped cycles still count.  A rotated warp
 * ranks behind every warp present at that moment; warps launched later
 * (larger age) still rank behind it.  Rotation leaves the greedy pick
 * alone.
 */
#include "../base/base.h"
#include "sched_int.h"

struct gto {
	struct sched base;      /* must be first */
	struct sched_ages ages; /* own warps, oldest (after rotation) first */
	unsigned greedy;        /* last issued own slot, SCHED_NIL if none */
	uint64_t rotate;        /* rotation period in cycles, 0 = off */
	uint64_t next_rot;      /* cycle of the next rotation */
};

static struct gto *gto_of(struct sched *s)
{
	SIM_ASSERT(s->ops == &sched_gto_ops);
	return (struct gto *)s;
}

static int gto_init(struct sched *s, const struct sched_init *ini, char *err,
		    size_t errlen)
{
	struct gto *g = gto_of(s);
	const char *a = ini->args;
	uint64_t r = ini->gto_rotate;

	if (a[0] && (sched_parse_uint(&a, UINT64_MAX / 2, &r) || *a))
		return sched_err(err, errlen,
				 "gto: bad argument \"%s\": expected a rotation "
				 "period in cycles",
				 ini->args);
	sched_ages_init(&g->ages);
	g->greedy = SCHED_NIL;
	g->rotate = r;
	g->next_rot = r;
	return 0;
}

/* Apply the rotations due by cycle now (oldest -> youngest, each). */
static void gto_rotate(struct gto *g, uint64_t now)
{
	uint64_t due = (now - g->next_rot) / g->rotate + 1;
	unsigned n = g->ages.n;

	g->next_rot += due * g->rotate;
	if (n > 1 && due % n)
		sched_ages_rotate(&g->ages, (unsigned)(due % n));
}

static unsigned gto_order(struct sched *s, const struct sched_view *v,
			  uint16_t *out, unsigned max)
{
	struct gto *g = gto_of(s);
	unsigned n = 0;

	if (g->rotate && v->cycle >= g->next_rot)
		gto_rotate(g, v->cycle);
	if (g->greedy != SCHED_NIL && max && sched_valid(v, g->greedy))
		out[n++] = (uint16_t)g->greedy;
	return sched_ages_order(&g->ages, v, g->greedy, out, n, max);
}

/* gto_order lazily: the greedy warp, then the age order without it. */
static int gto_next(struct sched *s, const struct sched_view *v,
		    const uint64_t *want, unsigned *it)
{
	struct gto *g = gto_of(s);

	if (!*it) {
		if (g->rotate && v->cycle >= g->next_rot)
			gto_rotate(g, v->cycle);
		*it = 1;
		if (g->greedy != SCHED_NIL && sched_bit(want, g->greedy))
			return (int)g->greedy;
	}
	return sched_ages_next(&g->ages, g->greedy, want, it);
}

static void gto_warp_added(struct sched *s, unsigned slot, uint64_t age)
{
	if (sched_owns(s, slot))
		sched_ages_add(&gto_of(s)->ages, slot, age);
}

static void gto_warp_removed(struct sched *s, unsigned slot)
{
	struct gto *g = gto_of(s);

	if (!sched_owns(s, slot))
		return;
	sched_ages_remove(&g->ages, slot);
	if (g->greedy == slot)
		g->greedy = SCHED_NIL;
}

static void gto_issued(struct sched *s, unsigned slot, uint64_t cycle,
		       unsigned n_active, uint32_t pc)
{
	struct gto *g = gto_of(s);

	if (sched_owns(s, slot) && g->ages.in[slot])
		g->greedy = slot;
}

/* A launch restarts the cycle count at 0: so does the rotation schedule. */
static void gto_launch_start(struct sched *s, const uint8_t *sib_pc,
			     uint32_t n_pc)
{
	struct gto *g = gto_of(s);

	(void)sib_pc;
	(void)n_pc;
	g->next_rot = g->rotate;
}

const struct sched_ops sched_gto_ops = {
	.name = "gto",
	.quiet_walk = true,  /* see sched.h */
	.lists_all = true,   /* see sched.h */
	.desc = "greedy-then-oldest; gto:R rotates ages every R cycles (BOWS)",
	.priv_size = sizeof(struct gto),
	.init = gto_init,
	.order = gto_order,
	.next = gto_next,
	.warp_added = gto_warp_added,
	.warp_removed = gto_warp_removed,
	.issued = gto_issued,
	.own_issued = true, /* see sched.h */
	.launch_start = gto_launch_start,
};
