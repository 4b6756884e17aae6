/* pass_tilelang_head.c: TileLang's tl.InjectFenceProxy on upstream main as of
 * commit a35008a (2026), as docs/semantics.md §4.4 describes it: the 9f25954 state-set
 * dataflow (pass_proxy_state.c, see pass_tilelang_9f25954.c for the rules)
 * with three changes.
 *
 * Requires: a well-formed Func.  Does:
 * - classifies with the HEAD column of ops.h: async = tma_load,
 *   tma_load_im2col, tma_load_multicast, tma_store, ptx_wgmma_ss/rs,
 *   ptx_tcgen05_mma_ss/ts, ptx_cp_async_bulk.  tl_gemm / tl_gemm_sp are no
 *   longer async (they are generic only through their tvm_access_ptr write
 *   masks, like any other call);
 * - preserves loop steps (For is rebuilt with its step);
 * - only runs on functions whose target arch is sm_90 or newer.
 *
 * Reading of the target gate (no golden data for this model): the arch is
 * taken from Func.attrs["target"] = T.target({... "arch": "sm_NN..." ...});
 * NN is the run of digits after "sm_" ("sm_90a" -> 90, "sm_100" -> 100) and
 * the pass runs when NN >= 90.  A target given as a string takes its arch
 * from an "-arch=sm_NN" flag, as TVM's Target parser does
 * (T.target("cuda -arch=sm_90a") runs); a string without that flag
 * (T.target("cuda")), a target dict without "arch", an arch not of the form
 * sm_<digits>, or no target attribute at all: no arch is known and the
 * function is returned unchanged.
 *
 * Quirks kept: those of 9f25954 except the dropped step; in particular
 * ptx_wgmma_sp_ss/rs, ptx_tcgen05_mma_blockscaled_ss, tma_load_gather4,
 * tma_store_scatter4 and tma_store_cluster are still "none" (upstream issue
 * #2634 was a missing fence before ptx_wgmma_sp_ss).
 */
#include "ir.h"
#include "pass.h"
#include "pass_proxy_state.h"

static const ProxyStateOptions options = {
	.column = PROXY_COLUMN_HEAD,
	.keep_loop_steps = 1,
	.min_sm = 90,
};

/* The same pass with the gate off: check.c tells by it which findings exist
 * only because the gate left a function alone (FK_GATED), and the
 * explanation of the others is the one of the pass as it runs. */
static const ProxyStateOptions ungated_options = {
	.column = PROXY_COLUMN_HEAD,
	.keep_loop_steps = 1,
	.min_sm = 0,
};

static Func *
run(const Func *in, Arena *a)
{
	return pass_proxy_state_run(in, a, &options);
}

static Func *
run_ungated(const Func *in, Arena *a)
{
	return pass_proxy_state_run(in, a, &ungated_options);
}

static Func *
run_checked(const Func *in, Arena *a, unsigned versions)
{
	return pass_proxy_state_run_checked(in, a, &options, versions);
}

static Func *
run_ungated_checked(const Func *in, Arena *a, unsigned versions)
{
	return pass_proxy_state_run_checked(in, a, &ungated_options, versions);
}

static const char *
explain(const PassModel *m, const Func *in, const Func *out, const PassQuery *q, Arena *a)
{
	int blameless;
	return pass_proxy_state_explain(in, q, &ungated_options, a, &blameless);
}

static const PassModel head_ungated = {
	.name = "tilelang-head",
	.summary = "tilelang-head with its target gate off (not listed; for check.c)",
	.run = run_ungated,
	.run_checked = run_ungated_checked,
	.explain = explain,
	.versions = VV_HEAD,
};

const PassModel pass_tilelang_head = {
	.name = "tilelang-head",
	.summary = "TileLang main a35008a: 9f25954 dataflow, +tma_load_multicast async, tl_gemm not "
	           "async, keeps loop steps, runs only for target arch >= sm_90",
	.run = run,
	.run_checked = run_checked,
	.explain = explain,
	.ungated = &head_ungated,
	.versions = VV_HEAD,
};
