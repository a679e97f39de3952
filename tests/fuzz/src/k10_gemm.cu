#define T 16
__global__ void __launch_bounds__(256, 2) gemm(const float *A, const float *B, float *C, int N) {
  __shared__ float As[T][T], Bs[T][T];
  int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y*T+ty, col = blockIdx.x*T+tx; float acc = 0;
  for (int k = 0; k < N/T; k++) { As[ty][tx] = A[row*N + k*T+tx]; Bs[ty][tx] = B[(k*T+ty)*N+col]; __syncthreads();
#pragma unroll 1
    for (int j = 0; j < T; j++) acc = fmaf(As[ty][j], Bs[j][tx], acc); __syncthreads(); }
  C[row*N+col] = acc + fminf(acc, 1.f) + fmaxf(acc, -1.f) + copysignf(1.0f, acc) + fabsf(acc) + sqrtf(acc) + acc/ (float)N;
}
