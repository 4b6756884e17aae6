/* verify.c: the IR invariants every reader result and pass output must meet.
 *
 * Checks, in one linear walk: required children present; ST_SEQ has >= 2
 * items and no ST_SEQ directly inside; every var use is in the scope of a
 * definition (params, free vars, env threads, let/for/launch/alloc vars,
 * data vars of buffers that define their own); every buffer used is
 * declared (param, match, decl in scope, block or root alloc) or an alias
 * whose own fields are in scope at the use; loop kinds valid, thread
 * bindings carry a thread; literals carry dtypes; call names non-empty;
 * slices only as load/store indices; statement nesting and expression
 * nesting each within IR_MAX_DEPTH (the printer, equality and the pass
 * models recurse on both).
 *
 * Reports the first problem only, with the node's location.  Never recurses
 * deeper than the bound it checks, so it is safe on any tree.
 *
 * Subtrees verified before are not checked again (the memo below): a
 * pass's output shares most of its statements with its input, which was
 * verified when it was read.
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ptrmap.h"
#include "verify.h"

/* ---- scope counts ------------------------------------------------------------
 * Var or Buffer -> the number of enclosing definitions, looked up at every
 * use: an open-addressing map probed inline (linear probing, load factor at
 * most 1/2). */
typedef struct ScopeSlot {
	const void *key;
	intptr_t count;
} ScopeSlot;

typedef struct Scope {
	ScopeSlot *slot;
	size_t cap, n;
} Scope; /* zero-initialised = empty */

static inline intptr_t
scope_count(const Scope *m, const void *k)
{
	if (!m->cap)
		return 0;
	for (size_t i = pm_hash_slot(k, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (m->slot[i].key == k)
			return m->slot[i].count;
		if (!m->slot[i].key)
			return 0;
	}
}

static void
scope_add(Scope *m, const void *k, intptr_t d)
{
	if ((m->n + 1) * 2 > m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 64;
		ScopeSlot *slot = calloc(cap, sizeof *slot);
		if (!slot)
			abort();
		for (size_t i = 0; i < m->cap; i++) {
			if (!m->slot[i].key)
				continue;
			size_t j = pm_hash_slot(m->slot[i].key, cap);
			while (slot[j].key)
				j = (j + 1) & (cap - 1);
			slot[j] = m->slot[i];
		}
		free(m->slot);
		m->slot = slot;
		m->cap = cap;
	}
	size_t i = pm_hash_slot(k, m->cap);
	while (m->slot[i].key && m->slot[i].key != k)
		i = (i + 1) & (m->cap - 1);
	if (!m->slot[i].key) {
		m->slot[i].key = k;
		m->n++;
	}
	m->slot[i].count += d;
}

/* ---- memo of verified statements ----------------------------------------------
 * What the checks of a statement's subtree find depends on nothing outside
 * it but the definitions in scope (vars and buffers, counted), its nesting
 * depth and the tags of env-thread launches (checked against the
 * function's other launches).  So a subtree that passed under one chain of
 * enclosing definitions passes again under the same chain at no greater
 * depth, unless it launches an env thread.
 *
 * Chains are interned as frames: frame 0 is the empty chain, and (parent
 * frame, Var or Buffer defined) gets one number per memo, so equal chains
 * have equal numbers.  The first program verified in an arena that passes
 * leaves the memo in the arena (ar_side): its statements in preorder, each
 * with its frame, depth and where its subtree's entries end; only
 * statements in that arena's own memory, which outlive the memo and never
 * change (nodes are immutable), so an entry's pointer always means the same
 * node.  Consecutive leaf items of a sequence (calls and stores: no body, so
 * no definitions and no launches) take one entry between them, a run: the
 * place of the first in the sequence's item array (in the arena too), how
 * many, and the frame and depth they share.  A big program is mostly such
 * runs, so the memo is a few entries where it was one per statement.
 * Programs verified later in the arena (a pass's output) look each
 * statement up at a cursor that follows the recorded order (a window of
 * MEMO_LOOK entries, and of MEMO_LOOK items within a run, since a pass
 * inserts and rebuilds statements) and skip the subtrees found under the
 * same frame at no greater depth.  Builds with assertions check those
 * subtrees anyway and assert that they pass. */
enum { MEMO_LOOK = 32 };

typedef struct MemoStmt {
	const void *p;  /* the statement; a run: &items[first] of its sequence */
	int frame, end; /* end: index after the last entry of the subtree; a run: its length */
	int sdepth;
	unsigned char env, seq, run; /* env: launches an env thread; seq: an ST_SEQ */
} MemoStmt;

typedef struct MemoFrame {
	const void *def;
	int parent, id; /* id 0: an empty slot */
} MemoFrame;

typedef struct Memo {
	MemoStmt *st;
	int n, cap;
	MemoFrame *fr;
	size_t fcap, fn;
} Memo;

static void
memo_free(void *p)
{
	Memo *m = p;
	if (!m)
		return;
	free(m->st);
	free(m->fr);
	free(m);
}

static size_t
frame_slot(int parent, const void *def, size_t cap)
{
	uint64_t h = ((uint64_t)(uintptr_t)def ^ (uint64_t)parent * 0x9e3779b97f4a7c15ULL) *
	             0xff51afd7ed558ccdULL;
	return (size_t)(h >> 20) & (cap - 1);
}

/* The frame of chain `parent` followed by def. */
static int
memo_frame(Memo *m, int parent, const void *def)
{
	if ((m->fn + 1) * 2 > m->fcap) {
		size_t cap = m->fcap ? m->fcap * 2 : 256;
		MemoFrame *fr = calloc(cap, sizeof *fr);
		if (!fr)
			abort();
		for (size_t i = 0; i < m->fcap; i++) {
			if (!m->fr[i].id)
				continue;
			size_t j = frame_slot(m->fr[i].parent, m->fr[i].def, cap);
			while (fr[j].id)
				j = (j + 1) & (cap - 1);
			fr[j] = m->fr[i];
		}
		free(m->fr);
		m->fr = fr;
		m->fcap = cap;
	}
	size_t j = frame_slot(parent, def, m->fcap);
	for (; m->fr[j].id; j = (j + 1) & (m->fcap - 1))
		if (m->fr[j].def == def && m->fr[j].parent == parent)
			return m->fr[j].id;
	m->fr[j] = (MemoFrame){def, parent, (int)++m->fn};
	return m->fr[j].id;
}

/* ---- verifier state ------------------------------------------------------------ */

typedef struct Vf {
	Diag *d;
	int failed;
	Scope vars; /* Var -> number of enclosing definitions */
	Scope bufs; /* Buffer -> number of enclosing declarations */
	PtrMap checking; /* alias Buffer -> 1 while its fields are checked */
	PtrMap env_tags; /* env thread Var -> tag of its first launch */
	const Func *f;
	int sdepth, edepth;
	/* The memo (NULL: none): recorded into (rec) or looked up (cursor). */
	Memo *memo;
	Arena *own;  /* rec: the arena whose statements are recorded */
	int rec, cursor;
	int ri;      /* the cursor's entry is a run: the index of its next item */
	int frame;   /* the chain of definitions in scope */
	int envs;    /* env-thread launches met */
} Vf;

static void fail(Vf *V, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static void
fail(Vf *V, Loc loc, const char *fmt, ...)
{
	if (V->failed)
		return;
	V->failed = 1;
	V->d->line = loc.line;
	V->d->col = loc.col;
	int n = snprintf(V->d->msg, sizeof V->d->msg, "IR verifier: in %s: ",
	                 V->f && V->f->name ? V->f->name : "?");
	if (n < 0 || (size_t)n >= sizeof V->d->msg)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(V->d->msg + n, sizeof V->d->msg - (size_t)n, fmt, ap);
	va_end(ap);
}

static const Loc noloc = {0, 0};

static int
empty(const char *s)
{
	return !s || !*s;
}

static void
def_var(Vf *V, const Var *v, Loc loc)
{
	if (!v) {
		fail(V, loc, "missing variable");
		return;
	}
	if (empty(v->name) || empty(v->dtype))
		fail(V, loc, "variable without a name or dtype");
	scope_add(&V->vars, v, 1);
	if (V->memo)
		V->frame = memo_frame(V->memo, V->frame, v);
}

static void
undef_var(Vf *V, const Var *v)
{
	if (v)
		scope_add(&V->vars, v, -1);
}

static inline void
use_var(Vf *V, const Var *v, Loc loc)
{
	if (!v) {
		fail(V, loc, "missing variable");
		return;
	}
	if (scope_count(&V->vars, v) <= 0)
		fail(V, loc, "variable '%s' used outside the scope of its definition",
		     v->name ? v->name : "?");
}

static void check_expr(Vf *V, const Expr *e, Loc loc, int as_index);
static void check_stmt(Vf *V, const Stmt *s, Loc loc);
static void check_node(Vf *V, const Stmt *s, Loc outer);
static int memo_skip(Vf *V, const Stmt *s, Loc outer, int not_seq, const Stmt *next);
static void record_item(Vf *V, Stmt *const *items, int i, Loc outer);

/* check_expr of an expression without children (a literal, a string, a
 * var: most of a program's nodes), inline and making the same checks: 1
 * when done, 0 when e has children or its depth is at the bound (then
 * check_expr does it). */
static inline int
check_leaf(Vf *V, const Expr *e, Loc outer)
{
	if (V->failed)
		return 1;
	if (V->edepth >= IR_MAX_DEPTH)
		return 0;
	switch (e->kind) {
	case EX_INT:
	case EX_FLOAT:
		if (empty(ir_expr_dtype(e)))
			fail(V, e->loc.line ? e->loc : outer, "literal without a dtype");
		return 1;
	case EX_STR:
		if (!e->u.s)
			fail(V, e->loc.line ? e->loc : outer, "missing string");
		return 1;
	case EX_POD_BOOL:
	case EX_NONE:
		return 1;
	case EX_VAR:
		use_var(V, e->u.var, e->loc.line ? e->loc : outer);
		return 1;
	default:
		return 0;
	}
}

static inline void
check_opt(Vf *V, const Expr *e, Loc loc)
{
	if (e && !check_leaf(V, e, loc))
		check_expr(V, e, loc, 0);
}

static inline void
check_req(Vf *V, const Expr *e, Loc loc, const char *what)
{
	if (!e)
		fail(V, loc, "missing %s", what);
	else if (!check_leaf(V, e, loc))
		check_expr(V, e, loc, 0);
}

/* A buffer's fields, as uses at its declaration (or, for an alias, at each
 * use: its line is printed just before the first one). */
static void
check_buffer_fields(Vf *V, const Buffer *b, Loc loc)
{
	if (empty(b->name) || empty(b->dtype))
		fail(V, loc, "buffer without a name or dtype");
	if (b->ndim < 0 || (b->ndim > 0 && !b->shape))
		fail(V, loc, "buffer '%s' has no shape", b->name ? b->name : "?");
	for (int i = 0; !V->failed && i < b->ndim; i++)
		check_req(V, b->shape[i], loc, "buffer shape entry");
	check_opt(V, b->strides, loc);
	check_opt(V, b->elem_offset, loc);
	check_opt(V, b->align, loc);
	check_opt(V, b->offset_factor, loc);
	check_opt(V, b->buffer_type, loc);
	check_opt(V, b->axis_separators, loc);
	check_opt(V, b->match_source, loc);
	if (b->data && b->data->owner != b)
		use_var(V, b->data, loc);
}

/* Declares b in the current scope, with the data var it owns. */
static void
declare_buf(Vf *V, const Buffer *b, Loc loc)
{
	if (!b) {
		fail(V, loc, "missing buffer");
		return;
	}
	check_buffer_fields(V, b, loc);
	if (b->kind == BUF_ALIAS)
		fail(V, loc, "alias buffer '%s' declared by a node", b->name ? b->name : "?");
	if (b->data && b->data->owner == b)
		def_var(V, b->data, loc);
	scope_add(&V->bufs, b, 1);
	if (V->memo)
		V->frame = memo_frame(V->memo, V->frame, b);
}

static void
undeclare_buf(Vf *V, const Buffer *b)
{
	if (!b)
		return;
	if (b->data && b->data->owner == b)
		undef_var(V, b->data);
	scope_add(&V->bufs, b, -1);
}

/* A use of alias b: its own fields are checked here. */
static void
use_alias(Vf *V, const Buffer *b, Loc loc)
{
	if (!b->data)
		fail(V, loc, "alias buffer '%s' without data", b->name ? b->name : "?");
	if (pm_get(&V->checking, b)) {
		fail(V, loc, "alias buffer '%s' defined in terms of itself", b->name ? b->name : "?");
		return;
	}
	/* Its fields print on a line of their own: their depth starts over. */
	int edepth = V->edepth;
	V->edepth = 0;
	pm_put(&V->checking, b, (void *)1);
	check_buffer_fields(V, b, loc);
	pm_put(&V->checking, b, NULL);
	V->edepth = edepth;
}

static inline void
use_buf(Vf *V, const Buffer *b, Loc loc)
{
	if (!b) {
		fail(V, loc, "missing buffer");
		return;
	}
	if (b->kind == BUF_ALIAS) {
		use_alias(V, b, loc);
		return;
	}
	if (scope_count(&V->bufs, b) <= 0)
		fail(V, loc, "buffer '%s' used outside the scope of its declaration",
		     b->name ? b->name : "?");
}

static void
check_exprs(Vf *V, Expr *const *e, int n, Loc loc, const char *what, int as_index)
{
	if (n < 0 || (n > 0 && !e)) {
		fail(V, loc, "bad %s list", what);
		return;
	}
	for (int i = 0; !V->failed && i < n; i++) {
		if (!e[i])
			fail(V, loc, "missing %s", what);
		else if (!check_leaf(V, e[i], loc))
			check_expr(V, e[i], loc, as_index);
	}
}

static void
check_expr(Vf *V, const Expr *e, Loc outer, int as_index)
{
	if (V->failed)
		return;
	Loc loc = e->loc.line ? e->loc : outer;
	if (++V->edepth > IR_MAX_DEPTH) {
		fail(V, loc, "expression nesting deeper than %d", IR_MAX_DEPTH);
		V->edepth--;
		return;
	}
	switch (e->kind) {
	case EX_INT:
	case EX_FLOAT:
		if (empty(ir_expr_dtype(e)))
			fail(V, loc, "literal without a dtype");
		break;
	case EX_STR:
		if (!e->u.s)
			fail(V, loc, "missing string");
		break;
	case EX_POD_BOOL:
	case EX_NONE:
		break;
	case EX_VAR:
		use_var(V, e->u.var, loc);
		break;
	case EX_BUF:
		use_buf(V, e->u.buf, loc);
		break;
	case EX_BIN:
		if ((unsigned)e->u.bin.op > BIN_OR)
			fail(V, loc, "bad binary operator %d", (int)e->u.bin.op);
		check_req(V, e->u.bin.a, loc, "operand");
		check_req(V, e->u.bin.b, loc, "operand");
		break;
	case EX_NOT:
		check_req(V, e->u.operand, loc, "operand");
		break;
	case EX_CALL:
		if (empty(e->u.call.name))
			fail(V, loc, "call without a name");
		check_exprs(V, e->u.call.args, e->u.call.nargs, loc, "call argument", 0);
		if (e->u.call.nkw < 0 || (e->u.call.nkw > 0 && (!e->u.call.kwnames || !e->u.call.kwargs))) {
			fail(V, loc, "bad keyword arguments");
			break;
		}
		for (int i = 0; !V->failed && i < e->u.call.nkw; i++)
			if (empty(e->u.call.kwnames[i]))
				fail(V, loc, "keyword argument without a name");
		if (e->u.call.nkw > 0) /* no kwargs member without keywords (ir.h) */
			check_exprs(V, e->u.call.kwargs, e->u.call.nkw, loc, "keyword argument", 0);
		break;
	case EX_LOAD:
		use_buf(V, e->u.load.buf, loc);
		check_exprs(V, e->u.load.idx, e->u.load.nidx, loc, "index", 1);
		break;
	case EX_SLICE:
		if (!as_index)
			fail(V, loc, "slice outside a load or store index");
		check_req(V, e->u.slice.begin, loc, "slice begin");
		check_req(V, e->u.slice.end, loc, "slice end");
		check_opt(V, e->u.slice.step, loc);
		break;
	case EX_TUPLE:
	case EX_LIST:
		check_exprs(V, e->u.list.items, e->u.list.n, loc, "item", 0);
		break;
	case EX_DICT:
		check_exprs(V, e->u.dict.keys, e->u.dict.n, loc, "dict key", 0);
		check_exprs(V, e->u.dict.vals, e->u.dict.n, loc, "dict value", 0);
		break;
	case EX_METADATA:
		if (!e->u.meta.key)
			fail(V, loc, "metadata without a key");
		break;
	default:
		fail(V, loc, "bad expression kind %d", (int)e->kind);
	}
	V->edepth--;
}

static void
check_dict_opt(Vf *V, const Expr *e, Loc loc, const char *what)
{
	if (!e)
		return;
	if (e->kind != EX_DICT)
		fail(V, loc, "%s is not a dict", what);
	check_expr(V, e, loc, 0);
}

static void
check_body(Vf *V, const Stmt *s, Loc loc, const char *what)
{
	if (!s)
		fail(V, loc, "missing %s", what);
	else
		check_stmt(V, s, loc);
}

/* The common case of memo_skip, inline: item is the next of the run at
 * the cursor, recorded under the frame in scope now at no smaller depth. */
static inline int
run_next(Vf *V, const Stmt *item)
{
	const Memo *m = V->memo;
	if (V->cursor >= m->n)
		return 0;
	const MemoStmt *c = &m->st[V->cursor];
	if (!c->run || ((Stmt *const *)c->p)[V->ri] != item || c->frame != V->frame || c->sdepth < V->sdepth)
		return 0;
#ifndef NDEBUG
	check_node(V, item, noloc);
	assert(!V->failed && "the verifier's memo skipped an invalid subtree");
#endif
	if (++V->ri == c->end) {
		V->cursor++;
		V->ri = 0;
	}
	return 1;
}

/* The checks of a call or store statement s at location loc (its
 * nesting depth taken by the caller). */
static inline void
check_leaf_stmt(Vf *V, const Stmt *s, Loc loc)
{
	if (s->kind == ST_EVAL) {
		check_req(V, s->u.eval.value, loc, "evaluated expression");
		return;
	}
	use_buf(V, s->u.store.buf, loc);
	check_exprs(V, s->u.store.idx, s->u.store.nidx, loc, "index", 1);
	check_req(V, s->u.store.value, loc, "stored value");
}

/* check_node of a call or store statement, without the dispatch. */
static void
check_leaf_node(Vf *V, const Stmt *s, Loc outer)
{
	if (V->sdepth >= IR_MAX_DEPTH) {
		check_node(V, s, outer); /* fails there */
		return;
	}
	V->sdepth++;
	check_leaf_stmt(V, s, s->loc.line ? s->loc : outer);
	V->sdepth--;
}

/* A sequence's items (check_node's ST_SEQ: no depth of its own). */
static void
check_seq(Vf *V, const Stmt *s, Loc loc)
{
	if (s->u.seq.n < 2 || !s->u.seq.items) {
		fail(V, loc, "sequence of %d statements", s->u.seq.n);
		return;
	}
	for (int i = 0; !V->failed && i < s->u.seq.n; i++) {
		const Stmt *item = s->u.seq.items[i];
		int looked = 0;
		if (V->memo && !V->rec && run_next(V, item))
			continue; /* the item the memo's run has next */
		if (!item)
			fail(V, loc, "missing statement in a sequence");
		else if (V->memo && !V->rec &&
		         (looked = 1, memo_skip(V, item, loc, 1, i + 1 < s->u.seq.n ? s->u.seq.items[i + 1] : NULL)))
			continue; /* no sequence, and passed before here */
		else if (item->kind == ST_SEQ)
			fail(V, item->loc.line ? item->loc : loc, "sequence directly inside a sequence");
		else if (V->memo && V->rec && (item->kind == ST_EVAL || item->kind == ST_STORE))
			record_item(V, s->u.seq.items, i, loc);
		else if (looked) {
			/* check_stmt without a second look-up */
			int frame = V->frame;
			check_node(V, item, loc);
			V->frame = frame;
		} else
			check_stmt(V, item, loc);
	}
}

static void
check_node(Vf *V, const Stmt *s, Loc outer)
{
	Loc loc = s->loc.line ? s->loc : outer;
	if (s->kind != ST_SEQ && ++V->sdepth > IR_MAX_DEPTH) {
		fail(V, loc, "statement nesting deeper than %d", IR_MAX_DEPTH);
		V->sdepth--;
		return;
	}
	switch (s->kind) {
	case ST_SEQ:
		check_seq(V, s, loc);
		return; /* no depth taken */
	case ST_EVAL:
	case ST_STORE:
		check_leaf_stmt(V, s, loc);
		break;
	case ST_FOR:
		check_req(V, s->u.for_.min, loc, "loop start");
		check_req(V, s->u.for_.extent, loc, "loop extent");
		check_opt(V, s->u.for_.step, loc);
		if ((unsigned)s->u.for_.kind > FOR_THREAD_BINDING)
			fail(V, loc, "bad loop kind %d", (int)s->u.for_.kind);
		if (s->u.for_.kind == FOR_THREAD_BINDING && empty(s->u.for_.thread))
			fail(V, loc, "thread-binding loop without a thread");
		check_dict_opt(V, s->u.for_.annotations, loc, "loop annotations");
		def_var(V, s->u.for_.var, loc);
		check_body(V, s->u.for_.body, loc, "loop body");
		undef_var(V, s->u.for_.var);
		break;
	case ST_WHILE:
		check_req(V, s->u.while_.cond, loc, "while condition");
		check_body(V, s->u.while_.body, loc, "while body");
		break;
	case ST_IF:
		check_req(V, s->u.if_.cond, loc, "if condition");
		check_body(V, s->u.if_.then_, loc, "then branch");
		if (s->u.if_.else_)
			check_stmt(V, s->u.if_.else_, loc);
		break;
	case ST_LET:
		check_req(V, s->u.let.value, loc, "let value");
		def_var(V, s->u.let.var, loc);
		check_body(V, s->u.let.body, loc, "let body");
		undef_var(V, s->u.let.var);
		break;
	case ST_ASSERT:
		check_req(V, s->u.assert_.cond, loc, "assert condition");
		check_req(V, s->u.assert_.msg, loc, "assert message");
		if (s->u.assert_.error_kind && !*s->u.assert_.error_kind)
			fail(V, loc, "assert with an empty error kind");
		check_body(V, s->u.assert_.body, loc, "assert body");
		break;
	case ST_ATTR:
		check_req(V, s->u.attr.node, loc, "attr node");
		if (!s->u.attr.key)
			fail(V, loc, "attr without a key");
		check_req(V, s->u.attr.value, loc, "attr value");
		check_body(V, s->u.attr.body, loc, "attr body");
		break;
	case ST_LAUNCH: {
		const Var *v = s->u.launch.var;
		if (empty(s->u.launch.tag))
			fail(V, loc, "thread launch without a tag");
		check_req(V, s->u.launch.extent, loc, "thread extent");
		int env = v && (v->flags & VAR_ENV_THREAD);
		if (env) {
			V->envs++;
			use_var(V, v, loc);
			/* `T.launch_thread(tx, n)` prints no tag: the one of
			 * `tx = T.env_thread(tag)` must be the tag of every launch. */
			const char *first = pm_get(&V->env_tags, v);
			const char *tag = s->u.launch.tag;
			if (!first)
				pm_put(&V->env_tags, v, (void *)tag);
			else if (tag && strcmp(first, tag) != 0)
				fail(V, loc, "env thread '%s' launched as both '%s' and '%s'",
				     v->name ? v->name : "?", first, tag);
		} else
			def_var(V, v, loc);
		check_body(V, s->u.launch.body, loc, "launch body");
		if (!env)
			undef_var(V, v);
		break;
	}
	case ST_ALLOC: {
		const Var *v = s->u.alloc.var;
		check_exprs(V, s->u.alloc.extents, s->u.alloc.nextents, loc, "allocation extent", 0);
		check_opt(V, s->u.alloc.condition, loc);
		check_dict_opt(V, s->u.alloc.annotations, loc, "allocation annotations");
		if (v && !v->ptr_scope)
			fail(V, loc, "allocated var '%s' is not a pointer", v->name ? v->name : "?");
		def_var(V, v, loc);
		check_body(V, s->u.alloc.body, loc, "allocate body");
		undef_var(V, v);
		break;
	}
	case ST_DECL: {
		const Buffer *b = s->u.decl.buf;
		if (b && !s->u.decl.allocates && !b->data)
			fail(V, loc, "decl_buffer '%s' over no data", b->name ? b->name : "?");
		check_dict_opt(V, s->u.decl.annotations, loc, "allocation annotations");
		if (s->u.decl.annotations && !s->u.decl.allocates)
			fail(V, loc, "annotations on a decl_buffer that allocates nothing");
		declare_buf(V, b, loc);
		check_body(V, s->u.decl.body, loc, "decl_buffer body");
		undeclare_buf(V, b);
		break;
	}
	case ST_BLOCK:
		if (!s->u.block.name)
			fail(V, loc, "block without a name");
		if (s->u.block.nallocs < 0 || (s->u.block.nallocs > 0 && !s->u.block.allocs))
			fail(V, loc, "bad block allocation list");
		/* The header prints before the alloc_buffer lines, so it cannot
		 * name the block's own buffers. */
		check_opt(V, s->u.block.where, loc);
		check_opt(V, s->u.block.reads, loc);
		check_opt(V, s->u.block.writes, loc);
		check_dict_opt(V, s->u.block.attrs, loc, "block attributes");
		for (int i = 0; !V->failed && i < s->u.block.nallocs; i++)
			declare_buf(V, s->u.block.allocs[i], loc);
		check_body(V, s->u.block.body, loc, "block body");
		for (int i = 0; !V->failed && i < s->u.block.nallocs; i++)
			undeclare_buf(V, s->u.block.allocs[i]);
		break;
	default:
		fail(V, loc, "bad statement kind %d", (int)s->kind);
	}
	V->sdepth--;
}

static MemoStmt *
memo_push(Memo *m, MemoStmt e)
{
	if (m->n == m->cap) {
		m->cap = m->cap ? m->cap * 2 : 256;
		m->st = realloc(m->st, sizeof *m->st * (size_t)m->cap);
		if (!m->st)
			abort();
	}
	m->st[m->n] = e;
	return &m->st[m->n++];
}

/* Checks s, recording it (when it is in the arena's memory) in preorder. */
static void
record(Vf *V, const Stmt *s, Loc outer)
{
	Memo *m = V->memo;
	int frame = V->frame, envs = V->envs, k = -1;
	if (ar_owns(V->own, s)) {
		k = m->n;
		memo_push(m, (MemoStmt){.p = s, .frame = frame, .sdepth = V->sdepth, .seq = s->kind == ST_SEQ});
	}
	check_node(V, s, outer);
	V->frame = frame;
	if (k >= 0) {
		m->st[k].end = m->n;
		m->st[k].env = V->envs != envs;
	}
}

/* Checks items[i], a leaf item of a sequence (a call or a store), recording
 * it into the run of the items before it, or as a new run. */
static void
record_item(Vf *V, Stmt *const *items, int i, Loc outer)
{
	Memo *m = V->memo;
	if (ar_owns(V->own, items[i])) {
		MemoStmt *last = m->n ? &m->st[m->n - 1] : NULL;
		if (last && last->run && (Stmt *const *)last->p + last->end == items + i &&
		    last->frame == V->frame && last->sdepth == V->sdepth)
			last->end++;
		else if (ar_owns(V->own, items + i)) /* the array outlives the memo too */
			memo_push(m, (MemoStmt){.p = items + i, .frame = V->frame, .end = 1, .sdepth = V->sdepth,
			                        .run = 1});
	}
	check_leaf_node(V, items[i], outer);
}

/* Looks s up in the memo (not recording): 1 when its subtree passed
 * before under the chain in scope now, at no smaller depth (and is no
 * ST_SEQ when not_seq: then s itself is not read).  The item the cursor
 * expects is the common case; when the statement after s (next, in its
 * sequence) is the one expected, s was inserted (a pass's new statement)
 * and is not looked for; otherwise a bounded search of the entries (and of
 * the items of runs) ahead. */
static int
memo_skip(Vf *V, const Stmt *s, Loc outer, int not_seq, const Stmt *next)
{
	const Memo *m = V->memo;
	const MemoStmt *e = NULL;
	int j = V->cursor, k = 0;
	const void *want = j >= m->n ? NULL : m->st[j].run ? ((Stmt *const *)m->st[j].p)[V->ri] : m->st[j].p;
	if (want == s && m->st[j].run) {
		e = &m->st[j];
		k = V->ri;
	} else if (next && want == next) {
		return 0; /* s is new */
	} else {
		int lim = m->n - j > MEMO_LOOK ? j + MEMO_LOOK : m->n, budget = 2 * MEMO_LOOK;
		for (; j < lim && budget > 0; j++) {
			const MemoStmt *c = &m->st[j];
			budget--;
			if (!c->run) {
				if (c->p == s) {
					e = c;
					break;
				}
				continue;
			}
			Stmt *const *items = c->p;
			int k0 = j == V->cursor ? V->ri : 0;
			int kl = c->end - k0 > MEMO_LOOK ? k0 + MEMO_LOOK : c->end;
			for (k = k0; k < kl && budget > 0; k++, budget--)
				if (items[k] == s)
					break;
			if (k < kl && budget > 0) {
				e = c;
				break;
			}
		}
	}
	if (!e)
		return 0;
	/* Past the entry found (a run: past the item), skipped or not. */
	if (e->run && k + 1 < e->end) {
		V->cursor = j;
		V->ri = k + 1;
	} else {
		V->cursor = j + 1;
		V->ri = 0;
	}
	if (e->frame != V->frame || e->sdepth < V->sdepth || e->env || (not_seq && e->seq))
		return 0;
#ifndef NDEBUG
	int frame = V->frame;
	assert(!not_seq || s->kind != ST_SEQ);
	check_node(V, s, outer);
	assert(!V->failed && "the verifier's memo skipped an invalid subtree");
	V->frame = frame;
#endif
	if (!e->run) {
		V->cursor = e->end;
		V->ri = 0;
	}
	return 1;
}

static void
check_stmt(Vf *V, const Stmt *s, Loc outer)
{
	if (V->failed)
		return;
	if (!V->memo) {
		check_node(V, s, outer);
		return;
	}
	if (V->rec) {
		record(V, s, outer);
		return;
	}
	int frame = V->frame;
	if (memo_skip(V, s, outer, 0, NULL))
		return;
	check_node(V, s, outer);
	V->frame = frame;
}

static void
check_func(Vf *V, const Func *f)
{
	V->f = f;
	if (empty(f->name))
		fail(V, noloc, "function without a name");
	if (f->nparams < 0 || (f->nparams > 0 && !f->params))
		fail(V, noloc, "bad parameter list");
	for (int i = 0; !V->failed && i < f->nparams; i++) {
		def_var(V, f->params[i].var, noloc);
		if (f->params[i].buf)
			declare_buf(V, f->params[i].buf, noloc);
	}
	check_dict_opt(V, f->attrs, noloc, "function attributes");
	for (int i = 0; !V->failed && i < f->nfree; i++)
		def_var(V, f->free_vars[i], noloc);
	for (int i = 0; !V->failed && i < f->nenv; i++) {
		def_var(V, f->env_threads[i], noloc);
		if (f->env_threads[i] && !(f->env_threads[i]->flags & VAR_ENV_THREAD))
			fail(V, noloc, "env thread '%s' not flagged VAR_ENV_THREAD",
			     f->env_threads[i]->name ? f->env_threads[i]->name : "?");
	}
	for (int i = 0; !V->failed && i < f->nmatches; i++) {
		if (f->matches[i] && !f->matches[i]->match_source)
			fail(V, noloc, "match_buffer '%s' without a source",
			     f->matches[i]->name ? f->matches[i]->name : "?");
		declare_buf(V, f->matches[i], noloc);
	}
	for (int i = 0; !V->failed && i < f->nroot_allocs; i++)
		declare_buf(V, f->root_allocs[i], noloc);
	check_body(V, f->body, noloc, "function body");
}

int
ir_verify_program(const Program *p, Diag *d)
{
	/* Callers may pass an uninitialised Diag; nodes carry no file name. */
	d->file = "<ir>";
	d->line = d->col = 0;
	d->msg[0] = 0;
	if (!p) {
		snprintf(d->msg, sizeof d->msg, "IR verifier: no program");
		return 1;
	}
	Arena *own = p->arena;
	Memo *memo = own ? ar_side(own) : NULL;
	int rec = 0, cursor = 0, ri = 0;
	if (own && !memo) {
		memo = calloc(1, sizeof *memo);
		if (!memo)
			abort();
		rec = 1;
	}
	for (int i = 0; i < p->nfuncs; i++) {
		Vf V = {.d = d, .memo = memo, .own = own, .rec = rec, .cursor = cursor, .ri = ri};
		if (!p->funcs || !p->funcs[i])
			fail(&V, noloc, "missing function %d", i);
		else
			check_func(&V, p->funcs[i]);
		cursor = V.cursor;
		ri = V.ri;
		free(V.vars.slot);
		free(V.bufs.slot);
		free(V.checking.keys);
		free(V.checking.vals);
		free(V.env_tags.keys);
		free(V.env_tags.vals);
		if (V.failed) {
			if (rec)
				memo_free(memo);
			return 1;
		}
	}
	if (rec)
		ar_set_side(own, memo, memo_free);
	return 0;
}

/* ---- a pass's output against its verified input ------------------------------- */

typedef struct Dv {
	IrFreshFn fresh;
	void *ctx;
	int sdepth;
	int unsure; /* ir_verify_output cannot tell */
} Dv;

/* Whether o's own fields (all but its bodies) are i's, but for a loop's
 * step and annotations, which o may drop (an absent one passes).  Field
 * by field: the node table's fields of each kind. */
static inline __attribute__((always_inline)) int
same_own(const Stmt *o, const Stmt *i)
{
	if (o->kind != i->kind)
		return 0;
	switch (o->kind) {
	case ST_EVAL:
		return o->u.eval.value == i->u.eval.value;
	case ST_STORE:
		return o->u.store.nidx == i->u.store.nidx && o->u.store.buf == i->u.store.buf &&
		       o->u.store.idx == i->u.store.idx && o->u.store.value == i->u.store.value;
	case ST_FOR:
		return o->u.for_.kind == i->u.for_.kind && o->u.for_.var == i->u.for_.var &&
		       o->u.for_.min == i->u.for_.min && o->u.for_.extent == i->u.for_.extent &&
		       (!o->u.for_.step || o->u.for_.step == i->u.for_.step) &&
		       o->u.for_.thread == i->u.for_.thread &&
		       (!o->u.for_.annotations || o->u.for_.annotations == i->u.for_.annotations);
	case ST_WHILE:
		return o->u.while_.cond == i->u.while_.cond;
	case ST_IF:
		return o->u.if_.cond == i->u.if_.cond;
	case ST_LET:
		return o->u.let.var == i->u.let.var && o->u.let.value == i->u.let.value;
	case ST_ASSERT:
		return o->u.assert_.cond == i->u.assert_.cond && o->u.assert_.msg == i->u.assert_.msg &&
		       o->u.assert_.error_kind == i->u.assert_.error_kind;
	case ST_ATTR:
		return o->u.attr.node == i->u.attr.node && o->u.attr.key == i->u.attr.key &&
		       o->u.attr.value == i->u.attr.value;
	case ST_LAUNCH:
		return o->u.launch.var == i->u.launch.var && o->u.launch.tag == i->u.launch.tag &&
		       o->u.launch.extent == i->u.launch.extent;
	case ST_ALLOC:
		return o->u.alloc.nextents == i->u.alloc.nextents && o->u.alloc.var == i->u.alloc.var &&
		       o->u.alloc.extents == i->u.alloc.extents && o->u.alloc.condition == i->u.alloc.condition &&
		       o->u.alloc.annotations == i->u.alloc.annotations;
	case ST_DECL:
		return o->u.decl.allocates == i->u.decl.allocates && o->u.decl.buf == i->u.decl.buf &&
		       o->u.decl.annotations == i->u.decl.annotations;
	case ST_BLOCK:
		return o->u.block.nallocs == i->u.block.nallocs && o->u.block.name == i->u.block.name &&
		       o->u.block.where == i->u.block.where && o->u.block.reads == i->u.block.reads &&
		       o->u.block.writes == i->u.block.writes && o->u.block.attrs == i->u.block.attrs &&
		       o->u.block.allocs == i->u.block.allocs;
	default: /* ST_SEQ: matched item by item; a bad kind: the full check's */
		return 0;
	}
}

/* A new call statement of a call without arguments (a fence): passes the
 * full check wherever it is within the nesting bound, whatever is in
 * scope (check_node: a named call, empty argument lists). */
static int
bare_call(const Dv *D, const Stmt *o)
{
	const Expr *v = o->kind == ST_EVAL ? o->u.eval.value : NULL;
	return v && v->kind == EX_CALL && !empty(v->u.call.name) && v->u.call.nargs == 0 &&
	       v->u.call.nkw == 0 && D->sdepth < IR_MAX_DEPTH;
}

/* A statement that is no node of the input, and no fence (diff_fresh,
 * below, takes those): the full check, under no definitions and at the depth it has in the output.  A use of a
 * definition fails there (undecided, not wrong), and so does a launch of
 * an env thread, whose tag the function's other launches decide. */
static __attribute__((noinline)) void
diff_fresh_checked(Dv *D, const Stmt *o)
{
	Diag d;
	Vf V = {.d = &d, .sdepth = D->sdepth};
	check_node(&V, o, noloc);
	if (V.failed || V.envs)
		D->unsure = 1;
	if (V.vars.slot || V.bufs.slot || V.checking.keys || V.env_tags.keys) {
		free(V.vars.slot);
		free(V.bufs.slot);
		free(V.checking.keys);
		free(V.checking.vals);
		free(V.env_tags.keys);
		free(V.env_tags.vals);
	}
	if (!D->unsure && D->fresh)
		D->fresh(o, D->ctx);
}

/* A statement that is no node of the input: a fence (bare_call) at once,
 * inline; any other by the full check (diff_fresh_checked). */
static inline void
diff_fresh(Dv *D, const Stmt *o)
{
	if (!bare_call(D, o)) {
		diff_fresh_checked(D, o);
		return;
	}
	if (D->fresh)
		D->fresh(o, D->ctx);
}

static void diff_body(Dv *D, const Stmt *o, const Stmt *i);

/* Output statement o, a rebuild of input statement i (same_own): its
 * bodies against i's.  Down a chain of single-body rebuilds (a body that
 * is one statement, not the input's, a rebuild of the input's body: what
 * diff_body would pair next) in a loop, one level deeper each. */
static void
diff_pair(Dv *D, const Stmt *o, const Stmt *i)
{
	int levels = 0;
	for (;;) {
		levels++;
		if (++D->sdepth > IR_MAX_DEPTH) {
			D->unsure = 1;
			return;
		}
		if (o->kind == ST_EVAL || o->kind == ST_STORE)
			break;
		if (o->kind == ST_IF) {
			diff_body(D, o->u.if_.then_, i->u.if_.then_);
			if (o->u.if_.else_)
				diff_body(D, o->u.if_.else_, i->u.if_.else_);
			break;
		}
		const Stmt *ob = ir_body(o), *ib = ir_body(i);
		if (ob && ib && ob != ib && ob->kind != ST_SEQ && ib->kind != ST_SEQ && same_own(ob, ib)) {
			o = ob;
			i = ib;
			continue;
		}
		diff_body(D, ob, ib);
		break;
	}
	D->sdepth -= levels;
}

/* Output statement o (no sequence) where the input has i (NULL: none). */
static void
diff_node(Dv *D, const Stmt *o, const Stmt *i)
{
	if (o == i || D->unsure)
		return;
	if (i && same_own(o, i))
		diff_pair(D, o, i);
	else
		diff_fresh(D, o);
}

enum { DIFF_LOOK = 16 }; /* input items searched ahead for an output item */

/* Output items o[0..no) of one body, where the input has items i[0..ni):
 * each is the input's next item (or one a few ahead: the pass dropped
 * those before it), a rebuild of the next item, or new. */
static void
diff_items(Dv *D, Stmt *const *o, int no, Stmt *const *i, int ni)
{
	int k = 0;
	for (int j = 0; j < no && !D->unsure; j++) {
		const Stmt *s = o[j];
		if (!s || s->kind == ST_SEQ) {
			D->unsure = 1;
			return;
		}
		if (k < ni && i[k] == s) { /* the input's next item: the commonest case */
			k++;
			continue;
		}
		int at = -1;
		for (int l = k + 1; l < ni && l < k + DIFF_LOOK; l++)
			if (i[l] == s) {
				at = l;
				break;
			}
		if (at >= 0) {
			k = at + 1;
			continue;
		}
		if (bare_call(D, s)) /* new (a fence): no input statement to pair it with */
			diff_fresh(D, s);
		else if (k < ni && same_own(s, i[k]))
			diff_pair(D, s, i[k++]);
		else
			diff_fresh(D, s);
	}
}

/* A body o (NULL: missing) where the input has body i (NULL: none). */
static void
diff_body(Dv *D, const Stmt *o, const Stmt *i)
{
	if (o == i || D->unsure)
		return;
	if (!o) {
		D->unsure = 1;
		return;
	}
	if (o->kind != ST_SEQ && (!i || i->kind != ST_SEQ)) {
		diff_node(D, o, i);
		return;
	}
	if (o->kind == ST_SEQ && (o->u.seq.n < 2 || !o->u.seq.items)) {
		D->unsure = 1;
		return;
	}
	Stmt *const *oi = o->kind == ST_SEQ ? o->u.seq.items : (Stmt *const *)&o;
	int no = o->kind == ST_SEQ ? o->u.seq.n : 1;
	Stmt *const *ii = !i ? NULL : i->kind == ST_SEQ ? i->u.seq.items : (Stmt *const *)&i;
	int ni = !i ? 0 : i->kind == ST_SEQ ? i->u.seq.n : 1;
	diff_items(D, oi, no, ii, ni);
}

/* Everything of a function but its body. */
static int
same_header(const Func *a, const Func *b)
{
	return a->name == b->name && a->is_private == b->is_private && a->params == b->params &&
	       a->nparams == b->nparams && a->attrs == b->attrs && a->free_vars == b->free_vars &&
	       a->nfree == b->nfree && a->env_threads == b->env_threads && a->nenv == b->nenv &&
	       a->matches == b->matches && a->nmatches == b->nmatches &&
	       a->has_root_block == b->has_root_block && a->root_allocs == b->root_allocs &&
	       a->nroot_allocs == b->nroot_allocs;
}

int
ir_verify_output(const Program *in, const Program *out, IrFreshFn fresh, void *ctx)
{
	if (!in || !out || in->nfuncs != out->nfuncs || (out->nfuncs && (!in->funcs || !out->funcs)))
		return 1;
	Dv D = {.fresh = fresh, .ctx = ctx};
	for (int k = 0; k < out->nfuncs && !D.unsure; k++) {
		const Func *o = out->funcs[k], *i = in->funcs[k];
		if (!o || !i || (o != i && !same_header(o, i)))
			return 1;
		if (o != i)
			diff_body(&D, o->body, i->body);
	}
	return D.unsure;
}
