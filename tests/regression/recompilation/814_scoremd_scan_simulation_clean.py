"""ScoreMD (clean look-alike): long Langevin simulation driven by `lax.scan`.

Source: https://github.com/noegroup/ScoreMD/pull/7
(ScoreMD, "Replace Python for loop with jax.lax.scan in step_n"; the maintainer
points to the existing `lax.scan` simulation in `scoremd/simulation.py`).

The trajectory loop is a `jax.lax.scan` over `num_frames` steps (compiled once,
independent of the length), and each scanned step calls the short integrator
`step_n` whose Python loop runs only `steps_per_frame` (= 4) times -- the
deliberate small unroll the maintainers described. A linter must not flag
either loop.

Observed on jax 0.10.2: runs
"""
from functools import partial

import jax
import jax.numpy as jnp


def force_fn(x):
    return -4.0 * x * (x**2 - 1.0)


def step_single(x, v, key, dt=1e-3, gamma=1.0, kT=1.0):
    c1 = jnp.exp(-gamma * dt)
    c2 = jnp.sqrt((1 - c1**2) * kT)
    v = v + 0.5 * dt * force_fn(x)
    x = x + 0.5 * dt * v
    v = c1 * v + c2 * jax.random.normal(key, v.shape)
    x = x + 0.5 * dt * v
    v = v + 0.5 * dt * force_fn(x)
    return x, v


def step_n(x, v, key, num_steps):
    for _ in range(num_steps):
        key, subkey = jax.random.split(key)
        x, v = step_single(x, v, subkey)
    return x, v, key


@partial(jax.jit, static_argnames=("num_frames", "steps_per_frame"))
def simulate(x0, v0, key, num_frames, steps_per_frame=4):
    def frame(carry, _):
        x, v, key = step_n(*carry, num_steps=steps_per_frame)
        return (x, v, key), x

    _, trajectory = jax.lax.scan(frame, (x0, v0, key), None, length=num_frames)
    return trajectory


def run():
    traj = simulate(jnp.full((16,), -1.0), jnp.zeros((16,)), jax.random.PRNGKey(0), num_frames=500)
    return traj[-1]
