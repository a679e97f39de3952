/*
 * ir.h - the dense, decoded form of PTX that the simulator executes.
 *
 * The front end (ptx/) turns PTX text into one struct ptx_kernel per .entry:
 * a flat array of struct insn holding the kernel body followed by every
 * .func it can reach, each function closed by a synthetic OP_FEND.  After
 * load nothing refers to strings, symbol tables or hashes: registers are
 * small integer indices, symbols are folded into addresses or offsets,
 * branch targets and reconvergence points are instruction indices (pcs).
 *
 * Register model: operands name virtual registers (the timing model's
 * scoreboard, bank and print use these names); the functional model stores
 * them through ptx_kernel.reg_row, which gives registers whose live ranges
 * never overlap the same storage.  A 64-bit register takes 8 bytes per
 * thread, a register of 32 bits or fewer 4 (two of them share one 8-byte
 * slot); a value is kept zero-extended to its declared width (opnd.size),
 * so handlers read the low bits and sign-extend by the instruction type
 * when they need to.  Predicates live in a separate index
 * space and are stored per warp as lane masks.
 */
#ifndef SIM_PTX_IR_H
#define SIM_PTX_IR_H

#include "../base/base.h"

/* ---- opcodes (generated from ops.def) ---------------------------------- */

enum unit { UNIT_SP, UNIT_SFU, UNIT_DP, UNIT_MEM, UNIT_CTRL, UNIT__COUNT };

enum op_flags {
	OPF_MEM = 1 << 0,     /* accesses memory */
	OPF_ATOMIC = 1 << 1,  /* read-modify-write at the memory side */
	OPF_BRANCH = 1 << 2,  /* may change control flow */
	OPF_BARRIER = 1 << 3, /* CTA barrier */
};

enum op {
#define OP(e, name, unit, lat, flags) OP_##e,
#include "ops.def"
#undef OP
	OP__COUNT
};

struct op_info {
	const char *name;   /* PTX mnemonic */
	uint8_t unit;       /* enum unit default */
	uint8_t lat;        /* default latency in core cycles */
	uint8_t flags;      /* enum op_flags */
};
extern const struct op_info op_table[OP__COUNT];

/* ---- types ------------------------------------------------------------- */

enum ptype {
	PT_NONE, PT_PRED,
	PT_B8, PT_B16, PT_B32, PT_B64, PT_B128,
	PT_U8, PT_U16, PT_U32, PT_U64,
	PT_S8, PT_S16, PT_S32, PT_S64,
	PT_F16, PT_F16X2, PT_BF16, PT_F32, PT_F64,
	PT__COUNT
};
unsigned ptype_size(enum ptype t);      /* bytes; PRED and NONE give 0 */
bool ptype_is_signed(enum ptype t);     /* .sN */
bool ptype_is_float(enum ptype t);      /* .f16/.bf16/.f32/.f64 */
const char *ptype_name(enum ptype t);   /* "s32", ... */

/* ---- state spaces ------------------------------------------------------ */

enum space {
	SP_GENERIC, /* no space: generic address, decoded through windows */
	SP_GLOBAL,  /* device memory allocations (64-bit absolute) */
	SP_CONST,   /* constant bank: module .const vars live in device
		       memory, so a const address is also 64-bit absolute */
	SP_SHARED,  /* per-CTA, 32-bit offsets from 0 */
	SP_LOCAL,   /* per-thread frame offsets from 0 (depots and the
		       .param slots of .func calls, which the linker places
		       in the frame) */
	SP_PARAM,   /* the kernel's parameter buffer, offsets from 0 */
	SP__COUNT
};

/* ---- modifiers and sub-codes ------------------------------------------- */

enum insn_mod {
	MOD_CC = 1 << 0,       /* .cc: writes the carry flag */
	MOD_HI = 1 << 1,       /* .hi */
	MOD_LO = 1 << 2,       /* .lo */
	MOD_WIDE = 1 << 3,     /* .wide: result twice the type width */
	MOD_FTZ = 1 << 4,      /* .ftz: flush f32 subnormals to sign-preserving 0 */
	MOD_SAT = 1 << 5,      /* .sat: saturate ([0,1] for floats) */
	MOD_APPROX = 1 << 6,   /* .approx */
	MOD_FULL = 1 << 7,     /* .full (div.full.f32) */
	MOD_UNI = 1 << 8,      /* .uni: branch/call known non-divergent */
	MOD_VOLATILE = 1 << 9, /* .volatile */
	MOD_NC = 1 << 10,      /* .nc: non-coherent read-only path */
	MOD_TO = 1 << 11,      /* cvta.to.SPACE (generic -> space) */
	MOD_SHIFTAMT = 1 << 12,/* bfind.shiftamt */
	MOD_SHF_L = 1 << 13,   /* shf.l (else shf.r) */
	MOD_WRAP = 1 << 14,    /* shf .wrap (else .clamp) */
	MOD_ALIGNED = 1 << 15, /* barrier.sync.aligned */
	MOD_CA = 1 << 16,      /* cache operators: .ca */
	MOD_CG = 1 << 17,      /* .cg */
	MOD_CS = 1 << 18,      /* .cs */
	MOD_LU = 1 << 19,      /* .lu */
	MOD_CV = 1 << 20,      /* .cv */
	MOD_WB = 1 << 21,      /* .wb */
	MOD_WT = 1 << 22,      /* .wt */
	MOD_RELU = 1 << 23,    /* .relu */
	MOD_NAN = 1 << 24,     /* min/max .NaN */
	MOD_ABS = 1 << 25,     /* .abs (min/max/hmm) */
	MOD_PARITY = 1 << 26,  /* mbarrier.test_wait/try_wait .parity */
	MOD_NOINC = 1 << 27,   /* cp.async.mbarrier.arrive.noinc */
	MOD_EXPECT_TX = 1 << 28, /* mbarrier.arrive.expect_tx */
	MOD_NOCOMPLETE = 1 << 29, /* mbarrier.arrive.noComplete */
	MOD_L2HINT = 1 << 30,  /* .L2::cache_hint: a cache-policy operand */
};

/* Rounding: none = the instruction's default. */
enum rnd { RND_NONE, RND_RN, RND_RZ, RND_RM, RND_RP, RND_RNI, RND_RZI, RND_RMI, RND_RPI };

/* setp/set/slct comparison (insn.cmp). */
enum cmp {
	CMP_NONE, CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE,
	CMP_LO, CMP_LS, CMP_HI, CMP_HS,                          /* unsigned */
	CMP_EQU, CMP_NEU, CMP_LTU, CMP_LEU, CMP_GTU, CMP_GEU,    /* unordered */
	CMP_NUM, CMP_NAN
};

/* Boolean combiner (insn.bop): setp/set .and/.or/.xor, bar.red op. */
enum bop { BOP_NONE, BOP_AND, BOP_OR, BOP_XOR, BOP_POPC };

/* insn.aux, meaning depends on op. */
enum atom_op {         /* ATOM, RED */
	ATOM_ADD = 1, ATOM_MIN, ATOM_MAX, ATOM_INC, ATOM_DEC,
	ATOM_AND, ATOM_OR, ATOM_XOR, ATOM_EXCH, ATOM_CAS
};
enum shfl_mode { SHFL_UP = 1, SHFL_DOWN, SHFL_BFLY, SHFL_IDX };     /* SHFL */
enum vote_mode { VOTE_ALL = 1, VOTE_ANY, VOTE_UNI, VOTE_BALLOT };   /* VOTE */
enum bar_kind { BAR_SYNC = 1, BAR_ARRIVE, BAR_RED };                 /* BAR */
enum prmt_mode { PRMT_DEFAULT = 0, PRMT_F4E, PRMT_B4E, PRMT_RC8,    /* PRMT */
		 PRMT_ECL, PRMT_ECR, PRMT_RC16 };
enum fence_level { FENCE_CTA = 1, FENCE_GL, FENCE_SYS };            /* FENCE */
enum testp_op { TESTP_FINITE = 1, TESTP_INFINITE, TESTP_NUMBER,     /* TESTP */
		TESTP_NOTANUMBER, TESTP_NORMAL, TESTP_SUBNORMAL };
enum match_mode { MATCH_ANY = 1, MATCH_ALL };                       /* MATCH */
/* VIDEO/VIDEO2/VIDEO4: the operation; insn.bop holds the secondary
 * operation (enum vid_sec) and insn.cmp the b operand's type. */
enum vid_op { VID_ADD = 1, VID_SUB, VID_ABSDIFF, VID_MIN, VID_MAX, VID_AVRG };
enum vid_sec { VSEC_NONE, VSEC_ADD, VSEC_MIN, VSEC_MAX };
enum cpa_kind { CPA_COMMIT = 1, CPA_WAIT_GROUP, CPA_WAIT_ALL };    /* CPAWAIT */
/* TEX/TLD4/SULD/SUST/SURED geometry (aux); insn.cmp holds the surface
 * out-of-range mode (enum sur_mode) of suld/sust/sured and the component
 * (enum tld4_comp) of tld4; insn.bop holds enum tex_lod of tex and the
 * reduction (enum atom_op) of sured. */
enum tex_geom { TG_1D = 1, TG_2D, TG_3D, TG_A1D, TG_A2D, TG_CUBE, TG_ACUBE };
enum sur_mode { SUR_TRAP = 1, SUR_CLAMP, SUR_ZERO };
enum tex_lod { TL_LEVEL = 1, TL_GRAD };       /* tex.level, tex.grad */
enum tld4_comp { T4_R = 1, T4_G, T4_B, T4_A }; /* tld4.r/g/b/a */
/* TXQ/SUQ: the attribute (aux); insn.bop = 1 for txq.level. */
enum txq_attr {
	TQ_WIDTH = 1, TQ_HEIGHT, TQ_DEPTH, TQ_CHANNEL_DATA_TYPE,
	TQ_CHANNEL_ORDER, TQ_NORMALIZED_COORDS, TQ_ARRAY_SIZE,
	TQ_NUM_MIPMAP_LEVELS, TQ_NUM_SAMPLES, TQ_FORCE_UNNORMALIZED_COORDS,
	TQ_FILTER_MODE, TQ_ADDR_MODE_0, TQ_ADDR_MODE_1, TQ_ADDR_MODE_2,
	TQ_MEMORY_LAYOUT
};
enum mbar_op {                                                      /* MBAR */
	MBAR_INIT = 1, MBAR_INVAL, MBAR_ARRIVE, MBAR_ARRIVE_DROP,
	MBAR_EXPECT_TX, MBAR_COMPLETE_TX, MBAR_TEST_WAIT, MBAR_TRY_WAIT,
	MBAR_PENDING_COUNT, MBAR_CP_ARRIVE /* cp.async.mbarrier.arrive */
};

/* ---- special registers ------------------------------------------------- */

enum sreg {
	SR_TID_X, SR_TID_Y, SR_TID_Z,
	SR_NTID_X, SR_NTID_Y, SR_NTID_Z,
	SR_CTAID_X, SR_CTAID_Y, SR_CTAID_Z,
	SR_NCTAID_X, SR_NCTAID_Y, SR_NCTAID_Z,
	SR_LANEID, SR_WARPID, SR_NWARPID, SR_SMID, SR_NSMID, SR_GRIDID,
	SR_LANEMASK_EQ, SR_LANEMASK_LE, SR_LANEMASK_LT, SR_LANEMASK_GE,
	SR_LANEMASK_GT,
	SR_CLOCK, SR_CLOCK_HI, SR_CLOCK64,
	SR_GLOBALTIMER, SR_GLOBALTIMER_LO, SR_GLOBALTIMER_HI,
	SR_DYNAMIC_SMEM_SIZE, SR_TOTAL_SMEM_SIZE, SR_ENVREG, /* %envregN: 0 */
	SR_WARP_SZ,         /* WARP_SZ: the run-time warp size */
	SR__COUNT
};

/* ---- operands ---------------------------------------------------------- */

enum opnd_kind {
	OK_NONE,  /* absent */
	OK_REG,   /* register: reg = index, size = declared width in bytes */
	OK_PRED,  /* predicate: reg = index; flags & OPND_NEG for !%p */
	OK_IMM,   /* immediate: imm = bit pattern in the operand's type (f32
		     as float bits, f64 as double bits); a symbol used as a
		     value is an OK_IMM holding its address in its space */
	OK_SREG,  /* special register: reg = enum sreg (imm = N of %envregN) */
	OK_MEM,   /* address [base+imm]: reg = base register or REG_NONE,
		     size = base register width, imm = byte offset with any
		     symbol address folded in; space is insn.space */
	OK_VEC,   /* {a, b, c, d}: reg = element count, elements in
		     insn.vec_reg[], their width in size */
	OK_LABEL, /* branch target: reg = target pc */
	OK_REGS,  /* up to three source registers: reg, then imm bits 0-31
		     and 32-63 (REG_NONE when absent); size = their width */
};

enum opnd_flags {
	OPND_NEG = 1 << 0, /* logical negation of a predicate operand */
};

#define REG_NONE UINT32_MAX  /* no register */
#define PRED_NONE UINT32_MAX /* no predicate (guard, pdst) */

struct opnd {
	uint8_t kind;  /* enum opnd_kind */
	uint8_t size;  /* REG/MEM base/VEC elements: register width in bytes */
	uint8_t flags; /* enum opnd_flags */
	uint8_t pad;   /* unused, zero */
	uint32_t reg;  /* register/predicate index, sreg id, count or pc */
	int64_t imm;   /* immediate bits or address offset */
};

/*
 * One decoded instruction.  Operands follow PTX order with the destination
 * in o[0], with these normalisations:
 *   st, red:       o[0] = address (OK_MEM), o[1] = value (OK_REG/IMM/VEC)
 *   ld:            o[0] = dest (OK_REG or OK_VEC), o[1] = address
 *   atom:          o[0] = dest, o[1] = address, o[2] = b, o[3] = c (cas)
 *   bra:           o[0] = OK_LABEL; target = pc, reconv = ipdom pc
 *   brx.idx:       o[0] = index; target = index into kernel->brx
 *   call:          target = index into kernel->calls; no operands;
 *                  indirect (aux = 1): o[0] = the function-pointer register,
 *                  target = its first candidate record (UINT32_MAX: none)
 *   bar (sync/arrive): o[0] = barrier id, o[1] = thread count or OK_NONE
 *   bar.red:       o[0] = dest, o[1] = id, o[2] = count or OK_NONE,
 *                  o[3] = predicate (OK_PRED); bop = POPC/AND/OR
 *   bar.warp.sync: o[0] = member mask
 *   setp:          o[0] = p (OK_PRED), pdst = q of "p|q" or PRED_NONE,
 *                  o[1] = a, o[2] = b, o[3] = c (with bop) or OK_NONE
 *   set:           o[0] = d, o[1] = a, o[2] = b, o[3] = c; type = dtype,
 *                  type2 = source type
 *   selp:          o[0] = d, o[1] = a, o[2] = b, o[3] = c (OK_PRED)
 *   slct:          o[0..3] = d, a, b, c; type = d type, type2 = c type
 *   cvt:           type = destination type, type2 = source type
 *   cvta:          space = the non-generic space, MOD_TO for cvta.to
 *   shfl.sync:     o[0] = d, pdst = p of "d|p", o[1] = a, o[2] = b,
 *                  o[3] = c, o[4] = membermask
 *   vote.sync:     o[0] = d, o[1] = a (OK_PRED), o[2] = membermask
 *   match.sync:    o[0] = d, o[1] = a, o[2] = membermask (pdst for .all)
 *   bfi:           o[0..4] = d, a, b, c, d-operand (position, length)
 *   lop3:          o[0..4] = d, a, b, c, immLut
 *   mov pack:      mov.b64 %rd, {lo, hi}: o[1] is OK_VEC
 *   mov unpack:    mov.b64 {lo, hi}, %rd: o[0] is OK_VEC
 *   testp:         o[0] = p, o[1] = a; aux = enum testp_op
 *   nanosleep:     o[0] = time
 *   redux.sync:    o[0] = d, o[1] = a, o[2] = membermask; aux = atom_op
 *   elect.sync:    o[0] = d (scratch for `_`), pdst = p, o[1] = membermask
 *   bmsk:          o[0..2] = d, a, b; MOD_WRAP for .wrap
 *   video:         o[0..3] = d, a, b, c (c OK_NONE for 3 operands);
 *                  type = dtype, type2 = atype, cmp = btype, bop = vid_sec
 *   cp.async:      o[0] = [dst] (shared), o[1] = [src] (global), o[2] =
 *                  cp-size, o[3] = src-size or OK_NONE; space = SP_SHARED
 *   cp.async.wait_group: o[0] = N; commit_group/wait_all: no operands
 *   tex, tld4:     o[0] = {d0..d3} (OK_VEC), o[1] = texture object (b64),
 *                  o[2..4] = OK_REGS holding, in this order, the
 *                  coordinates as written (array: layer first), then the
 *                  level of detail (tex.level) or the x and then the y
 *                  gradient vectors (tex.grad); insn_tex_reg() reads slot
 *                  i; type = d type, type2 = coordinate type, aux =
 *                  tex_geom, bop = tex_lod, cmp = tld4_comp (tld4)
 *   suld.b:        o[0] = d (or OK_VEC), o[1] = surface, o[2..4] = x (in
 *                  bytes), y, z/layer; cmp = sur_mode
 *   sust.b:        o[0] = value (or OK_VEC), o[1..4] as suld
 *   sured.b/.p:    as sust (one value); bop = atom_op, rnd = 1 for .p
 *                  (x in elements)
 *   txq, suq:      o[0] = d (b32), o[1] = object, o[2] = lod (txq.level)
 *                  or OK_NONE; aux = txq_attr
 *   istypep:       o[0] = p, o[1] = handle (b64); aux = 1 .texref,
 *                  2 .samplerref, 3 .surfref
 *   mbarrier:      init [a], count: o[0], o[1]; inval/cp-arrive [a]: o[0];
 *                  arrive{_drop} state, [a]{, count}: o[0..2];
 *                  expect_tx/complete_tx [a], tx: o[0], o[1];
 *                  test_wait/try_wait p, [a], state|parity{, hint}: o[0..3];
 *                  pending_count d, state: o[0], o[1]
 * Layout: 16-byte header fields first, then pcs, then operands; pinned by
 * the _Static_assert below so hot loops keep it within 3 cache lines.
 */
struct insn {
	uint16_t op;          /* enum op */
	uint8_t type;         /* enum ptype: instruction (destination) type */
	uint8_t type2;        /* enum ptype: source type (cvt, set, slct) */
	uint32_t mods;        /* enum insn_mod flags */
	uint8_t rnd;          /* enum rnd */
	uint8_t cmp;          /* enum cmp */
	uint8_t bop;          /* enum bop */
	uint8_t aux;          /* op-specific sub-code (atom_op, shfl_mode ...) */
	uint8_t space;        /* enum space (ld/st/atom/red/cvta) */
	uint8_t vec;          /* vector width 1, 2 or 4 (ld/st/mov pack) */
	uint8_t unit;         /* enum unit, refined by type at decode */
	uint8_t guard_neg;    /* 1 when the guard is @!%p */
	uint32_t guard;       /* guard predicate index or PRED_NONE */
	uint32_t pdst;        /* second predicate destination or PRED_NONE */
	uint32_t target;      /* branch pc / call-site index / brx table */
	uint32_t reconv;      /* reconvergence pc (immediate post-dominator) */
	uint32_t line;        /* line in the PTX file */
	uint32_t src_line;    /* CUDA source line from .loc, 0 if none */
	uint32_t vec_reg[4];  /* OK_VEC element registers */
	struct opnd o[5];     /* operands, see above */
};
_Static_assert(sizeof(struct insn) <= 144, "struct insn grew");

/* Register slot i (0..8) of the OK_REGS operands o[2..4] of tex/tld4, or
 * REG_NONE. */
static inline uint32_t insn_tex_reg(const struct insn *in, unsigned i)
{
	const struct opnd *o = &in->o[2 + i / 3];
	if (o->kind != OK_REGS)
		return REG_NONE;
	return i % 3 == 0 ? o->reg
		: (uint32_t)((uint64_t)o->imm >> (i % 3 == 1 ? 0 : 32));
}

/* ---- linked kernel image ------------------------------------------------ */

struct ptx_copy {     /* a byte copy inside one thread's local frame */
	uint32_t dst;     /* destination offset */
	uint32_t src;     /* source offset */
	uint32_t size;    /* bytes */
};

struct ptx_call {           /* one call site (insn.target of OP_CALL) */
	uint32_t entry_pc;      /* callee's first instruction */
	uint32_t end_pc;        /* callee's OP_FEND (its reconvergence point) */
	uint32_t n_args;        /* argument copies at the call */
	struct ptx_copy *args;  /* caller .param slot -> callee param slot */
	struct ptx_copy ret;    /* callee retval -> caller slot (size 0: none) */
	const char *callee;     /* callee name, for diagnostics */
	uint32_t func;          /* callee's index in ptx_kernel.funcs */
	uint64_t addr;          /* indirect-call candidate: the callee's
				   function-pointer value (PTX_FPTR) */
	uint32_t n_alt;         /* first record of an indirect call site: its
				   candidates (this and the next n_alt - 1) */
	uint32_t builtin;       /* enum ptx_builtin: a device system call the
				   simulator performs (no callee code) */
};

/* Device system calls: extern functions the simulator implements. */
enum ptx_builtin {
	PTX_BUILTIN_NONE = 0,   /* an ordinary .func in the module */
	PTX_BUILTIN_VPRINTF,    /* vprintf(format, argument buffer) */
	PTX_BUILTIN_ASSERTFAIL, /* __assertfail(msg, file, line, func, size) */
	PTX_BUILTIN_MALLOC,     /* malloc(size): the context's device heap */
	PTX_BUILTIN_FREE,       /* free(pointer) */
};

/* The value of `mov.u64 %rd, fn;` for the module's function number idx:
 * outside every memory window, so a data access through it faults. */
#define PTX_FPTR(idx) (0xF00000000000ULL + 16 * ((uint64_t)(idx) + 1))

struct ptx_brx {            /* a .branchtargets list (brx.idx) */
	uint32_t n;             /* number of targets */
	uint32_t *pcs;          /* target pcs */
	uint32_t reconv;        /* reconvergence pc for a divergent brx */
};

struct ptx_param {          /* one kernel parameter */
	const char *name;       /* PTX name */
	uint32_t offset;        /* byte offset in the parameter buffer */
	uint32_t size;          /* bytes */
	uint32_t align;         /* alignment in bytes */
	uint8_t type;           /* enum ptype (b8 for byte arrays) */
};

struct ptx_func_info {      /* one function placed in a kernel image */
	const char *name;       /* PTX name */
	uint32_t entry_pc;      /* first instruction */
	uint32_t end_pc;        /* its OP_FEND */
	uint32_t reg_base;      /* first register slot of the function */
	uint32_t n_regs;        /* its virtual registers */
	uint32_t slot_base;     /* first storage slot of its registers */
	uint32_t n_slots;       /* its 8-byte storage slots (ptx_kernel.
				   reg_row) */
	uint32_t n_wide;        /* of which the first n_wide hold one 64-bit
				   register each, the rest two 32-bit ones */
	uint32_t pred_base;     /* first predicate */
	uint32_t n_preds;       /* its predicates */
	uint32_t frame_base;    /* its region of the per-thread local frame */
	uint32_t frame_bytes;   /* bytes of that region */
	bool recursive;         /* can call itself (directly or not): a call
				   while it is active saves its registers,
				   predicates and frame region (dynamic
				   frames, docs/semantics.md) */
};

struct ptx_regclass {       /* register declaration summary (for lint) */
	uint8_t type;           /* enum ptype of the declaration */
	uint32_t count;         /* registers of that type in the image */
};

struct ptx_kernel {
	const char *name;            /* .entry name */
	const char *file;            /* PTX file name for diagnostics */
	struct insn *code;           /* n_insn instructions; pc 0 = entry */
	uint32_t n_insn;             /* instructions incl. synthetic FENDs */
	uint32_t n_regs;             /* virtual registers per thread (the
					names insn operands use) */
	uint32_t *reg_row;           /* n_regs entries: storage of each
					virtual register, by live range
					(live.c): (h << 1) | narrow, where
					a warp's row of the register is the
					ws lanes at 32-bit word h * ws of its
					register storage, 64-bit words when
					narrow is 0 (then h is even and the
					8-byte slot is h / 2), 32-bit words
					when 1 (slot h / 2, half h % 2) */
	uint32_t n_slots;            /* 8-byte storage slots per thread
					(>= 1) */
	uint32_t n_preds;            /* predicate registers per thread */
	struct ptx_func_info *funcs; /* funcs[0] is the kernel itself */
	uint32_t n_funcs;            /* functions in the image */
	struct ptx_call *calls;      /* call sites */
	uint32_t n_calls;            /* number of call sites */
	struct ptx_brx *brx;         /* brx.idx target tables */
	uint32_t n_brx;              /* number of tables */
	struct ptx_param *params;    /* kernel parameters in order */
	uint32_t n_params;           /* number of parameters */
	uint32_t param_bytes;        /* size of the parameter buffer */
	uint32_t shared_bytes;       /* static .shared bytes (kernel + funcs) */
	uint32_t dyn_shared_offset;  /* where extern .shared starts */
	uint32_t local_bytes;        /* per-thread local frame bytes */
	uint32_t maxntid[3];         /* .maxntid, 0 if absent */
	uint32_t reqntid[3];         /* .reqntid, 0 if absent */
	uint32_t minnctapersm;       /* .minnctapersm, 0 if absent */
	uint32_t maxnreg;            /* .maxnreg, 0 if absent */
	struct ptx_regclass *regclasses; /* declared registers by type */
	uint32_t n_regclasses;       /* entries in regclasses */
	uint32_t n_ptx_insn;         /* PTX instructions (no FENDs) */
	uint32_t regs_per_thread; /* 32-bit registers per thread: max live, see live.c */
};

#endif
