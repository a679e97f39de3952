/*
 * dwt2d: one level of the reversible 5/3 (LeGall) forward wavelet
 * transform on image tiles (Rodinia dwt2d-like, -5 mode).  A block of 256
 * threads owns a 64x32 output tile: it stages the tile plus a 2-sample
 * halo (whole-sample symmetric extension at the image border) in shared
 * memory, lifts every row (predict odd, barrier, update even, barrier),
 * then every column (predict, barrier, update, barrier) and writes the
 * coefficients de-interleaved: LL to ll_dst, HL/LH/HH to out (quadrants
 * of a stride-wide plane).  The host loops over components and levels,
 * each level transforming the previous level's LL band.  Integer lifting
 * with arithmetic shifts, so results are exact.
 */

#define TX 64
#define TY 32
#define HALO 2
#define EW (TX + 2 * HALO)
#define EH (TY + 2 * HALO)

__device__ int mirror(int i, int n)
{
	if (i < 0)
		i = -i;
	if (i >= n)
		i = 2 * (n - 1) - i;
	return i;
}

extern "C" __global__ void fdwt53(const int *src, int w, int h, int stride,
				 int *out, int *ll_dst)
{
	__shared__ int t[EH][EW + 1];
	int tid = threadIdx.x, nt = blockDim.x;
	int x0 = blockIdx.x * TX, y0 = blockIdx.y * TY;
	int e;

	for (e = tid; e < EH * EW; e += nt) {
		int ey = e / EW, ex = e % EW;
		int gx = mirror(x0 + ex - HALO, w);
		int gy = mirror(y0 + ey - HALO, h);

		t[ey][ex] = src[gy * stride + gx];
	}
	__syncthreads();
	/* Rows: predict the odd samples (columns 1, 3, ..., EW - 3). */
	for (e = tid; e < EH * (EW / 2 - 1); e += nt) {
		int ey = e / (EW / 2 - 1), ex = 2 * (e % (EW / 2 - 1)) + 1;

		t[ey][ex] -= (t[ey][ex - 1] + t[ey][ex + 1]) >> 1;
	}
	__syncthreads();
	/* Rows: update the even samples of the tile (columns 2 .. EW - 4). */
	for (e = tid; e < EH * (TX / 2); e += nt) {
		int ey = e / (TX / 2), ex = 2 * (e % (TX / 2)) + HALO;

		t[ey][ex] += (t[ey][ex - 1] + t[ey][ex + 1] + 2) >> 2;
	}
	__syncthreads();
	/* Columns: predict the odd rows (1, 3, ..., EH - 3). */
	for (e = tid; e < (EH / 2 - 1) * TX; e += nt) {
		int ey = 2 * (e / TX) + 1, ex = e % TX + HALO;

		t[ey][ex] -= (t[ey - 1][ex] + t[ey + 1][ex]) >> 1;
	}
	__syncthreads();
	/* Columns: update the even rows of the tile (2 .. EH - 4). */
	for (e = tid; e < (TY / 2) * TX; e += nt) {
		int ey = 2 * (e / TX) + HALO, ex = e % TX + HALO;

		t[ey][ex] += (t[ey - 1][ex] + t[ey + 1][ex] + 2) >> 2;
	}
	__syncthreads();
	for (e = tid; e < TX * TY; e += nt) {
		int ly = e / TX, lx = e % TX;
		int gx = x0 + lx, gy = y0 + ly;
		int hx = gx & 1, hy = gy & 1;
		int ox = (gx >> 1) + hx * (w / 2);
		int oy = (gy >> 1) + hy * (h / 2);
		int v = t[ly + HALO][lx + HALO];

		if (!hx && !hy)
			ll_dst[oy * stride + ox] = v;
		else
			out[oy * stride + ox] = v;
	}
}
