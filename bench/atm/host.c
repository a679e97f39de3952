/*
 * host.c - atm workload: bank transfers with two nested per-account spin
 * locks (BOWS/DDOS ATM).  Transfers (from != to, amount 1..100) come from
 * the seed; every account starts with its total outgoing amount plus a
 * random base, so no balance check can fail whatever order the transfers
 * run in.  Checks (all independent of the warp interleaving): no transfer
 * rejected, the total balance conserved, and every account's balance equal
 * to the CPU's initial - outgoing + incoming.
 *
 * Contention knob: NACC_SMALL / NACC_PAPER (fewer accounts -> more threads
 * per lock).  Small: 96 blocks x 256 threads (a full wave at 6 TBs/SM on
 * 15 SMs), 2 transfers per thread (49 K), 1024 accounts.  Paper: 122,880
 * transfers by 24,576 threads (5 each) over 1000 accounts.
 */
#define BENCH_NAME "atm"
#include "../common/bench.h"

#define BLOCK 256u
#define GRID 96u
#define PER_SMALL 2u
#define NACC_SMALL 1024u
#define PER_PAPER 5u
#define NACC_PAPER 1000u

int main(int argc, char **argv)
{
	struct kh_ctx k;
	struct bench_args a;
	struct kh_rng r;
	unsigned per, nacc, n, i, rejected;
	int *from, *to, *amt, *bal, *want, *got;
	long long total0 = 0, total1 = 0;
	CUdeviceptr d_from, d_to, d_amt, d_locks, d_bal, d_rej;
	uint64_t h;

	bench_open(&k, &a, argc, argv);
	per = a.paper ? PER_PAPER : PER_SMALL;
	nacc = a.paper ? NACC_PAPER : NACC_SMALL;
	n = GRID * BLOCK * per;
	r = bench_rng(&a, 0x41544d);
	from = kh_zalloc(n * sizeof(*from));
	to = kh_zalloc(n * sizeof(*to));
	amt = kh_zalloc(n * sizeof(*amt));
	bal = kh_zalloc(nacc * sizeof(*bal));
	want = kh_zalloc(nacc * sizeof(*want));
	got = kh_zalloc(nacc * sizeof(*got));
	for (i = 0; i < n; i++) {
		from[i] = kh_range(&r, 0, (int32_t)nacc - 1);
		to[i] = kh_range(&r, 0, (int32_t)nacc - 2);
		if (to[i] >= from[i])
			to[i]++;  /* from != to */
		amt[i] = kh_range(&r, 1, 100);
		bal[from[i]] += amt[i];  /* outgoing total so far */
	}
	for (i = 0; i < nacc; i++) {
		bal[i] += kh_range(&r, 0, 999);
		want[i] = bal[i];
		total0 += bal[i];
	}
	for (i = 0; i < n; i++) {
		want[from[i]] -= amt[i];
		want[to[i]] += amt[i];
	}
	d_from = kh_alloc(n * sizeof(*from), from);
	d_to = kh_alloc(n * sizeof(*to), to);
	d_amt = kh_alloc(n * sizeof(*amt), amt);
	d_bal = kh_alloc(nacc * sizeof(*bal), bal);
	d_locks = kh_alloc(nacc * sizeof(int), NULL);
	CK(cuMemsetD32(d_locks, 0, nacc));
	d_rej = kh_alloc(sizeof(unsigned), NULL);
	CK(cuMemsetD32(d_rej, 0, 1));
	{
		void *p[] = {&d_from, &d_to, &d_amt, &n, &per, &d_locks,
			     &d_bal, &d_rej};

		kh_launch(&k, "atm_transfer", GRID, 1, 1, BLOCK, 1, 1, 0, p);
	}
	CK(cuCtxSynchronize());
	CK(cuMemcpyDtoH(got, d_bal, nacc * sizeof(*got)));
	CK(cuMemcpyDtoH(&rejected, d_rej, sizeof(rejected)));
	if (rejected)
		kh_fail("%u transfers rejected, expected none", rejected);
	for (i = 0; i < nacc; i++)
		total1 += got[i];
	if (total1 != total0)
		kh_fail("total balance %lld, expected %lld (not conserved)",
			total1, total0);
	for (i = 0; i < nacc; i++)
		if (got[i] != want[i])
			kh_fail("account %u: balance %d, expected %d", i,
				got[i], want[i]);
	h = kh_fnv(KH_FNV_INIT, got, nacc * sizeof(*got));
	CK(cuMemFree(d_from));
	CK(cuMemFree(d_to));
	CK(cuMemFree(d_amt));
	CK(cuMemFree(d_bal));
	CK(cuMemFree(d_locks));
	CK(cuMemFree(d_rej));
	kh_close(&k);
	bench_pass(&a, "transfers=%u accounts=%u threads=%u total=%lld "
		   "crc=%016llx", n, nacc, GRID * BLOCK, total1,
		   (unsigned long long)h);
	free(from);
	free(to);
	free(amt);
	free(bal);
	free(want);
	free(got);
	return 0;
}
