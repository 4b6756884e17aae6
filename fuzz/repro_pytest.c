/* repro_pytest.c: a reduced finding as a TileLang pytest (issue 5, issue
 * 13), in the style of TileLang's own transform tests
 * (testing/python/transform/test_tilelang_transform_inject_fence_proxy.py),
 * for the TileLang version the finding is about:
 *
 *   seed (9f25954, legacy)   from tvm import tir; from tvm.script import tir as T;
 *                            tvm.tir.transform.BindTarget; tilelang.transform.InjectFenceProxy
 *   head                     from tvm import tirx; from tvm.script import tirx as T;
 *                            tvm.tirx.transform.BindTarget; tl.cuda.transform.InjectFenceProxy;
 *                            Target({"kind": "cuda", "arch": "sm_90a"}) (head's TVM refuses
 *                            the "cuda -arch=..." string form)
 *
 * `before` and `after` are @T.prim_func inside the test function, read by
 * TVM's own TVMScript parser of that era (not TileLang's eager
 * `tilelang.language` builder, which runs Python control flow: it folds
 * `if T.bool(True):` away and refuses `while 0 < 4:`).  That parser knows no
 * tl op, so every tl op is spelled T.call_intrin("handle",
 * tir.op.Op.get("tl.NAME"), raw args) (tirx.op.Op.get at head), as
 * TileLang's tests spell the ops that have no frontend wrapper; TVM's own
 * ops print as TVM prints them.  Both sides are bound to the target before
 * they are compared (TVM's structural equality compares function
 * attributes, the target among them), as upstream's `_check` does; the pass
 * output is then compared with `after` by tvm.ir.assert_structural_equal,
 * or its fence_proxy_async calls are counted with
 * tir.stmt_functor.post_order_visit.
 *
 * A program of several functions becomes an @I.ir_module class Before (and
 * After) holding them under their own names, as TVM's tests write modules.
 *
 * Assumes a well-formed program (ir_verify_program).  Refuses (returns -1)
 * what TVM's parser would not read as the judged program: metadata
 * references, a call it has no spelling for, a tl op the version does not
 * register, keyword arguments on a tl op,
 * T.address_of of something other than a buffer element (TVM raises
 * "Invalid object type"), an `if` whose condition is Python literals only
 * (the parser evaluates it in Python and drops the `if`), and names that
 * would shadow what the test needs (T, tir, tirx, tvm, tilelang, I, range,
 * Python keywords).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "repro.h"
#include "vocab.h"

/* ---- spelling ------------------------------------------------------------------
 *
 * Which printed calls are TVM's (TVM's TVMScript namespace has them) and
 * which TileLang's (registered as tl.NAME; TVM's parser does not know them),
 * and which TileLang versions have each: core/vocab.def.  ptx_cp_async and
 * ptx_ldmatrix are TVM's ops when a dtype string comes first.  The printed
 * text carries no call dtype; TileLang's tests build these ops with "handle"
 * ("bool" for tl_shuffle_elect).  A name the vocabulary does not have is
 * refused: a guess would give a test that fails in TileLang for a reason
 * unrelated to the finding; so is an op the file's TileLang version does not
 * register ("Operator tl.NAME is not registered", whatever the pass does),
 * and a tile op (tl.tileop.NAME: lowered before this pass).
 */
static int
is_tl_call(const Expr *e)
{
	const char *name = e->u.call.name;
	if (!vocab_is_tl(name))
		return 0;
	return !((!strcmp(name, "ptx_cp_async") || !strcmp(name, "ptx_ldmatrix")) && e->u.call.nargs > 0 &&
	         e->u.call.args[0]->kind == EX_STR);
}

static int
is_tile_op(const char *name)
{
	static const char *const tile_ops[] = {
		"async_copy", "atomicadd", "atomicmax", "atomicmin", "c2d_im2col", "copy", "cummax",
		"cumsum", "fill", "finalize_reducer", "finalize_reducer_v2", "gemm", "gemm_py", "gemm_sp",
		"gemm_sp_py", "im2col", "reduce", "reducer_init", "tcgen05_gemm", "tcgen05_gemm_sp",
		"tma_copy", "transpose", "wgmma_gemm", "wgmma_gemm_sp",
	};
	for (size_t i = 0; i < sizeof tile_ops / sizeof tile_ops[0]; i++)
		if (!strcmp(name, tile_ops[i]))
			return 1;
	return 0;
}

int
fz_pytest_needs_call_intrin(const char *op_name)
{
	return op_name && vocab_is_tl(op_name);
}

/* ---- APIs and test names ------------------------------------------------------- */

typedef struct Api {
	const char *name;
	const char *tir;       /* the TVM module: tir | tirx */
	const char *target;    /* the Target(...) argument */
	const char *bind;      /* BindTarget's Python path */
	const char *pass;      /* InjectFenceProxy's Python path */
	const char *tilelang;  /* how the file imports tilelang */
} Api;

static const Api apis[] = {
	[PYTEST_API_SEED] = {"seed", "tir", "\"cuda -arch=sm_90a\"", "tvm.tir.transform.BindTarget",
	                     "tilelang.transform.InjectFenceProxy", "import tilelang\n"},
	[PYTEST_API_HEAD] = {"head", "tirx", "{\"kind\": \"cuda\", \"arch\": \"sm_90a\"}",
	                     "tvm.tirx.transform.BindTarget", "tl.cuda.transform.InjectFenceProxy",
	                     "import tilelang\nimport tilelang as tl\n"},
};

const char *
fz_pytest_api_name(PytestApi api)
{
	return apis[api == PYTEST_API_HEAD ? PYTEST_API_HEAD : PYTEST_API_SEED].name;
}

int
fz_pytest_api_parse(const char *name, PytestApi *out)
{
	for (int i = 0; i < 2; i++)
		if (name && strcmp(name, apis[i].name) == 0) {
			*out = (PytestApi)i;
			return 0;
		}
	return -1;
}

PytestApi
fz_pytest_api_for_model(const char *model)
{
	return model && strcmp(model, "tilelang-head") == 0 ? PYTEST_API_HEAD : PYTEST_API_SEED;
}

/* Appends text as lower-case identifier words joined by '_' ("->" reads
 * "to"), up to cap characters in out. */
static size_t
put_words(char *out, size_t len, size_t cap, const char *text)
{
	int gap = len > 0;
	for (const char *c = text; *c && len < cap; c++) {
		char ch = *c;
		if (ch == '-' && c[1] == '>') {
			c++;
			if (len + 4 > cap)
				break;
			memcpy(out + len, len ? "_to" : "to", len ? 3 : 2);
			len += len ? 3 : 2;
			gap = 1;
			continue;
		}
		if (ch >= 'A' && ch <= 'Z')
			ch = (char)(ch - 'A' + 'a');
		if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
			if (gap && len)
				out[len++] = '_';
			gap = 0;
			if (len < cap)
				out[len++] = ch;
		} else {
			gap = 1;
		}
	}
	out[len] = 0;
	return len;
}

void
fz_pytest_test_name(char *out, size_t n, const char *kind, const char *root_cause, const char *shape)
{
	if (n < 16) {
		if (n)
			out[0] = 0;
		return;
	}
	char k[64], w[256];
	put_words(k, 0, sizeof k - 1, kind && *kind ? kind : "finding");
	const char *what = root_cause && *root_cause ? root_cause : shape;
	size_t wl = put_words(w, 0, sizeof w - 1, what ? what : "");
	const char *wp = w;
	size_t kl = strlen(k);
	if (wl > kl && strncmp(w, k, kl) == 0 && w[kl] == '_')
		wp += kl + 1;
	snprintf(out, n, "test_%s%s%s", k, *wp ? "_" : "", wp);
	/* Cut at a word boundary. */
	size_t len = strlen(out);
	if (len == n - 1 && strlen(wp) + kl + 6 > n - 1) {
		char *u = strrchr(out, '_');
		if (u && u > out + 5 + kl)
			*u = 0;
	}
}

/* ---- the printer hook ------------------------------------------------------------ */

typedef struct Emit {
	char *err;
	size_t errlen;
	int failed;
	const Api *api;
} Emit;

static void
fail(Emit *E, const char *fmt, const char *a, const char *b)
{
	if (E->failed)
		return;
	E->failed = 1;
	snprintf(E->err, E->errlen, fmt, a, b ? b : "");
}

static int
call_head(StrBuf *sb, const Expr *e, void *ctx)
{
	Emit *E = ctx;
	const char *name = e->u.call.name;
	int head = E->api == &apis[PYTEST_API_HEAD];
	if (!vocab_known(name)) {
		fail(E, "call T.%s: not a TVMScript name or TileLang op of any modelled version%s", name, NULL);
		return -1;
	}
	if (!(vocab_versions(name) & (head ? VV_HEAD : VV_SEED))) {
		char op[96];
		snprintf(op, sizeof op, "%s.%s", vocab_is_tl(name) ? "tl" : head ? "tirx" : "tir", name);
		fail(E, "%s is not registered in TileLang %s: the finding is not about that version", op,
		     head ? "head" : "9f25954 (nor the legacy pass's tree)");
		return -1;
	}
	if (!is_tl_call(e))
		return -1;
	if (is_tile_op(name)) {
		fail(E, "call T.%s: a tile op (tl.tileop.%s), lowered before this pass", name, name);
		return -1;
	}
	if (e->u.call.nkw) {
		fail(E, "call T.%s: keyword arguments cannot go through T.call_intrin%s", name, NULL);
		return -1;
	}
	sb_printf(sb, "T.call_intrin(\"%s\", %s.op.Op.get(\"tl.%s\")",
	          strcmp(name, "tl_shuffle_elect") == 0 ? "bool" : "handle", E->api->tir, name);
	return 2;
}

/* ---- what the frontend cannot take ------------------------------------------------ */

/* Module names the test file uses; a program name equal to one would shadow
 * it inside the prim_func, where TVMScript resolves T.* by name. */
static int
reserved(const char *name)
{
	/* The test's module names; `range`, which the printer writes for serial
	 * loops; Python's keywords (the reader takes some as names). */
	static const char *const names[] = {
		"T", "tir", "tirx", "tvm", "tilelang", "tl", "I", "range",
		"False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
		"continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
		"if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
		"try", "while", "with", "yield",
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (name && strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

static void check_expr(Emit *E, const Expr *e);

/* An expression Python evaluates itself when TVM's parser reads it: bare
 * int32 literals, Python constants and operators over them. */
static int
python_literal(const Expr *e)
{
	switch (e->kind) {
	case EX_INT: return !ir_expr_dtype(e) || strcmp(ir_expr_dtype(e), "int32") == 0;
	case EX_POD_BOOL:
	case EX_NONE:
	case EX_STR: return 1;
	case EX_BIN: return python_literal(e->u.bin.a) && python_literal(e->u.bin.b);
	default: return 0; /* T.Not(5), T.bool(True), T.int64(1): TVM expressions */
	}
}

static void
where(char *out, size_t n, Loc l)
{
	snprintf(out, n, "%d:%d", l.line, l.col);
}

static void
check_var(Emit *E, const Var *v)
{
	if (v && reserved(v->name))
		fail(E, "variable '%s' would shadow a name the test needs (a module, range, a keyword)%s", v->name, NULL);
}

static void
check_buffer(Emit *E, const Buffer *b)
{
	if (!b)
		return;
	if (reserved(b->name))
		fail(E, "buffer '%s' would shadow a name the test needs (a module, range, a keyword)%s", b->name, NULL);
	for (int i = 0; i < b->ndim; i++)
		check_expr(E, b->shape[i]);
	check_expr(E, b->strides);
	check_expr(E, b->elem_offset);
	check_expr(E, b->match_source);
}

static void
check_expr(Emit *E, const Expr *e)
{
	if (!e || E->failed)
		return;
	if (e->kind == EX_METADATA) {
		fail(E, "metadata[\"%s\"] reference: an opaque object TVMScript cannot write%s", e->u.meta.key, NULL);
		return;
	}
	if (e->kind == EX_VAR)
		check_var(E, e->u.var);
	check_buffer(E, ir_expr_buf(e));
	/* TVM's address_of takes a Buffer or a BufferLoad and raises
	 * "Invalid object type" for anything else. */
	if (ir_is_call(e, "address_of") &&
	    (e->u.call.nargs != 1 || (e->u.call.args[0]->kind != EX_LOAD && e->u.call.args[0]->kind != EX_BUF))) {
		char at[32];
		where(at, sizeof at, e->loc);
		fail(E, "T.address_of at %s takes a buffer element, not this argument: TVM's parser "
		        "raises \"Invalid object type\"%s", at, NULL);
		return;
	}
	IrKids k;
	ir_expr_kids(&k, e);
	for (Expr **c; (c = ir_kids_next(&k));)
		check_expr(E, *c);
}

/* A statement's var, its buffer, its expressions, the buffers it defines,
 * then its bodies.  Recursion is bounded by IR_MAX_DEPTH (a verified
 * program). */
static void
check_stmt(Emit *E, const Stmt *s)
{
	if (!s || E->failed)
		return;
	if (s->kind == ST_IF && python_literal(s->u.if_.cond)) {
		char at[32];
		where(at, sizeof at, s->loc);
		fail(E, "the if at %s has a condition of Python literals only: TVM's parser evaluates "
		        "it in Python and keeps one branch, not the if%s", at, NULL);
		return;
	}
	check_var(E, ir_stmt_var(s));
	Buffer *ub = ir_stmt_buf(s);
	check_buffer(E, ub);
	IrKids k;
	ir_stmt_kids(&k, s);
	for (Expr **c; (c = ir_kids_next(&k));)
		check_expr(E, *c);
	int nb;
	Buffer **bufs = ir_stmt_defbufs(s, &nb);
	for (int i = 0; i < nb; i++)
		if (bufs[i] != ub)
			check_buffer(E, bufs[i]);
	IrBodies b;
	ir_stmt_bodies(&b, s);
	for (Stmt **c; (c = ir_bodies_next(&b));)
		check_stmt(E, *c);
}

static void
check_func(Emit *E, const Func *f)
{
	for (int i = 0; i < f->nparams; i++) {
		check_var(E, f->params[i].var);
		check_buffer(E, f->params[i].buf);
	}
	check_expr(E, f->attrs);
	for (int i = 0; i < f->nfree; i++)
		check_var(E, f->free_vars[i]);
	for (int i = 0; i < f->nenv; i++)
		check_var(E, f->env_threads[i]);
	for (int i = 0; i < f->nmatches; i++)
		check_buffer(E, f->matches[i]);
	for (int i = 0; i < f->nroot_allocs; i++)
		check_buffer(E, f->root_allocs[i]);
	check_stmt(E, f->body);
}

/* ---- the file ------------------------------------------------------------------- */

/* A Python string literal: ASCII as is, the rest escaped. */
static void
put_pystr(StrBuf *sb, const char *s)
{
	sb_putc(sb, '"');
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '"' || *c == '\\')
			sb_printf(sb, "\\%c", *c);
		else if (*c >= 0x20 && *c < 0x7f)
			sb_putc(sb, (char)*c);
		else
			sb_printf(sb, "\\x%02x", *c);
	}
	sb_putc(sb, '"');
}

/* Each line of text as a comment line; control bytes dropped, so a comment
 * cannot end early or carry a carriage return. */
static void
put_comment(StrBuf *sb, const char *indent, const char *text)
{
	const char *p = text;
	while (*p) {
		const char *end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		sb_puts(sb, indent);
		sb_putc(sb, '#');
		if (end > p)
			sb_putc(sb, ' ');
		for (const char *c = p; c < end; c++)
			if ((unsigned char)*c >= 0x20 && *c != 0x7f)
				sb_putc(sb, *c);
		sb_putc(sb, '\n');
		p = *end ? end + 1 : end;
	}
}

/* The first line of text, control bytes dropped. */
static void
put_line(StrBuf *sb, const char *text)
{
	for (const char *c = text; *c && *c != '\n'; c++)
		if ((unsigned char)*c >= 0x20 && *c != 0x7f)
			sb_putc(sb, *c);
}

static void
put_test_name(StrBuf *sb, const char *name)
{
	if (!name || !*name)
		name = "fencefuzz";
	if (strncmp(name, "test_", 5) != 0)
		sb_puts(sb, "test_");
	for (const char *c = name; *c; c++) {
		char ch = *c;
		int ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
		sb_putc(sb, ok ? ch : '_');
	}
}

/* One function in the TVMScript of E's API at `indent`, tl ops spelled
 * T.call_intrin (by the hook, which also refuses what cannot be spelled).
 * The printer of this tree prints seed-era text whatever the era asked
 * for, so a head-era file has head's harness around seed-era TVMScript
 * (T.allocate, `with` scopes, T.block, tir.* attribute keys) until the
 * printer writes head's; head's parser refuses those, and the frontend mock
 * says so (tests/pytest_frontend_stub). */
static void
print_func_era(StrBuf *sb, Emit *E, const Func *f, int indent)
{
	PrintHooks hooks = {call_head, E};
	IrPrintOptions o = {.era = E->api == &apis[PYTEST_API_HEAD] ? ERA_HEAD : ERA_SEED, .tl_call_intrin = 1};
	ir_print_func_opts(sb, f, indent, &o, &hooks);
}

/* One function: printed under `name` (before/after) at one indentation
 * level.  Several: an @I.ir_module class `class_name` with the functions
 * under their own names (their global symbols), one level deeper. */
static int
put_program(StrBuf *sb, Emit *E, const Program *p, const char *name, const char *class_name)
{
	if (p->nfuncs < 1) {
		fail(E, "the %s program has no function%s", name, NULL);
		return -1;
	}
	for (int i = 0; i < p->nfuncs; i++)
		check_func(E, p->funcs[i]);
	if (E->failed)
		return -1;
	if (p->nfuncs == 1) {
		Func f = *p->funcs[0];
		f.name = name;
		print_func_era(sb, E, &f, 1);
		sb_putc(sb, '\n');
		return E->failed ? -1 : 0;
	}
	for (int i = 0; i < p->nfuncs; i++)
		if (!p->funcs[i]->name || reserved(p->funcs[i]->name))
			fail(E, "function '%s' would shadow a name the test needs (a module, range, a keyword)%s",
			     p->funcs[i]->name ? p->funcs[i]->name : "", NULL);
	if (E->failed)
		return -1;
	sb_printf(sb, "    @I.ir_module\n    class %s:\n", class_name);
	for (int i = 0; i < p->nfuncs; i++) {
		if (i)
			sb_putc(sb, '\n');
		print_func_era(sb, E, p->funcs[i], 2);
		sb_putc(sb, '\n');
	}
	return E->failed ? -1 : 0;
}

/* The imports and helpers, for one API. */
static void
put_prelude(StrBuf *sb, const Api *api)
{
	sb_puts(sb, api->tilelang);
	sb_puts(sb, "import tilelang.testing\n"
	            "from tilelang import tvm as tvm\n");
	sb_printf(sb, "from tvm import %s\n", api->tir);
	sb_puts(sb, "from tvm.script import ir as I\n");
	sb_printf(sb, "from tvm.script import %s as T\n", api->tir);
	sb_puts(sb, "\n"
	            "# TileLang's lowering binds the target before this pass (the pass runs only\n"
	            "# for sm_90+ targets); both sides of a comparison are bound, as TileLang's\n"
	            "# own tests do, because structural equality compares function attributes.\n"
	            "# A function that carries a target keeps it.\n");
	sb_printf(sb, "TARGET = tvm.target.Target(%s)\n\n\n", api->target);
	sb_puts(sb, "def _bind_target(program):\n"
	            "    if isinstance(program, tvm.IRModule):\n"
	            "        mod = program\n"
	            "    else:\n"
	            "        mod = tvm.IRModule.from_expr(program.with_attr(\"global_symbol\", \"main\"))\n");
	sb_printf(sb, "    return %s(TARGET)(mod)\n\n\n", api->bind);
	sb_puts(sb, "def _inject_fence_proxy(program):\n");
	sb_printf(sb, "    return %s()(_bind_target(program))\n\n\n", api->pass);
	sb_puts(sb, "def _count_fences(mod):\n"
	            "    fences = []\n"
	            "\n"
	            "    def visit(node):\n");
	sb_printf(sb, "        if isinstance(node, %s.Call) and isinstance(node.op, tvm.ir.Op) and "
	              "node.op.name == \"tl.fence_proxy_async\":\n", api->tir);
	sb_puts(sb, "            fences.append(node)\n"
	            "\n"
	            "    for _, func in mod.functions.items():\n");
	sb_printf(sb, "        %s.stmt_functor.post_order_visit(func.body, visit)\n", api->tir);
	sb_puts(sb, "    return len(fences)\n"
	            "\n"
	            "\n");
}

int
fz_pytest_text(StrBuf *sb, const PytestCase *c, char *err, size_t errlen)
{
	char dummy[1];
	const Api *api = &apis[c->api == PYTEST_API_HEAD ? PYTEST_API_HEAD : PYTEST_API_SEED];
	Emit E = {err ? err : dummy, err ? errlen : sizeof dummy, 0, api};
	size_t start = sb->len;
	int equal = c->expect_mode && strcmp(c->expect_mode, "equal") == 0;
	int fences = c->expect_mode && strcmp(c->expect_mode, "fences") == 0;
	if (!c->before || (!equal && !fences) || (equal && !c->after)) {
		fail(&E, "%s%s", !c->before ? "no before program" :
		     equal ? "expect_mode \"equal\" needs an after program" :
		     "expect_mode must be \"equal\" or \"fences\"", NULL);
		goto fail;
	}
	if (errlen)
		err[0] = 0;

	sb_printf(sb, "# A fencefuzz reproducer for %s (TileLang %s API).\n", api->pass,
	          api == &apis[PYTEST_API_HEAD] ? "head" : "9f25954-era");
	if (c->comment && *c->comment)
		put_comment(sb, "", c->comment);
	sb_puts(sb, equal ? "# Checks: the pass output is structurally equal to `after`.\n"
	                  : "# Checks: the number of fence_proxy_async calls in the pass output.\n");
	put_prelude(sb, api);
	sb_puts(sb, "def ");
	put_test_name(sb, c->test_name);
	sb_puts(sb, "():\n\n");
	if (put_program(sb, &E, c->before, "before", "Before") < 0)
		goto fail;
	if (c->after) {
		sb_putc(sb, '\n');
		if (fences)
			sb_puts(sb, "    # What the model produced, for reference (not asserted).\n");
		if (put_program(sb, &E, c->after, "after", "After") < 0)
			goto fail;
	}
	int module = c->before->nfuncs > 1;
	if (c->after && (c->after->nfuncs > 1) != module) {
		fail(&E, "before and after differ in their number of functions%s%s", "", NULL);
		goto fail;
	}
	sb_puts(sb, module ? "\n    mod = _inject_fence_proxy(Before)\n" : "\n    mod = _inject_fence_proxy(before)\n");
	if (equal) {
		sb_printf(sb, "    # `%s` has %d fence_proxy_async call%s", module ? "After" : "after", c->expect_fences,
		          c->expect_fences == 1 ? "" : "s");
		if (c->fence_note && *c->fence_note) {
			sb_puts(sb, ": ");
			put_line(sb, c->fence_note);
		}
		sb_puts(sb, ".\n");
		if (module) {
			sb_puts(sb, "    tvm.ir.assert_structural_equal(mod, _bind_target(After), True)\n");
		} else {
			sb_puts(sb, "    expected = _bind_target(after)\n");
			sb_puts(sb, "    tvm.ir.assert_structural_equal(mod[\"main\"], expected[\"main\"], True)\n");
		}
	} else {
		if (c->fence_note && *c->fence_note)
			put_comment(sb, "    ", c->fence_note);
		sb_printf(sb, "    assert _count_fences(mod) == %d", c->expect_fences);
		if (c->fence_note && *c->fence_note) {
			sb_puts(sb, ", ");
			put_pystr(sb, c->fence_note);
		}
		sb_putc(sb, '\n');
	}
	sb_puts(sb, "\n\nif __name__ == \"__main__\":\n    tilelang.testing.main()\n");
	return 0;

fail:
	sb->len = start;
	if (sb->p)
		sb->p[start] = 0;
	return -1;
}
