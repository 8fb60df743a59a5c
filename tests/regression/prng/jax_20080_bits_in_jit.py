"""Rebuilt from https://github.com/jax-ml/jax/pull/20080: two `bits` draws from one key inside a
jitted function."""
import jax


def f(seed):
    key = jax.random.key(seed)
    vals1 = jax.random.bits(key)
    vals2 = jax.random.bits(key)  # expect: JAX501
    return vals1 + vals2


result = jax.jit(f)(0)
