/*
 * mem_int.h - internals of the memory hierarchy, shared by the src/mem sources and
 * the white-box unit tests: the request object, bounded ready-stamped
 * queues, request pools, and the components (cache, L1 unit, crossbar,
 * L2 slice, DRAM channel), each with an init/tick/push/pop surface so it
 * can be tested against fake neighbours.
 *
 * Time: every ready stamp and busy-until value is on the global time line
 * of struct mem_clock (see mem.h).  DRAM bank timing is kept in DRAM
 * command cycles.  No function here allocates after its component's init.
 */
#ifndef SIM_MEM_MEM_INT_H
#define SIM_MEM_MEM_INT_H

#include "../base/base.h"
#include "mem.h"

/* ================================================================
 * Requests, queues, pools
 * ================================================================ */

enum mem_level { MEM_LVL_NONE, MEM_LVL_L1D, MEM_LVL_L1C, MEM_LVL_L2 };

struct mem_pool;

/*
 * A request in flight.  Caller accesses and writebacks come from pools;
 * line fetches are embedded in their cache's MSHR.  A request sits in at
 * most one queue and at most one MSHR list at a time, and its reply
 * travels back as the same object.
 */
struct mem_req {
	addr_t addr;            /* start address (line address for fetches) */
	uint64_t tag;           /* caller's cookie */
	uint64_t value;         /* atomic result */
	uint64_t age;           /* DRAM arrival order (FR-FCFS tie-break) */
	uint64_t sent;          /* time the L1 sent it down (latency stat) */
	struct mem_req *next;   /* MSHR merge list or pool free list */
	struct mem_pool *pool;  /* owning pool; NULL for MSHR-embedded fetches */
	uint32_t size;          /* bytes moved */
	uint32_t row;           /* DRAM row */
	uint16_t sm;            /* issuing SM (reply destination) */
	uint16_t slice;         /* L2 slice (request destination) */
	uint16_t mshr;          /* fetches: index of the owning MSHR */
	uint16_t bank;          /* DRAM bank */
	uint8_t kind;           /* enum mem_kind */
	uint8_t space;          /* enum mem_space */
	uint8_t flags;          /* enum mem_access_flags */
	uint8_t level;          /* fetches: enum mem_level of the owning cache */
	uint8_t bursts;         /* DRAM column commands still to issue */
	uint8_t sectors;        /* sectored L2 traffic: 32-byte sectors it
				   moves, one DRAM request each (0: size
				   decides) */
	uint8_t acted;          /* DRAM: an activate was issued for it */
};

struct mem_qent {
	struct mem_req *req; /* the queued request */
	uint64_t ready;      /* global time from which it may leave */
};

/* Bounded FIFO ring; O(1) push/pop, storage allocated at init. */
struct mem_q {
	struct mem_qent *e; /* cap entries */
	uint32_t cap;       /* capacity (>= 1) */
	uint32_t head;      /* index of the oldest entry */
	uint32_t n;         /* entries held */
};

void mem_q_init(struct mem_q *q, unsigned cap);
void mem_q_release(struct mem_q *q);

static inline bool mem_q_full(const struct mem_q *q) { return q->n == q->cap; }
static inline bool mem_q_empty(const struct mem_q *q) { return q->n == 0; }
static inline unsigned mem_q_free(const struct mem_q *q) { return q->cap - q->n; }

static inline void mem_q_push(struct mem_q *q, struct mem_req *r, uint64_t ready)
{
	uint32_t t = q->head + q->n;

	SIM_ASSERT(q->n < q->cap);
	if (t >= q->cap)
		t -= q->cap;
	q->e[t].req = r;
	q->e[t].ready = ready;
	q->n++;
}

/* The ready time of q's head; UINT64_MAX when q is empty. */
static inline uint64_t mem_q_head_ready(const struct mem_q *q)
{
	return q->n ? q->e[q->head].ready : UINT64_MAX;
}

/* The head request if it is ready at time now, else NULL. */
static inline struct mem_req *mem_q_peek(const struct mem_q *q, uint64_t now)
{
	if (!q->n || q->e[q->head].ready > now)
		return NULL;
	return q->e[q->head].req;
}

static inline struct mem_req *mem_q_pop(struct mem_q *q)
{
	struct mem_req *r = q->e[q->head].req;

	SIM_ASSERT(q->n > 0);
	if (++q->head == q->cap)
		q->head = 0;
	q->n--;
	return r;
}

/* Fixed pool of requests with a free list; n_live counts those handed out. */
struct mem_pool {
	struct mem_req *all;  /* backing array */
	struct mem_req *free; /* free list through next */
	unsigned size;        /* requests in the pool */
	unsigned n_live;      /* requests currently allocated */
};

void mem_pool_init(struct mem_pool *p, unsigned n);
void mem_pool_release(struct mem_pool *p);

/* A zeroed request, or NULL when the pool is empty (a modelled stall). */
static inline struct mem_req *mem_pool_get(struct mem_pool *p)
{
	struct mem_req *r = p->free;

	if (!r)
		return NULL;
	p->free = r->next;
	memset(r, 0, sizeof(*r));
	r->pool = p;
	p->n_live++;
	return r;
}

static inline void mem_pool_put(struct mem_req *r)
{
	struct mem_pool *p = r->pool;

	SIM_ASSERT(p && p->n_live > 0);
	r->next = p->free;
	p->free = r;
	p->n_live--;
}

/* Packet bytes of r on the request (reply = false) or reply subnet
 * (inline: the crossbar sizes every packet it grants). */
static inline unsigned mem_pkt_bytes(const struct mem_req *r, bool reply,
				     unsigned ctrl_bytes)
{
	bool data;

	switch (r->kind) {
	case MEM_READ:
	case MEM_FETCH:
		data = reply;
		break;
	case MEM_ATOMIC:
		data = true;
		break;
	default: /* writes carry data down; their acks carry none */
		data = !reply;
		break;
	}
	return ctrl_bytes + (data ? r->size : 0);
}

/* ================================================================
 * Set-associative cache with MSHRs (cache.c)
 * ================================================================ */

enum mem_line_state { MEM_LINE_INVALID, MEM_LINE_VALID, MEM_LINE_RESERVED };

/* The tag of an invalid line: no line address (addr >> line bits, at
 * least 3 bits) is all ones, so a tag compare alone finds a line. */
#define MEM_TAG_NONE (~(addr_t)0)

struct mem_line {
	addr_t tag;     /* line address (addr >> line bits); MEM_TAG_NONE
			   while invalid */
	uint64_t lru;   /* last-touch stamp; smallest is the LRU victim */
	uint16_t mshr;  /* RESERVED lines: MSHR waiting for the fill */
	uint8_t state;  /* enum mem_line_state */
	uint8_t dirty;  /* written since fill (write-back policies) */
	uint8_t sec_valid; /* sectored: sectors present (bit i: bytes
			      32i..32i+31) */
	uint8_t sec_dirty; /* sectored: sectors written since their fill */
};

struct mem_mshr {
	struct mem_req fetch;   /* the line fetch sent to the next level */
	struct mem_req *head;   /* merged requests, oldest first */
	struct mem_req *tail;   /* last merged request */
	addr_t line;            /* line address being fetched */
	uint32_t line_idx;      /* reserved line (allocate-on-miss caches) */
	uint16_t n_merged;      /* requests in the list */
	uint8_t busy;           /* entry in use */
	uint8_t has_write;      /* a merged write/atomic: fill leaves the line dirty */
	uint8_t fetch_sec;      /* sectored: the sectors being fetched */
};

enum mem_outcome {
	MEM_HIT,           /* data present */
	MEM_HIT_RESERVED,  /* merged into the MSHR of an outstanding miss */
	MEM_MISS,          /* missed (see mem_cache_res for what to send) */
	MEM_RESFAIL,       /* reservation failure: nothing changed, retry */
};

enum mem_cache_op {
	MEM_OP_READ,    /* load or line fetch */
	MEM_OP_WRITE,   /* store or writeback */
	MEM_OP_RMW,     /* atomic: read, then the line is dirty */
};

/*
 * What a refusal (MEM_RESFAIL) depends on, for an owner that offers the
 * same access again while nothing but fills of its lines, its outbound
 * slots and its writeback pool can change (the L1 of a waiting LD/ST unit):
 */
enum mem_refuse {
	MEM_RF_STATE,      /* the tags and MSHRs (any fill may change it),
			      the slots and the writeback pool */
	MEM_RF_SLOT,       /* no outbound slot, whatever fills do: the same
			      access is refused while slots stay 0 */
	MEM_RF_SET,        /* every way of set `set` waits for a fill: the
			      same access is refused (before or at this
			      test) while they all still wait */
};

/* What a cache access asks its owner to do next. */
struct mem_cache_res {
	enum mem_outcome outcome; /* result */
	uint8_t refuse;    /* MEM_RESFAIL: enum mem_refuse */
	unsigned set;      /* MEM_RF_SET: the set */
	bool fetch;        /* send mshr[mshr].fetch to the next level */
	bool write_down;   /* forward the write itself to the next level */
	bool wb;           /* a dirty victim was evicted: write back wb_addr */
	unsigned wb_sec;   /* sectored: its dirty sectors (0: whole line) */
	addr_t wb_addr;    /* victim line address (bytes) */
	unsigned mshr;     /* MSHR index for fetch / merge */
};

struct mem_cache {
	struct mem_cache_config cfg;  /* geometry and policies */
	struct mem_line *lines;       /* n_sets * assoc, set-major */
	struct mem_mshr *mshr;        /* n_mshr entries */
	uint16_t *mshr_free;          /* stack of free MSHR indices */
	unsigned n_mshr_free;         /* entries on the stack */
	unsigned line_shift;          /* log2(line_bytes) */
	unsigned set_bits;            /* log2(n_sets) */
	unsigned hash_bits;           /* set_bits when the index is hashed,
					 else 0 */
	uint64_t lru_clock;           /* stamp source for LRU */
	const struct mem_config *map; /* L2: index by slice-local address */
	uint8_t level;                /* enum mem_level, copied into fetches */
	uint8_t sec_all;              /* sectored: mask of every sector of a
					 line; 0 when unsectored */
	struct mem_cache_stats st;    /* counters */
	uint64_t gen;                 /* bumped by every change of tags, LRU
					 stamps or MSHRs: an access refused
					 at one gen is refused again at the
					 same gen (l1.c remembers refusals) */
};

void mem_cache_init(struct mem_cache *c, const struct mem_cache_config *cfg,
		    enum mem_level level);
void mem_cache_release(struct mem_cache *c);
/*
 * Index an L2 slice by the slice-local address (channel digits and the
 * sub-partition bits squeezed out), as GPGPU-Sim indexes L2 by partition
 * address; without it a slice would use only a fraction of its sets.
 */
void mem_cache_index_by_slice(struct mem_cache *c, const struct mem_config *cfg);
unsigned mem_cache_set(const struct mem_cache *c, addr_t a);
/*
 * Access the cache for req.  slots = free entries in the outbound queue;
 * wb_ok = a writeback buffer is available.  If the access needs more than
 * that, or no MSHR/merge slot/victim line is available, the result is
 * MEM_RESFAIL and nothing but the resfail counter changes.  On
 * MEM_HIT_RESERVED and on a read MEM_MISS, req is kept in the MSHR list.
 */
void mem_cache_access(struct mem_cache *c, struct mem_req *req,
		      enum mem_cache_op op, unsigned slots, bool wb_ok,
		      struct mem_cache_res *res);
/*
 * The fill for MSHR m arrived: install the line, free the MSHR, and return
 * the merged requests (a list through next, oldest first).
 */
struct mem_req *mem_cache_fill(struct mem_cache *c, unsigned m);
/* Merged requests waiting on MSHR m. */
static inline unsigned mem_cache_mshr_count(const struct mem_cache *c, unsigned m)
{
	return c->mshr[m].n_merged;
}
/* Whether c writes a store to space sp back (else through, or not at all
 * for a read-only cache). */
static inline bool mem_cache_writes_back(const struct mem_cache *c,
					 unsigned sp)
{
	return c->cfg.write == MEM_WP_WB ||
	       (c->cfg.write == MEM_WP_LOCAL_WB && sp == MEM_LOCAL);
}
/* True if the line holding a is present and valid. */
bool mem_cache_probe(const struct mem_cache *c, addr_t a);
/* Install the line of address a, dirty, with no traffic (a host copy
 * warming the L2): a present line is only touched; a line being fetched
 * is left alone; else the set's victim is replaced without a write-back.
 * false when every way of the set waits for a fill (nothing changes). */
bool mem_cache_warm(struct mem_cache *c, addr_t a, uint32_t size);
/* Drop every valid line (reserved lines stay). */
void mem_cache_invalidate(struct mem_cache *c);

/* ================================================================
 * Crossbar subnet (xbar.c)
 * ================================================================ */

/*
 * One subnet: n_in input queues to n_out output queues.  Each cycle every
 * input port and every output port moves at most one flit; a packet of F
 * flits holds its input and output for F cycles and reaches the output
 * queue (latency + F - 1) cycles after its grant, plus eject_delay.
 * Inputs are served round-robin from a pointer that advances each cycle;
 * only the head of each input is eligible (one virtual channel).
 */
struct mem_xbar {
	struct mem_q *in;     /* per input port */
	struct mem_q *out;    /* per output port (stamped arrival time) */
	uint64_t *in_busy;    /* time each input port is free again */
	uint64_t *out_busy;   /* time each output port is free again */
	unsigned n_in;        /* input ports */
	unsigned n_out;       /* output ports */
	unsigned rr;          /* first input considered next cycle */
	unsigned n_waiting;   /* packets in input queues */
	uint64_t *nonempty;   /* bitset: input queues holding packets (a
				 tick visits only these) */
	uint64_t *out_ne;     /* bitset: output queues that may hold packets
				 (set on delivery; the memory system clears
				 a bit when it finds the queue empty) */
	uint64_t *want;       /* per output, in_words words: bitset of the
				 non-empty inputs whose head packet goes
				 there (arbitration is per output) */
	uint64_t *out_want;   /* bitset: outputs with a non-zero want */
	uint64_t *full_wait;  /* bitset: wanted outputs the last full cycle
				 found full (left out of wake: a cycle in
				 which one has room is computed in full) */
	uint64_t *in_rt;      /* per non-empty input: its head's ready time
				 or the input port's free time, the later
				 (the head's earliest grant, output aside) */
	unsigned in_words;    /* words per input bitset */
	unsigned flit_bytes;  /* bytes per flit */
	unsigned ctrl_bytes;  /* packet header bytes */
	uint64_t lat_time;    /* latency in time units */
	uint64_t period;      /* one interconnect cycle in time units */
	uint64_t eject_delay; /* extra delay added at the output (ROP) */
	uint64_t wake;        /* time before which no input can be granted
				 (lower bound; UINT64_MAX: none waiting) */
	bool reply;           /* reply subnet: route by sm, size by reply */
	uint64_t pkts;        /* packets delivered */
	uint64_t flits;       /* flits delivered */
};

void mem_xbar_init(struct mem_xbar *x, unsigned n_in, unsigned in_cap,
		   unsigned n_out, unsigned out_cap, bool reply,
		   const struct mem_config *cfg, uint64_t period,
		   uint64_t eject_delay);
void mem_xbar_release(struct mem_xbar *x);
/* Queue r at input i, eligible from time ready; input must not be full. */
void mem_xbar_push(struct mem_xbar *x, unsigned i, struct mem_req *r,
		   uint64_t ready);
/*
 * mem_xbar_push in two halves, for an SM's injection port during the SM
 * phase of a cycle (several SMs at once): push_in writes only input i's
 * queue; announce, called serially before the next tick, does the rest
 * (waiting count, wake time, non-empty bit, head filing) for the k
 * packets pushed in since input i's last announce, all eligible from
 * time ready (an L1 sends at the current time).
 */
static inline void mem_xbar_push_in(struct mem_xbar *x, unsigned i,
				    struct mem_req *r, uint64_t ready)
{
	mem_q_push(&x->in[i], r, ready);
}
void mem_xbar_announce(struct mem_xbar *x, unsigned i, unsigned k,
		       uint64_t ready);
void mem_xbar_tick(struct mem_xbar *x, uint64_t now);
/*
 * The same cycle computed the plain way: every non-empty input visited in
 * round-robin order and granted if its head, input and output allow (the
 * memory system's tick_all reference, which mem_xbar_tick must match).
 */
void mem_xbar_tick_ref(struct mem_xbar *x, uint64_t now);

/* ================================================================
 * DRAM channel (dram.c)
 * ================================================================ */

struct mem_dram_bank {
	struct mem_req *cur;   /* request being served (committed) */
	struct mem_req **q;    /* waiting requests, oldest first */
	unsigned n_q;          /* entries in q */
	uint32_t row;          /* open row */
	bool open;             /* a row is open */
	uint64_t act_ok;       /* DRAM cycle an activate may issue (tRP, tRC) */
	uint64_t col_ok;       /* DRAM cycle a column command may issue (tRCD) */
	uint64_t pre_ok;       /* DRAM cycle a precharge may issue (tRAS, tWR, tRTP) */
};

/* An address-map mask as runs of adjacent bits, so that gathering the
 * bits it selects costs one step per run (every request DRAM accepts). */
#define MEM_RUNS_MAX 8
struct mem_runs {
	unsigned n;                  /* runs; 0: more than MEM_RUNS_MAX (or
					none), gather bit by bit */
	uint8_t lo[MEM_RUNS_MAX];    /* lowest address bit of run i */
	uint8_t at[MEM_RUNS_MAX];    /* bit of the result it lands at */
	uint64_t ones[MEM_RUNS_MAX]; /* (1 << its length) - 1 */
};

/*
 * One channel: takes requests from its sub-partitions' L2->DRAM queues
 * (in[]), schedules them per bank, and returns read data into ret[].
 * Completed writes are released to their pool.
 */
struct mem_dram {
	const struct mem_config *cfg;  /* timing parameters */
	struct mem_dram_bank *bank;    /* n_banks banks */
	struct mem_q **in;             /* n_sub input queues (L2 -> DRAM) */
	struct mem_q **ret;            /* n_sub return queues (DRAM -> L2) */
	unsigned n_sub;                /* sub-partitions feeding this channel */
	unsigned first_slice;          /* global id of sub-partition 0 */
	unsigned in_rr;                /* next input queue to take from */
	unsigned prio;                 /* bank served first this cycle */
	unsigned n_pending;            /* requests queued or in service */
	uint64_t sel_mask;             /* banks idle with requests waiting */
	uint64_t act_mask;             /* banks serving a request (cur set) */
	uint64_t hit_mask;             /* serving banks whose request's row
					  is open: next command a column */
	uint64_t open_mask;            /* banks with a row open */
	uint64_t wr_mask;              /* serving banks whose request is a
					  write */
	unsigned atom_bytes;           /* bytes per column command */
	unsigned burst_cycles;         /* data-bus cycles per column command */
	uint64_t period;               /* one DRAM cycle in time units */
	uint64_t age;                  /* arrival counter */
	uint64_t ccd_ok;               /* next column command (tCCD) */
	uint64_t rrd_ok;               /* next activate (tRRD) */
	uint64_t rd_ok;                /* next read column (write-to-read) */
	uint64_t wr_ok;                /* next write column (read-to-write) */
	uint64_t *ret_ne;              /* the memory system's bitset of
					  slices with work, set when data is
					  returned to one; NULL: none kept */
	uint64_t wake;                 /* global time before which a tick
					  can only rotate prio (see
					  mem_dram_tick); UINT64_MAX: never */
	uint64_t col_wait;             /* DRAM cycle before which no column
					  command can issue (found by a scan
					  of the row-hit banks that issued
					  nothing; 0 after any change that
					  may allow one sooner) */
	uint64_t row_wait;             /* the same for row commands (PRE,
					  ACT) and the other serving banks */
	struct mem_dram_stats st;      /* counters */
	struct mem_runs bank_runs;     /* cfg->map.bank_mask as runs */
	struct mem_runs row_runs;      /* cfg->map.row_mask as runs */
};

void mem_dram_init(struct mem_dram *d, const struct mem_config *cfg,
		   struct mem_q **in, struct mem_q **ret, unsigned first_slice,
		   uint64_t period);
void mem_dram_release(struct mem_dram *d);
/* Decode a (global) address into channel-local bank and row. */
void mem_dram_decode(const struct mem_config *cfg, addr_t a, unsigned *chan,
		     unsigned *bank, uint32_t *row);
/* Address with the channel digits removed; *chan gets the channel. */
addr_t mem_addr_local(const struct mem_config *cfg, addr_t a, unsigned *chan);
/* Global L2 slice that owns address a. */
unsigned mem_addr_slice(const struct mem_config *cfg, addr_t a);
/* One DRAM cycle: now = global time, n = this channel's DRAM cycle. */
void mem_dram_tick(struct mem_dram *d, uint64_t now, uint64_t n);
static inline bool mem_dram_busy(const struct mem_dram *d)
{
	return d->n_pending != 0;
}
/*
 * A DRAM cycle before d->wake: the tick would find nothing to accept,
 * select or issue, and only rotate the bank priority (while requests are
 * pending), so this replaces it exactly.
 */
static inline void mem_dram_rest(struct mem_dram *d)
{
	if (d->n_pending && ++d->prio == d->cfg->n_banks)
		d->prio = 0;
}
/* A request was queued at one of d's inputs, eligible from time ready. */
static inline void mem_dram_note_push(struct mem_dram *d, uint64_t ready)
{
	d->wake = MIN(d->wake, ready);
}

/* ================================================================
 * L1 unit and L2 slice (l1.c, l2.c)
 * ================================================================ */

/* Per-SM L1 data and constant caches with their reply queues, and the
 * SM's share of the memory system's SM side. */
struct mem_l1 {
	struct mem_cache d;      /* L1D */
	struct mem_cache c;      /* L1C */
	struct mem_q hitq;       /* hits waiting out the hit latency */
	struct mem_q respq;      /* replies from below (fills, acks) */
	uint64_t last_access;    /* time of the last access (one port) */
	uint64_t d_lat;          /* L1D hit latency, time units */
	uint64_t c_lat;          /* L1C hit latency, time units */
	unsigned sm;             /* SM id */
	/* the last access the L1D or L1C tag check refused: the same
	 * access, offered again while that cache's gen, the free slots
	 * below it and the writeback pool's state are unchanged, is refused
	 * again (and counted) without a lookup */
	const struct mem_cache *rf_c; /* cache that refused, NULL if none */
	uint64_t rf_gen;         /* its gen then */
	addr_t rf_addr;          /* request address */
	uint32_t rf_size;        /* request bytes */
	uint8_t rf_kind;         /* enum mem_kind */
	uint8_t rf_space;        /* enum mem_space */
	uint8_t rf_wb;           /* a writeback buffer was free */
	unsigned rf_slots;       /* free injection-queue slots, at most 2
				    (all the cache tests) */
	uint8_t rf_why;          /* enum mem_refuse: MEM_RF_SLOT and
				    MEM_RF_SET refusals repeat whatever
				    gen, rf_slots (SET) and rf_wb say */
	const struct mem_line *rf_set; /* MEM_RF_SET: the set's first way */
	uint64_t events;         /* replies queued and lines filled: a
				    sleeping SM watches it (mem.h) */
	uint64_t due;            /* at most the earlier ready time of the
				    hitq and respq heads (UINT64_MAX: both
				    empty); exact after a pop: mem_sys_pop
				    returns at once before it */
	/* the SM's own share of the memory system's SM side: written only
	 * by the SM's calls in the SM phase of a cycle (several SMs may run
	 * at once), folded into the shared state by the serial merge
	 * (memsys.c, mem_sys_cycle_end) in SM order */
	struct mem_pool reqs;    /* the SM's caller requests (reqs_per_sm);
				    n_live: those in flight */
	unsigned n_below;        /* caller requests that went below the
				    L1 (not to hitq) since the last merge
				    (for mem_sys.reqs_live) */
	unsigned n_sent;         /* packets queued at the injection port
				    since the last merge (not yet announced
				    to the request subnet) */
	unsigned wb_max;         /* the writeback pool's n_live below which
				    this L1 may take an entry: its size
				    less the SM id (see l1_wb_ok) */
	bool wb_staged;          /* wb_tmp holds a writeback taken this
				    cycle, queued at the injection port; the
				    merge moves it into a pool entry */
	struct mem_req wb_tmp;   /* the staged writeback */
	uint64_t sent[3][2];     /* requests sent down, per enum mem_space
				    and [read, write] (see struct mem_stats) */
};

/* One L2 slice (memory sub-partition). */
struct mem_slice {
	struct mem_cache cache;  /* the L2 slice */
	struct mem_q dram_q;     /* L2 -> DRAM (stamped + dram_latency) */
	struct mem_q ret_q;      /* DRAM -> L2 */
	unsigned id;             /* global slice id */
};

struct mem_sys {
	const struct mem_config *cfg;  /* configuration */
	struct mem_clock clk;          /* clock domains */
	struct mem_l1 *l1;             /* n_sm L1 units */
	struct mem_slice *slice;       /* n_mem * n_sub slices */
	struct mem_dram *dram;         /* n_mem channels */
	struct mem_q **dram_in;        /* per slice: &slice[i].dram_q */
	struct mem_q **dram_ret;       /* per slice: &slice[i].ret_q */
	struct mem_xbar req_net;       /* SMs -> slices */
	struct mem_xbar rep_net;       /* slices -> SMs */
	struct mem_pool wbs;           /* writebacks (L1 local and L2);
					  its n_live changes only outside
					  the SM phase */
	unsigned reqs_live;            /* caller requests below the L1s:
					  pushed, not answered by an L1 hit,
					  not yet in an L1's reply queue
					  (counted up at the merge, down by
					  mem_l1_tick) */
	uint8_t *sm_dirty;             /* per SM (dirty_words * 8 bytes):
					  its share (mem_l1) changed since
					  the last merge; each SM writes
					  only its own byte */
	unsigned dirty_words;          /* 64-bit words of sm_dirty */
	bool phase;                    /* between mem_sys_cycle_begin and
					  mem_sys_cycle_end: the SM side
					  defers its shared effects to the
					  merge; outside, each SM-side call
					  merges its SM before it returns */
	unsigned n_slices;             /* n_mem * n_sub */
	uint64_t dram_lat;             /* dram_latency in time units */
	uint64_t l2_lat;               /* L2 hit latency in time units */
	mem_atomic_fn atomic;          /* functional effect of atomics */
	void *atomic_ctx;              /* its context */
	uint64_t stall_dramfull;       /* see struct mem_stats */
	uint64_t rd_lat_sum;           /* see struct mem_stats */
	uint64_t rd_lat_n;             /* see struct mem_stats */
	bool tick_all;                 /* test hook: tick every component in
					  every cycle of its domain, ignoring
					  wake times and work bitsets (the
					  reference the skipping is checked
					  against); false in the simulator */
	bool sub_run;                  /* the bank bits that pick the
					  sub-partition (mem_addr_slice) are
					  one run: sub_shift, sub_ones */
	unsigned sub_shift;            /* lowest of them (local address) */
	uint64_t sub_ones;             /* their values: (1 << width) - 1 */
};

/* mem_addr_slice(ms->cfg, a), with its bank bits read as one run when
 * they are (every request an L1 sends). */
static inline unsigned mem_sys_slice(const struct mem_sys *ms, addr_t a)
{
	unsigned chan;
	addr_t l;

	if (!ms->sub_run)
		return mem_addr_slice(ms->cfg, a);
	l = mem_addr_local(ms->cfg, a, &chan);
	return chan * ms->cfg->n_sub +
	       (unsigned)((l >> ms->sub_shift) & ms->sub_ones);
}

/*
 * Fold SM sm's share (struct mem_l1: n_below, n_sent, wb_staged) into
 * the shared state: the live count, the writeback pool (the staged
 * writeback moves into a pool entry) and the request subnet's
 * bookkeeping.  Serial: mem_sys_cycle_end calls it in SM order.
 */
void mem_sys_merge_sm(struct mem_sys *ms, unsigned sm);
/*
 * SM sm's share changed (l1.c, memsys.c): in the SM phase mark it for
 * the merge (the SM's own byte), outside it merge at once.
 */
static inline void mem_sys_note_sm(struct mem_sys *ms, unsigned sm)
{
	if (ms->phase)
		ms->sm_dirty[sm] = 1;
	else
		mem_sys_merge_sm(ms, sm);
}
/* A reply leaves the L2 at time ready (l2.c): the read-latency sum. */
void mem_sys_note_reply(struct mem_sys *ms, const struct mem_req *r,
			uint64_t ready);

/* L1 side (l1.c). */
void mem_l1_init(struct mem_l1 *l, const struct mem_config *cfg, unsigned sm,
		 uint64_t core_period);
void mem_l1_release(struct mem_l1 *l);
/* The L1's remembered refusal of access a applies now: counted, true. */
bool mem_l1_refused_again(struct mem_sys *ms, struct mem_l1 *l,
			  const struct mem_access *a, uint64_t now);
bool mem_l1_access(struct mem_sys *ms, struct mem_l1 *l, struct mem_req *r,
		   uint64_t now);
void mem_l1_tick(struct mem_sys *ms, struct mem_l1 *l, uint64_t now);

/* L2 side (l2.c). */
void mem_slice_init(struct mem_slice *s, const struct mem_config *cfg,
		    unsigned id);
void mem_slice_release(struct mem_slice *s);
void mem_slice_tick(struct mem_sys *ms, struct mem_slice *s, uint64_t now);

#endif
