# Rule: let-bound calls: 9f25954 classifies only the outermost call of a call
#   statement; a call in a let value (`old: T.int32 = T.call_extern(...)`) is not looked
#   at, even with address_of into shared memory. The let itself is transparent (flat
#   form: its body is the rest of the block).
# 9f25954: first wgmma -> {Async}; the let value is ignored: no fence before the
#   second wgmma; the same extern as a call statement is generic: fence right before
#   the third wgmma. Total 1 fence.
# legacy: the let takes its body's kind (mixed); inside the body wgmma (async) ->
#   extern (generic) -> wgmma (async): one fence right before the third wgmma; the
#   first wgmma (async) -> let (mixed): nothing. Total 1 fence, same place.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    counter = T.decl_buffer((1,), "int32", scope="shared")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    old: T.int32 = T.call_extern("int32", "atomicAdd", T.address_of(counter[0]), 1)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
    T.call_extern("handle", "atomicAdd", T.address_of(counter[0]), old)
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
#     counter = T.decl_buffer((1,), "int32", scope="shared")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     old: T.int32 = T.call_extern("int32", "atomicAdd", T.address_of(counter[0]), 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.call_extern("handle", "atomicAdd", T.address_of(counter[0]), old)
#     T.fence_proxy_async()
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
#     counter = T.decl_buffer((1,), "int32", scope="shared")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     old: T.int32 = T.call_extern("int32", "atomicAdd", T.address_of(counter[0]), 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.call_extern("handle", "atomicAdd", T.address_of(counter[0]), old)
#     T.fence_proxy_async()
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
#     counter = T.decl_buffer((1,), "int32", scope="shared")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     old: T.int32 = T.call_extern("int32", "atomicAdd", T.address_of(counter[0]), 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.call_extern("handle", "atomicAdd", T.address_of(counter[0]), old)
#     T.fence_proxy_async()
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
#     counter = T.decl_buffer((1,), "int32", scope="shared")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     old: T.int32 = T.call_extern("int32", "atomicAdd", T.address_of(counter[0]), 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.call_extern("handle", "atomicAdd", T.address_of(counter[0]), old)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
