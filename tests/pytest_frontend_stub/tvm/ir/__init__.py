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
    def __init__(self, funcs, name=None):
        self.functions = dict(funcs)
        self.name = name
        self.origin = self

    @staticmethod
    def from_expr(func):
        return IRModule({"main": func})

    def __getitem__(self, name):
        return self.functions[name]

    def structure(self):
        return sorted((name, f.structure()) for name, f in self.functions.items())


def assert_structural_equal(lhs, rhs, map_free_vars=False):
    """The mock's structure is the parsed function, names of the function
    itself left out (the real check maps bound names too; the reproducer's
    before/after come from one printer, so their names agree)."""
    if lhs.structure() != rhs.structure():
        raise ValueError(f"StructuralEqual check failed: {lhs.name} vs {rhs.name}")
