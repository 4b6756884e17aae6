/* read.c: the TVMScript parser (docs/tvmscript.md), the inverse of print.c.
 *
 * Recursive descent over the tokens of lex.c, one function per construct
 * with its grammar above it.  Names resolve through a stack of bindings; a
 * hash table maps each name to its innermost binding, and a suite pops what
 * it bound, so shadowing and scopes cost O(1) per name.
 *
 * Frame statements written flat (docs/tvmscript.md §2: `x: T.int32 = v`,
 * `p = T.allocate(..)`, `assert c, "m"`, ...) become items whose body is the
 * rest of their suite; a suite folds its items from the end, so a long run of
 * flat frames nests the IR without nesting the parser.
 *
 * Bounds: the lexer limits brackets and indentation to IR_MAX_DEPTH; the
 * expression parser counts its own recursion against the same bound; after
 * parsing, a bounded walk checks the nesting of the IR itself (flat frames,
 * T.grid, T.Kernel and comparison chains nest the IR deeper than the text),
 * so whatever is accepted also verifies and prints.  Each expression's
 * height is kept as it is built (Expr.height), so the walk looks at
 * expressions only when one of them is higher than the bound.  Every error is a
 * located diagnostic through rd_error(), which longjmps to ir_read().
 *
 * Both TVMScript eras (docs/tvmscript-eras.md) read into the same IR; the
 * header line sets Parser.era, which decides the few spellings whose meaning
 * differs: T.alloc_buffer (a block buffer at seed, a statement at head),
 * `x = v` over a let's variable (a new variable at seed, a re-bind at head),
 * and T.Kernel (thread launches at seed, thread_binding loops at head).
 *
 * Buffers and definitions that the printer hoists (match_buffer, root and
 * block alloc_buffer, func_attr, free vars, env threads) may only refer to
 * names that are visible where they will be printed; a "hoist check" watches
 * every name resolved while their arguments are parsed.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_internal.h"
#include "vocab.h"

typedef struct Parser Parser;

#define DEFINE_VEC(Name, T)                                                      \
	typedef struct Name {                                                        \
		T *v;                                                                    \
		int n, cap;                                                              \
	} Name;                                                                      \
	static void Name##_push(Parser *p, Name *x, T e);

DEFINE_VEC(ExprVec, Expr *)
DEFINE_VEC(StmtVec, Stmt *)
DEFINE_VEC(VarVec, Var *)
DEFINE_VEC(BufVec, Buffer *)
DEFINE_VEC(TokVec, Tok *)
DEFINE_VEC(StrVec, const char *)

/* Definitions the printer places before the function body, in this order:
 * a name bound at one of these levels is visible to everything hoisted at
 * the same or a later level. */
enum { G_LOCAL, G_FREE, G_MATCH, G_ROOT };

enum { BIND_VAR, BIND_BUF };

typedef struct Bind {
	const char *name;
	Sym *sym;        /* its Sym.top is the innermost binding of the name */
	int kind;
	Var *var;
	Buffer *buf;
	const char *tag; /* env thread: its thread tag */
	int glevel;      /* G_* */
	int prev;        /* binding of the same name it shadows, or -1 */
	int is_let;      /* a let's var: head's `x = v` re-binds it */
} Bind;

/* The block whose body is being parsed: alloc_buffer and tl alloc sugar
 * append to it, and its leading T.reads/T.writes/T.where/T.block_attr fill
 * its fields. */
typedef struct BlockCtx {
	struct BlockCtx *up;
	int level;       /* suite level of the block body */
	int mark;        /* bindings visible at the start of the block */
	int is_root;     /* `with T.block("root"):` written out */
	int header_open; /* no statement with a node yet */
	const char *name;
	Expr *reads, *writes, *where, *attrs;
	BufVec allocs;
	TokVec alloc_toks; /* where each alloc is defined */
} BlockCtx;

/* A suite's items: [base, base + n) of the parser's item stack (a suite
 * nested in it pushes above and pops before the next item is added). */
typedef struct Items {
	int base, n;
} Items;

struct Parser {
	Reader r;
	Program *result;
	IrEra era;         /* from the header line; seed without one */
	int era_line;      /* where the header said so, 0 if none */
	int pos; /* index of the current token */
	/* Token pos, and how many tokens are lexed in its chunk from there:
	 * for k < left, peek(k) is cur + k. */
	Tok *cur;
	int left;

	Bind *binds;
	int nbinds, capbinds;

	/* The item stack of the suites being parsed, and for each item its
	 * mark: ITEM_FRAME when it is a frame whose body is the rest of its
	 * suite, and the item's height (ITEM_HEIGHT bits, saturated): scratch,
	 * reused, so that a suite's sequence is built once at its exact size. */
	Stmt **items;
	unsigned char *frames;
	int nitems, capitems;
	/* Statement heights as the IR nests them (a sequence takes none, as
	 * the depth walk counts), an upper bound: sh is that of the last
	 * suite folded.  deep: one reached DEEP_HEIGHT, so the walk after
	 * parsing looks at the statements. */
	int sh;
	int deep;

	int level;  /* suite nesting */
	int edepth; /* expression recursion */
	long nodes;
	int nchains; /* comparison chains built so far */
	int max_height;    /* of the expressions built (ex_height) */
	int height_unknown; /* one had a child of unknown height */
	int walk_exprs;     /* the depth walk looks at expressions */

	/* The function being parsed. */
	Func *f;
	int fn_level, fn_mark;
	VarVec free_vars, env;
	BufVec matches, roots;
	ExprVec attr_keys, attr_vals;
	BlockCtx *blk;
	int any_block;
	StrVec hoisted;      /* names printed before the body, for uniqueness */
	TokVec hoisted_toks;

	/* While on, every name resolved must be visible at a hoisting point:
	 * bound below hoist_mark, or at a G_* level in 1..hoist_glevel. */
	int hoist_on, hoist_mark, hoist_glevel;
	const char *hoist_what;
};

#define VEC_PUSH_BODY(Name, T)                                                   \
	static void Name##_push(Parser *p, Name *x, T e)                             \
	{                                                                            \
		if (x->n == x->cap) {                                                    \
			int cap = x->cap ? x->cap * 2 : 8;                                   \
			T *nv = ar_alloc(p->r.a, sizeof *nv * (size_t)cap);                  \
			if (x->n)                                                            \
				memcpy(nv, x->v, sizeof *nv * (size_t)x->n);                     \
			x->v = nv;                                                           \
			x->cap = cap;                                                        \
		}                                                                        \
		x->v[x->n++] = e;                                                        \
	}

VEC_PUSH_BODY(ExprVec, Expr *)
VEC_PUSH_BODY(StmtVec, Stmt *)
VEC_PUSH_BODY(VarVec, Var *)
VEC_PUSH_BODY(BufVec, Buffer *)
VEC_PUSH_BODY(TokVec, Tok *)
VEC_PUSH_BODY(StrVec, const char *)

/* A vector gathered in inl (on the stack) to the arena at its exact size;
 * NULL when empty.  One that outgrew inl is in the arena already. */
#define VEC_INL(inl) {(inl), 0, (int)(sizeof(inl) / sizeof((inl)[0]))}
static void
exact(Parser *p, ExprVec *x, Expr **inl)
{
	if (x->v == inl)
		x->v = x->n ? (Expr **)ar_dup_array(p->r.a, (void *const *)inl, x->n) : NULL;
	else if (!x->n)
		x->v = NULL;
	x->cap = x->n;
}

/* ---- errors and tokens --------------------------------------------------- */

static _Noreturn void err_at(Parser *p, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static _Noreturn void err(Parser *p, const Tok *t, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static _Noreturn void
verr(Parser *p, int line, int col, const char *fmt, va_list ap)
{
	char buf[320];
	vsnprintf(buf, sizeof buf, fmt, ap);
	rd_error(&p->r, line, col, "%s", buf);
}

static _Noreturn void
err_at(Parser *p, int line, int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verr(p, line, col, fmt, ap);
}

static _Noreturn void
err(Parser *p, const Tok *t, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verr(p, t->line, t->col, fmt, ap);
}

static Tok *
peek_more(Parser *p, int k)
{
	Reader *r = &p->r;
	while (p->pos + k >= r->ntoks && !r->lx.done)
		rd_lex_more(r);
	if (p->pos < r->ntoks) {
		/* Chunks before the last are full; the last holds what is lexed. */
		int base = p->pos & ~(TOK_CHUNK - 1);
		int end = r->ntoks - base < TOK_CHUNK ? r->ntoks - base : TOK_CHUNK;
		p->cur = rd_tok(r, p->pos);
		p->left = end - (p->pos - base);
	}
	int i = p->pos + k;
	if (i >= r->ntoks)
		i = r->ntoks - 1;
	return rd_tok(r, i);
}

/* Token pos+k, lexing up to it; past the end, the TK_EOF token. */
static inline __attribute__((always_inline)) Tok *
peek(Parser *p, int k)
{
	if ((unsigned)k < (unsigned)p->left)
		return p->cur + k;
	return peek_more(p, k);
}

static inline __attribute__((always_inline)) Tok *
tok(Parser *p)
{
	return peek(p, 0);
}

static inline __attribute__((always_inline)) Tok *
next(Parser *p)
{
	Tok *t = peek(p, 0);
	if (t->kind != TK_EOF) {
		p->pos++;
		p->cur++;
		p->left--;
	}
	return t;
}

/* A copy of t in the arena, valid for the whole read (a Tok* from peek()
 * is valid until the next statement starts). */
static Tok *
keep(Parser *p, const Tok *t)
{
	Tok *c = ar_alloc(p->r.a, sizeof *c);
	*c = *t;
	return c;
}

/* The comparisons below are inlined, so that with a literal s the length
 * and the packed operator are constants. */
#define RD_INLINE static inline __attribute__((always_inline))

RD_INLINE int
text_is(const Tok *t, const char *s)
{
	size_t n = __builtin_strlen(s);
	return (size_t)t->len == n && memcmp(t->s, s, n) == 0;
}

/* s (1 to 3 bytes) packed as the lexer packs TK_OP tokens. */
RD_INLINE unsigned
op_code(const char *s)
{
	unsigned v = (unsigned char)s[0];
	if (s[0] && s[1]) {
		v |= (unsigned)(unsigned char)s[1] << 8;
		if (s[2])
			v |= (unsigned)(unsigned char)s[2] << 16;
	}
	return v;
}

/* The packed code of a one- or two-byte operator, as a constant. */
#define OPC(c0, c1) ((unsigned)(unsigned char)(c0) | (unsigned)(unsigned char)(c1) << 8)

RD_INLINE int
op_is(const Tok *t, const char *s)
{
	return t->kind == TK_OP && t->op == op_code(s);
}

RD_INLINE int
kw_is(const Tok *t, const char *s)
{
	return t->kind == TK_KW && text_is(t, s);
}

RD_INLINE int
name_is(const Tok *t, const char *s)
{
	return t->kind == TK_NAME && text_is(t, s);
}

/* A token as the messages name it. */
static const char *
describe(Parser *p, const Tok *t, char *buf, size_t cap)
{
	switch (t->kind) {
	case TK_EOF: return "end of file";
	case TK_NEWLINE:
		return t->s >= p->r.src + p->r.len ? "end of file" : "end of line";
	case TK_INDENT: return "an indented line";
	case TK_DEDENT:
		return t->s >= p->r.src + p->r.len ? "end of file" : "the end of the indented block";
	case TK_STR: return "a string";
	default:
		break;
	}
	int n = t->len > 40 ? 40 : t->len;
	snprintf(buf, cap, "'%.*s%s'", n, t->s, t->len > 40 ? "..." : "");
	return buf;
}

static _Noreturn void
unexpected(Parser *p, const Tok *t, const char *want)
{
	char buf[64];
	if (t->kind == TK_INDENT)
		err(p, t, "unexpected indent");
	err(p, t, "expected %s, found %s", want, describe(p, t, buf, sizeof buf));
}

/* accept_op and expect_op are inlined, so that a literal operator is a
 * constant compared with the token's packed code. */
RD_INLINE int
accept_op(Parser *p, const char *s)
{
	if (!op_is(tok(p), s))
		return 0;
	next(p);
	return 1;
}

static _Noreturn __attribute__((noinline, cold)) void
expected_op(Parser *p, const Tok *t, const char *s)
{
	char want[16];
	snprintf(want, sizeof want, "'%s'", s);
	unexpected(p, t, want);
}

RD_INLINE Tok *
expect_op(Parser *p, const char *s)
{
	Tok *t = tok(p);
	if (!op_is(t, s))
		expected_op(p, t, s);
	return next(p);
}

static Tok *
expect_name(Parser *p, const char *what)
{
	Tok *t = tok(p);
	if (t->kind != TK_NAME)
		unexpected(p, t, what);
	return next(p);
}

static void
expect_newline(Parser *p)
{
	Tok *t = tok(p);
	if (t->kind != TK_NEWLINE)
		unexpected(p, t, "end of line");
	next(p);
}

/* A name's text: its interned arena string. */
static const char *
tok_str(Parser *p, const Tok *t)
{
	if (t->kind == TK_NAME || t->kind == TK_KW)
		return t->sym->s;
	return ar_strndup(p->r.a, t->s, (size_t)t->len);
}

/* Duplicate detection in O(n log n): hostile input may repeat a key a
 * million times, and a quadratic check would hang. */
typedef struct KeyLoc {
	const char *key;
	int line, col;
} KeyLoc;

static int
cmp_keyloc(const void *x, const void *y)
{
	const KeyLoc *a = x, *b = y;
	int c = strcmp(a->key, b->key);
	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->col < b->col ? -1 : a->col > b->col;
}

/* The first repeated key in source order: its second occurrence, or NULL.
 * Sorts v. */
static const KeyLoc *
first_duplicate(KeyLoc *v, int n)
{
	qsort(v, (size_t)n, sizeof *v, cmp_keyloc);
	const KeyLoc *best = NULL;
	for (int i = 1; i < n; i++) {
		if (strcmp(v[i - 1].key, v[i].key) != 0)
			continue;
		if (!best || v[i].line < best->line || (v[i].line == best->line && v[i].col < best->col))
			best = &v[i];
		while (i + 1 < n && strcmp(v[i].key, v[i + 1].key) == 0)
			i++;
	}
	return best;
}

/* ---- nodes --------------------------------------------------------------- */

static _Noreturn __attribute__((noinline, cold)) void
too_many_nodes(Parser *p, int line, int col)
{
	err_at(p, line, col, "program too large: more than %d IR nodes", IR_MAX_NODES);
}

RD_INLINE void
count_node(Parser *p, int line, int col)
{
	if (__builtin_expect(++p->nodes > IR_MAX_NODES, 0))
		too_many_nodes(p, line, col);
}

/* What each expression kind can be where the reader checks its operands,
 * values and statements: one row per kind, indexed by ExprKind.
 *   XK_VALUE  a PrimExpr-like value (an operand, a stored or bound value)
 *   XK_STMT   an expression statement (an Evaluate)
 *   XK_INERT  an expression statement with no effect (dropped, as in TVM)
 *   XK_BUF    a bare buffer (a name may be bound to it)
 *   XK_LEAF   no child expressions (nodes.def lists none) */
enum { XK_VALUE = 1, XK_STMT = 2, XK_INERT = 4, XK_BUF = 8, XK_LEAF = 16 };
#define XK_VS (XK_VALUE | XK_STMT)
static const unsigned char expr_kind_role[] = {
	[EX_INT] = XK_VS | XK_LEAF,      [EX_FLOAT] = XK_VS | XK_LEAF,
	[EX_STR] = XK_INERT | XK_LEAF,   [EX_POD_BOOL] = XK_VS | XK_LEAF,
	[EX_NONE] = XK_INERT | XK_LEAF,  [EX_VAR] = XK_VS | XK_LEAF,
	[EX_BUF] = XK_BUF | XK_LEAF,     [EX_BIN] = XK_VS,
	[EX_NOT] = XK_VS,                [EX_CALL] = XK_VS,
	[EX_LOAD] = XK_VS,               [EX_SLICE] = XK_VALUE,
	[EX_TUPLE] = 0,                  [EX_LIST] = 0,
	[EX_DICT] = 0,                   [EX_METADATA] = XK_LEAF,
};
#undef XK_VS
_Static_assert(sizeof expr_kind_role == EX_METADATA + 1, "a row per expression kind");

/* e's height (1 for a leaf) into e->height, saturated at its 16 bits (far
 * above IR_MAX_DEPTH), and into the largest so far: while every
 * expression is that low, the depth walk after parsing has no expression
 * that could be too deep. */
/* The height of the child c into *h (ex_height). */
RD_INLINE void
kid_height(Parser *p, const Expr *c, int *h)
{
	if (!c)
		return;
	if (!c->height)
		p->height_unknown = 1; /* not built here: the walk looks */
	else if (c->height > *h)
		*h = c->height;
}

static __attribute__((noinline)) void
ex_height(Parser *p, Expr *e)
{
	int h = 0;
	/* The common kinds without the children walk: the same children. */
	if (e->kind == EX_CALL) {
		for (int i = 0; i < e->u.call.nargs; i++)
			kid_height(p, e->u.call.args[i], &h);
		for (int i = 0; i < e->u.call.nkw; i++)
			kid_height(p, e->u.call.kwargs[i], &h);
	} else if (e->kind == EX_LOAD) {
		for (int i = 0; i < e->u.load.nidx; i++)
			kid_height(p, e->u.load.idx[i], &h);
	} else if (e->kind == EX_BIN) {
		kid_height(p, e->u.bin.a, &h);
		kid_height(p, e->u.bin.b, &h);
	} else if (!(expr_kind_role[e->kind] & XK_LEAF)) {
		IrKids k;
		ir_expr_kids(&k, e);
		for (Expr **c; (c = ir_kids_next(&k));) {
			if (!*c)
				continue;
			if (!(*c)->height)
				p->height_unknown = 1; /* not built here: the walk looks */
			else if ((*c)->height > h)
				h = (*c)->height;
		}
	}
	h = h < UINT16_MAX ? h + 1 : UINT16_MAX;
	e->height = (uint16_t)h;
	if (h > p->max_height)
		p->max_height = h;
}

/* A leaf's height is 1 (ex_height), set here without the call. */
RD_INLINE Expr *
ex(Parser *p, Expr *e, int line, int col)
{
	count_node(p, line, col);
	if (expr_kind_role[e->kind] & XK_LEAF) {
		e->height = 1;
		if (p->max_height < 1)
			p->max_height = 1;
	} else {
		ex_height(p, e);
	}
	e->loc.line = line;
	e->loc.col = col;
	return e;
}

static Expr *
ex_at(Parser *p, Expr *e, const Tok *t)
{
	return ex(p, e, t->line, t->col);
}

static Stmt *
st_at(Parser *p, Stmt *s, const Tok *t)
{
	count_node(p, t->line, t->col);
	s->loc.line = t->line;
	s->loc.col = t->col;
	return s;
}

static Expr *
ex_like(Parser *p, Expr *e, const Expr *where)
{
	return ex(p, e, where->loc.line, where->loc.col);
}

/* Expressions are built through these so that their recursion is counted
 * and bounded even where the text does not nest (unary chains). */
static _Noreturn __attribute__((noinline, cold)) void
too_deep(Parser *p, const Tok *t)
{
	err(p, t, "nesting deeper than %d levels", IR_MAX_DEPTH);
}

RD_INLINE void
enter(Parser *p, const Tok *t)
{
	if (__builtin_expect(++p->edepth > IR_MAX_DEPTH, 0))
		too_deep(p, t);
}

RD_INLINE void
leave(Parser *p)
{
	p->edepth--;
}

/* ---- names --------------------------------------------------------------- */

/* Names resolve through their Sym: Sym.top is the innermost binding of
 * the name (an index into binds) or -1, and each binding keeps the one it
 * shadows, so a lookup is a load and popping a scope restores them. */
static Sym *
sym_of(Parser *p, const char *s, size_t n)
{
	return rd_intern(&p->r, s, n, rd_hash(s, n));
}

/* The innermost binding of a name, or -1. */
static int
lookup_index(Parser *p, const Tok *t)
{
	if (t->kind == TK_NAME || t->kind == TK_KW)
		return t->sym->top;
	return sym_of(p, t->s, (size_t)t->len)->top;
}

static Bind *
lookup(Parser *p, const Tok *t)
{
	int i = lookup_index(p, t);
	return i < 0 ? NULL : &p->binds[i];
}

static Bind *
bind(Parser *p, const char *name, int kind, Var *v, Buffer *b, int glevel)
{
	if (p->nbinds == p->capbinds) {
		int cap = p->capbinds ? p->capbinds * 2 : 256;
		Bind *nb = realloc(p->binds, sizeof *nb * (size_t)cap);
		if (!nb)
			abort();
		p->binds = nb;
		p->capbinds = cap;
	}
	Sym *y = sym_of(p, name, strlen(name));
	Bind *e = &p->binds[p->nbinds];
	*e = (Bind){.name = name, .sym = y, .kind = kind, .var = v, .buf = b, .glevel = glevel,
	            .prev = y->top};
	y->top = p->nbinds++;
	return e;
}

static void
unbind_to(Parser *p, int mark)
{
	while (p->nbinds > mark) {
		Bind *e = &p->binds[--p->nbinds];
		e->sym->top = e->prev;
	}
}

/* A resolved name, checked against the hoisting point when one is set. */
static void
hoist_check(Parser *p, const Tok *t, int index)
{
	if (!p->hoist_on || index < p->hoist_mark)
		return;
	int g = p->binds[index].glevel;
	if (g != G_LOCAL && g <= p->hoist_glevel)
		return;
	err(p, t, "'%.*s' is not visible where %s is defined", t->len, t->s, p->hoist_what);
}

typedef struct Hoist {
	int on, mark, glevel;
	const char *what;
} Hoist;

static Hoist
hoist_begin(Parser *p, int mark, int glevel, const char *what)
{
	Hoist old = {p->hoist_on, p->hoist_mark, p->hoist_glevel, p->hoist_what};
	/* A check already on stays on with the stricter point. */
	if (!p->hoist_on || mark < p->hoist_mark) {
		p->hoist_mark = mark;
		p->hoist_glevel = glevel;
		p->hoist_what = what;
	}
	p->hoist_on = 1;
	return old;
}

static void
hoist_end(Parser *p, Hoist old)
{
	p->hoist_on = old.on;
	p->hoist_mark = old.mark;
	p->hoist_glevel = old.glevel;
	p->hoist_what = old.what;
}

/* The printer prints names as stored and moves hoisted definitions (free
 * vars, env threads, match_buffer, alloc_buffer) to the top of the function
 * or block.  A hoisted name that is already visible would capture the uses
 * of the other definition once printed, so it is refused. */
static void
check_hoisted_name(Parser *p, const Tok *t)
{
	if (lookup(p, t))
		err(p, t, "'%.*s' is already defined: a definition printed at the top of its %s "
		          "cannot shadow it", t->len, t->s, p->blk && !p->blk->is_root ? "block" : "function");
}

/* Two hoisted definitions of one name would print side by side. */
static void
check_unique(Parser *p, const char *const *names, Tok *const *toks, int n)
{
	if (n < 2)
		return;
	KeyLoc *v = ar_alloc(p->r.a, sizeof *v * (size_t)n);
	for (int i = 0; i < n; i++)
		v[i] = (KeyLoc){names[i], toks[i]->line, toks[i]->col};
	const KeyLoc *d = first_duplicate(v, n);
	if (d)
		err_at(p, d->line, d->col, "'%s' is defined twice at the top of its scope", d->key);
}

/* A Python name bound to a var or buffer of another name would print as
 * the other name, and could then resolve to something else. */
static void
check_same_name(Parser *p, const Tok *t, const char *name, const char *stored)
{
	if (strcmp(name, stored) != 0)
		err(p, t, "'%s' would name '%s': binding another name is not supported", name, stored);
}

/* ---- dtypes -------------------------------------------------------------- */

/* int32, uint8, float16, bfloat16, float8_e4m3fn, float16x2, bool, ...: the
 * names that T.<dtype> spells.
 *   dtype = ( ('int' | 'uint' | 'float' | 'bfloat') DIGITS [ '_e' DIGITS 'm' DIGITS LOWER* ]
 *           | 'bool' ) [ 'x' DIGITS ] */
static int
is_dtype_name(const char *s, size_t n)
{
	static const char *const prefixes[] = {"int", "uint", "float", "bfloat", "bool"};
	if (n == 0 || n > 32)
		return 0;
	size_t i = 0, k;
	for (k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++) {
		size_t m = strlen(prefixes[k]);
		if (n >= m && memcmp(s, prefixes[k], m) == 0) {
			i = m;
			break;
		}
	}
	if (k == sizeof prefixes / sizeof prefixes[0])
		return 0;
#define DIGITS(min)                                                              \
	do {                                                                         \
		size_t d0 = i;                                                           \
		while (i < n && s[i] >= '0' && s[i] <= '9')                              \
			i++;                                                                 \
		if (i - d0 < (min))                                                      \
			return 0;                                                            \
	} while (0)
	if (strcmp(prefixes[k], "bool") != 0) {
		DIGITS(1);
		if (k >= 2 && i + 1 < n && s[i] == '_' && s[i + 1] == 'e') {
			i += 2;
			DIGITS(1);
			if (i >= n || s[i++] != 'm')
				return 0;
			DIGITS(1);
			while (i < n && s[i] >= 'a' && s[i] <= 'z' && s[i] != 'x')
				i++;
		}
	}
	if (i < n && s[i] == 'x') {
		i++;
		DIGITS(1);
	}
#undef DIGITS
	return i == n;
}

static int
is_dtype(const char *s)
{
	return s && is_dtype_name(s, strlen(s));
}

static int
has_lanes(const char *dtype)
{
	const char *x = strrchr(dtype, 'x');
	if (!x || !x[1])
		return 0;
	for (const char *c = x + 1; *c; c++)
		if (*c < '0' || *c > '9')
			return 0;
	return 1;
}

/* Bits of an integer dtype ("int8" -> 8), 0 if not a scalar integer. */
static int
int_bits(const char *dtype, int *is_unsigned)
{
	const char *s = dtype;
	*is_unsigned = 0;
	if (strncmp(s, "uint", 4) == 0) {
		*is_unsigned = 1;
		s += 4;
	} else if (strncmp(s, "int", 3) == 0) {
		s += 3;
	} else {
		return 0;
	}
	int bits = 0;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || bits > 64)
			return 0;
		bits = bits * 10 + (*s - '0');
	}
	return bits >= 1 && bits <= 64 ? bits : 0;
}

static int
is_float_dtype(const char *dtype)
{
	return strncmp(dtype, "float", 5) == 0 || strncmp(dtype, "bfloat", 6) == 0;
}

/* Whether v is representable in the integer dtype; -1 when the dtype is not
 * a scalar integer type. */
static int
int_fits(const char *dtype, int64_t v)
{
	if (strcmp(dtype, "bool") == 0)
		return v == 0 || v == 1;
	int uns, bits = int_bits(dtype, &uns);
	if (!bits)
		return -1;
	if (uns)
		return v >= 0 && (bits >= 63 || v < ((int64_t)1 << bits));
	if (bits == 64)
		return 1;
	int64_t lim = (int64_t)1 << (bits - 1);
	return v >= -lim && v < lim;
}

/* int_fits("int32", v), without looking at the name. */
static int
fits_int32(int64_t v)
{
	return v >= INT32_MIN && v <= INT32_MAX;
}

/* A let-bound var's dtype when the text does not say it (docs/tvmscript.md §2): that
 * of the value, followed through the left operand of arithmetic. */
static const char *
infer_dtype(const Expr *e)
{
	for (;;) {
		switch (e->kind) {
		case EX_INT:
		case EX_FLOAT: return ir_expr_dtype(e);
		case EX_POD_BOOL:
		case EX_NOT: return "bool";
		case EX_VAR: return e->u.var->dtype;
		case EX_LOAD: return e->u.load.buf->dtype;
		case EX_BIN:
			if (e->u.bin.op >= BIN_LT)
				return "bool";
			e = e->u.bin.a;
			continue;
		case EX_CALL:
			if ((strcmp(e->u.call.name, "Cast") == 0 || strcmp(e->u.call.name, "reinterpret") == 0) &&
			    e->u.call.nargs >= 1 && e->u.call.args[0]->kind == EX_STR)
				return e->u.call.args[0]->u.s;
			if ((strcmp(e->u.call.name, "if_then_else") == 0 || strcmp(e->u.call.name, "Select") == 0) &&
			    e->u.call.nargs == 3) {
				e = e->u.call.args[1];
				continue;
			}
			if ((strcmp(e->u.call.name, "max") == 0 || strcmp(e->u.call.name, "min") == 0) &&
			    e->u.call.nargs >= 1) {
				e = e->u.call.args[0];
				continue;
			}
			return "int32";
		default: return "int32";
		}
	}
}

static const char *
let_dtype(const Expr *e)
{
	const char *d = infer_dtype(e);
	return is_dtype(d) || (d && strcmp(d, "handle") == 0) ? d : "int32";
}

static const char *
loop_dtype(const Expr *start, const Expr *extent)
{
	const Expr *e[2] = {start, extent};
	for (int i = 0; i < 2; i++)
		if (e[i] && (e[i]->kind == EX_INT || e[i]->kind == EX_VAR) &&
		    strcmp(infer_dtype(e[i]), "int64") == 0)
			return "int64";
	return "int32";
}

/* ---- the T namespace ----------------------------------------------------- */

typedef enum {
	TF_NONE,        /* an ordinary call, kept verbatim */
	TF_DTYPE,       /* T.int32(5), T.float16(x), T.int32() */
	TF_HANDLE,
	TF_BIN,         /* T.Add(a, b) ... */
	TF_NOT,
	TF_CAST,        /* T.cast(e, "float16") */
	TF_CALL_INTRIN,
	TF_EVALUATE,
	TF_FUNC_ATTR,
	TF_READS,
	TF_WRITES,
	TF_WHERE,
	TF_BLOCK_ATTR,
	TF_ATTR,
	TF_LAUNCH,
	TF_ASSERT,
	TF_LETSTMT,
	TF_ALLOCATE,
	TF_DECL_BUFFER,
	TF_BUFFER,
	TF_MATCH_BUFFER,
	TF_ALLOC,       /* alloc_buffer and the tl alloc_* sugar */
	TF_ENV_THREAD,
	TF_KERNEL,
	TF_BLOCK,
	TF_LOOP,        /* serial, parallel, vectorized, unroll, thread_binding, grid */
	TF_UNSUPPORTED  /* known, rejected: T.init, T.axis, T.Parallel, ... */
} TFn;

/* A name with its length, so that a lookup compares lengths first. */
#define TN(s, v) {s, sizeof s - 1, v}
static const struct {
	const char *name;
	unsigned char len;
	TFn fn;
} t_names[] = {
	TN("handle", TF_HANDLE), TN("Not", TF_NOT), TN("cast", TF_CAST), TN("call_intrin", TF_CALL_INTRIN),
	TN("evaluate", TF_EVALUATE), TN("func_attr", TF_FUNC_ATTR), TN("reads", TF_READS),
	TN("writes", TF_WRITES), TN("where", TF_WHERE), TN("block_attr", TF_BLOCK_ATTR),
	TN("attr", TF_ATTR), TN("launch_thread", TF_LAUNCH), TN("Assert", TF_ASSERT),
	TN("LetStmt", TF_LETSTMT), TN("allocate", TF_ALLOCATE), TN("decl_buffer", TF_DECL_BUFFER),
	TN("Buffer", TF_BUFFER), TN("match_buffer", TF_MATCH_BUFFER), TN("alloc_buffer", TF_ALLOC),
	TN("alloc_shared", TF_ALLOC), TN("alloc_local", TF_ALLOC), TN("alloc_fragment", TF_ALLOC),
	TN("alloc_var", TF_ALLOC), TN("alloc_barrier", TF_ALLOC), TN("env_thread", TF_ENV_THREAD),
	TN("Kernel", TF_KERNEL), TN("block", TF_BLOCK), TN("sblock", TF_BLOCK),
	TN("sblock_attr", TF_BLOCK_ATTR), TN("sblock_alloc_buffer", TF_ALLOC), TN("bind", TF_LETSTMT),
	TN("serial", TF_LOOP), TN("parallel", TF_LOOP),
	TN("vectorized", TF_LOOP), TN("unroll", TF_LOOP), TN("thread_binding", TF_LOOP),
	TN("grid", TF_LOOP), TN("init", TF_UNSUPPORTED), TN("axis", TF_UNSUPPORTED),
	TN("Parallel", TF_UNSUPPORTED), TN("Pipelined", TF_UNSUPPORTED),
	TN("Persistent", TF_UNSUPPORTED), TN("prim_func", TF_UNSUPPORTED),
	TN("Tensor", TF_UNSUPPORTED), TN("StridedTensor", TF_UNSUPPORTED),
	TN("If", TF_UNSUPPORTED), TN("Then", TF_UNSUPPORTED), TN("Else", TF_UNSUPPORTED),
	TN("While", TF_UNSUPPORTED), TN("realize", TF_UNSUPPORTED), TN("Let", TF_UNSUPPORTED),
};

static const struct {
	const char *name;
	unsigned char len;
	BinOp op;
} t_binops[] = {
	TN("Add", BIN_ADD), TN("Sub", BIN_SUB), TN("Mul", BIN_MUL), TN("Div", BIN_DIV),
	TN("truncdiv", BIN_DIV), TN("FloorDiv", BIN_FLOORDIV), TN("floordiv", BIN_FLOORDIV),
	TN("FloorMod", BIN_FLOORMOD), TN("floormod", BIN_FLOORMOD), TN("LT", BIN_LT), TN("LE", BIN_LE),
	TN("EQ", BIN_EQ), TN("NE", BIN_NE), TN("GT", BIN_GT), TN("GE", BIN_GE), TN("And", BIN_AND),
	TN("Or", BIN_OR),
};

#undef TN

static TFn
t_fn(const char *s, size_t n, BinOp *op)
{
	for (size_t i = 0; i < sizeof t_binops / sizeof t_binops[0]; i++)
		if (t_binops[i].len == n && memcmp(t_binops[i].name, s, n) == 0) {
			if (op)
				*op = t_binops[i].op;
			return TF_BIN;
		}
	for (size_t i = 0; i < sizeof t_names / sizeof t_names[0]; i++)
		if (t_names[i].len == n && memcmp(t_names[i].name, s, n) == 0)
			return t_names[i].fn;
	if (is_dtype_name(s, n))
		return TF_DTYPE;
	/* tl allocators this reader does not model (alloc_reducer, alloc_tmem,
	 * ...) would otherwise read as a let-bound call. */
	if (n > 6 && memcmp(s, "alloc_", 6) == 0)
		return TF_UNSUPPORTED;
	return TF_NONE;
}

/* t_fn() of a name token, cached on its Sym. */
static TFn
t_fn_tok(const Tok *t, BinOp *op)
{
	Sym *y = t->sym;
	if (y->aux < 0) {
		BinOp b = BIN_ADD;
		TFn fn = t_fn(y->s, y->len, &b);
		y->aux = (int)fn | (int)b << 8;
	}
	if (op)
		*op = (BinOp)(y->aux >> 8);
	return (TFn)(y->aux & 0xff);
}

/* "T." + the name of a name token, for messages: made once per name. */
static const char *
t_dotted(Parser *p, const Tok *t)
{
	Sym *y = t->sym;
	if (!y->dotted) {
		char *d = ar_alloc(p->r.a, y->len + 3);
		memcpy(d, "T.", 2);
		memcpy(d + 2, y->s, y->len + 1);
		y->dotted = d;
	}
	return y->dotted;
}

/* `T . NAME` at the current position: returns the NAME token, or NULL. */
static Tok *
at_t_name(Parser *p, int k)
{
	if (!name_is(peek(p, k), "T") || !op_is(peek(p, k + 1), "."))
		return NULL;
	Tok *n = peek(p, k + 2);
	return n->kind == TK_NAME ? n : NULL;
}

/* ---- call arguments ------------------------------------------------------ */

typedef struct Args {
	const Tok *at;   /* the callee's name */
	const char *fn;  /* the callee as messages spell it */
	ExprVec pos;
	StrVec kwnames;
	ExprVec kwvals;
	TokVec kwtoks;   /* in kwt_inl while it fits: valid while the Args is */
	Tok *kwt_inl[4];
} Args;

static Expr *expr(Parser *p);
static Expr *op_get(Parser *p);

static int
at_op_get(Parser *p)
{
	Tok *t = tok(p);
	return (name_is(t, "tir") || name_is(t, "tirx") || name_is(t, "tvm")) && op_is(peek(p, 1), ".") &&
	       !lookup(p, t);
}

/* args = [ arg { ',' arg } [','] ] ')'      arg = expr | NAME '=' expr
 * The '(' is already consumed.  With opget, the second positional argument
 * may be tir.op.Op.get("...") (T.call_intrin). */
static void
call_args(Parser *p, Args *a, const Tok *at, const char *fn, int opget)
{
	memset(a, 0, sizeof *a);
	a->at = at;
	a->fn = fn;
	/* The arguments gather on the stack and go to the arena at their
	 * exact size (they become the call's argument arrays). */
	Expr *inl[16], *kwv[4];
	const char *kwn[4];
	a->pos = (ExprVec)VEC_INL(inl);
	a->kwvals = (ExprVec)VEC_INL(kwv);
	a->kwnames = (StrVec)VEC_INL(kwn);
	a->kwtoks = (TokVec)VEC_INL(a->kwt_inl);
	while (!op_is(tok(p), ")")) {
		Tok *t = tok(p);
		if (op_is(t, "*") || op_is(t, "**"))
			err(p, t, "argument unpacking is not supported");
		if (t->kind == TK_NAME && op_is(peek(p, 1), "=")) {
			next(p);
			next(p);
			StrVec_push(p, &a->kwnames, tok_str(p, t));
			TokVec_push(p, &a->kwtoks, t);
			ExprVec_push(p, &a->kwvals, expr(p));
		} else {
			if (a->kwnames.n)
				err(p, t, "%s: positional argument follows keyword argument", fn);
			if (opget && a->pos.n == 1 && at_op_get(p))
				ExprVec_push(p, &a->pos, op_get(p));
			else
				ExprVec_push(p, &a->pos, expr(p));
		}
		if (!accept_op(p, ","))
			break;
	}
	exact(p, &a->pos, inl);
	exact(p, &a->kwvals, kwv);
	if (a->kwnames.v == kwn)
		a->kwnames.v = a->kwnames.n ? (const char **)ar_dup_array(p->r.a, (void *const *)kwn, a->kwnames.n)
		                            : NULL;
	a->kwnames.cap = a->kwnames.n;
	expect_op(p, ")");
	if (a->kwnames.n > 1) {
		KeyLoc *v = ar_alloc(p->r.a, sizeof *v * (size_t)a->kwnames.n);
		for (int i = 0; i < a->kwnames.n; i++)
			v[i] = (KeyLoc){a->kwnames.v[i], a->kwtoks.v[i]->line, a->kwtoks.v[i]->col};
		const KeyLoc *d = first_duplicate(v, a->kwnames.n);
		if (d)
			err_at(p, d->line, d->col, "%s: keyword argument '%s' repeated", fn, d->key);
	}
}

/* Matches arguments to parameters names[0..n), of which the first npos may
 * be given by position; out[i] is NULL for one not given. */
static void
match_args(Parser *p, const Args *a, const char *const *names, int n, int npos, Expr **out)
{
	for (int i = 0; i < n; i++)
		out[i] = NULL;
	if (a->pos.n > npos) {
		const Expr *e = a->pos.v[npos];
		err_at(p, e->loc.line, e->loc.col, "%s takes at most %d positional argument%s (%d given)",
		       a->fn, npos, npos == 1 ? "" : "s", a->pos.n);
	}
	for (int i = 0; i < a->pos.n; i++)
		out[i] = a->pos.v[i];
	for (int k = 0; k < a->kwnames.n; k++) {
		int j = 0;
		while (j < n && strcmp(names[j], a->kwnames.v[k]) != 0)
			j++;
		if (j == n)
			err(p, a->kwtoks.v[k], "%s got an unexpected keyword argument '%s'", a->fn,
			    a->kwnames.v[k]);
		if (out[j])
			err(p, a->kwtoks.v[k], "%s got multiple values for argument '%s'", a->fn, names[j]);
		out[j] = a->kwvals.v[k];
	}
}

static void
no_kwargs(Parser *p, const Args *a)
{
	if (a->kwnames.n)
		err(p, a->kwtoks.v[0], "%s got an unexpected keyword argument '%s'", a->fn,
		    a->kwnames.v[0]);
}

static void
npos_exactly(Parser *p, const Args *a, int n)
{
	no_kwargs(p, a);
	if (a->pos.n != n)
		err(p, a->at, "%s takes %d argument%s (%d given)", a->fn, n, n == 1 ? "" : "s", a->pos.n);
}

static _Noreturn void
err_expr(Parser *p, const Expr *e, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static _Noreturn void
err_expr(Parser *p, const Expr *e, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verr(p, e->loc.line, e->loc.col, fmt, ap);
}

static const char *
str_arg(Parser *p, const Args *a, const Expr *e, const char *what)
{
	if (!e || e->kind != EX_STR)
		err_at(p, e ? e->loc.line : a->at->line, e ? e->loc.col : a->at->col,
		       "%s: %s must be a string", a->fn, what);
	return e->u.s;
}

/* A dtype argument: "float16" or T.float16 (which reads as the string). */
static const char *
dtype_arg(Parser *p, const Args *a, const Expr *e, const char *dflt)
{
	if (!e)
		return dflt;
	const char *s = str_arg(p, a, e, "the dtype");
	if (!*s)
		err_expr(p, e, "%s: empty dtype", a->fn);
	return s;
}

static int
pod_bool_arg(Parser *p, const Args *a, const Expr *e, const char *what)
{
	if (!e)
		return 0;
	if (e->kind != EX_POD_BOOL)
		err_expr(p, e, "%s: %s must be True or False", a->fn, what);
	return (int)ir_int_value(e);
}

RD_INLINE int
is_value(const Expr *e)
{
	return expr_kind_role[e->kind] & XK_VALUE;
}

/* An expression argument that must be a PrimExpr-like value, not a string,
 * None, dict or metadata. */
static Expr *
value_arg(Parser *p, const Args *a, Expr *e, const char *what)
{
	if (!e)
		err(p, a->at, "%s: missing %s", a->fn, what);
	if (!is_value(e))
		err_expr(p, e, "%s: %s must be an expression", a->fn, what);
	return e;
}

static Expr *
dict_arg(Parser *p, const Args *a, Expr *e, const char *what)
{
	if (!e || e->kind == EX_NONE)
		return NULL;
	if (e->kind != EX_DICT)
		err_expr(p, e, "%s: %s must be a dict", a->fn, what);
	return e;
}

/* ---- expressions --------------------------------------------------------- */

static Expr *
mk_int(Parser *p, int64_t v, const char *dtype, const Tok *t)
{
	return ex_at(p, ir_int(p->r.a, v, dtype), t);
}

/* The same with dtype's code (ir_dtype_code) known. */
static Expr *
mk_int_dt(Parser *p, int64_t v, int code, const char *dtype, const Tok *t)
{
	return ex_at(p, ir_int_dt(p->r.a, v, code, dtype), t);
}

static Expr *
mk_call(Parser *p, const char *name, Expr **args, int n, const Tok *t)
{
	return ex_at(p, ir_call(p->r.a, name, args, n), t);
}

static Expr **
expr_array(Parser *p, int n)
{
	return ar_alloc(p->r.a, sizeof(Expr *) * (size_t)(n > 0 ? n : 1));
}

static Expr *
call2(Parser *p, const char *name, Expr *x, Expr *y, const Tok *t)
{
	Expr **args = expr_array(p, 2);
	args[0] = x;
	args[1] = y;
	return mk_call(p, name, args, 2, t);
}

/* An operand of an operator must be a PrimExpr-like value: the printer
 * would print an operator on a string or a tuple in its constructor form
 * (T.Div("a", "b")), which is refused. */
static Expr *
operand(Parser *p, Expr *e, const Tok *op)
{
	if (!is_value(e))
		err_expr(p, e, "operand of '%.*s' must be an expression", op->len, op->s);
	return e;
}

/* -x: a literal folds, anything else is x * -1 (docs/tvmscript.md §8). */
static Expr *
negate(Parser *p, Expr *x, const Tok *t)
{
	Arena *a = p->r.a;
	if (x->kind == EX_FLOAT)
		return ex_at(p, ir_float_dt(a, -x->u.f, ir_expr_dtype_code(x), ir_expr_dtype(x)), t);
	int uns;
	if (x->kind == EX_INT && int_bits(ir_expr_dtype(x), &uns) && !uns) {
		if (ir_int_value(x) == INT64_MIN)
			err(p, t, "integer literal too large (beyond int64)");
		int64_t v = -ir_int_value(x);
		const char *dt = ir_expr_dtype(x);
		/* A Python int is int32 while it fits, int64 beyond. */
		if (strcmp(dt, "int32") == 0 && !int_fits("int32", v))
			dt = "int64";
		if (int_fits(dt, v) != 1)
			err(p, t, "value %lld out of range for %s", (long long)v, dt);
		return mk_int(p, v, dt, t);
	}
	return ex_at(p, ir_bin(a, BIN_MUL, x, mk_int_dt(p, -1, IR_DT_INT32, NULL, t)), t);
}

static Expr *
int_literal(Parser *p, const Tok *t, int negative)
{
	uint64_t u = t->ival;
	if (!negative && u > (uint64_t)INT64_MAX)
		err(p, t, "integer literal too large (beyond int64)");
	int64_t v = negative ? (u == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u) : (int64_t)u;
	return mk_int_dt(p, v, fits_int32(v) ? IR_DT_INT32 : IR_DT_INT64, NULL, t);
}

/* string = STR { STR }  (adjacent literals concatenate, as in Python) */
static Expr *
string_literal(Parser *p)
{
	Tok *t = next(p);
	if (tok(p)->kind != TK_STR)
		return ex_at(p, ir_str(p->r.a, t->sym->s), t);
	/* Measure first: the arena is the only place a longjmp cannot leak. */
	size_t total = t->sym->len;
	int k = 0;
	for (; peek(p, k)->kind == TK_STR; k++) {
		total += peek(p, k)->sym->len;
		if (total > IR_MAX_STRING)
			err(p, peek(p, k), "string literal longer than %d bytes", IR_MAX_STRING);
	}
	char *s = ar_alloc(p->r.a, total + 1);
	memcpy(s, t->sym->s, t->sym->len);
	size_t n = t->sym->len;
	while (k-- > 0) {
		Tok *u = next(p);
		memcpy(s + n, u->sym->s, u->sym->len);
		n += u->sym->len;
	}
	s[n] = 0;
	return ex_at(p, ir_str(p->r.a, s), t);
}

/* op_get = ('tir' | 'tvm' '.' 'tir') '.' 'op' '.' 'Op' '.' 'get' '(' STR ')'
 * Returns the op name as a string expression. */
static Expr *
op_get(Parser *p)
{
	Tok *t = tok(p);
	if (name_is(t, "tvm")) {
		next(p);
		expect_op(p, ".");
		if (!name_is(tok(p), "tir") && !name_is(tok(p), "tirx"))
			unexpected(p, tok(p), "'tir' (tvm.tir.op.Op.get)");
	}
	next(p);
	static const char *const path[] = {"op", "Op", "get"};
	for (int i = 0; i < 3; i++) {
		expect_op(p, ".");
		if (!name_is(tok(p), path[i]))
			unexpected(p, tok(p), "tir.op.Op.get(\"name\")");
		next(p);
	}
	expect_op(p, "(");
	Tok *s = tok(p);
	if (s->kind != TK_STR)
		unexpected(p, s, "an op name string");
	next(p);
	expect_op(p, ")");
	return ex_at(p, ir_str(p->r.a, s->sym->s), s);
}

static int
is_identifier(const char *s)
{
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
		return 0;
	for (s++; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		      *s == '_'))
			return 0;
	return 1;
}

/* T.call_intrin(dtype, op, args...) -> the call `op` (docs/tvmscript.md §8); the op
 * loses its tl./tir. namespace as the printer prints it. */
static Expr *
call_intrin(Parser *p, Args *a)
{
	no_kwargs(p, a);
	if (a->pos.n < 2)
		err(p, a->at, "T.call_intrin takes a dtype, an op and the op's arguments");
	str_arg(p, a, a->pos.v[0], "the dtype");
	const Expr *op = a->pos.v[1];
	const char *name = str_arg(p, a, op, "the op"), *full = name;
	static const char *const prefixes[] = {"tl.tileop.", "tl.", "tirx.", "tir."};
	for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
		if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) {
			name += strlen(prefixes[i]);
			break;
		}
	if (!is_identifier(name) || strlen(name) > IR_MAX_NAME)
		err_expr(p, op, "T.call_intrin: op name \"%.60s\" is not an identifier", name);
	if (t_fn(name, strlen(name), NULL) != TF_NONE)
		err_expr(p, op, "T.call_intrin: op '%s' would not print back as a call", name);
	if (!vocab_known(name)) {
		const char *near = vocab_nearest(name);
		int pre = (int)(name - full);
		if (near)
			err_expr(p, op, "T.call_intrin: unknown op \"%s\" (did you mean \"%.*s%s\"?)", full, pre,
			         full, near);
		err_expr(p, op, "T.call_intrin: unknown op \"%s\"", full);
	}
	name = op_canonical_name(name);
	Expr **args = expr_array(p, a->pos.n - 2);
	for (int i = 2; i < a->pos.n; i++)
		args[i - 2] = a->pos.v[i];
	return mk_call(p, name, args, a->pos.n - 2, a->at);
}

static int
is_inf_nan(const char *s, double *out)
{
	static const struct { const char *s; double sign; int nan; } forms[] = {
		{"inf", 1, 0}, {"+inf", 1, 0}, {"-inf", -1, 0}, {"infinity", 1, 0},
		{"+infinity", 1, 0}, {"-infinity", -1, 0}, {"nan", 1, 1}, {"+nan", 1, 1}, {"-nan", -1, 1},
	};
	for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		const char *x = forms[i].s, *y = s;
		while (*x && *y && (*y | 0x20) == *x)
			x++, y++;
		if (!*x && !*y) {
			*out = forms[i].nan ? NAN : forms[i].sign * INFINITY;
			return 1;
		}
	}
	return 0;
}

/* Whether the argument list at the current position is one literal:
 * '(' [ '-' ] (INT | FLOAT) ')' | '(' STR ')' | '(' (True | False) ')'. */
static int
at_literal_arg(Parser *p)
{
	int k = 0;
	if (op_is(peek(p, k), "-"))
		k++;
	Tok *t = peek(p, k);
	int ok = t->kind == TK_INT || t->kind == TK_FLOAT ||
	         (k == 0 && (t->kind == TK_STR || kw_is(t, "True") || kw_is(t, "False")));
	if (op_is(peek(p, k + 1), ","))
		k++;
	return ok && op_is(peek(p, k + 1), ")");
}

/* The argument list at_literal_arg() saw, read into *x (not in the arena:
 * the typed literal replaces it) as call_args() and expr() would read it:
 * the same checks, node counts and locations. */
static void
literal_arg(Parser *p, Expr *x)
{
	Tok *t = next(p);
	enter(p, t); /* expr()'s */
	memset(x, 0, sizeof *x);
	if (op_is(t, "-")) {
		Tok *lt = next(p);
		if (lt->kind == TK_INT) { /* unary(): a negative literal */
			uint64_t u = lt->ival;
			x->kind = EX_INT;
			x->u.i = u == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u;
			x->dt = (fits_int32(x->u.i) ? IR_DT_INT32 : IR_DT_INT64) | IR_DT_WIDE;
			count_node(p, lt->line, lt->col);
			x->loc = (Loc){lt->line, lt->col};
		} else { /* unary(): -FLOAT, negate()d */
			enter(p, t);
			count_node(p, lt->line, lt->col);
			leave(p);
			x->kind = EX_FLOAT;
			x->u.f = -lt->fval;
			x->dt = IR_DT_FLOAT32 | IR_DT_WIDE;
			count_node(p, t->line, t->col);
			x->loc = (Loc){t->line, t->col};
		}
	} else {
		switch (t->kind) {
		case TK_INT:
			if (t->ival > (uint64_t)INT64_MAX)
				err(p, t, "integer literal too large (beyond int64)");
			x->kind = EX_INT;
			x->u.i = (int64_t)t->ival;
			x->dt = (fits_int32(x->u.i) ? IR_DT_INT32 : IR_DT_INT64) | IR_DT_WIDE;
			break;
		case TK_FLOAT:
			x->kind = EX_FLOAT;
			x->u.f = t->fval;
			x->dt = IR_DT_FLOAT32 | IR_DT_WIDE;
			break;
		case TK_STR:
			x->kind = EX_STR;
			x->u.s = t->sym->s;
			break;
		default: /* True, False */
			x->kind = EX_POD_BOOL;
			x->u.i32 = text_is(t, "True");
			break;
		}
		count_node(p, t->line, t->col);
		x->loc = (Loc){t->line, t->col};
	}
	leave(p);
	accept_op(p, ",");
	expect_op(p, ")");
}

/* What dtype_call asks of the dtype that nt's name spells, worked out from
 * the name once: has_lanes, is_float_dtype, and int_fits' reading of it. */
enum { DS_SET = 1, DS_LANES = 2, DS_FLOAT = 4, DS_BOOL = 8, DS_UNSIGNED = 16 };

static __attribute__((noinline)) void
set_dtype_shape(Sym *y)
{
	int uns = 0;
	y->dbits = (unsigned char)int_bits(y->s, &uns);
	y->dshape = (unsigned char)(DS_SET | (has_lanes(y->s) ? DS_LANES : 0) |
	                            (is_float_dtype(y->s) ? DS_FLOAT : 0) |
	                            (strcmp(y->s, "bool") == 0 ? DS_BOOL : 0) |
	                            (uns ? DS_UNSIGNED : 0));
}

RD_INLINE int
dtype_shape(const Tok *nt)
{
	if (__builtin_expect(!nt->sym->dshape, 0))
		set_dtype_shape(nt->sym);
	return nt->sym->dshape;
}

/* int_fits(dtype, v) for the dtype nt's name spells (dtype_shape). */
static int
shape_fits(const Tok *nt, int64_t v)
{
	int shape = dtype_shape(nt), bits = nt->sym->dbits;
	if (shape & DS_BOOL)
		return v == 0 || v == 1;
	if (!bits)
		return -1;
	if (shape & DS_UNSIGNED)
		return v >= 0 && (bits >= 63 || v < ((int64_t)1 << bits));
	if (bits == 64)
		return 1;
	int64_t lim = (int64_t)1 << (bits - 1);
	return v >= -lim && v < lim;
}

/* The literal dtype code (ir_dtype_code) of the name T.<dtype> spells. */
static int
dtype_code(const Tok *nt)
{
	if (!nt->sym->dt)
		nt->sym->dt = (unsigned char)ir_dtype_code(nt->sym->s);
	return nt->sym->dt;
}

/* T.<dtype>(...) in an expression: a typed literal when the argument is a
 * literal, otherwise a Cast (docs/tvmscript.md §8). */
static Expr *
dtype_call(Parser *p, const Tok *nt, const char *dtype)
{
	Arena *a = p->r.a;
	int literal = at_literal_arg(p);
	Args args;
	/* dtype is nt's name, at most 32 bytes (is_dtype_name) */
	const char *fn = t_dotted(p, nt);
	Expr lit, *litv[1] = {&lit};
	int lanes = dtype_shape(nt) & DS_LANES;
	if (literal && !lanes) {
		literal_arg(p, &lit);
		memset(&args, 0, sizeof args);
		args.at = nt;
		args.fn = fn;
		args.pos.n = 1;
		args.pos.v = litv;
	} else {
		call_args(p, &args, nt, fn, 0);
	}
	if (args.pos.n == 0) {
		if (args.kwnames.n)
			err(p, nt, "%s(%s=...) defines a variable: write `name = %s(...)`", fn,
			    args.kwnames.v[0], fn);
		err(p, nt, "%s() defines a variable: write `name = %s()`", fn, fn);
	}
	npos_exactly(p, &args, 1);
	Expr *x = args.pos.v[0];
	if (!literal || lanes) {
		value_arg(p, &args, x, "the value");
		return call2(p, "Cast", ex_like(p, ir_str(a, dtype), x), x, nt);
	}
	if (dtype_shape(nt) & DS_FLOAT) {
		double f;
		if (x->kind == EX_INT || x->kind == EX_POD_BOOL)
			f = (double)ir_int_value(x);
		else if (x->kind == EX_FLOAT)
			f = x->u.f;
		else if (!is_inf_nan(x->u.s, &f))
			err_expr(p, x, "%s: \"%.40s\" is not a number", fn, x->u.s);
		return ex_at(p, ir_float_dt(a, f, dtype_code(nt), dtype), nt);
	}
	if (x->kind == EX_FLOAT || x->kind == EX_STR)
		err_expr(p, x, "%s takes an integer literal", fn);
	int64_t v = ir_int_value(x);
	int fits = shape_fits(nt, v);
	if (fits == -1)
		err(p, nt, "%s cannot be a literal", fn);
	if (!fits)
		err_expr(p, x, "value %lld out of range for %s", (long long)v, dtype);
	return mk_int_dt(p, v, dtype_code(nt), dtype, nt);
}

/* A name no modelled version knows (vocab.def) is refused, as TVM's parser
 * refuses a T. attribute its namespace lacks. */
static void
unknown_name_check(Parser *p, const Tok *nt, const char *name)
{
	if (nt->sym->known < 0)
		nt->sym->known = vocab_known(name);
	if (nt->sym->known)
		return;
	const char *near = vocab_nearest(name);
	if (near)
		err(p, nt, "unknown TVMScript name T.%s (did you mean T.%s?)", name, near);
	err(p, nt, "unknown TVMScript name T.%s", name);
}

/* t_call = 'T' '.' NAME '(' args ')'  in an expression.  The current token
 * is '('. */
static Expr *
t_call(Parser *p, const Tok *nt)
{
	Arena *a = p->r.a;
	BinOp op = BIN_ADD;
	TFn fn = t_fn_tok(nt, &op);
	const char *name = tok_str(p, nt);
	const char *fname = t_dotted(p, nt);
	next(p); /* '(' */
	Args args;
	switch (fn) {
	case TF_DTYPE:
		return dtype_call(p, nt, name);
	case TF_BIN:
		call_args(p, &args, nt, fname, 0);
		npos_exactly(p, &args, 2);
		value_arg(p, &args, args.pos.v[0], "the first operand");
		value_arg(p, &args, args.pos.v[1], "the second operand");
		return ex_at(p, ir_bin(a, op, args.pos.v[0], args.pos.v[1]), nt);
	case TF_NOT:
		call_args(p, &args, nt, fname, 0);
		npos_exactly(p, &args, 1);
		value_arg(p, &args, args.pos.v[0], "the operand");
		return ex_at(p, ir_not(a, args.pos.v[0]), nt);
	case TF_CAST: {
		call_args(p, &args, nt, fname, 0);
		static const char *const names[] = {"x", "dtype"};
		Expr *v[2];
		match_args(p, &args, names, 2, 2, v);
		value_arg(p, &args, v[0], "the value");
		const char *dt = dtype_arg(p, &args, v[1], NULL);
		if (!dt)
			err(p, nt, "T.cast: missing the dtype");
		return call2(p, "Cast", ex_like(p, ir_str(a, dt), v[1]), v[0], nt);
	}
	case TF_CALL_INTRIN:
		call_args(p, &args, nt, fname, 1);
		return call_intrin(p, &args);
	case TF_NONE: {
		unknown_name_check(p, nt, name);
		call_args(p, &args, nt, fname, 0);
		const char **kn = NULL;
		Expr **kv = NULL;
		if (args.kwnames.n) {
			kn = args.kwnames.v;
			kv = args.kwvals.v;
		}
		Expr **pv = args.pos.n ? args.pos.v : NULL;
		if (!nt->sym->canon)
			nt->sym->canon = op_canonical_name(name);
		return ex_at(p, ir_call_kw(a, nt->sym->canon, pv, args.pos.n, kn, kv,
		                           args.kwnames.n),
		             nt);
	}
	case TF_HANDLE:
		err(p, nt, "T.handle is only valid as a type annotation");
	case TF_LOOP:
		err(p, nt, "%s is only valid as the iterator of a for loop", fname);
	case TF_UNSUPPORTED:
		err(p, nt, "%s is not supported", fname);
	default:
		err(p, nt, "%s cannot be used in an expression", fname);
	}
}

/* t_attr = 'T' '.' NAME [ '(' args ')' ]: T.<dtype> without a call is the
 * dtype's name as a string (so T.type_annotation(T.float16) reads as
 * T.type_annotation("float16")). */
static Expr *
t_attr(Parser *p)
{
	Tok *tt = next(p); /* T */
	next(p);           /* . */
	Tok *nt = tok(p);
	if (nt->kind != TK_NAME)
		unexpected(p, nt, "a name after 'T.'");
	next(p);
	if (op_is(tok(p), "."))
		err(p, nt, "T.%.*s.%s is not supported", nt->len, nt->s,
		    peek(p, 1)->kind == TK_NAME ? tok_str(p, peek(p, 1)) : "...");
	if (op_is(tok(p), "(")) {
		/* The call is located at its `T`, as a statement would be. */
		Expr *e = t_call(p, nt);
		e->loc.line = tt->line;
		e->loc.col = tt->col;
		return e;
	}
	TFn fn = t_fn_tok(nt, NULL);
	if (fn == TF_DTYPE)
		return ex_at(p, ir_str(p->r.a, tok_str(p, nt)), nt);
	if (fn == TF_HANDLE)
		err(p, nt, "T.handle is only valid as a type annotation");
	if (fn == TF_UNSUPPORTED)
		err(p, nt, "T.%.*s is not supported", nt->len, nt->s);
	err(p, nt, "T.%.*s is not a value (missing call parentheses?)", nt->len, nt->s);
}

/* metadata = 'metadata' '[' STR ']' '[' INT ']' */
static Expr *
metadata(Parser *p)
{
	Tok *t = next(p);
	expect_op(p, "[");
	Tok *k = tok(p);
	if (k->kind != TK_STR)
		unexpected(p, k, "a metadata key string");
	next(p);
	expect_op(p, "]");
	expect_op(p, "[");
	Tok *i = tok(p);
	if (i->kind != TK_INT || i->ival > (uint64_t)INT64_MAX)
		unexpected(p, i, "a metadata index");
	next(p);
	expect_op(p, "]");
	return ex_at(p, ir_metadata(p->r.a, k->sym->s, (int64_t)i->ival), t);
}

/* index = expr | [expr] ':' [expr] [ ':' expr ]     (a slice needs its stop) */
static Expr *
subscript_item(Parser *p)
{
	Tok *t = tok(p);
	Expr *begin = NULL;
	if (!op_is(t, ":"))
		begin = expr(p);
	if (!op_is(tok(p), ":"))
		return begin;
	next(p);
	if (!begin)
		begin = mk_int(p, 0, "int32", t);
	if (op_is(tok(p), ",") || op_is(tok(p), "]") || op_is(tok(p), ":"))
		err(p, tok(p), "a slice needs its stop");
	Expr *end = expr(p);
	Expr *step = NULL;
	if (accept_op(p, ":")) {
		if (op_is(tok(p), ",") || op_is(tok(p), "]"))
			err(p, tok(p), "a slice step must not be empty");
		step = expr(p);
	}
	return ex_at(p, ir_slice(p->r.a, begin, end, step), t);
}

/* The store `load = value` for the target of an assignment, read as a
 * load: made before the value is read, when the load is still the last
 * thing in the arena, so that the store grows over the load's bytes and
 * the dead load costs nothing.  The value is set by the caller. */
static Stmt *
store_over_load(Parser *p, Expr *load)
{
	Buffer *b = load->u.load.buf;
	Expr **idx = load->u.load.idx;
	int nidx = load->u.load.nidx;
	size_t ss = ir_stmt_size(ST_STORE);
	Stmt *s = ar_grow_last(p->r.a, load, ir_expr_size(load), ss);
	if (!s) /* a new chunk since, or a guarded node (Debug): a new node */
		return ir_store(p->r.a, b, idx, nidx, NULL);
	memset(s, 0, ss);
	s->kind = ST_STORE;
	s->u.store.buf = b;
	s->u.store.idx = idx;
	s->u.store.nidx = nidx;
	return s;
}

/* subscript = '[' ( '(' ')' | index { ',' index } [','] ) ']'   on a buffer */
static Expr *
buffer_load(Parser *p, Buffer *b, const Tok *at)
{
	Tok *open = expect_op(p, "[");
	Expr *inl[8];
	ExprVec idx = {inl, 0, 8};
	if (op_is(tok(p), "]"))
		err(p, open, "empty index: write %s[()] for a 0-d buffer", b->name);
	if (op_is(tok(p), "(") && op_is(peek(p, 1), ")") && op_is(peek(p, 2), "]")) {
		next(p);
		next(p);
	} else {
		/* Each index is an expr(), which counts the nesting. */
		for (;;) {
			ExprVec_push(p, &idx, subscript_item(p));
			if (!accept_op(p, ",") || op_is(tok(p), "]"))
				break;
		}
	}
	expect_op(p, "]");
	exact(p, &idx, inl);
	return ex_at(p, ir_load(p->r.a, b, idx.v, idx.n), at);
}

/* name = NAME [ subscript | '.' 'data' ]   (a variable or a buffer) */
static Expr *
name_expr(Parser *p)
{
	Tok *t = next(p);
	int i = lookup_index(p, t);
	if (i < 0) {
		if ((text_is(t, "tir") || text_is(t, "tvm")) && op_is(tok(p), "."))
			err(p, t, "undefined name '%.*s' (tir.op.Op.get is only read as the op of "
			          "T.call_intrin)", t->len, t->s);
		err(p, t, "undefined name '%.*s'", t->len, t->s);
	}
	hoist_check(p, t, i);
	Bind *b = &p->binds[i];
	if (b->kind == BIND_VAR) {
		Tok *n = tok(p);
		if (op_is(n, "["))
			err(p, n, "'%.*s' is a variable, not a buffer", t->len, t->s);
		if (op_is(n, "("))
			err(p, n, "'%.*s' is a variable, not a function", t->len, t->s);
		if (op_is(n, "."))
			err(p, n, "variable '%.*s' has no attributes", t->len, t->s);
		return ex_at(p, ir_varref(p->r.a, b->var), t);
	}
	Buffer *buf = b->buf;
	Tok *n = tok(p);
	if (op_is(n, "["))
		return buffer_load(p, buf, t);
	if (op_is(n, "("))
		err(p, n, "buffer '%.*s' is not a function", t->len, t->s);
	if (op_is(n, ".")) {
		next(p);
		Tok *f = expect_name(p, "an attribute name");
		if (!text_is(f, "data")) {
			if (text_is(f, "vload") || text_is(f, "vstore"))
				err(p, f, "predicated %.*s is not supported", f->len, f->s);
			err(p, f, "buffer '%.*s' has no attribute '%.*s' (only .data)", t->len, t->s, f->len,
			    f->s);
		}
		return ex_at(p, ir_varref(p->r.a, buf->data), t);
	}
	return ex_at(p, ir_bufref(p->r.a, buf), t);
}

/* Items of a bracketed display up to the closer; '[' / '(' consumed. */
static void
display_items(Parser *p, ExprVec *items, const char *close, int *trailing_comma)
{
	*trailing_comma = 0;
	while (!op_is(tok(p), close)) {
		ExprVec_push(p, items, expr(p));
		if (!accept_op(p, ",")) {
			*trailing_comma = 0;
			break;
		}
		*trailing_comma = 1;
	}
	expect_op(p, close);
}

/* String keys must be unique (TVM's dicts are maps). */
static void
no_duplicate_keys(Parser *p, Expr *const *keys, int n, const char *what)
{
	if (n < 2)
		return;
	KeyLoc *v = ar_alloc(p->r.a, sizeof *v * (size_t)n);
	int m = 0;
	for (int i = 0; i < n; i++)
		if (keys[i]->kind == EX_STR)
			v[m++] = (KeyLoc){keys[i]->u.s, keys[i]->loc.line, keys[i]->loc.col};
	const KeyLoc *d = first_duplicate(v, m);
	if (d)
		err_at(p, d->line, d->col, "duplicate %s \"%.60s\"", what, d->key);
}

typedef struct KV {
	Expr *k, *v;
} KV;

static int
cmp_kv(const void *x, const void *y)
{
	return strcmp(((const KV *)x)->k->u.s, ((const KV *)y)->k->u.s);
}

/* A dict node.  String keys (already unique) are sorted here in O(n log n),
 * which leaves ir_dict's own ordering pass linear. */
static Expr *
make_dict(Parser *p, Expr *const *keys, Expr *const *vals, int n, const Tok *at)
{
	Expr **kv = expr_array(p, n), **vv = expr_array(p, n);
	int all_str = 1;
	for (int i = 0; i < n; i++)
		all_str &= keys[i]->kind == EX_STR;
	if (all_str && n > 1) {
		KV *pairs = ar_alloc(p->r.a, sizeof *pairs * (size_t)n);
		for (int i = 0; i < n; i++)
			pairs[i] = (KV){keys[i], vals[i]};
		qsort(pairs, (size_t)n, sizeof *pairs, cmp_kv);
		for (int i = 0; i < n; i++) {
			kv[i] = pairs[i].k;
			vv[i] = pairs[i].v;
		}
	} else {
		for (int i = 0; i < n; i++) {
			kv[i] = keys[i];
			vv[i] = vals[i];
		}
	}
	return ex_at(p, ir_dict(p->r.a, kv, vv, n), at);
}

/* dict = '{' [ expr ':' expr { ',' expr ':' expr } [','] ] '}' */
static Expr *
dict_display(Parser *p)
{
	Tok *t = next(p);
	/* Scratch: make_dict copies them. */
	Expr *kinl[8], *vinl[8];
	ExprVec keys = VEC_INL(kinl), vals = VEC_INL(vinl);
	while (!op_is(tok(p), "}")) {
		Expr *k = expr(p);
		if (!op_is(tok(p), ":")) {
			if (op_is(tok(p), ",") || op_is(tok(p), "}"))
				err(p, tok(p), "sets are not supported");
			unexpected(p, tok(p), "':'");
		}
		next(p);
		Expr *v = expr(p);
		ExprVec_push(p, &keys, k);
		ExprVec_push(p, &vals, v);
		if (!accept_op(p, ","))
			break;
	}
	expect_op(p, "}");
	no_duplicate_keys(p, keys.v, keys.n, "dict key");
	return make_dict(p, keys.v, vals.v, keys.n, t);
}

/* atom = INT | FLOAT | string | 'True' | 'False' | 'None' | name | t_attr
 *      | metadata | '(' [ expr { ',' expr } [','] ] ')' | '[' ... ']' | dict */
static Expr *
atom(Parser *p)
{
	Arena *a = p->r.a;
	Tok *t = tok(p);
	switch (t->kind) {
	case TK_INT:
		next(p);
		return int_literal(p, t, 0);
	case TK_FLOAT:
		next(p);
		return ex_at(p, ir_float_dt(a, t->fval, IR_DT_FLOAT32, NULL), t);
	case TK_STR:
		return string_literal(p);
	case TK_KW:
		if (text_is(t, "True") || text_is(t, "False")) {
			next(p);
			return ex_at(p, ir_pod_bool(a, text_is(t, "True")), t);
		}
		if (text_is(t, "None")) {
			next(p);
			return ex_at(p, ir_none(a), t);
		}
		if (text_is(t, "lambda") || text_is(t, "await") || text_is(t, "yield"))
			err(p, t, "'%.*s' is not supported", t->len, t->s);
		unexpected(p, t, "an expression");
	case TK_NAME:
		if (text_is(t, "T") && op_is(peek(p, 1), "."))
			return t_attr(p);
		if (text_is(t, "metadata") && op_is(peek(p, 1), "[") && !lookup(p, t))
			return metadata(p);
		return name_expr(p);
	case TK_OP:
		if (op_is(t, "(")) {
			next(p);
			if (accept_op(p, ")"))
				return ex_at(p, ir_tuple(a, EX_TUPLE, NULL, 0), t);
			Expr *e = expr(p);
			if (accept_op(p, ")"))
				return e;
			if (!op_is(tok(p), ","))
				unexpected(p, tok(p), "')' or ','");
			next(p);
			Expr *inl[8];
			ExprVec items = VEC_INL(inl);
			ExprVec_push(p, &items, e);
			int tc;
			display_items(p, &items, ")", &tc);
			exact(p, &items, inl);
			return ex_at(p, ir_tuple(a, EX_TUPLE, items.v, items.n), t);
		}
		if (op_is(t, "[")) {
			next(p);
			Expr *inl[8];
			ExprVec items = VEC_INL(inl);
			int tc;
			display_items(p, &items, "]", &tc);
			exact(p, &items, inl);
			return ex_at(p, ir_tuple(a, EX_LIST, items.v, items.n), t);
		}
		if (op_is(t, "{"))
			return dict_display(p);
		unexpected(p, t, "an expression");
	default:
		break;
	}
	unexpected(p, t, "an expression");
}

/* power = atom [ '**' unary ]     ('**' is rejected) */
static Expr *
power_rest(Parser *p, Expr *e)
{
	Tok *t = tok(p);
	if (op_is(t, "**"))
		err(p, t, "operator '**' is not supported");
	if (op_is(t, "("))
		err(p, t, "only T.<name>(...) calls are supported");
	if (op_is(t, "."))
		err(p, t, "attributes are only supported as buffer.data");
	if (op_is(t, "["))
		err(p, t, "only a buffer name can be indexed");
	return e;
}

static Expr *
power(Parser *p)
{
	return power_rest(p, atom(p));
}

/* unary = ('-' | '+' | '~') unary | power */
static Expr *
unary(Parser *p)
{
	Tok *t = tok(p);
	if (op_is(t, "-") || op_is(t, "+") || op_is(t, "~")) {
		next(p);
		/* -2147483648 and -9223372036854775808 are literals in range. */
		if (op_is(t, "-") && tok(p)->kind == TK_INT && !op_is(peek(p, 1), "**"))
			return int_literal(p, next(p), 1);
		enter(p, t);
		Expr *x = operand(p, unary(p), t);
		leave(p);
		if (op_is(t, "+"))
			return x;
		if (op_is(t, "~")) {
			Expr **args = expr_array(p, 1);
			args[0] = x;
			return mk_call(p, "bitwise_not", args, 1, t);
		}
		return negate(p, x, t);
	}
	return power(p);
}

/* Binary operators, low to high precedence (docs/tvmscript.md §8). */
enum { PR_OR = 1, PR_AND, PR_NOT, PR_CMP, PR_BOR, PR_BXOR, PR_BAND, PR_SHIFT, PR_ADD, PR_MUL };

typedef struct BinInfo {
	int prec;
	BinOp op;
	const char *call; /* bitwise and shifts are calls */
} BinInfo;

static int
bin_info(Parser *p, const Tok *t, BinInfo *bi)
{
	static const struct { unsigned code; int prec; BinOp op; const char *call; } ops[] = {
		{OPC('+', 0), PR_ADD, BIN_ADD, NULL}, {OPC('-', 0), PR_ADD, BIN_SUB, NULL},
		{OPC('*', 0), PR_MUL, BIN_MUL, NULL}, {OPC('/', 0), PR_MUL, BIN_DIV, NULL},
		{OPC('/', '/'), PR_MUL, BIN_FLOORDIV, NULL}, {OPC('%', 0), PR_MUL, BIN_FLOORMOD, NULL},
		{OPC('<', 0), PR_CMP, BIN_LT, NULL}, {OPC('<', '='), PR_CMP, BIN_LE, NULL},
		{OPC('=', '='), PR_CMP, BIN_EQ, NULL}, {OPC('!', '='), PR_CMP, BIN_NE, NULL},
		{OPC('>', 0), PR_CMP, BIN_GT, NULL}, {OPC('>', '='), PR_CMP, BIN_GE, NULL},
		{OPC('|', 0), PR_BOR, BIN_ADD, "bitwise_or"}, {OPC('^', 0), PR_BXOR, BIN_ADD, "bitwise_xor"},
		{OPC('&', 0), PR_BAND, BIN_ADD, "bitwise_and"}, {OPC('<', '<'), PR_SHIFT, BIN_ADD, "shift_left"},
		{OPC('>', '>'), PR_SHIFT, BIN_ADD, "shift_right"},
	};
	if (t->kind == TK_KW) {
		if (text_is(t, "or")) {
			*bi = (BinInfo){PR_OR, BIN_OR, NULL};
			return 1;
		}
		if (text_is(t, "and")) {
			*bi = (BinInfo){PR_AND, BIN_AND, NULL};
			return 1;
		}
		if (text_is(t, "is") || text_is(t, "in") ||
		    (text_is(t, "not") && kw_is(peek(p, 1), "in")))
			err(p, t, "operator '%.*s' is not supported", t->len, t->s);
		return 0;
	}
	if (t->kind != TK_OP)
		return 0;
	/* Most tokens after an operand are not operators: decide on the first
	 * byte before comparing. */
	switch (t->s[0]) {
	case '+': case '-': case '*': case '/': case '%': case '<': case '=': case '!':
	case '>': case '|': case '^': case '&':
		break;
	case '@':
		err(p, t, "operator '@' is not supported");
	default:
		return 0;
	}
	for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++)
		if (t->op == ops[i].code) {
			*bi = (BinInfo){ops[i].prec, ops[i].op, ops[i].call};
			return 1;
		}
	return 0;
}

static Expr *binary(Parser *p, int minprec);

/* comparison = bitor { cmp_op bitor }: a chain a < b < c reads as
 * And(a < b, b < c).  The middle operand is shared by two comparisons, so a
 * chain inside one would double the tree at every level: rejected. */
static Expr *
comparison_chain(Parser *p, Expr *lhs, const Tok *start)
{
	Arena *a = p->r.a;
	Expr *result = NULL, *left = lhs;
	BinInfo bi;
	while (bin_info(p, tok(p), &bi) && bi.prec == PR_CMP) {
		Tok *t = next(p);
		int before = p->nchains;
		operand(p, left, t);
		Expr *right = operand(p, binary(p, PR_CMP + 1), t);
		int nested = p->nchains != before;
		Expr *cmp = ex_like(p, ir_bin(a, bi.op, left, right), left);
		if (!result) {
			result = cmp;
		} else {
			result = ex_at(p, ir_bin(a, BIN_AND, result, cmp), start);
			p->nchains++;
		}
		BinInfo more;
		if (bin_info(p, tok(p), &more) && more.prec == PR_CMP && nested)
			err(p, t, "a comparison chain inside a comparison chain is not supported");
		left = right;
	}
	return result;
}

/* binary(prec) = [ 'not' binary(NOT) | unary ] { op binary(prec(op) + 1) }
 * for operators of precedence >= prec: precedence climbing, so operands of
 * one level cost a loop, not a recursion. */
static Expr *
binary_rest(Parser *p, int minprec, const Tok *start, Expr *lhs);

static Expr *
binary(Parser *p, int minprec)
{
	Arena *a = p->r.a;
	Tok *start = tok(p);
	Expr *lhs;
	if (minprec <= PR_NOT && kw_is(start, "not")) {
		next(p);
		enter(p, start);
		Expr *x = operand(p, binary(p, PR_NOT), start);
		leave(p);
		lhs = ex_at(p, ir_not(a, x), start);
	} else {
		lhs = unary(p);
	}
	return binary_rest(p, minprec, start, lhs);
}

/* The operators after lhs, which started at start. */
static Expr *
binary_rest(Parser *p, int minprec, const Tok *start, Expr *lhs)
{
	Arena *a = p->r.a;
	for (;;) {
		Tok *t = tok(p);
		BinInfo bi;
		if (!bin_info(p, t, &bi) || bi.prec < minprec)
			break;
		if (bi.prec == PR_CMP) {
			lhs = comparison_chain(p, lhs, start);
			continue;
		}
		next(p);
		operand(p, lhs, t);
		Expr *rhs = operand(p, binary(p, bi.prec + 1), t);
		if (bi.call)
			lhs = call2(p, bi.call, lhs, rhs, start);
		else
			lhs = ex_at(p, ir_bin(a, bi.op, lhs, rhs), start);
	}
	return lhs;
}

/* A token no operator, call, subscript or conditional can continue an
 * expression with: power_rest() and binary_rest() would pass over it
 * (bin_info() gives 0 without a message) and it is no 'if'. */
RD_INLINE int
ends_expr(const Tok *t)
{
	if (t->kind == TK_NEWLINE)
		return 1;
	if (t->kind != TK_OP)
		return 0;
	switch (t->op) {
	case ',':
	case ')':
	case ']':
	case '}':
	case ':':
	case '=':
		return 1;
	default:
		return 0;
	}
}

/* expr = binary(OR) [ 'if' binary(OR) 'else' expr ]
 * x if c else y reads as T.if_then_else(c, x, y). */
static Expr *
expr(Parser *p)
{
	Tok *t = tok(p);
	enter(p, t);
	if (op_is(t, ":=") || op_is(peek(p, 1), ":="))
		err(p, op_is(t, ":=") ? t : peek(p, 1), "assignment expressions are not supported");
	Expr *e;
	if ((t->kind != TK_OP || (t->op != '-' && t->op != '+' && t->op != '~')) && !kw_is(t, "not")) {
		/* binary(OR) -> unary -> power -> atom, and what follows the atom
		 * decides whether anything is left for them to look at. */
		e = atom(p);
		if (ends_expr(tok(p))) {
			leave(p);
			return e;
		}
		e = binary_rest(p, PR_OR, t, power_rest(p, e));
	} else {
		e = binary(p, PR_OR);
	}
	if (kw_is(tok(p), "if")) {
		next(p);
		Expr *c = binary(p, PR_OR);
		if (!kw_is(tok(p), "else"))
			unexpected(p, tok(p), "'else'");
		next(p);
		Expr *y = expr(p);
		Expr **args = expr_array(p, 3);
		args[0] = c;
		args[1] = e;
		args[2] = y;
		e = mk_call(p, "if_then_else", args, 3, t);
	}
	leave(p);
	return e;
}

/* ---- types --------------------------------------------------------------- */

/* type = 'T' '.' DTYPE [ '(' ')' ] | 'T' '.' 'handle' [ '(' [dtype [',' scope]] ')' ]
 * Sets the dtype, and the pointer scope (NULL for a non-pointer). */
static void
type_annotation(Parser *p, const char **dtype, const char **scope)
{
	Tok *nt = at_t_name(p, 0);
	if (!nt)
		unexpected(p, tok(p), "a type such as T.int32 or T.handle(\"float16\", \"global\")");
	next(p);
	next(p);
	next(p);
	TFn fn = t_fn_tok(nt, NULL);
	if (fn != TF_DTYPE && fn != TF_HANDLE) {
		if (text_is(nt, "Buffer"))
			err(p, nt, "a T.Buffer annotation is only supported on a parameter");
		err(p, nt, "T.%.*s is not a type", nt->len, nt->s);
	}
	*dtype = tok_str(p, nt);
	*scope = NULL;
	if (!op_is(tok(p), "("))
		return;
	next(p);
	Args a;
	char fname[48];
	snprintf(fname, sizeof fname, "T.%s", *dtype);
	call_args(p, &a, nt, fname, 0);
	if (fn == TF_DTYPE) {
		if (a.pos.n || a.kwnames.n)
			err(p, nt, "%s(...) is not a type", fname);
		return;
	}
	static const char *const names[] = {"dtype", "storage_scope"};
	Expr *v[2];
	match_args(p, &a, names, 2, 2, v);
	if (!v[0]) {
		if (v[1])
			err(p, nt, "T.handle: a storage scope needs a dtype");
		return; /* T.handle(): opaque handle */
	}
	*dtype = dtype_arg(p, &a, v[0], NULL);
	*scope = v[1] ? str_arg(p, &a, v[1], "the storage scope") : "global";
	/* TVM reads T.handle("f16") as scope "global" and prints "" back as
	 * the one-argument form, so "" and "global" are one scope. */
	if (!**scope)
		*scope = "global";
}

/* ---- buffers ------------------------------------------------------------- */

enum {
	BP_SHAPE, BP_DTYPE, BP_DATA, BP_STRIDES, BP_ELEM_OFFSET, BP_SCOPE, BP_ALIGN,
	BP_OFFSET_FACTOR, BP_BUFFER_TYPE, BP_AXIS_SEPARATORS, BP_COUNT
};

/* The buffer-call syntax (docs/tvmscript.md §5), shared by T.Buffer, T.decl_buffer,
 * T.alloc_buffer and T.match_buffer (which takes its source first). */
static const char *const buffer_params[BP_COUNT + 1] = {
	"param", "shape", "dtype", "data", "strides", "elem_offset", "scope", "align",
	"offset_factor", "buffer_type", "axis_separators",
};

static void
buffer_args(Parser *p, const Args *a, int with_source, Expr **v, Expr **source)
{
	Expr *all[BP_COUNT + 1];
	const char *const *names = buffer_params + (with_source ? 0 : 1);
	int n = BP_COUNT + (with_source ? 1 : 0);
	match_args(p, a, names, n, n, all);
	if (with_source) {
		*source = all[0];
		for (int i = 0; i < BP_COUNT; i++)
			v[i] = all[i + 1];
	} else {
		for (int i = 0; i < BP_COUNT; i++)
			v[i] = all[i];
	}
	for (int i = 0; i < BP_COUNT; i++)
		if (v[i] && v[i]->kind == EX_NONE)
			v[i] = NULL;
}

static Var *
new_var(Parser *p, const char *name, const char *dtype, const char *scope)
{
	return ir_var(p->r.a, p->f, name, dtype, scope);
}

/* Builds a buffer named `name` from its arguments v[BP_*].  Without data=,
 * the buffer owns a new pointer var named like it. */
static Buffer *
make_buffer(Parser *p, const Args *a, Expr **v, const char *name, BufKind kind,
            const char *default_scope)
{
	Arena *ar = p->r.a;
	Expr *shape = v[BP_SHAPE];
	if (!shape)
		err(p, a->at, "%s: missing the shape", a->fn);
	Expr *inl[8];
	ExprVec dims = VEC_INL(inl);
	if (shape->kind == EX_TUPLE || shape->kind == EX_LIST) {
		for (int i = 0; i < shape->u.list.n; i++)
			ExprVec_push(p, &dims, value_arg(p, a, shape->u.list.items[i], "a shape entry"));
	} else {
		ExprVec_push(p, &dims, value_arg(p, a, shape, "the shape"));
	}
	exact(p, &dims, inl);
	const char *dtype = dtype_arg(p, a, v[BP_DTYPE], "float32");
	const char *scope = v[BP_SCOPE] ? str_arg(p, a, v[BP_SCOPE], "the scope") : default_scope;
	if (!*scope)
		scope = "global";
	Var *data = NULL;
	if (v[BP_DATA]) {
		if (v[BP_DATA]->kind != EX_VAR)
			err_expr(p, v[BP_DATA], "%s: data must be a pointer variable", a->fn);
		data = v[BP_DATA]->u.var;
	}
	Buffer *b = ir_buffer(ar, p->f, name, dtype, dims.v, dims.n, data, kind);
	if (!data) {
		b->data = new_var(p, name, dtype, scope);
		b->data->owner = b;
	}
	if (v[BP_STRIDES]) {
		Expr *s = v[BP_STRIDES];
		if (s->kind != EX_TUPLE && s->kind != EX_LIST)
			err_expr(p, s, "%s: strides must be a tuple", a->fn);
		b->strides = ex_like(p, ir_tuple(ar, EX_TUPLE, s->u.list.items, s->u.list.n), s);
	}
	b->elem_offset = v[BP_ELEM_OFFSET];
	b->align = v[BP_ALIGN];
	b->offset_factor = v[BP_OFFSET_FACTOR];
	b->buffer_type = v[BP_BUFFER_TYPE];
	b->axis_separators = v[BP_AXIS_SEPARATORS];
	return b;
}

/* ---- statements: items and suites ---------------------------------------- */

enum { ITEM_FRAME = 0x80, ITEM_HEIGHT = 0x7f, DEEP_HEIGHT = 100 };
_Static_assert(DEEP_HEIGHT < ITEM_HEIGHT && DEEP_HEIGHT <= (int)IR_MAX_DEPTH,
               "heights are kept exactly below DEEP_HEIGHT");

/* h saturated to what an item mark keeps; a height that high makes the
 * depth walk run. */
static int
height(Parser *p, int h)
{
	if (h >= DEEP_HEIGHT) {
		p->deep = 1;
		h = DEEP_HEIGHT;
	}
	return h;
}

/* An item of height h (a statement with bodies: its height with them). */
static void
add_item_h(Parser *p, Items *it, Stmt *s, int frame, int h)
{
	if (p->nitems == p->capitems) {
		int cap = p->capitems ? p->capitems * 2 : 256;
		Stmt **ns = realloc(p->items, sizeof *ns * (size_t)cap);
		if (ns)
			p->items = ns;
		unsigned char *nf = realloc(p->frames, (size_t)cap);
		if (nf)
			p->frames = nf;
		if (!ns || !nf)
			abort(); /* out of memory is not bad input */
		p->capitems = cap;
	}
	p->items[p->nitems] = s;
	p->frames[p->nitems] = (unsigned char)((frame ? ITEM_FRAME : 0) | height(p, h));
	p->nitems++;
	it->n++;
	/* The block header ends at the first statement of the body. */
	if (p->blk && p->blk->level == p->level)
		p->blk->header_open = 0;
}

/* A leaf statement, or a frame whose body comes with the fold. */
static void
add_item(Parser *p, Items *it, Stmt *s, int frame)
{
	add_item_h(p, it, s, frame, 1);
}

/* A frame's body: its one body slot (the node table's). */
static void
set_body(Stmt *s, Stmt *body)
{
	IrBodies b;
	ir_stmt_bodies(&b, s);
	if (s->kind == ST_SEQ || ir_stmt_nbodies(s) != 1)
		abort(); /* only frames get a body this way */
	*ir_bodies_next(&b) = body;
}

/* A long run of items at the top of the item stack, low on it, which
 * ir_seq would copy as they are (no sequence among them, no T.evaluate(0)
 * to drop): moved to the bottom of the stack's block, which the arena
 * adopts as the sequence's array; what was below them goes to a new
 * block, which becomes the stack.  Saves the copy, and a big program's
 * body is in memory once, not twice.  NULL when it does not apply. */
enum { ADOPT_MIN = 4096 };

static Stmt *
adopt_items(Parser *p, Stmt **items, int n)
{
	int from = (int)(items - p->items);
	if (n < ADOPT_MIN || from + n != p->nitems || from > n / 8)
		return NULL;
	for (int i = 0; i < n; i++) {
		const Stmt *x = items[i];
		if (x->kind == ST_SEQ ||
		    (x->kind == ST_EVAL && x->u.eval.value->kind == EX_INT && ir_int_value(x->u.eval.value) == 0))
			return NULL;
	}
	Stmt **fresh = malloc(sizeof *fresh * (size_t)p->capitems);
	if (!fresh)
		abort(); /* out of memory is not bad input */
	Stmt **blk = p->items;
	memcpy(fresh, blk, sizeof *blk * (size_t)from);
	memmove(blk, blk + from, sizeof *blk * (size_t)n);
	p->items = fresh;
	Stmt *s = ir_seq(p->r.a, blk, 2); /* a sequence node, then its items */
	s->u.seq.items = ar_adopt(p->r.a, blk, sizeof *blk * (size_t)n);
	s->u.seq.n = n;
	return s;
}

/* items[0..n) as one statement (ir_seq copies them; a long run at the top
 * of the item stack may move instead, p->items changing). */
static Stmt *
seq_of(Parser *p, Stmt **items, int n, const Tok *at)
{
	Loc first = n ? items[0]->loc : (Loc){at->line, at->col};
	Stmt *s = adopt_items(p, items, n);
	if (!s)
		s = ir_seq(p->r.a, items, n);
	if (!s->loc.line) {
		count_node(p, at->line, at->col);
		s->loc = first;
	}
	return s;
}

/* Folds a suite's items from the end: each flat frame takes everything
 * after it as its body (docs/tvmscript.md §2), so a frame at i gets items
 * (i, end] where end is the next frame (or the last item). */
static Stmt *
fold(Parser *p, Items *it, const Tok *at)
{
	/* No stack yet when no suite has had an item (a docstring alone). */
	Stmt **s = p->items ? p->items + it->base : NULL;
	const unsigned char *frame = p->frames ? p->frames + it->base : NULL;
	int end = it->n; /* s[end] is the fold of the rest, when end < n */
	int h = 0;       /* the items' after i, up to and with s[end]; 0: none */
	for (int i = it->n - 1; i >= 0; i--) {
		if (!(frame[i] & ITEM_FRAME)) {
			if ((frame[i] & ITEM_HEIGHT) > h)
				h = frame[i] & ITEM_HEIGHT;
			continue;
		}
		const Tok loc = {.line = s[i]->loc.line, .col = s[i]->loc.col};
		Stmt *body = seq_of(p, s + i + 1, end - i - (end == it->n), &loc);
		s = p->items + it->base; /* seq_of may move the stack */
		set_body(s[i], body);
		end = i;
		h = height(p, (h ? h : 1) + 1); /* no items: an eval for body */
	}
	Stmt *r = seq_of(p, s, end + (end < it->n), at);
	p->nitems = it->base;
	p->sh = h ? h : 1;
	return r;
}

static void statement(Parser *p, Items *it);
static void simple_statements(Parser *p, Items *it);
static void set_era(Parser *p, IrEra era, int line, int col);

/* suite = NEWLINE INDENT statement { statement } DEDENT | simple_statements
 * Names bound inside are popped at its end.  With blk, the suite is the body
 * of that block. */
static Stmt *
suite(Parser *p, BlockCtx *blk)
{
	int mark = p->nbinds;
	Tok start_ = *tok(p), *start = &start_;
	p->level++;
	if (blk) {
		blk->level = p->level;
		blk->mark = mark;
		blk->up = p->blk;
		blk->header_open = 1;
		p->blk = blk;
	}
	Items it = {p->nitems, 0};
	if (start->kind == TK_NEWLINE) {
		next(p);
		Tok *t = tok(p);
		if (t->kind != TK_INDENT)
			err(p, t, "expected an indented block");
		next(p);
		while (tok(p)->kind != TK_DEDENT && tok(p)->kind != TK_EOF) {
			/* Nothing before this statement's first token is looked at
			 * again but through keep()'s copies. */
			rd_lex_release(&p->r, p->pos);
			statement(p, &it);
		}
		next(p);
	} else {
		simple_statements(p, &it);
	}
	if (blk)
		p->blk = blk->up;
	p->level--;
	unbind_to(p, mark);
	return fold(p, &it, start);
}

/* The ':' that opens a suite. */
static void
colon(Parser *p)
{
	expect_op(p, ":");
}

/* ---- frames shared by the flat and the with forms ------------------------ */

/* T.allocate(extents, dtype, scope="global", condition=None, annotations=None) */
static Stmt *
frame_allocate(Parser *p, const Args *a, const char *name, const Tok *at)
{
	static const char *const names[] = {"extents", "dtype", "scope", "condition", "annotations"};
	Expr *v[5];
	match_args(p, a, names, 5, 5, v);
	if (!v[0])
		err(p, a->at, "T.allocate: missing the extents");
	Expr *inl[8];
	ExprVec ext = VEC_INL(inl);
	if (v[0]->kind == EX_LIST || v[0]->kind == EX_TUPLE) {
		for (int i = 0; i < v[0]->u.list.n; i++)
			ExprVec_push(p, &ext, value_arg(p, a, v[0]->u.list.items[i], "an extent"));
	} else {
		ExprVec_push(p, &ext, value_arg(p, a, v[0], "the extents"));
	}
	exact(p, &ext, inl);
	if (!v[1])
		err(p, a->at, "T.allocate: missing the dtype");
	const char *dtype = dtype_arg(p, a, v[1], NULL);
	const char *scope = v[2] ? str_arg(p, a, v[2], "the scope") : "global";
	if (!*scope)
		scope = "global";
	Expr *cond = v[3] && v[3]->kind != EX_NONE ? value_arg(p, a, v[3], "the condition") : NULL;
	Expr *ann = dict_arg(p, a, v[4], "annotations");
	Var *var = new_var(p, name, dtype, scope);
	return st_at(p, ir_alloc(p->r.a, var, ext.v, ext.n, cond, ann, NULL), at);
}

/* T.decl_buffer(shape, dtype="float32", data=None, ...) */
static Stmt *
frame_decl_buffer(Parser *p, const Args *a, const char *name, const Tok *at)
{
	Expr *v[BP_COUNT];
	buffer_args(p, a, 0, v, NULL);
	Buffer *b = make_buffer(p, a, v, name, BUF_DECL, "global");
	return st_at(p, ir_decl(p->r.a, b, v[BP_DATA] == NULL, NULL), at);
}

/* T.launch_thread(thread, extent): thread is a tag (a new var named `name`)
 * or a var from T.env_thread.  *var_out gets the launched var. */
static Stmt *
frame_launch(Parser *p, const Args *a, const char *name, const Tok *at, Var **var_out)
{
	static const char *const names[] = {"thread", "extent"};
	Expr *v[2];
	match_args(p, a, names, 2, 2, v);
	if (!v[0] || !v[1])
		err(p, a->at, "T.launch_thread takes a thread tag (or env_thread var) and an extent");
	Expr *extent = value_arg(p, a, v[1], "the extent");
	Var *var;
	const char *tag;
	if (v[0]->kind == EX_STR) {
		tag = v[0]->u.s;
		if (!name)
			err(p, a->at, "T.launch_thread(\"%.40s\", ...) needs a name: tx = T.launch_thread(...)",
			    tag);
		var = new_var(p, name, loop_dtype(NULL, extent), NULL);
	} else if (v[0]->kind == EX_VAR && (v[0]->u.var->flags & VAR_ENV_THREAD)) {
		var = v[0]->u.var;
		Tok n = {.s = var->name, .len = (int)strlen(var->name)};
		Bind *b = lookup(p, &n);
		if (!b || b->var != var)
			err_expr(p, v[0], "env thread '%s' is shadowed", var->name);
		tag = b->tag;
	} else {
		err_expr(p, v[0], "T.launch_thread: the thread must be a tag string or a T.env_thread var");
	}
	if (!*tag)
		err_expr(p, v[0], "T.launch_thread: empty thread tag");
	*var_out = var;
	return st_at(p, ir_launch(p->r.a, var, tag, extent, NULL), at);
}

/* T.attr(node, attr_key, value) */
static Stmt *
frame_attr(Parser *p, const Args *a, const Tok *at)
{
	static const char *const names[] = {"node", "attr_key", "value"};
	Expr *v[3];
	match_args(p, a, names, 3, 3, v);
	if (!v[0] || !v[1] || !v[2])
		err(p, a->at, "T.attr takes a node, a key and a value");
	const char *key = str_arg(p, a, v[1], "the key");
	return st_at(p, ir_attr(p->r.a, v[0], key, v[2], NULL), at);
}

/* An assert's message: one part is the message itself, other counts stay
 * a list; the kind "RuntimeError" is what a seed assert says anyway. */
static Stmt *
make_assert(Parser *p, Expr *cond, Expr *parts, const char *kind, const Tok *at)
{
	Expr *msg = parts;
	if (parts->kind == EX_LIST && parts->u.list.n == 1)
		msg = parts->u.list.items[0];
	Stmt *s = st_at(p, ir_assert(p->r.a, cond, msg, NULL), at);
	if (kind && strcmp(kind, "RuntimeError") != 0)
		s->u.assert_.error_kind = kind;
	return s;
}

/* `assert cond, msg` or head's structured `assert cond, ("Kind", [parts])`. */
static Stmt *
assert_statement(Parser *p, Expr *cond, Expr *m, const Tok *at)
{
	if (m->kind == EX_TUPLE && m->u.list.n == 2 && m->u.list.items[0]->kind == EX_STR &&
	    m->u.list.items[1]->kind == EX_LIST) {
		const char *kind = m->u.list.items[0]->u.s;
		if (!is_identifier(kind))
			err_expr(p, m->u.list.items[0], "assert: the error kind \"%.40s\" is not a name", kind);
		return make_assert(p, cond, m->u.list.items[1], kind, at);
	}
	if (m->kind == EX_TUPLE || m->kind == EX_LIST)
		err_expr(p, m,
		         "assert: the message is a string, or (\"ErrorKind\", [parts]) as head prints it");
	return make_assert(p, cond, m, NULL, at);
}

/* T.Assert(condition, message, error_kind="RuntimeError") */
static Stmt *
frame_assert(Parser *p, const Args *a, const Tok *at)
{
	static const char *const names[] = {"condition", "message", "error_kind"};
	Expr *v[3];
	match_args(p, a, names, 3, 3, v);
	if (!v[0] || !v[1])
		err(p, a->at, "T.Assert takes a condition and a message");
	value_arg(p, a, v[0], "the condition");
	const char *kind = v[2] && v[2]->kind != EX_NONE ? str_arg(p, a, v[2], "error_kind") : NULL;
	if (kind && !is_identifier(kind))
		err_expr(p, v[2], "T.Assert: the error kind \"%.40s\" is not a name", kind);
	if (v[1]->kind == EX_TUPLE)
		err_expr(p, v[1], "T.Assert: the message is a string or a list of parts");
	return make_assert(p, v[0], v[1], kind, at);
}

/* T.LetStmt(value [, type]) or T.LetStmt(value, var=x): parsed by hand, as
 * its second argument is a type, not an expression.  '(' is consumed. */
typedef struct LetArgs {
	Expr *value;
	const char *dtype, *scope; /* from the type, if given */
	Var *var;                  /* var=x */
} LetArgs;

static void
letstmt_args(Parser *p, LetArgs *la, const Tok *at)
{
	memset(la, 0, sizeof *la);
	if (op_is(tok(p), ")"))
		err(p, at, "T.LetStmt needs a value");
	la->value = expr(p);
	while (accept_op(p, ",")) {
		Tok *t = tok(p);
		if (op_is(t, ")"))
			break;
		if (name_is(t, "var") && op_is(peek(p, 1), "=")) {
			next(p);
			next(p);
			Expr *e = expr(p);
			if (e->kind != EX_VAR || la->var)
				err_expr(p, e, "T.LetStmt: var= must name a variable, once");
			la->var = e->u.var;
		} else if (name_is(t, "type_annotation") && op_is(peek(p, 1), "=")) {
			next(p);
			next(p);
			type_annotation(p, &la->dtype, &la->scope);
		} else if (!la->dtype && at_t_name(p, 0)) {
			type_annotation(p, &la->dtype, &la->scope);
		} else {
			unexpected(p, t, "a type or var=");
		}
	}
	expect_op(p, ")");
	if (la->var && la->dtype)
		err(p, at, "T.LetStmt: give a type or var=, not both");
	if (!is_value(la->value))
		err_expr(p, la->value, "T.LetStmt: the value must be an expression");
}

/* The var a let binds: given, typed, or inferred from the value. */
static Var *
let_var(Parser *p, const char *name, Expr *value, const char *dtype, const char *scope)
{
	if (!dtype) {
		if (value->kind == EX_VAR && value->u.var->ptr_scope) {
			dtype = value->u.var->dtype;
			scope = value->u.var->ptr_scope;
		} else {
			dtype = let_dtype(value);
		}
	}
	return new_var(p, name, dtype, scope);
}

/* Appends a hoisted buffer to the innermost block, or to the root. */
static void
add_block_alloc(Parser *p, Buffer *b, Tok *at)
{
	if (p->blk && !p->blk->is_root) {
		BufVec_push(p, &p->blk->allocs, b);
		TokVec_push(p, &p->blk->alloc_toks, keep(p, at));
	} else {
		BufVec_push(p, &p->roots, b);
		StrVec_push(p, &p->hoisted, b->name);
		TokVec_push(p, &p->hoisted_toks, keep(p, at));
		p->f->has_root_block = 1;
	}
}

/* Starts the hoist check for a buffer that goes to the innermost block. */
static Hoist
block_hoist(Parser *p, const char *what)
{
	if (p->blk && !p->blk->is_root)
		return hoist_begin(p, p->blk->mark, G_ROOT, what);
	return hoist_begin(p, p->fn_mark, G_ROOT, what);
}

/* T.alloc_buffer(...) and the tl sugar T.alloc_shared/local/fragment/var/
 * barrier (docs/tvmscript.md §9): a block buffer.  The '(' is consumed. */
static Buffer *
alloc_buffer(Parser *p, const Tok *nt, const char *name)
{
	Arena *ar = p->r.a;
	const char *fname = t_dotted(p, nt);
	const char *fn = fname + 2;
	Hoist h = block_hoist(p, "the block buffer");
	Args a;
	call_args(p, &a, nt, fname, 0);
	Expr *v[BP_COUNT] = {0};
	if (strcmp(fn, "alloc_buffer") == 0 || strcmp(fn, "sblock_alloc_buffer") == 0) {
		buffer_args(p, &a, 0, v, NULL);
		hoist_end(p, h);
		return make_buffer(p, &a, v, name, BUF_BLOCK, "global");
	}
	hoist_end(p, h);
	const char *scope = "global";
	if (strcmp(fn, "alloc_var") == 0) {
		static const char *const names[] = {"dtype", "init", "scope"};
		Expr *w[3];
		match_args(p, &a, names, 3, 2, w);
		if (w[1] && w[1]->kind != EX_NONE)
			err_expr(p, w[1], "T.alloc_var with an initial value is not supported");
		v[BP_SHAPE] = ex_at(p, ir_tuple(ar, EX_TUPLE, NULL, 0), nt);
		Expr **one = expr_array(p, 1);
		one[0] = mk_int(p, 1, "int32", nt);
		v[BP_SHAPE]->u.list.items = one;
		v[BP_SHAPE]->u.list.n = 1;
		v[BP_DTYPE] = w[0];
		if (!w[0])
			err(p, nt, "T.alloc_var: missing the dtype");
		v[BP_SCOPE] = w[2];
		scope = "local.var";
	} else if (strcmp(fn, "alloc_barrier") == 0) {
		static const char *const names[] = {"arrive_count"};
		Expr *w[1];
		match_args(p, &a, names, 1, 1, w);
		if (!w[0])
			err(p, nt, "T.alloc_barrier: missing the arrive counts");
		int n = w[0]->kind == EX_LIST || w[0]->kind == EX_TUPLE ? w[0]->u.list.n : 1;
		if (n == 0)
			err_expr(p, w[0], "T.alloc_barrier: no arrive counts");
		Expr **one = expr_array(p, 1);
		one[0] = mk_int(p, n, "int32", nt);
		v[BP_SHAPE] = ex_at(p, ir_tuple(ar, EX_TUPLE, one, 1), nt);
		v[BP_DTYPE] = ex_at(p, ir_str(ar, "uint64"), nt);
		scope = "shared.barrier";
	} else {
		static const char *const names[] = {"shape", "dtype", "scope"};
		Expr *w[3];
		match_args(p, &a, names, 3, 3, w);
		v[BP_SHAPE] = w[0];
		v[BP_DTYPE] = w[1];
		v[BP_SCOPE] = w[2];
		scope = strcmp(fn, "alloc_shared") == 0  ? "shared.dyn"
		        : strcmp(fn, "alloc_local") == 0 ? "local"
		                                         : "local.fragment";
	}
	if (v[BP_SCOPE] && v[BP_SCOPE]->kind == EX_NONE)
		v[BP_SCOPE] = NULL;
	/* The shape and dtype were parsed under the check above. */
	return make_buffer(p, &a, v, name, BUF_BLOCK, scope);
}

/* Head's statement `b = T.alloc_buffer(shape, dtype="float32",
 * scope="global", annotations=None)`: an AllocBuffer, the seed
 * Allocate+DeclBuffer whose body is the rest of the block.  The '(' is
 * consumed. */
static Stmt *
head_alloc_buffer(Parser *p, const Tok *nt, const char *name, const Tok *at)
{
	Args a;
	call_args(p, &a, nt, "T.alloc_buffer", 0);
	static const char *const names[] = {"shape", "dtype", "scope", "annotations"};
	Expr *w[4];
	match_args(p, &a, names, 4, 4, w);
	Expr *v[BP_COUNT] = {0};
	v[BP_SHAPE] = w[0];
	v[BP_DTYPE] = w[1] && w[1]->kind != EX_NONE ? w[1] : NULL;
	v[BP_SCOPE] = w[2] && w[2]->kind != EX_NONE ? w[2] : NULL;
	Expr *ann = dict_arg(p, &a, w[3], "annotations");
	Buffer *b = make_buffer(p, &a, v, name, BUF_DECL, "global");
	Stmt *s = st_at(p, ir_decl(p->r.a, b, 1, NULL), at);
	if (ann && ann->u.dict.n)
		s->u.decl.annotations = ann;
	return s;
}

/* ---- assignments --------------------------------------------------------- */

enum { RHS_EXPR, RHS_FREE, RHS_ENV };

typedef struct Rhs {
	int kind;
	Expr *e;                   /* RHS_EXPR */
	const char *dtype, *scope; /* RHS_FREE, RHS_ENV */
	int flags;
	const char *tag;           /* RHS_ENV */
	const Tok *at;
} Rhs;

/* A value that names a new definition instead of computing one:
 * T.int32(), T.int32(is_size_var=True), T.handle(...), T.env_thread(tag). */
static int
definition_value(Parser *p, Rhs *r)
{
	Tok *nt = at_t_name(p, 0);
	if (!nt || !op_is(peek(p, 3), "("))
		return 0;
	TFn fn = t_fn_tok(nt, NULL);
	if (fn == TF_DTYPE) {
		/* T.int32() or T.int32(is_size_var=...): no positional argument. */
		Tok *a = peek(p, 4);
		if (!op_is(a, ")") && !(name_is(a, "is_size_var") && op_is(peek(p, 5), "=")))
			return 0;
	} else if (fn != TF_HANDLE && fn != TF_ENV_THREAD) {
		return 0;
	}
	r->at = nt;
	if (fn == TF_HANDLE) {
		r->kind = RHS_FREE;
		type_annotation(p, &r->dtype, &r->scope);
		return 1;
	}
	next(p);
	next(p);
	next(p);
	next(p);
	Args a;
	const char *fname = t_dotted(p, nt);
	Hoist h = hoist_begin(p, p->fn_mark, G_FREE, "the definition");
	call_args(p, &a, nt, fname, 0);
	hoist_end(p, h);
	if (fn == TF_ENV_THREAD) {
		static const char *const names[] = {"thread_tag", "dtype"};
		Expr *v[2];
		match_args(p, &a, names, 2, 2, v);
		r->kind = RHS_ENV;
		r->tag = str_arg(p, &a, v[0], "the thread tag");
		r->dtype = dtype_arg(p, &a, v[1], "int32");
		if (!is_dtype(r->dtype))
			err_expr(p, v[1], "T.env_thread: \"%.40s\" is not a dtype", r->dtype);
		return 1;
	}
	static const char *const names[] = {"is_size_var"};
	Expr *v[1];
	match_args(p, &a, names, 1, 0, v);
	r->kind = RHS_FREE;
	r->dtype = tok_str(p, nt);
	r->flags = pod_bool_arg(p, &a, v[0], "is_size_var") ? VAR_SIZE_VAR : 0;
	return 1;
}

static void
rhs_value(Parser *p, Rhs *r)
{
	memset(r, 0, sizeof *r);
	r->at = tok(p);
	if (definition_value(p, r))
		return;
	r->kind = RHS_EXPR;
	r->e = expr(p);
}

/* Binds a name to a value: a definition (no node), a buffer (a second name,
 * no node), or a let frame. */
static void
bind_value(Parser *p, Items *it, const Tok *nt, const Tok *at, Rhs *r)
{
	const char *name = tok_str(p, nt);
	if (r->kind == RHS_FREE || r->kind == RHS_ENV) {
		check_hoisted_name(p, nt);
		StrVec_push(p, &p->hoisted, name);
		TokVec_push(p, &p->hoisted_toks, keep(p, nt));
		Var *v = new_var(p, name, r->dtype, r->scope);
		if (r->kind == RHS_FREE) {
			v->flags = VAR_FREE | r->flags;
			VarVec_push(p, &p->free_vars, v);
		} else {
			v->flags = VAR_ENV_THREAD;
			VarVec_push(p, &p->env, v);
		}
		Bind *b = bind(p, name, BIND_VAR, v, NULL, G_FREE);
		b->tag = r->tag;
		return;
	}
	Expr *e = r->e;
	if (expr_kind_role[e->kind] & XK_BUF) {
		check_same_name(p, nt, name, e->u.buf->name);
		bind(p, name, BIND_BUF, NULL, e->u.buf, G_LOCAL);
		return;
	}
	if (!is_value(e))
		err_expr(p, e, "cannot bind '%s' to a value that is not an expression", name);
	if (p->era == ERA_HEAD) {
		/* Head prints a re-bind of a let's Var as `x = v` (a new Var
		 * with the same name would print `x_1: ...`). */
		Bind *old = lookup(p, nt);
		if (old && old->kind == BIND_VAR && old->is_let) {
			add_item(p, it, st_at(p, ir_let(p->r.a, old->var, e, NULL), at), 1);
			return;
		}
	}
	Var *v = let_var(p, name, e, NULL, NULL);
	add_item(p, it, st_at(p, ir_let(p->r.a, v, e, NULL), at), 1);
	bind(p, name, BIND_VAR, v, NULL, G_LOCAL)->is_let = 1;
}

/* assign = NAME '=' ( frame_call | value ) */
static void
assignment(Parser *p, Items *it)
{
	Tok *nt = next(p);
	next(p); /* '=' */
	const char *name = tok_str(p, nt);
	Tok *fnt = at_t_name(p, 0);
	TFn fn = fnt && op_is(peek(p, 3), "(") ? t_fn_tok(fnt, NULL) : TF_NONE;
	Args a;
	const char *fname = fnt ? t_dotted(p, fnt) : NULL;
	switch (fn) {
	case TF_ALLOCATE:
	case TF_DECL_BUFFER:
	case TF_BUFFER:
	case TF_MATCH_BUFFER:
	case TF_LAUNCH:
	case TF_LETSTMT:
		break;
	case TF_ALLOC: {
		if (p->era == ERA_HEAD && text_is(fnt, "alloc_buffer")) {
			next(p), next(p), next(p), next(p);
			Stmt *s = head_alloc_buffer(p, fnt, name, nt);
			add_item(p, it, s, 1);
			bind(p, name, BIND_BUF, NULL, s->u.decl.buf, G_LOCAL);
			return;
		}
		check_hoisted_name(p, nt);
		next(p), next(p), next(p), next(p);
		Buffer *b = alloc_buffer(p, fnt, name);
		add_block_alloc(p, b, nt);
		bind(p, name, BIND_BUF, NULL, b, p->blk && !p->blk->is_root ? G_LOCAL : G_ROOT);
		return;
	}
	case TF_ATTR:
	case TF_ASSERT:
	case TF_EVALUATE:
	case TF_FUNC_ATTR:
	case TF_READS:
	case TF_WRITES:
	case TF_WHERE:
	case TF_BLOCK_ATTR:
		err(p, fnt, "%s has no value to assign", fname);
	case TF_KERNEL:
	case TF_BLOCK:
		err(p, fnt, "%s must be used as `with %s(...):`", fname, fname);
	default: {
		Rhs r;
		rhs_value(p, &r);
		bind_value(p, it, nt, nt, &r);
		return;
	}
	}
	next(p), next(p), next(p), next(p);
	if (fn == TF_LETSTMT) {
		LetArgs la;
		letstmt_args(p, &la, fnt);
		Var *v = la.var ? la.var : let_var(p, name, la.value, la.dtype, la.scope);
		check_same_name(p, nt, name, v->name);
		add_item(p, it, st_at(p, ir_let(p->r.a, v, la.value, NULL), nt), 1);
		bind(p, name, BIND_VAR, v, NULL, G_LOCAL)->is_let = 1;
		return;
	}
	if (fn == TF_MATCH_BUFFER) {
		if (p->level != p->fn_level || p->blk)
			err(p, fnt, "T.match_buffer is only supported at function level");
		check_hoisted_name(p, nt);
		StrVec_push(p, &p->hoisted, name);
		TokVec_push(p, &p->hoisted_toks, keep(p, nt));
		Hoist h = hoist_begin(p, p->fn_mark, G_MATCH, "the match_buffer");
		call_args(p, &a, fnt, fname, 0);
		hoist_end(p, h);
		Expr *v[BP_COUNT], *source = NULL;
		buffer_args(p, &a, 1, v, &source);
		if (!source || source->kind != EX_VAR)
			err(p, source ? (const Tok *)fnt : fnt,
			    "T.match_buffer: the source must be a handle parameter");
		if (v[BP_DATA])
			err_expr(p, v[BP_DATA], "T.match_buffer: data= is not supported");
		Buffer *b = make_buffer(p, &a, v, name, BUF_MATCH, "global");
		b->match_source = source;
		BufVec_push(p, &p->matches, b);
		bind(p, name, BIND_BUF, NULL, b, G_MATCH);
		return;
	}
	call_args(p, &a, fnt, fname, 0);
	switch (fn) {
	case TF_ALLOCATE: {
		Stmt *s = frame_allocate(p, &a, name, nt);
		add_item(p, it, s, 1);
		bind(p, name, BIND_VAR, s->u.alloc.var, NULL, G_LOCAL);
		return;
	}
	case TF_DECL_BUFFER: {
		Stmt *s = frame_decl_buffer(p, &a, name, nt);
		add_item(p, it, s, 1);
		bind(p, name, BIND_BUF, NULL, s->u.decl.buf, G_LOCAL);
		return;
	}
	case TF_BUFFER: {
		/* An alias: no node, the name stands for a view of data. */
		Expr *v[BP_COUNT];
		buffer_args(p, &a, 0, v, NULL);
		if (!v[BP_DATA])
			err(p, fnt, "T.Buffer in a body needs data=");
		Buffer *b = make_buffer(p, &a, v, name, BUF_ALIAS, "global");
		bind(p, name, BIND_BUF, NULL, b, G_LOCAL);
		return;
	}
	case TF_LAUNCH: {
		Var *v;
		Stmt *s = frame_launch(p, &a, name, nt, &v);
		check_same_name(p, nt, name, v->name);
		add_item(p, it, s, 1);
		bind(p, name, BIND_VAR, v, NULL, G_LOCAL);
		return;
	}
	default:
		abort();
	}
}

/* tuple_assign = NAME { ',' NAME } [','] '=' value { ',' value } [',']
 * Values are read before any name is bound, as Python evaluates them. */
static void
tuple_assignment(Parser *p, Items *it)
{
	Tok *ninl[8];
	TokVec names = VEC_INL(ninl);
	do {
		if (op_is(tok(p), "="))
			break;
		TokVec_push(p, &names, expect_name(p, "a name"));
	} while (accept_op(p, ","));
	Tok *eq = expect_op(p, "=");
	int n = 0;
	Rhs *vals = ar_alloc(p->r.a, sizeof *vals * (size_t)names.n);
	do {
		if (tok(p)->kind == TK_NEWLINE || op_is(tok(p), ";"))
			break;
		if (n == names.n)
			err(p, tok(p), "too many values to unpack (expected %d)", names.n);
		rhs_value(p, &vals[n++]);
	} while (accept_op(p, ","));
	if (n != names.n)
		err(p, eq, "not enough values to unpack (expected %d, got %d)", names.n, n);
	for (int i = 0; i < n; i++)
		bind_value(p, it, names.v[i], names.v[i], &vals[i]);
}

/* Whether the statement at the current position is NAME { ',' NAME } [','] '='. */
static int
at_tuple_assignment(Parser *p)
{
	int k = 0;
	for (;;) {
		if (peek(p, k)->kind != TK_NAME)
			return 0;
		Tok *t = peek(p, k + 1);
		if (op_is(t, "="))
			return k > 0;
		if (!op_is(t, ","))
			return 0;
		k += 2;
		if (op_is(peek(p, k), "="))
			return 1;
	}
}

/* ann_assign = NAME ':' type '=' expr */
static void
annotated_assignment(Parser *p, Items *it)
{
	Tok *nt = next(p);
	next(p); /* ':' */
	const char *dtype, *scope;
	type_annotation(p, &dtype, &scope);
	if (!op_is(tok(p), "="))
		err(p, tok(p), "an annotation needs a value: %.*s: ... = value", nt->len, nt->s);
	next(p);
	Tok *vt = tok(p);
	Expr *e = expr(p);
	if (!is_value(e))
		err(p, vt, "the value of '%.*s' must be an expression", nt->len, nt->s);
	const char *name = tok_str(p, nt);
	Var *v = new_var(p, name, dtype, scope);
	add_item(p, it, st_at(p, ir_let(p->r.a, v, e, NULL), nt), 1);
	bind(p, name, BIND_VAR, v, NULL, G_LOCAL)->is_let = 1;
}

/* ---- simple statements --------------------------------------------------- */

static BlockCtx *
header_block(Parser *p, const Tok *nt)
{
	BlockCtx *b = p->blk;
	if (!b || b->level != p->level)
		err(p, nt, "T.%.*s is only valid at the start of a block", nt->len, nt->s);
	if (!b->header_open)
		err(p, nt, "T.%.*s must come before the statements of its block", nt->len, nt->s);
	return b;
}

static Expr *
region_list(Parser *p, const Args *a, Expr *old)
{
	if (old)
		err(p, a->at, "%s given twice", a->fn);
	no_kwargs(p, a);
	return ex_at(p, ir_tuple(p->r.a, EX_LIST, a->pos.n ? a->pos.v : NULL, a->pos.n), a->at);
}

/* Merges a T.func_attr dict into the function's attributes. */
static void
func_attr(Parser *p, const Args *a)
{
	npos_exactly(p, a, 1);
	Expr *d = a->pos.v[0];
	if (d->kind != EX_DICT)
		err_expr(p, d, "T.func_attr takes a dict");
	/* Repeated keys across calls are found when the function ends. */
	for (int i = 0; i < d->u.dict.n; i++) {
		ExprVec_push(p, &p->attr_keys, d->u.dict.keys[i]);
		ExprVec_push(p, &p->attr_vals, d->u.dict.vals[i]);
	}
}

/* A statement `T.name(args)` whose name is not an ordinary call; returns 0
 * when it is one (then it is an expression statement). */
static int
t_statement(Parser *p, Items *it)
{
	Tok *tt = tok(p);
	Tok *nt = at_t_name(p, 0);
	if (!nt || !op_is(peek(p, 3), "("))
		return 0;
	TFn fn = t_fn_tok(nt, NULL);
	const char *fname = t_dotted(p, nt);
	Args a;
	switch (fn) {
	case TF_EVALUATE:
	case TF_FUNC_ATTR:
	case TF_READS:
	case TF_WRITES:
	case TF_WHERE:
	case TF_BLOCK_ATTR:
	case TF_ATTR:
	case TF_LAUNCH:
	case TF_ASSERT:
		break;
	case TF_LETSTMT: {
		next(p), next(p), next(p), next(p);
		LetArgs la;
		letstmt_args(p, &la, nt);
		if (!la.var)
			err(p, nt, "T.LetStmt needs a name: x = T.LetStmt(...) or var=x");
		add_item(p, it, st_at(p, ir_let(p->r.a, la.var, la.value, NULL), tt), 1);
		return 1;
	}
	case TF_ALLOCATE:
	case TF_DECL_BUFFER:
	case TF_BUFFER:
	case TF_MATCH_BUFFER:
	case TF_ALLOC:
	case TF_ENV_THREAD:
		err(p, nt, "%s must be assigned to a name", fname);
	case TF_KERNEL:
	case TF_BLOCK:
		err(p, nt, "%s must be used as `with %s(...):`", fname, fname);
	default:
		return 0; /* an expression statement; t_call reports the rest */
	}
	next(p), next(p), next(p), next(p);
	Hoist h = {0};
	int hoisted = fn == TF_FUNC_ATTR;
	if (hoisted) {
		if (p->level != p->fn_level || p->blk)
			err(p, nt, "T.func_attr is only valid at function level");
		h = hoist_begin(p, p->fn_mark, G_LOCAL, "the function attributes");
	}
	call_args(p, &a, nt, fname, 0);
	if (hoisted)
		hoist_end(p, h);
	BlockCtx *b;
	switch (fn) {
	case TF_EVALUATE:
		npos_exactly(p, &a, 1);
		add_item(p, it, st_at(p, ir_eval(p->r.a, a.pos.v[0]), tt), 0);
		return 1;
	case TF_FUNC_ATTR:
		func_attr(p, &a);
		return 1;
	case TF_READS:
		b = header_block(p, nt);
		b->reads = region_list(p, &a, b->reads);
		return 1;
	case TF_WRITES:
		b = header_block(p, nt);
		b->writes = region_list(p, &a, b->writes);
		return 1;
	case TF_WHERE:
		b = header_block(p, nt);
		if (b->where)
			err(p, nt, "T.where given twice");
		npos_exactly(p, &a, 1);
		b->where = value_arg(p, &a, a.pos.v[0], "the predicate");
		return 1;
	case TF_BLOCK_ATTR:
		b = header_block(p, nt);
		if (b->attrs)
			err(p, nt, "T.block_attr given twice");
		npos_exactly(p, &a, 1);
		b->attrs = dict_arg(p, &a, a.pos.v[0], "the attributes");
		if (!b->attrs)
			err(p, nt, "T.block_attr takes a dict");
		return 1;
	case TF_ATTR:
		add_item(p, it, frame_attr(p, &a, tt), 1);
		return 1;
	case TF_ASSERT:
		add_item(p, it, frame_assert(p, &a, tt), 1);
		return 1;
	case TF_LAUNCH: {
		Var *v;
		add_item(p, it, frame_launch(p, &a, NULL, tt, &v), 1);
		return 1;
	}
	default:
		abort();
	}
}

/* The target of `A[i] = v`: a load, turned into a store. */
static Expr *
store_target(Parser *p, Expr *e, const Tok *t)
{
	if (e->kind != EX_LOAD)
		err(p, t, "cannot assign to this expression (only to a buffer element)");
	return e;
}

static const struct {
	const char *op;
	int is_call;
	BinOp bin;
	const char *call;
} aug_ops[] = {
	{"+=", 0, BIN_ADD, NULL}, {"-=", 0, BIN_SUB, NULL}, {"*=", 0, BIN_MUL, NULL},
	{"/=", 0, BIN_DIV, NULL}, {"//=", 0, BIN_FLOORDIV, NULL}, {"%=", 0, BIN_FLOORMOD, NULL},
	{"&=", 1, BIN_ADD, "bitwise_and"}, {"|=", 1, BIN_ADD, "bitwise_or"},
	{"^=", 1, BIN_ADD, "bitwise_xor"}, {"<<=", 1, BIN_ADD, "shift_left"},
	{">>=", 1, BIN_ADD, "shift_right"},
};

/* expr_stmt = expr [ ('=' | augop) expr ] */
static void
expression_statement(Parser *p, Items *it)
{
	Arena *a = p->r.a;
	Tok *t = tok(p);
	if (t->kind == TK_NAME && (op_is(peek(p, 1), "+=") || op_is(peek(p, 1), "-=") ||
	                           op_is(peek(p, 1), "*=") || op_is(peek(p, 1), "/=")) &&
	    lookup(p, t) && lookup(p, t)->kind == BIND_VAR)
		err(p, peek(p, 1), "augmented assignment to variable '%.*s' is not supported", t->len,
		    t->s);
	Expr *e = expr(p);
	Tok *o = tok(p);
	if (op_is(o, "=")) {
		Stmt *s = store_over_load(p, store_target(p, e, o));
		next(p);
		Expr *v = expr(p);
		if (op_is(tok(p), "="))
			err(p, tok(p), "chained assignment is not supported");
		value_arg(p, &(Args){.at = o, .fn = "store"}, v, "the stored value");
		s->u.store.value = v;
		add_item(p, it, st_at(p, s, t), 0);
		return;
	}
	for (size_t i = 0; i < sizeof aug_ops / sizeof aug_ops[0]; i++) {
		if (!op_is(o, aug_ops[i].op))
			continue;
		Expr *lhs = store_target(p, e, o);
		next(p);
		Expr *v = expr(p);
		value_arg(p, &(Args){.at = o, .fn = "store"}, v, "the value");
		Expr *nv = aug_ops[i].is_call ? call2(p, aug_ops[i].call, lhs, v, o)
		                              : ex_at(p, ir_bin(a, aug_ops[i].bin, lhs, v), o);
		add_item(p, it, st_at(p, ir_store(a, lhs->u.load.buf, lhs->u.load.idx, lhs->u.load.nidx, nv), t),
		         0);
		return;
	}
	if (o->kind == TK_OP && o->len >= 2 && o->s[o->len - 1] == '=' && !op_is(o, "==") &&
	    !op_is(o, "<=") && !op_is(o, ">=") && !op_is(o, "!="))
		err(p, o, "operator '%.*s' is not supported", o->len, o->s);
	/* Docstrings and other strings have no effect, as in TVM. */
	if (expr_kind_role[e->kind] & XK_INERT)
		return;
	if (!(expr_kind_role[e->kind] & XK_STMT))
		err(p, t, "this expression is not a statement");
	add_item(p, it, st_at(p, ir_eval(a, e), t), 0);
}

/* simple = 'pass' | 'return' expr | 'assert' expr ',' expr | 'break' | 'continue'
 *        | assign | ann_assign | tuple_assign | t_statement | expr_stmt */
static void
simple_statement(Parser *p, Items *it)
{
	Arena *a = p->r.a;
	Tok *t = tok(p);
	if (t->kind == TK_KW) {
		if (text_is(t, "pass")) {
			next(p);
			add_item(p, it, st_at(p, ir_eval(a, mk_int(p, 0, "int32", t)), t), 0);
			return;
		}
		if (text_is(t, "return")) {
			next(p);
			if (tok(p)->kind == TK_NEWLINE || op_is(tok(p), ";"))
				err(p, t, "return needs a value");
			Expr *v = expr(p);
			Expr **args = expr_array(p, 1);
			args[0] = v;
			add_item(p, it, st_at(p, ir_eval(a, mk_call(p, "ret", args, 1, t)), t), 0);
			return;
		}
		if (text_is(t, "assert")) {
			next(p);
			Expr *c = expr(p);
			if (!op_is(tok(p), ","))
				err(p, tok(p), "assert needs a message: assert cond, \"message\"");
			next(p);
			Expr *m = expr(p);
			add_item(p, it, assert_statement(p, c, m, t), 1);
			return;
		}
		if (text_is(t, "break") || text_is(t, "continue")) {
			next(p);
			const char *fn = text_is(t, "break") ? "break_loop" : "continue_loop";
			add_item(p, it, st_at(p, ir_eval(a, mk_call(p, fn, NULL, 0, t)), t), 0);
			return;
		}
		if (!text_is(t, "not") && !text_is(t, "True") && !text_is(t, "False") &&
		    !text_is(t, "None") && !text_is(t, "lambda") && !text_is(t, "await"))
			err(p, t, "'%.*s' statement is not supported", t->len, t->s);
	}
	if (t->kind == TK_NAME) {
		Tok *n1 = peek(p, 1);
		if (op_is(n1, "=")) {
			assignment(p, it);
			return;
		}
		if (op_is(n1, ":")) {
			annotated_assignment(p, it);
			return;
		}
		if (op_is(n1, ",") && at_tuple_assignment(p)) {
			tuple_assignment(p, it);
			return;
		}
	}
	if (t_statement(p, it))
		return;
	expression_statement(p, it);
}

/* simple_statements = simple { ';' simple } [';'] NEWLINE */
static void
simple_statements(Parser *p, Items *it)
{
	for (;;) {
		simple_statement(p, it);
		if (!accept_op(p, ";") || tok(p)->kind == TK_NEWLINE)
			break;
	}
	expect_newline(p);
}

/* ---- compound statements ------------------------------------------------- */

/* for = 'for' targets 'in' iterator ':' suite
 * targets = NAME { ',' NAME } [','] | '(' NAME { ',' NAME } [','] ')'
 * iterator = 'range' '(' args ')' | 'T' '.' (serial | parallel | vectorized
 *          | unroll | thread_binding | grid) '(' args ')' */
static void
for_statement(Parser *p, Items *it)
{
	Arena *a = p->r.a;
	Tok ft_ = *next(p), *ft = &ft_;
	Tok *tinl[8];
	TokVec targets = VEC_INL(tinl);
	int paren = accept_op(p, "(");
	do {
		if (kw_is(tok(p), "in") || (paren && op_is(tok(p), ")")))
			break;
		TokVec_push(p, &targets, expect_name(p, "a loop variable"));
	} while (accept_op(p, ","));
	if (paren)
		expect_op(p, ")");
	if (!targets.n)
		unexpected(p, tok(p), "a loop variable");
	if (!kw_is(tok(p), "in"))
		unexpected(p, tok(p), "'in'");
	next(p);

	Tok *it_tok = tok(p);
	const char *fn;
	char fname[IR_MAX_NAME + 8];
	if (name_is(it_tok, "range") && op_is(peek(p, 1), "(")) {
		fn = "range";
		next(p);
		next(p);
	} else {
		Tok *nt = at_t_name(p, 0);
		if (!nt || !op_is(peek(p, 3), "("))
			err(p, it_tok, "expected range(...) or T.serial/parallel/vectorized/unroll/"
			               "thread_binding/grid(...) after 'in'");
		TFn tf = t_fn_tok(nt, NULL);
		fn = tok_str(p, nt);
		if (tf != TF_LOOP) {
			if (tf == TF_UNSUPPORTED)
				err(p, nt, "T.%s loops are not supported", fn);
			err(p, nt, "T.%s is not a loop iterator", fn);
		}
		it_tok = nt;
		next(p), next(p), next(p), next(p);
	}
	snprintf(fname, sizeof fname, "%s%s", strcmp(fn, "range") == 0 ? "" : "T.", fn);
	Args args;
	call_args(p, &args, it_tok, fname, 0);

	int grid = strcmp(fn, "grid") == 0;
	int nloops = grid ? args.pos.n : 1;
	Expr **mins = expr_array(p, nloops), **exts = expr_array(p, nloops);
	Expr *step = NULL, *ann = NULL;
	const char *thread = NULL;
	ForKind kind = FOR_SERIAL;
	if (grid) {
		no_kwargs(p, &args);
		if (!args.pos.n)
			err(p, it_tok, "T.grid needs at least one extent");
		for (int i = 0; i < nloops; i++) {
			mins[i] = mk_int(p, 0, "int32", it_tok);
			exts[i] = value_arg(p, &args, args.pos.v[i], "an extent");
		}
	} else {
		Expr *start, *stop;
		if (strcmp(fn, "range") == 0) {
			no_kwargs(p, &args);
			if (args.pos.n < 1 || args.pos.n > 3)
				err(p, it_tok, "range takes 1 to 3 arguments (%d given)", args.pos.n);
			start = args.pos.n >= 2 ? args.pos.v[0] : NULL;
			stop = args.pos.v[args.pos.n >= 2 ? 1 : 0];
			step = args.pos.n == 3 ? args.pos.v[2] : NULL;
		} else if (strcmp(fn, "thread_binding") == 0) {
			kind = FOR_THREAD_BINDING;
			static const char *const names[] = {"start", "stop", "thread", "annotations"};
			Expr *v[4];
			/* T.thread_binding(n, "threadIdx.x") names the thread second. */
			if (args.pos.n == 2 && args.pos.v[1]->kind == EX_STR) {
				Args b = args;
				b.pos.n = 1;
				match_args(p, &b, names, 4, 3, v);
				if (v[2])
					err(p, it_tok, "T.thread_binding: thread given twice");
				v[2] = args.pos.v[1];
			} else {
				match_args(p, &args, names, 4, 3, v);
			}
			if (!v[0])
				err(p, it_tok, "T.thread_binding: missing the extent");
			start = v[1] ? v[0] : NULL;
			stop = v[1] ? v[1] : v[0];
			if (!v[2])
				err(p, it_tok, "T.thread_binding needs thread=\"...\"");
			thread = str_arg(p, &args, v[2], "the thread");
			if (!*thread)
				err_expr(p, v[2], "T.thread_binding: empty thread tag");
			ann = dict_arg(p, &args, v[3], "annotations");
		} else {
			kind = strcmp(fn, "serial") == 0     ? FOR_SERIAL
			       : strcmp(fn, "parallel") == 0 ? FOR_PARALLEL
			       : strcmp(fn, "unroll") == 0   ? FOR_UNROLL
			                                     : FOR_VECTORIZED;
			static const char *const names[] = {"start", "stop", "step", "annotations"};
			Expr *v[4];
			match_args(p, &args, names, 4, 3, v);
			if (!v[0])
				err(p, it_tok, "%s: missing the extent", fname);
			if (v[1] && v[1]->kind == EX_NONE)
				v[1] = NULL;
			start = v[1] ? v[0] : NULL;
			stop = v[1] ? v[1] : v[0];
			step = v[2] && v[2]->kind != EX_NONE ? v[2] : NULL;
			ann = dict_arg(p, &args, v[3], "annotations");
		}
		value_arg(p, &args, stop, "the stop");
		if (start)
			value_arg(p, &args, start, "the start");
		if (step)
			value_arg(p, &args, step, "the step");
		mins[0] = start ? start : mk_int(p, 0, "int32", it_tok);
		exts[0] = start ? ir_loop_extent(a, start, stop) : stop;
		if (!exts[0]->loc.line)
			ex_like(p, exts[0], stop);
	}
	if (targets.n != nloops)
		err(p, targets.v[0], "%d loop variable%s for %d loop%s", targets.n,
		    targets.n == 1 ? "" : "s", nloops, nloops == 1 ? "" : "s");
	colon(p);

	int mark = p->nbinds;
	Var **vars = ar_alloc(a, sizeof *vars * (size_t)nloops);
	for (int i = 0; i < nloops; i++) {
		const char *name = tok_str(p, targets.v[i]);
		vars[i] = new_var(p, name, loop_dtype(mins[i], exts[i]), NULL);
		bind(p, name, BIND_VAR, vars[i], NULL, G_LOCAL);
	}
	Stmt *body = suite(p, NULL);
	unbind_to(p, mark);
	int h = p->sh + nloops;
	for (int i = nloops - 1; i >= 0; i--)
		body = st_at(p, ir_for(a, vars[i], mins[i], exts[i], step, kind, thread, ann, body), ft);
	add_item_h(p, it, body, 0, h);
}

/* while = 'while' expr ':' suite */
static void
while_statement(Parser *p, Items *it)
{
	Tok t_ = *next(p), *t = &t_;
	Expr *c = expr(p);
	colon(p);
	Stmt *body = suite(p, NULL);
	if (kw_is(tok(p), "else"))
		err(p, tok(p), "while ... else is not supported");
	add_item_h(p, it, st_at(p, ir_while(p->r.a, c, body), t), 0, p->sh + 1);
}

/* if = 'if' expr ':' suite { 'elif' expr ':' suite } [ 'else' ':' suite ]
 * An elif is an If in the else branch; the chain is built from its end, so
 * a long chain costs no recursion. */
static void
if_statement(Parser *p, Items *it)
{
	Tok *tinl[8];
	Expr *cinl[8];
	Stmt *sinl[8];
	TokVec toks = VEC_INL(tinl);
	ExprVec conds = VEC_INL(cinl);
	StmtVec thens = VEC_INL(sinl);
	Tok *t = next(p);
	int h = 0; /* the chain's: branch i is under i + 1 ifs */
	for (;;) {
		TokVec_push(p, &toks, keep(p, t));
		ExprVec_push(p, &conds, expr(p));
		colon(p);
		StmtVec_push(p, &thens, suite(p, NULL));
		if (p->sh + thens.n > h)
			h = p->sh + thens.n;
		if (!kw_is(tok(p), "elif"))
			break;
		t = next(p);
	}
	Stmt *else_ = NULL;
	if (kw_is(tok(p), "else")) {
		next(p);
		colon(p);
		else_ = suite(p, NULL);
		if (p->sh + thens.n > h)
			h = p->sh + thens.n;
	}
	for (int i = conds.n - 1; i >= 0; i--)
		else_ = st_at(p, ir_if(p->r.a, conds.v[i], thens.v[i], else_), toks.v[i]);
	add_item_h(p, it, else_, 0, h);
}

/* Python names given after `as`: NAME or '(' NAME { ',' NAME } [','] ')'. */
static void
as_targets(Parser *p, TokVec *out, int *is_tuple)
{
	*is_tuple = 0;
	if (!kw_is(tok(p), "as"))
		return;
	next(p);
	if (accept_op(p, "(")) {
		*is_tuple = 1;
		while (!op_is(tok(p), ")")) {
			TokVec_push(p, out, expect_name(p, "a name"));
			if (!accept_op(p, ","))
				break;
		}
		expect_op(p, ")");
		if (!out->n)
			err(p, tok(p), "empty 'as' target");
		return;
	}
	TokVec_push(p, out, expect_name(p, "a name after 'as'"));
}

static const char *
one_target(Parser *p, const TokVec *targets, int is_tuple, const Tok *at, const char *fn, int need)
{
	if (targets->n > 1 || is_tuple)
		err(p, targets->n ? targets->v[0] : at, "%s binds one name", fn);
	if (!targets->n) {
		if (need)
			err(p, at, "%s needs a name: with %s(...) as name:", fn, fn);
		return NULL;
	}
	return tok_str(p, targets->v[0]);
}

static void
no_target(Parser *p, const TokVec *targets, const char *fn)
{
	if (targets->n)
		err(p, targets->v[0], "%s binds no name", fn);
}

static void
block_unique(Parser *p, const BlockCtx *blk)
{
	int n = blk->allocs.n;
	if (n < 2)
		return;
	const char **names = ar_alloc(p->r.a, sizeof *names * (size_t)n);
	for (int i = 0; i < n; i++)
		names[i] = blk->allocs.v[i]->name;
	check_unique(p, names, blk->alloc_toks.v, n);
}

/* T.block(name_hint="", no_realize=False) */
static Stmt *
with_block(Parser *p, const Args *a, const Tok *at)
{
	static const char *const names[] = {"name_hint", "no_realize"};
	Expr *v[2];
	match_args(p, a, names, 2, 2, v);
	const char *name = v[0] ? str_arg(p, a, v[0], "the block name") : "";
	if (pod_bool_arg(p, a, v[1], "no_realize"))
		err_expr(p, v[1], "T.block(no_realize=True) is not supported");
	BlockCtx *blk = ar_alloc(p->r.a, sizeof *blk);
	blk->name = name;
	/* The implicit root block written out: its buffers are the function's
	 * root buffers and its body the function body (docs/tvmscript.md §1). */
	blk->is_root = strcmp(name, "root") == 0 && p->level == p->fn_level && !p->blk;
	p->f->has_root_block = 1;
	p->any_block = 1;
	Stmt *body = suite(p, blk);
	block_unique(p, blk);
	if (blk->is_root) {
		if (blk->where || blk->attrs || (blk->reads && blk->reads->u.list.n) ||
		    (blk->writes && blk->writes->u.list.n))
			err(p, at, "the root block cannot have T.where, T.reads, T.writes or T.block_attr");
		return body;
	}
	p->sh++;
	Stmt *s = st_at(p, ir_block(p->r.a, name, body), at);
	s->u.block.where = blk->where;
	s->u.block.reads = blk->reads;
	s->u.block.writes = blk->writes;
	s->u.block.attrs = blk->attrs;
	s->u.block.allocs = blk->allocs.n ? blk->allocs.v : NULL;
	s->u.block.nallocs = blk->allocs.n;
	return s;
}

/* T.Kernel(*grid, threads=None, is_cpu=False, prelude=None) [as names]
 * (docs/tvmscript.md §6): launches of blockIdx.x/y/z and threadIdx.x/y/z around a
 * block "tilelang_root"; the names bind the block indices only. */
static Stmt *
with_kernel(Parser *p, const Args *a, const Tok *at, const TokVec *targets)
{
	Arena *ar = p->r.a;
	static const char *const names[] = {"threads", "is_cpu", "prelude"};
	Args kw = *a;
	kw.pos.n = 0;
	Expr *v[3];
	match_args(p, &kw, names, 3, 0, v);
	int ngrid = a->pos.n;
	if (ngrid < 1 || ngrid > 3)
		err(p, a->at, "T.Kernel takes 1 to 3 grid extents (%d given)", ngrid);
	if (pod_bool_arg(p, a, v[1], "is_cpu"))
		err_expr(p, v[1], "T.Kernel(is_cpu=True) is not supported");
	Expr *threads[3] = {NULL, NULL, NULL};
	Expr *th = v[0] && v[0]->kind != EX_NONE ? v[0] : NULL;
	if (!th) {
		threads[0] = mk_int(p, 128, "int32", at);
	} else if (th->kind == EX_LIST || th->kind == EX_TUPLE) {
		if (th->u.list.n < 1 || th->u.list.n > 3)
			err_expr(p, th, "T.Kernel: threads takes 1 to 3 extents");
		for (int i = 0; i < th->u.list.n; i++)
			threads[i] = value_arg(p, a, th->u.list.items[i], "a thread extent");
	} else {
		threads[0] = value_arg(p, a, th, "threads");
	}
	for (int i = 0; i < 3; i++)
		if (!threads[i])
			threads[i] = mk_int(p, 1, "int32", at);
	Expr *prelude = v[2] && v[2]->kind != EX_NONE ? v[2] : NULL;
	if (prelude)
		str_arg(p, a, prelude, "prelude");
	if (targets->n > ngrid)
		err(p, targets->v[ngrid], "T.Kernel binds %d block index%s but 'as' names %d", ngrid,
		    ngrid == 1 ? "" : "es", targets->n);
	if (targets->n && targets->n < ngrid)
		err(p, targets->v[0], "T.Kernel binds %d block indices but 'as' names %d", ngrid,
		    targets->n);

	static const char *const bnames[] = {"bx", "by", "bz"}, *const tnames[] = {"tx", "ty", "tz"};
	/* The launches print under these names, so they must not hide a name
	 * the body uses. */
	for (int i = 0; i < 6; i++) {
		const char *n = i < 3 ? bnames[i] : tnames[i - 3];
		Tok fake = {.s = n, .len = 2};
		if ((i >= 3 || i < ngrid) && lookup(p, &fake))
			err(p, at, "T.Kernel defines '%s', which would hide the visible name '%s'", n, n);
	}
	static const char *const btags[] = {"blockIdx.x", "blockIdx.y", "blockIdx.z"};
	static const char *const ttags[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z"};
	/* Seed: thread launches.  Head (docs/tvmscript-eras.md): thread_binding
	 * loops, which MaterializeKernelLaunch turns into launches later in
	 * TileLang's pipeline; unit tests hand the pass the loops. */
	Stmt *launch[6];
	Var *bvars[3];
	int n = 0;
	for (int i = 0; i < 6; i++) {
		if (i < 3 && i >= ngrid)
			continue;
		Expr *e = i < 3 ? value_arg(p, a, a->pos.v[i], "a grid extent") : threads[i - 3];
		const char *tag = i < 3 ? btags[i] : ttags[i - 3];
		Var *lv = new_var(p, i < 3 ? bnames[i] : tnames[i - 3], loop_dtype(NULL, e), NULL);
		if (i < 3)
			bvars[i] = lv;
		if (p->era == ERA_HEAD)
			launch[n++] = st_at(p, ir_for(ar, lv, mk_int(p, 0, lv->dtype, at), e, NULL,
			                              FOR_THREAD_BINDING, tag, NULL, NULL), at);
		else
			launch[n++] = st_at(p, ir_launch(ar, lv, tag, e, NULL), at);
	}
	int mark = p->nbinds;
	for (int i = 0; i < targets->n; i++)
		bind(p, tok_str(p, targets->v[i]), BIND_VAR, bvars[i], NULL, G_LOCAL);
	BlockCtx *blk = ar_alloc(ar, sizeof *blk);
	blk->name = "tilelang_root";
	p->f->has_root_block = 1;
	p->any_block = 1;
	Stmt *body = suite(p, blk);
	block_unique(p, blk);
	unbind_to(p, mark);
	Stmt *s = st_at(p, ir_block(ar, "tilelang_root", body), at);
	s->u.block.where = blk->where;
	s->u.block.reads = blk->reads;
	s->u.block.writes = blk->writes;
	s->u.block.attrs = blk->attrs;
	s->u.block.allocs = blk->allocs.n ? blk->allocs.v : NULL;
	s->u.block.nallocs = blk->allocs.n;
	if (prelude) {
		if (s->u.block.attrs)
			err(p, at, "T.Kernel(prelude=...) with T.block_attr is not supported");
		Expr **k = expr_array(p, 1), **val = expr_array(p, 1);
		k[0] = ex_like(p, ir_str(ar, "pragma_import_c"), prelude);
		val[0] = prelude;
		s->u.block.attrs = ex_like(p, ir_dict(ar, k, val, 1), prelude);
	}
	for (int i = n - 1; i >= 0; i--) {
		set_body(launch[i], s);
		s = launch[i];
	}
	p->sh += 1 + n; /* the block and the launches */
	return s;
}

/* with = 'with' 'T' '.' NAME '(' args ')' [ 'as' targets ] ':' suite */
static void
with_statement(Parser *p, Items *it)
{
	Arena *a = p->r.a;
	Tok wt_ = *next(p), *wt = &wt_;
	Tok *nt = at_t_name(p, 0);
	if (!nt || !op_is(peek(p, 3), "("))
		err(p, tok(p), "expected T.<frame>(...) after 'with'");
	Tok nt_ = *nt;
	nt = &nt_;
	TFn fn = t_fn_tok(nt, NULL);
	const char *fname = t_dotted(p, nt);
	switch (fn) {
	case TF_ALLOCATE:
	case TF_DECL_BUFFER:
	case TF_LAUNCH:
	case TF_ATTR:
	case TF_LETSTMT:
	case TF_ASSERT:
	case TF_BLOCK:
	case TF_KERNEL:
		break;
	case TF_UNSUPPORTED:
		err(p, nt, "with %s(...) is not supported", fname);
	default:
		err(p, nt, "%s is not a frame: `with %s(...)` is not supported", fname, fname);
	}
	if (fn == TF_LETSTMT && text_is(nt, "bind"))
		err(p, nt, "T.bind is not a frame: write `x: T.int32 = v` or `T.bind(v, var=x)`");
	if (p->era == ERA_HEAD && (fn == TF_ALLOCATE || fn == TF_DECL_BUFFER))
		err(p, nt,
		    "`with %s(...)` is seed-era TVMScript; at head (line %d says so) an allocation is a "
		    "statement: `b = T.%s(...)`",
		    fname, p->era_line, fn == TF_ALLOCATE ? "alloc_buffer" : "decl_buffer");
	next(p), next(p), next(p), next(p);
	Args args;
	LetArgs la;
	if (fn == TF_LETSTMT)
		letstmt_args(p, &la, nt);
	else
		call_args(p, &args, nt, fname, 0);
	Tok *tinl[8];
	TokVec targets = VEC_INL(tinl);
	int tuple;
	as_targets(p, &targets, &tuple);
	if (op_is(tok(p), ","))
		err(p, tok(p), "only one context manager per 'with' statement is supported");
	colon(p);

	int mark = p->nbinds;
	Stmt *s;
	switch (fn) {
	case TF_ALLOCATE: {
		const char *name = one_target(p, &targets, tuple, nt, fname, 1);
		s = frame_allocate(p, &args, name, wt);
		bind(p, name, BIND_VAR, s->u.alloc.var, NULL, G_LOCAL);
		break;
	}
	case TF_DECL_BUFFER: {
		const char *name = one_target(p, &targets, tuple, nt, fname, 1);
		s = frame_decl_buffer(p, &args, name, wt);
		bind(p, name, BIND_BUF, NULL, s->u.decl.buf, G_LOCAL);
		break;
	}
	case TF_LAUNCH: {
		const char *name = one_target(p, &targets, tuple, nt, fname, 0);
		Var *v;
		s = frame_launch(p, &args, name, wt, &v);
		if (name) {
			check_same_name(p, targets.v[0], name, v->name);
			bind(p, name, BIND_VAR, v, NULL, G_LOCAL);
		}
		break;
	}
	case TF_ATTR:
		no_target(p, &targets, fname);
		s = frame_attr(p, &args, wt);
		break;
	case TF_ASSERT:
		no_target(p, &targets, fname);
		s = frame_assert(p, &args, wt);
		break;
	case TF_LETSTMT: {
		const char *name = one_target(p, &targets, tuple, nt, fname, !la.var);
		Var *v = la.var ? la.var : let_var(p, name, la.value, la.dtype, la.scope);
		s = st_at(p, ir_let(a, v, la.value, NULL), wt);
		if (name) {
			check_same_name(p, targets.v[0], name, v->name);
			bind(p, name, BIND_VAR, v, NULL, G_LOCAL)->is_let = 1;
		}
		break;
	}
	case TF_BLOCK:
		no_target(p, &targets, fname);
		s = with_block(p, &args, wt);
		add_item_h(p, it, s, 0, p->sh);
		return;
	case TF_KERNEL:
		s = with_kernel(p, &args, wt, &targets);
		add_item_h(p, it, s, 0, p->sh);
		return;
	default:
		abort();
	}
	set_body(s, suite(p, NULL));
	unbind_to(p, mark);
	add_item_h(p, it, s, 0, p->sh + 1);
}

/* statement = if | for | while | with | simple_statements */
static void
statement(Parser *p, Items *it)
{
	Tok *t = tok(p);
	if (t->kind == TK_INDENT)
		err(p, t, "unexpected indent");
	if (op_is(t, "@"))
		err(p, t, "decorators are only supported before a function definition");
	if (t->kind == TK_KW) {
		if (text_is(t, "if")) {
			if_statement(p, it);
			return;
		}
		if (text_is(t, "for")) {
			for_statement(p, it);
			return;
		}
		if (text_is(t, "while")) {
			while_statement(p, it);
			return;
		}
		if (text_is(t, "with")) {
			with_statement(p, it);
			return;
		}
		if (text_is(t, "elif") || text_is(t, "else"))
			err(p, t, "'%.*s' without a matching 'if'", t->len, t->s);
		if (text_is(t, "def"))
			err(p, t, "nested function definitions are not supported");
		if (text_is(t, "async"))
			err(p, t, "'async' is not supported");
	}
	simple_statements(p, it);
}

/* ---- functions and modules ----------------------------------------------- */

#ifndef NDEBUG
/* A statement's height as depth_stmt counts it (a sequence takes none):
 * what Parser.sh bounds. */
static int
stmt_height(const Stmt *s)
{
	int h = 0;
	IrBodies b;
	ir_stmt_bodies(&b, s);
	for (Stmt **c; (c = ir_bodies_next(&b));)
		if (*c) {
			int x = stmt_height(*c);
			if (x > h)
				h = x;
		}
	return h + (s->kind != ST_SEQ);
}
#endif

/* param = NAME ':' ( type | 'T' '.' 'Buffer' ( '(' args ')' | '[' args ']' ) ) */
static void
parameter(Parser *p, Param *out)
{
	Tok *nt = expect_name(p, "a parameter name");
	if (op_is(tok(p), "*") || op_is(tok(p), "**"))
		err(p, tok(p), "variadic parameters are not supported");
	if (!op_is(tok(p), ":"))
		err(p, nt, "parameter '%.*s' needs a type annotation", nt->len, nt->s);
	next(p);
	const char *name = tok_str(p, nt);
	Tok *tt = at_t_name(p, 0);
	if (tt && text_is(tt, "Buffer") && (op_is(peek(p, 3), "(") || op_is(peek(p, 3), "["))) {
		next(p), next(p), next(p);
		int bracket = op_is(next(p), "[");
		Args a;
		if (bracket) {
			/* T.Buffer[shape, dtype]: the subscript's items are the args. */
			memset(&a, 0, sizeof a);
			a.at = tt;
			a.fn = "T.Buffer";
			while (!op_is(tok(p), "]")) {
				ExprVec_push(p, &a.pos, expr(p));
				if (!accept_op(p, ","))
					break;
			}
			expect_op(p, "]");
		} else {
			call_args(p, &a, tt, "T.Buffer", 0);
		}
		Expr *v[BP_COUNT];
		buffer_args(p, &a, 0, v, NULL);
		if (v[BP_DATA])
			err_expr(p, v[BP_DATA], "T.Buffer parameter: data= is not supported");
		Buffer *b = make_buffer(p, &a, v, name, BUF_PARAM, "global");
		char hname[IR_MAX_NAME + 16];
		snprintf(hname, sizeof hname, "%s_handle", name);
		out->var = new_var(p, ar_strdup(p->r.a, hname), "handle", NULL);
		out->buf = b;
		bind(p, name, BIND_BUF, NULL, b, G_LOCAL);
		return;
	}
	const char *dtype, *scope;
	type_annotation(p, &dtype, &scope);
	out->var = new_var(p, name, dtype, scope);
	out->buf = NULL;
	bind(p, name, BIND_VAR, out->var, NULL, G_LOCAL);
}

/* decorator = '@' 'T' '.' 'prim_func' [ '(' [ NAME '=' expr { ',' ... } ] ')' ] NEWLINE */
static int
prim_func_decorator(Parser *p)
{
	expect_op(p, "@");
	Tok *nt = at_t_name(p, 0);
	if (!nt || !text_is(nt, "prim_func"))
		err(p, tok(p), "expected @T.prim_func");
	next(p), next(p), next(p);
	int is_private = 0;
	if (accept_op(p, "(")) {
		Args a;
		call_args(p, &a, nt, "@T.prim_func", 0);
		static const char *const names[] = {"private", "check_well_formed"};
		Expr *v[2];
		match_args(p, &a, names, 2, 0, v);
		is_private = pod_bool_arg(p, &a, v[0], "private");
		pod_bool_arg(p, &a, v[1], "check_well_formed");
	}
	expect_newline(p);
	return is_private;
}

static void *
dup_array(Parser *p, void *const *v, int n)
{
	return n ? (void *)ar_dup_array(p->r.a, v, n) : NULL;
}

/* func = decorator 'def' NAME '(' [ param { ',' param } [','] ] ')' [ '->' expr ] ':' suite */
static Func *
function(Parser *p)
{
	Arena *a = p->r.a;
	int is_private = prim_func_decorator(p);
	if (!kw_is(tok(p), "def"))
		unexpected(p, tok(p), "'def' after @T.prim_func");
	next(p);
	Tok nt_ = *expect_name(p, "a function name"), *nt = &nt_;
	Func *f = ir_func(a, tok_str(p, nt));
	f->is_private = is_private;
	p->f = f;
	memset(&p->free_vars, 0, sizeof p->free_vars);
	memset(&p->env, 0, sizeof p->env);
	memset(&p->matches, 0, sizeof p->matches);
	memset(&p->roots, 0, sizeof p->roots);
	memset(&p->attr_keys, 0, sizeof p->attr_keys);
	memset(&p->attr_vals, 0, sizeof p->attr_vals);
	memset(&p->hoisted, 0, sizeof p->hoisted);
	memset(&p->hoisted_toks, 0, sizeof p->hoisted_toks);
	p->blk = NULL;
	p->any_block = 0;
	int mark = p->nbinds;

	expect_op(p, "(");
	Param *params = NULL;
	int nparams = 0, cap = 0;
	while (!op_is(tok(p), ")")) {
		Tok *pt = tok(p);
		if (pt->kind == TK_NAME && lookup_index(p, pt) >= mark)
			err(p, pt, "duplicate parameter '%.*s'", pt->len, pt->s);
		if (nparams == cap) {
			cap = cap ? cap * 2 : 8;
			Param *np = ar_alloc(a, sizeof *np * (size_t)cap);
			if (nparams)
				memcpy(np, params, sizeof *np * (size_t)nparams);
			params = np;
		}
		parameter(p, &params[nparams++]);
		if (!accept_op(p, ","))
			break;
	}
	expect_op(p, ")");
	if (accept_op(p, "->")) {
		/* The return annotation carries nothing the IR keeps. */
		Tok *rt = tok(p);
		if (at_t_name(p, 0)) {
			const char *d, *s;
			type_annotation(p, &d, &s);
		} else if (kw_is(rt, "None")) {
			next(p);
		} else {
			unexpected(p, rt, "a return type");
		}
	}
	colon(p);
	f->params = params;
	f->nparams = nparams;
	p->fn_mark = p->nbinds;
	p->fn_level = p->level + 1;
	f->body = suite(p, NULL);
#ifndef NDEBUG
	if (!p->deep && stmt_height(f->body) > p->sh)
		abort(); /* the bound that lets the depth walk be skipped is wrong */
#endif
	unbind_to(p, mark);
	check_unique(p, p->hoisted.v, p->hoisted_toks.v, p->hoisted.n);

	if (p->attr_keys.n) {
		no_duplicate_keys(p, p->attr_keys.v, p->attr_keys.n, "function attribute");
		f->attrs = make_dict(p, p->attr_keys.v, p->attr_vals.v, p->attr_keys.n, nt);
	}
	f->free_vars = dup_array(p, (void *const *)p->free_vars.v, p->free_vars.n);
	f->nfree = p->free_vars.n;
	f->env_threads = dup_array(p, (void *const *)p->env.v, p->env.n);
	f->nenv = p->env.n;
	f->matches = dup_array(p, (void *const *)p->matches.v, p->matches.n);
	f->nmatches = p->matches.n;
	f->root_allocs = dup_array(p, (void *const *)p->roots.v, p->roots.n);
	f->nroot_allocs = p->roots.n;
	if (p->roots.n || p->any_block)
		f->has_root_block = 1;
	p->f = NULL;
	return f;
}

typedef struct FuncVec {
	Func **v;
	int n, cap;
} FuncVec;

static void
push_func(Parser *p, FuncVec *x, Func *f)
{
	if (x->n == x->cap) {
		int cap = x->cap ? x->cap * 2 : 4;
		Func **nv = ar_alloc(p->r.a, sizeof *nv * (size_t)cap);
		if (x->n)
			memcpy(nv, x->v, sizeof *nv * (size_t)x->n);
		x->v = nv;
		x->cap = cap;
	}
	x->v[x->n++] = f;
}

/* import = 'import' dotted [ 'as' NAME ] | 'from' dotted 'import' NAME [ 'as' NAME ] { ',' ... }
 * Accepted at top level only, and ignored: the namespaces are fixed. */
static void
import_line(Parser *p)
{
	Tok *t = next(p);
	Tok *first = tok(p);
	do {
		expect_name(p, "a module name");
	} while (accept_op(p, "."));
	if (text_is(t, "from")) {
		if (!kw_is(tok(p), "import"))
			unexpected(p, tok(p), "'import'");
		next(p);
		int script = name_is(first, "tvm") && op_is(peek(p, -3), ".") && name_is(peek(p, -2), "script");
		for (;;) {
			Tok *nt = tok(p);
			if (script && (name_is(nt, "tirx") || name_is(nt, "tir")))
				set_era(p, name_is(nt, "tirx") ? ERA_HEAD : ERA_SEED, nt->line, nt->col);
			expect_name(p, "a name");
			if (kw_is(tok(p), "as")) {
				next(p);
				expect_name(p, "a name");
			}
			if (!accept_op(p, ","))
				break;
		}
	} else if (kw_is(tok(p), "as")) {
		next(p);
		expect_name(p, "a name");
	}
	expect_newline(p);
}

/* module = '@' 'I' '.' 'ir_module' NEWLINE 'class' NAME [ '(' ')' ] ':'
 *          NEWLINE INDENT { STR NEWLINE | func } DEDENT */
static void
module(Parser *p, Program *prog, FuncVec *funcs, TokVec *names)
{
	expect_op(p, "@");
	next(p), next(p), next(p);
	if (accept_op(p, "(")) {
		Args a;
		call_args(p, &a, tok(p), "@I.ir_module", 0);
		if (a.pos.n || a.kwnames.n)
			err(p, a.at, "@I.ir_module takes no arguments");
	}
	expect_newline(p);
	if (!kw_is(tok(p), "class"))
		unexpected(p, tok(p), "'class' after @I.ir_module");
	next(p);
	Tok *nt = expect_name(p, "a module name");
	if (accept_op(p, "("))
		expect_op(p, ")");
	colon(p);
	expect_newline(p);
	if (tok(p)->kind != TK_INDENT)
		err(p, tok(p), "expected an indented block");
	next(p);
	prog->is_module = 1;
	prog->module_name = tok_str(p, nt);
	while (tok(p)->kind != TK_DEDENT && tok(p)->kind != TK_EOF) {
		Tok *t = tok(p);
		if (t->kind == TK_STR) {
			next(p);
			expect_newline(p);
			continue;
		}
		if (!op_is(t, "@"))
			unexpected(p, t, "@T.prim_func in the module");
		Tok *kt = keep(p, t);
		Func *f = function(p);
		push_func(p, funcs, f);
		TokVec_push(p, names, kt);
	}
	next(p);
}

/* The era a header names: `# from tvm.script import tirx as T` (head) or
 * `... tir as T` (seed), as a comment at the start of a line (TVM prints
 * it so) or as the import itself.  Two that disagree are an error. */
static void
set_era(Parser *p, IrEra era, int line, int col)
{
	if (p->era_line && p->era != era)
		err_at(p, line, col,
		       "this header says %s-era TVMScript, line %d said %s-era: one file is one era",
		       ir_era_name(era), p->era_line, ir_era_name(p->era));
	if (!p->era_line) {
		p->era = era;
		p->era_line = line;
	}
}

/* Line breaks ('\n') in s[from, to). */
static int
count_newlines(const char *s, size_t from, size_t to)
{
	int n = 0;
	for (size_t i = from; i < to; i++)
		n += s[i] == '\n';
	return n;
}

/* Header lines start with '#': only those are looked at, and the lines
 * before one are counted when it is found. */
static void
header_comments(Parser *p)
{
	static const char prefix[] = "# from tvm.script import ";
	const char *s = p->r.src;
	size_t len = p->r.len, i = 0, counted = 0;
	int line = 1;
	for (const char *h; i < len && (h = memchr(s + i, '#', len - i));) {
		size_t b0 = (size_t)(h - s);
		i = b0 + 1;
		if (b0 > 0 && s[b0 - 1] != '\n')
			continue;
		line += count_newlines(s, counted, b0);
		counted = b0;
		const char *nl = memchr(s + b0, '\n', len - b0);
		size_t e = nl ? (size_t)(nl - s) : len;
		size_t n = sizeof prefix - 1;
		if (e - b0 > n && memcmp(s + b0, prefix, n) == 0) {
			size_t b = b0 + n, t = e;
			while (t > b && (s[t - 1] == ' ' || s[t - 1] == '\r' || s[t - 1] == '\t'))
				t--;
			if (t - b == 9 && memcmp(s + b, "tirx as T", 9) == 0)
				set_era(p, ERA_HEAD, line, 1);
			else if (t - b == 8 && memcmp(s + b, "tir as T", 8) == 0)
				set_era(p, ERA_SEED, line, 1);
		}
		i = e + 1 > i ? e + 1 : i;
	}
}

/* file = { import | STR NEWLINE | func } [ module ] EOF */
static Program *
file(Parser *p)
{
	Program *prog = ir_program(p->r.a);
	FuncVec funcs = {0};
	TokVec names = {0}; /* where each function starts */
	for (;;) {
		Tok *t = tok(p);
		if (t->kind == TK_EOF)
			break;
		if (t->kind == TK_INDENT)
			err(p, t, "unexpected indent");
		if (kw_is(t, "import") || kw_is(t, "from")) {
			import_line(p);
			continue;
		}
		if (t->kind == TK_STR) {
			next(p);
			expect_newline(p);
			continue;
		}
		if (!op_is(t, "@"))
			unexpected(p, t, "@T.prim_func");
		if (name_is(peek(p, 1), "I") && op_is(peek(p, 2), ".") && name_is(peek(p, 3), "ir_module")) {
			if (prog->is_module || funcs.n)
				err(p, t, "an @I.ir_module must be the only thing in the file");
			module(p, prog, &funcs, &names);
			continue;
		}
		if (prog->is_module)
			err(p, t, "a function after the @I.ir_module is not supported");
		Tok *kt = keep(p, t);
		Func *f = function(p);
		push_func(p, &funcs, f);
		TokVec_push(p, &names, kt);
	}
	if (!funcs.n)
		err(p, tok(p), "no @T.prim_func in the input");
	KeyLoc *v = ar_alloc(p->r.a, sizeof *v * (size_t)funcs.n);
	for (int i = 0; i < funcs.n; i++)
		v[i] = (KeyLoc){funcs.v[i]->name, names.v[i]->line, names.v[i]->col};
	const KeyLoc *d = first_duplicate(v, funcs.n);
	if (d)
		err_at(p, d->line, d->col, "duplicate function '%s'", d->key);
	prog->funcs = funcs.v;
	prog->nfuncs = funcs.n;
	return prog;
}

/* ---- the nesting of the IR ----------------------------------------------- */

/* The IR nests deeper than the text in places (flat frames, T.grid,
 * T.Kernel, comparison chains); the verifier, the printer and the passes
 * recurse on it, so the bound is checked on the IR itself, as the verifier
 * counts: expressions from each statement, statements without sequences. */
static void
depth_expr(Parser *p, const Expr *e, int d, Loc at)
{
	if (e->loc.line)
		at = e->loc;
	if (++d > IR_MAX_DEPTH)
		err_at(p, at.line, at.col, "nesting deeper than %d levels", IR_MAX_DEPTH);
	IrKids k;
	ir_expr_kids(&k, e);
	for (Expr **c; (c = ir_kids_next(&k));)
		if (*c)
			depth_expr(p, *c, d, at);
}

static void
depth_kids(Parser *p, IrKids *k, Loc at)
{
	if (!p->walk_exprs)
		return;
	for (Expr **c; (c = ir_kids_next(k));)
		if (*c)
			depth_expr(p, *c, 0, at);
}

static void
depth_buffer(Parser *p, const Buffer *b, Loc at)
{
	IrKids k;
	ir_buffer_kids(&k, b);
	depth_kids(p, &k, at);
}

/* A statement's expressions, then the buffers it defines, then its bodies;
 * a sequence takes no depth. */
static void
depth_stmt(Parser *p, const Stmt *s, int d)
{
	Loc at = s->loc;
	if (s->kind != ST_SEQ) {
		if (++d > IR_MAX_DEPTH)
			err_at(p, at.line, at.col, "nesting deeper than %d levels", IR_MAX_DEPTH);
		if (p->walk_exprs) {
			IrKids k;
			ir_stmt_kids(&k, s);
			depth_kids(p, &k, at);
			int nb;
			Buffer **bufs = ir_stmt_defbufs(s, &nb);
			for (int i = 0; i < nb; i++)
				depth_buffer(p, bufs[i], at);
		}
	}
	IrBodies b;
	ir_stmt_bodies(&b, s);
	for (Stmt **c; (c = ir_bodies_next(&b));)
		if (*c)
			depth_stmt(p, *c, d);
}

static void
depth_func(Parser *p, const Func *f)
{
	Loc at = f->body->loc;
	for (int i = 0; i < f->nparams; i++)
		if (f->params[i].buf)
			depth_buffer(p, f->params[i].buf, at);
	if (f->attrs && p->walk_exprs)
		depth_expr(p, f->attrs, 0, at);
	for (int i = 0; i < f->nmatches; i++)
		depth_buffer(p, f->matches[i], at);
	for (int i = 0; i < f->nroot_allocs; i++)
		depth_buffer(p, f->root_allocs[i], at);
	depth_stmt(p, f->body, 0);
}

/* ---- entry points -------------------------------------------------------- */

static void
diag_set(Diag *d, const char *file, int line, int col, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static void
diag_set(Diag *d, const char *file, int line, int col, const char *fmt, ...)
{
	d->file = file ? file : "<input>";
	d->line = line;
	d->col = col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->msg, sizeof d->msg, fmt, ap);
	va_end(ap);
}

Program *
ir_read(Arena *a, const char *file_name, const char *src, size_t len, Diag *d)
{
	memset(d, 0, sizeof *d);
	d->file = file_name ? file_name : "<input>";
	if (len > (size_t)IR_MAX_INPUT) {
		diag_set(d, file_name, 1, 1, "input too large: more than %d bytes", IR_MAX_INPUT);
		return NULL;
	}
	/* On the heap, so that nothing the parser changes lives in a local
	 * across the longjmp. */
	Parser *p = calloc(1, sizeof *p);
	if (!p)
		abort();
	p->r.a = a;
	p->r.d = d;
	p->r.file = d->file;
	p->r.src = src ? src : "";
	p->r.len = src ? len : 0;
	rd_lex_init(&p->r);
	if (setjmp(p->r.fail) == 0) {
		header_comments(p);
		Program *prog = file(p);
		prog->era = p->era;
		/* Expressions start over at each statement: none can nest too
		 * deep when none is higher than the bound. */
		p->walk_exprs = p->height_unknown || p->max_height > IR_MAX_DEPTH;
		/* Statements too, only when one may nest that deep. */
		if (p->walk_exprs || p->deep)
			for (int i = 0; i < prog->nfuncs; i++)
				depth_func(p, prog->funcs[i]);
		p->result = prog;
	}
	Program *result = p->result;
	rd_lex_free(&p->r);
	free(p->binds);
	free(p->items);
	free(p->frames);
	free(p);
	return result;
}

char *
ir_read_text(const char *path, size_t *len, Diag *d)
{
	memset(d, 0, sizeof *d);
	int is_stdin = strcmp(path, "-") == 0;
	const char *name = is_stdin ? "<stdin>" : path;
	FILE *f = is_stdin ? stdin : fopen(path, "rb");
	if (!f) {
		diag_set(d, name, 0, 0, "cannot open: %s", strerror(errno));
		return NULL;
	}
	StrBuf sb;
	sb_init(&sb);
	char buf[65536];
	size_t n;
	int too_large = 0;
	while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
		if (sb.len + n > (size_t)IR_MAX_INPUT) {
			too_large = 1;
			break;
		}
		sb_putn(&sb, buf, n);
	}
	int failed = ferror(f);
	int e = errno;
	if (!is_stdin)
		fclose(f);
	if (failed || too_large) {
		sb_free(&sb);
		if (too_large)
			diag_set(d, name, 0, 0, "input too large: more than %d bytes", IR_MAX_INPUT);
		else
			diag_set(d, name, 0, 0, "read error: %s", strerror(e));
		return NULL;
	}
	*len = sb.len;
	return sb_take(&sb);
}

Program *
ir_read_file(Arena *a, const char *path, Diag *d)
{
	size_t len;
	char *text = ir_read_text(path, &len, d);
	if (!text)
		return NULL;
	Program *p = ir_read(a, strcmp(path, "-") ? path : "<stdin>", text, len, d);
	/* Diagnostics point into the file name, which outlives this call. */
	free(text);
	return p;
}
