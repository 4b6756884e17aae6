# Rule: legacy does not handle allocate/decl_buffer nodes (kind unknown), and a
#   statement printed after a flat `x = T.decl_buffer(...)` / `T.allocate(...)` line is
#   in that node's body, a different sequence: legacy never fences across the line.
#   9f25954 treats both as transparent.
# 9f25954: A_shared store -> {Generic}; through the decl_buffer and allocate lines:
#   fence right before ptx_wgmma_ss (after the desc_b line). Second part: B_shared store
#   -> {Generic}; `with T.decl_buffer(...)` (not last in its block) -> fence right before
#   the wgmma inside it; out {Async}; the wgmma after the with-block: no fence. Total 2.
# legacy: the store and the decl_buffer line are in one sequence (generic, unknown);
#   the wgmma is the first statement of another: no fence. Inside the innermost body:
#   wgmma (async), B_shared store (generic), with-decl (unknown), wgmma (async): the
#   wgmma after the with-decl follows an unknown statement: no fence; inside the
#   with-decl body only one statement. No fence at all (unsound).
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    A_shared[tx] = T.float16(0.0)
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    B_shared[tx] = T.float16(0.0)
    with T.decl_buffer((32,), scope="local") as D_local:
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, D_local.data, 0, T.bool(True), 1, 1)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_shared[tx] = T.float16(0.0)
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     B_shared[tx] = T.float16(0.0)
#     with T.decl_buffer((32,), scope="local") as D_local:
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, D_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_shared[tx] = T.float16(0.0)
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     B_shared[tx] = T.float16(0.0)
#     with T.decl_buffer((32,), scope="local") as D_local:
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, D_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_shared[tx] = T.float16(0.0)
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     B_shared[tx] = T.float16(0.0)
#     with T.decl_buffer((32,), scope="local") as D_local:
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, D_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_shared[tx] = T.float16(0.0)
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     B_shared[tx] = T.float16(0.0)
#     with T.decl_buffer((32,), scope="local") as D_local:
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b.data, 0, D_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
