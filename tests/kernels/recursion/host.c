/*
 * host.c - recursion test (issue 18): 1000 threads compute factorials,
 * walk random binary search trees from their own roots (depth-weighted
 * sums), doubly recursive Fibonacci numbers and mutual-recursion parities,
 * all against recursive CPU references; then a kernel recursing deeper
 * than the call-depth limit must fail the launch with
 * CUDA_ERROR_LAUNCH_FAILED (not crash or hang).
 */
#define KH_NAME "recursion"
#include "../khost.h"

#define N 1000u
#define BLOCK 128u
#define NODES 600

struct node {
	int val;   /* key, also the summed value */
	int left;  /* child index or -1 */
	int right; /* child index or -1 */
};

static unsigned long long fact(unsigned n)
{
	return n <= 1 ? 1ull : n * fact(n - 1);
}

static int tree_sum(const struct node *t, int i, int depth)
{
	if (i < 0)
		return 0;
	return t[i].val * depth + tree_sum(t, t[i].left, depth + 1) +
	       tree_sum(t, t[i].right, depth + 1);
}

static int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {424242};
	static struct node t[NODES];
	static int roots[N], ts[N], fb[N], par[N];
	static unsigned long long f[N];
	unsigned n = N, i;
	int depth = 5000, j;
	CUdeviceptr dt, dr, df, dts, dfb, dpar;
	void *p[] = {&dt, &dr, &df, &dts, &dfb, &dpar, &n};
	void *q[] = {&dts, &depth};

	kh_ptx_needs(argv[1], "call.uni");
	/* nodes 0..NODES-1 inserted in order into one BST rooted at 0 */
	for (j = 0; j < NODES; j++) {
		t[j].val = kh_range(&r, 1, 100000);
		t[j].left = t[j].right = -1;
		for (int c = 0; j > 0;) {
			int *nx = t[j].val < t[c].val ? &t[c].left : &t[c].right;
			if (*nx < 0) {
				*nx = j;
				break;
			}
			c = *nx;
		}
	}
	for (i = 0; i < N; i++)
		roots[i] = i % 50 == 7 ? -1 : kh_range(&r, 0, NODES - 1);
	kh_open(&k, argc, argv);
	dt = kh_alloc(sizeof(t), t);
	dr = kh_alloc(sizeof(roots), roots);
	df = kh_alloc(sizeof(f), NULL);
	dts = kh_alloc(sizeof(ts), NULL);
	dfb = kh_alloc(sizeof(fb), NULL);
	dpar = kh_alloc(sizeof(par), NULL);
	kh_launch(&k, "recurse", (N + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0,
		  p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(f, df, sizeof(f)));
	CK(cuMemcpyDtoH(ts, dts, sizeof(ts)));
	CK(cuMemcpyDtoH(fb, dfb, sizeof(fb)));
	CK(cuMemcpyDtoH(par, dpar, sizeof(par)));
	for (i = 0; i < N; i++) {
		if (f[i] != fact(i % 21))
			kh_fail("thread %u: fact(%u) = %llu, expected %llu", i,
				i % 21, f[i], fact(i % 21));
		if (ts[i] != tree_sum(t, roots[i], 1))
			kh_fail("thread %u: tree walk from %d gave %d, expected "
				"%d", i, roots[i], ts[i],
				tree_sum(t, roots[i], 1));
		if (fb[i] != fib((int)(i % 14)))
			kh_fail("thread %u: fib(%u) = %d, expected %d", i,
				i % 14, fb[i], fib((int)(i % 14)));
		if (par[i] != ((i % 37) % 2 == 0))
			kh_fail("thread %u: is_even(%u) = %d", i, i % 37,
				par[i]);
	}
	/* deeper than the limit: a clean launch failure, sticky as on a GPU */
	kh_launch(&k, "too_deep", 1, 1, 1, 32, 1, 1, 0, q);
	CUresult st = cuCtxSynchronize();
	if (st != CUDA_ERROR_LAUNCH_FAILED)
		kh_fail("too_deep: cuCtxSynchronize returned %s, expected "
			"CUDA_ERROR_LAUNCH_FAILED", kh_err_name(st));
	printf("PASS recursion crc=%016llx\n",
	       (unsigned long long)kh_fnv(kh_fnv(KH_FNV_INIT, ts, sizeof(ts)),
					  f, sizeof(f)));
	return 0;
}
