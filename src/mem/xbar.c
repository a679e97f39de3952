/*
 * xbar.c - one subnet of the SM <-> L2 crossbar.
 *
 * Stands in for GPGPU-Sim's single-stage BookSim butterfly (one VC, iSLIP
 * allocation): a packet is split into flits of flit_bytes, every input and
 * every output port moves one flit per interconnect cycle, and a packet
 * reaches its output queue a fixed router latency after its first flit
 * plus the time for its remaining flits.  Requests and replies use two
 * separate instances, so they never block each other.  An output queue
 * that is full refuses grants (credit back-pressure); nothing is dropped.
 */
#include "../base/base.h"

#include <stdlib.h>

#include "mem_int.h"

void mem_xbar_init(struct mem_xbar *x, unsigned n_in, unsigned in_cap,
		   unsigned n_out, unsigned out_cap, bool reply,
		   const struct mem_config *cfg, uint64_t period,
		   uint64_t eject_delay)
{
	memset(x, 0, sizeof(*x));
	x->in = xcalloc(n_in, sizeof(*x->in));
	x->out = xcalloc(n_out, sizeof(*x->out));
	x->in_busy = xcalloc(n_in, sizeof(*x->in_busy));
	x->out_busy = xcalloc(n_out, sizeof(*x->out_busy));
	x->nonempty = xcalloc((n_in + 63) / 64, sizeof(*x->nonempty));
	x->out_ne = xcalloc((n_out + 63) / 64, sizeof(*x->out_ne));
	for (unsigned i = 0; i < n_in; i++)
		mem_q_init(&x->in[i], in_cap);
	for (unsigned o = 0; o < n_out; o++)
		mem_q_init(&x->out[o], out_cap);
	x->n_in = n_in;
	x->n_out = n_out;
	x->flit_bytes = cfg->flit_bytes;
	x->ctrl_bytes = cfg->ctrl_bytes;
	x->period = period;
	x->lat_time = cfg->icnt_latency * period;
	x->eject_delay = eject_delay;
	x->reply = reply;
	x->wake = UINT64_MAX;
}

void mem_xbar_release(struct mem_xbar *x)
{
	for (unsigned i = 0; i < x->n_in; i++)
		mem_q_release(&x->in[i]);
	for (unsigned o = 0; o < x->n_out; o++)
		mem_q_release(&x->out[o]);
	free(x->in);
	free(x->out);
	free(x->in_busy);
	free(x->out_busy);
	free(x->nonempty);
	free(x->out_ne);
	memset(x, 0, sizeof(*x));
}

void mem_xbar_push(struct mem_xbar *x, unsigned i, struct mem_req *r,
		   uint64_t ready)
{
	mem_q_push(&x->in[i], r, ready);
	x->n_waiting++;
	x->nonempty[i / 64] |= 1ULL << (i % 64);
	x->wake = MIN(x->wake, ready);
}

/*
 * Try to grant input i's head packet at time now (input i is non-empty).
 * Returns a lower bound on the time of input i's next grant: the time its
 * head, input port and output port are all free (a full output queue only
 * delays it further), UINT64_MAX once the input is empty.
 */
static uint64_t xbar_grant(struct mem_xbar *x, unsigned i, uint64_t now)
{
	struct mem_q *q = &x->in[i];
	const struct mem_qent *h = &q->e[q->head];
	struct mem_req *r = h->req;
	unsigned o = x->reply ? r->sm : r->slice, flits;
	uint64_t t = MAX(h->ready, x->in_busy[i]), hold;

	SIM_ASSERT(q->n && o < x->n_out);
	t = MAX(t, x->out_busy[o]);
	if (t > now || mem_q_full(&x->out[o]))
		return t;
	mem_q_pop(q);
	flits = (mem_pkt_bytes(r, x->reply, x->ctrl_bytes) + x->flit_bytes - 1) /
		x->flit_bytes;
	hold = flits * x->period;
	x->in_busy[i] = now + hold;
	x->out_busy[o] = now + hold;
	mem_q_push(&x->out[o], r,
		   now + x->lat_time + hold - x->period + x->eject_delay);
	x->out_ne[o / 64] |= 1ULL << (o % 64);
	x->n_waiting--;
	x->pkts++;
	x->flits += flits;
	if (!q->n) {
		x->nonempty[i / 64] &= ~(1ULL << (i % 64));
		return UINT64_MAX;
	}
	return MAX(q->e[q->head].ready, x->in_busy[i]);
}

/* The first non-empty input in [from, to), or to. */
static unsigned xbar_next_in(const struct mem_xbar *x, unsigned from,
			     unsigned to)
{
	while (from < to) {
		uint64_t w = x->nonempty[from / 64] >> (from % 64);
		if (w) {
			unsigned b = from + bit_ctz64(w);
			return b < to ? b : to;
		}
		from = (from / 64 + 1) * 64;
	}
	return to;
}

/*
 * One interconnect cycle.  Inputs are visited round-robin starting at a
 * pointer that advances every cycle, so ties between inputs contending for
 * one output rotate deterministically.  Only non-empty inputs are visited
 * (an empty one grants nothing), in the same rotated order.  Every
 * non-empty input is visited, so the least of their bounds is a time
 * before which no grant can happen (wake); a cycle before it only
 * advances the pointer.
 */
void mem_xbar_tick(struct mem_xbar *x, uint64_t now)
{
	unsigned rr = x->rr, i;
	uint64_t w = UINT64_MAX, t;

	if (!x->n_waiting)
		return;
	if (now < x->wake) {
		if (++x->rr == x->n_in)
			x->rr = 0;
		return;
	}
	/* inputs rr .. n_in - 1, then 0 .. rr - 1 (one call site, so the
	 * compiler inlines the grant) */
	for (unsigned pass = 0, from = rr, to = x->n_in; pass < 2;
	     pass++, from = 0, to = rr)
		for (i = xbar_next_in(x, from, to); i < to && x->n_waiting;
		     i = xbar_next_in(x, i + 1, to))
			if ((t = xbar_grant(x, i, now)) < w)
				w = t;
	x->wake = w;
	if (++x->rr == x->n_in)
		x->rr = 0;
}
