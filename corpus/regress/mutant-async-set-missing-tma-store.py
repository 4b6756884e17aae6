# fencefuzz regress: differential [mutant:async-set-missing-tma-store vs tilelang-9f25954]: mutant:async-set-missing-tma-store and tilelang-9f25954 differ (function main): mutant:async-set-missing-tma-store is unsound (a generic write reaches an async op unfenced); tilelang-9f25954 is sound
# fencefuzz regress: cause 8a894563abf2640f; reduced from corpus/seed/07_if_else_generic_call_or_nested_no_hoist.py (20 -> 3 statements), promoted 2026-12-01
# verdict tilelang-9f25954: ok
# verdict tilelang-head: gated
# verdict tilelang-legacy: not-idempotent
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    A_shared[0] = T.float16(0.0)
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 64)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 64)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 64)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 64)
#     T.tma_store_arrive()
#     T.tma_store_wait()
