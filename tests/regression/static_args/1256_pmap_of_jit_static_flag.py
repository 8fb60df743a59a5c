"""A jitted function with a static flag is wrapped in pmap; pmap broadcasts
the flag as a traced value, which then lands on jit's static position.

Source: https://github.com/jax-ml/jax/issues/1671
The report defines ``func(a, b, use_b)`` with ``jit_func =
jax.jit(func, static_argnums=2)`` and a ``p_wrapper`` that calls
``jax.pmap(jit_func)`` with ``use_b`` broadcast to all devices; "it is
currently impossible to set" the flag static through pmap.  Here the
per-device loss helper is jitted with the flag static, and the data-parallel
wrapper pmaps it with ``in_axes=(0, 0, None)`` so the Python bool is turned
into a tracer before it reaches the static slot.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def weighted_residual(a, b, use_b):
    if use_b:
        return a * b
    return a ** 2


jit_residual = jax.jit(weighted_residual, static_argnums=2)
p_residual = jax.pmap(jit_residual, in_axes=(0, 0, None))


def per_device(a, b=None):
    n_dev = a.shape[0]
    use_b = b is not None
    b = jnp.ones_like(a) if b is None else b
    return p_residual(a, b, use_b)  # expect: JAX306,JAX302


def run():
    n = len(jax.devices())
    a = jnp.ones((n, 2)) * 2
    b = jnp.arange(2.0 * n).reshape(n, 2)
    return per_device(a, b)
