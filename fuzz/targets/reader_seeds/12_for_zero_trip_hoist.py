# Rule: zero trip count. `range(0)` is may-be-zero (only a constant extent != 0 is
#   not); for-hoist still applies (entry {Generic}, body pure async).
# 9f25954: one fence right before `for ki in range(0):` (hoisted, although the loop
#   never runs: a minimality finding, not a soundness one); out = {None} U {Async}
#   (may-be-zero after a hoist): the ptx_wgmma_ss after the loop gets no fence.
# legacy: the loop is async (its body is one wgmma); A_shared store (generic) -> loop
#   (async): one fence right before the loop; loop (async) -> wgmma: none. Same output
#   as 9f25954.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    A_shared[tx] = T.float16(0.0)
    for ki in range(0):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     for ki in range(0):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     for ki in range(0):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     for ki in range(0):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     for ki in range(0):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki * 2, desc_b.data, ki * 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
