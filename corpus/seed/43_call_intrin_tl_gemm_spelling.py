# Rule: the T.call_intrin("handle", tir.op.Op.get("tl.tl_gemm"), ...) spelling (as
#   TileLang's tests write it) is the same call as T.tl_gemm(...) and prints back
#   canonically as T.tl_gemm(...); T.evaluate(T.call_intrin(...)) likewise.
# 9f25954: A_shared store -> {Generic}: fence right before the first tl_gemm; the
#   second (T.evaluate form) follows {Async}: none. Total 1.
# legacy: same (tl_gemm async; store generic -> tl_gemm).
# head: refuses the program (tl_gemm no longer exists at a35008a).
# identity: unchanged apart from the canonical spelling T.tl_gemm(...).
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 128)
    A_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((2048,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    A_shared[tx] = T.float16(0.0)
    T.call_intrin("handle", tir.op.Op.get("tl.tl_gemm"), "tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
    T.evaluate(T.call_intrin("handle", tir.op.Op.get("tl.tl_gemm"), "tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, false>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3)))

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
#     C_local = T.decl_buffer((32,), scope="local")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
#     T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, false>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
# ==== expect tilelang-head
# refused at 20:5: TileLang a35008a (head) has no op T.tl_gemm (it exists at legacy, seed): model tilelang-head refuses the program, not judged
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
#     C_local = T.decl_buffer((32,), scope="local")
#     A_shared[tx] = T.float16(0.0)
#     T.fence_proxy_async()
#     T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
#     T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, false>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
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
#     C_local = T.decl_buffer((32,), scope="local")
#     A_shared[tx] = T.float16(0.0)
#     T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, true>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
#     T.tl_gemm("tl::gemm_ss<64, 64, 32, 4, 1, 0, 0, 0, 32, 64, 0, 0, false>", T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 2048, 1), T.tvm_access_ptr(T.type_annotation("float32"), C_local.data, 0, 32, 3))
