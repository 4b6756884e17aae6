"""Mock tvm.target: Target("cuda -arch=sm_90a") accepted for CUDA targets."""


class Target:
    def __init__(self, spec):
        if not isinstance(spec, str) or not spec.startswith("cuda"):
            raise ValueError("the mock takes CUDA target strings only, got %r" % (spec,))
        self.spec = spec
