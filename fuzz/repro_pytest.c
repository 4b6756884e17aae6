/* repro_pytest.c: a reduced finding as a TileLang pytest (issue 5), in the
 * style of TileLang's own transform tests
 * (testing/python/transform/test_tilelang_transform_inject_fence_proxy.py):
 * `before` and `after` as @T.prim_func inside the test function, the pass
 * applied to an IRModule made with IRModule.from_expr(f.with_attr(
 * "global_symbol", "main")), then tvm.ir.assert_structural_equal, or a count
 * of fence_proxy_async calls found with tir.stmt_functor.post_order_visit.
 *
 * The functions are printed by the canonical printer (print.c) through its
 * call-spelling hook: the text must parse in TileLang's frontend
 * (`import tilelang.language as T`), which is not TVM's printer's namespace.
 * The printer writes `T.<printed name>(raw args)`; tilelang.language has a
 * wrapper of that name for TVM's tir ops and for some tl ops, but not for
 * every tl op, and some wrappers take other arguments than the raw ones
 * (a dtype first, or a count the printed call lacks).  Those calls are
 * spelled T.call_intrin(DTYPE, tir.op.Op.get("tl.NAME"), raw args), as
 * TileLang's tests spell them; the table below says which.
 *
 * A program of several functions becomes an @I.ir_module class Before (and
 * After) holding them under their own names, as TVM's tests write modules.
 *
 * Assumes a well-formed program (ir_verify_program).  Refuses (returns -1)
 * what it cannot express: metadata references, a call it has no spelling
 * for, keyword arguments on a call_intrin, and names that would shadow what
 * the test needs (T, tir, tvm, tilelang, I, range, Python keywords).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "repro.h"

/* ---- the spelling table ------------------------------------------------------
 *
 * Evidence (read from TileLang's sources with the search tool; TileLang
 * 9f25954 is the reference model's version):
 *  - tilelang/language/__init__.py @9f25954 starts with
 *    `from tvm.script.parser.tir import *` and then `from .tir.ir import *`
 *    and `from .builtin import *`: T is TVM's TVMScript tir namespace plus
 *    TileLang's wrappers, the later ones overriding.
 *  - tilelang/language/tir/ir.py: `_op_wrapper` (raw arguments) for
 *    address_of, bitwise_*, exp2, if_then_else, likely, shift_*, truncdiv,
 *    truncmod, tvm_access_ptr, tvm_storage_sync, ptx_wait_group,
 *    ptx_commit_group, ptx_init_barrier_thread_count, ptx_fence_barrier_init,
 *    ptx_arrive_barrier, ...; `_dtype_forward` (dtype first) for call_extern,
 *    ptx_cp_async, ptx_cp_async_bulk (printed with the dtype first too:
 *    TScriptDtypePrintLocation), and for ptx_wgmma_ss/rs and
 *    ptx_tcgen05_mma_ss/ts, whose printed form has no dtype (tir/op.py
 *    @9f25954: `ptx_wgmma_ss(dtype, wgmma_prefix, ...)` calls
 *    Op.get("tl.ptx_wgmma_ss")); ptx_ldmatrix is the tir op (dtype first),
 *    so the tl.ptx_ldmatrix call (printed without one) needs call_intrin.
 *  - tilelang/language/builtin.py (a stored version near 9f25954):
 *    tma_load(*args), fence_proxy_async(), tma_store_arrive(),
 *    tma_store_wait(count=0) (always passes one argument: the printed
 *    0-argument call needs call_intrin), mbarrier_wait_parity(mbarrier,
 *    parity) and mbarrier_expect_tx(mbarrier, tx) (a BufferLoad passes
 *    through unchanged), warpgroup_arrive(), warpgroup_commit_batch(),
 *    warpgroup_wait(num_mma), set_max_nreg(reg_count, is_inc),
 *    shuffle_elect(thread_extent) -> call_intrin("bool",
 *    "tl.tl_shuffle_elect", ...); warpgroup_fence_operand(buffer_or_ptr,
 *    offset, num_regs, dtype) does not take the printed ("float32", ptr, 0,
 *    n); initialize_wgmma_descriptor / initialize_tcgen05_descriptor take a
 *    descriptor buffer, int() their offsets (a symbolic printed offset would
 *    fail) and, for tcgen05, rebuild the flags.  No wrapper at all (no def
 *    in builtin.py, no name in TVM's tir namespace): tma_store,
 *    tma_load_im2col, tma_load_multicast, tl_gemm, tl_gemm_sp, ptx_stmatrix,
 *    and the other SP_INTRIN rows.
 * Calls not in the table are refused: a wrong guess would give a test that
 * fails in TileLang for a reason unrelated to the finding.
 */
typedef enum {
	SP_PLAIN,   /* T.NAME(raw args): a tir op, or a tl wrapper that rebuilds the printed call */
	SP_RENAME,  /* T.<wrapper>(raw args): a tl wrapper under another name */
	SP_INTRIN,  /* T.call_intrin("<as>", tir.op.Op.get("tl.NAME"), raw args) */
	SP_TIR_OR_TL /* tir op if the first argument is a dtype string, else as SP_INTRIN */
} Spelling;

enum {
	ANY = -1,
	ARG0_LOAD = 1 /* SP_PLAIN wrapper that needs a buffer element first (_mbar_to_buffer_load) */
};

typedef struct CallSpelling {
	const char *name;
	Spelling how;
	const char *wrapper; /* SP_RENAME: the wrapper's name */
	const char *dtype;   /* the result dtype, for T.call_intrin */
	int nargs;           /* SP_PLAIN/SP_RENAME of a tl wrapper: the arity it passes
	                        through (other calls fall back to T.call_intrin); ANY */
	int flags;
} CallSpelling;

static const CallSpelling spellings[] = {
	/* TVM tir ops and TVMScript calls (raw arguments). */
	{"tvm_access_ptr", SP_PLAIN, NULL, "handle", ANY, 0},
	{"type_annotation", SP_PLAIN, NULL, "handle", ANY, 0},
	{"address_of", SP_PLAIN, NULL, "handle", ANY, 0},
	{"call_extern", SP_PLAIN, NULL, "handle", ANY, 0},
	{"call_pure_extern", SP_PLAIN, NULL, "handle", ANY, 0},
	{"reinterpret", SP_PLAIN, NULL, "handle", ANY, 0},
	{"tvm_storage_sync", SP_PLAIN, NULL, "handle", ANY, 0},
	{"ptx_commit_group", SP_PLAIN, NULL, "handle", ANY, 0},
	{"ptx_wait_group", SP_PLAIN, NULL, "handle", ANY, 0},
	{"ptx_init_barrier_thread_count", SP_PLAIN, NULL, "handle", ANY, 0},
	{"ptx_arrive_barrier", SP_PLAIN, NULL, "handle", ANY, 0},
	{"ptx_fence_barrier_init", SP_PLAIN, NULL, "handle", ANY, 0},
	{"ptx_cp_async_bulk", SP_PLAIN, NULL, "handle", ANY, 0},
	{"Cast", SP_PLAIN, NULL, "handle", ANY, 0},
	{"Broadcast", SP_PLAIN, NULL, "handle", ANY, 0},
	{"Ramp", SP_PLAIN, NULL, "handle", ANY, 0},
	{"Select", SP_PLAIN, NULL, "handle", ANY, 0},
	{"if_then_else", SP_PLAIN, NULL, "handle", ANY, 0},
	{"likely", SP_PLAIN, NULL, "handle", ANY, 0},
	{"target", SP_PLAIN, NULL, "handle", ANY, 0},
	{"min", SP_PLAIN, NULL, "handle", ANY, 0},
	{"max", SP_PLAIN, NULL, "handle", ANY, 0},
	{"truncdiv", SP_PLAIN, NULL, "handle", ANY, 0},
	{"truncmod", SP_PLAIN, NULL, "handle", ANY, 0},
	{"floordiv", SP_PLAIN, NULL, "handle", ANY, 0},
	{"floormod", SP_PLAIN, NULL, "handle", ANY, 0},
	{"shift_left", SP_PLAIN, NULL, "handle", ANY, 0},
	{"shift_right", SP_PLAIN, NULL, "handle", ANY, 0},
	{"bitwise_and", SP_PLAIN, NULL, "handle", ANY, 0},
	{"bitwise_or", SP_PLAIN, NULL, "handle", ANY, 0},
	{"bitwise_xor", SP_PLAIN, NULL, "handle", ANY, 0},
	{"bitwise_not", SP_PLAIN, NULL, "handle", ANY, 0},
	{"exp2", SP_PLAIN, NULL, "handle", ANY, 0},
	{"ret", SP_PLAIN, NULL, "handle", ANY, 0},
	/* The namespace collisions (docs/tvmscript.md §8): tir form has a dtype first. */
	{"ptx_cp_async", SP_TIR_OR_TL, NULL, "handle", ANY, 0},
	{"ptx_ldmatrix", SP_TIR_OR_TL, NULL, "handle", ANY, 0},
	/* tl ops with a wrapper that rebuilds the printed call. */
	{"fence_proxy_async", SP_PLAIN, NULL, "handle", 0, 0},
	{"tma_load", SP_PLAIN, NULL, "handle", ANY, 0},
	{"tma_store_arrive", SP_PLAIN, NULL, "handle", 0, 0},
	{"tma_store_wait", SP_PLAIN, NULL, "handle", 1, 0},
	{"mbarrier_wait_parity", SP_PLAIN, NULL, "handle", 2, ARG0_LOAD},
	{"mbarrier_expect_tx", SP_PLAIN, NULL, "handle", 2, ARG0_LOAD},
	{"warpgroup_arrive", SP_PLAIN, NULL, "handle", 0, 0},
	{"warpgroup_commit_batch", SP_PLAIN, NULL, "handle", 0, 0},
	{"warpgroup_wait", SP_PLAIN, NULL, "handle", 1, 0},
	{"set_max_nreg", SP_PLAIN, NULL, "handle", 2, 0},
	{"tl_shuffle_elect", SP_RENAME, "shuffle_elect", "bool", 1, 0},
	/* tl ops without a usable wrapper. */
	{"tma_store", SP_INTRIN, NULL, "handle", ANY, 0},
	{"tma_load_im2col", SP_INTRIN, NULL, "handle", ANY, 0},
	{"tma_load_multicast", SP_INTRIN, NULL, "handle", ANY, 0},
	{"tma_load_gather4", SP_INTRIN, NULL, "handle", ANY, 0},
	{"tma_store_scatter4", SP_INTRIN, NULL, "handle", ANY, 0},
	{"tma_store_cluster", SP_INTRIN, NULL, "handle", ANY, 0},
	{"tl_gemm", SP_INTRIN, NULL, "handle", ANY, 0},
	{"tl_gemm_sp", SP_INTRIN, NULL, "handle", ANY, 0},
	{"ptx_stmatrix", SP_INTRIN, NULL, "handle", ANY, 0},
	{"ptx_wgmma_ss", SP_INTRIN, NULL, "handle", ANY, 0},
	{"ptx_wgmma_rs", SP_INTRIN, NULL, "handle", ANY, 0},
	{"ptx_wgmma_sp_ss", SP_INTRIN, NULL, "handle", ANY, 0},
	{"ptx_wgmma_sp_rs", SP_INTRIN, NULL, "handle", ANY, 0},
	{"ptx_tcgen05_mma_ss", SP_INTRIN, NULL, "handle", ANY, 0},
	{"ptx_tcgen05_mma_ts", SP_INTRIN, NULL, "handle", ANY, 0},
	{"ptx_tcgen05_mma_blockscaled_ss", SP_INTRIN, NULL, "handle", ANY, 0},
	{"warpgroup_fence_operand", SP_INTRIN, NULL, "handle", ANY, 0},
	{"initialize_wgmma_descriptor", SP_INTRIN, NULL, "handle", ANY, 0},
	{"initialize_tcgen05_descriptor", SP_INTRIN, NULL, "handle", ANY, 0},
};

static const CallSpelling *
find_spelling(const char *name)
{
	for (size_t i = 0; i < sizeof spellings / sizeof spellings[0]; i++)
		if (strcmp(spellings[i].name, name) == 0)
			return &spellings[i];
	return NULL;
}

int
fz_pytest_needs_call_intrin(const char *op_name)
{
	const CallSpelling *s = op_name ? find_spelling(op_name) : NULL;
	return s && (s->how == SP_INTRIN || s->how == SP_TIR_OR_TL);
}

/* ---- the printer hook ------------------------------------------------------------ */

typedef struct Emit {
	char *err;
	size_t errlen;
	int failed;
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
put_intrin(StrBuf *sb, const char *dtype, const char *name)
{
	sb_printf(sb, "T.call_intrin(\"%s\", tir.op.Op.get(\"tl.%s\")", dtype, name);
	return 2;
}

static int
call_head(StrBuf *sb, const Expr *e, void *ctx)
{
	Emit *E = ctx;
	const char *name = e->u.call.name;
	const CallSpelling *s = find_spelling(name);
	int nargs = e->u.call.nargs;
	if (!s) {
		fail(E, "call T.%s: no known spelling for it in tilelang.language "
		        "(add it to the table in fuzz/repro_pytest.c)%s", name, NULL);
		return -1;
	}
	switch (s->how) {
	case SP_PLAIN:
	case SP_RENAME:
		if ((s->nargs == ANY || s->nargs == nargs) &&
		    (!(s->flags & ARG0_LOAD) || (nargs > 0 && e->u.call.args[0]->kind == EX_LOAD))) {
			if (s->how == SP_PLAIN)
				return -1;
			sb_printf(sb, "T.%s(", s->wrapper);
			return 0;
		}
		if (e->u.call.nkw)
			break;
		return put_intrin(sb, s->dtype, name);
	case SP_TIR_OR_TL:
		if (nargs > 0 && e->u.call.args[0]->kind == EX_STR)
			return -1;
		if (e->u.call.nkw)
			break;
		return put_intrin(sb, s->dtype, name);
	case SP_INTRIN:
		if (e->u.call.nkw)
			break;
		return put_intrin(sb, s->dtype, name);
	}
	fail(E, "call T.%s: keyword arguments cannot go through T.call_intrin%s", name, NULL);
	return -1;
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
		"T", "tir", "tvm", "tilelang", "tl", "I", "range",
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
	switch (e->kind) {
	case EX_METADATA:
		fail(E, "metadata[\"%s\"] reference: an opaque object TVMScript cannot write%s", e->u.meta.key, NULL);
		break;
	case EX_VAR:
		check_var(E, e->u.var);
		break;
	case EX_BUF:
		check_buffer(E, e->u.buf);
		break;
	case EX_LOAD:
		check_buffer(E, e->u.load.buf);
		for (int i = 0; i < e->u.load.nidx; i++)
			check_expr(E, e->u.load.idx[i]);
		break;
	case EX_BIN:
		check_expr(E, e->u.bin.a);
		check_expr(E, e->u.bin.b);
		break;
	case EX_NOT:
		check_expr(E, e->u.operand);
		break;
	case EX_CALL:
		for (int i = 0; i < e->u.call.nargs; i++)
			check_expr(E, e->u.call.args[i]);
		for (int i = 0; i < e->u.call.nkw; i++)
			check_expr(E, e->u.call.kwargs[i]);
		break;
	case EX_SLICE:
		check_expr(E, e->u.slice.begin);
		check_expr(E, e->u.slice.end);
		check_expr(E, e->u.slice.step);
		break;
	case EX_TUPLE:
	case EX_LIST:
		for (int i = 0; i < e->u.list.n; i++)
			check_expr(E, e->u.list.items[i]);
		break;
	case EX_DICT:
		for (int i = 0; i < e->u.dict.n; i++) {
			check_expr(E, e->u.dict.keys[i]);
			check_expr(E, e->u.dict.vals[i]);
		}
		break;
	default:
		break;
	}
}

/* Recursion is bounded by IR_MAX_DEPTH (a verified program). */
static void
check_stmt(Emit *E, const Stmt *s)
{
	if (!s || E->failed)
		return;
	switch (s->kind) {
	case ST_SEQ:
		for (int i = 0; i < s->u.seq.n; i++)
			check_stmt(E, s->u.seq.items[i]);
		return;
	case ST_EVAL:
		check_expr(E, s->u.eval.value);
		return;
	case ST_STORE:
		check_buffer(E, s->u.store.buf);
		for (int i = 0; i < s->u.store.nidx; i++)
			check_expr(E, s->u.store.idx[i]);
		check_expr(E, s->u.store.value);
		return;
	case ST_FOR:
		check_var(E, s->u.for_.var);
		check_expr(E, s->u.for_.min);
		check_expr(E, s->u.for_.extent);
		check_expr(E, s->u.for_.step);
		check_expr(E, s->u.for_.annotations);
		break;
	case ST_WHILE:
		check_expr(E, s->u.while_.cond);
		break;
	case ST_IF:
		check_expr(E, s->u.if_.cond);
		check_stmt(E, s->u.if_.then_);
		check_stmt(E, s->u.if_.else_);
		return;
	case ST_LET:
		check_var(E, s->u.let.var);
		check_expr(E, s->u.let.value);
		break;
	case ST_ASSERT:
		check_expr(E, s->u.assert_.cond);
		check_expr(E, s->u.assert_.msg);
		break;
	case ST_ATTR:
		check_expr(E, s->u.attr.node);
		check_expr(E, s->u.attr.value);
		break;
	case ST_LAUNCH:
		check_var(E, s->u.launch.var);
		check_expr(E, s->u.launch.extent);
		break;
	case ST_ALLOC:
		check_var(E, s->u.alloc.var);
		for (int i = 0; i < s->u.alloc.nextents; i++)
			check_expr(E, s->u.alloc.extents[i]);
		check_expr(E, s->u.alloc.condition);
		check_expr(E, s->u.alloc.annotations);
		break;
	case ST_DECL:
		check_buffer(E, s->u.decl.buf);
		break;
	case ST_BLOCK:
		check_expr(E, s->u.block.where);
		check_expr(E, s->u.block.reads);
		check_expr(E, s->u.block.writes);
		check_expr(E, s->u.block.attrs);
		for (int i = 0; i < s->u.block.nallocs; i++)
			check_buffer(E, s->u.block.allocs[i]);
		break;
	}
	check_stmt(E, ir_body(s));
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

/* One function: printed under `name` (before/after) at one indentation
 * level.  Several: an @I.ir_module class `class_name` with the functions
 * under their own names (their global symbols), one level deeper. */
static int
put_program(StrBuf *sb, Emit *E, const Program *p, const char *name, const char *class_name)
{
	PrintHooks hooks = {call_head, E};
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
		ir_print_func_hooked(sb, &f, 1, &hooks);
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
		ir_print_func_hooked(sb, p->funcs[i], 2, &hooks);
		sb_putc(sb, '\n');
	}
	return E->failed ? -1 : 0;
}

static const char PRELUDE[] =
	"from tvm import tir\n"
	"from tvm.script import ir as I\n"
	"\n"
	"import tilelang\n"
	"import tilelang.language as T\n"
	"import tilelang.testing\n"
	"from tilelang import tvm as tvm\n"
	"\n"
	"\n"
	"def _inject_fence_proxy(program):\n"
	"    # BindTarget gives an sm_90a target to a function that has none, as\n"
	"    # TileLang's lowering does before this pass (upstream main runs the pass\n"
	"    # only for sm_90+ targets); a target the program carries is kept.\n"
	"    if isinstance(program, tvm.IRModule):\n"
	"        mod = program\n"
	"    else:\n"
	"        mod = tvm.IRModule.from_expr(program.with_attr(\"global_symbol\", \"main\"))\n"
	"    mod = tvm.tir.transform.BindTarget(tvm.target.Target(\"cuda -arch=sm_90a\"))(mod)\n"
	"    return tilelang.transform.InjectFenceProxy()(mod)\n"
	"\n"
	"\n"
	"def _count_fences(mod):\n"
	"    fences = []\n"
	"\n"
	"    def visit(node):\n"
	"        if isinstance(node, tir.Call) and isinstance(node.op, tvm.ir.Op) and node.op.name == \"tl.fence_proxy_async\":\n"
	"            fences.append(node)\n"
	"\n"
	"    for _, func in mod.functions.items():\n"
	"        tir.stmt_functor.post_order_visit(func.body, visit)\n"
	"    return len(fences)\n"
	"\n"
	"\n";

int
fz_pytest_text(StrBuf *sb, const PytestCase *c, char *err, size_t errlen)
{
	char dummy[1];
	Emit E = {err ? err : dummy, err ? errlen : sizeof dummy, 0};
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

	sb_puts(sb, "# A fencefuzz reproducer (fuzz/repro_pytest.c) for tilelang.transform.InjectFenceProxy.\n");
	if (c->comment && *c->comment)
		put_comment(sb, "", c->comment);
	sb_puts(sb, equal ? "# Checks: the pass output is structurally equal to `after`.\n"
	                  : "# Checks: the number of fence_proxy_async calls in the pass output.\n");
	sb_puts(sb, PRELUDE);
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
			sb_puts(sb, "    tvm.ir.assert_structural_equal(mod, After, True)\n");
		} else {
			sb_puts(sb, "    expected = tvm.IRModule.from_expr(after.with_attr(\"global_symbol\", \"main\"))\n");
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
