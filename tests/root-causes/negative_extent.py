# A loop of negative constant extent never runs; 9f25954 takes a constant
# extent other than 0 as "runs at least once", so the fence inside the loop
# hides the store from the wgmma after it.
# root cause tilelang-9f25954 unsound: zero-trip loop: a negative extent counted as running once

@T.prim_func
def main():
    C_shared = T.decl_buffer((8192,), "float16", scope="shared.dyn")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    C_shared[0] = T.float16(0.0)
    for i in range(-1):
        T.fence_proxy_async()
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
