/*
 * exec_ctrl.c - control flow, calls, exits and CTA barriers.
 *
 * Branches update the IPDOM SIMT stack (see exec.c).  Barriers follow the
 * pre-Volta, GPGPU-Sim convention: arrival is counted per WARP, a warp
 * arrives when it executes bar.sync with any active lane (so a barrier in
 * divergent code counts the warp once, for whichever path reaches it
 * first), and a barrier without a thread count completes when every warp
 * of the CTA that has not exited has arrived.  With a thread count b the
 * barrier needs ceil(b / warp size) warp arrivals.  Warps that exit while
 * others wait reduce the number needed, so early-exiting warps never hang
 * a barrier without a count.
 */
#include "../base/base.h"
#include "../../include/warpsim.h"
#include "fgpu_int.h"

/* Set the top path's next pc (and tell the stepper it was done). */
static void set_pc(struct exec *x, uint32_t pc)
{
	if (x->w->sp)
		x->w->stack[x->w->sp - 1].pc = pc;
	x->pc_set = 1;
}

/*
 * Divergent transfer: lanes `taken` go to target, the rest of the active
 * lanes continue at pc+1; both meet again at rpc.
 */
static void branch(struct exec *x, lanemask_t taken, uint32_t target,
		   uint32_t rpc)
{
	lanemask_t act = x->active, nt = act & ~taken;
	if (taken == act) {
		set_pc(x, target);
	} else if (!taken) {
		set_pc(x, x->pc + 1);
	} else {
		set_pc(x, rpc);
		if (x->pc + 1 != rpc)
			simt_push(x->w, x->pc + 1, rpc, nt, 0);
		if (target != rpc)
			simt_push(x->w, target, rpc, taken, 0);
	}
}

void exec_BRA(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (m && in->target <= x->pc)
		x->cx->n_back++;
	branch(x, m, in->target, in->reconv);
}

void exec_BRX(struct exec *x, const struct insn *in, lanemask_t m)
{
	const struct ptx_brx *t = &x->k->brx[in->target];
	const uint64_t *idx = x_src(x, &in->o[0], 0);
	lanemask_t left = m, rest = x->active & ~m;
	unsigned l;

	FOR_LANES(l, m) {
		if (idx[l] >= t->n) {
			fexec_fault(x, WS_E_TRAP, l, idx[l], SP__COUNT, 0,
				    "brx.idx index out of range");
			return;
		}
	}
	if (!rest && m) {
		/* group lanes by target; uniform warps take one path */
		l = bit_ctz64(m);
		uint32_t first = t->pcs[idx[l]];
		lanemask_t same = 0;
		unsigned j;
		FOR_LANES(j, m)
			if (t->pcs[idx[j]] == first)
				same |= (lanemask_t)1 << j;
		if (same == m) {
			set_pc(x, first);
			return;
		}
	}
	set_pc(x, t->reconv);
	if (rest && x->pc + 1 != t->reconv)
		simt_push(x->w, x->pc + 1, t->reconv, rest, 0);
	while (left) {
		l = bit_ctz64(left);
		uint32_t tgt = t->pcs[idx[l]];
		lanemask_t grp = 0;
		unsigned j;
		FOR_LANES(j, left)
			if (t->pcs[idx[j]] == tgt)
				grp |= (lanemask_t)1 << j;
		left &= ~grp;
		if (tgt != t->reconv)
			simt_push(x->w, tgt, t->reconv, grp, 0);
	}
}

/* Header of one saved activation in fwarp.save. */
struct fsave_hdr {
	lanemask_t mask; /* lanes whose state follows */
	uint32_t func;   /* ptx_kernel.funcs index */
	uint32_t pad;    /* zero */
};

/* Bytes one lane's saved registers and frame region take. */
static size_t save_lane_bytes(const struct ptx_func_info *fi)
{
	return (size_t)fi->n_slots * 8 + fi->frame_bytes;
}

/*
 * Copy lane l of function fi's register slots to p (save) or from p: 8
 * bytes per slot, a 64-bit row's lane or the lanes of a slot's two 32-bit
 * rows.
 */
static void save_lane_regs(const struct ptx_func_info *fi, struct fwarp *w,
			   unsigned ws, unsigned l, uint8_t *p, bool save)
{
	for (uint32_t r = 0; r < fi->n_slots; r++, p += 8) {
		uint32_t s = fi->slot_base + r;
		if (r < fi->n_wide) {
			uint64_t *q = &w->regs[(size_t)s * ws + l];
			if (save)
				memcpy(p, q, 8);
			else
				memcpy(q, p, 8);
			continue;
		}
		uint32_t *lo = (uint32_t *)w->regs + (size_t)2 * s * ws + l;
		uint32_t *hi = lo + ws;
		if (save) {
			memcpy(p, lo, 4);
			memcpy(p + 4, hi, 4);
		} else {
			memcpy(lo, p, 4);
			memcpy(hi, p + 4, 4);
		}
	}
}

/*
 * Dynamic frames (docs/semantics.md): before re-entering a recursive
 * function that is already active on this warp, push its registers,
 * predicates and frame region for lanes m; returns offset + 1 of the
 * record, or 0 after a fault.
 */
static uint32_t call_save(struct exec *x, const struct ptx_func_info *fi,
			  uint32_t func, lanemask_t m)
{
	struct fwarp *w = x->w;
	struct fcta *c = x->cta;
	size_t need = sizeof(struct fsave_hdr) + (size_t)fi->n_preds * 8 +
		      bit_popc64(m) * save_lane_bytes(fi);
	size_t off = w->save_len;
	unsigned l;

	if (off + need >= UINT32_MAX) {
		fexec_fault(x, WS_E_TRAP, bit_ctz64(m), 0, SP__COUNT, 0,
			    "call stack overflow: recursive frames exceed 4 GiB");
		return 0;
	}
	if (off + need > w->save_cap) {
		w->save_cap = MAX(off + need, 2 * w->save_cap);
		w->save = xrealloc(w->save, w->save_cap);
	}
	uint8_t *p = w->save + off;
	struct fsave_hdr h = {.mask = m, .func = func};
	memcpy(p, &h, sizeof(h));
	p += sizeof(h);
	memcpy(p, w->preds + fi->pred_base, (size_t)fi->n_preds * 8);
	p += (size_t)fi->n_preds * 8;
	FOR_LANES(l, m) {
		save_lane_regs(fi, w, x->ws, l, p, true);
		p += (size_t)fi->n_slots * 8;
		memcpy(p, c->local + (size_t)(w->warp_id * x->ws + l) *
		       c->local_bytes + fi->frame_base, fi->frame_bytes);
		p += fi->frame_bytes;
	}
	w->save_len = off + need;
	return (uint32_t)off + 1;
}

void fexec_call_restore(const struct ptx_kernel *k, unsigned ws,
			struct fcta *c, struct fwarp *w, uint32_t save)
{
	const uint8_t *p = w->save + (save - 1);
	struct fsave_hdr h;
	unsigned l;

	memcpy(&h, p, sizeof(h));
	p += sizeof(h);
	const struct ptx_func_info *fi = &k->funcs[h.func];
	for (uint32_t i = 0; i < fi->n_preds; i++, p += 8) {
		lanemask_t v;
		memcpy(&v, p, 8);
		w->preds[fi->pred_base + i] =
			(w->preds[fi->pred_base + i] & ~h.mask) | (v & h.mask);
	}
	FOR_LANES(l, h.mask) {
		save_lane_regs(fi, w, ws, l, (uint8_t *)p, false);
		p += (size_t)fi->n_slots * 8;
		memcpy(c->local + (size_t)(w->warp_id * ws + l) *
		       c->local_bytes + fi->frame_base, p, fi->frame_bytes);
		p += fi->frame_bytes;
	}
	w->save_len = save - 1;
}

/*
 * Device-side malloc/free (docs/semantics.md): lane by lane in lane order
 * on the launch's heap; the argument and result are the caller's .param
 * slots.  Freeing a pointer malloc did not return stops the kernel.
 */
static void call_builtin(struct exec *x, const struct ptx_call *cs,
			 lanemask_t m)
{
	struct fcta *c = x->cta;
	struct ws_heap *h = x->g->l->heap ? x->g->l->heap : x->g->heap;
	unsigned l;

	FOR_LANES(l, m) {
		uint8_t *f = c->local + (size_t)(x->w->warp_id * x->ws + l) *
			c->local_bytes;
		uint64_t arg;
		addr_t p = 0;
		memcpy(&arg, f + cs->args[0].src, 8);
		if (cs->builtin == PTX_BUILTIN_MALLOC) {
			fheap_malloc(h, &x->g->mem, arg, &p);
		} else if (fheap_free(h, arg)) {
			fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, arg, SP_GLOBAL, 0,
				    "free() of a pointer that malloc() did not "
				    "return (or freed twice)");
			return;
		}
		if (cs->ret.size)
			memcpy(f + cs->ret.dst, &p, 8);
	}
	x->cx->progress = x->cx->icount + 1;
}

/* Enter the callee of call record ci for lanes m (the pc has moved on). */
static void call_enter(struct exec *x, uint32_t ci, lanemask_t m)
{
	const struct ptx_call *cs = &x->k->calls[ci];
	struct fcta *c = x->cta;
	uint32_t save = 0, depth = 0;
	bool active = false;
	unsigned l;

	if (cs->builtin == PTX_BUILTIN_MALLOC || cs->builtin == PTX_BUILTIN_FREE) {
		call_builtin(x, cs, m);
		return;
	}
	if (cs->builtin) { /* vprintf, __assertfail (exec_sys.c) */
		fexec_syscall(x, cs, m);
		return;
	}
	const struct ptx_func_info *fi = &x->k->funcs[cs->func];

	for (uint32_t i = 0; i < x->w->sp; i++) {
		uint32_t cl = x->w->stack[i].call;
		if (cl) {
			depth++;
			active |= x->k->calls[cl - 1].func == cs->func;
		}
	}
	if (depth >= WS_MAX_CALL_DEPTH) {
		fexec_fault(x, WS_E_TRAP, bit_ctz64(m), 0, SP__COUNT, 0,
			    "call stack overflow: more than 1024 nested calls "
			    "(recursion too deep)");
		return;
	}
	if (fi->recursive && active && !(save = call_save(x, fi, cs->func, m)))
		return;
	FOR_LANES(l, m) {
		uint8_t *f = c->local + (size_t)(x->w->warp_id * x->ws + l) *
			c->local_bytes;
		for (uint32_t i = 0; i < cs->n_args; i++)
			memmove(f + cs->args[i].dst, f + cs->args[i].src,
				cs->args[i].size);
	}
	simt_push(x->w, cs->entry_pc, cs->end_pc, m, ci + 1);
	x->w->stack[x->w->sp - 1].save = save;
}

/*
 * call: direct, or (aux = 1) through the function pointer in o[0]: lanes
 * are grouped by pointer value and each group enters its candidate (the
 * groups run one after the other, all returning to the next pc).  A value
 * that is no candidate function of the module stops the kernel.
 */
void exec_CALL(struct exec *x, const struct insn *in, lanemask_t m)
{
	set_pc(x, x->pc + 1);
	if (!m)
		return;
	if (!in->aux) {
		call_enter(x, in->target, m);
		return;
	}
	const uint64_t *fp = x_src(x, &in->o[0], 0);
	uint32_t n = in->target == UINT32_MAX ? 0 : x->k->calls[in->target].n_alt;
	lanemask_t left = m;
	while (left && !x->fault) {
		unsigned l = bit_ctz64(left), j;
		uint32_t ci = UINT32_MAX;
		lanemask_t grp = 0;
		for (uint32_t i = 0; i < n; i++)
			if (x->k->calls[in->target + i].addr == fp[l])
				ci = in->target + i;
		if (ci == UINT32_MAX) {
			fexec_fault(x, WS_E_TRAP, l, fp[l], SP__COUNT, 0,
				    "indirect call through a value that is no "
				    "function of this module with a matching "
				    "signature");
			return;
		}
		FOR_LANES(j, left)
			if (fp[j] == fp[l])
				grp |= (lanemask_t)1 << j;
		left &= ~grp;
		call_enter(x, ci, grp);
	}
}

/* The innermost call frame's end pc, or UINT32_MAX in the kernel body. */
static uint32_t frame_end(struct exec *x)
{
	for (uint32_t i = x->w->sp; i-- > 0;)
		if (x->w->stack[i].call)
			return x->k->calls[x->w->stack[i].call - 1].end_pc;
	return UINT32_MAX;
}

void exec_RET(struct exec *x, const struct insn *in, lanemask_t m)
{
	uint32_t end = frame_end(x);
	if (end == UINT32_MAX) { /* ret in the kernel: the threads finish */
		exec_EXIT(x, in, m);
		return;
	}
	/* a branch to the function end, which post-dominates everything */
	branch(x, m, end, end);
}

void exec_EXIT(struct exec *x, const struct insn *in, lanemask_t m)
{
	set_pc(x, x->pc + 1);
	if (m)
		fexec_exit_lanes(x, m);
}

void exec_FEND(struct exec *x, const struct insn *in, lanemask_t m)
{
	/* reached only by falling off the end of the kernel body */
	set_pc(x, x->pc);
	fexec_exit_lanes(x, x->active);
}

void exec_TRAP(struct exec *x, const struct insn *in, lanemask_t m)
{
	if (m)
		fexec_fault(x, WS_E_TRAP, bit_ctz64(m), 0, SP__COUNT, 0,
			    "trap instruction executed");
	else
		set_pc(x, x->pc + 1);
}

void exec_NANOSLEEP(struct exec *x, const struct insn *in, lanemask_t m)
{
	/* functional mode: a hint to yield; the warp's quantum ends */
	x->w->sleep_until = x->cx->icount + 1;
}

void exec_NOP(struct exec *x, const struct insn *in, lanemask_t m) {}

void exec_FENCE(struct exec *x, const struct insn *in, lanemask_t m)
{
	/* every access is performed in program order in functional mode */
}

void exec_BARWARP(struct exec *x, const struct insn *in, lanemask_t m)
{
	/* a warp executes in lock step here: nothing to wait for */
}

/* ---- CTA barriers ------------------------------------------------------ */

static uint32_t bar_needed(const struct fcta *c, const struct fbarrier *b)
{
	return b->expected ? b->expected : c->n_live_warps;
}

static void bar_release(struct fgpu *g, struct fctx *cx, struct fcta *c,
			unsigned id)
{
	struct fbarrier *b = &c->bar[id];
	for (uint32_t i = 0; i < c->n_warps; i++) {
		struct fwarp *w = &c->warps[i];
		if (w->state != FW_BARRIER || w->bar_id != id)
			continue;
		const struct insn *in = &g->l->k->code[w->bar_pc];
		if (in->aux == BAR_RED) {
			uint64_t v = in->bop == BOP_POPC ? b->red_popc :
				in->bop == BOP_AND ? b->red_and : b->red_or;
			unsigned l;
			if (in->o[0].kind == OK_PRED) {
				lanemask_t *p = &w->preds[in->o[0].reg];
				*p = v ? (*p | w->bar_mask) : (*p & ~w->bar_mask);
			} else {
				uint32_t rc = g->l->k->reg_row[in->o[0].reg];
				FOR_LANES(l, w->bar_mask)
					freg_set(w, rc, g->ws, l,
						 v & size_mask(in->o[0].size));
			}
		}
		w->state = FW_READY;
	}
	memset(b, 0, sizeof(*b));
	cx->progress = cx->icount + 1;
	cx->n_bar_rel++;
}

void fcta_check_barriers(struct fgpu *g, struct fctx *cx, struct fcta *c)
{
	for (unsigned id = 0; id < WS_N_BARRIERS; id++) {
		struct fbarrier *b = &c->bar[id];
		if (b->arrived && b->arrived >= bar_needed(c, b))
			bar_release(g, cx, c, id);
	}
}

void exec_BAR(struct exec *x, const struct insn *in, lanemask_t m)
{
	struct fcta *c = x->cta;
	struct fwarp *w = x->w;
	unsigned lead, kind = in->aux ? in->aux : BAR_SYNC;
	const struct opnd *ido = &in->o[kind == BAR_RED ? 1 : 0];
	const struct opnd *cnt = &in->o[kind == BAR_RED ? 2 : 1];

	set_pc(x, x->pc + 1);
	if (!m)
		return;
	lead = bit_ctz64(m);
	uint64_t id = x_src(x, ido, 0)[lead];
	if (id >= WS_N_BARRIERS) {
		fexec_fault(x, WS_E_TRAP, lead, id, SP__COUNT, 0,
			    "barrier id out of range 0..15");
		return;
	}
	struct fbarrier *b = &c->bar[id];
	if (cnt->kind != OK_NONE) {
		uint64_t n = x_src(x, cnt, 1)[lead];
		if (n == 0 || n % x->ws) {
			fexec_fault(x, WS_E_TRAP, lead, n, SP__COUNT, 0,
				    "barrier thread count must be a non-zero multiple of the warp size");
			return;
		}
		b->expected = (uint32_t)(n / x->ws);
	}
	if (kind == BAR_RED) {
		if (!b->arrived)
			b->red_and = 1;
		lanemask_t p = x_pred(x, &in->o[3]) & m;
		b->red_popc += bit_popc64(p);
		if (p != m)
			b->red_and = 0;
		if (p)
			b->red_or = 1;
	}
	b->arrived++;
	x->cx->n_bar++;
	x->cx->progress = x->cx->icount + 1;
	if (kind != BAR_ARRIVE) {
		w->state = FW_BARRIER;
		w->bar_id = (uint32_t)id;
		w->bar_pc = x->pc;
		w->bar_mask = m;
	}
	if (b->arrived >= bar_needed(c, b))
		bar_release(x->g, x->cx, c, (unsigned)id);
}
