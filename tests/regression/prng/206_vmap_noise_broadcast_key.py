"""One key broadcast to every vmap lane: each example gets identical noise.

Source: https://www.creativeworksofknowledge.com/cwk-quests/jax-quest/random/5/
The JAX-quest lesson on randomness under vmap shows the common trap of
`jax.vmap(add_noise, in_axes=(0, None))(x_batch, key)`: the key is not
batched, so all 32 examples receive the same noise pattern and training
breaks. Here a jitted augmentation step of a denoising trainer does this.

Observed on jax 0.10.2: 7 of 7 calls
"""
import jax
import jax.numpy as jnp

NOISE_STD = 0.1


def add_noise(x, key):
    return x + jax.random.normal(key, x.shape) * NOISE_STD


@jax.jit
def corrupt_batch(x_batch, key):
    return jax.vmap(add_noise, in_axes=(0, None))(x_batch, key)  # expect: JAX503


def run():
    x_batch = jnp.zeros((8, 10))
    noisy = corrupt_batch(x_batch, jax.random.PRNGKey(0))
    return sum(int(jnp.array_equal(noisy[0], noisy[i])) for i in range(1, 8))
