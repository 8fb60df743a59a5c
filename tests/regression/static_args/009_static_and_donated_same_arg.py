"""The same argument both static and donated.

Source: https://github.com/jax-ml/jax/pull/7328
Static arguments are hashed, not passed as buffers; listing a parameter in both
`static_argnums` and `donate_argnums` is rejected by jit.

Observed on jax 0.10.x: raises ValueError
"""

import jax
import jax.numpy as jnp


def update(params, num_steps):
    for _ in range(3):
        params = params * 0.9
    return params


update_jit = jax.jit(update, static_argnums=(1,), donate_argnums=(0, 1))  # expect: JAX305


def run():
    return update_jit(jnp.ones(3), 3)
