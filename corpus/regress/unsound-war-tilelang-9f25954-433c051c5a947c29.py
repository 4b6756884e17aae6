# fencefuzz regress: unsound-war [tilelang-9f25954, soundness]: generic read load (A_shared bytes [0, 2), line 6) reaches async write ptx_cp_async_bulk (A_shared, line 7) with no fence.proxy.async on some path
# fencefuzz regress: cause 433c051c5a947c29; finding 99 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: unsound-war
# verdict tilelang-head: unsound-war
# verdict tilelang-legacy: unsound-war
# from tvm.script import tir as T

@T.prim_func
def main(A: T.handle("float16", "global")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    T.evaluate(A_shared[0])
    T.ptx_cp_async_bulk("float16", A_shared.data, 0, A, 0, 8192, 0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     T.evaluate(A_shared[0])
#     T.ptx_cp_async_bulk("float16", A_shared.data, 0, A, 0, 8192, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     T.evaluate(A_shared[0])
#     T.ptx_cp_async_bulk("float16", A_shared.data, 0, A, 0, 8192, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     T.evaluate(A_shared[0])
#     T.ptx_cp_async_bulk("float16", A_shared.data, 0, A, 0, 8192, 0)
