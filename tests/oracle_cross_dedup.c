/* oracle_cross_dedup: the cross-partition oracle reports one finding per
 * (access statement, async statement, kind), also on IR without source
 * locations (what models build and the generator makes): an epilogue whose
 * threads all store a tile, a barrier, then thread 0 issues two TMA stores
 * of it with no fence; two pairs, so two findings with locations and the same
 * two with every location cleared.  De-duplicating by location would merge
 * the two at 0:0.
 *
 *     oracle_cross_dedup
 *
 * Prints one line per check; exit 1 on any failure. */
#include <stdio.h>
#include <string.h>

#include "ir.h"
#include "oracle.h"

static const char SRC[] =
	"# from tvm.script import tir as T\n"
	"\n"
	"@T.prim_func\n"
	"def main(C_desc: T.handle(\"uint8x128\", \"grid_constant\")):\n"
	"    bx = T.launch_thread(\"blockIdx.x\", 8)\n"
	"    buf = T.allocate([8192], \"uint8\", \"shared.dyn\")\n"
	"    tx = T.launch_thread(\"threadIdx.x\", 128)\n"
	"    C_shared = T.Buffer((4096,), \"float16\", data=buf, scope=\"shared.dyn\")\n"
	"    for i in range(32):\n"
	"        C_shared[tx * 32 + i] = T.float16(1.0)\n"
	"    T.tvm_storage_sync(\"shared\")\n"
	"    if tx == 0:\n"
	"        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation(\"float16\"), buf, 0, 4096, 1), bx * 64, 0)\n"
	"        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation(\"float16\"), buf, 0, 4096, 1), bx * 64, 64)\n";

static int
clear_loc(const Stmt *s, void *ctx)
{
	(void)ctx;
	((Stmt *)s)->loc = (Loc){0, 0}; /* the test owns the program it read */
	return IR_WALK_GO;
}

static int
count(const Program *p, FindingKind k, Arena *a)
{
	OracleOptions o;
	orc_defaults(&o);
	o.profile = ORC_PROFILE_PROGRAM_ORDER;
	FindingList fl;
	fl_init(&fl, a);
	orc_cross(p->funcs[0], &o, "identity", &fl);
	int n = 0;
	for (int i = 0; i < fl.n; i++)
		n += fl.items[i].kind == k;
	return n;
}

int
main(void)
{
	int failed = 0;
	Arena *a = ar_new();
	Diag d;
	Program *p = ir_read(a, "epilogue.py", SRC, strlen(SRC), &d);
	if (!p || p->nfuncs != 1) {
		printf("FAIL does not read: %d:%d: %s\n", d.line, d.col, d.msg);
		return 1;
	}
	int located = count(p, FK_UNSOUND_CROSS, a);
	ir_walk_stmt(p->funcs[0]->body, clear_loc, NULL, NULL);
	int bare = count(p, FK_UNSOUND_CROSS, a);
	if (located != 2) {
		printf("FAIL with locations: %d unsound-cross findings, want 2 (one per TMA store)\n", located);
		failed++;
	} else {
		printf("ok with locations: 2 unsound-cross findings\n");
	}
	if (bare != located) {
		printf("FAIL without locations: %d unsound-cross findings, want %d (one per statement "
		       "pair, not per location)\n", bare, located);
		failed++;
	} else {
		printf("ok without locations: %d unsound-cross findings\n", bare);
	}
	ar_free(a);
	return failed ? 1 : 0;
}
