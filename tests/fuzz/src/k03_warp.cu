__global__ void warpops(int *out, const int *in) {
  int v = in[threadIdx.x];
  for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  int b = __ballot_sync(0xffffffff, v > 3);
  int a = __all_sync(0xffffffff, v > 0) + __any_sync(0xaaaaaaaa, v < 0);
  int x = __shfl_sync(0xffffffff, v, 3) + __shfl_up_sync(0xffffffff, v, 1) + __shfl_xor_sync(0xffffffff, v, 2);
  unsigned m = __activemask(); int mm = __match_any_sync(m, v);
  __syncwarp(0x55555555);
  out[threadIdx.x] = v + b + a + x + mm + __popc(v) + __clz(v) + __ffs(v) + __brev(v) + __byte_perm(v, b, 0x3210);
  out[threadIdx.x + 32] = __syncthreads_count(v > 2) + __syncthreads_and(v) + __syncthreads_or(v);
}
