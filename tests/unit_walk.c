/* unit_walk: the node table's iterators (core/walk.c) and the one
 * expression equality (ir_expr_eq), on IR built with ir.c's constructors.
 *
 *     unit_walk      exit status 0 when every check passed
 */
#include <string.h>

#include "ir.h"
#include "check.h"

static Arena *A;

static int
nkids(IrKids *k)
{
	int n = 0;
	while (ir_kids_next(k))
		n++;
	return n;
}

static void
test_names(void)
{
	for (int k = ST_SEQ; k <= ST_BLOCK; k++) {
		CHECK(strcmp(ir_stmt_name((StmtKind)k), "?") != 0, "statement kind %d has no row", k);
		CHECK(ir_stmt_word((StmtKind)k)[0] != '\0', "statement kind %d has no word", k);
	}
	for (int k = EX_INT; k <= EX_METADATA; k++)
		CHECK(strcmp(ir_expr_name((ExprKind)k), "?") != 0, "expression kind %d has no row", k);
	CHECK(!strcmp(ir_stmt_name(ST_FOR), "For") && !strcmp(ir_stmt_word(ST_FOR), "for loop"),
	      "For's row");
	CHECK(!strcmp(ir_expr_name(EX_LOAD), "BufferLoad"), "BufferLoad's row");
}

static void
test_kids(void)
{
	Func *f = ir_func(A, "main");
	Var *i = ir_var(A, f, "i", "int32", NULL);
	Expr *ann = ir_dict(A, NULL, NULL, 0);
	Stmt *body = ir_eval(A, ir_call(A, "fence_proxy_async", NULL, 0));
	Stmt *loop = ir_for(A, i, ir_int(A, 0, "int32"), ir_int(A, 8, "int32"), ir_int(A, 2, "int32"),
	                    FOR_SERIAL, NULL, ann, body);
	IrKids k;
	ir_stmt_kids(&k, loop);
	Expr **s;
	s = ir_kids_next(&k);
	CHECK(s && *s == loop->u.for_.min, "first slot of a for is min");
	s = ir_kids_next(&k);
	CHECK(s && *s == loop->u.for_.extent, "second slot of a for is extent");
	s = ir_kids_next(&k);
	CHECK(s && *s == loop->u.for_.step, "third slot of a for is step");
	s = ir_kids_next(&k);
	CHECK(s && *s == ann, "fourth slot of a for is its annotations");
	CHECK(!ir_kids_next(&k), "a for has four expression slots");
	CHECK(ir_stmt_nbodies(loop) == 1 && ir_body(loop) == body, "a for has one body");
	CHECK(ir_stmt_var(loop) == i, "a for defines its var");

	/* Absent optional fields are slots too. */
	Stmt *plain = ir_for(A, i, ir_int(A, 0, "int32"), ir_int(A, 8, "int32"), NULL, FOR_SERIAL, NULL,
	                     NULL, body);
	ir_stmt_kids(&k, plain);
	CHECK(nkids(&k) == 4, "a for without step or annotations still has four slots");

	/* Call args then kwargs, rewritten in place on a copy. */
	Expr *args[2] = {ir_int(A, 1, "int32"), ir_varref(A, i)};
	const char *kwn[1] = {"k"};
	Expr *kwv[1] = {ir_str(A, "v")};
	Expr *call = ir_call_kw(A, "call_extern", args, 2, kwn, kwv, 1);
	ir_expr_kids(&k, call);
	CHECK(nkids(&k) == 3, "a call with 2 args and 1 kwarg has 3 children");
	Expr *copy = ir_copy_expr(A, call);
	copy->u.call.args = (Expr **)ar_dup_array(A, (void *const *)call->u.call.args, 2);
	ir_expr_kids(&k, copy);
	ir_kids_next(&k);
	*ir_kids_next(&k) = ir_int(A, 7, "int32");
	CHECK(copy->u.call.args[1]->kind == EX_INT && call->u.call.args[1]->kind == EX_VAR,
	      "a slot rewrites the copy, not the original");
	CHECK(ir_expr_count_calls(ir_not(A, call), "call_extern") == 1, "nested call counted");
	CHECK(ir_expr_depth(ir_not(A, ir_not(A, args[0]))) == 3, "depth of not(not(1))");

	/* Buffer fields. */
	Expr *shape[2] = {ir_int(A, 4, "int32"), ir_int(A, 4, "int32")};
	Buffer *b = ir_buffer(A, f, "B", "float16", shape, 2, NULL, BUF_PARAM);
	b->elem_offset = ir_int(A, 0, "int32");
	ir_buffer_kids(&k, b);
	CHECK(nkids(&k) == 9, "a 2-d buffer: 2 shape slots and 7 field slots");
	Expr *idx[2] = {ir_int(A, 0, "int32"), ir_varref(A, i)};
	Expr *load = ir_load(A, b, idx, 2);
	CHECK(ir_expr_buf(load) == b && ir_expr_buf(args[0]) == NULL, "the buffer of a load");
}

static Stmt *
keep(Stmt *s, void *ctx)
{
	return s;
}

static Stmt *
to_fence(Stmt *s, void *ctx)
{
	return s == ctx ? ir_eval(A, ir_call(A, "fence_proxy_async", NULL, 0)) : s;
}

static void
test_bodies(void)
{
	Stmt *a = ir_eval(A, ir_call(A, "tma_load", NULL, 0));
	Stmt *b = ir_eval(A, ir_call(A, "ptx_wgmma_ss", NULL, 0));
	Stmt *c = ir_eval(A, ir_call(A, "fence_proxy_async", NULL, 0));
	Stmt *items[2] = {a, b};
	Stmt *seq = ir_seq(A, items, 2);
	Stmt *iff = ir_if(A, ir_pod_bool(A, 1), seq, c);
	CHECK(ir_stmt_nbodies(iff) == 2 && !ir_body(iff), "an if has two bodies and no single one");
	CHECK(ir_stmt_nbodies(seq) == 2, "a seq's items are its bodies");
	CHECK(ir_count_stmts(iff) == 4, "if + 3 leaves, seqs not counted: %zu", ir_count_stmts(iff));
	CHECK(ir_count_call_stmts(iff, "fence_proxy_async") == 1, "one fence statement");
	CHECK(ir_map_bodies(A, iff, keep, NULL) == iff, "an unchanged map is the node itself");
	Stmt *r = ir_map_bodies(A, seq, to_fence, b);
	CHECK(r != seq && r->kind == ST_SEQ && r->u.seq.items[1]->kind == ST_EVAL &&
	          ir_count_call_stmts(r, "fence_proxy_async") == 1 && seq->u.seq.items[1] == b,
	      "a changed map copies, the input stays");
	Stmt *r2 = ir_map_bodies(A, iff, to_fence, c);
	CHECK(r2 != iff && r2->u.if_.then_ == seq && r2->u.if_.else_ != c && iff->u.if_.else_ == c,
	      "an if's else rewritten on a copy");
	Func *f = ir_func(A, "main");
	Var *v = ir_var(A, f, "x", "int32", NULL);
	Stmt *let = ir_let(A, v, ir_int(A, 1, "int32"), a);
	Stmt *let2 = ir_with_body(A, let, b);
	CHECK(ir_body(let2) == b && ir_body(let) == a && ir_stmt_var(let2) == v, "ir_with_body copies");
}

static int
by_name_var(void *ctx, const Var *a, const Var *b)
{
	return a == b || (a && b && !strcmp(a->name, b->name));
}

static int
by_name_buf(void *ctx, Buffer *a, Buffer *b)
{
	++*(int *)ctx;
	return a == b || (a && b && !strcmp(a->name, b->name));
}

static void
test_equality_hooks(void)
{
	Func *f = ir_func(A, "main");
	Expr *shape[1] = {ir_int(A, 4, "int32")};
	Buffer *b1 = ir_buffer(A, f, "S", "float16", shape, 1, NULL, BUF_PARAM);
	Buffer *b2 = ir_buffer(A, f, "S", "float16", shape, 1, NULL, BUF_PARAM);
	Var *x1 = ir_var(A, f, "x", "int32", NULL), *x2 = ir_var(A, f, "x", "int32", NULL);
	Expr *i1[1] = {ir_varref(A, x1)}, *i2[1] = {ir_varref(A, x2)};
	Expr *l1 = ir_load(A, b1, i1, 1), *l2 = ir_load(A, b2, i2, 1);
	CHECK(!ir_expr_same(l1, l2), "by pointer: other buffer and var");
	CHECK(ir_expr_same(l1, ir_load(A, b1, i1, 1)), "by pointer: same buffer and var");
	int nbuf = 0;
	IrEqHooks names = {by_name_var, by_name_buf, &nbuf, 1, 0};
	CHECK(ir_expr_eq(l1, l2, &names) && nbuf == 1, "by name: equal, the buffer hook asked once");
	CHECK(!ir_expr_eq(l1, ir_load(A, b1, i1, 0), &names), "index counts differ");
	Expr *d1 = ir_int(A, 3, "int32"), *d2 = ir_int(A, 3, "int32");
	for (int k = 0; k < 40; k++) {
		d1 = ir_not(A, d1);
		d2 = ir_not(A, d2);
	}
	CHECK(ir_expr_eq(d1, d2, &names), "deep equal trees");
	IrEqHooks shallow = names;
	shallow.max_depth = 10;
	CHECK(!ir_expr_eq(d1, d2, &shallow), "past max_depth: unequal");
	CHECK(ir_expr_eq(d1, d1, &shallow), "identical: equal without a look");
	CHECK(!ir_expr_same(ir_int(A, 3, "int32"), ir_int(A, 3, "int64")), "dtypes compared");
	const char *k1[1] = {"a"}, *k2[1] = {"b"};
	Expr *v[1] = {ir_int(A, 1, "int32")};
	CHECK(!ir_expr_same(ir_call_kw(A, "f", NULL, 0, k1, v, 1), ir_call_kw(A, "f", NULL, 0, k2, v, 1)),
	      "keyword names compared");
}

int
main(void)
{
	A = ar_new();
	test_names();
	test_kids();
	test_bodies();
	test_equality_hooks();
	ar_free(A);
	return check_summary();
}
