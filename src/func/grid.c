/*
 * grid.c - functional-mode kernel execution: block dispatch, warp
 * scheduling, barrier deadlock and hang detection, fault reports.
 *
 * Blocks become resident in launch order, up to the occupancy the
 * configuration allows (threads, warps, blocks, shared memory and
 * registers per SM, times the number of SMs; registers per thread come from
 * liveness over the PTX, src/ptx/live.c, not from the virtual registers).  Block slot s runs on SM
 * s mod n_sm.  Resident warps run round-robin, each for up to
 * func_quantum instructions, so a warp spinning on a flag or a lock never
 * starves the warp that will release it.  When no warp can run, every
 * live warp waits at a barrier that cannot complete: that is reported as
 * a deadlock.  When deadlock_window instructions pass without a store, a
 * memory-changing atomic, a barrier event or an exit, the launch is
 * reported as hung if some warp waits at a barrier, as livelocked if
 * warps kept failing atom.cas meanwhile (a lock whose holder cannot run),
 * else as making no progress (an endless loop); gpgpu_max_insn bounds
 * every launch.  The report (which warp waits where) is built by the
 * fstuck_* functions below, which timing mode uses too.
 */
#include "../base/base.h"
#include "../../include/warpsim.h"
#include "../ptx/ptx.h"
#include "fgpu_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static void slot_free(struct fcta *c);

struct fgpu *fgpu_create(const struct ws_config *cfg)
{
	struct fgpu *g = xcalloc(1, sizeof(*g));
	g->cfg = cfg;
	g->ws = (unsigned)cfg->warp_size;
	fmem_init(&g->mem, cfg->device_mem_mb << 20);
	g->heap = ws_heap_create(8u << 20); /* CUDA's default heap size */
	g->n_ctx = (unsigned)MAX(cfg->n_sm, 1);
	g->ctx = xcalloc(g->n_ctx, sizeof(*g->ctx));
	return g;
}

void fgpu_destroy(struct fgpu *g)
{
	if (!g)
		return;
	for (unsigned s = 0; s < g->slots_cap; s++)
		slot_free(&g->slots[s]);
	free(g->slots);
	free(g->slot_busy);
	free(g->cas.own);
	for (unsigned i = 0; i < g->n_ctx; i++) {
		free(g->ctx[i].cas.own);
		free(g->ctx[i].log);
	}
	free(g->ctx);
	free(g->out);
	fheap_release(g->heap, &g->mem);
	fmem_release(&g->mem);
	free(g);
}

struct fmem *fgpu_mem(struct fgpu *g) { return &g->mem; }
unsigned fgpu_n_sm(const struct fgpu *g) { return g->cfg->n_sm; }
unsigned fgpu_max_warps_per_sm(const struct fgpu *g)
{
	return (unsigned)g->cfg->max_warps_per_sm;
}
unsigned fgpu_grid_id(const struct fgpu *g) { return g->grid_id; }
uint64_t fgpu_clock(const struct fgpu *g, const struct fcta *c)
{
	if (g->tclock)
		return g->clock + *g->tclock;
	return g->clock + g->icount;
}
uint64_t fgpu_globaltimer_ns(const struct fgpu *g)
{
	uint64_t c = g->tclock ? *g->tclock : g->icount;
	return (uint64_t)((double)(g->clock + c) * 1000.0 / g->cfg->core_mhz);
}

/* ---- occupancy ---------------------------------------------------------- */

static unsigned launch_threads(const struct flaunch *l)
{
	return l->block[0] * l->block[1] * l->block[2];
}

static uint32_t launch_shared(const struct flaunch *l)
{
	uint32_t s = l->k->shared_bytes;
	if (l->dyn_shared)
		s = MAX(s, l->k->dyn_shared_offset + l->dyn_shared);
	return s;
}

unsigned fgpu_ctas_per_sm(const struct fgpu *g, const struct flaunch *l)
{
	const struct ws_config *c = g->cfg;
	unsigned warps = (launch_threads(l) + g->ws - 1) / g->ws;
	uint64_t n = c->max_ctas_per_sm;
	n = MIN(n, c->max_threads_per_sm / (warps * g->ws));
	n = MIN(n, c->max_warps_per_sm / warps);
	uint32_t sh = launch_shared(l);
	if (sh)
		n = MIN(n, c->shmem_per_sm / sh);
	/* registers per thread from liveness (src/ptx/live.c), per warp */
	uint64_t regs = (uint64_t)l->k->regs_per_thread * warps * g->ws;
	if (regs)
		n = MIN(n, c->regs_per_sm / regs);
	return (unsigned)n;
}

/*
 * Broadcast every immediate operand of the kernel to a row of ws lanes
 * once per launch, so handlers read immediates like registers (a 64-bit
 * row and, for the 32-bit forms, its low halves).
 */
static void imm_pool_build(struct fgpu *g, const struct ptx_kernel *k)
{
	uint32_t n = 0, ws = g->ws;
	for (uint32_t pc = 0; pc < k->n_insn; pc++)
		for (int i = 0; i < 5; i++)
			n += k->code[pc].o[i].kind == OK_IMM;
	g->imm_row = xcalloc((size_t)k->n_insn * 5, sizeof(uint32_t));
	g->imm_pool = xmalloc((size_t)(n ? n : 1) * ws * sizeof(uint64_t));
	g->imm_pool32 = xmalloc((size_t)(n ? n : 1) * ws * sizeof(uint32_t));
	n = 0;
	for (uint32_t pc = 0; pc < k->n_insn; pc++) {
		for (int i = 0; i < 5; i++) {
			const struct opnd *o = &k->code[pc].o[i];
			if (o->kind != OK_IMM)
				continue;
			for (uint32_t l = 0; l < ws; l++) {
				g->imm_pool[(size_t)n * ws + l] = (uint64_t)o->imm;
				g->imm_pool32[(size_t)n * ws + l] =
					(uint32_t)o->imm;
			}
			g->imm_row[pc * 5 + (uint32_t)i] = n++;
		}
	}
}

/* ---- block slots --------------------------------------------------------- */

/*
 * Grow *p (holding *cap elements of size sz) to at least n elements.
 * Slot storage is sized by the kernel and the launch, i.e. by user input,
 * so a failed allocation is an error (-1, *p and *cap unchanged), not an
 * abort.
 */
static int grow(void **p, size_t *cap, size_t n, size_t sz)
{
	void *q;

	if (n <= *cap)
		return 0;
	if (sz && n > SIZE_MAX / sz)
		return -1;
	q = realloc(*p, n * sz);
	if (!q)
		return -1;
	*p = q;
	memset((char *)*p + *cap * sz, 0, (n - *cap) * sz);
	*cap = n;
	return 0;
}

/*
 * Shrink *p (holding *cap elements of size sz) to n elements when it holds
 * more.  A failed shrink keeps the larger block, which is still valid.
 */
static void shrink(void **p, size_t *cap, size_t n, size_t sz)
{
	void *q;

	if (n >= *cap)
		return;
	q = realloc(*p, n * sz);
	if (!q)
		return;
	*p = q;
	*cap = n;
}

/* Release every buffer of warp w and zero it. */
static void warp_free(struct fwarp *w)
{
	free(w->regs);
	free(w->preds);
	free(w->stack);
	free(w->save);
	memset(w, 0, sizeof(*w));
}

/*
 * Size slot c for blocks of launch l.  Storage kept from an earlier launch
 * is reused where this one needs as much; with trim, what it no longer
 * needs is released (warps past its block size, register rows past its
 * slots, shared and local bytes, saved recursive frames), so the slot
 * holds exactly what this launch needs.  Returns 0, or -1 when the host
 * cannot provide the storage (the slot stays consistent: caps only count
 * what is allocated).
 */
static int slot_prepare(struct fgpu *g, struct fcta *c, const struct flaunch *l,
			bool trim)
{
	const struct ptx_kernel *k = l->k;
	unsigned nthr = launch_threads(l), ws = g->ws;
	size_t cap = c->warps_cap;
	unsigned n_warps = (nthr + ws - 1) / ws;
	for (size_t i = n_warps; trim && i < cap; i++)
		warp_free(&c->warps[i]);
	if (trim)
		shrink((void **)&c->warps, &cap, n_warps, sizeof(*c->warps));
	if (grow((void **)&c->warps, &cap, n_warps, sizeof(*c->warps)))
		return -1;
	c->warps_cap = (uint32_t)cap;
	c->n_threads = nthr;
	c->n_warps = n_warps;
	c->shared_bytes = launch_shared(l);
	c->local_bytes = ALIGN_UP(k->local_bytes, 8);
	c->dyn_shared = l->dyn_shared;
	size_t local = MAX((size_t)c->n_warps * ws * c->local_bytes, (size_t)1);
	size_t regs = (size_t)k->n_slots * ws, preds = MAX(k->n_preds, 1u);
	if (trim) {
		shrink((void **)&c->shared, &c->shared_cap,
		       MAX(c->shared_bytes, 1u), 1);
		shrink((void **)&c->local, &c->local_cap, local, 1);
	}
	if (grow((void **)&c->shared, &c->shared_cap,
		 MAX(c->shared_bytes, 1u), 1) ||
	    grow((void **)&c->local, &c->local_cap, local, 1))
		return -1;
	for (unsigned i = 0; i < c->n_warps; i++) {
		struct fwarp *w = &c->warps[i];
		if (trim) {
			shrink((void **)&w->regs, &w->regs_cap, regs,
			       sizeof(uint64_t));
			shrink((void **)&w->preds, &w->preds_cap, preds,
			       sizeof(lanemask_t));
			free(w->save);
			w->save = NULL;
			w->save_len = w->save_cap = 0;
		}
		if (grow((void **)&w->regs, &w->regs_cap, regs,
			 sizeof(uint64_t)) ||
		    grow((void **)&w->preds, &w->preds_cap, preds,
			 sizeof(lanemask_t)))
			return -1;
		if (!w->stack) {
			w->stack = calloc(16, sizeof(*w->stack));
			if (!w->stack)
				return -1;
			w->stack_cap = 16;
		}
		w->cta = c;
		w->warp_id = i;
	}
	return 0;
}

size_t fgpu_slot_bytes(const struct fgpu *g)
{
	size_t n = 0;

	for (unsigned s = 0; s < g->slots_cap; s++) {
		const struct fcta *c = &g->slots[s];
		n += c->warps_cap * sizeof(struct fwarp) + c->shared_cap +
		     c->local_cap;
		for (unsigned i = 0; i < c->warps_cap; i++) {
			const struct fwarp *w = &c->warps[i];
			n += w->regs_cap * sizeof(uint64_t) +
			     w->preds_cap * sizeof(lanemask_t) +
			     w->stack_cap * sizeof(struct simt_entry) +
			     w->save_cap;
		}
	}
	return n;
}

static void slot_free(struct fcta *c)
{
	for (unsigned i = 0; i < c->warps_cap; i++)
		warp_free(&c->warps[i]);
	free(c->warps);
	free(c->shared);
	free(c->local);
	memset(c, 0, sizeof(*c));
}

void fgpu_cta_start(struct fgpu *g, unsigned s, uint64_t id, unsigned smid,
		    unsigned hw_warp_base)
{
	const struct flaunch *l = g->l;
	struct fcta *c = &g->slots[s];
	unsigned ws = g->ws;

	c->ctaid[0] = (uint32_t)(id % l->grid[0]);
	c->ctaid[1] = (uint32_t)(id / l->grid[0] % l->grid[1]);
	c->ctaid[2] = (uint32_t)(id / ((uint64_t)l->grid[0] * l->grid[1]));
	memcpy(c->ntid, l->block, sizeof(c->ntid));
	memcpy(c->nctaid, l->grid, sizeof(c->nctaid));
	c->smid = smid;
	c->hw_warp_base = hw_warp_base;
	c->seq = id;
	c->n_live_warps = c->n_warps;
	memset(c->bar, 0, sizeof(c->bar));
	for (unsigned i = 0; i < c->n_warps; i++) {
		struct fwarp *w = &c->warps[i];
		unsigned lanes = MIN(ws, c->n_threads - i * ws);
		w->valid = lanemask_full(lanes);
		w->live = w->valid;
		w->cc = 0;
		w->state = FW_READY;
		w->sp = 0;
		w->save_len = 0;
		w->n_insn = 0;
		w->sleep_until = 0;
		/* registers keep the previous block's values, as in hardware
		 * (deterministic: slots are reused in a fixed order) */
		memset(w->preds, 0, (l->k->n_preds ? l->k->n_preds : 1) * sizeof(lanemask_t));
		simt_push(w, 0, UINT32_MAX, w->valid, 0);
	}
}

/* Start block number `id` of the launch in slot s (functional layout:
 * slot s runs on SM s mod n_sm). */
static void cta_start(struct fgpu *g, unsigned s, uint64_t id)
{
	unsigned n_sm = g->cfg->n_sm;
	fgpu_cta_start(g, s, id, s % n_sm, (s / n_sm) * g->slots[s].n_warps);
}

/* ---- reports ------------------------------------------------------------- */

static const char *space_name(unsigned sp)
{
	static const char *const n[] = {"generic", "global", "const",
					"shared", "local", "param"};
	return sp < ARRAY_SIZE(n) ? n[sp] : "-";
}

void fgpu_report_fault(struct fgpu *g, struct diag *d)
{
	const struct ffault *f = &g->fault;
	const struct ptx_kernel *k = g->l->k;
	const struct insn *in = &k->code[f->pc];
	uint32_t t = f->warp_id * g->ws + f->lane;
	char *dis = NULL;
	size_t dlen = 0;
	FILE *ms = open_memstream(&dis, &dlen);
	if (ms) {
		ptx_insn_print(ms, k, f->pc);
		fclose(ms);
	}
	char msg[1024];
	int n = snprintf(msg, sizeof(msg),
		"kernel '%s' stopped: %s\n"
		"  block (%u,%u,%u) thread (%u,%u,%u) (warp %u, lane %u)\n"
		"  at %s:%u (pc %u%s%.0u): %s\n",
		k->name, f->why, f->ctaid[0], f->ctaid[1], f->ctaid[2],
		t % f->ntid[0], t / f->ntid[0] % f->ntid[1],
		t / (f->ntid[0] * f->ntid[1]), f->warp_id, f->lane,
		k->file ? k->file : "<ptx>", in->line, f->pc,
		in->src_line ? ", CUDA line " : "", in->src_line,
		dis ? dis : "");
	if (f->space != SP__COUNT && n > 0 && (size_t)n < sizeof(msg))
		snprintf(msg + n, sizeof(msg) - (size_t)n,
			 "  address 0x%llx, space %s, %u bytes\n",
			 (unsigned long long)f->addr, space_name(f->space),
			 f->size);
	free(dis);
	fprintf(stderr, "warpsim: %s", msg);
	diag_err(d, "%s", msg);
}

/* ---- stuck-launch reports, shared with timing mode ---------------------- */

const char *fgpu_stuck_why(enum fstuck_kind kind)
{
	switch (kind) {
	case FSTUCK_HUNG:
		return "is hung: warps wait at a barrier while the others run "
		       "without storing, exiting or reaching a barrier";
	case FSTUCK_LIVELOCK:
		return "is livelocked: warps keep failing atom.cas while "
		       "nothing stores, exits or reaches a barrier - a lock "
		       "whose holder cannot run, e.g. the naive spin-lock form "
		       "on an IPDOM SIMT stack";
	case FSTUCK_STARVED:
		return "is livelocked: warps keep failing atom.cas while "
		       "progress almost never comes - lock holders that "
		       "(almost) never run, e.g. younger warps starved by "
		       "greedy (gto, oldest-first) issue";
	case FSTUCK_NO_PROGRESS:
		break;
	}
	return "makes no progress: its warps run without storing, changing "
	       "memory with an atomic, reaching a barrier or exiting (an "
	       "endless loop, or a spin on a flag that nothing sets)";
}

enum fstuck_kind fgpu_stuck_kind(const struct fgpu *g, uint64_t cas_mark)
{
	for (unsigned s = 0; s < g->n_slots; s++) {
		const struct fcta *c = &g->slots[s];
		if (!g->slot_busy[s])
			continue;
		for (unsigned i = 0; i < c->n_warps; i++)
			if (c->warps[i].state == FW_BARRIER)
				return FSTUCK_HUNG;
	}
	return g->n_cas_fail > cas_mark ? FSTUCK_LIVELOCK : FSTUCK_NO_PROGRESS;
}

bool fstuck_begin(struct fstuck *r, const struct fgpu *g, const char *why,
		  const char *when)
{
	r->txt = NULL;
	r->len = 0;
	r->shown = 0;
	r->ms = open_memstream(&r->txt, &r->len);
	if (!r->ms)
		return false;
	fprintf(r->ms, "kernel '%s' %s\n  %s; warps:\n", g->l->k->name, why,
		when);
	return true;
}

void fstuck_warp(struct fstuck *r, const struct fgpu *g, const struct fcta *c,
		 const struct fwarp *w, const char *doing)
{
	const struct ptx_kernel *k = g->l->k;
	if (r->shown++ >= FSTUCK_MAX_WARPS)
		return;
	uint32_t pc = w->state == FW_BARRIER ? w->bar_pc :
		w->sp ? w->stack[w->sp - 1].pc : 0;
	const struct insn *in = &k->code[pc];
	fprintf(r->ms, "  SM %u block (%u,%u,%u) warp %u: at %s:%u (pc %u%s%.0u): ",
		c->smid, c->ctaid[0], c->ctaid[1], c->ctaid[2], w->warp_id,
		k->file ? k->file : "<ptx>", in->line, pc,
		in->src_line ? ", CUDA line " : "", in->src_line);
	if (w->state == FW_BARRIER) {
		const struct fbarrier *b = &c->bar[w->bar_id];
		fprintf(r->ms, "waits at barrier %u (%u of %u warps arrived)",
			w->bar_id, b->arrived,
			b->expected ? b->expected : c->n_live_warps);
	} else {
		fputs(w->state == FW_EXITED ? "exited" : "runs", r->ms);
	}
	if (doing)
		fprintf(r->ms, "; %s", doing);
	fputc('\n', r->ms);
}

void fstuck_end(struct fstuck *r, struct diag *d)
{
	if (r->shown > FSTUCK_MAX_WARPS)
		fprintf(r->ms, "  ... and %u more warps\n",
			r->shown - FSTUCK_MAX_WARPS);
	fclose(r->ms);
	fprintf(stderr, "warpsim: %s", r->txt);
	diag_err(d, "%s", r->txt);
	free(r->txt);
	r->txt = NULL;
}

/*
 * Functional-mode report: where every live warp of the resident blocks
 * is.  window: name the instruction window that ran out (a hang), or not
 * (a deadlock, the instruction bound).
 */
static void report_hang(struct fgpu *g, const char *why, bool window,
			struct diag *d)
{
	struct fstuck r;
	char when[200];
	int n = snprintf(when, sizeof(when), "detected at warp instruction "
			 "%llu; last progress at warp instruction %llu",
			 (unsigned long long)g->icount,
			 (unsigned long long)g->last_progress);
	if (window && n > 0 && (size_t)n < sizeof(when))
		snprintf(when + n, sizeof(when) - (size_t)n, " (window: "
			 "deadlock_window = %llu warp instructions)",
			 (unsigned long long)g->cfg->deadlock_window);
	if (!fstuck_begin(&r, g, why, when))
		return;
	for (unsigned s = 0; s < g->n_slots; s++) {
		const struct fcta *c = &g->slots[s];
		if (!g->slot_busy[s])
			continue;
		for (unsigned i = 0; i < c->n_warps; i++)
			if (c->warps[i].state != FW_EXITED)
				fstuck_warp(&r, g, c, &c->warps[i], NULL);
	}
	fstuck_end(&r, d);
}

/* ---- the launch ---------------------------------------------------------- */

static int launch_check(const struct fgpu *g, const struct flaunch *l,
			struct diag *d)
{
	const struct ws_config *c = g->cfg;
	unsigned nthr = launch_threads(l);
	if (!nthr || !l->grid[0] || !l->grid[1] || !l->grid[2])
		return diag_err(d, "launch of '%s': empty grid or block", l->k->name);
	if (nthr > c->max_threads_per_block || l->block[2] > 64)
		return diag_err(d, "launch of '%s': %u threads per block exceed "
				"the limit of %u", l->k->name, nthr,
				(unsigned)c->max_threads_per_block);
	if (launch_shared(l) > c->shmem_per_block)
		return diag_err(d, "launch of '%s': %u bytes of shared memory "
				"exceed the limit of %u per block", l->k->name,
				launch_shared(l), (unsigned)c->shmem_per_block);
	if (l->param_bytes < l->k->param_bytes)
		return diag_err(d, "launch of '%s': %zu parameter bytes given, "
				"%u needed", l->k->name, l->param_bytes,
				l->k->param_bytes);
	return 0;
}

/*
 * Check that the block slots launch l needs fit the limits in fgpu_int.h
 * before anything is allocated: per thread, the virtual register slots and
 * the local frame (WS_E_RESOURCES: the launch asks for more than a thread
 * may have); in total, registers, predicates, local and shared memory of
 * the n_slots resident blocks (WS_E_OOM), the local part of which must also
 * fit the device memory, as the real driver backs local memory for every
 * resident thread in device memory.  Every factor is bounded (registers
 * and local bytes by the per-thread caps, threads by launch_check, slots by
 * the configuration), so the 64-bit products cannot overflow.  *need gets
 * the bytes of that storage.
 */
static int launch_storage_check(const struct fgpu *g, const struct flaunch *l,
				unsigned n_slots, uint64_t *need,
				struct diag *d)
{
	const struct ptx_kernel *k = l->k;
	uint64_t thr_regs, thr_local, threads, blk, total;
	unsigned ws = g->ws, warps = (launch_threads(l) + ws - 1) / ws;

	if (k->n_regs > FGPU_MAX_REG_SLOTS) {
		diag_err(d, "launch of '%s': %u register slots per thread "
			 "(declared virtual registers) exceed the simulator's "
			 "limit of %u", k->name, k->n_regs, FGPU_MAX_REG_SLOTS);
		return WS_E_RESOURCES;
	}
	if (k->local_bytes > FGPU_MAX_LOCAL_BYTES) {
		diag_err(d, "launch of '%s': %u bytes of local memory per "
			 "thread exceed the limit of %u", k->name,
			 k->local_bytes, FGPU_MAX_LOCAL_BYTES);
		return WS_E_RESOURCES;
	}
	thr_regs = (uint64_t)k->n_slots * 8;
	thr_local = ALIGN_UP((uint64_t)k->local_bytes, 8);
	threads = (uint64_t)n_slots * warps * ws;
	blk = launch_shared(l) + (uint64_t)warps *
	      (MAX(k->n_preds, 1u) * sizeof(lanemask_t) + sizeof(struct fwarp));
	total = threads * (thr_regs + thr_local) + n_slots * blk;
	*need = total;
	if (thr_local * threads > (uint64_t)g->cfg->device_mem_mb << 20) {
		diag_err(d, "launch of '%s': %llu bytes of local memory for "
			 "%llu resident threads (%llu per thread) exceed the "
			 "device memory of %llu MiB", k->name,
			 (unsigned long long)(thr_local * threads),
			 (unsigned long long)threads,
			 (unsigned long long)thr_local,
			 (unsigned long long)g->cfg->device_mem_mb);
		return WS_E_OOM;
	}
	if (total > FGPU_MAX_SLOT_BYTES) {
		diag_err(d, "launch of '%s': %llu bytes of block-slot storage "
			 "(%llu resident threads, %llu register and %llu local "
			 "bytes each) exceed the simulator's limit of %llu",
			 k->name, (unsigned long long)total,
			 (unsigned long long)threads,
			 (unsigned long long)thr_regs,
			 (unsigned long long)thr_local,
			 (unsigned long long)FGPU_MAX_SLOT_BYTES);
		return WS_E_OOM;
	}
	return 0;
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/*
 * A progress line on stderr every `progress` seconds of a long launch
 * (the clock is read only every 2^22 warp instructions).
 */
static void launch_progress(struct fgpu *g, uint64_t done, uint64_t n_ctas,
			    double t0, double *last, uint64_t *next_check)
{
	if (!g->cfg->progress_s || g->icount < *next_check)
		return;
	*next_check = g->icount + (1u << 22);
	double t = now_s();
	if (t - *last < (double)g->cfg->progress_s)
		return;
	*last = t;
	fprintf(stderr, "warpsim: %s: %llu of %llu blocks done, %.1f M warp "
		"instructions, %.1f M/s, %.0f s\n", g->l->k->name,
		(unsigned long long)done, (unsigned long long)n_ctas,
		(double)g->icount * 1e-6, (double)g->icount * 1e-6 / (t - t0),
		t - t0);
}

/* The scheduling loop proper; returns 0 or a negative ws_status. */
static int launch_run(struct fgpu *g, uint64_t n_ctas, struct diag *d)
{
	double t0 = now_s(), last = t0;
	uint64_t next_check = 1u << 22;
	uint64_t next = 0, done = 0, quantum = g->cfg->func_quantum;
	uint64_t seen_progress = 0, cas_mark = 0; /* livelock detection */
	struct fctx *cx = fgpu_ctx(g, 0);
	for (unsigned s = 0; s < g->n_slots && next < n_ctas; s++) {
		cta_start(g, s, next++);
		g->slot_busy[s] = 1;
	}
	while (done < n_ctas) {
		bool ran = false;
		for (unsigned s = 0; s < g->n_slots; s++) {
			struct fcta *c = &g->slots[s];
			if (!g->slot_busy[s])
				continue;
			for (unsigned i = 0; i < c->n_warps; i++) {
				struct fwarp *w = &c->warps[i];
				if (w->state != FW_READY)
					continue;
				ran = true;
				bool ok = fexec_run(g, cx, c, w, quantum);
				fctx_fold(g, cx);
				if (!ok) {
					fgpu_report_fault(g, d);
					return g->fault.status;
				}
			}
			if (c->n_live_warps == 0) {
				done++;
				g->slot_busy[s] = 0;
				if (next < n_ctas) {
					cta_start(g, s, next++);
					g->slot_busy[s] = 1;
				}
			}
		}
		if (done == n_ctas)
			break;
		launch_progress(g, done, n_ctas, t0, &last, &next_check);
		if (!ran) {
			report_hang(g, "deadlocked: every live warp waits at a "
				    "barrier that cannot complete", false, d);
			return WS_E_DEADLOCK;
		}
		if (g->icount > g->cfg->max_warp_insn) {
			report_hang(g, "exceeded gpgpu_max_insn", false, d);
			return WS_E_INSN_LIMIT;
		}
		if (g->last_progress != seen_progress) {
			g->max_gap_insn = MAX(g->max_gap_insn,
					      g->last_progress - seen_progress);
			seen_progress = g->last_progress;
			cas_mark = g->n_cas_fail;
		}
		if (g->icount - g->last_progress > g->cfg->deadlock_window) {
			report_hang(g, fgpu_stuck_why(fgpu_stuck_kind(g,
					cas_mark)), true, d);
			return WS_E_DEADLOCK;
		}
	}
	return 0;
}

/* Forget every owner of a table (a new launch). */
static void cas_reset(struct fcas_tab *t)
{
	if (t->n)
		memset(t->own, 0, t->cap * sizeof(*t->own));
	t->n = 0;
}

int fgpu_launch_begin(struct fgpu *g, const struct flaunch *l,
		      bool all_slots, unsigned *cps_out, struct diag *d)
{
	if (launch_check(g, l, d))
		return WS_E_INVALID;
	unsigned cps = fgpu_ctas_per_sm(g, l);
	if (!cps) {
		diag_err(d, "launch of '%s': one block does not fit on an SM",
			 l->k->name);
		return WS_E_RESOURCES;
	}
	uint64_t n_ctas = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
	unsigned n_slots = all_slots ? cps * g->cfg->n_sm :
		(unsigned)MIN((uint64_t)cps * g->cfg->n_sm, n_ctas);
	uint64_t need;
	int rc = launch_storage_check(g, l, n_slots, &need, d);
	if (rc)
		return rc;
	uint64_t held = fgpu_slot_bytes(g);
	bool trim = held > 2 * need && held - need > FGPU_SLOT_SLACK_BYTES;
	if (n_slots > g->slots_cap) {
		size_t cap = g->slots_cap, bcap = g->slots_cap;
		int err = grow((void **)&g->slots, &cap, n_slots,
			       sizeof(*g->slots));
		if (!err)
			err = grow((void **)&g->slot_busy, &bcap, n_slots, 1);
		g->slots_cap = (unsigned)MIN(cap, bcap); /* both hold this many */
		if (err)
			goto out_of_memory;
	}
	for (unsigned s = 0; s < n_slots; s++)
		if (slot_prepare(g, &g->slots[s], l, trim))
			goto out_of_memory;
	for (unsigned s = n_slots; trim && s < g->slots_cap; s++)
		slot_free(&g->slots[s]); /* a smaller launch: release the rest */
	g->l = l;
	g->n_slots = n_slots;
	g->icount = g->tinsn = g->last_progress = g->max_gap_insn = 0;
	g->n_bar = g->n_atom = g->n_cas_fail = g->n_back = 0;
	g->n_cas_intra = g->n_cas_inter = 0;
	cas_reset(&g->cas);
	for (unsigned i = 0; i < g->n_ctx; i++) {
		struct fctx *cx = &g->ctx[i];
		cas_reset(&cx->cas);
		SIM_ASSERT(!cx->icount && !cx->n_log && !cx->progress);
		cx->rec = NULL;
		cx->mem_last = 0;
	}
	memset(&g->fault, 0, sizeof(g->fault));
	memset(g->slot_busy, 0, g->n_slots);
	imm_pool_build(g, l->k);
	*cps_out = cps;
	return 0;
out_of_memory:
	diag_err(d, "launch of '%s': out of host memory for the storage of "
		 "%u resident blocks", l->k->name, n_slots);
	return WS_E_OOM;
}

void fgpu_launch_end(struct fgpu *g, struct flaunch_stats *st,
		     uint64_t n_ctas, double wall_s)
{
	const struct flaunch *l = g->l;
	fgpu_ctx_sum(g);
	free(g->imm_pool);
	free(g->imm_pool32);
	free(g->imm_row);
	g->imm_pool = NULL;
	g->imm_pool32 = NULL;
	g->imm_row = NULL;
	if (st) {
		st->warp_insn = g->icount;
		st->thread_insn = g->tinsn;
		st->n_ctas = n_ctas;
		st->max_resident = g->n_slots;
		st->warps = n_ctas * ((launch_threads(l) + g->ws - 1) / g->ws);
		st->barriers = g->n_bar;
		st->atomics = g->n_atom;
		st->cas_fail = g->n_cas_fail;
		st->cas_fail_intra = g->n_cas_intra;
		st->cas_fail_inter = g->n_cas_inter;
		st->back_branches = g->n_back;
		st->max_gap_insn = g->max_gap_insn;
		st->wall_s = wall_s;
	}
	g->clock += g->icount;
	g->grid_id++;
	g->l = NULL;
}

/* noinline: `make bench` counts host instructions inside this function
 * (callgrind --toggle-collect), which link-time inlining would hide */
__attribute__((noinline))
int fgpu_launch(struct fgpu *g, const struct flaunch *l,
		struct flaunch_stats *st, struct diag *d)
{
	unsigned cps;
	double t0 = now_s();
	int rc = fgpu_launch_begin(g, l, false, &cps, d);
	if (rc)
		return rc;
	uint64_t n_ctas = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
	rc = launch_run(g, n_ctas, d);
	fgpu_launch_end(g, st, n_ctas, now_s() - t0);
	return rc;
}
