/*
 * host.c - math test over 512 threads (8 blocks of 64).  Exact checks for
 * the IEEE-rounded operations (sqrtf, f32 division, __fadd_rz, __fmul_rd,
 * __saturatef, float-to-int conversions with saturation and NaN -> 0, f64
 * fma/div/sqrt/mul+add, integer div/rem of negatives); tolerances for the
 * approximated ones: expf (ex2.approx based, CUDA: 2 ulp) within 2^-19
 * relative, rsqrtf (rsqrt.approx.f32) within 2^-20 relative, sinf/cosf
 * (CUDA: 2 ulp, full range) within 1e-6 absolute.
 */
#define KH_NAME "mathfn"
#include "../khost.h"

#include <fenv.h>
#include <limits.h>
#include <math.h>

#define N 512
#define BLOCK 64
#define GRID (N / BLOCK)

/* Conversion probes: ties, limits, overflow, NaN, infinities, subnormal. */
static const float conv_special[] = {
	2.5f, 3.5f, -2.5f, -3.5f, 0.5f, -0.5f, 1.5f, -0.6f, -0.0f, 1e-40f,
	2147483520.0f, 2147483648.0f, 3e9f, -2147483648.0f, -2147483904.0f,
	-3e9f, 4294967040.0f, 4294967296.0f, 1e30f, -1e30f, 0.49999997f,
	NAN, INFINITY, -INFINITY, 0.75f, 1.0f, 1.25f, -7.5f,
};

/* Huge sinf/cosf arguments (the Payne-Hanek path) and small ones. */
static const float trig_special[] = {
	1e6f, -1e6f, 123456.7f, 3e7f, 1e30f, -2.5e8f, 105615.0f, 0.0f,
	1e-20f, 3.14159265f, -1.5707964f, 6.2831855f,
};

struct host_bufs {
	float fa[N], fb[N], fs[N], fc[N];   /* f32 inputs */
	double da[N], db[N], dc[N];         /* f64 inputs */
	int ia[N], ib[N];                   /* int inputs */
	float fo[9 * N];                    /* f32 results */
	int io[7 * N];                      /* int results */
	double dout[4 * N];                 /* f64 results */
};

/* __float2int_rn / _rz / _rd: round with f, saturate, NaN -> 0. */
static int ref_f2i(float x, float (*f)(float))
{
	float r;

	if (isnan(x))
		return 0;
	r = f(x);
	if (r >= 2147483648.0f)
		return INT_MAX;
	if (r < -2147483648.0f)
		return INT_MIN;
	return (int)r;
}

/* __float2uint_rn: round to nearest even, saturate to [0, UINT_MAX]. */
static unsigned ref_f2u_rn(float x)
{
	float r;

	if (isnan(x))
		return 0;
	r = nearbyintf(x);
	if (r <= 0.0f)
		return 0;
	if (r >= 4294967296.0f)
		return UINT_MAX;
	return (unsigned)r;
}

/* a + b (mode FE_TOWARDZERO) or a * b (FE_DOWNWARD), rounded in mode. */
static float ref_directed(float a, float b, int mode, int mul)
{
	volatile float va = a, vb = b, vr;
	int old = fegetround();

	fesetround(mode);
	vr = mul ? va * vb : va + vb;
	fesetround(old);
	return vr;
}

/* FAIL unless got and want are the same value (bits, or both NaN). */
static void same_f32(float got, float want, int i, const char *what)
{
	if (isnan(got) && isnan(want))
		return;
	if (memcmp(&got, &want, sizeof(got)) != 0)
		kh_fail("%s[%d]: got %.9g, expected %.9g", what, i,
			(double)got, (double)want);
}

/* FAIL unless got and want have the same bits. */
static void same_f64(double got, double want, int i, const char *what)
{
	if (memcmp(&got, &want, sizeof(got)) != 0)
		kh_fail("%s[%d]: got %.17g, expected %.17g", what, i, got,
			want);
}

/* FAIL unless |got - want| <= rel * |want| + abs. */
static void near_f32(float got, double want, double rel, double abs_tol,
		     int i, const char *what)
{
	if (!(fabs((double)got - want) <= rel * fabs(want) + abs_tol))
		kh_fail("%s[%d]: got %.9g, expected %.9g", what, i,
			(double)got, want);
}

/* Deterministic inputs, led by the special values. */
static void fill_inputs(struct host_bufs *b)
{
	struct kh_rng r = {1618033};
	int i, ns = (int)(sizeof(conv_special) / sizeof(conv_special[0]));
	int nt = (int)(sizeof(trig_special) / sizeof(trig_special[0]));

	for (i = 0; i < N; i++) {
		b->fa[i] = kh_unif(&r, -20.0f, 20.0f);
		b->fb[i] = kh_unif(&r, 1.0f, 2.0f);
		b->fb[i] = ldexpf(b->fb[i], kh_range(&r, -10, 20));
		b->fs[i] = i < nt ? trig_special[i] : kh_unif(&r, -1e4f, 1e4f);
		b->fc[i] = i < ns ? conv_special[i] : kh_unif(&r, -3e5f, 3e5f);
		b->da[i] = (double)kh_rand(&r) / 3.0 - 7e8;
		b->db[i] = (double)kh_range(&r, -99999, 99999) / 7.0 + 0.5;
		b->dc[i] = (double)kh_rand(&r) * 1e-3;
		b->ia[i] = kh_range(&r, -1000000, 1000000);
		do
			b->ib[i] = kh_range(&r, -50, 50);
		while (b->ib[i] == 0);
	}
}

/* Check thread i's 9 + 7 + 4 results; FAILs on the first mismatch. */
static void check_thread(const struct host_bufs *b, int i)
{
	const float *f = b->fo + 9 * i;
	const int *o = b->io + 7 * i;
	const double *d = b->dout + 4 * i;
	float a = b->fa[i], fb = b->fb[i], s = b->fs[i], c = b->fc[i];
	int x = b->ia[i], y = b->ib[i];
	double p = b->da[i], q = b->db[i], m;

	near_f32(f[0], exp((double)a), 1.0 / 524288, 0.0, i, "expf");
	same_f32(f[1], sqrtf(fb), i, "sqrtf");
	near_f32(f[2], 1.0 / sqrt((double)fb), 1.0 / 1048576, 0.0, i,
		 "rsqrtf");
	near_f32(f[3], sin((double)s), 0.0, 1e-6, i, "sinf");
	near_f32(f[4], cos((double)s), 0.0, 1e-6, i, "cosf");
	same_f32(f[5], a / fb, i, "fdiv");
	if (!(f[6] == (isnan(c) ? 0.0f : fminf(fmaxf(c, 0.0f), 1.0f))))
		kh_fail("__saturatef[%d](%g): got %g", i, (double)c,
			(double)f[6]);
	same_f32(f[7], ref_directed(a, fb, FE_TOWARDZERO, 0), i, "add.rz");
	same_f32(f[8], ref_directed(a, s, FE_DOWNWARD, 1), i, "mul.rm");
	if (o[0] != ref_f2i(c, nearbyintf) || o[1] != ref_f2i(c, truncf) ||
	    (unsigned)o[2] != ref_f2u_rn(c) || o[3] != ref_f2i(c, floorf))
		kh_fail("conversions of %.9g: got rn %d rz %d urn %u rd %d",
			(double)c, o[0], o[1], (unsigned)o[2], o[3]);
	if (o[4] != x / y || o[5] != x % y ||
	    (unsigned)o[6] != (unsigned)x / (unsigned)y)
		kh_fail("%d / %d: got q %d r %d uq %u", x, y, o[4], o[5],
			(unsigned)o[6]);
	same_f64(d[0], fma(p, q, b->dc[i]), i, "fma.f64");
	same_f64(d[1], p / q, i, "div.f64");
	same_f64(d[2], sqrt(fabs(p)), i, "sqrt.f64");
	m = p * q;
	same_f64(d[3], m + b->dc[i], i, "mul+add.f64");
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	static struct host_bufs b;
	CUdeviceptr d[12];
	int n = N, i;
	void *p[] = {&d[0], &d[1], &d[2], &d[3], &d[4], &d[5], &d[6],
		     &d[7], &d[8], &d[9], &d[10], &d[11], &n};
	uint64_t h;

	fill_inputs(&b);
	kh_open(&k, argc, argv);
	d[0] = kh_alloc(sizeof(b.fa), b.fa);
	d[1] = kh_alloc(sizeof(b.fb), b.fb);
	d[2] = kh_alloc(sizeof(b.fs), b.fs);
	d[3] = kh_alloc(sizeof(b.fc), b.fc);
	d[4] = kh_alloc(sizeof(b.da), b.da);
	d[5] = kh_alloc(sizeof(b.db), b.db);
	d[6] = kh_alloc(sizeof(b.dc), b.dc);
	d[7] = kh_alloc(sizeof(b.ia), b.ia);
	d[8] = kh_alloc(sizeof(b.ib), b.ib);
	d[9] = kh_alloc(sizeof(b.fo), NULL);
	d[10] = kh_alloc(sizeof(b.io), NULL);
	d[11] = kh_alloc(sizeof(b.dout), NULL);
	kh_launch(&k, "math_ops", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(b.fo, d[9], sizeof(b.fo)));
	CK(cuMemcpyDtoH(b.io, d[10], sizeof(b.io)));
	CK(cuMemcpyDtoH(b.dout, d[11], sizeof(b.dout)));
	for (i = 0; i < N; i++)
		check_thread(&b, i);
	for (i = 0; i < 12; i++)
		CK(cuMemFree(d[i]));
	kh_close(&k);
	h = kh_fnv(KH_FNV_INIT, b.fo, sizeof(b.fo));
	h = kh_fnv(h, b.io, sizeof(b.io));
	h = kh_fnv(h, b.dout, sizeof(b.dout));
	printf("PASS mathfn n=%d crc=%016llx\n", N, (unsigned long long)h);
	return 0;
}
