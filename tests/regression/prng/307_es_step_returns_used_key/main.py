"""Evolution-strategy step returns the key it consumed; the driver feeds it back in.

Source: https://github.com/kazewong/flowMC/pull/148
"Small bug fix in keys for stepping optimizer": the PR makes the keys be updated
consistently at each step of the evolutionary optimizer.  Here the optimizer's step
returns the same key it used for its perturbations, and the driver loop threads that
key into the next step, so every generation samples the same perturbations.

Observed on jax 0.10.2: 4 of 4 calls
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
