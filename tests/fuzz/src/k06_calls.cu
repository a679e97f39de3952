struct V3 { float x, y, z; };
__device__ __noinline__ V3 cross(V3 a, V3 b) { V3 r = {a.y*b.z-a.z*b.y, a.z*b.x-a.x*b.z, a.x*b.y-a.y*b.x}; return r; }
__device__ __noinline__ int sq(int v) { return v * v; }
__device__ __noinline__ void store(int *p, int v) { if (v > 3) *p = sq(v); else *p = -v; }
__global__ void calls(V3 *o, const V3 *a, int *q) {
  int i = threadIdx.x; o[i] = cross(a[i], a[i+1]); store(q + i, sq(i)); 
}
__global__ void calls2(int *q) { store(q, threadIdx.x); }
