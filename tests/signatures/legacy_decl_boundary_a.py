# Legacy misses the fence across a decl_buffer line (docs/semantics.md §4.3: allocate/decl_buffer
# nodes stay "unknown", and a statement after the line is in its body).
# from tvm.script import tir as T

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    A_shared = T.decl_buffer((4096,), "float16", scope="shared.dyn")
    A_shared[0] = T.float16(0.0)
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
