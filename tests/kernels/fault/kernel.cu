/*
 * fault: kernels that must fail cleanly in the simulator.  Offsets arrive
 * as parameters so nvcc cannot fold them.  One thread per launch faults
 * (the last thread of block 1), the others do harmless work.
 */

/* Store far outside any allocation (base + 1 TiB). */
extern "C" __global__ void fault_oob_store(int *p, unsigned long long off)
{
	if (blockIdx.x == 1 && threadIdx.x == blockDim.x - 1)
		*(int *)((char *)p + off) = 42;
	else
		p[threadIdx.x] = (int)threadIdx.x;
}

/* Load just past the end of a small allocation (index from the host). */
extern "C" __global__ void fault_oob_load(const int *small, int *out,
					  unsigned idx)
{
	unsigned i = threadIdx.x;

	if (blockIdx.x == 1 && threadIdx.x == blockDim.x - 1)
		i = idx;
	out[blockIdx.x * blockDim.x + threadIdx.x] = small[i];
}

/* A 4-byte load from an odd address. */
extern "C" __global__ void fault_misaligned(const char *p, int *out,
					    unsigned off)
{
	unsigned o = 4 * threadIdx.x;

	if (blockIdx.x == 1 && threadIdx.x == blockDim.x - 1)
		o = off;
	out[blockIdx.x * blockDim.x + threadIdx.x] = *(const int *)(p + o);
}

/* Index a dynamic shared array far beyond its size. */
extern "C" __global__ void fault_shared_oob(int *out, unsigned idx)
{
	extern __shared__ int dyn[];
	unsigned i = threadIdx.x;

	if (blockIdx.x == 1 && threadIdx.x == blockDim.x - 1)
		i = idx;
	dyn[i] = (int)threadIdx.x;
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = dyn[threadIdx.x];
}

/*
 * A named barrier that expects 1024 threads in a 64-thread block: every
 * warp ends up waiting at it, so it can never complete.
 */
extern "C" __global__ void fault_bar_deadlock(int *out)
{
	out[threadIdx.x] = 1;
	asm volatile("bar.sync 1, 1024;");
	out[threadIdx.x] = 2;
}

/*
 * Threads 0..31 (warp 0 at warp size 32) wait at __syncthreads() while the
 * rest spin on a flag that is set only after the barrier: a livelock that
 * only a watchdog can end.  A constant 32 rather than warpSize keeps this
 * module free of WARP_SZ; any warp size up to 64 still hangs in a
 * 128-thread block.
 */
extern "C" __global__ void fault_spin_deadlock(volatile int *flag, int *out)
{
	if (threadIdx.x < 32) {
		__syncthreads();
		*flag = 1;
	} else {
		while (*flag == 0)
			;
	}
	out[threadIdx.x] = 1;
}

/*
 * The naive MIMD spin lock: spin on the CAS in an empty loop, run the
 * critical section after it.  On an IPDOM SIMT stack the lane that wins
 * waits at the loop exit for its warp-mates, which spin forever on a lock
 * that is never released: the livelock the simulator must diagnose.
 */
extern "C" __global__ void fault_naive_lock(int *lock, int *out)
{
	while (atomicCAS(lock, 0, 1) != 0)
		;
	out[threadIdx.x] += 1;
	__threadfence();
	atomicExch(lock, 0);
}
