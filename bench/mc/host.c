/*
 * host.c - mc workload (PRO set, CUDA SDK MonteCarlo): mc_normals makes
 * pathN standard normals (xorshift32 + Box-Muller, one pair per thread
 * iteration, 128-thread blocks), then mc_price prices one European call per
 * 256-thread block over all paths with a shared tree reduction.  Small: 270
 * options (3 waves at 6 TBs/SM on 15 SMs) x 8192 paths; paper: 256 options
 * x 262144 paths (the SDK defaults; 128 normal-generator blocks).  The CPU
 * replays the RNG and Box-Muller with libm (normals within a few ulp), then
 * replays each block's per-thread accumulation and tree order on the GPU's
 * normals (sums within 1e-5 relative, plus a few ulp of S exp(..)
 * per path for the cancellation in S exp(..) - X), and checks the option prices
 * against their Black-Scholes values within the Monte Carlo confidence.
 */
#define BENCH_NAME "mc"
#include "../common/bench.h"

#include <math.h>

#define THREADS 256
#define GEN_THREADS 128
#define RISKFREE 0.06f
#define VOLATILITY 0.10f

static uint32_t xorshift32(uint32_t x)
{
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	return x;
}

/* Standard normal CDF. */
static double cnd(double d)
{
	return 0.5 * erfc(-d / sqrt(2.0));
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	int nopt, pathN, npairs;
	unsigned gen_blocks, seed;
	float *z, *opt, *sums, *ts, *ts2;
	double *S, *X, *T;
	CUdeviceptr d_z, d_opt, d_sums;
	double total = 0.0;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	nopt = a.paper ? 256 : 270;
	pathN = a.paper ? 262144 : 8192;
	npairs = pathN / 2;
	gen_blocks = (unsigned)npairs / GEN_THREADS;
	if (gen_blocks > 128)
		gen_blocks = 128;
	z = kh_zalloc((size_t)pathN * sizeof(*z));
	opt = kh_zalloc((size_t)nopt * 4 * sizeof(*opt));
	sums = kh_zalloc((size_t)nopt * 2 * sizeof(*sums));
	S = kh_zalloc((size_t)nopt * sizeof(*S));
	X = kh_zalloc((size_t)nopt * sizeof(*X));
	T = kh_zalloc((size_t)nopt * sizeof(*T));
	ts = kh_zalloc(THREADS * sizeof(*ts));
	ts2 = kh_zalloc(THREADS * sizeof(*ts2));
	{
		struct kh_rng r = bench_rng(&a, 1);

		seed = kh_rand(&r);
		for (int i = 0; i < nopt; i++) {
			float s = kh_unif(&r, 5.0f, 50.0f);
			float x = kh_unif(&r, 10.0f, 25.0f);
			float t = kh_unif(&r, 1.0f, 5.0f);

			S[i] = s;
			X[i] = x;
			T[i] = t;
			opt[4 * i] = s;
			opt[4 * i + 1] = x;
			opt[4 * i + 2] = (RISKFREE - 0.5f * VOLATILITY *
					  VOLATILITY) * t;
			opt[4 * i + 3] = VOLATILITY * sqrtf(t);
		}
	}
	d_z = kh_alloc((size_t)pathN * sizeof(*z), NULL);
	d_opt = kh_alloc((size_t)nopt * 4 * sizeof(*opt), opt);
	d_sums = kh_alloc((size_t)nopt * 2 * sizeof(*sums), NULL);
	{
		void *pg[] = {&d_z, &npairs, &seed};
		void *pp[] = {&d_z, &pathN, &d_opt, &d_sums};

		kh_launch(&k, "mc_normals", gen_blocks, 1, 1, GEN_THREADS, 1,
			  1, 0, pg);
		kh_launch(&k, "mc_price", (unsigned)nopt, 1, 1, THREADS, 1, 1,
			  0, pp);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(z, d_z, (size_t)pathN * sizeof(*z)));
	CK(cuMemcpyDtoH(sums, d_sums, (size_t)nopt * 2 * sizeof(*sums)));
	for (int p = 0; p < npairs; p++) { /* the RNG and Box-Muller */
		uint32_t x = (uint32_t)p * 0x9e3779b9u + seed;
		float u1, u2, r, th, c[2];

		x = xorshift32(x ? x : 1u);
		u1 = (float)((x >> 8) + 1) * (1.0f / 16777216.0f);
		x = xorshift32(x);
		u2 = (float)(x >> 8) * (1.0f / 16777216.0f);
		r = sqrtf(-2.0f * logf(u1));
		th = 6.28318530717958648f * u2;
		c[0] = r * cosf(th);
		c[1] = r * sinf(th);
		for (int j = 0; j < 2; j++)
			if (!(fabsf(z[2 * p + j] - c[j]) <= 2e-6f * (1.0f + r)))
				kh_fail("normal %d: got %.9g, expected %.9g",
					2 * p + j, (double)z[2 * p + j],
					(double)c[j]);
	}
	for (int i = 0; i < nopt; i++) { /* per-thread sums, then the tree */
		const float *o = opt + 4 * i;
		double sd, conf, price, bs, d1, d2, e, m1 = 0.0, m2 = 0.0;

		for (int t = 0; t < THREADS; t++) {
			float s = 0.0f, s2 = 0.0f;

			for (int p = t; p < pathN; p += THREADS) {
				float se = o[0] * expf(fmaf(o[3], z[p], o[2]));
				float v = se - o[1];

				v = v > 0.0f ? v : 0.0f;
				if (v > 0.0f) { /* cancellation in se - X */
					m1 += se;
					m2 += (double)se * v;
				}
				s += v;
				s2 = fmaf(v, v, s2);
			}
			ts[t] = s;
			ts2[t] = s2;
		}
		for (int s = THREADS / 2; s > 0; s >>= 1)
			for (int t = 0; t < s; t++) {
				ts[t] += ts[t + s];
				ts2[t] += ts2[t + s];
			}
		if (!(fabs((double)sums[2 * i] - ts[0]) <=
		      1e-5 * ts[0] + 1e-6 * m1 + 1e-6) ||
		    !(fabs((double)sums[2 * i + 1] - ts2[0]) <=
		      1e-5 * ts2[0] + 2e-6 * m2 + 1e-6))
			kh_fail("option %d sums: got (%.9g, %.9g), expected "
				"(%.9g, %.9g)", i, (double)sums[2 * i],
				(double)sums[2 * i + 1], (double)ts[0],
				(double)ts2[0]);
		/* discounted mean, 1.96-sigma confidence, Black-Scholes */
		e = exp(-(double)RISKFREE * T[i]);
		price = e * sums[2 * i] / pathN;
		sd = sqrt(fmax(0.0, ((double)pathN * sums[2 * i + 1] -
				     (double)sums[2 * i] * sums[2 * i]) /
					    ((double)pathN * (pathN - 1))));
		conf = 1.96 * e * sd / sqrt((double)pathN);
		d1 = (log(S[i] / X[i]) + (RISKFREE + 0.5 * VOLATILITY *
					  VOLATILITY) * T[i]) /
		     (VOLATILITY * sqrt(T[i]));
		d2 = d1 - VOLATILITY * sqrt(T[i]);
		bs = S[i] * cnd(d1) - X[i] * e * cnd(d2);
		if (!(fabs(price - bs) <= 3.0 * conf + 1e-3 * bs + 1e-4))
			kh_fail("option %d: Monte Carlo %.6f vs Black-Scholes "
				"%.6f (confidence %.6f)", i, price, bs, conf);
		total += ts[0];
	}
	h = kh_fnv(KH_FNV_INIT, sums, (size_t)nopt * 2 * sizeof(*sums));
	h = kh_fnv(h, z, (size_t)pathN * sizeof(*z));
	CK(cuMemFree(d_z));
	CK(cuMemFree(d_opt));
	CK(cuMemFree(d_sums));
	kh_close(&k);
	free(z);
	free(opt);
	free(sums);
	free(S);
	free(X);
	free(T);
	free(ts);
	free(ts2);
	bench_pass(&a, "options=%d paths=%d gen_blocks=%u sum=%.3f "
		   "crc=%016llx", nopt, pathN, gen_blocks, total,
		   (unsigned long long)h);
	return 0;
}
