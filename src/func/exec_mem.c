/*
 * exec_mem.c - loads, stores, atomics and generic-address conversion.
 *
 * Every access is checked: the address must be naturally aligned for the
 * whole access (element size x vector width) and lie inside one device
 * allocation (global/const), the CTA's shared memory, the thread's local
 * frame or the kernel parameter buffer.  The first violation stops the
 * kernel with a fault record (see grid.c for the report).  Functionally,
 * atomics are performed lane by lane in lane order, which is one valid
 * serialisation; the timing model performs them at the memory side.
 */
#include "../base/base.h"
#include "../../include/warpsim.h"
#include "fgpu_int.h"

/*
 * Host pointer for an access of `size` bytes by `lane` at address a in
 * state space sp (generic addresses are decoded through the windows), or
 * NULL after recording a fault.
 */
static uint8_t *mem_xlate(struct exec *x, unsigned sp, addr_t a,
			  unsigned size, unsigned lane)
{
	struct fcta *c = x->cta;
	addr_t ga = a;

	if (sp == SP_GENERIC) {
		if (a - FMEM_SHARED_WIN < FMEM_WIN_SIZE) {
			sp = SP_SHARED;
			a -= FMEM_SHARED_WIN;
		} else if (a - FMEM_LOCAL_WIN < FMEM_WIN_SIZE) {
			sp = SP_LOCAL;
			a -= FMEM_LOCAL_WIN;
		} else {
			sp = SP_GLOBAL;
		}
	}
	if (a & (size - 1)) {
		fexec_fault(x, WS_E_MISALIGNED, lane, ga, sp, size,
			    "misaligned address");
		return NULL;
	}
	switch (sp) {
	case SP_SHARED:
		if (a < c->shared_bytes && size <= c->shared_bytes - a)
			return c->shared + a;
		break;
	case SP_LOCAL:
		if (a < c->local_bytes && size <= c->local_bytes - a)
			return c->local + (size_t)(x->w->warp_id * x->ws + lane) *
				c->local_bytes + a;
		break;
	case SP_PARAM:
		if (a < x->g->l->param_bytes &&
		    size <= x->g->l->param_bytes - a)
			return (uint8_t *)(uintptr_t)(x->g->l->params + a);
		break;
	default: {
		uint8_t *p = fmem_ptr(&x->g->mem, a, size);
		if (p)
			return p;
	}
	}
	fexec_fault(x, WS_E_ILLEGAL_ADDRESS, lane, ga, sp, size,
		    "address outside every allocation of its space");
	return NULL;
}

/* Per-lane effective addresses of a memory operand into out[]. */
static void mem_addrs(struct exec *x, const struct insn *in,
		      const struct opnd *o, lanemask_t m, addr_t *out)
{
	unsigned l;
	if (o->reg == REG_NONE) {
		FOR_LANES(l, m)
			out[l] = (addr_t)o->imm;
	} else {
		const uint64_t *b = x->w->regs + (size_t)o->reg * x->ws;
		FOR_LANES(l, m)
			out[l] = b[l] + (addr_t)o->imm;
	}
	if (in->space == SP_SHARED) /* shared addresses are 32-bit */
		FOR_LANES(l, m)
			out[l] = (uint32_t)out[l];
}

static uint64_t load_le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	memcpy(&v, p, n); /* little-endian host assumed (x86-64, arm64) */
	return v;
}

/* Extend a loaded value of the instruction type to the register width. */
static uint64_t ld_extend(const struct insn *in, uint64_t v, unsigned esz)
{
	if (ptype_is_signed((enum ptype)in->type))
		return (uint64_t)sext(v, esz * 8);
	return v;
}

void exec_LD(struct exec *x, const struct insn *in, lanemask_t m)
{
	unsigned esz = ptype_size((enum ptype)in->type), nv = in->vec ? in->vec : 1;
	addr_t a[WS_MAX_WARP];
	unsigned l;
	const struct opnd *d = &in->o[0];

	mem_addrs(x, in, &in->o[1], m, a);
	FOR_LANES(l, m) {
		uint8_t *p = mem_xlate(x, in->space, a[l], esz * nv, l);
		if (!p)
			return;
		if (d->kind == OK_VEC) {
			for (unsigned e = 0; e < nv; e++)
				x->w->regs[(size_t)in->vec_reg[e] * x->ws + l] =
					ld_extend(in, load_le(p + e * esz, esz), esz) &
					size_mask(d->size);
		} else {
			x_put(x, d, l, ld_extend(in, load_le(p, esz), esz));
		}
	}
}

void exec_ST(struct exec *x, const struct insn *in, lanemask_t m)
{
	unsigned esz = ptype_size((enum ptype)in->type), nv = in->vec ? in->vec : 1;
	addr_t a[WS_MAX_WARP];
	unsigned l;
	const struct opnd *v = &in->o[1];
	const uint64_t *src = v->kind == OK_VEC ? NULL : x_src(x, v, 0);

	mem_addrs(x, in, &in->o[0], m, a);
	FOR_LANES(l, m) {
		uint8_t *p = mem_xlate(x, in->space, a[l], esz * nv, l);
		if (!p)
			return;
		if (in->space == SP_PARAM) {
			fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, a[l], SP_PARAM,
				    esz, "store to the kernel parameter space");
			return;
		}
		for (unsigned e = 0; e < nv; e++) {
			uint64_t val = src ? src[l] :
				x->w->regs[(size_t)in->vec_reg[e] * x->ws + l];
			memcpy(p + e * esz, &val, esz);
		}
	}
	x->g->last_progress = x->g->icount;
}

/* ---- atomics ------------------------------------------------------------ */

static uint64_t atom_int(unsigned op, enum ptype t, uint64_t old, uint64_t b,
			 uint64_t c, unsigned bits)
{
	bool sgn = ptype_is_signed(t);
	uint64_t mask = bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
	switch (op) {
	case ATOM_ADD: return (old + b) & mask;
	case ATOM_AND: return old & b;
	case ATOM_OR: return old | b;
	case ATOM_XOR: return old ^ b;
	case ATOM_EXCH: return b;
	case ATOM_CAS: return old == (b & mask) ? c & mask : old;
	case ATOM_INC: return old >= (b & mask) ? 0 : old + 1;
	case ATOM_DEC: return (old == 0 || old > (b & mask)) ? b & mask : old - 1;
	case ATOM_MIN:
		if (sgn)
			return sext(old, bits) < sext(b, bits) ? old : b & mask;
		return old < (b & mask) ? old : b & mask;
	case ATOM_MAX:
		if (sgn)
			return sext(old, bits) > sext(b, bits) ? old : b & mask;
		return old > (b & mask) ? old : b & mask;
	}
	return old;
}

static uint64_t atom_float(unsigned op, enum ptype t, uint64_t old,
			   uint64_t b)
{
	if (t == PT_F32) {
		float o = f32_from_bits(old), v = f32_from_bits(b);
		switch (op) {
		case ATOM_ADD: return f32_bits(o + v);
		case ATOM_MIN: return f32_bits(o < v || v != v ? o : v);
		case ATOM_MAX: return f32_bits(o > v || v != v ? o : v);
		case ATOM_EXCH: return b;
		}
		return old;
	}
	double o = f64_from_bits(old), v = f64_from_bits(b);
	switch (op) {
	case ATOM_ADD: return f64_bits(o + v);
	case ATOM_MIN: return f64_bits(o < v || v != v ? o : v);
	case ATOM_MAX: return f64_bits(o > v || v != v ? o : v);
	case ATOM_EXCH: return b;
	}
	return old;
}

/* Shared body of atom (with a result) and red (without). */
static void atomic(struct exec *x, const struct insn *in, lanemask_t m,
		   const struct opnd *addr, const struct opnd *bo,
		   const struct opnd *co, const struct opnd *d)
{
	enum ptype t = (enum ptype)in->type;
	unsigned sz = ptype_size(t), l;
	addr_t a[WS_MAX_WARP];
	const uint64_t *b = x_src(x, bo, 1);
	const uint64_t *c = co && co->kind != OK_NONE ? x_src(x, co, 2) : NULL;
	bool changed = false;

	if (sz != 4 && sz != 8) {
		fexec_fault(x, WS_E_UNSUPPORTED, bit_ctz64(m), 0, SP__COUNT, sz,
			    "atomic operand size not supported");
		return;
	}
	mem_addrs(x, in, addr, m, a);
	FOR_LANES(l, m) {
		uint8_t *p = mem_xlate(x, in->space, a[l], sz, l);
		if (!p)
			return;
		uint64_t old = load_le(p, sz), nv;
		if (ptype_is_float(t))
			nv = atom_float(in->aux, t, old, b[l]);
		else
			nv = atom_int(in->aux, t, old, b[l], c ? c[l] : 0, sz * 8);
		memcpy(p, &nv, sz);
		changed |= nv != old;
		x->g->n_atom++;
		if (in->aux == ATOM_CAS && old != (b[l] & size_mask(sz)))
			x->g->n_cas_fail++;
		if (d)
			x_put(x, d, l, old);
	}
	if (changed) /* a failed CAS or a no-op atomic is not progress */
		x->g->last_progress = x->g->icount;
}

void exec_ATOM(struct exec *x, const struct insn *in, lanemask_t m)
{
	atomic(x, in, m, &in->o[1], &in->o[2], &in->o[3], &in->o[0]);
}

void exec_RED(struct exec *x, const struct insn *in, lanemask_t m)
{
	atomic(x, in, m, &in->o[0], &in->o[1], NULL, NULL);
}

void exec_CVTA(struct exec *x, const struct insn *in, lanemask_t m)
{
	const uint64_t *a = x_src(x, &in->o[1], 0);
	addr_t base = in->space == SP_SHARED ? FMEM_SHARED_WIN :
		in->space == SP_LOCAL ? FMEM_LOCAL_WIN : 0;
	unsigned l;
	FOR_LANES(l, m)
		x_put(x, &in->o[0], l, (in->mods & MOD_TO) ? a[l] - base :
		      a[l] + base);
}
