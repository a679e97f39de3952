/*
 * test_ptx_parse.c - PTX front end: decoding of representative
 * instructions, symbols and scopes, linking of calls, reconvergence points,
 * diagnostics, and loading of real nvcc output (tests/fuzz/corpus).
 */
#include "base/base.h"
#include "base/diag.h"
#include "ptx/ptx.h"
#include "test.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HDR ".version 9.0\n.target sm_75\n.address_size 64\n"

/* Bump allocator for module variables: addresses from 0x1000, 256-aligned. */
static int bump_alloc(void *ctx, const struct ptx_var *v, addr_t *addr,
		      struct diag *d)
{
	addr_t *next = ctx;
	*next = ALIGN_UP(*next, 256);
	*addr = *next;
	*next += v->size ? v->size : 1;
	return 0;
}

struct loaded {
	struct ptx_module *m; /* module or NULL */
	struct diag d;        /* diagnostics */
	addr_t next;          /* bump allocator state */
	int rc;               /* ptx_module_load result */
};

static void load(struct loaded *l, const char *src)
{
	struct ptx_env env = {.ctx = &l->next, .alloc_var = bump_alloc};
	l->next = 0x1000;
	diag_init(&l->d);
	l->m = NULL;
	l->rc = ptx_module_load(src, strlen(src), "t.ptx", &env, &l->m, &l->d);
	if (l->rc)
		fprintf(stderr, "%s", diag_text(&l->d));
}

static void unload(struct loaded *l)
{
	ptx_module_free(l->m);
	diag_release(&l->d);
}

static void insn_str(const struct ptx_kernel *k, uint32_t pc, char *buf,
		     size_t n)
{
	FILE *f = fmemopen(buf, n, "w");
	ptx_insn_print(f, k, pc);
	fclose(f);
}

TEST(alu_and_registers)
{
	struct loaded l;
	load(&l, HDR
	     ".visible .entry k(.param .u64 k_param_0, .param .u32 k_param_1)\n"
	     "{\n"
	     "\t.reg .pred %p<3>;\n\t.reg .b16 %rs<2>;\n\t.reg .b32 %r<10>;\n"
	     "\t.reg .b64 %rd<4>;\n\t.reg .f32 %f<3>;\n\t.reg .f64 %fd<2>;\n"
	     "\tld.param.u32 %r1, [k_param_1];\n"
	     "\tadd.s32 %r2, %r1, -5;\n"
	     "\tmov.f32 %f1, 0f3F800000;\n"
	     "\tmov.u64 %rd1, -3958705157555305931;\n"
	     "\tadd.f64 %fd1, %fd0, 0d4000000000000000;\n"
	     "\tmul.f32 %f2, %f1, 1.5;\n"
	     "\tcvt.rn.f32.s32 %f0, %r2;\n"
	     "\tsetp.lt.s32 %p1|%p2, %r2, 7;\n"
	     "\tld.global.u8 %rs1, [%rd1+-4];\n"
	     "\tmov.u32 %r3, 0x10;\n"
	     "\t@!%p1 ret;\n"
	     "\tret;\n"
	     "}\n");
	CHECK(l.rc == 0);
	const struct ptx_kernel *k = ptx_module_kernel(l.m, "k");
	CHECK(k != NULL);
	if (!k)
		goto out;
	CHECK_EQ_U64(k->n_params, 2);
	CHECK_EQ_U64(k->params[1].offset, 8);
	CHECK_EQ_U64(k->param_bytes, 12);
	CHECK_EQ_U64(k->n_ptx_insn, 12);
	CHECK_EQ_U64(k->n_insn, 13);
	CHECK_EQ_U64(k->code[12].op, OP_FEND);
	CHECK_EQ_U64(k->n_preds, 3);

	const struct insn *in = &k->code[0];
	CHECK_EQ_U64(in->op, OP_LD);
	CHECK_EQ_U64(in->space, SP_PARAM);
	CHECK_EQ_U64(in->o[1].kind, OK_MEM);
	CHECK_EQ_U64(in->o[1].reg, REG_NONE);
	CHECK_EQ_U64(in->o[1].imm, 8);
	CHECK_EQ_U64(in->line, 12);

	in = &k->code[1]; /* add.s32 %r2, %r1, -5 */
	CHECK_EQ_U64(in->op, OP_ADD);
	CHECK_EQ_U64(in->type, PT_S32);
	CHECK_EQ_U64(in->o[0].kind, OK_REG);
	CHECK_EQ_U64(in->o[0].size, 4);
	CHECK(in->o[0].reg != in->o[1].reg);
	CHECK_EQ_U64(in->o[1].kind, OK_REG);
	CHECK_EQ_U64(in->o[2].kind, OK_IMM);
	CHECK_EQ_U64(in->o[2].imm, 0xFFFFFFFBu); /* s32 bits, zero-extended */
	CHECK_EQ_U64(in->guard, PRED_NONE);
	CHECK_EQ_U64(in->unit, UNIT_SP);

	CHECK_EQ_U64(k->code[2].o[1].imm, 0x3F800000u);
	CHECK_EQ_U64(k->code[3].o[1].imm, (uint64_t)-3958705157555305931LL);
	CHECK_EQ_U64(k->code[3].o[0].size, 8);
	CHECK_EQ_U64(k->code[4].o[2].imm, 0x4000000000000000ull);
	CHECK_EQ_U64(k->code[4].unit, UNIT_DP);
	CHECK_EQ_U64(k->code[5].o[2].imm, 0x3FC00000u); /* 1.5f */

	in = &k->code[6];
	CHECK_EQ_U64(in->op, OP_CVT);
	CHECK_EQ_U64(in->rnd, RND_RN);
	CHECK_EQ_U64(in->type, PT_F32);
	CHECK_EQ_U64(in->type2, PT_S32);

	in = &k->code[7];
	CHECK_EQ_U64(in->op, OP_SETP);
	CHECK_EQ_U64(in->cmp, CMP_LT);
	CHECK_EQ_U64(in->o[0].kind, OK_PRED);
	CHECK(in->pdst != PRED_NONE && in->pdst != in->o[0].reg);
	CHECK_EQ_U64(in->o[3].kind, OK_NONE);

	in = &k->code[8]; /* destination width from the declaration */
	CHECK_EQ_U64(in->o[0].size, 2);
	CHECK_EQ_U64(in->o[1].imm, (uint64_t)-4);
	CHECK_EQ_U64(k->code[9].o[1].imm, 16);

	in = &k->code[10];
	CHECK_EQ_U64(in->op, OP_RET);
	CHECK_EQ_U64(in->guard, k->code[7].o[0].reg);
	CHECK_EQ_U64(in->guard_neg, 1);
	CHECK_EQ_U64(in->target, 12);
	CHECK_EQ_U64(k->regclasses[0].type, PT_PRED);
out:
	unload(&l);
}

TEST(vectors_and_dual_destinations)
{
	struct loaded l;
	char buf[256];
	load(&l, HDR
	     ".visible .entry k(.param .u64 p)\n{\n"
	     "\t.reg .pred %p<2>;\n\t.reg .b32 %r<6>;\n\t.reg .f32 %f<5>;\n"
	     "\t.reg .b64 %rd<3>;\n\t.reg .f64 %fd<2>;\n"
	     "\tld.param.u64 %rd1, [p];\n"
	     "\tld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];\n"
	     "\tst.global.v2.f32 [%rd1], {%f1, _};\n"
	     "\tshfl.sync.down.b32 %r1|%p1, %r2, 1, 31, -1;\n"
	     "\tmov.b64 {%r3, %r4}, %fd1;\n"
	     "\tmov.b64 %rd2, {%r3, %r4};\n"
	     "\tvote.sync.ballot.b32 %r5, !%p1, -1;\n"
	     "\tret;\n}\n");
	CHECK(l.rc == 0);
	const struct ptx_kernel *k = l.m ? l.m->kernels[0] : NULL;
	if (!k)
		goto out;
	const struct insn *in = &k->code[1];
	CHECK_EQ_U64(in->op, OP_LD);
	CHECK_EQ_U64(in->vec, 4);
	CHECK_EQ_U64(in->space, SP_GLOBAL);
	CHECK_EQ_U64(in->o[0].kind, OK_VEC);
	CHECK_EQ_U64(in->o[0].reg, 4);
	CHECK_EQ_U64(in->o[0].size, 4);
	CHECK_EQ_U64(in->vec_reg[1], in->vec_reg[0] + 1);
	CHECK_EQ_U64(in->o[1].imm, 16);
	insn_str(k, 1, buf, sizeof(buf));
	CHECK_STR_CONTAINS(buf, "ld.global.v4.f32 {r");

	in = &k->code[2]; /* `_` sink gets a scratch register */
	CHECK_EQ_U64(in->o[1].kind, OK_VEC);
	CHECK(in->vec_reg[1] < k->n_regs);

	in = &k->code[3];
	CHECK_EQ_U64(in->op, OP_SHFL);
	CHECK_EQ_U64(in->aux, SHFL_DOWN);
	CHECK_EQ_U64(in->o[0].kind, OK_REG);
	CHECK(in->pdst != PRED_NONE);
	CHECK_EQ_U64(in->o[2].imm, 1);
	CHECK_EQ_U64(in->o[3].imm, 31);
	CHECK_EQ_U64(in->o[4].imm, 0xFFFFFFFFu);

	CHECK_EQ_U64(k->code[4].o[0].kind, OK_VEC);
	CHECK_EQ_U64(k->code[4].vec, 2);
	CHECK_EQ_U64(k->code[5].o[1].kind, OK_VEC);
	CHECK_EQ_U64(k->code[5].o[1].reg, 2);

	in = &k->code[6];
	CHECK_EQ_U64(in->aux, VOTE_BALLOT);
	CHECK_EQ_U64(in->o[1].kind, OK_PRED);
	CHECK_EQ_U64(in->o[1].flags, OPND_NEG);
out:
	unload(&l);
}

TEST(scoped_registers_shadow)
{
	struct loaded l;
	load(&l, HDR
	     ".visible .entry k()\n{\n"
	     "\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<2>;\n"
	     "\tmov.u32 %r1, 1;\n"
	     "\t{\n\t.reg .u32 %r1, %temp;\n"
	     "\tmov.u32 %r1, 2;\n"
	     "\tmov.b64 {%r2, %temp}, %rd1;\n"
	     "\t}\n"
	     "\tmov.u32 %r1, 3;\n"
	     "\t{ .reg .b32 %r<2>; mov.u32 %r1, 4; mov.u32 %r3, 5; }\n"
	     "\tret;\n}\n");
	CHECK(l.rc == 0);
	const struct ptx_kernel *k = l.m ? l.m->kernels[0] : NULL;
	if (!k)
		goto out;
	uint32_t outer = k->code[0].o[0].reg;
	CHECK(k->code[1].o[0].reg != outer);     /* inner %r1 */
	CHECK_EQ_U64(k->code[3].o[0].reg, outer); /* back to outer %r1 */
	CHECK(k->code[4].o[0].reg != outer);     /* inner range %r<2> */
	CHECK(k->code[4].o[0].reg != k->code[1].o[0].reg);
	CHECK_EQ_U64(k->code[5].o[0].reg, outer + 2); /* outer %r3 */
out:
	unload(&l);
}

TEST(symbols_shared_local_global)
{
	struct loaded l;
	load(&l, HDR
	     ".global .align 4 .u32 g = 5;\n"
	     ".global .align 4 .b8 tab[8] = {1, 0, 0, 0, 255, 255, 255, 255};\n"
	     ".const .align 4 .f32 cf[2] = {1.0, 0f40000000};\n"
	     ".extern .shared .align 16 .b8 dyn[];\n"
	     ".visible .entry k()\n{\n"
	     "\t.local .align 8 .b8 __local_depot0[40];\n"
	     "\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n\t.reg .b64 %SPL;\n"
	     "\t.shared .align 4 .b8 sh_a[12];\n"
	     "\t.shared .align 8 .u64 sh_b;\n"
	     "\tmov.u64 %SPL, __local_depot0;\n"
	     "\tmov.u64 %rd1, g;\n"
	     "\tld.global.u32 %r1, [tab+4];\n"
	     "\tmov.u32 %r2, sh_b;\n"
	     "\tst.shared.u32 [sh_a+8], %r1;\n"
	     "\tmov.u32 %r3, dyn;\n"
	     "\tld.const.f32 %r3, [cf+4];\n"
	     "\tst.local.u32 [__local_depot0+36], %r1;\n"
	     "\tret;\n}\n");
	CHECK(l.rc == 0);
	if (!l.m)
		goto out;
	const struct ptx_var *g = ptx_module_var(l.m, "g");
	const struct ptx_var *tab = ptx_module_var(l.m, "tab");
	const struct ptx_var *cf = ptx_module_var(l.m, "cf");
	CHECK(g && tab && cf);
	if (!g || !tab || !cf)
		goto out;
	CHECK_EQ_U64(g->space, SP_GLOBAL);
	CHECK_EQ_U64(g->size, 4);
	CHECK(g->init && g->init[0] == 5);
	CHECK_EQ_U64(tab->size, 8);
	CHECK(tab->init && tab->init[4] == 255);
	CHECK_EQ_U64(cf->space, SP_CONST);
	CHECK(cf->init && cf->init[3] == 0x3F && cf->init[7] == 0x40);
	CHECK(g->addr != 0 && tab->addr != g->addr);

	const struct ptx_kernel *k = l.m->kernels[0];
	CHECK_EQ_U64(k->code[0].o[1].kind, OK_IMM);
	CHECK_EQ_U64(k->code[0].o[1].imm, 0); /* depot at frame offset 0 */
	CHECK_EQ_U64(k->code[1].o[1].imm, g->addr);
	CHECK_EQ_U64(k->code[2].o[1].imm, tab->addr + 4);
	CHECK_EQ_U64(k->code[3].o[1].imm, 16); /* sh_a [0,12), sh_b at 16 */
	CHECK_EQ_U64(k->code[4].o[0].imm, 8);
	CHECK_EQ_U64(k->code[4].space, SP_SHARED);
	CHECK_EQ_U64(k->shared_bytes, 24);
	CHECK_EQ_U64(k->dyn_shared_offset, 32);
	CHECK_EQ_U64(k->code[5].o[1].imm, 32);
	CHECK_EQ_U64(k->code[6].o[1].imm, cf->addr + 4);
	CHECK_EQ_U64(k->code[7].space, SP_LOCAL);
	CHECK_EQ_U64(k->code[7].o[0].imm, 36);
	CHECK(k->local_bytes >= 40);
out:
	unload(&l);
}

/* A __noinline__ struct-returning function called from a kernel, as nvcc
 * 13 prints it (abridged). */
static const char calls_src[] = HDR
	".func  (.param .align 4 .b8 func_retval0[12]) cross(\n"
	"\t.param .align 4 .b8 cross_param_0[12],\n"
	"\t.param .b32 cross_param_1\n)\n{\n"
	"\t.reg .f32 \t%f<4>;\n"
	"\tld.param.f32 \t%f1, [cross_param_0+4];\n"
	"\tld.param.f32 \t%f2, [cross_param_1];\n"
	"\tst.param.f32 \t[func_retval0+8], %f1;\n"
	"\tret;\n\n}\n"
	"\t// .globl\tk\n"
	".visible .entry k(\n"
	"\t.param .u64 k_param_0,\n"
	"\t.param .align 16 .b8 k_param_1[16]\n)\n"
	".maxntid 256, 1, 1\n.minnctapersm 2\n{\n"
	"\t.reg .f32 \t%f<4>;\n"
	"\t{ // callseq 0, 0\n"
	"\t.reg .b32 temp_param_reg;\n"
	"\t.param .align 4 .b8 param0[12];\n"
	"\tst.param.f32 \t[param0+0], %f1;\n"
	"\t.param .b32 param1;\n"
	"\tst.param.f32 \t[param1+0], %f2;\n"
	"\t.param .align 4 .b8 retval0[12];\n"
	"\tcall.uni (retval0), \n\tcross, \n\t(\n\tparam0, \n\tparam1\n\t);\n"
	"\tld.param.f32 \t%f3, [retval0+8];\n"
	"\t} // callseq 0\n"
	"\tret;\n\n}\n";

TEST(calls_link_frames)
{
	struct loaded l;
	load(&l, calls_src);
	CHECK(l.rc == 0);
	if (!l.m)
		goto out;
	const struct ptx_kernel *k = l.m->kernels[0];
	CHECK_EQ_U64(k->n_params, 2);
	CHECK_EQ_U64(k->params[1].offset, 16);
	CHECK_EQ_U64(k->params[1].size, 16);
	CHECK_EQ_U64(k->params[1].align, 16);
	CHECK_EQ_U64(k->param_bytes, 32);
	CHECK_EQ_U64(k->maxntid[0], 256);
	CHECK_EQ_U64(k->maxntid[1], 1);
	CHECK_EQ_U64(k->minnctapersm, 2);
	CHECK_EQ_U64(k->n_funcs, 2);
	CHECK_EQ_U64(k->n_calls, 1);
	/* kernel: 5 insns + FEND (pc 5); cross: pcs 6..9, FEND 10 */
	CHECK_EQ_U64(k->funcs[1].entry_pc, 6);
	CHECK_EQ_U64(k->funcs[1].end_pc, 10);
	CHECK_EQ_U64(k->n_insn, 11);

	const struct insn *st = &k->code[0];
	CHECK_EQ_U64(st->op, OP_ST);
	CHECK_EQ_U64(st->space, SP_LOCAL); /* st.param into a callseq slot */
	const struct insn *call = &k->code[2];
	CHECK_EQ_U64(call->op, OP_CALL);
	CHECK_EQ_U64(call->target, 0);
	CHECK(call->mods & MOD_UNI);
	const struct ptx_call *c = &k->calls[0];
	CHECK_EQ_U64(c->entry_pc, 6);
	CHECK_EQ_U64(c->end_pc, 10);
	CHECK_EQ_U64(c->n_args, 2);
	CHECK_EQ_U64(c->args[0].size, 12);
	CHECK_EQ_U64(c->args[1].size, 4);
	CHECK_EQ_U64(c->args[0].src, st->o[0].imm); /* param0 slot */
	CHECK_EQ_U64(c->args[1].src, k->code[1].o[0].imm);
	CHECK_EQ_U64(c->ret.size, 12);
	CHECK_EQ_U64(c->ret.dst + 8, k->code[3].o[1].imm); /* retval0+8 */
	CHECK_EQ_U64(k->code[3].space, SP_LOCAL);
	/* callee side: its params and retval live in its own frame region */
	CHECK_EQ_U64(k->code[6].space, SP_LOCAL);
	CHECK_EQ_U64(k->code[6].o[1].imm, c->args[0].dst + 4);
	CHECK_EQ_U64(k->code[7].o[1].imm, c->args[1].dst);
	CHECK_EQ_U64(k->code[8].o[0].imm, c->ret.src + 8);
	CHECK(c->args[0].dst >= 36 || c->args[0].dst + 12 <= c->args[0].src);
	CHECK_EQ_U64(k->code[9].op, OP_RET);
	CHECK_EQ_U64(k->code[9].target, 10);
	CHECK(k->local_bytes >= 36 + 16);
	CHECK_STR_CONTAINS(c->callee, "cross");
out:
	unload(&l);
}

TEST(reconvergence_if_else_and_spin_loop)
{
	struct loaded l;
	load(&l, HDR
	     ".visible .entry k(.param .u64 p)\n{\n"
	     "\t.reg .pred %p<4>;\n\t.reg .b32 %r<6>;\n\t.reg .b64 %rd<3>;\n"
	     /* 0 */ "\tsetp.eq.s32 %p1, %r1, 0;\n"
	     /* 1 */ "\t@%p1 bra $L__BB0_2;\n"
	     /* 2 */ "\tadd.s32 %r2, %r2, 1;\n"
	     /* 3 */ "\tbra.uni $L__BB0_3;\n"
	     "$L__BB0_2:\n"
	     /* 4 */ "\tadd.s32 %r2, %r2, 2;\n"
	     "$L__BB0_3:\n"
	     /* 5 */ "\tmov.u32 %r3, 0;\n"
	     "$L__BB0_4:\n" /* done-flag loop: while (!done) { if (cas) {..} } */
	     /* 6 */ "\tatom.global.cas.b32 %r4, [%rd1], 0, 1;\n"
	     /* 7 */ "\tsetp.ne.s32 %p2, %r4, 0;\n"
	     /* 8 */ "\t@%p2 bra $L__BB0_6;\n"
	     /* 9 */ "\tatom.global.exch.b32 %r5, [%rd1], 0;\n"
	     /* 10 */ "\tmov.u32 %r3, 1;\n"
	     "$L__BB0_6:\n"
	     /* 11 */ "\tsetp.eq.s32 %p3, %r3, 0;\n"
	     /* 12 */ "\t@%p3 bra $L__BB0_4;\n"
	     /* 13 */ "\t@%p1 bra $L__BB0_9;\n"
	     /* 14 */ "\tmov.u32 %r1, 7;\n"
	     /* 15 */ "\tret;\n"
	     "$L__BB0_9:\n"
	     /* 16 */ "\tmov.u32 %r1, 8;\n"
	     /* 17 */ "\tret;\n"
	     "}\n");
	CHECK(l.rc == 0);
	const struct ptx_kernel *k = l.m ? l.m->kernels[0] : NULL;
	if (!k)
		goto out;
	CHECK_EQ_U64(k->code[1].target, 4);
	CHECK_EQ_U64(k->code[1].reconv, 5);   /* if/else joins at BB0_3 */
	CHECK_EQ_U64(k->code[3].target, 5);
	CHECK_EQ_U64(k->code[3].reconv, 5);
	CHECK_EQ_U64(k->code[8].reconv, 11);  /* join in the loop's middle */
	CHECK_EQ_U64(k->code[12].reconv, 13); /* loop exit */
	CHECK_EQ_U64(k->code[13].reconv, 18); /* both paths return: FEND */
	CHECK_EQ_U64(k->code[18].op, OP_FEND);
out:
	unload(&l);
}

TEST(brx_idx_and_extras)
{
	struct loaded l;
	load(&l, HDR
	     ".visible .entry k()\n.reqntid 64\n.maxnreg 32\n{\n"
	     "\t.reg .pred %p<3>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<3>;\n"
	     "\tmov.u32 %r1, %laneid;\n"
	     "ts: .branchtargets L0, L1, L2;\n"
	     "\tbrx.idx %r1, ts;\n"
	     "L0:\n\tlop3.b32 %r2, %r1, %r3, %r4, 0x96;\n\tbra.uni END;\n"
	     "L1:\n\tbfe.u32 %r2, %r1, 4, 8;\n\tbra.uni END;\n"
	     "L2:\n\tred.global.add.u32 [%rd1], 1;\n"
	     "END:\n"
	     "\tfence.sc.gpu;\n\tmembar.cta;\n\tbarrier.sync.aligned 1, 64;\n"
	     "\tbar.arrive 2, 32;\n"
	     "\tbar.red.popc.u32 %r5, 0, %p1;\n"
	     "\tbar.red.and.pred %p2, 0, !%p1;\n"
	     "\tbar.warp.sync -1;\n"
	     "\tmul24.lo.s32 %r6, %r1, %r2;\n\tcnot.b32 %r6, %r6;\n"
	     "\ttestp.finite.f32 %p1, %r6;\n"
	     "\tslct.s32.s32 %r7, %r1, %r2, %r6;\n"
	     "\tset.lt.u32.s32 %r7, %r1, %r2;\n"
	     "\tprefetch.global.L2 [%rd1];\n"
	     "\tsetp.lt.and.s32 %p1, %r1, %r2, %p2;\n"
	     "\tnanosleep.u32 100;\n"
	     "\ttrap;\n\texit;\n}\n");
	CHECK(l.rc == 0);
	const struct ptx_kernel *k = l.m ? l.m->kernels[0] : NULL;
	if (!k)
		goto out;
	CHECK_EQ_U64(k->reqntid[0], 64);
	CHECK_EQ_U64(k->maxnreg, 32);
	const struct insn *in = &k->code[1];
	CHECK_EQ_U64(in->op, OP_BRX);
	CHECK_EQ_U64(k->n_brx, 1);
	CHECK_EQ_U64(k->brx[0].n, 3);
	CHECK_EQ_U64(k->brx[0].pcs[0], 2);
	CHECK_EQ_U64(k->brx[0].pcs[1], 4);
	CHECK_EQ_U64(k->brx[0].pcs[2], 6);
	CHECK_EQ_U64(k->brx[0].reconv, 7);
	CHECK_EQ_U64(in->reconv, 7);
	CHECK_EQ_U64(k->code[2].op, OP_LOP3);
	CHECK_EQ_U64(k->code[2].o[4].imm, 0x96);
	CHECK_EQ_U64(k->code[6].op, OP_RED);
	CHECK_EQ_U64(k->code[6].aux, ATOM_ADD);
	CHECK_EQ_U64(k->code[7].op, OP_FENCE);
	CHECK_EQ_U64(k->code[7].aux, FENCE_GL);
	CHECK_EQ_U64(k->code[8].aux, FENCE_CTA);
	in = &k->code[9];
	CHECK_EQ_U64(in->op, OP_BAR);
	CHECK_EQ_U64(in->aux, BAR_SYNC);
	CHECK(in->mods & MOD_ALIGNED);
	CHECK_EQ_U64(in->o[1].imm, 64);
	CHECK_EQ_U64(k->code[10].aux, BAR_ARRIVE);
	in = &k->code[11];
	CHECK_EQ_U64(in->aux, BAR_RED);
	CHECK_EQ_U64(in->bop, BOP_POPC);
	CHECK_EQ_U64(in->o[2].kind, OK_NONE);
	CHECK_EQ_U64(in->o[3].kind, OK_PRED);
	in = &k->code[12];
	CHECK_EQ_U64(in->o[0].kind, OK_PRED);
	CHECK_EQ_U64(in->o[3].flags, OPND_NEG);
	CHECK_EQ_U64(k->code[13].op, OP_BARWARP);
	CHECK_EQ_U64(k->code[13].o[0].imm, 0xFFFFFFFFu);
	CHECK_EQ_U64(k->code[14].op, OP_MUL24);
	CHECK_EQ_U64(k->code[15].op, OP_CNOT);
	CHECK_EQ_U64(k->code[16].aux, TESTP_FINITE);
	CHECK_EQ_U64(k->code[17].type2, PT_S32);
	CHECK_EQ_U64(k->code[18].type, PT_U32);
	CHECK_EQ_U64(k->code[18].type2, PT_S32);
	CHECK_EQ_U64(k->code[19].op, OP_NOP);
	CHECK_EQ_U64(k->code[20].bop, BOP_AND);
	CHECK_EQ_U64(k->code[20].o[3].kind, OK_PRED);
	CHECK_EQ_U64(k->code[21].op, OP_NANOSLEEP);
	CHECK_EQ_U64(k->code[22].op, OP_TRAP);
	CHECK_EQ_U64(k->code[23].op, OP_EXIT);
out:
	unload(&l);
}

TEST(lineinfo_and_directives)
{
	struct loaded l;
	load(&l, "//\n// Generated by NVIDIA NVVM Compiler\n//\n"
	     ".version 9.0\n.target sm_75\n.address_size 64\n\n"
	     "\t// .globl\tk\n"
	     ".visible .entry k()\n{\n"
	     "\t.reg .b32 %r<3>;\n"
	     "\t.loc\t1 12 3\n"
	     "\tmov.u32 %r1, %tid.x; /* block\n comment */\n"
	     "\t.loc\t1 14 5, function_name $L__info_string0, inlined_at 1 "
	     "20 3\n"
	     "\t.pragma \"nounroll\";\n"
	     "\tadd.s32 %r2, %r1, 1;\n"
	     "\tret;\n}\n"
	     "\t.file\t1 \"/tmp/k.cu\"\n"
	     "\t.section\t.debug_str\n\t{\n$L__info_string0:\n"
	     ".b8 95,90,0\n\t}\n");
	CHECK(l.rc == 0);
	const struct ptx_kernel *k = l.m ? l.m->kernels[0] : NULL;
	if (!k)
		goto out;
	CHECK_EQ_U64(k->code[0].src_line, 12);
	CHECK_EQ_U64(k->code[1].src_line, 14);
	CHECK_EQ_U64(k->code[0].line, 13);
out:
	unload(&l);
}

TEST(error_syntax_position)
{
	struct loaded l;
	load(&l, HDR
	     ".visible .entry k()\n{\n"
	     "\t.reg .b32 %r<3>;\n"
	     "\tadd.s32 %r1, %r2 %r2;\n"
	     "\tret;\n}\n");
	CHECK(l.rc != 0);
	CHECK(l.m == NULL);
	CHECK_STR_CONTAINS(diag_text(&l.d), "t.ptx:7:19: error: ");
	CHECK_STR_CONTAINS(diag_text(&l.d), "add.s32 %r1, %r2 %r2;");
	CHECK_STR_CONTAINS(diag_text(&l.d), "^");
	unload(&l);
}

TEST(error_unsupported_opcode_and_recovery)
{
	struct loaded l;
	load(&l, HDR
	     ".visible .entry k(.param .u64 p)\n{\n"
	     "\t.reg .b32 %r<10>;\n\t.reg .b64 %rd<3>;\n"
	     "\ttex.2dms.v4.f32.s32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5, %r6}];\n"
	     "\tadd.s32 %r1, %r2, %undefined;\n"
	     "\ttld4.r.1d.v4.s32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%r5}];\n"
	     "\tret;\n}\n");
	CHECK(l.rc != 0);
	const char *t = diag_text(&l.d);
	CHECK_STR_CONTAINS(t, "t.ptx:8:2: error: unsupported opcode "
			      "'tex.2dms.v4.f32.s32'");
	CHECK_STR_CONTAINS(t, "t.ptx:9:20: error: undefined identifier "
			      "'%undefined'");
	CHECK_STR_CONTAINS(t, "t.ptx:10:2: error: unsupported opcode "
			      "'tld4.r.1d.v4.s32.f32'");
	CHECK_EQ_U64(l.d.n_err, 3);
	unload(&l);
}

TEST(recursion_marked_and_undefined_call)
{
	struct loaded l;
	load(&l, HDR
	     ".func f(.param .b32 f_param_0)\n{\n"
	     "\t.reg .b32 %r<2>;\n"
	     "\tld.param.u32 %r1, [f_param_0];\n"
	     "\t{ .param .b32 param0; st.param.b32 [param0+0], %r1;\n"
	     "\tcall.uni f, (param0); }\n"
	     "\tret;\n}\n"
	     ".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n"
	     "\t{ .param .b32 param0; st.param.b32 [param0+0], %r1;\n"
	     "\tcall.uni f, (param0); }\n\tret;\n}\n");
	/* recursion links (dynamic frames, issue 18): f is marked */
	CHECK(l.rc == 0);
	const struct ptx_kernel *k = l.m ? ptx_module_kernel(l.m, "k") : NULL;
	CHECK(k && k->n_funcs == 2 && !k->funcs[0].recursive &&
	      k->funcs[1].recursive && k->n_calls == 2 &&
	      k->calls[0].func == 1 && k->calls[1].func == 1);
	unload(&l);

	load(&l, HDR
	     ".extern .func (.param .b32 func_retval0) vprintf\n"
	     "(\n\t.param .b64 vprintf_param_0,\n\t.param .b64 vprintf_param_1"
	     "\n)\n;\n"
	     ".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n"
	     "\t.reg .b64 %rd<2>;\n"
	     "\t{ // callseq 0, 0\n\t.param .b64 param0;\n"
	     "\tst.param.b64 [param0+0], %rd1;\n\t.param .b64 param1;\n"
	     "\tst.param.b64 [param1+0], %rd1;\n\t.param .b32 retval0;\n"
	     "\tcall.uni (retval0), \n\tvprintf, \n\t(\n\tparam0, \n\tparam1\n"
	     "\t);\n\tld.param.b32 %r1, [retval0+0];\n\t} // callseq 0\n"
	     "\tret;\n}\n");
	CHECK(l.rc == 0); /* vprintf is a device system call (exec_sys.c) */
	unload(&l);

	load(&l, HDR
	     ".extern .func (.param .b32 func_retval0) ext_fn\n"
	     "(\n\t.param .b64 ext_fn_param_0\n)\n;\n"
	     ".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n"
	     "\t.reg .b64 %rd<2>;\n"
	     "\t{\n\t.param .b64 param0;\n"
	     "\tst.param.b64 [param0+0], %rd1;\n\t.param .b32 retval0;\n"
	     "\tcall.uni (retval0), ext_fn, (param0);\n"
	     "\tld.param.b32 %r1, [retval0+0];\n\t}\n"
	     "\tret;\n}\n");
	CHECK(l.rc != 0);
	CHECK_STR_CONTAINS(diag_text(&l.d), "call to undefined function "
					    "'ext_fn' is not supported");
	unload(&l);
}

TEST(hostile_inputs_are_errors)
{
	static const char *const bad[] = {
		HDR ".visible .entry k()\n{\n\t.reg .b32 %r<100000000>;\n"
		    "\tret;\n}\n",
		HDR ".visible .entry k()\n{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{"
		    "{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{",
		HDR ".global .b8 x[4294967295][4294967295];\n",
		HDR ".global .u32 x[2] = {1, 2, 3};\n",
		HDR ".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n"
		    "\tld.global.v4.f32 {%r1, %r1, %r1, %r1, %r1}, [0];\n}\n",
		HDR ".visible .entry k(\n",
		"\x01\x02\"unterminated",
		HDR ".visible .entry k()\n{\n\tbra $L;\n}\n",
		HDR ".visible .entry k()\n{\n\t.reg .pred %p<2>;\n"
		    "\tadd.s32 %p1, %p1, 1;\n}\n",
		"",
	};
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		struct loaded l;
		load(&l, bad[i]);
		CHECK(l.rc != 0); /* "" too: no .version */
		CHECK(l.d.n_err > 0);
		unload(&l);
	}
}

/* Load src and expect an error whose text contains want. */
static void expect_error(const char *src, const char *want)
{
	struct loaded l;
	load(&l, src);
	CHECK(l.rc != 0);
	CHECK(l.m == NULL);
	CHECK_STR_CONTAINS(diag_text(&l.d), want);
	unload(&l);
}

TEST(error_module_header)
{
	expect_error("", "t.ptx:1:1: error: empty PTX module");
	expect_error("// comment\n/* block\n */  \n\t\n",
		     "t.ptx:5:1: error: empty PTX module");
	expect_error(".target sm_75\n.address_size 64\n",
		     "t.ptx:1:1: error: a PTX module must begin with a "
		     ".version directive, got '.target'");
	expect_error("\n  .address_size 64\n.version 9.0\n",
		     "t.ptx:2:3: error: a PTX module must begin");
	expect_error(".version 9.0\n.address_size 64\n.target sm_75\n",
		     "t.ptx:2:1: error: a .target directive must follow "
		     ".version");
	expect_error(".version\n.target sm_75\n",
		     "t.ptx:1:1: error: expected a PTX ISA version");
	expect_error(HDR ".version 9.0\n",
		     "t.ptx:4:1: error: only one .version directive");
}

#define BODY(decl, insn) HDR ".visible .entry k()\n{\n" decl "\t" insn \
	"\n\tret;\n}\n"
#define REGS "\t.reg .pred %p<2>;\n\t.reg .b16 %rs<3>;\n" \
	"\t.reg .b32 %r<3>;\n\t.reg .f32 %f<3>;\n\t.reg .b64 %rd<3>;\n" \
	"\t.reg .f64 %fd<3>;\n\t.reg .u16 %h<3>;\n\t.reg .s32 %s<3>;\n" \
	"\t.reg .u64 %u<3>;\n"
/* BODY(REGS, insn) as a prefix and suffix around insn */
#define BODY_PRE HDR ".visible .entry k()\n{\n" REGS "\t"
#define BODY_POST "\n\tret;\n}\n"
/* line of the instruction in BODY(REGS, ...) */
#define INSN_LINE "15"

TEST(error_operand_types)
{
	/* the two forms of the issue, with their exact positions */
	expect_error(BODY("\t.reg .b32 %r<3>;\n\t.reg .f32 %f<2>;\n",
			  "sub.u32 %f1, %r1, %r2;"),
		     "t.ptx:8:10: error: register '%f1' of type .f32 does "
		     "not match the operand type .u32 of 'sub.u32'");
	expect_error(BODY("\t.reg .b64 %rd<4>;\n",
			  "fma.rn.u64 %rd1, %rd2, %rd3, %rd1;"),
		     "t.ptx:7:2: error: 'fma.rn.u64': instruction type not "
		     "allowed");
	/* register operands (PTX ISA "Type Checking") */
	static const char *const bad_reg[] = {
		"add.u32 %h1, %r1, %r2;",     /* narrower register */
		"add.u32 %r1, %u1, %r2;",     /* wider, not ld/st/cvt */
		"mov.u32 %f1, %r1;",          /* float vs integer */
		"setp.lt.u32 %p1, %f1, %r1;",
		"ld.global.f32 %fd1, [%rd1];", /* wider float: only .bN */
		"ld.global.u32 %f1, [%rd1];",
		"st.global.u32 [%rd1], %rs1;", /* narrower source */
		"cvt.f32.f16 %f1, %f2;",
		"popc.b64 %rd1, %rd2;",        /* popc's result is .u32 */
		"mul.wide.u32 %r1, %r1, %r2;", /* .wide result is 64-bit */
		"shl.b32 %r1, %r2, %rd1;",     /* shift amount is .u32 */
		"ld.global.v2.f32 {%rs1, %f1}, [%rd1];",
	};
	for (size_t i = 0; i < ARRAY_SIZE(bad_reg); i++) {
		char src[1024];
		snprintf(src, sizeof(src), "%s%s%s", BODY_PRE, bad_reg[i],
			 BODY_POST);
		expect_error(src, "t.ptx:" INSN_LINE ":");
		expect_error(src, "does not match the operand type");
	}
	expect_error(BODY(REGS, "mov.b64 %rd1, {%rs1, %r2};"),
		     "is not 1/2 of .b64");
	expect_error(BODY(REGS, "ld.global.v2.u32 {%r1, %rd1}, [%rd1];"),
		     "vector elements of different sizes");
	expect_error(BODY(REGS, "ld.global.u32 %r1, [%f1];"),
		     "register '%f1' of type .f32 used as an address");
}

TEST(error_instruction_types)
{
	static const char *const bad[] = {
		"add.b32 %r1, %r1, %r2;",       "and.u32 %r1, %r1, %r2;",
		"add.rn.s32 %r1, %r1, %r2;",    "fma.f32 %f1, %f1, %f1, %f1;",
		"mad.f32 %f1, %f1, %f1, %f1;",  "mul.u32 %r1, %r1, %r2;",
		"mul.lo.f32 %f1, %f1, %f2;",    "div.f32 %f1, %f1, %f2;",
		"div.rn.u32 %r1, %r1, %r2;",    "sqrt.f32 %f1, %f2;",
		"sin.f32 %f1, %f2;",            "sin.approx.u32 %r1, %r2;",
		"shl.u32 %r1, %r1, 1;",         "neg.u32 %r1, %r2;",
		"abs.b32 %r1, %r2;",            "rem.f32 %f1, %f1, %f2;",
		"min.b32 %r1, %r1, %r2;",       "max.rn.f32 %f1, %f1, %f2;",
		"popc.u32 %r1, %r2;",           "bfe.b32 %r1, %r1, 1, 2;",
		"setp.lt.b32 %p1, %r1, %r2;",   "cvt.f32.u32 %f1, %r1;",
		"cvt.s32.f32 %r1, %f1;",        "cvt.f32.f64 %f1, %fd1;",
		"testp.finite.u32 %p1, %r1;",   "addc.cc.b32 %r1, %r1, %r2;",
		"add.cc.f32 %f1, %f1, %f2;",    "mul24.lo.u64 %rd1, %rd1, %rd2;",
		"shf.l.wrap.u32 %r1, %r1, %r2, %r1;",
		"add.sat.u32 %r1, %r1, %r2;",   "add.ftz.u32 %r1, %r1, %r2;",
		"mul.wide.u64 %rd1, %rd1, %rd2;", "cnot.u32 %r1, %r2;",
	};
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char src[1024];
		snprintf(src, sizeof(src), "%s%s%s", BODY_PRE, bad[i],
			 BODY_POST);
		expect_error(src, "t.ptx:" INSN_LINE ":2: error: '");
	}
}

/* What ptxas accepts must keep loading (relaxed and same-size rules). */
TEST(operand_types_accepted)
{
	struct loaded l;
	load(&l, BODY(REGS,
		"add.u32 %s1, %s2, %r1;\n\tadd.f32 %r1, %r2, %f1;\n"
		"\tmov.b32 %f1, %r1;\n\tmov.f32 %f1, %r1;\n"
		"\tsetp.eq.b32 %p1, %f1, %r1;\n\tselp.f32 %f1, %r1, %r2, %p1;\n"
		"\tld.global.u8 %rs1, [%rd1];\n\tld.global.s8 %rd1, [%rd1];\n"
		"\tld.global.f32 %rd1, [%rd1];\n\tld.global.b32 %fd1, [%rd1];\n"
		"\tld.global.b16 %f1, [%rd1];\n\tst.global.u8 [%rd1], %rd1;\n"
		"\tst.global.b32 [%rd1], %fd1;\n\tcvt.u32.u16 %r1, %rd1;\n"
		"\tcvt.f32.f16 %f1, %r1;\n\tcvt.rn.f16.f32 %r1, %f1;\n"
		"\tcvt.u16.u32 %r1, %r1;\n\tcvt.sat.u8.s32 %r1, %r1;\n"
		"\tcvt.rn.f32.f64 %f1, %fd1;\n\tcvt.rzi.s32.f32 %r1, %f1;\n"
		"\tcvt.f64.f32 %fd1, %f1;\n\tpopc.b64 %r1, %rd1;\n"
		"\tmatch.any.sync.b64 %r1, %rd1, -1;\n"
		"\tvote.sync.any.pred %p1, %p1, -1;\n"
		"\tvote.sync.ballot.b32 %f1, %p1, -1;\n"
		"\tmov.b64 %rd1, {%r1, %f2};\n\tmov.b32 {%rs1, %rs2}, %r1;\n"
		"\tmul.wide.s32 %rd1, %r1, %r2;\n\tmad.rn.f32 %f1, %f1, %f1, %f1;\n"
		"\tdiv.full.f32 %f1, %f1, %f1;\n\tdiv.u32 %r1, %r1, %r2;\n"
		"\tcopysign.f32 %f1, %f2, %r1;\n\ttestp.finite.f32 %p1, %r1;\n"
		"\tadd.f16 %rs1, %rs1, %rs2;\n\tadd.sat.s32 %r1, %r1, %r2;\n"
		"\tatom.global.cas.b32 %r1, [%rd1], %f1, %r2;\n"
		"\tld.global.u32 %r1, [%u1];"));
	CHECK_EQ_U64(l.rc, 0);
	unload(&l);
}

TEST(error_static_shared_over_48k)
{
	expect_error(HDR ".shared .align 4 .b8 big[49156];\n"
		     ".visible .entry k()\n{\n\t.reg .b64 %rd<2>;\n"
		     "\tmov.u64 %rd1, big;\n\tret;\n}\n",
		     "kernel 'k' uses 49156 bytes of static shared memory");
}

TEST(print_info)
{
	struct loaded l;
	char buf[4096];
	load(&l, calls_src);
	if (!l.m)
		goto out;
	FILE *f = fmemopen(buf, sizeof(buf), "w");
	ptx_module_print_info(f, l.m);
	fclose(f);
	CHECK_STR_CONTAINS(buf, "kernel k");
	CHECK_STR_CONTAINS(buf, "k_param_1");
	CHECK_STR_CONTAINS(buf, ".f32 8");
	CHECK_STR_CONTAINS(buf, "instructions 9");
	insn_str(l.m->kernels[0], 2, buf, sizeof(buf));
	CHECK_STR_CONTAINS(buf, "call.uni cross");
out:
	unload(&l);
}

/* Every real nvcc PTX file in tests/fuzz/corpus must load. */
TEST(real_nvcc_corpus_loads)
{
	char dir[1024];
	const char *slash = strrchr(__FILE__, '/');
	int n = 0;

	snprintf(dir, sizeof(dir), "%.*s/../fuzz/corpus",
		 slash ? (int)(slash - __FILE__) : 1, slash ? __FILE__ : ".");
	DIR *dp = opendir(dir);
	if (!dp) {
		printf("note: %s not found, skipped\n", dir);
		return;
	}
	struct dirent *de;
	while ((de = readdir(dp))) {
		size_t len = strlen(de->d_name);
		if (len < 4 || strcmp(de->d_name + len - 4, ".ptx"))
			continue;
		char path[2048];
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		FILE *f = fopen(path, "rb");
		CHECK(f != NULL);
		if (!f)
			continue;
		fseek(f, 0, SEEK_END);
		long sz = ftell(f);
		fseek(f, 0, SEEK_SET);
		char *text = malloc((size_t)sz + 1);
		CHECK(fread(text, 1, (size_t)sz, f) == (size_t)sz);
		text[sz] = 0;
		fclose(f);
		struct loaded l;
		load(&l, text);
		if (l.rc)
			fprintf(stderr, "in %s\n", path);
		CHECK(l.rc == 0 && l.m && l.m->n_kernels > 0);
		unload(&l);
		free(text);
		n++;
	}
	closedir(dp);
	CHECK(n >= 8);
}

/* .target above the simulated GPU: a warning naming it, or with
 * strict_target an error; .version newer than the front end knows alike. */
TEST(target_and_version_checked)
{
	static const char body[] = ".address_size 64\n"
		".visible .entry k() { ret; }\n";
	char src[256];
	addr_t next = 0x1000;
	struct ptx_env env = {.ctx = &next, .alloc_var = bump_alloc, .sm = 75};
	struct ptx_module *m = NULL;
	struct diag d;

	snprintf(src, sizeof(src), ".version 9.0\n.target sm_90a\n%s", body);
	diag_init(&d);
	CHECK(ptx_module_load(src, strlen(src), "t.ptx", &env, &m, &d) == 0);
	CHECK(m && m->target_sm == 90 && m->isa_version == 90);
	CHECK(m && m->warnings && strstr(m->warnings, "t.ptx:2:9: warning: "
					 "target sm_90a is above sm_75"));
	ptx_module_free(m);
	diag_release(&d);

	env.strict_target = true;
	diag_init(&d);
	CHECK(ptx_module_load(src, strlen(src), "t.ptx", &env, &m, &d) != 0);
	CHECK(strstr(diag_text(&d), "target sm_90a is above sm_75") &&
	      strstr(diag_text(&d), "ptx_strict_target"));
	diag_release(&d);

	snprintf(src, sizeof(src), ".version 9.0\n.target sm_75\n%s", body);
	diag_init(&d);
	CHECK(ptx_module_load(src, strlen(src), "t.ptx", &env, &m, &d) == 0);
	CHECK(m && !m->warnings);
	ptx_module_free(m);
	diag_release(&d);

	snprintf(src, sizeof(src), ".version 9.7\n.target sm_75\n%s", body);
	diag_init(&d);
	CHECK(ptx_module_load(src, strlen(src), "t.ptx", &env, &m, &d) != 0);
	CHECK(strstr(diag_text(&d), "PTX ISA version 9.7 is newer than 9.0"));
	diag_release(&d);
	env.strict_target = false;
	diag_init(&d);
	CHECK(ptx_module_load(src, strlen(src), "t.ptx", &env, &m, &d) == 0);
	CHECK(m && m->warnings && strstr(m->warnings, "9.7 is newer"));
	ptx_module_free(m);
	diag_release(&d);
}

/* A taken kernel address (a device-side launch) names dynamic parallelism
 * instead of "undefined identifier"; a .func address is a function pointer
 * and an indirect call links to the address-taken functions. */
TEST(kernel_address_and_function_pointers)
{
	struct loaded l;
	load(&l, HDR ".visible .entry child(.param .u64 p) { ret; }\n"
	     ".visible .entry parent() {\n.reg .b64 %rd<2>;\n"
	     "mov.u64 %rd1, child;\nret; }\n");
	CHECK(l.rc != 0);
	CHECK(strstr(diag_text(&l.d), "unsupported: dynamic parallelism (the "
		     "address of kernel 'child' is taken") != NULL);
	CHECK(strstr(diag_text(&l.d), "undefined identifier") == NULL);
	unload(&l);

	load(&l, HDR ".extern .func (.param .b32 func_retval0) "
	     "cudaLaunchDeviceV2(.param .b64 a, .param .b64 b);\n"
	     ".visible .entry parent() {\n.reg .b32 %r<2>;\n"
	     "{ .param .b64 param0; .param .b64 param1; .param .b32 retval0;\n"
	     "call.uni (retval0), cudaLaunchDeviceV2, (param0, param1); }\n"
	     "ret; }\n");
	CHECK(l.rc != 0);
	CHECK(strstr(diag_text(&l.d), "unsupported: dynamic parallelism "
		     "(device-side launch through 'cudaLaunchDeviceV2'") != NULL);
	unload(&l);

	load(&l, HDR ".func (.param .b32 r) f(.param .b32 a) {\n"
	     ".reg .b32 %r<2>;\nld.param.u32 %r1, [a];\n"
	     "st.param.b32 [r], %r1;\nret; }\n"
	     ".func (.param .b32 r) g(.param .b32 a) { ret; }\n"
	     ".global .align 8 .u64 tab[2] = {f, g};\n"
	     ".visible .entry k() {\n.reg .b64 %rd<3>;\n.reg .b32 %r<3>;\n"
	     "mov.u64 %rd1, f;\n"
	     "{ .param .b32 param0; .param .b32 retval0;\n"
	     "st.param.b32 [param0], %r1;\n"
	     "proto : .callprototype (.param .b32 _) _ (.param .b32 _);\n"
	     "call (retval0), %rd1, (param0), proto;\n"
	     "ld.param.b32 %r2, [retval0]; }\nret; }\n");
	CHECK(l.rc == 0);
	const struct ptx_kernel *k = l.m ? ptx_module_kernel(l.m, "k") : NULL;
	const struct ptx_var *tab = l.m ? ptx_module_var(l.m, "tab") : NULL;
	CHECK(k && k->n_funcs == 3 && k->n_calls == 2 &&
	      k->calls[0].n_alt == 2 && k->calls[0].addr != k->calls[1].addr);
	CHECK(tab && tab->init && tab->size == 16);
	if (k && tab && tab->init) {
		uint64_t v[2];
		memcpy(v, tab->init, 16);
		CHECK((v[0] == k->calls[0].addr && v[1] == k->calls[1].addr) ||
		      (v[0] == k->calls[1].addr && v[1] == k->calls[0].addr));
	}
	unload(&l);
}

/* Tensor-core and texture instructions fail at load with a message naming
 * them. */
TEST(tensor_core_refused_by_name)
{
	struct loaded l;
	load(&l, HDR ".visible .entry k(.param .u64 p) {\n"
	     ".reg .b64 %rd<2>;\n.reg .b32 %r<9>;\n"
	     "ld.param.u64 %rd1, [p];\n"
	     "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 "
	     "{%r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8}, [%rd1], 16;\n"
	     "ret; }\n");
	CHECK(l.rc != 0);
	CHECK(strstr(diag_text(&l.d), "unsupported: tensor-core instruction "
		     "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 "
		     "(issue 18)") != NULL);
	unload(&l);
	load(&l, HDR ".visible .entry k(.param .u64 p) {\n"
	     ".reg .b64 %rd<2>;\n.reg .f32 %f<7>;\n"
	     "ld.param.u64 %rd1, [p];\n"
	     "tld4.g.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f5, %f6}];\n"
	     "ret; }\n");
	CHECK(l.rc == 0); /* modelled since the texture follow-up */
	unload(&l);
	/* tex.grad on a cube map is refused (not modelled) */
	load(&l, HDR ".visible .entry k(.param .u64 p) {\n"
	     ".reg .b64 %rd<2>;\n.reg .f32 %f<12>;\n"
	     "ld.param.u64 %rd1, [p];\n"
	     "tex.grad.cube.v4.f32.f32 {%f1, %f2, %f3, %f4}, "
	     "[%rd1, {%f5, %f6, %f7, %f7}], {%f8, %f9, %f10, %f10}, "
	     "{%f8, %f9, %f10, %f10};\n"
	     "ret; }\n");
	CHECK(l.rc != 0);
	CHECK(strstr(diag_text(&l.d), "unsupported opcode "
		     "'tex.grad.cube.v4.f32.f32'") != NULL);
	unload(&l);
	/* the other texture forms decode; surfaces have no cube geometry */
	load(&l, HDR ".visible .entry k(.param .u64 p) {\n"
	     ".reg .b64 %rd<2>;\n.reg .f32 %f<16>;\n.reg .b32 %r<4>;\n"
	     "ld.param.u64 %rd1, [p];\n"
	     "tex.grad.3d.v4.f32.f32 {%f1, %f2, %f3, %f4}, "
	     "[%rd1, {%f5, %f6, %f7, %f7}], {%f8, %f9, %f10, %f10}, "
	     "{%f11, %f12, %f13, %f13};\n"
	     "tex.level.acube.v4.f32.f32 {%f1, %f2, %f3, %f4}, "
	     "[%rd1, {%r1, %f5, %f6, %f7}], %f8;\n"
	     "tld4.a.a2d.v4.u32.f32 {%r0, %r1, %r2, %r3}, "
	     "[%rd1, {%r1, %f5, %f6, %f6}];\n"
	     "txq.level.height.b32 %r1, [%rd1], %r2;\n"
	     "suq.memory_layout.b32 %r1, [%rd1];\n"
	     "sured.p.min.3d.b64.zero [%rd1, {%r1, %r2, %r3, %r3}], %rd1;\n"
	     "ret; }\n");
	CHECK(l.rc == 0);
	if (l.rc == 0) { /* decoded fields as the printer shows them */
		static const char *const want[] = {
			"tex.grad.3d.v4.f32.f32", "tex.level.acube.v4.f32.f32",
			"tld4.a.a2d.v4.u32.f32", "txq.level.height.b32",
			"suq.memory_layout.b32", "sured.p.min.3d.b64"};
		char buf[256];
		for (unsigned i = 0; i < ARRAY_SIZE(want); i++) {
			insn_str(l.m->kernels[0], i + 1, buf, sizeof(buf));
			CHECK_STR_CONTAINS(buf, want[i]);
		}
		/* tex.grad.3d: 3 coordinates, then 3 + 3 gradient registers */
		const struct insn *in = &l.m->kernels[0]->code[1];
		/* (%f5, %f6, %f7), (%f8, %f9, %f10), (%f11, %f12, %f13): one
		 * register range, so consecutive indices */
		for (unsigned i = 1; i < 9; i++)
			CHECK_EQ_U64(insn_tex_reg(in, i), insn_tex_reg(in, 0) + i);
	}
	unload(&l);
	load(&l, HDR ".visible .entry k(.param .u64 p) {\n"
	     ".reg .b64 %rd<2>;\n.reg .b32 %r<4>;\n"
	     "suld.b.cube.b32.trap %r1, [%rd1, {%r1, %r2, %r3, %r3}];\n"
	     "txq.level.filter_mode.b32 %r1, [%rd1], %r2;\n"
	     "sured.p.add.1d.b64.trap [%rd1, {%r1}], %rd1;\n"
	     "ret; }\n");
	CHECK(l.rc != 0);
	CHECK_EQ_U64(l.d.n_err, 3);
	unload(&l);
}

TEST_MAIN()
