/*
 * queue.c - the plumbing shared by every memory component: bounded
 * ready-stamped FIFOs and fixed request pools.  Interconnect packet sizes
 * (a header of ctrl_bytes plus the data the packet carries, as GPGPU-Sim
 * sizes its mem_fetch packets) are mem_pkt_bytes, inline in mem_int.h.
 */
#include "../base/base.h"

#include <stdlib.h>

#include "mem_int.h"

void mem_q_init(struct mem_q *q, unsigned cap)
{
	SIM_ASSERT(cap >= 1);
	q->e = xcalloc(cap, sizeof(*q->e));
	q->cap = cap;
	q->head = 0;
	q->n = 0;
}

void mem_q_release(struct mem_q *q)
{
	free(q->e);
	memset(q, 0, sizeof(*q));
}

void mem_pool_init(struct mem_pool *p, unsigned n)
{
	p->all = xcalloc(n, sizeof(*p->all));
	p->size = n;
	p->n_live = 0;
	p->free = NULL;
	/* Thread the free list so that all[0] is handed out first. */
	for (unsigned i = n; i-- > 0;) {
		p->all[i].next = p->free;
		p->free = &p->all[i];
	}
}

void mem_pool_release(struct mem_pool *p)
{
	free(p->all);
	memset(p, 0, sizeof(*p));
}
