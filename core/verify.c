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
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ptrmap.h"

/* ---- pointer -> count map ----------------------------------------------------- */

static intptr_t
pm_count(const PtrMap *m, const void *k)
{
	return (intptr_t)pm_get(m, k);
}

/* ---- verifier state ------------------------------------------------------------ */

typedef struct Vf {
	Diag *d;
	int failed;
	PtrMap vars; /* Var -> number of enclosing definitions */
	PtrMap bufs; /* Buffer -> number of enclosing declarations */
	PtrMap checking; /* alias Buffer -> 1 while its fields are checked */
	PtrMap env_tags; /* env thread Var -> tag of its first launch */
	const Func *f;
	int sdepth, edepth;
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
	pm_add(&V->vars, v, 1);
}

static void
undef_var(Vf *V, const Var *v)
{
	if (v)
		pm_add(&V->vars, v, -1);
}

static void
use_var(Vf *V, const Var *v, Loc loc)
{
	if (!v) {
		fail(V, loc, "missing variable");
		return;
	}
	if (pm_count(&V->vars, v) <= 0)
		fail(V, loc, "variable '%s' used outside the scope of its definition",
		     v->name ? v->name : "?");
}

static void check_expr(Vf *V, const Expr *e, Loc loc, int as_index);
static void check_stmt(Vf *V, const Stmt *s, Loc loc);

static void
check_opt(Vf *V, const Expr *e, Loc loc)
{
	if (e)
		check_expr(V, e, loc, 0);
}

static void
check_req(Vf *V, const Expr *e, Loc loc, const char *what)
{
	if (!e)
		fail(V, loc, "missing %s", what);
	else
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
	pm_add(&V->bufs, b, 1);
}

static void
undeclare_buf(Vf *V, const Buffer *b)
{
	if (!b)
		return;
	if (b->data && b->data->owner == b)
		undef_var(V, b->data);
	pm_add(&V->bufs, b, -1);
}

static void
use_buf(Vf *V, const Buffer *b, Loc loc)
{
	if (!b) {
		fail(V, loc, "missing buffer");
		return;
	}
	if (b->kind == BUF_ALIAS) {
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
		return;
	}
	if (pm_count(&V->bufs, b) <= 0)
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
		else
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
		if (empty(e->dtype))
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

static void
check_stmt(Vf *V, const Stmt *s, Loc outer)
{
	if (V->failed)
		return;
	Loc loc = s->loc.line ? s->loc : outer;
	if (s->kind != ST_SEQ && ++V->sdepth > IR_MAX_DEPTH) {
		fail(V, loc, "statement nesting deeper than %d", IR_MAX_DEPTH);
		V->sdepth--;
		return;
	}
	switch (s->kind) {
	case ST_SEQ:
		if (s->u.seq.n < 2 || !s->u.seq.items) {
			fail(V, loc, "sequence of %d statements", s->u.seq.n);
			break;
		}
		for (int i = 0; !V->failed && i < s->u.seq.n; i++) {
			const Stmt *item = s->u.seq.items[i];
			if (!item)
				fail(V, loc, "missing statement in a sequence");
			else if (item->kind == ST_SEQ)
				fail(V, item->loc.line ? item->loc : loc, "sequence directly inside a sequence");
			else
				check_stmt(V, item, loc);
		}
		return; /* no depth taken */
	case ST_EVAL:
		check_req(V, s->u.eval.value, loc, "evaluated expression");
		break;
	case ST_STORE:
		use_buf(V, s->u.store.buf, loc);
		check_exprs(V, s->u.store.idx, s->u.store.nidx, loc, "index", 1);
		check_req(V, s->u.store.value, loc, "stored value");
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
	for (int i = 0; i < p->nfuncs; i++) {
		Vf V = {.d = d};
		if (!p->funcs || !p->funcs[i])
			fail(&V, noloc, "missing function %d", i);
		else
			check_func(&V, p->funcs[i]);
		free(V.vars.keys);
		free(V.vars.vals);
		free(V.bufs.keys);
		free(V.bufs.vals);
		free(V.checking.keys);
		free(V.checking.vals);
		free(V.env_tags.keys);
		free(V.env_tags.vals);
		if (V.failed)
			return 1;
	}
	return 0;
}
