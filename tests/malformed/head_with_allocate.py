# from tvm.script import tirx as T

@T.prim_func
def main():
    with T.allocate([4], "float16", "shared") as p:
        T.evaluate(p)
    T.evaluate(0)
