class Target:
    def __init__(self, spec):
        self.spec = spec

    def __str__(self):
        return repr(self.spec)
