/*
 * live.c - registers per thread of a linked kernel image, by liveness.
 *
 * PTX declares virtual registers (%r<300>) that overstate what ptxas
 * allocates, so the occupancy limit of the TB dispatcher uses the peak
 * number of simultaneously live 32-bit registers instead.  Each function of
 * the image gets a classic backward dataflow over its basic blocks (bitsets
 * of the registers it references, round-robin in reverse pc order to a
 * fixed point), then one sweep per block at instruction granularity finds
 * the peak.  64-bit registers weigh 2, 128-bit 4, narrower 1; predicates
 * and the carry flag live outside the register file and weigh 0.  Calls
 * compose bottom-up: at a call site the registers live across the call are
 * held while the callee runs at its own peak.  A second peak models ptxas
 * issuing each block's loads early (capped near 64, where ptxas stops);
 * the result is the larger one plus a fixed overhead.
 */
#include "../base/base.h"
#include "ptx_int.h"

#include <stdlib.h>

/*
 * Added to the peak: the ABI stack pointer (R1, reserved by the ABI on
 * sm_20 and later) and one scratch register for what PTX leaves implicit
 * (immediates and folded addresses that SASS must materialise).  The
 * floor is what ptxas (CUDA 13) reports for an empty sm_75 kernel.
 */
#define LIVE_OVERHEAD 2u
#define LIVE_MIN_REGS 4u
#define LIVE_MAX_REGS 255u        /* the ISA's per-thread ceiling */
/*
 * Hoisting loads trades registers for latency only up to about 64 per
 * thread: the bench kernels where ptxas does it land on 59..64.
 */
#define LIVE_HOIST_CAP 64u
#define LIVE_HOIST_WINDOW 256u    /* farthest a load moves up, in insns */
#define LIVE_MAX_WORDS (1u << 21) /* bitset words per function (16 MiB) */
#define LIVE_MAX_WORK (1ull << 27)/* word operations per function */
#define LIVE_MAX_PASSES 1000u     /* dataflow passes per function */
#define LIVE_SAT (1u << 24)       /* saturation of composed peaks */
#define LIVE_UNSET UINT32_MAX     /* no value (unmapped, unreached) */
#define LIVE_MAX_DEFS 4           /* registers one instruction writes */
#define LIVE_MAX_USES 12          /* registers one instruction reads */

struct live_ops {                  /* register operands of one insn */
	uint32_t def[LIVE_MAX_DEFS];   /* written registers (dense ids) */
	uint32_t use[LIVE_MAX_USES];   /* read registers (dense ids) */
	unsigned n_def;                /* entries in def */
	unsigned n_use;                /* entries in use */
	bool kills;                    /* unguarded: the defs end liveness */
};

struct live_peaks {                /* peak weighted live registers */
	uint32_t base;                 /* in PTX order */
	uint32_t hoist;                /* with loads issued early */
};

struct live_fn {                   /* one function under analysis */
	const struct ptx_kernel *k;    /* the image */
	uint32_t a;                    /* first pc */
	uint32_t e;                    /* its OP_FEND pc */
	uint32_t lo;                   /* lowest register index referenced */
	uint32_t *map;                 /* register - lo -> dense id or UNSET */
	uint32_t n_map;                /* entries in map */
	uint32_t n_dense;              /* registers referenced */
	uint32_t nw;                   /* 64-bit words per bitset */
	uint64_t *m2;                  /* dense ids of weight >= 2 (64-bit) */
	uint64_t *m4;                  /* dense ids of weight 4 (128-bit) */
	uint8_t *wt;                   /* weight per dense id */
	uint32_t *blk;                 /* pc - a -> block */
	uint32_t *bstart;              /* first pc per block, n_blocks + 1 */
	uint32_t n_blocks;             /* basic blocks */
	uint32_t *sstart;              /* successor offsets, n_blocks + 1 */
	uint32_t *succ;                /* successor blocks */
	uint32_t n_succ, cap_succ;     /* count, capacity of succ */
	uint64_t *in;                  /* live-in bitset per block */
	uint64_t *cur;                 /* scratch bitset */
	uint64_t work;                 /* word operations spent */
};

/* ---- operands ----------------------------------------------------------- */

/* Whether o[0] is written (else it is read, or absent); see ir.h. */
static bool live_o0_is_def(const struct insn *in)
{
	switch (in->op) {
	case OP_ST:
	case OP_RED:
	case OP_SUST:
	case OP_SURED:
	case OP_BRA:
	case OP_BRX:
	case OP_CALL:
	case OP_BARWARP:
	case OP_NANOSLEEP:
	case OP_NOP:
	case OP_FENCE:
	case OP_EXIT:
	case OP_RET:
	case OP_TRAP:
	case OP_FEND:
		return false;
	case OP_BAR:
		return in->aux == BAR_RED;
	default:
		return true;
	}
}

/* Call fn(ctx, reg, size, is_def) for every register operand of in. */
static void live_visit(const struct insn *in, uint32_t n_regs,
		       void (*fn)(void *, uint32_t, unsigned, bool), void *ctx)
{
	bool d0 = live_o0_is_def(in);

	for (unsigned i = 0; i < ARRAY_SIZE(in->o); i++) {
		const struct opnd *o = &in->o[i];
		bool def = i == 0 && d0;
		switch (o->kind) {
		case OK_REG:
			if (o->reg < n_regs)
				fn(ctx, o->reg, o->size, def);
			break;
		case OK_MEM:
			if (o->reg < n_regs)
				fn(ctx, o->reg, o->size, false);
			break;
		case OK_VEC:
			for (uint32_t v = 0; v < MIN(o->reg, 4u); v++)
				if (in->vec_reg[v] < n_regs)
					fn(ctx, in->vec_reg[v], o->size, def);
			break;
		case OK_REGS:
			for (unsigned k = 0; k < 3; k++) {
				uint32_t r = insn_tex_reg(in, (i - 2) * 3 + k);
				if (r < n_regs)
					fn(ctx, r, o->size, false);
			}
			break;
		default:
			break;
		}
	}
}

void ptx_insn_regs(const struct insn *in, uint32_t n_regs,
		   void (*fn)(void *ctx, uint32_t reg, unsigned size, bool def),
		   void *ctx)
{
	live_visit(in, n_regs, fn, ctx);
}

bool ptx_insn_o0_is_def(const struct insn *in)
{
	return live_o0_is_def(in);
}

/* Registers a value of size bytes takes: 64-bit 2, 128-bit 4, else 1. */
static unsigned live_weight(unsigned size)
{
	return size > 8 ? 4 : size > 4 ? 2 : 1;
}

static void live_range_cb(void *ctx, uint32_t reg, unsigned size, bool def)
{
	uint32_t *r = ctx; /* [lo, hi] */
	r[0] = MIN(r[0], reg);
	r[1] = MAX(r[1], reg);
}

static void live_map_cb(void *ctx, uint32_t reg, unsigned size, bool def)
{
	struct live_fn *lf = ctx;
	uint32_t *m = &lf->map[reg - lf->lo];
	if (*m == LIVE_UNSET)
		*m = lf->n_dense++;
	lf->wt[*m] = (uint8_t)MAX(lf->wt[*m], live_weight(size));
}

static void live_ops_cb(void *ctx, uint32_t reg, unsigned size, bool def)
{
	struct live_ops *ops = ctx;
	(void)size;
	if (def && ops->n_def < LIVE_MAX_DEFS)
		ops->def[ops->n_def++] = reg;
	else if (!def && ops->n_use < LIVE_MAX_USES)
		ops->use[ops->n_use++] = reg;
}

/* The register operands of in as dense ids of lf. */
static void live_ops_get(const struct live_fn *lf, const struct insn *in,
			 struct live_ops *ops)
{
	ops->n_def = ops->n_use = 0;
	ops->kills = in->guard == PRED_NONE;
	live_visit(in, lf->k->n_regs, live_ops_cb, ops);
	for (unsigned i = 0; i < ops->n_def; i++)
		ops->def[i] = lf->map[ops->def[i] - lf->lo];
	for (unsigned i = 0; i < ops->n_use; i++)
		ops->use[i] = lf->map[ops->use[i] - lf->lo];
}

/* Dense numbering and weights of the registers the function references. */
static void live_number(struct live_fn *lf)
{
	const struct ptx_kernel *k = lf->k;
	uint32_t r[2] = {UINT32_MAX, 0};

	for (uint32_t pc = lf->a; pc <= lf->e; pc++)
		live_visit(&k->code[pc], k->n_regs, live_range_cb, r);
	if (r[0] > r[1])
		return;
	lf->lo = r[0];
	lf->n_map = r[1] - r[0] + 1;
	lf->map = xmalloc((size_t)lf->n_map * sizeof(uint32_t));
	for (uint32_t i = 0; i < lf->n_map; i++)
		lf->map[i] = LIVE_UNSET;
	lf->wt = xcalloc(lf->n_map, 1);
	for (uint32_t pc = lf->a; pc <= lf->e; pc++)
		live_visit(&k->code[pc], k->n_regs, live_map_cb, lf);
}

/* ---- bitsets ------------------------------------------------------------ */

static bool live_test(const uint64_t *s, uint32_t i)
{
	return s[i >> 6] >> (i & 63) & 1;
}

static void live_set(uint64_t *s, uint32_t i)
{
	s[i >> 6] |= (uint64_t)1 << (i & 63);
}

static void live_clear(uint64_t *s, uint32_t i)
{
	s[i >> 6] &= ~((uint64_t)1 << (i & 63));
}

/* Weighted size of set s: every member 1, plus 1 if wide, plus 2 if 128. */
static uint32_t live_set_weight(const struct live_fn *lf, const uint64_t *s)
{
	uint32_t w = 0;
	for (uint32_t i = 0; i < lf->nw; i++)
		w += bit_popc64(s[i]) + bit_popc64(s[i] & lf->m2[i]) +
		     2 * bit_popc64(s[i] & lf->m4[i]);
	return w;
}

/* ---- basic blocks ------------------------------------------------------- */

/* A branch target as a pc of the function; outside it means the FEND. */
static uint32_t live_target(const struct live_fn *lf, uint32_t pc)
{
	return pc >= lf->a && pc <= lf->e ? pc : lf->e;
}

static void live_lead(const struct live_fn *lf, uint8_t *lead, uint32_t pc)
{
	lead[live_target(lf, pc) - lf->a] = 1;
}

/* Mark block leaders: entry, branch targets, pcs after a transfer. */
static void live_leaders(const struct live_fn *lf, uint8_t *lead)
{
	const struct ptx_kernel *k = lf->k;

	lead[0] = 1;
	for (uint32_t pc = lf->a; pc < lf->e; pc++) {
		const struct insn *in = &k->code[pc];
		switch (in->op) {
		case OP_BRA:
			live_lead(lf, lead, in->target);
			break;
		case OP_BRX:
			if (in->target < k->n_brx)
				for (uint32_t t = 0; t < k->brx[in->target].n; t++)
					live_lead(lf, lead,
						  k->brx[in->target].pcs[t]);
			break;
		case OP_RET:
		case OP_EXIT:
		case OP_TRAP:
			break;
		default:
			continue;
		}
		lead[pc + 1 - lf->a] = 1;
	}
}

static void live_add_succ(struct live_fn *lf, uint32_t pc)
{
	VEC_PUSH(lf->succ, lf->n_succ, lf->cap_succ);
	lf->succ[lf->n_succ - 1] = lf->blk[live_target(lf, pc) - lf->a];
}

/* Successors of the block ending at pc last (CFG of cfg.c). */
static void live_block_succ(struct live_fn *lf, uint32_t last)
{
	const struct ptx_kernel *k = lf->k;
	const struct insn *in = &k->code[last];
	bool fall = in->guard != PRED_NONE;

	switch (in->op) {
	case OP_BRA:
		live_add_succ(lf, in->target);
		break;
	case OP_BRX:
		if (in->target < k->n_brx)
			for (uint32_t t = 0; t < k->brx[in->target].n; t++)
				live_add_succ(lf, k->brx[in->target].pcs[t]);
		break;
	case OP_RET:
	case OP_EXIT:
	case OP_TRAP:
		break;
	case OP_FEND:
		fall = false;
		break;
	default:
		fall = true;
		break;
	}
	if (fall && last < lf->e)
		live_add_succ(lf, last + 1);
}

static void live_blocks(struct live_fn *lf)
{
	uint32_t n = lf->e - lf->a + 1;
	uint8_t *lead = xcalloc(n, 1);

	live_leaders(lf, lead);
	lf->blk = xmalloc((size_t)n * sizeof(uint32_t));
	lf->bstart = xmalloc(((size_t)n + 1) * sizeof(uint32_t));
	for (uint32_t i = 0; i < n; i++) {
		if (lead[i])
			lf->bstart[lf->n_blocks++] = lf->a + i;
		lf->blk[i] = lf->n_blocks - 1;
	}
	lf->bstart[lf->n_blocks] = lf->e + 1;
	free(lead);
	lf->sstart = xmalloc(((size_t)lf->n_blocks + 1) * sizeof(uint32_t));
	for (uint32_t b = 0; b < lf->n_blocks; b++) {
		lf->sstart[b] = lf->n_succ;
		live_block_succ(lf, lf->bstart[b + 1] - 1);
	}
	lf->sstart[lf->n_blocks] = lf->n_succ;
}

/* ---- dataflow ----------------------------------------------------------- */

/* cur = union of the live-in sets of block b's successors. */
static void live_out(struct live_fn *lf, uint32_t b)
{
	memset(lf->cur, 0, (size_t)lf->nw * sizeof(uint64_t));
	for (uint32_t s = lf->sstart[b]; s < lf->sstart[b + 1]; s++) {
		const uint64_t *in = &lf->in[(size_t)lf->succ[s] * lf->nw];
		for (uint32_t i = 0; i < lf->nw; i++)
			lf->cur[i] |= in[i];
	}
	lf->work += (uint64_t)(lf->sstart[b + 1] - lf->sstart[b] + 2) * lf->nw;
}

/*
 * Step the set cur backward over in (live-out to live-in).  With w non-NULL
 * *w tracks the weight of cur and the result is the pressure at in: the
 * larger of its live-in and its live-out plus what it writes (a dead write
 * still takes a register).  A guarded write may not happen, so it does not
 * end the old value.
 */
static uint32_t live_step(struct live_fn *lf, const struct insn *in,
			  uint32_t *w)
{
	struct live_ops ops;
	uint32_t added = 0; /* defs made live only at this instruction */
	uint32_t p = 0;
	unsigned i;

	live_ops_get(lf, in, &ops);
	for (i = 0; i < ops.n_def; i++) {
		if (live_test(lf->cur, ops.def[i]))
			continue;
		live_set(lf->cur, ops.def[i]);
		added |= 1u << i;
		if (w)
			*w += lf->wt[ops.def[i]];
	}
	if (w)
		p = *w;
	for (i = 0; i < ops.n_def; i++) {
		if ((!ops.kills && !(added >> i & 1)) ||
		    !live_test(lf->cur, ops.def[i]))
			continue;
		live_clear(lf->cur, ops.def[i]);
		if (w)
			*w -= lf->wt[ops.def[i]];
	}
	for (i = 0; i < ops.n_use; i++) {
		if (live_test(lf->cur, ops.use[i]))
			continue;
		live_set(lf->cur, ops.use[i]);
		if (w)
			*w += lf->wt[ops.use[i]];
	}
	return w ? MAX(p, *w) : 0;
}

/* Iterate live-in sets to a fixed point; false when over budget. */
static bool live_solve(struct live_fn *lf)
{
	size_t bytes = (size_t)lf->nw * sizeof(uint64_t);

	for (uint32_t pass = 0; pass < LIVE_MAX_PASSES; pass++) {
		bool changed = false;
		for (uint32_t b = lf->n_blocks; b-- > 0;) {
			uint64_t *in = &lf->in[(size_t)b * lf->nw];
			live_out(lf, b);
			for (uint32_t pc = lf->bstart[b + 1]; pc-- > lf->bstart[b];)
				live_step(lf, &lf->k->code[pc], NULL);
			lf->work += lf->bstart[b + 1] - lf->bstart[b];
			if (memcmp(in, lf->cur, bytes)) {
				memcpy(in, lf->cur, bytes);
				changed = true;
			}
		}
		if (!changed)
			return true;
		if (lf->work > LIVE_MAX_WORK)
			return false;
	}
	return false;
}

/* Blocks reachable from the entry (1 in reach[]). */
static void live_reach(const struct live_fn *lf, uint8_t *reach)
{
	uint32_t *stack = xmalloc(((size_t)lf->n_blocks + 1) * sizeof(uint32_t));
	uint32_t sp = 0;

	reach[0] = 1;
	stack[sp++] = 0;
	while (sp) {
		uint32_t b = stack[--sp];
		for (uint32_t s = lf->sstart[b]; s < lf->sstart[b + 1]; s++) {
			if (reach[lf->succ[s]])
				continue;
			reach[lf->succ[s]] = 1;
			stack[sp++] = lf->succ[s];
		}
	}
	free(stack);
}

/* ---- load hoisting ------------------------------------------------------ */

/* Whether a load may not move above in (memory order, synchronisation). */
static bool live_hoist_fence(const struct insn *in)
{
	switch (in->op) {
	case OP_ST:
	case OP_ATOM:
	case OP_RED:
	case OP_BAR:
	case OP_BARWARP:
	case OP_FENCE:
	case OP_CALL:
	case OP_CPASYNC:
	case OP_CPAWAIT:
	case OP_MBAR:
	case OP_SUST:
		return true;
	default:
		return false;
	}
}

/*
 * ptxas issues a block's loads as early as their address allows, to cover
 * their latency, so a loaded value holds its register from there on.  For
 * the load at pc j of the block starting at b0: the pc from which it would
 * issue, stopping at a write of its address or of its destination, a use of
 * its destination, a store, atomic, barrier, fence or call, and at most
 * LIVE_HOIST_WINDOW instructions up.  Guarded and volatile loads stay put.
 * Also returns the weight the destination adds.
 */
static uint32_t live_hoist_from(const struct live_fn *lf, uint32_t b0,
				uint32_t j, uint32_t *wt)
{
	const struct insn *ld = &lf->k->code[j];
	struct live_ops lo, ops;
	uint32_t i;

	*wt = 0;
	if (ld->op != OP_LD || ld->guard != PRED_NONE ||
	    (ld->mods & MOD_VOLATILE))
		return j;
	live_ops_get(lf, ld, &lo);
	for (unsigned d = 0; d < lo.n_def; d++)
		*wt += lf->wt[lo.def[d]];
	for (i = j; i > b0 && j - i < LIVE_HOIST_WINDOW; i--) {
		const struct insn *in = &lf->k->code[i - 1];
		bool stop = live_hoist_fence(in);
		live_ops_get(lf, in, &ops);
		for (unsigned x = 0; x < ops.n_def && !stop; x++)
			for (unsigned y = 0; y < lo.n_use + lo.n_def; y++)
				stop |= ops.def[x] == (y < lo.n_use
					? lo.use[y] : lo.def[y - lo.n_use]);
		for (unsigned x = 0; x < ops.n_use && !stop; x++)
			for (unsigned y = 0; y < lo.n_def; y++)
				stop |= ops.use[x] == lo.def[y];
		if (stop)
			break;
	}
	return i;
}

/*
 * Peaks of block b given the pressure p[pc - a] at each of its pcs: plain,
 * and with its loads hoisted (their destinations held from the hoist point,
 * accumulated in the difference array d).
 */
static void live_block_hoist(const struct live_fn *lf, uint32_t b,
			     const uint32_t *p, int32_t *d,
			     struct live_peaks *pk)
{
	uint32_t b0 = lf->bstart[b], b1 = lf->bstart[b + 1], pc, w;
	int32_t run = 0;

	memset(&d[b0 - lf->a], 0, (size_t)(b1 - b0 + 1) * sizeof(int32_t));
	for (pc = b0; pc < b1; pc++) {
		uint32_t from = live_hoist_from(lf, b0, pc, &w);
		if (from == pc)
			continue;
		d[from - lf->a] += (int32_t)w;
		d[pc - lf->a] -= (int32_t)w;
	}
	for (pc = b0; pc < b1; pc++) {
		run += d[pc - lf->a];
		pk->base = MAX(pk->base, p[pc - lf->a]);
		pk->hoist = MAX(pk->hoist, p[pc - lf->a] + (uint32_t)run);
	}
}

/*
 * The peaks over the reachable instructions of the function, and at each
 * reachable call site the weight held across it (across[call index]).
 */
static void live_peak(struct live_fn *lf, uint32_t *across,
		      struct live_peaks *pk)
{
	const struct ptx_kernel *k = lf->k;
	uint32_t n = lf->e - lf->a + 1;
	uint8_t *reach = xcalloc(lf->n_blocks, 1);
	uint32_t *p = xmalloc((size_t)n * sizeof(uint32_t));
	int32_t *d = xmalloc(((size_t)n + 1) * sizeof(int32_t));

	live_reach(lf, reach);
	for (uint32_t b = 0; b < lf->n_blocks; b++) {
		if (!reach[b])
			continue;
		live_out(lf, b);
		uint32_t w = live_set_weight(lf, lf->cur);
		pk->base = MAX(pk->base, w);
		pk->hoist = MAX(pk->hoist, w);
		for (uint32_t pc = lf->bstart[b + 1]; pc-- > lf->bstart[b];) {
			const struct insn *in = &k->code[pc];
			if (in->op == OP_CALL && in->target < k->n_calls)
				across[in->target] = w;
			p[pc - lf->a] = live_step(lf, in, &w);
		}
		live_block_hoist(lf, b, p, d, pk);
	}
	free(reach);
	free(p);
	free(d);
}

static void live_fn_release(struct live_fn *lf)
{
	free(lf->map);
	free(lf->wt);
	free(lf->blk);
	free(lf->bstart);
	free(lf->sstart);
	free(lf->succ);
	free(lf->in);
	free(lf->m2);
}

/*
 * Peaks of one function, its own instructions only.  Over budget, the
 * weight of every register it references (an upper bound), which is then
 * also what its call sites hold across.
 */
static void live_fn_peak(const struct ptx_kernel *k, uint32_t a, uint32_t e,
			 uint32_t *across, struct live_peaks *pk)
{
	struct live_fn lf = {.k = k, .a = a, .e = e};
	uint32_t i;

	pk->base = pk->hoist = 0;
	live_number(&lf);
	if (!lf.n_dense)
		goto out;
	lf.nw = (lf.n_dense + 63) / 64;
	live_blocks(&lf);
	if (((uint64_t)lf.n_blocks + 3) * lf.nw > LIVE_MAX_WORDS ||
	    ((uint64_t)lf.n_succ + 2 * lf.n_blocks) * lf.nw > LIVE_MAX_WORK)
		goto fallback;
	lf.in = xcalloc(((size_t)lf.n_blocks + 1) * lf.nw, sizeof(uint64_t));
	lf.m2 = xcalloc(3 * (size_t)lf.nw, sizeof(uint64_t));
	lf.m4 = lf.m2 + lf.nw;
	lf.cur = lf.m4 + lf.nw;
	for (i = 0; i < lf.n_dense; i++) {
		if (lf.wt[i] >= 2)
			live_set(lf.m2, i);
		if (lf.wt[i] >= 4)
			live_set(lf.m4, i);
	}
	if (live_solve(&lf)) {
		live_peak(&lf, across, pk);
		goto out;
	}
fallback:
	for (i = 0; i < lf.n_dense; i++)
		pk->base += lf.wt[i];
	pk->hoist = pk->base;
	for (uint32_t pc = a; pc <= e; pc++)
		if (k->code[pc].op == OP_CALL && k->code[pc].target < k->n_calls)
			across[k->code[pc].target] = pk->base;
out:
	pk->base = MIN(pk->base, LIVE_SAT);
	pk->hoist = MIN(pk->hoist, LIVE_SAT);
	live_fn_release(&lf);
}

/* ---- the image ---------------------------------------------------------- */

/* Whether funcs[] tiles the code with each range closed by an OP_FEND. */
static bool live_image_ok(const struct ptx_kernel *k)
{
	uint32_t next = 0;

	if (!k->code || !k->n_funcs)
		return false;
	for (uint32_t f = 0; f < k->n_funcs; f++) {
		const struct ptx_func_info *fi = &k->funcs[f];
		if (fi->entry_pc != next || fi->end_pc < fi->entry_pc ||
		    fi->end_pc >= k->n_insn || k->code[fi->end_pc].op != OP_FEND)
			return false;
		next = fi->end_pc + 1;
	}
	return true;
}

/* The function whose entry is pc (binary search; funcs[] tile the code). */
static uint32_t live_func_at(const struct ptx_kernel *k, uint32_t pc)
{
	uint32_t lo = 0, hi = k->n_funcs;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (k->funcs[mid].entry_pc < pc)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < k->n_funcs && k->funcs[lo].entry_pc == pc ? lo : LIVE_UNSET;
}

/*
 * Compose peaks over the call graph: a caller's peak is at least what it
 * holds across a call plus the callee's peak.  For an acyclic graph n_funcs
 * passes reach the fixed point; a recursive cycle grows its peaks each
 * pass, which the pass bound and LIVE_SAT cap (an overestimate, as the
 * real ABI spills recursive frames to the stack).
 */
static void live_compose(const struct ptx_kernel *k, uint32_t *peak,
			 const uint32_t *across, const uint32_t *caller)
{
	for (uint32_t pass = 0; pass <= k->n_funcs; pass++) {
		bool changed = false;
		for (uint32_t c = 0; c < k->n_calls; c++) {
			uint32_t g = live_func_at(k, k->calls[c].entry_pc);
			if (across[c] == LIVE_UNSET || caller[c] == LIVE_UNSET ||
			    g == LIVE_UNSET)
				continue;
			uint32_t v = MIN(across[c] + peak[g], LIVE_SAT);
			if (v > peak[caller[c]]) {
				peak[caller[c]] = v;
				changed = true;
			}
		}
		if (!changed)
			break;
	}
}

uint32_t ptx_live_regs(const struct ptx_kernel *k)
{
	uint32_t *base, *hoist, *across, *caller, regs;
	struct live_peaks pk;

	if (!live_image_ok(k))
		return LIVE_MIN_REGS;
	base = xmalloc((size_t)k->n_funcs * 2 * sizeof(uint32_t));
	hoist = base + k->n_funcs;
	across = xmalloc(((size_t)k->n_calls + 1) * 2 * sizeof(uint32_t));
	caller = across + k->n_calls + 1;
	for (uint32_t c = 0; c < k->n_calls; c++)
		across[c] = caller[c] = LIVE_UNSET;
	for (uint32_t f = 0; f < k->n_funcs; f++) {
		const struct ptx_func_info *fi = &k->funcs[f];
		live_fn_peak(k, fi->entry_pc, fi->end_pc, across, &pk);
		base[f] = pk.base;
		hoist[f] = pk.hoist;
		for (uint32_t pc = fi->entry_pc; pc <= fi->end_pc; pc++)
			if (k->code[pc].op == OP_CALL &&
			    k->code[pc].target < k->n_calls)
				caller[k->code[pc].target] = f;
	}
	live_compose(k, base, across, caller);
	live_compose(k, hoist, across, caller);
	regs = MAX(base[0] + LIVE_OVERHEAD,
		   MIN(hoist[0] + LIVE_OVERHEAD, LIVE_HOIST_CAP));
	regs = MIN(regs, LIVE_MAX_REGS);
	if (k->maxnreg)
		regs = MIN(regs, k->maxnreg);
	regs = MAX(regs, LIVE_MIN_REGS);
	free(base);
	free(across);
	return regs;
}

/* ---- storage slots ------------------------------------------------------ */

/*
 * The functional model stores a warp's registers register-major, one row
 * of lanes per slot, so a kernel that declares %r<1200> but holds 30 values
 * at once needs 30 rows, not 1200.  Each function gets its own contiguous
 * range of slots (a recursive one saves and restores exactly that range),
 * and inside it registers that are never live at the same time share a
 * slot: an interference graph over the liveness above, coloured greedily
 * in the order registers first appear.  The names in the code do not
 * change, so the timing model (scoreboard, operand banks) sees the same
 * registers as before.
 *
 * What makes sharing invisible to the program:
 *  - a written register interferes with everything live after the write,
 *    even when its own value is dead (the write still lands), and with
 *    every register the same instruction reads or writes (handlers may
 *    write one destination lane before reading another source lane);
 *  - a guarded write does not end the old value (live_step), so the old
 *    value's register stays live across it;
 *  - registers live on entry to the function (read before any write on
 *    some path: they see what a previous block or call left, see
 *    fgpu_cta_start) and destinations of atomics (the timing model writes
 *    them when the L2 applies the atomic, later than the instruction)
 *    get a slot of their own.
 * A function over the liveness budget, or with more than LIVE_MAX_ALLOC
 * registers, keeps one slot per register.
 */
#define LIVE_MAX_ALLOC 8192u /* registers coloured per function (8 MiB) */

struct live_alloc {                /* interference of one function */
	uint32_t n;                    /* nodes: dense register ids */
	uint32_t nw;                   /* words per adjacency row */
	uint64_t *adj;                 /* n rows of nw words, symmetric */
	uint8_t *own;                  /* 1: the register gets its own slot */
};

static void live_edge(struct live_alloc *la, uint32_t a, uint32_t b)
{
	if (a == b)
		return;
	live_set(&la->adj[(size_t)a * la->nw], b);
	live_set(&la->adj[(size_t)b * la->nw], a);
}

/* Edges between d and every member of set s. */
static void live_edge_set(struct live_alloc *la, uint32_t d, const uint64_t *s)
{
	for (uint32_t i = 0; i < la->nw; i++) {
		uint64_t bits = s[i];
		while (bits) {
			live_edge(la, d, i * 64 + bit_ctz64(bits));
			bits &= bits - 1;
		}
	}
}

/* Interference edges of every block of lf (reachable or not). */
static void live_interfere(struct live_fn *lf, struct live_alloc *la)
{
	const struct ptx_kernel *k = lf->k;
	struct live_ops ops;

	for (uint32_t b = 0; b < lf->n_blocks; b++) {
		live_out(lf, b);
		for (uint32_t pc = lf->bstart[b + 1]; pc-- > lf->bstart[b];) {
			const struct insn *in = &k->code[pc];
			live_ops_get(lf, in, &ops);
			for (unsigned i = 0; i < ops.n_def; i++) {
				live_edge_set(la, ops.def[i], lf->cur);
				for (unsigned j = 0; j < ops.n_def; j++)
					live_edge(la, ops.def[i], ops.def[j]);
				for (unsigned j = 0; j < ops.n_use; j++)
					live_edge(la, ops.def[i], ops.use[j]);
				if (in->op == OP_ATOM)
					la->own[ops.def[i]] = 1;
			}
			live_step(lf, in, NULL);
		}
	}
	for (uint32_t i = 0; i < lf->n_dense; i++)
		if (live_test(lf->in, i)) /* block 0 is the entry */
			la->own[i] = 1;
}

/*
 * Colour the nodes, each class (cls[i]: 0 for 64-bit registers, 1 for
 * 32-bit and narrower ones) in its own colour space: registers with a slot
 * of their own take 0, 1, ... of their class in id order, then every other
 * node the lowest colour of its class above those that no coloured
 * neighbour of the same class has.  n_col[c] gets the colours of class c;
 * col[] each node's.
 */
static void live_colour(const struct live_alloc *la, const uint8_t *cls,
			uint32_t *col, uint32_t n_col[2])
{
	uint64_t *used = xcalloc(la->nw + 1, sizeof(uint64_t));
	uint32_t n_own[2] = {0, 0};

	for (uint32_t i = 0; i < la->n; i++)
		col[i] = la->own[i] ? n_own[cls[i]]++ : LIVE_UNSET;
	n_col[0] = n_own[0];
	n_col[1] = n_own[1];
	for (uint32_t i = 0; i < la->n; i++) {
		const uint64_t *row = &la->adj[(size_t)i * la->nw];
		unsigned ci = cls[i];
		uint32_t c;
		if (la->own[i])
			continue;
		memset(used, 0, (la->nw + 1) * sizeof(uint64_t));
		for (uint32_t w = 0; w < la->nw; w++) {
			uint64_t bits = row[w];
			while (bits) {
				uint32_t j = w * 64 + bit_ctz64(bits);
				bits &= bits - 1;
				if (cls[j] == ci && col[j] != LIVE_UNSET &&
				    col[j] >= n_own[ci])
					live_set(used, col[j] - n_own[ci]);
			}
		}
		for (c = 0; live_test(used, c); c++)
			;
		col[i] = n_own[ci] + c;
		n_col[ci] = MAX(n_col[ci], col[i] + 1);
	}
	free(used);
}

/*
 * Storage code (ptx_kernel.reg_row) of a register of function fi: colour c
 * of its class; 64-bit colours take the function's first n_wide slots,
 * 32-bit ones two per slot after them.
 */
static uint32_t live_row(const struct ptx_func_info *fi, bool narrow,
			 uint32_t c)
{
	if (!narrow)
		return (fi->slot_base + c) << 2;
	return ((2 * (fi->slot_base + fi->n_wide) + c) << 1) | 1;
}

/* Whether register r is 32-bit or narrower: every operand naming it is. */
static void live_width_cb(void *ctx, uint32_t reg, unsigned size, bool def)
{
	uint8_t *wide = ctx;
	(void)def;
	if (size > 4)
		wide[reg] = 1;
}

/*
 * Rows without sharing for registers [lo, lo + n) of the image (only those
 * still LIVE_UNSET when only_unset), numbered from fi->slot_base: a slot per
 * 64-bit register, a half-slot per narrower one, in register order within
 * each class; sets fi->n_slots and fi->n_wide.
 */
static void live_rows_plain(struct ptx_kernel *k, struct ptx_func_info *fi,
			    const uint8_t *wide, uint32_t lo, uint32_t n,
			    bool only_unset)
{
	uint32_t cnt[2] = {0, 0}, hi = (uint32_t)MIN((uint64_t)lo + n,
						    (uint64_t)k->n_regs);

	for (uint32_t r = lo; r < hi; r++)
		if (!only_unset || k->reg_row[r] == LIVE_UNSET)
			cnt[!wide[r]]++;
	fi->n_wide = cnt[0];
	fi->n_slots = cnt[0] + (cnt[1] + 1) / 2;
	cnt[0] = cnt[1] = 0;
	for (uint32_t r = lo; r < hi; r++)
		if (!only_unset || k->reg_row[r] == LIVE_UNSET) {
			bool nar = !wide[r];
			k->reg_row[r] = live_row(fi, nar, cnt[nar]++);
		}
}

/* Function fi without sharing (live_rows_plain over its registers). */
static void live_fn_identity(struct ptx_kernel *k, struct ptx_func_info *fi,
			     const uint8_t *wide)
{
	live_rows_plain(k, fi, wide, fi->reg_base, fi->n_regs, false);
}

/*
 * Slots of function fi's registers, numbered from its slot_base (set by
 * the caller); sets fi->n_slots and fi->n_wide.  wide[r]: register r is
 * 64-bit.  false: the function references registers outside its own range
 * (the caller then keeps one slot or half-slot per register).
 */
static bool live_fn_slots(struct ptx_kernel *k, struct ptx_func_info *fi,
			  const uint8_t *wide)
{
	struct live_fn lf = {.k = k, .a = fi->entry_pc, .e = fi->end_pc};
	struct live_alloc la = {0};
	uint32_t *col = NULL, i, n_col[2];
	uint8_t *cls = NULL;
	bool ok = true, coloured = false;

	live_number(&lf);
	if (lf.n_dense && (lf.lo < fi->reg_base ||
			   lf.lo + lf.n_map > fi->reg_base + fi->n_regs)) {
		ok = false;
		goto out;
	}
	if (lf.n_dense && lf.n_dense <= LIVE_MAX_ALLOC) {
		lf.nw = (lf.n_dense + 63) / 64;
		live_blocks(&lf);
		if (((uint64_t)lf.n_blocks + 3) * lf.nw <= LIVE_MAX_WORDS &&
		    ((uint64_t)lf.n_succ + 2 * lf.n_blocks) * lf.nw <=
		    LIVE_MAX_WORK) {
			lf.in = xcalloc(((size_t)lf.n_blocks + 1) * lf.nw,
					sizeof(uint64_t));
			lf.m2 = xcalloc(3 * (size_t)lf.nw, sizeof(uint64_t));
			lf.m4 = lf.m2 + lf.nw;
			lf.cur = lf.m4 + lf.nw;
			coloured = live_solve(&lf);
		}
	}
	if (coloured) {
		la.n = lf.n_dense;
		la.nw = lf.nw;
		la.adj = xcalloc((size_t)la.n * la.nw, sizeof(uint64_t));
		la.own = xcalloc(la.n, 1);
		col = xmalloc((size_t)la.n * sizeof(uint32_t));
		cls = xcalloc(la.n, 1);
		for (i = 0; i < lf.n_map; i++)
			if (lf.map[i] != LIVE_UNSET)
				cls[lf.map[i]] = !wide[lf.lo + i];
		live_interfere(&lf, &la);
		live_colour(&la, cls, col, n_col);
		fi->n_wide = n_col[0];
		fi->n_slots = n_col[0] + (n_col[1] + 1) / 2;
		for (i = 0; i < fi->n_regs; i++) {
			uint32_t r = fi->reg_base + i;
			uint32_t id = r >= lf.lo && r - lf.lo < lf.n_map ?
				lf.map[r - lf.lo] : LIVE_UNSET;
			/* a register no instruction names is never
			 * accessed: it shares the function's first slot */
			k->reg_row[r] = id == LIVE_UNSET ? fi->slot_base << 2 :
				live_row(fi, !wide[r], col[id]);
		}
	} else {
		live_fn_identity(k, fi, wide);
	}
out:
	free(col);
	free(cls);
	free(la.adj);
	free(la.own);
	live_fn_release(&lf);
	return ok;
}

void ptx_reg_slots(struct ptx_kernel *k)
{
	uint32_t next = 0, f;
	bool ok = live_image_ok(k);
	uint8_t *wide = xcalloc(MAX(k->n_regs, 1u), 1);

	for (uint32_t pc = 0; pc < k->n_insn; pc++)
		live_visit(&k->code[pc], k->n_regs, live_width_cb, wide);
	for (uint32_t r = 0; r < k->n_regs; r++)
		k->reg_row[r] = 0; /* registers no function holds */
	for (f = 0; ok && f < k->n_funcs; f++) {
		struct ptx_func_info *fi = &k->funcs[f];
		fi->slot_base = next;
		ok = fi->reg_base + (uint64_t)fi->n_regs <= k->n_regs &&
		     live_fn_slots(k, fi, wide);
		next += fi->n_slots;
	}
	if (!ok) {
		/* functions share registers (or the image is malformed): each
		 * function gets rows for the registers of its range without
		 * sharing, and registers in no range get rows after those */
		struct ptx_func_info rest = {0};
		for (uint32_t r = 0; r < k->n_regs; r++)
			k->reg_row[r] = LIVE_UNSET;
		next = 0;
		for (f = 0; f < k->n_funcs; f++) {
			struct ptx_func_info *fi = &k->funcs[f];
			fi->slot_base = next;
			live_fn_identity(k, fi, wide);
			next += fi->n_slots;
		}
		rest.slot_base = next;
		live_rows_plain(k, &rest, wide, 0, k->n_regs, true);
		next += rest.n_slots;
	}
	k->n_slots = MAX(next, 1u);
	free(wide);
}
