/* unit_ir: the printer, structural equality/hash and the verifier, on IR
 * built with the constructors of ir.c (no reader involved).
 *
 * Printer cases compare whole strings with what TVM prints
 * (docs/tvmscript.md, corpus/golden-tilelang); equality cases check renaming,
 * scoping and that a one-token change is seen by both equality and hash;
 * verifier cases break one invariant each.
 *
 *     unit_ir        exit status 0 when every check passed
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir.h"
#include "check.h"
#include "verify.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#endif

static Arena *A; /* one arena for the whole run */

static void
expect_text(int line, char *got, const char *want)
{
	if (strcmp(got, want) == 0) {
		npass++;
	} else {
		nfail++;
		printf("FAIL %s:%d: printed\n----\n%s\n---- expected\n%s\n----\n", __FILE__, line, got, want);
	}
	free(got);
}

static char *
pexpr(const Expr *e)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_expr(&sb, e);
	return sb_take(&sb);
}

static char *
pfunc(const Func *f)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_func(&sb, f, 0);
	return sb_take(&sb);
}

static char *
pprog(const Program *p)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, p);
	return sb_take(&sb);
}

static char *
pstmt(const Stmt *s)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_stmt(&sb, s, 0);
	return sb_take(&sb);
}

/* The printed text reads back (core/read.c) to an equal function with the
 * same hash, and prints again to the same text. */
static void
check_reread(int line, Func *f)
{
	Program *p = ir_program(A);
	p->funcs = (Func **)ar_dup_array(A, (void *[]){f}, 1);
	p->nfuncs = 1;
	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, p);
	char *text = sb_take(&sb);
	Diag d = {0};
	Program *q = ir_read(A, "printed", text, strlen(text), &d);
	if (!q) {
		nfail++;
		printf("FAIL %s:%d: printed text does not read back: %d:%d: %s\n%s\n", __FILE__, line, d.line,
		       d.col, d.msg, text);
	} else {
		ir_print_program(&sb, q);
		char *again = sb_take(&sb);
		int eq = ir_equal_program(p, q), same_hash = ir_hash_program(p) == ir_hash_program(q);
		int fixed = strcmp(text, again) == 0;
		if (eq && same_hash && fixed) {
			npass++;
		} else {
			nfail++;
			printf("FAIL %s:%d: reread: equal %d, same hash %d, same text %d\n%s\n----\n%s\n", __FILE__,
			       line, eq, same_hash, fixed, text, again);
		}
		free(again);
	}
	free(text);
}

#define EXPECT_EXPR(e, want) expect_text(__LINE__, pexpr(e), want)
#define EXPECT_FUNC(f, want) (expect_text(__LINE__, pfunc(f), want), check_reread(__LINE__, f))
#define EXPECT_STMT(s, want) expect_text(__LINE__, pstmt(s), want)

/* ---- small builders ------------------------------------------------------------ */

static Expr *I(int64_t v) { return ir_int(A, v, "int32"); }
static Expr *V(Var *v) { return ir_varref(A, v); }
static Expr *S(const char *s) { return ir_str(A, s); }
static Expr *B(BinOp op, Expr *x, Expr *y) { return ir_bin(A, op, x, y); }

static Expr **
exprs(int n, ...)
{
	Expr **v = ar_alloc(A, sizeof *v * (size_t)(n ? n : 1));
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		v[i] = va_arg(ap, Expr *);
	va_end(ap);
	return v;
}

static Stmt *
seq(int n, ...)
{
	Stmt **v = ar_alloc(A, sizeof *v * (size_t)n);
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		v[i] = va_arg(ap, Stmt *);
	va_end(ap);
	return ir_seq(A, v, n);
}

static Expr *
call(const char *name, int n, ...)
{
	Expr **v = ar_alloc(A, sizeof *v * (size_t)(n ? n : 1));
	va_list ap;
	va_start(ap, n);
	for (int i = 0; i < n; i++)
		v[i] = va_arg(ap, Expr *);
	va_end(ap);
	return ir_call(A, name, v, n);
}

static Stmt *
callstmt(const char *name)
{
	return ir_eval(A, call(name, 0));
}

static Expr *
load1(Buffer *b, Expr *i)
{
	return ir_load(A, b, exprs(1, i), 1);
}

static Stmt *
store1(Buffer *b, Expr *i, Expr *v)
{
	return ir_store(A, b, exprs(1, i), 1, v);
}

static Expr *
dict1(const char *k, Expr *v)
{
	return ir_dict(A, exprs(1, S(k)), exprs(1, v), 1);
}

static Func *
func(const char *name)
{
	return ir_func(A, name);
}

static void
add_param(Func *f, Var *v, Buffer *b)
{
	Param *p = ar_alloc(A, sizeof *p * (size_t)(f->nparams + 1));
	if (f->nparams)
		memcpy(p, f->params, sizeof *p * (size_t)f->nparams);
	p[f->nparams].var = v;
	p[f->nparams].buf = b;
	f->params = p;
	f->nparams++;
}

/* A buffer of one dimension that owns its data var, as decl_buffer builds. */
static Buffer *
own_buf(Func *f, const char *name, const char *dtype, int64_t n, const char *scope, BufKind kind)
{
	Var *data = ir_var(A, f, name, dtype, scope);
	Buffer *b = ir_buffer(A, f, name, dtype, exprs(1, I(n)), 1, data, kind);
	data->owner = b;
	return b;
}

static Program *
program1(Func *f)
{
	Program *p = ir_program(A);
	p->funcs = ar_alloc(A, sizeof *p->funcs);
	p->funcs[0] = f;
	p->nfuncs = 1;
	return p;
}

static int
verifies(Func *f)
{
	Diag d;
	return ir_verify_program(program1(f), &d) == 0;
}

static const char *
verify_msg(Func *f)
{
	static Diag d;
	if (ir_verify_program(program1(f), &d) == 0)
		return NULL;
	return d.msg;
}

/* ---- expressions ------------------------------------------------------------------ */

static void
test_literals(void)
{
	EXPECT_EXPR(I(5), "5");
	EXPECT_EXPR(I(-1), "-1");
	EXPECT_EXPR(ir_int(A, 5, "int64"), "T.int64(5)");
	EXPECT_EXPR(ir_int(A, 1, "bool"), "T.bool(True)");
	EXPECT_EXPR(ir_int(A, 0, "bool"), "T.bool(False)");
	EXPECT_EXPR(ir_int(A, -1, "uint64"), "T.uint64(18446744073709551615)");
	EXPECT_EXPR(ir_int(A, -1, "int8"), "T.int8(-1)");
	EXPECT_EXPR(ir_float(A, 0.0, "float16"), "T.float16(0.0)");
	EXPECT_EXPR(ir_float(A, 0.5, "float16"), "T.float16(0.5)");
	EXPECT_EXPR(ir_float(A, 0.1, "float32"), "T.float32(0.10000000000000001)");
	EXPECT_EXPR(ir_float(A, 1e-05, "float32"), "T.float32(1.0000000000000001e-05)");
	EXPECT_EXPR(ir_float(A, 1e20, "float32"), "T.float32(100000000000000000000.0)");
	EXPECT_EXPR(ir_float(A, -2.0, "float32"), "T.float32(-2.0)");
	EXPECT_EXPR(ir_float(A, INFINITY, "float32"), "T.float32(\"inf\")");
	EXPECT_EXPR(ir_float(A, -INFINITY, "float32"), "T.float32(\"-inf\")");
	EXPECT_EXPR(ir_float(A, NAN, "float32"), "T.float32(\"nan\")");
	EXPECT_EXPR(ir_pod_bool(A, 1), "True");
	EXPECT_EXPR(ir_pod_bool(A, 0), "False");
	EXPECT_EXPR(ir_none(A), "None");
	EXPECT_EXPR(S("a\"b\\c\td\re\nf\x01g\x7f"), "\"a\\\"b\\\\c\\td\\re\\nf\\x01g\\x7F\"");
	EXPECT_EXPR(ir_metadata(A, "tl.Layout", 0), "metadata[\"tl.Layout\"][0]");
}

static void
test_operators(void)
{
	Func *f = func("main");
	Var *a = ir_var(A, f, "a", "int32", NULL), *b = ir_var(A, f, "b", "int32", NULL);
	Var *c = ir_var(A, f, "c", "int32", NULL), *ko = ir_var(A, f, "ko", "int32", NULL);
	Var *x = ir_var(A, f, "x", "float32", NULL);
	EXPECT_EXPR(B(BIN_SUB, V(a), B(BIN_SUB, V(b), V(c))), "a - (b - c)");
	EXPECT_EXPR(B(BIN_SUB, B(BIN_SUB, V(a), V(b)), V(c)), "a - b - c");
	EXPECT_EXPR(B(BIN_MUL, B(BIN_ADD, V(a), V(b)), V(c)), "(a + b) * c");
	EXPECT_EXPR(B(BIN_ADD, V(a), B(BIN_MUL, V(b), V(c))), "a + b * c");
	EXPECT_EXPR(B(BIN_FLOORDIV, B(BIN_FLOORMOD, V(ko), I(6)), I(3)), "ko % 6 // 3");
	EXPECT_EXPR(B(BIN_ADD, I(12288), B(BIN_ADD, B(BIN_MUL, B(BIN_FLOORMOD, V(ko), I(3)), I(4096)), I(2048))),
	            "12288 + (ko % 3 * 4096 + 2048)");
	EXPECT_EXPR(B(BIN_MUL, V(a), I(-1)), "a * -1");
	EXPECT_EXPR(B(BIN_DIV, V(a), V(b)), "T.Div(a, b)");
	EXPECT_EXPR(B(BIN_DIV, B(BIN_ADD, V(a), V(b)), V(c)), "T.Div(a + b, c)");
	EXPECT_EXPR(B(BIN_MUL, B(BIN_DIV, V(a), V(b)), V(c)), "T.Div(a, b) * c");
	EXPECT_EXPR(B(BIN_DIV, V(x), ir_float(A, 2.0, "float32")), "x / T.float32(2.0)");
	EXPECT_EXPR(B(BIN_DIV, V(x), V(x)), "x / x");
	EXPECT_EXPR(B(BIN_EQ, B(BIN_LT, V(a), V(b)), V(c)), "(a < b) == c");
	EXPECT_EXPR(B(BIN_EQ, V(c), B(BIN_LT, V(a), V(b))), "c == (a < b)");
	EXPECT_EXPR(B(BIN_LT, B(BIN_ADD, V(a), I(1)), V(b)), "a + 1 < b");
	EXPECT_EXPR(B(BIN_AND, B(BIN_LT, V(a), V(b)), B(BIN_OR, V(c), V(a))), "a < b and (c or a)");
	EXPECT_EXPR(B(BIN_OR, B(BIN_AND, V(a), V(b)), V(c)), "a and b or c");
	EXPECT_EXPR(B(BIN_AND, V(a), B(BIN_AND, V(b), V(c))), "a and (b and c)");
	EXPECT_EXPR(ir_not(A, B(BIN_LT, V(a), V(b))), "not a < b");
	EXPECT_EXPR(ir_not(A, B(BIN_AND, V(a), V(b))), "not (a and b)");
	EXPECT_EXPR(B(BIN_AND, ir_not(A, V(a)), V(b)), "not a and b");
	EXPECT_EXPR(B(BIN_EQ, ir_not(A, V(a)), V(b)), "(not a) == b");
	EXPECT_EXPR(B(BIN_ADD, V(a), ir_not(A, V(b))), "a + (not b)");
	EXPECT_EXPR(ir_not(A, I(5)), "T.Not(5)");
	EXPECT_EXPR(ir_not(A, ir_pod_bool(A, 1)), "T.Not(True)");
	EXPECT_EXPR(ir_not(A, ir_not(A, V(a))), "not not a");
}

static void
test_compound_exprs(void)
{
	Func *f = func("main");
	Buffer *buf = own_buf(f, "buffer", "float16", 64, "shared", BUF_DECL);
	Var *i = ir_var(A, f, "i", "int32", NULL);
	EXPECT_EXPR(call("tvm_access_ptr", 5, call("type_annotation", 1, S("float16")), V(buf->data), I(0),
	                 I(64), I(2)),
	            "T.tvm_access_ptr(T.type_annotation(\"float16\"), buffer.data, 0, 64, 2)");
	const char *kw[] = {"predicate"};
	EXPECT_EXPR(ir_call_kw(A, "f", exprs(1, I(1)), 1, kw, exprs(1, V(i)), 1), "T.f(1, predicate=i)");
	EXPECT_EXPR(ir_call_kw(A, "g", NULL, 0, kw, exprs(1, V(i)), 1), "T.g(predicate=i)");
	EXPECT_EXPR(call("fence_proxy_async", 0), "T.fence_proxy_async()");
	EXPECT_EXPR(ir_tuple(A, EX_TUPLE, exprs(1, I(4)), 1), "(4,)");
	EXPECT_EXPR(ir_tuple(A, EX_TUPLE, NULL, 0), "()");
	EXPECT_EXPR(ir_tuple(A, EX_TUPLE, exprs(2, I(4), I(5)), 2), "(4, 5)");
	EXPECT_EXPR(ir_tuple(A, EX_LIST, exprs(2, I(128), I(128)), 2), "[128, 128]");
	EXPECT_EXPR(ir_dict(A, exprs(2, S("b"), S("a")), exprs(2, I(2), ir_pod_bool(A, 0)), 2),
	            "{\"a\": False, \"b\": 2}");
	EXPECT_EXPR(load1(buf, B(BIN_ADD, V(i), I(1))), "buffer[i + 1]");
	Buffer *zero = ir_buffer(A, f, "s", "float32", NULL, 0, NULL, BUF_DECL);
	EXPECT_EXPR(ir_load(A, zero, NULL, 0), "s[()]");
	Expr *lo = B(BIN_MUL, V(i), I(4));
	EXPECT_EXPR(load1(buf, ir_slice(A, lo, B(BIN_ADD, lo, I(4)), NULL)), "buffer[i * 4:i * 4 + 4]");
	EXPECT_EXPR(load1(buf, ir_slice(A, I(0), I(8), I(2))), "buffer[0:8:2]");
	EXPECT_EXPR(ir_bufref(A, buf), "buffer");
	EXPECT_EXPR(call("target", 1, dict1("kind", S("cuda"))), "T.target({\"kind\": \"cuda\"})");
}

/* ---- statements and functions ------------------------------------------------------ */

static const char *TARGET_LINE =
	"    T.func_attr({\"target\": T.target({\"arch\": \"sm_90a\", \"keys\": [\"cuda\", \"gpu\"], \"kind\": "
	"\"cuda\", \"max_num_threads\": 1024, \"tag\": \"\", \"thread_warp_size\": 32})})\n";

static Expr *
target_attr(void)
{
	Expr *keys = ir_tuple(A, EX_LIST, exprs(2, S("cuda"), S("gpu")), 2);
	Expr *t = ir_dict(A, exprs(6, S("kind"), S("arch"), S("keys"), S("max_num_threads"), S("tag"), S("thread_warp_size")),
	                  exprs(6, S("cuda"), S("sm_90a"), keys, I(1024), S(""), I(32)), 6);
	return dict1("target", call("target", 1, t));
}

/* corpus/golden-tilelang/p00003.in.py, rebuilt by hand. */
static void
test_golden_p00003(void)
{
	Func *f = func("main");
	Var *desc = ir_var(A, f, "A_desc", "uint8x128", "grid_constant");
	add_param(f, desc, NULL);
	add_param(f, ir_var(A, f, "flag", "int32", NULL), NULL);
	add_param(f, ir_var(A, f, "n", "int32", NULL), NULL);
	f->attrs = target_attr();
	Var *v = ir_var(A, f, "v", "int32", NULL), *v1 = ir_var(A, f, "v_1", "int32", NULL);
	Buffer *b0 = own_buf(f, "buffer", "float16", 64, "shared", BUF_DECL);
	Buffer *b1 = own_buf(f, "buffer_1", "float32", 8, "local", BUF_DECL);
	Buffer *b2 = own_buf(f, "buffer_2", "int32", 1, "local", BUF_DECL);
	Buffer *b3 = own_buf(f, "buffer_3", "uint64", 1, "local.descriptor.wgmma", BUF_DECL);
	Buffer *b4 = own_buf(f, "buffer_4", "uint64", 1, "shared.barrier", BUF_DECL);
	Expr *tt = ir_int(A, 1, "bool");
	Expr *ptr1 = call("tvm_access_ptr", 5, call("type_annotation", 1, S("float16")), V(b0->data), I(0), I(64), I(1));
	Expr *ptr3 = call("tvm_access_ptr", 5, call("type_annotation", 1, S("float16")), V(b0->data), I(0), I(16), I(3));
	Expr **wg = exprs(15, S("m64n8k16"), tt, tt, S("fp16"), S("fp16"), S("fp32"), V(b3->data), I(0),
	                  V(b3->data), I(0), V(b1->data), I(0), tt, I(1), I(1));
	Stmt *body = seq(3, ir_eval(A, call("tma_store", 4, V(desc), ptr1, I(0), I(0))),
	                 ir_eval(A, ir_call(A, "ptx_wgmma_ss", wg, 15)),
	                 ir_eval(A, call("call_extern", 3, S("handle"), S("ext_op"), ptr3)));
	body = ir_decl(A, b4, 1, body);
	body = ir_decl(A, b3, 1, body);
	body = ir_decl(A, b2, 1, body);
	body = ir_decl(A, b1, 1, body);
	body = ir_decl(A, b0, 1, body);
	body = ir_launch(A, v1, "threadIdx.x", I(128), body);
	body = ir_launch(A, v, "blockIdx.x", I(1), body);
	f->body = body;
	char want[4096];
	snprintf(want, sizeof want,
	         "# from tvm.script import tir as T\n"
	         "\n"
	         "@T.prim_func\n"
	         "def main(A_desc: T.handle(\"uint8x128\", \"grid_constant\"), flag: T.int32, n: T.int32):\n"
	         "%s"
	         "    v = T.launch_thread(\"blockIdx.x\", 1)\n"
	         "    v_1 = T.launch_thread(\"threadIdx.x\", 128)\n"
	         "    buffer = T.decl_buffer((64,), \"float16\", scope=\"shared\")\n"
	         "    buffer_1 = T.decl_buffer((8,), scope=\"local\")\n"
	         "    buffer_2 = T.decl_buffer((1,), \"int32\", scope=\"local\")\n"
	         "    buffer_3 = T.decl_buffer((1,), \"uint64\", scope=\"local.descriptor.wgmma\")\n"
	         "    buffer_4 = T.decl_buffer((1,), \"uint64\", scope=\"shared.barrier\")\n"
	         "    T.tma_store(A_desc, T.tvm_access_ptr(T.type_annotation(\"float16\"), buffer.data, 0, 64, 1), 0, 0)\n"
	         "    T.ptx_wgmma_ss(\"m64n8k16\", T.bool(True), T.bool(True), \"fp16\", \"fp16\", \"fp32\", buffer_3.data, 0, buffer_3.data, 0, buffer_1.data, 0, T.bool(True), 1, 1)\n"
	         "    T.call_extern(\"handle\", \"ext_op\", T.tvm_access_ptr(T.type_annotation(\"float16\"), buffer.data, 0, 16, 3))",
	         TARGET_LINE);
	Program *p = program1(f);
	expect_text(__LINE__, pprog(p), want);
	CHECK(verifies(f), "golden p00003 does not verify: %s", verify_msg(f));

	/* Also the file itself, found from this source file's path (absolute
	 * in CMake builds) or from the working directory. */
	char path[4096];
	const char *slash = strrchr(__FILE__, '/');
	snprintf(path, sizeof path, "%.*s/../corpus/golden-tilelang/p00003.in.py",
	         slash ? (int)(slash - __FILE__) : 1, slash ? __FILE__ : ".");
	FILE *fp = fopen(path, "rb");
	if (!fp)
		fp = fopen("corpus/golden-tilelang/p00003.in.py", "rb");
	if (fp) {
		char text[8192];
		size_t n = fread(text, 1, sizeof text - 1, fp);
		fclose(fp);
		while (n && text[n - 1] == '\n')
			n--;
		text[n] = 0;
		CHECK(strcmp(text, want) == 0, "p00003.in.py differs from the expected text");
	}
}

static void
test_scoping(void)
{
	Func *f = func("main");
	Var *n = ir_var(A, f, "n", "int32", NULL);
	add_param(f, n, NULL);
	Var *x = ir_var(A, f, "x", "int32", NULL), *y = ir_var(A, f, "y", "int32", NULL);
	Buffer *buf = own_buf(f, "buf", "int32", 4, "local", BUF_DECL);
	Stmt *st = store1(buf, I(0), V(x));
	/* A let followed by a sibling uses the with form; the last one is flat. */
	Stmt *body = ir_let(A, x, V(n), seq(3, ir_let(A, y, V(x), st), callstmt("fence_proxy_async"),
	                                    ir_let(A, y, B(BIN_ADD, V(x), I(1)), store1(buf, I(1), V(y)))));
	body = ir_decl(A, buf, 1, body);
	f->body = body;
	EXPECT_FUNC(f, "@T.prim_func\n"
	               "def main(n: T.int32):\n"
	               "    buf = T.decl_buffer((4,), \"int32\", scope=\"local\")\n"
	               "    x: T.int32 = n\n"
	               "    with T.LetStmt(x) as y:\n"
	               "        buf[0] = x\n"
	               "    T.fence_proxy_async()\n"
	               "    y: T.int32 = x + 1\n"
	               "    buf[1] = y");
	CHECK(verifies(f), "scoping example does not verify: %s", verify_msg(f));

	/* Pointer lets, assert, attr, allocate, decl over a pointer. */
	Func *g = func("main");
	Var *q = ir_var(A, g, "q", "float16", "shared.dyn");
	Var *src = ir_var(A, g, "src", "float16", "shared.dyn");
	add_param(g, src, NULL);
	Var *pa = ir_var(A, g, "pa", "uint8", "shared.dyn");
	Var *cnd = ir_var(A, g, "c", "bool", NULL);
	add_param(g, cnd, NULL);
	Buffer *view = ir_buffer(A, g, "view", "float16", exprs(1, I(128)), 1, pa, BUF_DECL);
	Stmt *use = store1(view, I(0), ir_float(A, 0.0, "float16"));
	Stmt *b2 = seq(2, ir_decl(A, view, 0, use), callstmt("tvm_storage_sync"));
	Stmt *gb = seq(5,
	               ir_let(A, q, V(src), callstmt("warpgroup_arrive")),
	               ir_assert(A, V(cnd), S("msg"), callstmt("warpgroup_commit_batch")),
	               ir_attr(A, ir_tuple(A, EX_LIST, exprs(2, I(128), I(128)), 2), "kWarpSpecializationScope", I(0),
	                       callstmt("tma_store_arrive")),
	               ir_alloc(A, pa, exprs(1, I(49152)), 1, V(cnd), dict1("k", I(1)), b2),
	               ir_let(A, q, V(src),
	                      ir_assert(A, V(cnd), S("m"),
	                                ir_attr(A, I(0), "key", I(1),
	                                        ir_alloc(A, pa, exprs(1, I(16)), 1, NULL, NULL,
	                                                 ir_decl(A, view, 0, use))))));
	g->body = gb;
	EXPECT_FUNC(g, "@T.prim_func\n"
	               "def main(src: T.handle(\"float16\", \"shared.dyn\"), c: T.bool):\n"
	               "    with T.LetStmt(src, T.handle(\"float16\", \"shared.dyn\")) as q:\n"
	               "        T.warpgroup_arrive()\n"
	               "    with T.Assert(c, \"msg\"):\n"
	               "        T.warpgroup_commit_batch()\n"
	               "    with T.attr([128, 128], \"kWarpSpecializationScope\", 0):\n"
	               "        T.tma_store_arrive()\n"
	               "    with T.allocate([49152], \"uint8\", \"shared.dyn\", c, annotations={\"k\": 1}) as pa:\n"
	               "        with T.decl_buffer((128,), \"float16\", data=pa, scope=\"shared.dyn\") as view:\n"
	               "            view[0] = T.float16(0.0)\n"
	               "        T.tvm_storage_sync()\n"
	               "    q: T.handle(\"float16\", \"shared.dyn\") = src\n"
	               "    assert c, \"m\"\n"
	               "    T.attr(0, \"key\", 1)\n"
	               "    pa = T.allocate([16], \"uint8\", \"shared.dyn\")\n"
	               "    view = T.decl_buffer((128,), \"float16\", data=pa, scope=\"shared.dyn\")\n"
	               "    view[0] = T.float16(0.0)");
	CHECK(verifies(g), "pointer example does not verify: %s", verify_msg(g));
}

static void
test_launch_and_header(void)
{
	Func *f = func("kernel");
	f->is_private = 1;
	Var *ah = ir_var(A, f, "A_handle", "handle", NULL);
	add_param(f, ah, NULL);
	Var *pb = ir_var(A, f, "B_handle", "handle", NULL);
	Buffer *bp = own_buf(f, "B", "float32", 16, "global", BUF_PARAM);
	add_param(f, pb, bp);
	Var *h = ir_var(A, f, "h", "handle", NULL);
	add_param(f, h, NULL);
	Var *m = ir_var(A, f, "m", "int32", NULL);
	m->flags = VAR_FREE;
	Var *k = ir_var(A, f, "k", "int32", NULL);
	k->flags = VAR_FREE | VAR_SIZE_VAR;
	f->free_vars = (Var **)ar_dup_array(A, (void *[]){m, k}, 2);
	f->nfree = 2;
	Var *tx = ir_var(A, f, "tx", "int32", NULL);
	tx->flags = VAR_ENV_THREAD;
	f->env_threads = (Var **)ar_dup_array(A, (void *[]){tx}, 1);
	f->nenv = 1;
	Var *adata = ir_var(A, f, "A", "float16", "global");
	Buffer *ab = ir_buffer(A, f, "A", "float16", exprs(2, V(m), I(16)), 2, adata, BUF_MATCH);
	adata->owner = ab;
	ab->strides = ir_tuple(A, EX_TUPLE, exprs(2, I(16), I(1)), 2);
	ab->match_source = V(ah);
	f->matches = (Buffer **)ar_dup_array(A, (void *[]){ab}, 1);
	f->nmatches = 1;
	f->has_root_block = 1;
	Buffer *sh = own_buf(f, "S", "float16", 128, "shared.dyn", BUF_BLOCK);
	f->root_allocs = (Buffer **)ar_dup_array(A, (void *[]){sh}, 1);
	f->nroot_allocs = 1;
	Stmt *use = store1(sh, V(tx), load1(ab, V(tx)));
	f->body = seq(2, ir_launch(A, tx, "threadIdx.x", I(128), use),
	              ir_launch(A, tx, "threadIdx.x", I(128), store1(bp, V(tx), V(tx))));
	EXPECT_FUNC(f, "@T.prim_func(private=True)\n"
	               "def kernel(A_handle: T.handle, B: T.Buffer((16,), \"float32\"), h: T.handle):\n"
	               "    m = T.int32()\n"
	               "    k = T.int32(is_size_var=True)\n"
	               "    tx = T.env_thread(\"threadIdx.x\")\n"
	               "    A = T.match_buffer(A_handle, (m, 16), \"float16\", strides=(16, 1))\n"
	               "    # with T.block(\"root\"):\n"
	               "    S = T.alloc_buffer((128,), \"float16\", scope=\"shared.dyn\")\n"
	               "    with T.launch_thread(tx, 128):\n"
	               "        S[tx] = A[tx]\n"
	               "    T.launch_thread(tx, 128)\n"
	               "    B[tx] = tx");
	CHECK(verifies(f), "header example does not verify: %s", verify_msg(f));

	/* Module form. */
	Func *g = func("other");
	g->body = callstmt("x");
	Program *p = ir_program(A);
	p->funcs = (Func **)ar_dup_array(A, (void *[]){f, g}, 2);
	p->nfuncs = 2;
	p->is_module = 1;
	char *text = pprog(p);
	const char *head = "# from tvm.script import ir as I\n# from tvm.script import tir as T\n\n"
	                   "@I.ir_module\nclass Module:\n    @T.prim_func(private=True)\n"
	                   "    def kernel(A_handle: T.handle, B: T.Buffer((16,), \"float32\"), h: T.handle):\n"
	                   "        m = T.int32()\n";
	const char *tail = "        B[tx] = tx\n\n    @T.prim_func\n    def other():\n        T.x()";
	CHECK(strncmp(text, head, strlen(head)) == 0 &&
	      strlen(text) > strlen(tail) && strcmp(text + strlen(text) - strlen(tail), tail) == 0,
	      "module form:\n%s", text);
	free(text);
}

static void
test_loops(void)
{
	Func *f = func("main");
	Var *n = ir_var(A, f, "n", "int32", NULL);
	add_param(f, n, NULL);
	Var *i = ir_var(A, f, "i", "int32", NULL), *j = ir_var(A, f, "j", "int32", NULL);
	Var *k = ir_var(A, f, "k", "int32", NULL);
	Stmt *w = callstmt("w");
	/* grid of three; the fourth loop's extent uses a grid var */
	Stmt *l4 = ir_for(A, ir_var(A, f, "l", "int32", NULL), I(0), V(k), NULL, FOR_SERIAL, NULL, NULL, w);
	Stmt *l3 = ir_for(A, k, I(0), V(n), NULL, FOR_SERIAL, NULL, NULL, l4);
	Stmt *l2 = ir_for(A, j, I(0), V(n), NULL, FOR_SERIAL, NULL, NULL, l3);
	Stmt *l1 = ir_for(A, i, I(0), I(3), NULL, FOR_SERIAL, NULL, NULL, l2);
	EXPECT_STMT(l1, "for i, j, k in T.grid(3, n, n):\n"
	                "    for l in range(k):\n"
	                "        T.w()");
	Stmt *r = ir_for(A, i, I(2), I(4), NULL, FOR_SERIAL, NULL, NULL, w);
	EXPECT_STMT(r, "for i in range(2, 6):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, V(n), I(4), NULL, FOR_SERIAL, NULL, NULL, w),
	            "for i in range(n, n + 4):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, V(n), B(BIN_SUB, V(k), V(n)), NULL, FOR_SERIAL, NULL, NULL, w),
	            "for i in range(n, k):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, I(0), I(16), I(2), FOR_SERIAL, NULL, NULL, w),
	            "for i in range(0, 16, 2):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, I(0), I(16), I(1), FOR_SERIAL, NULL, NULL, w),
	            "for i in range(0, 16, 1):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, I(0), I(16), I(2), FOR_UNROLL, NULL, NULL, w),
	            "for i in T.unroll(0, 16, step=2):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, I(0), I(3), NULL, FOR_UNROLL, NULL, dict1("pragma_unroll_explicit", ir_pod_bool(A, 0)), w),
	            "for i in T.unroll(3, annotations={\"pragma_unroll_explicit\": False}):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, I(0), I(16), I(2), FOR_SERIAL, NULL, dict1("num_stages", I(3)), w),
	            "for i in T.serial(0, 16, annotations={\"num_stages\": 3}, step=2):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, I(0), I(128), NULL, FOR_THREAD_BINDING, "threadIdx.x", NULL, w),
	            "for i in T.thread_binding(128, thread=\"threadIdx.x\"):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, I(0), I(4), NULL, FOR_VECTORIZED, NULL, NULL, w),
	            "for i in T.vectorized(4):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, I(1), I(4), NULL, FOR_PARALLEL, NULL, NULL, w),
	            "for i in T.parallel(1, 5):\n    T.w()");
	EXPECT_STMT(ir_for(A, i, ir_int(A, 0, "int64"), ir_int(A, 16, "int64"), NULL, FOR_SERIAL, NULL, NULL, w),
	            "for i in range(T.int64(16)):\n    T.w()");
	/* a stepped inner loop ends the grid */
	EXPECT_STMT(ir_for(A, i, I(0), I(2), NULL, FOR_SERIAL, NULL, NULL,
	                   ir_for(A, j, I(0), I(4), I(1), FOR_SERIAL, NULL, NULL, w)),
	            "for i in range(2):\n    for j in range(0, 4, 1):\n        T.w()");
	/* while / if / else-if */
	Stmt *iff = ir_if(A, B(BIN_EQ, V(n), I(0)), w,
	                  ir_if(A, B(BIN_EQ, V(n), I(1)), callstmt("x"), NULL));
	EXPECT_STMT(ir_while(A, B(BIN_LT, V(n), I(3)), iff),
	            "while n < 3:\n"
	            "    if n == 0:\n"
	            "        T.w()\n"
	            "    else:\n"
	            "        if n == 1:\n"
	            "            T.x()");
	EXPECT_STMT(ir_eval(A, call("ret", 1, I(0))), "return 0");
	EXPECT_STMT(ir_eval(A, I(0)), "T.evaluate(0)");
	EXPECT_STMT(ir_eval(A, V(n)), "T.evaluate(n)");
	EXPECT_STMT(NULL, "pass");
}

static void
test_blocks(void)
{
	Func *f = func("main");
	Buffer *a = own_buf(f, "A", "float16", 16, "global", BUF_PARAM);
	add_param(f, ir_var(A, f, "A_handle", "handle", NULL), a);
	Buffer *s = own_buf(f, "s", "float16", 16, "shared", BUF_BLOCK);
	Stmt *blk = ir_block(A, "tilelang_root", store1(s, I(0), load1(a, I(0))));
	blk->u.block.reads = ir_tuple(A, EX_LIST, exprs(1, load1(a, ir_slice(A, I(0), I(16), NULL))), 1);
	blk->u.block.writes = ir_tuple(A, EX_LIST, NULL, 0);
	blk->u.block.attrs = dict1("k", I(1));
	blk->u.block.allocs = (Buffer **)ar_dup_array(A, (void *[]){s}, 1);
	blk->u.block.nallocs = 1;
	f->body = blk;
	f->has_root_block = 1; /* as the reader makes it for any block */
	EXPECT_FUNC(f, "@T.prim_func\n"
	               "def main(A: T.Buffer((16,), \"float16\")):\n"
	               "    # with T.block(\"root\"):\n"
	               "    with T.block(\"tilelang_root\"):\n"
	               "        T.reads(A[0:16])\n"
	               "        T.writes()\n"
	               "        T.block_attr({\"k\": 1})\n"
	               "        s = T.alloc_buffer((16,), \"float16\", scope=\"shared\")\n"
	               "        s[0] = A[0]");
	CHECK(verifies(f), "block example does not verify: %s", verify_msg(f));
	Stmt *b2 = ir_block(A, "b", callstmt("w"));
	b2->u.block.where = B(BIN_LT, I(0), I(1));
	EXPECT_STMT(b2, "with T.block(\"b\"):\n    T.where(0 < 1)\n    T.reads()\n    T.writes()\n    T.w()");
}

/* ---- aliases ------------------------------------------------------------------------- */

static void
test_aliases(void)
{
	Func *f = func("main");
	Var *flag = ir_var(A, f, "flag", "int32", NULL);
	add_param(f, flag, NULL);
	Var *cl = ir_var(A, f, "C_local", "float32", "local");
	Var *sm = ir_var(A, f, "buf_dyn_shmem", "uint8", "shared.dyn");
	Buffer *c1 = ir_buffer(A, f, "C_local_1", "float32", exprs(1, I(64)), 1, cl, BUF_ALIAS);
	Buffer *cs = ir_buffer(A, f, "C_shared", "float16", exprs(1, I(4096)), 1, sm, BUF_ALIAS);
	Buffer *d1 = ir_buffer(A, f, "d_1", "uint64", exprs(1, I(1)), 1, cl, BUF_ALIAS);
	Var *i = ir_var(A, f, "i", "int32", NULL), *ko = ir_var(A, f, "ko", "int32", NULL);
	/* else branch: C_local_1 used by two of its statements -> before the first;
	 * d_1 used only in the ko loop's body -> inside it; C_shared used in the
	 * last loop's body only -> inside that body. */
	Stmt *fill = ir_for(A, i, I(0), I(16), NULL, FOR_UNROLL, NULL, NULL,
	                    store1(c1, V(i), ir_float(A, 0.0, "float32")));
	Stmt *kol = ir_for(A, ko, I(0), I(16), NULL, FOR_SERIAL, NULL, NULL,
	                   seq(3, callstmt("warpgroup_wait"), ir_eval(A, call("initialize_wgmma_descriptor", 1, load1(d1, I(0)))), callstmt("warpgroup_arrive")));
	Stmt *ep = ir_for(A, i, I(0), I(32), NULL, FOR_UNROLL, NULL, NULL,
	                  store1(cs, V(i), call("Cast", 2, S("float16"), load1(c1, V(i)))));
	Stmt *els = seq(3, fill, kol, ep);
	Stmt *body = ir_if(A, B(BIN_GE, V(flag), I(128)), callstmt("tma_store_arrive"), els);
	body = ir_alloc(A, cl, exprs(1, I(64)), 1, NULL, NULL, body);
	body = ir_alloc(A, sm, exprs(1, I(81920)), 1, NULL, NULL, body);
	f->body = body;
	EXPECT_FUNC(f, "@T.prim_func\n"
	               "def main(flag: T.int32):\n"
	               "    buf_dyn_shmem = T.allocate([81920], \"uint8\", \"shared.dyn\")\n"
	               "    C_local = T.allocate([64], \"float32\", \"local\")\n"
	               "    if flag >= 128:\n"
	               "        T.tma_store_arrive()\n"
	               "    else:\n"
	               "        C_local_1 = T.Buffer((64,), data=C_local, scope=\"local\")\n"
	               "        for i in T.unroll(16):\n"
	               "            C_local_1[i] = T.float32(0.0)\n"
	               "        for ko in range(16):\n"
	               "            T.warpgroup_wait()\n"
	               "            d_1 = T.Buffer((1,), \"uint64\", data=C_local, scope=\"local\")\n"
	               "            T.initialize_wgmma_descriptor(d_1[0])\n"
	               "            T.warpgroup_arrive()\n"
	               "        for i in T.unroll(32):\n"
	               "            C_shared = T.Buffer((4096,), \"float16\", data=buf_dyn_shmem, scope=\"shared.dyn\")\n"
	               "            C_shared[i] = T.Cast(\"float16\", C_local_1[i])");
	CHECK(verifies(f), "alias example does not verify: %s", verify_msg(f));

	/* An alias used in a loop header and its body goes before the loop; one
	 * used by the rest of a flat let goes after the let, at the same level. */
	Func *g = func("main");
	Var *p = ir_var(A, g, "p", "int32", "local");
	Var *x = ir_var(A, g, "x", "int32", NULL);
	Buffer *al = ir_buffer(A, g, "al", "int32", exprs(1, I(4)), 1, p, BUF_ALIAS);
	Buffer *bl = ir_buffer(A, g, "bl", "int32", exprs(1, load1(al, I(0))), 1, p, BUF_ALIAS);
	Stmt *loop = ir_for(A, i, I(0), load1(al, I(0)), NULL, FOR_SERIAL, NULL, NULL, store1(al, V(i), I(0)));
	Stmt *rest = ir_let(A, x, I(1), seq(2, callstmt("warpgroup_arrive"), store1(bl, I(0), V(x))));
	g->body = ir_alloc(A, p, exprs(1, I(4)), 1, NULL, NULL, seq(2, callstmt("warpgroup_commit_batch"), seq(2, loop, rest)));
	EXPECT_FUNC(g, "@T.prim_func\n"
	               "def main():\n"
	               "    p = T.allocate([4], \"int32\", \"local\")\n"
	               "    T.warpgroup_commit_batch()\n"
	               "    al = T.Buffer((4,), \"int32\", data=p, scope=\"local\")\n"
	               "    for i in range(al[0]):\n"
	               "        al[i] = 0\n"
	               "    x: T.int32 = 1\n"
	               "    T.warpgroup_arrive()\n"
	               "    bl = T.Buffer((al[0],), \"int32\", data=p, scope=\"local\")\n"
	               "    bl[0] = x");
	CHECK(verifies(g), "alias example 2 does not verify: %s", verify_msg(g));

	/* An alias anchored at an inner loop of a would-be grid splits it. */
	Func *h = func("main");
	Var *q = ir_var(A, h, "q", "int32", "local");
	Buffer *cb = ir_buffer(A, h, "cb", "int32", exprs(1, I(4)), 1, q, BUF_ALIAS);
	Var *j = ir_var(A, h, "j", "int32", NULL);
	Stmt *inner = ir_for(A, j, I(0), load1(cb, I(0)), NULL, FOR_SERIAL, NULL, NULL, store1(cb, V(j), I(1)));
	h->body = ir_alloc(A, q, exprs(1, I(4)), 1, NULL, NULL,
	                   ir_for(A, i, I(0), I(2), NULL, FOR_SERIAL, NULL, NULL, inner));
	EXPECT_FUNC(h, "@T.prim_func\n"
	               "def main():\n"
	               "    q = T.allocate([4], \"int32\", \"local\")\n"
	               "    for i in range(2):\n"
	               "        cb = T.Buffer((4,), \"int32\", data=q, scope=\"local\")\n"
	               "        for j in range(cb[0]):\n"
	               "            cb[j] = 1");
}

/* ---- equality and hash ------------------------------------------------------------------- */

/* A small kernel; `name_salt` renames every bound var and buffer, `idx` is
 * the index of its one shared store. */
static Func *
kernel(const char *salt, int64_t idx)
{
	char nm[64];
#define NAME(s) (snprintf(nm, sizeof nm, "%s%s", s, salt), ar_strdup(A, nm))
	Func *f = func("main");
	Var *n = ir_var(A, f, NAME("n"), "int32", NULL);
	add_param(f, n, NULL);
	Var *tx = ir_var(A, f, NAME("tx"), "int32", NULL);
	Buffer *sm = own_buf(f, NAME("smem"), "float16", 64, "shared", BUF_DECL);
	Var *i = ir_var(A, f, NAME("i"), "int32", NULL), *x = ir_var(A, f, NAME("x"), "int32", NULL);
	Var *p = ir_var(A, f, NAME("p"), "float32", "local");
	Buffer *al = ir_buffer(A, f, NAME("al"), "float32", exprs(1, I(8)), 1, p, BUF_ALIAS);
	Stmt *loop = ir_for(A, i, I(0), V(n), NULL, FOR_SERIAL, NULL, NULL,
	                    seq(2, store1(sm, B(BIN_ADD, V(i), I(idx)), ir_float(A, 1.0, "float16")),
	                        ir_eval(A, call("tma_store", 2, V(sm->data), V(x)))));
	Stmt *body = ir_let(A, x, B(BIN_MUL, V(tx), I(2)), seq(2, loop, store1(al, I(0), ir_float(A, 0.0, "float32"))));
	body = ir_alloc(A, p, exprs(1, I(8)), 1, NULL, NULL, body);
	body = ir_decl(A, sm, 1, body);
	f->body = ir_launch(A, tx, "threadIdx.x", I(128), body);
	return f;
#undef NAME
}

static void
test_equality(void)
{
	Func *a = kernel("", 1), *b = kernel("_r", 1), *c = kernel("", 2);
	CHECK(ir_equal_func(a, a), "a != a");
	CHECK(ir_equal_func(a, b), "renaming bound vars breaks equality");
	CHECK(ir_hash_func(a) == ir_hash_func(b), "renaming bound vars changes the hash");
	CHECK(!ir_equal_func(a, c), "a changed store index is not seen");
	CHECK(ir_hash_func(a) != ir_hash_func(c), "a changed store index keeps the hash");
	CHECK(ir_equal_program(program1(a), program1(b)), "programs differ");
	CHECK(ir_hash_program(program1(a)) == ir_hash_program(program1(b)), "program hashes differ");
	CHECK(verifies(a), "kernel does not verify: %s", verify_msg(a));

	/* Sharing: b's body reuses a's subtree under a different launch var. */
	Func *s = ir_func_with_body(A, a, a->body);
	CHECK(ir_equal_func(a, s), "a shallow copy is not equal");
	Stmt *l = a->body;
	Var *tx2 = ir_var(A, a, "tx2", "int32", NULL);
	Func *t = ir_func_with_body(A, a, ir_launch(A, tx2, "threadIdx.x", I(128), l->u.launch.body));
	CHECK(!ir_equal_func(a, t), "body using tx under a launch of tx2 compares equal");

	/* Swapping two bound vars' roles is not a renaming. */
	Func *f1 = func("main"), *f2 = func("main");
	Var *u1 = ir_var(A, f1, "u", "int32", NULL), *w1 = ir_var(A, f1, "w", "int32", NULL);
	Var *u2 = ir_var(A, f2, "u", "int32", NULL), *w2 = ir_var(A, f2, "w", "int32", NULL);
	add_param(f1, u1, NULL);
	add_param(f1, w1, NULL);
	add_param(f2, u2, NULL);
	add_param(f2, w2, NULL);
	f1->body = ir_eval(A, call("f", 2, V(u1), V(w1)));
	f2->body = ir_eval(A, call("f", 2, V(w2), V(u2)));
	CHECK(!ir_equal_func(f1, f2), "swapped params compare equal");
	CHECK(ir_hash_func(f1) != ir_hash_func(f2), "swapped params hash equal");

	/* Shadowing: the same Var bound twice vs two Vars. */
	Func *g1 = func("main"), *g2 = func("main");
	Var *x1 = ir_var(A, g1, "x", "int32", NULL);
	Var *y2 = ir_var(A, g2, "x", "int32", NULL), *z2 = ir_var(A, g2, "x_1", "int32", NULL);
	g1->body = ir_let(A, x1, I(1), seq(2, ir_let(A, x1, I(2), ir_eval(A, call("f", 1, V(x1)))),
	                                   ir_eval(A, call("g", 1, V(x1)))));
	g2->body = ir_let(A, y2, I(1), seq(2, ir_let(A, z2, I(2), ir_eval(A, call("f", 1, V(z2)))),
	                                   ir_eval(A, call("g", 1, V(y2)))));
	CHECK(ir_equal_func(g1, g2), "shadowing is not undone at scope exit");
	CHECK(ir_hash_func(g1) == ir_hash_func(g2), "shadowing hashes differ");
	Func *g3 = func("main");
	Var *y3 = ir_var(A, g3, "x", "int32", NULL), *z3 = ir_var(A, g3, "x_1", "int32", NULL);
	g3->body = ir_let(A, y3, I(1), seq(2, ir_let(A, z3, I(2), ir_eval(A, call("f", 1, V(z3)))),
	                                   ir_eval(A, call("g", 1, V(z3)))));
	CHECK(!ir_equal_func(g1, g3), "use after scope compares equal");

	/* Free vars compare by name in ir_equal_stmt. */
	Var *fa = ir_var(A, NULL, "m", "int32", NULL), *fb = ir_var(A, NULL, "m", "int32", NULL);
	Var *fc = ir_var(A, NULL, "k", "int32", NULL);
	CHECK(ir_equal_stmt(ir_eval(A, V(fa)), ir_eval(A, V(fb))), "free vars with one name differ");
	CHECK(!ir_equal_stmt(ir_eval(A, V(fa)), ir_eval(A, V(fc))), "free vars with two names are equal");
	CHECK(ir_hash_stmt(ir_eval(A, V(fa))) == ir_hash_stmt(ir_eval(A, V(fb))), "free var hash");

	/* Literals: dtype and value; absent vs empty dicts. */
	CHECK(!ir_equal_stmt(ir_eval(A, I(1)), ir_eval(A, ir_int(A, 1, "int64"))), "dtype ignored");
	CHECK(!ir_equal_stmt(ir_eval(A, ir_float(A, 0.0, "float32")), ir_eval(A, ir_float(A, -0.0, "float32"))),
	      "-0.0 == 0.0");
	Var *lv = ir_var(A, NULL, "i", "int32", NULL);
	Stmt *fa1 = ir_for(A, lv, I(0), I(4), NULL, FOR_SERIAL, NULL, NULL, callstmt("w"));
	Stmt *fa2 = ir_for(A, lv, I(0), I(4), NULL, FOR_SERIAL, NULL, ir_dict(A, NULL, NULL, 0), callstmt("w"));
	Stmt *fa3 = ir_for(A, lv, I(0), I(4), I(1), FOR_SERIAL, NULL, NULL, callstmt("w"));
	CHECK(ir_equal_stmt(fa1, fa2) && ir_hash_stmt(fa1) == ir_hash_stmt(fa2), "empty annotations differ from none");
	CHECK(!ir_equal_stmt(fa1, fa3) && ir_hash_stmt(fa1) != ir_hash_stmt(fa3), "step 1 equals no step");

	/* Aliases compare by fields at first use and consistently after. */
	Func *h1 = func("main"), *h2 = func("main");
	Var *p1 = ir_var(A, h1, "p", "int32", "local"), *p2 = ir_var(A, h2, "q", "int32", "local");
	Buffer *a1 = ir_buffer(A, h1, "a", "int32", exprs(1, I(4)), 1, p1, BUF_ALIAS);
	Buffer *a2 = ir_buffer(A, h2, "b", "int32", exprs(1, I(4)), 1, p2, BUF_ALIAS);
	Buffer *a3 = ir_buffer(A, h2, "c", "int32", exprs(1, I(4)), 1, p2, BUF_ALIAS);
	h1->body = ir_alloc(A, p1, exprs(1, I(4)), 1, NULL, NULL, seq(2, store1(a1, I(0), I(1)), store1(a1, I(1), I(1))));
	h2->body = ir_alloc(A, p2, exprs(1, I(4)), 1, NULL, NULL, seq(2, store1(a2, I(0), I(1)), store1(a2, I(1), I(1))));
	CHECK(ir_equal_func(h1, h2) && ir_hash_func(h1) == ir_hash_func(h2), "renamed aliases differ");
	h2->body = ir_alloc(A, p2, exprs(1, I(4)), 1, NULL, NULL, seq(2, store1(a2, I(0), I(1)), store1(a3, I(1), I(1))));
	CHECK(!ir_equal_func(h1, h2), "one alias vs two compare equal");
}

/* ---- verifier ----------------------------------------------------------------------------------- */

static void
test_verifier(void)
{
	Func *f = func("main");
	Var *n = ir_var(A, f, "n", "int32", NULL);
	Var *x = ir_var(A, f, "x", "int32", NULL);
	add_param(f, n, NULL);
	f->body = seq(2, ir_let(A, x, V(n), callstmt("a")), ir_eval(A, call("b", 1, V(x))));
	const char *m = verify_msg(f);
	CHECK(m && strstr(m, "outside the scope"), "var out of scope: %s", m ? m : "accepted");

	Stmt *one = ir_seq(A, (Stmt *[]){callstmt("a"), callstmt("b")}, 2);
	one->u.seq.n = 1;
	f->body = one;
	m = verify_msg(f);
	CHECK(m && strstr(m, "sequence of 1"), "short sequence: %s", m ? m : "accepted");

	Stmt *inner = seq(2, callstmt("a"), callstmt("b"));
	Stmt *outer = seq(2, callstmt("c"), callstmt("d"));
	outer->u.seq.items[1] = inner;
	f->body = outer;
	m = verify_msg(f);
	CHECK(m && strstr(m, "sequence directly inside"), "nested sequence: %s", m ? m : "accepted");

	Buffer *b = own_buf(f, "b", "int32", 4, "local", BUF_DECL);
	f->body = store1(b, I(0), I(1));
	m = verify_msg(f);
	CHECK(m && strstr(m, "buffer 'b'"), "undeclared buffer: %s", m ? m : "accepted");
	f->body = ir_decl(A, b, 1, store1(b, I(0), V(b->data)));
	CHECK(verifies(f), "declared buffer rejected: %s", verify_msg(f));

	f->body = ir_for(A, x, I(0), I(4), NULL, FOR_THREAD_BINDING, NULL, NULL, callstmt("a"));
	m = verify_msg(f);
	CHECK(m && strstr(m, "without a thread"), "thread binding: %s", m ? m : "accepted");
	f->body = ir_for(A, x, I(0), I(4), NULL, (ForKind)9, NULL, NULL, callstmt("a"));
	m = verify_msg(f);
	CHECK(m && strstr(m, "loop kind"), "loop kind: %s", m ? m : "accepted");

	Expr *lit = I(1);
	lit->dt = IR_DT_NONE;
	f->body = ir_eval(A, lit);
	m = verify_msg(f);
	CHECK(m && strstr(m, "dtype"), "literal dtype: %s", m ? m : "accepted");

	f->body = ir_eval(A, call("", 0));
	m = verify_msg(f);
	CHECK(m && strstr(m, "call without a name"), "call name: %s", m ? m : "accepted");

	f->body = ir_let(A, x, NULL, callstmt("a"));
	m = verify_msg(f);
	CHECK(m && strstr(m, "missing let value"), "missing child: %s", m ? m : "accepted");

	f->body = ir_eval(A, ir_slice(A, I(0), I(1), NULL));
	m = verify_msg(f);
	CHECK(m && strstr(m, "slice"), "bare slice: %s", m ? m : "accepted");

	Var *tx = ir_var(A, f, "tx", "int32", NULL);
	tx->flags = VAR_ENV_THREAD;
	f->body = ir_launch(A, tx, "threadIdx.x", I(1), callstmt("a"));
	m = verify_msg(f);
	CHECK(m && strstr(m, "'tx'"), "undefined env thread: %s", m ? m : "accepted");

	Func *g = func("main");
	Var *ty = ir_var(A, g, "ty", "int32", NULL);
	ty->flags = VAR_ENV_THREAD;
	g->env_threads = (Var **)ar_dup_array(A, (void *[]){ty}, 1);
	g->nenv = 1;
	g->body = seq(2, ir_launch(A, ty, "threadIdx.y", I(2), callstmt("a")),
	              ir_launch(A, ty, "threadIdx.z", I(2), callstmt("b")));
	m = verify_msg(g);
	CHECK(m && strstr(m, "launched as both"), "env thread with two tags: %s", m ? m : "accepted");

	Buffer *own = own_buf(f, "own", "int32", 4, "local", BUF_BLOCK);
	Stmt *blk = ir_block(A, "b", callstmt("a"));
	blk->u.block.where = load1(own, I(0));
	blk->u.block.allocs = (Buffer **)ar_dup_array(A, (void *[]){own}, 1);
	blk->u.block.nallocs = 1;
	f->body = blk;
	m = verify_msg(f);
	CHECK(m && strstr(m, "'own'"), "block header naming its own alloc: %s", m ? m : "accepted");

	/* depth */
	Expr *deep = I(0);
	for (int i = 0; i < IR_MAX_DEPTH + 5; i++)
		deep = B(BIN_ADD, deep, I(1));
	f->body = ir_eval(A, deep);
	m = verify_msg(f);
	CHECK(m && strstr(m, "deeper"), "deep expression: %s", m ? m : "accepted");
	Stmt *ds = callstmt("a");
	for (int i = 0; i < IR_MAX_DEPTH + 5; i++)
		ds = ir_attr(A, I(0), "k", I(0), ds);
	f->body = ds;
	m = verify_msg(f);
	CHECK(m && strstr(m, "deeper"), "deep statements: %s", m ? m : "accepted");
	Stmt *ok = callstmt("a");
	for (int i = 0; i < IR_MAX_DEPTH - 1; i++)
		ok = ir_attr(A, I(0), "k", I(0), ok);
	f->body = ok;
	CHECK(verifies(f), "depth %d rejected: %s", IR_MAX_DEPTH, verify_msg(f));

	/* An alias whose data var is out of scope at its use. */
	Var *p = ir_var(A, f, "p", "int32", "local");
	Buffer *al = ir_buffer(A, f, "al", "int32", exprs(1, I(4)), 1, p, BUF_ALIAS);
	f->body = seq(2, ir_alloc(A, p, exprs(1, I(4)), 1, NULL, NULL, callstmt("a")), store1(al, I(0), I(0)));
	m = verify_msg(f);
	CHECK(m && strstr(m, "'p'"), "alias data out of scope: %s", m ? m : "accepted");

	/* An alias whose shape loads from itself: rejected, and equality, hash
	 * and printing still terminate. */
	Buffer *self = ir_buffer(A, f, "self", "int32", exprs(1, I(4)), 1, p, BUF_ALIAS);
	self->shape[0] = load1(self, I(0));
	f->body = ir_alloc(A, p, exprs(1, I(4)), 1, NULL, NULL, store1(self, I(0), I(0)));
	m = verify_msg(f);
	CHECK(m && strstr(m, "in terms of itself"), "self-referencing alias: %s", m ? m : "accepted");
	CHECK(ir_equal_func(f, f), "self-referencing alias: not equal to itself");
	CHECK(ir_hash_func(f) == ir_hash_func(f), "self-referencing alias: hash");
	free(pfunc(f));
}

/* ---- scale ---------------------------------------------------------------------------------- */

static void
test_scale(void)
{
	enum { N = 200000 };
	Func *f = func("main");
	Buffer *b = own_buf(f, "b", "int32", 64, "shared", BUF_DECL);
	Var *i = ir_var(A, f, "i", "int32", NULL);
	Stmt **items = ar_alloc(A, sizeof *items * N);
	for (int k = 0; k < N; k++)
		items[k] = k % 3 ? store1(b, I(k % 64), I(k))
		                 : ir_for(A, i, I(0), I(4), NULL, FOR_SERIAL, NULL, NULL, store1(b, V(i), I(k)));
	f->body = ir_decl(A, b, 1, ir_seq(A, items, N));
	clock_t t0 = clock();
	char *text = pfunc(f);
	int eq = ir_equal_func(f, f);
	uint64_t h = ir_hash_func(f);
	int ok = verifies(f);
	double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
	CHECK(eq && ok && h, "scale: eq %d verify %d", eq, ok);
	CHECK(secs < 5.0, "print+equal+hash+verify of %d statements took %.2fs", N, secs);
	free(text);
}

/* The verifier's memo (core/verify.c): a statement verified once is
 * skipped later only where the same definitions are in scope again. */
static void
test_verifier_memo(void)
{
	Arena *outer = A;
	A = ar_new(); /* the first verification in an arena leaves the memo */
	Func *f = func("main");
	Var *n = ir_var(A, f, "n", "int32", NULL);
	Var *x = ir_var(A, f, "x", "int32", NULL);
	add_param(f, n, NULL);
	Stmt *use = ir_eval(A, call("b", 1, V(x)));
	Stmt *let = ir_let(A, x, V(n), seq(2, callstmt("a"), use));
	f->body = let;
	CHECK(verifies(f), "memo: the program does not verify: %s", verify_msg(f));
	CHECK(ar_side(A) != NULL, "memo: no memo left in the arena");
	/* The let's statement again after the let: x is out of scope there. */
	Func *g = ir_func_with_body(A, f, seq(2, let, use));
	const char *m = verify_msg(g);
	CHECK(m && strstr(m, "outside the scope"), "memo: shared statement out of scope: %s",
	      m ? m : "accepted");
	/* Under another let of the same var: in scope, accepted. */
	Func *h = ir_func_with_body(A, f, seq(2, callstmt("c"), ir_let(A, x, I(1), seq(2, use, callstmt("d")))));
	CHECK(verifies(h), "memo: shared statement in scope rejected: %s", verify_msg(h));
	ar_free(A);
	A = outer;
}

/* ir_verify_output reads only what a pass built, and answers 0 ("valid")
 * only where ir_verify_program would: a new statement that uses a
 * definition, or a changed header, is left to the full check (1). */
static int nfresh;

static void
count_fresh(const Stmt *s, void *ctx)
{
	(void)s;
	(void)ctx;
	nfresh++;
}

static int
output_check(Program *in, Func *out_f, int *fresh)
{
	nfresh = 0;
	int r = ir_verify_output(in, program1(out_f), count_fresh, NULL);
	*fresh = nfresh;
	return r;
}

static void
test_verify_output(void)
{
	Arena *outer = A;
	A = ar_new();
	Func *f = func("main");
	Var *n = ir_var(A, f, "n", "int32", NULL);
	Var *x = ir_var(A, f, "x", "int32", NULL);
	add_param(f, n, NULL);
	Stmt *a = callstmt("a"), *use = ir_eval(A, call("b", 1, V(x)));
	Stmt *let = ir_let(A, x, V(n), seq(2, callstmt("a2"), use));
	f->body = seq(2, a, let);
	Program *in = program1(f);
	Diag d;
	CHECK(ir_verify_program(in, &d) == 0, "verify_output: the input does not verify: %s", d.msg);
	int fresh;
	/* A fence put before the input's statements: checked on its own. */
	Func *o1 = ir_func_with_body(A, f, seq(3, callstmt("fence"), a, let));
	CHECK(output_check(in, o1, &fresh) == 0 && fresh == 1,
	      "verify_output: an inserted fence: %d fresh statements", fresh);
	/* The input unchanged: nothing new. */
	CHECK(output_check(in, ir_func_with_body(A, f, f->body), &fresh) == 0 && fresh == 0,
	      "verify_output: the input itself: %d fresh statements", fresh);
	/* A new statement using x inside its let: valid, but the full check decides. */
	Stmt *let2 = ir_let(A, x, V(n), seq(3, callstmt("a2"), use, ir_eval(A, call("c", 1, V(x)))));
	Func *o2 = ir_func_with_body(A, f, seq(2, a, let2));
	CHECK(output_check(in, o2, &fresh) == 1, "verify_output: a new use of x in scope was passed without the full check");
	CHECK(verifies(o2), "verify_output: the in-scope output does not verify: %s", verify_msg(o2));
	/* The same use after the let, out of x's scope: never passed as valid. */
	Func *o3 = ir_func_with_body(A, f, seq(3, a, let, ir_eval(A, call("c", 1, V(x)))));
	CHECK(output_check(in, o3, &fresh) == 1, "verify_output: a use of x outside its scope was passed as valid");
	CHECK(!verifies(o3), "verify_output: the out-of-scope output verifies");
	/* A changed header (a parameter more): left to the full check. */
	Func *o4 = ir_func_with_body(A, f, f->body);
	add_param(o4, ir_var(A, o4, "m", "int32", NULL), NULL);
	CHECK(output_check(in, o4, &fresh) == 1, "verify_output: a changed header was passed without the full check");
	ar_free(A);
	A = outer;
}

/* Every node takes its own kind's bytes (ir.h); copies take the same; a
 * Debug build marks the rest of a full slot (a pattern, or ASan poison). */
#ifndef NDEBUG
static int
tail_marked(const void *node, size_t size)
{
	const unsigned char *p = node;
#if defined(__SANITIZE_ADDRESS__)
	return __asan_address_is_poisoned(p + size) != 0;
#else
	return p[size] == 0xa5;
#endif
}
#endif

static void
test_node_sizes(void)
{
	Var *x = ir_var(A, NULL, "x", "int32", NULL);
	Buffer *buf = ir_buffer(A, NULL, "b", "float32", NULL, 0, NULL, BUF_PARAM);
	Expr *args[1] = {I(3)};
	const char *kn[1] = {"k"};
	Expr *kv[1] = {S("v")};
	Expr *plain = ir_call(A, "f", args, 1), *kw = ir_call_kw(A, "f", args, 1, kn, kv, 1);
	Expr *odd = ir_int(A, 3, "int4"), *oddf = ir_float(A, 0.5, "float8_e4m3fnuz");
	CHECK(ir_expr_size(I(1)) <= 16 && ir_expr_size(ir_pod_bool(A, 1)) <= 16 &&
	      ir_expr_size(ir_float(A, 1.0, "float16")) <= 24 &&
	      ir_expr_size(S("s")) <= 24 && ir_expr_size(V(x)) <= 24 && ir_expr_size(ir_none(A)) <= 16,
	      "leaf nodes are small: int %zu, float %zu, str %zu, var %zu, none %zu", ir_expr_size(I(1)),
	      ir_expr_size(ir_float(A, 1.0, "float16")), ir_expr_size(S("s")), ir_expr_size(V(x)),
	      ir_expr_size(ir_none(A)));
	CHECK(ir_expr_size(odd) > ir_expr_size(I(1)) && ir_expr_size(oddf) == ir_expr_size(odd),
	      "a literal of an unnamed dtype keeps its name: %zu bytes", ir_expr_size(odd));
	/* A value beyond 32 bits takes 8 bytes more; both forms read alike. */
	Expr *wide = ir_int(A, (int64_t)1 << 40, "int64"), *wide32 = ir_int(A, (int64_t)INT32_MAX + 1, NULL);
	Expr *small = ir_int(A, INT32_MIN, "int64"), *big = ir_int(A, INT64_MIN, "int64");
	CHECK(ir_expr_size(wide) > ir_expr_size(small) && ir_expr_size(wide32) == ir_expr_size(wide) &&
	      ir_expr_size(small) == ir_expr_size(I(1)), "int sizes: wide %zu, small %zu", ir_expr_size(wide),
	      ir_expr_size(small));
	CHECK(ir_int_value(wide) == (int64_t)1 << 40 && ir_int_value(wide32) == (int64_t)INT32_MAX + 1 &&
	      ir_int_value(small) == INT32_MIN && ir_int_value(big) == INT64_MIN && ir_int_value(I(-5)) == -5 &&
	      ir_int_value(ir_int(A, INT32_MAX, "int32")) == INT32_MAX && ir_int_value(ir_int(A, -7, "int4")) == -7 &&
	      ir_int_value(ir_pod_bool(A, 7)) == 1 && ir_int_value(ir_pod_bool(A, 0)) == 0,
	      "ir_int_value of both forms");
	CHECK(!strcmp(ir_expr_dtype(wide), "int64") && !strcmp(ir_expr_dtype(wide32), "int32") &&
	      ir_expr_dtype(wide) == ir_expr_dtype(small) && ir_expr_dtype_code(wide) == IR_DT_INT64 &&
	      ir_expr_dtype_code(odd) == IR_DT_OTHER && ir_expr_dtype_code(oddf) == IR_DT_OTHER &&
	      ir_expr_dtype_code(ir_float(A, 1.0, NULL)) == IR_DT_FLOAT32, "the dtype of both forms");
	CHECK(ir_expr_same(wide, ir_int(A, (int64_t)1 << 40, "int64")) && !ir_expr_same(wide, ir_int(A, 0, "int64")) &&
	      !ir_expr_same(small, ir_int(A, INT32_MIN, "int32")) && ir_expr_same(I(3), I(3)) && !ir_expr_same(I(3), I(4)),
	      "literals compare by value and dtype");
	EXPECT_EXPR(wide, "T.int64(1099511627776)");
	EXPECT_EXPR(big, "T.int64(-9223372036854775808)");
	EXPECT_EXPR(wide32, "2147483648");
	CHECK(ir_expr_size(plain) < ir_expr_size(kw) && ir_expr_size(kw) == sizeof(Expr),
	      "a call without keywords is smaller than one with");
	CHECK(ir_stmt_size(ST_EVAL) <= 24 && ir_stmt_size(ST_BLOCK) == sizeof(Stmt), "eval %zu, block %zu",
	      ir_stmt_size(ST_EVAL), ir_stmt_size(ST_BLOCK));
	Expr *idx[1] = {I(0)};
	Expr *every[] = {
		I(1), odd, wide, ir_float(A, 1.0, NULL), oddf, S("s"), ir_pod_bool(A, 1), ir_none(A), V(x),
		ir_bufref(A, buf), B(BIN_ADD, I(1), I(2)), ir_not(A, I(0)), plain, kw,
		ir_load(A, buf, idx, 1), ir_slice(A, I(0), I(4), NULL), ir_tuple(A, EX_TUPLE, idx, 1),
		ir_tuple(A, EX_LIST, idx, 1), ir_dict(A, kv, idx, 1), ir_metadata(A, "k", 0),
	};
	int seen = 0;
	for (size_t i = 0; i < sizeof every / sizeof every[0]; i++) {
		Expr *e = every[i], *c = ir_copy_expr(A, e);
		seen |= 1 << e->kind;
		CHECK(ir_expr_size(e) % 8 == 0 && ir_expr_size(e) <= sizeof(Expr), "expr kind %d: %zu bytes",
		      e->kind, ir_expr_size(e));
		CHECK(ir_expr_size(c) == ir_expr_size(e) && ir_expr_same(c, e) && c->dt == e->dt,
		      "expr kind %d: a copy is the same", e->kind);
#ifndef NDEBUG
		CHECK(ir_expr_size(e) == sizeof(Expr) || (tail_marked(e, ir_expr_size(e)) && tail_marked(c, ir_expr_size(c))),
		      "Debug: the bytes past a node's own are marked (expr kind %d)", e->kind);
#endif
	}
	CHECK(seen == (1 << (EX_METADATA + 1)) - 1, "a node of every kind");
	for (int k = ST_SEQ; k <= ST_BLOCK; k++)
		CHECK(ir_stmt_size((StmtKind)k) % 8 == 0 && ir_stmt_size((StmtKind)k) <= sizeof(Stmt),
		      "stmt kind %d: %zu bytes", k, ir_stmt_size((StmtKind)k));

	Expr *pc = ir_copy_expr(A, plain), *kc = ir_copy_expr(A, kw);
	CHECK(ir_expr_same(pc, plain) && ir_expr_same(kc, kw) && !ir_expr_same(pc, kc),
	      "copies of calls with and without keywords are equal to their originals");
	CHECK(kc->u.call.nkw == 1 && kc->u.call.kwargs[0] == kv[0], "a copy keeps the keywords");
	Stmt *ev = ir_eval(A, plain), *evc = ir_copy_stmt(A, ev);
	CHECK(evc->kind == ST_EVAL && evc->u.eval.value == plain && ir_equal_stmt(ev, evc), "a statement copy");
	CHECK(ir_expr_dtype(I(1)) && !strcmp(ir_expr_dtype(I(1)), "int32") && !ir_expr_dtype(plain) &&
	      !ir_expr_dtype(ir_pod_bool(A, 1)) && !ir_expr_dtype(S("int32")), "ir_expr_dtype: literals only");
	/* The named dtypes: one pointer for all literals of one; others as given. */
	const char *own = "int64";
	CHECK(ir_expr_dtype(ir_int(A, 1, own)) == ir_expr_dtype(ir_int(A, 2, "int64")) &&
	      ir_expr_dtype(ir_int(A, 1, own)) == ir_dtype_names[IR_DT_INT64], "a named dtype is shared");
	CHECK(!strcmp(ir_expr_dtype(odd), "int4") && !strcmp(ir_expr_dtype(oddf), "float8_e4m3fnuz") &&
	      ir_expr_dtype(ir_copy_expr(A, odd)) == ir_expr_dtype(odd), "an unnamed dtype is kept");
	CHECK(!strcmp(ir_expr_dtype(ir_int(A, 1, NULL)), "int32") &&
	      !strcmp(ir_expr_dtype(ir_float(A, 1.0, NULL)), "float32"), "default dtypes");
	for (int c = IR_DT_NONE + 1; c < IR_DT_NAMED; c++)
		CHECK(ir_dtype_code(ir_dtype_names[c]) == c, "dtype code %d", c);
	CHECK(ir_dtype_code(NULL) == IR_DT_NONE && ir_dtype_code("int4") == IR_DT_OTHER &&
	      ir_dtype_code("int32x4") == IR_DT_OTHER, "ir_dtype_code");
	EXPECT_EXPR(odd, "T.int4(3)");
	EXPECT_EXPR(ir_int(A, -7, "int8"), "T.int8(-7)");
	EXPECT_EXPR(ir_float(A, 2.0, "bfloat16"), "T.bfloat16(2.0)");
}

/* The arena: zeroed allocations, also after ar_reset (which keeps the
 * chunk it ends with and drops the rest), ar_bytes and ar_owns across
 * chunks. */
static void
test_arena(void)
{
	Arena *a = ar_new();
	CHECK(ar_bytes(a) == 0, "a new arena holds %zu bytes", ar_bytes(a));
	unsigned char *first = ar_alloc(a, 5);
	CHECK(ar_bytes(a) == 8, "5 bytes take %zu (8-byte rounding)", ar_bytes(a));
	size_t total = 8;
	unsigned char *p = NULL;
	for (int i = 0; i < 300; i++) { /* past one 64 KiB chunk: several */
		p = ar_alloc(a, 1000);
		int zero = 1;
		for (int k = 0; k < 1000; k++)
			zero &= p[k] == 0;
		CHECK(zero, "allocation %d not zeroed", i);
		memset(p, 0xab, 1000);
		total += 1000;
	}
	CHECK(ar_bytes(a) == total, "ar_bytes %zu, want %zu", ar_bytes(a), total);
	CHECK(ar_owns(a, first) && ar_owns(a, p + 999) && !ar_owns(a, &total),
	      "ar_owns across chunks");
	int *blk = ar_adopt(a, malloc(40 * sizeof *blk), 40 * sizeof *blk);
	CHECK(ar_owns(a, blk) && ar_owns(a, blk + 39) && !ar_owns(a, blk + 40),
	      "ar_owns of an adopted block");
	ar_reset(a);
	CHECK(ar_bytes(a) == 0, "a reset arena holds %zu bytes", ar_bytes(a));
	CHECK(!ar_owns(a, p), "a reset arena owns what it handed out before");
	int zero = 1;
	for (int i = 0; i < 300; i++) {
		unsigned char *q = ar_alloc(a, 1000);
		for (int k = 0; k < 1000; k++)
			zero &= q[k] == 0;
		memset(q, 0xcd, 1000);
	}
	CHECK(zero, "memory handed out again after ar_reset is not zeroed");
	size_t before = ar_bytes(a);
	CHECK(ar_alloc(a, 0) != NULL && ar_alloc(a, 0) != NULL && ar_bytes(a) == before,
	      "a 0-byte allocation is a pointer and takes nothing");
	ar_reset(a);
	ar_free(a);
}

int
main(void)
{
	A = ar_new();
	test_arena();
	test_literals();
	test_node_sizes();
	test_operators();
	test_compound_exprs();
	test_golden_p00003();
	test_scoping();
	test_launch_and_header();
	test_loops();
	test_blocks();
	test_aliases();
	test_equality();
	test_verifier();
	test_verifier_memo();
	test_verify_output();
	test_scale();
	ar_free(A);
	return check_summary();
}
