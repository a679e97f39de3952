// kernel.cu - texture gathers, cube maps, mipmaps, texture queries and
// surface reductions (issue 18): tex2Dgather (tld4), texCubemap and
// texCubemapLayered (tex.cube, tex.acube), tex2DLod / tex2DGrad on
// mipmapped arrays (tex.level, tex.grad), txq, suq and istypep through
// inline PTX (CUDA C++ has no texture-object query intrinsic), and sured through inline PTX
// (CUDA C++ has no surface-reduction intrinsic).  host.c checks every
// result against a CPU reference of the CUDA rules.

// out[i] = the four texels of component comp around c[i] (tld4).
extern "C" __global__ void gather(cudaTextureObject_t t, const float2 *c,
				  float4 *out, int n, int comp)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float4 v;
	switch (comp) {
	case 0: v = tex2Dgather<float4>(t, c[i].x, c[i].y, 0); break;
	case 1: v = tex2Dgather<float4>(t, c[i].x, c[i].y, 1); break;
	case 2: v = tex2Dgather<float4>(t, c[i].x, c[i].y, 2); break;
	default: v = tex2Dgather<float4>(t, c[i].x, c[i].y, 3); break;
	}
	out[i] = v;
}

// out[i] = cube map fetch in direction c[i].xyz (layer c[i].w when the
// map is layered).
extern "C" __global__ void cube(cudaTextureObject_t t, const float4 *c,
				float *out, int n, int layered)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	if (layered)
		out[i] = texCubemapLayered<float>(t, c[i].x, c[i].y, c[i].z,
						  (int)c[i].w);
	else
		out[i] = texCubemap<float>(t, c[i].x, c[i].y, c[i].z);
}

// out[i] = 2D fetch at c[i].xy with level of detail c[i].z (tex.level).
extern "C" __global__ void lod2d(cudaTextureObject_t t, const float4 *c,
				 float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex2DLod<float>(t, c[i].x, c[i].y, c[i].z);
}

// out[i] = 2D fetch at c[i] with gradients g[2i] (d/dx) and g[2i+1]
// (d/dy) (tex.grad).
extern "C" __global__ void grad2d(cudaTextureObject_t t, const float2 *c,
				  const float2 *g, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex2DGrad<float>(t, c[i].x, c[i].y, g[2 * i],
					  g[2 * i + 1]);
}

// The texture attributes txq reports, one per out[] slot.
extern "C" __global__ void query(cudaTextureObject_t t, int *out)
{
	int v[10];
	asm("txq.width.b32 %0, [%1];" : "=r"(v[0]) : "l"(t));
	asm("txq.height.b32 %0, [%1];" : "=r"(v[1]) : "l"(t));
	asm("txq.depth.b32 %0, [%1];" : "=r"(v[2]) : "l"(t));
	asm("txq.num_mipmap_levels.b32 %0, [%1];" : "=r"(v[3]) : "l"(t));
	asm("txq.normalized_coords.b32 %0, [%1];" : "=r"(v[4]) : "l"(t));
	asm("txq.filter_mode.b32 %0, [%1];" : "=r"(v[5]) : "l"(t));
	asm("txq.addr_mode_0.b32 %0, [%1];" : "=r"(v[6]) : "l"(t));
	asm("txq.addr_mode_1.b32 %0, [%1];" : "=r"(v[7]) : "l"(t));
	asm("txq.array_size.b32 %0, [%1];" : "=r"(v[8]) : "l"(t));
	asm("txq.level.width.b32 %0, [%1], %2;" : "=r"(v[9]) : "l"(t), "r"(2));
	for (int k = 0; k < 10; k++)
		out[k] = v[k];
}

// The surface attributes suq reports, one per out[] slot.
extern "C" __global__ void squery(cudaSurfaceObject_t s, int *out)
{
	int v[6];
	asm("suq.width.b32 %0, [%1];" : "=r"(v[0]) : "l"(s));
	asm("suq.height.b32 %0, [%1];" : "=r"(v[1]) : "l"(s));
	asm("suq.depth.b32 %0, [%1];" : "=r"(v[2]) : "l"(s));
	asm("suq.array_size.b32 %0, [%1];" : "=r"(v[3]) : "l"(s));
	asm("suq.channel_data_type.b32 %0, [%1];" : "=r"(v[4]) : "l"(s));
	asm("suq.memory_layout.b32 %0, [%1];" : "=r"(v[5]) : "l"(s));
	for (int k = 0; k < 6; k++)
		out[k] = v[k];
}

// istypep on handle h (thread 0: .texref, 1: .samplerref, 2: .surfref).
extern "C" __global__ void istype(unsigned long long h, int *out)
{
	int r;
	if (threadIdx.x == 0)
		asm("{ .reg .pred p; istypep.texref p, %1; selp.s32 %0, 1, 0, p; }"
		    : "=r"(r) : "l"(h));
	else if (threadIdx.x == 1)
		asm("{ .reg .pred p; istypep.samplerref p, %1; selp.s32 %0, 1, 0, p; }"
		    : "=r"(r) : "l"(h));
	else
		asm("{ .reg .pred p; istypep.surfref p, %1; selp.s32 %0, 1, 0, p; }"
		    : "=r"(r) : "l"(h));
	out[threadIdx.x] = r;
}

// Every thread adds 1 + its index to element (x % w, y) of an unsigned
// surface, takes the min and max (byte and sample addressing) of signed
// values at (x % w, y) of a second and third one (the byte-addressed max
// at row y + 1), and or's a bit into a fourth; x and y outside are
// clamped (x) or dropped (.zero, y).
extern "C" __global__ void reduce(cudaSurfaceObject_t su, cudaSurfaceObject_t smin,
				  cudaSurfaceObject_t smax, cudaSurfaceObject_t sor,
				  int w)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y;
	int xb = (x % w) * 4;
	unsigned a = 1 + x;
	int s = (x & 1) ? -x : x;
	unsigned bit = 1u << (x % 32);
	asm volatile("sured.b.add.2d.u32.trap [%0, {%1, %2}], %3;"
		     :: "l"(su), "r"(xb), "r"(y), "r"(a) : "memory");
	asm volatile("sured.b.min.2d.s32.clamp [%0, {%1, %2}], %3;"
		     :: "l"(smin), "r"(xb), "r"(y), "r"(s) : "memory");
	// a maximum at (x % w, y) with sample addressing (x in elements; the
	// surface's signed format makes .b32 signed)
	asm volatile("sured.p.max.2d.b32.clamp [%0, {%1, %2}], %3;"
		     :: "l"(smax), "r"(x % w), "r"(y), "r"(s) : "memory");
	asm volatile("sured.b.max.2d.s32.zero [%0, {%1, %2}], %3;"
		     :: "l"(smax), "r"(xb), "r"(y + 1), "r"(s) : "memory");
	asm volatile("sured.b.or.1d.b32.clamp [%0, {%1}], %2;"
		     :: "l"(sor), "r"(x * 4), "r"(bit) : "memory");
}
