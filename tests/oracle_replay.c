/* oracle_replay: the event graph of a function with thread classes, whose
 * later classes replay scans and arms of the first class's copy, is the
 * graph every class walked fresh would give, and the bindings it reads are
 * the ones each class's threads see.  Programs:
 *   - rebind: j set in both arms of a thread predicate; the threads past 128
 *     store from A_shared[4096], which the generic store before it writes
 *     (unsound with footprints); the first class's j = 0 must not be replayed
 *     there;
 *   - late_alias: p becomes an alias of A_shared only after the tma_store; no
 *     class's extern call before it may read p as a pointer (sound);
 *   - alias_dropped: p an alias of A_shared, then re-bound to 0: the extern
 *     call on p after it accesses nothing (sound);
 *   - skipped_range: j = 4096, re-bound to 0 only in the else arm of a
 *     thread predicate: the threads below 128 (two classes) store from
 *     j = 4096, the bytes the generic store writes (unsound);
 *   - skipped_alias: p an alias of A_shared only in the else arm of a thread
 *     predicate: only the threads past 128 write through p in g, before the
 *     tma_store reads A_shared (unsound);
 *   - plain_if: j = 4096, re-bound to 0 in an if on blockIdx.x (either arm may
 *     run): j is 0 or 4096 after it, the store from it may read the bytes the
 *     generic store writes (unsound).
 *
 *     oracle_replay
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

static const char rebind[] = HEAD
	"    if tx < 64:\n"
	"        A_shared[tx + 6000] = T.float16(2.0)\n"
	"    j: T.int32 = 0\n"
	"    if tx < 128:\n"
	"        j = 0\n"
	"    else:\n"
	"        j = 4096\n"
	"    A_shared[4096] = T.float16(1.0)\n"
	"    T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n";

static const char late_alias[] = HEAD
	"    p: T.int32 = 0\n"
	"    if tx < 64:\n"
	"        T.call_extern(\"handle\", \"h\", A_shared[tx])\n"
	"    if tx < 128:\n"
	"        T.call_extern(\"handle\", \"h\", A_shared[tx + 1])\n"
	"    T.call_extern(\"handle\", \"g\", p, A_shared[tx])\n"
	"    T.tma_store(C_desc, " PTR("0", "1") ", bx * 64, 0)\n"
	"    p = " PTR("0", "2") "\n";

static const char alias_dropped[] = HEAD
	"    if tx < 32:\n"
	"        A_shared[tx + 7000] = T.float16(3.0)\n"
	"    p: T.int32 = 0\n"
	"    p = " PTR("0", "3") "\n"
	"    if tx < 64:\n"
	"        A_shared[tx + 6000] = T.float16(2.0)\n"
	"    p = 0\n"
	"    T.call_extern(\"handle\", \"g\", p)\n"
	"    T.tma_store(C_desc, " PTR("0", "1") ", bx * 64, 0)\n";

static const char skipped_range[] = HEAD
	"    if tx < 32:\n"
	"        A_shared[tx + 7000] = T.float16(3.0)\n"
	"    j: T.int32 = 4096\n"
	"    if tx < 128:\n"
	"        A_shared[tx + 6000] = T.float16(2.0)\n"
	"    else:\n"
	"        j = 0\n"
	"    A_shared[4096] = T.float16(1.0)\n"
	"    T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n";

static const char skipped_alias[] = HEAD
	"    if tx < 32:\n"
	"        A_shared[tx + 7000] = T.float16(3.0)\n"
	"    p: T.int32 = 0\n"
	"    if tx < 128:\n"
	"        A_shared[tx + 6000] = T.float16(2.0)\n"
	"    else:\n"
	"        p = " PTR("0", "3") "\n"
	"    T.call_extern(\"handle\", \"g\", p)\n"
	"    T.tma_store(C_desc, " PTR("0", "1") ", bx * 64, 0)\n";

static const char plain_if[] = HEAD
	"    if tx < 32:\n"
	"        A_shared[tx + 7000] = T.float16(3.0)\n"
	"    if tx < 64:\n"
	"        A_shared[tx + 6000] = T.float16(2.0)\n"
	"    j: T.int32 = 4096\n"
	"    if bx < 4:\n"
	"        j = 0\n"
	"    A_shared[4096] = T.float16(1.0)\n"
	"    T.tma_store(C_desc, " PTR("j", "1") ", bx * 64, 0)\n";

/* Unsound findings on src (footprints compared), and in its graph the number
 * of async reads from byte lo on and of generic writes by an extern call. */
static void
run(const char *name, const char *src, int unsound, int areads_at, int64_t lo, int gwrites_g)
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
	int classes = 0, at = 0, gw = 0;
	for (int i = 0; i < g.n; i++) {
		const Event *e = &g.ev[i];
		classes += e->kind == EV_NOP && !strcmp(e->op, "thread class");
		at += e->kind == EV_AREAD && e->foot.known && e->foot.lo == lo;
		gw += e->kind == EV_GWRITE && !strcmp(e->op, "g");
	}
	CHECK(classes >= 2, "%s: %s", name, "thread classes");
	CHECK(at == areads_at, "%s: %s", name, "async reads at the offset of the threads' own j");
	CHECK(gw == gwrites_g, "%s: %s", name, "extern calls writing through a pointer");
	orc_events_free(&g);
	ar_free(a);
}

int
main(void)
{
	/* rebind: classes [0, 64), [64, 128) store from j = 0, [128, 256) from
	 * j = 4096 (bytes from 8192), which the store of A_shared[4096] wrote. */
	run("rebind", rebind, 1, 1, 8192, 0);
	/* late_alias: p is no pointer yet in any class. */
	run("late_alias", late_alias, 0, 0, 8192, 0);
	/* alias_dropped: no class's g writes through p. */
	run("alias_dropped", alias_dropped, 0, 0, 8192, 0);
	/* skipped_range: classes [0, 32), [32, 128) store from bytes 8192 on,
	 * [128, 256) from 0. */
	run("skipped_range", skipped_range, 1, 2, 8192, 0);
	/* skipped_alias: the class [128, 256) alone writes through p. */
	run("skipped_alias", skipped_alias, 1, 0, 8192, 1);
	/* plain_if: j in [0, 4096]: the footprint is no single offset. */
	run("plain_if", plain_if, 1, 0, 8192, 0);
	return check_summary();
}
