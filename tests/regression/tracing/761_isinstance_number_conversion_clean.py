"""Converting a hyper-parameter to `float` only when it is a Python number.

Source: https://docs.jax.dev/en/latest/errors.html#jax.errors.ConcretizationTypeError
The documentation explains that `float()` of a tracer raises. Code that accepts either a
Python number or an array guards the conversion with `isinstance(eps, (int, float))`: under
`jit` the argument is a tracer and the branch never runs.

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


@jax.jit
def normalize(x, eps):
    if isinstance(eps, (int, float)):
        eps = float(eps)
    return x / (jnp.linalg.norm(x) + eps)


def run():
    normalize(jnp.ones(3), 1e-6)
    normalize(jnp.ones(3), 1e-5)
