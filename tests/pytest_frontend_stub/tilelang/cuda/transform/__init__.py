"""Mock tilelang.cuda.transform (head API): InjectFenceProxy."""
from ..._pass import InjectFenceProxy  # noqa: F401
