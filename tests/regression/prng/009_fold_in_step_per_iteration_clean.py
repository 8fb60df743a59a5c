"""A fixed base key folded with the step number for each iteration's noise.

Source: https://docs.jax.dev/en/latest/random-numbers.html
`fold_in(key, step)` derives a distinct key per step from one base key: no reuse.

Observed on jax 0.10.x: distinct in 3 of 3 calls
"""

import jax
import jax.numpy as jnp


def noisy_updates(w, steps, seed=0):
    base = jax.random.key(seed)
    draws = []
    for step in range(steps):
        step_key = jax.random.fold_in(base, step)
        draws.append(jax.random.normal(step_key, w.shape))
    return draws


def run():
    return len({tuple(d.tolist()) for d in noisy_updates(jnp.zeros(2), 3)})
