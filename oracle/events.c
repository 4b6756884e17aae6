/* events.c: builds the event graph of a function (events.h).
 *
 * What it assumes: the IR of core/ir.h and the effect table (effects.def);
 * nothing of the pass models.  The event rules, where docs/semantics.md §5.1 leaves room:
 *
 *  - A store into a buffer whose scope starts with "shared" (not
 *    "shared.barrier": mbarrier objects are no data) is a generic write; a
 *    load from one, anywhere in a statement (store values and indices, call
 *    arguments, let values, conditions, loop bounds, assert conditions,
 *    attribute values), is a generic read.  A load that IS an mbarrier
 *    argument of an op (effects.def `bar`) is no data access.
 *  - Pointers into shared memory: tvm_access_ptr / access_ptr with a shared
 *    base, address_of(B[i]) with B shared, a shared pointer variable, and a
 *    let variable bound to any of these.  Each belongs to the nearest
 *    enclosing call that is not ER_PURE (reinterpret, if_then_else, Cast...):
 *      - an unknown call (call_extern of an unknown function included):
 *        generic read if rw_mask & 1, write if & 2, read+write when the mask
 *        is not a constant (or 0); address_of and pointer variables:
 *        read+write of the whole allocation;
 *      - an op of the table: its rd/wr operand positions, through its proxy
 *        (an async op ignores pointers at other positions: e.g. the remote
 *        destination of tma_store_cluster); ER_DESC_INIT records them as the
 *        descriptor's footprint; ER_BARRIER ignores its `bar` positions;
 *      - no call at all (a pointer as a whole let value): no access, but the
 *        let variable carries the pointer to where it is used.
 *    A call's own accesses happen after its arguments are evaluated.
 *  - An async op whose operands cannot be found reads (or writes) "any
 *    shared"; an MMA descriptor operand reads what initialize_*_descriptor
 *    built it from anywhere in the function (hull per allocation), or any
 *    shared memory when that is unknown.
 *  - Control: both arms of an if; a for with constant trip count 0 never runs
 *    its body, 1 runs it once (no back edge), >= 2 at least once with a back
 *    edge; any other for, and every while, may run zero times; a thread-
 *    binding for runs once per thread; a block with a T.where that is not
 *    constant true may be skipped; launch_thread, let, attr, allocate,
 *    decl_buffer, assert: transparent.
 *  - Footprints are byte ranges of an allocation, computed by interval
 *    arithmetic over index expressions (thread extents and constant loop
 *    ranges bound their variables); undecidable -> the whole allocation.
 */
#include <stdlib.h>
#include <string.h>

#include "events.h"
#include "oracles.h"
#include "threads.h"

struct Leaf {
	enum { LF_PTR, LF_ADDR, LF_VAR, LF_DESC } kind;
	int mask;        /* LF_PTR: rw_mask bits, 0 = unknown */
	int pos;         /* argument position in the owner call, -1 none */
	int fix;         /* its footprint read a range depending on the class: its
	                  * recipe's number in g->mrec plus one (scan_top's scans
	                  * only); 0: none */
	Foot foot;
	const char *buf;
	const Var *desc; /* LF_DESC */
};

struct DescInfo {
	Foot foot;
	int n;
};

/* A top-level expression's scan, kept for the other thread classes' copies. */
struct ScanMemo {
	const Expr *e; /* the expression */
	const Stmt *s; /* the statement it was scanned in (the events' loc its) */
	/* Its events: g->ev[ev0 .. ev0 + nev) where they were made (own), else
	 * copies in g->mev[ev0 ...]; their sites numbered from site0. */
	int ev0, nev, own, site0;
	int lf0, nlf;  /* the leaves it left pushed: g->mleaves[...] */
	int dd0, ndd;  /* its descriptor records: g->mdesc[...] */
	int ab0, nab;  /* variables it found no descriptors (yet): g->mabs[...] */
	int nsites;
	/* Footprints it made from ranges that depend on the class, made again
	 * where it is replayed: g->mrec[rc0 .. rc0 + nrc), put where
	 * g->mpatch[pt0 .. pt0 + npt) say. */
	int rc0, nrc, pt0, npt;
	int more; /* it left leaves, descriptor records or recipes */
};

/* How a footprint was made: RC_LOAD the load e's (foot_access),
 * RC_TVM the tvm_access_ptr e's on base (es its element size), RC_APTR the
 * access_ptr e's (pointer). */
struct Recipe {
	const Expr *e;
	const Var *base;
	int kind, es;
};
enum { RC_LOAD, RC_TVM, RC_APTR };

/* Where a recipe's footprint goes in a kept scan: what PT_EVENT, PT_LEAF
 * (idx relative to the scan's first), PT_DESC (idx in g->mdesc); rc the
 * recipe's number in g->mrec. */
struct Patch {
	int what, idx, rc;
};
enum { PT_EVENT, PT_LEAF, PT_DESC };

struct MemoDesc {
	const Var *v;
	Foot foot;
};

/* An arm of a thread predicate as the first class's copy translated it:
 * what it left behind for what follows it. */
struct StmtMemo {
	int ok;       /* 0: translated again where skipped (met twice, or it depends on the class) */
	int nsites;
	int rl0, nrl; /* the ranges it set: g->rlog[...] */
	int al0, nal; /* the aliases it bound: g->alog[...] */
	int dd0, ndd; /* its descriptor records: g->mdesc[...] */
	int ab0, nab; /* variables it found no descriptors: g->mabs[...] */
	int rd0, nrd; /* the ranges read for the ranges set: g->rdlog[...] */
	int iv0;      /* g->nivals before it: ranges read from before it are its inputs */
};

/* A range read (the map's value: 0, none) for a range set. */
struct ReadRec {
	const Var *v;
	intptr_t i;
};

struct RangeRec {
	const Var *v;
	Ival r;
};

struct AliasRec {
	const Var *v;
	Leaf l;
};

/* A change of v's range (alias 0) or alias (alias 1); old: the map's value
 * before it. */
struct Undo {
	const Var *v;
	intptr_t old;
	int alias;
};

struct AliasBind {
	const Var *v;
	intptr_t i; /* its value in g->aliases */
};

typedef struct Owner {
	const Expr *call;
	const Effect *eff; /* NULL: unknown call */
	int argoff;        /* orc_call_effect's: where the call's operands start */
	int lstart;        /* its leaves: g->leaves[lstart .. nleaves) */
} Owner;

typedef struct B {
	EventGraph *g;
	int cur;   /* the node whose fall-through successor comes next; -1: none */
	Loc loc;   /* of the statement being translated */
	const Stmt *s; /* that statement */
	int site;
	int cand;  /* emit fence candidates (orc_events_build_candidates) */
	OrcTx *tx; /* the thread class being built (threads.c), NULL: one thread, any path */
	int memo;  /* scans of top-level expressions are kept and replayed (g->memo) */
	int dep;   /* something read depends on the thread class (tx's range, ...) */
	int rec;   /* descriptor records and footprint recipes are logged (g->mdesc, g->mrec) */
	/* With rec: a footprint read something depending on the class (its
	 * recipes from g->mrec[rc0], their patches from g->mpatch[pt0]). */
	int rdep, rc0, pt0;
	/* first: this is the first class's copy (its arms are kept, g->smemo);
	 * sfx: what the arm being translated leaves behind may depend on the
	 * class; logreads: ranges read are logged (g->rdlog). */
	int first, sfx, logreads;
	/* The ranges and aliases changed, with the values they replaced (in
	 * order; undo_to takes them back). */
	struct Undo *undo;
	int nundo, capundo;
	int lets; /* lets translated in this class's copy so far */
	int skipping; /* in an arm skip_arm drops (its events are made again) */
	/* A later class's copy: the kept scan after the one it replayed last
	 * (g->memos are in the first copy's order): most likely the next. */
	int mcur;
	/* The last scope desc_ref asked is_desc_scope about (NULL: none yet,
	 * and is_desc_scope(NULL) is 0), and its answer. */
	const char *dsk;
	int dsv;
} B;

/* p grown to hold need elements of size sz (doubled from 16). */
static void *
grow(void *p, int *cap, int need, size_t sz)
{
	if (need <= *cap)
		return p;
	int c = *cap ? *cap : 16;
	while (c < need)
		c *= 2;
	p = realloc(p, sz * (size_t)c);
	if (!p)
		abort();
	*cap = c;
	return p;
}

/* ---- graph ------------------------------------------------------------------ */

static inline int
add(B *b, EventKind k, const char *op)
{
	EventGraph *g = b->g;
	if (g->n == g->cap) {
		int cap = g->cap ? g->cap * 2 : 64;
		Event *ev = realloc(g->ev, sizeof *ev * (size_t)cap);
		if (!ev)
			abort();
		g->ev = ev;
		g->cap = cap;
	}
	/* Field by field (a compound literal clears the struct as a block
	 * first); nothing reads an event's padding. */
	Event *e = &g->ev[g->n];
	e->kind = k;
	e->loc = b->loc;
	e->stmt = b->s;
	e->op = op;
	e->buf = NULL;
	e->foot.alloc = NULL;
	e->foot.lo = e->foot.hi = 0;
	e->foot.known = 0;
	e->site = -1;
	e->flags = 0;
	e->succ[0] = e->succ[1] = -1;
	e->desc = NULL;
	e->cand_at = e->cand_owner = NULL;
	e->cand_branch = 0;
	return g->n++;
}

static void
link(B *b, int from, int to)
{
	if (from < 0 || to < 0)
		return;
	Event *e = &b->g->ev[from];
	if (e->succ[0] == to || e->succ[1] == to)
		return;
	if (e->succ[0] < 0)
		e->succ[0] = to;
	else if (e->succ[1] < 0)
		e->succ[1] = to;
	else
		abort(); /* the builder makes every branch point a node of its own */
}

/* Appends a node on the fall-through path (a new node: no link to it yet). */
static inline int
emit(B *b, EventKind k, const char *op)
{
	int id = add(b, k, op);
	if (b->cur >= 0) {
		Event *e = &b->g->ev[b->cur];
		if (e->succ[0] < 0)
			e->succ[0] = id;
		else if (e->succ[1] < 0)
			e->succ[1] = id;
		else
			abort();
	}
	b->cur = id;
	return id;
}

/* ---- intervals ---------------------------------------------------------------- */

static const Ival UNKNOWN = {0, 0, 0};

static Ival
ival_of(int64_t lo, int64_t hi)
{
	Ival r = {lo, hi, 1};
	return r;
}

static int64_t
floordiv64(int64_t a, int64_t c)
{
	int64_t q = a / c;
	return (a % c != 0 && a < 0) ? q - 1 : q;
}

/* g->ivals and g->ivar grown to twice their size (from 32). */
static void
grow_ivals(EventGraph *g)
{
	int cap = g->capivals ? g->capivals * 2 : 32;
	Ival *iv = realloc(g->ivals, sizeof *iv * (size_t)cap);
	const Var **vs = realloc(g->ivar, sizeof *vs * (size_t)cap);
	if (!iv || !vs)
		abort();
	g->ivals = iv;
	g->ivar = vs;
	g->capivals = cap;
}

/* The range of v from here on; dep: it depends on the thread class (the
 * map's value is the entry's number times two, plus dep; 1: no range, and
 * that depends on the class). */
static inline __attribute__((always_inline)) void
set_range(B *b, const Var *v, Ival r, int dep)
{
	EventGraph *g = b->g;
	if (!v)
		return;
	if (g->nivals == g->capivals)
		grow_ivals(g);
	g->ivar[g->nivals] = v;
	g->ivals[g->nivals] = r;
	void *old = pm_put(&g->ranges, v, (void *)(intptr_t)((++g->nivals) << 1 | (dep != 0)));
	b->undo = grow(b->undo, &b->capundo, b->nundo + 1, sizeof *b->undo);
	b->undo[b->nundo++] = (struct Undo){v, (intptr_t)old, 0};
	if (!b->first)
		return;
	b->sfx |= dep != 0;
	g->rlog = grow(g->rlog, &g->caprlog, g->nrlog + 1, sizeof *g->rlog);
	g->rlog[g->nrlog].v = v;
	g->rlog[g->nrlog++].r = r;
}

/* The first class's copy logs the ranges read for a range it sets (the
 * arms' inputs, arm_valid). */
static void
log_read(B *b, const Var *v, intptr_t i)
{
	EventGraph *g = b->g;
	g->rdlog = grow(g->rdlog, &g->caprdlog, g->nrdlog + 1, sizeof *g->rdlog);
	g->rdlog[g->nrdlog].v = v;
	g->rdlog[g->nrdlog++].i = i;
}

static Ival ival_of_expr(B *b, const Expr *e, int depth);

/* The range of e's value (UNKNOWN: not known); literals and variables
 * (ranges read not logged) without a call. */
static inline Ival
ival(B *b, const Expr *e, int depth)
{
	if (e && e->kind == EX_INT && depth <= IR_MAX_DEPTH)
		return ival_of(ir_int_value(e), ir_int_value(e));
	if (e && e->kind == EX_VAR && depth <= IR_MAX_DEPTH && !b->logreads) {
		intptr_t i = (intptr_t)pm_get(&b->g->ranges, e->u.var);
		b->dep |= (int)(i & 1);
		if (!(i >> 1))
			return UNKNOWN;
		return b->g->ivals[(i >> 1) - 1];
	}
	return ival_of_expr(b, e, depth);
}

static Ival
ival_of_expr(B *b, const Expr *e, int depth)
{
	if (!e || depth > IR_MAX_DEPTH)
		return UNKNOWN;
	Ival x, y;
	int64_t c, r1, r2, r3, r4;
	switch (e->kind) {
	case EX_INT:
		return ival_of(ir_int_value(e), ir_int_value(e));
	case EX_VAR: {
		intptr_t i = (intptr_t)pm_get(&b->g->ranges, e->u.var);
		if (b->logreads)
			log_read(b, e->u.var, i);
		b->dep |= (int)(i & 1);
		if (!(i >> 1))
			return UNKNOWN;
		return b->g->ivals[(i >> 1) - 1];
	}
	case EX_BIN:
		switch (e->u.bin.op) {
		case BIN_LT: case BIN_LE: case BIN_EQ: case BIN_NE: case BIN_GT: case BIN_GE:
		case BIN_AND: case BIN_OR:
			return ival_of(0, 1);
		case BIN_FLOORMOD:
			if (!ir_is_const_int(e->u.bin.b, &c) || c <= 0)
				return UNKNOWN;
			x = ival(b, e->u.bin.a, depth + 1);
			if (x.ok && x.lo >= 0 && x.hi < c)
				return x;
			return ival_of(0, c - 1);
		case BIN_FLOORDIV:
		case BIN_DIV:
			if (!ir_is_const_int(e->u.bin.b, &c) || c <= 0)
				return UNKNOWN;
			x = ival(b, e->u.bin.a, depth + 1);
			if (!x.ok || (e->u.bin.op == BIN_DIV && x.lo < 0))
				return UNKNOWN;
			return ival_of(floordiv64(x.lo, c), floordiv64(x.hi, c));
		default:
			break;
		}
		x = ival(b, e->u.bin.a, depth + 1);
		y = ival(b, e->u.bin.b, depth + 1);
		if (!x.ok || !y.ok)
			return UNKNOWN;
		switch (e->u.bin.op) {
		case BIN_ADD:
			if (__builtin_add_overflow(x.lo, y.lo, &r1) || __builtin_add_overflow(x.hi, y.hi, &r2))
				return UNKNOWN;
			return ival_of(r1, r2);
		case BIN_SUB:
			if (__builtin_sub_overflow(x.lo, y.hi, &r1) || __builtin_sub_overflow(x.hi, y.lo, &r2))
				return UNKNOWN;
			return ival_of(r1, r2);
		case BIN_MUL:
			if (__builtin_mul_overflow(x.lo, y.lo, &r1) || __builtin_mul_overflow(x.lo, y.hi, &r2) ||
			    __builtin_mul_overflow(x.hi, y.lo, &r3) || __builtin_mul_overflow(x.hi, y.hi, &r4))
				return UNKNOWN;
			{
				int64_t lo = r1, hi = r1;
				lo = r2 < lo ? r2 : lo, hi = r2 > hi ? r2 : hi;
				lo = r3 < lo ? r3 : lo, hi = r3 > hi ? r3 : hi;
				lo = r4 < lo ? r4 : lo, hi = r4 > hi ? r4 : hi;
				return ival_of(lo, hi);
			}
		default:
			return UNKNOWN;
		}
	case EX_CALL: {
		const char *n = e->u.call.name;
		Expr **a = e->u.call.args;
		int na = e->u.call.nargs;
		/* One name comparison at most: by the first letter. */
		if (n[0] == 'C') {
			if (!strcmp(n, "Cast") && na == 2)
				return ival(b, a[1], depth + 1);
			return UNKNOWN;
		}
		if (n[0] == 's') {
			if (!strcmp(n, "shift_right") && na == 2 && ir_is_const_int(a[1], &c) && c >= 0 && c < 63) {
				x = ival(b, a[0], depth + 1);
				if (x.ok && x.lo >= 0)
					return ival_of(x.lo >> c, x.hi >> c);
			}
			return UNKNOWN;
		}
		if (n[0] != 'm' && n[0] != 'i')
			return UNKNOWN;
		if (n[0] == 'm' && (!strcmp(n, "max") || !strcmp(n, "min")) && na == 2) {
			x = ival(b, a[0], depth + 1);
			y = ival(b, a[1], depth + 1);
			if (!x.ok || !y.ok)
				return UNKNOWN;
			if (n[1] == 'a')
				return ival_of(x.lo > y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi);
			return ival_of(x.lo < y.lo ? x.lo : y.lo, x.hi < y.hi ? x.hi : y.hi);
		}
		if (n[0] == 'i' && !strcmp(n, "if_then_else") && na == 3) {
			x = ival(b, a[1], depth + 1);
			y = ival(b, a[2], depth + 1);
			if (!x.ok || !y.ok)
				return UNKNOWN;
			return ival_of(x.lo < y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi);
		}
		return UNKNOWN;
	}
	default:
		return UNKNOWN;
	}
}

/* ---- footprints ---------------------------------------------------------------- */

static Foot
foot_whole(const Var *alloc)
{
	Foot f = {alloc, 0, 0, 0};
	return f;
}

/* Elements [elo, ehi] of size es, plus an element offset: a byte range. */
static Foot
foot_bytes(const Var *alloc, Ival el, int64_t es)
{
	int64_t lo, hi;
	if (!el.ok || es <= 0 || __builtin_mul_overflow(el.lo, es, &lo) ||
	    __builtin_add_overflow(el.hi, 1, &hi) || __builtin_mul_overflow(hi, es, &hi))
		return foot_whole(alloc);
	Foot f = {alloc, lo, hi, 1};
	return f;
}

/* orc_dtype_bytes(dt), by the string's address for the few dtypes a
 * function uses (the IR does not change while its graph is built). */
static int
dtype_bytes(B *b, const char *dt)
{
	EventGraph *g = b->g;
	for (int i = 0; i < g->ndt; i++)
		if (g->dtk[i] == dt)
			return g->dtv[i];
	int es = orc_dtype_bytes(dt);
	int i = g->ndt < 4 ? g->ndt++ : 3;
	g->dtk[i] = dt;
	g->dtv[i] = es;
	return es;
}

/* Does ecache entry i, made in an earlier build, hold for this one: do the
 * texts at its addresses still name its row?  (An op: the row's name; an
 * extern function: call_extern or call_pure_extern, the table's two
 * ER_EXTERN rows, and the row's name.  An unknown call has no row to tell:
 * no.)  Then it is this build's. */
static __attribute__((noinline)) int
effect_still(EventGraph *g, size_t i)
{
	const Effect *eff = g->ecache[i].eff;
	const char *name = g->ecache[i].name;
	if (!eff)
		return 0;
	/* (the table's own text, at the row's address: no comparison) */
	if (g->ecache[i].argoff == 0) {
		if (name != eff->name && strcmp(name, eff->name))
			return 0;
	} else if (strcmp(name, "call_extern") && strcmp(name, "call_pure_extern")) {
		return 0;
	} else if (g->ecache[i].ext != eff->name && strcmp(g->ecache[i].ext, eff->name)) {
		return 0;
	}
	g->ecache[i].epoch = g->ecache_epoch;
	return 1;
}

/* orc_call_effect(call), by the addresses of the call's name and of its
 * second argument's string (call_extern's function name): the same texts
 * while a graph is built; an entry from an earlier build holds when those
 * texts still name its row (effect_still). */
static const Effect *
call_effect(B *b, const Expr *call, int *argoff)
{
	EventGraph *g = b->g;
	const char *name = call->u.call.name;
	/* (only call_extern and call_pure_extern are looked up by that string) */
	const char *ext = name[0] == 'c' && call->u.call.nargs >= 2 && call->u.call.args[1]->kind == EX_STR
	                          ? call->u.call.args[1]->u.s
	                          : NULL;
	uintptr_t h = (uintptr_t)name ^ (uintptr_t)ext;
	size_t n = sizeof g->ecache / sizeof g->ecache[0];
	size_t i = (h >> 3 ^ h >> 9) & (n - 1);
	if (g->ecache[i].name == name && g->ecache[i].ext == ext &&
	    (g->ecache[i].epoch == g->ecache_epoch || (g->ecache[i].eff && effect_still(g, i)))) {
		*argoff = g->ecache[i].argoff;
		return g->ecache[i].eff;
	}
	const Effect *eff = orc_call_effect(call, argoff);
	g->ecache[i].name = name;
	g->ecache[i].ext = ext;
	g->ecache[i].eff = eff;
	g->ecache[i].argoff = *argoff;
	g->ecache[i].epoch = g->ecache_epoch;
	return eff;
}

/* orc_scope_is_data_shared(scope), without the call for most scopes
 * ("local...", "global", none: not "shared..."). */
static inline int
data_shared(const char *scope)
{
	return scope && scope[0] == 's' && orc_scope_is_data_shared(scope);
}

static int
is_data_buffer(const Buffer *bf)
{
	/* The scope as ir_buffer_scope gives it, read from the data variable
	 * (its "global" default for no scope is no data scope either). */
	return bf && bf->data && data_shared(bf->data->ptr_scope);
}

/* The footprint of bf[idx...] (a slice index covers [begin, end)). */
static inline Foot
foot_access(B *b, const Buffer *bf, Expr *const *idx, int nidx)
{
	const Var *alloc = bf->data;
	int64_t es = dtype_bytes(b, bf->dtype);
	if (es <= 0 || nidx <= 0 || nidx > 8)
		return foot_whole(alloc);
	int64_t stride[8];
	if (bf->strides) {
		const Expr *s = bf->strides;
		if ((s->kind != EX_TUPLE && s->kind != EX_LIST) || s->u.list.n != nidx)
			return foot_whole(alloc);
		for (int k = 0; k < nidx; k++)
			if (!ir_is_const_int(s->u.list.items[k], &stride[k]))
				return foot_whole(alloc);
	} else {
		if (nidx != bf->ndim)
			return foot_whole(alloc);
		int64_t st = 1;
		for (int k = nidx - 1; k >= 0; k--) {
			stride[k] = st;
			int64_t d;
			if (k > 0 && (!ir_is_const_int(bf->shape[k], &d) || __builtin_mul_overflow(st, d, &st)))
				return foot_whole(alloc);
		}
	}
	Ival lin = ival_of(0, 0);
	for (int k = 0; k < nidx; k++) {
		Ival x;
		if (idx[k]->kind == EX_SLICE) {
			Ival lo = ival(b, idx[k]->u.slice.begin, 0), hi = ival(b, idx[k]->u.slice.end, 0);
			if (!lo.ok || !hi.ok || hi.hi <= lo.lo)
				return foot_whole(alloc);
			x = ival_of(lo.lo, hi.hi - 1);
		} else {
			x = ival(b, idx[k], 0);
		}
		int64_t p, q;
		if (!x.ok || stride[k] < 0 || __builtin_mul_overflow(x.lo, stride[k], &p) ||
		    __builtin_mul_overflow(x.hi, stride[k], &q) || __builtin_add_overflow(lin.lo, p, &lin.lo) ||
		    __builtin_add_overflow(lin.hi, q, &lin.hi))
			return foot_whole(alloc);
	}
	if (bf->elem_offset) {
		int64_t off;
		if (!ir_is_const_int(bf->elem_offset, &off) || __builtin_add_overflow(lin.lo, off, &lin.lo) ||
		    __builtin_add_overflow(lin.hi, off, &lin.hi))
			return foot_whole(alloc);
	}
	return foot_bytes(alloc, lin, es);
}

/* The shared allocation a pointer expression is based on, or NULL. */
static const Var *
shared_base(B *b, const Expr *e, int depth)
{
	if (!e || depth > IR_MAX_DEPTH)
		return NULL;
	switch (e->kind) {
	case EX_VAR: {
		if (data_shared(e->u.var->ptr_scope))
			return e->u.var;
		intptr_t i = (intptr_t)pm_get(&b->g->aliases, e->u.var);
		b->dep |= (int)(i & 1);
		if (!(i >> 1))
			return NULL;
		return b->g->leaves[(i >> 1) - 1].foot.alloc;
	}
	case EX_BUF:
		return is_data_buffer(e->u.buf) ? e->u.buf->data : NULL;
	case EX_CALL:
		for (int i = 0; i < e->u.call.nargs; i++) {
			const Var *v = shared_base(b, e->u.call.args[i], depth + 1);
			if (v)
				return v;
		}
		return NULL;
	case EX_BIN: {
		const Var *v = shared_base(b, e->u.bin.a, depth + 1);
		return v ? v : shared_base(b, e->u.bin.b, depth + 1);
	}
	default:
		return NULL;
	}
}

/* ---- descriptors ---------------------------------------------------------------- */

static int
is_desc_scope(const char *s)
{
	/* (letter by letter, no library call: most scopes are "local" or
	 * "shared..."; "instr" cannot overlap the prefix, which has no 'i') */
	static const char prefix[] = "local.descriptor";
	if (!s)
		return 0;
	for (int i = 0; i < 16; i++) /* (stops at the first letter that differs, the end included) */
		if (s[i] != prefix[i])
			return 0;
	for (s += 16; *s; s++) /* strstr(s, "instr") by hand: the rest is a few letters */
		if (s[0] == 'i' && s[1] == 'n' && s[2] == 's' && s[3] == 't' && s[4] == 'r')
			return 0;
	return 1;
}

/* The descriptor variable an MMA argument names (desc, desc.data, desc[0]). */
static const Var *
desc_ref(B *b, const Expr *e)
{
	const Var *v = NULL;
	if (e->kind == EX_VAR)
		v = e->u.var;
	else if (e->kind == EX_LOAD && e->u.load.buf)
		v = e->u.load.buf->data;
	else if (e->kind == EX_BUF)
		v = e->u.buf->data;
	if (!v)
		return NULL;
	/* (by the scope string's address for the last scope asked about: the
	 * IR does not change while its graph is built) */
	if (v->ptr_scope != b->dsk) {
		b->dsk = v->ptr_scope;
		b->dsv = is_desc_scope(v->ptr_scope);
	}
	if (b->dsv || pm_get(&b->g->descs, v))
		return v;
	/* The records so far: one class's copy also sees those of the copies
	 * built before it, so a kept scan holds only while v is still none. */
	if (b->memo) {
		EventGraph *g = b->g;
		g->mabs = grow(g->mabs, &g->capmabs, g->nmabs + 1, sizeof *g->mabs);
		g->mabs[g->nmabs++] = v;
	}
	return NULL;
}

static void
desc_record(B *b, const Var *v, Foot f)
{
	EventGraph *g = b->g;
	if (b->rec) {
		g->mdesc = grow(g->mdesc, &g->capmdesc, g->nmdesc + 1, sizeof *g->mdesc);
		g->mdesc[g->nmdesc].v = v;
		g->mdesc[g->nmdesc++].foot = f;
	}
	intptr_t i = (intptr_t)pm_get(&g->descs, v);
	if (!i) {
		if (g->ndinfo == g->capdinfo) {
			int cap = g->capdinfo ? g->capdinfo * 2 : 8;
			DescInfo *d = realloc(g->dinfo, sizeof *d * (size_t)cap);
			if (!d)
				abort();
			g->dinfo = d;
			g->capdinfo = cap;
		}
		g->dinfo[g->ndinfo].foot = f;
		g->dinfo[g->ndinfo].n = 1;
		pm_put(&g->descs, v, (void *)(intptr_t)(++g->ndinfo));
		return;
	}
	DescInfo *d = &g->dinfo[i - 1];
	d->n++;
	if (d->foot.alloc != f.alloc) {
		d->foot = foot_whole(NULL);
	} else if (d->foot.known && f.known) {
		d->foot.lo = f.lo < d->foot.lo ? f.lo : d->foot.lo;
		d->foot.hi = f.hi > d->foot.hi ? f.hi : d->foot.hi;
	} else {
		d->foot.known = 0;
	}
}

/* While b->rec: recipe fix's footprint goes to what's idx (PT_*). */
static void
patch(B *b, int what, int idx, int fix)
{
	EventGraph *g = b->g;
	g->mpatch = grow(g->mpatch, &g->capmpatch, g->nmpatch + 1, sizeof *g->mpatch);
	g->mpatch[g->nmpatch++] = (struct Patch){what, idx, fix - 1};
}

/* ---- leaves (pointers collected for the enclosing call) ------------------------- */

static Leaf *
push_leaf(B *b, int kind, int pos)
{
	EventGraph *g = b->g;
	if (g->nleaves == g->capleaves) {
		int cap = g->capleaves ? g->capleaves * 2 : 32;
		Leaf *l = realloc(g->leaves, sizeof *l * (size_t)cap);
		if (!l)
			abort();
		g->leaves = l;
		g->capleaves = cap;
	}
	Leaf *l = &g->leaves[g->nleaves++];
	memset(l, 0, sizeof *l);
	l->kind = kind;
	l->pos = pos;
	return l;
}

/* ---- expressions ------------------------------------------------------------------ */

static void scan(B *b, const Expr *e, Owner *ow, int pos, int depth);

/* Does scanning x do nothing: none, a literal, or a variable that is no
 * pointer while no let has bound a pointer (it reads and points at
 * nothing)? */
static inline int
inert_kid(const B *b, const Expr *x)
{
	return !x || x->kind <= EX_NONE || (x->kind == EX_VAR && !x->u.var->ptr_scope && !b->g->aliases.n);
}

static void scan_var(B *b, const Var *v, int pos);

/* scan of a child: not called for an inert one (but past the depth limit,
 * which scan marks); a variable's in scan_var. */
#define SCAN_KID(b, x, ow, pos, d)                                                  \
	do {                                                                        \
		const Expr *x_ = (x);                                               \
		if (x_ && (!inert_kid(b, x_) || (d) > IR_MAX_DEPTH)) {              \
			if (x_->kind == EX_VAR && (d) <= IR_MAX_DEPTH)              \
				scan_var(b, x_->u.var, pos);                        \
			else                                                        \
				scan(b, x_, ow, pos, d);                            \
		}                                                                   \
	} while (0)

/* Node id has a descriptor: resolved at the end of the build. */
static void
note_desc(B *b, int id)
{
	EventGraph *g = b->g;
	g->dix = grow(g->dix, &g->capdix, g->ndix + 1, sizeof *g->dix);
	g->dix[g->ndix++] = id;
}

static int
access(B *b, EventKind k, const char *op, const char *buf, Foot f, int site)
{
	int id = emit(b, k, op);
	Event *e = &b->g->ev[id];
	e->buf = buf;
	e->foot = f;
	e->site = site;
	return id;
}

/* The call's extern function name, or its op name.  argoff is
 * orc_call_effect's: 2 exactly for call_extern and call_pure_extern (the
 * table's two ER_EXTERN rows), 0 for every other name. */
static const char *
call_label(const Expr *call, int argoff)
{
	if (argoff == 2 && call->u.call.nargs >= 2 && call->u.call.args[1]->kind == EX_STR)
		return call->u.call.args[1]->u.s;
	return call->u.call.name;
}

/* An access of leaf l's footprint (its recipe's patch logged). */
static inline int
leaf_access(B *b, EventKind k, const char *op, const Leaf *l, int site)
{
	int id = access(b, k, op, l->buf, l->foot, site);
	if (l->fix)
		patch(b, PT_EVENT, id, l->fix);
	return id;
}

static void
generic_leaf(B *b, const Leaf *l, const char *op, int site)
{
	int rd = 1, wr = 1;
	if (l->kind == LF_PTR && (l->mask & 3))
		rd = l->mask & 1, wr = (l->mask & 2) != 0;
	if (rd)
		leaf_access(b, EV_GREAD, op, l, site);
	if (wr)
		leaf_access(b, EV_GWRITE, op, l, site);
}

/* The call's own effects, after its arguments were scanned. */
static void
finish_call(B *b, Owner *ow)
{
	EventGraph *g = b->g;
	const Effect *eff = ow->eff;
	const char *op = call_label(ow->call, ow->argoff);
	int site = b->site++;
	int nl = g->nleaves;
	if (!eff) {
		for (int i = ow->lstart; i < nl; i++)
			if (g->leaves[i].kind != LF_DESC)
				generic_leaf(b, &g->leaves[i], op, site);
		return;
	}
	switch (eff->role) {
	case ER_FENCE:
		emit(b, EV_FENCE, op);
		g->ev[b->cur].site = site;
		return;
	case ER_COMMIT:
		emit(b, EV_COMMIT, op);
		g->ev[b->cur].site = site;
		return;
	case ER_WAIT: {
		int argoff = ow->argoff;
		int64_t n = 0;
		int partial = ow->call->u.call.nargs > argoff &&
		              !(ir_is_const_int(ow->call->u.call.args[argoff], &n) && n == 0);
		emit(b, EV_WAIT, op);
		g->ev[b->cur].site = site;
		g->ev[b->cur].flags = partial ? EVF_PARTIAL : 0;
		return;
	}
	case ER_DESC_INIT: {
		int argoff = ow->argoff;
		if (ow->call->u.call.nargs <= argoff)
			return;
		const Expr *d = ow->call->u.call.args[argoff];
		const Var *v = d->kind == EX_VAR ? d->u.var : d->kind == EX_LOAD ? d->u.load.buf->data : NULL;
		if (!v)
			return;
		int any = 0;
		for (int i = ow->lstart; i < nl; i++)
			if (g->leaves[i].kind != LF_DESC && g->leaves[i].pos != 0) {
				desc_record(b, v, g->leaves[i].foot);
				if (g->leaves[i].fix)
					patch(b, PT_DESC, g->nmdesc - 1, g->leaves[i].fix);
				any = 1;
			}
		if (!any)
			desc_record(b, v, foot_whole(NULL));
		return;
	}
	case ER_BARRIER:
		for (int i = ow->lstart; i < nl; i++) {
			const Leaf *l = &g->leaves[i];
			if (l->kind != LF_DESC && !(l->pos >= 0 && l->pos < 32 && (eff->bar >> l->pos & 1)))
				generic_leaf(b, l, op, site);
		}
		return;
	case ER_ACCESS:
		break;
	default:
		return;
	}
	if (eff->proxy == EP_GENERIC) {
		for (int i = ow->lstart; i < nl; i++) {
			const Leaf *l = &g->leaves[i];
			if (l->kind == LF_DESC)
				continue;
			int r = l->pos >= 0 && l->pos < 32 && (eff->rd >> l->pos & 1);
			int w = l->pos >= 0 && l->pos < 32 && (eff->wr >> l->pos & 1);
			if (!r && !w) {
				if (!(l->pos >= 0 && l->pos < 32 && (eff->bar >> l->pos & 1)))
					generic_leaf(b, l, op, site);
				continue;
			}
			if (r)
				leaf_access(b, EV_GREAD, op, l, site);
			if (w)
				leaf_access(b, EV_GWRITE, op, l, site);
		}
		return;
	}
	/* async */
	unsigned fl = (eff->flags & EF_BULK_GROUP) ? EVF_BULK_GROUP : 0;
	int nops = 0;
	for (int i = ow->lstart; i < nl; i++) {
		const Leaf *l = &g->leaves[i];
		int in = l->pos >= 0 && l->pos < 32;
		int r = in && (eff->rd >> l->pos & 1), w = in && (eff->wr >> l->pos & 1);
		if (l->kind == LF_DESC) {
			if (!(eff->flags & EF_DESC))
				continue;
			int id = access(b, EV_AREAD, op, NULL, foot_whole(NULL), site);
			g->ev[id].desc = l->desc;
			note_desc(b, id);
			g->ev[id].flags = fl;
			nops++;
			continue;
		}
		if (!r && !w && (eff->flags & EF_PTRS))
			r = 1;
		if (r) {
			int id = leaf_access(b, EV_AREAD, op, l, site);
			g->ev[id].flags = fl;
			nops++;
		}
		if (w) {
			leaf_access(b, EV_AWRITE, op, l, site);
			nops++;
		}
	}
	if (!nops) {
		int id = access(b, eff->wr && !eff->rd && !(eff->flags & (EF_DESC | EF_PTRS)) ? EV_AWRITE : EV_AREAD,
		                op, NULL, foot_whole(NULL), site);
		if (g->ev[id].kind == EV_AREAD)
			g->ev[id].flags = fl;
	}
}

/* The footprint of tvm_access_ptr e (type, base, offset, extent, mask) on
 * base, es > 0 its element size. */
static Foot
tvm_foot(B *b, const Expr *e, const Var *base, int es)
{
	Expr **a = e->u.call.args;
	Ival off = ival(b, a[2], 0), ext = ival(b, a[3], 0);
	if (off.ok && ext.ok && ext.hi >= 1) {
		Ival el = ival_of(off.lo, 0);
		if (!__builtin_add_overflow(off.hi, ext.hi - 1, &el.hi))
			return foot_bytes(base, el, es);
	}
	return foot_whole(base);
}

/* The footprint of access_ptr e (base_load, extent, rw_mask), its base a
 * load from a data buffer. */
static Foot
aptr_foot(B *b, const Expr *e)
{
	Expr **a = e->u.call.args;
	const Buffer *bf = a[0]->u.load.buf;
	Foot base = foot_access(b, bf, a[0]->u.load.idx, a[0]->u.load.nidx);
	int64_t es = dtype_bytes(b, bf->dtype);
	Ival ext = e->u.call.nargs >= 2 ? ival(b, a[1], 0) : UNKNOWN;
	int64_t span;
	if (base.known && ext.ok && ext.hi >= 1 && !__builtin_mul_overflow(ext.hi, es, &span) &&
	    !__builtin_add_overflow(base.lo, span, &span)) {
		base.hi = span > base.hi ? span : base.hi;
		return base;
	}
	return foot_whole(bf->data);
}

/* The footprint recipe r makes now. */
static Foot
recipe_foot(B *b, const struct Recipe *r)
{
	const Expr *e = r->e;
	if (r->kind == RC_LOAD)
		return foot_access(b, e->u.load.buf, e->u.load.idx, e->u.load.nidx);
	if (r->kind == RC_TVM)
		return tvm_foot(b, e, r->base, r->es);
	return aptr_foot(b, e);
}

/* While b->rec, around a footprint's making: what b->dep was (the
 * footprint's reads are told apart). */
static inline int
rec_begin(B *b)
{
	int dep = b->dep;
	b->dep = 0;
	return dep;
}

/* Logs recipe (kind, e, base, es) (g->mrec, from b->rc0 in this scan);
 * returns its number plus one. */
static __attribute__((noinline)) int
log_recipe(B *b, int kind, const Expr *e, const Var *base, int es)
{
	EventGraph *g = b->g;
	if (!b->rdep) {
		b->rdep = 1;
		b->rc0 = g->nmrec;
		b->pt0 = g->nmpatch;
	}
	g->mrec = grow(g->mrec, &g->capmrec, g->nmrec + 1, sizeof *g->mrec);
	g->mrec[g->nmrec++] = (struct Recipe){e, base, kind, es};
	return g->nmrec;
}

/* After the footprint rec_begin(b) gave dep for: its recipe's number plus
 * one when it read a range depending on the class (logged), else 0. */
static inline int
rec_end(B *b, int dep, int kind, const Expr *e, const Var *base, int es)
{
	int fix = b->dep ? log_recipe(b, kind, e, base, es) : 0;
	b->dep = dep;
	return fix;
}

/* tvm_access_ptr(type, base, offset, extent, mask) and friends; eff the
 * call's row, one of the table's three ER_PTR rows (the call's own name:
 * they are looked up by it), told apart by its name's first two letters. */
static void
pointer(B *b, const Expr *e, const Effect *eff, Owner *ow, int pos, int depth)
{
	Expr **a = e->u.call.args;
	int na = e->u.call.nargs;
	int tvm = eff->name[0] == 't';                /* tvm_access_ptr */
	int elem = !tvm;                              /* address_of, access_ptr */
	int addr = !tvm && eff->name[1] == 'd';       /* address_of */
	for (int i = 0; i < na; i++) {
		/* The pointed-to element is not loaded; its indices are evaluated. */
		const Expr *x = a[i];
		if (x->kind == EX_LOAD && elem && i == 0) {
			for (int k = 0; k < x->u.load.nidx; k++)
				SCAN_KID(b, x->u.load.idx[k], ow, pos, depth + 1);
		} else if (!(tvm && i == 1)) {
			SCAN_KID(b, x, ow, pos, depth + 1);
		}
	}
	if (tvm) {
		const Var *base = na >= 2 ? shared_base(b, a[1], 0) : NULL;
		if (!base)
			return;
		Leaf *l = push_leaf(b, LF_PTR, pos);
		l->buf = base->owner ? base->owner->name : base->name;
		l->foot = foot_whole(base);
		int64_t m;
		l->mask = na == 5 && ir_is_const_int(a[4], &m) ? (int)(m & 3) : 0;
		const char *dt = NULL;
		if (a[0]->kind == EX_CALL && a[0]->u.call.nargs >= 1 && a[0]->u.call.args[0]->kind == EX_STR)
			dt = a[0]->u.call.args[0]->u.s;
		int es = dtype_bytes(b, dt);
		if (na == 5 && a[1]->kind == EX_VAR && a[1]->u.var == base && es > 0) {
			if (b->rec) {
				int dep = rec_begin(b);
				l->foot = tvm_foot(b, e, base, es);
				l->fix = rec_end(b, dep, RC_TVM, e, base, es);
			} else {
				l->foot = tvm_foot(b, e, base, es);
			}
		}
		return;
	}
	if (na < 1 || a[0]->kind != EX_LOAD || !is_data_buffer(a[0]->u.load.buf))
		return;
	const Buffer *bf = a[0]->u.load.buf;
	if (addr) {
		Leaf *l = push_leaf(b, LF_ADDR, pos);
		l->buf = bf->name;
		l->foot = foot_whole(bf->data); /* the callee may walk from the element anywhere */
		return;
	}
	/* access_ptr(base_load, extent, rw_mask) */
	Leaf *l = push_leaf(b, LF_PTR, pos);
	l->buf = bf->name;
	int64_t m;
	l->mask = na >= 3 && ir_is_const_int(a[2], &m) ? (int)(m & 3) : 0;
	if (b->rec) {
		int dep = rec_begin(b);
		l->foot = aptr_foot(b, e);
		l->fix = rec_end(b, dep, RC_APTR, e, NULL, 0);
	} else {
		l->foot = aptr_foot(b, e);
	}
}

/* scan of variable v (at argument position pos): a shared pointer, or an
 * alias of one. */
static __attribute__((noinline)) void
scan_var(B *b, const Var *v, int pos)
{
	if (data_shared(v->ptr_scope)) {
		Leaf *l = push_leaf(b, LF_VAR, pos);
		l->buf = v->owner ? v->owner->name : v->name;
		l->foot = foot_whole(v);
		return;
	}
	intptr_t i = (intptr_t)pm_get(&b->g->aliases, v);
	b->dep |= (int)(i & 1);
	if (i >> 1) {
		Leaf copy = b->g->leaves[(i >> 1) - 1];
		Leaf *l = push_leaf(b, copy.kind, pos);
		*l = copy;
		l->pos = pos;
		l->fix = 0;
	}
}

static void
scan(B *b, const Expr *e, Owner *ow, int pos, int depth)
{
	if (!e)
		return;
	if (depth > IR_MAX_DEPTH) {
		b->g->overflow = 1;
		return;
	}
	switch (e->kind) {
	case EX_LOAD: {
		const Buffer *bf = e->u.load.buf;
		for (int k = 0; k < e->u.load.nidx; k++)
			SCAN_KID(b, e->u.load.idx[k], ow, pos, depth + 1);
		if (!is_data_buffer(bf))
			return;
		if (b->rec) {
			int dep = rec_begin(b);
			int id = access(b, EV_GREAD, "load", bf->name,
			                foot_access(b, bf, e->u.load.idx, e->u.load.nidx), b->site++);
			int fix = rec_end(b, dep, RC_LOAD, e, NULL, 0);
			if (fix)
				patch(b, PT_EVENT, id, fix);
			return;
		}
		access(b, EV_GREAD, "load", bf->name, foot_access(b, bf, e->u.load.idx, e->u.load.nidx),
		       b->site++);
		return;
	}
	case EX_BIN: /* the commonest operator, without the children iterator */
		SCAN_KID(b, e->u.bin.a, ow, pos, depth + 1);
		SCAN_KID(b, e->u.bin.b, ow, pos, depth + 1);
		return;
	case EX_DICT: /* values only: keys are names */
		for (int i = 0; i < e->u.dict.n; i++)
			SCAN_KID(b, e->u.dict.vals[i], ow, pos, depth + 1);
		return;
	case EX_VAR:
		scan_var(b, e->u.var, pos);
		return;
	case EX_BUF:
		if (is_data_buffer(e->u.buf)) {
			Leaf *l = push_leaf(b, LF_VAR, pos);
			l->buf = e->u.buf->name;
			l->foot = foot_whole(e->u.buf->data);
		}
		return;
	case EX_CALL:
		break;
	default: { /* not, slices, tuples, lists (literals have no children) */
		IrKids k;
		ir_expr_kids(&k, e);
		for (Expr **x; (x = ir_kids_next(&k));)
			SCAN_KID(b, *x, ow, pos, depth + 1);
		return;
	}
	}
	int argoff;
	const Effect *eff = call_effect(b, e, &argoff);
	if (eff && eff->role == ER_PTR) {
		pointer(b, e, eff, ow, pos, depth);
		return;
	}
	if (eff && eff->role == ER_PURE) {
		for (int i = 0; i < e->u.call.nargs; i++)
			SCAN_KID(b, e->u.call.args[i], ow, pos, depth + 1);
		for (int i = 0; i < e->u.call.nkw; i++)
			SCAN_KID(b, e->u.call.kwargs[i], ow, pos, depth + 1);
		return;
	}
	Owner o = {e, eff, argoff, b->g->nleaves};
	/* (from argoff: call_extern's dtype and function name are skipped;
	 * the row's bits read once, the scans below may write memory) */
	int descs = eff && (eff->flags & EF_DESC);
	uint32_t bar = eff ? eff->bar : 0;
	Expr *const *args = e->u.call.args;
	int na = e->u.call.nargs;
	for (int i = argoff, p = 0; i < na; i++, p++) {
		const Expr *x = args[i];
		if (!x)
			continue;
		if (x->kind <= EX_NONE) { /* a literal: no descriptor, no mbarrier load */
			SCAN_KID(b, x, &o, p, depth + 1);
			continue;
		}
		if (descs) {
			const Var *d = desc_ref(b, x);
			if (d) {
				if (x->kind == EX_LOAD)
					for (int k = 0; k < x->u.load.nidx; k++)
						SCAN_KID(b, x->u.load.idx[k], &o, p, depth + 1);
				Leaf *l = push_leaf(b, LF_DESC, p);
				l->desc = d;
				continue;
			}
		}
		if (p < 32 && (bar >> p & 1) && x->kind == EX_LOAD) {
			for (int k = 0; k < x->u.load.nidx; k++)
				SCAN_KID(b, x->u.load.idx[k], &o, p, depth + 1);
			continue; /* an mbarrier object, not data */
		}
		SCAN_KID(b, x, &o, p, depth + 1);
	}
	for (int i = 0; i < e->u.call.nkw; i++)
		SCAN_KID(b, e->u.call.kwargs[i], &o, -1, depth + 1);
	finish_call(b, &o);
	b->g->nleaves = o.lstart;
}

/* The footprints of kept scan m that read ranges depending on the class,
 * made now with the ranges here, put in its events and leaves just
 * replayed and in its descriptor records (which replay then makes: each
 * replay puts its own footprints there first). */
static __attribute__((noinline)) void
replay_feet(B *b, const struct ScanMemo *m)
{
	EventGraph *g = b->g;
	g->rfoot = grow(g->rfoot, &g->caprfoot, m->nrc, sizeof *g->rfoot);
	Foot *ft = g->rfoot;
	for (int i = 0; i < m->nrc; i++)
		ft[i] = recipe_foot(b, &g->mrec[m->rc0 + i]);
	int n0 = g->n - m->nev, lf0 = g->nleaves - m->nlf;
	for (int i = 0; i < m->npt; i++) {
		const struct Patch *p = &g->mpatch[m->pt0 + i];
		Foot f = ft[p->rc - m->rc0];
		if (p->what == PT_EVENT)
			g->ev[n0 + p->idx].foot = f;
		else if (p->what == PT_LEAF)
			g->leaves[lf0 + p->idx].foot = f;
		else
			g->mdesc[p->idx].foot = f;
	}
}

/* A kept scan again, here: its events on the fall-through path with the
 * sites numbered from here, its leaves pushed, its descriptors recorded. */
static __attribute__((noinline)) void
replay(B *b, const struct ScanMemo *m)
{
	EventGraph *g = b->g;
	if (g->n + m->nev > g->cap) {
		int cap = g->cap ? g->cap : 64;
		while (cap < g->n + m->nev)
			cap *= 2;
		Event *ev = realloc(g->ev, sizeof *ev * (size_t)cap);
		if (!ev)
			abort();
		g->ev = ev;
		g->cap = cap;
	}
	/* The kept events were made in this statement (m->s, its loc), as
	 * emit would make them: only the sites and the links are new. */
	const Event *from = (m->own ? g->ev : g->mev) + m->ev0;
	int ds = b->site - m->site0;
	for (int i = 0; i < m->nev; i++) { /* (a scan's events all have sites) */
		Event *e = &g->ev[g->n];
		*e = from[i];
		e->site += ds;
		e->succ[0] = e->succ[1] = -1;
		if (e->desc)
			note_desc(b, g->n);
		if (b->cur >= 0) { /* (as emit links a new node) */
			Event *p = &g->ev[b->cur];
			if (p->succ[0] < 0)
				p->succ[0] = g->n;
			else if (p->succ[1] < 0)
				p->succ[1] = g->n;
			else
				abort();
		}
		b->cur = g->n++;
	}
	b->site += m->nsites;
	if (!m->more)
		return;
	for (int i = 0; i < m->nlf; i++) {
		Leaf *l = push_leaf(b, 0, 0);
		*l = g->mleaves[m->lf0 + i];
		l->fix = 0;
	}
	if (m->nrc)
		replay_feet(b, m);
	for (int i = 0; i < m->ndd; i++)
		desc_record(b, g->mdesc[m->dd0 + i].v, g->mdesc[m->dd0 + i].foot);
}

/* replay(b, m), without its call for a scan that made no events and left
 * nothing else: its sites numbered, all that replay would make. */
static inline void
replay_kept(B *b, const struct ScanMemo *m)
{
	if (m->nev || m->more)
		replay(b, m);
	else
		b->site += m->nsites;
}

/* The recipes and patches of the scan keep keeps as m (b->rdep): what
 * a replay makes again. */
static __attribute__((noinline)) void
keep_feet(B *b, struct ScanMemo *m, int n0, int start)
{
	EventGraph *g = b->g;
	for (int i = start; i < g->nleaves; i++)
		if (g->leaves[i].fix)
			patch(b, PT_LEAF, i, g->leaves[i].fix);
	for (int i = b->pt0; i < g->nmpatch; i++)
		if (g->mpatch[i].what != PT_DESC)
			g->mpatch[i].idx -= g->mpatch[i].what == PT_EVENT ? n0 : start;
	m->rc0 = b->rc0;
	m->nrc = g->nmrec - b->rc0;
	m->pt0 = b->pt0;
	m->npt = g->nmpatch - b->pt0;
}

/* Keeps what scanning an expression in b->s gave (events g->ev[n0 ..],
 * leaves from start, descriptor records from dd0, variables found no
 * descriptors from ab0, sites from site0); returns its number in g->memos
 * plus one. */
static int
keep(B *b, const Expr *e, int n0, int start, int dd0, int ab0, int site0)
{
	EventGraph *g = b->g;
	g->memos = grow(g->memos, &g->capmemos, g->nmemos + 1, sizeof *g->memos);
	struct ScanMemo *m = &g->memos[g->nmemos];
	m->e = e;
	m->s = b->s;
	m->nev = g->n - n0;
	m->site0 = site0;
	m->own = !b->skipping;
	if (m->own) { /* (they stay: only their successors change, which replay sets) */
		m->ev0 = n0;
	} else {
		m->ev0 = g->nmev;
		g->mev = grow(g->mev, &g->capmev, g->nmev + m->nev, sizeof *g->mev);
		for (int i = 0; i < m->nev; i++)
			g->mev[g->nmev++] = g->ev[n0 + i];
	}
	m->lf0 = g->nmleaves;
	m->nlf = g->nleaves - start;
	if (m->nlf) { /* (none: the arrays may not exist yet) */
		g->mleaves = grow(g->mleaves, &g->capmleaves, g->nmleaves + m->nlf, sizeof *g->mleaves);
		memcpy(g->mleaves + g->nmleaves, g->leaves + start, sizeof *g->mleaves * (size_t)m->nlf);
		g->nmleaves += m->nlf;
	}
	m->dd0 = dd0;
	m->ndd = g->nmdesc - dd0;
	m->ab0 = ab0;
	m->nab = g->nmabs - ab0;
	m->nsites = b->site - site0;
	m->nrc = 0;
	if (b->rdep)
		keep_feet(b, m, n0, start);
	m->more = (m->nlf | m->ndd | m->nrc) != 0;
	return ++g->nmemos;
}

/* inert_kid of e at depth, or of an operator on two such (within the
 * depth limit, so that nothing is marked either). */
static inline int
inert(const B *b, const Expr *e, int depth)
{
	if (depth + 1 > IR_MAX_DEPTH)
		return 0;
	return inert_kid(b, e) || (e->kind == EX_BIN && inert_kid(b, e->u.bin.a) && inert_kid(b, e->u.bin.b));
}

/* Scans an expression that is no call argument; returns the index of its
 * first top-level pointer leaf (for a let), the leaves staying pushed.
 * With thread classes, a scan that read nothing depending on the class but
 * the ranges its footprints read is kept, and replayed (those footprints
 * made again) when another class's copy comes to the same place. */
static __attribute__((noinline)) int scan_memo(B *b, const Expr *e, int depth, int start);

static __attribute__((noinline)) int
scan_top(B *b, const Expr *e, int depth)
{
	int start = b->g->nleaves;
	if (inert(b, e, depth))
		return start; /* (nothing to keep either) */
	if (!b->memo || !e || e->kind <= EX_NONE) {
		scan(b, e, NULL, -1, depth);
		return start;
	}
	/* A later copy tries the scan kept after the one it replayed last
	 * first: the one kept for e when it is e's (one is kept per
	 * expression), replayed without a probe when scan_memo would. */
	if (!b->first && b->mcur < b->g->nmemos) {
		const struct ScanMemo *m = &b->g->memos[b->mcur];
		if (m->e == e && m->s == b->s && !m->nab) { /* (scan_memo would find it) */
			b->mcur++;
			replay_kept(b, m);
			return start;
		}
	}
	return scan_memo(b, e, depth, start);
}

/* scan_top of e (not inert, b->memo) past its first checks; start: the
 * leaves before it. */
static int
scan_memo(B *b, const Expr *e, int depth, int start)
{
	EventGraph *g = b->g;
	/* One probe: the slot of e (made empty when none; an empty value
	 * reads as no scan kept), filled by keep.  scan does not touch memo. */
	void **slot = pm_slot(&g->memo, e);
	intptr_t k = (intptr_t)*slot;
	if (k) {
		const struct ScanMemo *m = &g->memos[k - 1];
		int i = 0;
		while (i < m->nab && !pm_get(&g->descs, g->mabs[m->ab0 + i]))
			i++;
		/* (else one became a descriptor since: scanned again) */
		/* (the same statement: its location too, b->loc being b->s's) */
		if (i == m->nab && m->s == b->s) {
			replay_kept(b, m);
			b->mcur = (int)k;
			if (b->first && (m->ndd || m->nab || m->nrc))
				b->sfx = 1; /* (its records are not in the arm's logs) */
			return start;
		}
	}
	int dep = b->dep, n0 = g->n, dd0 = g->nmdesc, ab0 = g->nmabs, site0 = b->site;
	b->dep = b->rdep = 0;
	b->rec = 1;
	scan(b, e, NULL, -1, depth);
	b->rec = 0;
	/* b->dep: what the scan read depending on the class apart from the
	 * footprints' ranges (b->rdep), which a replay makes again. */
	int sdep = b->dep | b->rdep;
	if (!b->dep && !k && !g->overflow) {
		*slot = (void *)(intptr_t)keep(b, e, n0, start, dd0, ab0, site0);
		if (b->rdep && (g->nmdesc > dd0 || g->nmabs > ab0))
			b->sfx = 1;
	} else {
		/* Scanned again in every copy: what it leaves behind may differ. */
		if (g->nmdesc > dd0 || g->nmabs > ab0 || !sdep)
			b->sfx = 1;
		g->nmdesc = dd0;
		g->nmabs = ab0;
		if (b->rdep) {
			g->nmrec = b->rc0;
			g->nmpatch = b->pt0;
		}
	}
	b->dep = dep | sdep;
	return start;
}

/* ---- statements ---------------------------------------------------------------------- */

static void stmt(B *b, const Stmt *s, int depth);

static void
top(B *b, const Expr *e, int depth)
{
	if (!e || (e->kind <= EX_NONE && depth <= IR_MAX_DEPTH))
		return; /* nothing to scan (past the limit scan marks the overflow) */
	int start = scan_top(b, e, depth);
	b->g->nleaves = start;
}

/* v an alias from here on (i: its value in g->aliases; 1: none, and that
 * depends on the class), logged in g->abind. */
static void
put_alias(B *b, const Var *v, intptr_t i)
{
	EventGraph *g = b->g;
	void *old = pm_put(&g->aliases, v, (void *)i);
	b->undo = grow(b->undo, &b->capundo, b->nundo + 1, sizeof *b->undo);
	b->undo[b->nundo++] = (struct Undo){v, (intptr_t)old, 1};
	g->abind = grow(g->abind, &g->capabind, g->nabind + 1, sizeof *g->abind);
	g->abind[g->nabind].v = v;
	g->abind[g->nabind++].i = i;
}

/* v has no range (alias 0) or no alias (1) from here on. */
static void
unbind(B *b, const Var *v, int alias)
{
	PtrMap *m = alias ? &b->g->aliases : &b->g->ranges;
	intptr_t old = (intptr_t)pm_get(m, v);
	if (!old)
		return;
	pm_put(m, v, NULL);
	b->undo = grow(b->undo, &b->capundo, b->nundo + 1, sizeof *b->undo);
	b->undo[b->nundo++] = (struct Undo){v, old, alias};
}

/* v's range and alias as they are, marked as depending on the class (no
 * range or no alias: 1). */
static void
mark_dep(B *b, const Var *v)
{
	EventGraph *g = b->g;
	pm_put(&g->ranges, v, (void *)((intptr_t)pm_get(&g->ranges, v) | 1));
	pm_put(&g->aliases, v, (void *)((intptr_t)pm_get(&g->aliases, v) | 1));
}

/* The changes since mark taken back, latest first; with dep, the variables
 * changed marked as depending on the class. */
static void
undo_to(B *b, int mark, int dep)
{
	int n = b->nundo;
	for (int i = n - 1; i >= mark; i--)
		pm_put(b->undo[i].alias ? &b->g->aliases : &b->g->ranges, b->undo[i].v,
		       (void *)b->undo[i].old);
	b->nundo = mark;
	for (int i = mark; dep && i < n; i++)
		mark_dep(b, b->undo[i].v);
}

/* l grown to cover m too. */
static void
cover(Leaf *l, const Leaf *m)
{
	if (m->foot.alloc != l->foot.alloc)
		l->foot = foot_whole(NULL);
	else if (!m->foot.known || !l->foot.known)
		l->foot.known = 0;
	else
		l->foot.lo = m->foot.lo < l->foot.lo ? m->foot.lo : l->foot.lo,
		l->foot.hi = m->foot.hi > l->foot.hi ? m->foot.hi : l->foot.hi;
	if (m->kind != l->kind || m->mask != l->mask)
		l->kind = LF_ADDR, l->mask = 0;
}

/* v an alias of l from here on (dep: that depends on the class), logged
 * for the arm's replay as bind_let logs it. */
static void
keep_alias(B *b, const Var *v, Leaf l, int dep)
{
	EventGraph *g = b->g;
	l.pos = -1;
	l.fix = 0;
	Leaf *keep = push_leaf(b, l.kind, -1);
	*keep = l;
	put_alias(b, v, (intptr_t)(g->nleaves << 1 | dep));
	if (b->first) {
		b->sfx |= dep;
		g->alog = grow(g->alog, &g->capalog, g->nalog + 1, sizeof *g->alog);
		g->alog[g->nalog].v = v;
		g->alog[g->nalog++].l = l;
	}
}

static void
bind_let(B *b, const Var *v, const Expr *value, int depth)
{
	EventGraph *g = b->g;
	b->dep = 0;
	b->lets++;
	int start = scan_top(b, value, depth);
	if (g->nleaves > start) {
		/* A pointer bound to a name: uses of the name are uses of the
		 * pointer (several candidates: one leaf covering them all). */
		Leaf l = g->leaves[start];
		for (int i = start + 1; i < g->nleaves; i++)
			cover(&l, &g->leaves[i]);
		/* Kept below the scratch area: move it to the bottom for good. */
		g->nleaves = start;
		keep_alias(b, v, l, b->dep);
		unbind(b, v, 0); /* (a range it had is no more) */
		return; /* the kept leaf stays pushed: later owners start above it */
	}
	g->nleaves = start;
	b->logreads = b->first;
	Ival r = ival(b, value, 0);
	b->logreads = 0;
	unbind(b, v, 1); /* (no pointer now) */
	set_range(b, v, r, b->dep);
}

/* A variable's range and alias (the maps' values) at the end of an arm. */
struct Bound {
	const Var *v;
	intptr_t r, a;
};

/* The variables changed since the undo log's mark, with their values now
 * (*n of them, malloc'd; NULL: none). */
static struct Bound *
bounds_since(B *b, int mark, int *n)
{
	*n = b->nundo - mark;
	if (*n <= 0)
		return NULL;
	struct Bound *t = malloc(sizeof *t * (size_t)*n);
	if (!t)
		abort();
	for (int i = 0; i < *n; i++) {
		const Var *v = b->undo[mark + i].v;
		t[i] = (struct Bound){v, (intptr_t)pm_get(&b->g->ranges, v), (intptr_t)pm_get(&b->g->aliases, v)};
	}
	return t;
}

/* v's value from here on: x's and y's (the two arms', maps' values)
 * joined, the union of the ranges and of the aliases' leaves. */
static void
join_var(B *b, const Var *v, const struct Bound *x, const struct Bound *y)
{
	EventGraph *g = b->g;
	intptr_t xr = x->r, yr = y->r, xa = x->a, ya = y->a;
	if (xr == yr) {
		if ((intptr_t)pm_get(&g->ranges, v) != xr)
			set_range(b, v, (xr >> 1) ? g->ivals[(xr >> 1) - 1] : UNKNOWN, (int)(xr & 1));
	} else {
		Ival r = UNKNOWN;
		if ((xr >> 1) && (yr >> 1)) {
			Ival p = g->ivals[(xr >> 1) - 1], q = g->ivals[(yr >> 1) - 1];
			if (p.ok && q.ok)
				r = ival_of(p.lo < q.lo ? p.lo : q.lo, p.hi > q.hi ? p.hi : q.hi);
		}
		set_range(b, v, r, (int)((xr | yr) & 1));
	}
	int dep = (int)((xa | ya) & 1);
	intptr_t now = (intptr_t)pm_get(&g->aliases, v);
	if (!(xa >> 1) || !(ya >> 1) || (xa >> 1) == (ya >> 1)) {
		/* (one arm's alias, or none: the other's, if any) */
		intptr_t i = (xa >> 1 ? xa : ya) | dep;
		if (i != now)
			put_alias(b, v, i);
		return;
	}
	Leaf l = g->leaves[(xa >> 1) - 1];
	cover(&l, &g->leaves[(ya >> 1) - 1]);
	keep_alias(b, v, l, dep);
}

/* The entry of v in t (n entries), or NULL. */
static const struct Bound *
bound_of(const struct Bound *t, int n, const Var *v)
{
	for (int i = 0; i < n; i++)
		if (t[i].v == v)
			return &t[i];
	return NULL;
}

/* After an if that is no thread predicate (or a block's T.where), where
 * either arm may have run, each from the values before the if: t the
 * variables the first arm changed (since the mark), with their values at its
 * end.  The second arm's changes (since the mark too) are taken back, and
 * every variable either arm changed joins the two arms' values (an arm that
 * did not change it: the value before the if). */
static void
join_arms(B *b, int mark, struct Bound *t, int nt)
{
	int ne;
	struct Bound *e = bounds_since(b, mark, &ne);
	undo_to(b, mark, 0);
	for (int k = 0; k < 2; k++) {
		const struct Bound *xs = k ? e : t, *ys = k ? t : e;
		int nx = k ? ne : nt, ny = k ? nt : ne;
		for (int i = 0; i < nx; i++) {
			const Var *v = xs[i].v;
			if (bound_of(xs, i, v) || (k && bound_of(ys, ny, v)))
				continue; /* (joined already) */
			const struct Bound *y = bound_of(ys, ny, v);
			struct Bound before = {v, (intptr_t)pm_get(&b->g->ranges, v),
			                       (intptr_t)pm_get(&b->g->aliases, v)};
			join_var(b, v, &xs[i], y ? y : &before);
		}
	}
	free(t);
	free(e);
}

static void
cand_node(B *b, const Stmt *at, const Stmt *owner, int branch)
{
	int id = emit(b, EV_NOP, "fence candidate");
	Event *e = &b->g->ev[id];
	e->flags = EVF_CAND;
	e->cand_at = at;
	e->cand_owner = owner;
	e->cand_branch = branch;
}

/* An evaluation or a store, as stmt translates it (b->loc and b->s its). */
static inline void
leaf(B *b, const Stmt *s, int depth)
{
	if (s->kind == ST_EVAL) {
		top(b, s->u.eval.value, depth);
		return;
	}
	const Buffer *bf = s->u.store.buf;
	top(b, s->u.store.value, depth);
	for (int k = 0; k < s->u.store.nidx; k++)
		top(b, s->u.store.idx[k], depth);
	if (is_data_buffer(bf))
		access(b, EV_GWRITE, "store", bf->name, foot_access(b, bf, s->u.store.idx, s->u.store.nidx),
		       b->site++);
}

/* The body list of owner (branch: 1 = else), as stmt(b, body, depth) would
 * translate it; with b->cand, a fence candidate before every item and at the
 * end, and items counted one level deeper (as in a sequence). */
static void
body_of(B *b, const Stmt *owner, int branch, const Stmt *body, int depth)
{
	if (!b->cand) {
		stmt(b, body, depth);
		return;
	}
	if (!body)
		return;
	if (depth > IR_MAX_DEPTH) {
		b->g->overflow = 1;
		return;
	}
	Loc saved = b->loc;
	b->loc = body->loc;
	if (body->kind == ST_SEQ) {
		const Stmt *saved_s = b->s;
		for (int i = 0; i < body->u.seq.n; i++) {
			const Stmt *it = body->u.seq.items[i];
			cand_node(b, it, owner, branch);
			if (it && (it->kind == ST_EVAL || it->kind == ST_STORE) && depth + 1 <= IR_MAX_DEPTH) {
				/* stmt's work without its call */
				b->loc = it->loc;
				b->s = it;
				leaf(b, it, depth + 1);
				b->loc = body->loc;
				b->s = saved_s;
			} else {
				stmt(b, it, depth + 1);
			}
		}
	} else {
		cand_node(b, body, owner, branch);
		stmt(b, body, depth + 1);
	}
	cand_node(b, NULL, owner, branch);
	b->loc = saved;
}

/* ---- loops that come back to their head ---------------------------------------------------- */

/* Does s (in a loop's body) re-bind by a let a variable that has a range or
 * an alias now? */
static int
rebinds(B *b, const Stmt *s, int depth)
{
	for (; s && depth <= IR_MAX_DEPTH; s = ir_body(s), depth++) {
		switch (s->kind) {
		case ST_SEQ:
			for (int i = 0; i < s->u.seq.n; i++)
				if (rebinds(b, s->u.seq.items[i], depth + 1))
					return 1;
			return 0;
		case ST_IF:
			return rebinds(b, s->u.if_.then_, depth + 1) || rebinds(b, s->u.if_.else_, depth + 1);
		case ST_LET:
			if (((intptr_t)pm_get(&b->g->ranges, s->u.let.var) |
			     (intptr_t)pm_get(&b->g->aliases, s->u.let.var)) >> 1)
				return 1;
			break;
		default:
			break;
		}
	}
	return 0;
}

/* Do x and y (one variable's maps' values) hold the same range and alias? */
static int
same_value(const EventGraph *g, const struct Bound *x, const struct Bound *y)
{
	if ((x->r & 1) != (y->r & 1) || !(x->r >> 1) != !(y->r >> 1) || (x->a & 1) != (y->a & 1) ||
	    !(x->a >> 1) != !(y->a >> 1))
		return 0;
	if (x->r >> 1) {
		const Ival *p = &g->ivals[(x->r >> 1) - 1], *q = &g->ivals[(y->r >> 1) - 1];
		if (p->ok != q->ok || (p->ok && (p->lo != q->lo || p->hi != q->hi)))
			return 0;
	}
	if (x->a >> 1) {
		const Leaf *l = &g->leaves[(x->a >> 1) - 1], *m = &g->leaves[(y->a >> 1) - 1];
		if (l->kind != m->kind || l->mask != m->mask || l->foot.alloc != m->foot.alloc ||
		    l->foot.known != m->foot.known ||
		    (l->foot.known && (l->foot.lo != m->foot.lo || l->foot.hi != m->foot.hi)))
			return 0;
	}
	return 1;
}

/* The walk since mark taken back; each variable it changed that has a
 * value now joins its value at the walk's end into it.  One bound in the
 * walk alone (a let in the loop's body: bound again there before any use)
 * stays unbound, or with local, gets its value at the end again.  With
 * widen, a value that grew grows to all it may be: an unknown range, the
 * whole allocation for an alias.  Returns whether any value grew. */
static int
join_back(B *b, int mark, int widen, int local)
{
	EventGraph *g = b->g;
	int n, grew = 0;
	struct Bound *t = bounds_since(b, mark, &n);
	undo_to(b, mark, 0);
	for (int i = 0; i < n; i++) {
		const Var *v = t[i].v;
		struct Bound now = {v, (intptr_t)pm_get(&g->ranges, v), (intptr_t)pm_get(&g->aliases, v)};
		if (bound_of(t, i, v))
			continue; /* (joined already) */
		if (!((now.r | now.a) >> 1)) {
			if (local)
				join_var(b, v, &t[i], &t[i]);
			continue;
		}
		join_var(b, v, &t[i], &now);
		struct Bound j = {v, (intptr_t)pm_get(&g->ranges, v), (intptr_t)pm_get(&g->aliases, v)};
		if (same_value(g, &j, &now))
			continue;
		grew = 1;
		if (!widen)
			continue;
		if ((j.r >> 1) && g->ivals[(j.r >> 1) - 1].ok)
			set_range(b, v, UNKNOWN, (int)(j.r & 1));
		if ((j.a >> 1) && g->leaves[(j.a >> 1) - 1].foot.known) {
			Leaf l = g->leaves[(j.a >> 1) - 1];
			l.foot = foot_whole(l.foot.alloc);
			keep_alias(b, v, l, (int)(j.a & 1));
		}
	}
	free(t);
	return grew;
}

/* A pass of loop s's body (a while's condition first) that only changes the
 * values: its nodes dropped, its sites numbered again by the next pass,
 * nothing kept or logged for other classes' copies. */
static void
dry_pass(B *b, const Stmt *s, int depth)
{
	EventGraph *g = b->g;
	int n = g->n, cur = b->cur, site = b->site, ndix = g->ndix, memo = b->memo, first = b->first,
	    dep = b->dep;
	b->cur = -1;
	b->memo = b->first = 0;
	if (s->kind == ST_WHILE)
		top(b, s->u.while_.cond, depth);
	body_of(b, s, 0, ir_body(s), depth + 1);
	g->n = n;
	g->ndix = ndix;
	b->cur = cur;
	b->site = site;
	b->memo = memo;
	b->first = first;
	b->dep = dep;
}

/* The values at the head of loop s, which its body's end comes back to: when
 * the body re-binds a variable bound before the loop, the values before it
 * joined with those at the body's end, passes (dry_pass) repeated until no
 * value grows, widened from the second join on.  Returns the undo log's mark
 * before the joins, or -1 (nothing re-bound: the values before the loop). */
static int
loop_head(B *b, const Stmt *s, int depth)
{
	if (!b->lets || !rebinds(b, ir_body(s), depth + 1))
		return -1; /* (no let yet: no variable a let binds has a value) */
	int mark = b->nundo;
	for (int k = 0;; k++) {
		int m = b->nundo;
		dry_pass(b, s, depth);
		if (!join_back(b, m, k > 0, 0))
			break;
		if (k == 16) { /* (widening ends it before) */
			b->g->overflow = 1;
			break;
		}
	}
	/* What the arm holding it leaves behind is made by passes not logged. */
	if (b->first)
		b->sfx = 1;
	return mark;
}

static void
loop(B *b, const Stmt *s, int depth)
{
	const Expr *mn = s->u.for_.min, *ext = s->u.for_.extent, *st = s->u.for_.step;
	top(b, mn, depth);
	top(b, ext, depth);
	if (st)
		top(b, st, depth);
	int64_t e, step = 1;
	int known = ir_is_const_int(ext, &e) && (!st || (ir_is_const_int(st, &step) && step > 0));
	int64_t trips = -1; /* unknown */
	if (known)
		trips = e <= 0 ? 0 : e / step + (e % step != 0);
	if (s->u.for_.kind == FOR_THREAD_BINDING && trips != 0)
		trips = 1; /* one iteration per thread */
	if (trips == 0)
		return;
	b->dep = 0;
	b->logreads = b->first;
	Ival m = ival(b, mn, 0), x = ival(b, ext, 0);
	b->logreads = 0;
	int64_t hi;
	if (m.ok && x.ok && x.hi >= 1 && (!st || step > 0) && !__builtin_add_overflow(m.hi, x.hi - 1, &hi))
		set_range(b, s->u.for_.var, ival_of(m.lo, hi), b->dep);
	else
		set_range(b, s->u.for_.var, UNKNOWN, b->dep);
	int mark = trips != 1 ? loop_head(b, s, depth) : -1;
	int head = emit(b, EV_NOP, "loop");
	body_of(b, s, 0, s->u.for_.body, depth + 1);
	int latch = emit(b, EV_NOP, "back edge");
	if (trips != 1)
		link(b, latch, head);
	int out = add(b, EV_NOP, "loop exit");
	link(b, latch, out);
	if (trips < 0)
		link(b, head, out);
	b->cur = out;
	if (trips < 0 && mark >= 0) /* (it may not have run: the values before it, too) */
		join_back(b, mark, 0, 1);
}

/* The arm a thread class does not take still numbers its sites, so that
 * every class's copy of the graph gives a statement the same site: built,
 * then dropped (it is reached from nothing). */
static void
skip_arm(B *b, const Stmt *owner, int taken, const Stmt *arm, int depth)
{
	if (!arm)
		return;
	int n = b->g->n, cur = b->cur;
	b->cur = -1;
	b->skipping++;
	body_of(b, owner, taken, arm, depth + 1);
	b->skipping--;
	b->g->n = n;
	b->cur = cur;
}

/* ---- arms of thread predicates ------------------------------------------------------- */

/* Would an arm leave behind here what it did in the first copy: do the
 * variables it found no descriptors still have none, and do the ranges it
 * read from before it (for the ranges it set) read the same here? */
static int
arm_valid(B *b, const struct StmtMemo *m)
{
	EventGraph *g = b->g;
	for (int i = 0; i < m->nab; i++)
		if (pm_get(&g->descs, g->mabs[m->ab0 + i]))
			return 0;
	for (int i = 0; i < m->nrd; i++) {
		const struct ReadRec *r = &g->rdlog[m->rd0 + i];
		if (r->i && (r->i >> 1) > m->iv0)
			continue; /* set in the arm itself */
		intptr_t now = (intptr_t)pm_get(&g->ranges, r->v);
		if (!(now >> 1) != !(r->i >> 1))
			return 0;
		if ((now >> 1) && now != r->i) {
			const Ival *x = &g->ivals[(now >> 1) - 1], *y = &g->ivals[(r->i >> 1) - 1];
			if ((now & 1) != (r->i & 1) || x->ok != y->ok || x->lo != y->lo || x->hi != y->hi)
				return 0;
		}
	}
	return 1;
}

/* What a kept arm left behind, again (its nodes are dropped where it is
 * skipped): its sites numbered, its ranges, aliases and records made. */
static void
replay_arm(B *b, const struct StmtMemo *m)
{
	EventGraph *g = b->g;
	b->site += m->nsites;
	for (int i = 0; i < m->nrl; i++)
		set_range(b, g->rlog[m->rl0 + i].v, g->rlog[m->rl0 + i].r, 0);
	for (int i = 0; i < m->nal; i++) {
		*push_leaf(b, 0, 0) = g->alog[m->al0 + i].l;
		put_alias(b, g->alog[m->al0 + i].v, (intptr_t)(g->nleaves << 1));
	}
	for (int i = 0; i < m->ndd; i++)
		desc_record(b, g->mdesc[m->dd0 + i].v, g->mdesc[m->dd0 + i].foot);
}

/* An arm of a thread predicate, as body_of(b, owner, branch, arm, depth + 1)
 * would translate it, or (skip) skip_arm.  The first class's copy keeps
 * what each arm left behind when that cannot depend on the class (nothing
 * it read did, no arm inside it comes in another order elsewhere, it is met
 * once); a later copy skipping a kept arm makes that again instead. */
static void
arm_of(B *b, const Stmt *owner, int branch, const Stmt *arm, int depth, int skip)
{
	EventGraph *g = b->g;
	if (!arm)
		return;
	int u = b->nundo;
	if (!b->first) {
		intptr_t k = skip ? (intptr_t)pm_get(&g->smemo, arm) : 0;
		if (k > 0 && g->smemos[k - 1].ok && arm_valid(b, &g->smemos[k - 1]))
			replay_arm(b, &g->smemos[k - 1]);
		else if (skip)
			skip_arm(b, owner, branch, arm, depth);
		else
			body_of(b, owner, branch, arm, depth + 1);
		if (skip) /* (the class does not run it: what it bound is not bound) */
			undo_to(b, u, 1);
		return;
	}
	intptr_t seen = (intptr_t)pm_get(&g->smemo, arm);
	if (seen > 0)
		g->smemos[seen - 1].ok = 0;
	pm_put(&g->smemo, arm, (void *)(intptr_t)(seen ? seen : -1));
	struct StmtMemo m = {0, b->site, g->nrlog, 0, g->nalog, 0, g->nmdesc, 0, g->nmabs, 0, g->nrdlog, 0, g->nivals};
	int sfx = b->sfx;
	b->sfx = 0;
	if (skip)
		skip_arm(b, owner, branch, arm, depth);
	else
		body_of(b, owner, branch, arm, depth + 1);
	if (!seen && !b->sfx && !g->overflow) {
		m.ok = 1;
		m.nsites = b->site - m.nsites;
		m.nrl = g->nrlog - m.rl0;
		m.nal = g->nalog - m.al0;
		m.ndd = g->nmdesc - m.dd0;
		m.nab = g->nmabs - m.ab0;
		m.nrd = g->nrdlog - m.rd0;
		g->smemos = grow(g->smemos, &g->capsmemos, g->nsmemos + 1, sizeof *g->smemos);
		g->smemos[g->nsmemos] = m;
		pm_put(&g->smemo, arm, (void *)(intptr_t)(++g->nsmemos));
	}
	b->sfx |= sfx;
	if (skip)
		undo_to(b, u, 1);
}

/* body_of(b, owner, branch, body, depth + 1); an arm of a thread predicate
 * (pred) through arm_of. */
static void
arm(B *b, int pred, const Stmt *owner, int branch, const Stmt *body, int depth)
{
	if (pred)
		arm_of(b, owner, branch, body, depth, 0);
	else
		body_of(b, owner, branch, body, depth + 1);
}

/* The variables whose ranges or aliases were changed since the undo log's
 * mark (the arm of a thread predicate a class takes, translated after the
 * one it skips, whose changes were taken back), marked as depending on the
 * class.  A variable set in either arm holds a value that depends on which
 * arm the class takes: a scan reading it after the if must not be kept. */
static void
mark_taken(B *b, int mark)
{
	for (int j = mark; j < b->nundo; j++)
		mark_dep(b, b->undo[j].v);
}

/* An if: for a thread predicate the arm this class takes and the one it
 * skips (arm_of), for any other condition both arms, joined. */
static void
if_stmt(B *b, const Stmt *s, int depth)
{
	top(b, s->u.if_.cond, depth);
	int d = -1, pred = b->tx && orc_tx_pred(b->tx, s->u.if_.cond, &d);
	int logs = b->g->nrlog + b->g->nalog;
	if (d >= 0) { /* a thread predicate: this class of threads takes one arm */
		arm_of(b, s, d, d ? s->u.if_.else_ : s->u.if_.then_, depth, 1);
		int u = b->nundo;
		if (d || s->u.if_.else_)
			arm_of(b, s, !d, d ? s->u.if_.then_ : s->u.if_.else_, depth, 0);
		mark_taken(b, u);
	} else {
		int br = emit(b, EV_NOP, "branch"), u = b->nundo, nt;
		arm(b, pred, s, 0, s->u.if_.then_, depth);
		int end_then = b->cur;
		b->cur = br;
		struct Bound *t = bounds_since(b, u, &nt);
		undo_to(b, u, 0); /* (the else arm starts from the values before the if) */
		if (s->u.if_.else_)
			arm(b, pred, s, 1, s->u.if_.else_, depth);
		join_arms(b, u, t, nt);
		int end_else = b->cur;
		int join = add(b, EV_NOP, "join");
		link(b, end_then, join);
		link(b, end_else, join);
		b->cur = join;
	}
	/* Its arms come in another order in another class's copy. */
	if (pred && b->g->nrlog + b->g->nalog != logs)
		b->sfx = 1;
}

/* A block: a T.where that may be false skips the body (a thread predicate
 * as in if_stmt). */
static void
block_stmt(B *b, const Stmt *s, int depth)
{
	int64_t w = 1;
	const Expr *where = s->u.block.where;
	int d = -1, pred = where && b->tx && orc_tx_pred(b->tx, where, &d);
	if (d == 0) {
		top(b, where, depth);
		arm_of(b, s, 0, s->u.block.body, depth, 1);
	} else if (d < 0 && where && !(ir_is_const_int(where, &w) && w != 0)) {
		top(b, where, depth);
		int br = emit(b, EV_NOP, "block predicate"), u = b->nundo, nt;
		arm(b, pred, s, 0, s->u.block.body, depth);
		struct Bound *t = bounds_since(b, u, &nt);
		undo_to(b, u, 0);
		join_arms(b, u, t, nt); /* (with the values before it) */
		int join = add(b, EV_NOP, "join");
		link(b, b->cur, join);
		link(b, br, join);
		b->cur = join;
	} else {
		arm(b, pred, s, 0, s->u.block.body, depth);
	}
}

static void
stmt(B *b, const Stmt *s, int depth)
{
	if (!s)
		return;
	if (depth > IR_MAX_DEPTH) {
		b->g->overflow = 1;
		return;
	}
	Loc saved = b->loc;
	const Stmt *saved_s = b->s;
	b->loc = s->loc;
	b->s = s;
	for (;;) {
		const Stmt *body = NULL; /* a single body translated last: iterated below, not recursed into */
		switch (s->kind) {
		case ST_SEQ:
			for (int i = 0; i < s->u.seq.n; i++) {
				const Stmt *it = s->u.seq.items[i];
				if (it && (it->kind == ST_EVAL || it->kind == ST_STORE) && depth + 1 <= IR_MAX_DEPTH) {
					/* stmt's work without its call (the sequence's own
					 * location is restored after it) */
					b->loc = it->loc;
					b->s = it;
					leaf(b, it, depth + 1);
				} else {
					stmt(b, it, depth + 1);
				}
			}
			break;
		case ST_EVAL:
		case ST_STORE:
			leaf(b, s, depth);
			break;
		case ST_FOR:
			loop(b, s, depth);
			break;
		case ST_WHILE: {
			int mark = loop_head(b, s, depth);
			int head = emit(b, EV_NOP, "loop");
			top(b, s->u.while_.cond, depth);
			int test = emit(b, EV_NOP, "loop test");
			body_of(b, s, 0, s->u.while_.body, depth + 1);
			emit(b, EV_NOP, "back edge");
			link(b, b->cur, head);
			int out = add(b, EV_NOP, "loop exit");
			link(b, test, out);
			b->cur = out;
			if (mark >= 0) /* (left from the test: the values before it, or after a pass) */
				join_back(b, mark, 0, 1);
			break;
		}
		case ST_IF:
			if_stmt(b, s, depth);
			break;
		case ST_LET:
			bind_let(b, s->u.let.var, s->u.let.value, depth);
			body = s->u.let.body;
			break;
		case ST_ASSERT:
			top(b, s->u.assert_.cond, depth);
			top(b, s->u.assert_.msg, depth);
			body = s->u.assert_.body;
			break;
		case ST_ATTR:
			top(b, s->u.attr.value, depth);
			body = s->u.attr.body;
			break;
		case ST_LAUNCH: {
			top(b, s->u.launch.extent, depth);
			b->dep = 0;
			b->logreads = b->first;
			Ival x = ival(b, s->u.launch.extent, 0);
			b->logreads = 0;
			set_range(b, s->u.launch.var, x.ok && x.hi >= 1 ? ival_of(0, x.hi - 1) : UNKNOWN, b->dep);
			if (b->tx && s->u.launch.var == b->tx->tx)
				set_range(b, s->u.launch.var, ival_of(b->tx->tx_lo, b->tx->tx_hi), 1);
			body = s->u.launch.body;
			break;
		}
		case ST_ALLOC:
			for (int i = 0; i < s->u.alloc.nextents; i++)
				top(b, s->u.alloc.extents[i], depth);
			top(b, s->u.alloc.condition, depth);
			body = s->u.alloc.body;
			break;
		case ST_BLOCK:
			block_stmt(b, s, depth);
			break;
		default: /* decl_buffer: transparent (its body read directly: ir_body walks the node's fields) */
			body = s->kind == ST_DECL ? s->u.decl.body : ir_body(s);
			break;
		}
		if (!body)
			break;
		if (b->cand) {
			body_of(b, s, 0, body, depth + 1);
			break;
		}
		/* stmt(b, body, depth + 1), in this call (nothing follows a body here) */
		if (++depth > IR_MAX_DEPTH) {
			b->g->overflow = 1;
			break;
		}
		s = body;
		b->loc = s->loc;
		b->s = s;
	}
	b->loc = saved;
	b->s = saved_s;
}

/* ---- public ------------------------------------------------------------------------------ */

void
orc_events_init(EventGraph *g)
{
	memset(g, 0, sizeof *g);
	memset(g->sound, -1, sizeof g->sound);
}

void
orc_events_free(EventGraph *g)
{
	free(g->tx);
	free(g->ev);
	free(g->ivals);
	free(g->ivar);
	free(g->abind);
	free(g->leaves);
	free(g->dinfo);
	free(g->dix);
	free(g->memos);
	free(g->mev);
	free(g->mleaves);
	free(g->mdesc);
	free(g->mabs);
	free(g->mrec);
	free(g->mpatch);
	free(g->rfoot);
	pm_free(&g->memo);
	free(g->smemos);
	free(g->rlog);
	free(g->alog);
	free(g->rdlog);
	pm_free(&g->smemo);
	for (int k = 0; k < 4; k++)
		orc_sound_plan_free(g->plans[k]);
	pm_free(&g->ranges);
	pm_free(&g->aliases);
	pm_free(&g->descs);
	memset(g, 0, sizeof *g);
}

/* m emptied (no key since the last clear: nothing to clear). */
static void
pm_clear(PtrMap *m)
{
	if (m->n) {
		memset(m->keys, 0, sizeof *m->keys * m->cap);
		m->n = 0;
	}
}

static int
build(EventGraph *g, const Func *f, int cand)
{
	for (int k = 0; k < 4; k++) {
		orc_sound_plan_free(g->plans[k]);
		g->plans[k] = NULL;
		g->sound[k] = -1;
	}
	g->n = 0;
	g->nivals = g->nleaves = g->ndinfo = g->ndt = g->ndix = g->nabind = 0;
	if (!++g->ecache_epoch) { /* wrapped: no entry may hold by chance */
		memset(g->ecache, 0, sizeof g->ecache);
		g->ecache_epoch = 1;
	}
	g->overflow = 0;
	pm_clear(&g->ranges);
	pm_clear(&g->aliases);
	pm_clear(&g->descs);
	pm_clear(&g->memo);
	pm_clear(&g->smemo);
	g->nmemos = g->nmev = g->nmleaves = g->nmdesc = g->nmabs = g->nmrec = g->nmpatch = 0;
	g->nsmemos = g->nrlog = g->nalog = g->nrdlog = 0;
	B b = {g, -1, {0, 0}, NULL, 0, cand, NULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, NULL, 0, 0, 0, 0, 0, NULL, 0};
	if (f->body)
		b.loc = f->body->loc;
	g->entry = emit(&b, EV_NOP, "entry");
	/* Threads split by predicates on threadIdx.x (threads.c): one copy of
	 * the graph per class of threads, each taking the arms its threads take,
	 * with the same site numbers (so a hazard is one finding whichever class
	 * shows it).  The candidate graph of minimality stays one copy: its
	 * soundness is then stricter, never looser, than this one's. */
	if (!cand && !g->tx && !(g->tx = malloc(sizeof *g->tx)))
		abort();
	int ncls = cand ? 0 : orc_tx_find(g->tx, f, 1);
	if (ncls >= 2) {
		int disp = g->entry, exit = add(&b, EV_NOP, "exit"), sites = 0;
		for (int k = 0; k < ncls; k++) {
			orc_tx_select(g->tx, k);
			b.tx = g->tx;
#ifdef FENCEFUZZ_EVENTS_NO_REPLAY
			/* The reference: every class walked fresh, from no ranges
			 * and no aliases, nothing kept or replayed. */
			b.memo = 0;
			b.first = 0;
			pm_clear(&g->ranges);
			pm_clear(&g->aliases);
#else
			b.memo = 1;
			b.first = k == 0;
			/* Each class's walk starts from no ranges and no aliases, as
			 * the first's did: what an earlier copy bound (later in the
			 * body than a scan here) is not bound yet at that scan. */
			if (k > 0) {
				pm_clear(&g->ranges);
				pm_clear(&g->aliases);
			}
#endif
			b.site = 0;
			b.nundo = 0;
			b.lets = 0;
			b.mcur = 0;
			int start = add(&b, EV_NOP, "thread class");
			link(&b, disp, start);
			if (k + 1 < ncls) {
				int next = add(&b, EV_NOP, "thread class");
				link(&b, disp, next);
				disp = next;
			}
			b.cur = start;
			body_of(&b, NULL, 0, f->body, 0);
			link(&b, b.cur, exit);
			if (b.site > sites)
				sites = b.site;
		}
		b.cur = g->exit = exit;
		b.site = sites;
	} else {
		body_of(&b, NULL, 0, f->body, 0);
		g->exit = emit(&b, EV_NOP, "exit");
	}
	g->nsites = b.site;
	/* MMA operands read what their descriptors were built from. */
	for (int k = 0; k < g->ndix; k++) {
		if (g->dix[k] >= g->n || !g->ev[g->dix[k]].desc)
			continue; /* (dropped with a skipped arm; or made again, maybe twice) */
		Event *e = &g->ev[g->dix[k]];
		intptr_t d = (intptr_t)pm_get(&g->descs, e->desc);
		e->foot = d ? g->dinfo[d - 1].foot : foot_whole(NULL);
		if (e->foot.alloc)
			e->buf = e->foot.alloc->owner ? e->foot.alloc->owner->name : e->foot.alloc->name;
	}
	free(b.undo);
	return g->overflow ? -1 : 0;
}

int
orc_events_build(EventGraph *g, const Func *f)
{
	return build(g, f, 0);
}

int
orc_events_build_candidates(EventGraph *g, const Func *f)
{
	return build(g, f, 1);
}

static const char *
kind_text(EventKind k)
{
	switch (k) {
	case EV_GREAD: return "generic read";
	case EV_GWRITE: return "generic write";
	case EV_AREAD: return "async read";
	case EV_AWRITE: return "async write";
	case EV_FENCE: return "fence";
	case EV_COMMIT: return "commit";
	case EV_WAIT: return "wait";
	default: return "";
	}
}

/* buf := a, or "a b" when b, truncated to n - 1 characters as snprintf
 * would (this runs for every step of every witness: no format parsing). */
static void
put_words(char *buf, size_t n, const char *a, const char *b)
{
	if (!n)
		return;
	size_t k = 0;
	for (; *a && k + 1 < n; a++)
		buf[k++] = *a;
	if (b && k + 1 < n) {
		buf[k++] = ' ';
		for (; *b && k + 1 < n; b++)
			buf[k++] = *b;
	}
	buf[k] = 0;
}

void
orc_event_describe(const Event *e, char *buf, size_t n)
{
	if (e->kind == EV_NOP)
		put_words(buf, n, e->op ? e->op : "", NULL);
	else
		put_words(buf, n, kind_text(e->kind), e->op ? e->op : "?");
}

void
orc_events_witness(const EventGraph *g, const int *path, int len, FindingList *fl, Finding *f)
{
	char d[96];
	int first = f->nwitness;
	for (int i = 0; i < len; i++) {
		const Event *v = &g->ev[path[i]];
		int last = i == len - 1;
		if (i && !last && v->kind == EV_NOP && !strcmp(v->op, "join"))
			continue;
		orc_event_describe(v, d, sizeof d);
		if (i && f->nwitness > first) {
			WitnessStep *w = &f->witness[f->nwitness - 1];
			if (w->loc.line == v->loc.line && w->loc.col == v->loc.col) {
				if (v->kind == EV_NOP && !strcmp(w->what, "back edge"))
					continue; /* the back edge says more than the loop node */
				if (f->nwitness - 1 == first && !last)
					continue; /* keep the first event as it is */
				if (f->nwitness - 1 != first) {
					w->what = ar_strdup(fl->arena, d);
					continue;
				}
			}
		}
		fl_add_step(fl, f, v->loc, d);
	}
}

void
orc_events_dump(FILE *out, const EventGraph *g)
{
	char d[128];
	for (int i = 0; i < g->n; i++) {
		const Event *e = &g->ev[i];
		orc_event_describe(e, d, sizeof d);
		fprintf(out, "%3d %d:%d %-32s", i, e->loc.line, e->loc.col, d);
		if (e->kind != EV_NOP && e->kind != EV_FENCE && e->kind != EV_COMMIT && e->kind != EV_WAIT) {
			if (!e->foot.alloc)
				fprintf(out, " [any shared]");
			else if (!e->foot.known)
				fprintf(out, " [%s: all]", e->buf ? e->buf : e->foot.alloc->name);
			else
				fprintf(out, " [%s: %lld..%lld)", e->buf ? e->buf : e->foot.alloc->name,
				        (long long)e->foot.lo, (long long)e->foot.hi);
		}
		fprintf(out, " ->");
		for (int k = 0; k < 2; k++)
			if (e->succ[k] >= 0)
				fprintf(out, " %d", e->succ[k]);
		fprintf(out, "\n");
	}
}

void *
orc_scratch_grow(void *p, size_t *cap, size_t need)
{
	if (need <= *cap)
		return p;
	size_t c = *cap ? *cap : 256;
	while (c < need)
		c *= 2;
	free(p);
	p = malloc(c);
	if (!p)
		abort();
	*cap = c;
	return p;
}
