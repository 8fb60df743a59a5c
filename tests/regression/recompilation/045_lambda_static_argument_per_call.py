"""A lambda passed as a static function argument, written inline at each call.

Source: https://github.com/jax-ml/jax/issues/5609
Functions passed to jitted functions must be static; they hash by identity, so an inline lambda
is a new static value (and a new compilation) at every call.

Observed on jax 0.10.x: apply_map compiled 3 times
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=1)
def apply_map(x, fn):
    return fn(x).sum()


def evaluate(xs):
    return [apply_map(x, lambda v: v ** 2 + 1.0) for x in xs]  # expect: JAX405


def run():
    evaluate([jnp.ones(3)] * 3)
