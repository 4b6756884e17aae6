import os

from .._stub import make_pass

if os.environ.get("STUB_ERA") != "head":  # moved to tilelang.cuda.transform at head
    InjectFenceProxy = make_pass("tilelang.transform")
