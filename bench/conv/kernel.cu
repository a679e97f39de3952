/*
 * kernel.cu - conv: separable 2-D convolution in the structure of the CUDA
 * SDK convolutionSeparable sample.  Radius-8 filter taps in __constant__.
 * Rows pass: 16x4-thread blocks, each thread loads 8 main plus 2 halo
 * pixels of its row into shared s_row[4][160] (zero outside the image),
 * one barrier, then 8 unrolled 17-tap outputs.  Columns pass: 16x8-thread
 * blocks, s_col[16][81] (padded against bank conflicts), 8 outputs per
 * thread down a column.  Needs W % 128 == 0 and H % 64 == 0.
 */

#define RADIUS 8
#define ROWS_BX 16
#define ROWS_BY 4
#define ROWS_STEPS 8
#define COLS_BX 16
#define COLS_BY 8
#define COLS_STEPS 8
#define HALO 1

__constant__ float c_taps[2 * RADIUS + 1];

extern "C" __global__ void conv_rows(float *dst, const float *src, int w,
				     int h)
{
	__shared__ float s_row[ROWS_BY][(ROWS_STEPS + 2 * HALO) * ROWS_BX];
	int tx = threadIdx.x, ty = threadIdx.y;
	int x0 = (blockIdx.x * ROWS_STEPS - HALO) * ROWS_BX + tx;
	int y0 = blockIdx.y * ROWS_BY + ty;

	src += y0 * w + x0;
	dst += y0 * w + x0;
#pragma unroll
	for (int i = HALO; i < HALO + ROWS_STEPS; i++)
		s_row[ty][tx + i * ROWS_BX] = src[i * ROWS_BX];
#pragma unroll
	for (int i = 0; i < HALO; i++)
		s_row[ty][tx + i * ROWS_BX] = x0 >= -i * ROWS_BX ?
			src[i * ROWS_BX] : 0.0f;
#pragma unroll
	for (int i = HALO + ROWS_STEPS; i < 2 * HALO + ROWS_STEPS; i++)
		s_row[ty][tx + i * ROWS_BX] = w - x0 > i * ROWS_BX ?
			src[i * ROWS_BX] : 0.0f;
	__syncthreads();
#pragma unroll
	for (int i = HALO; i < HALO + ROWS_STEPS; i++) {
		float sum = 0.0f;

#pragma unroll
		for (int j = -RADIUS; j <= RADIUS; j++)
			sum += c_taps[RADIUS - j] *
			       s_row[ty][tx + i * ROWS_BX + j];
		dst[i * ROWS_BX] = sum;
	}
}

extern "C" __global__ void conv_cols(float *dst, const float *src, int w,
				     int h)
{
	__shared__ float s_col[COLS_BX][(COLS_STEPS + 2 * HALO) * COLS_BY + 1];
	int tx = threadIdx.x, ty = threadIdx.y;
	int x0 = blockIdx.x * COLS_BX + tx;
	int y0 = (blockIdx.y * COLS_STEPS - HALO) * COLS_BY + ty;

	src += y0 * w + x0;
	dst += y0 * w + x0;
#pragma unroll
	for (int i = HALO; i < HALO + COLS_STEPS; i++)
		s_col[tx][ty + i * COLS_BY] = src[i * COLS_BY * w];
#pragma unroll
	for (int i = 0; i < HALO; i++)
		s_col[tx][ty + i * COLS_BY] = y0 >= -i * COLS_BY ?
			src[i * COLS_BY * w] : 0.0f;
#pragma unroll
	for (int i = HALO + COLS_STEPS; i < 2 * HALO + COLS_STEPS; i++)
		s_col[tx][ty + i * COLS_BY] = h - y0 > i * COLS_BY ?
			src[i * COLS_BY * w] : 0.0f;
	__syncthreads();
#pragma unroll
	for (int i = HALO; i < HALO + COLS_STEPS; i++) {
		float sum = 0.0f;

#pragma unroll
		for (int j = -RADIUS; j <= RADIUS; j++)
			sum += c_taps[RADIUS - j] *
			       s_col[tx][ty + i * COLS_BY + j];
		dst[i * COLS_BY * w] = sum;
	}
}
