# Rule: tma_load is async for 9f25954/head, but an ordinary (generic) call for legacy.
# 9f25954: fence right before tma_load (A_shared store -> {Generic}; mbarrier_expect_tx
#   is none); no fence before ptx_wgmma_ss (state {Async} after tma_load, and
#   mbarrier_wait_parity is none).
# legacy: no fence before tma_load (generic -> generic); one fence right before
#   ptx_wgmma_ss (mbarrier_wait_parity is generic for legacy, wgmma async).
# head: same as 9f25954.
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
    mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
    A_shared[tx] = T.float16(0.0)
    T.mbarrier_expect_tx(mbarrier[0], 8192)
    T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, bx * 64)
    T.mbarrier_wait_parity(mbarrier[0], 0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

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
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     A_shared[tx] = T.float16(0.0)
#     T.mbarrier_expect_tx(mbarrier[0], 8192)
#     T.fence_proxy_async()
#     T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, bx * 64)
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
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
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     A_shared[tx] = T.float16(0.0)
#     T.mbarrier_expect_tx(mbarrier[0], 8192)
#     T.fence_proxy_async()
#     T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, bx * 64)
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
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
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     A_shared[tx] = T.float16(0.0)
#     T.mbarrier_expect_tx(mbarrier[0], 8192)
#     T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, bx * 64)
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
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
#     mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#     A_shared[tx] = T.float16(0.0)
#     T.mbarrier_expect_tx(mbarrier[0], 8192)
#     T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, bx * 64)
#     T.mbarrier_wait_parity(mbarrier[0], 0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
