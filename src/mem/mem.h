/*
 * mem.h - the memory hierarchy of the timing model (interface).
 *
 * Models a Fermi-class (GTX480 as GPGPU-Sim configures it) memory system:
 * per-SM L1 data and constant caches, a crossbar with separate request and
 * reply subnets, L2 slices behind a ROP delay, and GDDR5 channels with
 * FR-FCFS scheduling.  Components exchange requests through bounded queues
 * whose entries carry a ready time; nothing is allocated after init.
 *
 * Three layers of API, from pure to stateful:
 *   1. pure helpers the SM's LD/ST unit calls per instruction: the coalescer
 *      (mem_coalesce) and the shared-memory bank-conflict count
 *      (mem_shmem_cycles);
 *   2. the clock-domain stepper (struct mem_clock);
 *   3. the memory system (struct mem_sys, opaque): push one coalesced
 *      transaction from SM i, tick once per core cycle, pop replies.
 *
 * Protocol per core cycle c (what the SM pipeline is expected to do):
 *   while (mem_sys_pop(ms, i, &r)) ...     replies due at cycle c
 *   mem_sys_push(ms, i, &a) ...            at most one access per SM
 *   mem_sys_tick(ms)                       advance to cycle c + 1
 * A quiet system (mem_sys_idle), or one whose next event
 * (mem_sys_next_event) is more than one cycle away, may be fast-forwarded
 * with mem_sys_skip.
 *
 * The SM phase (several host threads, issue 17 item 7): the pops and
 * pushes of the SMs of one cycle may run concurrently, in any order, when
 * they are bracketed by mem_sys_cycle_begin and mem_sys_cycle_end and
 * each SM's calls stay on one thread.  The results do not depend on that
 * order: an SM's calls (those with an sm argument) write only its own
 * share, and mem_sys_cycle_end applies the shared effects in SM order.
 *
 * All time inside the memory system is kept on one global time line (see
 * struct mem_clock); latencies are configured in the cycles of the domain
 * that owns them and converted at init.  Evaluation order within one global
 * time step is DRAM, L2, interconnect, core (reverse pipeline order for the
 * request path), so a queue written in a step is read no earlier than the
 * next step unless its ready stamp says otherwise.
 */
#ifndef SIM_MEM_MEM_H
#define SIM_MEM_MEM_H

#include "../base/base.h"
#include "../base/diag.h"

/* ================================================================
 * Configuration
 * ================================================================ */

/* Write policy of a cache (the <write> letter of a GPGPU-Sim cache string). */
enum mem_write_policy {
	MEM_WP_READONLY,  /* R: writes are a simulator bug */
	MEM_WP_WT,        /* T: write-through; hits update, misses do not allocate */
	MEM_WP_WB,        /* B: write-back; hits mark the line dirty */
	MEM_WP_LOCAL_WB,  /* L: local space write-back, global write-through */
};

/*
 * One cache's geometry and resources.  GPGPU-Sim cache string:
 * <N>:<n_sets>:<line_bytes>:<assoc>,L:<write>:<m|f>:<write-alloc>:<H|L>,
 * <mshr>:<n_mshr>:<mshr_merge>,<miss_queue>.
 */
struct mem_cache_config {
	unsigned n_sets;              /* sets; power of two */
	unsigned line_bytes;          /* line size; power of two */
	unsigned assoc;               /* ways per set */
	unsigned n_mshr;              /* miss status holding registers */
	unsigned mshr_merge;          /* requests one MSHR may hold (>= 1) */
	unsigned miss_queue;          /* outbound miss queue entries */
	unsigned latency;             /* hit latency in the owner's cycles */
	enum mem_write_policy write;  /* write policy */
	bool alloc_on_fill;           /* 'f': pick the victim at fill, not at miss */
	bool write_alloc;             /* allocate (without fetch) on a write miss */
	bool hash_index;              /* 'H': XOR-folded (Fermi-style) set index */
	bool sectored;                /* 'S:' kind: lines of MEM_SECTOR-byte
					 sectors, valid and dirty each (the L2
					 only; other caches are modelled
					 unsectored) */
};

#define MEM_SECTOR 32  /* sector bytes of a sectored cache (GPGPU-Sim 4.x) */

/* Bytes of the address that select the DRAM channel, row, bank, column. */
struct mem_addrmap {
	unsigned chan_bit;   /* dramid@N: channel digits inserted at bit N */
	uint64_t row_mask;   /* address bits forming the row (after channel removal) */
	uint64_t bank_mask;  /* address bits forming the bank */
	uint64_t col_mask;   /* address bits forming the column and burst byte */
};

/*
 * Every parameter of the memory hierarchy, with the GPGPU-Sim option it
 * corresponds to.  Filled by mem_config_gtx480()/mem_config_tesla8(), then
 * possibly overridden by the option table, then checked with
 * mem_config_validate().  Immutable once a mem_sys is created from it.
 */
struct mem_config {
	/* machine and clocks */
	unsigned n_sm;            /* gpgpu_n_clusters x gpgpu_n_cores_per_cluster */
	double core_mhz;          /* gpgpu_clock_domains, 1st field */
	double icnt_mhz;          /* gpgpu_clock_domains, 2nd field */
	double l2_mhz;            /* gpgpu_clock_domains, 3rd field */
	double dram_mhz;          /* gpgpu_clock_domains, 4th field (command clock) */

	/* SM side */
	struct mem_cache_config l1d;  /* gpgpu_cache:dl1, gpgpu_l1_latency */
	struct mem_cache_config l1c;  /* gpgpu_const_cache:l1 */
	bool l1d_enabled;         /* !gpgpu_gmem_skip_L1D */
	unsigned reply_queue;     /* completed replies held per SM (no GPGPU-Sim option) */
	unsigned reqs_per_sm;     /* caller requests in flight per SM (pool size) */
	unsigned smem_banks;      /* gpgpu_shmem_num_banks */
	unsigned smem_bank_bytes; /* bank width in bytes (4 on Fermi) */
	unsigned smem_latency;    /* gpgpu_smem_latency, core cycles */
	unsigned coalesce_bytes;  /* segment for L1-cached accesses (= L1D line) */
	unsigned sector_bytes;    /* segment when the L1 is bypassed (.cg) */

	/* interconnect (both subnets) */
	unsigned flit_bytes;      /* icnt_flit_size */
	unsigned ctrl_bytes;      /* packet header: READ/WRITE_PACKET_SIZE */
	unsigned icnt_latency;    /* router pipeline + links, icnt cycles (BookSim fly) */
	unsigned icnt_in_queue;   /* SM injection queue (= L1 miss queue) */
	unsigned ejection_queue;  /* gpgpu_n_cluster_ejection_buffer_size */

	/* memory partitions / L2 */
	unsigned n_mem;           /* gpgpu_n_mem: DRAM channels */
	unsigned n_sub;           /* gpgpu_n_sub_partition_per_mchannel */
	struct mem_cache_config l2;  /* gpgpu_cache:dl2 (per sub-partition slice) */
	unsigned rop_latency;     /* gpgpu_l2_rop_latency, L2 cycles */
	unsigned q_icnt_l2;       /* gpgpu_dram_partition_queues, 1st (ROP + icnt->L2) */
	unsigned q_l2_dram;       /* gpgpu_dram_partition_queues, 2nd */
	unsigned q_dram_l2;       /* gpgpu_dram_partition_queues, 3rd */
	unsigned q_l2_icnt;       /* gpgpu_dram_partition_queues, 4th */
	unsigned wb_pool;         /* writeback buffers per L2 slice / SM (no option) */

	/* DRAM (gpgpu_dram_timing_opt, in DRAM command cycles) */
	unsigned dram_latency;    /* dram_latency: extra fixed delay, core cycles */
	unsigned frfcfs;          /* gpgpu_dram_scheduler: 1 FR-FCFS, 0 FIFO */
	unsigned sched_queue;     /* gpgpu_frfcfs_dram_sched_queue_size */
	unsigned n_banks;         /* nbk */
	unsigned t_ccd;           /* CCD: column to column */
	unsigned t_rrd;           /* RRD: activate to activate, different banks */
	unsigned t_rcd;           /* RCD: activate to column */
	unsigned t_ras;           /* RAS: activate to precharge */
	unsigned t_rp;            /* RP: precharge to activate */
	unsigned t_rc;            /* RC: activate to activate, same bank */
	unsigned t_cl;            /* CL: read column to data */
	unsigned t_wl;            /* WL: write column to data */
	unsigned t_cdlr;          /* CDLR: end of write data to read column */
	unsigned t_wr;            /* WR: end of write data to precharge */
	unsigned t_rtp;           /* RTPL: read column to precharge */
	unsigned burst_len;       /* gpgpu_dram_burst_length */
	unsigned bus_bytes;       /* gpgpu_dram_buswidth, per chip */
	unsigned chips;           /* gpgpu_n_mem_per_ctrlr */
	unsigned data_ratio;      /* dram_data_command_freq_ratio (4 = GDDR5) */
	struct mem_addrmap map;   /* gpgpu_mem_addr_mapping */
};

/* GTX480 as GPGPU-Sim's SM2_GTX480 config models it (15 SMs, 6x2 slices). */
void mem_config_gtx480(struct mem_config *c);
/*
 * The Tesla-like 8-wide machine DWR used: 16 SMs, 48 KB L1D (64 sets x 12
 * ways x 64 B lines, 64 B transactions), 16 banks of shared memory,
 * 6 partitions, 76.8 GB/s (6 x 8 B x DDR x 800 MHz).
 */
void mem_config_tesla8(struct mem_config *c);
/*
 * Parse a GPGPU-Sim address-mapping string such as
 * "dramid@8;00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS" into c->map.
 * Letters: R row, B bank, C column, S byte in burst, 0 unused; '.' ignored;
 * the rightmost letter is bit 0.  Returns 0, or -1 with a message in d.
 */
int mem_config_set_addrmap(struct mem_config *c, const char *spec,
			   struct diag *d);
/* Range and cross-field checks; returns 0, or -1 with a message in d. */
int mem_config_validate(const struct mem_config *c, struct diag *d);

/* ================================================================
 * Coalescing and shared-memory banks (pure functions)
 * ================================================================ */

/* One memory transaction produced by the coalescer. */
struct mem_txn {
	addr_t addr;       /* segment-aligned start address */
	unsigned size;     /* segment size in bytes (32, 64 or 128) */
	lanemask_t lanes;  /* lanes whose access touches this segment */
};

/* Most transactions one warp access can produce (each lane may straddle). */
#define MEM_COALESCE_MAX (2 * WS_MAX_WARP)

/*
 * Segment size for one access width under a maximum segment size, Fermi
 * rule (coalescing arch 20): 1-byte accesses use 32 B segments, 2-byte
 * 64 B, wider accesses 128 B; the result is capped at max_seg (128 when the
 * L1 caches the access, 32 when it is bypassed, 64 on the Tesla machine).
 */
unsigned mem_coalesce_seg(unsigned access_bytes, unsigned max_seg);

/*
 * Coalesce one warp access.  lane_addr[l] is lane l's address for every
 * lane set in active (warp width up to 64, the whole warp coalesces
 * together); access_bytes is 1, 2, 4, 8 or 16.  Writes one transaction
 * per distinct segment touched into out[] (room for MEM_COALESCE_MAX), in
 * order of the lowest lane touching it, and returns the count.
 */
unsigned mem_coalesce(const addr_t *lane_addr, lanemask_t active,
		      unsigned access_bytes, unsigned max_seg,
		      struct mem_txn *out);

/*
 * Cycles a warp's shared-memory access occupies the banks: the largest
 * number of distinct bank_bytes-wide words that map to one bank (identical
 * words are broadcast).  An access wider than a bank touches consecutive
 * words.  Returns at least 1 (0 when no lane is active).
 */
unsigned mem_shmem_cycles(const addr_t *lane_addr, lanemask_t active,
			  unsigned access_bytes, unsigned n_banks,
			  unsigned bank_bytes);

/* ================================================================
 * Clock domains
 * ================================================================ */

enum mem_domain {
	MEM_DOM_CORE,  /* SMs and L1 caches */
	MEM_DOM_ICNT,  /* crossbar */
	MEM_DOM_L2,    /* L2 slices and ROP */
	MEM_DOM_DRAM,  /* DRAM command clock */
	MEM_N_DOM
};

/*
 * Deterministic multi-clock stepper.  Time is an integer: with the
 * frequencies in kHz, one unit is 1/lcm(f) ms, so every period is an exact
 * integer (GTX480: core 33 units, DRAM 25).  When the lcm does not fit, the
 * periods fall back to rounded femtoseconds.  Domain d ticks at times
 * k * period[d], k >= 1; each step advances to the earliest next tick and
 * reports every domain that ticks at that time (ties tick together).
 */
struct mem_clock {
	uint64_t period[MEM_N_DOM]; /* time units per cycle of each domain */
	uint64_t next[MEM_N_DOM];   /* time of each domain's next tick */
	uint64_t cycles[MEM_N_DOM]; /* ticks taken so far per domain */
	uint64_t now;               /* time of the latest step */
};

void mem_clock_init(struct mem_clock *c, const double mhz[MEM_N_DOM]);
/* Advance to the next tick; returns the mask (1u << domain) that ticks. */
unsigned mem_clock_step(struct mem_clock *c);

/* ================================================================
 * The memory system
 * ================================================================ */

enum mem_kind {
	MEM_READ,       /* load */
	MEM_WRITE,      /* store; replied to with an acknowledgement */
	MEM_ATOMIC,     /* read-modify-write performed at the L2 */
	MEM_FETCH,      /* internal: line fill request of a cache */
	MEM_WRITEBACK,  /* internal: dirty-line eviction */
};

enum mem_space {
	MEM_GLOBAL,  /* global (L1D: write-through) */
	MEM_LOCAL,   /* local (L1D: write-back) */
	MEM_CONST,   /* constant or param (L1C, read-only) */
};

enum mem_access_flags {
	MEM_F_BYPASS_L1 = 1 << 0,  /* .cg / .cv / volatile: skip the L1D */
};

/* One coalesced transaction offered by an SM. */
struct mem_access {
	addr_t addr;          /* start address; one L1 line at most when cached */
	uint64_t tag;         /* caller's cookie, returned in the reply */
	unsigned size;        /* bytes moved (data bytes of a write) */
	enum mem_kind kind;   /* MEM_READ, MEM_WRITE or MEM_ATOMIC */
	enum mem_space space; /* selects L1D or L1C and the L1D write policy */
	unsigned flags;       /* enum mem_access_flags */
};

/* A completed access handed back to its SM. */
struct mem_reply {
	addr_t addr;        /* address of the access */
	uint64_t tag;       /* the caller's cookie */
	uint64_t value;     /* atomics: what the atomic callback returned */
	enum mem_kind kind; /* kind of the access */
};

/*
 * Applies an atomic's functional effect when it is performed at the L2
 * (so lock outcomes depend on timing, as in GPGPU-Sim).  Returns the value
 * to carry back in the reply (typically the old value).
 */
typedef uint64_t (*mem_atomic_fn)(void *ctx, unsigned sm, uint64_t tag,
				  addr_t addr);

/* Per-cache counters (summed over all instances of that cache). */
struct mem_cache_stats {
	uint64_t accesses;     /* accesses that did not fail */
	uint64_t hits;         /* hits */
	uint64_t misses;       /* misses (new MSHR, or write miss) */
	uint64_t pending_hits; /* merged into an existing MSHR */
	uint64_t resfails;     /* reservation fails (MSHR, merge, line, queue) */
	uint64_t writebacks;   /* dirty lines evicted */
};

/* DRAM counters (summed over channels). */
struct mem_dram_stats {
	uint64_t n_rd;        /* read requests completed */
	uint64_t n_wr;        /* write requests completed */
	uint64_t n_act;       /* activates */
	uint64_t n_pre;       /* precharges */
	uint64_t row_hits;    /* requests served without their own activate */
	uint64_t row_misses;  /* requests that needed an activate */
	uint64_t rd_bytes;    /* bytes read */
	uint64_t wr_bytes;    /* bytes written */
	uint64_t busy_cycles; /* DRAM cycles the data bus carried data */
	uint64_t n_req;       /* requests accepted into the scheduler queue */
	uint64_t n_rd_cmd;    /* RD column commands (one per data atom) */
	uint64_t n_wr_cmd;    /* WR column commands */
	uint64_t cmd_cycles;  /* DRAM cycles in which any command issued (the
				 rest are GPGPU-Sim's n_nop) */
};

/* Channels reported one by one in struct mem_stats (totals cover all). */
#define MEM_STATS_MAX_CHAN 32

struct mem_stats {
	struct mem_cache_stats l1d;  /* all SMs' L1D */
	struct mem_cache_stats l1c;  /* all SMs' L1C */
	struct mem_cache_stats l2;   /* all L2 slices */
	struct mem_dram_stats dram;  /* all channels */
	uint64_t icnt_req_pkts;      /* packets on the request subnet */
	uint64_t icnt_req_flits;     /* flits on the request subnet */
	uint64_t icnt_rep_pkts;      /* packets on the reply subnet */
	uint64_t icnt_rep_flits;     /* flits on the reply subnet */
	uint64_t core_cycles;        /* core cycles simulated */
	uint64_t dram_cycles;        /* DRAM command cycles simulated (per channel) */
	uint64_t stall_dramfull;     /* L2 cycles x slices in which a slice's
					input queue from the crossbar was full
					(GPGPU-Sim gpu_stall_dramfull) */
	uint64_t rd_lat_sum;         /* sum over read, fetch and atomic
					requests of core cycles from leaving
					the L1 to their L2 reply */
	uint64_t rd_lat_n;           /* requests in rd_lat_sum */
	uint64_t sm_rd_global;       /* requests the L1s sent down: global
					reads, L1 line fetches, atomics */
	uint64_t sm_wr_global;       /* ... global writes */
	uint64_t sm_rd_local;        /* ... local reads and line fetches */
	uint64_t sm_wr_local;        /* ... local writes and writebacks */
	uint64_t sm_const;           /* ... constant line fetches */
	struct mem_dram_stats chan[MEM_STATS_MAX_CHAN]; /* per channel, the
					first MEM_STATS_MAX_CHAN */
	/* every field above is a uint64_t counter (per-launch deltas
	 * subtract them word by word); keep dram_util last */
	double dram_util;            /* busy_cycles / (dram_cycles * n_mem) */
};

struct mem_sys;

/*
 * Build the memory system for cfg (which must pass mem_config_validate and
 * outlive the result).  atomic/ctx may be NULL if no atomics are pushed.
 */
struct mem_sys *mem_sys_create(const struct mem_config *cfg,
			       mem_atomic_fn atomic, void *ctx);
void mem_sys_destroy(struct mem_sys *ms);

/*
 * Offer one transaction from SM sm at the current core cycle.  Returns
 * true if it was accepted; false (and nothing changed) on back-pressure:
 * the SM already made an access this cycle, its request pool or reply
 * queue is full, or the cache had a reservation failure.  Retry later.
 */
bool mem_sys_push(struct mem_sys *ms, unsigned sm, const struct mem_access *a);
/* Quick pre-check for push (port and pool only); push may still fail. */
bool mem_sys_can_push(const struct mem_sys *ms, unsigned sm);
/* Take the next reply due for SM sm; false when none is due. */
bool mem_sys_pop(struct mem_sys *ms, unsigned sm, struct mem_reply *out);
/* True when mem_sys_pop would return a reply for SM sm now (no change). */
bool mem_sys_reply_ready(const struct mem_sys *ms, unsigned sm);
/*
 * Open and close the SM phase of a cycle (serial, around the SM visits).
 * Inside it only the SM-side calls (those taking an sm) may be made, each
 * SM's on one thread.  An L1 that evicts a dirty line takes a writeback
 * entry only while the pool had more free entries at the start of the
 * phase than its SM id (at most one per SM per cycle), so no SM depends
 * on another's visit.  Outside a phase the SM-side calls apply their
 * shared effects at once (the same results, one call at a time).
 * cycle_end costs a scan of one byte per SM when nothing moved.
 */
void mem_sys_cycle_begin(struct mem_sys *ms);
void mem_sys_cycle_end(struct mem_sys *ms);
/* Advance every clock domain by one core cycle. */
void mem_sys_tick(struct mem_sys *ms);
/* True when no request is anywhere in the system (ticks would be no-ops). */
bool mem_sys_idle(const struct mem_sys *ms);
/*
 * Advance n core cycles at once, leaving exactly the state and statistics
 * of n mem_sys_tick calls.  Allowed while idle, and with requests in
 * flight when n < mem_sys_next_event(ms) (asserted in debug builds).
 */
void mem_sys_skip(struct mem_sys *ms, uint64_t n);
/*
 * The next event, relative to now: k means that mem_sys_tick calls 1 ..
 * k - 1 from now would change nothing but what mem_sys_skip adds in bulk
 * (clocks, round-robin pointers, stall counters), and the k-th may move a
 * request, make a reply poppable (mem_sys_pop, mem_sys_reply_ready) or
 * free room in an L1 (MSHR, injection queue, pools).  So mem_sys_skip(ms,
 * k - 1) is valid, k >= 1.  Conservative: a component that is blocked
 * but due (a full queue ahead of it) reports the next tick.  UINT64_MAX
 * when the system is idle.  Any push or pop may move it earlier: ask again
 * after them.
 */
uint64_t mem_sys_next_event(const struct mem_sys *ms);
/* Core cycles simulated so far. */
uint64_t mem_sys_cycle(const struct mem_sys *ms);
/*
 * A host-to-device copy of [a, a + n) installs its lines in their L2
 * slices, dirty, with no traffic and no time (GPGPU-Sim 4.x's
 * gpgpu_perf_sim_memcpy).  Returns the lines installed or already there.
 */
uint64_t mem_sys_warm_l2(struct mem_sys *ms, addr_t a, uint64_t n);
/* Invalidate every L1 (between kernels: gpgpu_flush_l1_cache). */
void mem_sys_flush_l1(struct mem_sys *ms);
/* Fill out with the counters summed over components. */
void mem_sys_stats(const struct mem_sys *ms, struct mem_stats *out);
/*
 * Invariant check (queue occupancies, MSHR free lists, live-request
 * counts); calls SIM_BUG on a violation.  Cheap enough for debug builds.
 */
void mem_sys_check(const struct mem_sys *ms);

/*
 * A refused push that waits (issue 17, "no busy retries"): after
 * mem_sys_push refused access a of SM sm, mem_sys_push_wait tells whether
 * offering a again is refused in the same way at every later core cycle
 * while the state it depends on (below) stays as it was, and records that
 * state.  The caller then stops retrying until mem_sys_push_same is false,
 * and adds the counters the skipped retries would have added with
 * mem_sys_push_refused, in bulk, before the statistics are read.  While
 * the SM neither pushes nor pops (it sleeps: src/timing/tsm.c) only the
 * others can change that state: fills of its L1 (they bump its reply
 * events word, mem_sys_sm_events), its injection queue draining and the
 * writeback pool, which mem_push_wait_holds reads inline.  Defined in
 * l1.c.
 */
struct mem_req;
struct mem_line;
struct mem_push_wait {
	uint64_t gen;         /* MEM_PW_TAG: the generation (tags, LRU,
				 MSHRs) of the cache whose tag check
				 refused */
	const uint32_t *in_n; /* occupancy of the SM's injection queue */
	const unsigned *wb_live; /* the writeback pool's entries in use */
	uint32_t wb_max;      /* MEM_PW_TAG: the L1 may take a writeback
				 entry while *wb_live < wb_max */
	uint32_t in_lo;       /* occupancies in_lo..in_hi keep the refusal */
	uint32_t in_hi;
	uint8_t why;          /* enum mem_push_why: the test that refuses */
	uint8_t slots;        /* MEM_PW_TAG: free injection slots, at most 2 */
	uint8_t wb;           /* MEM_PW_TAG: a writeback buffer was free */
	uint8_t count;        /* what one refused retry counts: 0 nothing in
				 the memory system, 1 an L1D reservation
				 fail, 2 an L1C one */
	uint16_t assoc;       /* MEM_PW_SET: ways of the set */
	const struct mem_line *set; /* MEM_PW_SET: its first way */
};
/* Which test of mem_sys_push refuses a waiting push. */
enum mem_push_why {
	MEM_PW_QUOTA,         /* the SM's requests in flight are at the quota */
	MEM_PW_OUT,           /* an L1-bypassing access: injection queue full */
	MEM_PW_HITQ,          /* the L1's hit queue is full */
	MEM_PW_TAG,           /* the tag check's remembered refusal */
	MEM_PW_MSHR,          /* the tag check refused a read while no MSHR
				 is free: whatever the free slots and the
				 writeback pool */
	MEM_PW_SLOT,          /* the tag check refused for want of an
				 injection slot, whatever the tags hold
				 (MEM_RF_SLOT): while the queue is full */
	MEM_PW_SET            /* every way of the access's set waits for a
				 fill (MEM_RF_SET): while they all wait */
};
/* After mem_sys_push(ms, sm, a) returned false: true, with w filled, when
 * the refusal repeats while mem_sys_push_same(ms, sm, w). */
bool mem_sys_push_wait(const struct mem_sys *ms, unsigned sm,
		       const struct mem_access *a, struct mem_push_wait *w);
/* The state w recorded still holds: a retry now is refused as w says. */
bool mem_sys_push_same(const struct mem_sys *ms, unsigned sm,
		       const struct mem_push_wait *w);
/* Count n refused retries of the push w waits on. */
void mem_sys_push_refused(struct mem_sys *ms, unsigned sm,
			  const struct mem_push_wait *w, uint64_t n);
/* mem_sys_push_same for an SM that has neither pushed nor popped since w
 * was recorded and whose reply events word has not moved. */
static inline bool mem_push_wait_holds(const struct mem_push_wait *w)
{
	return *w->in_n >= w->in_lo && *w->in_n <= w->in_hi &&
	       (w->why != MEM_PW_TAG || (*w->wb_live < w->wb_max) == w->wb);
}
/*
 * What can wake an SM that sleeps, besides its own events: a word the L1
 * bumps whenever it queues a reply for SM sm or fills a line (valid as
 * long as ms), and the core cycles from now until the first reply already
 * queued for it is due (UINT64_MAX when none is queued).
 */
const uint64_t *mem_sys_sm_events(const struct mem_sys *ms, unsigned sm);
uint64_t mem_sys_sm_reply_in(const struct mem_sys *ms, unsigned sm);

#endif
