"""`static_argnums=-1` together with `donate_argnums=1` on a two-parameter function.

Source: https://github.com/jax-ml/jax/pull/7328
Static and donated sets are interpreted by jit itself; on jax 0.10 this combination is
accepted (the negative static index is not matched against the donated position).

Observed on jax 0.10.x: runs
"""

import jax
import jax.numpy as jnp


def scale(x, factor):
    return x * factor


scale_jit = jax.jit(scale, static_argnums=-1, donate_argnums=1)


def run():
    scale_jit(jnp.ones(3), 2)
