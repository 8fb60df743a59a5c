"""A precomputed array stored in a static Equinox field.

Source: https://github.com/marin-community/haliax/pull/34
Haliax added `diagnose_common_issues` because users kept putting arrays in
static fields: static data must be hashable and arrays are not. The module
works for the first model; once a second model instance (new array in the
static field) reaches the same jitted function, the cache lookup has to
compare the two arrays and fails.

Observed on jax 0.10.2: raises ValueError
"""
import equinox as eqx
import jax
import jax.numpy as jnp

from layers import PositionalEmbedding


@eqx.filter_jit
def embed_loss(model, x):
    return jnp.mean(model(x) ** 2)


def run():
    x = jnp.ones((6, 8))
    losses = []
    for seed, max_len in [(0, 16), (1, 32)]:
        model = PositionalEmbedding(jax.random.PRNGKey(seed), max_len, 8)
        losses.append(embed_loss(model, x))
    return losses
