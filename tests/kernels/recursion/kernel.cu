// kernel.cu - recursion on the per-thread call stack (issue 18): factorial,
// a binary-tree walk from per-thread roots, doubly recursive Fibonacci,
// mutual recursion (is_even/is_odd), and a recursion too deep for the
// simulator's call-depth limit (the launch must fail cleanly).
struct node {
	int val;
	int left;  // child index or -1
	int right; // child index or -1
};

__device__ unsigned long long fact(unsigned n)
{
	return n <= 1 ? 1ull : n * fact(n - 1);
}

__device__ int tree_sum(const node *t, int i, int depth)
{
	if (i < 0)
		return 0;
	int s = t[i].val * depth;
	s += tree_sum(t, t[i].left, depth + 1);
	s += tree_sum(t, t[i].right, depth + 1);
	return s;
}

__device__ int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__device__ int is_odd(int n);
__device__ int is_even(int n)
{
	return n == 0 ? 1 : is_odd(n - 1);
}
__device__ int is_odd(int n)
{
	return n == 0 ? 0 : is_even(n - 1);
}

extern "C" __global__ void recurse(const node *t, const int *roots,
				   unsigned long long *f, int *ts, int *fb,
				   int *par, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	f[i] = fact(i % 21);
	ts[i] = tree_sum(t, roots[i], 1);
	fb[i] = fib(i % 14);
	par[i] = is_even(i % 37);
}

// fib(depth) with a large depth nests more calls than the limit.
extern "C" __global__ void too_deep(int *out, int depth)
{
	out[threadIdx.x] = fib(depth + (int)threadIdx.x);
}
