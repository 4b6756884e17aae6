# Legacy fences only between two adjacent items of one sequence: not
# across a loop back edge, not in front of a decl_buffer line, not before a
# compound whose kind is mixed.
# root cause tilelang-legacy unsound: state lost at a loop back edge
# root cause tilelang-legacy unsound: state lost at a decl_buffer or allocate line (no kind)
# root cause tilelang-legacy unsound: state lost: a compound of mixed kind never fences

@T.prim_func
def main():
    C_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    for k in range(4):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
        C_shared[k] = T.float16(0.0)
    C_shared[0] = T.float16(0.0)
    B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    B_shared[0] = T.float16(0.0)
    for j in range(2):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
        C_local[j] = T.float32(0.0)
