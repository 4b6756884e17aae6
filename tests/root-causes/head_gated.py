# No target: head's gate leaves the function alone, so the store before the
# wgmma stays unfenced.  With the gate off head would fence it: gated, not
# unsound.  9f25954 has no gate and fences.
# root cause tilelang-head gated: skipped by the target gate

@T.prim_func
def main():
    C_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    C_shared[0] = T.float16(0.0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
