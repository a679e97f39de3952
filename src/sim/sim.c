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
 * stderr (or a stats_file), or JSON when stats_file ends in ".json"; the
 * names and their definitions are in docs/stats.md.
 */
#include "../base/base.h"
#include "../../include/warpsim.h"
#include "../config/config.h"
#include "../func/func.h"
#include "../ptx/ptx.h"
#include "../stats/stats.h"
#include "../timing/timing.h"
#include "../sched/fetch.h"
#include "../sched/sched.h"

#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <time.h>

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
	double t_create;            /* host monotonic seconds at creation */
	struct stats *run;          /* running totals printed after a launch */
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

/* Host monotonic time in seconds. */
static double sim_now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/*
 * kernel_regs ("NAME=N[,NAME=N...]"): with name NULL check the syntax
 * (nonzero and an error in d when wrong); else set *n to the count given
 * for kernel `name` (the last one wins) and return 1, or 0 when none is.
 */
static int sim_kernel_regs(const char *spec, const char *name, uint32_t *n,
			   struct diag *d)
{
	int found = 0;
	if (!*spec)
		return 0;
	for (const char *p = spec;; p++) {
		const char *eq = strchr(p, '='), *end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		char *stop;
		unsigned long v = eq && eq < end ? strtoul(eq + 1, &stop, 10) : 0;
		if (!eq || eq >= end || eq == p || stop != end || eq + 1 == end ||
		    v == 0 || v > 255) {
			if (d)
				diag_err(d, "kernel_regs '%s': expected NAME=N"
					 "[,NAME=N...] with 1 <= N <= 255",
					 spec);
			return -1;
		}
		if (name && strlen(name) == (size_t)(eq - p) &&
		    !strncmp(name, p, (size_t)(eq - p))) {
			*n = (uint32_t)v;
			found = 1;
		}
		if (!*end)
			break;
		p = end;
	}
	return found;
}

/*
 * ptxas_regs: the arch it names ("sm_NN" -> NN, "target" -> 0), or -1 when
 * the value is neither.
 */
static int sim_ptxas_arch(const char *v)
{
	char *stop;
	unsigned long sm;

	if (!strcmp(v, "target"))
		return 0;
	if (strncmp(v, "sm_", 3) || !isdigit((unsigned char)v[3]))
		return -1;
	sm = strtoul(v + 3, &stop, 10);
	return *stop || sm < 10 || sm > 999 ? -1 : (int)sm;
}

int ws_config_check(struct ws_config *c, struct diag *d)
{
	char err[256];
	unsigned slots;

	if (cfg_validate(c, d))
		return WS_E_INVALID;
	/*
	 * The policies are checked in every mode, as the timing model would
	 * create them (functional mode has no warp slots beyond what a
	 * policy can index, so the name check uses at most that many).
	 */
	slots = (unsigned)c->max_warps_per_sm;
	if (strcmp(c->mode, "timing") && slots > SCHED_MAX_WARPS)
		slots = SCHED_MAX_WARPS;
	struct sched_bows_params bp;
	if (sched_bows_parse(&bp, c->bows_delay, c->ddos_hash, c->ddos_l,
			     c->ddos_m, c->ddos_k, c->ddos_t,
			     err, sizeof(err)) ||
	    sched_bows_detect(&bp, c->bows_detect, err, sizeof(err))) {
		diag_err(d, "%s", err);
		return WS_E_INVALID;
	}
	if (bp.oracle && !c->bows_sibs[0]) {
		snprintf(err, sizeof(err), "bows_detect oracle needs bows_sibs "
			 "(a file of annotated spin-inducing branches)");
		diag_err(d, "%s", err);
		return WS_E_INVALID;
	}
	if (sched_check(c->sched, (unsigned)c->n_sched, slots, err,
			sizeof(err))) {
		diag_err(d, "gpgpu_scheduler '%s': %s", c->sched, err);
		return WS_E_INVALID;
	}
	if (!fetch_lookup(c->fetch)) {
		diag_err(d, "fetch_policy '%s': unknown fetch policy (try "
			 "`warpsim list`)", c->fetch);
		return WS_E_INVALID;
	}
	/* what the timing model reads, checked as it reads it, in every
	 * mode (a functional run must not accept what a timing run with the
	 * same options would refuse) */
	if (tgpu_check_config(c, d))
		return WS_E_INVALID;
	if (sim_kernel_regs(c->kernel_regs, NULL, NULL, d) < 0)
		return WS_E_INVALID;
	if (*c->ptxas_regs && sim_ptxas_arch(c->ptxas_regs) < 0) {
		diag_err(d, "ptxas_regs '%s': expected '' (off), 'target' (the "
			 "module's .target) or sm_NN", c->ptxas_regs);
		return WS_E_INVALID;
	}
	return WS_OK;
}

static int sim_finish_create(struct ws_sim *s, struct ws_sim **out,
			     struct diag *d)
{
	if (ws_config_check(&s->cfg, d)) {
		cfg_release(&s->cfg);
		free(s);
		return WS_E_INVALID;
	}
	if (s->cfg.warnings)
		fputs(s->cfg.warnings, stderr);
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
		/* the statistics go to FILE only: no text copy on stderr */
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
	s->run = stats_create();
	s->t_create = sim_now();
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

static void sim_running(struct ws_sim *s, struct stats *r);

/* The end-of-run lines: launch count and host time (GPGPU-Sim's rate). */
static void sim_final_lines(const struct ws_sim *s, struct stats *r,
			    double secs)
{
	stats_u64(r, "gpu_tot_warp_insn", s->tot_warp_insn);
	stats_u64(r, "gpu_tot_launches", s->launches);
	stats_f64(r, "gpgpu_simulation_time", secs);
	stats_f64(r, "gpgpu_simulation_rate", secs > 0 ?
		  (double)s->tot_insn / secs : 0.0);
}

/*
 * The end of the run: the running totals, launch count and host time go
 * into the JSON total; the text gets, after the last launch's running
 * totals, only the names not printed there (so no name repeats), or the
 * running totals too when no launch printed them.
 */
static void sim_final_stats(struct ws_sim *s)
{
	struct stats *fin = stats_create();
	double secs = sim_now() - s->t_create;

	if (!s->config_printed)
		sim_running(s, fin);
	sim_final_lines(s, fin, secs);
	sim_ratios(s->tot, &s->cfg);
	sim_running(s, s->tot);
	sim_final_lines(s, s->tot, secs);
	if (s->stats) {
		stats_print_text(fin, s->stats);
		if (s->stats != stderr)
			fclose(s->stats);
		else
			fflush(stderr);
	}
	stats_destroy(fin);
}

void ws_heap_destroy(struct ws_sim *s, struct ws_heap *h)
{
	fheap_release(h, s ? fgpu_mem(s->g) : NULL);
}

void ws_sim_destroy(struct ws_sim *s)
{
	if (!s)
		return;
	ws_output_flush(s, stdout); /* device printf nobody flushed yet */
	while (s->modules) {
		struct ws_module *m = s->modules;
		ws_module_unload(s, m);
	}
	sim_final_stats(s);
	stats_json_close(s->json, s->tot);
	stats_destroy(s->lst);
	stats_destroy(s->tot);
	stats_destroy(s->run);
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
	if (s->t) /* gpgpu_perf_sim_memcpy */
		tgpu_copy_in(s->t, dst, n);
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

/*
 * ptxas_regs: replace every kernel's liveness estimate by ptxas's count
 * (still capped by .maxnreg; --regs is applied after and wins).  Errors,
 * never a silent fall-back, when ptxas is missing or fails.
 */
static int sim_ptxas_regs(struct ws_sim *s, const char *text, size_t len,
			  struct ptx_module *pm, struct diag *d)
{
	int sm = sim_ptxas_arch(s->cfg.ptxas_regs);
	const char **names;
	uint32_t *regs;
	int rc;

	if (!sm)
		sm = (int)pm->target_sm;
	if (sm <= 0)
		return diag_err(d, "ptxas_regs 'target': module %s names no "
				".target sm_XX; give the arch (ptxas_regs=sm_75)",
				pm->filename);
	if (!pm->n_kernels)
		return 0;
	names = xcalloc(pm->n_kernels, sizeof(*names));
	regs = xcalloc(pm->n_kernels, sizeof(*regs));
	for (uint32_t i = 0; i < pm->n_kernels; i++)
		names[i] = pm->kernels[i]->name;
	rc = ptx_ptxas_regs(text, len, (unsigned)sm, names, pm->n_kernels,
			    regs, d);
	for (uint32_t i = 0; !rc && i < pm->n_kernels; i++) {
		struct ptx_kernel *k = pm->kernels[i];
		k->regs_per_thread = MAX(regs[i], 1u);
		if (k->maxnreg)
			k->regs_per_thread = MIN(k->regs_per_thread, k->maxnreg);
	}
	free(names);
	free(regs);
	return rc;
}

int ws_module_load(struct ws_sim *s, const char *text, size_t len,
		   const char *name, struct ws_module **out, struct diag *d)
{
	struct ws_device_props props;
	ws_sim_props(s, &props);
	struct ptx_env env = {.ctx = s, .alloc_var = sim_alloc_var,
			      .sm = props.cc_major * 10 + props.cc_minor,
			      .strict_target = s->cfg.ptx_strict_target};
	struct ptx_module *pm;
	if (!text || !out)
		return WS_E_INVALID;
	if (ptx_module_load(text, len, name ? name : "<ptx>", &env, &pm, d))
		return WS_E_PTX;
	if (pm->warnings)
		fputs(pm->warnings, stderr); /* .target/.version (issue 18) */
	if (*s->cfg.ptxas_regs && sim_ptxas_regs(s, text, len, pm, d)) {
		for (uint32_t i = 0; i < pm->n_vars; i++)
			if (pm->vars[i].addr)
				fmem_free(fgpu_mem(s->g), pm->vars[i].addr);
		ptx_module_free(pm);
		return WS_E_PTX;
	}
	struct ws_module *m = xcalloc(1, sizeof(*m));
	m->ptx = pm;
	/* --regs: registers per thread as given (ptxas's count) */
	for (uint32_t i = 0; i < pm->n_kernels; i++)
		sim_kernel_regs(s->cfg.kernel_regs, pm->kernels[i]->name,
				&pm->kernels[i]->regs_per_thread, NULL);
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

/*
 * GPGPU-Sim-named ratios (docs/stats.md), from counters of st:
 *  gpu_occupancy  percent of warp slots held by unfinished warps, over the
 *                 cycles in which an SM had blocks: (warp-cycles of all
 *                 classes but exit) / (SM-cycles x gpgpu_shader_max_warps);
 *                 SM-cycles = sched_cycles / gpgpu_num_sched_per_core
 *  L2_BW          GB/s, 32 bytes per reply the L2 sends (GPGPU-Sim's
 *                 formula), over gpu_sim_cycle at the interconnect clock
 *  averagemflatency  mean core cycles from L1 send to L2 reply
 *  bwutil, Row_Buffer_Locality  per DRAM channel
 */
static void sim_ratios_gpgpusim(struct stats *st, const struct ws_config *c)
{
	uint64_t a = 0, b = 0, v = 0, cyc = 0;
	size_t n = 0, nb = 0, nh = 0, nm = 0;
	if (stats_get_u64(st, "warp_cycles_total", &v) &&
	    stats_get_u64(st, "warp_cycles_exit", &a) &&
	    stats_get_u64(st, "sched_cycles", &b)) {
		double slots = (double)b / (double)c->n_sched *
			(double)c->max_warps_per_sm;
		stats_f64(st, "gpu_occupancy", slots > 0 ?
			  100.0 * (double)(v - a) / slots : 0.0);
	}
	if (stats_get_u64(st, "mem_rd_lat_sum", &a) &&
	    stats_get_u64(st, "mem_rd_lat_n", &b))
		stats_f64(st, "averagemflatency", b ? (double)a / (double)b : 0);
	stats_get_u64(st, "gpu_sim_cycle", &cyc);
	if (stats_get_u64(st, "icnt_total_pkts_mem_to_simt", &a))
		stats_f64(st, "L2_BW", cyc ? (double)a * 32.0 /
			  ((double)cyc / (c->icnt_mhz * 1e6)) / 1e9 : 0.0);
	const uint64_t *cmd = stats_get_u64_array(st, "n_cmd", &n);
	const uint64_t *busy = stats_get_u64_array(st, "dram_busy_cycles_chan",
						   &nb);
	const uint64_t *hit = stats_get_u64_array(st, "dram_row_hits_chan", &nh);
	const uint64_t *mis = stats_get_u64_array(st, "dram_row_misses_chan",
						  &nm);
	if (!cmd || !busy || !hit || !mis || n != nb || n != nh || n != nm ||
	    n > MEM_STATS_MAX_CHAN)
		return;
	double bw[MEM_STATS_MAX_CHAN], rbl[MEM_STATS_MAX_CHAN];
	for (size_t i = 0; i < n; i++) {
		bw[i] = cmd[i] ? (double)busy[i] / (double)cmd[i] : 0.0;
		rbl[i] = hit[i] + mis[i] ? (double)hit[i] /
			(double)(hit[i] + mis[i]) : 0.0;
	}
	stats_f64_array(st, "bwutil", bw, n);
	stats_f64_array(st, "Row_Buffer_Locality", rbl, n);
}

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
		/* BAWS's barrier-stall share counts TB exit points too */
		stats_f64(st, "warp_frac_barrier_exit",
			  (double)(a + b) / (double)v);
	}
	if (stats_get_u64(st, "rtru_phases", &a) &&
	    stats_get_u64(st, "rtru_sum_ppm", &b))
		stats_f64(st, "rtru_mean", a ? (double)b / 1e6 / (double)a : 0.0);
	if (stats_get_u64(st, "gpgpu_n_mem_insn", &a) &&
	    stats_get_u64(st, "icnt_total_pkts_simt_to_mem", &b))
		stats_f64(st, "coalescing_rate", b ? (double)a / (double)b : 0.0);
	/* DWR's eq. 1: thread memory instructions (global and local loads,
	 * stores, atomics) per request the SMs sent off-chip for global and
	 * local memory; and the share of scheduler cycles with no ready
	 * warp (DWR's idle cycles: nothing issuable, so no scoreboard
	 * waits either) */
	{
		static const char *const req[] = {
			"gpgpu_n_mem_read_global", "gpgpu_n_mem_write_global",
			"gpgpu_n_mem_read_local", "gpgpu_n_mem_write_local"};
		uint64_t ld, sto, n = 0, r;
		bool ok = stats_get_u64(st, "gpgpu_n_load_insn", &ld) &&
			stats_get_u64(st, "gpgpu_n_store_insn", &sto);
		for (size_t i = 0; ok && i < ARRAY_SIZE(req); i++) {
			ok = stats_get_u64(st, req[i], &r);
			n += ok ? r : 0;
		}
		if (ok) {
			stats_u64(st, "offchip_requests", n);
			stats_f64(st, "coalescing_rate_threads", n ?
				  (double)(ld + sto) / (double)n : 0.0);
		}
		/* no warp had a hazard-free instruction: W0_Idle plus
		 * W0_Scoreboard (warps waiting for memory are not ready) */
		if (stats_get_u64(st, "sched_idle", &a) &&
		    stats_get_u64(st, "sched_scoreboard", &r) &&
		    stats_get_u64(st, "sched_cycles", &b))
			stats_f64(st, "sched_idle_share",
				  b ? (double)(a + r) / (double)b : 0.0);
	}
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
	sim_ratios_gpgpusim(st, c);
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

/*
 * GPGPU-Sim's "Warp Occupancy Distribution" as one array of warp_size + 1
 * entries: [k], k >= 1, warp instructions issued with k SIMT-active lanes
 * (W1..W32); [0] scheduler-cycles without an issue, which GPGPU-Sim splits
 * into W0_Idle, W0_Scoreboard and Stall (our sched_idle, sched_scoreboard,
 * sched_pipeline).
 */
static void sim_warp_occ_dist(struct stats *l, const struct tstats *ts,
			      unsigned ws)
{
	uint64_t w[WS_MAX_WARP + 1];
	ws = MIN(ws, (unsigned)WS_MAX_WARP);
	w[0] = ts->sched_idle + ts->sched_scoreboard + ts->sched_pipeline;
	for (unsigned k = 1; k <= ws; k++)
		w[k] = ts->issue_lanes[k];
	stats_u64_array(l, "warp_occupancy_distribution", w, ws + 1);
}

/*
 * Per DRAM channel (the first MEM_STATS_MAX_CHAN), under the names of
 * GPGPU-Sim's DRAM[i] lines: n_cmd (DRAM cycles), n_nop (cycles without a
 * command), n_act, n_pre, n_req, n_rd / n_write (column commands); bwutil
 * and Row_Buffer_Locality come from the *_chan helpers in sim_ratios.
 */
static void sim_dram_chan_stats(struct stats *l, const struct mem_stats *m,
				unsigned n_mem)
{
	static const char *const names[] = {
		"n_cmd", "n_nop", "n_act", "n_pre", "n_req", "n_rd", "n_write",
		"dram_busy_cycles_chan", "dram_row_hits_chan",
		"dram_row_misses_chan"};
	uint64_t v[ARRAY_SIZE(names)][MEM_STATS_MAX_CHAN];
	unsigned n = MIN(n_mem, (unsigned)MEM_STATS_MAX_CHAN);
	for (unsigned c = 0; c < n; c++) {
		const struct mem_dram_stats *d = &m->chan[c];
		uint64_t row[] = {m->dram_cycles, m->dram_cycles - d->cmd_cycles,
				  d->n_act, d->n_pre, d->n_req, d->n_rd_cmd,
				  d->n_wr_cmd, d->busy_cycles, d->row_hits,
				  d->row_misses};
		for (size_t i = 0; i < ARRAY_SIZE(names); i++)
			v[i][c] = row[i];
	}
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		stats_u64_array(l, names[i], v[i], n);
		if (i == 6) { /* their place; sim_ratios fills them */
			double none[1] = {0};
			stats_f64_array(l, "bwutil", none, 0);
			stats_f64_array(l, "Row_Buffer_Locality", none, 0);
		}
	}
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
	stats_u64(l, "gpu_sim_cas_fail_intra", st->cas_fail_intra);
	stats_u64(l, "gpu_sim_cas_fail_inter", st->cas_fail_inter);
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
		sim_warp_occ_dist(l, ts, (unsigned)s->cfg.warp_size);
		stats_f64(l, "gpu_occupancy", 0);
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
		stats_u64(l, "gpgpu_n_load_insn", ts->load_insn);
		stats_u64(l, "gpgpu_n_store_insn", ts->store_insn);
		stats_u64(l, "gpgpu_n_mem_read_global", m->sm_rd_global);
		stats_u64(l, "gpgpu_n_mem_write_global", m->sm_wr_global);
		stats_u64(l, "gpgpu_n_mem_read_local", m->sm_rd_local);
		stats_u64(l, "gpgpu_n_mem_write_local", m->sm_wr_local);
		stats_u64(l, "gpgpu_n_mem_const", m->sm_const);
		stats_u64(l, "gpgpu_n_shmem_bkconflict", ts->shmem_bank_cycles);
		stats_u64(l, "gpu_reg_bank_conflict_stalls",
			  ts->reg_bank_conflicts);
		stats_u64(l, "gpgpu_n_stall_shd_mem", ts->ldst_stall);
		if (ts->policy)
			stats_add(l, ts->policy);
		stats_u64(l, "ibuffer_flushes", ts->ib_flush);
		stats_u64(l, "ibuffer_fetch_discards", ts->ib_discard);
		stats_u64(l, "L1I_total_cache_accesses", ts->ifetch);
		stats_u64(l, "L1I_total_cache_misses", ts->imiss);
		stats_u64(l, "L1I_total_cache_mshr_merges", ts->imerge);
		stats_u64(l, "L1I_total_cache_reservation_fails", ts->irfail);
		sim_cache_stats(l, "L1D", &m->l1d);
		sim_cache_stats(l, "L1C", &m->l1c);
		sim_cache_stats(l, "L2", &m->l2);
		stats_u64(l, "icnt_total_pkts_simt_to_mem", m->icnt_req_pkts);
		stats_u64(l, "icnt_total_pkts_mem_to_simt", m->icnt_rep_pkts);
		stats_f64(l, "L2_BW", 0);
		stats_u64(l, "mem_rd_lat_sum", m->rd_lat_sum);
		stats_u64(l, "mem_rd_lat_n", m->rd_lat_n);
		stats_f64(l, "averagemflatency", 0);
		stats_u64(l, "gpu_stall_dramfull", m->stall_dramfull);
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
		stats_u64(l, "dram_n_req", m->dram.n_req);
		sim_dram_chan_stats(l, m, ts->n_mem);
		stats_u64(l, "gpu_tb_cycles", ts->tb_cycles);
		stats_u64(l, "max_progress_gap_cycles", ts->max_gap_cycles);
		stats_u64(l, "max_cas_fail_per_progress", ts->max_cas_ratio);
		stats_f64(l, "gpu_tb_avg_lifetime", ts->n_tb ?
			  (double)ts->tb_cycles / (double)ts->n_tb : 0.0);
		stats_u64_array(l, "shader_issued", ts->sm_issued, ts->n_sm);
		stats_u64_array(l, "shader_ctas", ts->sm_tbs, ts->n_sm);
		if (s->cfg.dwr) { /* docs/dwr.md */
			stats_u64(l, "dwr_lat_sync", ts->dwr_sync);
			stats_u64(l, "dwr_lat_ignored", ts->dwr_ignored);
			stats_u64(l, "dwr_ilt_inserts", ts->dwr_ilt_inserts);
			stats_u64(l, "dwr_large_warps", ts->dwr_large);
			stats_u64(l, "dwr_large_subwarps",
				  ts->dwr_large_subwarps);
			stats_u64(l, "dwr_lat_static", ts->dwr_lat_static);
			stats_u64(l, "dwr_lat_ignored_static",
				  ts->dwr_ilt_static);
			stats_u64(l, "dwr_pst_bytes", ts->dwr_pst_bytes);
			stats_u64(l, "dwr_ilt_bytes", ts->dwr_ilt_bytes);
		}
		/* host-only, like the wall-clock lines below */
		stats_u64(l, "sim_parallel_cycles", ts->par_cycles);
	}
	stats_f64(l, "sim_wall_seconds", st->wall_s);
	stats_f64(l, "sim_rate_warp_insn_per_s", st->wall_s > 0 ?
		  (double)st->warp_insn / st->wall_s : 0.0);
	stats_f64(l, "sim_rate_cycle_per_s", st->wall_s > 0 ?
		  (double)cycles / st->wall_s : 0.0);
	sim_ratios(l, &s->cfg);
}

/*
 * Running totals over every launch so far, as GPGPU-Sim prints them after
 * each kernel: cycles, instructions, IPC, warp instructions, and (timing)
 * occupancy and L2 bandwidth over all launches.  Reads s->tot, whose
 * ratios must be current.
 */
static void sim_running(struct ws_sim *s, struct stats *r)
{
	double v;
	stats_u64(r, "gpu_tot_sim_cycle", s->cycles);
	stats_u64(r, "gpu_tot_sim_insn", s->tot_insn);
	stats_f64(r, "gpu_tot_ipc", s->cycles ?
		  (double)s->tot_insn / (double)s->cycles : 0.0);
	stats_u64(r, "gpgpu_n_tot_w_icount", s->tot_warp_insn);
	if (stats_get_f64(s->tot, "gpu_occupancy", &v))
		stats_f64(r, "gpu_tot_occupancy", v);
	if (stats_get_f64(s->tot, "L2_BW", &v))
		stats_f64(r, "L2_BW_total", v);
}

/* Add launch statistics l to the totals t; the progress gaps are maxima
 * over the launches, not sums. */
static void sim_add_totals(struct stats *t, const struct stats *l)
{
	static const char *const maxima[] = {"max_progress_gap_insn",
					     "max_progress_gap_cycles",
					     "max_cas_fail_per_progress",
					     "dwr_lat_static",
					     "dwr_lat_ignored_static",
					     "dwr_pst_bytes", "dwr_ilt_bytes"};
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
	stats_clear(s->run);
	sim_running(s, s->run);
	stats_print_text(s->run, f);
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
	fl.heap = l->heap;
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
	if (rc != WS_E_INVALID && rc != WS_E_RESOURCES && rc != WS_E_OOM) {
		sim_launch_stats(s, l->kernel, &st, s->t ? &ts : NULL, cycles,
				 rc);
		sim_add_totals(s->tot, s->lst);
		/* occupancy inputs: per launch, not summed into the totals */
		stats_u64(s->lst, "kernel_regs_per_thread",
			  l->kernel->regs_per_thread);
		stats_u64(s->lst, "kernel_ctas_per_sm",
			  fgpu_ctas_per_sm(s->g, &fl));
		sim_ratios(s->tot, &s->cfg);
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

void ws_output_flush(struct ws_sim *s, FILE *f)
{
	if (s)
		fgpu_output_flush(s->g, f);
}
