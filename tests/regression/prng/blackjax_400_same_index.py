"""Rebuilt from https://github.com/blackjax-devs/blackjax/issues/400: one element of a split key
array used for two priors ("I used keys[6] repeating it")."""
import jax


def init_positions(rng_key):
    keys = jax.random.split(rng_key, 8)
    u_sigma = jax.random.exponential(keys[6])
    v_sigma = jax.random.exponential(keys[6])  # expect: JAX501
    return u_sigma, v_sigma
