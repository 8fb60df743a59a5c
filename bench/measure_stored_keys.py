"""A key held by an object and consumed by its methods, with nothing advancing it between calls.

    python bench/measure_stored_keys.py

Each call of such a method consumes the very same key, so its draws repeat. jax 0.10.2 prints:

    split of the stored key in `apply`, two calls equal: True
    jitted step given `self.key`, new key dropped, two calls draw alike: True
    jitted step given `self.key`, new key kept, two calls draw alike: False
    `fold_in(key, start)` with `start` fixed in a loop, 3 steps alike: True
    `fold_in(key, step)` per step, 3 steps alike: False
"""
from functools import partial

import jax
import jax.numpy as jnp


class Noisy:  # dopamine's NoisyNetwork (case 1333)
    def __init__(self, key):
        self.rng_key = key

    def apply(self, x):
        k1, k2 = jax.random.split(self.rng_key)
        return x + jax.random.normal(k1, x.shape) * jax.random.normal(k2, ())


@partial(jax.jit, static_argnames="steps")
def _train(params, key, steps=2):  # sbx's SAC `_train` (case 1334)
    def one(i, carry):
        params, key, total = carry
        key, noise_key = jax.random.split(key)
        noise = jax.random.normal(noise_key, params.shape)
        return params - 1e-3 * noise, key, total + noise.sum()

    return jax.lax.fori_loop(0, steps, one, (params, key, jnp.zeros(())))


class Agent:
    def __init__(self, seed, keep):
        self.key, self.params, self.keep = jax.random.PRNGKey(seed), jnp.zeros(3), keep

    def train(self):
        self.params, key, noise = _train(self.params, self.key)
        if self.keep:
            self.key = key
        return noise


def fold_in_steps(step_of):
    base = jax.random.PRNGKey(0)
    return [jax.random.normal(jax.random.fold_in(base, step_of(step)), (3,)) for step in range(3)]


noisy, x = Noisy(jax.random.PRNGKey(1)), jnp.zeros(4)
print("split of the stored key in `apply`, two calls equal:", bool(jnp.array_equal(noisy.apply(x), noisy.apply(x))))
for keep in (False, True):
    agent = Agent(0, keep)
    first, second = agent.train(), agent.train()
    print(f"jitted step given `self.key`, new key {'kept' if keep else 'dropped'}, two calls draw alike:", bool(first == second))
start = 5
fixed = fold_in_steps(lambda step: start)
print("`fold_in(key, start)` with `start` fixed in a loop, 3 steps alike:", all(bool(jnp.array_equal(fixed[0], f)) for f in fixed))
moving = fold_in_steps(lambda step: step)
print("`fold_in(key, step)` per step, 3 steps alike:", all(bool(jnp.array_equal(moving[0], f)) for f in moving))
