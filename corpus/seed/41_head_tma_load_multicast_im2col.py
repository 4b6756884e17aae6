# Rule: the async sets differ: tma_load_multicast is async only for head; for
#   9f25954 it is not async, and its destination tvm_access_ptr (rw_mask 2, shared)
#   makes it a GENERIC call. tma_load_im2col is async for 9f25954 and head, generic
#   for legacy.
# 9f25954: A_shared store -> {Generic}; tma_load_multicast is generic: no fence before
#   it (a missed WAW fence); mbarrier_wait_parity none; fence right before
#   ptx_wgmma_ss. B_shared store -> {Generic}: fence right before tma_load_im2col.
#   Total 2.
# legacy: multicast, wait and im2col are generic calls: fence right before the wgmma
#   only. Total 1.
# head: fence right before tma_load_multicast (-> {Async}); no fence before the
#   wgmma; fence right before tma_load_im2col. Total 2, placed differently.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
    A_shared[tx] = T.float16(0.0)
    T.tma_load_multicast(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 3, 0, bx // 2 * 64)
    T.mbarrier_wait_parity(mbarrier[0], 0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    B_shared[tx] = T.float16(0.0)
    T.tma_load_im2col(B_desc, mbarrier[1], T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0, 0, bx, 0, 0, 0)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     A_shared[tx] = T.float16(0.0)
#     T.tma_load_multicast(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 3, 0, bx // 2 * 64)
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     B_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_load_im2col(B_desc, mbarrier[1], T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0, 0, bx, 0, 0, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_load_multicast(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 3, 0, bx // 2 * 64)
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     B_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tma_load_im2col(B_desc, mbarrier[1], T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0, 0, bx, 0, 0, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     A_shared[tx] = T.float16(0.0)
#     T.tma_load_multicast(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 3, 0, bx // 2 * 64)
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     B_shared[tx] = T.float16(0.0)
#     T.tma_load_im2col(B_desc, mbarrier[1], T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0, 0, bx, 0, 0, 0)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), B_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     A_shared[tx] = T.float16(0.0)
#     T.tma_load_multicast(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 3, 0, bx // 2 * 64)
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     B_shared[tx] = T.float16(0.0)
#     T.tma_load_im2col(B_desc, mbarrier[1], T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 2), 0, 0, bx, 0, 0, 0)
