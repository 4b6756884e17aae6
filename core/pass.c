/* pass.c: the registry of built-in pass models (and, by name only, the
 * mutants of pass_mutants.c) and the driver that runs one
 * on every function of a program.  In FENCEFUZZ_VERIFY builds the output is
 * checked with ir_verify_program: a model that builds invalid IR is an
 * internal bug, so it aborts (the fuzzers see it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "pass.h"

/* Listing order of `fencefuzz models`: the default first. */
static const PassModel *const models[] = {
	&pass_tilelang_9f25954,
	&pass_tilelang_head,
	&pass_tilelang_legacy,
	&pass_identity,
};

enum { NMODELS = sizeof models / sizeof models[0] };

static int
name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
	       c == '-' || c == '.';
}

const char *
pass_spec_split(const char *spec, char *name, size_t cap)
{
	const char *eq = strchr(spec, '='), *colon = strchr(spec, ':');
	if (!eq || (colon && colon < eq)) {
		snprintf(name, cap, "%s", spec);
		return spec;
	}
	size_t n = (size_t)(eq - spec);
	if (n == 0 || n >= cap)
		return NULL;
	for (size_t i = 0; i < n; i++)
		if (!name_char(spec[i]))
			return NULL;
	memcpy(name, spec, n);
	name[n] = 0;
	for (int i = 0; i < NMODELS; i++)
		if (!strcmp(models[i]->name, name))
			return NULL; /* a built-in keeps its name */
	return eq + 1;
}

const PassModel *
pass_find(const char *name)
{
	for (int i = 0; i < NMODELS; i++)
		if (strcmp(models[i]->name, name) == 0)
			return models[i];
	if (strncmp(name, "mutant:", 7) == 0)
		return pass_find_mutant(name);
	/* External models, also "NAME=ext...:COMMAND", and by NAME alone once
	 * given in full (a stored finding names its model so). */
	const PassModel *m = pass_find_ext_server(name);
	return m ? m : pass_find_external(name);
}

const PassModel *const *
pass_models(int *count)
{
	if (count)
		*count = NMODELS;
	return models;
}

typedef struct RunCtx {
	const PassModel *model;
	Arena *arena;
} RunCtx;

static Func *
run_one(const Func *f, void *ctx)
{
	RunCtx *rc = ctx;
	return rc->model->run(f, rc->arena);
}

Program *
pass_run_ex(const PassModel *m, const Program *p, PassError *err)
{
	err->kind = PASS_OK;
	err->msg[0] = 0;
	Program *q;
	if (m->run_program) {
		q = m->run_program(m, p, err);
		if (!q)
			return NULL;
	} else {
		RunCtx rc = {m, p->arena};
		q = ir_program_map(p, run_one, &rc);
	}
#ifdef FENCEFUZZ_VERIFY
	Diag d;
	if (ir_verify_program(q, &d)) {
		fprintf(stderr, "fencefuzz: internal error: model %s built invalid IR: ", m->name);
		diag_print(stderr, &d);
		abort();
	}
#endif
	return q;
}

Program *
pass_run(const PassModel *m, const Program *p)
{
	PassError err;
	Program *q = pass_run_ex(m, p, &err);
	if (!q) {
		fprintf(stderr, "fencefuzz: model %s failed: %s\n", m->name, err.msg);
		abort();
	}
	return q;
}
