"""Single-argument jnp.where applied row-wise via jnp.apply_along_axis.

Source: https://github.com/jax-ml/jax/issues/7542
"`jnp.apply_along_axis` errors, but numpy works": `np.apply_along_axis(np.where,
1, x)` returned the active column indices per row, but the jnp version raised
ConcretizationTypeError in jnp.nonzero, because apply_along_axis vmaps the
row function and the one-argument where has a data-dependent size. Here a
helper extracts active feature columns for a sparse-feature preprocessor.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax.numpy as jnp


def active_columns(row):
    return jnp.where(row)[0]  # expect: JAX204


def active_feature_table(mask):
    return jnp.apply_along_axis(active_columns, 1, mask)


def run():
    mask = jnp.array([[0, 0, 1, 1], [1, 1, 0, 0], [0, 1, 1, 0]])
    return active_feature_table(mask)
