/*
 * fuzz_ptx.c - libFuzzer harness for the PTX front end.
 *
 * Feeds arbitrary bytes to ptx_module_load with a bump allocator for module
 * variables, then exercises the printers on whatever loaded.  Any crash,
 * sanitizer report, leak or timeout is a front-end bug: malformed PTX must
 * only ever produce diagnostics.  Seeds: tests/fuzz/corpus (real nvcc PTX).
 */
#include "base/base.h"
#include "base/diag.h"
#include "ptx/ptx.h"

#include <stdio.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Hand out fake, non-overlapping device addresses. */
static int fuzz_alloc_var(void *ctx, const struct ptx_var *v, addr_t *addr,
			  struct diag *d)
{
	addr_t *next = ctx;
	*next = ALIGN_UP(*next, 256);
	*addr = *next;
	*next += v->size ? v->size : 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	addr_t next = 0x100000;
	struct ptx_env env = {.ctx = &next, .alloc_var = fuzz_alloc_var};
	struct ptx_module *m = NULL;
	struct diag d;

	diag_init(&d);
	if (ptx_module_load((const char *)data, size, "fuzz.ptx", &env, &m,
			    &d) == 0) {
		FILE *f = fopen("/dev/null", "w");
		if (f) {
			ptx_module_print_info(f, m);
			for (uint32_t k = 0; k < m->n_kernels; k++)
				for (uint32_t pc = 0; pc < m->kernels[k]->n_insn;
				     pc++)
					ptx_insn_print(f, m->kernels[k], pc);
			fclose(f);
		}
		ptx_module_free(m);
	}
	diag_release(&d);
	return 0;
}
