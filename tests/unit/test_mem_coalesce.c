/*
 * test_mem_coalesce.c - coalescer, shared-memory bank conflicts, memory
 * configuration defaults and the address-mapping parser.
 */
#include "base/base.h"
#include "base/diag.h"
#include "mem/mem.h"
#include "test.h"

static addr_t la[WS_MAX_WARP];
static struct mem_txn tx[MEM_COALESCE_MAX];

/* lane l gets base + l * stride */
static void lanes_linear(addr_t base, addr_t stride, unsigned n)
{
	for (unsigned l = 0; l < n; l++)
		la[l] = base + l * stride;
}

TEST(segment_sizes)
{
	CHECK_EQ_U64(mem_coalesce_seg(1, 128), 32);
	CHECK_EQ_U64(mem_coalesce_seg(2, 128), 64);
	CHECK_EQ_U64(mem_coalesce_seg(4, 128), 128);
	CHECK_EQ_U64(mem_coalesce_seg(8, 128), 128);
	CHECK_EQ_U64(mem_coalesce_seg(16, 128), 128);
	CHECK_EQ_U64(mem_coalesce_seg(4, 32), 32);
	CHECK_EQ_U64(mem_coalesce_seg(4, 64), 64);
}

TEST(fully_coalesced_32x4)
{
	lanes_linear(0x1000, 4, 32);
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 4, 128, tx), 1);
	CHECK_EQ_U64(tx[0].addr, 0x1000);
	CHECK_EQ_U64(tx[0].size, 128);
	CHECK_EQ_U64(tx[0].lanes, 0xffffffffu);
}

TEST(misaligned_base_two_segments)
{
	lanes_linear(0x1004, 4, 32);
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 4, 128, tx), 2);
	CHECK_EQ_U64(tx[0].addr, 0x1000);
	CHECK_EQ_U64(tx[0].lanes, 0x7fffffffu);
	CHECK_EQ_U64(tx[1].addr, 0x1080);
	CHECK_EQ_U64(tx[1].lanes, 0x80000000u);
}

TEST(strided)
{
	lanes_linear(0, 8, 32); /* 4 B every 8 B: 256 B span */
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 4, 128, tx), 2);
	CHECK_EQ_U64(tx[0].lanes, 0x0000ffffu);
	CHECK_EQ_U64(tx[1].lanes, 0xffff0000u);
	lanes_linear(0, 128, 32); /* one segment per lane */
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 4, 128, tx), 32);
	for (unsigned i = 0; i < 32; i++) {
		CHECK_EQ_U64(tx[i].addr, 128 * i);
		CHECK_EQ_U64(tx[i].lanes, (lanemask_t)1 << i);
	}
}

TEST(scattered_and_repeated)
{
	/* four groups, interleaved: lane l in segment (l % 4) */
	for (unsigned l = 0; l < 32; l++)
		la[l] = (addr_t)(l % 4) * 4096 + l * 4;
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 4, 128, tx), 4);
	for (unsigned k = 0; k < 4; k++) {
		CHECK_EQ_U64(tx[k].addr, k * 4096);
		CHECK_EQ_U64(tx[k].lanes, 0x11111111u << k);
	}
	/* every lane on one word */
	for (unsigned l = 0; l < 32; l++)
		la[l] = 0x2040;
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 4, 128, tx), 1);
	CHECK_EQ_U64(tx[0].addr, 0x2000);
}

TEST(partial_masks)
{
	lanes_linear(0, 128, 32);
	CHECK_EQ_U64(mem_coalesce(la, 0x80000001u, 4, 128, tx), 2);
	CHECK_EQ_U64(tx[0].addr, 0);
	CHECK_EQ_U64(tx[1].addr, 31 * 128);
	CHECK_EQ_U64(tx[1].lanes, 0x80000000u);
	lanes_linear(0x1000, 4, 32);
	CHECK_EQ_U64(mem_coalesce(la, 0x80000001u, 4, 128, tx), 1);
	CHECK_EQ_U64(tx[0].lanes, 0x80000001u);
	CHECK_EQ_U64(mem_coalesce(la, 0, 4, 128, tx), 0);
}

TEST(wide_accesses)
{
	lanes_linear(0x400, 8, 32); /* 256 B */
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 8, 128, tx), 2);
	CHECK_EQ_U64(tx[0].lanes, 0x0000ffffu);
	CHECK_EQ_U64(tx[1].addr, 0x480);
	lanes_linear(0x400, 16, 32); /* 512 B */
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 16, 128, tx), 4);
	for (unsigned k = 0; k < 4; k++) {
		CHECK_EQ_U64(tx[k].addr, 0x400 + 128 * k);
		CHECK_EQ_U64(tx[k].lanes, (lanemask_t)0xff << (8 * k));
	}
}

TEST(narrow_accesses)
{
	lanes_linear(0x100, 1, 32); /* 32 B, 32 B segments */
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 1, 128, tx), 1);
	CHECK_EQ_U64(tx[0].size, 32);
	lanes_linear(0x100, 2, 32); /* 64 B, 64 B segments */
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 2, 128, tx), 1);
	CHECK_EQ_U64(tx[0].size, 64);
	lanes_linear(0x110, 2, 32); /* misaligned: two 64 B segments */
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 2, 128, tx), 2);
}

TEST(bypass_sectors)
{
	lanes_linear(0x1000, 4, 32);
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 4, 32, tx), 4);
	for (unsigned k = 0; k < 4; k++) {
		CHECK_EQ_U64(tx[k].addr, 0x1000 + 32 * k);
		CHECK_EQ_U64(tx[k].size, 32);
		CHECK_EQ_U64(tx[k].lanes, (lanemask_t)0xff << (8 * k));
	}
}

TEST(warp_sizes_16_and_64)
{
	lanes_linear(0x1000, 4, 16);
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(16), 4, 128, tx), 1);
	CHECK_EQ_U64(tx[0].lanes, 0xffff);
	lanes_linear(0x1000, 4, 64); /* 256 B: the whole warp coalesces */
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(64), 4, 128, tx), 2);
	CHECK_EQ_U64(tx[0].lanes, 0xffffffffu);
	CHECK_EQ_U64(tx[1].lanes, 0xffffffff00000000ull);
	for (unsigned l = 0; l < 64; l++) /* lane pairs share a word: 128 B */
		la[l] = 0x1000 + (l / 2) * 4;
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(64), 4, 128, tx), 1);
	CHECK_EQ_U64(tx[0].lanes, ~(lanemask_t)0);
	/* lanes 0 and 63 in one segment, others elsewhere */
	lanes_linear(0x8000, 128, 64);
	la[63] = 0x8004;
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(64), 4, 128, tx), 63);
	CHECK_EQ_U64(tx[0].lanes, 1 | ((lanemask_t)1 << 63));
	/* Tesla machine: 64 B segments */
	lanes_linear(0x1000, 4, 32);
	CHECK_EQ_U64(mem_coalesce(la, lanemask_full(32), 4, 64, tx), 2);
}

TEST(straddling_lane)
{
	la[0] = 126; /* bytes 126..129 touch two segments */
	CHECK_EQ_U64(mem_coalesce(la, 1, 4, 128, tx), 2);
	CHECK_EQ_U64(tx[0].addr, 0);
	CHECK_EQ_U64(tx[1].addr, 128);
}

TEST(shmem_no_conflict_and_broadcast)
{
	lanes_linear(0, 4, 32);
	CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(32), 4, 32, 4), 1);
	for (unsigned l = 0; l < 32; l++)
		la[l] = 0x40;
	CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(32), 4, 32, 4), 1);
	/* all lanes read the same 2 words of bank 0 and 0 + 32: 2 cycles */
	for (unsigned l = 0; l < 32; l++)
		la[l] = (l & 1) ? 128 : 0;
	CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(32), 4, 32, 4), 2);
	CHECK_EQ_U64(mem_shmem_cycles(la, 0, 4, 32, 4), 0);
}

TEST(shmem_k_way)
{
	for (unsigned k = 1; k <= 32; k *= 2) {
		lanes_linear(0, 4 * k, 32); /* stride k words */
		CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(32), 4, 32, 4), k);
	}
	lanes_linear(0, 4 * 3, 32); /* odd stride: conflict-free */
	CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(32), 4, 32, 4), 1);
	/* partial mask: only the two lanes that share bank 0 */
	lanes_linear(0, 4 * 16, 32);
	CHECK_EQ_U64(mem_shmem_cycles(la, 0x5, 4, 32, 4), 2);
	CHECK_EQ_U64(mem_shmem_cycles(la, 0x3, 4, 32, 4), 1);
}

TEST(shmem_wide_and_warp_sizes)
{
	lanes_linear(0, 8, 32); /* 64 words over 32 banks */
	CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(32), 8, 32, 4), 2);
	lanes_linear(0, 16, 32); /* 128 words */
	CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(32), 16, 32, 4), 4);
	lanes_linear(0, 4, 64);
	CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(64), 4, 32, 4), 2);
	lanes_linear(0, 4, 16);
	CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(16), 4, 16, 4), 1);
	lanes_linear(0, 1, 32); /* bytes: 8 words, 1 per bank */
	CHECK_EQ_U64(mem_shmem_cycles(la, lanemask_full(32), 1, 32, 4), 1);
}

/* Plain coalescing: per lane, per segment touched, find the transaction
 * by a full search or append one (mem_coalesce's order and lanes). */
static unsigned coalesce_ref(lanemask_t m, unsigned bytes, unsigned seg,
			     struct mem_txn *out)
{
	unsigned n = 0;

	for (unsigned l = 0; l < 64; l++) {
		if (!((m >> l) & 1))
			continue;
		for (addr_t s = la[l] & ~(addr_t)(seg - 1);
		     s <= ((la[l] + bytes - 1) & ~(addr_t)(seg - 1)); s += seg) {
			unsigned i = 0;

			while (i < n && out[i].addr != s)
				i++;
			if (i == n) {
				out[n].addr = s;
				out[n].size = seg;
				out[n++].lanes = 0;
			}
			out[i].lanes |= (lanemask_t)1 << l;
		}
	}
	return n;
}

TEST(coalesce_random_against_reference)
{
	struct mem_txn a[WS_MAX_WARP * 2], b[WS_MAX_WARP * 2];
	uint64_t x = 777;

	for (unsigned it = 0; it < 3000; it++) {
		unsigned bytes = 1u << (it % 5), max_seg = it % 4 ? 128 : 32;
		unsigned span = 16u << (it % 9), seg;
		lanemask_t m = 0;

		for (unsigned l = 0; l < 64; l++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			/* runs of lanes in order, backwards, or scattered */
			la[l] = it % 3 == 0 ? ((x >> 33) % span) :
				it % 3 == 1 ? 4096 - l * (span / 64 + 1) :
				l * (span / 32);
			if ((x >> 20) & 3)
				m |= (lanemask_t)1 << l;
		}
		seg = mem_coalesce_seg(bytes, max_seg);
		unsigned n = mem_coalesce(la, m, bytes, max_seg, a);
		CHECK_EQ_U64(n, coalesce_ref(m, bytes, seg, b));
		for (unsigned i = 0; i < n; i++) {
			CHECK_EQ_U64(a[i].addr, b[i].addr);
			CHECK_EQ_U64(a[i].size, b[i].size);
			CHECK_EQ_U64(a[i].lanes, b[i].lanes);
		}
	}
}

/* The busiest bank's distinct words, the words deduplicated by a plain
 * search (what mem_shmem_cycles computes with bank chains). */
static unsigned shmem_ref(lanemask_t m, unsigned bytes, unsigned banks,
			  unsigned bank_bytes)
{
	uint64_t w[64 * 16];
	unsigned n = 0, worst = 0, per[64] = {0};

	for (unsigned l = 0; l < 64; l++)
		if ((m >> l) & 1)
			for (uint64_t x = la[l] / bank_bytes;
			     x <= (la[l] + bytes - 1) / bank_bytes; x++) {
				unsigned j = 0;

				while (j < n && w[j] != x)
					j++;
				if (j == n)
					w[n++] = x;
			}
	for (unsigned i = 0; i < n; i++)
		if (++per[w[i] % banks] > worst)
			worst = per[w[i] % banks];
	return worst;
}

TEST(shmem_random_against_reference)
{
	uint64_t x = 12345;

	for (unsigned it = 0; it < 2000; it++) {
		unsigned bytes = 1u << (it % 5), banks = it % 3 ? 32 : 16;
		unsigned span = 8u << (it % 7); /* from clustered to spread */
		lanemask_t m = 0;

		for (unsigned l = 0; l < 64; l++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			la[l] = ((x >> 33) % span) * bytes;
			if ((x >> 20) & 3)
				m |= (lanemask_t)1 << l;
		}
		CHECK_EQ_U64(mem_shmem_cycles(la, m, bytes, banks, 4),
			     shmem_ref(m, bytes, banks, 4));
	}
}

TEST(config_defaults_validate)
{
	struct mem_config c;
	struct diag d;

	diag_init(&d);
	mem_config_gtx480(&c);
	CHECK_EQ_U64(mem_config_validate(&c, &d), 0);
	CHECK_EQ_U64(c.l1d.n_sets * c.l1d.line_bytes * c.l1d.assoc, 16384);
	CHECK_EQ_U64(c.l2.n_sets * c.l2.line_bytes * c.l2.assoc * c.n_mem * c.n_sub,
		     768 * 1024);
	/* 6 channels x 8 B x 4 (QDR) x 924 MHz = 177.4 GB/s */
	CHECK_EQ_U64((uint64_t)(c.n_mem * c.bus_bytes * c.chips * c.data_ratio *
				c.dram_mhz), 177408);
	mem_config_tesla8(&c);
	CHECK_EQ_U64(mem_config_validate(&c, &d), 0);
	CHECK_EQ_U64(c.l1d.n_sets * c.l1d.line_bytes * c.l1d.assoc, 48 * 1024);
	/* 6 x 8 B x 2 (DDR) x 800 MHz = 76.8 GB/s */
	CHECK_EQ_U64((uint64_t)(c.n_mem * c.bus_bytes * c.chips * c.data_ratio *
				c.dram_mhz), 76800);
	c.reply_queue = 4;
	CHECK(mem_config_validate(&c, &d) < 0);
	CHECK_STR_CONTAINS(diag_text(&d), "reply_queue=4");
	diag_release(&d);
}

TEST(addrmap_parse)
{
	struct mem_config c;
	struct diag d;

	diag_init(&d);
	mem_config_gtx480(&c);
	CHECK_EQ_U64(c.map.chan_bit, 8);
	CHECK_EQ_U64(c.map.row_mask, 0x0fff0000u);
	CHECK_EQ_U64(c.map.bank_mask, 0xe100u);
	CHECK_EQ_U64(c.map.col_mask, 0x1effu);
	CHECK(mem_config_set_addrmap(&c, "dramid@x;RRBB", &d) < 0);
	CHECK(mem_config_set_addrmap(&c, "RRQB", &d) < 0);
	CHECK_STR_CONTAINS(diag_text(&d), "unknown letter 'Q'");
	CHECK_EQ_U64(mem_config_set_addrmap(&c, "RRBB.CCSS", &d), 0);
	CHECK_EQ_U64(c.map.chan_bit, 0);
	CHECK_EQ_U64(c.map.row_mask, 0xc0);
	CHECK_EQ_U64(c.map.bank_mask, 0x30);
	diag_release(&d);
}

TEST_MAIN()
