__global__ void trig(float *a, const float *b, int n) {
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i < n) { float x = b[i]; a[i] = sinf(x) + cosf(x) * expf(x) + logf(x + 2.f) + rsqrtf(x) + __sinf(x) + tanhf(x) + 1.0f / x; }
}
