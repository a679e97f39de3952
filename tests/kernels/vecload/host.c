/*
 * host.c - vector and sub-word access test: float4 / int2 / uchar4 vector
 * loads and stores, signed char and short loads (sign extension), byte and
 * short stores (truncation) and wrapping unsigned char arithmetic over
 * 1500 threads (12 blocks of 128).  Everything is compared bit for bit.
 */
#define KH_NAME "vecload"
#include "../khost.h"

#define N 1500
#define BLOCK 128
#define GRID ((N + BLOCK - 1) / BLOCK)

/* Arithmetic right shift of a possibly negative int (as shr.s32). */
static int asr(int v, int k)
{
	return v >= 0 ? v >> k : ~(~v >> k);
}

struct bufs {
	float f4in[4 * N], f4out[4 * N];    /* float4 arrays */
	int i2in[2 * N], i2out[2 * N];      /* int2 arrays */
	unsigned char u4in[4 * N];          /* uchar4 input */
	unsigned char u4out[4 * N];         /* uchar4 output */
	signed char sc[N];                  /* signed char input */
	short sh[N], shout[N];              /* short input and output */
	int iout[N];                        /* int output */
	unsigned char bout[N];              /* byte output */
};

/* Compare thread i's outputs with the C reference; FAILs on mismatch. */
static void check(const struct bufs *b, int i)
{
	const float *v = &b->f4in[4 * i];
	float ef[4] = {v[3], v[0] * 2.0f, v[1] + 1.0f, -v[2]};
	const unsigned char *q = &b->u4in[4 * i];
	unsigned char eu[4], eb;
	int c = b->sc[i], s = b->sh[i], j;

	eu[0] = (unsigned char)(q[0] + q[1]);
	eu[1] = (unsigned char)(q[2] * 3);
	eu[2] = (unsigned char)(q[3] >> 1);
	eu[3] = (unsigned char)(q[0] ^ q[3]);
	eb = (unsigned char)(q[1] + c);
	if (i % 7 == 0)
		eb = (unsigned char)(eb - s);
	if (memcmp(&b->f4out[4 * i], ef, sizeof(ef)) != 0)
		kh_fail("float4 %d: got (%g %g %g %g)", i,
			(double)b->f4out[4 * i], (double)b->f4out[4 * i + 1],
			(double)b->f4out[4 * i + 2],
			(double)b->f4out[4 * i + 3]);
	if (b->i2out[2 * i] != b->i2in[2 * i] + b->i2in[2 * i + 1] ||
	    b->i2out[2 * i + 1] != b->i2in[2 * i] - b->i2in[2 * i + 1])
		kh_fail("int2 %d: got (%d, %d)", i, b->i2out[2 * i],
			b->i2out[2 * i + 1]);
	for (j = 0; j < 4; j++)
		if (b->u4out[4 * i + j] != eu[j])
			kh_fail("uchar4 %d.%d: got %u, expected %u", i, j,
				b->u4out[4 * i + j], eu[j]);
	if (b->shout[i] != (short)(c * 100))
		kh_fail("short %d: got %d, expected %d", i, b->shout[i],
			c * 100);
	if (b->iout[i] != s * 3 + asr(s, 2) + c)
		kh_fail("int %d: got %d, expected %d", i, b->iout[i],
			s * 3 + asr(s, 2) + c);
	if (b->bout[i] != eb)
		kh_fail("byte %d: got %u, expected %u", i, b->bout[i], eb);
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {8086};
	static struct bufs b;
	CUdeviceptr d[11];
	int n = N, i;
	void *p[] = {&d[0], &d[1], &d[2], &d[3], &d[4], &d[5],
		     &d[6], &d[7], &d[8], &d[9], &d[10], &n};
	uint64_t h;

	for (i = 0; i < 4 * N; i++) {
		b.f4in[i] = kh_unif(&r, -50.0f, 50.0f);
		b.u4in[i] = (unsigned char)kh_rand(&r);
	}
	for (i = 0; i < 2 * N; i++)
		b.i2in[i] = kh_range(&r, -1000000, 1000000);
	for (i = 0; i < N; i++) {
		b.sc[i] = (signed char)kh_range(&r, -128, 127);
		b.sh[i] = (short)kh_range(&r, -32768, 32767);
	}
	kh_open(&k, argc, argv);
	d[0] = kh_alloc(sizeof(b.f4in), b.f4in);
	d[1] = kh_alloc(sizeof(b.f4out), NULL);
	d[2] = kh_alloc(sizeof(b.i2in), b.i2in);
	d[3] = kh_alloc(sizeof(b.i2out), NULL);
	d[4] = kh_alloc(sizeof(b.u4in), b.u4in);
	d[5] = kh_alloc(sizeof(b.u4out), NULL);
	d[6] = kh_alloc(sizeof(b.sc), b.sc);
	d[7] = kh_alloc(sizeof(b.sh), b.sh);
	d[8] = kh_alloc(sizeof(b.shout), NULL);
	d[9] = kh_alloc(sizeof(b.iout), NULL);
	d[10] = kh_alloc(sizeof(b.bout), NULL);
	kh_launch(&k, "vec_access", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(b.f4out, d[1], sizeof(b.f4out)));
	CK(cuMemcpyDtoH(b.i2out, d[3], sizeof(b.i2out)));
	CK(cuMemcpyDtoH(b.u4out, d[5], sizeof(b.u4out)));
	CK(cuMemcpyDtoH(b.shout, d[8], sizeof(b.shout)));
	CK(cuMemcpyDtoH(b.iout, d[9], sizeof(b.iout)));
	CK(cuMemcpyDtoH(b.bout, d[10], sizeof(b.bout)));
	for (i = 0; i < N; i++)
		check(&b, i);
	for (i = 0; i < 11; i++)
		CK(cuMemFree(d[i]));
	kh_close(&k);
	h = kh_fnv(KH_FNV_INIT, b.f4out, sizeof(b.f4out));
	h = kh_fnv(h, b.i2out, sizeof(b.i2out));
	h = kh_fnv(h, b.u4out, sizeof(b.u4out));
	h = kh_fnv(h, b.shout, sizeof(b.shout));
	h = kh_fnv(h, b.iout, sizeof(b.iout));
	h = kh_fnv(h, b.bout, sizeof(b.bout));
	printf("PASS vecload n=%d crc=%016llx\n", N, (unsigned long long)h);
	return 0;
}
