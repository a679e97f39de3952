/*
 * host.c - constant-memory test: a 16-tap filter with __constant__
 * coefficients written through cuModuleGetGlobal + cuMemcpyHtoD, plus two
 * initialised __device__ ints: their initial values are read back before
 * the launch, g_scale is then overwritten, and g_visits must have counted
 * every thread afterwards.  Inputs are small integers and the taps
 * quarter-integers, so the filter sums are exact.
 */
#define KH_NAME "constmem"
#include "../khost.h"

#define N 2000
#define TAPS 16
#define BLOCK 128
#define GRID ((N + BLOCK - 1) / BLOCK)

/* Device address of a module global, checking its size. */
static CUdeviceptr get_global(struct kh_ctx *k, const char *name,
			      size_t want)
{
	CUdeviceptr p;
	size_t size;

	CK(cuModuleGetGlobal(&p, &size, k->mod, name));
	if (size != want)
		kh_fail("global %s has size %zu, expected %zu", name, size,
			want);
	return p;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {31337};
	static float in[N + TAPS], out[2 * N];
	float coef[TAPS];
	int n = N, i, t, scale = 0, visits = 0;
	CUdeviceptr d_coef, d_scale, d_visits, d_in, d_out;
	void *p[] = {&d_in, &d_out, &n};

	for (t = 0; t < TAPS; t++)
		coef[t] = (float)(t - 7) * 0.25f;
	for (i = 0; i < N + TAPS; i++)
		in[i] = (float)kh_range(&r, -64, 64);
	kh_open(&k, argc, argv);
	d_coef = get_global(&k, "coef", sizeof(coef));
	d_scale = get_global(&k, "g_scale", sizeof(int));
	d_visits = get_global(&k, "g_visits", sizeof(int));
	CK(cuMemcpyDtoH(&scale, d_scale, sizeof(scale)));
	CK(cuMemcpyDtoH(&visits, d_visits, sizeof(visits)));
	if (scale != 3 || visits != 1000)
		kh_fail("initialisers read back as g_scale=%d g_visits=%d, "
			"expected 3 and 1000", scale, visits);
	scale = 5;
	CK(cuMemcpyHtoD(d_scale, &scale, sizeof(scale)));
	CK(cuMemcpyHtoD(d_coef, coef, sizeof(coef)));
	d_in = kh_alloc(sizeof(in), in);
	d_out = kh_alloc(sizeof(out), NULL);
	kh_launch(&k, "const_filter", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, sizeof(out)));
	CK(cuMemcpyDtoH(&visits, d_visits, sizeof(visits)));
	for (i = 0; i < N; i++) {
		float acc = 0.0f;

		for (t = 0; t < TAPS; t++)
			acc += coef[t] * in[i + t];
		acc *= (float)scale;
		if (out[2 * i] != acc)
			kh_fail("out[%d] = %g, expected %g", i,
				(double)out[2 * i], (double)acc);
		if (out[2 * i + 1] != coef[(int)in[i] & (TAPS - 1)])
			kh_fail("dynamic coef read at %d: got %g, expected "
				"%g", i, (double)out[2 * i + 1],
				(double)coef[(int)in[i] & (TAPS - 1)]);
	}
	if (visits != 1000 + N)
		kh_fail("g_visits = %d, expected %d", visits, 1000 + N);
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_out));
	kh_close(&k);
	printf("PASS constmem n=%d visits=%d crc=%016llx\n", N, visits,
	       (unsigned long long)kh_fnv(KH_FNV_INIT, out, sizeof(out)));
	return 0;
}
