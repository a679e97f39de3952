/*
 * sched.h - warp-scheduling policies behind one ops table (issue stage).
 *
 * A policy only ORDERS warps; the issue mechanism (timing/, not here) walks
 * the order and issues the first warp whose next instruction passes the
 * I-buffer, SIMT, scoreboard and unit checks.  Each scheduler unit of an SM
 * owns one struct sched instance; warp slot w of an SM belongs to scheduler
 * w % n_sched.  Policies keep their state incrementally from O(1) event
 * hooks and never sort per cycle.  Adding a policy is one file plus one
 * line in the registry (sched.c).
 *
 * Composition.  A wrapper policy (ops->wrapper, e.g. BOWS) is named
 * "WRAPPER:BASE[:BASE ARGS]" (`bows:gto`, `bows:gto:50000`, `bows:cawa`):
 * its init creates the base with sched_create(ini->args, ...) on the same
 * struct sched_init (args cleared), forwards every event hook to it
 * unchanged, and builds its own order() from the base's order() output by
 * dropping and reordering entries (never adding a slot the base did not
 * list).  Base policies know nothing of wrappers.  A slot left out of
 * order() simply cannot issue this cycle: the issue stage walks only what
 * order() returned.
 */
#ifndef SIM_SCHED_SCHED_H
#define SIM_SCHED_SCHED_H

#include <stdio.h>

#include "../base/base.h"

#define SCHED_MAX_WARPS 256 /* warp slots per SM a policy must handle */

/* Read-only per-SM state a policy may look at when ordering. */
struct sched_view {
	uint64_t cycle;                      /* current core cycle */
	unsigned n_slots;                    /* warp slots on the SM */
	const uint64_t *valid;               /* bitset: slot holds a live warp */
	const uint64_t *ready;               /* bitset: I-buffer has an
						instruction and the warp is not
						waiting (barrier, exit, membar) */
	const uint64_t *at_barrier;          /* bitset: waiting at a barrier */
	const uint64_t *long_op;             /* bitset: next instruction reads
						a register a long-latency load
						will write (two-level demotion) */
	const uint64_t *age;                 /* per slot: dynamic warp id
						(launch order; smaller = older) */
	const uint16_t *tb;                  /* per slot: TB slot on the SM */
	const uint64_t *tb_age;              /* per TB slot: TB launch order */
	bool tbs_pending;                    /* the kernel still has TBs the
						dispatcher has not assigned to
						any SM (PRO's
						TBsWaitingInThrdBlkSched) */
};

static inline bool sched_bit(const uint64_t *set, unsigned i)
{
	return (set[i / 64] >> (i % 64)) & 1;
}

struct sched;
struct stats;

/* Parameters common to every policy instance. */
struct sched_init {
	unsigned sm_id;          /* SM index */
	unsigned sched_id;       /* scheduler index within the SM */
	unsigned n_sched;        /* schedulers per SM (slot w -> w % n_sched) */
	unsigned n_slots;        /* warp slots per SM */
	const char *args;        /* policy arguments after ':' in its name
				    (e.g. "6:0:1" for two-level), or "" */
	uint64_t gto_rotate;     /* GTO: re-age warps every N cycles (0 off) */
	/* --trace: write the line "cycle event sm -1 -1 text" (a policy's
	 * own state, e.g. PRO's TB order); NULL when not tracing */
	void (*trace)(void *ctx, const char *event, unsigned sm,
		      const char *text);
	void *trace_ctx;         /* first argument of trace */
	const struct sched_bows_params *bows; /* BOWS/DDOS parameters (options
						 bows_*, ddos_*); NULL: the
						 paper's defaults */
};

/* BOWS and DDOS parameters (bows.txt Table II), from the options rows. */
struct sched_bows_params {
	bool adaptive;      /* back-off delay limit adapts (Fig. 5) */
	double frac1;       /* adaptive: raise the limit when SIBs exceed
			       frac1 x all instructions of a window (0.5) */
	uint64_t delay;     /* fixed back-off delay limit in cycles */
	unsigned ddos_l;    /* history length (setp entries) */
	unsigned ddos_m;    /* path hash width in bits */
	unsigned ddos_k;    /* value hash width in bits */
	unsigned ddos_t;    /* SIB-PT confidence threshold */
	bool ddos_mod;      /* MODULO hashing (low bits) instead of XOR */
	bool oracle;        /* BOWS backs off on the annotated SIBs
			       (bows_detect oracle), not DDOS's */
	uint64_t ddos_share; /* DDOS: one history set per SM, time-shared
				by the warps in epochs of this many cycles
				(bows_detect ddos:EPOCH); 0 = per warp */
};

/* The paper's defaults: adaptive delay, l 8, m = k 8, t 4, XOR, no
 * sharing. */
void sched_bows_defaults(struct sched_bows_params *p);
/*
 * Fill p from the option strings/values (bows_delay "adaptive",
 * "adaptive:FRAC1" or a cycle count, ddos_hash "xor" or "mod"); 0, or -1
 * with a message in err.
 */
int sched_bows_parse(struct sched_bows_params *p, const char *delay,
		     const char *hash, uint64_t l, uint64_t m, uint64_t k,
		     uint64_t t, char *err, size_t errlen);
/* bows_detect: "ddos", "ddos:EPOCH" (time-shared history, EPOCH cycles
 * >= 1) or "oracle" into p->oracle and p->ddos_share; 0 or -1 with err. */
int sched_bows_detect(struct sched_bows_params *p, const char *detect,
		      char *err, size_t errlen);

/*
 * Annotated spin-inducing branches (option bows_sibs): a text file of
 * lines "KERNEL LINE" (the .entry name and the PTX line of the branch;
 * '#' starts a comment).  A relative path that does not open from the
 * current directory is tried in the directory of the file near (the
 * kernel's PTX file; may be NULL) and in its parent, so "bows_sibs.txt"
 * finds bench/bows_sibs.txt for bench/W/kernel.ptx.  Load returns NULL
 * with a message in err.
 */
struct sched_sibs;
struct sched_sibs *sched_sibs_load(const char *path, const char *near,
				   char *err, size_t errlen);
bool sched_sibs_has(const struct sched_sibs *s, const char *kernel,
		    uint32_t line);
void sched_sibs_free(struct sched_sibs *s);

struct sched_ops {
	const char *name;        /* CLI name, e.g. "gto" */
	const char *desc;        /* one-line description for `warpsim list` */
	size_t priv_size;        /* bytes of the policy's struct (base first) */
	bool uses_long_op;       /* reads sched_view.long_op, and reorganises
				    itself in order(): ask it every cycle */
	bool wrapper;            /* wraps a base policy named in its args
				    ("bows:gto"); see Composition above */
	bool quiet_walk;         /* a walk in which every candidate fails
				    changes nothing, except a rotation in
				    time that one walk at the last such
				    cycle brings up to date (gto:R); needs
				    next() and no issue_failed.  Lets an
				    SM whose candidates all wait on their
				    access records sleep (timing model,
				    tsm.c); false is always safe */
	bool lists_all;          /* order() lists every own valid warp, so
				    a walk visits every candidate: lets the
				    issue stage count the candidates left
				    when all of them must fail instead of
				    walking on (tsm_issue.c); false is
				    always safe */
	bool own_issued;         /* issued() does nothing for a slot this
				    scheduler does not own: the issue stage
				    calls it on the slot's own scheduler
				    only (tsm_issue.c); false is always
				    safe */
	/* Set up s (zeroed, priv_size bytes); returns 0 or -1 with a message
	 * in err (size errlen) for bad args. */
	int (*init)(struct sched *s, const struct sched_init *ini, char *err,
		    size_t errlen);
	void (*release)(struct sched *s);
	/*
	 * Write up to max candidate slots of this scheduler, best first, into
	 * out; return the count.  Only slots with w % n_sched == sched_id.
	 */
	unsigned (*order)(struct sched *s, const struct sched_view *v,
			  uint16_t *out, unsigned max);
	/*
	 * Optional lazy form of order() (NULL: the issue stage calls
	 * order()): return the next slot, in the order order() would list
	 * now, that is set in the bitset want, or -1 when none is left.  *it
	 * is 0 on the first call of a scheduler-cycle and is the policy's own
	 * cursor between calls.  Every slot in want is an own, valid and
	 * ready one (sched_view.ready).  The issue stage calls it until a
	 * warp issues, so a cycle costs what it visits, not every warp.  Only
	 * for a policy whose order does not change during the walk (no
	 * reordering in issue_failed).  A policy whose order() first brings
	 * its own state up to date (a due re-rank or re-sort, a phase change,
	 * new TBs: cawa, pro, mwf) does the same in the call with *it == 0,
	 * through one helper both share; that update must change nothing
	 * when repeated in the same cycle (unit.test_sched calls order() and
	 * then next() on the same state).  sched_list_next (sched_int.h)
	 * walks any fixed priority list.
	 */
	int (*next)(struct sched *s, const struct sched_view *v,
		    const uint64_t *want, unsigned *it);
	/*
	 * Event hooks (any may be NULL).  warp_added, warp_removed and
	 * issue_failed reach only the scheduler that owns the slot; every
	 * other hook reaches every scheduler of the SM, whichever owns the
	 * slot (sched_owns() in sched_int.h tells), so a policy can keep
	 * SM-wide counts (PRO's TB progress, BOWS's per-SM instruction
	 * counts); a policy that orders only its own warps ignores the
	 * others' events.
	 */
	void (*warp_added)(struct sched *s, unsigned slot, uint64_t age);
	void (*warp_removed)(struct sched *s, unsigned slot);
	/* slot issued an instruction with n_active active lanes at pc */
	void (*issued)(struct sched *s, unsigned slot, uint64_t cycle,
		       unsigned n_active, uint32_t pc);
	void (*issue_failed)(struct sched *s, unsigned slot, uint64_t cycle);
	/* every lane of slot has exited (the warp may still wait for its
	 * memory operations; warp_removed follows at TB end) */
	void (*warp_exited)(struct sched *s, unsigned slot, uint64_t cycle);
	void (*barrier_arrive)(struct sched *s, unsigned slot, unsigned tb,
			       unsigned n_waiting);
	void (*barrier_release)(struct sched *s, unsigned tb);
	void (*tb_start)(struct sched *s, unsigned tb, uint64_t tb_age);
	void (*tb_end)(struct sched *s, unsigned tb);
	/* slot executed a setp at pc; a and b: the first active lane's
	 * source values (raw register bits; an immediate's bits) */
	void (*setp_executed)(struct sched *s, unsigned slot, uint32_t pc,
			      uint64_t a, uint64_t b);
	void (*branch_backward)(struct sched *s, unsigned slot, uint32_t pc,
				uint32_t target);
	/*
	 * At the end of every launch: write the policy's own counters,
	 * accumulated since the previous call, into st (stats_u64 /
	 * stats_u64_array, names prefixed with the policy name, e.g.
	 * "pro_resorts"), then zero them.  The timing model sums every
	 * scheduler of every SM into the launch's statistics
	 * (stats_add: u64 values add up).
	 */
	void (*stats)(struct sched *s, struct stats *st);
	/*
	 * A kernel launch begins; the cycle count restarts at 0.  sib_pc
	 * (n_pc entries, one per pc) marks the annotated spin-inducing
	 * branches of this kernel (option bows_sibs), or is NULL; it stays
	 * valid until the next launch_start.
	 */
	void (*launch_start)(struct sched *s, const uint8_t *sib_pc,
			     uint32_t n_pc);
};

/* Base of every policy instance; a policy's struct starts with it. */
struct sched {
	const struct sched_ops *ops; /* the policy */
	struct sched_init ini;       /* parameters */
	bool long_op;                /* ops->uses_long_op, or for a wrapper
					its base's: the issue stage fills
					sched_view.long_op and asks every
					cycle */
};

/* Registry: NULL when unknown.  name may carry ":args". */
const struct sched_ops *sched_lookup(const char *name);
/* All registered policies, NULL-terminated. */
const struct sched_ops *const *sched_registry(void);
/* Allocate and initialise an instance of the policy named by name (with
 * optional ":args"); NULL with a message in err on failure. */
struct sched *sched_create(const char *name, const struct sched_init *ini,
			   char *err, size_t errlen);
void sched_destroy(struct sched *s);
/*
 * Check name (with its ":args") exactly as sched_create does for scheduler
 * 0 of an SM with n_sched schedulers and n_slots warp slots: 0, or -1 with
 * a message in err.
 */
int sched_check(const char *name, unsigned n_sched, unsigned n_slots,
		char *err, size_t errlen);
/* Print "name  description" for every policy (`warpsim list`). */
void sched_print_list(FILE *f);

#endif
