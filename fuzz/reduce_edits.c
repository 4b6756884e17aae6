/* reduce_edits.c: the reducer's edits, one at a time.
 *
 * An edit is named by a pass and a site number: the sites of a pass are
 * numbered in preorder over the program, so "site k of pass P" is the same
 * place for the same program, and the reducer is deterministic.  An edit
 * rebuilds only the path from the function to the edited node (new nodes in
 * the given arena); everything else is shared with the input, which stays
 * valid.  Edits do not check that the result is well formed: the reducer
 * prints and reads every candidate back, which rejects a use of a name whose
 * definition an edit removed.
 */
#include <string.h>

#include "reduce.h"

typedef struct Ed {
	Arena *a;
	EditPass pass;
	int target; /* site to edit */
	int n;      /* sites numbered so far */
	int done;
} Ed;

static int
at_site(Ed *e)
{
	if (e->done)
		return 0;
	if (e->n++ == e->target) {
		e->done = 1;
		return 1;
	}
	return 0;
}

static int
is_noop(const Stmt *s)
{
	return s->kind == ST_EVAL && s->u.eval.value->kind == EX_INT && ir_int_value(s->u.eval.value) == 0;
}

static Stmt *
noop(Arena *a)
{
	return ir_eval(a, ir_int(a, 0, "int32"));
}

static int
int_dtype(const char *d)
{
	return d && (!strncmp(d, "int", 3) || !strncmp(d, "uint", 4));
}

static int
float_dtype(const char *d)
{
	return d && (!strncmp(d, "float", 5) || !strncmp(d, "bfloat", 6));
}

/* An integer-valued expression worth replacing by 0: not a literal, and
 * made of integer variables, integer loads and arithmetic. */
static int
int_valued(const Expr *x)
{
	switch (x->kind) {
	case EX_VAR:
		return !x->u.var->ptr_scope && !x->u.var->owner && int_dtype(x->u.var->dtype);
	case EX_LOAD:
		return int_dtype(x->u.load.buf->dtype);
	case EX_BIN:
		if (x->u.bin.op >= BIN_LT)
			return 0;
		return (x->u.bin.a->kind == EX_INT || int_valued(x->u.bin.a)) &&
		       (x->u.bin.b->kind == EX_INT || int_valued(x->u.bin.b));
	default:
		return 0;
	}
}

static Expr *
copy_expr(Arena *a, const Expr *x)
{
	return ir_copy_expr(a, x);
}

/* ED_EXPR sites inside x, preorder; slices are left alone (their bounds
 * fix a vector width the value must match). */
static Expr *
ed_expr(Ed *e, Expr *x)
{
	if (!x || e->done)
		return x;
	if (e->pass == ED_EXPR && int_valued(x) && at_site(e))
		return ir_int(e->a, 0, "int32");
	switch (x->kind) {
	case EX_BIN: {
		Expr *na = ed_expr(e, x->u.bin.a), *nb = ed_expr(e, x->u.bin.b);
		if (na == x->u.bin.a && nb == x->u.bin.b)
			return x;
		Expr *c = copy_expr(e->a, x);
		c->u.bin.a = na;
		c->u.bin.b = nb;
		return c;
	}
	case EX_NOT: {
		Expr *no = ed_expr(e, x->u.operand);
		if (no == x->u.operand)
			return x;
		Expr *c = copy_expr(e->a, x);
		c->u.operand = no;
		return c;
	}
	case EX_CALL:
	case EX_LOAD: {
		int n = x->kind == EX_CALL ? x->u.call.nargs : x->u.load.nidx;
		Expr **items = x->kind == EX_CALL ? x->u.call.args : x->u.load.idx;
		Expr **nitems = NULL;
		for (int i = 0; i < n && !e->done; i++) {
			if (items[i]->kind == EX_SLICE)
				continue;
			Expr *ni = ed_expr(e, items[i]);
			if (ni != items[i]) {
				nitems = ar_alloc(e->a, sizeof *nitems * (size_t)n);
				memcpy(nitems, items, sizeof *nitems * (size_t)n);
				nitems[i] = ni;
			}
		}
		if (!nitems)
			return x;
		Expr *c = copy_expr(e->a, x);
		if (x->kind == EX_CALL)
			c->u.call.args = nitems;
		else
			c->u.load.idx = nitems;
		return c;
	}
	default:
		return x;
	}
}

static Stmt *ed_stmt(Ed *e, Stmt *s);

/* A single body of a compound or of the function: ED_DELETE_1 may empty it. */
static Stmt *
ed_body(Ed *e, Stmt *b)
{
	if (!b || e->done)
		return b;
	if (b->kind != ST_SEQ && e->pass == ED_DELETE_1 && !is_noop(b) && at_site(e))
		return noop(e->a);
	return ed_stmt(e, b);
}

static int
chunk_of(EditPass p)
{
	switch (p) {
	case ED_DELETE_8: return 8;
	case ED_DELETE_4: return 4;
	case ED_DELETE_2: return 2;
	case ED_DELETE_1: return 1;
	default: return 0;
	}
}

static Stmt *
ed_seq(Ed *e, Stmt *s)
{
	int n = s->u.seq.n, k = chunk_of(e->pass);
	Stmt **items = s->u.seq.items;
	if (k && n >= k) {
		for (int start = 0; start + k <= n; start += k) {
			if (!at_site(e))
				continue;
			Stmt **rest = ar_alloc(e->a, sizeof *rest * (size_t)n);
			int m = 0;
			for (int i = 0; i < n; i++)
				if (i < start || i >= start + k)
					rest[m++] = items[i];
			return ir_seq(e->a, rest, m);
		}
	}
	Stmt **nitems = NULL;
	for (int i = 0; i < n && !e->done; i++) {
		Stmt *ni = ed_stmt(e, items[i]);
		if (ni != items[i]) {
			nitems = ar_alloc(e->a, sizeof *nitems * (size_t)n);
			memcpy(nitems, items, sizeof *nitems * (size_t)n);
			nitems[i] = ni;
		}
	}
	return nitems ? ir_seq(e->a, nitems, n) : s;
}

static int
is_true(const Expr *x)
{
	return x->kind == EX_INT && ir_int_value(x) == 1 && ir_expr_dtype(x) && !strcmp(ir_expr_dtype(x), "bool");
}

static Stmt *
ed_if(Ed *e, Stmt *s)
{
	Arena *a = e->a;
	Expr *cond = s->u.if_.cond;
	Stmt *then_ = s->u.if_.then_, *else_ = s->u.if_.else_;
	if (e->pass == ED_UNWRAP) {
		if (at_site(e))
			return then_;
		if (else_ && at_site(e))
			return else_;
		if (else_ && at_site(e))
			return ir_if(a, cond, then_, NULL);
	}
	if (e->pass == ED_HEADER && !is_true(cond) && at_site(e))
		return ir_if(a, ir_int(a, 1, "bool"), then_, else_);
	Expr *nc = ed_expr(e, cond);
	Stmt *nt = ed_body(e, then_);
	Stmt *ne = ed_body(e, else_);
	if (nc == cond && nt == then_ && ne == else_)
		return s;
	Stmt *c = ir_copy_stmt(a, s);
	c->u.if_.cond = nc;
	c->u.if_.then_ = nt;
	c->u.if_.else_ = ne;
	return c;
}

static Stmt *
ed_for(Ed *e, Stmt *s)
{
	Arena *a = e->a;
	Stmt *c;
	int64_t ext;
	if (e->pass == ED_UNWRAP && at_site(e))
		return s->u.for_.body;
	if (e->pass == ED_HEADER) {
		if (!(ir_is_const_int(s->u.for_.extent, &ext) && ext == 1) && at_site(e)) {
			c = ir_copy_stmt(a, s);
			c->u.for_.extent = ir_int(a, 1, "int32");
			return c;
		}
		if (s->u.for_.step && at_site(e)) {
			c = ir_copy_stmt(a, s);
			c->u.for_.step = NULL;
			return c;
		}
		if (s->u.for_.annotations && at_site(e)) {
			c = ir_copy_stmt(a, s);
			c->u.for_.annotations = NULL;
			return c;
		}
		if (s->u.for_.kind != FOR_SERIAL && at_site(e)) {
			c = ir_copy_stmt(a, s);
			c->u.for_.kind = FOR_SERIAL;
			c->u.for_.thread = NULL;
			return c;
		}
	}
	Expr *nmin = ed_expr(e, s->u.for_.min), *next = ed_expr(e, s->u.for_.extent);
	Stmt *nb = ed_body(e, s->u.for_.body);
	if (nmin == s->u.for_.min && next == s->u.for_.extent && nb == s->u.for_.body)
		return s;
	c = ir_copy_stmt(a, s);
	c->u.for_.min = nmin;
	c->u.for_.extent = next;
	c->u.for_.body = nb;
	return c;
}

static Stmt *
ed_store(Ed *e, Stmt *s)
{
	Arena *a = e->a;
	const Buffer *b = s->u.store.buf;
	Expr *v = s->u.store.value;
	int sliced = 0;
	for (int i = 0; i < s->u.store.nidx; i++)
		sliced |= s->u.store.idx[i]->kind == EX_SLICE;
	if (e->pass == ED_EXPR && !sliced && v->kind != EX_INT && v->kind != EX_FLOAT &&
	    (int_dtype(b->dtype) || float_dtype(b->dtype)) && at_site(e)) {
		Stmt *c = ir_copy_stmt(a, s);
		c->u.store.value =
			float_dtype(b->dtype) ? ir_float(a, 0.0, b->dtype) : ir_int(a, 0, b->dtype);
		return c;
	}
	Expr **nidx = NULL;
	for (int i = 0; i < s->u.store.nidx && !e->done; i++) {
		if (s->u.store.idx[i]->kind == EX_SLICE)
			continue;
		Expr *ni = ed_expr(e, s->u.store.idx[i]);
		if (ni != s->u.store.idx[i]) {
			nidx = ar_alloc(a, sizeof *nidx * (size_t)s->u.store.nidx);
			memcpy(nidx, s->u.store.idx, sizeof *nidx * (size_t)s->u.store.nidx);
			nidx[i] = ni;
		}
	}
	Expr *nv = ed_expr(e, v);
	if (!nidx && nv == v)
		return s;
	Stmt *c = ir_copy_stmt(a, s);
	if (nidx)
		c->u.store.idx = nidx;
	c->u.store.value = nv;
	return c;
}

/* The first shared buffer (declared, so it has a name to store to) that
 * expression x reaches through its data pointer, a load or a bare name. */
static Buffer *
shared_buffer_in(const Expr *x)
{
	if (!x)
		return NULL;
	Buffer *b = NULL;
	switch (x->kind) {
	case EX_VAR:
		b = x->u.var->owner;
		break;
	case EX_BUF:
		b = x->u.buf;
		break;
	case EX_LOAD:
		b = x->u.load.buf;
		break;
	default:
		break;
	}
	if (b && ir_scope_is_shared(ir_buffer_scope(b)) && strcmp(ir_buffer_scope(b), "shared.barrier") &&
	    (int_dtype(b->dtype) || float_dtype(b->dtype)))
		return b;
	const Expr *const *items = NULL;
	int n = 0;
	if (x->kind == EX_CALL)
		items = (const Expr *const *)x->u.call.args, n = x->u.call.nargs;
	else if (x->kind == EX_LOAD)
		items = (const Expr *const *)x->u.load.idx, n = x->u.load.nidx;
	else if (x->kind == EX_BIN) {
		Buffer *l = shared_buffer_in(x->u.bin.a);
		return l ? l : shared_buffer_in(x->u.bin.b);
	}
	for (int i = 0; i < n; i++)
		if ((b = shared_buffer_in(items[i])))
			return b;
	return NULL;
}

/* ED_CANON: a statement whose call reaches shared buffer b, as a plain
 * store to b (site 1) or a plain load of it (site 2). */
static Stmt *
canonical_access(Ed *e, Buffer *b)
{
	Arena *a = e->a;
	int n = b->ndim > 0 ? b->ndim : 1;
	Expr **idx = ar_alloc(a, sizeof *idx * (size_t)n);
	for (int i = 0; i < n; i++)
		idx[i] = ir_int(a, 0, "int32");
	if (at_site(e))
		return ir_store(a, b, idx, n,
		                float_dtype(b->dtype) ? ir_float(a, 0.0, b->dtype) : ir_int(a, 0, b->dtype));
	if (at_site(e))
		return ir_eval(a, ir_load(a, b, idx, n));
	return NULL;
}

static Stmt *
ed_stmt(Ed *e, Stmt *s)
{
	if (!s || e->done)
		return s;
	Arena *a = e->a;
	if (e->pass == ED_CANON && (s->kind == ST_EVAL || s->kind == ST_LET)) {
		Expr *v = s->kind == ST_EVAL ? s->u.eval.value : s->u.let.value;
		Buffer *b = v->kind == EX_CALL ? shared_buffer_in(v) : NULL;
		Stmt *c = b ? canonical_access(e, b) : NULL;
		if (c && s->kind == ST_LET) {
			Stmt *items[2] = {c, s->u.let.body};
			return ir_seq(a, items, 2);
		}
		if (c)
			return c;
	}
	switch (s->kind) {
	case ST_SEQ:
		return ed_seq(e, s);
	case ST_IF:
		return ed_if(e, s);
	case ST_FOR:
		return ed_for(e, s);
	case ST_STORE:
		return ed_store(e, s);
	case ST_EVAL: {
		Expr *nv = ed_expr(e, s->u.eval.value);
		return nv == s->u.eval.value ? s : ir_eval(a, nv);
	}
	default:
		break;
	}
	/* The single-body kinds. */
	if (e->pass == ED_UNWRAP && at_site(e))
		return ir_body(s);
	Stmt *c = NULL;
	if (e->pass == ED_HEADER) {
		if (s->kind == ST_ALLOC && (s->u.alloc.condition || s->u.alloc.annotations) &&
		    at_site(e)) {
			c = ir_copy_stmt(a, s);
			c->u.alloc.condition = NULL;
			c->u.alloc.annotations = NULL;
			return c;
		}
		if (s->kind == ST_BLOCK &&
		    (s->u.block.where || s->u.block.reads || s->u.block.writes || s->u.block.attrs) &&
		    at_site(e)) {
			c = ir_copy_stmt(a, s);
			c->u.block.where = NULL;
			c->u.block.reads = c->u.block.writes = NULL;
			c->u.block.attrs = NULL;
			return c;
		}
	}
	if (s->kind == ST_LET || s->kind == ST_WHILE || s->kind == ST_ATTR) {
		Expr **slot = s->kind == ST_LET     ? &s->u.let.value
		              : s->kind == ST_WHILE ? &s->u.while_.cond
		                                    : &s->u.attr.value;
		Expr *nx = ed_expr(e, *slot);
		if (nx != *slot) {
			c = ir_copy_stmt(a, s);
			*(s->kind == ST_LET     ? &c->u.let.value
			  : s->kind == ST_WHILE ? &c->u.while_.cond
			                        : &c->u.attr.value) = nx;
			return c;
		}
	}
	Stmt *body = ir_body(s);
	Stmt *nb = ed_body(e, body);
	return nb == body ? s : ir_with_body(a, s, nb);
}

/* ---- ED_MERGE: uses of one declared buffer renamed to another ------------ */

/* Every use is renamed: each child expression and body of the node table
 * (call keywords, loop steps and annotations, block predicates and
 * regions, assert messages, launch and allocate headers included) and each
 * buffer-use field, so that no use of the merged buffer is left behind to
 * keep its declaration alive.  The buffer's own declaration stays (a later
 * pass deletes it, now unused).  The order of the walk names no site: the
 * sites of this pass are the pairs of ed_merge. */

typedef struct Sub {
	Arena *a;
	const Buffer *from;
	Buffer *to;
} Sub;

/* Copies of x / s with child arrays of their own, so that a slot may be
 * rewritten without touching the input. */
static Expr *
own_expr(Arena *a, const Expr *x)
{
	Expr *n = copy_expr(a, x);
	switch (n->kind) {
	/* A call without keywords has no kwargs member (ir.h). */
#define FXS(m, c) if (n->u.c) n->u.m = (Expr **)ar_dup_array(a, (void *const *)n->u.m, n->u.c);
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
	}
	return n;
}

static Stmt *
own_stmt(Arena *a, const Stmt *s)
{
	Stmt *n = ir_copy_stmt(a, s);
	switch (n->kind) {
#define FXS(m, c) n->u.m = (Expr **)ar_dup_array(a, (void *const *)n->u.m, n->u.c);
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	return n;
}

/* The k-th slot (0-based) of an iterator just begun. */
static Expr **
kid_at(IrKids *k, int i)
{
	Expr **slot = ir_kids_next(k);
	while (i-- > 0)
		slot = ir_kids_next(k);
	return slot;
}

static Expr *sub_expr(Sub *u, Expr *x);

/* The child expressions of node (an expression or a statement, per `stmt`)
 * renamed into *copy, made by own_* on the first change. */
static void
sub_kids(Sub *u, IrKids *k, void **copy, const void *node, int stmt)
{
	int i = 0;
	for (Expr **slot; (slot = ir_kids_next(k)); i++) {
		Expr *r = sub_expr(u, *slot);
		if (r == *slot)
			continue;
		if (!*copy)
			*copy = stmt ? (void *)own_stmt(u->a, node) : (void *)own_expr(u->a, node);
		IrKids kc;
		if (stmt)
			ir_stmt_kids(&kc, *copy);
		else
			ir_expr_kids(&kc, *copy);
		*kid_at(&kc, i) = r;
	}
}

static Expr *
sub_expr(Sub *u, Expr *x)
{
	if (!x)
		return x;
	switch (x->kind) { /* the leaves naming the buffer get fresh nodes */
	case EX_VAR:
		if (x->u.var == u->from->data)
			return ir_varref(u->a, u->to->data);
		return x;
	case EX_BUF:
		return x->u.buf == u->from ? ir_bufref(u->a, u->to) : x;
	default:
		break;
	}
	void *c = NULL;
	IrKids k;
	ir_expr_kids(&k, x);
	sub_kids(u, &k, &c, x, 0);
	Expr *n = c ? c : x;
	switch (x->kind) { /* buffer-use fields: a load's buffer */
#define FBU(m) \
	if (x->u.m == u->from) { \
		if (!c) \
			n = c = copy_expr(u->a, x); \
		n->u.m = u->to; \
	}
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
	}
	return n;
}

static Stmt *sub_stmt(Sub *u, Stmt *s);

static Stmt *
sub_body(Stmt *body, void *ctx)
{
	return sub_stmt(ctx, body);
}

static Stmt *
sub_stmt(Sub *u, Stmt *s)
{
	if (!s)
		return s;
	void *c = NULL;
	IrKids k;
	ir_stmt_kids(&k, s);
	sub_kids(u, &k, &c, s, 1);
	Stmt *n = c ? c : s;
	switch (s->kind) {
	case ST_EVAL: /* a call statement renamed is a fresh node */
		return c ? ir_eval(u->a, n->u.eval.value) : s;
	default:
		break;
	}
	switch (s->kind) { /* buffer-use fields: a store's buffer */
#define FBU(m) \
	if (s->u.m == u->from) { \
		if (!c) \
			n = c = ir_copy_stmt(u->a, s); \
		n->u.m = u->to; \
	}
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	return ir_map_bodies(u->a, n, sub_body, u);
}

/* Buffers declared by ST_DECL nodes, in preorder. */
static void
collect_decls(const Stmt *s, Buffer **out, int *n, int cap)
{
	if (!s)
		return;
	if (s->kind == ST_SEQ) {
		for (int i = 0; i < s->u.seq.n; i++)
			collect_decls(s->u.seq.items[i], out, n, cap);
		return;
	}
	if (s->kind == ST_IF) {
		collect_decls(s->u.if_.then_, out, n, cap);
		collect_decls(s->u.if_.else_, out, n, cap);
		return;
	}
	if (s->kind == ST_DECL && *n < cap && s->u.decl.buf->data && s->u.decl.buf->data->owner == s->u.decl.buf)
		out[(*n)++] = s->u.decl.buf;
	collect_decls(ir_body(s), out, n, cap);
}

static int
same_str(const char *x, const char *y)
{
	return (!x && !y) || (x && y && !strcmp(x, y));
}

/* ED_MERGE sites of f: pairs (later buffer -> earlier buffer) of the same
 * scope and dtype, so that the later one's declaration becomes unused. */
static Func *
ed_merge(Ed *e, Func *f)
{
	enum { MAXB = 64 };
	Buffer *bufs[MAXB];
	int n = 0;
	collect_decls(f->body, bufs, &n, MAXB);
	for (int j = 1; j < n; j++)
		for (int i = 0; i < j; i++) {
			if (!same_str(ir_buffer_scope(bufs[i]), ir_buffer_scope(bufs[j])) ||
			    !same_str(bufs[i]->dtype, bufs[j]->dtype))
				continue;
			if (!at_site(e))
				continue;
			Sub u = {e->a, bufs[j], bufs[i]};
			Stmt *nb = sub_stmt(&u, f->body);
			return nb == f->body ? f : ir_func_with_body(e->a, f, nb);
		}
	return f;
}

/* A copy of the n items of `size` bytes at items, without item i. */
static void *
without(Arena *a, const void *items, int n, int i, size_t size)
{
	char *out = ar_alloc(a, size * (size_t)(n > 1 ? n - 1 : 1));
	const char *in = items;
	memcpy(out, in, size * (size_t)i);
	memcpy(out + size * (size_t)i, in + size * (size_t)(i + 1), size * (size_t)(n - i - 1));
	return out;
}

static int
is_target_key(const Expr *k)
{
	return k->kind == EX_STR && !strcmp(k->u.s, "target");
}

/* ED_FUNC sites of f: a parameter, a function attribute other than the
 * target, a free variable, an env thread, a root allocation dropped.
 * Returns the edited copy or f. */
static Func *
ed_func_header(Ed *e, Func *f)
{
	Arena *a = e->a;
	Func *c;
#define DROP_ONE(field, count)                                                       \
	for (int i = 0; i < f->count; i++)                                              \
		if (at_site(e)) {                                                           \
			c = ir_func_with_body(a, f, f->body);                                   \
			c->field = without(a, f->field, f->count, i, sizeof *f->field);         \
			c->count--;                                                             \
			return c;                                                               \
		}
	DROP_ONE(params, nparams)
	if (f->attrs && f->attrs->kind == EX_DICT) {
		int n = f->attrs->u.dict.n;
		for (int i = 0; i < n; i++)
			/* TileLang binds the target before this pass: a reduced
			 * program without one is not a program the pass meets. */
			if (!is_target_key(f->attrs->u.dict.keys[i]) && at_site(e)) {
				c = ir_func_with_body(a, f, f->body);
				c->attrs = n == 1 ? NULL
				                  : ir_dict(a, without(a, f->attrs->u.dict.keys, n, i, sizeof(Expr *)),
				                            without(a, f->attrs->u.dict.vals, n, i, sizeof(Expr *)),
				                            n - 1);
				return c;
			}
	}
	DROP_ONE(free_vars, nfree)
	DROP_ONE(env_threads, nenv)
	DROP_ONE(root_allocs, nroot_allocs)
#undef DROP_ONE
	return f;
}

Program *
fz_edit(Arena *a, const Program *p, EditPass pass, int site)
{
	Ed e = {.a = a, .pass = pass, .target = site};
	Program *q = ir_program(a);
	*q = *p;
	q->arena = a;
	q->funcs = ar_alloc(a, sizeof *q->funcs * (size_t)(p->nfuncs ? p->nfuncs : 1));
	int m = 0;
	for (int i = 0; i < p->nfuncs; i++) {
		Func *f = p->funcs[i];
		if (pass == ED_FUNC && p->nfuncs > 1 && at_site(&e))
			continue; /* the whole function dropped */
		if (pass == ED_FUNC)
			f = ed_func_header(&e, f);
		else if (pass == ED_MERGE)
			f = ed_merge(&e, f);
		else {
			Stmt *nb = ed_body(&e, f->body);
			if (nb != f->body)
				f = ir_func_with_body(a, f, nb);
		}
		q->funcs[m++] = f;
	}
	q->nfuncs = m;
	return e.done ? q : NULL;
}

const char *
fz_edit_name(EditPass pass)
{
	static const char *const names[ED_COUNT] = {
		"delete 8", "delete 4", "delete 2", "delete 1", "unwrap", "header", "expr", "merge", "canon", "func",
	};
	return pass < ED_COUNT ? names[pass] : "?";
}
