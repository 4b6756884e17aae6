/* era.c: the two TVMScript eras (ir.h IrEra): names, the head shape of a
 * seed program, and which constructs have no spelling in an era.
 *
 * One IR holds programs of both eras.  Head's flat Bind, AllocBuffer,
 * DeclBuffer and AssertStmt lines take the rest of their block as body: the
 * seed scoping node whose body is that rest (docs/tvmscript-eras.md).  So a seed
 * program prints at head by taking the siblings that follow a scoping node
 * into its body (ir_era_flatten); reading that text back gives the flattened
 * IR, which prints to the same text.  The siblings then see the node's name,
 * so a sibling using another object of that name cannot be converted.
 *
 * Assumes a well-formed IR (ir_verify_program).  The flattened IR may nest
 * deeper than the input (a run of with-blocks becomes a chain); that depth
 * is measured, bounded, and reported.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ptrmap.h"

const char *
ir_era_name(IrEra era)
{
	return era == ERA_HEAD ? "head" : "seed";
}

int
ir_era_parse(const char *name, IrEra *out)
{
	if (!strcmp(name, "seed"))
		*out = ERA_SEED;
	else if (!strcmp(name, "head"))
		*out = ERA_HEAD;
	else
		return -1;
	return 0;
}

/* ---- capture: a sibling that would see the flat line's name -------------- */

typedef struct Capture {
	const char *name;   /* the flat line's name */
	const void *binder; /* its Var or Buffer */
	const Var *rebound; /* a re-bind: the Var whose value changes */
	PtrMap inner;       /* objects bound inside the siblings */
	PtrMap seen_alias;
	Loc hit;
	const char *what;
} Capture;

static int cap_expr(Capture *C, const Expr *e);

static int
cap_object(Capture *C, const void *o, const char *name, Loc at)
{
	if (o == C->binder || pm_get(&C->inner, o))
		return 0;
	if (C->rebound && o == C->rebound) {
		C->hit = at;
		C->what = "rebind";
		return 1;
	}
	if (C->name && name && !strcmp(name, C->name)) {
		C->hit = at;
		C->what = "name";
		return 1;
	}
	return 0;
}

static int
cap_buffer(Capture *C, const Buffer *b, Loc at)
{
	if (cap_object(C, b, b->name, at))
		return 1;
	if (b->kind == BUF_ALIAS && !pm_get(&C->seen_alias, b)) {
		pm_put(&C->seen_alias, b, (void *)1);
		if (b->data && cap_object(C, b->data, b->data->owner ? b->data->owner->name : b->data->name, at))
			return 1;
		for (int i = 0; i < b->ndim; i++)
			if (cap_expr(C, b->shape[i]))
				return 1;
	}
	return 0;
}

static int
cap_exprs(Capture *C, Expr *const *v, int n)
{
	for (int i = 0; i < n; i++)
		if (cap_expr(C, v[i]))
			return 1;
	return 0;
}

static int
cap_expr(Capture *C, const Expr *e)
{
	if (!e)
		return 0;
	switch (e->kind) {
	case EX_VAR: {
		const Var *v = e->u.var;
		if (v->owner)
			return cap_object(C, v, NULL, e->loc) || cap_buffer(C, v->owner, e->loc);
		return cap_object(C, v, v->name, e->loc);
	}
	case EX_BUF:
		return cap_buffer(C, e->u.buf, e->loc);
	case EX_LOAD:
		return cap_buffer(C, e->u.load.buf, e->loc) || cap_exprs(C, e->u.load.idx, e->u.load.nidx);
	case EX_BIN:
		return cap_expr(C, e->u.bin.a) || cap_expr(C, e->u.bin.b);
	case EX_NOT:
		return cap_expr(C, e->u.operand);
	case EX_CALL:
		return cap_exprs(C, e->u.call.args, e->u.call.nargs) ||
		       cap_exprs(C, e->u.call.kwargs, e->u.call.nkw);
	case EX_SLICE:
		return cap_expr(C, e->u.slice.begin) || cap_expr(C, e->u.slice.end) ||
		       cap_expr(C, e->u.slice.step);
	case EX_TUPLE:
	case EX_LIST:
		return cap_exprs(C, e->u.list.items, e->u.list.n);
	case EX_DICT:
		return cap_exprs(C, e->u.dict.keys, e->u.dict.n) || cap_exprs(C, e->u.dict.vals, e->u.dict.n);
	default:
		return 0;
	}
}

static void
cap_bound(Capture *C, const void *o)
{
	if (o)
		pm_put(&C->inner, o, (void *)1);
}

/* Statements are walked with an explicit stack: a flattened body can nest
 * deeper than anything recursion should follow. */
static int
cap_stmt(Capture *C, const Stmt *root)
{
	const Stmt **stack = NULL;
	int n = 0, cap = 0, hit = 0;
#define PUSH(x)                                                                          \
	do {                                                                                 \
		if (x) {                                                                         \
			if (n == cap) {                                                              \
				cap = cap ? cap * 2 : 64;                                                \
				stack = realloc(stack, sizeof *stack * (size_t)cap);                     \
				if (!stack)                                                              \
					abort();                                                             \
			}                                                                            \
			stack[n++] = (x);                                                            \
		}                                                                                \
	} while (0)
	PUSH(root);
	while (n && !hit) {
		const Stmt *s = stack[--n];
		switch (s->kind) {
		case ST_SEQ:
			for (int i = s->u.seq.n - 1; i >= 0; i--)
				PUSH(s->u.seq.items[i]);
			break;
		case ST_EVAL:
			hit = cap_expr(C, s->u.eval.value);
			break;
		case ST_STORE:
			hit = cap_buffer(C, s->u.store.buf, s->loc) || cap_exprs(C, s->u.store.idx, s->u.store.nidx) ||
			      cap_expr(C, s->u.store.value);
			break;
		case ST_FOR:
			hit = cap_expr(C, s->u.for_.min) || cap_expr(C, s->u.for_.extent) ||
			      cap_expr(C, s->u.for_.step) || cap_expr(C, s->u.for_.annotations);
			cap_bound(C, s->u.for_.var);
			PUSH(s->u.for_.body);
			break;
		case ST_WHILE:
			hit = cap_expr(C, s->u.while_.cond);
			PUSH(s->u.while_.body);
			break;
		case ST_IF:
			hit = cap_expr(C, s->u.if_.cond);
			PUSH(s->u.if_.else_);
			PUSH(s->u.if_.then_);
			break;
		case ST_LET:
			hit = cap_expr(C, s->u.let.value);
			cap_bound(C, s->u.let.var);
			PUSH(s->u.let.body);
			break;
		case ST_ASSERT:
			hit = cap_expr(C, s->u.assert_.cond) || cap_expr(C, s->u.assert_.msg);
			PUSH(s->u.assert_.body);
			break;
		case ST_ATTR:
			hit = cap_expr(C, s->u.attr.node) || cap_expr(C, s->u.attr.value);
			PUSH(s->u.attr.body);
			break;
		case ST_LAUNCH:
			hit = cap_expr(C, s->u.launch.extent);
			if (!(s->u.launch.var->flags & VAR_ENV_THREAD))
				cap_bound(C, s->u.launch.var);
			PUSH(s->u.launch.body);
			break;
		case ST_ALLOC:
			hit = cap_exprs(C, s->u.alloc.extents, s->u.alloc.nextents) ||
			      cap_expr(C, s->u.alloc.condition) || cap_expr(C, s->u.alloc.annotations);
			cap_bound(C, s->u.alloc.var);
			PUSH(s->u.alloc.body);
			break;
		case ST_DECL: {
			const Buffer *b = s->u.decl.buf;
			hit = cap_exprs(C, b->shape, b->ndim);
			if (!hit && !s->u.decl.allocates && b->data)
				hit = cap_object(C, b->data, b->data->owner ? NULL : b->data->name, s->loc);
			cap_bound(C, b);
			if (s->u.decl.allocates)
				cap_bound(C, b->data);
			PUSH(s->u.decl.body);
			break;
		}
		case ST_BLOCK:
			hit = cap_expr(C, s->u.block.where) || cap_expr(C, s->u.block.reads) ||
			      cap_expr(C, s->u.block.writes) || cap_expr(C, s->u.block.attrs);
			for (int i = 0; i < s->u.block.nallocs; i++) {
				cap_bound(C, s->u.block.allocs[i]);
				cap_bound(C, s->u.block.allocs[i]->data);
			}
			PUSH(s->u.block.body);
			break;
		}
	}
#undef PUSH
	free(stack);
	return hit;
}

/* ---- flattening ----------------------------------------------------------- */

typedef struct Flat {
	Arena *a;
	Diag *d;       /* NULL: flatten without checking */
	int failed;    /* *d is filled */
	PtrMap let_bound; /* Var -> 1 while a let of it encloses the walk */
} Flat;

static void
flat_fail(Flat *F, Loc at, const char *fmt, ...)
{
	if (!F->d || F->failed)
		return;
	F->failed = 1;
	F->d->line = at.line;
	F->d->col = at.col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(F->d->msg, sizeof F->d->msg, fmt, ap);
	va_end(ap);
}

static int
is_flat_kind(const Stmt *s)
{
	return s->kind == ST_LET || s->kind == ST_ASSERT || s->kind == ST_ALLOC || s->kind == ST_DECL;
}

/* The statements b ends with, then tail: a flat node at b's end takes tail
 * into its own body, down the chain.  Iterative: the chain may be long. */
static Stmt *
append_tail(Arena *a, Stmt *b, Stmt **tail, int ntail)
{
	Stmt **path = NULL;
	int n = 0, cap = 0;
	Stmt *cur = b;
	Stmt *leaf;
	for (;;) {
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			path = realloc(path, sizeof *path * (size_t)cap);
			if (!path)
				abort();
		}
		if (cur && cur->kind == ST_SEQ && is_flat_kind(cur->u.seq.items[cur->u.seq.n - 1])) {
			path[n++] = cur;
			cur = cur->u.seq.items[cur->u.seq.n - 1];
			continue;
		}
		if (cur && is_flat_kind(cur)) {
			path[n++] = cur;
			cur = ir_body(cur);
			continue;
		}
		break;
	}
	/* cur is the innermost body: it gets the tail after it. */
	Stmt **v = ar_alloc(a, sizeof *v * (size_t)(ntail + 1));
	int k = 0;
	if (cur)
		v[k++] = cur;
	for (int i = 0; i < ntail; i++)
		v[k++] = tail[i];
	leaf = ir_seq(a, v, k);
	for (int i = n - 1; i >= 0; i--) {
		Stmt *s = path[i];
		if (s->kind == ST_SEQ) {
			Stmt **items = ar_alloc(a, sizeof *items * (size_t)s->u.seq.n);
			memcpy(items, s->u.seq.items, sizeof *items * (size_t)(s->u.seq.n - 1));
			items[s->u.seq.n - 1] = leaf;
			leaf = ir_seq(a, items, s->u.seq.n);
		} else {
			leaf = ir_with_body(a, s, leaf);
		}
	}
	free(path);
	return leaf;
}

static void
check_capture(Flat *F, const Stmt *binder, Stmt *const *sib, int nsib)
{
	if (!F->d || F->failed)
		return;
	Capture C = {0};
	const char *kind = "";
	switch (binder->kind) {
	case ST_LET:
		C.binder = binder->u.let.var;
		C.name = binder->u.let.var->name;
		kind = "variable";
		if (pm_get(&F->let_bound, binder->u.let.var)) {
			C.binder = NULL;
			C.rebound = binder->u.let.var;
			C.name = NULL;
		}
		break;
	case ST_ALLOC:
		C.binder = binder->u.alloc.var;
		C.name = binder->u.alloc.var->name;
		kind = "allocation";
		break;
	case ST_DECL:
		C.binder = binder->u.decl.buf;
		C.name = binder->u.decl.buf->name;
		kind = "buffer";
		break;
	default:
		return;
	}
	const char *name = binder->kind == ST_LET     ? binder->u.let.var->name
	                   : binder->kind == ST_ALLOC ? binder->u.alloc.var->name
	                                              : binder->u.decl.buf->name;
	for (int i = 0; i < nsib; i++) {
		if (!cap_stmt(&C, sib[i]))
			continue;
		if (C.rebound)
			flat_fail(F, C.hit,
			          "cannot be converted to head-era text: at head the re-binding of '%s' at %d:%d is "
			          "one line scoped to the end of its block, so it would reach this use of '%s'",
			          name, binder->loc.line, binder->loc.col, name);
		else
			flat_fail(F, C.hit,
			          "cannot be converted to head-era text: at head the %s '%s' of %d:%d is one line "
			          "scoped to the end of its block, and this later '%s' names another object",
			          kind, name, binder->loc.line, binder->loc.col, name);
		break;
	}
	pm_free(&C.inner);
	pm_free(&C.seen_alias);
}

static Stmt *flat_stmt(Flat *F, Stmt *s);

static Stmt *
flat_body(Flat *F, Stmt *s)
{
	if (!s)
		return NULL;
	if (s->kind != ST_SEQ)
		return flat_stmt(F, s);
	int n = s->u.seq.n;
	Stmt **items = ar_alloc(F->a, sizeof *items * (size_t)n);
	int changed = 0;
	for (int i = 0; i < n; i++) {
		items[i] = flat_stmt(F, s->u.seq.items[i]);
		changed |= items[i] != s->u.seq.items[i];
	}
	/* From the end, as the reader folds a suite: each flat node not at the
	 * end takes what follows it. */
	int end = n;
	for (int i = n - 2; i >= 0; i--) {
		if (!is_flat_kind(items[i]))
			continue;
		check_capture(F, items[i], items + i + 1, end - i - 1);
		Stmt *body = ir_body(items[i]);
		items[i] = ir_with_body(F->a, items[i], append_tail(F->a, body, items + i + 1, end - i - 1));
		end = i + 1;
		changed = 1;
	}
	if (!changed)
		return s;
	return ir_seq(F->a, items, end);
}

static Stmt *
flat_stmt(Flat *F, Stmt *s)
{
	switch (s->kind) {
	case ST_SEQ:
		return flat_body(F, s);
	case ST_IF: {
		Stmt *t = flat_body(F, s->u.if_.then_);
		Stmt *e = flat_body(F, s->u.if_.else_);
		if (t == s->u.if_.then_ && e == s->u.if_.else_)
			return s;
		Stmt *c = ir_copy_stmt(F->a, s);
		c->u.if_.then_ = t;
		c->u.if_.else_ = e;
		return c;
	}
	case ST_EVAL:
	case ST_STORE:
		return s;
	default: {
		Stmt *body = ir_body(s);
		int is_let = s->kind == ST_LET && !pm_get(&F->let_bound, s->u.let.var);
		if (is_let)
			pm_put(&F->let_bound, s->u.let.var, (void *)1);
		Stmt *nb = flat_body(F, body);
		if (is_let)
			pm_put(&F->let_bound, s->u.let.var, NULL);
		return nb == body ? s : ir_with_body(F->a, s, nb);
	}
	}
}

/* Statement nesting (sequences not counted), stopping past limit. */
static int
stmt_depth(const Stmt *s, int d, int limit)
{
	if (!s || d > limit)
		return d;
	switch (s->kind) {
	case ST_SEQ: {
		int m = d;
		for (int i = 0; i < s->u.seq.n && m <= limit; i++) {
			int x = stmt_depth(s->u.seq.items[i], d, limit);
			if (x > m)
				m = x;
		}
		return m;
	}
	case ST_IF: {
		int x = stmt_depth(s->u.if_.then_, d + 1, limit);
		int y = stmt_depth(s->u.if_.else_, d + 1, limit);
		return x > y ? x : y;
	}
	case ST_EVAL:
	case ST_STORE:
		return d + 1;
	default:
		return stmt_depth(ir_body(s), d + 1, limit);
	}
}

/* Statement nesting the printer and the reader leave room for: the rest of
 * IR_MAX_DEPTH is for the expressions inside. */
enum { FLAT_MAX_DEPTH = IR_MAX_DEPTH / 2 };

Stmt *
ir_era_flatten(Arena *a, Stmt *s)
{
	Flat F = {.a = a};
	Stmt *r = flat_body(&F, s);
	pm_free(&F.let_bound);
	if (r != s && stmt_depth(r, 0, FLAT_MAX_DEPTH) > FLAT_MAX_DEPTH)
		return NULL;
	return r;
}

/* ---- what an era cannot say ----------------------------------------------- */

typedef struct Check {
	IrEra era;
	Diag *d;
	int failed;
} Check;

static void
check_fail(Check *K, Loc at, const char *fmt, ...)
{
	if (K->failed)
		return;
	K->failed = 1;
	K->d->line = at.line;
	K->d->col = at.col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(K->d->msg, sizeof K->d->msg, fmt, ap);
	va_end(ap);
}

static void
check_stmts(Check *K, const Stmt *root)
{
	const Stmt **stack = NULL;
	int n = 0, cap = 0;
	const Stmt *s = root;
	for (;;) {
		if (s && !K->failed) {
			switch (s->kind) {
			case ST_ASSERT:
				if (K->era == ERA_SEED && s->u.assert_.error_kind)
					check_fail(K, s->loc,
					           "cannot be converted to seed-era text: an assert of kind \"%.60s\" "
					           "(a seed assert is always a RuntimeError)",
					           s->u.assert_.error_kind);
				else if (K->era == ERA_SEED && s->u.assert_.msg->kind == EX_LIST)
					check_fail(K, s->loc,
					           "cannot be converted to seed-era text: an assert message of %d parts "
					           "(a seed assert has one message)",
					           s->u.assert_.msg->u.list.n);
				break;
			case ST_ALLOC:
				if (K->era == ERA_HEAD && s->u.alloc.condition)
					check_fail(K, s->loc,
					           "cannot be converted to head-era text: T.allocate with a condition "
					           "(head's T.alloc_buffer has none)");
				break;
			case ST_DECL: {
				const Buffer *b = s->u.decl.buf;
				if (K->era == ERA_SEED && s->u.decl.allocates && s->u.decl.annotations &&
				    s->u.decl.annotations->u.dict.n)
					check_fail(K, s->loc,
					           "cannot be converted to seed-era text: T.alloc_buffer with annotations= "
					           "(seed's T.decl_buffer takes none)");
				else if (K->era == ERA_HEAD && s->u.decl.allocates &&
				         (b->strides || b->elem_offset || b->align || b->offset_factor ||
				          b->buffer_type || b->axis_separators))
					check_fail(K, s->loc,
					           "cannot be converted to head-era text: the allocated buffer '%s' has "
					           "strides, elem_offset, align, offset_factor, buffer_type or "
					           "axis_separators, which head's T.alloc_buffer does not keep",
					           b->name);
				break;
			}
			default:
				break;
			}
		}
		if (K->failed)
			break;
		/* Next statement: children pushed right to left. */
		if (s) {
			const Stmt *kids[2] = {NULL, NULL};
			int nk = 0;
			if (s->kind == ST_SEQ) {
				for (int i = s->u.seq.n - 1; i >= 0; i--) {
					if (n == cap) {
						cap = cap ? cap * 2 : 64;
						stack = realloc(stack, sizeof *stack * (size_t)cap);
						if (!stack)
							abort();
					}
					stack[n++] = s->u.seq.items[i];
				}
			} else if (s->kind == ST_IF) {
				kids[nk++] = s->u.if_.else_;
				kids[nk++] = s->u.if_.then_;
			} else if (s->kind != ST_EVAL && s->kind != ST_STORE) {
				kids[nk++] = ir_body(s);
			}
			for (int i = 0; i < nk; i++) {
				if (!kids[i])
					continue;
				if (n == cap) {
					cap = cap ? cap * 2 : 64;
					stack = realloc(stack, sizeof *stack * (size_t)cap);
					if (!stack)
						abort();
				}
				stack[n++] = kids[i];
			}
		}
		if (!n)
			break;
		s = stack[--n];
	}
	free(stack);
}

int
ir_era_check(const Program *p, IrEra era, Diag *d)
{
	Check K = {.era = era, .d = d};
	for (int i = 0; i < p->nfuncs && !K.failed; i++) {
		const Func *f = p->funcs[i];
		check_stmts(&K, f->body);
		if (K.failed || era != ERA_HEAD || p->era == ERA_HEAD)
			continue;
		/* The head shape of a seed body: flat lines take their siblings. */
		Arena *a = ar_new();
		Flat F = {.a = a, .d = d};
		Stmt *r = flat_body(&F, f->body);
		pm_free(&F.let_bound);
		if (F.failed) {
			K.failed = 1;
		} else if (r != f->body && stmt_depth(r, 0, FLAT_MAX_DEPTH) > FLAT_MAX_DEPTH) {
			Loc at = f->body ? f->body->loc : (Loc){1, 1};
			check_fail(&K, at,
			           "cannot be converted to head-era text: with its flat lines taking the rest "
			           "of their blocks, function '%s' nests more than %d statements deep",
			           f->name ? f->name : "main", FLAT_MAX_DEPTH);
		}
		ar_free(a);
	}
	return K.failed;
}
