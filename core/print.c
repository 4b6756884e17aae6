/* print.c: the canonical TVMScript printer (docs/tvmscript.md).
 *
 * One spelling per construct, the one TVM's own printer emits, so that a
 * TileLang dump reads and prints back byte for byte and read -> print is a
 * fixed point.  Names are printed as stored: the reader keeps what was
 * written, and nothing here renames.
 *
 * Where TVM's output depends on things the IR does not keep, one rule:
 * free vars print one per line (`m = T.int32()`, never `m, n = ...`); env
 * threads print at function level, tagged by their first launch; a POD
 * float reads back as a float32 literal and prints typed; an empty dict
 * prints as no dict at all (no `annotations=`, no `T.func_attr`).
 * Lines are separated by '\n', with no newline after the last one.
 *
 * Two eras (ir.h IrEra, docs/tvmscript-eras.md): the seed spelling, and head's,
 * where lets, allocations, decl_buffers and asserts are flat lines owning
 * the rest of their block.  A body printed at head is first flattened
 * (ir_era_flatten) into the IR its text reads back as, so that alias
 * placement, and so the text, is a fixed point.
 *
 * Assumes a well-formed IR (ir_verify_program): nesting within IR_MAX_DEPTH,
 * so recursion is bounded.
 *
 * Aliases (BUF_ALIAS: `C = T.Buffer(..., data=p)`) have no node; their line
 * goes in the innermost body holding every use, just before the statement of
 * that body holding the first use (docs/tvmscript.md §5).  A pre-pass numbers the
 * statements in printing order and finds, per alias, the lowest common
 * ancestor of its uses in the tree of statements and bodies; the printer
 * counts statements the same way and emits each alias before the statement
 * with its anchor number.  Without aliases the pre-pass builds no tree;
 * at seed, a function is first printed without any pre-pass, and printed
 * again after it only if that print meets an alias buffer (print_func).
 */
#define _POSIX_C_SOURCE 200809L /* fileno, fcntl, fseeko, ftello, ftruncate */
#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/types.h>
#include <unistd.h>

#include "ir.h"
#include "print.h"
#include "ptrmap.h"
#include "vocab.h"

/* ---- pointer map ---------------------------------------------------------- */


static void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		abort();
	return p;
}

/* ---- printer state ---------------------------------------------------------- */

enum { NAME_CACHE = 64, DTYPE_CACHE = 8, LIT_CACHE = 8, LIT_TEXT = 24 };

typedef struct Alias {
	Buffer *buf;
	int first_node;  /* tree node of the first use, -1 if none in the body */
	int lca_node;
	long first_time; /* order of first use, for aliases sharing an anchor */
	int anchor;      /* number of the statement it is printed before */
	unsigned stamp;  /* last use event that counted it */
	int printed;
} Alias;

typedef struct Printer {
	StrBuf *sb;
	/* The output cursor into sb's memory and the end of that memory: the
	 * printer writes at o and checks room against lim; sb->len is only
	 * brought up to date (out_sync) where sb itself is used. */
	char *o, *lim;
	int started;  /* a line was emitted: the next one starts with '\n' */
	int metadata; /* a metadata[...] reference was printed */
	Arena *tmp;   /* for ir_loop_stop */
	PtrMap env_tag; /* env thread Var -> tag of its first launch */
	PtrMap alias_of; /* alias Buffer -> index + 1 into aliases */
	PtrMap let_bound; /* let Var -> 1 while its binding is in scope */
	int rebinding;    /* the next T.LetStmt header rebinds: `var=x` */
	Alias *aliases;
	int nalias, alias_cap;
	int *order; /* alias indices by (anchor, first_time) */
	int cursor;
	int seq;    /* statements printed so far, in the pre-pass's numbering */
	const PrintHooks *hooks; /* NULL: the canonical spelling */
	IrEra era;         /* the spelling printed */
	int tl_call_intrin;
	PtrMap alloc_ptr;  /* head: T.allocate pointer Var -> 1, printed `p.data` */
	const Stmt *cut;   /* the pre-pass does not look below it (ir_print_stmt_head) */
	/* IrPrintOptions.locs: the statement whose line begins next, and the
	 * position in the text, counted up to sb->len so far. */
	PtrMap *locs;
	const Stmt *pending;
	size_t scanned, bol; /* bytes of sb counted; where the current line begins */
	int line;
	/* Printing without the pre-pass (print_func): an alias buffer met
	 * means the pre-pass was needed after all, and the function is
	 * printed again after it. */
	int speculating, missed;
	/* Names and dtypes met, by pointer (the reader interns them, so a
	 * program has few): a name's length, a dtype's class.  A string's
	 * text does not change while it is printed. */
	struct NameHit {
		const char *s;
		size_t len;
	} names[NAME_CACHE];
	struct DtypeHit {
		const char *s;
		int cls;
	} dtypes[DTYPE_CACHE];
	const char *int32_dt; /* the last dtype found to be int32 */
	/* The short texts of string literals (key: the string; bits 0) and
	 * float literals (key: the dtype; bits: the value) printed. */
	struct LitHit {
		const void *key;
		uint64_t bits;
		size_t len;
		char text[LIT_TEXT];
	} strs[LIT_CACHE], floats[LIT_CACHE];
	/* ir_print_program_file: where the text goes as it is printed (kept
	 * by printer_reset, as the caches).  Offsets count from the start of
	 * the printing. */
	struct Sink {
		FILE *f;        /* NULL: the text stays in sb */
		off_t base;     /* f's offset when the printing started */
		int seekable;   /* text written may be written again (out_restore) */
		int failed;     /* a write or a seek failed */
		size_t chunk;   /* sb is written out once it holds this much, at a line start */
		size_t flushed; /* bytes written before sb->p[0] */
		size_t high;    /* the most bytes ever written */
	} out;
} Printer;

/* The tree walked by the placement pre-pass: statement nodes and body nodes
 * alternate (a body's children are statements, a statement's children its
 * nested bodies).  The stack of open nodes is the set of ancestors of the
 * statement being scanned. */
typedef struct Scan {
	Printer *P;
	int place; /* 0: only discover aliases and env tags; 1: also place */
	int *parent, *depth, *stmt_no;
	char *open;
	int nnodes, cap;
	int cur;   /* current node */
	int seq;
	long time;
	unsigned stamp;
} Scan;

/* ---- pre-pass ------------------------------------------------------------------ */

static void scan_expr(Scan *S, const Expr *e);

static int
alias_index(Printer *P, const Buffer *b)
{
	return (int)(intptr_t)pm_get(&P->alias_of, b) - 1;
}

/* A buffer printed by name: a use, which the pre-pass would have seen. */
static inline void
note_buffer(Printer *P, const Buffer *b)
{
	if (b->kind == BUF_ALIAS && P->speculating)
		P->missed = 1;
}

static void
scan_buffer_fields(Scan *S, const Buffer *b)
{
	for (int i = 0; i < b->ndim; i++)
		scan_expr(S, b->shape[i]);
	scan_expr(S, b->strides);
	scan_expr(S, b->elem_offset);
	scan_expr(S, b->align);
	scan_expr(S, b->offset_factor);
	scan_expr(S, b->buffer_type);
	scan_expr(S, b->axis_separators);
}

/* A use of alias k at the current node; uses of the aliases its own fields
 * mention count too, since its line must come after theirs. */
static void
use_alias(Scan *S, int k)
{
	Alias *A = &S->P->aliases[k];
	if (A->stamp == S->stamp)
		return;
	A->stamp = S->stamp;
	if (A->first_node < 0) {
		A->first_node = A->lca_node = S->cur;
		A->first_time = S->time++;
	} else {
		/* The open nodes are the ancestors of the current one; the lca only
		 * climbs, so this is linear over the whole pass. */
		while (!S->open[A->lca_node])
			A->lca_node = S->parent[A->lca_node];
	}
	scan_buffer_fields(S, A->buf);
}

static void
scan_buffer_use(Scan *S, Buffer *b)
{
	if (!b || b->kind != BUF_ALIAS)
		return;
	Printer *P = S->P;
	int k = alias_index(P, b);
	if (k < 0) {
		if (S->place)
			return; /* cannot happen: discovery saw every alias */
		if (P->nalias == P->alias_cap) {
			P->alias_cap = P->alias_cap ? P->alias_cap * 2 : 16;
			P->aliases = xrealloc(P->aliases, sizeof *P->aliases * (size_t)P->alias_cap);
		}
		k = P->nalias++;
		P->aliases[k] = (Alias){.buf = b, .first_node = -1, .lca_node = -1, .anchor = INT_MAX};
		pm_put(&P->alias_of, b, (void *)(intptr_t)(k + 1));
		scan_buffer_fields(S, b);
		return;
	}
	if (S->place)
		use_alias(S, k);
}

static void
scan_expr(Scan *S, const Expr *e)
{
	if (!e)
		return;
	scan_buffer_use(S, ir_expr_buf(e));
	IrKids k;
	ir_expr_kids(&k, e);
	for (Expr **c; (c = ir_kids_next(&k));)
		scan_expr(S, *c);
}

static void
push_node(Scan *S, int stmt_no)
{
	if (!S->place)
		return;
	if (S->nnodes == S->cap) {
		S->cap = S->cap ? S->cap * 2 : 256;
		S->parent = xrealloc(S->parent, sizeof *S->parent * (size_t)S->cap);
		S->depth = xrealloc(S->depth, sizeof *S->depth * (size_t)S->cap);
		S->stmt_no = xrealloc(S->stmt_no, sizeof *S->stmt_no * (size_t)S->cap);
		S->open = xrealloc(S->open, (size_t)S->cap);
	}
	int n = S->nnodes++;
	S->parent[n] = S->cur;
	S->depth[n] = S->cur < 0 ? 0 : S->depth[S->cur] + 1;
	S->stmt_no[n] = stmt_no;
	S->open[n] = 1;
	S->cur = n;
}

static void
pop_node(Scan *S)
{
	if (!S->place)
		return;
	S->open[S->cur] = 0;
	S->cur = S->parent[S->cur];
}

static void scan_body(Scan *S, const Stmt *s);

/* The tag of an env thread's first launch (the function header prints it). */
static int
env_tag_of(const Stmt *s, void *ctx)
{
	Printer *P = ctx;
	Var *v = ir_stmt_var(s);
	if (s->kind == ST_LAUNCH && v && (v->flags & VAR_ENV_THREAD) && !pm_get(&P->env_tag, v))
		pm_put(&P->env_tag, v, (void *)s->u.launch.tag);
	return IR_WALK_GO;
}

static void
scan_nested(Scan *S, const Stmt *body)
{
	push_node(S, -1);
	scan_body(S, body);
	pop_node(S);
}

/* The order in which TVM's printer meets a statement's expressions, as
 * segments of ir_stmt_kids (numbered in nodes.def's order), for the kinds
 * where it is not the table's order: a store's value before its indices, a
 * loop's annotations before its step; a decl_buffer's annotations are not
 * met at all.  -1 ends a row. */
typedef struct ScanOrder {
	unsigned char own; /* 0: the table's order */
	signed char seg[IR_MAX_SEGS + 1];
} ScanOrder;

static const ScanOrder scan_order[] = {
	[ST_STORE] = {1, {1, 0, -1}},
	[ST_FOR] = {1, {0, 1, 3, 2, -1}},
	[ST_DECL] = {1, {-1}},
};

/* Statements are numbered in the order print_stmt meets them; expressions
 * are visited in the order TVM's printer meets them (uses of aliases that
 * share an anchor: their lines come out in order of first use). */
static void
scan_stmt(Scan *S, const Stmt *s)
{
	if (s->kind == ST_SEQ) {
		for (int i = 0; i < s->u.seq.n; i++)
			scan_stmt(S, s->u.seq.items[i]);
		return;
	}
	push_node(S, S->seq++);
	S->stamp++;
	env_tag_of(s, S->P);
	scan_buffer_use(S, ir_stmt_buf(s)); /* a store's (a decl's is no alias) */
	IrKids k;
	ir_stmt_kids(&k, s);
	const ScanOrder *o = (size_t)s->kind < sizeof scan_order / sizeof scan_order[0] ? &scan_order[s->kind] : NULL;
	if (o && o->own) {
		for (int j = 0; o->seg[j] >= 0; j++)
			for (int i = 0; i < k.len[o->seg[j]]; i++)
				scan_expr(S, k.seg[o->seg[j]][i]);
	} else {
		for (Expr **c; (c = ir_kids_next(&k));)
			scan_expr(S, *c);
	}
	int ndefs;
	Buffer **defs = ir_stmt_defbufs(s, &ndefs);
	for (int i = 0; i < ndefs; i++)
		scan_buffer_fields(S, defs[i]);
	if (s != S->P->cut) {
		IrBodies b;
		ir_stmt_bodies(&b, s);
		for (Stmt **c; (c = ir_bodies_next(&b));)
			if (*c)
				scan_nested(S, *c);
	}
	pop_node(S);
}

static void
scan_body(Scan *S, const Stmt *s)
{
	if (s)
		scan_stmt(S, s);
}

typedef struct SortKey {
	int anchor;
	long time;
	int k;
} SortKey;

static int
cmp_key(const void *x, const void *y)
{
	const SortKey *a = x, *b = y;
	if (a->anchor != b->anchor)
		return a->anchor < b->anchor ? -1 : 1;
	return a->time < b->time ? -1 : a->time > b->time;
}

/* Finds the anchor of every alias: the lowest body node B that is an
 * ancestor-or-self of its lca, and the child statement of B on the path to
 * its first use. */
static void
place_aliases(Printer *P, const Stmt *body)
{
	Scan S = {.P = P, .place = 1, .cur = -1};
	push_node(&S, -1); /* the function body */
	scan_body(&S, body);
	pop_node(&S);
	for (int k = 0; k < P->nalias; k++) {
		Alias *A = &P->aliases[k];
		if (A->first_node < 0)
			continue;
		int b = A->lca_node;
		if (S.stmt_no[b] >= 0)
			b = S.parent[b];
		int n = A->first_node;
		while (S.depth[n] > S.depth[b] + 1)
			n = S.parent[n];
		assert(S.stmt_no[n] >= 0);
		A->anchor = S.stmt_no[n];
	}
	SortKey *keys = xrealloc(NULL, sizeof *keys * (size_t)P->nalias);
	for (int k = 0; k < P->nalias; k++)
		keys[k] = (SortKey){P->aliases[k].anchor, P->aliases[k].first_time, k};
	qsort(keys, (size_t)P->nalias, sizeof *keys, cmp_key);
	P->order = xrealloc(NULL, sizeof *P->order * (size_t)P->nalias);
	for (int k = 0; k < P->nalias; k++)
		P->order[k] = keys[k].k;
	free(keys);
	free(S.parent);
	free(S.depth);
	free(S.stmt_no);
	free(S.open);
}

/* Discovers the aliases (those of the function's own buffer declarations
 * too, which are printed before their declaration) and places them. */
static void
prepare(Printer *P, const Func *f, const Stmt *body)
{
	Scan S = {.P = P, .place = 0, .cur = -1};
	for (int i = 0; f && i < f->nmatches; i++)
		scan_buffer_fields(&S, f->matches[i]);
	for (int i = 0; f && i < f->nroot_allocs; i++)
		scan_buffer_fields(&S, f->root_allocs[i]);
	scan_body(&S, body);
	if (P->nalias)
		place_aliases(P, body);
}

/* The output cursor's offset in sb; sb->len made it (out_sync); the
 * cursor set from sb (out_load, after sb was used). */
static inline size_t
out_len(const Printer *P)
{
	return (size_t)(P->o - P->sb->p);
}

static inline void
out_sync(Printer *P)
{
	P->sb->len = out_len(P);
}

static inline void
out_load(Printer *P)
{
	StrBuf *sb = P->sb;
	P->o = sb->p + sb->len;
	P->lim = sb->p + sb->cap;
}

static void
printer_init(Printer *P, StrBuf *sb)
{
	memset(P, 0, sizeof *P);
	if (!sb->p)
		sb_putn(sb, "", 0); /* memory for the cursor to point into */
	P->sb = sb;
	out_load(P);
	P->scanned = P->bol = sb->len;
	P->line = 1;
}

/* Where the output stands: what printer_reset keeps, and what dropping a
 * speculative print goes back to. */
typedef struct OutMark {
	size_t len, scanned, bol;
	int line, started, metadata;
} OutMark;

static OutMark
out_mark(const Printer *P)
{
	return (OutMark){P->out.flushed + out_len(P), P->scanned, P->bol, P->line, P->started, P->metadata};
}

static void
out_restore(Printer *P, OutMark m)
{
	if (m.len >= P->out.flushed) {
		P->sb->len = m.len - P->out.flushed;
	} else {
		/* Written out already (only to a seekable file): written over. */
		if (fseeko(P->out.f, P->out.base + (off_t)m.len, SEEK_SET))
			P->out.failed = 1;
		P->out.flushed = m.len;
		P->sb->len = 0;
	}
	out_load(P);
	P->scanned = m.scanned;
	P->bol = m.bol;
	P->line = m.line;
	P->started = m.started;
	P->metadata = m.metadata;
}

/* Drops the per-function state; keeps the output position, and
 * NUL-terminates the text (putn does not). */
static void
printer_reset(Printer *P)
{
	out_sync(P);
	P->sb->p[P->sb->len] = 0;
	pm_free(&P->env_tag);
	pm_free(&P->alias_of);
	pm_free(&P->let_bound);
	pm_free(&P->alloc_ptr);
	free(P->aliases);
	free(P->order);
	if (P->tmp)
		ar_free(P->tmp);
	StrBuf *sb = P->sb;
	OutMark at = out_mark(P);
	const PrintHooks *hooks = P->hooks;
	IrEra era = P->era;
	int tl_call_intrin = P->tl_call_intrin;
	PtrMap *locs = P->locs;
	memset(P, 0, offsetof(Printer, names)); /* the caches stay */
	P->sb = sb;
	P->line = 1;
	out_restore(P, at);
	P->locs = locs;
	P->hooks = hooks;
	P->era = era;
	P->tl_call_intrin = tl_call_intrin;
}

/* ---- expressions ------------------------------------------------------------------ */

/* Python precedence, low to high (docs/tvmscript.md §8). */
enum {
	PR_LOWEST = 0, PR_OR, PR_AND, PR_NOT, PR_CMP, PR_BOR, PR_BXOR, PR_BAND, PR_SHIFT,
	PR_ADD, PR_MUL, PR_UNARY, PR_ATOM
};

static void print_expr(Printer *P, const Expr *e);

/* n <= 16 bytes from s to d, in at most four moves that read and write
 * nothing outside the n bytes (overlapping when n is not a power of two). */
static inline void
copy_small(char *d, const char *s, size_t n)
{
	if (n >= 8) {
		uint64_t a, b;
		memcpy(&a, s, 8);
		memcpy(&b, s + n - 8, 8);
		memcpy(d, &a, 8);
		memcpy(d + n - 8, &b, 8);
	} else if (n >= 4) {
		uint32_t a, b;
		memcpy(&a, s, 4);
		memcpy(&b, s + n - 4, 4);
		memcpy(d, &a, 4);
		memcpy(d + n - 4, &b, 4);
	} else if (n) {
		d[0] = s[0];
		d[n / 2] = s[n / 2];
		d[n - 1] = s[n - 1];
	}
}

/* Output goes straight into the StrBuf's memory at the cursor; sb_putn
 * grows it when it must (putn_slow).  The text is NUL-terminated only when
 * a public entry point returns (printer_reset).  put of a literal costs no strlen: it is inlined and
 * folded; a short run of unknown length is moved without a memcpy call. */
static __attribute__((noinline)) void
putn_slow(Printer *P, const char *s, size_t n)
{
	out_sync(P);
	sb_putn(P->sb, s, n);
	out_load(P);
}

static inline void
putn(Printer *P, const char *s, size_t n)
{
	char *o = P->o;
	if ((size_t)(P->lim - o) > n) {
		if (__builtin_constant_p(n) || n > 16)
			memcpy(o, s, n);
		else
			copy_small(o, s, n);
		P->o = o + n;
	} else {
		putn_slow(P, s, n);
	}
}

static inline void
put(Printer *P, const char *s)
{
	putn(P, s, strlen(s));
}

/* A name (a Var's, a Buffer's, a call's, a dtype): its length from the
 * printer's cache of names met, so no strlen but the first time. */
static inline void
put_name(Printer *P, const char *s)
{
	struct NameHit *h = &P->names[((uintptr_t)s * 0x9E3779B97F4A7C15ull) >> 58];
	if (h->s != s) {
		h->s = s;
		h->len = strlen(s);
	}
	putn(P, s, h->len);
}

static inline struct LitHit *
lit_slot(struct LitHit *cache, const void *key, uint64_t bits)
{
	uint64_t h = ((uint64_t)(uintptr_t)key ^ (bits * 0x9E3779B97F4A7C15ull)) * 0xff51afd7ed558ccdULL;
	return &cache[h >> 61];
}

/* Prints h's text when it is the one of (key, bits): 1 then. */
static inline int
lit_hit(Printer *P, const struct LitHit *h, const void *key, uint64_t bits)
{
	if (h->key != key || h->bits != bits)
		return 0;
	if ((size_t)(P->lim - P->o) > LIT_TEXT) {
		memcpy(P->o, h->text, LIT_TEXT); /* a fixed size: a few moves */
		P->o += h->len;
	} else {
		putn(P, h->text, h->len);
	}
	return 1;
}

/* Keeps what was printed since start as the text of (key, bits). */
static inline void
lit_keep(Printer *P, struct LitHit *h, const void *key, uint64_t bits, size_t start)
{
	size_t n = out_len(P) - start;
	if (n > LIT_TEXT)
		return;
	h->key = key;
	h->bits = bits;
	h->len = n;
	memcpy(h->text, P->sb->p + start, n);
}

/* s equals the literal lit (the dtype tests of every literal printed):
 * inlined, so no strcmp call for a short constant. */
static inline int
str_is(const char *s, const char *lit)
{
	while (*lit)
		if (*s++ != *lit++)
			return 0;
	return *s == 0;
}

/* What the printer asks of a literal's dtype, from the cache of dtypes
 * met. */
enum { DT_OTHER, DT_INT32, DT_BOOL, DT_UINT };

static inline int
dtype_class(Printer *P, const char *dt)
{
	struct DtypeHit *h = &P->dtypes[((uintptr_t)dt * 0x9E3779B97F4A7C15ull) >> 61];
	if (h->s != dt) {
		h->s = dt;
		h->cls = str_is(dt, "int32")          ? DT_INT32
		         : str_is(dt, "bool")         ? DT_BOOL
		         : strncmp(dt, "uint", 4) == 0 ? DT_UINT
		                                      : DT_OTHER;
	}
	return h->cls;
}

static inline void
putch(Printer *P, char c)
{
	if (P->lim - P->o > 1)
		*P->o++ = c;
	else
		putn_slow(P, &c, 1);
}

/* A Python string literal: the runs that need no escape are copied whole. */
static void print_string_text(Printer *P, const char *s);

/* A string literal; a short one's text is kept by the string's address. */
static __attribute__((noinline)) void
print_string(Printer *P, const char *s)
{
	struct LitHit *h = lit_slot(P->strs, s, 0);
	if (lit_hit(P, h, s, 0))
		return;
	size_t start = out_len(P);
	print_string_text(P, s);
	lit_keep(P, h, s, 0, start);
}

static void
print_string_text(Printer *P, const char *s)
{
	static const char hex[] = "0123456789ABCDEF";
	putch(P, '"');
	const char *run = s;
	const char *c = s;
	for (; *c; c++) {
		unsigned char u = (unsigned char)*c;
		if (u >= ' ' && u <= '~' && u != '"' && u != '\\')
			continue;
		putn(P, run, (size_t)(c - run));
		run = c + 1;
		switch (u) {
		case '"': put(P, "\\\""); break;
		case '\\': put(P, "\\\\"); break;
		case '\t': put(P, "\\t"); break;
		case '\r': put(P, "\\r"); break;
		case '\n': put(P, "\\n"); break;
		default: {
			char esc[4] = {'\\', 'x', hex[u >> 4], hex[u & 15]};
			putn(P, esc, 4);
		}
		}
	}
	putn(P, run, (size_t)(c - run));
	putch(P, '"');
}

static void
print_var(Printer *P, const Var *v)
{
	if (v->owner || (P->alloc_ptr.n && pm_get(&P->alloc_ptr, v))) {
		put_name(P, v->owner ? v->owner->name : v->name);
		put(P, ".data");
	} else {
		put_name(P, v->name);
	}
}

static int
is_float_dtype(const char *dtype)
{
	return dtype && strstr(dtype, "float") != NULL;
}

/* Python `/` on two ints is an error in TVM's parser, so integer division
 * prints as T.Div; the reader takes both spellings. */
static int
div_is_sugar(const Expr *e)
{
	const Expr *x[2] = {e->u.bin.a, e->u.bin.b};
	for (int i = 0; i < 2; i++) {
		if (x[i]->kind == EX_FLOAT)
			return 1;
		if (x[i]->kind == EX_VAR && !x[i]->u.var->ptr_scope && is_float_dtype(x[i]->u.var->dtype))
			return 1;
	}
	return 0;
}

static int
binop_prec(BinOp op)
{
	switch (op) {
	case BIN_ADD:
	case BIN_SUB: return PR_ADD;
	case BIN_MUL:
	case BIN_DIV:
	case BIN_FLOORDIV:
	case BIN_FLOORMOD: return PR_MUL;
	case BIN_LT:
	case BIN_LE:
	case BIN_EQ:
	case BIN_NE:
	case BIN_GT:
	case BIN_GE: return PR_CMP;
	case BIN_AND: return PR_AND;
	case BIN_OR: return PR_OR;
	}
	abort();
}

/* A literal's dtype; the fallback only keeps a debug print of IR that
 * fails ir_verify_program from crashing. */
static const char *
lit_dtype(const Expr *e)
{
	return ir_expr_dtype(e) ? ir_expr_dtype(e) : e->kind == EX_FLOAT ? "float32" : "int32";
}

/* TVM prints T.Not(x) when x is a literal: Python would fold `not 5`. */
static int
is_bare_literal(const Expr *e)
{
	return (e->kind == EX_INT && str_is(lit_dtype(e), "int32")) || e->kind == EX_POD_BOOL ||
	       e->kind == EX_NONE || e->kind == EX_STR;
}

static int
expr_prec(const Expr *e)
{
	if (e->kind == EX_BIN)
		return e->u.bin.op == BIN_DIV && !div_is_sugar(e) ? PR_ATOM : binop_prec(e->u.bin.op);
	if (e->kind == EX_NOT)
		return is_bare_literal(e->u.operand) ? PR_ATOM : PR_NOT;
	return PR_ATOM;
}

static void
print_operand(Printer *P, const Expr *e, int parens)
{
	if (parens)
		putch(P, '(');
	print_expr(P, e);
	if (parens)
		putch(P, ')');
}

static void put_i64(Printer *P, int64_t v);

static void
print_list(Printer *P, Expr *const *items, int n)
{
	for (int i = 0; i < n; i++) {
		if (i)
			put(P, ", ");
		const Expr *x = items[i];
		if (x->kind == EX_INT && ir_expr_dtype(x) && ir_expr_dtype(x) == P->int32_dt)
			put_i64(P, ir_int_value(x)); /* print_int of an int32, inline */
		else
			print_expr(P, x);
	}
}

static void
print_tuple(Printer *P, Expr *const *items, int n)
{
	putch(P, '(');
	print_list(P, items, n);
	if (n == 1)
		putch(P, ',');
	putch(P, ')');
}

static __attribute__((noinline)) void
print_indices(Printer *P, const Buffer *b, Expr *const *idx, int n)
{
	note_buffer(P, b);
	put_name(P, b->name);
	putch(P, '[');
	if (n == 0)
		put(P, "()");
	if (n == 1 && idx[0]->kind == EX_INT && ir_expr_dtype(idx[0]) && ir_expr_dtype(idx[0]) == P->int32_dt)
		put_i64(P, ir_int_value(idx[0])); /* one int32 index, the common case */
	else
		print_list(P, idx, n);
	putch(P, ']');
}

static const char digit_pairs[] = "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
                                  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
                                  "8081828384858687888990919293949596979899";

/* v in decimal, as "%" PRIu64 / PRId64 print it, without printf: written
 * in place two digits at a time when there is room. */
static __attribute__((noinline)) void
put_digits(Printer *P, uint64_t u, int neg)
{
	if (P->lim - P->o > 24) {
		char *o = P->o;
		if (neg)
			*o++ = '-';
		int n = u < 10 ? 1 : u < 100 ? 2 : u < 1000 ? 3 : 4;
		for (uint64_t t = u / 10000; t; t /= 10)
			n++;
		char *e = o + n;
		P->o = e;
		while (u >= 100) {
			unsigned r = (unsigned)(u % 100);
			u /= 100;
			e -= 2;
			memcpy(e, digit_pairs + 2 * r, 2);
		}
		if (u >= 10)
			memcpy(e - 2, digit_pairs + 2 * u, 2);
		else
			e[-1] = (char)('0' + u);
		return;
	}
	char buf[24];
	size_t n = 0;
	do
		buf[sizeof buf - 1 - n++] = (char)('0' + u % 10);
	while (u /= 10);
	if (neg)
		buf[sizeof buf - 1 - n++] = '-';
	putn(P, buf + sizeof buf - n, n);
}

static void
put_i64(Printer *P, int64_t v)
{
	if (v >= 0 && v < 10 && P->lim - P->o > 1) {
		*P->o++ = (char)('0' + v); /* the most common int */
		return;
	}
	put_digits(P, v < 0 ? -(uint64_t)v : (uint64_t)v, v < 0);
}

static __attribute__((noinline)) void
print_int(Printer *P, const Expr *e)
{
	const char *dt = lit_dtype(e);
	if (dt == P->int32_dt) {
		put_i64(P, ir_int_value(e));
		return;
	}
	int cls = dtype_class(P, dt);
	if (cls == DT_INT32) {
		P->int32_dt = dt;
		put_i64(P, ir_int_value(e));
	} else if (cls == DT_BOOL) {
		put(P, ir_int_value(e) ? "T.bool(True)" : "T.bool(False)");
	} else {
		put(P, "T.");
		put_name(P, dt);
		putch(P, '(');
		if (cls == DT_UINT)
			put_digits(P, (uint64_t)ir_int_value(e), 0);
		else
			put_i64(P, ir_int_value(e));
		putch(P, ')');
	}
}

/* Without libm: from 2^52 on every double is an integer. */
static int
is_integral(double f)
{
	return f >= 4503599627370496.0 || f <= -4503599627370496.0 || f == (double)(int64_t)f;
}

static void print_float_text(Printer *P, const Expr *e);

/* A float literal; its text is kept by dtype and value. */
static __attribute__((noinline)) void
print_float(Printer *P, const Expr *e)
{
	const char *dt = lit_dtype(e);
	uint64_t bits;
	memcpy(&bits, &e->u.f, sizeof bits);
	struct LitHit *h = lit_slot(P->floats, dt, bits);
	if (lit_hit(P, h, dt, bits))
		return;
	size_t start = out_len(P);
	print_float_text(P, e);
	lit_keep(P, h, dt, bits, start);
}

static void
print_float_text(Printer *P, const Expr *e)
{
	double f = e->u.f;
	put(P, "T.");
	put_name(P, lit_dtype(e));
	putch(P, '(');
	if (isnan(f))
		put(P, "\"nan\"");
	else if (isinf(f))
		put(P, f < 0 ? "\"-inf\"" : "\"inf\"");
	else if (is_integral(f) && f > -4503599627370496.0 && f < 4503599627370496.0) {
		/* "%.1f" of an integral value below 2^52: its digits and ".0". */
		if (f == 0 && signbit(f))
			put(P, "-0");
		else
			put_i64(P, (int64_t)f);
		put(P, ".0");
	} else {
		out_sync(P);
		if (is_integral(f))
			sb_printf(P->sb, "%.1f", f);
		else
			sb_printf(P->sb, "%.17g", f);
		out_load(P);
	}
	putch(P, ')');
}

/* TileLang's tile ops register as tl.tileop.NAME, its builtins as tl.NAME
 * (region is a tile op before head, a builtin at head). */
static const char *
tl_registry_prefix(const char *name, IrEra era)
{
	static const char *const tile_ops[] = {
		"async_copy", "atomicadd", "atomicmax", "atomicmin", "c2d_im2col", "copy", "cummax",
		"cumsum", "fill", "finalize_reducer", "finalize_reducer_v2", "gemm", "gemm_py", "gemm_sp",
		"gemm_sp_py", "im2col", "reduce", "reducer_init", "tcgen05_gemm", "tcgen05_gemm_sp",
		"tma_copy", "transpose", "wgmma_gemm", "wgmma_gemm_sp",
	};
	if (!strcmp(name, "region"))
		return era == ERA_HEAD ? "tl." : "tl.tileop.";
	for (size_t i = 0; i < sizeof tile_ops / sizeof tile_ops[0]; i++)
		if (!strcmp(name, tile_ops[i]))
			return "tl.tileop.";
	return "tl.";
}

/* A TileLang op call, for IrPrintOptions.tl_call_intrin.  ptx_cp_async and
 * ptx_ldmatrix are TVM ops too: TVM's spelling prints the dtype first.  A
 * call with keyword arguments (frontend sugar TVM never prints: its Call has
 * positional arguments only) has no T.call_intrin form and keeps its own. */
static int
is_tl_call(const Expr *e)
{
	const char *name = e->u.call.name;
	if (!vocab_is_tl(name) || e->u.call.nkw)
		return 0;
	if ((!strcmp(name, "ptx_cp_async") || !strcmp(name, "ptx_ldmatrix")) && e->u.call.nargs &&
	    e->u.call.args[0]->kind == EX_STR)
		return 0;
	return 1;
}

/* `T.call_intrin("dtype", tir.op.Op.get("tl.NAME"), `: the text does not
 * carry a call's dtype; "handle" is what TileLang's tests write for these
 * ops, "bool" for tl_shuffle_elect. */
static void
print_call_intrin_head(Printer *P, const char *name)
{
	put(P, "T.call_intrin(");
	print_string(P, strcmp(name, "tl_shuffle_elect") == 0 ? "bool" : "handle");
	put(P, P->era == ERA_HEAD ? ", tirx.op.Op.get(\"" : ", tir.op.Op.get(\"");
	put(P, tl_registry_prefix(name, P->era));
	put(P, name);
	put(P, "\")");
}

/* Not inlined: print_expr, the hot dispatch, stays small. */
static __attribute__((noinline)) void
print_call(Printer *P, const Expr *e)
{
	const char *name = e->u.call.name;
	Expr *const *args = e->u.call.args;
	int nargs = e->u.call.nargs, nkw = e->u.call.nkw;
	const char *const *kwnames = e->u.call.nkw ? e->u.call.kwnames : NULL;
	Expr *const *kwargs = e->u.call.nkw ? e->u.call.kwargs : NULL;
	/* A hook may spell the head itself, with leading arguments of its own. */
	int lead = -1;
	if (P->hooks && P->hooks->call_head) {
		out_sync(P);
		lead = P->hooks->call_head(P->sb, e, P->hooks->ctx);
		out_load(P);
	}
	if (lead < 0 && P->tl_call_intrin && is_tl_call(e)) {
		print_call_intrin_head(P, name);
		if (nargs || nkw)
			put(P, ", ");
	} else if (lead < 0) {
		put(P, "T.");
		put_name(P, name);
		putch(P, '(');
	} else if (lead > 0 && (nargs || nkw)) {
		put(P, ", ");
	}
	print_list(P, args, nargs);
	for (int i = 0; i < nkw; i++) {
		if (i || nargs)
			put(P, ", ");
		put_name(P, kwnames[i]);
		putch(P, '=');
		print_expr(P, kwargs[i]);
	}
	putch(P, ')');
}

static __attribute__((noinline)) void
print_bin(Printer *P, const Expr *e)
{
	BinOp op = e->u.bin.op;
	const Expr *a = e->u.bin.a, *b = e->u.bin.b;
	if (op == BIN_DIV && !div_is_sugar(e)) {
		put(P, "T.Div(");
		print_expr(P, a);
		put(P, ", ");
		print_expr(P, b);
		putch(P, ')');
		return;
	}
	int prec = binop_prec(op), pa = expr_prec(a), pb = expr_prec(b);
	/* `a < b == c` would read back as a chained comparison. */
	print_operand(P, a, pa < prec || (prec == PR_CMP && pa == PR_CMP));
	putch(P, ' ');
	put(P, ir_binop_token(op));
	putch(P, ' ');
	print_operand(P, b, pb <= prec);
}

static void print_expr_node(Printer *P, const Expr *e);

/* The dispatch on an expression's kind: the common kinds call their
 * printers straight, the rest go through print_expr_node. */
static void
print_expr(Printer *P, const Expr *e)
{
	switch (e->kind) {
	case EX_INT:
		print_int(P, e);
		return;
	case EX_STR:
		print_string(P, e->u.s);
		return;
	case EX_VAR:
		print_var(P, e->u.var);
		return;
	case EX_CALL:
		print_call(P, e);
		return;
	case EX_FLOAT:
		print_float(P, e);
		return;
	case EX_LOAD:
		print_indices(P, e->u.load.buf, e->u.load.idx, e->u.load.nidx);
		return;
	default:
		print_expr_node(P, e);
	}
}

static __attribute__((noinline)) void
print_expr_node(Printer *P, const Expr *e)
{
	switch (e->kind) {
	case EX_INT: case EX_FLOAT: case EX_STR: case EX_VAR: case EX_CALL: case EX_LOAD:
		print_expr(P, e); /* print_expr prints these itself */
		break;
	case EX_POD_BOOL:
		put(P, ir_int_value(e) ? "True" : "False");
		break;
	case EX_NONE:
		put(P, "None");
		break;
	case EX_BUF:
		note_buffer(P, e->u.buf);
		put_name(P, e->u.buf->name);
		break;
	case EX_BIN:
		print_bin(P, e);
		break;
	case EX_NOT:
		if (is_bare_literal(e->u.operand)) {
			put(P, "T.Not(");
			print_expr(P, e->u.operand);
			putch(P, ')');
		} else {
			put(P, "not ");
			print_operand(P, e->u.operand, expr_prec(e->u.operand) < PR_NOT);
		}
		break;
	case EX_SLICE:
		print_expr(P, e->u.slice.begin);
		putch(P, ':');
		print_expr(P, e->u.slice.end);
		if (e->u.slice.step) {
			putch(P, ':');
			print_expr(P, e->u.slice.step);
		}
		break;
	case EX_TUPLE:
		print_tuple(P, e->u.list.items, e->u.list.n);
		break;
	case EX_LIST:
		putch(P, '[');
		print_list(P, e->u.list.items, e->u.list.n);
		putch(P, ']');
		break;
	case EX_DICT:
		putch(P, '{');
		for (int i = 0; i < e->u.dict.n; i++) {
			if (i)
				put(P, ", ");
			print_expr(P, e->u.dict.keys[i]);
			put(P, ": ");
			print_expr(P, e->u.dict.vals[i]);
		}
		putch(P, '}');
		break;
	case EX_METADATA:
		put(P, "metadata[");
		print_string(P, e->u.meta.key);
		put(P, "][");
		put_i64(P, e->u.meta.index);
		putch(P, ']');
		P->metadata = 1;
		break;
	}
}

/* ---- types and buffers ------------------------------------------------------------ */

/* A var's type: `T.int32`, `T.handle`, `T.handle("float16", "shared")`.
 * As a definition (`m = T.int32()`) a prim type is called. */
static void
print_type(Printer *P, const Var *v, int as_call)
{
	if (v->ptr_scope) {
		put(P, "T.handle(");
		print_string(P, v->dtype);
		if (v->ptr_scope[0]) {
			put(P, ", ");
			print_string(P, v->ptr_scope);
		}
		putch(P, ')');
		return;
	}
	put(P, "T.");
	put(P, v->dtype);
	if (as_call)
		put(P, v->flags & VAR_SIZE_VAR ? "(is_size_var=True)" : "()");
}

static int
dict_empty(const Expr *e)
{
	return !e || (e->kind == EX_DICT && e->u.dict.n == 0);
}

enum {
	BC_DATA = 1 << 0,  /* print data= */
	BC_DTYPE = 1 << 1  /* print the dtype even when float32 */
};

/* The buffer-call syntax shared by T.Buffer, T.decl_buffer, T.alloc_buffer
 * and T.match_buffer (docs/tvmscript.md §5): each field only when not default, in
 * TVM's order. */
static void
print_buffer_call(Printer *P, const char *fn, const Buffer *b, const Expr *source, int flags)
{
	put(P, "T.");
	put(P, fn);
	putch(P, '(');
	if (source) {
		print_expr(P, source);
		put(P, ", ");
	}
	print_tuple(P, b->shape, b->ndim);
	if ((flags & BC_DTYPE) || strcmp(b->dtype, "float32") != 0) {
		put(P, ", ");
		print_string(P, b->dtype);
	}
	if ((flags & BC_DATA) && b->data) {
		put(P, ", data=");
		print_var(P, b->data);
	}
	const struct { const char *key; const Expr *e; } fields[] = {
		{"strides", b->strides}, {"elem_offset", b->elem_offset},
	};
	for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		if (fields[i].e) {
			put(P, ", ");
			put(P, fields[i].key);
			putch(P, '=');
			print_expr(P, fields[i].e);
		}
	}
	const char *scope = ir_buffer_scope(b);
	if (strcmp(scope, "global") != 0) {
		put(P, ", scope=");
		print_string(P, scope);
	}
	const struct { const char *key; const Expr *e; } more[] = {
		{"align", b->align}, {"offset_factor", b->offset_factor},
		{"buffer_type", b->buffer_type}, {"axis_separators", b->axis_separators},
	};
	for (size_t i = 0; i < sizeof more / sizeof more[0]; i++) {
		if (more[i].e) {
			put(P, ", ");
			put(P, more[i].key);
			putch(P, '=');
			print_expr(P, more[i].e);
		}
	}
	putch(P, ')');
}

/* ---- lines --------------------------------------------------------------------------- */

/* The line:col the next character printed will have (IrPrintOptions.locs). */
static void *
here(Printer *P)
{
	out_sync(P);
	const StrBuf *sb = P->sb;
	const char *nl;
	while (P->scanned < sb->len &&
	       (nl = memchr(sb->p + P->scanned, '\n', sb->len - P->scanned))) {
		P->line++;
		P->scanned = P->bol = (size_t)(nl - sb->p) + 1;
	}
	P->scanned = sb->len;
	return pm_loc_pack(P->line, (int)(sb->len - P->bol) + 1);
}

/* Writes the text held in sb to the sink (ir_print_program_file). */
static __attribute__((noinline)) void
sink_write(Printer *P)
{
	out_sync(P);
	StrBuf *sb = P->sb;
	if (sb->len && fwrite(sb->p, 1, sb->len, P->out.f) != sb->len)
		P->out.failed = 1;
	P->out.flushed += sb->len;
	if (P->out.flushed > P->out.high)
		P->out.high = P->out.flushed;
	sb->len = 0;
	P->o = sb->p;
}

/* The statement whose line begins here is at here() (IrPrintOptions.locs). */
static __attribute__((noinline)) void
note_pending(Printer *P)
{
	pm_put(P->locs, P->pending, here(P));
	P->pending = NULL;
}

static void
begin_line(Printer *P, int indent)
{
	static const char spaces[] = "\n                                                                ";
	/* A line start is where a sink takes the text: no literal's text
	 * (lit_keep) is half printed.  A print that may be dropped (print_func)
	 * is held unless the file can be written over. */
	if (P->out.f && out_len(P) >= P->out.chunk && (P->out.seekable || !P->speculating))
		sink_write(P);
	int nl = P->started != 0;
	P->started = 1;
	size_t n = (size_t)indent * 4;
	if (n + 1 < sizeof spaces && (size_t)(P->lim - P->o) > sizeof spaces) {
		/* a fixed-size move of the whole run, then the length it counts */
		memcpy(P->o, spaces + 1 - nl, sizeof spaces - 1);
		P->o += n + (size_t)nl;
	} else if (n + 1 < sizeof spaces) {
		putn(P, spaces + 1 - nl, n + (size_t)nl);
	} else {
		if (nl)
			putch(P, '\n');
		for (int i = 0; i < indent; i++)
			put(P, "    ");
	}
	if (P->pending)
		note_pending(P);
}

static void emit_alias(Printer *P, int k, int indent);

static void
emit_aliases_in_expr(Printer *P, const Expr *e, int indent)
{
	if (!e)
		return;
	const Buffer *b = ir_expr_buf(e);
	if (b && b->kind == BUF_ALIAS && alias_index(P, b) >= 0)
		emit_alias(P, alias_index(P, b), indent);
	IrKids k;
	ir_expr_kids(&k, e);
	for (Expr **c; (c = ir_kids_next(&k));)
		emit_aliases_in_expr(P, *c, indent);
}

/* Aliases a buffer's own fields mention must be printed before it. */
static void
emit_aliases_in_buffer(Printer *P, const Buffer *b, int indent)
{
	for (int i = 0; i < b->ndim; i++)
		emit_aliases_in_expr(P, b->shape[i], indent);
	emit_aliases_in_expr(P, b->strides, indent);
	emit_aliases_in_expr(P, b->elem_offset, indent);
	emit_aliases_in_expr(P, b->align, indent);
	emit_aliases_in_expr(P, b->offset_factor, indent);
	emit_aliases_in_expr(P, b->buffer_type, indent);
	emit_aliases_in_expr(P, b->axis_separators, indent);
}

static void
emit_alias(Printer *P, int k, int indent)
{
	Alias *A = &P->aliases[k];
	if (A->printed)
		return;
	A->printed = 1;
	emit_aliases_in_buffer(P, A->buf, indent);
	begin_line(P, indent);
	put(P, A->buf->name);
	put(P, " = ");
	print_buffer_call(P, "Buffer", A->buf, NULL, BC_DATA);
}

static int
next_anchor(Printer *P)
{
	while (P->cursor < P->nalias && P->aliases[P->order[P->cursor]].printed)
		P->cursor++;
	return P->cursor < P->nalias ? P->aliases[P->order[P->cursor]].anchor : INT_MAX;
}

/* Every statement goes through here first: it takes the statement's number
 * and prints the aliases anchored at it. */
static __attribute__((noinline)) void
emit_anchored(Printer *P, int no, int indent)
{
	while (next_anchor(P) <= no)
		emit_alias(P, P->order[P->cursor], indent);
}

/* Counts a statement; prints the aliases anchored at it (none once the
 * cursor is past every alias). */
static inline void
enter_stmt(Printer *P, int indent)
{
	int no = P->seq++;
	if (P->cursor < P->nalias)
		emit_anchored(P, no, indent);
}

/* ---- statements ------------------------------------------------------------------------ */

static void print_body(Printer *P, const Stmt *s, int indent);
static void print_stmt(Printer *P, const Stmt *s, int indent, int last);

static int
is_zero(const Expr *e)
{
	return e && e->kind == EX_INT && ir_int_value(e) == 0 && !str_is(lit_dtype(e), "bool");
}

static int
uses_any_var(const Expr *e, Var *const *vars, int n)
{
	if (!e)
		return 0;
	if (e->kind == EX_VAR)
		for (int i = 0; i < n; i++)
			if (e->u.var == vars[i])
				return 1;
	IrKids k;
	ir_expr_kids(&k, e);
	for (Expr **c; (c = ir_kids_next(&k));)
		if (uses_any_var(*c, vars, n))
			return 1;
	return 0;
}

static int
grid_ok(const Stmt *s)
{
	return s->kind == ST_FOR && s->u.for_.kind == FOR_SERIAL && is_zero(s->u.for_.min) &&
	       dict_empty(s->u.for_.annotations) && !s->u.for_.step;
}

enum { GRID_MAX = 64 };

static const char *
for_head(const Stmt *s)
{
	switch (s->u.for_.kind) {
	case FOR_SERIAL: return dict_empty(s->u.for_.annotations) ? "range" : "T.serial";
	case FOR_PARALLEL: return "T.parallel";
	case FOR_VECTORIZED: return "T.vectorized";
	case FOR_UNROLL: return "T.unroll";
	case FOR_THREAD_BINDING: return "T.thread_binding";
	}
	abort();
}

static Arena *
tmp_arena(Printer *P)
{
	if (!P->tmp)
		P->tmp = ar_new();
	return P->tmp;
}

/* Prints the loop line(s) and returns the innermost loop, whose body the
 * caller prints. */
static const Stmt *
print_for_head(Printer *P, const Stmt *s, int indent)
{
	if (grid_ok(s)) {
		Var *vars[GRID_MAX];
		const Stmt *chain[GRID_MAX];
		int n = 0;
		chain[n] = s;
		vars[n++] = s->u.for_.var;
		for (const Stmt *l = s->u.for_.body; n < GRID_MAX && l && grid_ok(l); l = l->u.for_.body) {
			/* An alias anchored at an inner loop needs its line between
			 * the loop heads, so the chain stops there. */
			if (uses_any_var(l->u.for_.extent, vars, n) || next_anchor(P) <= P->seq)
				break;
			P->seq++;
			chain[n] = l;
			vars[n++] = l->u.for_.var;
		}
		if (n >= 2) {
			begin_line(P, indent);
			for (int i = 1; P->locs && i < n; i++)
				pm_put(P->locs, chain[i], pm_get(P->locs, s));
			put(P, "for ");
			for (int i = 0; i < n; i++) {
				if (i)
					put(P, ", ");
				put(P, vars[i]->name);
			}
			put(P, " in T.grid(");
			for (int i = 0; i < n; i++) {
				if (i)
					put(P, ", ");
				print_expr(P, chain[i]->u.for_.extent);
			}
			put(P, "):");
			return chain[n - 1];
		}
	}
	const char *head = for_head(s);
	const Expr *min = s->u.for_.min, *ext = s->u.for_.extent, *step = s->u.for_.step;
	begin_line(P, indent);
	put(P, "for ");
	put(P, s->u.for_.var->name);
	put(P, " in ");
	put(P, head);
	putch(P, '(');
	if (is_zero(min) && !step) {
		print_expr(P, ext);
	} else {
		print_expr(P, min);
		put(P, ", ");
		print_expr(P, ir_loop_stop(tmp_arena(P), (Expr *)min, (Expr *)ext));
	}
	int is_range = strcmp(head, "range") == 0;
	if (step && is_range) {
		put(P, ", ");
		print_expr(P, step);
	}
	if (s->u.for_.kind == FOR_THREAD_BINDING && s->u.for_.thread) {
		put(P, ", thread=");
		print_string(P, s->u.for_.thread);
	}
	if (!dict_empty(s->u.for_.annotations)) {
		put(P, ", annotations=");
		print_expr(P, s->u.for_.annotations);
	}
	if (step && !is_range) {
		put(P, ", step=");
		print_expr(P, step);
	}
	put(P, "):");
	return s;
}

/* Head's AllocBuffer: shape, dtype, scope and annotations only. */
static void
print_alloc_buffer_head(Printer *P, Expr *const *shape, int n, const char *dtype,
                        const char *scope, const Expr *annotations)
{
	put(P, "T.alloc_buffer(");
	print_tuple(P, shape, n);
	if (strcmp(dtype, "float32") != 0) {
		put(P, ", ");
		print_string(P, dtype);
	}
	if (scope && strcmp(scope, "global") != 0) {
		put(P, ", scope=");
		print_string(P, scope);
	}
	if (!dict_empty(annotations)) {
		put(P, ", annotations=");
		print_expr(P, annotations);
	}
	putch(P, ')');
}

static void
print_alloc_call(Printer *P, const Stmt *s)
{
	const Var *v = s->u.alloc.var;
	if (P->era == ERA_HEAD) {
		/* The pointer is the data of head's buffer: uses print `p.data`. */
		print_alloc_buffer_head(P, s->u.alloc.extents, s->u.alloc.nextents, v->dtype,
		                        v->ptr_scope, s->u.alloc.annotations);
		pm_put(&P->alloc_ptr, v, (void *)1);
		return;
	}
	put(P, "T.allocate([");
	print_list(P, s->u.alloc.extents, s->u.alloc.nextents);
	put(P, "], ");
	print_string(P, v->dtype);
	put(P, ", ");
	print_string(P, v->ptr_scope ? v->ptr_scope : "global");
	if (s->u.alloc.condition) {
		put(P, ", ");
		print_expr(P, s->u.alloc.condition);
	}
	if (!dict_empty(s->u.alloc.annotations)) {
		put(P, ", annotations=");
		print_expr(P, s->u.alloc.annotations);
	}
	putch(P, ')');
}

static void
print_decl_call(Printer *P, const Stmt *s)
{
	const Buffer *b = s->u.decl.buf;
	if (P->era == ERA_HEAD && s->u.decl.allocates) {
		print_alloc_buffer_head(P, b->shape, b->ndim, b->dtype, ir_buffer_scope(b),
		                        s->u.decl.annotations);
		return;
	}
	print_buffer_call(P, "decl_buffer", s->u.decl.buf, NULL, s->u.decl.allocates ? 0 : BC_DATA);
}

static void
print_attr_call(Printer *P, const Stmt *s)
{
	put(P, "T.attr(");
	print_expr(P, s->u.attr.node);
	put(P, ", ");
	print_string(P, s->u.attr.key);
	put(P, ", ");
	print_expr(P, s->u.attr.value);
	putch(P, ')');
}

static void
print_launch_call(Printer *P, const Stmt *s)
{
	put(P, "T.launch_thread(");
	if (s->u.launch.var->flags & VAR_ENV_THREAD)
		print_var(P, s->u.launch.var);
	else
		print_string(P, s->u.launch.tag);
	put(P, ", ");
	print_expr(P, s->u.launch.extent);
	putch(P, ')');
}

/* Head's structured message `("Kind", [parts])`; the seed message when
 * that says it all (a RuntimeError with one part). */
static void
print_assert_message(Printer *P, const Stmt *s)
{
	const Expr *m = s->u.assert_.msg;
	const char *kind = s->u.assert_.error_kind;
	if (P->era == ERA_SEED && !kind && m->kind != EX_LIST) {
		print_expr(P, m);
		return;
	}
	put(P, "(");
	print_string(P, kind ? kind : "RuntimeError");
	put(P, ", [");
	if (m->kind == EX_LIST)
		print_list(P, m->u.list.items, m->u.list.n);
	else
		print_expr(P, m);
	put(P, "])");
}

/* The name a scope statement binds: its var or buffer; none for an attr,
 * an assert or the launch of an env thread (the function defines those). */
static const char *
bound_name(const Stmt *s)
{
	const Var *v = ir_stmt_var(s);
	if (v)
		return v->flags & VAR_ENV_THREAD ? NULL : v->name;
	const Buffer *b = ir_stmt_buf(s);
	return b ? b->name : NULL;
}

/* Flat: `name = ` before the call.  Returns the name. */
static const char *
print_bound_name(Printer *P, const Stmt *s, int flat)
{
	const char *name = bound_name(s);
	if (flat && name) {
		put(P, name);
		put(P, " = ");
	}
	return name;
}

/* The line of a scope statement (docs/tvmscript.md §2) after its
 * indentation: the flat form (`p = T.allocate(..)`, whose body is the rest
 * of the enclosing block, printed by the caller at the same indentation),
 * or the head of the with form (`T.allocate(..)`, after `with `).  Returns
 * the name the with form binds (`as p`), or NULL. */
static const char *
print_scope_head(Printer *P, const Stmt *s, int flat)
{
	const char *as = NULL;
	switch (s->kind) {
	case ST_LET:
		if (flat) {
			print_var(P, s->u.let.var);
			if (!P->rebinding) {
				put(P, ": ");
				print_type(P, s->u.let.var, 0);
			}
			P->rebinding = 0;
			put(P, " = ");
			print_expr(P, s->u.let.value);
			break;
		}
		put(P, "T.LetStmt(");
		print_expr(P, s->u.let.value);
		if (P->rebinding) {
			P->rebinding = 0;
			put(P, ", var=");
			put(P, s->u.let.var->name);
		} else {
			if (s->u.let.var->ptr_scope) {
				put(P, ", ");
				print_type(P, s->u.let.var, 0);
			}
			as = s->u.let.var->name;
		}
		putch(P, ')');
		break;
	case ST_ASSERT:
		if (flat) {
			put(P, "assert ");
			print_expr(P, s->u.assert_.cond);
			put(P, ", ");
			print_assert_message(P, s);
			break;
		}
		put(P, "T.Assert(");
		print_expr(P, s->u.assert_.cond);
		put(P, ", ");
		if (s->u.assert_.msg->kind == EX_LIST) {
			putch(P, '[');
			print_list(P, s->u.assert_.msg->u.list.items, s->u.assert_.msg->u.list.n);
			putch(P, ']');
		} else {
			print_expr(P, s->u.assert_.msg);
		}
		if (s->u.assert_.error_kind) {
			put(P, ", error_kind=");
			print_string(P, s->u.assert_.error_kind);
		}
		putch(P, ')');
		break;
	case ST_ATTR:
		print_attr_call(P, s);
		break;
	case ST_LAUNCH:
		as = print_bound_name(P, s, flat);
		print_launch_call(P, s);
		break;
	case ST_ALLOC:
		as = print_bound_name(P, s, flat);
		print_alloc_call(P, s);
		break;
	case ST_DECL:
		as = print_bound_name(P, s, flat);
		print_decl_call(P, s);
		break;
	default:
		abort();
	}
	return as;
}

static void
print_scope_flat(Printer *P, const Stmt *s, int indent)
{
	begin_line(P, indent);
	print_scope_head(P, s, 1);
}

static void
print_scope_with(Printer *P, const Stmt *s, int indent)
{
	begin_line(P, indent);
	put(P, "with ");
	const char *as = print_scope_head(P, s, 0);
	if (as) {
		put(P, " as ");
		put(P, as);
	}
	put(P, ":");
	print_body(P, ir_body(s), indent + 1);
}

/* A while's or an if's line: `while cond:`, `if cond:`. */
static void
print_cond_head(Printer *P, const char *word, const Expr *cond, int indent)
{
	begin_line(P, indent);
	put(P, word);
	print_expr(P, cond);
	put(P, ":");
}

static void
print_block_head(Printer *P, const Stmt *s, int indent)
{
	begin_line(P, indent);
	put(P, P->era == ERA_HEAD ? "with T.sblock(" : "with T.block(");
	print_string(P, s->u.block.name ? s->u.block.name : "");
	put(P, "):");
}

static void
print_block(Printer *P, const Stmt *s, int indent)
{
	int head = P->era == ERA_HEAD;
	print_block_head(P, s, indent);
	int in = indent + 1;
	if (s->u.block.where) {
		begin_line(P, in);
		put(P, "T.where(");
		print_expr(P, s->u.block.where);
		putch(P, ')');
	}
	const Expr *rw[2] = {s->u.block.reads, s->u.block.writes};
	for (int i = 0; i < 2; i++) {
		begin_line(P, in);
		put(P, i ? "T.writes(" : "T.reads(");
		if (rw[i] && (rw[i]->kind == EX_LIST || rw[i]->kind == EX_TUPLE))
			print_list(P, rw[i]->u.list.items, rw[i]->u.list.n);
		else if (rw[i])
			print_expr(P, rw[i]);
		putch(P, ')');
	}
	if (!dict_empty(s->u.block.attrs)) {
		begin_line(P, in);
		put(P, head ? "T.sblock_attr(" : "T.block_attr(");
		print_expr(P, s->u.block.attrs);
		putch(P, ')');
	}
	for (int i = 0; i < s->u.block.nallocs; i++) {
		const Buffer *b = s->u.block.allocs[i];
		begin_line(P, in);
		put(P, b->name);
		put(P, " = ");
		print_buffer_call(P, head ? "sblock_alloc_buffer" : "alloc_buffer", b, NULL, 0);
	}
	print_body(P, s->u.block.body, in);
}

static void
print_eval(Printer *P, const Stmt *s, int indent)
{
	const Expr *v = s->u.eval.value;
	begin_line(P, indent);
	if (v->kind == EX_CALL && v->u.call.nargs == 1 && v->u.call.nkw == 0 && str_is(v->u.call.name, "ret")) {
		put(P, "return ");
		print_expr(P, v->u.call.args[0]);
	} else if (v->kind == EX_CALL) {
		print_expr(P, v);
	} else {
		put(P, "T.evaluate(");
		print_expr(P, v);
		putch(P, ')');
	}
}

/* What follows a flat line at the same indentation.  At head a Bind,
 * AllocBuffer, DeclBuffer or assert has no body: one that ends its block
 * is the seed node over the empty body T.evaluate(0), which is not printed
 * (the reader builds that body for nothing). */
static void
print_flat_rest(Printer *P, const Stmt *s, int indent)
{
	const Stmt *b = ir_body(s);
	if (P->era == ERA_HEAD && s->kind != ST_ATTR && s->kind != ST_LAUNCH && b && b->kind == ST_EVAL &&
	    b->u.eval.value->kind == EX_INT && ir_int_value(b->u.eval.value) == 0 &&
	    str_is(lit_dtype(b->u.eval.value), "int32"))
		return;
	print_body(P, b, indent);
}

/* A call or a store statement (print_stmt's, called straight for the
 * items of a sequence: most statements). */
static void
print_leaf(Printer *P, const Stmt *s, int indent)
{
	if (P->missed)
		return; /* printed again */
	enter_stmt(P, indent);
	if (P->locs)
		P->pending = s;
	if (s->kind == ST_EVAL) {
		print_eval(P, s, indent);
		return;
	}
	begin_line(P, indent);
	print_indices(P, s->u.store.buf, s->u.store.idx, s->u.store.nidx);
	put(P, " = ");
	print_expr(P, s->u.store.value);
}

static inline int
is_leaf(const Stmt *s)
{
	return s->kind == ST_EVAL || s->kind == ST_STORE;
}

/* One statement of a body; `last` says whether it ends the body, which
 * decides the flat form of scope statements. */
static void
print_stmt(Printer *P, const Stmt *s, int indent, int last)
{
	if (P->missed)
		return; /* printed again */
	if (s->kind == ST_SEQ) {
		/* A nested sequence is malformed, but prints as its items. */
		for (int i = 0; i < s->u.seq.n; i++) {
			const Stmt *item = s->u.seq.items[i];
			if (is_leaf(item))
				print_leaf(P, item, indent);
			else
				print_stmt(P, item, indent, last && i == s->u.seq.n - 1);
		}
		if (P->locs && s->u.seq.n)
			pm_put(P->locs, s, pm_get(P->locs, s->u.seq.items[0]));
		return;
	}
	if (is_leaf(s)) {
		print_leaf(P, s, indent);
		return;
	}
	enter_stmt(P, indent);
	if (P->locs)
		P->pending = s;
	switch (s->kind) {
	case ST_SEQ:
	case ST_EVAL:
	case ST_STORE: /* print_leaf */
		break;
	case ST_FOR: {
		const Stmt *inner = print_for_head(P, s, indent);
		print_body(P, inner->u.for_.body, indent + 1);
		break;
	}
	case ST_WHILE:
		print_cond_head(P, "while ", s->u.while_.cond, indent);
		print_body(P, s->u.while_.body, indent + 1);
		break;
	case ST_IF:
		print_cond_head(P, "if ", s->u.if_.cond, indent);
		print_body(P, s->u.if_.then_, indent + 1);
		if (s->u.if_.else_) {
			begin_line(P, indent);
			put(P, "else:");
			print_body(P, s->u.if_.else_, indent + 1);
		}
		break;
	case ST_LET:
		if (pm_get(&P->let_bound, s->u.let.var)) {
			/* The same Var bound again inside its own binding: TVM prints
			 * the rebinding form, always with an indented body; head a
			 * flat `x = v`. */
			P->rebinding = 1;
			if (P->era == ERA_HEAD) {
				print_scope_flat(P, s, indent);
				print_flat_rest(P, s, indent);
			} else {
				print_scope_with(P, s, indent);
			}
			break;
		}
		pm_put(&P->let_bound, s->u.let.var, (void *)1);
		if (last || P->era == ERA_HEAD) {
			print_scope_flat(P, s, indent);
			print_flat_rest(P, s, indent);
		} else {
			print_scope_with(P, s, indent);
		}
		pm_put(&P->let_bound, s->u.let.var, NULL);
		break;
	case ST_ASSERT:
	case ST_ATTR:
	case ST_LAUNCH:
	case ST_ALLOC:
	case ST_DECL:
		/* At head only AttrStmt (thread launches too) keeps TVM's concise
		 * scoping; the others are always one flat line. */
		if (last || (P->era == ERA_HEAD && s->kind != ST_ATTR && s->kind != ST_LAUNCH)) {
			/* Iterating here instead would flatten the recursion of long
			 * flat chains, but depth is bounded by IR_MAX_DEPTH anyway. */
			print_scope_flat(P, s, indent);
			print_flat_rest(P, s, indent);
		} else {
			print_scope_with(P, s, indent);
		}
		break;
	case ST_BLOCK:
		print_block(P, s, indent);
		break;
	}
}

static void
print_body(Printer *P, const Stmt *s, int indent)
{
	if (!s) {
		begin_line(P, indent);
		put(P, "pass");
		return;
	}
	print_stmt(P, s, indent, 1);
}

/* ---- functions and programs ---------------------------------------------------------- */

static void
print_params(Printer *P, const Func *f)
{
	for (int i = 0; i < f->nparams; i++) {
		const Param *p = &f->params[i];
		if (i)
			put(P, ", ");
		if (p->buf) {
			put(P, p->buf->name);
			put(P, ": ");
			print_buffer_call(P, "Buffer", p->buf, NULL, BC_DTYPE);
		} else {
			put(P, p->var->name);
			put(P, ": ");
			print_type(P, p->var, 0);
		}
	}
}

/* The func_attr dict with TVM's own keys in the era's namespace: `tir.X`
 * at seed, `tirx.X` at head (TileLang's keys have no such prefix). */
static const Expr *
era_attrs(Printer *P, const Expr *d)
{
	if (!d || d->kind != EX_DICT)
		return d;
	const char *from = P->era == ERA_HEAD ? "tir." : "tirx.";
	const char *to = P->era == ERA_HEAD ? "tirx." : "tir.";
	size_t nf = strlen(from);
	int any = 0;
	for (int i = 0; i < d->u.dict.n; i++)
		any |= d->u.dict.keys[i]->kind == EX_STR && !strncmp(d->u.dict.keys[i]->u.s, from, nf);
	if (!any)
		return d;
	Arena *a = tmp_arena(P);
	Expr **keys = ar_alloc(a, sizeof *keys * (size_t)d->u.dict.n);
	/* ir_dict sorts keys and values in place: the input's own arrays are
	 * never handed to it */
	Expr **vals = ar_alloc(a, sizeof *vals * (size_t)d->u.dict.n);
	memcpy(vals, d->u.dict.vals, sizeof *vals * (size_t)d->u.dict.n);
	for (int i = 0; i < d->u.dict.n; i++) {
		Expr *k = d->u.dict.keys[i];
		if (k->kind == EX_STR && !strncmp(k->u.s, from, nf)) {
			StrBuf sb;
			sb_init(&sb);
			sb_puts(&sb, to);
			sb_puts(&sb, k->u.s + nf);
			char *t = sb_take(&sb);
			k = ir_str(a, ar_strdup(a, t));
			free(t);
		}
		keys[i] = k;
	}
	return ir_dict(a, keys, vals, d->u.dict.n);
}

static void
print_func_text(Printer *P, const Func *f, const Stmt *body, int indent)
{
	begin_line(P, indent);
	put(P, f->is_private ? "@T.prim_func(private=True)" : "@T.prim_func");
	begin_line(P, indent);
	put(P, "def ");
	put(P, f->name ? f->name : "main");
	putch(P, '(');
	print_params(P, f);
	put(P, "):");
	int in = indent + 1;
	if (!dict_empty(f->attrs)) {
		begin_line(P, in);
		put(P, "T.func_attr(");
		print_expr(P, era_attrs(P, f->attrs));
		putch(P, ')');
	}
	/* One line per free var: the IR does not keep which buffer defined a
	 * group of shape vars, so TVM's `m, n = T.int32(), T.int32()` grouping
	 * cannot be reproduced faithfully; the reader takes both. */
	for (int i = 0; i < f->nfree; i++) {
		begin_line(P, in);
		put(P, f->free_vars[i]->name);
		put(P, " = ");
		print_type(P, f->free_vars[i], 1);
	}
	for (int i = 0; i < f->nenv; i++) {
		const char *tag = pm_get(&P->env_tag, f->env_threads[i]);
		begin_line(P, in);
		put(P, f->env_threads[i]->name);
		put(P, " = T.env_thread(");
		print_string(P, tag ? tag : "");
		if (f->env_threads[i]->dtype && strcmp(f->env_threads[i]->dtype, "int32") != 0) {
			put(P, ", dtype=");
			print_string(P, f->env_threads[i]->dtype);
		}
		putch(P, ')');
	}
	for (int i = 0; i < f->nmatches; i++) {
		const Buffer *b = f->matches[i];
		emit_aliases_in_buffer(P, b, in);
		begin_line(P, in);
		put(P, b->name);
		put(P, " = ");
		print_buffer_call(P, "match_buffer", b, b->match_source, 0);
	}
	if (f->has_root_block) {
		begin_line(P, in);
		put(P, P->era == ERA_HEAD ? "# with T.sblock(\"root\"):" : "# with T.block(\"root\"):");
	}
	for (int i = 0; i < f->nroot_allocs; i++) {
		const Buffer *b = f->root_allocs[i];
		emit_aliases_in_buffer(P, b, in);
		begin_line(P, in);
		put(P, b->name);
		put(P, " = ");
		print_buffer_call(P, P->era == ERA_HEAD ? "sblock_alloc_buffer" : "alloc_buffer", b, NULL, 0);
	}
	print_body(P, body, in);
}


static void
print_func(Printer *P, const Func *f, int indent)
{
	Stmt *body = f->body;
	if (P->era == ERA_HEAD) {
		/* Head's flat lines own the rest of their block: print the IR
		 * that reading the text back builds, so aliases land where they
		 * will land then. */
		Stmt *flat = ir_era_flatten(tmp_arena(P), body);
		if (flat)
			body = flat;
	}
	/* At seed every expression the pre-pass scans is printed, so a print
	 * that meets no alias buffer is the one the pre-pass would have led
	 * to: most functions have no alias, and skip the pre-pass (all but the
	 * env threads' tags, which the header needs).  Head prints less than
	 * the pre-pass scans (an AllocBuffer's strides, an allocation's
	 * condition), and a hook may keep state: both take the pre-pass first. */
	if (P->era == ERA_SEED && !P->hooks) {
		OutMark at = out_mark(P);
		if (f->nenv)
			ir_walk_stmt(body, env_tag_of, NULL, P);
		P->speculating = 1;
		P->missed = 0;
		print_func_text(P, f, body, indent);
		P->speculating = 0;
		if (!P->missed) {
			printer_reset(P);
			return;
		}
		printer_reset(P);
		out_restore(P, at); /* the speculative text is dropped */
	}
	prepare(P, f, body);
	print_func_text(P, f, body, indent);
	for (int k = 0; k < P->nalias; k++)
		assert(P->aliases[k].printed || P->aliases[k].first_node < 0);
	printer_reset(P);
}

static void
finish(Printer *P)
{
	if (P->metadata) {
		begin_line(P, 0);
		put(P, "# Metadata omitted. Use show_meta=True in script() method to show it.");
	}
	printer_reset(P);
}

/* indent counts levels of four spaces; no header comment, no newline
 * before the first line or after the last. */
void
ir_print_func(StrBuf *sb, const Func *f, int indent)
{
	ir_print_func_hooked(sb, f, indent, NULL);
}

void
ir_print_func_hooked(StrBuf *sb, const Func *f, int indent, const PrintHooks *hooks)
{
	Printer P;
	printer_init(&P, sb);
	P.hooks = hooks;
	print_func(&P, f, indent);
	printer_reset(&P);
}

void
ir_print_program(StrBuf *sb, const Program *p)
{
	IrPrintOptions o = {.era = p->era};
	ir_print_program_opts(sb, p, &o);
}

/* The program's text after printer_init and the options. */
static void
print_program(Printer *P, const Program *p)
{
	const char *header = P->era == ERA_HEAD ? "# from tvm.script import tirx as T\n"
	                                        : "# from tvm.script import tir as T\n";
	if (p->is_module) {
		put(P, "# from tvm.script import ir as I\n");
		put(P, header);
		put(P, "\n@I.ir_module\nclass ");
		put(P, p->module_name ? p->module_name : "Module");
		put(P, ":");
		P->started = 1;
		for (int i = 0; i < p->nfuncs; i++) {
			if (i)
				putch(P, '\n'); /* an empty line between functions */
			print_func(P, p->funcs[i], 1);
		}
	} else {
		put(P, header);
		put(P, "\n");
		for (int i = 0; i < p->nfuncs; i++) {
			if (i)
				putch(P, '\n');
			print_func(P, p->funcs[i], 0);
		}
	}
	finish(P);
}

void
ir_print_program_opts(StrBuf *sb, const Program *p, const IrPrintOptions *o)
{
	Printer P;
	printer_init(&P, sb);
	P.era = o->era;
	P.tl_call_intrin = o->tl_call_intrin;
	P.locs = o->locs;
	print_program(&P, p);
}

int
ir_print_program_file(FILE *out, const Program *p, StrBuf *sb, size_t chunk)
{
	Printer P;
	sb->len = 0;
	printer_init(&P, sb);
	P.era = p->era;
	P.out.f = out;
	P.out.chunk = chunk;
	P.out.base = ftello(out);
	/* A file open for appending writes at its end whatever the offset. */
	int flags = fcntl(fileno(out), F_GETFL);
	P.out.seekable = P.out.base >= 0 && flags >= 0 && !(flags & O_APPEND) &&
	                 fseeko(out, P.out.base, SEEK_SET) == 0;
	print_program(&P, p);
	sink_write(&P);
	if (P.out.high > P.out.flushed && /* written over with less: cut the rest */
	    (fflush(out) || ftruncate(fileno(out), P.out.base + (off_t)P.out.flushed)))
		P.out.failed = 1;
	return P.out.failed ? -1 : 0;
}

void
ir_print_func_opts(StrBuf *sb, const Func *f, int indent, const IrPrintOptions *o,
                   const PrintHooks *hooks)
{
	Printer P;
	printer_init(&P, sb);
	P.hooks = hooks;
	P.era = o->era;
	P.tl_call_intrin = o->tl_call_intrin;
	P.locs = o->locs;
	print_func(&P, f, indent);
	printer_reset(&P);
}

void
ir_print_expr(StrBuf *sb, const Expr *e)
{
	Printer P;
	printer_init(&P, sb);
	print_expr(&P, e);
	printer_reset(&P);
}

void
ir_print_stmt(StrBuf *sb, const Stmt *s, int indent)
{
	Printer P;
	printer_init(&P, sb);
	prepare(&P, NULL, s);
	print_body(&P, s, indent);
	printer_reset(&P);
}

/* The statement of s below which nothing reaches the first line of s's
 * print: s, or for a loop the innermost of the loops nested straight in
 * it that print_for_head may merge into its line (GRID_MAX of them, and
 * two more kept), since an alias is anchored at s only when s's head uses
 * it or two of s's bodies do.  NULL (look everywhere) for an if with an
 * else, whose two bodies may anchor an alias at it, and for a sequence. */
static const Stmt *
head_cut(const Stmt *s)
{
	if (s->kind == ST_SEQ || (s->kind == ST_IF && s->u.if_.else_))
		return NULL;
	for (int n = 1; s->kind == ST_FOR && n < GRID_MAX + 2 && s->u.for_.body &&
	                s->u.for_.body->kind == ST_FOR;
	     n++)
		s = s->u.for_.body;
	return s;
}

/* The first line of a compound statement printed last in its body (as
 * print_stmt prints it), after enter_stmt: its head, the rest of its
 * lines being its bodies (and a block's T.reads and such). */
static void
print_head_line(Printer *P, const Stmt *s, int indent)
{
	switch (s->kind) {
	case ST_FOR:
		print_for_head(P, s, indent);
		break;
	case ST_WHILE:
		print_cond_head(P, "while ", s->u.while_.cond, indent);
		break;
	case ST_IF:
		print_cond_head(P, "if ", s->u.if_.cond, indent);
		break;
	case ST_BLOCK:
		print_block_head(P, s, indent);
		break;
	default: /* a let (none is bound around s) or another scope statement, flat */
		print_scope_flat(P, s, indent);
		break;
	}
}

void
ir_print_stmt_head(StrBuf *sb, const Stmt *s)
{
	Printer P;
	printer_init(&P, sb);
	size_t from = sb->len;
	P.cut = head_cut(s);
	prepare(&P, NULL, s);
	if (s->kind == ST_SEQ) {
		print_body(&P, s, 0);
	} else if (is_leaf(s)) {
		print_leaf(&P, s, 0);
	} else {
		enter_stmt(&P, 0); /* the aliases anchored at s come first */
		if (!P.started)
			print_head_line(&P, s, 0);
	}
	char *nl = memchr(sb->p + from, '\n', out_len(&P) - from);
	if (nl)
		P.o = nl;
	printer_reset(&P);
}
