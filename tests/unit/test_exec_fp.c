/*
 * test_exec_fp.c - floating-point handlers (exec_fp.c) and comparisons
 * (exec_mov.c) against values worked out from IEEE 754 and the PTX ISA:
 * every rounding mode on add, fused multiply-add, .ftz and .sat, NaN
 * handling in min/max/setp, sign ops, copysign operand order, the
 * special-function special cases and testp.
 */
#include "test_exec_fix.h"

#define ONE_ULP 0x3f800001u   /* 1 + 2^-23 */
#define P25 0x33000000u       /* 2^-25: a quarter ulp of 1.0 */
#define SUB1 0x00000001u      /* smallest f32 subnormal */
#define QNAN 0x7fc00001u      /* a quiet NaN with a payload */

static uint64_t f32op(exec_fn *fn, uint32_t mods, unsigned rnd, uint64_t a,
		      uint64_t b)
{
	return tx_bin(fn, PT_F32, 4, mods, rnd, a, b);
}

TEST(add_f32_every_rounding_mode)
{
	/* 1 + 2^-25 lies a quarter ulp above 1 */
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_NONE, F(1), P25), 0x3f800000);
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RN, F(1), P25), 0x3f800000);
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RZ, F(1), P25), 0x3f800000);
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RM, F(1), P25), 0x3f800000);
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RP, F(1), P25), ONE_ULP);
	/* and the negative mirror */
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RN, F(-1), P25 | 0x80000000u),
		     0xbf800000);
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RZ, F(-1), P25 | 0x80000000u),
		     0xbf800000);
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RM, F(-1), P25 | 0x80000000u),
		     0xbf800001);
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RP, F(-1), P25 | 0x80000000u),
		     0xbf800000);
	/* ties to even: 1 + 1.5 ulp -> 1 + 2 ulp; 1 + 0.5 ulp -> 1 */
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RN, F(1), F(0x1.8p-23f)),
		     0x3f800002);
	CHECK_EQ_U64(f32op(exec_ADD, 0, RND_RN, F(1), F(0x1p-24f)), 0x3f800000);
	/* sub: 1 - 2^-25 */
	CHECK_EQ_U64(f32op(exec_SUB, 0, RND_RN, F(1), P25), 0x3f800000);
	CHECK_EQ_U64(f32op(exec_SUB, 0, RND_RZ, F(1), P25), 0x3f7fffff);
	/* the host rounding mode is restored afterwards */
	CHECK(fegetround() == FE_TONEAREST);
}

TEST(mul_f64_rounding)
{
	/* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 */
	CHECK_EQ_U64(f32op(exec_MUL, 0, RND_RZ, ONE_ULP, ONE_ULP), 0x3f800002);
	CHECK_EQ_U64(f32op(exec_MUL, 0, RND_RP, ONE_ULP, ONE_ULP), 0x3f800003);
	CHECK_EQ_U64(f32op(exec_MUL, 0, RND_RN, ONE_ULP, ONE_ULP), 0x3f800002);
	CHECK_EQ_U64(tx_bin(exec_ADD, PT_F64, 8, 0, RND_RP, D(1), D(0x1p-54)),
		     0x3ff0000000000001ull);
	CHECK_EQ_U64(tx_bin(exec_ADD, PT_F64, 8, 0, RND_RN, D(1), D(0x1p-54)),
		     0x3ff0000000000000ull);
	CHECK_EQ_U64(tx_bin(exec_SUB, PT_F64, 8, 0, RND_RM, D(1), D(0x1p-54)),
		     0x3fefffffffffffffull);
}

TEST(fma_is_fused)
{
	/* (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; unfused gives 0 */
	CHECK_EQ_U64(tx_ter(exec_FMA, PT_F32, 4, 0, RND_RN, ONE_ULP,
			    0x3f7ffffe, F(-1)), 0xa8800000);
	CHECK_EQ_U64(tx_ter(exec_MAD, PT_F32, 4, 0, RND_NONE, ONE_ULP,
			    0x3f7ffffe, F(-1)), 0xa8800000);
	CHECK_EQ_U64(tx_ter(exec_FMA, PT_F64, 8, 0, RND_RN,
			    D(1 + 0x1p-52), D(1 - 0x1p-52), D(-1)),
		     D(-0x1p-104));
	/* fma.rm: 1 * 1 + 2^-30 rounds down to 1, rp up */
	CHECK_EQ_U64(tx_ter(exec_FMA, PT_F32, 4, 0, RND_RM, F(1), F(1),
			    F(0x1p-30f)), 0x3f800000);
	CHECK_EQ_U64(tx_ter(exec_FMA, PT_F32, 4, 0, RND_RP, F(1), F(1),
			    F(0x1p-30f)), ONE_ULP);
	CHECK_EQ_U64(tx_ter(exec_FMA, PT_F32, 4, MOD_SAT, RND_RN, F(2), F(2),
			    F(-1)), F(1));
}

TEST(ftz_and_sat)
{
	CHECK_EQ_U64(f32op(exec_ADD, 0, 0, SUB1, 0), SUB1);
	CHECK_EQ_U64(f32op(exec_ADD, MOD_FTZ, 0, SUB1, 0), 0);
	CHECK_EQ_U64(f32op(exec_ADD, MOD_FTZ, 0, SUB1 | 0x80000000u,
			   0x80000000u), 0x80000000u);
	/* a subnormal result: 2^-126 * 0.5 = 2^-127 */
	CHECK_EQ_U64(f32op(exec_MUL, 0, 0, 0x00800000, F(0.5f)), 0x00400000);
	CHECK_EQ_U64(f32op(exec_MUL, MOD_FTZ, 0, 0x00800000, F(0.5f)), 0);
	CHECK_EQ_U64(f32op(exec_MUL, MOD_FTZ, 0, 0x80800000, F(0.5f)),
		     0x80000000u);
	CHECK_EQ_U64(f32op(exec_ADD, MOD_SAT, 0, F(0.75f), F(0.5f)), F(1));
	CHECK_EQ_U64(f32op(exec_ADD, MOD_SAT, 0, F(-1), F(0.5f)), 0);
	CHECK_EQ_U64(f32op(exec_ADD, MOD_SAT, 0, F(0.25f), F(0.5f)), F(0.75f));
	CHECK_EQ_U64(f32op(exec_ADD, MOD_SAT, 0, QNAN, F(1)), 0);
	CHECK_EQ_U64(f32op(exec_MUL, MOD_SAT, 0, F(-0.0f), F(1)), 0);
}

TEST(nan_results_are_canonical)
{
	CHECK_EQ_U64(f32op(exec_ADD, 0, 0, QNAN, F(1)), 0x7fffffff);
	CHECK_EQ_U64(f32op(exec_MUL, 0, 0, F(INFINITY), 0), 0x7fffffff);
	CHECK_EQ_U64(f32op(exec_SUB, 0, 0, F(INFINITY), F(INFINITY)),
		     0x7fffffff);
	CHECK_EQ_U64(tx_bin(exec_ADD, PT_F64, 8, 0, 0, D(NAN), D(1)),
		     0x7fffffffffffffffull);
}

TEST(min_max_nan_and_zero)
{
	CHECK_EQ_U64(f32op(exec_MIN, 0, 0, QNAN, F(1)), F(1));
	CHECK_EQ_U64(f32op(exec_MIN, 0, 0, F(1), QNAN), F(1));
	CHECK_EQ_U64(f32op(exec_MAX, 0, 0, F(-3), QNAN), F(-3));
	CHECK_EQ_U64(f32op(exec_MAX, 0, 0, QNAN, QNAN), 0x7fffffff);
	CHECK_EQ_U64(f32op(exec_MIN, 0, 0, F(-0.0f), F(0.0f)), 0x80000000u);
	CHECK_EQ_U64(f32op(exec_MIN, 0, 0, F(0.0f), F(-0.0f)), 0x80000000u);
	CHECK_EQ_U64(f32op(exec_MAX, 0, 0, F(-0.0f), F(0.0f)), 0);
	CHECK_EQ_U64(f32op(exec_MAX, 0, 0, F(0.0f), F(-0.0f)), 0);
	CHECK_EQ_U64(f32op(exec_MIN, 0, 0, F(2), F(-7)), F(-7));
	CHECK_EQ_U64(f32op(exec_MAX, 0, 0, F(2), F(-7)), F(2));
	CHECK_EQ_U64(f32op(exec_MIN, MOD_NAN, 0, F(1), QNAN), 0x7fffffff);
	CHECK_EQ_U64(f32op(exec_MAX, MOD_FTZ, 0, SUB1, 0x80000000u), 0);
	CHECK_EQ_U64(f32op(exec_MAX, 0, 0, SUB1, 0x80000000u), SUB1);
	CHECK_EQ_U64(tx_bin(exec_MIN, PT_F64, 8, 0, 0, D(NAN), D(-2)), D(-2));
	CHECK_EQ_U64(tx_bin(exec_MAX, PT_F64, 8, 0, 0, D(-0.0), D(0.0)), 0);
	CHECK_EQ_U64(tx_bin(exec_MAX, PT_F64, 8, 0, 0, D(NAN), D(NAN)),
		     0x7fffffffffffffffull);
}

TEST(sign_ops_and_copysign)
{
	CHECK_EQ_U64(tx_un(exec_NEG, PT_F32, 4, 0, 0, 0x7fc00000), 0xffc00000u);
	CHECK_EQ_U64(tx_un(exec_ABS, PT_F32, 4, 0, 0, 0xffc00001u), 0x7fc00001);
	CHECK_EQ_U64(tx_un(exec_NEG, PT_F32, 4, 0, 0, 0), 0x80000000u);
	CHECK_EQ_U64(tx_un(exec_ABS, PT_F32, 4, MOD_FTZ, 0, 0x80000003u), 0);
	CHECK_EQ_U64(tx_un(exec_NEG, PT_F32, 4, MOD_FTZ, 0, 0x00000003u),
		     0x80000000u);
	CHECK_EQ_U64(tx_un(exec_NEG, PT_F64, 8, 0, 0, D(2)), D(-2));
	CHECK_EQ_U64(tx_un(exec_ABS, PT_F64, 8, 0, 0, D(-2)), D(2));
	/* copysign d, a, b = |b| with the sign of a */
	CHECK_EQ_U64(f32op(exec_COPYSIGN, 0, 0, F(-1), F(2)), F(-2));
	CHECK_EQ_U64(f32op(exec_COPYSIGN, 0, 0, F(1), F(-3)), F(3));
	CHECK_EQ_U64(tx_bin(exec_COPYSIGN, PT_F64, 8, 0, 0, D(-0.0), D(5)),
		     D(-5));
}

TEST(div_rcp_sqrt)
{
	CHECK_EQ_U64(f32op(exec_DIV, 0, RND_RN, F(1), F(3)), 0x3eaaaaab);
	CHECK_EQ_U64(f32op(exec_DIV, 0, RND_RZ, F(1), F(3)), 0x3eaaaaaa);
	CHECK_EQ_U64(f32op(exec_DIV, 0, RND_RM, F(-1), F(3)), 0xbeaaaaab);
	CHECK_EQ_U64(f32op(exec_DIV, MOD_FULL, 0, F(1), F(4)), F(0.25f));
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_F64, 8, 0, RND_RN, D(1), D(3)),
		     0x3fd5555555555555ull);
	CHECK_EQ_U64(tx_bin(exec_DIV, PT_F64, 8, 0, RND_RP, D(1), D(3)),
		     0x3fd5555555555556ull);
	/* div.approx: 2^126 < |b| < 2^128 gives 0, or NaN for infinite a */
	CHECK_EQ_U64(f32op(exec_DIV, MOD_APPROX, 0, F(1), F(0x1p127f)), 0);
	CHECK_EQ_U64(f32op(exec_DIV, MOD_APPROX, 0, F(INFINITY), F(0x1p127f)),
		     0x7fffffff);
	CHECK_EQ_U64(f32op(exec_DIV, MOD_APPROX, 0, F(6), F(3)), F(2));
	CHECK_EQ_U64(f32op(exec_DIV, 0, RND_RN, F(1), F(0)), F(INFINITY));
	CHECK_EQ_U64(tx_un(exec_RCP, PT_F32, 4, 0, RND_RN, F(3)), 0x3eaaaaab);
	CHECK_EQ_U64(tx_un(exec_RCP, PT_F32, 4, 0, RND_RM, F(3)), 0x3eaaaaaa);
	CHECK_EQ_U64(tx_un(exec_RCP, PT_F32, 4, MOD_APPROX, 0, F(-0.0f)),
		     F(-INFINITY));
	CHECK_EQ_U64(tx_un(exec_RCP, PT_F32, 4, MOD_APPROX | MOD_FTZ, 0,
			   SUB1), F(INFINITY));
	CHECK_EQ_U64(tx_un(exec_RCP, PT_F64, 8, MOD_APPROX | MOD_FTZ, 0,
			   D(4)), D(0.25));
	CHECK_EQ_U64(tx_un(exec_RCP, PT_F64, 8, MOD_APPROX | MOD_FTZ, 0, 1),
		     D(INFINITY));
	CHECK_EQ_U64(tx_un(exec_SQRT, PT_F32, 4, 0, RND_RN, F(2)), 0x3fb504f3);
	CHECK_EQ_U64(tx_un(exec_SQRT, PT_F32, 4, 0, RND_RP, F(2)), 0x3fb504f4);
	CHECK_EQ_U64(tx_un(exec_SQRT, PT_F32, 4, 0, RND_RZ, F(2)), 0x3fb504f3);
	CHECK_EQ_U64(tx_un(exec_SQRT, PT_F32, 4, 0, RND_RN, F(-1)), 0x7fffffff);
	CHECK_EQ_U64(tx_un(exec_SQRT, PT_F32, 4, 0, RND_RN, F(-0.0f)),
		     0x80000000u);
	CHECK_EQ_U64(tx_un(exec_SQRT, PT_F64, 8, 0, RND_RN, D(2)),
		     0x3ff6a09e667f3bcdull);
	CHECK(fegetround() == FE_TONEAREST);
}

TEST(special_function_edges)
{
	uint32_t ap = MOD_APPROX;
	CHECK_EQ_U64(tx_un(exec_RSQRT, PT_F32, 4, ap, 0, F(0)), F(INFINITY));
	CHECK_EQ_U64(tx_un(exec_RSQRT, PT_F32, 4, ap, 0, F(-0.0f)),
		     F(-INFINITY));
	CHECK_EQ_U64(tx_un(exec_RSQRT, PT_F32, 4, ap, 0, F(4)), F(0.5f));
	CHECK_EQ_U64(tx_un(exec_RSQRT, PT_F32, 4, ap, 0, F(-1)), 0x7fffffff);
	CHECK_EQ_U64(tx_un(exec_RSQRT, PT_F32, 4, ap, 0, F(INFINITY)), 0);
	CHECK_EQ_U64(tx_un(exec_RSQRT, PT_F64, 8, ap, 0, D(0.25)), D(2));
	CHECK_EQ_U64(tx_un(exec_EX2, PT_F32, 4, ap, 0, F(-INFINITY)), 0);
	CHECK_EQ_U64(tx_un(exec_EX2, PT_F32, 4, ap, 0, F(INFINITY)),
		     F(INFINITY));
	CHECK_EQ_U64(tx_un(exec_EX2, PT_F32, 4, ap, 0, F(3)), F(8));
	CHECK_EQ_U64(tx_un(exec_EX2, PT_F32, 4, ap, 0, F(-130)), 0x00080000);
	CHECK_EQ_U64(tx_un(exec_EX2, PT_F32, 4, ap | MOD_FTZ, 0, F(-130)), 0);
	CHECK_EQ_U64(tx_un(exec_EX2, PT_F32, 4, ap, 0, F(0)), F(1));
	CHECK_EQ_U64(tx_un(exec_LG2, PT_F32, 4, ap, 0, F(0)), F(-INFINITY));
	CHECK_EQ_U64(tx_un(exec_LG2, PT_F32, 4, ap, 0, F(-0.0f)), F(-INFINITY));
	CHECK_EQ_U64(tx_un(exec_LG2, PT_F32, 4, ap, 0, F(-1)), 0x7fffffff);
	CHECK_EQ_U64(tx_un(exec_LG2, PT_F32, 4, ap, 0, F(8)), F(3));
	CHECK_EQ_U64(tx_un(exec_LG2, PT_F32, 4, ap, 0, F(INFINITY)),
		     F(INFINITY));
	CHECK_EQ_U64(tx_un(exec_LG2, PT_F32, 4, ap, 0, 0x00080000), F(-130));
	CHECK_EQ_U64(tx_un(exec_LG2, PT_F32, 4, ap | MOD_FTZ, 0, 0x00080000),
		     F(-INFINITY));
	CHECK_EQ_U64(tx_un(exec_SIN, PT_F32, 4, ap, 0, F(INFINITY)), 0x7fffffff);
	CHECK_EQ_U64(tx_un(exec_COS, PT_F32, 4, ap, 0, F(-INFINITY)),
		     0x7fffffff);
	CHECK_EQ_U64(tx_un(exec_SIN, PT_F32, 4, ap, 0, F(-0.0f)), 0x80000000u);
	CHECK_EQ_U64(tx_un(exec_COS, PT_F32, 4, ap, 0, F(0)), F(1));
	CHECK_EQ_U64(tx_un(exec_TANH, PT_F32, 4, ap, 0, F(INFINITY)), F(1));
	CHECK_EQ_U64(tx_un(exec_TANH, PT_F32, 4, ap, 0, F(-0.0f)), 0x80000000u);
	CHECK_EQ_U64(tx_un(exec_TANH, PT_F32, 4, ap, 0, QNAN), 0x7fffffff);
	{
		/* within the ISA's bound: |sin(1) - approx| < 2^-20.5 */
		float s = f32_from_bits(tx_un(exec_SIN, PT_F32, 4, ap, 0, F(1)));
		CHECK(fabs(s - 0.8414709848078965) < 1e-6);
	}
}

/* setp.CMP.type p|q, a, b{, c}: run with r1 = a, r2 = b; returns p. */
static lanemask_t setp(unsigned type, unsigned size, unsigned cmp,
		       uint32_t mods, uint64_t a, uint64_t b)
{
	struct tx *t = tx_new(32);
	struct insn in = tx_insn(0, type, size, 2);
	lanemask_t p;
	in.o[0] = tx_prd(0, false);
	in.cmp = (uint8_t)cmp;
	in.mods = mods;
	tx_fill(t, 1, a);
	tx_fill(t, 2, b);
	exec_SETP(&t->x, &in, lanemask_full(32));
	p = t->preds[0];
	CHECK(p == 0 || p == lanemask_full(32));
	free(t);
	return p & 1;
}

TEST(setp_float_ordered_unordered)
{
	uint64_t n = QNAN, one = F(1), two = F(2);
	CHECK(setp(PT_F32, 4, CMP_LT, 0, one, two));
	CHECK(!setp(PT_F32, 4, CMP_LT, 0, n, two));
	CHECK(setp(PT_F32, 4, CMP_LTU, 0, n, two));
	CHECK(setp(PT_F32, 4, CMP_LTU, 0, one, two));
	CHECK(!setp(PT_F32, 4, CMP_LTU, 0, two, one));
	CHECK(!setp(PT_F32, 4, CMP_NE, 0, n, one));
	CHECK(setp(PT_F32, 4, CMP_NEU, 0, n, one));
	CHECK(!setp(PT_F32, 4, CMP_EQ, 0, n, n));
	CHECK(setp(PT_F32, 4, CMP_EQU, 0, n, one));
	CHECK(!setp(PT_F32, 4, CMP_EQU, 0, two, one));
	CHECK(setp(PT_F32, 4, CMP_GEU, 0, n, one));
	CHECK(!setp(PT_F32, 4, CMP_GE, 0, n, one));
	CHECK(setp(PT_F32, 4, CMP_LEU, 0, one, n));
	CHECK(setp(PT_F32, 4, CMP_GTU, 0, two, one));
	CHECK(setp(PT_F32, 4, CMP_NUM, 0, one, two));
	CHECK(!setp(PT_F32, 4, CMP_NUM, 0, one, n));
	CHECK(setp(PT_F32, 4, CMP_NAN, 0, one, n));
	CHECK(!setp(PT_F32, 4, CMP_NAN, 0, one, two));
	CHECK(setp(PT_F32, 4, CMP_EQ, 0, F(-0.0f), F(0)));
	CHECK(!setp(PT_F32, 4, CMP_EQ, 0, SUB1, 0));
	CHECK(setp(PT_F32, 4, CMP_EQ, MOD_FTZ, SUB1, 0));
	CHECK(setp(PT_F64, 8, CMP_GT, 0, D(1e300), D(-1e300)));
	CHECK(setp(PT_F64, 8, CMP_NEU, 0, D(NAN), D(NAN)));
	CHECK(!setp(PT_F64, 8, CMP_LE, 0, D(NAN), D(1)));
}

TEST(setp_integer)
{
	CHECK(setp(PT_S32, 4, CMP_LT, 0, 0xffffffff, 1));
	CHECK(!setp(PT_U32, 4, CMP_LT, 0, 0xffffffff, 1));
	CHECK(!setp(PT_S32, 4, CMP_LO, 0, 0xffffffff, 1));
	CHECK(setp(PT_U32, 4, CMP_HI, 0, 0xffffffff, 1));
	CHECK(setp(PT_S16, 2, CMP_EQ, 0, 0xffff, 0xffff));
	CHECK(setp(PT_S16, 2, CMP_LT, 0, 0x8000, 0x7fff));
	CHECK(setp(PT_S64, 8, CMP_GT, 0, 1, SIGN64));
	CHECK(setp(PT_U64, 8, CMP_GT, 0, SIGN64, 1));
	CHECK(setp(PT_U64, 8, CMP_GE, 0, 5, 5));
	CHECK(!setp(PT_S32, 4, CMP_NE, 0, 5, 5));
	CHECK(setp(PT_B32, 4, CMP_NE, 0, 5, 6));
	CHECK(setp(PT_U32, 4, CMP_LS, 0, 6, 6));
}

TEST(setp_combine_and_pair)
{
	struct tx *t = tx_new(32);
	struct insn in = tx_insn(0, PT_S32, 4, 2);
	unsigned l;
	in.o[0] = tx_prd(0, false);
	in.pdst = 1;
	in.o[3] = tx_prd(2, false);
	in.cmp = CMP_LT;
	in.bop = BOP_AND;
	for (l = 0; l < 32; l++) {
		tx_set(t, 1, l, l);
		tx_set(t, 2, l, 16);
	}
	t->preds[2] = 0x0f0f0f0f;
	exec_SETP(&t->x, &in, lanemask_full(32));
	/* r = lanes 0..15; p = r & c, q = !r & c */
	CHECK_EQ_U64(t->preds[0], 0x00000f0f);
	CHECK_EQ_U64(t->preds[1], 0x0f0f0000);
	in.bop = BOP_OR;
	in.o[3] = tx_prd(2, true); /* !c */
	exec_SETP(&t->x, &in, lanemask_full(32));
	CHECK_EQ_U64(t->preds[0], 0xf0f0ffff);
	CHECK_EQ_U64(t->preds[1] & 0xffffffff, 0xffff0000 | 0xf0f0f0f0);
	in.bop = BOP_XOR;
	in.o[3] = tx_prd(2, false);
	in.pdst = PRED_NONE;
	exec_SETP(&t->x, &in, 0x0000ffff);
	CHECK_EQ_U64(t->preds[0], 0xf0f0f0f0);
	free(t);
}

TEST(set_values)
{
	struct insn in = tx_insn(0, PT_U32, 4, 2);
	in.type2 = PT_S32;
	in.cmp = CMP_LT;
	CHECK_EQ_U64(tx_run(exec_SET, &in, 0xffffffff, 1, 0), 0xffffffff);
	CHECK_EQ_U64(tx_run(exec_SET, &in, 1, 0xffffffff, 0), 0);
	in.type = PT_F32;
	in.type2 = PT_F32;
	CHECK_EQ_U64(tx_run(exec_SET, &in, F(1), F(2), 0), F(1));
	CHECK_EQ_U64(tx_run(exec_SET, &in, QNAN, F(2), 0), 0);
	in.cmp = CMP_LTU;
	CHECK_EQ_U64(tx_run(exec_SET, &in, QNAN, F(2), 0), F(1));
}

TEST(selp_slct)
{
	struct tx *t = tx_new(64);
	struct insn in = tx_insn(0, PT_U64, 8, 2);
	unsigned l;
	in.o[3] = tx_prd(3, false);
	t->preds[3] = 0xaaaaaaaaaaaaaaaaull;
	tx_fill(t, 1, 111);
	tx_fill(t, 2, 222);
	exec_SELP(&t->x, &in, lanemask_full(64));
	for (l = 0; l < 64; l++)
		CHECK_EQ_U64(tx_get(t, 0, l), (l & 1) ? 111 : 222);
	free(t);

	in = tx_insn(0, PT_F32, 4, 3);
	in.type2 = PT_S32;
	CHECK_EQ_U64(tx_run(exec_SLCT, &in, F(1), F(2), 0xffffffff), F(2));
	CHECK_EQ_U64(tx_run(exec_SLCT, &in, F(1), F(2), 0), F(1));
	in.type = PT_S32;
	in.type2 = PT_F32;
	CHECK_EQ_U64(tx_run(exec_SLCT, &in, 7, 8, F(-0.0f)), 7);
	CHECK_EQ_U64(tx_run(exec_SLCT, &in, 7, 8, QNAN), 8);
	CHECK_EQ_U64(tx_run(exec_SLCT, &in, 7, 8, F(-1e-30f)), 8);
	in.mods = MOD_FTZ;
	CHECK_EQ_U64(tx_run(exec_SLCT, &in, 7, 8, SUB1 | 0x80000000u), 7);
}

TEST(testp_classes)
{
	struct tx *t = tx_new(8);
	struct insn in = tx_insn(0, PT_F32, 4, 1);
	uint64_t vals[8] = {F(1), SUB1, F(0), F(INFINITY), QNAN, F(-2),
			    0x80000005u, F(-INFINITY)};
	unsigned l;
	in.o[0] = tx_prd(0, false);
	for (l = 0; l < 8; l++)
		tx_set(t, 1, l, vals[l]);
	in.aux = TESTP_FINITE;
	exec_TESTP(&t->x, &in, 0xff);
	CHECK_EQ_U64(t->preds[0], 0x67);
	in.aux = TESTP_INFINITE;
	exec_TESTP(&t->x, &in, 0xff);
	CHECK_EQ_U64(t->preds[0], 0x88);
	in.aux = TESTP_NUMBER;
	exec_TESTP(&t->x, &in, 0xff);
	CHECK_EQ_U64(t->preds[0], 0xef);
	in.aux = TESTP_NOTANUMBER;
	exec_TESTP(&t->x, &in, 0xff);
	CHECK_EQ_U64(t->preds[0], 0x10);
	in.aux = TESTP_NORMAL;
	exec_TESTP(&t->x, &in, 0xff);
	CHECK_EQ_U64(t->preds[0], 0x21);
	in.aux = TESTP_SUBNORMAL;
	exec_TESTP(&t->x, &in, 0xff);
	CHECK_EQ_U64(t->preds[0], 0x42);
	free(t);
}

TEST_MAIN()
