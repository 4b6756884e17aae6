# fencefuzz regress: unnecessary-fence [tilelang-head, minimality.necessity]: fence before a for loop at 9:5 can be removed; the program stays sound
# fencefuzz regress: cause 8b4cbdf3ce8a57d5; finding 114 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: unnecessary-fence, suboptimal-placement
# verdict tilelang-head: unnecessary-fence, suboptimal-placement
# verdict tilelang-legacy: unnecessary-fence, suboptimal-placement, not-idempotent
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
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
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
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
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     for i_4 in range(0):
#         A_shared[3641] = T.float16(0.0)
#     T.fence_proxy_async()
#     for i_6 in range(1):
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     for i_4 in range(0):
#         A_shared[3641] = T.float16(0.0)
#     T.fence_proxy_async()
#     for i_6 in range(1):
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 0, 0)
#         T.tma_store_arrive()
#         T.tma_store_wait()
