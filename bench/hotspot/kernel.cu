/*
 * hotspot: 2-D transient thermal stencil (Rodinia hotspot structure).
 * Each 16x16 block loads a tile of temperature and power (with a halo of
 * `iter` cells on each side) into shared memory and advances `iter` time
 * steps in place: a pyramid whose valid region shrinks by one cell per
 * step, so the block writes only its inner (16 - 2*pyramid) square.
 * Grid-border cells clamp their missing neighbours to themselves.  One
 * barrier after the load, then two per step (the last step only one).
 * The update keeps Rodinia's double-precision "2.0 *" term.
 */

#define BS 16
#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

extern "C" __global__ void calculate_temp(int iter, const float *power,
					 const float *src, float *dst,
					 int cols, int rows, int border_cols,
					 int border_rows, float cap, float rx,
					 float ry, float rz, float step)
{
	__shared__ float t_in[BS][BS];
	__shared__ float p_in[BS][BS];
	__shared__ float t_out[BS][BS];
	const float amb = 80.0f;
	int bx = blockIdx.x, by = blockIdx.y;
	int tx = threadIdx.x, ty = threadIdx.y;
	float step_div_cap = step / cap;
	float rx1 = 1.0f / rx, ry1 = 1.0f / ry, rz1 = 1.0f / rz;
	int small_rows = BS - iter * 2;
	int small_cols = BS - iter * 2;
	int blk_y = small_rows * by - border_rows;
	int blk_x = small_cols * bx - border_cols;
	int blk_ymax = blk_y + BS - 1;
	int blk_xmax = blk_x + BS - 1;
	int yidx = blk_y + ty;
	int xidx = blk_x + tx;
	int idx = cols * yidx + xidx;
	int valid_ymin = blk_y < 0 ? -blk_y : 0;
	int valid_ymax = blk_ymax > rows - 1 ? BS - 1 - (blk_ymax - rows + 1)
					      : BS - 1;
	int valid_xmin = blk_x < 0 ? -blk_x : 0;
	int valid_xmax = blk_xmax > cols - 1 ? BS - 1 - (blk_xmax - cols + 1)
					      : BS - 1;
	int n = ty - 1, s = ty + 1, w = tx - 1, e = tx + 1;
	bool computed = false;

	if (IN_RANGE(yidx, 0, rows - 1) && IN_RANGE(xidx, 0, cols - 1)) {
		t_in[ty][tx] = src[idx];
		p_in[ty][tx] = power[idx];
	}
	__syncthreads();
	n = n < valid_ymin ? valid_ymin : n;
	s = s > valid_ymax ? valid_ymax : s;
	w = w < valid_xmin ? valid_xmin : w;
	e = e > valid_xmax ? valid_xmax : e;
	for (int i = 0; i < iter; i++) {
		computed = false;
		if (IN_RANGE(tx, i + 1, BS - i - 2) &&
		    IN_RANGE(ty, i + 1, BS - i - 2) &&
		    IN_RANGE(tx, valid_xmin, valid_xmax) &&
		    IN_RANGE(ty, valid_ymin, valid_ymax)) {
			computed = true;
			t_out[ty][tx] = t_in[ty][tx] + step_div_cap *
				(p_in[ty][tx] +
				 (t_in[s][tx] + t_in[n][tx] -
				  2.0 * t_in[ty][tx]) * ry1 +
				 (t_in[ty][e] + t_in[ty][w] -
				  2.0 * t_in[ty][tx]) * rx1 +
				 (amb - t_in[ty][tx]) * rz1);
		}
		__syncthreads();
		if (i == iter - 1)
			break;
		if (computed)
			t_in[ty][tx] = t_out[ty][tx];
		__syncthreads();
	}
	if (computed)
		dst[idx] = t_out[ty][tx];
}
