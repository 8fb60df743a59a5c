"""Caching an intermediate in a module-level dict from inside `jit`.

Source: https://github.com/jax-ml/jax/issues/5206
Side effects in traced functions misbehave: a value stored from inside a jitted function into
outer state is a tracer, and using it after the trace raises `UnexpectedTracerError`.

Observed on jax 0.10.x: raises UnexpectedTracerError
"""

import jax
import jax.numpy as jnp

_activation_cache = {}


@jax.jit
def forward(w, x):
    hidden = jnp.tanh(x @ w)
    _activation_cache["hidden"] = hidden  # expect: JAX104
    return hidden.sum()


def run():
    forward(jnp.ones((3, 2)), jnp.ones((4, 3)))
    return float(_activation_cache["hidden"].sum() + 1.0)
