from ..._stub import make_pass

InjectFenceProxy = make_pass("tilelang.cuda.transform")
