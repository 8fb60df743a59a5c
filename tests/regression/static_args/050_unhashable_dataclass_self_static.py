"""A method jitted with `self` static, on a regular (non-frozen) dataclass.

Source: https://github.com/jax-ml/jax/issues/13992
`@dataclass` with `eq=True` (the default) and no `frozen` sets `__hash__ = None`, so `self`
cannot be a static argument; the call fails when jit hashes it.

Observed on jax 0.10.x: raises ValueError
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Policy:
    temperature: float

    @functools.partial(jax.jit, static_argnums=0)
    def probabilities(self, logits):
        return jax.nn.softmax(logits / self.temperature)


def run():
    policy = Policy(temperature=0.5)
    policy.probabilities(jnp.ones(3))  # expect: JAX302
