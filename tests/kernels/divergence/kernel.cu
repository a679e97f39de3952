/*
 * divergence: data-dependent if/else nested three deep, then a loop whose
 * trip count depends on the data, with an early `continue` and a `break`,
 * and a second loop with a data-dependent exit in the middle.  All u32
 * arithmetic, so the host reference is exact.
 */

extern "C" __global__ void nested_branches(const unsigned *in, unsigned *out,
					   unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	unsigned x = in[i];
	unsigned acc;

	if (x & 1) {
		if (x & 2) {
			if (x & 4)
				acc = x * 3u;
			else
				acc = x ^ 0x55u;
		} else {
			if (x & 8)
				acc = x - 7u;
			else
				acc = x + 11u;
		}
	} else {
		if (x % 3u == 0) {
			if (x & 16)
				acc = x << 2;
			else
				acc = ~x;
		} else {
			acc = (x >> 1) + 5u;
		}
	}

	unsigned trips = (x >> 5) % 13u;
	for (unsigned k = 0; k < trips; k++) {
		unsigned y = in[(i + k * 7u) % n];

		if (y % 5u == 0)
			continue;
		if (y % 11u == 0 && k > 1)
			break;
		acc += y ^ k;
		if (acc & 0x100u)
			acc = (acc >> 3) | (acc << 29);
	}

	unsigned z = x;
	while (z > 1u) {
		z = (z & 1u) ? 3u * (z >> 3) + 1u : z >> 1;
		acc += 1u;
		if ((z & 0xffu) == 0x2au)
			break;
	}
	out[i] = acc;
}
