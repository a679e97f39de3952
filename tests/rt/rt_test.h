/*
 * rt_test.h - helpers shared by the runtime-API test programs (built by
 * nvcc against NVIDIA's headers, run on our libcudart): a checking macro,
 * and the same LCG, uniform floats and FNV-1a as tests/kernels/khost.h so
 * a twin generates exactly the inputs of its Driver-API workload.
 */
#ifndef WS_TESTS_RT_RT_TEST_H
#define WS_TESTS_RT_RT_TEST_H

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define RT_CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
	printf("FAIL %s: %s returned %s (%s)\n", RT_NAME, #call, \
	       cudaGetErrorName(e_), cudaGetErrorString(e_)); exit(1); } } while (0)
#define RT_FAIL(...) do { printf("FAIL %s: ", RT_NAME); printf(__VA_ARGS__); \
	printf("\n"); exit(1); } while (0)

struct rt_rng {
	uint64_t s; /* LCG state, as khost.h's struct kh_rng */
};

static inline uint32_t rt_rand(struct rt_rng *r)
{
	r->s = r->s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(r->s >> 32);
}

static inline float rt_unif(struct rt_rng *r, float lo, float hi)
{
	float u = (float)(rt_rand(r) >> 8) * (1.0f / 16777216.0f);

	return lo + (hi - lo) * u;
}

/* bench.h's bench_rng for seed 1. */
static inline struct rt_rng rt_bench_rng(uint64_t salt)
{
	struct rt_rng r = {1ULL * 0x9e3779b97f4a7c15ULL + salt};

	rt_rand(&r);
	return r;
}

#define RT_FNV_INIT 0xcbf29ce484222325ULL
static inline uint64_t rt_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = (const unsigned char *)p;

	for (size_t i = 0; i < n; i++) {
		h ^= b[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

#endif
