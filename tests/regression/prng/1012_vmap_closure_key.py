"""Per-particle noise in a vmapped function closes over one key.

Source: https://tessl.io/registry/tessl/pypi-jax/files/docs/random-numbers.md
What happened: the JAX random-numbers reference notes that each random function
consumes a key deterministically and keys must be split for independent draws;
a vmapped function that closes over a single key gives every lane the same noise.
run() returns how many particles after the first got the first particle's noise.
Observed on jax 0.10.2: 3 of 4 calls
"""
import jax
import jax.numpy as jnp


def jitter_particles(key, positions):
    def jitter(p):
        return p + 0.1 * jax.random.normal(key, p.shape)  # expect: JAX503

    return jax.vmap(jitter)(positions)


def run():
    out = jitter_particles(jax.random.key(0), jnp.zeros((4, 2)))
    return sum(bool(jnp.all(o == out[0])) for o in out[1:])
