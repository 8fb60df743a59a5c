"""In a personal JAX study notebook on the "sharp bits" of dynamic shapes, the
user writes `nansum` by dropping NaNs with a boolean mask, `x[mask]`, then
summing. It works eagerly, but the number of kept elements depends on the
data, so under jax.jit the masked index has no static shape and tracing fails
with NonConcreteBooleanIndexError (the notebook's fix is jnp.where).

Source: https://github.com/Tershire/JAX_Study/blob/a6538eb43cd7ab7a010f644328fe82c495fd352f/S01/S01P09_sharp_bits_dynamic_shapes.ipynb
Observed on jax 0.10.x: raises NonConcreteBooleanIndexError
"""
import jax.numpy as jnp
from jax import jit


def nansum(x):
    mask = ~jnp.isnan(x)
    x_without_nans = x[mask]  # expect: JAX205
    return x_without_nans.sum()


def run():
    x = jnp.array([1, jnp.nan, 3, 4, jnp.nan])
    nansum(x)  # eager: fine
    return jit(nansum)(x)


if __name__ == "__main__":
    run()
