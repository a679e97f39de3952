/*
 * octp: octree partitioning of particles by persistent blocks (the
 * structure of Cederman & Tsigas' GPU octree partitioning, written for
 * warpsim).  Every block loops: thread 0 takes the next task from a static
 * global queue (a CAS on the head counter, retried in done-flag form, then
 * a wait on the slot's volatile ready flag, since the producer reserves the
 * slot before filling it) or, when the queue is empty and every particle
 * has reached a leaf (global done counter == n), tells the block to stop.
 * For a task (a segment of particles inside a cube) the block counts the
 * particles per octant with shared atomicAdd, thread 0 prefix-sums the 8
 * counts, the block scatters the particles into the other buffer with
 * shared atomicAdd cursors, copies the children that become leaves to the
 * output, and thread 0 enqueues the other children or records the leaves
 * and adds their particles to the done counter.  6 barriers per task.
 * Every block of the grid must be resident (blocks wait for each other's
 * tasks).  Particles are float4 (x, y, z, id as int bits).
 */

#define CACHE 2560  /* per-block shared cache of octant codes (10 KB) */

struct octp_task {
	int start;   /* first particle of the segment */
	int count;   /* particles in it */
	int level;   /* depth, root 0 */
	int buf;     /* buffer that holds the segment (0 or 1) */
	float cx;    /* cube centre */
	float cy;
	float cz;
	float half;  /* half the cube's edge */
};

/* Global counters (one array). */
#define C_HEAD 0     /* next queue slot to dequeue */
#define C_TAIL 1     /* next queue slot to fill */
#define C_DONE 2     /* particles that reached a leaf */
#define C_LEAVES 3   /* leaves recorded */
#define C_ERROR 4    /* queue or leaf table overflow */

extern "C" __global__ void octp_build(float4 *b0, float4 *b1, float4 *out,
				      struct octp_task *tasks,
				      volatile int *ready, unsigned *ctr,
				      struct octp_task *leaves, int n,
				      int qcap, int lcap, int maxleaf,
				      int maxdepth)
{
	__shared__ struct octp_task st;
	__shared__ int s_stop;
	__shared__ int s_count[8];
	__shared__ int s_off[8];
	__shared__ int s_cur[8];
	__shared__ int s_oct[CACHE];
	volatile unsigned *vctr = ctr;
	int tid = threadIdx.x, nt = blockDim.x;

	for (;;) {
		if (tid == 0) {
			int got = -1, stop = 0;

			while (got < 0 && !stop) {
				unsigned h = vctr[C_HEAD], t = vctr[C_TAIL];

				if (h < t) {
					if (atomicCAS(&ctr[C_HEAD], h, h + 1) == h)
						got = (int)h;
				} else if (vctr[C_DONE] >= (unsigned)n) {
					stop = 1;
				}
			}
			if (got >= 0) {
				volatile struct octp_task *q = &tasks[got];

				while (ready[got] == 0)
					;
				__threadfence();
				st.start = q->start;
				st.count = q->count;
				st.level = q->level;
				st.buf = q->buf;
				st.cx = q->cx;
				st.cy = q->cy;
				st.cz = q->cz;
				st.half = q->half;
			}
			s_stop = stop;
		}
		__syncthreads();
		if (s_stop)
			break;
		if (tid < 8)
			s_count[tid] = 0;
		__syncthreads();

		const float4 *src = st.buf ? b1 : b0;
		float4 *dst = st.buf ? b0 : b1;
		int start = st.start, count = st.count;

		for (int i = tid; i < count; i += nt) {
			float4 p = src[start + i];
			int o = (p.x >= st.cx) | (p.y >= st.cy) << 1 |
				(p.z >= st.cz) << 2;

			if (i < CACHE)
				s_oct[i] = o;
			atomicAdd(&s_count[o], 1);
		}
		__syncthreads();
		if (tid == 0) {
			int sum = 0;

			for (int o = 0; o < 8; o++) {
				s_off[o] = sum;
				s_cur[o] = sum;
				sum += s_count[o];
			}
		}
		__syncthreads();
		for (int i = tid; i < count; i += nt) {
			float4 p = src[start + i];
			int o;

			if (i < CACHE)
				o = s_oct[i];
			else
				o = (p.x >= st.cx) | (p.y >= st.cy) << 1 |
				    (p.z >= st.cz) << 2;
			dst[start + atomicAdd(&s_cur[o], 1)] = p;
		}
		__syncthreads();
		/* Children that become leaves go to the output now. */
		for (int o = 0; o < 8; o++) {
			int c = s_count[o];

			if (c > 0 && (c <= maxleaf || st.level + 1 >= maxdepth))
				for (int i = tid; i < c; i += nt)
					out[start + s_off[o] + i] =
						dst[start + s_off[o] + i];
		}
		__threadfence();
		__syncthreads();
		if (tid == 0) {
			float h = st.half * 0.5f;

			for (int o = 0; o < 8; o++) {
				int c = s_count[o];
				struct octp_task ch;

				if (c == 0)
					continue;
				ch.start = start + s_off[o];
				ch.count = c;
				ch.level = st.level + 1;
				ch.buf = st.buf ^ 1;
				ch.cx = (o & 1) ? st.cx + h : st.cx - h;
				ch.cy = (o & 2) ? st.cy + h : st.cy - h;
				ch.cz = (o & 4) ? st.cz + h : st.cz - h;
				ch.half = h;
				if (c <= maxleaf || ch.level >= maxdepth) {
					unsigned l = atomicAdd(&ctr[C_LEAVES], 1);

					if (l < (unsigned)lcap)
						leaves[l] = ch;
					else
						atomicExch(&ctr[C_ERROR], 1);
					__threadfence();
					atomicAdd(&ctr[C_DONE], c);
				} else {
					unsigned s = atomicAdd(&ctr[C_TAIL], 1);

					if (s < (unsigned)qcap) {
						tasks[s] = ch;
						__threadfence();
						ready[s] = 1;
					} else {
						/* Lost: flag it, and count the
						 * particles so the run ends. */
						atomicExch(&ctr[C_ERROR], 2);
						atomicAdd(&ctr[C_DONE], c);
					}
				}
			}
		}
		__syncthreads();
	}
}
