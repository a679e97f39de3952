/*
 * timing.h - the cycle-level GPU (timing mode): thread-block dispatcher, SM
 * pipelines (fetch, I-cache, I-buffer, issue with scoreboard, execution
 * units, LD/ST) over the memory system of src/mem, with the warp
 * scheduling policies of src/sched.  Instructions execute functionally at
 * issue (src/func), except global atomics, which are applied when they
 * reach the L2.
 */
#ifndef SIM_TIMING_TIMING_H
#define SIM_TIMING_TIMING_H

#include <stdio.h>

#include "../base/base.h"
#include "../base/diag.h"
#include "../func/func.h"
#include "../mem/mem.h"

struct tgpu;
struct ws_config;

/* Per-warp-cycle attribution: what each resident warp did in a cycle. */
#define TW_CLASSES(X)                                                        \
	X(ISSUED, "issued")         /* issued an instruction */              \
	X(CONTROL, "control")       /* I-buffer refilling after a taken
				       branch, divergence or reconvergence */ \
	X(DATA, "data")             /* scoreboard (RAW/WAW), atomics or
				       membar outstanding */                 \
	X(STRUCT, "structural")     /* ready, but a resource is busy: its
				       warp's previous memory instruction
				       holds the access record, or ID_OC was
				       filled this cycle */                  \
	X(BARRIER, "barrier")       /* waiting at a CTA barrier */           \
	X(EXIT, "exit")             /* exited, its block still running */    \
	X(FETCH, "fetch")           /* I-cache miss outstanding */           \
	X(EMPTY, "empty")           /* I-buffer empty (fetch not yet done) */ \
	X(COLLECTOR, "collector")   /* ready, but the ID_OC pipeline register
				       of its class is full (operand
				       collector units all busy) */             \
	X(ARBIT, "arbitration")     /* ready and hazard free, but another
				       warp of its scheduler issued */    \
	X(PARTNER, "partner")       /* DWR: locked at a partner barrier
				       before a LAT, or in its sync
				       latency */

enum tw_class {
#define X(e, n) TW_##e,
	TW_CLASSES(X)
#undef X
	TW__COUNT
};

/* Name of a warp-cycle class ("issued", ...). */
const char *tw_class_name(unsigned c);

/*
 * Statistics of one timing-mode launch.  A counter that an SM's visit
 * increments lives in the SM's shard (tsm.st) and must be added to the
 * launch's by tstats_add_sm (tgpu.c), or it reads 0 (docs/timing.md,
 * "Parallel stepping").
 */
struct tstats {
	uint64_t cycles;            /* core cycles from launch to the last
				       block's end */
	uint64_t warp_insn;         /* warp instructions issued */
	uint64_t thread_insn;       /* thread instructions (active lanes) */
	uint64_t sched_cycles;      /* scheduler-cycles on SMs with blocks */
	uint64_t sched_issued;      /* ... in which the scheduler issued */
	uint64_t sched_idle;        /* ... no warp had a valid, hazard-free
				       instruction (GPGPU-Sim W0_Idle) */
	uint64_t sched_scoreboard;  /* ... valid instructions all blocked by
				       the scoreboard (W0_Scoreboard) */
	uint64_t sched_pipeline;    /* ... a ready instruction found its ID_OC
				       busy (GPGPU-Sim Stall) */
	uint64_t dual_issue;        /* second instructions issued in a cycle */
	uint64_t issue_lanes[WS_MAX_WARP + 1]; /* warp instructions issued,
				       by SIMT-active lanes at issue (before
				       predication): GPGPU-Sim's W1..W32 */
	uint64_t load_insn;         /* thread loads and atomics of global
				       and local memory (gpgpu_n_load_insn) */
	uint64_t store_insn;        /* thread stores to global and local
				       memory (gpgpu_n_store_insn) */
	uint64_t wc[TW__COUNT];     /* warp-cycles per enum tw_class */
	uint64_t mem_insn;          /* global/local/const/param memory warp
				       instructions with active lanes */
	uint64_t mem_txn;           /* transactions they produced */
	uint64_t shmem_insn;        /* shared-memory warp instructions */
	uint64_t shmem_bank_cycles; /* extra cycles from bank conflicts */
	uint64_t atomic_insn;       /* global atomic warp instructions */
	uint64_t reg_bank_conflicts;/* operand-read requests x cycles spent
				       waiting behind another access (read
				       or writeback) of their register bank */
	uint64_t ifetch;            /* I-cache accesses */
	uint64_t imiss;             /* I-cache misses (merged ones too) */
	uint64_t imerge;            /* ... merged into a pending MSHR (no
				       L2 request of their own) */
	uint64_t irfail;            /* I-cache reservation fails: every
				       MSHR busy, the line's MSHR full, or
				       the memory system refused */
	uint64_t ib_flush;          /* I-buffer flushes (control mismatch) */
	uint64_t ib_discard;        /* fetches dropped at decode: the warp
				       changed course while they flew */
	uint64_t ldst_stall;        /* cycles the LD/ST unit could not push */
	uint64_t rtru_phases;       /* warp-phases closed (barrier releases
				       and block ends with warps in them) */
	uint64_t rtru_sum_ppm;      /* sum over them of RTRU (baws.txt
				       eq. 1) in millionths (an integer, so
				       launches add up exactly):
				       sum_i (maxT - T_i) / (N maxT),
				       T_i = cycles from the phase's start to
				       warp i reaching its barrier or exit */
	uint64_t n_tb;              /* blocks run */
	uint64_t tb_cycles;         /* sum of block lifetimes */
	uint64_t max_resident_tb;   /* most blocks resident at once */
	uint64_t max_gap_cycles;    /* longest run of cycles without
				       progress (store, memory-changing
				       atomic, barrier event, exit, block
				       start or end) */
	uint64_t max_cas_ratio;     /* highest failed atom.cas per cycle with
				       progress over a whole livelock window */
	uint64_t dwr_sync;          /* DWR: partner-barrier operations (LAT
				       executions of sub-warps synchronised) */
	uint64_t dwr_ignored;       /* ... LAT executions whose pc was in the
				       ILT: issued alone, no barrier */
	uint64_t dwr_ilt_inserts;   /* ... PC mismatches entered in an ILT */
	uint64_t dwr_large;         /* ... LATs the combiner issued */
	uint64_t dwr_large_subwarps;/* ... sub-warps they held */
	uint64_t dwr_lat_static;    /* ... LATs in the kernel's code */
	uint64_t dwr_ilt_static;    /* ... of them entered in some ILT */
	uint64_t dwr_pst_bytes;     /* ... PST storage per SM */
	uint64_t dwr_ilt_bytes;     /* ... ILT storage per SM */
	uint64_t par_cycles;        /* host-only, not a result: cycles whose
				       SM visits ran on several host threads
				       (--threads, tpar.c) */
	uint64_t *sm_issued;        /* per SM: warp instructions issued
				       (n_sm entries, owned by the tgpu) */
	uint64_t *sm_tbs;           /* per SM: blocks run (n_sm entries) */
	unsigned n_sm;              /* entries of sm_issued / sm_tbs */
	unsigned n_mem;             /* DRAM channels */
	struct mem_stats mem;       /* memory-system counters of this launch */
	const struct stats *policy; /* the issue policies' own statistics
				       (sched_ops.stats summed over every
				       scheduler; owned by the tgpu, valid
				       until its next launch) */
};

/*
 * Build the timing GPU over functional GPU g with configuration cfg (both
 * must outlive it).  NULL with a message in d on a configuration error
 * (unknown policy, bad latency list, memory configuration).
 */
struct tgpu *tgpu_create(const struct ws_config *cfg, struct fgpu *g,
			 struct diag *d);
void tgpu_destroy(struct tgpu *t);
/* A host-to-device copy of [a, a + n) was made: with
 * gpgpu_perf_sim_memcpy its lines enter the L2 (mem_sys_warm_l2). */
void tgpu_copy_in(struct tgpu *t, addr_t a, uint64_t n);
/*
 * Every check tgpu_create makes of cfg (latency lists, operand collector,
 * I-cache string, slot limit, memory configuration) without building
 * anything: 0, or -1 with a message in d.
 */
int tgpu_check_config(const struct ws_config *cfg, struct diag *d);
/*
 * Run launch l cycle by cycle.  fst gets the functional counters, ts the
 * timing ones.  Returns 0 or a negative ws_status (fault, deadlock,
 * instruction or cycle limit), reported once on stderr and in d.
 */
int tgpu_launch(struct tgpu *t, const struct flaunch *l,
		struct flaunch_stats *fst, struct tstats *ts, struct diag *d);

#endif
