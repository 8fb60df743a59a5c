"""A Stack Overflow question (mirrored on CoderApp) asks why `jit(c.calc)` works
on a method while the `@jit` decorator fails. `calc` branches on `self.mul` and
multiplies by `self.x`; after `jitted_calc = jit(c.calc)` the bound `self` is
closed over, its attributes are read once at trace time, and setting
`c.mul = False` or `c.x = 5` later has no effect: the jitted function keeps
returning 6.

Source: https://coderapp.vercel.app/answer/78918890
Observed on jax 0.10.x: 2 of 2 calls
"""
import jax.numpy as jnp
from jax import jit


class CustomClass:
    def __init__(self, x: jnp.ndarray, mul: bool):
        self.x = x
        self.mul = mul

    # No decorator here !
    def calc(self, y):
        if self.mul:  # expect: JAX108
            return self.x * y
        return y


def run():
    c = CustomClass(2, True)
    jitted_calc = jit(c.calc)
    jitted_calc(3)  # 6
    stale = 0
    c.mul = False
    stale += int(jitted_calc(3)) != c.calc(3)   # still 6, eager gives 3
    c.mul, c.x = True, 5
    stale += int(jitted_calc(3)) != int(c.calc(3))  # still 6, eager gives 15
    return stale


if __name__ == "__main__":
    print(run())
