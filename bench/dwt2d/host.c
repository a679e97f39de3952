/*
 * host.c - dwt2d workload (Rodinia dwt2d-like): a seeded RGB image (a
 * smooth pattern plus noise, one int plane per component) transformed by
 * the 5/3 forward DWT over several levels: for each component, for each
 * level, one fdwt53 launch on the previous level's LL band (64x32 tiles,
 * 256 threads).  Check: every coefficient of every plane equals a CPU
 * lifting reference (rows then columns, symmetric extension) exactly, and
 * the CPU inverse transform of the GPU's output reproduces the input.
 */
#define BENCH_NAME "dwt2d"
#include "../common/bench.h"

#include <math.h>

#define TX 64
#define TY 32
#define NCOMP 3

static int mir(int i, int n)
{
	if (i < 0)
		i = -i;
	if (i >= n)
		i = 2 * (n - 1) - i;
	return i;
}

/* Forward 5/3 lifting of n samples x[0], x[s], ... in place. */
static void lift_fwd(int *x, int n, int s)
{
	for (int i = 1; i < n; i += 2)
		x[i * s] -= (x[mir(i - 1, n) * s] + x[mir(i + 1, n) * s]) >> 1;
	for (int i = 0; i < n; i += 2)
		x[i * s] += (x[mir(i - 1, n) * s] + x[mir(i + 1, n) * s] + 2) >>
			    2;
}

/* Inverse of lift_fwd. */
static void lift_inv(int *x, int n, int s)
{
	for (int i = 0; i < n; i += 2)
		x[i * s] -= (x[mir(i - 1, n) * s] + x[mir(i + 1, n) * s] + 2) >>
			    2;
	for (int i = 1; i < n; i += 2)
		x[i * s] += (x[mir(i - 1, n) * s] + x[mir(i + 1, n) * s]) >> 1;
}

/* Interleaved <-> quadrant layout of a w x h region of a stride plane. */
static void deinterleave(int *p, int *tmp, int w, int h, int stride,
			 int to_quadrants)
{
	for (int y = 0; y < h; y++) {
		for (int x = 0; x < w; x++) {
			int qx = (x >> 1) + (x & 1) * (w / 2);
			int qy = (y >> 1) + (y & 1) * (h / 2);

			if (to_quadrants)
				tmp[qy * w + qx] = p[y * stride + x];
			else
				tmp[y * w + x] = p[qy * stride + qx];
		}
	}
	for (int y = 0; y < h; y++)
		memcpy(&p[y * stride], &tmp[y * w], (size_t)w * sizeof(int));
}

static void ref_fwd(int *p, int *tmp, int w, int h, int stride, int levels)
{
	for (int l = 0; l < levels; l++, w /= 2, h /= 2) {
		for (int y = 0; y < h; y++)
			lift_fwd(&p[y * stride], w, 1);
		for (int x = 0; x < w; x++)
			lift_fwd(&p[x], h, stride);
		deinterleave(p, tmp, w, h, stride, 1);
	}
}

static void ref_inv(int *p, int *tmp, int w, int h, int stride, int levels)
{
	for (int l = levels - 1; l >= 0; l--) {
		int lw = w >> l, lh = h >> l;

		deinterleave(p, tmp, lw, lh, stride, 0);
		for (int x = 0; x < lw; x++)
			lift_inv(&p[x], lh, stride);
		for (int y = 0; y < lh; y++)
			lift_inv(&p[y * stride], lw, 1);
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int w, h, levels, launches = 0, blocks = 0;
	size_t plane, bytes;
	int *img, *got, *ref, *tmp;
	long long energy = 0;
	CUdeviceptr d_img, d_out, d_ll[2];
	uint64_t hs;

	bench_open(&k, &a, argc, argv);
	w = a.paper ? 1024 : 512;
	h = a.paper ? 1024 : 256;
	levels = 3;
	for (int l = 0; l < levels; l++)
		if ((w >> l) % TX || (h >> l) % TY)
			kh_fail("level %d size %dx%d is not a multiple of the "
				"%dx%d tile", l, w >> l, h >> l, TX, TY);
	plane = (size_t)w * h;
	bytes = plane * NCOMP * sizeof(int);
	r = bench_rng(&a, 0xd3);
	img = kh_zalloc(bytes);
	got = kh_zalloc(bytes);
	ref = kh_zalloc(bytes);
	tmp = kh_zalloc(plane * sizeof(int));
	for (int c = 0; c < NCOMP; c++) {
		for (int y = 0; y < h; y++) {
			for (int x = 0; x < w; x++) {
				double v = 128.0 + 60.0 * sin(x * 0.05 + c) *
					   cos(y * 0.07 - c) +
					   20.0 * sin((x + y) * 0.21);
				int iv = (int)v + kh_range(&r, -16, 16);

				img[c * plane + (size_t)y * w + x] =
					iv < 0 ? 0 : iv > 255 ? 255 : iv;
			}
		}
	}

	d_img = kh_alloc(bytes, img);
	d_out = kh_alloc(bytes, NULL);
	d_ll[0] = kh_alloc(plane * sizeof(int), NULL);
	d_ll[1] = kh_alloc(plane * sizeof(int), NULL);
	for (int c = 0; c < NCOMP; c++) {
		CUdeviceptr d_src = d_img + c * plane * sizeof(int);
		CUdeviceptr d_o = d_out + c * plane * sizeof(int);

		for (int l = 0; l < levels; l++) {
			int lw = w >> l, lh = h >> l;
			CUdeviceptr d_lld = l == levels - 1 ? d_o :
					    d_ll[l & 1];
			void *p[] = {&d_src, &lw, &lh, &w, &d_o, &d_lld};

			kh_launch(&k, "fdwt53", (unsigned)(lw / TX),
				  (unsigned)(lh / TY), 1, 256, 1, 1, 0, p);
			launches++;
			blocks += (lw / TX) * (lh / TY);
			d_src = d_lld;
		}
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(got, d_out, bytes));

	memcpy(ref, img, bytes);
	for (int c = 0; c < NCOMP; c++)
		ref_fwd(ref + c * plane, tmp, w, h, w, levels);
	for (size_t i = 0; i < plane * NCOMP; i++) {
		if (got[i] != ref[i])
			kh_fail("component %zu coefficient (%zu,%zu) = %d, "
				"expected %d", i / plane, i % plane / (size_t)w,
				i % (size_t)w, got[i], ref[i]);
		if (i % plane >= (size_t)w * (h >> levels) ||
		    i % (size_t)w >= (size_t)(w >> levels))
			energy += (long long)got[i] * got[i];
	}
	memcpy(ref, got, bytes);
	for (int c = 0; c < NCOMP; c++)
		ref_inv(ref + c * plane, tmp, w, h, w, levels);
	if (memcmp(ref, img, bytes))
		kh_fail("the inverse transform does not reproduce the image");
	hs = kh_fnv(KH_FNV_INIT, got, bytes);
	CK(cuMemFree(d_img));
	CK(cuMemFree(d_out));
	CK(cuMemFree(d_ll[0]));
	CK(cuMemFree(d_ll[1]));
	kh_close(&k);
	bench_pass(&a, "image=%dx%dx%d levels=%d launches=%d blocks=%d "
		   "detail_energy=%lld crc=%016llx", w, h, NCOMP, levels,
		   launches, blocks, energy, (unsigned long long)hs);
	free(img);
	free(got);
	free(ref);
	free(tmp);
	return 0;
}
