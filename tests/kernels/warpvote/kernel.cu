/*
 * warpvote: warp intrinsics written for any warp size that divides the
 * block size (the kernel uses warpSize, never 32): a __shfl_down_sync tree
 * sum read at lane 0 and broadcast with __shfl_sync, a __shfl_xor_sync
 * butterfly max seen by every lane, a __shfl_up_sync inclusive scan,
 * __ballot_sync (only lanes below 32 vote, so the 32-bit result is defined
 * for every warp size), __any_sync / __all_sync, and __activemask inside
 * a divergent branch.
 */

#define FULL 0xffffffffu

extern "C" __global__ void warp_ops(const unsigned *in, unsigned *out)
{
	unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned lane = threadIdx.x % warpSize;
	unsigned v = in[gid];
	unsigned *o = out + 8 * gid;

	unsigned s = v;
	for (int d = warpSize / 2; d > 0; d >>= 1)
		s += __shfl_down_sync(FULL, s, d);
	o[0] = __shfl_sync(FULL, s, 0);

	unsigned m = v;
	for (int d = warpSize / 2; d > 0; d >>= 1)
		m = max(m, __shfl_xor_sync(FULL, m, d));
	o[1] = m;

	unsigned c = v & 0xffu;
	for (int d = 1; d < warpSize; d <<= 1) {
		unsigned t = __shfl_up_sync(FULL, c, d);
		if (lane >= d)
			c += t;
	}
	o[2] = c;

	o[3] = __ballot_sync(FULL, lane < 32 && (v & 1));
	o[4] = __any_sync(FULL, v % 97u == 0) | __all_sync(FULL, v > 0xffu) << 1 |
	       __all_sync(FULL, lane < warpSize) << 2;

	unsigned am = 0;
	if (v % 3u == 0)
		am = __activemask();
	o[5] = am;
	o[6] = lane;
	o[7] = (unsigned)warpSize;
}
