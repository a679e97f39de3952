/*
 * test_fetch.c - the fetch-policy registry and round-robin fetch order.
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

TEST_MAIN()
