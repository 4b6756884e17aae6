# fencefuzz regress: differential [mutant:hoist-without-generic vs tilelang-9f25954]: mutant:hoist-without-generic and tilelang-9f25954 differ (function main): mutant:hoist-without-generic is sound; tilelang-9f25954 is sound
# fencefuzz regress: cause 778f341053e8736a; reduced from corpus/seed/09_entry_without_generic_no_hoist.py (14 -> 4 statements), promoted 2026-12-01
# verdict tilelang-9f25954: ok
# verdict tilelang-head: ok
# verdict tilelang-legacy: ok
# from tvm.script import tir as T

@T.prim_func
def main():
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    for ko in range(1):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(1):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(1):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(1):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
