__global__ void i64(unsigned long long *a, const long long *b, int n) {
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i < n) { long long x = b[i]; unsigned long long y = (unsigned long long)x * 6364136223846793005ull + 1442695040888963407ull;
    a[i] = y / (unsigned long long)(n+1) + (x % 7) + __umul64hi(y, y) + __clzll(y) + __popcll(y) + (y >> 13) + (x >> 3) + ((y << 5) | (y >> 59)) - 3958705157555305931ll; }
}
