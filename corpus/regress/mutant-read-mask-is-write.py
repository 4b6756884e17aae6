# fencefuzz regress: differential [mutant:read-mask-is-write vs tilelang-9f25954]: mutant:read-mask-is-write and tilelang-9f25954 differ (function main): mutant:read-mask-is-write is sound; tilelang-9f25954 is sound
# fencefuzz regress: cause 4010519435b8247f; reduced from corpus/seed/23_access_ptr_rw_masks.py (19 -> 5 statements), promoted 2026-12-01
# verdict tilelang-9f25954: ok
# verdict tilelang-head: ok
# verdict tilelang-legacy: unnecessary-fence, suboptimal-placement
# from tvm.script import tir as T

@T.prim_func
def main():
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.call_extern("handle", "tl::ld_smem_x4", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 8, 1))
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.call_extern("handle", "tl::ld_smem_x4", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 8, 1))
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.call_extern("handle", "tl::ld_smem_x4", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 8, 1))
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.call_extern("handle", "tl::ld_smem_x4", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 8, 1))
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
