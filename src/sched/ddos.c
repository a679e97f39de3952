/*
 * ddos.c - Dynamic Detection of Spinning (bows.txt §IV-A, Fig. 7).
 *
 * History.  Every setp a warp executes shifts one entry into its path
 * history (hash of the pc, m bits) and value history (hashes of the
 * profiled thread's two source values, k bits each); [0] is the newest.
 * Matching, as Fig. 7b walks it: while searching (ptr 0), a new entry is
 * compared with every stored entry, nearest first; the first equal one at
 * distance d fixes the match pointer at d and sets remaining matches to
 * d - 1 (a loop of d setps has been seen once).  While the pointer is
 * fixed, each new entry is compared with the entry d back: equal lowers
 * remaining matches, and at zero the warp is spinning; unequal clears
 * spinning and the pointer, and the search above runs again on the same
 * entry.  A whole entry matches only when path and both values match.
 *
 * SIB-PT.  A taken backward branch of a spinning warp adds the branch with
 * confidence 1 or raises its confidence (saturating at 2t - 1: 3 bits for
 * t = 4, the paper's 35-bit entries); one of a non-spinning warp lowers a
 * nonzero confidence.  A branch is a SIB while its confidence is >= t.
 * A full table replaces its lowest-confidence entry below t; when all 16
 * are confirmed the new branch is not entered.
 *
 * Time sharing (Table I "sh", bows_detect ddos:EPOCH): the SM has one
 * history set; one warp (the owner) uses it for EPOCH cycles, then the
 * next warp in slot order that has executed a setp or a backward branch
 * takes it over, with the history cleared (the paper says only that "a
 * warp uses the history registers for a certain fixed interval, then
 * another warp uses them"; round robin and clearing are our reading).
 * Other warps neither update history nor train the SIB-PT: a taken
 * backward branch of theirs only looks its confidence up.
 */
#include "../base/base.h"
#include "ddos.h"

void ddos_init(struct ddos *d, const struct sched_bows_params *p)
{
	struct sched_bows_params def;

	if (!p) {
		sched_bows_defaults(&def);
		p = &def;
	}
	memset(d, 0, sizeof(*d));
	d->l = MIN(p->ddos_l, DDOS_MAX_L);
	d->m = p->ddos_m;
	d->k = p->ddos_k;
	d->t = p->ddos_t;
	d->mod = p->ddos_mod;
	d->share = p->ddos_share;
	d->epoch_end = d->share;
}

void ddos_reset_warp(struct ddos *d, unsigned slot)
{
	memset(&d->w[slot], 0, sizeof(d->w[slot]));
	d->active[slot] = false;
}

void ddos_tick(struct ddos *d, uint64_t cycle)
{
	if (!d->share || cycle < d->epoch_end)
		return;
	d->epoch_end += ((cycle - d->epoch_end) / d->share + 1) * d->share;
	for (unsigned i = 1; i <= SCHED_MAX_WARPS; i++) {
		unsigned s = (d->owner + i) % SCHED_MAX_WARPS;
		if (!d->active[s])
			continue;
		if (s != d->owner) {
			memset(&d->w[d->owner], 0, sizeof(d->w[0]));
			d->owner = s;
			d->handoffs++;
		}
		break;
	}
}

/* Time sharing: slot may use the history set now. */
static bool ddos_holds(struct ddos *d, unsigned slot)
{
	d->active[slot] = true;
	return !d->share || slot == d->owner;
}

unsigned ddos_hash(const struct ddos *d, uint64_t v, unsigned w)
{
	uint64_t mask = ((uint64_t)1 << w) - 1, h = 0;

	if (d->mod)
		return (unsigned)(v & mask);
	for (unsigned i = 0; i < 64; i += w)
		h ^= (v >> i) & mask;
	return (unsigned)h;
}

/* Entry at distance dist (1 = newest stored) equals (p, a, b). */
static bool ddos_eq(const struct ddos_warp *w, unsigned dist, unsigned p,
		    unsigned a, unsigned b)
{
	return w->path[dist - 1] == p && w->va[dist - 1] == a &&
	       w->vb[dist - 1] == b;
}

void ddos_setp(struct ddos *d, unsigned slot, uint32_t pc, uint64_t a,
	       uint64_t b)
{
	struct ddos_warp *w = &d->w[slot];
	unsigned p = ddos_hash(d, pc, d->m);
	unsigned ha = ddos_hash(d, a, d->k), hb = ddos_hash(d, b, d->k);

	if (!ddos_holds(d, slot))
		return;
	if (w->ptr) {
		if (ddos_eq(w, w->ptr, p, ha, hb)) {
			if (w->remain)
				w->remain--;
			w->spinning = w->remain == 0;
		} else {
			w->spinning = false;
			w->ptr = 0;
		}
	}
	if (!w->ptr) {
		for (unsigned dist = 1; dist <= w->n; dist++)
			if (ddos_eq(w, dist, p, ha, hb)) {
				w->ptr = (uint8_t)dist;
				w->remain = (uint8_t)(dist - 1);
				w->spinning = w->remain == 0;
				break;
			}
	}
	/* shift in: the oldest entry falls off at length l */
	unsigned keep = MIN((unsigned)w->n, d->l - 1);
	memmove(&w->path[1], &w->path[0], keep * sizeof(w->path[0]));
	memmove(&w->va[1], &w->va[0], keep * sizeof(w->va[0]));
	memmove(&w->vb[1], &w->vb[0], keep * sizeof(w->vb[0]));
	w->path[0] = (uint16_t)p;
	w->va[0] = (uint16_t)ha;
	w->vb[0] = (uint16_t)hb;
	w->n = (uint8_t)(keep + 1);
	/* a pointer beyond the stored history can never match again */
	if (w->ptr > w->n) {
		w->ptr = 0;
		w->spinning = false;
	}
}

static struct ddos_pt *ddos_find(struct ddos *d, uint32_t pc)
{
	for (unsigned i = 0; i < DDOS_PT_N; i++)
		if (d->pt[i].valid && d->pt[i].pc == pc)
			return &d->pt[i];
	return NULL;
}

unsigned ddos_conf(const struct ddos *d, uint32_t pc)
{
	for (unsigned i = 0; i < DDOS_PT_N; i++)
		if (d->pt[i].valid && d->pt[i].pc == pc)
			return d->pt[i].conf;
	return 0;
}

/* DPR bookkeeping for pc at cycle; confirmed: it is a SIB now. */
static void ddos_note(struct ddos *d, uint32_t pc, uint64_t cycle,
		      bool confirmed)
{
	struct ddos_seen *s = NULL;

	for (unsigned i = 0; i < d->n_seen; i++)
		if (d->seen[i].pc == pc)
			s = &d->seen[i];
	if (!s) {
		if (d->n_seen == DDOS_SEEN_N)
			return;
		s = &d->seen[d->n_seen++];
		s->pc = pc;
		s->first = cycle;
		s->confirmed = UINT64_MAX;
	}
	s->last = cycle;
	if (confirmed && s->confirmed == UINT64_MAX)
		s->confirmed = cycle;
}

bool ddos_branch(struct ddos *d, unsigned slot, uint32_t pc, uint64_t cycle)
{
	struct ddos_pt *e = ddos_find(d, pc);
	unsigned cap = 2 * d->t - 1;

	if (!ddos_holds(d, slot)) {
		bool sib = e && e->conf >= d->t;
		ddos_note(d, pc, cycle, sib);
		return sib;
	}
	if (d->w[slot].spinning) {
		if (e) {
			if (e->conf < cap)
				e->conf++;
		} else {
			for (unsigned i = 0; i < DDOS_PT_N; i++) {
				struct ddos_pt *c = &d->pt[i];
				if (!c->valid) {
					e = c;
					break;
				}
				if (c->conf < d->t && (!e || c->conf < e->conf))
					e = c;
			}
			if (e) {
				e->valid = true;
				e->pc = pc;
				e->conf = 1;
			}
		}
	} else if (e && e->conf) {
		e->conf--;
	}
	bool sib = e && e->valid && e->pc == pc && e->conf >= d->t;
	ddos_note(d, pc, cycle, sib);
	return sib;
}
