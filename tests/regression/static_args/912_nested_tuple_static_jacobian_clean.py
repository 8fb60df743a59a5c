"""Clean look-alike: a matrix is passed as a static argument after being
converted to a tuple of tuples, then rebuilt inside the jitted function.

Source: https://github.com/jax-ml/jax/issues/4937
"Accelerating jacobian with static_argnums": ``static_tuple = tuple([tuple(si)
for si in static_arg])`` passed to ``jit(static_jac, static_argnums=(0,))``,
converted back with ``jnp.array(a_tuple)`` inside.

Observed on jax 0.10.2: static_jac compiled 1 times
"""
import jax.numpy as jnp
from jax import jacobian, jit


def func(a, b):
    return jnp.einsum("ij->i", a) * b


jitted_jac = jit(jacobian(jit(func)))


def static_jac(a_tuple, b):
    a_arr = jnp.array(a_tuple)
    return jitted_jac(a_arr, b)


static_jac_jitted = jit(static_jac, static_argnums=(0,))


def run():
    static_arg = jnp.ones((1, 10))
    static_tuple = tuple([tuple(float(v) for v in si) for si in static_arg])
    for b in (1.0, 2.0, 3.0):
        out = static_jac_jitted(static_tuple, jnp.float32(b))
    return out
