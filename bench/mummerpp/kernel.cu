/*
 * kernel.cu - mummerpp workload: a MUMmerGPU++-style space-tuned variant
 * of suffix-tree read matching, one thread per read.
 *
 * Differences from mummer: the reference and the reads are packed two
 * bits per base (16 bases per word, unpacked with shifts and masks), a
 * tree node is a few small vectors (int4 children, int2 edge, int2
 * parent/suffix link, int2 smallest position/leaf count), and instead of
 * per-position statistics each thread reports only its maximal matches
 * (length >= minlen, not contained in the match one position earlier)
 * into its own slot list, with the occurrence count of each.  Matching
 * uses suffix links and skip/count re-descents.  Data-dependent trip
 * counts, branches and report writes: heavy divergence, no barriers.
 */

/* Base j of a 2-bit packed string. */
__device__ __forceinline__ int mp_base(const unsigned *__restrict__ w, int j)
{
	return (int)((w[j >> 4] >> ((j & 15) * 2)) & 3u);
}

extern "C" __global__ void mummerpp_match(
	const unsigned *__restrict__ refp, /* packed reference */
	int n,                              /* reference length */
	const int4 *__restrict__ kids,     /* children A,C,G,T per node */
	const int2 *__restrict__ edge,     /* {start, length} per node */
	const int2 *__restrict__ link,     /* {parent, suffix link} */
	const int2 *__restrict__ occ,      /* {smallest pos, leaf count} */
	const unsigned *__restrict__ qp,   /* packed reads */
	const int *__restrict__ qwoff,     /* first word of each read */
	const int *__restrict__ qlen,      /* length of each read */
	int nq, int minlen, int maxrep,
	uint4 *__restrict__ rep,           /* maxrep reports per read */
	int *__restrict__ nrep)            /* reports per read */
{
	int q = blockIdx.x * blockDim.x + threadIdx.x;

	if (q >= nq)
		return;
	const unsigned *s = qp + qwoff[q];
	int L = qlen[q];
	uint4 *out = rep + (size_t)q * maxrep;
	int v = 0, k = 0, len = 0, prev = 0, cnt = 0;
	int2 ev = edge[0];

	for (int i = 0; i < L; i++) {
		while (i + len < L) {
			int c = mp_base(s, i + len);

			if (k == ev.y) {
				int4 ch = kids[v];
				int w = c == 0 ? ch.x : c == 1 ? ch.y :
					c == 2 ? ch.z : ch.w;

				if (w < 0)
					break;
				v = w;
				ev = edge[w];
				k = 1;
			} else {
				int p = ev.x + k;

				if (p >= n || mp_base(refp, p) != c)
					break;
				k++;
			}
			len++;
		}
		if (len >= minlen && (i == 0 || prev != len + 1)) {
			if (cnt < maxrep) {
				int2 o = occ[v];

				out[cnt] = make_uint4((unsigned)i,
						      (unsigned)o.x,
						      (unsigned)len,
						      (unsigned)o.y);
			}
			cnt++;
		}
		prev = len;
		if (len == 0)
			continue;
		int u, rem = 0, p = 0;

		if (k == ev.y) {
			u = link[v].y;
		} else {
			int2 lv = link[v];

			if (lv.x == 0) {
				u = 0;
				rem = len - 1;
				p = i + 1;
			} else {
				u = link[lv.x].y;
				rem = k;
				p = i + len - k;
			}
		}
		v = u;
		ev = edge[u];
		k = ev.y;
		while (rem > 0) {
			int4 ch = kids[v];
			int c = mp_base(s, p);
			int w = c == 0 ? ch.x : c == 1 ? ch.y :
				c == 2 ? ch.z : ch.w;

			v = w;
			ev = edge[w];
			if (ev.y <= rem) {
				k = ev.y;
				p += ev.y;
				rem -= ev.y;
			} else {
				k = rem;
				rem = 0;
			}
		}
		len--;
	}
	nrep[q] = cnt;
}
