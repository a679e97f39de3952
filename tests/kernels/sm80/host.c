/*
 * host.c - sm_80/sm_90 forms from real nvcc output (sm80.cu compiled for
 * sm_80 and sm_90; argv[1] names the PTX): redux.sync and shfl-based block
 * reductions (the second stage reads idle lanes, which must give 0),
 * cp.async tiles with zero fill, a cuda::barrier/memcpy_async tile through
 * an mbarrier, and 12 SIMD video intrinsics per thread, each against a CPU
 * reference written from the CUDA Math API definitions.
 */
#define KH_NAME "sm80"
#include "../khost.h"

#define BLOCK 256u
#define GRID 12u
#define N (BLOCK * GRID)
#define NRED 10000u

/* Byte or halfword element i of v (bits wide), signed or not. */
static int32_t elem(uint32_t v, unsigned i, unsigned bits, int sgn)
{
	uint32_t e = (v >> (i * bits)) & ((1u << bits) - 1u);
	if (sgn && (e >> (bits - 1)))
		return (int32_t)e - (int32_t)(1u << bits);
	return (int32_t)e;
}

/* Pack n = 32/bits element results (truncated) into a word. */
static uint32_t pack(const int32_t *r, unsigned bits)
{
	uint32_t v = 0;
	for (unsigned i = 0; i < 32 / bits; i++)
		v |= ((uint32_t)r[i] & ((1u << bits) - 1u)) << (i * bits);
	return v;
}

/* The 12 video results of sm80.cu for one (x, y). */
static void video_ref(uint32_t x, uint32_t y, uint32_t *o)
{
	int32_t r[4];
	unsigned i;
	int32_t sad = 0;

	for (i = 0; i < 4; i++) /* __vabsdiffu4 */
		r[i] = abs(elem(x, i, 8, 0) - elem(y, i, 8, 0));
	o[0] = pack(r, 8);
	for (i = 0; i < 4; i++) /* __vadd4 */
		r[i] = elem(x, i, 8, 0) + elem(y, i, 8, 0);
	o[1] = pack(r, 8);
	for (i = 0; i < 2; i++) /* __vsub2 */
		r[i] = elem(x, i, 16, 0) - elem(y, i, 16, 0);
	o[2] = pack(r, 16);
	for (i = 0; i < 4; i++) { /* __vmaxu4 */
		int32_t p = elem(x, i, 8, 0), q = elem(y, i, 8, 0);
		r[i] = p > q ? p : q;
	}
	o[3] = pack(r, 8);
	for (i = 0; i < 2; i++) /* __vabsdiffs2 */
		r[i] = abs(elem(x, i, 16, 1) - elem(y, i, 16, 1));
	o[4] = pack(r, 16);
	for (i = 0; i < 4; i++) /* __vabsdiffs4 */
		r[i] = abs(elem(x, i, 8, 1) - elem(y, i, 8, 1));
	o[5] = pack(r, 8);
	for (i = 0; i < 2; i++) { /* __vminu2 */
		int32_t p = elem(x, i, 16, 0), q = elem(y, i, 16, 0);
		r[i] = p < q ? p : q;
	}
	o[6] = pack(r, 16);
	for (i = 0; i < 4; i++) /* __vsadu4 */
		sad += abs(elem(x, i, 8, 0) - elem(y, i, 8, 0));
	o[7] = (uint32_t)sad;
	for (i = 0; i < 4; i++) { /* __vaddss4: signed saturating */
		int32_t s = elem(x, i, 8, 1) + elem(y, i, 8, 1);
		r[i] = s > 127 ? 127 : s < -128 ? -128 : s;
	}
	o[8] = pack(r, 8);
	for (i = 0; i < 4; i++) /* __vavgu4: rounded up */
		r[i] = (elem(x, i, 8, 0) + elem(y, i, 8, 0) + 1) >> 1;
	o[9] = pack(r, 8);
	for (i = 0; i < 2; i++) { /* __vmins2 */
		int32_t p = elem(x, i, 16, 1), q = elem(y, i, 16, 1);
		r[i] = p < q ? p : q;
	}
	o[10] = pack(r, 16);
	for (i = 0; i < 2; i++) /* __vabsdiffu2 */
		r[i] = abs(elem(x, i, 16, 0) - elem(y, i, 16, 0));
	o[11] = pack(r, 16);
}

static void check_reduce(struct kh_ctx *k, struct kh_rng *r)
{
	static int iin[NRED], iout[GRID];
	static float fin[NRED], fout[GRID];
	unsigned n = NRED, i, b;
	CUdeviceptr di, dout;
	void *p[] = {&di, &dout, &n};

	for (i = 0; i < n; i++) {
		iin[i] = kh_range(r, -1000, 1000);
		fin[i] = (float)kh_range(r, -64, 64); /* sums stay exact */
	}
	di = kh_alloc(sizeof(iin), iin);
	dout = kh_alloc(sizeof(iout), NULL);
	kh_launch(k, "reduce_int", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(iout, dout, sizeof(iout)));
	CK(cuMemFree(di));
	di = kh_alloc(sizeof(fin), fin);
	kh_launch(k, "reduce_float", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(fout, dout, sizeof(fout)));
	for (b = 0; b < GRID; b++) {
		int is = 0;
		float fs = 0.0f;
		for (unsigned t = 0; t < BLOCK; t++)
			for (i = b * BLOCK + t; i < n; i += BLOCK * GRID) {
				is += iin[i];
				fs += fin[i];
			}
		if (iout[b] != is)
			kh_fail("reduce_int block %u: got %d, expected %d", b,
				iout[b], is);
		if (fout[b] != fs)
			kh_fail("reduce_float block %u: got %g, expected %g "
				"(idle lanes must shuffle in 0)", b,
				(double)fout[b], (double)fs);
	}
	CK(cuMemFree(di));
	CK(cuMemFree(dout));
}

static void check_tiles(struct kh_ctx *k, struct kh_rng *r)
{
	static float in[4 * N], out[4 * N];
	static int in2[2 * N], out2[2 * N], iin[N], iout[N];
	unsigned i, b, t;
	CUdeviceptr d_in, d_out, d_in2, d_out2;
	void *p[] = {&d_in, &d_out, &d_in2, &d_out2};
	void *q[] = {&d_in2, &d_out2};

	for (i = 0; i < 4 * N; i++)
		in[i] = kh_unif(r, -10.0f, 10.0f);
	for (i = 0; i < 2 * N; i++)
		in2[i] = (int)kh_rand(r);
	d_in = kh_alloc(sizeof(in), in);
	d_out = kh_alloc(sizeof(out), NULL);
	d_in2 = kh_alloc(sizeof(in2), in2);
	d_out2 = kh_alloc(sizeof(out2), NULL);
	kh_launch(k, "tile_cpasync", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, sizeof(out)));
	CK(cuMemcpyDtoH(out2, d_out2, sizeof(out2)));
	for (b = 0; b < GRID; b++)
		for (t = 0; t < BLOCK; t++) {
			unsigned g = b * BLOCK + t, s = b * BLOCK + BLOCK - 1 - t;
			float e[4] = {in[4 * s + 3], in[4 * s + 2], in[4 * s + 1],
				      in[4 * s] * 2.0f};
			if (memcmp(&out[4 * g], e, sizeof(e)))
				kh_fail("tile_cpasync thread %u: float4 "
					"differs", g);
			if (out2[2 * g] != in2[2 * s] || out2[2 * g + 1] != 0)
				kh_fail("tile_cpasync thread %u: int2 %d %d, "
					"expected %d 0 (zero fill)", g,
					out2[2 * g], out2[2 * g + 1], in2[2 * s]);
		}
	for (i = 0; i < N; i++)
		iin[i] = kh_range(r, -100000, 100000);
	CK(cuMemcpyHtoD(d_in2, iin, sizeof(iin)));
	kh_launch(k, "tile_barrier", GRID, 1, 1, BLOCK, 1, 1, 0, q);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(iout, d_out2, sizeof(iout)));
	for (b = 0; b < GRID; b++)
		for (t = 0; t < BLOCK; t++)
			if (iout[b * BLOCK + t] !=
			    iin[b * BLOCK + BLOCK - 1 - t] * 3)
				kh_fail("tile_barrier thread %u: got %d, "
					"expected %d", b * BLOCK + t,
					iout[b * BLOCK + t],
					iin[b * BLOCK + BLOCK - 1 - t] * 3);
	CK(cuMemFree(d_in));
	CK(cuMemFree(d_out));
	CK(cuMemFree(d_in2));
	CK(cuMemFree(d_out2));
}

static uint64_t check_video(struct kh_ctx *k, struct kh_rng *r)
{
	static uint32_t a[N], b[N], o[12 * N], e[12];
	unsigned i, j;
	CUdeviceptr da, db, dout;
	void *p[] = {&da, &db, &dout};

	for (i = 0; i < N; i++) {
		a[i] = kh_rand(r);
		b[i] = i % 7 ? kh_rand(r) : a[i] ^ 0x80808080u;
	}
	da = kh_alloc(sizeof(a), a);
	db = kh_alloc(sizeof(b), b);
	dout = kh_alloc(sizeof(o), NULL);
	kh_launch(k, "video", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(o, dout, sizeof(o)));
	for (i = 0; i < N; i++) {
		video_ref(a[i], b[i], e);
		for (j = 0; j < 12; j++)
			if (o[12 * i + j] != e[j])
				kh_fail("video thread %u result %u (a %08x b "
					"%08x): got %08x, expected %08x", i, j,
					a[i], b[i], o[12 * i + j], e[j]);
	}
	CK(cuMemFree(da));
	CK(cuMemFree(db));
	CK(cuMemFree(dout));
	return kh_fnv(KH_FNV_INIT, o, sizeof(o));
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct kh_rng r = {1806};
	uint64_t h;

	kh_open(&k, argc, argv);
	kh_ptx_needs(argv[1], "redux.sync.add.s32");
	kh_ptx_needs(argv[1], "cp.async.commit_group");
	kh_ptx_needs(argv[1], "mbarrier.init.shared.b64");
	kh_ptx_needs(argv[1], "vabsdiff4");
	check_reduce(&k, &r);
	check_tiles(&k, &r);
	h = check_video(&k, &r);
	kh_close(&k);
	printf("PASS sm80 crc=%016llx\n", (unsigned long long)h);
	return 0;
}
