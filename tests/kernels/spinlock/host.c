/*
 * host.c - spinlock test: 512 threads (8 blocks of 64) each take 2 of 4
 * global locks in the done-flag form.  Mutual exclusion is checked through
 * the protected state: every lock's counter equals the number of its
 * acquisitions, the unprotected-looking sum is exact, every acquirer
 * logged itself in a distinct slot, and all locks end released.
 */
#define KH_NAME "spinlock"
#include "../khost.h"

#define NLOCKS 4u
#define ROUNDS 2u
#define BLOCK 64u
#define GRID 8u
#define NACQ (BLOCK * GRID * ROUNDS)

/* Lock taken by acquisition id (same hash as the kernel, in u32). */
static unsigned lock_of(unsigned id)
{
	return ((uint32_t)(id * 2654435761u) >> 7) % NLOCKS;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	int locks[NLOCKS], count[NLOCKS], want_count[NLOCKS];
	unsigned sum[NLOCKS], want_sum[NLOCKS];
	static unsigned log_[NLOCKS * NACQ];
	static unsigned char hit[NACQ];
	unsigned stride = NACQ, id, l, s;
	CUdeviceptr d_locks, d_count, d_sum, d_log;
	void *p[] = {&d_locks, &d_count, &d_sum, &d_log, &stride};
	uint64_t h;

	memset(locks, 0, sizeof(locks));
	memset(count, 0, sizeof(count));
	memset(sum, 0, sizeof(sum));
	memset(want_count, 0, sizeof(want_count));
	memset(want_sum, 0, sizeof(want_sum));
	memset(log_, 0xff, sizeof(log_));
	for (id = 0; id < NACQ; id++) {
		l = lock_of(id);
		want_count[l]++;
		want_sum[l] += id ^ 0x5a5a5a5au;
	}
	kh_open(&k, argc, argv);
	d_locks = kh_alloc(sizeof(locks), locks);
	d_count = kh_alloc(sizeof(count), count);
	d_sum = kh_alloc(sizeof(sum), sum);
	d_log = kh_alloc(sizeof(log_), log_);
	kh_launch(&k, "lock_counters", GRID, 1, 1, BLOCK, 1, 1, 0,
		  p);
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(locks, d_locks, sizeof(locks)));
	CK(cuMemcpyDtoH(count, d_count, sizeof(count)));
	CK(cuMemcpyDtoH(sum, d_sum, sizeof(sum)));
	CK(cuMemcpyDtoH(log_, d_log, sizeof(log_)));
	for (l = 0; l < NLOCKS; l++) {
		if (locks[l] != 0)
			kh_fail("lock %u still held (%d)", l, locks[l]);
		if (count[l] != want_count[l])
			kh_fail("lock %u count %d, expected %d", l, count[l],
				want_count[l]);
		if (sum[l] != want_sum[l])
			kh_fail("lock %u sum %08x, expected %08x", l, sum[l],
				want_sum[l]);
		for (s = 0; s < NACQ; s++) {
			id = log_[l * NACQ + s];
			if (s >= (unsigned)want_count[l]) {
				if (id != 0xffffffffu)
					kh_fail("lock %u slot %u written", l,
						s);
				continue;
			}
			if (id >= NACQ || lock_of(id) != l || hit[id])
				kh_fail("lock %u slot %u holds bad id %u", l,
					s, id);
			hit[id] = 1;
		}
	}
	CK(cuMemFree(d_locks));
	CK(cuMemFree(d_count));
	CK(cuMemFree(d_sum));
	CK(cuMemFree(d_log));
	kh_close(&k);
	h = kh_fnv(KH_FNV_INIT, count, sizeof(count));
	h = kh_fnv(h, sum, sizeof(sum));
	/* order= hashes the acquisition order: schedule-dependent, so it
	 * only has to repeat between identical runs (determinism test). */
	printf("PASS spinlock acquisitions=%u counts=%d,%d,%d,%d crc=%016llx "
	       "order=%016llx\n", NACQ, count[0], count[1], count[2],
	       count[3], (unsigned long long)h,
	       (unsigned long long)kh_fnv(KH_FNV_INIT, log_, sizeof(log_)));
	return 0;
}
