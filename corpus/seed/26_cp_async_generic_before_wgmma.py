# Rule: Ampere-style ptx_cp_async writes shared through the generic proxy (docs/semantics.md §4.1:
#   its destination tvm_access_ptr has rw_mask 2); a cp.async-fed buffer read by wgmma
#   needs a fence. ptx_commit_group / ptx_wait_group / tvm_storage_sync are none.
# 9f25954: the cp.async loop leaves {Generic} (constant trip count 4; the loop body has
#   no async call, so no hoist question); commit/wait/sync/warpgroup_arrive leave it:
#   fence right before ptx_wgmma_ss. Total 1.
# legacy: every call before the wgmma is generic; warpgroup_arrive (generic) ->
#   wgmma (async): one fence at the same place. Same output as 9f25954.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(A: T.handle("float16", "global")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    for i in T.unroll(4):
        T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 4096 + i * 1024 + tx * 8, 8, 1), 16)
    T.ptx_commit_group()
    T.ptx_wait_group(0)
    T.tvm_storage_sync("shared")
    T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
    T.warpgroup_arrive()
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for i in T.unroll(4):
#         T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 4096 + i * 1024 + tx * 8, 8, 1), 16)
#     T.ptx_commit_group()
#     T.ptx_wait_group(0)
#     T.tvm_storage_sync("shared")
#     T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.warpgroup_arrive()
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for i in T.unroll(4):
#         T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 4096 + i * 1024 + tx * 8, 8, 1), 16)
#     T.ptx_commit_group()
#     T.ptx_wait_group(0)
#     T.tvm_storage_sync("shared")
#     T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.warpgroup_arrive()
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for i in T.unroll(4):
#         T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 4096 + i * 1024 + tx * 8, 8, 1), 16)
#     T.ptx_commit_group()
#     T.ptx_wait_group(0)
#     T.tvm_storage_sync("shared")
#     T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.warpgroup_arrive()
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A: T.handle("float16", "global")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for i in T.unroll(4):
#         T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, i * 1024 + tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), A, bx * 4096 + i * 1024 + tx * 8, 8, 1), 16)
#     T.ptx_commit_group()
#     T.ptx_wait_group(0)
#     T.tvm_storage_sync("shared")
#     T.initialize_wgmma_descriptor(desc_a[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), 1, 1, 64)
#     T.warpgroup_arrive()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
