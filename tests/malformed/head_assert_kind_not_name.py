# from tvm.script import tirx as T

@T.prim_func
def main(n: T.int32):
    assert n > 0, ("Runtime Error", ["n must be positive"])
    T.evaluate(n)
