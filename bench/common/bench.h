/*
 * bench.h - shared helpers for the workload hosts bench/<name>/host.c.
 *
 * A host is a plain C11 CUDA Driver API program:
 *     host PATH/TO/kernel.ptx [--size small|paper] [--seed N]
 * It generates its inputs from the seed, runs the kernels, checks them
 * against a CPU reference and prints one line "PASS <name> ..." or
 * "FAIL <name>: ...", exiting 0 or 1.  Define BENCH_NAME before including.
 * The Driver API helpers (CK, kh_alloc, kh_launch, the LCG, the checksum)
 * come from tests/kernels/khost.h.
 */
#ifndef WS_BENCH_COMMON_BENCH_H
#define WS_BENCH_COMMON_BENCH_H

#ifndef BENCH_NAME
#error "define BENCH_NAME (the workload name) before including bench.h"
#endif
#define KH_NAME BENCH_NAME
#include "../../tests/kernels/khost.h"

struct bench_args {
	const char *ptx;  /* path of kernel.ptx */
	int paper;        /* 1 for --size paper, 0 for small (default) */
	uint64_t seed;    /* --seed N (default 1) */
};

/* Parse the host command line; FAILs on anything unexpected. */
static inline void bench_parse(int argc, char **argv, struct bench_args *a)
{
	a->ptx = NULL;
	a->paper = 0;
	a->seed = 1;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--size") && i + 1 < argc) {
			i++;
			if (!strcmp(argv[i], "paper"))
				a->paper = 1;
			else if (strcmp(argv[i], "small"))
				kh_fail("--size must be small or paper, not '%s'",
					argv[i]);
		} else if (!strcmp(argv[i], "--seed") && i + 1 < argc) {
			a->seed = strtoull(argv[++i], NULL, 10);
		} else if (argv[i][0] != '-' && !a->ptx) {
			a->ptx = argv[i];
		} else {
			kh_fail("usage: %s KERNEL.ptx [--size small|paper] "
				"[--seed N]", argv[0]);
		}
	}
	if (!a->ptx)
		kh_fail("usage: %s KERNEL.ptx [--size small|paper] [--seed N]",
			argv[0]);
}

/* Parse arguments, open the device and load the module. */
static inline void bench_open(struct kh_ctx *k, struct bench_args *a,
			      int argc, char **argv)
{
	bench_parse(argc, argv, a);
	char *av[2] = {argv[0], (char *)a->ptx};
	kh_open(k, 2, av);
}

/* A generator seeded from the command line (and a per-stream salt). */
static inline struct kh_rng bench_rng(const struct bench_args *a,
				      uint64_t salt)
{
	struct kh_rng r = {a->seed * 0x9e3779b97f4a7c15ULL + salt};
	kh_rand(&r);
	return r;
}

/*
 * Blocks of kernel fn with `threads` threads that can all be resident at
 * once (for kernels whose blocks wait on each other): the SM count times
 * the driver's resident blocks per SM (the dispatcher's own rule), capped
 * at max_per_sm (e.g. the paper's TBs/SM; 0 = no cap).  FAILs when not
 * even one block fits.
 */
static inline unsigned bench_resident_blocks(struct kh_ctx *k, const char *fn,
					     int threads, int max_per_sm)
{
	int per_sm, n_sm;
	CK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kh_func(k, fn),
						       threads, 0));
	CK(cuDeviceGetAttribute(&n_sm, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
				k->dev));
	if (max_per_sm > 0 && per_sm > max_per_sm)
		per_sm = max_per_sm;
	if (per_sm < 1)
		kh_fail("%s: no block of %d threads fits on an SM", fn, threads);
	return (unsigned)(n_sm * per_sm);
}

/* The PASS line: "PASS <name> size=... seed=... <detail>". */
static inline void bench_pass(const struct bench_args *a, const char *fmt,
			      ...) __attribute__((format(printf, 2, 3)));
static inline void bench_pass(const struct bench_args *a, const char *fmt,
			      ...)
{
	va_list ap;
	printf("PASS %s size=%s seed=%llu ", BENCH_NAME,
	       a->paper ? "paper" : "small", (unsigned long long)a->seed);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
}

#endif
