/*
 * ptx.h - the PTX front end: text in, linked kernel images out.
 *
 * ptx_module_load() lexes and parses one PTX module (as emitted by
 * `nvcc -ptx`, .version up to 9.0, .target sm_75..sm_90 (a target above
 * env->sm or a newer .version is a warning in ptx_module.warnings, an
 * error with env->strict_target), with or without
 * -lineinfo), decodes every instruction once into struct insn (ir.h),
 * builds each function's CFG and immediate post-dominators (insn.reconv),
 * and links one struct ptx_kernel per .entry.  Module-scope .global and
 * .const variables get device storage through the caller's env->alloc_var
 * callback as they are declared, so their addresses can be folded into
 * the code.  Errors come back through the diag as file:line:col with the
 * source line and a caret; an unsupported opcode or form is named.
 */
#ifndef SIM_PTX_PTX_H
#define SIM_PTX_PTX_H

#include <stdio.h>

#include "../base/diag.h"
#include "ir.h"

struct ptx_var {            /* a module-scope variable with storage */
	const char *name;       /* PTX name */
	uint8_t space;          /* SP_GLOBAL or SP_CONST */
	uint32_t align;         /* alignment in bytes */
	uint64_t size;          /* bytes */
	const uint8_t *init;    /* initial bytes (size of them), NULL = zeros */
	addr_t addr;            /* device address, set by env->alloc_var */
};

struct ptx_env {
	void *ctx; /* passed back to the callbacks */
	/*
	 * Give the module-scope variable v device storage (copying v->init in)
	 * and return its address in *addr.  Returns 0, or negative with a
	 * message in d.
	 */
	int (*alloc_var)(void *ctx, const struct ptx_var *v, addr_t *addr,
			 struct diag *d);
	unsigned sm;        /* the simulated GPU's sm_XX (0: not checked) */
	bool strict_target; /* .target above sm / newer .version: error */
};

/* The newest PTX ISA version the front end knows (major * 10 + minor). */
#define PTX_ISA_NEWEST 90

struct ptx_module {
	const char *filename;        /* name used in diagnostics */
	struct ptx_kernel **kernels; /* one linked image per .entry */
	uint32_t n_kernels;          /* number of kernels */
	struct ptx_var *vars;        /* module-scope .global/.const variables */
	uint32_t n_vars;             /* number of variables */
	unsigned target_sm;          /* .target sm_XX (0: none named) */
	unsigned isa_version;        /* .version major * 10 + minor */
	const char *warnings;        /* load warnings, one per line, or NULL */
	void *priv;                  /* front-end private data (arena ...) */
};

/*
 * Parse, decode and link a PTX module.  text need not be NUL-terminated.
 * On success returns 0 and stores a module the caller frees with
 * ptx_module_free; on error returns negative, with every error found (up to
 * a limit) in d.
 */
int ptx_module_load(const char *text, size_t len, const char *filename,
		    const struct ptx_env *env, struct ptx_module **out,
		    struct diag *d);
void ptx_module_free(struct ptx_module *m);
/* Lookups by name (load-time only); NULL when absent. */
const struct ptx_kernel *ptx_module_kernel(const struct ptx_module *m,
					   const char *name);
const struct ptx_var *ptx_module_var(const struct ptx_module *m,
				     const char *name);
/*
 * The lint of `warpsim ptx`: per kernel its parameters, registers by type,
 * shared/local/const bytes and instruction count.
 */
void ptx_module_print_info(FILE *f, const struct ptx_module *m);
/* Write one instruction in PTX-like syntax (for traces and tests). */
void ptx_insn_print(FILE *f, const struct ptx_kernel *k, uint32_t pc);
/*
 * Call fn(ctx, reg, size, is_def) for every register operand of in
 * (address bases and vector elements included; predicates and the guard
 * are not registers here).
 */
void ptx_insn_regs(const struct insn *in, uint32_t n_regs,
		   void (*fn)(void *ctx, uint32_t reg, unsigned size, bool def),
		   void *ctx);
/* Whether operand o[0] of in is written (else read or absent). */
bool ptx_insn_o0_is_def(const struct insn *in);

/*
 * Registers per thread from NVIDIA's ptxas (ptxas.c): run
 * `ptxas -v -arch=sm_<sm> -o /dev/null` on the module text (found on PATH,
 * no shell, temporary files removed) and store in regs[i] the "Used N
 * registers" count it reports for entry names[i].  Returns 0, or -1 with
 * a message in d: ptxas not on PATH, its run failed (its output quoted),
 * or it printed no count for one of the names.
 */
int ptx_ptxas_regs(const char *text, size_t len, unsigned sm,
		   const char *const *names, uint32_t n, uint32_t *regs,
		   struct diag *d);
/*
 * The parser behind it: the count in the "Used N registers" line that
 * follows "Compiling entry function 'name'" in ptxas -v output out.
 * Returns 0 with *regs set, or -1 when out has none for name.
 */
int ptx_ptxas_parse(const char *out, const char *name, uint32_t *regs);

#endif
