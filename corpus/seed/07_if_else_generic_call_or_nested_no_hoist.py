# Rule: no if-hoist when a branch holds a generic call statement (ptx_stmatrix writes
#   shared through tvm_access_ptr rw_mask 2) or a generic event nested deeper (a shared
#   store inside an inner if): the pure-async test scans the whole subtree.
# 9f25954: first if: entry {Generic} (A_shared store), then-branch not pure -> no
#   hoist; then: stmatrix -> {Generic}, fence right before its tma_store; else: from
#   {Generic}, fence right before its tma_store; out {Async}. The call_extern with an
#   rw_mask-2 pointer into B_shared -> {Generic}. Second if: else-branch holds the
#   nested B_shared store -> no hoist; fence right before the wgmma of each branch;
#   out = {Async} U {Async, Generic}; the last ptx_wgmma_ss gets a fence too.
#   Total 5 fences; no handshake added.
# legacy: tma_store_arrive(); tma_store_wait() appended after both tma_stores; one
#   fence, between ptx_stmatrix and tma_store in the first then-branch; both ifs are
#   mixed, so nothing before or after them. Total 1 fence.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant"), flag: T.int32):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    C_pack = T.decl_buffer((4,), "uint32", scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    A_shared[tx] = T.float16(0.0)
    if flag == 1:
        T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)
    else:
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 64)
    T.call_extern("handle", "tl::fill_smem", T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0)
    if flag == 2:
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    else:
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
        if tx < 32:
            B_shared[tx] = T.float16(1.0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant"), flag: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     C_pack = T.decl_buffer((4,), "uint32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     if flag == 1:
#         T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)
#     else:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 64)
#     T.call_extern("handle", "tl::fill_smem", T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0)
#     if flag == 2:
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     else:
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#         if tx < 32:
#             B_shared[tx] = T.float16(1.0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant"), flag: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     C_pack = T.decl_buffer((4,), "uint32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     if flag == 1:
#         T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)
#     else:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 64)
#     T.call_extern("handle", "tl::fill_smem", T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0)
#     if flag == 2:
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     else:
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#         if tx < 32:
#             B_shared[tx] = T.float16(1.0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant"), flag: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     C_pack = T.decl_buffer((4,), "uint32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     if flag == 1:
#         T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)
#         T.tma_store_arrive()
#         T.tma_store_wait()
#     else:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 64)
#         T.tma_store_arrive()
#         T.tma_store_wait()
#     T.call_extern("handle", "tl::fill_smem", T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0)
#     if flag == 2:
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     else:
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#         if tx < 32:
#             B_shared[tx] = T.float16(1.0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant"), flag: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     C_pack = T.decl_buffer((4,), "uint32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     if flag == 1:
#         T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)
#     else:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 64)
#     T.call_extern("handle", "tl::fill_smem", T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0)
#     if flag == 2:
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     else:
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#         if tx < 32:
#             B_shared[tx] = T.float16(1.0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
