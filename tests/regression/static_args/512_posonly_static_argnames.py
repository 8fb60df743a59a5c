"""Kernel-matrix helper with a positional-only parameter listed in static_argnames.

Source: https://github.com/jax-ml/jax/pull/10619
The PR discussion (following jax-ml/jax#10601) describes how positional-only parameters
could not be made static by name: `static_argnames` only looked up positional-or-keyword
parameters, so the argument silently stayed traced. jax now rejects such names when the
wrapper is built ("These are positional-only").

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def rbf_gram(x, lengthscale, kind, /):
    d2 = jnp.sum((x[:, None, :] - x[None, :, :]) ** 2, -1)
    if kind == "rbf":
        return jnp.exp(-0.5 * d2 / lengthscale ** 2)
    return jnp.exp(-jnp.sqrt(d2 + 1e-12) / lengthscale)


def make_gram_fn():
    return jax.jit(rbf_gram, static_argnames=("kind",))  # expect: JAX304,JAX306


def run():
    gram = make_gram_fn()
    return gram(jnp.ones((5, 2)), 1.0, "rbf")
