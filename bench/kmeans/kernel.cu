/*
 * kernel.cu - kmeans workload (Rodinia kmeans structure, own code).
 *
 * kmeans_transpose: one thread per point copies its nfeatures values from
 * the point-major input into a feature-major array, so that the assignment
 * kernel's loads coalesce (run once, before the iterations).
 * kmeans_assign: one thread per point; loop over the clusters and, inside,
 * over the features, summing squared differences against the centres held
 * in __constant__ memory (the original also used constant memory for the
 * centres and a texture for the features; here the features are plain
 * global loads).  The nearest centre (first minimum) becomes the point's
 * membership.  No barriers, no atomics.  The grid is folded into 2-D as in
 * the original (blocks past the last point idle).
 */

#define KM_MAX_CENTRE_FLOATS (32 * 34) /* clusters x features capacity */

__constant__ float c_centres[KM_MAX_CENTRE_FLOATS];

extern "C" __global__ void kmeans_transpose(const float *in, float *out,
					    int npoints, int nfeatures)
{
	int p = blockIdx.x * blockDim.x + threadIdx.x;

	if (p < npoints) {
		for (int f = 0; f < nfeatures; f++)
			out[f * npoints + p] = in[p * nfeatures + f];
	}
}

extern "C" __global__ void kmeans_assign(const float *feat, int nfeatures,
					 int npoints, int nclusters,
					 int *membership)
{
	int blk = blockIdx.y * gridDim.x + blockIdx.x;
	int p = blk * blockDim.x * blockDim.y + threadIdx.x;

	if (p < npoints) {
		float best = 3.402823466e+38f;
		int which = 0;

		for (int c = 0; c < nclusters; c++) {
			int base = c * nfeatures;
			float sum = 0.0f;

			for (int f = 0; f < nfeatures; f++) {
				float d = feat[f * npoints + p] -
					  c_centres[base + f];
				sum += d * d;
			}
			if (sum < best) {
				best = sum;
				which = c;
			}
		}
		membership[p] = which;
	}
}
