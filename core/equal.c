/* equal.c: structural equality and hash, as TVM's structural_equal/hash.
 *
 * Two trees are equal when they have the same shape, literals (dtype and
 * value), call names and arguments, and buffer fields, with bound variables
 * and buffers compared up to a consistent renaming: a's var is mapped to b's
 * at its definition (params, free vars, env threads, let/for/launch/alloc
 * vars, data vars of buffers that define their own) and every use is checked
 * against the map.  Names of bound things never matter; unmapped vars compare
 * by name.  Buffers without a defining node (aliases) are mapped at their
 * first use, fields compared there.
 *
 * The maps are side tables keyed by pointer, one per side, because a pass
 * output shares subtrees (and so Var nodes) with its input.  Definitions are
 * scoped: a shadowing definition is undone when its scope closes.
 *
 * The hash visits the same things in the same order and hashes a bound var
 * or buffer by its definition number, so equal trees hash equally.
 * An absent dict and an empty one are the same (TVM prints neither), and so
 * are absent and empty block read/write lists.
 *
 * Recursion depth is the IR depth, bounded by IR_MAX_DEPTH (verify.c).
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ptrmap.h"

/* ---- pointer map with undo -------------------------------------------------- */


typedef struct Undo {
	PtrMap *map;
	const void *key;
	void *old;
} Undo;

typedef struct UndoLog {
	Undo *e;
	size_t n, cap;
} UndoLog;

static void
set_scoped(UndoLog *log, PtrMap *m, const void *k, void *v)
{
	void *old = pm_put(m, k, v);
	if (!log)
		return;
	if (log->n == log->cap) {
		log->cap = log->cap ? log->cap * 2 : 64;
		log->e = realloc(log->e, sizeof *log->e * log->cap);
		if (!log->e)
			abort();
	}
	log->e[log->n++] = (Undo){m, k, old};
}

static void
undo_to(UndoLog *log, size_t mark)
{
	while (log->n > mark) {
		Undo *u = &log->e[--log->n];
		pm_put(u->map, u->key, u->old);
	}
}

static int
same_str(const char *a, const char *b)
{
	if (a == b || !a || !b)
		return a == b; /* a shared (or interned) name is equal without a look */
	return strcmp(a, b) == 0;
}

static int
dict_empty(const Expr *e)
{
	return !e || (e->kind == EX_DICT && e->u.dict.n == 0);
}

static int
list_empty(const Expr *e)
{
	return !e || ((e->kind == EX_LIST || e->kind == EX_TUPLE) && e->u.list.n == 0);
}

/* ---- equality ------------------------------------------------------------------- */

typedef struct Eq {
	PtrMap avar, bvar; /* a's Var -> b's Var, and back */
	PtrMap abuf, bbuf;
	UndoLog log;
	int strict; /* ir_identical_func: the same vars and buffers, the same locations */
	int clean;  /* every definition so far mapped a var or buffer to itself */
} Eq;

static int eq_expr(Eq *E, const Expr *a, const Expr *b);
static int eq_stmt(Eq *E, const Stmt *a, const Stmt *b);

static int
var_attrs_equal(const Var *a, const Var *b)
{
	return same_str(a->dtype, b->dtype) && same_str(a->ptr_scope, b->ptr_scope) &&
	       a->flags == b->flags;
}

static int
def_var(Eq *E, Var *a, Var *b, int scoped)
{
	if (!a || !b || E->strict)
		return a == b;
	if (!var_attrs_equal(a, b))
		return 0;
	if (a != b)
		E->clean = 0;
	UndoLog *log = scoped ? &E->log : NULL;
	set_scoped(log, &E->avar, a, b);
	set_scoped(log, &E->bvar, b, a);
	return 1;
}

static int
use_var(Eq *E, const Var *a, const Var *b)
{
	if (!a || !b || E->strict)
		return a == b;
	const Var *ma = pm_get(&E->avar, a), *mb = pm_get(&E->bvar, b);
	if (!ma && !mb)
		return same_str(a->name, b->name) && var_attrs_equal(a, b);
	return ma == b && mb == a;
}

static int
eq_exprs(Eq *E, Expr *const *a, Expr *const *b, int n)
{
	for (int i = 0; i < n; i++)
		if (!eq_expr(E, a[i], b[i]))
			return 0;
	return 1;
}

static int
eq_dict_opt(Eq *E, const Expr *a, const Expr *b)
{
	if (dict_empty(a) && dict_empty(b))
		return 1;
	return eq_expr(E, a, b);
}

/* Compares a buffer's fields and maps it.  A data var the buffer defines
 * itself (it prints as `b.data`) is defined here; any other is a use. */
static int
def_buf(Eq *E, Buffer *a, Buffer *b, int scoped)
{
	if (!a || !b || E->strict)
		return a == b;
	/* Mapped before its fields are compared, so that a (malformed) buffer
	 * whose fields mention itself cannot recurse forever. */
	if (a != b)
		E->clean = 0;
	UndoLog *log = scoped ? &E->log : NULL;
	set_scoped(log, &E->abuf, a, b);
	set_scoped(log, &E->bbuf, b, a);
	if (!same_str(a->dtype, b->dtype) || a->ndim != b->ndim || !eq_exprs(E, a->shape, b->shape, a->ndim))
		return 0;
	if (!a->data || !b->data) {
		if (a->data != b->data)
			return 0;
	} else if (a->data->owner == a || b->data->owner == b) {
		if (a->data->owner != a || b->data->owner != b || !def_var(E, a->data, b->data, scoped))
			return 0;
	} else if (!use_var(E, a->data, b->data)) {
		return 0;
	}
	if (!eq_expr(E, a->strides, b->strides) || !eq_expr(E, a->elem_offset, b->elem_offset) ||
	    !eq_expr(E, a->align, b->align) || !eq_expr(E, a->offset_factor, b->offset_factor) ||
	    !eq_expr(E, a->buffer_type, b->buffer_type) ||
	    !eq_expr(E, a->axis_separators, b->axis_separators) ||
	    !eq_expr(E, a->match_source, b->match_source))
		return 0;
	return 1;
}

static int
use_buf(Eq *E, Buffer *a, Buffer *b)
{
	if (!a || !b || E->strict)
		return a == b;
	const Buffer *ma = pm_get(&E->abuf, a), *mb = pm_get(&E->bbuf, b);
	if (!ma && !mb)
		return def_buf(E, a, b, 0); /* an alias, or declared outside a fragment */
	return ma == b && mb == a;
}

/* ---- the one expression equality --------------------------------------------- */

/* locs: the locations must be equal too (ir_identical_func). */
static int
expr_eq(const Expr *a, const Expr *b, const IrEqHooks *h, int depth, int locs)
{
	if (h->identical && a == b)
		return 1;
	if (!a || !b)
		return a == b;
	if (h->max_depth > 0 && depth > h->max_depth)
		return 0;
	if (a->kind != b->kind || !same_str(ir_expr_dtype(a), ir_expr_dtype(b)))
		return 0;
	if (locs && (a->loc.line != b->loc.line || a->loc.col != b->loc.col))
		return 0;
	/* The table's FI(i) of these two, whose value is not always in u.i */
	if (a->kind == EX_INT || a->kind == EX_POD_BOOL)
		return ir_int_value(a) == ir_int_value(b);
	depth++;
	switch (a->kind) {
#define FI(m) if (a->u.m != b->u.m) return 0;
#define FF(m) if (memcmp(&a->u.m, &b->u.m, sizeof a->u.m) != 0) return 0;
#define FS(m) if (!same_str(a->u.m, b->u.m)) return 0;
#define FSS(m, n)                                \
	if (a->u.n != b->u.n)                        \
		return 0;                                \
	for (int i = 0; i < a->u.n; i++)             \
		if (!same_str(a->u.m[i], b->u.m[i]))     \
			return 0;
#define FX(m) if (!expr_eq(a->u.m, b->u.m, h, depth, locs)) return 0;
#define FXS(m, n)                                          \
	if (a->u.n != b->u.n)                                  \
		return 0;                                          \
	for (int i = 0; i < a->u.n; i++)                       \
		if (!expr_eq(a->u.m[i], b->u.m[i], h, depth, locs))      \
			return 0;
#define FVU(m) if (!h->var(h->ctx, a->u.m, b->u.m)) return 0;
#define FBU(m) if (!h->buf(h->ctx, a->u.m, b->u.m)) return 0;
#define EXPR(kind, name, fields) case kind: { fields return 1; }
#include "nodes.def"
	}
	return 0;
}

int
ir_expr_eq(const Expr *a, const Expr *b, const IrEqHooks *h)
{
	return expr_eq(a, b, h, 0, 0);
}

static int
hook_var(void *ctx, const Var *a, const Var *b)
{
	return use_var(ctx, a, b);
}

static int
hook_buf(void *ctx, Buffer *a, Buffer *b)
{
	return use_buf(ctx, a, b);
}

/* The buffer uses of e, in expr_eq's order, each as use_buf(x, x). */
static void
touch_bufs(Eq *E, const Expr *a)
{
	if (!a)
		return;
	switch (a->kind) {
#define FX(m) touch_bufs(E, a->u.m);
#define FXS(m, n)                            \
	for (int i = 0; i < a->u.n; i++)         \
		touch_bufs(E, a->u.m[i]);
#define FBU(m) use_buf(E, a->u.m, a->u.m);
#define EXPR(kind, name, fields) case kind: { fields return; }
#include "nodes.def"
	}
}

/* An expression compared with itself while every map entry maps a thing
 * to itself (E->clean: a's and b's entries for a key are then both absent
 * or both the key) is equal: a var use finds itself or compares by name
 * with itself, a buffer use finds itself or is mapped to itself there and
 * then, with its fields compared with themselves.  Only those buffer uses
 * change the maps, so they alone are made (touch_bufs), as the
 * comparison would make them. */
static int
eq_expr(Eq *E, const Expr *a, const Expr *b)
{
	if (a == b && E->clean && !E->strict) {
		touch_bufs(E, a);
		return 1;
	}
	IrEqHooks h = {hook_var, hook_buf, E, E->strict, 0};
	return expr_eq(a, b, &h, 0, E->strict);
}

static int
eq_list_opt(Eq *E, const Expr *a, const Expr *b)
{
	if (list_empty(a) && list_empty(b))
		return 1;
	return eq_expr(E, a, b);
}

/* launch_thread of an env thread uses the function's var; any other
 * launch defines its var for the body. */
static int
eq_launch_var(Eq *E, Var *a, Var *b)
{
	if (a && b && (a->flags & VAR_ENV_THREAD))
		return use_var(E, a, b);
	return def_var(E, a, b, 1);
}

static int
eq_stmt_fields(Eq *E, const Stmt *a, const Stmt *b)
{
	switch (a->kind) {
#define FI(m) if (a->u.m != b->u.m) return 0;
#define FS(m) if (!same_str(a->u.m, b->u.m)) return 0;
#define FX(m) if (!eq_expr(E, a->u.m, b->u.m)) return 0;
#define FXS(m, n) if (a->u.n != b->u.n || !eq_exprs(E, a->u.m, b->u.m, a->u.n)) return 0;
#define FXD(m) if (!eq_dict_opt(E, a->u.m, b->u.m)) return 0;
#define FXA(m) FXD(m)
#define FXL(m) if (!eq_list_opt(E, a->u.m, b->u.m)) return 0;
#define FVD(m) if (!def_var(E, a->u.m, b->u.m, 1)) return 0;
#define FVL(m) if (!eq_launch_var(E, a->u.m, b->u.m)) return 0;
#define FBU(m) if (!use_buf(E, a->u.m, b->u.m)) return 0;
#define FBD(m) if (!def_buf(E, a->u.m, b->u.m, 1)) return 0;
#define FBDS(m, n)                                        \
	if (a->u.n != b->u.n)                                 \
		return 0;                                         \
	for (int i = 0; i < a->u.n; i++)                      \
		if (!def_buf(E, a->u.m[i], b->u.m[i], 1))         \
			return 0;
#define FB(m) if (!eq_stmt(E, a->u.m, b->u.m)) return 0;
#define FBS(m, n)                                         \
	if (a->u.n != b->u.n)                                 \
		return 0;                                         \
	for (int i = 0; i < a->u.n; i++)                      \
		if (!eq_stmt(E, a->u.m[i], b->u.m[i]))            \
			return 0;
#define STMT(kind, name, word, fields) case kind: { fields return 1; }
#include "nodes.def"
	}
	return 0;
}

static void touch_stmt(Eq *E, const Stmt *s);

/* eq_stmt_fields(E, s, s) while E->clean (!strict), whose answer is 1: a
 * compound statement compared with itself, as eq_expr does expressions.
 * Only its buffer definitions and uses change the maps past it (a use of
 * a buffer mapped nowhere maps it for good, and its data var with it), so
 * only they are made, in nodes.def's order, with the scopes of the
 * definitions; a var it defines maps to itself in its scope alone, which
 * no comparison of a node with itself can tell from no mapping. */
static void
touch_stmt_fields(Eq *E, const Stmt *a)
{
	switch (a->kind) {
#define FX(m) touch_bufs(E, a->u.m);
#define FXS(m, n)                        \
	for (int i = 0; i < a->u.n; i++)     \
		touch_bufs(E, a->u.m[i]);
#define FXD(m)                \
	if (!dict_empty(a->u.m))  \
		touch_bufs(E, a->u.m);
#define FXA(m) FXD(m)
#define FXL(m)                \
	if (!list_empty(a->u.m))  \
		touch_bufs(E, a->u.m);
#define FBU(m) use_buf(E, a->u.m, a->u.m);
#define FBD(m) def_buf(E, a->u.m, a->u.m, 1);
#define FBDS(m, n)                                \
	for (int i = 0; i < a->u.n; i++)              \
		def_buf(E, a->u.m[i], a->u.m[i], 1);
#define FB(m) touch_stmt(E, a->u.m);
#define FBS(m, n)                                 \
	for (int i = 0; i < a->u.n; i++)              \
		touch_stmt(E, a->u.m[i]);
#define STMT(kind, name, word, fields) case kind: { fields return; }
#include "nodes.def"
	}
}

/* eq_stmt(E, s, s) while E->clean (!strict): 1, with its effects. */
static void
touch_stmt(Eq *E, const Stmt *s)
{
	if (!s)
		return;
	if (s->kind == ST_EVAL) {
		touch_bufs(E, s->u.eval.value);
		return;
	}
	if (s->kind == ST_STORE) {
		use_buf(E, s->u.store.buf, s->u.store.buf);
		for (int i = 0; i < s->u.store.nidx; i++)
			touch_bufs(E, s->u.store.idx[i]);
		touch_bufs(E, s->u.store.value);
		return;
	}
	size_t mark = E->log.n;
	touch_stmt_fields(E, s);
	undo_to(&E->log, mark);
}

/* The definitions of a statement (its var, its buffers) are in scope in its
 * bodies only: undone when it closes. */
static int
eq_stmt(Eq *E, const Stmt *a, const Stmt *b)
{
	if (!a || !b)
		return a == b;
	if (E->strict && a == b)
		return 1;
	if (a->kind != b->kind)
		return 0;
	if (E->strict && (a->loc.line != b->loc.line || a->loc.col != b->loc.col))
		return 0;
	/* A leaf compared with itself, as eq_expr does its expressions (it
	 * defines nothing: nothing to undo), in nodes.def's field order. */
	if (a == b && E->clean && !E->strict) {
		touch_stmt(E, a);
		return 1;
	}
	size_t mark = E->log.n;
	int ok = eq_stmt_fields(E, a, b);
	undo_to(&E->log, mark);
	return ok;
}

static int
eq_func(Eq *E, const Func *a, const Func *b)
{
	if (!a || !b)
		return a == b;
	if (!same_str(a->name, b->name) || a->is_private != b->is_private || a->nparams != b->nparams ||
	    a->nfree != b->nfree || a->nenv != b->nenv || a->nmatches != b->nmatches ||
	    a->has_root_block != b->has_root_block || a->nroot_allocs != b->nroot_allocs)
		return 0;
	for (int i = 0; i < a->nparams; i++) {
		const Param *pa = &a->params[i], *pb = &b->params[i];
		if (!def_var(E, pa->var, pb->var, 0) || !def_buf(E, pa->buf, pb->buf, 0))
			return 0;
	}
	if (!eq_dict_opt(E, a->attrs, b->attrs))
		return 0;
	for (int i = 0; i < a->nfree; i++)
		if (!def_var(E, a->free_vars[i], b->free_vars[i], 0))
			return 0;
	for (int i = 0; i < a->nenv; i++)
		if (!def_var(E, a->env_threads[i], b->env_threads[i], 0))
			return 0;
	for (int i = 0; i < a->nmatches; i++)
		if (!def_buf(E, a->matches[i], b->matches[i], 0))
			return 0;
	for (int i = 0; i < a->nroot_allocs; i++)
		if (!def_buf(E, a->root_allocs[i], b->root_allocs[i], 0))
			return 0;
	return eq_stmt(E, a->body, b->body);
}

/* The maps and the undo log of the last comparison, emptied and kept for
 * the next one (eq_begin, eq_free): a comparison maps a few vars and
 * buffers, and allocating and freeing four maps was much of a short one.
 * A map grown past KEEP_EQ slots is freed instead of cleared. */
enum { KEEP_EQ = 4096 };
static _Thread_local Eq kept_eq;

/* E's maps and log from kept_eq (empty), its flags as given. */
static void
eq_begin(Eq *E)
{
	E->avar = kept_eq.avar, E->bvar = kept_eq.bvar;
	E->abuf = kept_eq.abuf, E->bbuf = kept_eq.bbuf;
	E->log = kept_eq.log;
	memset(&kept_eq, 0, sizeof kept_eq);
}

static void
map_clear(PtrMap *m)
{
	if (m->cap > KEEP_EQ) {
		pm_free(m);
	} else if (m->n) {
		memset(m->keys, 0, sizeof *m->keys * m->cap); /* empty slots: NULL keys */
		m->n = 0;
	}
}

static void
eq_free(Eq *E)
{
	map_clear(&E->avar);
	map_clear(&E->bvar);
	map_clear(&E->abuf);
	map_clear(&E->bbuf);
	if (E->log.cap > KEEP_EQ) {
		free(E->log.e);
		E->log = (UndoLog){NULL, 0, 0};
	}
	E->log.n = 0;
	kept_eq = *E;
}

int
ir_equal_func(const Func *a, const Func *b)
{
	Eq E = {.clean = 1};
	eq_begin(&E);
	int ok = eq_func(&E, a, b);
	eq_free(&E);
	return ok;
}

int
ir_identical_func(const Func *a, const Func *b)
{
	if (a == b)
		return 1;
	Eq E = {.strict = 1};
	eq_begin(&E);
	int ok = eq_func(&E, a, b);
	eq_free(&E);
	return ok;
}

int
ir_equal_stmt(const Stmt *a, const Stmt *b)
{
	Eq E = {.clean = 1};
	eq_begin(&E);
	int ok = eq_stmt(&E, a, b);
	eq_free(&E);
	return ok;
}

int
ir_equal_program(const Program *a, const Program *b)
{
	if (!a || !b)
		return a == b;
	if (a->nfuncs != b->nfuncs || a->is_module != b->is_module ||
	    (a->is_module && !same_str(a->module_name, b->module_name)))
		return 0;
	for (int i = 0; i < a->nfuncs; i++)
		if (!ir_equal_func(a->funcs[i], b->funcs[i]))
			return 0;
	return 1;
}

/* ---- hash ------------------------------------------------------------------------ */

typedef struct Hs {
	uint64_t h;
	PtrMap var, buf; /* -> definition number + 1 */
	intptr_t nvar, nbuf;
	UndoLog log;
} Hs;

/* Tags keep different node shapes from colliding. */
enum {
	H_NULL = 0x51, H_EXPR, H_STMT, H_DEFVAR, H_BOUNDVAR, H_FREEVAR, H_DEFBUF, H_BOUNDBUF,
	H_NODICT, H_NOLIST, H_FUNC, H_PROGRAM
};

static void
mix(Hs *H, uint64_t x)
{
	uint64_t h = (H->h ^ x) * 0x9e3779b97f4a7c15ULL;
	H->h = h ^ (h >> 31);
}

static void
mix_str(Hs *H, const char *s)
{
	if (!s) {
		mix(H, H_NULL);
		return;
	}
	uint64_t f = 0xcbf29ce484222325ULL;
	for (const unsigned char *c = (const unsigned char *)s; *c; c++)
		f = (f ^ *c) * 0x100000001b3ULL;
	mix(H, f);
}

static void h_expr(Hs *H, const Expr *e);
static void h_stmt(Hs *H, const Stmt *s);

static void
h_var_attrs(Hs *H, const Var *v)
{
	mix_str(H, v->dtype);
	mix_str(H, v->ptr_scope);
	mix(H, (uint64_t)v->flags);
}

static void
h_def_var(Hs *H, Var *v, int scoped)
{
	if (!v) {
		mix(H, H_NULL);
		return;
	}
	mix(H, H_DEFVAR);
	h_var_attrs(H, v);
	set_scoped(scoped ? &H->log : NULL, &H->var, v, (void *)++H->nvar);
}

static void
h_use_var(Hs *H, const Var *v)
{
	if (!v) {
		mix(H, H_NULL);
		return;
	}
	intptr_t n = (intptr_t)pm_get(&H->var, v);
	if (n) {
		mix(H, H_BOUNDVAR);
		mix(H, (uint64_t)n);
	} else {
		mix(H, H_FREEVAR);
		mix_str(H, v->name);
		h_var_attrs(H, v);
	}
}

static void
h_exprs(Hs *H, Expr *const *e, int n)
{
	mix(H, (uint64_t)n);
	for (int i = 0; i < n; i++)
		h_expr(H, e[i]);
}

static void
h_dict_opt(Hs *H, const Expr *e)
{
	if (dict_empty(e))
		mix(H, H_NODICT);
	else
		h_expr(H, e);
}

static void
h_list_opt(Hs *H, const Expr *e)
{
	if (list_empty(e))
		mix(H, H_NOLIST);
	else
		h_expr(H, e);
}

static void
h_def_buf(Hs *H, Buffer *b, int scoped)
{
	if (!b) {
		mix(H, H_NULL);
		return;
	}
	mix(H, H_DEFBUF);
	set_scoped(scoped ? &H->log : NULL, &H->buf, b, (void *)++H->nbuf);
	mix_str(H, b->dtype);
	h_exprs(H, b->shape, b->ndim);
	if (!b->data)
		mix(H, H_NULL);
	else if (b->data->owner == b)
		h_def_var(H, b->data, scoped);
	else
		h_use_var(H, b->data);
	h_expr(H, b->strides);
	h_expr(H, b->elem_offset);
	h_expr(H, b->align);
	h_expr(H, b->offset_factor);
	h_expr(H, b->buffer_type);
	h_expr(H, b->axis_separators);
	h_expr(H, b->match_source);
}

static void
h_use_buf(Hs *H, Buffer *b)
{
	if (!b) {
		mix(H, H_NULL);
		return;
	}
	intptr_t n = (intptr_t)pm_get(&H->buf, b);
	if (n) {
		mix(H, H_BOUNDBUF);
		mix(H, (uint64_t)n);
	} else {
		h_def_buf(H, b, 0);
	}
}

static void
h_launch_var(Hs *H, Var *v)
{
	if (v && (v->flags & VAR_ENV_THREAD))
		h_use_var(H, v);
	else
		h_def_var(H, v, 1);
}

/* The table's fields of node x, hashed in the table's order. */
#define FI(m) mix(H, (uint64_t)x->u.m);
#define FF(m)                                    \
	{                                            \
		uint64_t bits;                           \
		memcpy(&bits, &x->u.m, sizeof bits);     \
		mix(H, bits);                            \
	}
#define FS(m) mix_str(H, x->u.m);
#define FSS(m, n)                                \
	mix(H, (uint64_t)x->u.n);                    \
	for (int i = 0; i < x->u.n; i++)             \
		mix_str(H, x->u.m[i]);
#define FX(m) h_expr(H, x->u.m);
#define FXS(m, n) h_exprs(H, x->u.n ? x->u.m : NULL, x->u.n); /* no kwargs member without keywords */
#define FVU(m) h_use_var(H, x->u.m);
#define FBU(m) h_use_buf(H, x->u.m);
static void
h_expr(Hs *H, const Expr *x)
{
	if (!x) {
		mix(H, H_NULL);
		return;
	}
	mix(H, H_EXPR);
	mix(H, (uint64_t)x->kind);
	mix_str(H, ir_expr_dtype(x));
	if (x->kind == EX_INT || x->kind == EX_POD_BOOL) { /* the table's FI(i) */
		mix(H, (uint64_t)ir_int_value(x));
		return;
	}
	switch (x->kind) {
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
	}
}

static void
h_stmt(Hs *H, const Stmt *x)
{
	if (!x) {
		mix(H, H_NULL);
		return;
	}
	mix(H, H_STMT);
	mix(H, (uint64_t)x->kind);
	size_t mark = H->log.n;
	switch (x->kind) {
#define FI(m) mix(H, (uint64_t)x->u.m);
#define FS(m) mix_str(H, x->u.m);
#define FX(m) h_expr(H, x->u.m);
#define FXS(m, n) h_exprs(H, x->u.m, x->u.n);
#define FXD(m) h_dict_opt(H, x->u.m);
#define FXL(m) h_list_opt(H, x->u.m);
#define FXA(m) if (x->u.m && x->u.m->u.dict.n) h_expr(H, x->u.m);
#define FVD(m) h_def_var(H, x->u.m, 1);
#define FVL(m) h_launch_var(H, x->u.m);
#define FBU(m) h_use_buf(H, x->u.m);
#define FBD(m) h_def_buf(H, x->u.m, 1);
#define FBDS(m, n)                               \
	mix(H, (uint64_t)x->u.n);                    \
	for (int i = 0; i < x->u.n; i++)             \
		h_def_buf(H, x->u.m[i], 1);
#define FB(m) h_stmt(H, x->u.m);
#define FBS(m, n)                                \
	mix(H, (uint64_t)x->u.n);                    \
	for (int i = 0; i < x->u.n; i++)             \
		h_stmt(H, x->u.m[i]);
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	undo_to(&H->log, mark);
}

static void
h_func(Hs *H, const Func *f)
{
	if (!f) {
		mix(H, H_NULL);
		return;
	}
	mix(H, H_FUNC);
	mix_str(H, f->name);
	mix(H, (uint64_t)f->is_private);
	mix(H, (uint64_t)f->nparams);
	for (int i = 0; i < f->nparams; i++) {
		h_def_var(H, f->params[i].var, 0);
		h_def_buf(H, f->params[i].buf, 0);
	}
	h_dict_opt(H, f->attrs);
	mix(H, (uint64_t)f->nfree);
	for (int i = 0; i < f->nfree; i++)
		h_def_var(H, f->free_vars[i], 0);
	mix(H, (uint64_t)f->nenv);
	for (int i = 0; i < f->nenv; i++)
		h_def_var(H, f->env_threads[i], 0);
	mix(H, (uint64_t)f->nmatches);
	for (int i = 0; i < f->nmatches; i++)
		h_def_buf(H, f->matches[i], 0);
	mix(H, (uint64_t)f->has_root_block);
	mix(H, (uint64_t)f->nroot_allocs);
	for (int i = 0; i < f->nroot_allocs; i++)
		h_def_buf(H, f->root_allocs[i], 0);
	h_stmt(H, f->body);
}

static void
hs_free(Hs *H)
{
	pm_free(&H->var);
	pm_free(&H->buf);
	free(H->log.e);
}

uint64_t
ir_hash_func(const Func *f)
{
	Hs H = {.h = 0x6a09e667f3bcc908ULL};
	h_func(&H, f);
	hs_free(&H);
	return H.h;
}

uint64_t
ir_hash_stmt(const Stmt *s)
{
	Hs H = {.h = 0x6a09e667f3bcc908ULL};
	h_stmt(&H, s);
	hs_free(&H);
	return H.h;
}

uint64_t
ir_hash_program(const Program *p)
{
	Hs H = {.h = 0xbb67ae8584caa73bULL};
	if (!p)
		return H.h;
	mix(&H, H_PROGRAM);
	mix(&H, (uint64_t)p->nfuncs);
	mix(&H, (uint64_t)p->is_module);
	if (p->is_module)
		mix_str(&H, p->module_name);
	for (int i = 0; i < p->nfuncs; i++)
		mix(&H, ir_hash_func(p->funcs[i]));
	return H.h;
}
