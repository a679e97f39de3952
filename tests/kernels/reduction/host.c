/*
 * host.c - reduction test: shared-memory tree reductions (u32 and f32)
 * with __syncthreads, 16 blocks of 256 threads over 8000 elements (the
 * last block is partial).  The CPU reference replays the kernel's exact
 * pairing order, so the f32 block sums must match bit for bit.
 */
#define KH_NAME "reduction"
#include "../khost.h"

#define N 8000u
#define BLOCK 256u
#define GRID ((N + 2 * BLOCK - 1) / (2 * BLOCK))

/* The kernel's tree for one block, on u32 values. */
static unsigned ref_block_u32(const unsigned *in, unsigned b)
{
	unsigned s[BLOCK];
	unsigned t, h;

	for (t = 0; t < BLOCK; t++) {
		unsigned i = b * 2 * BLOCK + t;
		unsigned v = 0;

		if (i < N)
			v = in[i];
		if (i + BLOCK < N)
			v += in[i + BLOCK];
		s[t] = v;
	}
	for (h = BLOCK / 2; h > 0; h >>= 1)
		for (t = 0; t < h; t++)
			s[t] += s[t + h];
	return s[0];
}

/* The kernel's tree for one block, on f32 values (same order). */
static float ref_block_f32(const float *in, unsigned b)
{
	float s[BLOCK];
	unsigned t, h;

	for (t = 0; t < BLOCK; t++) {
		unsigned i = b * 2 * BLOCK + t;
		float v = 0.0f;

		if (i < N)
			v = in[i];
		if (i + BLOCK < N)
			v += in[i + BLOCK];
		s[t] = v;
	}
	for (h = BLOCK / 2; h > 0; h >>= 1)
		for (t = 0; t < h; t++)
			s[t] += s[t + h];
	return s[0];
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {12345};
	unsigned *iu = kh_zalloc(N * sizeof(*iu));
	float *ifl = kh_zalloc(N * sizeof(*ifl));
	unsigned ou[GRID], total = 0;
	float of[GRID];
	CUdeviceptr d_iu, d_if, d_ou, d_of;
	unsigned n = N, b;
	uint64_t h;

	for (b = 0; b < N; b++) {
		iu[b] = kh_rand(&r);
		ifl[b] = kh_unif(&r, -100.0f, 100.0f);
	}
	kh_open(&k, argc, argv);
	d_iu = kh_alloc(N * sizeof(*iu), iu);
	d_if = kh_alloc(N * sizeof(*ifl), ifl);
	d_ou = kh_alloc(sizeof(ou), NULL);
	d_of = kh_alloc(sizeof(of), NULL);
	{
		void *pu[] = {&d_iu, &d_ou, &n};
		void *pf[] = {&d_if, &d_of, &n};

		kh_launch(&k, "reduce_u32", GRID, 1, 1, BLOCK, 1, 1,
			  0, pu);
		kh_launch(&k, "reduce_f32", GRID, 1, 1, BLOCK, 1, 1,
			  0, pf);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(ou, d_ou, sizeof(ou)));
	CK(cuMemcpyDtoH(of, d_of, sizeof(of)));
	for (b = 0; b < GRID; b++) {
		unsigned eu = ref_block_u32(iu, b);
		float ef = ref_block_f32(ifl, b);

		if (ou[b] != eu)
			kh_fail("u32 block %u: got %u, expected %u", b, ou[b],
				eu);
		if (memcmp(&of[b], &ef, sizeof(ef)) != 0)
			kh_fail("f32 block %u: got %.9g, expected %.9g", b,
				(double)of[b], (double)ef);
		total += eu;
	}
	h = kh_fnv(KH_FNV_INIT, ou, sizeof(ou));
	h = kh_fnv(h, of, sizeof(of));
	CK(cuMemFree(d_iu));
	CK(cuMemFree(d_if));
	CK(cuMemFree(d_ou));
	CK(cuMemFree(d_of));
	kh_close(&k);
	printf("PASS reduction blocks=%u sum=%u crc=%016llx\n", GRID, total,
	       (unsigned long long)h);
	free(iu);
	free(ifl);
	return 0;
}
