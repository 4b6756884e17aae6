# Rule: an @I.ir_module with two functions; every model runs on each function
#   separately; head's target gate is per function (`producer` has sm_90a, `legacy_path`
#   has no target).
# 9f25954: producer: A_shared store -> {Generic}: fence right before ptx_cp_async_bulk
#   (no handshake for the tma_store; it follows {Async}: no fence).
#   legacy_path: B_shared store -> {Generic}: fence right before ptx_wgmma_ss.
# legacy: producer: ptx_cp_async_bulk is generic; store, bulk (generic) -> tma_store
#   (async): fence right before tma_store, and the handshake appended after it.
#   legacy_path: store (generic) -> wgmma (async): fence right before it.
# head: producer: same as 9f25954; legacy_path: unchanged (no target).
# identity: unchanged.
# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func
    def producer(src: T.handle("float16", "global"), C_desc: T.handle("uint8x128", "grid_constant")):
        T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
        bx = T.launch_thread("blockIdx.x", 132)
        tx = T.launch_thread("threadIdx.x", 128)
        A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
        mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
        A_shared[tx] = T.float16(0.0)
        T.ptx_cp_async_bulk("float16", A_shared.data, 0, src, bx * 4096, 8192, mbarrier[0])
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)

    @T.prim_func
    def legacy_path():
        bx = T.launch_thread("blockIdx.x", 132)
        tx = T.launch_thread("threadIdx.x", 128)
        B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
        C_local = T.decl_buffer((32,), scope="local")
        desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
        desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
        B_shared[tx] = T.float16(0.0)
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import ir as I
# # from tvm.script import tir as T
#
# @I.ir_module
# class Module:
#     @T.prim_func
#     def producer(src: T.handle("float16", "global"), C_desc: T.handle("uint8x128", "grid_constant")):
#         T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_cp_async_bulk("float16", A_shared.data, 0, src, bx * 4096, 8192, mbarrier[0])
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)
#
#     @T.prim_func
#     def legacy_path():
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         B_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import ir as I
# # from tvm.script import tir as T
#
# @I.ir_module
# class Module:
#     @T.prim_func
#     def producer(src: T.handle("float16", "global"), C_desc: T.handle("uint8x128", "grid_constant")):
#         T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#         A_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_cp_async_bulk("float16", A_shared.data, 0, src, bx * 4096, 8192, mbarrier[0])
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)
#
#     @T.prim_func
#     def legacy_path():
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         B_shared[tx] = T.float16(0.0)
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import ir as I
# # from tvm.script import tir as T
#
# @I.ir_module
# class Module:
#     @T.prim_func
#     def producer(src: T.handle("float16", "global"), C_desc: T.handle("uint8x128", "grid_constant")):
#         T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#         A_shared[tx] = T.float16(0.0)
#         T.ptx_cp_async_bulk("float16", A_shared.data, 0, src, bx * 4096, 8192, mbarrier[0])
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)
#         T.tma_store_arrive()
#         T.tma_store_wait()
#
#     @T.prim_func
#     def legacy_path():
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         B_shared[tx] = T.float16(0.0)
#         T.fence_proxy_async()
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import ir as I
# # from tvm.script import tir as T
#
# @I.ir_module
# class Module:
#     @T.prim_func
#     def producer(src: T.handle("float16", "global"), C_desc: T.handle("uint8x128", "grid_constant")):
#         T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         mbarrier = T.decl_buffer((1,), "uint64", scope="shared.barrier")
#         A_shared[tx] = T.float16(0.0)
#         T.ptx_cp_async_bulk("float16", A_shared.data, 0, src, bx * 4096, 8192, mbarrier[0])
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 1), bx * 64, 0)
#
#     @T.prim_func
#     def legacy_path():
#         bx = T.launch_thread("blockIdx.x", 132)
#         tx = T.launch_thread("threadIdx.x", 128)
#         B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#         C_local = T.decl_buffer((32,), scope="local")
#         desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#         B_shared[tx] = T.float16(0.0)
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
