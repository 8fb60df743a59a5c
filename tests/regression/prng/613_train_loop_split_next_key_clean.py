"""Training loop that splits the carried key into (next key, subkey) each iteration (clean).

Source: https://openillumi.com/en/en-jax-rngkey-iteration-best-practice
Asked whether to discard half of a split or to `fold_in` the loop index, the
article recommends splitting the key into one for the next iteration and a
subkey for the current computation. The noise-injection loop below does that,
so no two steps share noise.

Observed on jax 0.10.2: 0 of 4 calls
"""
import jax
import jax.numpy as jnp


@jax.jit
def noisy_step(params, subkey):
    noise = jax.random.normal(subkey, params.shape) * 0.01
    return params * 0.99 + noise, noise


def train(params, rng, num_steps=5):
    noises = []
    for _ in range(num_steps):
        rng, step_rng = jax.random.split(rng)
        params, noise = noisy_step(params, step_rng)
        noises.append(noise)
    return params, noises


def run():
    _, noises = train(jnp.ones(3), jax.random.key(0))
    return sum(bool(jnp.all(n == noises[0])) for n in noises[1:])
