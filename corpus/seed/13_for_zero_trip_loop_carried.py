# Rule: zero trip count without hoist: loop-carried state through the fixed point,
#   and out = entry U body-out because the loop may run zero times.
# 9f25954: entry {None}; round 1: wgmma from {None} (no fence), store -> {Generic};
#   header = {None, Generic}; round 2: fence right before ptx_wgmma_ss inside the
#   loop. Out = {None} U {Generic}: fence right before the tma_store after the loop.
#   No handshake added. Total 2 fences.
# legacy: the loop body wgmma (async) -> store (generic): nothing; the loop is mixed;
#   loop (mixed) -> tma_store: nothing. tma_store_arrive(); tma_store_wait() appended.
#   No fence.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    for ko in range(0):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
        C_shared[tx * 32 + ko] = T.Cast("float16", C_local[ko])
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(0):
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         C_shared[tx * 32 + ko] = T.Cast("float16", C_local[ko])
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(0):
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         C_shared[tx * 32 + ko] = T.Cast("float16", C_local[ko])
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(0):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         C_shared[tx * 32 + ko] = T.Cast("float16", C_local[ko])
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
#     T.tma_store_arrive()
#     T.tma_store_wait()
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(0):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         C_shared[tx * 32 + ko] = T.Cast("float16", C_local[ko])
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
