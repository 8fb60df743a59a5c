"""A `custom_jvp` rule that branches in Python on the primal value.

Source: https://github.com/jax-ml/jax/issues/1945
Custom differentiation rules are traced like any other JAX code (this report is about caching
with JVP and JIT); a Python `if` on the primal inside the rule raises.

Observed on jax 0.10.x: raises TracerBoolConversionError
"""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_sqrt(x):
    return jnp.sqrt(x)


@safe_sqrt.defjvp
def safe_sqrt_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = safe_sqrt(x)
    if x == 0:  # expect: JAX201
        return y, jnp.zeros_like(t)
    return y, t / (2 * y)


sqrt_grad = jax.jit(jax.grad(safe_sqrt))


def run():
    return sqrt_grad(jnp.float32(4.0))
