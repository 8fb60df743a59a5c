"""While testing JAX for an optical-parametric-oscillator simulation, the author wrote
`f(n)` returning `np.ones(n)` and `g(x)` returning `np.sum(f(len(x)))`, then jitted
both (`fjt = jit(f)`, `gjt = jit(g)`). `gjt` works because `len(x)` is a static
shape, but calling `fjt(5)` hands NumPy a traced integer as an array size, which
NumPy cannot turn into a concrete shape.

Source: https://github.com/tathagata-karmakar/OPO_codes/blob/6ae6d530bcc3c7daee953aab00522b62d25d24fd/jax_testing.py#L39
Observed on jax 0.10.x: raises TypeError
"""
import numpy as np
from jax import jit


def f(n):
    return np.ones(n)  # expect: JAX203,JAX204


def g(x):
    return np.sum(f(len(x)))


fjt = jit(f)
gjt = jit(g)


def run():
    fjt(5)
    return 0
