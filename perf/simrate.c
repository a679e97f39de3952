/*
 * simrate.c - `make bench`: functional-mode simulation rate.
 *
 * Loads perf/kernels.ptx through the simulator API (libwarpsim.a), runs
 * each benchmark kernel on synthetic inputs, and prints the warp
 * instructions simulated per host second (single thread) and their
 * geometric mean.  A benchmark, not a test: it asserts nothing.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpsim.h"
#include "base/diag.h"

struct bench {
	const char *kernel; /* entry name */
	unsigned grid;      /* blocks */
	unsigned block;     /* threads per block */
};

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	long n = ftell(f);
	fseek(f, 0, SEEK_SET);
	char *b = malloc((size_t)n + 1);
	if (!b || fread(b, 1, (size_t)n, f) != (size_t)n) {
		fclose(f);
		free(b);
		return NULL;
	}
	fclose(f);
	*len = (size_t)n;
	return b;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "perf/kernels.ptx";
	char *quiet[] = {"--quiet"};
	struct ws_sim *s;
	struct ws_module *m;
	struct diag d;
	size_t len;
	diag_init(&d);
	char *text = read_file(path, &len);
	if (!text || ws_sim_create(1, quiet, &s, &d) ||
	    ws_module_load(s, text, len, path, &m, &d)) {
		fprintf(stderr, "simrate: cannot set up: %s\n", diag_text(&d));
		return 1;
	}
	const unsigned n = 1 << 20;
	ws_addr in, out, bins;
	ws_mem_alloc(s, (uint64_t)n * 4, &in);
	ws_mem_alloc(s, (uint64_t)n * 4, &out);
	ws_mem_alloc(s, 256 * 4, &bins);
	unsigned *h = malloc((size_t)n * 4);
	for (unsigned i = 0; i < n; i++)
		h[i] = i * 2654435761u >> 7;
	ws_mem_write(s, in, h, (size_t)n * 4);
	free(h);

	static const struct bench benches[] = {
		{"alu_loop", 240, 256}, {"reduce", 240, 256},
		{"diverge", 1024, 256}, {"histo", 240, 256},
	};
	double logsum = 0;
	printf("%-10s %14s %10s %16s\n", "kernel", "warp_insn", "seconds",
	       "warp_insn/s");
	for (size_t b = 0; b < sizeof(benches) / sizeof(benches[0]); b++) {
		const struct bench *bb = &benches[b];
		unsigned char params[32];
		int iters = 200, nn = (int)n;
		memset(params, 0, sizeof(params));
		if (!strcmp(bb->kernel, "alu_loop")) {
			memcpy(params, &out, 8);
			memcpy(params + 8, &iters, 4);
		} else if (!strcmp(bb->kernel, "reduce")) {
			memcpy(params, &in, 8);
			memcpy(params + 8, &out, 8);
			memcpy(params + 16, &nn, 4);
		} else if (!strcmp(bb->kernel, "diverge")) {
			memcpy(params, &in, 8);
			memcpy(params + 8, &out, 8);
		} else {
			memcpy(params, &in, 8);
			memcpy(params + 8, &bins, 8);
			memcpy(params + 16, &nn, 4);
		}
		struct ws_launch l = {
			.kernel = ws_module_kernel(m, bb->kernel),
			.grid = {bb->grid, 1, 1}, .block = {bb->block, 1, 1},
			.params = params, .param_bytes = sizeof(params)};
		struct ws_launch_stats st;
		if (!l.kernel || ws_launch(s, &l, &d)) {
			fprintf(stderr, "simrate: %s failed: %s\n", bb->kernel,
				diag_text(&d));
			return 1;
		}
		ws_last_launch_stats(s, &st);
		double rate = (double)st.warp_insn / st.wall_s;
		logsum += log(rate);
		printf("%-10s %14llu %10.3f %16.0f\n", bb->kernel,
		       (unsigned long long)st.warp_insn, st.wall_s, rate);
	}
	printf("geomean_warp_insn_per_s = %.0f (functional mode, 1 thread)\n",
	       exp(logsum / (double)(sizeof(benches) / sizeof(benches[0]))));
	ws_sim_destroy(s);
	free(text);
	diag_release(&d);
	return 0;
}
