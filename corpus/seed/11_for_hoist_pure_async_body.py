# Rule: for-hoist. Entry contains Generic and the loop body is pure async (wgmma; the
#   mbarrier / warpgroup calls are none) -> one fence before the loop, body analysed
#   from {None}.
# 9f25954: one fence right before `for ko in range(4):`, none inside; constant trip
#   count 4 -> out = body out = {Async}: the ptx_wgmma_ss after the loop gets none.
# legacy: inside the body warpgroup_arrive (generic) -> ptx_wgmma_ss (async): one fence
#   there, executed every iteration; the loop is mixed, so nothing before it and
#   nothing before the trailing wgmma. Total 1 fence (inside the loop).
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    mbarrier = T.decl_buffer((4,), "uint64", scope="shared.barrier")
    B_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.float16(0.0), 64)
    for ko in range(4):
        T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
        T.warpgroup_arrive()
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ko % 2 * 256, desc_b.data, ko % 2 * 256, C_local.data, 0, T.bool(True), 1, 1)
        T.warpgroup_commit_batch()
        T.warpgroup_wait(0)
        T.ptx_arrive_barrier(mbarrier[ko % 2 + 2])
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((4,), "uint64", scope="shared.barrier")
#     B_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.float16(0.0), 64)
#     T.fence_proxy_async()
#     for ko in range(4):
#         T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
#         T.warpgroup_arrive()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ko % 2 * 256, desc_b.data, ko % 2 * 256, C_local.data, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#         T.ptx_arrive_barrier(mbarrier[ko % 2 + 2])
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((4,), "uint64", scope="shared.barrier")
#     B_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.float16(0.0), 64)
#     T.fence_proxy_async()
#     for ko in range(4):
#         T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
#         T.warpgroup_arrive()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ko % 2 * 256, desc_b.data, ko % 2 * 256, C_local.data, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#         T.ptx_arrive_barrier(mbarrier[ko % 2 + 2])
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((4,), "uint64", scope="shared.barrier")
#     B_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.float16(0.0), 64)
#     for ko in range(4):
#         T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
#         T.warpgroup_arrive()
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ko % 2 * 256, desc_b.data, ko % 2 * 256, C_local.data, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#         T.ptx_arrive_barrier(mbarrier[ko % 2 + 2])
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     mbarrier = T.decl_buffer((4,), "uint64", scope="shared.barrier")
#     B_shared[tx * 64:tx * 64 + 64] = T.Broadcast(T.float16(0.0), 64)
#     for ko in range(4):
#         T.mbarrier_wait_parity(mbarrier[ko % 2], ko // 2 % 2)
#         T.warpgroup_arrive()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ko % 2 * 256, desc_b.data, ko % 2 * 256, C_local.data, 0, T.bool(True), 1, 1)
#         T.warpgroup_commit_batch()
#         T.warpgroup_wait(0)
#         T.ptx_arrive_barrier(mbarrier[ko % 2 + 2])
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
