"""A jitted helper rebinds a `nonlocal` that another jitted helper reads.

Source: https://github.com/jax-ml/jax/issues/27315
The report nests `@jax.jit def h(): nonlocal a; a = jnp.uint32(0); g(); a = None`
inside a jitted `f`, where `g` returns `a`. With the leak checker enabled this
errors; without it, the value flows between traces only through Python state,
which is invisible to the compiled program.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    a = None

    @jax.jit
    def g():
        return a

    @jax.jit
    def h(y):
        nonlocal a
        a = y * jnp.uint32(2)  # expect: JAX103,JAX104
        out = g()
        a = None  # expect: JAX103,JAX104
        return out

    return h(x)


def run():
    return f(jnp.uint32(3))
