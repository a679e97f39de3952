// kernel.cu - device-side malloc/free (issue 18): per-thread blocks that
// outlive the launch, read back and freed by a later launch; a heap small
// enough (cuCtxSetLimit) that some requests get NULL; a bad free.
extern "C" __global__ void fill(int **ptrs, int base)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	int n = 1 + (int)(t % 7);
	int *p = (int *)malloc(n * sizeof(int));
	if (p)
		for (int i = 0; i < n; i++)
			p[i] = base + (int)t * 10 + i;
	ptrs[t] = p;
}

extern "C" __global__ void drain(int **ptrs, int *sums)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	int n = 1 + (int)(t % 7), s = 0;
	int *p = ptrs[t];
	if (!p) {
		sums[t] = -1;
		return;
	}
	for (int i = 0; i < n; i++)
		s += p[i];
	sums[t] = s;
	free(p);
}

extern "C" __global__ void grab(char **ptrs, unsigned bytes)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	char *p = (char *)malloc(bytes);
	if (p)
		p[bytes - 1] = (char)t;
	ptrs[t] = p;
}

extern "C" __global__ void bad_free(char **ptrs)
{
	free(ptrs[threadIdx.x] + 4);
}
