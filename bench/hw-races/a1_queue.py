# (a) detection check: one thread issues eight tensor-map TMA stores of the buffer back to back (no wait), then overwrites the source; the queued copies read it late (run with --handshake program --barriers none)
# from tvm.script import tir as T

@T.prim_func
def main(C_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    bx = T.launch_thread("blockIdx.x", 264)
    tx = T.launch_thread("threadIdx.x", 128)
    S = T.decl_buffer((2048,), "float16", scope="shared.dyn")
    if tx == 0:
        S[0:2048] = T.Broadcast(T.float16(1.0), 2048)
        T.fence_proxy_async()
        for k in T.serial(8):
            T.tma_store(C_desc, T.tvm_access_ptr(T.type_annotation("float16"), S.data, 0, 2048, 1), 0, 0)
        S[0:2048] = T.Broadcast(T.float16(2.0), 2048)
