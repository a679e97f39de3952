/*
 * test.h - a minimal unit-test harness (header only).
 *
 * TEST(name) { ... } defines a test that registers itself; CHECK* macros
 * record failures without stopping the test.  TEST_MAIN() expands to a main
 * that runs every test (or those whose name contains argv[1]) and ends with
 * the line "N passed, N failed"; the exit status is non-zero on failure.
 * Tests run in source order (by line: the order in which constructors run
 * is unspecified, and link-time optimisation changes it).
 */
#ifndef WS_TESTS_TEST_H
#define WS_TESTS_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct test_case {
	const char *name;       /* test name */
	void (*fn)(void);       /* body */
	int line;               /* source line of TEST(name): the run order */
	struct test_case *next; /* registration list */
};

static struct test_case *test_list;
static int test_failed_now;

#define TEST(name)                                                             \
	static void test_##name(void);                                         \
	static struct test_case test_case_##name = {#name, test_##name,    \
						 __LINE__, 0};                \
	__attribute__((constructor)) static void test_reg_##name(void)         \
	{                                                                      \
		test_case_##name.next = test_list;                             \
		test_list = &test_case_##name;                                 \
	}                                                                      \
	static void test_##name(void)

#define CHECK(c)                                                               \
	do {                                                                   \
		if (!(c)) {                                                    \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, \
				__LINE__, #c);                                 \
			test_failed_now = 1;                                   \
		}                                                              \
	} while (0)

#define CHECK_EQ_U64(a, b)                                                     \
	do {                                                                   \
		uint64_t _a = (uint64_t)(a), _b = (uint64_t)(b);               \
		if (_a != _b) {                                                \
			fprintf(stderr,                                        \
				"%s:%d: CHECK_EQ failed: %s == %s: %" PRIu64   \
				" (0x%" PRIx64 ") != %" PRIu64 " (0x%" PRIx64  \
				")\n",                                         \
				__FILE__, __LINE__, #a, #b, _a, _a, _b, _b);   \
			test_failed_now = 1;                                   \
		}                                                              \
	} while (0)

#define CHECK_STR_CONTAINS(hay, needle)                                        \
	do {                                                                   \
		const char *_h = (hay), *_n = (needle);                        \
		if (!_h || !strstr(_h, _n)) {                                  \
			fprintf(stderr,                                        \
				"%s:%d: expected \"%s\" in:\n%s\n", __FILE__,  \
				__LINE__, _n, _h ? _h : "(null)");             \
			test_failed_now = 1;                                   \
		}                                                              \
	} while (0)

#define TEST_MAIN()                                                            \
	int main(int argc, char **argv)                                        \
	{                                                                      \
		int pass = 0, fail = 0;                                        \
		struct test_case *rev = 0, *t, *n, **p;                        \
		for (t = test_list; t; t = n) { /* insert by line */           \
			n = t->next;                                           \
			for (p = &rev; *p && (*p)->line < t->line;             \
			     p = &(*p)->next)                                  \
				;                                              \
			t->next = *p;                                          \
			*p = t;                                                \
		}                                                              \
		for (t = rev; t; t = t->next) {                                \
			if (argc > 1 && !strstr(t->name, argv[1]))             \
				continue;                                      \
			test_failed_now = 0;                                   \
			t->fn();                                               \
			printf("[%s] %s\n", test_failed_now ? "FAIL" : " OK ", \
			       t->name);                                       \
			if (test_failed_now)                                   \
				fail++;                                        \
			else                                                   \
				pass++;                                        \
		}                                                              \
		printf("%d passed, %d failed\n", pass, fail);                  \
		return fail ? 1 : 0;                                           \
	}

#endif
