/*
 * host.c - conv workload (PRO set, CUDA SDK convolutionSeparable): a rows
 * pass (16x4 blocks, 128 pixels per block row) then a columns pass (16x8
 * blocks, 64 rows per block) with a radius-8 filter in __constant__.
 * Small: 768x512 image, rows grid 6x128 = 768 blocks and columns grid
 * 48x8 = 384 blocks (>= 3 waves at 8 TBs/SM on 15 SMs); paper: 3072x3072
 * (18432 and 9216 blocks, as in the PRO paper).  Pixels are integers 0..15
 * and taps multiples of 1/64, so every sum is exact in f32 whatever the
 * order or fusion: the GPU output must equal the CPU reference bit for bit.
 */
#define BENCH_NAME "conv"
#include "../common/bench.h"

#define RADIUS 8
#define NTAPS (2 * RADIUS + 1)

/* One 1-D pass with zero padding: dst[y][x] = sum_j c[R-j] src[y][x+j*step]. */
static void conv_ref(float *dst, const float *src, const float *c, int w,
		     int h, int along_x)
{
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			float sum = 0.0f;

			for (int j = -RADIUS; j <= RADIUS; j++) {
				int xx = along_x ? x + j : x;
				int yy = along_x ? y : y + j;

				if (xx >= 0 && xx < w && yy >= 0 && yy < h)
					sum += c[RADIUS - j] * src[yy * w + xx];
			}
			dst[y * w + x] = sum;
		}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	float taps[NTAPS], *img, *out, *tmp, *ref;
	int w, h;
	size_t n, csize;
	CUdeviceptr d_taps, d_in, d_tmp, d_out;
	double sum = 0.0;
	uint64_t crc;

	bench_open(&k, &a, argc, argv);
	w = a.paper ? 3072 : 768;
	h = a.paper ? 3072 : 512;
	n = (size_t)w * h;
	img = kh_zalloc(n * sizeof(*img));
	out = kh_zalloc(n * sizeof(*out));
	tmp = kh_zalloc(n * sizeof(*tmp));
	ref = kh_zalloc(n * sizeof(*ref));
	{
		struct kh_rng r = bench_rng(&a, 1);

		for (int j = 0; j < NTAPS; j++)
			taps[j] = (float)kh_range(&r, 1, 8) / 64.0f;
		for (size_t i = 0; i < n; i++)
			img[i] = (float)kh_range(&r, 0, 15);
	}
	CK(cuModuleGetGlobal(&d_taps, &csize, k.mod, "c_taps"));
	if (csize != sizeof(taps))
		kh_fail("c_taps has %zu bytes", csize);
	CK(cuMemcpyHtoD(d_taps, taps, sizeof(taps)));
	d_in = kh_alloc(n * sizeof(float), img);
	d_tmp = kh_alloc(n * sizeof(float), NULL);
	d_out = kh_alloc(n * sizeof(float), NULL);
	{
		void *pr[] = {&d_tmp, &d_in, &w, &h};
		void *pc[] = {&d_out, &d_tmp, &w, &h};

		kh_launch(&k, "conv_rows", (unsigned)w / 128, (unsigned)h / 4,
			  1, 16, 4, 1, 0, pr);
		kh_launch(&k, "conv_cols", (unsigned)w / 16, (unsigned)h / 64,
			  1, 16, 8, 1, 0, pc);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, n * sizeof(float)));
	conv_ref(tmp, img, taps, w, h, 1);
	conv_ref(ref, tmp, taps, w, h, 0);
	for (size_t i = 0; i < n; i++) {
		if (out[i] != ref[i])
			kh_fail("pixel (%zu,%zu): got %.9g, expected %.9g",
				i % (size_t)w, i / (size_t)w, (double)out[i],
				(double)ref[i]);
		sum += ref[i];
	}
	crc = kh_fnv(KH_FNV_INIT, out, n * sizeof(float));
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_tmp));
	CK(cuMemFree(d_out));
	kh_close(&k);
	free(img);
	free(out);
	free(tmp);
	free(ref);
	bench_pass(&a, "image=%dx%d rows_grid=%dx%d cols_grid=%dx%d "
		   "sum=%.6f crc=%016llx", w, h, w / 128, h / 4, w / 16,
		   h / 64, sum, (unsigned long long)crc);
	return 0;
}
