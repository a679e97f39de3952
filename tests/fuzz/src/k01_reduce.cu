__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x; int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int k = blockDim.x / 2; k > 0; k >>= 1) { if (t < k) s[t] += s[t + k]; __syncthreads(); }
  if (t == 0) out[blockIdx.x] = s[0];
}
extern __shared__ float dyn[];
__global__ void dynsh(float *out, int n) {
  dyn[threadIdx.x] = threadIdx.x; __syncthreads();
  out[threadIdx.x] = dyn[(threadIdx.x + 1) % blockDim.x];
}
