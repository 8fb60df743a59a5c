"""Random draws use a key threaded through the jitted function (clean look-alike).

Source: https://github.com/jax-ml/jax/pull/18631
The pseudorandom-numbers tutorial ("Explicit random state") explains that
JAX avoids implicit global random state and tracks it with an explicit key
that is split and passed along. Here the key is an argument and the new
key is returned, so every compiled call draws fresh noise.

Observed on jax 0.10.2: runs
"""
import jax
import jax.numpy as jnp


@jax.jit
def noisy_step(key, x):
    key, sub = jax.random.split(key)
    return key, x + 0.1 * jax.random.normal(sub, x.shape)


def run():
    key = jax.random.key(42)
    x = jnp.zeros(3)
    for _ in range(3):
        key, x = noisy_step(key, x)
    return x
