/*
 * host.c - nested divergence test: 3000 threads (24 blocks of 128, the
 * last partly idle) take data-dependent branches nested three deep, a loop
 * with a data-dependent trip count, continue and break, and a while loop
 * with a mid-body exit.  The u32 results are compared exactly.
 */
#define KH_NAME "divergence"
#include "../khost.h"

#define N 3000u
#define BLOCK 128u
#define GRID ((N + BLOCK - 1) / BLOCK)

/* The kernel's computation for element i, in C. */
static unsigned ref_elem(const unsigned *in, unsigned i)
{
	unsigned x = in[i], acc, trips, k, z;

	if (x & 1) {
		if (x & 2)
			acc = (x & 4) ? x * 3u : x ^ 0x55u;
		else
			acc = (x & 8) ? x - 7u : x + 11u;
	} else if (x % 3u == 0) {
		acc = (x & 16) ? x << 2 : ~x;
	} else {
		acc = (x >> 1) + 5u;
	}
	trips = (x >> 5) % 13u;
	for (k = 0; k < trips; k++) {
		unsigned y = in[(i + k * 7u) % N];

		if (y % 5u == 0)
			continue;
		if (y % 11u == 0 && k > 1)
			break;
		acc += y ^ k;
		if (acc & 0x100u)
			acc = (acc >> 3) | (acc << 29);
	}
	z = x;
	while (z > 1u) {
		z = (z & 1u) ? 3u * (z >> 3) + 1u : z >> 1;
		acc += 1u;
		if ((z & 0xffu) == 0x2au)
			break;
	}
	return acc;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {99};
	static unsigned in[N], out[N];
	unsigned n = N, i;
	CUdeviceptr d_in, d_out;
	void *p[] = {&d_in, &d_out, &n};

	for (i = 0; i < N; i++) {
		in[i] = kh_rand(&r);
		if (i % 4 == 1) /* small values: short while loops */
			in[i] >>= 20;
	}
	kh_open(&k, argc, argv);
	d_in = kh_alloc(sizeof(in), in);
	d_out = kh_alloc(sizeof(out), NULL);
	kh_launch(&k, "nested_branches", GRID, 1, 1, BLOCK, 1, 1, 0,
		  p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, sizeof(out)));
	for (i = 0; i < N; i++) {
		unsigned e = ref_elem(in, i);

		if (out[i] != e)
			kh_fail("out[%u] = %08x, expected %08x (x=%08x)", i,
				out[i], e, in[i]);
	}
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_out));
	kh_close(&k);
	printf("PASS divergence n=%u crc=%016llx\n", N,
	       (unsigned long long)kh_fnv(KH_FNV_INIT, out, sizeof(out)));
	return 0;
}
