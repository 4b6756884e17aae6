# Rule: stores into local / local.fragment / local.var buffers are not generic for
#   9f25954 (only shared-scope stores are); legacy counts every buffer store as generic.
# 9f25954: wgmma -> {Async}; the accumulator clear (local.fragment), the counter
#   (local.var) and the C_local vector store change nothing: no fence before the
#   second wgmma. Total 0.
# legacy: the unroll loop and the local stores are generic: fence right before the
#   second wgmma. Total 1.
# head: same as 9f25954 (no fence).
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    C_local = T.decl_buffer((32,), scope="local")
    acc_frag = T.decl_buffer((64,), scope="local.fragment")
    k = T.decl_buffer((1,), "int32", scope="local.var")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    for i in T.unroll(16):
        acc_frag[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
    k[0] = k[0] + 1
    C_local[0:4] = T.Broadcast(T.float32(0.0), 4)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_local = T.decl_buffer((32,), scope="local")
#     acc_frag = T.decl_buffer((64,), scope="local.fragment")
#     k = T.decl_buffer((1,), "int32", scope="local.var")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     for i in T.unroll(16):
#         acc_frag[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     k[0] = k[0] + 1
#     C_local[0:4] = T.Broadcast(T.float32(0.0), 4)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_local = T.decl_buffer((32,), scope="local")
#     acc_frag = T.decl_buffer((64,), scope="local.fragment")
#     k = T.decl_buffer((1,), "int32", scope="local.var")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     for i in T.unroll(16):
#         acc_frag[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     k[0] = k[0] + 1
#     C_local[0:4] = T.Broadcast(T.float32(0.0), 4)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_local = T.decl_buffer((32,), scope="local")
#     acc_frag = T.decl_buffer((64,), scope="local.fragment")
#     k = T.decl_buffer((1,), "int32", scope="local.var")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     for i in T.unroll(16):
#         acc_frag[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     k[0] = k[0] + 1
#     C_local[0:4] = T.Broadcast(T.float32(0.0), 4)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_local = T.decl_buffer((32,), scope="local")
#     acc_frag = T.decl_buffer((64,), scope="local.fragment")
#     k = T.decl_buffer((1,), "int32", scope="local.var")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     for i in T.unroll(16):
#         acc_frag[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     k[0] = k[0] + 1
#     C_local[0:4] = T.Broadcast(T.float32(0.0), 4)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
