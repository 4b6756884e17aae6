# fencefuzz regress: alias-redundant-fence [tilelang-legacy, minimality.alias]: fence before tma_store at 8:5 guards only non-overlapping footprints: it is needed when any shared access counts, not when footprints are compared
# fencefuzz regress: cause cb0ec614ca1917ea; finding 33 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: alias-redundant-fence
# verdict tilelang-head: gated
# verdict tilelang-legacy: alias-redundant-fence, not-idempotent
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    A_shared[0] = T.float16(0.0)
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 8, 1), 0, 0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 8, 1), 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 8, 1), 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     A_shared[0] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 8, 1), 0, 0)
#     T.tma_store_arrive()
#     T.tma_store_wait()
