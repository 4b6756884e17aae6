# fencefuzz regress: differential [mutant:no-if-union vs tilelang-9f25954]: mutant:no-if-union and tilelang-9f25954 differ (function main): mutant:no-if-union is unsound (a generic write reaches an async op unfenced); tilelang-9f25954 is sound
# fencefuzz regress: cause 3d6ba66312ebfd7e; reduced from corpus/seed/03_cp_async_bulk_not_async_for_legacy.py (14 -> 7 statements), promoted 2026-12-01
# verdict tilelang-9f25954: suboptimal-placement
# verdict tilelang-head: gated x2
# verdict tilelang-legacy: unsound
# from tvm.script import tir as T

@T.prim_func
def main(src: T.handle("float16", "global")):
    S_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    S_shared[0] = T.float16(0.0)
    if T.bool(True):
        T.ptx_cp_async_bulk("float16", S_shared.data, 0, src, 0, 4096, 0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(src: T.handle("float16", "global")):
#     S_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     S_shared[0] = T.float16(0.0)
#     if T.bool(True):
#         T.fence_proxy_async()
#         T.ptx_cp_async_bulk("float16", S_shared.data, 0, src, 0, 4096, 0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(src: T.handle("float16", "global")):
#     S_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     S_shared[0] = T.float16(0.0)
#     if T.bool(True):
#         T.ptx_cp_async_bulk("float16", S_shared.data, 0, src, 0, 4096, 0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(src: T.handle("float16", "global")):
#     S_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     S_shared[0] = T.float16(0.0)
#     if T.bool(True):
#         T.ptx_cp_async_bulk("float16", S_shared.data, 0, src, 0, 4096, 0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
