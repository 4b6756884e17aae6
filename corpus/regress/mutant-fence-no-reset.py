# fencefuzz regress: differential [mutant:fence-no-reset vs tilelang-9f25954]: mutant:fence-no-reset and tilelang-9f25954 differ (function main): mutant:fence-no-reset is sound; tilelang-9f25954 is sound
# fencefuzz regress: cause d0e5089b1ed73472; reduced from corpus/seed/32_existing_fence_neutral.py (15 -> 4 statements), promoted 2026-12-01
# verdict tilelang-9f25954: ok
# verdict tilelang-head: ok
# verdict tilelang-legacy: not-idempotent
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    B_shared[0] = T.float16(0.0)
    T.fence_proxy_async()
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), 0, 0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), 0, 0)
#     T.tma_store_arrive()
#     T.tma_store_wait()
