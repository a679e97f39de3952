/*
 * fgpu_int.h - the functional GPU's private state, shared by the files that
 * schedule warps (grid.c), step them (exec.c) and execute control-flow,
 * memory and warp-level instructions (exec_ctrl.c, exec_mem.c,
 * exec_warp.c).  Arithmetic handlers only need func_int.h.
 */
#ifndef SIM_FUNC_FGPU_INT_H
#define SIM_FUNC_FGPU_INT_H

#include "../config/config.h"
#include "func.h"
#include "func_int.h"

/* The first fault of a launch, reported once. */
struct ffault {
	int status;        /* enum ws_status, 0 = none */
	addr_t addr;       /* faulting address */
	unsigned space;    /* enum space after generic decoding */
	unsigned size;     /* access size in bytes */
	uint32_t pc;       /* instruction */
	unsigned lane;     /* lane of the first faulting thread */
	uint32_t warp_id;  /* warp in its CTA */
	uint32_t ctaid[3]; /* block */
	uint32_t ntid[3];  /* block shape (to derive the thread index) */
	const char *why;   /* short description */
};

struct fgpu {
	const struct ws_config *cfg;  /* configuration (immutable) */
	struct fmem mem;              /* device memory */
	unsigned ws;                  /* warp size */
	unsigned grid_id;             /* launches so far (%gridid) */
	uint64_t clock;               /* functional clock: warp insts ever */
	/* per launch */
	const struct flaunch *l;      /* the running launch */
	uint64_t icount;              /* warp instructions this launch */
	uint64_t tinsn;               /* thread instructions this launch */
	uint64_t last_progress;       /* icount at the last progress event */
	uint64_t n_bar;               /* warp barrier arrivals this launch */
	uint64_t n_atom;              /* thread atomic operations */
	uint64_t n_cas_fail;          /* thread atom.cas that did not swap */
	uint64_t n_back;              /* taken backward branches (warp) */
	struct ffault fault;          /* first fault */
	struct fcta *slots;           /* resident CTA slots */
	unsigned n_slots;             /* slots (n_sm * ctas per SM) */
	unsigned slots_cap;           /* slots allocated, kept across launches */
	uint8_t *slot_busy;           /* slot holds a running CTA */
	uint64_t *imm_pool;           /* immediates broadcast to ws lanes */
	uint32_t *imm_row;            /* [pc * 5 + operand] -> pool row */
};

/*
 * Run warp w (state FW_READY) for up to n instructions, stopping early when
 * it waits, exits or sleeps.  Returns false when an instruction faulted
 * (the fault is in g->fault).
 */
bool fexec_run(struct fgpu *g, struct fcta *c, struct fwarp *w, uint64_t n);
/* Record a fault of the executing instruction (first one wins). */
void fexec_fault(struct exec *x, int status, unsigned lane, addr_t a,
		 unsigned space, unsigned size, const char *why);
/* Lanes m of the executing warp exit. */
void fexec_exit_lanes(struct exec *x, lanemask_t m);
/* Release any barrier of c whose arrival count is now complete. */
void fcta_check_barriers(struct fgpu *g, struct fcta *c);
/* Push a SIMT stack entry (grows the stack if needed). */
void simt_push(struct fwarp *w, uint32_t pc, uint32_t rpc, lanemask_t mask,
	       uint32_t call);

#endif
