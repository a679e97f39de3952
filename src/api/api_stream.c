/*
 * api_stream.c - streams and events.
 *
 * The simulator runs one operation at a time and every API call completes
 * its work before returning, so a stream is only a handle (with its flags)
 * and every stream is always idle: queries and synchronisation report the
 * context's sticky error or success.  An event records the simulated core
 * cycle count; elapsed time is the cycle difference at the core clock.
 */
#include "base/base.h"

#include "api/api_int.h"

#include <stdlib.h>

/* Whether s is one of the handles that name a default stream. */
static bool api_stream_is_default(CUstream s)
{
	return s == NULL || s == CU_STREAM_LEGACY || s == CU_STREAM_PER_THREAD;
}

CUresult api_stream_check(const struct api_drv *d, const struct api_ctx *c,
			  CUstream s)
{
	if (api_stream_is_default(s))
		return CUDA_SUCCESS;
	if (!api_live_has(d, s, API_K_STREAM) || s->h.ctx != c)
		return CUDA_ERROR_INVALID_HANDLE;
	return CUDA_SUCCESS;
}

/* Begin a call on stream s of the current context. */
static CUresult api_stream_enter(struct api_drv **d, struct api_ctx **c,
				 CUstream s, enum api_sticky mode)
{
	CUresult r = api_enter(d, c, mode);

	if (r != CUDA_SUCCESS)
		return r;
	r = api_stream_check(*d, *c, s);
	if (r != CUDA_SUCCESS)
		return api_end(r);
	return CUDA_SUCCESS;
}

/* ======================================================================
 * Streams
 * ====================================================================== */

CUresult CUDAAPI cuStreamCreateWithPriority(CUstream *phStream,
					    unsigned int flags, int priority)
{
	struct api_drv *d;
	struct api_ctx *c;
	struct CUstream_st *s;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!phStream || (flags & ~(unsigned)CU_STREAM_NON_BLOCKING))
		return api_end(CUDA_ERROR_INVALID_VALUE);
	s = xcalloc(1, sizeof(*s));
	s->h.kind = API_K_STREAM;
	s->h.ctx = c;
	s->flags = flags;
	s->priority = 0; /* the only priority in the reported range */
	(void)priority;
	api_live_add(d, &s->h);
	*phStream = s;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuStreamCreate(CUstream *phStream, unsigned int Flags)
{
	return cuStreamCreateWithPriority(phStream, Flags, 0);
}

void api_stream_destroy(struct api_drv *d, struct CUstream_st *s)
{
	api_live_del(d, &s->h);
	free(s);
}

static CUresult api_stream_destroy_api(CUstream s)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	if (api_stream_is_default(s) || !api_live_has(d, s, API_K_STREAM))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	api_stream_destroy(d, s);
	return api_end(c->sticky);
}

CUresult CUDAAPI cuStreamDestroy(CUstream hStream)
{
	return api_stream_destroy_api(hStream);
}

CUresult CUDAAPI cuStreamDestroy_v2(CUstream hStream)
{
	return api_stream_destroy_api(hStream);
}

/* Query and synchronise: all work is already complete. */
static CUresult api_stream_sync(CUstream s)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_stream_enter(&d, &c, s, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	api_output_flush(d);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuStreamQuery(CUstream hStream)
{
	return api_stream_sync(hStream);
}

CUresult CUDAAPI cuStreamSynchronize(CUstream hStream)
{
	return api_stream_sync(hStream);
}

CUresult CUDAAPI cuStreamGetPriority(CUstream hStream, int *priority)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_stream_enter(&d, &c, hStream, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!priority)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*priority = api_stream_is_default(hStream) ? 0 : hStream->priority;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuStreamGetFlags(CUstream hStream, unsigned int *flags)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_stream_enter(&d, &c, hStream, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!flags)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*flags = api_stream_is_default(hStream) ? 0 : hStream->flags;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuStreamGetCtx(CUstream hStream, CUcontext *pctx)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_stream_enter(&d, &c, hStream, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!pctx)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	*pctx = api_ctx_handle(c);
	return api_end(CUDA_SUCCESS);
}

/* Events complete when recorded, so there is nothing to wait for. */
CUresult CUDAAPI cuStreamWaitEvent(CUstream hStream, CUevent hEvent,
				   unsigned int Flags)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_stream_enter(&d, &c, hStream, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(d, hEvent, API_K_EVENT))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	return api_end(CUDA_SUCCESS);
}

/* ======================================================================
 * Events
 * ====================================================================== */

CUresult CUDAAPI cuEventCreate(CUevent *phEvent, unsigned int Flags)
{
	struct api_drv *d;
	struct api_ctx *c;
	struct CUevent_st *e;
	const unsigned all = CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING |
			     CU_EVENT_INTERPROCESS;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!phEvent || (Flags & ~all) ||
	    ((Flags & CU_EVENT_INTERPROCESS) &&
	     !(Flags & CU_EVENT_DISABLE_TIMING)))
		return api_end(CUDA_ERROR_INVALID_VALUE);
	e = xcalloc(1, sizeof(*e));
	e->h.kind = API_K_EVENT;
	e->h.ctx = c;
	e->flags = Flags;
	api_live_add(d, &e->h);
	*phEvent = e;
	return api_end(CUDA_SUCCESS);
}

void api_event_destroy(struct api_drv *d, struct CUevent_st *e)
{
	api_live_del(d, &e->h);
	free(e);
}

static CUresult api_event_destroy_api(CUevent e)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_RELEASE);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(d, e, API_K_EVENT))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	api_event_destroy(d, e);
	return api_end(c->sticky);
}

CUresult CUDAAPI cuEventDestroy(CUevent hEvent)
{
	return api_event_destroy_api(hEvent);
}

CUresult CUDAAPI cuEventDestroy_v2(CUevent hEvent)
{
	return api_event_destroy_api(hEvent);
}

CUresult CUDAAPI cuEventRecordWithFlags(CUevent hEvent, CUstream hStream,
					unsigned int flags)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_stream_enter(&d, &c, hStream, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(d, hEvent, API_K_EVENT) || hEvent->h.ctx != c)
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	if (flags & ~(unsigned)CU_EVENT_RECORD_EXTERNAL)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	hEvent->recorded = true;
	hEvent->cycles = ws_sim_cycles(d->sim);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuEventRecord(CUevent hEvent, CUstream hStream)
{
	return cuEventRecordWithFlags(hEvent, hStream, 0);
}

/* Query and synchronise: a recorded event has always completed. */
static CUresult api_event_sync(CUevent e)
{
	struct api_drv *d;
	struct api_ctx *c;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!api_live_has(d, e, API_K_EVENT))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	api_output_flush(d);
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuEventQuery(CUevent hEvent)
{
	return api_event_sync(hEvent);
}

CUresult CUDAAPI cuEventSynchronize(CUevent hEvent)
{
	return api_event_sync(hEvent);
}

/* Milliseconds between two records: cycle delta / (MHz * 1000). */
static CUresult api_elapsed(float *ms, CUevent a, CUevent b)
{
	struct api_drv *d;
	struct api_ctx *c;
	double mhz, delta;
	CUresult r = api_enter(&d, &c, API_STRICT);

	if (r != CUDA_SUCCESS)
		return r;
	if (!ms)
		return api_end(CUDA_ERROR_INVALID_VALUE);
	if (!api_live_has(d, a, API_K_EVENT) ||
	    !api_live_has(d, b, API_K_EVENT) || !a->recorded ||
	    !b->recorded || ((a->flags | b->flags) & CU_EVENT_DISABLE_TIMING))
		return api_end(CUDA_ERROR_INVALID_HANDLE);
	mhz = ws_sim_core_mhz(d->sim);
	delta = b->cycles >= a->cycles ? (double)(b->cycles - a->cycles)
				       : -(double)(a->cycles - b->cycles);
	*ms = mhz > 0 ? (float)(delta / (mhz * 1000.0)) : 0.0f;
	return api_end(CUDA_SUCCESS);
}

CUresult CUDAAPI cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
				    CUevent hEnd)
{
	return api_elapsed(pMilliseconds, hStart, hEnd);
}

CUresult CUDAAPI cuEventElapsedTime_v2(float *pMilliseconds, CUevent hStart,
				       CUevent hEnd)
{
	return api_elapsed(pMilliseconds, hStart, hEnd);
}
