"""Self-test of the tilelang.language mock (TileLang's eager frontend): what
it reads and what it refuses.  Exit 0 when every case behaves, 1 otherwise."""
import linecache
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tilelang.language as T  # noqa: E402
from mockcfg import FrontendError  # noqa: E402
from tvm import tir  # noqa: E402

CASES = [  # (body of a function, None when it reads, else a word the refusal says)
    ("T.fence_proxy_async()\n    T.call_intrin(\"handle\", tir.op.Op.get(\"tl.tma_store_arrive\"))", None),
    ("T.nosuch()", "does not exist in tilelang.language"),
    ("T.call_intrin(\"handle\", tirx.op.Op.get(\"tl.tma_store_arrive\"))", "the op must be tir.op.Op.get"),
    ("if 1 < 2:\n        T.fence_proxy_async()", "folds the constant condition"),
    ("while True:\n        T.fence_proxy_async()", "Infinite while loop"),
    ("T.address_of(1)", "Invalid object type"),
    ("T.call_extern(1, \"f\")", "result dtype first"),
]


def main():
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, (body, want) in enumerate(CASES):
            path = os.path.join(tmp, f"case{i}.py")
            code = f"def case():\n    {body}\n"
            with open(path, "w") as f:
                f.write(code)
            linecache.checkcache()
            ns = {"T": T, "tir": tir, "tirx": tir}
            exec(compile(code, path, "exec"), ns)
            try:
                T.prim_func(ns["case"])
                got = None
            except FrontendError as e:
                got = str(e)
            if (want is None) != (got is None) or (want is not None and want not in got):
                print(f"case {i}: expected {want!r}, got {got!r}")
                bad += 1
    try:
        T.not_a_name
        print("T.not_a_name: no AttributeError")
        bad += 1
    except AttributeError:
        pass
    print(f"language_selftest: {len(CASES) + 1 - bad} of {len(CASES) + 1} cases behave")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
