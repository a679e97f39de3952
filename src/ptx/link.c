/*
 * link.c - build one linked kernel image per .entry.
 *
 * The image is the kernel body followed by every .func reachable from it
 * (breadth-first), each closed by a synthetic OP_FEND.  Registers,
 * predicates and pcs are renumbered so that functions do not overlap.
 * Each function gets its own region of the per-thread local frame holding
 * its depots, its formal/return parameters and the .param slots of its
 * call sequences, so a call is a set of byte copies between regions
 * (struct ptx_call).  Functions that can reach themselves through the
 * call graph are marked recursive; the executor saves their registers
 * and region when it re-enters one (dynamic frames, func/exec_ctrl.c).
 * Static .shared variables of all functions in the image, and the module
 * .shared variables they use, are laid out together; extern .shared starts
 * at the 16-byte aligned end.
 */
#include "../base/base.h"
#include "ptx_int.h"

#include <stdlib.h>

#define LINK_UNDEF UINT32_MAX

struct link {
	struct ptx_front *pf;   /* front end */
	uint32_t *order;        /* image position -> funcs index */
	uint32_t n;             /* functions in the image */
	uint32_t *pos;          /* funcs index -> image position or UNDEF */
	uint32_t *pc;           /* per position: first pc */
	uint32_t *reg;          /* per position: first register */
	uint32_t *pred;         /* per position: first predicate */
	uint32_t *frame;        /* per position: frame base */
	uint32_t *call;         /* per position: first call-site index */
	uint32_t *brx;          /* per position: first brx table index */
	uint32_t *shoff;        /* svar index -> shared offset or UNDEF */
	int err;                /* an error was reported */
};

/* Whether module function g can be called through a function pointer. */
static bool link_is_candidate(const struct pfunc *g)
{
	return g->addr_taken && g->defined && !g->is_entry;
}

/* Whether candidate g matches indirect call site cs (argument count and
 * a return value when one is expected). */
static bool link_matches(const struct pfunc *g, const struct pcall *cs)
{
	return link_is_candidate(g) && g->n_params == cs->n_args &&
	       (!cs->has_ret || g->n_rets);
}

/* Call records site cs takes: 1, or the candidates of an indirect site. */
static uint32_t link_site_records(const struct ptx_front *pf,
				  const struct pcall *cs)
{
	uint32_t n = 0;
	if (!cs->indirect)
		return 1;
	for (uint32_t g = 0; g < pf->n_funcs; g++)
		n += link_matches(pf->funcs[g], cs);
	return n;
}

/* Calls that name no function of the module (dynamic parallelism). */
static bool link_is_cdp(const char *name)
{
	return strstr(name, "cudaCDP") || !strncmp(name, "cudaLaunchDevice", 16) ||
	       !strncmp(name, "cudaGetParameterBuffer", 22);
}

/* The system call site cs makes (vprintf, __assertfail, and malloc/free
 * without a definition in the module, declared with their CUDA
 * signatures), or PTX_BUILTIN_NONE. */
static uint32_t link_builtin(const struct ptx_front *pf, const struct pcall *cs)
{
	if (cs->indirect)
		return PTX_BUILTIN_NONE;
	uint32_t i = strmap_get(&pf->fmap, cs->callee, strlen(cs->callee));
	if (i != STRMAP_NONE && pf->funcs[i]->defined)
		return PTX_BUILTIN_NONE;
	if (!strcmp(cs->callee, "vprintf"))
		return PTX_BUILTIN_VPRINTF;
	if (!strcmp(cs->callee, "__assertfail"))
		return PTX_BUILTIN_ASSERTFAIL;
	if (!strcmp(cs->callee, "malloc") && cs->n_args == 1 && cs->has_ret &&
	    cs->arg_size[0] == 8 && cs->ret_size == 8)
		return PTX_BUILTIN_MALLOC;
	if (!strcmp(cs->callee, "free") && cs->n_args == 1 &&
	    cs->arg_size[0] == 8)
		return PTX_BUILTIN_FREE;
	return PTX_BUILTIN_NONE;
}

/* Callee of call site cs, or NULL after reporting why not. */
static const struct pfunc *link_callee(struct link *lk, const struct pcall *cs,
				       uint32_t *idx)
{
	struct ptx_front *pf = lk->pf;
	uint32_t i = strmap_get(&pf->fmap, cs->callee, strlen(cs->callee));
	if ((i == STRMAP_NONE || !pf->funcs[i]->defined) &&
	    link_is_cdp(cs->callee)) {
		ptx_err_at(pf, cs->line, cs->col, "unsupported: dynamic "
			   "parallelism (device-side launch through '%s'; "
			   "issue 18)", cs->callee);
		return NULL;
	}
	if (i == STRMAP_NONE || !pf->funcs[i]->defined) {
		ptx_err_at(pf, cs->line, cs->col,
			   "call to undefined function '%s' is not supported",
			   cs->callee);
		return NULL;
	}
	if (pf->funcs[i]->is_entry) {
		ptx_err_at(pf, cs->line, cs->col, "call to kernel '%s'",
			   cs->callee);
		return NULL;
	}
	*idx = i;
	return pf->funcs[i];
}

/* Breadth-first set of functions reachable from the kernel. */
static int link_reach(struct link *lk, uint32_t kidx)
{
	struct ptx_front *pf = lk->pf;
	lk->order[lk->n++] = kidx;
	lk->pos[kidx] = 0;
	for (uint32_t q = 0; q < lk->n; q++) {
		const struct pfunc *f = pf->funcs[lk->order[q]];
		for (uint32_t c = 0; c < f->n_calls; c++) {
			uint32_t g;
			if (f->calls[c].indirect) { /* every candidate */
				for (g = 0; g < pf->n_funcs; g++) {
					if (!link_matches(pf->funcs[g], &f->calls[c]) ||
					    lk->pos[g] != LINK_UNDEF)
						continue;
					lk->pos[g] = lk->n;
					lk->order[lk->n++] = g;
				}
				continue;
			}
			if (link_builtin(pf, &f->calls[c]))
				continue; /* no code of its own */
			if (!link_callee(lk, &f->calls[c], &g)) {
				lk->err = 1;
				continue;
			}
			if (lk->pos[g] == LINK_UNDEF) {
				lk->pos[g] = lk->n;
				lk->order[lk->n++] = g;
			}
		}
	}
	return lk->err ? -1 : 0;
}

/* Mark the functions of the image that can reach themselves. */
static void link_recursive(struct link *lk, struct ptx_kernel *k)
{
	struct ptx_front *pf = lk->pf;
	uint8_t *seen = xmalloc(lk->n);
	uint32_t *queue = xmalloc(lk->n * sizeof(uint32_t));

	for (uint32_t r = 0; r < lk->n; r++) {
		uint32_t qh = 0, qt = 0;
		memset(seen, 0, lk->n);
		queue[qt++] = r;
		while (qh < qt && !k->funcs[r].recursive) {
			const struct pfunc *f = pf->funcs[lk->order[queue[qh++]]];
			for (uint32_t c = 0; c < f->n_calls; c++) {
				const struct pcall *cs = &f->calls[c];
				for (uint32_t g = 0; g < pf->n_funcs; g++) {
					if (cs->indirect ? !link_matches(pf->funcs[g], cs)
					    : g != strmap_get(&pf->fmap, cs->callee,
							      strlen(cs->callee)))
						continue;
					uint32_t w = lk->pos[g];
					if (w == LINK_UNDEF) /* malloc, free */
						continue;
					if (w == r)
						k->funcs[r].recursive = true;
					if (!seen[w]) {
						seen[w] = 1;
						queue[qt++] = w;
					}
				}
			}
		}
	}
	free(seen);
	free(queue);
}

/* Place one shared variable (once). */
static void link_shared_place(struct link *lk, uint32_t sv, uint32_t *cur)
{
	const struct svar *s = &lk->pf->svars[sv];
	if (lk->shoff[sv] != LINK_UNDEF || s->is_extern)
		return;
	uint64_t off = ALIGN_UP((uint64_t)*cur, s->align);
	lk->shoff[sv] = (uint32_t)off;
	*cur = (uint32_t)MIN(off + s->size, (uint64_t)PTX_MAX_BYTES);
}

/* Bases of every function in the image; fills the kernel's totals. */
static int link_layout(struct link *lk, struct ptx_kernel *k)
{
	struct ptx_front *pf = lk->pf;
	uint64_t pc = 0, reg = 0, pred = 0, frame = 0, call = 0, brx = 0;
	uint32_t sh = 0;

	for (uint32_t i = 0; i < lk->n; i++) {
		const struct pfunc *f = pf->funcs[lk->order[i]];
		frame = ALIGN_UP(frame, 16);
		lk->pc[i] = (uint32_t)pc;
		lk->reg[i] = (uint32_t)reg;
		lk->pred[i] = (uint32_t)pred;
		lk->frame[i] = (uint32_t)frame;
		lk->call[i] = (uint32_t)call;
		lk->brx[i] = (uint32_t)brx;
		pc += f->n_code + 1;
		reg += f->n_regs;
		pred += f->n_preds;
		frame += f->frame_bytes;
		for (uint32_t c = 0; c < f->n_calls; c++)
			call += link_site_records(pf, &f->calls[c]);
		brx += f->n_brx;
		for (uint32_t s = 0; s < f->n_shared; s++)
			link_shared_place(lk, f->shared[s], &sh);
		for (uint32_t r = 0; r < f->n_relocs; r++)
			if (f->relocs[r].kind == RL_SHARED)
				link_shared_place(lk, f->relocs[r].sym, &sh);
	}
	if (reg > PTX_MAX_REGS || pred > PTX_MAX_REGS || pc > (1u << 28) ||
	    frame > PTX_MAX_BYTES || sh >= PTX_MAX_BYTES)
		return ptx_err_at(pf, 1, 1, "kernel '%s' is too large", k->name);
	/* ptxas: "uses too much shared data (..., 0xc000 max)"; more shared
	 * memory per block must be dynamic (opt-in at launch) */
	if (sh > PTX_MAX_STATIC_SHARED)
		return ptx_err_at(pf, 1, 1, "kernel '%s' uses %llu bytes of "
				  "static shared memory, more than the %u "
				  "ptxas allows", k->name,
				  (unsigned long long)sh, PTX_MAX_STATIC_SHARED);
	k->n_insn = (uint32_t)pc;
	k->n_regs = (uint32_t)reg;
	k->n_preds = (uint32_t)pred;
	k->local_bytes = (uint32_t)ALIGN_UP(frame, 16);
	k->n_calls = (uint32_t)call;
	k->n_brx = (uint32_t)brx;
	k->shared_bytes = sh;
	k->dyn_shared_offset = (uint32_t)ALIGN_UP((uint64_t)sh, 16);
	k->n_ptx_insn = (uint32_t)(pc - lk->n);
	return 0;
}

static void link_opnd(struct opnd *o, uint32_t reg, uint32_t pred,
		      uint32_t pc)
{
	switch (o->kind) {
	case OK_REG: o->reg += reg; break;
	case OK_PRED: o->reg += pred; break;
	case OK_MEM:
		if (o->reg != REG_NONE)
			o->reg += reg;
		break;
	case OK_LABEL: o->reg += pc; break;
	case OK_REGS: {
		uint32_t r[2] = {(uint32_t)o->imm,
				 (uint32_t)((uint64_t)o->imm >> 32)};
		o->reg += reg;
		for (unsigned i = 0; i < 2; i++)
			if (r[i] != REG_NONE)
				r[i] += reg;
		o->imm = (int64_t)((uint64_t)r[1] << 32 | r[0]);
		break;
	}
	default: break;
	}
}

/* Copy function i of the image into k->code with renumbering. */
static void link_copy(struct link *lk, struct ptx_kernel *k, uint32_t i)
{
	const struct pfunc *f = lk->pf->funcs[lk->order[i]];
	uint32_t pc0 = lk->pc[i], reg = lk->reg[i], pred = lk->pred[i];
	uint32_t fend = pc0 + f->n_code;

	for (uint32_t j = 0; j < f->n_code; j++) {
		struct insn *in = &k->code[pc0 + j];
		*in = f->code[j];
		uint32_t n_vec = 0;
		for (unsigned o = 0; o < ARRAY_SIZE(in->o); o++) {
			link_opnd(&in->o[o], reg, pred, pc0);
			if (in->o[o].kind == OK_VEC)
				n_vec = MIN(in->o[o].reg, 4u);
		}
		for (unsigned e = 0; e < n_vec; e++)
			in->vec_reg[e] += reg;
		if (in->guard != PRED_NONE)
			in->guard += pred;
		if (in->pdst != PRED_NONE)
			in->pdst += pred;
		switch (in->op) {
		case OP_BRA:
			in->target += pc0;
			in->reconv += pc0;
			break;
		case OP_BRX:
			in->target += lk->brx[i];
			in->reconv += pc0;
			break;
		case OP_CALL: {
			uint32_t off = 0, site = in->target;
			for (uint32_t c = 0; c < site; c++)
				off += link_site_records(lk->pf, &f->calls[c]);
			in->target = link_site_records(lk->pf, &f->calls[site])
				? lk->call[i] + off : UINT32_MAX;
			in->reconv = pc0 + j + 1;
			break;
		}
		case OP_RET:
			in->target = in->reconv = fend;
			break;
		default:
			break;
		}
	}
	for (uint32_t r = 0; r < f->n_relocs; r++) {
		const struct reloc *rl = &f->relocs[r];
		struct opnd *o = &k->code[pc0 + rl->pc].o[rl->opnd];
		if (rl->kind == RL_FRAME)
			o->imm += lk->frame[i];
		else if (rl->kind == RL_SHARED)
			o->imm += lk->shoff[rl->sym] == LINK_UNDEF
					  ? 0 : lk->shoff[rl->sym];
		else
			o->imm += k->dyn_shared_offset;
	}
	struct insn *e = &k->code[fend];
	memset(e, 0, sizeof(*e));
	e->op = OP_FEND;
	e->unit = UNIT_CTRL;
	e->vec = 1;
	e->guard = PRED_NONE;
	e->pdst = PRED_NONE;
	e->target = e->reconv = fend;
	e->line = f->n_code ? f->code[f->n_code - 1].line : f->line;
	for (uint32_t b = 0; b < f->n_brx; b++) {
		const struct pbrx *src = &f->brx[b];
		struct ptx_brx *dst = &k->brx[lk->brx[i] + b];
		dst->n = src->n;
		dst->pcs = arena_alloc(lk->pf->ar, src->n * sizeof(uint32_t));
		for (uint32_t t = 0; t < src->n; t++)
			dst->pcs[t] = src->pcs ? src->pcs[t] + pc0 : fend;
		dst->reconv = src->reconv + pc0;
	}
}

/*
 * A call to a device system call: the arguments stay in the caller's
 * .param slots (args[].src; dst unused), where the functional model reads
 * them; ret.dst is the caller's return-value slot.
 */
static void link_syscall(struct link *lk, struct ptx_call *kc,
			 const struct pcall *cs, uint32_t i)
{
	kc->builtin = link_builtin(lk->pf, cs);
	kc->entry_pc = kc->end_pc = UINT32_MAX;
	kc->callee = cs->callee;
	kc->n_args = cs->n_args;
	kc->args = arena_alloc(lk->pf->ar, cs->n_args * sizeof(struct ptx_copy));
	for (uint32_t a = 0; a < cs->n_args; a++) {
		kc->args[a].dst = 0;
		kc->args[a].src = lk->frame[i] + cs->arg_off[a];
		kc->args[a].size = cs->arg_size[a];
	}
	memset(&kc->ret, 0, sizeof(kc->ret));
	if (cs->has_ret) {
		kc->ret.dst = lk->frame[i] + cs->ret_off;
		kc->ret.size = cs->ret_size;
	}
}

/* One call record: site cs of function i (image position) to module
 * function gi. */
static void link_call_record(struct link *lk, struct ptx_call *kc, uint32_t i,
			     const struct pcall *cs, uint32_t gi)
{
	struct ptx_front *pf = lk->pf;
	const struct pfunc *g = pf->funcs[gi];
	uint32_t w = lk->pos[gi];

	kc->entry_pc = lk->pc[w];
	kc->end_pc = lk->pc[w] + g->n_code;
	kc->callee = g->name;
	kc->func = w;
	kc->addr = PTX_FPTR(gi);
	kc->n_args = cs->n_args;
	kc->args = arena_alloc(pf->ar, cs->n_args * sizeof(struct ptx_copy));
	for (uint32_t a = 0; a < cs->n_args; a++) {
		kc->args[a].dst = lk->frame[w] + g->params[a].offset;
		kc->args[a].src = lk->frame[i] + cs->arg_off[a];
		kc->args[a].size = MIN(cs->arg_size[a], g->params[a].size);
	}
	if (cs->has_ret) {
		kc->ret.dst = lk->frame[i] + cs->ret_off;
		kc->ret.src = lk->frame[w] + g->rets[0].offset;
		kc->ret.size = MIN(cs->ret_size, g->rets[0].size);
	}
}

/* Call sites of function i: argument and return-value copies; an indirect
 * site gets one record per candidate, the first holding their count. */
static int link_calls(struct link *lk, struct ptx_kernel *k, uint32_t i)
{
	struct ptx_front *pf = lk->pf;
	const struct pfunc *f = pf->funcs[lk->order[i]];
	uint32_t next = lk->call[i];

	for (uint32_t c = 0; c < f->n_calls; c++) {
		const struct pcall *cs = &f->calls[c];
		if (cs->indirect) {
			uint32_t first = next;
			for (uint32_t g = 0; g < pf->n_funcs; g++)
				if (link_matches(pf->funcs[g], cs))
					link_call_record(lk, &k->calls[next++], i,
							 cs, g);
			if (next > first)
				k->calls[first].n_alt = next - first;
			continue;
		}
		if (link_builtin(pf, cs)) { /* the caller's slots only */
			struct ptx_call *kc = &k->calls[next++];
			link_syscall(lk, kc, cs, i);
			kc->func = UINT32_MAX;
			kc->n_alt = 1;
			continue;
		}
		uint32_t gi = strmap_get(&pf->fmap, cs->callee,
					 strlen(cs->callee));
		const struct pfunc *g = pf->funcs[gi];
		if (cs->n_args != g->n_params || (cs->has_ret && !g->n_rets))
			return ptx_err_at(pf, cs->line, cs->col,
					  "call to '%s' does not match its "
					  "declaration", cs->callee);
		link_call_record(lk, &k->calls[next], i, cs, gi);
		k->calls[next++].n_alt = 1;
	}
	return 0;
}

static void link_summary(struct link *lk, struct ptx_kernel *k,
			 const struct pfunc *kf)
{
	struct ptx_front *pf = lk->pf;
	uint32_t counts[PT__COUNT] = {0};

	k->n_funcs = lk->n;
	k->funcs = arena_alloc(pf->ar, lk->n * sizeof(*k->funcs));
	for (uint32_t i = 0; i < lk->n; i++) {
		const struct pfunc *f = pf->funcs[lk->order[i]];
		k->funcs[i].name = f->name;
		k->funcs[i].entry_pc = lk->pc[i];
		k->funcs[i].end_pc = lk->pc[i] + f->n_code;
		k->funcs[i].reg_base = lk->reg[i];
		k->funcs[i].n_regs = f->n_regs;
		k->funcs[i].pred_base = lk->pred[i];
		k->funcs[i].n_preds = f->n_preds;
		k->funcs[i].frame_base = lk->frame[i];
		k->funcs[i].frame_bytes = f->frame_bytes;
		for (int t = 0; t < PT__COUNT; t++)
			counts[t] += f->regcount[t];
	}
	k->regclasses = arena_alloc(pf->ar, PT__COUNT * sizeof(*k->regclasses));
	for (int t = 0; t < PT__COUNT; t++) {
		if (!counts[t])
			continue;
		k->regclasses[k->n_regclasses].type = (uint8_t)t;
		k->regclasses[k->n_regclasses++].count = counts[t];
	}
	k->n_params = kf->n_params;
	k->params = arena_alloc(pf->ar, kf->n_params * sizeof(*k->params));
	for (uint32_t i = 0; i < kf->n_params; i++) {
		k->params[i].name = kf->params[i].name;
		k->params[i].offset = kf->params[i].offset;
		k->params[i].size = kf->params[i].size;
		k->params[i].align = kf->params[i].align;
		k->params[i].type = kf->params[i].type;
	}
	k->param_bytes = kf->param_bytes;
	memcpy(k->maxntid, kf->maxntid, sizeof(k->maxntid));
	memcpy(k->reqntid, kf->reqntid, sizeof(k->reqntid));
	k->minnctapersm = kf->minnctapersm;
	k->maxnreg = kf->maxnreg;
}

static struct ptx_kernel *link_kernel(struct ptx_front *pf, uint32_t kidx)
{
	struct link lk = {0};
	const struct pfunc *kf = pf->funcs[kidx];
	struct ptx_kernel *k = arena_alloc(pf->ar, sizeof(*k));
	uint32_t nf = pf->n_funcs, i;

	k->name = kf->name;
	k->file = pf->m->filename;
	lk.pf = pf;
	lk.order = xmalloc(nf * sizeof(uint32_t));
	lk.pos = xmalloc(nf * sizeof(uint32_t));
	uint32_t *bases = xmalloc(6 * (size_t)nf * sizeof(uint32_t));
	lk.pc = bases;
	lk.reg = bases + nf;
	lk.pred = bases + 2 * nf;
	lk.frame = bases + 3 * nf;
	lk.call = bases + 4 * nf;
	lk.brx = bases + 5 * nf;
	lk.shoff = xmalloc((pf->n_svars + 1) * sizeof(uint32_t));
	for (i = 0; i < nf; i++)
		lk.pos[i] = LINK_UNDEF;
	for (i = 0; i < pf->n_svars; i++)
		lk.shoff[i] = LINK_UNDEF;

	if (link_reach(&lk, kidx) || link_layout(&lk, k)) {
		k = NULL;
		goto out;
	}
	k->code = arena_alloc(pf->ar, (size_t)k->n_insn * sizeof(struct insn));
	k->calls = arena_alloc(pf->ar, (size_t)k->n_calls * sizeof(*k->calls));
	k->brx = arena_alloc(pf->ar, (size_t)k->n_brx * sizeof(*k->brx));
	for (i = 0; i < lk.n; i++) {
		link_copy(&lk, k, i);
		if (link_calls(&lk, k, i))
			k = NULL;
		if (!k)
			goto out;
	}
	link_summary(&lk, k, kf);
	link_recursive(&lk, k);
	k->regs_per_thread = ptx_live_regs(k);
	k->reg_row = arena_alloc(pf->ar, (size_t)MAX(k->n_regs, 1u) *
				  sizeof(uint32_t));
	ptx_reg_slots(k);
out:
	free(lk.order);
	free(lk.pos);
	free(bases);
	free(lk.shoff);
	return k;
}

int ptx_link(struct ptx_front *pf)
{
	struct ptx_module *m = pf->m;
	uint32_t n = 0, i;

	for (i = 0; i < pf->n_funcs; i++)
		n += pf->funcs[i]->is_entry && pf->funcs[i]->defined;
	m->kernels = arena_alloc(pf->ar, n * sizeof(*m->kernels));
	for (i = 0; i < pf->n_funcs; i++) {
		if (!pf->funcs[i]->is_entry || !pf->funcs[i]->defined)
			continue;
		struct ptx_kernel *k = link_kernel(pf, i);
		if (k)
			m->kernels[m->n_kernels++] = k;
	}
	return pf->n_err ? -1 : 0;
}
