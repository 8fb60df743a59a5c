"""A ``print`` inside a ``lax.scan`` step function runs once, not once per step.

Source: https://taourl.com/read-2425218.html
Report: the Q&A "Difference in variable values in jax non-jit runtime and jit transformed
runtime" shows that under JAX transformations side effects such as ``print`` run only while
the function is traced, so the output appears once and is then skipped. Here a particle
simulator reports progress from its ``lax.scan`` body; the body is traced a single time, so
only one progress line is printed for a five-step rollout.
run() counts the printed progress lines.

Observed on jax 0.10.2: 1 of 5 calls
"""
import contextlib
import io

import jax
import jax.numpy as jnp
from jax import lax

DT = 0.01


def leapfrog_step(state, t):
    pos, vel = state
    print("simulating step", t)  # expect: JAX101
    vel = vel - DT * pos
    pos = pos + DT * vel
    return (pos, vel), pos


def rollout(pos, vel, n_steps):
    (pos, vel), traj = lax.scan(leapfrog_step, (pos, vel), jnp.arange(n_steps))
    return traj


def run():
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        rollout(jnp.ones(3), jnp.zeros(3), 5)
    return sum(1 for line in buf.getvalue().splitlines() if line.startswith("simulating step"))
