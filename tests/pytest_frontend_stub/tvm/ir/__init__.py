"""Mock tvm.ir: Op, IRModule, assert_structural_equal."""


class Op:
    def __init__(self, name):
        self.name = name

    @staticmethod
    def get(name):
        return Op(name)

    def __repr__(self):
        return f"Op({self.name!r})"


class IRModule:
    def __init__(self, funcs, name=None, origin=None):
        self.functions = dict(funcs)
        self.name = name
        self.origin = origin if origin is not None else self

    @staticmethod
    def from_expr(func):
        return IRModule({"main": func})

    def __getitem__(self, name):
        return self.functions[name]


def _diff(lhs, rhs):
    """Where two functions differ, as TVM's message names it."""
    la, ra = lhs.attrs, rhs.attrs
    for key in sorted(set(la) | set(ra)):
        if la.get(key) != ra.get(key):
            return f'<root>.attrs.__dict__["{key}"]: {la.get(key)!r} vs {ra.get(key)!r}'
    if lhs.structure() != rhs.structure():
        return "<root>.body"
    return None


def assert_structural_equal(lhs, rhs, map_free_vars=False):
    """Functions compared with their attributes (the target among them) and
    their bodies; modules function by function."""
    if isinstance(lhs, IRModule) != isinstance(rhs, IRModule):
        raise ValueError("StructuralEqual check failed: an IRModule against a function")
    pairs = ([(n, lhs.functions.get(n), rhs.functions.get(n)) for n in sorted(set(lhs.functions) | set(rhs.functions))]
             if isinstance(lhs, IRModule) else [("", lhs, rhs)])
    for name, a, b in pairs:
        if a is None or b is None:
            raise ValueError(f"StructuralEqual check failed: function {name!r} on one side only")
        where = _diff(a, b)
        if where:
            raise ValueError(f"StructuralEqual check failed, caused by lhs at {where}")
