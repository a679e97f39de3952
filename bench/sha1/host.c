/*
 * host.c - sha1 workload (PRO set, StoreGPU sha1_overlap): every thread
 * hashes one 52-byte chunk of a random buffer, chunks starting 20 bytes
 * apart (overlapping), 192 threads per block, the block's span staged in
 * shared memory.  Small: 360 blocks (3 waves at 8 TBs/SM on 15 SMs);
 * paper: 384 blocks as in the PRO paper.  The CPU reference is standard
 * byte-oriented SHA-1 (checked against the FIPS 180 "abc" vector); the
 * digests must match exactly.
 */
#define BENCH_NAME "sha1"
#include "../common/bench.h"

#define THREADS 192
#define CHUNK 52
#define STRIDE 20
#define SPAN_WORDS ((STRIDE * (THREADS - 1) + CHUNK) / 4)

static uint32_t rol(uint32_t x, int n)
{
	return (x << n) | (x >> (32 - n));
}

/* Standard SHA-1 of n bytes (n < 2^29) into five big-endian words. */
static void sha1_ref(const uint8_t *msg, size_t n, uint32_t h[5])
{
	size_t total = (n + 9 + 63) / 64 * 64;
	uint8_t *buf = kh_zalloc(total);
	uint64_t bits = (uint64_t)n * 8;

	memcpy(buf, msg, n);
	buf[n] = 0x80;
	for (int i = 0; i < 8; i++)
		buf[total - 1 - i] = (uint8_t)(bits >> (8 * i));
	h[0] = 0x67452301u;
	h[1] = 0xefcdab89u;
	h[2] = 0x98badcfeu;
	h[3] = 0x10325476u;
	h[4] = 0xc3d2e1f0u;
	for (size_t off = 0; off < total; off += 64) {
		uint32_t w[80], a = h[0], b = h[1], c = h[2], d = h[3],
			 e = h[4];

		for (int i = 0; i < 16; i++)
			w[i] = (uint32_t)buf[off + 4 * i] << 24 |
			       (uint32_t)buf[off + 4 * i + 1] << 16 |
			       (uint32_t)buf[off + 4 * i + 2] << 8 |
			       buf[off + 4 * i + 3];
		for (int i = 16; i < 80; i++)
			w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
		for (int i = 0; i < 80; i++) {
			uint32_t f, k, t;

			if (i < 20) {
				f = (b & c) | (~b & d);
				k = 0x5a827999u;
			} else if (i < 40) {
				f = b ^ c ^ d;
				k = 0x6ed9eba1u;
			} else if (i < 60) {
				f = (b & c) | (b & d) | (c & d);
				k = 0x8f1bbcdcu;
			} else {
				f = b ^ c ^ d;
				k = 0xca62c1d6u;
			}
			t = rol(a, 5) + f + e + k + w[i];
			e = d;
			d = c;
			c = rol(b, 30);
			b = a;
			a = t;
		}
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
	}
	free(buf);
}

int main(int argc, char **argv)
{
	static const uint32_t abc[5] = {0xa9993e36u, 0x4706816au, 0xba3e2571u,
					0x7850c26cu, 0x9cd0d89du};
	struct kh_ctx k;
	struct bench_args a;
	unsigned blocks, nthreads, nwords;
	int span = SPAN_WORDS;
	uint32_t *in, *dig, h[5];
	CUdeviceptr d_in, d_dig;
	uint64_t crc;

	bench_open(&k, &a, argc, argv);
	sha1_ref((const uint8_t *)"abc", 3, h);
	if (memcmp(h, abc, sizeof(h)))
		kh_fail("CPU reference SHA-1 fails the \"abc\" vector");
	blocks = a.paper ? 384 : 360;
	nthreads = blocks * THREADS;
	nwords = blocks * (THREADS * STRIDE / 4) + SPAN_WORDS;
	in = kh_zalloc(nwords * sizeof(*in));
	dig = kh_zalloc(5 * nthreads * sizeof(*dig));
	{
		struct kh_rng r = bench_rng(&a, 1);

		for (unsigned i = 0; i < nwords; i++)
			in[i] = kh_rand(&r);
	}
	d_in = kh_alloc(nwords * sizeof(*in), in);
	d_dig = kh_alloc(5 * nthreads * sizeof(*dig), NULL);
	{
		void *p[] = {&d_in, &d_dig, &span};

		kh_launch(&k, "sha1_overlap", blocks, 1, 1, THREADS, 1, 1, 0,
			  p);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(dig, d_dig, 5 * nthreads * sizeof(*dig)));
	for (unsigned t = 0; t < nthreads; t++) {
		sha1_ref((const uint8_t *)in + (size_t)t * STRIDE, CHUNK, h);
		for (int i = 0; i < 5; i++)
			if (dig[5 * t + i] != h[i])
				kh_fail("chunk %u digest word %d: got %08x, "
					"expected %08x", t, i, dig[5 * t + i],
					h[i]);
	}
	crc = kh_fnv(KH_FNV_INIT, dig, 5 * nthreads * sizeof(*dig));
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_dig));
	kh_close(&k);
	free(in);
	free(dig);
	bench_pass(&a, "blocks=%u chunks=%u chunk=%d stride=%d crc=%016llx",
		   blocks, nthreads, CHUNK, STRIDE, (unsigned long long)crc);
	return 0;
}
