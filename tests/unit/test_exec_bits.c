/*
 * test_exec_bits.c - logic, shift and bit-field handlers (exec_bits.c)
 * against values worked out from the PTX ISA definitions: shift clamping,
 * funnel shifts, bfe/bfi position and length clamping with sign fill,
 * bfind, brev, clz, popc, every prmt mode, lop3 and predicate logic.
 */
#include "test_exec_fix.h"

TEST(shifts_clamp_at_width)
{
	CHECK_EQ_U64(tx_bin(exec_SHL, PT_B32, 4, 0, 0, 1, 31), 0x80000000);
	CHECK_EQ_U64(tx_bin(exec_SHL, PT_B32, 4, 0, 0, 1, 32), 0);
	CHECK_EQ_U64(tx_bin(exec_SHL, PT_B32, 4, 0, 0, 1, 0xffffffff), 0);
	CHECK_EQ_U64(tx_bin(exec_SHL, PT_B16, 2, 0, 0, 1, 16), 0);
	CHECK_EQ_U64(tx_bin(exec_SHL, PT_B64, 8, 0, 0, 3, 63), SIGN64);
	CHECK_EQ_U64(tx_bin(exec_SHL, PT_B64, 8, 0, 0, 3, 64), 0);
	CHECK_EQ_U64(tx_bin(exec_SHR, PT_U32, 4, 0, 0, 0x80000000, 31), 1);
	CHECK_EQ_U64(tx_bin(exec_SHR, PT_U32, 4, 0, 0, 0x80000000, 32), 0);
	CHECK_EQ_U64(tx_bin(exec_SHR, PT_S32, 4, 0, 0, 0x80000000, 40),
		     0xffffffff);
	CHECK_EQ_U64(tx_bin(exec_SHR, PT_S32, 4, 0, 0, 0x7fffffff, 40), 0);
	CHECK_EQ_U64(tx_bin(exec_SHR, PT_S32, 4, 0, 0, (uint32_t)-256, 4),
		     (uint32_t)-16);
	CHECK_EQ_U64(tx_bin(exec_SHR, PT_S64, 8, 0, 0, SIGN64, 100), ~0ull);
	CHECK_EQ_U64(tx_bin(exec_SHR, PT_U64, 8, 0, 0, SIGN64, 63), 1);
	CHECK_EQ_U64(tx_bin(exec_SHR, PT_S16, 2, 0, 0, 0x8000, 15), 0xffff);
}

TEST(funnel_shift)
{
	struct insn in = tx_insn(0, PT_B32, 4, 3);
	/* rotate left by 1 and by 33 (wrap) */
	in.mods = MOD_SHF_L | MOD_WRAP;
	CHECK_EQ_U64(tx_run(exec_SHF, &in, 0x80000001, 0x80000001, 1), 3);
	CHECK_EQ_U64(tx_run(exec_SHF, &in, 0x80000001, 0x80000001, 33), 3);
	/* shf.l.clamp: amount 40 -> 32, the result is a */
	in.mods = MOD_SHF_L;
	CHECK_EQ_U64(tx_run(exec_SHF, &in, 0x12345678, 0x9abcdef0, 40),
		     0x12345678);
	CHECK_EQ_U64(tx_run(exec_SHF, &in, 0x12345678, 0x9abcdef0, 8),
		     0xbcdef012);
	/* shf.r: low word of {b, a} >> n */
	in.mods = 0;
	CHECK_EQ_U64(tx_run(exec_SHF, &in, 0x12345678, 0x9abcdef0, 8),
		     0xf0123456);
	CHECK_EQ_U64(tx_run(exec_SHF, &in, 0x12345678, 0x9abcdef0, 99),
		     0x9abcdef0);
	in.mods = MOD_WRAP;
	CHECK_EQ_U64(tx_run(exec_SHF, &in, 0x12345678, 0x9abcdef0, 36),
		     0x01234567);
}

TEST(bfe_clamping_and_sign)
{
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_U32, 4, 0, 0, 0x12345678, 4, 8), 0x67);
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_S32, 4, 0, 0, 0x000000f0, 4, 4),
		     0xffffffff);
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_S32, 4, 0, 0, 0x00000070, 4, 4), 7);
	/* field runs past the msb: the sign comes from a[31] */
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_S32, 4, 0, 0, 0x80000000, 28, 8),
		     0xfffffff8);
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_U32, 4, 0, 0, 0x80000000, 28, 8), 8);
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_U32, 4, 0, 0, 0xffffffff, 3, 0), 0);
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_S32, 4, 0, 0, 0xffffffff, 3, 0), 0);
	/* position past the msb: all fill */
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_S32, 4, 0, 0, 0x80000000, 40, 4),
		     0xffffffff);
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_S32, 4, 0, 0, 0x7fffffff, 40, 4), 0);
	/* only b[7:0] and c[7:0] count */
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_U32, 4, 0, 0, 0x12345678, 0x104,
			    0x208), 0x67);
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_U64, 8, 0, 0, 0xf000000000000000ull,
			    60, 8), 0xf);
	CHECK_EQ_U64(tx_ter(exec_BFE, PT_S64, 8, 0, 0, 0x0000000080000000ull,
			    16, 16), 0xffffffffffff8000ull);
}

TEST(bfi_known_values)
{
	struct insn in = tx_insn(0, PT_B32, 4, 2);
	in.o[3] = tx_imm(6);
	in.o[4] = tx_imm(26);
	/* bfi.b32 d, 0x3f, 0, 6, 26: (x & 63) << 6 style */
	CHECK_EQ_U64(tx_run(exec_BFI, &in, 0x3f, 0, 0), 0xfc0);
	CHECK_EQ_U64(tx_run(exec_BFI, &in, 0xffffffff, 0x3f, 0), 0xffffffff);
	in.o[3] = tx_imm(28);
	in.o[4] = tx_imm(8);
	CHECK_EQ_U64(tx_run(exec_BFI, &in, 0xff, 0, 0), 0xf0000000);
	in.o[4] = tx_imm(0);
	CHECK_EQ_U64(tx_run(exec_BFI, &in, 0xff, 0x1234, 0), 0x1234);
	in.o[3] = tx_imm(32);
	in.o[4] = tx_imm(4);
	CHECK_EQ_U64(tx_run(exec_BFI, &in, 0xff, 0x1234, 0), 0x1234);
	in = tx_insn(0, PT_B64, 8, 2);
	in.o[3] = tx_imm(32);
	in.o[4] = tx_imm(16);
	CHECK_EQ_U64(tx_run(exec_BFI, &in, 0xabcd, 0x1111111111111111ull, 0),
		     0x1111abcd11111111ull);
}

TEST(bfind_brev_clz_popc)
{
	CHECK_EQ_U64(tx_un(exec_BFIND, PT_U32, 4, 0, 0, 0x00010000), 16);
	CHECK_EQ_U64(tx_un(exec_BFIND, PT_U32, 4, MOD_SHIFTAMT, 0, 0x00010000),
		     15);
	CHECK_EQ_U64(tx_un(exec_BFIND, PT_U32, 4, MOD_SHIFTAMT, 0, 1), 31);
	CHECK_EQ_U64(tx_un(exec_BFIND, PT_U32, 4, 0, 0, 0), 0xffffffff);
	CHECK_EQ_U64(tx_un(exec_BFIND, PT_U32, 4, MOD_SHIFTAMT, 0, 0),
		     0xffffffff);
	CHECK_EQ_U64(tx_un(exec_BFIND, PT_S32, 4, 0, 0, 0xffffffff), 0xffffffff);
	CHECK_EQ_U64(tx_un(exec_BFIND, PT_S32, 4, 0, 0, (uint32_t)-16), 3);
	CHECK_EQ_U64(tx_un(exec_BFIND, PT_S32, 4, 0, 0, 0x40000000), 30);
	CHECK_EQ_U64(tx_un(exec_BFIND, PT_U32, 4, 0, 0, 0x80000000), 31);
	{
		struct insn in = tx_insn(0, PT_U64, 8, 1);
		in.o[0] = tx_reg(0, 4);
		CHECK_EQ_U64(tx_run(exec_BFIND, &in, 1ull << 40, 0, 0), 40);
		in.type = PT_S64;
		CHECK_EQ_U64(tx_run(exec_BFIND, &in, ~0ull << 40, 0, 0), 39);
	}
	CHECK_EQ_U64(tx_un(exec_BREV, PT_B32, 4, 0, 0, 1), 0x80000000);
	CHECK_EQ_U64(tx_un(exec_BREV, PT_B32, 4, 0, 0, 0x12345678), 0x1e6a2c48);
	CHECK_EQ_U64(tx_un(exec_BREV, PT_B64, 8, 0, 0, 1), SIGN64);
	CHECK_EQ_U64(tx_un(exec_BREV, PT_B64, 8, 0, 0, 0x00000000000000f0ull),
		     0x0f00000000000000ull);
	CHECK_EQ_U64(tx_un(exec_CLZ, PT_B32, 4, 0, 0, 0), 32);
	CHECK_EQ_U64(tx_un(exec_CLZ, PT_B32, 4, 0, 0, 1), 31);
	CHECK_EQ_U64(tx_un(exec_CLZ, PT_B32, 4, 0, 0, 0x80000000), 0);
	CHECK_EQ_U64(tx_un(exec_POPC, PT_B32, 4, 0, 0, 0xffffffff), 32);
	CHECK_EQ_U64(tx_un(exec_POPC, PT_B32, 4, 0, 0, 0xf0f0), 8);
	{
		struct insn in = tx_insn(0, PT_B64, 8, 1);
		in.o[0] = tx_reg(0, 4); /* clz.b64 / popc.b64 write a u32 */
		CHECK_EQ_U64(tx_run(exec_CLZ, &in, 1, 0, 0), 63);
		CHECK_EQ_U64(tx_run(exec_CLZ, &in, 0, 0, 0), 64);
		CHECK_EQ_U64(tx_run(exec_POPC, &in, ~0ull, 0, 0), 64);
	}
}

TEST(prmt_all_modes)
{
	struct insn in = tx_insn(0, PT_B32, 4, 3);
	uint64_t a = 0x03020100, b = 0x07060504;
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 0x7531), 0x07050301);
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 0x3210), 0x03020100);
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 0x4567), 0x04050607);
	/* msb of a selector nibble replicates the selected byte's sign */
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, 0x00800000, 0x7f, 0x0c0a),
		     0x000000ff);
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, 0x00800000, 0x7f, 0x8a84),
		     0x00ff007f);
	in.aux = PRMT_F4E;
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 1), 0x04030201);
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 7), 0x06050403);
	in.aux = PRMT_B4E;
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 0), 0x05060700);
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 3), 0x00010203);
	in.aux = PRMT_RC8;
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 2), 0x02020202);
	in.aux = PRMT_ECL;
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 1), 0x03020101);
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 2), 0x03020202);
	in.aux = PRMT_ECR;
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 1), 0x01010100);
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 2), 0x02020100);
	in.aux = PRMT_RC16;
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 1), 0x03020302);
	CHECK_EQ_U64(tx_run(exec_PRMT, &in, a, b, 2), 0x01000100);
}

TEST(lop3_and_logic)
{
	struct insn in = tx_insn(0, PT_B32, 4, 3);
	uint64_t a = 0xff00ff00, b = 0xf0f0f0f0, c = 0xcccccccc;
	in.o[4] = tx_imm(0x96); /* a ^ b ^ c */
	CHECK_EQ_U64(tx_run(exec_LOP3, &in, a, b, c), (a ^ b ^ c) & 0xffffffff);
	in.o[4] = tx_imm(0xe8); /* majority */
	CHECK_EQ_U64(tx_run(exec_LOP3, &in, a, b, c),
		     (a & b) | (a & c) | (b & c));
	in.o[4] = tx_imm(0x80);
	CHECK_EQ_U64(tx_run(exec_LOP3, &in, a, b, c), a & b & c);
	in.o[4] = tx_imm(0xf0); /* just a */
	CHECK_EQ_U64(tx_run(exec_LOP3, &in, a, b, c), a);
	in.o[4] = tx_imm(0x01); /* nor of all three */
	CHECK_EQ_U64(tx_run(exec_LOP3, &in, a, b, c), ~(a | b | c) & 0xffffffff);

	CHECK_EQ_U64(tx_bin(exec_AND, PT_B32, 4, 0, 0, 0xff00ff00, 0x0ff00ff0),
		     0x0f000f00);
	CHECK_EQ_U64(tx_bin(exec_OR, PT_B16, 2, 0, 0, 0xf000, 0x000f), 0xf00f);
	CHECK_EQ_U64(tx_bin(exec_XOR, PT_B64, 8, 0, 0, ~0ull, 1), ~1ull);
	CHECK_EQ_U64(tx_un(exec_NOT, PT_B16, 2, 0, 0, 0), 0xffff);
	CHECK_EQ_U64(tx_un(exec_NOT, PT_B32, 4, 0, 0, 0x0f0f0f0f), 0xf0f0f0f0);
	CHECK_EQ_U64(tx_un(exec_CNOT, PT_B32, 4, 0, 0, 0), 1);
	CHECK_EQ_U64(tx_un(exec_CNOT, PT_B32, 4, 0, 0, 5), 0);
	{
		/* and.b32 with an immediate -1 keeps 32 bits */
		struct insn i2 = tx_insn(0, PT_B32, 4, 1);
		i2.o[2] = tx_imm(-1);
		CHECK_EQ_U64(tx_run(exec_AND, &i2, 0x12345678, 0, 0), 0x12345678);
	}
}

TEST(predicate_logic)
{
	struct tx *t = tx_new(32);
	struct insn in = tx_insn(0, PT_PRED, 0, 0);
	lanemask_t m = 0x00ffff00;
	t->preds[1] = 0xff00ff00;
	t->preds[2] = 0xf0f0f0f0;
	t->preds[0] = 0x12345678;
	in.o[0] = tx_prd(0, false);
	in.o[1] = tx_prd(1, false);
	in.o[2] = tx_prd(2, false);
	exec_AND(&t->x, &in, m);
	CHECK_EQ_U64(t->preds[0], (0x12345678 & ~m) | (0xf000f000 & m));
	exec_OR(&t->x, &in, lanemask_full(32));
	CHECK_EQ_U64(t->preds[0], 0xfff0fff0);
	exec_XOR(&t->x, &in, lanemask_full(32));
	CHECK_EQ_U64(t->preds[0], 0x0ff00ff0);
	in.o[2] = tx_prd(2, true); /* and.pred p, q, !r */
	exec_AND(&t->x, &in, lanemask_full(32));
	CHECK_EQ_U64(t->preds[0], 0x0f000f00);
	exec_NOT(&t->x, &in, lanemask_full(32));
	CHECK_EQ_U64(t->preds[0] & 0xffffffff, 0x00ff00ff);
	free(t);
}

TEST_MAIN()
