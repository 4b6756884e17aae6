"""Mock tilelang.cuda: TileLang head's CUDA backend package (absent at 9f25954)."""
import mockcfg

if mockcfg.API != "head":
    raise ImportError("No module named 'tilelang.cuda': TileLang 9f25954 has tilelang.transform.InjectFenceProxy")

from . import transform  # noqa: E402,F401
