/*
 * exec_warp.c - warp-level intrinsics: shfl.sync, vote.sync, match.sync,
 * activemask.
 *
 * Meaning at warp widths other than 32 (docs/semantics.md):
 *  - shfl.sync: b is masked with (warp size - 1).  c is read in the 32-lane
 *    encoding nvcc emits, ((32 - width) << 8) | clamp: a segment width of
 *    32 means the whole warp (clamp 31 becomes the warp's last lane), a
 *    smaller width w splits the warp into segments of w lanes.  Source
 *    lanes outside the warp return the thread's own value with p = 0.
 *  - vote.sync.ballot and activemask return the low 32 lanes in a .b32
 *    destination; with 64-lane warps lanes 32..63 are not visible there.
 *  - membermask is ANDed with the warp's lanes; lanes named in it that
 *    are not active are ignored (no deadlock in lock-step execution).
 *
 * Participation (docs/semantics.md, "Warp-level intrinsics with partial
 * masks"): the lanes that take part are the executing lanes (SIMT-active
 * and guard true) that are also in membermask.  shfl.sync reading from a
 * lane that does not take part gets 0, as real GPUs return (the ISA leaves
 * it undefined; NVIDIA's reduction sample relies on the 0); vote, match
 * and redux reduce over the taking-part lanes only.
 */
#include "../base/base.h"
#include "fgpu_int.h"

void exec_ACTIVEMASK(struct exec *x, const struct insn *in, lanemask_t m)
{
	unsigned l;
	/* ISA: predicated-off threads contribute 0, so the guard counts */
	FOR_LANES(l, m)
		x_put(x, &in->o[0], l, m);
}

/* Lanes of m also named in the membermask operand o (read at m's first
 * lane; the ISA requires every lane to give the same mask).  A missing
 * operand (non-.sync forms) means the whole warp. */
lanemask_t exec_members(struct exec *x, const struct opnd *o, lanemask_t m,
			unsigned slot)
{
	if (o->kind == OK_NONE || !m)
		return m;
	const uint64_t *mm = x_src(x, o, slot);
	uint64_t v = mm[bit_ctz64(m)] & 0xffffffffu;
	if (x->ws > 32) /* 64-lane warps: the .b32 mask names lane % 32 */
		v |= v << 32;
	return m & (lanemask_t)v;
}

void exec_VOTE(struct exec *x, const struct insn *in, lanemask_t m0)
{
	lanemask_t m = exec_members(x, &in->o[2], m0, 2);
	lanemask_t p = x_pred(x, &in->o[1]) & m;
	unsigned l;

	switch (in->aux) {
	case VOTE_BALLOT:
		FOR_LANES(l, m0)
			x_put(x, &in->o[0], l, p);
		return;
	case VOTE_ALL: x_write_pred(x, in->o[0].reg, p == m ? ~(lanemask_t)0 : 0, m0); return;
	case VOTE_ANY: x_write_pred(x, in->o[0].reg, p ? ~(lanemask_t)0 : 0, m0); return;
	case VOTE_UNI:
		x_write_pred(x, in->o[0].reg, (p == m || !p) ? ~(lanemask_t)0 : 0, m0);
		return;
	}
	SIM_BUG("vote mode %u", in->aux);
}

void exec_SHFL(struct exec *x, const struct insn *in, lanemask_t m)
{
	unsigned ws = x->ws, lm = ws - 1, l;
	const uint64_t *a = x_src(x, &in->o[1], 0);
	const uint64_t *b = x_src(x, &in->o[2], 1);
	const uint64_t *c = x_src(x, &in->o[3], 2);
	uint64_t val[WS_MAX_WARP];
	lanemask_t ok = 0;
	lanemask_t src_ok = exec_members(x, &in->o[4], m, 3);

	FOR_LANES(l, m) {
		unsigned bv = (unsigned)b[l] & lm;
		unsigned width = 32 - ((unsigned)(c[l] >> 8) & 0x1f);
		unsigned clamp = (unsigned)c[l] & 0x1f;
		unsigned seg = 0;
		if (width >= 32 || width >= ws) {
			if (clamp == 31 || clamp >= ws)
				clamp = lm; /* whole-warp clamp */
		} else {
			seg = lm & ~(width - 1);
			clamp &= width - 1;
		}
		unsigned maxl = (l & seg) | (clamp & ~seg);
		unsigned minl = l & seg;
		long j;
		bool pv;
		switch (in->aux) {
		case SHFL_UP: j = (long)l - bv; pv = j >= (long)maxl; break;
		case SHFL_DOWN: j = (long)l + bv; pv = j <= (long)maxl; break;
		case SHFL_BFLY: j = l ^ bv; pv = j <= (long)maxl; break;
		default: j = minl | (bv & ~seg); pv = j <= (long)maxl; break;
		}
		if (!pv || j < 0 || j >= (long)ws)
			j = l, pv = pv && j < (long)ws;
		/* a source lane that does not take part reads as 0 */
		val[l] = (src_ok >> j) & 1 ? a[j] : 0;
		if (pv)
			ok |= (lanemask_t)1 << l;
	}
	x_write(x, &in->o[0], val, m);
	x_write_pred(x, in->pdst, ok, m);
}

void exec_MATCH(struct exec *x, const struct insn *in, lanemask_t m0)
{
	lanemask_t m = exec_members(x, &in->o[2], m0, 2);
	const uint64_t *a = x_src(x, &in->o[1], 0);
	uint64_t sm = size_mask(ptype_size((enum ptype)in->type));
	unsigned l, j;

	if (in->aux == MATCH_ALL) {
		bool all = true;
		unsigned f = m ? bit_ctz64(m) : 0;
		FOR_LANES(l, m)
			if ((a[l] & sm) != (a[f] & sm))
				all = false;
		FOR_LANES(l, m0)
			x_put(x, &in->o[0], l, all ? m : 0);
		x_write_pred(x, in->pdst, all ? ~(lanemask_t)0 : 0, m0);
		return;
	}
	uint64_t res[WS_MAX_WARP];
	FOR_LANES(l, m0) {
		lanemask_t s = 0;
		FOR_LANES(j, m)
			if ((a[j] & sm) == (a[l] & sm))
				s |= (lanemask_t)1 << j;
		res[l] = s;
	}
	x_write(x, &in->o[0], res, m0);
}

/*
 * redux.sync.op.type d, a, membermask: the reduction over the lanes that
 * take part, delivered to every executing lane (add wraps at 32 bits;
 * min/max compare as the type's signedness).
 */
void exec_REDUX(struct exec *x, const struct insn *in, lanemask_t m0)
{
	lanemask_t m = exec_members(x, &in->o[2], m0, 2);
	const uint64_t *a = x_src(x, &in->o[1], 0);
	bool sgn = ptype_is_signed((enum ptype)in->type);
	uint32_t acc = 0;
	bool first = true;
	unsigned l;

	FOR_LANES(l, m) {
		uint32_t v = (uint32_t)a[l];
		if (first) {
			acc = v;
			first = false;
			continue;
		}
		switch (in->aux) {
		case ATOM_ADD: acc += v; break;
		case ATOM_AND: acc &= v; break;
		case ATOM_OR: acc |= v; break;
		case ATOM_XOR: acc ^= v; break;
		case ATOM_MIN:
			if (sgn ? (int32_t)v < (int32_t)acc : v < acc)
				acc = v;
			break;
		case ATOM_MAX:
			if (sgn ? (int32_t)v > (int32_t)acc : v > acc)
				acc = v;
			break;
		default:
			SIM_BUG("redux op %u", in->aux);
		}
	}
	FOR_LANES(l, m0)
		x_put(x, &in->o[0], l, acc);
}

/*
 * elect.sync d|p, membermask: the lowest-numbered lane that takes part is
 * elected; d = its lane id in every executing lane, p true only in it.
 * With no lane taking part d = 0 and p is false everywhere.
 */
void exec_ELECT(struct exec *x, const struct insn *in, lanemask_t m0)
{
	lanemask_t m = exec_members(x, &in->o[1], m0, 1);
	unsigned leader = m ? bit_ctz64(m) : 0, l;

	FOR_LANES(l, m0)
		x_put(x, &in->o[0], l, leader);
	x_write_pred(x, in->pdst, m ? (lanemask_t)1 << leader : 0, m0);
}
