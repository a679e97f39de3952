/*
 * func.h - the functional GPU model (interface used by sim/, timing/, api/).
 *
 * struct fgpu owns device memory and runs kernels warp-instruction by
 * warp-instruction with exact PTX semantics.  In functional mode
 * (fgpu_launch) it also schedules: blocks are made resident up to the
 * configured occupancy and resident warps run round-robin, a quantum of
 * instructions at a time, so spin locks in the done-flag form and
 * cross-block flags make progress.
 *
 * Address map (64-bit generic addresses):
 *   [FMEM_GLOBAL_BASE, ...)            device allocations, each followed by
 *                                      an unmapped guard gap
 *   [FMEM_SHARED_WIN, +4 GiB)          the executing CTA's shared memory
 *   [FMEM_LOCAL_WIN,  +4 GiB)          the executing thread's local frame
 * cvta to/from shared and local adds/subtracts the window base; global
 * and const addresses are identical in generic and specific form.
 */
#ifndef SIM_FUNC_FUNC_H
#define SIM_FUNC_FUNC_H

#include <stdio.h>

#include "../base/base.h"
#include "../base/diag.h"
#include "../ptx/ir.h"

struct fgpu;
struct fcta;
struct ws_config;

#define FMEM_GLOBAL_BASE 0x0000000700000000ULL /* first device address */
#define FMEM_SHARED_WIN 0x0000100000000000ULL  /* generic shared window */
#define FMEM_LOCAL_WIN 0x0000200000000000ULL   /* generic local window */
#define FMEM_WIN_SIZE 0x0000000100000000ULL    /* size of each window */
#define FMEM_GUARD 4096                        /* gap between allocations */

/* ---- device memory ------------------------------------------------------ */

struct falloc {
	addr_t base;    /* device address */
	uint64_t size;  /* bytes requested */
	uint8_t *data;  /* host backing store */
};

struct fmem {
	struct falloc *v;  /* live allocations sorted by base */
	uint32_t n;        /* live allocations */
	uint32_t cap;      /* allocated entries of v */
	uint32_t last;     /* index of the last lookup hit */
	addr_t next;       /* next free device address (never reused) */
	uint64_t used;     /* bytes allocated */
	uint64_t total;    /* bytes allowed */
};

void fmem_init(struct fmem *m, uint64_t total);
void fmem_release(struct fmem *m);
int fmem_alloc(struct fmem *m, uint64_t size, addr_t *out);
int fmem_free(struct fmem *m, addr_t base);
/* Host pointer for [a, a+n) if it lies inside one allocation, else NULL. */
uint8_t *fmem_ptr(struct fmem *m, addr_t a, uint64_t n);
/* Allocation holding a, NULL if none. */
const struct falloc *fmem_find(struct fmem *m, addr_t a);
/* The same two lookups through a caller's hint *last instead of m's (the
 * SM contexts of a parallel cycle: m is not written). */
uint8_t *fmem_ptr_hint(const struct fmem *m, addr_t a, uint64_t n,
		       uint32_t *last);
const struct falloc *fmem_find_hint(const struct fmem *m, addr_t a,
				    uint32_t *last);

/* ---- launches ----------------------------------------------------------- */

struct ws_heap;

struct flaunch {
	struct ws_heap *heap;        /* device heap for malloc/free, or NULL:
					the functional GPU's own */
	const struct ptx_kernel *k;  /* kernel */
	unsigned grid[3];            /* grid shape */
	unsigned block[3];           /* block shape */
	unsigned dyn_shared;         /* dynamic shared bytes */
	const uint8_t *params;       /* parameter buffer */
	size_t param_bytes;          /* its size */
};

/* Statistics of one launch (functional mode). */
struct flaunch_stats {
	uint64_t warp_insn;     /* warp instructions executed */
	uint64_t thread_insn;   /* thread instructions (active lanes) */
	uint64_t n_ctas;        /* blocks run */
	uint64_t max_resident;  /* most blocks resident at once */
	uint64_t warps;         /* warps launched */
	uint64_t barriers;      /* warp arrivals at CTA barriers */
	uint64_t atomics;       /* thread-level atomic operations */
	uint64_t cas_fail;      /* thread-level atom.cas that did not swap */
	uint64_t cas_fail_intra; /* ... where the word was last taken by a
				    successful atom.cas of the same warp */
	uint64_t cas_fail_inter; /* ... of another warp (the rest: never
				    taken by an atom.cas this launch) */
	uint64_t back_branches; /* taken backward branches, per warp */
	uint64_t max_gap_insn;  /* longest run of warp instructions without
				   progress (store, atomic change, barrier
				   event, exit) */
	double wall_s;          /* host seconds spent */
};

struct fgpu *fgpu_create(const struct ws_config *cfg);
void fgpu_destroy(struct fgpu *g);
/* Write the device printf/assert text of past launches to f, in order. */
void fgpu_output_flush(struct fgpu *g, FILE *f);
struct fmem *fgpu_mem(struct fgpu *g);

/* ---- device heap (heap.c; struct ws_heap in warpsim.h) -------------------- */

/* malloc(n) from heap h (its region allocated in m at first use): 0 with
 * the address in *out, which is 0 when the heap has no room. */
int fheap_malloc(struct ws_heap *h, struct fmem *m, uint64_t n, addr_t *out);
/* free(p): 0, or -1 when p is not a live block of h (free(0) is 0). */
int fheap_free(struct ws_heap *h, addr_t p);
/* Free h, returning its region to m (NULL: the memory is already gone). */
void fheap_release(struct ws_heap *h, struct fmem *m);
/*
 * Run a launch to completion in functional mode.  Returns 0 or a negative
 * enum ws_status; a fault or hang is reported once on stderr and in d.
 */
int fgpu_launch(struct fgpu *g, const struct flaunch *l,
		struct flaunch_stats *st, struct diag *d);
/*
 * Host bytes the block slots hold now (registers, predicates, SIMT stacks,
 * saved recursive frames, shared and local memory, warp state): after a
 * launch, what that launch needed, not the most any launch needed.
 */
size_t fgpu_slot_bytes(const struct fgpu *g);
/* Blocks of this launch that fit on one SM at once (0: none fit). */
unsigned fgpu_ctas_per_sm(const struct fgpu *g, const struct flaunch *l);

/* Queries used by special registers (%nsmid, %clock, ...). */
unsigned fgpu_n_sm(const struct fgpu *g);
unsigned fgpu_max_warps_per_sm(const struct fgpu *g);
unsigned fgpu_grid_id(const struct fgpu *g);
uint64_t fgpu_clock(const struct fgpu *g, const struct fcta *c);
uint64_t fgpu_globaltimer_ns(const struct fgpu *g);

#endif
