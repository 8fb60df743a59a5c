"""Clean: repeated mass profiles evaluated with a vmap over stacked inputs.

Source: https://github.com/Herculens/herculens/pull/52
"Use vmap for repeated mass profiles": the for loop over profiles made
compile time long; with 125 components ray_shooting took ~40 s to compile,
~1 s after replacing the loop with a vmap over stacked inputs.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp

from lens_model import MassModel

N_SUBHALOS = 60


def run():
    model = MassModel()
    k = jnp.arange(N_SUBHALOS, dtype=jnp.float32)
    kwargs = {"theta_e": 0.01 + 0.001 * k,
              "center_x": jnp.cos(k), "center_y": jnp.sin(k)}
    x, y = jnp.meshgrid(jnp.linspace(-2, 2, 16), jnp.linspace(-2, 2, 16))
    beta_x, beta_y = jax.jit(model.ray_shooting)(x, y, kwargs)
    return beta_x.sum()
