/*
 * host.c - histsdk workload (PRO set, CUDA SDK histogram): histogram64 and
 * histogram256 over the same byte buffer, each followed by its merge
 * kernel.  Bytes are half uniform, half concentrated on 8 values (shared-
 * atomic contention in histogram256).  Small: 5.27 MiB, histogram64 on 360
 * blocks of 64 threads (15 uint4 per thread), histogram256 on 360 blocks of
 * 192 (both >= 3 waves at 8 TBs/SM on 15 SMs), merges on 64 and 256
 * blocks; paper: 64 MiB, 4370 histogram64 blocks and 240 histogram256
 * blocks as in the PRO paper.  Both histograms must equal the CPU counts.
 */
#define BENCH_NAME "histsdk"
#include "../common/bench.h"

#define H64_THREADS 64
#define H64_PER_THREAD 15 /* uint4 per thread: 240 byte counts < 256 */
#define H256_THREADS 192
#define MERGE_THREADS 256

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	int n4, nw, p64, p256;
	uint32_t *data, h64[64], h256[256], ref64[64] = {0}, ref256[256] = {0};
	CUdeviceptr d_data, d_p64, d_p256, d_h64, d_h256;
	uint64_t crc, total = 0;

	bench_open(&k, &a, argc, argv);
	p64 = a.paper ? 4370 : 360;
	p256 = a.paper ? 240 : 360;
	n4 = p64 * H64_THREADS * H64_PER_THREAD;
	nw = 4 * n4;
	data = kh_zalloc((size_t)nw * sizeof(*data));
	{
		struct kh_rng r = bench_rng(&a, 1);

		for (int i = 0; i < nw; i++) {
			uint32_t w = 0;

			for (int b = 0; b < 4; b++) {
				uint32_t x = kh_rand(&r), v;

				v = (x & 1) ? (x >> 8) & 255 : 128 + ((x >> 8) & 7);
				w |= v << (8 * b);
				ref256[v]++;
				ref64[v >> 2]++;
			}
			data[i] = w;
		}
	}
	d_data = kh_alloc((size_t)nw * sizeof(*data), data);
	d_p64 = kh_alloc((size_t)p64 * 64 * sizeof(uint32_t), NULL);
	d_p256 = kh_alloc((size_t)p256 * 256 * sizeof(uint32_t), NULL);
	d_h64 = kh_alloc(sizeof(h64), NULL);
	d_h256 = kh_alloc(sizeof(h256), NULL);
	{
		void *a64[] = {&d_p64, &d_data, &n4};
		void *m64[] = {&d_h64, &d_p64, &p64};
		void *a256[] = {&d_p256, &d_data, &nw};
		void *m256[] = {&d_h256, &d_p256, &p256};

		kh_launch(&k, "histogram64", (unsigned)p64, 1, 1, H64_THREADS,
			  1, 1, 0, a64);
		kh_launch(&k, "merge_histogram64", 64, 1, 1, MERGE_THREADS, 1,
			  1, 0, m64);
		kh_launch(&k, "histogram256", (unsigned)p256, 1, 1,
			  H256_THREADS, 1, 1, 0, a256);
		kh_launch(&k, "merge_histogram256", 256, 1, 1, MERGE_THREADS,
			  1, 1, 0, m256);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(h64, d_h64, sizeof(h64)));
	CK(cuMemcpyDtoH(h256, d_h256, sizeof(h256)));
	for (int b = 0; b < 64; b++)
		if (h64[b] != ref64[b])
			kh_fail("histogram64 bin %d: got %u, expected %u", b,
				h64[b], ref64[b]);
	for (int b = 0; b < 256; b++) {
		if (h256[b] != ref256[b])
			kh_fail("histogram256 bin %d: got %u, expected %u", b,
				h256[b], ref256[b]);
		total += h256[b];
	}
	if (total != (uint64_t)nw * 4)
		kh_fail("histogram256 counts %llu bytes, expected %llu",
			(unsigned long long)total, (unsigned long long)nw * 4);
	crc = kh_fnv(KH_FNV_INIT, h64, sizeof(h64));
	crc = kh_fnv(crc, h256, sizeof(h256));
	CK(cuMemFree(d_data));
	CK(cuMemFree(d_p64));
	CK(cuMemFree(d_p256));
	CK(cuMemFree(d_h64));
	CK(cuMemFree(d_h256));
	kh_close(&k);
	free(data);
	bench_pass(&a, "bytes=%d blocks64=%d blocks256=%d crc=%016llx",
		   nw * 4, p64, p256, (unsigned long long)crc);
	return 0;
}
