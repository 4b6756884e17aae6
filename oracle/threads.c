/* threads.c: the threads of a block and the predicates that split them
 * (docs/cross-partition.md), for the oracles that follow one class of
 * threads at a time: the cross-partition oracle (cross.c) and the event
 * graph (events.c), whose single-thread paths are then only those a thread
 * of some class can take.
 *
 * The threadIdx.x launch (or thread-binding loop) with a constant extent N
 * gives threads 0..N-1; every if / block predicate that mentions tx is a
 * thread predicate; each thread is tried, and threads that decide every
 * predicate alike form one class.  Expressions are evaluated over intervals
 * (tx: a point for decisions, the class's hull for footprints; other
 * variables from the bindings the caller makes).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "threads.h"

static const OrcIval UNK = {0, 0, 0};

static OrcIval
pt(int64_t v)
{
	return (OrcIval){v, v, 1};
}

/* ---- expressions: interval evaluation ------------------------------------------------- */

static int
lookup(const OrcTx *c, const Var *v, OrcIval *out)
{
	for (int i = c->nenv - 1; i >= 0; i--)
		if (c->env_v[i] == v) {
			*out = c->env_x[i];
			return 1;
		}
	return 0;
}

static void
bind(OrcTx *c, const Var *v, OrcIval x)
{
	if (c->nenv < ORC_TX_MAX_ENV) {
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

static OrcIval
hull4(int64_t a, int64_t b, int64_t c, int64_t d)
{
	int64_t lo = a, hi = a;
	int64_t v[3] = {b, c, d};
	for (int i = 0; i < 3; i++) {
		lo = v[i] < lo ? v[i] : lo;
		hi = v[i] > hi ? v[i] : hi;
	}
	return (OrcIval){lo, hi, 1};
}

static int
small(OrcIval x)
{
	return x.ok && x.lo > -(1LL << 40) && x.hi < (1LL << 40);
}

static OrcIval eval(OrcTx *c, const Expr *e, int hull, int depth);

/* tl_shuffle_elect(k): one thread of each group of k consecutive threads (k
 * = 0: of the whole block) takes the branch; elect.sync picks the lowest
 * active lane, the group's first thread when the whole group is there. */
static OrcIval
elect(OrcTx *c, const Expr *e, int hull, int depth)
{
	if (e->u.call.nargs != 1)
		return UNK;
	/* k at the selected thread; over the hull while classes are found by
	 * ranges (find_classes), so that a range's result holds for each thread. */
	OrcIval k = eval(c, e->u.call.args[0], c->ranging && hull, depth + 1);
	if (!k.ok || k.lo != k.hi || k.lo < 0)
		return UNK;
	OrcIval t = hull ? (OrcIval){c->tx_lo, c->tx_hi, 1} : pt(c->tx_pt);
	if (t.lo != t.hi) {
		/* Classifying a range of threads: none of them elected decides it. */
		if (c->ranging && t.lo >= 0 &&
		    (k.lo == 0 ? t.lo > 0 : (t.lo + k.lo - 1) / k.lo * k.lo > t.hi))
			return pt(0);
		return (OrcIval){0, 1, 1};
	}
	return pt(k.lo == 0 ? t.lo == 0 : t.lo % k.lo == 0);
}

static OrcIval
eval_bin(BinOp op, OrcIval a, OrcIval b)
{
	if (!small(a) || !small(b))
		return UNK;
	switch (op) {
	case BIN_ADD: return (OrcIval){a.lo + b.lo, a.hi + b.hi, 1};
	case BIN_SUB: return (OrcIval){a.lo - b.hi, a.hi - b.lo, 1};
	case BIN_MUL: return hull4(a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi);
	case BIN_DIV:
	case BIN_FLOORDIV:
		if (b.lo != b.hi || b.lo == 0)
			return UNK;
		if (op == BIN_DIV && (a.lo < 0 || b.lo < 0))
			return UNK;
		return b.lo > 0 ? (OrcIval){fdiv(a.lo, b.lo), fdiv(a.hi, b.lo), 1}
		                : (OrcIval){fdiv(a.hi, b.lo), fdiv(a.lo, b.lo), 1};
	case BIN_FLOORMOD:
		if (b.lo != b.hi || b.lo <= 0)
			return UNK;
		if (fdiv(a.lo, b.lo) == fdiv(a.hi, b.lo))
			return (OrcIval){a.lo - fdiv(a.lo, b.lo) * b.lo, a.hi - fdiv(a.lo, b.lo) * b.lo, 1};
		return (OrcIval){0, b.lo - 1, 1};
	case BIN_LT: return a.hi < b.lo ? pt(1) : a.lo >= b.hi ? pt(0) : (OrcIval){0, 1, 1};
	case BIN_LE: return a.hi <= b.lo ? pt(1) : a.lo > b.hi ? pt(0) : (OrcIval){0, 1, 1};
	case BIN_GT: return a.lo > b.hi ? pt(1) : a.hi <= b.lo ? pt(0) : (OrcIval){0, 1, 1};
	case BIN_GE: return a.lo >= b.hi ? pt(1) : a.hi < b.lo ? pt(0) : (OrcIval){0, 1, 1};
	case BIN_EQ:
		if (a.lo == a.hi && b.lo == b.hi)
			return pt(a.lo == b.lo);
		return (a.hi < b.lo || b.hi < a.lo) ? pt(0) : (OrcIval){0, 1, 1};
	case BIN_NE:
		if (a.lo == a.hi && b.lo == b.hi)
			return pt(a.lo != b.lo);
		return (a.hi < b.lo || b.hi < a.lo) ? pt(1) : (OrcIval){0, 1, 1};
	case BIN_AND:
		if ((a.lo == a.hi && a.lo == 0) || (b.lo == b.hi && b.lo == 0))
			return pt(0);
		if (a.lo == a.hi && b.lo == b.hi)
			return pt(1);
		return (OrcIval){0, 1, 1};
	case BIN_OR:
		if ((a.lo == a.hi && a.lo != 0) || (b.lo == b.hi && b.lo != 0))
			return pt(1);
		if (a.lo == a.hi && b.lo == b.hi)
			return pt(0);
		return (OrcIval){0, 1, 1};
	}
	return UNK;
}

static OrcIval
eval(OrcTx *c, const Expr *e, int hull, int depth)
{
	if (!e || depth > ORC_TX_MAX_DEPTH)
		return UNK;
	int64_t v;
	switch (e->kind) {
	case EX_INT:
	case EX_POD_BOOL:
		return pt(ir_int_value(e));
	case EX_VAR: {
		if (e->u.var == c->tx)
			return hull ? (OrcIval){c->tx_lo, c->tx_hi, 1} : pt(c->tx_pt);
		OrcIval x;
		return lookup(c, e->u.var, &x) ? x : UNK;
	}
	case EX_BIN:
		return eval_bin(e->u.bin.op, eval(c, e->u.bin.a, hull, depth + 1),
		                eval(c, e->u.bin.b, hull, depth + 1));
	case EX_NOT: {
		OrcIval x = eval(c, e->u.operand, hull, depth + 1);
		if (!x.ok || x.lo != x.hi)
			return x.ok ? (OrcIval){0, 1, 1} : UNK;
		return pt(x.lo == 0);
	}
	case EX_CALL: {
		const char *n = e->u.call.name;
		int na = e->u.call.nargs;
		Expr *const *a = e->u.call.args;
		if (!strchr("tsCbmli", n[0]) || !n[0])
			return UNK; /* none of the names below: no strcmp for most calls */
		if (!strcmp(n, "tl_shuffle_elect") || !strcmp(n, "shuffle_elect"))
			return elect(c, e, hull, depth);
		if (!strcmp(n, "Cast") && na == 2)
			return eval(c, a[1], hull, depth + 1);
		if ((!strcmp(n, "bitwise_xor") || !strcmp(n, "bitwise_and") || !strcmp(n, "bitwise_or") ||
		     !strcmp(n, "shift_left") || !strcmp(n, "shift_right")) && na == 2) {
			OrcIval x = eval(c, a[0], hull, depth + 1), y = eval(c, a[1], hull, depth + 1);
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
				return (OrcIval){x.lo >> y.lo, x.hi >> y.lo, 1};
			return UNK;
		}
		if ((!strcmp(n, "min") || !strcmp(n, "max")) && na == 2) {
			OrcIval x = eval(c, a[0], hull, depth + 1), y = eval(c, a[1], hull, depth + 1);
			if (!x.ok || !y.ok)
				return UNK;
			if (!strcmp(n, "min"))
				return (OrcIval){x.lo < y.lo ? x.lo : y.lo, x.hi < y.hi ? x.hi : y.hi, 1};
			return (OrcIval){x.lo > y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi, 1};
		}
		if (!strcmp(n, "likely") && na == 1)
			return eval(c, a[0], hull, depth + 1);
		if (!strcmp(n, "if_then_else") && na == 3) {
			OrcIval k = eval(c, a[0], hull, depth + 1);
			if (k.ok && k.lo == k.hi)
				return eval(c, a[k.lo ? 1 : 2], hull, depth + 1);
			OrcIval x = eval(c, a[1], hull, depth + 1), y = eval(c, a[2], hull, depth + 1);
			if (!x.ok || !y.ok)
				return UNK;
			return (OrcIval){x.lo < y.lo ? x.lo : y.lo, x.hi > y.hi ? x.hi : y.hi, 1};
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
mentions_tx(const OrcTx *c, const Expr *e, int depth)
{
	if (!e || depth > ORC_TX_MAX_DEPTH)
		return 0;
	switch (e->kind) {
	case EX_VAR:
		return e->u.var == c->tx;
	case EX_BIN:
		return mentions_tx(c, e->u.bin.a, depth + 1) || mentions_tx(c, e->u.bin.b, depth + 1);
	case EX_NOT:
		return mentions_tx(c, e->u.operand, depth + 1);
	case EX_CALL:
		if ((e->u.call.name[0] == 't' || e->u.call.name[0] == 's') &&
		    (!strcmp(e->u.call.name, "tl_shuffle_elect") || !strcmp(e->u.call.name, "shuffle_elect")))
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
scan_threads(OrcTx *c, const Stmt *s, int depth)
{
	/* A statement of one body continues with it here (depth counted as by
	 * recursion); a sequence's items and an if's arms recurse. */
	int loops = 0; /* loops entered on this chain that are no thread binding */
	for (; s && depth <= ORC_TX_MAX_DEPTH; depth++) {
		int64_t n;
		const Stmt *next = NULL;
		switch (s->kind) {
		case ST_SEQ:
			for (int i = 0; i < s->u.seq.n; i++) {
				const Stmt *it = s->u.seq.items[i];
				if (it && it->kind != ST_EVAL && it->kind != ST_STORE) /* (those have nothing) */
					scan_threads(c, it, depth + 1);
			}
			break;
		case ST_EVAL:
		case ST_STORE:
			break;
		case ST_LAUNCH:
			if (!c->tx && !strcmp(s->u.launch.tag, "threadIdx.x") &&
			    ir_is_const_int(s->u.launch.extent, &n)) {
				c->tx = s->u.launch.var;
				c->nthreads = n;
			}
			next = s->u.launch.body;
			break;
		case ST_FOR:
			if (!c->tx && s->u.for_.kind == FOR_THREAD_BINDING && s->u.for_.thread &&
			    !strcmp(s->u.for_.thread, "threadIdx.x") && ir_is_const_int(s->u.for_.extent, &n)) {
				c->tx = s->u.for_.var;
				c->nthreads = n;
			}
			if (s->u.for_.kind != FOR_THREAD_BINDING)
				loops++, c->loop_depth++;
			next = s->u.for_.body;
			break;
		case ST_WHILE:
			loops++, c->loop_depth++;
			next = s->u.while_.body;
			break;
		case ST_IF:
			if (c->tx && mentions_tx(c, s->u.if_.cond, 0) && c->npreds < ORC_TX_MAX_PREDS) {
				c->preds[c->npreds++] = s->u.if_.cond;
				c->preds_in_loops += c->loop_depth > 0;
			}
			scan_threads(c, s->u.if_.then_, depth + 1);
			next = s->u.if_.else_;
			break;
		case ST_BLOCK:
			if (c->tx && s->u.block.where && mentions_tx(c, s->u.block.where, 0) &&
			    c->npreds < ORC_TX_MAX_PREDS) {
				c->preds[c->npreds++] = s->u.block.where;
				c->preds_in_loops += c->loop_depth > 0;
			}
			next = s->u.block.body;
			break;
		/* (bodies read directly: ir_body walks the node's fields) */
		case ST_LET:
			next = s->u.let.body;
			break;
		case ST_ASSERT:
			next = s->u.assert_.body;
			break;
		case ST_ATTR:
			next = s->u.attr.body;
			break;
		case ST_ALLOC:
			next = s->u.alloc.body;
			break;
		case ST_DECL:
			next = s->u.decl.body;
			break;
		default:
			next = ir_body(s);
			break;
		}
		s = next;
	}
	c->loop_depth -= loops;
}

static int find_classes(OrcTx *c, const uint64_t *fp);

/* ---- public ------------------------------------------------------------------------------ */

OrcIval
orc_tx_eval(OrcTx *c, const Expr *e, int hull)
{
	return eval(c, e, hull, 0);
}

int
orc_tx_mentions(const OrcTx *c, const Expr *e)
{
	return mentions_tx(c, e, 0);
}

void
orc_tx_bind(OrcTx *c, const Var *v, OrcIval x)
{
	bind(c, v, x);
}

void
orc_tx_select(OrcTx *c, int k)
{
	c->tx_pt = c->tx_lo = c->cls[k].first;
	c->tx_hi = c->cls[k].last;
	c->nenv = 0;
	c->sel = k;
}

int
orc_tx_decide(OrcTx *c, const Expr *cond)
{
	OrcIval r = eval(c, cond, 0, 0);
	return r.ok && r.lo == r.hi ? r.lo != 0 : -1;
}

/* orc_tx_pred for a condition the classes' decisions do not give (not
 * inlined: the look at the decisions, the common case, then saves no
 * registers). */
static __attribute__((noinline)) int
pred_eval(OrcTx *c, const Expr *cond, int *d)
{
	if (!mentions_tx(c, cond, 0)) {
		*d = -1;
		return 0;
	}
	*d = orc_tx_decide(c, cond);
	return 1;
}

int
orc_tx_pred(OrcTx *c, const Expr *cond, int *d)
{
	/* The classes' decisions are those of each of their threads (a hull
	 * that decides a predicate decides it so for each thread in it, and a
	 * hull of one thread is the evaluation at that thread). */
	if (c->ndec && c->sel >= 0 && c->nenv == 0 && c->tx_pt == c->cls[c->sel].first)
		for (int i = 0; i < c->npreds; i++)
			if (c->preds[i] == cond) {
				int v = c->dec[c->sel * c->npreds + i];
				*d = v == 2 ? -1 : v;
#ifdef FENCEFUZZ_TX_PRED_CHECK
				if (*d != orc_tx_decide(c, cond) || !mentions_tx(c, cond, 0))
					abort();
#endif
				return 1;
			}
	return pred_eval(c, cond, d);
}

/* A fingerprint of what the classes depend on: the predicates' structure
 * and constants as the evaluator reads them, tx and the thread count.
 * While classes are found no other variable is bound, so any other
 * variable, and any node the evaluator does not read (loads, strings,
 * floats, ...), evaluates as unknown whatever it is: they are fingerprinted
 * by what they are to it, so that predicates of one shape in different
 * functions share their classes. */
static uint64_t
mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	return h * 0x100000001b3ULL;
}

static uint64_t
fingerprint(const OrcTx *c, const Expr *e, uint64_t h, int depth)
{
	if (!e || depth > ORC_TX_MAX_DEPTH)
		return mix(h, 0);
	switch (e->kind) {
	case EX_INT:
	case EX_POD_BOOL:
		return mix(mix(h, 1), (uint64_t)ir_int_value(e));
	case EX_VAR:
		return mix(h, e->u.var == c->tx ? 2 : 3);
	case EX_BIN:
		h = mix(mix(h, 4), (uint64_t)e->u.bin.op);
		return fingerprint(c, e->u.bin.b, fingerprint(c, e->u.bin.a, h, depth + 1), depth + 1);
	case EX_NOT:
		return fingerprint(c, e->u.operand, mix(h, 5), depth + 1);
	case EX_CALL:
		h = mix(h, 6);
		{ /* the name's text (FNV-1a), then mixed in once */
			uint64_t t = 0xcbf29ce484222325ULL;
			for (const char *p = e->u.call.name; *p; p++)
				t = (t ^ (unsigned char)*p) * 0x100000001b3ULL;
			h = mix(h, t);
		}
		h = mix(h, (uint64_t)e->u.call.nargs + 7);
		for (int i = 0; i < e->u.call.nargs; i++)
			h = fingerprint(c, e->u.call.args[i], h, depth + 1);
		return h;
	default:
		return mix(h, 3); /* unknown to the evaluator, as another variable */
	}
}

/* The classes of recent predicate sets, by fingerprint: the oracles build
 * graphs of one function many times (minimality's variants share its
 * predicates), generated functions share a few predicate shapes, and
 * trying every thread is the cost.  1024 slots (about 220 KB): with 64,
 * bench_oracles --programs 2000 tried the threads 1,391 times, with 1024
 * 561 times (direct-mapped: most of the rest are shapes not seen before). */
enum { CLASS_CACHE = 1024 };
static struct {
	uint64_t key;
	int valid, ncls, too_many, ndec;
	OrcTxClass cls[ORC_TX_MAX_CLASSES];
	unsigned char dec[ORC_TX_DEC];
} cache[CLASS_CACHE];

int
orc_tx_find(OrcTx *c, const Func *f, int only_if_paths_differ)
{
	/* The header only: the predicate and binding arrays (most of the
	 * struct) are read below their counts alone. */
	c->tx = NULL;
	c->nthreads = 0;
	c->npreds = c->ncls = c->too_many = 0;
	memset(c->cls, 0, sizeof c->cls);
	c->tx_pt = c->tx_lo = c->tx_hi = 0;
	c->nenv = c->loop_depth = c->preds_in_loops = c->overflow = c->ranging = 0;
	c->sel = -1;
	c->ndec = 0;
	scan_threads(c, f->body, 0);
	if (!c->tx || c->nthreads < 2 || c->nthreads > ORC_TX_MAX_THREADS || c->npreds == 0)
		return 0;
	/* One predicate outside every loop: each path of the one-thread graph is
	 * some thread's (dead arms aside), so the classes change nothing there. */
	if (only_if_paths_differ && c->npreds < 2 && !c->preds_in_loops)
		return 0;
	/* Each predicate's fingerprint (the key of its runs, find_classes),
	 * and the set's from them in order. */
	uint64_t fp[ORC_TX_MAX_PREDS];
	uint64_t key = mix(mix(0, (uint64_t)c->npreds), (uint64_t)c->nthreads);
	for (int i = 0; i < c->npreds; i++) {
		fp[i] = fingerprint(c, c->preds[i], mix(0x5eedULL, (uint64_t)c->nthreads), 0);
		key = mix(mix(key, (uint64_t)i), fp[i]);
	}
	int slot = (int)((key ^ key >> 29) % CLASS_CACHE);
	if (cache[slot].valid && cache[slot].key == key) {
		c->ncls = cache[slot].ncls;
		c->too_many = cache[slot].too_many;
		memcpy(c->cls, cache[slot].cls, sizeof c->cls);
		c->ndec = cache[slot].ndec;
		memcpy(c->dec, cache[slot].dec, (size_t)c->ndec);
		return c->ncls;
	}
	int n = find_classes(c, fp);
	cache[slot].key = key;
	cache[slot].valid = 1;
	cache[slot].ncls = c->ncls;
	cache[slot].too_many = c->too_many;
	memcpy(cache[slot].cls, c->cls, sizeof c->cls);
	cache[slot].ndec = c->ndec;
	memcpy(cache[slot].dec, c->dec, (size_t)c->ndec);
	return n;
}

/* Threads [lo, hi], all deciding the predicates as v, join v's class (a
 * new one at the end when none has v yet). */
static int
add_class(OrcTx *c, unsigned char (*sig)[ORC_TX_MAX_PREDS], const unsigned char *v, int64_t lo,
          int64_t hi)
{
	int k = 0;
	while (k < c->ncls && memcmp(sig[k], v, (size_t)c->npreds))
		k++;
	if (k == c->ncls) {
		if (c->ncls == ORC_TX_MAX_CLASSES)
			return -1;
		memcpy(sig[k], v, (size_t)c->npreds);
		c->cls[k].first = (int)lo;
		c->ncls++;
	}
	c->cls[k].last = (int)hi;
	c->cls[k].count += (int)(hi - lo + 1);
	return 0;
}

/* How one predicate decides the threads: maximal runs of threads deciding
 * it alike (1, 0, or 2 = not decided), in thread order. */
enum { MAX_RUNS = 64 };
typedef struct Runs {
	int n;                 /* -1: more than MAX_RUNS */
	int hi[MAX_RUNS];      /* a run's last thread (the first: the previous one's + 1) */
	unsigned char v[MAX_RUNS];
} Runs;

/* The decision of predicate e for threads [lo, hi] at once (tx their hull):
 * 0 / 1, 2 for one thread it leaves undecided, -1 for a range it does not
 * decide alike.  Interval evaluation is inclusion-monotone (a hull that
 * decides a predicate decides it so for each of its threads), and a hull of
 * one thread is exactly the evaluation at that thread. */
static int
decide_range(OrcTx *c, const Expr *e, int64_t lo, int64_t hi)
{
	c->tx_pt = c->tx_lo = lo;
	c->tx_hi = hi;
	OrcIval r = eval(c, e, 1, 0);
	if (!(r.ok && r.lo == r.hi))
		return lo < hi ? -1 : 2;
	return r.lo != 0;
}

static void
run_add(Runs *r, int64_t hi, int v)
{
	if (r->n < 0)
		return;
	if (r->n > 0 && r->v[r->n - 1] == v) {
		r->hi[r->n - 1] = (int)hi;
		return;
	}
	if (r->n == MAX_RUNS) {
		r->n = -1;
		return;
	}
	r->hi[r->n] = (int)hi;
	r->v[r->n++] = (unsigned char)v;
}

/* Threads [lo, hi] in order into runs of e (as trying each thread in turn
 * would): ranges e decides alike are one step, the others are halved. */
static void
runs_of(OrcTx *c, const Expr *e, Runs *r, int64_t lo, int64_t hi)
{
	if (hi - lo >= 4) {
		int v = decide_range(c, e, lo, hi);
		if (v >= 0) {
			run_add(r, hi, v);
			return;
		}
		int64_t mid = lo + (hi - lo) / 2;
		runs_of(c, e, r, lo, mid);
		runs_of(c, e, r, mid + 1, hi);
		return;
	}
	for (int64_t t = lo; t <= hi; t++) /* a few threads: one by one */
		run_add(r, t, decide_range(c, e, t, t));
}

/* The runs of recent predicates, by fingerprint (and thread count):
 * generated functions share a few predicate shapes far more often than
 * whole sets of them. */
enum { RUN_CACHE = 512 };
static struct {
	uint64_t key;
	int valid;
	Runs r;
} run_cache[RUN_CACHE];

/* The decision of predicate i for thread t (t past the runs already
 * passed: *at is its run, moved on). */
static int
decision_at(OrcTx *c, int i, const Runs *r, int *at, int64_t t)
{
	if (r->n < 0) {
		c->tx_pt = c->tx_lo = c->tx_hi = t;
		OrcIval x = eval(c, c->preds[i], 1, 0);
		return x.ok && x.lo == x.hi ? x.lo != 0 : 2;
	}
	while (r->hi[*at] < t)
		++*at;
	return r->v[*at];
}

/* fp: the predicates' fingerprints (orc_tx_find's). */
static int
find_classes(OrcTx *c, const uint64_t *fp)
{
	unsigned char sig[ORC_TX_MAX_CLASSES][ORC_TX_MAX_PREDS];
	Runs local[ORC_TX_MAX_PREDS];
	const Runs *runs[ORC_TX_MAX_PREDS];
	int at[ORC_TX_MAX_PREDS];
	c->ranging = 1;
	for (int i = 0; i < c->npreds; i++) {
		uint64_t key = fp[i];
		int slot = (int)((key ^ key >> 31) % RUN_CACHE);
		at[i] = 0;
		if (run_cache[slot].valid && run_cache[slot].key == key) {
			runs[i] = &run_cache[slot].r;
			continue;
		}
		local[i].n = 0;
		runs_of(c, c->preds[i], &local[i], 0, c->nthreads - 1);
		runs[i] = &local[i];
		if (local[i].n >= 0) {
			run_cache[slot].key = key;
			run_cache[slot].valid = 1;
			run_cache[slot].r = local[i];
		}
	}
	/* Threads in order, a stretch at a time over which no predicate's
	 * decision changes (a predicate with too many runs: thread by thread). */
	int r = 0;
	unsigned char v[ORC_TX_MAX_PREDS];
	for (int64_t t = 0; t < c->nthreads && r == 0;) {
		int64_t hi = c->nthreads - 1;
		for (int i = 0; i < c->npreds; i++) {
			v[i] = (unsigned char)decision_at(c, i, runs[i], &at[i], t);
			int64_t end = runs[i]->n < 0 ? t : runs[i]->hi[at[i]];
			hi = end < hi ? end : hi;
		}
		r = add_class(c, sig, v, t, hi);
		t = hi + 1;
	}
	c->ranging = 0;
	c->nenv = 0;
	if (r < 0) {
		c->too_many = 1;
		c->ncls = 0;
		return 0;
	}
	if (c->ncls * c->npreds <= ORC_TX_DEC) {
		for (int k = 0; k < c->ncls; k++)
			memcpy(c->dec + k * c->npreds, sig[k], (size_t)c->npreds);
		c->ndec = c->ncls * c->npreds;
	}
	return c->ncls;
}
