/*
 * ddos.h - Dynamic Detection of Spinning (bows.txt §IV, Fig. 7): per-warp
 * path and value history registers of the profiled (first active) thread
 * over setp instructions, the match pointer and remaining-matches counter
 * that classify a warp as spinning, and the SM's spin-inducing-branch
 * prediction table (SIB-PT) that confirms a backward branch as a SIB.
 * Used by BOWS (bows.c); exposed for its unit test.
 */
#ifndef SIM_SCHED_DDOS_H
#define SIM_SCHED_DDOS_H

#include "sched.h"

#define DDOS_MAX_L 32  /* longest history (option ddos_l) */
#define DDOS_PT_N 16   /* SIB-PT entries (the paper's conservative 16) */
#define DDOS_SEEN_N 64 /* backward branches tracked for the DPR metric */

/* One warp's history registers and spin state machine. */
struct ddos_warp {
	uint16_t path[DDOS_MAX_L]; /* path hashes, [0] the newest */
	uint16_t va[DDOS_MAX_L];   /* value hashes of setp source a */
	uint16_t vb[DDOS_MAX_L];   /* value hashes of setp source b */
	uint8_t n;                 /* entries filled (<= l) */
	uint8_t ptr;               /* match pointer: the distance new entries
				      are compared at; 0 = searching */
	uint8_t remain;            /* matches still needed at ptr */
	bool spinning;             /* classified as spinning */
};

/* One SIB-PT entry. */
struct ddos_pt {
	uint32_t pc;    /* backward branch pc */
	uint8_t conf;   /* confidence (saturates at 2t - 1) */
	bool valid;     /* entry in use */
};

/* Metric-only record of one backward branch (not hardware): for DPR. */
struct ddos_seen {
	uint32_t pc;        /* branch pc */
	uint64_t first;     /* cycle of its first taken execution */
	uint64_t last;      /* cycle of its latest taken execution */
	uint64_t confirmed; /* cycle it first reached the threshold, or
			       UINT64_MAX */
};

/* The detector of one SM. */
struct ddos {
	unsigned l, m, k, t;               /* length, widths, threshold */
	bool mod;                          /* MODULO hashing, else XOR */
	struct ddos_warp w[SCHED_MAX_WARPS]; /* per warp slot */
	struct ddos_pt pt[DDOS_PT_N];      /* SIB prediction table */
	struct ddos_seen seen[DDOS_SEEN_N]; /* DPR bookkeeping */
	uint64_t share;                    /* time sharing: epoch in cycles,
					      0 = a history set per warp */
	unsigned owner;                    /* time sharing: slot holding the
					      history set */
	uint64_t epoch_end;                /* time sharing: cycle the
					      owner's turn ends */
	bool active[SCHED_MAX_WARPS];      /* time sharing: slot executed a
					      setp or backward branch since
					      its last reset */
	uint64_t handoffs;                 /* time sharing: owner changes
					      (statistics) */
	unsigned n_seen;                   /* entries of seen in use */
};

void ddos_init(struct ddos *d, const struct sched_bows_params *p);
/* The warp in slot starts afresh (launch or exit). */
void ddos_reset_warp(struct ddos *d, unsigned slot);
/*
 * Time sharing (share > 0): at cycle, end the owner's turns that are over:
 * the history set passes to the next active slot after the owner
 * (round robin over slots) and starts empty.  Only the owner's setps
 * update history and only its backward branches train the SIB-PT; other
 * warps' branches look the SIB-PT up.  No effect when share is 0.
 */
void ddos_tick(struct ddos *d, uint64_t cycle);
/* Hash v into w bits (XOR fold or low bits), as the detector does. */
unsigned ddos_hash(const struct ddos *d, uint64_t v, unsigned w);
/* slot executed the setp at pc with the profiled thread's sources a, b. */
void ddos_setp(struct ddos *d, unsigned slot, uint32_t pc, uint64_t a,
	       uint64_t b);
/*
 * slot took the backward branch at pc in cycle: update the SIB-PT (add or
 * raise when the warp is spinning, lower when not); true when the branch
 * is (now) a confirmed SIB.
 */
bool ddos_branch(struct ddos *d, unsigned slot, uint32_t pc, uint64_t cycle);
/* Confidence of pc in the SIB-PT (0 when absent). */
unsigned ddos_conf(const struct ddos *d, uint32_t pc);

#endif
