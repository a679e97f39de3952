/*
 * kernel.cu - nnl: forward pass of a LeNet-style convolutional network in
 * the structure of the GPGPU-Sim ISPASS-2009 NN benchmark, one kernel per
 * layer, blockIdx.y = image.  Layer 1: (6, NUM) blocks of 13x13 threads,
 * a 5x5 stride-2 convolution of the 29x29 input; layer 2: (50, NUM) blocks
 * of 5x5 threads over the six 13x13 maps; layers 3 and 4: fully connected,
 * one 1-thread block per output neuron (1250 -> 100 -> 10).  No barriers;
 * partial warps of 169, 25 and 1 threads.  The activation is
 * 1.7159 * tanh(2/3 x), with tanh from expf and the 1.7159 multiply done
 * in double as in the original.
 */

static __device__ float nn_act(float x)
{
	float t = 2.0f / (1.0f + expf(-1.3333333f * x)) - 1.0f;

	return (float)(1.7159 * t);
}

/* in: 29x29 per image; w: 6 x (bias + 25); out: 6 x 13 x 13 per image. */
extern "C" __global__ void nn_layer1(const float *in, const float *w,
				     float *out)
{
	int map = blockIdx.x, img = blockIdx.y;
	int tx = threadIdx.x, ty = threadIdx.y;
	const float *src = in + img * 29 * 29 + 2 * ty * 29 + 2 * tx;
	const float *wm = w + map * 26;
	float sum = wm[0];

	for (int ky = 0; ky < 5; ky++)
		for (int kx = 0; kx < 5; kx++)
			sum += wm[1 + ky * 5 + kx] * src[ky * 29 + kx];
	out[img * 6 * 169 + map * 169 + ty * 13 + tx] = nn_act(sum);
}

/* in: 6 x 13 x 13 per image; w: 50 x (bias + 6 x 25); out: 50 x 5 x 5. */
extern "C" __global__ void nn_layer2(const float *in, const float *w,
				     float *out)
{
	int map = blockIdx.x, img = blockIdx.y;
	int tx = threadIdx.x, ty = threadIdx.y;
	const float *wm = w + map * 151;
	float sum = wm[0];

	for (int m = 0; m < 6; m++) {
		const float *src = in + img * 6 * 169 + m * 169 + 2 * ty * 13 +
				   2 * tx;

		for (int ky = 0; ky < 5; ky++)
			for (int kx = 0; kx < 5; kx++)
				sum += wm[1 + m * 25 + ky * 5 + kx] *
				       src[ky * 13 + kx];
	}
	out[img * 1250 + map * 25 + ty * 5 + tx] = nn_act(sum);
}

/* Fully connected: out[img][n] = act(w[n][0] + sum_i w[n][1+i] in[img][i]). */
static __device__ void nn_full(const float *in, const float *w, float *out,
			       int nin, int nout)
{
	int n = blockIdx.x, img = blockIdx.y;
	const float *wn = w + n * (nin + 1);
	const float *src = in + img * nin;
	float sum = wn[0];

	for (int i = 0; i < nin; i++)
		sum += wn[1 + i] * src[i];
	out[img * nout + n] = nn_act(sum);
}

extern "C" __global__ void nn_layer3(const float *in, const float *w,
				     float *out)
{
	nn_full(in, w, out, 1250, 100);
}

extern "C" __global__ void nn_layer4(const float *in, const float *w,
				     float *out)
{
	nn_full(in, w, out, 100, 10);
}
