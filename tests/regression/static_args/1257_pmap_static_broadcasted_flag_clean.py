"""The same data-parallel wrapper with the flag declared static on pmap
itself (static_broadcasted_argnums, the API added for this report).

Source: https://github.com/jax-ml/jax/issues/1671
The issue led to ``static_broadcasted_argnums`` for pmap
(https://github.com/jax-ml/jax/pull/1786: "static_broadcasted_argnums with the
same behavior as jit's static_argnums").  The bool flag is hashable and
static, so the Python ``if`` is resolved at trace time.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


def weighted_residual(a, b, use_b):
    if use_b:
        return a * b
    return a ** 2


p_residual = jax.pmap(weighted_residual, static_broadcasted_argnums=(2,))


def per_device(a, b=None):
    use_b = b is not None
    b = jnp.ones_like(a) if b is None else b
    return p_residual(a, b, use_b)


def run():
    n = len(jax.devices())
    a = jnp.ones((n, 2)) * 2
    b = jnp.arange(2.0 * n).reshape(n, 2)
    per_device(a)
    return per_device(a, b)
