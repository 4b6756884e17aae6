# fencefuzz regress: suboptimal-placement [tilelang-head, minimality.placement]: worst-path cost 22 (2 fences; costliest before tma_store at 10:9 inside for i at 9:5 with 11 trips) > optimum 12 (fence before 9:5, fence before 13:9 inside for i at 9:5 with 11 trips)
# fencefuzz regress: cause b30f1da1e1b94a4b; finding 27 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: suboptimal-placement, alias-redundant-fence, handshake x2
# verdict tilelang-head: suboptimal-placement, alias-redundant-fence, handshake x2
# verdict tilelang-legacy: unsound, not-idempotent
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
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
#     T.func_attr({"target": T.target({"arch": "sm_90", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
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
#     T.func_attr({"target": T.target({"arch": "sm_90", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
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
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
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
