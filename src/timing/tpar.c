/*
 * tpar.c - the parallel SM step (--threads N, issue 17 item 7): a pool of
 * N - 1 worker threads that, with the launch's own thread, visit the SMs of
 * one core cycle.  The launch loop (tgpu.c) lists the SMs to visit in a
 * cycle, serially; tpar_visit hands SM k of that list to thread k mod N
 * (the launch's thread is thread 0) and returns when every visit is done.
 * The fork is a generation counter the workers spin on, then yield on,
 * then sleep on (a condition variable the fork signals only when a worker
 * sleeps), so an idle or oversubscribed pool does not starve the machine;
 * the join is a count of finished workers.  Both are C11 atomics with
 * release/acquire order (or stronger), so every write of the serial
 * phases is visible to the visits and every write of a visit to the
 * serial join that follows.
 *
 * Whether a cycle forks at all is chosen by measurement (--threads_adapt,
 * on by default): the fork and join cost about a microsecond even with
 * an idle second core, of the order of a whole cycle's SM work on the
 * memory-bound workloads (docs/timing.md, "Parallel stepping").  Each
 * period of TPAR_PERIOD multi-SM cycles starts with a probe of
 * TPAR_PROBE of them in blocks of TPAR_BLOCK, forked and inline in turn
 * (interleaved, so a launch's changing phases weigh on both ways alike),
 * timed with the monotonic clock; the rest of the period runs the way
 * whose median block took less time.  After a probe that chose inline the
 * next period is twice as long (up to TPAR_PERIOD_MAX), so a launch that
 * forking never helps pays few probes.  Only host time depends on that choice,
 * never a result.
 *
 * Results cannot depend on N or on how the threads interleave: an SM's
 * visit writes only its own state (struct tsm, its functional context and
 * its share of the memory system's SM side), and whatever is shared is
 * folded after the visits, in SM order, by the serial join (tgpu.c,
 * docs/timing.md "Parallel stepping").  A cycle with fewer than two SMs
 * to visit runs inline, without a fork.
 */
#include "timing_int.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

/* Spins on the generation counter before a worker starts yielding, and
 * yields before it sleeps on the condition variable (a pool the adaptive
 * choice is not forking, or a launch's serial stretch, then costs no
 * CPU). */
#define TPAR_SPINS 4000u
#define TPAR_YIELDS 256u
/* Multi-SM cycles per adaptive period, and per probe within it. */
#define TPAR_PERIOD 65536u
#define TPAR_PERIOD_MAX (64u * TPAR_PERIOD)
#define TPAR_PROBE 4096u
#define TPAR_BLOCK 64u

struct tpar_worker {
	struct tpar *p;  /* the pool */
	unsigned idx;    /* thread index, 1..n-1 */
	pthread_t th;    /* the thread */
};

struct tpar {
	struct tgpu *t;               /* the timing GPU whose SMs it visits */
	unsigned n;                   /* threads, the launch's own included */
	uint16_t *sub;                /* this fork's SMs per thread: thread
					 i's at sub[i * n_sm ..], SM order */
	unsigned *n_sub;              /* entries of each thread's list */
	unsigned n_sm;                /* SMs (row length of sub) */
	_Atomic uint64_t gen;         /* bumped once per fork */
	_Atomic unsigned done;        /* workers finished with this fork */
	_Atomic int stop;             /* workers exit at the next fork */
	_Atomic unsigned n_sleep;     /* workers asleep (or about to sleep)
					 on wake */
	pthread_mutex_t mu;           /* guards the sleep on wake */
	pthread_cond_t wake;          /* signalled by a fork that finds
					 n_sleep > 0 */
	struct tpar_worker *w;        /* n - 1 workers */
	unsigned n_started;           /* workers whose thread runs */
	bool adapt;                   /* choose per period whether to fork */
	unsigned k;                   /* multi-SM cycles into the period */
	unsigned period;              /* multi-SM cycles of this period:
					 TPAR_PERIOD, doubled (up to
					 TPAR_PERIOD_MAX) after each probe
					 that chose inline, so a launch the
					 fork never helps pays few probes */
	bool fork;                    /* after the probes: fork or not */
	double t0;                    /* monotonic seconds at the start of
					 the running probe */
	double probe[2][TPAR_PROBE / TPAR_BLOCK / 2]; /* seconds of each
					 probe block: [0] forked, [1] inline */
};

static double tpar_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static inline void tpar_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

/* Visit the SMs of this fork that belong to thread idx. */
static void tpar_share(struct tpar *p, unsigned idx)
{
	tsm_step(p->t, p->sub + (size_t)idx * p->n_sm, p->n_sub[idx], NULL);
}

static void *tpar_main(void *arg)
{
	struct tpar_worker *w = arg;
	struct tpar *p = w->p;
	uint64_t seen = 0;
	for (;;) {
		uint64_t g;
		unsigned spins = 0;
		while ((g = atomic_load_explicit(&p->gen,
				memory_order_acquire)) == seen) {
			if (++spins < TPAR_SPINS) {
				tpar_relax();
			} else if (spins < TPAR_SPINS + TPAR_YIELDS) {
				sched_yield();
			} else {
				/* n_sleep before gen (both seq_cst), the fork
				 * gen before n_sleep: one of us sees the
				 * other, and the signal is sent under mu */
				pthread_mutex_lock(&p->mu);
				atomic_fetch_add(&p->n_sleep, 1);
				while (atomic_load(&p->gen) == seen)
					pthread_cond_wait(&p->wake, &p->mu);
				atomic_fetch_sub(&p->n_sleep, 1);
				pthread_mutex_unlock(&p->mu);
				spins = 0;
			}
		}
		seen = g;
		if (atomic_load_explicit(&p->stop, memory_order_relaxed))
			return NULL;
		tpar_share(p, w->idx);
		atomic_fetch_add_explicit(&p->done, 1, memory_order_release);
	}
}

struct tpar *tpar_create(struct tgpu *t, unsigned n, bool adapt)
{
	if (n < 2)
		return NULL;
	struct tpar *p = xcalloc(1, sizeof(*p));
	p->t = t;
	p->n = n;
	p->n_sm = t->n_sm;
	p->sub = xcalloc((size_t)n * t->n_sm, sizeof(*p->sub));
	p->n_sub = xcalloc(n, sizeof(*p->n_sub));
	p->adapt = adapt;
	p->fork = true;
	p->period = TPAR_PERIOD;
	atomic_init(&p->gen, 0);
	atomic_init(&p->done, 0);
	atomic_init(&p->n_sleep, 0);
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->wake, NULL);
	atomic_init(&p->stop, 0);
	p->w = xcalloc(n - 1, sizeof(*p->w));
	for (unsigned i = 0; i + 1 < n; i++) {
		p->w[i].p = p;
		p->w[i].idx = i + 1;
		if (pthread_create(&p->w[i].th, NULL, tpar_main, &p->w[i]))
			break;
		p->n_started++;
	}
	if (p->n_started + 1 < n) { /* fewer threads: the same answer */
		tpar_destroy(p);
		return NULL;
	}
	return p;
}

/* Start a fork: bump the generation; wake the workers asleep on it. */
static void tpar_bump(struct tpar *p)
{
	atomic_fetch_add(&p->gen, 1); /* seq_cst: see tpar_main */
	if (atomic_load(&p->n_sleep)) {
		pthread_mutex_lock(&p->mu);
		pthread_cond_broadcast(&p->wake);
		pthread_mutex_unlock(&p->mu);
	}
}

void tpar_destroy(struct tpar *p)
{
	if (!p)
		return;
	atomic_store_explicit(&p->stop, 1, memory_order_relaxed);
	tpar_bump(p);
	for (unsigned i = 0; i < p->n_started; i++)
		pthread_join(p->w[i].th, NULL);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->wake);
	free(p->w);
	free(p->sub);
	free(p->n_sub);
	free(p);
}

/* Median of the TPAR_PROBE / TPAR_BLOCK / 2 probe times v (sorted in
 * place; once per period). */
static double tpar_median(double *v)
{
	unsigned n = TPAR_PROBE / TPAR_BLOCK / 2;
	for (unsigned i = 1; i < n; i++) /* insertion sort, 32 entries */
		for (unsigned j = i; j > 0 && v[j] < v[j - 1]; j--) {
			double x = v[j];
			v[j] = v[j - 1];
			v[j - 1] = x;
		}
	return (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Whether this multi-SM cycle forks: the adaptive period's probe blocks
 * (even blocks forked, the first among them, so any launch with a
 * multi-SM cycle steps some in parallel; odd ones inline), then the
 * faster way. */
static bool tpar_choose(struct tpar *p)
{
	if (!p->adapt)
		return true;
	unsigned k = p->k;
	p->k = k + 1 < p->period ? k + 1 : 0;
	if (k <= TPAR_PROBE && k % TPAR_BLOCK == 0) {
		double now = tpar_now();
		if (k) { /* block b ends: forked when b is even */
			unsigned b = k / TPAR_BLOCK - 1;
			p->probe[b % 2][b / 2] = now - p->t0;
		}
		if (k == TPAR_PROBE) { /* medians: a preempted block is noise */
			p->fork = tpar_median(p->probe[0]) <=
				  tpar_median(p->probe[1]);
			p->period = p->fork ? TPAR_PERIOD
				: MIN(2 * p->period, TPAR_PERIOD_MAX);
		}
		p->t0 = now;
	}
	if (k < TPAR_PROBE)
		return (k / TPAR_BLOCK) % 2 == 0;
	return p->fork;
}

uint64_t tpar_visit(struct tpar *p, struct tgpu *t, const uint16_t *run,
		    unsigned n_run)
{
	if (!p || n_run < 2 || !tpar_choose(p)) {
		tsm_step(t, run, n_run, NULL);
		return 0;
	}
	SIM_ASSERT(p->t == t);
	/* SM k of the list to thread k mod n (neighbours on different
	 * threads: busy SMs are often adjacent) */
	for (unsigned i = 0; i < p->n; i++)
		p->n_sub[i] = 0;
	for (unsigned k = 0, i = 0; k < n_run; k++) {
		p->sub[(size_t)i * p->n_sm + p->n_sub[i]++] = run[k];
		i = i + 1 < p->n ? i + 1 : 0;
	}
	atomic_store_explicit(&p->done, 0, memory_order_relaxed);
	tpar_bump(p);
	tpar_share(p, 0);
	unsigned want = p->n - 1, spins = 0;
	while (atomic_load_explicit(&p->done, memory_order_acquire) != want) {
		if (++spins < TPAR_SPINS)
			tpar_relax();
		else
			sched_yield();
	}
	return 1;
}
