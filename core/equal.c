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
	if (!a || !b)
		return a == b;
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
	if (!a || !b)
		return a == b;
	if (!var_attrs_equal(a, b))
		return 0;
	UndoLog *log = scoped ? &E->log : NULL;
	set_scoped(log, &E->avar, a, b);
	set_scoped(log, &E->bvar, b, a);
	return 1;
}

static int
use_var(Eq *E, const Var *a, const Var *b)
{
	if (!a || !b)
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
	if (!a || !b)
		return a == b;
	/* Mapped before its fields are compared, so that a (malformed) buffer
	 * whose fields mention itself cannot recurse forever. */
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
	if (!a || !b)
		return a == b;
	const Buffer *ma = pm_get(&E->abuf, a), *mb = pm_get(&E->bbuf, b);
	if (!ma && !mb)
		return def_buf(E, a, b, 0); /* an alias, or declared outside a fragment */
	return ma == b && mb == a;
}

static int
eq_expr(Eq *E, const Expr *a, const Expr *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind || !same_str(a->dtype, b->dtype))
		return 0;
	switch (a->kind) {
	case EX_INT:
	case EX_POD_BOOL:
		return a->u.i == b->u.i;
	case EX_FLOAT:
		return memcmp(&a->u.f, &b->u.f, sizeof a->u.f) == 0;
	case EX_STR:
		return same_str(a->u.s, b->u.s);
	case EX_NONE:
		return 1;
	case EX_VAR:
		return use_var(E, a->u.var, b->u.var);
	case EX_BUF:
		return use_buf(E, a->u.buf, b->u.buf);
	case EX_BIN:
		return a->u.bin.op == b->u.bin.op && eq_expr(E, a->u.bin.a, b->u.bin.a) &&
		       eq_expr(E, a->u.bin.b, b->u.bin.b);
	case EX_NOT:
		return eq_expr(E, a->u.operand, b->u.operand);
	case EX_CALL:
		if (!same_str(a->u.call.name, b->u.call.name) || a->u.call.nargs != b->u.call.nargs ||
		    a->u.call.nkw != b->u.call.nkw)
			return 0;
		for (int i = 0; i < a->u.call.nkw; i++)
			if (!same_str(a->u.call.kwnames[i], b->u.call.kwnames[i]))
				return 0;
		return eq_exprs(E, a->u.call.args, b->u.call.args, a->u.call.nargs) &&
		       eq_exprs(E, a->u.call.kwargs, b->u.call.kwargs, a->u.call.nkw);
	case EX_LOAD:
		return a->u.load.nidx == b->u.load.nidx && use_buf(E, a->u.load.buf, b->u.load.buf) &&
		       eq_exprs(E, a->u.load.idx, b->u.load.idx, a->u.load.nidx);
	case EX_SLICE:
		return eq_expr(E, a->u.slice.begin, b->u.slice.begin) &&
		       eq_expr(E, a->u.slice.end, b->u.slice.end) &&
		       eq_expr(E, a->u.slice.step, b->u.slice.step);
	case EX_TUPLE:
	case EX_LIST:
		return a->u.list.n == b->u.list.n && eq_exprs(E, a->u.list.items, b->u.list.items, a->u.list.n);
	case EX_DICT:
		return a->u.dict.n == b->u.dict.n && eq_exprs(E, a->u.dict.keys, b->u.dict.keys, a->u.dict.n) &&
		       eq_exprs(E, a->u.dict.vals, b->u.dict.vals, a->u.dict.n);
	case EX_METADATA:
		return same_str(a->u.meta.key, b->u.meta.key) && a->u.meta.index == b->u.meta.index;
	}
	return 0;
}

/* A scope's definitions are undone when it closes. */
static int
eq_scoped_body(Eq *E, size_t mark, const Stmt *a, const Stmt *b)
{
	int ok = eq_stmt(E, a, b);
	undo_to(&E->log, mark);
	return ok;
}

static int
eq_stmt(Eq *E, const Stmt *a, const Stmt *b)
{
	if (!a || !b)
		return a == b;
	if (a->kind != b->kind)
		return 0;
	size_t mark = E->log.n;
	switch (a->kind) {
	case ST_SEQ:
		if (a->u.seq.n != b->u.seq.n)
			return 0;
		for (int i = 0; i < a->u.seq.n; i++)
			if (!eq_stmt(E, a->u.seq.items[i], b->u.seq.items[i]))
				return 0;
		return 1;
	case ST_EVAL:
		return eq_expr(E, a->u.eval.value, b->u.eval.value);
	case ST_STORE:
		return a->u.store.nidx == b->u.store.nidx && use_buf(E, a->u.store.buf, b->u.store.buf) &&
		       eq_exprs(E, a->u.store.idx, b->u.store.idx, a->u.store.nidx) &&
		       eq_expr(E, a->u.store.value, b->u.store.value);
	case ST_FOR:
		if (a->u.for_.kind != b->u.for_.kind || !same_str(a->u.for_.thread, b->u.for_.thread) ||
		    !eq_expr(E, a->u.for_.min, b->u.for_.min) ||
		    !eq_expr(E, a->u.for_.extent, b->u.for_.extent) ||
		    !eq_expr(E, a->u.for_.step, b->u.for_.step) ||
		    !eq_dict_opt(E, a->u.for_.annotations, b->u.for_.annotations))
			return 0;
		if (!def_var(E, a->u.for_.var, b->u.for_.var, 1))
			return undo_to(&E->log, mark), 0;
		return eq_scoped_body(E, mark, a->u.for_.body, b->u.for_.body);
	case ST_WHILE:
		return eq_expr(E, a->u.while_.cond, b->u.while_.cond) &&
		       eq_stmt(E, a->u.while_.body, b->u.while_.body);
	case ST_IF:
		return eq_expr(E, a->u.if_.cond, b->u.if_.cond) &&
		       eq_stmt(E, a->u.if_.then_, b->u.if_.then_) &&
		       eq_stmt(E, a->u.if_.else_, b->u.if_.else_);
	case ST_LET:
		if (!eq_expr(E, a->u.let.value, b->u.let.value))
			return 0;
		if (!def_var(E, a->u.let.var, b->u.let.var, 1))
			return undo_to(&E->log, mark), 0;
		return eq_scoped_body(E, mark, a->u.let.body, b->u.let.body);
	case ST_ASSERT:
		return eq_expr(E, a->u.assert_.cond, b->u.assert_.cond) &&
		       eq_expr(E, a->u.assert_.msg, b->u.assert_.msg) &&
		       same_str(a->u.assert_.error_kind, b->u.assert_.error_kind) &&
		       eq_stmt(E, a->u.assert_.body, b->u.assert_.body);
	case ST_ATTR:
		return same_str(a->u.attr.key, b->u.attr.key) && eq_expr(E, a->u.attr.node, b->u.attr.node) &&
		       eq_expr(E, a->u.attr.value, b->u.attr.value) &&
		       eq_stmt(E, a->u.attr.body, b->u.attr.body);
	case ST_LAUNCH: {
		Var *va = a->u.launch.var, *vb = b->u.launch.var;
		if (!same_str(a->u.launch.tag, b->u.launch.tag) ||
		    !eq_expr(E, a->u.launch.extent, b->u.launch.extent))
			return 0;
		if (va && vb && (va->flags & VAR_ENV_THREAD)) {
			if (!use_var(E, va, vb))
				return 0;
		} else if (!def_var(E, va, vb, 1)) {
			return undo_to(&E->log, mark), 0;
		}
		return eq_scoped_body(E, mark, a->u.launch.body, b->u.launch.body);
	}
	case ST_ALLOC:
		if (a->u.alloc.nextents != b->u.alloc.nextents ||
		    !eq_exprs(E, a->u.alloc.extents, b->u.alloc.extents, a->u.alloc.nextents) ||
		    !eq_expr(E, a->u.alloc.condition, b->u.alloc.condition) ||
		    !eq_dict_opt(E, a->u.alloc.annotations, b->u.alloc.annotations))
			return 0;
		if (!def_var(E, a->u.alloc.var, b->u.alloc.var, 1))
			return undo_to(&E->log, mark), 0;
		return eq_scoped_body(E, mark, a->u.alloc.body, b->u.alloc.body);
	case ST_DECL:
		if (a->u.decl.allocates != b->u.decl.allocates ||
		    dict_empty(a->u.decl.annotations) != dict_empty(b->u.decl.annotations) ||
		    (!dict_empty(a->u.decl.annotations) &&
		     !eq_expr(E, a->u.decl.annotations, b->u.decl.annotations)))
			return 0;
		if (!def_buf(E, a->u.decl.buf, b->u.decl.buf, 1))
			return undo_to(&E->log, mark), 0;
		return eq_scoped_body(E, mark, a->u.decl.body, b->u.decl.body);
	case ST_BLOCK: {
		int ok = same_str(a->u.block.name, b->u.block.name) &&
		         a->u.block.nallocs == b->u.block.nallocs;
		for (int i = 0; ok && i < a->u.block.nallocs; i++)
			ok = def_buf(E, a->u.block.allocs[i], b->u.block.allocs[i], 1);
		ok = ok && eq_expr(E, a->u.block.where, b->u.block.where);
		if (ok && !(list_empty(a->u.block.reads) && list_empty(b->u.block.reads)))
			ok = eq_expr(E, a->u.block.reads, b->u.block.reads);
		if (ok && !(list_empty(a->u.block.writes) && list_empty(b->u.block.writes)))
			ok = eq_expr(E, a->u.block.writes, b->u.block.writes);
		ok = ok && eq_dict_opt(E, a->u.block.attrs, b->u.block.attrs);
		if (!ok)
			return undo_to(&E->log, mark), 0;
		return eq_scoped_body(E, mark, a->u.block.body, b->u.block.body);
	}
	}
	return 0;
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

static void
eq_free(Eq *E)
{
	pm_free(&E->avar);
	pm_free(&E->bvar);
	pm_free(&E->abuf);
	pm_free(&E->bbuf);
	free(E->log.e);
}

int
ir_equal_func(const Func *a, const Func *b)
{
	Eq E = {0};
	int ok = eq_func(&E, a, b);
	eq_free(&E);
	return ok;
}

int
ir_equal_stmt(const Stmt *a, const Stmt *b)
{
	Eq E = {0};
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
h_expr(Hs *H, const Expr *e)
{
	if (!e) {
		mix(H, H_NULL);
		return;
	}
	mix(H, H_EXPR);
	mix(H, (uint64_t)e->kind);
	mix_str(H, e->dtype);
	switch (e->kind) {
	case EX_INT:
	case EX_POD_BOOL:
		mix(H, (uint64_t)e->u.i);
		break;
	case EX_FLOAT: {
		uint64_t bits;
		memcpy(&bits, &e->u.f, sizeof bits);
		mix(H, bits);
		break;
	}
	case EX_STR:
		mix_str(H, e->u.s);
		break;
	case EX_NONE:
		break;
	case EX_VAR:
		h_use_var(H, e->u.var);
		break;
	case EX_BUF:
		h_use_buf(H, e->u.buf);
		break;
	case EX_BIN:
		mix(H, (uint64_t)e->u.bin.op);
		h_expr(H, e->u.bin.a);
		h_expr(H, e->u.bin.b);
		break;
	case EX_NOT:
		h_expr(H, e->u.operand);
		break;
	case EX_CALL:
		mix_str(H, e->u.call.name);
		mix(H, (uint64_t)e->u.call.nkw);
		for (int i = 0; i < e->u.call.nkw; i++)
			mix_str(H, e->u.call.kwnames[i]);
		h_exprs(H, e->u.call.args, e->u.call.nargs);
		h_exprs(H, e->u.call.kwargs, e->u.call.nkw);
		break;
	case EX_LOAD:
		mix(H, (uint64_t)e->u.load.nidx);
		h_use_buf(H, e->u.load.buf);
		h_exprs(H, e->u.load.idx, e->u.load.nidx);
		break;
	case EX_SLICE:
		h_expr(H, e->u.slice.begin);
		h_expr(H, e->u.slice.end);
		h_expr(H, e->u.slice.step);
		break;
	case EX_TUPLE:
	case EX_LIST:
		h_exprs(H, e->u.list.items, e->u.list.n);
		break;
	case EX_DICT:
		h_exprs(H, e->u.dict.keys, e->u.dict.n);
		h_exprs(H, e->u.dict.vals, e->u.dict.n);
		break;
	case EX_METADATA:
		mix_str(H, e->u.meta.key);
		mix(H, (uint64_t)e->u.meta.index);
		break;
	}
}

static void
h_scoped_body(Hs *H, size_t mark, const Stmt *s)
{
	h_stmt(H, s);
	undo_to(&H->log, mark);
}

static void
h_stmt(Hs *H, const Stmt *s)
{
	if (!s) {
		mix(H, H_NULL);
		return;
	}
	mix(H, H_STMT);
	mix(H, (uint64_t)s->kind);
	size_t mark = H->log.n;
	switch (s->kind) {
	case ST_SEQ:
		mix(H, (uint64_t)s->u.seq.n);
		for (int i = 0; i < s->u.seq.n; i++)
			h_stmt(H, s->u.seq.items[i]);
		break;
	case ST_EVAL:
		h_expr(H, s->u.eval.value);
		break;
	case ST_STORE:
		mix(H, (uint64_t)s->u.store.nidx);
		h_use_buf(H, s->u.store.buf);
		h_exprs(H, s->u.store.idx, s->u.store.nidx);
		h_expr(H, s->u.store.value);
		break;
	case ST_FOR:
		mix(H, (uint64_t)s->u.for_.kind);
		mix_str(H, s->u.for_.thread);
		h_expr(H, s->u.for_.min);
		h_expr(H, s->u.for_.extent);
		h_expr(H, s->u.for_.step);
		h_dict_opt(H, s->u.for_.annotations);
		h_def_var(H, s->u.for_.var, 1);
		h_scoped_body(H, mark, s->u.for_.body);
		break;
	case ST_WHILE:
		h_expr(H, s->u.while_.cond);
		h_stmt(H, s->u.while_.body);
		break;
	case ST_IF:
		h_expr(H, s->u.if_.cond);
		h_stmt(H, s->u.if_.then_);
		h_stmt(H, s->u.if_.else_);
		break;
	case ST_LET:
		h_expr(H, s->u.let.value);
		h_def_var(H, s->u.let.var, 1);
		h_scoped_body(H, mark, s->u.let.body);
		break;
	case ST_ASSERT:
		h_expr(H, s->u.assert_.cond);
		h_expr(H, s->u.assert_.msg);
		mix_str(H, s->u.assert_.error_kind);
		h_stmt(H, s->u.assert_.body);
		break;
	case ST_ATTR:
		mix_str(H, s->u.attr.key);
		h_expr(H, s->u.attr.node);
		h_expr(H, s->u.attr.value);
		h_stmt(H, s->u.attr.body);
		break;
	case ST_LAUNCH: {
		Var *v = s->u.launch.var;
		mix_str(H, s->u.launch.tag);
		h_expr(H, s->u.launch.extent);
		if (v && (v->flags & VAR_ENV_THREAD))
			h_use_var(H, v);
		else
			h_def_var(H, v, 1);
		h_scoped_body(H, mark, s->u.launch.body);
		break;
	}
	case ST_ALLOC:
		h_exprs(H, s->u.alloc.extents, s->u.alloc.nextents);
		h_expr(H, s->u.alloc.condition);
		h_dict_opt(H, s->u.alloc.annotations);
		h_def_var(H, s->u.alloc.var, 1);
		h_scoped_body(H, mark, s->u.alloc.body);
		break;
	case ST_DECL:
		mix(H, (uint64_t)s->u.decl.allocates);
		if (s->u.decl.annotations && s->u.decl.annotations->u.dict.n)
			h_expr(H, s->u.decl.annotations);
		h_def_buf(H, s->u.decl.buf, 1);
		h_scoped_body(H, mark, s->u.decl.body);
		break;
	case ST_BLOCK:
		mix_str(H, s->u.block.name);
		mix(H, (uint64_t)s->u.block.nallocs);
		for (int i = 0; i < s->u.block.nallocs; i++)
			h_def_buf(H, s->u.block.allocs[i], 1);
		h_expr(H, s->u.block.where);
		h_list_opt(H, s->u.block.reads);
		h_list_opt(H, s->u.block.writes);
		h_dict_opt(H, s->u.block.attrs);
		h_scoped_body(H, mark, s->u.block.body);
		break;
	}
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
