/*
 * test_api_more.c - the less common CUDA Driver API entry points through
 * warpsim's own cuda.h: pitched allocations and 2D/3D copies, cooperative
 * and extended launches, the occupancy calculator, pointer attributes, PCI
 * identity and legacy properties, context ids and flags, the profiler
 * no-ops, and the CUDA_ERROR_NOT_SUPPORTED answers for host-mapped memory.
 */
#include "test.h"

#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "api_ptx.h"

#define CHECK_CU(call, want) CHECK_EQ_U64((call), (want))
#define OK(call) CHECK_EQ_U64((call), CUDA_SUCCESS)

/* Init, create a context and load the test module. */
static CUcontext setup(CUmodule *mod)
{
	CUcontext ctx = NULL;
	CUdevice dev;

	OK(cuInit(0));
	OK(cuDeviceGet(&dev, 0));
	OK(cuCtxCreate(&ctx, NULL, 0, dev));
	if (mod)
		OK(cuModuleLoadData(mod, api_test_ptx));
	return ctx;
}

/* Byte pattern of a host image: distinct for every (x, y, z). */
static unsigned char pattern(size_t x, size_t y, size_t z)
{
	return (unsigned char)(x * 7 + y * 31 + z * 101 + 3);
}

/* ---- tests -------------------------------------------------------------- */

TEST(pitch_alloc)
{
	CUcontext ctx = setup(NULL);
	CUdeviceptr p = 0, base = 0;
	size_t pitch = 0, size = 0;

	OK(cuMemAllocPitch(&p, &pitch, 100, 10, 4));
	CHECK(pitch >= 100);
	CHECK_EQ_U64(pitch % 512, 0);
	OK(cuMemGetAddressRange(&base, &size, p));
	CHECK_EQ_U64(base, p);
	CHECK(size >= pitch * 10);
	OK(cuMemFree(p));
	OK(cuMemAllocPitch(&p, &pitch, 512, 3, 16));
	CHECK_EQ_U64(pitch, 512);
	OK(cuMemFree(p));
	CHECK_CU(cuMemAllocPitch(&p, &pitch, 100, 10, 3),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemAllocPitch(&p, &pitch, 0, 10, 4),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemAllocPitch(&p, &pitch, 10, 0, 4),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemAllocPitch(&p, NULL, 10, 10, 4),
		 CUDA_ERROR_INVALID_VALUE);
	OK(cuCtxDestroy(ctx));
}

TEST(memcpy_2d)
{
	enum { W = 37, H = 11, HP = 48 }; /* bytes per row, rows, host pitch */
	CUcontext ctx = setup(NULL);
	CUdeviceptr dev, dev2;
	size_t pitch, pitch2;
	unsigned char src[H * HP], back[H * HP], flat[W * H];
	CUDA_MEMCPY2D c;
	CUstream s;
	int ok = 1;

	for (size_t y = 0; y < H; y++)
		for (size_t x = 0; x < HP; x++)
			src[y * HP + x] = pattern(x, y, 0);
	OK(cuMemAllocPitch(&dev, &pitch, W, H, 4));
	OK(cuMemAllocPitch(&dev2, &pitch2, W + 5, H + 2, 8));
	OK(cuMemsetD8(dev, 0xee, pitch * H));

	/* host (pitch HP) -> device (allocation pitch) */
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = src;
	c.srcPitch = HP;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = dev;
	c.dstPitch = pitch;
	c.WidthInBytes = W;
	c.Height = H;
	OK(cuMemcpy2D(&c));

	/* the padding after each row is untouched */
	{
		unsigned char row[512];

		OK(cuMemcpyDtoH(row, dev + pitch, pitch));
		for (size_t x = 0; x < W; x++)
			ok &= row[x] == pattern(x, 1, 0);
		for (size_t x = W; x < pitch; x++)
			ok &= row[x] == 0xee;
		CHECK(ok);
	}

	/* device -> device with offsets: rows 1.., columns 2.. into (3, 2) */
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = dev;
	c.srcPitch = pitch;
	c.srcXInBytes = 2;
	c.srcY = 1;
	c.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
	c.dstDevice = dev2;
	c.dstPitch = pitch2;
	c.dstXInBytes = 3;
	c.dstY = 2;
	c.WidthInBytes = W - 2;
	c.Height = H - 1;
	OK(cuMemcpy2DUnaligned(&c));

	/* device -> tightly packed host, through a stream */
	OK(cuStreamCreate(&s, CU_STREAM_DEFAULT));
	memset(flat, 0, sizeof(flat));
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = dev2;
	c.srcPitch = pitch2;
	c.srcXInBytes = 3;
	c.srcY = 2;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = flat;
	c.dstPitch = W - 2;
	c.WidthInBytes = W - 2;
	c.Height = H - 1;
	OK(cuMemcpy2DAsync(&c, s));
	OK(cuStreamSynchronize(s));
	ok = 1;
	for (size_t y = 0; y < H - 1; y++)
		for (size_t x = 0; x < W - 2; x++)
			ok &= flat[y * (W - 2) + x] == pattern(x + 2, y + 1, 0);
	CHECK(ok);

	/* and the whole first image back, unified on both sides */
	memset(back, 0, sizeof(back));
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
	c.srcDevice = dev;
	c.srcPitch = pitch;
	c.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
	c.dstDevice = (CUdeviceptr)(uintptr_t)back;
	c.dstPitch = HP;
	c.WidthInBytes = W;
	c.Height = H;
	OK(cuMemcpy2D(&c));
	ok = 1;
	for (size_t y = 0; y < H; y++)
		for (size_t x = 0; x < HP; x++)
			ok &= back[y * HP + x] ==
			      (x < W ? pattern(x, y, 0) : 0);
	CHECK(ok);

	/* errors: past the allocation, pitch below width, a missing array,
	 * bad type */
	c.Height = H + 1;
	CHECK_CU(cuMemcpy2D(&c), CUDA_ERROR_INVALID_VALUE);
	c.Height = H;
	c.dstPitch = W - 1;
	CHECK_CU(cuMemcpy2D(&c), CUDA_ERROR_INVALID_VALUE);
	c.dstPitch = HP;
	c.srcMemoryType = CU_MEMORYTYPE_ARRAY; /* with no array handle */
	CHECK_CU(cuMemcpy2D(&c), CUDA_ERROR_INVALID_VALUE);
	c.srcMemoryType = (CUmemorytype)9;
	CHECK_CU(cuMemcpy2D(&c), CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuMemcpy2D(NULL), CUDA_ERROR_INVALID_VALUE);
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.Height = 0; /* nothing to copy */
	OK(cuMemcpy2D(&c));

	OK(cuStreamDestroy(s));
	OK(cuMemFree(dev));
	OK(cuMemFree(dev2));
	OK(cuCtxDestroy(ctx));
}

TEST(memcpy_3d)
{
	enum { W = 9, H = 5, D = 4, HP = 12, HH = 6 };
	CUcontext ctx = setup(NULL);
	CUdeviceptr dev;
	unsigned char src[D * HH * HP], back[D * HH * HP];
	const size_t dpitch = 16, dheight = 7;
	CUDA_MEMCPY3D c;
	int ok = 1;

	for (size_t z = 0; z < D; z++)
		for (size_t y = 0; y < HH; y++)
			for (size_t x = 0; x < HP; x++)
				src[(z * HH + y) * HP + x] = pattern(x, y, z);
	OK(cuMemAlloc(&dev, dpitch * dheight * D));
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_HOST;
	c.srcHost = src;
	c.srcPitch = HP;
	c.srcHeight = HH;
	c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
	c.dstDevice = dev;
	c.dstPitch = dpitch;
	c.dstHeight = dheight;
	c.WidthInBytes = W;
	c.Height = H;
	c.Depth = D;
	OK(cuMemcpy3D(&c));

	memset(back, 0, sizeof(back));
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE;
	c.srcDevice = dev;
	c.srcPitch = dpitch;
	c.srcHeight = dheight;
	c.dstMemoryType = CU_MEMORYTYPE_HOST;
	c.dstHost = back;
	c.dstPitch = HP;
	c.dstHeight = HH;
	c.WidthInBytes = W;
	c.Height = H;
	c.Depth = D;
	OK(cuMemcpy3DAsync(&c, NULL));
	for (size_t z = 0; z < D; z++)
		for (size_t y = 0; y < HH; y++)
			for (size_t x = 0; x < HP; x++)
				ok &= back[(z * HH + y) * HP + x] ==
				      (x < W && y < H ? pattern(x, y, z) : 0);
	CHECK(ok);

	c.reserved0 = &c;
	CHECK_CU(cuMemcpy3D(&c), CUDA_ERROR_INVALID_VALUE);
	c.reserved0 = NULL;
	c.srcHeight = H - 1;
	CHECK_CU(cuMemcpy3D(&c), CUDA_ERROR_INVALID_VALUE);
	c.srcHeight = dheight;
	c.dstMemoryType = CU_MEMORYTYPE_ARRAY; /* with no array handle */
	CHECK_CU(cuMemcpy3D(&c), CUDA_ERROR_INVALID_VALUE);
	OK(cuMemFree(dev));
	OK(cuCtxDestroy(ctx));
}

TEST(cooperative_launch)
{
	CUmodule m;
	CUcontext ctx = setup(&m);
	CUfunction f;
	CUdeviceptr out;
	uint32_t host[256];
	unsigned v = 40, n = 256;
	void *args[] = { &out, &v, &n };
	int per_sm = 0, sms = 0, coop = 0, ok = 1;
	unsigned fit;

	OK(cuModuleGetFunction(&f, m, "fill"));
	OK(cuMemAlloc(&out, sizeof(host)));
	OK(cuDeviceGetAttribute(&coop, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH,
				0));
	CHECK_EQ_U64(coop, 1);
	OK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
				0));
	OK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, 256, 0));
	CHECK(per_sm > 0 && sms > 0);
	fit = (unsigned)(per_sm * sms);

	OK(cuLaunchCooperativeKernel(f, 1, 1, 1, 256, 1, 1, 0, NULL, args));
	OK(cuMemcpyDtoH(host, out, sizeof(host)));
	for (unsigned i = 0; i < n; i++)
		ok &= host[i] == v + i;
	CHECK(ok);
	/* exactly a full device is accepted, one block more is not */
	OK(cuLaunchCooperativeKernel(f, fit, 1, 1, 256, 1, 1, 0, NULL, args));
	CHECK_CU(cuLaunchCooperativeKernel(f, fit + 1, 1, 1, 256, 1, 1, 0, NULL,
					   args),
		 CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
	CHECK_CU(cuLaunchCooperativeKernel(f, 1, 1, 1, 256, 1, 1, 0, NULL,
					   NULL),
		 CUDA_ERROR_INVALID_VALUE);
	/* an ordinary launch of the same grid is fine */
	OK(cuLaunchKernel(f, fit + 1, 1, 1, 256, 1, 1, 0, NULL, args, NULL));
	OK(cuCtxSynchronize());
	OK(cuMemFree(out));
	OK(cuCtxDestroy(ctx));
}

TEST(launch_kernel_ex)
{
	CUmodule m;
	CUcontext ctx = setup(&m);
	CUfunction f, rev;
	CUdeviceptr out;
	uint32_t host[200];
	unsigned v = 9, n = 200;
	void *args[] = { &out, &v, &n };
	void *rargs[] = { &out };
	CUlaunchAttribute attrs[3];
	CUlaunchConfig cfg;
	CUstream s;
	int per_sm = 0, sms = 0, ok = 1;

	CHECK_EQ_U64(sizeof(CUlaunchAttribute), 72);
	OK(cuModuleGetFunction(&f, m, "fill"));
	OK(cuModuleGetFunction(&rev, m, "reverse"));
	OK(cuMemAlloc(&out, sizeof(host)));
	OK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));

	memset(&cfg, 0, sizeof(cfg));
	memset(attrs, 0, sizeof(attrs));
	cfg.gridDimX = 4;
	cfg.gridDimY = cfg.gridDimZ = 1;
	cfg.blockDimX = 64;
	cfg.blockDimY = cfg.blockDimZ = 1;
	cfg.hStream = s;
	attrs[0].id = CU_LAUNCH_ATTRIBUTE_PRIORITY; /* ignored */
	attrs[0].value.priority = 0;
	attrs[1].id = CU_LAUNCH_ATTRIBUTE_IGNORE;
	cfg.attrs = attrs;
	cfg.numAttrs = 2;
	OK(cuLaunchKernelEx(&cfg, f, args, NULL));
	OK(cuStreamSynchronize(s));
	OK(cuMemcpyDtoH(host, out, sizeof(host)));
	for (unsigned i = 0; i < n; i++)
		ok &= host[i] == v + i;
	CHECK(ok);

	/* dynamic shared memory comes from the config */
	cfg.gridDimX = 1;
	cfg.sharedMemBytes = 64 * 4;
	OK(cuLaunchKernelEx(&cfg, rev, rargs, NULL));
	OK(cuMemcpyDtoH(host, out, 64 * 4));
	CHECK_EQ_U64(host[0], 63);
	CHECK_EQ_U64(host[63], 0);
	cfg.sharedMemBytes = 0;

	/* cooperative attribute: the residency limit applies */
	OK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, 64, 0));
	OK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
				0));
	attrs[2].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
	attrs[2].value.cooperative = 1;
	cfg.numAttrs = 3;
	cfg.gridDimX = (unsigned)(per_sm * sms) + 1;
	CHECK_CU(cuLaunchKernelEx(&cfg, f, args, NULL),
		 CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
	cfg.gridDimX = 2;
	OK(cuLaunchKernelEx(&cfg, f, args, NULL));

	/* errors */
	CHECK_CU(cuLaunchKernelEx(NULL, f, args, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	cfg.attrs = NULL;
	CHECK_CU(cuLaunchKernelEx(&cfg, f, args, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	cfg.numAttrs = 0;
	cfg.gridDimX = 0;
	CHECK_CU(cuLaunchKernelEx(&cfg, f, args, NULL),
		 CUDA_ERROR_INVALID_VALUE);
	cfg.gridDimX = 1;
	CHECK_CU(cuLaunchKernelEx(&cfg, (CUfunction)&cfg, args, NULL),
		 CUDA_ERROR_INVALID_HANDLE);
	OK(cuStreamDestroy(s));
	OK(cuMemFree(out));
	OK(cuCtxDestroy(ctx));
}

/* Dynamic shared memory per block for the occupancy callback test. */
static size_t smem_for_block(int block_size)
{
	return (size_t)block_size * 16;
}

TEST(occupancy)
{
	CUmodule m;
	CUcontext ctx = setup(&m);
	CUfunction f, rev;
	int grid = 0, block = 0, warp = 0, maxt = 0, sms = 0, nb = 0, nb2 = 0;
	int smem_block = 0;
	size_t avail = 0;

	OK(cuModuleGetFunction(&f, m, "fill"));
	OK(cuModuleGetFunction(&rev, m, "reverse"));
	OK(cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0));
	OK(cuDeviceGetAttribute(&maxt, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
				0));
	OK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
				0));
	OK(cuDeviceGetAttribute(&smem_block,
				CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
				0));

	OK(cuOccupancyMaxPotentialBlockSize(&grid, &block, f, NULL, 0, 0));
	CHECK(block > 0 && block <= maxt);
	CHECK_EQ_U64(block % warp, 0);
	OK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&nb, f, block, 0));
	CHECK_EQ_U64(grid, nb * sms);

	OK(cuOccupancyMaxPotentialBlockSize(&grid, &block, f, NULL, 0, 100));
	CHECK(block > 0 && block <= 100);
	CHECK_EQ_U64(block % warp, 0);

	OK(cuOccupancyMaxPotentialBlockSizeWithFlags(
		&grid, &block, rev, smem_for_block, 0, 0,
		CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE));
	CHECK(block > 0 && block <= maxt && block % warp == 0);
	CHECK(smem_for_block(block) <= (size_t)smem_block);
	OK(cuOccupancyMaxActiveBlocksPerMultiprocessor(
		&nb, rev, block, smem_for_block(block)));
	CHECK(nb > 0);
	CHECK_EQ_U64(grid, nb * sms);

	OK(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
		&nb2, f, 128, 0, CU_OCCUPANCY_DEFAULT));
	OK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&nb, f, 128, 0));
	CHECK_EQ_U64(nb, nb2);
	CHECK(nb > 0);
	CHECK_CU(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
			 &nb2, f, 128, 0, 0x10),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuOccupancyMaxPotentialBlockSize(NULL, &block, f, NULL, 0, 0),
		 CUDA_ERROR_INVALID_VALUE);

	/* the shared memory reported lets exactly that many blocks fit */
	OK(cuOccupancyAvailableDynamicSMemPerBlock(&avail, rev, 2, 128));
	CHECK(avail > 0 && avail <= (size_t)smem_block);
	OK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&nb, rev, 128, avail));
	CHECK(nb >= 2);
	if (avail < (size_t)smem_block) {
		OK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&nb, rev, 128,
							       avail + 1));
		CHECK(nb < 2);
	}
	OK(cuOccupancyAvailableDynamicSMemPerBlock(&avail, rev, 100000, 128));
	CHECK_EQ_U64(avail, 0);
	CHECK_CU(cuOccupancyAvailableDynamicSMemPerBlock(&avail, rev, 0, 128),
		 CUDA_ERROR_INVALID_VALUE);
	OK(cuCtxDestroy(ctx));
}

TEST(pointer_attributes)
{
	CUcontext ctx = setup(NULL), got = NULL;
	CUdeviceptr p, q = 0;
	unsigned int type = 0;
	int managed = 7, ordinal = 7;
	size_t size = 0;
	void *hp = NULL;
	char host[16];
	CUpointer_attribute which[4] = {
		CU_POINTER_ATTRIBUTE_MEMORY_TYPE, CU_POINTER_ATTRIBUTE_CONTEXT,
		CU_POINTER_ATTRIBUTE_RANGE_SIZE, CU_POINTER_ATTRIBUTE_IS_MANAGED
	};
	void *data[4] = { &type, &got, &size, &managed };

	OK(cuMemAlloc(&p, 1000));
	OK(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				 p + 10));
	CHECK_EQ_U64(type, CU_MEMORYTYPE_DEVICE);
	OK(cuPointerGetAttribute(&got, CU_POINTER_ATTRIBUTE_CONTEXT, p));
	CHECK(got == ctx);
	OK(cuPointerGetAttribute(&q, CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
				 p + 4));
	CHECK_EQ_U64(q, p + 4);
	OK(cuPointerGetAttribute(&q, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR,
				 p + 999));
	CHECK_EQ_U64(q, p);
	OK(cuPointerGetAttribute(&size, CU_POINTER_ATTRIBUTE_RANGE_SIZE, p + 1));
	CHECK_EQ_U64(size, 1000);
	OK(cuPointerGetAttribute(&managed, CU_POINTER_ATTRIBUTE_IS_MANAGED, p));
	CHECK_EQ_U64(managed, 0);
	OK(cuPointerGetAttribute(&ordinal, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
				 p));
	CHECK_EQ_U64(ordinal, 0);
	CHECK_CU(cuPointerGetAttribute(&hp, CU_POINTER_ATTRIBUTE_HOST_POINTER,
				       p),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				       (CUdeviceptr)(uintptr_t)host),
		 CUDA_ERROR_INVALID_VALUE);
	CHECK_CU(cuPointerGetAttribute(NULL, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				       p),
		 CUDA_ERROR_INVALID_VALUE);

	type = 0;
	got = NULL;
	size = 0;
	managed = 7;
	OK(cuPointerGetAttributes(4, which, data, p + 5));
	CHECK_EQ_U64(type, CU_MEMORYTYPE_DEVICE);
	CHECK(got == ctx);
	CHECK_EQ_U64(size, 1000);
	CHECK_EQ_U64(managed, 0);
	/* not device memory: no error, every attribute zero */
	OK(cuPointerGetAttributes(4, which, data,
				  (CUdeviceptr)(uintptr_t)host));
	CHECK_EQ_U64(type, 0);
	CHECK(got == NULL);
	CHECK_EQ_U64(size, 0);
	OK(cuMemFree(p));
	CHECK_CU(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
				       p),
		 CUDA_ERROR_INVALID_VALUE);
	OK(cuCtxDestroy(ctx));
}

TEST(not_supported)
{
	CUcontext ctx = setup(NULL);
	CUdeviceptr p = 0;
	CUmemLocation loc = { CU_MEM_LOCATION_TYPE_DEVICE, 0 };
	CUmemoryPool pool;
	char host[64], luid[8];
	unsigned mask;

	CHECK_CU(cuMemAllocManaged(&p, 64, CU_MEM_ATTACH_GLOBAL),
		 CUDA_ERROR_NOT_SUPPORTED);
	CHECK_CU(cuMemHostRegister(host, sizeof(host),
				   CU_MEMHOSTREGISTER_PORTABLE),
		 CUDA_ERROR_NOT_SUPPORTED);
	CHECK_CU(cuMemHostUnregister(host), CUDA_ERROR_NOT_SUPPORTED);
	CHECK_CU(cuMemHostGetDevicePointer(&p, host, 0),
		 CUDA_ERROR_NOT_SUPPORTED);
	CHECK_CU(cuMemPrefetchAsync(p, 64, loc, 0, NULL),
		 CUDA_ERROR_NOT_SUPPORTED);
	CHECK_CU(cuDeviceGetLuid(luid, &mask, 0), CUDA_ERROR_NOT_SUPPORTED);
	CHECK_CU(cuDeviceGetDefaultMemPool(&pool, 0), CUDA_ERROR_NOT_SUPPORTED);
	OK(cuCtxDestroy(ctx));
}

TEST(device_identity)
{
	CUcontext ctx = setup(NULL), other;
	char bus[32], tiny[5];
	CUdevice dev = -1;
	CUdevprop prop;
	int v = 0;
	unsigned flags = 0;
	unsigned long long id1 = 0, id2 = 0, id3 = 0;

	OK(cuDeviceGetPCIBusId(bus, sizeof(bus), 0));
	CHECK(strcmp(bus, "0000:00:00.0") == 0);
	OK(cuDeviceGetPCIBusId(tiny, sizeof(tiny), 0));
	CHECK(strcmp(tiny, "0000") == 0);
	CHECK_CU(cuDeviceGetPCIBusId(bus, sizeof(bus), 1),
		 CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGetPCIBusId(bus, 0, 0), CUDA_ERROR_INVALID_VALUE);
	OK(cuDeviceGetByPCIBusId(&dev, bus));
	CHECK_EQ_U64(dev, 0);
	dev = -1;
	OK(cuDeviceGetByPCIBusId(&dev, "00:00.0"));
	CHECK_EQ_U64(dev, 0);
	CHECK_CU(cuDeviceGetByPCIBusId(&dev, "0000:65:00.0"),
		 CUDA_ERROR_INVALID_DEVICE);
	CHECK_CU(cuDeviceGetByPCIBusId(&dev, "bogus"), CUDA_ERROR_INVALID_VALUE);

	OK(cuDeviceGetProperties(&prop, 0));
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0));
	CHECK_EQ_U64(prop.SIMDWidth, v);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
				0));
	CHECK_EQ_U64(prop.maxThreadsPerBlock, v);
	OK(cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, 0));
	CHECK_EQ_U64(prop.maxGridSize[0], v);
	CHECK(prop.clockRate > 0 && prop.sharedMemPerBlock > 0);
	CHECK_CU(cuDeviceGetProperties(NULL, 0), CUDA_ERROR_INVALID_VALUE);

	/* context ids are unique; flags can be changed */
	OK(cuCtxGetId(ctx, &id1));
	OK(cuCtxGetId(NULL, &id2));
	CHECK_EQ_U64(id1, id2);
	OK(cuCtxCreate(&other, NULL, 0, 0));
	OK(cuCtxGetId(other, &id3));
	CHECK(id3 != id1);
	OK(cuCtxDestroy(other));
	CHECK_CU(cuCtxGetId(other, &id3), CUDA_ERROR_INVALID_CONTEXT);
	OK(cuCtxSetCurrent(ctx));
	OK(cuCtxSetFlags(CU_CTX_SCHED_BLOCKING_SYNC));
	OK(cuCtxGetFlags(&flags));
	CHECK_EQ_U64(flags, CU_CTX_SCHED_BLOCKING_SYNC);
	CHECK_CU(cuCtxSetFlags(0x1000), CUDA_ERROR_INVALID_VALUE);

	OK(cuProfilerStart());
	OK(cuProfilerStop());
	OK(cuCtxDestroy(ctx));
}

TEST_MAIN()
