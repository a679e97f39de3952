/*
 * pvc: Mars-style PageViewCount.  A MapReduce pipeline over synthetic web-log
 * lines "METHOD URL STATUS IP":
 *   pvc_map_count  one thread per record: parses the line byte by byte and
 *                  counts its emits (1 for "GET ... 200", else 0);
 *   scan_block / scan_add
 *                  exclusive prefix sum of the counts (Blelloch block scan
 *                  over 512 elements, a barrier per level; block sums are
 *                  scanned recursively by the host and added back);
 *   pvc_map        re-parses, hashes the URL byte by byte (FNV-1a) and writes
 *                  key (hash:pos), URL offset/length and value at the
 *                  scanned offset;
 *   sort_shared / merge_global / merge_shared
 *                  group: bitonic sort of the 64-bit keys, 512 per block in
 *                  shared memory (a barrier per compare step), then global
 *                  merge steps for strides >= 512;
 *   pvc_mark       group boundaries: neighbouring keys whose URLs differ,
 *                  compared byte by byte (divergent byte loads);
 *   pvc_scatter / pvc_reduce
 *                  reduce-count: group starts at the scanned flag offsets,
 *                  one thread per group sums its values (data-dependent
 *                  trip counts).
 */

/* ---- parsing ---------------------------------------------------------- */

/* Parse one record; returns 1 when it is a GET with status 200. */
__device__ static int pvc_parse(const unsigned char *r, unsigned len,
				unsigned *us, unsigned *ul)
{
	unsigned p = 0, s, code = 0;

	while (p < len && r[p] != ' ')
		p++;
	int get = p == 3 && r[0] == 'G' && r[1] == 'E' && r[2] == 'T';
	s = p + 1;
	p = s;
	while (p < len && r[p] != ' ')
		p++;
	*us = s;
	*ul = p - s;
	p++;
	while (p < len && r[p] != ' ') {
		code = code * 10 + (unsigned)(r[p] - '0');
		p++;
	}
	return get && code == 200;
}

extern "C" __global__ void pvc_map_count(const unsigned char *text,
					 const unsigned *roff,
					 const unsigned *rlen, unsigned n,
					 unsigned *cnt)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned us, ul;

	if (i >= n)
		return;
	cnt[i] = pvc_parse(text + roff[i], rlen[i], &us, &ul) ? 1u : 0u;
}

extern "C" __global__ void pvc_map(const unsigned char *text,
				   const unsigned *roff, const unsigned *rlen,
				   unsigned n, const unsigned *pos,
				   unsigned long long *keys, unsigned *uoff,
				   unsigned *ulen, unsigned *vals)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned us, ul;

	if (i >= n)
		return;
	const unsigned char *r = text + roff[i];
	if (!pvc_parse(r, rlen[i], &us, &ul))
		return;
	unsigned h = 2166136261u;
	for (unsigned b = 0; b < ul; b++) {
		h ^= r[us + b];
		h *= 16777619u;
	}
	unsigned p = pos[i];
	keys[p] = ((unsigned long long)h << 32) | p;
	uoff[p] = roff[i] + us;
	ulen[p] = ul;
	vals[p] = 1;
}

#include "../common/mars_scan.cuh"
#include "../common/mars_sort.cuh"

/* ---- reduce ------------------------------------------------------------- */

/* flags[i] = 1 where sorted key i starts a new URL group. */
extern "C" __global__ void pvc_mark(const unsigned long long *keys,
				    const unsigned char *text,
				    const unsigned *uoff, const unsigned *ulen,
				    unsigned n, unsigned *flags)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned f = 1;

	if (i >= n)
		return;
	if (i > 0) {
		unsigned long long a = keys[i - 1], b = keys[i];

		if ((a >> 32) == (b >> 32)) {
			unsigned pa = (unsigned)a, pb = (unsigned)b;
			unsigned la = ulen[pa];

			if (la == ulen[pb]) {
				const unsigned char *sa = text + uoff[pa];
				const unsigned char *sb = text + uoff[pb];
				unsigned c = 0;

				while (c < la && sa[c] == sb[c])
					c++;
				f = c < la;
			}
		}
	}
	flags[i] = f;
}

/* gstart[gid[i]] = i at every group start; gstart[ng] = n. */
extern "C" __global__ void pvc_scatter(const unsigned *flags,
				       const unsigned *gid, unsigned n,
				       unsigned ng, unsigned *gstart)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && flags[i])
		gstart[gid[i]] = i;
	if (i == 0)
		gstart[ng] = n;
}

/* One thread per group: its first emit's position and summed value. */
extern "C" __global__ void pvc_reduce(const unsigned long long *keys,
				      const unsigned *vals,
				      const unsigned *gstart, unsigned ng,
				      unsigned *gpos, unsigned *gcount)
{
	unsigned g = blockIdx.x * blockDim.x + threadIdx.x;

	if (g >= ng)
		return;
	unsigned s = gstart[g], e = gstart[g + 1], sum = 0;
	for (unsigned j = s; j < e; j++)
		sum += vals[(unsigned)keys[j]];
	gpos[g] = (unsigned)keys[s];
	gcount[g] = sum;
}
