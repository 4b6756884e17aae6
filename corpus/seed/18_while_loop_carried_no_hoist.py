# Rule: while loop, body not pure async (shared store at the end of the body):
#   fixed point over the back edge; out = entry U body out (always may-be-zero).
# 9f25954: entry {None}; round 1: wgmma unfenced, P_shared store -> {Generic};
#   header = {None, Generic}; round 2: fence right before ptx_wgmma_ss inside the
#   loop. Out = {None, Generic}: fence right before the tma_store after the loop.
#   No handshake. Total 2 fences.
# legacy: body wgmma (async) then stores (generic): no fence inside (no back edge);
#   the while is mixed: no fence before tma_store; tma_store_arrive();
#   tma_store_wait() appended. No fence.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant"), n: T.int32):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    P_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    k = T.decl_buffer((1,), "int32", scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    k[0] = 0
    while k[0] < n:
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
        T.warpgroup_commit_batch()
        T.warpgroup_wait(0)
        P_shared[tx * 32 + k[0] % 32] = T.Cast("float16", C_local[k[0] % 32])
        k[0] = k[0] + 1
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), P_shared.data, 0, 4096, 1), bx * 64, 0)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant"), n: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     P_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     k = T.decl_buffer((1,), "int32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     k[0] = 0
#     while k[0] < n:
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#         P_shared[tx * 32 + k[0] % 32] = T.Cast("float16", C_local[k[0] % 32])
#         k[0] = k[0] + 1
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), P_shared.data, 0, 4096, 1), bx * 64, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant"), n: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     P_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     k = T.decl_buffer((1,), "int32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     k[0] = 0
#     while k[0] < n:
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#         P_shared[tx * 32 + k[0] % 32] = T.Cast("float16", C_local[k[0] % 32])
#         k[0] = k[0] + 1
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), P_shared.data, 0, 4096, 1), bx * 64, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant"), n: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     P_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     k = T.decl_buffer((1,), "int32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     k[0] = 0
#     while k[0] < n:
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#         P_shared[tx * 32 + k[0] % 32] = T.Cast("float16", C_local[k[0] % 32])
#         k[0] = k[0] + 1
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), P_shared.data, 0, 4096, 1), bx * 64, 0)
#     T.tma_store_arrive()
#     T.tma_store_wait()
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant"), n: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     P_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     k = T.decl_buffer((1,), "int32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     k[0] = 0
#     while k[0] < n:
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#         P_shared[tx * 32 + k[0] % 32] = T.Cast("float16", C_local[k[0] % 32])
#         k[0] = k[0] + 1
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), P_shared.data, 0, 4096, 1), bx * 64, 0)
