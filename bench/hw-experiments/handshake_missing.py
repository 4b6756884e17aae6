# reduced finding 22 (9f25954, handshake): tma_store then a generic write of its source, no arrive/wait
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    buf_dyn_shmem = T.allocate([49152], "uint8", "shared.dyn")
    T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), buf_dyn_shmem, 0, 4096, 1), 0, 0)
    A_shared = T.Buffer((8192,), "float16", data=buf_dyn_shmem, scope="shared.dyn")
    A_shared[0] = T.float16(0.0)

