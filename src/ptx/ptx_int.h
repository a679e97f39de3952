/*
 * ptx_int.h - private interface of the PTX front end (ptx/).
 *
 * Pipeline: lex.c turns the whole text into a token array; parse.c walks it
 * (module directives, declarations, function bodies) and decode.c turns each
 * instruction into a struct insn with function-local register, predicate
 * and pc numbering plus relocations for what only the linker knows (frame
 * and shared offsets).  cfg.c computes immediate post-dominators per
 * function; link.c places the functions reachable from each .entry into one
 * struct ptx_kernel.  Everything lives in the module arena or in per-load
 * scratch that is freed when ptx_module_load returns.
 */
#ifndef SIM_PTX_PTX_INT_H
#define SIM_PTX_PTX_INT_H

#include "../base/base.h"
#include "../base/arena.h"
#include "../base/diag.h"
#include "ptx.h"

/* ---- limits that keep hostile input bounded --------------------------- */

#define PTX_MAX_ERRORS 20            /* stop after this many errors */
#define PTX_MAX_DEPTH 64             /* nested { } scopes in a body */
#define PTX_MAX_REGS (1u << 20)      /* registers per function / image */
#define PTX_MAX_BYTES (1u << 30)     /* any variable, frame or buffer */
#define PTX_MAX_INIT_BYTES (1u << 24)/* initialised variable size */
#define PTX_MAX_STATIC_SHARED (48u << 10) /* static .shared per kernel */
#define PTX_MAX_OPNDS 8              /* operands of one instruction */
#define PTX_MAX_TARGETS 4096         /* .branchtargets entries */

/* ---- tokens (lex.c) ----------------------------------------------------- */

enum tok_kind {
	T_EOF,    /* end of input */
	T_IDENT,  /* name, opcode (dots included), %reg, %tid.x, $label */
	T_DIR,    /* .directive (text includes the dot) */
	T_INT,    /* decimal/hex/octal/binary integer: u */
	T_FLOAT,  /* decimal float literal: f */
	T_F32,    /* 0fXXXXXXXX: u = float bits */
	T_F64,    /* 0dXXXXXXXXXXXXXXXX: u = double bits */
	T_STR,    /* "string" (text includes the quotes) */
	T_PUNCT,  /* one character in ch */
	T_BAD,    /* unlexable character */
};

struct tok {
	const char *s; /* text (into the NUL-terminated copy of the input) */
	uint32_t len;  /* bytes of text */
	uint32_t line; /* 1-based line */
	uint32_t col;  /* 1-based column */
	uint8_t kind;  /* enum tok_kind */
	char ch;       /* the character of a T_PUNCT */
	uint8_t ovf;   /* integer literal overflowed 64 bits */
	uint64_t u;    /* T_INT value, T_F32/T_F64 bits */
	double f;      /* T_FLOAT value */
};

/*
 * Lex text[0..len) (text[len] must be NUL) into *out (xmalloc'd, ends with
 * a T_EOF token).  Never fails; bad characters become T_BAD tokens.
 */
void ptx_lex(const char *text, size_t len, struct tok **out, size_t *n_out);

/* ---- string map (symtab.c) --------------------------------------------- */

struct strmap_ent {
	const char *k; /* key bytes (not owned) or NULL for an empty slot */
	uint32_t len;  /* key length */
	uint32_t val;  /* value */
};

struct strmap {
	struct strmap_ent *e; /* open-addressed slots */
	uint32_t cap;         /* slots (power of two) */
	uint32_t n;           /* keys present */
};

#define STRMAP_NONE UINT32_MAX

uint32_t strmap_get(const struct strmap *m, const char *k, size_t len);
void strmap_put(struct strmap *m, const char *k, size_t len, uint32_t val);
void strmap_release(struct strmap *m);

/* ---- parsed module (parse.c, decode.c) ---------------------------------- */

enum reloc_kind {
	RL_FRAME,     /* imm += the function's frame base */
	RL_SHARED,    /* imm += offset of shared variable sym */
	RL_DYNSHARED, /* imm += the kernel's dyn_shared_offset */
};

struct reloc {          /* an address only the linker can fill in */
	uint32_t pc;        /* function-local pc */
	uint8_t opnd;       /* operand index */
	uint8_t kind;       /* enum reloc_kind */
	uint32_t sym;       /* shared variable index (RL_SHARED) */
};

struct pparam {         /* a formal parameter or return parameter */
	const char *name;   /* PTX name (arena) */
	uint32_t offset;    /* param-buffer (kernel) or frame (func) offset */
	uint32_t size;      /* bytes */
	uint32_t align;     /* alignment */
	uint8_t type;       /* enum ptype */
};

struct pcall {               /* one call site before linking */
	uint32_t pc;             /* function-local pc of the OP_CALL */
	const char *callee;      /* name (arena) */
	uint32_t line, col;      /* position for diagnostics */
	int has_ret;             /* a (retval) operand was given */
	uint32_t ret_off;        /* caller frame offset of the retval */
	uint32_t ret_size;       /* its size */
	uint32_t n_args;         /* argument count */
	uint32_t *arg_off;       /* caller frame offsets (arena) */
	uint32_t *arg_size;      /* sizes (arena) */
	bool indirect;           /* call through a register (callee NULL) */
};

struct pbrx {                /* a .branchtargets table */
	const char *name;        /* table label (arena) */
	uint32_t n;              /* targets */
	const struct tok **labels; /* label tokens (scratch) */
	uint32_t *pcs;           /* resolved function-local pcs (arena) */
	uint32_t reconv;         /* local reconvergence pc */
};

struct pfix {                /* a branch waiting for its label */
	uint32_t pc;             /* the bra */
	const struct tok *label; /* label token */
};

struct pbrxuse {             /* a brx.idx waiting for its table */
	uint32_t pc;             /* the brx.idx */
	const struct tok *name;  /* table name token */
};

struct pfunc {
	const char *name;          /* PTX name (arena) */
	uint32_t line, col;        /* where it was (last) declared */
	bool is_entry;             /* .entry (else .func) */
	bool defined;              /* has a body */
	bool is_extern;            /* declared .extern */
	bool addr_taken;           /* used as a value (function pointer) */
	struct pparam *params;     /* formal params (arena) */
	uint32_t n_params;         /* count */
	struct pparam *rets;       /* return params (arena) */
	uint32_t n_rets;           /* count */
	uint32_t param_bytes;      /* kernel parameter buffer size */
	struct insn *code;         /* decoded body, local numbering */
	uint32_t n_code, cap_code; /* count, capacity */
	struct reloc *relocs;      /* relocations */
	uint32_t n_relocs, cap_relocs; /* count, capacity */
	struct pcall *calls;       /* call sites */
	uint32_t n_calls, cap_calls; /* count, capacity */
	struct pbrx *brx;          /* branch tables */
	uint32_t n_brx, cap_brx;   /* count, capacity */
	uint32_t *shared;          /* shared variables declared in the body */
	uint32_t n_shared, cap_shared; /* count, capacity */
	uint32_t frame_bytes;      /* local frame high-water mark */
	uint32_t n_regs;           /* register slots */
	uint32_t n_preds;          /* predicate slots */
	uint32_t regcount[PT__COUNT]; /* declared registers by type */
	uint32_t maxntid[3];       /* .maxntid */
	uint32_t reqntid[3];       /* .reqntid */
	uint32_t minnctapersm;     /* .minnctapersm */
	uint32_t maxnreg;          /* .maxnreg */
};

struct svar {                /* a .shared variable */
	const char *name;        /* PTX name */
	uint32_t size;           /* bytes (0 for extern) */
	uint32_t align;          /* alignment */
	bool is_extern;          /* dynamic shared memory */
	int32_t owner;           /* declaring function index, -1 = module */
};


/* ---- parser state shared by parse.c and decode.c ------------------------ */

enum lsym_kind {
	LS_REG,    /* register: base slot (+ index within a range) */
	LS_PRED,   /* predicate: base slot */
	LS_KPARAM, /* kernel parameter: base = param-buffer offset */
	LS_FRAME,  /* frame object (depot, .param): base = frame offset */
	LS_SHARED, /* .shared variable: base = svar index */
};

struct lsym {            /* one scoped declaration */
	const char *key;     /* name, or range prefix (borrowed) */
	uint32_t klen;       /* key length */
	uint8_t kind;        /* enum lsym_kind */
	uint8_t type;        /* declared enum ptype */
	uint8_t size;        /* register width in bytes */
	bool range;          /* declared as NAME<count> */
	uint32_t base;       /* slot, offset or svar index */
	uint32_t count;      /* registers in a range */
	uint32_t bytes;      /* object size (frame/param symbols) */
	uint32_t prev;       /* entry this one shadows, or STRMAP_NONE */
	uint32_t depth;      /* scope depth of the declaration */
};

enum gsym_kind {
	GS_VAR,    /* module .global/.const: index into m->vars */
	GS_SHARED, /* module .shared: svar index */
};

struct gsym {            /* one module-scope variable name */
	uint8_t kind;        /* enum gsym_kind */
	uint32_t idx;        /* index by kind */
};

struct scope_mark {      /* what a { } scope restores when it closes */
	uint32_t n_lsyms;    /* declarations before the scope */
	uint32_t frame;      /* frame cursor before the scope */
};

struct parser {
	struct ptx_front *pf;     /* front-end state */
	const struct tok *toks;   /* tokens */
	size_t pos;               /* next token */
	struct gsym *gsyms;       /* module variables */
	uint32_t n_gsyms, cap_gsyms; /* count, capacity */
	struct strmap gmap;       /* name -> gsyms index */
	/* per function: */
	struct pfunc *fn;         /* function being parsed, NULL at top */
	int32_t fn_idx;           /* its index in pf->funcs */
	struct lsym *lsyms;       /* declarations in scope order */
	uint32_t n_lsyms, cap_lsyms; /* count, capacity */
	struct strmap lmap;       /* exact name -> newest lsyms index */
	struct strmap rmap;       /* range prefix -> newest lsyms index */
	struct scope_mark scopes[PTX_MAX_DEPTH]; /* open scopes */
	uint32_t depth;           /* open scopes */
	uint32_t frame;           /* frame allocation cursor */
	struct strmap labels;     /* label -> local pc */
	struct pfix *fixes;       /* unresolved branches */
	uint32_t n_fixes, cap_fixes; /* count, capacity */
	struct pbrxuse *brxuses;  /* unresolved brx.idx */
	uint32_t n_brxuses, cap_brxuses; /* count, capacity */
	uint32_t scratch_reg;     /* register for `_`, REG_NONE until used */
	uint32_t scratch_pred;    /* predicate for `_`, PRED_NONE until used */
	uint32_t src_line;        /* CUDA line of the last .loc */
	bool no_sync;             /* the last error needs no resync */
};

const struct tok *pp_peek(struct parser *p);
const struct tok *pp_next(struct parser *p);
bool pp_is_punct(const struct tok *t, char c);
bool pp_accept(struct parser *p, char c);
int pp_expect(struct parser *p, char c);
bool pp_tok_is(const struct tok *t, const char *s);
/* `;` ending a statement; a missing one at a line end needs no resync. */
int pp_expect_semi(struct parser *p);
/* Skip to the end of the statement after an error. */
void pp_sync(struct parser *p);
/* Scoped lookup of a register/local symbol; *idx_in_range gets N of %rN. */
const struct lsym *pp_lookup(struct parser *p, const char *s, size_t len,
			     uint32_t *idx_in_range);
const struct gsym *pp_gsym(struct parser *p, const char *s, size_t len);
/* The scratch register/predicate for `_` sinks. */
uint32_t pp_scratch_reg(struct parser *p);
uint32_t pp_scratch_pred(struct parser *p);
/* Modifier spellings indexed by their enums (decode.c). */
extern const char *const ptx_cmp_names[];   /* enum cmp */
extern const char *const ptx_atom_names[];  /* enum atom_op */
extern const char *const ptx_shfl_names[];  /* enum shfl_mode */
extern const char *const ptx_vote_names[];  /* enum vote_mode */
extern const char *const ptx_prmt_names[];  /* enum prmt_mode */
extern const char *const ptx_testp_names[]; /* enum testp_op */
extern const char *const ptx_match_names[]; /* enum match_mode */
extern const char *const ptx_space_names[]; /* enum space */
extern const char *const ptx_rnd_names[];   /* enum rnd */
extern const char *const ptx_geom_names[];  /* enum tex_geom */
extern const char *const ptx_txq_names[];   /* enum txq_attr */
/* Spelling of special register id ("%tid.x"). */
const char *ptx_sreg_name(unsigned id);
/* Parse one instruction statement (guard to `;`). (decode.c) */
int ptx_decode_insn(struct parser *p);

/* ---- front-end entry points shared between files ------------------------ */

struct ptx_front;

/* Parse and decode the token stream; fills funcs/shared/vars. (parse.c) */
int ptx_parse(struct ptx_front *pf);

/*
 * Immediate post-dominators of a decoded function: set reconv of every bra
 * and brx (local pcs; n_code is the FEND pc).  (cfg.c)
 */
void ptx_cfg_reconv(struct pfunc *fn);

/* Link one kernel image per .entry into m. (link.c) */
int ptx_link(struct ptx_front *pf);

/*
 * Registers per thread of a linked image: peak weighted live registers
 * (loads issued early) plus a fixed overhead, capped by .maxnreg, clamped
 * to [4, 255]. (live.c)
 */
uint32_t ptx_live_regs(const struct ptx_kernel *k);
/*
 * Fill k->reg_row (allocated, n_regs entries), k->n_slots and the
 * slot_base/n_slots/n_wide of every function: registers of the same width
 * class (64-bit; 32-bit or narrower) whose live ranges never overlap share
 * storage, per function; two 32-bit rows fill one 8-byte slot.  (live.c)
 */
void ptx_reg_slots(struct ptx_kernel *k);

/* State of one ptx_module_load call. */
struct ptx_front {
	const char *file;        /* file name for diagnostics */
	const char *text;        /* NUL-terminated copy of the input */
	size_t len;              /* its length */
	struct tok *toks;        /* tokens */
	size_t n_toks;           /* token count (last is T_EOF) */
	struct diag *d;          /* diagnostics */
	int n_err;               /* errors reported */
	struct arena *ar;        /* the module arena */
	const struct ptx_env *env; /* variable allocator */
	addr_t fake_addr;        /* bump address when env has no allocator */
	struct ptx_module *m;    /* module being built */
	struct pfunc **funcs;    /* every declared function */
	uint32_t n_funcs, cap_funcs; /* count, capacity */
	struct svar *svars;      /* every .shared variable */
	uint32_t n_svars, cap_svars; /* count, capacity */
	uint32_t cap_vars;       /* capacity of m->vars */
	struct strmap fmap;      /* function name -> funcs index */
	uint64_t const_bytes;    /* module .const bytes */
	uint64_t global_bytes;   /* module .global bytes */
};

/*
 * Function name t used as a value (mov, initialiser): its PTX_FPTR value
 * plus off in *out, marking it address-taken; a kernel's address (a
 * device-side launch) is refused naming dynamic parallelism.
 */
int ptx_func_addr(struct ptx_front *pf, const struct tok *t, int64_t off,
		  int64_t *out);

/* Report an error at token t (or at line/col); counts it in pf->n_err. */
int ptx_err_tok(struct ptx_front *pf, const struct tok *t, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int ptx_err_at(struct ptx_front *pf, uint32_t line, uint32_t col,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
