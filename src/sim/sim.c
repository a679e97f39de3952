/*
 * sim.c - the public simulator object (include/warpsim.h): configuration,
 * device memory, modules, launches and per-launch statistics.
 *
 * Timing mode (the default) runs launches on the cycle-level model of
 * src/timing.  Functional mode has no cycles; for events and IPC it counts
 * one cycle per warp instruction per SM (an ideal machine issuing one warp
 * instruction per SM per cycle), i.e. cycles = ceil(warp_insn / n_sm).
 *
 * Statistics go through a registry (src/stats): `name = value` text on
 * stderr (or a stats_file), or JSON when stats_file ends in ".json".
 */
#include "../base/base.h"
#include "../../include/warpsim.h"
#include "../config/config.h"
#include "../func/func.h"
#include "../ptx/ptx.h"
#include "../stats/stats.h"
#include "../timing/timing.h"

#include <inttypes.h>
#include <stdlib.h>

#define WS_VERSION "0.1.0"

struct ws_module {
	struct ptx_module *ptx;  /* decoded module */
	struct ws_module *next;  /* list of loaded modules */
	uint64_t const_bytes;    /* bytes of .const variables */
};

struct ws_sim {
	struct ws_config cfg;       /* effective configuration */
	struct fgpu *g;             /* functional GPU and device memory */
	struct ws_module *modules;  /* loaded modules */
	uint64_t cycles;            /* simulated cycles so far */
	uint64_t tot_insn;          /* thread instructions so far */
	uint64_t tot_warp_insn;     /* warp instructions so far */
	unsigned launches;          /* kernel launches so far */
	FILE *stats;                /* statistics stream, NULL = quiet */
	bool config_printed;        /* effective config already written */
	struct tgpu *t;             /* timing model (mode timing), else NULL */
	struct stats *lst;          /* statistics of the latest launch */
	struct stats *tot;          /* sums over launches */
	struct stats_json *json;    /* JSON statistics document, or NULL */
	double tot_wall;            /* host seconds in launches so far */
	struct ws_launch_stats last;/* the most recent launch */
};

const char *ws_version(void) { return WS_VERSION; }

static void sim_ratios(struct stats *st, const struct ws_config *c);

/* The effective configuration as a registry (numbers stay numbers). */
static struct stats *sim_config_stats(const struct ws_config *c)
{
	struct stats *st = stats_create();
	char *txt = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *ms = open_memstream(&txt, &len);
	if (!ms)
		return st;
	cfg_print(ms, c, "");
	fclose(ms);
	for (line = strtok_r(txt, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *eq = strstr(line, " = ");
		if (!eq)
			continue;
		*eq = 0;
		const char *v = eq + 3;
		char *end;
		unsigned long long u = strtoull(v, &end, 10);
		if (*v && *v != '-' && !*end)
			stats_u64(st, line, u);
		else
			stats_str(st, line, v);
	}
	free(txt);
	return st;
}

static int sim_finish_create(struct ws_sim *s, struct ws_sim **out,
			     struct diag *d)
{
	if (cfg_validate(&s->cfg, d)) {
		cfg_release(&s->cfg);
		free(s);
		return WS_E_INVALID;
	}
	s->g = fgpu_create(&s->cfg);
	if (!strcmp(s->cfg.mode, "timing")) {
		s->t = tgpu_create(&s->cfg, s->g, d);
		if (!s->t) {
			fgpu_destroy(s->g);
			cfg_release(&s->cfg);
			free(s);
			return WS_E_INVALID;
		}
	}
	s->lst = stats_create();
	s->tot = stats_create();
	size_t fl = strlen(s->cfg.stats_file);
	if (fl > 5 && !strcmp(s->cfg.stats_file + fl - 5, ".json")) {
		struct stats *c = sim_config_stats(&s->cfg);
		s->json = stats_json_open(s->cfg.stats_file, WS_VERSION, c, d);
		stats_destroy(c);
		if (!s->json) {
			tgpu_destroy(s->t);
			fgpu_destroy(s->g);
			stats_destroy(s->lst);
			stats_destroy(s->tot);
			cfg_release(&s->cfg);
			free(s);
			return WS_E_INVALID;
		}
		if (!s->cfg.quiet)
			s->stats = stderr;
	} else if (!strcmp(s->cfg.stats_file, "-")) {
		if (!s->cfg.quiet)
			s->stats = stderr;
	} else { /* an explicit file is written even with --quiet */
		s->stats = fopen(s->cfg.stats_file, "w");
		if (!s->stats) {
			diag_err(d, "cannot write stats file '%s'",
				 s->cfg.stats_file);
			tgpu_destroy(s->t);
			fgpu_destroy(s->g);
			stats_destroy(s->lst);
			stats_destroy(s->tot);
			cfg_release(&s->cfg);
			free(s);
			return WS_E_INVALID;
		}
	}
	*out = s;
	return 0;
}

int ws_sim_create(int argc, char **argv, struct ws_sim **out, struct diag *d)
{
	struct ws_sim *s = xcalloc(1, sizeof(*s));
	cfg_init(&s->cfg);
	if (cfg_parse_args(&s->cfg, argc, argv, d)) {
		cfg_release(&s->cfg);
		free(s);
		return WS_E_INVALID;
	}
	return sim_finish_create(s, out, d);
}

int ws_sim_create_env(struct ws_sim **out, struct diag *d)
{
	const char *env = getenv("WARPSIM_ARGS");
	struct ws_sim *s = xcalloc(1, sizeof(*s));
	cfg_init(&s->cfg);
	if (env && cfg_parse_string(&s->cfg, env, d)) {
		diag_err(d, "in WARPSIM_ARGS='%s'", env);
		cfg_release(&s->cfg);
		free(s);
		return WS_E_INVALID;
	}
	return sim_finish_create(s, out, d);
}

void ws_sim_destroy(struct ws_sim *s)
{
	if (!s)
		return;
	while (s->modules) {
		struct ws_module *m = s->modules;
		ws_module_unload(s, m);
	}
	stats_u64(s->tot, "gpu_tot_sim_cycle", s->cycles);
	stats_u64(s->tot, "gpu_tot_sim_insn", s->tot_insn);
	stats_u64(s->tot, "gpu_tot_warp_insn", s->tot_warp_insn);
	stats_u64(s->tot, "gpu_tot_launches", s->launches);
	sim_ratios(s->tot, &s->cfg);
	if (s->stats) {
		fprintf(s->stats, "gpu_tot_sim_cycle = %" PRIu64 "\n", s->cycles);
		fprintf(s->stats, "gpu_tot_sim_insn = %" PRIu64 "\n", s->tot_insn);
		fprintf(s->stats, "gpu_tot_warp_insn = %" PRIu64 "\n",
			s->tot_warp_insn);
		fprintf(s->stats, "gpu_tot_launches = %u\n", s->launches);
		if (s->stats != stderr)
			fclose(s->stats);
		else
			fflush(stderr);
	}
	stats_json_close(s->json, s->tot);
	stats_destroy(s->lst);
	stats_destroy(s->tot);
	tgpu_destroy(s->t);
	fgpu_destroy(s->g);
	cfg_release(&s->cfg);
	free(s);
}

void ws_sim_props(const struct ws_sim *s, struct ws_device_props *p)
{
	const struct ws_config *c = &s->cfg;
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "warpsim GTX480-class (%u SMs, warp %u)",
		 c->n_sm, (unsigned)c->warp_size);
	p->warp_size = (unsigned)c->warp_size;
	p->n_sm = c->n_sm;
	p->max_threads_per_block = (unsigned)c->max_threads_per_block;
	p->max_block_dim[0] = p->max_block_dim[1] = (unsigned)c->max_threads_per_block;
	p->max_block_dim[2] = 64;
	p->max_grid_dim[0] = 2147483647u;
	p->max_grid_dim[1] = p->max_grid_dim[2] = 65535;
	p->shared_per_block = (unsigned)c->shmem_per_block;
	p->shared_per_sm = (unsigned)c->shmem_per_sm;
	p->regs_per_block = (unsigned)c->regs_per_sm;
	p->regs_per_sm = (unsigned)c->regs_per_sm;
	p->max_threads_per_sm = (unsigned)c->max_threads_per_sm;
	p->max_blocks_per_sm = (unsigned)c->max_ctas_per_sm;
	p->max_warps_per_sm = (unsigned)c->max_warps_per_sm;
	p->clock_khz = (unsigned)(c->core_mhz * 1000);
	p->mem_clock_khz = (unsigned)(c->dram_mhz * 1000);
	p->mem_bus_bits = 384;
	p->l2_bytes = 768 * 1024;
	p->const_bytes = 65536;
	p->cc_major = 7; /* the PTX we run targets sm_75 */
	p->cc_minor = 5;
	p->total_mem = c->device_mem_mb << 20;
}

/* ---- memory --------------------------------------------------------------- */

int ws_mem_alloc(struct ws_sim *s, uint64_t size, ws_addr *out)
{
	if (!out || !size)
		return WS_E_INVALID;
	return fmem_alloc(fgpu_mem(s->g), size, out) ? WS_E_OOM : WS_OK;
}

int ws_mem_free(struct ws_sim *s, ws_addr a)
{
	return fmem_free(fgpu_mem(s->g), a) ? WS_E_INVALID : WS_OK;
}

int ws_mem_write(struct ws_sim *s, ws_addr dst, const void *src, size_t n)
{
	if (!n)
		return WS_OK;
	uint8_t *p = fmem_ptr(fgpu_mem(s->g), dst, n);
	if (!p || !src)
		return WS_E_INVALID;
	memcpy(p, src, n);
	return WS_OK;
}

int ws_mem_read(struct ws_sim *s, void *dst, ws_addr src, size_t n)
{
	if (!n)
		return WS_OK;
	uint8_t *p = fmem_ptr(fgpu_mem(s->g), src, n);
	if (!p || !dst)
		return WS_E_INVALID;
	memcpy(dst, p, n);
	return WS_OK;
}

int ws_mem_copy(struct ws_sim *s, ws_addr dst, ws_addr src, size_t n)
{
	if (!n)
		return WS_OK;
	uint8_t *d = fmem_ptr(fgpu_mem(s->g), dst, n);
	uint8_t *p = fmem_ptr(fgpu_mem(s->g), src, n);
	if (!d || !p)
		return WS_E_INVALID;
	memmove(d, p, n);
	return WS_OK;
}

int ws_mem_set(struct ws_sim *s, ws_addr dst, uint32_t value,
	       unsigned elem_size, size_t count)
{
	if (elem_size != 1 && elem_size != 2 && elem_size != 4)
		return WS_E_INVALID;
	if (!count)
		return WS_OK;
	if (dst % elem_size)
		return WS_E_INVALID;
	uint8_t *p = fmem_ptr(fgpu_mem(s->g), dst, (uint64_t)count * elem_size);
	if (!p)
		return WS_E_INVALID;
	for (size_t i = 0; i < count; i++)
		memcpy(p + i * elem_size, &value, elem_size);
	return WS_OK;
}

void ws_mem_info(const struct ws_sim *s, uint64_t *free_bytes,
		 uint64_t *total_bytes)
{
	const struct fmem *m = fgpu_mem(s->g);
	if (free_bytes)
		*free_bytes = m->total - m->used;
	if (total_bytes)
		*total_bytes = m->total;
}

int ws_mem_range(const struct ws_sim *s, ws_addr a, ws_addr *base,
		 uint64_t *size)
{
	const struct falloc *f = fmem_find(fgpu_mem(s->g), a);
	if (!f)
		return WS_E_INVALID;
	if (base)
		*base = f->base;
	if (size)
		*size = f->size;
	return WS_OK;
}

/* ---- modules -------------------------------------------------------------- */

static int sim_alloc_var(void *ctx, const struct ptx_var *v, addr_t *addr,
			 struct diag *d)
{
	struct ws_sim *s = ctx;
	if (fmem_alloc(fgpu_mem(s->g), v->size ? v->size : 1, addr))
		return diag_err(d, "out of device memory for variable '%s'",
				v->name);
	if (v->init)
		ws_mem_write(s, *addr, v->init, v->size);
	return 0;
}

int ws_module_load(struct ws_sim *s, const char *text, size_t len,
		   const char *name, struct ws_module **out, struct diag *d)
{
	struct ptx_env env = {.ctx = s, .alloc_var = sim_alloc_var};
	struct ptx_module *pm;
	if (!text || !out)
		return WS_E_INVALID;
	if (ptx_module_load(text, len, name ? name : "<ptx>", &env, &pm, d))
		return WS_E_PTX;
	struct ws_module *m = xcalloc(1, sizeof(*m));
	m->ptx = pm;
	for (uint32_t i = 0; i < pm->n_vars; i++)
		if (pm->vars[i].space == SP_CONST)
			m->const_bytes += pm->vars[i].size;
	m->next = s->modules;
	s->modules = m;
	*out = m;
	return WS_OK;
}

void ws_module_unload(struct ws_sim *s, struct ws_module *m)
{
	struct ws_module **pp = &s->modules;
	while (*pp && *pp != m)
		pp = &(*pp)->next;
	if (!*pp)
		return;
	*pp = m->next;
	for (uint32_t i = 0; i < m->ptx->n_vars; i++)
		if (m->ptx->vars[i].addr)
			fmem_free(fgpu_mem(s->g), m->ptx->vars[i].addr);
	ptx_module_free(m->ptx);
	free(m);
}

const struct ptx_kernel *ws_module_kernel(const struct ws_module *m,
					  const char *name)
{
	return m && name ? ptx_module_kernel(m->ptx, name) : NULL;
}

int ws_module_global(const struct ws_module *m, const char *name,
		     ws_addr *addr, uint64_t *size)
{
	const struct ptx_var *v = m && name ? ptx_module_var(m->ptx, name) : NULL;
	if (!v)
		return WS_E_INVALID;
	if (addr)
		*addr = v->addr;
	if (size)
		*size = v->size;
	return WS_OK;
}

void ws_module_print_info(FILE *f, const struct ws_module *m)
{
	ptx_module_print_info(f, m->ptx);
}

void ws_kernel_info(const struct ws_sim *s, const struct ptx_kernel *k,
		    struct ws_kernel_info *out)
{
	memset(out, 0, sizeof(*out));
	out->n_params = k->n_params;
	out->param_bytes = k->param_bytes;
	out->shared_bytes = k->shared_bytes;
	out->local_bytes = k->local_bytes;
	for (const struct ws_module *m = s->modules; m; m = m->next)
		for (uint32_t i = 0; i < m->ptx->n_kernels; i++)
			if (m->ptx->kernels[i] == k)
				out->const_bytes = (unsigned)m->const_bytes;
	out->regs_per_thread = k->regs_per_thread; /* liveness (src/ptx/live.c) */
	out->max_threads = (unsigned)s->cfg.max_threads_per_block;
	if (k->maxntid[0])
		out->max_threads = MIN(out->max_threads, k->maxntid[0] *
			MAX(k->maxntid[1], 1u) * MAX(k->maxntid[2], 1u));
	if (k->reqntid[0])
		out->max_threads = MIN(out->max_threads, k->reqntid[0] *
			MAX(k->reqntid[1], 1u) * MAX(k->reqntid[2], 1u));
}

unsigned ws_ctas_per_sm(const struct ws_sim *s, const struct ptx_kernel *k,
			unsigned block_threads, unsigned dyn_shared)
{
	struct flaunch l = {.k = k, .grid = {1, 1, 1},
			    .block = {block_threads, 1, 1},
			    .dyn_shared = dyn_shared};
	if (!k || !block_threads)
		return 0;
	return fgpu_ctas_per_sm(s->g, &l);
}

int ws_kernel_param(const struct ptx_kernel *k, unsigned i, unsigned *offset,
		    unsigned *size)
{
	if (!k || i >= k->n_params)
		return WS_E_INVALID;
	if (offset)
		*offset = k->params[i].offset;
	if (size)
		*size = k->params[i].size;
	return WS_OK;
}

/* ---- launches ------------------------------------------------------------- */

/* Ratios recomputed from the counters of st (launch or total). */
static void sim_ratios(struct stats *st, const struct ws_config *c)
{
	uint64_t cyc = 0, ti = 0, wi = 0, v, a, b;
	stats_get_u64(st, "gpu_sim_cycle", &cyc);
	stats_get_u64(st, "gpu_sim_insn", &ti);
	stats_get_u64(st, "gpu_sim_warp_insn", &wi);
	stats_f64(st, "gpu_ipc", cyc ? (double)ti / (double)cyc : 0.0);
	stats_f64(st, "gpu_warp_ipc", cyc ? (double)wi / (double)cyc : 0.0);
	stats_f64(st, "gpu_simd_efficiency", wi ? (double)ti /
		  ((double)wi * (double)c->warp_size) : 0.0);
	if (stats_get_u64(st, "warp_cycles_total", &v) && v) {
		stats_get_u64(st, "warp_cycles_barrier", &a);
		stats_get_u64(st, "warp_cycles_exit", &b);
		stats_f64(st, "warp_frac_barrier", (double)a / (double)v);
		stats_f64(st, "warp_frac_exit", (double)b / (double)v);
	}
	if (stats_get_u64(st, "rtru_phases", &a) &&
	    stats_get_u64(st, "rtru_sum_ppm", &b))
		stats_f64(st, "rtru_mean", a ? (double)b / 1e6 / (double)a : 0.0);
	if (stats_get_u64(st, "gpgpu_n_mem_insn", &a) &&
	    stats_get_u64(st, "icnt_total_pkts_simt_to_mem", &b))
		stats_f64(st, "coalescing_rate", b ? (double)a / (double)b : 0.0);
	static const char *const caches[] = {"L1D", "L1C", "L2", "L1I"};
	for (size_t i = 0; i < ARRAY_SIZE(caches); i++) {
		char n1[64], n2[64], n3[64];
		snprintf(n1, sizeof(n1), "%s_total_cache_accesses", caches[i]);
		snprintf(n2, sizeof(n2), "%s_total_cache_misses", caches[i]);
		snprintf(n3, sizeof(n3), "%s_total_cache_miss_rate", caches[i]);
		if (stats_get_u64(st, n1, &a) && stats_get_u64(st, n2, &b))
			stats_f64(st, n3, a ? (double)b / (double)a : 0.0);
	}
	if (stats_get_u64(st, "dram_row_hits", &a) &&
	    stats_get_u64(st, "dram_row_misses", &b))
		stats_f64(st, "dram_row_buffer_locality",
			  a + b ? (double)a / (double)(a + b) : 0.0);
	if (stats_get_u64(st, "dram_busy_cycles", &a) &&
	    stats_get_u64(st, "dram_cycles", &b))
		stats_f64(st, "dram_bw_util", b ? (double)a / (double)b : 0.0);
}

static void sim_cache_stats(struct stats *st, const char *name,
			    const struct mem_cache_stats *c)
{
	char n[64];
	snprintf(n, sizeof(n), "%s_total_cache_accesses", name);
	stats_u64(st, n, c->accesses);
	snprintf(n, sizeof(n), "%s_total_cache_misses", name);
	stats_u64(st, n, c->misses);
	snprintf(n, sizeof(n), "%s_total_cache_pending_hits", name);
	stats_u64(st, n, c->pending_hits);
	snprintf(n, sizeof(n), "%s_total_cache_reservation_fails", name);
	stats_u64(st, n, c->resfails);
}

/* Fill s->lst with the statistics of one launch. */
static void sim_launch_stats(struct ws_sim *s, const struct ptx_kernel *k,
			     const struct flaunch_stats *st,
			     const struct tstats *ts, uint64_t cycles, int rc)
{
	struct stats *l = s->lst;
	stats_clear(l);
	stats_str(l, "kernel_name", k->name);
	stats_u64(l, "kernel_launch_uid", s->launches);
	stats_str(l, "kernel_status", rc ? "failed" : "ok");
	stats_str(l, "mode", s->cfg.mode);
	stats_u64(l, "gpu_sim_cycle", cycles);
	stats_u64(l, "gpu_sim_insn", st->thread_insn);
	stats_u64(l, "gpu_sim_warp_insn", st->warp_insn);
	stats_f64(l, "gpu_ipc", 0);
	stats_f64(l, "gpu_warp_ipc", 0);
	stats_f64(l, "gpu_simd_efficiency", 0);
	stats_u64(l, "gpu_ctas", st->n_ctas);
	stats_u64(l, "gpu_sim_warps", st->warps);
	stats_u64(l, "gpu_sim_barriers", st->barriers);
	stats_u64(l, "gpu_sim_atomics", st->atomics);
	stats_u64(l, "gpu_sim_cas_fail", st->cas_fail);
	stats_u64(l, "gpu_sim_back_branches", st->back_branches);
	stats_u64(l, "gpu_max_resident_ctas", st->max_resident);
	stats_u64(l, "max_progress_gap_insn", st->max_gap_insn);
	if (ts) {
		const struct mem_stats *m = &ts->mem;
		uint64_t tot = 0;
		stats_u64(l, "sched_cycles", ts->sched_cycles);
		stats_u64(l, "sched_issued", ts->sched_issued);
		stats_u64(l, "sched_idle", ts->sched_idle);
		stats_u64(l, "sched_scoreboard", ts->sched_scoreboard);
		stats_u64(l, "sched_pipeline", ts->sched_pipeline);
		stats_u64(l, "dual_issue_nums", ts->dual_issue);
		for (unsigned i = 0; i < TW__COUNT; i++) {
			char n[48];
			snprintf(n, sizeof(n), "warp_cycles_%s", tw_class_name(i));
			stats_u64(l, n, ts->wc[i]);
			tot += ts->wc[i];
		}
		stats_u64(l, "warp_cycles_total", tot);
		stats_f64(l, "warp_frac_barrier", 0);
		stats_f64(l, "warp_frac_exit", 0);
		stats_u64(l, "rtru_phases", ts->rtru_phases);
		stats_u64(l, "rtru_sum_ppm", ts->rtru_sum_ppm);
		stats_f64(l, "rtru_mean", 0);
		stats_u64(l, "gpgpu_n_mem_insn", ts->mem_insn);
		stats_u64(l, "gpgpu_n_mem_txn", ts->mem_txn);
		stats_u64(l, "gpgpu_n_atomic_insn", ts->atomic_insn);
		stats_u64(l, "gpgpu_n_shmem_insn", ts->shmem_insn);
		stats_u64(l, "gpgpu_n_shmem_bkconflict", ts->shmem_bank_cycles);
		stats_u64(l, "gpu_reg_bank_conflict_stalls",
			  ts->reg_bank_conflicts);
		stats_u64(l, "gpgpu_n_stall_shd_mem", ts->ldst_stall);
		stats_u64(l, "ibuffer_flushes", ts->ib_flush);
		stats_u64(l, "ibuffer_fetch_discards", ts->ib_discard);
		stats_u64(l, "L1I_total_cache_accesses", ts->ifetch);
		stats_u64(l, "L1I_total_cache_misses", ts->imiss);
		sim_cache_stats(l, "L1D", &m->l1d);
		sim_cache_stats(l, "L1C", &m->l1c);
		sim_cache_stats(l, "L2", &m->l2);
		stats_u64(l, "icnt_total_pkts_simt_to_mem", m->icnt_req_pkts);
		stats_u64(l, "icnt_total_pkts_mem_to_simt", m->icnt_rep_pkts);
		stats_u64(l, "dram_n_rd", m->dram.n_rd);
		stats_u64(l, "dram_n_write", m->dram.n_wr);
		stats_u64(l, "dram_n_act", m->dram.n_act);
		stats_u64(l, "dram_n_pre", m->dram.n_pre);
		stats_u64(l, "dram_row_hits", m->dram.row_hits);
		stats_u64(l, "dram_row_misses", m->dram.row_misses);
		stats_u64(l, "dram_rd_bytes", m->dram.rd_bytes);
		stats_u64(l, "dram_wr_bytes", m->dram.wr_bytes);
		stats_u64(l, "dram_busy_cycles", m->dram.busy_cycles);
		stats_u64(l, "dram_cycles", m->dram_cycles * ts->n_mem);
		stats_u64(l, "gpu_tb_cycles", ts->tb_cycles);
		stats_u64(l, "max_progress_gap_cycles", ts->max_gap_cycles);
		stats_u64(l, "max_cas_fail_per_progress", ts->max_cas_ratio);
		stats_f64(l, "gpu_tb_avg_lifetime", ts->n_tb ?
			  (double)ts->tb_cycles / (double)ts->n_tb : 0.0);
		stats_u64_array(l, "shader_issued", ts->sm_issued, ts->n_sm);
		stats_u64_array(l, "shader_ctas", ts->sm_tbs, ts->n_sm);
	}
	stats_f64(l, "sim_wall_seconds", st->wall_s);
	stats_f64(l, "sim_rate_warp_insn_per_s", st->wall_s > 0 ?
		  (double)st->warp_insn / st->wall_s : 0.0);
	stats_f64(l, "sim_rate_cycle_per_s", st->wall_s > 0 ?
		  (double)cycles / st->wall_s : 0.0);
	sim_ratios(l, &s->cfg);
}

/* Add launch statistics l to the totals t; the progress gaps are maxima
 * over the launches, not sums. */
static void sim_add_totals(struct stats *t, const struct stats *l)
{
	static const char *const maxima[] = {"max_progress_gap_insn",
					     "max_progress_gap_cycles",
					     "max_cas_fail_per_progress"};
	uint64_t old[ARRAY_SIZE(maxima)], v;
	for (size_t i = 0; i < ARRAY_SIZE(maxima); i++)
		if (!stats_get_u64(t, maxima[i], &old[i]))
			old[i] = 0;
	stats_add(t, l);
	for (size_t i = 0; i < ARRAY_SIZE(maxima); i++)
		if (stats_get_u64(l, maxima[i], &v))
			stats_u64(t, maxima[i], MAX(old[i], v));
}

static void sim_print_launch(struct ws_sim *s)
{
	FILE *f = s->stats;
	stats_json_launch(s->json, s->lst);
	if (!f)
		return;
	if (!s->config_printed) {
		fprintf(f, "warpsim %s: effective configuration\n", WS_VERSION);
		cfg_print(f, &s->cfg, "-");
		s->config_printed = true;
	}
	stats_print_text(s->lst, f);
	fprintf(f, "gpu_tot_sim_cycle = %" PRIu64 "\n", s->cycles);
	fprintf(f, "gpu_tot_sim_insn = %" PRIu64 "\n", s->tot_insn);
	fflush(f);
}

int ws_launch(struct ws_sim *s, const struct ws_launch *l, struct diag *d)
{
	struct flaunch fl;
	struct flaunch_stats st;
	struct tstats ts;
	uint64_t cycles;
	int rc;
	if (!s || !l || !l->kernel)
		return WS_E_INVALID;
	memset(&st, 0, sizeof(st));
	memset(&ts, 0, sizeof(ts));
	fl.k = l->kernel;
	memcpy(fl.grid, l->grid, sizeof(fl.grid));
	memcpy(fl.block, l->block, sizeof(fl.block));
	fl.dyn_shared = l->dyn_shared;
	fl.params = l->params;
	fl.param_bytes = l->param_bytes;
	if (s->t) {
		rc = tgpu_launch(s->t, &fl, &st, &ts, d);
		cycles = ts.cycles;
	} else {
		rc = fgpu_launch(s->g, &fl, &st, d);
		uint64_t n_sm = s->cfg.n_sm ? s->cfg.n_sm : 1;
		cycles = (st.warp_insn + n_sm - 1) / n_sm;
	}
	s->cycles += cycles;
	s->tot_insn += st.thread_insn;
	s->tot_warp_insn += st.warp_insn;
	s->last = (struct ws_launch_stats){.cycles = cycles,
		.warp_insn = st.warp_insn, .thread_insn = st.thread_insn,
		.wall_s = st.wall_s};
	if (rc != WS_E_INVALID && rc != WS_E_RESOURCES) {
		sim_launch_stats(s, l->kernel, &st, s->t ? &ts : NULL, cycles,
				 rc);
		sim_add_totals(s->tot, s->lst);
		s->tot_wall += st.wall_s;
		stats_f64(s->tot, "sim_wall_seconds", s->tot_wall);
		stats_f64(s->tot, "sim_rate_warp_insn_per_s", s->tot_wall > 0 ?
			  (double)s->tot_warp_insn / s->tot_wall : 0.0);
		stats_f64(s->tot, "sim_rate_cycle_per_s", s->tot_wall > 0 ?
			  (double)s->cycles / s->tot_wall : 0.0);
		sim_print_launch(s);
	}
	s->launches++;
	return rc;
}

void ws_last_launch_stats(const struct ws_sim *s, struct ws_launch_stats *out)
{
	*out = s->last;
}

uint64_t ws_sim_cycles(const struct ws_sim *s) { return s->cycles; }
double ws_sim_core_mhz(const struct ws_sim *s) { return s->cfg.core_mhz; }
