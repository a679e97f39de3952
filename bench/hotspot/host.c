/*
 * host.c - hotspot workload (Rodinia hotspot): seeded temperature and
 * power grids, pyramid height 2, the host loop launching calculate_temp
 * once per `pyramid` time steps with ping-pong buffers, as Rodinia does.
 * The thermal constants follow Rodinia's formulas (chip 16 mm x 16 mm x
 * 0.5 mm, silicon), but the time step is chosen for a stable explicit
 * scheme so the seeded (non-smooth) field stays bounded.
 * Check: every cell after all steps against a CPU stencil that rounds to
 * float after each step; tolerance is relative (the GPU contracts the
 * f64 update into fma), far below a single step's change.
 */
#define BENCH_NAME "hotspot"
#include "../common/bench.h"

#include <math.h>

#define BS 16

/* One time step of the clamped 5-point update (Rodinia's formula). */
static void ref_step(const float *t, const float *p, float *o, int rows,
		     int cols, float sdc, float rx1, float ry1, float rz1)
{
	const float amb = 80.0f;

	for (int y = 0; y < rows; y++) {
		for (int x = 0; x < cols; x++) {
			int i = y * cols + x;
			float c = t[i];
			float n = t[(y > 0 ? y - 1 : y) * cols + x];
			float s = t[(y < rows - 1 ? y + 1 : y) * cols + x];
			float w = t[y * cols + (x > 0 ? x - 1 : x)];
			float e = t[y * cols + (x < cols - 1 ? x + 1 : x)];
			double d = (double)p[i] +
				   ((double)(s + n) - 2.0 * c) * ry1 +
				   ((double)(e + w) - 2.0 * c) * rx1 +
				   (double)((amb - c) * rz1);

			o[i] = (float)(c + sdc * d);
		}
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int n, pyramid = 2, total, bcols, border, launches = 0;
	size_t cells, bytes;
	float *temp, *power, *got, *ref, *tmp;
	float cap, rx, ry, rz, step, rx1, ry1, rz1, sdc;
	double gw, gh, maxerr = 0.0, maxchg = 0.0;
	const double t_chip = 0.0005, chip = 0.016, k_si = 100.0;
	const double spec_heat = 1.75e6, factor = 0.5;
	CUdeviceptr d_p, d_t[2];
	int cur = 0;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	n = a.paper ? 512 : 128;
	total = a.paper ? 2 : 4;
	cells = (size_t)n * n;
	bytes = cells * sizeof(float);
	r = bench_rng(&a, 0x407);
	temp = kh_zalloc(bytes);
	power = kh_zalloc(bytes);
	got = kh_zalloc(bytes);
	ref = kh_zalloc(bytes);
	tmp = kh_zalloc(bytes);
	for (size_t i = 0; i < cells; i++) {
		temp[i] = kh_unif(&r, 320.0f, 345.0f);
		power[i] = kh_unif(&r, 0.0f, 0.5f);
	}
	/* Rodinia's constants; a stable explicit step instead of its own. */
	gw = chip / n;
	gh = chip / n;
	cap = (float)(factor * spec_heat * t_chip * gw * gh);
	rx = (float)(gw / (2.0 * k_si * t_chip * gh));
	ry = (float)(gh / (2.0 * k_si * t_chip * gw));
	rz = (float)(t_chip / (k_si * gh * gw));
	step = (float)(0.4 * cap / (2.0 / rx + 2.0 / ry + 1.0 / rz));
	sdc = step / cap;
	rx1 = 1.0f / rx;
	ry1 = 1.0f / ry;
	rz1 = 1.0f / rz;

	bcols = n / (BS - pyramid * 2) + (n % (BS - pyramid * 2) ? 1 : 0);
	border = pyramid;
	d_p = kh_alloc(bytes, power);
	d_t[0] = kh_alloc(bytes, temp);
	d_t[1] = kh_alloc(bytes, NULL);
	for (int t = 0; t < total; t += pyramid) {
		int it = total - t < pyramid ? total - t : pyramid;
		void *p[] = {&it, &d_p, &d_t[cur], &d_t[1 - cur], &n, &n,
			     &border, &border, &cap, &rx, &ry, &rz, &step};

		kh_launch(&k, "calculate_temp", (unsigned)bcols,
			  (unsigned)bcols, 1, BS, BS, 1, 0, p);
		cur = 1 - cur;
		launches++;
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(got, d_t[cur], bytes));

	memcpy(ref, temp, bytes);
	for (int t = 0; t < total; t++) {
		ref_step(ref, power, tmp, n, n, sdc, rx1, ry1, rz1);
		for (size_t i = 0; i < cells; i++) {
			double c = fabs((double)tmp[i] - ref[i]);

			if (c > maxchg)
				maxchg = c;
		}
		memcpy(ref, tmp, bytes);
	}
	for (size_t i = 0; i < cells; i++) {
		double e = fabs((double)got[i] - ref[i]) / fabs(ref[i]);

		if (!(e <= 1e-6))
			kh_fail("cell (%zu,%zu) = %.9g, expected %.9g",
				i / (size_t)n, i % (size_t)n, (double)got[i],
				(double)ref[i]);
		if (e > maxerr)
			maxerr = e;
	}
	h = kh_fnv(KH_FNV_INIT, got, bytes);
	CK(cuMemFree(d_p));
	CK(cuMemFree(d_t[0]));
	CK(cuMemFree(d_t[1]));
	kh_close(&k);
	bench_pass(&a, "grid=%dx%d pyramid=%d steps=%d blocks=%dx%d "
		   "launches=%d maxchg=%.3g maxrel=%.2e crc=%016llx", n, n,
		   pyramid, total, bcols, bcols, launches, maxchg, maxerr,
		   (unsigned long long)h);
	free(temp);
	free(power);
	free(got);
	free(ref);
	free(tmp);
	return 0;
}
