import os

import tvm


def make_pass(where):
    def run(mod):
        tvm.log("pass", where)
        if os.environ.get("STUB_NOISE"):
            print("stub pass: noise on stdout")
        if os.environ.get("STUB_PASS") == "raise":
            raise RuntimeError("stub: InjectFenceProxy failed")
        return mod
    return lambda: run
