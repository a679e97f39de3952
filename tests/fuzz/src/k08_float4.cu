__global__ void f4(float4 *o, const float4 * __restrict__ a, float4 k, int n) {
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i < n) { float4 v = __ldg(&a[i]); o[i] = make_float4(v.x*k.x, v.y*k.y, v.z*k.z, v.w*k.w); }
}
__constant__ float cc[8] = {1,2,3,4,5,6,7,8};
__global__ void cst(float *o, short s, char c, bool b) { 
  unsigned char loc[64]; for (int j=0;j<64;j++) loc[j]=j*threadIdx.x; 
  o[threadIdx.x] = cc[threadIdx.x & 7] + s + c + b + loc[(threadIdx.x*7)&63]; }
