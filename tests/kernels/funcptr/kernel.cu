// kernel.cu - function pointers and virtual functions (issue 18): a
// __device__ table of operation pointers initialised in PTX
// (`.global .u64 table[] = {f, g, h}`), a pointer chosen per thread in
// registers, a pointer in a __device__ variable, and virtual calls through
// a base-class pointer (vtables are .global arrays of function pointers).
// Lanes of one warp call different targets (divergent indirect calls).
typedef int (*op_t)(int, int);

__device__ int add_op(int a, int b) { return a + b; }
__device__ int mul_op(int a, int b) { return a * b; }
__device__ int sub_op(int a, int b) { return a - b; }
__device__ int max_op(int a, int b) { return a > b ? a : b; }

__device__ op_t table[4] = {add_op, mul_op, sub_op, max_op};
__device__ op_t single = mul_op;

struct Shape {
	__device__ virtual float area() const = 0;
	__device__ virtual int sides() const { return 0; }
};
struct Square : Shape {
	float s;
	__device__ Square(float v) : s(v) {}
	__device__ float area() const override { return s * s; }
	__device__ int sides() const override { return 4; }
};
struct Triangle : Shape {
	float b, h;
	__device__ Triangle(float v) : b(v), h(2.0f) {}
	__device__ float area() const override { return 0.5f * b * h; }
	__device__ int sides() const override { return 3; }
};
struct Circle : Shape {
	float r;
	__device__ Circle(float v) : r(v) {}
	__device__ float area() const override { return 3.0f * r * r; }
};

__device__ __noinline__ float measure(const Shape *s, int *sides)
{
	*sides = s->sides();
	return s->area();
}

extern "C" __global__ void apply(const int *a, const int *b, const int *sel,
				 int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	op_t f = table[sel[i] & 3];
	op_t g = (i & 1) ? add_op : sub_op;
	out[3 * i] = f(a[i], b[i]);
	out[3 * i + 1] = g(a[i], 7);
	out[3 * i + 2] = single(a[i], 3);
}

extern "C" __global__ void shapes(const float *v, const int *kind,
				  float *area, int *sides, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	Square sq(v[i]);
	Triangle tr(v[i]);
	Circle ci(v[i]);
	const Shape *s = kind[i] == 0 ? (const Shape *)&sq
			 : kind[i] == 1 ? (const Shape *)&tr : (const Shape *)&ci;
	area[i] = measure(s, &sides[i]);
}
