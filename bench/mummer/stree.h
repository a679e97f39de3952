/*
 * stree.h - host-side inputs shared by the mummer and mummerpp workloads:
 * a DNA-like reference (random stretches plus mutated copies of earlier
 * stretches, so the tree has deep repeats), a suffix tree over it built by
 * naive top-down insertion, with per-node parent, string depth, suffix
 * link, smallest leaf position and leaf count, and query reads sampled
 * from the reference with substitutions (a few are pure noise).
 *
 * Alphabet: 0..3 = A,C,G,T; the sentinel 4 ('$') ends the reference text
 * at position n, so every suffix ends at its own leaf.  Node 0 is the root
 * (edge length 0).  Everything is functions of the seeded generator.
 */
#ifndef WS_BENCH_MUMMER_STREE_H
#define WS_BENCH_MUMMER_STREE_H

#define ST_SIGMA 5        /* A, C, G, T and the sentinel */

struct stree {
	int n;            /* reference length (text has n + 1 symbols) */
	unsigned char *text; /* reference symbols, text[n] = 4 */
	int nnodes;       /* nodes in use, root = 0 */
	int *child;       /* ST_SIGMA child indices per node, -1 = none */
	int *estart;      /* text position where a node's incoming edge starts */
	int *elen;        /* length of a node's incoming edge (root: 0) */
	int *parent;      /* parent node (root: -1) */
	int *sdepth;      /* string depth at the node's lower end */
	int *slink;       /* suffix link of internal nodes (else -1) */
	int *minpos;      /* smallest suffix start among leaves below */
	int *nleaf;       /* number of leaves below (occurrence count) */
	int *leaf;        /* suffix start of a leaf, -1 for internal nodes */
};

struct st_queries {
	int nq;           /* number of queries */
	int total;        /* sum of query lengths */
	int *off;         /* start of each query in sym[] */
	int *len;         /* length of each query */
	unsigned char *sym; /* concatenated query symbols (0..3) */
};

/* Reference of n symbols: random stretches and mutated earlier copies. */
static inline void st_make_text(struct stree *t, int n, struct kh_rng *r)
{
	int pos = 0;

	t->n = n;
	t->text = kh_zalloc((size_t)n + 1);
	while (pos < n) {
		int seg = kh_range(r, 16, 160);
		int copy = pos > 256 && kh_range(r, 0, 2) == 0;
		int from = copy ? kh_range(r, 0, pos - seg > 0 ? pos - seg : 0)
				: 0;

		for (int j = 0; j < seg && pos < n; j++, pos++) {
			if (copy && kh_range(r, 0, 24) != 0)
				t->text[pos] = t->text[from + j];
			else
				t->text[pos] = (unsigned char)kh_range(r, 0, 3);
		}
	}
	t->text[n] = 4;
}

static inline int st_new_node(struct stree *t, int start, int len, int par)
{
	int v = t->nnodes++;

	for (int c = 0; c < ST_SIGMA; c++)
		t->child[v * ST_SIGMA + c] = -1;
	t->estart[v] = start;
	t->elen[v] = len;
	t->parent[v] = par;
	t->leaf[v] = -1;
	return v;
}

/* Follow text[pos .. pos+cnt) down from the root by edge lengths only;
 * the string must end exactly at a node, which is returned. */
static inline int st_skip_count(const struct stree *t, int pos, int cnt)
{
	int v = 0;

	while (cnt > 0) {
		int w = t->child[v * ST_SIGMA + t->text[pos]];

		if (w < 0 || t->elen[w] > cnt)
			kh_fail("suffix link target missing (pos %d)", pos);
		pos += t->elen[w];
		cnt -= t->elen[w];
		v = w;
	}
	return v;
}

/* Build the tree by inserting every suffix top-down, then the per-node
 * annotations (string depth, smallest leaf, leaf count, suffix links). */
static inline void st_build(struct stree *t)
{
	int cap = 2 * (t->n + 1) + 1;
	int *order, head, tail;

	t->nnodes = 0;
	t->child = kh_zalloc((size_t)cap * ST_SIGMA * sizeof(int));
	t->estart = kh_zalloc((size_t)cap * sizeof(int));
	t->elen = kh_zalloc((size_t)cap * sizeof(int));
	t->parent = kh_zalloc((size_t)cap * sizeof(int));
	t->sdepth = kh_zalloc((size_t)cap * sizeof(int));
	t->slink = kh_zalloc((size_t)cap * sizeof(int));
	t->minpos = kh_zalloc((size_t)cap * sizeof(int));
	t->nleaf = kh_zalloc((size_t)cap * sizeof(int));
	t->leaf = kh_zalloc((size_t)cap * sizeof(int));
	st_new_node(t, 0, 0, -1);
	for (int s = 0; s <= t->n; s++) {
		int v = 0, d = s;

		for (;;) {
			int c = t->text[d];
			int w = t->child[v * ST_SIGMA + c];
			int j = 0, mid, x;

			if (w < 0) {
				x = st_new_node(t, d, t->n + 1 - d, v);
				t->leaf[x] = s;
				t->child[v * ST_SIGMA + c] = x;
				break;
			}
			while (j < t->elen[w] &&
			       t->text[t->estart[w] + j] == t->text[d + j])
				j++;
			if (j == t->elen[w]) {
				v = w;
				d += j;
				continue;
			}
			mid = st_new_node(t, t->estart[w], j, v);
			t->child[v * ST_SIGMA + c] = mid;
			t->estart[w] += j;
			t->elen[w] -= j;
			t->parent[w] = mid;
			t->child[mid * ST_SIGMA + t->text[t->estart[w]]] = w;
			x = st_new_node(t, d + j, t->n + 1 - (d + j), mid);
			t->leaf[x] = s;
			t->child[mid * ST_SIGMA + t->text[d + j]] = x;
			break;
		}
	}
	/* breadth-first order: parents before children */
	order = kh_zalloc((size_t)t->nnodes * sizeof(int));
	head = 0;
	tail = 0;
	order[tail++] = 0;
	while (head < tail) {
		int v = order[head++];

		for (int c = 0; c < ST_SIGMA; c++) {
			int w = t->child[v * ST_SIGMA + c];

			if (w >= 0) {
				t->sdepth[w] = t->sdepth[v] + t->elen[w];
				order[tail++] = w;
			}
		}
	}
	if (tail != t->nnodes)
		kh_fail("suffix tree has %d reachable of %d nodes", tail,
			t->nnodes);
	for (int i = 0; i < t->nnodes; i++) {
		t->minpos[i] = t->n + 1;
		t->nleaf[i] = 0;
	}
	for (int i = t->nnodes - 1; i >= 0; i--) {
		int v = order[i], p = t->parent[v];

		if (t->leaf[v] >= 0) {
			t->minpos[v] = t->leaf[v];
			t->nleaf[v] = 1;
		}
		if (p >= 0) {
			if (t->minpos[v] < t->minpos[p])
				t->minpos[p] = t->minpos[v];
			t->nleaf[p] += t->nleaf[v];
		}
	}
	for (int i = 0; i < t->nnodes; i++) {
		int v = order[i];

		t->slink[v] = -1;
		if (v == 0 || t->leaf[v] >= 0)
			continue;
		t->slink[v] = st_skip_count(t, t->minpos[v] + 1,
					    t->sdepth[v] - 1);
		if (t->sdepth[t->slink[v]] != t->sdepth[v] - 1)
			kh_fail("bad suffix link at node %d", v);
	}
	free(order);
}

static inline void st_free(struct stree *t)
{
	free(t->text);
	free(t->child);
	free(t->estart);
	free(t->elen);
	free(t->parent);
	free(t->sdepth);
	free(t->slink);
	free(t->minpos);
	free(t->nleaf);
	free(t->leaf);
}

/* nq reads of lmin..lmax symbols: 7 in 8 are copies of a reference
 * stretch with ~4% substitutions, the rest random noise. */
static inline void st_make_queries(struct st_queries *q, const struct stree *t,
				   int nq, int lmin, int lmax,
				   struct kh_rng *r)
{
	q->nq = nq;
	q->off = kh_zalloc((size_t)nq * sizeof(int));
	q->len = kh_zalloc((size_t)nq * sizeof(int));
	q->total = 0;
	for (int i = 0; i < nq; i++) {
		q->len[i] = kh_range(r, lmin, lmax);
		q->off[i] = q->total;
		q->total += q->len[i];
	}
	q->sym = kh_zalloc((size_t)q->total);
	for (int i = 0; i < nq; i++) {
		unsigned char *s = q->sym + q->off[i];
		int noise = kh_range(r, 0, 7) == 0;
		int p = kh_range(r, 0, t->n - q->len[i]);

		for (int j = 0; j < q->len[i]; j++) {
			int c = t->text[p + j];

			if (noise)
				c = kh_range(r, 0, 3);
			else if (kh_range(r, 0, 24) == 0)
				c = (c + kh_range(r, 1, 3)) & 3;
			s[j] = (unsigned char)c;
		}
	}
}

static inline void st_free_queries(struct st_queries *q)
{
	free(q->off);
	free(q->len);
	free(q->sym);
}

/*
 * Longest prefix of s[0..L) that occurs in the reference, by a plain walk
 * from the root; returns its length and sets *node to the node at the
 * lower end of the edge where the walk stopped (root when 0).
 */
static inline int st_walk(const struct stree *t, const unsigned char *s,
			  int L, int *node)
{
	int v = 0, k = 0, len = 0;

	while (len < L) {
		int c = s[len];

		if (k == t->elen[v]) {
			int w = t->child[v * ST_SIGMA + c];

			if (w < 0)
				break;
			v = w;
			k = 1;
		} else {
			if (t->text[t->estart[v] + k] != c)
				break;
			k++;
		}
		len++;
	}
	*node = v;
	return len;
}

/* Brute force over the raw text: longest match of s[0..L) and the
 * smallest reference start reaching it (check of the tree itself). */
static inline int st_brute(const struct stree *t, const unsigned char *s,
			   int L, int *pos)
{
	int best = 0, bp = 0;

	for (int p = 0; p < t->n; p++) {
		int m = 0;

		while (m < L && p + m < t->n && t->text[p + m] == s[m])
			m++;
		if (m > best) {
			best = m;
			bp = p;
		}
	}
	*pos = bp;
	return best;
}

#endif
