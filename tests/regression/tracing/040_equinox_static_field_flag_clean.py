"""Branching on an equinox module's static field inside `filter_jit`.

Source: https://github.com/GalacticDynamics/galax/pull/692
The potential's fix moved checks on array fields to `eqx.error_if`; a Python `if` on a
`eqx.field(static=True)` flag stays fine because that field is not traced.

Observed on jax 0.10.x: runs
"""

import equinox as eqx
import jax
import jax.numpy as jnp


class Dropoutless(eqx.Module):
    weight: jax.Array
    use_bias: bool = eqx.field(static=True)

    def __call__(self, x):
        y = self.weight @ x
        if self.use_bias:
            y = y + 1.0
        return y


@eqx.filter_jit
def apply(model, x):
    return model(x)


def run():
    apply(Dropoutless(jnp.eye(2), True), jnp.ones(2))
