/*
 * host.c - fault tests: `host kernel.ptx KIND` launches one faulting
 * kernel (2 blocks of 64 threads, 128 for the spin case) and expects the
 * launch or the next synchronising call to fail with the right CUresult:
 *   oob_store, oob_load, shared_oob -> CUDA_ERROR_ILLEGAL_ADDRESS (700)
 *   misaligned                       -> CUDA_ERROR_MISALIGNED_ADDRESS (716)
 *   deadlock (bar.sync 1, 1024)      -> CUDA_ERROR_LAUNCH_TIMEOUT (702) or
 *                                       CUDA_ERROR_LAUNCH_FAILED (719)
 *   deadlock_spin (barrier + spin)   -> any error
 * PASS means the expected error came back and the process did not crash;
 * the simulator's own fault report goes to stderr.
 */
#define KH_NAME "fault"
#include "../khost.h"

enum expect {
	EXPECT_ILLEGAL,  /* CUDA_ERROR_ILLEGAL_ADDRESS */
	EXPECT_MISALIGN, /* CUDA_ERROR_MISALIGNED_ADDRESS */
	EXPECT_HANG,     /* CUDA_ERROR_LAUNCH_TIMEOUT or _LAUNCH_FAILED */
	EXPECT_ANY,      /* any error */
};

struct fault_kind {
	const char *name;    /* argv[2] */
	const char *kernel;  /* entry to launch */
	enum expect expect;  /* acceptable results */
	unsigned block;      /* threads per block */
};

static const struct fault_kind kinds[] = {
	{"oob_store", "fault_oob_store", EXPECT_ILLEGAL, 64},
	{"oob_load", "fault_oob_load", EXPECT_ILLEGAL, 64},
	{"misaligned", "fault_misaligned", EXPECT_MISALIGN, 64},
	{"shared_oob", "fault_shared_oob", EXPECT_ILLEGAL, 64},
	{"deadlock", "fault_bar_deadlock", EXPECT_HANG, 64},
	{"deadlock_spin", "fault_spin_deadlock", EXPECT_ANY, 128},
	{"livelock", "fault_naive_lock", EXPECT_HANG, 64},
};

static int accepted(enum expect e, CUresult r)
{
	switch (e) {
	case EXPECT_ILLEGAL:
		return r == CUDA_ERROR_ILLEGAL_ADDRESS;
	case EXPECT_MISALIGN:
		return r == CUDA_ERROR_MISALIGNED_ADDRESS;
	case EXPECT_HANG:
		return r == CUDA_ERROR_LAUNCH_TIMEOUT ||
		       r == CUDA_ERROR_LAUNCH_FAILED;
	case EXPECT_ANY:
		return r != CUDA_SUCCESS;
	}
	return 0;
}

/*
 * Allocate the buffers KIND needs, fill params, and return the dynamic
 * shared bytes.  bufs[0] is always a 4 KiB scratch/output buffer.
 */
static unsigned setup(const struct fault_kind *f, CUdeviceptr *bufs,
		      void **params, unsigned long long *off, unsigned *idx)
{
	static const unsigned char zero[4096];

	bufs[0] = kh_alloc(sizeof(zero), zero);
	if (!strcmp(f->name, "oob_store")) {
		*off = 1ULL << 40;
		params[0] = &bufs[0];
		params[1] = off;
	} else if (!strcmp(f->name, "oob_load")) {
		/* The small buffer is allocated last, so nothing follows it;
		 * index 1100 is byte 4400, well past its 1000 bytes. */
		bufs[1] = kh_alloc(1000, zero);
		*idx = 1100;
		params[0] = &bufs[1];
		params[1] = &bufs[0];
		params[2] = idx;
	} else if (!strcmp(f->name, "misaligned")) {
		bufs[1] = kh_alloc(1024, zero);
		*idx = 13; /* inside the buffer, but odd */
		params[0] = &bufs[1];
		params[1] = &bufs[0];
		params[2] = idx;
	} else if (!strcmp(f->name, "shared_oob")) {
		*idx = 1u << 20; /* 4 MiB into a 256-byte array */
		params[0] = &bufs[0];
		params[1] = idx;
		return 64 * sizeof(int);
	} else if (!strcmp(f->name, "deadlock")) {
		params[0] = &bufs[0];
	} else {
		bufs[1] = kh_alloc(sizeof(int), zero);
		params[0] = &bufs[1];
		params[1] = &bufs[0];
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct kh_ctx k;
	const struct fault_kind *f = NULL;
	CUdeviceptr bufs[2] = {0, 0};
	void *params[3];
	unsigned long long off = 0;
	unsigned idx = 0, dyn, i;
	int host_out[16];
	CUresult r;
	const char *where = "cuLaunchKernel";

	for (i = 0; argc > 2 && i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(argv[2], kinds[i].name))
			f = &kinds[i];
	if (!f)
		kh_fail("usage: %s kernel.ptx KIND (oob_store, oob_load, "
			"misaligned, shared_oob, deadlock, deadlock_spin)",
			argv[0]);
	kh_open(&k, argc, argv);
	dyn = setup(f, bufs, params, &off, &idx);
	r = cuLaunchKernel(kh_func(&k, f->kernel), 2, 1, 1, f->block, 1, 1,
			   dyn, NULL, params, NULL);
	if (r == CUDA_SUCCESS) {
		where = "cuCtxSynchronize";
		r = cuCtxSynchronize();
	}
	if (r == CUDA_SUCCESS) {
		where = "cuMemcpyDtoH";
		r = cuMemcpyDtoH(host_out, bufs[0], sizeof(host_out));
	}
	if (!accepted(f->expect, r))
		kh_fail("%s: %s returned %s (%d)", f->name, where,
			kh_err_name(r), (int)r);
	/* The context is unusable after a fault; tear down, ignore errors. */
	(void)cuCtxDestroy(k.ctx);
	printf("PASS fault %s: %s from %s\n", f->name, kh_err_name(r), where);
	return 0;
}
