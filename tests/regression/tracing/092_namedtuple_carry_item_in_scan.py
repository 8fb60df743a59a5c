"""`.item()` on a field of a NamedTuple carry inside a `lax.scan` step.

Source: https://github.com/jax-ml/jax/issues/1708
The carry of a scan is traced; pulling a Python number out of it with `.item()` fails.

Observed on jax 0.10.x: raises ConcretizationTypeError
"""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Carry(NamedTuple):
    t: jax.Array
    total: jax.Array


def accumulate(carry, x):
    decay = 0.9 ** carry.t.item()  # expect: JAX202
    return Carry(carry.t + 1, carry.total + decay * x), carry.total


def discounted_sum(xs):
    return jax.lax.scan(accumulate, Carry(jnp.array(0), jnp.array(0.0)), xs)


def run():
    discounted_sum(jnp.ones(3))
