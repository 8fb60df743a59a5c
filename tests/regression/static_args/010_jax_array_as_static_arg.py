"""A jax array passed at a static position.

Source: https://github.com/jax-ml/jax/issues/25186
"How do you set a jnp array as static?": jax arrays are not hashable, so passing one where
`static_argnums` points raises.

Observed on jax 0.10.x: raises ValueError
"""

from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnums=(1,))
def forward_euler(y0, t_grid):
    y = y0
    for i in range(len(t_grid) - 1):
        y = y + (t_grid[i + 1] - t_grid[i]) * (-y)
    return y


def integrate():
    t_grid = jnp.linspace(0.0, 1.0, 5)
    return forward_euler(jnp.ones(2), t_grid)  # expect: JAX302


def run():
    return integrate()
