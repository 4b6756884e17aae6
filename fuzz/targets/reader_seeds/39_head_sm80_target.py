# Rule: head target gating: an sm_80 target (older than sm_90) -> tilelang-head does
#   nothing; 9f25954 and legacy ignore the target. Also: the non-target func_attr
#   entries are kept as they are.
# 9f25954: A_shared store -> {Generic}: fence right before ptx_wgmma_ss (after
#   warpgroup_arrive). Total 1.
# legacy: warpgroup_arrive (generic) -> wgmma (async): fence at the same place.
# head: unchanged (arch sm_80).
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_80", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 108)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    A_shared[tx] = T.float16(0.0)
    T.warpgroup_arrive()
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_80", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 108)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.warpgroup_arrive()
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_80", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 108)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.warpgroup_arrive()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_80", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 108)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.warpgroup_arrive()
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_80", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.is_global_func": T.bool(True), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 108)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     A_shared[tx] = T.float16(0.0)
#     T.warpgroup_arrive()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
