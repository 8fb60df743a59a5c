"""A Python loop over checkpoint segments inside a jitted solver.

Source: https://github.com/jaxleyverse/jaxley/issues/55
Without jit around `solve`, adding checkpoints barely changed compile time;
with jit around `solve`, compile time grew linearly with the number of
checkpoints (33 s with none, ~30 min projected for ~50), because the loop
over checkpoint segments is Python and gets unrolled into one segment per
checkpoint.

Observed on jax 0.10.2: runs
(2000 steps: the traced solve has 4 top-level equations with no checkpoints
and 151 with a checkpoint every 40 steps -- 50 unrolled remat segments.)
"""
from functools import partial

import jax
import jax.numpy as jnp

from solver import solve


@partial(jax.jit, static_argnames=("t_max_steps", "checkpoint_inds"))
def simulate(v0, i_ext, t_max_steps, checkpoint_inds):
    return solve(v0, i_ext, 0.025, 0.3, t_max_steps, checkpoint_inds)


def loss(i_ext, v0, t_max_steps, checkpoint_inds):
    v, rec = simulate(v0, i_ext, t_max_steps, checkpoint_inds)
    return jnp.sum(rec**2)


def run():
    v0 = jnp.zeros(32)
    i_ext = jnp.zeros(32).at[0].set(1.0)
    t_max_steps = 2000
    cp_inds = tuple(range(40, t_max_steps, 40))
    return jax.grad(loss)(i_ext, v0, t_max_steps, cp_inds)
