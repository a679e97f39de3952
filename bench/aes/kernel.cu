/*
 * kernel.cu - aes: AES-128 encryption in the style of the GPGPU-Sim
 * ISPASS-2009 AES benchmark.  One thread per 32-bit state column, four
 * threads per 16-byte AES block, 64 AES blocks per 256-thread block.  The
 * four T-tables and the S-box (held in __constant__ memory; the original
 * fetched its round keys from a texture) are staged in shared memory
 * behind one barrier; each round then exchanges columns through a shared
 * stage buffer with two barriers (read / write).  Round keys stay in
 * __constant__ memory.  Words are big-endian packed state columns.
 */

__constant__ unsigned c_te[4 * 256];  /* T0..T3: SubBytes+MixColumns */
__constant__ unsigned c_sbox[256];    /* S-box, one byte per word */
__constant__ unsigned c_rk[44];       /* expanded AES-128 key */

extern "C" __global__ void aes_encrypt128(const unsigned *in, unsigned *out)
{
	__shared__ unsigned s_te[4 * 256];
	__shared__ unsigned s_sb[256];
	__shared__ unsigned s_st[256];
	int tid = threadIdx.x;
	int gid = blockIdx.x * blockDim.x + tid;
	int base = tid & ~3, col = tid & 3;
	int c1 = base + ((col + 1) & 3);
	int c2 = base + ((col + 2) & 3);
	int c3 = base + ((col + 3) & 3);
	unsigned t;

	for (int i = tid; i < 4 * 256; i += blockDim.x)
		s_te[i] = c_te[i];
	for (int i = tid; i < 256; i += blockDim.x)
		s_sb[i] = c_sbox[i];
	s_st[tid] = in[gid] ^ c_rk[col];
	__syncthreads();
	for (int r = 1; r < 10; r++) {
		t = s_te[s_st[base + col] >> 24] ^
		    s_te[256 + ((s_st[c1] >> 16) & 255)] ^
		    s_te[512 + ((s_st[c2] >> 8) & 255)] ^
		    s_te[768 + (s_st[c3] & 255)] ^ c_rk[4 * r + col];
		__syncthreads();
		s_st[tid] = t;
		__syncthreads();
	}
	t = (s_sb[s_st[base + col] >> 24] << 24) ^
	    (s_sb[(s_st[c1] >> 16) & 255] << 16) ^
	    (s_sb[(s_st[c2] >> 8) & 255] << 8) ^
	    s_sb[s_st[c3] & 255] ^ c_rk[40 + col];
	out[gid] = t;
}
