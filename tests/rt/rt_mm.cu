/*
 * rt_mm.cu - runtime-API twin of bench/mm (same kernel source, same
 * inputs, same launch, same CPU check and PASS line): built by nvcc with
 * -cudart shared, it must give the Driver-API workload's statistics.
 */
#define RT_NAME "mm"
#include "rt_test.h"
#include "../../bench/mm/kernel.cu"

#include <math.h>
#include <string.h>

int main(void)
{
	int ha = 160, wa = 128, wb = 160;
	size_t na = (size_t)ha * wa, nb = (size_t)wa * wb, nc = (size_t)ha * wb;
	float *hA = (float *)calloc(na, sizeof(float));
	float *hB = (float *)calloc(nb, sizeof(float));
	float *hC = (float *)calloc(nc, sizeof(float));
	struct rt_rng r = rt_bench_rng(1);
	float *dA, *dB, *dC;

	for (size_t i = 0; i < na; i++)
		hA[i] = rt_unif(&r, -1.0f, 1.0f);
	for (size_t i = 0; i < nb; i++)
		hB[i] = rt_unif(&r, -1.0f, 1.0f);
	RT_CK(cudaMalloc(&dA, na * sizeof(float)));
	RT_CK(cudaMemcpy(dA, hA, na * sizeof(float), cudaMemcpyHostToDevice));
	RT_CK(cudaMalloc(&dB, nb * sizeof(float)));
	RT_CK(cudaMemcpy(dB, hB, nb * sizeof(float), cudaMemcpyHostToDevice));
	RT_CK(cudaMalloc(&dC, nc * sizeof(float)));
	dim3 grid(wb / TILE, ha / TILE), block(TILE, TILE);

	mm_tiled<<<grid, block>>>(dC, dA, dB, wa, wb);
	RT_CK(cudaGetLastError());
	RT_CK(cudaDeviceSynchronize());
	RT_CK(cudaMemcpy(hC, dC, nc * sizeof(float), cudaMemcpyDeviceToHost));

	double trace = 0.0;
	for (int i = 0; i < ha; i++) {
		for (int j = 0; j < wb; j++) {
			float s = 0.0f;

			for (int q = 0; q < wa; q++)
				s = fmaf(hA[(size_t)i * wa + q],
					 hB[(size_t)q * wb + j], s);
			if (memcmp(&s, &hC[(size_t)i * wb + j], sizeof(s)))
				RT_FAIL("C[%d][%d]: got %.9g, expected %.9g", i,
					j, (double)hC[(size_t)i * wb + j],
					(double)s);
			if (i == j)
				trace += (double)s;
		}
	}
	uint64_t h = rt_fnv(RT_FNV_INIT, hC, nc * sizeof(float));

	RT_CK(cudaFree(dA));
	RT_CK(cudaFree(dB));
	RT_CK(cudaFree(dC));
	printf("PASS mm size=small seed=1 A=%dx%d B=%dx%d grid=%ux%u "
	       "block=16x16 ktiles=%d trace=%.6f crc=%016llx\n", ha, wa, wa,
	       wb, grid.x, grid.y, wa / TILE, trace, (unsigned long long)h);
	free(hA);
	free(hB);
	free(hC);
	return 0;
}
