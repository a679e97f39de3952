/*
 * fetch.c - the fetch-policy registry and the fetch policies:
 *   rr   GPGPU-Sim's baseline: the first warp after the one served last
 *        that may fetch;
 *   cff  critical-fetch-first (BAWS section 4.2): the warp the issue
 *        policy would select next - the first fetchable warp in the order
 *        of one of the SM's schedulers (the scheduler whose turn it is,
 *        cycle mod schedulers, then the others); with GTO that is the
 *        greedy warp, else the oldest; with MWF the critical TB's next
 *        warp.  Round robin when no order lists a fetchable warp;
 *   cff:tb  an alternative reading of BAWS section 4.2: critical-fetch-
 *        first only inside the critical TB (the TB of the first warp in
 *        the order of the scheduler whose turn it is, then the others'),
 *        round robin over all warps otherwise.  An argument form of cff:
 *        fetch_lookup accepts it, `warpsim list` shows cff only;
 *   fef  fewest-entries-first (BAWS section 6.2): the fetchable warp with
 *        the fewest valid I-buffer entries, round robin among equals.
 *        Ranking by entries needs warps with partly filled I-buffers to
 *        compete, so fef declares `partial`: a warp may fetch whenever
 *        one of its I-buffer slots is free.
 */
#include "../base/base.h"
#include "fetch.h"

int fetch_next_bit(const uint64_t *a, unsigned nw, unsigned n,
		   unsigned after)
{
	unsigned start = (after + 1) % n, i = start / 64;
	uint64_t m = a[i] & (~0ULL << (start % 64));
	for (unsigned k = 0; k <= nw; k++) {
		if (m) {
			unsigned b = i * 64 + (unsigned)__builtin_ctzll(m);
			if (b < n)
				return (int)b;
		}
		i = (i + 1) % nw;
		m = a[i];
	}
	return -1;
}

static int fetch_rr(const struct fetch_view *v)
{
	return fetch_next_bit(v->fetchable, v->n_words, v->n_slots, v->last);
}

static const struct fetch_ops fetch_rr_ops = {
	.name = "rr",
	.desc = "round robin over warps whose I-buffer has room for a fetch "
		"block, starting after the warp served last",
	.pick = fetch_rr,
};

static int fetch_cff(const struct fetch_view *v)
{
	for (unsigned k = 0; k < v->n_sched; k++) {
		struct sched *p = v->sched[(v->cycle + k) % v->n_sched];
		unsigned n = p->ops->order(p, v->sv, v->scratch, v->n_slots);
		for (unsigned i = 0; i < n; i++)
			if (sched_bit(v->fetchable, v->scratch[i]))
				return v->scratch[i];
	}
	return fetch_rr(v);
}

static const struct fetch_ops fetch_cff_ops = {
	.name = "cff",
	.desc = "critical-fetch-first (BAWS): the warp the issue policy would "
		"select next, else round robin",
	.pick = fetch_cff,
};

static int fetch_cff_tb(const struct fetch_view *v)
{
	for (unsigned k = 0; k < v->n_sched; k++) {
		struct sched *p = v->sched[(v->cycle + k) % v->n_sched];
		unsigned n = p->ops->order(p, v->sv, v->scratch, v->n_slots);
		if (!n)
			continue;
		uint16_t tb = v->sv->tb[v->scratch[0]];
		for (unsigned i = 0; i < n; i++)
			if (v->sv->tb[v->scratch[i]] == tb &&
			    sched_bit(v->fetchable, v->scratch[i]))
				return v->scratch[i];
	}
	return fetch_rr(v);
}

static const struct fetch_ops fetch_cff_tb_ops = {
	.name = "cff:tb",
	.desc = "critical-fetch-first inside the critical TB only (the TB "
		"the issue policy lists first), round robin for the rest",
	.pick = fetch_cff_tb,
};

static int fetch_fef(const struct fetch_view *v)
{
	int best = -1;
	unsigned fill = ~0u, n = v->n_slots;
	for (unsigned k = 1; k <= n; k++) {
		unsigned w = (v->last + k) % n;
		if (sched_bit(v->fetchable, w) && v->ib_fill[w] < fill) {
			fill = v->ib_fill[w];
			best = (int)w;
			if (!fill)
				break;
		}
	}
	return best;
}

static const struct fetch_ops fetch_fef_ops = {
	.name = "fef",
	.desc = "fewest-entries-first (BAWS 6.2): the warp with the fewest "
		"valid I-buffer entries; fetches into partly filled I-buffers",
	.partial = true,
	.pick = fetch_fef,
};

static const struct fetch_ops *const fetch_table[] = {
	&fetch_rr_ops,
	&fetch_cff_ops,
	&fetch_fef_ops,
	NULL,
};

/* Argument forms of listed policies (NAME:ARG), found by fetch_lookup but
 * not listed on their own. */
static const struct fetch_ops *const fetch_forms[] = {
	&fetch_cff_tb_ops,
	NULL,
};

const struct fetch_ops *const *fetch_registry(void) { return fetch_table; }

const struct fetch_ops *fetch_lookup(const char *name)
{
	for (unsigned i = 0; fetch_table[i]; i++)
		if (!strcmp(fetch_table[i]->name, name))
			return fetch_table[i];
	for (unsigned i = 0; fetch_forms[i]; i++)
		if (!strcmp(fetch_forms[i]->name, name))
			return fetch_forms[i];
	return NULL;
}

void fetch_print_list(FILE *f)
{
	for (unsigned i = 0; fetch_table[i]; i++)
		fprintf(f, "  %-10s %s\n", fetch_table[i]->name,
			fetch_table[i]->desc);
}
