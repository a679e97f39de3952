/*
 * mathfn: single-precision library functions (expf via ex2.approx, sqrtf,
 * rsqrtf, sinf/cosf with the Payne-Hanek slow path for huge arguments),
 * IEEE f32 division, directed-rounding intrinsics, __saturatef,
 * saturating float-to-int conversions, f64 fma/div/sqrt, and integer
 * division and remainder of negative operands.
 */

extern "C" __global__ void math_ops(const float *fa, const float *fb,
				    const float *fs, const float *fc,
				    const double *da, const double *db,
				    const double *dc, const int *ia,
				    const int *ib, float *fo, int *io,
				    double *dout, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	float a = fa[i], b = fb[i], s = fs[i], c = fc[i];
	float *f = fo + 9 * i;

	f[0] = expf(a);
	f[1] = sqrtf(b);
	f[2] = rsqrtf(b);
	f[3] = sinf(s);
	f[4] = cosf(s);
	f[5] = a / b;
	f[6] = __saturatef(c);
	f[7] = __fadd_rz(a, b);
	f[8] = __fmul_rd(a, s);

	int *o = io + 7 * i;
	int x = ia[i], y = ib[i];

	o[0] = __float2int_rn(c);
	o[1] = __float2int_rz(c);
	o[2] = (int)__float2uint_rn(c);
	o[3] = __float2int_rd(c);
	o[4] = x / y;
	o[5] = x % y;
	o[6] = (int)((unsigned)x / (unsigned)y);

	double p = da[i], q = db[i], r = dc[i];
	double *d = dout + 4 * i;

	d[0] = fma(p, q, r);
	d[1] = p / q;
	d[2] = sqrt(fabs(p));
	d[3] = __dadd_rn(__dmul_rn(p, q), r);
}
