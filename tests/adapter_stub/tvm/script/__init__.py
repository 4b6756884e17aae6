"""The stand-in TVMScript parser and printer."""
import ast
import re
import types

import tvm

tir = types.ModuleType("tvm.script.parser.tir")
tirx = types.ModuleType("tvm.script.parser.tirx")
ir = types.ModuleType("tvm.script.parser.ir")
COLLISIONS = ("ptx_cp_async", "ptx_ldmatrix")
RESPELLED = re.compile(r'T\.call_intrin\("[a-z0-9]+", (tirx?)\.op\.Op\.get\("tl\.(\w+)"\)(, )?')


class StubFunc:
    def __init__(self, text):
        self.text = text

    @property
    def attrs(self):
        return {"target": 1} if re.search(r'T\.func_attr\(\{[^\n]*"target"', self.text) else None

    def bind(self, target):
        lines = self.text.split("\n")
        i = next(k for k, l in enumerate(lines) if l.startswith("def "))
        lines.insert(i + 1, '    T.func_attr({"target": T.target(%s)})' % target)
        self.text = "\n".join(lines)

    def without_attr(self, key):
        assert key == "target"
        self.text = "\n".join(l for l in self.text.split("\n") if not l.startswith('    T.func_attr({"target"'))
        return self

    def script(self):
        return self.text


def from_source(text, extra_vars=None):
    tvm.log("parse", " ".join(sorted(extra_vars or {})))
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        f = node.func
        if isinstance(f.value, ast.Name) and f.value.id == "T":
            tir_form = f.attr in COLLISIONS and node.args and isinstance(node.args[0], ast.Constant)
            if f.attr in tvm.ir.ALL_TL_NAMES and not tir_form:
                raise AttributeError("module 'tvm.script.parser.tir' has no attribute '%s'" % f.attr)
            if f.attr == "call_intrin":
                getter = node.args[1]
                owner = getter.func.value.value.value.id  # NAME.op.Op.get
                if owner not in (extra_vars or {}):
                    raise NameError("name '%s' is not defined" % owner)
                tvm.ir.Op.get(getter.args[0].value)
    return StubFunc(RESPELLED.sub(lambda m: "T.%s(" % m.group(2), text))
