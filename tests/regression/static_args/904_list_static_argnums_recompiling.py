"""Per-layer sizes passed as a list at a ``static_argnums`` position.

Source: https://github.com/jax-ml/jax/issues/2813
"Remove object identity equality semantics from static_argnums": ``f =
jax.jit(g, static_argnums=(1,))``; ``f(1, [2, 3])`` printed "recompiling" on
every call because lists were hashed by identity; hawkinsp proposed refusing
unhashable static values, which is today's behaviour.

Observed on jax 0.10.2: raises ValueError
"""
import jax
import jax.numpy as jnp


def g(x, y):
    out = x
    for width in y:
        out = jnp.tanh(out * width)
    return out + y[0]


f = jax.jit(g, static_argnums=(1,))


def main():
    return f(jnp.ones(3), [2, 3])  # expect: JAX302


def run():
    return main()
