/*
 * spinlock: many threads contend on 4 global locks, written in the
 * done-flag form (workloads.md section 0): the atomicCAS acquire attempt,
 * the critical section, __threadfence and the atomicExch release all sit
 * inside the loop body, so the lock is released before the warp
 * reconverges.  Each thread takes ROUNDS locks; the critical section does
 * unprotected read-modify-writes that only mutual exclusion keeps exact,
 * and logs the acquirer in a per-lock slot.
 */

#define NLOCKS 4
#define ROUNDS 2

extern "C" __global__ void lock_counters(int *locks, volatile int *count,
					 volatile unsigned *sum,
					 volatile unsigned *log,
					 unsigned log_stride)
{
	unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;

	for (unsigned r = 0; r < ROUNDS; r++) {
		unsigned id = gid * ROUNDS + r;
		unsigned l = (id * 2654435761u >> 7) % NLOCKS;
		bool done = false;

		while (!done) {
			if (atomicCAS(&locks[l], 0, 1) == 0) {
				int c = count[l];
				log[l * log_stride + c] = id;
				sum[l] = sum[l] + (id ^ 0x5a5a5a5au);
				count[l] = c + 1;
				__threadfence();
				atomicExch(&locks[l], 0);
				done = true;
			}
		}
	}
}
