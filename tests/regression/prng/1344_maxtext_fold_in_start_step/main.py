"""MaxText "Simplified RNG handling" (#276) stopped threading an rng out of `train_step` and
instead derived the per-step key in `train_loop` with `jax.random.fold_in`. The version under
review folded in `start_step`, which does not change inside `for step in np.arange(start_step,
config.steps)`, so every step received the same key and the same dropout mask; the code that
landed later folds in `step`.

Source: https://github.com/AI-Hypercomputer/maxtext/pull/322
Observed on jax 0.10.x: 3 of 3 calls
"""
import jax
import jax.numpy as jnp
import numpy as np

from train_step import train_step


def train_loop(steps=4, start_step=0):
    init_rng = jax.random.PRNGKey(0)
    state = {"params": {"w": jnp.ones((8, 2))}, "step": jnp.asarray(start_step)}
    example_batch = jnp.ones((4, 8))
    masks = []
    for step in np.arange(start_step, steps):
        nextrng = jax.random.fold_in(init_rng, start_step)  # expect: JAX502,JAX503
        state, metrics = train_step(state, example_batch, nextrng)
        masks.append(np.asarray(metrics["keep"]))
    return masks


def run():
    masks = train_loop()
    return sum(int(np.array_equal(masks[i], masks[i + 1])) for i in range(3))
