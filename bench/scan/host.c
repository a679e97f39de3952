/*
 * host.c - scan workload (DWR "SC", CUDA SDK scan, large-array path):
 * exclusive prefix sum of seeded u32 data by three launches (chunk scans
 * of 1024 elements by 256 threads, a scan of the chunk totals, a uniform
 * add).  Integer sums are exact, so every output element is compared
 * with a sequential CPU scan.
 *
 *   small: 384 chunks = 393216 elements (four waves of 6 blocks x 256
 *          per SM)
 *   paper: 1024 chunks = 1 M elements (DWR ran a 64-block grid)
 */
#define BENCH_NAME "scan"
#include "../common/bench.h"

#define SC_THREADS 256
#define SC_CHUNK (4 * SC_THREADS)

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int chunks, n;
	unsigned *in, *out, run = 0;
	CUdeviceptr d_in, d_out, d_sums, d_offs;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	chunks = a.paper ? 1024 : 384;
	n = chunks * SC_CHUNK;
	in = kh_zalloc((size_t)n * sizeof(unsigned));
	out = kh_zalloc((size_t)n * sizeof(unsigned));
	r = bench_rng(&a, 31);
	for (int i = 0; i < n; i++)
		in[i] = kh_rand(&r) & 0xffffu;

	d_in = kh_alloc((size_t)n * sizeof(unsigned), in);
	d_out = kh_alloc((size_t)n * sizeof(unsigned), NULL);
	d_sums = kh_alloc((size_t)chunks * sizeof(unsigned), NULL);
	d_offs = kh_alloc((size_t)chunks * sizeof(unsigned), NULL);
	{
		void *p1[] = {&d_in, &d_out, &d_sums};
		void *p2[] = {&d_sums, &d_offs, &chunks};
		void *p3[] = {&d_out, &d_offs};

		kh_launch(&k, "scan_exclusive_shared", (unsigned)chunks, 1, 1,
			  SC_THREADS, 1, 1, 0, p1);
		kh_launch(&k, "scan_exclusive_shared2", 1, 1, 1, SC_THREADS,
			  1, 1, 0, p2);
		kh_launch(&k, "uniform_update", (unsigned)chunks, 1, 1,
			  SC_THREADS, 1, 1, 0, p3);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, (size_t)n * sizeof(unsigned)));
	for (int i = 0; i < n; i++) {
		if (out[i] != run)
			kh_fail("element %d: got %u, expected %u", i, out[i],
				run);
		run += in[i];
	}
	h = kh_fnv(KH_FNV_INIT, out, (size_t)n * sizeof(unsigned));
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_out));
	CK(cuMemFree(d_sums));
	CK(cuMemFree(d_offs));
	kh_close(&k);
	bench_pass(&a, "elements=%d chunks=%d total=%u crc=%016llx", n, chunks,
		   run, (unsigned long long)h);
	free(in);
	free(out);
	return 0;
}
