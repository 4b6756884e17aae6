# Legacy's async set has no TMA load and no bulk copy: no fence before
# either after a shared store.
# root cause tilelang-legacy unsound: async set: no TMA load op is async
# root cause tilelang-legacy unsound: async set: no bulk copy op is async

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant"), A: T.handle("float16", "global")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    A_shared[0] = T.float16(0.0)
    T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, 0, 0)
    T.ptx_cp_async_bulk("float16", A_shared.data, 0, A, 0, 8192, 0)
