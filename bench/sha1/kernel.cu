/*
 * kernel.cu - sha1: SHA-1 over overlapping chunks, in the style of
 * StoreGPU's sha1_overlap.  A 192-thread block stages its span of the input
 * (4 KB - 32 of shared memory) behind one barrier; thread t then hashes the
 * CHUNK-byte message starting at byte t * STRIDE of that span (a single
 * padded 64-byte SHA-1 block: 80 rounds of rotates, adds and xors) and
 * writes the five digest words.
 */

#define THREADS 192
#define CHUNK 52            /* message bytes per thread (one SHA-1 block) */
#define STRIDE 20           /* bytes between consecutive chunks */
#define SPAN_WORDS 1016     /* (4096 - 32) / 4 staged words per block */

static __device__ unsigned rotl(unsigned x, int n)
{
	return (x << n) | (x >> (32 - n));
}

static __device__ unsigned bswap(unsigned x)
{
	return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) |
	       (x << 24);
}

extern "C" __global__ void sha1_overlap(const unsigned *in, unsigned *digest,
					int span_words)
{
	__shared__ unsigned s_in[SPAN_WORDS];
	const unsigned *src = in + blockIdx.x * (THREADS * STRIDE / 4);
	unsigned w[16];
	unsigned a, b, c, d, e, f, k, t;
	int tid = threadIdx.x;

	for (int i = tid; i < span_words; i += blockDim.x)
		s_in[i] = src[i];
	__syncthreads();
	for (int i = 0; i < CHUNK / 4; i++)
		w[i] = bswap(s_in[tid * (STRIDE / 4) + i]);
	w[CHUNK / 4] = 0x80000000u;
	for (int i = CHUNK / 4 + 1; i < 15; i++)
		w[i] = 0;
	w[15] = CHUNK * 8;
	a = 0x67452301u;
	b = 0xefcdab89u;
	c = 0x98badcfeu;
	d = 0x10325476u;
	e = 0xc3d2e1f0u;
#pragma unroll
	for (int i = 0; i < 80; i++) {
		if (i >= 16) {
			t = w[(i - 3) & 15] ^ w[(i - 8) & 15] ^
			    w[(i - 14) & 15] ^ w[i & 15];
			w[i & 15] = rotl(t, 1);
		}
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
		t = rotl(a, 5) + f + e + k + w[i & 15];
		e = d;
		d = c;
		c = rotl(b, 30);
		b = a;
		a = t;
	}
	unsigned *o = digest + 5 * (blockIdx.x * THREADS + tid);
	o[0] = 0x67452301u + a;
	o[1] = 0xefcdab89u + b;
	o[2] = 0x98badcfeu + c;
	o[3] = 0x10325476u + d;
	o[4] = 0xc3d2e1f0u + e;
}
