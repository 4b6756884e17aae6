/* pass.c: the registry of built-in pass models (and, by name only, the
 * mutants of pass_mutants.c) and the driver that runs one
 * on every function of a program.  Before a model runs, every call of the
 * program must be an op of the model's TileLang version (vocab.def): a
 * model judges only programs its version could have been given, so a
 * finding is never about an op that version did not have.  In
 * FENCEFUZZ_VERIFY builds the output is checked with ir_verify_program: a
 * model that builds invalid IR is an internal bug, so it aborts (the fuzzers
 * see it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "pass.h"
#include "vocab.h"

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

/* ---- the model's op vocabulary ------------------------------------------ */

/* The first call (in preorder) whose op is not in `versions`. */
typedef struct OpScan {
	unsigned versions;
	const Expr *bad;
} OpScan;

static int
foreign_call(const Expr *e, void *ctx)
{
	OpScan *sc = ctx;
	if (e->kind == EX_CALL && !(vocab_versions(e->u.call.name) & sc->versions)) {
		sc->bad = e;
		return 1;
	}
	return IR_WALK_GO;
}

static void
scan_expr(OpScan *sc, const Expr *e)
{
	if (!sc->bad)
		ir_walk_expr(e, foreign_call, sc);
}

static void
scan_buffer(OpScan *sc, const Buffer *b)
{
	for (int i = 0; b && i < b->ndim && !sc->bad; i++)
		scan_expr(sc, b->shape[i]);
}

/* A statement's expressions, then the shapes of the buffers it defines,
 * then its bodies. */
static void
scan_stmt(OpScan *sc, const Stmt *s)
{
	if (!s || sc->bad)
		return;
	IrKids k;
	ir_stmt_kids(&k, s);
	for (Expr **c; !sc->bad && (c = ir_kids_next(&k));)
		scan_expr(sc, *c);
	int nb;
	Buffer **bufs = ir_stmt_defbufs(s, &nb);
	for (int i = 0; i < nb; i++)
		scan_buffer(sc, bufs[i]);
	IrBodies b;
	ir_stmt_bodies(&b, s);
	for (Stmt **c; !sc->bad && (c = ir_bodies_next(&b));)
		scan_stmt(sc, *c);
}

/* The first call of p outside m's versions, or NULL. */
static const Expr *
first_foreign_op(const PassModel *m, const Program *p)
{
	OpScan sc = {m->versions, NULL};
	for (int i = 0; i < p->nfuncs && !sc.bad; i++) {
		const Func *f = p->funcs[i];
		scan_expr(&sc, f->attrs);
		for (int j = 0; j < f->nparams; j++)
			scan_buffer(&sc, f->params[j].buf);
		for (int j = 0; j < f->nmatches; j++)
			scan_buffer(&sc, f->matches[j]);
		for (int j = 0; j < f->nroot_allocs; j++)
			scan_buffer(&sc, f->root_allocs[j]);
		scan_stmt(&sc, f->body);
	}
	return sc.bad;
}

static const char *
version_label(unsigned versions)
{
	return versions == VV_SEED     ? "TileLang 9f25954"
	       : versions == VV_HEAD   ? "TileLang a35008a (head)"
	       : versions == VV_LEGACY ? "TileLang a60d619"
	                               : "its TileLang versions";
}

int
pass_accepts(const PassModel *m, const Program *p, PassError *err)
{
	if (!m->versions)
		return 1;
	const Expr *bad = first_foreign_op(m, p);
	if (!bad)
		return 1;
	if (err) {
		char known[64];
		unsigned v = vocab_versions(bad->u.call.name);
		int one = v == VV_HEAD || v == VV_SEED || v == VV_LEGACY;
		err->kind = PASS_ERR_REJECTED;
		err->loc = bad->loc;
		snprintf(err->msg, sizeof err->msg,
		         "%s has no op T.%s (%s%s%s): model %s refuses the program, not judged",
		         version_label(m->versions), bad->u.call.name, v ? "it exists at " : "no modelled version has it",
		         v ? vocab_versions_str(v, known, sizeof known) : "", one ? " only" : "", m->name);
	}
	return 0;
}

Program *
pass_run_ex(const PassModel *m, const Program *p, PassError *err)
{
	err->kind = PASS_OK;
	err->msg[0] = 0;
	err->loc = (Loc){0, 0};
	if (!pass_accepts(m, p, err))
		return NULL;
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
