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
	int op = v->u.call.op;
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
	case ST_FOR: return walk_body(c, s, s->u.for_.body, kind);
	case ST_WHILE: return walk_body(c, s, s->u.while_.body, kind);
	case ST_LET: return walk_body(c, s, s->u.let.body, kind);
	case ST_ASSERT: return walk_body(c, s, s->u.assert_.body, kind);
	case ST_ATTR: return walk_body(c, s, s->u.attr.body, kind);
	case ST_LAUNCH: return walk_body(c, s, s->u.launch.body, kind);
	case ST_BLOCK: return walk_body(c, s, s->u.block.body, kind);
	case ST_ALLOC:
	case ST_DECL: {
		/* No handler upstream: the body is rewritten, the node's own kind
		 * stays unknown. */
		Kind ignored;
		Stmt *body = s->kind == ST_ALLOC ? s->u.alloc.body : s->u.decl.body;
		Stmt *r = walk_body(c, s, body, &ignored);
		*kind = K_UNKNOWN;
		return r;
	}
	}
	return s;
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

const PassModel pass_tilelang_legacy = {
	.name = "tilelang-legacy",
	.summary = "TileLang a60d619 (before #1863): per-sequence kinds, fence only between adjacent "
	           "generic->async items, adds tma_store arrive/wait",
	.run = run,
	.versions = VV_LEGACY,
};
