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
#include <stdlib.h>

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
		uint8_t *p = fexec_gptr(x->cx, x->g, a, size);
		if (p)
			return p;
	}
	}
	fexec_fault(x, WS_E_ILLEGAL_ADDRESS, lane, ga, sp, size,
		    "address outside every allocation of its space");
	return NULL;
}

/* The number of lanes of m when they are lanes 0 .. n - 1 (a full or
 * tail-trimmed warp: plain loops the compiler vectorises), else 0. */
static inline unsigned lanes_dense(lanemask_t m)
{
	return m & (m + 1) ? 0 : (unsigned)bit_popc64(m);
}

/* Per-lane effective addresses of a memory operand into out[]. */
static void mem_addrs(struct exec *x, const struct insn *in,
		      const struct opnd *o, lanemask_t m, addr_t *out)
{
	unsigned l, n = lanes_dense(m);
	addr_t imm = (addr_t)o->imm;
	bool shared = in->space == SP_SHARED; /* 32-bit addresses */
	if (o->reg == REG_NONE) {
		FOR_LANES(l, m)
			out[l] = shared ? (uint32_t)imm : imm;
		return;
	}
#define ADDR_LOOPS                                                             \
	do {                                                                   \
		if (n && shared) {                                             \
			for (l = 0; l < n; l++)                                \
				out[l] = (uint32_t)(b[l] + imm);               \
		} else if (n) {                                                \
			for (l = 0; l < n; l++)                                \
				out[l] = b[l] + imm;                           \
		} else if (shared) {                                           \
			FOR_LANES(l, m)                                        \
				out[l] = (uint32_t)(b[l] + imm);               \
		} else {                                                       \
			FOR_LANES(l, m)                                        \
				out[l] = b[l] + imm;                           \
		}                                                              \
	} while (0)
	if (x_narrow(x, o->reg) && !x->n_stage) { /* a 32-bit base */
		const uint32_t *b = x_row32(x, o->reg);
		ADDR_LOOPS;
		return;
	}
	const uint64_t *b = x_rd(x, o->reg, 4);
	ADDR_LOOPS;
#undef ADDR_LOOPS
}

/* Space an access of `in` at address a resolves to (generic decoded). */
static unsigned mem_space_of(const struct insn *in, addr_t a)
{
	if (in->space != SP_GENERIC)
		return in->space;
	if (a - FMEM_SHARED_WIN < FMEM_WIN_SIZE)
		return SP_SHARED;
	if (a - FMEM_LOCAL_WIN < FMEM_WIN_SIZE)
		return SP_LOCAL;
	return SP_GLOBAL;
}

/*
 * Timing mode: record the access (lanes m, addresses a, bytes per lane)
 * for the coalescer.  Shared and local addresses become offsets in their
 * window.  Returns the record, or NULL in functional mode.
 */
static struct fmemrec *mem_record(struct exec *x, const struct insn *in,
				  const addr_t *a, lanemask_t m,
				  unsigned bytes, bool write)
{
	struct fmemrec *r = x->cx->rec;
	unsigned l;
	if (!r || !m)
		return NULL;
	r->n = 1;
	r->space = mem_space_of(in, a[bit_ctz64(m)]);
	r->bytes = bytes;
	r->write = write;
	r->atomic = 0;
	r->mask = m;
	addr_t off = 0;
	if (in->space == SP_GENERIC && r->space == SP_SHARED)
		off = FMEM_SHARED_WIN;
	else if (in->space == SP_GENERIC && r->space == SP_LOCAL)
		off = FMEM_LOCAL_WIN;
	unsigned n = lanes_dense(m);
	if (n) {
		for (l = 0; l < n; l++)
			r->addr[l] = a[l] - off;
	} else {
		FOR_LANES(l, m)
			r->addr[l] = a[l] - off;
	}
	return r;
}

static uint64_t load_le(const uint8_t *p, unsigned n)
{
	uint64_t v = 0;
	memcpy(&v, p, n); /* little-endian host assumed (x86-64, arm64) */
	return v;
}

/* A window of mem_ptrs: lane l's address a maps to data + l * stride +
 * (a - lo) when a - lo <= span and a is aligned (amask). */
struct ptr_win {
	addr_t lo;     /* first address */
	addr_t span;   /* last address - lo at which the access still fits */
	addr_t amask;  /* access size - 1 */
	size_t stride; /* bytes between lanes' frames (local), else 0 */
	uint8_t *data; /* host address of lo (lane 0's) */
};

/* p[] for lanes from .. n - 1 in window w, in one branch-free pass;
 * false when some lane is outside it or misaligned. */
static bool ptrs_window(const addr_t *a, unsigned from, unsigned n,
			const struct ptr_win *w, uint8_t **p)
{
	addr_t bad = 0, lo = w->lo, span = w->span, amask = w->amask;
	uint8_t *data = w->data;
	size_t stride = w->stride;
	for (unsigned l = from; l < n; l++) {
		addr_t off = a[l] - lo;
		bad |= (a[l] & amask) | (addr_t)(off > span);
		p[l] = data + l * stride + off;
	}
	return !bad;
}

/*
 * Host pointers for every lane of m accessing `size` bytes at a[]: a fast
 * path for the common case, a lane inside the current window (the CTA's
 * shared memory, the lane's local frame or the parameter buffer for
 * those spaces; for global ones the device allocation of the last lane
 * that went the slow way) and naturally aligned; mem_xlate for
 * everything else.  Returns false after recording a fault.
 */
static bool mem_ptrs(struct exec *x, const struct insn *in, const addr_t *a,
		     lanemask_t m, unsigned size, uint8_t **p)
{
	/* lanes 0 .. dense - 1 (lanes_dense) get one ptrs_window pass once
	 * a window is open, tried once */
	unsigned dense = lanes_dense(m);
	bool global = in->space == SP_GLOBAL || in->space == SP_CONST ||
		in->space == SP_GENERIC;
	const struct fcta *c = x->cta;
	bool win = false;
	struct ptr_win w = {.amask = size - 1};
	unsigned l;
	if (in->space == SP_SHARED && c->shared_bytes >= size) {
		win = true;
		w.span = c->shared_bytes - size;
		w.data = c->shared;
	} else if (in->space == SP_LOCAL && c->local_bytes >= size) {
		win = true; /* each lane its own frame (mem_xlate) */
		w.span = c->local_bytes - size;
		w.stride = c->local_bytes;
		w.data = c->local + (size_t)x->w->warp_id * x->ws *
			c->local_bytes;
	} else if (in->space == SP_PARAM && x->g->l->param_bytes >= size) {
		win = true;
		w.span = x->g->l->param_bytes - size;
		w.data = (uint8_t *)(uintptr_t)x->g->l->params;
	}
	FOR_LANES(l, m) {
		addr_t ad = a[l];
		if (win && dense) {
			if (ptrs_window(a, l, dense, &w, p))
				return true;
			dense = 0;
		}
		if (win && !(ad & w.amask) && ad - w.lo <= w.span) {
			p[l] = w.data + l * w.stride + (ad - w.lo);
			continue;
		}
		p[l] = mem_xlate(x, in->space, ad, size, l);
		if (!p[l])
			return false;
		if (global && (in->space != SP_GENERIC ||
			       (ad - FMEM_SHARED_WIN >= FMEM_WIN_SIZE &&
				ad - FMEM_LOCAL_WIN >= FMEM_WIN_SIZE))) {
			const struct falloc *fa = fmem_find_hint(&x->g->mem,
						ad, &x->cx->mem_last);
			win = fa && fa->size >= size;
			if (win) {
				w.lo = fa->base;
				w.span = fa->size - size;
				w.data = fa->data;
			}
		}
	}
	return true;
}

/* Load esz bytes little-endian (constant sizes compile to one move). */
static inline uint64_t load_n(const uint8_t *p, unsigned esz)
{
	uint8_t b1;
	uint16_t b2;
	uint32_t b4;
	uint64_t b8;
	switch (esz) {
	case 1: memcpy(&b1, p, 1); return b1;
	case 2: memcpy(&b2, p, 2); return b2;
	case 4: memcpy(&b4, p, 4); return b4;
	default: memcpy(&b8, p, 8); return b8;
	}
}

/* ld_lanes into a destination row of element type T (32-bit rows: the
 * values fit, as sm is the register's width). */
#define LD_LANES_FN(name, T)                                                   \
static void name(T *d, uint8_t *const *p, lanemask_t m, bool sgn, uint64_t sm, \
		 unsigned off, unsigned esz)                                   \
{                                                                              \
	unsigned l;                                                            \
	if (sgn) { \
		FOR_LANES(l, m) \
			d[l] = (uint64_t)sext(load_n(p[l] + off, esz), esz * 8) & sm; \
		return; \
	} \
	unsigned n = lanes_dense(m); \
	if (n) { /* lanes 0 .. n - 1: plain loops */ \
		switch (esz) { \
		case 1: for (l = 0; l < n; l++) d[l] = load_n(p[l] + off, 1) & sm; break; \
		case 2: for (l = 0; l < n; l++) d[l] = load_n(p[l] + off, 2) & sm; break; \
		case 4: for (l = 0; l < n; l++) d[l] = load_n(p[l] + off, 4) & sm; break; \
		default: for (l = 0; l < n; l++) d[l] = load_n(p[l] + off, 8) & sm; break; \
		} \
		return; \
	} \
	switch (esz) { /* constant sizes: the loads compile to single moves */ \
	case 1: FOR_LANES(l, m) d[l] = load_n(p[l] + off, 1) & sm; break; \
	case 2: FOR_LANES(l, m) d[l] = load_n(p[l] + off, 2) & sm; break; \
	case 4: FOR_LANES(l, m) d[l] = load_n(p[l] + off, 4) & sm; break; \
	default: FOR_LANES(l, m) d[l] = load_n(p[l] + off, 8) & sm; break; \
	} \
}
LD_LANES_FN(ld_lanes64, uint64_t)
LD_LANES_FN(ld_lanes32, uint32_t)
#undef LD_LANES_FN

/* Write lane values of register reg (width rsz) from element e of p[]. */
static void ld_lanes(struct exec *x, const struct insn *in, uint8_t *const *p,
		     lanemask_t m, uint32_t reg, unsigned rsz, unsigned off,
		     unsigned esz)
{
	bool sgn = ptype_is_signed((enum ptype)in->type);
	if (x_narrow(x, reg) && !x->n_stage) /* a 32-bit register */
		ld_lanes32(x_row32(x, reg), p, m, sgn, size_mask(rsz), off,
			   esz);
	else
		ld_lanes64(x_row(x, reg), p, m, sgn, size_mask(rsz), off,
			   esz);
}

void exec_LD(struct exec *x, const struct insn *in, lanemask_t m)
{
	unsigned esz = ptype_size((enum ptype)in->type), nv = in->vec ? in->vec : 1;
	addr_t a[WS_MAX_WARP];
	uint8_t *p[WS_MAX_WARP];
	const struct opnd *d = &in->o[0];

	mem_addrs(x, in, &in->o[1], m, a);
	if (!mem_ptrs(x, in, a, m, esz * nv, p))
		return;
	mem_record(x, in, a, m, esz * nv, false);
	uint8_t buf[WS_MAX_WARP][32];
	if (x->cx->n_log) /* this SM wrote global memory this cycle */
		fexec_forward(x->cx, p, m, esz * nv, buf);
	if (d->kind == OK_VEC) {
		for (unsigned e = 0; e < nv; e++)
			ld_lanes(x, in, p, m, in->vec_reg[e], d->size, e * esz, esz);
	} else {
		ld_lanes(x, in, p, m, d->reg, d->size, 0, esz);
	}
}

/*
 * Timing mode: a store's global lanes go to the SM's store log (other SMs
 * see them after the cycle), in the order exec_ST writes (element, then
 * lane); shared and local lanes are written at once.
 */
static void st_logged(struct exec *x, const struct insn *in, const addr_t *a,
		      uint8_t *const *p, lanemask_t m, unsigned esz,
		      unsigned nv)
{
	const struct opnd *v = &in->o[1];
	struct fctx *cx = x->cx;
	bool global = in->space == SP_GLOBAL; /* else decided per lane */
	unsigned l;
	fexec_log_reserve(cx, nv * (unsigned)bit_popc64(m));
	struct fstore *e = cx->log + cx->n_log;
/* Log or write element k of every lane of m from row SRC, N bytes each
 * (a little-endian host: the low bytes of the row's element). */
#define ST_LOG_LANES(SRC, N)                                                   \
	FOR_LANES(l, m) {                                                      \
		uint8_t *q = p[l] + k * (N);                                   \
		if (global || mem_space_of(in, a[l]) == SP_GLOBAL)             \
			*e++ = (struct fstore){.p = q, .v = (SRC)[l],          \
					       .n = (uint8_t)(N)};             \
		else                                                           \
			memcpy(q, &(SRC)[l], (N));                             \
	}
	for (unsigned k = 0; k < nv; k++) {
		uint32_t reg = v->kind == OK_VEC ? in->vec_reg[k] :
			v->kind == OK_REG ? v->reg : REG_NONE;
		if (esz == 4 && reg != REG_NONE && x_narrow(x, reg) &&
		    !x->n_stage) { /* a 32-bit register's own row */
			const uint32_t *s32 = x_row32(x, reg);
			ST_LOG_LANES(s32, 4)
			continue;
		}
		const uint64_t *src = v->kind == OK_VEC ?
			x_rd(x, in->vec_reg[k], 0) : x_src(x, v, 0);
		ST_LOG_LANES(src, esz)
	}
#undef ST_LOG_LANES
	cx->n_log = (uint32_t)(e - cx->log);
	cx->progress = cx->icount + 1;
}

void exec_ST(struct exec *x, const struct insn *in, lanemask_t m)
{
	unsigned esz = ptype_size((enum ptype)in->type), nv = in->vec ? in->vec : 1;
	addr_t a[WS_MAX_WARP];
	uint8_t *p[WS_MAX_WARP];
	unsigned l;
	const struct opnd *v = &in->o[1];

	if (in->space == SP_PARAM) {
		mem_addrs(x, in, &in->o[0], m, a);
		fexec_fault(x, WS_E_ILLEGAL_ADDRESS, bit_ctz64(m), a[bit_ctz64(m)],
			    SP_PARAM, esz, "store to the kernel parameter space");
		return;
	}
	mem_addrs(x, in, &in->o[0], m, a);
	if (!mem_ptrs(x, in, a, m, esz * nv, p))
		return;
	mem_record(x, in, a, m, esz * nv, true);
	if (x->cx->rec) { /* timing mode */
		st_logged(x, in, a, p, m, esz, nv);
		return;
	}
	for (unsigned e = 0; e < nv; e++) {
		if (esz > 4) {
			const uint64_t *src = v->kind == OK_VEC ?
				x_rd(x, in->vec_reg[e], 0) : x_src(x, v, 0);
			FOR_LANES(l, m) memcpy(p[l] + e * 8, &src[l], 8);
			continue;
		}
		const uint32_t *src = v->kind == OK_VEC ?
			x_rd32(x, in->vec_reg[e], 0) : x_src32(x, v, 0);
		switch (esz) {
		case 1: FOR_LANES(l, m) { uint8_t t = (uint8_t)src[l]; memcpy(p[l] + e, &t, 1); } break;
		case 2: FOR_LANES(l, m) { uint16_t t = (uint16_t)src[l]; memcpy(p[l] + e * 2, &t, 2); } break;
		default: FOR_LANES(l, m) memcpy(p[l] + e * 4, &src[l], 4); break;
		}
	}
	x->cx->progress = x->cx->icount + 1;
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
	uint8_t *ptr[WS_MAX_WARP];
	const uint64_t *b = x_src(x, bo, 1);
	const uint64_t *c = co && co->kind != OK_NONE ? x_src(x, co, 2) : NULL;
	bool changed = false;

	if (sz != 4 && sz != 8) {
		fexec_fault(x, WS_E_UNSUPPORTED, bit_ctz64(m), 0, SP__COUNT, sz,
			    "atomic operand size not supported");
		return;
	}
	mem_addrs(x, in, addr, m, a);
	if (!mem_ptrs(x, in, a, m, sz, ptr))
		return;
	struct fmemrec *r = mem_record(x, in, a, m, sz, true);
	if (r && r->space == SP_GLOBAL) {
		/* timing mode: performed at the L2 (fexec_atom_apply) */
		r->atomic = 1;
		r->a_op = in->aux;
		r->a_type = in->type;
		r->a_dst = d ? x->row[d->reg] : REG_NONE;
		r->a_dsize = d ? d->size : 0;
		FOR_LANES(l, m) {
			r->ptr[l] = ptr[l];
			r->b[l] = b[l];
			r->c[l] = c ? c[l] : 0;
		}
		return;
	}
	FOR_LANES(l, m) { /* lane order: one valid serialisation */
		uint8_t *p = ptr[l];
		uint64_t old = load_le(p, sz), nv;
		if (ptype_is_float(t))
			nv = atom_float(in->aux, t, old, b[l]);
		else
			nv = atom_int(in->aux, t, old, b[l], c ? c[l] : 0, sz * 8);
		memcpy(p, &nv, sz);
		changed |= nv != old;
		x->cx->n_atom++;
		if (in->aux == ATOM_CAS) {
			bool ok = old == (b[l] & size_mask(sz));
			x->cx->n_cas_fail += !ok;
			fexec_cas_note(&x->cx->cas, &x->cx->n_cas_intra,
				       &x->cx->n_cas_inter, x->w, p, ok);
		}
		if (d)
			x_put(x, d, l, old);
	}
	if (changed) /* a failed CAS or a no-op atomic is not progress */
		x->cx->progress = x->cx->icount + 1;
}

/*
 * Lock-failure split (bows.txt Fig. 2): remember which warp last took each
 * word with a successful atom.cas; a failing atom.cas on the word counts
 * as intra-warp when that warp is its own, inter-warp when another.
 */
static uint64_t cas_warp_key(const struct fwarp *w)
{
	return (w->cta->seq << 16 | w->warp_id) + 1;
}

static struct fcas_owner *cas_slot(struct fcas_tab *t, uintptr_t a)
{
	size_t i = (size_t)((a >> 2) * 0x9e3779b97f4a7c15ULL >> 20) &
		   (t->cap - 1);

	while (t->own[i].addr && t->own[i].addr != a)
		i = (i + 1) & (t->cap - 1);
	return &t->own[i];
}

void fexec_cas_note(struct fcas_tab *t, uint64_t *intra, uint64_t *inter,
		    const struct fwarp *w, const void *p, bool ok)
{
	uintptr_t a = (uintptr_t)p;
	struct fcas_owner *e;

	if (!ok) {
		if (!t->n)
			return;
		e = cas_slot(t, a);
		if (e->addr)
			*(e->warp == cas_warp_key(w) ? intra : inter) += 1;
		return;
	}
	if (2 * (t->n + 1) > t->cap) {
		struct fcas_owner *old = t->own;
		size_t n = t->cap;
		t->cap = n ? 2 * n : 256;
		t->own = xcalloc(t->cap, sizeof(*t->own));
		for (size_t i = 0; i < n; i++)
			if (old[i].addr)
				*cas_slot(t, old[i].addr) = old[i];
		free(old);
	}
	e = cas_slot(t, a);
	if (!e->addr) {
		e->addr = a;
		t->n++;
	}
	e->warp = cas_warp_key(w);
}

void fexec_atom_apply(struct fgpu *g, struct fwarp *w,
		      const struct fmemrec *r, lanemask_t lanes)
{
	enum ptype t = (enum ptype)r->a_type;
	unsigned sz = ptype_size(t), l;
	bool changed = false;
	FOR_LANES(l, lanes) {
		uint8_t *p = r->ptr[l];
		uint64_t old = load_le(p, sz), nv;
		if (ptype_is_float(t))
			nv = atom_float(r->a_op, t, old, r->b[l]);
		else
			nv = atom_int(r->a_op, t, old, r->b[l], r->c[l], sz * 8);
		memcpy(p, &nv, sz);
		changed |= nv != old;
		g->n_atom++;
		if (r->a_op == ATOM_CAS) {
			bool ok = old == (r->b[l] & size_mask(sz));
			g->n_cas_fail += !ok;
			fexec_cas_note(&g->cas, &g->n_cas_intra,
				       &g->n_cas_inter, w, p, ok);
		}
		if (r->a_dst != REG_NONE)
			freg_set(w, r->a_dst, g->ws, l,
				 old & size_mask(r->a_dsize));
	}
	if (changed)
		g->last_progress = g->icount;
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
	uint64_t v[WS_MAX_WARP];
	unsigned l;
	if (in->mods & MOD_TO) {
		FOR_LANES(l, m)
			v[l] = a[l] - base;
	} else {
		FOR_LANES(l, m)
			v[l] = a[l] + base;
	}
	x_write(x, &in->o[0], v, m);
}

uint8_t *fexec_xlate(struct exec *x, unsigned sp, addr_t a, unsigned size,
		     unsigned lane)
{
	return mem_xlate(x, sp, a, size, lane);
}

/* ---- cp.async and mbarrier (sm_80+) -------------------------------------- */

/*
 * cp.async.{ca,cg}.shared.global [dst], [src], cp-size{, src-size}: the
 * copy is done when the instruction executes (docs/semantics.md: the
 * asynchronous copy completes at once, so commit/wait groups have nothing
 * to wait for); bytes past src-size are zero-filled.  Both addresses must
 * be aligned to cp-size.  Timing mode sees a global read of cp-size bytes
 * per lane that writes no register.
 */
void exec_CPASYNC(struct exec *x, const struct insn *in, lanemask_t m)
{
	unsigned cs = (unsigned)in->o[2].imm, l;
	const uint64_t *ssz = in->o[3].kind != OK_NONE ? x_src(x, &in->o[3], 3)
						      : NULL;
	struct insn gi = *in;
	addr_t da[WS_MAX_WARP], sa[WS_MAX_WARP];
	uint8_t *dp[WS_MAX_WARP], *sp[WS_MAX_WARP];
	lanemask_t full = 0;

	gi.space = SP_GLOBAL;
	mem_addrs(x, in, &in->o[0], m, da);
	mem_addrs(x, &gi, &in->o[1], m, sa);
	if (!mem_ptrs(x, in, da, m, cs, dp))
		return;
	FOR_LANES(l, m) {
		unsigned n = ssz ? (unsigned)MIN(ssz[l], (uint64_t)cs) : cs;
		if (n == cs) {
			full |= (lanemask_t)1 << l;
			continue;
		}
		sp[l] = NULL;
		if (sa[l] & (cs - 1)) {
			fexec_fault(x, WS_E_MISALIGNED, l, sa[l], SP_GLOBAL, cs,
				    "misaligned address");
			return;
		}
		if (n && !(sp[l] = fexec_gptr(x->cx, x->g, sa[l], n))) {
			fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, sa[l], SP_GLOBAL,
				    n, "address outside every allocation of "
				    "its space");
			return;
		}
		if (n && x->cx->n_log) {
			uint8_t buf[1][32];
			fexec_forward(x->cx, &sp[l], 1, n, buf);
			memcpy(dp[l], sp[l], n);
		} else {
			memcpy(dp[l], sp[l] ? sp[l] : dp[l], n);
		}
		memset(dp[l] + n, 0, cs - n);
	}
	if (full && !mem_ptrs(x, &gi, sa, full, cs, sp))
		return;
	if (full && x->cx->n_log) {
		uint8_t buf[WS_MAX_WARP][32];
		fexec_forward(x->cx, sp, full, cs, buf);
		FOR_LANES(l, full)
			memcpy(dp[l], sp[l], cs);
	} else {
		FOR_LANES(l, full)
			memcpy(dp[l], sp[l], cs);
	}
	mem_record(x, &gi, sa, m, cs, false);
	x->cx->progress = x->cx->icount + 1;
}

/* commit_group / wait_group / wait_all: every copy has completed. */
void exec_CPAWAIT(struct exec *x, const struct insn *in, lanemask_t m)
{
	(void)x;
	(void)in;
	(void)m;
}

/*
 * The mbarrier object (8 bytes, our own encoding; the ISA keeps it
 * opaque): bits 0-19 pending arrivals of the current phase, 20-39 the
 * expected arrival count, 40-61 the pending transaction count (signed),
 * 63 the phase parity.  The state token of an arrive holds the phase
 * parity before the arrive and the pending count after it.
 */
#define MB_PEND(v) ((uint32_t)((v) & 0xfffff))
#define MB_EXP(v) ((uint32_t)(((v) >> 20) & 0xfffff))
#define MB_TX(v) sext(((v) >> 40) & 0x3fffff, 22)
#define MB_PHASE(v) ((unsigned)((v) >> 63))

static uint64_t mb_make(uint32_t pend, uint32_t exp, int64_t tx,
			unsigned phase)
{
	return (uint64_t)(pend & 0xfffff) | (uint64_t)(exp & 0xfffff) << 20 |
	       ((uint64_t)tx & 0x3fffff) << 40 | (uint64_t)(phase & 1) << 63;
}

/* Complete the phase when nothing is pending. */
static uint64_t mb_settle(uint64_t v)
{
	if (MB_PEND(v) == 0 && MB_TX(v) == 0)
		return mb_make(MB_EXP(v), MB_EXP(v), 0, MB_PHASE(v) ^ 1);
	return v;
}

void exec_MBAR(struct exec *x, const struct insn *in, lanemask_t m)
{
	unsigned op = in->aux, l;
	const struct opnd *ao = op == MBAR_ARRIVE || op == MBAR_ARRIVE_DROP ||
		op == MBAR_TEST_WAIT || op == MBAR_TRY_WAIT ? &in->o[1]
							     : &in->o[0];
	addr_t a[WS_MAX_WARP];
	uint8_t *p[WS_MAX_WARP];

	if (op == MBAR_PENDING_COUNT) {
		const uint64_t *st = x_src(x, &in->o[1], 1);
		FOR_LANES(l, m)
			x_put(x, &in->o[0], l, MB_PEND(st[l]));
		return;
	}
	if (op == MBAR_CP_ARRIVE && !(in->mods & MOD_NOINC))
		return; /* +1 pending, then the copies' arrive: no net change */
	mem_addrs(x, in, ao, m, a);
	FOR_LANES(l, m)
		if (mem_space_of(in, a[l]) != SP_SHARED) {
			fexec_fault(x, WS_E_ILLEGAL_ADDRESS, l, a[l],
				    mem_space_of(in, a[l]), 8,
				    "mbarrier object outside shared memory");
			return;
		}
	if (!mem_ptrs(x, in, a, m, 8, p))
		return;
	bool wr = op != MBAR_TEST_WAIT && op != MBAR_TRY_WAIT;
	mem_record(x, in, a, m, 8, wr);
	const uint64_t *s1 = NULL, *s2 = NULL;
	if (op == MBAR_INIT || op == MBAR_EXPECT_TX || op == MBAR_COMPLETE_TX)
		s1 = x_src(x, &in->o[1], 1);
	else if (in->o[2].kind != OK_NONE)
		s2 = x_src(x, &in->o[2], 2);
	FOR_LANES(l, m) { /* lane order, one arrival per lane */
		uint64_t v = load_le(p[l], 8);
		uint32_t n;
		switch (op) {
		case MBAR_INIT:
			n = (uint32_t)s1[l] & 0xfffff;
			v = mb_make(n, n, 0, 0);
			break;
		case MBAR_INVAL:
			v = 0;
			break;
		case MBAR_EXPECT_TX:
			v = mb_make(MB_PEND(v), MB_EXP(v),
				    MB_TX(v) + (int64_t)(uint32_t)s1[l],
				    MB_PHASE(v));
			break;
		case MBAR_COMPLETE_TX:
			v = mb_settle(mb_make(MB_PEND(v), MB_EXP(v),
					      MB_TX(v) - (int64_t)(uint32_t)s1[l],
					      MB_PHASE(v)));
			break;
		case MBAR_ARRIVE:
		case MBAR_ARRIVE_DROP:
		case MBAR_CP_ARRIVE: {
			int64_t tx = MB_TX(v);
			n = 1;
			if (s2 && (in->mods & MOD_EXPECT_TX))
				tx += (int64_t)(uint32_t)s2[l];
			else if (s2)
				n = (uint32_t)s2[l];
			uint32_t pend = MB_PEND(v) > n ? MB_PEND(v) - n : 0;
			uint32_t exp = MB_EXP(v);
			if (op == MBAR_ARRIVE_DROP)
				exp = exp > n ? exp - n : 0;
			uint64_t nv = mb_make(pend, exp, tx, MB_PHASE(v));
			if (op != MBAR_CP_ARRIVE)
				x_put(x, &in->o[0], l, nv);
			v = mb_settle(nv);
			break;
		}
		default: { /* test_wait / try_wait */
			unsigned ph = (in->mods & MOD_PARITY)
				? (unsigned)(s2[l] & 1) : MB_PHASE(s2[l]);
			lanemask_t bit = (lanemask_t)1 << l;
			x_write_pred(x, in->o[0].reg,
				     MB_PHASE(v) != ph ? bit : 0, bit);
			continue;
		}
		}
		memcpy(p[l], &v, 8);
	}
	if (wr)
		x->cx->progress = x->cx->icount + 1;
}
