/*
 * khost.h - shared helpers for the kernel test hosts (header only).
 *
 * Every tests/kernels/<name>/host.c is a plain C11 program that uses only
 * the CUDA Driver API.  This header gives them: a CUresult check that names
 * the failing call and ends the run with the single "FAIL <name>: ..."
 * line, context/module set-up from argv[1], a fixed-seed LCG for inputs and
 * an FNV-1a checksum for the PASS line.  Define KH_NAME before including.
 */
#ifndef WS_TESTS_KERNELS_KHOST_H
#define WS_TESTS_KERNELS_KHOST_H

#include <cuda.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef KH_NAME
#error "define KH_NAME (the test name) before including khost.h"
#endif

struct kh_ctx {
	CUdevice dev;     /* device 0 */
	CUcontext ctx;    /* context created on it */
	CUmodule mod;     /* module loaded from argv[1] */
	int warp_size;    /* CU_DEVICE_ATTRIBUTE_WARP_SIZE */
};

struct kh_rng {
	uint64_t s;       /* LCG state (64-bit, Knuth's MMIX constants) */
};

/* Print the FAIL line (printf-style reason) and exit with status 1. */
static inline void kh_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));
static inline void kh_fail(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	printf("FAIL %s: ", KH_NAME);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	exit(1);
}

/* Name of a CUresult, or "?" when the library does not know it. */
static inline const char *kh_err_name(CUresult r)
{
	const char *s = NULL;

	if (cuGetErrorName(r, &s) != CUDA_SUCCESS || !s)
		return "?";
	return s;
}

/* Check a Driver API call; on failure FAIL with the call text and code. */
#define CK(call)                                                               \
	do {                                                                   \
		CUresult ck_r_ = (call);                                       \
		if (ck_r_ != CUDA_SUCCESS)                                     \
			kh_fail("%s returned %s (%d) at line %d", #call,      \
				kh_err_name(ck_r_), (int)ck_r_, __LINE__);     \
	} while (0)

/*
 * Initialise the driver, create a context on device 0, read the warp size
 * and load the module named by argv[1].  FAILs on any error.
 */
static inline void kh_open(struct kh_ctx *k, int argc, char **argv)
{
	memset(k, 0, sizeof(*k));
	if (argc < 2)
		kh_fail("usage: %s PATH/TO/kernel.ptx", argv[0]);
	CK(cuInit(0));
	CK(cuDeviceGet(&k->dev, 0));
#if defined(CUDA_VERSION) && CUDA_VERSION >= 13000
	CK(cuCtxCreate(&k->ctx, NULL, 0, k->dev));
#else
	CK(cuCtxCreate(&k->ctx, 0, k->dev));
#endif
	CK(cuDeviceGetAttribute(&k->warp_size, CU_DEVICE_ATTRIBUTE_WARP_SIZE,
				k->dev));
	if (k->warp_size <= 0 || k->warp_size > 64)
		kh_fail("implausible warp size %d", k->warp_size);
	CK(cuModuleLoad(&k->mod, argv[1]));
}

/* Unload the module and destroy the context. */
static inline void kh_close(struct kh_ctx *k)
{
	CK(cuModuleUnload(k->mod));
	CK(cuCtxDestroy(k->ctx));
}

/* Kernel by (extern "C") name. */
static inline CUfunction kh_func(struct kh_ctx *k, const char *name)
{
	CUfunction f;

	CK(cuModuleGetFunction(&f, k->mod, name));
	return f;
}

/* Device allocation of n bytes, optionally filled from host memory. */
static inline CUdeviceptr kh_alloc(size_t n, const void *init)
{
	CUdeviceptr p;

	CK(cuMemAlloc(&p, n));
	if (init)
		CK(cuMemcpyHtoD(p, init, n));
	return p;
}

/* Zero-initialised host buffer (exits on out-of-memory). */
static inline void *kh_zalloc(size_t n)
{
	void *p = calloc(n ? n : 1, 1);

	if (!p)
		kh_fail("out of host memory (%zu bytes)", n);
	return p;
}

/* Next 32 random bits. */
static inline uint32_t kh_rand(struct kh_rng *r)
{
	r->s = r->s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(r->s >> 32);
}

/* Uniform integer in [lo, hi] (hi - lo < 2^32). */
static inline int32_t kh_range(struct kh_rng *r, int32_t lo, int32_t hi)
{
	uint64_t span = (uint64_t)((int64_t)hi - (int64_t)lo) + 1;

	return (int32_t)((int64_t)lo + (int64_t)(kh_rand(r) % span));
}

/* Uniform float in [lo, hi) with 24 random bits. */
static inline float kh_unif(struct kh_rng *r, float lo, float hi)
{
	float u = (float)(kh_rand(r) >> 8) * (1.0f / 16777216.0f);

	return lo + (hi - lo) * u;
}

/* FNV-1a over n bytes, chained from h (start with KH_FNV_INIT). */
#define KH_FNV_INIT 0xcbf29ce484222325ULL
static inline uint64_t kh_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/*
 * FAIL unless the PTX file at path contains needle: guards the property a
 * test relies on (a local depot, a .func call) against compiler changes.
 */
static inline void kh_ptx_needs(const char *path, const char *needle)
{
	FILE *f = fopen(path, "rb");
	char *text;
	long n;

	if (!f)
		kh_fail("cannot open %s", path);
	if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0)
		kh_fail("cannot size %s", path);
	text = kh_zalloc((size_t)n + 1);
	if (fread(text, 1, (size_t)n, f) != (size_t)n)
		kh_fail("cannot read %s", path);
	fclose(f);
	if (!strstr(text, needle))
		kh_fail("%s lacks \"%s\"", path, needle);
	free(text);
}

/* Launch kernel `name` on a (gx,gy,gz) grid of (bx,by,bz) blocks. */
static inline void kh_launch(struct kh_ctx *k, const char *name,
			     unsigned gx, unsigned gy, unsigned gz,
			     unsigned bx, unsigned by, unsigned bz,
			     unsigned shared, void **params)
{
	CUresult r = cuLaunchKernel(kh_func(k, name), gx, gy, gz, bx, by, bz,
				    shared, NULL, params, NULL);

	if (r != CUDA_SUCCESS)
		kh_fail("cuLaunchKernel(%s) returned %s (%d)", name,
			kh_err_name(r), (int)r);
}

#endif
