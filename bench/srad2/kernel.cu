/*
 * srad2: Rodinia srad_v2-style speckle-reducing anisotropic diffusion on a
 * rows x cols image, 16x16 thread blocks, one pixel per thread.
 *   srad_cuda_1  stages the block's tile of J and four halo tiles (rows
 *                above/below, columns left/right, clamped at the image
 *                border; boundary blocks take their own edge) in shared
 *                memory, then computes the directional derivatives and the
 *                diffusion coefficient c (divides, saturated to [0,1]) into
 *                a sixth shared tile: six tiles, four barriers; the
 *                derivative source is chosen per tile position (corner,
 *                edge or interior: nine branches);
 *   srad_cuda_2  stages c, the south and east c halos and J, and updates
 *                J += lambda/4 * divergence: five tiles, four barriers.
 * The host loops over iterations and recomputes q0sqr from a region of J
 * between them.
 */

#define BS 16

extern "C" __global__ void srad_cuda_1(float *E_C, float *W_C, float *N_C,
				       float *S_C, const float *J, float *C,
				       int cols, int rows, float q0sqr)
{
	__shared__ float temp[BS][BS];
	__shared__ float temp_result[BS][BS];
	__shared__ float north[BS][BS];
	__shared__ float south[BS][BS];
	__shared__ float east[BS][BS];
	__shared__ float west[BS][BS];
	int bx = blockIdx.x, by = blockIdx.y;
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = by * BS + ty, col = bx * BS + tx;
	int index = row * cols + col;
	float n, s, w, e;

	/* Row above / below the tile (the tile's own edge at the border). */
	if (by == 0)
		north[ty][tx] = J[col];
	else
		north[ty][tx] = J[(by * BS - 1) * cols + col];
	if (by == gridDim.y - 1)
		south[ty][tx] = J[(rows - 1) * cols + col];
	else
		south[ty][tx] = J[(by * BS + BS) * cols + col];
	__syncthreads();
	/* Column left / right of the tile (threads indexed by ty as row). */
	if (bx == 0)
		west[ty][tx] = J[row * cols];
	else
		west[ty][tx] = J[row * cols + bx * BS - 1];
	if (bx == gridDim.x - 1)
		east[ty][tx] = J[row * cols + cols - 1];
	else
		east[ty][tx] = J[row * cols + bx * BS + BS];
	__syncthreads();
	temp[ty][tx] = J[index];
	__syncthreads();

	float jc = temp[ty][tx];
	if (ty == 0 && tx == 0) {
		n = north[ty][tx] - jc;
		s = temp[ty + 1][tx] - jc;
		w = west[ty][tx] - jc;
		e = temp[ty][tx + 1] - jc;
	} else if (ty == 0 && tx == BS - 1) {
		n = north[ty][tx] - jc;
		s = temp[ty + 1][tx] - jc;
		w = temp[ty][tx - 1] - jc;
		e = east[ty][tx] - jc;
	} else if (ty == BS - 1 && tx == BS - 1) {
		n = temp[ty - 1][tx] - jc;
		s = south[ty][tx] - jc;
		w = temp[ty][tx - 1] - jc;
		e = east[ty][tx] - jc;
	} else if (ty == BS - 1 && tx == 0) {
		n = temp[ty - 1][tx] - jc;
		s = south[ty][tx] - jc;
		w = west[ty][tx] - jc;
		e = temp[ty][tx + 1] - jc;
	} else if (ty == 0) {
		n = north[ty][tx] - jc;
		s = temp[ty + 1][tx] - jc;
		w = temp[ty][tx - 1] - jc;
		e = temp[ty][tx + 1] - jc;
	} else if (tx == BS - 1) {
		n = temp[ty - 1][tx] - jc;
		s = temp[ty + 1][tx] - jc;
		w = temp[ty][tx - 1] - jc;
		e = east[ty][tx] - jc;
	} else if (ty == BS - 1) {
		n = temp[ty - 1][tx] - jc;
		s = south[ty][tx] - jc;
		w = temp[ty][tx - 1] - jc;
		e = temp[ty][tx + 1] - jc;
	} else if (tx == 0) {
		n = temp[ty - 1][tx] - jc;
		s = temp[ty + 1][tx] - jc;
		w = west[ty][tx] - jc;
		e = temp[ty][tx + 1] - jc;
	} else {
		n = temp[ty - 1][tx] - jc;
		s = temp[ty + 1][tx] - jc;
		w = temp[ty][tx - 1] - jc;
		e = temp[ty][tx + 1] - jc;
	}

	float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
	float l = (n + s + w + e) / jc;
	float num = (0.5f * g2) - ((1.0f / 16.0f) * (l * l));
	float den = 1.0f + 0.25f * l;
	float qsqr = num / (den * den);
	den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
	float c = 1.0f / (1.0f + den);
	if (c < 0.0f)
		c = 0.0f;
	else if (c > 1.0f)
		c = 1.0f;
	temp_result[ty][tx] = c;
	__syncthreads();
	C[index] = temp_result[ty][tx];
	E_C[index] = e;
	W_C[index] = w;
	S_C[index] = s;
	N_C[index] = n;
}

extern "C" __global__ void srad_cuda_2(const float *E_C, const float *W_C,
				       const float *N_C, const float *S_C,
				       float *J, const float *C, int cols,
				       int rows, float lambda)
{
	__shared__ float south_c[BS][BS];
	__shared__ float east_c[BS][BS];
	__shared__ float c_cuda_temp[BS][BS];
	__shared__ float c_cuda_result[BS][BS];
	__shared__ float temp[BS][BS];
	int bx = blockIdx.x, by = blockIdx.y;
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = by * BS + ty, col = bx * BS + tx;
	int index = row * cols + col;

	/* c of the row below and the column right (own edge at the border). */
	if (by == gridDim.y - 1)
		south_c[ty][tx] = C[(rows - 1) * cols + col];
	else
		south_c[ty][tx] = C[(by * BS + BS) * cols + col];
	__syncthreads();
	if (bx == gridDim.x - 1)
		east_c[ty][tx] = C[row * cols + cols - 1];
	else
		east_c[ty][tx] = C[row * cols + bx * BS + BS];
	__syncthreads();
	c_cuda_temp[ty][tx] = C[index];
	temp[ty][tx] = J[index];
	__syncthreads();

	float cc = c_cuda_temp[ty][tx], cn, cs, cw, ce;
	if (ty == BS - 1 && tx == BS - 1) {
		cn = cc;
		cs = south_c[ty][tx];
		cw = cc;
		ce = east_c[ty][tx];
	} else if (tx == BS - 1) {
		cn = cc;
		cs = c_cuda_temp[ty + 1][tx];
		cw = cc;
		ce = east_c[ty][tx];
	} else if (ty == BS - 1) {
		cn = cc;
		cs = south_c[ty][tx];
		cw = cc;
		ce = c_cuda_temp[ty][tx + 1];
	} else {
		cn = cc;
		cs = c_cuda_temp[ty + 1][tx];
		cw = cc;
		ce = c_cuda_temp[ty][tx + 1];
	}
	float d_sum = cn * N_C[index] + cs * S_C[index] + cw * W_C[index] +
		      ce * E_C[index];
	c_cuda_result[ty][tx] = temp[ty][tx] + 0.25f * lambda * d_sum;
	__syncthreads();
	J[index] = c_cuda_result[ty][tx];
}
