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
	c->all_banks = c->n_banks == 64 ? ~0ULL : (1ULL << c->n_banks) - 1;
	c->buses = MIN((unsigned)cfg->n_result_bus, (unsigned)T_WHEEL_PER);
	return 0;
}

void toc_sm_init(struct tgpu *t, struct tsm *s)
{
	s->oc.bq = xcalloc((size_t)t->oc.n_banks, TOC_BQ);
	s->oc.scratch = xcalloc(1, sizeof(struct fmemrec));
}

void toc_sm_free(struct tsm *s)
{
	free(s->oc.bq);
	free(s->oc.scratch);
}

void toc_sm_reset(struct tgpu *t, struct tsm *s)
{
	struct toc *o = &s->oc;
	memset(s->nextsfu, 0, t->n_words * 8);
	/* the launch gives every warp slot a fresh scoreboard */
	for (unsigned w = 0; w < t->n_slots; w++)
		s->w[w].n_sb = 0;
	memset(o->idoc_head, 0, sizeof(o->idoc_head));
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

/* The scoreboard ids id[0 .. n_use + n_def) of one instruction (the
 * writes last) as masks over at most two words; m->ok stays 0 when they
 * span more. */
static void toc_sb_masks(struct tsb_pc *m, const uint32_t *id,
			 unsigned n_use, unsigned n_def)
{
	unsigned nw = 0;
	for (unsigned i = 0; i < n_use + n_def; i++) {
		uint32_t wd = id[i] / 64;
		unsigned k = 0;
		while (k < nw && m->w[k] != wd)
			k++;
		if (k == nw) {
			if (nw == 2)
				return; /* a third word: the id walk */
			m->w[nw++] = wd;
		}
		m->all[k] |= 1ULL << (id[i] % 64);
		if (i >= n_use)
			m->def[k] |= 1ULL << (id[i] % 64);
	}
	if (nw < 2) /* one word (or none): the second adds nothing */
		m->w[1] = m->w[0];
	m->ok = 1;
}

/*
 * Per pc of the launch, the banks its register reads and writes use in
 * warp slot 0 (register mod banks); predicates have no bank.  Warp w's
 * banks are these rotated by w mod banks, so the per-cycle stages never
 * walk the scoreboard-id lists or divide.  Also its scoreboard ids as
 * word masks (t->sbm, for the tsb_* tests of every stage).
 */
void toc_launch(struct tgpu *t)
{
	const struct ptx_kernel *k = t->k;
	unsigned nb = t->oc.n_banks, n_src = 0;

	toc_launch_end(t);
	t->oci = xcalloc(k->n_insn ? k->n_insn : 1, sizeof(*t->oci));
	for (uint32_t pc = 0; pc < k->n_insn; pc++)
		n_src += t->ti[pc].n_use;
	t->oc_src = xcalloc(n_src ? n_src : 1, 1);
	t->sbm = xcalloc(k->n_insn ? k->n_insn : 1, sizeof(*t->sbm));
	n_src = 0;
	for (uint32_t pc = 0; pc < k->n_insn; pc++) {
		struct tinsn *ti = &t->ti[pc];
		const uint32_t *id = t->ops + ti->use_off;
		struct toc_insn *c = &t->oci[pc];
		toc_sb_masks(&t->sbm[pc], id, ti->n_use, ti->n_def);
		ti->oc_cls = ti->is_mem ? TOC_MEM :
			ti->unit == TU_SP ? TOC_SP : TOC_SFU;
		c->src_off = n_src;
		for (unsigned i = 0; i < ti->n_use; i++)
			if (id[i] < t->n_regs)
				t->oc_src[n_src++] = (uint8_t)(id[i] % nb);
		c->n_src = (uint8_t)(n_src - c->src_off);
		for (unsigned i = 0; i < ti->n_def; i++)
			if (id[ti->n_use + i] < t->n_regs)
				c->wbanks |= 1ULL << (id[ti->n_use + i] % nb);
		if (nb <= 32) /* toc_write_banks rotates by one shift */
			c->wbanks |= c->wbanks << nb;
	}
}

void toc_launch_end(struct tgpu *t)
{
	free(t->oci);
	free(t->oc_src);
	free(t->sbm);
	t->oci = NULL;
	t->oc_src = NULL;
	t->sbm = NULL;
}

/* 1. Collector units with all operands move to OC_EX. */
static inline __attribute__((always_inline)) void
oc_dispatch(struct tgpu *t, struct toc *o)
{
#pragma GCC unroll 3 /* one copy per class: constant offsets */
	for (unsigned c = 0; c < TOC__COUNT; c++) {
		uint64_t m = o->ready[c];
		unsigned n = o->n_ocex[c];
		if (!m || n >= t->oc.w_ocex[c]) /* none ready, or OC_EX full */
			continue;
		/* out_ports moves at most, into the free OC_EX slots */
		unsigned lim = MIN(t->oc.out_ports[c], t->oc.w_ocex[c] - n);
		unsigned rr = o->rr[c];
		for (; lim && m; lim--) {
			/* round robin: first ready unit at or after rr */
			uint64_t hi = rr < 64 ? m & (~0ULL << rr) : 0;
			unsigned j = (unsigned)__builtin_ctzll(hi ? hi : m);
			const struct tcu *u = &o->cu[j];
			o->ocex[c][n++] = (struct tpreg){.warp = u->warp,
							 .pc = u->pc};
			m &= ~(1ULL << j);
			o->free |= 1ULL << j;
			rr = j + 1;
		}
		o->n_ocex[c] = (uint8_t)n;
		o->ready[c] = m;
		o->rr[c] = rr;
	}
}

/* No arbitration key computed yet (keys are below 64 x TOC_MAX_BANKS). */
#define TOC_NO_KEY UINT32_MAX

/* Arbitration key of unit j's request at bank i: its priority diagonal
 * (j - i - pri) mod sq, then the bank. */
static inline unsigned oc_key(unsigned j, unsigned i, unsigned pri,
			      unsigned sq)
{
	unsigned dg = j + 2 * sq - i - pri; /* in [1, 3 sq) */
	while (dg >= sq)
		dg -= sq;
	return dg * TOC_MAX_BANKS + i;
}

/* 2. Each bank serves the oldest request of its queue; a unit takes one
 * operand per cycle. */
static inline __attribute__((always_inline)) void
oc_reads(struct tgpu *t, struct tsm *s)
{
	struct toc *o = &s->oc;
	unsigned sq = t->oc.square, pri = (unsigned)(t->cycle % sq);
	uint64_t m = o->bq_nonempty & ~o->wbusy, want = 0;
	unsigned key[TOC_MAX_CU], bank[TOC_MAX_CU], n_served = 0;

	/* a request is in diagonal (cu - bank - pri) mod square; the first
	 * diagonal (then the lowest bank) wins each unit.  Keys are only
	 * needed when a second bank offers the same unit. */
	for (uint64_t b = m; b; b &= b - 1) {
		unsigned i = (unsigned)__builtin_ctzll(b);
		unsigned j = o->bq[(size_t)i * TOC_BQ + o->bq_head[i]];
		if (!((want >> j) & 1)) {
			bank[j] = i;
			key[j] = TOC_NO_KEY;
			want |= 1ULL << j;
			continue;
		}
		if (key[j] == TOC_NO_KEY)
			key[j] = oc_key(j, bank[j], pri, sq);
		unsigned k = oc_key(j, i, pri, sq);
		if (k < key[j]) {
			key[j] = k;
			bank[j] = i;
		}
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
	s->st.reg_bank_conflicts += o->n_reads - (unsigned)bit_popc64(m);
	o->n_reads -= n_served;
}

/* 3. Instructions leave ID_OC for free collector units. */
static inline __attribute__((always_inline)) void
oc_allocate(struct tgpu *t, struct tsm *s)
{
	struct toc *o = &s->oc;
	const struct toc_cfg *cf = &t->oc;
	unsigned nb = cf->n_banks;
#pragma GCC unroll 3 /* one copy per class: constant offsets */
	for (unsigned c = 0; c < TOC__COUNT; c++) {
		/* nothing in ID_OC, or no collector unit it may take */
		if (!o->n_idoc[c] || !(o->free & (cf->own[c] | cf->gen)))
			continue;
		for (unsigned p = cf->in_ports[c]; p && o->n_idoc[c]; p--) {
			uint64_t f = o->free & cf->own[c];
			if (!f)
				f = o->free & cf->gen;
			if (!f)
				break;
			unsigned j = (unsigned)__builtin_ctzll(f);
			struct tpreg e = o->idoc[c][o->idoc_head[c]];
			o->idoc_head[c] = (uint8_t)((o->idoc_head[c] + 1) %
						    TOC_MAX_W);
			o->n_idoc[c]--;
			struct tcu *u = &o->cu[j];
			const struct toc_insn *ci = &t->oci[e.pc];
			const uint8_t *rb = t->oc_src + ci->src_off;
			unsigned sh = toc_shift(cf, e.warp), n = ci->n_src;
			*u = (struct tcu){.warp = e.warp, .pc = e.pc,
				.cls = (uint8_t)c, .n_left = (uint8_t)n};
			o->free &= ~(1ULL << j);
			o->n_reads += n;
			for (unsigned i = 0; i < n; i++) {
				unsigned b = rb[i] + sh;
				if (b >= nb)
					b -= nb;
				SIM_ASSERT(o->bq_n[b] < TOC_BQ);
				o->bq[(size_t)b * TOC_BQ +
				      (o->bq_head[b] + o->bq_n[b]) % TOC_BQ] =
					(uint8_t)j;
				o->bq_n[b]++;
				o->bq_nonempty |= 1ULL << b;
			}
			if (!n)
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
