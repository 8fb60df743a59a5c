"""A shape-dependent initializer computes its loop count with Python math (the fix).

Source: https://github.com/google/flax/issues/1077
Look-alike of the reporter's `hadamard` initializer with the number of
doublings computed from the static shape in Python (`int(math.log2(shape[0]))`
and `range`), so the abstract re-evaluation of the initializer during `apply`
never needs a concrete value.

Observed on jax 0.10.2: runs
"""
import jax

from .module import HadamardTransform


def run():
    key = jax.random.PRNGKey(42)
    X = jax.random.normal(key, (1, 64))
    model = HadamardTransform(64)
    params = model.init(key, X)
    return model.apply(params, X)
