# from tvm.script import ir as I
# from tvm.script import tir as T

@I.ir_module
class Module:
    @T.prim_func(private=True)
    def f1(A: T.Buffer((128,), "float16"), K: T.int32):
        with T.Kernel(8, 4, threads=256) as (bx, by):
            A_shared = T.alloc_shared((128,), "float16")
            A_shared[bx] = A[by]
            for ko in T.serial(K // 64, annotations={"num_stages": 3}):
                T.evaluate(ko)

    @T.prim_func(check_well_formed=False)
    def f2(A: T.Buffer((128,), "float16")):
        with T.Kernel(8) as bx:
            T.evaluate(bx)
        with T.Kernel(2, 3, 4, threads=[32, 4]) as (x, y, z):
            T.evaluate(x + y + z)
        with T.Kernel(2, prelude="#include <x>"):
            T.evaluate(0)

    @T.prim_func
    def f3(a: T.int32):
        with T.block("root"):
            B = T.alloc_buffer((16,), "float32")
            with T.block("inner"):
                C = T.alloc_buffer((4,), "float32")
                C[0] = B[0]
