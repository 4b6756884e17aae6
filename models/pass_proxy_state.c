/* pass_proxy_state.c: the state-set dataflow of InjectFenceProxy since
 * TileLang 9f25954 (#1863), parametrised by ProxyStateOptions.
 *
 * Requires: a well-formed Func (ir_verify_program).  Does: walks the body in execution
 * order with a may-set of "last proxy" states {None, Generic, Async} and
 * inserts T.fence_proxy_async() right before an async call statement that
 * may follow generic traffic, or once before an if/loop whose branches/body
 * are pure async (the hoist).  The rules are docs/semantics.md §4.2; they are reproduced
 * exactly, quirks included, because the models are the objects under test.
 *
 * Cost.  Upstream re-runs a loop body up to 8 times to find the loop-header
 * state, which nested loops multiply (8^depth).  Here the transfer function
 * of every statement (state set in -> state set out: 8 inputs, 3-bit
 * outputs) is computed once, bottom-up, as a table, with the statement's
 * pure-async summary, in a first walk that classifies every leaf once and
 * numbers the statements in preorder (a byte per statement, and a Comp per
 * compound statement: arrays, no hashing).
 * The rewrite then walks the same preorder with a cursor into that array:
 * a loop finds its header with the body's table and then rewrites its body
 * once, from the header of the last round, which is exactly upstream's "the
 * rewritten body is the last round's"; a subtree the rewrite cannot change
 * (no async op, no loop step to drop) is passed over with its table.  Both
 * walks are linear.  Nodes the rewrite does not change are shared with the
 * input.  The first walk also checks the model's vocabulary (pass_run_ex's
 * run_checked), so each node of the input is read once.  In a family of
 * runs (pass_run_family) the rewrite also gives each statement it builds
 * its analysis (a Sum, from its bodies': no walk of the output), and an
 * output whose analysis says that the rewrite gives it back is not run
 * again (kept_fixed): the judge's run for idempotence costs a look-up.
 *
 * Faults.  opt->fault selects one deliberate mistake for the mutant models
 * (pass_mutants.c); each is implemented at the one place that owns the rule
 * it breaks, marked `fault:`.  FAULT_NONE is the faithful engine.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "opclass.h"
#include "pass_proxy_state.h"

/* The may-set of the last proxy kind, as bits. */
enum { S_NONE = 1, S_GENERIC = 2, S_ASYNC = 4 };

typedef enum { EV_NONE, EV_GENERIC, EV_ASYNC, EV_NEUTRAL } Event;

/* Upstream caps the loop-header iteration; with three bits it converges far
 * sooner, but the cap is part of the behaviour. */
enum { MAX_ROUNDS = 8 };

/* Summary bits of a subtree, for the pure-async test of the hoist. */
enum { HAS_ASYNC = 1, HAS_GENERIC = 2 };

/* ---- per-statement facts, in preorder ------------------------------------------ */

/* What the first walk (analyse) learns of one statement: its transfer
 * function over the eight state sets as a table, its pure-async summary,
 * and for a leaf its event.  Statements are numbered in preorder (bodies in
 * the node table's order), which the rewrite follows with a cursor.  Each
 * has a byte: a leaf's event and summary (LEAF_BITS: its table is the
 * event's), or EV_COMPOUND.  Compound statements are numbered again among
 * themselves, in the same order, and have a Comp: the table, the summary,
 * and the size of the subtree in both numberings. */
enum { EV_COMPOUND = 255, LEAF_BITS = 2 /* the summary bits' shift */ };

typedef struct Comp {
	unsigned char out[8];
	unsigned char bits; /* HAS_* (and HAS_STEP) of the subtree */
	unsigned char free; /* bit x: from state set x the rewrite gives the statement back as it
	                     * is and asks no fence before it (the walk passes it over) */
	int len, clen;      /* the statements and the compound statements of the subtree, itself
	                     * included: relative, so that a copy elsewhere needs no change */
} Comp;

/* A numbered statement: its number j (-1: none) and ci, the compound
 * statements numbered before it (its Comp's index when it is one). */
typedef struct Ref {
	long j, ci;
} Ref;

static const Ref NO_REF = {-1, 0};

/* A For with a step in the subtree (not part of the pure-async summary). */
enum { HAS_STEP = 4, SUMMARY = HAS_ASYNC | HAS_GENERIC };

/* What the explanation asks of one run (explain below): all zero in a
 * plain run. */
enum {
	EXACT_ZERO_TRIP = 1, /* a for of constant extent <= 0 runs zero times */
	EXACT_ONE_TRIP = 2,  /* a for of constant extent 1 runs once, no back edge */
	EXACT_CONST_IF = 4   /* an if of constant condition takes that branch only; a
	                      * while of constant false condition never runs */
};

typedef struct Ctx {
	Arena *a;
	const ProxyStateOptions *opt;
	unsigned char *ev; /* per statement, in preorder (analyse) */
	size_t n, icap;    /* statements numbered, room in ev */
	Comp *comp;        /* per compound statement, in preorder */
	size_t nc, ccap;   /* compound statements numbered, room in comp */
	size_t pos, cpos;  /* the rewrite's cursor: the numbers of the next statement */
	unsigned versions; /* non-zero: note a call outside these versions (vocabulary check) */
	int foreign;      /* such a call was found: the result is not used */
	int own;          /* ev, comp and stack are this context's, not the thread's scratch */
	Stmt **stack;     /* sequences being rebuilt, innermost on top */
	size_t top, cap;
	/* Explanation runs only: */
	const Stmt *probe;  /* record the state in front of this statement */
	int probe_hit, probe_fence;
	unsigned probe_state;
	const Stmt *ignore; /* this statement is no event */
	const Stmt *only;   /* non-NULL: every generic statement but this is no event */
	unsigned exact;     /* EXACT_* */
	struct RunCache *cache; /* NULL: none (the explanation's side questions) */
	const unsigned char *events; /* event_table (NULL: none, op_event asked) */
	const Func *in;       /* the function run (NULL: the explanation's runs) */
	int keep;             /* the analyses are looked up among the kept (below); 2: and kept */
	struct Sum *last;     /* non-NULL: the analysis of the statement the rewrite built last */
	unsigned fence_byte;  /* 0x100 | a fence's byte, once known (0: not yet) */
} Ctx;

/* ---- classification (docs/semantics.md §4.1) --------------------------------------- */

static ProxyClass
op_class(const Ctx *c, int op)
{
	if (op < 0 || op >= OP_COUNT)
		return PX_NONE;
	if (op == OP_tma_store && c->opt->fault == FAULT_MISSING_TMA_STORE)
		return PX_NONE; /* fault: tma_store left out of the async set */
	return c->opt->column == PROXY_COLUMN_HEAD ? op_table[op].head : op_table[op].ref;
}

/* The event of a call statement by its op alone, or EV_WALK: an op of no
 * class, whose statement is generic when its call may write shared memory
 * (may_write_shared). */
enum { EV_WALK = 4 };

static unsigned char
op_event(const Ctx *c, int op)
{
	switch (op_class(c, op)) {
	case PX_NEUTRAL: /* fault: fence-no-reset sees the fence as no event */
		return c->opt->fault == FAULT_FENCE_NO_RESET ? EV_NONE : EV_NEUTRAL;
	case PX_ASYNC: return EV_ASYNC;
	case PX_GENERIC: return EV_GENERIC;
	default: return EV_WALK; /* PX_NONE */
	}
}

/* What one run asks again and again, by address: a call name's op and
 * versions (op_name_info, which checks its own cache's hits by strcmp), a
 * stored buffer's scope class.  Valid while the run lasts: the program's
 * strings and nodes do not change under it. */
enum { RUN_NAMES = 16, RUN_BUFS = 4 };

typedef struct RunCache {
	struct {
		const char *name;
		OpName info;
	} names[RUN_NAMES];
	struct {
		const Buffer *buf;
		int shared;
	} bufs[RUN_BUFS];
} RunCache;

static OpName
name_info(const Ctx *c, const char *name)
{
	if (!c->cache || !name)
		return op_name_info(name);
	RunCache *rc = c->cache;
	size_t k = (size_t)(((uintptr_t)name * 0x9E3779B97F4A7C15ull) >> 60);
	if (rc->names[k].name != name) {
		rc->names[k].name = name;
		rc->names[k].info = op_name_info(name);
	}
	return rc->names[k].info;
}

/* name_info(c, name).op: a name spelled by the op table's own string hits
 * op_name_info's inline path, any other goes through the run's cache. */
static inline int
name_op(const Ctx *c, const char *name)
{
	const OpNameHit *h = name ? op_name_slot(name) : NULL;
	return h && op_name_static_hit(h, name) ? h->info.op : name_info(c, name).op;
}

/* op_event of every op under one run's options (fault and column, all that
 * op_event reads), index op + 1 (OP_UNKNOWN first); the last few kept. */
typedef struct EventTable {
	int used;
	ProxyFault fault;
	ProxyColumn column;
	unsigned char ev[OP_COUNT + 1];
} EventTable;

enum { EVENT_TABLES = 4 };

static _Thread_local struct {
	EventTable t[EVENT_TABLES];
	unsigned next;
} event_tables;

static const unsigned char *
event_table(const Ctx *c)
{
	for (int i = 0; i < EVENT_TABLES; i++) {
		const EventTable *t = &event_tables.t[i];
		if (t->used && t->fault == c->opt->fault && t->column == c->opt->column)
			return t->ev;
	}
	EventTable *t = &event_tables.t[event_tables.next++ % EVENT_TABLES];
	t->used = 1;
	t->fault = c->opt->fault;
	t->column = c->opt->column;
	for (int op = OP_UNKNOWN; op < OP_COUNT; op++)
		t->ev[op + 1] = op_event(c, op);
	return t->ev;
}

/* op_event of op. */
static inline unsigned
event_of(const Ctx *c, int op)
{
	return c->events ? c->events[op + 1] : op_event(c, op);
}

/* ir_scope_is_shared(ir_buffer_scope(b)) */
static inline int
buffer_is_shared(const Ctx *c, const Buffer *b)
{
	if (!c->cache)
		return ir_scope_is_shared(ir_buffer_scope(b));
	RunCache *rc = c->cache;
	size_t k = (size_t)(((uintptr_t)b * 0x9E3779B97F4A7C15ull) >> 62);
	if (rc->bufs[k].buf != b) {
		rc->bufs[k].buf = b;
		rc->bufs[k].shared = ir_scope_is_shared(ir_buffer_scope(b));
	}
	return rc->bufs[k].shared;
}

/* Per expression kind: 1 when it has child expressions. */
static const unsigned char has_kids[] = {
#include "kids.h"
#define EXPR(kind, name, fields) [kind] = 0 fields,
#include "nodes.def"
};

/* Upstream visits sub-expressions with TVM's ExprVisitor: every child
 * expression of the node table (a BufferLoad contributes its indices, not
 * its buffer's data var); a var names a shared pointer by its scope. */
static int
mentions_shared_ptr(const Expr *e)
{
	if (!e)
		return 0;
	if (e->kind == EX_VAR)
		return e->u.var->ptr_scope && ir_scope_is_shared(e->u.var->ptr_scope);
	switch (e->kind) {
#define NODE e
#define KID(x) if ((x) && (has_kids[(x)->kind] || (x)->kind == EX_VAR) && mentions_shared_ptr(x)) return 1;
#include "kids.h"
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
#undef KID
#undef NODE
	}
	return 0;
}

/* Upstream's CallMayWriteSharedMemory: a tvm_access_ptr into shared memory
 * whose rw_mask is not a constant or has the write bit, a malformed
 * tvm_access_ptr with a shared base, or address_of a shared element,
 * anywhere in the argument tree (the call itself included; the walk visits
 * every child expression, as TVM's ExprVisitor). */
static inline int
call_writes_shared_op(const Ctx *c, const Expr *e, int op)
{
	const Expr *const *args = (const Expr *const *)e->u.call.args;
	int n = e->u.call.nargs;
	if (op == OP_tvm_access_ptr) {
		if (n != 5)
			return n >= 2 && mentions_shared_ptr(args[1]);
		if (mentions_shared_ptr(args[1])) {
			int64_t mask;
			/* fault: read-mask-is-write tests the read bit (1) too */
			int64_t write = c->opt->fault == FAULT_READ_MASK_IS_WRITE ? 3 : 2;
			return !ir_is_const_int(args[4], &mask) || (mask & write);
		}
	} else if (op == OP_address_of &&
	           c->opt->fault != FAULT_ADDRESS_OF_IGNORED) { /* fault: address_of unseen */
		return n == 1 && args[0]->kind == EX_LOAD &&
		       ir_scope_is_shared(ir_buffer_scope(args[0]->u.load.buf));
	}
	return 0;
}

static int
call_writes_shared(const Ctx *c, const Expr *e)
{
	return call_writes_shared_op(c, e, name_op(c, e->u.call.name));
}

/* Trees may_write_shared stacks before it recurses. */
enum { SHARED_DEEP = 32 };

/* Whether a call in the tree e writes shared memory (call_writes_shared,
 * which has no side effect, so any visiting order gives the same answer):
 * the walk goes on with one child of each node that has children of its
 * own and stacks the others; it recurses only where the stack is full. */
static __attribute__((noinline)) int
may_write_shared(const Ctx *c, const Expr *e)
{
	const Expr *stack[SHARED_DEEP];
	int top = 0;
	for (;;) {
		if (e->kind == EX_CALL && call_writes_shared(c, e))
			return 1;
		const Expr *next = NULL;
		switch (e->kind) {
#define NODE e
#define KID(x) \
	if ((x) && has_kids[(x)->kind]) { \
		if (!next) \
			next = (x); \
		else if (top < SHARED_DEEP) \
			stack[top++] = (x); \
		else if (may_write_shared(c, x)) \
			return 1; \
	}
#include "kids.h"
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
#undef KID
#undef NODE
		}
		if (!next) {
			if (!top)
				return 0;
			next = stack[--top];
		}
		e = next;
	}
}

/* A BufferLoad whose indices have no child expressions (constants,
 * variables) holds no call. */
static inline int
flat_load(const Expr *e)
{
	for (int i = 0; i < e->u.load.nidx; i++)
		if (e->u.load.idx[i] && has_kids[e->u.load.idx[i]->kind])
			return 0;
	return 1;
}

/* may_write_shared of call e, whose op is op: the call itself, then its
 * arguments and keyword values (its child expressions, the node table's
 * order), a flat BufferLoad among them passed over without a walk. */
static inline __attribute__((always_inline)) int
call_may_write_shared(const Ctx *c, const Expr *e, int op)
{
	if (call_writes_shared_op(c, e, op))
		return 1;
	int n = e->u.call.nargs;
	Expr *const *kids = e->u.call.args;
	for (int k = 0;; k++) {
		for (int i = 0; i < n; i++) {
			const Expr *x = kids[i];
			if (!x || !has_kids[x->kind] || (x->kind == EX_LOAD && flat_load(x)))
				continue;
			if (may_write_shared(c, x))
				return 1;
		}
		if (k || !e->u.call.nkw) /* kwargs is there only when nkw > 0 */
			return 0;
		n = e->u.call.nkw;
		kids = e->u.call.kwargs;
	}
}

/* An explanation run may silence a generic statement (ignore, only). */
static int
silenced(const Ctx *c, const Stmt *s)
{
	return s == c->ignore || (c->only && s != c->only);
}

/* Only the outermost call of a call statement is classified; an Evaluate of
 * anything but a call is no event. */
static inline __attribute__((always_inline)) Event
classify_eval(const Ctx *c, const Stmt *s)
{
	const Expr *v = s->u.eval.value;
	if (!v || v->kind != EX_CALL)
		return EV_NONE;
	int op = name_op(c, v->u.call.name);
	unsigned e = event_of(c, op);
	if (e == EV_WALK)
		e = call_may_write_shared(c, v, op) ? EV_GENERIC : EV_NONE;
	return e == EV_GENERIC && silenced(c, s) ? EV_NONE : (Event)e;
}

static inline __attribute__((always_inline)) int
is_shared_store(const Ctx *c, const Stmt *s)
{
	if (silenced(c, s))
		return 0;
	if (c->opt->fault == FAULT_STORE_SCOPE_EXACT) /* fault: "shared.dyn" missed */
		return strcmp(ir_buffer_scope(s->u.store.buf), "shared") == 0;
	return buffer_is_shared(c, s->u.store.buf);
}

/* The event of a leaf statement: a call statement's (classify_eval), a
 * store's (generic into shared memory); -1 for a compound statement. */
static inline __attribute__((always_inline)) int
leaf_event(const Ctx *c, const Stmt *s)
{
	switch (s->kind) {
	case ST_EVAL:
		return (int)classify_eval(c, s);
	case ST_STORE:
		return is_shared_store(c, s) ? EV_GENERIC : EV_NONE;
	default:
		return -1;
	}
}

/* ---- the vocabulary check --------------------------------------------------- */

/* pass_foreign_own(s, c->versions) != NULL (pass.c), with the run's name
 * cache: a call of s's own expressions, or of the shapes of the buffers it
 * defines, whose op no version in c->versions has. */
static int
foreign_expr(const Ctx *c, const Expr *e)
{
	if (e->kind == EX_CALL && !(name_info(c, e->u.call.name).versions & c->versions))
		return 1;
	switch (e->kind) {
#define NODE e
#define KID(x) if ((x) && has_kids[(x)->kind] && foreign_expr(c, x)) return 1;
#include "kids.h"
#define EXPR(kind, name, fields) case kind: fields break;
#include "nodes.def"
#undef KID
#undef NODE
	}
	return 0;
}

/* Per statement kind: 1 when it defines buffers (ir_stmt_defbufs). */
static const unsigned char defines_bufs[] = {
#define FBD(m) | 1
#define FBDS(m, n) | 1
#define STMT(kind, name, word, fields) [kind] = 0 fields,
#include "nodes.def"
};

static inline __attribute__((always_inline)) int
foreign_own(const Ctx *c, const Stmt *s)
{
	switch (s->kind) {
#define NODE s
#define KID(x) if ((x) && has_kids[(x)->kind] && foreign_expr(c, x)) return 1;
#include "kids.h"
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
#undef KID
#undef NODE
	}
	if (!defines_bufs[s->kind])
		return 0;
	int nb;
	Buffer **bufs = ir_stmt_defbufs(s, &nb);
	for (int i = 0; i < nb; i++)
		for (int d = 0; bufs[i] && d < bufs[i]->ndim; d++)
			if (bufs[i]->shape[d] && has_kids[bufs[i]->shape[d]->kind] && foreign_expr(c, bufs[i]->shape[d]))
				return 1;
	return 0;
}

/* ---- transfer tables and pure-async summaries ----------------------------------- */

/* TVM's is_one: an integer literal 1 (bool true included). */
static int
is_const_true(const Expr *e)
{
	int64_t v;
	if (ir_is_const_int(e, &v))
		return v == 1;
	return e->kind == EX_POD_BOOL && ir_int_value(e) == 1;
}

/* A transfer function as a table: out[in] for the seven non-empty sets. */
typedef struct Table {
	unsigned char out[8];
} Table;

static Table
table_const(unsigned v)
{
	Table t;
	for (unsigned x = 0; x < 8; x++)
		t.out[x] = (unsigned char)v;
	return t;
}

static Table
table_identity(void)
{
	Table t;
	for (unsigned x = 0; x < 8; x++)
		t.out[x] = (unsigned char)x;
	return t;
}

/* The state after a leaf of event ev (EV_NONE: none, the state stays). */
static const unsigned char leaf_state[4] = {
	[EV_NONE] = 0, [EV_GENERIC] = S_GENERIC, [EV_ASYNC] = S_ASYNC, [EV_NEUTRAL] = S_NONE};

/* Statement r's table (analyse); an absent statement is the identity. */
static inline Table
table_at(const Ctx *c, Ref r)
{
	Table t;
	if (r.j < 0)
		return table_identity();
	unsigned e = c->ev[r.j];
	if (e == EV_COMPOUND) {
		memcpy(t.out, c->comp[r.ci].out, sizeof t.out);
		return t;
	}
	e &= 3;
	return e == EV_NONE ? table_identity() : table_const(leaf_state[e]);
}

/* The summary bits of statement r's subtree (0: none). */
static unsigned
bits_at(const Ctx *c, Ref r)
{
	if (r.j < 0)
		return 0;
	unsigned e = c->ev[r.j];
	return e == EV_COMPOUND ? c->comp[r.ci].bits : e >> LEAF_BITS;
}

/* The entry states from which an async leaf asks no fence: those without
 * Generic. */
enum { ASYNC_FREE = 0x33, ALL_FREE = 0xFF };

/* Statement r's free states (Comp.free); an absent statement changes under
 * no state. */
static unsigned
free_at(const Ctx *c, Ref r)
{
	if (r.j < 0)
		return ALL_FREE;
	unsigned e = c->ev[r.j];
	if (e == EV_COMPOUND)
		return c->comp[r.ci].free;
	return (e & 3) == EV_ASYNC ? ASYNC_FREE : ALL_FREE;
}

/* The entry states x whose state t.out[x] may be Generic. */
static inline unsigned
generic_states(const Table *t)
{
	/* Bit 1 (S_GENERIC) of each state of out[1..7] (each below 8) moved
	 * to bit 0 of its byte, and the bytes' bit 0 gathered into bits
	 * 1..7 of the top byte by one multiplication (no two products meet). */
	uint64_t w;
	memcpy(&w, t->out, sizeof w);
	w = (w >> 1) & 0x0101010101010100ull;
	return (unsigned)((w * 0x0102040810204080ull) >> 56);
}

/* The numbers after statement r's subtree. */
static Ref
ref_end(const Ctx *c, Ref r)
{
	if (c->ev[r.j] != EV_COMPOUND)
		return (Ref){r.j + 1, r.ci};
	const Comp *k = &c->comp[r.ci];
	return (Ref){r.j + k->len, r.ci + k->clen};
}

/* The whole-subtree scan of statement r: does it contain an async call
 * statement, a generic event (shared store or generic call statement)?
 * Fences are neither.  Pure async: async and nothing generic. */
static int
pure_async(const Ctx *c, Ref r)
{
	return (bits_at(c, r) & SUMMARY) == HAS_ASYNC;
}

/* The state a hoisted region starts from: the hoisted fence ran first. */
static unsigned
after_hoist(const Ctx *c, unsigned in)
{
	if (c->opt->fault == FAULT_HOIST_KEEPS_STATE)
		return in; /* fault: the state is not reset after the hoisted fence */
	return S_NONE;
}

/* The state after an if: the union of its branches' (a missing else
 * contributes the entry state). */
static unsigned
if_join(const Ctx *c, unsigned then_out, unsigned else_out)
{
	if (c->opt->fault == FAULT_NO_IF_UNION)
		return then_out; /* fault: the else branch is forgotten */
	return then_out | else_out;
}

/* A block realize with a predicate may not run at all. */
static int
block_may_skip(const Ctx *c, const Stmt *s)
{
	if (c->opt->fault == FAULT_BLOCK_PREDICATE_IGNORED)
		return 0; /* fault: T.where not looked at */
	return s->u.block.where && !is_const_true(s->u.block.where);
}

/* Explanation only (EXACT_CONST_IF): 1 / 0 when the if's (while's)
 * condition folds to a constant true / false, else -1. */
static int
const_branch(const Ctx *c, const Stmt *s)
{
	int64_t v;
	if (!(c->exact & EXACT_CONST_IF))
		return -1;
	const Expr *cond = s->kind == ST_IF ? s->u.if_.cond : s->u.while_.cond;
	return pass_fold_const(cond, &v) ? v != 0 : -1;
}

typedef struct LoopPlan {
	int hoist;       /* one fence before the loop */
	unsigned entry;  /* the state the loop starts from (after a hoisted fence) */
	unsigned header; /* the header of the last round: the body's rewrite starts here */
	unsigned out;    /* the state after the loop */
} LoopPlan;

/* The hoist is only worth a fence when the region may be entered generic. */
static int
generic_entry(const Ctx *c, unsigned in)
{
	if (c->opt->fault == FAULT_HOIST_WITHOUT_GENERIC)
		return 1; /* fault: hoists before every pure-async region */
	return (in & S_GENERIC) != 0;
}

/* What plan_loop reads of the loop itself, the same from every entry
 * state: the analysis asks for all seven of them. */
typedef struct LoopFacts {
	enum { LOOP_PLAIN, LOOP_NEVER, LOOP_TRIPS } mode;
	int64_t extent;  /* LOOP_TRIPS: the constant extent */
	int may_be_zero; /* the loop may run zero times */
	int pure;        /* its body is pure async */
} LoopFacts;

/* body_bits: the summary bits of the loop's body. */
static inline LoopFacts
loop_facts(const Ctx *c, const Stmt *s, unsigned body_bits)
{
	ProxyFault fault = c->opt->fault;
	LoopFacts f = {LOOP_PLAIN, 0, fault != FAULT_WHILE_NONZERO /* fault: while-nonzero */,
	               (body_bits & SUMMARY) == HAS_ASYNC};
	int konst = s->kind == ST_FOR && ir_is_const_int(s->u.for_.extent, &f.extent);
	if (s->kind == ST_FOR) /* fault: zero-trip-ignored */
		f.may_be_zero = konst ? f.extent == 0 : fault != FAULT_ZERO_TRIP_IGNORED;
	if (s->kind == ST_WHILE && const_branch(c, s) == 0)
		f.mode = LOOP_NEVER; /* explanation only: a while whose condition is constant false */
	else if (konst && (((c->exact & EXACT_ZERO_TRIP) && f.extent <= 0) ||
	                   ((c->exact & EXACT_ONE_TRIP) && f.extent == 1)))
		f.mode = LOOP_TRIPS; /* explanation only: the trip count as the constant says */
	return f;
}

/* Loop s, whose body is statement number body (-1: none), entered in state
 * in.  Upstream: header = entry; repeat { out = body(header); header' =
 * entry | out } until stable, at most 8 rounds; the last round's body is
 * kept.  Out = out, or entry | out when the loop may run zero times: always
 * for while; for a for, unless the extent is a constant, and then only when
 * it is 0 (so a negative constant extent counts as "runs at least once", as
 * upstream's IntImm test has it).  f: loop_facts of s; bt: the
 * body's table (table_at), read at every round. */
static inline __attribute__((always_inline)) LoopPlan
plan_with(const Ctx *c, const LoopFacts *f, const Table *bt, unsigned in)
{
	LoopPlan p;
	if (f->mode == LOOP_NEVER) {
		p.hoist = 0;
		p.entry = p.out = in;
		p.header = S_NONE; /* a body that never runs */
		return p;
	}
	if (f->mode == LOOP_TRIPS) {
		int runs = f->extent > 0;
		p.hoist = runs && f->pure && generic_entry(c, in);
		p.entry = p.hoist ? after_hoist(c, in) : in;
		p.header = runs ? p.entry : S_NONE; /* a body that never runs */
		p.out = runs ? bt->out[p.entry & 7] : p.entry;
		return p;
	}
	p.hoist = f->pure && generic_entry(c, in);
	p.entry = p.hoist ? after_hoist(c, in) : in;
	unsigned header = p.entry, out = p.entry;
	p.header = header;
	for (int round = 0; round < MAX_ROUNDS; round++) {
		p.header = header;
		out = bt->out[header & 7];
		unsigned next = p.entry | out;
		if (next == header || c->opt->fault == FAULT_NO_LOOP_FIXPOINT) /* fault: one round */
			break;
		header = next;
	}
	p.out = f->may_be_zero ? p.entry | out : out;
	return p;
}

static LoopPlan
plan_loop(const Ctx *c, const Stmt *s, Ref body, unsigned in)
{
	LoopFacts f = loop_facts(c, s, bits_at(c, body));
	Table bt = table_at(c, body);
	return plan_with(c, &f, &bt, in);
}

/* Hoist before an if (branches: statements number then_, else_; -1 when
 * absent): Generic possible, an else, both branches pure async. */
static int
hoists_if(const Ctx *c, Ref then_, Ref else_, unsigned in)
{
	return (generic_entry(c, in)) && else_.j >= 0 && pure_async(c, then_) && pure_async(c, else_);
}

/* ---- a statement's analysis from its bodies' ---------------------------------- */

/* A statement's analysis without its numbers: its table, summary bits and
 * free states (a Comp's out, bits and free; before free_mask, the free
 * states its own rule gives).  Only the entry states 1..7 (sets that are
 * not empty) are ever read of out and free. */
typedef struct Sum {
	Table t;
	unsigned bits, free;
} Sum;

/* Statement r's (absent: the identity, no bits, free from every state). */
static inline Sum
sum_at(const Ctx *c, Ref r)
{
	Sum m = {table_at(c, r), bits_at(c, r), free_at(c, r)};
	return m;
}

/* Comp.free of a subtree of summary bits whose walk would find free: a
 * subtree with no async op to fence and no step to drop is given back as
 * it is from every state. */
static inline unsigned char
free_mask(const Ctx *c, unsigned bits, unsigned free)
{
	if (!(bits & HAS_ASYNC) && (c->opt->keep_loop_steps || !(bits & HAS_STEP)))
		return ALL_FREE;
	return (unsigned char)free;
}

/* m as a Comp holds it: its free states through free_mask. */
static inline Sum
sum_finish(const Ctx *c, Sum m)
{
	m.free = free_mask(c, m.bits, m.free);
	return m;
}

/* If s from its branches' analyses (has_else: s has an else branch, el's;
 * without one el is the identity). */
static inline __attribute__((always_inline)) Sum
if_sum(const Ctx *c, const Stmt *s, const Sum *th, const Sum *el, int has_else)
{
	Sum r;
	unsigned f = ALL_FREE & ~1u; /* no state is the empty set: none is claimed for it */
	r.bits = th->bits | el->bits;
	int taken = const_branch(c, s);
	/* hoists_if from entry state x, its part that does not read x once */
	int pure = has_else && (th->bits & SUMMARY) == HAS_ASYNC && (el->bits & SUMMARY) == HAS_ASYNC;
	unsigned branches = th->free & el->free;
	if (!pure && taken < 0) { /* no hoist: each state goes into both branches as it is */
		for (unsigned x = 1; x < 8; x++)
			r.t.out[x] = (unsigned char)if_join(c, th->t.out[x], el->t.out[x]);
		r.t.out[0] = 0;
		r.free = f & branches;
		return r;
	}
	for (unsigned x = 1; x < 8; x++) {
		int hoist = pure && generic_entry(c, x);
		unsigned in = hoist ? after_hoist(c, x) : x;
		if (hoist || !(branches >> x & 1))
			f &= ~(1u << x); /* a fence before the if, or a branch changed */
		r.t.out[x] = (unsigned char)(taken == 1   ? th->t.out[in]
		                             : taken == 0 ? el->t.out[in]
		                                          : if_join(c, th->t.out[in], el->t.out[in]));
	}
	r.t.out[0] = 0;
	r.free = f;
	return r;
}

/* A loop's table and free states by what they are made of: the loop
 * facts, the body's table and free states, whether its step is dropped
 * and the fault.  Programs repeat a few loop bodies' tables again and
 * again, and the seven plans behind one cost more than a look-up. */
typedef struct LoopMemo {
	uint64_t key; /* 0: empty */
	ProxyFault fault;
	unsigned char out[8];
	unsigned char free;
} LoopMemo;

enum { LOOP_MEMO_BITS = 8 };

static _Thread_local LoopMemo loop_memo[1 << LOOP_MEMO_BITS];

/* The loop's table into out and its free states (before free_mask):
 * with the body's table bt and free states body_free, and lf of a plain
 * run (LOOP_PLAIN), from the memo or planned from every state. */
static void
loop_table(const Ctx *c, const LoopFacts *lf, const Table *bt, unsigned body_free, int drop_step,
           unsigned char *out, unsigned *free)
{
	/* bt's states 1..7 (each below 8) in bytes 1..7, body_free's in byte
	 * 0, the facts in the bits above byte 1's state */
	uint64_t key;
	memcpy(&key, bt->out, sizeof key);
	key = (key & 0x0707070707070700ull) | (body_free & 0xFEu) | (uint64_t)lf->pure << 11 |
	      (uint64_t)lf->may_be_zero << 12 | (uint64_t)drop_step << 13 | 1u << 14;
	LoopMemo *m = &loop_memo[(key * 0x9E3779B97F4A7C15ull) >> (64 - LOOP_MEMO_BITS)];
	if (m->key == key && m->fault == c->opt->fault) {
		memcpy(out, m->out, 8);
		*free = m->free;
		return;
	}
	unsigned f = ALL_FREE & ~1u;
	out[0] = 0;
	for (unsigned x = 1; x < 8; x++) {
		LoopPlan p = plan_with(c, lf, bt, x);
		out[x] = (unsigned char)p.out;
		if (p.hoist || drop_step || !(body_free >> (p.header & 7) & 1))
			f &= ~(1u << x);
	}
	*free = f;
	m->key = key;
	m->fault = c->opt->fault;
	memcpy(m->out, out, 8);
	m->free = (unsigned char)f;
}

/* A statement of one body (a loop, a block, a transparent one) from its
 * body's analysis. */
static inline __attribute__((always_inline)) Sum
body_sum(const Ctx *c, const Stmt *s, const Sum *body)
{
	Sum r = *body;
	unsigned f = ALL_FREE & ~1u;
	switch (s->kind) {
	case ST_FOR:
		if (s->u.for_.step)
			r.bits |= HAS_STEP;
		/* fallthrough */
	case ST_WHILE: {
		LoopFacts lf = loop_facts(c, s, body->bits);
		/* a For whose step is dropped is rebuilt from every state */
		int drop_step = s->kind == ST_FOR && s->u.for_.step && !c->opt->keep_loop_steps;
		if (lf.mode == LOOP_PLAIN) {
			loop_table(c, &lf, &body->t, body->free, drop_step, r.t.out, &r.free);
			return r;
		}
		r.t.out[0] = 0;
		for (unsigned x = 1; x < 8; x++) {
			LoopPlan p = plan_with(c, &lf, &body->t, x);
			r.t.out[x] = (unsigned char)p.out;
			if (p.hoist || drop_step || !(body->free >> (p.header & 7) & 1))
				f &= ~(1u << x);
		}
		r.free = f;
		return r;
	}
	case ST_BLOCK:
		if (block_may_skip(c, s))
			for (unsigned x = 1; x < 8; x++)
				r.t.out[x] |= (unsigned char)x;
		r.free = f & body->free;
		return r;
	default: /* let, assert, attr, launch_thread, allocate, decl_buffer: transparent */
		r.free = f & body->free;
		return r;
	}
}

/* A sequence's analysis, item by item (analyse's and the rewrite's):
 * the table so far (or, while konst is not zero, the constant konst), the
 * free states so far and the items' summary bits. */
typedef struct SeqAcc {
	Table t;
	unsigned konst, f, bits;
} SeqAcc;

static inline void
acc_begin(SeqAcc *a)
{
	a->t = table_identity();
	a->konst = 0;
	a->f = ALL_FREE & ~1u; /* no state is the empty set: none is claimed for it */
	a->bits = 0;
}

/* The next item is a leaf of byte e. */
static inline __attribute__((always_inline)) void
acc_leaf(SeqAcc *a, unsigned e)
{
	a->bits |= e >> LEAF_BITS;
	/* EV_NONE: the identity; else a constant table: the composition is
	 * that constant */
	unsigned ev = e & 3;
	if (ev == EV_NONE)
		return;
	if (ev == EV_ASYNC && a->f) { /* a fence where Generic may come in */
		if (!a->konst)
			a->f &= ~generic_states(&a->t);
		else if (a->konst & S_GENERIC)
			a->f = 0;
	}
	a->konst = leaf_state[ev];
}

/* The next item is a compound statement of table out, bits and free
 * states m (as its Comp holds them). */
static inline __attribute__((always_inline)) void
acc_item(SeqAcc *a, const unsigned char *out, unsigned bits, unsigned m)
{
	a->bits |= bits;
	if (a->konst) { /* every entry state comes to the item as konst */
		if (!(m >> a->konst & 1))
			a->f = 0;
		a->konst = out[a->konst];
	} else if (m == ALL_FREE) {
		for (unsigned x = 1; x < 8; x++)
			a->t.out[x] = out[a->t.out[x]];
	} else {
		for (unsigned x = 1; x < 8; x++) {
			unsigned y = a->t.out[x];
			a->f &= ~((~m >> y & 1u) << x);
			a->t.out[x] = out[y];
		}
	}
}

/* The next item is statement r (numbered). */
static inline void
acc_ref(const Ctx *c, SeqAcc *a, Ref r)
{
	unsigned e = c->ev[r.j];
	if (e != EV_COMPOUND)
		acc_leaf(a, e);
	else
		acc_item(a, c->comp[r.ci].out, c->comp[r.ci].bits, c->comp[r.ci].free);
}

/* The sequence's analysis (its free states before free_mask). */
static inline Sum
acc_end(SeqAcc *a)
{
	if (a->konst)
		memset(a->t.out + 1, (int)a->konst, 7);
	Sum m = {a->t, a->bits, a->f};
	return m;
}

/* Array *p of *cap elements of size sz, grown to hold need. */
static void *
reserve(void *p, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap : 256;
	while (n < need)
		n *= 2;
	p = realloc(p, sz * n);
	if (!p)
		abort();
	*cap = n;
	return p;
}

/* A fresh number for a statement (its byte is set by analyse). */
static Ref
number(Ctx *c)
{
	if (c->n == c->icap)
		c->ev = reserve(c->ev, &c->icap, c->n + 1, sizeof *c->ev);
	return (Ref){(long)c->n++, (long)c->nc};
}

/* Statement r is a compound one: its Comp, which analyse fills (every
 * field) once r's subtree is numbered; nothing reads it before. */
static void
number_compound(Ctx *c, Ref r)
{
	if (c->nc == c->ccap)
		c->comp = reserve(c->comp, &c->ccap, c->nc + 1, sizeof *c->comp);
	c->nc++;
	c->ev[r.j] = EV_COMPOUND;
}

/* ---- analyses kept from run to run ------------------------------------------- */

/* Within one family of programs (pass_run_family: a judge's fixed input and
 * the outputs the models made of it, all alive and unchanged until the
 * family ends), a statement's analysis (the bytes and Comps of its subtree,
 * in preorder) is the same in every run with the same options: the run on
 * a model's output, for idempotence, meets mostly the statements of the
 * first run, and copies their analyses instead of making them again.  By
 * address: a statement kept is alive, so no other node has its address.
 * A Comp holds sizes, not numbers, so a subtree's bytes and Comps are
 * copied as they are. */
typedef struct KeptSlot {
	const Stmt *s;
	unsigned epoch; /* an empty slot unless it is kept.epoch */
	int j, ci;      /* the statement's numbers among the kept */
} KeptSlot;

enum { KEPT_MAX = 1 << 20 }; /* statements kept at most; past it, none */

enum { KEPT_FIXED = 8 }; /* fixed bodies kept at most (a program's functions) */

static _Thread_local struct {
	unsigned long long family; /* pass_run_family() of the runs kept; 0: none */
	const ProxyStateOptions *opt;
	unsigned epoch;  /* bumped when the kept are dropped */
	unsigned char *ev;
	size_t n, icap;
	Comp *comp;
	size_t nc, ccap;
	KeptSlot *slot;
	size_t cap, used;
	KeptSlot *put; /* statements to put, in order, before the next look-up (epoch unset) */
	size_t nput, putcap;
	const Stmt *fixed[KEPT_FIXED]; /* bodies the rewrite gives back as they are */
	int nfixed;
} kept;

static void
kept_drop(void)
{
	kept.family = 0;
	kept.opt = NULL;
	if (++kept.epoch == 0) {
		/* wrapped: a slot of an old epoch must not pass for the new one */
		if (kept.slot)
			memset(kept.slot, 0, sizeof *kept.slot * kept.cap);
		kept.epoch = 1;
	}
	kept.n = kept.nc = kept.used = kept.nput = 0;
	kept.nfixed = 0;
}

static size_t
kept_hash(const Stmt *s, size_t cap)
{
	return (size_t)(((uintptr_t)s * 0x9E3779B97F4A7C15ull) >> 32) & (cap - 1);
}

static void kept_flush(void);

static const KeptSlot *
kept_get(const Stmt *s)
{
	if (kept.nput)
		kept_flush();
	if (!kept.used)
		return NULL;
	for (size_t i = kept_hash(s, kept.cap);; i = (i + 1) & (kept.cap - 1)) {
		const KeptSlot *k = &kept.slot[i];
		if (k->epoch != kept.epoch)
			return NULL;
		if (k->s == s)
			return k;
	}
}

/* The kept's slots, twice as many (out of line: a put seldom needs it). */
static __attribute__((noinline)) void
kept_grow(void)
{
	size_t cap = kept.cap ? 2 * kept.cap : 1024;
	KeptSlot *slot = calloc(cap, sizeof *slot);
	if (!slot)
		abort();
	for (size_t i = 0; i < kept.cap; i++) {
		if (kept.slot[i].epoch != kept.epoch)
			continue;
		size_t h = kept_hash(kept.slot[i].s, cap);
		while (slot[h].epoch == kept.epoch)
			h = (h + 1) & (cap - 1);
		slot[h] = kept.slot[i];
	}
	free(kept.slot);
	kept.slot = slot;
	kept.cap = cap;
}

static void
kept_put(const Stmt *s, long j, long ci)
{
	if ((kept.used + 1) * 2 > kept.cap)
		kept_grow();
	size_t i = kept_hash(s, kept.cap);
	while (kept.slot[i].epoch == kept.epoch) {
		if (kept.slot[i].s == s)
			return;
		i = (i + 1) & (kept.cap - 1);
	}
	kept.slot[i] = (KeptSlot){s, kept.epoch, (int)j, (int)ci};
	kept.used++;
}

/* The statements to put, put (out of line: only a run that looks one up
 * needs them; the run on a fixed output is not made). */
static __attribute__((noinline)) void
kept_flush(void)
{
	for (size_t i = 0; i < kept.nput; i++)
		kept_put(kept.put[i].s, kept.put[i].j, kept.put[i].ci);
	kept.nput = 0;
}

/* Before a run's analysis: whether it looks up analyses (a plain run,
 * without the vocabulary check, on a program of a family), and keeps its
 * own (the first such run of the family with these options: the next, on
 * its output, finds them; one on the output's output would be a third run
 * of the model, which a judge does not make). */
static void
kept_begin(Ctx *c)
{
	unsigned long long family = pass_run_family(c->in);
	c->keep = family && !c->versions && !c->probe && !c->ignore && !c->only && !c->exact;
	if (!c->keep)
		return;
	if (kept.epoch == 0)
		kept.epoch = 1; /* slots of epoch 0 are empty */
	if (kept.family != family || kept.opt != c->opt) {
		kept_drop();
		kept.family = family;
		kept.opt = c->opt;
		c->keep = 2;
	}
}

/* After its rewrite (which read them): its bytes and Comps join the kept
 * (the statements it numbered were put under these numbers).  The first
 * to join trade arrays with the kept instead of being copied. */
static void
kept_end(Ctx *c)
{
	if (c->keep != 2 || c->foreign)
		return;
	if (kept.n + c->n > KEPT_MAX || kept.nc + c->nc > KEPT_MAX) {
		kept_drop(); /* nothing is put */
		return;
	}
	if (!kept.n && !kept.nc) {
		unsigned char *ev = kept.ev;
		Comp *comp = kept.comp;
		size_t icap = kept.icap, ccap = kept.ccap;
		kept.ev = c->ev;
		kept.icap = c->icap;
		kept.comp = c->comp;
		kept.ccap = c->ccap;
		kept.n = c->n;
		kept.nc = c->nc;
		c->ev = ev;
		c->icap = icap;
		c->comp = comp;
		c->ccap = ccap;
		c->n = c->nc = 0;
		return;
	}
	kept.ev = reserve(kept.ev, &kept.icap, kept.n + c->n, sizeof *kept.ev);
	kept.comp = reserve(kept.comp, &kept.ccap, kept.nc + c->nc, sizeof *kept.comp);
	memcpy(kept.ev + kept.n, c->ev, c->n);
	memcpy(kept.comp + kept.nc, c->comp, sizeof *c->comp * c->nc);
	kept.n += c->n;
	kept.nc += c->nc;
}

/* Whether run c's rewrite gives body back as it is: a body a run of the
 * family with these options made, and found its own fixed point (the
 * rewrite depends on the body and the options alone, and a body that was
 * given back, or whose analysis is free from state {None}, is given back
 * again). */
static int
kept_fixed(const Func *in, const ProxyStateOptions *opt)
{
	unsigned long long family = pass_run_family(in);
	if (!family || kept.family != family || kept.opt != opt)
		return 0;
	for (int i = 0; i < kept.nfixed; i++)
		if (kept.fixed[i] == in->body)
			return 1;
	return 0;
}

/* After run c's rewrite made body r: r is kept as fixed when it is. */
static void
kept_fix(const Ctx *c, const Stmt *r)
{
	if (kept.family != pass_run_family(c->in) || kept.opt != c->opt || kept.nfixed == KEPT_FIXED)
		return;
	for (int i = 0; i < kept.nfixed; i++)
		if (kept.fixed[i] == r)
			return;
	kept.fixed[kept.nfixed++] = r;
}

/* analyse of s from the kept, when s is there: its subtree's bytes and
 * Comps copied to the run's next numbers. */
static inline __attribute__((always_inline)) int
kept_copy(Ctx *c, const Stmt *s, Ref *r)
{
	const KeptSlot *k = kept_get(s);
	if (!k || (size_t)k->j >= kept.n)
		return 0; /* not kept, or numbered in this run (a node at two places) */
	size_t j = (size_t)k->j, ci = (size_t)k->ci;
	if (kept.ev[j] != EV_COMPOUND) { /* a leaf: its byte alone */
		*r = number(c);
		c->ev[r->j] = kept.ev[j];
		return 1;
	}
	size_t len = (size_t)kept.comp[ci].len, clen = (size_t)kept.comp[ci].clen;
	c->ev = reserve(c->ev, &c->icap, c->n + len, sizeof *c->ev);
	c->comp = reserve(c->comp, &c->ccap, c->nc + clen, sizeof *c->comp);
	*r = (Ref){(long)c->n, (long)c->nc};
	memcpy(c->ev + c->n, kept.ev + j, len);
	memcpy(c->comp + c->nc, kept.comp + ci, sizeof *c->comp * clen);
	c->n += len;
	c->nc += clen;
	return 1;
}

/* The run that keeps its analyses (c->keep == 2) puts a statement under
 * its numbers r in the rewrite, not in the analysis: only where the next
 * run, on the output, looks one up.  That run analyses the output's fresh
 * statements and looks up their children, so what is put is the root and
 * every statement of the input that the rewrite places under a fresh one
 * (a rebuilt sequence, if or loop, a fence's new sequence).  A statement
 * not put is analysed again there: the same bytes, at more cost.  They are
 * listed here and hashed at that run's first look-up (kept_flush): the run
 * on a fixed output is not made at all. */
static inline void
keep_at(const Ctx *c, const Stmt *s, Ref r)
{
	if (c->keep != 2 || !s)
		return;
	if (kept.nput == kept.putcap)
		kept.put = reserve(kept.put, &kept.putcap, kept.nput + 1, sizeof *kept.put);
	/* The run that keeps found the kept empty (kept_begin dropped them):
	 * its numbers are its statements' numbers among the kept. */
	kept.put[kept.nput++] = (KeptSlot){s, 0, (int)r.j, (int)r.ci};
}

static Ref analyse(Ctx *c, const Stmt *s);

/* Per statement kind: 1 when a statement of that kind passes its body's
 * state through as it is (let, assert, attr, launch_thread, allocate,
 * decl_buffer): its table and summary are its body's.  Programs nest long
 * chains of them (a decl_buffer per buffer), which analyse and the rewrite
 * go down in a loop. */
static const unsigned char transparent[ST_BLOCK + 1] = { /* every statement kind */
	[ST_LET] = 1, [ST_ASSERT] = 1, [ST_ATTR] = 1, [ST_LAUNCH] = 1, [ST_ALLOC] = 1, [ST_DECL] = 1,
};

/* The byte of leaf statement s, whose event is ev: the event and the
 * summary bits. */
static inline unsigned char
leaf_byte(const Ctx *c, const Stmt *s, int ev)
{
	/* fault: the pure-async scan looks at call statements only */
	int unseen = s->kind == ST_STORE && c->opt->fault == FAULT_HOIST_IGNORES_STORES;
	unsigned bits = unseen ? 0 : ev == EV_ASYNC ? HAS_ASYNC : ev == EV_GENERIC ? HAS_GENERIC : 0;
	return (unsigned char)(ev | bits << LEAF_BITS);
}

/* analyse of a call or store statement s (not NULL, no foreign call found
 * yet), inline in a sequence's loop (which made room for its byte): the
 * byte it numbers s with, or -1 when the vocabulary check finds a foreign
 * call in s. */
static inline __attribute__((always_inline)) int
analyse_leaf(Ctx *c, const Stmt *s)
{
	if (c->versions && foreign_own(c, s)) {
		c->foreign = 1;
		return -1;
	}
	Ref k;
	if (c->keep == 1 && kept_copy(c, s, &k))
		return c->ev[k.j];
	size_t j = c->n++;
	return c->ev[j] = leaf_byte(c, s, leaf_event(c, s));
}

/* Asks the memory for what analyse reads first of a leaf statement: the
 * call of a call statement, the indices and value of a store.  A hint
 * only: it changes no result. */
static void
prefetch_kids(const Stmt *s)
{
	switch (s->kind) {
	case ST_EVAL:
		__builtin_prefetch(s->u.eval.value);
		break;
	case ST_STORE:
		__builtin_prefetch(s->u.store.idx);
		__builtin_prefetch(s->u.store.value);
		break;
	default:
		break;
	}
}

/* Sequences longer than this are read ahead (analyse_compound); a short
 * one is in the cache with its parent. */
enum { SEQ_PREFETCH = 32 };

/* The table of compound statement s from its bodies', which it
 * numbers (analyse); ORs their summaries into *bits. */
static Table
analyse_compound(Ctx *c, const Stmt *s, unsigned *bits, unsigned *free)
{
	Sum m;
	switch (s->kind) {
	case ST_SEQ: {
		int n = s->u.seq.n;
		Stmt *const *items = s->u.seq.items;
		SeqAcc acc;
		acc_begin(&acc);
		int ahead = n > SEQ_PREFETCH ? n - 16 : 0; /* the items read ahead of */
		/* room for a byte per item left: analyse_leaf numbers without a test */
		if (c->n + (size_t)n > c->icap)
			c->ev = reserve(c->ev, &c->icap, c->n + (size_t)n, sizeof *c->ev);
		for (int i = 0; i < n; i++) {
			/* A long sequence of a big program is read from memory, not from
			 * the cache: ask for the items ahead of the walk, and for the
			 * expressions of the items nearer (their nodes are in the cache
			 * by then). */
			if (i < ahead) {
				__builtin_prefetch(items[i + 16]);
				prefetch_kids(items[i + 8]);
			}
			const Stmt *it = items[i];
			if (it && (it->kind == ST_EVAL || it->kind == ST_STORE)) {
				int b = c->foreign ? -1 : analyse_leaf(c, it);
				if (b >= 0)
					acc_leaf(&acc, (unsigned)b);
				continue;
			}
			Ref j = analyse(c, it);
			if (j.j >= 0)
				acc_ref(c, &acc, j);
			if (c->n + (size_t)(n - i) > c->icap)
				c->ev = reserve(c->ev, &c->icap, c->n + (size_t)(n - i), sizeof *c->ev);
		}
		m = acc_end(&acc);
		break;
	}
	case ST_IF: {
		Ref jt = analyse(c, s->u.if_.then_);
		Ref je = s->u.if_.else_ ? analyse(c, s->u.if_.else_) : NO_REF;
		Sum th = sum_at(c, jt), el = sum_at(c, je);
		m = if_sum(c, s, &th, &el, je.j >= 0);
		break;
	}
	default: {
		Sum body = sum_at(c, analyse(c, ir_body(s)));
		m = body_sum(c, s, &body);
		break;
	}
	}
	*bits |= m.bits;
	*free = m.free;
	return m.t;
}

/* analyse of transparent statement s, numbered top, and of the chain of
 * transparent statements under it, each its predecessor's body: the chain
 * is numbered in one loop (consecutive numbers, in both numberings), the
 * statement below it by analyse, and every Comp of the chain is that
 * statement's table and summary.  The chain under s is not looked up among
 * the kept (s was not found there): the rewrite rebuilds a chain from its
 * bottom up, so under a rebuilt statement the whole chain is new. */
static Ref
analyse_chain(Ctx *c, const Stmt *s, Ref top)
{
	long depth = 1;
	const Stmt *b = ir_body(s);
	Ref inner = NO_REF;
	while (b && !c->foreign) {
		if (!transparent[b->kind]) {
			inner = analyse(c, b);
			break;
		}
		if (c->versions && foreign_own(c, b)) {
			c->foreign = 1;
			break;
		}
		number_compound(c, number(c));
		depth++;
		b = ir_body(b);
	}
	Table t = table_at(c, inner);
	unsigned char bits = (unsigned char)bits_at(c, inner);
	unsigned char free = free_mask(c, bits, free_at(c, inner) & ~1u);
	for (long d = 0; d < depth; d++) {
		Comp *in = &c->comp[top.ci + d];
		memcpy(in->out, t.out, sizeof t.out);
		in->bits = bits;
		in->free = free;
		in->len = (int)(c->n - (size_t)(top.j + d));
		in->clen = (int)(c->nc - (size_t)(top.ci + d));
	}
	return top;
}

/* Numbers s and its subtree in preorder and sets their bytes and Comps
 * (the first walk); checks the vocabulary of each statement when
 * c->versions is set.  Returns s's numbers, NO_REF for NULL (or once a
 * foreign call was found: the run's result is dropped then). */
static Ref
analyse(Ctx *c, const Stmt *s)
{
	if (!s || c->foreign)
		return NO_REF;
	if (c->versions && foreign_own(c, s)) {
		c->foreign = 1;
		return NO_REF;
	}
	Ref k;
	if (c->keep == 1 && kept_copy(c, s, &k))
		return k;
	k = number(c);
	int ev = leaf_event(c, s);
	if (ev >= 0) {
		c->ev[k.j] = leaf_byte(c, s, ev);
		return k;
	}
	number_compound(c, k);
	if (transparent[s->kind])
		return analyse_chain(c, s, k);
	unsigned bits = 0, free = 0;
	Table t = analyse_compound(c, s, &bits, &free);
	Comp *in = &c->comp[k.ci]; /* the recursion may have moved it */
	memcpy(in->out, t.out, sizeof t.out);
	in->bits = (unsigned char)bits;
	in->free = free_mask(c, bits, free);
	in->len = (int)(c->n - (size_t)k.j);
	in->clen = (int)(c->nc - (size_t)k.ci);
	return k;
}

/* ---- the rewrite ------------------------------------------------------------- */

/* Fresh nodes for every fence: no two places of a program share a node, so
 * later stages may tell statements and expressions apart by pointer. */
static Stmt *
fence_stmt(Ctx *c)
{
#ifndef IR_NODE_GUARDED
	/* ir_call's node and ir_eval's, inline, in one bump of the arena. */
	enum { CALL = IR_EXPR_UPTO(call.kwnames), EVAL = IR_STMT_WITH(eval) };
	unsigned char *p = ar_alloc(c->a, CALL + EVAL);
	return irb_eval_in((Stmt *)(p + CALL), irb_call_in((Expr *)p, "fence_proxy_async", NULL, 0));
#else
	return ir_eval(c->a, ir_call(c->a, "fence_proxy_async", NULL, 0));
#endif
}

static inline void
push(Ctx *c, Stmt *s)
{
	if (c->top == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 256;
		c->stack = realloc(c->stack, sizeof *c->stack * c->cap);
		if (!c->stack)
			abort();
	}
	c->stack[c->top++] = s;
}

/* Rewrites s from *state, leaves the state after it in *state, and sets
 * *fence_before when a fence must go right before the result (the caller
 * puts it into the enclosing sequence, flattened as upstream's
 * AppendFlattened does). */
static Stmt *walk(Ctx *c, Stmt *s, unsigned *state, int *fence_before);

/* Pushes r, with a fresh fence right before it when `fence`. */
static inline void
emit(Ctx *c, Stmt *r, int fence)
{
	int after = c->opt->fault == FAULT_FENCE_AFTER; /* fault: fence after, not before */
	if (fence && !after)
		push(c, fence_stmt(c));
	push(c, r);
	if (fence && after)
		push(c, fence_stmt(c));
}

/* The byte analyse gives fence f (the same for every fence of a run). */
static __attribute__((noinline)) unsigned
fence_byte_find(Ctx *c, const Stmt *f)
{
	c->fence_byte = 0x100u | leaf_byte(c, f, leaf_event(c, f));
	return c->fence_byte & 0xFF;
}

static inline unsigned
fence_byte(Ctx *c, const Stmt *f)
{
	return c->fence_byte ? c->fence_byte & 0xFF : fence_byte_find(c, f);
}

/* What emit(c, r, fence) pushed, into a: r, whose analysis is the input's
 * (number at) when r is the input's statement orig and else *c->last, and
 * the fence before (or after) it. */
static inline __attribute__((always_inline)) void
acc_emit(Ctx *c, SeqAcc *a, const Stmt *r, const Stmt *orig, Ref at, int fence)
{
	int after = c->opt->fault == FAULT_FENCE_AFTER;
	if (fence && !after)
		acc_leaf(a, fence_byte(c, c->stack[c->top - 2]));
	if (r != orig)
		acc_item(a, c->last->t.out, c->last->bits, c->last->free);
	else if (r)
		acc_ref(c, a, at);
	if (fence && after)
		acc_leaf(a, fence_byte(c, c->stack[c->top - 1]));
}

/* A body that is not a sequence item: a fence before it makes a sequence. */
static Stmt *
walk_body(Ctx *c, Stmt *s, unsigned *state)
{
	int fence = 0;
	Ref at = {(long)c->pos, (long)c->cpos};
	Stmt *r = walk(c, s, state, &fence);
	if (!fence || c->opt->fault == FAULT_FENCE_DROPPED_FLATTEN) /* fault: fence lost */
		return r;
	if (r == s)
		keep_at(c, s, at);
	size_t base = c->top;
	emit(c, r, 1);
	if (c->last) {
		SeqAcc acc;
		acc_begin(&acc);
		acc_emit(c, &acc, r, s, at, 1);
		*c->last = sum_finish(c, acc_end(&acc));
	}
	Stmt *seq = ir_seq(c->a, c->stack + base, (int)(c->top - base));
	c->top = base;
	return seq;
}

/* A rebuilt sequence grows on c->stack above the ones that enclose it (an
 * item's walk pops what it pushed before the next item is pushed), and is
 * copied into the arena once, by ir_seq. */
static Stmt *
walk_seq(Ctx *c, Stmt *s, unsigned *state)
{
	int n = s->u.seq.n, changed = 0;
	Stmt **items = s->u.seq.items;
	size_t base = c->top;
	Ref first = {(long)c->pos, (long)c->cpos};
	SeqAcc acc; /* c->last: the rebuilt sequence's analysis */
	acc_begin(&acc);
	for (int i = 0; i < n; i++) {
		int fence = 0;
		Stmt *r = items[i];
		Ref at = {(long)c->pos, (long)c->cpos};
		unsigned e = c->ev[c->pos];
		if (r && e != EV_COMPOUND && r != c->probe) {
			/* walk_stmt of a leaf, inline */
			c->pos++;
			switch (e & 3) {
			case EV_NEUTRAL: *state = S_NONE; break;
			case EV_GENERIC: *state = S_GENERIC; break;
			case EV_ASYNC:
				fence = (*state & S_GENERIC) != 0;
				*state = S_ASYNC;
				break;
			default: break; /* EV_NONE */
			}
		} else {
			r = walk(c, r, state, &fence);
		}
		if ((r != items[i] || fence) && !changed) {
			for (int j = 0; j < i; j++) {
				push(c, items[j]);
				if (items[j]) {
					keep_at(c, items[j], first);
					if (c->last)
						acc_ref(c, &acc, first);
					first = ref_end(c, first);
				}
			}
			changed = 1;
		}
		if (changed) {
			if (r == items[i])
				keep_at(c, r, at);
			emit(c, r, fence);
			if (c->last)
				acc_emit(c, &acc, r, items[i], at, fence);
		}
	}
	if (!changed)
		return s;
	if (c->last)
		*c->last = sum_finish(c, acc_end(&acc));
	Stmt *r = ir_seq(c->a, c->stack + base, (int)(c->top - base));
	c->top = base;
	return r;
}

/* Numbers of the bodies of the statement whose walk is under way: the
 * cursor is at its first body. */
static Ref
first_body(const Ctx *c, const Stmt *body)
{
	return body ? (Ref){(long)c->pos, (long)c->cpos} : NO_REF;
}

static Stmt *
walk_if(Ctx *c, Stmt *s, unsigned *state, int *fence_before)
{
	Stmt *then_ = s->u.if_.then_, *else_ = s->u.if_.else_;
	Ref jt = first_body(c, then_);
	Ref je = !else_ ? NO_REF : jt.j >= 0 ? ref_end(c, jt) : (Ref){(long)c->pos, (long)c->cpos};
	if (hoists_if(c, jt, je, *state)) {
		*fence_before = 1;
		*state = after_hoist(c, *state); /* the hoisted fence runs first */
	}
	unsigned then_state = *state, else_state = *state;
	Stmt *t = walk_body(c, then_, &then_state);
	Sum th = {{{0}}, 0, 0}, el = th; /* c->last: the branches' analyses */
	if (c->last)
		th = t == then_ ? sum_at(c, jt) : *c->last;
	Stmt *e = else_ ? walk_body(c, else_, &else_state) : NULL;
	if (c->last)
		el = e == else_ ? sum_at(c, je) : *c->last;
	int taken = const_branch(c, s);
	*state = taken == 1 ? then_state : taken == 0 ? else_state : if_join(c, then_state, else_state);
	if (t == then_ && e == else_)
		return s;
	if (t == then_)
		keep_at(c, then_, jt);
	if (e == else_)
		keep_at(c, else_, je);
	Stmt *r = ir_copy_stmt(c->a, s);
	r->u.if_.then_ = t;
	r->u.if_.else_ = e;
	if (c->last)
		*c->last = sum_finish(c, if_sum(c, r, &th, &el, else_ != NULL));
	return r;
}

static Stmt *
walk_loop(Ctx *c, Stmt *s, unsigned *state, int *fence_before)
{
	Stmt *body = ir_body(s);
	Ref jb = first_body(c, body);
	LoopPlan p = plan_loop(c, s, jb, *state);
	unsigned body_state = p.header;
	Stmt *new_body = walk_body(c, body, &body_state);
	Sum sb = {{{0}}, 0, 0}; /* c->last: the body's analysis */
	if (c->last)
		sb = new_body == body ? sum_at(c, jb) : *c->last;
	*state = p.out;
	*fence_before = p.hoist;
	int drop_step = s->kind == ST_FOR && s->u.for_.step && !c->opt->keep_loop_steps;
	if (new_body == body && !drop_step)
		return s;
	if (new_body == body)
		keep_at(c, body, jb);
	Stmt *r = ir_with_body(c->a, s, new_body);
	if (drop_step)
		r->u.for_.step = NULL;
	if (s->kind == ST_FOR && c->opt->fault == FAULT_ANNOTATIONS_DROPPED)
		r->u.for_.annotations = NULL; /* fault: the rebuilt For loses its annotations */
	if (c->last)
		*c->last = sum_finish(c, body_sum(c, r, &sb));
	return r;
}

static inline Stmt *walk_stmt(Ctx *c, Stmt *s, unsigned *state, int *fence_before);

static Stmt *
walk(Ctx *c, Stmt *s, unsigned *state, int *fence_before)
{
	if (s != c->probe || !s)
		return walk_stmt(c, s, state, fence_before);
	unsigned before = *state;
	Stmt *r = walk_stmt(c, s, state, fence_before);
	c->probe_hit = 1;
	c->probe_state = before;
	c->probe_fence = *fence_before;
	return r;
}

static Stmt *walk_compound(Ctx *c, Stmt *s, unsigned *state, int *fence_before);
static Stmt *walk_chain(Ctx *c, Stmt *s, unsigned *state);

/* The rewrite of statement s, number c->pos (analyse numbered it): a leaf
 * by the event analyse found, a compound statement by its kind. */
static inline Stmt *
walk_stmt(Ctx *c, Stmt *s, unsigned *state, int *fence_before)
{
	if (!s)
		return NULL;
	unsigned e = c->ev[c->pos];
	if (e != EV_COMPOUND) {
		c->pos++;
		switch (e & 3) {
		case EV_NEUTRAL: *state = S_NONE; break;
		case EV_GENERIC: *state = S_GENERIC; break;
		case EV_ASYNC:
			*fence_before = (*state & S_GENERIC) != 0;
			*state = S_ASYNC;
			break;
		default: break; /* EV_NONE */
		}
		return s;
	}
	const Comp *in = &c->comp[c->cpos];
	if (!c->probe && (in->free >> (*state & 7) & 1)) {
		/* No fence to put, no step to drop from this state: the walk
		 * would give s back as it is, in the state its table says. */
		*state = in->out[*state & 7];
		c->pos += (size_t)in->len;
		c->cpos += (size_t)in->clen;
		return s;
	}
	return walk_compound(c, s, state, fence_before);
}

/* walk_stmt of a compound statement the rewrite may change, its cursor
 * at s.  Out of line, so that what walk_stmt passes over costs no more
 * than its tests. */
static __attribute__((noinline)) Stmt *
walk_compound(Ctx *c, Stmt *s, unsigned *state, int *fence_before)
{
	c->pos++;
	c->cpos++;
	switch (s->kind) {
	case ST_SEQ:
		return walk_seq(c, s, state);
	case ST_IF:
		return walk_if(c, s, state, fence_before);
	case ST_FOR:
	case ST_WHILE:
		return walk_loop(c, s, state, fence_before);
	case ST_BLOCK: {
		unsigned entry = *state;
		Stmt *body = walk_body(c, s->u.block.body, state);
		if (block_may_skip(c, s))
			*state |= entry;
		if (body == s->u.block.body)
			return s;
		Stmt *r = ir_with_body(c->a, s, body);
		if (c->last)
			*c->last = sum_finish(c, body_sum(c, r, c->last));
		return r;
	}
	default: /* let, assert, attr, launch_thread, allocate, decl_buffer: transparent */
		return walk_chain(c, s, state);
	}
}

/* walk_compound of transparent statement s, its cursor past s: the chain
 * of transparent statements under it (each its predecessor's body, which
 * the rewrite may change: the chain's Comps are all its bottom's) is gone
 * down in a loop, the statement below it walked as a body, and the chain
 * rebuilt from the bottom up where that changed. */
static Stmt *
walk_chain(Ctx *c, Stmt *s, unsigned *state)
{
	size_t base = c->top;
	Stmt *b = ir_body(s);
	while (b && transparent[b->kind] && !c->probe) {
		const Comp *in = &c->comp[c->cpos];
		if (in->free >> (*state & 7) & 1)
			break; /* walk_body passes it over */
		push(c, s);
		s = b;
		c->pos++;
		c->cpos++;
		b = ir_body(s);
	}
	Stmt *body = walk_body(c, b, state);
	Stmt *r = body != b ? ir_with_body(c->a, s, body) : s;
	/* every statement of the chain rebuilt has the body's analysis, its
	 * free states through free_mask (which gives the same at every one) */
	if (r != s && c->last)
		*c->last = sum_finish(c, body_sum(c, s, c->last));
	while (c->top > base) {
		Stmt *up = c->stack[--c->top];
		r = r != ir_body(up) ? ir_with_body(c->a, up, r) : up;
	}
	return r;
}

/* ---- the run's memory ---------------------------------------------------------- */

/* One run's arrays (bytes, Comps, the sequence stack) are the thread's, kept from
 * run to run: a campaign runs the model on many small programs, and each
 * would otherwise allocate and free them.  A big program's arrays are
 * given back after its run. */
static _Thread_local struct {
	unsigned char *ev;
	size_t icap;
	Comp *comp;
	size_t ccap;
	Stmt **stack;
	size_t cap;
	int busy;
} scratch;

enum { SCRATCH_KEEP = 1 << 16 }; /* entries kept between runs */

static void
ctx_begin(Ctx *c)
{
	if (scratch.busy) {
		c->own = 1; /* not expected (no run starts inside another), but safe */
		return;
	}
	scratch.busy = 1;
	c->ev = scratch.ev;
	c->icap = scratch.icap;
	c->comp = scratch.comp;
	c->ccap = scratch.ccap;
	c->stack = scratch.stack;
	c->cap = scratch.cap;
}

static void
ctx_end(Ctx *c)
{
	if (c->own || c->icap > SCRATCH_KEEP || c->ccap > SCRATCH_KEEP || c->cap > SCRATCH_KEEP) {
		free(c->ev);
		free(c->comp);
		free(c->stack);
		c->ev = NULL;
		c->comp = NULL;
		c->stack = NULL;
		c->icap = c->ccap = c->cap = 0;
	}
	if (!c->own) {
		scratch.ev = c->ev;
		scratch.icap = c->icap;
		scratch.comp = c->comp;
		scratch.ccap = c->ccap;
		scratch.stack = c->stack;
		scratch.cap = c->cap;
		scratch.busy = 0;
	}
}

/* Both walks over body from state {None}: the rewritten body, or NULL when
 * the vocabulary check (c->versions) found a foreign call. */
static Stmt *
run_body(Ctx *c, Stmt *body)
{
	RunCache cache;
	memset(&cache, 0, sizeof cache);
	c->cache = &cache;
	c->events = event_table(c);
	unsigned state = S_NONE;
	kept_begin(c);
	analyse(c, body);
	Stmt *r = NULL;
	int fixed = 0;
	if (!c->foreign) {
		/* A run of a family tells whether the rewrite gives its output
		 * back as it is: the model's run on it, for idempotence, is then
		 * not made. */
		Sum last;
		c->last = c->keep ? &last : NULL;
		c->pos = c->cpos = 0;
		keep_at(c, body, (Ref){0, 0});
		r = walk_body(c, body, &state);
		fixed = c->last && (r == body || (last.free >> S_NONE & 1));
		c->last = NULL;
	}
	kept_end(c);
	if (fixed)
		kept_fix(c, r);
	c->cache = NULL;
	c->events = NULL;
	return r;
}

/* ---- target gating (tilelang-head) ------------------------------------------- */

static const Expr *
dict_get(const Expr *dict, const char *key)
{
	if (!dict || dict->kind != EX_DICT)
		return NULL;
	for (int i = 0; i < dict->u.dict.n; i++) {
		const Expr *k = dict->u.dict.keys[i];
		if (k->kind == EX_STR && strcmp(k->u.s, key) == 0)
			return dict->u.dict.vals[i];
	}
	return NULL;
}

int
pass_target_sm(const Func *f)
{
	const Expr *target = dict_get(f->attrs, "target");
	if (!target || !ir_is_call(target, "target") || target->u.call.nargs < 1)
		return -1;
	const Expr *spec = target->u.call.args[0];
	const char *p = NULL;
	if (spec->kind == EX_STR) {
		/* T.target("cuda -arch=sm_90a"): TVM parses -arch into the target's
		 * arch attribute, so the string form gates like the dict form. */
		const char *flag = strstr(spec->u.s, "-arch=");
		if (!flag)
			return -1;
		p = flag + 6;
	} else {
		const Expr *arch = dict_get(spec, "arch");
		if (!arch || arch->kind != EX_STR)
			return -1;
		p = arch->u.s;
	}
	if (strncmp(p, "sm_", 3) != 0)
		return -1;
	p += 3;
	if (*p < '0' || *p > '9')
		return -1;
	int sm = 0;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (sm > 100000)
			return -1;
		sm = sm * 10 + (*p - '0');
	}
	return sm;
}

/* ---- entry point -------------------------------------------------------------- */

Func *
pass_proxy_state_run_checked(const Func *in, Arena *a, const ProxyStateOptions *opt, unsigned versions)
{
	if (!in->body || (opt->min_sm > 0 && pass_target_sm(in) < opt->min_sm)) {
		if (versions && pass_first_foreign(in->body, versions))
			return NULL;
		return ir_func_with_body(a, in, in->body);
	}
	int fixed = !versions && kept_fixed(in, opt);
#ifdef NDEBUG
	if (fixed)
		return ir_func_with_body(a, in, in->body);
#endif
	Ctx c = {.a = a, .opt = opt, .versions = versions, .in = in};
	ctx_begin(&c);
	Stmt *body = run_body(&c, in->body);
	ctx_end(&c);
	assert(!fixed || body == in->body);
	return body ? ir_func_with_body(a, in, body) : NULL;
}

Func *
pass_proxy_state_run(const Func *in, Arena *a, const ProxyStateOptions *opt)
{
	return pass_proxy_state_run_checked(in, a, opt, 0);
}

/* ---- explanation (PassModel.explain) ----------------------------------------- */

/* The explanation re-runs the engine on the input with a probe on one
 * statement (the state in front of it, whether a fence goes before it), and
 * asks counterfactual questions of the engine's own rules: with one generic
 * statement silenced, with constant trip counts and conditions taken as the
 * constants say.  Statements are found by the witness's locations, so a
 * program without locations gets no explanation (UNKNOWN). */

static const char UNKNOWN[] = "?";

static int
is_async_op(const void *opt, int op)
{
	Ctx c = {.opt = opt};
	return op_class(&c, op) == PX_ASYNC;
}

static const char *
async_set_label(const ProxyStateOptions *opt, const char *name, Arena *a)
{
	return pass_async_set_label(name, is_async_op, opt, a);
}

typedef struct Probe {
	int hit, fence;
	unsigned state;
} Probe;

static Probe
probe_run(const Func *in, const ProxyStateOptions *opt, const Stmt *at, const Stmt *ignore,
          const Stmt *only, unsigned exact)
{
	Arena *tmp = ar_new();
	Ctx c = {.a = tmp, .opt = opt, .probe = at, .ignore = ignore, .only = only, .exact = exact};
	ctx_begin(&c);
	run_body(&c, in->body);
	ctx_end(&c);
	ar_free(tmp);
	Probe p = {c.probe_hit, c.probe_fence, c.probe_state};
	return p;
}

/* Counterfactual runs per extra fence are bounded by the sources tried. */
enum { MAX_SOURCES = 64 };

static void
collect_generic(const Ctx *c, const Stmt *s, const Stmt **out, int *n)
{
	if (!s || *n >= MAX_SOURCES)
		return;
	int ev = leaf_event(c, s);
	if (ev >= 0) {
		if (ev == EV_GENERIC)
			out[(*n)++] = s;
		return;
	}
	switch (s->kind) { /* every body, in order */
#define NODE s
#define BODY(x) collect_generic(c, x, out, n);
#include "kids.h"
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
#undef BODY
#undef NODE
	}
}

static const char *
scope_rank(const char *scope)
{
	return ir_scope_is_shared(scope) ? "shared memory" : "a non-shared buffer";
}

/* Why the engine counts statement g generic. */
static const char *
source_label(const ProxyStateOptions *opt, const Stmt *g, Arena *a)
{
	if (g->kind == ST_STORE)
		return pass_label(a, "generic source: store into %s",
		                  scope_rank(ir_buffer_scope(g->u.store.buf)));
	const char *name = pass_call_name(g);
	if (pass_is_async_family(name))
		return async_set_label(opt, name, a);
	return "generic source: a call with a shared write pointer";
}

/* The counterfactuals for a fence the engine puts before statement x: the
 * label of the first rule without which it would not; NULL when none. */
/* What every path through s meets first: 1 a fence, 0 no event at all, -1
 * anything else (or paths that differ). */
static int
leads_with_fence(const Ctx *c, const Stmt *s, int depth)
{
	if (!s)
		return 0;
	if (depth > 64)
		return -1;
	switch (leaf_event(c, s)) {
	case EV_NEUTRAL: return 1;
	case EV_NONE: return 0;
	case -1: break; /* compound */
	default: return -1;
	}
	switch (s->kind) {
	case ST_SEQ:
		for (int i = 0; i < s->u.seq.n; i++) {
			int r = leads_with_fence(c, s->u.seq.items[i], depth + 1);
			if (r)
				return r;
		}
		return 0;
	case ST_IF: {
		int t = leads_with_fence(c, s->u.if_.then_, depth + 1);
		int e = leads_with_fence(c, s->u.if_.else_, depth + 1);
		return t == e ? t : -1;
	}
	case ST_FOR:
	case ST_WHILE: /* may run zero times: what follows may come first */
		return leads_with_fence(c, ir_body(s), depth + 1) == 0 ? 0 : -1;
	default: return leads_with_fence(c, ir_body(s), depth + 1);
	}
}

/* A hoisted region (a loop's body, both branches of an if) whose every
 * path starts with a fence of its own. */
static int
fences_first(const Ctx *c, const Stmt *x)
{
	if (x->kind == ST_IF)
		return x->u.if_.else_ && leads_with_fence(c, x->u.if_.then_, 0) == 1 &&
		       leads_with_fence(c, x->u.if_.else_, 0) == 1;
	return (x->kind == ST_FOR || x->kind == ST_WHILE) && leads_with_fence(c, ir_body(x), 0) == 1;
}

/* Is the statement at loc inside an if of non-constant condition? */
static int
under_if(const Func *in, Loc loc)
{
	const Stmt *path[64];
	int d;
	int64_t v;
	if (!pass_stmt_at(in->body, loc, path, &d, 64))
		return 0;
	for (int i = 0; i < d; i++)
		if (path[i]->kind == ST_IF && !pass_fold_const(path[i]->u.if_.cond, &v))
			return 1;
	return 0;
}

static const char *
extra_fence_cause(const Func *in, const ProxyStateOptions *opt, const Stmt *x, Arena *a, int sources)
{
	Ctx c = {.opt = opt};
	if (pass_in_dead_loop(in->body, x->loc))
		return "zero- or one-trip loop: a constant extent of 0 or 1 counted as any trip count";
	if (!probe_run(in, opt, x, NULL, NULL, EXACT_ZERO_TRIP).fence)
		return "zero- or one-trip loop: a constant extent of 0 or 1 counted as any trip count";
	if (!probe_run(in, opt, x, NULL, NULL, EXACT_ONE_TRIP).fence)
		return "zero- or one-trip loop: a constant extent of 0 or 1 counted as any trip count";
	if (!probe_run(in, opt, x, NULL, NULL, EXACT_CONST_IF).fence)
		return "constant condition: a branch or while loop never taken counted";
	if (fences_first(&c, x))
		return "hoist: a fence before a pure-async region that fences first itself";
	if (!sources)
		return NULL;
	const Stmt **gs = malloc(sizeof *gs * MAX_SOURCES);
	if (!gs)
		abort();
	int n = 0;
	collect_generic(&c, in->body, gs, &n);
	const char *r = NULL;
	const Stmt *g = NULL;
	/* One source alone to blame, then the first source that alone fences. */
	for (int i = 0; i < n && !g; i++)
		if (!probe_run(in, opt, x, gs[i], NULL, 0).fence)
			g = gs[i];
	for (int i = 0; i < n && !g; i++)
		if (probe_run(in, opt, x, NULL, gs[i], 0).fence)
			g = gs[i];
	/* A shared store is a write, so a fence after it that is not needed
	 * has no path from it that a thread takes: the engine counts both arms
	 * of every if possible, with no relation between conditions (tx == 0
	 * inside tx >= 128). */
	if ((!g || g->kind == ST_STORE) && (under_if(in, x->loc) || (g && under_if(in, g->loc))))
		r = "branch conditions not correlated: every arm of an if counted possible";
	else if (g)
		r = source_label(opt, g, a);
	free(gs);
	return r;
}

static const char *
unfenced_cause(const Func *in, const PassQuery *q, const ProxyStateOptions *opt, Arena *a)
{
	if (q->nsteps < 2)
		return UNKNOWN;
	const PassStep *w = &q->steps[0], *x = &q->steps[q->nsteps - 1];
	const Stmt *as = pass_stmt_at(in->body, x->loc, NULL, NULL, 0);
	const Stmt *ws = pass_stmt_at(in->body, w->loc, NULL, NULL, 0);
	if (!as || !ws)
		return UNKNOWN;
	char aop[96], wop[96];
	pass_step_op(x->what, aop, sizeof aop);
	pass_step_op(w->what, wop, sizeof wop);
	Ctx c = {.opt = opt};
	const char *aname = pass_call_name(as);
	if (!aname)
		return pass_label(a, "async op unseen: inside a %s (only call statements are classified)",
		                  pass_header_name(as));
	if (strcmp(aname, aop))
		return "async op unseen: nested in a call (only the outermost call is classified)";
	if (classify_eval(&c, as) != EV_ASYNC)
		return async_set_label(opt, aop, a);
	int is_store = ws->kind == ST_STORE && !strcmp(wop, "store");
	int seen = is_store ? is_shared_store(&c, ws)
	           : ws->kind == ST_EVAL && pass_call_name(ws) && !strcmp(pass_call_name(ws), wop)
	               ? classify_eval(&c, ws) == EV_GENERIC
	               : 0;
	if (!seen) {
		if (q->question == PASS_Q_UNFENCED_READ)
			return "generic read unseen: reads are no event (no fence for WAR)";
		if (is_store)
			return pass_label(a, "generic write unseen: store into scope %s",
			                  ir_buffer_scope(ws->u.store.buf));
		if (ws->kind == ST_EVAL && pass_call_name(ws) && !strcmp(pass_call_name(ws), wop))
			return "generic write unseen: a call writing without a write access pointer";
		return pass_label(a, "generic write unseen: call inside a %s", pass_header_name(ws));
	}
	Probe p = probe_run(in, opt, as, NULL, NULL, 0);
	if (!p.hit)
		return UNKNOWN;
	if (p.fence)
		return NULL; /* the engine fences here: not its rule */
	if (probe_run(in, opt, as, NULL, NULL, EXACT_ZERO_TRIP).state & S_GENERIC)
		return "zero-trip loop: a negative extent counted as running once";
	return "state lost: Generic not in the state at the async op";
}

const char *
pass_proxy_state_explain(const Func *in, const PassQuery *q, const ProxyStateOptions *opt,
                         Arena *a, int *blameless)
{
	*blameless = 0;
	const char *r = UNKNOWN;
	if (!in->body)
		return NULL;
	switch (q->question) {
	case PASS_Q_UNFENCED_WRITE:
	case PASS_Q_UNFENCED_READ:
		r = unfenced_cause(in, q, opt, a);
		break;
	case PASS_Q_EXTRA_FENCE: {
		const Stmt *x = pass_stmt_at(in->body, q->at, NULL, NULL, 0);
		if (!x)
			break;
		if (!probe_run(in, opt, x, NULL, NULL, 0).fence) {
			r = NULL;
			break;
		}
		r = extra_fence_cause(in, opt, x, a, 1);
		if (!r)
			r = "extra fence: Generic possible from several sources";
		break;
	}
	case PASS_Q_ALIAS_FENCE:
		r = "footprints not compared: any shared access counts";
		break;
	case PASS_Q_PLACEMENT:
		/* Where the engine puts a fence is one rule: right before the async
		 * op, or once before an if/loop whose region is pure async. */
		r = "placement: a fence before each async op, hoisted only out of pure-async regions";
		break;
	case PASS_Q_NOT_PRESERVED: {
		const Stmt *x = pass_stmt_at(in->body, q->at, NULL, NULL, 0);
		if (!x)
			break;
		if (x->kind == ST_FOR && x->u.for_.step && !opt->keep_loop_steps)
			r = "loop step dropped: For rebuilt without its step";
		else
			r = NULL;
		break;
	}
	case PASS_Q_HANDSHAKE:
		r = "no tma_store handshake inserted: arrive/wait left to the copy lowering";
		break;
	default:
		break;
	}
	if (!r)
		*blameless = 1;
	return r == UNKNOWN ? NULL : r;
}
