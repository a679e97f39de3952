/*
 * devfunc: __noinline__ device functions that take and return structs by
 * value (a 3-float vector, an int pair), so the PTX has .func bodies with
 * .param byte arrays, call.uni sequences, nested calls and calls under
 * divergence.  Inputs are small integers, so every float result is exact.
 */

struct vec3 {
	float x, y, z; /* components */
};

struct ipair {
	int a, b; /* the pair */
};

__device__ __noinline__ vec3 v_cross(vec3 a, vec3 b)
{
	vec3 r;

	r.x = a.y * b.z - a.z * b.y;
	r.y = a.z * b.x - a.x * b.z;
	r.z = a.x * b.y - a.y * b.x;
	return r;
}

__device__ __noinline__ vec3 v_madd(vec3 a, float s, vec3 b)
{
	vec3 r;

	r.x = a.x * s + b.x;
	r.y = a.y * s + b.y;
	r.z = a.z * s + b.z;
	return r;
}

/* Nested call: (a x b) x c + (a x c) * 2. */
__device__ __noinline__ vec3 v_triple(vec3 a, vec3 b, vec3 c)
{
	vec3 t = v_cross(v_cross(a, b), c);

	return v_madd(v_cross(a, c), 2.0f, t);
}

__device__ __noinline__ ipair p_divmod(int a, int b)
{
	ipair r;

	r.a = a / b;
	r.b = a % b;
	return r;
}

__device__ __noinline__ ipair p_sort(ipair p)
{
	ipair r;

	r.a = min(p.a, p.b);
	r.b = max(p.a, p.b);
	return r;
}

extern "C" __global__ void struct_calls(const float *v, const int *iv,
					float *vout, int *iout, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	vec3 a = {v[9 * i + 0], v[9 * i + 1], v[9 * i + 2]};
	vec3 b = {v[9 * i + 3], v[9 * i + 4], v[9 * i + 5]};
	vec3 c = {v[9 * i + 6], v[9 * i + 7], v[9 * i + 8]};
	vec3 r;
	ipair q;

	if (i % 3 == 0)
		r = v_triple(a, b, c);
	else if (i % 3 == 1)
		r = v_cross(b, c);
	else
		r = v_madd(a, -3.0f, c);
	vout[3 * i + 0] = r.x;
	vout[3 * i + 1] = r.y;
	vout[3 * i + 2] = r.z;

	q = p_divmod(iv[2 * i], iv[2 * i + 1]);
	if (q.a & 1)
		q = p_sort(q);
	iout[2 * i] = q.a;
	iout[2 * i + 1] = q.b;
}
