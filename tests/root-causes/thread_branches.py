# The threads that store (tx >= 128) are not those that load (tx == 0): the
# fence before the TMA load is not needed, but the models count every arm of
# every if possible, with no relation between conditions.
# root cause tilelang-9f25954 unnecessary-fence: branch conditions not correlated: every arm of an if counted possible

@T.prim_func
def main(A_desc: T.handle("uint8x128", "grid_constant")):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    tx = T.launch_thread("threadIdx.x", 256)
    A_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    if tx >= 128:
        A_shared[0] = T.float16(0.0)
        if tx == 0:
            T.tma_load(A_desc, 0, T.tvm_access_ptr(T.type_annotation("float16"), A_shared.data, 0, 4096, 2), 0, 0, 0)
