/*
 * cloth: cloth distance-constraint solver with nested per-particle spin
 * locks (BOWS/DDOS "CP-DS").  cloth_solve: one thread per distance
 * constraint (p, q) reads both end positions, computes the correction that
 * restores the rest length (half to each end, with sqrtf), then locks both
 * particles -- lower index first, releasing the outer lock and retrying
 * when the inner acquire fails -- and adds the correction into the
 * particles' accumulators and constraint counters.  cloth_apply: one
 * thread per particle moves it by the mean accumulated correction (a
 * Jacobi step, so the result does not depend on the lock order) and clears
 * the accumulators.  Locks in done-flag form; the outer release is shared
 * by both inner outcomes so that the CAS failure path is not turned into a
 * tight spin outside the loop.
 */

extern "C" __global__ void cloth_solve(const int *cp, const int *cq,
				       const float *rest, unsigned nc,
				       const float *px, const float *py,
				       const float *pz, volatile float *ax,
				       volatile float *ay, volatile float *az,
				       volatile int *cnt, int *locks)
{
	unsigned c = blockIdx.x * blockDim.x + threadIdx.x;

	if (c >= nc)
		return;
	int p = cp[c], q = cq[c];
	float dx = px[q] - px[p];
	float dy = py[q] - py[p];
	float dz = pz[q] - pz[p];
	float len = sqrtf(dx * dx + dy * dy + dz * dz);
	float s = 0.5f * (len - rest[c]) / len;
	float cx = s * dx, cy = s * dy, cz = s * dz;
	int lo = min(p, q), hi = max(p, q);
	bool done = false;

	while (!done) {
		if (atomicCAS(&locks[lo], 0, 1) == 0) {
			if (atomicCAS(&locks[hi], 0, 1) == 0) {
				ax[p] = ax[p] + cx;
				ay[p] = ay[p] + cy;
				az[p] = az[p] + cz;
				cnt[p] = cnt[p] + 1;
				ax[q] = ax[q] - cx;
				ay[q] = ay[q] - cy;
				az[q] = az[q] - cz;
				cnt[q] = cnt[q] + 1;
				__threadfence();
				atomicExch(&locks[hi], 0);
				done = true;
			}
			atomicExch(&locks[lo], 0);
		}
	}
}

extern "C" __global__ void cloth_apply(unsigned np, float *px, float *py,
				       float *pz, float *ax, float *ay,
				       float *az, int *cnt, int *total)
{
	unsigned p = blockIdx.x * blockDim.x + threadIdx.x;

	if (p >= np)
		return;
	int n = cnt[p];
	if (n > 0) {
		float w = 1.0f / (float)n;
		px[p] = px[p] + ax[p] * w;
		py[p] = py[p] + ay[p] * w;
		pz[p] = pz[p] + az[p] * w;
	}
	total[p] += n;
	ax[p] = 0.0f;
	ay[p] = 0.0f;
	az[p] = 0.0f;
	cnt[p] = 0;
}
