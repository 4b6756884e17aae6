# Legacy counts the bulk copy generic (it is async): the fence it puts
# between it and the wgmma is not needed.
# root cause tilelang-legacy unnecessary-fence: async set: no bulk copy op is async

@T.prim_func
def main(A: T.handle("float16", "global")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    T.ptx_cp_async_bulk("float16", A_shared.data, 0, A, 0, 8192, 0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
