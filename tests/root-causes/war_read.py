# A generic read of shared memory, then a TMA load into it: the proxy-state
# models track no reads (no WAR fence); legacy counts the read generic but
# no TMA load async.
# root cause tilelang-9f25954 unsound-war: generic read unseen: reads are no event (no fence for WAR)
# root cause tilelang-legacy unsound-war: async set: no TMA load op is async

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    C_local[0] = A_shared[0]
    T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, 0, 0)
