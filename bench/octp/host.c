/*
 * host.c - octp workload (Cederman & Tsigas octree partitioning
 * structure): NPART clustered particles in the unit cube are partitioned
 * into an octree whose leaves hold at most MAXLEAF particles (or sit at
 * MAXDEPTH) by persistent blocks of 256 threads (the BAWS paper's 8 warps
 * per block, 4 blocks per SM: 10 KB of shared memory per block) taking
 * tasks from a global queue.  All blocks must be resident, so the grid is
 * SMs x min(4, what the device holds).  The tree's shape does not depend
 * on the interleaving of warps (only the order of particles inside a leaf
 * does), so the checks are: the leaves tile [0, NPART) exactly; each leaf
 * equals the CPU-built tree's leaf at that position (start, count, level,
 * cube); every particle lies inside its leaf's cube; every particle id
 * appears exactly once with its original coordinates.
 */
#define BENCH_NAME "octp"
#include "../common/bench.h"

#define BLOCK 256
#define PAPER_TBS_PER_SM 4

struct octp_task {
	int start;   /* first particle of the segment */
	int count;   /* particles in it */
	int level;   /* depth, root 0 */
	int buf;     /* buffer that holds the segment (0 or 1) */
	float cx;    /* cube centre */
	float cy;
	float cz;
	float half;  /* half the cube's edge */
};

struct f4 {
	float x, y, z;  /* position */
	int id;         /* original index (float4 .w bits) */
};

#define C_HEAD 0
#define C_TAIL 1
#define C_DONE 2
#define C_LEAVES 3
#define C_ERROR 4
#define NCTR 8

/* The CPU tree: leaves appended in segment order, inner nodes counted. */
struct ref_tree {
	struct octp_task *leaves;  /* leaves[0..n) in start order */
	int n;                     /* leaves */
	int inner;                 /* tasks (non-leaf nodes incl. root) */
	int maxleaf;               /* leaf size limit */
	int maxdepth;              /* depth limit */
};

static int octant(const struct f4 *p, const struct octp_task *t)
{
	return (p->x >= t->cx) | (p->y >= t->cy) << 1 | (p->z >= t->cz) << 2;
}

/* Split task t of particles p (stable counting sort into tmp). */
static void ref_split(struct ref_tree *rt, struct f4 *p, struct f4 *tmp,
		      const struct octp_task *t)
{
	int cnt[8] = {0}, off[8], sum = 0;
	float h = t->half * 0.5f;

	rt->inner++;
	for (int i = 0; i < t->count; i++)
		cnt[octant(&p[t->start + i], t)]++;
	for (int o = 0; o < 8; o++) {
		off[o] = sum;
		sum += cnt[o];
	}
	{
		int cur[8];

		memcpy(cur, off, sizeof(cur));
		for (int i = 0; i < t->count; i++) {
			const struct f4 *q = &p[t->start + i];

			tmp[t->start + cur[octant(q, t)]++] = *q;
		}
		memcpy(&p[t->start], &tmp[t->start],
		       (size_t)t->count * sizeof(*p));
	}
	for (int o = 0; o < 8; o++) {
		struct octp_task c;

		if (!cnt[o])
			continue;
		c.start = t->start + off[o];
		c.count = cnt[o];
		c.level = t->level + 1;
		c.buf = 0;
		c.cx = (o & 1) ? t->cx + h : t->cx - h;
		c.cy = (o & 2) ? t->cy + h : t->cy - h;
		c.cz = (o & 4) ? t->cz + h : t->cz - h;
		c.half = h;
		if (c.count <= rt->maxleaf || c.level >= rt->maxdepth)
			rt->leaves[rt->n++] = c;
		else
			ref_split(rt, p, tmp, &c);
	}
}

static int leaf_cmp(const void *x, const void *y)
{
	const struct octp_task *a = x, *b = y;

	return (a->start > b->start) - (a->start < b->start);
}

/* A coordinate near c (sum of three uniforms), kept inside [0, 1). */
static float clustered(struct kh_rng *r, float c, float w)
{
	float v = c + w * (kh_unif(r, -1.0f, 1.0f) + kh_unif(r, -1.0f, 1.0f) +
			   kh_unif(r, -1.0f, 1.0f));

	if (v < 0.0f)
		v = 0.0f;
	if (v > 0.99999994f)
		v = 0.99999994f;
	return v;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	bench_open(&k, &a, argc, argv);

	int n = a.paper ? 1 << 20 : 16384;
	int maxleaf = 64, maxdepth = 10;
	int qcap = (n / maxleaf + 1) * (maxdepth + 1);
	int lcap = 8 * qcap;
	struct f4 *in = kh_zalloc((size_t)n * sizeof(*in));
	struct f4 *out = kh_zalloc((size_t)n * sizeof(*in));
	struct f4 *rp = kh_zalloc((size_t)n * sizeof(*in));
	struct f4 *tmp = kh_zalloc((size_t)n * sizeof(*in));
	struct kh_rng r = bench_rng(&a, 1);
	float cc[8][4];

	for (int c = 0; c < 8; c++) {
		cc[c][0] = kh_unif(&r, 0.1f, 0.9f);
		cc[c][1] = kh_unif(&r, 0.1f, 0.9f);
		cc[c][2] = kh_unif(&r, 0.1f, 0.9f);
		cc[c][3] = kh_unif(&r, 0.02f, 0.12f);
	}
	for (int i = 0; i < n; i++) {
		const float *c = cc[kh_rand(&r) % 8];

		in[i].x = clustered(&r, c[0], c[3]);
		in[i].y = clustered(&r, c[1], c[3]);
		in[i].z = clustered(&r, c[2], c[3]);
		in[i].id = i;
	}

	/* Device state: root task in slot 0. */
	struct octp_task root = {0, n, 0, 0, 0.5f, 0.5f, 0.5f, 0.5f};
	unsigned ctr[NCTR] = {0};
	int one = 1;
	size_t pb = (size_t)n * sizeof(*in);
	CUdeviceptr d_b0 = kh_alloc(pb, in), d_b1 = kh_alloc(pb, NULL);
	CUdeviceptr d_out = kh_alloc(pb, NULL);
	CUdeviceptr d_tasks = kh_alloc((size_t)qcap * sizeof(root), NULL);
	CUdeviceptr d_ready = kh_alloc((size_t)qcap * sizeof(int), NULL);
	CUdeviceptr d_ctr = kh_alloc(sizeof(ctr), NULL);
	CUdeviceptr d_leaves = kh_alloc((size_t)lcap * sizeof(root), NULL);

	CK(cuMemsetD8(d_ready, 0, (size_t)qcap * sizeof(int)));
	CK(cuMemsetD8(d_out, 0xff, pb));
	CK(cuMemcpyHtoD(d_tasks, &root, sizeof(root)));
	CK(cuMemcpyHtoD(d_ready, &one, sizeof(one)));
	ctr[C_TAIL] = 1;
	if (n <= maxleaf)
		kh_fail("need more than %d particles", maxleaf);
	CK(cuMemcpyHtoD(d_ctr, ctr, sizeof(ctr)));

	unsigned grid = bench_resident_blocks(&k, "octp_build", BLOCK, PAPER_TBS_PER_SM);
	{
		void *p[] = {&d_b0, &d_b1, &d_out, &d_tasks, &d_ready, &d_ctr,
			     &d_leaves, &n, &qcap, &lcap, &maxleaf, &maxdepth};

		kh_launch(&k, "octp_build", grid, 1, 1, BLOCK, 1, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(ctr, d_ctr, sizeof(ctr)));
	if (ctr[C_ERROR])
		kh_fail("queue or leaf table overflow (code %u)",
			ctr[C_ERROR]);
	if (ctr[C_DONE] != (unsigned)n || ctr[C_HEAD] != ctr[C_TAIL] ||
	    ctr[C_LEAVES] > (unsigned)lcap)
		kh_fail("counters: done %u of %d, head %u tail %u leaves %u",
			ctr[C_DONE], n, ctr[C_HEAD], ctr[C_TAIL],
			ctr[C_LEAVES]);
	int nl = (int)ctr[C_LEAVES];
	struct octp_task *gl = kh_zalloc((size_t)nl * sizeof(*gl));
	CK(cuMemcpyDtoH(gl, d_leaves, (size_t)nl * sizeof(*gl)));
	CK(cuMemcpyDtoH(out, d_out, pb));
	qsort(gl, (size_t)nl, sizeof(*gl), leaf_cmp);

	/* CPU tree (same split rule; the leaf order by start is unique). */
	struct ref_tree rt = {kh_zalloc((size_t)lcap * sizeof(root)), 0, 0,
			      maxleaf, maxdepth};
	memcpy(rp, in, pb);
	ref_split(&rt, rp, tmp, &root);
	if (rt.n != nl || rt.inner != (int)ctr[C_TAIL])
		kh_fail("%d leaves and %u tasks, expected %d and %d", nl,
			ctr[C_TAIL], rt.n, rt.inner);

	unsigned char *seen = kh_zalloc((size_t)n);
	uint64_t h = KH_FNV_INIT;
	int next = 0, maxlev = 0;
	for (int l = 0; l < nl; l++) {
		const struct octp_task *g = &gl[l], *e = &rt.leaves[l];
		int64_t idsum = 0;

		if (g->start != next || g->count != e->count ||
		    g->start != e->start || g->level != e->level ||
		    g->cx != e->cx || g->cy != e->cy || g->cz != e->cz ||
		    g->half != e->half)
			kh_fail("leaf %d: start %d count %d level %d, expected "
				"start %d count %d level %d", l, g->start,
				g->count, g->level, e->start, e->count,
				e->level);
		if (g->count > maxleaf && g->level < maxdepth)
			kh_fail("leaf %d too large (%d)", l, g->count);
		for (int i = g->start; i < g->start + g->count; i++) {
			const struct f4 *p = &out[i];

			if (p->id < 0 || p->id >= n || seen[p->id])
				kh_fail("output slot %d: bad or repeated id %d",
					i, p->id);
			seen[p->id] = 1;
			if (memcmp(p, &in[p->id], sizeof(*p)))
				kh_fail("particle %d changed", p->id);
			if (p->x < g->cx - g->half || p->x >= g->cx + g->half ||
			    p->y < g->cy - g->half || p->y >= g->cy + g->half ||
			    p->z < g->cz - g->half || p->z >= g->cz + g->half)
				kh_fail("particle %d outside leaf %d", p->id, l);
			idsum += p->id;
		}
		next = g->start + g->count;
		maxlev = g->level > maxlev ? g->level : maxlev;
		h = kh_fnv(h, g, sizeof(*g));
		h = kh_fnv(h, &idsum, sizeof(idsum));
	}
	if (next != n)
		kh_fail("leaves cover %d of %d particles", next, n);

	CUdeviceptr all[] = {d_b0, d_b1, d_out, d_tasks, d_ready, d_ctr,
			     d_leaves};
	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		CK(cuMemFree(all[i]));
	kh_close(&k);
	free(in);
	free(out);
	free(rp);
	free(tmp);
	free(gl);
	free(rt.leaves);
	free(seen);
	bench_pass(&a, "particles=%d maxleaf=%d tasks=%u leaves=%d depth=%d "
		   "crc=%016llx", n, maxleaf, ctr[C_TAIL], nl, maxlev,
		   (unsigned long long)h);
	return 0;
}
