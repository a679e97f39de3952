/*
 * ht: chained hash-table insertion under per-bucket spin locks (BOWS/DDOS
 * "HT", critical section after CUDA by Example).  Each thread inserts
 * per_thread keys: it takes a node from a pool with atomicAdd on the pool
 * cursor, hashes the key to a bucket and, holding the bucket's lock, links
 * the node at the head of the bucket's list.  The lock is written in the
 * done-flag form: the atomicCAS acquire attempt, the critical section,
 * __threadfence and the atomicExch release all sit inside the loop body.
 * The number of buckets (a host constant) sets the contention.
 */

/* Bucket of a key: multiplicative hash, then modulo the bucket count. */
__device__ static unsigned ht_bucket(unsigned key, unsigned nbuckets)
{
	return ((key * 2654435761u) >> 7) % nbuckets;
}

extern "C" __global__ void ht_insert(const unsigned *keys, unsigned n,
				     unsigned per_thread, int *locks,
				     volatile int *heads, int *next,
				     unsigned *node_key, unsigned *pool,
				     unsigned nbuckets)
{
	unsigned nthreads = gridDim.x * blockDim.x;
	unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;

	for (unsigned r = 0; r < per_thread; r++) {
		unsigned idx = gid + r * nthreads;
		if (idx >= n)
			break;
		unsigned key = keys[idx];
		unsigned b = ht_bucket(key, nbuckets);
		unsigned node = atomicAdd(pool, 1u);
		node_key[node] = key;
		bool done = false;

		while (!done) {
			if (atomicCAS(&locks[b], 0, 1) == 0) {
				next[node] = heads[b];
				heads[b] = (int)node;
				__threadfence();
				atomicExch(&locks[b], 0);
				done = true;
			}
		}
	}
}
