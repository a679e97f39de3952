/*
 * api_fatbin.c - the PTX inside an nvcc fat binary (what cuModuleLoadData
 * and the runtime's __cudaRegisterFatBinary are handed).
 *
 * Layout as observed in the fat binaries nvcc 13.0 makes here (the
 * format notes are in docs/runtime.md): an optional 24-byte wrapper
 * (magic 0x466243b1, version, pointer to the container), a 16-byte
 * container header (magic 0xba55ed50, version, header size, payload size)
 * and then entries, each a header (kind 1 = PTX, 2 = ELF/SASS; header
 * size; padded payload size; stored size; PTX version; sm number; flags,
 * 0x2000 = LZ4 block, 0x8000 = Zstandard frame; original size) followed by
 * its payload.  We pick the PTX entry of the highest architecture <= 75,
 * else the lowest one, and decompress it: LZ4 blocks here, Zstandard
 * frames through the system's libzstd.so.1 loaded at run time.
 */
#include "base/base.h"
#include "api/api_int.h"
#include "base/diag.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FB_WRAP_MAGIC 0x466243B1u  /* __fatBinC_Wrapper_t.magic */
#define FB_MAGIC 0xBA55ED50u       /* fat binary container */
#define FB_KIND_PTX 1              /* entry holds PTX text */
#define FB_KIND_ELF 2              /* entry holds a cubin (SASS) */
#define FB_FLAG_LZ4 0x2000u        /* payload is one LZ4 block */
#define FB_FLAG_ZSTD 0x8000u       /* payload is one Zstandard frame */
#define FB_TARGET_SM 75            /* the architecture we simulate */

/* One entry header, decoded. */
struct fb_entry {
	unsigned kind;       /* FB_KIND_* */
	unsigned hdr_size;   /* bytes of the entry header */
	uint64_t size;       /* payload bytes (padded) */
	uint32_t stored;     /* compressed payload bytes (0: not compressed) */
	unsigned sm;         /* architecture number (75 for sm_75) */
	uint64_t flags;      /* FB_FLAG_* and others */
	uint64_t raw_size;   /* decompressed bytes (0: not compressed) */
	const unsigned char *payload; /* first payload byte */
};

static uint32_t fb_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

static uint64_t fb_u64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* Whether the bytes at p start with magic (little-endian); stops at the
 * first mismatch, so a shorter NUL-terminated text is never overread (no
 * magic byte is 0). */
static bool fb_starts(const unsigned char *p, uint32_t magic)
{
	for (unsigned i = 0; i < 4; i++)
		if (p[i] != (unsigned char)(magic >> (8 * i)))
			return false;
	return true;
}

bool api_fatbin_is(const void *image)
{
	return fb_starts(image, FB_WRAP_MAGIC) || fb_starts(image, FB_MAGIC);
}

/*
 * Decode one LZ4 block (sequences of token, literals, 2-byte offset and
 * match length, as the LZ4 block format specifies) of n bytes into exactly
 * out_n bytes.  Returns 0, or -1 on malformed input.
 */
static int fb_lz4(const unsigned char *in, size_t n, unsigned char *out,
		  size_t out_n)
{
	size_t i = 0, o = 0;

	while (i < n) {
		unsigned tok = in[i++];
		size_t lit = tok >> 4, mlen = tok & 15u, off;

		if (lit == 15) {
			unsigned b;
			do {
				if (i >= n)
					return -1;
				b = in[i++];
				lit += b;
			} while (b == 255);
		}
		if (lit > n - i || lit > out_n - o)
			return -1;
		memcpy(out + o, in + i, lit);
		i += lit;
		o += lit;
		if (i == n)
			break; /* the last sequence has literals only */
		if (n - i < 2)
			return -1;
		off = (size_t)in[i] | (size_t)in[i + 1] << 8;
		i += 2;
		if (off == 0 || off > o)
			return -1;
		if (mlen == 15) {
			unsigned b;
			do {
				if (i >= n)
					return -1;
				b = in[i++];
				mlen += b;
			} while (b == 255);
		}
		mlen += 4;
		if (mlen > out_n - o)
			return -1;
		for (size_t k = 0; k < mlen; k++, o++)
			out[o] = out[o - off]; /* overlapping copies repeat */
	}
	return o == out_n ? 0 : -1;
}

/* Zstandard's one-shot decoder and error test, from libzstd.so.1. */
typedef size_t (*fb_zstd_fn)(void *, size_t, const void *, size_t);
typedef unsigned (*fb_zstd_err_fn)(size_t);

/* Decode one Zstandard frame with the system library; 0, or -1 + dg. */
static int fb_zstd(const unsigned char *in, size_t n, unsigned char *out,
		   size_t out_n, struct diag *dg)
{
	void *lib = dlopen("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
	fb_zstd_fn dec;
	fb_zstd_err_fn is_err;
	size_t got;
	bool bad;

	if (!lib)
		return diag_err(dg, "the PTX is Zstandard-compressed and "
				"libzstd.so.1 is not installed; rebuild with "
				"nvcc --no-compress (or -compress-mode=speed)");
	dec = (fb_zstd_fn)(uintptr_t)dlsym(lib, "ZSTD_decompress");
	is_err = (fb_zstd_err_fn)(uintptr_t)dlsym(lib, "ZSTD_isError");
	if (!dec || !is_err) {
		dlclose(lib);
		return diag_err(dg, "libzstd.so.1 lacks ZSTD_decompress; "
				"rebuild with nvcc --no-compress");
	}
	got = dec(out, out_n, in, n);
	bad = is_err(got) != 0;
	dlclose(lib);
	if (bad || got != out_n)
		return diag_err(dg, "the PTX's Zstandard frame does not "
				"decode to %zu bytes", out_n);
	return 0;
}

/* Decode the entry header at p (left bytes available); 0 or -1 + dg. */
static int fb_entry_read(const unsigned char *p, uint64_t left,
			 struct fb_entry *e, struct diag *dg)
{
	if (left < 64)
		return diag_err(dg, "truncated fat binary entry");
	e->kind = (unsigned)(fb_u32(p) & 0xffffu);
	e->hdr_size = fb_u32(p + 4);
	e->size = fb_u64(p + 8);
	e->stored = fb_u32(p + 16);
	e->sm = fb_u32(p + 28);
	e->flags = fb_u64(p + 40);
	e->raw_size = fb_u64(p + 56);
	e->payload = p + e->hdr_size;
	if (e->hdr_size < 64 || e->hdr_size > left ||
	    e->size > left - e->hdr_size)
		return diag_err(dg, "fat binary entry overruns its container");
	return 0;
}

/* Whether entry a is a better PTX choice than b (NULL b: always). */
static bool fb_better(const struct fb_entry *a, const struct fb_entry *b)
{
	bool a_ok = a->sm <= FB_TARGET_SM, b_ok;

	if (!b)
		return true;
	b_ok = b->sm <= FB_TARGET_SM;
	if (a_ok != b_ok)
		return a_ok;
	return a_ok ? a->sm > b->sm : a->sm < b->sm;
}

/* The PTX text of entry e, NUL-terminated, malloc'd; NULL + dg. */
static char *fb_entry_ptx(const struct fb_entry *e, size_t *len,
			  struct diag *dg)
{
	unsigned char *out;
	size_t n;
	bool bad;

	if (e->flags & (FB_FLAG_LZ4 | FB_FLAG_ZSTD)) {
		if (e->stored > e->size || e->raw_size == 0 ||
		    e->raw_size > ((uint64_t)1 << 31)) {
			diag_err(dg, "compressed PTX entry with sizes %u/%llu",
				 e->stored, (unsigned long long)e->raw_size);
			return NULL;
		}
		n = (size_t)e->raw_size;
		out = xmalloc(n + 1);
		if (e->flags & FB_FLAG_LZ4)
			bad = fb_lz4(e->payload, e->stored, out, n) != 0 &&
			      diag_err(dg, "the PTX's LZ4 block is malformed");
		else
			bad = fb_zstd(e->payload, e->stored, out, n, dg) != 0;
		if (bad) {
			free(out);
			return NULL;
		}
	} else {
		n = (size_t)e->size;
		out = xmalloc(n + 1);
		memcpy(out, e->payload, n);
	}
	out[n] = '\0';
	*len = strnlen((char *)out, n); /* payloads are NUL-padded */
	return (char *)out;
}

char *api_fatbin_ptx(const void *image, size_t avail, size_t *len,
		     bool *sass_only, struct diag *dg)
{
	const unsigned char *p = image;
	const unsigned char *end;
	struct fb_entry e, best = {0};
	bool have = false;
	unsigned n_elf = 0, elf_sm = 0, hsize;
	uint64_t size;

	*sass_only = false;
	if (avail < 16) {
		diag_err(dg, "truncated fat binary (%zu bytes)", avail);
		return NULL;
	}
	if (fb_u32(p) == FB_WRAP_MAGIC) {
		const void *data;

		memcpy(&data, p + 8, sizeof(data));
		if (!data) {
			diag_err(dg, "fat binary wrapper without data");
			return NULL;
		}
		p = data;
		avail = SIZE_MAX; /* the wrapper points elsewhere */
	}
	if (fb_u32(p) != FB_MAGIC) {
		diag_err(dg, "not a fat binary (magic 0x%08x)", fb_u32(p));
		return NULL;
	}
	size = fb_u64(p + 8);
	hsize = (unsigned)(p[6] | p[7] << 8);
	if (hsize < 16 || hsize > avail || size > avail - hsize) {
		diag_err(dg, "fat binary header claims %llu bytes, %zu present",
			 (unsigned long long)size + hsize, avail);
		return NULL;
	}
	end = p + hsize + size;
	p += hsize;
	while (p < end) {
		if (fb_entry_read(p, (uint64_t)(end - p), &e, dg) != 0)
			return NULL;
		if (e.kind == FB_KIND_PTX && (!have || fb_better(&e, &best))) {
			best = e;
			have = true;
		} else if (e.kind == FB_KIND_ELF) {
			n_elf++;
			elf_sm = e.sm;
		}
		p = e.payload + e.size;
	}
	if (!have) {
		*sass_only = n_elf > 0;
		if (n_elf > 0)
			diag_err(dg, "the fat binary holds SASS only (%u cubin%s, "
				 "sm_%u) and no PTX; warpsim runs PTX: build "
				 "with -gencode arch=compute_75,code=compute_75",
				 n_elf, n_elf > 1 ? "s" : "", elf_sm);
		else
			diag_err(dg, "the fat binary holds no PTX");
		return NULL;
	}
	return fb_entry_ptx(&best, len, dg);
}
