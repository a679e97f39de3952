/*
 * api_ptx.h - PTX shared by the Driver API tests (text only, header-only).
 *
 * nvcc -ptx -arch=sm_75 (CUDA 13.0) of:
 *   __device__ unsigned gvar = 5;
 *   extern "C" __global__ void fill(unsigned *out, unsigned v, unsigned n)
 *   { unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
 *     if (i < n) out[i] = v + i + gvar - 5; }
 *   extern "C" __global__ void reverse(unsigned *out)
 *   { extern __shared__ unsigned sm[]; sm[threadIdx.x] = threadIdx.x;
 *     __syncthreads(); out[threadIdx.x] = sm[blockDim.x - 1 - threadIdx.x]; }
 *   extern "C" __global__ void fault(void) { *(volatile int *)0x10 = 1; }
 */
#ifndef WS_TESTS_API_PTX_H
#define WS_TESTS_API_PTX_H

static const char api_test_ptx[] =
	".version 9.0\n"
	".target sm_75\n"
	".address_size 64\n"
	".global .align 4 .u32 gvar = 5;\n"
	".extern .shared .align 16 .b8 sm[];\n"
	".visible .entry fill(\n"
	"	.param .u64 fill_param_0,\n"
	"	.param .u32 fill_param_1,\n"
	"	.param .u32 fill_param_2\n"
	")\n"
	"{\n"
	"	.reg .pred 	%p<2>;\n"
	"	.reg .b32 	%r<11>;\n"
	"	.reg .b64 	%rd<5>;\n"
	"	ld.param.u64 	%rd1, [fill_param_0];\n"
	"	ld.param.u32 	%r2, [fill_param_1];\n"
	"	ld.param.u32 	%r3, [fill_param_2];\n"
	"	mov.u32 	%r4, %ctaid.x;\n"
	"	mov.u32 	%r5, %ntid.x;\n"
	"	mov.u32 	%r6, %tid.x;\n"
	"	mad.lo.s32 	%r1, %r4, %r5, %r6;\n"
	"	setp.ge.u32 	%p1, %r1, %r3;\n"
	"	@%p1 bra 	$L__BB0_2;\n"
	"	cvta.to.global.u64 	%rd2, %rd1;\n"
	"	add.s32 	%r7, %r1, %r2;\n"
	"	ld.global.u32 	%r8, [gvar];\n"
	"	add.s32 	%r9, %r7, %r8;\n"
	"	add.s32 	%r10, %r9, -5;\n"
	"	mul.wide.u32 	%rd3, %r1, 4;\n"
	"	add.s64 	%rd4, %rd2, %rd3;\n"
	"	st.global.u32 	[%rd4], %r10;\n"
	"$L__BB0_2:\n"
	"	ret;\n"
	"}\n"
	".visible .entry reverse(\n"
	"	.param .u64 reverse_param_0\n"
	")\n"
	"{\n"
	"	.reg .b32 	%r<11>;\n"
	"	.reg .b64 	%rd<5>;\n"
	"	ld.param.u64 	%rd1, [reverse_param_0];\n"
	"	cvta.to.global.u64 	%rd2, %rd1;\n"
	"	mov.u32 	%r1, %tid.x;\n"
	"	shl.b32 	%r2, %r1, 2;\n"
	"	mov.u32 	%r3, sm;\n"
	"	add.s32 	%r4, %r3, %r2;\n"
	"	st.shared.u32 	[%r4], %r1;\n"
	"	bar.sync 	0;\n"
	"	mov.u32 	%r5, %ntid.x;\n"
	"	not.b32 	%r6, %r1;\n"
	"	add.s32 	%r7, %r5, %r6;\n"
	"	shl.b32 	%r8, %r7, 2;\n"
	"	add.s32 	%r9, %r3, %r8;\n"
	"	ld.shared.u32 	%r10, [%r9];\n"
	"	mul.wide.u32 	%rd3, %r1, 4;\n"
	"	add.s64 	%rd4, %rd2, %rd3;\n"
	"	st.global.u32 	[%rd4], %r10;\n"
	"	ret;\n"
	"}\n"
	".visible .entry fault()\n"
	"{\n"
	"	.reg .b32 	%r<2>;\n"
	"	.reg .b64 	%rd<2>;\n"
	"	mov.u64 	%rd1, 16;\n"
	"	mov.u32 	%r1, 1;\n"
	"	st.volatile.u32 	[%rd1], %r1;\n"
	"	ret;\n"
	"}\n";

/* A module whose line 6 is not a PTX instruction. */
static const char api_bad_ptx[] =
	".version 9.0\n"
	".target sm_75\n"
	".address_size 64\n"
	".visible .entry k()\n"
	"{\n"
	"\tfrobnicate.u32 %r1;\n"
	"\tret;\n"
	"}\n";

#endif
