# from tvm.script import tirx as T

@T.prim_func
def main(n: T.int32):
    with T.bind(n + 1) as x:
        T.evaluate(x)
