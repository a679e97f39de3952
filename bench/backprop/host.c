/*
 * host.c - backprop workload (Rodinia backprop, one training pass of an
 * in -> 16 -> 1 network).  As in Rodinia's bpnn_train_cuda: the GPU runs
 * bpnn_layerforward (per-block partial sums of the 16 hidden units), the
 * host finishes the hidden layer, the output layer and both error terms,
 * re-uploads the weights and launches bpnn_adjust_weights.
 * Check: the partial sums and the weight matrix the forward kernel writes
 * back exactly (the CPU replays the shared-memory tree), then the adjusted
 * weights and momentum terms against a double-precision reference with a
 * relative tolerance of 1e-6 (the GPU contracts the f64 update into fma;
 * every update is far larger than the tolerance).
 */
#define BENCH_NAME "backprop"
#include "../common/bench.h"

#include <math.h>

#define HID 16
#define HEIGHT 16
#define ETA 0.3
#define MOMENTUM 0.3

static float squash(float x)
{
	return 1.0f / (1.0f + expf(-x));
}

/* Does g match the double reference e within the relative tolerance? */
static int close_enough(float g, double e)
{
	return fabs((double)g - e) <= 1e-6 * fabs(e) + 1e-12;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int in, hid = HID, nblk;
	size_t nw;
	float *input, *w, *oldw, *partial, *gotw, *gotold, *fwd;
	float hidden[HID + 1], hdelta[HID + 1], ow[HID + 1], out, odelta;
	double maxupd = 0.0;
	CUdeviceptr d_in, d_w, d_old, d_part, d_delta;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	in = a.paper ? 65536 : 4096;
	nblk = in / HEIGHT;
	nw = (size_t)(in + 1) * (HID + 1);
	r = bench_rng(&a, 0xb9);
	input = kh_zalloc((size_t)(in + 1) * sizeof(*input));
	w = kh_zalloc(nw * sizeof(*w));
	oldw = kh_zalloc(nw * sizeof(*oldw));
	gotw = kh_zalloc(nw * sizeof(*gotw));
	gotold = kh_zalloc(nw * sizeof(*gotold));
	fwd = kh_zalloc(nw * sizeof(*fwd));
	partial = kh_zalloc((size_t)nblk * HID * sizeof(*partial));
	input[0] = 1.0f;
	for (int i = 1; i <= in; i++)
		input[i] = kh_unif(&r, 0.0f, 1.0f);
	for (size_t i = 0; i < nw; i++) {
		w[i] = kh_unif(&r, -0.05f, 0.05f);
		oldw[i] = kh_unif(&r, -0.01f, 0.01f);
	}
	for (int j = 0; j <= HID; j++)
		ow[j] = kh_unif(&r, -1.0f, 1.0f);

	/* Forward pass: input -> hidden on the GPU. */
	d_in = kh_alloc((size_t)(in + 1) * sizeof(*input), input);
	d_w = kh_alloc(nw * sizeof(*w), w);
	d_part = kh_alloc((size_t)nblk * HID * sizeof(*partial), NULL);
	{
		void *p[] = {&d_in, &d_w, &d_part, &in, &hid};

		kh_launch(&k, "bpnn_layerforward", 1, (unsigned)nblk, 1, 16,
			  HEIGHT, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(partial, d_part, (size_t)nblk * HID *
			sizeof(*partial)));
	CK(cuMemcpyDtoH(fwd, d_w, nw * sizeof(*fwd)));

	/* Replay each block's products and column tree exactly. */
	for (int b = 0; b < nblk; b++) {
		float m[HEIGHT][HID];

		for (int ty = 0; ty < HEIGHT; ty++)
			for (int tx = 0; tx < HID; tx++)
				m[ty][tx] = w[(size_t)(b * HEIGHT + ty + 1) *
					      (HID + 1) + tx + 1] *
					    input[b * HEIGHT + ty + 1];
		for (int p2 = 2; p2 <= HEIGHT; p2 *= 2)
			for (int ty = 0; ty < HEIGHT; ty += p2)
				for (int tx = 0; tx < HID; tx++)
					m[ty][tx] = m[ty][tx] +
						    m[ty + p2 / 2][tx];
		for (int ty = 0; ty < HEIGHT; ty++) {
			for (int tx = 0; tx < HID; tx++) {
				size_t i = (size_t)(b * HEIGHT + ty + 1) *
					   (HID + 1) + tx + 1;

				if (memcmp(&fwd[i], &m[ty][tx], sizeof(float)))
					kh_fail("forward block %d wm[%d][%d] = "
						"%.9g, expected %.9g", b, ty,
						tx, (double)fwd[i],
						(double)m[ty][tx]);
			}
		}
		for (int j = 0; j < HID; j++)
			if (memcmp(&partial[b * HID + j], &m[0][j],
				   sizeof(float)))
				kh_fail("partial sum block %d unit %d = %.9g, "
					"expected %.9g", b, j,
					(double)partial[b * HID + j],
					(double)m[0][j]);
	}

	/* Host part of the pass, as Rodinia: hidden, output, errors. */
	hidden[0] = 1.0f;
	for (int j = 1; j <= HID; j++) {
		float s = 0.0f;

		for (int b = 0; b < nblk; b++)
			s += partial[b * HID + j - 1];
		s += w[j];
		hidden[j] = squash(s);
	}
	{
		float s = 0.0f;

		for (int j = 0; j <= HID; j++)
			s += ow[j] * hidden[j];
		out = squash(s);
		odelta = out * (1.0f - out) * (0.1f - out);
	}
	hdelta[0] = 0.0f;
	for (int j = 1; j <= HID; j++)
		hdelta[j] = hidden[j] * (1.0f - hidden[j]) * odelta * ow[j];

	/* Weight update on the GPU (weights re-uploaded, as Rodinia). */
	CK(cuMemcpyHtoD(d_w, w, nw * sizeof(*w)));
	d_old = kh_alloc(nw * sizeof(*oldw), oldw);
	d_delta = kh_alloc(sizeof(hdelta), hdelta);
	{
		void *p[] = {&d_delta, &hid, &d_in, &in, &d_w, &d_old};

		kh_launch(&k, "bpnn_adjust_weights", 1, (unsigned)nblk, 1, 16,
			  HEIGHT, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(gotw, d_w, nw * sizeof(*gotw)));
	CK(cuMemcpyDtoH(gotold, d_old, nw * sizeof(*gotold)));
	for (int row = 0; row <= in; row++) {
		for (int j = 0; j <= HID; j++) {
			size_t i = (size_t)row * (HID + 1) + j;
			double ew = w[i], eo = oldw[i];

			if (row >= 1 && j >= 1) {
				eo = ETA * hdelta[j] * input[row] +
				     MOMENTUM * oldw[i];
				ew = (float)(w[i] + eo);
				eo = (float)eo;
			} else if (row == 0 && j >= 1) {
				eo = ETA * hdelta[j] + MOMENTUM * oldw[i];
				ew = (float)(w[i] + eo);
				eo = (float)eo;
			}
			if (!close_enough(gotw[i], ew) ||
			    !close_enough(gotold[i], eo))
				kh_fail("weight [%d][%d] = %.9g (prev %.9g), "
					"expected %.9g (%.9g)", row, j,
					(double)gotw[i], (double)gotold[i],
					ew, eo);
			if (fabs(ew - w[i]) > maxupd)
				maxupd = fabs(ew - w[i]);
		}
	}
	h = kh_fnv(KH_FNV_INIT, partial, (size_t)nblk * HID *
		   sizeof(*partial));
	h = kh_fnv(h, gotw, nw * sizeof(*gotw));
	h = kh_fnv(h, gotold, nw * sizeof(*gotold));
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_w));
	CK(cuMemFree(d_old));
	CK(cuMemFree(d_part));
	CK(cuMemFree(d_delta));
	kh_close(&k);
	bench_pass(&a, "in=%d hidden=%d blocks=%d out=%.6f maxupd=%.3g "
		   "crc=%016llx", in, HID, nblk, (double)out, maxupd,
		   (unsigned long long)h);
	free(input);
	free(w);
	free(oldw);
	free(gotw);
	free(gotold);
	free(fwd);
	free(partial);
	return 0;
}
