/*
 * test_exec_cvt.c - the cvt and mov handlers (exec_cvt.c, exec_mov.c)
 * against values worked out from the PTX ISA and IEEE 754: integer
 * width/sign changes with and without .sat, float-to-int rounding,
 * saturation and NaN, int-to-float and float narrowing in every rounding
 * mode, integral rounding, .ftz/.sat, f16/bf16, and mov pack/unpack.
 */
#include "test_exec_fix.h"

/* cvt{.rnd}{mods}.dt.st d, a with register widths dsz and ssz. */
static uint64_t cvt(unsigned dt, unsigned dsz, unsigned st, unsigned ssz,
		    unsigned rnd, uint32_t mods, uint64_t a)
{
	struct insn in = tx_insn(OP_CVT, dt, dsz, 1);
	in.type2 = (uint8_t)st;
	in.o[1] = tx_reg(1, ssz);
	in.rnd = (uint8_t)rnd;
	in.mods = mods;
	return tx_run(exec_CVT, &in, a, 0, 0);
}

TEST(cvt_int_int)
{
	CHECK_EQ_U64(cvt(PT_S64, 8, PT_S32, 4, 0, 0, (uint32_t)-5),
		     (uint64_t)-5);
	CHECK_EQ_U64(cvt(PT_U64, 8, PT_U32, 4, 0, 0, 0xffffffff), 0xffffffff);
	CHECK_EQ_U64(cvt(PT_U64, 8, PT_S32, 4, 0, 0, 0x80000000),
		     0xffffffff80000000ull);
	CHECK_EQ_U64(cvt(PT_U32, 4, PT_U64, 8, 0, 0, 0x123456789ull),
		     0x23456789);
	CHECK_EQ_U64(cvt(PT_U16, 2, PT_U32, 4, 0, 0, 0x12345678), 0x5678);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_S8, 2, 0, 0, 0x0080), 0xffffff80);
	CHECK_EQ_U64(cvt(PT_U32, 4, PT_S8, 2, 0, 0, 0x00ff), 0xffffffff);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_U16, 2, 0, 0, 0x8000), 0x8000);
	/* narrowing into a wider register extends by the destination type */
	CHECK_EQ_U64(cvt(PT_S8, 2, PT_S32, 4, 0, 0, 0x17f), 0x007f);
	CHECK_EQ_U64(cvt(PT_S8, 2, PT_S32, 4, 0, 0, 0x180), 0xff80);
	CHECK_EQ_U64(cvt(PT_U8, 4, PT_S32, 4, 0, 0, 0x180), 0x80);
}

TEST(cvt_int_int_sat)
{
	CHECK_EQ_U64(cvt(PT_U8, 2, PT_S32, 4, 0, MOD_SAT, (uint32_t)-5), 0);
	CHECK_EQ_U64(cvt(PT_U8, 2, PT_S32, 4, 0, MOD_SAT, 300), 255);
	CHECK_EQ_U64(cvt(PT_S8, 2, PT_S32, 4, 0, MOD_SAT, (uint32_t)-300),
		     0xff80);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_U32, 4, 0, MOD_SAT, 0x80000000),
		     0x7fffffff);
	CHECK_EQ_U64(cvt(PT_U32, 4, PT_S32, 4, 0, MOD_SAT, 0xffffffff), 0);
	CHECK_EQ_U64(cvt(PT_S16, 2, PT_S64, 8, 0, MOD_SAT, (uint64_t)-100000),
		     0x8000);
	CHECK_EQ_U64(cvt(PT_S16, 2, PT_S64, 8, 0, MOD_SAT, 100000), 0x7fff);
	CHECK_EQ_U64(cvt(PT_U64, 8, PT_S64, 8, 0, MOD_SAT, ~0ull), 0);
	CHECK_EQ_U64(cvt(PT_S64, 8, PT_U64, 8, 0, MOD_SAT, ~0ull), ~SIGN64);
	CHECK_EQ_U64(cvt(PT_U32, 4, PT_U64, 8, 0, MOD_SAT, 0x100000000ull),
		     0xffffffff);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_S64, 8, 0, MOD_SAT, 12345), 12345);
}

TEST(cvt_float_to_int)
{
	unsigned rzi = RND_RZI;
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, rzi, 0, F(2.7f)), 2);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, rzi, 0, F(-2.7f)),
		     (uint32_t)-2);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, rzi, 0, F(3e9f)), 0x7fffffff);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, rzi, 0, F(-3e9f)), 0x80000000);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, rzi, 0, F(NAN)), 0);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, rzi, 0, F(INFINITY)),
		     0x7fffffff);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, rzi, 0, F(-INFINITY)),
		     0x80000000);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, rzi, 0, F(-2147483648.0f)),
		     0x80000000);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, RND_RNI, 0, F(2.5f)), 2);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, RND_RNI, 0, F(3.5f)), 4);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, RND_RNI, 0, F(-2.5f)),
		     (uint32_t)-2);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, RND_RMI, 0, F(-2.5f)),
		     (uint32_t)-3);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, RND_RPI, 0, F(2.1f)), 3);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, RND_RPI, 0, F(-2.9f)),
		     (uint32_t)-2);
	CHECK_EQ_U64(cvt(PT_U32, 4, PT_F32, 4, rzi, 0, F(-1.5f)), 0);
	CHECK_EQ_U64(cvt(PT_U32, 4, PT_F32, 4, rzi, 0, F(5e9f)), 0xffffffff);
	CHECK_EQ_U64(cvt(PT_U32, 4, PT_F32, 4, rzi, 0, F(4294967040.0f)),
		     0xffffff00);
	CHECK_EQ_U64(cvt(PT_U64, 8, PT_F64, 8, rzi, 0, D(1e20)), ~0ull);
	CHECK_EQ_U64(cvt(PT_S64, 8, PT_F64, 8, rzi, 0, D(-1e19)), SIGN64);
	CHECK_EQ_U64(cvt(PT_S64, 8, PT_F64, 8, RND_RNI, 0, D(0x1p63)),
		     ~SIGN64);
	CHECK_EQ_U64(cvt(PT_S64, 8, PT_F64, 8, RND_RNI, 0, D(-0x1p53 - 2)),
		     (uint64_t)(-(int64_t)(1ull << 53) - 2));
	CHECK_EQ_U64(cvt(PT_U32, 4, PT_F64, 8, rzi, 0, D(4294967295.9)),
		     0xffffffff);
	CHECK_EQ_U64(cvt(PT_U8, 2, PT_F32, 4, rzi, 0, F(300)), 0xff);
	CHECK_EQ_U64(cvt(PT_S8, 2, PT_F32, 4, rzi, 0, F(-300)), 0xff80);
	/* .ftz: a subnormal rounds up to 1 only without flushing */
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, RND_RPI, 0, 1), 1);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F32, 4, RND_RPI, MOD_FTZ, 1), 0);
	/* no rounding given: truncate */
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F64, 8, 0, 0, D(-7.9)), (uint32_t)-7);
	CHECK(fegetround() == FE_TONEAREST);
}

TEST(cvt_int_to_float_rounding)
{
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_S32, 4, RND_RN, 0, 16777217), 0x4b800000);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_S32, 4, RND_RN, 0, 16777219), 0x4b800002);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_S32, 4, RND_RZ, 0, 16777219), 0x4b800001);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_S32, 4, RND_RP, 0, 16777217), 0x4b800001);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_S32, 4, RND_RM, 0,
			 (uint32_t)-16777217), 0xcb800001);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_S32, 4, RND_RP, 0,
			 (uint32_t)-16777217), 0xcb800000);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_U32, 4, RND_RN, 0, 0xffffffff),
		     0x4f800000);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_U64, 8, RND_RN, 0, ~0ull), 0x5f800000);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_U64, 8, RND_RZ, 0, ~0ull), 0x5f7fffff);
	CHECK_EQ_U64(cvt(PT_F64, 8, PT_S64, 8, RND_RN, 0, (1ull << 53) + 1),
		     D(0x1p53));
	CHECK_EQ_U64(cvt(PT_F64, 8, PT_S64, 8, RND_RP, 0, (1ull << 53) + 1),
		     D(0x1p53 + 2));
	CHECK_EQ_U64(cvt(PT_F64, 8, PT_S32, 4, RND_RN, 0, (uint32_t)-3), D(-3));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_S16, 2, RND_RN, 0, 0x8000), F(-32768));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_S32, 4, RND_RN, MOD_SAT, 5), F(1));
	CHECK(fegetround() == FE_TONEAREST);
}

TEST(cvt_float_float)
{
	CHECK_EQ_U64(cvt(PT_F64, 8, PT_F32, 4, 0, 0, F(0.1f)),
		     0x3fb99999a0000000ull);
	CHECK_EQ_U64(cvt(PT_F64, 8, PT_F32, 4, 0, 0, 1), D(0x1p-149));
	CHECK_EQ_U64(cvt(PT_F64, 8, PT_F32, 4, 0, MOD_FTZ, 0x80000001u),
		     SIGN64);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RN, 0, D(0.1)), 0x3dcccccd);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RZ, 0, D(0.1)), 0x3dcccccc);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RM, 0, D(0.1)), 0x3dcccccc);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RP, 0, D(0.1)), 0x3dcccccd);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RM, 0, D(-0.1)), 0xbdcccccd);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RN, 0, D(1e300)),
		     F(INFINITY));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RZ, 0, D(1e300)), 0x7f7fffff);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RN, 0, D(0x1p-140)),
		     0x00000200);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RN, MOD_FTZ, D(0x1p-140)), 0);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F64, 8, RND_RN, 0, D(NAN)), 0x7fffffff);
	/* round to integral in the same type */
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, RND_RNI, 0, F(2.5f)), F(2));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, RND_RNI, 0, F(-3.5f)), F(-4));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, RND_RZI, 0, F(-2.7f)), F(-2));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, RND_RMI, 0, F(-2.1f)), F(-3));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, RND_RPI, 0, F(2.1f)), F(3));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, RND_RZI, 0, F(-0.5f)),
		     0x80000000u);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, RND_RNI, 0, F(16777215.0f)),
		     F(16777215.0f));
	CHECK_EQ_U64(cvt(PT_F64, 8, PT_F64, 8, RND_RMI, 0, D(-0.5)), D(-1));
	CHECK_EQ_U64(cvt(PT_F64, 8, PT_F64, 8, RND_RPI, 0, D(4503599627370495.5)),
		     D(4503599627370496.0));
	/* .sat and .ftz on f32 -> f32 */
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, 0, MOD_SAT, F(1.5f)), F(1));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, 0, MOD_SAT, F(-0.5f)), 0);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, 0, MOD_SAT, F(NAN)), 0);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, 0, MOD_SAT, F(0.25f)), F(0.25f));
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, 0, MOD_FTZ, 0x80000010u),
		     0x80000000u);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F32, 4, 0, 0, 0x80000010u), 0x80000010u);
	CHECK(fegetround() == FE_TONEAREST);
}

TEST(cvt_half)
{
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(1)), 0x3c00);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(-2)), 0xc000);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(65504)), 0x7bff);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(65520)), 0x7c00);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RZ, 0, F(65520)), 0x7bff);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RM, 0, F(-1e6f)), 0xfc00);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RP, 0, F(-1e6f)), 0xfbff);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(1e-8f)), 0);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RP, 0, F(1e-8f)), 0x0001);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(0x1p-24f)), 0x0001);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(0x1p-25f)), 0);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(0x1.8p-24f)),
		     0x0002);
	/* 1 + 2^-11 is a tie between 1 and 1 + 2^-10: even -> 1 */
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(1 + 0x1p-11f)),
		     0x3c00);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(1 + 0x1.8p-10f)),
		     0x3c02);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F32, 4, RND_RN, 0, F(NAN)), 0x7fff);
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_F64, 8, RND_RN, 0, D(0.1)), 0x2e66);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F16, 2, 0, 0, 0x3555), 0x3eaaa000);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F16, 2, 0, 0, 0x0001), 0x33800000);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_F16, 2, 0, 0, 0xfc00), 0xff800000u);
	CHECK_EQ_U64(cvt(PT_F64, 8, PT_F16, 2, 0, 0, 0x7bff), D(65504));
	CHECK_EQ_U64(cvt(PT_F16, 2, PT_S32, 4, RND_RN, 0, 2049), 0x6800);
	CHECK_EQ_U64(cvt(PT_S32, 4, PT_F16, 2, RND_RZI, 0, 0xc500),
		     (uint32_t)-5);
	/* bf16: 8 significant bits */
	CHECK_EQ_U64(cvt(PT_BF16, 2, PT_F32, 4, RND_RN, 0, F(1 + 0x1p-8f)),
		     0x3f80);
	CHECK_EQ_U64(cvt(PT_BF16, 2, PT_F32, 4, RND_RN, 0, F(1 + 0x1.8p-7f)),
		     0x3f82);
	CHECK_EQ_U64(cvt(PT_BF16, 2, PT_F32, 4, RND_RZ, 0, F(1 + 0x1.8p-7f)),
		     0x3f81);
	CHECK_EQ_U64(cvt(PT_F32, 4, PT_BF16, 2, 0, 0, 0xc0a0), F(-5));
}

/* 64 lanes, only odd lanes converted; each lane its own value. */
TEST(cvt_ws64_partial)
{
	struct tx *t = tx_new(64);
	struct insn in = tx_insn(OP_CVT, PT_S64, 8, 1);
	unsigned l;
	in.type2 = PT_S32;
	in.o[1] = tx_reg(1, 4);
	for (l = 0; l < 64; l++) {
		tx_set(t, 1, l, (uint32_t)(-(int32_t)l));
		tx_set(t, 0, l, 77);
	}
	exec_CVT(&t->x, &in, 0xaaaaaaaaaaaaaaaaull);
	for (l = 0; l < 64; l++)
		CHECK_EQ_U64(tx_get(t, 0, l),
			     (l & 1) ? (uint64_t)-(int64_t)l : 77);
	free(t);
}

TEST(mov_forms)
{
	struct tx *t = tx_new(32);
	struct insn in = tx_insn(OP_MOV, PT_U16, 2, 0);
	unsigned l;

	in.o[1] = tx_imm(-1);
	CHECK_EQ_U64(tx_exec(t, exec_MOV, &in), 0xffff);
	in = tx_insn(OP_MOV, PT_F32, 4, 1);
	tx_fill(t, 1, 0x1234567890ull & 0xffffffff);
	CHECK_EQ_U64(tx_exec(t, exec_MOV, &in), 0x34567890);
	/* mov.u32 %r, %laneid and %tid.x */
	in.o[1].kind = OK_SREG;
	in.o[1].reg = SR_LANEID;
	exec_MOV(&t->x, &in, lanemask_full(32));
	for (l = 0; l < 32; l++)
		CHECK_EQ_U64(tx_get(t, 0, l), l);
	/* mov.pred p, q and mov.pred p, 1 */
	in = tx_insn(OP_MOV, PT_PRED, 0, 0);
	in.o[0] = tx_prd(1, false);
	in.o[1] = tx_prd(2, false);
	t->preds[2] = 0x0000ffff;
	exec_MOV(&t->x, &in, 0x00ffff00);
	CHECK_EQ_U64(t->preds[1], 0x0000ff00);
	in.o[1] = tx_imm(1);
	exec_MOV(&t->x, &in, 0x1);
	CHECK_EQ_U64(t->preds[1], 0x0000ff01);
	free(t);
}

TEST(mov_pack_unpack)
{
	struct tx *t = tx_new(32);
	struct insn in = tx_insn(OP_MOV, PT_B64, 8, 0);

	/* mov.b64 %rd0, {%r1, %r2}: r1 is the low word */
	in.o[1].kind = OK_VEC;
	in.o[1].reg = 2;
	in.o[1].size = 4;
	in.vec_reg[0] = 1;
	in.vec_reg[1] = 2;
	tx_fill(t, 1, 0x89abcdef);
	tx_fill(t, 2, 0x01234567);
	CHECK_EQ_U64(tx_exec(t, exec_MOV, &in), 0x0123456789abcdefull);
	/* mov.b64 {%r3, %r4}, %rd0 */
	in.o[0] = in.o[1];
	in.o[1] = tx_reg(0, 8);
	in.vec_reg[0] = 3;
	in.vec_reg[1] = 4;
	exec_MOV(&t->x, &in, lanemask_full(32));
	CHECK_EQ_U64(tx_get(t, 3, 5), 0x89abcdef);
	CHECK_EQ_U64(tx_get(t, 4, 5), 0x01234567);
	/* mov.b32 {%rs5, %rs6}, %r1 and mov.b64 with four 16-bit parts */
	in.o[0].size = 2;
	in.o[1] = tx_reg(1, 4);
	in.vec_reg[0] = 5;
	in.vec_reg[1] = 6;
	exec_MOV(&t->x, &in, lanemask_full(32));
	CHECK_EQ_U64(tx_get(t, 5, 0), 0xcdef);
	CHECK_EQ_U64(tx_get(t, 6, 0), 0x89ab);
	in = tx_insn(OP_MOV, PT_B64, 8, 0);
	in.o[1].kind = OK_VEC;
	in.o[1].reg = 4;
	in.o[1].size = 2;
	in.vec_reg[0] = 5;
	in.vec_reg[1] = 6;
	in.vec_reg[2] = 6;
	in.vec_reg[3] = 5;
	CHECK_EQ_U64(tx_exec(t, exec_MOV, &in), 0xcdef89ab89abcdefull);
	free(t);
}

TEST_MAIN()
