"""A branch keeping its pass elsewhere (--pass mybranch.InjectFenceProxy)."""
from tilelang._stub import make_pass

InjectFenceProxy = make_pass("mybranch")
