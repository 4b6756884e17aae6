# Rule: ptx_cp_async_bulk (bulk copy global -> shared) is async for 9f25954/head,
#   a generic call for legacy; the tl_shuffle_elect guard is an if without else.
# 9f25954: the stores into S_shared leave {Generic}; the `if T.tl_shuffle_elect(0)`
#   has no else, so no hoist: its then-branch starts from {Generic} and gets a fence
#   right before ptx_cp_async_bulk. Out = {Async} U {Generic}; mbarrier_wait_parity
#   is none, so the ptx_wgmma_ss after it also gets a fence.
# legacy: no fence before ptx_cp_async_bulk (it and mbarrier_expect_tx are generic
#   for legacy); the top-level sequence is for(generic), if(generic), wait(generic),
#   wgmma(async): ONE fence, right before ptx_wgmma_ss.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(src: T.handle("float16", "global")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    S_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
    for i in T.unroll(8):
        S_shared[2048 + tx * 8 + i] = T.float16(0.0)
    if T.tl_shuffle_elect(0):
        T.mbarrier_expect_tx(mbarrier[0], 4096)
        T.ptx_cp_async_bulk("float16", S_shared.data, 0, src, bx * 2048, 4096, mbarrier[0])
    T.mbarrier_wait_parity(mbarrier[0], 0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(src: T.handle("float16", "global")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     S_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     for i in T.unroll(8):
#         S_shared[2048 + tx * 8 + i] = T.float16(0.0)
#     if T.tl_shuffle_elect(0):
#         T.mbarrier_expect_tx(mbarrier[0], 4096)
#         T.fence_proxy_async()
#         T.ptx_cp_async_bulk("float16", S_shared.data, 0, src, bx * 2048, 4096, mbarrier[0])
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(src: T.handle("float16", "global")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     S_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     for i in T.unroll(8):
#         S_shared[2048 + tx * 8 + i] = T.float16(0.0)
#     if T.tl_shuffle_elect(0):
#         T.mbarrier_expect_tx(mbarrier[0], 4096)
#         T.fence_proxy_async()
#         T.ptx_cp_async_bulk("float16", S_shared.data, 0, src, bx * 2048, 4096, mbarrier[0])
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(src: T.handle("float16", "global")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     S_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     for i in T.unroll(8):
#         S_shared[2048 + tx * 8 + i] = T.float16(0.0)
#     if T.tl_shuffle_elect(0):
#         T.mbarrier_expect_tx(mbarrier[0], 4096)
#         T.ptx_cp_async_bulk("float16", S_shared.data, 0, src, bx * 2048, 4096, mbarrier[0])
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(src: T.handle("float16", "global")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     S_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     for i in T.unroll(8):
#         S_shared[2048 + tx * 8 + i] = T.float16(0.0)
#     if T.tl_shuffle_elect(0):
#         T.mbarrier_expect_tx(mbarrier[0], 4096)
#         T.ptx_cp_async_bulk("float16", S_shared.data, 0, src, bx * 2048, 4096, mbarrier[0])
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
