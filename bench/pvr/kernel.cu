/*
 * pvr: Mars-style PageViewRank.  The input is PageViewCount's output as text
 * lines "COUNT URL"; the pipeline ranks pages by view count:
 *   pvr_map_count  one thread per record: parses the decimal count byte by
 *                  byte and emits 1 when the page has at least 2 views;
 *   scan_block / scan_add
 *                  exclusive prefix sum of the emit counts (Blelloch block
 *                  scan over 512 elements, a barrier per level; block sums
 *                  scanned recursively and added back);
 *   pvr_map        writes key (~count:pos) and the URL offset at the scanned
 *                  offset;
 *   sort_shared / merge_global / merge_shared
 *                  group: bitonic sort of the 64-bit keys (descending
 *                  count, then record order), 512 per block in shared memory
 *                  with a barrier per compare step, global merge steps for
 *                  strides >= 512.  The sort dominates the run;
 *   pvr_mark / pvr_scatter / pvr_reduce
 *                  groups of equal count; one thread per group writes the
 *                  competition rank of each member (data-dependent trip
 *                  counts) and the group's view total.
 */

/* ---- parsing ---------------------------------------------------------- */

/* Parse "COUNT URL": the count, and the URL start. */
__device__ static unsigned pvr_parse(const unsigned char *r, unsigned len,
				     unsigned *us)
{
	unsigned p = 0, c = 0;

	while (p < len && r[p] != ' ') {
		c = c * 10 + (unsigned)(r[p] - '0');
		p++;
	}
	*us = p + 1;
	return c;
}

extern "C" __global__ void pvr_map_count(const unsigned char *text,
					 const unsigned *roff,
					 const unsigned *rlen, unsigned n,
					 unsigned minc, unsigned *cnt)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned us;

	if (i >= n)
		return;
	cnt[i] = pvr_parse(text + roff[i], rlen[i], &us) >= minc ? 1u : 0u;
}

extern "C" __global__ void pvr_map(const unsigned char *text,
				   const unsigned *roff, const unsigned *rlen,
				   unsigned n, unsigned minc,
				   const unsigned *pos,
				   unsigned long long *keys, unsigned *uoff)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned us;

	if (i >= n)
		return;
	unsigned c = pvr_parse(text + roff[i], rlen[i], &us);
	if (c < minc)
		return;
	unsigned p = pos[i];
	keys[p] = ((unsigned long long)(~c) << 32) | p;
	uoff[p] = roff[i] + us;
}

#include "../common/mars_scan.cuh"
#include "../common/mars_sort.cuh"

/* ---- reduce ------------------------------------------------------------- */

/* flags[i] = 1 where sorted key i starts a new count group. */
extern "C" __global__ void pvr_mark(const unsigned long long *keys,
				    unsigned n, unsigned *flags)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	flags[i] = i == 0 || (keys[i - 1] >> 32) != (keys[i] >> 32);
}

/* gstart[gid[i]] = i at every group start; gstart[ng] = n. */
extern "C" __global__ void pvr_scatter(const unsigned *flags,
				       const unsigned *gid, unsigned n,
				       unsigned ng, unsigned *gstart)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && flags[i])
		gstart[gid[i]] = i;
	if (i == 0)
		gstart[ng] = n;
}

/*
 * One thread per group of equal count: every member's rank is 1 + the
 * number of pages with more views (the group's sorted start); also the
 * group's count and view total.
 */
extern "C" __global__ void pvr_reduce(const unsigned long long *keys,
				      const unsigned *gstart, unsigned ng,
				      unsigned *rank, unsigned *gcount,
				      unsigned *gviews)
{
	unsigned g = blockIdx.x * blockDim.x + threadIdx.x;

	if (g >= ng)
		return;
	unsigned s = gstart[g], e = gstart[g + 1], views = 0;
	for (unsigned j = s; j < e; j++) {
		unsigned long long key = keys[j];

		rank[(unsigned)key] = s + 1;
		views += ~(unsigned)(key >> 32);
	}
	gcount[g] = ~(unsigned)(keys[s] >> 32);
	gviews[g] = views;
}
