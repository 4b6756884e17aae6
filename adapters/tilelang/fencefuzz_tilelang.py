#!/usr/bin/env python3
"""fencefuzz_tilelang.py: the installed TileLang's own InjectFenceProxy as a
fencefuzz pass model (Python 3 standard library plus TileLang).

    fencefuzz_tilelang.py [--pass DOTTED] [--target T] < prog.py > out.py
        one program from stdin, the transformed program on stdout
    fencefuzz_tilelang.py --serve [--pass DOTTED] [--target T]
        the fencefuzz external-model protocol on stdin/stdout
        (docs/external-models.md), for
        fencefuzz campaign --models 'tilelang-head,tilelang=ext-server:python3 fencefuzz_tilelang.py --serve' --differential
    fencefuzz_tilelang.py --respell < prog.py
        print the program as it is handed to TVM's parser, and stop

Each program, TVMScript as TileLang prints it, is read with TVM's own
TVMScript parser.  That parser knows no tl op (`T.tma_load` is unknown to
it), so every tl op is first respelled `T.call_intrin(DTYPE,
tir.op.Op.get("tl.NAME"), ARGS)` (`tirx.op.Op.get` where TVM has tirx):
which names are tl ops is asked of the installed TVM's op registry, so each
version gets its own.  A function without a target gets `cuda -arch=sm_90a`
(a dict target where TVM has tirx), as TileLang's lowering binds one before
this pass; then the pass runs, found where the installed version keeps it
(`tilelang.cuda.transform`, else `tilelang.transform`) or at --pass, and the
result is printed with TVM's printer, without the target bound here.

Answers (--serve): `result` with the printed program; `reject` when the
program does not read (TVM's parser, or Python's, refuses it); `error` when
the pass or the printer raises.  Whatever TileLang or TVM print on stdout
goes to stderr, so that it cannot break the framing.
"""
import argparse
import ast
import importlib
import os
import sys
import traceback

# Names printed both for a tir builtin and a tl op; the tir form prints its
# dtype (a string) first.
COLLISIONS = frozenset((
    "ptx_cp_async", "ptx_ldmatrix", "cooperative_tensor_fill", "cooperative_tensor_load",
    "cooperative_tensor_store", "cooperative_tensor_multiply_accumulate"))

# Result dtypes of the tl ops that are values rather than statements (the
# printer does not print them); a call used as a statement is "handle".
VALUE_DTYPES = {
    "tl_shuffle_elect": "bool",
    "get_lane_idx": "int32", "get_warp_idx": "int32", "get_warp_idx_sync": "int32",
    "get_warp_group_idx": "int32", "any_sync": "int32", "all_sync": "int32",
    "syncthreads_and": "int32", "syncthreads_or": "int32", "syncthreads_count": "int32",
    "__ffs": "int32", "__fns": "uint32", "ldg32": "uint32", "lds32": "uint32",
    "match_any_sync": "uint32", "match_all_sync": "uint32",
    "ldg64": "uint32x2", "lds64": "uint32x2", "ldg128": "uint32x4", "lds128": "uint32x4",
    "ldg256": "uint32x8", "activemask": "uint64", "ballot": "uint64", "ballot_sync": "uint64",
}

PASS_HOMES = ("tilelang.cuda.transform.InjectFenceProxy", "tilelang.transform.InjectFenceProxy")


class Rejected(Exception):
    """The program does not read: a `reject` answer."""


class TileLang:
    """The installed TileLang and TVM, imported once."""

    def __init__(self, pass_path=None, target=None):
        try:
            self.tilelang = importlib.import_module("tilelang")
            self.tvm = importlib.import_module("tvm")
        except Exception as e:  # ImportError, or a broken build failing inside its import
            raise SystemExit("fencefuzz_tilelang: cannot import TileLang (%s: %s); install it "
                             "(and its TVM) for this python3, or set PYTHONPATH"
                             % (type(e).__name__, e))
        tvm = self.tvm
        script = importlib.import_module("tvm.script")
        try:  # TVM as TileLang head has it: tir is tirx
            self.tir = importlib.import_module("tvm.tirx")
            self.tir_name = "tirx"
        except ImportError:
            self.tir = importlib.import_module("tvm.tir")
            self.tir_name = "tir"
        self.T = getattr(script, self.tir_name)  # what `from tvm.script import tir as T` gives
        self.I = script.ir
        self.pass_path, self.make_pass = self._find_pass(pass_path)
        self.fence_pass = self.make_pass()
        if target is None:
            target = {"kind": "cuda", "arch": "sm_90a"} if self.tir_name == "tirx" else "cuda -arch=sm_90a"
        self.target = tvm.target.Target(target)
        self.extra_vars = {"tvm": tvm, "I": self.I, "ir": self.I, "T": self.T, self.tir_name: self.tir}
        self.known = {}

    def _find_pass(self, path):
        tried = []
        for p in ([path] if path else PASS_HOMES):
            mod, _, attr = p.rpartition(".")
            try:
                return p, getattr(importlib.import_module(mod), attr)
            except (ImportError, AttributeError) as e:
                tried.append("%s (%s)" % (p, e))
        raise SystemExit("fencefuzz_tilelang: no InjectFenceProxy in the installed TileLang: tried "
                         + "; ".join(tried) + " (name it with --pass MODULE.NAME)")

    def version(self):
        tl = getattr(self.tilelang, "__version__", "?")
        tv = getattr(self.tvm, "__version__", "?")
        return "tilelang %s, tvm %s" % (tl, tv)

    def op_name(self, name):
        """The registered tl op that `T.name` prints for, or None."""
        if name not in self.known:
            found = None
            for full in ("tl." + name, "tl.tileop." + name):
                try:
                    self.tvm.ir.Op.get(full)
                    found = full
                    break
                except Exception:  # not registered
                    pass
            self.known[name] = found
        return self.known[name]

    def parse(self, text):
        try:
            return self.tvm.script.from_source(text, extra_vars=self.extra_vars)
        except Exception as e:  # TVM's DiagnosticError, ParserError, TVMError ...
            raise Rejected("TVM's TVMScript parser: %s: %s" % (type(e).__name__, str(e).strip()))

    def run(self, func):
        attrs = func.attrs
        bind = attrs is None or "target" not in attrs
        mod = self.tvm.IRModule.from_expr(func)
        if bind:
            mod = self.tir.transform.BindTarget(self.target)(mod)
        mod = self.fence_pass(mod)
        out = mod["main"]
        if bind and hasattr(out, "without_attr"):
            # The target was ours, not the program's: printed, it would read as
            # a change the pass made (the preservation oracle would say so).
            out = out.without_attr("target")
        return out.script()


# ---- respelling -------------------------------------------------------------

def respell(text, op_name, tir_name):
    """text with every call T.NAME(...) of a tl op (op_name(NAME) gives its
    registered name, or None) spelled T.call_intrin(DTYPE, TIR.op.Op.get(OP), ...)."""
    try:
        tree = ast.parse(text)
    except SyntaxError as e:
        raise Rejected("not Python: line %s: %s" % (e.lineno, e.msg))
    statement_calls = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            statement_calls.add(id(node.value))
    raw = text.encode("utf-8")
    starts = [0]
    for i, b in enumerate(raw):
        if b == 10:
            starts.append(i + 1)

    def offset(line, col):
        return starts[line - 1] + col

    edits = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and isinstance(node.func.value, ast.Name) and node.func.value.id == "T"):
            continue
        name = node.func.attr
        if name in COLLISIONS and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            continue  # the tir op, dtype first
        op = op_name(name)
        if op is None:
            continue
        dtype = "handle" if id(node) in statement_calls else VALUE_DTYPES.get(name, "int32")
        begin = offset(node.lineno, node.col_offset)
        paren = raw.index(b"(", offset(node.func.end_lineno, node.func.end_col_offset))
        new = 'T.call_intrin("%s", %s.op.Op.get("%s")' % (dtype, tir_name, op)
        if node.args or node.keywords:
            new += ", "
        edits.append((begin, paren + 1, new.encode()))
    for begin, end, new in sorted(edits, reverse=True):
        raw = raw[:begin] + new + raw[end:]
    return raw.decode("utf-8")


def split_functions(text):
    """[(name, source)] of the top-level functions, or [(None, text)] for a
    module (an @I.ir_module class) or anything else, which is parsed whole."""
    try:
        tree = ast.parse(text)
    except SyntaxError as e:
        raise Rejected("not Python: line %s: %s" % (e.lineno, e.msg))
    funcs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    if len(funcs) <= 1 or len(funcs) != len([n for n in tree.body if not isinstance(n, ast.Expr)]):
        return [(None, text)]
    lines = text.splitlines(keepends=True)
    out = []
    for f in funcs:
        first = min([d.lineno for d in f.decorator_list] + [f.lineno])
        out.append((f.name, "".join(lines[first - 1:f.end_lineno])))
    return out


def transform(tl, text):
    """The installed pass on one program (text), printed."""
    outs = []
    for name, src in split_functions(text):
        func = tl.parse(respell(src, tl.op_name, tl.tir_name))
        if not hasattr(func, "attrs") or hasattr(func, "functions"):
            raise Rejected("an IRModule (@I.ir_module): hand fencefuzz_tilelang one function "
                           "at a time")
        printed = tl.run(func)
        if name and name != "main":  # the printer names a lone function main
            printed = printed.replace("\ndef main(", "\ndef %s(" % name, 1)
        outs.append(printed)
    return "\n\n".join(outs)


# ---- the protocol -----------------------------------------------------------

def read_frame(inp):
    head = inp.readline()
    if not head:
        return None, None
    try:
        tag, n = head.split()
        payload = inp.read(int(n))
    except ValueError:
        raise SystemExit("fencefuzz_tilelang: bad frame header %r" % head[:40])
    if len(payload) != int(n) or inp.read(1) != b"\n":
        raise SystemExit("fencefuzz_tilelang: frame cut short")
    return tag, payload


def write_frame(out, tag, payload):
    out.write(b"%s %d\n" % (tag, len(payload)) + payload + b"\n")
    out.flush()


def private_stdout():
    """A file for the protocol; fd 1 becomes stderr, for whatever else prints."""
    sys.stdout.flush()
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return out


def serve(make_tl, inp, out):
    tl = make_tl()
    hello = "protocol 1\npass %s\nversion %s\n" % (tl.pass_path, tl.version())
    write_frame(out, b"hello", hello.encode())
    while True:
        tag, payload = read_frame(inp)
        if tag is None:
            return 0
        if tag != b"program":
            raise SystemExit("fencefuzz_tilelang: unexpected %r frame" % tag)
        try:
            text = transform(tl, payload.decode("utf-8"))
            write_frame(out, b"result", text.encode("utf-8"))
        except Rejected as e:
            write_frame(out, b"reject", str(e).encode("utf-8", "replace"))
        except UnicodeDecodeError as e:
            write_frame(out, b"reject", ("not UTF-8: %s" % e).encode())
        except Exception as e:  # the pass or the printer failed: the exception, then where
            why = "".join(traceback.format_exception_only(type(e), e)).strip()
            write_frame(out, b"error", (why + "\n" + traceback.format_exc()).encode("utf-8", "replace"))


def main(argv=None, make_tl=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--serve", action="store_true", help="speak fencefuzz's external-model protocol")
    ap.add_argument("--pass", dest="pass_path", help="the pass, as MODULE.NAME (default: %s)"
                    % ", else ".join(PASS_HOMES))
    ap.add_argument("--target", help="target bound to functions without one "
                    "(default cuda -arch=sm_90a)")
    ap.add_argument("--respell", action="store_true", help="print the program as handed to "
                    "TVM's parser (no pass) and stop")
    args = ap.parse_args(argv)
    make = make_tl or (lambda: TileLang(args.pass_path, args.target))
    if args.serve:
        return serve(make, sys.stdin.buffer, private_stdout())
    text = sys.stdin.buffer.read().decode("utf-8")
    out = private_stdout()
    tl = make()
    try:
        if args.respell:
            result = "".join(respell(src, tl.op_name, tl.tir_name) for _, src in split_functions(text))
        else:
            result = transform(tl, text)
    except Rejected as e:
        sys.stderr.write("fencefuzz_tilelang: rejected: %s\n" % e)
        return 2
    out.write(result.encode("utf-8"))
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
