"""Mock tilelang.transform: InjectFenceProxy with the seed API only (head
has tilelang.cuda.transform.InjectFenceProxy instead)."""
import mockcfg


def __getattr__(name):
    if name == "InjectFenceProxy" and mockcfg.API == "seed":
        from .._pass import InjectFenceProxy

        return InjectFenceProxy
    raise AttributeError(f"module 'tilelang.transform' has no attribute '{name}'"
                         + (" (TileLang head: tilelang.cuda.transform.InjectFenceProxy)"
                            if name == "InjectFenceProxy" else ""))
