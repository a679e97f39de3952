/*
 * host.c - device-function test: __noinline__ functions taking and
 * returning structs (3 floats, int pairs) by value, nested calls and calls
 * under divergence, over 1000 threads (16 blocks of 64).  Float inputs are
 * small integers, so results are exact whether or not nvcc contracts the
 * multiply-adds into fma; integer division covers negative operands.
 */
#define KH_NAME "devfunc"
#include "../khost.h"

#define N 1000
#define BLOCK 64
#define GRID ((N + BLOCK - 1) / BLOCK)

struct vec3 {
	float x, y, z; /* components */
};

static struct vec3 v_cross(struct vec3 a, struct vec3 b)
{
	struct vec3 r;

	r.x = a.y * b.z - a.z * b.y;
	r.y = a.z * b.x - a.x * b.z;
	r.z = a.x * b.y - a.y * b.x;
	return r;
}

static struct vec3 v_madd(struct vec3 a, float s, struct vec3 b)
{
	struct vec3 r;

	r.x = a.x * s + b.x;
	r.y = a.y * s + b.y;
	r.z = a.z * s + b.z;
	return r;
}

/* The kernel's per-thread vector result. */
static struct vec3 ref_vec(const float *v, int i)
{
	struct vec3 a = {v[9 * i + 0], v[9 * i + 1], v[9 * i + 2]};
	struct vec3 b = {v[9 * i + 3], v[9 * i + 4], v[9 * i + 5]};
	struct vec3 c = {v[9 * i + 6], v[9 * i + 7], v[9 * i + 8]};

	if (i % 3 == 0)
		return v_madd(v_cross(a, c), 2.0f,
			      v_cross(v_cross(a, b), c));
	if (i % 3 == 1)
		return v_cross(b, c);
	return v_madd(a, -3.0f, c);
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {2024};
	static float v[9 * N], vout[3 * N];
	static int iv[2 * N], iout[2 * N];
	int n = N, i, j;
	CUdeviceptr d_v, d_iv, d_vout, d_iout;
	void *p[] = {&d_v, &d_iv, &d_vout, &d_iout, &n};
	uint64_t h;

	for (i = 0; i < 9 * N; i++)
		v[i] = (float)kh_range(&r, -8, 8);
	for (i = 0; i < N; i++) {
		iv[2 * i] = kh_range(&r, -1000, 1000);
		do
			iv[2 * i + 1] = kh_range(&r, -13, 13);
		while (iv[2 * i + 1] == 0);
	}
	kh_open(&k, argc, argv);
	kh_ptx_needs(argv[1], ".func  (.param .align 4 .b8 func_retval0[12])");
	kh_ptx_needs(argv[1], "call.uni");
	d_v = kh_alloc(sizeof(v), v);
	d_iv = kh_alloc(sizeof(iv), iv);
	d_vout = kh_alloc(sizeof(vout), NULL);
	d_iout = kh_alloc(sizeof(iout), NULL);
	kh_launch(&k, "struct_calls", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(vout, d_vout, sizeof(vout)));
	CK(cuMemcpyDtoH(iout, d_iout, sizeof(iout)));
	for (i = 0; i < N; i++) {
		struct vec3 e = ref_vec(v, i);
		float ev[3] = {e.x, e.y, e.z};
		int qa = iv[2 * i] / iv[2 * i + 1];
		int qb = iv[2 * i] % iv[2 * i + 1];

		for (j = 0; j < 3; j++)
			if (vout[3 * i + j] != ev[j])
				kh_fail("vout[%d].%c = %g, expected %g", i,
					"xyz"[j], (double)vout[3 * i + j],
					(double)ev[j]);
		if (qa & 1) {
			int lo = qa < qb ? qa : qb, hi = qa < qb ? qb : qa;

			qa = lo;
			qb = hi;
		}
		if (iout[2 * i] != qa || iout[2 * i + 1] != qb)
			kh_fail("pair %d (%d, %d): got (%d, %d), expected "
				"(%d, %d)", i, iv[2 * i], iv[2 * i + 1],
				iout[2 * i], iout[2 * i + 1], qa, qb);
	}
	CK(cuMemFree(d_v));
	CK(cuMemFree(d_iv));
	CK(cuMemFree(d_vout));
	CK(cuMemFree(d_iout));
	kh_close(&k);
	h = kh_fnv(KH_FNV_INIT, vout, sizeof(vout));
	h = kh_fnv(h, iout, sizeof(iout));
	printf("PASS devfunc n=%d crc=%016llx\n", N, (unsigned long long)h);
	return 0;
}
