/*
 * tgpu.c - the cycle-level GPU: per-launch instruction timing tables, the
 * thread-block dispatcher (occupancy by threads, warps, blocks, registers
 * and shared memory; one block per SM per cycle, SMs in round-robin order;
 * a slot is reused once every warp of its block has exited and drained),
 * the core-cycle loop over SMs and the memory system, global atomics
 * applied at the L2, the no-issue watchdog, hang detection (no progress
 * for gpgpu_hang_cycles) and the event trace.
 */
#include "timing_int.h"
#include "../../include/warpsim.h"
#include "../mem/mem_options.h"
#include "../ptx/ptx.h"
#include "../stats/stats.h"

#include <stdlib.h>
#include <time.h>
#include <unistd.h>

void tgpu_copy_in(struct tgpu *t, addr_t a, uint64_t n)
{
	if (t->cfg->perf_sim_memcpy)
		mem_sys_warm_l2(t->ms, a, n);
}

const char *tw_class_name(unsigned c)
{
	static const char *const n[] = {
#define X(e, s) s,
		TW_CLASSES(X)
#undef X
	};
	return c < TW__COUNT ? n[c] : "?";
}

/* ---- configuration ------------------------------------------------------ */

static int parse_list(const char *s, unsigned *v, unsigned n,
		      const char *name, struct diag *d)
{
	const char *p = s;
	for (unsigned i = 0; i < n; i++) {
		char *e;
		unsigned long x = strtoul(p, &e, 10);
		if (e == p || x > 100000)
			return diag_err(d, "%s = '%s': expected %u comma-separated "
					"cycle counts", name, s, n);
		v[i] = (unsigned)x;
		p = e;
		if (*p == ',')
			p++;
		else if (i + 1 < n)
			return diag_err(d, "%s = '%s': expected %u values",
					name, s, n);
	}
	return 0;
}

/* Atomic performed at the L2: apply the lanes of its transaction. */
static uint64_t tgpu_atomic(void *ctx, unsigned smi, uint64_t tag, addr_t a)
{
	struct tgpu *t = ctx;
	struct tsm *s = &t->sm[smi];
	struct tmreq *q = &s->mreq[tag & 0xffff];
	unsigned txn = (unsigned)((tag >> T_TAG_TXN_SHIFT) & 0xffff);
	struct twarp *w = &s->w[q->warp];
	(void)a;
	fexec_atom_apply(t->g, w->fw, w->rec, w->alanes[txn]);
	return 0;
}

/* A policy's own trace line (struct sched_init.trace). */
static void tgpu_sched_trace(void *ctx, const char *ev, unsigned sm,
			     const char *text)
{
	struct tgpu *t = ctx;
	if (t->trace)
		fprintf(t->trace, "%llu %s %u -1 -1 %s\n",
			(unsigned long long)t->cycle, ev, sm, text);
}

/*
 * The timing model's reading of cfg into t: unit counts, latency tables,
 * operand collector, I-cache geometry, slot limit, memory configuration.
 * Allocates nothing; 0 or -1 with a message in d.
 */
static int tgpu_config(struct tgpu *t, const struct ws_config *cfg,
		       struct diag *d)
{
	t->cfg = cfg;
	t->n_sm = cfg->n_sm;
	t->ws = (unsigned)cfg->warp_size;
	t->n_slots = (unsigned)cfg->max_warps_per_sm;
	t->n_sched = (unsigned)cfg->n_sched;
	t->simd_k = (unsigned)MAX(1u, cfg->warp_size / cfg->simd_width);
	t->n_units[TU_SP] = (unsigned)MIN(cfg->n_sp_units, 16u);
	t->n_units[TU_SFU] = (unsigned)MIN(cfg->n_sfu_units, 16u);
	t->n_units[TU_DP] = (unsigned)MIN(cfg->n_dp_units, 16u);
	t->n_units[TU_MEM] = 1;
	unsigned sfu[2] = {0, 0};
	if (parse_list(cfg->lat_int, t->lat_int, 6, "ptx_opcode_latency_int", d) ||
	    parse_list(cfg->ii_int, t->ii_int, 6, "ptx_opcode_initiation_int", d) ||
	    parse_list(cfg->lat_fp, t->lat_fp, 5, "ptx_opcode_latency_fp", d) ||
	    parse_list(cfg->ii_fp, t->ii_fp, 5, "ptx_opcode_initiation_fp", d) ||
	    parse_list(cfg->lat_dp, t->lat_dp, 5, "ptx_opcode_latency_dp", d) ||
	    parse_list(cfg->ii_dp, t->ii_dp, 5, "ptx_opcode_initiation_dp", d) ||
	    parse_list(cfg->lat_sfu, sfu, 2, "ptx_opcode_latency_sfu", d))
		return -1;
	if (toc_config(t, cfg, d) || tdwr_config(t, cfg, d))
		return -1;
	t->lat_sfu = sfu[0];
	t->ii_sfu = sfu[1];
	{ /* geometry only; [N|S:] prefix as GPGPU-Sim 4.x writes it */
		struct mem_cache_config il1 = {0};

		if (mem_cache_string_parse(&il1, "gpgpu_cache:il1",
					   cfg->cache_il1, NULL, d))
			return -1;
		t->i_sets = il1.n_sets;
		t->i_line = il1.line_bytes;
		t->i_ways = il1.assoc;
		t->i_mshr = MAX(il1.n_mshr, 1u);
		t->i_merge = MAX(il1.mshr_merge, 1u);
	}
	if (t->n_slots > SCHED_MAX_WARPS) {
		diag_err(d, "%u warps per SM exceed the model's limit of %u",
			 t->n_slots, SCHED_MAX_WARPS);
		return -1;
	}
	if (mem_config_from_ws(&t->mcfg, cfg, d))
		return -1;
	return 0;
}

int tgpu_check_config(const struct ws_config *cfg, struct diag *d)
{
	struct tgpu *t = xcalloc(1, sizeof(*t));
	int rc = tgpu_config(t, cfg, d);

	free(t);
	return rc;
}

struct tgpu *tgpu_create(const struct ws_config *cfg, struct fgpu *g,
			 struct diag *d)
{
	struct tgpu *t = xcalloc(1, sizeof(*t));
	t->pol_st = stats_create();
	t->pol_tmp = stats_create();
	t->g = g;
	if (tgpu_config(t, cfg, d))
		goto fail;
	t->ms = mem_sys_create(&t->mcfg, tgpu_atomic, t);
	if (*cfg->trace_file) {
		t->trace = fopen(cfg->trace_file, "w");
		if (!t->trace) {
			diag_err(d, "trace: cannot write '%s'", cfg->trace_file);
			goto fail;
		}
		fprintf(t->trace, "# warpsim trace: cycle event sm tb warp\n");
	}
	t->sm = xcalloc(t->n_sm, sizeof(*t->sm));
	t->run = xcalloc(t->n_sm, sizeof(*t->run));
	unsigned nw = (t->n_slots + 63) / 64;
	t->n_words = nw;
	for (unsigned i = 0; i < t->n_sm; i++) {
		struct tsm *s = &t->sm[i];
		s->id = i;
		s->cx = fgpu_ctx(g, i);
		s->w = xcalloc(t->n_slots, sizeof(*s->w));
		for (unsigned w = 0; w < t->n_slots; w++)
			s->w[w].cls = TC__COUNT;
		s->tb = xcalloc(cfg->max_ctas_per_sm, sizeof(*s->tb));
		s->ibfill = xcalloc(t->n_slots, 1);
		toc_sm_init(t, s);
		tdwr_sm_init(t, s);
		s->smask = xcalloc((size_t)nw * t->n_sched, 8);
		for (unsigned w = 0; w < t->n_slots; w++)
			tbit_set(s->smask + (size_t)(w % t->n_sched) * nw, w);
		s->age = xcalloc(t->n_slots, sizeof(*s->age));
		s->tbof = xcalloc(t->n_slots, sizeof(*s->tbof));
		s->tb_age = xcalloc(cfg->max_ctas_per_sm, sizeof(*s->tb_age));
		s->order = xcalloc(t->n_slots, sizeof(*s->order));
		s->forder = xcalloc(t->n_slots, sizeof(*s->forder));
		s->sched = xcalloc(t->n_sched, sizeof(*s->sched));
		for (unsigned k = 0; k < t->n_sched; k++) {
			struct sched_bows_params bp;
			struct sched_init ini = {
				.sm_id = i, .sched_id = k, .n_sched = t->n_sched,
				.n_slots = t->n_slots, .bows = &bp,
				.trace = t->trace ? tgpu_sched_trace : NULL,
				.trace_ctx = t};
			char err[256];
			s->sched[k] = NULL;
			if (!sched_bows_parse(&bp, cfg->bows_delay,
					      cfg->ddos_hash, cfg->ddos_l,
					      cfg->ddos_m, cfg->ddos_k,
					      cfg->ddos_t, err,
					      sizeof(err)) &&
			    !sched_bows_detect(&bp, cfg->bows_detect, err,
					       sizeof(err)))
				s->sched[k] = sched_create(cfg->sched, &ini,
							   err, sizeof(err));
			if (!s->sched[k]) {
				diag_err(d, "gpgpu_scheduler '%s': %s",
					 cfg->sched, err);
				goto fail;
			}
		}
		tsm_issue_hooks(t, s);
		s->itag = xmalloc((size_t)t->i_sets * t->i_ways * sizeof(addr_t));
		s->ilru = xcalloc((size_t)t->i_sets * t->i_ways, 8);
		s->imshr = xcalloc(t->i_mshr, sizeof(*s->imshr));
		s->imshr_w = xcalloc((size_t)t->i_mshr * t->i_merge,
				     sizeof(*s->imshr_w));
		s->iready = xcalloc(t->n_slots, sizeof(*s->iready));
		s->wheel = xcalloc(T_WHEEL, sizeof(*s->wheel));
		s->wheel_n = xcalloc(T_WHEEL, 1);
		s->mreq = xcalloc(T_MREQ_PER_SM, sizeof(*s->mreq));
		s->mreq_free = xcalloc(T_MREQ_PER_SM, sizeof(*s->mreq_free));
		for (unsigned w = 0; w < t->n_slots; w++) {
			s->w[w].rec = xcalloc(1, sizeof(struct fmemrec));
			s->w[w].alanes = xcalloc(MEM_COALESCE_MAX,
						 sizeof(lanemask_t));
		}
	}
	t->need_long_op = t->sm[0].sched[0]->long_op;
	/* every policy's walk of a quiet cycle only reads, up to a rotation
	 * in time that composes (sched_ops.quiet_walk, tsm_wake) */
	t->walk_pure = true;
	for (unsigned k = 0; k < t->n_sched; k++) {
		const struct sched_ops *o = t->sm[0].sched[k]->ops;
		if (!o->quiet_walk || !o->next || o->issue_failed)
			t->walk_pure = false;
	}

	t->fetch = fetch_lookup(cfg->fetch);
	if (!t->fetch) {
		diag_err(d, "fetch_policy '%s': unknown (see `warpsim list`)",
			 cfg->fetch);
		goto fail;
	}
	t->ib_room = t->fetch->partial ? 1 :
		(unsigned)MIN(cfg->fetch_bytes / 8, cfg->ibuffer_size);
	return t;
fail:
	tgpu_destroy(t);
	return NULL;
}

void tgpu_destroy(struct tgpu *t)
{
	if (!t)
		return;
	tpar_destroy(t->par);
	stats_destroy(t->pol_st);
	stats_destroy(t->pol_tmp);
	sched_sibs_free(t->sibs);
	free(t->sib_pc);
	for (unsigned i = 0; t->sm && i < t->n_sm; i++) {
		struct tsm *s = &t->sm[i];
		for (unsigned w = 0; s->w && w < t->n_slots; w++) {
			free(s->w[w].rec);
			free(s->w[w].alanes);
			free(s->w[w].sb);
			free(s->w[w].lo);
		}
		for (unsigned k = 0; s->sched && k < t->n_sched; k++)
			sched_destroy(s->sched[k]);
		free(s->sched);
		free(s->w);
		free(s->tb);
		free(s->imshr);
		free(s->imshr_w);
		free(s->iready);
		toc_sm_free(s);
		tdwr_sm_free(s);
		free(s->smask);
		free(s->age);
		free(s->tbof);
		free(s->tb_age);
		free(s->dwr_ilt_pc);
		free(s->order);
		free(s->forder);
		free(s->ibfill);
		free(s->itag);
		free(s->ilru);
		free(s->wheel);
		free(s->wheel_n);
		free(s->mreq);
		free(s->mreq_free);
	}
	free(t->sm);
	free(t->run);
	free(t->st.sm_issued);
	free(t->st.sm_tbs);
	if (t->ms)
		mem_sys_destroy(t->ms);
	if (t->trace)
		fclose(t->trace);
	free(t);
}

void tgpu_trace(struct tgpu *t, const char *ev, unsigned sm, uint64_t tb,
		int warp)
{
	if (t->trace)
		fprintf(t->trace, "%llu %s %u %llu %d\n",
			(unsigned long long)t->cycle, ev, sm,
			(unsigned long long)tb, warp);
}

/* ---- per-launch instruction tables -------------------------------------- */

struct ops_acc {
	uint32_t *use, *def;   /* collected ids */
	unsigned n_use, n_def; /* counts */
};

static void ops_cb(void *ctx, uint32_t reg, unsigned size, bool def)
{
	struct ops_acc *a = ctx;
	(void)size;
	if (def && a->n_def < 16)
		a->def[a->n_def++] = reg;
	else if (!def && a->n_use < 16)
		a->use[a->n_use++] = reg;
}

/* Latency-table row of an opcode, or -1 for the 1-cycle default. */
static int lat_row(unsigned op)
{
	switch (op) {
	case OP_ADD: case OP_SUB: case OP_ADDC: case OP_SUBC: return 0;
	case OP_VIDEO: case OP_VIDEO2: case OP_VIDEO4: return 0; /* issue 18 */
	case OP_MIN: case OP_MAX: return 1;
	case OP_MUL: case OP_MUL24: return 2;
	case OP_MAD: case OP_FMA: case OP_MADC: case OP_MAD24: return 3;
	case OP_DIV: case OP_REM: return 4;
	case OP_SHFL: case OP_REDUX: return 5; /* warp-wide exchange */
	default: return -1;
	}
}

static void tinsn_build(struct tgpu *t, const struct ptx_kernel *k)
{
	uint32_t *ops = NULL;
	size_t n_ops = 0, cap_ops = 0;
	t->ti = xcalloc(k->n_insn ? k->n_insn : 1, sizeof(*t->ti));
	t->n_regs = k->n_regs;
	t->sb_words = (k->n_regs + k->n_preds + 63) / 64 + 1;
	for (uint32_t pc = 0; pc < k->n_insn; pc++) {
		const struct insn *in = &k->code[pc];
		struct tinsn *ti = &t->ti[pc];
		uint32_t use[20], def[20];
		struct ops_acc a = {.use = use, .def = def};
		ptx_insn_regs(in, k->n_regs, ops_cb, &a);
		/* predicates: guard and OK_PRED operands, pdst */
		if (in->guard != PRED_NONE)
			use[a.n_use++] = k->n_regs + in->guard;
		for (unsigned i = 0; i < ARRAY_SIZE(in->o); i++) {
			const struct opnd *o = &in->o[i];
			if (o->kind != OK_PRED || a.n_use >= 18 || a.n_def >= 18)
				continue;
			if (i == 0 && ptx_insn_o0_is_def(in))
				def[a.n_def++] = k->n_regs + o->reg;
			else
				use[a.n_use++] = k->n_regs + o->reg;
		}
		if (in->pdst != PRED_NONE && a.n_def < 18)
			def[a.n_def++] = k->n_regs + in->pdst;
		ti->use_off = (uint32_t)n_ops;
		ti->n_use = (uint16_t)a.n_use;
		ti->n_def = (uint16_t)a.n_def;
		for (unsigned i = 0; i < a.n_use + a.n_def; i++) {
			VEC_PUSH(ops, n_ops, cap_ops);
			ops[n_ops - 1] = i < a.n_use ? use[i] : def[i - a.n_use];
		}

		unsigned op = in->op, type = in->type;
		/* ld, st, atom, red, and cp.async/mbarrier (ops.def OPF_MEM) */
		ti->is_mem = (op_table[op].flags & OPF_MEM) != 0;
		ti->is_fence = op == OP_FENCE;
		ti->bypass = (in->mods & (MOD_CG | MOD_CV | MOD_VOLATILE)) != 0;
		/* DWR's LATs (dwr.txt IV-A): global, local and param loads
		 * and stores; generic ones (space unknown before execution),
		 * atomics, shared and const accesses are not */
		ti->is_lat = (op == OP_LD || op == OP_ST) &&
			(in->space == SP_GLOBAL || in->space == SP_LOCAL ||
			 in->space == SP_PARAM);
		ti->unit = ti->is_mem ? TU_MEM : TU_SP;
		ti->lat = 1;
		ti->ii = 1;
		int row = lat_row(op);
		bool sfu_op = op == OP_SQRT || op == OP_SIN || op == OP_COS ||
			op == OP_EX2 || op == OP_LG2 || op == OP_RSQRT ||
			op == OP_RCP || op == OP_TANH;
		if (ti->is_mem) {
			ti->lat = 1;
		} else if (sfu_op) {
			ti->unit = TU_SFU;
			ti->lat = (uint16_t)t->lat_sfu;
			ti->ii = (uint16_t)t->ii_sfu;
		} else if (row >= 0 && type == PT_F64 && row < 5) {
			ti->unit = row == 4 || !t->n_units[TU_DP] ? TU_SFU : TU_DP;
			ti->lat = (uint16_t)t->lat_dp[row];
			ti->ii = (uint16_t)t->ii_dp[row];
		} else if (row >= 0 && type == PT_F32 && row < 5) {
			ti->unit = row == 4 ? TU_SFU : TU_SP;
			ti->lat = (uint16_t)t->lat_fp[row];
			ti->ii = (uint16_t)t->ii_fp[row];
		} else if (row >= 0) {
			ti->unit = row == 4 ? TU_SFU : TU_SP;
			ti->lat = (uint16_t)t->lat_int[row];
			ti->ii = (uint16_t)t->ii_int[row];
		}
		if (op == OP_MUL24 || op == OP_MAD24)
			ti->lat++;
		ti->lat = (uint16_t)MAX(1u, MIN((unsigned)ti->lat + t->simd_k - 1,
						 T_WHEEL - 64u));
		ti->ii = (uint16_t)MAX(1u, ti->ii);
	}
	t->ops = ops ? ops : xcalloc(1, sizeof(*ops));
}

/* ---- blocks -------------------------------------------------------------- */

void tgpu_tb_start(struct tgpu *t, struct tsm *s, unsigned k, uint64_t id)
{
	struct fgpu *g = t->g;
	unsigned slot = s->id * s->n_tb + k;
	struct ttb *tb = &s->tb[k];
	fgpu_cta_start(g, slot, id, s->id, k * s->wpt);
	g->slot_busy[slot] = 1;
	struct fcta *c = &g->slots[slot];
	*tb = (struct ttb){.cta = c, .slot = slot, .n_warps = c->n_warps,
			   .start = t->cycle, .ph_start = t->cycle, .id = id};
	s->tb_age[k] = id;
	s->n_res++;
	t->n_resident++;
	t->st.max_resident_tb = MAX(t->st.max_resident_tb,
				    (uint64_t)t->n_resident);
	for (unsigned i = 0; i < t->n_sched; i++)
		if (s->sched[i]->ops->tb_start)
			s->sched[i]->ops->tb_start(s->sched[i], k, id);
	for (unsigned i = 0; i < c->n_warps; i++) {
		unsigned wi = k * s->wpt + i;
		struct twarp *w = &s->w[wi];
		w->fw = &c->warps[i];
		w->cta = c;
		w->tb = k;
		w->ib_n = 0;
		w->n_mem = w->n_atom = w->n_wb = w->n_oc = w->oc_mem = 0;
		w->imiss = w->flushed = w->membar = w->done = 0;
		w->dwr_st = TDWR_NONE;
		w->dwr_n = 0;
		w->fpc = w->fw->stack[w->fw->sp - 1].pc;
		w->age = t->warp_seq++;
		memset(w->sb, 0, t->sb_words * 8);
		memset(w->lo, 0, t->sb_words * 8);
		s->age[wi] = w->age;
		s->tbof[wi] = (uint16_t)k;
		tbit_set(s->valid, wi);
		struct sched *p = tsm_sched_of(t, s, wi);
		if (p->ops->warp_added)
			p->ops->warp_added(p, wi, w->age);
		tsm_warp_update(t, s, wi);
	}
	tgpu_trace(t, "tb_start", s->id, id, -1);
}

static void tgpu_tb_end(struct tgpu *t, struct tsm *s, unsigned k)
{
	struct ttb *tb = &s->tb[k];
	for (unsigned i = 0; i < tb->n_warps; i++) {
		unsigned wi = k * s->wpt + i;
		struct twarp *w = &s->w[wi];
		struct sched *p = tsm_sched_of(t, s, wi);
		SIM_ASSERT(w->done && !w->n_mem && !w->n_wb);
		if (p->ops->warp_removed)
			p->ops->warp_removed(p, wi);
		w->fw = NULL;
		w->cta = NULL;
		if (s->fb_valid && s->fb_warp == wi)
			s->fb_valid = 0;
		tsm_warp_update(t, s, wi);
		tbit_clr(s->valid, wi);
	}
	for (unsigned i = 0; i < t->n_sched; i++)
		if (s->sched[i]->ops->tb_end)
			s->sched[i]->ops->tb_end(s->sched[i], k);
	tsm_phase_close(t, s, tb);
	tgpu_trace(t, "tb_end", s->id, tb->id, -1);
	t->g->slot_busy[tb->slot] = 0;
	s->st.tb_cycles += t->cycle - tb->start;
	tb->cta = NULL;
	s->n_res--;
	s->tbs++;
	s->n_ended++; /* tgpu.tb_done and n_resident: after the SM visits */
}

void tgpu_warp_check_done(struct tgpu *t, struct tsm *s, unsigned wi)
{
	struct twarp *w = &s->w[wi];
	if (!w->fw || w->done || w->fw->state != FW_EXITED || w->n_mem ||
	    w->n_wb || w->n_oc)
		return;
	w->done = 1;
	struct ttb *tb = &s->tb[w->tb];
	if (++tb->n_done == tb->n_warps)
		tgpu_tb_end(t, s, w->tb);
}

/* One block per SM per cycle, SMs in round-robin order.  Every SM holds
 * the same number of block slots (n_tb), so when n_resident fills them
 * all no SM has room and the visit only moves the round-robin start. */
static void dispatch(struct tgpu *t)
{
	if (t->tb_next < t->n_ctas &&
	    t->n_resident >= t->n_sm * t->sm[0].n_tb) {
		t->disp_last = (t->disp_last + 1) % t->n_sm;
		return;
	}
	for (unsigned i = 0; i < t->n_sm && t->tb_next < t->n_ctas; i++) {
		unsigned si = (t->disp_last + 1 + i) % t->n_sm;
		struct tsm *s = &t->sm[si];
		if (s->n_res >= s->n_tb)
			continue;
		if (s->asleep) /* its quiet cycles end here */
			tsm_wake(t, s, t->cycle);
		for (unsigned k = 0; k < s->n_tb; k++)
			if (!s->tb[k].cta) {
				tgpu_tb_start(t, s, k, t->tb_next++);
				break;
			}
	}
	if (t->tb_next >= t->n_ctas)
		return;
	t->disp_last = (t->disp_last + 1) % t->n_sm;
}

/* ---- reports --------------------------------------------------------------- */

/* What the pipeline holds warp w for, beyond its functional state (NULL:
 * nothing to add). */
static const char *warp_wait_why(const struct twarp *w, char *buf, size_t n)
{
	const struct fwarp *fw = w->fw;
	if (fw->state == FW_BARRIER)
		return NULL;
	if (fw->state == FW_EXITED)
		snprintf(buf, n, "waits for %u memory operations", w->n_mem);
	else if (w->n_atom)
		snprintf(buf, n, "waits for %u atomic operations", w->n_atom);
	else if (w->membar)
		snprintf(buf, n, "waits at a membar for %u memory operations",
			 w->n_mem);
	else if (w->ib_n && (w->n_mem || w->n_wb))
		snprintf(buf, n, "waits on the scoreboard (%u memory, %u ALU "
			 "results outstanding)", w->n_mem, w->n_wb);
	else if (w->imiss)
		snprintf(buf, n, "waits for an instruction-cache miss");
	else
		snprintf(buf, n, "ready (%u I-buffer entries)", w->ib_n);
	return buf;
}

/*
 * Report a launch that cannot finish, in the format functional mode uses
 * (src/func/grid.c fstuck_*): the diagnosis, the cycle it was detected at
 * and the last progress, then every live warp with what it waits for.
 * window: the progress window that ran out, or NULL.
 */
static void report_stuck(struct tgpu *t, const char *why, const char *window,
			 struct diag *d)
{
	struct fstuck r;
	char when[256], buf[160];
	int n = snprintf(when, sizeof(when), "detected at cycle %llu (warp "
			 "instruction %llu); last progress at cycle %llu",
			 (unsigned long long)t->cycle,
			 (unsigned long long)t->g->icount,
			 (unsigned long long)t->prog_cycle);
	if (window && n > 0 && (size_t)n < sizeof(when))
		snprintf(when + n, sizeof(when) - (size_t)n, " (window: %s)",
			 window);
	if (!fstuck_begin(&r, t->g, why, when))
		return;
	for (unsigned i = 0; i < t->n_sm; i++) {
		struct tsm *s = &t->sm[i];
		for (unsigned wi = 0; wi < t->n_slots; wi++) {
			const struct twarp *w = &s->w[wi];
			if (w->fw && !w->done)
				fstuck_warp(&r, t->g, w->cta, w->fw,
					    warp_wait_why(w, buf, sizeof(buf)));
		}
	}
	fstuck_end(&r, d);
}

/* ---- the launch -------------------------------------------------------------- */

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void launch_setup(struct tgpu *t, const struct flaunch *l, unsigned cps)
{
	const struct ptx_kernel *k = l->k;
	unsigned nthr = l->block[0] * l->block[1] * l->block[2];
	unsigned wpt = (nthr + t->ws - 1) / t->ws;
	t->k = k;
	tinsn_build(t, k);
	toc_launch(t);
	/* the policies learn the launch (and its annotated SIBs) */
	free(t->sib_pc);
	t->sib_pc = NULL;
	if (t->sibs) {
		t->sib_pc = xcalloc(k->n_insn, 1);
		for (uint32_t pc = 0; pc < k->n_insn; pc++)
			t->sib_pc[pc] = k->code[pc].op == OP_BRA &&
				sched_sibs_has(t->sibs, k->name,
					       k->code[pc].line);
	}
	for (unsigned i = 0; i < t->n_sm; i++)
		for (unsigned j = 0; j < t->n_sched; j++) {
			struct sched *p = t->sm[i].sched[j];
			if (p->ops->launch_start)
				p->ops->launch_start(p, t->sib_pc, k->n_insn);
		}
	t->cycle = 0;
	t->last_issue = 0;
	t->tb_next = 0;
	t->tb_done = 0;
	t->n_resident = 0;
	t->disp_last = t->n_sm - 1;
	t->n_ctas = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
	t->local_stride = ALIGN_UP((uint64_t)ALIGN_UP(k->local_bytes, 8) *
				   t->ws, 128);
	t->err = 0;
	t->prog_mark = t->prog_cycle = t->prog_insn = t->prog_cas = 0;
	t->lw_start = t->lw_events = t->lw_cas = 0;
	uint64_t *smi = t->st.sm_issued, *smt = t->st.sm_tbs;
	memset(&t->st, 0, sizeof(t->st));
	t->st.sm_issued = smi ? smi : xcalloc(t->n_sm, 8);
	t->st.sm_tbs = smt ? smt : xcalloc(t->n_sm, 8);
	t->st.n_sm = t->n_sm;
	t->st.n_mem = t->mcfg.n_mem;
	for (unsigned i = 0; i < t->n_sm; i++) {
		struct tsm *s = &t->sm[i];
		memset(&s->st, 0, sizeof(s->st));
		s->last_issue = 0;
		s->err = 0;
		s->n_ended = 0;
		free(s->dwr_ilt_pc);
		s->dwr_ilt_pc = t->dwr_p ? xcalloc(k->n_insn ? k->n_insn : 1,
						   1) : NULL;
	}
	if (t->dwr_p) {
		const struct ws_config *c = t->cfg;
		unsigned sbits = 0;
		while ((1u << sbits) < t->ilt_sets)
			sbits++;
		for (uint32_t pc = 0; pc < k->n_insn; pc++)
			t->st.dwr_lat_static += t->ti[pc].is_lat;
		/* section IV-E: one PST entry per large warp the SM holds
		 * (valid bit, 32-bit pc, lock bit per sub-warp); one ILT
		 * entry = valid bit + the pc bits above the set index */
		t->st.dwr_pst_bytes = (c->max_threads_per_sm / c->dwr *
				       (33 + t->dwr_p) + 7) / 8;
		t->st.dwr_ilt_bytes = ((uint64_t)t->ilt_sets * t->ilt_ways *
				       (33 - sbits) + 7) / 8;
	}
	for (unsigned i = 0; i < t->n_sm; i++) {
		struct tsm *s = &t->sm[i];
		s->n_tb = cps;
		s->wpt = wpt;
		s->n_res = 0;
		s->issued = s->tbs = 0;
		s->q_dirty = 1;
		s->asleep = s->ldw_on = 0;
		s->q_n = 0;
		s->ldw_n = 0;
		s->fb_valid = 0;
		s->fetch_last = t->n_slots - 1;
		s->sched_first = 0;
		memset(&s->ldst, 0, offsetof(struct tldst, txn));
		memset(s->unit_free, 0, sizeof(s->unit_free));
		memset(s->wheel_n, 0, T_WHEEL);
		s->wheel_cnt = 0;
		toc_sm_reset(t, s);
		tdwr_launch(t, s);
		for (unsigned j = 0; j < (unsigned)t->i_sets * t->i_ways; j++)
			s->itag[j] = ~(addr_t)0;
		memset(s->ilru, 0, (size_t)t->i_sets * t->i_ways * 8);
		for (unsigned j = 0; j < t->i_mshr; j++)
			s->imshr[j] = (struct timshr){.line = ~(addr_t)0};
		s->iready_h = s->iready_n = 0;
		s->n_mreq_free = T_MREQ_PER_SM;
		for (unsigned j = 0; j < T_MREQ_PER_SM; j++)
			s->mreq_free[j] = (uint16_t)(T_MREQ_PER_SM - 1 - j);
		for (unsigned w = 0; w < t->n_slots; w++) {
			struct twarp *tw = &s->w[w];
			free(tw->sb);
			free(tw->lo);
			tw->sb = xcalloc(t->sb_words, 8);
			tw->lo = xcalloc(t->sb_words, 8);
			tw->fw = NULL;
			tw->cta = NULL;
			tw->cls = TC__COUNT; /* cb is cleared below */
		}
		unsigned nw = t->n_words;
		memset(s->valid, 0, nw * 8);
		for (unsigned c = 0; c < TC__COUNT; c++)
			memset(s->cb[c], 0, nw * 8);
		memset(s->sbwait, 0, nw * 8);
		memset(s->wrongpath, 0, nw * 8);
		memset(s->recbusy, 0, nw * 8);
		memset(s->fetchable, 0, nw * 8);
		memset(s->nextmem, 0, nw * 8);
		for (unsigned j = 0; j < cps; j++)
			s->tb[j].cta = NULL;
	}
}

static void mem_stats_delta(struct mem_stats *out, const struct mem_stats *a,
			    const struct mem_stats *b, unsigned n_mem)
{
	/* every field but the final double is a uint64_t counter */
	const uint64_t *pa = (const uint64_t *)(const void *)a;
	const uint64_t *pb = (const uint64_t *)(const void *)b;
	uint64_t *po = (uint64_t *)(void *)out;
	size_t n = offsetof(struct mem_stats, dram_util) / sizeof(uint64_t);
	for (size_t i = 0; i < n; i++)
		po[i] = pb[i] - pa[i];
	out->dram_util = out->dram_cycles && n_mem ?
		(double)out->dram.busy_cycles /
		((double)out->dram_cycles * n_mem) : 0.0;
}

/* A progress line on stderr every cfg->progress_s seconds (checked every
 * 2^14 cycles). */
static void launch_progress(struct tgpu *t, double t0, double *last)
{
	double now = now_s();
	if (now - *last < (double)t->cfg->progress_s)
		return;
	*last = now;
	fprintf(stderr, "warpsim: %s: cycle %llu, %llu of %llu blocks done, "
		"%.1f M warp instructions, %.2f M/s, %.0f s\n", t->k->name,
		(unsigned long long)t->cycle, (unsigned long long)t->tb_done,
		(unsigned long long)t->n_ctas, (double)t->g->icount * 1e-6,
		(double)t->g->icount * 1e-6 / (now - t0), now - t0);
}

/*
 * Progress bookkeeping, once per cycle: a store, a memory-changing atomic,
 * a barrier arrival or release or a warp exit (each moves g->last_progress
 * to the instruction count), a block start or a block end.  The three
 * counters only grow, so their sum changes exactly when one of them does.
 * Keeps the longest gaps for the statistics.
 */
static inline void launch_note_progress(struct tgpu *t)
{
	struct fgpu *g = t->g;
	uint64_t mark = g->last_progress + t->tb_next + t->tb_done;
	if (mark == t->prog_mark)
		return;
	t->st.max_gap_cycles = MAX(t->st.max_gap_cycles,
				   t->cycle - t->prog_cycle);
	g->max_gap_insn = MAX(g->max_gap_insn, g->icount - t->prog_insn);
	t->lw_events++;
	t->prog_mark = mark;
	t->prog_cycle = t->cycle;
	t->prog_insn = g->icount;
	t->prog_cas = g->n_cas_fail;
}

/*
 * End of a livelock window (gpgpu_livelock_cycles): true when atom.cas
 * failed at least T_LIVELOCK_RATIO times per cycle with progress in it -
 * a spin lock whose holder (almost) never runs, as under greedy issue when
 * the spinning warps are older than the holder.  Progress that is merely
 * rare is not caught by the gap window, which any single store resets.
 * Keeps the highest ratio for the statistics; starts the next window.
 */
static bool launch_livelock_window(struct tgpu *t, char *why, size_t n)
{
	uint64_t fails = t->g->n_cas_fail - t->lw_cas;
	uint64_t ratio = fails / MAX(t->lw_events, 1);
	bool stuck = fails && ratio >= T_LIVELOCK_RATIO;
	t->st.max_cas_ratio = MAX(t->st.max_cas_ratio, ratio);
	if (stuck)
		snprintf(why, n, "gpgpu_livelock_cycles = %llu cycles: %llu "
			 "failed atom.cas against %llu cycles with progress",
			 (unsigned long long)t->cfg->livelock_cycles,
			 (unsigned long long)fails,
			 (unsigned long long)t->lw_events);
	t->lw_start = t->cycle;
	t->lw_events = 0;
	t->lw_cas = t->g->n_cas_fail;
	return stuck;
}

/*
 * Nothing progressed for gpgpu_hang_cycles cycles, or for deadlock_window
 * warp instructions (the functional-mode window, kept here so that both
 * modes stop a launch that one of them stops): hung when some warp waits
 * at a barrier, livelocked when atom.cas kept failing, else no progress.
 * Also a livelock window that ends with (almost) only failed atom.cas.
 */
static int launch_hang(struct tgpu *t, struct diag *d)
{
	const struct ws_config *c = t->cfg;
	char window[192];
	bool by_cycles = c->hang_cycles &&
		t->cycle - t->prog_cycle > c->hang_cycles;
	if (c->livelock_cycles && t->cycle - t->lw_start >= c->livelock_cycles &&
	    launch_livelock_window(t, window, sizeof(window))) {
		report_stuck(t, fgpu_stuck_why(FSTUCK_STARVED), window, d);
		return WS_E_DEADLOCK;
	}
	if (!by_cycles && t->g->icount - t->prog_insn <= c->deadlock_window)
		return 0;
	if (by_cycles)
		snprintf(window, sizeof(window), "gpgpu_hang_cycles = %llu "
			 "cycles", (unsigned long long)c->hang_cycles);
	else
		snprintf(window, sizeof(window), "deadlock_window = %llu warp "
			 "instructions", (unsigned long long)c->deadlock_window);
	report_stuck(t, fgpu_stuck_why(fgpu_stuck_kind(t->g, t->prog_cas)),
		     window, d);
	return WS_E_DEADLOCK;
}

/* The issue policies' own statistics of this launch, summed over every
 * scheduler of every SM (sched_ops.stats), into t->st.policy. */
static void policy_stats(struct tgpu *t)
{
	stats_clear(t->pol_st);
	for (unsigned i = 0; i < t->n_sm; i++)
		for (unsigned k = 0; k < t->n_sched; k++) {
			struct sched *p = t->sm[i].sched[k];
			if (!p->ops->stats)
				continue;
			stats_clear(t->pol_tmp);
			p->ops->stats(p, t->pol_tmp);
			stats_add(t->pol_st, t->pol_tmp);
		}
	t->st.policy = t->pol_st;
}

/*
 * Clock jump (issue 17): after the SMs' part of cycle c, when every SM
 * with work sleeps (tsm.asleep) and dispatch can place no block, nothing
 * can happen in an SM before the earliest wake_at of the sleeping SMs
 * (their own events: a writeback due, the fetch buffer, ...) or before
 * the memory system's next event (a reply poppable, room in an L1: what
 * moves mem_ev or ends a waiting push).  Returns J >= 1: the memory
 * ticks of cycles c .. c + J - 1 and the SM visits of cycles c + 1 ..
 * c + J - 1 would all change nothing, so the loop may mem_sys_skip J
 * ticks and go on at cycle c + J (J = 1: tick as usual); dispatch()'s
 * round-robin start still moves once per skipped cycle.  The per-cycle
 * checks after the tick must see the cycle they would fire at, so J
 * stops at the watchdog's, gpgpu_max_cycle's, the hang and livelock
 * windows' cycles and at the next progress line.  The sleeping SMs count
 * the skipped cycles themselves when they wake (tsm_wake).  wake: the
 * earliest wake_at of the SMs with work, found by the SM loop of the
 * cycle, which calls this only when each of them sleeps.
 */
static inline uint64_t jump_add(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b; /* saturating */
}

static uint64_t launch_jump(const struct tgpu *t, uint64_t wake)
{
	const struct ws_config *c = t->cfg;
	uint64_t now = t->cycle, end = wake;
	if (t->tb_done >= t->n_ctas) /* the launch ends after this tick */
		return 1;
	if (t->n_resident < t->n_sm * t->sm[0].n_tb &&
	    t->tb_next < t->n_ctas) /* some SM has room */
		return 1;
	uint64_t k = mem_sys_next_event(t->ms);
	if (k < 3) /* nothing to gain: tick */
		return 1;
	if (k != UINT64_MAX)
		end = MIN(end, now + k - 1);
	end = MIN(end, jump_add(t->last_issue,
				jump_add(c->watchdog_cycles, 1)));
	if (c->max_cycle)
		end = MIN(end, c->max_cycle);
	if (c->hang_cycles)
		end = MIN(end, jump_add(t->prog_cycle,
					jump_add(c->hang_cycles, 1)));
	if (c->livelock_cycles)
		end = MIN(end, jump_add(t->lw_start, c->livelock_cycles));
	if (c->progress_s)
		end = MIN(end, (now | 0x3fff) + 1);
	return end > now + 1 ? end - now : 1;
}

/* Add SM s's share of the counters (tsm.st: what an SM's visit counts)
 * to the launch's. */
static void tstats_add_sm(struct tstats *d, const struct tstats *s)
{
#define ADD(f) d->f += s->f
	ADD(sched_cycles); ADD(sched_issued); ADD(sched_idle);
	ADD(sched_scoreboard); ADD(sched_pipeline); ADD(dual_issue);
	for (unsigned i = 0; i <= WS_MAX_WARP; i++)
		ADD(issue_lanes[i]);
	ADD(load_insn); ADD(store_insn);
	for (unsigned i = 0; i < TW__COUNT; i++)
		ADD(wc[i]);
	ADD(mem_insn); ADD(mem_txn); ADD(shmem_insn); ADD(shmem_bank_cycles);
	ADD(atomic_insn); ADD(reg_bank_conflicts); ADD(ifetch); ADD(imiss);
	ADD(imerge); ADD(irfail); ADD(ib_flush); ADD(ib_discard);
	ADD(ldst_stall); ADD(rtru_phases); ADD(rtru_sum_ppm); ADD(tb_cycles);
	ADD(dwr_sync); ADD(dwr_ignored); ADD(dwr_ilt_inserts); ADD(dwr_large);
	ADD(dwr_large_subwarps);
#undef ADD
}

/* The serial join after the parallel SM visits of a cycle, in SM order
 * (tsm_join per SM), then the cycle's global stores in SM order. */
static void launch_join(struct tgpu *t, unsigned n_run, uint64_t *wake)
{
	for (unsigned k = 0; k < n_run; k++) {
		SIM_ASSERT(k == 0 || t->run[k] > t->run[k - 1]);
		tsm_join(t, &t->sm[t->run[k]], wake);
	}
	for (unsigned k = 0; k < n_run; k++)
		fctx_flush_log(t->sm[t->run[k]].cx);
}

/* noinline: `make bench` counts host instructions inside it
 * (callgrind --toggle-collect), as in fgpu_launch */
__attribute__((noinline))
int tgpu_launch(struct tgpu *t, const struct flaunch *l,
		struct flaunch_stats *fst, struct tstats *ts, struct diag *d)
{
	struct fgpu *g = t->g;
	unsigned cps;
	double t0 = now_s(), last = t0;
	struct mem_stats m0, m1;
	/* annotated SIBs: loaded at the first launch, a relative path also
	 * next to the kernel's PTX file or one directory up */
	if (t->cfg->bows_sibs[0] && !t->sibs) {
		char err[512];
		t->sibs = sched_sibs_load(t->cfg->bows_sibs, l->k->file, err,
					  sizeof(err));
		if (!t->sibs) {
			diag_err(d, "%s", err);
			return WS_E_INVALID;
		}
	}
	int rc = fgpu_launch_begin(g, l, true, &cps, d);
	if (rc)
		return rc;
	launch_setup(t, l, cps);
	mem_sys_flush_l1(t->ms);
	mem_sys_stats(t->ms, &m0);
	g->tclock = &t->cycle;

	/* --threads > 1: the worker pool for the SM visits (made at the
	 * first launch and kept, with its adaptive state, for the next),
	 * unless the kernel makes device system calls (printf, malloc: one
	 * buffer, one heap); --trace with threads > 1 is refused at config */
	struct tpar *par = NULL;
	if (t->cfg->threads > 1 && !fgpu_launch_serial(g)) {
		if (!t->par)
			t->par = tpar_create(t, (unsigned)t->cfg->threads,
					     t->cfg->threads_adapt);
		par = t->par;
	}
	while (t->tb_done < t->n_ctas) {
		/* the earliest wake_at of the SMs with work, all asleep after
		 * their visit; 0: some SM with work is awake (launch_jump: no
		 * later SM's visit changes an earlier one's state) */
		uint64_t wake = UINT64_MAX;
		dispatch(t);
		if (!par) { /* one thread: tsm_step does it all */
			mem_sys_cycle_begin(t->ms);
			tsm_step(t, NULL, 0, &wake);
			mem_sys_cycle_end(t->ms);
		} else {
			/* which SMs run this cycle: decided before any visit
			 * (a visit changes no other SM's wake condition) */
			unsigned n_run = 0;
			for (unsigned i = 0; i < t->n_sm; i++)
				if (tsm_runs(t, &t->sm[i], &wake))
					t->run[n_run++] = (uint16_t)i;
			/* the visits: each writes only its own SM's state */
			mem_sys_cycle_begin(t->ms);
			t->st.par_cycles += tpar_visit(par, t, t->run,
						       n_run);
			mem_sys_cycle_end(t->ms);
			/* the join, in SM order */
			launch_join(t, n_run, &wake);
		}
		if (t->err) {
			fgpu_report_fault(g, d);
			rc = t->err;
			break;
		}
		uint64_t jump = wake ? launch_jump(t, wake) : 1;
		if (jump > 1) { /* see launch_jump: the first tick is idle */
			launch_note_progress(t);
			mem_sys_skip(t->ms, jump);
			t->cycle += jump;
			/* dispatch() of the skipped cycles found no room but
			 * moved its round-robin start */
			if (t->tb_next < t->n_ctas)
				t->disp_last = (unsigned)((t->disp_last +
					jump - 1) % t->n_sm);
		} else {
			mem_sys_tick(t->ms);
			launch_note_progress(t);
			t->cycle++;
		}
		if (t->cycle - t->last_issue > t->cfg->watchdog_cycles) {
			report_stuck(t, "deadlocked: no instruction issued for "
				     "gpgpu_deadlock_cycles", NULL, d);
			rc = WS_E_DEADLOCK;
			break;
		}
		if (g->icount > t->cfg->max_warp_insn) {
			report_stuck(t, "exceeded gpgpu_max_insn", NULL, d);
			rc = WS_E_INSN_LIMIT;
			break;
		}
		if (t->cfg->max_cycle && t->cycle >= t->cfg->max_cycle) {
			report_stuck(t, "exceeded gpgpu_max_cycle", NULL, d);
			rc = WS_E_INSN_LIMIT;
			break;
		}
		if (!(t->cycle & 0x3fff) && t->cfg->progress_s)
			launch_progress(t, t0, &last);
		if ((rc = launch_hang(t, d)))
			break;
	}
	g->tclock = NULL;
	/* sleeping SMs count the cycles they slept (a faulting cycle ran
	 * every SM), waiting pushes their refusals; then the SMs' counters
	 * are summed */
	for (unsigned i = 0; i < t->n_sm; i++) {
		struct tsm *s = &t->sm[i];
		if (s->asleep)
			tsm_wake(t, s, t->cycle + (t->err != 0));
		tsm_ldst_unwait(t, s);
		tsm_quiet_flush(t, s);
		tstats_add_sm(&t->st, &s->st);
		if (s->dwr_ilt_pc)
			for (uint32_t pc = 0; pc < t->k->n_insn; pc++)
				t->sm[0].dwr_ilt_pc[pc] |= s->dwr_ilt_pc[pc];
	}
	if (t->sm[0].dwr_ilt_pc) /* pcs entered in some SM's ILT */
		for (uint32_t pc = 0; pc < t->k->n_insn; pc++)
			t->st.dwr_ilt_static += t->sm[0].dwr_ilt_pc[pc];
	/* the gap still open at the end (a stopped launch's is the longest) */
	t->st.max_gap_cycles = MAX(t->st.max_gap_cycles,
				   t->cycle - t->prog_cycle);
	g->max_gap_insn = MAX(g->max_gap_insn, g->icount - t->prog_insn);
#ifndef NDEBUG
	if (!rc) { /* every request answered, every writeback done */
		for (unsigned i = 0; i < t->n_sm; i++) {
			SIM_ASSERT(t->sm[i].n_mreq_free == T_MREQ_PER_SM);
			SIM_ASSERT(!t->sm[i].n_res && !t->sm[i].ldst.busy);
			for (unsigned j = 0; j < T_WHEEL; j++)
				SIM_ASSERT(!t->sm[i].wheel_n[j]);
			SIM_ASSERT(!t->sm[i].wheel_cnt);
		}
		mem_sys_check(t->ms);
	}
#endif
	/* a stopped launch (gpgpu_max_insn, a fault, a hang) reports the
	 * memory traffic up to its stop, read before the reset */
	mem_sys_stats(t->ms, &m1);
	if (rc) /* drop what is in flight: the machine is reset */
		mem_sys_destroy(t->ms), t->ms = mem_sys_create(&t->mcfg,
							       tgpu_atomic, t);
	for (unsigned i = 0; i < t->n_sm; i++) {
		t->st.sm_issued[i] = t->sm[i].issued;
		t->st.sm_tbs[i] = t->sm[i].tbs;
	}
	t->st.cycles = t->cycle;
	fgpu_ctx_sum(g);
	t->st.warp_insn = g->icount;
	t->st.thread_insn = g->tinsn;
	t->st.n_tb = t->tb_done;
	mem_stats_delta(&t->st.mem, &m0, &m1, t->mcfg.n_mem);
	fgpu_launch_end(g, fst, t->n_ctas, now_s() - t0);
	if (fst)
		fst->max_resident = t->st.max_resident_tb;
	policy_stats(t);
	if (ts)
		*ts = t->st;
	free(t->ti);
	free(t->ops);
	t->ti = NULL;
	t->ops = NULL;
	toc_launch_end(t);
	return rc;
}
