/* ops.h: the op table.  One line per op the pass models know by name.
 *
 * Columns: printed name, then how each built-in pass model classifies a call
 * statement whose outermost call is this op (docs/semantics.md §4):
 *   REF  = tilelang-9f25954, HEAD = tilelang-head, LEG = tilelang-legacy.
 *   PX_ASYNC   async proxy: fence needed before it after generic traffic
 *   PX_NEUTRAL resets the proxy state (the fence itself)
 *   PX_NONE    REF/HEAD: no effect of its own; generic only through its
 *              arguments (tvm_access_ptr write masks, address_of, docs/semantics.md §4.1)
 *   PX_GENERIC LEG: every call that is not async or neutral
 * Ops not listed are PX_NONE for REF/HEAD and PX_GENERIC for LEG.
 *
 * This table is the models' view only.  The oracles keep their own ground
 * truth (oracle/), which must not include this file.
 */
/*  name                              REF         HEAD        LEG        */
OP(fence_proxy_async,                 PX_NEUTRAL, PX_NEUTRAL, PX_NEUTRAL)
OP(tma_load,                          PX_ASYNC,   PX_ASYNC,   PX_GENERIC)
OP(tma_load_im2col,                   PX_ASYNC,   PX_ASYNC,   PX_GENERIC)
OP(tma_load_multicast,                PX_NONE,    PX_ASYNC,   PX_GENERIC)
OP(tma_load_gather4,                  PX_NONE,    PX_NONE,    PX_GENERIC)
OP(tma_store,                         PX_ASYNC,   PX_ASYNC,   PX_ASYNC)
OP(tma_store_scatter4,                PX_NONE,    PX_NONE,    PX_GENERIC)
OP(tma_store_cluster,                 PX_NONE,    PX_NONE,    PX_GENERIC)
OP(tma_store_arrive,                  PX_NONE,    PX_NONE,    PX_ASYNC)
OP(tma_store_wait,                    PX_NONE,    PX_NONE,    PX_ASYNC)
OP(ptx_wgmma_ss,                      PX_ASYNC,   PX_ASYNC,   PX_ASYNC)
OP(ptx_wgmma_rs,                      PX_ASYNC,   PX_ASYNC,   PX_ASYNC)
OP(ptx_wgmma_sp_ss,                   PX_NONE,    PX_NONE,    PX_GENERIC)
OP(ptx_wgmma_sp_rs,                   PX_NONE,    PX_NONE,    PX_GENERIC)
OP(ptx_tcgen05_mma_ss,                PX_ASYNC,   PX_ASYNC,   PX_ASYNC)
OP(ptx_tcgen05_mma_ts,                PX_ASYNC,   PX_ASYNC,   PX_ASYNC)
OP(ptx_tcgen05_mma_blockscaled_ss,    PX_NONE,    PX_NONE,    PX_GENERIC)
OP(ptx_cp_async_bulk,                 PX_ASYNC,   PX_ASYNC,   PX_GENERIC)
OP(tl_gemm,                           PX_ASYNC,   PX_NONE,    PX_ASYNC)
OP(tl_gemm_sp,                        PX_ASYNC,   PX_NONE,    PX_ASYNC)
/* Known to the reader and the printer; no proxy effect of their own. */
OP(tvm_access_ptr,                    PX_NONE,    PX_NONE,    PX_GENERIC)
OP(address_of,                        PX_NONE,    PX_NONE,    PX_GENERIC)
OP(type_annotation,                   PX_NONE,    PX_NONE,    PX_GENERIC)
OP(call_extern,                       PX_NONE,    PX_NONE,    PX_GENERIC)
OP(ptx_cp_async,                      PX_NONE,    PX_NONE,    PX_GENERIC)
OP(ptx_ldmatrix,                      PX_NONE,    PX_NONE,    PX_GENERIC)
OP(ptx_stmatrix,                      PX_NONE,    PX_NONE,    PX_GENERIC)
OP(tvm_storage_sync,                  PX_NONE,    PX_NONE,    PX_GENERIC)
OP(tl_shuffle_elect,                  PX_NONE,    PX_NONE,    PX_GENERIC)
OP(mbarrier_wait_parity,              PX_NONE,    PX_NONE,    PX_GENERIC)
OP(mbarrier_expect_tx,                PX_NONE,    PX_NONE,    PX_GENERIC)
OP(ptx_arrive_barrier,                PX_NONE,    PX_NONE,    PX_GENERIC)
OP(ptx_init_barrier_thread_count,     PX_NONE,    PX_NONE,    PX_GENERIC)
OP(ptx_fence_barrier_init,            PX_NONE,    PX_NONE,    PX_GENERIC)
OP(warpgroup_arrive,                  PX_NONE,    PX_NONE,    PX_GENERIC)
OP(warpgroup_commit_batch,            PX_NONE,    PX_NONE,    PX_GENERIC)
OP(warpgroup_wait,                    PX_NONE,    PX_NONE,    PX_GENERIC)
OP(warpgroup_fence_operand,           PX_NONE,    PX_NONE,    PX_GENERIC)
OP(initialize_wgmma_descriptor,       PX_NONE,    PX_NONE,    PX_GENERIC)
OP(Cast,                              PX_NONE,    PX_NONE,    PX_GENERIC)
OP(Broadcast,                         PX_NONE,    PX_NONE,    PX_GENERIC)
OP(Ramp,                              PX_NONE,    PX_NONE,    PX_GENERIC)
OP(if_then_else,                      PX_NONE,    PX_NONE,    PX_GENERIC)
OP(target,                            PX_NONE,    PX_NONE,    PX_GENERIC)
