@T.prim_func
def main(a: T.int32):
    T.evaluate("abc\