/*
 * sched.c - the warp-scheduling policy registry: name lookup, instance
 * create/destroy and the `warpsim list` table, plus small helpers the
 * policies share (error formatting, argument parsing).
 *
 * A policy name may carry arguments after a colon ("tl:6:0:1"); the part
 * before the colon selects the policy and the rest reaches its init as
 * ini->args.  Adding a policy is one file plus one line in sched_table.
 * A wrapper policy (ops->wrapper: "bows:gto") receives the base's name, with
 * the base's own arguments, as its args and creates the base itself.
 */
#include "../base/base.h"
#include "sched_int.h"

#include <stdarg.h>
#include <stdlib.h>

/* Every policy, in `warpsim list` order; NULL-terminated. */
static const struct sched_ops *const sched_table[] = {
	&sched_lrr_ops,
	&sched_gto_ops,
	&sched_oldest_ops,
	&sched_tl_ops,
	&sched_mwf_ops,
	&sched_saws_ops,
	&sched_pro_ops,
	&sched_cawa_ops,
	&sched_bows_ops,
	NULL,
};

int sched_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (!err || !errlen)
		return -1;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

int sched_parse_uint(const char **p, uint64_t max, uint64_t *val)
{
	const char *s = *p;
	uint64_t x = 0;

	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		x = x * 10 + (uint64_t)(*s - '0');
		if (x > max)
			return -1;
	}
	*p = s;
	*val = x;
	return 0;
}

void sched_bows_defaults(struct sched_bows_params *p)
{
	memset(p, 0, sizeof(*p));
	p->adaptive = true;
	p->frac1 = 0.5;
	p->delay = 0;
	p->ddos_l = 8;
	p->ddos_m = 8;
	p->ddos_k = 8;
	p->ddos_t = 4;
}

int sched_bows_parse(struct sched_bows_params *p, const char *delay,
		     const char *hash, uint64_t l, uint64_t m, uint64_t k,
		     uint64_t t, char *err, size_t errlen)
{
	const char *d = delay;

	sched_bows_defaults(p);
	if (!strcmp(delay, "adaptive")) {
		p->adaptive = true;
	} else if (!strncmp(delay, "adaptive:", 9)) {
		char *end = NULL;
		double f = strtod(delay + 9, &end);
		if (end == delay + 9 || *end || !(f > 0 && f <= 1))
			return sched_err(err, errlen,
					 "bows_delay '%s': FRAC1 after "
					 "'adaptive:' must be in (0, 1]", delay);
		p->adaptive = true;
		p->frac1 = f;
	} else if (!sched_parse_uint(&d, 1000000000, &p->delay) && !*d) {
		p->adaptive = false;
	} else {
		return sched_err(err, errlen,
				 "bows_delay '%s': expected 'adaptive', "
				 "'adaptive:FRAC1' or a cycle count", delay);
	}
	if (!strcmp(hash, "xor") || !strcmp(hash, "mod"))
		p->ddos_mod = !strcmp(hash, "mod");
	else
		return sched_err(err, errlen,
				 "ddos_hash '%s': expected 'xor' or 'mod'",
				 hash);
	if (l < 1 || l > 32 || m < 1 || m > 16 || k < 1 || k > 16 || t < 1 ||
	    t > 255)
		return sched_err(err, errlen, "ddos_l/m/k/t out of range");
	p->ddos_l = (unsigned)l;
	p->ddos_m = (unsigned)m;
	p->ddos_k = (unsigned)k;
	p->ddos_t = (unsigned)t;
	return 0;
}

int sched_bows_detect(struct sched_bows_params *p, const char *detect,
		      char *err, size_t errlen)
{
	const char *a = detect + 5;

	p->ddos_share = 0;
	if (!strncmp(detect, "ddos:", 5)) {
		if (sched_parse_uint(&a, 1000000000, &p->ddos_share) || *a ||
		    !p->ddos_share)
			return sched_err(err, errlen,
					 "bows_detect '%s': expected "
					 "'ddos:EPOCH' with EPOCH >= 1 cycles",
					 detect);
	} else if (strcmp(detect, "ddos") && strcmp(detect, "oracle")) {
		return sched_err(err, errlen,
				 "bows_detect '%s': expected 'ddos', "
				 "'ddos:EPOCH' or 'oracle'", detect);
	}
	p->oracle = !strcmp(detect, "oracle");
	return 0;
}

/* One annotated branch. */
struct sched_sib {
	char *kernel;  /* .entry name */
	uint32_t line; /* PTX line */
};

struct sched_sibs {
	struct sched_sib *v; /* entries */
	size_t n;            /* entries in v */
};

/* Open path, or for a relative path dir(near)/path or dir(near)/../path. */
static FILE *sched_sibs_open(const char *path, const char *near)
{
	FILE *f = fopen(path, "r");
	char buf[4096];
	const char *sl;

	if (f || path[0] == '/' || !near || !(sl = strrchr(near, '/')))
		return f;
	int dl = (int)(sl - near);
	snprintf(buf, sizeof(buf), "%.*s/%s", dl, near, path);
	f = fopen(buf, "r");
	if (!f) {
		snprintf(buf, sizeof(buf), "%.*s/../%s", dl, near, path);
		f = fopen(buf, "r");
	}
	return f;
}

struct sched_sibs *sched_sibs_load(const char *path, const char *near,
				   char *err, size_t errlen)
{
	FILE *f = sched_sibs_open(path, near);
	struct sched_sibs *s;
	char buf[512], name[256];
	unsigned long line;
	unsigned ln = 0;

	if (!f) {
		sched_err(err, errlen, "bows_sibs: cannot open '%s' (also "
			  "looked next to %s and one directory up)", path,
			  near ? near : "the PTX file");
		return NULL;
	}
	s = xcalloc(1, sizeof(*s));
	while (fgets(buf, sizeof(buf), f)) {
		char *h = strchr(buf, '#');
		int n;
		ln++;
		if (h)
			*h = 0;
		n = sscanf(buf, "%255s %lu", name, &line);
		if (n <= 0)
			continue;
		if (n != 2 || line == 0 || line > UINT32_MAX) {
			sched_err(err, errlen, "bows_sibs %s:%u: expected "
				  "\"KERNEL LINE\"", path, ln);
			fclose(f);
			sched_sibs_free(s);
			return NULL;
		}
		s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
		s->v[s->n].kernel = xstrdup(name);
		s->v[s->n].line = (uint32_t)line;
		s->n++;
	}
	fclose(f);
	return s;
}

bool sched_sibs_has(const struct sched_sibs *s, const char *kernel,
		    uint32_t line)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->v[i].line == line && !strcmp(s->v[i].kernel, kernel))
			return true;
	return false;
}

void sched_sibs_free(struct sched_sibs *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		free(s->v[i].kernel);
	free(s->v);
	free(s);
}

const struct sched_ops *const *sched_registry(void) { return sched_table; }

const struct sched_ops *sched_lookup(const char *name)
{
	size_t len = strcspn(name, ":");
	unsigned i;

	for (i = 0; sched_table[i]; i++)
		if (strlen(sched_table[i]->name) == len &&
		    !memcmp(sched_table[i]->name, name, len))
			return sched_table[i];
	return NULL;
}

/* Reject scheduler geometries the policies cannot index. */
static int sched_check_init(const struct sched_init *ini, char *err,
			    size_t errlen)
{
	if (ini->n_sched == 0)
		return sched_err(err, errlen, "schedulers per SM must be >= 1");
	if (ini->sched_id >= ini->n_sched)
		return sched_err(err, errlen,
				 "scheduler id %u out of range (%u per SM)",
				 ini->sched_id, ini->n_sched);
	if (ini->n_slots > SCHED_MAX_WARPS)
		return sched_err(err, errlen,
				 "%u warp slots per SM: at most %u supported",
				 ini->n_slots, SCHED_MAX_WARPS);
	return 0;
}

/*
 * Allocate the instance and its private copy of the argument string in one
 * block (the string sits after priv_size bytes), so ini->args stays valid
 * for the instance's lifetime whatever the caller does with name.  Arguments
 * in name win over ini->args.
 */
struct sched *sched_create(const char *name, const struct sched_init *ini,
			   char *err, size_t errlen)
{
	const struct sched_ops *ops;
	const char *args;
	struct sched *s;
	size_t len, alen;

	if (err && errlen)
		err[0] = 0;
	ops = sched_lookup(name);
	if (!ops) {
		len = strcspn(name, ":");
		sched_err(err, errlen,
			  "unknown scheduling policy \"%.*s\" (try `warpsim list`)",
			  (int)len, name);
		return NULL;
	}
	if (sched_check_init(ini, err, errlen))
		return NULL;
	if (ops->priv_size < sizeof(struct sched))
		SIM_BUG("policy %s: priv_size %zu too small", ops->name,
			ops->priv_size);
	len = strcspn(name, ":");
	args = name[len] == ':' ? name + len + 1 : ini->args ? ini->args : "";
	if (ops->wrapper && !args[0]) {
		sched_err(err, errlen,
			  "%s wraps a base policy: name it as %s:BASE (e.g. "
			  "%s:gto)", ops->name, ops->name, ops->name);
		return NULL;
	}
	alen = strlen(args);
	s = xcalloc(1, ops->priv_size + alen + 1);
	memcpy((char *)s + ops->priv_size, args, alen + 1);
	s->ops = ops;
	s->long_op = ops->uses_long_op;
	s->ini = *ini;
	s->ini.args = (const char *)s + ops->priv_size;
	if (ops->init && ops->init(s, &s->ini, err, errlen)) {
		free(s);
		return NULL;
	}
	return s;
}

int sched_check(const char *name, unsigned n_sched, unsigned n_slots,
		char *err, size_t errlen)
{
	struct sched_init ini = {.n_sched = n_sched, .n_slots = n_slots};
	struct sched *s = sched_create(name, &ini, err, errlen);

	if (!s)
		return -1;
	sched_destroy(s);
	return 0;
}

void sched_destroy(struct sched *s)
{
	if (!s)
		return;
	if (s->ops->release)
		s->ops->release(s);
	free(s);
}

void sched_print_list(FILE *f)
{
	unsigned i;

	for (i = 0; sched_table[i]; i++)
		fprintf(f, "  %-8s %s\n", sched_table[i]->name,
			sched_table[i]->desc);
}
