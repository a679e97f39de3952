/*
 * test_fctx.c - the per-SM execution contexts of the functional model
 * (func/fctx.c): in timing mode a global write of an SM's cycle stays in
 * the SM's store log, visible to that SM's later loads of the cycle
 * (fexec_forward, a surface reduction included) and to no other SM until
 * the join, which folds the contexts and then applies their stores in SM
 * order (fctx_fold, fctx_flush_log), so the higher SM's write to a word
 * wins, the last progress event lands where running the SMs one by one
 * would put it, and the lowest SM's fault is reported.
 */
#include "base/base.h"
#include "../include/warpsim.h"
#include "config/config.h"
#include "func/fgpu_int.h"
#include "func/func.h"
#include "test.h"

#include <string.h>

static uint32_t word(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

TEST(store_log_forward_and_fold)
{
	struct ws_config cfg;
	struct diag d;
	addr_t a = 0;

	cfg_init(&cfg);
	diag_init(&d);
	CHECK_EQ_U64(cfg_validate(&cfg, &d), 0);
	struct fgpu *g = fgpu_create(&cfg);
	CHECK(g->n_ctx >= 2);
	CHECK_EQ_U64(fmem_alloc(fgpu_mem(g), 256, &a), 0);
	uint8_t *mem = fmem_ptr(fgpu_mem(g), a, 256);
	memset(mem, 0, 256);
	struct fctx *c0 = fgpu_ctx(g, 0), *c1 = fgpu_ctx(g, 1);

	/* the visits (either order): SM 1 then SM 0 write word 0 */
	fexec_log_store(c1, mem, 0xB, 4, 0, false);
	fexec_log_store(c0, mem, 0xA, 4, 0, false);
	fexec_log_store(c0, mem + 4, 7, 4, 0, false);
	/* surface reduction: add 5 to word 1 (after the store of 7) */
	fexec_log_store(c0, mem + 4, 5, 4, 1 + ATOM_ADD, false);
	CHECK_EQ_U64(word(mem), 0); /* nothing reached memory */

	uint8_t buf[2][32], *p[2] = {mem, mem + 64};
	fexec_forward(c0, p, 3, 8, buf); /* lanes 0 and 1, 8 bytes each */
	CHECK(p[0] == buf[0]);
	CHECK(p[1] == mem + 64); /* no logged write overlaps lane 1 */
	CHECK_EQ_U64(word(p[0]), 0xA);
	CHECK_EQ_U64(word(p[0] + 4), 12);
	uint8_t *q = mem + 2; /* a 2-byte load inside SM 1's word */
	fexec_forward(c1, &q, 1, 2, buf);
	CHECK_EQ_U64(q[0], 0);
	q = mem;
	fexec_forward(c1, &q, 1, 1, buf);
	CHECK_EQ_U64(q[0], 0xB);

	/* counters: SM 0 ran 3 instructions, progress at its 2nd; SM 1 ran
	 * 4, progress at its 4th; both faulted */
	c0->icount = 3;
	c0->progress = 2;
	c1->icount = 4;
	c1->progress = 4;
	c0->fault.status = WS_E_ILLEGAL_ADDRESS;
	c0->fault.pc = 10;
	c1->fault.status = WS_E_MISALIGNED;
	c1->fault.pc = 20;
	/* the join (tsm_join, launch_join): fold in SM order, then the
	 * stores in SM order */
	fctx_fold(g, c0);
	fctx_fold(g, c1);
	fctx_flush_log(c0);
	fctx_flush_log(c1);
	CHECK_EQ_U64(word(mem), 0xB);     /* SM order: SM 1's store last */
	CHECK_EQ_U64(word(mem + 4), 12);
	CHECK_EQ_U64(g->icount, 7);
	CHECK_EQ_U64(g->last_progress, 3 + 4 - 1);
	CHECK_EQ_U64(g->fault.status, WS_E_ILLEGAL_ADDRESS);
	CHECK_EQ_U64(g->fault.pc, 10);
	CHECK_EQ_U64(c0->n_log + c1->n_log + c0->icount + c1->icount, 0);

	fgpu_destroy(g);
	diag_release(&d);
	cfg_release(&cfg);
}

TEST_MAIN()
