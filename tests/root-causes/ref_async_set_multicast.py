# A shared store, then a multicast TMA load: 9f25954 does not count
# tma_load_multicast async, so no fence goes before it.
# root cause tilelang-9f25954 unsound: async set: tma_load_multicast not async
# root cause tilelang-9f25954 unsound-war: async set: tma_load_multicast not async
# root cause tilelang-legacy unsound: async set: no TMA load op is async

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    A_shared[0] = A_shared[1]
    T.tma_load_multicast(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 1, 0, 0)
