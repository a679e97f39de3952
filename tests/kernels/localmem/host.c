/*
 * host.c - local-memory test: 1000 threads (8 blocks of 128, some idle)
 * each insertion-sort 16 ints in a private array and walk a private
 * 32-entry table with data-dependent indices; both arrays live in the
 * kernel's __local_depot.  Results are compared exactly.
 */
#define KH_NAME "localmem"
#include "../khost.h"

#define N 1000
#define K 16
#define T 32
#define BLOCK 128
#define GRID ((N + BLOCK - 1) / BLOCK)

/* The kernel's per-thread work: sorted keys into o[0..K-1], walk into o[K]. */
static void ref_thread(const int *in, int i, int *o)
{
	int a[K], k, s;
	unsigned tab[T], p;

	for (k = 0; k < K; k++)
		a[k] = in[i * K + k];
	for (k = 1; k < K; k++) {
		int v = a[k], j = k - 1;

		while (j >= 0 && a[j] > v) {
			a[j + 1] = a[j];
			j--;
		}
		a[j + 1] = v;
	}
	for (k = 0; k < T; k++)
		tab[k] = (unsigned)a[k % K] * 2654435761u + (unsigned)k;
	p = (unsigned)i;
	for (s = 0; s < 24; s++) {
		p = tab[p % T] ^ (p >> 3);
		tab[(p >> 7) % T] += (unsigned)s;
	}
	for (k = 0; k < K; k++)
		o[k] = a[k];
	o[K] = (int)p;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {555};
	static int in[N * K], out[N * (K + 1)];
	int n = N, i, j, e[K + 1];
	CUdeviceptr d_in, d_out;
	void *p[] = {&d_in, &d_out, &n};

	for (i = 0; i < N * K; i++)
		in[i] = kh_range(&r, -500, 500);
	kh_open(&k, argc, argv);
	kh_ptx_needs(argv[1], "__local_depot");
	kh_ptx_needs(argv[1], "ld.local.");
	d_in = kh_alloc(sizeof(in), in);
	d_out = kh_alloc(sizeof(out), NULL);
	kh_launch(&k, "local_sort", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, sizeof(out)));
	for (i = 0; i < N; i++) {
		ref_thread(in, i, e);
		for (j = 0; j <= K; j++)
			if (out[i * (K + 1) + j] != e[j])
				kh_fail("thread %d word %d: got %d, expected "
					"%d", i, j, out[i * (K + 1) + j],
					e[j]);
	}
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_out));
	kh_close(&k);
	printf("PASS localmem n=%d crc=%016llx\n", N,
	       (unsigned long long)kh_fnv(KH_FNV_INIT, out, sizeof(out)));
	return 0;
}
