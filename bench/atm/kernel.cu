/*
 * atm: bank transfers under two nested per-account spin locks (BOWS/DDOS
 * "ATM").  Each thread performs per_thread transfers (from, to, amount):
 * it locks the lower-numbered account first, then the higher one; if the
 * inner acquire fails it releases the outer lock and retries (no
 * hold-and-wait, so no deadlock).  Holding both, it checks the balance,
 * moves the amount, fences and releases both.  Done-flag form: every
 * acquire attempt, the critical section and the releases sit inside the
 * loop body.  The outer release is shared by the inner success and
 * failure paths: with a separate release in an else branch nvcc 13
 * jump-threads the outer-CAS failure into a tight CAS spin whose exit is
 * outside the loop (the naive form), which deadlocks on an IPDOM stack.
 * A failed balance check is counted in *rejected.
 */

extern "C" __global__ void atm_transfer(const int *from, const int *to,
					const int *amount, unsigned n,
					unsigned per_thread, int *locks,
					volatile int *balance,
					unsigned *rejected)
{
	unsigned nthreads = gridDim.x * blockDim.x;
	unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;

	for (unsigned r = 0; r < per_thread; r++) {
		unsigned t = gid + r * nthreads;
		if (t >= n)
			break;
		int src = from[t], dst = to[t], amt = amount[t];
		int lo = min(src, dst), hi = max(src, dst);
		bool done = false;

		while (!done) {
			if (atomicCAS(&locks[lo], 0, 1) == 0) {
				if (atomicCAS(&locks[hi], 0, 1) == 0) {
					int b = balance[src];
					if (b >= amt) {
						balance[src] = b - amt;
						balance[dst] = balance[dst] + amt;
					} else {
						atomicAdd(rejected, 1u);
					}
					__threadfence();
					atomicExch(&locks[hi], 0);
					done = true;
				}
				atomicExch(&locks[lo], 0);
			}
		}
	}
}
