/* cross.c: soundness across warp-specialized partitions (docs/cross-partition.md).
 *
 * The soundness oracle (soundness.c) follows one thread's program order and
 * treats every branch as unknown.  TileLang's Hopper kernels split the
 * threads of a block into partitions (`if tx >= 128:` producer / consumer,
 * `if tx == 0:` or `T.shuffle_elect(k)` issuers) that hand shared memory to
 * each other through mbarriers and bar.sync; a proxy hazard then crosses
 * threads: a consumer's ld.shared of a pipeline stage, its arrive on the
 * stage's "empty" barrier, the producer's wait and TMA load into the stage;
 * or every consumer's st.shared of an epilogue tile, a barrier, one thread's
 * TMA store.  This oracle judges those hazards.
 *
 *  1. Thread classes.  The threadIdx.x launch (or thread-binding loop) gives
 *     the block's threads 0..N-1 (N <= CR_MAX_THREADS, constant).  Every
 *     condition that mentions tx is a thread predicate; threads that decide
 *     every predicate alike form one class (exactly: each thread is tried).
 *  2. One walk per class, with tx fixed to the class (its first thread for
 *     decisions, the hull of its threads for footprints): predicates decided,
 *     other conditions unknown (both arms walked, their events marked "may"),
 *     constant loops walked iteration by iteration with the loop variable
 *     known (at most CR_UNROLL iterations: beyond that the verdict is
 *     bounded), other loops CR_UNROLL times as "may".  The walk records
 *     shared-memory accesses by proxy (the oracles' effect table), fences,
 *     mbarrier arrives and parity waits, and bar.sync (tvm_storage_sync).
 *  3. Happens-before: program order within a class; the j-th arrive of a
 *     class on an mbarrier object completes phase j of it, and a parity wait
 *     waits for the phase its own count of completed waits names (a wait
 *     whose parity is that of the phase before the first, the "pre-arrived"
 *     idiom of a fresh "empty" barrier, returns at once); the g-th bar.sync
 *     of every class meets the g-th of every other.  Where two classes touch
 *     the same shared bytes with no such ordering and the second access sits
 *     under a thread predicate, TileLang's ThreadSync inserts a barrier
 *     before that `if` (syncs never go under a thread predicate); the oracle
 *     assumes that barrier and says so in the witness.
 *  4. A hazard is a generic access in one class, ordered before an async
 *     access of overlapping footprint in another class (write -> read,
 *     write -> write, and with o->war read -> write).  Profiles:
 *     program-order (FK_UNSOUND_CROSS): some happens-before path from the
 *     access to the async op passes no fence, in any thread;
 *     writer (FK_UNSOUND_WRITER): the writing threads did not fence after the
 *     access and before their synchronization (NVIDIA's documented pattern:
 *     every writer fences, then the barrier, then one thread issues).
 *
 * Independent of the pass models: ops are looked up in effects.def, plus a
 * short list of synchronization op names below.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "effects.h"
#include "oracle.h"

enum {
	CR_MAX_THREADS = 1024,
	CR_UNROLL = 4,           /* iterations of one loop walked */
	CR_MAX_EVENTS = 1 << 15, /* per class walk */
	CR_MAX_CLASSES = 16,
	CR_MAX_PREDS = 64,
	CR_MAX_ENV = 256,
	CR_MAX_DESCS = 64,
	CR_MAX_DEPTH = 200
};

typedef enum {
	CE_GREAD, CE_GWRITE, CE_AREAD, CE_AWRITE, CE_FENCE, CE_ARRIVE, CE_WAIT, CE_SYNC,
	CE_GUARD /* the program point of an `if` on a thread predicate (taken or not) */
} CKind;

typedef struct CEv {
	CKind kind;
	Loc loc;
	const char *op;
	const char *buf;
	Foot foot;
	const Var *bar;       /* CE_ARRIVE/CE_WAIT: the barrier allocation */
	int64_t bar_idx;      /* element, -1 unknown */
	int64_t bar_lo, bar_hi; /* the element's interval (unknown: everything) */
	int parity;           /* CE_WAIT: 0/1, -1 unknown */
	int phase;            /* CE_ARRIVE/CE_WAIT: phase completed / waited for; -1 none */
	int advances;         /* CE_WAIT: it waited for a phase not yet seen complete */
	int gen;              /* CE_SYNC: generation */
	const Stmt *guard;    /* CE_GUARD */
	int occ;              /* CE_GUARD: how many times this class reached it before */
	int may;              /* may not happen on the path that reaches the rest */
	int region_end;       /* end (exclusive trace position) of the innermost region
	                       * that may not run (an arm of an unknown if, an iteration
	                       * of a loop of unknown trip count) around it; events
	                       * before it execute whenever this one does */
	int guard_ev;         /* index of the innermost enclosing CE_GUARD event, -1 none */
} CEv;

typedef struct Ival2 {
	int64_t lo, hi;
	int ok;
} Ival2;

typedef struct Class {
	int first, last, count; /* threads: first, last, how many */
	CEv *ev;
	int n, cap;
} Class;

typedef struct Cx {
	const Func *f;
	const OracleOptions *o;
	const Var *tx;
	int64_t nthreads;
	const Expr *preds[CR_MAX_PREDS];
	int npreds;
	/* the walk */
	Class *cls;
	int64_t tx_lo, tx_hi, tx_pt;  /* hull and representative of the class walked */
	const Var *env_v[CR_MAX_ENV];
	Ival2 env_x[CR_MAX_ENV];
	int nenv;
	const Var *desc_v[CR_MAX_DESCS];
	Foot desc_f[CR_MAX_DESCS];
	int ndesc;
	int may;
	int guard_ev;
	int truncated;    /* a loop walked fewer iterations than it runs */
	int unknown_ctl;  /* a branch or loop walked as "may" */
	int overflow;
	int depth;
} Cx;

static const Ival2 UNK = {0, 0, 0};

static Ival2
pt(int64_t v)
{
	return (Ival2){v, v, 1};
}

/* ---- expressions: interval evaluation ------------------------------------------------- */

static int
lookup(const Cx *c, const Var *v, Ival2 *out)
{
	for (int i = c->nenv - 1; i >= 0; i--)
		if (c->env_v[i] == v) {
			*out = c->env_x[i];
			return 1;
		}
	return 0;
}

static void
bind(Cx *c, const Var *v, Ival2 x)
{
	if (c->nenv < CR_MAX_ENV) {
		c->env_v[c->nenv] = v;
		c->env_x[c->nenv++] = x;
	} else {
		c->overflow = 1;
	}
}

static int64_t
fdiv(int64_t a, int64_t b)
{
	int64_t q = a / b;
	return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static Ival2
hull4(int64_t a, int64_t b, int64_t c, int64_t d)
{
	int64_t lo = a, hi = a;
	int64_t v[3] = {b, c, d};
	for (int i = 0; i < 3; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	return (Ival2){lo, hi, 1};
}

static int
small(Ival2 x)
{
	return x.ok && x.lo > -(1LL << 40) && x.hi < (1LL << 40);
}

static Ival2 eval(Cx *c, const Expr *e, int hull, int depth);

/* tl_shuffle_elect(k): one thread of each group of k consecutive threads (k
 * = 0: of the whole block) takes the branch; elect.sync picks the lowest
 * active lane, the group's first thread when the whole group is there. */
static Ival2
elect(Cx *c, const Expr *e, int hull, int depth)
{
	if (e->u.call.nargs != 1)
		return UNK;
	Ival2 k = eval(c, e->u.call.args[0], 0, depth + 1);
	if (!k.ok || k.lo != k.hi || k.lo < 0)
		return UNK;
	Ival2 t = hull ? (Ival2){c->tx_lo, c->tx_hi, 1} : pt(c->tx_pt);
	if (t.lo != t.hi)
		return (Ival2){0, 1, 1};
	return pt(k.lo == 0 ? t.lo == 0 : t.lo % k.lo == 0);
}

static Ival2
eval_bin(BinOp op, Ival2 a, Ival2 b)
{
	if (!small(a) || !small(b))
		return UNK;
	switch (op) {
	case BIN_ADD: return (Ival2){a.lo + b.lo, a.hi + b.hi, 1};
	case BIN_SUB: return (Ival2){a.lo - b.hi, a.hi - b.lo, 1};
	case BIN_MUL: return hull4(a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi);
	case BIN_DIV:
	case BIN_FLOORDIV:
		if (b.lo != b.hi || b.lo == 0)
			return UNK;
		if (op == BIN_DIV && (a.lo < 0 || b.lo < 0))
			return UNK;
		return b.lo > 0 ? (Ival2){fdiv(a.lo, b.lo), fdiv(a.hi, b.lo), 1}
		                : (Ival2){fdiv(a.hi, b.lo), fdiv(a.lo, b.lo), 1};
	case BIN_FLOORMOD:
		if (b.lo != b.hi || b.lo <= 0)
			return UNK;
		if (fdiv(a.lo, b.lo) == fdiv(a.hi, b.lo))
			return (Ival2){a.lo - fdiv(a.lo, b.lo) * b.lo, a.hi - fdiv(a.lo, b.lo) * b.lo, 1};
		return (Ival2){0, b.lo - 1, 1};
	case BIN_LT: return a.hi < b.lo ? pt(1) : a.lo >= b.hi ? pt(0) : (Ival2){0, 1, 1};
	case BIN_LE: return a.hi <= b.lo ? pt(1) : a.lo > b.hi ? pt(0) : (Ival2){0, 1, 1};
	case BIN_GT: return a.lo > b.hi ? pt(1) : a.hi <= b.lo ? pt(0) : (Ival2){0, 1, 1};
	case BIN_GE: return a.lo >= b.hi ? pt(1) : a.hi < b.lo ? pt(0) : (Ival2){0, 1, 1};
	case BIN_EQ:
		if (a.lo == a.hi && b.lo == b.hi)
			return pt(a.lo == b.lo);
		return (a.hi < b.lo || b.hi < a.lo) ? pt(0) : (Ival2){0, 1, 1};
	case BIN_NE:
		if (a.lo == a.hi && b.lo == b.hi)
			return pt(a.lo != b.lo);
		return (a.hi < b.lo || b.hi < a.lo) ? pt(1) : (Ival2){0, 1, 1};
	case BIN_AND:
		if ((a.lo == a.hi && a.lo == 0) || (b.lo == b.hi && b.lo == 0))
			return pt(0);
		if (a.lo == a.hi && b.lo == b.hi)
			return pt(1);
		return (Ival2){0, 1, 1};
	case BIN_OR:
		if ((a.lo == a.hi && a.lo != 0) || (b.lo == b.hi && b.lo != 0))
			return pt(1);
		if (a.lo == a.hi && b.lo == b.hi)
			return pt(0);
		return (Ival2){0, 1, 1};
	}
	return UNK;
}

static Ival2
eval(Cx *c, const Expr *e, int hull, int depth)
{
	if (!e || depth > CR_MAX_DEPTH)
		return UNK;
	int64_t v;
	switch (e->kind) {
	case EX_INT:
	case EX_POD_BOOL:
		return pt(e->u.i);
	case EX_VAR: {
		if (e->u.var == c->tx)
			return hull ? (Ival2){c->tx_lo, c->tx_hi, 1} : pt(c->tx_pt);
		Ival2 x;
		return lookup(c, e->u.var, &x) ? x : UNK;
	}
	case EX_BIN:
		return eval_bin(e->u.bin.op, eval(c, e->u.bin.a, hull, depth + 1),
		                eval(c, e->u.bin.b, hull, depth + 1));
	case EX_NOT: {
		Ival2 x = eval(c, e->u.operand, hull, depth + 1);
		if (!x.ok || x.lo != x.hi)
			return x.ok ? (Ival2){0, 1, 1} : UNK;
		return pt(x.lo == 0);
	}
	case EX_CALL: {
		const char *n = e->u.call.name;
		int na = e->u.call.nargs;
		Expr *const *a = e->u.call.args;
		if (!strcmp(n, "tl_shuffle_elect") || !strcmp(n, "shuffle_elect"))
			return elect(c, e, hull, depth);
		if (!strcmp(n, "Cast") && na == 2)
			return eval(c, a[1], hull, depth + 1);
		if ((!strcmp(n, "bitwise_xor") || !strcmp(n, "bitwise_and") || !strcmp(n, "bitwise_or") ||
		     !strcmp(n, "shift_left") || !strcmp(n, "shift_right")) && na == 2) {
			Ival2 x = eval(c, a[0], hull, depth + 1), y = eval(c, a[1], hull, depth + 1);
			if (!small(x) || !small(y) || y.lo != y.hi)
				return UNK;
			if (x.lo == x.hi) {
				int64_t r = !strcmp(n, "bitwise_xor")   ? (x.lo ^ y.lo)
				            : !strcmp(n, "bitwise_and") ? (x.lo & y.lo)
				            : !strcmp(n, "bitwise_or")  ? (x.lo | y.lo)
				            : y.lo < 0 || y.lo > 40     ? 0
				            : !strcmp(n, "shift_left")  ? (x.lo << y.lo)
				                                        : (x.lo >> y.lo);
				return pt(r);
			}
			if (!strcmp(n, "shift_right") && y.lo >= 0 && y.lo < 40 && x.lo >= 0)
				return (Ival2){x.lo >> y.lo, x.hi >> y.lo, 1};
			return UNK;
		}
		if ((!strcmp(n, "min") || !strcmp(n, "max")) && na == 2) {
			Ival2 x = eval(c, a[0], hull, depth + 1), y = eval(c, a[1], hull, depth + 1);
			if (!x.ok || !y.ok)
				return UNK;
			if (!strcmp(n, "min"))
				return (Ival2){x.lo < y.lo ? x.lo : y.lo, x.hi < y.hi ? x.hi : y.hi, 1};
			return (Ival2){x.lo > y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi, 1};
		}
		if (!strcmp(n, "likely") && na == 1)
			return eval(c, a[0], hull, depth + 1);
		if (!strcmp(n, "if_then_else") && na == 3) {
			Ival2 k = eval(c, a[0], hull, depth + 1);
			if (k.ok && k.lo == k.hi)
				return eval(c, a[k.lo ? 1 : 2], hull, depth + 1);
			Ival2 x = eval(c, a[1], hull, depth + 1), y = eval(c, a[2], hull, depth + 1);
			if (!x.ok || !y.ok)
				return UNK;
			return (Ival2){x.lo < y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi, 1};
		}
		return UNK;
	}
	default:
		(void)v;
		return UNK;
	}
}

/* Does e mention tx (directly; lets bound from tx are looked through by the
 * evaluator when walking, not here)? */
static int
mentions_tx(const Cx *c, const Expr *e, int depth)
{
	if (!e || depth > CR_MAX_DEPTH)
		return 0;
	switch (e->kind) {
	case EX_VAR:
		return e->u.var == c->tx;
	case EX_BIN:
		return mentions_tx(c, e->u.bin.a, depth + 1) || mentions_tx(c, e->u.bin.b, depth + 1);
	case EX_NOT:
		return mentions_tx(c, e->u.operand, depth + 1);
	case EX_CALL:
		if (!strcmp(e->u.call.name, "tl_shuffle_elect") || !strcmp(e->u.call.name, "shuffle_elect"))
			return 1;
		for (int i = 0; i < e->u.call.nargs; i++)
			if (mentions_tx(c, e->u.call.args[i], depth + 1))
				return 1;
		return 0;
	default:
		return 0;
	}
}

/* ---- finding the threads and the thread predicates ------------------------------------ */

static void
scan_threads(Cx *c, const Stmt *s, int depth)
{
	if (!s || depth > CR_MAX_DEPTH)
		return;
	int64_t n;
	switch (s->kind) {
	case ST_SEQ:
		for (int i = 0; i < s->u.seq.n; i++)
			scan_threads(c, s->u.seq.items[i], depth + 1);
		return;
	case ST_LAUNCH:
		if (!c->tx && !strcmp(s->u.launch.tag, "threadIdx.x") &&
		    ir_is_const_int(s->u.launch.extent, &n)) {
			c->tx = s->u.launch.var;
			c->nthreads = n;
		}
		scan_threads(c, s->u.launch.body, depth + 1);
		return;
	case ST_FOR:
		if (!c->tx && s->u.for_.kind == FOR_THREAD_BINDING && s->u.for_.thread &&
		    !strcmp(s->u.for_.thread, "threadIdx.x") && ir_is_const_int(s->u.for_.extent, &n)) {
			c->tx = s->u.for_.var;
			c->nthreads = n;
		}
		scan_threads(c, s->u.for_.body, depth + 1);
		return;
	case ST_IF:
		if (c->tx && mentions_tx(c, s->u.if_.cond, 0) && c->npreds < CR_MAX_PREDS)
			c->preds[c->npreds++] = s->u.if_.cond;
		scan_threads(c, s->u.if_.then_, depth + 1);
		scan_threads(c, s->u.if_.else_, depth + 1);
		return;
	case ST_BLOCK:
		if (c->tx && s->u.block.where && mentions_tx(c, s->u.block.where, 0) &&
		    c->npreds < CR_MAX_PREDS)
			c->preds[c->npreds++] = s->u.block.where;
		scan_threads(c, s->u.block.body, depth + 1);
		return;
	default:
		scan_threads(c, ir_body(s), depth + 1);
		return;
	}
}

/* ---- the walk -------------------------------------------------------------------------- */

static CEv *
push(Cx *c, CKind k, const char *op)
{
	Class *cl = c->cls;
	if (cl->n >= CR_MAX_EVENTS) {
		c->overflow = 1;
		return NULL;
	}
	if (cl->n == cl->cap) {
		cl->cap = cl->cap ? cl->cap * 2 : 64;
		CEv *nv = realloc(cl->ev, (size_t)cl->cap * sizeof *nv);
		if (!nv)
			abort();
		cl->ev = nv;
	}
	CEv *e = &cl->ev[cl->n++];
	memset(e, 0, sizeof *e);
	e->kind = k;
	e->op = op;
	e->may = c->may > 0;
	e->phase = -1;
	e->bar_idx = -1;
	e->parity = -1;
	e->guard_ev = c->guard_ev;
	return e;
}

static const Var *
ptr_var(const Expr *e)
{
	if (e && e->kind == EX_VAR && e->u.var->ptr_scope)
		return e->u.var;
	return NULL;
}

static int
data_shared(const Var *v)
{
	return v && v->ptr_scope && orc_scope_is_data_shared(v->ptr_scope);
}

static Foot
whole(const Var *v)
{
	return (Foot){v, 0, 0, 0};
}

static Foot
bytes(const Var *v, Ival2 el, int64_t es)
{
	if (!v || !small(el) || es <= 0)
		return whole(v);
	return (Foot){v, el.lo * es, (el.hi + 1) * es, 1};
}

/* tvm_access_ptr(type, base, offset, extent, mask) or address_of(buf[i]):
 * the footprint, or 0 when e is no pointer into data shared memory. */
static int
pointer_foot(Cx *c, const Expr *e, Foot *f, int *mask, const char **buf)
{
	*mask = 0;
	if (!e)
		return 0;
	if (e->kind == EX_CALL && (!strcmp(e->u.call.name, "tvm_access_ptr") ||
	                           !strcmp(e->u.call.name, "access_ptr"))) {
		Expr *const *a = e->u.call.args;
		if (e->u.call.nargs < 2)
			return 0;
		const Var *v = ptr_var(a[1]);
		if (!data_shared(v))
			return 0;
		*buf = v->owner ? v->owner->name : v->name;
		int64_t m = 3;
		if (e->u.call.nargs >= 5 && !ir_is_const_int(a[4], &m))
			m = 3;
		*mask = (int)m;
		int64_t es = 0;
		if (a[0]->kind == EX_CALL && !strcmp(a[0]->u.call.name, "type_annotation") &&
		    a[0]->u.call.nargs == 1 && a[0]->u.call.args[0]->kind == EX_STR)
			es = orc_dtype_bytes(a[0]->u.call.args[0]->u.s);
		if (e->u.call.nargs >= 4 && es > 0) {
			Ival2 off = eval(c, a[2], 1, 0), ext = eval(c, a[3], 1, 0);
			if (small(off) && small(ext) && ext.lo == ext.hi && ext.lo > 0) {
				*f = bytes(v, (Ival2){off.lo, off.hi + ext.lo - 1, 1}, es);
				return 1;
			}
		}
		*f = whole(v);
		return 1;
	}
	if (e->kind == EX_CALL && !strcmp(e->u.call.name, "address_of") && e->u.call.nargs == 1 &&
	    e->u.call.args[0]->kind == EX_LOAD) {
		const Expr *l = e->u.call.args[0];
		const Buffer *b = l->u.load.buf;
		if (!data_shared(b->data))
			return 0;
		*buf = b->name;
		*mask = 3;
		Ival2 i = l->u.load.nidx == 1 ? eval(c, l->u.load.idx[0], 1, 0) : UNK;
		*f = bytes(b->data, i, orc_dtype_bytes(b->dtype));
		return 1;
	}
	const Var *v = ptr_var(e);
	if (data_shared(v)) {
		*buf = v->owner ? v->owner->name : v->name;
		*mask = 3;
		*f = whole(v);
		return 1;
	}
	return 0;
}

static void
access(Cx *c, CKind k, const char *op, const char *buf, Foot f, Loc loc)
{
	CEv *e = push(c, k, op);
	if (e) {
		e->foot = f;
		e->buf = buf;
		e->loc = loc;
	}
}

static Foot
load_foot(Cx *c, const Expr *l)
{
	const Buffer *b = l->u.load.buf;
	Ival2 i = UNK;
	if (l->u.load.nidx == 1) {
		const Expr *ix = l->u.load.idx[0];
		if (ix->kind == EX_SLICE) {
			Ival2 lo = eval(c, ix->u.slice.begin, 1, 0), hi = eval(c, ix->u.slice.end, 1, 0);
			if (small(lo) && small(hi) && hi.hi > lo.lo)
				i = (Ival2){lo.lo, hi.hi - 1, 1};
		} else {
			i = eval(c, ix, 1, 0);
		}
	}
	return bytes(b->data, i, orc_dtype_bytes(b->dtype));
}

/* Shared loads anywhere in an expression (generic reads); pointers inside
 * calls are the call's business (call_stmt). */
static void
scan_loads(Cx *c, const Expr *e, Loc loc, int depth)
{
	if (!e || depth > CR_MAX_DEPTH)
		return;
	switch (e->kind) {
	case EX_LOAD:
		if (data_shared(e->u.load.buf->data))
			access(c, CE_GREAD, "load", e->u.load.buf->name, load_foot(c, e), loc);
		for (int i = 0; i < e->u.load.nidx; i++)
			scan_loads(c, e->u.load.idx[i], loc, depth + 1);
		return;
	case EX_BIN:
		scan_loads(c, e->u.bin.a, loc, depth + 1);
		scan_loads(c, e->u.bin.b, loc, depth + 1);
		return;
	case EX_NOT:
		scan_loads(c, e->u.operand, loc, depth + 1);
		return;
	case EX_CALL:
		if (!strcmp(e->u.call.name, "address_of"))
			return;
		for (int i = 0; i < e->u.call.nargs; i++)
			scan_loads(c, e->u.call.args[i], loc, depth + 1);
		return;
	case EX_SLICE:
		scan_loads(c, e->u.slice.begin, loc, depth + 1);
		scan_loads(c, e->u.slice.end, loc, depth + 1);
		return;
	default:
		return;
	}
}

static const Var *
desc_of(const Expr *e)
{
	if (!e)
		return NULL;
	if (e->kind == EX_VAR && e->u.var->ptr_scope && !strncmp(e->u.var->ptr_scope, "local.descriptor", 16))
		return e->u.var;
	if (e->kind == EX_LOAD && e->u.load.buf->data && e->u.load.buf->data->ptr_scope &&
	    !strncmp(e->u.load.buf->data->ptr_scope, "local.descriptor", 16))
		return e->u.load.buf->data;
	return NULL;
}

static int
is_name(const char *n, const char *const *names)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(n, names[i]))
			return 1;
	return 0;
}

/* Synchronization ops by name (the effect table knows them as mbarrier
 * operations; which ones arrive and which wait is said here). */
static const char *const arrive_ops[] = {"ptx_arrive_barrier", "ptx_arrive_barrier_expect_tx",
                                         "tl::mbarrier_arrive", "ptx_cp_async_barrier",
                                         "ptx_cp_async_barrier_noinc", NULL};
static const char *const wait_ops[] = {"mbarrier_wait_parity", "tl::mbarrier_wait", NULL};

static void
barrier_ref(Cx *c, const Expr *e, CEv *ev)
{
	if (e && e->kind == EX_LOAD && e->u.load.nidx == 1) {
		ev->bar = e->u.load.buf->data;
		Ival2 i = eval(c, e->u.load.idx[0], 0, 0);
		ev->bar_idx = i.ok && i.lo == i.hi ? i.lo : -1;
		ev->bar_lo = i.ok ? i.lo : INT64_MIN;
		ev->bar_hi = i.ok ? i.hi : INT64_MAX;
		ev->buf = e->u.load.buf->name;
	} else if (e && e->kind == EX_VAR) {
		ev->bar = e->u.var;
		ev->bar_idx = ev->bar_lo = ev->bar_hi = 0;
		ev->buf = e->u.var->name;
	}
}

static void
call_stmt(Cx *c, const Expr *call, Loc loc)
{
	const char *name = call->u.call.name;
	int argoff = 0;
	const Effect *eff = orc_call_effect(call, &argoff);
	const char *fname = name;
	if (argoff == 2 && call->u.call.nargs >= 2 && call->u.call.args[1]->kind == EX_STR)
		fname = call->u.call.args[1]->u.s;
	Expr *const *a = call->u.call.args + argoff;
	int na = call->u.call.nargs - argoff;
	if (na < 0)
		na = 0;
	if (!strcmp(name, "tvm_storage_sync") || !strcmp(fname, "tl::__sync_thread_partial")) {
		CEv *e = push(c, CE_SYNC, "tvm_storage_sync");
		if (e)
			e->loc = loc;
		return;
	}
	if (eff && eff->role == ER_FENCE) {
		CEv *e = push(c, CE_FENCE, "fence_proxy_async");
		if (e)
			e->loc = loc;
		return;
	}
	if (eff && eff->role == ER_BARRIER) {
		int arrive = is_name(fname, arrive_ops), wait = is_name(fname, wait_ops);
		if (arrive || wait) {
			CEv *e = push(c, arrive ? CE_ARRIVE : CE_WAIT, arrive ? "arrive" : "wait");
			if (e) {
				e->loc = loc;
				e->op = fname;
				barrier_ref(c, na > 0 ? a[0] : NULL, e);
				if (wait && na > 1) {
					Ival2 p = eval(c, a[1], 0, 0);
					e->parity = p.ok && p.lo == p.hi ? (int)(p.lo & 1) : -1;
				}
			}
		}
		return;
	}
	if (eff && eff->role == ER_DESC_INIT) {
		const Var *d = na > 0 ? desc_of(a[0]) : NULL;
		for (int i = 1; d && i < na; i++) {
			Foot f;
			int mask;
			const char *buf = NULL;
			if (pointer_foot(c, a[i], &f, &mask, &buf)) {
				for (int k = 0; k < c->ndesc; k++)
					if (c->desc_v[k] == d) {
						c->desc_f[k] = f;
						return;
					}
				if (c->ndesc < CR_MAX_DESCS) {
					c->desc_v[c->ndesc] = d;
					c->desc_f[c->ndesc++] = f;
				}
				return;
			}
		}
		return;
	}
	if (eff && eff->role == ER_ACCESS) {
		int async = eff->proxy == EP_ASYNC;
		int found = 0;
		for (int i = 0; i < na && i < 32; i++) {
			Foot f;
			int mask;
			const char *buf = NULL;
			int rd = eff->rd >> i & 1, wr = eff->wr >> i & 1;
			if ((eff->flags & EF_DESC) && desc_of(a[i])) {
				const Var *d = desc_of(a[i]);
				Foot df = {NULL, 0, 0, 0};
				for (int k = 0; k < c->ndesc; k++)
					if (c->desc_v[k] == d)
						df = c->desc_f[k];
				access(c, async ? CE_AREAD : CE_GREAD, fname, df.alloc ? df.alloc->name : NULL, df,
				       loc);
				found = 1;
				continue;
			}
			if (!(rd || wr || (eff->flags & EF_PTRS)))
				continue;
			if (!pointer_foot(c, a[i], &f, &mask, &buf))
				continue;
			if (rd || (eff->flags & EF_PTRS))
				access(c, async ? CE_AREAD : CE_GREAD, fname, buf, f, loc);
			if (wr)
				access(c, async ? CE_AWRITE : CE_GWRITE, fname, buf, f, loc);
			found = 1;
		}
		if (async && !found)
			access(c, (eff->wr ? CE_AWRITE : CE_AREAD), fname, NULL, (Foot){NULL, 0, 0, 0}, loc);
		return;
	}
	/* Any other call: shared pointers in its arguments are generic accesses
	 * by their access mask (unknown: both). */
	if (!eff || eff->role == ER_EXTERN || eff->role == ER_PURE || eff->role == ER_PTR) {
		for (int i = 0; i < call->u.call.nargs; i++) {
			Foot f;
			int mask;
			const char *buf = NULL;
			if (!pointer_foot(c, call->u.call.args[i], &f, &mask, &buf))
				continue;
			if (mask & 1 || !mask)
				access(c, CE_GREAD, fname, buf, f, loc);
			if (mask & 2 || !mask)
				access(c, CE_GWRITE, fname, buf, f, loc);
		}
	}
}

static void walk(Cx *c, const Stmt *s);

static void
walk_may(Cx *c, const Stmt *s)
{
	int start = c->cls->n;
	c->may++;
	walk(c, s);
	c->may--;
	for (int i = start; i < c->cls->n; i++)
		if (!c->cls->ev[i].region_end)
			c->cls->ev[i].region_end = c->cls->n;
}

static int
guard_occ(const Cx *c, const Stmt *s)
{
	int k = 0;
	for (int i = 0; i < c->cls->n; i++)
		if (c->cls->ev[i].kind == CE_GUARD && c->cls->ev[i].guard == s)
			k++;
	return k;
}

static void
walk_cond(Cx *c, const Stmt *s, const Expr *cond, const Stmt *then_, const Stmt *else_)
{
	int thread = mentions_tx(c, cond, 0);
	int saved_guard = c->guard_ev;
	if (thread) {
		int occ = guard_occ(c, s);
		CEv *g = push(c, CE_GUARD, "guard");
		if (g) {
			g->guard = s;
			g->occ = occ;
			g->loc = s->loc;
			c->guard_ev = c->cls->n - 1;
		}
	}
	scan_loads(c, cond, s->loc, 0);
	Ival2 k = eval(c, cond, 0, 0);
	if (k.ok && k.lo == k.hi) {
		walk(c, k.lo ? then_ : else_);
	} else {
		c->unknown_ctl = 1;
		walk_may(c, then_);
		walk_may(c, else_);
	}
	c->guard_ev = saved_guard;
}

static void
walk_loop(Cx *c, const Stmt *s)
{
	const Var *v = s->u.for_.var;
	if (s->u.for_.kind == FOR_THREAD_BINDING) {
		if (v == c->tx) {
			walk(c, s->u.for_.body);
			return;
		}
		int64_t n;
		int saved = c->nenv;
		if (ir_is_const_int(s->u.for_.extent, &n) && n >= 1)
			bind(c, v, (Ival2){0, n - 1, 1});
		walk(c, s->u.for_.body);
		c->nenv = saved;
		return;
	}
	Ival2 mn = eval(c, s->u.for_.min, 0, 0), ext = eval(c, s->u.for_.extent, 0, 0);
	Ival2 st = s->u.for_.step ? eval(c, s->u.for_.step, 0, 0) : pt(1);
	int saved = c->nenv;
	if (mn.ok && mn.lo == mn.hi && ext.ok && ext.lo == ext.hi && st.ok && st.lo == st.hi &&
	    st.lo > 0) {
		int64_t trips = ext.lo <= 0 ? 0 : (ext.lo + st.lo - 1) / st.lo;
		int64_t walked = trips < CR_UNROLL ? trips : CR_UNROLL;
		if (walked < trips)
			c->truncated = 1;
		for (int64_t k = 0; k < walked && !c->overflow; k++) {
			c->nenv = saved;
			bind(c, v, pt(mn.lo + k * st.lo));
			walk(c, s->u.for_.body);
		}
	} else {
		c->unknown_ctl = 1;
		c->truncated = 1;
		Ival2 range = mn.ok ? (Ival2){mn.lo, mn.hi + (1LL << 30), 1} : UNK;
		for (int k = 0; k < CR_UNROLL && !c->overflow; k++) {
			c->nenv = saved;
			bind(c, v, range);
			walk_may(c, s->u.for_.body);
		}
	}
	c->nenv = saved;
}

static void
walk(Cx *c, const Stmt *s)
{
	if (!s || c->overflow)
		return;
	if (++c->depth > CR_MAX_DEPTH) {
		c->overflow = 1;
		c->depth--;
		return;
	}
	switch (s->kind) {
	case ST_SEQ:
		for (int i = 0; i < s->u.seq.n; i++)
			walk(c, s->u.seq.items[i]);
		break;
	case ST_EVAL:
		scan_loads(c, s->u.eval.value, s->loc, 0);
		if (s->u.eval.value->kind == EX_CALL)
			call_stmt(c, s->u.eval.value, s->loc);
		break;
	case ST_STORE: {
		const Buffer *b = s->u.store.buf;
		scan_loads(c, s->u.store.value, s->loc, 0);
		if (s->u.store.value->kind == EX_CALL)
			call_stmt(c, s->u.store.value, s->loc);
		if (data_shared(b->data)) {
			Expr tmp;
			memset(&tmp, 0, sizeof tmp);
			tmp.kind = EX_LOAD;
			tmp.u.load.buf = (Buffer *)b;
			tmp.u.load.idx = s->u.store.idx;
			tmp.u.load.nidx = s->u.store.nidx;
			access(c, CE_GWRITE, "store", b->name, load_foot(c, &tmp), s->loc);
		}
		break;
	}
	case ST_FOR:
		walk_loop(c, s);
		break;
	case ST_WHILE:
		c->unknown_ctl = 1;
		c->truncated = 1;
		for (int k = 0; k < CR_UNROLL && !c->overflow; k++)
			walk_may(c, s->u.while_.body);
		break;
	case ST_IF:
		walk_cond(c, s, s->u.if_.cond, s->u.if_.then_, s->u.if_.else_);
		break;
	case ST_LET: {
		int saved = c->nenv;
		scan_loads(c, s->u.let.value, s->loc, 0);
		if (s->u.let.value->kind == EX_CALL)
			call_stmt(c, s->u.let.value, s->loc);
		bind(c, s->u.let.var, eval(c, s->u.let.value, 0, 0));
		walk(c, s->u.let.body);
		c->nenv = saved;
		break;
	}
	case ST_LAUNCH: {
		int saved = c->nenv;
		int64_t n;
		if (s->u.launch.var != c->tx && ir_is_const_int(s->u.launch.extent, &n) && n >= 1)
			bind(c, s->u.launch.var, (Ival2){0, n - 1, 1});
		walk(c, s->u.launch.body);
		c->nenv = saved;
		break;
	}
	case ST_BLOCK:
		if (s->u.block.where) {
			int64_t w;
			if (ir_is_const_int(s->u.block.where, &w) && w)
				walk(c, s->u.block.body);
			else
				walk_cond(c, s, s->u.block.where, s->u.block.body, NULL);
		} else {
			walk(c, s->u.block.body);
		}
		break;
	default:
		walk(c, ir_body(s));
		break;
	}
	c->depth--;
}

/* ---- happens-before --------------------------------------------------------------------- */

typedef struct Node {
	int cls, ev;
} Node;

typedef struct Hb {
	Class *cls;
	int ncls;
	int *base;   /* node id of class k's event 0 */
	int n;       /* nodes */
	int *eoff, *edst; /* sync edges in CSR form: eoff[n + 1] */
	int *implicit; /* per pair search: scratch */
} Hb;

static int
same_bar(const CEv *a, const CEv *b)
{
	return a->bar && a->bar == b->bar && a->bar_lo <= b->bar_hi && b->bar_lo <= a->bar_hi;
}

/* Phases: per class, per barrier element, in walk order.  The j-th arrive
 * completes (its share of) phase j.  A wait whose parity is that of the
 * phase after the last one it saw complete waits for that phase (and
 * advances); otherwise that phase's predecessor is already complete and it
 * returns at once (the "pre-arrived" first wait on an empty-stage barrier). */
static void
number_phases(Class *cl)
{
	for (int i = 0; i < cl->n; i++) {
		CEv *e = &cl->ev[i];
		if (e->kind != CE_ARRIVE && e->kind != CE_WAIT)
			continue;
		int arrives = 0, waits = 0;
		for (int j = 0; j < i; j++) {
			const CEv *p = &cl->ev[j];
			if (p->bar != e->bar || p->bar_lo != e->bar_lo || p->bar_hi != e->bar_hi)
				continue;
			if (p->kind == CE_ARRIVE)
				arrives++;
			else if (p->kind == CE_WAIT && p->advances)
				waits++;
		}
		if (e->kind == CE_ARRIVE) {
			e->phase = arrives;
		} else if (e->parity < 0 || e->parity == (waits & 1)) {
			e->phase = waits;
			e->advances = 1;
		} else {
			e->phase = waits - 1; /* -1: nothing to wait for */
		}
	}
}

static int
wait_phase(const CEv *e)
{
	return e->phase;
}

static void
number_syncs(Class *cl)
{
	int g = 0;
	for (int i = 0; i < cl->n; i++)
		if (cl->ev[i].kind == CE_SYNC)
			cl->ev[i].gen = g++;
}

static void
hb_build(Hb *h)
{
	h->base = calloc((size_t)h->ncls + 1, sizeof *h->base);
	if (!h->base)
		abort();
	for (int k = 0; k < h->ncls; k++)
		h->base[k + 1] = h->base[k] + h->cls[k].n;
	h->n = h->base[h->ncls];
	int *deg = calloc((size_t)h->n + 1, sizeof *deg);
	if (!deg)
		abort();
	for (int pass = 0; pass < 2; pass++) {
		int m = 0;
		for (int a = 0; a < h->ncls; a++)
			for (int i = 0; i < h->cls[a].n; i++) {
				const CEv *x = &h->cls[a].ev[i];
				if (x->kind != CE_ARRIVE && x->kind != CE_SYNC)
					continue;
				for (int b = 0; b < h->ncls; b++) {
					if (b == a)
						continue;
					for (int j = 0; j < h->cls[b].n; j++) {
						const CEv *y = &h->cls[b].ev[j];
						int edge = 0;
						if (x->kind == CE_ARRIVE && y->kind == CE_WAIT && same_bar(x, y))
							edge = wait_phase(y) == x->phase;
						else if (x->kind == CE_SYNC && y->kind == CE_SYNC)
							edge = x->gen == y->gen;
						if (!edge)
							continue;
						int from = h->base[a] + i;
						if (pass == 0)
							deg[from]++;
						else
							h->edst[h->eoff[from] + deg[from]++] = h->base[b] + j;
						m++;
					}
				}
			}
		if (pass == 0) {
			h->eoff = calloc((size_t)h->n + 1, sizeof *h->eoff);
			if (!h->eoff)
				abort();
			for (int v = 0; v < h->n; v++)
				h->eoff[v + 1] = h->eoff[v] + deg[v];
			h->edst = malloc(((size_t)m + 1) * sizeof *h->edst);
			if (!h->edst)
				abort();
			memset(deg, 0, ((size_t)h->n + 1) * sizeof *deg);
		}
	}
	free(deg);
}

static void
hb_free(Hb *h)
{
	free(h->base);
	free(h->eoff);
	free(h->edst);
}

static Node
node_of(const Hb *h, int v)
{
	int k = 0;
	while (k + 1 < h->ncls && h->base[k + 1] <= v)
		k++;
	return (Node){k, v - h->base[k]};
}

static const CEv *
ev_at(const Hb *h, int v)
{
	Node nd = node_of(h, v);
	return &h->cls[nd.cls].ev[nd.ev];
}

/* BFS from the access at node src.  State (node, crossed): crossed once a
 * synchronization edge was taken.  A definite fence blocks the path: every-
 * where under program-order, only before crossing under writer.  prev gets
 * the BFS tree (2 * n entries, state = node * 2 + crossed). */
static void
bfs(const Hb *h, int src, int writer, int *prev, int *queue)
{
	int n2 = 2 * h->n;
	for (int i = 0; i < n2; i++)
		prev[i] = -2;
	int qh = 0, qt = 0;
	prev[src * 2] = -1;
	queue[qt++] = src * 2;
	while (qh < qt) {
		int st = queue[qh++], v = st / 2, crossed = st % 2;
		Node nd = node_of(h, v);
		/* program order: a fence that counts is on every path through it
		 * to what follows in its region, so a path past it continues only
		 * where the fence may not have run: after its region */
		const Class *cl = &h->cls[nd.cls];
		if (nd.ev + 1 < cl->n) {
			int wi = nd.ev + 1;
			const CEv *e = &cl->ev[wi];
			if (e->kind == CE_FENCE && (!writer || !crossed))
				wi = e->region_end < cl->n ? e->region_end : -1;
			int w = wi >= 0 ? h->base[nd.cls] + wi : -1;
			if (w >= 0 && prev[w * 2 + crossed] == -2) {
				prev[w * 2 + crossed] = st;
				queue[qt++] = w * 2 + crossed;
			}
		}
		/* synchronization */
		for (int k = h->eoff[v]; k < h->eoff[v + 1]; k++) {
			int w = h->edst[k];
			if (prev[w * 2 + 1] == -2) {
				prev[w * 2 + 1] = st;
				queue[qt++] = w * 2 + 1;
			}
		}
	}
}

/* ---- hazards and findings ------------------------------------------------------------------ */

static int
hazard_kind(CKind g, CKind a, int war)
{
	if (g == CE_GWRITE)
		return a == CE_AREAD || a == CE_AWRITE;
	if (g == CE_GREAD)
		return war && a == CE_AWRITE;
	return 0;
}

static int
is_generic(CKind k)
{
	return k == CE_GREAD || k == CE_GWRITE;
}

static int
is_async(CKind k)
{
	return k == CE_AREAD || k == CE_AWRITE;
}

static const char *
kind_text(CKind k)
{
	switch (k) {
	case CE_GREAD: return "generic read";
	case CE_GWRITE: return "generic write";
	case CE_AREAD: return "async read";
	case CE_AWRITE: return "async write";
	default: return "?";
	}
}

static void
threads_text(char *out, size_t n, const Class *cl, int64_t nthreads)
{
	if (cl->count == 1)
		snprintf(out, n, "thread %d", cl->first);
	else if (cl->last - cl->first + 1 == cl->count)
		snprintf(out, n, "threads %d-%d", cl->first, cl->last);
	else
		snprintf(out, n, "%d threads in %d-%d", cl->count, cl->first, cl->last);
	(void)nthreads;
}

typedef struct Seen {
	Loc g, a;
	int kind;
} Seen;

static int
seen_add(Seen *seen, int *nseen, int cap, Loc g, Loc a, int kind)
{
	for (int i = 0; i < *nseen; i++)
		if (seen[i].kind == kind && seen[i].g.line == g.line && seen[i].g.col == g.col &&
		    seen[i].a.line == a.line && seen[i].a.col == a.col)
			return 0;
	if (*nseen < cap)
		seen[(*nseen)++] = (Seen){g, a, kind};
	return 1;
}

static const char RULE_CROSS[] =
	"PTX ISA 8.6 (Proxies) and 9.7.13.4 (fence.proxy.async): a generic-proxy access made "
	"visible to another thread through mbarrier or bar.sync synchronization must still be "
	"ordered with that thread's async-proxy access by a proxy fence on the causality path";
static const char RULE_WRITER[] =
	"CUDA Programming Guide (TMA; async proxy) and PTX ISA 8.6: every thread that wrote "
	"shared memory through the generic proxy executes fence.proxy.async before the "
	"synchronization that hands the data to an async-proxy operation";

static void
report(Cx *c, const Hb *h, int g, int a, const int *prev, int crossed, int implicit_guard,
       int writer, const char *model, FindingList *out)
{
	const CEv *ge = ev_at(h, g), *ae = ev_at(h, a);
	Node gn = node_of(h, g), an = node_of(h, a);
	char gt[64], at[64];
	threads_text(gt, sizeof gt, &h->cls[gn.cls], c->nthreads);
	threads_text(at, sizeof at, &h->cls[an.cls], c->nthreads);
	Finding *f = fl_add(out, writer ? FK_UNSOUND_WRITER : FK_UNSOUND_CROSS, model,
	                    writer ? "cross-partition.writer" : "cross-partition",
	                    writer ? RULE_WRITER : RULE_CROSS, ae->loc);
	char what[160];
	snprintf(what, sizeof what, "%s %s (%s%s%s)", kind_text(ge->kind), ge->op, ge->buf ? ge->buf : "",
	         ge->buf ? ", " : "", gt);
	fl_add_step(out, f, ge->loc, what);
	/* the synchronization on the path: the first cross edge taken */
	int sync_from = -1, sync_to = -1;
	if (crossed == 1) {
		int st = a * 2 + crossed;
		while (st >= 0 && prev[st] >= 0) {
			int p = prev[st];
			if (p % 2 == 0 && st % 2 == 1) {
				sync_from = p / 2;
				sync_to = st / 2;
			}
			st = p;
		}
	}
	if (sync_from >= 0) {
		const CEv *r = ev_at(h, sync_from), *q = ev_at(h, sync_to);
		char rs[160], qs[160];
		if (r->kind == CE_SYNC) {
			snprintf(rs, sizeof rs, "bar.sync (tvm_storage_sync) by %s", gt);
			snprintf(qs, sizeof qs, "bar.sync (tvm_storage_sync) by %s", at);
		} else {
			snprintf(rs, sizeof rs, "%s %s[%lld] (phase %d)", r->op, r->buf ? r->buf : "?",
			         (long long)r->bar_idx, r->phase);
			snprintf(qs, sizeof qs, "%s %s[%lld] (phase %d, parity %d)", q->op, q->buf ? q->buf : "?",
			         (long long)q->bar_idx, wait_phase(q), q->parity);
		}
		fl_add_step(out, f, r->loc, rs);
		fl_add_step(out, f, q->loc, qs);
	} else if (implicit_guard >= 0) {
		const CEv *gd = &h->cls[an.cls].ev[implicit_guard];
		fl_add_step(out, f, gd->loc,
		            "bar.sync before this if (TileLang's ThreadSync inserts one for the "
		            "shared-memory conflict; a barrier never goes under a thread predicate)");
	}
	snprintf(what, sizeof what, "%s %s (%s%s%s)", kind_text(ae->kind), ae->op, ae->buf ? ae->buf : "",
	         ae->buf ? ", " : "", at);
	fl_add_step(out, f, ae->loc, what);
	if (writer)
		fl_set_message(out, f,
		               "%s by %s is handed to %s by %s without a fence.proxy.async in the writing "
		               "threads before the synchronization (writer profile)",
		               kind_text(ge->kind), gt, ae->op, at);
	else
		fl_set_message(out, f,
		               "%s by %s reaches %s by %s through %s with no fence.proxy.async on the "
		               "causality path (program-order profile)",
		               kind_text(ge->kind), gt, ae->op, at,
		               sync_from >= 0 ? (ev_at(h, sync_from)->kind == CE_SYNC ? "bar.sync" : "an mbarrier")
		                              : "the barrier ThreadSync inserts");
	int bounded = c->truncated || c->unknown_ctl || ge->may || ae->may || implicit_guard >= 0;
	f->strength = bounded ? STRENGTH_BOUNDED : STRENGTH_PROVED;
	char note[256];
	snprintf(note, sizeof note,
	         "%d thread classes of %lld threads; loops walked up to %d iterations%s%s%s",
	         h->ncls, (long long)c->nthreads, CR_UNROLL,
	         c->unknown_ctl ? "; branches on other conditions taken both ways" : "",
	         implicit_guard >= 0 ? "; assumes the barrier ThreadSync inserts" : "",
	         (ge->may || ae->may) ? "; an access on one such path" : "");
	f->strength_note = ar_strdup(out->arena, note);
	fl_sign(f);
}

/* The barrier ThreadSync would insert before the innermost thread-guard `if`
 * around the async access, when the generic access's class reaches that
 * `if`'s program point (the same occurrence) after the access, with no
 * fence in between (writer) or in either thread on the way (program-order). */
static int
implicit_barrier(const Hb *h, const CEv *gev, int gcls, int gi, int acls, int ai, int writer)
{
	const Class *A = &h->cls[gcls], *B = &h->cls[acls];
	(void)gev;
	for (int gd = B->ev[ai].guard_ev; gd >= 0; gd = B->ev[gd].guard_ev) {
		const CEv *g = &B->ev[gd];
		int fence_end = -1; /* a fence in A after the access covers up to here */
		for (int i = gi + 1; i < A->n; i++) {
			const CEv *x = &A->ev[i];
			if (x->kind == CE_FENCE && x->region_end > fence_end)
				fence_end = x->region_end;
			if (x->kind == CE_GUARD && x->guard == g->guard && x->occ == g->occ) {
				if (i < fence_end)
					break; /* the writers fenced before the barrier */
				if (writer)
					return gd;
				for (int j = gd + 1; j < ai; j++)
					if (B->ev[j].kind == CE_FENCE && ai < B->ev[j].region_end)
						return -1;
				return gd;
			}
		}
	}
	return -1;
}

static void
judge(Cx *c, Hb *h, int writer, const char *model, FindingList *out, Seen *seen, int *nseen)
{
	int *prev = malloc((size_t)h->n * 2 * sizeof *prev);
	int *queue = malloc((size_t)h->n * 2 * sizeof *queue);
	if (!prev || !queue)
		abort();
	int kind = writer ? FK_UNSOUND_WRITER : FK_UNSOUND_CROSS;
	/* the largest classes first: a pair of statements is reported once, for
	 * the first pair of classes that shows it */
	int order[CR_MAX_CLASSES];
	for (int k = 0; k < h->ncls; k++)
		order[k] = k;
	for (int k = 1; k < h->ncls; k++)
		for (int m = k; m > 0 && h->cls[order[m]].count > h->cls[order[m - 1]].count; m--) {
			int t = order[m];
			order[m] = order[m - 1];
			order[m - 1] = t;
		}
	for (int gk = 0; gk < h->ncls; gk++)
		for (int gi = 0, gc = order[gk]; gi < h->cls[gc].n; gi++) {
			const CEv *ge = &h->cls[gc].ev[gi];
			if (!is_generic(ge->kind) || (ge->kind == CE_GREAD && !c->o->war))
				continue;
			int src = h->base[gc] + gi;
			bfs(h, src, writer, prev, queue);
			for (int ac = 0; ac < h->ncls; ac++)
				for (int ai = 0; ai < h->cls[ac].n; ai++) {
					const CEv *ae = &h->cls[ac].ev[ai];
					if (!is_async(ae->kind) || !hazard_kind(ge->kind, ae->kind, c->o->war))
						continue;
					if (!orc_foot_overlap(&ge->foot, &ae->foot))
						continue;
					int v = h->base[ac] + ai;
					int crossed = -1;
					if (ac != gc && prev[v * 2 + 1] != -2)
						crossed = 1;
					/* the same class: other threads of it, through a barrier
					 * (writer profile only: program order is soundness.c's) */
					if (ac == gc && writer && ai > gi) {
						int sync = 0, fenced = 0;
						for (int j = gi + 1; j < ai; j++) {
							const CEv *x = &h->cls[gc].ev[j];
							if (x->kind == CE_FENCE && !sync && ai < x->region_end)
								fenced = 1;
							if (x->kind == CE_SYNC || x->kind == CE_WAIT)
								sync = 1;
						}
						if (sync && !fenced && h->cls[gc].count > 1 &&
						    seen_add(seen, nseen, 4096, ge->loc, ae->loc, kind))
							report(c, h, src, v, prev, -1, -1, writer, model, out);
						continue;
					}
					if (ac == gc)
						continue;
					int guard = -1;
					if (crossed < 0) {
						/* no explicit ordering: the barrier ThreadSync adds */
						guard = implicit_barrier(h, ge, gc, gi, ac, ai, writer);
						if (guard < 0)
							continue;
						/* and no definite fence in the issuing thread after it
						 * (program-order) was checked by implicit_barrier */
					}
					if (!seen_add(seen, nseen, 4096, ge->loc, ae->loc, kind))
						continue;
					report(c, h, src, v, prev, crossed, guard, writer, model, out);
				}
		}
	free(prev);
	free(queue);
}

int
orc_cross(const Func *q, const OracleOptions *o, const char *model, FindingList *out)
{
	Cx c;
	memset(&c, 0, sizeof c);
	c.f = q;
	c.o = o;
	c.guard_ev = -1;
	scan_threads(&c, q->body, 0);
	if (!c.tx || c.nthreads < 2 || c.nthreads > CR_MAX_THREADS || c.npreds == 0)
		return 0; /* one partition: the soundness oracle's business */
	/* classes: threads deciding every predicate alike */
	static const int UNDECIDED = 2;
	Class *cls = calloc(CR_MAX_CLASSES, sizeof *cls);
	unsigned char (*sig)[CR_MAX_PREDS] = calloc(CR_MAX_CLASSES, sizeof *sig);
	if (!cls || !sig)
		abort();
	int ncls = 0, too_many = 0;
	for (int64_t t = 0; t < c.nthreads; t++) {
		unsigned char v[CR_MAX_PREDS];
		c.tx_pt = c.tx_lo = c.tx_hi = t;
		for (int i = 0; i < c.npreds; i++) {
			Ival2 r = eval(&c, c.preds[i], 0, 0);
			v[i] = r.ok && r.lo == r.hi ? (r.lo != 0) : UNDECIDED;
		}
		int k = 0;
		while (k < ncls && memcmp(sig[k], v, (size_t)c.npreds))
			k++;
		if (k == ncls) {
			if (ncls == CR_MAX_CLASSES) {
				too_many = 1;
				break;
			}
			memcpy(sig[k], v, (size_t)c.npreds);
			cls[k].first = (int)t;
			ncls++;
		}
		cls[k].last = (int)t;
		cls[k].count++;
	}
	int n = 0;
	if (too_many || ncls < 2) {
		if (too_many)
			fl_add_note(out, "%s: cross-partition: more than %d thread classes in %s; not judged",
			            model, CR_MAX_CLASSES, q->name ? q->name : "?");
		goto done;
	}
	for (int k = 0; k < ncls; k++) {
		c.cls = &cls[k];
		c.tx_pt = cls[k].first;
		c.tx_lo = cls[k].first;
		c.tx_hi = cls[k].last;
		c.nenv = 0;
		c.ndesc = 0;
		c.may = 0;
		c.depth = 0;
		c.guard_ev = -1;
		walk(&c, q->body);
		for (int i = 0; i < cls[k].n; i++)
			if (!cls[k].ev[i].region_end)
				cls[k].ev[i].region_end = INT_MAX;
		number_phases(&cls[k]);
		number_syncs(&cls[k]);
	}
	if (c.overflow) {
		fl_add_note(out, "%s: cross-partition: %s is too large to walk; not judged", model,
		            q->name ? q->name : "?");
		goto done;
	}
	Hb h = {cls, ncls, NULL, 0, NULL, NULL, NULL};
	hb_build(&h);
	Seen *seen = malloc(4096 * sizeof *seen);
	if (!seen)
		abort();
	int nseen = 0;
	int before = out->n;
	if (o->profile == ORC_PROFILE_WRITER || o->profile == ORC_PROFILE_BOTH)
		judge(&c, &h, 1, model, out, seen, &nseen);
	if (o->profile == ORC_PROFILE_PROGRAM_ORDER || o->profile == ORC_PROFILE_BOTH)
		judge(&c, &h, 0, model, out, seen, &nseen);
	n = out->n - before;
	free(seen);
	hb_free(&h);
done:
	for (int k = 0; k < CR_MAX_CLASSES; k++)
		free(cls[k].ev);
	free(cls);
	free(sig);
	return n;
}
