/*
 * exec.c - step one warp by one instruction: guard, dispatch, SIMT stack.
 *
 * The IPDOM SIMT stack: the top entry (pc, rpc, mask) is the path being
 * executed.  A divergent branch sets the top's pc to the branch's
 * immediate post-dominator and pushes the not-taken then the taken path,
 * both reconverging there; an entry is popped when its pc reaches its rpc.
 * A call pushes a frame entry that reconverges at the callee's synthetic
 * FEND; popping it copies the return value back to the caller's slot.
 * Exited lanes are removed from every entry; empty entries are popped.
 */
#include "../base/base.h"
#include "fgpu_int.h"

#include <stdlib.h>

static exec_fn *const exec_table[OP__COUNT] = {
#define OP(e, name, unit, lat, flags) [OP_##e] = exec_##e,
#include "../ptx/ops.def"
#undef OP
};

void simt_push(struct fwarp *w, uint32_t pc, uint32_t rpc, lanemask_t mask,
	       uint32_t call)
{
	if (w->sp == w->stack_cap) {
		w->stack_cap = w->stack_cap ? w->stack_cap * 2 : 16;
		w->stack = xrealloc(w->stack, w->stack_cap * sizeof(*w->stack));
	}
	w->stack[w->sp++] = (struct simt_entry){
		.pc = pc, .rpc = rpc, .mask = mask, .call = call,
		.n_active = bit_popc64(mask)};
}

/*
 * Copy a call's return value from the callee frame for lanes m; when the
 * call re-entered a recursive function (save != 0) the callee's saved
 * state is restored in between, so a return slot in that same region
 * (self-recursion) receives the value after the restore.
 */
static void simt_copy_ret(const struct fgpu *g, struct fcta *c,
			  struct fwarp *w, const struct ptx_call *cs,
			  lanemask_t m, uint32_t save)
{
	unsigned l, n = 0;
	uint8_t *tmp = NULL;
	if (!cs->ret.size) {
		if (save)
			fexec_call_restore(g->l->k, g->ws, c, w, save);
		return;
	}
	if (save)
		tmp = xmalloc((size_t)cs->ret.size * bit_popc64(m));
	FOR_LANES(l, m) {
		uint8_t *f = c->local + (size_t)(w->warp_id * g->ws + l) *
			c->local_bytes;
		if (save)
			memcpy(tmp + (size_t)n++ * cs->ret.size, f + cs->ret.src,
			       cs->ret.size);
		else
			memmove(f + cs->ret.dst, f + cs->ret.src, cs->ret.size);
	}
	if (!save)
		return;
	fexec_call_restore(g->l->k, g->ws, c, w, save);
	n = 0;
	FOR_LANES(l, m)
		memcpy(c->local + (size_t)(w->warp_id * g->ws + l) *
		       c->local_bytes + cs->ret.dst,
		       tmp + (size_t)n++ * cs->ret.size, cs->ret.size);
	free(tmp);
}

/* Pop finished entries; mark the warp exited when nothing is left. */
static void simt_reconverge(struct fgpu *g, struct fcta *c, struct fwarp *w)
{
	while (w->sp > 0) {
		struct simt_entry *t = &w->stack[w->sp - 1];
		if (t->mask && t->pc != t->rpc)
			return;
		if (t->mask && t->call)
			simt_copy_ret(g, c, w, &g->l->k->calls[t->call - 1],
				      t->mask, t->save);
		else if (t->save) /* every lane exited inside: drop it */
			w->save_len = t->save - 1;
		w->sp--;
	}
}


bool fexec_run(struct fgpu *g, struct fctx *cx, struct fcta *c,
	       struct fwarp *w, uint64_t n)
{
	struct exec x;
	const struct ptx_kernel *k = g->l->k;
	const struct insn *code = k->code;
	uint64_t tinsn = 0;
	bool ok = true;

	x.g = g;
	x.cx = cx;
	x.cta = c;
	x.w = w;
	x.k = k;
	x.row = k->reg_row;
	x.n_stage = 0;
	x.sc = &cx->xs;
	x.ws = g->ws;
	x.imm_pool = g->imm_pool;
	x.imm_pool32 = g->imm_pool32;
	x.imm_row = g->imm_row;
	while (n--) {
		struct simt_entry *t = &w->stack[w->sp - 1];
		uint32_t pc = t->pc;
		const struct insn *in = &code[pc];
		lanemask_t m = t->mask;
		unsigned n_thr = t->n_active;

		SIM_ASSERT(pc < k->n_insn);
		SIM_ASSERT(n_thr == bit_popc64(m));
		if (in->guard != PRED_NONE) {
			lanemask_t p = w->preds[in->guard];
			m &= in->guard_neg ? ~p : p;
			n_thr = bit_popc64(m);
		}
		x.pc = pc;
		x.o0 = in->o;
		x.active = t->mask;
		x.pc_set = 0;
		x.fault = 0;
		if (m || (op_table[in->op].flags & OPF_BRANCH)) {
			exec_table[in->op](&x, in, m);
			if (x.n_stage)
				fexec_commit(&x);
		}
		w->n_insn++;
		cx->icount++;
		tinsn += n_thr;
		if (x.fault) {
			if (!cx->fault.status) /* a handler refused a form */
				fexec_fault(&x, x.fault, m ? bit_ctz64(m) : 0, 0,
					    SP__COUNT, 0,
					    "instruction form not supported");
			ok = false;
			break;
		}
		if (!x.pc_set) {
			/* straight-line fast path: only the top's pc moves */
			t->pc = pc + 1;
			if (t->pc != t->rpc)
				continue;
		}
		simt_reconverge(g, c, w);
		if (w->sp == 0 && w->state != FW_EXITED) {
			/* every path ran off its end: the lanes are done */
			x.active = 0;
			fexec_exit_lanes(&x, w->live);
		}
		if (w->state != FW_READY || w->sleep_until)
			break;
	}
	w->sleep_until = 0;
	cx->tinsn += tinsn;
	return ok;
}

void fexec_fault(struct exec *x, int status, unsigned lane, addr_t a,
		 unsigned space, unsigned size, const char *why)
{
	struct ffault *f = &x->cx->fault;
	x->fault = status;
	if (f->status)
		return;
	f->status = status;
	f->addr = a;
	f->space = space;
	f->size = size;
	f->pc = x->pc;
	f->lane = lane;
	f->warp_id = x->w->warp_id;
	memcpy(f->ctaid, x->cta->ctaid, sizeof(f->ctaid));
	memcpy(f->ntid, x->cta->ntid, sizeof(f->ntid));
	f->why = why;
}

void fexec_exit_lanes(struct exec *x, lanemask_t m)
{
	struct fwarp *w = x->w;
	m &= w->live;
	if (!m && w->live)
		return;
	w->live &= ~m;
	for (uint32_t i = 0; i < w->sp; i++) {
		w->stack[i].mask &= ~m;
		w->stack[i].n_active = bit_popc64(w->stack[i].mask);
	}
	if (w->live == 0 && w->state != FW_EXITED) {
		w->state = FW_EXITED;
		w->sp = 0;
		x->cta->n_live_warps--;
		x->cx->progress = x->cx->icount + 1;
		fcta_check_barriers(x->g, x->cx, x->cta);
	}
}
