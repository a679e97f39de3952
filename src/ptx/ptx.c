/*
 * ptx.c - the front end's public entry points (ptx.h): load = lex, parse
 * and decode, link; plus lookups and freeing.  All load-time scratch
 * (tokens, the text copy, per-function vectors) is freed before returning;
 * the module keeps only its arena and variable table.
 */
#include "../base/base.h"
#include "ptx_int.h"

#include <stdlib.h>

static void front_release(struct ptx_front *pf)
{
	for (uint32_t i = 0; i < pf->n_funcs; i++) {
		struct pfunc *fn = pf->funcs[i];
		free(fn->code);
		free(fn->relocs);
		free(fn->calls);
		free(fn->brx);
		free(fn->shared);
	}
	free(pf->funcs);
	free(pf->svars);
	free(pf->toks);
	free((char *)pf->text);
	strmap_release(&pf->fmap);
}

int ptx_module_load(const char *text, size_t len, const char *filename,
		    const struct ptx_env *env, struct ptx_module **out,
		    struct diag *d)
{
	struct ptx_module *m = xcalloc(1, sizeof(*m));
	struct arena *ar = xmalloc(sizeof(*ar));
	struct ptx_front pf;
	char *copy;
	int rc;

	*out = NULL;
	arena_init(ar);
	m->priv = ar;
	if (!filename)
		filename = "<input>";
	m->filename = arena_strndup(ar, filename, strlen(filename));
	memset(&pf, 0, sizeof(pf));
	pf.file = m->filename;
	pf.d = d;
	pf.ar = ar;
	pf.env = env;
	pf.m = m;
	pf.fake_addr = 0x10000000;
	copy = xmalloc(len + 1);
	if (len)
		memcpy(copy, text, len);
	copy[len] = 0;
	pf.text = copy;
	pf.len = len;
	ptx_lex(copy, len, &pf.toks, &pf.n_toks);
	rc = ptx_parse(&pf);
	if (!rc)
		rc = ptx_link(&pf);
	front_release(&pf);
	if (rc) {
		if (!pf.n_err)
			diag_err(d, "%s: cannot load PTX", m->filename);
		ptx_module_free(m);
		return -1;
	}
	*out = m;
	return 0;
}

void ptx_module_free(struct ptx_module *m)
{
	if (!m)
		return;
	free(m->vars);
	if (m->priv) {
		arena_release(m->priv);
		free(m->priv);
	}
	free(m);
}

const struct ptx_kernel *ptx_module_kernel(const struct ptx_module *m,
					   const char *name)
{
	for (uint32_t i = 0; m && i < m->n_kernels; i++)
		if (!strcmp(m->kernels[i]->name, name))
			return m->kernels[i];
	return NULL;
}

const struct ptx_var *ptx_module_var(const struct ptx_module *m,
				     const char *name)
{
	for (uint32_t i = 0; m && i < m->n_vars; i++)
		if (!strcmp(m->vars[i].name, name))
			return &m->vars[i];
	return NULL;
}
