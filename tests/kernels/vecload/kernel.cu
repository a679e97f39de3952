/*
 * vecload: vector and sub-word memory accesses: float4 and int2 loads and
 * stores, uchar4 (v4.u8), signed char and short loads with sign extension,
 * byte and short stores with truncation, and unsigned char arithmetic that
 * wraps modulo 256.
 */

extern "C" __global__ void vec_access(const float4 *f4in, float4 *f4out,
				      const int2 *i2in, int2 *i2out,
				      const uchar4 *u4in, uchar4 *u4out,
				      const signed char *sc, const short *sh,
				      short *shout, int *iout,
				      unsigned char *bout, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	float4 v = f4in[i];
	f4out[i] = make_float4(v.w, v.x * 2.0f, v.y + 1.0f, -v.z);

	int2 p = i2in[i];
	i2out[i] = make_int2(p.x + p.y, p.x - p.y);

	uchar4 q = u4in[i];
	unsigned char s0 = q.x + q.y;
	unsigned char s1 = q.z * 3;
	unsigned char s2 = q.w >> 1;
	unsigned char s3 = q.x ^ q.w;
	u4out[i] = make_uchar4(s0, s1, s2, s3);

	signed char c = sc[i];
	short s = sh[i];
	shout[i] = (short)(c * 100);
	iout[i] = s * 3 + (s >> 2) + c;
	bout[i] = (unsigned char)(q.y + c);
	if (i % 7 == 0)
		bout[i] = (unsigned char)(bout[i] - s);
}
