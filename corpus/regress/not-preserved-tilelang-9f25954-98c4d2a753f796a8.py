# fencefuzz regress: not-preserved [tilelang-9f25954, preservation]: loop step dropped at 5:5: `for ko_1 in range(0, 1, 2):` became `for ko_1 in range(1):`
# fencefuzz regress: cause 98c4d2a753f796a8; finding 21 of /tmp/tmp.sT14Q6YjD3/seed.sqlite, promoted 2026-12-01
# verdict tilelang-9f25954: not-preserved
# verdict tilelang-head: ok
# verdict tilelang-legacy: ok
# from tvm.script import tir as T

@T.prim_func
def main():
    for ko_1 in range(0, 1, 2):
        T.evaluate(0)
# ==== expect tilelang-9f25954
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     for ko_1 in range(1):
#         T.evaluate(0)
# ==== expect tilelang-head
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     for ko_1 in range(0, 1, 2):
#         T.evaluate(0)
# ==== expect tilelang-legacy
# # from tvm.script import tir as T
#
# @T.prim_func
# def main():
#     for ko_1 in range(0, 1, 2):
#         T.evaluate(0)
