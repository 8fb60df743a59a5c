"""Evolutionary search where every population member jits its own update.

Source: https://github.com/google-deepmind/dm-haiku/issues/196
What happened: the user created POPULATION_SIZE ``Updater`` instances, each with
its own jitted init/update; each jit wrapper compiled separately, so training was
dominated by compilation. The maintainer advised one jitted update function that
takes the member as an argument.
Observed on jax 0.10.2: update compiled 4 times
"""
import jax.numpy as jnp

from evolve import run_generation


def run():
    x = jnp.ones((8, 3))
    y = jnp.ones(8)
    out = run_generation([0.1, 0.05, 0.01, 0.2], x, y)
    return sum(float(o.sum()) for o in out)
