/* oracle_bindings: the values of variables re-bound in a loop's body, as
 * the event graph's footprints and the soundness verdicts read them.  After
 * a pass of the body the head holds the values before the loop joined with
 * those at the body's end; after a loop that may not run, the values before
 * it too.  Programs (A_shared[4096] is bytes [8192, 8194); a tma_store from
 * j reads bytes [2j, 2j + 32)):
 *   - back: j = 0, then two passes of a tma_store from j, a store of
 *     A_shared[4096] and j = 4096: the second pass's tma_store reads what the
 *     first pass's store wrote (unsound);
 *   - zero: j = 4096, re-bound to 0 in a loop over range(bx), which may not
 *     run: the tma_store from j after it may read the stored bytes (unsound);
 *   - while_loop: the same with a while loop (unsound);
 *   - alias_back: p becomes an alias of A_shared at the end of each pass of
 *     a loop: the second pass's extern call g writes through it, before the
 *     tma_store after the loop reads A_shared (unsound);
 *   - alias_zero: p an alias of A_shared, re-bound to 0 in a loop over
 *     range(bx): g after it may write through p (unsound);
 *   - alias_while: alias_back with a while loop (unsound);
 *   - counter: j += 64 in each of four passes: the store of A_shared[j]
 *     covers more than the first pass's bytes (widened to the whole buffer),
 *     among them those the tma_store from 192 reads (unsound);
 *   - runs: j = 4096, re-bound to 0 in a loop of two passes: j is 0 after
 *     it, the tma_store from j reads no stored byte (sound);
 *   - where: j = 4096, re-bound to 0 in a block whose T.where may be false
 *     (unsound);
 *   - class_arm: back inside the arm of a thread predicate (tx < 128): the
 *     two classes of threads below 128 run it (unsound);
 *   - class_body: back with j = 4096 under tx < 128 in the body: only the
 *     threads below 128 read from more than j = 0 (unsound).
 *
 *     oracle_bindings
 *
 * Prints one line per failed check and "N passed, N failed"; exit 1 on any
 * failure. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "events.h"
#include "ir.h"
#include "oracle.h"

#define HEAD                                                                                      \
	"# from tvm.script import tirx as T\n"                                                    \
	"\n"                                                                                      \
	"@T.prim_func\n"                                                                          \
	"def main(C_desc: T.handle(\"uint8x128\", \"grid_constant\")):\n"                        \
	"    bx = T.launch_thread(\"blockIdx.x\", 8)\n"                                          \
	"    tx = T.launch_thread(\"threadIdx.x\", 256)\n"                                       \
	"    A_shared = T.decl_buffer((8192,), \"float16\", scope=\"shared.dyn\")\n"
#define PTR(off, mask) "T.tvm_access_ptr(T.type_annotation(\"float16\"), A_shared.data, " off ", 16, " mask ")"

static const char back[] = HEAD
	"    j: T.int32 = 0\n"
	"    for i in range(2):\n"
	"        T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n"
	"        A_shared[4096] = T.float16(1.0)\n"
	"        j = 4096\n";

static const char zero[] = HEAD
	"    j: T.int32 = 4096\n"
	"    for i in range(bx):\n"
	"        j = 0\n"
	"    A_shared[4096] = T.float16(1.0)\n"
	"    T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n";

static const char while_loop[] = HEAD
	"    j: T.int32 = 4096\n"
	"    while bx < 4:\n"
	"        j = 0\n"
	"    A_shared[4096] = T.float16(1.0)\n"
	"    T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n";

static const char alias_back[] = HEAD
	"    p: T.int32 = 0\n"
	"    for i in range(2):\n"
	"        T.call_extern(\"handle\", \"g\", p)\n"
	"        p = " PTR("0", "3") "\n"
	"    T.tma_store(C_desc, " PTR("0", "1") ", bx * 64, 0)\n";

static const char alias_zero[] = HEAD
	"    p: T.int32 = 0\n"
	"    p = " PTR("0", "3") "\n"
	"    for i in range(bx):\n"
	"        p = 0\n"
	"    T.call_extern(\"handle\", \"g\", p)\n"
	"    T.tma_store(C_desc, " PTR("0", "1") ", bx * 64, 0)\n";

static const char alias_while[] = HEAD
	"    p: T.int32 = 0\n"
	"    while bx < 4:\n"
	"        T.call_extern(\"handle\", \"g\", p)\n"
	"        p = " PTR("0", "3") "\n"
	"    T.tma_store(C_desc, " PTR("0", "1") ", bx * 64, 0)\n";

static const char counter[] = HEAD
	"    j: T.int32 = 0\n"
	"    for i in range(4):\n"
	"        A_shared[j] = T.float16(1.0)\n"
	"        j = j + 64\n"
	"    T.tma_store(C_desc, " PTR("192", "1") ", bx * 64, 0)\n";

static const char runs[] = HEAD
	"    j: T.int32 = 4096\n"
	"    for i in range(2):\n"
	"        j = 0\n"
	"    A_shared[4096] = T.float16(1.0)\n"
	"    T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n";

static const char where[] = HEAD
	"    j: T.int32 = 4096\n"
	"    with T.block(\"b\"):\n"
	"        T.where(bx < 4)\n"
	"        j = 0\n"
	"    A_shared[4096] = T.float16(1.0)\n"
	"    T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n";

static const char class_arm[] = HEAD
	"    if tx < 32:\n"
	"        A_shared[tx + 7000] = T.float16(3.0)\n"
	"    j: T.int32 = 0\n"
	"    if tx < 128:\n"
	"        for i in range(2):\n"
	"            T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n"
	"            A_shared[4096] = T.float16(1.0)\n"
	"            j = 4096\n";

static const char class_body[] = HEAD
	"    if tx < 32:\n"
	"        A_shared[tx + 7000] = T.float16(3.0)\n"
	"    j: T.int32 = 0\n"
	"    for i in range(2):\n"
	"        T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n"
	"        A_shared[4096] = T.float16(1.0)\n"
	"        if tx < 128:\n"
	"            j = 4096\n";

/* Unsound findings on src (footprints compared), and in its graph the number
 * of events of kind k by op whose footprint is bytes [lo, hi) (lo < 0: the
 * whole buffer); classes: it has thread classes. */
static void
run(const char *name, const char *src, int unsound, EventKind k, const char *op, int64_t lo, int64_t hi,
    int count, int classes)
{
	Arena *a = ar_new();
	Diag d;
	Program *p = ir_read(a, name, src, strlen(src), &d);
	if (!p) {
		printf("FAIL %s: does not read: %d:%d: %s\n", name, d.line, d.col, d.msg);
		nfail++;
		ar_free(a);
		return;
	}
	const Func *f = p->funcs[0];
	OracleOptions o;
	orc_defaults(&o);
	o.alias_aware = 1;
	FindingList fl;
	fl_init(&fl, a);
	orc_soundness(f, &o, "test", &fl);
	int n = 0;
	for (int i = 0; i < fl.n; i++)
		n += fl.items[i].kind == FK_UNSOUND;
	CHECK(n == unsound, "%s: %s", name, "unsound findings");
	EventGraph g;
	orc_events_init(&g);
	orc_events_build(&g, f);
	int ncls = 0, at = 0;
	for (int i = 0; i < g.n; i++) {
		const Event *e = &g.ev[i];
		ncls += e->kind == EV_NOP && !strcmp(e->op, "thread class");
		if (e->kind != k || strcmp(e->op, op))
			continue;
		if (lo < 0 ? !e->foot.known : e->foot.known && e->foot.lo == lo && e->foot.hi == hi)
			at++;
	}
	CHECK((ncls >= 2) == classes, "%s: %s", name, "thread classes");
	CHECK(at == count, "%s: %s", name, "events with the footprint");
	orc_events_free(&g);
	ar_free(a);
}

int
main(void)
{
	/* back, zero, while_loop: the tma_store reads from j in [0, 4096]. */
	run("back", back, 1, EV_AREAD, "tma_store", 0, 8224, 1, 0);
	run("zero", zero, 1, EV_AREAD, "tma_store", 0, 8224, 1, 0);
	run("while_loop", while_loop, 1, EV_AREAD, "tma_store", 0, 8224, 1, 0);
	/* alias_*: g writes A_shared[0, 16) through p. */
	run("alias_back", alias_back, 1, EV_GWRITE, "g", 0, 32, 1, 0);
	run("alias_zero", alias_zero, 1, EV_GWRITE, "g", 0, 32, 1, 0);
	run("alias_while", alias_while, 1, EV_GWRITE, "g", 0, 32, 1, 0);
	run("counter", counter, 1, EV_GWRITE, "store", -1, 0, 1, 0);
	run("runs", runs, 0, EV_AREAD, "tma_store", 0, 32, 1, 0);
	run("where", where, 1, EV_AREAD, "tma_store", 0, 8224, 1, 0);
	/* class_arm: the classes [0, 32) and [32, 128) run the loop. */
	run("class_arm", class_arm, 1, EV_AREAD, "tma_store", 0, 8224, 2, 1);
	/* class_body: those two read from j in [0, 4096], [128, 256) from 0. */
	run("class_body", class_body, 1, EV_AREAD, "tma_store", 0, 8224, 2, 1);
	run("class_body", class_body, 1, EV_AREAD, "tma_store", 0, 32, 1, 1);
	return check_summary();
}
