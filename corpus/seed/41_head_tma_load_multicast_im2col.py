# Rule: tma_load_multicast exists only at head (TileLang registers tl.tma_load_multicast
#   after 9f25954), where it is async. tma_load_im2col is async for head.
# 9f25954, legacy: refuse the program (neither version has tma_load_multicast):
#   nothing is judged, so no finding can be about an op they never had.
# head: fence right before tma_load_multicast (-> {Async}); no fence before the
#   wgmma; fence right before tma_load_im2col. Total 2.
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
# refused at 22:5: TileLang 9f25954 has no op T.tma_load_multicast (it exists at head only): model tilelang-9f25954 refuses the program, not judged
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
# refused at 22:5: TileLang a60d619 has no op T.tma_load_multicast (it exists at head only): model tilelang-legacy refuses the program, not judged
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
