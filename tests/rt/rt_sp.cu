/*
 * rt_sp.cu - runtime-API twin of bench/sp (scalar products, 11 barriers
 * per vector) written the way CUDA samples time a kernel: pinned host
 * buffers, a created stream, async copies, events around the launch and
 * cudaEventElapsedTime.  None of that may change the statistics: they must
 * equal the Driver-API workload's.
 */
#define RT_NAME "sp"
#include "rt_test.h"
#include "../../bench/sp/kernel.cu"

#include <math.h>
#include <string.h>

#define BLOCK 512u /* ACCUM_N comes from the kernel source */

static float ref_dot(const float *a, const float *b, int v, int nelem)
{
	static float acc[ACCUM_N];
	int base = v * nelem, end = base + nelem;

	for (int i = 0; i < ACCUM_N; i++) {
		float s = 0.0f;

		for (int p = base + i; p < end; p += ACCUM_N)
			s = fmaf(a[p], b[p], s);
		acc[i] = s;
	}
	for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1)
		for (int i = 0; i < stride; i++)
			acc[i] += acc[stride + i];
	return acc[0];
}

int main(void)
{
	int nvec = 192, nelem = 4096;
	unsigned grid = 48u;
	size_t n = (size_t)nvec * (size_t)nelem;
	float *ha, *hb, *hc, *da, *db, *dc, ms = 0.0f;
	struct rt_rng r = rt_bench_rng(1);
	cudaStream_t s;
	cudaEvent_t start, stop;

	RT_CK(cudaMallocHost(&ha, n * sizeof(float)));
	RT_CK(cudaMallocHost(&hb, n * sizeof(float)));
	RT_CK(cudaMallocHost(&hc, (size_t)nvec * sizeof(float)));
	for (size_t i = 0; i < n; i++) {
		ha[i] = rt_unif(&r, -1.0f, 1.0f);
		hb[i] = rt_unif(&r, -1.0f, 1.0f);
	}
	RT_CK(cudaStreamCreate(&s));
	RT_CK(cudaEventCreate(&start));
	RT_CK(cudaEventCreate(&stop));
	RT_CK(cudaMalloc(&da, n * sizeof(float)));
	RT_CK(cudaMemcpyAsync(da, ha, n * sizeof(float), cudaMemcpyHostToDevice, s));
	RT_CK(cudaMalloc(&db, n * sizeof(float)));
	RT_CK(cudaMemcpyAsync(db, hb, n * sizeof(float), cudaMemcpyHostToDevice, s));
	RT_CK(cudaMalloc(&dc, (size_t)nvec * sizeof(float)));
	RT_CK(cudaEventRecord(start, s));
	sp_dot<<<grid, BLOCK, 0, s>>>(dc, da, db, nvec, nelem);
	RT_CK(cudaGetLastError());
	RT_CK(cudaEventRecord(stop, s));
	RT_CK(cudaMemcpyAsync(hc, dc, (size_t)nvec * sizeof(float),
			      cudaMemcpyDeviceToHost, s));
	RT_CK(cudaStreamSynchronize(s));
	RT_CK(cudaEventElapsedTime(&ms, start, stop));
	if (!(ms > 0.0f))
		RT_FAIL("kernel time %g ms", (double)ms);

	double total = 0.0;
	for (int v = 0; v < nvec; v++) {
		float e = ref_dot(ha, hb, v, nelem);

		if (memcmp(&hc[v], &e, sizeof(e)) != 0)
			RT_FAIL("vector %d: got %.9g, expected %.9g", v,
				(double)hc[v], (double)e);
		total += (double)e;
	}
	uint64_t h = rt_fnv(RT_FNV_INIT, hc, (size_t)nvec * sizeof(float));

	RT_CK(cudaFree(da));
	RT_CK(cudaFree(db));
	RT_CK(cudaFree(dc));
	RT_CK(cudaEventDestroy(start));
	RT_CK(cudaEventDestroy(stop));
	RT_CK(cudaStreamDestroy(s));
	printf("PASS sp size=small seed=1 vectors=%d elements=%d grid=%u "
	       "block=%u sum=%.6f crc=%016llx\n", nvec, nelem, grid, BLOCK,
	       total, (unsigned long long)h);
	printf("kernel time %.6f ms (simulated)\n", (double)ms);
	RT_CK(cudaFreeHost(ha));
	RT_CK(cudaFreeHost(hb));
	RT_CK(cudaFreeHost(hc));
	return 0;
}
