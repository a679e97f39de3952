/*
 * exec_sys.c - device system calls: the extern functions nvcc's PTX calls
 * and the simulator implements, vprintf (device printf) and __assertfail
 * (device assert).
 *
 * vprintf(format, args) takes the generic address of the format string
 * and of an argument buffer in which the caller packed each argument at
 * an offset aligned to its size (ints of 4 or 8 bytes, doubles, pointers;
 * floats arrive promoted to double), in format order.  Each calling lane
 * formats its line into the GPU's output buffer in execution order (lanes
 * ascending), which the simulator writes out when the launch ends.
 * __assertfail(message, file, line, function, char size) writes CUDA's
 * assertion line for each calling thread and stops the kernel with
 * WS_E_ASSERT (CUDA_ERROR_ASSERT, sticky).
 */
#include "../base/base.h"
#include "../../include/warpsim.h"
#include "fgpu_int.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#define SYS_MAX_STR 4096 /* longest device string read */

/* Append printf-style text to the GPU's output buffer. */
static void sys_out(struct fgpu *g, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void sys_out(struct fgpu *g, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n <= 0)
		return;
	if (g->out_cap - g->out_len < (size_t)n + 1) {
		g->out_cap = MAX(2 * g->out_cap, g->out_len + (size_t)n + 1);
		g->out = xrealloc(g->out, g->out_cap);
	}
	va_start(ap, fmt);
	vsnprintf(g->out + g->out_len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	g->out_len += (size_t)n;
}

/* Argument a of the call for lane (its .param slot in the local frame). */
static uint64_t sys_arg(struct exec *x, const struct ptx_call *cs,
			unsigned a, unsigned lane)
{
	struct fcta *c = x->cta;
	uint64_t v = 0;

	if (a >= cs->n_args)
		return 0;
	memcpy(&v, c->local + (size_t)(x->w->warp_id * x->ws + lane) *
		c->local_bytes + cs->args[a].src,
	       MIN(cs->args[a].size, 8u));
	return v;
}

/* Read a NUL-terminated device string into buf; false after a fault. */
static bool sys_str(struct exec *x, addr_t a, unsigned lane, char *buf,
		    size_t cap)
{
	size_t i;

	for (i = 0; i + 1 < cap; i++) {
		const uint8_t *p = fexec_xlate(x, SP_GENERIC, a + i, 1, lane);
		if (!p)
			return false;
		buf[i] = (char)*p;
		if (!*p)
			return true;
	}
	buf[i] = '\0';
	return true;
}

/* Read n bytes at argument-buffer offset *off (aligned to n first). */
static bool sys_take(struct exec *x, addr_t buf, size_t *off, unsigned n,
		     unsigned lane, uint64_t *v)
{
	const uint8_t *p;

	*off = (*off + n - 1) & ~(size_t)(n - 1);
	p = fexec_xlate(x, SP_GENERIC, buf + *off, n, lane);
	if (!p)
		return false;
	*v = 0;
	memcpy(v, p, n);
	*off += n;
	return true;
}

/*
 * Format one vprintf call for lane into the output buffer.  Each
 * conversion is handed to the host's snprintf with its flags, width and
 * precision, the length modifier replaced by one matching the size the
 * argument buffer holds.  Returns the number of arguments consumed, or -1
 * after a fault.
 */
static int sys_vprintf(struct exec *x, addr_t fmt_a, addr_t buf, unsigned lane,
		       char *fmt, char *s)
{
	size_t off = 0;
	int n_args = 0;

	if (!sys_str(x, fmt_a, lane, fmt, SYS_MAX_STR))
		return -1;
	for (const char *p = fmt; *p;) {
		const char *start = p;
		char spec[64], conv;
		size_t k = 0;
		int wide = 0;
		uint64_t v = 0;
		const char *q = p + 1;

		if (*p != '%' || q[0] == '%') {
			sys_out(x->g, "%c", *p);
			p += *p == '%' ? 2 : 1;
			continue;
		}
		spec[k++] = '%';
		while (*q && strchr("-+ #0123456789.*", *q) && k < 40) {
			if (*q == '*') { /* width/precision from an int argument */
				if (!sys_take(x, buf, &off, 4, lane, &v))
					return -1;
				n_args++;
				k += (size_t)snprintf(spec + k, sizeof(spec) - k,
						      "%d", (int)(uint32_t)v);
			} else {
				spec[k++] = *q;
			}
			q++;
		}
		while (*q && strchr("hlLqjzt", *q)) {
			wide |= *q == 'l' || *q == 'L' || *q == 'q' ||
				*q == 'j' || *q == 'z' || *q == 't';
			q++;
		}
		conv = *q;
		if (!conv)
			break;
		p = q + 1;
		switch (conv) {
		case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
		case 'c':
			if (!sys_take(x, buf, &off, wide ? 8 : 4, lane, &v))
				return -1;
			n_args++;
			if (conv == 'c') {
				spec[k++] = 'c';
				spec[k] = '\0';
				sys_out(x->g, spec, (int)(uint32_t)v);
				break;
			}
			spec[k++] = 'l';
			spec[k++] = 'l';
			spec[k++] = conv;
			spec[k] = '\0';
			if (conv == 'd' || conv == 'i')
				sys_out(x->g, spec, wide ? (long long)v
						: (long long)(int32_t)(uint32_t)v);
			else
				sys_out(x->g, spec, wide ? (unsigned long long)v
						: (unsigned long long)(uint32_t)v);
			break;
		case 'f': case 'F': case 'e': case 'E': case 'g': case 'G':
		case 'a': case 'A': {
			double d;

			if (!sys_take(x, buf, &off, 8, lane, &v))
				return -1;
			n_args++;
			memcpy(&d, &v, sizeof(d));
			spec[k++] = conv;
			spec[k] = '\0';
			sys_out(x->g, spec, d);
			break;
		}
		case 's':
			if (!sys_take(x, buf, &off, 8, lane, &v))
				return -1;
			n_args++;
			if (!v)
				strcpy(s, "(null)");
			else if (!sys_str(x, (addr_t)v, lane, s, SYS_MAX_STR))
				return -1;
			spec[k++] = 's';
			spec[k] = '\0';
			sys_out(x->g, spec, s);
			break;
		case 'p':
			if (!sys_take(x, buf, &off, 8, lane, &v))
				return -1;
			n_args++;
			sys_out(x->g, "0x%llx", (unsigned long long)v);
			break;
		default: /* unknown conversion: printed as written */
			sys_out(x->g, "%.*s", (int)(p - start), start);
			break;
		}
	}
	return n_args;
}

/* CUDA's assertion line for lane, then stop the kernel with WS_E_ASSERT. */
static void sys_assert(struct exec *x, const struct ptx_call *cs,
		       lanemask_t m)
{
	char *msg = xmalloc(3 * SYS_MAX_STR);
	char *file = msg + SYS_MAX_STR, *fn = file + SYS_MAX_STR;
	struct fcta *c = x->cta;
	unsigned l;

	FOR_LANES(l, m) {
		uint32_t t = x->w->warp_id * x->ws + l;
		uint32_t tx = t % c->ntid[0], ty = t / c->ntid[0] % c->ntid[1];
		uint32_t tz = t / (c->ntid[0] * c->ntid[1]);

		if (!sys_str(x, sys_arg(x, cs, 0, l), l, msg, SYS_MAX_STR) ||
		    !sys_str(x, sys_arg(x, cs, 1, l), l, file, SYS_MAX_STR) ||
		    !sys_str(x, sys_arg(x, cs, 3, l), l, fn, SYS_MAX_STR)) {
			free(msg);
			return;
		}
		sys_out(x->g, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] "
			"Assertion `%s` failed.\n", file,
			(unsigned)sys_arg(x, cs, 2, l), fn, c->ctaid[0],
			c->ctaid[1], c->ctaid[2], tx, ty, tz, msg);
	}
	free(msg);
	fexec_fault(x, WS_E_ASSERT, bit_ctz64(m), 0, SP__COUNT, 0,
		    "device-side assert triggered");
}

void fexec_syscall(struct exec *x, const struct ptx_call *cs, lanemask_t m)
{
	char *fmt, *s;
	unsigned l;

	if (cs->builtin == PTX_BUILTIN_ASSERTFAIL) {
		sys_assert(x, cs, m);
		return;
	}
	fmt = xmalloc(2 * SYS_MAX_STR);
	s = fmt + SYS_MAX_STR;
	FOR_LANES(l, m) {
		int n = sys_vprintf(x, sys_arg(x, cs, 0, l), sys_arg(x, cs, 1, l),
				    l, fmt, s);
		struct fcta *c = x->cta;

		if (n < 0)
			break;
		if (cs->ret.size)
			memcpy(c->local + (size_t)(x->w->warp_id * x->ws + l) *
				c->local_bytes + cs->ret.dst,
			       &n, MIN(cs->ret.size, 4u));
	}
	free(fmt);
}

void fgpu_output_flush(struct fgpu *g, FILE *f)
{
	if (!g->out_len)
		return;
	fwrite(g->out, 1, g->out_len, f);
	fflush(f);
	g->out_len = 0;
}
