/*
 * host.c - fwt workload (CUDA SDK fastWalshTransform structure): dyadic
 * convolution of a 2^LOG2D-point signal with a 2^LOG2K-point kernel by
 * three Walsh-Hadamard transforms and a pointwise product.  Each transform
 * is (LOG2D - 11) / 2 launches of fwt_global (global radix-4 stage, no
 * barriers, blocks of 256) and one launch of fwt_shared (2048 points per
 * block in 8 KB of shared memory, 512 threads = the BAWS paper's 16 warps
 * per block, 3 blocks per SM; 5 radix-4 stages, a radix-2 stage, 7
 * barriers).  The CPU reference replays the same butterflies in the same
 * order (adds and subtracts only), so the output must match bit for bit;
 * it is also checked against a direct dyadic convolution in double.
 */
#define BENCH_NAME "fwt"
#include "../common/bench.h"

#include <math.h>

#define ELEM_LOG2 11     /* points per fwt_shared block: 2^11 */
#define GTHREADS 256u    /* fwt_global block size */

/* The kernels' radix-4 butterfly. */
static void ref_bfly4(float *d0, float *d1, float *d2, float *d3)
{
	float t;

	t = *d0;
	*d0 = *d0 + *d2;
	*d2 = t - *d2;
	t = *d1;
	*d1 = *d1 + *d3;
	*d3 = t - *d3;
	t = *d0;
	*d0 = *d0 + *d1;
	*d1 = t - *d1;
	t = *d2;
	*d2 = *d2 + *d3;
	*d3 = t - *d3;
}

/* One radix-4 stage at `stride` over all n points (same groups as both
 * kernels, which depend only on the global group number). */
static void ref_stage4(float *d, size_t n, size_t stride)
{
	for (size_t pos = 0; pos < n / 4; pos++) {
		size_t lo = pos & (stride - 1);
		size_t i0 = ((pos - lo) << 2) + lo;

		ref_bfly4(&d[i0], &d[i0 + stride], &d[i0 + 2 * stride],
			  &d[i0 + 3 * stride]);
	}
}

/* The whole transform as the launches below perform it. */
static void ref_fwt(float *d, int log2n)
{
	size_t n = (size_t)1 << log2n;
	int l = log2n;

	for (; l > ELEM_LOG2; l -= 2)
		ref_stage4(d, n, (size_t)1 << (l - 2));
	for (size_t stride = ((size_t)1 << l) >> 2; stride > 0; stride >>= 2)
		ref_stage4(d, n, stride);
	if (l & 1)
		for (size_t p = 0; p < n / 2; p++) {
			float d0 = d[2 * p], d1 = d[2 * p + 1];

			d[2 * p] = d0 + d1;
			d[2 * p + 1] = d0 - d1;
		}
}

/* Launch sequence of one in-place transform of 2^log2n points. */
static void gpu_fwt(struct kh_ctx *k, CUdeviceptr d, int log2n,
		    unsigned *launches)
{
	int n = 1 << log2n, l = log2n;
	unsigned gx = (unsigned)n / (4 * GTHREADS);

	for (; l > ELEM_LOG2; l -= 2) {
		int stride = 1 << (l - 2);
		void *p[] = {&d, &d, &stride};

		kh_launch(k, "fwt_global", gx, 1, 1, GTHREADS, 1, 1, 0, p);
		(*launches)++;
	}
	{
		void *p[] = {&d, &d, &l};
		unsigned nb = (unsigned)(n >> l), nt = (1u << l) / 4;

		kh_launch(k, "fwt_shared", nb, 1, 1, nt, 1, 1,
			  (unsigned)sizeof(float) << l, p);
		(*launches)++;
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	bench_open(&k, &a, argc, argv);

	int log2d = a.paper ? 23 : 17, log2k = 7;
	int n = 1 << log2d, nk = 1 << log2k;
	size_t bytes = (size_t)n * sizeof(float);
	float *hd = kh_zalloc(bytes), *hk = kh_zalloc(bytes);
	float *rd = kh_zalloc(bytes), *rk = kh_zalloc(bytes);
	float *out = kh_zalloc(bytes);
	struct kh_rng r = bench_rng(&a, 1);
	unsigned launches = 0;

	for (int i = 0; i < n; i++)
		hd[i] = kh_unif(&r, 0.0f, 1.0f);
	for (int i = 0; i < nk; i++)
		hk[i] = kh_unif(&r, 0.0f, 1.0f);
	CUdeviceptr dd = kh_alloc(bytes, hd), dk = kh_alloc(bytes, hk);

	gpu_fwt(&k, dd, log2d, &launches);
	gpu_fwt(&k, dk, log2d, &launches);
	{
		void *p[] = {&dd, &dk, &n};

		kh_launch(&k, "fwt_modulate", 128, 1, 1, 256, 1, 1, 0, p);
		launches++;
	}
	gpu_fwt(&k, dd, log2d, &launches);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, dd, bytes));

	/* Bit-exact replay. */
	memcpy(rd, hd, bytes);
	memcpy(rk, hk, bytes);
	ref_fwt(rd, log2d);
	ref_fwt(rk, log2d);
	float rn = 1.0f / (float)n;
	for (int i = 0; i < n; i++)
		rd[i] *= rk[i] * rn;
	ref_fwt(rd, log2d);
	for (int i = 0; i < n; i++)
		if (memcmp(&rd[i], &out[i], sizeof(float)))
			kh_fail("out[%d]: got %.9g, expected %.9g", i,
				(double)out[i], (double)rd[i]);

	/* Meaning: the dyadic convolution out[i] = sum_j k[j] d[i^j]. */
	double num = 0.0, den = 0.0, sum = 0.0;
	for (int i = 0; i < n; i++) {
		double e = 0.0;

		for (int j = 0; j < nk; j++)
			e += (double)hk[j] * (double)hd[i ^ j];
		num += ((double)out[i] - e) * ((double)out[i] - e);
		den += e * e;
		sum += (double)out[i];
	}
	double l2 = sqrt(num / den);
	if (!(l2 < 1e-5))
		kh_fail("relative L2 error %.3g against direct convolution",
			l2);
	uint64_t h = kh_fnv(KH_FNV_INIT, out, bytes);

	CK(cuMemFree(dd));
	CK(cuMemFree(dk));
	kh_close(&k);
	free(hd);
	free(hk);
	free(rd);
	free(rk);
	free(out);
	bench_pass(&a, "log2data=%d log2kernel=%d shared_blocks=%d "
		   "launches=%u sum=%.4f crc=%016llx", log2d, log2k,
		   n >> ELEM_LOG2, launches, sum, (unsigned long long)h);
	return 0;
}
