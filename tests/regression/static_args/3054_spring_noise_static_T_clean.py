"""Exploration noise for a pendulum agent: `dampedSpringNoise(T, noise_params, key)` is
jitted with `static_argnums=(0,)` because the episode length `T` is the `lax.scan`
length. The episode generators always pass the same `episode_len`, and the noise
parameters are a tuple of floats traced as a pytree, so the function compiles once and
is reused for every episode even though a fresh key is passed each time.

Source: https://github.com/bcolloran/deep_rl_experiments/blob/775d185e601c5c1a6700f31ed3e5efddccb1c94b/jax/noise_procs.py#L69
Observed on jax 0.10.x: dampedSpringNoise compiled 1 times
"""
from functools import partial

from jax import jit, lax, random


def dampedSpringNoiseStep(state, _=None):
    x, v, sigma, theta, phi, key = state
    key, subkey = random.split(key)
    v += -theta * x - phi * v + sigma * random.normal(subkey)
    x += v
    return (x, v, sigma, theta, phi, key), x


@partial(jit, static_argnums=(0,))
def dampedSpringNoise(T, noise_params=(0.5, 0.05, 0.01), key=random.PRNGKey(0)):
    sigma, theta, phi = noise_params
    state = (0.0, 0.0, sigma, theta, phi, key)
    _, noise = lax.scan(dampedSpringNoiseStep, state, None, length=T)
    return noise


def make_random_episode(episode_len, key):
    return dampedSpringNoise(episode_len, (0.5, 0.05, 0.01), key)


def run():
    key = random.PRNGKey(42)
    episode_len = 200
    for _ in range(5):
        key, subkey = random.split(key)
        A = make_random_episode(episode_len, subkey)
    return A


if __name__ == "__main__":
    run()
