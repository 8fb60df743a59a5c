"""pcax's jitted PCA fit (`n_components` static) called with a JAX-array component count.

Source: https://github.com/alonfnt/pcax/issues/3
The pcax user compiled PCA fitting with jax.jit and got "ValueError:
Non-hashable static arguments are not supported": the library's `_fit_full`
is jitted with `static_argnames="n_components"`, and the count reaching it was
a JAX array (computed with jnp from the explained-variance ratio), not a
Python int. The library sits in its own package next to the user script.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp

import pcax


def choose_components(x, threshold=0.9):
    _, s, _ = jnp.linalg.svd(x - x.mean(0), full_matrices=False)
    ratio = jnp.cumsum(s**2) / jnp.sum(s**2)
    return jnp.argmax(ratio >= threshold) + 1


def reduce(x):
    k = choose_components(x)
    state = pcax.fit(x, k)  # expect: JAX301,JAX302,JAX303
    return pcax.transform(state, x)


def run():
    x = jax.random.normal(jax.random.key(0), (32, 6))
    return reduce(x)
