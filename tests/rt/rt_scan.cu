/*
 * rt_scan.cu - runtime-API twin of bench/scan: three kernels launched with
 * <<<>>> (chunk scans, a scan of the chunk totals, a uniform add), the
 * same inputs and CPU check; it must give the Driver-API statistics.
 */
#define RT_NAME "scan"
#include "rt_test.h"
#include "../../bench/scan/kernel.cu"

#define SC_THREADS 256
#define SC_CHUNK (4 * SC_THREADS)

/* cudaMalloc plus an optional upload, in kh_alloc's order. */
template <typename T> static T *rt_alloc(size_t n, const void *init)
{
	T *p;

	RT_CK(cudaMalloc(&p, n));
	if (init)
		RT_CK(cudaMemcpy(p, init, n, cudaMemcpyHostToDevice));
	return p;
}

int main(void)
{
	int chunks = 384, n = chunks * SC_CHUNK;
	unsigned *in = (unsigned *)calloc((size_t)n, sizeof(unsigned));
	unsigned *out = (unsigned *)calloc((size_t)n, sizeof(unsigned));
	unsigned run = 0;
	struct rt_rng r = rt_bench_rng(31);

	for (int i = 0; i < n; i++)
		in[i] = rt_rand(&r) & 0xffffu;
	uint4 *d_in = rt_alloc<uint4>((size_t)n * sizeof(unsigned), in);
	uint4 *d_out = rt_alloc<uint4>((size_t)n * sizeof(unsigned), NULL);
	unsigned *d_sums = rt_alloc<unsigned>((size_t)chunks * sizeof(unsigned), NULL);
	unsigned *d_offs = rt_alloc<unsigned>((size_t)chunks * sizeof(unsigned), NULL);

	scan_exclusive_shared<<<chunks, SC_THREADS>>>(d_in, d_out, d_sums);
	scan_exclusive_shared2<<<1, SC_THREADS>>>(d_sums, d_offs, chunks);
	uniform_update<<<chunks, SC_THREADS>>>(d_out, d_offs);
	RT_CK(cudaGetLastError());
	RT_CK(cudaDeviceSynchronize());
	RT_CK(cudaMemcpy(out, d_out, (size_t)n * sizeof(unsigned),
			 cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		if (out[i] != run)
			RT_FAIL("element %d: got %u, expected %u", i, out[i], run);
		run += in[i];
	}
	uint64_t h = rt_fnv(RT_FNV_INIT, out, (size_t)n * sizeof(unsigned));

	RT_CK(cudaFree(d_in));
	RT_CK(cudaFree(d_out));
	RT_CK(cudaFree(d_sums));
	RT_CK(cudaFree(d_offs));
	printf("PASS scan size=small seed=1 elements=%d chunks=%d total=%u "
	       "crc=%016llx\n", n, chunks, run, (unsigned long long)h);
	free(in);
	free(out);
	return 0;
}
