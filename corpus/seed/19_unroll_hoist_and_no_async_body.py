# Rule: T.unroll loops: a loop whose body has no async call is not hoisted (and is
#   not pure async); a T.unroll loop with a pure-async body after a generic loop is.
# 9f25954: loop 1 (stores into C_shared): no async, no hoist, out = {Generic}
#   (constant trip count). Loop 2 (local clears): no async call -> no hoist; out =
#   {Generic}. Loop 3 (T.unroll(4) of wgmma): entry {Generic}, pure async -> one fence
#   right before it, none inside. Total 1 fence.
# legacy: loop 1 generic, loop 2 generic (local stores), loop 3 async: one fence right
#   before loop 3. Same output as 9f25954.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    for i in T.unroll(16, annotations={"pragma_unroll_explicit": False}):
        C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Broadcast(T.float16(0.0), 2)
    for i in T.unroll(8, annotations={"pragma_unroll_explicit": False}):
        C_local[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
    for ki in T.unroll(4, annotations={"pragma_unroll_explicit": False}):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, T.shift_right(ki * 32, 4), desc_b.data, T.shift_right(ki * 32, 4), C_local.data, 0, T.bool(True), 1, 1)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for i in T.unroll(16, annotations={"pragma_unroll_explicit": False}):
#         C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Broadcast(T.float16(0.0), 2)
#     for i in T.unroll(8, annotations={"pragma_unroll_explicit": False}):
#         C_local[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     T.fence_proxy_async()
#     for ki in T.unroll(4, annotations={"pragma_unroll_explicit": False}):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, T.shift_right(ki * 32, 4), desc_b.data, T.shift_right(ki * 32, 4), C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for i in T.unroll(16, annotations={"pragma_unroll_explicit": False}):
#         C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Broadcast(T.float16(0.0), 2)
#     for i in T.unroll(8, annotations={"pragma_unroll_explicit": False}):
#         C_local[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     T.fence_proxy_async()
#     for ki in T.unroll(4, annotations={"pragma_unroll_explicit": False}):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, T.shift_right(ki * 32, 4), desc_b.data, T.shift_right(ki * 32, 4), C_local.data, 0, T.bool(True), 1, 1)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for i in T.unroll(16, annotations={"pragma_unroll_explicit": False}):
#         C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Broadcast(T.float16(0.0), 2)
#     for i in T.unroll(8, annotations={"pragma_unroll_explicit": False}):
#         C_local[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     T.fence_proxy_async()
#     for ki in T.unroll(4, annotations={"pragma_unroll_explicit": False}):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, T.shift_right(ki * 32, 4), desc_b.data, T.shift_right(ki * 32, 4), C_local.data, 0, T.bool(True), 1, 1)
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     for i in T.unroll(16, annotations={"pragma_unroll_explicit": False}):
#         C_shared[tx // 32 * 1024 + i * 64 + tx % 32 * 2:tx // 32 * 1024 + i * 64 + tx % 32 * 2 + 2] = T.Broadcast(T.float16(0.0), 2)
#     for i in T.unroll(8, annotations={"pragma_unroll_explicit": False}):
#         C_local[i * 4:i * 4 + 4] = T.Broadcast(T.float32(0.0), 4)
#     for ki in T.unroll(4, annotations={"pragma_unroll_explicit": False}):
#         T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, T.shift_right(ki * 32, 4), desc_b.data, T.shift_right(ki * 32, 4), C_local.data, 0, T.bool(True), 1, 1)
