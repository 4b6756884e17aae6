# fencefuzz regress: unsound [tilelang-legacy, soundness]: generic write store (A_shared bytes [0, 2), line 6) reaches async write tma_load (A_shared bytes [0, 16), line 7) with no fence.proxy.async on some path
# fencefuzz regress: cause 547142ec2ce12802; finding 3 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: ok
# verdict tilelang-head: gated
# verdict tilelang-legacy: unsound
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    A_shared[0] = T.float16(0.0)
    T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 8, 2), 0, 0, 0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 8, 2), 0, 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
#     T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 8, 2), 0, 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
#     T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 8, 2), 0, 0, 0)
