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
