/*
 * host.c - cloth workload: W x W cloth, distance constraints along rows,
 * columns and both diagonals, solved with nested per-particle spin locks
 * (BOWS/DDOS CP-DS).  Each iteration launches cloth_solve (one thread per
 * constraint, corrections accumulated under the two particle locks) and
 * cloth_apply (Jacobi update by the mean correction).  The CPU replays the
 * same Jacobi iterations; the float sums are taken in a different order
 * under the locks, so positions are compared with a tight tolerance,
 * while the per-particle constraint counts (non-atomic increments made
 * under the locks) must match the particle degrees exactly.
 *
 * Constraints are ordered row-major within each kind, so neighbouring
 * lanes of a warp share particles; contention comes from that ordering
 * and the mesh degree (8 at interior particles), W sets the size.  Small:
 * 64 x 64 cloth (16,002 constraints: 63 blocks x 256, a full wave at the
 * paper's 4 TBs/SM), 4 iterations.  Paper: 256 x 256, 20 iterations.
 */
#define BENCH_NAME "cloth"
#include "../common/bench.h"

#include <math.h>

#define BLOCK 256u
#define W_SMALL 64u
#define IT_SMALL 4u
#define W_PAPER 256u
#define IT_PAPER 20u
#define TOL 1e-6f /* absolute; positions lie in about [0, 1] */

struct cons {
	int *p, *q;        /* end particles */
	float *rest;       /* rest lengths */
	unsigned n;        /* constraint count */
};

/* Rows, columns, then both diagonals, each in row-major order. */
static void cloth_build(struct cons *c, unsigned w)
{
	static const int dr[4] = {0, 1, 1, 1}, dc[4] = {1, 0, 1, -1};
	unsigned max = 4 * w * w, t, i, j;

	c->p = kh_zalloc(max * sizeof(int));
	c->q = kh_zalloc(max * sizeof(int));
	c->rest = kh_zalloc(max * sizeof(float));
	c->n = 0;
	for (t = 0; t < 4; t++)
		for (i = 0; i < w; i++)
			for (j = 0; j < w; j++) {
				int i2 = (int)i + dr[t], j2 = (int)j + dc[t];

				if (i2 >= (int)w || j2 < 0 || j2 >= (int)w)
					continue;
				c->p[c->n] = (int)(i * w + j);
				c->q[c->n] = i2 * (int)w + j2;
				c->rest[c->n] = (t < 2 ? 1.0f : sqrtf(2.0f)) /
						(float)w;
				c->n++;
			}
}

/* One Jacobi iteration on the CPU, as the two kernels compute it. */
static void ref_iter(const struct cons *c, unsigned np, float *x, float *y,
		     float *z, float *ax, float *ay, float *az, int *cnt)
{
	unsigned i;

	for (i = 0; i < c->n; i++) {
		int p = c->p[i], q = c->q[i];
		float dx = x[q] - x[p], dy = y[q] - y[p], dz = z[q] - z[p];
		float len = sqrtf(dx * dx + dy * dy + dz * dz);
		float s = 0.5f * (len - c->rest[i]) / len;

		ax[p] += s * dx;
		ay[p] += s * dy;
		az[p] += s * dz;
		ax[q] -= s * dx;
		ay[q] -= s * dy;
		az[q] -= s * dz;
		cnt[p]++;
		cnt[q]++;
	}
	for (i = 0; i < np; i++) {
		if (cnt[i] > 0) {
			float w = 1.0f / (float)cnt[i];

			x[i] += ax[i] * w;
			y[i] += ay[i] * w;
			z[i] += az[i] * w;
		}
		ax[i] = ay[i] = az[i] = 0.0f;
		cnt[i] = 0;
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	struct cons c;
	unsigned w, iters, np, i, it, gc, gp;
	float *x, *y, *z, *gx, *gy, *gz, *ax, *ay, *az;
	int *cnt, *deg, *tot;
	CUdeviceptr d_p, d_q, d_rest, d_x, d_y, d_z, d_ax, d_ay, d_az;
	CUdeviceptr d_cnt, d_tot, d_locks;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	w = a.paper ? W_PAPER : W_SMALL;
	iters = a.paper ? IT_PAPER : IT_SMALL;
	np = w * w;
	cloth_build(&c, w);
	r = bench_rng(&a, 0x434c);
	x = kh_zalloc(np * sizeof(float));
	y = kh_zalloc(np * sizeof(float));
	z = kh_zalloc(np * sizeof(float));
	for (i = 0; i < np; i++) {
		float j = 0.3f / (float)w;

		x[i] = (float)(i % w) / (float)w + kh_unif(&r, -j, j);
		y[i] = (float)(i / w) / (float)w + kh_unif(&r, -j, j);
		z[i] = kh_unif(&r, -j, j);
	}
	d_p = kh_alloc(c.n * sizeof(int), c.p);
	d_q = kh_alloc(c.n * sizeof(int), c.q);
	d_rest = kh_alloc(c.n * sizeof(float), c.rest);
	d_x = kh_alloc(np * sizeof(float), x);
	d_y = kh_alloc(np * sizeof(float), y);
	d_z = kh_alloc(np * sizeof(float), z);
	d_ax = kh_alloc(np * sizeof(float), NULL);
	d_ay = kh_alloc(np * sizeof(float), NULL);
	d_az = kh_alloc(np * sizeof(float), NULL);
	d_cnt = kh_alloc(np * sizeof(int), NULL);
	d_tot = kh_alloc(np * sizeof(int), NULL);
	d_locks = kh_alloc(np * sizeof(int), NULL);
	CK(cuMemsetD32(d_ax, 0, np));
	CK(cuMemsetD32(d_ay, 0, np));
	CK(cuMemsetD32(d_az, 0, np));
	CK(cuMemsetD32(d_cnt, 0, np));
	CK(cuMemsetD32(d_tot, 0, np));
	CK(cuMemsetD32(d_locks, 0, np));
	gc = (c.n + BLOCK - 1) / BLOCK;
	gp = (np + BLOCK - 1) / BLOCK;
	for (it = 0; it < iters; it++) {
		void *ps[] = {&d_p, &d_q, &d_rest, &c.n, &d_x, &d_y, &d_z,
			      &d_ax, &d_ay, &d_az, &d_cnt, &d_locks};
		void *pa[] = {&np, &d_x, &d_y, &d_z, &d_ax, &d_ay, &d_az,
			      &d_cnt, &d_tot};

		kh_launch(&k, "cloth_solve", gc, 1, 1, BLOCK, 1, 1, 0, ps);
		kh_launch(&k, "cloth_apply", gp, 1, 1, BLOCK, 1, 1, 0, pa);
	}
	CK(cuCtxSynchronize());
	gx = kh_zalloc(np * sizeof(float));
	gy = kh_zalloc(np * sizeof(float));
	gz = kh_zalloc(np * sizeof(float));
	tot = kh_zalloc(np * sizeof(int));
	CK(cuMemcpyDtoH(gx, d_x, np * sizeof(float)));
	CK(cuMemcpyDtoH(gy, d_y, np * sizeof(float)));
	CK(cuMemcpyDtoH(gz, d_z, np * sizeof(float)));
	CK(cuMemcpyDtoH(tot, d_tot, np * sizeof(int)));
	deg = kh_zalloc(np * sizeof(int));
	for (i = 0; i < c.n; i++) {
		deg[c.p[i]]++;
		deg[c.q[i]]++;
	}
	for (i = 0; i < np; i++)
		if (tot[i] != (int)iters * deg[i])
			kh_fail("particle %u: %d locked updates, expected %d "
				"(lost update)", i, tot[i],
				(int)iters * deg[i]);
	ax = kh_zalloc(np * sizeof(float));
	ay = kh_zalloc(np * sizeof(float));
	az = kh_zalloc(np * sizeof(float));
	cnt = kh_zalloc(np * sizeof(int));
	for (it = 0; it < iters; it++)
		ref_iter(&c, np, x, y, z, ax, ay, az, cnt);
	for (i = 0; i < np; i++) {
		float e = fmaxf(fabsf(gx[i] - x[i]),
				fmaxf(fabsf(gy[i] - y[i]), fabsf(gz[i] - z[i])));

		if (!(e <= TOL))
			kh_fail("particle %u: (%.7g %.7g %.7g), expected "
				"(%.7g %.7g %.7g)", i, (double)gx[i],
				(double)gy[i], (double)gz[i], (double)x[i],
				(double)y[i], (double)z[i]);
	}
	/* Checksum of the CPU result (the GPU's low bits vary with order). */
	h = kh_fnv(KH_FNV_INIT, x, np * sizeof(float));
	h = kh_fnv(h, tot, np * sizeof(int));
	CK(cuMemFree(d_p));
	CK(cuMemFree(d_q));
	CK(cuMemFree(d_rest));
	CK(cuMemFree(d_x));
	CK(cuMemFree(d_y));
	CK(cuMemFree(d_z));
	CK(cuMemFree(d_ax));
	CK(cuMemFree(d_ay));
	CK(cuMemFree(d_az));
	CK(cuMemFree(d_cnt));
	CK(cuMemFree(d_tot));
	CK(cuMemFree(d_locks));
	kh_close(&k);
	bench_pass(&a, "cloth=%ux%u constraints=%u iters=%u crc=%016llx", w,
		   w, c.n, iters, (unsigned long long)h);
	free(c.p);
	free(c.q);
	free(c.rest);
	free(x);
	free(y);
	free(z);
	free(gx);
	free(gy);
	free(gz);
	free(ax);
	free(ay);
	free(az);
	free(cnt);
	free(deg);
	free(tot);
	return 0;
}
