"""Mock of TileLang's Python package for fencefuzz's pytest reproducers (not
TileLang).  `from tilelang import tvm` gives the mock tvm; InjectFenceProxy
is tilelang.transform's with the seed API (TileLang 9f25954) and
tilelang.cuda.transform's with the head API (head moved it; see _pass.py)."""
import mockcfg
import tvm  # noqa: F401

from . import language, testing, transform  # noqa: F401

if mockcfg.API == "head":
    from . import cuda  # noqa: F401
