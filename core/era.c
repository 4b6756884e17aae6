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
	if (e->kind == EX_VAR) {
		const Var *v = e->u.var;
		if (v->owner)
			return cap_object(C, v, NULL, e->loc) || cap_buffer(C, v->owner, e->loc);
		return cap_object(C, v, v->name, e->loc);
	}
	Buffer *b = ir_expr_buf(e);
	if (b && cap_buffer(C, b, e->loc))
		return 1;
	IrKids k;
	ir_expr_kids(&k, e);
	for (Expr **c; (c = ir_kids_next(&k));)
		if (cap_expr(C, *c))
			return 1;
	return 0;
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
		if (s->kind == ST_DECL) {
			/* The declared buffer's shape and, unless it allocates, its data. */
			const Buffer *b = s->u.decl.buf;
			hit = cap_exprs(C, b->shape, b->ndim);
			if (!hit && !s->u.decl.allocates && b->data)
				hit = cap_object(C, b->data, b->data->owner ? NULL : b->data->name, s->loc);
		} else {
			Buffer *b = ir_stmt_buf(s);
			hit = b && cap_buffer(C, b, s->loc);
			IrKids k;
			ir_stmt_kids(&k, s);
			for (Expr **c; !hit && (c = ir_kids_next(&k));)
				hit = cap_expr(C, *c);
		}
		Var *v = ir_stmt_var(s);
		if (v && !(v->flags & VAR_ENV_THREAD))
			cap_bound(C, v);
		int nb;
		Buffer **bufs = ir_stmt_defbufs(s, &nb);
		for (int i = 0; i < nb; i++) {
			cap_bound(C, bufs[i]);
			if (s->kind != ST_DECL || s->u.decl.allocates)
				cap_bound(C, bufs[i]->data);
		}
		/* Bodies pushed right to left: the first is walked first. */
		IrBodies bd;
		ir_stmt_bodies(&bd, s);
		for (int g = bd.nseg - 1; g >= 0; g--)
			for (int i = bd.len[g] - 1; i >= 0; i--)
				PUSH(bd.seg[g][i]);
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
flat_body_fn(Stmt *body, void *ctx)
{
	return flat_body(ctx, body);
}

static Stmt *
flat_stmt(Flat *F, Stmt *s)
{
	if (s->kind == ST_SEQ)
		return flat_body(F, s);
	int is_let = s->kind == ST_LET && !pm_get(&F->let_bound, s->u.let.var);
	if (is_let)
		pm_put(&F->let_bound, s->u.let.var, (void *)1);
	Stmt *r = ir_map_bodies(F->a, s, flat_body_fn, F);
	if (is_let)
		pm_put(&F->let_bound, s->u.let.var, NULL);
	return r;
}

/* Statement nesting (sequences not counted), stopping past limit. */
static int
stmt_depth(const Stmt *s, int d, int limit)
{
	if (!s || d > limit)
		return d;
	int in = s->kind == ST_SEQ ? d : d + 1, m = in;
	IrBodies b;
	ir_stmt_bodies(&b, s);
	for (Stmt **c; m <= limit && (c = ir_bodies_next(&b));) {
		int x = stmt_depth(*c, in, limit);
		if (x > m)
			m = x;
	}
	return m;
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
			IrBodies bd;
			ir_stmt_bodies(&bd, s);
			for (int g = bd.nseg - 1; g >= 0; g--) {
				for (int i = bd.len[g] - 1; i >= 0; i--) {
					if (!bd.seg[g][i])
						continue;
					if (n == cap) {
						cap = cap ? cap * 2 : 64;
						stack = realloc(stack, sizeof *stack * (size_t)cap);
						if (!stack)
							abort();
					}
					stack[n++] = bd.seg[g][i];
				}
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
