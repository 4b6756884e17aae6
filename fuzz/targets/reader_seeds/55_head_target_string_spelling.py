# Rule: the reader accepts the `T.target("...")` string spelling of a target; its
#   -arch option is the target's arch (TVM parses "cuda -arch=sm_90a" into the attr
#   arch = "sm_90a"), so head is active here.
# 9f25954: A_shared store -> {Generic}: fence right before ptx_wgmma_ss.
# legacy: same fence.
# head: same as 9f25954 (arch sm_90a from the target string). The head section below
#   was written BY HAND: the model (pass_tilelang_head.c) treats a string target as
#   "no arch" and leaves the function unchanged; this test fails until it reads -arch.
# identity: unchanged (the string spelling is kept as written).
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target("cuda -arch=sm_90a"), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    A_shared[tx] = T.float16(0.0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target("cuda -arch=sm_90a"), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target("cuda -arch=sm_90a"), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target("cuda -arch=sm_90a"), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target("cuda -arch=sm_90a"), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
