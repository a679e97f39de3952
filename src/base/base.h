/*
 * base.h - first include of every warpsim .c file.
 *
 * Common scalar aliases (lanemask_t, addr_t, cycle_t), allocation wrappers
 * that abort on out-of-memory (callers never check for NULL), the two
 * simulator-bug macros SIM_BUG/SIM_ASSERT, and small bit helpers.  Nothing
 * here models hardware.
 */
#ifndef SIM_BASE_BASE_H
#define SIM_BASE_BASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef uint64_t lanemask_t; /* one bit per lane; warps are at most 64 wide */
typedef uint64_t addr_t;     /* a simulated (device) address */
typedef uint64_t cycle_t;    /* a simulated cycle count */

#define WS_MAX_WARP 64 /* widest warp the simulator supports */

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define ALIGN_UP(x, a) (((x) + (a)-1) / (a) * (a))

/* Allocation that aborts with size and call site on failure. */
#define xmalloc(n) base_xmalloc((n), __FILE__, __LINE__)
#define xcalloc(n, m) base_xcalloc((n), (m), __FILE__, __LINE__)
#define xrealloc(p, n) base_xrealloc((p), (n), __FILE__, __LINE__)
void *base_xmalloc(size_t n, const char *file, int line);
void *base_xcalloc(size_t n, size_t m, const char *file, int line);
void *base_xrealloc(void *p, size_t n, const char *file, int line);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Grow a (ptr, count, capacity) triple so that one more element fits. */
#define VEC_PUSH(ptr, n, cap)                                                  \
	do {                                                                   \
		if ((n) >= (cap)) {                                            \
			(cap) = (cap) ? (cap)*2 : 8;                           \
			(ptr) = xrealloc((ptr), (size_t)(cap) * sizeof(*(ptr))); \
		}                                                              \
		(n)++;                                                         \
	} while (0)

/* A simulator bug (never a user error): print file:line and abort. */
#define SIM_BUG(...) base_bug(__FILE__, __LINE__, __VA_ARGS__)
void base_bug(const char *file, int line, const char *fmt, ...)
	__attribute__((noreturn, format(printf, 3, 4)));

#ifdef NDEBUG
#define SIM_ASSERT(x) ((void)0)
#else
#define SIM_ASSERT(x) ((x) ? (void)0 : SIM_BUG("assertion failed: %s", #x))
#endif

static inline lanemask_t lanemask_full(unsigned width)
{
	return width >= 64 ? ~(lanemask_t)0 : (((lanemask_t)1 << width) - 1);
}

static inline unsigned bit_ctz64(uint64_t x) { return (unsigned)__builtin_ctzll(x); }
/* Population count: the CPU's instruction where the build enables one
 * (-mpopcnt, chosen at configure time on x86-64; AArch64 always), else
 * SWAR arithmetic (without -mpopcnt the builtin is a library call, slower
 * than this on the simulator's hot paths). */
static inline unsigned bit_popc64(uint64_t v)
{
#if defined(__POPCNT__) || defined(__aarch64__)
	return (unsigned)__builtin_popcountll(v);
#else
	v = v - ((v >> 1) & 0x5555555555555555ULL);
	v = (v & 0x3333333333333333ULL) + ((v >> 2) & 0x3333333333333333ULL);
	v = (v + (v >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (unsigned)((v * 0x0101010101010101ULL) >> 56);
#endif
}

#define BASE_CAT2(a, b) a##b
#define BASE_CAT(a, b) BASE_CAT2(a, b)

/*
 * Iterate over the set bits of a lane mask: FOR_LANES(l, m) { ... }.
 * The hidden cursor is named after the line, so loops may nest.
 */
#define FOR_LANES(l, m) FOR_LANES_(l, m, BASE_CAT(fl_m_, __LINE__))
#define FOR_LANES_(l, m, cur)                                                  \
	for (lanemask_t cur = (m); cur && ((l) = bit_ctz64(cur), 1);           \
	     cur &= cur - 1)

#endif
