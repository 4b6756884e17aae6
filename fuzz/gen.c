/* gen.c: builds TileLang-shaped programs at InjectFenceProxy's stage from a
 * stream of decisions (gen.h).
 *
 * Shape: T.func_attr with a target, blockIdx/threadIdx launches, shared,
 * shared.dyn, local, descriptor and shared.barrier buffers (decl_buffer, or
 * T.allocate plus T.Buffer aliases), a barrier-init prelude, then a body of
 * about `size` statements: leaves (stores, TMA, MMA, copies, externs,
 * fences, barrier ops) and compounds (loops, ifs, guards, while, blocks,
 * the warp-specialized producer/consumer split), at most MAX_DEPTH deep.
 * Let, attr and assert are binders: their body is the rest of the
 * sequence, as TileLang prints them flat.
 *
 * Assumes nothing of the decider: a decider that answers 0 forever gives a
 * small plain program (shared stores in a launch), so byte inputs of any
 * length are programs.  Bounded: every loop emits at least one statement
 * per iteration and stops at the budget.
 *
 * Draws are sequenced: C leaves the order of a call's arguments (and of an
 * initializer's items) unspecified, so no call here has two arguments that
 * draw; the later ones are drawn into locals first, in the order GCC on
 * x86-64 evaluated them when the stored seeds and corpora were made (last
 * argument first).  The same seed or byte input is then the same program
 * from any compiler (tests/gen_compiler.sh checks a clang build against
 * a GCC one).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "vocab.h"

enum { MAX_DEPTH = 6, MAX_LOOPS = 8, LEAF_DRAWS = 64, OPEN_ROOM = 256, NCOMP_ROOM = 8 };

typedef enum { R_ANY, R_PRODUCER, R_CONSUMER } Role;

/* The bases of the names fresh() makes, each counted on its own. */
typedef enum { N_I, N_KO, N_OLD, N_B, NBASES } NameBase;

/* Each base in 4 bytes (NUL-padded), and its length. */
static const char name_bases[NBASES][4] = {[N_I] = "i", [N_KO] = "ko", [N_OLD] = "old", [N_B] = "b"};
static const unsigned char name_len[NBASES] = {[N_I] = 1, [N_KO] = 2, [N_OLD] = 3, [N_B] = 1};

typedef struct G {
	Arena *a;
	Func *f;
	Decider d;              /* the caller's, copied in and back: its state one load from g */
	unsigned feat, used;
	unsigned versions;      /* every op emitted is in one of these (VV_*) */
	unsigned call_versions; /* the versions that have every op called so far */
	int budget;             /* statements left to emit */
	int depth;              /* enclosing compound statements */
	int ws_done;
	Var *tx, *bx, *n;
	Var *Adesc, *Bdesc, *Cdesc, *Aglob;
	Var *dyn;               /* buf_dyn_shmem pointer, NULL without aliases */
	Buffer *shared[3];
	int64_t shared_off[3];  /* element offset of an alias in buf_dyn_shmem */
	Buffer *mbar, *clocal, *counter, *acount, *desc_a, *desc_b, *tmem;
	Var *loops[MAX_LOOPS];
	int nloops;
	Var *lets[4];           /* let-bound ints in scope */
	int nlets;
	int name_uses[NBASES];  /* names fresh() made of each base */
	int leaft[3];           /* per role: the sum of its leaf weights */
	/* The items of the sequences being built, innermost last: each
	 * sequence is open[base..nopen) until it is closed (close_seq). */
	Stmt **open;
	int nopen, open_cap;
	/* Not cleared up front: leaf_at[r][0..leaft[r]) is written before it
	 * is read. */
	/* per role: the leaf a draw r in [0, leaft) picks, each leaf
	 * leaf_weight times in a row in leaf order (fixed by feat); written
	 * 16 bytes at a time, past leaft[r] too */
	uint8_t leaf_at[3][LEAF_DRAWS + 16];
	uint8_t comp_w[3][2][NCOMP_ROOM]; /* comp_weights: written before read too */
	int comp_sum[3][2];
	Stmt *open_room[OPEN_ROOM]; /* open's first room; a larger one is malloc'd */
} G;

/* ---- small builders -------------------------------------------------------- */

static int
on(G *g, unsigned f)
{
	return (g->feat & f) != 0;
}

static void
use(G *g, unsigned f)
{
	g->used |= f;
}

/* "base_count" in the arena, as snprintf's "%s_%d" of a positive count. */
static const char *
suffixed(G *g, NameBase k, int count)
{
	char digits[12];
	int nd = 0;
	for (unsigned c = (unsigned)count; c; c /= 10)
		digits[nd++] = (char)('0' + c % 10);
	size_t len = name_len[k];
	/* At least len + 3 >= 4 bytes: the base's 4 fit, then '_' at len. */
	char *s = ar_alloc_uninit(g->a, len + 1 + (size_t)nd + 1);
	memcpy(s, name_bases[k], 4);
	s[len] = '_';
	for (int i = 0; i < nd; i++)
		s[len + 1 + i] = digits[nd - 1 - i];
	s[len + 1 + nd] = '\0';
	return s;
}

/* suffixed's names of the counts 1 to NAMED_USES - 1, as static strings
 * (as the bases are): a program makes a few of each. */
enum { NAMED_USES = 32 };
#define NAME_SUFFIXES(b) \
	NULL, b "_1", b "_2", b "_3", b "_4", b "_5", b "_6", b "_7", \
	b "_8", b "_9", b "_10", b "_11", b "_12", b "_13", b "_14", b "_15", \
	b "_16", b "_17", b "_18", b "_19", b "_20", b "_21", b "_22", b "_23", \
	b "_24", b "_25", b "_26", b "_27", b "_28", b "_29", b "_30", b "_31"
static const char *const suffixed_names[NBASES][NAMED_USES] = {
	[N_I] = {NAME_SUFFIXES("i")},
	[N_KO] = {NAME_SUFFIXES("ko")},
	[N_OLD] = {NAME_SUFFIXES("old")},
	[N_B] = {NAME_SUFFIXES("b")},
};
#undef NAME_SUFFIXES

/* The base itself at its first use, then base_1, base_2, ... */
static inline __attribute__((always_inline)) const char *
fresh(G *g, NameBase k)
{
	int uses = g->name_uses[k]++;
	if (!uses)
		return name_bases[k];
	return uses < NAMED_USES ? suffixed_names[k][uses] : suffixed(g, k, uses);
}

/* Nodes by core's inline constructors (ir_build.h): a constant-size
 * arena bump and the fields, no call; these wrappers always inline too
 * (IR_BUILD), as a call each would cost more than the node.  Literals by
 * dtype code: ir_int(a, v, "int32") without the name lookup. */
IR_BUILD Expr *
I(G *g, int64_t v)
{
	return irb_int(g->a, v, IR_DT_INT32, NULL);
}

IR_BUILD Expr *
B(G *g, int v)
{
	return irb_int(g->a, v ? 1 : 0, IR_DT_BOOL, NULL);
}

IR_BUILD Expr *
F(G *g, int code)
{
	return irb_float(g->a, 0.0, code, NULL);
}

IR_BUILD Expr *
S(G *g, const char *s)
{
	return irb_str(g->a, s);
}

IR_BUILD Expr *
V(G *g, Var *v)
{
	return irb_varref(g->a, v);
}

IR_BUILD Expr *
bin(G *g, BinOp op, Expr *x, Expr *y)
{
	return irb_bin(g->a, op, x, y);
}

/* bin(g, op, V(g, v), I(g, k)): without the node guard the literal, the
 * reference and the operation (in the order bin's arguments made them) in
 * one bump of the arena. */
IR_BUILD Expr *
bin_vi(G *g, BinOp op, Var *v, int64_t k)
{
#ifndef IR_NODE_GUARDED
	enum { INT = IR_EXPR_UPTO(i), VAR = IR_EXPR_WITH(var), BIN = IR_EXPR_WITH(bin) };
	if (k == (int32_t)k) {
		unsigned char *p = ar_alloc(g->a, INT + VAR + BIN);
		Expr *y = irb_int_in((Expr *)p, k, IR_DT_INT32);
		Expr *x = irb_varref_in((Expr *)(p + INT), v);
		return irb_bin_in((Expr *)(p + INT + VAR), op, x, y);
	}
#endif
	return bin(g, op, V(g, v), I(g, k));
}

/* bin(g, op, bin_vi(g, xop, v, xk), I(g, k)): without the node guard its
 * five nodes in one bump of the arena. */
IR_BUILD Expr *
bin_vii(G *g, BinOp op, BinOp xop, Var *v, int64_t xk, int64_t k)
{
#ifndef IR_NODE_GUARDED
	enum { INT = IR_EXPR_UPTO(i), VAR = IR_EXPR_WITH(var), BIN = IR_EXPR_WITH(bin) };
	if (xk == (int32_t)xk && k == (int32_t)k) {
		unsigned char *p = ar_alloc(g->a, 2 * INT + VAR + 2 * BIN);
		Expr *xy = irb_int_in((Expr *)p, xk, IR_DT_INT32);
		Expr *xx = irb_varref_in((Expr *)(p + INT), v);
		Expr *x = irb_bin_in((Expr *)(p + INT + VAR), xop, xx, xy);
		Expr *y = irb_int_in((Expr *)(p + INT + VAR + BIN), k, IR_DT_INT32);
		return irb_bin_in((Expr *)(p + 2 * INT + VAR + BIN), op, x, y);
	}
#endif
	return bin(g, op, bin_vi(g, xop, v, xk), I(g, k));
}

IR_BUILD Expr *
mkcall(G *g, const char *name, Expr **args, int n)
{
	assert(!(g->call_versions & ~vocab_versions(name))); /* the op's own versions were taken */
	return irb_call(g->a, name, args, n);
}

IR_BUILD Expr *
mkload(G *g, Buffer *b, Expr **idx, int n)
{
	return irb_load(g->a, b, idx, n);
}

IR_BUILD Stmt *
mkeval(G *g, Expr *value)
{
	return irb_eval(g->a, value);
}

IR_BUILD Stmt *
mkstore(G *g, Buffer *b, Expr **idx, int n, Expr *value)
{
	return irb_store(g->a, b, idx, n, value);
}

IR_BUILD Stmt *
mkif(G *g, Expr *cond, Stmt *then_, Stmt *else_)
{
	return irb_if(g->a, cond, then_, else_);
}

/* The declaration (that allocates) of b around body. */
IR_BUILD Stmt *
mkdecl(G *g, Buffer *b, Stmt *body)
{
	return irb_decl(g->a, b, 1, body);
}

/* A variable of the function (its id the function's next). */
IR_BUILD Var *
mkvar(G *g, const char *name, const char *dtype, const char *ptr_scope)
{
	return irb_var(g->a, g->f, name, dtype, ptr_scope);
}

/* An array of n pointers that the caller fills (all of them). */
static Expr **
exprs(G *g, int n)
{
	return ar_alloc_uninit(g->a, sizeof(Expr *) * (size_t)n);
}

/* A string-keyed dict, its keys given in byte order: the order ir_dict
 * sorts them into, so that the node is made here without the sort. */
static inline __attribute__((always_inline)) Expr *
dict(G *g, int n, const char *const *keys, Expr *const *vals)
{
	Expr **k = exprs(g, n);
	Expr **v = exprs(g, n);
	for (int i = 0; i < n; i++) {
		assert(i == 0 || strcmp(keys[i - 1], keys[i]) < 0);
		k[i] = S(g, keys[i]);
		v[i] = vals[i];
	}
	return irb_dict(g->a, k, v, n);
}

/* Calls (callN) and their statements (evalN) of N arguments, of ops of
 * the versions asked for (vocab.def); the arguments are made before the
 * argument array (at most one of them draws: see the top of this file).
 * call_room and eval_room: the call (and its statement) of n arguments
 * with *args its argument array for the caller to fill (room for one at
 * least); without the node guard the nodes and the array in one bump of
 * the arena. */
IR_BUILD Expr *
call_room(G *g, const char *name, int n, Expr ***args)
{
	assert(vocab_versions(name) & g->versions);
#ifdef IR_NODE_GUARDED
	*args = exprs(g, n > 0 ? n : 1);
	return mkcall(g, name, *args, n);
#else
	assert(!(g->call_versions & ~vocab_versions(name)));
	enum { CALL = IR_EXPR_UPTO(call.kwnames) };
	unsigned char *p = ar_alloc(g->a, CALL + sizeof(Expr *) * (size_t)(n > 0 ? n : 1));
	*args = (Expr **)(p + CALL);
	return irb_call_in((Expr *)p, name, *args, n);
#endif
}

IR_BUILD Stmt *
eval_room(G *g, const char *name, int n, Expr ***args)
{
	assert(vocab_versions(name) & g->versions);
#ifdef IR_NODE_GUARDED
	*args = exprs(g, n > 0 ? n : 1);
	return mkeval(g, mkcall(g, name, *args, n));
#else
	assert(!(g->call_versions & ~vocab_versions(name)));
	enum { CALL = IR_EXPR_UPTO(call.kwnames), EVAL = IR_STMT_WITH(eval) };
	unsigned char *p = ar_alloc(g->a, CALL + EVAL + sizeof(Expr *) * (size_t)(n > 0 ? n : 1));
	*args = (Expr **)(p + CALL + EVAL);
	return irb_eval_in((Stmt *)(p + CALL), irb_call_in((Expr *)p, name, *args, n));
#endif
}

static Expr *
call1(G *g, const char *name, Expr *x)
{
	Expr **a;
	Expr *e = call_room(g, name, 1, &a);
	a[0] = x;
	return e;
}

static Expr *
call2(G *g, const char *name, Expr *x, Expr *y)
{
	Expr **a;
	Expr *e = call_room(g, name, 2, &a);
	a[0] = x;
	a[1] = y;
	return e;
}

static Expr *
call4(G *g, const char *name, Expr *x, Expr *y, Expr *z, Expr *w)
{
	Expr **a;
	Expr *e = call_room(g, name, 4, &a);
	a[0] = x;
	a[1] = y;
	a[2] = z;
	a[3] = w;
	return e;
}

static Stmt *
eval2(G *g, const char *name, Expr *x, Expr *y)
{
	Expr **a;
	Stmt *s = eval_room(g, name, 2, &a);
	a[0] = x;
	a[1] = y;
	return s;
}

static Stmt *
eval3(G *g, const char *name, Expr *x, Expr *y, Expr *z)
{
	Expr **a;
	Stmt *s = eval_room(g, name, 3, &a);
	a[0] = x;
	a[1] = y;
	a[2] = z;
	return s;
}

static Stmt *
eval4(G *g, const char *name, Expr *x, Expr *y, Expr *z, Expr *w)
{
	Expr **a;
	Stmt *s = eval_room(g, name, 4, &a);
	a[0] = x;
	a[1] = y;
	a[2] = z;
	a[3] = w;
	return s;
}

/* Five and more arguments: an array of them, copied into the call
 * (inline, so that the copy is of a constant size). */
static inline Stmt *
eval_array(G *g, const char *name, Expr *const *argv, int n)
{
	Expr **a;
	Stmt *s = eval_room(g, name, n, &a);
	memcpy(a, argv, sizeof *a * (size_t)n);
	return s;
}

/* EVAL(g, name, args...): the statement calling name on the arguments,
 * given as the items of an array literal, whose order of evaluation C
 * leaves unspecified: none of them may draw.  (The second expansion is
 * sizeof's operand, not evaluated.) */
#define EVAL(g, name, ...) \
	eval_array(g, name, (Expr *const[]){__VA_ARGS__}, \
	           (int)(sizeof((Expr *const[]){__VA_ARGS__}) / sizeof(Expr *)))

static Stmt *
eval0(G *g, const char *name)
{
	Expr **a;
	Stmt *s = eval_room(g, name, 0, &a);
	a[0] = NULL; /* the slot as ar_alloc would give it */
	return s;
}

static Stmt *
eval1(G *g, const char *name, Expr *x)
{
	Expr **a;
	Stmt *s = eval_room(g, name, 1, &a);
	a[0] = x;
	return s;
}

static Expr *
load1(G *g, Buffer *b, Expr *i)
{
#ifndef IR_NODE_GUARDED
	/* The node and its index array in one bump of the arena. */
	enum { LOAD = IR_EXPR_WITH(load) };
	unsigned char *p = ar_alloc(g->a, LOAD + sizeof(Expr *));
	Expr **idx = (Expr **)(p + LOAD);
	idx[0] = i;
	return irb_load_in((Expr *)p, b, idx, 1);
#else
	Expr **idx = exprs(g, 1);
	idx[0] = i;
	return mkload(g, b, idx, 1);
#endif
}

static Stmt *
store1(G *g, Buffer *b, Expr *i, Expr *v)
{
#ifndef IR_NODE_GUARDED
	/* The node and its index array in one bump of the arena. */
	enum { STORE = IR_STMT_WITH(store) };
	unsigned char *p = ar_alloc(g->a, STORE + sizeof(Expr *));
	Expr **idx = (Expr **)(p + STORE);
	idx[0] = i;
	return irb_store_in((Stmt *)p, b, idx, 1, v);
#else
	Expr **idx = exprs(g, 1);
	idx[0] = i;
	return mkstore(g, b, idx, 1, v);
#endif
}

/* ---- sequences --------------------------------------------------------------- */

/* A statement appended to the innermost open sequence.  No statement the
 * generator makes is a no-op T.evaluate(0), and a sequence is never put
 * (put_flat puts its items), so the closed sequence is what ir_seq would
 * make of the same items nested: flat, nothing dropped. */
static void
put(G *g, Stmt *s)
{
	if (g->nopen == g->open_cap) {
		size_t bytes = sizeof *g->open * (size_t)g->open_cap * 2;
		Stmt **room = g->open == g->open_room ? malloc(bytes) : realloc(g->open, bytes);
		if (!room)
			abort();
		if (g->open == g->open_room)
			memcpy(room, g->open_room, sizeof g->open_room);
		g->open = room;
		g->open_cap *= 2;
	}
	g->open[g->nopen++] = s;
}

/* s, or the items of s when it is a sequence (whose items are not). */
static void
put_flat(G *g, Stmt *s)
{
	if (s->kind != ST_SEQ) {
		put(g, s);
		return;
	}
	for (int i = 0; i < s->u.seq.n; i++)
		put(g, s->u.seq.items[i]);
}

/* The statements put since base (at least one): the one statement, or a
 * sequence of them. */
static inline __attribute__((always_inline)) Stmt *
close_seq(G *g, int base)
{
	int n = g->nopen - base;
	assert(n >= 1);
	g->nopen = base;
	if (n == 1)
		return g->open[base];
	Stmt **items = ar_alloc_uninit(g->a, sizeof *items * (size_t)n);
	memcpy(items, g->open + base, sizeof *items * (size_t)n);
	return irb_seq(g->a, items, n);
}

static Buffer *
buffer(G *g, const char *name, const char *dtype, int64_t extent, Var *data, BufKind kind)
{
	Expr **shape = ar_alloc(g->a, sizeof *shape);
	shape[0] = I(g, extent);
	Buffer *b = irb_buffer(g->a, g->f, name, dtype, shape, 1, data, kind);
	if (kind != BUF_ALIAS)
		data->owner = b;
	return b;
}

/* A declared buffer and its data var: without the node guard the var, the
 * shape, its literal and the buffer (in the order buffer() makes them) in
 * one bump of the arena. */
static inline __attribute__((always_inline)) Buffer *
decl(G *g, const char *name, const char *dtype, int64_t extent, const char *scope)
{
#ifndef IR_NODE_GUARDED
	enum { VAR = IR_ROUND8(sizeof(Var)), SHAPE = IR_ROUND8(sizeof(Expr *)), INT = IR_EXPR_UPTO(i),
	       BUF = IR_ROUND8(sizeof(Buffer)) };
	if (extent == (int32_t)extent) { /* else a wide literal: ir_int_dt's, below */
		unsigned char *p = ar_alloc(g->a, VAR + SHAPE + INT + BUF);
		Var *data = irb_var_in((Var *)p, g->f, name, dtype, scope);
		Expr **shape = (Expr **)(p + VAR);
		shape[0] = irb_int_in((Expr *)(p + VAR + SHAPE), extent, IR_DT_INT32);
		Buffer *b = irb_buffer_in((Buffer *)(p + VAR + SHAPE + INT), g->f, name, dtype, shape, 1, data,
		                          BUF_DECL);
		data->owner = b;
		return b;
	}
#endif
	Var *data = mkvar(g, name, dtype, scope);
	return buffer(g, name, dtype, extent, data, BUF_DECL);
}

/* ---- expressions ------------------------------------------------------------ */

static Var *
some_loop(G *g)
{
	if (!g->nloops)
		return NULL;
	return g->loops[g->nloops - 1 - (int)dz_choose(&g->d, (uint32_t)g->nloops)];
}

/* index_expr's compound cases, which (2 to 4) drawn there: out of line,
 * so that index_expr's two leaves cost its callers no call. */
static __attribute__((noinline)) Expr *
index_more(G *g, int64_t range, Var *lv, uint32_t which)
{
	switch (which) {
	case 2:
		if (lv)
			return bin(g, BIN_ADD, bin_vi(g, BIN_MUL, lv, 64), bin_vi(g, BIN_FLOORMOD, g->tx, 64));
		return bin_vi(g, BIN_ADD, g->tx, 128);
	case 3:
		if (g->nlets)
			return bin(g, BIN_FLOORMOD, V(g, g->lets[dz_choose(&g->d, (uint32_t)g->nlets)]), I(g, range));
		return bin_vi(g, BIN_FLOORMOD, g->tx, 32);
	default:
		if (lv)
			return bin(g, BIN_ADD, bin_vii(g, BIN_MUL, BIN_FLOORMOD, lv, 2, 1024), V(g, g->tx));
		return bin_vi(g, BIN_MUL, g->tx, 8);
	}
}

/* An int index expression over what is in scope, within about [0, range). */
static inline __attribute__((always_inline)) Expr *
index_expr(G *g, int64_t range)
{
	Var *lv = some_loop(g);
	uint32_t which = dz_choose(&g->d, 5);
	if (which == 0)
		return V(g, g->tx);
	if (which == 1)
		return I(g, (int64_t)dz_choose(&g->d, (uint32_t)(range > 1 ? range : 1)));
	return index_more(g, range, lv, which);
}

static inline __attribute__((always_inline)) Expr *
mbar_at(G *g, int k)
{
	Var *lv = some_loop(g);
	Expr *i;
	if (lv && k == 0)
		i = bin_vi(g, BIN_FLOORMOD, lv, 2);
	else if (lv && k > 0)
		i = bin_vii(g, BIN_ADD, BIN_FLOORMOD, lv, 2, k);
	else
		i = I(g, k < 0 ? 0 : k);
	return load1(g, g->mbar, i);
}

static int
pick_shared(G *g)
{
	return (int)dz_choose(&g->d, 3);
}

/* The pointer a tvm_access_ptr / cp_async_bulk names for shared buffer k. */
static Expr *
shared_base(G *g, int k)
{
	return V(g, g->shared[k]->data);
}

/* T.tvm_access_ptr(T.type_annotation("float16"), base, off, extent, mask):
 * the nodes made last argument first, as the generator always made them. */
static inline __attribute__((always_inline)) Expr *
access_ptr(G *g, Expr *base, Expr *off, int64_t extent, Expr *mask)
{
	assert(vocab_versions("tvm_access_ptr") & g->versions);
	assert(vocab_versions("type_annotation") & g->versions);
#ifndef IR_NODE_GUARDED
	/* The literal, the string and the two calls in one bump of the arena,
	 * the two arrays in one (type_annotation's above tvm_access_ptr's, as
	 * two downward bumps place them). */
	enum { INT = IR_EXPR_UPTO(i), STR = IR_EXPR_WITH(s), CALL = IR_EXPR_UPTO(call.kwnames) };
	if (extent == (int32_t)extent) {
		unsigned char *p = ar_alloc(g->a, INT + STR + 2 * CALL);
		Expr **arrays = exprs(g, 6);
		Expr **ta = arrays + 5, **args = arrays;
		Expr *ext = irb_int_in((Expr *)p, extent, IR_DT_INT32);
		ta[0] = irb_str_in((Expr *)(p + INT), "float16");
		args[0] = irb_call_in((Expr *)(p + INT + STR), "type_annotation", ta, 1);
		args[1] = base;
		args[2] = off;
		args[3] = ext;
		args[4] = mask;
		return irb_call_in((Expr *)(p + INT + STR + CALL), "tvm_access_ptr", args, 5);
	}
#endif
	Expr *ext = I(g, extent);
	Expr *dtype = S(g, "float16");
	Expr **ta = exprs(g, 1);
	ta[0] = dtype;
	Expr *type = mkcall(g, "type_annotation", ta, 1);
	Expr **args = exprs(g, 5);
	args[0] = type;
	args[1] = base;
	args[2] = off;
	args[3] = ext;
	args[4] = mask;
	return mkcall(g, "tvm_access_ptr", args, 5);
}

static inline __attribute__((always_inline)) Expr *
shared_ptr(G *g, int k, int mask)
{
	Expr *off;
	if (dz_flip(&g->d, 40)) {
		Var *lv = some_loop(g);
		Expr *var = lv ? bin_vii(g, BIN_MUL, BIN_FLOORMOD, lv, 2, 2048)
		               : bin_vi(g, BIN_MUL, g->tx, 8);
		off = g->shared_off[k] ? bin(g, BIN_ADD, I(g, g->shared_off[k]), var) : var;
	} else {
		off = I(g, g->shared_off[k]);
	}
	return access_ptr(g, shared_base(g, k), off, dz_flip(&g->d, 50) ? 4096 : 8, I(g, mask));
}

static Expr *
shared_value(G *g)
{
	switch (dz_choose(&g->d, 3)) {
	case 0:
		return F(g, IR_DT_FLOAT16);
	case 1: {
		Expr *index = index_expr(g, 4096);
		return load1(g, g->shared[pick_shared(g)], index);
	}
	default:
		if (on(g, FZ_F_LOCAL))
			use(g, FZ_F_LOCAL);
		return call2(g, "Cast", S(g, "float16"), load1(g, g->clocal, index_expr(g, 32)));
	}
}

/* ---- leaves ------------------------------------------------------------------ */

typedef enum {
	L_SHARED, L_LOCAL, L_TMA_LOAD, L_TMA_STORE, L_WGMMA, L_TCGEN05, L_BULK, L_CP_ASYNC,
	L_MATRIX, L_EXTERN, L_FENCE, L_BARRIER, L_LET, L_ATTR, L_ASSERT, NLEAF
} Leaf;

typedef enum {
	C_FOR, C_IF, C_GUARD, C_WHILE, C_BLOCK, C_PIPE, C_WS, NCOMP
} Comp;
_Static_assert((int)NCOMP <= (int)NCOMP_ROOM, "G.comp_w has a slot per compound");

static Stmt *block(G *g, int want, Role role);
static void block_into(G *g, int want, Role role);

static void
tma_load(G *g)
{
	use(g, FZ_F_TMA_LOAD);
	int k = pick_shared(g);
	const char *op = "tma_load";
	uint32_t v = dz_choose(&g->d, 8);
	if (v == 6)
		op = "tma_load_im2col";
	else if (v == 7 && on(g, FZ_F_HEAD_OPS)) {
		use(g, FZ_F_HEAD_OPS);
		op = "tma_load_multicast";
		g->call_versions &= VV_HEAD;
	}
	Expr *a5 = I(g, 0);
	Expr *a4 = bin_vi(g, BIN_MUL, g->bx, 64);
	Expr *a3 = index_expr(g, 16);
	Expr *a2 = shared_ptr(g, k, 2);
	Expr *a1 = mbar_at(g, 0);
	Stmt *load = EVAL(g, op, V(g, k == 1 ? g->Bdesc : g->Adesc), a1, a2, a3, a4, a5);
	if (dz_flip(&g->d, 50))
		put(g, eval2(g, "mbarrier_expect_tx", mbar_at(g, 0), I(g, 16384)));
	put(g, load);
}

static void
tma_store(G *g)
{
	use(g, FZ_F_TMA_STORE);
	Stmt *st = eval4(g, "tma_store", V(g, g->Cdesc), shared_ptr(g, pick_shared(g), 1),
	                bin_vi(g, BIN_MUL, g->bx, 64), I(g, 0));
	put(g, st);
	if (dz_flip(&g->d, 50)) {
		put(g, eval0(g, "tma_store_arrive"));
		put(g, eval0(g, "tma_store_wait"));
	}
}

/* The ss form of ptx_wgmma, which is also the sm_90 fallback of the sparse one. */
static Stmt *
wgmma_ss(G *g, Expr *da, Expr *db, Expr *c)
{
	return EVAL(g, "ptx_wgmma_ss", S(g, "m64n64k16"), B(g, 1), B(g, 1), S(g, "fp16"), S(g, "fp16"),
	            S(g, "fp32"), da, I(g, 0), db, I(g, 0), c, I(g, 0), B(g, 1), I(g, 1), I(g, 1));
}

static void
wgmma(G *g)
{
	use(g, FZ_F_WGMMA);
	Expr *da = V(g, g->desc_a->data), *db = V(g, g->desc_b->data), *c = V(g, g->clocal->data);
	Stmt *mma;
	switch (dz_choose(&g->d, 4)) {
	case 0:
	case 1:
		mma = wgmma_ss(g, da, db, c);
		break;
	case 2:
		mma = EVAL(g, "ptx_wgmma_rs", S(g, "m64n64k16"), B(g, 1), S(g, "fp16"), S(g, "fp16"),
		           S(g, "fp32"), V(g, g->clocal->data), I(g, 0), db, I(g, 0), c, I(g, 0), B(g, 1),
		           I(g, 1), I(g, 1));
		break;
	default:
		if (!on(g, FZ_F_HEAD_OPS)) {
			mma = wgmma_ss(g, da, db, c);
			break;
		}
		use(g, FZ_F_HEAD_OPS);
		g->call_versions &= VV_HEAD;
		mma = EVAL(g, "ptx_wgmma_sp_ss", S(g, "m64n64k32"), B(g, 1), B(g, 1), S(g, "fp16"),
		           S(g, "fp16"), S(g, "fp32"), da, I(g, 0), db, I(g, 0), c, I(g, 0),
		           V(g, g->clocal->data), I(g, 0), I(g, 0), B(g, 1), I(g, 1), I(g, 1));
		break;
	}
	if (!dz_flip(&g->d, 40)) {
		put(g, mma);
		return;
	}
	/* Descriptor setup reading shared (mask 1), then the warpgroup protocol. */
	int k = pick_shared(g);
	Expr *desc = shared_ptr(g, k, 1);
	put(g, EVAL(g, "initialize_wgmma_descriptor", load1(g, g->desc_a, I(g, 0)), desc, I(g, 1), I(g, 1),
	            I(g, 64)));
	put(g, eval0(g, "warpgroup_arrive"));
	put(g, mma);
	put(g, eval0(g, "warpgroup_commit_batch"));
	put(g, eval1(g, "warpgroup_wait", I(g, 0)));
}

static Stmt *
tcgen05(G *g)
{
	use(g, FZ_F_TCGEN05);
	const char *op = dz_flip(&g->d, 50) ? "ptx_tcgen05_mma_ss" : "ptx_tcgen05_mma_ts";
	return EVAL(g, op, S(g, "bf16"), load1(g, g->desc_a, I(g, 0)), I(g, 0), load1(g, g->desc_b, I(g, 0)),
	            I(g, 0), load1(g, g->tmem, I(g, 0)), I(g, 0), I(g, 0), B(g, 0), I(g, 0), I(g, 0), I(g, 0), I(g, 0));
}

static Stmt *
bulk(G *g)
{
	use(g, FZ_F_BULK);
	int k = pick_shared(g);
	Expr *mbar = mbar_at(g, 0);
	return EVAL(g, "ptx_cp_async_bulk", S(g, "float16"), shared_base(g, k), I(g, g->shared_off[k]),
	            V(g, g->Aglob), bin_vi(g, BIN_MUL, g->bx, 4096), I(g, 8192), mbar);
}

static void
cp_async(G *g)
{
	use(g, FZ_F_CP_ASYNC);
	Expr *src = access_ptr(g, V(g, g->Aglob), bin_vi(g, BIN_MUL, g->tx, 8), 8, I(g, 1));
	Stmt *cp = eval3(g, "ptx_cp_async", shared_ptr(g, pick_shared(g), 2), src, I(g, 16));
	put(g, cp);
	if (dz_flip(&g->d, 50)) {
		put(g, eval0(g, "ptx_commit_group"));
		put(g, eval1(g, "ptx_wait_group", I(g, 0)));
	}
}

static Stmt *
matrix(G *g)
{
	use(g, FZ_F_MATRIX);
	int k = pick_shared(g);
	if (dz_flip(&g->d, 50))
		return eval4(g, "ptx_ldmatrix", I(g, 0), I(g, 4), shared_ptr(g, k, 1), V(g, g->clocal->data));
	Expr *ptr = shared_ptr(g, k, 2);
	return EVAL(g, "ptx_stmatrix", I(g, 0), I(g, 4), ptr, load1(g, g->clocal, I(g, 0)),
	            load1(g, g->clocal, I(g, 1)), load1(g, g->clocal, I(g, 2)));
}

static Stmt *
local_store(G *g)
{
	use(g, FZ_F_LOCAL);
	if (dz_flip(&g->d, 20)) {
		Var *lv = some_loop(g);
		Expr *lo = lv ? bin_vi(g, BIN_MUL, lv, 4) : I(g, 0);
		Expr *hi = bin(g, BIN_ADD, lv ? bin_vi(g, BIN_MUL, lv, 4) : I(g, 0), I(g, 4));
		Expr **idx = ar_alloc(g->a, sizeof *idx);
		idx[0] = ir_slice(g->a, lo, hi, NULL);
		return mkstore(g, g->clocal, idx, 1,
		               call2(g, "Broadcast", F(g, IR_DT_FLOAT32), I(g, 4)));
	}
	return store1(g, g->clocal, index_expr(g, 32), F(g, IR_DT_FLOAT32));
}

static Expr *
rw_mask(G *g)
{
	switch (dz_choose(&g->d, 4)) {
	case 0: return I(g, 1);
	case 1: return I(g, 2);
	case 2: return I(g, 3);
	default: return g->n ? V(g, g->n) : bin_vi(g, BIN_FLOORMOD, g->tx, 4);
	}
}

static Stmt *
extern_call(G *g)
{
	use(g, FZ_F_EXTERN);
	switch (dz_choose(&g->d, 5)) {
	case 0:
		return eval2(g, "call_extern", S(g, "handle"), S(g, "opaque"));
	case 1:
	case 2: {
		int k = pick_shared(g);
		Expr *p = access_ptr(g, shared_base(g, k), I(g, g->shared_off[k]), 64, rw_mask(g));
		return eval3(g, "call_extern", S(g, "handle"), S(g, "ext_op"), p);
	}
	case 3: {
		Expr *index = index_expr(g, 4096);
		return eval3(g, "call_extern", S(g, "handle"), S(g, "ext_touch"),
		            call1(g, "address_of", load1(g, g->shared[pick_shared(g)], index)));
	}
	default:
		return eval3(g, "call_extern", S(g, "handle"), S(g, "ext_touch"),
		            call1(g, "address_of", load1(g, g->clocal, index_expr(g, 32))));
	}
}

static Stmt *
barrier_op(G *g)
{
	use(g, FZ_F_PIPELINE);
	switch (dz_choose(&g->d, 3)) {
	case 0: {
		Expr *parity = I(g, (int64_t)dz_choose(&g->d, 2));
		return eval2(g, "mbarrier_wait_parity", mbar_at(g, 0), parity);
	}
	case 1:
		return eval1(g, "ptx_arrive_barrier", mbar_at(g, 2));
	default:
		return eval1(g, "tvm_storage_sync", S(g, "shared"));
	}
}

/* Binders: the rest of the sequence is their body. */
static Stmt *
binder(G *g, Leaf k, int rest, Role role)
{
	Arena *a = g->a;
	if (k == L_LET) {
		use(g, FZ_F_LET);
		Buffer *cnt = dz_flip(&g->d, 50) ? g->acount : g->counter;
		Var *v = mkvar(g, fresh(g, N_OLD), "int32", NULL);
		Expr *val = call4(g, "call_extern", S(g, "int32"), S(g, "atomicAdd"),
		                 call1(g, "address_of", load1(g, cnt, I(g, 0))), I(g, 1));
		int saved = g->nlets;
		if (g->nlets < 4)
			g->lets[g->nlets++] = v;
		Stmt *body = block(g, rest, role);
		g->nlets = saved;
		return ir_let(a, v, val, body);
	}
	if (k == L_ATTR) {
		use(g, FZ_F_ATTR);
		Stmt *body = block(g, rest, role);
		if (dz_flip(&g->d, 50))
			return ir_attr(a, I(g, 0), "async_scope", I(g, 1), body);
		return ir_attr(a, I(g, 0), "pragma_wgmma_group", I(g, 1), body);
	}
	use(g, FZ_F_ATTR);
	Expr *cond = g->n ? bin_vii(g, BIN_EQ, BIN_FLOORMOD, g->n, 4, 0)
	                  : bin_vi(g, BIN_LT, g->tx, 1024);
	Stmt *body = block(g, rest, role);
	return ir_assert(a, cond, S(g, "n must be a multiple of 4"), body);
}

/* Puts the leaf's statements (one, or a few in a row). */
static void
leaf(G *g, Leaf k)
{
	switch (k) {
	case L_SHARED: {
		Expr *value = shared_value(g);
		Expr *index = index_expr(g, 4096);
		put(g, store1(g, g->shared[pick_shared(g)], index, value));
		return;
	}
	case L_LOCAL: put(g, local_store(g)); return;
	case L_TMA_LOAD: tma_load(g); return;
	case L_TMA_STORE: tma_store(g); return;
	case L_WGMMA: wgmma(g); return;
	case L_TCGEN05: put(g, tcgen05(g)); return;
	case L_BULK: put(g, bulk(g)); return;
	case L_CP_ASYNC: cp_async(g); return;
	case L_MATRIX: put(g, matrix(g)); return;
	case L_EXTERN: put(g, extern_call(g)); return;
	case L_FENCE:
		use(g, FZ_F_FENCE);
		put(g, eval0(g, "fence_proxy_async"));
		return;
	case L_BARRIER: put(g, barrier_op(g)); return;
	default: return;
	}
}

static const unsigned leaf_feature[NLEAF] = {
	[L_SHARED] = 0, [L_LOCAL] = FZ_F_LOCAL, [L_TMA_LOAD] = FZ_F_TMA_LOAD,
	[L_TMA_STORE] = FZ_F_TMA_STORE, [L_WGMMA] = FZ_F_WGMMA, [L_TCGEN05] = FZ_F_TCGEN05,
	[L_BULK] = FZ_F_BULK, [L_CP_ASYNC] = FZ_F_CP_ASYNC, [L_MATRIX] = FZ_F_MATRIX,
	[L_EXTERN] = FZ_F_EXTERN, [L_FENCE] = FZ_F_FENCE, [L_BARRIER] = FZ_F_PIPELINE,
	[L_LET] = FZ_F_LET, [L_ATTR] = FZ_F_ATTR, [L_ASSERT] = FZ_F_ATTR,
};

/* Per role, the weight of each leaf whose feature is on: the producer
 * triples TMA loads, bulk copies and barrier ops, the consumer doubles
 * shared, local and TMA stores and wgmma. */
static const uint8_t leaf_weight[3][NLEAF] = {
	[R_ANY] = {
		[L_SHARED] = 6, [L_LOCAL] = 3, [L_TMA_LOAD] = 4, [L_TMA_STORE] = 3, [L_WGMMA] = 4,
		[L_TCGEN05] = 2, [L_BULK] = 2, [L_CP_ASYNC] = 2, [L_MATRIX] = 2, [L_EXTERN] = 3,
		[L_FENCE] = 1, [L_BARRIER] = 2, [L_LET] = 1, [L_ATTR] = 1, [L_ASSERT] = 1,
	},
	[R_PRODUCER] = {
		[L_SHARED] = 6, [L_LOCAL] = 3, [L_TMA_LOAD] = 12, [L_TMA_STORE] = 3, [L_WGMMA] = 4,
		[L_TCGEN05] = 2, [L_BULK] = 6, [L_CP_ASYNC] = 2, [L_MATRIX] = 2, [L_EXTERN] = 3,
		[L_FENCE] = 1, [L_BARRIER] = 6, [L_LET] = 1, [L_ATTR] = 1, [L_ASSERT] = 1,
	},
	[R_CONSUMER] = {
		[L_SHARED] = 12, [L_LOCAL] = 6, [L_TMA_LOAD] = 4, [L_TMA_STORE] = 6, [L_WGMMA] = 8,
		[L_TCGEN05] = 2, [L_BULK] = 2, [L_CP_ASYNC] = 2, [L_MATRIX] = 2, [L_EXTERN] = 3,
		[L_FENCE] = 1, [L_BARRIER] = 2, [L_LET] = 1, [L_ATTR] = 1, [L_ASSERT] = 1,
	},
};

/* g->leaf_at and g->leaft, once g->feat is final.  A weight is at most
 * 16: a run is two 8-byte stores of the leaf, the next run overwriting
 * what this one wrote past its end.  The producer's and the consumer's
 * only with warp specialization (ws_split's blocks are the only ones of
 * those roles); without it their leaft stays 0. */
static void
leaf_weights(G *g)
{
	int t[3] = {0, 0, 0};
	int all_roles = on(g, FZ_F_WARPSPEC);
	for (int k = 0; k < NLEAF; k++) {
		if (leaf_feature[k] && !on(g, leaf_feature[k]))
			continue;
		uint64_t run = 0x0101010101010101u * (uint64_t)k;
		for (int r = R_ANY; r <= R_CONSUMER; r++) {
			assert(leaf_weight[r][k] <= 16 && t[r] + leaf_weight[r][k] <= LEAF_DRAWS);
			memcpy(&g->leaf_at[r][t[r]], &run, 8);
			memcpy(&g->leaf_at[r][t[r] + 8], &run, 8);
			t[r] += leaf_weight[r][k];
			if (!all_roles)
				break;
		}
	}
	for (int r = R_ANY; r <= R_CONSUMER; r++)
		g->leaft[r] = t[r];
}

/* ---- compounds ---------------------------------------------------------------- */

/* A nested block's statements, put in the open sequence. */
static void
sub_block_into(G *g, int left, Role role)
{
	int want = 1 + (int)dz_choose(&g->d, (uint32_t)(left < 6 ? left : 6));
	g->depth++;
	block_into(g, want, role);
	g->depth--;
}

static Stmt *
sub_block(G *g, int left, Role role)
{
	int base = g->nopen;
	sub_block_into(g, left, role);
	return close_seq(g, base);
}

static Stmt *
for_loop(G *g, int left, Role role, int pipelined)
{
	Arena *a = g->a;
	Var *v = mkvar(g, fresh(g, pipelined ? N_KO : N_I), "int32", NULL);
	Expr *min = I(g, 0), *ext = I(g, 4), *step = NULL;
	ForKind kind = FOR_SERIAL;
	if (on(g, FZ_F_LOOPS) && dz_flip(&g->d, 60)) {
		use(g, FZ_F_LOOPS);
		switch (dz_choose(&g->d, 4)) {
		case 0:
			ext = V(g, g->n);
			break;
		case 1:
			ext = I(g, 0);
			break;
		case 2:
			step = I(g, 2);
			ext = ir_loop_extent(a, I(g, 0), I(g, 16));
			break;
		default:
			kind = FOR_UNROLL;
			break;
		}
	} else {
		ext = I(g, 1 + (int64_t)dz_choose(&g->d, 16));
	}
	int pushed = g->nloops < MAX_LOOPS;
	if (pushed)
		g->loops[g->nloops++] = v;
	Stmt *body;
	if (pipelined) {
		use(g, FZ_F_PIPELINE);
		int base = g->nopen;
		put(g, eval2(g, "mbarrier_wait_parity", mbar_at(g, role == R_PRODUCER ? 2 : 0),
		             bin_vii(g, BIN_FLOORDIV, BIN_FLOORMOD, v, 4, 2)));
		sub_block_into(g, left - 2, role);
		put(g, eval1(g, "ptx_arrive_barrier", mbar_at(g, role == R_PRODUCER ? 0 : 2)));
		body = close_seq(g, base);
	} else {
		body = sub_block(g, left, role);
	}
	if (pushed)
		g->nloops--;
	/* Loop annotations as TileLang prints them: the pipeliner's num_stages on
	 * pipelined loops, the frontend's pragma on T.unroll. */
	Expr *ann = NULL;
	if ((pipelined && dz_flip(&g->d, 50)) || kind == FOR_UNROLL) {
		const char *key = "num_stages";
		Expr *val;
		if (kind == FOR_UNROLL) {
			key = "pragma_unroll_explicit";
			val = ir_pod_bool(a, 0);
		} else {
			val = I(g, 2 + (int64_t)dz_choose(&g->d, 3));
		}
		ann = dict(g, 1, &key, &val);
	}
	return ir_for(a, v, min, ext, step, kind, NULL, ann, body);
}

static Expr *
if_cond(G *g)
{
	switch (dz_choose(&g->d, 4)) {
	case 0: return bin_vi(g, BIN_LT, g->tx, 128);
	case 1: return bin_vii(g, BIN_EQ, BIN_FLOORMOD, g->tx, 32, 0);
	case 2:
		if (g->n)
			return bin_vi(g, BIN_GT, g->n, 4);
		return bin_vi(g, BIN_GE, g->tx, 64);
	default: {
		Var *lv = some_loop(g);
		if (lv)
			return bin_vii(g, BIN_EQ, BIN_FLOORMOD, lv, 2, 0);
		return bin_vi(g, BIN_NE, g->bx, 0);
	}
	}
}

static Stmt *
guard(G *g, int left, Role role)
{
	use(g, FZ_F_GUARD);
	Expr *cond = dz_flip(&g->d, 50) ? call1(g, "tl_shuffle_elect", I(g, 128))
	                               : bin_vi(g, BIN_EQ, g->tx, 0);
	int base = g->nopen;
	if (role == R_PRODUCER && on(g, FZ_F_TMA_LOAD) && dz_flip(&g->d, 50)) {
		g->budget--;
		Stmt *rest = sub_block(g, left - 1, role); /* drawn before the load it follows */
		tma_load(g);
		put_flat(g, rest);
	} else if (role == R_CONSUMER && on(g, FZ_F_TMA_STORE) && dz_flip(&g->d, 50)) {
		g->budget--;
		tma_store(g);
	} else {
		sub_block_into(g, left, role);
	}
	return mkif(g, cond, close_seq(g, base), NULL);
}

/* Puts the counter's reset and the loop. */
static void
while_loop(G *g, int left, Role role)
{
	use(g, FZ_F_WHILE);
	Expr *bound = g->n && dz_flip(&g->d, 50) ? V(g, g->n) : I(g, 4);
	Stmt *reset = store1(g, g->counter, I(g, 0), I(g, 0));
	int base = g->nopen;
	sub_block_into(g, left - 2, role);
	put(g, store1(g, g->counter, I(g, 0), bin(g, BIN_ADD, load1(g, g->counter, I(g, 0)), I(g, 1))));
	Stmt *body = close_seq(g, base);
	Stmt *w = ir_while(g->a, bin(g, BIN_LT, load1(g, g->counter, I(g, 0)), bound), body);
	g->budget -= 2;
	put(g, reset);
	put(g, w);
}

static inline __attribute__((always_inline)) Expr *
region(G *g, Buffer *b, int64_t extent)
{
	Expr **idx = ar_alloc(g->a, sizeof *idx);
	idx[0] = ir_slice(g->a, I(g, 0), I(g, extent), NULL);
	Expr **items = ar_alloc(g->a, sizeof *items);
	items[0] = ir_load(g->a, b, idx, 1);
	return ir_tuple(g->a, EX_LIST, items, 1);
}

static Stmt *
pblock(G *g, int left, Role role)
{
	use(g, FZ_F_BLOCK);
	Stmt *body = sub_block(g, left, role);
	Stmt *s = ir_block(g->a, fresh(g, N_B), body);
	if (dz_flip(&g->d, 75))
		s->u.block.where = dz_flip(&g->d, 80) ? bin_vi(g, BIN_LT, g->tx, 128)
		                                     : bin_vii(g, BIN_EQ, BIN_FLOORMOD, g->bx, 2, 0);
	s->u.block.reads = region(g, g->shared[0], 4096);
	s->u.block.writes = region(g, g->clocal, 32);
	return s;
}

static Stmt *
ws_split(G *g, int left)
{
	use(g, FZ_F_WARPSPEC);
	g->ws_done = 1;
	int half = left / 2 > 2 ? left / 2 : 2;
	g->depth++;
	Stmt *producer = block(g, half, R_PRODUCER);
	Stmt *consumer = block(g, half, R_CONSUMER);
	g->depth--;
	Stmt *split = mkif(g, bin_vi(g, BIN_GE, g->tx, 128), producer, consumer);
	Expr **ws = ar_alloc(g->a, sizeof *ws * 2);
	ws[0] = I(g, 128);
	ws[1] = I(g, 128);
	return ir_attr(g->a, ir_tuple(g->a, EX_LIST, ws, 2), "kWarpSpecializationScope", I(g, 0), split);
}

/* Puts the compound statement (a while loop: with its counter's reset). */
static void
compound(G *g, Comp k, int left, Role role)
{
	switch (k) {
	case C_FOR: put(g, for_loop(g, left, role, 0)); return;
	case C_PIPE: put(g, for_loop(g, left, role, 1)); return;
	case C_GUARD: put(g, guard(g, left, role)); return;
	case C_WHILE: while_loop(g, left, role); return;
	case C_BLOCK: put(g, pblock(g, left, role)); return;
	case C_WS: put(g, ws_split(g, left)); return;
	default: {
		use(g, FZ_F_IF);
		Expr *cond = if_cond(g);
		Stmt *then_ = sub_block(g, left, role);
		Stmt *else_ = dz_flip(&g->d, 50) ? sub_block(g, left, role) : NULL;
		put(g, mkif(g, cond, then_, else_));
		return;
	}
	}
}

/* g->comp_w and g->comp_sum, once g->feat is final: per role, the weight
 * of each compound with at least 3 statements left ([1]) and with fewer
 * ([0]: no while loop, no pipeline), warp specialization not among them
 * (it depends on the place: comp_pick). */
static void
comp_weights(G *g)
{
	for (int r = R_ANY; r <= R_CONSUMER; r++)
		for (int big = 0; big < 2; big++) {
			uint8_t *w = g->comp_w[r][big];
			w[C_FOR] = 4;
			w[C_IF] = on(g, FZ_F_IF) ? 3 : 0;
			w[C_GUARD] = on(g, FZ_F_GUARD) ? 3 : 0;
			w[C_WHILE] = on(g, FZ_F_WHILE) && big ? 2 : 0;
			w[C_BLOCK] = on(g, FZ_F_BLOCK) ? 2 : 0;
			w[C_PIPE] = on(g, FZ_F_PIPELINE) && big ? (r == R_ANY ? 3 : 6) : 0;
			w[C_WS] = 0;
			int sum = 0;
			for (int k = 0; k < NCOMP; k++)
				sum += w[k];
			g->comp_sum[r][big] = sum;
		}
}

/* The compound drawn where `left` statements are left: each by its
 * weight, warp specialization weighing 12 where it may be (once, at the
 * top, with 4 statements left). */
static inline Comp
comp_pick(G *g, Role role, int left)
{
	const uint8_t *w = g->comp_w[role][left >= 3];
	int ws = on(g, FZ_F_WARPSPEC) && !g->ws_done && g->depth == 0 && left >= 4;
	uint32_t r = dz_choose(&g->d, (uint32_t)(g->comp_sum[role][left >= 3] + (ws ? 12 : 0)));
	int k = 0;
	while (k < C_WS && r >= (uint32_t)w[k])
		r -= (uint32_t)w[k++];
	return (Comp)k;
}

/* About `want` statements (at least one), put in the open sequence: at
 * most CAP leaves, compounds and binders. */
static void
block_into(G *g, int want, Role role)
{
	enum { CAP = 128 };
	int n = 0;
	int start = g->budget;
	if (want < 1)
		want = 1;
	do {
		int left = want - (start - g->budget);
		if (left < 1)
			left = 1;
		if (g->depth < MAX_DEPTH && left >= 2 && g->budget >= 2 && dz_flip(&g->d, 30)) {
			Comp k = comp_pick(g, role, left);
			g->budget--;
			compound(g, k, left - 1, role);
			n++;
		} else {
			assert(g->leaft[role] > 0);
			int k = g->leaf_at[role][dz_choose(&g->d, (uint32_t)g->leaft[role])];
			g->budget--;
			if (k >= L_LET) {
				put(g, binder(g, (Leaf)k, left - 1, role));
				break;
			}
			leaf(g, (Leaf)k);
			n++;
		}
	} while (n < CAP && g->budget > 0 && start - g->budget < want);
}

/* A sequence of about `want` statements (at least one). */
static inline __attribute__((always_inline)) Stmt *
block(G *g, int want, Role role)
{
	int base = g->nopen;
	block_into(g, want, role);
	return close_seq(g, base);
}

/* ---- the function ---------------------------------------------------------------- */

#ifndef IR_NODE_GUARDED
/* func_attrs with a target of arch (below): without the node guard its
 * nodes and arrays (the same as the builders there make) in one bump of
 * the arena. */
static Expr *
target_attrs(G *g, const char *arch)
{
	enum {
		INT = IR_EXPR_UPTO(i), STR = IR_EXPR_WITH(s), LIST = IR_EXPR_WITH(list), DICT = IR_EXPR_WITH(dict),
		CALL = IR_EXPR_UPTO(call.kwnames), PTR = sizeof(Expr *),
		KEYS = 2 * PTR + 2 * STR + LIST,
		TARGET = 12 * PTR + 6 * STR + 3 * STR + 2 * INT + DICT + PTR + CALL,
		TOTAL = KEYS + TARGET + 4 * PTR + 2 * STR + INT + DICT,
	};
	static const char *const tk[6] = {"arch", "keys", "kind", "max_num_threads", "tag", "thread_warp_size"};
	unsigned char *p = ar_alloc(g->a, TOTAL), *end = p + TOTAL;
#define TAKE(n) ((void *)((p += (n)) - (n)))
	Expr **items = TAKE(2 * PTR);
	items[0] = irb_str_in(TAKE(STR), "cuda");
	items[1] = irb_str_in(TAKE(STR), "gpu");
	Expr *keys = irb_list_in(TAKE(LIST), EX_LIST, items, 2);
	Expr **k = TAKE(6 * PTR);
	Expr **v = TAKE(6 * PTR);
	for (int i = 0; i < 6; i++)
		k[i] = irb_str_in(TAKE(STR), tk[i]);
	v[0] = irb_str_in(TAKE(STR), arch);
	v[1] = keys;
	v[2] = irb_str_in(TAKE(STR), "cuda");
	v[3] = irb_int_in(TAKE(INT), 1024, IR_DT_INT32);
	v[4] = irb_str_in(TAKE(STR), "");
	v[5] = irb_int_in(TAKE(INT), 32, IR_DT_INT32);
	Expr **args = TAKE(PTR);
	args[0] = irb_dict_in(TAKE(DICT), k, v, 6);
	Expr *target = irb_call_in(TAKE(CALL), "target", args, 1);
	k = TAKE(2 * PTR);
	v = TAKE(2 * PTR);
	k[0] = irb_str_in(TAKE(STR), "target");
	k[1] = irb_str_in(TAKE(STR), "tir.noalias");
	v[0] = target;
	v[1] = irb_int_in(TAKE(INT), 1, IR_DT_BOOL);
	Expr *attrs = irb_dict_in(TAKE(DICT), k, v, 2);
#undef TAKE
	if (p != end)
		abort();
	return attrs;
}
#endif

static Expr *
func_attrs(G *g)
{
	const char *arch = "sm_90a";
	if (on(g, FZ_F_TARGET) && dz_flip(&g->d, 70)) {
		use(g, FZ_F_TARGET);
		static const char *const archs[] = {NULL, "sm_80", "sm_100a", "sm_90"};
		arch = archs[dz_choose(&g->d, 4)];
	}
#ifndef IR_NODE_GUARDED
	if (arch)
		return target_attrs(g, arch);
#endif
	Expr *noalias = B(g, 1);
	if (!arch) {
		const char *k[] = {"tir.noalias"};
		return dict(g, 1, k, &noalias);
	}
	Expr **keys = ar_alloc(g->a, sizeof *keys * 2);
	keys[0] = S(g, "cuda");
	keys[1] = S(g, "gpu");
	const char *tk[] = {"arch", "keys", "kind", "max_num_threads", "tag", "thread_warp_size"};
	Expr *tv[] = {S(g, arch), ir_tuple(g->a, EX_LIST, keys, 2), S(g, "cuda"), I(g, 1024), S(g, ""), I(g, 32)};
	Expr *target = call1(g, "target", dict(g, 6, tk, tv));
	const char *fk[] = {"target", "tir.noalias"};
	Expr *fv[] = {target, noalias};
	return dict(g, 2, fk, fv);
}

/* The parameters: the descriptors, then A and n where the features use them. */
static void
params(G *g)
{
	Var *vars[5];
	int n = 0;
	g->Adesc = vars[n++] = mkvar(g, "A_desc", "uint8x128", "grid_constant");
	g->Bdesc = vars[n++] = mkvar(g, "B_desc", "uint8x128", "grid_constant");
	g->Cdesc = vars[n++] = mkvar(g, "C_desc", "uint8x128", "grid_constant");
	if (on(g, FZ_F_BULK | FZ_F_CP_ASYNC))
		g->Aglob = vars[n++] = mkvar(g, "A", "float16", "global");
	if (on(g, FZ_F_LOOPS | FZ_F_WHILE | FZ_F_IF | FZ_F_ATTR | FZ_F_EXTERN) && dz_flip(&g->d, 70))
		g->n = vars[n++] = mkvar(g, "n", "int32", NULL);
	if (!g->n && on(g, FZ_F_LOOPS))
		g->n = vars[n++] = mkvar(g, "n", "int32", NULL);
	Param *p = ar_alloc_uninit(g->a, sizeof *p * (size_t)n);
	for (int i = 0; i < n; i++)
		p[i] = (Param){vars[i], NULL};
	g->f->params = p;
	g->f->nparams = n;
}

/* Puts barrier init under an elected thread, then the fence-of-init and a
 * sync.  Without the node guard its nodes and arrays (the same as the
 * builders below make) in one bump of the arena: the prelude is the same
 * in every program. */
static void
prelude(G *g)
{
#ifndef IR_NODE_GUARDED
	enum {
		INT = IR_EXPR_UPTO(i), STR = IR_EXPR_WITH(s), VAR = IR_EXPR_WITH(var),
		LOAD = IR_EXPR_WITH(load), CALL = IR_EXPR_UPTO(call.kwnames), EVAL = IR_STMT_WITH(eval),
		IF = IR_STMT_WITH(if_), SEQ = IR_STMT_WITH(seq), PTR = sizeof(Expr *),
		PREFETCH = 3 * PTR + 2 * STR + VAR + CALL + EVAL,
		INIT = PTR + INT + 2 * PTR + LOAD + INT + CALL + EVAL,
		TOTAL = 5 * PTR + PREFETCH + 4 * INIT + SEQ + (PTR + INT + CALL + IF) + (PTR + CALL + EVAL) +
		        (PTR + STR + CALL + EVAL),
	};
	unsigned char *p = ar_alloc(g->a, TOTAL), *end = p + TOTAL;
#define TAKE(n) ((void *)((p += (n)) - (n)))
	Stmt **items = TAKE(5 * PTR);
	Expr **args = TAKE(3 * PTR);
	args[0] = irb_str_in(TAKE(STR), "handle");
	args[1] = irb_str_in(TAKE(STR), "tl::prefetch_tma_descriptor");
	args[2] = irb_varref_in(TAKE(VAR), g->Adesc);
	Expr *call = irb_call_in(TAKE(CALL), "call_extern", args, 3);
	items[0] = irb_eval_in(TAKE(EVAL), call);
	for (int i = 0; i < 4; i++) {
		Expr **idx = TAKE(PTR);
		idx[0] = irb_int_in(TAKE(INT), i, IR_DT_INT32);
		args = TAKE(2 * PTR);
		args[0] = irb_load_in(TAKE(LOAD), g->mbar, idx, 1);
		args[1] = irb_int_in(TAKE(INT), 128, IR_DT_INT32);
		call = irb_call_in(TAKE(CALL), "ptx_init_barrier_thread_count", args, 2);
		items[1 + i] = irb_eval_in(TAKE(EVAL), call);
	}
	Stmt *init = irb_seq_in(TAKE(SEQ), items, 5);
	args = TAKE(PTR);
	args[0] = irb_int_in(TAKE(INT), 0, IR_DT_INT32);
	call = irb_call_in(TAKE(CALL), "tl_shuffle_elect", args, 1);
	put(g, irb_if_in(TAKE(IF), call, init, NULL));
	args = TAKE(PTR); /* the slot as ar_alloc gives it: NULL */
	call = irb_call_in(TAKE(CALL), "ptx_fence_barrier_init", args, 0);
	put(g, irb_eval_in(TAKE(EVAL), call));
	args = TAKE(PTR);
	args[0] = irb_str_in(TAKE(STR), "shared");
	call = irb_call_in(TAKE(CALL), "tvm_storage_sync", args, 1);
	put(g, irb_eval_in(TAKE(EVAL), call));
#undef TAKE
	if (p != end)
		abort();
#else
	int base = g->nopen;
	put(g, eval3(g, "call_extern", S(g, "handle"), S(g, "tl::prefetch_tma_descriptor"), V(g, g->Adesc)));
	for (int i = 0; i < 4; i++)
		put(g, eval2(g, "ptx_init_barrier_thread_count", load1(g, g->mbar, I(g, i)), I(g, 128)));
	Stmt *init = close_seq(g, base);
	put(g, mkif(g, call1(g, "tl_shuffle_elect", I(g, 0)), init, NULL));
	put(g, eval0(g, "ptx_fence_barrier_init"));
	put(g, eval1(g, "tvm_storage_sync", S(g, "shared")));
#endif
}

Program *
fz_generate_full(Arena *a, Decider *d, const GenOptions *o, unsigned *used, unsigned *versions)
{
	G g0, *g = &g0;
	memset(g, 0, offsetof(G, leaf_at));
	g->a = a;
	g->d = *d;
	/* Every op the generator calls is in every version but the head-only
	 * ones (HEAD_OPS), which take their own; the prelude always calls. */
	g->call_versions = VV_ALL;
	g->feat = o && o->features ? o->features & FZ_F_ALL : dz_bits(&g->d, FZ_NFEATURES);
	g->versions = o && o->versions & VV_ALL ? o->versions & VV_ALL : VV_ALL;
	if (!(g->versions & VV_HEAD))
		g->feat &= ~(unsigned)FZ_F_HEAD_OPS;
	leaf_weights(g);
	comp_weights(g);
	g->open = g->open_room;
	g->open_cap = OPEN_ROOM;
	int size = o && o->size > 0 ? o->size : 30;
	g->budget = size;
	Func *f = g->f = ir_func(a, "main");

	params(g);
	f->attrs = func_attrs(g);

	int nthreads = on(g, FZ_F_WARPSPEC) ? 256 : 128;
	g->bx = mkvar(g, "bx", "int32", NULL);
	g->tx = mkvar(g, "tx", "int32", NULL);
	if (on(g, FZ_F_ALIAS) && dz_flip(&g->d, 80)) {
		use(g, FZ_F_ALIAS);
		g->dyn = mkvar(g, "buf_dyn_shmem", "uint8", "shared.dyn");
	}
	static const char *const snames[3] = {"A_shared", "B_shared", "C_shared"};
	for (int i = 0; i < 3; i++) {
		if (g->dyn && (i == 0 || dz_flip(&g->d, 70))) {
			g->shared[i] = buffer(g, snames[i], "float16", 8192, g->dyn, BUF_ALIAS);
			g->shared_off[i] = 8192 * i;
		} else {
			g->shared[i] = decl(g, snames[i], "float16", 8192, i == 2 && dz_flip(&g->d, 50) ? "shared" : "shared.dyn");
		}
	}
	g->mbar = decl(g, "mbarrier", "uint64", 4, "shared.barrier");
	g->clocal = decl(g, "C_local", "float32", 32, "local");
	g->counter = decl(g, "k", "int32", 1, "local");
	g->acount = decl(g, "counter", "int32", 1, "shared");
	g->desc_a = decl(g, "desc_a", "uint64", 1, "local.descriptor.wgmma");
	g->desc_b = decl(g, "desc_b", "uint64", 1, "local.descriptor.wgmma");
	g->tmem = decl(g, "C_tmem", "uint32", 1, "local");

	prelude(g);
	block_into(g, size, R_ANY);
	Stmt *body = close_seq(g, 0);
	if (g->open != g->open_room)
		free(g->open);

	/* Wrap inside out: decls, then launches (and the allocation between). */
	Buffer *decls[] = {g->tmem, g->desc_b, g->desc_a, g->acount, g->counter, g->clocal, g->mbar,
	                   g->shared[2], g->shared[1], g->shared[0]};
	enum { NDECLS = sizeof decls / sizeof decls[0] };
#ifndef IR_NODE_GUARDED
	/* The declarations' nodes in one bump of the arena. */
	int ndecl = 0;
	for (int i = 0; i < NDECLS; i++)
		ndecl += decls[i]->kind == BUF_DECL;
	unsigned char *room = ar_alloc(a, IR_STMT_WITH(decl) * (size_t)ndecl);
	for (int i = 0; i < NDECLS; i++)
		if (decls[i]->kind == BUF_DECL) {
			body = irb_decl_in((Stmt *)room, decls[i], 1, body);
			room += IR_STMT_WITH(decl);
		}
#else
	for (int i = 0; i < NDECLS; i++)
		if (decls[i]->kind == BUF_DECL)
			body = mkdecl(g, decls[i], body);
#endif
	body = ir_launch(a, g->tx, "threadIdx.x", I(g, nthreads), body);
	if (g->dyn) {
		Expr **ext = ar_alloc(a, sizeof *ext);
		ext[0] = I(g, 8192 * 3 * 2);
		body = ir_alloc(a, g->dyn, ext, 1, NULL, NULL, body);
	}
	body = ir_launch(a, g->bx, "blockIdx.x", I(g, 132), body);
	f->body = body;
	f->has_root_block = (g->used & FZ_F_BLOCK) != 0; /* as the reader: any block implies the root */

	Program *p = ir_program(a);
	p->nfuncs = 1;
	p->funcs = ar_alloc(a, sizeof *p->funcs);
	p->funcs[0] = f;
	*d = g->d;
	if (used)
		*used = g->used;
	if (versions)
		*versions = g->call_versions;
	return p;
}

Program *
fz_generate_ex(Arena *a, Decider *d, const GenOptions *o, unsigned *used)
{
	return fz_generate_full(a, d, o, used, NULL);
}

Program *
fz_generate(Arena *a, Decider *d, const GenOptions *o)
{
	return fz_generate_full(a, d, o, NULL, NULL);
}

static const char *const feature_names[] = {
#define X(id, name, help) name,
	FZ_FEATURES(X)
#undef X
};
static const char *const feature_helps[] = {
#define X(id, name, help) help,
	FZ_FEATURES(X)
#undef X
};

const char *
fz_feature_name(int bit)
{
	return bit >= 0 && bit < FZ_NFEATURES ? feature_names[bit] : NULL;
}

const char *
fz_feature_help(int bit)
{
	return bit >= 0 && bit < FZ_NFEATURES ? feature_helps[bit] : NULL;
}

int
fz_parse_features(const char *list, unsigned *mask)
{
	if (strcmp(list, "all") == 0) {
		*mask = FZ_F_ALL;
		return 0;
	}
	unsigned m = 0;
	const char *p = list;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t len = end ? (size_t)(end - p) : strlen(p);
		int found = -1;
		for (int i = 0; i < FZ_NFEATURES; i++)
			if (strlen(feature_names[i]) == len && strncmp(feature_names[i], p, len) == 0)
				found = i;
		if (found < 0)
			return -1;
		m |= 1u << found;
		p += len;
		if (*p == ',')
			p++;
	}
	if (!m)
		return -1;
	*mask = m;
	return 0;
}
