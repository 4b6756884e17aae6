/* ir.c: constructors and small queries over the IR of ir.h. */
#include <stdlib.h>
#include <string.h>

#include "ir.h"

/* Bytes per kind: the header and the kind's union member, rounded to the
 * arena's 8-byte granule.  A call without keywords stops before kwnames;
 * an integer literal whose value fits in 32 bits before u.i. */
#define EXPR_UPTO(m) IR_EXPR_UPTO(m)
#define EXPR_WITH(m) IR_EXPR_WITH(m)
#define STMT_WITH(m) IR_STMT_WITH(m)

static const unsigned char expr_size[] = {
	[EX_INT] = EXPR_UPTO(i), /* IR_DT_WIDE, IR_DT_OTHER: kind_size */
	[EX_FLOAT] = EXPR_UPTO(other_dtype),
	[EX_STR] = EXPR_WITH(s),
	[EX_POD_BOOL] = EXPR_UPTO(i),
	[EX_NONE] = EXPR_UPTO(s),
	[EX_VAR] = EXPR_WITH(var),
	[EX_BUF] = EXPR_WITH(buf),
	[EX_BIN] = EXPR_WITH(bin),
	[EX_NOT] = EXPR_WITH(operand),
	[EX_CALL] = EXPR_UPTO(call.kwnames), /* keywords: ir_expr_size */
	[EX_LOAD] = EXPR_WITH(load),
	[EX_SLICE] = EXPR_WITH(slice),
	[EX_TUPLE] = EXPR_WITH(list),
	[EX_LIST] = EXPR_WITH(list),
	[EX_DICT] = EXPR_WITH(dict),
	[EX_METADATA] = EXPR_WITH(meta),
};

static const unsigned char stmt_size[] = {
	[ST_SEQ] = STMT_WITH(seq),
	[ST_EVAL] = STMT_WITH(eval),
	[ST_STORE] = STMT_WITH(store),
	[ST_FOR] = STMT_WITH(for_),
	[ST_WHILE] = STMT_WITH(while_),
	[ST_IF] = STMT_WITH(if_),
	[ST_LET] = STMT_WITH(let),
	[ST_ASSERT] = STMT_WITH(assert_),
	[ST_ATTR] = STMT_WITH(attr),
	[ST_LAUNCH] = STMT_WITH(launch),
	[ST_ALLOC] = STMT_WITH(alloc),
	[ST_DECL] = STMT_WITH(decl),
	[ST_BLOCK] = STMT_WITH(block),
};

/* Bytes of a node of kind k; a call with nkw keywords, a literal with the
 * dtype code dt. */
static size_t
kind_size(ExprKind k, int nkw, int dt)
{
	if (k == EX_CALL && nkw > 0)
		return sizeof(Expr);
	if ((k == EX_INT || k == EX_FLOAT) && dt == IR_DT_OTHER)
		return EXPR_WITH(other_dtype);
	if (k == EX_INT && (dt & IR_DT_WIDE))
		return EXPR_UPTO(other_dtype);
	return expr_size[k];
}

size_t
ir_expr_size(const Expr *e)
{
	return kind_size(e->kind, e->kind == EX_CALL ? e->u.call.nkw : 0, e->dt);
}

size_t
ir_stmt_size(StmtKind k)
{
	return stmt_size[k];
}

const char *const ir_dtype_names[IR_DT_NAMED] = {
	[IR_DT_NONE] = NULL,
	[IR_DT_INT32] = "int32",
	[IR_DT_INT64] = "int64",
	[IR_DT_BOOL] = "bool",
	[IR_DT_FLOAT32] = "float32",
	[IR_DT_FLOAT16] = "float16",
	[IR_DT_BFLOAT16] = "bfloat16",
	[IR_DT_FLOAT64] = "float64",
	[IR_DT_INT8] = "int8",
	[IR_DT_INT16] = "int16",
	[IR_DT_UINT8] = "uint8",
	[IR_DT_UINT16] = "uint16",
	[IR_DT_UINT32] = "uint32",
	[IR_DT_UINT64] = "uint64",
	[IR_DT_FLOAT8_E4M3FN] = "float8_e4m3fn",
	[IR_DT_FLOAT8_E5M2] = "float8_e5m2",
};

int
ir_dtype_code(const char *dtype)
{
	if (!dtype)
		return IR_DT_NONE;
	if (strcmp(dtype, "int32") == 0) /* the common one first */
		return IR_DT_INT32;
	for (int c = IR_DT_INT32 + 1; c < IR_DT_NAMED; c++)
		if (strcmp(dtype, ir_dtype_names[c]) == 0)
			return c;
	return IR_DT_OTHER;
}

/* A node of size bytes out of a slot of full bytes.  Release takes size
 * bytes.  Debug takes the full slot and marks the rest: a pattern that
 * makes any pointer read there fault when followed, and, under
 * AddressSanitizer, poison that reports the read itself (the arena
 * unpoisons its chunks before it frees them). */
#ifdef IR_NODE_GUARDED
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#else
#define POISON(p, n) ((void)(p), (void)(n))
#endif
void *
ir_node_guarded(Arena *a, size_t size, size_t full)
{
	unsigned char *p = ar_alloc(a, full);
	memset(p + size, 0xa5, full - size);
	POISON(p + size, full - size);
	return p;
}
#define node_alloc(a, size, full) ir_node_guarded(a, size, full)
#else
#define node_alloc(a, size, full) ar_alloc(a, size)
#endif

static Expr *
new_expr_kw(Arena *a, ExprKind k, int nkw, int dt)
{
	Expr *e = node_alloc(a, kind_size(k, nkw, dt), sizeof *e);
	e->kind = k;
	return e;
}

static Expr *
new_expr(Arena *a, ExprKind k)
{
	return new_expr_kw(a, k, 0, 0);
}

static Stmt *
new_stmt(Arena *a, StmtKind k)
{
	Stmt *s = node_alloc(a, stmt_size[k], sizeof *s);
	s->kind = k;
	return s;
}

Var *
ir_var(Arena *a, Func *f, const char *name, const char *dtype, const char *ptr_scope)
{
	return irb_var(a, f, name, dtype, ptr_scope);
}

Buffer *
ir_buffer(Arena *a, Func *f, const char *name, const char *dtype, Expr **shape,
          int ndim, Var *data, BufKind kind)
{
	return irb_buffer(a, f, name, dtype, shape, ndim, data, kind);
}

/* Every literal: the common case by irb_int and irb_float (ir_build.h),
 * the rest (a value wider than 32 bits, a dtype without a code) here,
 * where those two send it. */
Expr *
ir_int_dt(Arena *a, int64_t v, int code, const char *dtype)
{
	if (code != IR_DT_OTHER && v == (int32_t)v)
		return irb_int(a, v, code, dtype);
	Expr *e = code == IR_DT_OTHER ? irb_literal(a, EX_INT, EXPR_WITH(other_dtype), IR_DT_OTHER, dtype)
	                              : irb_literal(a, EX_INT, EXPR_UPTO(other_dtype), code | IR_DT_WIDE, NULL);
	e->u.i = v;
	return e;
}

Expr *
ir_float_dt(Arena *a, double v, int code, const char *dtype)
{
	if (code != IR_DT_OTHER)
		return irb_float(a, v, code, dtype);
	Expr *e = irb_literal(a, EX_FLOAT, EXPR_WITH(other_dtype), IR_DT_OTHER, dtype);
	e->u.f = v;
	return e;
}

Expr *
ir_int(Arena *a, int64_t v, const char *dtype)
{
	return dtype ? ir_int_dt(a, v, ir_dtype_code(dtype), dtype) : ir_int_dt(a, v, IR_DT_INT32, NULL);
}

Expr *
ir_float(Arena *a, double v, const char *dtype)
{
	return dtype ? ir_float_dt(a, v, ir_dtype_code(dtype), dtype) : ir_float_dt(a, v, IR_DT_FLOAT32, NULL);
}

Expr *
ir_str(Arena *a, const char *s)
{
	return irb_str(a, s);
}

Expr *
ir_pod_bool(Arena *a, int v)
{
	Expr *e = new_expr(a, EX_POD_BOOL);
	e->u.i32 = v != 0;
	return e;
}

Expr *
ir_none(Arena *a)
{
	return new_expr(a, EX_NONE);
}

Expr *
ir_varref(Arena *a, Var *v)
{
	return irb_varref(a, v);
}

Expr *
ir_bufref(Arena *a, Buffer *b)
{
	Expr *e = new_expr(a, EX_BUF);
	e->u.buf = b;
	return e;
}

Expr *
ir_bin(Arena *a, BinOp op, Expr *x, Expr *y)
{
	return irb_bin(a, op, x, y);
}

Expr *
ir_not(Arena *a, Expr *x)
{
	Expr *e = new_expr(a, EX_NOT);
	e->u.operand = x;
	return e;
}

Expr *
ir_call_kw(Arena *a, const char *name, Expr **args, int nargs,
           const char **kwnames, Expr **kwargs, int nkw)
{
	if (nkw == 0)
		return irb_call(a, name, args, nargs);
	Expr *e = new_expr_kw(a, EX_CALL, nkw, 0);
	e->u.call.name = name;
	e->u.call.args = args;
	e->u.call.nargs = nargs;
	e->u.call.nkw = nkw;
	e->u.call.kwnames = kwnames;
	e->u.call.kwargs = kwargs;
	return e;
}

Expr *
ir_call(Arena *a, const char *name, Expr **args, int nargs)
{
	return irb_call(a, name, args, nargs);
}

Expr *
ir_load(Arena *a, Buffer *b, Expr **idx, int nidx)
{
	return irb_load(a, b, idx, nidx);
}

Expr *
ir_slice(Arena *a, Expr *begin, Expr *end, Expr *step)
{
	Expr *e = new_expr(a, EX_SLICE);
	e->u.slice.begin = begin;
	e->u.slice.end = end;
	e->u.slice.step = step;
	return e;
}

Expr *
ir_tuple(Arena *a, ExprKind kind, Expr **items, int n)
{
	Expr *e = new_expr(a, kind);
	e->u.list.items = items;
	e->u.list.n = n;
	return e;
}

Expr *
ir_dict(Arena *a, Expr **keys, Expr **vals, int n)
{
	int all_str = 1;
	for (int i = 0; i < n; i++)
		all_str &= keys[i]->kind == EX_STR;
	/* TVM prints string-keyed dicts sorted by byte order; keep them sorted so
	 * that structural equality does not depend on the order written. */
	if (all_str) {
		for (int i = 1; i < n; i++) {
			Expr *k = keys[i], *v = vals[i];
			int j = i;
			while (j > 0 && strcmp(keys[j - 1]->u.s, k->u.s) > 0) {
				keys[j] = keys[j - 1];
				vals[j] = vals[j - 1];
				j--;
			}
			keys[j] = k;
			vals[j] = v;
		}
	}
	return irb_dict(a, keys, vals, n);
}

Expr *
ir_metadata(Arena *a, const char *key, int64_t index)
{
	Expr *e = new_expr(a, EX_METADATA);
	e->u.meta.key = key;
	e->u.meta.index = index;
	return e;
}

static int
is_noop_eval(const Stmt *s)
{
	return s->kind == ST_EVAL && s->u.eval.value->kind == EX_INT &&
	       ir_int_value(s->u.eval.value) == 0;
}

/* Items with no sequence among them (the usual case) take one pass over
 * the items, which are each another cache line on a big program. */
static Stmt *
seq_flatten(Arena *a, Stmt **items, int n)
{
	int total = 0;
	for (int i = 0; i < n; i++)
		total += items[i]->kind == ST_SEQ ? items[i]->u.seq.n : 1;
	Stmt **flat = ar_alloc(a, sizeof *flat * (size_t)(total > 0 ? total : 1));
	int k = 0;
	for (int i = 0; i < n; i++) {
		if (items[i]->kind == ST_SEQ)
			for (int j = 0; j < items[i]->u.seq.n; j++)
				flat[k++] = items[i]->u.seq.items[j];
		else
			flat[k++] = items[i];
	}
	if (k > 1) {
		int m = 0;
		for (int i = 0; i < k; i++)
			if (!is_noop_eval(flat[i]))
				flat[m++] = flat[i];
		k = m ? m : 1; /* all no-ops: keep one */
	}
	if (k == 0)
		return ir_eval(a, ir_int(a, 0, "int32"));
	if (k == 1)
		return flat[0];
	return irb_seq(a, flat, k);
}

Stmt *
ir_seq(Arena *a, Stmt **items, int n)
{
	if (n <= 0)
		return ir_eval(a, ir_int(a, 0, "int32"));
	Stmt **kept = ar_alloc(a, sizeof *kept * (size_t)n);
	int m = 0;
	for (int i = 0; i < n; i++) {
		if (items[i]->kind == ST_SEQ)
			return seq_flatten(a, items, n);
		/* As TVM's parser: T.evaluate(0) disappears from multi-statement bodies. */
		if (!is_noop_eval(items[i]))
			kept[m++] = items[i];
	}
	if (n == 1 || m == 0)
		return items[0]; /* all no-ops: keep one */
	if (m == 1)
		return kept[0];
	return irb_seq(a, kept, m);
}

Stmt *
ir_eval(Arena *a, Expr *value)
{
	return irb_eval(a, value);
}

Stmt *
ir_store(Arena *a, Buffer *b, Expr **idx, int nidx, Expr *value)
{
	return irb_store(a, b, idx, nidx, value);
}

Stmt *
ir_for(Arena *a, Var *v, Expr *min, Expr *extent, Expr *step, ForKind kind,
       const char *thread, Expr *annotations, Stmt *body)
{
	Stmt *s = new_stmt(a, ST_FOR);
	s->u.for_.var = v;
	s->u.for_.min = min;
	s->u.for_.extent = extent;
	s->u.for_.step = step;
	s->u.for_.kind = kind;
	s->u.for_.thread = thread;
	s->u.for_.annotations = annotations;
	s->u.for_.body = body;
	return s;
}

Stmt *
ir_while(Arena *a, Expr *cond, Stmt *body)
{
	Stmt *s = new_stmt(a, ST_WHILE);
	s->u.while_.cond = cond;
	s->u.while_.body = body;
	return s;
}

Stmt *
ir_if(Arena *a, Expr *cond, Stmt *then_, Stmt *else_)
{
	return irb_if(a, cond, then_, else_);
}

Stmt *
ir_let(Arena *a, Var *v, Expr *value, Stmt *body)
{
	Stmt *s = new_stmt(a, ST_LET);
	s->u.let.var = v;
	s->u.let.value = value;
	s->u.let.body = body;
	return s;
}

Stmt *
ir_assert(Arena *a, Expr *cond, Expr *msg, Stmt *body)
{
	Stmt *s = new_stmt(a, ST_ASSERT);
	s->u.assert_.cond = cond;
	s->u.assert_.msg = msg;
	s->u.assert_.body = body;
	return s;
}

Stmt *
ir_attr(Arena *a, Expr *node, const char *key, Expr *value, Stmt *body)
{
	Stmt *s = new_stmt(a, ST_ATTR);
	s->u.attr.node = node;
	s->u.attr.key = key;
	s->u.attr.value = value;
	s->u.attr.body = body;
	return s;
}

Stmt *
ir_launch(Arena *a, Var *v, const char *tag, Expr *extent, Stmt *body)
{
	Stmt *s = new_stmt(a, ST_LAUNCH);
	s->u.launch.var = v;
	s->u.launch.tag = tag;
	s->u.launch.extent = extent;
	s->u.launch.body = body;
	return s;
}

Stmt *
ir_alloc(Arena *a, Var *v, Expr **extents, int n, Expr *cond, Expr *ann, Stmt *body)
{
	Stmt *s = new_stmt(a, ST_ALLOC);
	s->u.alloc.var = v;
	s->u.alloc.extents = extents;
	s->u.alloc.nextents = n;
	s->u.alloc.condition = cond;
	s->u.alloc.annotations = ann;
	s->u.alloc.body = body;
	return s;
}

Stmt *
ir_decl(Arena *a, Buffer *b, int allocates, Stmt *body)
{
	return irb_decl(a, b, allocates, body);
}

Stmt *
ir_block(Arena *a, const char *name, Stmt *body)
{
	Stmt *s = new_stmt(a, ST_BLOCK);
	s->u.block.name = name;
	s->u.block.body = body;
	return s;
}

/* n bytes of a node (a multiple of 8, at most a full node) copied with
 * moves of a size known here: a copy of variable size is a call, or a
 * string move, that costs more than the node's few words. */
#define COPY_WORDS(k) \
	case k: \
		memcpy(dst, src, 8 * (k)); \
		break;
static inline void
copy_node(void *dst, const void *src, size_t n)
{
	_Static_assert(sizeof(Stmt) <= 80 && sizeof(Expr) <= 80, "copy_node's cases cover every node");
	switch (n / 8) {
	COPY_WORDS(1)
	COPY_WORDS(2)
	COPY_WORDS(3)
	COPY_WORDS(4)
	COPY_WORDS(5)
	COPY_WORDS(6)
	COPY_WORDS(7)
	COPY_WORDS(8)
	COPY_WORDS(9)
	COPY_WORDS(10)
	default:
		memcpy(dst, src, n);
	}
}
#undef COPY_WORDS

Stmt *
ir_copy_stmt(Arena *a, const Stmt *s)
{
	Stmt *c = new_stmt(a, s->kind);
	copy_node(c, s, stmt_size[s->kind]);
	return c;
}

Expr *
ir_copy_expr(Arena *a, const Expr *e)
{
	int nkw = e->kind == EX_CALL ? e->u.call.nkw : 0;
	Expr *c = new_expr_kw(a, e->kind, nkw, e->dt);
	copy_node(c, e, ir_expr_size(e));
	return c;
}

/* ir_body_offsets: per statement kind, its body fields summed up, each FB
 * as BODY_ONE plus its offset, an FBS as two BODY_ONE (an array is no
 * single body); a kind whose sum holds BODY_ONE once has one body, at the
 * offset the sum holds below it. */
enum { BODY_ONE = 1 << 8 };
#define BODY_OFFSET(sum) ((sum) / BODY_ONE == 1 ? (sum) % BODY_ONE : 0)

const unsigned char ir_body_offsets[] = {
#define FB(m) + BODY_ONE + offsetof(Stmt, u.m)
#define FBS(m, n) + 2 * BODY_ONE
#define STMT(kind, name, word, fields) [kind] = BODY_OFFSET(0 fields),
#include "nodes.def"
};
_Static_assert(sizeof(Stmt) < BODY_ONE, "a body offset fits in a byte");

Stmt *
ir_with_body(Arena *a, const Stmt *s, Stmt *body)
{
	if (!ir_body_offsets[s->kind])
		abort(); /* not a single-body node: caller bug */
	Stmt *c = ir_copy_stmt(a, s);
	*ir_body_slot(c) = body;
	return c;
}

Func *
ir_func(Arena *a, const char *name)
{
	Func *f = ar_alloc(a, sizeof *f);
	f->name = name;
	return f;
}

Func *
ir_func_with_body(Arena *a, const Func *f, Stmt *body)
{
	Func *c = ar_alloc(a, sizeof *c);
	*c = *f;
	c->body = body;
	return c;
}

Program *
ir_program(Arena *a)
{
	Program *p = ar_alloc(a, sizeof *p);
	p->arena = a;
	return p;
}

Program *
ir_program_map(const Program *p, Func *(*fn)(const Func *, void *), void *ctx)
{
	Program *q = ir_program(p->arena);
	*q = *p;
	q->funcs = ar_alloc(p->arena, sizeof *q->funcs * (size_t)(p->nfuncs ? p->nfuncs : 1));
	for (int i = 0; i < p->nfuncs; i++)
		q->funcs[i] = fn(p->funcs[i], ctx);
	return q;
}

int
ir_is_call(const Expr *e, const char *name)
{
	return e && e->kind == EX_CALL && strcmp(e->u.call.name, name) == 0;
}

int
ir_stmt_is_call(const Stmt *s, const char *name)
{
	return s && s->kind == ST_EVAL && ir_is_call(s->u.eval.value, name);
}

static const char *const binop_names[] = {
	[BIN_ADD] = "Add", [BIN_SUB] = "Sub", [BIN_MUL] = "Mul", [BIN_DIV] = "Div",
	[BIN_FLOORDIV] = "FloorDiv", [BIN_FLOORMOD] = "FloorMod",
	[BIN_LT] = "LT", [BIN_LE] = "LE", [BIN_EQ] = "EQ", [BIN_NE] = "NE",
	[BIN_GT] = "GT", [BIN_GE] = "GE", [BIN_AND] = "And", [BIN_OR] = "Or",
};

static const char *const binop_tokens[] = {
	[BIN_ADD] = "+", [BIN_SUB] = "-", [BIN_MUL] = "*", [BIN_DIV] = "/",
	[BIN_FLOORDIV] = "//", [BIN_FLOORMOD] = "%",
	[BIN_LT] = "<", [BIN_LE] = "<=", [BIN_EQ] = "==", [BIN_NE] = "!=",
	[BIN_GT] = ">", [BIN_GE] = ">=", [BIN_AND] = "and", [BIN_OR] = "or",
};

const char *
ir_binop_name(BinOp op)
{
	return binop_names[op];
}

const char *
ir_binop_token(BinOp op)
{
	return binop_tokens[op];
}

size_t
ir_count_stmts(const Stmt *s)
{
	if (!s)
		return 0;
	size_t n = s->kind != ST_SEQ;
	switch (s->kind) {
#define FB(m) n += ir_count_stmts(s->u.m);
#define FBS(m, c) \
	for (int i = 0; i < s->u.c; i++) \
		n += ir_count_stmts(s->u.m[i]);
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
	}
	return n;
}

static int
same_var_ptr(void *ctx, const Var *a, const Var *b)
{
	return a == b;
}

static int
same_buf_ptr(void *ctx, Buffer *a, Buffer *b)
{
	return a == b;
}

int
ir_expr_same(const Expr *a, const Expr *b)
{
	static const IrEqHooks by_pointer = {same_var_ptr, same_buf_ptr, NULL, 1, 0};
	return ir_expr_eq(a, b, &by_pointer);
}

/* range(start, stop) stores extent = stop - start, folded the way the printer
 * unfolds it (ir_loop_stop), so that read -> print -> read is a fixed point. */
Expr *
ir_loop_extent(Arena *a, Expr *start, Expr *stop)
{
	int64_t x, y;
	if (ir_is_const_int(start, &x) && x == 0)
		return stop;
	if (ir_is_const_int(start, &x) && ir_is_const_int(stop, &y) &&
	    strcmp(ir_expr_dtype(start), ir_expr_dtype(stop)) == 0)
		return ir_int_dt(a, y - x, ir_expr_dtype_code(stop), ir_expr_dtype(stop));
	if (stop->kind == EX_BIN && stop->u.bin.op == BIN_ADD && ir_expr_same(stop->u.bin.a, start))
		return stop->u.bin.b;
	return ir_bin(a, BIN_SUB, stop, start);
}

Expr *
ir_loop_stop(Arena *a, Expr *min, Expr *extent)
{
	int64_t x, y;
	if (ir_is_const_int(min, &x) && x == 0)
		return extent;
	if (ir_is_const_int(min, &x) && ir_is_const_int(extent, &y) &&
	    strcmp(ir_expr_dtype(min), ir_expr_dtype(extent)) == 0)
		return ir_int_dt(a, x + y, ir_expr_dtype_code(extent), ir_expr_dtype(extent));
	/* Only where ir_loop_extent would have built the Sub: two literals of one
	 * dtype are folded there, so `(8, 13 - 8)` must print as `8 + (13 - 8)`. */
	if (extent->kind == EX_BIN && extent->u.bin.op == BIN_SUB && ir_expr_same(extent->u.bin.b, min) &&
	    !(ir_is_const_int(min, NULL) && ir_is_const_int(extent->u.bin.a, NULL) &&
	      strcmp(ir_expr_dtype(min), ir_expr_dtype(extent->u.bin.a)) == 0))
		return extent->u.bin.a;
	return ir_bin(a, BIN_ADD, min, extent);
}
