/*
 * api_compat.c - the other exported names of the same entry points.
 *
 * Programs built with CUDA_API_PER_THREAD_DEFAULT_STREAM bind to the _ptds
 * and _ptsz symbols; with one in-order queue they behave exactly like the
 * legacy-stream forms.  Binaries built against CUDA 3.x headers bind to the
 * unversioned names with 32-bit sizes and addresses; an address that does
 * not fit in 32 bits is CUDA_ERROR_NOT_SUPPORTED there.
 */
#include "base/base.h"

#include "api/api_int.h"

/* ======================================================================
 * Per-thread default stream
 * ====================================================================== */

CUresult CUDAAPI cuMemcpy_ptds(CUdeviceptr dst, CUdeviceptr src,
			       size_t ByteCount)
{
	return cuMemcpy(dst, src, ByteCount);
}

CUresult CUDAAPI cuMemcpyHtoD_v2_ptds(CUdeviceptr dstDevice,
				      const void *srcHost, size_t ByteCount)
{
	return cuMemcpyHtoD_v2(dstDevice, srcHost, ByteCount);
}

CUresult CUDAAPI cuMemcpyDtoH_v2_ptds(void *dstHost, CUdeviceptr srcDevice,
				      size_t ByteCount)
{
	return cuMemcpyDtoH_v2(dstHost, srcDevice, ByteCount);
}

CUresult CUDAAPI cuMemcpyDtoD_v2_ptds(CUdeviceptr dstDevice,
				      CUdeviceptr srcDevice, size_t ByteCount)
{
	return cuMemcpyDtoD_v2(dstDevice, srcDevice, ByteCount);
}

CUresult CUDAAPI cuMemcpyAsync_ptsz(CUdeviceptr dst, CUdeviceptr src,
				    size_t ByteCount, CUstream hStream)
{
	return cuMemcpyAsync(dst, src, ByteCount, hStream);
}

CUresult CUDAAPI cuMemcpyHtoDAsync_v2_ptsz(CUdeviceptr dstDevice,
					   const void *srcHost,
					   size_t ByteCount, CUstream hStream)
{
	return cuMemcpyHtoDAsync_v2(dstDevice, srcHost, ByteCount, hStream);
}

CUresult CUDAAPI cuMemcpyDtoHAsync_v2_ptsz(void *dstHost,
					   CUdeviceptr srcDevice,
					   size_t ByteCount, CUstream hStream)
{
	return cuMemcpyDtoHAsync_v2(dstHost, srcDevice, ByteCount, hStream);
}

CUresult CUDAAPI cuMemcpyDtoDAsync_v2_ptsz(CUdeviceptr dstDevice,
					   CUdeviceptr srcDevice,
					   size_t ByteCount, CUstream hStream)
{
	return cuMemcpyDtoDAsync_v2(dstDevice, srcDevice, ByteCount, hStream);
}

CUresult CUDAAPI cuMemsetD8_v2_ptds(CUdeviceptr dstDevice, unsigned char uc,
				    size_t N)
{
	return cuMemsetD8_v2(dstDevice, uc, N);
}

CUresult CUDAAPI cuMemsetD16_v2_ptds(CUdeviceptr dstDevice, unsigned short us,
				     size_t N)
{
	return cuMemsetD16_v2(dstDevice, us, N);
}

CUresult CUDAAPI cuMemsetD32_v2_ptds(CUdeviceptr dstDevice, unsigned int ui,
				     size_t N)
{
	return cuMemsetD32_v2(dstDevice, ui, N);
}

CUresult CUDAAPI cuMemsetD8Async_ptsz(CUdeviceptr dstDevice, unsigned char uc,
				      size_t N, CUstream hStream)
{
	return cuMemsetD8Async(dstDevice, uc, N, hStream);
}

CUresult CUDAAPI cuMemsetD16Async_ptsz(CUdeviceptr dstDevice,
				       unsigned short us, size_t N,
				       CUstream hStream)
{
	return cuMemsetD16Async(dstDevice, us, N, hStream);
}

CUresult CUDAAPI cuMemsetD32Async_ptsz(CUdeviceptr dstDevice, unsigned int ui,
				       size_t N, CUstream hStream)
{
	return cuMemsetD32Async(dstDevice, ui, N, hStream);
}

CUresult CUDAAPI cuStreamGetPriority_ptsz(CUstream hStream, int *priority)
{
	return cuStreamGetPriority(hStream, priority);
}

CUresult CUDAAPI cuStreamGetFlags_ptsz(CUstream hStream, unsigned int *flags)
{
	return cuStreamGetFlags(hStream, flags);
}

CUresult CUDAAPI cuStreamGetCtx_ptsz(CUstream hStream, CUcontext *pctx)
{
	return cuStreamGetCtx(hStream, pctx);
}

CUresult CUDAAPI cuStreamWaitEvent_ptsz(CUstream hStream, CUevent hEvent,
					unsigned int Flags)
{
	return cuStreamWaitEvent(hStream, hEvent, Flags);
}

CUresult CUDAAPI cuStreamQuery_ptsz(CUstream hStream)
{
	return cuStreamQuery(hStream);
}

CUresult CUDAAPI cuStreamSynchronize_ptsz(CUstream hStream)
{
	return cuStreamSynchronize(hStream);
}

CUresult CUDAAPI cuEventRecord_ptsz(CUevent hEvent, CUstream hStream)
{
	return cuEventRecord(hEvent, hStream);
}

CUresult CUDAAPI cuEventRecordWithFlags_ptsz(CUevent hEvent, CUstream hStream,
					     unsigned int flags)
{
	return cuEventRecordWithFlags(hEvent, hStream, flags);
}

CUresult CUDAAPI cuLaunchKernel_ptsz(CUfunction f, unsigned int gridDimX,
				     unsigned int gridDimY,
				     unsigned int gridDimZ,
				     unsigned int blockDimX,
				     unsigned int blockDimY,
				     unsigned int blockDimZ,
				     unsigned int sharedMemBytes,
				     CUstream hStream, void **kernelParams,
				     void **extra)
{
	return cuLaunchKernel(f, gridDimX, gridDimY, gridDimZ, blockDimX,
			      blockDimY, blockDimZ, sharedMemBytes, hStream,
			      kernelParams, extra);
}

/* ======================================================================
 * CUDA 3.x names (32-bit sizes and addresses)
 * ====================================================================== */

/* A device address as a 32-bit one, if it fits. */
static CUresult api_addr32(CUdeviceptr a, CUdeviceptr_v1 *out)
{
	if (a > UINT32_MAX)
		return CUDA_ERROR_NOT_SUPPORTED;
	*out = (CUdeviceptr_v1)a;
	return CUDA_SUCCESS;
}

static unsigned int api_clamp32(size_t n)
{
	return n > UINT32_MAX ? UINT32_MAX : (unsigned int)n;
}

CUresult CUDAAPI cuModuleGetGlobal(CUdeviceptr_v1 *dptr, unsigned int *bytes,
				   CUmodule hmod, const char *name)
{
	CUdeviceptr a = 0;
	size_t n = 0;
	CUresult r = cuModuleGetGlobal_v2(&a, &n, hmod, name);

	if (r == CUDA_SUCCESS && dptr)
		r = api_addr32(a, dptr);
	if (r == CUDA_SUCCESS && bytes)
		*bytes = api_clamp32(n);
	return r;
}

CUresult CUDAAPI cuMemGetInfo(unsigned int *free_bytes, unsigned int *total)
{
	size_t f = 0, t = 0;
	CUresult r;

	if (!free_bytes || !total)
		return CUDA_ERROR_INVALID_VALUE;
	r = cuMemGetInfo_v2(&f, &t);
	if (r == CUDA_SUCCESS) {
		*free_bytes = api_clamp32(f);
		*total = api_clamp32(t);
	}
	return r;
}

CUresult CUDAAPI cuMemAlloc(CUdeviceptr_v1 *dptr, unsigned int bytesize)
{
	CUdeviceptr a = 0;
	CUresult r;

	if (!dptr)
		return CUDA_ERROR_INVALID_VALUE;
	r = cuMemAlloc_v2(&a, bytesize);
	if (r == CUDA_SUCCESS && api_addr32(a, dptr) != CUDA_SUCCESS) {
		cuMemFree_v2(a);
		r = CUDA_ERROR_NOT_SUPPORTED;
	}
	return r;
}

CUresult CUDAAPI cuMemFree(CUdeviceptr_v1 dptr)
{
	return cuMemFree_v2(dptr);
}

CUresult CUDAAPI cuMemGetAddressRange(CUdeviceptr_v1 *pbase,
				      unsigned int *psize, CUdeviceptr_v1 dptr)
{
	CUdeviceptr b = 0;
	size_t n = 0;
	CUresult r = cuMemGetAddressRange_v2(&b, &n, dptr);

	if (r == CUDA_SUCCESS && pbase)
		r = api_addr32(b, pbase);
	if (r == CUDA_SUCCESS && psize)
		*psize = api_clamp32(n);
	return r;
}

CUresult CUDAAPI cuMemAllocHost(void **pp, unsigned int bytesize)
{
	return cuMemAllocHost_v2(pp, bytesize);
}

CUresult CUDAAPI cuMemcpyHtoD(CUdeviceptr_v1 dstDevice, const void *srcHost,
			      unsigned int ByteCount)
{
	return cuMemcpyHtoD_v2(dstDevice, srcHost, ByteCount);
}

CUresult CUDAAPI cuMemcpyDtoH(void *dstHost, CUdeviceptr_v1 srcDevice,
			      unsigned int ByteCount)
{
	return cuMemcpyDtoH_v2(dstHost, srcDevice, ByteCount);
}

CUresult CUDAAPI cuMemcpyDtoD(CUdeviceptr_v1 dstDevice,
			      CUdeviceptr_v1 srcDevice, unsigned int ByteCount)
{
	return cuMemcpyDtoD_v2(dstDevice, srcDevice, ByteCount);
}

CUresult CUDAAPI cuMemcpyHtoDAsync(CUdeviceptr_v1 dstDevice,
				   const void *srcHost, unsigned int ByteCount,
				   CUstream hStream)
{
	return cuMemcpyHtoDAsync_v2(dstDevice, srcHost, ByteCount, hStream);
}

CUresult CUDAAPI cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr_v1 srcDevice,
				   unsigned int ByteCount, CUstream hStream)
{
	return cuMemcpyDtoHAsync_v2(dstHost, srcDevice, ByteCount, hStream);
}

CUresult CUDAAPI cuMemcpyDtoDAsync(CUdeviceptr_v1 dstDevice,
				   CUdeviceptr_v1 srcDevice,
				   unsigned int ByteCount, CUstream hStream)
{
	return cuMemcpyDtoDAsync_v2(dstDevice, srcDevice, ByteCount, hStream);
}

CUresult CUDAAPI cuMemsetD8(CUdeviceptr_v1 dstDevice, unsigned char uc,
			    unsigned int N)
{
	return cuMemsetD8_v2(dstDevice, uc, N);
}

CUresult CUDAAPI cuMemsetD16(CUdeviceptr_v1 dstDevice, unsigned short us,
			     unsigned int N)
{
	return cuMemsetD16_v2(dstDevice, us, N);
}

CUresult CUDAAPI cuMemsetD32(CUdeviceptr_v1 dstDevice, unsigned int ui,
			     unsigned int N)
{
	return cuMemsetD32_v2(dstDevice, ui, N);
}

/* ======================================================================
 * Per-thread default stream: 2D/3D copies and launches
 * ====================================================================== */

CUresult CUDAAPI cuMemcpy2D_v2_ptds(const CUDA_MEMCPY2D *pCopy)
{
	return cuMemcpy2D_v2(pCopy);
}

CUresult CUDAAPI cuMemcpy2DUnaligned_v2_ptds(const CUDA_MEMCPY2D *pCopy)
{
	return cuMemcpy2DUnaligned_v2(pCopy);
}

CUresult CUDAAPI cuMemcpy3D_v2_ptds(const CUDA_MEMCPY3D *pCopy)
{
	return cuMemcpy3D_v2(pCopy);
}

CUresult CUDAAPI cuMemcpy2DAsync_v2_ptsz(const CUDA_MEMCPY2D *pCopy,
					 CUstream hStream)
{
	return cuMemcpy2DAsync_v2(pCopy, hStream);
}

CUresult CUDAAPI cuMemcpy3DAsync_v2_ptsz(const CUDA_MEMCPY3D *pCopy,
					 CUstream hStream)
{
	return cuMemcpy3DAsync_v2(pCopy, hStream);
}

CUresult CUDAAPI cuMemPrefetchAsync_v2_ptsz(CUdeviceptr devPtr, size_t count,
					    CUmemLocation location,
					    unsigned int flags,
					    CUstream hStream)
{
	return cuMemPrefetchAsync_v2(devPtr, count, location, flags, hStream);
}

CUresult CUDAAPI cuLaunchCooperativeKernel_ptsz(
	CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
	unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
	unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
	void **kernelParams)
{
	return cuLaunchCooperativeKernel(f, gridDimX, gridDimY, gridDimZ,
					 blockDimX, blockDimY, blockDimZ,
					 sharedMemBytes, hStream,
					 kernelParams);
}

CUresult CUDAAPI cuLaunchKernelEx_ptsz(const CUlaunchConfig *config,
				       CUfunction f, void **kernelParams,
				       void **extra)
{
	return cuLaunchKernelEx(config, f, kernelParams, extra);
}

/* ======================================================================
 * Older pitched, mapped and prefetch entry points
 * ====================================================================== */

CUresult CUDAAPI cuMemAllocPitch(CUdeviceptr_v1 *dptr, unsigned int *pPitch,
				 unsigned int WidthInBytes,
				 unsigned int Height,
				 unsigned int ElementSizeBytes)
{
	CUdeviceptr a;
	size_t pitch;
	CUresult r;

	if (!dptr || !pPitch)
		return CUDA_ERROR_INVALID_VALUE;
	r = cuMemAllocPitch_v2(&a, &pitch, WidthInBytes, Height,
			       ElementSizeBytes);
	if (r != CUDA_SUCCESS)
		return r;
	r = api_addr32(a, dptr);
	if (r != CUDA_SUCCESS || pitch > UINT32_MAX) {
		cuMemFree_v2(a);
		return r != CUDA_SUCCESS ? r : CUDA_ERROR_NOT_SUPPORTED;
	}
	*pPitch = (unsigned int)pitch;
	return CUDA_SUCCESS;
}

CUresult CUDAAPI cuMemHostGetDevicePointer(CUdeviceptr_v1 *pdptr, void *p,
					   unsigned int Flags)
{
	CUdeviceptr a;

	return cuMemHostGetDevicePointer_v2(&a, p, Flags);
}

CUresult CUDAAPI cuMemHostRegister(void *p, size_t bytesize,
				   unsigned int Flags)
{
	return cuMemHostRegister_v2(p, bytesize, Flags);
}

CUresult CUDAAPI cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count,
				    CUdevice dstDevice, CUstream hStream)
{
	CUmemLocation loc = { CU_MEM_LOCATION_TYPE_DEVICE, dstDevice };

	return cuMemPrefetchAsync_v2(devPtr, count, loc, 0, hStream);
}

CUresult CUDAAPI cuMemPrefetchAsync_ptsz(CUdeviceptr devPtr, size_t count,
					 CUdevice dstDevice, CUstream hStream)
{
	return cuMemPrefetchAsync(devPtr, count, dstDevice, hStream);
}
