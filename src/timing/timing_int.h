/*
 * timing_int.h - private state of the timing model, shared by the GPU
 * level (tgpu.c: launch loop, block dispatcher, memory callbacks, reports)
 * and the SM pipeline, one file per stage: tsm.c (stage order, warp
 * classes), tsm_exec.c (units, writeback), tsm_ldst.c (LD/ST, replies),
 * tsm_issue.c (schedulers), tsm_front.c (fetch, L1I, decode), tsm_dwr.c
 * (dynamic warp resizing: partner barriers, PST, ILT, sub-warp combiner).
 */
#ifndef SIM_TIMING_TIMING_INT_H
#define SIM_TIMING_TIMING_INT_H

#include "../config/config.h"
#include "../func/fgpu_int.h"
#include "../sched/fetch.h"
#include "../sched/sched.h"
#include "timing.h"

#define T_WHEEL 1024       /* writeback wheel slots (> any latency) */
#define T_WHEEL_PER 8      /* writebacks one wheel slot holds */
#define T_MREQ_PER_SM 256  /* memory instructions in flight per SM */
#define T_CODE_BASE 0x0000000600000000ULL /* instruction addresses */
#define T_LOCAL_BASE 0x0000000400000000ULL /* interleaved local memory */
#define T_PARAM_BASE 0x00000005f0000000ULL /* kernel parameters */
#define T_EX_WB 2          /* cycles from a unit accepting an instruction
			      to its writeback, beyond the opcode latency:
			      dispatch register -> pipeline, and the EX_WB
			      pipeline register (GPGPU-Sim 3.x) */

/* Operand collector limits (tsm_oc.c). */
#define TOC_MAX_CU 64      /* collector units per SM (a 64-bit mask) */
#define TOC_MAX_BANKS 64   /* register banks per SM (a 64-bit mask) */
#define TOC_MAX_W 16       /* slots of one pipeline register */
#define TOC_BQ (TOC_MAX_CU * 32) /* read requests one bank can queue */
/* Words of an SM's per-warp bitsets, held in struct tsm itself (an
 * address off the SM, no pointer to load: issue 17) */
#define T_BW (SCHED_MAX_WARPS / 64)

/* Tag bits of a memory request. */
#define T_TAG_IFETCH (1ULL << 40)     /* instruction fetch (warp in low) */
#define T_TAG_TXN_SHIFT 16            /* transaction index of an atomic */

/*
 * Warp classes kept as per-SM bitsets (exactly one bit per live warp), so
 * the per-cycle work is a few word operations per SM: the scheduler only
 * looks at TC_READY warps whose next instruction is hazard free, and the
 * per-warp-cycle attribution is a popcount per class.
 */
enum tclass {
	TC_EXIT,     /* exited (block still running) */
	TC_BAR,      /* waiting at a barrier */
	TC_MEMW,     /* waiting for atomics or a membar */
	TC_READY,    /* I-buffer holds its next instruction */
	TC_FETCH,    /* I-cache miss outstanding */
	TC_CTRL,     /* I-buffer empty after a control-flow change */
	TC_EMPTY,    /* I-buffer empty, fetch not yet done */
	TC_PSYNC,    /* DWR: locked at a partner barrier before a LAT, or
			in its synchronisation latency (tsm_dwr.c) */
	TC__COUNT
};

/* Execution-unit classes of the timing model. */
enum tunit { TU_SP, TU_SFU, TU_DP, TU_MEM, TU__COUNT };

/* Operand-collector classes (GPGPU-Sim 3.x's SP, SFU and MEM ports; DP
 * instructions use the SFU's, as 3.x has no DP collector). */
enum toc_class { TOC_SP, TOC_SFU, TOC_MEM, TOC__COUNT };

/* Operand-collector configuration, fixed at tgpu_create (tsm_oc.c). */
struct toc_cfg {
	unsigned n_banks;                 /* register banks */
	unsigned n_cu;                    /* collector units, all classes */
	unsigned in_ports[TOC__COUNT];    /* ID_OC -> CU moves per cycle */
	unsigned out_ports[TOC__COUNT];   /* CU -> OC_EX moves per cycle */
	unsigned w_idoc[TOC__COUNT];      /* ID_OC pipeline-register slots */
	unsigned w_ocex[TOC__COUNT];      /* OC_EX pipeline-register slots */
	uint64_t own[TOC__COUNT];         /* CUs of each class's own set */
	uint64_t gen;                     /* generic CUs (any class) */
	unsigned square;                  /* max(banks, CUs): the arbiter's
					     priority-diagonal period */
	unsigned bank_mask;               /* n_banks - 1 when a power of 2,
					     else 0 (use the modulo) */
	uint64_t all_banks;               /* bitset of every bank */
	unsigned buses;                   /* writebacks per cycle: result
					     buses, at most T_WHEEL_PER */
};

/* Register bank of scoreboard id `reg` of warp slot `warp`. */
static inline unsigned toc_bank(const struct toc_cfg *c, unsigned reg,
				unsigned warp)
{
	return c->bank_mask ? (reg + warp) & c->bank_mask :
		(reg + warp) % c->n_banks;
}

/* A slot of a pipeline register (ID_OC or OC_EX). */
struct tpreg {
	uint16_t warp;         /* warp slot */
	uint32_t pc;           /* instruction */
};

/* One collector unit. */
struct tcu {
	uint16_t warp;         /* warp slot of the instruction it holds */
	uint8_t cls;           /* enum toc_class of that instruction */
	uint8_t n_left;        /* register reads not yet granted */
	uint32_t pc;           /* the instruction */
};

/* The operand collector of one SM with its pipeline registers. */
struct toc {
	struct tpreg idoc[TOC__COUNT][TOC_MAX_W]; /* issue -> collector: a
						     ring, oldest at head */
	uint8_t idoc_head[TOC__COUNT]; /* ring index of the oldest ID_OC
					  entry */
	uint8_t n_idoc[TOC__COUNT];  /* valid ID_OC slots */
	struct tpreg ocex[TOC__COUNT][TOC_MAX_W]; /* collector -> unit,
						     oldest first */
	uint8_t n_ocex[TOC__COUNT];  /* valid OC_EX slots */
	struct tcu cu[TOC_MAX_CU];   /* collector units */
	uint64_t free;               /* bitset: free collector units */
	uint64_t ready[TOC__COUNT];  /* bitset: units of each class with all
					operands read */
	unsigned rr[TOC__COUNT];     /* dispatch round robin: unit after the
					last one dispatched */
	uint8_t *bq;                 /* per bank: FIFO of requesting CUs
					(n_banks x TOC_BQ) */
	uint16_t bq_head[TOC_MAX_BANKS]; /* per bank: FIFO head */
	uint16_t bq_n[TOC_MAX_BANKS];    /* per bank: requests queued */
	uint64_t bq_nonempty;        /* bitset: banks with requests */
	unsigned n_reads;            /* requests queued over all banks */
	uint64_t wbusy;              /* bitset: banks written this cycle
					(writes take priority over reads) */
	unsigned busy;               /* instructions in ID_OC, CUs, OC_EX */
	struct fmemrec *scratch;     /* access record for instructions that
					do not go to the LD/ST unit */
};

/* Register-bank use of one instruction, decoded once per launch for the
 * collector (tsm_oc.c); banks are those of warp slot 0, a warp's are the
 * same rotated by its slot (bank = (register + warp) mod banks). */
struct toc_insn {
	uint64_t wbanks;    /* bitset: banks its register destinations write
			       (with up to 32 banks, repeated n_banks bits
			       higher, so that a rotation is one shift) */
	uint32_t src_off;   /* first entry in tgpu.oc_src of its reads */
	uint8_t n_src;      /* register reads (predicates have no bank) */
};

/* The scoreboard ids of one instruction as masks over at most two 64-bit
 * scoreboard words, decoded once per launch (toc_launch), so that the
 * tsb_* tests are a few word operations instead of a walk over its ids. */
struct tsb_pc {
	uint64_t all[2];    /* ids it reads or writes, in words w[0], w[1] */
	uint64_t def[2];    /* ids it writes, in the same words */
	uint32_t w[2];      /* the words (w[1] = w[0], masks 0, if one is
			       enough) */
	uint32_t ok;        /* every id is in the masks (else the tsb_*
			       functions walk tgpu.ops) */
};

/* Timing properties of one instruction, decoded once per launch. */
struct tinsn {
	uint8_t unit;       /* enum tunit (DP already mapped to SFU if none) */
	uint8_t is_mem;     /* goes to the LD/ST unit */
	uint8_t is_fence;   /* membar: wait for the warp's stores */
	uint8_t bypass;     /* .cg/.cv/volatile: skip the L1D */
	uint8_t oc_cls;     /* enum toc_class (set by toc_launch) */
	uint8_t is_lat;     /* DWR large-warp-intensive instruction: ld/st of
			       global, local or param space (tsm_dwr.c) */
	uint16_t lat;       /* result latency in core cycles */
	uint16_t ii;        /* initiation interval in core cycles */
	uint32_t use_off;   /* first entry in tgpu.ops of the read set */
	uint16_t n_use;     /* scoreboard ids read (regs, preds, guard) */
	uint16_t n_def;     /* scoreboard ids written (follow the uses) */
};

/* One warp slot of an SM. */
struct twarp {
	struct fwarp *fw;      /* functional warp, NULL when the slot is free */
	struct fcta *cta;      /* its block */
	uint32_t tb;           /* block slot on the SM */
	uint32_t ib_pc;        /* pc of the first I-buffer entry */
	uint32_t ib_n;         /* valid I-buffer entries (pc, pc+1, ...) */
	uint32_t n_mem;        /* memory instructions outstanding */
	uint32_t n_atom;       /* atomic instructions outstanding */
	uint32_t n_wb;         /* ALU writebacks outstanding */
	uint32_t n_oc;         /* instructions issued, not yet accepted by a
				  unit (ID_OC, collector, OC_EX) */
	uint8_t oc_mem;        /* a memory instruction between issue and the
				  LD/ST unit owns `rec` */
	uint32_t fpc;          /* next fetch pc when the I-buffer is empty:
				  the fall-through of its last issue, or the
				  SIMT top after a flush (GPGPU-Sim 3.x's
				  m_next_pc) */
	uint16_t imiss;        /* I-cache miss outstanding: 1 + the L1I
				  MSHR it waits on, 0 if none */
	uint8_t flushed;       /* I-buffer emptied by a control-flow change */
	uint8_t membar;        /* waiting for its memory operations (membar) */
	uint8_t done;          /* exited and drained */
	uint8_t cls;           /* enum tclass bit it holds in tsm.cb,
				  TC__COUNT when none */
	uint64_t age;          /* dynamic warp id (launch order) */
	uint64_t *sb;          /* scoreboard: pending writes, one bit per id */
	uint64_t *lo;          /* long-latency load destinations pending */
	struct fmemrec *rec;   /* access record (kept while atomics fly) */
	lanemask_t *alanes;    /* lanes of each atomic transaction */
	uint8_t dwr_st;        /* DWR state at its next LAT: enum tdwr_st */
	uint8_t dwr_n;         /* DWR: partners combined into its LAT between
				  issue and the LD/ST unit (it leads) */
	uint16_t dwr_m[8];     /* ... their warp slots (TDWR_MAXP - 1) */
	/* busy cycles: scoreboard fast path (tsb_collide) */
	uint32_t n_sb;         /* ids tsb_reserve set and tsb_release has not
				  cleared yet: never below sb's popcount, so
				  0 means no pending write (a launch's fresh
				  sb may leave it higher: only slower) */
};

/* One L1I miss status holding register: a line being fetched from the
 * L2 and the warps waiting for it. */
struct timshr {
	addr_t line;           /* line address, ~0 when free */
	uint16_t n;            /* warps merged (<= i_merge) */
};

/* One block slot of an SM. */
struct ttb {
	struct fcta *cta;      /* functional block, NULL when free */
	uint32_t slot;         /* functional slot index (g->slots) */
	uint32_t n_warps;      /* warps of the block */
	uint32_t n_done;       /* warps exited and drained */
	uint32_t bar_waiting;  /* warps waiting at a barrier (MWF's counter) */
	uint64_t start;        /* cycle it started */
	uint64_t ph_start;     /* cycle its current warp-phase began */
	uint64_t ph_sum;       /* sum of T_i of warps at its end so far */
	uint64_t ph_max;       /* largest such T_i */
	uint32_t ph_n;         /* warps at the phase's end so far */
	uint64_t id;           /* block number in the grid */
};

/* ---- DWR (dynamic warp resizing, dwr.txt; tsm_dwr.c) ------------------ */

#define TDWR_MAXP 8        /* sub-warps per partner group, at most (8x) */
#define TDWR_WHEEL 64      /* release wheel slots (> dwr_sync_latency) */

/* Where a sub-warp stands with respect to its next LAT. */
enum tdwr_st {
	TDWR_NONE,   /* not synchronised: the partner barrier comes first */
	TDWR_LOCKED, /* locked in its group's PST entry, or released but in
			its synchronisation latency */
	TDWR_READY   /* combine-ready: the combiner issues it with every
			combine-ready partner at the same pc */
};

/* One partner-synch table entry (one per partner group). */
struct tdwr_pst {
	uint8_t valid;         /* a partner barrier is open */
	uint8_t lock;          /* lock bit vector: partner j locked */
	uint8_t pending;       /* all set: release scheduled on the wheel */
	uint32_t pc;           /* pc of the first sub-warp that locked */
	uint64_t stall_until;  /* last locker's sync cycle + sync latency */
};

/* DWR state of one SM. */
struct tdwr_sm {
	struct tdwr_pst *pst;  /* PST: n_slots entries (groups of a launch) */
	uint32_t *ilt;         /* ILT tags, sets x ways; UINT32_MAX invalid */
	uint8_t *ilt_next;     /* per ILT set: next way to replace (FIFO) */
	uint64_t *due;         /* TDWR_WHEEL bitsets of n_words: groups whose
				  release falls on cycle mod TDWR_WHEEL */
	unsigned n_due;        /* releases scheduled */
	uint16_t (*mreq_m)[TDWR_MAXP]; /* per tmreq: the other sub-warps of a
				  combined LAT, released with it */
	uint8_t *mreq_n;       /* per tmreq: entries of mreq_m */
};

/* A memory instruction in flight. */
struct tmreq {
	uint16_t warp;         /* warp slot */
	uint16_t is_atomic;    /* global atomic */
	uint32_t pc;           /* instruction (its destinations) */
	uint32_t remaining;    /* transactions not yet replied */
	uint32_t is_load;      /* releases destinations on completion */
};

/* The instruction the LD/ST unit is pushing to the memory system. */
struct tldst {
	uint32_t busy;         /* transactions left to push */
	uint32_t next;         /* next transaction */
	uint32_t n;            /* transactions */
	uint32_t req;          /* tmreq index */
	uint64_t free_at;      /* cycle the unit accepts again (shared mem) */
	enum mem_kind kind;    /* read, write or atomic */
	enum mem_space space;  /* global, local or const */
	unsigned flags;        /* enum mem_access_flags */
	struct mem_txn txn[MEM_COALESCE_MAX]; /* the transactions */
};

/* A pending writeback. */
struct twb {
	uint16_t warp;         /* warp slot */
	uint16_t atom;         /* a shared-memory atomic: the warp, held since
				  its issue, may issue again */
	uint32_t pc;           /* instruction whose destinations complete */
};

/* One SM. */
struct tsm {
	unsigned id;                 /* SM index */
	unsigned n_tb;               /* block slots this launch */
	unsigned n_res;              /* resident blocks */
	unsigned wpt;                /* warps per block this launch */
	struct twarp *w;             /* warp slots */
	struct ttb *tb;              /* block slots (max_ctas_per_sm) */
	uint64_t valid[T_BW];        /* bitset: slot holds a warp */
	uint64_t cb[TC__COUNT][T_BW]; /* bitsets: warps per enum tclass */
	uint64_t wrongpath[T_BW];    /* bitset: I-buffer head is not the SIMT
					top's pc (wrong-path fetch), or the
					buffer is empty and the fall-through
					is past the code: flushed when its
					scheduler next visits it */
	uint64_t recbusy[T_BW];      /* bitset: next instruction is a memory
					one and the warp's previous memory
					instruction still holds its access
					record (a structural stall) */
	uint64_t sbwait[T_BW];       /* bitset: ready warps whose next
					instruction collides on the scoreboard */
	uint64_t fetchable[T_BW];    /* bitset: live, room in the I-buffer,
					no miss or fetch outstanding */
	uint8_t *ibfill;             /* per slot: valid I-buffer entries */
	uint64_t nextmem[T_BW];      /* bitset: next instruction uses LD/ST */
	uint64_t nextsfu[T_BW];      /* bitset: next instruction uses the
					SFU collector class */
	uint64_t *smask;             /* n_sched bitsets: slots per scheduler */
	uint64_t cand[T_BW];         /* scratch bitset: ready & ~sbwait */
	uint64_t long_op[T_BW];      /* bitset: next insn reads a long-op reg */
	uint64_t *age;               /* per slot: dynamic warp id */
	uint16_t *tbof;              /* per slot: block slot */
	uint64_t *tb_age;            /* per block slot: block launch order */
	struct sched **sched;        /* one policy instance per scheduler */
	uint16_t *order;             /* scratch: a scheduler's candidates */
	uint16_t *forder;            /* scratch: the fetch policy's */
	unsigned sched_first;        /* scheduler that goes first this cycle */
	/* front end */
	unsigned fetch_last;         /* warp served last by fetch */
	uint32_t fb_valid;           /* fetch buffer holds instructions */
	uint32_t fb_warp;            /* ... for this warp */
	uint32_t fb_pc;              /* ... from this pc */
	uint32_t fb_n;               /* ... this many */
	uint64_t fb_ready;           /* ... decodable from this cycle */
	addr_t *itag;                /* I-cache tags (sets x ways; ~0 empty) */
	struct timshr *imshr;        /* L1I MSHRs (i_mshr of them) */
	uint16_t *imshr_w;           /* warps merged into each MSHR
					(i_mshr x i_merge) */
	uint16_t *iready;            /* ring of warps whose miss came back,
					served by fetch before its policy */
	unsigned iready_h;           /* ... its head */
	unsigned iready_n;           /* ... its entries */
	uint64_t *ilru;              /* I-cache last-use stamps */
	/* execution */
	struct toc oc;               /* operand collector */
	uint64_t unit_free[TU__COUNT][16]; /* cycle each pipeline accepts */
	struct tldst ldst;           /* LD/ST unit */
	struct twb (*wheel)[T_WHEEL_PER];  /* writebacks by cycle mod T_WHEEL */
	uint8_t *wheel_n;            /* entries per wheel slot */
	struct tmreq *mreq;          /* memory instructions in flight */
	uint16_t *mreq_free;         /* free tmreq indices (stack) */
	unsigned n_mreq_free;        /* entries on it */
	uint64_t issued;             /* warp instructions issued (launch) */
	uint64_t tbs;                /* blocks run (launch) */
	struct tstats st;            /* this SM's share of the launch's
					counters (summed into tgpu.st at the
					end by tstats_add_sm): an SM's visit
					writes only its own, so SMs can be
					visited on several threads */
	uint64_t last_issue;         /* cycle of this SM's last issue */
	int err;                     /* first error (fault) of this SM's
					visit of the current cycle */
	unsigned n_ended;            /* blocks this SM ended in the current
					cycle (folded into tgpu.tb_done and
					n_resident after the SM visits) */
	uint8_t *dwr_ilt_pc;         /* per pc of the launch: entered this
					SM's ILT (Table 1's ignored LATs,
					counted over SMs at the end) */
	struct tdwr_sm *dwr;         /* DWR state, NULL when --dwr is 0 */
	/* quiet cycles (tsm.c): what the issue stage counts in a cycle in
	 * which nothing can issue, kept until a warp's bits change or the
	 * ID_OC registers that are full differ */
	uint8_t q_dirty;             /* class bits changed since q_* */
	uint8_t q_full;              /* bit c: ID_OC of class c was full */
	uint8_t q_ok;                /* no wrong-path warp, and every
					candidate left (not blocked by a full
					ID_OC) waits for its access record,
					held by its previous memory
					instruction (a structural stall) */
	uint8_t q_fetch;             /* some warp is fetchable */
	uint32_t q_score;            /* schedulers with a ready warp but no
					candidate, blocked or not (a
					scoreboard stall each) */
	uint32_t q_pipe;             /* schedulers with a candidate or a
					blocked one (a pipeline stall each) */
	uint64_t q_cmask;            /* schedulers with a candidate: they
					walk their order */
	uint64_t q_cand[SCHED_MAX_WARPS / 64]; /* those candidates */
	uint64_t q_wc[TW__COUNT];    /* warp-cycle classes of such a cycle */
	uint64_t q_n;                /* quiet cycles counted with this
					summary, not yet added to t->st
					(tsm_quiet_flush) */
	/* sleeping (issue 17, tsm.c): an SM whose next cycles would repeat
	 * its last quiet cycle exactly is not visited until something can
	 * change for it; its LD/ST unit, refused by the L1, waits for the
	 * L1's state to change instead of retrying every cycle */
	uint8_t asleep;              /* the launch loop skips this SM */
	unsigned wheel_cnt;          /* writebacks on the wheel (tsm_exec.c
					keeps it): none, no wheel scan */
	uint8_t ldw_on;              /* the LD/ST unit's push waits on ldw */
	uint64_t slept_from;         /* while asleep: first cycle skipped */
	uint64_t wake_at;            /* while asleep: its next event (a
					writeback due, the fetch buffer
					decodable, the LD/ST unit free for
					OC_EX, a reply already queued due);
					UINT64_MAX when only the memory system
					can wake it (a reply queued or a line
					filled: *mem_ev moves; the L1 state
					ldw depends on changed) */
	const uint64_t *mem_ev;      /* while asleep: the L1's events word
					(mem_sys_sm_events) */
	uint64_t mem_ev0;            /* ... its value when it fell asleep */
	struct fctx *cx;             /* its functional execution context
					(fgpu_ctx(g, id)) */
	uint64_t ldw_n;              /* refused retries while waiting, not
					yet added to the L1's counters */
	struct mem_push_wait ldw;    /* what the waiting push depends on */
	/* the event hooks the SM's policies have (tsm_issue_hooks, once
	 * the policies exist: they never change), so the issue stage loops
	 * over the schedulers only for hooks some policy has */
	uint8_t hook_issued;         /* some scheduler has issued() */
	uint8_t hook_own;            /* every scheduler with issued() sets
					sched_ops.own_issued */
	uint8_t hook_setp;           /* some scheduler has setp_executed() */
	uint8_t hook_back;           /* some scheduler has branch_backward() */
};

/*
 * Failed atom.cas per cycle with progress at or above which a livelock
 * window (gpgpu_livelock_cycles) ends the launch as livelocked.  The
 * suite's lock workloads stay below 50 at any issue policy that lets them
 * finish (docs/timing.md, hang detection).
 */
#define T_LIVELOCK_RATIO 1000

struct tgpu {
	const struct ws_config *cfg; /* configuration */
	struct fgpu *g;              /* functional GPU */
	struct mem_config mcfg;      /* memory configuration */
	struct mem_sys *ms;          /* memory system (persists across launches) */
	struct tsm *sm;              /* n_sm SMs */
	unsigned n_sm;               /* SMs */
	unsigned n_slots;            /* warp slots per SM */
	unsigned n_words;            /* 64-bit words of a warp bitset */
	unsigned n_sched;            /* schedulers per SM */
	unsigned ws;                 /* warp size */
	unsigned simd_k;             /* cycles a warp occupies a pipeline */
	unsigned n_units[TU__COUNT]; /* pipelines per class */
	struct toc_cfg oc;           /* operand collector configuration */
	unsigned lat_int[6], ii_int[6]; /* latency tables (gtx480.md §3) */
	unsigned lat_fp[5], ii_fp[5];
	unsigned lat_dp[5], ii_dp[5];
	unsigned lat_sfu, ii_sfu;
	unsigned i_sets, i_ways, i_line; /* I-cache geometry */
	unsigned i_mshr, i_merge;    /* L1I MSHRs and warps one may merge
					(gpgpu_cache:il1's mshr fields) */
	bool need_long_op;           /* policy reads sched_view.long_op */
	const struct fetch_ops *fetch; /* fetch policy */
	unsigned ib_room;            /* free I-buffer slots a warp needs to
					fetch (fetch_ops.partial: 1) */
	FILE *trace;                 /* event trace or NULL */
	struct stats *pol_st;        /* policies' statistics of the last
					launch (tstats.policy) */
	struct stats *pol_tmp;       /* one scheduler's, while summing */
	struct sched_sibs *sibs;     /* annotated SIBs (bows_sibs) or NULL */
	uint8_t *sib_pc;             /* per pc of the launch: annotated SIB */
	unsigned dwr_p;              /* DWR sub-warps per partner group
					(--dwr / warp size), 0: DWR off */
	unsigned dwr_lat;            /* cycles one partner sync stalls */
	unsigned ilt_sets, ilt_ways; /* ILT geometry */
	unsigned dwr_gpt;            /* partner groups per block (launch) */
	/* per launch */
	const struct ptx_kernel *k;  /* kernel */
	struct tinsn *ti;            /* per pc */
	struct toc_insn *oci;        /* per pc: collector bank use */
	uint8_t *oc_src;             /* banks (of warp slot 0) of every
					pc's register reads, in read order */
	uint32_t *ops;               /* scoreboard ids of every pc */
	struct tsb_pc *sbm;          /* per pc: its ids as word masks
					(toc_launch) */
	unsigned sb_words;           /* 64-bit words per scoreboard */
	unsigned n_regs;             /* first predicate scoreboard id */
	uint64_t cycle;              /* current core cycle of the launch */
	uint64_t last_issue;         /* cycle of the last issue anywhere */
	uint64_t prog_mark;          /* g->last_progress + tb_next + tb_done
					at the last progress seen */
	uint64_t prog_cycle;         /* cycle of the last progress */
	uint64_t prog_insn;          /* g->icount at the last progress */
	uint64_t prog_cas;           /* g->n_cas_fail at the last progress */
	uint64_t lw_start;           /* cycle the livelock window began */
	uint64_t lw_events;          /* cycles with progress in the window */
	uint64_t lw_cas;             /* g->n_cas_fail when the window began */
	uint64_t warp_seq;           /* dynamic warp ids handed out */
	uint64_t tb_next;            /* next block to start */
	uint64_t n_ctas;             /* blocks in the grid */
	uint64_t tb_done;            /* blocks finished */
	unsigned disp_last;          /* SM that got the last block */
	unsigned n_resident;         /* blocks resident now */
	uint64_t local_stride;       /* bytes of interleaved local per warp */
	struct tstats st;            /* counters of the running launch */
	int err;                     /* first error (fault) of the cycle:
					the lowest-numbered SM's (tsm.err) */
	struct tpar *par;            /* --threads > 1: the worker pool
					(tpar.c), made at the first launch
					that forks and kept until
					tgpu_destroy; else NULL */
	uint16_t *run;               /* SMs to visit in the current cycle,
					in SM order (n_sm entries) */
	/* sleeping SMs (issue 17, tsm.c) */
	bool walk_pure;              /* every policy's walk of a quiet cycle
					changes nothing but a time-based
					rotation that one later walk catches
					up on (lrr, oldest, gto): an SM may
					sleep while it has candidates */
};

/* DWR (tsm_dwr.c).  Configuration from cfg (0, or -1 with d set). */
int tdwr_config(struct tgpu *t, const struct ws_config *cfg, struct diag *d);
/* Allocate, free and reset (per launch) SM s's DWR state. */
void tdwr_sm_init(struct tgpu *t, struct tsm *s);
void tdwr_sm_free(struct tsm *s);
void tdwr_launch(struct tgpu *t, struct tsm *s);
/* Partner-barrier gate before warp wi issues the LAT at pc. */
enum tdwr_gate { TDWR_GO, TDWR_WAIT, TDWR_STRUCT };
enum tdwr_gate tdwr_gate(struct tgpu *t, struct tsm *s, unsigned wi,
			 uint32_t pc);
/* Warp wi issued the instruction at pc: the combiner issues its
 * combine-ready partners with it; a barrier or exit may release its
 * group.  false on a fault (t->err set). */
bool tdwr_issued(struct tgpu *t, struct tsm *s, unsigned wi, uint32_t pc);
/* Release the groups whose synchronisation latency ends this cycle. */
void tdwr_cycle(struct tgpu *t, struct tsm *s);
/* LD/ST unit takes the combined LAT led by warp wi: one access at the
 * large width. */
void tdwr_ldst_issue(struct tgpu *t, struct tsm *s, unsigned wi,
		     uint32_t pc, const struct insn *in);
/* A memory reply: the last one of a combined LAT releases its other
 * sub-warps (called before tsm_reply). */
void tdwr_reply(struct tgpu *t, struct tsm *s, const struct mem_reply *r);

/* Recompute the class, fetchable and scoreboard bits of warp wi (tsm.c). */
void tsm_warp_update(struct tgpu *t, struct tsm *s, unsigned wi);
/*
 * The SM visits of the current cycle on this thread (tsm.c); a fault is
 * left in tsm.err, and a visit may put its SM to sleep (tsm.asleep) after
 * a quiet cycle.  run != NULL: visit the n SMs listed (a thread's share
 * of a parallel cycle; tgpu_launch decided which run and joins them).
 * run == NULL: the whole SM phase on one thread: decide which SMs run,
 * visit each and join it at once (tsm_join: no later visit reads what a
 * join writes), then apply the cycle's global stores in SM order; *wake
 * as for launch_join.
 */
void tsm_step(struct tgpu *t, const uint16_t *run, unsigned n, uint64_t *wake);
/*
 * The join of SM s after its visit of the current cycle, serial and in
 * SM order: its functional context (counters, progress, the first
 * fault; not the store log, fctx_flush_log), blocks it ended, the last
 * issue, and *wake: the earliest wake_at of the SMs that ran and fell
 * asleep, 0 when one is awake.
 */
static inline void tsm_join(struct tgpu *t, struct tsm *s, uint64_t *wake)
{
	struct fctx *cx = s->cx;
	if (cx->icount) { /* it executed: it may have issued */
		fctx_fold(t->g, cx);
		if (s->last_issue == t->cycle)
			t->last_issue = t->cycle;
	}
	SIM_ASSERT(!cx->progress);
	SIM_ASSERT(s->last_issue != t->cycle || t->last_issue == t->cycle);
	if (s->n_ended | s->err) {
		t->tb_done += s->n_ended;
		t->n_resident -= s->n_ended;
		s->n_ended = 0;
		if (s->err && !t->err)
			t->err = s->err;
	}
	*wake = s->asleep ? MIN(*wake, s->wake_at) : 0;
}
/* The scheduler that owns warp slot wi (slots are dealt round robin;
 * two schedulers, the common case, without a division). */
static inline struct sched *tsm_sched_of(const struct tgpu *t,
					 const struct tsm *s, unsigned wi)
{
	return s->sched[t->n_sched == 2 ? wi & 1 : wi % t->n_sched];
}

/* Whether sleeping SM s must be visited at the current cycle. */
static inline bool tsm_must_wake(const struct tgpu *t, const struct tsm *s)
{
	return t->cycle >= s->wake_at || *s->mem_ev != s->mem_ev0 ||
		(s->ldw_on && !mem_push_wait_holds(&s->ldw));
}
/* ---- the parallel SM step (tpar.c) ---- */
/* A pool of n - 1 worker threads for t's SM visits; NULL when n < 2 or
 * the threads cannot be started (the launch then steps on one thread:
 * the results are the same). */
struct tpar *tpar_create(struct tgpu *t, unsigned n, bool adapt);
/* Stop and join the workers, free the pool (NULL: nothing). */
void tpar_destroy(struct tpar *p);
/* Run tsm_step for the n_run SMs listed in run, on the pool's threads
 * (p NULL, n_run < 2 or the adaptive choice: inline on this thread),
 * returning when all are done: 1 if it forked, else 0.  adapt: time
 * forked and inline probes and fork only when faster (tpar.c). */
uint64_t tpar_visit(struct tpar *p, struct tgpu *t, const uint16_t *run,
		    unsigned n_run);

/* Add the issue-stage counters of SM s's quiet cycles not yet added
 * (tsm.q_n) to t->st (tsm.c). */
void tsm_quiet_flush(struct tgpu *t, struct tsm *s);
/* Wake sleeping SM s before cycle `end`: add what its quiet cycles from
 * slept_from to end - 1 counted (tsm.c). */
void tsm_wake(struct tgpu *t, struct tsm *s, uint64_t end);
/*
 * Whether SM s is visited in the current cycle, decided before its visit
 * (one thread: tsm_step; several: tgpu_launch's pre-pass): it has work
 * and is awake, or asleep and must wake (it is woken).  A sleeper that
 * stays asleep lowers *wake to its wake_at.
 */
static inline bool tsm_runs(struct tgpu *t, struct tsm *s, uint64_t *wake)
{
	if (!s->n_res && !s->ldst.busy)
		return false;
	if (s->asleep) {
		if (!tsm_must_wake(t, s)) {
			*wake = MIN(*wake, s->wake_at);
			return false;
		}
		tsm_wake(t, s, t->cycle);
	}
	return true;
}
/* Add the LD/ST unit's refused retries to the L1's counters and stop
 * waiting (tsm_ldst.c). */
void tsm_ldst_unwait(struct tgpu *t, struct tsm *s);
/* Handle a reply from the memory system for SM s (tsm_ldst.c). */
void tsm_reply(struct tgpu *t, struct tsm *s, const struct mem_reply *r);
/* Writeback stage: release the writebacks due this cycle (tsm_exec.c). */
void tsm_wb_cycle(struct tgpu *t, struct tsm *s);
/* Schedule a writeback of (warp, pc) at cycle `at`, room checked; atom:
 * it ends a shared-memory atomic (tsm_exec.c). */
void tsm_wb_add(struct tsm *s, uint64_t at, unsigned warp, uint32_t pc,
		bool atom);
/* LD/ST stage: push one transaction (tsm_ldst.c). */
void tsm_ldst_cycle(struct tgpu *t, struct tsm *s);
/* Hand the access just executed by warp wi at pc to the LD/ST unit
 * (tsm_ldst.c). */
void tsm_ldst_issue(struct tgpu *t, struct tsm *s, unsigned wi, uint32_t pc,
		    const struct insn *in);
/* Record which event hooks the policies of SM s have (tsm.hook_*;
 * tsm_issue.c). */
void tsm_issue_hooks(const struct tgpu *t, struct tsm *s);
/* Issue stage: every scheduler of SM s (tsm_issue.c). */
void tsm_issue_cycle(struct tgpu *t, struct tsm *s,
		     const struct sched_view *v);
/* Decode stage: fetch buffer -> I-buffer (tsm_front.c). */
void tsm_decode_cycle(struct tgpu *t, struct tsm *s);
/* Fetch stage: one warp through the L1I (tsm_front.c). */
void tsm_fetch_cycle(struct tgpu *t, struct tsm *s,
		     const struct sched_view *sv);
/* Execute stage: OC_EX pipeline registers -> units (tsm_exec.c). */
void tsm_ex_cycle(struct tgpu *t, struct tsm *s);
/* Operand-collector configuration from cfg; nonzero on an error
 * (tsm_oc.c). */
int toc_config(struct tgpu *t, const struct ws_config *cfg, struct diag *d);
/* Allocate, free and reset SM s's collector state (tsm_oc.c). */
void toc_sm_init(struct tgpu *t, struct tsm *s);
void toc_sm_free(struct tsm *s);
void toc_sm_reset(struct tgpu *t, struct tsm *s);
/* Collector stage: dispatch, bank reads, unit allocation (tsm_oc.c). */
void toc_cycle(struct tgpu *t, struct tsm *s);
/* Build and free the per-launch bank tables t->oci, t->oc_src and the
 * scoreboard masks t->sbm (tsm_oc.c). */
void toc_launch(struct tgpu *t);
void toc_launch_end(struct tgpu *t);
/* Put (warp wi, pc) into ID_OC register cls (a slot is free). */
static inline void toc_push(struct toc *o, unsigned cls, unsigned wi,
			    uint32_t pc)
{
	unsigned q = (o->idoc_head[cls] + o->n_idoc[cls]++) % TOC_MAX_W;
	o->idoc[cls][q] = (struct tpreg){.warp = (uint16_t)wi, .pc = pc};
}
/* Collector class of the instruction at pc (decoded by toc_launch). */
static inline unsigned toc_class_of(const struct tinsn *ti)
{
	return ti->oc_cls;
}
/* Warp slot w's bank offset from warp slot 0's: w mod banks. */
static inline unsigned toc_shift(const struct toc_cfg *c, unsigned w)
{
	return c->bank_mask ? w & c->bank_mask : w % c->n_banks;
}
/* The destinations of (warp wi, pc) are written this cycle: their banks
 * serve no reads (toc_insn.wbanks rotated by the warp's offset). */
static inline void toc_write_banks(struct tgpu *t, struct tsm *s,
				   unsigned wi, uint32_t pc)
{
	const struct toc_cfg *c = &t->oc;
	uint64_t m = t->oci[pc].wbanks;
	unsigned sh = toc_shift(c, wi), n = c->n_banks;
	if (!m)
		return;
	if (n <= 32)
		m = (m >> (n - sh)) & c->all_banks;
	else if (sh)
		m = ((m << sh) | (m >> (n - sh))) & c->all_banks;
	s->oc.wbusy |= m;
}
/* The scheduler visits warp wi whose I-buffer is on a wrong path: empty
 * it and fetch from the SIMT top next (tsm_front.c). */
void tsm_ib_flush(struct tgpu *t, struct tsm *s, unsigned wi);
/* An instruction-fetch miss came back from the L2 (tsm_front.c). */
void tsm_ifetch_reply(struct tgpu *t, struct tsm *s,
		      const struct mem_reply *r);
/* Start block id in block slot k of SM s (tgpu.c). */
void tgpu_tb_start(struct tgpu *t, struct tsm *s, unsigned k, uint64_t id);
/* Warp slot w of SM s may have finished: exited and drained (tgpu.c). */
void tgpu_warp_check_done(struct tgpu *t, struct tsm *s, unsigned w);
/* Close block tb's warp-phase: add its RTRU to the stats (tsm_issue.c). */
void tsm_phase_close(struct tgpu *t, struct tsm *s, struct ttb *tb);
/* Write one trace line. */
void tgpu_trace(struct tgpu *t, const char *ev, unsigned sm, uint64_t tb,
		int warp);

static inline void tbit_set(uint64_t *s, unsigned i)
{
	s[i / 64] |= 1ULL << (i % 64);
}
static inline void tbit_clr(uint64_t *s, unsigned i)
{
	s[i / 64] &= ~(1ULL << (i % 64));
}
static inline bool tbit(const uint64_t *s, unsigned i)
{
	return (s[i / 64] >> (i % 64)) & 1;
}

/* Map a per-lane local-frame offset of warp slot `warp` to its
 * interleaved address (the LD/ST unit and DWR's combined coalescing). */
static inline addr_t tsm_local_addr(const struct tgpu *t, const struct tsm *s,
				    unsigned warp, unsigned lane, addr_t off)
{
	addr_t base = T_LOCAL_BASE + ((addr_t)s->id * t->n_slots + warp) *
		t->local_stride;
	return base + (off / 4) * 4 * t->ws + lane * 4 + (off & 3);
}

/*
 * One walk of a scheduler's priority order, shared by the issue stage and
 * the quiet-cycle path (tsm.c): through the policy's lazy next() over the
 * slots in want, else over the whole order() it writes into s->order.
 * tsm_walk_next() gives the next slot or -1; with order() the caller
 * filters the slots it acts on, as next() already yields only those.
 */
struct tsm_walk {
	uint64_t want[SCHED_MAX_WARPS / 64]; /* next(): slots to yield */
	unsigned n;                  /* order(): entries in s->order */
	unsigned j;                  /* order(): next entry */
	unsigned it;                 /* next(): the policy's cursor */
};

static inline void tsm_walk_start(struct tgpu *t, struct tsm *s,
				  struct sched *p, const struct sched_view *v,
				  struct tsm_walk *w)
{
	w->n = w->j = w->it = 0;
	if (!p->ops->next)
		w->n = p->ops->order(p, v, s->order, t->n_slots);
}

static inline int tsm_walk_next(const struct tsm *s, struct sched *p,
				const struct sched_view *v, struct tsm_walk *w)
{
	if (p->ops->next)
		return p->ops->next(p, v, w->want, &w->it);
	return w->j < w->n ? (int)s->order[w->j++] : -1;
}

/*
 * Per-thread load and store counts of one global or local memory
 * instruction (GPGPU-Sim's gpgpu_n_load_insn / gpgpu_n_store_insn count
 * the lanes that access; atomics count as loads, as there).
 */
static inline void tstats_note_mem(struct tstats *st, const struct fmemrec *r)
{
	uint64_t n = bit_popc64(r->mask);

	if (r->space != SP_GLOBAL && r->space != SP_LOCAL)
		return;
	if (r->write && !r->atomic)
		st->store_insn += n;
	else
		st->load_insn += n;
}

/* ---- scoreboard (one bit per register / predicate id per warp) ------- */

/* Whether the instruction at pc reads or writes an id with a pending
 * write. */
static inline bool tsb_collide(const struct tgpu *t,
			       const struct twarp *w, uint32_t pc)
{
	if (!w->n_sb) /* nothing pending */
		return false;
	const struct tsb_pc *m = &t->sbm[pc];
	if (m->ok)
		return ((w->sb[m->w[0]] & m->all[0]) |
			(w->sb[m->w[1]] & m->all[1])) != 0;
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off;
	for (unsigned i = 0; i < (unsigned)ti->n_use + ti->n_def; i++)
		if (tbit(w->sb, id[i]))
			return true;
	return false;
}

static inline void tsb_reserve(const struct tgpu *t, struct twarp *w,
			       uint32_t pc, bool long_op)
{
	const struct tsb_pc *m = &t->sbm[pc];
	if (m->ok) {
		/* n_sb counts the ids newly set, as the walk below does */
		for (unsigned k = 0; k < 2; k++) {
			uint64_t *x = &w->sb[m->w[k]], d = m->def[k];
			if (!d)
				continue;
			w->n_sb += (uint32_t)bit_popc64(d & ~*x);
			*x |= d;
			if (long_op)
				w->lo[m->w[k]] |= d;
		}
		return;
	}
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off + ti->n_use;
	for (unsigned i = 0; i < ti->n_def; i++) {
		w->n_sb += !tbit(w->sb, id[i]);
		tbit_set(w->sb, id[i]);
		if (long_op)
			tbit_set(w->lo, id[i]);
	}
}

/* Release the destinations of the instruction at pc. */
static inline void tsb_release(const struct tgpu *t, struct twarp *w,
			       uint32_t pc)
{
	const struct tsb_pc *m = &t->sbm[pc];
	if (m->ok) {
		for (unsigned k = 0; k < 2; k++) {
			uint64_t *x = &w->sb[m->w[k]], d = m->def[k];
			if (!d)
				continue;
			SIM_ASSERT((*x & d) == d &&
				   w->n_sb >= (uint32_t)bit_popc64(d));
			w->n_sb -= (uint32_t)bit_popc64(*x & d);
			*x &= ~d;
			w->lo[m->w[k]] &= ~d;
		}
		return;
	}
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off + ti->n_use;
	for (unsigned i = 0; i < ti->n_def; i++) {
		SIM_ASSERT(tbit(w->sb, id[i]) && w->n_sb > 0);
		w->n_sb -= tbit(w->sb, id[i]);
		tbit_clr(w->sb, id[i]);
		tbit_clr(w->lo, id[i]);
	}
}

/* Whether the instruction at pc reads a long-latency load's destination. */
static inline bool tsb_long_op(const struct tgpu *t,
			       const struct twarp *w, uint32_t pc)
{
	if (!w->n_sb) /* lo is a subset of sb: nothing pending */
		return false;
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off;
	for (unsigned i = 0; i < ti->n_use; i++)
		if (tbit(w->lo, id[i]))
			return true;
	return false;
}

#endif
