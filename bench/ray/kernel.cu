/*
 * kernel.cu - ray: a small Whitted-style ray tracer in the structure of the
 * ISPASS-2009 RAY benchmark.  One thread per pixel, 16x8-thread blocks.  The
 * scene (3 spheres and a ground plane whose albedo fades with distance,
 * plus materials) lives in
 * __constant__ memory; inside `if (x < W && y < H)` the first threads copy
 * it to shared memory and the block meets at a __syncthreads() (legal only
 * because W and H are exact multiples of the block).  Each primary ray
 * bounces up to MAXDEPTH times off reflective surfaces with a shadow ray per
 * hit; per-bounce colours go on a local stack (float4[MAXDEPTH]) that is
 * unwound back to front.  Uses sqrtf and IEEE divides.
 */

#define NOBJ 4          /* objects 0..2 spheres, 3 the plane y = 0 */
#define MAXDEPTH 5
#define EPS 1e-3f

__constant__ float4 c_obj[NOBJ];   /* sphere: centre, radius; plane: unused */
__constant__ float4 c_mat[NOBJ];   /* rgb, reflectivity */
__constant__ float4 c_light;       /* unit direction towards the light */

struct hit {
	float t;
	int obj;
};

static __device__ float dot3(float3 a, float3 b)
{
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

/* Nearest intersection along o + t d (t > EPS), obj -1 when none. */
static __device__ struct hit trace(const float4 *obj, float3 o, float3 d)
{
	struct hit h = {1e30f, -1};

	for (int i = 0; i < NOBJ - 1; i++) {
		float3 oc = make_float3(o.x - obj[i].x, o.y - obj[i].y,
					o.z - obj[i].z);
		float b = dot3(oc, d);
		float c = dot3(oc, oc) - obj[i].w * obj[i].w;
		float disc = b * b - c;

		if (disc > 0.0f) {
			float t = -b - sqrtf(disc);

			if (t > EPS && t < h.t) {
				h.t = t;
				h.obj = i;
			}
		}
	}
	if (d.y < -EPS) {
		float t = -o.y / d.y;

		if (t > EPS && t < h.t) {
			h.t = t;
			h.obj = NOBJ - 1;
		}
	}
	return h;
}

extern "C" __global__ void render(float4 *img, int w, int h)
{
	__shared__ float4 s_obj[NOBJ];
	__shared__ float4 s_mat[NOBJ];
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int tid = threadIdx.y * blockDim.x + threadIdx.x;

	if (x < w && y < h) {
		float4 stack[MAXDEPTH];
		float3 o = make_float3(0.0f, 1.5f, -5.0f), d, l;
		float inv, r, g, b;
		int depth = 0;

		if (tid < NOBJ) {
			s_obj[tid] = c_obj[tid];
			s_mat[tid] = c_mat[tid];
		}
		__syncthreads();
		l = make_float3(c_light.x, c_light.y, c_light.z);
		d = make_float3((x - 0.5f * w) / h, (0.5f * h - y) / h, 1.5f);
		inv = 1.0f / sqrtf(dot3(d, d));
		d = make_float3(d.x * inv, d.y * inv, d.z * inv);
		while (depth < MAXDEPTH) {
			struct hit hh = trace(s_obj, o, d);
			float3 p, n;
			float4 m;
			float lit;

			if (hh.obj < 0) {
				float sky = 0.5f + 0.5f * d.y;

				stack[depth++] = make_float4(0.3f * sky,
					0.5f * sky, 0.9f * sky, 0.0f);
				break;
			}
			p = make_float3(o.x + hh.t * d.x, o.y + hh.t * d.y,
					o.z + hh.t * d.z);
			m = s_mat[hh.obj];
			if (hh.obj == NOBJ - 1) {
				n = make_float3(0.0f, 1.0f, 0.0f);
				float f = 1.0f / (1.0f + 0.02f * (p.x * p.x +
								p.z * p.z));

				m = make_float4(f * m.x, f * m.y, f * m.z, m.w);
			} else {
				float4 s = s_obj[hh.obj];

				inv = 1.0f / s.w;
				n = make_float3((p.x - s.x) * inv,
						(p.y - s.y) * inv,
						(p.z - s.z) * inv);
			}
			lit = dot3(n, l);
			if (lit > 0.0f) {
				float3 q = make_float3(p.x + EPS * n.x,
						       p.y + EPS * n.y,
						       p.z + EPS * n.z);

				if (trace(s_obj, q, l).obj >= 0)
					lit *= 0.25f;
			} else {
				lit = 0.0f;
			}
			lit = 0.15f + 0.85f * lit;
			stack[depth++] = make_float4(m.x * lit, m.y * lit,
						     m.z * lit, m.w);
			if (m.w <= 0.0f)
				break;
			inv = 2.0f * dot3(d, n);
			d = make_float3(d.x - inv * n.x, d.y - inv * n.y,
					d.z - inv * n.z);
			o = make_float3(p.x + EPS * n.x, p.y + EPS * n.y,
					p.z + EPS * n.z);
		}
		r = g = b = 0.0f;
		while (depth > 0) {
			float4 s = stack[--depth];

			r = s.x + s.w * r;
			g = s.y + s.w * g;
			b = s.z + s.w * b;
		}
		img[y * w + x] = make_float4(r, g, b, 1.0f);
	}
}
