"""Mock tilelang.transform.InjectFenceProxy.

It does not model the pass: it returns the `after` prim_func (or `After`
module) defined after the `before` (`Before`) it is given: the reproducer's
expected program, or what it is given when there is none, so a well-formed
reproducer passes against the mock."""
from tvm.ir import IRModule

from ..language import parsed_after


def InjectFenceProxy():  # noqa: N802 (TileLang's name)
    def apply(mod):
        if mod.name is not None:  # an @I.ir_module class
            after = parsed_after(mod)
            return after if after is not None else mod
        before = mod["main"]
        after = parsed_after(before)
        return IRModule({"main": after if after is not None else before})

    return apply
