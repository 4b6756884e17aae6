# Rule: head's target gate reads the arch NUMBER: sm_90 (no "a") and sm_120a are sm_90
#   or newer (active), sm_89 is older (inactive), per function of a module. Each
#   function is the same store -> wgmma pair.
# 9f25954: a fence right before the wgmma in every function (the target is ignored).
# legacy: the same fence in every function.
# head: fence in f_sm90 and f_sm120a; f_sm89 unchanged.
# identity: unchanged.
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def f_sm120a():
        T.func_attr({"target": T.target({"arch": "sm_120a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
        bx = T.launch_thread("blockIdx.x", 132)
        tx = T.launch_thread("threadIdx.x", 128)
        A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
        C_local = T.decl_buffer((32,), scope="local")
        desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
        A_shared[tx] = T.float16(0.0)
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)

    @T.prim_func
    def f_sm89():
        T.func_attr({"target": T.target({"arch": "sm_89", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
        bx = T.launch_thread("blockIdx.x", 132)
        tx = T.launch_thread("threadIdx.x", 128)
        A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
        C_local = T.decl_buffer((32,), scope="local")
        desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
        A_shared[tx] = T.float16(0.0)
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)

    @T.prim_func
    def f_sm90():
        T.func_attr({"target": T.target({"arch": "sm_90", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
        bx = T.launch_thread("blockIdx.x", 132)
        tx = T.launch_thread("threadIdx.x", 128)
        A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
        C_local = T.decl_buffer((32,), scope="local")
        desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
        A_shared[tx] = T.float16(0.0)
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import ir as I
# # from tvm.script import tir as T
#
# @I.ir_module
# class Module:
#     @T.prim_func
#     def f_sm120a():
#         T.func_attr({"target": T.target({"arch": "sm_120a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#
#     @T.prim_func
#     def f_sm89():
#         T.func_attr({"target": T.target({"arch": "sm_89", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#
#     @T.prim_func
#     def f_sm90():
#         T.func_attr({"target": T.target({"arch": "sm_90", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import ir as I
# # from tvm.script import tir as T
#
# @I.ir_module
# class Module:
#     @T.prim_func
#     def f_sm120a():
#         T.func_attr({"target": T.target({"arch": "sm_120a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#
#     @T.prim_func
#     def f_sm89():
#         T.func_attr({"target": T.target({"arch": "sm_89", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#
#     @T.prim_func
#     def f_sm90():
#         T.func_attr({"target": T.target({"arch": "sm_90", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import ir as I
# # from tvm.script import tir as T
#
# @I.ir_module
# class Module:
#     @T.prim_func
#     def f_sm120a():
#         T.func_attr({"target": T.target({"arch": "sm_120a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#
#     @T.prim_func
#     def f_sm89():
#         T.func_attr({"target": T.target({"arch": "sm_89", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#
#     @T.prim_func
#     def f_sm90():
#         T.func_attr({"target": T.target({"arch": "sm_90", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import ir as I
# # from tvm.script import tir as T
#
# @I.ir_module
# class Module:
#     @T.prim_func
#     def f_sm120a():
#         T.func_attr({"target": T.target({"arch": "sm_120a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#
#     @T.prim_func
#     def f_sm89():
#         T.func_attr({"target": T.target({"arch": "sm_89", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#
#     @T.prim_func
#     def f_sm90():
#         T.func_attr({"target": T.target({"arch": "sm_90", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         A_shared[tx] = T.float16(0.0)
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
