# fencefuzz regress: unnecessary-fence [tilelang-9f25954, minimality.necessity]: fence before a for loop at 8:5 can be removed; the program stays sound
# fencefuzz regress: cause 9e1cc339f4d9dd71; finding 113 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: unnecessary-fence, suboptimal-placement
# verdict tilelang-head: ok
# verdict tilelang-legacy: unnecessary-fence, suboptimal-placement, not-idempotent
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    for i_4 in range(0):
        A_shared[3641] = T.float16(0.0)
    for i_6 in range(1):
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     for i_4 in range(0):
#         A_shared[3641] = T.float16(0.0)
#     T.fence_proxy_async()
#     for i_6 in range(1):
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     for i_4 in range(0):
#         A_shared[3641] = T.float16(0.0)
#     for i_6 in range(1):
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     for i_4 in range(0):
#         A_shared[3641] = T.float16(0.0)
#     T.fence_proxy_async()
#     for i_6 in range(1):
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 0)
#         T.tma_store_arrive()
#         T.tma_store_wait()
