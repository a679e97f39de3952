/*
 * mem_options.c - struct mem_config from the option table (see
 * mem_options.h): the memory rows of options.def, including the parsers
 * for GPGPU-Sim's cache strings, DRAM timing lists, partition queue lists
 * and (through mem_config_set_addrmap) address maps.
 */
#include "../base/base.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <strings.h>

#include "mem_options.h"

/* Longest option string we take apart (cache strings are ~40 bytes). */
#define MOPT_MAX 256

/*
 * Parse an unsigned decimal field [s, s + n) into *out.  Surrounding
 * blanks are allowed.  Returns 0, or -1 when it is not a number that fits
 * an unsigned.
 */
static int mopt_uint(const char *s, size_t n, unsigned *out)
{
	char buf[32];
	char *end;
	unsigned long v;

	while (n && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (n == 0 || n >= sizeof(buf) || !isdigit((unsigned char)*s))
		return -1;
	memcpy(buf, s, n);
	buf[n] = 0;
	errno = 0;
	v = strtoul(buf, &end, 10);
	if (*end || errno || v > 0xffffffffUL)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/*
 * Split s at sep into at most max pieces (start, length); pieces beyond
 * max are dropped.  Returns the number of pieces stored.
 */
static unsigned mopt_split(const char *s, char sep, const char **start,
			   size_t *len, unsigned max)
{
	unsigned n = 0;

	for (;;) {
		const char *e = strchr(s, sep);
		size_t l = e ? (size_t)(e - s) : strlen(s);

		if (n < max) {
			start[n] = s;
			len[n] = l;
			n++;
		}
		if (!e)
			return n;
		s = e + 1;
	}
}

/* The single letter of field [s, s + n) (blanks ignored), or 0. */
static char mopt_letter(const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	return n == 1 ? *s : 0;
}

/*
 * Parse a GPGPU-Sim cache string into k, keeping k's values for fields
 * the string leaves out:
 *   [N|S:]sets:line:assoc , rep:write:alloc[:write-alloc[:index]] ,
 *   [A|S|T|F:]mshrs:merges , miss-queue[:fifo] [, data-port ...]
 * The leading N/S (normal/sectored) is optional (GPGPU-Sim 3.x omits
 * it); S sets `sectored`, which the L2 honours (32-byte sectors) and the
 * L1 caches ignore.  Allocation s (streaming,
 * GPGPU-Sim 4.x) is modelled as m, with a note.  rep may be L or F (both
 * modelled as LRU).  Write letters R T B L; alloc m or f; write-allocate
 * N (none) or W/F/L (allocate on a write miss); index H (Fermi hash; P,
 * the IPOLY hash of later versions, maps to it) or L (linear).
 */
/* Append a line to *notes (see mem_options.h); notes may be NULL. */
static void mopt_note(char **notes, const char *opt, const char *s,
		      const char *what)
{
	size_t old, n;

	if (!notes)
		return;
	old = *notes ? strlen(*notes) : 0;
	n = strlen(opt) + strlen(s) + strlen(what) + 32;
	*notes = xrealloc(*notes, old + n);
	snprintf(*notes + old, n, "%swarning: %s = '%s': %s", old ? "\n" : "",
		 opt, s, what);
}

int mem_cache_string_parse(struct mem_cache_config *k, const char *opt,
			   const char *s, char **notes, struct diag *d)
{
	struct mem_cache_config r = *k;
	const char *grp[5], *f[8];
	size_t glen[5], flen[8];
	unsigned ng, nf, i, num[3];
	char buf[MOPT_MAX];

	if (strlen(s) >= sizeof(buf))
		return diag_err(d, "option '%s': cache string too long", opt);
	ng = mopt_split(s, ',', grp, glen, 5);

	/* geometry */
	memcpy(buf, grp[0], glen[0]);
	buf[glen[0]] = 0;
	nf = mopt_split(buf, ':', f, flen, 8);
	i = 0;
	r.sectored = false;
	if (nf == 4) {
		char t = mopt_letter(f[0], flen[0]);

		if (t != 'N' && t != 'S')
			return diag_err(d, "option '%s' = '%s': cache kind must "
					"be N or S", opt, s);
		r.sectored = t == 'S';
		i = 1;
	} else if (nf != 3) {
		return diag_err(d, "option '%s' = '%s': expected "
				"[N|S:]sets:line:assoc first", opt, s);
	}
	for (unsigned j = 0; j < 3; j++)
		if (mopt_uint(f[i + j], flen[i + j], &num[j]))
			return diag_err(d, "option '%s' = '%s': sets, line "
					"and assoc must be numbers", opt, s);
	r.n_sets = num[0];
	r.line_bytes = num[1];
	r.assoc = num[2];
	if (!num[0] || (num[0] & (num[0] - 1)) || num[1] < 8 ||
	    (num[1] & (num[1] - 1)) || !num[2])
		return diag_err(d, "option '%s' = '%s': sets and line size "
				"must be powers of two (line >= 8), assoc at "
				"least 1", opt, s);

	/* policies */
	if (ng > 1) {
		char rep, wr, al, wa = 'N', ix = 'L';

		memcpy(buf, grp[1], glen[1]);
		buf[glen[1]] = 0;
		nf = mopt_split(buf, ':', f, flen, 8);
		if (nf < 3)
			return diag_err(d, "option '%s' = '%s': expected "
					"rep:write:alloc[:write-alloc[:index]] "
					"second", opt, s);
		rep = mopt_letter(f[0], flen[0]);
		wr = mopt_letter(f[1], flen[1]);
		al = mopt_letter(f[2], flen[2]);
		if (nf > 3)
			wa = mopt_letter(f[3], flen[3]);
		if (nf > 4)
			ix = mopt_letter(f[4], flen[4]);
		if (rep != 'L' && rep != 'F')
			return diag_err(d, "option '%s' = '%s': replacement "
					"must be L or F", opt, s);
		switch (wr) {
		case 'R': r.write = MEM_WP_READONLY; break;
		case 'T': r.write = MEM_WP_WT; break;
		case 'B': r.write = MEM_WP_WB; break;
		case 'L': r.write = MEM_WP_LOCAL_WB; break;
		default:
			return diag_err(d, "option '%s' = '%s': write policy "
					"must be R, T, B or L (E, write-evict, "
					"is not modelled)", opt, s);
		}
		if (al == 's') { /* GPGPU-Sim 4.x streaming L1 */
			mopt_note(notes, opt, s, "streaming allocation (s) is "
				  "modelled as allocate-on-miss (m)");
			al = 'm';
		}
		if (al != 'm' && al != 'f')
			return diag_err(d, "option '%s' = '%s': allocation must "
					"be m, f or s", opt, s);
		r.alloc_on_fill = al == 'f';
		if (wa != 'N' && wa != 'W' && wa != 'F' && wa != 'L')
			return diag_err(d, "option '%s' = '%s': write-allocate "
					"must be N, W, F or L", opt, s);
		r.write_alloc = wa != 'N';
		if (ix != 'H' && ix != 'P' && ix != 'L')
			return diag_err(d, "option '%s' = '%s': set index must "
					"be H, P or L", opt, s);
		r.hash_index = ix != 'L';
	}

	/* MSHRs */
	if (ng > 2) {
		memcpy(buf, grp[2], glen[2]);
		buf[glen[2]] = 0;
		nf = mopt_split(buf, ':', f, flen, 8);
		i = 0;
		if (nf == 3) {
			char t = mopt_letter(f[0], flen[0]);

			if (t != 'A' && t != 'S' && t != 'T' && t != 'F')
				return diag_err(d, "option '%s' = '%s': MSHR "
						"kind must be A, S, T or F", opt,
						s);
			i = 1;
		} else if (nf != 2) {
			return diag_err(d, "option '%s' = '%s': expected "
					"[A|S:]mshrs:merges third", opt, s);
		}
		if (mopt_uint(f[i], flen[i], &num[0]) ||
		    mopt_uint(f[i + 1], flen[i + 1], &num[1]))
			return diag_err(d, "option '%s' = '%s': MSHR entries "
					"and merges must be numbers", opt, s);
		r.n_mshr = num[0];
		r.mshr_merge = num[1];
	}

	/* miss queue (a result-FIFO size after ':' is ignored) */
	if (ng > 3) {
		memcpy(buf, grp[3], glen[3]);
		buf[glen[3]] = 0;
		nf = mopt_split(buf, ':', f, flen, 8);
		if (mopt_uint(f[0], flen[0], &num[0]))
			return diag_err(d, "option '%s' = '%s': miss queue "
					"must be a number", opt, s);
		r.miss_queue = num[0];
	}
	*k = r;
	return 0;
}

/* One key of the DRAM timing list and the field it sets (NULL: ignored). */
struct mopt_dram_key {
	const char *key;  /* GPGPU-Sim spelling */
	size_t offset;    /* field in struct mem_config */
	bool used;        /* false: accepted but not modelled */
};

static const struct mopt_dram_key mopt_dram_keys[] = {
	{"nbk", offsetof(struct mem_config, n_banks), true},
	{"CCD", offsetof(struct mem_config, t_ccd), true},
	{"RRD", offsetof(struct mem_config, t_rrd), true},
	{"RCD", offsetof(struct mem_config, t_rcd), true},
	{"RAS", offsetof(struct mem_config, t_ras), true},
	{"RP", offsetof(struct mem_config, t_rp), true},
	{"RC", offsetof(struct mem_config, t_rc), true},
	{"CL", offsetof(struct mem_config, t_cl), true},
	{"WL", offsetof(struct mem_config, t_wl), true},
	{"CDLR", offsetof(struct mem_config, t_cdlr), true},
	{"WR", offsetof(struct mem_config, t_wr), true},
	{"RTPL", offsetof(struct mem_config, t_rtp), true},
	{"nbkgrp", 0, false}, /* bank groups are not modelled */
	{"CCDL", 0, false},
};

/*
 * Parse "nbk=16:CCD=2:..." (keys case-insensitive, blanks ignored, any
 * subset in any order) into m.
 */
static int mem_dram_timing_parse(struct mem_config *m, const char *opt,
				 const char *s, struct diag *d)
{
	char buf[MOPT_MAX];
	size_t n = 0;
	const char *p;
	struct mem_config r = *m;

	for (p = s; *p; p++) /* drop blanks: option files may wrap the list */
		if (!isspace((unsigned char)*p)) {
			if (n + 1 >= sizeof(buf))
				return diag_err(d, "option '%s': timing list "
						"too long", opt);
			buf[n++] = *p;
		}
	buf[n] = 0;
	p = buf;
	while (*p) {
		const char *e = strchr(p, ':');
		size_t l = e ? (size_t)(e - p) : strlen(p);
		const char *eq = memchr(p, '=', l);
		size_t kl;
		unsigned v, i;

		if (l == 0) { /* tolerate "::" and a trailing ':' */
			p += e ? 1 : 0;
			continue;
		}
		if (!eq || mopt_uint(eq + 1, l - (size_t)(eq + 1 - p), &v))
			return diag_err(d, "option '%s' = '%s': expected "
					"key=number, got '%.*s'", opt, s,
					(int)l, p);
		kl = (size_t)(eq - p);
		for (i = 0; i < ARRAY_SIZE(mopt_dram_keys); i++)
			if (strlen(mopt_dram_keys[i].key) == kl &&
			    !strncasecmp(mopt_dram_keys[i].key, p, kl))
				break;
		if (i == ARRAY_SIZE(mopt_dram_keys))
			return diag_err(d, "option '%s' = '%s': unknown timing "
					"'%.*s'", opt, s, (int)kl, p);
		if (mopt_dram_keys[i].used)
			*(unsigned *)((char *)&r + mopt_dram_keys[i].offset) = v;
		p += l + (e ? 1 : 0);
	}
	*m = r;
	return 0;
}

/* "a:b:c:d" -> the four partition queue sizes. */
static int mopt_queues(struct mem_config *m, const char *opt, const char *s,
		       struct diag *d)
{
	const char *f[5];
	size_t fl[5];
	unsigned q[4];

	if (mopt_split(s, ':', f, fl, 5) != 4)
		return diag_err(d, "option '%s' = '%s': expected four sizes "
				"a:b:c:d", opt, s);
	for (unsigned i = 0; i < 4; i++)
		if (mopt_uint(f[i], fl[i], &q[i]))
			return diag_err(d, "option '%s' = '%s': sizes must be "
					"numbers", opt, s);
	m->q_icnt_l2 = q[0];
	m->q_l2_dram = q[1];
	m->q_dram_l2 = q[2];
	m->q_l2_icnt = q[3];
	return 0;
}

int mem_config_from_ws(struct mem_config *m, const struct ws_config *c,
		       struct diag *d)
{
	return mem_config_map_ws(m, c, NULL, d);
}

int mem_config_map_ws(struct mem_config *m, const struct ws_config *c,
		      char **notes, struct diag *d)
{
	mem_config_gtx480(m);
	m->n_sm = c->n_sm;
	m->core_mhz = c->core_mhz;
	m->icnt_mhz = c->icnt_mhz;
	m->l2_mhz = c->l2_mhz;
	m->dram_mhz = c->dram_mhz;

	if (mem_cache_string_parse(&m->l1d, "gpgpu_cache:dl1", c->cache_dl1,
				   notes, d))
		return -1;
	m->l1d.latency = (unsigned)c->l1_latency;
	if (mem_cache_string_parse(&m->l1c, "gpgpu_const_cache:l1",
				   c->cache_l1c, notes, d))
		return -1;
	m->l1c.latency = (unsigned)c->const_latency;
	m->l1d_enabled = !c->gmem_skip_l1d;
	m->reply_queue = (unsigned)c->reply_queue;
	m->reqs_per_sm = (unsigned)c->reqs_per_sm;
	m->smem_banks = (unsigned)c->shmem_num_banks;
	m->smem_bank_bytes = (unsigned)c->shmem_bank_bytes;
	m->smem_latency = (unsigned)c->smem_latency;
	m->coalesce_bytes = c->coalesce_bytes ? (unsigned)c->coalesce_bytes
					      : m->l1d.line_bytes;
	m->sector_bytes = (unsigned)c->sector_bytes;

	m->flit_bytes = (unsigned)c->icnt_flit_size;
	m->ctrl_bytes = (unsigned)c->ctrl_bytes;
	m->icnt_latency = (unsigned)c->icnt_latency;
	m->icnt_in_queue = c->icnt_in_queue ? (unsigned)c->icnt_in_queue
					    : m->l1d.miss_queue;
	m->ejection_queue = (unsigned)c->ejection_queue;

	m->n_mem = (unsigned)c->n_mem;
	m->n_sub = (unsigned)c->n_sub_partition;
	if (mem_cache_string_parse(&m->l2, "gpgpu_cache:dl2", c->cache_dl2,
				   notes, d))
		return -1;
	m->l2.latency = (unsigned)c->l2_latency;
	m->rop_latency = (unsigned)c->rop_latency;
	if (mopt_queues(m, "gpgpu_dram_partition_queues", c->partition_queues,
			d))
		return -1;
	/*
	 * A filled L2 MSHR releases all its merged requests into the L2->icnt
	 * queue at once, so the model needs the queue to hold them; GPGPU-Sim
	 * configs (SM6_TITANX: 64 merges, 32-entry queues) may not.
	 */
	if (m->q_l2_icnt && m->l2.mshr_merge > m->q_l2_icnt) {
		char what[128];

		snprintf(what, sizeof(what), "%u merges per MSHR exceed the "
			 "L2->icnt queue (%u); modelled as %u", m->l2.mshr_merge,
			 m->q_l2_icnt, m->q_l2_icnt);
		mopt_note(notes, "gpgpu_cache:dl2", c->cache_dl2, what);
		m->l2.mshr_merge = m->q_l2_icnt;
	}
	m->wb_pool = (unsigned)c->wb_pool;

	m->dram_latency = (unsigned)c->dram_latency;
	m->frfcfs = (unsigned)c->dram_scheduler;
	m->sched_queue = (unsigned)c->dram_sched_queue;
	if (mem_dram_timing_parse(m, "gpgpu_dram_timing_opt", c->dram_timing, d))
		return -1;
	m->burst_len = (unsigned)c->dram_burst_length;
	m->bus_bytes = (unsigned)c->dram_buswidth;
	m->chips = (unsigned)c->n_mem_per_ctrlr;
	m->data_ratio = (unsigned)c->dram_freq_ratio;
	if (mem_config_set_addrmap(m, c->addr_mapping, d))
		return diag_err(d, "option 'gpgpu_mem_addr_mapping': bad "
				"address map");
	return mem_config_validate(m, d);
}
