# Shared writes by calls that are not call statements: in an if condition,
# in a loop bound, in a store value.  The models classify call statements
# only.
# root cause tilelang-9f25954 unsound: generic write unseen: call inside a condition
# root cause tilelang-9f25954 unsound: generic write unseen: call inside a loop bound
# root cause tilelang-9f25954 unsound: generic write unseen: call inside a store value
# root cause tilelang-legacy unsound: generic write unseen: call inside a condition
# root cause tilelang-legacy unsound: generic write unseen: call inside a loop bound

@T.prim_func
def main():
    counter = T.decl_buffer((1,), "int32", scope="shared")
    C_local = T.decl_buffer((32,), scope="local")
    desc_a = T.decl_buffer((1,), "uint64", scope="local.descriptor.wgmma")
    if T.call_extern("int32", "atomicAdd", T.address_of(counter[0]), 1) == 0:
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    for i in range(T.call_extern("int32", "atomicAdd", T.address_of(counter[0]), 1)):
        T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
    C_local[0] = T.Cast("float32", T.call_extern("int32", "atomicAdd", T.address_of(counter[0]), 1))
    T.ptx_wgmma_ss("m64n64k16", T.bool(True), T.bool(True), "fp16", "fp16", "fp32", desc_a.data, 0, desc_a.data, 0, C_local.data, 0, T.bool(True), 1, 1)
