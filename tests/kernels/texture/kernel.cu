// kernel.cu - texture and surface objects (issue 18): fetches through
// cudaTextureObject_t in 1D (tex1Dfetch on linear memory), 2D (arrays and
// pitch2D memory, float4 and normalised uchar4), 3D and layered 1D/2D
// arrays, and surface reads/writes with trap, clamp and zero boundary
// modes.  host.c creates the objects with every address and filter mode
// and checks each result against a CPU reference of the programming
// guide's texture-fetching rules.
extern "C" __global__ void fetch2d(cudaTextureObject_t t, const float2 *c,
				   float4 *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex2D<float4>(t, c[i].x, c[i].y);
}

extern "C" __global__ void fetch1d_int(cudaTextureObject_t t, const int *idx,
				       int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex1Dfetch<int>(t, idx[i]);
}

extern "C" __global__ void fetch1d(cudaTextureObject_t t, const float *c,
				   float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex1D<float>(t, c[i]);
}

extern "C" __global__ void fetch3d(cudaTextureObject_t t, const float4 *c,
				   float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex3D<float>(t, c[i].x, c[i].y, c[i].z);
}

extern "C" __global__ void fetch2d_layered(cudaTextureObject_t t,
					   const float4 *c, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex2DLayered<float>(t, c[i].x, c[i].y, (int)c[i].z);
}

extern "C" __global__ void fetch1d_layered(cudaTextureObject_t t,
					   const float2 *c, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex1DLayered<float>(t, c[i].x, (int)c[i].y);
}

extern "C" __global__ void fetch2d_int4(cudaTextureObject_t t,
					const float2 *c, int4 *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tex2D<int4>(t, c[i].x, c[i].y);
}

// Every thread reads element (x, y) of the int surface `in` (x in
// elements) and writes twice its value to `out`; it also reports reads of
// `in` outside the surface under the clamp and zero boundary modes.
extern "C" __global__ void surf(cudaSurfaceObject_t in, cudaSurfaceObject_t so,
				int *out, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y;
	if (x >= w || y >= h)
		return;
	int v = surf2Dread<int>(in, x * 4, y);
	surf2Dwrite(v * 2, so, x * 4, y);
	int o = (y * w + x) * 3;
	out[o] = v;
	out[o + 1] = surf2Dread<int>(in, (x + w) * 4, y - h, cudaBoundaryModeClamp);
	out[o + 2] = surf2Dread<int>(in, (x - w) * 4, y, cudaBoundaryModeZero);
}

// A read outside the surface in the default trap mode stops the kernel.
extern "C" __global__ void surf_trap(cudaSurfaceObject_t in, int *out, int x)
{
	out[0] = surf2Dread<int>(in, x * 4, 0);
}
