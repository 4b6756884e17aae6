# (im2col/f) WAR with a fence in every reader before the barrier, then tma_load_im2col
# from tvm.script import tir as T

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    bx = T.launch_thread("blockIdx.x", 264)
    tx = T.launch_thread("threadIdx.x", 128)
    S = T.decl_buffer((2048,), "float16", scope="shared.dyn")
    R = T.decl_buffer((8,), "float16", scope="local")
    mbar = T.decl_buffer((1,), "uint64", scope="shared.barrier")
    for it in T.serial(8):
        for j in T.unroll(8):
            R[j] = S[tx * 16 + j]
        T.fence_proxy_async()
        if tx == 0:
            T.tma_load_im2col(A_desc, mbar[0], T.tvm_access_ptr(T.type_annotation("float16"), S.data, 0, 2048, 2), 0, 0, 0, 0, 0, 0)
