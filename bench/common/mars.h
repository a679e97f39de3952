/*
 * mars.h - host side of the kernels in mars_scan.cuh and mars_sort.cuh,
 * shared by the pvc, pvr, ss and mg hosts (include after bench.h):
 * mars_scan (exclusive scan of n u32, recursive over block sums),
 * mars_sort (bitonic sort of a power-of-two number of 64-bit keys) and
 * mars_last (the last element of a device u32 array).
 */
#ifndef WS_BENCH_COMMON_MARS_H
#define WS_BENCH_COMMON_MARS_H

#define MARS_SCAN_E 512u /* elements per scan block (SCAN_E) */
#define MARS_SORT_E 512u /* keys per shared-memory sort block (SORT_E) */
#define MARS_MERGE_T 256u /* threads per block of merge_global */

/* Exclusive scan of n u32 on the device (recursive over block sums). */
static inline void mars_scan(struct kh_ctx *k, CUdeviceptr in, CUdeviceptr out,
		     unsigned n)
{
	unsigned nb = (n + MARS_SCAN_E - 1) / MARS_SCAN_E;
	CUdeviceptr sums = kh_alloc((size_t)nb * 4, NULL);
	void *p[] = {&in, &out, &sums, &n};

	kh_launch(k, "scan_block", nb, 1, 1, MARS_SCAN_E / 2, 1, 1, 0, p);
	if (nb > 1) {
		CUdeviceptr offs = kh_alloc((size_t)nb * 4, NULL);
		void *q[] = {&out, &offs, &n};

		mars_scan(k, sums, offs, nb);
		kh_launch(k, "scan_add", nb, 1, 1, MARS_SCAN_E / 2, 1, 1, 0, q);
		CK(cuMemFree(offs));
	}
	CK(cuMemFree(sums));
}

/* Bitonic sort of npad (a power of two >= 512) 64-bit keys. */
static inline void mars_sort(struct kh_ctx *k, CUdeviceptr keys, unsigned npad)
{
	void *p[] = {&keys};
	unsigned kk, j;

	kh_launch(k, "sort_shared", npad / MARS_SORT_E, 1, 1, MARS_SORT_E / 2, 1, 1, 0,
		  p);
	for (kk = 2 * MARS_SORT_E; kk <= npad; kk <<= 1) {
		void *q[] = {&keys, &kk};

		for (j = kk >> 1; j >= MARS_SORT_E; j >>= 1) {
			void *g[] = {&keys, &kk, &j};

			kh_launch(k, "merge_global", npad / 2 / MARS_MERGE_T, 1, 1, MARS_MERGE_T,
				  1, 1, 0, g);
		}
		kh_launch(k, "merge_shared", npad / MARS_SORT_E, 1, 1, MARS_SORT_E / 2,
			  1, 1, 0, q);
	}
}

/* Last element of a device u32 array. */
static inline unsigned mars_last(CUdeviceptr d, unsigned n)
{
	unsigned v;

	CK(cuMemcpyDtoH(&v, d + (CUdeviceptr)(n - 1) * 4, 4));
	return v;
}

#endif
