"""Boolean-mask selection `thing[thing > 0]` inside a jitted loss.

Source: https://github.com/jax-ml/jax/issues/2765
"Alternative to array-based boolean indexing for jax.jit": code being made
differentiable and jittable used `thing = thing[thing > 0]`, which fails
under jit because the result shape depends on the data. Here a hinge-style
penalty keeps only the positive violations before averaging.

Observed on jax 0.10.2: raises NonConcreteBooleanIndexError
"""
import jax
import jax.numpy as jnp


def positive_violations(margins):
    return margins[margins > 0]  # expect: JAX205


@jax.jit
def hinge_penalty(params, x, y):
    margins = 1.0 - y * (x @ params)
    return positive_violations(margins).mean()


def run():
    x = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    y = jnp.array([1.0, -1.0, 1.0])
    return hinge_penalty(jnp.array([0.3, 0.2]), x, y)
