# fencefuzz regress: differential [mutant:annotations-dropped vs tilelang-9f25954]: mutant:annotations-dropped and tilelang-9f25954 differ (function main): mutant:annotations-dropped is sound; tilelang-9f25954 is sound
# fencefuzz regress: cause 1580f00c1ec0af69; reduced from corpus/seed/16_for_stepped_loops.py (13 -> 2 statements), promoted 2026-12-01
# verdict tilelang-9f25954: not-preserved
# verdict tilelang-head: ok
# verdict tilelang-legacy: ok
# from tvm.script import tir as T

@T.prim_func
def main():
    for ki in T.serial(2, 3, annotations={"pragma_unroll_explicit": False}, step=2):
        T.evaluate(0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     for ki in T.serial(2, 3, annotations={"pragma_unroll_explicit": False}):
#         T.evaluate(0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     for ki in T.serial(2, 3, annotations={"pragma_unroll_explicit": False}, step=2):
#         T.evaluate(0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     for ki in T.serial(2, 3, annotations={"pragma_unroll_explicit": False}, step=2):
#         T.evaluate(0)
