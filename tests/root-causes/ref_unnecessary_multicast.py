# tma_load_multicast is no async op for 9f25954 but generic through its
# write access pointer: the fence before the next TMA load is not needed.
# root cause tilelang-9f25954 unnecessary-fence: async set: tma_load_multicast not async

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
    T.tma_load_multicast(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 8192, 8, 2), 0, 0, 0)
    T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 2), 0, 0, 0)
