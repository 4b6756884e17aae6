# fencefuzz regress: unsound [tilelang-9f25954, soundness]: generic write store (C_shared bytes [0, 2), line 8) reaches async read ptx_wgmma_sp_ss (any shared memory, line 9) with no fence.proxy.async on some path
# fencefuzz regress: cause 5f11f2a2bfca8880; finding 30 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: model-rejected
# verdict tilelang-head: unsound
# verdict tilelang-legacy: model-rejected
# from tvm.script import tir as T

@T.prim_func
def main():
    C_shared = T.decl_buffer((8192,), "float16", scope="shared")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    C_shared[0] = T.float16(0.0)
    T.ptx_wgmma_sp_ss("m64n64k32", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, C_local.data, 0, 0, T.bool(True), 1, 1)
# ==== expect tilelang-9f25954
# refused: TileLang 9f25954 has no op T.ptx_wgmma_sp_ss (it exists at head only): model tilelang-9f25954 refuses the program, not judged
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     C_shared = T.decl_buffer((8192,), "float16", scope="shared")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     C_shared[0] = T.float16(0.0)
#     T.ptx_wgmma_sp_ss("m64n64k32", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, C_local.data, 0, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# refused: TileLang a60d619 has no op T.ptx_wgmma_sp_ss (it exists at head only): model tilelang-legacy refuses the program, not judged
