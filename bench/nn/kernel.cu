/*
 * kernel.cu - nn workload (Rodinia nearest neighbour structure, own code).
 *
 * nn_distance: one thread per record computes the Euclidean distance
 * sqrtf((lat - qlat)^2 + (lng - qlng)^2) from the query point to its
 * (lat, lng) record.  The host launches it in tiny 16-thread blocks (half
 * a 32-wide warp) with a grid that may be folded into 2-D, one launch per
 * window of records, and picks the k nearest itself.  No barriers, no
 * atomics, one load pair and one store per thread.
 */

struct nn_rec {
	float lat; /* latitude of the record */
	float lng; /* longitude of the record */
};

extern "C" __global__ void nn_distance(const struct nn_rec *recs,
				       float *dist, int nrecs, float qlat,
				       float qlng)
{
	int id = blockDim.x * (gridDim.x * blockIdx.y + blockIdx.x) +
		 threadIdx.x;

	if (id < nrecs) {
		const struct nn_rec *p = recs + id;
		float dlat = qlat - p->lat;
		float dlng = qlng - p->lng;

		dist[id] = sqrtf(dlat * dlat + dlng * dlng);
	}
}
