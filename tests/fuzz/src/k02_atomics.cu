__device__ unsigned int g_count = 5;
__device__ int lock = 0;
__global__ void hist(const unsigned char *d, unsigned *h, int n, double *dd, unsigned long long *u64) {
  __shared__ unsigned sh[256];
  sh[threadIdx.x] = 0; __syncthreads();
  for (int i = blockIdx.x*blockDim.x+threadIdx.x; i < n; i += gridDim.x*blockDim.x) atomicAdd(&sh[d[i]], 1u);
  __syncthreads();
  atomicAdd(&h[threadIdx.x], sh[threadIdx.x]);
  atomicAdd(dd, 1.0); atomicMax(u64, 7ull); atomicInc(&g_count, 100u); atomicCAS(&lock, 0, 1);
  atomicExch(&lock, 0); atomicMin((int*)h, -3);
}
__global__ void spin(int *flag, int *data) {
  bool done = false;
  while (!done) {
    if (atomicCAS(&lock, 0, 1) == 0) { data[0] += 1; __threadfence(); atomicExch(&lock, 0); done = true; }
  }
  volatile int *f = flag; while (f[0] == 0) {}
}
