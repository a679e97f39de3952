/*
 * cfg.c - control-flow graph and immediate post-dominators of a function.
 *
 * Nodes are the function's instructions, its FEND (pc n) and a virtual exit
 * (n+1) reached from ret/exit/trap and FEND.  Post-dominators are the
 * dominators of the reverse CFG rooted at the exit, computed with the
 * iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast
 * Dominance Algorithm"): O(nodes + edges) memory, no recursion, so deep or
 * hostile inputs cannot overflow the stack.  The result is the SIMT
 * reconvergence point of each bra/brx.idx: its immediate post-dominator,
 * or the function's FEND when that is the virtual exit.
 */
#include "../base/base.h"
#include "ptx_int.h"

#include <stdlib.h>

#define CFG_UNDEF UINT32_MAX

struct cfg {
	uint32_t n_nodes;   /* instructions + FEND + exit */
	uint32_t *sstart;   /* successor CSR offsets (n_nodes + 1) */
	uint32_t *succ;     /* successors */
	uint32_t *pstart;   /* predecessor CSR offsets */
	uint32_t *pred;     /* predecessors */
	uint32_t *po;       /* postorder number in the reverse graph */
	uint32_t *order;    /* nodes by postorder */
	uint32_t n_order;   /* nodes reached from the exit */
	uint32_t *ipdom;    /* immediate post-dominator */
};

/* Successors of node v into out (when non-NULL); returns their count. */
static uint32_t cfg_succ(const struct pfunc *fn, uint32_t v, uint32_t *out)
{
	uint32_t n = fn->n_code, k = 0;
	if (v == n + 1)
		return 0;
	if (v == n) {
		if (out)
			out[k] = n + 1;
		return 1;
	}
	const struct insn *in = &fn->code[v];
	bool guarded = in->guard != PRED_NONE;
	switch (in->op) {
	case OP_BRA:
		if (out)
			out[k] = MIN(in->target, n);
		k++;
		break;
	case OP_BRX:
		if (in->target < fn->n_brx) {
			const struct pbrx *b = &fn->brx[in->target];
			for (uint32_t i = 0; i < b->n; i++, k++)
				if (out)
					out[k] = MIN(b->pcs[i], n);
		}
		break;
	case OP_RET:
	case OP_EXIT:
	case OP_TRAP:
		if (out)
			out[k] = n + 1;
		k++;
		break;
	default:
		guarded = true; /* falls through to the next instruction */
		break;
	}
	if (guarded) {
		if (out)
			out[k] = v + 1;
		k++;
	}
	return k;
}

static void cfg_build(struct cfg *g, const struct pfunc *fn)
{
	uint32_t N = g->n_nodes, v, i;

	g->sstart = xcalloc(N + 1, sizeof(uint32_t));
	g->pstart = xcalloc(N + 2, sizeof(uint32_t));
	for (v = 0; v < N; v++)
		g->sstart[v + 1] = g->sstart[v] + cfg_succ(fn, v, NULL);
	g->succ = xcalloc(g->sstart[N] + 1, sizeof(uint32_t));
	g->pred = xcalloc(g->sstart[N] + 1, sizeof(uint32_t));
	for (v = 0; v < N; v++)
		cfg_succ(fn, v, g->succ + g->sstart[v]);
	/* predecessors: count, prefix-sum, fill */
	for (i = 0; i < g->sstart[N]; i++)
		g->pstart[g->succ[i] + 2]++;
	for (v = 0; v < N; v++)
		g->pstart[v + 2] += g->pstart[v + 1];
	for (v = 0; v < N; v++)
		for (i = g->sstart[v]; i < g->sstart[v + 1]; i++)
			g->pred[g->pstart[g->succ[i] + 1]++] = v;
}

/* Postorder of the reverse graph from the exit, with an explicit stack. */
static void cfg_postorder(struct cfg *g)
{
	uint32_t N = g->n_nodes, sp = 0;
	uint32_t *stack = xmalloc(N * sizeof(uint32_t));
	uint32_t *next = xcalloc(N, sizeof(uint32_t)); /* edge cursor */
	uint8_t *seen = xcalloc(N, 1);

	g->po = xmalloc(N * sizeof(uint32_t));
	g->order = xmalloc(N * sizeof(uint32_t));
	for (uint32_t v = 0; v < N; v++) {
		g->po[v] = CFG_UNDEF;
		next[v] = g->pstart[v];
	}
	stack[sp++] = N - 1;
	seen[N - 1] = 1;
	while (sp) {
		uint32_t v = stack[sp - 1];
		if (next[v] < g->pstart[v + 1]) {
			uint32_t w = g->pred[next[v]++];
			if (!seen[w]) {
				seen[w] = 1;
				stack[sp++] = w;
			}
			continue;
		}
		sp--;
		g->po[v] = g->n_order;
		g->order[g->n_order++] = v;
	}
	free(stack);
	free(next);
	free(seen);
}

static uint32_t cfg_intersect(const struct cfg *g, uint32_t a, uint32_t b)
{
	while (a != b) {
		while (g->po[a] < g->po[b])
			a = g->ipdom[a];
		while (g->po[b] < g->po[a])
			b = g->ipdom[b];
	}
	return a;
}

static void cfg_ipdom(struct cfg *g)
{
	uint32_t N = g->n_nodes, exit = N - 1;
	bool changed = true;

	g->ipdom = xmalloc(N * sizeof(uint32_t));
	for (uint32_t v = 0; v < N; v++)
		g->ipdom[v] = CFG_UNDEF;
	g->ipdom[exit] = exit;
	while (changed) {
		changed = false;
		/* reverse postorder, skipping the root (last in postorder) */
		for (uint32_t k = g->n_order - 1; k-- > 0;) {
			uint32_t v = g->order[k], nd = CFG_UNDEF;
			for (uint32_t i = g->sstart[v]; i < g->sstart[v + 1];
			     i++) {
				uint32_t s = g->succ[i];
				if (g->ipdom[s] == CFG_UNDEF)
					continue;
				nd = nd == CFG_UNDEF ? s
						     : cfg_intersect(g, s, nd);
			}
			if (nd != g->ipdom[v]) {
				g->ipdom[v] = nd;
				changed = true;
			}
		}
	}
}

void ptx_cfg_reconv(struct pfunc *fn)
{
	struct cfg g = {0};
	uint32_t n = fn->n_code;

	g.n_nodes = n + 2;
	cfg_build(&g, fn);
	cfg_postorder(&g);
	cfg_ipdom(&g);
	for (uint32_t v = 0; v < n; v++) {
		struct insn *in = &fn->code[v];
		if (in->op != OP_BRA && in->op != OP_BRX)
			continue;
		uint32_t r = g.ipdom[v];
		if (r == CFG_UNDEF || r > n)
			r = n;
		in->reconv = r;
		if (in->op == OP_BRX && in->target < fn->n_brx)
			fn->brx[in->target].reconv = r;
	}
	free(g.sstart);
	free(g.succ);
	free(g.pstart);
	free(g.pred);
	free(g.po);
	free(g.order);
	free(g.ipdom);
}
