# Rule: the loop fixed point decides a hoist only in a later round, and the rewritten
#   body is the LAST round's: the if inside the loop is not hoisted in round 1
#   (header {None}) but is in round 2 (header {None, Generic}, brought by the
#   A_shared store at the end of the body over the back edge).
# 9f25954: round 1: no fence; round 2: both branches pure async (wgmma_ss / wgmma_rs),
#   entry holds Generic -> one fence right before the `if` inside the loop, none in
#   the branches. Loop out (range(k_tiles), may be zero) = {None, Generic}: fence right
#   before the trailing wgmma. Total 2.
# legacy: the if is async (both branches wgmma); body = if (async), store (generic):
#   no generic -> async step; the loop is mixed: nothing before the trailing wgmma.
#   No fence (unsound).
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(k_tiles: T.int32):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    A_frag = T.decl_buffer((8,), "float16", scope="local")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    for ko in range(k_tiles):
        if ko % 2 == 0:
            T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
        else:
            T.ptx_wgmma_rs("m64n64k16", T.bool(True), "fp16", "fp16", "fp32", A_frag.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
        A_shared[ko % 32 * 128 + tx] = T.Cast("float16", C_local[0])
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(k_tiles: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_frag = T.decl_buffer((8,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(k_tiles):
#         T.fence_proxy_async()
#         if ko % 2 == 0:
#             T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         else:
#             T.ptx_wgmma_rs("m64n64k16", T.bool(True), "fp16", "fp16", "fp32", A_frag.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         A_shared[ko % 32 * 128 + tx] = T.Cast("float16", C_local[0])
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(k_tiles: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_frag = T.decl_buffer((8,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(k_tiles):
#         T.fence_proxy_async()
#         if ko % 2 == 0:
#             T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         else:
#             T.ptx_wgmma_rs("m64n64k16", T.bool(True), "fp16", "fp16", "fp32", A_frag.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         A_shared[ko % 32 * 128 + tx] = T.Cast("float16", C_local[0])
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(k_tiles: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_frag = T.decl_buffer((8,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(k_tiles):
#         if ko % 2 == 0:
#             T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         else:
#             T.ptx_wgmma_rs("m64n64k16", T.bool(True), "fp16", "fp16", "fp32", A_frag.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         A_shared[ko % 32 * 128 + tx] = T.Cast("float16", C_local[0])
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(k_tiles: T.int32):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_frag = T.decl_buffer((8,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for ko in range(k_tiles):
#         if ko % 2 == 0:
#             T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         else:
#             T.ptx_wgmma_rs("m64n64k16", T.bool(True), "fp16", "fp16", "fp32", A_frag.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#         A_shared[ko % 32 * 128 + tx] = T.Cast("float16", C_local[0])
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
