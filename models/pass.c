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

static void scan_expr(OpScan *sc, const Expr *e);

static void
scan_exprs(OpScan *sc, Expr *const *v, int n)
{
	for (int i = 0; i < n && !sc->bad; i++)
		scan_expr(sc, v[i]);
}

static void
scan_expr(OpScan *sc, const Expr *e)
{
	if (!e || sc->bad)
		return;
	switch (e->kind) {
	case EX_CALL:
		if (!(vocab_versions(e->u.call.name) & sc->versions)) {
			sc->bad = e;
			return;
		}
		scan_exprs(sc, e->u.call.args, e->u.call.nargs);
		scan_exprs(sc, e->u.call.kwargs, e->u.call.nkw);
		break;
	case EX_BIN:
		scan_expr(sc, e->u.bin.a);
		scan_expr(sc, e->u.bin.b);
		break;
	case EX_NOT:
		scan_expr(sc, e->u.operand);
		break;
	case EX_LOAD:
		scan_exprs(sc, e->u.load.idx, e->u.load.nidx);
		break;
	case EX_SLICE:
		scan_expr(sc, e->u.slice.begin);
		scan_expr(sc, e->u.slice.end);
		scan_expr(sc, e->u.slice.step);
		break;
	case EX_TUPLE:
	case EX_LIST:
		scan_exprs(sc, e->u.list.items, e->u.list.n);
		break;
	case EX_DICT:
		scan_exprs(sc, e->u.dict.keys, e->u.dict.n);
		scan_exprs(sc, e->u.dict.vals, e->u.dict.n);
		break;
	default:
		break;
	}
}

static void
scan_buffer(OpScan *sc, const Buffer *b)
{
	if (b)
		scan_exprs(sc, b->shape, b->ndim);
}

static void
scan_stmt(OpScan *sc, const Stmt *s)
{
	if (!s || sc->bad)
		return;
	switch (s->kind) {
	case ST_SEQ:
		for (int i = 0; i < s->u.seq.n && !sc->bad; i++)
			scan_stmt(sc, s->u.seq.items[i]);
		return;
	case ST_EVAL:
		scan_expr(sc, s->u.eval.value);
		return;
	case ST_STORE:
		scan_exprs(sc, s->u.store.idx, s->u.store.nidx);
		scan_expr(sc, s->u.store.value);
		return;
	case ST_IF:
		scan_expr(sc, s->u.if_.cond);
		scan_stmt(sc, s->u.if_.then_);
		scan_stmt(sc, s->u.if_.else_);
		return;
	case ST_FOR:
		scan_expr(sc, s->u.for_.min);
		scan_expr(sc, s->u.for_.extent);
		scan_expr(sc, s->u.for_.step);
		scan_expr(sc, s->u.for_.annotations);
		break;
	case ST_WHILE:
		scan_expr(sc, s->u.while_.cond);
		break;
	case ST_LET:
		scan_expr(sc, s->u.let.value);
		break;
	case ST_ASSERT:
		scan_expr(sc, s->u.assert_.cond);
		scan_expr(sc, s->u.assert_.msg);
		break;
	case ST_ATTR:
		scan_expr(sc, s->u.attr.node);
		scan_expr(sc, s->u.attr.value);
		break;
	case ST_LAUNCH:
		scan_expr(sc, s->u.launch.extent);
		break;
	case ST_ALLOC:
		scan_exprs(sc, s->u.alloc.extents, s->u.alloc.nextents);
		scan_expr(sc, s->u.alloc.condition);
		scan_expr(sc, s->u.alloc.annotations);
		break;
	case ST_DECL:
		scan_buffer(sc, s->u.decl.buf);
		break;
	case ST_BLOCK:
		scan_expr(sc, s->u.block.where);
		scan_expr(sc, s->u.block.reads);
		scan_expr(sc, s->u.block.writes);
		scan_expr(sc, s->u.block.attrs);
		for (int i = 0; i < s->u.block.nallocs; i++)
			scan_buffer(sc, s->u.block.allocs[i]);
		break;
	}
	scan_stmt(sc, ir_body(s));
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
