# The same legacy bug as legacy_decl_boundary_a.py, reached from a different
# program: other names, dtypes and launches, a cp.async as the generic write,
# unrelated statements around it, two wgmma calls.
# from tvm.script import tir as T

@T.prim_func
def main(B: T.handle("float16", "global"), n: T.int32):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32}), "tir.noalias": T.bool(True)})
    bx = T.launch_thread("blockIdx.x", 132)
    tx = T.launch_thread("threadIdx.x", 256)
    W_shared = T.decl_buffer((8192,), "float16", scope="shared")
    T.call_extern("handle", "unrelated_setup", tx)
    T.ptx_cp_async(T.tvm_access_ptr(T.type_annotation("float16"), W_shared.data, tx * 8, 8, 2), T.tvm_access_ptr(T.type_annotation("float16"), B, bx * 64, 8, 1), 16)
    acc = T.decl_buffer((64,), scope="local")
    d0 = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    d1 = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.ptx_wgmma_ss("m64n128k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", d0.data, 0, d1.data, 0, acc.data, 0, T.bool(True), 1, 1)
    T.ptx_wgmma_ss("m64n128k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", d0.data, 2, d1.data, 2, acc.data, 0, T.bool(True), 1, 1)
    T.warpgroup_commit_batch()
