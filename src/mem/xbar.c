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
 *
 * Host cost: an input's grant depends only on its own head and port and
 * on the output its head goes to, and an output takes at most one packet
 * per cycle (a grant holds it for at least one cycle), so a cycle is
 * computed per output: each output with waiting heads that is free and
 * not full grants the first input, in round-robin order, whose head and
 * port are ready - exactly the input the plain visit of every input
 * (mem_xbar_tick_ref) would grant it.  Inputs are kept in per-output
 * bitsets by their head's destination, so a busy output costs one test
 * however many inputs wait for it (a hot slice or SM).
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
	x->in_words = (n_in + 63) / 64;
	x->nonempty = xcalloc(x->in_words, sizeof(*x->nonempty));
	x->out_ne = xcalloc((n_out + 63) / 64, sizeof(*x->out_ne));
	x->want = xcalloc((size_t)n_out * x->in_words, sizeof(*x->want));
	x->out_want = xcalloc((n_out + 63) / 64, sizeof(*x->out_want));
	x->full_wait = xcalloc((n_out + 63) / 64, sizeof(*x->full_wait));
	x->in_rt = xcalloc(n_in, sizeof(*x->in_rt));
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
	free(x->want);
	free(x->out_want);
	free(x->full_wait);
	free(x->in_rt);
	memset(x, 0, sizeof(*x));
}

/* The output port packet r goes to. */
static inline unsigned xbar_dest(const struct mem_xbar *x,
				 const struct mem_req *r)
{
	return x->reply ? r->sm : r->slice;
}

/* Input i (non-empty) has a new head: file it under its output. */
static inline void xbar_new_head(struct mem_xbar *x, unsigned i)
{
	const struct mem_qent *h = &x->in[i].e[x->in[i].head];
	unsigned o = xbar_dest(x, h->req);

	SIM_ASSERT(o < x->n_out);
	x->in_rt[i] = MAX(h->ready, x->in_busy[i]);
	x->want[(size_t)o * x->in_words + i / 64] |= 1ULL << (i % 64);
	x->out_want[o / 64] |= 1ULL << (o % 64);
}

void mem_xbar_push(struct mem_xbar *x, unsigned i, struct mem_req *r,
		   uint64_t ready)
{
	mem_q_push(&x->in[i], r, ready);
	x->n_waiting++;
	x->wake = MIN(x->wake, ready);
	if (x->in[i].n == 1) {
		x->nonempty[i / 64] |= 1ULL << (i % 64);
		xbar_new_head(x, i);
	}
}

/*
 * The second half of a push (mem_int.h): the k packets at the tail of
 * input i, each eligible from time ready, were queued by
 * mem_xbar_push_in since its last announce, with no tick in between (so
 * the queue was empty before them when it holds only them).  The same
 * updates mem_xbar_push makes, in any order.
 */
void mem_xbar_announce(struct mem_xbar *x, unsigned i, unsigned k,
		       uint64_t ready)
{
	SIM_ASSERT(k >= 1 && k <= x->in[i].n);
	x->n_waiting += k;
	x->wake = MIN(x->wake, ready);
	if (x->in[i].n == k) {
		x->nonempty[i / 64] |= 1ULL << (i % 64);
		xbar_new_head(x, i);
	}
}

/*
 * Grant input i's head packet, going to output o, at time now (the
 * caller checked that head, input port and output allow it).
 */
static inline void xbar_grant(struct mem_xbar *x, unsigned i, unsigned o,
			      uint64_t now)
{
	struct mem_q *q = &x->in[i];
	struct mem_req *r = mem_q_pop(q);
	uint64_t *wm = &x->want[(size_t)o * x->in_words];
	unsigned flits;
	uint64_t hold, any = 0;

	wm[i / 64] &= ~(1ULL << (i % 64));
	any = wm[0];
	for (unsigned k = 1; k < x->in_words && !any; k++)
		any = wm[k];
	if (!any)
		x->out_want[o / 64] &= ~(1ULL << (o % 64));
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
	if (q->n)
		xbar_new_head(x, i);
	else
		x->nonempty[i / 64] &= ~(1ULL << (i % 64));
}

/*
 * Output o is free and has room at time now: grant the first input, in
 * round-robin order from rr, among those whose head goes to o, that is
 * ready.  Returns a lower bound on o's next grant: its new busy time
 * after a grant, else the least ready time of its inputs.
 */
static uint64_t xbar_serve(struct mem_xbar *x, unsigned o, uint64_t now)
{
	const uint64_t *wm = &x->want[(size_t)o * x->in_words];
	unsigned nw = x->in_words, rw = x->rr / 64, rb = x->rr % 64;
	uint64_t t = UINT64_MAX;

	if (nw == 1) { /* up to 64 inputs: rotate the word by rr, so its
			  bits run rr .. n_in - 1, then 0 .. rr - 1 */
		uint64_t m = rb ? (wm[0] >> rb) | (wm[0] << (64 - rb)) : wm[0];

		for (; m; m &= m - 1) {
			unsigned i = (bit_ctz64(m) + rb) & 63;

			if (x->in_rt[i] <= now) {
				xbar_grant(x, i, o, now);
				return x->out_busy[o];
			}
			t = MIN(t, x->in_rt[i]);
		}
		return t;
	}
	/* word rw from bit rb, the other words in turn, then word rw
	 * below bit rb */
	for (unsigned k = 0; k <= nw; k++) {
		unsigned wd = rw + k < nw ? rw + k : rw + k - nw;
		uint64_t m = wm[wd];

		if (k == 0)
			m &= ~0ULL << rb;
		else if (k == nw)
			m &= (1ULL << rb) - 1;
		for (; m; m &= m - 1) {
			unsigned i = wd * 64 + bit_ctz64(m);

			if (x->in_rt[i] <= now) {
				xbar_grant(x, i, o, now);
				return x->out_busy[o];
			}
			t = MIN(t, x->in_rt[i]);
		}
	}
	return t;
}

/* Whether an output found full in the last full cycle has room now
 * (its consumer popped it). */
static bool xbar_room(const struct mem_xbar *x)
{
	for (unsigned wd = 0; wd < (x->n_out + 63) / 64; wd++)
		for (uint64_t m = x->full_wait[wd]; m; m &= m - 1)
			if (!mem_q_full(&x->out[wd * 64 + bit_ctz64(m)]))
				return true;
	return false;
}

/*
 * One interconnect cycle.  Inputs are served round-robin starting at a
 * pointer that advances every cycle, so ties between inputs contending for
 * one output rotate deterministically.  Per output with waiting heads: a
 * busy output waits (its busy time bounds its next grant), a full one
 * waits for its consumer (full_wait), a free one grants (xbar_serve).
 * The least of the busy and free outputs' bounds is a time before which
 * no grant can happen (wake) unless a full output gets room; a cycle
 * before it with no such room only advances the pointer.
 */
void mem_xbar_tick(struct mem_xbar *x, uint64_t now)
{
	uint64_t w = UINT64_MAX;

	if (!x->n_waiting)
		return;
	if (now < x->wake && !xbar_room(x)) {
		if (++x->rr == x->n_in)
			x->rr = 0;
		return;
	}
	for (unsigned wd = 0; wd < (x->n_out + 63) / 64; wd++) {
		x->full_wait[wd] = 0;
		for (uint64_t m = x->out_want[wd]; m; m &= m - 1) {
			unsigned o = wd * 64 + bit_ctz64(m);
			uint64_t t;

			if (x->out_busy[o] > now) {
				t = x->out_busy[o];
			} else if (mem_q_full(&x->out[o])) {
				x->full_wait[wd] |= 1ULL << (o % 64);
				continue;
			} else {
				t = xbar_serve(x, o, now);
			}
			w = MIN(w, t);
		}
	}
	x->wake = w;
	if (++x->rr == x->n_in)
		x->rr = 0;
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

void mem_xbar_tick_ref(struct mem_xbar *x, uint64_t now)
{
	unsigned rr = x->rr, i;

	if (!x->n_waiting)
		return;
	/* inputs rr .. n_in - 1, then 0 .. rr - 1 */
	for (unsigned pass = 0, from = rr, to = x->n_in; pass < 2;
	     pass++, from = 0, to = rr)
		for (i = xbar_next_in(x, from, to); i < to;
		     i = xbar_next_in(x, i + 1, to)) {
			const struct mem_q *q = &x->in[i];
			const struct mem_qent *h = &q->e[q->head];
			unsigned o = xbar_dest(x, h->req);

			if (MAX(MAX(h->ready, x->in_busy[i]), x->out_busy[o]) <= now &&
			    !mem_q_full(&x->out[o]))
				xbar_grant(x, i, o, now);
		}
	x->wake = 0;
	if (++x->rr == x->n_in)
		x->rr = 0;
}
