# Rule: head target gating: with no target attribute at all, tilelang-head does
#   nothing. 9f25954 and legacy do not look at the target.
# 9f25954: C_shared store -> {Generic}: fence right before tma_store (in `if tx == 0`,
#   no else, so no hoist); the if's out = {Async} U {Generic}; the loop after it
#   (range(0, 8, 2)) is pure async with Generic in its entry: hoisted fence right
#   before the loop; its step is dropped (range(8)). Total 2.
# legacy: stores (generic) -> if (async, with the appended tma_store_arrive();
#   tma_store_wait()): fence right before the `if`; if (async) -> loop (async): none.
#   Step kept.
# head: unchanged (no target; the step kept).
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    C_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
    if tx == 0:
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
    for ki in range(0, 8, 2):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki, desc_b.data, ki, C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     C_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
#     if tx == 0:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
#     T.fence_proxy_async()
#     for ki in range(8):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki, desc_b.data, ki, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     C_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
#     for ki in range(0, 8, 2):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki, desc_b.data, ki, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     C_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
#     T.fence_proxy_async()
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
#         T.tma_store_arrive()
#         T.tma_store_wait()
#     for ki in range(0, 8, 2):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki, desc_b.data, ki, C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     C_shared[tx * 32:tx * 32 + 32] = T.Broadcast(T.float16(0.0), 32)
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
#     for ki in range(0, 8, 2):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, ki, desc_b.data, ki, C_local.data, 0, T.bool(True), 1, 1)
