__global__ void dmath(double *a, const double *b, int n) {
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i < n) { double x = b[i]; a[i] = sqrt(x) / (x + 1.7159) + exp(x) * sin(x) + pow(x, 2.5) + (double)(long long)x + floor(x); }
}
