"""Rebuilt from https://github.com/jax-ml/jax/issues/20704: a jitted function draws from a
closed-over key; every call returns the same bits (JAX's checker misses it)."""
import jax

key = jax.random.key(0)


@jax.jit
def f():
    return jax.random.bits(key)


first = f()
second = f()  # expect: JAX501
