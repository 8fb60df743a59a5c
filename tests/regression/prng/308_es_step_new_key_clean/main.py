"""Clean look-alike: the step splits first and returns the unconsumed carry key.

Source: https://github.com/kazewong/flowMC/pull/148
The fixed pattern: the key handed back to the driver is a fresh one, not the key that
drew the perturbations.

Observed on jax 0.10.2: 1 of 4 calls
"""
import jax
import jax.numpy as jnp

from optimizer import ESState, EvolutionaryOptimizer


def sphere(x):
    return jnp.sum(x ** 2)


def optimize(key, n_steps=4):
    opt = EvolutionaryOptimizer(sphere)
    state = ESState(jnp.ones(3), 0.3)
    step = jax.jit(opt.step)
    history = []
    for _ in range(n_steps):
        state, eps, key = step(key, state)
        history.append(eps)
    return history


def run():
    history = optimize(jax.random.key(0))
    return sum(bool(jnp.array_equal(h, history[0])) for h in history)
