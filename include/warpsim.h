/*
 * warpsim.h - the simulator's public C interface.
 *
 * A struct ws_sim is one simulated GPU: its configuration, device memory,
 * loaded modules and statistics.  The CUDA Driver API (src/api/, built into
 * libcuda.so) and the `warpsim` command sit on top of this interface; tests
 * and tools may use it directly (libwarpsim.a).
 *
 * Conventions: functions return 0 (WS_OK) on success and a negative enum
 * ws_status on failure; user-facing messages go to the struct diag passed
 * last (may be NULL).  Nothing here calls exit() or crashes the host on a
 * fault in the simulated program.
 */
#ifndef WARPSIM_H
#define WARPSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

struct diag;
struct ws_sim;
struct ws_module;
struct ptx_kernel;

typedef uint64_t ws_addr; /* a device address */

enum ws_status {
	WS_OK = 0,
	WS_E_INVALID = -1,        /* bad argument or handle */
	WS_E_OOM = -2,            /* device memory exhausted */
	WS_E_ILLEGAL_ADDRESS = -3,/* kernel accessed memory outside any space */
	WS_E_MISALIGNED = -4,     /* kernel made a misaligned access */
	WS_E_DEADLOCK = -5,       /* barrier that can never complete */
	WS_E_INSN_LIMIT = -6,     /* launch exceeded the instruction bound */
	WS_E_TRAP = -7,           /* kernel executed trap */
	WS_E_RESOURCES = -8,      /* launch needs more than one SM offers */
	WS_E_PTX = -9,            /* PTX failed to load */
	WS_E_UNSUPPORTED = -10,   /* a form the simulator does not model */
	WS_E_ASSERT = -11,        /* kernel called __assertfail (assert) */
};

/*
 * Write the text device printf and assert produced in past launches (in
 * execution order) to f and forget it; the Driver API calls this at
 * synchronising points, as CUDA flushes its printf buffer.
 */
void ws_output_flush(struct ws_sim *s, FILE *f);

/* Simulator version string ("0.1.0"). */
const char *ws_version(void);

/*
 * Create a simulator from command-line style options (the grammar of the
 * `warpsim` command: `--name value`, `--name=value`, `-name value`,
 * `--set name=value`, `--config FILE`).  argv[0] is an option, not a
 * program name.  ws_sim_create_env() takes the options from the
 * environment variable WARPSIM_ARGS (split on white space, with single and
 * double quotes grouping).
 */
int ws_sim_create(int argc, char **argv, struct ws_sim **out, struct diag *d);
int ws_sim_create_env(struct ws_sim **out, struct diag *d);
/*
 * Check a parsed configuration exactly as ws_sim_create does before it
 * builds anything: cfg_validate (values, clocks, memory rows, the
 * functional-mode rule of options.def) plus the scheduler and fetch policy
 * names with their arguments, in every mode.  `warpsim options` and
 * `warpsim run` call it too.  Fills c's derived fields and c->warnings.
 */
struct ws_config;
int ws_config_check(struct ws_config *c, struct diag *d);
/* Print end-of-run statistics (if configured) and free everything. */
void ws_sim_destroy(struct ws_sim *s);

/* What the simulated device reports (cuDeviceGetAttribute and friends). */
struct ws_device_props {
	char name[64];                 /* device name */
	unsigned warp_size;            /* threads per warp */
	unsigned n_sm;                 /* multiprocessors */
	unsigned max_threads_per_block;/* threads per block */
	unsigned max_block_dim[3];     /* block extent limits */
	unsigned max_grid_dim[3];      /* grid extent limits */
	unsigned shared_per_block;     /* bytes of shared memory per block */
	unsigned shared_per_sm;        /* bytes of shared memory per SM */
	unsigned regs_per_block;       /* 32-bit registers per block */
	unsigned regs_per_sm;          /* 32-bit registers per SM */
	unsigned max_threads_per_sm;   /* resident threads per SM */
	unsigned max_blocks_per_sm;    /* resident blocks per SM */
	unsigned max_warps_per_sm;     /* resident warps per SM */
	unsigned clock_khz;            /* core clock */
	unsigned mem_clock_khz;        /* DRAM clock */
	unsigned mem_bus_bits;         /* DRAM bus width */
	unsigned l2_bytes;             /* L2 size */
	unsigned const_bytes;          /* constant memory */
	unsigned cc_major, cc_minor;   /* compute capability reported */
	uint64_t total_mem;            /* device memory bytes */
};
void ws_sim_props(const struct ws_sim *s, struct ws_device_props *p);

/* ---- device memory ------------------------------------------------------ */

int ws_mem_alloc(struct ws_sim *s, uint64_t size, ws_addr *out);
/* Free an allocation by its base address (WS_E_INVALID otherwise). */
int ws_mem_free(struct ws_sim *s, ws_addr a);
/* Copies; the device range must lie inside one allocation. */
int ws_mem_write(struct ws_sim *s, ws_addr dst, const void *src, size_t n);
int ws_mem_read(struct ws_sim *s, void *dst, ws_addr src, size_t n);
int ws_mem_copy(struct ws_sim *s, ws_addr dst, ws_addr src, size_t n);
/* Fill count elements of elem_size (1, 2 or 4) bytes with value. */
int ws_mem_set(struct ws_sim *s, ws_addr dst, uint32_t value,
	       unsigned elem_size, size_t count);
/* Free and total device memory in bytes. */
void ws_mem_info(const struct ws_sim *s, uint64_t *free_bytes,
		 uint64_t *total_bytes);
/* Base and size of the allocation holding a (WS_E_INVALID if none). */
int ws_mem_range(const struct ws_sim *s, ws_addr a, ws_addr *base,
		 uint64_t *size);

/* ---- modules ----------------------------------------------------------- */

/* Load PTX text (len bytes; need not be NUL-terminated). */
int ws_module_load(struct ws_sim *s, const char *text, size_t len,
		   const char *name, struct ws_module **out, struct diag *d);
void ws_module_unload(struct ws_sim *s, struct ws_module *m);
/* Kernel by .entry name, NULL if absent. */
const struct ptx_kernel *ws_module_kernel(const struct ws_module *m,
					  const char *name);
/* Device address and size of a module-scope .global/.const variable. */
int ws_module_global(const struct ws_module *m, const char *name,
		     ws_addr *addr, uint64_t *size);

/* Describe every kernel of a module (the `warpsim ptx` lint). */
void ws_module_print_info(FILE *f, const struct ws_module *m);

/* Facts about a kernel for cuFuncGetAttribute. */
struct ws_kernel_info {
	unsigned n_params;          /* parameters */
	unsigned param_bytes;       /* parameter buffer bytes */
	unsigned shared_bytes;      /* static shared memory per block */
	unsigned local_bytes;       /* local memory per thread */
	unsigned const_bytes;       /* module constant bytes */
	unsigned regs_per_thread;   /* registers per thread (estimate) */
	unsigned max_threads;       /* max threads per block for this kernel */
};
void ws_kernel_info(const struct ws_sim *s, const struct ptx_kernel *k,
		    struct ws_kernel_info *out);
/*
 * Blocks of `block_threads` threads (and dyn_shared dynamic shared bytes)
 * of kernel k that are resident on one SM at once in the current mode:
 * the same rule the block dispatcher uses (cuOccupancy*).
 */
unsigned ws_ctas_per_sm(const struct ws_sim *s, const struct ptx_kernel *k,
			unsigned block_threads, unsigned dyn_shared);
/* Offset/size of parameter i (WS_E_INVALID when i is out of range). */
int ws_kernel_param(const struct ptx_kernel *k, unsigned i, unsigned *offset,
		    unsigned *size);

/* ---- launches ----------------------------------------------------------- */

/*
 * Device heap for malloc/free in kernels (one per CUDA context): its
 * region of `limit` bytes is allocated at the first malloc, after which
 * the limit is fixed (ws_heap_set_limit: WS_E_INVALID).
 */
struct ws_heap;
struct ws_heap *ws_heap_create(uint64_t limit);
int ws_heap_set_limit(struct ws_heap *h, uint64_t limit);
bool ws_heap_in_use(const struct ws_heap *h);
void ws_heap_destroy(struct ws_sim *s, struct ws_heap *h);

/*
 * A texture or surface object as kernels see it: the CUtexObject or
 * CUsurfObject value is the device address of one of these, written by
 * the API layer (src/api/api_tex.c) and read by tex/suld/sust.  Texels
 * are stored row-major from `data`: x at channels * size(format) bytes,
 * rows `pitch` bytes apart, slices or layers `slice` bytes apart.
 */
#define WS_TEXDESC_MAGIC 0x5845545f53572e31ULL /* "1.WS_TEX" */
struct ws_texdesc {
	uint64_t magic;     /* WS_TEXDESC_MAGIC */
	uint64_t data;      /* device address of texel (0, 0, 0) */
	uint64_t pitch;     /* bytes between rows */
	uint64_t slice;     /* bytes between slices or layers */
	uint32_t dim[3];    /* width, height, depth in texels (1 if absent);
			       for a layered 1D texture dim[1] = layers,
			       for a layered 2D one dim[2] = layers */
	uint32_t layered;   /* 1: the last dimension counts layers */
	uint32_t format;    /* CUarray_format value (cuda.h) */
	uint32_t channels;  /* 1, 2 or 4 */
	uint32_t addr[3];   /* CUaddress_mode per dimension */
	uint32_t filter;    /* CUfilter_mode: 0 point, 1 linear */
	uint32_t flags;     /* CU_TRSF_* (read as integer, normalised) */
	uint32_t surface;   /* 1: a surface object */
	float border[4];    /* border colour */
	uint32_t cubemap;   /* 1: slices are cube faces, six per cube in the
			       order +X, -X, +Y, -Y, +Z, -Z (dim[2] counts
			       faces of all cubes) */
	uint32_t levels;    /* mipmap levels (1: not mipmapped); level l
			       follows level l-1 in memory, each image
			       dimension max(1, dim >> l), layers kept */
	uint32_t mip_filter; /* CUfilter_mode between mipmap levels */
	float lod_bias;     /* added to the level of detail */
	float lod_min;      /* level of detail clamped to [lod_min, */
	float lod_max;      /*   lod_max], then to [0, levels - 1] */
	uint32_t dims;      /* image dimensions 1..3 (layers not counted) */
};

struct ws_launch {
	struct ws_heap *heap;            /* device heap, NULL: the simulator's
					    own (8 MiB) */
	const struct ptx_kernel *kernel; /* what to run */
	unsigned grid[3];                /* blocks per grid dimension */
	unsigned block[3];               /* threads per block dimension */
	unsigned dyn_shared;             /* dynamic shared bytes per block */
	const void *params;              /* parameter buffer, laid out as
					    ws_kernel_param says */
	size_t param_bytes;              /* its size */
};

/*
 * Run a kernel to completion.  Returns WS_OK or a negative status; a fault
 * is also reported on stderr once (kernel, block, thread, PTX line,
 * address, space, size) and described in d.
 */
int ws_launch(struct ws_sim *s, const struct ws_launch *l, struct diag *d);
/* Statistics of the most recent launch. */
struct ws_launch_stats {
	uint64_t cycles;       /* simulated core cycles */
	uint64_t warp_insn;    /* warp instructions executed */
	uint64_t thread_insn;  /* thread instructions executed */
	double wall_s;         /* host seconds the launch took */
};
void ws_last_launch_stats(const struct ws_sim *s, struct ws_launch_stats *out);
/* Simulated core cycles since the simulator was created. */
uint64_t ws_sim_cycles(const struct ws_sim *s);
/* Core clock in MHz (converts cycles to time for cuEventElapsedTime). */
double ws_sim_core_mhz(const struct ws_sim *s);

#ifdef __cplusplus
}
#endif
#endif
