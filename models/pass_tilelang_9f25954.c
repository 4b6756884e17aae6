/* pass_tilelang_9f25954.c: the reference model, TileLang's tl.InjectFenceProxy
 * as rewritten in commit 9f25954 ("Refactor Pass InjectFenceProxy", #1863,
 * including its "hoist fence out of pure-async loops" and "hoist fence for
 * if/while pure-async regions" commits).  docs/semantics.md §4.2 has the rules; checked
 * against the 400 golden outputs of the real compiled pass
 * (corpus/golden-tilelang/pNNNNN.out.py, tests/golden_tilelang.c).
 *
 * Requires: a well-formed Func.  Does, with pass_proxy_state.c:
 * - state = may-set over {None, Generic, Async}, {None} at function entry;
 * - call statement (outermost call only): fence -> {None}; async (REF column
 *   of ops.h: tma_load, tma_load_im2col, tma_store, ptx_wgmma_ss/rs,
 *   ptx_tcgen05_mma_ss/ts, ptx_cp_async_bulk, tl_gemm, tl_gemm_sp) -> fence
 *   before it when Generic is possible, then {Async}; any other call is
 *   generic when its argument tree writes shared memory through
 *   tvm_access_ptr (mask not constant, or bit 2) or address_of, else no event;
 * - shared store -> {Generic}; if: union of branches; for/while: header fixed
 *   point (<= 8 rounds), may-be-zero unless the extent is a constant != 0;
 *   hoist of one fence before an if-with-else / loop whose region is pure
 *   async when Generic is possible; block with a T.where: out |= entry;
 *   let, attr, launch_thread, allocate, decl_buffer, assert: transparent.
 *
 * Quirks kept on purpose (they are what is under test):
 * - Loop steps are dropped.  The pass rebuilds every For it visits with the
 *   constructor For(var, min, extent, kind, body, thread_binding,
 *   annotations), without For.step, which the TVM fork it builds against
 *   has; docs/semantics.md §4.4 says only tilelang-head preserves steps.  Our reading: the
 *   step of every for loop is dropped, whether or not a fence was inserted.
 *   (The golden data has no stepped loop, so this is not golden-checked.)
 * - Generic *reads* are ignored (no WAR fence before a TMA load).
 * - Calls nested in let values, store values, conditions and loop bounds are
 *   not classified.
 * - Unknown ops, sparse wgmma, tma_load_multicast and the other newer async
 *   ops are "none": no fence before them.
 * - A negative constant extent counts as "runs at least once".
 * - No tma_store_arrive / tma_store_wait is added (the copy lowering does).
 */
#include "ir.h"
#include "pass.h"
#include "pass_proxy_state.h"

static const ProxyStateOptions options = {
	.column = PROXY_COLUMN_REF,
	.keep_loop_steps = 0,
	.min_sm = 0,
};

static Func *
run(const Func *in, Arena *a)
{
	return pass_proxy_state_run(in, a, &options);
}

static Func *
run_checked(const Func *in, Arena *a, unsigned versions)
{
	return pass_proxy_state_run_checked(in, a, &options, versions);
}

static const char *
explain(const PassModel *m, const Func *in, const Func *out, const PassQuery *q, Arena *a)
{
	int blameless;
	return pass_proxy_state_explain(in, q, &options, a, &blameless);
}

const PassModel pass_tilelang_9f25954 = {
	.name = "tilelang-9f25954",
	.summary = "reference: TileLang 9f25954 (#1863) state-set dataflow, fence before async after "
	           "may-be-generic, loop/if hoist, drops loop steps",
	.run = run,
	.run_checked = run_checked,
	.explain = explain,
	.versions = VV_SEED,
};
