/*
 * test_func_slots.c - block-slot storage of the functional GPU (func/grid.c)
 * follows the launches: a small launch after a large one releases the
 * warps, register rows, local memory and slots it does not need, the
 * large one grows them back, and one that needs more than half of what is
 * held keeps it (no churn between launches of similar size).  Registers
 * are stored by slot (ptx/live.c), so the large kernel's 60 declared
 * registers take the rows of its ~20 live ones.
 */
#include "base/base.h"
#include "base/diag.h"
#include "config/config.h"
#include "func/fgpu_int.h"
#include "func/func.h"
#include "ptx/ptx.h"
#include "test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

/* Kernel "big": 20 values live at once in 256-thread blocks and 512 bytes
 * of local memory per thread (about 13 MB for 75 resident blocks, over
 * FGPU_SLOT_SLACK_BYTES); "small": one value. */
static char *kernels_text(void)
{
	size_t cap = 8192, len = 0;
	char *t = malloc(cap);

	len += (size_t)snprintf(t + len, cap - len, HDR
		".visible .entry big(.param .u64 p)\n{\n"
		"\t.local .align 4 .b8 buf[512];\n"
		"\t.reg .b32 %%r<60>;\n\t.reg .b64 %%rd<3>;\n"
		"\tld.param.u64 %%rd1, [p];\n\tmov.u32 %%r1, %%tid.x;\n"
		"\tmov.u64 %%rd2, buf;\n\tst.local.u32 [%%rd2+508], %%r1;\n");
	for (int i = 2; i <= 21; i++)
		len += (size_t)snprintf(t + len, cap - len,
					"\tadd.s32 %%r%d, %%r1, %d;\n", i, i);
	for (int i = 2; i <= 21; i++)
		len += (size_t)snprintf(t + len, cap - len,
					"\tst.global.u32 [%%rd1+%d], %%r%d;\n",
					4 * i, i);
	snprintf(t + len, cap - len, "\tret;\n}\n"
		".visible .entry small(.param .u64 p)\n{\n"
		"\t.reg .b32 %%r<2>;\n\t.reg .b64 %%rd<2>;\n"
		"\tld.param.u64 %%rd1, [p];\n\tmov.u32 %%r1, %%tid.x;\n"
		"\tst.global.u32 [%%rd1], %%r1;\n\tret;\n}\n");
	return t;
}

static const struct ptx_kernel *find(const struct ptx_module *m,
				     const char *name)
{
	for (uint32_t i = 0; i < m->n_kernels; i++)
		if (!strcmp(m->kernels[i]->name, name))
			return m->kernels[i];
	return NULL;
}

/* Launch k with grid x block threads; returns the launch status. */
static int launch(struct fgpu *g, const struct ptx_kernel *k, unsigned grid,
		  unsigned block, addr_t out)
{
	struct flaunch l;
	struct flaunch_stats st;
	uint8_t params[8];
	struct diag d;
	int rc;

	memcpy(params, &out, sizeof(params));
	memset(&l, 0, sizeof(l));
	l.k = k;
	l.grid[0] = grid;
	l.grid[1] = l.grid[2] = 1;
	l.block[0] = block;
	l.block[1] = l.block[2] = 1;
	l.params = params;
	l.param_bytes = sizeof(params);
	diag_init(&d);
	rc = fgpu_launch(g, &l, &st, &d);
	if (rc)
		fprintf(stderr, "%s", diag_text(&d));
	diag_release(&d);
	return rc;
}

TEST(small_launch_releases_slot_storage)
{
	struct ws_config cfg;
	struct ptx_module *m = NULL;
	struct diag d;
	char *text = kernels_text();
	addr_t out = 0;

	cfg_init(&cfg);
	diag_init(&d);
	CHECK_EQ_U64(cfg_validate(&cfg, &d), 0);
	CHECK_EQ_U64(ptx_module_load(text, strlen(text), "t.ptx", NULL, &m,
				     &d), 0);
	if (!m) {
		fprintf(stderr, "%s", diag_text(&d));
		goto out;
	}
	const struct ptx_kernel *big = find(m, "big"), *small = find(m, "small");
	CHECK(big && small);
	if (!big || !small)
		goto out;
	CHECK(big->n_slots <= 24 && big->n_slots < big->n_regs);

	struct fgpu *g = fgpu_create(&cfg);
	CHECK_EQ_U64(fmem_alloc(fgpu_mem(g), 4096, &out), 0);
	CHECK_EQ_U64(launch(g, big, 200, 256, out), 0);
	size_t b1 = fgpu_slot_bytes(g);
	/* every resident block's 8 warps hold their register rows */
	CHECK(b1 >= (size_t)fgpu_ctas_per_sm(g, &(struct flaunch){
		.k = big, .grid = {200, 1, 1}, .block = {256, 1, 1}}) *
	      8 * big->n_slots * 32 * sizeof(uint64_t));
	CHECK(b1 > FGPU_SLOT_SLACK_BYTES + 1000000);
	CHECK_EQ_U64(launch(g, big, 40, 256, out), 0); /* 40 of 75 slots */
	CHECK_EQ_U64(fgpu_slot_bytes(g), b1);           /* kept */
	CHECK_EQ_U64(launch(g, small, 1, 32, out), 0);
	size_t b2 = fgpu_slot_bytes(g);
	printf("slot bytes: big %zu, then small %zu\n", b1, b2);
	CHECK(b2 * 50 < b1);
	CHECK(b2 < 16384);
	CHECK_EQ_U64(launch(g, big, 200, 256, out), 0);
	CHECK_EQ_U64(fgpu_slot_bytes(g), b1); /* grows back to the same */
	fgpu_destroy(g);
out:
	ptx_module_free(m);
	diag_release(&d);
	cfg_release(&cfg);
	free(text);
}

TEST_MAIN()
