/*
 * cache.c - generic set-associative cache: tag array with true LRU,
 * optional XOR-hashed set index, and MSHRs that merge requests to a line
 * that is already being fetched.
 *
 * The cache holds no data, only tags and states, and it never sends
 * anything itself: an access reports what the owner must send next (a
 * fetch, the write itself, a writeback), and refuses (MEM_RESFAIL, no state
 * change) when the owner said it has no room for that.  This mirrors the
 * reservation-failure behaviour GPGPU-Sim reports for its caches.
 *
 * A sectored cache (the L2 with an 'S:' string, GPGPU-Sim 4.x) keeps a
 * valid and a dirty bit per 32-byte sector: an access hits when all the
 * sectors it covers are present; a miss fetches only the missing ones (one
 * DRAM request per sector: mem_req.sectors), a line that is present but
 * lacks sectors is reserved for that fetch in place; a request merges into
 * a pending fetch only if the fetch brings every sector it lacks; a write
 * validates and dirties its sectors; an eviction writes back the dirty
 * sectors only.
 */
#include "../base/base.h"

#include <stdlib.h>

#include "mem_int.h"

static unsigned log2_u(unsigned x)
{
	unsigned r = 0;

	while ((1u << r) < x)
		r++;
	return r;
}

void mem_cache_init(struct mem_cache *c, const struct mem_cache_config *cfg,
		    enum mem_level level)
{
	memset(c, 0, sizeof(*c));
	c->cfg = *cfg;
	c->level = (uint8_t)level;
	c->line_shift = log2_u(cfg->line_bytes);
	c->set_bits = log2_u(cfg->n_sets);
	c->hash_bits = cfg->hash_index ? c->set_bits : 0;
	c->lines = xcalloc((size_t)cfg->n_sets * cfg->assoc, sizeof(*c->lines));
	for (size_t i = 0; i < (size_t)cfg->n_sets * cfg->assoc; i++)
		c->lines[i].tag = MEM_TAG_NONE;
	c->mshr = xcalloc(cfg->n_mshr, sizeof(*c->mshr));
	c->mshr_free = xcalloc(cfg->n_mshr, sizeof(*c->mshr_free));
	/* Stack of free entries; entry 0 is on top. */
	for (unsigned i = 0; i < cfg->n_mshr; i++) {
		struct mem_req *f = &c->mshr[i].fetch;

		c->mshr_free[i] = (uint16_t)(cfg->n_mshr - 1 - i);
		f->kind = MEM_FETCH;
		f->level = (uint8_t)level;
		f->mshr = (uint16_t)i;
		f->size = cfg->line_bytes;
	}
	c->n_mshr_free = cfg->n_mshr;
	if (cfg->sectored && level == MEM_LVL_L2 && !cfg->alloc_on_fill &&
	    cfg->line_bytes > MEM_SECTOR && cfg->line_bytes <= 8 * MEM_SECTOR)
		c->sec_all = (uint8_t)((1u << (cfg->line_bytes /
					       MEM_SECTOR)) - 1);
}

/* Sectors of the line that [a, a + size) covers (size 0: one byte). */
static unsigned sec_mask(const struct mem_cache *c, addr_t a, uint32_t size)
{
	addr_t off = a & (c->cfg.line_bytes - 1);
	addr_t end = MIN(off + MAX(size, 1u), (addr_t)c->cfg.line_bytes);
	unsigned first = (unsigned)(off / MEM_SECTOR);
	unsigned last = (unsigned)((end - 1) / MEM_SECTOR);

	return ((1u << (last + 1)) - 1) & ~((1u << first) - 1);
}

void mem_cache_release(struct mem_cache *c)
{
	free(c->lines);
	free(c->mshr);
	free(c->mshr_free);
	memset(c, 0, sizeof(*c));
}

void mem_cache_index_by_slice(struct mem_cache *c, const struct mem_config *cfg)
{
	c->map = cfg;
}

/*
 * Set index.  The hashed index XOR-folds the line address onto the set
 * bits so that power-of-two strides spread over all sets (Fermi's L1 uses
 * a hashed index; its exact function is not public).  An L2 slice indexes
 * by its local address: the channel digits and the bank bits that chose
 * the sub-partition removed.
 */
static unsigned set_of_line(const struct mem_cache *c, uint64_t line)
{
	uint64_t x = line;

	if (c->hash_bits)
		x = line ^ (line >> c->hash_bits) ^ (line >> (2 * c->hash_bits));
	return (unsigned)(x & (c->cfg.n_sets - 1));
}

unsigned mem_cache_set(const struct mem_cache *c, addr_t a)
{
	if (c->map) {
		unsigned sub = c->map->n_sub, chan;
		uint64_t drop = c->map->map.bank_mask;

		a = mem_addr_local(c->map, a, &chan);
		for (; sub > 1; sub >>= 1) {
			unsigned pos = bit_ctz64(drop);

			a = ((a >> (pos + 1)) << pos) | (a & (((addr_t)1 << pos) - 1));
			drop &= drop - 1;
			drop = ((drop >> (pos + 1)) << pos) |
			       (drop & (((uint64_t)1 << pos) - 1));
		}
	}
	return set_of_line(c, a >> c->line_shift);
}

/* mem_cache_set inlined for the L1s (no slice-local address). */
static inline unsigned cache_set(const struct mem_cache *c, addr_t a)
{
	return c->map ? mem_cache_set(c, a) : set_of_line(c, a >> c->line_shift);
}

/* The way holding line address t in set s, or NULL (invalid ways hold
 * MEM_TAG_NONE, which t never is). */
static struct mem_line *find_line(struct mem_cache *c, unsigned s, addr_t t)
{
	struct mem_line *w = &c->lines[(size_t)s * c->cfg.assoc];

	SIM_ASSERT(t != MEM_TAG_NONE);
	for (unsigned i = 0; i < c->cfg.assoc; i++)
		if (w[i].tag == t) {
			SIM_ASSERT(w[i].state != MEM_LINE_INVALID);
			return &w[i];
		}
	return NULL;
}

/* An invalid way, else the least recently used valid way; never reserved. */
static struct mem_line *find_victim(struct mem_cache *c, unsigned s)
{
	struct mem_line *w = &c->lines[(size_t)s * c->cfg.assoc], *v = NULL;

	for (unsigned i = 0; i < c->cfg.assoc; i++) {
		if (w[i].state == MEM_LINE_INVALID)
			return &w[i];
		if (w[i].state == MEM_LINE_VALID && (!v || w[i].lru < v->lru))
			v = &w[i];
	}
	return v;
}

/* Mark l most recently used (true LRU: a global stamp per access). */
static void touch(struct mem_cache *c, struct mem_line *l)
{
	l->lru = ++c->lru_clock;
}

/* Append req to MSHR m's list; false if the merge limit is reached. */
static bool mshr_merge(struct mem_cache *c, unsigned m, struct mem_req *req,
		       bool write)
{
	struct mem_mshr *e = &c->mshr[m];

	if (e->n_merged >= c->cfg.mshr_merge)
		return false;
	req->next = NULL;
	e->tail->next = req;
	e->tail = req;
	e->n_merged++;
	e->has_write |= write;
	return true;
}

/* Busy MSHR fetching line t (allocate-on-fill caches have no reserved line). */
static int mshr_lookup(const struct mem_cache *c, addr_t t)
{
	for (unsigned i = 0; i < c->cfg.n_mshr; i++)
		if (c->mshr[i].busy && c->mshr[i].line == t)
			return (int)i;
	return -1;
}

/* Evict victim v (reporting a dirty one) and install line t in state st. */
static void install(struct mem_cache *c, struct mem_line *v, addr_t t,
		    enum mem_line_state st, struct mem_cache_res *res)
{
	if (v->state == MEM_LINE_VALID && v->dirty) {
		res->wb = true;
		res->wb_addr = v->tag << c->line_shift;
		res->wb_sec = c->sec_all ? v->sec_dirty : 0;
		c->st.writebacks++;
	}
	v->tag = t;
	v->state = (uint8_t)st;
	v->dirty = 0;
	v->sec_valid = v->sec_dirty = 0;
	touch(c, v);
}

/*
 * Read or RMW miss with no MSHR for the line yet: allocate one.  Needs a
 * free MSHR and one outbound slot for the fetch; an allocate-on-miss cache
 * also needs a victim way that is not itself waiting for a fill, and if
 * that victim is dirty, a second slot and a writeback buffer.  Everything
 * is checked before anything changes, so a failure is side-effect free.
 */
static void read_miss(struct mem_cache *c, struct mem_req *req, addr_t t,
		      unsigned s, bool rmw, unsigned slots, bool wb_ok,
		      struct mem_line *have, struct mem_cache_res *res)
{
	struct mem_line *v = NULL;
	struct mem_mshr *e;
	unsigned m;

	if (!c->n_mshr_free || slots < 1)
		goto fail;
	if (have) { /* sectored: present, sectors missing */
		v = have;
	} else if (!c->cfg.alloc_on_fill) {
		v = find_victim(c, s);
		if (!v) { /* only a fill in s changes that */
			res->refuse = MEM_RF_SET;
			res->set = s;
			goto fail;
		}
		if (v->state == MEM_LINE_VALID && v->dirty &&
		    (!wb_ok || slots < 2))
			goto fail;
	}
	m = c->mshr_free[--c->n_mshr_free];
	e = &c->mshr[m];
	e->busy = 1;
	e->line = t;
	e->head = e->tail = req;
	req->next = NULL;
	e->n_merged = 1;
	e->has_write = rmw;
	e->fetch.addr = t << c->line_shift;
	e->fetch.next = NULL;
	if (v && !have)
		install(c, v, t, MEM_LINE_RESERVED, res);
	if (v) {
		v->state = MEM_LINE_RESERVED;
		v->mshr = (uint16_t)m;
		e->line_idx = (uint32_t)(v - c->lines);
	}
	if (c->sec_all && v) {
		e->fetch_sec = (uint8_t)(sec_mask(c, req->addr, req->size) &
					 ~v->sec_valid);
		e->fetch.sectors = (uint8_t)bit_popc64(e->fetch_sec);
		e->fetch.size = e->fetch.sectors * MEM_SECTOR;
	}
	res->outcome = MEM_MISS;
	res->fetch = true;
	res->mshr = m;
	c->st.accesses++;
	c->st.misses++;
	return;
fail:
	res->outcome = MEM_RESFAIL;
	c->st.resfails++;
}

/*
 * Loads, line fetches and atomics.  Order of checks: a valid line is a
 * hit (an atomic dirties it); a reserved line, or for allocate-on-fill
 * caches a busy MSHR for the line, is a pending hit if the MSHR can take
 * one more request; otherwise this is a new miss.
 */
static void do_read(struct mem_cache *c, struct mem_req *req, bool rmw,
		    unsigned slots, bool wb_ok, struct mem_cache_res *res)
{
	addr_t t = req->addr >> c->line_shift;
	unsigned s = cache_set(c, req->addr);
	struct mem_line *l = find_line(c, s, t);
	int m = -1;

	unsigned need = c->sec_all ? sec_mask(c, req->addr, req->size) : 0;

	if (l && l->state == MEM_LINE_VALID && !(need & ~l->sec_valid)) {
		touch(c, l);
		l->dirty |= rmw;
		if (rmw)
			l->sec_dirty |= (uint8_t)need;
		res->outcome = MEM_HIT;
		c->st.accesses++;
		c->st.hits++;
		return;
	}
	if (l && l->state == MEM_LINE_VALID) { /* sectors missing */
		read_miss(c, req, t, s, rmw, slots, wb_ok, l, res);
		return;
	}
	if (l)
		m = l->mshr;
	else if (c->cfg.alloc_on_fill)
		m = mshr_lookup(c, t);
	if (m < 0) {
		if (!c->n_mshr_free || slots < 1) { /* read_miss's first test */
			/* with an MSHR free, only the slots refuse: no
			 * fill brings a line that has no MSHR, and the
			 * free MSHRs only grow while the owner waits */
			res->refuse = c->n_mshr_free ? MEM_RF_SLOT : MEM_RF_STATE;
			res->outcome = MEM_RESFAIL;
			c->st.resfails++;
			return;
		}
		read_miss(c, req, t, s, rmw, slots, wb_ok, NULL, res);
		return;
	}
	/* sectored: the pending fetch must bring what this one lacks */
	if ((l && (need & ~(l->sec_valid | c->mshr[m].fetch_sec))) ||
	    !mshr_merge(c, (unsigned)m, req, rmw)) {
		res->outcome = MEM_RESFAIL;
		c->st.resfails++;
		return;
	}
	res->outcome = MEM_HIT_RESERVED;
	res->mshr = (unsigned)m;
	c->st.accesses++;
	c->st.pending_hits++;
}

/*
 * Stores and writebacks.  Write-back (B, and L for local space): a hit
 * dirties the line.  Write-through (T, and L for global space): a hit
 * keeps the line and forwards the write.  A miss either allocates without
 * fetching (write_alloc: the L2, whose later reads then hit) or forwards
 * the write untouched (the L1D).  A write to a line already being fetched
 * joins that MSHR when the cache allocates on writes, so it completes
 * (and dirties the line) with the fill.
 */
static void do_write(struct mem_cache *c, struct mem_req *req, unsigned slots,
		     bool wb_ok, struct mem_cache_res *res)
{
	enum mem_write_policy wp = c->cfg.write;
	bool back = mem_cache_writes_back(c, req->space);
	addr_t t = req->addr >> c->line_shift;
	unsigned s = cache_set(c, req->addr);
	struct mem_line *l = find_line(c, s, t), *v;

	if (wp == MEM_WP_READONLY)
		SIM_BUG("write to a read-only cache at 0x%llx",
			(unsigned long long)req->addr);
	unsigned wsec = c->sec_all ? sec_mask(c, req->addr, req->size) : 0;

	if (l && l->state == MEM_LINE_VALID) {
		if (!back && slots < 1) {
			/* refused in any state (below) unless a fill
			 * evicts the line and the write allocates */
			if (!c->cfg.write_alloc)
				res->refuse = MEM_RF_SLOT;
			goto fail;
		}
		touch(c, l);
		l->dirty |= back;
		l->sec_valid |= (uint8_t)wsec;
		if (back)
			l->sec_dirty |= (uint8_t)wsec;
		res->write_down = !back;
		res->outcome = MEM_HIT;
		c->st.accesses++;
		c->st.hits++;
		return;
	}
	if (l && c->cfg.write_alloc) { /* line being fetched: wait for it */
		if (!mshr_merge(c, l->mshr, req, true))
			goto fail;
		res->outcome = MEM_HIT_RESERVED;
		res->mshr = l->mshr;
		c->st.accesses++;
		c->st.pending_hits++;
		return;
	}
	if (c->cfg.write_alloc) { /* allocate without fetching */
		v = find_victim(c, s);
		if (!v || (v->state == MEM_LINE_VALID && v->dirty &&
			   (!wb_ok || slots < 1)))
			goto fail;
		install(c, v, t, MEM_LINE_VALID, res);
		v->dirty = 1;
		v->sec_valid = v->sec_dirty = (uint8_t)wsec;
	} else {
		/* a write-through write needs the slot whether the line is
		 * valid (above), reserved or absent; a write-back one to an
		 * absent line too (no fill brings a line without an MSHR;
		 * an allocate-on-fill cache has no reserved lines) */
		if (slots < 1) {
			if (!back || (!l && !c->cfg.alloc_on_fill))
				res->refuse = MEM_RF_SLOT;
			goto fail;
		}
		res->write_down = true;
	}
	res->outcome = MEM_MISS;
	c->st.accesses++;
	c->st.misses++;
	return;
fail:
	res->outcome = MEM_RESFAIL;
	c->st.resfails++;
}

void mem_cache_access(struct mem_cache *c, struct mem_req *req,
		      enum mem_cache_op op, unsigned slots, bool wb_ok,
		      struct mem_cache_res *res)
{
	memset(res, 0, sizeof(*res));
	if (op == MEM_OP_WRITE)
		do_write(c, req, slots, wb_ok, res);
	else
		do_read(c, req, op == MEM_OP_RMW, slots, wb_ok, res);
	c->gen += res->outcome != MEM_RESFAIL;
}

/*
 * Allocate-on-miss caches already hold the reserved way; allocate-on-fill
 * caches (read-only, so never dirty) choose the LRU victim only now, which
 * keeps lines usable while their replacement is in flight.
 */
struct mem_req *mem_cache_fill(struct mem_cache *c, unsigned m)
{
	struct mem_mshr *e = &c->mshr[m];
	struct mem_req *list = e->head;
	struct mem_line *l;

	c->gen++;
	SIM_ASSERT(m < c->cfg.n_mshr && e->busy);
	if (c->cfg.alloc_on_fill) {
		struct mem_cache_res res;

		l = find_victim(c, mem_cache_set(c, e->fetch.addr));
		SIM_ASSERT(l);
		memset(&res, 0, sizeof(res));
		install(c, l, e->line, MEM_LINE_VALID, &res);
		SIM_ASSERT(!res.wb);
	} else {
		l = &c->lines[e->line_idx];
		SIM_ASSERT(l->state == MEM_LINE_RESERVED && l->tag == e->line);
		l->state = MEM_LINE_VALID;
		l->dirty |= e->has_write;
		l->sec_valid |= e->fetch_sec;
		for (struct mem_req *r = list; c->sec_all && r; r = r->next)
			if (r->kind != MEM_READ && r->kind != MEM_FETCH) {
				unsigned w = sec_mask(c, r->addr, r->size);
				l->sec_valid |= (uint8_t)w;
				l->sec_dirty |= (uint8_t)w;
			}
		touch(c, l);
	}
	e->fetch_sec = 0;
	e->busy = 0;
	e->head = e->tail = NULL;
	e->n_merged = 0;
	c->mshr_free[c->n_mshr_free++] = (uint16_t)m;
	return list;
}

bool mem_cache_warm(struct mem_cache *c, addr_t a, uint32_t size)
{
	addr_t t = a >> c->line_shift;
	unsigned s = mem_cache_set(c, a);
	struct mem_line *l = find_line(c, s, t);
	uint8_t sec = c->sec_all ? (uint8_t)sec_mask(c, a, size) : 0;

	c->gen++;
	if (l) {
		if (l->state == MEM_LINE_VALID) {
			l->dirty = 1;
			l->sec_valid |= sec;
			l->sec_dirty |= sec;
			touch(c, l);
		}
		return true;
	}
	if (mshr_lookup(c, t) >= 0)
		return true;
	l = find_victim(c, s);
	if (!l)
		return false;
	l->tag = t;
	l->state = MEM_LINE_VALID;
	l->dirty = 1;
	l->sec_valid = l->sec_dirty = sec;
	touch(c, l);
	return true;
}

bool mem_cache_probe(const struct mem_cache *c, addr_t a)
{
	addr_t t = a >> c->line_shift;
	const struct mem_line *w =
		&c->lines[(size_t)mem_cache_set(c, a) * c->cfg.assoc];

	for (unsigned i = 0; i < c->cfg.assoc; i++)
		if (w[i].state == MEM_LINE_VALID && w[i].tag == t)
			return true;
	return false;
}

void mem_cache_invalidate(struct mem_cache *c)
{
	size_t n = (size_t)c->cfg.n_sets * c->cfg.assoc;

	c->gen++;
	for (size_t i = 0; i < n; i++)
		if (c->lines[i].state == MEM_LINE_VALID) {
			c->lines[i].state = MEM_LINE_INVALID;
			c->lines[i].tag = MEM_TAG_NONE;
			c->lines[i].dirty = 0;
		}
}
