/*
 * host.c - warp intrinsics test: shfl down/idx/xor/up, ballot, any/all
 * and activemask over 1024 threads (8 blocks of 128).  The expected
 * values are computed per warp from the warp size the device reports
 * (CU_DEVICE_ATTRIBUTE_WARP_SIZE), which must divide 128.  For warps wider
 * than 32 lanes the 32-bit masks (ballot, activemask) are expected to hold
 * lanes 0..31; only those lanes vote in the ballot.
 */
#define KH_NAME "warpvote"
#include "../khost.h"

#define BLOCK 128u
#define GRID 8u
#define N (BLOCK * GRID)

/* Expected 8 words for every thread of the warp starting at thread w0. */
static void ref_warp(const unsigned *in, unsigned w0, unsigned ws,
		     unsigned *e)
{
	unsigned sum = 0, mx = 0, ballot = 0, am = 0, scan = 0, l;
	int any = 0, all = 1;

	for (l = 0; l < ws; l++) {
		unsigned v = in[w0 + l];

		sum += v;
		mx = v > mx ? v : mx;
		if (l < 32 && (v & 1))
			ballot |= 1u << l;
		if (l < 32 && v % 3u == 0)
			am |= 1u << l;
		any |= v % 97u == 0;
		all &= v > 0xffu;
	}
	for (l = 0; l < ws; l++) {
		unsigned v = in[w0 + l], *o = e + 8 * l;

		scan += v & 0xffu;
		o[0] = sum;
		o[1] = mx;
		o[2] = scan;
		o[3] = ballot;
		o[4] = (unsigned)any | (unsigned)all << 1 | 1u << 2;
		o[5] = v % 3u == 0 ? am : 0;
		o[6] = l;
		o[7] = ws;
	}
}

static const char *const what[8] = {
	"shfl_down sum", "shfl_xor max", "shfl_up scan", "ballot",
	"any/all", "activemask", "lane", "warpSize",
};

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {271828};
	static unsigned in[N], out[8 * N], e[8 * 64];
	unsigned ws, w0, i, j;
	CUdeviceptr d_in, d_out;
	void *p[] = {&d_in, &d_out};

	for (i = 0; i < N; i++) {
		in[i] = kh_rand(&r);
		if ((i / 64) % 3 == 1 && i % 64 == 13) /* some all() fail */
			in[i] &= 0xffu;
		if (i % 200 == 77) /* some any() hold */
			in[i] = 97u * (in[i] >> 8);
	}
	kh_open(&k, argc, argv);
	ws = (unsigned)k.warp_size;
	if (ws > 64 || BLOCK % ws != 0)
		kh_fail("warp size %u does not divide the block size %u", ws,
			BLOCK);
	d_in = kh_alloc(sizeof(in), in);
	d_out = kh_alloc(sizeof(out), NULL);
	kh_launch(&k, "warp_ops", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, sizeof(out)));
	for (w0 = 0; w0 < N; w0 += ws) {
		ref_warp(in, w0, ws, e);
		for (i = 0; i < ws; i++)
			for (j = 0; j < 8; j++)
				if (out[8 * (w0 + i) + j] != e[8 * i + j])
					kh_fail("thread %u (warp size %u) %s: "
						"got %08x, expected %08x",
						w0 + i, ws, what[j],
						out[8 * (w0 + i) + j],
						e[8 * i + j]);
	}
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_out));
	kh_close(&k);
	printf("PASS warpvote warpsize=%u crc=%016llx\n", ws,
	       (unsigned long long)kh_fnv(KH_FNV_INIT, out, sizeof(out)));
	return 0;
}
