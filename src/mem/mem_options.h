/*
 * mem_options.h - build the memory-system configuration (struct mem_config)
 * from the simulator's option table (struct ws_config).
 */
#ifndef SIM_MEM_MEM_OPTIONS_H
#define SIM_MEM_MEM_OPTIONS_H

#include "../config/config.h"
#include "mem.h"

/*
 * Fill m from c: the GTX480 defaults, then every memory option of the
 * table (SM count, clocks, caches, partitions, DRAM timing).  Returns 0, or
 * -1 with a message in d when an option value is malformed or the result
 * fails mem_config_validate.
 */
int mem_config_from_ws(struct mem_config *m, const struct ws_config *c,
		       struct diag *d);

#endif
