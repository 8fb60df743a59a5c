"""Attention mask stored as a static equinox field.

Source: https://github.com/patrick-kidger/equinox/pull/800
What happened: users marked a JAX array field as ``eqx.field(static=True)``; the
array then lives in the pytree metadata, which JAX must hash and compare.  The
PR added a warning because this silently breaks the jit cache: the second call
with an equal-but-new module compares array metadata and fails.
Observed on jax 0.10.2: raises ValueError
"""
import equinox as eqx
import jax
import jax.numpy as jnp


class MaskedLinear(eqx.Module):
    weight: jax.Array
    mask: jax.Array = eqx.field(static=True)  # expect: JAX301

    def __init__(self, key, n):
        self.weight = jax.random.normal(key, (n, n))
        self.mask = jnp.tril(jnp.ones((n, n)))

    def __call__(self, x):
        return (self.weight * self.mask) @ x


@eqx.filter_jit
def loss_fn(model, x):
    return jnp.sum(model(x) ** 2)


def run():
    x = jnp.ones(4)
    total = 0.0
    for seed in range(2):
        model = MaskedLinear(jax.random.PRNGKey(seed), 4)
        total += loss_fn(model, x)
    return total
