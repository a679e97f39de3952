/*
 * api_core.c - driver lifetime, locking and handle bookkeeping for libcuda.
 *
 * cuInit creates the one struct api_drv (and its struct ws_sim from the
 * WARPSIM_ARGS environment variable).  It lives until process exit, when an
 * atexit handler destroys every context the program left behind and then
 * the simulator, which prints the end-of-run statistics.  A single mutex
 * serialises all calls; the driver root below is the only mutable global,
 * as the Driver API has no handle through which to pass it.
 */
#include "base/base.h"

#include "api/api_int.h"
#include "base/diag.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* Lifecycle of the driver root. */
enum api_state {
	API_UNINIT,   /* cuInit not yet called, or it failed */
	API_READY,    /* drv is valid */
	API_FINISHED, /* torn down at exit */
};

/* The driver root: the lock and what it protects. */
static struct {
	pthread_mutex_t lock;  /* serialises every API call */
	enum api_state state;  /* lifecycle */
	struct api_drv *drv;   /* valid while state == API_READY */
} api_root = { PTHREAD_MUTEX_INITIALIZER, API_UNINIT, NULL };

CUresult api_begin(struct api_drv **d)
{
	pthread_mutex_lock(&api_root.lock);
	if (api_root.state != API_READY) {
		CUresult r = api_root.state == API_FINISHED
				     ? CUDA_ERROR_DEINITIALIZED
				     : CUDA_ERROR_NOT_INITIALIZED;
		pthread_mutex_unlock(&api_root.lock);
		return r;
	}
	*d = api_root.drv;
	return CUDA_SUCCESS;
}

CUresult api_enter(struct api_drv **d, struct api_ctx **c,
		   enum api_sticky mode)
{
	CUresult r = api_begin(d);

	if (r != CUDA_SUCCESS)
		return r;
	*c = api_ctx_current(*d);
	if (!*c)
		return api_end(CUDA_ERROR_INVALID_CONTEXT);
	if (mode == API_STRICT && (*c)->sticky != CUDA_SUCCESS) {
		api_output_flush(*d);
		return api_end((*c)->sticky);
	}
	return CUDA_SUCCESS;
}

void api_output_flush(struct api_drv *d)
{
	ws_output_flush(d->sim, stdout);
}

CUresult api_end(CUresult r)
{
	pthread_mutex_unlock(&api_root.lock);
	return r;
}

/* ======================================================================
 * Handle table
 * ====================================================================== */

void api_live_add(struct api_drv *d, struct api_obj *o)
{
	VEC_PUSH(d->live, d->n_live, d->cap_live);
	d->live[d->n_live - 1] = o;
}

void api_live_del(struct api_drv *d, struct api_obj *o)
{
	for (size_t i = d->n_live; i-- > 0;) {
		if (d->live[i] == o) {
			d->live[i] = d->live[--d->n_live];
			return;
		}
	}
	SIM_BUG("api: deleting a handle that is not live");
}

/*
 * Linear in the number of live handles; programs hold few contexts,
 * modules, functions, streams and events, and the lookup lets a stale
 * handle produce CUDA_ERROR_INVALID_HANDLE instead of a crash.
 */
bool api_live_has(const struct api_drv *d, const void *p, enum api_kind kind)
{
	if (!p)
		return false;
	for (size_t i = d->n_live; i-- > 0;)
		if (d->live[i] == p)
			return d->live[i]->kind == kind;
	return false;
}

CUresult api_result(int st)
{
	switch (st) {
	case WS_OK:
		return CUDA_SUCCESS;
	case WS_E_INVALID:
		return CUDA_ERROR_INVALID_VALUE;
	case WS_E_OOM:
		return CUDA_ERROR_OUT_OF_MEMORY;
	case WS_E_ILLEGAL_ADDRESS:
		return CUDA_ERROR_ILLEGAL_ADDRESS;
	case WS_E_MISALIGNED:
		return CUDA_ERROR_MISALIGNED_ADDRESS;
	case WS_E_DEADLOCK:
	case WS_E_INSN_LIMIT:
		return CUDA_ERROR_LAUNCH_TIMEOUT;
	case WS_E_TRAP:
		return CUDA_ERROR_LAUNCH_FAILED;
	case WS_E_ASSERT:
		return CUDA_ERROR_ASSERT;
	case WS_E_RESOURCES:
		return CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
	case WS_E_PTX:
		return CUDA_ERROR_INVALID_PTX;
	case WS_E_UNSUPPORTED:
		return CUDA_ERROR_NOT_SUPPORTED;
	default:
		return CUDA_ERROR_UNKNOWN;
	}
}

void api_print_diag(const struct diag *dg)
{
	const char *t = diag_text(dg);
	size_t n = strlen(t);

	if (n == 0)
		return;
	fprintf(stderr, "warpsim: %s%s", t, t[n - 1] == '\n' ? "" : "\n");
	fflush(stderr);
}

/* ======================================================================
 * Initialisation and teardown
 * ====================================================================== */

/*
 * Runs at process exit (or when libcuda is unloaded): destroy what the
 * program left alive, then the simulator, which prints its statistics.
 * Later calls return CUDA_ERROR_DEINITIALIZED.
 */
static void api_shutdown(void)
{
	struct api_drv *d;
	size_t i;

	pthread_mutex_lock(&api_root.lock);
	d = api_root.drv;
	if (api_root.state != API_READY || !d) {
		pthread_mutex_unlock(&api_root.lock);
		return;
	}
	for (i = d->n_live; i-- > 0;) {
		if (d->live[i]->kind == API_K_CTX) {
			api_ctx_destroy(d, (struct api_ctx *)d->live[i]);
			i = d->n_live;
		}
	}
	for (i = 0; i < d->n_host; i++)
		free(d->host[i]);
	api_output_flush(d);
	ws_sim_destroy(d->sim);
	free(d->live);
	free(d->host);
	free(d->params);
	free(d);
	api_root.drv = NULL;
	api_root.state = API_FINISHED;
	pthread_mutex_unlock(&api_root.lock);
}

/* Create the simulator; called with the lock held. */
static CUresult api_init_locked(void)
{
	struct ws_sim *sim = NULL;
	struct api_drv *d;
	struct diag dg;

	diag_init(&dg);
	if (ws_sim_create_env(&sim, &dg) != WS_OK || !sim) {
		if (diag_text(&dg)[0])
			api_print_diag(&dg);
		else
			fprintf(stderr, "warpsim: cannot create the simulator "
					"(check WARPSIM_ARGS)\n");
		diag_release(&dg);
		return CUDA_ERROR_INVALID_VALUE;
	}
	diag_release(&dg);
	d = xcalloc(1, sizeof(*d));
	d->sim = sim;
	ws_sim_props(sim, &d->props);
	api_root.drv = d;
	api_root.state = API_READY;
	atexit(api_shutdown);
	return CUDA_SUCCESS;
}

CUresult CUDAAPI cuInit(unsigned int Flags)
{
	CUresult r = CUDA_SUCCESS;

	if (Flags != 0)
		return CUDA_ERROR_INVALID_VALUE;
	pthread_mutex_lock(&api_root.lock);
	if (api_root.state == API_UNINIT)
		r = api_init_locked();
	else if (api_root.state == API_FINISHED)
		r = CUDA_ERROR_DEINITIALIZED;
	pthread_mutex_unlock(&api_root.lock);
	return r;
}

CUresult CUDAAPI cuDriverGetVersion(int *driverVersion)
{
	if (!driverVersion)
		return CUDA_ERROR_INVALID_VALUE;
	*driverVersion = CUDA_VERSION;
	return CUDA_SUCCESS;
}
