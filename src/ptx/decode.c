/*
 * decode.c - decode one PTX instruction statement into a struct insn.
 *
 * The opcode token (add.rn.ftz.f32) is split at its dots: the first part
 * picks the enum op, the rest are interpreted in the context of that op
 * (`.lo` is MOD_LO for mul but CMP_LO for setp, `.and` is a bop for setp
 * and an atom_op for atom).  Operands are parsed generically, then placed
 * into insn.o[] following the normalisation table in ir.h.  Names are
 * resolved through the scoped symbol table: registers become slot indices,
 * symbols become addresses (global/const) or relocations (frame, shared)
 * that the linker completes.  Immediates are converted to the bit pattern
 * of the operand's type.
 */
#include "../base/base.h"
#include "ptx_int.h"

#include <stdlib.h>

/* ---- name tables ----------------------------------------------------------- */

const char *const ptx_cmp_names[] = {
	"", "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
	"equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan",
};
const char *const ptx_atom_names[] = {
	"", "add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas",
};
const char *const ptx_shfl_names[] = {"", "up", "down", "bfly", "idx"};
const char *const ptx_vote_names[] = {"", "all", "any", "uni", "ballot"};
const char *const ptx_prmt_names[] = {"", "f4e", "b4e", "rc8",
					 "ecl", "ecr", "rc16"};
const char *const ptx_testp_names[] = {"", "finite", "infinite",
					  "number", "notanumber", "normal",
					  "subnormal"};
const char *const ptx_match_names[] = {"", "any", "all"};
const char *const ptx_space_names[] = {"", "global", "const",
					  "shared", "local", "param"};
const char *const ptx_rnd_names[] = {"", "rn", "rz", "rm", "rp",
					"rni", "rzi", "rmi", "rpi"};
const char *const ptx_geom_names[] = {"", "1d", "2d", "3d", "a1d", "a2d",
					 "cube", "acube"};
const char *const ptx_txq_names[] = {
	"", "width", "height", "depth", "channel_data_type", "channel_order",
	"normalized_coords", "array_size", "num_mipmap_levels", "num_samples",
	"force_unnormalized_coords", "filter_mode", "addr_mode_0",
	"addr_mode_1", "addr_mode_2", "memory_layout",
};

static const struct {
	const char *s; /* suffix */
	uint32_t mod;  /* enum insn_mod */
} mod_names[] = {
	{"cc", MOD_CC},         {"hi", MOD_HI},        {"lo", MOD_LO},
	{"wide", MOD_WIDE},     {"ftz", MOD_FTZ},      {"sat", MOD_SAT},
	{"approx", MOD_APPROX}, {"full", MOD_FULL},    {"uni", MOD_UNI},
	{"volatile", MOD_VOLATILE}, {"nc", MOD_NC},    {"to", MOD_TO},
	{"shiftamt", MOD_SHIFTAMT}, {"ca", MOD_CA},    {"cg", MOD_CG},
	{"cs", MOD_CS},         {"lu", MOD_LU},        {"cv", MOD_CV},
	{"wb", MOD_WB},         {"wt", MOD_WT},        {"relu", MOD_RELU},
	{"NaN", MOD_NAN},       {"aligned", MOD_ALIGNED},
};

/* Memory-model qualifiers accepted (and ignored) on memory operations. */
static const char *const memsem_names[] = {
	"relaxed", "acquire", "release", "acq_rel", "weak", "sc",
	"cta", "gpu", "sys",
};

static int name_find(const char *const *tab, size_t n, const char *s,
		     size_t len)
{
	for (size_t i = 1; i < n; i++)
		if (strlen(tab[i]) == len && memcmp(tab[i], s, len) == 0)
			return (int)i;
	return 0;
}
#define NAME_FIND(tab, s, len) name_find((tab), ARRAY_SIZE(tab), (s), (len))

static bool sfx_is(const char *s, size_t len, const char *w)
{
	return strlen(w) == len && memcmp(s, w, len) == 0;
}

/* ---- decode context ---------------------------------------------------------- */

enum popnd_kind {
	PO_NAME, /* identifier (optionally +offset for symbols) */
	PO_NOT,  /* !name */
	PO_INT,  /* integer literal (negation applied) */
	PO_FLT,  /* decimal float literal */
	PO_F32,  /* 0f bits */
	PO_F64,  /* 0d bits */
	PO_MEM,  /* [base+off] */
	PO_VEC,  /* {a, b, ...} */
	PO_DUAL, /* a|b */
	PO_TEXADDR, /* [handle, {c0, c1, ...}] (tex, suld, sust) */
};

struct popnd {                /* one operand as written */
	uint8_t kind;             /* enum popnd_kind */
	uint8_t n;                /* PO_VEC element count */
	const struct tok *t;      /* name, base name or first token */
	const struct tok *t2;     /* second name of a|b */
	int64_t off;              /* integer value, address/symbol offset */
	double f;                 /* PO_FLT value */
	uint64_t bits;            /* PO_F32/PO_F64 bits */
	const struct tok *el[4];  /* PO_VEC elements */
};

enum addr_hint { AH_NONE, AH_FRAME, AH_KPARAM };

struct dctx {
	struct parser *p;             /* parser */
	struct insn in;               /* instruction being built */
	const struct tok *op_tok;     /* opcode token */
	struct reloc rel[PTX_MAX_OPNDS]; /* pending relocations */
	uint32_t n_rel;               /* count */
	bool vec_used;                /* vec_reg[] taken by an operand */
	uint8_t hint;                 /* enum addr_hint of the address */
	bool saw_idx;                 /* brx had .idx */
	bool saw_async;               /* cp had .async */
	bool cp_mbar;                 /* cp.async.mbarrier.arrive */
	bool simd16;                  /* add/sub/min/max .s16x2/.u16x2 */
	bool sur_b;                   /* suld/sust/sured had .b (or .p) */
	bool tld4;                    /* the opcode was tld4 (an OP_TEX) */
	uint8_t rtype;                /* declared type of the register the last
					 dc_name resolved (PT_NONE: none, `_`) */
};

static int dc_err(struct dctx *c, const struct tok *t, const char *msg)
{
	return ptx_err_tok(c->p->pf, t ? t : c->op_tok, "%s", msg);
}

static int dc_unsupported(struct dctx *c)
{
	return ptx_err_tok(c->p->pf, c->op_tok, "unsupported opcode '%.*s'",
			   (int)c->op_tok->len, c->op_tok->s);
}

/* ---- opcode and suffixes ---------------------------------------------------- */

/* Video instructions: base name -> operation and element count. */
static const struct {
	const char *s; /* mnemonic */
	uint8_t vop;   /* enum vid_op */
	uint8_t n;     /* elements: 1 (scalar), 2 or 4 */
} video_names[] = {
	{"vadd", VID_ADD, 1}, {"vsub", VID_SUB, 1},
	{"vabsdiff", VID_ABSDIFF, 1}, {"vmin", VID_MIN, 1},
	{"vmax", VID_MAX, 1},
	{"vadd2", VID_ADD, 2}, {"vsub2", VID_SUB, 2},
	{"vavrg2", VID_AVRG, 2}, {"vabsdiff2", VID_ABSDIFF, 2},
	{"vmin2", VID_MIN, 2}, {"vmax2", VID_MAX, 2},
	{"vadd4", VID_ADD, 4}, {"vsub4", VID_SUB, 4},
	{"vavrg4", VID_AVRG, 4}, {"vabsdiff4", VID_ABSDIFF, 4},
	{"vmin4", VID_MIN, 4}, {"vmax4", VID_MAX, 4},
};

/* Tensor-core and matrix-fragment opcodes: refused with a named error. */
static const char *const tensor_names[] = {
	"wmma", "mma", "wgmma", "ldmatrix", "stmatrix", "movmatrix",
};


static int dc_base(const char *s, size_t len)
{
	if (sfx_is(s, len, "barrier"))
		return OP_BAR;
	if (sfx_is(s, len, "brx"))
		return OP_BRX;
	if (sfx_is(s, len, "fence"))
		return OP_FENCE;
	if (sfx_is(s, len, "prefetchu"))
		return OP_NOP;
	for (int op = 0; op < OP_FEND; op++)
		if (sfx_is(s, len, op_table[op].name))
			return op;
	return -1;
}

/* Suffixes whose meaning depends on the opcode; 1 = consumed. */
static int dc_sfx_op(struct dctx *c, const char *s, size_t n)
{
	struct insn *in = &c->in;
	int i;

	/* add/min/max on .s16x2/.u16x2 (sm_90; ptxas has no sub on them):
	 * the 2-way SIMD video operation with default selectors and no c */
	if ((in->op == OP_ADD || in->op == OP_MIN || in->op == OP_MAX) &&
	    in->type == PT_NONE && !(in->mods & MOD_SAT) &&
	    (sfx_is(s, n, "s16x2") || sfx_is(s, n, "u16x2"))) {
		in->aux = in->op == OP_ADD ? VID_ADD
			  : in->op == OP_MIN ? VID_MIN : VID_MAX;
		in->op = OP_VIDEO2;
		in->type = in->type2 = in->cmp = s[0] == 's' ? PT_S32 : PT_U32;
		c->simd16 = true;
		return 1;
	}
	switch (in->op) {
	case OP_ATOM:
	case OP_RED:
		if ((i = NAME_FIND(ptx_atom_names, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		break;
	case OP_SETP:
	case OP_SET:
		if ((i = NAME_FIND(ptx_cmp_names, s, n))) {
			in->cmp = (uint8_t)i;
			return 1;
		}
		if (sfx_is(s, n, "and") || sfx_is(s, n, "or") ||
		    sfx_is(s, n, "xor")) {
			in->bop = s[0] == 'a' ? BOP_AND
				  : s[0] == 'o' ? BOP_OR : BOP_XOR;
			return 1;
		}
		break;
	case OP_BAR:
		if (sfx_is(s, n, "sync") || sfx_is(s, n, "arrive") ||
		    sfx_is(s, n, "red")) {
			in->aux = s[0] == 's' ? BAR_SYNC
				  : s[0] == 'a' ? BAR_ARRIVE : BAR_RED;
			return 1;
		}
		if (sfx_is(s, n, "popc") || sfx_is(s, n, "and") ||
		    sfx_is(s, n, "or")) {
			in->bop = s[0] == 'p' ? BOP_POPC
				  : s[0] == 'a' ? BOP_AND : BOP_OR;
			return 1;
		}
		if (sfx_is(s, n, "warp") && !in->aux) {
			in->op = OP_BARWARP;
			return 1;
		}
		break;
	case OP_BARWARP:
		if (sfx_is(s, n, "sync")) {
			in->aux = BAR_SYNC;
			return 1;
		}
		break;
	case OP_SHFL:
		if (sfx_is(s, n, "sync"))
			return 1;
		if ((i = NAME_FIND(ptx_shfl_names, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		break;
	case OP_VOTE:
		if (sfx_is(s, n, "sync"))
			return 1;
		if ((i = NAME_FIND(ptx_vote_names, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		break;
	case OP_MATCH:
		if (sfx_is(s, n, "sync"))
			return 1;
		if ((i = NAME_FIND(ptx_match_names, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		break;
	case OP_PRMT:
		if ((i = NAME_FIND(ptx_prmt_names, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		break;
	case OP_TESTP:
		if ((i = NAME_FIND(ptx_testp_names, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		break;
	case OP_SHF:
		if (sfx_is(s, n, "l")) {
			in->mods |= MOD_SHF_L;
			return 1;
		}
		if (sfx_is(s, n, "r") || sfx_is(s, n, "clamp"))
			return 1;
		if (sfx_is(s, n, "wrap")) {
			in->mods |= MOD_WRAP;
			return 1;
		}
		break;
	case OP_FENCE:
		if (sfx_is(s, n, "cta")) {
			in->aux = FENCE_CTA;
			return 1;
		}
		if (sfx_is(s, n, "gl") || sfx_is(s, n, "gpu")) {
			in->aux = FENCE_GL;
			return 1;
		}
		if (sfx_is(s, n, "sys")) {
			in->aux = FENCE_SYS;
			return 1;
		}
		if (sfx_is(s, n, "sc") || sfx_is(s, n, "acq_rel"))
			return 1;
		/* sm_90 fence forms (fence.proxy.async{.shared::cta},
		 * fence.mbarrier_init.release.cluster): every access is
		 * performed in order here, so they order nothing more */
		if (sfx_is(s, n, "proxy") || sfx_is(s, n, "async") ||
		    sfx_is(s, n, "alias") || sfx_is(s, n, "mbarrier_init") ||
		    sfx_is(s, n, "release") || sfx_is(s, n, "acquire") ||
		    sfx_is(s, n, "cluster")) {
			if (!in->aux)
				in->aux = FENCE_CTA;
			return 1;
		}
		break;
	case OP_BRX:
		if (sfx_is(s, n, "idx")) {
			c->saw_idx = true;
			return 1;
		}
		break;
	case OP_NOP:
		if (sfx_is(s, n, "L1") || sfx_is(s, n, "L2"))
			return 1;
		break;
	case OP_REDUX:
		if (sfx_is(s, n, "sync"))
			return 1;
		if ((i = NAME_FIND(ptx_atom_names, s, n)) &&
		    (i == ATOM_ADD || i == ATOM_MIN || i == ATOM_MAX ||
		     i == ATOM_AND || i == ATOM_OR || i == ATOM_XOR)) {
			in->aux = (uint8_t)i;
			return 1;
		}
		break;
	case OP_ELECT:
		if (sfx_is(s, n, "sync")) {
			in->aux = 1;
			return 1;
		}
		break;
	case OP_BMSK:
		if (sfx_is(s, n, "clamp"))
			return 1;
		if (sfx_is(s, n, "wrap")) {
			in->mods |= MOD_WRAP;
			return 1;
		}
		break;
	case OP_VIDEO:
	case OP_VIDEO2:
	case OP_VIDEO4:
		for (i = 1; i < PT__COUNT; i++) {
			if (!sfx_is(s, n, ptype_name((enum ptype)i)))
				continue;
			if (in->type == PT_NONE)
				in->type = (uint8_t)i;
			else if (in->type2 == PT_NONE)
				in->type2 = (uint8_t)i;
			else if (in->cmp == 0)
				in->cmp = (uint8_t)i;
			else
				return 0;
			return 1;
		}
		if (sfx_is(s, n, "add") || sfx_is(s, n, "min") ||
		    sfx_is(s, n, "max")) {
			if (in->bop)
				return 0;
			in->bop = s[1] == 'd' ? VSEC_ADD
				  : s[1] == 'i' ? VSEC_MIN : VSEC_MAX;
			return 1;
		}
		break;
	case OP_CPASYNC:
		if (sfx_is(s, n, "async") && !c->saw_async) {
			c->saw_async = true;
			return 1;
		}
		if (!c->saw_async)
			break;
		if (sfx_is(s, n, "commit_group") || sfx_is(s, n, "wait_group") ||
		    sfx_is(s, n, "wait_all")) {
			in->op = OP_CPAWAIT;
			in->aux = s[0] == 'c' ? CPA_COMMIT
				  : s[5] == 'g' ? CPA_WAIT_GROUP : CPA_WAIT_ALL;
			return 1;
		}
		if (sfx_is(s, n, "mbarrier")) {
			in->op = OP_MBAR;
			c->cp_mbar = true;
			return 1;
		}
		if (sfx_is(s, n, "shared") || sfx_is(s, n, "shared::cta") ||
		    sfx_is(s, n, "global"))
			return 1; /* the copy's spaces are fixed */
		if (sfx_is(s, n, "L2::cache_hint")) {
			in->mods |= MOD_L2HINT;
			return 1;
		}
		if (n > 4 && !memcmp(s, "L2::", 4))
			return 1; /* prefetch size L2::64B/128B/256B */
		break;
	case OP_ISTYPEP: {
		static const char *const ty[] = {"", "texref", "samplerref",
						 "surfref"};
		if (!in->aux && (i = NAME_FIND(ty, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		break;
	}
	case OP_TXQ:
	case OP_SUQ:
		if (in->op == OP_TXQ && sfx_is(s, n, "level") && !in->aux) {
			in->bop = 1;
			return 1;
		}
		if (!in->aux && (i = NAME_FIND(ptx_txq_names, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		break;
	case OP_TEX:
	case OP_SULD:
	case OP_SUST:
	case OP_SURED: {
		static const char *const sm[] = {"", "trap", "clamp", "zero"};
		static const char *const comp[] = {"", "r", "g", "b", "a"};
		bool tex = in->op == OP_TEX;
		if (c->tld4 && !in->cmp && !in->aux &&
		    (i = NAME_FIND(comp, s, n))) {
			in->cmp = (uint8_t)i;
			return 1;
		}
		if (!in->aux && (i = NAME_FIND(ptx_geom_names, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		if (tex && !c->tld4 && !in->aux && !in->bop &&
		    (sfx_is(s, n, "level") || sfx_is(s, n, "grad"))) {
			in->bop = s[0] == 'l' ? TL_LEVEL : TL_GRAD;
			return 1;
		}
		if (in->op == OP_SURED && !c->sur_b && !in->aux &&
		    sfx_is(s, n, "p")) {
			c->sur_b = true;
			in->rnd = 1;
			return 1;
		}
		if (in->op == OP_SURED && c->sur_b && !in->bop && !in->aux &&
		    (i = NAME_FIND(ptx_atom_names, s, n)) &&
		    (i == ATOM_ADD || i == ATOM_MIN || i == ATOM_MAX ||
		     i == ATOM_AND || i == ATOM_OR)) {
			in->bop = (uint8_t)i;
			return 1;
		}
		if (!tex && sfx_is(s, n, "b") && !c->sur_b) {
			c->sur_b = true;
			return 1;
		}
		if (!tex && (i = NAME_FIND(sm, s, n))) {
			in->cmp = (uint8_t)i;
			return 1;
		}
		if (!tex && in->op != OP_SURED && (sfx_is(s, n, "ca") ||
					 sfx_is(s, n, "cg") || sfx_is(s, n, "cs") ||
					 sfx_is(s, n, "cv") || sfx_is(s, n, "wb") ||
					 sfx_is(s, n, "wt")))
			return 1; /* cache operators: no effect */
		break;
	}
	case OP_MBAR: {
		static const char *const mb[] = {
			"", "init", "inval", "arrive", "arrive_drop",
			"expect_tx", "complete_tx", "test_wait", "try_wait",
			"pending_count",
		};
		if (c->cp_mbar && !in->aux && sfx_is(s, n, "arrive")) {
			in->aux = MBAR_CP_ARRIVE;
			return 1;
		}
		if (c->cp_mbar && sfx_is(s, n, "noinc")) {
			in->mods |= MOD_NOINC;
			return 1;
		}
		if (!in->aux && (i = NAME_FIND(mb, s, n))) {
			in->aux = (uint8_t)i;
			return 1;
		}
		if ((in->aux == MBAR_ARRIVE || in->aux == MBAR_ARRIVE_DROP) &&
		    sfx_is(s, n, "expect_tx")) {
			in->mods |= MOD_EXPECT_TX;
			return 1;
		}
		if ((in->aux == MBAR_ARRIVE || in->aux == MBAR_ARRIVE_DROP) &&
		    sfx_is(s, n, "noComplete")) {
			in->mods |= MOD_NOCOMPLETE;
			return 1;
		}
		if ((in->aux == MBAR_TEST_WAIT || in->aux == MBAR_TRY_WAIT) &&
		    sfx_is(s, n, "parity")) {
			in->mods |= MOD_PARITY;
			return 1;
		}
		if (sfx_is(s, n, "cluster"))
			return 1; /* scope: clusters are one CTA */
		for (i = 0; i < (int)ARRAY_SIZE(memsem_names); i++)
			if (sfx_is(s, n, memsem_names[i]))
				return 1;
		break;
	}
	default:
		break;
	}
	if (in->op == OP_LD || in->op == OP_ST || in->op == OP_ATOM ||
	    in->op == OP_RED) {
		for (i = 0; i < (int)ARRAY_SIZE(memsem_names); i++)
			if (sfx_is(s, n, memsem_names[i]))
				return 1;
		/* eviction priorities and prefetch sizes (L1::evict_last,
		 * L2::128B...): cache hints without an effect here;
		 * L2::cache_hint takes an operand and is not supported */
		if (n > 4 && (!memcmp(s, "L1::", 4) || !memcmp(s, "L2::", 4)) &&
		    !sfx_is(s, n, "L2::cache_hint"))
			return 1;
		if (sfx_is(s, n, "cluster") || sfx_is(s, n, "mmio"))
			return 1;
	}
	return 0;
}

/* Apply one suffix; -1 if it is not valid here. */
static int dc_sfx(struct dctx *c, const char *s, size_t n)
{
	struct insn *in = &c->in;
	int i;

	if (dc_sfx_op(c, s, n))
		return 0;
	for (i = 1; i < PT__COUNT; i++) {
		if (sfx_is(s, n, ptype_name((enum ptype)i))) {
			if (in->type == PT_NONE)
				in->type = (uint8_t)i;
			else if (in->type2 == PT_NONE)
				in->type2 = (uint8_t)i;
			else
				return -1;
			return 0;
		}
	}
	if ((i = NAME_FIND(ptx_rnd_names, s, n))) {
		in->rnd = (uint8_t)i;
		return 0;
	}
	for (i = 0; i < (int)ARRAY_SIZE(mod_names); i++) {
		if (sfx_is(s, n, mod_names[i].s)) {
			in->mods |= mod_names[i].mod;
			return 0;
		}
	}
	if ((i = NAME_FIND(ptx_space_names, s, n))) {
		in->space = (uint8_t)i;
		return 0;
	}
	/* sm_80+ sub-qualified spaces: a cluster is one CTA here, so both
	 * name the executing CTA's shared memory (docs/semantics.md) */
	if (sfx_is(s, n, "shared::cta") || sfx_is(s, n, "shared::cluster")) {
		in->space = SP_SHARED;
		return 0;
	}
	if (sfx_is(s, n, "v2") || sfx_is(s, n, "v4")) {
		in->vec = (uint8_t)(s[1] - '0');
		return 0;
	}
	return -1;
}

/* Does op need an instruction type? */
static bool dc_needs_type(const struct insn *in)
{
	switch (in->op) {
	case OP_BAR:
		return in->aux == BAR_RED;
	case OP_BARWARP:
	case OP_BRA:
	case OP_BRX:
	case OP_CALL:
	case OP_EXIT:
	case OP_FENCE:
	case OP_NOP:
	case OP_RET:
	case OP_TRAP:
	case OP_ELECT:
	case OP_CPASYNC:
	case OP_CPAWAIT:
		return false;
	case OP_MBAR:
		return in->aux != MBAR_CP_ARRIVE;
	default:
		return true;
	}
}

/* Whether type t is a bit-size type (.bN). */
static bool dc_type_bits(uint8_t t)
{
	return t >= PT_B8 && t <= PT_B128;
}

/* Type classes for dc_type_rules. */
enum {
	TC_B = 1 << 0, /* .bN */
	TC_U = 1 << 1, /* .uN */
	TC_S = 1 << 2, /* .sN */
	TC_F = 1 << 3, /* .f16 .f16x2 .bf16 .f32 .f64 */
	TC_P = 1 << 4, /* .pred */
	TC_I = TC_U | TC_S,
};

static unsigned dc_type_class(uint8_t t)
{
	if (t == PT_PRED)
		return TC_P;
	if (dc_type_bits(t))
		return TC_B;
	if (ptype_is_float((enum ptype)t))
		return TC_F;
	return ptype_is_signed((enum ptype)t) ? TC_S : TC_U;
}

/*
 * The instruction types each opcode accepts (PTX ISA, per instruction's
 * ".type" list; 0: any).  Opcodes whose type depends on a sub-operation
 * (atom, red, bar.red) or that take every type (mov, ld, st, cvt, selp)
 * are not listed.
 */
static unsigned dc_type_classes(const struct insn *in)
{
	switch (in->op) {
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_MAD: case OP_DIV:
	case OP_MIN: case OP_MAX:
		return TC_I | TC_F;
	case OP_FMA: case OP_RCP: case OP_SQRT: case OP_RSQRT: case OP_SIN:
	case OP_COS: case OP_LG2: case OP_EX2: case OP_TANH:
	case OP_COPYSIGN: case OP_TESTP:
		return TC_F;
	case OP_ABS: case OP_NEG:
		return TC_S | TC_F;
	case OP_REM: case OP_ADDC: case OP_SUBC: case OP_MADC:
	case OP_MUL24: case OP_MAD24: case OP_SAD: case OP_BFE: case OP_BFIND:
		return TC_I;
	case OP_AND: case OP_OR: case OP_XOR: case OP_NOT:
		return TC_B | TC_P;
	case OP_CNOT: case OP_SHL: case OP_POPC: case OP_CLZ: case OP_BREV:
	case OP_BFI: case OP_SHF: case OP_PRMT: case OP_LOP3: case OP_SHFL:
	case OP_MATCH:
		return TC_B;
	case OP_VOTE:
		return TC_B | TC_P;
	case OP_REDUX:
		return TC_B | TC_I;
	case OP_BMSK:
		return TC_B;
	case OP_VIDEO: case OP_VIDEO2: case OP_VIDEO4:
		return TC_I;
	case OP_SHR:
		return TC_B | TC_I;
	case OP_CVTA:
		return TC_U;
	default:
		return 0;
	}
}

/* Whether rounding modifier .rnd is allowed on in (float arithmetic). */
static bool dc_rnd_ok(const struct insn *in)
{
	switch (in->op) {
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_MAD: case OP_FMA:
	case OP_DIV: case OP_SQRT: case OP_RCP:
		return ptype_is_float((enum ptype)in->type) &&
		       in->rnd <= RND_RP;
	case OP_CVT:
		return true;
	default:
		return false;
	}
}

/*
 * Instruction-type and modifier combinations that do not exist (ptxas:
 * "Unexpected instruction types", "Illegal rounding modifier", "Rounding
 * modifier required").  NULL when in is well formed, else why not.
 */
static const char *dc_type_rules(const struct insn *in)
{
	unsigned want = dc_type_classes(in), tc = dc_type_class(in->type);
	bool fl = tc == TC_F;

	if (want && !(want & tc))
		return "instruction type not allowed for this opcode";
	if (in->rnd && in->op != OP_SURED && !dc_rnd_ok(in)) /* sured: .p */
		return "rounding modifier not allowed here";
	if ((in->op == OP_FMA || (in->op == OP_MAD && fl)) && !in->rnd)
		return "rounding modifier required";
	if ((in->op == OP_MUL || in->op == OP_MAD) &&
	    fl == !!(in->mods & (MOD_HI | MOD_LO | MOD_WIDE)))
		return fl ? ".hi/.lo/.wide apply only to integer types"
			  : ".hi, .lo or .wide required for integer types";
	if ((in->mods & MOD_WIDE) && ptype_size((enum ptype)in->type) > 4)
		return ".wide needs a 16- or 32-bit type";
	if ((in->mods & MOD_FTZ) && !fl && in->op != OP_SETP &&
	    in->op != OP_SET && in->op != OP_CVT)
		return ".ftz applies only to floating-point types";
	if ((in->mods & MOD_CC) && fl)
		return ".cc applies only to integer types";
	if (fl && ((in->op == OP_DIV &&
		    !(in->rnd || (in->mods & (MOD_APPROX | MOD_FULL)))) ||
		   ((in->op == OP_SQRT || in->op == OP_RCP) &&
		    !(in->rnd || (in->mods & MOD_APPROX)))))
		return "rounding modifier or .approx required";
	if ((in->op == OP_SIN || in->op == OP_COS || in->op == OP_LG2 ||
	     in->op == OP_EX2 || in->op == OP_TANH || in->op == OP_RSQRT) &&
	    !(in->mods & MOD_APPROX))
		return ".approx required";
	if ((in->op == OP_MUL24 || in->op == OP_MAD24) &&
	    ptype_size((enum ptype)in->type) != 4)
		return "only 32-bit types allowed";
	if ((in->op == OP_ADD || in->op == OP_SUB) && (in->mods & MOD_SAT) &&
	    !fl && in->type != PT_S32)
		return ".sat applies only to .s32 and floating-point types";
	if (in->op == OP_CVT && (fl || dc_type_class(in->type2) == TC_F)) {
		bool sfl = dc_type_class(in->type2) == TC_F;
		bool narrow = ptype_size((enum ptype)in->type) <
			      ptype_size((enum ptype)in->type2);
		if (fl && (!sfl || narrow) &&
		    !(in->rnd >= RND_RN && in->rnd <= RND_RP))
			return "rounding modifier (.rn .rz .rm .rp) required";
		if (!fl && !(in->rnd >= RND_RNI && in->rnd <= RND_RPI))
			return "integer rounding modifier (.rni .rzi .rmi "
			       ".rpi) required";
	}
	if ((in->op == OP_SETP || in->op == OP_SET) &&
	    dc_type_class(in->op == OP_SET ? in->type2 : in->type) == TC_B &&
	    in->cmp != CMP_EQ && in->cmp != CMP_NE)
		return "only eq and ne compare bit-size types";
	return NULL;
}

/* Split the opcode token and fill op and modifiers. */
static int dc_opcode(struct dctx *c)
{
	const struct tok *t = c->op_tok;
	const char *s = t->s, *end = t->s + t->len;
	const char *dot = memchr(s, '.', t->len);
	struct insn *in = &c->in;

	size_t blen = (size_t)((dot ? dot : end) - s);
	for (size_t i = 0; i < ARRAY_SIZE(tensor_names); i++)
		if (sfx_is(s, blen, tensor_names[i]))
			return ptx_err_tok(c->p->pf, t, "unsupported: tensor-core "
					   "instruction %.*s (issue 18)",
					   (int)t->len, t->s);
	int op = dc_base(s, blen);
	if (op < 0 && sfx_is(s, blen, "tld4")) {
		op = OP_TEX; /* a gather: the same operands and timing as tex */
		c->tld4 = true;
	}
	for (size_t i = 0; op < 0 && i < ARRAY_SIZE(video_names); i++) {
		if (!sfx_is(s, blen, video_names[i].s))
			continue;
		op = video_names[i].n == 1 ? OP_VIDEO
		     : video_names[i].n == 2 ? OP_VIDEO2 : OP_VIDEO4;
		in->aux = video_names[i].vop;
	}
	if (op < 0)
		return dc_unsupported(c);
	in->op = (uint16_t)op;
	while (dot) {
		s = dot + 1;
		dot = memchr(s, '.', (size_t)(end - s));
		if (dc_sfx(c, s, (size_t)((dot ? dot : end) - s)))
			return dc_unsupported(c);
	}
	bool ok = true;
	if (dc_needs_type(in) && in->type == PT_NONE)
		ok = false;
	switch (in->op) {
	case OP_CVT:
	case OP_SLCT:
	case OP_SET:
		ok = ok && in->type2 != PT_NONE;
		break;
	case OP_ATOM:
	case OP_RED:
	case OP_SHFL:
	case OP_VOTE:
	case OP_MATCH:
	case OP_TESTP:
	case OP_FENCE:
	case OP_BAR:
		ok = ok && in->aux != 0;
		break;
	case OP_BRX:
		ok = c->saw_idx;
		break;
	case OP_REDUX:
	case OP_ELECT:
	case OP_MBAR:
	case OP_CPAWAIT:
		ok = ok && in->aux != 0;
		break;
	case OP_CPASYNC:
		ok = c->saw_async && (in->mods & (MOD_CA | MOD_CG));
		break;
	case OP_TEX: /* tex{.level,.grad}.geom.v4.dtype.ctype,
		      * tld4.comp.geom.v4.dtype.f32 */
		ok = ok && in->aux && in->vec == 4 && in->type2 != PT_NONE &&
		     (in->type == PT_F32 || in->type == PT_S32 ||
		      in->type == PT_U32) &&
		     (in->type2 == PT_F32 || in->type2 == PT_S32);
		/* cubes sample by direction (f32); lod/gradients are f32;
		 * tld4 takes 2d, a2d, cube and acube */
		if ((in->aux >= TG_CUBE || in->bop) && in->type2 != PT_F32)
			ok = false;
		if (c->tld4 &&
		    (!in->cmp || in->type2 != PT_F32 ||
		     (in->aux != TG_2D && in->aux != TG_A2D &&
		      in->aux != TG_CUBE && in->aux != TG_ACUBE)))
			ok = false;
		if (in->bop == TL_GRAD && in->aux >= TG_CUBE)
			ok = false;
		break;
	case OP_ISTYPEP: /* istypep.type p, a */
		ok = in->aux != 0;
		break;
	case OP_TXQ: /* txq{.level}.attr.b32 */
	case OP_SUQ:
		ok = in->aux && in->type == PT_B32 &&
		     (in->op == OP_TXQ ? in->aux != TQ_MEMORY_LAYOUT
		      : (in->aux <= TQ_CHANNEL_ORDER ||
			 in->aux == TQ_ARRAY_SIZE ||
			 in->aux == TQ_MEMORY_LAYOUT)) &&
		     (!in->bop || in->aux <= TQ_DEPTH);
		break;
	case OP_SURED: /* sured.{b,p}.op.geom.ctype.mode */
		ok = ok && in->aux && in->aux <= TG_3D && c->sur_b && in->cmp &&
		     in->bop && in->vec == 1 &&
		     (in->rnd ? (in->type == PT_B32 || in->type == PT_B64)
		      : (in->type == PT_U32 || in->type == PT_S32 ||
			 in->type == PT_B32 || in->type == PT_U64 ||
			 in->type == PT_S64));
		/* .b: add on u32/u64/s32, min/max on integers, and/or on b32;
		 * .p: b64 only with min and max */
		if (!in->rnd && in->bop == ATOM_ADD &&
		    in->type != PT_U32 && in->type != PT_U64 &&
		    in->type != PT_S32)
			ok = false;
		if (!in->rnd && (in->bop == ATOM_MIN || in->bop == ATOM_MAX) &&
		    in->type == PT_B32)
			ok = false;
		if (!in->rnd && (in->bop == ATOM_AND || in->bop == ATOM_OR) &&
		    in->type != PT_B32)
			ok = false;
		if (in->rnd && in->type == PT_B64 && in->bop != ATOM_MIN &&
		    in->bop != ATOM_MAX)
			ok = false;
		break;
	case OP_SULD:
	case OP_SUST: /* su{ld,st}.b.geom{.v2,.v4}.bN.mode */
		ok = ok && in->aux && in->aux <= TG_A2D && c->sur_b && in->cmp &&
		     !in->rnd && dc_type_bits(in->type) && in->type != PT_B128;
		break;
	case OP_VIDEO:
	case OP_VIDEO2:
	case OP_VIDEO4:
		/* dtype.atype.btype; the SIMD forms take only .u32/.s32 */
		ok = ok && in->type2 != PT_NONE && in->cmp != 0 &&
		     ptype_size((enum ptype)in->type) == 4 &&
		     dc_type_class(in->type2) & TC_I &&
		     dc_type_class(in->cmp) & TC_I &&
		     (in->op == OP_VIDEO ||
		      (ptype_size((enum ptype)in->type2) == 4 &&
		       ptype_size((enum ptype)in->cmp) == 4));
		break;
	case OP_CVTA:
		ok = ok && in->space != SP_GENERIC;
		break;
	case OP_LD:
	case OP_ST:
		ok = ok && in->type != PT_PRED;
		break;
	default:
		break;
	}
	if ((in->op == OP_SETP || in->op == OP_SET) && !in->cmp)
		ok = false;
	if (in->op != OP_CVT && in->op != OP_SLCT && in->op != OP_SET &&
	    in->op != OP_VIDEO && in->op != OP_VIDEO2 &&
	    in->op != OP_VIDEO4 && in->op != OP_TEX && in->type2 != PT_NONE)
		ok = false;
	if ((in->op == OP_REDUX && ptype_size((enum ptype)in->type) != 4) ||
	    (in->op == OP_REDUX && (in->aux == ATOM_ADD || in->aux == ATOM_MIN ||
				    in->aux == ATOM_MAX) &&
	     dc_type_class(in->type) == TC_B) ||
	    (in->op == OP_REDUX && (in->aux == ATOM_AND || in->aux == ATOM_OR ||
				    in->aux == ATOM_XOR) &&
	     dc_type_class(in->type) != TC_B))
		ok = false;
	if (in->op == OP_BMSK && in->type != PT_B32)
		ok = false;
	if (in->op == OP_MBAR && in->aux != MBAR_CP_ARRIVE &&
	    in->aux != MBAR_PENDING_COUNT && in->type != PT_B64)
		ok = false;
	if (in->vec != 1 && in->op != OP_LD && in->op != OP_ST &&
	    in->op != OP_TEX && in->op != OP_SULD && in->op != OP_SUST)
		ok = false;
	if (!ok)
		return dc_unsupported(c);
	const char *why = dc_type_rules(in);
	if (why)
		return ptx_err_tok(c->p->pf, t, "'%.*s': %s", (int)t->len, t->s,
				   why);
	return 0;
}

/* ---- operands --------------------------------------------------------------- */

static int dc_parse_opnd(struct dctx *c, struct popnd *po)
{
	struct parser *p = c->p;
	const struct tok *t = pp_next(p);
	bool neg = false;

	memset(po, 0, sizeof(*po));
	po->t = t;
	if (pp_is_punct(t, '{')) {
		po->kind = PO_VEC;
		do {
			const struct tok *e = pp_next(p);
			if (e->kind != T_IDENT)
				return dc_err(c, e, "expected a register");
			if (po->n >= 4)
				return dc_err(c, e, "vector operand too large");
			po->el[po->n++] = e;
		} while (pp_accept(p, ','));
		return pp_expect(p, '}');
	}
	if (pp_is_punct(t, '[')) {
		const struct tok *b = pp_next(p);
		po->kind = PO_MEM;
		if (b->kind == T_IDENT && pp_accept(p, ',')) {
			/* [handle, {coordinates}] */
			po->kind = PO_TEXADDR;
			po->t = b;
			if (pp_expect(p, '{'))
				return -1;
			do {
				const struct tok *e = pp_next(p);
				if (e->kind != T_IDENT)
					return dc_err(c, e, "expected a register");
				if (po->n >= 4)
					return dc_err(c, e, "too many coordinates");
				po->el[po->n++] = e;
			} while (pp_accept(p, ','));
			if (pp_expect(p, '}'))
				return -1;
			return pp_expect(p, ']');
		}
		if (b->kind == T_IDENT) {
			po->t = b;
			if (pp_accept(p, '+')) {
				neg = pp_accept(p, '-');
			} else if (pp_accept(p, '-')) {
				neg = true;
			} else {
				return pp_expect(p, ']');
			}
			b = pp_next(p);
		} else {
			po->t = NULL;
			if (pp_is_punct(b, '-')) {
				neg = true;
				b = pp_next(p);
			}
		}
		if (b->kind != T_INT || b->ovf)
			return dc_err(c, b, "bad address offset");
		po->off = neg ? -(int64_t)b->u : (int64_t)b->u;
		return pp_expect(p, ']');
	}
	if (pp_is_punct(t, '!')) {
		po->kind = PO_NOT;
		po->t = pp_next(p);
		if (po->t->kind != T_IDENT)
			return dc_err(c, po->t, "expected a predicate");
		return 0;
	}
	if (pp_is_punct(t, '-')) {
		neg = true;
		t = pp_next(p);
	}
	switch (t->kind) {
	case T_INT:
		if (t->ovf)
			return dc_err(c, t, "integer literal out of range");
		po->kind = PO_INT;
		po->off = (int64_t)(neg ? (uint64_t)0 - t->u : t->u);
		return 0;
	case T_FLOAT:
		po->kind = PO_FLT;
		po->f = neg ? -t->f : t->f;
		return 0;
	case T_F32:
		po->kind = PO_F32;
		po->bits = neg ? t->u ^ 0x80000000u : t->u;
		return 0;
	case T_F64:
		po->kind = PO_F64;
		po->bits = neg ? t->u ^ ((uint64_t)1 << 63) : t->u;
		return 0;
	case T_IDENT:
		if (neg)
			break;
		po->kind = PO_NAME;
		if (pp_accept(p, '|')) {
			po->kind = PO_DUAL;
			po->t2 = pp_next(p);
			if (po->t2->kind != T_IDENT)
				return dc_err(c, po->t2, "expected a predicate");
		} else if (pp_is_punct(pp_peek(p), '+')) {
			p->pos++;
			const struct tok *o = pp_next(p);
			if (o->kind != T_INT || o->ovf)
				return dc_err(c, o, "bad offset");
			po->off = (int64_t)o->u;
		}
		return 0;
	default:
		break;
	}
	return dc_err(c, t, "expected an operand");
}

static const struct {
	const char *s; /* spelling */
	uint8_t id;    /* enum sreg */
} sreg_names[] = {
	{"%tid.x", SR_TID_X}, {"%tid.y", SR_TID_Y}, {"%tid.z", SR_TID_Z},
	{"%ntid.x", SR_NTID_X}, {"%ntid.y", SR_NTID_Y},
	{"%ntid.z", SR_NTID_Z}, {"%ctaid.x", SR_CTAID_X},
	{"%ctaid.y", SR_CTAID_Y}, {"%ctaid.z", SR_CTAID_Z},
	{"%nctaid.x", SR_NCTAID_X}, {"%nctaid.y", SR_NCTAID_Y},
	{"%nctaid.z", SR_NCTAID_Z}, {"%laneid", SR_LANEID},
	{"%warpid", SR_WARPID}, {"%nwarpid", SR_NWARPID},
	{"%smid", SR_SMID}, {"%nsmid", SR_NSMID}, {"%gridid", SR_GRIDID},
	{"%lanemask_eq", SR_LANEMASK_EQ}, {"%lanemask_le", SR_LANEMASK_LE},
	{"%lanemask_lt", SR_LANEMASK_LT}, {"%lanemask_ge", SR_LANEMASK_GE},
	{"%lanemask_gt", SR_LANEMASK_GT}, {"%clock", SR_CLOCK},
	{"%clock_hi", SR_CLOCK_HI}, {"%clock64", SR_CLOCK64},
	{"%globaltimer", SR_GLOBALTIMER},
	{"%globaltimer_lo", SR_GLOBALTIMER_LO},
	{"%globaltimer_hi", SR_GLOBALTIMER_HI},
	{"%dynamic_smem_size", SR_DYNAMIC_SMEM_SIZE},
	{"%total_smem_size", SR_TOTAL_SMEM_SIZE},
	{"WARP_SZ", SR_WARP_SZ}, /* warpSize: a run-time constant */
};

/* Special register named by t, or -1; %envregN gives SR_ENVREG and *n. */
static int dc_sreg(const struct tok *t, int64_t *n)
{
	for (size_t i = 0; i < ARRAY_SIZE(sreg_names); i++)
		if (pp_tok_is(t, sreg_names[i].s))
			return sreg_names[i].id;
	if (t->len > 7 && t->len < 10 && !memcmp(t->s, "%envreg", 7)) {
		int64_t v = 0;
		for (uint32_t i = 7; i < t->len; i++) {
			if (t->s[i] < '0' || t->s[i] > '9')
				return -1;
			v = v * 10 + (t->s[i] - '0');
		}
		if (v > 31)
			return -1;
		*n = v;
		return SR_ENVREG;
	}
	return -1;
}

static void dc_reloc(struct dctx *c, unsigned idx, uint8_t kind, uint32_t sym)
{
	if (c->n_rel >= PTX_MAX_OPNDS)
		return;
	c->rel[c->n_rel].opnd = (uint8_t)idx;
	c->rel[c->n_rel].kind = kind;
	c->rel[c->n_rel].sym = sym;
	c->n_rel++;
}

/* Value of a symbol as an address (OK_IMM), with relocations. */
static int dc_symbol(struct dctx *c, const struct tok *t, int64_t off,
		     const struct lsym *l, struct opnd *o, unsigned idx)
{
	struct parser *p = c->p;
	o->kind = OK_IMM;
	if (l) {
		o->imm = (int64_t)l->base + off;
		switch (l->kind) {
		case LS_KPARAM:
			c->hint = AH_KPARAM;
			return 0;
		case LS_FRAME:
			c->hint = AH_FRAME;
			dc_reloc(c, idx, RL_FRAME, 0);
			return 0;
		case LS_SHARED:
			o->imm = off;
			dc_reloc(c, idx,
				 p->pf->svars[l->base].is_extern ? RL_DYNSHARED
								 : RL_SHARED,
				 l->base);
			return 0;
		default:
			return dc_err(c, t, "register used as an address");
		}
	}
	const struct gsym *g = pp_gsym(p, t->s, t->len);
	if (!g)
		return ptx_func_addr(p->pf, t, off, &o->imm);
	if (g->kind == GS_VAR) {
		o->imm = (int64_t)(p->pf->m->vars[g->idx].addr + (uint64_t)off);
	} else {
		o->imm = off;
		dc_reloc(c, idx,
			 p->pf->svars[g->idx].is_extern ? RL_DYNSHARED
							: RL_SHARED,
			 g->idx);
	}
	return 0;
}

/* Resolve a name operand (register, predicate, special register, symbol). */
static int dc_name(struct dctx *c, const struct tok *t, int64_t off,
		   struct opnd *o, unsigned idx, bool want_pred)
{
	struct parser *p = c->p;
	uint32_t k;
	int64_t n = 0;
	int sr;

	memset(o, 0, sizeof(*o));
	c->rtype = PT_NONE;
	if (pp_tok_is(t, "_")) {
		if (want_pred) {
			o->kind = OK_PRED;
			o->reg = pp_scratch_pred(p);
		} else {
			o->kind = OK_REG;
			o->reg = pp_scratch_reg(p);
			o->size = 8;
		}
		return 0;
	}
	const struct lsym *l = pp_lookup(p, t->s, t->len, &k);
	if (l && (l->kind == LS_REG || l->kind == LS_PRED)) {
		if (off)
			return dc_err(c, t, "offset on a register operand");
		o->kind = l->kind == LS_REG ? OK_REG : OK_PRED;
		o->reg = l->base + k;
		o->size = l->size;
		if (l->kind == LS_REG)
			c->rtype = l->type;
		if (want_pred != (o->kind == OK_PRED))
			return ptx_err_tok(p->pf, t,
					   want_pred ? "'%.*s' is not a predicate"
						     : "unexpected predicate '%.*s'",
					   (int)t->len, t->s);
		return 0;
	}
	if (!l && (sr = dc_sreg(t, &n)) >= 0) {
		if (want_pred || off)
			return dc_err(c, t, "bad use of a special register");
		o->kind = OK_SREG;
		o->reg = (uint32_t)sr;
		o->imm = n;
		return 0;
	}
	if (want_pred)
		return ptx_err_tok(p->pf, t, "'%.*s' is not a predicate",
				   (int)t->len, t->s);
	return dc_symbol(c, t, off, l, o, idx);
}

static bool dc_type_float(uint8_t ty) { return ty == PT_F32 || ty == PT_F64; }

/* ---- operand type checking (PTX ISA "Type Checking") ------------------------ */

/*
 * Whether a register declared with type rt may be an operand of
 * instruction type it.  Same size: a bit-size type on either side matches
 * anything; signed and unsigned integers match each other; a float matches
 * only a float.  A register narrower than the instruction type never
 * matches.  A wider register matches only when relaxed (ld, st and cvt,
 * the ISA's "operand size exceeding instruction-type size" rules): with a
 * bit-size instruction type any register, with an integer type a bit-size
 * or integer register, with a float type only a bit-size register.
 */
static bool dc_reg_type_ok(uint8_t it, uint8_t rt, bool relaxed)
{
	unsigned is = ptype_size((enum ptype)it), rs = ptype_size((enum ptype)rt);
	bool ifl = ptype_is_float((enum ptype)it);
	bool rfl = ptype_is_float((enum ptype)rt);

	if (!is || !rs) /* predicates and untyped operands: checked elsewhere */
		return true;
	if (rs < is || (rs > is && !relaxed))
		return false;
	if (dc_type_bits(it) || dc_type_bits(rt))
		return true;
	if (ifl != rfl)
		return false;
	return !ifl || rs == is;
}

/* ld, st and cvt take registers wider than their type. */
static bool dc_relaxed(const struct insn *in)
{
	return in->op == OP_LD || in->op == OP_ST || in->op == OP_CVT;
}

/*
 * After dc_name resolved operand o from token t: a register whose declared
 * type does not fit operand type ty is an error at the register.
 */
static int dc_check_reg(struct dctx *c, const struct tok *t,
			const struct opnd *o, uint8_t ty)
{
	if (o->kind != OK_REG || c->rtype == PT_NONE ||
	    dc_reg_type_ok(ty, c->rtype, dc_relaxed(&c->in)))
		return 0;
	return ptx_err_tok(c->p->pf, t, "register '%.*s' of type .%s does "
			   "not match the operand type .%s of '%.*s'",
			   (int)t->len, t->s, ptype_name((enum ptype)c->rtype),
			   ptype_name((enum ptype)ty), (int)c->op_tok->len,
			   c->op_tok->s);
}

/* Immediate in the bit pattern of type ty (zero-extended like a register). */
static int dc_imm(struct dctx *c, const struct popnd *po, uint8_t ty,
		  struct opnd *o)
{
	unsigned sz = ptype_size((enum ptype)ty);
	uint64_t v = 0;
	float f;
	double d;
	uint32_t b32;

	memset(o, 0, sizeof(*o));
	o->kind = OK_IMM;
	switch (po->kind) {
	case PO_INT:
		if (ty == PT_F32) {
			f = (float)po->off;
			memcpy(&b32, &f, 4);
			v = b32;
		} else if (ty == PT_F64) {
			d = (double)po->off;
			memcpy(&v, &d, 8);
		} else {
			v = (uint64_t)po->off;
			if (sz && sz < 8)
				v &= ((uint64_t)1 << (8 * sz)) - 1;
		}
		break;
	case PO_FLT:
	case PO_F32:
	case PO_F64:
		if (!dc_type_float(ty) && po->kind == PO_FLT)
			return dc_err(c, po->t, "floating-point literal for "
					       "a non-float operand");
		if (po->kind == PO_FLT)
			d = po->f;
		else if (po->kind == PO_F32) {
			b32 = (uint32_t)po->bits;
			memcpy(&f, &b32, 4);
			d = f;
		} else {
			memcpy(&d, &po->bits, 8);
		}
		if (ty == PT_F64 && po->kind != PO_F64) {
			memcpy(&v, &d, 8);
		} else if (ty == PT_F32 && po->kind != PO_F32) {
			f = (float)d;
			memcpy(&b32, &f, 4);
			v = b32;
		} else {
			v = po->bits;
		}
		break;
	default:
		return dc_err(c, po->t, "expected an immediate");
	}
	if (ty == PT_PRED)
		v = v != 0;
	o->imm = (int64_t)v;
	return 0;
}

/*
 * Element e (declared l) of an n-element vector operand: for ld/st each
 * element is an operand of the instruction type; for mov's pack/unpack
 * the elements split the instruction type's bits evenly.
 */
static int dc_vec_elem_check(struct dctx *c, const struct tok *e,
			     const struct lsym *l, unsigned n)
{
	const struct insn *in = &c->in;
	unsigned is = ptype_size((enum ptype)in->type);

	if (in->op == OP_MOV && is && l->size * n != is)
		return ptx_err_tok(c->p->pf, e, "register '%.*s' of type .%s "
				   "is not 1/%u of .%s", (int)e->len, e->s,
				   ptype_name((enum ptype)l->type), n,
				   ptype_name((enum ptype)in->type));
	if ((in->op == OP_LD || in->op == OP_ST) &&
	    !dc_reg_type_ok(in->type, l->type, true))
		return ptx_err_tok(c->p->pf, e, "register '%.*s' of type .%s "
				   "does not match the operand type .%s of "
				   "'%.*s'", (int)e->len, e->s,
				   ptype_name((enum ptype)l->type),
				   ptype_name((enum ptype)in->type),
				   (int)c->op_tok->len, c->op_tok->s);
	return 0;
}

/* Vector operand {a, b, ...} into vec_reg[]. */
static int dc_vec(struct dctx *c, const struct popnd *po, struct opnd *o)
{
	struct parser *p = c->p;
	if (c->vec_used)
		return dc_err(c, po->t, "two vector operands");
	c->vec_used = true;
	memset(o, 0, sizeof(*o));
	o->kind = OK_VEC;
	o->reg = po->n;
	for (unsigned i = 0; i < po->n; i++) {
		const struct tok *e = po->el[i];
		uint32_t k;
		if (pp_tok_is(e, "_")) {
			c->in.vec_reg[i] = pp_scratch_reg(p);
			continue;
		}
		const struct lsym *l = pp_lookup(p, e->s, e->len, &k);
		if (!l || l->kind != LS_REG)
			return ptx_err_tok(p->pf, e,
					   "'%.*s' is not a register",
					   (int)e->len, e->s);
		c->in.vec_reg[i] = l->base + k;
		if (!o->size)
			o->size = l->size;
		else if (o->size != l->size && c->in.op != OP_MOV)
			return ptx_err_tok(p->pf, e, "vector elements of "
					   "different sizes");
		if (dc_vec_elem_check(c, e, l, po->n))
			return -1;
	}
	if (!o->size)
		o->size = 8;
	return 0;
}

/* Source operand of type ty into o (immediates allowed). */
static int dc_src(struct dctx *c, const struct popnd *po, uint8_t ty,
		  struct opnd *o, unsigned idx, bool vec_ok)
{
	switch (po->kind) {
	case PO_NAME:
		if (dc_name(c, po->t, po->off, o, idx, ty == PT_PRED))
			return -1;
		return dc_check_reg(c, po->t, o, ty);
	case PO_NOT:
		if (ty != PT_PRED || dc_name(c, po->t, 0, o, idx, true))
			return ty != PT_PRED ? dc_err(c, po->t, "unexpected '!'")
					     : -1;
		o->flags |= OPND_NEG;
		return 0;
	case PO_VEC:
		if (!vec_ok)
			return dc_err(c, po->t, "unexpected vector operand");
		return dc_vec(c, po, o);
	case PO_MEM:
		return dc_err(c, po->t ? po->t : c->op_tok,
			      "unexpected address operand");
	case PO_DUAL:
		return dc_err(c, po->t2, "unexpected '|'");
	default:
		return dc_imm(c, po, ty, o);
	}
}

/* Destination operand: a register, predicate or (vec_ok) a vector. */
static int dc_dst(struct dctx *c, const struct popnd *po, uint8_t ty,
		  struct opnd *o, unsigned idx, bool vec_ok)
{
	if (po->kind == PO_VEC && vec_ok)
		return dc_vec(c, po, o);
	if (po->kind != PO_NAME)
		return dc_err(c, po->t, "destination must be a register");
	if (dc_name(c, po->t, po->off, o, idx, ty == PT_PRED))
		return -1;
	if (o->kind != OK_REG && o->kind != OK_PRED)
		return dc_err(c, po->t, "destination must be a register");
	return dc_check_reg(c, po->t, o, ty);
}

/* Second destination of d|p: a predicate, or PRED_NONE for `_`. */
static int dc_pdst(struct dctx *c, const struct popnd *po)
{
	struct opnd o;
	if (po->kind != PO_DUAL) {
		c->in.pdst = PRED_NONE;
		return 0;
	}
	if (pp_tok_is(po->t2, "_")) {
		c->in.pdst = PRED_NONE;
		return 0;
	}
	if (dc_name(c, po->t2, 0, &o, 0, true))
		return -1;
	c->in.pdst = o.reg;
	return 0;
}

/* Address operand [base+off] into o (OK_MEM). */
static int dc_mem(struct dctx *c, const struct popnd *po, struct opnd *o,
		  unsigned idx)
{
	struct parser *p = c->p;
	uint32_t k;

	if (po->kind != PO_MEM)
		return dc_err(c, po->t, "expected an address");
	memset(o, 0, sizeof(*o));
	o->kind = OK_MEM;
	o->reg = REG_NONE;
	o->imm = po->off;
	if (!po->t)
		return 0;
	const struct lsym *l = pp_lookup(p, po->t->s, po->t->len, &k);
	if (l && l->kind == LS_REG) {
		if (ptype_is_float((enum ptype)l->type))
			return ptx_err_tok(p->pf, po->t, "register '%.*s' of "
					   "type .%s used as an address",
					   (int)po->t->len, po->t->s,
					   ptype_name((enum ptype)l->type));
		o->reg = l->base + k;
		o->size = l->size;
		return 0;
	}
	if (l && l->kind == LS_PRED)
		return dc_err(c, po->t, "predicate used as an address");
	struct opnd s;
	if (dc_symbol(c, po->t, po->off, l, &s, idx))
		return -1;
	o->imm = s.imm;
	return 0;
}

/* ---- operand layout per opcode ---------------------------------------------- */

static uint8_t dc_wide(uint8_t ty)
{
	switch (ty) {
	case PT_S16: return PT_S32;
	case PT_U16: return PT_U32;
	case PT_S32: return PT_S64;
	case PT_U32: return PT_U64;
	case PT_B16: return PT_B32;
	case PT_B32: return PT_B64;
	default: return ty;
	}
}

/* Type of operand i of a generic (ALU-style) instruction. */
static uint8_t dc_opnd_type(const struct insn *in, unsigned i)
{
	switch (in->op) {
	case OP_CVT: return i == 0 ? in->type : in->type2;
	case OP_SET: return i == 0 ? in->type : i == 3 ? PT_PRED : in->type2;
	case OP_SETP: return (i == 0 || i == 3) ? PT_PRED : in->type;
	case OP_SELP: return i == 3 ? PT_PRED : in->type;
	case OP_SLCT: return i == 3 ? in->type2 : in->type;
	case OP_TESTP: return i == 0 ? PT_PRED : in->type;
	case OP_MUL:
	case OP_MAD:
		if ((in->mods & MOD_WIDE) && (i == 0 || i == 3))
			return dc_wide(in->type);
		return in->type;
	case OP_SHL:
	case OP_SHR: return i == 2 ? PT_U32 : in->type;
	case OP_SHF: return i == 3 ? PT_U32 : in->type;
	case OP_BFE: return i >= 2 ? PT_U32 : in->type;
	case OP_BFI: return i >= 3 ? PT_U32 : in->type;
	case OP_LOP3: return i == 4 ? PT_U32 : in->type;
	case OP_SHFL: return i >= 2 ? PT_B32 : in->type;
	case OP_MATCH: return i == 1 ? in->type : PT_B32; /* mask is .b32 */
	case OP_POPC:
	case OP_CLZ:
	case OP_BFIND: return i == 0 ? PT_U32 : in->type;
	case OP_VOTE:
		if (i == 1)
			return PT_PRED;
		if (i == 0)
			return in->aux == VOTE_BALLOT ? PT_B32 : PT_PRED;
		return PT_B32;
	case OP_BAR:
		if (in->aux == BAR_RED && i == 0)
			return in->type;
		return in->aux == BAR_RED && i == 3 ? PT_PRED : PT_U32;
	case OP_BARWARP:
	case OP_NANOSLEEP:
	case OP_BRX: return PT_U32;
	case OP_REDUX: return i == 2 ? PT_B32 : in->type;
	case OP_ELECT: return PT_B32;
	case OP_VIDEO:
	case OP_VIDEO2:
	case OP_VIDEO4:
		return i == 1 ? in->type2 : i == 2 ? in->cmp : in->type;
	default: return in->type;
	}
}

static const struct {
	uint8_t min, max; /* PTX operand count */
	bool dst;         /* o[0] is a destination */
} dc_arity[OP__COUNT] = {
	[OP_ABS] = {2, 2, 1},     [OP_ACTIVEMASK] = {1, 1, 1},
	[OP_ADD] = {3, 3, 1},     [OP_ADDC] = {3, 3, 1},
	[OP_AND] = {3, 3, 1},     [OP_BARWARP] = {1, 1, 0},
	[OP_BFE] = {4, 4, 1},     [OP_BFI] = {5, 5, 1},
	[OP_BFIND] = {2, 2, 1},   [OP_BREV] = {2, 2, 1},
	[OP_CLZ] = {2, 2, 1},     [OP_CNOT] = {2, 2, 1},
	[OP_COPYSIGN] = {3, 3, 1}, [OP_COS] = {2, 2, 1},
	[OP_CVT] = {2, 2, 1},     [OP_CVTA] = {2, 2, 1},
	[OP_DIV] = {3, 3, 1},     [OP_EX2] = {2, 2, 1},
	[OP_EXIT] = {0, 0, 0},    [OP_FENCE] = {0, 0, 0},
	[OP_FMA] = {4, 4, 1},     [OP_LG2] = {2, 2, 1},
	[OP_LOP3] = {5, 5, 1},    [OP_MAD] = {4, 4, 1},
	[OP_MADC] = {4, 4, 1},    [OP_MATCH] = {3, 3, 1},
	[OP_MAX] = {3, 3, 1},     [OP_MIN] = {3, 3, 1},
	[OP_MUL] = {3, 3, 1},     [OP_MUL24] = {3, 3, 1},
	[OP_MAD24] = {4, 4, 1},   [OP_NANOSLEEP] = {1, 1, 0},
	[OP_NEG] = {2, 2, 1},     [OP_NOT] = {2, 2, 1},
	[OP_OR] = {3, 3, 1},      [OP_POPC] = {2, 2, 1},
	[OP_PRMT] = {4, 4, 1},    [OP_RCP] = {2, 2, 1},
	[OP_REM] = {3, 3, 1},     [OP_RET] = {0, 0, 0},
	[OP_RSQRT] = {2, 2, 1},   [OP_SAD] = {4, 4, 1},
	[OP_SELP] = {4, 4, 1},    [OP_SET] = {3, 4, 1},
	[OP_SETP] = {3, 4, 1},    [OP_SHF] = {4, 4, 1},
	[OP_SHFL] = {5, 5, 1},    [OP_SHL] = {3, 3, 1},
	[OP_SHR] = {3, 3, 1},     [OP_SIN] = {2, 2, 1},
	[OP_SLCT] = {4, 4, 1},    [OP_SQRT] = {2, 2, 1},
	[OP_SUB] = {3, 3, 1},     [OP_SUBC] = {3, 3, 1},
	[OP_TANH] = {2, 2, 1},    [OP_TESTP] = {2, 2, 1},
	[OP_TRAP] = {0, 0, 0},    [OP_VOTE] = {2, 3, 1},
	[OP_XOR] = {3, 3, 1},
	[OP_REDUX] = {3, 3, 1},   [OP_ELECT] = {2, 2, 1},
	[OP_BMSK] = {3, 3, 1},    [OP_VIDEO] = {3, 4, 1},
	[OP_VIDEO2] = {4, 4, 1},  [OP_VIDEO4] = {4, 4, 1},
};

static int dc_count(struct dctx *c, int n, int lo, int hi)
{
	if (n < lo || n > hi)
		return ptx_err_tok(c->p->pf, c->op_tok,
				   "wrong number of operands for '%.*s'",
				   (int)c->op_tok->len, c->op_tok->s);
	return 0;
}

static int dc_check_vec(struct dctx *c, const struct opnd *o);

/* Register token t of type ty into tex register slot `slot` (o[2..4],
 * OK_REGS). */
static int dc_tex_slot(struct dctx *c, const struct tok *t, uint8_t ty,
		       unsigned slot)
{
	struct opnd r;
	struct opnd *o = &c->in.o[2 + slot / 3];

	if (slot >= 9)
		return dc_err(c, t, "too many texture operands");
	if (dc_name(c, t, 0, &r, 2 + slot / 3, false) ||
	    dc_check_reg(c, t, &r, ty))
		return -1;
	if (r.kind != OK_REG)
		return dc_err(c, t, "a texture coordinate, level of detail or "
			      "gradient must be a register");
	if (o->kind != OK_REGS) {
		o->kind = OK_REGS;
		o->size = 4;
		o->reg = REG_NONE;
		o->imm = -1; /* both extra slots REG_NONE */
	}
	if (slot % 3 == 0) {
		o->reg = r.reg;
	} else {
		uint64_t v = (uint64_t)o->imm;
		unsigned sh = slot % 3 == 1 ? 0 : 32;
		v &= ~((uint64_t)UINT32_MAX << sh);
		v |= (uint64_t)r.reg << sh;
		o->imm = (int64_t)v;
	}
	return 0;
}

/* tex{.level,.grad} and tld4: d, [a, {c}]{, lod | , {dPdx}, {dPdy}}. */
static int dc_tex(struct dctx *c, struct popnd *v, int n)
{
	/* coordinates used per geometry (3d, a2d and cube carry a fourth,
	 * ignored element); gradient components per geometry */
	static const uint8_t need[] = {0, 1, 2, 3, 2, 3, 3, 4};
	static const uint8_t gdim[] = {0, 1, 2, 3, 1, 2, 3, 3};
	struct insn *in = &c->in;
	unsigned nc = need[in->aux], slot = 0;
	int want = in->bop == TL_LEVEL ? 3 : in->bop == TL_GRAD ? 4 : 2;

	if (dc_count(c, n, want, want))
		return -1;
	if (v[1].kind != PO_TEXADDR)
		return dc_err(c, v[1].t, "expected [object, {coordinates}]");
	if (v[1].n < nc || v[1].n > (nc == 3 ? 4u : nc))
		return dc_err(c, v[1].t, "wrong number of coordinates for the "
			      "geometry");
	if (dc_dst(c, &v[0], in->type, &in->o[0], 0, true) ||
	    dc_check_vec(c, &in->o[0]))
		return -1;
	if (dc_name(c, v[1].t, 0, &in->o[1], 1, false))
		return -1;
	if (in->o[1].kind != OK_REG && in->o[1].kind != OK_IMM)
		return dc_err(c, v[1].t, "the object must be a 64-bit register");
	bool layered = in->aux == TG_A1D || in->aux == TG_A2D ||
		       in->aux == TG_ACUBE;
	for (unsigned i = 0; i < nc; i++) /* array layers are integers */
		if (dc_tex_slot(c, v[1].el[i], layered && !i ? PT_B32
				: in->type2, slot++))
			return -1;
	if (in->bop == TL_LEVEL) {
		if (v[2].kind != PO_NAME)
			return dc_err(c, v[2].t, "the level of detail must be a "
				      "register");
		return dc_tex_slot(c, v[2].t, PT_F32, slot);
	}
	for (int g = 2; g < want; g++) {
		unsigned gd = gdim[in->aux];
		if (v[g].kind == PO_NAME && gd == 1) {
			if (dc_tex_slot(c, v[g].t, PT_F32, slot++))
				return -1;
			continue;
		}
		if (v[g].kind != PO_VEC || v[g].n < gd ||
		    v[g].n > (gd == 3 ? 4u : gd))
			return dc_err(c, v[g].t, "a gradient needs one element "
				      "per texture dimension");
		for (unsigned k = 0; k < gd; k++)
			if (dc_tex_slot(c, v[g].el[k], PT_F32, slot++))
				return -1;
	}
	return 0;
}

/* Generic layout: o[i] = operand i, o[0] a destination if the op has one. */
static int dc_generic(struct dctx *c, struct popnd *v, int n)
{
	struct insn *in = &c->in;
	bool dual = in->op == OP_SETP || in->op == OP_SHFL ||
		    in->op == OP_MATCH || in->op == OP_ELECT;

	if (c->simd16 ? dc_count(c, n, 3, 3)
		      : dc_count(c, n, dc_arity[in->op].min, dc_arity[in->op].max))
		return -1;
	if ((in->op == OP_SETP || in->op == OP_SET) && (n == 4) != !!in->bop)
		return dc_unsupported(c);
	if (in->op == OP_VIDEO && (n == 4) != !!in->bop)
		return dc_err(c, NULL, n == 4 ? "video data merge (d.dsel) is "
			      "not supported" : "a secondary operation needs "
			      "operand c");
	if (in->op == OP_VIDEO2 || in->op == OP_VIDEO4 || in->op == OP_VIDEO) {
		for (int i = 0; i < n; i++)
			if (v[i].kind == PO_NAME && memchr(v[i].t->s, '.', v[i].t->len))
				return dc_err(c, v[i].t, "video operand selectors "
					      "and masks are not supported");
		if (in->bop == VSEC_ADD && (in->mods & MOD_SAT) &&
		    in->op != OP_VIDEO)
			return dc_err(c, NULL, ".sat with .add is not allowed");
		if (in->op != OP_VIDEO && (in->bop == VSEC_MIN ||
					   in->bop == VSEC_MAX))
			return dc_unsupported(c);
	}
	for (int i = 0; i < n; i++) {
		uint8_t ty = dc_opnd_type(in, (unsigned)i);
		int rc;
		if (i == 0 && dc_arity[in->op].dst) {
			if (dual && v[0].kind == PO_DUAL) {
				struct popnd d = v[0];
				d.kind = PO_NAME;
				rc = dc_dst(c, &d, ty, &in->o[0], 0, false) ||
				     dc_pdst(c, &v[0]);
			} else {
				rc = dc_dst(c, &v[0], ty, &in->o[0], 0, false);
			}
		} else {
			rc = dc_src(c, &v[i], ty, &in->o[i], (unsigned)i, false);
		}
		if (rc)
			return -1;
	}
	return 0;
}

/* Fix the state space of ld/st.param by what the address names. */
static void dc_param_space(struct dctx *c)
{
	struct insn *in = &c->in;
	if (in->space != SP_PARAM)
		return;
	if (c->hint == AH_FRAME)
		in->space = SP_LOCAL;
	else if (c->hint == AH_NONE && !c->p->fn->is_entry)
		in->space = SP_LOCAL;
}

static int dc_check_vec(struct dctx *c, const struct opnd *o)
{
	unsigned n = o->kind == OK_VEC ? o->reg : 1;
	if (n != c->in.vec)
		return dc_err(c, NULL, "vector size does not match the "
				       "instruction");
	return 0;
}

static int dc_layout(struct dctx *c, struct popnd *v, int n)
{
	struct insn *in = &c->in;
	struct parser *p = c->p;
	uint8_t ty = in->type;

	switch (in->op) {
	case OP_LD:
		if (dc_count(c, n, 2, 2) ||
		    dc_dst(c, &v[0], ty, &in->o[0], 0, true) ||
		    dc_mem(c, &v[1], &in->o[1], 1) || dc_check_vec(c, &in->o[0]))
			return -1;
		dc_param_space(c);
		return 0;
	case OP_ST:
	case OP_RED:
		if (dc_count(c, n, 2, 2) || dc_mem(c, &v[0], &in->o[0], 0) ||
		    dc_src(c, &v[1], ty, &in->o[1], 1, in->op == OP_ST) ||
		    dc_check_vec(c, &in->o[1]))
			return -1;
		dc_param_space(c);
		return 0;
	case OP_ATOM:
		if (dc_count(c, n, 3, in->aux == ATOM_CAS ? 4 : 3) ||
		    (in->aux == ATOM_CAS && n != 4) ||
		    dc_dst(c, &v[0], ty, &in->o[0], 0, false) ||
		    dc_mem(c, &v[1], &in->o[1], 1) ||
		    dc_src(c, &v[2], ty, &in->o[2], 2, false) ||
		    (n == 4 && dc_src(c, &v[3], ty, &in->o[3], 3, false)))
			return -1;
		return 0;
	case OP_NOP:
		return 0;
	case OP_CPASYNC: {
		/* [dst], [src], cp-size{, src-size}{, cache-policy} */
		int nx = (in->mods & MOD_L2HINT) ? 1 : 0;
		if (dc_count(c, n, 3 + nx, 4 + nx) ||
		    dc_mem(c, &v[0], &in->o[0], 0) ||
		    dc_mem(c, &v[1], &in->o[1], 1) ||
		    dc_src(c, &v[2], PT_U32, &in->o[2], 2, false) ||
		    (n - nx == 4 &&
		     dc_src(c, &v[3], PT_U32, &in->o[3], 3, false)) ||
		    (nx && dc_src(c, &v[n - 1], PT_B64, &in->o[4], 4, false)))
			return -1;
		in->o[4].kind = OK_NONE; /* the cache policy has no effect */
		in->space = SP_SHARED;
		int64_t cs = in->o[2].imm;
		if (in->o[2].kind != OK_IMM ||
		    !(cs == 16 || ((cs == 4 || cs == 8) && !(in->mods & MOD_CG))))
			return dc_err(c, v[2].t, "cp-size must be 4, 8 or 16 "
				      "(16 with .cg)");
		if (in->o[3].kind == OK_IMM &&
		    (in->o[3].imm < 0 || in->o[3].imm > cs))
			return dc_err(c, v[3].t, "src-size exceeds cp-size");
		return 0;
	}
	case OP_TEX:
		return dc_tex(c, v, n);
	case OP_ISTYPEP:
		return dc_count(c, n, 2, 2) ||
		       dc_dst(c, &v[0], PT_PRED, &in->o[0], 0, false) ||
		       dc_src(c, &v[1], PT_B64, &in->o[1], 1, false);
	case OP_TXQ:
	case OP_SUQ:
		if (dc_count(c, n, in->bop ? 3 : 2, in->bop ? 3 : 2) ||
		    dc_dst(c, &v[0], PT_B32, &in->o[0], 0, false))
			return -1;
		if (v[1].kind != PO_MEM || v[1].off)
			return dc_err(c, v[1].t, "expected [object]");
		if (dc_name(c, v[1].t, 0, &in->o[1], 1, false))
			return -1;
		if (in->o[1].kind != OK_REG)
			return dc_err(c, v[1].t, "the object must be a 64-bit "
				      "register");
		return in->bop && dc_src(c, &v[2], PT_B32, &in->o[2], 2, false);
	case OP_SULD:
	case OP_SUST:
	case OP_SURED: {
		/* coordinates used per geometry (tex.3d and tex.a2d carry a
		 * fourth, ignored element); suld/sust x is in bytes */
		static const uint8_t need[] = {0, 1, 2, 3, 2, 3};
		unsigned nc = need[in->aux];
		bool st = in->op != OP_SULD;
		struct popnd *va = &v[st ? 0 : 1];
		struct popnd *vd = &v[st ? 1 : 0];
		if (dc_count(c, n, 2, 2))
			return -1;
		if (va->kind != PO_TEXADDR)
			return dc_err(c, va->t, "expected [object, {coordinates}]");
		if (va->n < nc || va->n > (nc == 3 ? 4u : nc))
			return dc_err(c, va->t, "wrong number of coordinates for "
				      "the geometry");
		if ((st ? dc_src(c, vd, in->type, &in->o[0], 0,
				 in->op == OP_SUST)
			: dc_dst(c, vd, in->type, &in->o[0], 0, true)) ||
		    dc_check_vec(c, &in->o[0]))
			return -1;
		if (dc_name(c, va->t, 0, &in->o[1], 1, false))
			return -1;
		if (in->o[1].kind != OK_REG && in->o[1].kind != OK_IMM)
			return dc_err(c, va->t, "the object must be a 64-bit "
				      "register");
		for (unsigned i = 0; i < nc; i++) {
			/* array layers are integers; tex coordinates have the
			 * coordinate type, surface coordinates are .s32 */
			uint8_t cty = PT_S32;
			if (dc_name(c, va->el[i], 0, &in->o[2 + i], 2 + i, false) ||
			    dc_check_reg(c, va->el[i], &in->o[2 + i], cty))
				return -1;
			if (in->o[2 + i].kind != OK_REG)
				return dc_err(c, va->el[i], "a coordinate must be "
					      "a register");
		}
		return 0;
	}
	case OP_CPAWAIT:
		if (in->aux != CPA_WAIT_GROUP)
			return dc_count(c, n, 0, 0);
		if (dc_count(c, n, 1, 1) ||
		    dc_src(c, &v[0], PT_U32, &in->o[0], 0, false))
			return -1;
		if (in->o[0].kind != OK_IMM)
			return dc_err(c, v[0].t, "wait_group needs an integer "
				      "constant");
		return 0;
	case OP_MBAR:
		switch (in->aux) {
		case MBAR_INIT:
		case MBAR_EXPECT_TX:
		case MBAR_COMPLETE_TX:
			return dc_count(c, n, 2, 2) ||
			       dc_mem(c, &v[0], &in->o[0], 0) ||
			       dc_src(c, &v[1], PT_U32, &in->o[1], 1, false);
		case MBAR_INVAL:
		case MBAR_CP_ARRIVE:
			return dc_count(c, n, 1, 1) ||
			       dc_mem(c, &v[0], &in->o[0], 0);
		case MBAR_ARRIVE:
		case MBAR_ARRIVE_DROP:
			if (dc_count(c, n, 2, 3) ||
			    dc_dst(c, &v[0], PT_B64, &in->o[0], 0, false) ||
			    dc_mem(c, &v[1], &in->o[1], 1) ||
			    (n == 3 &&
			     dc_src(c, &v[2], PT_U32, &in->o[2], 2, false)))
				return -1;
			if (n == 2 && (in->mods & (MOD_NOCOMPLETE | MOD_EXPECT_TX)))
				return dc_err(c, NULL, "a count operand is "
					      "required here");
			return 0;
		case MBAR_TEST_WAIT:
		case MBAR_TRY_WAIT:
			return dc_count(c, n, 3, in->aux == MBAR_TRY_WAIT ? 4 : 3) ||
			       dc_dst(c, &v[0], PT_PRED, &in->o[0], 0, false) ||
			       dc_mem(c, &v[1], &in->o[1], 1) ||
			       dc_src(c, &v[2], (in->mods & MOD_PARITY) ? PT_U32
					       : PT_B64, &in->o[2], 2, false) ||
			       (n == 4 &&
				dc_src(c, &v[3], PT_U32, &in->o[3], 3, false));
		default: /* MBAR_PENDING_COUNT */
			return dc_count(c, n, 2, 2) ||
			       dc_dst(c, &v[0], PT_U32, &in->o[0], 0, false) ||
			       dc_src(c, &v[1], PT_B64, &in->o[1], 1, false);
		}
	case OP_MOV:
		if (dc_count(c, n, 2, 2) ||
		    dc_dst(c, &v[0], ty, &in->o[0], 0, true) ||
		    dc_src(c, &v[1], ty, &in->o[1], 1, true))
			return -1;
		if (in->o[0].kind == OK_VEC)
			in->vec = (uint8_t)in->o[0].reg;
		else if (in->o[1].kind == OK_VEC)
			in->vec = (uint8_t)in->o[1].reg;
		if (in->o[0].kind == OK_VEC && in->o[1].kind == OK_VEC)
			return dc_err(c, v[0].t, "two vector operands");
		return 0;
	case OP_BRA:
		if (dc_count(c, n, 1, 1))
			return -1;
		if (v[0].kind != PO_NAME)
			return dc_err(c, v[0].t, "expected a label");
		in->o[0].kind = OK_LABEL;
		VEC_PUSH(p->fixes, p->n_fixes, p->cap_fixes);
		p->fixes[p->n_fixes - 1].pc = p->fn->n_code;
		p->fixes[p->n_fixes - 1].label = v[0].t;
		return 0;
	case OP_BRX:
		if (dc_count(c, n, 2, 2) ||
		    dc_src(c, &v[0], PT_U32, &in->o[0], 0, false))
			return -1;
		if (v[1].kind != PO_NAME)
			return dc_err(c, v[1].t, "expected a branch table");
		VEC_PUSH(p->brxuses, p->n_brxuses, p->cap_brxuses);
		p->brxuses[p->n_brxuses - 1].pc = p->fn->n_code;
		p->brxuses[p->n_brxuses - 1].name = v[1].t;
		return 0;
	case OP_BAR:
		if (in->aux != BAR_RED) {
			if (dc_count(c, n, 1, 2) ||
			    dc_src(c, &v[0], PT_U32, &in->o[0], 0, false) ||
			    (n == 2 &&
			     dc_src(c, &v[1], PT_U32, &in->o[1], 1, false)))
				return -1;
			return 0;
		}
		if (!in->bop || dc_count(c, n, 3, 4) ||
		    dc_dst(c, &v[0], ty, &in->o[0], 0, false) ||
		    dc_src(c, &v[1], PT_U32, &in->o[1], 1, false) ||
		    (n == 4 && dc_src(c, &v[2], PT_U32, &in->o[2], 2, false)) ||
		    dc_src(c, &v[n - 1], PT_PRED, &in->o[3], 3, false))
			return -1;
		return 0;
	default:
		return dc_generic(c, v, n);
	}
}

/* call{.uni} [(ret),] NAME [, (args)] ; */
static int dc_call(struct dctx *c)
{
	struct parser *p = c->p;
	struct pfunc *fn = p->fn;
	const struct tok *ret = NULL, *name;
	const struct tok *args[256];
	uint32_t n_args = 0, k;

	if (pp_accept(p, '(')) {
		ret = pp_next(p);
		if (ret->kind != T_IDENT)
			return dc_err(c, ret, "expected a return parameter");
		if (!pp_is_punct(pp_peek(p), ')'))
			return dc_err(c, ret, "multiple return values are "
					      "not supported");
		if (pp_expect(p, ')') || pp_expect(p, ','))
			return -1;
	}
	name = pp_next(p);
	if (name->kind != T_IDENT)
		return dc_err(c, name, "expected a function name");
	const struct lsym *l = pp_lookup(p, name->s, name->len, &k);
	bool indirect = l && l->kind == LS_REG;
	if (indirect) { /* call through a function pointer */
		if (dc_name(c, name, 0, &c->in.o[0], 0, false))
			return -1;
		if (c->in.o[0].size != 8)
			return dc_err(c, name, "a function pointer must be a "
				      "64-bit register");
		c->in.aux = 1;
	}
	if (pp_accept(p, ',')) {
		if (!indirect || pp_is_punct(pp_peek(p), '(')) {
			if (pp_expect(p, '('))
				return -1;
			if (!pp_accept(p, ')')) {
				do {
					const struct tok *a = pp_next(p);
					if (n_args >= ARRAY_SIZE(args))
						return dc_err(c, a, "too many "
							      "arguments");
					args[n_args++] = a;
				} while (pp_accept(p, ','));
				if (pp_expect(p, ')'))
					return -1;
			}
		}
		/* the .callprototype or .calltargets label: every function
		 * whose address the module takes is a candidate at link */
		if (indirect && (pp_accept(p, ',') ||
				 pp_peek(p)->kind == T_IDENT) &&
		    pp_next(p)->kind != T_IDENT)
			return dc_err(c, NULL, "expected a call prototype");
		if (!indirect && pp_is_punct(pp_peek(p), ','))
			return dc_err(c, name, "a direct call takes no "
				      "prototype");
	}
	if (pp_expect_semi(p))
		return -1;

	struct pcall pc = {0};
	pc.pc = fn->n_code;
	pc.callee = indirect ? NULL
			     : arena_strndup(p->pf->ar, name->s, name->len);
	pc.indirect = indirect;
	pc.line = name->line;
	pc.col = name->col;
	pc.n_args = n_args;
	pc.arg_off = arena_alloc(p->pf->ar, n_args * sizeof(uint32_t));
	pc.arg_size = arena_alloc(p->pf->ar, n_args * sizeof(uint32_t));
	for (uint32_t i = 0; i <= n_args; i++) {
		const struct tok *a = i < n_args ? args[i] : ret;
		if (!a)
			continue;
		l = a->kind == T_IDENT ? pp_lookup(p, a->s, a->len, &k) : NULL;
		if (!l || l->kind != LS_FRAME)
			return ptx_err_tok(p->pf, a, "call argument '%.*s' must "
				       "be a .param variable", (int)a->len, a->s);
		if (i < n_args) {
			pc.arg_off[i] = l->base;
			pc.arg_size[i] = l->bytes;
		} else {
			pc.has_ret = 1;
			pc.ret_off = l->base;
			pc.ret_size = l->bytes;
		}
	}
	VEC_PUSH(fn->calls, fn->n_calls, fn->cap_calls);
	fn->calls[fn->n_calls - 1] = pc;
	c->in.target = fn->n_calls - 1;
	return 0;
}

/* Refine the execution unit: double-precision arithmetic goes to DP. */
static uint8_t dc_unit(const struct insn *in)
{
	uint8_t u = op_table[in->op].unit;
	if (u != UNIT_SP && u != UNIT_SFU)
		return u;
	if (in->op == OP_MOV || in->op == OP_SELP || in->op == OP_SLCT)
		return u;
	if (in->type == PT_F64 || in->type2 == PT_F64)
		return UNIT_DP;
	return u;
}

int ptx_decode_insn(struct parser *p)
{
	struct dctx c;
	struct pfunc *fn = p->fn;
	struct popnd v[PTX_MAX_OPNDS];
	int n = 0;

	memset(&c, 0, sizeof(c));
	c.p = p;
	c.in.guard = PRED_NONE;
	c.in.pdst = PRED_NONE;
	c.in.vec = 1;
	c.in.line = pp_peek(p)->line;
	c.in.src_line = p->src_line;
	if (pp_accept(p, '@')) {
		struct opnd g;
		bool neg = pp_accept(p, '!');
		const struct tok *t = pp_next(p);
		if (t->kind != T_IDENT || dc_name(&c, t, 0, &g, 0, true))
			return t->kind != T_IDENT
				       ? dc_err(&c, t, "expected a guard predicate")
				       : -1;
		c.in.guard = g.reg;
		c.in.guard_neg = neg;
	}
	c.op_tok = pp_next(p);
	if (c.op_tok->kind != T_IDENT)
		return dc_err(&c, c.op_tok, "expected an instruction");
	c.in.line = c.op_tok->line;
	if (dc_opcode(&c))
		return -1;
	if (fn->n_code >= (1u << 24))
		return dc_err(&c, NULL, "function too long");
	if (c.in.op == OP_CALL) {
		if (dc_call(&c))
			return -1;
	} else {
		if (!pp_is_punct(pp_peek(p), ';')) {
			do {
				if (n >= PTX_MAX_OPNDS)
					return dc_err(&c, pp_peek(p),
						      "too many operands");
				if (dc_parse_opnd(&c, &v[n++]))
					return -1;
			} while (pp_accept(p, ','));
		}
		const struct tok *t = pp_peek(p);
		if (!pp_is_punct(t, ';') && t->line == c.op_tok->line)
			return ptx_err_tok(p->pf, t, "expected ',' or ';' before "
					   "'%.*s'", (int)MIN(t->len, 40u), t->s);
		size_t save_fix = p->n_fixes, save_brx = p->n_brxuses;
		if (dc_layout(&c, v, n) || pp_expect_semi(p)) {
			p->n_fixes = (uint32_t)save_fix;
			p->n_brxuses = (uint32_t)save_brx;
			return -1;
		}
	}
	c.in.unit = dc_unit(&c.in);
	VEC_PUSH(fn->code, fn->n_code, fn->cap_code);
	fn->code[fn->n_code - 1] = c.in;
	for (uint32_t i = 0; i < c.n_rel; i++) {
		VEC_PUSH(fn->relocs, fn->n_relocs, fn->cap_relocs);
		fn->relocs[fn->n_relocs - 1] = c.rel[i];
		fn->relocs[fn->n_relocs - 1].pc = fn->n_code - 1;
	}
	return 0;
}

const char *ptx_sreg_name(unsigned id)
{
	for (size_t i = 0; i < ARRAY_SIZE(sreg_names); i++)
		if (sreg_names[i].id == id)
			return sreg_names[i].s;
	return id == SR_ENVREG ? "%envreg" : "%?";
}
