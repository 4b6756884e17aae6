"""Mock tvm.tir: Call, op.Op, stmt_functor.post_order_visit."""
import types

from ..ir import Op


class Call:
    """One call of the mock's function body: the op and its argument count."""

    def __init__(self, op, nargs):
        self.op = op
        self.nargs = nargs


op = types.SimpleNamespace(Op=Op)


def _post_order_visit(body, fvisit):
    for node in body.calls:
        fvisit(node)


stmt_functor = types.SimpleNamespace(post_order_visit=_post_order_visit)


def _bind_target(target):
    """tvm.tir.transform.BindTarget: a target attribute for functions that
    lack one; the mock keeps the module as it is."""
    if not isinstance(target, _target.Target):
        raise TypeError("BindTarget takes a tvm.target.Target")
    return lambda mod: mod


transform = types.SimpleNamespace(BindTarget=_bind_target)

from .. import target as _target  # noqa: E402
