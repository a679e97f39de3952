/*
 * api_device.c - device enumeration and attributes.
 *
 * warpsim models exactly one device, ordinal 0.  Its attributes come from
 * the simulator configuration (ws_sim_props); attributes of features the
 * simulator does not model (textures, peer access, managed memory, ...)
 * read as 0, and values outside the CUDA 13.0 attribute enum are rejected
 * with CUDA_ERROR_INVALID_VALUE.
 */
#include "base/base.h"

#include "api/api_int.h"

#include <stdio.h>

/*
 * Lock the driver, then check the output pointers (ptr_ok false:
 * CUDA_ERROR_INVALID_VALUE) and the device ordinal.
 */
static CUresult api_dev_begin(struct api_drv **d, bool ptr_ok, CUdevice dev)
{
	CUresult r = api_begin(d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!ptr_ok)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (dev != 0)
		return api_end(CUDA_ERROR_INVALID_DEVICE);
	return CUDA_SUCCESS;
}

CUresult CUDAAPI cuDeviceGet(CUdevice *device, int ordinal)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!device)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (ordinal != 0)
		return api_end(CUDA_ERROR_INVALID_DEVICE);
	*device = 0;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuDeviceGetCount(int *count)
{
	struct api_drv *d;
	CUresult r = api_begin(&d);

	if (r != CUDA_SUCCESS)
		return r;
	if (!count)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*count = 1;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuDeviceGetName(char *name, int len, CUdevice dev)
{
	struct api_drv *d;
	CUresult r;

	r = api_dev_begin(&d, name && len > 0, dev);
	if (r != CUDA_SUCCESS)
		return r;
	snprintf(name, (size_t)len, "%s", d->props.name);
	return api_end(CUDA_SUCCESS);
}

/*
 * A stable identifier: "warpsim" followed by the version string, padded
 * with zeros.
 */
static CUresult api_uuid(CUuuid *uuid, CUdevice dev)
{
	struct api_drv *d;
	CUresult r;

	r = api_dev_begin(&d, uuid != NULL, dev);
	if (r != CUDA_SUCCESS)
		return r;
	memset(uuid->bytes, 0, sizeof(uuid->bytes));
	snprintf(uuid->bytes, sizeof(uuid->bytes), "warpsim%s", ws_version());
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuDeviceGetUuid(CUuuid *uuid, CUdevice dev)
{
	return api_uuid(uuid, dev);
}

CUresult CUDAAPI cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev)
{
	return api_uuid(uuid, dev);
}

CUresult CUDAAPI cuDeviceTotalMem_v2(size_t *bytes, CUdevice dev)
{
	struct api_drv *d;
	CUresult r;

	r = api_dev_begin(&d, bytes != NULL, dev);
	if (r != CUDA_SUCCESS)
		return r;
	*bytes = (size_t)d->props.total_mem;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuDeviceTotalMem(unsigned int *bytes, CUdevice dev)
{
	size_t n = 0;
	CUresult r;

	if (!bytes)
		return CUDA_ERROR_INVALID_VALUE;
	r = cuDeviceTotalMem_v2(&n, dev);
	if (r == CUDA_SUCCESS)
		*bytes = n > UINT32_MAX ? UINT32_MAX : (unsigned int)n;
	return r;
}

CUresult CUDAAPI cuDeviceComputeCapability(int *major, int *minor,
					   CUdevice dev)
{
	struct api_drv *d;
	CUresult r;

	r = api_dev_begin(&d, major && minor, dev);
	if (r != CUDA_SUCCESS)
		return r;
	*major = (int)d->props.cc_major;
	*minor = (int)d->props.cc_minor;
	return api_end(CUDA_SUCCESS);
}

/*
 * The value of one attribute; *known is cleared for attributes outside the
 * enum.  Unmodelled features report 0.
 */
static int api_attr(const struct ws_device_props *p, CUdevice_attribute a,
		    bool *known)
{
	*known = a >= CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK &&
		 a < CU_DEVICE_ATTRIBUTE_MAX;
	switch (a) {
	case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
		return (int)p->max_threads_per_block;
	case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
	case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y:
	case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z:
		return (int)p->max_block_dim[a - CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X];
	case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
	case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
	case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
		return (int)MIN(p->max_grid_dim[a - CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X],
				(unsigned)INT32_MAX);
	case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK:
	case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
		return (int)p->shared_per_block;
	case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY:
		return (int)p->const_bytes;
	case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
		return (int)p->warp_size;
	case CU_DEVICE_ATTRIBUTE_MAX_PITCH:
		return INT32_MAX;
	case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK:
		return (int)p->regs_per_block;
	case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
		return (int)p->clock_khz;
	case CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT:
		return 512;
	case CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT:
		return 32;
	case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
		return (int)p->n_sm;
	case CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE:
		return (int)p->mem_clock_khz;
	case CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH:
		return (int)p->mem_bus_bits;
	case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
		return (int)p->l2_bytes;
	case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR:
		return (int)p->max_threads_per_sm;
	case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING:
	case CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH:
	case CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED:
	case CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED:
		return 1;
	case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
		return (int)p->cc_major;
	case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
		return (int)p->cc_minor;
	case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR:
		return (int)p->shared_per_sm;
	case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR:
		return (int)p->regs_per_sm;
	case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR:
		return (int)p->max_blocks_per_sm;
	default: /* CONCURRENT_KERNELS, ASYNC_ENGINE_COUNT and the rest */
		return 0;
	}
}

CUresult CUDAAPI cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib,
				      CUdevice dev)
{
	struct api_drv *d;
	bool known;
	int v;
	CUresult r;

	r = api_dev_begin(&d, pi != NULL, dev);
	if (r != CUDA_SUCCESS)
		return r;
	v = api_attr(&d->props, attrib, &known);
	if (!known)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*pi = v;
	return api_end(CUDA_SUCCESS);
}

/* ======================================================================
 * PCI identity, legacy properties and unsupported queries
 * ====================================================================== */

/* The simulated device's fixed PCI address (domain:bus:device.function). */
static const char api_pci_bus_id[] = "0000:00:00.0";

/* Writes at most len bytes including the terminating NUL. */
CUresult CUDAAPI cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev)
{
	struct api_drv *d;
	CUresult r = api_dev_begin(&d, pciBusId != NULL && len > 0, dev);

	if (r != CUDA_SUCCESS)
		return r;
	snprintf(pciBusId, (size_t)len, "%s", api_pci_bus_id);
	return api_end(CUDA_SUCCESS);
}

/*
 * Accepts domain:bus:device.function or bus:device.function in hex; only
 * the address cuDeviceGetPCIBusId reports names a device.
 */
CUresult CUDAAPI cuDeviceGetByPCIBusId(CUdevice *dev, const char *pciBusId)
{
	struct api_drv *d;
	unsigned dom = 0, bus = 0, slot = 0, fn = 0;
	char tail;
	CUresult r = api_dev_begin(&d, dev != NULL && pciBusId != NULL, 0);

	if (r != CUDA_SUCCESS)
		return r;
	if (sscanf(pciBusId, "%x:%x:%x.%x%c", &dom, &bus, &slot, &fn,
		   &tail) != 4) {
		dom = 0;
		if (sscanf(pciBusId, "%x:%x.%x%c", &bus, &slot, &fn, &tail) !=
		    3)
			return api_end(CUDA_ERROR_INVALID_VALUE);
	}
	if (dom != 0 || bus != 0 || slot != 0 || fn != 0)
		return api_end(CUDA_ERROR_INVALID_DEVICE);
	*dev = 0;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuDeviceGetProperties(CUdevprop *prop, CUdevice dev)
{
	struct api_drv *d;
	const struct ws_device_props *p;
	bool known;
	CUresult r = api_dev_begin(&d, prop != NULL, dev);

	if (r != CUDA_SUCCESS)
		return r;
	p = &d->props;
	prop->maxThreadsPerBlock = (int)p->max_threads_per_block;
	for (int i = 0; i < 3; i++) {
		prop->maxThreadsDim[i] = (int)p->max_block_dim[i];
		prop->maxGridSize[i] = (int)MIN(p->max_grid_dim[i],
						(unsigned)INT32_MAX);
	}
	prop->sharedMemPerBlock = (int)p->shared_per_block;
	prop->totalConstantMemory = (int)p->const_bytes;
	prop->SIMDWidth = (int)p->warp_size;
	prop->memPitch = api_attr(p, CU_DEVICE_ATTRIBUTE_MAX_PITCH, &known);
	prop->regsPerBlock = (int)p->regs_per_block;
	prop->clockRate = (int)p->clock_khz;
	prop->textureAlign = api_attr(p, CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT,
				      &known);
	return api_end(CUDA_SUCCESS);
}

/* A LUID exists only on Windows (WDDM); Linux drivers report the same. */
CUresult CUDAAPI cuDeviceGetLuid(char *luid, unsigned int *deviceNodeMask,
				 CUdevice dev)
{
	struct api_drv *d;
	CUresult r = api_dev_begin(&d, true, dev);

	if (r != CUDA_SUCCESS)
		return r;
	return api_end(CUDA_ERROR_NOT_SUPPORTED);
}

/* Stream-ordered allocation (memory pools) is not modelled. */
CUresult CUDAAPI cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out,
					   CUdevice dev)
{
	struct api_drv *d;
	CUresult r = api_dev_begin(&d, true, dev);

	if (r != CUDA_SUCCESS)
		return r;
	return api_end(CUDA_ERROR_NOT_SUPPORTED);
}
