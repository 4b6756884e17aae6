"""A stand-in for TVM (with tilelang/ beside it, for TileLang), so that
fencefuzz's tests can run adapters/tilelang/fencefuzz_tilelang.py where
neither is installed.  It implements only what the adapter calls, and
checks what the real ones would refuse: a tl op left unrespelled, an op
getter the parser cannot see, an unregistered op.  Its "parser" keeps the
text and its "printer" gives it back with the respelling undone, so an
identity pass prints its input again.  Environment:
  STUB_ERA=head   TileLang head: tvm.tirx, tilelang.cuda.transform, no tl_gemm
  STUB_LOG=FILE   append one line per call: parse, bind TARGET, pass WHERE
  STUB_PASS=raise the pass raises
  STUB_NOISE=1    print to stdout at import and in the pass
"""
import os

from . import ir, script, target, tir  # noqa: F401

__version__ = "0.0.stub"
HEAD = os.environ.get("STUB_ERA") == "head"


def log(*words):
    path = os.environ.get("STUB_LOG")
    if path:
        with open(path, "a") as f:
            f.write(" ".join(str(w) for w in words) + "\n")


if os.environ.get("STUB_NOISE"):
    print("stub tvm: some noise on stdout at import")


class IRModule:
    def __init__(self, funcs):
        self.funcs = funcs

    @staticmethod
    def from_expr(func):
        return IRModule({"main": func})

    def __getitem__(self, name):
        return self.funcs[name]
