/*
 * localmem: per-thread arrays indexed with data-dependent subscripts, so
 * nvcc keeps them in local memory (a __local_depot): an insertion sort of
 * 16 keys, then a walk through a 32-entry table where each step's index
 * comes from the previous value.
 */

#define K 16
#define T 32

extern "C" __global__ void local_sort(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int a[K];
	unsigned tab[T];

	if (i >= n)
		return;
	for (int k = 0; k < K; k++)
		a[k] = in[i * K + k];
	/* Insertion sort: the inner loop's extent depends on the data. */
	for (int k = 1; k < K; k++) {
		int v = a[k], j = k - 1;

		while (j >= 0 && a[j] > v) {
			a[j + 1] = a[j];
			j--;
		}
		a[j + 1] = v;
	}
	for (int k = 0; k < T; k++)
		tab[k] = (unsigned)a[k % K] * 2654435761u + k;
	unsigned p = (unsigned)i;
	for (int s = 0; s < 24; s++) {
		p = tab[p % T] ^ (p >> 3);
		tab[(p >> 7) % T] += s;
	}
	for (int k = 0; k < K; k++)
		out[i * (K + 1) + k] = a[k];
	out[i * (K + 1) + K] = (int)p;
}
