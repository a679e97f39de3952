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

/*
 * Timing mode: the memory access of the executing instruction, recorded by
 * exec_mem.c for the coalescer, and the operands of a global atomic, whose
 * functional effect the timing model applies later at the L2
 * (fexec_atom_apply) so lock outcomes depend on timing.
 */
struct fmemrec {
	uint32_t n;                  /* 1 when the instruction accessed memory */
	uint32_t space;              /* enum space after generic decoding
					(of the first accessing lane) */
	uint32_t bytes;              /* bytes per lane (element x vector) */
	uint32_t write;              /* 1 for a store */
	uint32_t atomic;             /* 1 for a deferred global atom/red */
	lanemask_t mask;             /* lanes that access */
	addr_t addr[WS_MAX_WARP];    /* per-lane address (space-relative for
					shared, local and param) */
	/* deferred atomic (atomic = 1) */
	uint8_t *ptr[WS_MAX_WARP];   /* per-lane host pointer */
	uint64_t b[WS_MAX_WARP];     /* per-lane operand b */
	uint64_t c[WS_MAX_WARP];     /* per-lane operand c (cas) */
	uint32_t a_op;               /* enum atom_op */
	uint32_t a_type;             /* enum ptype */
	uint32_t a_dst;              /* destination's storage code
					(ptx_kernel.reg_row, not its
					register name) or REG_NONE */
	uint32_t a_dsize;            /* destination register bytes */
};

/* The warp that last took a word by a successful atom.cas (lock holder). */
struct fcas_owner {
	uintptr_t addr;               /* host address of the word; 0 = empty */
	uint64_t warp;                /* CTA launch order << 16 | warp + 1 */
};

/* Per word: the warp of the last successful atom.cas this launch (open
 * addressing, key 0 = empty). */
struct fcas_tab {
	struct fcas_owner *own;       /* entries */
	size_t n;                     /* entries in use */
	size_t cap;                   /* entries allocated (power of 2) */
};

/*
 * Timing mode: one global-memory write of an SM's cycle, held in the SM's
 * store log until the join after the cycle's SM visits (a store becomes
 * visible to other SMs at the end of the cycle it issues in).
 */
struct fstore {
	uint8_t *p;                   /* host address of the first byte */
	uint64_t v;                   /* value (store: its low n bytes) or
					 operand (reduction) */
	uint8_t n;                    /* bytes, 1 .. 8 */
	uint8_t red;                  /* 0: store; else 1 + surface reduction
					 operator (enum bop) */
	uint8_t sgn;                  /* reduction: signed operands */
};

/*
 * One SM's share of the functional state that executing its warps
 * changes (timing mode: one per SM, so the SM visits of a cycle may run
 * on several host threads; functional mode uses the first).  The first
 * group holds what happened since the last fold (fctx_fold, from the
 * timing model's join), which adds it to struct fgpu in SM order, so the
 * totals and the position of the last progress event equal those of the
 * SMs run one by one; the counters of the second group are only read at the end
 * of the launch and are summed then (fgpu_ctx_sum).
 */
struct fctx {
	struct xscratch xs;           /* 32-bit register scratch of the
					 handlers run here (struct exec.sc) */
	uint64_t icount;              /* warp instructions since the fold */
	uint64_t progress;            /* 1 + icount at the last progress
					 event since the fold, 0: none */
	uint64_t n_cas_fail;          /* atom.cas executed here that did not
					 swap, since the fold */
	/* this launch, summed at its end */
	uint64_t tinsn;               /* thread instructions */
	uint64_t n_bar;               /* warp barrier arrivals */
	uint64_t n_bar_rel;           /* barrier releases */
	uint64_t n_back;              /* taken backward branches (warp) */
	uint64_t n_atom;              /* thread atomics executed here
					 (shared memory in timing mode) */
	uint64_t n_cas_intra;         /* failed atom.cas, the word's owner
					 being the same warp */
	uint64_t n_cas_inter;         /* ... another warp */
	struct fcas_tab cas;          /* owners of the words whose atom.cas
					 executes here (reset per launch) */
	struct ffault fault;          /* first fault since the fold */
	struct fmemrec *rec;          /* timing mode: access record of the
					 executing instruction, else NULL */
	uint32_t mem_last;            /* device-memory lookup hint (fmem) */
	struct fstore *log;           /* timing mode (rec != NULL): global
					 writes of this cycle, in execution
					 order */
	uint32_t n_log;               /* entries used */
	uint32_t log_cap;             /* entries allocated */
};

struct fgpu {
	const struct ws_config *cfg;  /* configuration (immutable) */
	struct fmem mem;              /* device memory */
	struct ws_heap *heap;         /* device heap of launches naming none */
	unsigned ws;                  /* warp size */
	unsigned grid_id;             /* launches so far (%gridid) */
	uint64_t clock;               /* functional clock: warp insts ever */
	/* per launch */
	const struct flaunch *l;      /* the running launch */
	uint64_t icount;              /* warp instructions this launch */
	uint64_t tinsn;               /* thread instructions this launch */
	uint64_t last_progress;       /* icount at the last progress event */
	uint64_t max_gap_insn;        /* longest run of warp instructions
					 between progress events */
	uint64_t n_bar;               /* warp barrier arrivals this launch */
	uint64_t n_atom;              /* thread atomic operations */
	uint64_t n_cas_fail;          /* thread atom.cas that did not swap */
	uint64_t n_cas_intra;         /* ... while the word's last successful
					 atom.cas came from the same warp */
	uint64_t n_cas_inter;         /* ... from another warp */
	struct fcas_tab cas;          /* owners of the words whose atom.cas
					 the timing model's L2 applies
					 (fexec_atom_apply) */
	uint64_t n_back;              /* taken backward branches (warp) */
	struct ffault fault;          /* first fault */
	struct fctx *ctx;             /* per-SM execution contexts (n_sm) */
	unsigned n_ctx;               /* contexts */
	struct fcta *slots;           /* resident CTA slots */
	unsigned n_slots;             /* slots (n_sm * ctas per SM) */
	unsigned slots_cap;           /* slots allocated, kept across launches */
	uint8_t *slot_busy;           /* slot holds a running CTA */
	uint64_t n_bar_rel;           /* barrier releases ever (timing events) */
	const uint64_t *tclock;       /* timing mode: the core cycle (%clock) */
	uint64_t *imm_pool;           /* immediates broadcast to ws lanes */
	uint32_t *imm_pool32;         /* their low 32 bits, same rows */
	uint32_t *imm_row;            /* [pc * 5 + operand] -> pool row */
	char *out;                    /* device printf/assert text not yet
					 written (execution order) */
	size_t out_len;               /* bytes used in out */
	size_t out_cap;               /* bytes allocated for out */
};

/*
 * Run warp w (state FW_READY) for up to n instructions in context cx,
 * stopping early when it waits, exits or sleeps.  Returns false when an
 * instruction faulted (the fault is in cx->fault).
 */
bool fexec_run(struct fgpu *g, struct fctx *cx, struct fcta *c,
	       struct fwarp *w, uint64_t n);
/* Record a fault of the executing instruction (first one wins). */
void fexec_fault(struct exec *x, int status, unsigned lane, addr_t a,
		 unsigned space, unsigned size, const char *why);
/*
 * Host pointer for `size` bytes at a (space sp, generic decoded) for lane,
 * or NULL after recording a fault.
 */
uint8_t *fexec_xlate(struct exec *x, unsigned sp, addr_t a, unsigned size,
		     unsigned lane);
/* Lanes m call the device system call of call site cs (exec_sys.c). */
void fexec_syscall(struct exec *x, const struct ptx_call *cs, lanemask_t m);
/* Pop the dynamic frame saved at offset save - 1 of w (exec_ctrl.c). */
void fexec_call_restore(const struct ptx_kernel *k, unsigned ws,
			struct fcta *c, struct fwarp *w, uint32_t save);
/* Lanes m of the executing warp exit. */
void fexec_exit_lanes(struct exec *x, lanemask_t m);
/* Release any barrier of c whose arrival count is now complete. */
void fcta_check_barriers(struct fgpu *g, struct fctx *cx, struct fcta *c);
/* Host pointer of n bytes of device memory at a, or NULL (lookups through
 * cx's hint: no shared state is written). */
uint8_t *fexec_gptr(struct fctx *cx, struct fgpu *g, addr_t a, uint64_t n);
/*
 * Timing mode, a global load of n bytes per lane by lanes m from p[]:
 * when this SM's store log holds writes of this cycle, copies each lane's
 * bytes to buf with the logged writes applied in order and points p[l]
 * there (a load sees its own SM's earlier stores of the cycle).
 */
void fexec_forward(struct fctx *cx, uint8_t **p, lanemask_t m, unsigned n,
		   uint8_t (*buf)[32]);
/* Room for n more store-log entries in cx (grows a few times per run). */
static inline void fexec_log_reserve(struct fctx *cx, unsigned n)
{
	if (cx->n_log + n > cx->log_cap) {
		cx->log_cap = MAX(2 * cx->log_cap, MAX(cx->n_log + n, 256u));
		cx->log = xrealloc(cx->log, cx->log_cap * sizeof(*cx->log));
	}
}
/* Timing mode: log a global write of the low n bytes (<= 8) of v at p
 * (red: 0, or 1 + the surface reduction operator applied at the fold). */
void fexec_log_store(struct fctx *cx, uint8_t *p, uint64_t v, unsigned n,
		     unsigned red, bool sgn);
/* Apply one surface reduction (exec_tex.c) of es bytes at p. */
void fexec_sured_apply(uint8_t *p, unsigned bop, bool sgn, unsigned es,
		       uint64_t v);
/* Record that the warp w's atom.cas on the word at p did (ok) or did not
 * swap, in table tab; counts a failure as intra- or inter-warp. */
void fexec_cas_note(struct fcas_tab *tab, uint64_t *intra, uint64_t *inter,
		    const struct fwarp *w, const void *p, bool ok);
/*
 * Apply lanes `lanes` of the deferred atomic r (recorded at issue by warp
 * w) in lane order, writing each lane's old value to r->a_dst.
 */
void fexec_atom_apply(struct fgpu *g, struct fwarp *w,
		      const struct fmemrec *r, lanemask_t lanes);

/* ---- launch phases (grid.c), shared by functional and timing modes ---- */

/*
 * Launch limits on the host storage of block slots (docs/semantics.md,
 * "Resource limits").  PTX virtual registers are unbounded and ptxas maps
 * them to at most 255 physical ones; this simulator caps the declared
 * count (their storage is by live range, see ptx_reg_slots); local memory per
 * thread is capped at the sm_75 hardware limit; and the storage of all
 * resident blocks together is capped so a launch never exhausts the host.
 */
#define FGPU_MAX_REG_SLOTS (1u << 16)       /* 64-bit register slots per thread */
#define FGPU_MAX_LOCAL_BYTES (512u << 10)   /* local bytes per thread */
#define FGPU_MAX_SLOT_BYTES (4ull << 30)    /* storage of all block slots */
/*
 * Block-slot storage is kept across launches (many short launches of
 * different sizes do not allocate each time) until it exceeds twice what
 * a launch needs and by more than this; that launch then sizes every slot
 * exactly and releases the rest.
 */
#define FGPU_SLOT_SLACK_BYTES (8ull << 20)

/*
 * Validate launch l and prepare for it: block slots (storage sized for l;
 * cps * n_sm of them with all_slots, else no more than there are blocks),
 * immediates pool, counters.  Returns 0 or a negative ws_status with a
 * message in d.  *cps gets the blocks per SM.
 */
int fgpu_launch_begin(struct fgpu *g, const struct flaunch *l,
		      bool all_slots, unsigned *cps, struct diag *d);
/* Start block number id of the launch in slot s on SM smid, whose warps
 * take hardware warp ids from hw_warp_base. */
void fgpu_cta_start(struct fgpu *g, unsigned s, uint64_t id, unsigned smid,
		    unsigned hw_warp_base);
/* Finish the launch: fill st (may be NULL), free per-launch state. */
void fgpu_launch_end(struct fgpu *g, struct flaunch_stats *st,
		     uint64_t n_ctas, double wall_s);
/* Report the recorded fault (stderr and d). */
void fgpu_report_fault(struct fgpu *g, struct diag *d);
/* SM sm's execution context. */
static inline struct fctx *fgpu_ctx(struct fgpu *g, unsigned sm)
{
	return &g->ctx[sm];
}
/* Fold failed atom.cas and the first fault of cx into g: fctx_fold's
 * rare part. */
void fctx_fold_rest(struct fgpu *g, struct fctx *cx);
/* Fold context cx into g: instruction count, the last progress event,
 * failed atom.cas, the first fault (not the store log: fctx_flush_log,
 * once every SM of the cycle has run). */
static inline void fctx_fold(struct fgpu *g, struct fctx *cx)
{
	if (cx->progress)
		g->last_progress = g->icount + cx->progress - 1;
	g->icount += cx->icount;
	cx->icount = cx->progress = 0;
	if (cx->n_cas_fail | (uint64_t)cx->fault.status)
		fctx_fold_rest(g, cx);
}
/* Apply cx's store log to memory, in order, and empty it. */
void fctx_flush_log(struct fctx *cx);
/* Add the contexts' per-launch counters (tinsn, n_bar, ...) to g and
 * clear them: at the end of a launch, before g's are read. */
void fgpu_ctx_sum(struct fgpu *g);
/*
 * True when the launch's kernel makes a device system call (printf,
 * assert, malloc, free): these write one output buffer and one heap in
 * execution order, so its SMs are visited on one thread.
 */
bool fgpu_launch_serial(const struct fgpu *g);

/* ---- stuck-launch reports (grid.c), shared by functional and timing ---- */

/*
 * What a launch in which nothing progressed for a whole window is (a
 * store, a memory-changing atomic, a barrier arrival or release, an exit
 * or a block start is progress).
 */
enum fstuck_kind {
	FSTUCK_HUNG,        /* some warp waits at a barrier */
	FSTUCK_LIVELOCK,    /* atom.cas kept failing meanwhile */
	FSTUCK_NO_PROGRESS, /* neither: an endless loop or a flag spin */
	FSTUCK_STARVED,     /* timing: progress is rare and atom.cas fails
			       about a thousand times per progress event */
};

/* Warps a report lists before it only counts the rest. */
#define FSTUCK_MAX_WARPS 24

/* A report on a launch that cannot finish, built warp by warp. */
struct fstuck {
	FILE *ms;        /* memory stream the text is written to */
	char *txt;       /* the text (open_memstream's buffer) */
	size_t len;      /* its length */
	unsigned shown;  /* warps offered so far (listed up to the max) */
};

/* Classify the stuck launch: cas_mark is n_cas_fail at the last progress. */
enum fstuck_kind fgpu_stuck_kind(const struct fgpu *g, uint64_t cas_mark);
/* The diagnosis sentence for kind ("is hung: ..."). */
const char *fgpu_stuck_why(enum fstuck_kind kind);
/*
 * Start a report: "kernel 'K' <why>", then "<when>; warps:" on the next
 * line (when says at which cycle or instruction it was detected).  false
 * if no memory stream could be opened (nothing to end then).
 */
bool fstuck_begin(struct fstuck *r, const struct fgpu *g, const char *why,
		  const char *when);
/*
 * One line for warp w of block c: SM, block, warp, PTX line, pc, CUDA
 * line, and its state (waits at barrier N with the arrival count, runs,
 * exited), then "; <doing>" when doing is not NULL (timing mode adds what
 * the pipeline waits for).
 */
void fstuck_warp(struct fstuck *r, const struct fgpu *g, const struct fcta *c,
		 const struct fwarp *w, const char *doing);
/* Finish the report: to stderr and into d. */
void fstuck_end(struct fstuck *r, struct diag *d);

/* Push a SIMT stack entry (grows the stack if needed). */
void simt_push(struct fwarp *w, uint32_t pc, uint32_t rpc, lanemask_t mask,
	       uint32_t call);

#endif
