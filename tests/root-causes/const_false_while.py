# A while of constant false condition never runs: the fence hoisted before
# it is not needed; the models take every while condition as unknown.
# root cause tilelang-head unnecessary-fence: constant condition: a branch or while loop never taken counted
# root cause tilelang-9f25954 unnecessary-fence: constant condition: a branch or while loop never taken counted
# root cause tilelang-legacy unnecessary-fence: constant condition: a branch or while loop never taken counted

@T.prim_func
def main():
    T.func_attr({"target": T.target({"arch": "sm_90a", "keys": ["cuda", "gpu"], "kind": "cuda", "max_num_threads": 1024, "tag": "", "thread_warp_size": 32})})
    B_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    B_shared[0] = T.float16(0.0)
    while 0 < 0:
        T.fence_proxy_async()
        T.ptx_tcgen05_mma_ts("bf16", 0, 0, 0, 0, 0, 0, 0, T.bool(False), 0, 0, 0, 0)
