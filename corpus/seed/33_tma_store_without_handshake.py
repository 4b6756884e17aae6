# Rule: tma_store with no handshake after it: 9f25954 adds none (docs/semantics.md §4.2: the copy
#   lowering does); legacy appends tma_store_arrive(); tma_store_wait() after EVERY
#   tma_store.
# 9f25954: the epilogue stores leave {Generic}; `if tx == 0:` has no else: no hoist;
#   fence right before tma_store inside the if. Nothing else.
# legacy: handshake appended after tma_store (inside the if); the if is async
#   (tma_store, arrive, wait are all async for legacy); the unroll loop before it is
#   generic: fence right before the `if` (outside it, executed by every thread).
#   Nothing inside the if.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    by = T.launch_thread("blockIdx.y", 8)
    tx = T.launch_thread("threadIdx.x", 128)
    C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    for i in T.unroll(16):
        C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Cast("float16x2", C_local[i * 2:i * 2 + 2])
    if tx == 0:
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, by * 64)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     by = T.launch_thread("blockIdx.y", 8)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     for i in T.unroll(16):
#         C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Cast("float16x2", C_local[i * 2:i * 2 + 2])
#     if tx == 0:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, by * 64)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     by = T.launch_thread("blockIdx.y", 8)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     for i in T.unroll(16):
#         C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Cast("float16x2", C_local[i * 2:i * 2 + 2])
#     if tx == 0:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, by * 64)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     by = T.launch_thread("blockIdx.y", 8)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     for i in T.unroll(16):
#         C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Cast("float16x2", C_local[i * 2:i * 2 + 2])
#     T.fence_proxy_async()
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, by * 64)
#         T.tma_store_arrive()
#         T.tma_store_wait()
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     by = T.launch_thread("blockIdx.y", 8)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     for i in T.unroll(16):
#         C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Cast("float16x2", C_local[i * 2:i * 2 + 2])
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, by * 64)
