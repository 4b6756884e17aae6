# wgmma_write_at_loop_end.py with one more generic write before the loop
# from tvm.script import tir as T

@T.prim_func
def main():
    B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    B_shared[0] = T.float16(0.0)
    for i_1 in range(4):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
        B_shared[0] = T.float16(0.0)

