# Rule: call statement, async op after a generic shared store (docs/semantics.md §4.2: async with
#   Generic in the set -> fence right before the call; the state becomes {Async}).
# 9f25954: one fence right before the first ptx_wgmma_ss (the A_shared store leaves
#   {Generic}; initialize_wgmma_descriptor reads A_shared with rw_mask 1 and
#   warpgroup_arrive is none, so the state is still {Generic}); no fence before the
#   second wgmma (state {Async}).
# legacy: one fence at the same place: the descriptor init and warpgroup_arrive are
#   generic for legacy, so the generic -> async step is warpgroup_arrive -> wgmma.
# head: same as 9f25954 (sm_90a target).
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    A_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
    T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
    T.initialize_wgmma_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
    T.warpgroup_arrive()
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
    T.warpgroup_commit_batch()
    T.warpgroup_wait(0)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
#     T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.initialize_wgmma_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.warpgroup_arrive()
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.warpgroup_commit_batch()
#     T.warpgroup_wait(0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
#     T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.initialize_wgmma_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.warpgroup_arrive()
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.warpgroup_commit_batch()
#     T.warpgroup_wait(0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
#     T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.initialize_wgmma_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.warpgroup_arrive()
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.warpgroup_commit_batch()
#     T.warpgroup_wait(0)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
#     T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.initialize_wgmma_descriptor(desc_b[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.warpgroup_arrive()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.warpgroup_commit_batch()
#     T.warpgroup_wait(0)
