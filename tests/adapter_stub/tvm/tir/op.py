from ..ir import Op  # noqa: F401
