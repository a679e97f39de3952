/*
 * host.c - ht workload: chained hash-table insertion with per-bucket spin
 * locks (BOWS/DDOS HT).  Keys are distinct (a bijective mix of the index
 * and a seeded offset).  The check is independent of the warp
 * interleaving: the pool cursor equals the key count, every bucket list is
 * acyclic and holds only keys that hash to it, and every key appears in
 * exactly one node reachable from its bucket.  The PASS line reports the
 * per-bucket lengths (order-independent).
 *
 * Contention knob: the bucket count (fewer buckets -> more threads per
 * lock), NBUCKETS_SMALL / NBUCKETS_PAPER unless the host option
 * --buckets N (1 .. 1048576) sets it (BOWS Fig. 16 sweeps it).  Small: 120 blocks x 256 threads (a full wave at 6
 * TBs/SM on 15 SMs), 8 keys per thread, 256 buckets.  Paper: 3.2 M keys by
 * 157 x 256 threads (~40 K, 80 keys each), 1024 buckets.
 */
#define BENCH_NAME "ht"
#include "../common/bench.h"

#define BLOCK 256u
#define GRID_SMALL 120u
#define PER_SMALL 8u
#define NBUCKETS_SMALL 256u
#define GRID_PAPER 157u
#define PER_PAPER 80u
#define NBUCKETS_PAPER 1024u

/* Same hash as the kernel. */
static unsigned ref_bucket(unsigned key, unsigned nbuckets)
{
	return ((key * 2654435761u) >> 7) % nbuckets;
}

static int cmp_u32(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

/*
 * Take "--buckets N" out of argv (the other arguments go to bench_open);
 * 0 when absent.  FAILs on a malformed count.
 */
static unsigned ht_take_buckets(int *argc, char **argv)
{
	unsigned nb = 0;
	int i, o = 1;

	for (i = 1; i < *argc; i++) {
		if (strcmp(argv[i], "--buckets")) {
			argv[o++] = argv[i];
			continue;
		}
		char *end = NULL;
		unsigned long v = i + 1 < *argc ?
			strtoul(argv[i + 1], &end, 10) : 0;
		if (!end || *end || v < 1 || v > (1ul << 20))
			kh_fail("--buckets needs a count from 1 to 1048576");
		nb = (unsigned)v;
		i++;
	}
	*argc = o;
	return nb;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	unsigned grid, per, nb, n, i, b, seen = 0, maxlen = 0;
	unsigned *keys, *got, *nkey, *lens, pool;
	int *heads, *next;
	uint32_t mul, add;
	CUdeviceptr d_keys, d_locks, d_heads, d_next, d_nkey, d_pool;
	uint64_t h;

	nb = ht_take_buckets(&argc, argv);
	bench_open(&k, &a, argc, argv);
	grid = a.paper ? GRID_PAPER : GRID_SMALL;
	per = a.paper ? PER_PAPER : PER_SMALL;
	if (!nb)
		nb = a.paper ? NBUCKETS_PAPER : NBUCKETS_SMALL;
	n = grid * BLOCK * per;
	r = bench_rng(&a, 0x4854);
	mul = kh_rand(&r) | 1u;
	add = kh_rand(&r);
	keys = kh_zalloc(n * sizeof(*keys));
	for (i = 0; i < n; i++) {
		uint32_t x = i * mul + add;

		x ^= x >> 16;  /* bijective: keys stay distinct */
		keys[i] = x;
	}
	heads = kh_zalloc(nb * sizeof(*heads));
	for (b = 0; b < nb; b++)
		heads[b] = -1;
	d_keys = kh_alloc(n * sizeof(*keys), keys);
	d_heads = kh_alloc(nb * sizeof(*heads), heads);
	d_locks = kh_alloc(nb * sizeof(int), NULL);
	CK(cuMemsetD32(d_locks, 0, nb));
	d_next = kh_alloc(n * sizeof(int), NULL);
	d_nkey = kh_alloc(n * sizeof(unsigned), NULL);
	d_pool = kh_alloc(sizeof(unsigned), NULL);
	CK(cuMemsetD32(d_pool, 0, 1));
	{
		void *p[] = {&d_keys, &n, &per, &d_locks, &d_heads, &d_next,
			     &d_nkey, &d_pool, &nb};

		kh_launch(&k, "ht_insert", grid, 1, 1, BLOCK, 1, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	next = kh_zalloc(n * sizeof(*next));
	nkey = kh_zalloc(n * sizeof(*nkey));
	got = kh_zalloc(n * sizeof(*got));
	lens = kh_zalloc(nb * sizeof(*lens));
	CK(cuMemcpyDtoH(heads, d_heads, nb * sizeof(*heads)));
	CK(cuMemcpyDtoH(next, d_next, n * sizeof(*next)));
	CK(cuMemcpyDtoH(nkey, d_nkey, n * sizeof(*nkey)));
	CK(cuMemcpyDtoH(&pool, d_pool, sizeof(pool)));
	if (pool != n)
		kh_fail("pool cursor %u, expected %u", pool, n);
	for (b = 0; b < nb; b++) {
		int node = heads[b];

		while (node != -1) {
			if (node < 0 || (unsigned)node >= n)
				kh_fail("bucket %u: bad node index %d", b, node);
			if (seen == n)
				kh_fail("bucket lists hold more than %u nodes "
					"(cycle or shared node)", n);
			if (ref_bucket(nkey[node], nb) != b)
				kh_fail("key %08x in bucket %u, hashes to %u",
					nkey[node], b,
					ref_bucket(nkey[node], nb));
			got[seen++] = nkey[node];
			lens[b]++;
			node = next[node];
		}
		if (lens[b] > maxlen)
			maxlen = lens[b];
	}
	if (seen != n)
		kh_fail("%u keys reachable, expected %u (lost insertions)",
			seen, n);
	qsort(got, n, sizeof(*got), cmp_u32);
	qsort(keys, n, sizeof(*keys), cmp_u32);
	for (i = 0; i < n; i++)
		if (got[i] != keys[i])
			kh_fail("key set differs at rank %u: got %08x, "
				"expected %08x", i, got[i], keys[i]);
	h = kh_fnv(KH_FNV_INIT, lens, nb * sizeof(*lens));
	CK(cuMemFree(d_keys));
	CK(cuMemFree(d_heads));
	CK(cuMemFree(d_locks));
	CK(cuMemFree(d_next));
	CK(cuMemFree(d_nkey));
	CK(cuMemFree(d_pool));
	kh_close(&k);
	bench_pass(&a, "keys=%u buckets=%u threads=%u maxlen=%u crc=%016llx",
		   n, nb, grid * BLOCK, maxlen, (unsigned long long)h);
	free(keys);
	free(heads);
	free(next);
	free(nkey);
	free(got);
	free(lens);
	return 0;
}
