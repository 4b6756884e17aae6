/* pass_explain.c: what the models' explain hooks (pass.h) share: finding a
 * statement of the input by a witness location, reading the op a witness
 * step names, and naming constructs in root-cause labels.
 *
 * A root cause is a label of the model's rule to blame: no buffer names,
 * lines or constants, so that one bug met in many programs has one label.
 * Op names are kept where the rule is about one op (a row of the op table).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ir.h"
#include "opclass.h"
#include "pass.h"

enum { FIND_MAX_DEPTH = 64 };

typedef struct Find {
	Loc loc;
	const Stmt **path;
	int depth, maxdepth;
	const Stmt *stack[FIND_MAX_DEPTH];
	int top;
	const Stmt *hit;
} Find;

static void
find(Find *fd, const Stmt *s)
{
	if (!s || fd->hit || fd->top >= FIND_MAX_DEPTH)
		return;
	if (s->kind == ST_SEQ) {
		fd->stack[fd->top++] = s;
		for (int i = 0; i < s->u.seq.n && !fd->hit; i++)
			find(fd, s->u.seq.items[i]);
		fd->top--;
		return;
	}
	if (s->loc.line == fd->loc.line && s->loc.col == fd->loc.col) {
		fd->hit = s;
		int n = fd->top < fd->maxdepth ? fd->top : fd->maxdepth;
		for (int i = 0; i < n; i++)
			fd->path[i] = fd->stack[i];
		fd->depth = n;
		return;
	}
	fd->stack[fd->top++] = s;
	switch (s->kind) { /* every body, in order */
#define NODE s
#define BODY(x) find(fd, x);
#include "kids.h"
#define STMT(kind, name, word, fields) case kind: fields break;
#include "nodes.def"
#undef BODY
#undef NODE
	}
	fd->top--;
}

const Stmt *
pass_stmt_at(const Stmt *body, Loc loc, const Stmt **path, int *depth, int maxdepth)
{
	if (depth)
		*depth = 0;
	if (!loc.line)
		return NULL;
	Find fd = {.loc = loc, .path = path, .maxdepth = path ? maxdepth : 0};
	find(&fd, body);
	if (depth)
		*depth = fd.depth;
	return fd.hit;
}

const char *
pass_step_op(const char *what, char *buf, size_t n)
{
	const char *sp = what ? strrchr(what, ' ') : NULL;
	snprintf(buf, n, "%s", sp ? sp + 1 : what ? what : "");
	return buf;
}

const char *
pass_call_name(const Stmt *s)
{
	if (!s || s->kind != ST_EVAL || !s->u.eval.value || s->u.eval.value->kind != EX_CALL)
		return NULL;
	const Expr *c = s->u.eval.value;
	if ((!strcmp(c->u.call.name, "call_extern") || !strcmp(c->u.call.name, "call_pure_extern")) &&
	    c->u.call.nargs >= 2 && c->u.call.args[1]->kind == EX_STR)
		return c->u.call.args[1]->u.s;
	return c->u.call.name;
}

/* Where a call sits in a statement that is not a call statement, and what
 * a statement is, per kind ("statement header" / "statement" for a kind
 * without a name of its own here: a sequence). */
static const char *const header_names[] = {
	[ST_LET] = "let value",
	[ST_STORE] = "store value",
	[ST_FOR] = "loop bound",
	[ST_WHILE] = "condition",
	[ST_IF] = "condition",
	[ST_ASSERT] = "assert condition",
	[ST_ATTR] = "attribute value",
	[ST_LAUNCH] = "thread extent",
	[ST_BLOCK] = "block predicate",
	[ST_ALLOC] = "declaration",
	[ST_DECL] = "declaration",
	[ST_EVAL] = "call argument",
};

static const char *const stmt_names[] = {
	[ST_FOR] = "for loop",
	[ST_WHILE] = "while loop",
	[ST_IF] = "if",
	[ST_LET] = "let",
	[ST_ASSERT] = "assert",
	[ST_ATTR] = "attr",
	[ST_LAUNCH] = "launch_thread",
	[ST_ALLOC] = "allocate",
	[ST_DECL] = "decl_buffer",
	[ST_BLOCK] = "block",
	[ST_STORE] = "store",
	[ST_EVAL] = "call statement",
};

static const char *
kind_name(const char *const *names, size_t n, const Stmt *s, const char *other)
{
	return (size_t)s->kind < n && names[s->kind] ? names[s->kind] : other;
}

const char *
pass_header_name(const Stmt *s)
{
	return kind_name(header_names, sizeof header_names / sizeof *header_names, s, "statement header");
}

const char *
pass_stmt_name(const Stmt *s)
{
	return kind_name(stmt_names, sizeof stmt_names / sizeof *stmt_names, s, "statement");
}

/* The async op families, most specific prefix first: a model's async set
 * misses a whole family or single ops of one. */
static const struct {
	const char *prefix, *family;
} families[] = {
	{"tma_load", "TMA load"},
	{"tma_store", "TMA store"},
	{"ptx_wgmma_sp_", "sparse wgmma"},
	{"ptx_wgmma_", "wgmma"},
	{"ptx_tcgen05_mma_blockscaled", "block-scaled tcgen05 MMA"},
	{"ptx_tcgen05_mma", "tcgen05 MMA"},
	{"ptx_cp_async_bulk", "bulk copy"},
	{"tl_gemm", "tl_gemm"},
};

enum { NFAMILIES = sizeof families / sizeof families[0] };

static int
family_of(const char *name)
{
	if (!name || !strcmp(name, "tma_store_arrive") || !strcmp(name, "tma_store_wait"))
		return -1;
	for (int i = 0; i < NFAMILIES; i++)
		if (!strncmp(name, families[i].prefix, strlen(families[i].prefix)))
			return i;
	return -1;
}

int
pass_is_async_family(const char *name)
{
	return family_of(name) >= 0;
}

const char *
pass_async_set_label(const char *name, int (*is_async)(const void *ctx, int op), const void *ctx,
                     Arena *a)
{
	int fam = family_of(name);
	if (fam >= 0) {
		int any = 0;
		for (int op = 0; op < OP_COUNT && !any; op++)
			if (family_of(op_table[op].name) == fam && is_async(ctx, op))
				any = 1;
		if (!any)
			return pass_label(a, "async set: no %s op is async", families[fam].family);
	}
	return pass_label(a, "async set: %s not async", name);
}

const char *
pass_label(Arena *a, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return ar_strdup(a, buf);
}

int
pass_in_dead_loop(const Stmt *body, Loc loc)
{
	const Stmt *path[FIND_MAX_DEPTH];
	int d;
	if (!pass_stmt_at(body, loc, path, &d, FIND_MAX_DEPTH))
		return 0;
	for (int i = 0; i < d; i++)
		if (path[i]->kind == ST_FOR && pass_never_runs(path[i]))
			return 1;
	return 0;
}

static int
fold(const Expr *e, int64_t *v, int depth)
{
	int64_t a, b;
	if (!e || depth > 16)
		return 0;
	if (ir_is_const_int(e, v))
		return 1;
	if (e->kind == EX_POD_BOOL) {
		*v = ir_int_value(e);
		return 1;
	}
	if (e->kind == EX_NOT && fold(e->u.operand, &a, depth + 1)) {
		*v = !a;
		return 1;
	}
	if (e->kind != EX_BIN || !fold(e->u.bin.a, &a, depth + 1) || !fold(e->u.bin.b, &b, depth + 1))
		return 0;
	switch (e->u.bin.op) {
	case BIN_LT: *v = a < b; return 1;
	case BIN_LE: *v = a <= b; return 1;
	case BIN_EQ: *v = a == b; return 1;
	case BIN_NE: *v = a != b; return 1;
	case BIN_GT: *v = a > b; return 1;
	case BIN_GE: *v = a >= b; return 1;
	case BIN_AND: *v = a && b; return 1;
	case BIN_OR: *v = a || b; return 1;
	default: return 0;
	}
}

int
pass_fold_const(const Expr *e, int64_t *v)
{
	return fold(e, v, 0);
}

int
pass_never_runs(const Stmt *s)
{
	int64_t v;
	if (s->kind == ST_FOR)
		return ir_is_const_int(s->u.for_.extent, &v) && v <= 0;
	if (s->kind == ST_WHILE)
		return pass_fold_const(s->u.while_.cond, &v) && v == 0;
	return 0;
}
