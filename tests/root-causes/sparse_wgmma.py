# Sparse wgmma (an op of head only: the older models refuse the program) is
# async for the hardware, not for head.  Head runs without a target here,
# but with its gate off it misses the fence too: unsound, not gated.
# root cause tilelang-head unsound: async set: no sparse wgmma op is async

@T.prim_func
def main():
    C_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    C_shared[0] = T.float16(0.0)
    T.ptx_wgmma_sp_ss("m64n64k32", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, C_local.data, 0, 0, T.bool(True), 1, 1)
