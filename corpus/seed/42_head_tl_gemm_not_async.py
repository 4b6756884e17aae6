# Rule: tl_gemm / tl_gemm_sp are async for 9f25954 and legacy, not for head (where
#   they are none: their shared operands are read-only, rw_mask 1, and the
#   accumulator is local).
# 9f25954: A_shared store -> {Generic}: fence right before tl_gemm (-> {Async});
#   E_shared store -> {Generic}: fence right before tl_gemm_sp. Total 2.
# legacy: store (generic) -> tl_gemm (async): fence; store -> tl_gemm_sp: fence.
#   Same as 9f25954.
# head: refuses the program: tl_gemm and tl_gemm_sp were removed before a35008a.
# identity: unchanged.
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
    E_shared = T.decl_buffer((256,), "uint8", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    A_shared[tx] = T.float16(0.0)
    T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
    E_shared[tx] = T.uint8(0)
    T.tl_gemm_sp("tl::gemm_sp_ss<64, 64, 32, 4, 1, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 1024, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3), T.tvm_access_ptr(T.type_annotation("uint8"), E_shared.data, 0, 256, 1))

# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
#     E_shared = T.decl_buffer((256,), "uint8", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
#     E_shared[tx] = T.uint8(0)
#     T.fence_proxy_async()
#     T.tl_gemm_sp("tl::gemm_sp_ss<64, 64, 32, 4, 1, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 1024, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3), T.tvm_access_ptr(T.type_annotation("uint8"), E_shared.data, 0, 256, 1))
# ==== expect tilelang-head
# refused at 22:5: TileLang a35008a (head) has no op T.tl_gemm (it exists at legacy, seed): model tilelang-head refuses the program, not judged
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
#     E_shared = T.decl_buffer((256,), "uint8", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
#     E_shared[tx] = T.uint8(0)
#     T.fence_proxy_async()
#     T.tl_gemm_sp("tl::gemm_sp_ss<64, 64, 32, 4, 1, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 1024, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3), T.tvm_access_ptr(T.type_annotation("uint8"), E_shared.data, 0, 256, 1))
# ==== expect identity
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
#     bx = T.launch_thread("blockIdx.x", 132)
#     tx = T.launch_thread("threadIdx.x", 128)
#     A_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
#     B_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
#     E_shared = T.decl_buffer((256,), "uint8", scope="shared.dyn")
#     C_local = T.decl_buffer((32,), scope="local")
#     A_shared[tx] = T.float16(0.0)
#     T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
#     E_shared[tx] = T.uint8(0)
#     T.tl_gemm_sp("tl::gemm_sp_ss<64, 64, 32, 4, 1, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 1024, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3), T.tvm_access_ptr(T.type_annotation("uint8"), E_shared.data, 0, 256, 1))
