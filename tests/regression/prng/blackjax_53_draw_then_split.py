"""Rebuilt from https://github.com/blackjax-devs/blackjax/issues/53: a key drawn from and then
split; the split's first key repeats the draw ("it generates the same numbers")."""
import jax


def f(rng_key):
    u = jax.random.normal(rng_key)
    rng_key, _ = jax.random.split(rng_key, 2)  # expect: JAX501
    v = jax.random.normal(rng_key)
    return u, v
