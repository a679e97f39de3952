/*
 * fwt: fast Walsh-Hadamard transform and dyadic convolution (the structure
 * of the CUDA SDK fastWalshTransform workload, written for warpsim).
 *   fwt_global: one radix-4 butterfly stage pair per launch over global
 *     memory (no barriers); blocks of 256, blockIdx.y selects the batch.
 *   fwt_shared: a whole 2^log2n-point transform per block in dynamic shared
 *     memory with n/4 threads: radix-4 stages with a barrier before each,
 *     one radix-2 stage (plus barrier) when log2n is odd, a final barrier.
 *   fwt_modulate: pointwise product with the transformed kernel, scaled
 *     by 1/n (grid-stride loop).
 */

/* One radix-4 butterfly on four values, in place. */
__device__ static void fwt_bfly4(float *d0, float *d1, float *d2, float *d3)
{
	float t;

	t = *d0;
	*d0 = *d0 + *d2;
	*d2 = t - *d2;
	t = *d1;
	*d1 = *d1 + *d3;
	*d3 = t - *d3;
	t = *d0;
	*d0 = *d0 + *d1;
	*d1 = t - *d1;
	t = *d2;
	*d2 = *d2 + *d3;
	*d3 = t - *d3;
}

extern "C" __global__ void fwt_shared(float *out, const float *in,
				      int log2n)
{
	extern __shared__ float s[];
	int n = 1 << log2n;
	const float *src = in + ((size_t)blockIdx.x << log2n);
	float *dst = out + ((size_t)blockIdx.x << log2n);
	int t = threadIdx.x;

	for (int p = t; p < n; p += blockDim.x)
		s[p] = src[p];
	for (int stride = n >> 2; stride > 0; stride >>= 2) {
		int lo = t & (stride - 1);
		int i0 = ((t - lo) << 2) + lo;
		int i1 = i0 + stride, i2 = i1 + stride, i3 = i2 + stride;

		__syncthreads();
		float d0 = s[i0], d1 = s[i1], d2 = s[i2], d3 = s[i3];

		fwt_bfly4(&d0, &d1, &d2, &d3);
		s[i0] = d0;
		s[i1] = d1;
		s[i2] = d2;
		s[i3] = d3;
	}
	if (log2n & 1) {
		__syncthreads();
		for (int p = t; p < n / 2; p += blockDim.x) {
			float d0 = s[2 * p], d1 = s[2 * p + 1];

			s[2 * p] = d0 + d1;
			s[2 * p + 1] = d0 - d1;
		}
	}
	__syncthreads();
	for (int p = t; p < n; p += blockDim.x)
		dst[p] = s[p];
}

extern "C" __global__ void fwt_global(float *out, const float *in,
				      int stride)
{
	int pos = blockIdx.x * blockDim.x + threadIdx.x;
	int n = blockDim.x * gridDim.x * 4;
	const float *src = in + (size_t)blockIdx.y * n;
	float *dst = out + (size_t)blockIdx.y * n;
	int lo = pos & (stride - 1);
	int i0 = ((pos - lo) << 2) + lo;
	int i1 = i0 + stride, i2 = i1 + stride, i3 = i2 + stride;
	float d0 = src[i0], d1 = src[i1], d2 = src[i2], d3 = src[i3];

	fwt_bfly4(&d0, &d1, &d2, &d3);
	dst[i0] = d0;
	dst[i1] = d1;
	dst[i2] = d2;
	dst[i3] = d3;
}

extern "C" __global__ void fwt_modulate(float *a, const float *b, int n)
{
	int tid = blockIdx.x * blockDim.x + threadIdx.x;
	int nthreads = blockDim.x * gridDim.x;
	float rn = 1.0f / (float)n;

	for (int p = tid; p < n; p += nthreads)
		a[p] *= b[p] * rn;
}
