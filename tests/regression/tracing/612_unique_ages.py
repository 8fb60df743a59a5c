"""A projection model enumerates distinct ages with `jnp.unique` inside its jitted predict.

Source: https://github.com/jax-ml/jax/issues/10231
`ages_pred = jnp.unique(age_idx)` in a model file raised
NonConcreteBooleanIndexError at the time (now ConcretizationTypeError):
the number of unique values is data-dependent, so no static shape exists
without `size=`.

Observed on jax 0.10.2: raises ConcretizationTypeError
"""
import jax
import jax.numpy as jnp


@jax.jit
def predict_by_age(age_idx, effects):
    ages_pred = jnp.unique(age_idx)  # expect: JAX204,JAX205
    return effects[ages_pred]


def run():
    return predict_by_age(jnp.array([24, 25, 26, 6, 14, 10, 24]), jnp.arange(40.0))
