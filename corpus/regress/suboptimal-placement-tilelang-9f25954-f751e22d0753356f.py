# fencefuzz regress: suboptimal-placement [tilelang-9f25954, minimality.placement]: worst-path cost 22 (2 fences; costliest before tma_store at 9:9 inside for i at 8:5 with 11 trips) > optimum 12 (fence before 8:5, fence before 12:9 inside for i at 8:5 with 11 trips)
# fencefuzz regress: cause f751e22d0753356f; finding 24 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: suboptimal-placement, alias-redundant-fence, handshake x2
# verdict tilelang-head: handshake x2, gated x2
# verdict tilelang-legacy: unsound, not-idempotent
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
    C_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_shared[0] = T.float16(0.0)
    for i in range(11):
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
        A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
        A_shared[0] = T.float16(0.0)
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
#     C_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_shared[0] = T.float16(0.0)
#     for i in range(11):
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
#         A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#         A_shared[0] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
#     C_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_shared[0] = T.float16(0.0)
#     for i in range(11):
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
#         A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#         A_shared[0] = T.float16(0.0)
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
#     C_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_shared[0] = T.float16(0.0)
#     for i in range(11):
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
#         T.tma_store_arrive()
#         T.tma_store_wait()
#         A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#         A_shared[0] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
#         T.tma_store_arrive()
#         T.tma_store_wait()
