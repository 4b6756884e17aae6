# from tvm.script import tirx as T

@T.prim_func
def main():
    with T.decl_buffer((4,), "float16", scope="shared") as S:
        S[0] = T.float16(0)
    T.evaluate(0)
