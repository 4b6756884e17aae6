import tvm


def BindTarget(target):
    def bind(mod):
        for f in mod.funcs.values():
            if f.attrs is None:
                tvm.log("bind", target)
                f.bind(target)
        return mod
    return bind
