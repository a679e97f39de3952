// Simulation-rate benchmark kernels (perf/simrate.c): each stresses one part
// of the functional model. Our own code; inputs are synthetic.

// ALU-heavy: a polynomial evaluated in a loop, one store per thread.
extern "C" __global__ void alu_loop(float *out, int iters)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float x = i * 0.001f, acc = 0.0f;
	for (int k = 0; k < iters; k++) {
		acc = acc * 0.999f + x;
		x = x * 1.0001f + 0.5f;
		acc += (k & 1) ? x : -x;
	}
	out[i] = acc;
}

// Shared-memory tree reduction with a barrier per level.
extern "C" __global__ void reduce(const float *in, float *out, int n)
{
	__shared__ float s[256];
	int t = threadIdx.x;
	float v = 0.0f;
	for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
		v += in[i];
	s[t] = v;
	__syncthreads();
	for (int st = blockDim.x / 2; st > 0; st >>= 1) {
		if (t < st)
			s[t] += s[t + st];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

// Divergent control flow: data-dependent trip counts and branches.
extern "C" __global__ void diverge(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i], acc = 0;
	for (int k = 0; k < (v & 63); k++) {
		if (v & (1 << (k & 7)))
			acc += k * v;
		else
			acc ^= k;
	}
	out[i] = acc;
}

// Global atomics into a small histogram.
extern "C" __global__ void histo(const unsigned *in, unsigned *bins, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&bins[in[i] & 255], 1u);
}
