# Rule: ptx_ldmatrix is a read: 9f25954 classifies it by the tvm_access_ptr it carries
#   (rw_mask 1 -> not generic); ptx_stmatrix carries rw_mask 2 -> generic. Legacy: both
#   are generic call statements.
# 9f25954: wgmma -> {Async}; ldmatrix (none): no fence before the second wgmma;
#   stmatrix -> {Generic}: fence right before tma_store (inside `if tx == 0`, an if
#   without else: no hoist). Total 1 fence; no handshake.
# legacy: ldmatrix (generic) -> wgmma (async): fence right before the second wgmma;
#   stmatrix (generic) -> if (async: tma_store plus the appended tma_store_arrive();
#   tma_store_wait()): fence right before the `if`. Total 2 fences + handshake.
# head: same as 9f25954.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    A_local = T.decl_buffer((8,), "float16", scope="local")
    C_local = T.decl_buffer((32,), scope="local")
    C_pack = T.decl_buffer((4,), "uint32", scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    T.ptx_ldmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 1), A_local.data)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
    T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, tx * 32, 32, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
    if tx == 0:
        T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_local = T.decl_buffer((8,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     C_pack = T.decl_buffer((4,), "uint32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_ldmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 1), A_local.data)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, tx * 32, 32, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
#     if tx == 0:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_local = T.decl_buffer((8,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     C_pack = T.decl_buffer((4,), "uint32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_ldmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 1), A_local.data)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, tx * 32, 32, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
#     if tx == 0:
#         T.fence_proxy_async()
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_local = T.decl_buffer((8,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     C_pack = T.decl_buffer((4,), "uint32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_ldmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 1), A_local.data)
#     T.fence_proxy_async()
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, tx * 32, 32, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
#     T.fence_proxy_async()
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
#         T.tma_store_arrive()
#         T.tma_store_wait()
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main(C_desc: T.handle("uint8x128", "grid_constant")):
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     C_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
#     A_local = T.decl_buffer((8,), "float16", scope="local")
#     C_local = T.decl_buffer((32,), scope="local")
#     C_pack = T.decl_buffer((4,), "uint32", scope="local")
#     desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     desc_b = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_b.data, 0, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_ldmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, tx * 8, 8, 1), A_local.data)
#     T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 2, desc_b.data, 2, C_local.data, 0, T.bool(True), 1, 1)
#     T.ptx_stmatrix(0, 4, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, tx * 32, 32, 2), C_pack[0], C_pack[1], C_pack[2], C_pack[3])
#     if tx == 0:
#         T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), C_shared.data, 0, 4096, 1), bx * 64, 0)
