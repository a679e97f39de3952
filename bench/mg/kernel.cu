/*
 * mg: Parboil mri-gridding-style gridding of non-uniform k-space samples
 * (radial spokes, dense near the centre) onto a regular 3-D grid.
 *   mg_binning     one thread per sample: its bin (4x4x4 cells) as the sort
 *                  key, the sample index as value, and atomicAdd on the bin
 *                  counter;
 *   mg_split_sort  one radix pass (4 bits) per launch: each 512-thread block
 *                  sorts its 512 keys by the digit with four stable 1-bit
 *                  splits (each a Hillis-Steele block scan, two barriers per
 *                  level), counts digits with shared atomicAdd, and writes
 *                  the per-block digit counts and starts;
 *   scan_block / scan_add
 *                  exclusive scans (digit-count table, bin counters):
 *                  Blelloch over 512 elements, a barrier per level;
 *   mg_scatter     moves every key/value to its global radix position;
 *   mg_reorder     gathers the samples into sorted SoA arrays;
 *   mg_gridding    8x8x8 = 512-thread blocks, one output cell per thread:
 *                  for every row of neighbouring bins, the block stages the
 *                  row's samples 64 at a time in six shared SoA arrays (two
 *                  barriers per tile, trip counts set by the data) and each
 *                  thread accumulates the Kaiser-Bessel-weighted samples
 *                  within the cutoff (sqrtf, Bessel I0 series).
 * The cutoff test computes the squared distance with explicit round-to-
 * nearest operations, so that the host reference selects the same samples.
 */

#define STPB 512        /* threads (= keys) per split-sort block */
#define BINE 4          /* bin edge in cells */
#define TILE 64         /* samples staged per tile */
#define GB 8            /* gridding block edge (8x8x8 threads) */
#define CUT 2.0f        /* cutoff radius in cells */
#define BETA 8.0f       /* Kaiser-Bessel shape */

/* ---- binning and sort ------------------------------------------------- */

extern "C" __global__ void mg_binning(const float *smp, unsigned n,
				      unsigned nbx, unsigned nby,
				      unsigned nbz, unsigned *key,
				      unsigned *val, unsigned *bincount)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	const float *s = smp + 6 * i;
	unsigned bx = min((unsigned)(s[2] / BINE), nbx - 1);
	unsigned by = min((unsigned)(s[3] / BINE), nby - 1);
	unsigned bz = min((unsigned)(s[4] / BINE), nbz - 1);
	unsigned b = (bz * nby + by) * nbx + bx;

	key[i] = b;
	val[i] = i;
	atomicAdd(&bincount[b], 1u);
}

extern "C" __global__ void mg_split_sort(const unsigned *key_in,
					 const unsigned *val_in, unsigned n,
					 unsigned shift, unsigned *key_out,
					 unsigned *val_out, unsigned *counts,
					 unsigned *lstart, unsigned nblk)
{
	__shared__ unsigned sk[STPB], sv[STPB], sc[STPB], hist[16];
	unsigned t = threadIdx.x, i = blockIdx.x * STPB + t;
	unsigned key = i < n ? key_in[i] : 0xffffffffu;
	unsigned val = i < n ? val_in[i] : 0;

	if (t < 16)
		hist[t] = 0;
	__syncthreads();
	unsigned dig = (key >> shift) & 15;
	if (i < n)
		atomicAdd(&hist[dig], 1u);
	for (unsigned b = 0; b < 4; b++) {
		unsigned f = (dig >> b) & 1;

		sc[t] = 1 - f;
		for (unsigned off = 1; off < STPB; off <<= 1) {
			__syncthreads();
			unsigned x = t >= off ? sc[t - off] : 0;
			__syncthreads();
			sc[t] += x;
		}
		__syncthreads();
		unsigned zeros = sc[STPB - 1];
		unsigned excl = sc[t] - (1 - f);
		unsigned dst = f ? zeros + (t - excl) : excl;
		__syncthreads();
		sk[dst] = key;
		sv[dst] = val;
		__syncthreads();
		key = sk[t];
		val = sv[t];
		dig = (key >> shift) & 15;
	}
	key_out[i] = key;
	val_out[i] = val;
	if (t < 16) {
		unsigned s = 0;

		for (unsigned d = 0; d < t; d++)
			s += hist[d];
		counts[t * nblk + blockIdx.x] = hist[t];
		lstart[blockIdx.x * 16 + t] = s;
	}
}

extern "C" __global__ void mg_scatter(const unsigned *key_in,
				      const unsigned *val_in, unsigned n,
				      unsigned shift, const unsigned *offs,
				      const unsigned *lstart, unsigned nblk,
				      unsigned *key_out, unsigned *val_out)
{
	unsigned t = threadIdx.x, b = blockIdx.x, i = b * STPB + t;

	if (i >= n)
		return;
	unsigned key = key_in[i], d = (key >> shift) & 15;
	unsigned dst = offs[d * nblk + b] + t - lstart[b * 16 + d];
	key_out[dst] = key;
	val_out[dst] = val_in[i];
}

/* Sorted SoA copies of the samples (x, y, z, re, im, sdc). */
extern "C" __global__ void mg_reorder(const float *smp, const unsigned *val,
				      unsigned n, float *soa)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	const float *s = smp + 6 * val[i];
	soa[0 * n + i] = s[2];
	soa[1 * n + i] = s[3];
	soa[2 * n + i] = s[4];
	soa[3 * n + i] = s[0];
	soa[4 * n + i] = s[1];
	soa[5 * n + i] = s[5];
}

#include "../common/mars_scan.cuh"

/* ---- gridding ------------------------------------------------------- */

/* Modified Bessel function I0 by its power series (9 terms). */
__device__ static float mg_i0(float x)
{
	float q = 0.25f * x * x, term = 1.0f, sum = 1.0f;

#pragma unroll
	for (int k = 1; k <= 8; k++) {
		term *= q / (float)(k * k);
		sum += term;
	}
	return sum;
}

extern "C" __global__ void mg_gridding(const float *soa, unsigned n,
				       const unsigned *binstart,
				       const unsigned *bincount, unsigned nbx,
				       unsigned nby, unsigned nbz,
				       float2 *grid, unsigned gx, unsigned gy)
{
	__shared__ float sx[TILE], sy[TILE], sz[TILE];
	__shared__ float sre[TILE], sim[TILE], ssdc[TILE];
	unsigned t = (threadIdx.z * GB + threadIdx.y) * GB + threadIdx.x;
	unsigned ox = blockIdx.x * GB, oy = blockIdx.y * GB, oz = blockIdx.z * GB;
	unsigned x = ox + threadIdx.x, y = oy + threadIdx.y, z = oz + threadIdx.z;
	float fx = (float)x, fy = (float)y, fz = (float)z;
	float re = 0.0f, im = 0.0f, r2max = CUT * CUT;
	unsigned c = (unsigned)CUT;
	unsigned bx0 = ox >= c ? (ox - c) / BINE : 0;
	unsigned bx1 = min((ox + GB - 1 + c) / BINE, nbx - 1);
	unsigned by0 = oy >= c ? (oy - c) / BINE : 0;
	unsigned by1 = min((oy + GB - 1 + c) / BINE, nby - 1);
	unsigned bz0 = oz >= c ? (oz - c) / BINE : 0;
	unsigned bz1 = min((oz + GB - 1 + c) / BINE, nbz - 1);

	for (unsigned bz = bz0; bz <= bz1; bz++) {
		for (unsigned by = by0; by <= by1; by++) {
			unsigned row = (bz * nby + by) * nbx;
			unsigned beg = binstart[row + bx0];
			unsigned end = binstart[row + bx1] + bincount[row + bx1];

			for (unsigned s0 = beg; s0 < end; s0 += TILE) {
				unsigned m = min(end - s0, (unsigned)TILE);

				if (t < m) {
					sx[t] = soa[0 * n + s0 + t];
					sy[t] = soa[1 * n + s0 + t];
					sz[t] = soa[2 * n + s0 + t];
					sre[t] = soa[3 * n + s0 + t];
					sim[t] = soa[4 * n + s0 + t];
					ssdc[t] = soa[5 * n + s0 + t];
				}
				__syncthreads();
				for (unsigned q = 0; q < m; q++) {
					float dx = sx[q] - fx;
					float dy = sy[q] - fy;
					float dz = sz[q] - fz;
					float r2 = __fadd_rn(__fadd_rn(
						__fmul_rn(dx, dx),
						__fmul_rn(dy, dy)),
						__fmul_rn(dz, dz));

					if (r2 < r2max) {
						float w = ssdc[q] * mg_i0(BETA *
							sqrtf(1.0f - r2 / r2max));

						re += w * sre[q];
						im += w * sim[q];
					}
				}
				__syncthreads();
			}
		}
	}
	grid[(z * gy + y) * gx + x] = make_float2(re, im);
}
