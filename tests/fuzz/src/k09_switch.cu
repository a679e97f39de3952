__device__ int table[16];
__global__ void sw(int *o, int n, float f) {
  int v = o[threadIdx.x]; int r;
  switch (v & 15) { case 0: r = 3; break; case 1: r = n; break; case 2: r = v*7; break; case 3: r = v^n; break;
   case 4: r = 11; break; case 5: r = table[v&3]; break; case 6: r = -9; break; default: r = 0; }
  int stack[32]; int sp = 0;
  for (int k = 0; k < n; k++) { stack[sp++ & 31] = k * r; if (sp > 5) sp -= 2; }
  o[threadIdx.x] = r + stack[(v) & 31] + (int)(f * 3.5f) + (unsigned)f + __float2int_rn(f) + (int)truncf(f) + (int)ceilf(f);
  __nanosleep(100); long long c = clock64(); o[0] += (int)c + clock();
}
