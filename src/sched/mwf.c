/*
 * mwf.c - most-waiting-first ("mwf", "mwf:gto"), the issue half of
 * barrier-aware warp scheduling (BAWS, baws.txt section 4.1).
 *
 * A warp priority table keeps, per resident TB, the number of its warps
 * waiting at the current barrier (set from barrier_arrive, reset at
 * barrier_release).  Warps of the TB with the most waiting warps come
 * first; ties go to the smallest TB id (launch order), so with no barrier
 * pending TBs are taken oldest first, as section 6.5 describes.  Within a
 * TB, MWF(LRR) ("mwf", "mwf:lrr") starts at the warp after the one this
 * scheduler issued last from that TB, in slot order; MWF(GTO) ("mwf:gto")
 * starts with that warp, then the TB's warps oldest first.  Warps waiting
 * at a barrier are not listed.
 *
 * Every scheduler instance of an SM receives the same barrier and TB
 * events, so they share one TB priority order, as the paper requires.
 * The TB order changes only on those events and is re-sorted there
 * (insertion into at most MWF_MAX_TB entries); order() only buckets the
 * scheduler's warps by TB, in one pass.
 *
 * The same file holds "saws", our reading of SAWS (Liu et al., the
 * comparison point of baws.txt sections 6.6 and 7), which differs only in
 * the TB key: TBs with a barrier pending rank by the time their first warp
 * hit it (earliest first) instead of by the number of warps waiting; TBs
 * with none pending follow, oldest first.  Assumptions (baws.txt describes
 * SAWS in two paragraphs; the SAWS paper is not in our hands): the
 * first-hit time is kept until that barrier releases, then the TB drops
 * back until its next barrier; inside a TB warps go GTO ("saws",
 * "saws:gto"; "saws:lrr" rotates like MWF(LRR)), since baws.txt compares
 * SAWS with GTO; the shared TB order across an SM's schedulers is what
 * "synchronisation between warp schedulers" becomes in a model whose
 * schedulers see the same barrier events.
 */
#include "../base/base.h"
#include "sched_int.h"

#define MWF_MAX_TB 64 /* TB slots per SM the table holds */

struct mwf {
	struct sched base;              /* must be first */
	struct sched_ages ages;         /* own warps, oldest first */
	bool gto;                       /* MWF(GTO) within a TB, else LRR */
	bool saws;                      /* TB key: first barrier hit (SAWS) */
	uint32_t waiting[MWF_MAX_TB];   /* WPT: warps of the TB at a barrier */
	uint64_t hit[MWF_MAX_TB];       /* SAWS: stamp of the first arrival at
					   the pending barrier (0: none) */
	uint64_t n_hits;                /* SAWS: stamps handed out */
	uint64_t tb_age[MWF_MAX_TB];    /* TB launch order (its id) */
	bool tb_live[MWF_MAX_TB];       /* TB slot holds a TB */
	uint16_t last[MWF_MAX_TB];      /* scratch: own slot issued last per TB */
	uint64_t seq[SCHED_MAX_WARPS];  /* per slot: issue stamp (0: never) */
	uint64_t n_issued;              /* issue stamps handed out */
	uint8_t rank[MWF_MAX_TB];       /* live TB slots, priority order */
	unsigned n_rank;                /* entries in rank */
	uint16_t cnt[MWF_MAX_TB + 1];   /* scratch: bucket starts */
	uint16_t tmp[SCHED_MAX_WARPS];  /* scratch: own warps by TB */
	uint64_t walk_tbs;              /* scratch of next(): TB slots with a
					   warp in want */
};

static struct mwf *mwf_of(struct sched *s)
{
	SIM_ASSERT(s->ops == &sched_mwf_ops || s->ops == &sched_saws_ops);
	return (struct mwf *)s;
}

static int mwf_init(struct sched *s, const struct sched_init *ini, char *err,
		    size_t errlen)
{
	struct mwf *m = mwf_of(s);
	m->saws = s->ops == &sched_saws_ops;
	if (!strcmp(ini->args, "gto") || (m->saws && !ini->args[0]))
		m->gto = true;
	else if (ini->args[0] && strcmp(ini->args, "lrr"))
		return sched_err(err, errlen, "%s: bad argument \"%s\": "
				 "expected lrr or gto", s->ops->name,
				 ini->args);
	sched_ages_init(&m->ages);
	return 0;
}

/* True when TB a ranks before TB b: more waiting warps (MWF) or an
 * earlier first hit of a pending barrier (SAWS), then older. */
static bool mwf_before(const struct mwf *m, unsigned a, unsigned b)
{
	if (m->saws && m->hit[a] != m->hit[b])
		return m->hit[a] && (!m->hit[b] || m->hit[a] < m->hit[b]);
	if (!m->saws && m->waiting[a] != m->waiting[b])
		return m->waiting[a] > m->waiting[b];
	return m->tb_age[a] < m->tb_age[b] ||
	       (m->tb_age[a] == m->tb_age[b] && a < b);
}

/* Move TB tb to its place in rank (it may have moved either way). */
static void mwf_resort(struct mwf *m, unsigned tb)
{
	unsigned i = 0;
	while (i < m->n_rank && m->rank[i] != tb)
		i++;
	if (i == m->n_rank)
		return;
	while (i > 0 && mwf_before(m, tb, m->rank[i - 1])) {
		m->rank[i] = m->rank[i - 1];
		i--;
	}
	while (i + 1 < m->n_rank && mwf_before(m, m->rank[i + 1], tb)) {
		m->rank[i] = m->rank[i + 1];
		i++;
	}
	m->rank[i] = (uint8_t)tb;
}

static void mwf_tb_start(struct sched *s, unsigned tb, uint64_t tb_age);

/* A warp order() lists: live, not at a barrier, in a TB the table holds. */
static bool mwf_listable(const struct sched_view *v, unsigned w)
{
	return sched_valid(v, w) && !sched_bit(v->at_barrier, w) &&
	       v->tb[w] < MWF_MAX_TB;
}

/*
 * Find each TB's last issued own warp (barrier-waiting ones included) into
 * m->last, and with count, the size of each TB's bucket of listable warps
 * into m->cnt[tb + 1].  A TB whose tb_start was not seen is started.
 */
static void mwf_scan(struct sched *s, const struct sched_view *v, bool count)
{
	struct mwf *m = mwf_of(s);
	uint64_t best[MWF_MAX_TB];

	if (count)
		memset(m->cnt, 0, sizeof(m->cnt));
	memset(best, 0, sizeof(best));
	for (unsigned k = 0; k < MWF_MAX_TB; k++)
		m->last[k] = SCHED_NIL;
	for (unsigned i = 0; i < m->ages.n; i++) {
		unsigned w = m->ages.by_prio[i], tb = v->tb[w];
		if (!sched_valid(v, w) || tb >= MWF_MAX_TB)
			continue;
		if (!m->tb_live[tb]) /* a TB whose tb_start was not seen */
			mwf_tb_start(s, tb, v->tb_age ? v->tb_age[tb] : tb);
		if (m->seq[w] > best[tb]) {
			best[tb] = m->seq[w];
			m->last[tb] = (uint16_t)w;
		}
		if (count && mwf_listable(v, w))
			m->cnt[tb + 1]++;
	}
}

static unsigned mwf_order(struct sched *s, const struct sched_view *v,
			  uint16_t *out, unsigned max)
{
	struct mwf *m = mwf_of(s);
	unsigned n = 0;

	/* bucket own listable warps by TB: oldest first (GTO) or by slot */
	mwf_scan(s, v, true);
	for (unsigned k = 0; k < MWF_MAX_TB; k++)
		m->cnt[k + 1] += m->cnt[k];
	if (m->gto) {
		for (unsigned i = 0; i < m->ages.n; i++) {
			unsigned w = m->ages.by_prio[i];
			if (mwf_listable(v, w))
				m->tmp[m->cnt[v->tb[w]]++] = (uint16_t)w;
		}
	} else {
		for (unsigned w = s->ini.sched_id; w < v->n_slots;
		     w += s->ini.n_sched)
			if (m->ages.in[w] && mwf_listable(v, w))
				m->tmp[m->cnt[v->tb[w]]++] = (uint16_t)w;
	}
	/* cnt[k] is now the end of TB k's bucket (start: cnt[k - 1]) */
	for (unsigned r = 0; r < m->n_rank && n < max; r++) {
		unsigned tb = m->rank[r];
		unsigned b = tb ? m->cnt[tb - 1] : 0, e = m->cnt[tb];
		unsigned len = e - b, first = 0, last = m->last[tb];
		if (!len)
			continue;
		if (m->gto) {
			bool has_last = false;
			for (unsigned i = b; i < e; i++)
				has_last |= m->tmp[i] == last;
			if (has_last)
				out[n++] = (uint16_t)last;
			for (unsigned i = b; i < e && n < max; i++)
				if (m->tmp[i] != last || !has_last)
					out[n++] = m->tmp[i];
			continue;
		}
		/* LRR: the first slot after the last issued one, cyclically */
		if (last != SCHED_NIL)
			while (first < len && m->tmp[b + first] <= last)
				first++;
		for (unsigned i = 0; i < len && n < max; i++)
			out[n++] = m->tmp[b + (first + i) % len];
	}
	return n;
}

/* The cursor of mwf_next: 1 + (rank index, phase, position). */
#define MWF_IT(r, ph, i) (1u + ((unsigned)(r) << 10 | (unsigned)(ph) << 9 | \
				(unsigned)(i)))

/*
 * mwf_order lazily.  The first call finds the TBs' last issued warps and
 * the TBs with a warp in want; then TBs in rank order, and in each the
 * warps in want as order() lists them: MWF(GTO) the last issued warp, then
 * the others oldest first (phase 0, then 1 at position i of the age
 * order); MWF(LRR) the slots after the last issued one, then from the
 * lowest (phase 0 and 1, position i = next slot).  Slots in want are own,
 * valid and ready (so not at a barrier): listable if their TB is in the
 * table.
 */
static int mwf_next(struct sched *s, const struct sched_view *v,
		    const uint64_t *want, unsigned *it)
{
	struct mwf *m = mwf_of(s);
	unsigned r = 0, ph = 0, i = 0;

	if (!*it) {
		mwf_scan(s, v, false);
		m->walk_tbs = 0;
		for (unsigned k = 0; k < (v->n_slots + 63) / 64; k++)
			for (uint64_t b = want[k]; b; b &= b - 1) {
				unsigned w = k * 64 + (unsigned)
					__builtin_ctzll(b);
				if (v->tb[w] < MWF_MAX_TB)
					m->walk_tbs |= 1ULL << v->tb[w];
			}
	} else {
		r = (*it - 1) >> 10;
		ph = ((*it - 1) >> 9) & 1;
		i = (*it - 1) & 511;
	}
	for (; r < m->n_rank; r++, ph = 0, i = 0) {
		unsigned tb = m->rank[r], last = m->last[tb];
		if (!((m->walk_tbs >> tb) & 1))
			continue;
		if (m->gto) {
			if (ph == 0) {
				ph = 1;
				if (last != SCHED_NIL && sched_bit(want, last)) {
					*it = MWF_IT(r, 1, 0);
					return (int)last;
				}
			}
			for (; i < m->ages.n; i++) {
				unsigned w = m->ages.by_prio[i];
				if (w != last && v->tb[w] == tb &&
				    sched_bit(want, w)) {
					*it = MWF_IT(r, 1, i + 1);
					return (int)w;
				}
			}
			continue;
		}
		/* LRR: slots after last, then from the lowest up to last */
		unsigned from = last == SCHED_NIL ? 0 : last + 1;
		if (ph == 0) {
			for (unsigned w = i > from ? i : from;
			     (w = sched_next_set(want, w, v->n_slots)) <
			     v->n_slots; w++)
				if (v->tb[w] == tb) {
					*it = MWF_IT(r, 0, w + 1);
					return (int)w;
				}
			ph = 1;
			i = 0;
		}
		for (unsigned w = i; (w = sched_next_set(want, w, from)) < from;
		     w++)
			if (v->tb[w] == tb) {
				*it = MWF_IT(r, 1, w + 1);
				return (int)w;
			}
	}
	*it = MWF_IT(m->n_rank, 0, 0);
	return -1;
}

static void mwf_warp_added(struct sched *s, unsigned slot, uint64_t age)
{
	struct mwf *m = mwf_of(s);
	if (!sched_owns(s, slot))
		return;
	sched_ages_add(&m->ages, slot, age);
	m->seq[slot] = 0;
}

static void mwf_warp_removed(struct sched *s, unsigned slot)
{
	struct mwf *m = mwf_of(s);
	if (!sched_owns(s, slot))
		return;
	sched_ages_remove(&m->ages, slot);
	m->seq[slot] = 0;
}

/* Stamp the issue: a TB's last issued warp is its highest stamp. */
static void mwf_issued(struct sched *s, unsigned slot, uint64_t cycle,
		       unsigned n_active, uint32_t pc)
{
	struct mwf *m = mwf_of(s);
	(void)cycle;
	if (sched_owns(s, slot))
		m->seq[slot] = ++m->n_issued;
}

static void mwf_barrier_arrive(struct sched *s, unsigned slot, unsigned tb,
			       unsigned n_waiting)
{
	struct mwf *m = mwf_of(s);
	(void)slot;
	if (tb >= MWF_MAX_TB)
		return;
	m->waiting[tb] = n_waiting;
	if (!m->hit[tb])
		m->hit[tb] = ++m->n_hits;
	mwf_resort(m, tb);
}

static void mwf_barrier_release(struct sched *s, unsigned tb)
{
	struct mwf *m = mwf_of(s);
	if (tb >= MWF_MAX_TB)
		return;
	m->waiting[tb] = 0;
	m->hit[tb] = 0;
	mwf_resort(m, tb);
}

static void mwf_tb_start(struct sched *s, unsigned tb, uint64_t tb_age)
{
	struct mwf *m = mwf_of(s);
	if (tb >= MWF_MAX_TB || m->tb_live[tb])
		return;
	m->tb_live[tb] = true;
	m->waiting[tb] = 0;
	m->hit[tb] = 0;
	m->tb_age[tb] = tb_age;
	m->rank[m->n_rank++] = (uint8_t)tb;
	mwf_resort(m, tb);
}

static void mwf_tb_end(struct sched *s, unsigned tb)
{
	struct mwf *m = mwf_of(s);
	unsigned i = 0;
	if (tb >= MWF_MAX_TB || !m->tb_live[tb])
		return;
	m->tb_live[tb] = false;
	while (i < m->n_rank && m->rank[i] != tb)
		i++;
	for (; i + 1 < m->n_rank; i++)
		m->rank[i] = m->rank[i + 1];
	m->n_rank--;
}

/* The hooks both TB-priority policies share. */
#define MWF_HOOKS                                    \
	.priv_size = sizeof(struct mwf),             \
	.init = mwf_init,                            \
	.order = mwf_order,                          \
	.next = mwf_next,                            \
	.warp_added = mwf_warp_added,                \
	.warp_removed = mwf_warp_removed,            \
	.issued = mwf_issued,                        \
	.own_issued = true, /* see sched.h */        \
	.barrier_arrive = mwf_barrier_arrive,        \
	.barrier_release = mwf_barrier_release,      \
	.tb_start = mwf_tb_start,                    \
	.tb_end = mwf_tb_end

const struct sched_ops sched_mwf_ops = {
	.name = "mwf",
	.desc = "most-waiting-first (BAWS): TBs by warps waiting at a barrier, "
		"then oldest TB; mwf[:lrr] or mwf:gto inside a TB",
	MWF_HOOKS,
};

const struct sched_ops sched_saws_ops = {
	.name = "saws",
	.desc = "SAWS as BAWS describes it: TBs by first hit of a pending "
		"barrier, then oldest TB; saws[:gto] or saws:lrr inside a TB",
	MWF_HOOKS,
};
