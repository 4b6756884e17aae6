# Legacy counts every store generic, whatever its scope: the fence after a
# store into local memory is not needed.
# root cause tilelang-legacy unnecessary-fence: generic kind: every store and call statement counts (scopes and ops not looked at)
# root cause tilelang-legacy suboptimal-placement: placement: a fence between two adjacent items, never hoisted

@T.prim_func
def main():
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    C_local[0] = T.float32(0.0)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
