/*
 * host.c - histogram test: 64-bin histogram over 5000 skewed keys with
 * shared and global atomicAdd, a global atomicMax, an atomicCAS-loop
 * minimum and an atomicCAS first-visitor count of the non-empty bins.
 * All results are order-independent, so they are checked exactly.
 */
#define KH_NAME "histogram"
#include "../khost.h"

#define N 5000u
#define BINS 64u
#define BLOCK 128u
#define GRID 12u

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {4242};
	static unsigned keys[N];
	unsigned hist[BINS], ref[BINS], seen[BINS];
	unsigned stats[3] = {0, 0xffffffffu, 0}, want[3] = {0, 0xffffffffu, 0};
	unsigned n = N, i;
	CUdeviceptr d_keys, d_hist, d_stats, d_seen;
	void *p[] = {&d_keys, &n, &d_hist, &d_stats, &d_seen};

	memset(ref, 0, sizeof(ref));
	for (i = 0; i < N; i++) {
		unsigned bin, k0;

		if (kh_rand(&r) % 10 != 0) /* crowd the middle bins */
			bin = 16 + kh_rand(&r) % 16 + kh_rand(&r) % 16;
		else /* sparse even bins */
			bin = (kh_rand(&r) % 32) * 2;
		k0 = kh_rand(&r) << 10;
		k0 |= (bin << 4) | (kh_rand(&r) & 15);
		keys[i] = k0;
		ref[(k0 >> 4) % BINS]++;
		if (k0 > want[0])
			want[0] = k0;
		if (k0 < want[1])
			want[1] = k0;
	}
	for (i = 0; i < BINS; i++)
		want[2] += ref[i] != 0;
	memset(hist, 0, sizeof(hist));
	memset(seen, 0, sizeof(seen));
	kh_open(&k, argc, argv);
	d_keys = kh_alloc(sizeof(keys), keys);
	d_hist = kh_alloc(sizeof(hist), hist);
	d_stats = kh_alloc(sizeof(stats), stats);
	d_seen = kh_alloc(sizeof(seen), seen);
	kh_launch(&k, "histo64", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(hist, d_hist, sizeof(hist)));
	CK(cuMemcpyDtoH(stats, d_stats, sizeof(stats)));
	CK(cuMemcpyDtoH(seen, d_seen, sizeof(seen)));
	for (i = 0; i < BINS; i++) {
		if (hist[i] != ref[i])
			kh_fail("bin %u: got %u, expected %u", i, hist[i],
				ref[i]);
		if (seen[i] != (ref[i] != 0))
			kh_fail("seen[%u] = %u, expected %u", i, seen[i],
				ref[i] != 0);
	}
	if (stats[0] != want[0])
		kh_fail("atomicMax: got %08x, expected %08x", stats[0],
			want[0]);
	if (stats[1] != want[1])
		kh_fail("CAS-loop min: got %08x, expected %08x", stats[1],
			want[1]);
	if (stats[2] != want[2])
		kh_fail("distinct bins: got %u, expected %u", stats[2],
			want[2]);
	CK(cuMemFree(d_keys));
	CK(cuMemFree(d_hist));
	CK(cuMemFree(d_stats));
	CK(cuMemFree(d_seen));
	kh_close(&k);
	printf("PASS histogram n=%u bins=%u max=%08x min=%08x crc=%016llx\n",
	       N, want[2], want[0], want[1],
	       (unsigned long long)kh_fnv(KH_FNV_INIT, hist, sizeof(hist)));
	return 0;
}
