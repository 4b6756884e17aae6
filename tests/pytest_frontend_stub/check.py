"""check.py FILE...: fencefuzz's pytest reproducers against the mock frontend.

Each file must parse as Python (ast.parse), import with this directory's mock
`tilelang`/`tvm` packages first on sys.path, and every test_* function in it
must pass (the mock checks the T.* names and call_intrin spellings when a
prim_func is defined, see tilelang/language/__init__.py).  First a self-test
shows that the mock rejects what the real frontend would not take.
"""
import ast
import importlib.util
import os
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import tilelang.language as T  # noqa: E402  (the mock)

TEMPLATE = '''
from tvm import tir
import tilelang.language as T


def test_case():
    @T.prim_func
    def before(A: T.Buffer((16,), "float16")):
        {body}
'''

# (body line, should the mock accept it)
SELF_TEST = [
    ('T.call_intrin("handle", tir.op.Op.get("tl.tma_store"), A.data, 0)', True),
    ('T.tma_load(A.data, 0)', True),
    ('T.fence_proxy_async()', True),
    ('T.tma_store_wait(0)', True),
    ('T.ptx_cp_async_bulk("float16", A.data, 0)', True),
    ('T.tma_store(A.data, 0)', False),                       # no wrapper
    ('T.tl_gemm("tl::gemm_ss<64>", A.data)', False),          # no wrapper
    ('T.ptx_stmatrix(0, 1, A.data)', False),                  # no wrapper
    ('T.tma_load_im2col(A.data)', False),                     # no wrapper
    ('T.ptx_wgmma_ss("m64n64k16", True)', False),            # dtype-first wrapper
    ('T.tma_store_wait()', False),                            # the wrapper adds an argument
    ('T.mbarrier_wait_parity(7, 0)', False),                  # needs a buffer element
    ('T.warpgroup_fence_operand("float32", A.data, 0, 64)', False),
    ('T.initialize_wgmma_descriptor(A[0], A.data, 1, 1, 64)', False),
    ('T.no_such_name(0)', False),
    ('T.call_intrin("handle", tir.op.Op.get("tl.no_such_op"))', False),
    ('T.call_intrin("handle", "tl.tma_store")', False),
    ('tir.call_intrin("handle", tir.op.Op.get("tl.tma_store"))', False),
    ('T.tl_shuffle_elect(0)', False),                         # the wrapper is shuffle_elect
]


def run_file(path):
    with open(path, encoding="utf-8") as f:
        ast.parse(f.read(), path)
    name = "repro_" + os.path.splitext(os.path.basename(path))[0]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tests = [n for n in sorted(dir(module)) if n.startswith("test_") and callable(getattr(module, n))]
    if not tests:
        raise AssertionError("no test_* function")
    for n in tests:
        getattr(module, n)()
    return len(tests)


def self_test():
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for i, (line, ok) in enumerate(SELF_TEST):
            path = os.path.join(tmp, f"case{i}.py")
            with open(path, "w") as f:
                f.write(TEMPLATE.format(body=line))
            try:
                run_file(path)
                accepted, why = True, ""
            except T.FrontendError as e:
                accepted, why = False, str(e)
            if accepted != ok:
                print(f"SELF-TEST FAIL: mock {'accepted' if accepted else 'rejected'} {line!r} {why}")
                bad += 1
    return bad


def main(paths):
    failed = self_test()
    tests = 0
    for path in paths:
        try:
            tests += run_file(path)
        except Exception:  # report every file, then fail
            print(f"FAIL {path}:\n{traceback.format_exc(limit=3)}")
            failed += 1
    print(f"check.py: {len(SELF_TEST)} self-test cases, {len(paths)} files, {tests} test functions, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
