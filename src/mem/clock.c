/*
 * clock.c - deterministic stepping of the four clock domains (core,
 * interconnect, L2, DRAM) on one integer time line.
 *
 * GPGPU-Sim advances each domain by its own period and ticks whichever
 * domain is due next, all coinciding domains together.  Here the periods
 * are exact integers (1/lcm of the frequencies in kHz is the time unit), so
 * the order of ticks never depends on floating-point rounding.
 */
#include "../base/base.h"
#include "mem.h"

/* Largest lcm used as the time unit; beyond it periods become femtoseconds. */
#define CLOCK_LCM_MAX ((uint64_t)1 << 32)

static uint64_t gcd_u64(uint64_t a, uint64_t b)
{
	while (b) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

void mem_clock_init(struct mem_clock *c, const double mhz[MEM_N_DOM])
{
	uint64_t khz[MEM_N_DOM], lcm = 1;
	bool exact = true;

	memset(c, 0, sizeof(*c));
	for (unsigned i = 0; i < MEM_N_DOM; i++) {
		double k = mhz[i] * 1000.0 + 0.5;

		/*
		 * mem_config_validate admits 1..100000 MHz; anything else (inf,
		 * nan, 0, a denormal) would make a zero or absurd period here.
		 */
		if (!(mhz[i] >= 1.0 && mhz[i] <= 100000.0))
			SIM_BUG("clock domain %u at %g MHz: not validated", i,
				mhz[i]);

		khz[i] = k < 1.0 ? 1 : (uint64_t)k;
		if (exact) {
			uint64_t g = gcd_u64(lcm, khz[i]);

			if (lcm / g > CLOCK_LCM_MAX / khz[i])
				exact = false;
			else
				lcm = lcm / g * khz[i];
		}
	}
	for (unsigned i = 0; i < MEM_N_DOM; i++) {
		if (exact)
			c->period[i] = lcm / khz[i];
		else /* 1e12 fs per ms, divided by kHz */
			c->period[i] = (1000000000000ULL + khz[i] / 2) / khz[i];
		c->next[i] = c->period[i];
	}
}

unsigned mem_clock_step(struct mem_clock *c)
{
	uint64_t t = c->next[0];
	unsigned mask = 0;

	for (unsigned i = 1; i < MEM_N_DOM; i++)
		if (c->next[i] < t)
			t = c->next[i];
	for (unsigned i = 0; i < MEM_N_DOM; i++) {
		if (c->next[i] != t)
			continue;
		mask |= 1u << i;
		c->next[i] += c->period[i];
		c->cycles[i]++;
	}
	c->now = t;
	return mask;
}
