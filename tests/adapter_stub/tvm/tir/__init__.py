from . import op, transform  # noqa: F401
