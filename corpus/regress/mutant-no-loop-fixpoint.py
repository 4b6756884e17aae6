# fencefuzz regress: differential [mutant:no-loop-fixpoint vs tilelang-9f25954]: mutant:no-loop-fixpoint and tilelang-9f25954 differ (function main): mutant:no-loop-fixpoint is sound; tilelang-9f25954 is sound
# fencefuzz regress: cause c2234d2db04d6700; reduced from corpus/seed/13_for_zero_trip_loop_carried.py (11 -> 6 statements), promoted 2026-12-01
# verdict tilelang-9f25954: unnecessary-fence, suboptimal-placement
# verdict tilelang-head: ok
# verdict tilelang-legacy: ok
# from tvm.script import tir as T

@T.prim_func
def main():
    C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    for ko in range(1):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
        C_shared[0] = T.float16(0.0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(1):
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         C_shared[0] = T.float16(0.0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(1):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         C_shared[0] = T.float16(0.0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(1):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         C_shared[0] = T.float16(0.0)
