/*
 * backprop: the two GPU kernels of Rodinia backprop (input -> 16 hidden
 * units).  Blocks are 16x16 (tx = hidden unit, ty = input row within the
 * block's 16 inputs), grid (1, in/16).
 *   bpnn_layerforward: row tx==0 stages the 16 inputs in shared memory,
 *     every thread forms weight * input in a shared 16x16 matrix, then a
 *     4-level column reduction with `if (ty % 2^i == 0)` (loop bound from
 *     __log2f, stride from __powf as in the original), a barrier per
 *     level (the bound is taken from blockDim.y == HEIGHT so that, as
 *     with the original's nvcc, the loop stays a loop with lg2.approx);
 *     the per-block partial sum of each hidden unit is written.
 *   bpnn_adjust_weights: element-wise momentum update of the weights
 *     (double-precision ETA/MOMENTUM literals as in the original), one
 *     barrier, then block 0 / row 0 also updates the bias weights.
 */

#define WIDTH 16
#define HEIGHT 16
#define ETA 0.3
#define MOMENTUM 0.3

extern "C" __global__ void bpnn_layerforward(const float *input,
					    float *w_in_hid,
					    float *partial, int in, int hid)
{
	__shared__ float node[HEIGHT];
	__shared__ float wm[HEIGHT][WIDTH];
	int by = blockIdx.y;
	int tx = threadIdx.x, ty = threadIdx.y;
	int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 +
		    (hid + 1);
	int index_in = HEIGHT * by + ty + 1;

	if (tx == 0)
		node[ty] = input[index_in];
	__syncthreads();
	wm[ty][tx] = w_in_hid[index];
	__syncthreads();
	wm[ty][tx] = wm[ty][tx] * node[ty];
	__syncthreads();
	for (int i = 1; i <= __log2f((float)blockDim.y); i++) {
		int p2 = (int)__powf(2, i);

		if (ty % p2 == 0)
			wm[ty][tx] = wm[ty][tx] + wm[ty + p2 / 2][tx];
		__syncthreads();
	}
	w_in_hid[index] = wm[ty][tx];
	__syncthreads();
	if (tx == 0)
		partial[by * hid + ty] = wm[tx][ty];
}

extern "C" __global__ void bpnn_adjust_weights(const float *delta, int hid,
					      const float *ly, int in,
					      float *w, float *oldw)
{
	int by = blockIdx.y;
	int tx = threadIdx.x, ty = threadIdx.y;
	int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 +
		    (hid + 1);
	int index_y = HEIGHT * by + ty + 1;
	int index_x = tx + 1;

	w[index] += ((ETA * delta[index_x] * ly[index_y]) +
		     (MOMENTUM * oldw[index]));
	oldw[index] = ((ETA * delta[index_x] * ly[index_y]) +
		       (MOMENTUM * oldw[index]));
	__syncthreads();
	if (ty == 0 && by == 0) {
		w[index_x] += ((ETA * delta[index_x]) +
			       (MOMENTUM * oldw[index_x]));
		oldw[index_x] = ((ETA * delta[index_x]) +
				 (MOMENTUM * oldw[index_x]));
	}
}
