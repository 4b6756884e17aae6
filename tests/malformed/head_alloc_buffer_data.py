# from tvm.script import tirx as T

@T.prim_func
def main(p: T.handle("float16", "shared")):
    S = T.alloc_buffer((4,), "float16", data=p, scope="shared")
    S[0] = T.float16(0)
