"""Fitting loop passes the iteration counter into the jitted step (the fix).

Source: https://github.com/pmelchior/scarlet2/pull/24
Look-alike of scarlet2's `Scene.fit` after PR #27 ("iteration counter now
jittable"): `it = jnp.array(0)` is an argument of the `eqx.filter_jit` step and
reaches the optax transformation through `optim.update(grads, opt_state,
[model, it])`, so every iteration applies its own annealed step.

Observed on jax 0.10.2: 0 of 4 calls
"""
import jax.numpy as jnp

from module import annealed_step
from scene import Scene


def run():
    observation = jnp.zeros((3, 4))
    scene = Scene(spectrum=jnp.ones(3), morphology=jnp.ones(4))
    seen = []

    def record(step, before, after):
        # gradient of the spectrum is spectrum * |morphology|^2, so the applied
        # step is (before - after) / grad
        grad = before.spectrum[0] * jnp.sum(before.morphology ** 2)
        seen.append(float((before.spectrum[0] - after.spectrum[0]) / grad))

    scene.fit(observation, {"spectrum": annealed_step, "morphology": annealed_step}, max_iter=5, callback=record)
    first = seen[0]
    return sum(int(abs(s - first) < 1e-6) for s in seen[1:])
