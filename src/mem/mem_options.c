/*
 * mem_options.c - struct mem_config from the option table (see
 * mem_options.h).
 */
#include "mem_options.h"

int mem_config_from_ws(struct mem_config *m, const struct ws_config *c,
		       struct diag *d)
{
	mem_config_gtx480(m);
	m->n_sm = c->n_sm;
	m->core_mhz = c->core_mhz;
	m->icnt_mhz = c->icnt_mhz;
	m->l2_mhz = c->l2_mhz;
	m->dram_mhz = c->dram_mhz;
	return mem_config_validate(m, d);
}
