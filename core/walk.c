/* walk.c: children iterators and generic walks, expanded from the node
 * table (nodes.def).  Nothing here knows a node kind by name: a new field
 * is one change in the table. */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

static void
kid(IrKids *k, Expr **slot, int len, int arr)
{
	k->seg[k->nseg] = slot;
	k->len[k->nseg] = len;
	k->arr[k->nseg] = (unsigned char)arr;
	k->nseg++;
}

static void
body(IrBodies *b, Stmt **slot, int len, int arr)
{
	b->seg[b->nseg] = slot;
	b->len[b->nseg] = len;
	b->arr[b->nseg] = (unsigned char)arr;
	b->nseg++;
}

/* The table's child slots, on node n (an Expr or a Stmt: both keep their
 * fields in u).  The casts drop const: see ir.h on rewriting. */
#define FX(m) kid(k, (Expr **)&n->u.m, 1, 0);
#define FXD(m) FX(m)
#define FXL(m) FX(m)
#define FXA(m) FX(m)
/* An array member is read only when its length is not 0: a call without
 * keywords has no kwargs member (ir.h). */
#define FXS(m, c) kid(k, n->u.c ? (Expr **)n->u.m : NULL, n->u.c, 1);

void
ir_expr_kids(IrKids *k, const Expr *n)
{
	k->nseg = k->s = k->i = 0;
	if (!n)
		return;
	switch (n->kind) {
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
	}
}

#define FX(m) kid(k, (Expr **)&n->u.m, 1, 0);
#define FXD(m) FX(m)
#define FXL(m) FX(m)
#define FXA(m) FX(m)
#define FXS(m, c) kid(k, (Expr **)n->u.m, n->u.c, 1);

void
ir_stmt_kids(IrKids *k, const Stmt *n)
{
	k->nseg = k->s = k->i = 0;
	if (!n)
		return;
	switch (n->kind) {
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
}

void
ir_buffer_kids(IrKids *k, const Buffer *b)
{
	k->nseg = k->s = k->i = 0;
	if (!b)
		return;
	kid(k, b->shape, b->ndim, 1);
	kid(k, (Expr **)&b->strides, 1, 0);
	kid(k, (Expr **)&b->elem_offset, 1, 0);
	kid(k, (Expr **)&b->align, 1, 0);
	kid(k, (Expr **)&b->offset_factor, 1, 0);
	kid(k, (Expr **)&b->buffer_type, 1, 0);
	kid(k, (Expr **)&b->axis_separators, 1, 0);
	kid(k, (Expr **)&b->match_source, 1, 0);
}

Expr **
ir_kids_next(IrKids *k)
{
	while (k->s < k->nseg) {
		if (k->i < k->len[k->s])
			return &k->seg[k->s][k->i++];
		k->s++;
		k->i = 0;
	}
	return NULL;
}

#define FB(m) body(b, (Stmt **)&n->u.m, 1, 0);
#define FBS(m, c) body(b, (Stmt **)n->u.m, n->u.c, 1);

void
ir_stmt_bodies(IrBodies *b, const Stmt *n)
{
	b->nseg = b->s = b->i = 0;
	if (!n)
		return;
	switch (n->kind) {
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
}

Stmt **
ir_bodies_next(IrBodies *b)
{
	while (b->s < b->nseg) {
		if (b->i < b->len[b->s])
			return &b->seg[b->s][b->i++];
		b->s++;
		b->i = 0;
	}
	return NULL;
}

int
ir_stmt_nbodies(const Stmt *s)
{
	IrBodies b;
	ir_stmt_bodies(&b, s);
	int n = 0;
	for (int i = 0; i < b.nseg; i++)
		n += b.len[i];
	return n;
}

const char *
ir_stmt_name(StmtKind k)
{
	switch (k) {
#define STMT(kind, name, word, fields) case kind: return name;
#include "nodes.def"
	}
	return "?";
}

const char *
ir_stmt_word(StmtKind k)
{
	switch (k) {
#define STMT(kind, name, word, fields) case kind: return word;
#include "nodes.def"
	}
	return "statement";
}

const char *
ir_expr_name(ExprKind k)
{
	switch (k) {
#define EXPR(kind, name, fields) case kind: return name;
#include "nodes.def"
	}
	return "?";
}

Var *
ir_stmt_var(const Stmt *n)
{
	if (!n)
		return NULL;
	switch (n->kind) {
#define FVD(m) return n->u.m;
#define FVL(m) return n->u.m;
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	return NULL;
}

Buffer *
ir_stmt_buf(const Stmt *n)
{
	if (!n)
		return NULL;
	switch (n->kind) {
#define FBU(m) return n->u.m;
#define FBD(m) return n->u.m;
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	return NULL;
}

Buffer **
ir_stmt_defbufs(const Stmt *n, int *count)
{
	*count = 0;
	if (!n)
		return NULL;
	switch (n->kind) {
#define FBD(m) *count = 1; return (Buffer **)&n->u.m;
#define FBDS(m, c) *count = n->u.c; return n->u.m;
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	return NULL;
}

Buffer *
ir_expr_buf(const Expr *n)
{
	if (!n)
		return NULL;
	switch (n->kind) {
#define FBU(m) return n->u.m;
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
	}
	return NULL;
}

/* ---- preorder walks ---------------------------------------------------------- */

/* The walks visit the table's fields directly (no IrKids), in the order
 * ir_expr_kids / ir_stmt_kids / ir_stmt_bodies give them: they run over
 * whole programs (the models' op check, for one). */
int
ir_walk_expr(const Expr *e, IrExprFn fn, void *ctx)
{
	if (!e)
		return IR_WALK_GO;
	int r = fn(e, ctx);
	if (r == IR_WALK_SKIP)
		return IR_WALK_GO;
	if (r != IR_WALK_GO)
		return r;
	switch (e->kind) {
#define FX(m) if ((r = ir_walk_expr(e->u.m, fn, ctx)) != IR_WALK_GO) return r;
#define FXD(m) FX(m)
#define FXL(m) FX(m)
#define FXA(m) FX(m)
#define FXS(m, c)                                                             \
	for (int i_ = 0; i_ < e->u.c; i_++)                                   \
		if ((r = ir_walk_expr(e->u.m[i_], fn, ctx)) != IR_WALK_GO)    \
			return r;
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
	}
	return IR_WALK_GO;
}

int
ir_walk_stmt(const Stmt *s, IrStmtFn sfn, IrExprFn efn, void *ctx)
{
	if (!s)
		return IR_WALK_GO;
	int r = sfn ? sfn(s, ctx) : IR_WALK_GO;
	if (r == IR_WALK_SKIP)
		return IR_WALK_GO;
	if (r != IR_WALK_GO)
		return r;
	if (efn) {
		switch (s->kind) {
#define FX(m) if ((r = ir_walk_expr(s->u.m, efn, ctx)) != IR_WALK_GO) return r;
#define FXD(m) FX(m)
#define FXL(m) FX(m)
#define FXA(m) FX(m)
#define FXS(m, c)                                                             \
	for (int i_ = 0; i_ < s->u.c; i_++)                                   \
		if ((r = ir_walk_expr(s->u.m[i_], efn, ctx)) != IR_WALK_GO)   \
			return r;
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
		}
	}
	switch (s->kind) {
#define FB(m) if ((r = ir_walk_stmt(s->u.m, sfn, efn, ctx)) != IR_WALK_GO) return r;
#define FBS(m, c)                                                             \
	for (int i_ = 0; i_ < s->u.c; i_++)                                   \
		if ((r = ir_walk_stmt(s->u.m[i_], sfn, efn, ctx)) != IR_WALK_GO) \
			return r;
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	return IR_WALK_GO;
}

int
ir_expr_depth(const Expr *e)
{
	if (!e)
		return 0;
	int d = 0;
	IrKids k;
	ir_expr_kids(&k, e);
	for (Expr **c; (c = ir_kids_next(&k));) {
		int cd = ir_expr_depth(*c);
		if (cd > d)
			d = cd;
	}
	return d + 1;
}

int
ir_expr_count_calls(const Expr *e, const char *name)
{
	if (!e)
		return 0;
	int n = e->kind == EX_CALL && strcmp(e->u.call.name, name) == 0;
	IrKids k;
	ir_expr_kids(&k, e);
	for (Expr **c; (c = ir_kids_next(&k));)
		n += ir_expr_count_calls(*c, name);
	return n;
}

static int
count_call_stmt(const Stmt *s, void *ctx)
{
	struct { const char *name; long n; } *c = ctx;
	c->n += ir_stmt_is_call(s, c->name);
	return IR_WALK_GO;
}

long
ir_count_call_stmts(const Stmt *s, const char *name)
{
	struct { const char *name; long n; } c = {name, 0};
	ir_walk_stmt(s, count_call_stmt, NULL, &c);
	return c.n;
}

/* ---- copy-on-write rewriting of bodies ---------------------------------------- */

Stmt *
ir_map_bodies(Arena *a, const Stmt *s, Stmt *(*fn)(Stmt *body, void *ctx), void *ctx)
{
	if (!s)
		return NULL;
	IrBodies b;
	ir_stmt_bodies(&b, s);
	int n = ir_stmt_nbodies(s), changed = 0;
	Stmt *small[16];
	Stmt **nb = n <= 16 ? small : malloc(sizeof *nb * (size_t)n);
	if (!nb)
		abort();
	int i = 0;
	for (Stmt **c; (c = ir_bodies_next(&b)); i++) {
		nb[i] = fn(*c, ctx);
		changed |= nb[i] != *c;
	}
	Stmt *out = (Stmt *)s;
	if (changed && s->kind == ST_SEQ) {
		out = ir_seq(a, (Stmt **)ar_dup_array(a, (void *const *)nb, n), n);
	} else if (changed) {
		out = ir_copy_stmt(a, s);
		ir_stmt_bodies(&b, out);
		i = 0;
		for (Stmt **c; (c = ir_bodies_next(&b)); i++)
			*c = nb[i];
	}
	if (nb != small)
		free(nb);
	return out;
}
