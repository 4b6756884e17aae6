# fencefuzz regress: differential [mutant:hoist-keeps-state vs tilelang-9f25954]: mutant:hoist-keeps-state and tilelang-9f25954 differ (function main): mutant:hoist-keeps-state is sound; tilelang-9f25954 is sound
# fencefuzz regress: cause d499413ab340e241; reduced from corpus/seed/04_if_else_hoist_pure_async.py (14 -> 7 statements), promoted 2026-12-01
# verdict tilelang-9f25954: ok
# verdict tilelang-head: gated x2
# verdict tilelang-legacy: unsound x2
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    A_shared[0] = T.float16(0.0)
    if T.bool(True):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    else:
        T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, 0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     if T.bool(True):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     else:
#         T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[0] = T.float16(0.0)
#     if T.bool(True):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     else:
#         T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[0] = T.float16(0.0)
#     if T.bool(True):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     else:
#         T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, 0)
