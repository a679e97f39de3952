/*
 * kernel.cu - lps: one Jacobi sweep of the 3-D Laplace equation in the
 * structure of Giles' laplace3d (the ISPASS-2009 LPS benchmark).  32x4
 * thread blocks own a 32x4 column of the grid and march along z.  Three
 * z-planes of the tile (plus a one-point x/y halo loaded by the edge
 * threads, a divergent step) rotate through shared memory: per plane, load
 * the next plane, barrier, compute, barrier.  Boundary points keep their
 * value (Dirichlet); interior points get the mean of their 6 neighbours.
 */

#define BX 32
#define BY 4

extern "C" __global__ void laplace3d(int nx, int ny, int nz, const float *u1,
				     float *u2)
{
	__shared__ float s[3][BY + 2][BX + 2];
	int tx = threadIdx.x, ty = threadIdx.y;
	int i = blockIdx.x * BX + tx, j = blockIdx.y * BY + ty;
	int plane = nx * ny;
	int active = i < nx && j < ny;
	int idx = i + j * nx;

	for (int k = -1; k < nz; k++) {
		int kn = k + 1, slot = (k + 3) % 3, nslot = kn % 3;

		/* load plane k+1 (tile plus halo) into its slot */
		if (active && kn < nz) {
			int o = idx + kn * plane;

			s[nslot][ty + 1][tx + 1] = u1[o];
			if (tx == 0 && i > 0)
				s[nslot][ty + 1][0] = u1[o - 1];
			if (tx == BX - 1 && i < nx - 1)
				s[nslot][ty + 1][tx + 2] = u1[o + 1];
			if (ty == 0 && j > 0)
				s[nslot][0][tx + 1] = u1[o - nx];
			if (ty == BY - 1 && j < ny - 1)
				s[nslot][ty + 2][tx + 1] = u1[o + nx];
		}
		__syncthreads();
		if (active && k >= 0) {
			float c = s[slot][ty + 1][tx + 1], r;

			if (i == 0 || i == nx - 1 || j == 0 || j == ny - 1 ||
			    k == 0 || k == nz - 1)
				r = c;
			else
				r = (s[slot][ty + 1][tx] +
				     s[slot][ty + 1][tx + 2] +
				     s[slot][ty][tx + 1] +
				     s[slot][ty + 2][tx + 1] +
				     s[(k + 2) % 3][ty + 1][tx + 1] +
				     s[nslot][ty + 1][tx + 1]) *
				    (1.0f / 6.0f);
			u2[idx + k * plane] = r;
		}
		__syncthreads();
	}
}
