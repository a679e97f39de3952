/*
 * barrier_cost.c - what one core cycle's fork/join would cost a parallel
 * SM step (issue 17 item 7, docs/timing.md "Parallel stepping"): the
 * main thread releases N-1 workers, all of them do W units of work (a
 * stand-in for stepping their share of the SMs), and the main thread
 * waits for all of them; ns per episode, minus the work alone, is the
 * per-cycle overhead.  Barriers: a pthread barrier pair, and a
 * sense-reversing spin barrier that yields after S spins (no futex, so
 * an oversubscribed machine is not burned).  Not part of the build:
 *   cc -O2 -pthread -o /tmp/bc tools/barrier_cost.c && /tmp/bc [N] [W]
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* One barrier shared by the threads of a measurement. */
struct bc_bar {
	pthread_barrier_t pb;   /* the pthread barrier (mode 0) */
	atomic_uint count;      /* spin barrier: threads still to arrive */
	atomic_uint sense;      /* spin barrier: flips once per episode */
	unsigned n;             /* threads */
	unsigned spins;         /* spins before sched_yield (mode 1) */
	int mode;               /* 0: pthread, 1: spin then yield */
	unsigned long episodes; /* episodes to run */
	unsigned work;          /* work units per thread per episode */
	atomic_ullong sink;     /* the work's results (keeps the loop) */
};

static double bc_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t bc_work(uint64_t x, unsigned w)
{
	for (unsigned i = 0; i < w; i++)
		x = x * 6364136223846793005ull + 1442695040888963407ull;
	return x;
}

static void bc_wait(struct bc_bar *b, unsigned *local)
{
	if (b->mode == 0) {
		pthread_barrier_wait(&b->pb);
		return;
	}
	unsigned s = *local ^= 1u;
	if (atomic_fetch_sub(&b->count, 1) == 1) {
		atomic_store(&b->count, b->n);
		atomic_store(&b->sense, s);
		return;
	}
	for (unsigned k = 0; atomic_load(&b->sense) != s; k++)
		if (k >= b->spins)
			sched_yield();
}

static void *bc_thread(void *arg)
{
	struct bc_bar *b = arg;
	unsigned local = 0;
	uint64_t x = 1;
	for (unsigned long e = 0; e < b->episodes; e++) {
		bc_wait(b, &local); /* fork */
		x = bc_work(x, b->work);
		bc_wait(b, &local); /* join */
	}
	atomic_fetch_add(&b->sink, x);
	return NULL;
}

static double bc_run(unsigned n, int mode, unsigned spins,
		     unsigned long ep, unsigned work)
{
	struct bc_bar b = {.n = n, .mode = mode, .spins = spins,
			   .episodes = ep, .work = work};
	pthread_t th[64];
	atomic_init(&b.count, n);
	atomic_init(&b.sink, 0);
	atomic_init(&b.sense, 0);
	pthread_barrier_init(&b.pb, NULL, n);
	double t0 = bc_now();
	for (unsigned i = 1; i < n; i++)
		pthread_create(&th[i], NULL, bc_thread, &b);
	bc_thread(&b);
	for (unsigned i = 1; i < n; i++)
		pthread_join(th[i], NULL);
	double t = bc_now() - t0;
	pthread_barrier_destroy(&b.pb);
	if (atomic_load(&b.sink) == 42) /* never: uses the work's result */
		printf(" ");
	return t / (double)ep * 1e9;
}

int main(int argc, char **argv)
{
	unsigned n = argc > 1 ? (unsigned)atoi(argv[1]) : 2;
	unsigned work = argc > 2 ? (unsigned)atoi(argv[2]) : 0;
	unsigned long ep = 200000;
	double t1 = bc_run(1, 1, 0, ep, work * n);
	printf("threads %u, work %u units per thread: one thread %.0f ns "
	       "per episode\n", n, work, t1);
	for (int mode = 0; mode < 2; mode++)
		for (unsigned spins = mode ? 100 : 0;
		     spins <= (mode ? 100000u : 0u); spins *= 10) {
			double tn = bc_run(n, mode, spins, ep, work);
			printf("  %-8s spins %6u: %.0f ns per episode "
			       "(%.2fx)\n", mode ? "spin" : "pthread", spins,
			       tn, t1 / tn);
			if (!mode)
				break;
		}
	return 0;
}
