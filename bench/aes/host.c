/*
 * host.c - aes workload (PRO set): AES-128 encryption of a random buffer,
 * four threads per 16-byte block, 256 threads per block; small 270 blocks
 * (3 waves at 6 TBs/SM on 15 SMs), paper 257 blocks as in the PRO paper.
 * The host builds the S-box and T-tables from GF(2^8) arithmetic, expands
 * a random key, checks its byte-wise reference cipher against the FIPS-197
 * example vector, then requires the GPU ciphertext to match it exactly.
 */
#define BENCH_NAME "aes"
#include "../common/bench.h"

#define THREADS 256

/* Multiply in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
	uint8_t p = 0;

	while (b) {
		if (b & 1)
			p ^= a;
		a = (uint8_t)((a << 1) ^ ((a & 0x80) ? 0x1b : 0));
		b >>= 1;
	}
	return p;
}

/* The AES S-box: multiplicative inverse followed by the affine map. */
static void aes_make_sbox(uint8_t sbox[256])
{
	for (int x = 0; x < 256; x++) {
		uint8_t inv = 0, s;

		for (int y = 1; y < 256 && x; y++)
			if (gf_mul((uint8_t)x, (uint8_t)y) == 1) {
				inv = (uint8_t)y;
				break;
			}
		s = inv;
		for (int i = 1; i < 5; i++)
			s ^= (uint8_t)((inv << i) | (inv >> (8 - i)));
		sbox[x] = (uint8_t)(s ^ 0x63);
	}
}

/* AES-128 key expansion into 44 big-endian words. */
static void aes_expand(const uint8_t *sbox, const uint8_t key[16],
		       uint32_t rk[44])
{
	uint32_t rcon = 1;

	for (int i = 0; i < 4; i++)
		rk[i] = (uint32_t)key[4 * i] << 24 |
			(uint32_t)key[4 * i + 1] << 16 |
			(uint32_t)key[4 * i + 2] << 8 | key[4 * i + 3];
	for (int i = 4; i < 44; i++) {
		uint32_t t = rk[i - 1];

		if (i % 4 == 0) {
			t = (t << 8) | (t >> 24);
			t = (uint32_t)sbox[t >> 24] << 24 |
			    (uint32_t)sbox[(t >> 16) & 255] << 16 |
			    (uint32_t)sbox[(t >> 8) & 255] << 8 |
			    sbox[t & 255];
			t ^= rcon << 24;
			rcon = gf_mul((uint8_t)rcon, 2);
		}
		rk[i] = rk[i - 4] ^ t;
	}
}

/* Byte-wise reference AES-128 of one 16-byte block (state column-major). */
static void aes_ref_block(const uint8_t *sbox, const uint32_t rk[44],
			  const uint8_t in[16], uint8_t out[16])
{
	uint8_t s[16], t[16];

	for (int i = 0; i < 16; i++)
		s[i] = in[i] ^ (uint8_t)(rk[i / 4] >> (24 - 8 * (i % 4)));
	for (int r = 1; r <= 10; r++) {
		for (int i = 0; i < 16; i++) /* SubBytes + ShiftRows */
			t[i] = sbox[s[(i + 4 * (i % 4)) % 16]];
		for (int c = 0; c < 4 && r < 10; c++) { /* MixColumns */
			uint8_t *a = &t[4 * c], b0 = a[0], b1 = a[1],
				b2 = a[2], b3 = a[3];

			a[0] = gf_mul(b0, 2) ^ gf_mul(b1, 3) ^ b2 ^ b3;
			a[1] = b0 ^ gf_mul(b1, 2) ^ gf_mul(b2, 3) ^ b3;
			a[2] = b0 ^ b1 ^ gf_mul(b2, 2) ^ gf_mul(b3, 3);
			a[3] = gf_mul(b0, 3) ^ b1 ^ b2 ^ gf_mul(b3, 2);
		}
		for (int i = 0; i < 16; i++)
			s[i] = t[i] ^
			       (uint8_t)(rk[4 * r + i / 4] >> (24 - 8 * (i % 4)));
	}
	memcpy(out, s, 16);
}

/* FAIL unless the reference cipher gives the FIPS-197 C.1 result. */
static void aes_selftest(const uint8_t *sbox)
{
	static const uint8_t want[16] = {
		0x69, 0xc4, 0xe0, 0xd8, 0x6a, 0x7b, 0x04, 0x30,
		0xd8, 0xcd, 0xb7, 0x80, 0x70, 0xb4, 0xc5, 0x5a};
	uint8_t key[16], pt[16], ct[16];
	uint32_t rk[44];

	for (int i = 0; i < 16; i++) {
		key[i] = (uint8_t)i;
		pt[i] = (uint8_t)(i * 0x11);
	}
	aes_expand(sbox, key, rk);
	aes_ref_block(sbox, rk, pt, ct);
	if (memcmp(ct, want, 16))
		kh_fail("CPU reference AES fails the FIPS-197 vector");
}

/* Device address of a module global, checking its size. */
static CUdeviceptr aes_global(struct kh_ctx *k, const char *name, size_t n)
{
	CUdeviceptr p;
	size_t size;

	CK(cuModuleGetGlobal(&p, &size, k->mod, name));
	if (size != n)
		kh_fail("global %s has %zu bytes, expected %zu", name, size, n);
	return p;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	uint8_t sbox[256], key[16];
	uint32_t rk[44], te[4 * 256], sb32[256];
	unsigned blocks, nwords;
	uint32_t *in, *out;
	CUdeviceptr d_in, d_out;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	blocks = a.paper ? 257 : 270;
	nwords = blocks * THREADS;
	aes_make_sbox(sbox);
	aes_selftest(sbox);
	for (int x = 0; x < 256; x++) {
		uint32_t s = sbox[x], s2 = gf_mul(sbox[x], 2),
			 s3 = gf_mul(sbox[x], 3);
		uint32_t w = s2 << 24 | s << 16 | s << 8 | s3;

		for (int j = 0; j < 4; j++)
			te[256 * j + x] = (w >> (8 * j)) | (w << ((32 - 8 * j) & 31));
		sb32[x] = sbox[x];
	}
	{
		struct kh_rng r = bench_rng(&a, 1);

		for (int i = 0; i < 16; i++)
			key[i] = (uint8_t)kh_rand(&r);
		aes_expand(sbox, key, rk);
	}
	in = kh_zalloc(nwords * sizeof(*in));
	out = kh_zalloc(nwords * sizeof(*out));
	{
		struct kh_rng r = bench_rng(&a, 2);

		for (unsigned i = 0; i < nwords; i++)
			in[i] = kh_rand(&r);
	}
	CK(cuMemcpyHtoD(aes_global(&k, "c_te", sizeof(te)), te, sizeof(te)));
	CK(cuMemcpyHtoD(aes_global(&k, "c_sbox", sizeof(sb32)), sb32,
			sizeof(sb32)));
	CK(cuMemcpyHtoD(aes_global(&k, "c_rk", sizeof(rk)), rk, sizeof(rk)));
	d_in = kh_alloc(nwords * sizeof(*in), in);
	d_out = kh_alloc(nwords * sizeof(*out), NULL);
	{
		void *p[] = {&d_in, &d_out};

		kh_launch(&k, "aes_encrypt128", blocks, 1, 1, THREADS, 1, 1, 0,
			  p);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, nwords * sizeof(*out)));
	for (unsigned b = 0; b < nwords / 4; b++) {
		uint8_t pt[16], ct[16];

		for (int i = 0; i < 16; i++)
			pt[i] = (uint8_t)(in[4 * b + i / 4] >> (24 - 8 * (i % 4)));
		aes_ref_block(sbox, rk, pt, ct);
		for (int c = 0; c < 4; c++) {
			uint32_t w = (uint32_t)ct[4 * c] << 24 |
				     (uint32_t)ct[4 * c + 1] << 16 |
				     (uint32_t)ct[4 * c + 2] << 8 | ct[4 * c + 3];

			if (out[4 * b + c] != w)
				kh_fail("AES block %u word %d: got %08x, "
					"expected %08x", b, c, out[4 * b + c], w);
		}
	}
	h = kh_fnv(KH_FNV_INIT, out, nwords * sizeof(*out));
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_out));
	kh_close(&k);
	free(in);
	free(out);
	bench_pass(&a, "blocks=%u bytes=%u crc=%016llx", blocks, nwords * 4,
		   (unsigned long long)h);
	return 0;
}
