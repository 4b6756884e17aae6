/* repro_pytest: unit tests of the TileLang pytest emitter (fuzz/repro_pytest.c),
 * and the emitter run over corpus programs.
 *
 *     repro_pytest OUTDIR [--generated N] FILE...
 *
 * 1. Hand-written cases: which calls become T.call_intrin, which wrapper
 *    spellings stay, what is refused and with which message.
 * 2. For every FILE (a TVMScript program), and N generated programs
 *    (fuzz/gen.c, seeds 1..N): the hooked printing of its
 *    function reads back (core/read.c accepts T.call_intrin and
 *    T.shuffle_elect) as a function structurally equal to the original, so
 *    the respelling changes no call; then one pytest file per program is
 *    written to OUTDIR (before = the program, after = the reference model's
 *    output, "equal" mode; every third one also in "fences" mode) for
 *    tests/repro_pytest_frontend.sh, which parses them with Python and runs
 *    them against the mock frontend in tests/pytest_frontend_stub/.
 * Refusals are allowed only for the constructs the emitter documents as
 * inexpressible (several functions, metadata); any other refusal fails.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ir.h"
#include "gen.h"
#include "pass.h"
#include "repro.h"

static int failures;

#define CHECK(cond, ...)                                      \
	do {                                                      \
		if (!(cond)) {                                        \
			failures++;                                       \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);       \
			printf(__VA_ARGS__);                              \
			printf("\n");                                     \
		}                                                     \
	} while (0)

static const char HEADER[] = "# from tvm.script import tir as T\n\n";

static int
count_substr(const char *s, const char *sub)
{
	int n = 0;
	for (const char *p = strstr(s, sub); p; p = strstr(p + 1, sub))
		n++;
	return n;
}

/* fence_proxy_async calls in the canonical printing of p. */
static int
count_fences(const Program *p)
{
	StrBuf sb;
	sb_init(&sb);
	ir_print_program(&sb, p);
	int n = count_substr(sb.p ? sb.p : "", "T.fence_proxy_async()");
	sb_free(&sb);
	return n;
}

/* Emits a one-function program given as the body of main(), "equal" mode
 * with after = before; returns the text or NULL with err filled. */
static char *
emit_body(const char *params, const char *body, char *err, size_t errlen)
{
	StrBuf src;
	sb_init(&src);
	sb_printf(&src, "%s@T.prim_func\ndef main(%s):\n%s\n", HEADER, params, body);
	Arena *a = ar_new();
	Diag d = {0};
	Program *p = ir_read(a, "<case>", src.p, src.len, &d);
	sb_free(&src);
	if (!p) {
		snprintf(err, errlen, "unreadable case: %s", d.msg);
		ar_free(a);
		return NULL;
	}
	PytestCase c = {.test_name = "case", .before = p, .after = p, .expect_mode = "equal"};
	StrBuf sb;
	sb_init(&sb);
	int rc = fz_pytest_text(&sb, &c, err, errlen);
	ar_free(a);
	if (rc != 0) {
		sb_free(&sb);
		return NULL;
	}
	return sb_take(&sb);
}

static void
expect_spelling(const char *body, const char *want, const char *unwanted)
{
	char err[512];
	char *t = emit_body("", body, err, sizeof err);
	CHECK(t, "emit failed for %s: %s", body, err);
	if (!t)
		return;
	CHECK(strstr(t, want), "%s: expected `%s` in:\n%s", body, want, t);
	if (unwanted)
		CHECK(!strstr(t, unwanted), "%s: did not expect `%s` in:\n%s", body, unwanted, t);
	free(t);
}

static void
expect_refusal(const char *params, const char *body, const char *msg_part)
{
	char err[512] = "";
	char *t = emit_body(params, body, err, sizeof err);
	CHECK(!t, "expected a refusal for %s", body);
	CHECK(strstr(err, msg_part), "refusal for %s: message `%s` lacks `%s`", body, err, msg_part);
	free(t);
}

static int write_file(const char *path, const char *text);

static void
unit_cases(const char *outdir)
{
	const char *S = "    A = T.decl_buffer((16,), \"float16\", scope=\"shared.dyn\")\n";
	char buf[1024];

	/* The examples have no wrapper. */
	CHECK(fz_pytest_needs_call_intrin("tma_store"), "tma_store");
	CHECK(fz_pytest_needs_call_intrin("tl_gemm"), "tl_gemm");
	CHECK(fz_pytest_needs_call_intrin("ptx_stmatrix"), "ptx_stmatrix");
	CHECK(fz_pytest_needs_call_intrin("tma_load_im2col"), "tma_load_im2col");
	CHECK(fz_pytest_needs_call_intrin("ptx_wgmma_ss"), "ptx_wgmma_ss (wrapper takes a dtype first)");
	CHECK(!fz_pytest_needs_call_intrin("tma_load"), "tma_load has tma_load(*args)");
	CHECK(!fz_pytest_needs_call_intrin("fence_proxy_async"), "fence_proxy_async");
	CHECK(!fz_pytest_needs_call_intrin("tvm_access_ptr"), "tvm_access_ptr is a tir op");
	CHECK(!fz_pytest_needs_call_intrin("no_such_op"), "unknown op");
	CHECK(!fz_pytest_needs_call_intrin(NULL), "NULL");

	snprintf(buf, sizeof buf, "%s    T.tma_store(A.data, 0)", S);
	expect_spelling(buf, "T.call_intrin(\"handle\", tir.op.Op.get(\"tl.tma_store\"), A.data, 0)", "T.tma_store(");
	snprintf(buf, sizeof buf, "%s    T.tl_gemm(\"tl::gemm_ss<64>\", A.data)", S);
	expect_spelling(buf, "T.call_intrin(\"handle\", tir.op.Op.get(\"tl.tl_gemm\"), \"tl::gemm_ss<64>\", A.data)", NULL);
	/* No arguments of its own: no dangling comma. */
	expect_spelling("    T.tma_store_wait()", "T.call_intrin(\"handle\", tir.op.Op.get(\"tl.tma_store_wait\"))\n", NULL);
	expect_spelling("    T.tma_store_wait(0)", "    T.tma_store_wait(0)\n", NULL);
	expect_spelling("    T.fence_proxy_async()", "    T.fence_proxy_async()\n", "call_intrin");
	expect_spelling("    T.tma_store_arrive()", "    T.tma_store_arrive()\n", "call_intrin");
	expect_spelling("    if T.tl_shuffle_elect(128):\n        T.evaluate(0)", "if T.shuffle_elect(128):", "tl_shuffle_elect(");
	/* The tir/tl collisions: a dtype string first is the tir op. */
	snprintf(buf, sizeof buf, "%s    T.ptx_ldmatrix(\"float16\", T.bool(False), 4, \".b16\", A.data, 0, A.data, 0)", S);
	expect_spelling(buf, "    T.ptx_ldmatrix(\"float16\", ", "call_intrin");
	snprintf(buf, sizeof buf, "%s    T.ptx_ldmatrix(0, 4, A.data, 0)", S);
	expect_spelling(buf, "T.call_intrin(\"handle\", tir.op.Op.get(\"tl.ptx_ldmatrix\"), 0, 4, A.data, 0)", NULL);
	/* mbarrier wrappers need a buffer element first. */
	snprintf(buf, sizeof buf, "%s    T.mbarrier_wait_parity(A[0], 1)", S);
	expect_spelling(buf, "    T.mbarrier_wait_parity(A[0], 1)\n", "call_intrin");
	expect_spelling("    T.mbarrier_wait_parity(7, 1)", "T.call_intrin(\"handle\", tir.op.Op.get(\"tl.mbarrier_wait_parity\"), 7, 1)", NULL);
	/* Nested calls are respelled too. */
	snprintf(buf, sizeof buf, "%s    T.call_extern(\"handle\", \"f\", T.tl_gemm(\"g\"))", S);
	expect_spelling(buf, "T.call_extern(\"handle\", \"f\", T.call_intrin(\"handle\", tir.op.Op.get(\"tl.tl_gemm\"), \"g\"))", NULL);

	expect_refusal("", "    T.ptx_mma_sm70(1)", "T.ptx_mma_sm70: no known spelling");
	expect_refusal("", "    T.tma_store(1, x=2)", "keyword arguments");
	expect_refusal("", "    T.evaluate(metadata[\"tl.Layout\"][0])", "metadata[\"tl.Layout\"]");
	expect_refusal("", "    T = T.decl_buffer((4,), \"float16\", scope=\"shared\")\n    T[0] = T.float16(0)",
	               "buffer 'T' would shadow");
	expect_refusal("tir: T.int32", "    T.evaluate(tir)", "variable 'tir' would shadow");
	expect_refusal("range: T.int32", "    T.evaluate(range)", "variable 'range' would shadow");

	/* Several functions: an @I.ir_module class per side, functions under their names. */
	{
		static const char src[] =
			"# from tvm.script import ir as I\n# from tvm.script import tir as T\n\n@I.ir_module\nclass Module:\n"
			"    @T.prim_func\n    def main():\n        T.tma_store_arrive()\n\n"
			"    @T.prim_func(private=True)\n    def helper():\n        T.fence_proxy_async()\n        T.tma_store(0)\n";
		Arena *a = ar_new();
		Diag d = {0};
		Program *p = ir_read(a, "<module>", src, sizeof src - 1, &d);
		CHECK(p && p->nfuncs == 2, "module case unreadable: %s", d.msg);
		PytestCase c = {.test_name = "m", .before = p, .after = p, .expect_mode = "equal"};
		StrBuf sb;
		sb_init(&sb);
		char err[256];
		CHECK(p && fz_pytest_text(&sb, &c, err, sizeof err) == 0, "module case refused: %s", err);
		const char *t = sb.p ? sb.p : "";
		CHECK(strstr(t, "    @I.ir_module\n    class Before:\n        @T.prim_func\n        def main():\n"
		                "            T.tma_store_arrive()\n\n        @T.prim_func(private=True)\n        def helper():\n"
		                "            T.fence_proxy_async()\n            T.call_intrin(\"handle\", tir.op.Op.get(\"tl.tma_store\"), 0)\n"), "module before:\n%s", t);
		CHECK(strstr(t, "    class After:\n"), "module after:\n%s", t);
		CHECK(strstr(t, "    mod = _inject_fence_proxy(Before)\n") &&
		      strstr(t, "    tvm.ir.assert_structural_equal(mod, After, True)\n"), "module check:\n%s", t);
		char file[1024];
		snprintf(file, sizeof file, "%s/test_unit_module.py", outdir);
		CHECK(write_file(file, t) == 0, "cannot write %s", file);
		/* fences mode over both functions, without an after module */
		sb.len = 0;
		c.test_name = "unit_module_fences";
		c.after = NULL;
		c.expect_mode = "fences";
		c.expect_fences = 1;
		CHECK(p && fz_pytest_text(&sb, &c, err, sizeof err) == 0, "module fences case refused: %s", err);
		t = sb.p ? sb.p : "";
		CHECK(strstr(t, "    assert _count_fences(mod) == 1\n") && !strstr(t, "class After"), "module fences:\n%s", t);
		snprintf(file, sizeof file, "%s/test_unit_module_fences.py", outdir);
		CHECK(write_file(file, t) == 0, "cannot write %s", file);
		sb_free(&sb);
		ar_free(a);
	}

	/* The file around the functions. */
	{
		StrBuf src;
		sb_init(&src);
		sb_printf(&src, "%s@T.prim_func\ndef main():\n%s    A[0] = T.float16(1)\n    T.tma_store(A.data, 0)\n", HEADER, S);
		Arena *a = ar_new();
		Diag d = {0};
		Program *p = ir_read(a, "<case>", src.p, src.len, &d);
		CHECK(p, "case unreadable: %s", d.msg);
		Program *q = p ? pass_run(pass_find(PASS_DEFAULT_MODEL), p) : NULL;
		PytestCase c = {.test_name = "fencefuzz 1a-2b\n", .comment = "kind: unsound\nmodel: m\r\n\nwitness: x",
		                .before = p, .after = q, .expect_mode = "fences", .expect_fences = 1,
		                .fence_note = "the oracle's \"minimum\" \\ needed"};
		StrBuf sb;
		sb_init(&sb);
		char err[256];
		CHECK(p && fz_pytest_text(&sb, &c, err, sizeof err) == 0, "fences case failed");
		const char *t = sb.p ? sb.p : "";
		CHECK(strstr(t, "\ndef test_fencefuzz_1a_2b_():\n"), "test name not sanitised:\n%s", t);
		CHECK(strstr(t, "\n# kind: unsound\n# model: m\n#\n# witness: x\n"), "comment lines:\n%s", t);
		CHECK(strstr(t, "    assert _count_fences(mod) == 1, \"the oracle's \\\"minimum\\\" \\\\ needed\"\n"),
		      "fence assertion:\n%s", t);
		CHECK(strstr(t, "    def before():\n") && strstr(t, "    def after():\n"), "functions:\n%s", t);
		CHECK(count_substr(t, "T.fence_proxy_async()") == 1, "the after function has the model's fence:\n%s", t);
		CHECK(strstr(t, "import tilelang.language as T\n"), "imports:\n%s", t);
		/* equal mode needs an after program; bad modes are refused */
		size_t len = sb.len;
		c.expect_mode = "equal";
		c.after = NULL;
		CHECK(fz_pytest_text(&sb, &c, err, sizeof err) == -1 && strstr(err, "needs an after"), "equal without after");
		c.expect_mode = "nonsense";
		CHECK(fz_pytest_text(&sb, &c, err, sizeof err) == -1 && strstr(err, "expect_mode"), "bad mode");
		CHECK(sb.len == len, "a refusal leaves sb as it was");
		sb_free(&sb);
		sb_free(&src);
		ar_free(a);
	}
}

/* ---- corpus programs ----------------------------------------------------------------- */

static int
no_default(StrBuf *sb, const Expr *call, void *ctx)
{
	(void)sb, (void)call, (void)ctx;
	return -1;
}

static int
allowed_refusal(const char *msg)
{
	return strstr(msg, "metadata[") != NULL;
}

/* The pytest spelling of f at indent 0, read back, equals f; a hook that
 * keeps every default spelling prints exactly what ir_print_func prints. */
static void
check_respelling(const char *path, const Func *f)
{
	StrBuf plain, hooked;
	sb_init(&plain);
	sb_init(&hooked);
	ir_print_func(&plain, f, 0);
	PrintHooks keep = {no_default, NULL};
	ir_print_func_hooked(&hooked, f, 0, &keep);
	CHECK(plain.len == hooked.len && memcmp(plain.p, hooked.p, plain.len) == 0,
	      "%s: a hook keeping the defaults changed the printing", path);
	sb_free(&hooked);

	/* The pytest text holds the function at indent 1 under the name `before`;
	 * take it out and dedent it. */
	Arena *a = ar_new();
	Program one = {.funcs = (Func **)&f, .nfuncs = 1, .arena = a};
	PytestCase c = {.test_name = "x", .before = &one, .expect_mode = "fences"};
	StrBuf sb;
	sb_init(&sb);
	char err[512];
	if (fz_pytest_text(&sb, &c, err, sizeof err) != 0) {
		CHECK(allowed_refusal(err), "%s: refused: %s", path, err);
		goto out;
	}
	const char *start = strstr(sb.p, "    @T.prim_func");
	const char *end = start ? strstr(start, "\n    mod = ") : NULL;
	CHECK(start && end, "%s: no function in the text", path);
	if (!start || !end)
		goto out;
	StrBuf src;
	sb_init(&src);
	sb_puts(&src, HEADER);
	for (const char *l = start; l < end; ) {
		const char *nl = memchr(l, '\n', (size_t)(end - l));
		const char *stop = nl ? nl : end;
		if (strncmp(l, "    ", 4) == 0)
			l += 4;
		sb_putn(&src, l, (size_t)(stop - l));
		sb_putc(&src, '\n');
		l = nl ? nl + 1 : end;
	}
	Diag d = {0};
	Program *back = ir_read(a, path, src.p, src.len, &d);
	CHECK(back, "%s: the pytest spelling does not read back: %s:%d:%d: %s\n%s", path, d.file, d.line, d.col, d.msg, src.p);
	if (back) {
		Func g = *back->funcs[0];
		g.name = f->name;
		CHECK(ir_equal_func(f, &g), "%s: the pytest spelling reads back as another function", path);
	}
	sb_free(&src);
out:
	sb_free(&sb);
	sb_free(&plain);
	ar_free(a);
}

static void
base_name(const char *path, char *out, size_t n)
{
	const char *b = strrchr(path, '/');
	b = b ? b + 1 : path;
	snprintf(out, n, "%s", b);
	char *dot = strchr(out, '.');
	if (dot)
		*dot = 0;
}

static int
write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	int ok = fputs(text, f) >= 0;
	return fclose(f) == 0 && ok ? 0 : -1;
}

/* One pytest file per program in "equal" mode, and for every third also one
 * in "fences" mode (every other one of those without an after program). */
static void
emit_program(const char *outdir, const char *what, const char *name, const Program *p, int index,
             int write, int *written, int *refused)
{
	for (int i = 0; i < p->nfuncs; i++)
		check_respelling(what, p->funcs[i]);
	/* A program with a head-only op is judged by head, the one model that has it. */
	const PassModel *ref = pass_find(PASS_DEFAULT_MODEL);
	Program *q = pass_run(pass_accepts(ref, p, NULL) ? ref : pass_find("tilelang-head"), p);
	char test[300], comment[600], file[1024];
	for (int mode = 0; mode < 2; mode++) {
		if (mode == 1 && index % 3 != 0)
			break;
		int fences = mode == 1;
		snprintf(test, sizeof test, "test_%s%s", name, fences ? "_fences" : "");
		snprintf(comment, sizeof comment, "corpus program: %s\nafter: the %s model's output", what, PASS_DEFAULT_MODEL);
		PytestCase c = {.test_name = test, .comment = comment, .before = p,
		                .after = fences && index % 2 ? NULL : q,
		                .expect_mode = fences ? "fences" : "equal"};
		/* The mock frontend's pass returns `after` (or `before` when there is none). */
		c.expect_fences = count_fences(c.after ? c.after : p);
		c.fence_note = fences ? "the count the mock's pass output has" : "the reference model's count";
		StrBuf sb;
		sb_init(&sb);
		char err[512];
		if (fz_pytest_text(&sb, &c, err, sizeof err) != 0) {
			CHECK(allowed_refusal(err), "%s: refused: %s", what, err);
			++*refused;
			sb_free(&sb);
			break;
		}
		if (write) {
			snprintf(file, sizeof file, "%s/%s.py", outdir, test);
			CHECK(write_file(file, sb.p) == 0, "cannot write %s", file);
			++*written;
		}
		sb_free(&sb);
	}
}

static void
emit_file(const char *outdir, const char *path, int index, int *written, int *refused)
{
	Arena *a = ar_new();
	Diag d = {0};
	Program *p = ir_read_file(a, path, &d);
	CHECK(p, "%s: unreadable: %s", path, d.msg);
	if (p) {
		char name[256];
		base_name(path, name, sizeof name);
		emit_program(outdir, path, name, p, index, 1, written, refused);
	}
	ar_free(a);
}

/* Generated programs (what findings are made of): every one is emitted and
 * checked in C, every tenth written for the Python check. */
static void
emit_generated(const char *outdir, int count, int *written, int *refused)
{
	for (int i = 0; i < count; i++) {
		Arena *a = ar_new();
		Decider d;
		dz_init_seed(&d, (uint64_t)i + 1);
		GenOptions o = {.size = 40};
		Program *p = fz_generate(a, &d, &o);
		char what[64], name[64];
		snprintf(what, sizeof what, "generated program (seed %d)", i + 1);
		snprintf(name, sizeof name, "gen_seed%d", i + 1);
		emit_program(outdir, what, name, p, i, i % 10 == 0, written, refused);
		ar_free(a);
	}
}

int
main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: repro_pytest OUTDIR [--generated N] [FILE...]\n");
		return 2;
	}
	if (mkdir(argv[1], 0777) != 0 && errno != EEXIST) {
		fprintf(stderr, "repro_pytest: cannot create %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	unit_cases(argv[1]);
	int written = 0, refused = 0, first = 2, generated = 0;
	if (argc > 3 && strcmp(argv[2], "--generated") == 0) {
		generated = atoi(argv[3]);
		first = 4;
	}
	emit_generated(argv[1], generated, &written, &refused);
	for (int i = first; i < argc; i++)
		emit_file(argv[1], argv[i], i - first, &written, &refused);
	printf("repro_pytest: %d files written to %s, %d programs refused (allowed kinds), %d failures\n",
	       written, argv[1], refused, failures);
	return failures ? 1 : 0;
}
