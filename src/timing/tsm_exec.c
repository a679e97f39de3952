/*
 * tsm_exec.c - the SM's execution units and writeback.
 *
 * Each unit class (SP, SFU, DP, LD/ST; enum tunit) has n_units pipelines;
 * a pipeline accepts a warp instruction when its previous one has used up
 * its initiation interval times warp_size / simd_width cycles.  Results
 * complete after the opcode's latency: the writeback is put on a wheel
 * indexed by completion cycle, whose slots hold at most n_result_bus
 * writebacks (the result buses), and the writeback stage releases the
 * destinations' scoreboard entries at that cycle.
 */
#include "timing_int.h"

/* Pick a free pipeline of class u at this cycle; -1 if none. */
int tsm_unit_pick(const struct tgpu *t, const struct tsm *s,
		  unsigned u)
{
	for (unsigned i = 0; i < t->n_units[u]; i++)
		if (s->unit_free[u][i] <= t->cycle)
			return (int)i;
	return -1;
}

void tsm_wb_cycle(struct tgpu *t, struct tsm *s)
{
	unsigned slot = (unsigned)(t->cycle % T_WHEEL);
	unsigned n = s->wheel_n[slot];
	for (unsigned i = 0; i < n; i++) {
		struct twb *b = &s->wheel[slot][i];
		struct twarp *w = &s->w[b->warp];
		tsb_release(t, w, b->pc);
		SIM_ASSERT(w->n_wb > 0);
		w->n_wb--;
		if (w->ib_n)
			tsm_warp_update(t, s, b->warp);
		if (!w->n_wb && !w->n_mem)
			tgpu_warp_check_done(t, s, b->warp);
	}
	s->wheel_n[slot] = 0;
}

/* Schedule a writeback of (warp, pc) at cycle `at` (room checked). */
void tsm_wb_add(struct tsm *s, uint64_t at,
		unsigned warp, uint32_t pc)
{
	unsigned slot = (unsigned)(at % T_WHEEL);
	SIM_ASSERT(s->wheel_n[slot] < T_WHEEL_PER);
	s->wheel[slot][s->wheel_n[slot]++] = (struct twb){
		.warp = (uint16_t)warp, .pc = pc};
	s->w[warp].n_wb++;
}

