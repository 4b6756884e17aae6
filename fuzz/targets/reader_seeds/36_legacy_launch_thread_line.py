# Rule: a flat launch_thread line opens an attr whose body is the rest of the block;
#   legacy gives that attr its body's kind and never fences across the line, while
#   9f25954 is transparent to it.
# 9f25954: A_shared store (before the threadIdx launch) -> {Generic}; through the
#   launch line: fence right before ptx_wgmma_ss. Total 1.
# legacy: the sequence [A_shared store, tx launch] has kinds generic, mixed (the
#   launch body is wgmma then a store): no fence; inside the body the wgmma comes
#   first: no fence. No fence at all (unsound).
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    buf_dyn_shmem = T.allocate([16384], "uint8", "shared.dyn")
    C_local = T.allocate([32], "float32", "local")
    desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
    desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
    A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
    A_shared[8191] = T.float16(0.0)
    tx = T.launch_thread("threadIdx.x", 128)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
    A_shared[tx] = T.float16(1.0)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     buf_dyn_shmem = T.allocate([16384], "uint8", "shared.dyn")
#     C_local = T.allocate([32], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     A_shared[8191] = T.float16(0.0)
#     tx = T.launch_thread("threadIdx.x", 128)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
#     A_shared[tx] = T.float16(1.0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     buf_dyn_shmem = T.allocate([16384], "uint8", "shared.dyn")
#     C_local = T.allocate([32], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     A_shared[8191] = T.float16(0.0)
#     tx = T.launch_thread("threadIdx.x", 128)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
#     A_shared[tx] = T.float16(1.0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     buf_dyn_shmem = T.allocate([16384], "uint8", "shared.dyn")
#     C_local = T.allocate([32], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     A_shared[8191] = T.float16(0.0)
#     tx = T.launch_thread("threadIdx.x", 128)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
#     A_shared[tx] = T.float16(1.0)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     buf_dyn_shmem = T.allocate([16384], "uint8", "shared.dyn")
#     C_local = T.allocate([32], "float32", "local")
#     desc_a = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     desc_b = T.allocate([1], "uint64", "local.descriptor.wgmma")
#     A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
#     A_shared[8191] = T.float16(0.0)
#     tx = T.launch_thread("threadIdx.x", 128)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a, 0, desc_b, 0, C_local, 0, T.bool(True), 1, 1)
#     A_shared[tx] = T.float16(1.0)
