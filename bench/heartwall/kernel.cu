/*
 * heartwall: heartwall-like point tracking (Rodinia heartwall structure:
 * one launch per frame, one large block per tracked point).  Block p
 * stages its 11x11 template (cut from the first frame at the point's
 * initial position) and the 31x31 search window of the current frame
 * (centred on the point's previous position) in shared memory, thread 0
 * computes the template statistics serially, every thread scores one or
 * more of the 21x21 candidate displacements by normalised cross-
 * correlation (integer sums, one sqrtf and one divide per candidate),
 * and thread 0 picks the best candidate serially and moves the point.
 * Three barriers per block; long loops in between.
 */

#define TH 5                  /* template half-size */
#define TS (2 * TH + 1)       /* template side (11) */
#define SD 10                 /* search radius */
#define ND (2 * SD + 1)       /* candidates per axis (21) */
#define WS (TS + 2 * SD)      /* search window side (31) */
#define NT (TS * TS)

extern "C" __global__ void heartwall_track(const unsigned char *frame0,
					  const unsigned char *frame, int w,
					  int h, const int *init_pts,
					  const int *cur_pts, int *new_pts,
					  float *best_score)
{
	__shared__ int tmpl[NT];
	__shared__ int win[WS * WS];
	__shared__ float score[ND * ND];
	__shared__ int st[2];
	int p = blockIdx.x, tid = threadIdx.x;
	int ix = init_pts[2 * p], iy = init_pts[2 * p + 1];
	int cx = cur_pts[2 * p], cy = cur_pts[2 * p + 1];

	for (int e = tid; e < NT; e += blockDim.x)
		tmpl[e] = frame0[(iy - TH + e / TS) * w + ix - TH + e % TS];
	for (int e = tid; e < WS * WS; e += blockDim.x)
		win[e] = frame[(cy - TH - SD + e / WS) * w + cx - TH - SD +
			       e % WS];
	__syncthreads();
	if (tid == 0) {
		int s = 0, s2 = 0;

		for (int e = 0; e < NT; e++) {
			s += tmpl[e];
			s2 += tmpl[e] * tmpl[e];
		}
		st[0] = s;
		st[1] = NT * s2 - s * s;
	}
	__syncthreads();
	for (int c = tid; c < ND * ND; c += blockDim.x) {
		int oy = c / ND, ox = c % ND;
		int si = 0, si2 = 0, sti = 0;

		for (int r = 0; r < TS; r++) {
			for (int q = 0; q < TS; q++) {
				int v = win[(oy + r) * WS + ox + q];

				si += v;
				si2 += v * v;
				sti += v * tmpl[r * TS + q];
			}
		}
		{
			int var_i = NT * si2 - si * si;
			int num = NT * sti - si * st[0];

			score[c] = var_i > 0 && st[1] > 0 ?
				(float)num / sqrtf((float)var_i *
						   (float)st[1]) : -2.0f;
		}
	}
	__syncthreads();
	if (tid == 0) {
		int best = 0;

		for (int c = 1; c < ND * ND; c++)
			if (score[c] > score[best])
				best = c;
		cx += best % ND - SD;
		cy += best / ND - SD;
		cx = min(max(cx, TH + SD), w - 1 - TH - SD);
		cy = min(max(cy, TH + SD), h - 1 - TH - SD);
		new_pts[2 * p] = cx;
		new_pts[2 * p + 1] = cy;
		best_score[p] = score[best];
	}
}
