/* preserve.c: aligns a model's output Q with its input P, and the
 * preservation oracle (docs/semantics.md §5.5): erasing what the model inserted must give P
 * back exactly.
 *
 * What counts as inserted: an ST_EVAL whose call is NAMED fence_proxy_async,
 * tma_store_arrive or tma_store_wait (by name only: no op table, no model
 * code), standing in a statement list of Q where P has nothing to match it.
 *
 * Alignment, list by list (a body that is not an ST_SEQ is a list of one, so
 * a model may turn `stmt` into `[fence, stmt]`): Q's items must be P's items
 * in order, with inserted items between them.  Greedy: a Q item is matched
 * to the next P item when they are equal (P may already hold fences), and is
 * an insertion only when it is not.  Compound items recurse (if: then and
 * else; every other compound: its body) after their headers (loop bounds,
 * step, kind, annotations, conditions, values, buffers) compare equal.
 *
 * The comparison used while aligning names things (variables and buffers
 * equal by pointer, or else by name and type), which locates a divergence
 * precisely; the VERDICT is ir_equal_func (structural, bound variables up to
 * renaming) between P and P' = Q with the insertions erased.  When the
 * name-based alignment fails (an external model renamed a bound variable),
 * a shape-only alignment is tried and accepted if its P' is structurally
 * equal to P.
 *
 * Assumes well-formed IR (ir_verify_program): nesting within IR_MAX_DEPTH,
 * so recursion is bounded (and checked again here).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"
#include "oracles.h"
#include "print.h"

static const char *const inserted_names[] = {
	"fence_proxy_async", "tma_store_arrive", "tma_store_wait",
};

/* The names compared only for a call statement whose name starts as one
 * of them does (every other statement is looked at no further); inline,
 * for the alignment's every item. */
static inline int
is_insertable(const Stmt *s)
{
	if (!s || s->kind != ST_EVAL || !s->u.eval.value || s->u.eval.value->kind != EX_CALL)
		return 0;
	const char *name = s->u.eval.value->u.call.name;
	if (name[0] == 'f')
		return strcmp(name, inserted_names[0]) == 0;
	static const char prefix[] = "tma_store_"; /* how the two others start */
	for (size_t k = 0; k < sizeof prefix - 1; k++)
		if (name[k] != prefix[k])
			return 0; /* a shorter name stops at its NUL */
	const char *rest = name + sizeof prefix - 1;
	return strcmp(rest, inserted_names[1] + sizeof prefix - 1) == 0 ||
	       strcmp(rest, inserted_names[2] + sizeof prefix - 1) == 0;
}

int
orc_is_insertable(const Stmt *s)
{
	return is_insertable(s);
}

/* ---- messages ---------------------------------------------------------------- */

char *
orc_stmt_brief(Arena *a, const Stmt *s)
{
	if (!s)
		return ar_strdup(a, "(nothing)");
	static _Thread_local StrBuf sb; /* kept from call to call */
	sb.len = 0;
	ir_print_stmt_head(&sb, s); /* its first line, without its bodies */
	const char *p = sb.p;
	while (*p == ' ' || *p == '\n')
		p++;
	size_t n = strcspn(p, "\n");
	char *out;
	if (n > 80) {
		out = ar_alloc(a, 84);
		memcpy(out, p, 77);
		memcpy(out + 77, "...", 4);
	} else {
		out = ar_strndup(a, p, n);
	}
	return out;
}

Loc
orc_inserted_loc(const Inserted *x)
{
	/* The input's location first: findings are reported against the input. */
	if (x->p_next && x->p_next->loc.line)
		return x->p_next->loc;
	if (x->next && x->next->loc.line)
		return x->next->loc;
	if (x->parent && x->parent->loc.line)
		return x->parent->loc;
	if (x->p_parent)
		return x->p_parent->loc;
	return (Loc){0, 0};
}

/* ---- name-based comparison (alignment only; the verdict is ir_equal_func) ---- */

static int
same_str(const char *a, const char *b)
{
	if (a == b || !a || !b)
		return a == b; /* a shared (or interned) name is equal without a look */
	return strcmp(a, b) == 0;
}

static int
same_var(const Var *a, const Var *b)
{
	if (a == b)
		return 1;
	return a && b && same_str(a->name, b->name) && same_str(a->dtype, b->dtype) &&
	       same_str(a->ptr_scope, b->ptr_scope);
}

static int
same_buf(const Buffer *a, const Buffer *b)
{
	if (a == b)
		return 1;
	return a && b && same_str(a->name, b->name) && same_str(a->dtype, b->dtype) &&
	       a->ndim == b->ndim && same_str(ir_buffer_scope(a), ir_buffer_scope(b));
}

static int
hook_var(void *ctx, const Var *a, const Var *b)
{
	return same_var(a, b);
}

static int
hook_buf(void *ctx, Buffer *a, Buffer *b)
{
	return same_buf(a, b);
}

/* Expressions by name: ir_expr_eq with vars and buffers compared by name,
 * dtype and scope. */
static int
same_expr(const Expr *a, const Expr *b, int depth)
{
	static const IrEqHooks by_name = {hook_var, hook_buf, NULL, 1, IR_MAX_DEPTH};
	(void)depth;
	if (a == b)
		return 1; /* by_name is .identical: ir_expr_eq says so at once */
	return ir_expr_eq(a, b, &by_name);
}

static int
same_exprs(Expr *const *a, Expr *const *b, int n, int depth)
{
	for (int i = 0; i < n; i++)
		if (!same_expr(a[i], b[i], depth))
			return 0;
	return 1;
}

static int
dict_empty(const Expr *e)
{
	return !e || (e->kind == EX_DICT && e->u.dict.n == 0);
}

static int
same_dict_opt(const Expr *a, const Expr *b, int depth)
{
	return (dict_empty(a) && dict_empty(b)) || same_expr(a, b, depth);
}

static int
is_compound(const Stmt *s)
{
	return s->kind != ST_EVAL && s->kind != ST_STORE && s->kind != ST_SEQ;
}

static int
same_leaf(const Stmt *a, const Stmt *b)
{
	if (a->kind != b->kind)
		return 0;
	if (a->kind == ST_EVAL) {
		/* ir_expr_eq's first look, without the call: other kinds, or
		 * calls of other names, are unequal. */
		const Expr *x = a->u.eval.value, *y = b->u.eval.value;
		if (x && y && x != y &&
		    (x->kind != y->kind || (x->kind == EX_CALL && !same_str(x->u.call.name, y->u.call.name))))
			return 0;
		return same_expr(x, y, 0);
	}
	if (a->kind == ST_STORE)
		return same_buf(a->u.store.buf, b->u.store.buf) && a->u.store.nidx == b->u.store.nidx &&
		       same_exprs(a->u.store.idx, b->u.store.idx, a->u.store.nidx, 0) &&
		       same_expr(a->u.store.value, b->u.store.value, 0);
	return 0;
}

/* One buffer is its own declaration: each field is the same expression,
 * which same_expr finds equal to itself at once. */
static int
same_buffer_decl(const Buffer *a, const Buffer *b)
{
	if (a == b)
		return 1;
	return same_buf(a, b) && same_exprs(a->shape, b->shape, a->ndim, 0) &&
	       same_expr(a->strides, b->strides, 0) && same_expr(a->elem_offset, b->elem_offset, 0) &&
	       same_expr(a->align, b->align, 0) && same_expr(a->offset_factor, b->offset_factor, 0);
}

/* The first header field of a compound statement that differs, as a short
 * phrase, or NULL when the headers agree.  The bodies are not looked at. */
static const char *
header_diff(const Stmt *p, const Stmt *q)
{
	if (p->kind != q->kind)
		return "statement kind changed";
	switch (p->kind) {
	case ST_FOR:
		if (p->u.for_.step && !q->u.for_.step)
			return "loop step dropped";
		if (!p->u.for_.step && q->u.for_.step)
			return "loop step added";
		if (!same_expr(p->u.for_.step, q->u.for_.step, 0))
			return "loop step changed";
		if (!same_expr(p->u.for_.min, q->u.for_.min, 0))
			return "loop start changed";
		if (!same_expr(p->u.for_.extent, q->u.for_.extent, 0))
			return "loop extent changed";
		if (p->u.for_.kind != q->u.for_.kind || !same_str(p->u.for_.thread, q->u.for_.thread))
			return "loop kind changed";
		if (!same_dict_opt(p->u.for_.annotations, q->u.for_.annotations, 0))
			return dict_empty(q->u.for_.annotations) ? "loop annotations dropped"
			                                         : "loop annotations changed";
		if (!same_var(p->u.for_.var, q->u.for_.var))
			return "loop variable changed";
		return NULL;
	case ST_WHILE:
		return same_expr(p->u.while_.cond, q->u.while_.cond, 0) ? NULL : "while condition changed";
	case ST_IF:
		if (!same_expr(p->u.if_.cond, q->u.if_.cond, 0))
			return "if condition changed";
		if (!p->u.if_.else_ != !q->u.if_.else_)
			return p->u.if_.else_ ? "else branch dropped" : "else branch added";
		return NULL;
	case ST_LET:
		if (!same_var(p->u.let.var, q->u.let.var))
			return "let variable changed";
		return same_expr(p->u.let.value, q->u.let.value, 0) ? NULL : "let value changed";
	case ST_ASSERT:
		return same_expr(p->u.assert_.cond, q->u.assert_.cond, 0) &&
		               same_expr(p->u.assert_.msg, q->u.assert_.msg, 0)
		           ? NULL
		           : "assert changed";
	case ST_ATTR:
		return same_str(p->u.attr.key, q->u.attr.key) &&
		               same_expr(p->u.attr.node, q->u.attr.node, 0) &&
		               same_expr(p->u.attr.value, q->u.attr.value, 0)
		           ? NULL
		           : "attr changed";
	case ST_LAUNCH:
		return same_var(p->u.launch.var, q->u.launch.var) &&
		               same_str(p->u.launch.tag, q->u.launch.tag) &&
		               same_expr(p->u.launch.extent, q->u.launch.extent, 0)
		           ? NULL
		           : "launch_thread changed";
	case ST_ALLOC:
		if (!same_var(p->u.alloc.var, q->u.alloc.var) ||
		    p->u.alloc.nextents != q->u.alloc.nextents ||
		    !same_exprs(p->u.alloc.extents, q->u.alloc.extents, p->u.alloc.nextents, 0) ||
		    !same_expr(p->u.alloc.condition, q->u.alloc.condition, 0))
			return "allocation changed";
		return same_dict_opt(p->u.alloc.annotations, q->u.alloc.annotations, 0)
		           ? NULL
		           : "allocation annotations changed";
	case ST_DECL:
		return p->u.decl.allocates == q->u.decl.allocates &&
		               same_buffer_decl(p->u.decl.buf, q->u.decl.buf)
		           ? NULL
		           : "buffer declaration changed";
	case ST_BLOCK:
		if (!same_str(p->u.block.name, q->u.block.name) ||
		    !same_expr(p->u.block.where, q->u.block.where, 0))
			return "block changed";
		if (p->u.block.nallocs != q->u.block.nallocs)
			return "block allocations changed";
		for (int i = 0; i < p->u.block.nallocs; i++)
			if (!same_buffer_decl(p->u.block.allocs[i], q->u.block.allocs[i]))
				return "block allocations changed";
		return same_dict_opt(p->u.block.attrs, q->u.block.attrs, 0) ? NULL : "block attrs changed";
	default:
		return NULL;
	}
}

/* Per statement kind, which of its 8-byte words are body slots (bit w:
 * bytes 8w to 8w + 7), from nodes.def's FB fields; and its bytes
 * (ir_stmt_size's, as ir.c sizes them). */
static const unsigned short body_words[] = {
#define FB(f) | (1u << (offsetof(Stmt, u.f) / 8))
#define STMT(kind, name, word, fields) [kind] = 0 fields,
#include "nodes.def"
};

static const unsigned char stmt_bytes[] = {
	[ST_SEQ] = IR_STMT_WITH(seq),       [ST_EVAL] = IR_STMT_WITH(eval),
	[ST_STORE] = IR_STMT_WITH(store),   [ST_FOR] = IR_STMT_WITH(for_),
	[ST_WHILE] = IR_STMT_WITH(while_),  [ST_IF] = IR_STMT_WITH(if_),
	[ST_LET] = IR_STMT_WITH(let),       [ST_ASSERT] = IR_STMT_WITH(assert_),
	[ST_ATTR] = IR_STMT_WITH(attr),     [ST_LAUNCH] = IR_STMT_WITH(launch),
	[ST_ALLOC] = IR_STMT_WITH(alloc),   [ST_DECL] = IR_STMT_WITH(decl),
	[ST_BLOCK] = IR_STMT_WITH(block),
};

/* The body slots of a statement other than a sequence, in ir_stmt_bodies'
 * order (nodes.def's FB fields): at most two (if's then and else), the
 * single body of every other kind that has one where ir_body_offsets says. */
static inline int
body_slots(const Stmt *s, Stmt **slot[2])
{
	Stmt *m = (Stmt *)s;
	if (s->kind == ST_IF) {
		slot[0] = &m->u.if_.then_;
		slot[1] = &m->u.if_.else_;
		return 2;
	}
	unsigned off = ir_body_offsets[s->kind];
	if (!off)
		return 0;
	slot[0] = (Stmt **)((char *)m + off);
	return 1;
}

/* ---- alignment ---------------------------------------------------------------- */

enum { PATH_MAX_STEPS = 64 };

typedef struct Align {
	Arena *a;
	int strict;       /* compare contents by name; else shapes only */
	Inserted *ins;    /* grown while aligning (kept_ins's between alignments) */
	int nins, cap;
	int ord;          /* preorder number of the next Q list item */
	int depth;
	int failed;
	int erase;        /* build erased: Q with the insertions erased (orc_erase's result) */
	int copy;         /* say whether P is a copy of erased Q (orc_func_is_copy), without building it */
	Loc where;
	const char *what; /* location-free category of the divergence */
	char why[400];
	/* The way down to the P item a failed alignment stopped at (diagnose's
	 * pi[i]): from that list up, item indices in lists and body slots of
	 * the statements holding them in turn; npath < 0 when lost (too deep). */
	const Stmt *stop;
	int path[PATH_MAX_STEPS];
	int npath;
} Align;

/* The insertions array of the last alignment, kept for the next one. */
static _Thread_local struct {
	Inserted *ins;
	int cap;
} kept_ins;

/* A's insertions array from kept_ins (align_end gives it back), and its
 * other fields for a first alignment; why and path are written before they
 * are read (fail, path_push), so they are not cleared. */
static void
align_begin(Align *A, Arena *a, int strict, int copy)
{
	A->a = a;
	A->strict = strict;
	A->nins = A->ord = A->depth = A->failed = A->erase = 0;
	A->copy = copy;
	A->where = (Loc){0, 0};
	A->what = NULL;
	A->why[0] = 0;
	A->stop = NULL;
	A->npath = -1;
	A->ins = kept_ins.ins;
	A->cap = kept_ins.cap;
	kept_ins.ins = NULL;
	kept_ins.cap = 0;
}

static void
align_end(Align *A)
{
	if (!kept_ins.ins && A->cap <= 4096) {
		kept_ins.ins = A->ins;
		kept_ins.cap = A->cap;
	} else {
		free(A->ins);
	}
	A->ins = NULL;
}

static const Stmt *const *
list_of(const Stmt *const *slot, int *n)
{
	if (!*slot) {
		*n = 0;
		return slot;
	}
	if ((*slot)->kind == ST_SEQ) {
		*n = (*slot)->u.seq.n;
		return (const Stmt *const *)(*slot)->u.seq.items;
	}
	*n = 1;
	return slot;
}

static inline uint64_t
word_at(const Stmt *s, unsigned w)
{
	uint64_t x;
	memcpy(&x, (const char *)s + 8 * w, sizeof x);
	return x;
}

/* Whether words 2 to n - 1 of p and q agree, the words in skip aside. */
static inline int
same_words(const Stmt *p, const Stmt *q, unsigned n, unsigned skip)
{
	uint64_t diff = 0;
	for (unsigned w = 2; w < n; w++)
		if (!(skip >> w & 1))
			diff |= word_at(p, w) ^ word_at(q, w);
	return diff == 0;
}

/* Whether p's and q's bytes (one kind) agree but for their locations and
 * their body slots: copy_of's memcmp of the two local copies with those
 * cleared, made on the nodes themselves.  Bytes 0-3 are the kind, 4-11 the
 * location, 12-15 a member's leading int (or padding); the rest are 8-byte
 * words, the body slots among them. */
static inline int
same_fields_bytes(const Stmt *p, const Stmt *q)
{
	uint32_t x, y;
	memcpy(&x, (const char *)p + 12, sizeof x);
	memcpy(&y, (const char *)q + 12, sizeof y);
	if (p->kind != q->kind || x != y)
		return 0;
	switch (p->kind) { /* each kind's words known: the loop unrolled */
#define STMT(kind, name, word, fields) \
	case kind: return same_words(p, q, stmt_bytes[kind] / 8, body_words[kind]);
#include "nodes.def"
	}
	return 0;
}


/* *bytes: same_fields_bytes(p, q) when it was worked out on the way (two
 * compound statements compared strictly), else -1. */
static inline int
match_given(const Align *A, const Stmt *p, const Stmt *q, int insertable, int *bytes)
{
	*bytes = -1;
	if (insertable)
		return same_leaf(p, q);
	if (p->kind != q->kind)
		return 0;
	if (!A->strict)
		return p->kind != ST_IF || !p->u.if_.else_ == !q->u.if_.else_;
	if (!is_compound(p))
		return same_leaf(p, q);
	/* Header fields the same bytes (a node the model copied to change its
	 * body) compare equal: every comparison of header_diff is reflexive. */
	*bytes = same_fields_bytes(p, q);
	return *bytes || header_diff(p, q) == NULL;
}

/* match_given with q's orc_is_insertable. */
static inline int
item_match(const Align *A, const Stmt *p, const Stmt *q, int *bytes)
{
	return match_given(A, p, q, is_insertable(q), bytes);
}

/* snprintf(dst, cap, "%s", src) without the format machinery: as much of
 * src as fits, always terminated (cap > 0). */
static void
copy_str(char *dst, size_t cap, const char *src)
{
	size_t n = strlen(src);
	if (n > cap - 1)
		n = cap - 1;
	memcpy(dst, src, n);
	dst[n] = 0;
}

static void
fail(Align *A, Loc where, const char *what, const char *why)
{
	if (A->failed)
		return;
	A->failed = 1;
	A->where = where;
	A->what = what;
	copy_str(A->why, sizeof A->why, why);
}

static void
path_push(Align *A, int step)
{
	if (A->npath >= 0 && A->npath < PATH_MAX_STEPS)
		A->path[A->npath++] = step;
	else
		A->npath = -1;
}

static Loc
best_loc(const Stmt *p, const Stmt *q)
{
	if (p && p->loc.line)
		return p->loc;
	if (q && q->loc.line)
		return q->loc;
	return p ? p->loc : q ? q->loc : (Loc){0, 0};
}

static int
find_from(const Align *A, const Stmt *const *items, int n, int from, const Stmt *s, int p_side)
{
	int bytes;
	for (int k = from; k < n; k++)
		if (p_side ? item_match(A, items[k], s, &bytes) : item_match(A, s, items[k], &bytes))
			return k;
	return -1;
}

/* buf = "<head><tail>%d:%d: `<a>`" with, when b is given, "<mid>`<b>`" after:
 * the diagnoses' messages as snprintf would cut them, without its format. */
static void
put_diag(char *buf, size_t n, const char *head, const char *tail, Loc l, const char *a,
         const char *mid, const char *b)
{
	size_t k = 0;
	buf[0] = 0;
	orc_put_str(buf, n, &k, head);
	orc_put_str(buf, n, &k, tail);
	orc_put_int(buf, n, &k, l.line);
	orc_put_str(buf, n, &k, ":");
	orc_put_int(buf, n, &k, l.col);
	orc_put_str(buf, n, &k, ": `");
	orc_put_str(buf, n, &k, a);
	orc_put_str(buf, n, &k, "`");
	if (b) {
		orc_put_str(buf, n, &k, mid);
		orc_put_str(buf, n, &k, "`");
		orc_put_str(buf, n, &k, b);
		orc_put_str(buf, n, &k, "`");
	}
}

/* Says why Q's item j cannot follow P's item i (i == np: P's list is used up). */
static void
diagnose(Align *A, const Stmt *const *pi, int np, int i, const Stmt *const *qi, int nq, int j,
         const Stmt *pparent)
{
	char buf[400];
	const Stmt *qs = qi[j];
	if (i >= np) {
		Loc l = best_loc(qs, pparent);
		put_diag(buf, sizeof buf, "statement added at the end of a body at ", "", l,
		         orc_stmt_brief(A->a, qs), NULL, NULL);
		fail(A, l, "statement added", buf);
		return;
	}
	const Stmt *ps = pi[i];
	Loc l = best_loc(ps, qs);
	if (ps->kind == qs->kind && is_compound(ps)) {
		const char *d = header_diff(ps, qs);
		if (d) {
			const char *bp = orc_stmt_brief(A->a, ps), *bq = orc_stmt_brief(A->a, qs);
			put_diag(buf, sizeof buf, d, " at ", l, bp, " became ", bq);
			fail(A, l, d, buf);
			return;
		}
	}
	int later_in_p = find_from(A, pi, np, i + 1, qs, 1);
	int later_in_q = find_from(A, qi, nq, j + 1, ps, 0);
	if (later_in_p >= 0 && later_in_q >= 0) {
		const char *bp = orc_stmt_brief(A->a, ps), *bq = orc_stmt_brief(A->a, qs);
		put_diag(buf, sizeof buf, "statements reordered at ", "", l, bp, " now comes after ", bq);
		fail(A, l, "statements reordered", buf);
	} else if (later_in_p >= 0) {
		put_diag(buf, sizeof buf, "statement lost at ", "", l, orc_stmt_brief(A->a, ps), NULL, NULL);
		fail(A, l, "statement lost", buf);
	} else if (later_in_q >= 0) {
		put_diag(buf, sizeof buf, "statement added before ", "", l, orc_stmt_brief(A->a, qs), NULL, NULL);
		fail(A, l, "statement added", buf);
	} else {
		const char *bp = orc_stmt_brief(A->a, ps), *bq = orc_stmt_brief(A->a, qs);
		put_diag(buf, sizeof buf, "statement changed at ", "", l, bp, " became ", bq);
		fail(A, l, "statement changed", buf);
	}
}

static void record(Align *A, const Stmt *s, const Stmt *qparent, const Stmt *p_next,
                   const Stmt *pparent, int branch, int ord);
/* What aligning a list or an item found besides success: the erased Q
 * node (A->erase), whether anything below was inserted, and (A->copy)
 * whether the P node is a copy of the erased one at copy depth d:
 * copy_of(P node, erased node, d) when 1; 0 is that or "not worked out". */
typedef struct Out {
	Stmt *erased;
	int changed;
	int copy;
} Out;

static int align_list(Align *A, const Stmt *pparent, const Stmt *const *pslot,
                      const Stmt *qparent, const Stmt *const *qslot, int branch, int d, Out *out);
static int copy_of(const Stmt *a, const Stmt *b, int depth);
static int same_but_exprs(Stmt *x, Stmt *y);

/* The erased bodies of a statement, handed to ir_map_bodies in its order. */
typedef struct Bodies {
	Stmt *b[2]; /* no statement but a sequence has more than two bodies */
	int i;
} Bodies;

static Stmt *
next_body(Stmt *body, void *ctx)
{
	Bodies *B = ctx;
	(void)body;
	return B->b[B->i++];
}

/* copy_of(p, r, d) for r, q with its bodies replaced by erased ones (q
 * itself when !changed), whose copy_of with p's bodies at depth d + 1
 * is body_copy[]: copy_of's field comparison, as it would go on r.
 * bytes: same_fields_bytes(p, q), or -1 when not worked out; n: how many
 * bodies p has (body_slots). */
static int
fields_copy(const Stmt *p, const Stmt *q, int changed, const int *body_copy, int n, int d, int bytes)
{
	if (!changed && p == q)
		return 1;
	if (p->kind != q->kind || d > IR_MAX_DEPTH || p->kind == ST_SEQ)
		return 0;
	for (int i = 0; i < n; i++)
		if (!body_copy[i])
			return 0;
	if (bytes < 0 ? same_fields_bytes(p, q) : bytes)
		return 1;
	if (p->kind != ST_EVAL && p->kind != ST_STORE)
		return 0; /* same_but_exprs looks at no other kind */
	Stmt x, y; /* a node has the bytes of its kind only (ir_stmt_size; one kind) */
	size_t size = ir_stmt_size(p->kind);
	memset(&x, 0, sizeof x);
	memset(&y, 0, sizeof y);
	memcpy(&x, p, size);
	memcpy(&y, q, size);
	x.loc = y.loc = (Loc){0, 0};
	return same_but_exprs(&x, &y);
}

static int align_children(Align *A, const Stmt *p, const Stmt *q, int d, int bytes, Out *out);
static int self_count(const Stmt *s, int strict, int depth);

/* align_list for a body slot, the common case taken without its list
 * machinery: P's and Q's bodies each one statement (no sequence), the same
 * node or two that item_match pairs.  align_list would number that one
 * item, recurse into it with A->depth one deeper and the copy depth d, and
 * give back the erased item itself (ir_seq of one) and its copy answer
 * (list_copy of one kept item, no sequence); anything else goes to it. */
static int
align_body(Align *A, const Stmt *pparent, Stmt *const *pslot, const Stmt *qparent, Stmt *const *qslot,
           int branch, int d, Out *out)
{
	const Stmt *p = *pslot, *q = *qslot;
	int bytes;
	if (!p || !q || p->kind == ST_SEQ || q->kind == ST_SEQ || A->depth + 1 > IR_MAX_DEPTH)
		goto general;
	if (p == q) {
		int c = q->kind == ST_EVAL || q->kind == ST_STORE ? 0 : self_count(q, A->strict, A->depth + 1);
		if (c < 0)
			goto general;
		A->ord += 1 + c;
		*out = (Out){(Stmt *)q, 0, A->copy};
		return 1;
	}
	if (!item_match(A, p, q, &bytes))
		goto general;
	A->ord++;
	A->depth++;
	int ok = align_children(A, p, q, d, bytes, out);
	A->depth--;
	if (!ok) {
		path_push(A, 0);
		*out = (Out){(Stmt *)q, 0, 0};
	}
	return ok;
general:
	return align_list(A, pparent, (const Stmt *const *)pslot, qparent, (const Stmt *const *)qslot, branch,
	                  d, out);
}

/* The bodies of p and q (one kind) in order, if's then as branch 0 and else
 * as branch 1; a sequence's items are aligned by align_list itself.  With
 * A->erase, out->erased is q with the insertions below it erased: q itself
 * when there are none, else the copy ir_map_bodies makes with the erased
 * bodies (as orc_erase does, node for node).  d: the copy depth of p;
 * bytes: item_match's. */
static int
align_children(Align *A, const Stmt *p, const Stmt *q, int d, int bytes, Out *out)
{
	*out = (Out){(Stmt *)q, 0, 0};
	if (p->kind == ST_SEQ) {
		out->copy = A->copy && copy_of(p, q, d);
		return 1;
	}
	unsigned off = ir_body_offsets[p->kind];
	if (off) { /* the one body of the kinds that have one, at one offset in p and q */
		Stmt *const *pb = (Stmt *const *)((const char *)p + off);
		Stmt *const *qb = (Stmt *const *)((const char *)q + off);
		Out o = {NULL, 0, 1};
		if ((*pb || *qb || A->depth + 1 > IR_MAX_DEPTH) && !align_body(A, p, pb, q, qb, 0, d + 1, &o)) {
			path_push(A, 0);
			return 0;
		}
		out->changed = o.changed;
		if (o.changed && A->erase) {
			Bodies B = {{o.erased, NULL}, 0};
			out->erased = ir_map_bodies(A->a, q, next_body, &B);
		}
		if (A->copy)
			out->copy = fields_copy(p, q, o.changed, &o.copy, 1, d, bytes);
		return 1;
	}
	Stmt **ps[2], **qs[2];
	int n = body_slots(p, ps);
	for (int i = 0; i < n; i++) /* q is of p's kind: its slots at the same offsets */
		qs[i] = (Stmt **)((char *)q + ((char *)ps[i] - (char *)p));
	Bodies B = {{NULL, NULL}, 0};
	int body_copy[2] = {0, 0};
	for (int branch = 0; branch < n; branch++) {
		Out o = {NULL, 0, 1};
		/* Two absent bodies (an if without else) align as empty lists,
		 * with nothing to number or erase, unless too deep to align. */
		if ((*ps[branch] || *qs[branch] || A->depth + 1 > IR_MAX_DEPTH) &&
		    !align_body(A, p, ps[branch], q, qs[branch], branch, d + 1, &o)) {
			path_push(A, branch);
			return 0;
		}
		B.b[branch] = o.erased;
		body_copy[branch] = o.copy;
		out->changed |= o.changed;
	}
	if (out->changed && A->erase)
		out->erased = ir_map_bodies(A->a, q, next_body, &B);
	if (A->copy)
		out->copy = fields_copy(p, q, out->changed, body_copy, n, d, bytes);
	return 1;
}

static void
record(Align *A, const Stmt *s, const Stmt *qparent, const Stmt *p_next, const Stmt *pparent,
       int branch, int ord)
{
	if (A->nins == A->cap) {
		A->cap = A->cap ? 2 * A->cap : 16;
		A->ins = realloc(A->ins, sizeof *A->ins * (size_t)A->cap);
		if (!A->ins)
			abort();
	}
	A->ins[A->nins++] = (Inserted){
		.stmt = s, .parent = qparent, .p_next = p_next, .p_parent = pparent,
		.branch = branch, .index = ord,
	};
}

/* A statement shared by P and Q (one node: the models rebuild only the path
 * down to what they change) aligns with itself item by item with nothing
 * inserted, every item_match being 1 (same_expr and the name comparisons
 * are reflexive: identical nodes compare equal at once), unless a body
 * list holds a sequence as an item (no match when strict) or the lists nest
 * past IR_MAX_DEPTH.  self_count says how many list items that alignment
 * numbers below s (A->ord), without comparing them, or -1 when it would not
 * succeed that way (the caller aligns it then).  depth: A->depth at s's list. */
static int
self_count(const Stmt *s, int strict, int depth)
{
	int n = 0;
	/* Down a chain of single-body statements whose body is one compound
	 * statement, in a loop: each counts one item and what is below it. */
	for (;;) {
		if (s->kind == ST_SEQ || s->kind == ST_EVAL || s->kind == ST_STORE)
			return n; /* align_children leaves a sequence item alone; leaves have no body */
		unsigned off = ir_body_offsets[s->kind];
		if (!off)
			break; /* an if: its two bodies below */
		if (depth + 1 > IR_MAX_DEPTH)
			return -1;
		const Stmt *body = *(Stmt *const *)((const char *)s + off);
		if (!body)
			return n;
		if (body->kind == ST_SEQ)
			break;
		n++;
		s = body;
		depth++;
	}
	Stmt **slots[2];
	int nslots = body_slots(s, slots);
	for (int b = 0; b < nslots; b++) {
		if (depth + 1 > IR_MAX_DEPTH)
			return -1;
		int m;
		const Stmt *const *items = list_of((const Stmt *const *)slots[b], &m);
		for (int k = 0; k < m; k++) {
			StmtKind kind = items[k]->kind;
			if (kind == ST_EVAL || kind == ST_STORE) {
				n++; /* a leaf: self_count 0, without the call */
				continue;
			}
			if (strict && kind == ST_SEQ)
				return -1;
			int c = self_count(items[k], strict, depth + 1);
			if (c < 0)
				return -1;
			n += 1 + c;
		}
	}
	return n;
}

static int
is_noop(const Stmt *s)
{
	return s->kind == ST_EVAL && s->u.eval.value->kind == EX_INT && ir_int_value(s->u.eval.value) == 0;
}

/* Whether ir_seq would not keep the items as they are: a sequence among
 * them, or a T.evaluate(0) among more than one (the kept items are of
 * their Q items' kinds, a leaf kept as it is). */
static int
odd_items(Stmt *const *kept, int n)
{
	int noop = 0;
	for (int k = 0; k < n; k++) {
		if (kept[k]->kind == ST_SEQ)
			return 1;
		noop |= is_noop(kept[k]);
	}
	return n > 1 && noop;
}

/* copy_of(*pslot, erased Q list, d) from the copies of the items kept
 * (icopy: all are copies of their P items, at depth d + 1 when *pslot is a
 * sequence, else d), following ir_seq's shape for a list that changed:
 * one item stands alone, more make a sequence; the rarer shapes (no item
 * left, a sequence among them, a T.evaluate(0) that ir_seq drops) are not
 * worked out. */
static int
list_copy(const Stmt *pb, const Stmt *qb, int changed, int nkept, int odd, int icopy, int d)
{
	int pseq = pb && pb->kind == ST_SEQ;
	if (!changed) {
		if (pb == qb)
			return 1;
		if (!pb || !qb || pseq != (qb->kind == ST_SEQ))
			return 0;
		return (!pseq || d <= IR_MAX_DEPTH) && icopy;
	}
	if (nkept == 0 || odd)
		return 0;
	if (nkept == 1)
		return !pseq && icopy;
	return pseq && d <= IR_MAX_DEPTH && icopy;
}

/* The run of shared items from pi[i] and qi[j] on (one node on both sides,
 * which align with themselves: self_count), numbered and kept in one loop:
 * how many, stopping at the first item that is not shared or whose
 * self_count is -1 (the caller aligns that one). */
static inline int
take_shared(Align *A, const Stmt *const *pi, int np, int i, const Stmt *const *qi, int nq, int j,
            Stmt **kept, int strict)
{
	int ord = A->ord, k = 0;
	int n = np - i < nq - j ? np - i : nq - j;
	for (; k < n && pi[i + k] == qi[j + k]; k++) {
		const Stmt *s = qi[j + k];
		StmtKind kind = s->kind;
		if (kind != ST_EVAL && kind != ST_STORE) { /* a leaf: self_count 0, without the call */
			int c = strict && kind == ST_SEQ ? -1 : self_count(s, strict, A->depth);
			if (c < 0)
				break;
			ord += c;
		}
		ord++;
		kept[k] = (Stmt *)s;
	}
	A->ord = ord;
	return k;
}

/* With A->erase, out->erased gets Q's list with the insertions erased, as
 * orc_erase builds it: the list itself when nothing in it or below it was
 * inserted, else ir_seq of the items kept (each erased below).  d: the
 * copy depth of the list's node (A->copy). */
static int
align_list(Align *A, const Stmt *pparent, const Stmt *const *pslot, const Stmt *qparent,
           const Stmt *const *qslot, int branch, int d, Out *out)
{
	int np, nq;
	const Stmt *const *pi = list_of(pslot, &np);
	const Stmt *const *qi = list_of(qslot, &nq);
	*out = (Out){(Stmt *)*qslot, 0, 0};
	if (++A->depth > IR_MAX_DEPTH) {
		fail(A, best_loc(pparent, qparent), "nesting too deep", "nesting too deep to align");
		return 0;
	}
	/* The inserted q items (their index in qi and the ins[] entry each
	 * got, in order), to fill in `next` after; and the q items kept,
	 * erased below. */
	enum { SMALL = 32 };
	int small_at[SMALL], small_slot[SMALL];
	Stmt *small_kept[SMALL];
	int *ins_at = small_at, *slot_of = small_slot;
	Stmt **kept = small_kept;
	if (nq > SMALL) {
		ins_at = malloc(sizeof *ins_at * (size_t)nq);
		slot_of = malloc(sizeof *slot_of * (size_t)nq);
		kept = malloc(sizeof *kept * (size_t)nq);
		if (!ins_at || !slot_of || !kept)
			abort();
	}
	int nins = 0;
	int dd = *pslot && (*pslot)->kind == ST_SEQ ? d + 1 : d;
	int i = 0, ok = 1, nkept = 0, changed = 0, icopy = 1;
	const int strict = A->strict;
	for (int j = 0; j < nq && ok; j++) {
		const Stmt *qs = qi[j];
		int bytes;
		if (i < np && pi[i] == qs) {
			int k = take_shared(A, pi, np, i, qi, nq, j, kept + nkept, strict);
			if (k) {
				i += k;
				nkept += k;
				j += k - 1;
				continue;
			}
		}
		int ord = A->ord++;
		int insertable = is_insertable(qs);
		if (i < np && match_given(A, pi[i], qs, insertable, &bytes)) {
			Out o;
			ok = align_children(A, pi[i], qs, dd, bytes, &o);
			if (!ok)
				path_push(A, i);
			i++;
			kept[nkept++] = o.erased;
			changed |= o.changed;
			icopy &= o.copy;
		} else if (insertable) {
			ins_at[nins] = j;
			slot_of[nins++] = A->nins;
			record(A, qs, qparent, i < np ? pi[i] : NULL, pparent, branch, ord);
			changed = 1;
			continue;
		} else {
			diagnose(A, pi, np, i, qi, nq, j, pparent);
			A->stop = i < np ? pi[i] : NULL;
			A->npath = 0;
			path_push(A, i);
			ok = 0;
			continue;
		}
	}
	if (ok && i < np) {
		char buf[400];
		Loc l = best_loc(pi[i], pparent);
		put_diag(buf, sizeof buf, "statement lost at ", "", l, orc_stmt_brief(A->a, pi[i]), NULL, NULL);
		fail(A, l, "statement lost", buf);
		ok = 0;
	}
	if (ok) {
		/* An inserted item's next: the first item after it not inserted. */
		const Stmt *next = NULL;
		for (int k = nins - 1; k >= 0; k--) {
			int j = ins_at[k];
			if (k + 1 == nins || ins_at[k + 1] != j + 1)
				next = j + 1 < nq ? qi[j + 1] : NULL;
			A->ins[slot_of[k]].next = next;
		}
		out->changed = changed;
		if (changed && A->erase)
			out->erased = ir_seq(A->a, kept, nkept);
		if (A->copy)
			out->copy = list_copy(*pslot, *qslot, changed, nkept, changed && odd_items(kept, nkept), icopy, d);
	}
	if (slot_of != small_slot) {
		free(ins_at);
		free(slot_of);
		free(kept);
	}
	A->depth--;
	return ok;
}

/* ---- erasing ------------------------------------------------------------------ */

typedef struct Eraser {
	Arena *a;
	const unsigned char *drop; /* by preorder number */
	int ndrop;
	int ord;
} Eraser;

static Stmt *erase_list(Eraser *E, Stmt *body);

static Stmt *
erase_list_fn(Stmt *body, void *ctx)
{
	return erase_list(ctx, body);
}

static Stmt *
erase_item(Eraser *E, Stmt *s)
{
	if (s->kind == ST_SEQ)
		return s;
	return ir_map_bodies(E->a, s, erase_list_fn, E);
}

static Stmt *
erase_list(Eraser *E, Stmt *body)
{
	if (!body)
		return NULL;
	if (E->ord >= E->ndrop)
		return body; /* past the last insertion: nothing left to erase */
	int n;
	Stmt *const *items = (Stmt *const *)list_of((const Stmt *const *)&body, &n);
	Stmt **kept = ar_alloc(E->a, sizeof *kept * (size_t)n);
	int k = 0, changed = 0;
	for (int i = 0; i < n; i++) {
		int ord = E->ord++;
		if (ord < E->ndrop && E->drop[ord]) {
			changed = 1;
			continue;
		}
		Stmt *c = erase_item(E, items[i]);
		changed |= c != items[i];
		kept[k++] = c;
	}
	if (!changed)
		return body;
	return ir_seq(E->a, kept, k);
}

Func *
orc_erase(const Func *q, const Inserted *ins, int nins, Arena *a)
{
	int max = -1;
	for (int i = 0; i < nins; i++)
		if (ins[i].index > max)
			max = ins[i].index;
	if (max < 0)
		return (Func *)q;
	unsigned char *drop = calloc((size_t)max + 1, 1);
	if (!drop)
		abort();
	for (int i = 0; i < nins; i++)
		drop[ins[i].index] = 1;
	Eraser E = {a, drop, max + 1, 0};
	Stmt *body = erase_list(&E, q->body);
	free(drop);
	return body == q->body ? (Func *)q : ir_func_with_body(a, q, body);
}

/* ---- copies ------------------------------------------------------------------------ */

/* 1 when b is a copy of a: the same node, or a node of a's kind whose
 * fields other than its bodies and location are a's byte for byte (the
 * same expressions, variables, buffers and strings, by pointer), with
 * bodies that are copies of a's.  Models and orc_erase rebuild only the
 * path down to what they change (ir_copy_stmt, ir_with_body, ir_seq), so
 * an output that changed nothing is a copy of its input.  A copy compares
 * exactly as a tree compares with itself, so ir_equal_func(a, b) is 1 (that
 * equality is reflexive: floats by bits, every variable mapped to itself):
 * the judges skip the structural walk for it.  0 says nothing.
 * A call or store statement a model rebuilt with new expression nodes (a
 * call built again with the same operands) is still a copy when each of its
 * expressions equals a's field by field with the same variables and buffers
 * (same_but_exprs): such a pair too compares as a tree with itself. */
static int
copy_var(void *ctx, const Var *a, const Var *b)
{
	(void)ctx;
	return a == b;
}

static int
copy_buf(void *ctx, Buffer *a, Buffer *b)
{
	(void)ctx;
	return a == b;
}

/* x and y, local copies of two leaf statements of one kind (a call or a
 * store) with their locations cleared: 1 when their fields are the same
 * bytes once their expressions, equal pairwise with the same variables and
 * buffers, are set aside.  (Only the local copies are written: a store's
 * index array belongs to the IR.) */
static int
same_but_exprs(Stmt *x, Stmt *y)
{
	static const IrEqHooks same = {.var = copy_var, .buf = copy_buf, .identical = 1,
	                               .max_depth = IR_MAX_DEPTH};
	if (x->kind == ST_STORE) {
		if (x->u.store.nidx != y->u.store.nidx)
			return 0;
		for (int i = 0; i < x->u.store.nidx; i++)
			if (!ir_expr_eq(x->u.store.idx[i], y->u.store.idx[i], &same))
				return 0;
		x->u.store.idx = y->u.store.idx = NULL;
		if (!ir_expr_eq(x->u.store.value, y->u.store.value, &same))
			return 0;
		x->u.store.value = y->u.store.value = NULL;
	} else if (x->kind == ST_EVAL) {
		if (!ir_expr_eq(x->u.eval.value, y->u.eval.value, &same))
			return 0;
		x->u.eval.value = y->u.eval.value = NULL;
	} else
		return 0;
	return memcmp(x, y, sizeof *x) == 0;
}

static int
copy_of(const Stmt *a, const Stmt *b, int depth)
{
	if (a == b)
		return 1;
	if (!a || !b || a->kind != b->kind || depth > IR_MAX_DEPTH)
		return 0;
	if (a->kind == ST_SEQ) {
		if (a->u.seq.n != b->u.seq.n)
			return 0;
		for (int i = 0; i < a->u.seq.n; i++)
			if (!copy_of(a->u.seq.items[i], b->u.seq.items[i], depth + 1))
				return 0;
		return 1;
	}
	Stmt x, y; /* a node has the bytes of its kind only (ir_stmt_size) */
	memset(&x, 0, sizeof x);
	memset(&y, 0, sizeof y);
	memcpy(&x, a, ir_stmt_size(a->kind));
	memcpy(&y, b, ir_stmt_size(b->kind));
	Stmt **sx[2], **sy[2];
	int n = body_slots(&x, sx);
	body_slots(&y, sy);
	for (int i = 0; i < n; i++) {
		if (!copy_of(*sx[i], *sy[i], depth + 1))
			return 0;
		*sx[i] = *sy[i] = NULL;
	}
	x.loc = y.loc = (Loc){0, 0};
	return memcmp(&x, &y, sizeof x) == 0 || same_but_exprs(&x, &y);
}

int
orc_func_is_copy(const Func *a, const Func *b)
{
	if (a == b)
		return 1;
	if (!a || !b || !copy_of(a->body, b->body, 0))
		return 0;
	Func x = *a, y = *b;
	x.body = y.body = NULL;
	return memcmp(&x, &y, sizeof x) == 0;
}

/* ---- the verdict ------------------------------------------------------------------ */

/* With A->erase, *back (when it succeeds) is orc_erase(q, A->ins, A->nins);
 * with A->copy, *is_copy is 1 when orc_func_is_copy(p, that) is (0: it
 * is not, or it is not worked out). */
static inline __attribute__((always_inline)) int
run_align(Align *A, const Func *p, const Func *q, Func **back, int *is_copy)
{
	A->nins = 0;
	A->ord = 0;
	A->depth = 0;
	A->failed = 0;
	Out o;
	int ok = align_list(A, NULL, (const Stmt *const *)&p->body, NULL,
	                    (const Stmt *const *)&q->body, 0, 0, &o);
	if (ok && back)
		*back = !o.changed ? (Func *)q : ir_func_with_body(A->a, q, o.erased);
	if (ok && is_copy) {
		/* Erased, q's fields with another body: orc_func_is_copy's test of them. */
		Func x = *p, y = *q;
		x.body = y.body = NULL;
		*is_copy = !o.changed ? orc_func_is_copy(p, q) : o.copy && memcmp(&x, &y, sizeof x) == 0;
	}
	return ok;
}

/* 1 when ir_equal_func(p, b) is surely 0, seen on the way down to A->stop,
 * the P statement the strict alignment stopped at: along A->path, b has a
 * node of another kind, a sequence of another length or a missing body
 * where p has one, or at the end a loop whose step is there or not, or
 * whose kind, is not p's.  ir_equal_func compares every node of p with b's
 * at the same place in these fields first.  0 says nothing. */
static int
unequal_at_stop(const Align *A, const Func *p, const Func *b)
{
	if (!A->stop || A->npath <= 0 || !(A->npath & 1))
		return 0;
	const Stmt *x = p->body, *y = b->body;
	for (int k = A->npath - 1;; k--) {
		if (!x || !y)
			return x != y;
		if (x->kind != y->kind)
			return 1;
		if (x == y)
			return 0;
		if ((A->npath - 1 - k) % 2 == 0) { /* an item of a list */
			if (x->kind == ST_SEQ) {
				if (x->u.seq.n != y->u.seq.n)
					return 1;
				if (A->path[k] >= x->u.seq.n)
					return 0;
				x = x->u.seq.items[A->path[k]];
				y = y->u.seq.items[A->path[k]];
				if (!x || !y)
					return x != y;
				if (x->kind != y->kind)
					return 1;
			} else if (A->path[k] != 0) {
				return 0;
			}
			if (k == 0)
				break;
		} else { /* a body of the statement */
			Stmt **sx[2], **sy[2];
			int n = body_slots(x, sx);
			body_slots(y, sy);
			if (A->path[k] >= n)
				return 0;
			x = *sx[A->path[k]];
			y = *sy[A->path[k]];
		}
	}
	if (x != A->stop || x == y)
		return 0;
	return x->kind == ST_FOR &&
	       (!x->u.for_.step != !y->u.for_.step || x->u.for_.kind != y->u.for_.kind);
}

int
orc_align_explain(const Func *p, const Func *q, Arena *a, Inserted **ins, int *nins, Loc *where,
                  const char **what, char *why, size_t whylen)
{
	return orc_align_explain_shape(p, q, a, ins, nins, where, what, why, whylen, NULL, NULL);
}

/* The copy of A's insertions in a (one item at least, as the callers read them). */
static Inserted *
keep_ins(const Align *A, Arena *a)
{
	Inserted *x = ar_alloc(a, sizeof *x * (size_t)(A->nins ? A->nins : 1));
	if (A->nins)
		memcpy(x, A->ins, sizeof *x * (size_t)A->nins);
	return x;
}

int
orc_align_explain_shape(const Func *p, const Func *q, Arena *a, Inserted **ins, int *nins,
                        Loc *where, const char **what, char *why, size_t whylen,
                        Inserted **shape_ins, int *shape_nins)
{
	/* The strict pass says whether P is a copy of Q erased without building
	 * it; the rare other outcome erases and compares as ever. */
	Align A;
	align_begin(&A, a, 1, 1);
	Func *back = NULL;
	int is_copy = 0;
	int ok = run_align(&A, p, q, NULL, &is_copy);
	Loc at = A.where;
	const char *cat = A.what;
	char msg[sizeof A.why]; /* read only when not preserved */
	if (!ok)
		copy_str(msg, sizeof msg, A.why);
	if (ok && !is_copy) {
		back = orc_erase(q, A.ins, A.nins, a);
		if (!orc_func_is_copy(p, back) && !ir_equal_func(p, back)) {
			ok = 0;
			const Stmt *first = p->body;
			if (first && first->kind == ST_SEQ)
				first = first->u.seq.items[0];
			at = first ? first->loc : (Loc){0, 0};
			if (!ir_equal_func(p, ir_func_with_body(a, q, p->body))) {
				cat = "function changed";
				snprintf(msg, sizeof msg, "function %s: parameters, attributes or buffers changed",
				         p->name ? p->name : "?");
			} else {
				cat = "bindings changed";
				snprintf(msg, sizeof msg,
				         "function %s: statements align by name but differ structurally "
				         "(variable or buffer bindings)",
				         p->name ? p->name : "?");
			}
		}
	} else if (!ok) {
		/* An external model may rename bound variables: judge by shape.
		 * The shape alone is orc_align_shape's alignment (erasing changes
		 * nothing that it records). */
		A.strict = 0;
		A.copy = 0;
		A.erase = 1;
		int shaped = run_align(&A, p, q, &back, NULL);
		if (shaped && !unequal_at_stop(&A, p, back) && ir_equal_func(p, back))
			ok = 1;
		else if (shaped && shape_ins) {
			*shape_ins = keep_ins(&A, a);
			*shape_nins = A.nins;
		}
	}
	if (ok) {
		if (ins)
			*ins = keep_ins(&A, a);
		if (nins)
			*nins = A.nins;
	} else {
		if (where)
			*where = at;
		if (what)
			*what = cat ? cat : "not preserved";
		if (why && whylen)
			copy_str(why, whylen, msg);
	}
	align_end(&A);
	return ok ? 0 : -1;
}

int
orc_align_shape(const Func *p, const Func *q, Arena *a, Inserted **ins, int *nins)
{
	Align A;
	align_begin(&A, a, 0, 0);
	int ok = run_align(&A, p, q, NULL, NULL);
	if (ok) {
		*ins = keep_ins(&A, a);
		*nins = A.nins;
	}
	align_end(&A);
	return ok ? 0 : -1;
}

int
orc_align(const Func *p, const Func *q, Arena *a, Inserted **ins, int *nins, Loc *where)
{
	return orc_align_explain(p, q, a, ins, nins, where, NULL, NULL, 0);
}

int
orc_preservation(const Func *p, const Func *q, const char *model, FindingList *out)
{
	Loc where = {0, 0};
	const char *what = NULL;
	char why[400];
	if (orc_align_explain(p, q, out->arena, NULL, NULL, &where, &what, why, sizeof why) == 0)
		return 0;
	return orc_preservation_report(where, what, why, model, out);
}

int
orc_preservation_report(Loc where, const char *what, const char *why, const char *model,
                        FindingList *out)
{
	Finding *f = fl_add(out, FK_NOT_PRESERVED, model, "preservation",
	                    "preservation (docs/semantics.md \u00a75.5): erasing the inserted fences (and, for legacy, the "
	                    "handshake) must give back the input exactly",
	                    where);
	if (!out->keys_only) { /* fl_set_message's "%s" of why, cut as its buffer cuts */
		size_t n = strlen(why);
		f->message = ar_strndup(out->arena, why, n < 1023 ? n : 1023);
	}
	fl_add_step(out, f, where, what);
	f->strength_note = ar_strdup(out->arena, "structural equality after erasing insertions");
	fl_sign(f);
	return 1;
}
