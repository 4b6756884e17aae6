# Rule: if-merge: out = union of both branches; a missing else contributes the entry
#   set. Also the reader's `elif` spelling (printed back as else: + nested if).
# 9f25954: entry {None}. First if: then -> {Generic}; else (the elif, an if without
#   else) -> {Async} U {None}; out {None, Generic, Async}: fence right before the
#   following ptx_wgmma_ss (none inside the elif: it starts from {None}). Second if
#   (no else): then -> {Generic}, merged with {Async}: fence right before tma_store.
#   Total 2 fences; no handshake added.
# legacy: first if mixed (then generic, else async): no fence before the wgmma after
#   it; second if generic -> tma_store async: one fence right before tma_store, and
#   tma_store_arrive(); tma_store_wait() appended. Total 1 fence.
# head: same as 9f25954.
# identity: unchanged (elif printed as else: if).
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    if tx < 64:
        A_shared[tx] = T.float16(0.0)
    elif tx < 128:
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
    if tx == 0:
        B_shared[0] = T.float16(1.0)
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), bx * 64, 0)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     if tx < 64:
#         A_shared[tx] = T.float16(0.0)
#     else:
#         if tx < 128:
#             T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     if tx == 0:
#         B_shared[0] = T.float16(1.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), bx * 64, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     if tx < 64:
#         A_shared[tx] = T.float16(0.0)
#     else:
#         if tx < 128:
#             T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     if tx == 0:
#         B_shared[0] = T.float16(1.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), bx * 64, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     if tx < 64:
#         A_shared[tx] = T.float16(0.0)
#     else:
#         if tx < 128:
#             T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     if tx == 0:
#         B_shared[0] = T.float16(1.0)
#     T.fence_proxy_async()
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), bx * 64, 0)
#     T.tma_store_arrive()
#     T.tma_store_wait()
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     if tx < 64:
#         A_shared[tx] = T.float16(0.0)
#     else:
#         if tx < 128:
#             T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     if tx == 0:
#         B_shared[0] = T.float16(1.0)
#     T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), bx * 64, 0)
