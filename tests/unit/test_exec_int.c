/*
 * test_exec_int.c - integer arithmetic handlers (exec_int.c) against
 * values worked out from the PTX ISA definitions: wrap-around and .sat,
 * mul .lo/.hi/.wide, mad, div/rem edge cases, the carry chain, min/max,
 * abs/neg, sad, mul24, and partial masks on 8- and 64-lane warps.
 */
#include "test_exec_fix.h"

TEST(add_wrap_and_sat)
{
	CHECK_EQ_U64(tx_bin(exec_ADD, PT_S32, 4, 0, 0, 0x7fffffff, 1),
		     0x80000000);
	CHECK_EQ_U64(tx_bin(exec_ADD, PT_S32, 4, MOD_SAT, 0, 0x7fffffff, 1),
		     0x7fffffff);
	CHECK_EQ_U64(tx_bin(exec_ADD, PT_S32, 4, MOD_SAT, 0, 0x80000000,
			    0xffffffff), 0x80000000);
	CHECK_EQ_U64(tx_bin(exec_SUB, PT_S32, 4, MOD_SAT, 0, 0x80000000, 1),
		     0x80000000);
	CHECK_EQ_U64(tx_bin(exec_SUB, PT_S32, 4, MOD_SAT, 0, 0x7fffffff,
			    0xffffffff), 0x7fffffff);
	CHECK_EQ_U64(tx_bin(exec_SUB, PT_U32, 4, 0, 0, 0, 1), 0xffffffff);
	CHECK_EQ_U64(tx_bin(exec_ADD, PT_U64, 8, 0, 0, ~0ull, 2), 1);
	CHECK_EQ_U64(tx_bin(exec_ADD, PT_S16, 2, 0, 0, 0x7fff, 1), 0x8000);
}

TEST(add_immediate_truncated_to_register)
{
	/* add.s16 %rs0, %rs1, -1 with %rs1 = 0: 16-bit register */
	struct insn in = tx_insn(0, PT_S16, 2, 1);
	in.o[2] = tx_imm(-1);
	CHECK_EQ_U64(tx_run(exec_ADD, &in, 0, 0, 0), 0xffff);
	/* add.s32 into a 64-bit register sign-extends */
	in = tx_insn(0, PT_S32, 4, 1);
	in.o[0] = tx_reg(0, 8);
	in.o[2] = tx_imm(-3);
	CHECK_EQ_U64(tx_run(exec_ADD, &in, 1, 0, 0), 0xfffffffffffffffeull);
}

TEST(mul_lo_hi)
{
	CHECK_EQ_U64(tx_bin(exec_MUL, PT_S32, 4, MOD_LO, 0, 0x10000, 0x10000), 0);
	CHECK_EQ_U64(tx_bin(exec_MUL, PT_S32, 4, MOD_LO, 0, 0xfffffffd, 7),
		     (uint32_t)-21);
	CHECK_EQ_U64(tx_bin(exec_MUL, PT_U32, 4, MOD_HI, 0, 0xffffffff,
			    0xffffffff), 0xfffffffe);
	CHECK_EQ_U64(tx_bin(exec_MUL, PT_S32, 4, MOD_HI, 0, 0xffffffff,
			    0xffffffff), 0);
	CHECK_EQ_U64(tx_bin(exec_MUL, PT_S32, 4, MOD_HI, 0, 0x40000000, 4), 1);
	CHECK_EQ_U64(tx_bin(exec_MUL, PT_S32, 4, MOD_HI, 0, 0xfffffffe,
			    0x40000000), 0xffffffff);
	CHECK_EQ_U64(tx_bin(exec_MUL, PT_U64, 8, MOD_HI, 0, ~0ull, ~0ull),
		     0xfffffffffffffffeull);
	CHECK_EQ_U64(tx_bin(exec_MUL, PT_S64, 8, MOD_HI, 0, 0x8000000000000000ull,
			    2), ~0ull);
	CHECK_EQ_U64(tx_bin(exec_MUL, PT_S64, 8, MOD_LO, 0, 0x100000000ull,
			    0x100000001ull), 0x100000000ull);
}

TEST(mul_wide)
{
	struct insn in = tx_insn(0, PT_S32, 4, 2);
	in.mods = MOD_WIDE;
	in.o[0] = tx_reg(0, 8);
	CHECK_EQ_U64(tx_run(exec_MUL, &in, 0xfffffffe, 3, 0),
		     0xfffffffffffffffaull);
	in.type = PT_U32;
	CHECK_EQ_U64(tx_run(exec_MUL, &in, 0xffffffff, 0xffffffff, 0),
		     0xfffffffe00000001ull);
	in = tx_insn(0, PT_U16, 2, 2);
	in.mods = MOD_WIDE;
	in.o[0] = tx_reg(0, 4);
	CHECK_EQ_U64(tx_run(exec_MUL, &in, 0xffff, 0xffff, 0), 0xfffe0001);
	in.type = PT_S16;
	CHECK_EQ_U64(tx_run(exec_MUL, &in, 0xffff, 0x8000, 0), 0x8000);
}

TEST(mad_forms)
{
	struct insn in;
	CHECK_EQ_U64(tx_ter(exec_MAD, PT_S32, 4, MOD_LO, 0, 3, 4, 5), 17);
	CHECK_EQ_U64(tx_ter(exec_MAD, PT_S32, 4, MOD_LO, 0, 0xfffffffd, 4, 5),
		     (uint32_t)-7);
	CHECK_EQ_U64(tx_ter(exec_MAD, PT_U32, 4, MOD_HI, 0, 0xffffffff,
			    0xffffffff, 2), 0);
	/* mad.hi.sat.s32: hi(0x7fffffff^2) = 0x3fffffff, + 0x7fffffff clamps */
	CHECK_EQ_U64(tx_ter(exec_MAD, PT_S32, 4, MOD_HI | MOD_SAT, 0,
			    0x7fffffff, 0x7fffffff, 0x7fffffff), 0x7fffffff);
	in = tx_insn(0, PT_U32, 4, 3);
	in.mods = MOD_WIDE;
	in.o[0] = tx_reg(0, 8);
	in.o[3] = tx_reg(3, 8);
	CHECK_EQ_U64(tx_run(exec_MAD, &in, 0xffffffff, 2, 0x100000000ull),
		     0x2fffffffeull);
}

TEST(div_rem_signs_and_edges)
{
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_S32, 4, 0, 0, (uint32_t)-7, 2),
		     (uint32_t)-3);
	CHECK_EQ_U64(tx_bin(exec_REM, PT_S32, 4, 0, 0, (uint32_t)-7, 2),
		     (uint32_t)-1);
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_S32, 4, 0, 0, 7, (uint32_t)-2),
		     (uint32_t)-3);
	CHECK_EQ_U64(tx_bin(exec_REM, PT_S32, 4, 0, 0, 7, (uint32_t)-2), 1);
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_U32, 4, 0, 0, 0xfffffff9, 2),
		     0x7ffffffc);
	/* INT_MIN / -1 and INT_MIN % -1 must not trap */
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_S32, 4, 0, 0, 0x80000000, 0xffffffff),
		     0x80000000);
	CHECK_EQ_U64(tx_bin(exec_REM, PT_S32, 4, 0, 0, 0x80000000, 0xffffffff),
		     0);
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_S64, 8, 0, 0, SIGN64, ~0ull), SIGN64);
	CHECK_EQ_U64(tx_bin(exec_REM, PT_S64, 8, 0, 0, SIGN64, ~0ull), 0);
	/* division by zero: documented choice, and no crash */
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_U32, 4, 0, 0, 5, 0), 0xffffffff);
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_S32, 4, 0, 0, 5, 0), 0xffffffff);
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_U64, 8, 0, 0, 5, 0), ~0ull);
	CHECK_EQ_U64(tx_bin(exec_REM, PT_U32, 4, 0, 0, 5, 0), 5);
	CHECK_EQ_U64(tx_bin(exec_REM, PT_S64, 8, 0, 0, (uint64_t)-5, 0),
		     (uint64_t)-5);
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_U64, 8, 0, 0, ~0ull, 3),
		     0x5555555555555555ull);
}

/* A 64-bit add built from 32-bit halves with add.cc / addc. */
TEST(carry_chain_add64)
{
	struct tx *t = tx_new(32);
	struct insn lo = tx_insn(0, PT_U32, 4, 2), hi = tx_insn(0, PT_U32, 4, 2);
	unsigned l;
	uint64_t a[32], b[32];

	lo.mods = MOD_CC;
	hi.o[0] = tx_reg(5, 4);
	hi.o[1] = tx_reg(3, 4);
	hi.o[2] = tx_reg(4, 4);
	for (l = 0; l < 32; l++) {
		a[l] = 0x1ffffffffull + l * 0x123456789ull;
		b[l] = 0x200000001ull * (l & 1) + l * 0xfedcba987ull;
		tx_set(t, 1, l, (uint32_t)a[l]);
		tx_set(t, 2, l, (uint32_t)b[l]);
		tx_set(t, 3, l, a[l] >> 32);
		tx_set(t, 4, l, b[l] >> 32);
	}
	exec_ADD(&t->x, &lo, lanemask_full(32));
	exec_ADDC(&t->x, &hi, lanemask_full(32));
	for (l = 0; l < 32; l++)
		CHECK_EQ_U64(tx_get(t, 5, l) << 32 | tx_get(t, 0, l),
			     a[l] + b[l]);
	/* lane 0: 0x1_ffffffff + 0 -> no carry; known value too */
	CHECK_EQ_U64(tx_get(t, 0, 1) | tx_get(t, 5, 1) << 32,
		     0x1ffffffffull + 0x123456789ull + 0x200000001ull +
		     0xfedcba987ull);
	free(t);
}

/* 96-bit add (addc.cc in the middle) and a 64-bit subtract. */
TEST(carry_chain_96_and_sub)
{
	struct tx *t = tx_new(8);
	struct insn in = tx_insn(0, PT_U32, 4, 2);

	/* 0x0_ffffffff_ffffffff + 0x0_00000000_00000001 = 0x1_00000000_00000000 */
	tx_fill(t, 1, 0xffffffff);
	tx_fill(t, 2, 1);
	in.mods = MOD_CC;
	exec_ADD(&t->x, &in, 0xff);
	CHECK_EQ_U64(tx_get(t, 0, 3), 0);
	CHECK_EQ_U64(t->w.cc, 0xff);
	tx_fill(t, 2, 0);
	exec_ADDC(&t->x, &in, 0xff); /* addc.cc: 0xffffffff + 0 + 1 */
	CHECK_EQ_U64(tx_get(t, 0, 3), 0);
	CHECK_EQ_U64(t->w.cc, 0xff);
	tx_fill(t, 1, 0);
	in.mods = 0;
	exec_ADDC(&t->x, &in, 0xff);
	CHECK_EQ_U64(tx_get(t, 0, 3), 1);
	CHECK_EQ_U64(t->w.cc, 0xff); /* addc without .cc keeps CF */

	/* 0x1_00000000 - 1 = 0x0_ffffffff: sub.cc borrows, subc consumes */
	tx_fill(t, 1, 0);
	tx_fill(t, 2, 1);
	in.mods = MOD_CC;
	exec_SUB(&t->x, &in, 0xff);
	CHECK_EQ_U64(tx_get(t, 0, 0), 0xffffffff);
	CHECK_EQ_U64(t->w.cc, 0xff);
	tx_fill(t, 1, 1);
	tx_fill(t, 2, 0);
	exec_SUBC(&t->x, &in, 0xff);
	CHECK_EQ_U64(tx_get(t, 0, 0), 0);
	CHECK_EQ_U64(t->w.cc, 0);
	/* 5 - 3 sets no borrow; per-lane cc only inside the mask */
	t->w.cc = 0;
	tx_fill(t, 1, 5);
	tx_fill(t, 2, 3);
	tx_set(t, 2, 2, 6);
	exec_SUB(&t->x, &in, 0x0f);
	CHECK_EQ_U64(t->w.cc, 0x04);
	free(t);
}

/* (a * b) + c as a 64-bit value with mad.lo.cc and madc.hi. */
TEST(mad_carry_chain)
{
	struct tx *t = tx_new(32);
	struct insn lo = tx_insn(0, PT_U32, 4, 3), hi = tx_insn(0, PT_U32, 4, 3);

	lo.mods = MOD_LO | MOD_CC;
	hi.mods = MOD_HI;
	hi.o[0] = tx_reg(5, 4);
	hi.o[3] = tx_reg(4, 4);
	tx_fill(t, 1, 0xffffffff);
	tx_fill(t, 2, 0xffffffff);
	tx_fill(t, 3, 0xffffffff); /* c = 0x1_ffffffff */
	tx_fill(t, 4, 1);
	exec_MAD(&t->x, &lo, lanemask_full(32));
	exec_MADC(&t->x, &hi, lanemask_full(32));
	/* 0xfffffffe00000001 + 0x1ffffffff = 2^64 -> 0 */
	CHECK_EQ_U64(tx_get(t, 0, 7), 0);
	CHECK_EQ_U64(tx_get(t, 5, 7), 0);
	/* madc.lo.cc with carry in */
	t->w.cc = lanemask_full(32);
	lo.mods = MOD_LO | MOD_CC;
	tx_fill(t, 1, 2);
	tx_fill(t, 2, 3);
	tx_fill(t, 3, 0xfffffff9);
	exec_MADC(&t->x, &lo, lanemask_full(32));
	CHECK_EQ_U64(tx_get(t, 0, 0), 0);
	CHECK_EQ_U64(t->w.cc, lanemask_full(32));
	free(t);
}

TEST(min_max_abs_neg)
{
	CHECK_EQ_U64(tx_bin(exec_MIN, PT_S32, 4, 0, 0, 0xffffffff, 1),
		     0xffffffff);
	CHECK_EQ_U64(tx_bin(exec_MIN, PT_U32, 4, 0, 0, 0xffffffff, 1), 1);
	CHECK_EQ_U64(tx_bin(exec_MAX, PT_S32, 4, 0, 0, 0xffffffff, 1), 1);
	CHECK_EQ_U64(tx_bin(exec_MAX, PT_U32, 4, 0, 0, 0xffffffff, 1),
		     0xffffffff);
	CHECK_EQ_U64(tx_bin(exec_MAX, PT_S16, 2, 0, 0, 0x8000, 0x7fff), 0x7fff);
	CHECK_EQ_U64(tx_bin(exec_MIN, PT_S64, 8, 0, 0, SIGN64, 0), SIGN64);
	CHECK_EQ_U64(tx_bin(exec_MAX, PT_S32, 4, MOD_RELU, 0, 0xfffffff0,
			    0xfffffff8), 0);
	CHECK_EQ_U64(tx_un(exec_ABS, PT_S32, 4, 0, 0, (uint32_t)-5), 5);
	CHECK_EQ_U64(tx_un(exec_ABS, PT_S32, 4, 0, 0, 0x80000000), 0x80000000);
	CHECK_EQ_U64(tx_un(exec_ABS, PT_S16, 2, 0, 0, 0xffff), 1);
	CHECK_EQ_U64(tx_un(exec_NEG, PT_S32, 4, 0, 0, 5), 0xfffffffb);
	CHECK_EQ_U64(tx_un(exec_NEG, PT_S64, 8, 0, 0, 1), ~0ull);
	CHECK_EQ_U64(tx_un(exec_NEG, PT_S64, 8, 0, 0, SIGN64), SIGN64);
}

TEST(sad_and_24bit)
{
	CHECK_EQ_U64(tx_ter(exec_SAD, PT_U32, 4, 0, 0, 3, 10, 100), 107);
	CHECK_EQ_U64(tx_ter(exec_SAD, PT_U32, 4, 0, 0, 0xffffffff, 0, 1), 0);
	CHECK_EQ_U64(tx_ter(exec_SAD, PT_S32, 4, 0, 0, (uint32_t)-3, 4, 1), 8);
	/* 24-bit operands: 0xffffff is -1 as s24, 0x1000002 is 2 */
	CHECK_EQ_U64(tx_bin(exec_MUL24, PT_S32, 4, MOD_LO, 0, 0xffffff,
			    0x1000002), 0xfffffffe);
	CHECK_EQ_U64(tx_bin(exec_MUL24, PT_U32, 4, MOD_LO, 0, 0xffffff,
			    0xffffff), 0xfe000001);
	CHECK_EQ_U64(tx_bin(exec_MUL24, PT_U32, 4, MOD_HI, 0, 0xffffff,
			    0xffffff), 0xfffffe00);
	CHECK_EQ_U64(tx_ter(exec_MAD24, PT_U32, 4, MOD_LO, 0, 0x1000003, 5, 1),
		     16);
}

/* Lanes outside the mask keep their values; 8- and 64-lane warps. */
TEST(partial_masks_ws8_ws64)
{
	unsigned ws_list[2] = {8, 64}, i, l;
	for (i = 0; i < 2; i++) {
		unsigned ws = ws_list[i];
		struct tx *t = tx_new(ws);
		struct insn in = tx_insn(0, PT_U32, 4, 2);
		lanemask_t m = 0x5555555555555555ull & lanemask_full(ws);
		for (l = 0; l < ws; l++) {
			tx_set(t, 0, l, 0xdead);
			tx_set(t, 1, l, l);
			tx_set(t, 2, l, 1000);
		}
		exec_ADD(&t->x, &in, m);
		for (l = 0; l < ws; l++)
			CHECK_EQ_U64(tx_get(t, 0, l), (l & 1) ? 0xdead : l + 1000);
		in.o[2] = tx_imm(3);
		exec_MUL(&t->x, &in, ~m & lanemask_full(ws));
		for (l = 0; l < ws; l++)
			CHECK_EQ_U64(tx_get(t, 0, l), (l & 1) ? 3 * l : l + 1000);
		free(t);
	}
}

/*
 * 32-bit rows: a handler that takes a 32-bit register through a 64-bit row
 * pointer (x_dst) gets a stage row; every later access of the instruction
 * sees it, storage changes only at fexec_commit, and the register sharing
 * the other half of the slot is untouched.
 */
TEST(stage_rows_write_back)
{
	struct tx *t = tx_new(32);
	struct opnd o1 = tx_reg(1, 4);
	tx_narrow(t, 1);
	tx_narrow(t, 2);
	t->slot[2] = ((2 * 1 + 1) << 1) | 1; /* the other half of slot 1 */
	tx_fill(t, 1, 0x11111111);
	tx_fill(t, 2, 7);
	uint64_t *d = x_dst(&t->x, &o1);
	CHECK_EQ_U64(t->x.n_stage, 1);
	CHECK_EQ_U64(d[5], 0x11111111);
	d[5] = 0xdeadbeef;
	CHECK_EQ_U64(x_src(&t->x, &o1, 0)[5], 0xdeadbeef);
	CHECK_EQ_U64(x_get(&t->x, 1, 5), 0xdeadbeef);
	CHECK_EQ_U64(x_rd32(&t->x, 1, 0)[5], 0xdeadbeef);
	CHECK(x_dst(&t->x, &o1) == d);
	CHECK_EQ_U64(t->x.n_stage, 1);
	CHECK_EQ_U64(tx_get(t, 1, 5), 0x11111111); /* not yet written */
	fexec_commit(&t->x);
	CHECK_EQ_U64(t->x.n_stage, 0);
	CHECK_EQ_U64(tx_get(t, 1, 5), 0xdeadbeef);
	CHECK_EQ_U64(tx_get(t, 1, 4), 0x11111111);
	for (unsigned l = 0; l < 32; l++)
		CHECK_EQ_U64(tx_get(t, 2, l), 7);
	/* direct 32-bit writes once nothing is staged */
	x_put(&t->x, &o1, 3, 0x1234567890ull);
	CHECK_EQ_U64(tx_get(t, 1, 3), 0x34567890);
	CHECK_EQ_U64(t->x.n_stage, 0);
	free(t);
}

TEST_MAIN()
