"""Same jitted function fed a strongly typed and a weakly typed scalar.

Source: https://github.com/patrick-kidger/equinox/issues/817
`f_jit(y_strong)` then `f_jit(y_weak)` with `y_strong = jnp.ones(())` and
`y_weak = jnp.array(1.0)`: equal shapes and dtypes, but the weak-type bit
differs, so the function is traced and compiled a second time (and
`assert_max_traces` could not say which argument caused it).

Observed on jax 0.10.2: f compiled 2 times
"""
import jax
import jax.numpy as jnp


def f(y):
    return y + jnp.ones(())


f_jit = jax.jit(f)


def run():
    y_strong = jnp.ones(())
    y_weak = jnp.array(1.0)
    f_jit(y_strong)
    return f_jit(y_weak)  # expect: JAX406
