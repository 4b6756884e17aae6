/* ir_build.h: the node constructors of ir.c whose node size is a constant
 * of the kind, inline (ir.h includes this after the node types).
 *
 * Each takes the arena and the node's fields, and the size from offsetof
 * at compile time, so that a node is the arena's inline bump and a few
 * stores.  ir.c's constructors of these kinds are these; callers that
 * make many nodes (the generator) call them directly.
 *
 * Without the node guard (NDEBUG, IR_NODE_GUARD unset) a node takes its
 * kind's bytes of the arena's zeroed room (ar_alloc).  Not ar_alloc_uninit:
 * a reader's many nodes would use up the room between the two ends and
 * send every later one to the slow path.  With the guard every node takes
 * its full slot and the tail is marked and poisoned (ir_node_guarded,
 * ir.c), so that a read past the kind's fields is caught.
 */
#ifndef FENCEFUZZ_IR_BUILD_H
#define FENCEFUZZ_IR_BUILD_H

/* Bytes of a node: the header and the kind's union member (or the part of
 * it up to member m), rounded to the arena's 8-byte granule. */
#define IR_ROUND8(n) (((n) + 7) & ~(size_t)7)
#define IR_EXPR_UPTO(m) IR_ROUND8(offsetof(Expr, u.m))
#define IR_EXPR_WITH(m) IR_ROUND8(offsetof(Expr, u.m) + sizeof(((Expr *)0)->u.m))
#define IR_STMT_WITH(m) IR_ROUND8(offsetof(Stmt, u.m) + sizeof(((Stmt *)0)->u.m))

/* Always inline: a constructor that stays a call costs more than its
 * node's few stores. */
#if defined(__GNUC__)
#define IR_BUILD static inline __attribute__((always_inline))
#else
#define IR_BUILD static inline
#endif

#if !defined(NDEBUG) || defined(IR_NODE_GUARD)
#define IR_NODE_GUARDED 1
/* A node of size bytes in a slot of full bytes, the rest marked (ir.c). */
void *ir_node_guarded(Arena *a, size_t size, size_t full);
#endif

/* An expression node of kind k and size bytes, zero but for its kind. */
IR_BUILD Expr *
irb_expr(Arena *a, ExprKind k, size_t size)
{
#ifdef IR_NODE_GUARDED
	Expr *e = ir_node_guarded(a, size, sizeof *e);
#else
	Expr *e = ar_alloc(a, size);
#endif
	e->kind = k;
	return e;
}

/* A statement node of kind k and size bytes, zero but for its kind. */
IR_BUILD Stmt *
irb_stmt(Arena *a, StmtKind k, size_t size)
{
#ifdef IR_NODE_GUARDED
	Stmt *s = ir_node_guarded(a, size, sizeof *s);
#else
	Stmt *s = ar_alloc(a, size);
#endif
	s->kind = k;
	return s;
}

/* A literal of kind k, size bytes, whose dtype has the code dt (IR_DT_WIDE
 * included) and the name dtype (kept for IR_DT_OTHER only). */
IR_BUILD Expr *
irb_literal(Arena *a, ExprKind k, size_t size, int dt, const char *dtype)
{
	Expr *e = irb_expr(a, k, size);
	e->dt = (uint8_t)dt;
	if (dt == IR_DT_OTHER)
		e->u.other_dtype = dtype;
	return e;
}

/* irb_int's node in e, zeroed bytes of IR_EXPR_UPTO(i) that the caller
 * took (without the node guard only): v fits in 32 bits, code is not
 * IR_DT_OTHER. */
IR_BUILD Expr *
irb_int_in(Expr *e, int64_t v, int code)
{
	e->kind = EX_INT;
	e->dt = (uint8_t)code;
	e->u.i32 = (int32_t)v;
	return e;
}

/* ir_int_dt's common case inline: a dtype with a code and a value that
 * fits in 32 bits, the node stopping before u.i.  Any other literal is
 * ir_int_dt's, out of line. */
IR_BUILD Expr *
irb_int(Arena *a, int64_t v, int code, const char *dtype)
{
	if (code == IR_DT_OTHER || v != (int32_t)v)
		return ir_int_dt(a, v, code, dtype);
	return irb_int_in(irb_literal(a, EX_INT, IR_EXPR_UPTO(i), code, NULL), v, code);
}

/* ir_float_dt's common case inline: a dtype with a code (IR_DT_WIDE
 * set, the node stopping before other_dtype). */
IR_BUILD Expr *
irb_float(Arena *a, double v, int code, const char *dtype)
{
	if (code == IR_DT_OTHER)
		return ir_float_dt(a, v, code, dtype);
	Expr *e = irb_literal(a, EX_FLOAT, IR_EXPR_UPTO(other_dtype), code | IR_DT_WIDE, NULL);
	e->u.f = v;
	return e;
}

/* irb_str's node in e, zeroed bytes of IR_EXPR_WITH(s) that the caller
 * took (without the node guard only; irb_str fills its own node so). */
IR_BUILD Expr *
irb_str_in(Expr *e, const char *s)
{
	e->kind = EX_STR;
	e->u.s = s;
	return e;
}

IR_BUILD Expr *
irb_str(Arena *a, const char *s)
{
	return irb_str_in(irb_expr(a, EX_STR, IR_EXPR_WITH(s)), s);
}

/* irb_varref's and irb_bin's nodes in e, zeroed bytes of their size
 * (IR_EXPR_WITH(var), IR_EXPR_WITH(bin)) that the caller took (without
 * the node guard only). */
IR_BUILD Expr *
irb_varref_in(Expr *e, Var *v)
{
	e->kind = EX_VAR;
	e->u.var = v;
	return e;
}

IR_BUILD Expr *
irb_bin_in(Expr *e, BinOp op, Expr *x, Expr *y)
{
	e->kind = EX_BIN;
	e->u.bin.op = op;
	e->u.bin.a = x;
	e->u.bin.b = y;
	return e;
}

IR_BUILD Expr *
irb_varref(Arena *a, Var *v)
{
	return irb_varref_in(irb_expr(a, EX_VAR, IR_EXPR_WITH(var)), v);
}

IR_BUILD Expr *
irb_bin(Arena *a, BinOp op, Expr *x, Expr *y)
{
	return irb_bin_in(irb_expr(a, EX_BIN, IR_EXPR_WITH(bin)), op, x, y);
}

/* irb_call's node in e, zeroed bytes of IR_EXPR_UPTO(call.kwnames) that
 * the caller took (without the node guard only). */
IR_BUILD Expr *
irb_call_in(Expr *e, const char *name, Expr **args, int nargs)
{
	e->kind = EX_CALL;
	e->u.call.name = name;
	e->u.call.args = args;
	e->u.call.nargs = nargs;
	return e;
}

/* A call without keywords: the node stops before kwnames. */
IR_BUILD Expr *
irb_call(Arena *a, const char *name, Expr **args, int nargs)
{
	return irb_call_in(irb_expr(a, EX_CALL, IR_EXPR_UPTO(call.kwnames)), name, args, nargs);
}

/* irb_load's node in e, zeroed bytes of IR_EXPR_WITH(load) that the
 * caller took (without the node guard only). */
IR_BUILD Expr *
irb_load_in(Expr *e, Buffer *b, Expr **idx, int nidx)
{
	e->kind = EX_LOAD;
	e->u.load.buf = b;
	e->u.load.idx = idx;
	e->u.load.nidx = nidx;
	return e;
}

IR_BUILD Expr *
irb_load(Arena *a, Buffer *b, Expr **idx, int nidx)
{
	return irb_load_in(irb_expr(a, EX_LOAD, IR_EXPR_WITH(load)), b, idx, nidx);
}

/* irb_dict's node in e, zeroed bytes of IR_EXPR_WITH(dict) that the
 * caller took (without the node guard only). */
IR_BUILD Expr *
irb_dict_in(Expr *e, Expr **keys, Expr **vals, int n)
{
	e->kind = EX_DICT;
	e->u.dict.keys = keys;
	e->u.dict.vals = vals;
	e->u.dict.n = n;
	return e;
}

/* A dict of keys and vals as given: ir_dict sorts string keys first. */
IR_BUILD Expr *
irb_dict(Arena *a, Expr **keys, Expr **vals, int n)
{
	return irb_dict_in(irb_expr(a, EX_DICT, IR_EXPR_WITH(dict)), keys, vals, n);
}

/* ir_tuple's node (kind EX_LIST or EX_TUPLE) in e, zeroed bytes of
 * IR_EXPR_WITH(list) that the caller took (without the node guard only). */
IR_BUILD Expr *
irb_list_in(Expr *e, ExprKind kind, Expr **items, int n)
{
	e->kind = kind;
	e->u.list.items = items;
	e->u.list.n = n;
	return e;
}

/* irb_seq's node in s, zeroed bytes of IR_STMT_WITH(seq) that the caller
 * took (without the node guard only). */
IR_BUILD Stmt *
irb_seq_in(Stmt *s, Stmt **items, int n)
{
	s->kind = ST_SEQ;
	s->u.seq.items = items;
	s->u.seq.n = n;
	return s;
}

/* A sequence of items as given (no flattening, no-ops kept): ir_seq
 * normalizes first. */
IR_BUILD Stmt *
irb_seq(Arena *a, Stmt **items, int n)
{
	return irb_seq_in(irb_stmt(a, ST_SEQ, IR_STMT_WITH(seq)), items, n);
}

/* irb_eval's node in s, zeroed bytes of IR_STMT_WITH(eval) that the
 * caller took (without the node guard only). */
IR_BUILD Stmt *
irb_eval_in(Stmt *s, Expr *value)
{
	s->kind = ST_EVAL;
	s->u.eval.value = value;
	return s;
}

IR_BUILD Stmt *
irb_eval(Arena *a, Expr *value)
{
	return irb_eval_in(irb_stmt(a, ST_EVAL, IR_STMT_WITH(eval)), value);
}

/* irb_store's node in s, zeroed bytes of IR_STMT_WITH(store) that the
 * caller took (without the node guard only). */
IR_BUILD Stmt *
irb_store_in(Stmt *s, Buffer *b, Expr **idx, int nidx, Expr *value)
{
	s->kind = ST_STORE;
	s->u.store.buf = b;
	s->u.store.idx = idx;
	s->u.store.nidx = nidx;
	s->u.store.value = value;
	return s;
}

IR_BUILD Stmt *
irb_store(Arena *a, Buffer *b, Expr **idx, int nidx, Expr *value)
{
	return irb_store_in(irb_stmt(a, ST_STORE, IR_STMT_WITH(store)), b, idx, nidx, value);
}

/* irb_if's node in s, zeroed bytes of IR_STMT_WITH(if_) that the caller
 * took (without the node guard only). */
IR_BUILD Stmt *
irb_if_in(Stmt *s, Expr *cond, Stmt *then_, Stmt *else_)
{
	s->kind = ST_IF;
	s->u.if_.cond = cond;
	s->u.if_.then_ = then_;
	s->u.if_.else_ = else_;
	return s;
}

IR_BUILD Stmt *
irb_if(Arena *a, Expr *cond, Stmt *then_, Stmt *else_)
{
	return irb_if_in(irb_stmt(a, ST_IF, IR_STMT_WITH(if_)), cond, then_, else_);
}

/* irb_decl's node in s, zeroed bytes of IR_STMT_WITH(decl) that the
 * caller took (without the node guard only). */
IR_BUILD Stmt *
irb_decl_in(Stmt *s, Buffer *b, int allocates, Stmt *body)
{
	s->kind = ST_DECL;
	s->u.decl.buf = b;
	s->u.decl.allocates = allocates;
	s->u.decl.body = body;
	return s;
}

IR_BUILD Stmt *
irb_decl(Arena *a, Buffer *b, int allocates, Stmt *body)
{
	return irb_decl_in(irb_stmt(a, ST_DECL, IR_STMT_WITH(decl)), b, allocates, body);
}

/* irb_var in v, zeroed bytes of sizeof *v that the caller took (with
 * others, in one bump). */
IR_BUILD Var *
irb_var_in(Var *v, Func *f, const char *name, const char *dtype, const char *ptr_scope)
{
	v->name = name;
	v->dtype = dtype;
	v->ptr_scope = ptr_scope;
	v->id = f ? f->nvars++ : 0;
	return v;
}

/* A variable of f (its id f's next), or of no function (id 0). */
IR_BUILD Var *
irb_var(Arena *a, Func *f, const char *name, const char *dtype, const char *ptr_scope)
{
	return irb_var_in(ar_alloc(a, sizeof(Var)), f, name, dtype, ptr_scope);
}

/* irb_buffer in b, zeroed bytes of sizeof *b that the caller took. */
IR_BUILD Buffer *
irb_buffer_in(Buffer *b, Func *f, const char *name, const char *dtype, Expr **shape,
              int ndim, Var *data, BufKind kind)
{
	b->name = name;
	b->dtype = dtype;
	b->shape = shape;
	b->ndim = ndim;
	b->data = data;
	b->kind = kind;
	b->id = f ? f->nbufs++ : 0;
	return b;
}

/* A buffer of f (its id f's next), or of no function (id 0). */
IR_BUILD Buffer *
irb_buffer(Arena *a, Func *f, const char *name, const char *dtype, Expr **shape,
           int ndim, Var *data, BufKind kind)
{
	return irb_buffer_in(ar_alloc(a, sizeof(Buffer)), f, name, dtype, shape, ndim, data, kind);
}

#endif
