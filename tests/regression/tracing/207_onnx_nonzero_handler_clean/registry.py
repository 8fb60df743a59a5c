OPS = {}


def register(op_type):
    def wrap(fn):
        OPS[op_type] = fn
        return fn
    return wrap
