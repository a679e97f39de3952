/*
 * host.c - transpose test: a 40 x 72 f32 matrix transposed through a
 * padded shared tile with 16x16 2D blocks on a 5x3 grid (edge tiles are
 * partial).  Every output element is compared bit for bit; the output
 * buffer is pre-filled with a sentinel so missed writes show up.
 */
#define KH_NAME "transpose"
#include "../khost.h"

#define W 72
#define H 40
#define TILE 16

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {777};
	static float in[H * W], out[W * H];
	CUdeviceptr d_in, d_out;
	int w = W, h = H, x, y;
	void *p[] = {&d_in, &d_out, &w, &h};

	for (x = 0; x < H * W; x++)
		in[x] = kh_unif(&r, -1000.0f, 1000.0f);
	memset(out, 0xff, sizeof(out));
	kh_open(&k, argc, argv);
	d_in = kh_alloc(sizeof(in), in);
	d_out = kh_alloc(sizeof(out), out);
	kh_launch(&k, "transpose_tile", (W + TILE - 1) / TILE,
		  (H + TILE - 1) / TILE, 1, TILE, TILE, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, sizeof(out)));
	for (y = 0; y < H; y++)
		for (x = 0; x < W; x++)
			if (memcmp(&out[x * H + y], &in[y * W + x],
				   sizeof(float)) != 0)
				kh_fail("out[%d][%d] = %.9g, expected %.9g",
					x, y, (double)out[x * H + y],
					(double)in[y * W + x]);
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_out));
	kh_close(&k);
	printf("PASS transpose %dx%d crc=%016llx\n", H, W,
	       (unsigned long long)kh_fnv(KH_FNV_INIT, out, sizeof(out)));
	return 0;
}
