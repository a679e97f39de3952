/*
 * test_fetch.c - the fetch-policy registry, round-robin fetch order and
 * fewest-entries-first (BAWS section 6.2).
 */
#include "test.h"
#include "sched/fetch.h"

TEST(fetch_registry)
{
	CHECK(fetch_lookup("rr") != NULL);
	CHECK(fetch_lookup("nope") == NULL);
	CHECK(fetch_registry()[0] != NULL);
}

TEST(fetch_rr_order)
{
	uint64_t set[2] = {0, 0};
	const struct fetch_ops *rr = fetch_lookup("rr");
	struct fetch_view v = {.n_slots = 72, .n_words = 2, .fetchable = set};
	v.last = 5;
	CHECK(rr->pick(&v) == -1);              /* nothing may fetch */
	set[0] = (1ULL << 3) | (1ULL << 9);
	set[1] = 1ULL << (70 - 64);
	CHECK(rr->pick(&v) == 9);               /* first after 5 */
	v.last = 9;
	CHECK(rr->pick(&v) == 70);              /* crosses a word */
	v.last = 70;
	CHECK(rr->pick(&v) == 3);               /* wraps around */
	v.last = 3;
	CHECK(rr->pick(&v) == 9);
	set[0] = 1ULL << 9;
	set[1] = 0;
	v.last = 9;
	CHECK(rr->pick(&v) == 9);               /* only itself */
}

TEST(fetch_fef_fewest_entries)
{
	uint64_t set[2] = {0, 0};
	uint8_t fill[72] = {0};
	const struct fetch_ops *fef = fetch_lookup("fef");
	CHECK(fef != NULL);
	if (!fef)
		return;
	CHECK(fef->partial);  /* partly filled I-buffers compete */
	CHECK(!fetch_lookup("rr")->partial);
	struct fetch_view v = {.n_slots = 72, .n_words = 2, .fetchable = set,
			       .ib_fill = fill, .last = 5};
	CHECK(fef->pick(&v) == -1);
	/* warps 3 (1 entry), 9 (3 entries), 70 (2 entries) may fetch */
	set[0] = (1ULL << 3) | (1ULL << 9);
	set[1] = 1ULL << (70 - 64);
	fill[3] = 1;
	fill[9] = 3;
	fill[70] = 2;
	CHECK(fef->pick(&v) == 3);              /* fewest, not the next */
	fill[70] = 1;
	CHECK(fef->pick(&v) == 70);             /* tie: first after last */
	v.last = 70;
	CHECK(fef->pick(&v) == 3);
	fill[9] = 0;
	CHECK(fef->pick(&v) == 9);              /* an empty buffer wins */
	fill[40] = 0;                           /* not fetchable: ignored */
	CHECK(fef->pick(&v) == 9);
}

TEST_MAIN()
