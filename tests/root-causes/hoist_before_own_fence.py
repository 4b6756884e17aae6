# The loop's body fences first itself (the mbarrier wait before it is no
# event), yet the models hoist a fence before the loop: its region is pure
# async and the entry may be generic.
# root cause tilelang-head unnecessary-fence: hoist: a fence before a pure-async region that fences first itself
# root cause tilelang-9f25954 unnecessary-fence: hoist: a fence before a pure-async region that fences first itself

@T.prim_func
def main(n: T.int32):
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    B_shared[0] = T.float16(0.0)
    while 0 < n:
        T.mbarrier_wait_parity(0, 1)
        T.fence_proxy_async()
        T.ptx_tcgen05_mma_ts("bf16", 0, 0, 0, 0, 0, 0, 0, T.bool(False), 0, 0, 0, 0)
