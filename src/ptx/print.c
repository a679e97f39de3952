/*
 * print.c - human-readable views of a loaded module: the `warpsim ptx`
 * summary (parameters, registers by type, memory footprint, instruction
 * counts per kernel) and a one-line disassembly of a decoded instruction
 * for traces and tests.  Registers print by slot (r12, p3) because names
 * are gone after decode.
 */
#include "../base/base.h"
#include "ptx_int.h"

#include <inttypes.h>
#include <stdio.h>

/* Modifier flag spellings in print order. */
static const struct {
	uint32_t mod; /* enum insn_mod */
	const char *s; /* suffix */
} print_mods[] = {
	{MOD_VOLATILE, "volatile"}, {MOD_NC, "nc"},
	{MOD_CA, "ca"},        {MOD_CG, "cg"},   {MOD_CS, "cs"},
	{MOD_LU, "lu"},        {MOD_CV, "cv"},   {MOD_WB, "wb"},
	{MOD_WT, "wt"},        {MOD_HI, "hi"},   {MOD_LO, "lo"},
	{MOD_WIDE, "wide"},    {MOD_CC, "cc"},   {MOD_SHF_L, "l"},
	{MOD_WRAP, "wrap"},    {MOD_SHIFTAMT, "shiftamt"},
	{MOD_APPROX, "approx"}, {MOD_FULL, "full"}, {MOD_FTZ, "ftz"},
	{MOD_SAT, "sat"},      {MOD_RELU, "relu"}, {MOD_NAN, "NaN"},
	{MOD_ABS, "abs"},      {MOD_ALIGNED, "aligned"}, {MOD_UNI, "uni"},
};

static const char *print_aux(const struct insn *in)
{
	static const char *const bar[] = {"", "sync", "arrive", "red"};
	static const char *const fence[] = {"", "cta", "gl", "sys"};
	unsigned a = in->aux;

	switch (in->op) {
	case OP_ATOM:
	case OP_RED: return a <= ATOM_CAS ? ptx_atom_names[a] : "?";
	case OP_SHFL: return a <= SHFL_IDX ? ptx_shfl_names[a] : "?";
	case OP_VOTE: return a <= VOTE_BALLOT ? ptx_vote_names[a] : "?";
	case OP_BAR: return a <= BAR_RED ? bar[a] : "?";
	case OP_PRMT: return a <= PRMT_RC16 ? ptx_prmt_names[a] : "?";
	case OP_FENCE: return a <= FENCE_SYS ? fence[a] : "?";
	case OP_TESTP: return a <= TESTP_SUBNORMAL ? ptx_testp_names[a] : "?";
	case OP_MATCH: return a <= MATCH_ALL ? ptx_match_names[a] : "?";
	case OP_REDUX: return a <= ATOM_CAS ? ptx_atom_names[a] : "?";
	case OP_VIDEO: case OP_VIDEO2: case OP_VIDEO4: {
		static const char *const v[] = {"", "add", "sub", "absdiff",
						"min", "max", "avrg"};
		return a <= VID_AVRG ? v[a] : "?";
	}
	case OP_TEX: case OP_SULD: case OP_SUST: case OP_SURED:
		return a <= TG_ACUBE ? ptx_geom_names[a] : "?";
	case OP_ISTYPEP: {
		static const char *const ty[] = {"", "texref", "samplerref",
						 "surfref"};
		return a <= 3 ? ty[a] : "?";
	}
	case OP_TXQ: case OP_SUQ:
		return a <= TQ_MEMORY_LAYOUT ? ptx_txq_names[a] : "?";
	case OP_CPAWAIT: {
		static const char *const w[] = {"", "commit_group",
						"wait_group", "wait_all"};
		return a <= CPA_WAIT_ALL ? w[a] : "?";
	}
	case OP_MBAR: {
		static const char *const mb[] = {"", "init", "inval", "arrive",
			"arrive_drop", "expect_tx", "complete_tx", "test_wait",
			"try_wait", "pending_count", "cp_arrive"};
		return a <= MBAR_CP_ARRIVE ? mb[a] : "?";
	}
	default: return "";
	}
}

/* The opcode with its modifiers, e.g. "ld.global.v4.f32". */
static void print_opcode(FILE *f, const struct insn *in)
{
	static const char *const bops[] = {"", "and", "or", "xor", "popc"};
	const char *aux = print_aux(in);

	bool tex = in->op == OP_TEX || in->op == OP_TXQ || in->op == OP_SUQ;
	bool sur = in->op == OP_SULD || in->op == OP_SUST || in->op == OP_SURED;

	if (in->op == OP_TEX && in->cmp) /* tld4.comp */
		fprintf(f, "tld4.%c", "?rgba"[in->cmp <= T4_A ? in->cmp : 0]);
	else
		fputs(in->op < OP__COUNT ? op_table[in->op].name : "?", f);
	if (in->op == OP_TEX && in->bop)
		fputs(in->bop == TL_LEVEL ? ".level" : ".grad", f);
	if (in->op == OP_TXQ && in->bop)
		fputs(".level", f);
	if (in->op == OP_SURED)
		fprintf(f, ".%s.%s", in->rnd ? "p" : "b",
			in->bop <= ATOM_CAS ? ptx_atom_names[in->bop] : "?");
	if ((in->op == OP_SHFL || in->op == OP_VOTE || in->op == OP_MATCH ||
	     in->op == OP_REDUX || in->op == OP_ELECT) && in->aux)
		fputs(".sync", f);
	if (*aux)
		fprintf(f, ".%s", aux);
	bool video = in->op == OP_VIDEO || in->op == OP_VIDEO2 ||
		in->op == OP_VIDEO4;
	if (in->cmp && in->cmp <= CMP_NAN && !video && !sur && !tex)
		fprintf(f, ".%s", ptx_cmp_names[in->cmp]);
	if (in->bop && in->bop <= BOP_POPC && !video && !sur && !tex)
		fprintf(f, ".%s", bops[in->bop]);
	if (in->mods & MOD_TO)
		fputs(".to", f);
	if (in->space && in->space < SP__COUNT)
		fprintf(f, ".%s", ptx_space_names[in->space]);
	if (in->rnd && in->rnd <= RND_RPI && !sur)
		fprintf(f, ".%s", ptx_rnd_names[in->rnd]);
	for (size_t i = 0; i < ARRAY_SIZE(print_mods); i++)
		if (in->mods & print_mods[i].mod)
			fprintf(f, ".%s", print_mods[i].s);
	if (in->vec > 1 && (in->op == OP_LD || in->op == OP_ST ||
			    in->op == OP_TEX || sur))
		fprintf(f, ".v%u", in->vec);
	if (in->type)
		fprintf(f, ".%s", ptype_name((enum ptype)in->type));
	if (in->type2)
		fprintf(f, ".%s", ptype_name((enum ptype)in->type2));
	if (video && in->cmp)
		fprintf(f, ".%s", ptype_name((enum ptype)in->cmp));
	if (video && in->bop)
		fprintf(f, ".%s", in->bop == VSEC_ADD ? "add"
				  : in->bop == VSEC_MIN ? "min" : "max");
}

static void print_opnd(FILE *f, const struct insn *in, const struct opnd *o)
{
	switch (o->kind) {
	case OK_REG:
		fprintf(f, "r%" PRIu32, o->reg);
		break;
	case OK_PRED:
		fprintf(f, "%sp%" PRIu32, (o->flags & OPND_NEG) ? "!" : "",
			o->reg);
		break;
	case OK_IMM:
		if (in->type == PT_F32 && (uint64_t)o->imm <= UINT32_MAX)
			fprintf(f, "0f%08" PRIX64, (uint64_t)o->imm);
		else if (in->type == PT_F64)
			fprintf(f, "0d%016" PRIX64, (uint64_t)o->imm);
		else
			fprintf(f, "%" PRId64, o->imm);
		break;
	case OK_SREG:
		if (o->reg == SR_ENVREG)
			fprintf(f, "%%envreg%" PRId64, o->imm);
		else
			fputs(ptx_sreg_name(o->reg), f);
		break;
	case OK_MEM:
		fputc('[', f);
		if (o->reg != REG_NONE)
			fprintf(f, "r%" PRIu32 "%s", o->reg, o->imm ? "+" : "");
		if (o->imm || o->reg == REG_NONE)
			fprintf(f, "%" PRId64, o->imm);
		fputc(']', f);
		break;
	case OK_VEC:
		fputc('{', f);
		for (uint32_t i = 0; i < o->reg && i < 4; i++)
			fprintf(f, "%sr%" PRIu32, i ? ", " : "", in->vec_reg[i]);
		fputc('}', f);
		break;
	case OK_LABEL:
		fprintf(f, "@%" PRIu32, o->reg);
		break;
	case OK_REGS:
		for (unsigned i = 0; i < 3; i++) {
			unsigned slot = (unsigned)(o - in->o - 2) * 3 + i;
			uint32_t r = insn_tex_reg(in, slot);
			if (r != REG_NONE)
				fprintf(f, "%sr%" PRIu32, i ? ", " : "", r);
		}
		break;
	default:
		break;
	}
}

void ptx_insn_print(FILE *f, const struct ptx_kernel *k, uint32_t pc)
{
	if (!k || pc >= k->n_insn) {
		fprintf(f, "<pc %" PRIu32 " out of range>", pc);
		return;
	}
	const struct insn *in = &k->code[pc];
	if (in->guard != PRED_NONE)
		fprintf(f, "@%sp%" PRIu32 " ", in->guard_neg ? "!" : "",
			in->guard);
	print_opcode(f, in);
	if (in->op == OP_CALL && in->aux) { /* through a function pointer */
		fputc(' ', f);
		print_opnd(f, in, &in->o[0]);
		fprintf(f, " (%" PRIu32 " candidates)", in->target < k->n_calls
			? k->calls[in->target].n_alt : 0);
		return;
	}
	if (in->op == OP_CALL && in->target < k->n_calls) {
		fprintf(f, " %s", k->calls[in->target].callee);
		return;
	}
	if (in->op == OP_BRX && in->target < k->n_brx) {
		const struct ptx_brx *b = &k->brx[in->target];
		fputc(' ', f);
		print_opnd(f, in, &in->o[0]);
		fputs(", {", f);
		for (uint32_t i = 0; i < b->n; i++)
			fprintf(f, "%s@%" PRIu32, i ? ", " : "", b->pcs[i]);
		fputc('}', f);
		return;
	}
	const char *sep = " ";
	for (unsigned i = 0; i < ARRAY_SIZE(in->o); i++) {
		if (in->o[i].kind == OK_NONE)
			continue;
		fputs(sep, f);
		print_opnd(f, in, &in->o[i]);
		if (i == 0 && in->pdst != PRED_NONE)
			fprintf(f, "|p%" PRIu32, in->pdst);
		sep = ", ";
	}
	if ((in->op == OP_BRA) && in->reconv != in->target)
		fprintf(f, "  // reconv @%" PRIu32, in->reconv);
}

static void print_kernel(FILE *f, const struct ptx_module *m,
			 const struct ptx_kernel *k, uint64_t const_bytes)
{
	uint32_t i;

	fprintf(f, "kernel %s\n", k->name);
	fprintf(f, "  params       %" PRIu32 " (%" PRIu32 " bytes)\n",
		k->n_params, k->param_bytes);
	for (i = 0; i < k->n_params; i++)
		fprintf(f, "    %-40s offset %4" PRIu32 "  size %4" PRIu32
			"  .%s\n", k->params[i].name, k->params[i].offset,
			k->params[i].size,
			ptype_name((enum ptype)k->params[i].type));
	fprintf(f, "  registers   ");
	for (i = 0; i < k->n_regclasses; i++)
		fprintf(f, " .%s %" PRIu32 "%s",
			ptype_name((enum ptype)k->regclasses[i].type),
			k->regclasses[i].count,
			i + 1 < k->n_regclasses ? "," : "");
	fprintf(f, "%s(%" PRIu32 " registers, stored in %" PRIu32 " bytes per "
		"thread; %" PRIu32 " predicates; %" PRIu32 " live per "
		"thread)\n", k->n_regclasses ? "  " : " ", k->n_regs,
		k->n_slots * 8, k->n_preds, k->regs_per_thread);
	fprintf(f, "  shared       %" PRIu32 " bytes static, dynamic at %"
		PRIu32 "\n", k->shared_bytes, k->dyn_shared_offset);
	fprintf(f, "  local        %" PRIu32 " bytes per thread\n",
		k->local_bytes);
	fprintf(f, "  const        %" PRIu64 " bytes (module)\n", const_bytes);
	fprintf(f, "  instructions %" PRIu32 " (%" PRIu32 " with function "
		"ends)\n", k->n_ptx_insn, k->n_insn);
	fprintf(f, "  functions   ");
	for (i = 0; i < k->n_funcs; i++)
		fprintf(f, " %s%s", k->funcs[i].name,
			i + 1 < k->n_funcs ? "," : "");
	fputc('\n', f);
	if (k->maxntid[0])
		fprintf(f, "  .maxntid     %" PRIu32 ", %" PRIu32 ", %" PRIu32
			"\n", k->maxntid[0], k->maxntid[1], k->maxntid[2]);
	if (k->reqntid[0])
		fprintf(f, "  .reqntid     %" PRIu32 ", %" PRIu32 ", %" PRIu32
			"\n", k->reqntid[0], k->reqntid[1], k->reqntid[2]);
	if (k->minnctapersm)
		fprintf(f, "  .minnctapersm %" PRIu32 "\n", k->minnctapersm);
	if (k->maxnreg)
		fprintf(f, "  .maxnreg     %" PRIu32 "\n", k->maxnreg);
	(void)m;
}

void ptx_module_print_info(FILE *f, const struct ptx_module *m)
{
	uint64_t cb = 0, gb = 0;
	uint32_t i;

	for (i = 0; i < m->n_vars; i++) {
		if (m->vars[i].space == SP_CONST)
			cb += m->vars[i].size;
		else
			gb += m->vars[i].size;
	}
	fprintf(f, "module %s: %" PRIu32 " kernel%s, %" PRIu32
		" variable%s (%" PRIu64 " bytes .global, %" PRIu64
		" bytes .const)\n", m->filename, m->n_kernels,
		m->n_kernels == 1 ? "" : "s", m->n_vars,
		m->n_vars == 1 ? "" : "s", gb, cb);
	for (i = 0; i < m->n_kernels; i++)
		print_kernel(f, m, m->kernels[i], cb);
}
