"""Equinox FAQ entry written from a user report: a model built from
``eqx.nn.Lambda(jax.nn.relu)`` (same for ``eqx.nn.MLP``, which stores its
activation) is a pytree whose leaves include a plain Python function. Handing the
whole model to ``jax.jit(loss_fn)`` makes jit try to trace every leaf as an
array, and it fails on the function leaf ("not a valid JAX type" / "Error
interpreting argument ... as an abstract array"). ``eqx.filter_jit`` (or marking
the non-array part static) is the fix.

Source: https://github.com/patrick-kidger/equinox/pull/239
Observed on jax 0.10.x: raises TypeError
"""
import jax
import jax.numpy as jnp

from model import loss_fn, make_model


def run():
    model = make_model(jax.random.PRNGKey(0))
    x = jnp.zeros((16, 2))
    y = jnp.zeros((16, 1))
    return jax.jit(loss_fn)(model, x, y)  # expect: JAX306
