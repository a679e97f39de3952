/*
 * host.c - function pointers and virtual functions (issue 18): `apply`
 * calls through a pointer table initialised in PTX, a per-lane pointer
 * chosen in registers and a pointer held in a __device__ variable;
 * `shapes` makes virtual calls through vtables (area, sides) on three
 * classes.  Neighbouring lanes pick different targets, so the indirect
 * calls diverge.  Everything against CPU references.
 */
#define KH_NAME "funcptr"
#include "../khost.h"

#define N 777u
#define BLOCK 128u

static int ref_op(int sel, int a, int b)
{
	switch (sel & 3) {
	case 0: return a + b;
	case 1: return a * b;
	case 2: return a - b;
	default: return a > b ? a : b;
	}
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {8086};
	static int a[N], b[N], sel[N], out[3 * N], kind[N], sides[N];
	static float v[N], area[N];
	int n = (int)N;
	unsigned i;
	CUdeviceptr da, db, ds, dout, dv, dk, darea, dsides;
	void *p[] = {&da, &db, &ds, &dout, &n};
	void *q[] = {&dv, &dk, &darea, &dsides, &n};

	kh_ptx_needs(argv[1], ".callprototype");
	kh_ptx_needs(argv[1], ".u64 table[4] = {");
	for (i = 0; i < N; i++) {
		a[i] = kh_range(&r, -1000, 1000);
		b[i] = kh_range(&r, -1000, 1000);
		sel[i] = (int)(kh_rand(&r) % 4);
		v[i] = (float)kh_range(&r, 1, 64) * 0.25f;
		kind[i] = (int)(kh_rand(&r) % 3);
	}
	kh_open(&k, argc, argv);
	da = kh_alloc(sizeof(a), a);
	db = kh_alloc(sizeof(b), b);
	ds = kh_alloc(sizeof(sel), sel);
	dout = kh_alloc(sizeof(out), NULL);
	kh_launch(&k, "apply", (N + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, dout, sizeof(out)));
	for (i = 0; i < N; i++) {
		int e0 = ref_op(sel[i], a[i], b[i]);
		int e1 = (i & 1) ? a[i] + 7 : a[i] - 7;
		int e2 = a[i] * 3;
		if (out[3 * i] != e0 || out[3 * i + 1] != e1 ||
		    out[3 * i + 2] != e2)
			kh_fail("apply thread %u: got %d %d %d, expected %d %d "
				"%d", i, out[3 * i], out[3 * i + 1],
				out[3 * i + 2], e0, e1, e2);
	}
	dv = kh_alloc(sizeof(v), v);
	dk = kh_alloc(sizeof(kind), kind);
	darea = kh_alloc(sizeof(area), NULL);
	dsides = kh_alloc(sizeof(sides), NULL);
	kh_launch(&k, "shapes", (N + BLOCK - 1) / BLOCK, 1, 1, BLOCK, 1, 1, 0,
		  q);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(area, darea, sizeof(area)));
	CK(cuMemcpyDtoH(sides, dsides, sizeof(sides)));
	for (i = 0; i < N; i++) {
		float x = v[i];
		float ea = kind[i] == 0 ? x * x
			   : kind[i] == 1 ? 0.5f * x * 2.0f : 3.0f * x * x;
		int es = kind[i] == 0 ? 4 : kind[i] == 1 ? 3 : 0;
		if (area[i] != ea || sides[i] != es)
			kh_fail("shapes thread %u (kind %d): area %g sides %d, "
				"expected %g %d", i, kind[i], (double)area[i],
				sides[i], (double)ea, es);
	}
	kh_close(&k);
	printf("PASS funcptr crc=%016llx\n",
	       (unsigned long long)kh_fnv(KH_FNV_INIT, out, sizeof(out)));
	return 0;
}
