# reduced finding 14 (head, unsound): every thread writes, then every thread issues a (tcgen05, lowered as bulk) store
# from tvm.script import tir as T

@T.prim_func
def main():
    counter = T.decl_buffer((1,), "int32", scope="shared")
    counter[0] = 0
    T.ptx_tcgen05_mma_ss("bf16", 0, 0, 0, 0, 0, 0, 0, T.bool(False), 0, 0, 0, 0)

