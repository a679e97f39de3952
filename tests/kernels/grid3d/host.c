/*
 * host.c - 3D grid/block test: three launches of one kernel with 3D grids
 * and 3D blocks (24, 80 and 128 threads per block, so partial warps too).
 * Every thread's 8 output words (thread, block, dims, linear ids, %laneid,
 * threads per block) are checked against the launch geometry and the
 * device's warp size; a sentinel fill catches threads that never ran.
 */
#define KH_NAME "grid3d"
#include "../khost.h"

struct shape {
	unsigned g[3]; /* grid extent x, y, z */
	unsigned b[3]; /* block extent x, y, z */
};

static const struct shape shapes[] = {
	{{3, 2, 2}, {4, 3, 2}},
	{{2, 3, 4}, {8, 2, 5}},
	{{1, 1, 5}, {2, 1, 64}},
};

/* Check one thread's 8 words; FAILs on a mismatch. */
static void check_thread(const struct shape *s, const unsigned *o,
			 unsigned x, unsigned y, unsigned z, unsigned bx,
			 unsigned by, unsigned bz, unsigned ws)
{
	unsigned tlin = (z * s->b[1] + y) * s->b[0] + x;
	unsigned block = (bz * s->g[1] + by) * s->g[0] + bx;
	unsigned e[8], j;

	e[0] = x | y << 10 | z << 20;
	e[1] = bx | by << 10 | bz << 20;
	e[2] = s->b[0] | s->b[1] << 10 | s->b[2] << 20;
	e[3] = s->g[0] | s->g[1] << 10 | s->g[2] << 20;
	e[4] = tlin;
	e[5] = block;
	e[6] = tlin % ws;
	e[7] = 0xc0de0000u | (s->b[0] * s->b[1] * s->b[2]);
	for (j = 0; j < 8; j++)
		if (o[j] != e[j])
			kh_fail("grid (%u,%u,%u) block (%u,%u,%u): thread "
				"(%u,%u,%u) of block (%u,%u,%u) word %u = %08x, "
				"expected %08x", s->g[0], s->g[1], s->g[2],
				s->b[0], s->b[1], s->b[2], x, y, z, bx, by,
				bz, j, o[j], e[j]);
}

/* Launch one shape and check every thread; returns the output checksum. */
static uint64_t run_shape(struct kh_ctx *k, const struct shape *s,
			  uint64_t h)
{
	unsigned nthr = s->b[0] * s->b[1] * s->b[2];
	unsigned nblk = s->g[0] * s->g[1] * s->g[2];
	size_t bytes = (size_t)8 * nthr * nblk * sizeof(unsigned);
	unsigned *out = kh_zalloc(bytes);
	unsigned blk, t;
	CUdeviceptr d_out;
	void *p[] = {&d_out};

	memset(out, 0xaa, bytes); /* sentinel: no thread writes 0xaaaaaaaa */
	d_out = kh_alloc(bytes, out);
	kh_launch(k, "ids3d", s->g[0], s->g[1], s->g[2], s->b[0], s->b[1],
		  s->b[2], 0, p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(out, d_out, bytes));
	for (blk = 0; blk < nblk; blk++)
		for (t = 0; t < nthr; t++)
			check_thread(s, out + 8 * (blk * nthr + t),
				     t % s->b[0], t / s->b[0] % s->b[1],
				     t / (s->b[0] * s->b[1]), blk % s->g[0],
				     blk / s->g[0] % s->g[1],
				     blk / (s->g[0] * s->g[1]),
				     (unsigned)k->warp_size);
	h = kh_fnv(h, out, bytes);
	CK(cuMemFree(d_out));
	free(out);
	return h;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	uint64_t h = KH_FNV_INIT;
	unsigned i;

	kh_open(&k, argc, argv);
	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
		h = run_shape(&k, &shapes[i], h);
	kh_close(&k);
	printf("PASS grid3d shapes=%u crc=%016llx\n",
	       (unsigned)(sizeof(shapes) / sizeof(shapes[0])),
	       (unsigned long long)h);
	return 0;
}
