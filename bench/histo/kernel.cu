/*
 * histo: Parboil-style saturating histogram of a large image of bin
 * indices (values concentrated in the middle of the histogram).
 *   histo_prescan        per block: sum and sum of squares of its slice
 *                        (shared tree reductions, a barrier per level); thread
 *                        0 turns them into mean +- 2 stddev (sqrtf) and
 *                        widens the global range with atomicMin/atomicMax;
 *   histo_intermediates  one thread per pixel: (sub-range, offset) inside the
 *                        range, or a marked raw bin outside it;
 *   histo_main           grid (input slices x sub-ranges); each block keeps
 *                        its sub-range as packed counters in shared memory
 *                        (two per word, 8-bit counts with a guard byte) and
 *                        updates them with shared atomicAdd, one pixel per
 *                        thread per pass.  A thread that sees a counter reach
 *                        255 raises a flag; after the pass barrier the block
 *                        moves every count >= 256 to the global histogram with
 *                        global atomicAdd and keeps the low 8 bits (3 barriers
 *                        per pass).  Pixels outside the range go straight to
 *                        global atomics (sub-range 0's blocks);
 *   histo_final          one thread per bin: global counts plus every slice's
 *                        leftover counters, as u32 and saturated to 8 bits.
 */

#define PTPB 512        /* threads per block */
#define SUBW 1024       /* bins per sub-range */

extern "C" __global__ void histo_prescan(const unsigned *in, unsigned n,
					 unsigned per, int *range)
{
	__shared__ unsigned long long sq[PTPB];
	__shared__ unsigned sm[PTPB];
	unsigned t = threadIdx.x;
	unsigned beg = blockIdx.x * per, end = min(n, beg + per);
	unsigned s = 0;
	unsigned long long q = 0;

	for (unsigned i = beg + t; i < end; i += PTPB) {
		unsigned v = in[i];

		s += v;
		q += (unsigned long long)v * v;
	}
	sm[t] = s;
	sq[t] = q;
	for (unsigned h = PTPB / 2; h > 0; h >>= 1) {
		__syncthreads();
		if (t < h) {
			sm[t] += sm[t + h];
			sq[t] += sq[t + h];
		}
	}
	__syncthreads();
	if (t == 0 && end > beg) {
		unsigned cnt = end - beg;
		unsigned long long mean = sm[0] / cnt;
		unsigned long long var = sq[0] / cnt - mean * mean;
		int sd = (int)sqrtf((float)var);

		atomicMin(&range[0], (int)mean - 2 * sd);
		atomicMax(&range[1], (int)mean + 2 * sd + 1);
	}
}

extern "C" __global__ void histo_intermediates(const unsigned *in,
					       unsigned n, unsigned lo,
					       unsigned hi, unsigned *inter)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	unsigned v = in[i];
	if (v >= lo && v < hi)
		inter[i] = ((v - lo) / SUBW) << 16 | ((v - lo) % SUBW);
	else
		inter[i] = 0x80000000u | v;
}

extern "C" __global__ void histo_main(const unsigned *inter, unsigned n,
				      unsigned per, unsigned lo,
				      unsigned *ovf, unsigned *sub)
{
	__shared__ unsigned sh[SUBW / 2];
	__shared__ int need;
	unsigned t = threadIdx.x, r = blockIdx.y;
	unsigned beg = blockIdx.x * per, end = min(n, beg + per);
	unsigned base = lo + r * SUBW;

	for (unsigned w = t; w < SUBW / 2; w += PTPB)
		sh[w] = 0;
	if (t == 0)
		need = 0;
	__syncthreads();
	for (unsigned p = beg; p < end; p += PTPB) {
		unsigned i = p + t;

		if (i < end) {
			unsigned v = inter[i];

			if ((v >> 16) == r) {
				unsigned o = v & 0xffffu, sh16 = (o & 1) * 16;
				unsigned old = atomicAdd(&sh[o >> 1],
							 1u << sh16);

				if (((old >> sh16) & 0xffffu) >= 255)
					need = 1;
			} else if ((v & 0x80000000u) && r == 0) {
				atomicAdd(&ovf[v & 0x7fffffffu], 1u);
			}
		}
		__syncthreads();
		if (need) {
			for (unsigned w = t; w < SUBW / 2; w += PTPB) {
				unsigned x = sh[w];
				unsigned c0 = x & 0xffffu, c1 = x >> 16;

				if (c0 >= 256)
					atomicAdd(&ovf[base + 2 * w],
						  c0 & ~255u);
				if (c1 >= 256)
					atomicAdd(&ovf[base + 2 * w + 1],
						  c1 & ~255u);
				sh[w] = (c0 & 255u) | (c1 & 255u) << 16;
			}
		}
		__syncthreads();
		if (t == 0)
			need = 0;
		__syncthreads();
	}
	unsigned *out = sub + (r * gridDim.x + blockIdx.x) * SUBW;
	for (unsigned w = t; w < SUBW / 2; w += PTPB) {
		unsigned x = sh[w];

		out[2 * w] = x & 0xffffu;
		out[2 * w + 1] = x >> 16;
	}
}

extern "C" __global__ void histo_final(const unsigned *ovf,
				       const unsigned *sub, unsigned bins,
				       unsigned nx, unsigned nr, unsigned lo,
				       unsigned *hist, unsigned char *hist8)
{
	unsigned b = blockIdx.x * blockDim.x + threadIdx.x;

	if (b >= bins)
		return;
	unsigned total = ovf[b];
	if (b >= lo && b - lo < nr * SUBW) {
		unsigned r = (b - lo) / SUBW, o = (b - lo) % SUBW;

		for (unsigned x = 0; x < nx; x++)
			total += sub[(r * nx + x) * SUBW + o];
	}
	hist[b] = total;
	hist8[b] = total > 255 ? 255 : (unsigned char)total;
}
