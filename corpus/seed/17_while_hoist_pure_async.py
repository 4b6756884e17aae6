# Rule: while-hoist. A while loop is always may-be-zero; entry contains Generic
#   (the if without else merges {Generic} with {None}) and the body is pure async
#   (tma_load; the mbarrier calls are none; the counter is a local store).
# 9f25954: one fence right before `while`, none inside; out = {None} U {Async}, so
#   the ptx_wgmma_ss after the loop gets no fence.
# legacy: the if is generic, the counter store is generic, the while is generic
#   (mbarrier calls, tma_load and the local store are all generic for legacy); the
#   wgmma after it: one fence right before ptx_wgmma_ss. Total 1 fence (after the
#   loop, not before it).
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), n: T.int32, flag: T.int32):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    k = T.decl_buffer((1,), "int32", scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
    if flag > 0:
        A_shared[tx] = T.float16(0.0)
    k[0] = 0
    while k[0] < n:
        T.mbarrier_wait_parity(mbarrier[1], k[0] % 2)
        T.mbarrier_expect_tx(mbarrier[0], 8192)
        T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, k[0] % 2 * 4096, 4096, 2), k[0] * 64, bx * 64)
        k[0] = k[0] + 1
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), n: T.int32, flag: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     k = T.decl_buffer((1,), "int32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     if flag > 0:
#         A_shared[tx] = T.float16(0.0)
#     k[0] = 0
#     T.fence_proxy_async()
#     while k[0] < n:
#         T.mbarrier_wait_parity(mbarrier[1], k[0] % 2)
#         T.mbarrier_expect_tx(mbarrier[0], 8192)
#         T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, k[0] % 2 * 4096, 4096, 2), k[0] * 64, bx * 64)
#         k[0] = k[0] + 1
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), n: T.int32, flag: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     k = T.decl_buffer((1,), "int32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     if flag > 0:
#         A_shared[tx] = T.float16(0.0)
#     k[0] = 0
#     T.fence_proxy_async()
#     while k[0] < n:
#         T.mbarrier_wait_parity(mbarrier[1], k[0] % 2)
#         T.mbarrier_expect_tx(mbarrier[0], 8192)
#         T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, k[0] % 2 * 4096, 4096, 2), k[0] * 64, bx * 64)
#         k[0] = k[0] + 1
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), n: T.int32, flag: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     k = T.decl_buffer((1,), "int32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     if flag > 0:
#         A_shared[tx] = T.float16(0.0)
#     k[0] = 0
#     while k[0] < n:
#         T.mbarrier_wait_parity(mbarrier[1], k[0] % 2)
#         T.mbarrier_expect_tx(mbarrier[0], 8192)
#         T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, k[0] % 2 * 4096, 4096, 2), k[0] * 64, bx * 64)
#         k[0] = k[0] + 1
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(A_desc: T.handle("uint8x128", "grid_constant"), n: T.int32, flag: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     k = T.decl_buffer((1,), "int32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((2,), "uint64", scope="shared.barrier")
#     if flag > 0:
#         A_shared[tx] = T.float16(0.0)
#     k[0] = 0
#     while k[0] < n:
#         T.mbarrier_wait_parity(mbarrier[1], k[0] % 2)
#         T.mbarrier_expect_tx(mbarrier[0], 8192)
#         T.tma_load(A_desc, mbarrier[0], T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, k[0] % 2 * 4096, 4096, 2), k[0] * 64, bx * 64)
#         k[0] = k[0] + 1
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
