/*
 * kernel.cu - mummer workload: MUMmerGPU-style exact matching of short
 * reads against a reference suffix tree, one thread per query.
 *
 * Each thread computes the matching statistics of its read: for every
 * read position i, the length of the longest prefix of read[i..] that
 * occurs in the reference and the smallest reference position where it
 * does.  Like MUMmerGPU it walks the suffix tree character by character
 * and, on a mismatch, jumps along the suffix link of the deepest node
 * above the match and re-descends by edge lengths (skip/count).  The tree
 * lives in plain global memory (the original used 2-D textures).  Loop
 * trip counts and branches depend on the data: heavy divergence, chains
 * of dependent irregular loads, no barriers.
 */

extern "C" __global__ void mummer_match(
	const unsigned char *__restrict__ text, /* reference, 4 = sentinel */
	const int *__restrict__ child,   /* 4 children (A,C,G,T) per node */
	const int *__restrict__ estart,  /* edge start in text per node */
	const int *__restrict__ elen,    /* edge length per node, root 0 */
	const int *__restrict__ parent,  /* parent node, root -1 */
	const int *__restrict__ slink,   /* suffix link of internal nodes */
	const int *__restrict__ minpos,  /* smallest occurrence below node */
	const unsigned char *__restrict__ qsym, /* concatenated reads */
	const int *__restrict__ qoff,    /* start of each read in qsym */
	const int *__restrict__ qlen,    /* length of each read */
	int nq, int minlen,
	int *__restrict__ out_len,       /* match length per read position */
	int *__restrict__ out_pos)       /* match start in ref, or -1 */
{
	int q = blockIdx.x * blockDim.x + threadIdx.x;

	if (q >= nq)
		return;
	int off = qoff[q];
	int L = qlen[q];
	const unsigned char *s = qsym + off;
	int v = 0;   /* node at the lower end of the current edge */
	int k = 0;   /* symbols matched along v's edge (== elen[v]: at v) */
	int len = 0; /* symbols matched from read position i */

	for (int i = 0; i < L; i++) {
		/* extend the match of read[i..] one symbol at a time */
		while (i + len < L) {
			int c = s[i + len];

			if (k == elen[v]) {
				int w = child[4 * v + c];

				if (w < 0)
					break;
				v = w;
				k = 1;
			} else {
				if (text[estart[v] + k] != c)
					break;
				k++;
			}
			len++;
		}
		out_len[off + i] = len;
		out_pos[off + i] = len >= minlen ? minpos[v] : -1;
		if (len == 0)
			continue;
		/* move to read[i+1 .. i+len): suffix link, then skip/count */
		int u, rem = 0, p = 0;

		if (k == elen[v]) {
			u = slink[v];
		} else {
			int par = parent[v];

			if (par == 0) {
				u = 0;
				rem = len - 1;
				p = i + 1;
			} else {
				u = slink[par];
				rem = k;
				p = i + len - k;
			}
		}
		v = u;
		k = elen[u];
		while (rem > 0) {
			int w = child[4 * v + s[p]];
			int el = elen[w];

			v = w;
			if (el <= rem) {
				k = el;
				p += el;
				rem -= el;
			} else {
				k = rem;
				rem = 0;
			}
		}
		len--;
	}
}
