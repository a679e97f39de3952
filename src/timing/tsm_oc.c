/*
 * tsm_oc.c - the SM's operand collector between issue and the units, as
 * GPGPU-Sim 3.x models it (opndcoll_rfu_t in its shader.cc).
 *
 * Issue puts an instruction into the ID_OC pipeline register of its class
 * (SP, SFU, MEM; gpgpu_pipeline_widths slots each).  Each cycle, back to
 * front like the rest of the SM:
 *   1. dispatch: per class, up to out_ports collector units whose operands
 *      are all read move their instruction into OC_EX (if it has a free
 *      slot), round robin over the units;
 *   2. reads: every register bank with queued requests serves its oldest
 *      one, unless a writeback uses the bank this cycle (writes first);
 *      a collector unit receives at most one operand per cycle (3.x's
 *      arbiter); when two banks offer the same unit, the one on the
 *      rotating priority diagonal first wins (the wavefront allocator);
 *   3. allocate: per class, up to in_ports instructions leave ID_OC for a
 *      free collector unit of their class (else a generic one) and queue
 *      one read per source register at bank (register + warp) mod banks.
 * The execute stage (tsm_exec.c) then moves OC_EX entries into free unit
 * pipelines, and the writeback stage releases the scoreboard.  A full
 * ID_OC stalls issue of that class ("collector" warp-cycles); a read that
 * waits for a bank used by another read or a write counts one
 * gpu_reg_bank_conflict_stalls.  Per-cycle work is proportional to the
 * instructions in the collector (nothing when it is empty).
 */
#include "timing_int.h"

#include <stdlib.h>
#include <string.h>

/* Parse gpgpu_pipeline_widths and the collector options into t->oc. */
int toc_config(struct tgpu *t, const struct ws_config *cfg, struct diag *d)
{
	struct toc_cfg *c = &t->oc;
	unsigned w[13], n = 0;
	const char *p = cfg->pipeline_widths;
	while (n < 13) {
		char *e;
		unsigned long x = strtoul(p, &e, 10);
		if (e == p || x > TOC_MAX_W)
			break;
		w[n++] = (unsigned)x;
		p = e;
		if (*p != ',')
			break;
		p++;
	}
	/*
	 * Nine values are GPGPU-Sim 3.x's stages (ID_OC_SP, _DP, _SFU, _MEM,
	 * OC_EX_SP, _DP, _SFU, _MEM, EX_WB); thirteen are 4.x's, which add
	 * the INT and tensor-core registers (ID_OC_SP, _DP, _INT, _SFU, _MEM,
	 * OC_EX_SP, _DP, _INT, _SFU, _MEM, EX_WB, ID_OC_TENSOR_CORE,
	 * OC_EX_TENSOR_CORE).  We model SP, SFU and MEM registers only (DP
	 * goes through SFU, INT through SP), so the others are read and
	 * unused.  Index of SP, SFU, MEM in ID_OC, then in OC_EX:
	 */
	static const unsigned at9[6] = {0, 2, 3, 4, 6, 7};
	static const unsigned at13[6] = {0, 3, 4, 5, 8, 9};
	const unsigned *at = n == 13 ? at13 : at9;
	bool ok = (n == 9 || n == 13) && !*p;
	for (unsigned i = 0; ok && i < 6; i++)
		ok = w[at[i]] != 0;
	if (!ok)
		return diag_err(d, "gpgpu_pipeline_widths = '%s': expected 9 "
				"(GPGPU-Sim 3.x) or 13 (4.x) comma-separated "
				"slot counts up to %u (SP, SFU and MEM ones at "
				"least 1)", cfg->pipeline_widths, TOC_MAX_W);
	c->w_idoc[TOC_SP] = w[at[0]];
	c->w_idoc[TOC_SFU] = w[at[1]];
	c->w_idoc[TOC_MEM] = w[at[2]];
	c->w_ocex[TOC_SP] = w[at[3]];
	c->w_ocex[TOC_SFU] = w[at[4]];
	c->w_ocex[TOC_MEM] = w[at[5]];
	c->in_ports[TOC_SP] = (unsigned)cfg->oc_in_sp;
	c->in_ports[TOC_SFU] = (unsigned)cfg->oc_in_sfu;
	c->in_ports[TOC_MEM] = (unsigned)cfg->oc_in_mem;
	c->out_ports[TOC_SP] = (unsigned)cfg->oc_out_sp;
	c->out_ports[TOC_SFU] = (unsigned)cfg->oc_out_sfu;
	c->out_ports[TOC_MEM] = (unsigned)cfg->oc_out_mem;
	unsigned units[TOC__COUNT] = {(unsigned)cfg->oc_units_sp,
		(unsigned)cfg->oc_units_sfu, (unsigned)cfg->oc_units_mem};
	unsigned k = 0;
	c->n_cu = units[0] + units[1] + units[2] + (unsigned)cfg->oc_units_gen;
	if (c->n_cu > TOC_MAX_CU)
		return diag_err(d, "operand collector: %u collector units "
				"exceed the model's limit of %u", c->n_cu,
				TOC_MAX_CU);
	for (unsigned i = 0; i < TOC__COUNT; i++) {
		c->own[i] = 0;
		for (unsigned j = 0; j < units[i]; j++, k++)
			c->own[i] |= 1ULL << k;
	}
	c->gen = 0;
	for (; k < c->n_cu; k++)
		c->gen |= 1ULL << k;
	c->n_banks = (unsigned)cfg->n_reg_banks;
	c->square = MAX(c->n_banks, c->n_cu);
	c->bank_mask = c->n_banks & (c->n_banks - 1) ? 0 : c->n_banks - 1;
	return 0;
}

void toc_sm_init(struct tgpu *t, struct tsm *s)
{
	s->nextsfu = xcalloc(t->n_words, 8);
	s->oc.bq = xcalloc((size_t)t->oc.n_banks, TOC_BQ);
	s->oc.scratch = xcalloc(1, sizeof(struct fmemrec));
}

void toc_sm_free(struct tsm *s)
{
	free(s->nextsfu);
	free(s->oc.bq);
	free(s->oc.scratch);
}

void toc_sm_reset(struct tgpu *t, struct tsm *s)
{
	struct toc *o = &s->oc;
	memset(s->nextsfu, 0, t->n_words * 8);
	memset(o->n_idoc, 0, sizeof(o->n_idoc));
	memset(o->n_ocex, 0, sizeof(o->n_ocex));
	memset(o->ready, 0, sizeof(o->ready));
	memset(o->rr, 0, sizeof(o->rr));
	memset(o->bq_head, 0, sizeof(o->bq_head));
	memset(o->bq_n, 0, sizeof(o->bq_n));
	o->free = t->oc.n_cu == 64 ? ~0ULL : (1ULL << t->oc.n_cu) - 1;
	o->bq_nonempty = o->wbusy = 0;
	o->n_reads = o->busy = 0;
}

void toc_write_banks(struct tgpu *t, struct tsm *s, unsigned wi,
		     uint32_t pc)
{
	const struct tinsn *ti = &t->ti[pc];
	const uint32_t *id = t->ops + ti->use_off + ti->n_use;
	for (unsigned i = 0; i < ti->n_def; i++)
		if (id[i] < t->n_regs)
			s->oc.wbusy |= 1ULL << toc_bank(&t->oc, id[i], wi);
}

/* 1. Collector units with all operands move to OC_EX. */
static void oc_dispatch(struct tgpu *t, struct toc *o)
{
	for (unsigned c = 0; c < TOC__COUNT; c++) {
		for (unsigned p = 0; p < t->oc.out_ports[c] && o->ready[c] &&
		     o->n_ocex[c] < t->oc.w_ocex[c]; p++) {
			/* round robin: first ready unit at or after rr */
			uint64_t m = o->ready[c];
			uint64_t hi = o->rr[c] < 64 ? m & (~0ULL << o->rr[c]) : 0;
			unsigned j = (unsigned)__builtin_ctzll(hi ? hi : m);
			struct tcu *u = &o->cu[j];
			o->ocex[c][o->n_ocex[c]++] = (struct tpreg){
				.warp = u->warp, .pc = u->pc};
			o->ready[c] &= ~(1ULL << j);
			o->free |= 1ULL << j;
			o->rr[c] = j + 1;
		}
	}
}

/* 2. Each bank serves the oldest request of its queue; a unit takes one
 * operand per cycle. */
static void oc_reads(struct tgpu *t, struct tsm *s)
{
	struct toc *o = &s->oc;
	unsigned sq = t->oc.square, pri = (unsigned)(t->cycle % sq);
	uint64_t m = o->bq_nonempty & ~o->wbusy, want = 0;
	unsigned key[TOC_MAX_CU], bank[TOC_MAX_CU], n_served = 0;

	/* a request is in diagonal (cu - bank - pri) mod square; the first
	 * diagonal (then the lowest bank) wins each unit */
	for (uint64_t b = m; b; b &= b - 1) {
		unsigned i = (unsigned)__builtin_ctzll(b);
		unsigned j = o->bq[(size_t)i * TOC_BQ + o->bq_head[i]];
		unsigned dg = j + 2 * sq - i - pri; /* in [1, 3 sq) */
		while (dg >= sq)
			dg -= sq;
		unsigned k = dg * TOC_MAX_BANKS + i;
		if (!((want >> j) & 1) || k < key[j]) {
			key[j] = k;
			bank[j] = i;
		}
		want |= 1ULL << j;
	}
	for (uint64_t g = want; g; g &= g - 1) {
		unsigned j = (unsigned)__builtin_ctzll(g), i = bank[j];
		struct tcu *u = &o->cu[j];
		o->bq_head[i] = (uint16_t)((o->bq_head[i] + 1) % TOC_BQ);
		if (!--o->bq_n[i])
			o->bq_nonempty &= ~(1ULL << i);
		n_served++;
		if (!--u->n_left)
			o->ready[u->cls] |= 1ULL << j;
	}
	/* every request left waiting behind another access of its bank */
	t->st.reg_bank_conflicts += o->n_reads - (unsigned)bit_popc64(m);
	o->n_reads -= n_served;
}

/* 3. Instructions leave ID_OC for free collector units. */
static void oc_allocate(struct tgpu *t, struct tsm *s)
{
	struct toc *o = &s->oc;
	for (unsigned c = 0; c < TOC__COUNT; c++) {
		for (unsigned p = 0; p < t->oc.in_ports[c] && o->n_idoc[c];
		     p++) {
			uint64_t f = o->free & t->oc.own[c];
			if (!f)
				f = o->free & t->oc.gen;
			if (!f)
				break;
			unsigned j = (unsigned)__builtin_ctzll(f);
			struct tpreg e = o->idoc[c][0];
			o->n_idoc[c]--;
			for (unsigned q = 0; q < o->n_idoc[c]; q++)
				o->idoc[c][q] = o->idoc[c][q + 1];
			struct tcu *u = &o->cu[j];
			const struct tinsn *ti = &t->ti[e.pc];
			const uint32_t *id = t->ops + ti->use_off;
			*u = (struct tcu){.warp = e.warp, .pc = e.pc,
				.cls = (uint8_t)c};
			o->free &= ~(1ULL << j);
			for (unsigned i = 0; i < ti->n_use; i++) {
				if (id[i] >= t->n_regs)
					continue; /* predicates: no bank */
				unsigned b = toc_bank(&t->oc, id[i], e.warp);
				SIM_ASSERT(o->bq_n[b] < TOC_BQ);
				o->bq[(size_t)b * TOC_BQ +
				      (o->bq_head[b] + o->bq_n[b]) % TOC_BQ] =
					(uint8_t)j;
				o->bq_n[b]++;
				o->bq_nonempty |= 1ULL << b;
				o->n_reads++;
				u->n_left++;
			}
			if (!u->n_left)
				o->ready[c] |= 1ULL << j;
		}
	}
}

void toc_cycle(struct tgpu *t, struct tsm *s)
{
	struct toc *o = &s->oc;
	if (o->busy) {
		if (o->ready[TOC_SP] | o->ready[TOC_SFU] | o->ready[TOC_MEM])
			oc_dispatch(t, o);
		if (o->n_reads)
			oc_reads(t, s);
		if (o->n_idoc[TOC_SP] | o->n_idoc[TOC_SFU] | o->n_idoc[TOC_MEM])
			oc_allocate(t, s);
	}
	o->wbusy = 0;
}
