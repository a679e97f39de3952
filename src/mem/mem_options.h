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
/*
 * As mem_config_from_ws; when notes is not NULL, *notes (NULL or a
 * malloc'd string) gets one "warning: ..." line, without the final
 * newline, per GPGPU-Sim form that was mapped onto the model: streaming
 * (s) allocation, L2 merges beyond the L2->icnt queue.
 */
int mem_config_map_ws(struct mem_config *m, const struct ws_config *c,
		      char **notes, struct diag *d);
/*
 * Parse a GPGPU-Sim cache string (see mem_options.c) into k, keeping k's
 * values for fields the string leaves out; notes as above.  Returns 0 or
 * -1 with a message naming opt.
 */
int mem_cache_string_parse(struct mem_cache_config *k, const char *opt,
			   const char *s, char **notes, struct diag *d);

#endif
