"""PRNG key seeded from time.time() inside a jitted step: frozen at compile time.

Source: https://github.com/jax-ml/jax/issues/1141
"Consider tracing twice to detect Python side effects": the motivating example
is `rng = random.PRNGKey(int(time.time()))` inside jitted code, which "will
freeze the RNG key at compile time and produce the same random numbers at
every step". Here a jitted data-augmentation step seeds its jitter that way.

Observed on jax 0.10.2: 3 of 3 calls
"""
import time

import jax
import jax.numpy as jnp


@jax.jit
def augment(images):
    rng = jax.random.PRNGKey(int(time.time()))  # expect: JAX106
    jitter = 0.05 * jax.random.normal(rng, images.shape)
    return images + jitter


def run():
    images = jnp.zeros((2, 4, 4))
    outs = []
    for _ in range(4):
        outs.append(augment(images))
        time.sleep(1.1)
    return sum(int(jnp.array_equal(outs[0], o)) for o in outs[1:])
