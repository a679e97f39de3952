/*
 * test_api_limits.c - the Driver API under hostile input: kernels whose
 * register or local-memory storage no launch can hold, PTX images the
 * real driver's compiler rejects (empty, comments only, no .version, type
 * mismatches), stale context handles and deep context stacks.  Each case
 * must end in an error code with the process still usable afterwards.
 *
 * Tests run in file order in one process; each checks afterwards that a
 * normal kernel still runs.
 */
#include "test.h"

#include <cuda.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "api_capture.h"
#include "api_ptx.h"

#define CHECK_CU(call, want) CHECK_EQ_U64((call), (want))
#define OK(call) CHECK_EQ_U64((call), CUDA_SUCCESS)


/* A context with the shared test module loaded (made once). */
static CUcontext ctx;
static CUmodule mod;

static void setup(void)
{
	if (ctx)
		return;
	OK(cuInit(0));
	OK(cuCtxCreate(&ctx, NULL, 0, 0));
	OK(cuModuleLoadData(&mod, api_test_ptx));
}

/* fill(out, 7, 64) must still run and write out[i] = 7 + i. */
static void check_fill_works(void)
{
	CUfunction f;
	CUdeviceptr out;
	unsigned v = 7, n = 64, host[64];
	void *args[] = { &out, &v, &n };

	OK(cuCtxSetCurrent(ctx));
	OK(cuModuleGetFunction(&f, mod, "fill"));
	OK(cuMemAlloc(&out, sizeof(host)));
	OK(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, NULL, args, NULL));
	OK(cuCtxSynchronize());
	OK(cuMemcpyDtoH(host, out, sizeof(host)));
	CHECK_EQ_U64(host[0], 7);
	CHECK_EQ_U64(host[63], 70);
	OK(cuMemFree(out));
}

/* Load text, launch kernel k over grid x block threads with one pointer
 * argument, return the launch result; stderr captured in *cap. */
static CUresult load_launch(const char *text, unsigned grid, unsigned block,
			    struct capture *cap)
{
	CUmodule m;
	CUfunction f;
	CUdeviceptr out;
	void *args[] = { &out };
	CUresult r;

	OK(cuModuleLoadData(&m, text));
	OK(cuModuleGetFunction(&f, m, "k"));
	OK(cuMemAlloc(&out, 4096));
	capture_begin(cap);
	r = cuLaunchKernel(f, grid, 1, 1, block, 1, 1, 0, NULL, args, NULL);
	capture_end(cap);
	OK(cuMemFree(out));
	OK(cuModuleUnload(m));
	return r;
}

#define HDR ".version 8.0\n.target sm_75\n.address_size 64\n"

/* ---- resource limits ----------------------------------------------------- */

/*
 * A million virtual registers: ptxas maps them to a few physical ones, but
 * the simulator keeps a 64-bit slot per virtual register per thread, 8 MB
 * a thread; the launch must fail with an error, not abort the process.
 */
TEST(huge_registers)
{
	static const char text[] = HDR
		".visible .entry k(.param .u64 p)\n{\n"
		"\t.reg .b32 %r<1000000>;\n\t.reg .b64 %rd<2>;\n"
		"\tld.param.u64 %rd1, [p];\n\tmov.u32 %r999999, 5;\n"
		"\tst.global.u32 [%rd1], %r999999;\n\tret;\n}\n";
	struct capture cap;

	setup();
	CHECK_CU(load_launch(text, 64, 32, &cap),
		 CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
	CHECK_STR_CONTAINS(cap.text, "'k'");
	CHECK_STR_CONTAINS(cap.text, "register slots per thread");
	CHECK_CU(cuCtxSynchronize(), CUDA_SUCCESS); /* not sticky */
	check_fill_works();
}

/* More local memory per thread than the hardware's 512 KiB. */
TEST(huge_local_per_thread)
{
	static const char text[] = HDR
		".visible .entry k(.param .u64 p)\n{\n"
		"\t.local .align 4 .b8 loc[600000];\n\t.reg .b32 %r<2>;\n"
		"\t.reg .b64 %rd<3>;\n\tld.param.u64 %rd1, [p];\n"
		"\tmov.u64 %rd2, loc;\n\tld.local.u32 %r1, [%rd2+599996];\n"
		"\tst.global.u32 [%rd1], %r1;\n\tret;\n}\n";
	struct capture cap;

	setup();
	CHECK_CU(load_launch(text, 1, 32, &cap),
		 CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
	CHECK_STR_CONTAINS(cap.text, "'k'");
	CHECK_STR_CONTAINS(cap.text, "local memory per thread");
	check_fill_works();
}

/*
 * 400 KB of local memory per thread is allowed, but not for 64 resident
 * blocks of 256 threads (6.5 GB, over the 1.5 GB device): out of memory.
 */
TEST(huge_local_total)
{
	static const char text[] = HDR
		".visible .entry k(.param .u64 p)\n{\n"
		"\t.local .align 4 .b8 loc[400000];\n\t.reg .b32 %r<2>;\n"
		"\t.reg .b64 %rd<3>;\n\tld.param.u64 %rd1, [p];\n"
		"\tmov.u64 %rd2, loc;\n\tld.local.u32 %r1, [%rd2+4];\n"
		"\tst.global.u32 [%rd1], %r1;\n\tret;\n}\n";
	struct capture cap;

	setup();
	CHECK_CU(load_launch(text, 64, 256, &cap), CUDA_ERROR_OUT_OF_MEMORY);
	CHECK_STR_CONTAINS(cap.text, "'k'");
	CHECK_STR_CONTAINS(cap.text, "bytes of local memory for");
	check_fill_works();
}

/* ---- images the PTX compiler rejects --------------------------------------- */

/* cuModuleLoadData(text) must fail with INVALID_PTX and say where. */
static void check_rejected(const char *text, const char *where,
			   const char *what)
{
	CUmodule m = NULL;
	struct capture cap;

	setup();
	capture_begin(&cap);
	CHECK_CU(cuModuleLoadData(&m, text), CUDA_ERROR_INVALID_PTX);
	capture_end(&cap);
	CHECK_STR_CONTAINS(cap.text, where);
	CHECK_STR_CONTAINS(cap.text, what);
}

TEST(reject_empty)
{
	check_rejected("", ":1:1: error", "no .version");
}

TEST(reject_comments_only)
{
	check_rejected("// nothing here\n/* or here */\n  \n", ":4:1: error",
		       "no .version");
}

TEST(reject_no_version)
{
	check_rejected(".target sm_75\n.address_size 64\n"
		       ".visible .entry k() { ret; }\n",
		       ":1:1: error", "must begin with a .version");
}

TEST(reject_no_target)
{
	check_rejected(".version 8.0\n.address_size 64\n"
		       ".visible .entry k() { ret; }\n",
		       ":2:1: error", ".target directive must follow");
}

TEST(reject_float_register_in_integer_op)
{
	check_rejected(HDR ".visible .entry k()\n{\n\t.reg .b32 %r<3>;\n"
		       "\t.reg .f32 %f<2>;\n\tsub.u32 %f1, %r1, %r2;\n"
		       "\tret;\n}\n",
		       ":8:10: error", "'%f1'");
}

TEST(reject_fma_u64)
{
	check_rejected(HDR ".visible .entry k()\n{\n\t.reg .b64 %rd<4>;\n"
		       "\tfma.rn.u64 %rd1, %rd2, %rd3, %rd1;\n\tret;\n}\n",
		       ":7:2: error", "fma");
}

/* ---- context handles --------------------------------------------------------- */

/*
 * Create and destroy 16 contexts, then create B: B's memory is very likely
 * one of theirs (malloc's caches fill up, and calloc reuses the freed
 * chunks).  Every stale handle must be rejected everywhere; none may
 * destroy B.
 */
TEST(stale_context_handle)
{
	enum { N = 16 };
	CUcontext stale[N], b, cur;
	unsigned long long id_b, id;
	unsigned ver;
	CUdeviceptr p;
	int i;

	setup();
	for (i = 0; i < N; i++)
		OK(cuCtxCreate(&stale[i], NULL, 0, 0));
	for (i = N - 1; i >= 0; i--)
		OK(cuCtxDestroy(stale[i]));
	OK(cuCtxCreate(&b, NULL, 0, 0));
	OK(cuCtxGetId(b, &id_b));
	for (i = 0; i < N; i++) {
		CHECK(stale[i] != b);
		CHECK_CU(cuCtxDestroy(stale[i]), CUDA_ERROR_INVALID_CONTEXT);
		CHECK_CU(cuCtxPushCurrent(stale[i]),
			 CUDA_ERROR_INVALID_CONTEXT);
		CHECK_CU(cuCtxSetCurrent(stale[i]), CUDA_ERROR_INVALID_CONTEXT);
		CHECK_CU(cuCtxGetId(stale[i], &id), CUDA_ERROR_INVALID_CONTEXT);
		CHECK_CU(cuCtxGetApiVersion(stale[i], &ver),
			 CUDA_ERROR_INVALID_CONTEXT);
	}
	/* B survives and is still current */
	OK(cuCtxGetCurrent(&cur));
	CHECK(cur == b);
	OK(cuCtxGetId(NULL, &id));
	CHECK_EQ_U64(id, id_b);
	OK(cuMemAlloc(&p, 64));
	OK(cuMemFree(p));
	OK(cuCtxDestroy(b));
	check_fill_works();
}

/* 100 contexts stacked on one thread, then unwound in order. */
TEST(hundred_contexts)
{
	enum { N = 100 };
	CUcontext c[N], top;
	int i;

	setup();
	for (i = 0; i < N; i++)
		OK(cuCtxCreate(&c[i], NULL, 0, 0));
	for (i = N - 1; i >= 0; i--) {
		OK(cuCtxPopCurrent(&top));
		CHECK(top == c[i]);
	}
	for (i = 0; i < N; i++)
		OK(cuCtxDestroy(c[i]));
	check_fill_works();
}

TEST_MAIN()
