"""Mock tvm.target.Target: a CUDA target, from a dict config (both APIs) or
the "cuda -arch=sm_90a" string form, which head's TVM refuses ("CLI target
string form ... is no longer supported")."""
import json

import mockcfg


class Target:
    def __init__(self, spec):
        if isinstance(spec, dict):
            config = dict(spec)
        elif isinstance(spec, str) and spec.lstrip().startswith("{"):
            config = json.loads(spec)
        elif isinstance(spec, str) and " " in spec.strip():
            if mockcfg.API == "head":
                raise ValueError(f"CLI target string form {spec!r} is no longer supported")
            kind, *opts = spec.split()
            config = {"kind": kind}
            for o in opts:
                if not o.startswith("-") or "=" not in o:
                    raise ValueError(f"cannot parse target option {o!r}")
                k, v = o.lstrip("-").split("=", 1)
                config[k] = v
        elif isinstance(spec, str):
            config = {"kind": spec}
        else:
            raise ValueError(f"a target is a dict or a string, not {spec!r}")
        if config.get("kind") != "cuda":
            raise ValueError(f"the mock takes CUDA targets only, got {spec!r}")
        self.config = config

    def __eq__(self, other):
        return isinstance(other, Target) and self.config == other.config

    def __hash__(self):
        return hash(json.dumps(self.config, sort_keys=True))

    def __repr__(self):
        return f"Target({self.config!r})"
