/*
 * host.c - tsp workload: random-restart 2-opt hill climbing with the
 * global best under one global spin lock (BOWS/DDOS TSP).  Cities get
 * integer coordinates in [0, 1000); every climber starts from its own
 * random tour.  Distances are (int)(sqrtf(dx^2 + dy^2) + 0.5f) on integer
 * squares, identical on the CPU, and each climb takes the best move with
 * ties to the lowest move index, so the CPU replays every climb exactly:
 * each climber's final length must match, and the global best (length,
 * climber, tour) must be the CPU's minimum over all climbers (ties to the
 * lowest climber), whatever order the blocks took the lock in.
 *
 * 256 threads per block with an unsigned short CMAX x CMAX distance
 * matrix (11.3 KB) plus the tour and reduction arrays in shared memory:
 * 13.9 KB, so 3 TBs/SM; 45 blocks = one full wave on 15 SMs.  The lock is
 * rare but long (a tour copy in the critical section); the knob is
 * CLIMBERS (one lock acquisition each).  Small: 40 cities, 45 climbers.
 * Paper: 76 cities (the paper's input), 1500 climbers (half the paper's
 * 3000, keeping a paper run near 1 G warp instructions).
 */
#define BENCH_NAME "tsp"
#include "../common/bench.h"

#include <math.h>

#define BLOCK 256u
#define GRID 45u
#define CMAX 76
#define C_SMALL 40
#define CLIMBERS_SMALL 45
#define C_PAPER 76
#define CLIMBERS_PAPER 1500

/* Replay one climb of the kernel on tour t; returns the final length. */
static int ref_climb(const int *dist, int nc, int *t)
{
	int len = 0, k;

	for (;;) {
		int bd = 0, bm = -1, m, i, j;

		for (m = 0; m < nc * nc; m++) {
			int a, b, c, d, delta;

			i = m / nc;
			j = m % nc;
			if (j <= i + 1 || (i == 0 && j == nc - 1))
				continue;
			a = t[i];
			b = t[i + 1];
			c = t[j];
			d = t[j + 1 == nc ? 0 : j + 1];
			delta = dist[a * nc + c] + dist[b * nc + d] -
				dist[a * nc + b] - dist[c * nc + d];
			if (delta < bd) {
				bd = delta;
				bm = m;
			}
		}
		if (bd >= 0)
			break;
		i = bm / nc;
		j = bm % nc;
		for (k = 0; k < (j - i) / 2; k++) {
			int u = t[i + 1 + k];

			t[i + 1 + k] = t[j - k];
			t[j - k] = u;
		}
	}
	for (k = 0; k < nc; k++)
		len += dist[t[k] * nc + t[k + 1 == nc ? 0 : k + 1]];
	return len;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	int nc, ncl, i, j, best_len = 0x7fffffff, best_id = -1;
	int *cx, *cy, *dist, *tours, *len, *glen, *btour, gbest[2];
	CUdeviceptr d_cx, d_cy, d_tours, d_len, d_lock, d_best, d_btour;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	nc = a.paper ? C_PAPER : C_SMALL;
	ncl = a.paper ? CLIMBERS_PAPER : CLIMBERS_SMALL;
	r = bench_rng(&a, 0x545350);
	cx = kh_zalloc((size_t)nc * sizeof(int));
	cy = kh_zalloc((size_t)nc * sizeof(int));
	for (i = 0; i < nc; i++) {
		cx[i] = kh_range(&r, 0, 999);
		cy[i] = kh_range(&r, 0, 999);
	}
	tours = kh_zalloc((size_t)ncl * (size_t)nc * sizeof(int));
	for (i = 0; i < ncl; i++) {
		int *t = tours + (size_t)i * (size_t)nc;

		for (j = 0; j < nc; j++)
			t[j] = j;
		for (j = nc - 1; j > 0; j--) {  /* Fisher-Yates */
			int s = kh_range(&r, 0, j), u = t[j];

			t[j] = t[s];
			t[s] = u;
		}
	}
	d_cx = kh_alloc((size_t)nc * sizeof(int), cx);
	d_cy = kh_alloc((size_t)nc * sizeof(int), cy);
	d_tours = kh_alloc((size_t)ncl * (size_t)nc * sizeof(int), tours);
	d_len = kh_alloc((size_t)ncl * sizeof(int), NULL);
	d_lock = kh_alloc(sizeof(int), NULL);
	CK(cuMemsetD32(d_lock, 0, 1));
	gbest[0] = 0x7fffffff;
	gbest[1] = -1;
	d_best = kh_alloc(sizeof(gbest), gbest);
	d_btour = kh_alloc((size_t)nc * sizeof(int), NULL);
	CK(cuMemsetD32(d_btour, 0xffffffffu, (size_t)nc));
	{
		void *p[] = {&d_cx, &d_cy, &nc, &d_tours, &ncl, &d_len,
			     &d_lock, &d_best, &d_btour};

		kh_launch(&k, "tsp_climb", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	glen = kh_zalloc((size_t)ncl * sizeof(int));
	btour = kh_zalloc((size_t)nc * sizeof(int));
	CK(cuMemcpyDtoH(glen, d_len, (size_t)ncl * sizeof(int)));
	CK(cuMemcpyDtoH(gbest, d_best, sizeof(gbest)));
	CK(cuMemcpyDtoH(btour, d_btour, (size_t)nc * sizeof(int)));
	/* CPU: the same distances and every climb. */
	dist = kh_zalloc((size_t)nc * (size_t)nc * sizeof(int));
	for (i = 0; i < nc; i++)
		for (j = 0; j < nc; j++) {
			int dx = cx[i] - cx[j], dy = cy[i] - cy[j];

			dist[i * nc + j] =
				(int)(sqrtf((float)(dx * dx + dy * dy)) + 0.5f);
		}
	len = kh_zalloc((size_t)ncl * sizeof(int));
	for (i = 0; i < ncl; i++) {
		len[i] = ref_climb(dist, nc, tours + (size_t)i * (size_t)nc);
		if (glen[i] != len[i])
			kh_fail("climber %d: length %d, expected %d", i,
				glen[i], len[i]);
		if (len[i] < best_len) {
			best_len = len[i];
			best_id = i;
		}
	}
	if (gbest[0] != best_len || gbest[1] != best_id)
		kh_fail("global best %d by climber %d, expected %d by %d",
			gbest[0], gbest[1], best_len, best_id);
	for (j = 0; j < nc; j++)
		if (btour[j] != tours[(size_t)best_id * (size_t)nc + j])
			kh_fail("best tour differs at position %d: %d, "
				"expected %d", j, btour[j],
				tours[(size_t)best_id * (size_t)nc + j]);
	h = kh_fnv(KH_FNV_INIT, glen, (size_t)ncl * sizeof(int));
	h = kh_fnv(h, btour, (size_t)nc * sizeof(int));
	CK(cuMemFree(d_cx));
	CK(cuMemFree(d_cy));
	CK(cuMemFree(d_tours));
	CK(cuMemFree(d_len));
	CK(cuMemFree(d_lock));
	CK(cuMemFree(d_best));
	CK(cuMemFree(d_btour));
	kh_close(&k);
	bench_pass(&a, "cities=%d climbers=%d best=%d by=%d crc=%016llx", nc,
		   ncl, best_len, best_id, (unsigned long long)h);
	free(cx);
	free(cy);
	free(tours);
	free(dist);
	free(len);
	free(glen);
	free(btour);
	return 0;
}
