"""Fitting loop bumps an iteration counter that the jitted step closed over.

Source: https://github.com/pmelchior/scarlet2/pull/24
PR #24 made scarlet2 step-size functions iteration dependent: `Scene.fit`
(scarlet2/scene.py) set `it = 0`, the custom optax transformation's
`update_fn` called `-s(p, it) * u`, and the Python fitting loop did `it += 1`
after each `_make_step` (an `eqx.filter_jit` function that receives the
optimizer).  The counter is read when `_make_step` is traced, so the compiled
step keeps using `it = 0`; PR #27 ("Correction: iteration counter now
jittable") passed `it` into `_make_step` and through `optim.update(grads,
opt_state, [model, it])`.

Layout: `module.py` (step-size functions), `scene.py` (the fit loop), main.py.
With an annealed step `0.5 / (it + 1)` on a quadratic loss, `run()` counts the
iterations after the first whose applied step still equals the iteration-0
step.

Observed on jax 0.10.2: 4 of 4 calls
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
