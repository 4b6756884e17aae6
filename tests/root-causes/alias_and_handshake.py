# The store and the TMA store touch different buffers: the fence is needed
# only when any shared access counts.  The store after the TMA store rewrites
# its source with no arrive/wait in between: 9f25954 leaves the handshake to
# the copy lowering; legacy adds it.
# root cause tilelang-9f25954 alias-redundant-fence: footprints not compared: any shared access counts
# root cause tilelang-9f25954 handshake: no tma_store handshake inserted: arrive/wait left to the copy lowering
# root cause tilelang-legacy alias-redundant-fence: footprints not compared: any shared access counts
# root cause tilelang-legacy not-idempotent: tma_store handshake added again on every run

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    A_shared[0] = T.float16(0.0)
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), B_shared.data, 0, 4096, 1), 0, 0)
    B_shared[0] = T.float16(0.0)
