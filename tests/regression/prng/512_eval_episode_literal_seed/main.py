"""An evaluation script rebuilds ``PRNGKey(seed)`` for every episode before sampling actions.

Source: https://github.com/ManifoldRG/MultiNet/pull/895
Report: "corrected bug where jax random key was not being used properly in the overcooked pi0
script"; the follow-up https://github.com/ManifoldRG/MultiNet/issues/907 asks to fix the same
"JAX seeding bug" in the Pi0 profiling scripts and re-profile "to get fair + correct results".
(The report gives no code; this case reconstructs the usual form of such a seeding bug: the
key is rebuilt from the literal seed inside the per-episode loop, so every episode samples the
same action noise.) run() evaluates three episodes with identical observations and counts
episodes whose actions equal the first episode's.

Observed on jax 0.10.2: 3 of 3 calls
"""
import jax.numpy as jnp
import numpy as np

from evaluate import profile_episodes


def run():
    observations = [jnp.zeros((2, 6)) for _ in range(3)]
    actions = profile_episodes(observations)
    return sum(1 for a in actions if np.array_equal(a, actions[0]))
