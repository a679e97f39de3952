/*
 * bhtree.h - host side shared by the Barnes-Hut workloads bhtb and bhst:
 * the lattice body generator and the serial octree the CPU references
 * build (cells numbered downwards from the root), with the same insertion
 * rules as the kernels.  Include after bench.h.
 */
#ifndef WS_BENCH_COMMON_BHTREE_H
#define WS_BENCH_COMMON_BHTREE_H

struct tree {
	int n;        /* bodies; body indices 0..n-1 */
	int root;     /* root cell index (n + cells - 1) */
	int bottom;   /* lowest allocated cell */
	int *child;   /* 8 slots per cell, cell c at (c - n) * 8 */
};

static inline int ref_octant(float x, float y, float z, float cx, float cy,
		      float cz)
{
	return (x > cx ? 1 : 0) | (y > cy ? 2 : 0) | (z > cz ? 4 : 0);
}

static inline void ref_descend(int j, float *cx, float *cy, float *cz, float *r)
{
	*r *= 0.5f;
	*cx += (j & 1) ? *r : -*r;
	*cy += (j & 2) ? *r : -*r;
	*cz += (j & 4) ? *r : -*r;
}

/* Serial insertion, same rules as the kernel. */
static inline void ref_insert(struct tree *t, const float *x, const float *y,
		       const float *z, int i)
{
	int n = t->n, node = t->root, j, ch;
	float cx = 0.5f, cy = 0.5f, cz = 0.5f, r = 0.5f;

	for (;;) {
		j = ref_octant(x[i], y[i], z[i], cx, cy, cz);
		ch = t->child[(node - n) * 8 + j];
		if (ch < n)
			break;
		node = ch;
		ref_descend(j, &cx, &cy, &cz, &r);
	}
	while (ch >= 0) {  /* slot holds body ch: split */
		int cell = --t->bottom, base = (cell - n) * 8, k;

		if (cell < n)
			kh_fail("CPU tree: out of cells");
		for (k = 0; k < 8; k++)
			t->child[base + k] = -1;
		t->child[(node - n) * 8 + j] = cell;
		ref_descend(j, &cx, &cy, &cz, &r);
		node = cell;
		t->child[base + ref_octant(x[ch], y[ch], z[ch], cx, cy, cz)] =
			ch;
		j = ref_octant(x[i], y[i], z[i], cx, cy, cz);
		ch = t->child[base + j];
	}
	t->child[(node - n) * 8 + j] = i;
}

/* n distinct lattice points in the unit cube. */
static inline void gen_bodies(struct kh_rng *r, int n, float *x, float *y,
		       float *z)
{
	unsigned cap = 1, mask, *set;
	int i;

	while (cap < 4u * (unsigned)n)
		cap <<= 1;
	mask = cap - 1;
	set = kh_zalloc(cap * sizeof(*set));
	for (i = 0; i < n;) {
		unsigned code = kh_rand(r) >> 2, h = (code * 2654435761u) & mask;

		while (set[h] && set[h] != code + 1)
			h = (h + 1) & mask;
		if (set[h])
			continue;  /* duplicate point: draw again */
		set[h] = code + 1;
		x[i] = ((float)(code & 1023) + 0.5f) / 1024.0f;
		y[i] = ((float)((code >> 10) & 1023) + 0.5f) / 1024.0f;
		z[i] = ((float)(code >> 20) + 0.5f) / 1024.0f;
		i++;
	}
	free(set);
}

#endif
