/*
 * mem_config.c - memory-hierarchy parameters: the GTX480 defaults (as
 * GPGPU-Sim's SM2_GTX480 config sets them), the Tesla-like machine of the
 * DWR paper, the GPGPU-Sim address-mapping string parser, and validation.
 */
#include "../base/base.h"

#include <stdlib.h>

#include "mem.h"

/* GTX480 DRAM address map (gpgpu_mem_addr_mapping), channel at bit 8. */
static const char gtx480_map[] =
	"dramid@8;0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS";
/* Tesla machine: 8 banks, 32 B bursts (assumed; the paper prints none). */
static const char tesla8_map[] =
	"dramid@8;00000RRR.RRRRRRRR.RRBBCCCB.CCCSSSSS";

void mem_config_gtx480(struct mem_config *c)
{
	memset(c, 0, sizeof(*c));
	c->n_sm = 15;
	c->core_mhz = 700.0;
	c->icnt_mhz = 700.0;
	c->l2_mhz = 700.0;
	c->dram_mhz = 924.0;

	/* L1D N:32:128:4,L:L:m:N:H,S:64:8,8 and gpgpu_l1_latency 35 */
	c->l1d = (struct mem_cache_config){
		.n_sets = 32, .line_bytes = 128, .assoc = 4, .n_mshr = 64,
		.mshr_merge = 8, .miss_queue = 8, .latency = 35,
		.write = MEM_WP_LOCAL_WB, .alloc_on_fill = false,
		.write_alloc = false, .hash_index = true,
	};
	/*
	 * L1C N:64:64:2,L:R:f:N:L,S:2:32,4.  GPGPU-Sim adds no latency queue
	 * to constant-cache hits; the reply is due the next cycle.
	 */
	c->l1c = (struct mem_cache_config){
		.n_sets = 64, .line_bytes = 64, .assoc = 2, .n_mshr = 2,
		.mshr_merge = 32, .miss_queue = 4, .latency = 1,
		.write = MEM_WP_READONLY, .alloc_on_fill = true,
		.write_alloc = false, .hash_index = false,
	};
	c->l1d_enabled = true;
	c->reply_queue = 64;
	c->reqs_per_sm = 512;
	c->smem_banks = 32;
	c->smem_bank_bytes = 4;
	c->smem_latency = 26;
	c->coalesce_bytes = 128;
	c->sector_bytes = 32;

	c->flit_bytes = 40;
	c->ctrl_bytes = 8;
	c->icnt_latency = 4;
	c->icnt_in_queue = 8;
	c->ejection_queue = 32;

	c->n_mem = 6;
	c->n_sub = 2;
	/*
	 * L2 N:64:128:8,L:B:m:L:L,A:256:4,4:0,32: unsectored as GPGPU-Sim
	 * 3.x, which the seed papers ran (4.x's file has S:, the
	 * gtx480-4x machine); a write miss
	 * allocates without fetching (lazy fetch-on-read approximated).
	 */
	c->l2 = (struct mem_cache_config){
		.n_sets = 64, .line_bytes = 128, .assoc = 8, .n_mshr = 256,
		.mshr_merge = 4, .miss_queue = 4, .latency = 0,
		.write = MEM_WP_WB, .alloc_on_fill = false,
		.write_alloc = true, .hash_index = false,
	};
	c->rop_latency = 120;
	c->q_icnt_l2 = 64;
	c->q_l2_dram = 64;
	c->q_dram_l2 = 64;
	c->q_l2_icnt = 64;
	c->wb_pool = 32;

	/* Hynix H5GQ1H24AFR GDDR5: nbk=16:CCD=2:RRD=6:RCD=12:RAS=28:RP=12:
	 * RC=40:CL=12:WL=4:CDLR=5:WR=12 (RTPL=2) */
	c->dram_latency = 100;
	c->frfcfs = 1;
	c->sched_queue = 64;
	c->n_banks = 16;
	c->t_ccd = 2;
	c->t_rrd = 6;
	c->t_rcd = 12;
	c->t_ras = 28;
	c->t_rp = 12;
	c->t_rc = 40;
	c->t_cl = 12;
	c->t_wl = 4;
	c->t_cdlr = 5;
	c->t_wr = 12;
	c->t_rtp = 2;
	c->burst_len = 8;
	c->bus_bytes = 4;
	c->chips = 2;
	c->data_ratio = 4;
	if (mem_config_set_addrmap(c, gtx480_map, NULL))
		SIM_BUG("bad built-in address map");
}

void mem_config_tesla8(struct mem_config *c)
{
	mem_config_gtx480(c);
	c->n_sm = 16;
	/* 332.8 GFLOPS / (16 SMs x 8 lanes x 2) = 1.3 GHz core clock */
	c->core_mhz = 1300.0;
	c->icnt_mhz = 1300.0;
	c->l2_mhz = 1300.0;
	c->dram_mhz = 800.0;
	c->l1d.n_sets = 64;
	c->l1d.line_bytes = 64;
	c->l1d.assoc = 12;
	c->l1d.hash_index = false;
	c->coalesce_bytes = 64;
	c->smem_banks = 16;
	c->n_sub = 1;
	/* 64 KB per partition with 64 B lines (not printed in the paper) */
	c->l2.n_sets = 128;
	c->l2.line_bytes = 64;
	/* DDR (GDDR3-like, assumed): 6 x 8 B x 2 x 800 MHz = 76.8 GB/s */
	c->data_ratio = 2;
	c->burst_len = 4;
	c->n_banks = 8;
	c->t_ccd = 2;
	c->t_rrd = 8;
	c->t_rcd = 12;
	c->t_ras = 25;
	c->t_rp = 10;
	c->t_rc = 35;
	c->t_cl = 10;
	c->t_wl = 7;
	c->t_cdlr = 6;
	c->t_wr = 11;
	c->t_rtp = 2;
	if (mem_config_set_addrmap(c, tesla8_map, NULL))
		SIM_BUG("bad built-in address map");
}

/*
 * "dramid@N;" prefix, then one letter per bit, most significant first.
 * Only the R, B, C and S letters are kept; the channel digits are removed
 * from the address before these masks apply (mem_dram_decode).
 */
int mem_config_set_addrmap(struct mem_config *c, const char *spec,
			   struct diag *d)
{
	struct mem_addrmap m = {0};
	const char *p = spec;
	unsigned n_bits = 0;

	if (strncmp(p, "dramid@", 7) == 0) {
		char *end;
		unsigned long v = strtoul(p + 7, &end, 10);

		if (end == p + 7 || *end != ';' || v > 40)
			return diag_err(d, "'%s': bad dramid@ prefix", spec);
		m.chan_bit = (unsigned)v;
		p = end + 1;
	}
	for (const char *q = p; *q; q++)
		if (*q != '.')
			n_bits++;
	if (n_bits == 0 || n_bits > 64)
		return diag_err(d, "'%s': expected 1 to 64 bit letters", spec);
	for (; *p; p++) {
		uint64_t bit;

		if (*p == '.')
			continue;
		bit = (uint64_t)1 << --n_bits;
		switch (*p) {
		case 'R': m.row_mask |= bit; break;
		case 'B': m.bank_mask |= bit; break;
		case 'C': case 'S': m.col_mask |= bit; break;
		case '0': break;
		default:
			return diag_err(d, "'%s': unknown letter '%c'", spec, *p);
		}
	}
	c->map = m;
	return 0;
}

/*
 * Most ways per set: lookups scan a set linearly, and GPGPU-Sim 4.x
 * configs describe unified L1s as few sets of many ways (SM75_RTX2060:
 * 1 set of 512 ways).
 */
#define MEM_ASSOC_MAX 1024u

static bool is_pow2(unsigned x) { return x && !(x & (x - 1)); }

static int check_cache(const char *name, const struct mem_cache_config *k,
		       struct diag *d)
{
	if (!is_pow2(k->n_sets) || !is_pow2(k->line_bytes) || k->line_bytes < 8)
		return diag_err(d, "%s: sets and line size must be powers of two",
				name);
	if (k->assoc < 1 || k->assoc > MEM_ASSOC_MAX)
		return diag_err(d, "%s: assoc=%u: must be in [1, %u]", name,
				k->assoc, MEM_ASSOC_MAX);
	if (k->n_mshr < 1 || k->n_mshr > 65535 || k->mshr_merge < 1 ||
	    k->mshr_merge > 65535)
		return diag_err(d, "%s: MSHR entries and merges must be in "
				"[1, 65535]", name);
	if (k->alloc_on_fill && k->write != MEM_WP_READONLY)
		return diag_err(d, "%s: allocate-on-fill needs a read-only cache",
				name);
	if (k->write_alloc && k->write != MEM_WP_WB)
		return diag_err(d, "%s: write-allocate needs write-back", name);
	return 0;
}

int mem_config_validate(const struct mem_config *c, struct diag *d)
{
	unsigned atom = c->burst_len * c->bus_bytes * c->chips;

	if (c->n_sm < 1 || c->n_sm > 65535)
		return diag_err(d, "n_sm=%u: must be in [1, 65535]", c->n_sm);
	if (!(c->core_mhz >= 1 && c->icnt_mhz >= 1 && c->l2_mhz >= 1 &&
	      c->dram_mhz >= 1 && c->core_mhz <= 100000 &&
	      c->icnt_mhz <= 100000 && c->l2_mhz <= 100000 &&
	      c->dram_mhz <= 100000))
		return diag_err(d, "clock domains must be finite and in "
				"[1, 100000] MHz");
	if (check_cache("L1D", &c->l1d, d) || check_cache("L1C", &c->l1c, d) ||
	    check_cache("L2", &c->l2, d))
		return -1;
	if (c->l1c.write != MEM_WP_READONLY)
		return diag_err(d, "L1C must be read-only");
	if (c->l2.write != MEM_WP_WB || c->l2.alloc_on_fill)
		return diag_err(d, "L2 must be write-back, allocate on miss");
	if (c->l2.line_bytes < c->l1d.line_bytes ||
	    c->l2.line_bytes < c->l1c.line_bytes)
		return diag_err(d, "L2 line must be at least the L1 line");
	if (c->reply_queue < c->l1d.mshr_merge ||
	    c->reply_queue < c->l1c.mshr_merge)
		return diag_err(d, "reply_queue=%u: must hold an MSHR's merges",
				c->reply_queue);
	if (c->q_l2_icnt < c->l2.mshr_merge)
		return diag_err(d, "L2->icnt queue must hold an MSHR's merges");
	/* a miss that evicts a dirty line sends a fetch and a writeback */
	if (c->icnt_in_queue < 2 || c->q_l2_dram < 2)
		return diag_err(d, "SM injection and L2->DRAM queues need at "
				"least 2 entries");
	if (!c->reqs_per_sm || !c->wb_pool ||
	    !c->ejection_queue || !c->q_icnt_l2 ||
	    !c->q_dram_l2 || !c->q_l2_icnt || !c->sched_queue)
		return diag_err(d, "queue and pool sizes must be positive");
	if (!is_pow2(c->coalesce_bytes) || c->coalesce_bytes > c->l1d.line_bytes ||
	    !is_pow2(c->sector_bytes) || c->sector_bytes < 32)
		return diag_err(d, "coalescing segment must be a power of two "
				"within the L1D line");
	if (!is_pow2(c->smem_banks) || !is_pow2(c->smem_bank_bytes))
		return diag_err(d, "shared-memory banks must be powers of two");
	if (c->flit_bytes < 1 || c->icnt_latency < 1)
		return diag_err(d, "flit size and icnt latency must be positive");
	if (c->n_mem < 1 || !is_pow2(c->n_sub) || c->n_mem * c->n_sub > 65535)
		return diag_err(d, "bad partition count %ux%u", c->n_mem,
				c->n_sub);
	if (c->n_banks < c->n_sub || c->n_banks > 64 ||
	    ((uint64_t)1 << bit_popc64(c->map.bank_mask)) < c->n_banks)
		return diag_err(d, "nbk=%u does not match the address map",
				c->n_banks);
	if (!c->data_ratio || c->burst_len % c->data_ratio || !atom ||
	    c->l2.line_bytes % atom || c->l2.line_bytes / atom > 255)
		return diag_err(d, "burst length, bus width and L2 line "
				"do not fit together");
	return 0;
}
