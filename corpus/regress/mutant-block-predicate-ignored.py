# fencefuzz regress: differential [mutant:block-predicate-ignored vs tilelang-9f25954]: mutant:block-predicate-ignored and tilelang-9f25954 differ (function main): mutant:block-predicate-ignored is unsound (a generic write reaches an async op unfenced); tilelang-9f25954 is sound
# fencefuzz regress: cause eec351a0d9d3551f; reduced from corpus/seed/21_block_predicate.py (15 -> 9 statements), promoted 2026-12-01
# verdict tilelang-9f25954: suboptimal-placement
# verdict tilelang-head: gated x2
# verdict tilelang-legacy: ok
# from tvm.script import tir as T

@T.prim_func
def main():
    # with T.block("root"):
    tx = T.launch_thread("threadIdx.x", 256)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    A_shared[0] = T.float16(0.0)
    with T.block("wg_compute"):
        T.where(tx < 128)
        T.reads(A_shared[0:4096], B_shared[0:4096])
        T.writes(C_local[0:32])
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_a.data, 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     # with T.block("root"):
#     tx = T.launch_thread("threadIdx.x", 256)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[0] = T.float16(0.0)
#     with T.block("wg_compute"):
#         T.where(tx < 128)
#         T.reads(A_shared[0:4096], B_shared[0:4096])
#         T.writes(C_local[0:32])
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_a.data, 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     # with T.block("root"):
#     tx = T.launch_thread("threadIdx.x", 256)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[0] = T.float16(0.0)
#     with T.block("wg_compute"):
#         T.where(tx < 128)
#         T.reads(A_shared[0:4096], B_shared[0:4096])
#         T.writes(C_local[0:32])
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_a.data, 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     # with T.block("root"):
#     tx = T.launch_thread("threadIdx.x", 256)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     with T.block("wg_compute"):
#         T.where(tx < 128)
#         T.reads(A_shared[0:4096], B_shared[0:4096])
#         T.writes(C_local[0:32])
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_a.data, 2, C_local.data, 0, T.bool(True), 1, 1)
