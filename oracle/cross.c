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
 *     the block's threads 0..N-1 (N <= ORC_TX_MAX_THREADS, constant).  Every
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
#include "threads.h"
#include "oracle.h"

enum {
	CR_UNROLL = 4,           /* iterations of one loop walked */
	CR_MAX_EVENTS = 1 << 15, /* per class walk */
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
	const Stmt *stmt;     /* the statement it comes from (a finding's identity) */
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


typedef struct Class {
	int first, last, count; /* threads: first, last, how many */
	CEv *ev;
	int n, cap;
} Class;

typedef struct Cx {
	const Func *f;
	const OracleOptions *o;
	OrcTx t;          /* threads, classes, evaluation */
	Class *cls;       /* the class walked */
	const Var *desc_v[CR_MAX_DESCS];
	Foot desc_f[CR_MAX_DESCS];
	int ndesc;
	int may;
	int guard_ev;
	const Stmt *cur;  /* the statement being walked */
	int truncated;    /* a loop walked fewer iterations than it runs */
	int unknown_ctl;  /* a branch or loop walked as "may" */
	int overflow;
	int depth;
} Cx;

static const OrcIval UNK = {0, 0, 0};

static OrcIval
pt(int64_t v)
{
	return (OrcIval){v, v, 1};
}

static int
small(OrcIval x)
{
	return x.ok && x.lo > -(1LL << 40) && x.hi < (1LL << 40);
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
	e->stmt = c->cur;
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
bytes(const Var *v, OrcIval el, int64_t es)
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
			OrcIval off = orc_tx_eval(&c->t, a[2], 1), ext = orc_tx_eval(&c->t, a[3], 1);
			if (small(off) && small(ext) && ext.lo == ext.hi && ext.lo > 0) {
				*f = bytes(v, (OrcIval){off.lo, off.hi + ext.lo - 1, 1}, es);
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
		OrcIval i = l->u.load.nidx == 1 ? orc_tx_eval(&c->t, l->u.load.idx[0], 1) : UNK;
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
	OrcIval i = UNK;
	if (l->u.load.nidx == 1) {
		const Expr *ix = l->u.load.idx[0];
		if (ix->kind == EX_SLICE) {
			OrcIval lo = orc_tx_eval(&c->t, ix->u.slice.begin, 1), hi = orc_tx_eval(&c->t, ix->u.slice.end, 1);
			if (small(lo) && small(hi) && hi.hi > lo.lo)
				i = (OrcIval){lo.lo, hi.hi - 1, 1};
		} else {
			i = orc_tx_eval(&c->t, ix, 1);
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
		OrcIval i = orc_tx_eval(&c->t, e->u.load.idx[0], 0);
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
					OrcIval p = orc_tx_eval(&c->t, a[1], 0);
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
	int thread = orc_tx_mentions(&c->t, cond);
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
	OrcIval k = orc_tx_eval(&c->t, cond, 0);
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
		if (v == c->t.tx) {
			walk(c, s->u.for_.body);
			return;
		}
		int64_t n;
		int saved = c->t.nenv;
		if (ir_is_const_int(s->u.for_.extent, &n) && n >= 1)
			orc_tx_bind(&c->t, v, (OrcIval){0, n - 1, 1});
		walk(c, s->u.for_.body);
		c->t.nenv = saved;
		return;
	}
	OrcIval mn = orc_tx_eval(&c->t, s->u.for_.min, 0), ext = orc_tx_eval(&c->t, s->u.for_.extent, 0);
	OrcIval st = s->u.for_.step ? orc_tx_eval(&c->t, s->u.for_.step, 0) : pt(1);
	int saved = c->t.nenv;
	if (mn.ok && mn.lo == mn.hi && ext.ok && ext.lo == ext.hi && st.ok && st.lo == st.hi &&
	    st.lo > 0) {
		int64_t trips = ext.lo <= 0 ? 0 : (ext.lo + st.lo - 1) / st.lo;
		int64_t walked = trips < CR_UNROLL ? trips : CR_UNROLL;
		if (walked < trips)
			c->truncated = 1;
		for (int64_t k = 0; k < walked && !c->overflow; k++) {
			c->t.nenv = saved;
			orc_tx_bind(&c->t, v, pt(mn.lo + k * st.lo));
			walk(c, s->u.for_.body);
		}
	} else {
		c->unknown_ctl = 1;
		c->truncated = 1;
		OrcIval range = mn.ok ? (OrcIval){mn.lo, mn.hi + (1LL << 30), 1} : UNK;
		for (int k = 0; k < CR_UNROLL && !c->overflow; k++) {
			c->t.nenv = saved;
			orc_tx_bind(&c->t, v, range);
			walk_may(c, s->u.for_.body);
		}
	}
	c->t.nenv = saved;
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
	const Stmt *saved_cur = c->cur;
	c->cur = s;
	switch (s->kind) {
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
		int saved = c->t.nenv;
		scan_loads(c, s->u.let.value, s->loc, 0);
		if (s->u.let.value->kind == EX_CALL)
			call_stmt(c, s->u.let.value, s->loc);
		orc_tx_bind(&c->t, s->u.let.var, orc_tx_eval(&c->t, s->u.let.value, 0));
		walk(c, s->u.let.body);
		c->t.nenv = saved;
		break;
	}
	case ST_LAUNCH: {
		int saved = c->t.nenv;
		int64_t n;
		if (s->u.launch.var != c->t.tx && ir_is_const_int(s->u.launch.extent, &n) && n >= 1)
			orc_tx_bind(&c->t, s->u.launch.var, (OrcIval){0, n - 1, 1});
		walk(c, s->u.launch.body);
		c->t.nenv = saved;
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
	default: { /* a sequence's items, or the one body of the other kinds */
		IrBodies b;
		ir_stmt_bodies(&b, s);
		for (Stmt **x; (x = ir_bodies_next(&b));)
			walk(c, *x);
		break;
	}
	}
	c->cur = saved_cur;
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

/* A finding is one (access statement, async statement, kind): the same pair
 * shown by several classes or iterations is reported once.  By statement,
 * not by location: a model's nodes (and generated programs) have no
 * location, and distinct statements at 0:0 are distinct findings. */
typedef struct Seen {
	const Stmt *g, *a;
	int kind;
} Seen;

static int
seen_add(Seen *seen, int *nseen, int cap, const CEv *g, const CEv *a, int kind)
{
	for (int i = 0; i < *nseen; i++)
		if (seen[i].kind == kind && seen[i].g == g->stmt && seen[i].a == a->stmt)
			return 0;
	if (*nseen < cap)
		seen[(*nseen)++] = (Seen){g->stmt, a->stmt, kind};
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
	threads_text(gt, sizeof gt, &h->cls[gn.cls], c->t.nthreads);
	threads_text(at, sizeof at, &h->cls[an.cls], c->t.nthreads);
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
	         h->ncls, (long long)c->t.nthreads, CR_UNROLL,
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
	int order[ORC_TX_MAX_CLASSES];
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
						    seen_add(seen, nseen, 4096, ge, ae, kind))
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
					if (!seen_add(seen, nseen, 4096, ge, ae, kind))
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
	int ncls = orc_tx_find(&c.t, q, 0);
	if (c.t.too_many)
		fl_add_note(out, "%s: cross-partition: more than %d thread classes in %s; not judged", model,
		            ORC_TX_MAX_CLASSES, q->name ? q->name : "?");
	if (ncls < 2)
		return 0; /* one partition: the soundness oracle's business */
	Class *cls = calloc((size_t)ncls, sizeof *cls);
	if (!cls)
		abort();
	for (int k = 0; k < ncls; k++) {
		cls[k].first = c.t.cls[k].first;
		cls[k].last = c.t.cls[k].last;
		cls[k].count = c.t.cls[k].count;
	}
	int n = 0;
	for (int k = 0; k < ncls; k++) {
		c.cls = &cls[k];
		orc_tx_select(&c.t, k);
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
	if (c.overflow || c.t.overflow) {
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
	for (int k = 0; k < ncls; k++)
		free(cls[k].ev);
	free(cls);
	return n;
}
