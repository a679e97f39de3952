/*
 * queue.c - the plumbing shared by every memory component: bounded
 * ready-stamped FIFOs, fixed request pools, and interconnect packet sizes
 * (a header of ctrl_bytes plus the data the packet carries, as GPGPU-Sim
 * sizes its mem_fetch packets).
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

unsigned mem_pkt_bytes(const struct mem_req *r, bool reply, unsigned ctrl_bytes)
{
	bool data;

	switch (r->kind) {
	case MEM_READ:
	case MEM_FETCH:
		data = reply;
		break;
	case MEM_ATOMIC:
		data = true;
		break;
	default: /* writes carry data down; their acks carry none */
		data = !reply;
		break;
	}
	return ctrl_bytes + (data ? r->size : 0);
}
