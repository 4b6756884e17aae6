/* oracle_minimality: the preservation, idempotence and minimality oracles
 * (oracle/preserve.c, idempotence.c, minimality.c), each on programs where
 * it must fire and programs where it must not.
 *
 * Outputs are either a built-in model's (run through models/pass.h, as `check`
 * does) or hand-made: a second TVMScript text read on its own, so that the
 * alignment is also exercised on nodes that share nothing with the input
 * (an external model's output).
 *
 * The verdicts rest on the soundness oracle (orc_is_sound).
 *
 *     oracle_minimality CORPUS_DIR   (the repository's corpus/)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir.h"
#include "oracle.h"
#include "pass.h"
#include "check.h"


/* ---- helpers ------------------------------------------------------------------ */

static Arena *A;
static const char *corpus_dir;

static const char HEAD[] =
	"# from tvm.script import tir as T\n\n@T.prim_func\n";
static const char ATTR[] =
	"    T.func_attr({\"target\": T.target({\"arch\": \"sm_90a\", \"keys\": [\"cuda\", \"gpu\"], "
	"\"kind\": \"cuda\", \"max_num_threads\": 1024, \"tag\": \"\", \"thread_warp_size\": 32}), "
	"\"tir.noalias\": T.bool(True)})\n";
static const char WGMMA[] =
	"T.ptx_wgmma_ss(\"m64n64k16\", T.bool(True), T.bool(True), \"fp16\", \"fp16\", \"fp32\", "
	"desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)";

/* Reads `def main...` text (HEAD and the func_attr line are added) and
 * returns its function; {W} in the text stands for a wgmma call. */
static Func *
prog(const char *sig, const char *body)
{
	StrBuf sb;
	sb_init(&sb);
	sb_puts(&sb, HEAD);
	sb_puts(&sb, sig);
	sb_puts(&sb, "\n");
	sb_puts(&sb, ATTR);
	for (const char *p = body; *p; p++) {
		if (p[0] == '{' && p[1] == 'W' && p[2] == '}') {
			sb_puts(&sb, WGMMA);
			p += 2;
		} else {
			sb_putc(&sb, *p);
		}
	}
	char *text = sb_take(&sb);
	Diag d = {0};
	Program *pr = ir_read(A, "<test>", text, strlen(text), &d);
	if (!pr) {
		printf("FAIL: test program does not read: %d:%d: %s\n%s\n", d.line, d.col, d.msg, text);
		free(text);
		nfail++;
		return NULL;
	}
	free(text);
	return pr->funcs[0];
}

static Func *
run(const char *model, const Func *f)
{
	const PassModel *m = pass_find(model);
	if (!m) {
		printf("FAIL: no model %s\n", model);
		nfail++;
		return NULL;
	}
	return m->run(f, A);
}

static Program *
corpus(const char *rel)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s", corpus_dir, rel);
	Diag d = {0};
	Program *p = ir_read_file(A, path, &d);
	if (!p) {
		printf("FAIL: %s does not read: %s\n", path, d.msg);
		nfail++;
	}
	return p;
}

static int
count(const FindingList *fl, FindingKind k)
{
	int n = 0;
	for (int i = 0; i < fl->n; i++)
		n += fl->items[i].kind == k;
	return n;
}

static const char *
msg_of(const FindingList *fl, FindingKind k)
{
	for (int i = 0; i < fl->n; i++)
		if (fl->items[i].kind == k)
			return fl->items[i].message ? fl->items[i].message : "";
	return "";
}

static void
dump(const FindingList *fl)
{
	for (int i = 0; i < fl->n; i++)
		orc_print_finding(stdout, &fl->items[i], "<test>", 0);
}

static OracleOptions
opts(unsigned enabled)
{
	OracleOptions o;
	orc_defaults(&o);
	o.enabled = enabled;
	return o;
}

/* ---- programs -------------------------------------------------------------------- */

static const char SIG0[] = "def main():";
static const char SIGN[] = "def main(n: T.int32):";

static const char BUFS[] =
	"    tx = T.launch_thread(\"threadIdx.x\", 128)\n"
	"    A_shared = T.decl_buffer((4096,), \"float16\", scope=\"shared.dyn\")\n"
	"    B_shared = T.decl_buffer((4096,), \"float16\", scope=\"shared.dyn\")\n"
	"    C_local = T.decl_buffer((32,), scope=\"local\")\n"
	"    desc_a = T.decl_buffer((1,), \"uint64\", scope=\"local.descriptor.wgmma\")\n"
	"    desc_b = T.decl_buffer((1,), \"uint64\", scope=\"local.descriptor.wgmma\")\n";

static char *
cat(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = ar_alloc(A, la + lb + 1);
	memcpy(s, a, la);
	memcpy(s + la, b, lb + 1);
	return s;
}

/* ---- preservation ------------------------------------------------------------------ */

static void
test_preservation(void)
{
	FindingList fl;

	/* The reference drops loop steps on purpose (a faithful quirk): found. */
	Program *p16 = corpus("seed/16_for_stepped_loops.py");
	if (p16) {
		Func *q = run("tilelang-9f25954", p16->funcs[0]);
		fl_init(&fl, A);
		CHECK(orc_preservation(p16->funcs[0], q, "tilelang-9f25954", &fl) == 1 &&
		          strstr(msg_of(&fl, FK_NOT_PRESERVED), "loop step dropped at 26:5"),
		      "reference on stepped loops: want 'loop step dropped at 26:5', got '%s'",
		      msg_of(&fl, FK_NOT_PRESERVED));
		Func *qh = run("tilelang-head", p16->funcs[0]);
		fl_init(&fl, A);
		CHECK(orc_preservation(p16->funcs[0], qh, "tilelang-head", &fl) == 0,
		      "head keeps loop steps: no finding");
	}

	/* Unstepped programs: the reference preserves them. */
	const char *plain[] = {"seed/01_store_then_wgmma.py", "seed/11_for_hoist_pure_async_body.py",
	                       "seed/04_if_else_hoist_pure_async.py"};
	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; i++) {
		Program *p = corpus(plain[i]);
		if (!p)
			continue;
		Func *q = run("tilelang-9f25954", p->funcs[0]);
		fl_init(&fl, A);
		CHECK(orc_preservation(p->funcs[0], q, "tilelang-9f25954", &fl) == 0,
		      "reference preserves %s", plain[i]);
		Inserted *ins;
		int n = 0;
		CHECK(orc_align(p->funcs[0], q, A, &ins, &n, NULL) == 0 && n >= 1,
		      "reference's fences on %s are insertions (%d)", plain[i], n);
	}

	/* Legacy's handshake is an insertion, not a change. */
	Program *p33 = corpus("seed/33_tma_store_without_handshake.py");
	if (p33) {
		Func *q = run("tilelang-legacy", p33->funcs[0]);
		fl_init(&fl, A);
		CHECK(orc_preservation(p33->funcs[0], q, "tilelang-legacy", &fl) == 0,
		      "legacy's handshake is an insertion");
		Inserted *ins;
		int n = 0;
		orc_align(p33->funcs[0], q, A, &ins, &n, NULL);
		int arrive = 0, wait = 0, fence = 0;
		for (int i = 0; i < n; i++) {
			arrive += ir_stmt_is_call(ins[i].stmt, "tma_store_arrive");
			wait += ir_stmt_is_call(ins[i].stmt, "tma_store_wait");
			fence += ir_stmt_is_call(ins[i].stmt, "fence_proxy_async");
		}
		CHECK(arrive == 1 && wait == 1 && fence == 1,
		      "legacy on 33: 1 arrive, 1 wait, 1 fence inserted (got %d %d %d)", arrive, wait, fence);
	}

	/* Hand-made outputs, read from their own text (no shared nodes). */
	const char *p_body = "    A_shared[tx] = T.float16(0.0)\n"
	                     "    B_shared[tx] = T.float16(1.0)\n"
	                     "    {W}\n";
	Func *p = prog(SIG0, cat(BUFS, p_body));
	struct {
		const char *body, *want;
	} cases[] = {
		{"    A_shared[tx] = T.float16(0.0)\n    B_shared[tx] = T.float16(1.0)\n"
		 "    T.fence_proxy_async()\n    {W}\n",
		 NULL},
		{"    A_shared[tx] = T.float16(0.0)\n    T.fence_proxy_async()\n    {W}\n",
		 "statement lost at 13:5"},
		{"    B_shared[tx] = T.float16(1.0)\n    A_shared[tx] = T.float16(0.0)\n"
		 "    T.fence_proxy_async()\n    {W}\n",
		 "statements reordered at 12:5"},
		{"    A_shared[tx] = T.float16(0.0)\n    T.tvm_storage_sync(\"shared\")\n"
		 "    B_shared[tx] = T.float16(1.0)\n    {W}\n",
		 "statement added before 13:5"},
		{"    A_shared[tx] = T.float16(0.0)\n    B_shared[tx] = T.float16(2.0)\n    {W}\n",
		 "statement changed at 13:5"},
		{"    A_shared[tx] = T.float16(0.0)\n    B_shared[tx] = T.float16(1.0)\n    {W}\n"
		 "    T.fence_proxy_async()\n    T.tma_store_arrive()\n    T.tma_store_wait()\n",
		 NULL},
	};
	for (size_t i = 0; p && i < sizeof cases / sizeof cases[0]; i++) {
		Func *q = prog(SIG0, cat(BUFS, cases[i].body));
		if (!q)
			continue;
		fl_init(&fl, A);
		int n = orc_preservation(p, q, "hand-made", &fl);
		if (!cases[i].want)
			CHECK(n == 0, "hand-made case %zu: no finding, got '%s'", i, msg_of(&fl, FK_NOT_PRESERVED));
		else
			CHECK(n == 1 && strstr(msg_of(&fl, FK_NOT_PRESERVED), cases[i].want),
			      "hand-made case %zu: want '%s', got '%s'", i, cases[i].want,
			      msg_of(&fl, FK_NOT_PRESERVED));
	}

	/* Headers: loop extent, annotations and conditions are compared. */
	Func *pl = prog(SIGN, cat(BUFS, "    A_shared[tx] = T.float16(0.0)\n"
	                                "    for ko in range(n):\n        {W}\n"
	                                "    if tx == 0:\n        {W}\n"));
	struct {
		const char *body, *want;
	} hdr[] = {
		{"    A_shared[tx] = T.float16(0.0)\n    T.fence_proxy_async()\n"
		 "    for ko in range(n):\n        {W}\n    if tx == 0:\n        {W}\n",
		 NULL},
		{"    A_shared[tx] = T.float16(0.0)\n    T.fence_proxy_async()\n"
		 "    for ko in range(8):\n        {W}\n    if tx == 0:\n        {W}\n",
		 "loop extent changed at 13:5"},
		{"    A_shared[tx] = T.float16(0.0)\n"
		 "    for ko in range(n):\n        T.fence_proxy_async()\n        {W}\n"
		 "    if tx == 1:\n        {W}\n",
		 "if condition changed at 15:5"},
		{"    A_shared[tx] = T.float16(0.0)\n"
		 "    for ko in range(n):\n        {W}\n"
		 "    if tx == 0:\n        {W}\n    else:\n        T.fence_proxy_async()\n",
		 "else branch added at 15:5"},
	};
	for (size_t i = 0; pl && i < sizeof hdr / sizeof hdr[0]; i++) {
		Func *q = prog(SIGN, cat(BUFS, hdr[i].body));
		if (!q)
			continue;
		fl_init(&fl, A);
		int n = orc_preservation(pl, q, "hand-made", &fl);
		if (!hdr[i].want)
			CHECK(n == 0, "header case %zu: no finding, got '%s'", i, msg_of(&fl, FK_NOT_PRESERVED));
		else
			CHECK(n == 1 && strstr(msg_of(&fl, FK_NOT_PRESERVED), hdr[i].want),
			      "header case %zu: want '%s', got '%s'", i, hdr[i].want,
			      msg_of(&fl, FK_NOT_PRESERVED));
	}

	/* p already holding a fence: greedy matching keeps it, the extra is inserted. */
	Func *pf = prog(SIG0, cat(BUFS, "    A_shared[tx] = T.float16(0.0)\n"
	                                "    T.fence_proxy_async()\n    {W}\n"));
	Func *qf = prog(SIG0, cat(BUFS, "    A_shared[tx] = T.float16(0.0)\n"
	                                "    T.fence_proxy_async()\n    T.fence_proxy_async()\n    {W}\n"));
	if (pf && qf) {
		Inserted *ins;
		int n = 0;
		CHECK(orc_align(pf, qf, A, &ins, &n, NULL) == 0 && n == 1 &&
		          ins[0].p_next && ins[0].p_next->loc.line == 14 && ins[0].next->loc.line == 15,
		      "existing fence matched, one inserted before 14:5 (n=%d)", n);
		Func *back = orc_erase(qf, ins, n, A);
		CHECK(ir_equal_func(back, pf), "erasing the insertion gives p back");
	}
}

/* ---- idempotence ---------------------------------------------------------------- */

static void
test_idempotence(void)
{
	FindingList fl;
	Program *p33 = corpus("seed/33_tma_store_without_handshake.py");
	if (p33) {
		Func *q = run("tilelang-legacy", p33->funcs[0]);
		Func *qq = run("tilelang-legacy", q);
		fl_init(&fl, A);
		CHECK(orc_idempotence(q, qq, "tilelang-legacy", &fl) == 1 &&
		          strstr(msg_of(&fl, FK_NOT_IDEMPOTENT),
		                 "inserts 2 more statements: tma_store_arrive(), tma_store_wait() at "
		                 "the end of the then branch of the if at 24:5"),
		      "legacy re-adds the handshake: got '%s'", msg_of(&fl, FK_NOT_IDEMPOTENT));
		Func *r = run("tilelang-9f25954", p33->funcs[0]);
		fl_init(&fl, A);
		CHECK(orc_idempotence(r, run("tilelang-9f25954", r), "tilelang-9f25954", &fl) == 0,
		      "reference is idempotent on 33");
	}
	const char *files[] = {"seed/01_store_then_wgmma.py", "seed/11_for_hoist_pure_async_body.py",
	                       "seed/16_for_stepped_loops.py", "seed/34_tma_store_with_handshake.py"};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
		Program *p = corpus(files[i]);
		if (!p)
			continue;
		Func *q = run("tilelang-9f25954", p->funcs[0]);
		fl_init(&fl, A);
		CHECK(orc_idempotence(q, run("tilelang-9f25954", q), "tilelang-9f25954", &fl) == 0,
		      "reference idempotent on %s", files[i]);
	}
	/* A hand-made change that is not an insertion. */
	Func *q1 = prog(SIG0, cat(BUFS, "    A_shared[tx] = T.float16(0.0)\n    {W}\n"));
	Func *q2 = prog(SIG0, cat(BUFS, "    A_shared[tx] = T.float16(1.0)\n    {W}\n"));
	if (q1 && q2) {
		fl_init(&fl, A);
		CHECK(orc_idempotence(q1, q2, "hand-made", &fl) == 1 &&
		          strstr(msg_of(&fl, FK_NOT_IDEMPOTENT), "statement changed at 12:5") &&
		          fl.items[0].loc.line == 12,
		      "changed statement located: '%s'", msg_of(&fl, FK_NOT_IDEMPOTENT));
	}
}

/* ---- minimality ------------------------------------------------------------------ */

static void
test_necessity(void)
{
	FindingList fl;
	OracleOptions o = opts(ORC_NECESSITY);
	/* A fence between two async ops with nothing generic before: removable. */
	Func *p = prog(SIG0, cat(BUFS, "    {W}\n    {W}\n"));
	Func *q = prog(SIG0, cat(BUFS, "    {W}\n    T.fence_proxy_async()\n    {W}\n"));
	if (p && q) {
		fl_init(&fl, A);
		CHECK(orc_minimality(p, q, &o, "hand-made", &fl) == 1 &&
		          count(&fl, FK_UNNECESSARY_FENCE) == 1 &&
		          strstr(msg_of(&fl, FK_UNNECESSARY_FENCE),
		                 "fence before ptx_wgmma_ss at 13:5 can be removed"),
		      "necessity fires: '%s'", msg_of(&fl, FK_UNNECESSARY_FENCE));
	}
	/* The reference's fence for store -> wgmma is needed. */
	Program *p01 = corpus("seed/01_store_then_wgmma.py");
	if (p01) {
		Func *r = run("tilelang-9f25954", p01->funcs[0]);
		fl_init(&fl, A);
		MinimalityStatus st;
		CHECK(orc_minimality_status(p01->funcs[0], r, &o, "tilelang-9f25954", &fl, &st) == 0 &&
		          st.q_sound && st.inserted_fences >= 1,
		      "reference's store->wgmma fence is necessary (%d findings)", fl.n);
		if (fl.n)
			dump(&fl);
	}
	/* An unsound output is not judged by necessity. */
	Func *pu = prog(SIG0, cat(BUFS, "    A_shared[tx] = T.float16(0.0)\n    {W}\n    {W}\n"));
	Func *qu = prog(SIG0, cat(BUFS, "    A_shared[tx] = T.float16(0.0)\n    {W}\n"
	                                "    T.fence_proxy_async()\n    {W}\n"));
	if (pu && qu) {
		fl_init(&fl, A);
		MinimalityStatus st;
		orc_minimality_status(pu, qu, &o, "hand-made", &fl, &st);
		CHECK(fl.n == 0 && !st.q_sound && st.necessity_skipped, "unsound output: necessity skipped");
	}
}

static void
test_placement(void)
{
	FindingList fl;
	OracleOptions o = opts(ORC_PLACEMENT);
	const char *p_body = "    A_shared[tx] = T.float16(0.0)\n"
	                     "    for ko in range(n):\n        {W}\n";
	Func *p = prog(SIGN, cat(BUFS, p_body));
	/* Not hoisted: the fence runs every iteration of a loop of unknown trip count. */
	Func *q = prog(SIGN, cat(BUFS, "    A_shared[tx] = T.float16(0.0)\n"
	                               "    for ko in range(n):\n"
	                               "        T.fence_proxy_async()\n        {W}\n"));
	if (p && q) {
		fl_init(&fl, A);
		MinimalityStatus st;
		int n = orc_minimality_status(p, q, &o, "hand-made", &fl, &st);
		CHECK(n == 1 && count(&fl, FK_PLACEMENT) == 1 && st.cost_q == 16 && st.cost_opt == 1,
		      "placement fires: cost %lld opt %lld '%s' (%s)", (long long)st.cost_q,
		      (long long)st.cost_opt, msg_of(&fl, FK_PLACEMENT), st.note);
		CHECK(strstr(msg_of(&fl, FK_PLACEMENT), "cost 16 (") &&
		          strstr(msg_of(&fl, FK_PLACEMENT), "unknown trip count") &&
		          strstr(msg_of(&fl, FK_PLACEMENT), "> optimum 1 (fence before 13:5"),
		      "placement message: '%s'", msg_of(&fl, FK_PLACEMENT));
		CHECK(fl.n && fl.items[0].strength == STRENGTH_PROVED && fl.items[0].strength_note &&
		          strstr(fl.items[0].strength_note, "exact: exhaustive over"),
		      "placement is proved exact");
		/* The reference hoists: optimal. */
		Func *r = run("tilelang-9f25954", p);
		fl_init(&fl, A);
		CHECK(orc_minimality_status(p, r, &o, "tilelang-9f25954", &fl, &st) == 0 &&
		          st.placement == ORC_PLACEMENT_DECIDED && st.cost_q == 1 && st.cost_opt == 1,
		      "reference hoisted: cost %lld opt %lld", (long long)st.cost_q, (long long)st.cost_opt);
		/* Above the cap: undecided, no finding, and the status says so. */
		OracleOptions capped = o;
		capped.placement_max_gaps = 2;
		fl_init(&fl, A);
		CHECK(orc_minimality_status(p, q, &capped, "hand-made", &fl, &st) == 0 &&
		          st.placement == ORC_PLACEMENT_UNDECIDED && strstr(st.note, "> cap 2"),
		      "above the cap: undecided ('%s')", st.note);
	}
	/* Constant trip counts weigh their count; two fences where one before the if suffices. */
	Func *p2 = prog(SIG0, cat(BUFS, "    A_shared[tx] = T.float16(0.0)\n"
	                                "    for ko in range(4):\n        {W}\n"));
	Func *q2 = prog(SIG0, cat(BUFS, "    A_shared[tx] = T.float16(0.0)\n"
	                                "    for ko in range(4):\n"
	                                "        T.fence_proxy_async()\n        {W}\n"));
	if (p2 && q2) {
		fl_init(&fl, A);
		MinimalityStatus st;
		orc_minimality_status(p2, q2, &o, "hand-made", &fl, &st);
		CHECK(count(&fl, FK_PLACEMENT) == 1 && st.cost_q == 4 && st.cost_opt == 1,
		      "constant loop: cost %lld opt %lld", (long long)st.cost_q, (long long)st.cost_opt);
	}
	/* Legacy on seed 11 fences inside the loop (cost 4); one before it suffices. */
	Program *p11 = corpus("seed/11_for_hoist_pure_async_body.py");
	if (p11) {
		Func *lq = run("tilelang-legacy", p11->funcs[0]);
		fl_init(&fl, A);
		MinimalityStatus st;
		OracleOptions big = o;
		big.placement_max_gaps = 64;
		orc_minimality_status(p11->funcs[0], lq, &big, "tilelang-legacy", &fl, &st);
		CHECK(count(&fl, FK_PLACEMENT) == 1 && st.cost_q == 4 && st.cost_opt == 1,
		      "legacy on 11: cost %lld opt %lld (%s)", (long long)st.cost_q,
		      (long long)st.cost_opt, st.note);
		Func *rq = run("tilelang-9f25954", p11->funcs[0]);
		fl_init(&fl, A);
		orc_minimality_status(p11->funcs[0], rq, &big, "tilelang-9f25954", &fl, &st);
		CHECK(count(&fl, FK_PLACEMENT) == 0 && st.placement == ORC_PLACEMENT_DECIDED,
		      "reference on 11 is optimal (cost %lld opt %lld, %s)", (long long)st.cost_q,
		      (long long)st.cost_opt, st.note);
	}
}

/* Real placement findings on the reference, and the two cost models. */
static void
test_placement_reference(void)
{
	FindingList fl;
	MinimalityStatus st;
	OracleOptions o = opts(ORC_PLACEMENT);
	o.placement_max_gaps = 64;
	/* Loop-carried store at the end of a 4-trip body: the reference fences the top
	 * of the body and again after the loop (5); one fence at the end of the body
	 * serves the back edge and the exit (4). */
	Program *p14 = corpus("seed/14_for_loop_carried_generic_at_end.py");
	if (p14) {
		Func *r = run("tilelang-9f25954", p14->funcs[0]);
		fl_init(&fl, A);
		orc_minimality_status(p14->funcs[0], r, &o, "tilelang-9f25954", &fl, &st);
		CHECK(count(&fl, FK_PLACEMENT) == 1 && st.cost_q == 5 && st.cost_opt == 4 &&
		          strstr(msg_of(&fl, FK_PLACEMENT), "at the end of the body of for ko at 24:5"),
		      "reference on 14: cost %lld opt %lld '%s'", (long long)st.cost_q,
		      (long long)st.cost_opt, msg_of(&fl, FK_PLACEMENT));
	}
	/* Seed 07: fences in both branches of an if count twice under the sum
	 * (5 > 4) but once per path under worst-path (3, optimal). */
	Program *p07 = corpus("seed/07_if_else_generic_call_or_nested_no_hoist.py");
	if (p07) {
		Func *r = run("tilelang-9f25954", p07->funcs[0]);
		OracleOptions sum = o;
		sum.placement_worst_path = 0;
		fl_init(&fl, A);
		orc_minimality_status(p07->funcs[0], r, &sum, "tilelang-9f25954", &fl, &st);
		CHECK(count(&fl, FK_PLACEMENT) == 1 && st.cost_q == 5 && st.cost_opt == 4,
		      "reference on 07, sum: cost %lld opt %lld", (long long)st.cost_q, (long long)st.cost_opt);
		OracleOptions w = o;
		w.placement_worst_path = 1;
		fl_init(&fl, A);
		orc_minimality_status(p07->funcs[0], r, &w, "tilelang-9f25954", &fl, &st);
		CHECK(count(&fl, FK_PLACEMENT) == 0 && st.placement == ORC_PLACEMENT_DECIDED &&
		          st.cost_q == 3 && st.cost_opt == 3,
		      "reference on 07, worst path: cost %lld opt %lld", (long long)st.cost_q,
		      (long long)st.cost_opt);
	}
	/* If without else: the reference fences inside the branch and again after
	 * it; one fence before the if serves both, under either model. */
	Program *p05 = corpus("seed/05_if_without_else_no_hoist.py");
	if (p05) {
		Func *r = run("tilelang-9f25954", p05->funcs[0]);
		for (int worst = 0; worst < 2; worst++) {
			OracleOptions w = o;
			w.placement_worst_path = worst;
			fl_init(&fl, A);
			orc_minimality_status(p05->funcs[0], r, &w, "tilelang-9f25954", &fl, &st);
			CHECK(count(&fl, FK_PLACEMENT) == 1 && st.cost_q == 2 && st.cost_opt == 1,
			      "reference on 05 (worst %d): cost %lld opt %lld", worst, (long long)st.cost_q,
			      (long long)st.cost_opt);
		}
	}
	/* The identity model on an unsound program: nothing inserted, nothing judged. */
	Program *p01 = corpus("seed/01_store_then_wgmma.py");
	if (p01) {
		Func *q = run("identity", p01->funcs[0]);
		fl_init(&fl, A);
		OracleOptions all = opts(ORC_ALL);
		CHECK(orc_minimality_status(p01->funcs[0], q, &all, "identity", &fl, &st) == 0 &&
		          !st.q_sound && st.inserted_fences == 0,
		      "identity: no minimality finding on an unsound output");
	}
}

static void
test_alias(void)
{
	FindingList fl;
	OracleOptions o = opts(ORC_ALIAS | ORC_NECESSITY);
	const char *sig = "def main(C_desc: T.handle(\"uint8x128\", \"grid_constant\")):";
	const char *other = "    A_shared[tx] = T.float16(0.0)\n"
	                    "    if tx == 0:\n"
	                    "        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation(\"float16\"), "
	                    "B_shared.data, 0, 4096, 1), 0, 0)\n";
	const char *same = "    A_shared[tx] = T.float16(0.0)\n"
	                   "    if tx == 0:\n"
	                   "        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation(\"float16\"), "
	                   "A_shared.data, 0, 4096, 1), 0, 0)\n";
	Func *po = prog(sig, cat(BUFS, other)), *ps = prog(sig, cat(BUFS, same));
	if (po && ps) {
		Func *qo = run("tilelang-9f25954", po), *qs = run("tilelang-9f25954", ps);
		fl_init(&fl, A);
		orc_minimality(po, qo, &o, "tilelang-9f25954", &fl);
		CHECK(count(&fl, FK_ALIAS_FENCE) == 1 && count(&fl, FK_UNNECESSARY_FENCE) == 0,
		      "alias fires on different allocations (%d alias, %d necessity)",
		      count(&fl, FK_ALIAS_FENCE), count(&fl, FK_UNNECESSARY_FENCE));
		if (count(&fl, FK_ALIAS_FENCE) != 1)
			dump(&fl);
		fl_init(&fl, A);
		orc_minimality(ps, qs, &o, "tilelang-9f25954", &fl);
		CHECK(fl.n == 0, "alias silent on the same allocation (%d findings)", fl.n);
		/* With the level off, nothing. */
		OracleOptions off = opts(ORC_NECESSITY);
		fl_init(&fl, A);
		orc_minimality(po, qo, &off, "tilelang-9f25954", &fl);
		CHECK(fl.n == 0, "alias level off: no finding");
	}
}

/* Every seed: the built-in models other than the reference preserve their
 * input; the reference only fails on stepped loops; no oracle crashes. */
static void
test_corpus_sweep(void)
{
	static const char *const seeds[] = {
		"01_store_then_wgmma.py", "04_if_else_hoist_pure_async.py",
		"11_for_hoist_pure_async_body.py", "16_for_stepped_loops.py",
		"33_tma_store_without_handshake.py", "34_tma_store_with_handshake.py",
		"35_legacy_decl_buffer_blind_spot.py", "46_for_if_hoist_in_second_round.py",
	};
	static const char *const models[] = {"tilelang-9f25954", "tilelang-legacy", "tilelang-head",
	                                     "identity"};
	for (size_t i = 0; i < sizeof seeds / sizeof seeds[0]; i++) {
		char rel[256];
		snprintf(rel, sizeof rel, "seed/%s", seeds[i]);
		Program *p = corpus(rel);
		if (!p)
			continue;
		for (size_t m = 0; m < sizeof models / sizeof models[0]; m++) {
			for (int k = 0; k < p->nfuncs; k++) {
				Func *q = run(models[m], p->funcs[k]);
				FindingList fl;
				fl_init(&fl, A);
				int n = orc_preservation(p->funcs[k], q, models[m], &fl);
				int want = !strcmp(models[m], "tilelang-9f25954") && strstr(seeds[i], "stepped");
				CHECK(n == want, "%s on %s: %d preservation findings, want %d (%s)", models[m],
				      seeds[i], n, want, msg_of(&fl, FK_NOT_PRESERVED));
				OracleOptions o = opts(ORC_ALL);
				orc_minimality(p->funcs[k], q, &o, models[m], &fl);
			}
		}
	}
}

int
main(int argc, char **argv)
{
	corpus_dir = argc > 1 ? argv[1] : "corpus";
	A = ar_new();
	clock_t t0 = clock();
	test_preservation();
	test_idempotence();
	test_necessity();
	test_placement();
	test_placement_reference();
	test_alias();
	test_corpus_sweep();
	printf("%d passed, %d failed (%.0f ms)\n", npass, nfail,
	       1000.0 * (double)(clock() - t0) / CLOCKS_PER_SEC);
	ar_free(A);
	return nfail ? 1 : 0;
}
