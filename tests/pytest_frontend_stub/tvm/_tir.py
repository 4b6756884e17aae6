"""What tvm.tir (seed) and tvm.tirx (head) have in common here: Call,
op.Op, stmt_functor.post_order_visit, transform.BindTarget."""
import types

from .ir import IRModule, Op


class Call:
    """One call of a parsed function body: its op."""

    def __init__(self, op):
        self.op = op


op = types.SimpleNamespace(Op=Op)


def _post_order_visit(body, fvisit):
    for node in body.calls:
        fvisit(node)


stmt_functor = types.SimpleNamespace(post_order_visit=_post_order_visit)


def _bind_target(target):
    """BindTarget: every function without a target attribute gets `target`;
    one that has one keeps it (TVM's bind_target.cc)."""
    from .target import Target

    if not isinstance(target, Target):
        raise TypeError("BindTarget takes a tvm.target.Target")

    def apply(mod):
        if not isinstance(mod, IRModule):
            raise TypeError("BindTarget is a module pass: it takes an IRModule")
        return IRModule({n: f if f.has_target() else f.with_attr("target", target)
                         for n, f in mod.functions.items()}, name=mod.name, origin=mod.origin)

    return apply


transform = types.SimpleNamespace(BindTarget=_bind_target)
