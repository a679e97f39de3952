/*
 * fctx.c - the per-SM execution contexts of the functional model and their
 * fold into struct fgpu.
 *
 * In timing mode each SM executes its warps in its own context (struct
 * fctx): counters, the position of the last progress event, the first
 * fault, device-memory lookup hints, and a store log.  A global store (or
 * surface store or reduction) issued in cycle c goes to the issuing SM's
 * log and reaches memory after the last of the cycle's SM visits, in SM
 * order (fctx_flush_log, from the timing model's join): every SM's loads
 * in cycle c see memory as cycle c - 1 left it,
 * plus their own SM's earlier writes of the cycle (fexec_forward).  Loads
 * read memory that no SM writes during the visits, so the visits may run
 * on several host threads and give the same results in any order.
 * Global atomics are already applied later, at the L2 (fexec_atom_apply).
 */
#include "../base/base.h"
#include "fgpu_int.h"

#include <stdlib.h>

uint8_t *fexec_gptr(struct fctx *cx, struct fgpu *g, addr_t a, uint64_t n)
{
	return fmem_ptr_hint(&g->mem, a, n, &cx->mem_last);
}

void fexec_log_store(struct fctx *cx, uint8_t *p, uint64_t v, unsigned n,
		     unsigned red, bool sgn)
{
	SIM_ASSERT(n >= 1 && n <= 8);
	fexec_log_reserve(cx, 1);
	cx->log[cx->n_log++] = (struct fstore){
		.p = p, .v = v, .n = (uint8_t)n, .red = (uint8_t)red,
		.sgn = sgn};
}

/* Apply log entry e to memory. */
static void log_apply(const struct fstore *e)
{
	if (e->red) {
		fexec_sured_apply(e->p, e->red - 1u, e->sgn, e->n, e->v);
		return;
	}
	switch (e->n) { /* little-endian host; fixed sizes: one move */
	case 1: memcpy(e->p, &e->v, 1); break;
	case 2: memcpy(e->p, &e->v, 2); break;
	case 4: memcpy(e->p, &e->v, 4); break;
	case 8: memcpy(e->p, &e->v, 8); break;
	default: memcpy(e->p, &e->v, e->n); break;
	}
}

/*
 * out[0 .. n) = the bytes at lo as they are after the first `upto` log
 * entries: memory, then each entry's overlap in order (a reduction's new
 * value needs its whole target as the earlier entries left it).
 */
static void log_view(const struct fctx *cx, uint32_t upto, const uint8_t *lo,
		     unsigned n, uint8_t *out)
{
	const uint8_t *hi = lo + n;
	memcpy(out, lo, n);
	for (uint32_t i = 0; i < upto; i++) {
		const struct fstore *e = &cx->log[i];
		uint8_t t[8];
		if (e->p >= hi || e->p + e->n <= lo)
			continue;
		if (e->red) {
			log_view(cx, i, e->p, e->n, t);
			fexec_sured_apply(t, e->red - 1u, e->sgn, e->n, e->v);
		} else {
			memcpy(t, &e->v, e->n);
		}
		const uint8_t *a = MAX(e->p, lo), *b = MIN(e->p + e->n, hi);
		memcpy(out + (a - lo), t + (a - e->p), (size_t)(b - a));
	}
}

void fexec_forward(struct fctx *cx, uint8_t **p, lanemask_t m, unsigned n,
		   uint8_t (*buf)[32])
{
	unsigned l;
	SIM_ASSERT(n <= 32);
	FOR_LANES(l, m) {
		const uint8_t *lo = p[l], *hi = lo + n;
		for (uint32_t i = 0; i < cx->n_log; i++) {
			const struct fstore *e = &cx->log[i];
			if (e->p < hi && e->p + e->n > lo) {
				log_view(cx, cx->n_log, lo, n, buf[l]);
				p[l] = buf[l];
				break;
			}
		}
	}
}

void fctx_fold_rest(struct fgpu *g, struct fctx *cx)
{
	g->n_cas_fail += cx->n_cas_fail;
	cx->n_cas_fail = 0;
	if (cx->fault.status && !g->fault.status)
		g->fault = cx->fault;
	cx->fault.status = 0;
}

void fctx_flush_log(struct fctx *cx)
{
	for (uint32_t i = 0; i < cx->n_log; i++)
		log_apply(&cx->log[i]);
	cx->n_log = 0;
}

void fgpu_ctx_sum(struct fgpu *g)
{
	for (unsigned i = 0; i < g->n_ctx; i++) {
		struct fctx *cx = &g->ctx[i];
		SIM_ASSERT(!cx->icount && !cx->n_log && !cx->n_cas_fail);
		g->tinsn += cx->tinsn;
		g->n_bar += cx->n_bar;
		g->n_bar_rel += cx->n_bar_rel;
		g->n_back += cx->n_back;
		g->n_atom += cx->n_atom;
		g->n_cas_intra += cx->n_cas_intra;
		g->n_cas_inter += cx->n_cas_inter;
		cx->tinsn = cx->n_bar = cx->n_bar_rel = cx->n_back = 0;
		cx->n_atom = cx->n_cas_intra = cx->n_cas_inter = 0;
	}
}

bool fgpu_launch_serial(const struct fgpu *g)
{
	const struct ptx_kernel *k = g->l->k;
	for (uint32_t i = 0; i < k->n_calls; i++)
		if (k->calls[i].builtin != PTX_BUILTIN_NONE)
			return true;
	return false;
}
