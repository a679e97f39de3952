/*
 * dram.c - one GDDR5 channel with per-bank row buffers and FR-FCFS.
 *
 * Follows the structure of GPGPU-Sim's dram_t: requests from the channel's
 * L2 sub-partitions enter a bounded scheduler queue (sorted per bank);
 * each idle bank commits to one request (FR-FCFS: the oldest request to
 * its open row, else its oldest request); then, each DRAM command cycle, at
 * most one row command (ACT or PRE) and one column command (RD or WR) issue,
 * banks taking turns in a rotating order.  An open-page policy keeps rows
 * open.  Timing constraints (DRAM cycles): tRCD, tRAS, tRP, tRC, tRRD,
 * tCCD, CL, WL, tCDLR (write to read), tWR, tRTP and a read-to-write
 * turnaround of CL + burst + 2 - WL.  Bank groups (tCCDL) and refresh are
 * not modelled.  A request of S bytes needs ceil(S / atom) column commands,
 * atom = burst_len x bus_bytes x chips (64 B on GTX480), each holding the
 * data bus for burst_len / data_ratio cycles.
 *
 * Host cost: banks are kept in masks by what their next command is (row
 * hit: a column; open on another row: PRE; closed: ACT), so a DRAM cycle
 * visits only banks of a kind whose channel-wide constraints are met, and
 * after a cycle that issued nothing the channel computes the first cycle
 * in which anything could issue (wake); the memory system does not tick
 * it before then.  A scan of one kind (column, row) that issues nothing
 * remembers the first cycle any of its banks could issue (col_wait,
 * row_wait), and the kind is not scanned again before it unless a bank
 * joins the kind (selection, activate); busy channels then cost a few
 * tests per cycle for the banks waiting out tRCD, tRAS, tRP or tRC.
 */
#include "../base/base.h"

#include <stdlib.h>

#include "mem_int.h"

addr_t mem_addr_local(const struct mem_config *cfg, addr_t a, unsigned *chan)
{
	unsigned cb = cfg->map.chan_bit;
	addr_t hi = a >> cb;

	*chan = (unsigned)(hi % cfg->n_mem);
	return ((hi / cfg->n_mem) << cb) | (a & (((addr_t)1 << cb) - 1));
}

/* The lowest run of adjacent set bits of mask (non-zero): its first bit in
 * *lo, its length returned, *ones = that many low one bits. */
static inline unsigned lowest_run(uint64_t mask, unsigned *lo, uint64_t *ones)
{
	uint64_t run = mask >> (*lo = bit_ctz64(mask));
	unsigned len = ~run ? bit_ctz64(~run) : 64 - *lo;

	*ones = len == 64 ? ~(uint64_t)0 : ((uint64_t)1 << len) - 1;
	return len;
}

/*
 * The bits of x selected by mask, packed towards bit 0 (a software pext).
 * Address-map masks are a few runs of adjacent bits, so the loop moves one
 * run per step rather than one bit (it runs for every request the L1 sends
 * and every request DRAM accepts).
 */
static uint64_t gather_bits(uint64_t x, uint64_t mask)
{
	uint64_t r = 0;
	unsigned k = 0;

	while (mask) {
		unsigned lo;
		uint64_t ones;
		unsigned len = lowest_run(mask, &lo, &ones);

		r |= ((x >> lo) & ones) << k;
		k += len;
		mask &= ~(ones << lo);
	}
	return r;
}

static void runs_init(struct mem_runs *r, uint64_t mask)
{
	unsigned k = 0;

	r->n = 0;
	while (mask) {
		unsigned lo;
		uint64_t ones;
		unsigned len = lowest_run(mask, &lo, &ones);

		if (r->n == MEM_RUNS_MAX) {
			r->n = 0;
			return;
		}
		r->lo[r->n] = (uint8_t)lo;
		r->at[r->n] = (uint8_t)k;
		r->ones[r->n++] = ones;
		k += len;
		mask &= ~(ones << lo);
	}
}

/* gather_bits(x, mask) for the mask r was made from. */
static inline uint64_t runs_gather(const struct mem_runs *r, uint64_t x,
				   uint64_t mask)
{
	uint64_t v = 0;

	if (!r->n)
		return gather_bits(x, mask);
	for (unsigned i = 0; i < r->n; i++)
		v |= ((x >> r->lo[i]) & r->ones[i]) << r->at[i];
	return v;
}

/* mem_dram_decode with the bank and row masks as runs br and rr (n = 0:
 * bit by bit). */
static inline void dram_decode(const struct mem_config *cfg,
			       const struct mem_runs *br,
			       const struct mem_runs *rr, addr_t a,
			       unsigned *chan, unsigned *bank, uint32_t *row)
{
	addr_t l = mem_addr_local(cfg, a, chan);

	*bank = (unsigned)(runs_gather(br, l, cfg->map.bank_mask) %
			   cfg->n_banks);
	*row = (uint32_t)runs_gather(rr, l, cfg->map.row_mask);
}

void mem_dram_decode(const struct mem_config *cfg, addr_t a, unsigned *chan,
		     unsigned *bank, uint32_t *row)
{
	const struct mem_runs none = {.n = 0};

	dram_decode(cfg, &none, &none, a, chan, bank, row);
}

/*
 * Sub-partition = channel's slice chosen by the low bank bits.  With a
 * power-of-two bank count those are the bits under the lowest
 * log2(n_sub) bits of the bank mask (the modulo keeps them), so only they
 * are gathered (this runs for every request an L1 sends).
 */
unsigned mem_addr_slice(const struct mem_config *cfg, addr_t a)
{
	unsigned chan, bank;
	addr_t l = mem_addr_local(cfg, a, &chan);
	uint64_t m = cfg->map.bank_mask, low = 0;

	if (cfg->n_sub == 1)
		return chan;
	if (!(cfg->n_banks & (cfg->n_banks - 1))) {
		for (unsigned s = cfg->n_sub; s > 1 && m; s >>= 1) {
			low |= m & (~m + 1);
			m &= m - 1;
		}
		return chan * cfg->n_sub + (unsigned)gather_bits(l, low);
	}
	/* the bank alone (mem_dram_decode's bank; the row is not needed) */
	bank = (unsigned)(gather_bits(l, cfg->map.bank_mask) % cfg->n_banks);
	return chan * cfg->n_sub + (bank & (cfg->n_sub - 1));
}

void mem_dram_init(struct mem_dram *d, const struct mem_config *cfg,
		   struct mem_q **in, struct mem_q **ret, unsigned first_slice,
		   uint64_t period)
{
	memset(d, 0, sizeof(*d));
	d->cfg = cfg;
	d->bank = xcalloc(cfg->n_banks, sizeof(*d->bank));
	for (unsigned b = 0; b < cfg->n_banks; b++)
		d->bank[b].q = xcalloc(cfg->sched_queue, sizeof(*d->bank[b].q));
	d->in = in;
	d->ret = ret;
	d->n_sub = cfg->n_sub;
	d->first_slice = first_slice;
	d->atom_bytes = cfg->burst_len * cfg->bus_bytes * cfg->chips;
	d->burst_cycles = cfg->burst_len / cfg->data_ratio;
	d->period = period;
	d->wake = UINT64_MAX;
	runs_init(&d->bank_runs, cfg->map.bank_mask);
	runs_init(&d->row_runs, cfg->map.row_mask);
}

void mem_dram_release(struct mem_dram *d)
{
	for (unsigned b = 0; b < d->cfg->n_banks; b++)
		free(d->bank[b].q);
	free(d->bank);
	memset(d, 0, sizeof(*d));
}

/* Move at most one ready request from the sub-partitions into its bank. */
static void dram_accept(struct mem_dram *d, uint64_t now)
{
	const struct mem_config *cfg = d->cfg;

	if (d->n_pending >= cfg->sched_queue)
		return;
	for (unsigned k = 0; k < d->n_sub; k++) {
		unsigned s = (d->in_rr + k) % d->n_sub, chan, bank;
		struct mem_req *r = mem_q_peek(d->in[s], now);
		struct mem_dram_bank *b;

		if (!r)
			continue;
		mem_q_pop(d->in[s]);
		dram_decode(cfg, &d->bank_runs, &d->row_runs, r->addr, &chan,
			    &bank, &r->row);
		r->bank = (uint16_t)bank;
		/* a sectored L2's request moves its sectors as separate
		 * DRAM requests (each at least one burst) */
		r->bursts = r->sectors ? (uint8_t)(r->sectors *
			((MEM_SECTOR + d->atom_bytes - 1) / d->atom_bytes)) :
			(uint8_t)((r->size + d->atom_bytes - 1) / d->atom_bytes);
		r->acted = 0;
		r->age = ++d->age;
		b = &d->bank[bank];
		b->q[b->n_q++] = r;
		if (!b->cur)
			d->sel_mask |= (uint64_t)1 << bank;
		d->n_pending++;
		d->st.n_req++;
		d->in_rr = (s + 1) % d->n_sub;
		return;
	}
}

/* Commit an idle bank to its next request: open-row hits first, then oldest. */
static void bank_select(struct mem_dram *d, struct mem_dram_bank *b)
{
	unsigned i = 0;

	if (d->cfg->frfcfs && b->open) {
		while (i < b->n_q && b->q[i]->row != b->row)
			i++;
		if (i == b->n_q)
			i = 0;
	}
	b->cur = b->q[i];
	memmove(&b->q[i], &b->q[i + 1], (b->n_q - i - 1) * sizeof(b->q[0]));
	b->n_q--;
	d->col_wait = d->row_wait = 0; /* the bank joins a kind */
	if (b->open && b->row == b->cur->row)
		d->hit_mask |= (uint64_t)1 << (b - d->bank);
	if (b->cur->kind == MEM_WRITE || b->cur->kind == MEM_WRITEBACK)
		d->wr_mask |= (uint64_t)1 << (b - d->bank);
}

/* The request left the bank: return read data or release the write. */
static void dram_finish(struct mem_dram *d, struct mem_dram_bank *b,
			struct mem_req *r, uint64_t now)
{
	uint64_t bit = (uint64_t)1 << (b - d->bank);

	b->cur = NULL;
	d->act_mask &= ~bit;
	d->hit_mask &= ~bit;
	d->wr_mask &= ~bit;
	if (b->n_q)
		d->sel_mask |= bit;
	d->n_pending--;
	/* a sectored L2's request counts as one request per sector */
	if (r->kind == MEM_WRITE || r->kind == MEM_WRITEBACK) {
		d->st.n_wr += r->sectors ? r->sectors : 1;
		d->st.wr_bytes += r->size;
		mem_pool_put(r);
		return;
	}
	d->st.n_rd += r->sectors ? r->sectors : 1;
	d->st.rd_bytes += r->size;
	mem_q_push(d->ret[r->slice - d->first_slice], r,
		   now + (d->cfg->t_cl + d->burst_cycles) * d->period);
	if (d->ret_ne)
		d->ret_ne[r->slice / 64] |= 1ULL << (r->slice % 64);
}

/*
 * Issue the next column command of b->cur if every constraint allows;
 * else lower *mn to the first cycle it could (the next one while the
 * return queue is full).
 */
static bool try_column(struct mem_dram *d, struct mem_dram_bank *b,
		       uint64_t now, uint64_t n, uint64_t *mn)
{
	const struct mem_config *c = d->cfg;
	struct mem_req *r = b->cur;
	bool wr = r->kind == MEM_WRITE || r->kind == MEM_WRITEBACK;
	uint64_t t = MAX(MAX(b->col_ok, d->ccd_ok), wr ? d->wr_ok : d->rd_ok);

	if (n < t) {
		*mn = MIN(*mn, t);
		return false;
	}
	if (!wr && r->bursts == 1 &&
	    mem_q_full(d->ret[r->slice - d->first_slice])) {
		*mn = MIN(*mn, n + 1);
		return false;
	}
	d->ccd_ok = n + c->t_ccd;
	if (wr) {
		t = n + c->t_wl + d->burst_cycles;
		d->rd_ok = MAX(d->rd_ok, t + c->t_cdlr);
		b->pre_ok = MAX(b->pre_ok, t + c->t_wr);
	} else {
		t = n + c->t_cl + d->burst_cycles + 2;
		d->wr_ok = MAX(d->wr_ok, t > c->t_wl ? t - c->t_wl : 0);
		b->pre_ok = MAX(b->pre_ok, n + c->t_rtp);
	}
	if (!(r->acted & 2)) { /* first column command: was the row open? */
		r->acted |= 2;
		if (r->acted & 1)
			d->st.row_misses++;
		else
			d->st.row_hits++;
	}
	d->st.busy_cycles += d->burst_cycles;
	if (wr)
		d->st.n_wr_cmd++;
	else
		d->st.n_rd_cmd++;
	if (--r->bursts == 0)
		dram_finish(d, b, r, now);
	return true;
}

/*
 * Issue PRE (wrong row open) or ACT (bank closed) for b->cur if allowed;
 * else lower *mn to the first cycle it could.
 */
static bool try_row(struct mem_dram *d, struct mem_dram_bank *b, uint64_t n,
		    uint64_t *mn)
{
	const struct mem_config *c = d->cfg;

	uint64_t bit = (uint64_t)1 << (b - d->bank);

	if (b->open) {
		if (n < b->pre_ok) {
			*mn = MIN(*mn, b->pre_ok);
			return false;
		}
		b->open = false;
		d->open_mask &= ~bit;
		b->act_ok = MAX(b->act_ok, n + c->t_rp);
		d->st.n_pre++;
		return true;
	}
	if (n < b->act_ok || n < d->rrd_ok) {
		*mn = MIN(*mn, MAX(b->act_ok, d->rrd_ok));
		return false;
	}
	b->open = true;
	d->col_wait = 0; /* the bank joins the row hits */
	d->open_mask |= bit;
	d->hit_mask |= bit;
	b->row = b->cur->row;
	b->col_ok = n + c->t_rcd;
	b->pre_ok = n + c->t_ras;
	b->act_ok = n + c->t_rc;
	d->rrd_ok = n + c->t_rrd;
	b->cur->acted |= 1;
	d->st.n_act++;
	return true;
}

/* Bank mask m rotated right by prio within n_banks bits: bank prio
 * becomes bit 0. */
static inline uint64_t rot_prio(const struct mem_dram *d, uint64_t m)
{
	unsigned p = d->prio, nb = d->cfg->n_banks;

	/* m < 2^nb, p < nb; the mask keeps bits p.. from wrapping twice */
	return p ? ((m >> p) | (m << (nb - p))) & (((uint64_t)2 << (nb - 1)) - 1)
		 : m;
}

/* The bank of rot_prio's lowest set bit in m. */
static inline unsigned rot_bank(const struct mem_dram *d, uint64_t m)
{
	unsigned b = bit_ctz64(m) + d->prio;

	return b >= d->cfg->n_banks ? b - d->cfg->n_banks : b;
}

/*
 * Offer the command bus to the serving banks in rotating order from prio:
 * the first bank whose column command meets every constraint issues it,
 * and the first bank whose row command (PRE or ACT) does issues that.  A
 * column command touches only its bank and the channel's column timing,
 * a row command only its bank and tRRD, so the two choices are
 * independent; banks of a kind whose channel-wide constraint is not met
 * (tCCD, read/write turnaround, tRRD for an activate) are not visited,
 * nor is a kind before its col_wait / row_wait.  A full scan of a kind
 * that issues nothing sets its wait to the least cycle its banks gave.
 * Returns whether a command issued.
 */
static bool dram_issue(struct mem_dram *d, uint64_t now, uint64_t n)
{
	uint64_t hit = d->act_mask & d->hit_mask;
	uint64_t rows = d->act_mask & ~d->hit_mask;
	uint64_t cmin = UINT64_MAX, rmin = UINT64_MAX;
	bool col = false, rowc = false;
	bool scan_c = n >= d->col_wait, scan_r = n >= d->row_wait;

	if (!scan_c) {
		hit = 0;
	} else if (hit && n < d->ccd_ok) {
		cmin = d->ccd_ok;
		hit = 0;
	} else {
		if ((hit & d->wr_mask) && n < d->wr_ok) {
			cmin = d->wr_ok;
			hit &= ~d->wr_mask;
		}
		if ((hit & ~d->wr_mask) && n < d->rd_ok) {
			cmin = MIN(cmin, d->rd_ok);
			hit &= d->wr_mask;
		}
	}
	if (!scan_r) {
		rows = 0;
	} else if (n < d->rrd_ok && (rows & ~d->open_mask)) {
		rmin = d->rrd_ok;
		rows &= d->open_mask; /* precharges only */
	}
	/* banks prio .. n_banks - 1 first, then 0 .. prio - 1: the masks
	 * rotated right by prio (a column and a row command touch
	 * disjoint state, so the two walks may run one after the other) */
	for (uint64_t m = rot_prio(d, hit); m && !col; m &= m - 1)
		col = try_column(d, &d->bank[rot_bank(d, m)], now, n, &cmin);
	for (uint64_t m = rot_prio(d, rows); m && !rowc; m &= m - 1)
		rowc = try_row(d, &d->bank[rot_bank(d, m)], n, &rmin);
	/* a command may let another bank's follow (a finished request
	 * frees its bank, an activate makes a row hit): scan again */
	if (scan_c)
		d->col_wait = col ? 0 : cmin;
	if (scan_r)
		d->row_wait = rowc ? 0 : rmin;
	if (rowc)
		d->col_wait = 0;
	return col || rowc;
}

/*
 * The earliest global time at which a tick of this channel after DRAM
 * cycle n can do more than rotate prio: a bank waiting to select, a
 * ready input (when the scheduler queue has room), or the first cycle in
 * which some serving bank's next command meets its timing constraints
 * (col_wait, row_wait, which a cycle that issued nothing left as lower
 * bounds).  A lower bound: the return queue being full, or another bank
 * taking the command bus first, only delays a command further.  Nothing
 * outside the channel's tick changes these constraints; a push into an
 * input lowers wake itself (mem_dram_note_push).
 */
static uint64_t dram_wake(const struct mem_dram *d, uint64_t n)
{
	uint64_t t = UINT64_MAX, m = MIN(d->col_wait, d->row_wait);

	if (d->sel_mask)
		return (n + 1) * d->period;
	if (d->n_pending < d->cfg->sched_queue)
		for (unsigned k = 0; k < d->n_sub; k++)
			t = MIN(t, mem_q_head_ready(d->in[k]));
	if (d->act_mask && m != UINT64_MAX)
		t = MIN(t, MAX(m, n + 1) * d->period);
	return t;
}

/*
 * One DRAM cycle.  Bank bookkeeping uses two masks (banks waiting to
 * select, banks serving), so an idle bank costs nothing; banks are offered
 * the command bus in rotating order starting at prio.  Ends by computing
 * wake, before which the memory system replaces a tick by mem_dram_rest.
 */
void mem_dram_tick(struct mem_dram *d, uint64_t now, uint64_t n)
{
	bool issued = false;

	dram_accept(d, now);
	if (d->n_pending) {
		for (uint64_t m = d->sel_mask; m; m &= m - 1) {
			unsigned b = bit_ctz64(m);

			bank_select(d, &d->bank[b]);
			d->act_mask |= (uint64_t)1 << b;
		}
		d->sel_mask = 0;
		issued = dram_issue(d, now, n);
		if (issued)
			d->st.cmd_cycles++;
		if (++d->prio == d->cfg->n_banks)
			d->prio = 0;
	}
	/* after a command, the next cycle may well issue again: not worth
	 * a scan of the banks */
	d->wake = issued ? (n + 1) * d->period : dram_wake(d, n);
}
