"""Clean look-alike: ``self.f = jax.jit(self.f)`` assigned in the constructor,
the pattern recommended in the thread for jitting a method once.

Source: https://github.com/jax-ml/jax/issues/9672
tomhennigan: "a common pattern to avoid this is to apply jit ... in the
constructor of your object" -- the attribute assignment happens outside any
trace; the jitted body itself is pure.

Observed on jax 0.10.2: f compiled 1 times
"""
import jax


class X:
    def __init__(self):
        self.f = jax.jit(self.f)

    def f(self, a, b, c):
        return a + b + c


def run():
    x = X()
    for i in range(3):
        out = x.f(1.0, 2.0, float(i))
    return out
