/* pass_tilelang_legacy.c: TileLang's tl.InjectFenceProxy at commit a60d619,
 * the version before the #1863 refactor.  docs/semantics.md §4.3 has the rules; checked
 * against the 400 golden outputs of the real compiled legacy pass
 * (corpus/golden-tilelang/pNNNNN.legacy.py, tests/golden_tilelang.c).
 *
 * Requires: a well-formed Func.  Does, as upstream's two mutators in turn:
 * 1. TMAStoreSyncInjector: every call statement tma_store(...) anywhere
 *    becomes tma_store(...); tma_store_arrive(); tma_store_wait(), even when
 *    the program already has the handshake right after it (it then appears
 *    twice).
 * 2. ProxyFenceInjector: every statement gets a proxy kind (unknown, generic,
 *    async, mixed, neutral): a fence call is neutral; a call statement whose
 *    op is async in the LEG column of ops.h (tma_store, tma_store_arrive,
 *    tma_store_wait, ptx_wgmma_ss/rs, ptx_tcgen05_mma_ss/ts, tl_gemm,
 *    tl_gemm_sp) is async; every other Evaluate is generic (including
 *    T.evaluate of a non-call, as upstream's default); every buffer store is
 *    generic, whatever the scope.  Compound statements take the combination
 *    of their children (unknown and neutral ignored, equal kinds stay, two
 *    different kinds make mixed): if (then, and else when present), for,
 *    while, let, assert, attr and launch_thread (AttrStmt), block take their
 *    bodies'.  Allocate and DeclBuffer have no handler upstream: their kind
 *    stays unknown although their bodies are rewritten.  A tma_store expanded
 *    in step 1 is one item of kind async (upstream nests the new SeqStmt;
 *    ir_seq flattens it here, which prints and compares the same).
 *    Inside each sequence, a fence is inserted between two consecutive items
 *    when the previous one is generic and the current one async; nothing
 *    else ever fences.
 *
 * Quirks kept on purpose: no state crosses a loop back edge, a branch or a
 * compound-statement boundary, so a statement after `x = T.decl_buffer(...)`
 * or `T.launch_thread(...)` (the body of that node) is never fenced against
 * what precedes that line; tma_load and ptx_cp_async_bulk are generic, not
 * async; shared-ness is never looked at; mixed statements never fence.
 * Loop steps are kept: the pass used the default StmtMutator, which rebuilds
 * a For with all its fields (the golden data has no stepped loop).
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "opclass.h"
#include "pass.h"

typedef enum { K_UNKNOWN, K_GENERIC, K_ASYNC, K_MIXED, K_NEUTRAL } Kind;

static Kind
combine(Kind a, Kind b)
{
	if (a == K_UNKNOWN)
		return b;
	if (b == K_UNKNOWN)
		return a;
	if (a == K_NEUTRAL)
		return b;
	if (b == K_NEUTRAL)
		return a;
	return a == b ? a : K_MIXED;
}

static int
needs_fence(Kind prev, Kind cur)
{
	return prev == K_GENERIC && cur == K_ASYNC;
}

static Kind
eval_kind(const Stmt *s)
{
	const Expr *v = s->u.eval.value;
	if (!v || v->kind != EX_CALL)
		return K_GENERIC;
	int op = op_lookup(v->u.call.name);
	switch (op >= 0 && op < OP_COUNT ? op_table[op].legacy : PX_GENERIC) {
	case PX_NEUTRAL: return K_NEUTRAL;
	case PX_ASYNC: return K_ASYNC;
	default: return K_GENERIC;
	}
}

typedef struct Ctx {
	Arena *a;
	Stmt **stack;   /* sequences being rebuilt, innermost on top */
	size_t top, cap;
} Ctx;

enum { FENCE, ARRIVE, WAIT };

static const char *const made_names[] = {"fence_proxy_async", "tma_store_arrive", "tma_store_wait"};

/* Fresh nodes each time: no two places of a program share a node, so
 * later stages may tell statements and expressions apart by pointer. */
static Stmt *
made_stmt(Ctx *c, int which)
{
	return ir_eval(c->a, ir_call(c->a, made_names[which], NULL, 0));
}

static void
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

static Stmt *walk(Ctx *c, Stmt *s, Kind *kind);

/* The only place a fence is ever inserted.  A rebuilt sequence grows on
 * c->stack above the ones enclosing it and is copied into the arena once. */
static Stmt *
walk_seq(Ctx *c, Stmt *s, Kind *kind)
{
	int n = s->u.seq.n, changed = 0;
	Stmt **items = s->u.seq.items;
	size_t base = c->top;
	Kind seq_kind = K_UNKNOWN, prev = K_UNKNOWN;
	for (int i = 0; i < n; i++) {
		Kind k;
		Stmt *r = walk(c, items[i], &k);
		int fence = i > 0 && needs_fence(prev, k);
		if ((r != items[i] || fence) && !changed) {
			for (int j = 0; j < i; j++)
				push(c, items[j]);
			changed = 1;
		}
		if (changed) {
			if (fence)
				push(c, made_stmt(c, FENCE));
			push(c, r);
		}
		seq_kind = combine(seq_kind, k);
		prev = k;
	}
	*kind = seq_kind;
	if (!changed)
		return s;
	Stmt *r = ir_seq(c->a, c->stack + base, (int)(c->top - base));
	c->top = base;
	return r;
}

static Stmt *
walk_body(Ctx *c, Stmt *s, Stmt *body, Kind *kind)
{
	Stmt *r = walk(c, body, kind);
	return r != body ? ir_with_body(c->a, s, r) : s;
}

static Stmt *
walk(Ctx *c, Stmt *s, Kind *kind)
{
	*kind = K_UNKNOWN;
	if (!s)
		return NULL;
	switch (s->kind) {
	case ST_SEQ:
		return walk_seq(c, s, kind);
	case ST_EVAL:
		*kind = eval_kind(s);
		if (ir_stmt_is_call(s, "tma_store")) {
			/* Step 1 (TMAStoreSyncInjector): one item, the combination of
			 * the three kinds. */
			Stmt *items[3] = {s, made_stmt(c, ARRIVE), made_stmt(c, WAIT)};
			for (int i = 1; i < 3; i++)
				*kind = combine(*kind, eval_kind(items[i]));
			return ir_seq(c->a, items, 3);
		}
		return s;
	case ST_STORE:
		*kind = K_GENERIC;
		return s;
	case ST_IF: {
		Kind then_kind, else_kind = K_UNKNOWN;
		Stmt *t = walk(c, s->u.if_.then_, &then_kind);
		Stmt *e = s->u.if_.else_ ? walk(c, s->u.if_.else_, &else_kind) : NULL;
		*kind = s->u.if_.else_ ? combine(then_kind, else_kind) : then_kind;
		if (t == s->u.if_.then_ && e == s->u.if_.else_)
			return s;
		Stmt *r = ir_copy_stmt(c->a, s);
		r->u.if_.then_ = t;
		r->u.if_.else_ = e;
		return r;
	}
	case ST_ALLOC:
	case ST_DECL: {
		/* No handler upstream: the body is rewritten, the node's own kind
		 * stays unknown. */
		Kind ignored;
		Stmt *r = walk_body(c, s, ir_body(s), &ignored);
		*kind = K_UNKNOWN;
		return r;
	}
	default: /* for, while, let, assert, attr, launch_thread, block: the body's kind */
		return walk_body(c, s, ir_body(s), kind);
	}
}

static Func *
run(const Func *in, Arena *a)
{
	Ctx c = {.a = a};
	Kind k;
	Stmt *body = walk(&c, in->body, &k);
	free(c.stack);
	return ir_func_with_body(a, in, body);
}

/* ---- explanation (PassModel.explain) ------------------------------------------ */

/* Legacy keeps no state: it fences only between two adjacent items of one
 * sequence, the first of kind generic and the second of kind async.  So the
 * rule to blame for a missing fence is the kind of the async op, of the
 * generic access, or the way the two lie apart in the tree: items apart,
 * an item between them, a compound of mixed kind around one of them, a
 * declaration (no kind) in front of the async op, a loop back edge. */

enum { PATH_MAX_DEPTH = 64 };

static Kind
stmt_kind(const Stmt *s)
{
	Ctx c = {.a = ar_new()};
	Kind k;
	walk(&c, (Stmt *)s, &k);
	free(c.stack);
	ar_free(c.a);
	return k;
}

static int
is_decl(const Stmt *s)
{
	return s->kind == ST_DECL || s->kind == ST_ALLOC;
}

static int
const_extent(const Stmt *s, int64_t *v)
{
	return s->kind == ST_FOR && ir_is_const_int(s->u.for_.extent, v);
}

static int
is_async_op(const void *ctx, int op)
{
	return op_table[op].legacy == PX_ASYNC;
}

/* Why item s (kind generic) counts as generic in front of a fence. */
static const char *
generic_item_label(const Stmt *s, Arena *a, int depth)
{
	int64_t ext;
	if (depth > PATH_MAX_DEPTH)
		return "generic kind: every store and call statement counts (scopes and ops not looked at)";
	if (const_extent(s, &ext) && ext == 0)
		return "zero- or one-trip loop: a constant extent of 0 or 1 counted as any trip count";
	switch (s->kind) {
	case ST_STORE:
	case ST_EVAL: {
		const char *name = pass_call_name(s);
		if (pass_is_async_family(name))
			return pass_async_set_label(name, is_async_op, NULL, a);
		return "generic kind: every store and call statement counts (scopes and ops not looked at)";
	}
	case ST_SEQ:
		for (int i = s->u.seq.n - 1; i >= 0; i--)
			if (stmt_kind(s->u.seq.items[i]) == K_GENERIC)
				return generic_item_label(s->u.seq.items[i], a, depth + 1);
		return "generic kind: every store and call statement counts (scopes and ops not looked at)";
	case ST_IF:
		return generic_item_label(stmt_kind(s->u.if_.then_) == K_GENERIC || !s->u.if_.else_
		                              ? s->u.if_.then_
		                              : s->u.if_.else_,
		                          a, depth + 1);
	default:
		return ir_body(s) ? generic_item_label(ir_body(s), a, depth + 1)
		                  : "generic kind: every store and call statement counts (scopes and ops not looked at)";
	}
}

/* Item index of child in sequence seq, -1 if not an item. */
static int
item_index(const Stmt *seq, const Stmt *child)
{
	for (int i = 0; i < seq->u.seq.n; i++)
		if (seq->u.seq.items[i] == child)
			return i;
	return -1;
}

static const char *
unfenced_cause(const Func *in, const PassQuery *q, Arena *a)
{
	if (q->nsteps < 2)
		return NULL;
	const PassStep *w = &q->steps[0], *x = &q->steps[q->nsteps - 1];
	const Stmt *pw[PATH_MAX_DEPTH], *pa[PATH_MAX_DEPTH];
	int dw, da;
	const Stmt *ws = pass_stmt_at(in->body, w->loc, pw, &dw, PATH_MAX_DEPTH);
	const Stmt *as = pass_stmt_at(in->body, x->loc, pa, &da, PATH_MAX_DEPTH);
	if (!ws || !as)
		return NULL;
	char aop[96], wop[96];
	pass_step_op(x->what, aop, sizeof aop);
	pass_step_op(w->what, wop, sizeof wop);
	const char *aname = pass_call_name(as);
	if (!aname)
		return pass_label(a, "async op unseen: inside a %s (only call statements are classified)",
		                  pass_header_name(as));
	if (strcmp(aname, aop))
		return "async op unseen: nested in a call (only the outermost call is classified)";
	if (eval_kind(as) != K_ASYNC)
		return pass_async_set_label(aop, is_async_op, NULL, a);
	const char *access = q->question == PASS_Q_UNFENCED_READ ? "read" : "write";
	if (ws->kind != ST_EVAL && ws->kind != ST_STORE)
		return pass_label(a, "generic %s unseen: call inside a %s", access, pass_header_name(ws));
	if (ws->kind == ST_EVAL && eval_kind(ws) != K_GENERIC)
		return pass_label(a, "generic %s unseen: inside an async call", access);
	/* The deepest sequence holding both, and the items they lie in. */
	int k = 0;
	while (k < dw && k < da && pw[k] == pa[k])
		k++;
	const Stmt *iw = k < dw ? pw[k] : ws, *ia = k < da ? pa[k] : as;
	const Stmt *l = k ? pw[k - 1] : NULL;
	if (!l || l->kind != ST_SEQ)
		return "state lost at a loop back edge";
	int i = item_index(l, iw), j = item_index(l, ia);
	if (i < 0 || j < 0)
		return NULL;
	if (i > j)
		return "state lost at a loop back edge";
	if (is_decl(ia))
		return "state lost at a decl_buffer or allocate line (no kind)";
	if (stmt_kind(ia) != K_ASYNC)
		return "state lost: a compound of mixed kind never fences";
	const Stmt *prev = l->u.seq.items[j - 1];
	Kind pk = stmt_kind(prev);
	if (pk == K_GENERIC)
		return NULL; /* legacy fences before item j */
	if (is_decl(prev))
		return "state lost at a decl_buffer or allocate line (no kind)";
	if (pk == K_MIXED)
		return "state lost: a compound of mixed kind never fences";
	return "state lost: only adjacent items are compared";
}

static const char *
explain(const PassModel *m, const Func *in, const Func *out, const PassQuery *q, Arena *a)
{
	if (!in->body)
		return NULL;
	switch (q->question) {
	case PASS_Q_UNFENCED_WRITE:
	case PASS_Q_UNFENCED_READ:
		return unfenced_cause(in, q, a);
	case PASS_Q_ALIAS_FENCE:
		return "footprints not compared: any shared access counts";
	case PASS_Q_NOT_IDEMPOTENT:
		return "tma_store handshake added again on every run";
	case PASS_Q_HANDSHAKE: {
		const Stmt *s = q->nsteps ? pass_stmt_at(in->body, q->steps[0].loc, NULL, NULL, 0) : NULL;
		if (!s || ir_stmt_is_call(s, "tma_store"))
			return NULL;
		return pass_label(a, "tma_store handshake unseen: tma_store inside a %s", pass_header_name(s));
	}
	case PASS_Q_PLACEMENT:
		return "placement: a fence between two adjacent items, never hoisted";
	case PASS_Q_EXTRA_FENCE: {
		const Stmt *path[PATH_MAX_DEPTH];
		int d;
		const Stmt *x = pass_stmt_at(in->body, q->at, path, &d, PATH_MAX_DEPTH);
		if (!x || !d || path[d - 1]->kind != ST_SEQ)
			return NULL;
		if (pass_in_dead_loop(in->body, q->at) || (x->kind == ST_FOR && pass_never_runs(x)))
			return "zero- or one-trip loop: a constant extent of 0 or 1 counted as any trip count";
		if (x->kind == ST_WHILE && pass_never_runs(x))
			return "constant condition: a branch or while loop never taken counted";
		int j = item_index(path[d - 1], x);
		if (j <= 0)
			return NULL;
		const Stmt *prev = path[d - 1]->u.seq.items[j - 1];
		if (stmt_kind(prev) != K_GENERIC)
			return NULL;
		return generic_item_label(prev, a, 0);
	}
	default:
		return NULL;
	}
}

const PassModel pass_tilelang_legacy = {
	.name = "tilelang-legacy",
	.summary = "TileLang a60d619 (before #1863): per-sequence kinds, fence only between adjacent "
	           "generic->async items, adds tma_store arrive/wait",
	.run = run,
	.explain = explain,
	.versions = VV_LEGACY,
};
