/*
 * func.h - the functional GPU model (interface used by sim/, timing/, api/).
 *
 * struct fgpu owns device memory and runs kernels warp-instruction by
 * warp-instruction with exact PTX semantics.  In functional mode
 * (fgpu_launch) it also schedules: blocks are made resident up to the
 * configured occupancy and resident warps run round-robin, a quantum of
 * instructions at a time, so spin locks in the done-flag form and
 * cross-block flags make progress.  The timing model drives the same
 * per-warp step function (fgpu_step) from its own issue stage.
 */
#ifndef SIM_FUNC_FUNC_H
#define SIM_FUNC_FUNC_H

#include "../base/base.h"
#include "../base/diag.h"
#include "../ptx/ir.h"

struct fgpu;
struct fcta;

/* Queries used by special registers (%nsmid, %clock, ...). */
unsigned fgpu_n_sm(const struct fgpu *g);
unsigned fgpu_max_warps_per_sm(const struct fgpu *g);
unsigned fgpu_grid_id(const struct fgpu *g);
uint64_t fgpu_clock(const struct fgpu *g, const struct fcta *c);
uint64_t fgpu_globaltimer_ns(const struct fgpu *g);

#endif
