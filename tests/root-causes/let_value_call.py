# An atomicAdd on a shared counter in a let value: no model looks into let
# values, so the wgmma after it is not fenced.
# root cause tilelang-9f25954 unsound: generic write unseen: call inside a let value
# root cause tilelang-legacy unsound: generic write unseen: call inside a let value
# root cause tilelang-head unsound: generic write unseen: call inside a let value

@T.prim_func
def main():
    counter = T.decl_buffer((1,), "int32", scope="shared")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    old: T.int32 = T.call_extern("int32", "atomicAdd", T.address_of(counter[0]), 1)
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
